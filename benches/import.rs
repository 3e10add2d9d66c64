//! `cargo bench --bench import`: how fast `don import` fills an empty database, against
//! `sqlite3`'s own `.import` of the same tricks as CSV, and whether its memory stays flat as
//! the file grows; and how fast `don check --json` reads the same file, against `jq -c .`.
//!
//! It simulates games of every variant (`don::rules::sim::play_game`, each with its own seed,
//! written with `don::record::write::sim_record` and given seats, a date and a venue, as a
//! league's records have), N of them and 4N, each set as one `.jsonl` file (distinct ids) and
//! as a CSV of its tricks (game id, hand number, trick number, cards). For the N games it times
//! the release `don import FILE` into an empty database and `sqlite3 NEWDB ".import --csv FILE
//! tricks"` into an empty table, as whole processes, in turn (don, sqlite3, don, …: five pairs,
//! so both meet the machine as it is), reading each one's peak memory (VmHWM) from
//! `/proc/<pid>/status` every 2 ms while it runs. It prints games/s, tricks/s and rows/s, the
//! ratio don/sqlite3 (the median of the pairs') beside issue 30's target (within 2×, aiming at
//! 1.5×), and don's peak memory beside 100 MiB. Then `don check --json FILE` against `jq -c .
//! FILE` (jq parses every value and writes it again), five pairs, beside the target of 0.6×.
//! Then the 4N games once each way, and the peak memory of both sizes beside "memory flat as the
//! file grows". It is not a timed test: it prints figures and judges them, but fails only when
//! an import fails or stores the wrong number of rows.
//!
//! Then league results (issue 15, point 7: the nights shape was quadratic): the same nights,
//! 10,000 and 40,000 of them (a league of 24 teams, a double round robin a season), as a nights
//! CSV (one row a night) and as a matches CSV (nine rows a night, players and leg scores), each
//! imported by the release `don import … --league Bench --create` into an empty database as a
//! whole process (the nights shape five times, its median taken). It prints each time with nights/s, the nights shape's time beside the
//! matches shape's for the same nights (the baseline: the nights shape has a ninth of the rows,
//! so it should take no longer), and the growth from 10,000 to 40,000 nights beside 4× (linear:
//! within 5×). It fails only when an import fails or stores the wrong number of nights.
//!
//! Then a nights CSV naming thousands of teams the league does not know: 1,000 and 5,000 rows,
//! refused, each name told its nearest ("did you mean"), and the growth beside 5× (linear:
//! within 6.25×).
//!
//! `cargo bench --bench import -- --games N` sets N (default 20,000); `-- --nights N` the
//! larger number of nights (default 40,000; the smaller is a quarter); `-- --nights-only` leaves
//! out the game records, `-- --games-only` the league results; `-- --keep DIR` writes the files and databases into DIR and leaves
//! them there (to profile `don import` on them).

mod common;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use don::record::write::sim_record;
use don::rules::sim::{play_game, SimGame};

use common::{mib, run_watched};

/// How often a running import's memory is read.
const POLL: Duration = Duration::from_millis(2);

/// don may take at most this many times sqlite3's time (issue 30), and aims for the second.
const TARGET_RATIO: f64 = 2.0;
const AIM_RATIO: f64 = 1.5;

/// don's peak memory must stay under this many MiB.
const MEMORY_MIB: u64 = 100;

/// `check --json` may take at most this many times `jq -c .`'s time (issue 30).
const CHECK_RATIO: f64 = 0.6;

/// Paired runs of the smaller size (the larger is run once a side, for its memory).
const PAIRS: usize = 5;

/// Peak memory counts as flat while the larger file's is within this factor of the smaller's.
const FLAT: f64 = 1.25;

const VENUES: [&str; 4] = ["Fox and Hounds", "Royal Oak", "Red Lion", "Prince of Wales"];

