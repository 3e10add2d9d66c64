//! The words of RULES.md's notation for the engine's values, as a record writes them (FORMAT.md
//! §1): an abandoned deal's reason, a penalty's kind, an award that nobody took or that was
//! tied. Kept with the types, as their `Display`, so every floor above says them alike.

use std::fmt;

use crate::rules::{AbandonReason, Penalty, Taker};

impl AbandonReason {
    /// The reason as a record writes it: `renege`, `misdeal`, `redeal-demanded`.
    pub fn word(self) -> &'static str {
        match self {
            AbandonReason::Renege => "renege",
            AbandonReason::Misdeal => "misdeal",
            AbandonReason::RedealDemanded => "redeal-demanded",
        }
    }

    /// The reason a record's word names, exactly as written.
    pub fn from_word(word: &str) -> Option<AbandonReason> {
        AbandonReason::ALL.into_iter().find(|r| r.word() == word)
    }
}

impl fmt::Display for AbandonReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl Penalty {
    /// The kind as a record writes it, `out-of-turn` or `renege`; explicit points have none.
    pub fn kind_word(self) -> Option<&'static str> {
        match self {
            Penalty::OutOfTurn => Some("out-of-turn"),
            Penalty::Renege => Some("renege"),
            Penalty::Points(_) => None,
        }
    }

    /// The penalty a record's `kind` names, exactly as written.
    pub fn from_kind_word(word: &str) -> Option<Penalty> {
        Penalty::KINDS
            .into_iter()
            .find(|p| p.kind_word() == Some(word))
    }
}

/// The kind's word, or the explicit points: `out-of-turn`, `renege`, `-19`.
impl fmt::Display for Penalty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Penalty::Points(p) => write!(f, "{p}"),
            kind => f.write_str(kind.kind_word().unwrap_or_default()),
        }
    }
}

impl Taker {
    /// The word a record writes for nobody (`none`) or a tie (`tie`); a side or a pair has none.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Taker::Nobody => Some("none"),
            Taker::Tie => Some("tie"),
            Taker::Side(_) | Taker::Pair(..) => None,
        }
    }

    /// Nobody or a tie, from a record's word exactly as written.
    pub fn from_word(word: &str) -> Option<Taker> {
        [Taker::Nobody, Taker::Tie]
            .into_iter()
            .find(|t| t.word() == Some(word))
    }
}

/// A side, `none`, `tie`, or a shared game as `N+E`.
impl fmt::Display for Taker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Taker::Side(s) => write!(f, "{s}"),
            Taker::Pair(a, b) => write!(f, "{a}+{b}"),
            Taker::Nobody | Taker::Tie => f.write_str(self.word().unwrap_or_default()),
        }
    }
}
