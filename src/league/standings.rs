//! The league table (RULES.md §7, FORMAT.md §4): championship points and the tie-breakers in
//! the configured order, and for each pair of neighbours the breaker that put one above the
//! other, with both figures.

use super::config::Breaker;
use super::night::{Season, TeamId};

/// A team's line in the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub pos: u32,
    pub team: TeamId,
    pub name: String,
    /// Nights played (complete nights, walkovers and nights known by totals).
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub matches_for: u32,
    pub matches_against: u32,
    pub legs_for: u32,
    pub legs_against: u32,
    /// Championship points: matches won times points a match, plus adjustments.
    pub points: i64,
}

/// Why one team stands above the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub above: TeamId,
    pub below: TeamId,
    /// The breaker that parted them.
    pub breaker: Breaker,
    /// In words: "Royal Oak above Red Lion: level on 61 points; legs difference +24 against +19".
    pub text: String,
}

/// The table, with its explanations (one per pair of neighbours, top down) and the withdrawn
/// teams' lines (expunged from the table; shown on request).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub rows: Vec<Row>,
    pub explanations: Vec<Explanation>,
    pub withdrawn: Vec<Row>,
}

/// The table of a season as it stands (see [`Season::as_on`] for a past date).
pub fn standings(season: &Season) -> Standings {
    let _ = season;
    todo!("written by the standings helper")
}
