//! A whole season through the command line: the sample season imported and its table compared
//! with the one counted independently (tests/data/league, checked by hand in HAND-CHECK.md),
//! `--on`, `--explain`, `--csv`, the results round trip, importing twice, every fault of a
//! results file named by file, line and column with nothing kept, a withdrawal, `undo` of every
//! league change, and a database from before leagues brought up to date.

use crate::common;

use std::path::{Path, PathBuf};

use serde_json::Value;

use common::db::Db;
use common::{snapshot, text};

const LEAGUE: &str = "Abercarn Crib and Don League";

fn sample() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir("examples/league")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".csv"))
        .collect();
    files.sort();
    files
}

fn imported() -> Db {
    let db = Db::new();
    let mut args = vec!["import".to_string()];
    args.extend(sample());
    args.extend(["--league".into(), LEAGUE.into(), "--create".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let said = db.ok(&args);
    assert_eq!(
        said,
        "Imported new league Abercarn Crib and Don League: 132 nights, 1 adjustment, 99 roster places; new season 2025-26; 12 new teams.\n"
    );
    db
}

fn json(s: &str) -> Value {
    serde_json::from_str(s).unwrap()
}

fn oracle(name: &str) -> Value {
    json(&std::fs::read_to_string(Path::new("tests/data/league").join(name)).unwrap())
}

/// The data, without the log (undo writes to the log as it puts data back).
fn data(dump: &str) -> String {
    dump.lines()
        .filter(|l| {
            !l.starts_with("INSERT INTO operations")
                && !l.starts_with("INSERT INTO changes")
                && !l.contains("sqlite_sequence")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_sample_season_imports_and_its_table_is_the_one_counted_by_hand() {
    let db = imported();
    let out = db.ok(&["standings", "--json"]);
    assert!(out.starts_with("[{\"pos\":1,\"team\":\"Royal Oak\",\"played\":22,\"won\":17,\"drawn\":0,\"lost\":5,\"matches_for\":128,\"matches_against\":70,\"legs_for\":283,\"legs_against\":190,\"points\":128},"), "{out}");
    assert_eq!(json(&out), oracle("2025-26-standings.json"));
    // Red Lion, worked out by hand in HAND-CHECK.md.
    let red_lion = json(&out)
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["team"] == "Red Lion")
        .cloned()
        .unwrap();
    assert_eq!(
        red_lion,
        serde_json::json!({"pos": 4, "team": "Red Lion", "played": 22, "won": 14, "drawn": 0, "lost": 8,
            "matches_for": 107, "matches_against": 91, "legs_for": 238, "legs_against": 211, "points": 105})
    );
    snapshot("league-standings.txt", &db.ok(&["standings", "--explain"]));
    snapshot("league-standings.csv", &db.ok(&["standings", "--csv"]));
    // As it stood at the turn of the year.
    let on = db.ok(&["standings", "--on", "2025-12-31", "--json"]);
    assert_eq!(json(&on), oracle("2025-26-standings-2025-12-31.json"));
    assert_ne!(json(&on), json(&out));
    // Before the deduction (2025-11-20) Red Lion has every point it won.
    let before = json(&db.ok(&["standings", "--on", "2025-11-19", "--json"]));
    let after = json(&db.ok(&["standings", "--on", "2025-11-20", "--json"]));
    let points = |t: &Value| {
        t.as_array()
            .unwrap()
            .iter()
            .find(|r| r["team"] == "Red Lion")
            .unwrap()["points"]
            .as_i64()
            .unwrap()
    };
    let matches = |t: &Value| {
        t.as_array()
            .unwrap()
            .iter()
            .find(|r| r["team"] == "Red Lion")
            .unwrap()["matches_for"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(points(&before), matches(&before));
    assert_eq!(points(&after), matches(&after) - 2);
    // Before a night was played, nobody has played.
    let none = json(&db.ok(&["standings", "--on", "2025-09-01", "--json"]));
    assert!(none
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["played"] == 0 && r["points"] == 0));
    let out = db.run(&["standings", "--on", "2025-13-01"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--on: \"2025-13-01\" is not a date"));
}

#[test]
fn exported_results_are_the_files_imported_and_import_into_the_same_table() {
    let db = imported();
    let dir = db.dir().join("out");
    db.ok(&[
        "export",
        "--league",
        LEAGUE,
        "--season",
        "2025-26",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    for file in sample() {
        let name = Path::new(&file).file_name().unwrap();
        assert_eq!(
            std::fs::read(&file).unwrap(),
            std::fs::read(dir.join(name)).unwrap(),
            "{file}"
        );
    }
    // Into an empty database: the same table, and the same files again.
    let again = Db::new();
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let mut args: Vec<String> = vec!["import".into()];
    args.extend(files.iter().map(|p| p.display().to_string()));
    args.extend(["--league".into(), "Copy".into(), "--create".into()]);
    again.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(
        json(&again.ok(&["standings", "--json"])),
        json(&db.ok(&["standings", "--json"]))
    );
    let matches = again.ok(&["export", "--season", "2025-26"]);
    assert_eq!(
        matches.as_bytes(),
        std::fs::read("examples/league/2025-26-matches.csv").unwrap()
    );
    let nights = again.ok(&["export", "--shape", "nights"]);
    assert_eq!(
        nights.as_bytes(),
        std::fs::read("examples/league/2025-26-nights.csv").unwrap()
    );
}

#[test]
fn importing_the_same_results_twice_changes_nothing() {
    let db = imported();
    let before = std::fs::read(&db.path).unwrap();
    let dump = db.dump();
    let mut args = vec!["import".to_string()];
    args.extend(sample());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(db.ok(&args), "Nothing to import: all 133 already there.\n");
    assert!(dump == db.dump(), "a second import changed the database");
    assert_eq!(before, std::fs::read(&db.path).unwrap());
    // A dry run says what it would do and does nothing.
    let fresh = Db::new();
    fresh.league_new(LEAGUE, &[]);
    let dump = fresh.dump();
    let mut args = vec!["import".to_string()];
    args.extend(sample());
    args.extend(["--create".into(), "--dry-run".into()]);
    let said = fresh.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(said, "Would import Abercarn Crib and Don League: 132 nights, 1 adjustment, 99 roster places; new season 2025-26; 12 new teams.\n");
    assert_eq!(dump, fresh.dump());
}

fn write(db: &Db, name: &str, content: &str) -> String {
    let path = db.dir().join(name);
    std::fs::write(&path, content).unwrap();
    path.display().to_string()
}

#[test]
fn a_night_entered_with_another_result_is_an_error_showing_both() {
    let db = imported();
    let matches = std::fs::read_to_string("examples/league/2025-26-matches.csv").unwrap();
    // The first night's first match (2–0, 121-95 121-96) the other way round.
    let first = "2025-26,2025-09-04,Royal Oak,Cwmcarn Hotel,don,1,Nerys Lewis+Rhian Vaughan,Ffion Price+Bethan Watkins,2,0,121-95 121-96\n";
    assert!(matches.contains(first));
    let changed = matches.replacen(
        first,
        &first.replace(",2,0,121-95 121-96", ",0,2,95-121 96-121"),
        1,
    );
    let file = write(&db, "changed.csv", &changed);
    let dump = db.dump();
    let out = db.run(&["import", &file]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    snapshot(
        "league-import-differs.txt",
        &err.replace(&file, "changed.csv"),
    );
    assert_eq!(dump, db.dump());
}

#[test]
fn every_fault_of_a_results_file_is_named_by_line_and_column_and_nothing_is_kept() {
    let db = imported();
    let night = |date: &str, home: &str, away: &str, legs: [&str; 9]| -> String {
        let kinds = [
            ("don", 1),
            ("don", 2),
            ("don", 3),
            ("double-crib", 1),
            ("double-crib", 2),
            ("double-crib", 3),
            ("single-crib", 1),
            ("single-crib", 2),
            ("single-crib", 3),
        ];
        kinds
            .iter()
            .zip(legs)
            .map(|((k, s), l)| format!("2026-27,{date},{home},{away},{k},{s},,,{l},\n"))
            .collect()
    };
    let header = "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n";
    let mut bad = String::from(header);
    bad += &night(
        "2026-09-03",
        "Royal Oak",
        "Red Lion",
        [
            "2,0", "2,0", "2,0", "2,0", "2,0", "2,0", "2,0", "2,0", "2,0",
        ],
    );
    // Line 11: legs that are no best-of-three result; 12: a team nobody knows.
    bad += "2026-27,2026-09-10,Royal Oak,Red Lion,don,1,,,3,0,\n";
    bad += "2026-27,2026-09-10,Royal Oke,Red Lion,don,2,,,2,0,\n";
    // 13: leg scores that do not agree with the legs; 14: one past the target on both sides.
    bad += "2026-27,2026-09-10,Royal Oak,Red Lion,don,3,,,2,0,121-80 80-121\n";
    bad += "2026-27,2026-09-10,Royal Oak,Red Lion,single-crib,1,,,2,0,61-3 70-61\n";
    // 15–16: the same player twice in one kind (a warning only, RULES.md §9); 17: a kind the
    // league does not play.
    // (Players of their rosters: a name near a player's is a fault of its own.)
    bad += "2026-27,2026-09-17,Red Lion,Royal Oak,don,1,Delyth Vaughan+Eirian Harries,Cadi Vaughan+Delyth Davies,2,0,\n";
    bad += "2026-27,2026-09-17,Red Lion,Royal Oak,don,2,Delyth Vaughan+Elin Pritchard,Glyn Williams+Gwilym Prosser,2,0,\n";
    bad += "2026-27,2026-09-17,Red Lion,Royal Oak,whist,1,,,2,0,\n";
    // 18: not a date.
    bad += "2026-27,2026-02-30,Red Lion,Royal Oak,don,3,,,2,0,\n";
    let matches = write(&db, "bad-matches.csv", &bad);
    let nights = write(
        &db,
        "bad-nights.csv",
        "season,date,home,away,home_points,away_points,note\n\
         2026-27,2026-10-01,Greyhound,Commercial,5,5,\n\
         2026-27,2026-10-08,Greyhound,Commercial,5,4,walkover\n\
         2026-27,2026-10-15,Greyhound,Greyhound,5,4,\n",
    );
    let adjust = write(
        &db,
        "bad-adjustments.csv",
        "season,date,team,adjustment,reason\n2026-27,2026-10-01,Red Lion,-2,\n",
    );
    let dump = db.dump();
    let out = db.run(&["import", &matches, &nights, &adjust, "--create"]);
    assert_eq!(out.status.code(), Some(1));
    let dir = db.dir().display().to_string() + "/";
    snapshot(
        "league-import-faults.txt",
        &text(&out.stderr).replace(&dir, ""),
    );
    assert_eq!(dump, db.dump());
    // Without --create an unknown season is a fault too, with what there is.
    let ok_night = write(
        &db,
        "one.csv",
        &(String::from(header) + &night("2026-09-03", "Royal Oak", "Red Lion", ["2,0"; 9])),
    );
    let out = db.run(&["import", &ok_night]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&dir, ""),
        "one.csv, line 2, column 1 (season): Abercarn Crib and Don League has no season '2026-27' (--create makes it)\n\
         Nothing imported: 1 error.\n"
    );
    assert_eq!(dump, db.dump());
    // An unknown team is named, with the nearest known.
    let typo =
        night("2026-03-05", "Royal Oke", "Red Lion", ["2,0"; 9]).replace("2026-27", "2025-26");
    let two = write(&db, "two.csv", &(String::from(header) + &typo));
    let out = db.run(&["import", &two]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&dir, ""),
        "two.csv, line 2, column 3 (home): no team 'Royal Oke' in Abercarn Crib and Don League; did you mean 'Royal Oak'?\n\
         Nothing imported: 1 error.\n"
    );
    assert_eq!(dump, db.dump());
    // Onto a database that is not there yet, nothing is left behind.
    let nowhere = db.dir().join("new.db");
    let out = db
        .cmd(&["import", &matches, "--league", "X", "--create"])
        .env("DON_DB", &nowhere)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!nowhere.exists());
    let out = db
        .cmd(&[
            "import",
            &ok_night,
            "--league",
            "X",
            "--create",
            "--dry-run",
        ])
        .env("DON_DB", &nowhere)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!nowhere.exists());
    // A file that is not results at all.
    let out = db.run(&["import", "examples/league/../nine-card-don.json", &ok_night]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr)
        .contains("import league results (.csv) and game records (.json, .jsonl) separately"));
}

#[test]
fn a_withdrawn_team_is_expunged_and_shown_on_request() {
    let db = imported();
    let said = db.ok(&["withdraw", "Cwmcarn Hotel", "--date", "2026-02-01"]);
    assert_eq!(said, "Cwmcarn Hotel withdrew from season 2025-26 on 2026-02-01; 0 unplayed fixtures cancelled.\nIts results, and every result against it, leave the table (`don standings --withdrawn` shows them).\n");
    let table = json(&db.ok(&["standings", "--json"]));
    let rows = table.as_array().unwrap();
    assert_eq!(rows.len(), 11);
    // Every other team played it twice: 20 nights each now.
    assert!(rows.iter().all(|r| r["played"] == 20), "{table}");
    let shown = db.ok(&["standings", "--withdrawn"]);
    assert!(
        shown.contains("Cwmcarn Hotel withdrew on 2026-02-01; its results are expunged.\n"),
        "{shown}"
    );
    assert!(
        shown.contains("Withdrawn (expunged from the table):"),
        "{shown}"
    );
    // Before it withdrew it was in the table.
    let then = json(&db.ok(&["standings", "--on", "2026-01-31", "--json"]));
    assert_eq!(then.as_array().unwrap().len(), 12);
    // It is exported as an adjustment, and comes back so.
    let adjustments = db.ok(&["export", "--shape", "adjustments"]);
    assert_eq!(adjustments, "season,date,team,adjustment,reason\n2025-26,2025-11-20,Red Lion,-2,fielded a player not on its roster\n2025-26,2026-02-01,Cwmcarn Hotel,withdrawn,\n");
    let out = db.run(&["withdraw", "cwmcarn hotel"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("Cwmcarn Hotel withdrew already, on 2026-02-01"));
}

#[test]
fn every_league_change_is_one_operation_undone_and_redone() {
    let db = Db::new();
    let steps: Vec<Vec<&str>> = vec![
        vec!["league", "new", "Valleys"],
        vec!["season", "new", "2025", "--teams", "A, B, C", "--create"],
        vec!["team", "add", "D", "--venue", "The D", "--season", "2025"],
        vec!["roster", "add", "A", "Gareth", "Rhys"],
        vec!["roster", "remove", "A", "Rhys"],
        vec![
            "fixtures",
            "generate",
            "--start",
            "2025-09-01",
            "--weekday",
            "thu",
        ],
        vec!["fixtures", "move", "1", "2025-09-05"],
        vec!["fixtures", "cancel", "2"],
        vec![
            "night",
            "enter",
            "A",
            "B",
            "--date",
            "2025-10-01",
            "--moved",
            "--totals",
            "5-4",
        ],
        vec![
            "night",
            "enter",
            "C",
            "D",
            "--date",
            "2025-10-01",
            "--moved",
            "--match",
            "don 1; Dai+Huw; Emrys+Glyn; 2-1; 121-3 3-121 121-0",
        ],
        vec![
            "deduct",
            "B",
            "2",
            "--reason",
            "late",
            "--date",
            "2025-10-03",
        ],
        vec!["award", "C", "1", "--reason", "walkover appeal"],
        vec!["withdraw", "D", "--date", "2025-11-01"],
        vec!["league", "set", "--points-per-match", "2"],
    ];
    db.ok(&["import", "examples/phat.json"]);
    let mut before = data(&db.dump());
    for step in &steps {
        db.ok(step);
        let after = data(&db.dump());
        assert_ne!(before, after, "{step:?} changed nothing");
        // Undone, the data is as it was; undoing the undo puts the step back.
        db.ok(&["undo"]);
        let undone = data(&db.dump());
        let diff: Vec<&str> = undone
            .lines()
            .filter(|l| !before.contains(l))
            .take(5)
            .collect();
        assert!(
            undone == before,
            "undoing {step:?} did not put the data back: {diff:?}"
        );
        db.ok(&["undo"]);
        assert!(data(&db.dump()) == after, "redoing {step:?}");
        before = after;
    }
    let ops = db.sql("SELECT count(*) FROM operations WHERE undoes IS NULL");
    assert_eq!(
        ops.trim(),
        (steps.len() + 1).to_string(),
        "one operation a command"
    );
}

#[test]
fn a_database_from_before_leagues_is_brought_up_to_date() {
    let db = Db::new();
    let schema = std::fs::read_to_string("schema.sql").unwrap();
    let v1 = schema.split("\n-- @@ version").next().unwrap();
    let mut child = std::process::Command::new("sqlite3")
        .arg(&db.path)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let sql = format!("{v1}\nPRAGMA user_version = 1;\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(sql.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(db.sql("PRAGMA user_version"), "1\n");
    db.ok(&["import", "examples/phat.json"]);
    assert_eq!(
        db.sql("PRAGMA user_version"),
        common::latest_schema_version()
    );
    db.league_new("Valleys", &[]);
    assert_eq!(db.ok(&["league", "list"]), "Valleys: no seasons yet\n");
}

#[test]
fn an_import_of_results_is_one_operation_undone_and_redone() {
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    let before = data(&db.dump());
    let mut args = vec!["import".to_string()];
    args.extend(sample());
    args.extend(["--league".into(), LEAGUE.into(), "--create".into()]);
    db.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let after = data(&db.dump());
    let table = db.ok(&["standings", "--json"]);
    db.ok(&["undo"]);
    assert!(
        data(&db.dump()) == before,
        "undoing the import left rows behind"
    );
    db.ok(&["undo"]);
    assert!(data(&db.dump()) == after, "redoing the import");
    assert_eq!(db.ok(&["standings", "--json"]), table);
}
