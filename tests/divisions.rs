//! Divisions (RULES.md §10, issue 31): a season made in divisions, listed, a team moved before
//! the fixtures and not after, fixtures only within a division, a table per division (text,
//! `--json` as FORMAT.md §4, `--division`, `--on`, `--confirmed`, `--explain`), promotion and
//! relegation by the final tables with `--same-teams`, the `division` column of a results file,
//! history per division, and the published pages. Every table worked out by hand below.

use crate::common;

use serde_json::{json, Value};

use common::db::{refused, Db};

const PREMIER: &str = "Premier: Royal Oak, Red Lion, Six Bells; Division One: Greyhound, Fox and Hounds, Carpenters Arms";

/// A league with a season of two divisions of three teams, made at the command line.
fn two_divisions() -> Db {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys"]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--divisions",
        PREMIER,
        "--create",
    ]);
    db
}

fn json_of(s: &str) -> Value {
    serde_json::from_str(s).unwrap()
}

/// A line of `standings --json` for a team whose nights are all known by their totals.
fn line(
    division: &str,
    pos: u32,
    team: &str,
    (p, w, l): (u32, u32, u32),
    (f, a): (u32, u32),
) -> Value {
    json!({ "division": division, "pos": pos, "team": team, "played": p, "won": w, "drawn": 0,
            "lost": l, "matches_for": f, "matches_against": a,
            "legs_for": if p == 0 { json!(0) } else { Value::Null },
            "legs_against": if p == 0 { json!(0) } else { Value::Null },
            "points": f })
}

#[test]
fn a_season_is_made_in_divisions_listed_and_a_team_moved_only_before_its_fixtures() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys"]);
    let said = db.ok(&[
        "season",
        "new",
        "2025-26",
        "--divisions",
        PREMIER,
        "--create",
    ]);
    assert!(
        said.ends_with("Divisions:\n  Premier: Royal Oak, Red Lion, Six Bells\n  Division One: Greyhound, Fox and Hounds, Carpenters Arms\n"),
        "{said}"
    );
    assert_eq!(
        db.ok(&["division", "list"]),
        "Premier: Red Lion, Royal Oak, Six Bells\nDivision One: Carpenters Arms, Fox and Hounds, Greyhound\n"
    );
    // A division named twice, a division without teams, a part without its colon: refused.
    refused(
        &db,
        &[
            "season",
            "new",
            "2026-27",
            "--divisions",
            "A: X; a: Y",
            "--create",
        ],
        2,
        "the divisions name 'A' twice",
    );
    refused(
        &db,
        &[
            "season",
            "new",
            "2026-27",
            "--divisions",
            "A: X; B:",
            "--create",
        ],
        2,
        "division 'B' has no teams",
    );
    refused(
        &db,
        &["season", "new", "2026-27", "--divisions", "A X", "--create"],
        2,
        "--divisions: 'A X' has no colon",
    );
    // A team moves before the fixtures are made; to its own division or an unknown one, not.
    assert_eq!(
        db.ok(&["division", "move", "Six Bells", "division one"]),
        "Moved Six Bells from Premier to Division One in season 2025-26.\n"
    );
    refused(
        &db,
        &["division", "move", "Six Bells", "Division One"],
        2,
        "Six Bells plays in Division One already",
    );
    refused(
        &db,
        &["division", "move", "Six Bells", "Premiership"],
        2,
        "no division 'Premiership' in season 2025-26; did you mean 'Premier'?",
    );
    db.ok(&["division", "move", "Six Bells", "Premier"]);
    db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2025-09-04",
        "--weekday",
        "thu",
    ]);
    refused(
        &db,
        &["division", "move", "Six Bells", "Division One"],
        2,
        "season 2025-26 has fixtures already: a team moves to another division only before they are made",
    );
    // The move is undone like any change.
    assert!(db.ok(&["log"]).contains("moved Six Bells to Premier"));
}

