//! What is wrong with a record, or worth a word: FORMAT.md §2's error and warning codes, with the
//! place (hand, trick, seat) and a message a scorer understands.

use std::fmt;

use crate::rules::Seat;

/// The stable codes scripts match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    Parse,
    Schema,
    Ruleset,
    BadCard,
    CardNotInPack,
    DuplicateCard,
    WrongTrickSize,
    WrongTrickCount,
    Renege,
    NotPlayable,
    WrongPitcher,
    ImpossibleTotals,
    AmbiguousWinner,
    /// Warning: tricks or hands recorded after the game was decided; not scored.
    AfterEnd,
    /// Warning: the record stops before the game is decided.
    Unfinished,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Parse => "parse",
            Code::Schema => "schema",
            Code::Ruleset => "ruleset",
            Code::BadCard => "bad-card",
            Code::CardNotInPack => "card-not-in-pack",
            Code::DuplicateCard => "duplicate-card",
            Code::WrongTrickSize => "wrong-trick-size",
            Code::WrongTrickCount => "wrong-trick-count",
            Code::Renege => "renege",
            Code::NotPlayable => "not-playable",
            Code::WrongPitcher => "wrong-pitcher",
            Code::ImpossibleTotals => "impossible-totals",
            Code::AmbiguousWinner => "ambiguous-winner",
            Code::AfterEnd => "after-end",
            Code::Unfinished => "unfinished",
        }
    }

    pub fn is_warning(self) -> bool {
        matches!(self, Code::AfterEnd | Code::Unfinished)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One error or warning, with its place: hand and trick count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub code: Code,
    pub hand: Option<u32>,
    pub trick: Option<u32>,
    pub seat: Option<Seat>,
    pub message: String,
    /// What the message names of the place itself.
    pub named: Named,
}

/// Which of its place a fault's message names itself: "trick 3 of hand 2 has 5 cards" names
/// both, "hand 2 has more tricks than a deal's 9" its hand. A line that shows the message adds
/// the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Named {
    pub hand: bool,
    pub trick: bool,
}

impl Fault {
    pub fn new(code: Code, message: impl Into<String>) -> Fault {
        Fault {
            code,
            hand: None,
            trick: None,
            seat: None,
            message: message.into(),
            named: Named::default(),
        }
    }

    /// The message names the hand, the trick, or both.
    pub fn naming(mut self, hand: bool, trick: bool) -> Fault {
        self.named = Named { hand, trick };
        self
    }

    pub fn at_hand(mut self, hand: u32) -> Fault {
        self.hand = Some(hand);
        self
    }

    pub fn at_trick(mut self, trick: u32) -> Fault {
        self.trick = Some(trick);
        self
    }

    pub fn by(mut self, seat: Seat) -> Fault {
        self.seat = Some(seat);
        self
    }
}
