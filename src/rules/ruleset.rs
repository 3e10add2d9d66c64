//! A ruleset: a variant and its option values (RULES.md). Every option has a default; options
//! belong to their variant and are typed (§9).

use std::fmt;

use super::seat::Seating;
use super::trick::PegTable;
use super::variant::{blind_don, game_to_lose, irish_don, nine_card_don, phat};

/// An option's value as written in a record, before it is checked.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    Int(i64),
    Number(f64),
    Str(String),
    Bool(bool),
    Null,
    /// An array or object: never a valid option value.
    Compound,
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Number(n) => write!(f, "{n}"),
            OptionValue::Str(s) => write!(f, "\"{s}\""),
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Null => f.write_str("null"),
            OptionValue::Compound => f.write_str("a list or object"),
        }
    }
}

/// Why a ruleset cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    #[error(
        "unknown variant \"{0}\" (one of nine-card-don, blind-don, game-to-lose, irish-don, phat)"
    )]
    UnknownVariant(String),
    #[error("option `{option}` is not an option of {variant}{hint}")]
    UnknownOption {
        variant: &'static str,
        option: String,
        hint: String,
    },
    #[error("option `{option}` of {variant} must be {expected}, not {found}")]
    BadValue {
        variant: &'static str,
        option: String,
        expected: String,
        found: String,
    },
    #[error("{0}")]
    Conflict(String),
}

impl RulesetError {
    pub fn bad(variant: &'static str, option: &str, expected: String, found: &OptionValue) -> Self {
        RulesetError::BadValue {
            variant,
            option: option.to_string(),
            expected,
            found: found.to_string(),
        }
    }

    pub fn unknown(variant: &'static str, option: &str) -> Self {
        let owner = Variant::NAMES.iter().find(|name| {
            **name != variant && Variant::default_for(name).is_some_and(|v| v.has_option(option))
        });
        let hint = match owner {
            Some(name) => format!(" (it belongs to {name})"),
            None => String::new(),
        };
        RulesetError::UnknownOption {
            variant,
            option: option.to_string(),
            hint,
        }
    }
}

/// The range of a target, in every variant that has one.
pub const TARGETS: std::ops::RangeInclusive<i64> = 1..=10_000;

/// Reads a whole number within a range.
pub fn whole(
    variant: &'static str,
    option: &str,
    value: &OptionValue,
    range: std::ops::RangeInclusive<i64>,
) -> Result<u32, RulesetError> {
    match value {
        OptionValue::Int(i) if range.contains(i) => Ok(*i as u32),
        _ => Err(RulesetError::bad(
            variant,
            option,
            format!("a whole number from {} to {}", range.start(), range.end()),
            value,
        )),
    }
}

pub fn bool_option(
    variant: &'static str,
    option: &str,
    value: &OptionValue,
) -> Result<bool, RulesetError> {
    match value {
        OptionValue::Bool(b) => Ok(*b),
        _ => Err(RulesetError::bad(
            variant,
            option,
            "true or false".into(),
            value,
        )),
    }
}

