//! `cargo bench --bench league`: ten seasons of a twelve-team league (11,880 matches) imported
//! from one results CSV (FORMAT.md §3) into an empty database by the release `don import`,
//! against `sqlite3 NEWDB ".import --csv"` of the same file, as whole processes, with each one's
//! peak memory (VmHWM, read from `/proc` while it runs); then `don standings` on that database
//! timed as a whole process against `sqlite3 DB 'SELECT count(*) FROM matches'`. Each figure is
//! the median of several runs in this one run, printed beside its target (within 3×). It is not
//! a timed test: it fails only when an import stores the wrong number of rows or the
//! standings have not a row for every team.
//!
//! Then a season of three divisions of twelve teams (issue 31, RULES.md §10), imported from a
//! matches CSV with the `division` column: `don standings` of it (a table a division, every
//! division's nights counted) timed as a whole process, printed beside its target of 50 ms.
//!
//! `-- --keep DIR` writes the file and databases into DIR and leaves them there.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::seasons::{generate, generate_divided, TEAMS};
use common::{median, mib, run_watched, work_dir};

/// How often a running import's memory is read.
const POLL: Duration = Duration::from_millis(1);

/// don may take at most this many times sqlite3's time.
const TARGET_RATIO: f64 = 3.0;

/// Runs `cmd` to the end and times it, nothing else (for processes of a few milliseconds).
fn run_timed(cmd: &mut Command, what: &str) -> f64 {
    let start = Instant::now();
    let out = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    let secs = start.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    secs
}

fn fresh(path: &Path) {
    for end in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{end}", path.display()));
    }
}

fn count(db: &Path, table: &str) -> u64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
        r.get::<_, i64>(0)
    })
    .unwrap() as u64
}

fn verdict(ratio: f64) -> &'static str {
    if ratio <= TARGET_RATIO {
        "met"
    } else {
        "NOT MET"
    }
}