#[test]
fn a_season_without_divisions_lists_none_and_refuses_a_division_asked() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys"]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Royal Oak, Red Lion",
        "--create",
    ]);
    assert_eq!(
        db.ok(&["division", "list"]),
        "Season 2025-26 has no divisions: its teams play as one.\n"
    );
    refused(
        &db,
        &["division", "move", "Royal Oak", "Premier"],
        2,
        "season 2025-26 has no divisions",
    );
    refused(
        &db,
        &["standings", "--division", "Premier"],
        2,
        "season 2025-26 has no divisions",
    );
    let table = db.ok(&["standings"]);
    assert!(
        !table.contains("Premier") && table.starts_with("Valleys 2025-26\n┌"),
        "{table}"
    );
}

#[test]
fn fixtures_are_made_within_each_division_and_a_night_across_two_is_refused() {
    let db = two_divisions();
    // Four teams in the top division, three below (the team added joins the lowest).
    db.ok(&["team", "add", "Navigation Inn", "--season", "2025-26"]);
    db.ok(&["division", "move", "Navigation Inn", "Premier"]);
    db.ok(&["team", "add", "Coach and Horses", "--season", "2025-26"]);
    assert_eq!(
        db.ok(&["division", "list"]),
        "Premier: Navigation Inn, Red Lion, Royal Oak, Six Bells\nDivision One: Carpenters Arms, Coach and Horses, Fox and Hounds, Greyhound\n"
    );
    db.ok(&["division", "move", "Coach and Horses", "Premier"]);
    db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2025-09-04",
        "--weekday",
        "thu",
    ]);
    // A double round robin of five (20 fixtures, ten rounds) and of three (6, in six rounds),
    // on the same Thursdays; no fixture between two divisions.
    let across = db.sql(
        "SELECT count(*) FROM fixtures f
         JOIN entries h ON h.season = f.season AND h.team = f.home
         JOIN entries a ON a.season = f.season AND a.team = f.away
         WHERE h.division IS NOT a.division",
    );
    assert_eq!(across.trim(), "0");
    assert_eq!(db.sql("SELECT count(*) FROM fixtures").trim(), "26");
    let rounds = db.sql("SELECT count(DISTINCT date), max(round) FROM fixtures");
    assert_eq!(rounds.trim(), "10|10");
    // Each team meets each other of its division twice, home and away.
    let pairs = db.sql(
        "SELECT count(*) FROM (SELECT home, away FROM fixtures GROUP BY home, away HAVING count(*) = 1)",
    );
    assert_eq!(pairs.trim(), "26");
    refused(
        &db,
        &["fixtures", "add", "Royal Oak", "Greyhound", "2026-03-05"],
        2,
        "Royal Oak plays in Premier and Greyhound in Division One: a team plays only teams of its own division",
    );
}

/// The two divisions' nights, all by their totals, Thursdays in September 2025.
fn played() -> Db {
    let db = two_divisions();
    for (home, away, totals, date) in [
        ("Royal Oak", "Red Lion", "5-4", "2025-09-04"),
        ("Greyhound", "Fox and Hounds", "6-3", "2025-09-04"),
        ("Six Bells", "Royal Oak", "7-2", "2025-09-11"),
        ("Carpenters Arms", "Greyhound", "3-6", "2025-09-11"),
        ("Red Lion", "Six Bells", "4-5", "2025-09-18"),
        ("Fox and Hounds", "Carpenters Arms", "5-4", "2025-09-18"),
    ] {
        db.ok(&[
            "night", "enter", home, away, "--totals", totals, "--date", date,
        ]);
    }
    db.ok(&[
        "night",
        "confirm",
        "Royal Oak",
        "Red Lion",
        "--by",
        "Red Lion",
    ]);
    db.ok(&[
        "night",
        "confirm",
        "Greyhound",
        "Fox and Hounds",
        "--by",
        "Fox and Hounds",
    ]);
    db
}

