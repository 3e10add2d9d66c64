//! `don standings`: the league table, worked out from the nights each time (never stored), as
//! a table, JSON (docs/formats.md#standings-json) or CSV, with the reasons for each place on
//! request.

use std::io::{self, BufWriter, Write};

use comfy_table::Table;

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
  don standings --confirmed")]
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
}

pub fn run(args: StandingsArgs) -> Result<Exit, CliError> {
    let cx = Cx::read(&args.scope)?;
    let (league, season) = cx.both()?;
    let mut season = cx.app.season_read(season)?.season;
    if let Some(day) = &args.on {
        season = season.as_on(parse_date(day, "--on")?);
    }
    let view = StandingsView::of(&season, args.confirmed);
    let table = &view.table;
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        writeln!(out, "{}", table::json(&table.rows))?;
    } else if args.csv {
        // A name kept with a control character (an older database, or one changed outside
        // don) is written escaped, as on the terminal.
        let rows: Vec<TableLine<String>> = table
            .rows
            .iter()
            .map(|r| r.with_team(shown(&r.team.name).into_owned()))
            .collect();
        let csv = table::csv(&rows).map_err(|e| io::Error::other(e.to_string()))?;
        out.write_all(&csv)?;
    } else {
        let when = match &args.on {
            Some(d) => format!(" on {}", d.trim()),
            None => String::new(),
        };
        writeln!(out, "{} {}{when}", shown(&league.name), shown(&season.name))?;
        if table.rows.is_empty() && table.withdrawn.is_empty() {
            writeln!(
                out,
                "No teams yet: enter them with `don team add NAME --season '{}'`.",
                shown(&season.name)
            )?;
            out.flush()?;
            return Ok(Exit::Ok);
        }
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
    }
    if args.withdrawn && !table.withdrawn.is_empty() && !args.json && !args.csv {
        writeln!(out, "Withdrawn (expunged from the table):")?;
        writeln!(out, "{}", text_table(&table.withdrawn))?;
    }
    out.flush()?;
    Ok(Exit::Ok)
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
