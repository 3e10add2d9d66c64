//! The database through the command line: import (all or nothing, idempotent), export (a byte
//! for byte round trip), show and games, undo and redo, the log, and bad input leaving the
//! database exactly as it was.

use crate::common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use common::db::Db;
use common::{don, text};

/// A fresh database in a temporary folder.
/// Two long texts are the same; if not, the first line that differs is shown.
fn same_lines(a: &str, b: &str) {
    if a != b {
        let (x, y) = a
            .lines()
            .zip(b.lines())
            .find(|(x, y)| x != y)
            .unwrap_or(("(end)", "(end)"));
        panic!(
            "they differ ({} and {} lines); first:\n  {x}\n  {y}",
            a.lines().count(),
            b.lines().count()
        );
    }
}

/// Every example record file (the broken ones left out).
fn examples() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "jsonl"))
        .map(|p| format!("examples/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    assert!(files.len() >= 11, "{files:?}");
    files
}

fn args<'a>(head: &[&'a str], files: &'a [String]) -> Vec<&'a str> {
    head.iter()
        .copied()
        .chain(files.iter().map(String::as_str))
        .collect()
}

/// The games of a `check --json` report, without the fields that say where each was read.
fn checked_games(report: &str) -> Vec<Value> {
    let v: Value = serde_json::from_str(report).unwrap();
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let mut g = g.clone();
            let m = g.as_object_mut().unwrap();
            m.remove("index");
            m.remove("file");
            g
        })
        .collect()
}