/// The record of game `i`: simulated, then given seats (from 240 players), a date and a venue.
fn record(i: usize, game: &SimGame) -> Value {
    let mut rec = sim_record(&format!("bench-{i:06}"), game);
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
    rec["venue"] = json!(VENUES[i % VENUES.len()]);
    rec
}

/// One size's files and what they hold.
struct Files {
    games: usize,
    tricks: u64,
    jsonl_bytes: u64,
}

/// A `.jsonl` file of records and a CSV of their tricks.
struct Writer {
    jsonl: BufWriter<File>,
    csv: BufWriter<File>,
    files: Files,
}

impl Writer {
    fn new(dir: &Path, games: usize) -> Writer {
        let create = |name: String| BufWriter::new(File::create(dir.join(name)).unwrap());
        Writer {
            jsonl: create(format!("games-{games}.jsonl")),
            csv: create(format!("tricks-{games}.csv")),
            files: Files {
                games: 0,
                tricks: 0,
                jsonl_bytes: 0,
            },
        }
    }

    fn add(&mut self, line: &[u8], id: &str, game: &SimGame) {
        self.jsonl.write_all(line).unwrap();
        self.files.jsonl_bytes += line.len() as u64;
        self.files.games += 1;
        for (h, hand) in game.hands.iter().enumerate() {
            for (t, cards) in hand.tricks.iter().enumerate() {
                // Neither an id nor a trick has a comma or a quote: no quoting is needed.
                writeln!(self.csv, "{id},{},{},{cards}", h + 1, t + 1).unwrap();
                self.files.tricks += 1;
            }
        }
    }

    fn finish(mut self) -> Files {
        self.jsonl.flush().unwrap();
        self.csv.flush().unwrap();
        self.files
    }
}

/// Simulates `4 * n` games: the first `n` go to the small files, all to the large ones.
fn generate(dir: &Path, n: usize) -> (Files, Files) {
    let rulesets = common::rulesets();
    let mut small = Writer::new(dir, n);
    let mut large = Writer::new(dir, 4 * n);
    let mut line = Vec::new();
    for i in 0..4 * n {
        let game = play_game(&rulesets[i % rulesets.len()], i as u64, 400);
        let rec = record(i, &game);
        line.clear();
        serde_json::to_writer(&mut line, &rec).unwrap();
        line.push(b'\n');
        let id = rec["id"].as_str().unwrap();
        if i < n {
            small.add(&line, id, &game);
        }
        large.add(&line, id, &game);
    }
    (small.finish(), large.finish())
}

fn count(db: &Path, table: &str) -> u64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
        r.get::<_, i64>(0)
    })
    .unwrap() as u64
}

/// Thousands separated: 1,234,567.
fn big(x: f64) -> String {
    let digits = format!("{:.0}", x);
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An empty place for a database: any file of an earlier run (a kept folder) taken away.
fn empty(db: &Path) {
    for end in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{end}", db.display()));
    }
}

/// Minimum, median and maximum, as "median s (min–max)".
fn spread(xs: &[f64]) -> String {
    let min = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let max = xs.iter().copied().fold(0.0, f64::max);
    format!("{:.2} s ({min:.2}–{max:.2})", common::median(xs.to_vec()))
}

