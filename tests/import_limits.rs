//! Issue 27's bounds and rules of an import (points 12, 13, 23, 25, 28): a results grid of
//! more teams than a season has is refused at the row that names them, before the rest is
//! read; an over-long record id is shortened in its place too, and a seat name has the bound
//! of every other name; a season whose name dates its nights outside 1900–2200 is refused at
//! its cell; a near name is refused whatever the shape; a grid's night stored match by match
//! with the same score is nothing new; an undated night says "no date"; a near name kept as
//! new by mapping it to itself is said.

use crate::common;

use common::db::{refused, Db};
use common::text;
use don::record::results::read_results;

fn write(db: &Db, name: &str, content: &str) -> String {
    let path = db.dir().join(name);
    std::fs::write(&path, content).unwrap();
    path.to_str().unwrap().to_string()
}

/// A grid of `across` teams across and `down` down (the first `min` the same), season 2014-15,
/// every night 5-4.
fn grid(across: usize, down: usize) -> String {
    let name = |i: usize| format!("Team {i:04}");
    let mut text = String::from("season,2014-15\n");
    let names: Vec<String> = (0..across).map(name).collect();
    text.push(',');
    text.push_str(&names.join(","));
    text.push('\n');
    for i in 0..down {
        text.push_str(&name(i));
        for j in 0..across {
            text.push_str(if i == j { ",x" } else { ",5-4" });
        }
        text.push('\n');
    }
    text
}

// ---------------------------------------------------------------------------------------------
// 12. A grid's teams are bounded.

#[test]
fn a_grid_of_more_teams_than_the_bound_is_refused_at_the_first_team_past_it() {
    // 2,000 teams (16 MB): one fault, at the row of away teams, at the 65th team's column.
    let big = grid(2000, 2000);
    assert!(big.len() > 16_000_000);
    let errors = read_results(big.as_bytes()).expect_err("refused");
    let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        vec!["line 2, column 66 (Team 0064): the grid names 2000 teams across, and a grid may have at most 64 (a league's season, as a handbook prints it): nothing after this row is read"]
    );
    // As many across as allowed, and more down: refused at the row of the 65th.
    let errors = read_results(grid(64, 70).as_bytes()).expect_err("refused");
    let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        vec!["line 67, column 1 (home): Team 0064 is team 65 down the grid, and a grid may have at most 64 (a league's season, as a handbook prints it): nothing after this row is read"]
    );
    // The bound itself is a grid.
    assert!(read_results(grid(64, 64).as_bytes()).is_ok());
}

#[test]
fn import_refuses_a_grid_past_the_bound_naming_its_file_line_and_column_and_keeps_nothing() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    let file = write(&db, "big.csv", &grid(65, 65));
    let out = refused(
        &db,
        &["import", &file, "--create"],
        1,
        "big.csv, line 2, column 66 (Team 0064): the grid names 65 teams across, and a grid may have at most 64",
    );
    assert!(text(&out.stderr).contains("Nothing imported: 1 error."));
    // 64 teams: 4,032 nights.
    let file = write(&db, "grid64.csv", &grid(64, 64));
    let out = db.ok(&["import", &file, "--create"]);
    assert!(out.contains("4032 nights"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// 13. An id shortened in its place; a seat name of at most 100 characters.

/// The sample record of nine-card Don by totals, with `change` made to it.
fn record(change: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut r: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/nine-card-don-totals.json"
        ))
        .unwrap(),
    )
    .unwrap();
    change(&mut r);
    r.to_string()
}

#[test]
fn an_over_long_id_is_shortened_in_the_place_as_in_the_message() {
    let db = Db::new();
    let id = "a".repeat(2_000_000);
    let file = write(
        &db,
        "long-id.json",
        &record(|r| r["id"] = id.clone().into()),
    );
    let out = db.run(&["import", &file]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.len() < 1000, "{} bytes of stderr", err.len());
    assert!(
        err.starts_with(&format!(
            "error: {file}, record 1, id \"{}… (1999960 characters more)\": record [schema] `id` \"{}… (1999960 characters more)\" is 2000000 characters long",
            "a".repeat(40),
            "a".repeat(40)
        )),
        "{err}"
    );
    assert!(!db.path.exists() || db.ok(&["list"]).trim().is_empty());
}

