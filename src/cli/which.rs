//! Which league and season a command is about, and dates as typed.

use chrono::NaiveDate;

use don::record::date::DateError;
use don::store::{Change, LeagueInfo, LeagueReader, SeasonInfo, Store};

use super::error::CliError;

/// `--league` as given, else `DON_LEAGUE` when it is set and not empty. Read here rather than by
/// clap (`env = "DON_LEAGUE"`), which counts an option set by its environment variable as
/// typed and so lists it in the usage line of a "required argument not provided" error, as if
/// it were required (as `--db`, see `DbArg`).
pub fn league_or_env(given: Option<&str>) -> Option<String> {
    given.map(str::to_string).or_else(|| {
        std::env::var("DON_LEAGUE")
            .ok()
            .filter(|l| !l.trim().is_empty())
    })
}

/// Which league and season a command is about.
#[derive(clap::Args, Debug, Clone)]
pub struct Which {
    /// The league (needed only when the database has more than one) [default: $DON_LEAGUE]
    #[arg(long, short = 'l')]
    league: Option<String>,
    /// The season [default: for a date (a night's, a fixture's, a deduction's), the season
    /// whose fixtures' dates hold it; else the current one, whose dates hold today, else the
    /// latest by dates; to add to a roster, the season made last while it has no fixtures]
    #[arg(long, short = 's')]
    pub season: Option<String>,
}

impl Which {
    /// The league asked for: `--league`, else `DON_LEAGUE`.
    pub fn league_name(&self) -> Option<String> {
        league_or_env(self.league.as_deref())
    }

    pub fn league(&self, store: &Store) -> Result<LeagueInfo, CliError> {
        Ok(store.leagues().find(self.league_name().as_deref())?)
    }

    /// The league, and the season named, else the current one (whose dates hold today, else
    /// whose dates end latest).
    pub fn both(&self, store: &Store) -> Result<(LeagueInfo, SeasonInfo), CliError> {
        let league = self.league(store)?;
        let today = chrono::Local::now().date_naive();
        let season = store
            .leagues()
            .current_season(&league, self.season.as_deref(), today)?;
        Ok((league, season))
    }

    /// The league, and the season named, else the one a roster is added to: the season made
    /// last while it has no fixtures yet, else the current one.
    pub fn being_set_up(&self, change: &Change) -> Result<(LeagueInfo, SeasonInfo), CliError> {
        let league = change.leagues().find(self.league_name().as_deref())?;
        let today = chrono::Local::now().date_naive();
        let season =
            change
                .leagues()
                .season_being_set_up(&league, self.season.as_deref(), today)?;
        Ok((league, season))
    }

    /// The league, and the season a night or fixture on `day` goes in: the one named if the
    /// day is not in another season's dates, else the one whose dates hold the day; without a
    /// day, the one named or the current one.
    pub fn on(
        &self,
        leagues: &LeagueReader,
        day: Option<NaiveDate>,
    ) -> Result<(LeagueInfo, SeasonInfo), CliError> {
        self.night_on(leagues, day, None)
    }

    /// The league, and the season named, else the one that holds fixture `id` (else the
    /// current one, which then says it has no such fixture).
    pub fn of_fixture(
        &self,
        leagues: &LeagueReader,
        id: i64,
    ) -> Result<(LeagueInfo, SeasonInfo), CliError> {
        if self.season.is_none() {
            let league = leagues.find(self.league_name().as_deref())?;
            if let Some(season) = leagues.season_of_fixture(&league, id)? {
                return Ok((league, season));
            }
        }
        self.on(leagues, None)
    }

    /// The league, and the season named, else the one season with no fixtures yet (the one a
    /// schedule is made for); several such are refused, naming them; with none, the one made
    /// last (which then says it has fixtures already).
    pub fn unscheduled(&self, change: &Change) -> Result<(LeagueInfo, SeasonInfo), CliError> {
        if self.season.is_none() {
            let league = change.leagues().find(self.league_name().as_deref())?;
            let empty: Vec<SeasonInfo> = change
                .leagues()
                .season_dates(league.id)?
                .into_iter()
                .filter(|(_, d)| d.span.is_none())
                .map(|(s, _)| s)
                .collect();
            match <[SeasonInfo; 1]>::try_from(empty) {
                Ok([season]) => return Ok((league, season)),
                Err(empty) if empty.len() > 1 => {
                    return Err(CliError::Usage(format!(
                        "which season? {} have no fixtures yet: give --season",
                        empty
                            .iter()
                            .map(|s| don::record::text::escaped(&s.name).into_owned())
                            .collect::<Vec<_>>()
                            .join(" and ")
                    )))
                }
                Err(_) => {}
            }
        }
        self.being_set_up(change)
    }

    /// As [`Which::on`], for a night between two teams (home, away), which may have been moved
    /// from a fixture of theirs left to play.
    pub fn night_on(
        &self,
        leagues: &LeagueReader,
        day: Option<NaiveDate>,
        pair: Option<(&str, &str)>,
    ) -> Result<(LeagueInfo, SeasonInfo), CliError> {
        let league = leagues.find(self.league_name().as_deref())?;
        let pair = match pair {
            Some((home, away)) => Some((
                leagues.team(&league, home)?.id,
                leagues.team(&league, away)?.id,
            )),
            None => None,
        };
        let season = match day {
            Some(day) => leagues.season_on(&league, self.season.as_deref(), day, pair)?,
            None => {
                let today = chrono::Local::now().date_naive();
                leagues.current_season(&league, self.season.as_deref(), today)?
            }
        };
        Ok((league, season))
    }
}

/// A date as typed: YYYY-MM-DD, a real day, in the years 1900 to 2200.
pub fn parse_date(text: &str, what: &str) -> Result<NaiveDate, CliError> {
    match don::record::date::parse_date(text) {
        Ok(day) => Ok(day),
        Err(DateError::NotADate(_)) => Err(CliError::Usage(format!(
            "{what}: \"{}\" is not a date (YYYY-MM-DD)",
            text.trim()
        ))),
        Err(e) => Err(CliError::Usage(format!("{what}: {e}"))),
    }
}
