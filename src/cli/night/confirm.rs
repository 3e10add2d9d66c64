//! `don night confirm`, `don night dispute` and `don night show`: each one call of the app,
//! its result rendered.

use std::io::{self, BufWriter, Write};

use don::app::night::{NightRef, WhichSeason};

use super::args::NightArgs;
use super::show::write_night;
use crate::cli::context::{Cx, Scope};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;
use crate::cli::which::parse_date;
use don::app::league::which::Choice;
use don::app::view::NightView;

/// The league and season asked for, as a night's use case takes them (and chooses, once).
pub(super) fn which_season(choice: &Choice) -> WhichSeason<'_> {
    WhichSeason {
        league: choice.league.as_deref(),
        season: choice.season.as_deref(),
    }
}

/// The night between `home` and `away` (on `date`) in the league and season asked for, as the
/// app takes it.
pub(super) fn night_ref<'a>(
    choice: &'a Choice,
    home: &'a str,
    away: &'a str,
    date: Option<chrono::NaiveDate>,
) -> NightRef<'a> {
    NightRef {
        which: which_season(choice),
        home,
        away,
        date,
    }
}

/// `don night confirm` (no reason) and `don night dispute` (with its reason).
pub(super) fn settle(args: NightArgs, dispute: Option<String>) -> Result<Exit, CliError> {
    let Cx {
        mut app, choice, ..
    } = Cx::change(&args.scope)?;
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let night = night_ref(&choice, &args.home, &args.away, day);
    let settled = match dispute {
        None => app.night_confirm(night, args.by.as_deref())?,
        Some(reason) => app.night_dispute(night, args.by.as_deref(), &reason)?,
    };
    writeln!(io::stdout().lock(), "{}.", shown(&settled.to_string()))?;
    for note in &settled.notes {
        writeln!(io::stdout().lock(), "{}.", shown(&note.to_string()))?;
    }
    Ok(Exit::Ok)
}

/// `don night show`: each night between the two teams (on the date given), as a card.
pub(super) fn show(
    (home, away, date): (String, String, Option<String>),
    scope: Scope,
) -> Result<Exit, CliError> {
    let Cx { app, choice, .. } = Cx::read(&scope)?;
    let day = date.map(|d| parse_date(&d, "--date")).transpose()?;
    let (season, found) = app.night_show(night_ref(&choice, &home, &away, day))?;
    let mut out = BufWriter::new(io::stdout().lock());
    for f in &found {
        write_night(&mut out, &NightView::of(f, &season))?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}
