//! `cargo bench --bench cup`: `don cup show` of a 64-entry cup (RULES.md §11), drawn from a seed
//! and played to its final (totals, walkovers and level ties with their deciders), timed as a
//! whole release process, as text and as JSON, and its read through the app in process; each
//! the median of several runs, printed beside its target (50 ms). It is not a timed test: it
//! fails only when the cup is not played to its final or its JSON has not its six rounds.
//!
//! `-- --keep DIR` writes the database into DIR and leaves it there.

mod common;

use std::process::{Command, Stdio};
use std::time::Instant;

use common::{median, work_dir};
use don::app::cup::{Draw, TieEntry, TieGiven};
use don::app::league::which::Choice;
use don::app::league::{new_config, SeasonTeams};
use don::app::{Actor, App};
use don::league::cup::CupKind;
use don::league::{ConfigChange, Pair};

/// `cup show` may take this long.
const TARGET_MS: f64 = 50.0;

const ENTRIES: usize = 64;

fn verdict(ms: f64) -> &'static str {
    if ms <= TARGET_MS {
        "met"
    } else {
        "NOT MET"
    }
}

/// A league of 64 teams whose season's League Cup is drawn from a seed and played to its final.
fn played(db: &std::path::Path) {
    let actor = Actor {
        name: "bench".into(),
        team: None,
        game: None,
        league: None,
    };
    let mut app = App::open(db, actor).unwrap();
    let config = new_config(&ConfigChange::default()).unwrap();
    app.league_new("Bench League", &config).unwrap();
    let first = [
        "Black", "White", "Golden", "Royal", "Kings", "Silver", "Green", "Hope",
    ];
    let second = [
        "Lion", "Swan", "Horse", "Bell", "Anchor", "Crown", "Plough", "Harp",
    ];
    let teams: Vec<String> = first
        .iter()
        .flat_map(|f| second.iter().map(move |s| format!("{f} {s}")))
        .collect();
    let choice = Choice::default();
    for t in &teams {
        app.team_add(&choice, t, None).unwrap();
    }
    let named = SeasonTeams::Named {
        names: teams.clone(),
        create: false,
    };
    app.season_new(None, "2025-26", &named).unwrap();
    app.cup_new(&choice, "League Cup", CupKind::Team, None)
        .unwrap();
    app.cup_enter(&choice, "League Cup", &teams[..ENTRIES])
        .unwrap();
    app.cup_draw(&choice, "League Cup", Draw::Seed(20251106))
        .unwrap();
    let mut k = 0;
    loop {
        let view = app.cup(&choice, "League Cup").unwrap();
        let next: Vec<(String, String)> = view
            .next_ties()
            .into_iter()
            .map(|(_, t)| (t.home.clone().unwrap(), t.away.clone().unwrap()))
            .collect();
        if next.is_empty() {
            assert!(view.winner.is_some(), "played to its final");
            break;
        }
        for (home, away) in next {
            let (given, decider) = match k % 3 {
                0 => (TieGiven::Totals(Pair::new(5, 4)), None),
                1 => (TieGiven::Walkover("away".into()), None),
                _ => (TieGiven::Totals(Pair::new(3, 6)), None),
            };
            k += 1;
            let entry = TieEntry {
                cup: "League Cup",
                home: &home,
                away: &away,
                decider,
                ..TieEntry::default()
            };
            app.cup_result(&choice, entry, given).unwrap();
        }
    }
}

/// `don cup show 'League Cup' ARGS` as a whole process: its time in ms, and what it printed.
fn show(db: &std::path::Path, args: &[&str]) -> (f64, String) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_don"))
        .args(["cup", "show", "League Cup"])
        .args(args)
        .env("DON_DB", db)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (ms, String::from_utf8_lossy(&out.stdout).into_owned())
}

fn main() {
    let (_temp, dir, _) = work_dir();
    let db = dir.join("cup.db");
    for end in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{end}", db.display()));
    }
    played(&db);
    println!("cup: a cup of {ENTRIES} teams drawn from a seed and played to its final");
    const RUNS: usize = 15;
    for (what, args) in [("text", &[][..]), ("--json", &["--json"][..])] {
        let mut times = Vec::new();
        for _ in 0..RUNS {
            let (ms, out) = show(&db, args);
            if what == "--json" {
                let v: serde_json::Value = serde_json::from_str(&out).unwrap();
                assert_eq!(v["rounds"].as_array().map(Vec::len), Some(6), "six rounds");
            }
            times.push(ms);
        }
        let ms = median(times);
        println!(
            "  don cup show ({what:<6}) {ms:>7.1} ms  (median of {RUNS}; target: under {TARGET_MS} ms: {})",
            verdict(ms)
        );
    }
    let app = App::open_read(&db).unwrap();
    let choice = Choice::default();
    let mut times = Vec::new();
    for _ in 0..50 {
        let start = Instant::now();
        let view = app.cup(&choice, "League Cup").unwrap();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(view.rounds.len(), 6);
    }
    let ms = median(times);
    println!(
        "  App::cup (in process) {ms:>7.2} ms  (median of 50; target: under {TARGET_MS} ms: {})",
        verdict(ms)
    );
}
