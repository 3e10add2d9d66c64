//! Fixtures: a double round robin (each team at home to every other once), a bye each round
//! for an odd number of teams, no team at home more than twice running where that can be
//! avoided, one round a week on a weekday from a start date, skipping given dates.

use chrono::{NaiveDate, Weekday};

use super::night::TeamId;

/// A fixture planned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    pub round: u32,
    pub date: NaiveDate,
    pub home: TeamId,
    pub away: TeamId,
}

/// A season's fixtures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub fixtures: Vec<Planned>,
    pub byes: Vec<(u32, TeamId)>,
    pub dates: Vec<NaiveDate>,
}

/// Why fixtures cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FixtureError {
    #[error("fixtures need at least two teams")]
    TooFew,
}

/// Placeholder until the fixtures branch lands.
pub fn double_round_robin(
    teams: &[TeamId],
    start: NaiveDate,
    weekday: Weekday,
    skip: &[NaiveDate],
) -> Result<Plan, FixtureError> {
    let _ = (teams, start, weekday, skip);
    Err(FixtureError::TooFew)
}
