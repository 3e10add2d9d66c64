//! `don history`: a league's past — champions and runners-up by season, the all-time table, the
//! records and each player's career — as tables, or as JSON (docs/formats.md#history-json).

use std::io::{self, BufWriter, Write};

use comfy_table::Table;

use don::app::view::history::{known_from, records, words};
use don::record::history::{json, History};

use super::context::{Cx, LeagueScope};
use super::error::{CliError, Exit};
use super::text::{count, fit, shown, table};

#[derive(clap::Args)]
#[command(
    after_help = "Every season of the league, oldest first: a season known only by its \
final table counts as printed, the others as their nights add up (as `don standings` adds \
them up). Teams are named as they are today. A season still being played shows its leaders \
and gives no title. See docs/league.md#history for how the records are counted.

Examples:
  don history
  don history --league 'Abercarn Crib and Don League' --json"
)]
pub struct HistoryArgs {
    /// As JSON (docs/formats.md#history-json)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    scope: LeagueScope,
}

pub fn run(args: HistoryArgs) -> Result<Exit, CliError> {
    let cx = Cx::read(&args.scope)?;
    let league = cx.league()?;
    let told = cx.app.history(league)?;
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        writeln!(out, "{}", json(&league.name, &told))?;
    } else {
        write_text(&mut out, &league.name, &told)?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// The history as people read it.
fn write_text(out: &mut impl Write, league: &str, told: &History) -> io::Result<()> {
    let (Some(first), Some(last)) = (told.seasons.first(), told.seasons.last()) else {
        writeln!(
            out,
            "{}: no season with a result yet: import one (`don import`, docs/formats.md) or \
             enter its nights.",
            shown(league)
        )?;
        return Ok(());
    };
    let span = if told.seasons.len() == 1 {
        first.season.clone()
    } else {
        format!("{} to {}", first.season, last.season)
    };
    writeln!(
        out,
        "{}: {} ({})",
        shown(league),
        count(told.seasons.len() as i64, "season", "seasons"),
        shown(&span)
    )?;
    writeln!(out)?;
    writeln!(out, "Champions")?;
    writeln!(out, "{}", champions(told))?;
    if told.seasons.iter().any(|s| !s.finished && s.teams > 0) {
        writeln!(
            out,
            "* still being played: its leaders so far, and no title yet."
        )?;
    }
    if told.seasons.iter().any(|s| !s.cups.is_empty()) {
        writeln!(out)?;
        writeln!(out, "Cups")?;
        writeln!(out, "{}", cups(told))?;
    }
    writeln!(out)?;
    writeln!(out, "All-time table")?;
    writeln!(out, "{}", all_time(told))?;
    writeln!(
        out,
        "P W D L: nights; Pts: championship points. Order: points, titles, nights won, name."
    )?;
    writeln!(out)?;
    writeln!(out, "Records")?;
    write_records(out, told)?;
    if !told.careers.is_empty() {
        writeln!(out)?;
        writeln!(out, "Players")?;
        writeln!(out, "{}", careers(told))?;
        writeln!(
            out,
            "P W: matches played and won; Legs: won-lost. From the nights entered match by match."
        )?;
    }
    Ok(())
}

fn champions(told: &History) -> Table {
    let mut t = table(
        &["Season", "Champions", "Runners-up", "Teams", "Known from"],
        &[3],
    );
    // A season with no league table (only its cups decided) is under Cups alone.
    for s in told.seasons.iter().filter(|s| s.teams > 0) {
        let mut champions = s.champions.as_deref().map(shown).unwrap_or_default();
        if !s.finished {
            champions = format!("{champions} *").into();
        }
        t.add_row(vec![
            shown(&s.season).into_owned(),
            champions.into_owned(),
            s.runners_up
                .as_deref()
                .map(|r| shown(r).into_owned())
                .unwrap_or_default(),
            s.teams.to_string(),
            known_from(s.source).to_string(),
        ]);
        // A season played in divisions: each division's first two under it, top first.
        for d in &s.divisions {
            let name = |n: &Option<String>| n.as_deref().map(|n| shown(n).into_owned());
            t.add_row(vec![
                format!("  {}", shown(&d.division)),
                name(&d.champions).unwrap_or_default(),
                name(&d.runners_up).unwrap_or_default(),
                d.teams.to_string(),
                String::new(),
            ]);
        }
    }
    fit(&mut t, &[0, 3], &[1, 2]);
    t
}

/// Each season's cups decided, oldest season first: winner and runner-up.
fn cups(told: &History) -> Table {
    let mut t = table(&["Season", "Cup", "Winner", "Runner-up"], &[]);
    for s in &told.seasons {
        for c in &s.cups {
            t.add_row(vec![
                shown(&s.season).into_owned(),
                shown(&c.name).into_owned(),
                shown(&c.winner).into_owned(),
                shown(&c.runner_up).into_owned(),
            ]);
        }
    }
    fit(&mut t, &[0], &[1, 2, 3]);
    t
}

fn all_time(told: &History) -> Table {
    let figures = [0, 2, 3, 4, 5, 6, 7, 8];
    let mut t = table(
        &[
            "Pos", "Team", "Seasons", "P", "W", "D", "L", "Pts", "Titles",
        ],
        &figures,
    );
    for l in &told.all_time {
        t.add_row(vec![
            l.pos.to_string(),
            shown(&l.team).into_owned(),
            l.seasons.to_string(),
            l.played.to_string(),
            l.won.to_string(),
            l.drawn.to_string(),
            l.lost.to_string(),
            l.points.to_string(),
            l.titles.to_string(),
        ]);
    }
    fit(&mut t, &figures, &[1]);
    t
}

/// How many of a record's ties are written out before "and N more".
const TIES_SHOWN: usize = 5;

/// Each record's headline, then its ties: the first few, then how many more.
fn write_records(out: &mut impl Write, told: &History) -> io::Result<()> {
    for record in records(told) {
        writeln!(out, "{}", shown(&record.headline))?;
        let more = record.entries.len().saturating_sub(TIES_SHOWN);
        for entry in record.entries.iter().take(TIES_SHOWN) {
            writeln!(out, "  {}", shown(&words(entry)))?;
        }
        if more > 0 {
            writeln!(out, "  and {more} more (`--json` lists them all)")?;
        }
    }
    Ok(())
}

fn careers(told: &History) -> Table {
    let mut t = table(&["Player", "Season", "Teams", "P", "W", "Legs"], &[3, 4, 5]);
    for c in &told.careers {
        for (i, s) in c.seasons.iter().enumerate() {
            let teams: Vec<String> = s.teams.iter().map(|t| shown(t).into_owned()).collect();
            t.add_row(vec![
                if i == 0 {
                    shown(&c.player).into_owned()
                } else {
                    String::new()
                },
                shown(&s.season).into_owned(),
                teams.join(", "),
                s.matches.to_string(),
                s.won.to_string(),
                format!("{}-{}", s.legs_won, s.legs_lost),
            ]);
        }
    }
    fit(&mut t, &[1, 3, 4, 5], &[0, 2]);
    t
}
