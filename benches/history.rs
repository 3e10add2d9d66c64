//! `cargo bench --bench history`: a league's whole past imported, and `don history` on it
//! (issue 19, point 8: a 30-season history of twelve teams imports in under 1 s, and `don
//! history` answers in under 100 ms).
//!
//! It writes thirty seasons (1996-97 to 2025-26) of a twelve-team league, a double round robin
//! each, from a fixed seed, in the shapes a league's past survives in (FORMAT.md §3, §7): the
//! eight oldest as final tables only, the next eight as results grids, seven night by night
//! and the last seven match by match (nine matches a night, with players and leg scores). It
//! writes them twice: as thirty CSV files, one a season, and as one workbook (`.xlsx`) with a
//! sheet a season. Each is imported by the release `don import … --league Bench --create` into
//! an empty database as a whole process (five times, the median taken, with peak memory), then
//! `don history` and `don history --json` are timed on that database as whole processes (21
//! times each, the medians taken). Each figure is printed beside the target. It is not
//! a timed test: it fails only when an import stores the wrong number of nights, matches or
//! table rows, or `history --json` has not the seasons and the all-time points the files add up
//! to (counted here, as the files were written).
//!
//! `-- --keep DIR` writes the files and databases into DIR and leaves them there.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrono::{NaiveDate, Weekday};
use rust_xlsxwriter::Workbook;

use common::seasons::TEAMS;
use common::{median, mib, run_watched, work_dir};

use don::league::fixtures::double_round_robin;

/// How often a running import's memory is read.
const POLL: Duration = Duration::from_millis(1);

/// The targets.
const IMPORT_TARGET_SECS: f64 = 1.0;
const HISTORY_TARGET_MS: f64 = 100.0;

/// Seasons, and how many of the oldest are kept in each shape, oldest first.
const SEASONS: usize = 30;
const TABLES: usize = 8;
const GRIDS: usize = 8;
const NIGHTS: usize = 7;

const KINDS: [(&str, u32, usize); 3] = [
    ("don", 121, 2),
    ("double-crib", 121, 2),
    ("single-crib", 61, 1),
];

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// How a season survives.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Table,
    Grid,
    Nights,
    Matches,
}

impl Shape {
    fn of(i: usize) -> Shape {
        match i {
            i if i < TABLES => Shape::Table,
            i if i < TABLES + GRIDS => Shape::Grid,
            i if i < TABLES + GRIDS + NIGHTS => Shape::Nights,
            _ => Shape::Matches,
        }
    }
}

/// One match as a matches row's last five cells, and whether the home side won it.
fn one_match(
    rng: &mut Rng,
    kind: &str,
    slot: usize,
    home: &str,
    away: &str,
) -> (Vec<String>, bool) {
    let (_, target, per_side) = KINDS.iter().find(|k| k.0 == kind).copied().unwrap();
    let (mut legs, mut scores) = ((0, 0), Vec::new());
    while legs.0 < 2 && legs.1 < 2 {
        let loser = target / 2 + rng.below(u64::from(target / 2)) as u32;
        if rng.below(2) == 0 {
            legs.0 += 1;
            scores.push(format!("{target}-{loser}"));
        } else {
            legs.1 += 1;
            scores.push(format!("{loser}-{target}"));
        }
    }
    let players = |team: &str| -> String {
        (0..per_side)
            .map(|p| format!("{team} player {}", (slot - 1) * per_side + p + 1))
            .collect::<Vec<_>>()
            .join("+")
    };
    (
        vec![
            players(home),
            players(away),
            legs.0.to_string(),
            legs.1.to_string(),
            scores.join(" "),
        ],
        legs.0 == 2,
    )
}

/// A team's season, as the files add it up.
#[derive(Default, Clone, Copy)]
struct Line {
    played: u64,
    won: u64,
    lost: u64,
    matches_for: u64,
    matches_against: u64,
}

/// What was written: each season's sheet (rows of cells), and what it adds up to.
struct Written {
    sheets: Vec<(String, Vec<Vec<String>>)>,
    nights: u64,
    matches: u64,
    table_rows: u64,
    /// Each team's points over every season (a point a match).
    points: BTreeMap<&'static str, u64>,
}

fn csv_line(out: &mut String, cells: &[String]) {
    let quoted: Vec<String> = cells
        .iter()
        .map(|c| {
            if c.contains([',', '"', '\n']) {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c.clone()
            }
        })
        .collect();
    writeln!(out, "{}", quoted.join(",")).unwrap();
}

