//! `don show GAME` and `don games`: stored games read back, each score replayed from what was
//! recorded.

use std::io::{self, BufWriter, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, Table};
use serde_json::{json, Map, Value};

use don::check::check_value;
use don::check::import::date_fault;
use don::check::report::game_json;
use don::record::parse_record;
use don::replay::ScoreSheet;
use don::scorer::table_sheet;
use don::store::{GameFilter, Store};

use super::db::DbArg;
use super::error::{CliError, Done};
use super::sheet::{side_name, write_sheet};
use super::text::shown;
use don::replay::words::{self, score_words};

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  don show 7\n  don show abercarn-2024-03-14-t1-leg2 --json")]
pub struct ShowArgs {
    /// The game: its number, or its record's id
    game: String,
    /// Print the game as `check --json` reports it (docs/formats.md#show-and-games-json)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    db: DbArg,
}

/// A stored time, shortened for a sheet: "2026-11-22 20:14".
fn short_time(at: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(at) {
        Ok(t) => t
            .with_timezone(&chrono::Local)
            .format("%Y-%m-%d %H:%M")
            .to_string(),
        Err(_) => at.to_string(),
    }
}

pub fn show(args: ShowArgs) -> Result<Done, CliError> {
    let store = args.db.open_read()?;
    let game = store.find_game(&args.game)?;
    let record = store.game_record(game)?;
    let mut sheet = check_value(record.clone());
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.json {
        out.write_all(
            don::record::text::terminal_safe_json(&game_json(&sheet))
                .map_err(io::Error::from)?
                .as_bytes(),
        )?;
        writeln!(out)?;
    } else {
        if sheet.result.is_none() {
            // Still at the table: a hand in play is in play, not short.
            if let Ok(table) = table_sheet(parse_record(record), &store.game_entries(game)?) {
                sheet = table;
            }
        }
        let times = store.game_times(game)?;
        let entered: Vec<String> = times
            .hands
            .iter()
            .map(|(_, first, last)| {
                let (first, last) = (short_time(first), short_time(last));
                if first == last {
                    first
                } else {
                    format!("{first} – {}", last.get(11..).unwrap_or(&last))
                }
            })
            .collect();
        write_sheet(&mut out, format!("Game {game}"), &sheet, Some(&entered))?;
        writeln!(out, "Begun {}.", short_time(&times.created))?;
    }
    out.flush()?;
    Ok(Done::Ok)
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  don games --unfinished\n  don games --player 'Gareth' --variant nine-card-don --since 2024-01-01 --json"
)]
pub struct GamesArgs {
    /// Only games this player sat in (case and extra spaces ignored)
    #[arg(long)]
    player: Option<String>,
    /// Only games of this variant
    #[arg(long)]
    variant: Option<String>,
    /// Only games played on or after this date (YYYY-MM-DD)
    #[arg(long, value_name = "DATE")]
    since: Option<String>,
    /// Only games played on or before this date (YYYY-MM-DD)
    #[arg(long, value_name = "DATE")]
    until: Option<String>,
    /// Only games not yet decided
    #[arg(long)]
    unfinished: bool,
    /// Print a list of games as JSON (docs/formats.md#show-and-games-json)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    db: DbArg,
}

fn sides_json(sheet: &ScoreSheet) -> Value {
    let mut map = Map::new();
    for &s in sheet.sides {
        map.insert(s.code().into(), json!(sheet.final_score[s]));
    }
    Value::Object(map)
}

fn result_words(sheet: &ScoreSheet) -> String {
    sheet.result.as_ref().map_or_else(
        || "unfinished".into(),
        |o| words::result_words(o, |s| side_name(sheet, s), |s| s.letter().into()),
    )
}

pub fn games(args: GamesArgs) -> Result<Done, CliError> {
    for d in [&args.since, &args.until].into_iter().flatten() {
        if let Some(f) = date_fault(d) {
            return Err(CliError::Usage(f.message));
        }
    }
    let store: Store = args.db.open_read()?;
    let filter = GameFilter {
        player: args.player.clone(),
        variant: args.variant.as_ref().map(|v| v.trim().to_lowercase()),
        since: args.since.clone(),
        until: args.until.clone(),
    };
    let mut listed = Vec::new();
    for summary in store.games(&filter)? {
        let hands = summary
            .record
            .get("hands")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        let sheet = check_value(summary.record.clone());
        if args.unfinished && sheet.result.is_some() {
            continue;
        }
        listed.push((summary, hands, sheet));
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.json {
        let list: Vec<Value> = listed
            .iter()
            .map(|(summary, hands, sheet)| {
                let r = &summary.record;
                json!({
                    "game": summary.game,
                    "id": r.get("id"),
                    "variant": r.pointer("/ruleset/variant"),
                    "date": r.get("date"),
                    "venue": r.get("venue"),
                    "seats": r.get("seats").cloned().unwrap_or_else(|| json!({})),
                    "hands": hands,
                    "final": sides_json(sheet),
                    "winner": sheet.winner().map(|s| s.code()),
                    "draw": sheet.draw(),
                    "losers": sheet.losers().iter().map(|s| s.letter()).collect::<Vec<_>>(),
                    "finished": sheet.result.is_some(),
                })
            })
            .collect();
        out.write_all(
            don::record::text::terminal_safe_json(&list)
                .map_err(io::Error::from)?
                .as_bytes(),
        )?;
        writeln!(out)?;
    } else if listed.is_empty() {
        writeln!(out, "No games.")?;
    } else {
        let mut table = Table::new();
        table.load_preset(UTF8_FULL_CONDENSED).set_header(vec![
            "Game", "Date", "Variant", "Venue", "Players", "Hands", "Score", "Result",
        ]);
        for (summary, hands, sheet) in &listed {
            let r = &summary.record;
            let text = |key: &str| {
                r.get(key)
                    .and_then(Value::as_str)
                    .map(|s| shown(s).into_owned())
            };
            let players: Vec<String> = sheet.sides.iter().map(|&s| side_name(sheet, s)).collect();
            let mut number = summary.game.to_string();
            if let Some(id) = text("id") {
                number.push_str(&format!(" {id}"));
            }
            table.add_row(vec![
                Cell::new(number),
                Cell::new(text("date").unwrap_or_default()),
                Cell::new(
                    sheet
                        .variant
                        .as_ref()
                        .map_or(String::new(), |v| v.name().to_string()),
                ),
                Cell::new(text("venue").unwrap_or_default()),
                Cell::new(players.join(" v ")),
                Cell::new(hands).set_alignment(CellAlignment::Right),
                Cell::new(score_words(sheet.sides, sheet.final_score)),
                Cell::new(result_words(sheet)),
            ]);
        }
        // The date, the hands and the score are never broken across lines; the players are the
        // names.
        super::text::fit(&mut table, &[1, 5, 6], &[4]);
        writeln!(out, "{table}")?;
        let n = listed.len();
        writeln!(out, "{n} {}.", if n == 1 { "game" } else { "games" })?;
    }
    out.flush()?;
    Ok(Done::Ok)
}
