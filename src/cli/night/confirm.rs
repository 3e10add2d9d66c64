//! `don night confirm`, `don night dispute` and `don night show`: each one call of the app,
//! its result rendered.

use std::io::{self, BufWriter, Write};

use don::app::night::{NightRef, WhichSeason};

use super::args::NightArgs;
use super::show::write_night;
use crate::cli::db::DbArg;
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;
use crate::cli::which::{parse_date, WhichArgs};
use don::app::view::NightView;

/// The league and season named, as the app takes them.
pub(super) fn app_which(which: &WhichArgs) -> (Option<String>, Option<String>) {
    (which.league_name(), which.season.clone())
}

/// The night between `home` and `away` (on `date`) in the league and season named
/// ([`app_which`]), as the app takes it.
pub(super) fn night_ref<'a>(
    (league, season): &'a (Option<String>, Option<String>),
    home: &'a str,
    away: &'a str,
    date: Option<chrono::NaiveDate>,
) -> NightRef<'a> {
    NightRef {
        which: WhichSeason {
            league: league.as_deref(),
            season: season.as_deref(),
        },
        home,
        away,
        date,
    }
}

/// `don night confirm` (no reason) and `don night dispute` (with its reason).
pub(super) fn settle(args: NightArgs, dispute: Option<String>) -> Result<Exit, CliError> {
    let mut app = args.db.app_existing()?;
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let names = app_which(&args.which);
    let night = night_ref(&names, &args.home, &args.away, day);
    let settled = match dispute {
        None => app.night_confirm(night, args.by.as_deref())?,
        Some(reason) => app.night_dispute(night, args.by.as_deref(), &reason)?,
    };
    writeln!(io::stdout().lock(), "{}.", shown(&settled.to_string()))?;
    for note in &settled.notes {
        writeln!(io::stdout().lock(), "{}.", shown(note))?;
    }
    Ok(Exit::Ok)
}

/// `don night show`: each night between the two teams (on the date given), as a card.
pub(super) fn show(
    (home, away, date): (String, String, Option<String>),
    which: WhichArgs,
    db: DbArg,
) -> Result<Exit, CliError> {
    let app = db.app_read()?;
    let day = date.map(|d| parse_date(&d, "--date")).transpose()?;
    let names = app_which(&which);
    let (season, found) = app.night_show(night_ref(&names, &home, &away, day))?;
    let mut out = BufWriter::new(io::stdout().lock());
    for f in &found {
        write_night(&mut out, &NightView::of(f, &season))?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}
