//! A results file's faults come in one run: every fault of every row (a row with a cell that
//! cannot be read is checked for the rest), a misspelt team or season named as itself with
//! the nearest known name, and no "night is not complete" for a night one of whose rows was
//! refused.

use crate::common;

use common::db::Db;
use common::text;

const LEAGUE: &str = "Abercarn Crib and Don League";
const HEADER: &str =
    "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n";

fn league() -> Db {
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    db
}

/// The nine rows of a night, `home` and `away` on each, every match won 2–0 by the home side.
fn night(date: &str, home: &str, away: &str) -> Vec<String> {
    ["don", "double-crib", "single-crib"]
        .iter()
        .flat_map(|k| (1..=3).map(move |s| (k, s)))
        .map(|(k, s)| format!("2025-26,{date},{home},{away},{k},{s},,,2,0,"))
        .collect()
}

#[test]
fn every_fault_of_every_row_comes_in_one_run_and_a_misspelt_name_as_itself() {
    let db = league();
    let mut rows = Vec::new();
    // Lines 2–10: a night with "Royal Oke" in one of its nine rows (line 6, double-crib 2).
    let mut first = night("2025-09-04", "Royal Oak", "Red Lion");
    first[4] = first[4].replace("Royal Oak", "Royal Oke");
    rows.extend(first);
    // Lines 11–19: a night whose don 3 (line 13) has five faults, one a cell that cannot be
    // read, and whose single-crib 3 (line 19) names a season misspelt.
    let mut second = night("2025-09-11", "Red Lion", "Royal Oak");
    second[2] = "2025-26,2025-09-11,Red Lion,Royal Oak,don,4,Dai,Gareth+gareth,3,0,121-80 x".into();
    second[8] = second[8].replace("2025-26,", "2025-62,");
    rows.extend(second);
    // Lines 20–28: a night one of whose rows (line 24) has a field too few.
    let mut third = night("2025-09-18", "Royal Oak", "Red Lion");
    third[4] = third[4].trim_end_matches(',').to_string();
    rows.extend(third);
    let file = db.dir().join("results.csv");
    std::fs::write(&file, format!("{HEADER}{}\n", rows.join("\n"))).unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let at = format!("{}, ", file.display());
    let said: Vec<String> = text(&out.stderr)
        .lines()
        .map(|l| l.replace(&at, ""))
        .collect();
    assert_eq!(
        said,
        [
            "line 6, column 3 (home): no team 'Royal Oke' in Abercarn Crib and Don League; did you mean 'Royal Oak'?",
            "line 13, column 6 (slot): don match 4: the night has don matches 1 to 3",
            "line 13, column 7 (home_players): don match 4: the home side has 1 player; don is played 2 a side",
            "line 13, column 8 (away_players): gareth is named twice in one side of don match 4",
            "line 13, column 9 (home_legs): don match 4: legs 3–0 is not a result of a best of 3 (one side wins 2)",
            "line 13, column 11 (leg_scores): leg 2: `x` is not a score, home first (as 121-87)",
            "line 19, column 1 (season): Abercarn Crib and Don League has no season '2025-62'; did you mean '2025-26'?",
            "line 24: 10 fields where the header has 11",
            "Nothing imported: 8 errors.",
        ]
    );
    assert_eq!(text(&out.stdout), "");
    assert_eq!(db.dump(), before);
}