/// Imports one size both ways, `pairs` times in turn (don, sqlite3, don, …, so both meet the
/// machine as it is): don's peak memory. The ratio is the median of the pairs' ratios.
fn measure(dir: &Path, files: &Files, pairs: usize) -> Option<u64> {
    let n = files.games;
    let jsonl = dir.join(format!("games-{n}.jsonl"));
    let csv = dir.join(format!("tricks-{n}.csv"));
    println!(
        "{n} games: {:.1} MiB of .jsonl, {} tricks ({pairs} paired runs)",
        files.jsonl_bytes as f64 / 1048576.0,
        big(files.tricks as f64)
    );
    let db = dir.join(format!("don-{n}.db"));
    let sq = dir.join(format!("sqlite-{n}.db"));
    let sqlite3 = Command::new("sqlite3").arg("-version").output();
    let sqlite3 = sqlite3.is_ok_and(|o| o.status.success());
    if !sqlite3 {
        println!("  sqlite3 .import  not measured: sqlite3 cannot be run (install it)");
    }
    let (mut don_secs, mut lite_secs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let (mut peak, mut lite_peak) = (None, None);
    for _ in 0..pairs {
        empty(&db);
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
        cmd.arg("import").arg(&jsonl).env("DON_DB", &db);
        let don = run_watched(cmd, &dir.join("don.log"), "don import", POLL);
        assert_eq!(count(&db, "games"), n as u64, "every game imported");
        assert_eq!(count(&db, "tricks"), files.tricks, "every trick imported");
        don_secs.push(don.secs);
        peak = peak.max(don.peak_kib);
        if !sqlite3 {
            continue;
        }
        empty(&sq);
        let made = Command::new("sqlite3")
            .arg(&sq)
            .arg("CREATE TABLE tricks (game TEXT, hand INTEGER, trick INTEGER, cards TEXT)")
            .status()
            .unwrap();
        assert!(made.success(), "sqlite3 made its table");
        let mut cmd = Command::new("sqlite3");
        cmd.arg(&sq)
            .arg(format!(".import --csv {} tricks", csv.display()));
        let lite = run_watched(cmd, &dir.join("sqlite3.log"), "sqlite3 .import", POLL);
        assert_eq!(count(&sq, "tricks"), files.tricks, "every CSV row imported");
        lite_secs.push(lite.secs);
        lite_peak = lite_peak.max(lite.peak_kib);
        ratios.push(don.secs / lite.secs);
    }
    let don_median = common::median(don_secs.clone());
    let db_bytes = std::fs::metadata(&db).map_or(0, |m| m.len());
    println!(
        "  don import       {}  {:>8} games/s  {:>10} tricks/s  peak memory {} (target: under {} MiB: {})  (database {:.1} MiB)",
        spread(&don_secs),
        big(n as f64 / don_median),
        big(files.tricks as f64 / don_median),
        mib(peak),
        MEMORY_MIB,
        match peak {
            Some(k) if k < MEMORY_MIB * 1024 => "met",
            Some(_) => "NOT MET",
            None => "not read",
        },
        db_bytes as f64 / 1048576.0
    );
    if ratios.is_empty() {
        return peak;
    }
    println!(
        "  sqlite3 .import  {}  {:>8}          {:>10} rows/s    peak memory {}",
        spread(&lite_secs),
        "",
        big(files.tricks as f64 / common::median(lite_secs.clone())),
        mib(lite_peak)
    );
    let ratio = common::median(ratios.clone());
    let (low, high) = ratios
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(l, h), &r| (l.min(r), h.max(r)));
    println!(
        "  don / sqlite3    {ratio:>7.2}×  (pairs {low:.2}–{high:.2}×; target: within {TARGET_RATIO}×, aim {AIM_RATIO}×: {})",
        if ratio <= AIM_RATIO {
            "met, aim met"
        } else if ratio <= TARGET_RATIO {
            "met"
        } else {
            "NOT MET"
        }
    );
    peak
}

