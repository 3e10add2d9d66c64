//! How a ruleset is played and scored, as the engine reads it: built by each variant's module
//! from its options. Outside this crate a `Spec` comes only from `Variant::spec`, and a `Game`
//! only from a `Variant`; a copy whose fields are changed can still be given to `HandPlay`, which
//! refuses what it cannot play and never panics.

use super::card::Rank;
use super::outcome::AwardKind;
use super::seat::{Seating, Side};
use super::trick::PegScale;

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

impl Goal {
    /// Whether a score has reached the goal: the target, or past 80. A fixed number of deals is
    /// reached by no score.
    pub fn reached(self, score: i32) -> bool {
        match self {
            Goal::Reach(target) | Goal::LoseAt(target) => score >= target,
            Goal::PassEighty => score > 80,
            Goal::Deals(_) => false,
        }
    }

    /// The points a side with this score still needs to reach the goal (Game to Lose: to lose;
    /// Irish Don: to pass 80), 0 once there (penalties can take a side past it without ending
    /// the game); a fixed number of deals needs none.
    pub fn still_needed(self, score: i32) -> Option<i32> {
        let target = match self {
            Goal::Reach(target) | Goal::LoseAt(target) => target,
            Goal::PassEighty => 81,
            Goal::Deals(_) => return None,
        };
        Some(target.saturating_sub(score).max(0))
    }
}

/// The end-of-play awards, pegged in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awards {
    /// Nothing after play (Irish Don counts its fat instead).
    None,
    /// Each award to one side, in this order and for these points: Nine Card Don's `game`,
    /// `preston` and `hljg`, and Blind Don.
    InOrder(&'static [(AwardKind, u32)]),
    /// Game to Lose: 8 to the single most card value, 4 each to two tied for most.
    GameToLose,
    /// Phat: 8 for 41 or more of the 80 muck, by the tie rule on 40–40.
    Muck(MuckTie),
}

impl Awards {
    /// The awards of a complete hand, in the order they are pegged.
    pub fn kinds(self) -> Vec<AwardKind> {
        match self {
            Awards::None => Vec::new(),
            Awards::InOrder(list) => list.iter().map(|&(kind, _)| kind).collect(),
            Awards::GameToLose => vec![AwardKind::Game],
            Awards::Muck(_) => vec![AwardKind::Muck],
        }
    }

    pub fn has(self, kind: AwardKind) -> bool {
        match self {
            Awards::None => false,
            Awards::InOrder(list) => list.iter().any(|&(k, _)| k == kind),
            Awards::GameToLose => kind == AwardKind::Game,
            Awards::Muck(_) => kind == AwardKind::Muck,
        }
    }

    /// The points of an award taken by one side, where that is fixed.
    pub fn points(self, kind: AwardKind) -> Option<u32> {
        match self {
            Awards::InOrder(list) => list.iter().find(|&&(k, _)| k == kind).map(|&(_, p)| p),
            _ => None,
        }
    }
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

/// Blind Don's layout: stacks per player and cards in hand.
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
#[non_exhaustive]
pub struct Spec {
    /// The variant in words: "Nine Card Don".
    pub title: &'static str,
    pub seating: Seating,
    /// Tricks in a complete deal.
    pub tricks: u32,
    /// Two-player Irish Don plays the pack in two halves of this many tricks.
    pub half: Option<u32>,
    /// The lowest rank in the pack (Irish Don's short packs).
    pub lowest_rank: Rank,
    pub pegs: PegScale,
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

impl Spec {
    pub fn sides(&self) -> &'static [Side] {
        self.seating.sides()
    }

    /// Cards in the pack: 52, or Irish Don's 48 or 44.
    pub fn pack_size(&self) -> u32 {
        52 - 4 * (self.lowest_rank as u32 - 2)
    }

    /// Whether Phat's muck counts in a deal, given the deals already played in the leg.
    pub fn muck_counts(&self, deals_played: u32) -> bool {
        self.muck_deals.is_none_or(|n| deals_played < n)
    }
}
