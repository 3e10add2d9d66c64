//! `don standings`: the league table, worked out from the nights each time (never stored), as
//! a table, JSON (docs/formats.md#standings-json) or CSV, with the reasons for each place on
//! request.

use std::io::{self, BufWriter, Write};

use comfy_table::Table;

use don::app::view::standings::division_tables;
use don::app::view::StandingsView;
use don::league::Team;
use don::record::standings as table;
use don::record::standings::TableLine;

use super::context::{Cx, Scope};
use super::error::{CliError, Exit};
use super::text::{fit, shown};
use super::which::parse_date;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  don standings
  don standings --league Abercarn --season 2024-25 --explain
  don standings --on 2025-01-31 --json
  don standings --confirmed
  don standings --division 'Division One'")]
pub struct StandingsArgs {
    #[command(flatten)]
    scope: Scope,
    /// The table as it stood at the end of this day (YYYY-MM-DD)
    #[arg(long, value_name = "DATE")]
    on: Option<String>,
    /// As JSON: an array in table order (docs/formats.md#standings-json)
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Comma-separated values, with a header
    #[arg(long)]
    csv: bool,
    /// Say for each pair of neighbours which tie-breaker put one above the other
    #[arg(long)]
    explain: bool,
    /// Also show the withdrawn teams' results (expunged from the table)
    #[arg(long)]
    withdrawn: bool,
    /// Leave out the nights not yet confirmed by both teams (provisional or disputed)
    #[arg(long)]
    confirmed: bool,
    /// One division's table (a season with divisions prints each, top division first)
    #[arg(long, value_name = "NAME")]
    division: Option<String>,
}

pub fn run(args: StandingsArgs) -> Result<Exit, CliError> {
    let cx = Cx::read(&args.scope)?;
    let (league, season) = cx.both()?;
    let mut season = cx.app.season_read(season)?.season;
    if let Some(day) = &args.on {
        season = season.as_on(parse_date(day, "--on")?);
    }
    let tables = division_tables(&season, args.confirmed, args.division.as_deref())?;
    let divided = !season.divisions.is_empty();
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json && divided {
        let lines: Vec<(&str, &[TableLine<Team>])> = tables
            .iter()
            .map(|t| (t.division.as_deref().unwrap_or(""), &t.view.table.rows[..]))
            .collect();
        writeln!(out, "{}", table::json_divided(&lines))?;
    } else if args.json {
        writeln!(out, "{}", table::json(&tables[0].view.table.rows))?;
    } else if args.csv {
        // A name kept with a control character (an older database, or one changed outside
        // don) is written escaped, as on the terminal.
        let shown_rows = |rows: &[TableLine<Team>]| -> Vec<TableLine<String>> {
            rows.iter()
                .map(|r| r.with_team(shown(&r.team.name).into_owned()))
                .collect()
        };
        let csv = if divided {
            let rows: Vec<(String, Vec<TableLine<String>>)> = tables
                .iter()
                .map(|t| {
                    let name = shown(t.division.as_deref().unwrap_or("")).into_owned();
                    (name, shown_rows(&t.view.table.rows))
                })
                .collect();
            let lines: Vec<(&str, &[TableLine<String>])> =
                rows.iter().map(|(d, r)| (d.as_str(), &r[..])).collect();
            table::csv_divided(&lines)
        } else {
            table::csv(&shown_rows(&tables[0].view.table.rows))
        };
        out.write_all(&csv.map_err(|e| io::Error::other(e.to_string()))?)?;
    } else {
        let when = match &args.on {
            Some(d) => format!(" on {}", d.trim()),
            None => String::new(),
        };
        writeln!(out, "{} {}{when}", shown(&league.name), shown(&season.name))?;
        let empty = tables
            .iter()
            .all(|t| t.view.table.rows.is_empty() && t.view.table.withdrawn.is_empty());
        if empty {
            writeln!(
                out,
                "No teams yet: enter them with `don team add NAME --season '{}'`.",
                shown(&season.name)
            )?;
            out.flush()?;
            return Ok(Exit::Ok);
        }
        for (i, t) in tables.iter().enumerate() {
            if let Some(name) = &t.division {
                if i > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "{}", shown(name))?;
            }
            write_table(&mut out, &t.view, &args)?;
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// One table as text, with its notes, its reasons (`--explain`) and its withdrawn teams
/// (`--withdrawn`).
fn write_table(out: &mut impl Write, view: &StandingsView, args: &StandingsArgs) -> io::Result<()> {
    let table = &view.table;
    writeln!(out, "{}", text_table(&table.rows))?;
    for note in &view.notes {
        writeln!(out, "{}", shown(&note.words()))?;
    }
    if args.explain {
        for e in &table.explanations {
            writeln!(out, "{}", shown(&e.text))?;
        }
    }
    if let Some(note) = &view.unconfirmed {
        if args.confirmed {
            writeln!(out, "{}.", note.words())?;
        } else {
            writeln!(out, "{} (--confirmed leaves them out).", note.words())?;
        }
    }
    if let Some(note) = &view.incomplete {
        writeln!(out, "{}", shown(&note.words()))?;
    }
    if args.withdrawn && !table.withdrawn.is_empty() {
        writeln!(out, "Withdrawn (expunged from the table):")?;
        writeln!(out, "{}", text_table(&table.withdrawn))?;
    }
    Ok(())
}

/// The table as people read it.
pub fn text_table(rows: &[TableLine<Team>]) -> Table {
    let figures = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    let mut table = super::text::table(
        &[
            "Pos", "Team", "P", "W", "D", "L", "F", "A", "Legs F", "Legs A", "Pts",
        ],
        &figures,
    );
    for r in rows {
        let mut row = table::cells(r);
        row[1] = shown(&r.team.name).into_owned();
        if r.pos == 0 {
            // A withdrawn team's line has no place in the table.
            row[0] = "—".into();
        }
        table.add_row(row);
    }
    // The position and the figures are never broken across lines.
    fit(&mut table, &figures, &[1]);
    table
}