#[test]
fn a_seat_name_of_more_than_100_characters_is_refused_by_import_as_every_other_name() {
    let db = Db::new();
    let seated = |n: &str| {
        record(|r| {
            r["seats"] = serde_json::json!({"N": n, "E": "Rhys", "S": "Dai", "W": "Huw"});
            r.as_object_mut().unwrap().remove("id");
        })
    };
    for chars in [101, 4096] {
        let name = "G".repeat(chars);
        let file = write(&db, "long-seat.json", &seated(&name));
        let out = db.run(&["import", &file]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{chars}: {err}");
        assert!(
            err.contains(&format!(
                "[schema] `seats.N` \"{}… ({} characters more)\" is {chars} characters long: a name may have at most 100",
                "G".repeat(40),
                chars - 40
            )),
            "{err}"
        );
        assert!(err.len() < 1000, "{} bytes of stderr", err.len());
    }
    // At the bound: taken, the name kept whole.
    let name = "G".repeat(100);
    let file = write(&db, "seat-100.json", &seated(&name));
    db.ok(&["import", &file]);
    let exported: serde_json::Value = serde_json::from_str(&db.ok(&["export", "1"])).unwrap();
    assert_eq!(exported["seats"]["N"], serde_json::json!(name));
    // `don new` has the same bound.
    let out = db.run(&[
        "new",
        "nine-card-don",
        "--seats",
        &format!("{},Rhys,Dai,Huw", "G".repeat(101)),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("a name may have at most 100"));
}

// ---------------------------------------------------------------------------------------------
// 23. A season dated by its name within 1900–2200.

#[test]
fn a_season_whose_name_dates_it_outside_1900_to_2200_is_refused_at_its_cell_or_argument() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    let corner = write(
        &db,
        "corner.csv",
        ",Royal Oak,Red Lion\nRoyal Oak,x,5-4\nRed Lion,3-6,x\n",
    );
    refused(
        &db,
        &["import", &corner, "--season", "9999-00", "--create"],
        1,
        "corner.csv, line 1: --season 9999-00: a season so named ends on +10000-06-30, not between 1900-01-01 and 2200-12-31: name it by its years (as 2014-15)",
    );
    let named = write(
        &db,
        "named.csv",
        "season,9999-00\n,Royal Oak,Red Lion\nRoyal Oak,x,5-4\nRed Lion,3-6,x\n",
    );
    refused(
        &db,
        &["import", &named, "--create"],
        1,
        "named.csv, line 1, column 2 (season): season 9999-00: a season so named ends on +10000-06-30, not between 1900-01-01 and 2200-12-31",
    );
    let table = write(
        &db,
        "table.csv",
        "season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note\n\
         1850,1,Royal Oak,1,1,0,0,5,4,,,5,\n1850,2,Red Lion,1,0,0,1,4,5,,,4,\n",
    );
    refused(
        &db,
        &["import", &table, "--create"],
        1,
        "table.csv, line 2, column 1 (season): season 1850: a season so named ends on 1850-12-31, not between 1900-01-01 and 2200-12-31",
    );
    // The last season within the years is taken.
    db.ok(&["import", &corner, "--season", "2199-00", "--create"]);
    let listed = db.ok(&["fixtures", "list", "--season", "2199-00"]);
    assert!(listed.contains("no date"), "{listed}");
}

// ---------------------------------------------------------------------------------------------
// 25. Near names refused whatever the shape.

/// Valleys, its season 2025-26 of Royal Oak, Red Lion and Coach and Horses.
fn valleys() -> Db {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion", "Coach and Horses"]);
    db
}

const NEAR_GRID: &str = "season,2014-15,,,\n\
,The Royal Oak,Réd Lion,Coach & Horses,Royal Oke\n\
The Royal Oak,x,5-4,6-3,7-2\n\
Réd Lion,3-6,x,,\n\
Coach & Horses,,,x,\n\
Royal Oke,,,,x\n";

#[test]
fn near_names_in_a_grid_or_a_final_table_are_refused_with_create_as_in_every_other_shape() {
    let db = valleys();
    let grid = write(&db, "grid.csv", NEAR_GRID);
    let out = refused(
        &db,
        &["import", &grid, "--create"],
        1,
        "Nothing imported: 4 errors.",
    );
    let err = text(&out.stderr);
    for (column, name, near) in [
        (2, "The Royal Oak", "Royal Oak"),
        (3, "Réd Lion", "Red Lion"),
        (4, "Coach & Horses", "Coach and Horses"),
        (5, "Royal Oke", "Royal Oak"),
    ] {
        // At the cell that first names it, once.
        let said = format!(
            "{grid}, line 2, column {column} ({name}): no team '{name}' in Valleys; did you mean '{near}'?"
        );
        assert!(err.contains(&said), "{said} in {err}");
        assert_eq!(
            err.matches(&format!("no team '{name}'")).count(),
            1,
            "{err}"
        );
    }
    let table = write(
        &db,
        "table.csv",
        "season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note\n\
         1999-00,1,The Royal Oak,2,2,0,0,12,6,,,12,\n\
         1999-00,2,Royal Oke,2,1,0,1,9,9,,,9,\n\
         1999-00,3,Coach & Horses,2,0,0,2,6,12,,,6,\n",
    );
    let out = refused(
        &db,
        &["import", &table, "--create"],
        1,
        "Nothing imported: 3 errors.",
    );
    let err = text(&out.stderr);
    for (line, name, near) in [
        (2, "The Royal Oak", "Royal Oak"),
        (3, "Royal Oke", "Royal Oak"),
        (4, "Coach & Horses", "Coach and Horses"),
    ] {
        let said = format!(
            "{table}, line {line}, column 3 (team): no team '{name}' in Valleys; did you mean '{near}'?"
        );
        assert!(err.contains(&said), "{said} in {err}");
    }
    // Said what they mean, they are taken: two as the teams they are near, two new.
    let map = write(
        &db,
        "map.csv",
        "name,means\nThe Royal Oak,Royal Oak\nRéd Lion,Red Lion\nCoach & Horses,new\nRoyal Oke,new\n",
    );
    let out = db.ok(&["import", &grid, "--create", "--map", &map]);
    assert!(
        out.contains("4 nights, 2 names kept as aliases; new season 2014-15; 2 new teams"),
        "{out}"
    );
    assert!(db
        .ok(&["team", "names", "Royal Oak"])
        .contains("The Royal Oak (alias)"));
}

// ---------------------------------------------------------------------------------------------
// 28. A grid's night equal to one stored match by match; "no date"; a near name kept new.

/// The first nine rows of the sample season: Royal Oak v Cwmcarn Hotel on 2025-09-04, 8–1
/// match by match (its first `rows` matches, marked incomplete when fewer than nine).
fn first_night(rows: usize) -> String {
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/league/2025-26-matches.csv"
    ))
    .unwrap();
    let mut lines = sample.lines();
    let header = lines.next().unwrap();
    let note = if rows < 9 { ",note" } else { "" };
    let mut text = format!("{header}{note}\n");
    for line in lines.take(rows) {
        let mark = if rows < 9 { ",incomplete" } else { "" };
        text.push_str(&format!("{line}{mark}\n"));
    }
    text
}