/// The words an option takes, each standing for a value.
pub struct Words<T: 'static>(pub &'static [(&'static str, T)]);

impl<T: Copy + PartialEq> Words<T> {
    pub fn read(
        &self,
        variant: &'static str,
        option: &str,
        value: &OptionValue,
    ) -> Result<T, RulesetError> {
        if let OptionValue::Str(s) = value {
            if let Some((_, t)) = self.0.iter().find(|(w, _)| w == s) {
                return Ok(*t);
            }
        }
        Err(RulesetError::bad(variant, option, self.expected(), value))
    }

    /// `"a", "b" or "c"`.
    pub fn expected(&self) -> String {
        let quoted: Vec<String> = self.0.iter().map(|(w, _)| format!("\"{w}\"")).collect();
        match quoted.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The word for a value, as an option value.
    pub fn word(&self, value: T) -> OptionValue {
        OptionValue::Str(
            self.0
                .iter()
                .find(|(_, t)| *t == value)
                .map_or("", |(w, _)| w)
                .to_string(),
        )
    }
}

/// The variant with its options.
#[derive(Clone, Debug, PartialEq)]
pub enum Variant {
    NineCardDon(nine_card_don::Options),
    BlindDon(blind_don::Options),
    GameToLose(game_to_lose::Options),
    IrishDon(irish_don::Options),
    Phat(phat::Options),
}

impl Variant {
    pub const NAMES: [&'static str; 5] = [
        "nine-card-don",
        "blind-don",
        "game-to-lose",
        "irish-don",
        "phat",
    ];

    /// The variant with every option at its default.
    pub fn default_for(name: &str) -> Option<Variant> {
        Some(match name {
            "nine-card-don" => Variant::NineCardDon(Default::default()),
            "blind-don" => Variant::BlindDon(Default::default()),
            "game-to-lose" => Variant::GameToLose(Default::default()),
            "irish-don" => Variant::IrishDon(Default::default()),
            "phat" => Variant::Phat(Default::default()),
            _ => return None,
        })
    }

    /// Builds a ruleset from the variant name and the options as written; the first problem
    /// found is returned.
    pub fn build<'a>(
        name: &str,
        options: impl IntoIterator<Item = (&'a str, OptionValue)>,
    ) -> Result<Variant, RulesetError> {
        let mut variant = Variant::default_for(name)
            .ok_or_else(|| RulesetError::UnknownVariant(name.to_string()))?;
        for (key, value) in options {
            variant.set(key, &value)?;
        }
        variant.validate()?;
        Ok(variant)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Variant::NineCardDon(_) => nine_card_don::NAME,
            Variant::BlindDon(_) => blind_don::NAME,
            Variant::GameToLose(_) => game_to_lose::NAME,
            Variant::IrishDon(_) => irish_don::NAME,
            Variant::Phat(_) => phat::NAME,
        }
    }

    pub fn has_option(&self, option: &str) -> bool {
        let names: &[&str] = match self {
            Variant::NineCardDon(_) => nine_card_don::OPTIONS,
            Variant::BlindDon(_) => blind_don::OPTIONS,
            Variant::GameToLose(_) => game_to_lose::OPTIONS,
            Variant::IrishDon(_) => irish_don::OPTIONS,
            Variant::Phat(_) => phat::OPTIONS,
        };
        names.contains(&option)
    }

    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesetError> {
        match self {
            Variant::NineCardDon(o) => o.set(option, value),
            Variant::BlindDon(o) => o.set(option, value),
            Variant::GameToLose(o) => o.set(option, value),
            Variant::IrishDon(o) => o.set(option, value),
            Variant::Phat(o) => o.set(option, value),
        }
    }

    fn validate(&self) -> Result<(), RulesetError> {
        match self {
            Variant::IrishDon(o) => o.validate(),
            _ => Ok(()),
        }
    }

    /// Every option with its value, defaults included: the full ruleset.
    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        match self {
            Variant::NineCardDon(o) => o.options(),
            Variant::BlindDon(o) => o.options(),
            Variant::GameToLose(o) => o.options(),
            Variant::IrishDon(o) => o.options(),
            Variant::Phat(o) => o.options(),
        }
    }

    /// How the game is played and scored, for the engine.
    pub fn spec(&self) -> Spec {
        match self {
            Variant::NineCardDon(o) => o.spec(),
            Variant::BlindDon(o) => o.spec(),
            Variant::GameToLose(o) => o.spec(),
            Variant::IrishDon(o) => o.spec(),
            Variant::Phat(o) => o.spec(),
        }
    }

    /// In words, for a score sheet: "Nine Card Don to 121, 8 for game".
    pub fn describe(&self) -> String {
        match self {
            Variant::NineCardDon(o) => o.describe(),
            Variant::BlindDon(o) => o.describe(),
            Variant::GameToLose(o) => o.describe(),
            Variant::IrishDon(o) => o.describe(),
            Variant::Phat(o) => o.describe(),
        }
    }
}

/// What decides a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The first side to reach or pass the target wins, and play stops at once.
    Reach(i32),
    /// A fixed number of deals; then the higher total wins, equal is a draw.
    Deals(u32),
    /// Game to Lose: the first to reach or pass the target loses.
    LoseAt(i32),
    /// Irish Don: the first side to score more than 80 wins (or, misère, loses).
    PassEighty,
}

