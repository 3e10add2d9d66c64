//! Deductions, awards and withdrawals: a team's season changed on a day.

use std::fmt;

use chrono::NaiveDate;

use super::error::NightError;
use super::find::WhichSeason;
use crate::app::league::checked;
use crate::app::{App, AppError};
use crate::league::MAX_ADJUSTMENT;
use crate::record::text::count;
use crate::store::{Change, Reads, SeasonInfo, TeamInfo};

/// A deduction or an award kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjusted {
    /// Championship points: negative for a deduction.
    pub points: i64,
    pub team: String,
    pub season: String,
    pub day: NaiveDate,
    pub reason: String,
    /// The season's dates, when the day falls outside them.
    pub outside: Option<SeasonSpan>,
}

/// A season's dates, as an adjustment's day is told to be outside them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeasonSpan {
    /// Its dated fixtures' first and last days (cancelled ones not counted).
    Fixtures(NaiveDate, NaiveDate),
    /// It has only a results grid's nights, which have no date: the season's end, on which
    /// they count.
    Undated { end: NaiveDate },
}

impl fmt::Display for Adjusted {
    /// "3 points deducted from Red Lion on 2025-10-01: late start".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.points < 0 {
            "deducted from"
        } else {
            "awarded to"
        };
        write!(
            f,
            "{} {verb} {} on {}: {}",
            count(self.points.abs(), "point", "points"),
            self.team,
            self.day,
            self.reason
        )
    }
}

/// A team withdrawn from a season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawn {
    pub team: String,
    pub season: String,
    pub day: NaiveDate,
    /// How many of its unplayed fixtures were cancelled.
    pub cancelled: usize,
}

impl fmt::Display for Withdrawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} withdrew from season {} on {}; {} cancelled",
            self.team,
            self.season,
            self.day,
            count(
                self.cancelled as i64,
                "unplayed fixture",
                "unplayed fixtures"
            )
        )
    }
}

/// The points of an adjustment, signed (`sign` -1 for a deduction, 1 for an award), checked:
/// a reason given, 1 to [`MAX_ADJUSTMENT`] points.
pub fn adjustment(points: u32, sign: i64, reason: &str) -> Result<i64, NightError> {
    if reason.trim().is_empty() {
        return Err(NightError::BlankReason);
    }
    if points == 0 {
        return Err(NightError::NoPoints);
    }
    if i64::from(points) > MAX_ADJUSTMENT {
        return Err(NightError::TooManyPoints(points));
    }
    Ok(sign * i64::from(points))
}

impl App {
    /// A deduction (`sign` -1) or an award (`sign` 1) of points to a team, dated `day`.
    pub fn adjust(
        &mut self,
        which: WhichSeason<'_>,
        team: &str,
        (points, sign): (u32, i64),
        reason: &str,
        day: NaiveDate,
    ) -> Result<Adjusted, AppError> {
        self.secretary_only(if sign < 0 {
            "deduct points"
        } else {
            "award points"
        })?;
        let signed = adjustment(points, sign, reason)?;
        let change = self
            .store
            .change(if sign < 0 { "deduct" } else { "award" })?;
        let (season, team) = season_team(&change, which, team, (day, self.today))?;
        checked::refuse_closed(&change, season.id)?;
        change.add_adjustment(season.id, team.id, signed, reason, day)?;
        let fixtures = change.fixtures(season.id)?;
        // A results grid's nights have no date (they are kept on the season's end, the date
        // they count from): not counted in the season's span, and a season of nothing else
        // is only ended by them.
        let span = crate::league::fixtures::span(
            fixtures
                .iter()
                .filter(|f| !f.cancelled && !f.undated)
                .map(|f| f.date),
        );
        let undated_end = fixtures
            .iter()
            .filter(|f| !f.cancelled && f.undated)
            .map(|f| f.date)
            .max();
        let outside = match (span, undated_end) {
            (Some((first, last)), _) => {
                (day < first || day > last).then_some(SeasonSpan::Fixtures(first, last))
            }
            (None, Some(end)) => (day > end).then_some(SeasonSpan::Undated { end }),
            (None, None) => None,
        };
        let adjusted = Adjusted {
            points: signed,
            team: team.name,
            season: season.name,
            day,
            reason: reason.trim().to_string(),
            outside,
        };
        change.commit(&adjusted.to_string(), None)?;
        Ok(adjusted)
    }

    /// A team withdrawn from its season on `day`: its unplayed fixtures cancelled.
    pub fn withdraw(
        &mut self,
        which: WhichSeason<'_>,
        team: &str,
        day: NaiveDate,
    ) -> Result<Withdrawn, AppError> {
        self.secretary_only("withdraw a team")?;
        let change = self.store.change("withdraw")?;
        let (season, team) = season_team(&change, which, team, (day, self.today))?;
        let entry = change
            .entries(season.id)?
            .into_iter()
            .find(|e| e.team.id == team.id);
        if let Some(on) = entry.and_then(|e| e.withdrawn) {
            return Err(NightError::WithdrawnAlready {
                team: team.name,
                on,
            }
            .into());
        }
        checked::refuse_closed(&change, season.id)?;
        let cancelled = change.withdraw(season.id, team.id, day)?;
        let withdrawn = Withdrawn {
            team: team.name,
            season: season.name,
            day,
            cancelled,
        };
        change.commit(&withdrawn.to_string(), None)?;
        Ok(withdrawn)
    }
}

/// The season of a change dated `day`, and the team named in it (which must be in it).
fn season_team(
    change: &Change,
    which: WhichSeason<'_>,
    team: &str,
    (day, today): (NaiveDate, NaiveDate),
) -> Result<(SeasonInfo, TeamInfo), AppError> {
    let leagues: &Reads = change;
    let league = crate::app::league::which::league(leagues, which.league)?;
    let season =
        crate::app::league::which::season_of_change(leagues, &league, which.season, day, today)?;
    let team = crate::app::league::which::team(leagues, &league, team)?;
    if !leagues
        .entries(season.id)?
        .iter()
        .any(|e| e.team.id == team.id)
    {
        return Err(NightError::NotInSeason {
            team: team.name,
            season: season.name,
        }
        .into());
    }
    Ok((season, team))
}
