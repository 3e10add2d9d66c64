//! Phat, or Fat (RULES.md §6): phat pegged per trick, muck at the end of play.

use crate::rules::card::Rank;
use crate::rules::ruleset::{
    whole, Awards, FirstPitch, Goal, MuckTie, OptionValue, RulesetError, Spec, Words, TARGETS,
};
use crate::rules::seat::Seating;
use crate::rules::trick::PegTable;

pub const NAME: &str = "phat";
pub const OPTIONS: &[&str] = &["muck_tie", "target"];

#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub muck_tie: MuckTie,
    pub target: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            muck_tie: MuckTie::Carry,
            target: 181,
        }
    }
}

const MUCK_TIES: Words<MuckTie> = Words(&[
    ("carry", MuckTie::Carry),
    ("tens", MuckTie::Tens),
    ("split", MuckTie::Split),
]);

impl Options {
    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesetError> {
        match option {
            "muck_tie" => self.muck_tie = MUCK_TIES.read(NAME, option, value)?,
            "target" => self.target = whole(NAME, option, value, TARGETS)?,
            _ => return Err(RulesetError::unknown(NAME, option)),
        }
        Ok(())
    }

    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            ("muck_tie", MUCK_TIES.word(self.muck_tie)),
            ("target", OptionValue::Int(self.target.into())),
        ]
    }

    pub fn spec(&self) -> Spec {
        Spec {
            seating: Seating::Partnership,
            tricks: 13,
            half: None,
            lowest_rank: Rank::Two,
            table: PegTable::Fat,
            count_at_end: false,
            awards: Awards::Muck(self.muck_tie),
            goal: Goal::Reach(self.target as i32),
            to_win: 1,
            first_pitch: FirstPitch::Free,
            league_penalties: false,
            muck_deals: Some(4),
            layout: None,
            irish: None,
        }
    }

    pub fn describe(&self) -> String {
        let tie = match self.muck_tie {
            MuckTie::Carry => "carried",
            MuckTie::Tens => "to three tens, else carried",
            MuckTie::Split => "split 4–4",
        };
        format!("Phat to {}, muck 8 (40–40 {tie})", self.target)
    }
}