/// The end-of-play awards, pegged in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awards {
    /// Nothing after play (Irish Don counts its fat instead).
    None,
    /// `game` for the side with more card value; nobody on a tie.
    Game(u32),
    /// Preston: high 1, jack 1, game 6.
    Preston,
    /// High 1, low 1, jack 1, game 5.
    Hljg,
    /// Game to Lose: 8 to the single most, 4 each to two tied for most.
    GameToLose,
    /// Phat: 8 for 41+ of the 80 muck, by the tie rule on 40–40.
    Muck(MuckTie),
}

/// What Phat does with a 40–40 muck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MuckTie {
    Carry,
    Tens,
    Split,
}

/// Irish Don at 80–80.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IrishTie {
    LastScorerLoses,
    Draw,
}

/// How the first pitcher of a game (or leg) is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstPitch {
    /// By a cut, or the cut's winner's choice: any seat may pitch.
    Free,
    /// The holder of the lowest diamond in the pack.
    LowestDiamond,
}

/// Blind Don's layout, for checking what a player could play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutShape {
    pub stacks: usize,
    pub in_hand: usize,
}

/// Irish Don's match and prison rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IrishRules {
    pub tie: IrishTie,
    pub misere: bool,
    pub best_of_three: bool,
    pub bonk_two_games: bool,
    pub pass_pitch: bool,
    pub redeal: bool,
}

/// How a ruleset is played and scored: what the engine reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    pub seating: Seating,
    /// Tricks in a complete deal.
    pub tricks: u32,
    /// Two-player Irish Don plays the pack in two halves of this many tricks.
    pub half: Option<u32>,
    /// The lowest rank in the pack (Irish Don's short packs).
    pub lowest_rank: super::card::Rank,
    pub table: PegTable,
    /// True when the table's points are counted at the end of play rather than pegged per trick.
    pub count_at_end: bool,
    pub awards: Awards,
    pub goal: Goal,
    /// Legs or games a side must win to take the match.
    pub to_win: u32,
    pub first_pitch: FirstPitch,
    /// League penalties (19 for out of turn, 52 for a renege).
    pub league_penalties: bool,
    /// Deals after which Phat's muck no longer counts.
    pub muck_deals: Option<u32>,
    pub layout: Option<LayoutShape>,
    pub irish: Option<IrishRules>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_option_list_rebuilds_the_same_ruleset() {
        let cases: &[(&str, &[(&str, OptionValue)])] = &[
            (
                "nine-card-don",
                &[
                    ("end_scoring", OptionValue::Str("preston".into())),
                    ("deals", OptionValue::Int(4)),
                ],
            ),
            (
                "nine-card-don",
                &[
                    ("cut", OptionValue::Str("low".into())),
                    ("penalties", OptionValue::Str("league".into())),
                ],
            ),
            ("blind-don", &[("layout", OptionValue::Str("three".into()))]),
            ("game-to-lose", &[("target", OptionValue::Int(180))]),
            (
                "irish-don",
                &[
                    ("redeal_rule", OptionValue::Str("wheatfield".into())),
                    ("best_of_three", OptionValue::Bool(true)),
                ],
            ),
            (
                "irish-don",
                &[
                    ("redeal_rule", OptionValue::Bool(true)),
                    ("tie", OptionValue::Str("draw".into())),
                ],
            ),
            ("phat", &[("muck_tie", OptionValue::Str("tens".into()))]),
        ];
        for (name, options) in cases {
            let v = Variant::build(name, options.iter().map(|(k, v)| (*k, v.clone()))).unwrap();
            let full = v.options();
            let again = Variant::build(name, full.iter().map(|(k, v)| (*k, v.clone()))).unwrap();
            assert_eq!(v.spec(), again.spec(), "{name}");
            assert_eq!(v.options(), again.options(), "{name}");
        }
    }

    #[test]
    fn bad_values_say_what_is_expected() {
        let e =
            Variant::build("phat", [("muck_tie", OptionValue::Str("halves".into()))]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option `muck_tie` of phat must be \"carry\", \"tens\" or \"split\", not \"halves\""
        );
        let e = Variant::build("game-to-lose", [("target", OptionValue::Int(0))]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option `target` of game-to-lose must be a whole number from 1 to 10000, not 0"
        );
        let e = Variant::build("phat", [("legs", OptionValue::Int(3))]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option `legs` is not an option of phat (it belongs to nine-card-don)"
        );
    }
}