#[test]
fn each_division_has_its_own_table_top_first_as_worked_by_hand() {
    let db = played();
    // Premier: Six Bells 7+5 = 12, Red Lion 4+4 = 8, Royal Oak 5+2 = 7.
    // Division One: Greyhound 6+6 = 12, Fox and Hounds 3+5 = 8, Carpenters Arms 3+4 = 7.
    let premier = [
        line("Premier", 1, "Six Bells", (2, 2, 0), (12, 6)),
        line("Premier", 2, "Red Lion", (2, 0, 2), (8, 10)),
        line("Premier", 3, "Royal Oak", (2, 1, 1), (7, 11)),
    ];
    let one = vec![
        line("Division One", 1, "Greyhound", (2, 2, 0), (12, 6)),
        line("Division One", 2, "Fox and Hounds", (2, 1, 1), (8, 10)),
        line("Division One", 3, "Carpenters Arms", (2, 0, 2), (7, 11)),
    ];
    let all: Vec<Value> = premier.iter().chain(&one).cloned().collect();
    assert_eq!(json_of(&db.ok(&["standings", "--json"])), Value::from(all));
    assert_eq!(
        json_of(&db.ok(&["standings", "--json", "--division", "division one"])),
        Value::from(one)
    );
    let text = db.ok(&["standings", "--explain"]);
    let premier_at = text.find("\nPremier\n").expect("Premier's heading");
    let one_at = text
        .find("\n\nDivision One\n")
        .expect("Division One's heading");
    assert!(premier_at < one_at, "{text}");
    for reason in [
        "Six Bells above Red Lion: 12 points against 8",
        "Red Lion above Royal Oak: 8 points against 7",
        "Greyhound above Fox and Hounds: 12 points against 8",
        "Fox and Hounds above Carpenters Arms: 8 points against 7",
    ] {
        assert!(text.contains(reason), "{reason} in {text}");
    }
    // Each division's notes under its own table: two provisional nights in each.
    assert_eq!(
        text.matches("Counted, not yet confirmed by both teams: 2 provisional nights")
            .count(),
        2,
        "{text}"
    );
    // On 2025-09-11: Royal Oak 5+2 = 7 and Six Bells 7, level on points and legs (none known):
    // by name. Division One: Greyhound 12, Carpenters Arms 3, Fox and Hounds 3, by name.
    let on: Vec<(String, u64, String)> =
        json_of(&db.ok(&["standings", "--json", "--on", "2025-09-11"]))
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["division"].as_str().unwrap().into(),
                    l["pos"].as_u64().unwrap(),
                    l["team"].as_str().unwrap().into(),
                )
            })
            .collect();
    let want = [
        ("Premier", 1, "Royal Oak"),
        ("Premier", 2, "Six Bells"),
        ("Premier", 3, "Red Lion"),
        ("Division One", 1, "Greyhound"),
        ("Division One", 2, "Carpenters Arms"),
        ("Division One", 3, "Fox and Hounds"),
    ];
    let want: Vec<(String, u64, String)> = want
        .iter()
        .map(|(d, p, t)| (d.to_string(), *p, t.to_string()))
        .collect();
    assert_eq!(on, want);
    // Confirmed nights only: Royal Oak 5, Red Lion 4, Six Bells 0; Greyhound 6, Fox and
    // Hounds 3, Carpenters Arms 0.
    let confirmed: Vec<(u64, String, i64)> =
        json_of(&db.ok(&["standings", "--json", "--confirmed"]))
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["pos"].as_u64().unwrap(),
                    l["team"].as_str().unwrap().into(),
                    l["points"].as_i64().unwrap(),
                )
            })
            .collect();
    let want = [
        (1, "Royal Oak", 5),
        (2, "Red Lion", 4),
        (3, "Six Bells", 0),
        (1, "Greyhound", 6),
        (2, "Fox and Hounds", 3),
        (3, "Carpenters Arms", 0),
    ];
    let want: Vec<(u64, String, i64)> = want
        .iter()
        .map(|(p, t, n)| (*p, t.to_string(), *n))
        .collect();
    assert_eq!(confirmed, want);
    let csv = db.ok(&["standings", "--csv", "--division", "Premier"]);
    assert!(csv.starts_with("division,pos,team,"), "{csv}");
    assert!(
        csv.contains("\"Premier\",1,\"Six Bells\",2,2,0,0,12,6,\"\",\"\",12\n"),
        "{csv}"
    );
}