/// `don check --json` of the records file against `jq -c .` of it (jq parses every value and
/// writes it again), `pairs` times in turn, each writing to a file: the ratio is the median
/// of the pairs'.
fn check_against_jq(dir: &Path, files: &Files, pairs: usize) {
    let n = files.games;
    let jsonl = dir.join(format!("games-{n}.jsonl"));
    let jq = Command::new("jq").arg("--version").output();
    if !jq.is_ok_and(|o| o.status.success()) {
        println!("  check --json / jq  not measured: jq cannot be run (install it)");
        return;
    }
    let (mut check_secs, mut jq_secs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..pairs {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
        cmd.arg("check").arg("--json").arg(&jsonl);
        let check = run_watched(cmd, &dir.join("check.json"), "don check --json", POLL);
        let mut cmd = Command::new("jq");
        cmd.arg("-c").arg(".").arg(&jsonl);
        let jq = run_watched(cmd, &dir.join("jq.json"), "jq -c .", POLL);
        check_secs.push(check.secs);
        jq_secs.push(jq.secs);
        ratios.push(check.secs / jq.secs);
    }
    let ratio = common::median(ratios);
    println!(
        "  don check --json {}  beside jq -c . {}: {ratio:.2}× (target: within {CHECK_RATIO}×: {})",
        spread(&check_secs),
        spread(&jq_secs),
        if ratio <= CHECK_RATIO {
            "met"
        } else {
            "NOT MET"
        }
    );
}

/// The 24 teams of the results benchmark.
const LEAGUE_TEAMS: [&str; 24] = [
    "Royal Oak",
    "Red Lion",
    "Coach and Horses",
    "Crumlin Arms",
    "Abercarn Inn",
    "Navigation Inn",
    "Halfway House",
    "Prince of Wales",
    "Miners' Arms",
    "Greyhound",
    "Commercial",
    "Cwmcarn Hotel",
    "Fox and Hounds",
    "Rising Sun",
    "Old Swan",
    "New Inn",
    "Bridge End",
    "Castle Hotel",
    "Hanbury Arms",
    "Mount Pleasant",
    "Quarry Tavern",
    "Sirhowy",
    "Tredegar Arms",
    "Waterloo",
];

/// `nights` nights of a league as a nights CSV and a matches CSV (the same results), each
/// season a double round robin of [`LEAGUE_TEAMS`] from September 1950 on; matches won 2–0 or
/// 2–1 by a side chosen from a fixed seed.
fn league_files(dir: &Path, nights: usize) -> (std::path::PathBuf, std::path::PathBuf) {
    use chrono::{Datelike, NaiveDate, Weekday};
    let nights_path = dir.join(format!("nights-{nights}.csv"));
    let matches_path = dir.join(format!("matches-{nights}.csv"));
    let mut by_totals = BufWriter::new(File::create(&nights_path).unwrap());
    let mut by_matches = BufWriter::new(File::create(&matches_path).unwrap());
    writeln!(by_totals, "season,date,home,away,home_points,away_points").unwrap();
    writeln!(
        by_matches,
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores"
    )
    .unwrap();
    let ids: Vec<i64> = (0..LEAGUE_TEAMS.len() as i64).collect();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut coin = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % 4
    };
    let mut written = 0;
    let mut year = 1950;
    while written < nights {
        let season = format!("{year}-{:02}", (year + 1) % 100);
        let start = NaiveDate::from_ymd_opt(year, 9, 1).unwrap();
        let plan =
            don::league::fixtures::double_round_robin(&ids, start, Weekday::Thu, &[]).unwrap();
        for f in plan.fixtures.iter().take(nights - written) {
            assert!(f.date.year() <= year + 1);
            let (home, away) = (LEAGUE_TEAMS[f.home as usize], LEAGUE_TEAMS[f.away as usize]);
            let mut won = (0, 0);
            for (kind, target, per_side) in [
                ("don", 121, 2),
                ("double-crib", 121, 2),
                ("single-crib", 61, 1),
            ] {
                for slot in 1..=3 {
                    let players = |team: &str| -> String {
                        (0..per_side)
                            .map(|p| format!("{team} player {}", (slot - 1) * per_side + p + 1))
                            .collect::<Vec<_>>()
                            .join("+")
                    };
                    // The losing side's scores, short of the target.
                    let (a, b, c) = (target - 31, target - 51, target - 21);
                    let (legs, scores) = match coin() {
                        0 => ((2, 0), format!("{target}-{a} {target}-{b}")),
                        1 => ((2, 1), format!("{target}-{a} {b}-{target} {target}-{c}")),
                        2 => ((0, 2), format!("{a}-{target} {b}-{target}")),
                        _ => ((1, 2), format!("{target}-{a} {b}-{target} {c}-{target}")),
                    };
                    if legs.0 == 2 {
                        won.0 += 1;
                    } else {
                        won.1 += 1;
                    }
                    writeln!(
                        by_matches,
                        "{season},{},{home},{away},{kind},{slot},{},{},{},{},{scores}",
                        f.date,
                        players(home),
                        players(away),
                        legs.0,
                        legs.1
                    )
                    .unwrap();
                }
            }
            writeln!(
                by_totals,
                "{season},{},{home},{away},{},{}",
                f.date, won.0, won.1
            )
            .unwrap();
            written += 1;
        }
        year += 1;
    }
    by_totals.flush().unwrap();
    by_matches.flush().unwrap();
    (nights_path, matches_path)
}