fn night_grid(cell: &str) -> String {
    format!("season,2025-26\n,Royal Oak,Cwmcarn Hotel\nRoyal Oak,x,{cell}\nCwmcarn Hotel,,x\n")
}

#[test]
fn a_grid_cell_equal_to_a_night_stored_match_by_match_is_nothing_new_and_one_that_differs_says_how()
{
    let db = Db::new();
    let matches = write(&db, "matches.csv", &first_night(9));
    db.ok(&["import", &matches, "--league", "Valleys", "--create"]);
    let same = write(&db, "same.csv", &night_grid("8-1"));
    let before = db.dump();
    assert_eq!(
        db.ok(&["import", &same]),
        "Nothing to import: all 1 already there.\n"
    );
    assert_eq!(before, db.dump());
    let other = write(&db, "other.csv", &night_grid("7-2"));
    refused(
        &db,
        &["import", &other],
        1,
        "other.csv, line 3, column 3 (Cwmcarn Hotel): Royal Oak v Cwmcarn Hotel in 2025-26 is stored already on 2025-09-04 as 8–1 (match by match), not 7–2 (totals)",
    );
    // A night still incomplete is not the grid's whole night: said as it stands.
    let db = Db::new();
    let matches = write(&db, "matches.csv", &first_night(6));
    db.ok(&["import", &matches, "--league", "Valleys", "--create"]);
    let same = write(&db, "same.csv", &night_grid("8-1"));
    refused(
        &db,
        &["import", &same],
        1,
        "is stored already on 2025-09-04 as 5–1 so far (match by match, 6 of 9 matches entered), not 8–1 (totals)",
    );
}

