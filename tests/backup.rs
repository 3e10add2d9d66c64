//! `don backup FILE`: SQLite's online backup, taken while another connection is writing,
//! checked, and put in place whole; the database itself refused as FILE.

mod common;

use common::db::Db;
use common::text;

/// The files in a folder, by name, sorted (the database's -wal and -shm left out: they come
/// and go with the connections).
fn files(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "don.db-wal" && n != "don.db-shm")
        .collect();
    names.sort();
    names
}

/// What `sqlite3 FILE STATEMENT` prints.
fn sql(file: &std::path::Path, statement: &str) -> String {
    let out = std::process::Command::new("sqlite3")
        .arg(file)
        .arg(statement)
        .output()
        .expect("sqlite3 is needed for these tests");
    assert!(out.status.success(), "sqlite3: {}", text(&out.stderr));
    text(&out.stdout)
}

fn a_league() -> Db {
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    db.import_sample_season();
    db
}

#[test]
fn a_backup_is_taken_while_another_connection_writes_and_copies_what_was_committed() {
    let db = a_league();
    let before = db.dump();
    let table = db.ok(&["standings", "--json"]);
    // Another writer holds the write lock, with a change not yet committed.
    let writer = rusqlite::Connection::open(&db.path).unwrap();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    writer
        .execute(
            "INSERT INTO operations (at, command, summary) VALUES ('2025-10-09T20:00:00Z', 'test', 'not yet committed')",
            [],
        )
        .unwrap();
    let copy = db.dir().join("copy.db");
    let out = db.run(&["backup", copy.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let first = format!("Backed up {} to {}: ", db.path.display(), copy.display());
    assert!(said.starts_with(&first), "{said}");
    assert!(said.ends_with(" pages), integrity checked.\n"), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    writer.execute_batch("COMMIT").unwrap();
    drop(writer);
    assert!(db.dump().contains("not yet committed"));
    // The copy is the database as it was committed when the backup was taken: nothing of the
    // change in flight, no -wal beside it, and a database don reads.
    assert_eq!(sql(&copy, ".dump"), before);
    assert_eq!(sql(&copy, "PRAGMA integrity_check"), "ok\n");
    assert_eq!(files(db.dir()), ["copy.db", "don.db"]);
    let copy_db = format!("--db={}", copy.display());
    assert_eq!(db.ok(&["standings", "--json", &copy_db]), table);
}

#[test]
fn a_backup_onto_the_database_itself_is_refused_and_changes_nothing() {
    let db = a_league();
    let before = db.dump();
    let names = files(db.dir());
    let same = db.dir().join(".").join("don.db");
    for file in [
        db.path.to_str().unwrap().to_string(),
        same.to_str().unwrap().to_string(),
        format!("{}-wal", db.path.display()),
    ] {
        let out = db.run(&["backup", &file]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert_eq!(
            text(&out.stderr),
            format!("don: error: {file} is the database itself: back it up to another file\n")
        );
        assert_eq!(text(&out.stdout), "");
    }
    assert_eq!(db.dump(), before);
    assert_eq!(files(db.dir()), names);
}

#[test]
fn an_older_file_is_replaced_whole_by_the_checked_copy() {
    let db = a_league();
    let copy = db.dir().join("old.db");
    // An older backup (a database with other contents) is replaced.
    sql(&copy, "CREATE TABLE t (x); INSERT INTO t VALUES (1);");
    db.ok(&["backup", copy.to_str().unwrap()]);
    assert_eq!(sql(&copy, ".dump"), db.dump());
    // No temporary file left beside it.
    assert_eq!(files(db.dir()), ["don.db", "old.db"]);
    // A file that is not a database is not overwritten.
    let notes = db.dir().join("notes.txt");
    std::fs::write(&notes, "the league's notes").unwrap();
    let out = db.run(&["backup", notes.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!("don: error: {} is a file but not a database: a backup replaces only an older backup; give another file name, or remove it first\n", notes.display())
    );
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "the league's notes"
    );
    // A folder is not a file to back up to; nothing is written.
    let out = db.run(&["backup", db.dir().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is a folder"),
        "{}",
        text(&out.stderr)
    );
}

/// A season part-way, with the CLI: a configuration not Abercarn's; a night complete and
/// confirmed, one by totals provisional, one complete and disputed, one incomplete, a
/// walkover confirmed, a deduction.
fn a_season_part_way() -> Db {
    let db = Db::new();
    db.ok(&[
        "league",
        "new",
        "Valleys League",
        "--kind",
        "don=3,121,2",
        "--kind",
        "single-crib=2,61,1",
        "--points-per-match",
        "2",
        "--walkover",
        "4",
        "--roster-min",
        "4",
        "--tie-breakers",
        "points head-to-head legs-difference",
        "--don-rules",
        "nine-card-don target=91",
    ]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Royal Oak, Red Lion, Greyhound, Commercial",
        "--create",
    ]);
    for (team, players) in [
        ("Royal Oak", ["Gareth", "Rhys", "Emrys", "Glyn"]),
        ("Red Lion", ["Dai", "Huw", "Aled", "Bethan"]),
        ("Greyhound", ["Carys", "Dafydd", "Eirian", "Ffion"]),
        ("Commercial", ["Geraint", "Hywel", "Iolo", "Jac"]),
    ] {
        let mut args = vec!["roster", "add", team];
        args.extend(players);
        db.ok(&args);
    }
    let night = |home: &str, away: &str, date: &str, matches: &[&str]| {
        let mut args = vec!["night", "enter", home, away, "--date", date];
        for m in matches {
            args.extend(["--match", m]);
        }
        db.ok(&args);
    };
    night(
        "Royal Oak",
        "Red Lion",
        "2025-09-04",
        &[
            "don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-87 96-121 121-110",
            "don 2; Emrys+Glyn; Aled+Bethan; 0-2",
            "don 3; Gareth+Emrys; Dai+Aled; 2-0",
            "single-crib 1; Rhys; Huw; 2-0; 61-40 61-55",
            "single-crib 2; Glyn; Bethan; 1-2",
        ],
    );
    db.ok(&["night", "confirm", "Royal Oak", "Red Lion"]);
    db.ok(&[
        "night",
        "enter",
        "Greyhound",
        "Commercial",
        "--date",
        "2025-09-04",
        "--totals",
        "3-2",
    ]);
    night(
        "Red Lion",
        "Greyhound",
        "2025-09-11",
        &[
            "don 1; Dai+Huw; Carys+Dafydd; 2-0",
            "don 2; Aled+Bethan; Eirian+Ffion; 2-1",
            "don 3; Dai+Aled; Carys+Eirian; 1-2",
            "single-crib 1; Huw; Dafydd; 2-0",
            "single-crib 2; Bethan; Ffion; 0-2",
        ],
    );
    db.ok(&[
        "night",
        "dispute",
        "Red Lion",
        "Greyhound",
        "--reason",
        "single-crib 2 was 2-1 to Red Lion",
    ]);
    night(
        "Commercial",
        "Royal Oak",
        "2025-09-11",
        &[
            "don 1; Geraint+Hywel; Gareth+Rhys; 2-0",
            "single-crib 1; Iolo; Glyn; 0-2",
        ],
    );
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Greyhound",
        "--date",
        "2025-09-18",
        "--walkover",
        "away",
    ]);
    db.ok(&["night", "confirm", "Royal Oak", "Greyhound"]);
    db.ok(&[
        "deduct",
        "Red Lion",
        "2",
        "--reason",
        "fielded a player not on its roster",
        "--date",
        "2025-09-12",
    ]);
    db
}

/// `export --out-dir DIR`: each file written, by name, with its bytes.
fn exported(db: &Db, dir: &std::path::Path) -> Vec<(String, String)> {
    db.ok(&[
        "export",
        "--league",
        "Valleys League",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    files(dir)
        .into_iter()
        .map(|n| {
            let bytes = std::fs::read(dir.join(&n)).unwrap();
            (n, text(&bytes))
        })
        .collect()
}

#[test]
fn a_season_part_way_exported_imports_into_an_empty_database_and_exports_the_same_bytes() {
    let db = a_season_part_way();
    let first = exported(&db, &db.dir().join("out"));
    let names: Vec<&str> = first.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "2025-26-adjustments.csv",
            "2025-26-configuration.csv",
            "2025-26-matches.csv",
            "2025-26-nights.csv",
            "2025-26-rosters.csv"
        ]
    );
    assert_eq!(
        first[1].1,
        "season,setting,value\n\
         2025-26,kind,\"don=3,121,2,3\"\n\
         2025-26,kind,\"single-crib=2,61,1,3\"\n\
         2025-26,points-per-match,2\n\
         2025-26,walkover,4\n\
         2025-26,roster-min,4\n\
         2025-26,tie-breakers,points head-to-head legs-difference\n\
         2025-26,don-rules,nine-card-don cut=high end_scoring=game legs=1 penalties=friendly target=91\n"
    );
    let matches: Vec<&str> = first[2].1.lines().collect();
    assert_eq!(
        matches[0],
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores,note,confirmation,entered_by,disputed_by,reason"
    );
    assert_eq!(
        matches[1],
        "2025-26,2025-09-04,Royal Oak,Red Lion,don,1,Gareth+Rhys,Dai+Huw,2,1,121-87 96-121 121-110,,confirmed,home,,"
    );
    assert_eq!(
        matches[6],
        "2025-26,2025-09-11,Red Lion,Greyhound,don,1,Dai+Huw,Carys+Dafydd,2,0,,,disputed,home,away,single-crib 2 was 2-1 to Red Lion"
    );
    assert_eq!(
        &matches[11..],
        [
            "2025-26,2025-09-11,Commercial,Royal Oak,don,1,Geraint+Hywel,Gareth+Rhys,2,0,,incomplete,provisional,home,,",
            "2025-26,2025-09-11,Commercial,Royal Oak,single-crib,1,Iolo,Glyn,0,2,,incomplete,provisional,home,,"
        ]
    );
    assert_eq!(
        first[3].1,
        "season,date,home,away,home_points,away_points,note,confirmation,entered_by,disputed_by,reason\n\
         2025-26,2025-09-04,Greyhound,Commercial,3,2,,provisional,home,,\n\
         2025-26,2025-09-18,Royal Oak,Greyhound,0,4,walkover,confirmed,home,,\n"
    );
    // Into an empty database: the same table (the provisional and disputed nights counted and
    // said so), the same configuration, and the same files again.
    let again = Db::new();
    let dir = db.dir().join("out");
    let mut args = vec!["import".to_string()];
    args.extend(
        files(&dir)
            .iter()
            .map(|n| dir.join(n).display().to_string()),
    );
    args.extend([
        "--league".into(),
        "Valleys League".into(),
        "--create".into(),
    ]);
    let said = again.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(
        said,
        "Imported new league Valleys League: 5 nights, 1 adjustment, 16 roster places, 1 season's configuration; new season 2025-26; 4 new teams.\n"
    );
    for view in [
        &["standings", "--json"][..],
        &["standings", "--json", "--confirmed"],
        &["standings"],
        &["league", "show"],
    ] {
        assert_eq!(again.ok(view), db.ok(view), "{view:?}");
    }
    assert_eq!(exported(&again, &again.dir().join("out")), first);
    // The night left incomplete carries on where it stopped.
    again.ok(&[
        "night",
        "enter",
        "Commercial",
        "Royal Oak",
        "--date",
        "2025-09-11",
        "--match",
        "don 2; Iolo+Jac; Emrys+Glyn; 2-0",
    ]);
}

#[test]
fn a_generated_season_part_way_keeps_its_fixtures_to_play_through_export_and_import() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys League"]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Abertillery, Blaina, Cwm, Dukestown",
        "--create",
    ]);
    db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2025-09-01",
        "--weekday",
        "thu",
    ]);
    let list = db.ok(&["fixtures", "list"]);
    // Round 1 played: one night confirmed (entered for the away side), one provisional.
    let first: Vec<(String, String)> = list
        .lines()
        .filter(|l| l.contains("4 Sep 2025"))
        .map(|l| {
            let cells: Vec<&str> = l.split('┆').map(str::trim).collect();
            (cells[3].to_string(), cells[4].to_string())
        })
        .collect();
    assert_eq!(first.len(), 2, "{list}");
    let (h1, a1) = &first[0];
    let (h2, a2) = &first[1];
    db.ok(&["night", "enter", h1, a1, "--totals", "5-4", "--for", a1]);
    db.ok(&["night", "confirm", h1, a1]);
    db.ok(&["night", "enter", h2, a2, "--totals", "3-6"]);
    let out = db.dir().join("out");
    let files_first = exported(&db, &out);
    let names: Vec<&str> = files_first.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "2025-26-configuration.csv",
            "2025-26-fixtures.csv",
            "2025-26-nights.csv"
        ]
    );
    let fixtures: Vec<&str> = files_first[1].1.lines().collect();
    assert_eq!(fixtures.len(), 13);
    assert_eq!(fixtures[0], "season,date,home,away,round");
    assert_eq!(fixtures[1], format!("2025-26,2025-09-04,{h1},{a1},1"));
    assert!(
        fixtures[12].starts_with("2025-26,2025-10-09,"),
        "{}",
        fixtures[12]
    );
    assert_eq!(
        files_first[2].1,
        format!(
            "season,date,home,away,home_points,away_points,confirmation,entered_by,disputed_by,reason\n\
             2025-26,2025-09-04,{h1},{a1},5,4,confirmed,away,,\n\
             2025-26,2025-09-04,{h2},{a2},3,6,provisional,home,,\n"
        )
    );
    let again = Db::new();
    let mut args = vec!["import".to_string()];
    args.extend(
        files(&out)
            .iter()
            .map(|n| out.join(n).display().to_string()),
    );
    args.extend([
        "--league".into(),
        "Valleys League".into(),
        "--create".into(),
    ]);
    let said = again.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(
        said,
        "Imported new league Valleys League: 2 nights, 12 fixtures; new season 2025-26; 4 new teams.\n"
    );
    assert_eq!(
        again.ok(&["fixtures", "list"]),
        db.ok(&["fixtures", "list"])
    );
    assert_eq!(exported(&again, &again.dir().join("out")), files_first);
    // Its schedule kept, a night off its fixture's date is refused there too.
    let nights = again.dir().join("late.csv");
    std::fs::write(
        &nights,
        format!(
            "season,date,home,away,home_points,away_points\n2025-26,2025-12-25,{h1},{a1},4,5\n"
        ),
    )
    .unwrap();
    let out = again.run(&["import", nights.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
}

// A game in play exported and imported back (issue 15, point 5).

/// The lines of one game of Nine Card Don (S to pitch first, given at `don new`): a penalty
/// waiting for hand 1, hand 1 trick by trick, a penalty and the pitcher for hand 2 before it
/// begins, a hand of totals, a misdeal, and a penalty and four tricks of hand 4.
fn table_lines() -> Vec<String> {
    let mut lines = vec!["penalty NS 5".to_string()];
    lines.extend(common::HAND_A.iter().map(|t| t.to_string()));
    lines.extend(
        [
            "penalty EW out-of-turn",
            "pitcher W",
            "totals ns 10 ew 20 game ew",
            "abandon misdeal",
            "penalty NS -3",
        ]
        .map(String::from),
    );
    lines.extend(common::HAND_A[..4].iter().map(|t| t.to_string()));
    lines
}

/// `don play GAME` with these lines, which must all be taken.
fn played(db: &Db, game: &str, lines: &[String]) {
    let out = db.play(&[game], &(lines.join("\n") + "\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn every_state_of_a_game_at_the_table_exports_imports_and_exports_the_same_bytes() {
    // Before: a game mid-hand exported as a record `import` refused ("wrong-trick-count …
    // Nothing imported"), and a hand begun with its pitcher or a penalty lost them.
    let lines = table_lines();
    let db = Db::new();
    // Game k+1 holds the first k lines; then a finished game and a conceded one.
    // (Each with an id: two records alike without one are one game to `import`.)
    for k in 0..=lines.len() {
        db.ok(&[
            "new",
            "nine-card-don",
            "--seats",
            "Gareth, Dai, Rhys, Huw",
            "--pitcher",
            "S",
            "--id",
            &format!("after-{k}-lines"),
        ]);
        if k > 0 {
            played(&db, &(k + 1).to_string(), &lines[..k]);
        }
    }
    let finished = (lines.len() + 2).to_string();
    db.ok(&["new", "nine-card-don", "--pitcher", "S"]);
    played(
        &db,
        &finished,
        &vec!["totals ns 30 ew 10 game ns".to_string(); 5],
    );
    let conceded = (lines.len() + 3).to_string();
    db.ok(&["new", "nine-card-don", "--pitcher", "S"]);
    played(
        &db,
        &conceded,
        &[
            "totals ns 30 ew 10 game ns".to_string(),
            "concede EW".to_string(),
        ],
    );
    let first = db.ok(&["export"]);
    let file = db.dir().join("all.jsonl");
    std::fs::write(&file, &first).unwrap();
    let check = db.run(&["check", file.to_str().unwrap(), "--json"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
    let again = Db::new();
    again.ok(&["import", file.to_str().unwrap()]);
    let second = again.ok(&["export"]);
    for (i, (a, b)) in first.lines().zip(second.lines()).enumerate() {
        assert_eq!(b, a, "game {}: export → import → export", i + 1);
    }
    assert_eq!(second, first);
    // Importing it again is no change.
    let said = again.ok(&["import", file.to_str().unwrap()]);
    assert!(said.contains("already stored"), "{said}");
    // Each game stands where it stood: in play exactly when a hand is begun and not finished,
    // with the same entries, status and sheet.
    let records: Vec<serde_json::Value> = first
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let in_play: Vec<bool> = records.iter().map(|r| r["in_play"] == true).collect();
    let hand_begun = |k: usize| match k {
        0 => true,        // S to pitch hand 1 (from `don new`)
        1..=9 => true,    // the penalty, then hand 1 trick by trick
        10 => false,      // hand 1 over; nothing of hand 2 yet
        11 | 12 => true,  // hand 2's penalty, its pitcher
        13 | 14 => false, // hand 2 as totals; hand 3 abandoned
        15..=19 => true,  // hand 4's penalty, then four of its tricks
        _ => unreachable!(),
    };
    for (k, &in_play) in in_play.iter().enumerate().take(lines.len() + 1) {
        assert_eq!(in_play, hand_begun(k), "game {} ({k} lines)", k + 1);
    }
    assert!(!in_play[lines.len() + 1] && !in_play[lines.len() + 2]);
    for game in 1..=records.len() {
        let game = game.to_string();
        assert_eq!(again.show(&game), db.show(&game), "game {game}");
        // `don play` carries on from where it stood: the same screen.
        let screen = |d: &Db| text(&d.play(&[&game], "quit\n").stdout);
        assert_eq!(screen(&again), screen(&db), "game {game}");
    }
    // The one mid-hand goes on: its fifth trick is taken in the imported database.
    played(&again, "20", &[common::HAND_A[4].to_string()]);
}

#[test]
fn check_reports_a_game_in_play_as_unfinished_and_its_hand_in_play_as_no_error() {
    let db = Db::new();
    let check = |record: &str| -> (Option<i32>, serde_json::Value) {
        let file = db.dir().join("r.jsonl");
        std::fs::write(&file, format!("{record}\n")).unwrap();
        let out = db.run(&["check", file.to_str().unwrap(), "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (out.status.code(), v["games"][0].clone())
    };
    let two = r#""hands":[{"pitcher":"S","tricks":["5H 2H 3H 4H","9H AH 6H 7H"]}]"#;
    // In play: valid, the hand in play a warning.
    let (code, game) = check(&format!(
        r#"{{"format":"don/1","in_play":true,"ruleset":{{"variant":"nine-card-don"}},{two}}}"#
    ));
    assert_eq!(code, Some(0));
    assert_eq!(game["valid"], true);
    assert_eq!(game["errors"], serde_json::json!([]));
    assert_eq!(
        game["warnings"],
        serde_json::json!([{ "code": "unfinished", "hand": 1, "trick": null, "seat": null,
            "message": "hand 1 is in play (2 tricks entered) and not on the sheet" }])
    );
    assert_eq!(game["final"], serde_json::json!({ "NS": 10, "EW": 13 }));
    // Without the flag, as before: a short hand.
    let (code, game) = check(&format!(
        r#"{{"format":"don/1","ruleset":{{"variant":"nine-card-don"}},{two}}}"#
    ));
    assert_eq!(code, Some(1));
    assert_eq!(game["errors"][0]["code"], "wrong-trick-count");
    // A hand waiting with a pitcher out of turn would wedge the game: an error.
    let (code, game) = check(
        r#"{"format":"don/1","in_play":true,"ruleset":{"variant":"nine-card-don"},"hands":[{"pitcher":"N","points":{"NS":10,"EW":20},"game":"EW"},{"pitcher":"S","tricks":[]}]}"#,
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        game["errors"][0]["message"],
        "S pitched hand 2, but it was E's turn to pitch"
    );
    // The flag is true or false.
    let (code, game) = check(
        r#"{"format":"don/1","in_play":"yes","ruleset":{"variant":"nine-card-don"},"hands":[]}"#,
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        game["errors"][0]["message"],
        "`in_play` must be true or false, not a string"
    );
}
