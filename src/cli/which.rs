//! Which league and season a command is about, and dates as typed.

use chrono::NaiveDate;

use don::store::{Change, LeagueInfo, SeasonInfo, Store};

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
    /// The season [default: the league's latest]
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

    pub fn both(&self, store: &Store) -> Result<(LeagueInfo, SeasonInfo), CliError> {
        let league = self.league(store)?;
        let season = store.leagues().season(&league, self.season.as_deref())?;
        Ok((league, season))
    }

    pub fn in_change(&self, change: &Change) -> Result<(LeagueInfo, SeasonInfo), CliError> {
        let league = change.leagues().find(self.league_name().as_deref())?;
        let season = change.leagues().season(&league, self.season.as_deref())?;
        Ok((league, season))
    }
}

/// A date as typed: YYYY-MM-DD, a real day.
pub fn parse_date(text: &str, what: &str) -> Result<NaiveDate, CliError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .ok()
        .filter(|_| text.trim().len() == 10)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "{what}: \"{}\" is not a date (YYYY-MM-DD)",
                text.trim()
            ))
        })
}
