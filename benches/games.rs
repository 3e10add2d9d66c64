//! `cargo bench --bench games`: `don games --unfinished` and `don play` with no game named on a
//! database of 100,000 imported games, each beside the old way measured in the same run.
//!
//! It simulates games of every variant (`don::rules::sim::play_game`, written with
//! `don::record::write::sim_record`, given seats, a date and a venue), one in 997 of the first
//! tenth cut short by half its hands (unfinished: the newest of them is the game `don play`
//! carries on, with nine tenths of the games stored after it), writes them as one `.jsonl` file
//! in a temporary folder and imports it with the release `don import`. Then it times, as whole
//! processes (the median of five runs each):
//! - `don games --unfinished`, which reads the games' summaries;
//! - `don play` with no game named, fed `quit`: it finds the latest unfinished game from the
//!   summaries and reads that game's state;
//!
//! and beside each the old way, through the library as the code did before: every stored game
//! read back as a record and replayed (`Store::games` and `check_value`) to find the unfinished
//! ones; and the games newest first, each read and replayed until one is not decided. The
//! target: under 100 ms each at 100,000 games. It prints figures and judges them; it fails only
//! when a command fails or the two ways disagree.
//!
//! `cargo bench --bench games -- --games N` sets the number of games (default 100,000);
//! `-- --quick` is 10,000.

mod common;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use don::app::game::stored::{record_of, StoredGames};
use don::check::check_value;
use don::record::write::sim_record;
use don::rules::sim::play_game;
use don_store::store::{GameFilter, Store};

const TARGET: Duration = Duration::from_millis(100);

/// The record of game `i`: simulated, given seats, a date and a venue; cut short (unfinished)
/// for one in 997 of the first tenth.
fn record(i: usize, n: usize, rulesets: &[don::rules::Variant]) -> Value {
    let game = play_game(&rulesets[i % rulesets.len()], i as u64, 400);
    let mut rec = sim_record(&format!("bench-{i:06}"), &game);
    let seats: serde_json::Map<String, Value> = game
        .variant
        .spec()
        .seating
        .seats()
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let player = (i * 7 + k * 61) % 240;
            (s.letter().to_string(), json!(format!("Player {player:03}")))
        })
        .collect();
    rec["seats"] = Value::Object(seats);
    let day = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).unwrap()
        + chrono::Duration::days((i % 1500) as i64);
    rec["date"] = json!(day.format("%Y-%m-%d").to_string());
    rec["venue"] = json!(["Royal Oak", "Red Lion", "Fox and Hounds"][i % 3]);
    if i.is_multiple_of(997) && i < n / 10 {
        if let Some(hands) = rec["hands"].as_array_mut() {
            let keep = hands.len() / 2;
            hands.truncate(keep.max(1));
        }
        if let Some(map) = rec.as_object_mut() {
            map.remove("conceded");
        }
    }
    rec
}

fn generate(path: &Path, n: usize) {
    let rulesets = common::rulesets();
    let mut out = BufWriter::new(File::create(path).unwrap());
    for i in 0..n {
        serde_json::to_writer(&mut out, &record(i, n, &rulesets)).unwrap();
        out.write_all(b"\n").unwrap();
    }
    out.flush().unwrap();
}

/// The median of five runs of `f`, and its last answer.
fn median<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..5 {
        let start = Instant::now();
        last = Some(f());
        times.push(start.elapsed());
    }
    times.sort();
    (times[2], last.unwrap())
}

fn don(db: &Path, args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_don"))
        .args(args)
        .env("DON_DB", db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run don");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "don {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn ms(d: Duration) -> String {
    format!("{:>9.1} ms", d.as_secs_f64() * 1000.0)
}

fn judged(d: Duration) -> &'static str {
    if d < TARGET {
        "met"
    } else {
        "NOT MET"
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let n = args
        .iter()
        .position(|a| a == "--games")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(if quick { 10_000 } else { 100_000 });
    let dir = tempfile::tempdir().expect("a temporary folder");
    let jsonl = dir.path().join("games.jsonl");
    let db = dir.path().join("don.db");
    let start = Instant::now();
    generate(&jsonl, n);
    println!(
        "{n} games simulated in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    don(&db, &["import", jsonl.to_str().unwrap()], b"");
    println!("imported in {:.1} s", start.elapsed().as_secs_f64());

    // `don games --unfinished`, from the summaries; the old way: every game replayed.
    let (new, listed) = median(|| don(&db, &["games", "--unfinished", "--json"], b""));
    let listed: Vec<Value> = serde_json::from_str(&listed).unwrap();
    let store = Store::open_read(&db).unwrap();
    let (old, unfinished) = median(|| {
        let mut unfinished = Vec::new();
        for g in store.games(&GameFilter::default()).unwrap() {
            if check_value(record_of(&g.stored, g.game).unwrap())
                .result
                .is_none()
            {
                unfinished.push(g.game);
            }
        }
        unfinished
    });
    let found: Vec<i64> = listed.iter().filter_map(|g| g["game"].as_i64()).collect();
    assert_eq!(
        found, unfinished,
        "both ways find the same unfinished games"
    );
    println!(
        "don games --unfinished ({} games): {} (target < 100 ms: {}); the old way, every game replayed: {}",
        found.len(),
        ms(new),
        judged(new),
        ms(old)
    );

    // `don play` with no game named; the old way: newest first, replayed until one is open.
    let (new, said) = median(|| don(&db, &["play"], b"quit\n"));
    let (old, latest) = median(|| {
        store
            .game_numbers_newest_first()
            .unwrap()
            .into_iter()
            .find(|&game| {
                check_value(store.game_record(game).unwrap())
                    .result
                    .is_none()
            })
    });
    let latest = latest.expect("an unfinished game");
    assert!(
        said.starts_with(&format!("Game {latest}:")),
        "don play opened another game than the latest unfinished, {latest}: {said}"
    );
    println!(
        "don play (latest unfinished: game {latest} of {n}): {} (target < 100 ms: {}); the old way, games replayed newest first: {}",
        ms(new),
        judged(new),
        ms(old)
    );
}