/// Imports one league results file into an empty database, `runs` times; the median time
/// (and the nights stored are checked).
fn import_results(dir: &Path, csv: &Path, nights: usize, what: &str, runs: usize) -> f64 {
    let db = dir.join(format!("{}-{nights}.db", what.replace(' ', "-")));
    let (mut times, mut peak) = (Vec::new(), None);
    for _ in 0..runs {
        for end in ["", "-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(format!("{}{end}", db.display()));
        }
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
        cmd.arg("import")
            .arg(csv)
            .args(["--league", "Bench", "--create"])
            .env("DON_DB", &db);
        let run = run_watched(
            cmd,
            &dir.join("don.log"),
            &format!("don import ({what})"),
            POLL,
        );
        assert_eq!(
            count(&db, "fixtures"),
            nights as u64,
            "every night imported"
        );
        times.push(run.secs);
        peak = peak.max(run.peak_kib);
    }
    let secs = common::median(times);
    println!(
        "  {what:<14} {secs:>7.2} s  {:>8} nights/s  peak memory {}{}",
        big(nights as f64 / secs),
        mib(peak),
        if runs > 1 {
            format!("  (median of {runs})")
        } else {
            String::new()
        }
    );
    secs
}

/// The nights shape against the matches shape, at a quarter of `nights` and at `nights`.
fn league_results(dir: &Path, nights: usize) {
    let sizes = [(nights / 4).max(1), nights];
    println!(
        "league results: {} and {} nights of 24 teams, as a nights CSV (a row a night) and a matches CSV (nine rows a night), each into an empty database",
        big(sizes[0] as f64),
        big(sizes[1] as f64)
    );
    let mut nights_secs = Vec::new();
    for n in sizes {
        let (by_totals, by_matches) = league_files(dir, n);
        println!("{} nights:", big(n as f64));
        let t = import_results(dir, &by_totals, n, "nights shape", 5);
        let m = import_results(dir, &by_matches, n, "matches shape", 1);
        println!(
            "  nights / matches {:>6.2}×  (the same nights; baseline: the matches shape, which the nights shape should not exceed: {})",
            t / m,
            if t <= m { "met" } else { "NOT MET" }
        );
        nights_secs.push(t);
    }
    let growth = nights_secs[1] / nights_secs[0];
    let times = sizes[1] as f64 / sizes[0] as f64;
    println!(
        "nights shape: {:.2} s for {} nights, {:.2} s for {} ({growth:.1}× for {times:.0}× the nights; linear: within {:.0}×: {})",
        nights_secs[0],
        big(sizes[0] as f64),
        nights_secs[1],
        big(sizes[1] as f64),
        times * 1.25,
        if growth <= times * 1.25 { "met" } else { "NOT MET" }
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let nights = args
        .iter()
        .position(|a| a == "--nights")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(40_000usize)
        .max(4);
    let nights_only = args.iter().any(|a| a == "--nights-only");
    let games_only = args.iter().any(|a| a == "--games-only");
    let n = args
        .iter()
        .position(|a| a == "--games")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000usize)
        .max(1);
    let keep = args
        .iter()
        .position(|a| a == "--keep")
        .and_then(|i| args.get(i + 1));
    let temp = tempfile::Builder::new()
        .prefix("don-import-bench-")
        .tempdir()
        .unwrap();
    let dir = match keep {
        Some(keep) => {
            std::fs::create_dir_all(keep).unwrap();
            std::path::PathBuf::from(keep)
        }
        None => temp.path().to_path_buf(),
    };
    if !nights_only {
        game_records(&dir, n);
    }
    if !games_only {
        league_results(&dir, nights);
        unknown_teams(&dir);
    }
}