#[test]
fn the_next_season_goes_up_and_down_by_the_final_tables_with_adjustments_and_a_withdrawal() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys"]);
    let said = db.ok(&["league", "set", "--up-down", "1"]);
    assert!(
        said.contains("  Up and down:  1 team between divisions\n"),
        "{said}"
    );
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--divisions",
        "Premier: A1, A2, A3; Division One: B1, B2, B3; Division Two: C1, C2, C3",
        "--create",
    ]);
    for (home, away, totals, date) in [
        ("A1", "A2", "5-4", "2025-09-04"),
        ("A2", "A3", "6-3", "2025-09-11"),
        ("A3", "A1", "5-4", "2025-09-18"),
        ("B1", "B2", "3-6", "2025-09-04"),
        ("B3", "B1", "9-0", "2025-09-11"),
        ("C1", "C2", "5-4", "2025-09-04"),
        ("C2", "C3", "5-4", "2025-09-11"),
        ("C3", "C1", "5-4", "2025-09-18"),
    ] {
        db.ok(&[
            "night", "enter", home, away, "--totals", totals, "--date", date,
        ]);
    }
    // Premier: A1 5+4 = 9, A2 4+6 = 10 less 3 deducted = 7, A3 3+5 = 8: A2, top without its
    // deduction, goes down.
    db.ok(&[
        "deduct",
        "A2",
        "3",
        "--reason",
        "late",
        "--date",
        "2025-09-20",
    ]);
    // Division One: B3 withdraws, its nights expunged: B2 6, B1 3; B3 counts bottom and goes
    // nowhere, so no team of Division One goes down.
    db.ok(&["withdraw", "B3", "--date", "2025-09-25"]);
    // Division Two: C1, C2, C3 each 9, no legs known: by name, C1 goes up.
    let said = db.ok(&["season", "new", "2026-27", "--same-teams"]);
    assert!(
        said.ends_with(
            "Divisions:\n  Premier: A1, A3, B2\n  Division One: A2, B1, C1\n  Division Two: C2, C3\n\
             Promoted from Division One to Premier: B2\n\
             Promoted from Division Two to Division One: C1\n\
             Relegated from Premier to Division One: A2\n"
        ),
        "{said}"
    );
    assert_eq!(
        db.ok(&["division", "list", "--season", "2026-27"]),
        "Premier: A1, A3, B2\nDivision One: A2, B1, C1\nDivision Two: C2, C3\n"
    );
    // Undone whole: the season, its divisions and its teams' places.
    db.ok(&["undo"]);
    assert_eq!(db.sql("SELECT count(*) FROM divisions").trim(), "3");
}

#[test]
fn two_up_and_two_down_by_default_and_a_season_without_divisions_carries_on_as_before() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys"]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--divisions",
        "Top: A1, A2, A3, A4; Bottom: B1, B2, B3, B4",
        "--create",
    ]);
    // No nights: every team level on 0, by name. The bottom two of Top (A3, A4) go down, the
    // top two of Bottom (B1, B2) up.
    let said = db.ok(&["season", "new", "2026-27", "--same-teams"]);
    assert!(
        said.ends_with(
            "Divisions:\n  Top: A1, A2, B1, B2\n  Bottom: A3, A4, B3, B4\n\
             Promoted from Bottom to Top: B1, B2\nRelegated from Top to Bottom: A3, A4\n"
        ),
        "{said}"
    );
    let plain = Db::new();
    plain.ok(&["league", "new", "Valleys"]);
    plain.ok(&["season", "new", "2025-26", "--teams", "A1, A2", "--create"]);
    let said = plain.ok(&["season", "new", "2026-27", "--same-teams"]);
    assert!(
        said.ends_with("Tie-breakers: points, legs-difference, legs-won, name\nTeams: A1, A2\n"),
        "{said}"
    );
}

