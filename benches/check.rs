//! `cargo bench`: generates games of every variant into a `.jsonl` file, then measures `check`
//! over it on one core: tricks per second and peak memory (VmHWM, reset before each run), at
//! two file sizes so it shows whether memory stays flat as the file grows. Then the same games
//! as one `.json` array, at the same two sizes: an array is streamed element by element too.
//!
//! Each figure is printed beside the floor it must not fall below: 2,000,000 tricks/s on one
//! core (issue 5); and memory must stay flat as the file grows.
//!
//! `cargo bench -- --games 40000` sets the larger size (default 10,000 and 4×).

mod common;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

/// Tricks per second `check` must not fall below.
const FLOOR: f64 = 2_000_000.0;

use don::check::check_item;
use don::check::report::JsonReport;
use don::record::write::sim_record;
use don::record::RecordSource;
use don::rules::sim::play_game;

/// Writes `games` simulated games to `path`, one record a line, or with `array` as one `.json`
/// array (an element a line); returns (tricks, bytes).
fn generate(path: &Path, games: usize, array: bool) -> (u64, u64) {
    let rulesets = common::rulesets();
    let mut out = BufWriter::new(File::create(path).expect("create the bench file"));
    let mut tricks = 0;
    let mut line = Vec::new();
    let mut bytes = 0;
    if array {
        out.write_all(b"[\n").unwrap();
        bytes += 2;
    }
    // A pool of distinct games, repeated with new ids: generation is not what is measured.
    let pool: Vec<_> = (0..600)
        .map(|i| play_game(&rulesets[i % rulesets.len()], i as u64, 400))
        .collect();
    for i in 0..games {
        let game = &pool[i % pool.len()];
        tricks += game.tricks;
        line.clear();
        if array && i > 0 {
            line.extend_from_slice(b",\n");
        }
        serde_json::to_writer(&mut line, &sim_record(&format!("bench-{i}"), game)).unwrap();
        if !array {
            line.push(b'\n');
        }
        bytes += line.len() as u64;
        out.write_all(&line).unwrap();
    }
    if array {
        out.write_all(b"\n]\n").unwrap();
        bytes += 3;
    }
    out.flush().unwrap();
    (tricks, bytes)
}

fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Checks `games` generated games from `path` (`.jsonl`, or `.json` for one array); `label` starts
/// the line printed.
fn measure(path: &Path, games: usize, label: &str) {
    let array = path.extension().is_some_and(|e| e == "json");
    let (tricks, bytes) = generate(path, games, array);
    let reset = reset_peak();
    let start = Instant::now();
    let source = RecordSource::open(path).expect("open");
    let mut report = JsonReport::new(std::io::sink()).unwrap();
    let mut checked = 0u64;
    let mut replayed = 0u64;
    for item in source {
        let check = check_item(item);
        replayed += check.sheet.tricks;
        checked += 1;
        report.game(&check, None).unwrap();
    }
    let valid = report.finish().unwrap();
    let secs = start.elapsed().as_secs_f64();
    assert!(valid, "the generated games should all be valid");
    assert_eq!(replayed, tricks, "every generated trick is replayed");
    let peak = peak_kib().map_or("n/a".to_string(), |k| {
        format!("{:.1} MiB", k as f64 / 1024.0)
    });
    let rate = tricks as f64 / secs;
    println!(
        "{label}: {checked:>6} games, {tricks:>8} tricks, {:>6.1} MiB in {secs:.2} s: {rate:>9.0} tricks/s ({} the floor), {:>6.0} games/s, peak memory {peak}{}",
        bytes as f64 / 1048576.0,
        if rate >= FLOOR { "above" } else { "BELOW" },
        checked as f64 / secs,
        if reset { "" } else { " (peak not reset: includes generation)" }
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let big = args
        .iter()
        .position(|a| a == "--games")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(40_000usize);
    let dir = std::env::temp_dir().join(format!("don-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.jsonl");
    println!(
        "don check benchmark: one core, records streamed; floor {FLOOR:.0} tricks/s, memory flat as the file grows"
    );
    for games in [10_000, big] {
        measure(&path, games, "check --json");
    }
    let _ = std::fs::remove_file(&path);
    // The same games as one .json array: read twice (the whole document is checked before the
    // first record), streamed element by element the second time.
    let path = dir.join("games.json");
    for games in [10_000, big] {
        measure(&path, games, "check --json, one .json array");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
