//! Which league and season a request is about: the ones named, else the one the request's
//! kind and date choose (the rules of the choice are `league::fixtures`'), on the day the
//! caller takes as today (an [`App`](super::App)'s [`today`](super::App::today)).

use chrono::NaiveDate;

use crate::league::LeagueError;
use crate::store::{LeagueInfo, LeagueReader, SeasonInfo};

use crate::app::AppError;

/// The league and season a request names (either may be left out).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    pub league: Option<String>,
    pub season: Option<String>,
}

impl Choice {
    /// The league named, else the only one.
    pub fn league(&self, leagues: &LeagueReader) -> Result<LeagueInfo, AppError> {
        Ok(leagues.find(self.league.as_deref())?)
    }

    /// The league, and the season named, else the current one (whose dates hold today, else
    /// whose dates end latest).
    pub fn both(
        &self,
        leagues: &LeagueReader,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        let league = self.league(leagues)?;
        let season = leagues.current_season(&league, self.season.as_deref(), today)?;
        Ok((league, season))
    }

    /// The league, and the season named, else the one a roster is added to: the season made
    /// last while it has no fixtures yet, else the current one.
    pub fn being_set_up(
        &self,
        leagues: &LeagueReader,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        let league = self.league(leagues)?;
        let season = leagues.season_being_set_up(&league, self.season.as_deref(), today)?;
        Ok((league, season))
    }

    /// The league, and the season named, else the one that holds fixture `id` (else the
    /// current one, which then says it has no such fixture).
    pub fn of_fixture(
        &self,
        leagues: &LeagueReader,
        id: i64,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        if self.season.is_none() {
            let league = self.league(leagues)?;
            if let Some(season) = leagues.season_of_fixture(&league, id)? {
                return Ok((league, season));
            }
        }
        self.both(leagues, today)
    }

    /// The league, and the season named, else the one season with no fixtures yet (the one a
    /// schedule is made for); several such are refused, naming them; with none, the one made
    /// last (which then says it has fixtures already).
    pub fn unscheduled(
        &self,
        leagues: &LeagueReader,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        if self.season.is_none() {
            let league = self.league(leagues)?;
            let empty: Vec<SeasonInfo> = leagues
                .season_dates(league.id)?
                .into_iter()
                .filter(|(_, d)| d.span.is_none())
                .map(|(s, _)| s)
                .collect();
            match <[SeasonInfo; 1]>::try_from(empty) {
                Ok([season]) => return Ok((league, season)),
                Err(empty) if empty.len() > 1 => {
                    return Err(LeagueError::WhichSeason {
                        seasons: empty
                            .iter()
                            .map(|s| crate::record::text::escaped(&s.name).into_owned())
                            .collect(),
                    }
                    .into())
                }
                Err(_) => {}
            }
        }
        self.being_set_up(leagues, today)
    }

    /// The league, and the season a fixture on `day` goes in: the one named if the day is not
    /// in another season's dates, else the one whose dates hold the day.
    pub fn on_day(
        &self,
        leagues: &LeagueReader,
        day: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        let league = self.league(leagues)?;
        let season = leagues.season_on(&league, self.season.as_deref(), day, None)?;
        Ok((league, season))
    }
}