/// Writes the thirty seasons, a CSV each, into `dir`.
fn generate(dir: &Path) -> Written {
    let mut rng = Rng(0x1996_1997_D0D0_CAFE);
    let ids: Vec<i64> = (0..TEAMS.len() as i64).collect();
    let mut written = Written {
        sheets: Vec::new(),
        nights: 0,
        matches: 0,
        table_rows: 0,
        points: BTreeMap::new(),
    };
    let s = |x: &dyn ToString| x.to_string();
    for i in 0..SEASONS {
        let year = 1996 + i as i32;
        let season = format!("{year}-{:02}", (year + 1) % 100);
        let shape = Shape::of(i);
        let start = NaiveDate::from_ymd_opt(year, 9, 1).unwrap();
        let plan = double_round_robin(&ids, start, Weekday::Thu, &[]).unwrap();
        let mut lines = [Line::default(); 12];
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut grid: BTreeMap<(usize, usize), String> = BTreeMap::new();
        match shape {
            Shape::Nights => rows.push(
                [
                    "season",
                    "date",
                    "home",
                    "away",
                    "home_points",
                    "away_points",
                    "note",
                ]
                .map(String::from)
                .to_vec(),
            ),
            Shape::Matches => rows.push(
                [
                    "season",
                    "date",
                    "home",
                    "away",
                    "kind",
                    "slot",
                    "home_players",
                    "away_players",
                    "home_legs",
                    "away_legs",
                    "leg_scores",
                ]
                .map(String::from)
                .to_vec(),
            ),
            _ => {}
        }
        for f in &plan.fixtures {
            let (h, a) = (f.home as usize, f.away as usize);
            let (home, away) = (TEAMS[h], TEAMS[a]);
            let mut home_points = 0;
            for (kind, _, _) in KINDS {
                for slot in 1..=3 {
                    let (cells, home_won) = one_match(&mut rng, kind, slot, home, away);
                    home_points += u64::from(home_won);
                    if shape == Shape::Matches {
                        let mut row = vec![
                            season.clone(),
                            f.date.to_string(),
                            s(&home),
                            s(&away),
                            s(&kind),
                            s(&slot),
                        ];
                        row.extend(cells);
                        rows.push(row);
                        written.matches += 1;
                    }
                }
            }
            let away_points = 9 - home_points;
            match shape {
                Shape::Nights => rows.push(vec![
                    season.clone(),
                    f.date.to_string(),
                    s(&home),
                    s(&away),
                    s(&home_points),
                    s(&away_points),
                    String::new(),
                ]),
                Shape::Grid => {
                    grid.insert((h, a), format!("{home_points}-{away_points}"));
                }
                _ => {}
            }
            if shape != Shape::Table {
                written.nights += 1;
            }
            for (me, f_, a_) in [(h, home_points, away_points), (a, away_points, home_points)] {
                let l = &mut lines[me];
                l.played += 1;
                l.won += u64::from(f_ > a_);
                l.lost += u64::from(f_ < a_);
                l.matches_for += f_;
                l.matches_against += a_;
            }
        }
        for (t, l) in lines.iter().enumerate() {
            *written.points.entry(TEAMS[t]).or_default() += l.matches_for;
        }
        match shape {
            Shape::Table => {
                let mut order: Vec<usize> = (0..TEAMS.len()).collect();
                order.sort_by_key(|&t| (std::cmp::Reverse(lines[t].matches_for), TEAMS[t]));
                rows.push(
                    [
                        "season",
                        "pos",
                        "team",
                        "played",
                        "won",
                        "drawn",
                        "lost",
                        "matches_for",
                        "matches_against",
                        "legs_for",
                        "legs_against",
                        "points",
                        "note",
                    ]
                    .map(String::from)
                    .to_vec(),
                );
                for (pos, &t) in order.iter().enumerate() {
                    let l = lines[t];
                    rows.push(vec![
                        season.clone(),
                        s(&(pos + 1)),
                        s(&TEAMS[t]),
                        s(&l.played),
                        s(&l.won),
                        "0".into(),
                        s(&l.lost),
                        s(&l.matches_for),
                        s(&l.matches_against),
                        String::new(),
                        String::new(),
                        s(&l.matches_for),
                        if pos == 0 {
                            "champions".into()
                        } else {
                            String::new()
                        },
                    ]);
                    written.table_rows += 1;
                }
            }
            Shape::Grid => {
                let mut head = vec!["season".to_string(), season.clone()];
                head.resize(TEAMS.len() + 1, String::new());
                rows.push(head);
                let mut names = vec![String::new()];
                names.extend(TEAMS.iter().map(|t| t.to_string()));
                rows.push(names);
                for (h, home) in TEAMS.iter().enumerate() {
                    let mut row = vec![home.to_string()];
                    row.extend(
                        (0..TEAMS.len())
                            .map(|a| grid.get(&(h, a)).cloned().unwrap_or_else(|| "x".into())),
                    );
                    rows.push(row);
                }
            }
            _ => {}
        }
        let mut text = String::new();
        for row in &rows {
            csv_line(&mut text, row);
        }
        std::fs::write(dir.join(format!("{season}.csv")), text).unwrap();
        written.sheets.push((season, rows));
    }
    written
}