#[test]
fn with_create_a_new_team_near_a_known_one_is_refused_as_a_misspelling_whatever_the_shape() {
    let db = league();
    let mut rows = night("2025-09-04", "Royal Oak", "Red Lion");
    rows[4] = rows[4].replace("Royal Oak", "Royal Oke");
    let file = db.dir().join("results.csv");
    std::fs::write(&file, format!("{HEADER}{}\n", rows.join("\n"))).unwrap();
    let nights = db.dir().join("nights.csv");
    std::fs::write(
        &nights,
        "season,date,home,away,home_points,away_points\n2025-26,2025-09-11,Red Lion,Royal Oke,4,5\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&[
        "import",
        file.to_str().unwrap(),
        nights.to_str().unwrap(),
        "--league",
        LEAGUE,
        "--create",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let dir = format!("{}/", db.dir().display());
    assert_eq!(
        text(&out.stderr).replace(&dir, ""),
        "results.csv, line 6, column 3 (home): no team 'Royal Oke' in Abercarn Crib and Don League; did you mean 'Royal Oak'? (if Royal Oke is a new team, add it first with `don team add 'Royal Oke'`)\n\
         nights.csv, line 2, column 4 (away): no team 'Royal Oke' in Abercarn Crib and Don League; did you mean 'Royal Oak'? (if Royal Oke is a new team, add it first with `don team add 'Royal Oke'`)\n\
         Nothing imported: 2 errors.\n"
    );
    assert_eq!(db.dump(), before);
    // Into a new league, the teams with a roster in the files are the known ones: a team of
    // its own roster is no misspelling ('Red Lion B'), one without is ('Red Lyon').
    let db = Db::new();
    let rosters = db.dir().join("rosters.csv");
    std::fs::write(
        &rosters,
        "season,team,player\n2025-26,Red Lion,Dai\n2025-26,Red Lion B,Huw\n",
    )
    .unwrap();
    let nights = db.dir().join("nights.csv");
    let night = "2025-26,2025-09-04,Red Lion,Red Lion B,5,4\n";
    std::fs::write(
        &nights,
        format!("season,date,home,away,home_points,away_points\n{night}2025-26,2025-09-11,Red Lion B,Red Lyon,5,4\n"),
    )
    .unwrap();
    let args = [
        "import",
        rosters.to_str().unwrap(),
        nights.to_str().unwrap(),
        "--league",
        LEAGUE,
        "--create",
    ];
    let out = db.run(&args);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&format!("{}, ", nights.display()), ""),
        "line 3, column 4 (away): no team 'Red Lyon' in Abercarn Crib and Don League; did you mean 'Red Lion'? (if Red Lyon is a new team, add it first with `don team add 'Red Lyon'`)\n\
         Nothing imported: 1 error.\n"
    );
    std::fs::write(
        &nights,
        format!("season,date,home,away,home_points,away_points\n{night}"),
    )
    .unwrap();
    assert_eq!(
        db.ok(&args),
        "Imported new league Abercarn Crib and Don League: 1 night, 2 roster places; new season 2025-26; 2 new teams.\n"
    );
}

