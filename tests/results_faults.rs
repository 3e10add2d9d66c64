//! A results file's faults come in one run: every fault of every row (a row with a cell that
//! cannot be read is checked for the rest), a misspelt team or season named as itself with
//! the nearest known name, and no "night is not complete" for a night one of whose rows was
//! refused.

mod common;

use common::db::Db;
use common::text;

const LEAGUE: &str = "Abercarn Crib and Don League";
const HEADER: &str =
    "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n";

fn league() -> Db {
    let db = Db::new();
    db.ok(&["league", "new", LEAGUE]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Royal Oak, Red Lion",
        "--create",
    ]);
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
fn with_create_a_team_near_a_known_one_in_a_night_left_incomplete_is_taken_for_a_misspelling() {
    let db = league();
    let mut rows = night("2025-09-04", "Royal Oak", "Red Lion");
    rows[4] = rows[4].replace("Royal Oak", "Royal Oke");
    let file = db.dir().join("results.csv");
    std::fs::write(&file, format!("{HEADER}{}\n", rows.join("\n"))).unwrap();
    let before = db.dump();
    let out = db.run(&[
        "import",
        file.to_str().unwrap(),
        "--league",
        LEAGUE,
        "--create",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).replace(&format!("{}, ", file.display()), ""),
        "line 6, column 3 (home): no team 'Royal Oke' in Abercarn Crib and Don League; did you mean 'Royal Oak'? (its night is not complete, so it is not taken for a new team)\n\
         Nothing imported: 1 error.\n"
    );
    assert_eq!(db.dump(), before);
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