/// Valleys with FORMAT.md's grid of 2014-15 imported: its nights without a date.
fn grid_season() -> Db {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    let grid = write(
        &db,
        "grid.csv",
        "season,2014-15,,\n,Royal Oak,Red Lion,Six Bells\nRoyal Oak,x,5-4,9-0 w/o\nRed Lion,3-6,x,-\nSix Bells,2-7,4-5,x\n",
    );
    db.ok(&["import", &grid, "--create"]);
    db
}

#[test]
fn a_grids_night_is_said_to_have_no_date_in_corrections_confirmations_moves_and_awards() {
    let db = grid_season();
    let out = db.ok(&[
        "night",
        "correct",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "6-3",
    ]);
    assert_eq!(
        out,
        "Royal Oak v Red Lion (no date) corrected: 6–3 (totals) (was 5–4 (totals)).\n"
    );
    let out = db.ok(&[
        "night",
        "correct",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "6-3",
    ]);
    assert!(
        out.starts_with("Royal Oak v Red Lion (no date) stands so already"),
        "{out}"
    );
    assert!(db
        .ok(&["log"])
        .contains("Royal Oak v Red Lion (no date) corrected"));
    refused(
        &db,
        &["night", "confirm", "Royal Oak", "Red Lion"],
        2,
        "Royal Oak v Red Lion (no date) is confirmed already",
    );
    refused(
        &db,
        &["fixtures", "move", "1", "2015-01-01", "--season", "2014-15"],
        2,
        "fixture 1 (Royal Oak v Red Lion) has been played; its night stays with no date (a results grid's night)",
    );
    let out = db.run(&[
        "award",
        "Royal Oak",
        "2",
        "--reason",
        "late",
        "--date",
        "2016-01-01",
        "--season",
        "2014-15",
    ]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("outside season 2014-15 (its nights, from a results grid, have no date: it ended on 2015-06-30)"),
        "{err}"
    );
    assert!(!err.contains("fixtures run"), "{err}");
    // Within the season, nothing to warn of.
    let out = db.run(&[
        "award",
        "Royal Oak",
        "2",
        "--reason",
        "late",
        "--date",
        "2015-01-01",
        "--season",
        "2014-15",
    ]);
    assert!(out.status.success());
    assert_eq!(text(&out.stderr), "");
    for all in [
        db.ok(&["log"]),
        db.ok(&["night", "show", "Royal Oak", "Red Lion"]),
    ] {
        assert!(!all.contains("2015-06-30"), "{all}");
    }
}

#[test]
fn a_near_name_given_as_its_own_meaning_is_said_to_be_kept_as_new() {
    let db = valleys();
    db.roster_add("Royal Oak", &["Ivor James"]);
    let grid = write(&db, "grid.csv", NEAR_GRID);
    let rosters = write(
        &db,
        "rosters.csv",
        "season,team,player\n2025-26,Red Lion,Ivor Jams\n",
    );
    let map = write(
        &db,
        "map.csv",
        "name,means\nThe Royal Oak,Royal Oak\nRéd Lion,Red Lion\nCoach & Horses,new\nRoyal Oke,royal oke\nIvor Jams,Ivor Jams\n",
    );
    let out = db.run(&["import", &grid, &rosters, "--create", "--map", &map]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(
        err,
        format!(
            "warning: {map}, line 5: 'Royal Oke' is given as its own meaning, so it is kept as a new team, though it is near 'Royal Oak' (if it is Royal Oak, give 'Royal Oak' as what it means)\n\
             warning: {map}, line 6: 'Ivor Jams' is given as its own meaning, so it is kept as a new player, though it is near 'Ivor James' (if it is Ivor James, give 'Ivor James' as what it means)\n"
        )
    );
    // Typed at the prompt (piped): the name itself is said so; `new` is a choice said already.
    let db = valleys();
    let grid = write(&db, "grid.csv", NEAR_GRID);
    let mut child = db.spawn(&["import", &grid, "--create"]);
    common::db::feed(&mut child, b"y\ny\nnew\nRoyal Oke\n");
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("warning: the answer: 'Royal Oke' is given as its own meaning, so it is kept as a new team, though it is near 'Royal Oak'"),
        "{err}"
    );
    assert!(!err.contains("'Coach & Horses' is given"), "{err}");
    assert!(db.ok(&["team", "list"]).contains("Royal Oke"));
}
