//! Nine Card Don (RULES.md §2): Big Don, Long Don, Welsh Don, Chase the Nine.

use crate::rules::card::Rank;
use crate::rules::option::{whole, OptionValue, RulesetError, Words, TARGETS};
use crate::rules::outcome::AwardKind;
use crate::rules::seat::Seating;
use crate::rules::spec::{Awards, FirstPitch, Goal, Spec};
use crate::rules::trick::PegScale;

pub const NAME: &str = "nine-card-don";
pub const OPTIONS: &[&str] = &["cut", "end_scoring", "target", "deals", "legs", "penalties"];

/// `end_scoring = game`: 8 for game.
pub const GAME: &[(AwardKind, u32)] = &[(AwardKind::Game, 8)];
/// `end_scoring = preston`: 1 for high, 1 for jack, 6 for game, in that order.
pub const PRESTON: &[(AwardKind, u32)] = &[
    (AwardKind::High, 1),
    (AwardKind::Jack, 1),
    (AwardKind::Game, 6),
];
/// `end_scoring = hljg`: 1 for high, 1 for low, 1 for jack, 5 for game, in that order.
pub const HLJG: &[(AwardKind, u32)] = &[
    (AwardKind::High, 1),
    (AwardKind::Low, 1),
    (AwardKind::Jack, 1),
    (AwardKind::Game, 5),
];

/// Who wins the cut for first pitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    High,
    Low,
}

/// What is pegged at the end of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndScoring {
    Game,
    Preston,
    Hljg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penalties {
    Friendly,
    League,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NineCardDonOptions {
    pub cut: Cut,
    pub end_scoring: EndScoring,
    pub target: u32,
    pub deals: Option<u32>,
    pub legs: u32,
    pub penalties: Penalties,
}

impl Default for NineCardDonOptions {
    fn default() -> Self {
        NineCardDonOptions {
            cut: Cut::High,
            end_scoring: EndScoring::Game,
            target: 121,
            deals: None,
            legs: 1,
            penalties: Penalties::Friendly,
        }
    }
}

const CUTS: Words<Cut> = Words(&[("high", Cut::High), ("low", Cut::Low)]);
const END_SCORING: Words<EndScoring> = Words(&[
    ("game", EndScoring::Game),
    ("preston", EndScoring::Preston),
    ("hljg", EndScoring::Hljg),
]);
const PENALTIES: Words<Penalties> = Words(&[
    ("friendly", Penalties::Friendly),
    ("league", Penalties::League),
]);

impl NineCardDonOptions {
    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesetError> {
        match option {
            "cut" => self.cut = CUTS.read(NAME, option, value)?,
            "end_scoring" => self.end_scoring = END_SCORING.read(NAME, option, value)?,
            "target" => self.target = whole(NAME, option, value, TARGETS)?,
            "deals" => {
                self.deals = match value {
                    OptionValue::Null => None,
                    _ => Some(whole(NAME, option, value, 1..=1000)?),
                }
            }
            "legs" => self.legs = whole(NAME, option, value, 1..=99)?,
            "penalties" => self.penalties = PENALTIES.read(NAME, option, value)?,
            _ => return Err(RulesetError::unknown(NAME, option)),
        }
        Ok(())
    }

    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            ("cut", CUTS.word(self.cut)),
            ("end_scoring", END_SCORING.word(self.end_scoring)),
            ("target", OptionValue::Int(self.target.into())),
            (
                "deals",
                self.deals
                    .map_or(OptionValue::Null, |d| OptionValue::Int(d.into())),
            ),
            ("legs", OptionValue::Int(self.legs.into())),
            ("penalties", PENALTIES.word(self.penalties)),
        ]
    }

    pub fn spec(&self) -> Spec {
        Spec {
            title: "Nine Card Don",
            seating: Seating::Partnership,
            tricks: 9,
            half: None,
            lowest_rank: Rank::Two,
            pegs: PegScale::Don,
            count_at_end: false,
            awards: Awards::InOrder(match self.end_scoring {
                EndScoring::Game => GAME,
                EndScoring::Preston => PRESTON,
                EndScoring::Hljg => HLJG,
            }),
            goal: match self.deals {
                Some(n) => Goal::Deals(n),
                None => Goal::Reach(self.target as i32),
            },
            to_win: self.legs / 2 + 1,
            first_pitch: FirstPitch::Free,
            league_penalties: self.penalties == Penalties::League,
            muck_deals: None,
            layout: None,
            irish: None,
        }
    }

    pub fn describe(&self) -> String {
        let mut s = String::from("Nine Card Don");
        match self.deals {
            Some(n) => s.push_str(&format!(", {n} deals")),
            None => s.push_str(&format!(" to {}", self.target)),
        }
        s.push_str(match self.end_scoring {
            EndScoring::Game => ", 8 for game",
            EndScoring::Preston => ", Preston (high, jack, 6 for game)",
            EndScoring::Hljg => ", high, low, jack, 5 for game",
        });
        if self.legs > 1 {
            s.push_str(&format!(", best of {} legs", self.legs));
        }
        if self.penalties == Penalties::League {
            s.push_str(", league penalties");
        }
        if self.cut == Cut::Low {
            s.push_str(", low cut pitches");
        }
        s
    }
}
