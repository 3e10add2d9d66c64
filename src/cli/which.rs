//! Which league and season a command is about, as typed (`app::league::which` chooses), and dates as
//! typed.

use chrono::NaiveDate;

use don::app::league::which::Choice;
use don::record::date::DateError;

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
pub struct WhichArgs {
    /// The league (needed only when the database has more than one) [default: $DON_LEAGUE]
    #[arg(long, short = 'l')]
    league: Option<String>,
    /// The season [default: for a date (a night's, a fixture's, a deduction's), the season
    /// whose fixtures' dates hold it; else the current one, whose dates hold today, else the
    /// latest by dates; to add to a roster, the season made last while it has no fixtures]
    #[arg(long, short = 's')]
    pub season: Option<String>,
}

impl WhichArgs {
    /// The league asked for: `--league`, else `DON_LEAGUE`.
    pub fn league_name(&self) -> Option<String> {
        league_or_env(self.league.as_deref())
    }

    /// The league and season asked for, for `app` to choose from.
    pub fn choice(&self) -> Choice {
        Choice {
            league: self.league_name(),
            season: self.season.clone(),
        }
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
