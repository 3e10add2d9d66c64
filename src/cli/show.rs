//! `don show GAME` and `don games`: stored games read back, each score replayed from what was
//! recorded.

use std::io::{self, BufWriter, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, Table};
use serde_json::{json, Map, Value};

use don::app::game::{GameError, Listed};
use don::app::AppError;
use don::app::{GameFilter, ListedGame, Summary};
use don::check::check_value;
use don::check::import::date_fault;
use don::check::report::game_json;
use don::record::text::count;
use don::rules::{BySeat, Outcome, Seat};

use super::db::DbArg;
use super::error::{CliError, Exit};
use super::sheet::write_sheet;
use super::text::shown;
use don::replay::words::{result_words as result_words_of, side_name};

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

pub fn show(args: ShowArgs) -> Result<Exit, CliError> {
    let app = args.db.app_read()?;
    let game = app.game_named(&args.game)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.json {
        let sheet = check_value(app.game_record(game)?);
        out.write_all(
            don::record::text::terminal_safe_json(&game_json(&sheet))
                .map_err(io::Error::from)?
                .as_bytes(),
        )?;
        writeln!(out)?;
    } else {
        // Still at the table: a hand in play is in play, not short.
        let sheet = app.score_sheet(game)?;
        let times = app
            .game_times(game)?
            .ok_or(AppError::from(GameError::NoGame(game)))?;
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
        if let Some(side) = sheet.standing.as_ref().and_then(|s| s.may_claim) {
            let side = shown(&side_name(&sheet.seats, side)).into_owned();
            writeln!(
                out,
                "{side} may claim: `don play {game}`, then `claim`, ends the game there."
            )?;
        }
        writeln!(out, "Begun {}.", short_time(&times.created))?;
    }
    out.flush()?;
    Ok(Exit::Ok)
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

fn sides_json(summary: &Summary) -> Value {
    let mut map = Map::new();
    for &(side, score) in &summary.scores {
        map.insert(side.code().into(), json!(score));
    }
    Value::Object(map)
}

/// Where an unfinished game stands, as `games` lists it: its score as play stands (Irish Don:
/// the count of the fat, the deal in play included; a match's leg in play), and what is left
/// to say of it: "unfinished, legs 1–0" (leg 2 in play), "unfinished, NS may claim".
struct InPlay {
    score: String,
    result: String,
}

fn in_play(app: &don::app::App, listed: &Listed) -> Option<InPlay> {
    if listed.summary.finished {
        return None;
    }
    let sheet = app.score_sheet(listed.game.game).ok()?;
    let st = sheet.standing.as_ref()?;
    let mut result = String::from("unfinished");
    if sheet.is_match() {
        let word = don::replay::words::leg_word(&sheet).to_lowercase();
        let wins = don::replay::words::score_words(sheet.sides, sheet.wins);
        result.push_str(&format!(", {word}s {wins}"));
    }
    if let Some(side) = st.may_claim {
        result.push_str(&format!(", {} may claim", side.code()));
    }
    Some(InPlay {
        score: don::replay::words::score_words(sheet.sides, st.score),
        result,
    })
}

fn result_words(seats: &BySeat<Option<String>>, s: &Summary) -> String {
    let outcome = match (s.finished, s.winner) {
        (false, _) => return "unfinished".into(),
        (true, Some(side)) => Outcome::Won(side),
        (true, None) if s.draw => Outcome::Draw,
        (true, None) => Outcome::Lost(s.losers.clone()),
    };
    let side = |side| shown(&side_name(seats, side)).into_owned();
    result_words_of(&outcome, side, |seat| seat.letter().to_string())
}

/// The seats of a listed game, by seat.
fn seat_names(listed: &ListedGame) -> BySeat<Option<String>> {
    let mut seats = BySeat::<Option<String>>::default();
    for (seat, name) in &listed.seats {
        if let Ok(seat) = seat.parse::<Seat>() {
            seats[seat] = Some(name.clone());
        }
    }
    seats
}

fn game_row(listed: &Listed, now: Option<InPlay>) -> Vec<Cell> {
    let (g, s) = (&listed.game, &listed.summary);
    let text = |t: &Option<String>| t.as_deref().map(|t| shown(t).into_owned());
    let seats = seat_names(g);
    let players: Vec<String> = s
        .scores
        .iter()
        .map(|&(side, _)| shown(&side_name(&seats, side)).into_owned())
        .collect();
    let mut number = g.game.to_string();
    if let Some(id) = text(&g.id) {
        number.push_str(&format!(" {id}"));
    }
    let score: Vec<String> = s.scores.iter().map(|(_, n)| n.to_string()).collect();
    let (score, result) = match now {
        Some(now) => (now.score, now.result),
        None => (score.join("–"), result_words(&seats, s)),
    };
    vec![
        Cell::new(number),
        Cell::new(text(&g.date).unwrap_or_default()),
        Cell::new(&s.variant_name),
        Cell::new(text(&g.venue).unwrap_or_default()),
        Cell::new(players.join(" v ")),
        Cell::new(s.hands).set_alignment(CellAlignment::Right),
        Cell::new(score),
        Cell::new(result),
    ]
}

fn listed_json(listed: &Listed) -> Value {
    let (g, s) = (&listed.game, &listed.summary);
    let seats: Map<String, Value> = g
        .seats
        .iter()
        .map(|(seat, name)| (seat.clone(), json!(name)))
        .collect();
    json!({
        "game": g.game,
        "id": g.id,
        "variant": g.variant,
        "date": g.date,
        "venue": g.venue,
        "seats": seats,
        "hands": s.hands,
        "final": sides_json(s),
        "winner": s.winner.map(|s| s.code()),
        "draw": s.draw,
        "losers": s.losers.iter().map(|s| s.letter()).collect::<Vec<_>>(),
        "finished": s.finished,
    })
}

pub fn games(args: GamesArgs) -> Result<Exit, CliError> {
    for d in [&args.since, &args.until].into_iter().flatten() {
        if let Some(f) = date_fault(d) {
            return Err(CliError::Usage(f.message));
        }
    }
    let mut app = args.db.app_read()?;
    let filter = GameFilter {
        player: args.player.clone(),
        variant: args.variant.as_ref().map(|v| v.trim().to_lowercase()),
        since: args.since.clone(),
        until: args.until.clone(),
    };
    let listed = app.games_list(&filter, args.unfinished)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.json {
        let list: Vec<Value> = listed.iter().map(listed_json).collect();
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
        for listed in &listed {
            table.add_row(game_row(listed, in_play(&app, listed)));
        }
        // The date, the variant, the hands and the score are never broken across lines, nor is
        // a header shortened; the players are the names, and wrap first. Narrower than that
        // allows, the variant breaks at its hyphens and headers shorten.
        super::text::fit_with_headers(&mut table, &[1, 2, 5, 6], &[4], &[1, 5, 6]);
        writeln!(out, "{table}")?;
        let n = listed.len();
        writeln!(out, "{}.", count(n, "game", "games"))?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}