/// The three-division season of `tests/data/divisions` imported into a new league.
fn three_divisions() -> Db {
    let db = Db::new();
    let said = db.ok(&[
        "import",
        "tests/data/divisions/2024-25-nights.csv",
        "tests/data/divisions/2024-25-adjustments.csv",
        "--league",
        "Valleys",
        "--create",
    ]);
    assert_eq!(
        said,
        "Imported new league Valleys: 18 nights, 3 divisions, 1 adjustment; new season 2024-25; 12 new teams.\n"
    );
    db
}

/// A line of `standings --json` of a season known by its nights' totals.
fn played_line(
    division: &str,
    pos: u32,
    team: &str,
    (w, l): (u32, u32),
    (f, a): (u32, u32),
    points: i64,
) -> Value {
    json!({ "division": division, "pos": pos, "team": team, "played": w + l, "won": w,
            "drawn": 0, "lost": l, "matches_for": f, "matches_against": a,
            "legs_for": null, "legs_against": null, "points": points })
}

#[test]
fn a_season_of_three_divisions_imports_from_csv_and_each_table_is_exact() {
    let db = three_divisions();
    // Worked by hand from the file (one point a match; nights known by their totals, so no
    // legs, and teams level on points are ordered by name):
    // Premier: Royal Oak 6+6+2 = 14; Red Lion 3+5+5 = 13; Six Bells 4+4+7 = 15, less 2
    // deducted = 13 (below Red Lion by name); Greyhound 5+3+4 = 12.
    // Division One: Navigation Inn 9 (a walkover) + 4 + 5 = 18; Carpenters Arms 4+5+5 = 14;
    // Fox and Hounds 5+3+4 = 12; Coach and Horses 0+6+4 = 10.
    // Division Two: Abercarn Inn 4+4+6 = 14 and Crumlin Arms 5+4+5 = 14 (by name); Rising Sun
    // 5+5+3 = 13 and White Hart 4+5+4 = 13 (by name).
    let want = json!([
        played_line("Premier", 1, "Royal Oak", (2, 1), (14, 13), 14),
        played_line("Premier", 2, "Red Lion", (2, 1), (13, 14), 13),
        played_line("Premier", 3, "Six Bells", (1, 2), (15, 12), 13),
        played_line("Premier", 4, "Greyhound", (1, 2), (12, 15), 12),
        played_line("Division One", 1, "Navigation Inn", (2, 1), (18, 9), 18),
        played_line("Division One", 2, "Carpenters Arms", (2, 1), (14, 13), 14),
        played_line("Division One", 3, "Fox and Hounds", (1, 2), (12, 15), 12),
        played_line("Division One", 4, "Coach and Horses", (1, 2), (10, 17), 10),
        played_line("Division Two", 1, "Abercarn Inn", (1, 2), (14, 13), 14),
        played_line("Division Two", 2, "Crumlin Arms", (2, 1), (14, 13), 14),
        played_line("Division Two", 3, "Rising Sun", (2, 1), (13, 14), 13),
        played_line("Division Two", 4, "White Hart", (1, 2), (13, 14), 13),
    ]);
    assert_eq!(json_of(&db.ok(&["standings", "--json"])), want);
    let text = db.ok(&["standings", "--explain", "--division", "Premier"]);
    assert!(
        text.contains(
            "Six Bells: 2 points deducted on 2024-09-20 (fielded a player not on its roster).\n"
        ),
        "{text}"
    );
    assert!(text.contains("Red Lion above Six Bells: level on 13 points, legs difference 0, legs won 0; level on every tie-breaker, so by name\n"), "{text}");
    assert!(!text.contains("Navigation Inn"), "{text}");
    // The next season: the top two of each division but the top go up, the bottom two of
    // each but the lowest go down.
    let said = db.ok(&["season", "new", "2025-26", "--same-teams"]);
    assert!(
        said.ends_with(
            "Divisions:\n\
             \x20 Premier: Carpenters Arms, Navigation Inn, Red Lion, Royal Oak\n\
             \x20 Division One: Abercarn Inn, Crumlin Arms, Greyhound, Six Bells\n\
             \x20 Division Two: Coach and Horses, Fox and Hounds, Rising Sun, White Hart\n\
             Promoted from Division One to Premier: Navigation Inn, Carpenters Arms\n\
             Promoted from Division Two to Division One: Abercarn Inn, Crumlin Arms\n\
             Relegated from Premier to Division One: Six Bells, Greyhound\n\
             Relegated from Division One to Division Two: Fox and Hounds, Coach and Horses\n"
        ),
        "{said}"
    );
}

