//! Game to Lose (RULES.md §4): three players, each for themself; the first to the target loses.

use crate::rules::card::Rank;
use crate::rules::ruleset::{
    whole, Awards, FirstPitch, Goal, OptionValue, RulesetError, Spec, TARGETS,
};
use crate::rules::seat::Seating;
use crate::rules::trick::PegTable;

pub const NAME: &str = "game-to-lose";
pub const OPTIONS: &[&str] = &["target"];

#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub target: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { target: 121 }
    }
}

impl Options {
    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesetError> {
        match option {
            "target" => self.target = whole(NAME, option, value, TARGETS)?,
            _ => return Err(RulesetError::unknown(NAME, option)),
        }
        Ok(())
    }

    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![("target", OptionValue::Int(self.target.into()))]
    }

    pub fn spec(&self) -> Spec {
        Spec {
            seating: Seating::Three,
            tricks: 13,
            half: None,
            lowest_rank: Rank::Two,
            table: PegTable::Don,
            count_at_end: false,
            awards: Awards::GameToLose,
            goal: Goal::LoseAt(self.target as i32),
            to_win: 1,
            first_pitch: FirstPitch::Free,
            league_penalties: false,
            muck_deals: None,
            layout: None,
            irish: None,
        }
    }

    pub fn describe(&self) -> String {
        format!("Game to Lose: the first to {} loses", self.target)
    }
}
