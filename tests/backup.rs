//! `don backup FILE`: SQLite's online backup, taken while another connection is writing,
//! checked, and put in place whole; the database itself refused as FILE.

use crate::common;

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
    let same = db.dir().join(".").join("don.db");
    std::fs::hard_link(&db.path, db.dir().join("hard.db")).unwrap();
    let names = files(db.dir());
    for (file, note) in [
        (db.path.to_str().unwrap().to_string(), ""),
        (same.to_str().unwrap().to_string(), ""),
        (
            format!("{}-wal", db.path.display()),
            " (the database's -wal file)",
        ),
        (
            format!("{}-shm", db.path.display()),
            " (the database's -shm file)",
        ),
        // Before: a hard link to the database was replaced by the copy.
        (
            db.dir().join("hard.db").to_str().unwrap().to_string(),
            " (a hard link to the database's file)",
        ),
    ] {
        let out = db.run(&["backup", &file]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert_eq!(
            text(&out.stderr),
            format!("don: error: {file}{note} is the database itself: writing there would destroy it\n  hint: back it up to another file\n")
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
    // An older backup of this database is replaced.
    db.ok(&["backup", copy.to_str().unwrap()]);
    db.ok(&["import", "examples/nine-card-don.json"]);
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
        format!("don: error: {} holds 18 bytes that are not a database: replacing it would lose that\n  hint: give another file name; to replace it all the same, add --force\n", notes.display())
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
        serde_json::json!([{ "code": "unfinished", "hand": null, "trick": null, "seat": null,
            "message": "the game is in play at NS 10, EW 13, not yet decided" },
            { "code": "unfinished", "hand": 1, "trick": null, "seat": null,
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

#[test]
fn the_hand_in_play_of_a_record_gets_the_checks_of_a_finished_hand_at_check_and_import() {
    let db = Db::new();
    let example: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("examples/nine-card-don.json").unwrap())
            .unwrap();
    let mut pitched_by_e = example[0].clone();
    let first = pitched_by_e["hands"][0].clone();
    let tricks: Vec<serde_json::Value> =
        pitched_by_e["hands"][1]["tricks"].as_array().unwrap()[..3].to_vec();
    pitched_by_e["hands"] = serde_json::json!([first, { "pitcher": "E", "tricks": tricks }]);
    pitched_by_e["in_play"] = serde_json::json!(true);
    pitched_by_e.as_object_mut().unwrap().remove("id");
    let open = |tricks: &str| {
        format!(
            r#"{{"format":"don/1","ruleset":{{"variant":"nine-card-don"}},"seats":{{"N":"A","E":"B","S":"C","W":"D"}},"in_play":true,"hands":[{{"pitcher":"S","tricks":[{tricks}]}}]}}"#
        )
    };
    let cases = [
        (
            open(r#""TC 3C 8C 6C","TC 2C 4C 5C""#),
            "duplicate-card",
            "hand 1, trick 2, seat S [duplicate-card] TC is played twice in this hand (first by S); again by S in trick 2",
        ),
        (
            open(r#""TC 3H 8C 6C","9C 7C AC JC""#),
            "renege",
            "hand 1, trick 2, seat W [renege] W did not follow clubs in trick 1 but played 7C in trick 2",
        ),
        (
            pitched_by_e.to_string(),
            "wrong-pitcher",
            "hand 2, seat E [wrong-pitcher] E pitched hand 2, but it was W's turn to pitch",
        ),
    ];
    db.ok(&["import", "examples/phat.json"]);
    let before = db.dump();
    for (record, code, message) in cases {
        let file = db.dir().join("r.jsonl");
        std::fs::write(&file, format!("{record}\n")).unwrap();
        let out = db.run(&["check", file.to_str().unwrap(), "--json"]);
        assert_eq!(out.status.code(), Some(1), "{record}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["games"][0]["valid"], false);
        let codes: Vec<&str> = v["games"][0]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, [code]);
        let out = db.run(&["import", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{record}");
        let err = text(&out.stderr);
        assert!(err.contains(message), "{err}");
        assert!(
            err.contains("Nothing imported: 1 error in 1 record."),
            "{err}"
        );
        assert_eq!(db.dump(), before);
    }
}

#[test]
fn two_games_alike_without_ids_export_import_and_export_as_two_games() {
    // Before: "Imported 1 game (1 game already stored)": one game of the backup lost.
    let db = Db::new();
    for _ in 0..2 {
        db.ok(&["new", "nine-card-don", "--seats", "Gareth, Dai, Rhys, Huw"]);
    }
    let first = db.ok(&["export"]);
    assert_eq!(first.lines().count(), 2);
    let again = Db::new();
    let file = again.dir().join("backup.jsonl");
    std::fs::write(&file, &first).unwrap();
    let said = again.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(said, "Imported 2 games: games 1–2.\n");
    assert_eq!(again.ok(&["export"]), first);
    // Imported again: both already stored, nothing doubled.
    let said = again.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(said, "Imported 0 games (2 games already stored).\n");
    assert_eq!(again.ok(&["export"]), first);
}

/// Runs `don ARGS` and wants it refused (exit 2) with `stderr`, nothing on standard output.
fn refused_with(db: &Db, args: &[&str], stderr: &str) {
    let out = db.run(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: {}",
        text(&out.stderr)
    );
    assert_eq!(text(&out.stderr), stderr, "{args:?}");
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn a_backup_onto_a_pipe_a_device_or_a_socket_is_refused_and_leaves_it_as_it_is() {
    use std::os::unix::fs::FileTypeExt;
    let db = a_league();
    let dir = db.dir();
    let fifo = dir.join("fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let socket = dir.join("sock");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let mut cases = vec![
        (fifo.clone(), "pipe (FIFO)"),
        (socket.clone(), "socket"),
        // Before: `don backup /dev/null` replaced /dev/null with a regular file (as root).
        (std::path::PathBuf::from("/dev/null"), "character device"),
    ];
    // A device node of one's own, where it may be made (as root).
    let null = dir.join("mynull");
    let made = std::process::Command::new("mknod")
        .arg(&null)
        .args(["c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if made {
        cases.push((null.clone(), "character device"));
    }
    for (path, kind) in &cases {
        let p = path.to_str().unwrap();
        refused_with(
            &db,
            &["backup", p],
            &format!("don: error: {p} is a {kind}: a backup is written only as a regular file\n  hint: give the backup's file name (new, or an older backup of this database to replace)\n"),
        );
        // Not even --force replaces it.
        let out = db.run(&["backup", "--force", p]);
        assert_eq!(out.status.code(), Some(2));
    }
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(std::fs::symlink_metadata(&socket)
        .unwrap()
        .file_type()
        .is_socket());
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    if made {
        assert!(std::fs::symlink_metadata(&null)
            .unwrap()
            .file_type()
            .is_char_device());
    }
}

#[test]
fn a_backup_replaces_only_an_empty_file_or_an_older_backup_of_this_database_unless_forced() {
    let db = a_league();
    let dir = db.dir();
    // Another league's database (before: replaced with "Backed up …", the league gone).
    let other = Db::new();
    other.ok(&["import", "examples/nine-card-don.json"]);
    let league = dir.join("league.db");
    std::fs::copy(&other.path, &league).unwrap();
    let theirs = sql(&league, ".dump");
    let l = league.to_str().unwrap();
    refused_with(
        &db,
        &["backup", l],
        &format!("don: error: {l} holds another don database, with 2 games and 0 leagues: replacing it would lose that\n  hint: give another file name; to replace it all the same, add --force\n"),
    );
    assert_eq!(sql(&league, ".dump"), theirs);
    // Another program's database.
    let foreign = dir.join("notes.db");
    sql(&foreign, "CREATE TABLE t (x); INSERT INTO t VALUES (1);");
    let f = foreign.to_str().unwrap();
    refused_with(
        &db,
        &["backup", f],
        &format!("don: error: {f} holds an SQLite database of another program: replacing it would lose that\n  hint: give another file name; to replace it all the same, add --force\n"),
    );
    assert_eq!(sql(&foreign, "SELECT x FROM t"), "1\n");
    // A copy of this database that went on to hold changes of its own.
    let ahead = dir.join("ahead.db");
    std::fs::copy(&db.path, &ahead).unwrap();
    let ahead_db = format!("--db={}", ahead.display());
    db.ok(&["import", "examples/irish-don.json", &ahead_db]);
    let a = ahead.to_str().unwrap();
    refused_with(
        &db,
        &["backup", a],
        &format!("don: error: {a} holds a copy of this database with changes this one does not have: replacing it would lose that\n  hint: give another file name; to replace it all the same, add --force\n"),
    );
    // An empty file is taken; --force replaces the others.
    let empty = dir.join("empty.db");
    std::fs::write(&empty, b"").unwrap();
    db.ok(&["backup", empty.to_str().unwrap()]);
    assert_eq!(sql(&empty, ".dump"), db.dump());
    for file in [l, f, a] {
        db.ok(&["backup", "--force", file]);
        assert_eq!(sql(Path::new(file), ".dump"), db.dump());
    }
}

#[test]
fn a_backup_writes_through_a_symbolic_link_as_an_export_does() {
    use std::os::unix::fs::symlink;
    let db = a_league();
    let dir = db.dir();
    // A link to nothing: the copy is made where it points, the link stays (before: the link
    // itself was replaced by the copy).
    let dangling = dir.join("latest.db");
    symlink("made.db", &dangling).unwrap();
    db.ok(&["backup", dangling.to_str().unwrap()]);
    assert!(std::fs::symlink_metadata(&dangling)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(sql(&dir.join("made.db"), ".dump"), db.dump());
    // Again through the link: the older backup it points to is replaced.
    db.ok(&["import", "examples/irish-don.json"]);
    db.ok(&["backup", dangling.to_str().unwrap()]);
    assert_eq!(sql(&dir.join("made.db"), ".dump"), db.dump());
    assert!(std::fs::symlink_metadata(&dangling)
        .unwrap()
        .file_type()
        .is_symlink());
    // A link into a folder that is not there.
    let nowhere = dir.join("nowhere.db");
    symlink("gone/x.db", &nowhere).unwrap();
    let n = nowhere.to_str().unwrap();
    refused_with(
        &db,
        &["backup", n],
        &format!(
            "don: error: cannot write {n} (a link to {}): the folder {} is not there\n  hint: make the folder first, or give a file in a folder that is there\n",
            dir.join("gone/x.db").display(),
            dir.join("gone").display()
        ),
    );
}

use std::path::Path;

#[test]
fn a_backup_never_replaces_a_file_the_user_may_not_write() {
    use std::os::unix::fs::PermissionsExt;
    let db = a_league();
    let dir = db.dir();
    let copy = dir.join("old.db");
    db.ok(&["backup", copy.to_str().unwrap()]);
    let before = std::fs::read(&copy).unwrap();
    // The folder may be written by anyone; the older backup is read-only.
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o444)).unwrap();
    let c = copy.to_str().unwrap();
    let ran = db.as_other_user(&["backup", c]);
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    let Some(out) = ran else {
        eprintln!("skipped: running as root, and `setpriv` cannot run don as the user nobody");
        return;
    };
    // Before: the read-only file was replaced (its folder may be written).
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!("don: error: {c} is read-only: you may not write it\n  hint: give another file; if it is yours to replace, make it writable first (chmod u+w FILE)\n")
    );
    assert_eq!(std::fs::read(&copy).unwrap(), before);
}

#[test]
fn a_dry_run_import_makes_no_folder_or_database_file() {
    let db = Db::new();
    let nf = db.dir().join("nf");
    let target = format!("--db={}", nf.join("sub/x.db").display());
    // Before: nf/sub was left behind, empty.
    assert_eq!(
        db.ok(&["import", "--dry-run", "examples/phat.json", &target]),
        "Would import 1 game; nothing was changed (--dry-run).\n"
    );
    assert!(!nf.exists());
    let out = db.run(&[
        "import",
        "--dry-run",
        "examples/league/2025-26-rosters.csv",
        "--league",
        "Abercarn Crib and Don League",
        "--create",
        &target,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!nf.exists());
    assert_eq!(files(db.dir()), Vec::<String>::new());
}

#[test]
fn a_dry_run_import_works_on_a_database_one_may_not_write() {
    use std::os::unix::fs::PermissionsExt;
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    let before = std::fs::read(&db.path).unwrap();
    let names = files(db.dir());
    std::fs::set_permissions(&db.path, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(db.dir(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let ran = db.as_other_user(&[
        "import",
        "--dry-run",
        "examples/phat.json",
        "examples/irish-don.json",
    ]);
    std::fs::set_permissions(db.dir(), std::fs::Permissions::from_mode(0o700)).unwrap();
    std::fs::set_permissions(&db.path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let Some(out) = ran else {
        eprintln!("skipped: running as root, and `setpriv` cannot run don as the user nobody");
        return;
    };
    // Before: refused as a change ("this command changes the database…").
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "Would import 1 game (1 game already stored); nothing was changed (--dry-run).\n"
    );
    assert_eq!(std::fs::read(&db.path).unwrap(), before);
    assert_eq!(files(db.dir()), names);
}
