//! `don deduct`, `don award` and `don withdraw`.

use std::io::{self, Write};

use chrono::NaiveDate;

use super::args::DATED_SEASON;
use super::confirm::app_which;
use crate::cli::db::DbArg;
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;
use crate::cli::which::{parse_date, WhichArgs};
use don::app::night::{SeasonSpan, WhichSeason};
use don::app::AppError;

#[derive(clap::Args)]
#[command(mut_arg("season", |a| a.help(DATED_SEASON)))]
pub struct AdjustArgs {
    /// The team
    team: String,
    /// Championship points
    points: u32,
    /// Why (shown with the table)
    #[arg(long)]
    reason: String,
    /// The day it applies from [default: today]
    #[arg(long)]
    date: Option<String>,
    #[command(flatten)]
    which: WhichArgs,
    #[command(flatten)]
    db: DbArg,
}

/// `--date` as given (none: the app's today).
pub(super) fn date_given(date: Option<&str>) -> Result<Option<NaiveDate>, CliError> {
    date.map(|d| parse_date(d, "--date")).transpose()
}

/// `don deduct` (sign -1) and `don award` (sign 1).
pub fn adjust(args: AdjustArgs, sign: i64) -> Result<Exit, CliError> {
    // The points and the reason are refused before the date is read, as always.
    don::app::night::adjustment(args.points, sign, &args.reason).map_err(AppError::from)?;
    let day = date_given(args.date.as_deref())?;
    let mut app = args.db.app_existing()?;
    let day = day.unwrap_or(app.today());
    let (league, season) = app_which(&args.which);
    let which = WhichSeason {
        league: league.as_deref(),
        season: season.as_deref(),
    };
    let adjusted = app.adjust(which, &args.team, (args.points, sign), &args.reason, day)?;
    writeln!(io::stdout().lock(), "{}.", shown(&adjusted.to_string()))?;
    if let Some(span) = adjusted.outside {
        let dates = match span {
            SeasonSpan::Fixtures(first, last) => format!("its fixtures run from {first} to {last}"),
            SeasonSpan::Undated { end } => {
                format!("its nights, from a results grid, have no date: it ended on {end}")
            }
        };
        eprintln!(
            "{}: it is dated {day}{}, outside season {} ({dates}); the table counts it from {day} (`don undo`, then give --date or --season, if it belongs elsewhere)",
            crate::cli::colour::Paint::stderr().warning(),
            if args.date.is_none() { " (today: no --date was given)" } else { "" },
            shown(&adjusted.season)
        );
    }
    Ok(Exit::Ok)
}

#[derive(clap::Args)]
#[command(
    after_help = "Example:\n  don withdraw 'Red Lion' --date 2026-01-15",
    mut_arg("season", |a| a.help(DATED_SEASON))
)]
pub struct WithdrawArgs {
    /// The team that withdraws
    team: String,
    /// The day it withdrew [default: today]
    #[arg(long)]
    date: Option<String>,
    #[command(flatten)]
    which: WhichArgs,
    #[command(flatten)]
    db: DbArg,
}

pub fn withdraw(args: WithdrawArgs) -> Result<Exit, CliError> {
    let day = date_given(args.date.as_deref())?;
    let mut app = args.db.app_existing()?;
    let day = day.unwrap_or(app.today());
    let (league, season) = app_which(&args.which);
    let which = WhichSeason {
        league: league.as_deref(),
        season: season.as_deref(),
    };
    let withdrawn = app.withdraw(which, &args.team, day)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{}.", shown(&withdrawn.to_string()))?;
    writeln!(out, "Its results, and every result against it, leave the table (`don standings --withdrawn` shows them).")?;
    Ok(Exit::Ok)
}
