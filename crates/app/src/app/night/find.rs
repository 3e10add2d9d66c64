//! A night found: by its two teams (and date), by its fixture's number; its result in words.

use chrono::NaiveDate;

use super::error::{CaptainsNight, NightError};
use crate::app::AppError;
use crate::league::night::missing;
use crate::league::{Config, NightResult, Pair};
use crate::store::{Change, Fixture, LeagueInfo, Reads, SeasonInfo, StoreError, TeamInfo};

/// Which league and season a command names (none: the one the database or the date implies).
#[derive(Clone, Copy, Debug, Default)]
pub struct WhichSeason<'a> {
    pub league: Option<&'a str>,
    pub season: Option<&'a str>,
}

/// A night named by its two teams, and its date when they met more than once.
#[derive(Clone, Copy, Debug)]
pub struct NightRef<'a> {
    pub which: WhichSeason<'a>,
    pub home: &'a str,
    pub away: &'a str,
    pub date: Option<NaiveDate>,
}

impl NightRef<'_> {
    /// The league named (or the only one), and the season of this night: on its date, the
    /// season whose dates hold it (told apart by the teams' fixture); without one, the current
    /// season on `today`.
    pub fn season(
        &self,
        leagues: &Reads,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        use crate::app::league::which;
        let league = which::league(leagues, self.which.league)?;
        let home = which::team(leagues, &league, self.home)?.id;
        let away = which::team(leagues, &league, self.away)?.id;
        let season = match self.date {
            Some(day) => {
                which::season_on(leagues, &league, self.which.season, day, Some((home, away)))?
            }
            None => which::current_season(leagues, &league, self.which.season, today)?,
        };
        Ok((league, season))
    }
}

/// "Royal Oak v Red Lion on 2025-09-04"; a results grid's night, which has no date (it is
/// kept on its season's end), "Royal Oak v Red Lion (no date)".
pub(crate) fn title(f: &Fixture) -> String {
    if f.undated {
        format!("{} v {} (no date)", f.home.name, f.away.name)
    } else {
        format!("{} v {} on {}", f.home.name, f.away.name, f.date)
    }
}

/// A night's two teams' names.
pub(crate) fn team_names(f: &Fixture) -> Pair<String> {
    Pair::new(f.home.name.clone(), f.away.name.clone())
}

/// A night's result in a few words: "6–3", "walkover to Royal Oak", "4–2 so far".
pub fn result_words(f: &Fixture, config: &Config) -> String {
    super::score::NightScore::of(f, config).words()
}

/// Whether a night has its whole result: totals, a walkover, or every match.
pub fn is_done(f: &Fixture, config: &Config) -> bool {
    match &f.result {
        None => false,
        Some(NightResult::Matches(ms)) => missing(config, ms).is_empty(),
        Some(_) => true,
    }
}

/// Refuses a team's captain (an actor acting for a team) a night that is not theirs to act
/// on: a captain acts only on the current season's fixtures due by today that are not
/// cancelled. The secretary (an actor with no team), and the command line, act on any.
pub(crate) fn captain_may_act(
    actor: Option<&crate::app::Actor>,
    leagues: &Reads,
    (league, season): (&LeagueInfo, &SeasonInfo),
    fixture: &Fixture,
    today: NaiveDate,
) -> Result<(), AppError> {
    let Some(actor) = actor.filter(|a| a.team.is_some()) else {
        return Ok(());
    };
    match captains_night(leagues, (league, season), fixture, today)? {
        None => Ok(()),
        Some(why) => Err(NightError::NotACaptainsNight {
            actor: actor.name.clone(),
            title: title(fixture),
            why,
        }
        .into()),
    }
}

/// Why a night is not a captain's to act on, if it is not: cancelled, not due yet, or not of
/// the league's current season (on `today`).
pub fn captains_night(
    leagues: &Reads,
    (league, season): (&LeagueInfo, &SeasonInfo),
    fixture: &Fixture,
    today: NaiveDate,
) -> Result<Option<CaptainsNight>, AppError> {
    Ok(if fixture.cancelled {
        Some(CaptainsNight::Cancelled)
    } else if fixture.date > today {
        Some(CaptainsNight::NotDue(fixture.date))
    } else {
        let current = crate::app::league::which::current_season(leagues, league, None, today)?;
        (current.id != season.id).then(|| CaptainsNight::NotCurrent {
            season: season.name.clone(),
            current: current.name,
        })
    })
}

/// The fixtures between two teams (on `day`, when given), as stored.
pub(crate) fn nights_between(
    leagues: &Reads,
    season: &SeasonInfo,
    home: &TeamInfo,
    away: &TeamInfo,
    day: Option<NaiveDate>,
) -> Result<Vec<Fixture>, StoreError> {
    Ok(leagues
        .fixtures(season.id)?
        .into_iter()
        .filter(|f| f.home.id == home.id && f.away.id == away.id)
        .filter(|f| day.is_none_or(|d| f.date == d))
        .collect())
}

/// The one night between two teams (on `day`, when given) that has a result.
pub fn played_night(
    leagues: &Reads,
    league: &LeagueInfo,
    season: &SeasonInfo,
    night: NightRef<'_>,
) -> Result<Fixture, AppError> {
    let home = crate::app::league::which::team(leagues, league, night.home)?;
    let away = crate::app::league::which::team(leagues, league, night.away)?;
    let found: Vec<Fixture> = nights_between(leagues, season, &home, &away, night.date)?
        .into_iter()
        .filter(|f| f.result.is_some())
        .collect();
    match <[Fixture; 1]>::try_from(found) {
        Ok([f]) => Ok(f),
        Err(found) if found.is_empty() => Err(NightError::NoResult {
            season: season.name.clone(),
            home: home.name,
            away: away.name,
            date: night.date,
        }
        .into()),
        Err(found) => Err(NightError::WhichNight {
            home: home.name,
            away: away.name,
            dates: found.iter().map(|f| f.date).collect(),
        }
        .into()),
    }
}

/// A fixture of a season by its number.
pub fn fixture_by_number(
    change: &Change,
    season: &SeasonInfo,
    number: i64,
) -> Result<Fixture, AppError> {
    change.fixture(season.id, number)?.ok_or_else(|| {
        NightError::NoFixture {
            season: season.name.clone(),
            number,
        }
        .into()
    })
}
