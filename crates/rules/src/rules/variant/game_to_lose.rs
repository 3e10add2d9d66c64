//! Game to Lose (RULES.md §4): three players, each for themself; the first to the target loses.

use crate::rules::card::Rank;
use crate::rules::option::{whole, OptionValue, RulesetError, TARGETS};
use crate::rules::outcome::Taker;
use crate::rules::seat::{Seating, Side};
use crate::rules::spec::{Awards, FirstPitch, Goal, Spec};
use crate::rules::trick::PegScale;

pub const NAME: &str = "game-to-lose";
pub const OPTIONS: &[&str] = &["target"];

#[derive(Clone, Debug, PartialEq)]
pub struct GameToLoseOptions {
    pub target: u32,
}

impl Default for GameToLoseOptions {
    fn default() -> Self {
        GameToLoseOptions { target: 121 }
    }
}

impl GameToLoseOptions {
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
            title: "Game to Lose",
            seating: Seating::Three,
            tricks: 13,
            half: None,
            lowest_rank: Rank::Two,
            pegs: PegScale::Don,
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

/// Who takes game, from the players with the most card value: the single most, or two tied
/// (they share it); all three tied, nobody.
pub fn game_taker(most: &[Side]) -> Taker {
    match most {
        [one] => Taker::Side(*one),
        [a, b] => Taker::Pair(*a, *b),
        _ => Taker::Nobody,
    }
}

/// What game pegs: 8 to a single taker, 4 each to two.
pub fn game_pegs(taker: Taker) -> Vec<(Side, u32)> {
    match taker {
        Taker::Side(s) => vec![(s, 8)],
        Taker::Pair(a, b) => vec![(a, 4), (b, 4)],
        Taker::Nobody | Taker::Tie => vec![],
    }
}
