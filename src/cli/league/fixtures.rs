//! `don fixtures`: make a season's fixtures, list them, move, cancel or add one.

use std::io::{self, BufWriter, Write};

use chrono::{NaiveDate, Weekday};
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};

use don::app::view::fixtures::FixtureLine;

use crate::cli::context::{Cx, Scope};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;
use crate::cli::which::parse_date;

#[derive(clap::Subcommand)]
pub enum FixturesCommand {
    /// Make a season's fixtures: a double round robin of its teams, one round a week.
    #[command(
        after_help = "Example:\n  don fixtures generate --start 2025-09-01 --weekday thu --skip 2025-12-25 --skip 2026-01-01",
        mut_arg("season", |a| a.help("The season to plan [default: the one season with no fixtures yet]"))
    )]
    Generate {
        /// The first day a round may be played
        #[arg(long, value_name = "DATE")]
        start: String,
        /// The night of the week matches are played [mon … sun]
        #[arg(long)]
        weekday: String,
        /// A date with no round (Christmas, a cup night); repeat as needed
        #[arg(long, value_name = "DATE")]
        skip: Vec<String>,
        #[command(flatten)]
        scope: Scope,
    },
    /// List a season's fixtures and results, by date or for one team.
    #[command(after_help = "Example:\n  don fixtures list --team 'Royal Oak'")]
    List {
        /// Only this team's fixtures
        #[arg(long)]
        team: Option<String>,
        /// Only fixtures not yet played
        #[arg(long)]
        unplayed: bool,
        #[command(flatten)]
        scope: Scope,
    },
    /// Move a fixture to another date.
    #[command(
        after_help = "Example:\n  don fixtures move 14 2026-01-08",
        mut_arg("season", |a| a.help("The season [default: the one that holds the fixture]"))
    )]
    Move {
        /// The fixture's number (as `don fixtures list` shows it)
        fixture: i64,
        /// The new date (YYYY-MM-DD)
        date: String,
        #[command(flatten)]
        scope: Scope,
    },
    /// Cancel a fixture not yet played.
    #[command(
        after_help = "Example:\n  don fixtures cancel 14",
        mut_arg("season", |a| a.help("The season [default: the one that holds the fixture]"))
    )]
    Cancel {
        /// The fixture's number (as `don fixtures list` shows it)
        fixture: i64,
        #[command(flatten)]
        scope: Scope,
    },
    /// Add one fixture by hand.
    #[command(
        after_help = "Example:\n  don fixtures add 'Royal Oak' 'Red Lion' 2026-04-02",
        mut_arg("season", |a| a.help("The season [default: the one whose dates hold DATE, else the current one]"))
    )]
    Add {
        /// The home team
        home: String,
        /// The away team
        away: String,
        /// The date (YYYY-MM-DD)
        date: String,
        #[command(flatten)]
        scope: Scope,
    },
}

fn parse_weekday(text: &str) -> Result<Weekday, CliError> {
    text.trim().parse::<Weekday>().map_err(|_| {
        CliError::Usage(format!(
            "--weekday: \"{text}\" is not a day of the week (mon … sun)"
        ))
    })
}

pub fn fixtures(command: FixturesCommand) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        FixturesCommand::Generate {
            start,
            weekday,
            skip,
            scope,
        } => generate(&mut out, &start, &weekday, &skip, &scope)?,
        FixturesCommand::List {
            team,
            unplayed,
            scope,
        } => {
            let cx = Cx::read(&scope)?;
            let (app, (league, season)) = (&cx.app, cx.both()?);
            let team = team.map(|t| app.team(league, &t)).transpose()?;
            let lines: Vec<FixtureLine> = app
                .fixtures_as_then(season)?
                .iter()
                .filter(|f| {
                    team.as_ref()
                        .is_none_or(|t| f.home.id == t.id || f.away.id == t.id)
                })
                .filter(|f| !unplayed || (f.result.is_none() && !f.cancelled))
                .map(|f| FixtureLine::of(f, &season.config))
                .collect();
            write_fixtures(&mut out, &season.name, &lines)?;
        }
        FixturesCommand::Move {
            fixture,
            date,
            scope,
        } => move_one(&mut out, fixture, &date, &scope)?,
        FixturesCommand::Cancel { fixture, scope } => {
            let mut cx = Cx::change(&scope)?;
            let f = cx.app.fixture_cancel(&cx.choice, fixture)?;
            let (home, away) = (shown(&f.home.name), shown(&f.away.name));
            writeln!(
                out,
                "Fixture {fixture}: {home} v {away} on {} cancelled.",
                f.date
            )?;
        }
        FixturesCommand::Add {
            home,
            away,
            date,
            scope,
        } => {
            let day = parse_date(&date, "DATE")?;
            let mut cx = Cx::change(&scope)?;
            let f = cx.app.fixture_add(&cx.choice, &home, &away, day)?;
            let (home, away) = (shown(&f.home.name), shown(&f.away.name));
            writeln!(out, "Fixture {}: {home} v {away} on {day}.", f.id)?;
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// A season's fixtures as a table, or a line saying there are none.
fn write_fixtures(out: &mut impl Write, season: &str, lines: &[FixtureLine]) -> io::Result<()> {
    if lines.is_empty() {
        return writeln!(out, "No fixtures.");
    }
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["No.", "Round", "Date", "Home", "Away", "Result"]);
    for l in lines {
        let result = match l.standing {
            Some(word) => format!("{} ({word})", l.result),
            None => l.result.clone(),
        };
        table.add_row([
            l.id.to_string(),
            l.round.map(|r| r.to_string()).unwrap_or_default(),
            l.day.clone(),
            shown(&l.home.text).into_owned(),
            shown(&l.away.text).into_owned(),
            shown(&result).into_owned(),
        ]);
    }
    // The number, the round and the date are never broken across lines (nor a score of the
    // result); the teams are the names.
    crate::cli::text::fit(&mut table, &[0, 1, 2], &[3, 4]);
    writeln!(out, "Season {}", shown(season))?;
    writeln!(out, "{table}")
}

/// `don fixtures generate`.
fn generate(
    out: &mut impl Write,
    start: &str,
    weekday: &str,
    skip: &[String],
    scope: &Scope,
) -> Result<(), CliError> {
    let start = parse_date(start, "--start")?;
    let weekday = parse_weekday(weekday)?;
    let skip = skip
        .iter()
        .map(|d| parse_date(d, "--skip"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut cx = Cx::change(scope)?;
    let plan = cx
        .app
        .fixtures_generate(&cx.choice, start, weekday, &skip)?;
    let day = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
    writeln!(
        out,
        "{} fixtures in {} rounds, {} to {}.",
        plan.fixtures,
        plan.rounds,
        day(plan.first),
        day(plan.last)
    )?;
    writeln!(out, "List them with: don fixtures list")?;
    Ok(())
}

/// `don fixtures move`.
fn move_one(out: &mut impl Write, fixture: i64, date: &str, scope: &Scope) -> Result<(), CliError> {
    let day = parse_date(date, "DATE")?;
    let mut cx = Cx::change(scope)?;
    let m = cx.app.fixture_move(&cx.choice, fixture, day)?;
    let (home, away) = (shown(&m.fixture.home.name), shown(&m.fixture.away.name));
    if m.moved {
        let from = m.fixture.date;
        writeln!(
            out,
            "Fixture {fixture}: {home} v {away} moved from {from} to {day}."
        )?;
    } else {
        writeln!(
            out,
            "Fixture {fixture}: {home} v {away} is on {day} already; nothing is changed."
        )?;
    }
    Ok(())
}