/// The sample season's files copied into `db`'s directory, `edit` applied to each one's
/// lines (by shape and line number, from 1).
fn sample_files(db: &Db, edit: &dyn Fn(&str, usize, &str) -> String) -> Vec<String> {
    ["rosters", "matches", "nights", "adjustments"]
        .iter()
        .map(|shape| {
            let from = format!(
                "{}/examples/league/2025-26-{shape}.csv",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(from).unwrap();
            let edited: String = text
                .lines()
                .enumerate()
                .map(|(i, l)| edit(shape, i + 1, l) + "\n")
                .collect();
            let to = db.dir().join(format!("2025-26-{shape}.csv"));
            std::fs::write(&to, edited).unwrap();
            to.display().to_string()
        })
        .collect()
}

/// Imports `files` into a new league with `--create` (and the `more` arguments).
fn import_new(db: &Db, files: &[String], more: &[&str]) -> std::process::Output {
    let mut args = vec!["import"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--league", LEAGUE, "--create"]);
    args.extend(more);
    db.run(&args)
}

#[test]
fn with_create_a_misspelt_season_in_a_night_left_incomplete_is_said_as_itself() {
    let db = Db::new();
    let files = sample_files(&db, &|shape, n, l| {
        if shape == "matches" && n == 11 {
            l.replacen("2025-26,", "2025-62,", 1)
        } else {
            l.to_string()
        }
    });
    let out = import_new(&db, &files, &[]);
    assert_eq!(out.status.code(), Some(1));
    let dir = format!("{}/", db.dir().display());
    assert_eq!(
        text(&out.stderr).replace(&dir, ""),
        "2025-26-matches.csv, line 11, column 1 (season): Abercarn Crib and Don League has no season '2025-62'; did you mean '2025-26'? (its night is not complete, so it is not taken for a new season)\n\
         Nothing imported: 1 error.\n"
    );
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn a_misspelt_player_is_said_at_its_own_row_and_column() {
    let db = Db::new();
    let files = sample_files(&db, &|shape, n, l| match (shape, n) {
        ("matches", 8) => l.replace("Nerys Lewis", "Nerys Lewsi"),
        ("matches", 500) => l.replace("Eirian Harries", "Eirian Haries"),
        _ => l.to_string(),
    });
    let out = import_new(&db, &files, &[]);
    assert_eq!(out.status.code(), Some(1));
    let dir = format!("{}/", db.dir().display());
    assert_eq!(
        text(&out.stderr).replace(&dir, ""),
        "2025-26-matches.csv, line 8, column 7 (home_players): Nerys Lewsi is not a player of the league; did you mean 'Nerys Lewis'? (if Nerys Lewsi is someone new, say so with --new-player 'Nerys Lewsi')\n\
         2025-26-matches.csv, line 500, column 8 (away_players): Eirian Haries is not a player of the league; did you mean 'Eirian Harries'? (if Eirian Haries is someone new, say so with --new-player 'Eirian Haries')\n\
         Nothing imported: 2 errors.\n"
    );
    // Said to be someone new, the one is taken; a --new-player naming nobody is said unused.
    let files = sample_files(&db, &|shape, n, l| match (shape, n) {
        ("matches", 8) => l.replace("Nerys Lewis", "Nerys Lewsi"),
        _ => l.to_string(),
    });
    let out = import_new(
        &db,
        &files,
        &["--new-player", "Nerys Lewsi", "--new-player", "Ivor Jams"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "warning: --new-player 'Ivor Jams' names no player of the import: it was not used\n\
         note: the new league has Abercarn's configuration; for another, make it first with `don league new` (see `don league set --help`)\n"
    );
}

#[test]
fn a_nights_row_has_every_fault_said() {
    let db = league();
    let file = db.dir().join("nights.csv");
    std::fs::write(
        &file,
        "season,date,home,away,home_points,away_points,note\n\
         2025-26,2025-09-04,Royal Oak,Red Lion,3,7,x\n\
         2025-26,2025-09-11,Red Lion,Royal Oak,9,0,walkovr\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&format!("{}, ", file.display()), ""),
        "line 2, column 5 (home_points): the night's points 3–7 add up to 10; a night has 9 matches\n\
         line 2, column 7 (note): `x` is not a note: leave it empty, or write walkover\n\
         line 3, column 7 (note): `walkovr` is not a note: leave it empty, or write walkover\n\
         Nothing imported: 3 errors.\n"
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn in_a_season_with_a_schedule_a_night_off_its_fixture_s_date_or_beyond_them_is_a_fault() {
    let db = Db::four_teams_scheduled();
    let file = db.dir().join("nights.csv");
    std::fs::write(
        &file,
        "season,date,home,away,home_points,away_points\n\
         2025-26,2025-12-25,A,B,4,5\n\
         2025-26,2025-09-04,A,B,4,5\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&format!("{}, ", file.display()), ""),
        "line 2, column 2 (date): A v B is fixture 6 on 2025-09-18, not 2025-12-25: if the night was moved, move the fixture first with `don fixtures move 6 2025-12-25`; if it is another night between them, add a fixture first with `don fixtures add 'A' 'B' 2025-12-25`\n\
         line 3, column 2 (date): A v B is fixture 6 on 2025-09-18, not 2025-09-04: if the night was moved, move the fixture first with `don fixtures move 6 2025-09-04`; if it is another night between them, add a fixture first with `don fixtures add 'A' 'B' 2025-09-04`\n\
         Nothing imported: 2 errors.\n"
    );
    assert_eq!(db.dump(), before);
    // On its date, it is taken; another night between them is beyond their fixtures.
    std::fs::write(
        &file,
        "season,date,home,away,home_points,away_points\n2025-26,2025-09-18,A,B,4,5\n",
    )
    .unwrap();
    assert_eq!(
        db.ok(&["import", file.to_str().unwrap()]),
        "Imported Valleys League: 1 night.\n"
    );
    std::fs::write(
        &file,
        "season,date,home,away,home_points,away_points\n2025-26,2025-10-16,A,B,5,4\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&format!("{}, ", file.display()), ""),
        "line 2, column 2 (date): A v B has no fixture on 2025-10-16 nor one left to play in 2025-26 (their night on 2025-09-18 has a result): for a night between them on 2025-10-16, add a fixture first with `don fixtures add 'A' 'B' 2025-10-16`\n\
         Nothing imported: 1 error.\n"
    );
    assert_eq!(db.dump(), before);
    // Once added, the night goes on it.
    db.ok(&["fixtures", "add", "A", "B", "2025-10-16"]);
    assert_eq!(
        db.ok(&["import", file.to_str().unwrap()]),
        "Imported Valleys League: 1 night.\n"
    );
}

#[test]
fn a_player_twice_in_one_kind_is_a_warning_and_the_night_is_imported() {
    let db = league();
    let mut rows = night("2025-09-04", "Royal Oak", "Red Lion");
    rows[0] = "2025-26,2025-09-04,Royal Oak,Red Lion,don,1,Gareth+Rhys,Dai+Huw,2,0,".into();
    rows[2] = "2025-26,2025-09-04,Royal Oak,Red Lion,don,3,Gareth+Emrys,Aled+Huw,2,1,".into();
    let file = db.dir().join("results.csv");
    std::fs::write(&file, format!("{HEADER}{}\n", rows.join("\n"))).unwrap();
    let out = db.run(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr).replace(&format!("{}, ", file.display()), ""),
        "warning: line 4, column 7 (home_players): Gareth plays twice in don on this night (matches 1 and 3)\n\
         warning: line 4, column 8 (away_players): Huw plays twice in don on this night (matches 1 and 3)\n"
    );
    assert_eq!(
        text(&out.stdout),
        "Imported Abercarn Crib and Don League: 1 night, 6 roster places.\n"
    );
    // Still refused: a player for both teams of a night.
    let mut rows = night("2025-09-11", "Red Lion", "Royal Oak");
    rows[0] = "2025-26,2025-09-11,Red Lion,Royal Oak,don,1,Dai+Huw,Gareth+Rhys,2,0,".into();
    rows[6] = "2025-26,2025-09-11,Red Lion,Royal Oak,single-crib,1,Gareth,Emrys,2,0,".into();
    std::fs::write(&file, format!("{HEADER}{}\n", rows.join("\n"))).unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&format!("{}, ", file.display()), ""),
        "line 8, column 7 (home_players): Gareth plays for both teams on this night (single-crib match 1 for the home side)\n\
         Nothing imported: 1 error.\n"
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn a_roster_or_adjustment_row_with_a_cell_unread_has_its_unknown_names_said_too() {
    let db = league();
    let rosters = db.dir().join("rosters.csv");
    std::fs::write(
        &rosters,
        "season,team,player\n2025-62,Red Lion,\n2025-26,Royal Oak,Gareth\n",
    )
    .unwrap();
    let adjustments = db.dir().join("adjustments.csv");
    std::fs::write(
        &adjustments,
        "season,date,team,adjustment,reason\n2025-26,2025-13-01,Royal Oke,-2,late\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&[
        "import",
        rosters.to_str().unwrap(),
        adjustments.to_str().unwrap(),
        "--league",
        LEAGUE,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let dir = format!("{}/", db.dir().display());
    assert_eq!(
        text(&out.stderr).replace(&dir, ""),
        "rosters.csv, line 2, column 1 (season): Abercarn Crib and Don League has no season '2025-62'; did you mean '2025-26'?\n\
         rosters.csv, line 2, column 3 (player): `player` is empty\n\
         adjustments.csv, line 2, column 2 (date): `2025-13-01` is not a date (YYYY-MM-DD, a real day)\n\
         adjustments.csv, line 2, column 3 (team): no team 'Royal Oke' in Abercarn Crib and Don League; did you mean 'Royal Oak'?\n\
         Nothing imported: 4 errors.\n"
    );
    assert_eq!(db.dump(), before);
}

/// The test league with rosters for its two teams.
fn league_with_rosters() -> Db {
    let db = league();
    db.ok(&[
        "roster",
        "add",
        "Royal Oak",
        "Gareth Jones",
        "Rhys Evans",
        "Emrys Watkins",
        "Glyn Price",
    ]);
    db.ok(&[
        "roster",
        "add",
        "Red Lion",
        "Dai Morgan",
        "Huw Bevan",
        "Ivor James",
        "Mair Lewis",
    ]);
    db
}

/// Imports `rows` as a matches file (with `more` arguments): the exit code and the faults
/// said, the file's name taken out.
fn import_rows(db: &Db, rows: &[String], more: &[&str]) -> (Option<i32>, Vec<String>) {
    let file = db.dir().join("results.csv");
    std::fs::write(&file, format!("{HEADER}{}\n", rows.join("\n"))).unwrap();
    let mut args = vec!["import", file.to_str().unwrap(), "--league", LEAGUE];
    args.extend(more);
    let out = db.run(&args);
    assert_eq!(text(&out.stdout), "");
    let at = format!("{}, ", file.display());
    let said = text(&out.stderr)
        .lines()
        .map(|l| l.replace(&at, ""))
        .collect();
    (out.status.code(), said)
}

#[test]
fn a_misspelt_player_is_said_with_the_other_faults_of_its_row() {
    let db = league_with_rosters();
    let before = db.dump();
    let slip = "Gareth Jnoes is not a player of the league; did you mean 'Gareth Jones'? (if Gareth Jnoes is someone new, say so with --new-player 'Gareth Jnoes')";
    let legs = "don match 1: legs 3–0 is not a result of a best of 3 (one side wins 2)";
    let mut rows = night("2025-09-04", "Royal Oak", "Red Lion");
    rows[0] = "2025-26,2025-09-04,Royal Oak,Red Lion,don,1,Gareth Jnoes+Rhys Evans,Dai Morgan+Huw Bevan,3,0,".into();
    let (code, said) = import_rows(&db, &rows, &[]);
    assert_eq!(code, Some(1));
    assert_eq!(
        said,
        [
            format!("line 2, column 7 (home_players): {slip}"),
            format!("line 2, column 9 (home_legs): {legs}"),
            "Nothing imported: 2 errors.".to_string(),
        ]
    );
    // The team misspelt in that row too: all three.
    rows[0] = rows[0].replace("Royal Oak", "Royal Oke");
    let (code, said) = import_rows(&db, &rows, &[]);
    assert_eq!(code, Some(1));
    assert_eq!(
        said,
        [
            format!("line 2, column 3 (home): no team 'Royal Oke' in {LEAGUE}; did you mean 'Royal Oak'?"),
            format!("line 2, column 7 (home_players): {slip}"),
            format!("line 2, column 9 (home_legs): {legs}"),
            "Nothing imported: 3 errors.".to_string(),
        ]
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn with_create_a_misspelt_season_is_said_beside_a_misspelt_team_in_its_row() {
    let db = league_with_rosters();
    let before = db.dump();
    let mut rows = night("2025-09-04", "Royal Oak", "Red Lion");
    rows[0] = rows[0]
        .replace("2025-26,", "2025-62,")
        .replace("Royal Oak", "Royal Oke");
    let (code, said) = import_rows(&db, &rows, &["--create"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        said,
        [
            format!("line 2, column 1 (season): {LEAGUE} has no season '2025-62'; did you mean '2025-26'? (its night is not complete, so it is not taken for a new season)"),
            format!("line 2, column 3 (home): no team 'Royal Oke' in {LEAGUE}; did you mean 'Royal Oak'? (if Royal Oke is a new team, add it first with `don team add 'Royal Oke'`)"),
            "Nothing imported: 2 errors.".to_string(),
        ]
    );
    // Beside another fault of its row, the same.
    let mut rows = night("2025-09-04", "Royal Oak", "Red Lion");
    rows[0] = rows[0]
        .replace("2025-26,", "2025-62,")
        .replace(",2,0,", ",3,0,");
    let (code, said) = import_rows(&db, &rows, &["--create"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        said,
        [
            format!("line 2, column 1 (season): {LEAGUE} has no season '2025-62'; did you mean '2025-26'? (its night is not complete, so it is not taken for a new season)"),
            "line 2, column 9 (home_legs): don match 1: legs 3–0 is not a result of a best of 3 (one side wins 2)".to_string(),
            "Nothing imported: 2 errors.".to_string(),
        ]
    );
    // A whole night in a new season with a row refused: the season is not taken for a slip.
    let rows: Vec<String> = night("2025-09-04", "Royal Oak", "Red Lion")
        .iter()
        .map(|r| r.replace("2025-26,", "2026-27,"))
        .collect();
    let mut rows = rows;
    rows[0] = rows[0].replace(",2,0,", ",3,0,");
    let (code, said) = import_rows(&db, &rows, &["--create"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        said,
        [
            "line 2, column 9 (home_legs): don match 1: legs 3–0 is not a result of a best of 3 (one side wins 2)",
            "Nothing imported: 1 error.",
        ]
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn a_league_made_from_files_with_a_configuration_file_is_not_said_to_have_abercarn_s() {
    let db = league_with_rosters();
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
    let files: Vec<String> = ["configuration", "rosters"]
        .iter()
        .map(|s| dir.join(format!("2025-26-{s}.csv")).display().to_string())
        .collect();
    let other = Db::new();
    let out = import_new(&other, &files, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(
        text(&out.stdout),
        format!("Imported new league {LEAGUE}: 0 nights, 8 roster places; new season 2025-26; 2 new teams.\n")
    );
    // Without one, the note.
    let third = Db::new();
    let out = import_new(&third, &files[1..], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "note: the new league has Abercarn's configuration; for another, make it first with `don league new` (see `don league set --help`)\n"
    );
}

#[test]
fn two_adjustments_alike_in_one_file_are_two_and_already_there_means_before_the_import() {
    let db = league();
    let file = db.dir().join("adjustments.csv");
    let row = "2025-26,2025-11-20,Red Lion,-2,fielded a player not on its roster\n";
    std::fs::write(
        &file,
        format!("season,date,team,adjustment,reason\n{row}{row}"),
    )
    .unwrap();
    let path = file.to_str().unwrap();
    // Before: "Imported …: 0 nights, 1 adjustment." and "1 already there, passed over."
    assert_eq!(
        db.ok(&["import", path, "--league", LEAGUE]),
        format!("Imported {LEAGUE}: 0 nights, 2 adjustments.\n")
    );
    assert_eq!(
        db.sql("SELECT team, points, date FROM adjustments ORDER BY id"),
        "2|-2|2025-11-20\n2|-2|2025-11-20\n"
    );
    // The same file again: both were there before it.
    assert_eq!(
        db.ok(&["import", path, "--league", LEAGUE]),
        "Nothing to import: all 2 already there.\n"
    );
    // Three alike: two there before, the third new.
    std::fs::write(
        &file,
        format!("season,date,team,adjustment,reason\n{row}{row}{row}"),
    )
    .unwrap();
    assert_eq!(
        db.ok(&["import", path, "--league", LEAGUE]),
        format!("Imported {LEAGUE}: 0 nights, 1 adjustment.\n2 already there, passed over.\n")
    );
    assert_eq!(db.sql("SELECT count(*) FROM adjustments"), "3\n");
}

#[test]
fn a_team_withdrawn_twice_in_one_import_is_refused_at_the_second_line() {
    let db = league();
    let file = db.dir().join("adjustments.csv");
    std::fs::write(
        &file,
        "season,date,team,adjustment,reason\n\
         2025-26,2025-11-20,Red Lion,withdrawn,\n\
         2025-26,2025-11-20,Red Lion,withdrawn,\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}, line 3, column 4 (adjustment): Red Lion is withdrawn from 2025-26 twice in this import (first at line 2): a team withdraws once\nNothing imported: 1 error.\n",
            file.display()
        )
    );
    assert_eq!(db.dump(), before);
}

/// A file of more bad rows than are kept (100 a file) says reading stopped there, and that
/// there is more; a file of fewer says nothing of the kind.
#[test]
fn a_file_with_more_faults_than_are_kept_says_reading_stopped() {
    let db = league();
    let nights = "season,date,home,away,home_points,away_points\n";
    let file = db.dir().join("nights.csv");
    let bad = "2025-26,2025-13-45,Royal Oak,Red Lion,5,4\n";
    std::fs::write(&file, format!("{nights}{}", bad.repeat(5000))).unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let name = file.display().to_string();
    assert!(
        err.ends_with(&format!(
            "Nothing imported: 100 errors, and more: reading {name} stopped after 100 errors.\n"
        )),
        "{err}"
    );
    assert_eq!(db.dump(), before);
    std::fs::write(&file, format!("{nights}{}", bad.repeat(3))).unwrap();
    let out = db.run(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    let err = text(&out.stderr);
    assert!(err.ends_with("Nothing imported: 3 errors.\n"), "{err}");
}

/// A fixtures file giving one fixture twice (names written another way the second time) is
/// refused at the second row, naming the first: never merged into one "already there".
#[test]
fn a_fixture_given_twice_in_one_file_is_refused_at_its_second_line() {
    let db = league();
    let file = db.dir().join("fixtures.csv");
    std::fs::write(
        &file,
        "season,date,home,away\n2025-26,2025-10-30,Royal Oak,Red Lion\n2025-26,2025-10-30,royal oak,red lion\n2025-26,2025-11-06,Red Lion,Royal Oak\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    let name = file.display().to_string();
    assert_eq!(
        text(&out.stderr),
        format!("{name}, line 3, column 3 (home): the fixture of line 2 again (royal oak v red lion on 2025-10-30): a fixture is given once\nNothing imported: 1 error.\n")
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(db.dump(), before);
}

#[test]
fn a_league_not_there_is_refused_with_the_nearest_name_and_how_to_make_it() {
    let db = league();
    let file = db.dir().join("rosters.csv");
    std::fs::write(&file, "season,team,player\n2025-26,Red Lion,Dai Evans\n").unwrap();
    let before = db.dump();
    let file = file.to_str().unwrap();
    for (league, said) in [
        (
            "Abercarn Crib and Don Leage",
            format!("no league 'Abercarn Crib and Don Leage'; did you mean '{LEAGUE}'? (--create makes it)"),
        ),
        (
            "Zzz",
            format!("no league 'Zzz' (there are: {LEAGUE}) (--create makes it)"),
        ),
    ] {
        let out = db.run(&["import", file, "--league", league]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_eq!(text(&out.stderr), format!("don: error: {said}\n"));
        assert_eq!(db.dump(), before);
    }
    // With --create, it is made.
    let out = db.run(&["import", file, "--league", "Zzz", "--create"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("Imported new league Zzz: 0 nights, 1 roster place;"));
}

/// The files of an import, read as a front end reads them.
fn files_of(texts: &[(&str, &str)]) -> don::app::results::ResultsFiles {
    use don::app::results::{ResultsFiles, ResultsRead};
    let read = texts
        .iter()
        .map(|(name, text)| ResultsRead {
            name: name.to_string(),
            file: don::record::results::read_results(text.as_bytes()).unwrap(),
        })
        .collect();
    ResultsFiles {
        named: texts.iter().map(|(name, _)| name.to_string()).collect(),
        read,
        faults: Vec::new(),
    }
}

#[test]
fn the_app_imports_and_exports_results_as_typed_values_for_any_front_end() {
    use don::app::results::{ImportAsk, ImportOutcome};
    use don::app::{Actor, App, ErrorKind};
    let db = league();
    let actor = Actor {
        name: "secretary".into(),
        team: None,
        game: None,
        league: None,
    };
    let mut app = App::open_existing(&db.path, actor).unwrap();
    let rosters = (
        "rosters.csv",
        "season,team,player\n2025-27,Red Lion,Dai Evans\n",
    );
    // A league not there: a typed refusal, told by its kind.
    let ask = ImportAsk {
        league: Some("Nowhere"),
        ..ImportAsk::default()
    };
    let e = app.results_import(files_of(&[rosters]), &ask).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound);
    assert_eq!(e.hint(), None);
    // A season not there: a fault at its file, line and column; nothing kept.
    let ask = ImportAsk {
        league: Some(LEAGUE),
        ..ImportAsk::default()
    };
    let import = app.results_import(files_of(&[rosters]), &ask).unwrap();
    let ImportOutcome::Refused {
        faults, stopped, ..
    } = import.outcome
    else {
        panic!("{import:?}");
    };
    assert!(stopped.is_empty());
    let at: Vec<_> = faults
        .iter()
        .map(|f| {
            (
                f.file.as_str(),
                f.error.line,
                f.error.column.as_ref().map(|c| c.index),
            )
        })
        .collect();
    assert_eq!(at, [("rosters.csv", 2, Some(1))]);
    // With create: what it did, in the words the log keeps; then exported as rows.
    let ask = ImportAsk {
        league: Some(LEAGUE),
        create: true,
        ..ImportAsk::default()
    };
    let import = app.results_import(files_of(&[rosters]), &ask).unwrap();
    let ImportOutcome::Imported { summary, kept, .. } = import.outcome else {
        panic!("{import:?}");
    };
    assert_eq!(
        summary,
        format!("{LEAGUE}: 0 nights, 1 roster place; new season 2025-27")
    );
    assert_eq!(kept, 0);
    app.pin_today("2026-01-01".parse().unwrap());
    let season = app.results_export(Some(LEAGUE), Some("2025-27")).unwrap();
    let rows: Vec<_> = season.rosters.iter().map(|r| r.player.as_str()).collect();
    assert_eq!(rows, ["Dai Evans"]);
    let files: Vec<_> = season.files().into_iter().map(|f| f.name).collect();
    assert_eq!(files, ["2025-27-configuration.csv", "2025-27-rosters.csv"]);
}

#[test]
fn last_season_imported_without_create_is_one_fault_a_season_with_create_as_its_hint() {
    // Before: a fault on every row with known teams ("has no season '2024-25'; did you mean
    // '2025-26'?"), last season's name taken for a slip of this one's, and no "--create".
    let db = league();
    let dir = format!("{}/", db.dir().display());
    let nights = db.dir().join("nights.csv");
    let rows: String = (0..6)
        .map(|i| format!("2024-25,2024-09-{:02},Royal Oak,Red Lion,5,4,\n", i + 1))
        .collect();
    std::fs::write(
        &nights,
        format!("season,date,home,away,home_points,away_points,note\n{rows}"),
    )
    .unwrap();
    let rosters = db.dir().join("rosters.csv");
    std::fs::write(
        &rosters,
        "season,team,player\n2024-25,Red Lion,Dai\n2024-25,Red Lion,Huw\n2024-25,Royal Oak,Gareth\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&[
        "import",
        nights.to_str().unwrap(),
        rosters.to_str().unwrap(),
        "--league",
        LEAGUE,
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&dir, ""),
        "nights.csv, line 2, column 1 (season): Abercarn Crib and Don League has no season '2024-25' (--create makes it)\n\
         rosters.csv, line 2, column 1 (season): Abercarn Crib and Don League has no season '2024-25' (--create makes it)\n\
         Nothing imported: 2 errors.\n"
    );
    assert_eq!(db.dump(), before);
    // A name not a season's in form is still taken for a slip of the nearest.
    let rows = rows.replace("2024-25", "2025-62");
    std::fs::write(
        &nights,
        format!("season,date,home,away,home_points,away_points,note\n{rows}"),
    )
    .unwrap();
    let out = db.run(&["import", nights.to_str().unwrap(), "--league", LEAGUE]);
    assert_eq!(
        text(&out.stderr).replace(&dir, ""),
        "nights.csv, line 2, column 1 (season): Abercarn Crib and Don League has no season '2025-62'; did you mean '2025-26'?\n\
         Nothing imported: 1 error.\n"
    );
}