/// The seasons as one workbook, a sheet each: whole numbers as number cells, the rest text.
fn workbook(path: &Path, sheets: &[(String, Vec<Vec<String>>)]) {
    let mut book = Workbook::new();
    for (name, rows) in sheets {
        let sheet = book.add_worksheet();
        sheet.set_name(name).unwrap();
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if cell.is_empty() {
                    continue;
                }
                let (r, c) = (r as u32, c as u16);
                match cell.parse::<u32>() {
                    Ok(n) => sheet.write_number(r, c, f64::from(n)).unwrap(),
                    Err(_) => sheet.write_string(r, c, cell).unwrap(),
                };
            }
        }
    }
    book.save(path).unwrap();
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

fn verdict(met: bool) -> &'static str {
    if met {
        "met"
    } else {
        "NOT MET"
    }
}

/// Imports `files` into an empty database five times; the median time and the peak memory.
/// Returns the database.
fn import(dir: &Path, label: &str, files: &[PathBuf], written: &Written) -> PathBuf {
    const RUNS: usize = 5;
    let db = dir.join(format!("{label}.db"));
    let mut runs = Vec::new();
    for _ in 0..RUNS {
        fresh(&db);
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
        cmd.arg("import")
            .args(files)
            .args(["--league", "Bench", "--create"])
            .env("DON_DB", &db);
        runs.push(run_watched(
            cmd,
            &dir.join(format!("{label}.log")),
            "don import",
            POLL,
        ));
    }
    assert_eq!(
        count(&db, "fixtures"),
        written.nights,
        "every night imported"
    );
    assert_eq!(
        count(&db, "matches"),
        written.matches,
        "every match imported"
    );
    assert_eq!(
        count(&db, "season_tables"),
        written.table_rows,
        "every final table's row imported"
    );
    let secs = median(runs.iter().map(|r| r.secs).collect());
    let peak = runs.iter().filter_map(|r| r.peak_kib).max();
    println!(
        "  don import {:<12} {secs:>7.3} s  peak memory {}  (median of {RUNS}; target: under {IMPORT_TARGET_SECS} s: {})",
        format!("({label})"),
        mib(peak),
        verdict(secs < IMPORT_TARGET_SECS)
    );
    db
}

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

/// `don history` and `don history --json` on the imported database, timed; the JSON checked
/// against what the files add up to.
fn history(db: &Path, written: &Written) {
    const RUNS: usize = 21;
    let out = Command::new(env!("CARGO_BIN_EXE_don"))
        .args(["history", "--json"])
        .env("DON_DB", db)
        .output()
        .expect("cannot run don history --json");
    assert!(
        out.status.success(),
        "don history --json failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("don history --json gives JSON");
    let seasons = json["seasons"].as_array().expect("seasons");
    assert_eq!(seasons.len(), SEASONS, "every season in the history");
    let points: BTreeMap<&str, u64> = json["all_time"]
        .as_array()
        .expect("all_time")
        .iter()
        .map(|r| (r["team"].as_str().unwrap(), r["points"].as_u64().unwrap()))
        .collect();
    let want: BTreeMap<&str, u64> = written.points.iter().map(|(t, p)| (*t, *p)).collect();
    assert_eq!(
        points, want,
        "the all-time points are what the files add up to"
    );
    let time = |args: &[&str]| -> f64 {
        median(
            (0..RUNS)
                .map(|_| {
                    let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
                    cmd.args(args).env("DON_DB", db);
                    run_timed(&mut cmd, "don history")
                })
                .collect(),
        ) * 1e3
    };
    let table = time(&["history"]);
    let json = time(&["history", "--json"]);
    println!(
        "  don history             {table:>7.2} ms  (--json {json:.2} ms; medians of {RUNS}, whole processes; target: under {HISTORY_TARGET_MS} ms: {})",
        verdict(table.max(json) < HISTORY_TARGET_MS)
    );
}

fn main() {
    let (_temp, dir, _) = work_dir();
    let written = generate(&dir);
    let csvs: Vec<PathBuf> = written
        .sheets
        .iter()
        .map(|(season, _)| dir.join(format!("{season}.csv")))
        .collect();
    let book = dir.join("history.xlsx");
    workbook(&book, &written.sheets);
    let bytes: u64 = csvs
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum();
    let book_bytes = std::fs::metadata(&book).map_or(0, |m| m.len());
    println!(
        "history: {SEASONS} seasons of {} teams ({TABLES} final tables, {GRIDS} results grids, {NIGHTS} night by night, {} match by match): {} nights, {} matches, {} table rows; {:.2} MiB of CSV, a {:.2} MiB workbook",
        TEAMS.len(),
        SEASONS - TABLES - GRIDS - NIGHTS,
        written.nights,
        written.matches,
        written.table_rows,
        bytes as f64 / 1048576.0,
        book_bytes as f64 / 1048576.0
    );
    import(&dir, "CSV files", &csvs, &written);
    let db = import(&dir, "workbook", &[book], &written);
    history(&db, &written);
}
