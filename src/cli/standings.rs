//! `don standings`: the league table, worked out from the nights each time (never stored), as
//! a table, JSON (docs/formats.md#standings-json) or CSV, with the reasons for each place on
//! request.

use std::io::{self, BufWriter, Write};

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, Table};

use don::league::stats::incomplete_nights;
use don::league::{standings, Standings, Team};
use don::record::standings as table;
use don::record::standings::TableLine;

use super::db::DbArg;
use super::error::{CliError, Done};
use super::text::{count, shown};
use super::which::{parse_date, WhichArgs};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  don standings
  don standings --league Abercarn --season 2024-25 --explain
  don standings --on 2025-01-31 --json
  don standings --confirmed")]
pub struct StandingsArgs {
    #[command(flatten)]
    which: WhichArgs,
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
    #[command(flatten)]
    db: DbArg,
}

pub fn run(args: StandingsArgs) -> Result<Done, CliError> {
    let app = args.db.app_read()?;
    let (league, season_info) = args.which.both(&app)?;
    let mut season = app.season_read(&season_info)?.season;
    if let Some(day) = &args.on {
        season = season.as_on(parse_date(day, "--on")?);
    }
    let unconfirmed = unconfirmed_words(&season);
    let incomplete = incomplete_nights(&season);
    if args.confirmed {
        season = season.confirmed_only();
    }
    let table = standings(&season);
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
            return Ok(Done::Ok);
        }
        writeln!(out, "{}", text_table(&table.rows))?;
        if !season.recorded.is_empty() {
            writeln!(
                out,
                "As recorded: the season is known by its final table, shown as it was printed (it is closed)."
            )?;
            for r in &season.recorded {
                if let (false, Some(t)) = (r.note.is_empty(), season.team(r.team)) {
                    writeln!(out, "{}: {}.", shown(&t.name), shown(&r.note))?;
                }
            }
        }
        write_notes(&mut out, &season, &table, args.explain)?;
        if let Some(words) = unconfirmed {
            if args.confirmed {
                writeln!(out, "Left out, not yet confirmed: {words}.")?;
            } else {
                writeln!(
                    out,
                    "Counted, not yet confirmed: {words} (--confirmed leaves them out)."
                )?;
            }
        }
        if !incomplete.is_empty() {
            writeln!(
                out,
                "Left out, as the table leaves them out until they are complete: {}.",
                shown(&incomplete.join("; "))
            )?;
        }
    }
    if args.withdrawn && !table.withdrawn.is_empty() && !args.json && !args.csv {
        writeln!(out, "Withdrawn (expunged from the table):")?;
        writeln!(out, "{}", text_table(&table.withdrawn))?;
    }
    out.flush()?;
    Ok(Done::Ok)
}

/// The table as people read it.
pub fn text_table(rows: &[TableLine<Team>]) -> Table {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header([
        "Pos", "Team", "P", "W", "D", "L", "F", "A", "Legs F", "Legs A", "Pts",
    ]);
    for r in rows {
        let mut row = table::cells(r);
        row[1] = shown(&r.team.name).into_owned();
        if r.pos == 0 {
            // A withdrawn team's line has no place in the table.
            row[0] = "—".into();
        }
        table.add_row(row);
    }
    for i in [0, 2, 3, 4, 5, 6, 7, 8, 9, 10] {
        if let Some(c) = table.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    // The position and the figures are never broken across lines.
    super::text::fit(&mut table, &[0, 2, 3, 4, 5, 6, 7, 8, 9, 10], &[1]);
    table
}

/// "2 provisional nights and 1 disputed night", or none when every night that counts is
/// confirmed.
fn unconfirmed_words(season: &don::league::Season) -> Option<String> {
    let (provisional, disputed) = season.unconfirmed();
    let parts: Vec<String> = [("provisional", provisional), ("disputed", disputed)]
        .into_iter()
        .filter(|(_, k)| *k > 0)
        .map(|(w, k)| count(k as i64, &format!("{w} night"), &format!("{w} nights")))
        .collect();
    (!parts.is_empty()).then(|| parts.join(" and "))
}

fn write_notes(
    out: &mut impl Write,
    season: &don::league::Season,
    table: &Standings,
    explain: bool,
) -> io::Result<()> {
    let breakers: Vec<&str> = season
        .config
        .breakers()
        .iter()
        .map(|b| b.as_str())
        .collect();
    writeln!(
        out,
        "P W D L: nights; F A: matches; {} a match. Ties: {}.",
        count(season.config.points_per_match, "point", "points"),
        breakers.join(", ")
    )?;
    for a in &season.adjustments {
        let name = season.team(a.team).map_or("?", |t| t.name.as_str());
        let what = if a.points < 0 {
            format!("{} deducted", count(-a.points, "point", "points"))
        } else {
            format!("{} awarded", count(a.points, "point", "points"))
        };
        writeln!(
            out,
            "{}: {what} on {} ({}).",
            shown(name),
            a.date,
            shown(&a.reason)
        )?;
    }
    for t in &season.teams {
        if let Some(d) = t.withdrawn {
            writeln!(
                out,
                "{} withdrew on {d}; its results are expunged.",
                shown(&t.name)
            )?;
        }
    }
    if explain {
        for e in &table.explanations {
            writeln!(out, "{}", shown(&e.text))?;
        }
    }
    Ok(())
}