#[test]
fn export_import_export_is_byte_identical_over_every_example() {
    let files = examples();
    let db = Db::new();
    let said = db.ok(&args(&["import"], &files));
    assert_eq!(said, "Imported 23 games: games 1–23.\n");
    let first = db.ok(&["export"]);
    assert_eq!(first.lines().count(), 23);

    let exported = db.dir().join("all.jsonl");
    std::fs::write(&exported, &first).unwrap();
    let again = Db::new();
    again.ok(&["import", exported.to_str().unwrap()]);
    let second = again.ok(&["export"]);
    assert_eq!(
        first, second,
        "export, import, export must give the same bytes"
    );

    // The exported records score exactly as the originals.
    let original = text(
        &don()
            .args(args(&["check", "--json"], &files))
            .output()
            .unwrap()
            .stdout,
    );
    let out = don()
        .args(["check", "--json", exported.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert_eq!(checked_games(&original), checked_games(&text(&out.stdout)));
}

#[test]
fn importing_the_same_files_twice_changes_nothing() {
    let files = examples();
    let db = Db::new();
    db.ok(&args(&["import"], &files));
    let before = db.dump();
    let said = db.ok(&args(&["import"], &files));
    assert_eq!(said, "Imported 0 games (23 games already stored).\n");
    same_lines(&before, &db.dump());
}

#[test]
fn a_record_without_id_is_known_by_its_content() {
    let db = Db::new();
    let file = db.dir().join("no-id.jsonl");
    let record = r#"{"format":"don/1","ruleset":{"variant":"nine-card-don","target":121},"hands":[{"pitcher":"N","points":{"NS":12,"EW":31},"game":"EW"}]}"#;
    std::fs::write(&file, format!("{record}\n")).unwrap();
    let f = file.to_str().unwrap();
    assert_eq!(db.ok(&["import", f]), "Imported 1 game: game 1.\n");
    assert_eq!(
        db.ok(&["import", f]),
        "Imported 0 games (1 game already stored).\n"
    );
    // Another hand makes it another game.
    let other = record
        .replace("\"NS\":12,\"EW\":31", "\"NS\":31,\"EW\":12")
        .replace("\"game\":\"EW\"", "\"game\":\"NS\"");
    std::fs::write(&file, format!("{other}\n")).unwrap();
    assert_eq!(db.ok(&["import", f]), "Imported 1 game: game 2.\n");
}

#[test]
fn the_same_id_with_other_content_is_an_error_and_nothing_is_imported() {
    let db = Db::new();
    db.ok(&["import", "examples/nine-card-don.json"]);
    let before = db.dump();
    let bytes_before = std::fs::read(&db.path).unwrap();
    let original = std::fs::read_to_string("examples/nine-card-don.json").unwrap();
    let changed = original.replacen("Fox and Hounds", "Red Lion", 1);
    assert_ne!(original, changed);
    let file = db.dir().join("changed.json");
    std::fs::write(&file, changed).unwrap();
    let fresh = r#"{"format":"don/1","id":"fresh","ruleset":{"variant":"phat"},"hands":[]}"#;
    let fresh_file = db.dir().join("fresh.jsonl");
    std::fs::write(&fresh_file, format!("{fresh}\n")).unwrap();
    let out = db.run(&[
        "import",
        fresh_file.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("changed.json, record 1, id \"abercarn-2024-03-14-t1-leg1\": is already stored as game 1 with different content (first at `venue`)"),
        "{err}"
    );
    assert!(
        err.contains("Nothing imported: 1 error in 3 records."),
        "{err}"
    );
    same_lines(&before, &db.dump());
    assert_eq!(bytes_before, std::fs::read(&db.path).unwrap());
}

#[test]
fn an_invalid_record_anywhere_imports_nothing_and_says_where() {
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    let before = db.dump();
    let out = db.run(&[
        "import",
        "examples/season.jsonl",
        "examples/broken/broken.json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    // The place of each error: file, record, hand and trick.
    assert!(
        err.lines().any(
            |l| l.starts_with("error: examples/broken/broken.json, record ")
                && l.contains("hand ")
                && l.contains("trick ")
        ),
        "{err}"
    );
    assert!(err.contains("Nothing imported:"), "{err}");
    same_lines(&before, &db.dump());
    assert_eq!(db.ok(&["games", "--json"]).matches("\"game\":").count(), 1);
}

#[test]
fn a_date_that_is_not_a_calendar_date_is_refused() {
    let db = Db::new();
    for (date, ok) in [
        ("2024-02-29", true),
        ("2023-02-29", false),
        ("2024-2-3", false),
        ("14/03/2024", false),
    ] {
        let file = db.dir().join("d.jsonl");
        let record = format!(
            r#"{{"format":"don/1","id":"d-{ok}-{}","date":"{date}","ruleset":{{"variant":"phat"}},"hands":[]}}"#,
            date.replace('/', "-")
        );
        std::fs::write(&file, format!("{record}\n")).unwrap();
        let out = db.run(&["import", file.to_str().unwrap()]);
        if ok {
            assert!(out.status.success(), "{date}: {}", text(&out.stderr));
        } else {
            assert_eq!(out.status.code(), Some(1), "{date}");
            let err = text(&out.stderr);
            assert!(
                err.contains(&format!(
                    "[schema] `date` \"{date}\" is not a calendar date written YYYY-MM-DD"
                )),
                "{err}"
            );
        }
    }
}

#[test]
fn dry_run_says_what_would_be_imported_and_changes_nothing() {
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    let before = db.dump();
    let said = db.ok(&[
        "import",
        "--dry-run",
        "examples/phat.json",
        "examples/season.jsonl",
    ]);
    assert_eq!(
        said,
        "Would import 12 games (1 game already stored); nothing was changed (--dry-run).\n"
    );
    same_lines(&before, &db.dump());
}

#[test]
fn show_json_agrees_with_check_on_the_exported_record() {
    let db = Db::new();
    db.ok(&[
        "import",
        "examples/irish-don-totals.json",
        "examples/season.jsonl",
    ]);
    let exported = db.dir().join("e.jsonl");
    std::fs::write(&exported, db.ok(&["export"])).unwrap();
    let report = text(
        &don()
            .args(["check", "--json", exported.to_str().unwrap()])
            .output()
            .unwrap()
            .stdout,
    );
    let games = checked_games(&report);
    assert_eq!(games.len(), 13);
    for (n, checked) in games.iter().enumerate() {
        let shown: Value =
            serde_json::from_str(&db.ok(&["show", &(n + 1).to_string(), "--json"])).unwrap();
        assert_eq!(&shown, checked, "game {}", n + 1);
    }
    // A record's id names the game too.
    let by_id = db.ok(&["show", "--json", games[0]["id"].as_str().unwrap()]);
    assert_eq!(by_id, db.ok(&["show", "--json", "1"]));
}

#[test]
fn games_lists_and_filters() {
    let db = Db::new();
    db.ok(&[
        "import",
        "examples/season.jsonl",
        "examples/nine-card-don.json",
    ]);
    let all: Value = serde_json::from_str(&db.ok(&["games", "--json"])).unwrap();
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), 14);
    let keys: Vec<&String> = all[0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "date", "draw", "final", "finished", "game", "hands", "id", "losers", "seats",
            "variant", "venue", "winner"
        ]
    );
    let count = |extra: &[&str]| -> usize {
        let mut a = vec!["games", "--json"];
        a.extend_from_slice(extra);
        serde_json::from_str::<Value>(&db.ok(&a))
            .unwrap()
            .as_array()
            .unwrap()
            .len()
    };
    let phat = all.iter().filter(|g| g["variant"] == "phat").count();
    assert!(phat > 0);
    assert_eq!(count(&["--variant", "phat"]), phat);
    let unfinished = all.iter().filter(|g| g["finished"] == false).count();
    assert_eq!(count(&["--unfinished"]), unfinished);
    // A player, matched ignoring case and extra spaces.
    let seated = all
        .iter()
        .find(|g| !g["seats"].as_object().unwrap().is_empty())
        .unwrap();
    let name = seated["seats"]
        .as_object()
        .unwrap()
        .values()
        .next()
        .unwrap()
        .as_str()
        .unwrap()
        .to_string();
    let sat = all
        .iter()
        .filter(|g| {
            g["seats"]
                .as_object()
                .unwrap()
                .values()
                .any(|v| v == name.as_str())
        })
        .count();
    let shouted = format!("  {}  ", name.to_uppercase());
    assert_eq!(count(&["--player", &shouted]), sat);
    let first = all[0]["date"].as_str().unwrap();
    let on_or_after = all
        .iter()
        .filter(|g| g["date"].as_str().unwrap() >= first)
        .count();
    assert_eq!(count(&["--since", first]), on_or_after);
    let out = db.run(&["games", "--since", "2024-13-01"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn undo_reverses_an_import_and_undoing_the_undo_redoes_it() {
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    let one = db.dump();
    db.ok(&["import", "examples/season.jsonl"]);
    let two = db.ok(&["export"]);
    let said = db.ok(&["undo"]);
    assert!(said.starts_with("Undid #2 ("), "{said}");
    assert_eq!(db.ok(&["export"]).lines().count(), 1);
    let said = db.ok(&["undo"]);
    assert!(said.starts_with("Redid #2 ("), "{said}");
    assert_eq!(db.ok(&["export"]), two);
    // And back once more.
    db.ok(&["undo"]);
    assert_eq!(db.ok(&["export"]).lines().count(), 1);
    let log = db.ok(&["log"]);
    assert!(
        log.contains("imported 12 games from examples/season.jsonl (undone by #3)"),
        "{log}"
    );
    // The tables hold what they held after the first import (the log has grown).
    let tables = |dump: &str| -> String {
        dump.lines()
            .filter(|l| l.starts_with("INSERT INTO"))
            .filter(|l| {
                !["operations", "changes", "added", "sqlite_sequence"]
                    .iter()
                    .any(|t| l.starts_with(&format!("INSERT INTO {t} ")))
            })
            .map(|l| format!("{l}\n"))
            .collect()
    };
    same_lines(&tables(&one), &tables(&db.dump()));
}

#[test]
fn undo_with_nothing_to_undo_is_refused() {
    let db = Db::new();
    db.ok(&["import", "-"]); // an empty database
    let out = db.run(&["undo"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "don: error: there is nothing to undo\n");
}

#[test]
fn a_database_from_a_newer_don_is_refused_untouched() {
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    let status = Command::new("sqlite3")
        .arg(&db.path)
        .arg("PRAGMA user_version = 99")
        .status()
        .unwrap();
    assert!(status.success());
    let before = std::fs::read(&db.path).unwrap();
    let out = db.run(&["games"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "was written by a newer version of don (schema version 99; this don knows up to {})",
            common::latest_schema_version().trim()
        )),
        "{err}"
    );
    assert_eq!(before, std::fs::read(&db.path).unwrap());
}

#[test]
fn the_schema_is_wal_with_foreign_keys_and_every_table_is_logged() {
    let db = Db::new();
    db.ok(&["import", "-"]);
    let q = |sql: &str| -> String {
        text(
            &Command::new("sqlite3")
                .arg(&db.path)
                .arg(sql)
                .output()
                .unwrap()
                .stdout,
        )
    };
    assert_eq!(q("PRAGMA journal_mode"), "wal\n");
    assert_eq!(q("PRAGMA user_version"), common::latest_schema_version());
    // Each table users' entries go into has its two triggers, naming every column. The games'
    // summaries are derived from them, not entered: worked out anew by each change (an undo
    // too), never logged; nor are a link's uses and the sessions on the web, no change to the
    // league.
    let tables = q("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT IN ('operations', 'changes', 'added', 'sqlite_sequence', 'game_summaries', 'game_summary_scores', 'link_uses', 'web_sessions') ORDER BY name");
    for table in tables.lines() {
        let columns = q(&format!("SELECT name FROM pragma_table_info('{table}')"));
        for action in ["update", "delete"] {
            let sql = q(&format!(
                "SELECT sql FROM sqlite_schema WHERE name = '{table}_{action}'"
            ));
            for column in columns.lines() {
                assert!(
                    sql.contains(&format!("'{column}', old.{column}")),
                    "{table}_{action} lacks {column}"
                );
            }
        }
    }
}

#[test]
fn new_validates_options_as_a_record_does_and_shares_players_by_name() {
    let db = Db::new();
    let refused = [
        (&["new", "nine-card-don", "--target", "lots"][..], "target"),
        (
            &["new", "nine-card-don", "--muck-tie", "tens"][..],
            "muck_tie",
        ),
        (&["new", "phat", "--end-scoring", "hljg"][..], "end_scoring"),
        (&["new", "snap"][..], "snap"),
        (&["new", "irish-don", "--pack", "50"][..], "pack"),
        (&["new", "phat", "--date", "2024-02-30"][..], "2024-02-30"),
        (&["new", "blind-don", "--east", "Dai"][..], "no seat E"),
        (&["new", "nine-card-don", "--pitcher", "Q"][..], "Q"),
    ];
    for (args, needle) in refused {
        let out = db.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!db.path.exists() || db.ok(&["games"]) == "No games.\n");
    let said = db.ok(&[
        "new",
        "nine-card-don",
        "--target",
        "91",
        "--end-scoring",
        "hljg",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--date",
        "2024-03-14",
        "--venue",
        "Fox and Hounds",
    ]);
    assert_eq!(
        said,
        "Game 1: Nine Card Don to 91, high, low, jack, 5 for game\n2024-03-14 · Fox and Hounds\nNS (Gareth & Rhys) v EW (Dai & Huw)\nScore it with: don play 1\n"
    );
    db.ok(&[
        "new",
        "irish-don",
        "--pack",
        "48",
        "--north",
        "  GARETH ",
        "--south",
        "rhys",
    ]);
    let record: Value = serde_json::from_str(db.ok(&["export", "1"]).trim()).unwrap();
    assert_eq!(
        record["ruleset"],
        serde_json::json!({"variant": "nine-card-don", "cut": "high", "deals": null, "end_scoring": "hljg", "legs": 1, "penalties": "friendly", "target": 91})
    );
    let both: Value =
        serde_json::from_str(&db.ok(&["games", "--player", "gareth", "--json"])).unwrap();
    assert_eq!(both.as_array().unwrap().len(), 2);
    let players = Command::new("sqlite3")
        .arg(&db.path)
        .arg("SELECT name FROM players ORDER BY name")
        .output()
        .unwrap();
    assert_eq!(text(&players.stdout), "Dai\nGareth\nHuw\nRhys\n");
    // Undoing the new game takes it away; undoing that brings it back.
    db.ok(&["undo"]);
    assert_eq!(db.ok(&["export"]).lines().count(), 1);
    db.ok(&["undo"]);
    assert_eq!(db.ok(&["export"]).lines().count(), 2);
}

#[test]
fn commands_that_only_read_never_leave_a_new_database_behind() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typo/sub/don.db");
    for args in [
        &["show", "1"][..],
        &["games"][..],
        &["export"][..],
        &["log"][..],
        &["undo"][..],
        &["play"][..],
    ] {
        let out = don()
            .args(args)
            .arg("--db")
            .arg(&path)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "don: error: there is no database at {}: `don new` or `don import` begins one\n",
                path.display()
            ),
            "{args:?}"
        );
        assert!(!dir.path().join("typo").exists(), "{args:?} made a folder");
    }
}

#[test]
fn a_blank_player_name_is_an_error_naming_its_record() {
    let db = Db::new();
    let file = db.dir().join("blank.jsonl");
    std::fs::write(
        &file,
        "{\"format\":\"don/1\",\"ruleset\":{\"variant\":\"phat\"},\"seats\":{\"N\":\"  \"},\"hands\":[]}\n",
    )
    .unwrap();
    let out = db.run(&["import", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("blank.jsonl, record 1 (line 1): record [schema] `seats.N` is blank"),
        "{err}"
    );
}

#[test]
fn someone_elses_database_is_refused_byte_for_byte_untouched() {
    let db = Db::new();
    db.sql("CREATE TABLE accounts (name TEXT)");
    let before = std::fs::read(&db.path).unwrap();
    let out = db.run(&["import", "examples/phat.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is not a don database: it already has tables of its own"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(before, std::fs::read(&db.path).unwrap());
}

#[test]
fn one_name_spelt_two_ways_in_one_change_is_one_player_and_no_panic() {
    // Before: "already borrowed" (exit 101) when one change met a name written two ways other
    // than as typed or all lower-case: two records, a roster, a night's players.
    let db = Db::new();
    let record: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/nine-card-don-totals.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let mut lines = String::new();
    for (id, north) in [("g-a", "Gareth Jones"), ("g-b", "GARETH JONES")] {
        let mut r = record.clone();
        r["id"] = Value::from(id);
        r["seats"]["N"] = Value::from(north);
        lines.push_str(&serde_json::to_string(&r).unwrap());
        lines.push('\n');
    }
    let file = db.dir().join("two.jsonl");
    std::fs::write(&file, lines).unwrap();
    db.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(
        db.sql("SELECT count(*) FROM players WHERE key = 'gareth jones'"),
        "1\n"
    );
    db.league_new("Valleys", &[]);
    db.season_new("2025-26", &["A", "B"]);
    // Named twice in one command: refused as a slip (no panic); one at a time, one player.
    let out = db.run(&["roster", "add", "A", "Zed Zee", "ZED ZEE"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    db.roster_add("A", &["Zed Zee"]);
    let said = db.ok(&["roster", "add", "A", "ZED ZEE"]);
    assert!(said.contains("1 on the roster"), "{said}");
    let out = db.run(&[
        "night",
        "enter",
        "A",
        "B",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-1",
        "--match",
        "single-crib 1; GARETH JONES; Dai Morgan; 2-0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_database_from_before_names_were_matched_in_nfc_has_its_keys_folded_anew() {
    // A team and a player typed with the accent apart (e + U+0301), keyed as version 3 of the
    // schema keyed them: lowercased, the accent still apart.
    let db = Db::new();
    db.league_new("L", &[]);
    db.ok(&["season", "new", "2025-26"]);
    db.ok(&["team", "add", "Cafe\u{301} Royal"]);
    db.roster_add("Cafe\u{301} Royal", &["Rene\u{301} Dai"]);
    db.sql(
        "UPDATE teams SET key = 'cafe\u{301} royal'; \
         UPDATE players SET key = 'rene\u{301} dai';",
    );
    db.set_back_to_version(3);
    // A read brings a copy in memory up to date, and finds the team typed either way.
    let out = db.run(&["roster", "show", "Café Royal"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("René Dai") || text(&out.stdout).contains("Rene\u{301} Dai")
    );
    assert_eq!(db.sql("PRAGMA user_version"), "3\n");
    // The first change brings the file up to date: the names typed composed are the same team
    // and the same player, not new ones.
    let out = db.run(&["team", "add", "Café Royal"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "don: error: L already has a team 'Cafe\u{301} Royal'\n"
    );
    db.roster_add("Café Royal", &["René Dai"]);
    assert_eq!(
        db.sql("PRAGMA user_version"),
        common::latest_schema_version()
    );
    assert_eq!(db.sql("SELECT count(*) FROM teams"), "1\n");
    assert_eq!(db.sql("SELECT count(*) FROM players"), "1\n");
    assert_eq!(
        db.sql("SELECT key FROM teams UNION ALL SELECT key FROM players"),
        "café royal\nrené dai\n"
    );
    // The folding is one operation of the log, by the upgrade.
    let log = db.ok(&["log"]);
    assert!(
        log.contains("names matched with their accents composed: 2 names folded anew"),
        "{log}"
    );
}

/// `don ARGS` with `input` on its standard input.
fn fed(db: &Db, args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = db.spawn(args);
    common::db::feed(&mut child, input);
    child.wait_with_output().unwrap()
}

/// Game records on standard input, every one bad: the errors kept stop at 100 (the rest are
/// not checked, so memory stays flat however long the stream), and the summary says so.
#[test]
fn an_import_of_endless_bad_records_stops_after_100_errors_and_says_so() {
    let db = Db::new();
    db.ok(&["import", "-"]);
    let before = db.dump();
    let out = fed(&db, &["import", "-"], "x\n".repeat(200_000).as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 101, "{}", &err[..err.len().min(2000)]);
    assert_eq!(
        lines[99],
        "error: standard input, record 100 (line 100): record [parse] line 100 is not a JSON record: expected value at line 1 column 1"
    );
    assert_eq!(
        lines[100],
        "Nothing imported: 100 errors in the first 100 records, and more: stopped after 100 errors."
    );
    assert_eq!(db.dump(), before);
    // Fewer than 100: all said, nothing of stopping.
    let out = fed(&db, &["import", "-"], b"x\nx\n");
    assert_eq!(
        text(&out.stderr).lines().last(),
        Some("Nothing imported: 2 errors in 2 records.")
    );
}

/// A league results CSV on standard input (with a byte-order mark or without) is told for what
/// it is, with how to import it (a file named .csv), not as a record that is not JSON.
#[test]
fn a_results_csv_on_standard_input_is_told_for_what_it_is() {
    let db = Db::new();
    db.ok(&["import", "-"]);
    let before = db.dump();
    let csv = "season,date,home,away,home_points,away_points\n2025-26,2025-09-04,A,B,5,4\n";
    for input in [csv.to_string(), format!("\u{feff}{csv}")] {
        let out = fed(&db, &["import", "-"], input.as_bytes());
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            text(&out.stderr),
            "don: error: standard input holds league results (its first line is a results CSV header), not game records\n  \
             hint: league results are imported from files named .csv: save it as one (e.g. results.csv) and give `don import results.csv --league NAME`\n"
        );
        assert_eq!(db.dump(), before);
    }
}

/// `games --json` as the games' summaries say, and as a replay of every game says (the
/// summaries taken away: a read works them out in memory).
fn listed_and_replayed(db: &Db) -> (String, String) {
    let listed = db.ok(&["games", "--json"]);
    let db2 = Db::new();
    std::fs::copy(&db.path, &db2.path).unwrap();
    db2.sql("DELETE FROM game_summary_scores; DELETE FROM game_summaries;");
    (listed, db2.ok(&["games", "--json"]))
}

#[test]
fn game_summaries_stay_right_through_table_entries_imports_and_their_undo() {
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    let game = db.ok(&["games", "--unfinished", "--json"]);
    assert!(game.contains("\"game\":2"), "{game}");
    let out = db.play(&[], "5H 2H 3H 4H\n9H AH 6H 7H\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (listed, replayed) = listed_and_replayed(&db);
    assert_eq!(listed, replayed);
    assert!(listed.contains("\"hands\":1"), "{listed}");
    // The last trick undone, then the import of a season.
    db.ok(&["undo"]);
    let (listed, replayed) = listed_and_replayed(&db);
    assert_eq!(listed, replayed);
    db.ok(&["import", "examples/season.jsonl"]);
    let (with_season, replayed) = listed_and_replayed(&db);
    assert_eq!(with_season, replayed);
    db.ok(&["undo"]);
    let (after, replayed) = listed_and_replayed(&db);
    assert_eq!(after, replayed);
    assert_eq!(after, listed);
    // Undoing the undo puts the season's summaries back.
    db.ok(&["undo"]);
    let (again, replayed) = listed_and_replayed(&db);
    assert_eq!(again, replayed);
    assert_eq!(again, with_season);
    let text_list = db.ok(&["games"]);
    db.sql("DELETE FROM game_summary_scores; DELETE FROM game_summaries;");
    assert_eq!(db.ok(&["games"]), text_list);
}

#[test]
fn a_database_from_version_6_has_its_game_summaries_worked_out() {
    let db = Db::new();
    db.ok(&["import", "examples/season.jsonl"]);
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    let listed = db.ok(&["games", "--json"]);
    let unfinished = db.ok(&["games", "--unfinished"]);
    db.set_back_to_version(6);
    // Read only: worked out in memory, nothing written.
    assert_eq!(db.ok(&["games", "--json"]), listed);
    assert_eq!(db.ok(&["games", "--unfinished"]), unfinished);
    // The first command that changes it keeps them.
    let out = db.play(&[], "quit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("Game 13:"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(db.sql("SELECT count(*) FROM game_summaries;").trim(), "13");
    assert_eq!(db.ok(&["games", "--json"]), listed);
}