/// A nights CSV naming many teams the league does not know, each row two of them, at 1,000 and
/// 5,000 rows. Every name is refused (the import exits 1, nothing kept); the time is in telling
/// each name's nearest ("did you mean"), once quadratic (a debug build took 31.8 s for 1,000
/// rows and over 300 s for 5,000). Linear: 5,000 rows within 6.25× of 1,000, in the same run.
fn unknown_teams(dir: &Path) {
    println!("unknown teams: a nights CSV naming two teams the league does not know a row");
    let db = dir.join("unknown-teams.db");
    for end in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{end}", db.display()));
    }
    let made = Command::new(env!("CARGO_BIN_EXE_don"))
        .args(["league", "new", "Bench"])
        .env("DON_DB", &db)
        .output()
        .unwrap();
    assert!(made.status.success(), "don league new Bench failed");
    let mut secs = Vec::new();
    for rows in [1_000usize, 5_000] {
        let csv = dir.join(format!("unknown-teams-{rows}.csv"));
        let mut text = String::from("season,date,home,away,home_points,away_points,note\n");
        for i in 0..rows {
            let (month, day) = (i % 12 + 1, i % 28 + 1);
            text.push_str(&format!(
                "2025-26,2025-{month:02}-{day:02},Team{i}a Qx,Team{i}b Zy,5,4,\n"
            ));
        }
        std::fs::write(&csv, text).unwrap();
        let start = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_don"))
            .arg("import")
            .arg(&csv)
            .args(["--league", "Bench"])
            .env("DON_DB", &db)
            .output()
            .unwrap();
        let t = start.elapsed().as_secs_f64();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "refused: {said}");
        assert!(
            said.contains(&format!("Nothing imported: {} errors.", 2 * rows)),
            "every name refused: {said}"
        );
        println!("  {rows:>6} rows  {t:>7.2} s");
        secs.push(t);
    }
    let growth = secs[1] / secs[0];
    println!(
        "unknown teams: {growth:.1}× for 5× the rows (linear: within 6.25×: {})",
        if growth <= 6.25 { "met" } else { "NOT MET" }
    );
}

/// The game records part: N and 4N simulated games.
fn game_records(dir: &Path, n: usize) {
    println!(
        "don import benchmark: {n} and {} simulated games of every variant, one .jsonl file each, imported by the release don into an empty database; the same tricks as CSV through sqlite3 .import",
        4 * n
    );
    let start = Instant::now();
    let (small, large) = generate(dir, n);
    println!(
        "(files simulated and written in {:.1} s)",
        start.elapsed().as_secs_f64()
    );
    let peak_small = measure(dir, &small, PAIRS);
    check_against_jq(dir, &small, PAIRS);
    let peak_large = measure(dir, &large, 1);
    match (peak_small, peak_large) {
        (Some(a), Some(b)) => {
            let growth = b as f64 / a as f64;
            println!(
                "don's peak memory {} at {n} games, {} at {} games ({growth:.2}× for 4× the file): memory flat as the file grows: {}",
                mib(Some(a)),
                mib(Some(b)),
                4 * n,
                if growth <= FLAT { "yes" } else { "NO" }
            );
        }
        _ => println!("don's peak memory could not be read (no /proc)"),
    }
}