#[test]
fn the_division_column_round_trips_and_a_team_in_two_divisions_is_a_fault_at_its_cell() {
    let db = three_divisions();
    let first = db.dir().join("first");
    db.ok(&[
        "export",
        "--season",
        "2024-25",
        "--out-dir",
        first.to_str().unwrap(),
    ]);
    let nights = std::fs::read_to_string(first.join("2024-25-nights.csv")).unwrap();
    assert_eq!(
        nights,
        std::fs::read_to_string("tests/data/divisions/2024-25-nights.csv").unwrap()
    );
    let again = Db::new();
    let mut files: Vec<String> = std::fs::read_dir(&first)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    files.sort();
    let mut args: Vec<&str> = vec!["import"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--league", "Valleys", "--create"]);
    again.ok(&args);
    let second = again.dir().join("second");
    again.ok(&[
        "export",
        "--season",
        "2024-25",
        "--out-dir",
        second.to_str().unwrap(),
    ]);
    for f in &files {
        let name = std::path::Path::new(f).file_name().unwrap();
        assert_eq!(
            std::fs::read(first.join(name)).unwrap(),
            std::fs::read(second.join(name)).unwrap(),
            "{name:?}"
        );
    }
    assert_eq!(
        again.ok(&["standings", "--json"]),
        db.ok(&["standings", "--json"])
    );
    // Royal Oak in Premier on line 2, then in Division One: a fault at line 3's division cell.
    let file = db.dir().join("two.csv");
    std::fs::write(
        &file,
        "season,division,date,home,away,home_points,away_points\n\
         2025-26,Premier,2025-09-04,Royal Oak,Red Lion,5,4\n\
         2025-26,Division One,2025-09-11,Royal Oak,Six Bells,5,4\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let out = refused(&db, &["import", path, "--create"], 1, "line 3, column 2 (division): Royal Oak plays in Premier (line 2) in season 2025-26, not in Division One: a team plays in one division of a season");
    assert!(common::text(&out.stderr).contains("two.csv"));
    // A team placed in a division of the season already, named in another by a file.
    db.ok(&["season", "new", "2025-26", "--same-teams"]);
    std::fs::write(
        &file,
        "season,division,date,home,away,home_points,away_points\n\
         2025-26,Division Two,2025-09-04,Royal Oak,Red Lion,5,4\n",
    )
    .unwrap();
    refused(&db, &["import", path], 1, "line 2, column 2 (division): Royal Oak plays in Premier in season 2025-26, not in Division Two");
    // A division the season does not have, without --create.
    std::fs::write(
        &file,
        "season,division,date,home,away,home_points,away_points\n\
         2025-26,Premeir,2025-09-04,Royal Oak,Red Lion,5,4\n",
    )
    .unwrap();
    refused(
        &db,
        &["import", path],
        1,
        "line 2, column 2 (division): season 2025-26 has no division 'Premeir'",
    );
}

#[test]
fn grids_and_final_tables_are_imported_a_division_at_a_time() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys"]);
    let write = |name: &str, text: &str| {
        let path = db.dir().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let premier = write(
        "premier.csv",
        "season,2014-15,,\n,Royal Oak,Red Lion,Six Bells\nRoyal Oak,x,5-4,9-0 w/o\nRed Lion,3-6,x,-\nSix Bells,2-7,4-5,x\n",
    );
    let one = write(
        "one.csv",
        "season,2014-15,,\n,Greyhound,Fox and Hounds,Crumlin Arms\nGreyhound,x,6-3,4-5\nFox and Hounds,5-4,x,7-2\nCrumlin Arms,3-6,1-8,x\n",
    );
    db.ok(&["import", &premier, "--division", "Premier", "--create"]);
    db.ok(&["import", &one, "--division", "Division One", "--create"]);
    // Premier: Royal Oak 5 + 9 (a walkover) + 6 + 7 = 27; Red Lion 4 + 3 + 5 = 12; Six Bells
    // 0 + 2 + 4 = 6. Division One: Fox and Hounds 3 + 5 + 7 + 8 = 23; Greyhound 6 + 4 + 4 +
    // 6 = 20; Crumlin Arms 5 + 2 + 3 + 1 = 11.
    let table: Vec<(String, String, i64)> =
        json_of(&db.ok(&["standings", "--season", "2014-15", "--json"]))
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["division"].as_str().unwrap().into(),
                    l["team"].as_str().unwrap().into(),
                    l["points"].as_i64().unwrap(),
                )
            })
            .collect();
    let want = [
        ("Premier", "Royal Oak", 27),
        ("Premier", "Red Lion", 12),
        ("Premier", "Six Bells", 6),
        ("Division One", "Fox and Hounds", 23),
        ("Division One", "Greyhound", 20),
        ("Division One", "Crumlin Arms", 11),
    ];
    let want: Vec<(String, String, i64)> = want
        .iter()
        .map(|(d, t, p)| (d.to_string(), t.to_string(), *p))
        .collect();
    assert_eq!(table, want);
    // A grid naming a team of the other division: a fault at the team's cell.
    let wrong = write(
        "wrong.csv",
        "season,2014-15,\n,Royal Oak,Greyhound\nRoyal Oak,x,5-4\nGreyhound,4-5,x\n",
    );
    refused(&db, &["import", &wrong, "--division", "Premier"], 1, "line 2, column 3 (Greyhound): Greyhound plays in Division One in season 2014-15, not in Premier");
    // Two divisions' final tables of one season, one after the other, each as printed.
    let header = "season,pos,team,played,won,drawn,lost,matches_for,matches_against,points\n";
    let top = write(
        "top.csv",
        &format!(
            "{header}1998-99,1,Royal Oak,2,2,0,0,10,8,10\n1998-99,2,Red Lion,2,0,0,2,8,10,8\n"
        ),
    );
    let below = write(
        "below.csv",
        &format!("{header}1998-99,1,Greyhound,2,1,0,1,9,9,9\n1998-99,2,Six Bells,2,1,0,1,9,9,9\n"),
    );
    db.ok(&["import", &top, "--division", "Premier", "--create"]);
    db.ok(&["import", &below, "--division", "Division One", "--create"]);
    // Again: the same tables, nothing new.
    db.ok(&["import", &below, "--division", "Division One"]);
    let table: Vec<(String, u64, String)> =
        json_of(&db.ok(&["standings", "--season", "1998-99", "--json"]))
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["division"].as_str().unwrap().into(),
                    l["pos"].as_u64().unwrap(),
                    l["team"].as_str().unwrap().into(),
                )
            })
            .collect();
    let want = [
        ("Premier", 1, "Royal Oak"),
        ("Premier", 2, "Red Lion"),
        ("Division One", 1, "Greyhound"),
        ("Division One", 2, "Six Bells"),
    ];
    let want: Vec<(String, u64, String)> = want
        .iter()
        .map(|(d, p, t)| (d.to_string(), *p, t.to_string()))
        .collect();
    assert_eq!(table, want);
}

