//! `don deduct`, `don award` and `don withdraw`.

use std::io::{self, Write};

use chrono::NaiveDate;

use super::args::DATED_SEASON;
use super::confirm::which_season;
use crate::cli::context::{Cx, Scope};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;
use crate::cli::which::parse_date;
use don::app::night::SeasonSpan;
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
    scope: Scope,
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
    let Cx {
        mut app, choice, ..
    } = Cx::change(&args.scope)?;
    let day = day.unwrap_or(app.today());
    let which = which_season(&choice);
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
    scope: Scope,
}

pub fn withdraw(args: WithdrawArgs) -> Result<Exit, CliError> {
    let day = date_given(args.date.as_deref())?;
    let Cx {
        mut app, choice, ..
    } = Cx::change(&args.scope)?;
    let day = day.unwrap_or(app.today());
    let which = which_season(&choice);
    let withdrawn = app.withdraw(which, &args.team, day)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{}.", shown(&withdrawn.to_string()))?;
    writeln!(out, "Its results, and every result against it, leave the table (`don standings --withdrawn` shows them).")?;
    Ok(Exit::Ok)
}
