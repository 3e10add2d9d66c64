//! How a game comes out, and the end-of-play awards: the words that the engine, the totals check
//! and every variant's rules share.

use super::seat::{Seat, Side};

/// How a game (or match) came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won(Side),
    Draw,
    /// Game to Lose: who lost.
    Lost(Vec<Seat>),
    /// Decided, but the record cannot say by whom (an ambiguous totals hand).
    Unknown,
}

/// An end-of-play award.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AwardKind {
    High,
    Low,
    Jack,
    Game,
    Muck,
}

impl AwardKind {
    pub fn word(self) -> &'static str {
        match self {
            AwardKind::High => "high",
            AwardKind::Low => "low",
            AwardKind::Jack => "jack",
            AwardKind::Game => "game",
            AwardKind::Muck => "muck",
        }
    }
}

/// Who took an end-of-play award.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taker {
    Side(Side),
    /// Nobody scored it: a tie for game, a card not dealt, muck that does not count, or the game
    /// already over.
    Nobody,
    /// Two players at once: Game to Lose's shared game.
    Pair(Side, Side),
    /// Phat's muck at 40–40: carried, or split by the house rule.
    Tie,
}

/// One award as pegged: to one side, to two at once (a 4–4 split), or to nobody.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwardPeg {
    pub kind: AwardKind,
    pub pegs: Vec<(Side, u32)>,
}

/// The partner-free seat a side stands for: the seat itself, or for a partnership its first seat.
pub fn seat_of(side: Side) -> Seat {
    match side {
        Side::N | Side::NS => Seat::N,
        Side::E | Side::EW => Seat::E,
        Side::S => Seat::S,
    }
}