#[test]
fn history_names_each_division_s_champions_and_sums_every_division_s_nights() {
    let db = three_divisions();
    let told = json_of(&db.ok(&["history", "--json"]));
    let season = &told["seasons"][0];
    assert_eq!(season["champions"], "Royal Oak");
    assert_eq!(season["runners_up"], "Red Lion");
    assert_eq!(season["teams"], 12);
    assert_eq!(
        season["divisions"],
        json!([
            { "division": "Premier", "champions": "Royal Oak", "runners_up": "Red Lion", "teams": 4 },
            { "division": "Division One", "champions": "Navigation Inn", "runners_up": "Carpenters Arms", "teams": 4 },
            { "division": "Division Two", "champions": "Abercarn Inn", "runners_up": "Crumlin Arms", "teams": 4 },
        ])
    );
    // The all-time table over every division's nights: Navigation Inn's 18 points top it; the
    // one title is the top division's.
    let all: Vec<(String, i64, u64)> = told["all_time"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["team"].as_str().unwrap().into(),
                l["points"].as_i64().unwrap(),
                l["titles"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(all.len(), 12);
    assert_eq!(all[0], ("Navigation Inn".into(), 18, 0));
    assert_eq!(all[1], ("Royal Oak".into(), 14, 1));
    assert_eq!(all.iter().map(|l| l.2).sum::<u64>(), 1);
    let text = db.ok(&["history"]);
    assert!(
        text.contains("│   Division Two ┆ Abercarn Inn   ┆ Crumlin Arms    ┆     4 ┆"),
        "{text}"
    );
    // A league without divisions: no `divisions` in its seasons' lines.
    let plain = Db::new();
    plain.ok(&["league", "new", "Valleys"]);
    plain.ok(&["season", "new", "2025-26", "--teams", "A1, A2", "--create"]);
    plain.ok(&[
        "night",
        "enter",
        "A1",
        "A2",
        "--totals",
        "5-4",
        "--date",
        "2025-09-04",
    ]);
    let told = json_of(&plain.ok(&["history", "--json"]));
    assert!(told["seasons"][0].get("divisions").is_none(), "{told}");
}

/// `division list` and `division move` default to the same season: right after `season new
/// --same-teams`, the new one being set up. Before, the list showed the last season's
/// divisions while the move acted on the new one.
#[test]
fn division_list_shows_the_season_division_move_acts_on() {
    let db = three_divisions();
    db.ok(&["season", "new", "2025-26", "--same-teams"]);
    let listed = db.ok(&["division", "list"]);
    assert_eq!(listed, db.ok(&["division", "list", "--season", "2025-26"]));
    assert!(
        listed.contains("Premier: Carpenters Arms, Navigation Inn, Red Lion, Royal Oak\n"),
        "{listed}"
    );
    let moved = db.ok(&["division", "move", "Six Bells", "Premier"]);
    assert_eq!(
        moved,
        "Moved Six Bells from Division One to Premier in season 2025-26.\n"
    );
    let listed = db.ok(&["division", "list"]);
    assert!(
        listed
            .contains("Premier: Carpenters Arms, Navigation Inn, Red Lion, Royal Oak, Six Bells\n"),
        "{listed}"
    );
    // The last season's, named, as it ended.
    let last = db.ok(&["division", "list", "--season", "2024-25"]);
    assert!(
        last.contains("Premier: Greyhound, Red Lion, Royal Oak, Six Bells\n"),
        "{last}"
    );
}

/// A team named in two divisions of `--divisions` is refused naming `--divisions` and both
/// divisions, the database as it was. Before, the refusal spoke of `--teams`, which was not
/// given.
#[test]
fn a_team_in_two_divisions_is_refused_naming_divisions_and_both() {
    let db = two_divisions();
    let out = refused(
        &db,
        &[
            "season",
            "new",
            "2026-27",
            "--divisions",
            "A: Royal Oak, Red Lion; B: Red Lion, Six Bells",
        ],
        2,
        "--divisions names 'Red Lion' twice, in division 'A' and in division 'B'",
    );
    assert!(!common::text(&out.stderr).contains("--teams"));
}

/// A night between teams of two divisions is refused saying so, not sending the secretary to
/// add a fixture that would be refused for the same reason; the database as it was. Before,
/// it said "add a fixture first with `don fixtures add …`".
#[test]
fn a_night_across_two_divisions_is_refused_saying_so_not_offering_a_fixture() {
    let db = two_divisions();
    db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2025-09-04",
        "--weekday",
        "thu",
    ]);
    let out = refused(
        &db,
        &[
            "night",
            "enter",
            "Red Lion",
            "Greyhound",
            "--totals",
            "5-4",
            "--date",
            "2025-09-04",
        ],
        2,
        "Red Lion plays in Premier and Greyhound in Division One",
    );
    assert!(
        !common::text(&out.stderr).contains("fixtures add"),
        "{}",
        common::text(&out.stderr)
    );
}