fn has_sqlite3() -> bool {
    Command::new("sqlite3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Imports the file both ways, in turn (don, sqlite3, don, …) so that both meet the machine as
/// it is; the ratio is the median of each pair's. Returns the last don database.
fn imports(dir: &Path, csv: &Path, rows: usize) -> PathBuf {
    const RUNS: usize = 9;
    let db = dir.join("don.db");
    let sq = dir.join("sqlite.db");
    let lite_ok = has_sqlite3();
    let (mut don_runs, mut lite_runs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        fresh(&db);
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
        cmd.args([
            "import",
            csv.to_str().unwrap(),
            "--league",
            "Bench",
            "--create",
        ])
        .env("DON_DB", &db);
        let don = run_watched(cmd, &dir.join("don.log"), "don import", POLL);
        if lite_ok {
            fresh(&sq);
            let mut cmd = Command::new("sqlite3");
            cmd.arg(&sq)
                .arg(format!(".import --csv {} results", csv.display()));
            let lite = run_watched(cmd, &dir.join("sqlite3.log"), "sqlite3 .import", POLL);
            ratios.push(don.secs / lite.secs);
            lite_runs.push(lite);
        }
        don_runs.push(don);
    }
    assert_eq!(count(&db, "matches"), rows as u64, "every match imported");
    assert_eq!(
        count(&db, "fixtures"),
        rows as u64 / 9,
        "every night imported"
    );
    let don = median(don_runs.iter().map(|r| r.secs).collect());
    let don_peak = don_runs.iter().filter_map(|r| r.peak_kib).max();
    println!(
        "  don import        {:>7.3} s  {:>7.0} matches/s  peak memory {}  (median of {RUNS})",
        don,
        rows as f64 / don,
        mib(don_peak)
    );
    if !lite_ok {
        println!("  sqlite3 .import   not measured: sqlite3 cannot be run (install it)");
        return db;
    }
    assert_eq!(count(&sq, "results"), rows as u64, "every CSV row imported");
    let lite = median(lite_runs.iter().map(|r| r.secs).collect());
    let lite_peak = lite_runs.iter().filter_map(|r| r.peak_kib).max();
    println!(
        "  sqlite3 .import   {:>7.3} s  {:>7.0} rows/s     peak memory {}",
        lite,
        rows as f64 / lite,
        mib(lite_peak)
    );
    let ratio = median(ratios);
    println!(
        "  don / sqlite3     {ratio:>7.1}×  (median of each pair's; target: within {TARGET_RATIO}×: {})",
        verdict(ratio)
    );
    db
}

/// `don standings` on the imported database against a count in sqlite3, in turn.
fn standings(db: &Path) {
    const RUNS: usize = 21;
    let don = |args: &[&str]| -> f64 {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
        cmd.args(args).env("DON_DB", db);
        run_timed(&mut cmd, "don standings")
    };
    let table_args = ["standings", "--league", "Bench", "--season", "2025-26"];
    let out = Command::new(env!("CARGO_BIN_EXE_don"))
        .args(table_args)
        .arg("--json")
        .env("DON_DB", db)
        .output()
        .expect("cannot run don standings --json");
    let rows: Vec<serde_json::Value> =
        serde_json::from_slice(&out.stdout).expect("don standings --json gives a JSON list");
    assert_eq!(rows.len(), TEAMS.len(), "a standings row for every team");
    let lite_ok = has_sqlite3();
    let (mut tables, mut lites, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let t = don(&table_args);
        if lite_ok {
            let mut cmd = Command::new("sqlite3");
            cmd.arg(db).arg("SELECT count(*) FROM matches");
            let l = run_timed(&mut cmd, "sqlite3");
            ratios.push(t / l);
            lites.push(l);
        }
        tables.push(t);
    }
    let json = median(
        (0..RUNS)
            .map(|_| don(&["standings", "--season", "2025-26", "--json"]))
            .collect(),
    );
    let explain = median(
        (0..RUNS)
            .map(|_| don(&["standings", "--season", "2016-17", "--explain"]))
            .collect(),
    );
    println!(
        "  don standings          {:>7.2} ms  (--json {:.2} ms, --explain {:.2} ms; medians of {RUNS})",
        median(tables) * 1e3,
        json * 1e3,
        explain * 1e3
    );
    if !lite_ok {
        println!("  sqlite3 count(*)  not measured: sqlite3 cannot be run (install it)");
        return;
    }
    println!("  sqlite3 count(*)       {:>7.2} ms", median(lites) * 1e3);
    let ratio = median(ratios);
    println!(
        "  don / sqlite3          {ratio:>7.1}×  (median of each pair's; target: within {TARGET_RATIO}×: {})",
        verdict(ratio)
    );
}

fn main() {
    let (_temp, dir, _) = work_dir();
    let csv = dir.join("ten-seasons.csv");
    let rows = generate(&csv, 10);
    let bytes = std::fs::metadata(&csv).map_or(0, |m| m.len());
    println!(
        "league: 10 seasons of 12 teams, {rows} matches ({} nights), {:.1} MiB of CSV",
        rows / 9,
        bytes as f64 / 1048576.0
    );
    let db = imports(&dir, &csv, rows);
    standings(&db);
    divisions(&dir);
}

/// The most a season's `don standings` may take, a division each (issue 31).
const DIVISIONS_TARGET_MS: f64 = 50.0;

/// `don standings` of a season of three divisions of twelve teams, match by match.
fn divisions(dir: &Path) {
    const RUNS: usize = 21;
    let csv = dir.join("divisions.csv");
    let names = ["Premier", "Division One", "Division Two"];
    let rows = generate_divided(&csv, "2030-31", &names);
    let db = dir.join("divisions.db");
    fresh(&db);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
    cmd.args([
        "import",
        csv.to_str().unwrap(),
        "--league",
        "Bench",
        "--create",
    ])
    .env("DON_DB", &db);
    run_timed(&mut cmd, "don import (divisions)");
    assert_eq!(count(&db, "matches"), rows as u64, "every match imported");
    assert_eq!(count(&db, "divisions"), 3, "three divisions");
    let out = Command::new(env!("CARGO_BIN_EXE_don"))
        .args(["standings", "--json"])
        .env("DON_DB", &db)
        .output()
        .expect("cannot run don standings --json");
    let lines: Vec<serde_json::Value> =
        serde_json::from_slice(&out.stdout).expect("don standings --json gives a JSON list");
    assert_eq!(lines.len(), 3 * TEAMS.len(), "a line for every team");
    let time = |args: &[&str]| -> f64 {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
        cmd.args(args).env("DON_DB", &db);
        run_timed(&mut cmd, "don standings")
    };
    let table = median((0..RUNS).map(|_| time(&["standings"])).collect()) * 1e3;
    let explain = median(
        (0..RUNS)
            .map(|_| time(&["standings", "--explain"]))
            .collect(),
    ) * 1e3;
    let verdict = if table <= DIVISIONS_TARGET_MS && explain <= DIVISIONS_TARGET_MS {
        "met"
    } else {
        "NOT MET"
    };
    println!(
        "divisions: 1 season of 3 divisions of {} teams, {rows} matches ({} nights)",
        TEAMS.len(),
        rows / 9
    );
    println!(
        "  don standings          {table:>7.2} ms  (--explain {explain:.2} ms; medians of {RUNS}; target: under {DIVISIONS_TARGET_MS} ms: {verdict})"
    );
}
