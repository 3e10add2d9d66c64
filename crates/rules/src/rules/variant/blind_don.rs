//! Blind Don (RULES.md §3): two players (or three) playing from cards laid out on the table.

use super::nine_card_don::HLJG;
use crate::rules::card::Rank;
use crate::rules::option::{whole, OptionValue, RulesetError, Words};
use crate::rules::seat::Seating;
use crate::rules::spec::{Awards, FirstPitch, Goal, LayoutShape, Spec};
use crate::rules::trick::PegScale;

pub const NAME: &str = "blind-don";
pub const OPTIONS: &[&str] = &["layout", "deals", "end_scoring"];

/// How the cards are laid out (the `layout` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LayoutStyle {
    /// Burnley: nine stacks each, a face-up card on a face-down one; 18 tricks of 2.
    #[default]
    Rows,
    /// Stalybridge/Hyde: seven stacks each and four cards in hand; 18 tricks of 2.
    Stalybridge,
    /// Three players, five stacks and four in hand each; 14 tricks of 3.
    Three,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct BlindDonOptions {
    pub layout: LayoutStyle,
    /// `None`: the default, 4 deals (6 with `three`).
    pub deals: Option<u32>,
}

const LAYOUTS: Words<LayoutStyle> = Words(&[
    ("rows", LayoutStyle::Rows),
    ("stalybridge", LayoutStyle::Stalybridge),
    ("three", LayoutStyle::Three),
]);
/// Blind Don scores high, low, jack and game, and nothing else.
const END_SCORING: Words<()> = Words(&[("hljg", ())]);

impl BlindDonOptions {
    pub fn deals(&self) -> u32 {
        self.deals.unwrap_or(if self.layout == LayoutStyle::Three {
            6
        } else {
            4
        })
    }

    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesetError> {
        match option {
            "layout" => self.layout = LAYOUTS.read(NAME, option, value)?,
            "deals" => self.deals = Some(whole(NAME, option, value, 1..=1000)?),
            "end_scoring" => END_SCORING.read(NAME, option, value)?,
            _ => return Err(RulesetError::unknown(NAME, option)),
        }
        Ok(())
    }

    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            ("layout", LAYOUTS.word(self.layout)),
            ("deals", OptionValue::Int(self.deals().into())),
            ("end_scoring", END_SCORING.word(())),
        ]
    }

    pub fn spec(&self) -> Spec {
        let (seating, tricks, stacks, in_hand) = match self.layout {
            LayoutStyle::Rows => (Seating::Two, 18, 9, 0),
            LayoutStyle::Stalybridge => (Seating::Two, 18, 7, 4),
            LayoutStyle::Three => (Seating::Three, 14, 5, 4),
        };
        Spec {
            title: "Blind Don",
            seating,
            tricks,
            half: None,
            lowest_rank: Rank::Two,
            pegs: PegScale::Don,
            count_at_end: false,
            awards: Awards::InOrder(HLJG),
            goal: Goal::Deals(self.deals()),
            to_win: 1,
            first_pitch: FirstPitch::Free,
            league_penalties: false,
            muck_deals: None,
            layout: Some(LayoutShape { stacks, in_hand }),
            irish: None,
        }
    }

    pub fn describe(&self) -> String {
        let layout = match self.layout {
            LayoutStyle::Rows => "rows",
            LayoutStyle::Stalybridge => "Stalybridge layout",
            LayoutStyle::Three => "three players",
        };
        format!(
            "Blind Don ({layout}), {} deals, high, low, jack, 5 for game",
            self.deals()
        )
    }
}
