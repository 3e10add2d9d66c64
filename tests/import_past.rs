//! The league's past as CSV (FORMAT.md §7): a results grid and a final table each read cell
//! by cell, every fault at its line and column; imported into a league (the grid's nights
//! without a date, the table as printed, its season closed), the standings worked out by hand;
//! the same again imports nothing, a different figure is a fault naming it, and nothing can
//! be entered into a closed season.

use crate::common;

use common::db::{refused, Db};
use common::text;
use don::record::results::{
    read_results, Column, FinalTableRow, Grid, GridNight, GridTeam, Rows, Shape,
};
use don::record::standings::TableLine;
use serde_json::{json, Value};

const LEAGUE: &str = "Abercarn Crib and Don League";

/// FORMAT.md §7's grid.
const GRID: &str = "season,2014-15,,\n\
,Royal Oak,Red Lion,Six Bells\n\
Royal Oak,x,5-4,9-0 w/o\n\
Red Lion,3-6,x,-\n\
Six Bells,2-7,4-5,x\n";

const TABLE_HEADER: &str = "season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note\n";

/// A final table of 1998-99: Six Bells two points deducted, legs printed for none.
fn table() -> String {
    format!(
        "{TABLE_HEADER}1998-99,1,Royal Oak,4,3,0,1,25,11,,,25,champions\n\
         1998-99,2,Red Lion,4,2,0,2,20,16,,,20,\n\
         1998-99,3,Six Bells,4,1,0,3,9,27,,,7,2 points deducted\n"
    )
}

fn column(index: usize, name: &str) -> Column {
    Column {
        index,
        name: name.into(),
    }
}

/// The faults of a file, as they are shown.
fn faults(text: &str) -> Vec<String> {
    match read_results(text.as_bytes()) {
        Ok(file) => panic!("{text:?} read without a fault: {file:?}"),
        Err(errors) => errors.iter().map(ToString::to_string).collect(),
    }
}

fn write(db: &Db, name: &str, content: &str) -> String {
    let path = db.dir().join(name);
    std::fs::write(&path, content).unwrap();
    path.to_str().unwrap().to_string()
}

fn json_of(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

// ---------------------------------------------------------------------------------------------
// Read cell by cell.

#[test]
fn the_format_md_grid_is_read_cell_by_cell() {
    let file = read_results(GRID.as_bytes()).unwrap();
    assert_eq!(file.shape(), Shape::Grid);
    let team = |line, index, name: &str, own: &str| GridTeam {
        line,
        column: column(index, own),
        name: name.into(),
    };
    let night = |line, index, home: &str, away: &str, h, a, walkover| GridNight {
        line,
        column: column(index, away),
        home: home.into(),
        away: away.into(),
        home_points: h,
        away_points: a,
        walkover,
    };
    assert_eq!(
        file.rows,
        Rows::Grid(Grid {
            season: Some("2014-15".into()),
            teams_line: 2,
            away: vec![
                team(2, 2, "Royal Oak", "Royal Oak"),
                team(2, 3, "Red Lion", "Red Lion"),
                team(2, 4, "Six Bells", "Six Bells"),
            ],
            home: vec![
                team(3, 1, "Royal Oak", "home"),
                team(4, 1, "Red Lion", "home"),
                team(5, 1, "Six Bells", "home"),
            ],
            nights: vec![
                night(3, 3, "Royal Oak", "Red Lion", 5, 4, false),
                night(3, 4, "Royal Oak", "Six Bells", 9, 0, true),
                night(4, 2, "Red Lion", "Royal Oak", 3, 6, false),
                night(5, 2, "Six Bells", "Royal Oak", 2, 7, false),
                night(5, 3, "Six Bells", "Red Lion", 4, 5, false),
            ],
        })
    );
}

#[test]
fn a_grid_with_an_empty_corner_names_no_season_and_a_blank_row_or_short_row_is_no_fault() {
    let text = ",Royal Oak,Red Lion\n\nRoyal Oak,X,\" 6 - 3 \"\nRed Lion,–\n";
    let Rows::Grid(grid) = read_results(text.as_bytes()).unwrap().rows else {
        panic!("not a grid");
    };
    assert_eq!(grid.season, None);
    assert_eq!(grid.teams_line, 1);
    assert_eq!(grid.home.len(), 2);
    assert_eq!(
        grid.nights,
        vec![GridNight {
            line: 3,
            column: column(3, "Red Lion"),
            home: "Royal Oak".into(),
            away: "Red Lion".into(),
            home_points: 6,
            away_points: 3,
            walkover: false,
        }]
    );
}

#[test]
fn every_fault_of_a_grid_is_at_its_line_and_its_away_teams_column() {
    let text = "season,2014-15\n\
                ,Royal Oak,Red Lion,,Six Bells,red lion\n\
                Royal Oak,x,5:4,,x,\n\
                Red Lion,3-6,7-2,,,\n\
                ,1-8\n\
                Six Bells,2-7,4-5 wo,,x,,9-0\n\
                Royal Oak,x\n";
    assert_eq!(
        faults(text),
        vec![
            "line 2, column 4 (away): no away team is named over this column: each column of a grid is an away team's",
            "line 2, column 6 (red lion): red lion is named twice across the grid (first in column 3)",
            "line 3, column 3 (Red Lion): `5:4` is not a night: write the home team's points then the away team's, as 7-2 (9-0 w/o for a walkover; empty or - for a night not played; x where a team meets itself)",
            "line 3, column 5 (Six Bells): `x` marks where a team meets itself, and this is Royal Oak v Six Bells: leave a night not played empty or -",
            "line 4, column 3 (Red Lion): `7-2` is Red Lion against itself: mark its own cell x or leave it empty",
            "line 5, column 1 (home): no home team is named at the start of this row: each row of a grid is a home team's",
            "line 6, column 3 (Red Lion): `4-5 wo` is not a night: write the home team's points then the away team's, as 7-2 (9-0 w/o for a walkover; empty or - for a night not played; x where a team meets itself)",
            "line 6, column 7 (no team): `9-0` is beyond the last away team: the grid has 5 columns of away teams",
            "line 7, column 1 (home): Royal Oak is named twice down the grid (first at line 3)",
        ]
    );
}

#[test]
fn a_season_row_with_no_row_of_away_teams_after_it_is_a_fault() {
    assert_eq!(
        faults("season,2014-15\n"),
        vec!["line 2: the grid has no row of away teams: after the `season` row, a row with an empty first cell and the away teams across"]
    );
}

#[test]
fn a_header_that_is_neither_named_columns_nor_a_grid_is_refused_as_before() {
    for header in [
        "seson,date,home,away,home_points,away_points\n",
        // A shape's header with a column missing is not taken for a grid's season row.
        "season,player\n",
        ",team,player\n",
    ] {
        let errors = faults(header);
        assert_eq!(errors.len(), 1, "{header}");
        assert!(
            errors[0].starts_with("line 1: the header is not one of results: it lacks ")
                && errors[0].contains("a results grid begins with a `season` cell"),
            "{}",
            errors[0]
        );
    }
}

#[test]
fn the_format_md_final_table_is_read_field_for_field() {
    let file = read_results(
        format!("{TABLE_HEADER}1998-99,1,Royal Oak,22,17,1,4,130,68,,,130,champions\n1998-99,2,Red Lion,22,15,0,7,120,78,250,180,-3,\n").as_bytes(),
    )
    .unwrap();
    assert_eq!(file.shape(), Shape::Table);
    assert_eq!(
        file.rows,
        Rows::Table(vec![
            FinalTableRow {
                line: 2,
                season: "1998-99".into(),
                printed: TableLine {
                    pos: 1,
                    team: "Royal Oak".into(),
                    played: 22,
                    won: 17,
                    drawn: 1,
                    lost: 4,
                    matches_for: 130,
                    matches_against: 68,
                    legs_for: None,
                    legs_against: None,
                    points: 130,
                    note: "champions".into(),
                },
                faulty: vec![],
            },
            FinalTableRow {
                line: 3,
                season: "1998-99".into(),
                printed: TableLine {
                    pos: 2,
                    team: "Red Lion".into(),
                    played: 22,
                    won: 15,
                    drawn: 0,
                    lost: 7,
                    matches_for: 120,
                    matches_against: 78,
                    legs_for: Some(250),
                    legs_against: Some(180),
                    points: -3,
                    note: String::new(),
                },
                faulty: vec![],
            },
        ])
    );
}

#[test]
fn every_fault_of_a_final_table_is_at_its_line_and_column() {
    assert_eq!(
        faults(&format!(
            "{TABLE_HEADER}1998-99,0,Royal Oak,22,x,1,4,130,68,many,,1e3,\n,1,,22,17,1,4,130,68,,,130,\n"
        )),
        vec![
            "line 2, column 2 (pos): `0` is not a number (1 or more)",
            "line 2, column 5 (won): `x` is not a number (0 or more)",
            "line 2, column 10 (legs_for): `many` is not a number (0 or more)",
            "line 2, column 12 (points): `1e3` is not points (a whole number, as 61 or -2)",
            "line 3, column 1 (season): `season` is empty",
            "line 3, column 3 (team): `team` is empty",
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Imported.

/// FORMAT.md §7's grid imported into a new league.
fn grid_imported() -> Db {
    let db = Db::new();
    let grid = write(&db, "grid.csv", GRID);
    let out = db.ok(&["import", &grid, "--league", LEAGUE, "--create"]);
    assert_eq!(
        out,
        format!("Imported new league {LEAGUE}: 5 nights; new season 2014-15; 3 new teams.\n")
    );
    db
}

#[test]
fn a_grids_nights_count_points_nights_and_matches_with_legs_unknown() {
    let db = grid_imported();
    // By hand, from the grid: Royal Oak beat Red Lion 5-4 and Six Bells 9-0 (walkover) at
    // home, 6-3 at Red Lion and 7-2 at Six Bells: 4 played, 4 won, 27 for, 9 against. Red
    // Lion lost 4-5 and 3-6 to Royal Oak, won 5-4 at Six Bells: 3 played, 1 won, 2 lost, 12
    // for, 15 against (the Red Lion v Six Bells cell is not played). Six Bells: 0-9, 2-7, 4-5:
    // 3 played, 3 lost, 6 for, 21 against.
    let table = json_of(&db.ok(&["standings", "--season", "2014-15", "--json"]));
    let line = |pos, team: &str, p, w, l, f, a| {
        json!({"pos": pos, "team": team, "played": p, "won": w, "drawn": 0, "lost": l,
               "matches_for": f, "matches_against": a, "legs_for": null, "legs_against": null,
               "points": f})
    };
    assert_eq!(
        table,
        json!([
            line(1, "Royal Oak", 4, 4, 0, 27, 9),
            line(2, "Red Lion", 3, 1, 2, 12, 15),
            line(3, "Six Bells", 3, 0, 3, 6, 21),
        ])
    );
    // Undated: shown without a date, stored on the season's end.
    let list = db.ok(&["fixtures", "list", "--season", "2014-15"]);
    assert_eq!(list.matches("no date").count(), 5, "{list}");
    assert_eq!(
        db.sql("SELECT DISTINCT date, undated FROM fixtures"),
        "2015-06-30|1\n"
    );
    // In any table from the season's end; in none before it.
    let before = json_of(&db.ok(&[
        "standings",
        "--season",
        "2014-15",
        "--json",
        "--on",
        "2015-06-29",
    ]));
    assert_eq!(before[0]["played"], 0);
}

#[test]
fn the_same_grid_again_imports_nothing_and_a_different_figure_is_a_fault_naming_it() {
    let db = grid_imported();
    let grid = write(&db, "grid.csv", GRID);
    assert_eq!(
        db.ok(&["import", &grid, "--league", LEAGUE]),
        "Nothing to import: all 5 already there.\n"
    );
    let changed = write(&db, "changed.csv", &GRID.replace("2-7", "3-6"));
    let out = refused(
        &db,
        &["import", &changed, "--league", LEAGUE],
        1,
        "Nothing imported",
    );
    assert_eq!(
        text(&out.stderr),
        format!(
            "{changed}, line 5, column 2 (Royal Oak): Six Bells v Royal Oak in 2014-15 is stored already without a date (from a grid) as 2–7 (totals), not 3–6 (totals)\n\
             Nothing imported: 1 error.\n"
        )
    );
}

#[test]
fn a_grid_with_an_empty_corner_takes_its_season_from_the_import_and_refuses_without_one() {
    let db = Db::new();
    let corner = ",Royal Oak,Red Lion\nRoyal Oak,x,6-3\nRed Lion,1-8,x\n";
    let grid = write(&db, "grid.csv", corner);
    db.league_new(LEAGUE, &[]);
    let out = refused(&db, &["import", &grid, "--create"], 1, "Nothing imported");
    assert_eq!(
        text(&out.stderr),
        format!("{grid}, line 1, column 1 (top-left): the grid's top-left cell is empty and no season is named: give `--season NAME`, or begin the grid with a row `season,NAME`\nNothing imported: 1 error.\n")
    );
    db.ok(&["import", &grid, "--create", "--season", "2003"]);
    let again = db.run(&["import", &grid, "--season", "2003"]);
    assert_eq!(text(&again.stderr), "");
    let table = write(&db, "table.csv", &table());
    let out = db.run(&["import", &table, "--create", "--season", "2003"]);
    assert_eq!(
        text(&out.stderr),
        "warning: --season names the season of a results grid whose top-left cell is empty, and no file here is one: it was not used\n"
    );
    // A season named by a year ends on 31 December.
    assert_eq!(db.sql("SELECT DISTINCT date FROM fixtures"), "2003-12-31\n");
    // --season is for league results only.
    refused(
        &db,
        &["import", "examples/phat.json", "--season", "2003"],
        2,
        "--season are for league results",
    );
}

#[test]
fn a_grids_nights_are_checked_against_the_seasons_configuration_and_names_against_the_league() {
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    db.season_new("2014-15", &["Royal Oak", "Red Lion"]);
    let grid = write(
        &db,
        "grid.csv",
        "season,2014-15\n,Royal Oak,Red Lion,Royal Oke\nRoyal Oak,x,5-3,\nRed Lion,3-6 w/o,x,\nRoyal Oke,,,x\n",
    );
    let out = refused(&db, &["import", &grid], 1, "Nothing imported");
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "{grid}, line 3, column 3 (Red Lion): Royal Oak v Red Lion: "
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{grid}, line 4, column 2 (Royal Oak): Red Lion v Royal Oak: a walkover gives 9-0 to the team that turned up, not 3-6")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{grid}, line 2, column 4 (Royal Oke): no team 'Royal Oke'"
        )),
        "{err}"
    );
}

#[test]
fn a_grids_night_already_entered_with_its_date_is_passed_over() {
    let db = Db::three_teams();
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", "2025-09-04"]);
    db.ok(&["night", "enter", "Royal Oak", "Red Lion", "--totals", "5-4"]);
    let grid = write(
        &db,
        "grid.csv",
        "season,2025-26\n,Royal Oak,Red Lion\nRoyal Oak,x,5-4\nRed Lion,2-7,x\n",
    );
    assert_eq!(
        db.ok(&["import", &grid]),
        format!("Imported {LEAGUE}: 1 night.\n1 already there, passed over.\n")
    );
    // The grid's other night is on the season's last dated night.
    assert_eq!(
        db.sql("SELECT date, undated FROM fixtures ORDER BY id"),
        "2025-09-04|0\n2025-09-04|1\n"
    );
}

/// A final table of 1998-99 imported into a league whose current season is 2025-26.
fn table_imported() -> Db {
    let db = Db::three_teams();
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", "2025-09-04"]);
    let file = write(&db, "table.csv", &table());
    assert_eq!(
        db.ok(&["import", &file, "--create"]),
        format!("Imported {LEAGUE}: 1 final table; new season 1998-99; 1 new team.\n")
    );
    db
}

#[test]
fn a_final_table_is_the_closed_seasons_standings_as_recorded() {
    let db = table_imported();
    let table = json_of(&db.ok(&["standings", "--season", "1998-99", "--json"]));
    assert_eq!(
        table,
        json!([
            {"pos": 1, "team": "Royal Oak", "played": 4, "won": 3, "drawn": 0, "lost": 1,
             "matches_for": 25, "matches_against": 11, "legs_for": null, "legs_against": null,
             "points": 25},
            {"pos": 2, "team": "Red Lion", "played": 4, "won": 2, "drawn": 0, "lost": 2,
             "matches_for": 20, "matches_against": 16, "legs_for": null, "legs_against": null,
             "points": 20},
            {"pos": 3, "team": "Six Bells", "played": 4, "won": 1, "drawn": 0, "lost": 3,
             "matches_for": 9, "matches_against": 27, "legs_for": null, "legs_against": null,
             "points": 7},
        ])
    );
    assert_eq!(
        db.ok(&["season", "list"]),
        "2025-26\n1998-99 (closed: known by its final table)\n"
    );
    let shown = db.ok(&["standings", "--season", "1998-99"]);
    assert!(
        shown.contains("As recorded: the season is known by its final table"),
        "{shown}"
    );
    assert!(shown.contains("Six Bells: 2 points deducted."), "{shown}");
    // A closed season made last is neither the current season nor the one being set up.
    let current = db.ok(&["standings"]);
    assert!(
        current.starts_with(&format!("{LEAGUE} 2025-26\n")),
        "{current}"
    );
    db.roster_add("Royal Oak", &["Gareth"]);
    assert_eq!(
        db.sql("SELECT s.name FROM rosters r JOIN seasons s ON s.id = r.season"),
        "2025-26\n"
    );
}

#[test]
fn nothing_can_be_entered_into_a_closed_season() {
    let db = table_imported();
    let closed = "season 1998-99 is closed";
    let night = ["night", "enter", "Royal Oak", "Red Lion", "--totals", "5-4"];
    refused(
        &db,
        &[&night[..], &["--season", "1998-99", "--date", "1999-01-07"]].concat(),
        2,
        closed,
    );
    refused(
        &db,
        &[
            "fixtures",
            "add",
            "Royal Oak",
            "Red Lion",
            "1999-01-07",
            "--season",
            "1998-99",
        ],
        2,
        closed,
    );
    refused(
        &db,
        &[
            "deduct",
            "Red Lion",
            "2",
            "--reason",
            "late",
            "--season",
            "1998-99",
            "--date",
            "1999-01-07",
        ],
        2,
        closed,
    );
    refused(
        &db,
        &[
            "roster",
            "add",
            "Royal Oak",
            "Gareth",
            "--season",
            "1998-99",
        ],
        2,
        closed,
    );
    let nights = write(
        &db,
        "nights.csv",
        "season,date,home,away,home_points,away_points\n1998-99,1999-01-07,Royal Oak,Red Lion,5,4\n",
    );
    let out = refused(&db, &["import", &nights], 1, "Nothing imported");
    assert!(
        text(&out.stderr).contains(&format!("{nights}, line 2: season 1998-99 is closed")),
        "{}",
        text(&out.stderr)
    );
    let grid = write(
        &db,
        "grid.csv",
        "season,1998-99\n,Royal Oak,Red Lion\nRoyal Oak,x,5-4\nRed Lion,,x\n",
    );
    let out = refused(&db, &["import", &grid], 1, "Nothing imported");
    assert!(
        text(&out.stderr).contains(&format!(
            "{grid}, line 1, column 2 (season): season 1998-99 is closed"
        )),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_same_table_again_imports_nothing_and_a_different_figure_is_a_fault_naming_it() {
    let db = table_imported();
    let file = write(&db, "table.csv", &table());
    assert_eq!(
        db.ok(&["import", &file]),
        "Nothing to import: all 1 already there.\n"
    );
    let changed = write(
        &db,
        "changed.csv",
        &table().replace(",7,2 points", ",9,2 points"),
    );
    let out = refused(&db, &["import", &changed], 1, "Nothing imported");
    assert_eq!(
        text(&out.stderr),
        format!("{changed}, line 4, column 12 (points): Six Bells's line in 1998-99's table is stored already with other figures: stored points 7; here points 9\nNothing imported: 1 error.\n")
    );
}

#[test]
fn a_final_table_is_refused_for_a_season_with_fixtures_and_its_faults_come_at_their_rows() {
    let db = Db::three_teams();
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", "2025-09-04"]);
    let file = write(
        &db,
        "table.csv",
        &format!("{TABLE_HEADER}2025-26,1,Royal Oak,4,3,0,1,25,11,,,25,\n"),
    );
    let out = refused(&db, &["import", &file], 1, "Nothing imported");
    assert!(
        text(&out.stderr).contains("line 2, column 1 (season): season 2025-26 has 1 fixtures (0 played) already: a final table is for a season known only by it"),
        "{}",
        text(&out.stderr)
    );
    let bad = write(
        &db,
        "bad.csv",
        &format!("{TABLE_HEADER}1990,1,Royal Oak,4,3,0,0,25,11,10,,25,\n"),
    );
    let out = refused(&db, &["import", &bad, "--create"], 1, "Nothing imported");
    assert_eq!(
        text(&out.stderr),
        format!(
            "{bad}, line 2, column 4 (played): Royal Oak played 4 but won 3, drew 0 and lost 0 (3 in all): won, drawn and lost add up to played\n\
             {bad}, line 2, column 11 (legs_against): legs_for is given but not legs_against: give both, or leave both empty\n\
             Nothing imported: 2 errors.\n"
        )
    );
}

#[test]
fn a_grid_and_a_table_imported_are_undone_in_one_step_each() {
    let db = table_imported();
    let grid = write(&db, "grid.csv", GRID);
    db.ok(&["import", &grid, "--create"]);
    db.ok(&["undo"]);
    assert_eq!(
        db.sql("SELECT count(*) FROM fixtures WHERE undated = 1"),
        "0\n"
    );
    assert_eq!(db.sql("SELECT count(*) FROM season_tables"), "3\n");
    // The table's import, by its number in the log.
    let table = db.sql("SELECT max(id) FROM operations WHERE summary LIKE '%final table%'");
    db.ok(&["undo", table.trim()]);
    assert_eq!(db.sql("SELECT count(*) FROM season_tables"), "0\n");
    // The season it made went with it.
    assert_eq!(db.sql("SELECT name FROM seasons"), "2025-26\n");
}

// ---------------------------------------------------------------------------------------------
// No panic, and faults in order, on any grid.

mod no_panic {
    use don::league::past::grid_nights;
    use don::league::Config;
    use don::record::results::{read_results_lenient, Rows};
    use proptest::prelude::*;

    fn cell() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("x".to_string()),
            Just("-".to_string()),
            Just("5-4".to_string()),
            Just("9-0 w/o".to_string()),
            Just("0-9 W/O".to_string()),
            Just("4294967296-1".to_string()),
            Just("Royal Oak".to_string()),
            Just("royal  oak".to_string()),
            Just("Red Lion".to_string()),
            Just("season".to_string()),
            Just("2014-15".to_string()),
            Just("\"a,b\"".to_string()),
            "[ -~]{0,6}",
        ]
    }

    proptest! {
        #[test]
        fn a_grid_of_any_cells_is_read_and_checked_without_a_panic(
            season in any::<bool>(),
            rows in proptest::collection::vec(proptest::collection::vec(cell(), 0..6), 1..8),
        ) {
            let mut text = if season { "season,2014-15\n".to_string() } else { String::new() };
            for (i, r) in rows.iter().enumerate() {
                if i == 0 && !season {
                    text.push(',');
                }
                text.push_str(&r.join(","));
                text.push('\n');
            }
            if let Ok((file, errors)) = read_results_lenient(text.as_bytes()) {
                prop_assert!(errors.windows(2).all(|w| w[0].line <= w[1].line), "{:?}", errors);
                if let Rows::Grid(grid) = &file.rows {
                    let (nights, faults) = grid_nights(grid, &Config::default());
                    prop_assert!(nights.iter().all(|n| n.home != n.away));
                    prop_assert!(faults.iter().all(|e| e.line >= 1));
                }
            }
        }
    }
}

#[test]
fn a_grid_as_wide_as_a_grid_may_be_is_read_in_one_pass() {
    // 64 teams across (the most a grid may have; issue 27 point 12 refuses more, in
    // tests/import_limits.rs) and one down: each name looked up, not searched for.
    let names: Vec<String> = (0..64).map(|i| format!("Team {i}")).collect();
    let mut text = format!(",{}\n", names.join(","));
    let cells: Vec<&str> = (0..64).map(|i| if i == 0 { "x" } else { "5-4" }).collect();
    text.push_str(&format!("Team 0,{}\n", cells.join(",")));
    let started = std::time::Instant::now();
    let Rows::Grid(grid) = read_results(text.as_bytes()).unwrap().rows else {
        panic!("not a grid");
    };
    assert_eq!(grid.away.len(), 64);
    assert_eq!(grid.nights.len(), 63);
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}

#[test]
fn a_dated_night_of_a_pair_whose_grid_night_is_stored_is_that_night() {
    let db = grid_imported();
    let nights = write(
        &db,
        "nights.csv",
        "season,date,home,away,home_points,away_points\n2014-15,2014-10-02,Royal Oak,Red Lion,5,4\n",
    );
    assert_eq!(
        db.ok(&["import", &nights]),
        "Nothing to import: all 1 already there.\n"
    );
    let other = write(
        &db,
        "other.csv",
        "season,date,home,away,home_points,away_points\n2014-15,2014-10-02,Royal Oak,Red Lion,6,3\n",
    );
    let out = refused(&db, &["import", &other], 1, "Nothing imported");
    assert!(
        text(&out.stderr).contains(
            "is already entered with another result: stored 5–4 (totals), here 6–3 (totals)"
        ),
        "{}",
        text(&out.stderr)
    );
}

/// The files of a folder, by name, with their text.
fn files_in(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_grid_season_and_a_closed_season_are_exported_as_their_grid_and_table_and_come_back_the_same() {
    let db = Db::new();
    let grid = write(&db, "grid.csv", GRID);
    let printed = write(&db, "table.csv", &table());
    db.ok(&["import", &grid, &printed, "--league", LEAGUE, "--create"]);
    let grid_dir = db.dir().join("grid-out");
    let table_dir = db.dir().join("table-out");
    db.ok(&[
        "export",
        "--season",
        "2014-15",
        "--out-dir",
        grid_dir.to_str().unwrap(),
    ]);
    db.ok(&[
        "export",
        "--season",
        "1998-99",
        "--out-dir",
        table_dir.to_str().unwrap(),
    ]);
    // The grid's nights as a grid (no dated nights), teams by name; the table as recorded.
    let names = |files: &[(String, String)]| -> Vec<String> {
        files.iter().map(|(n, _)| n.clone()).collect()
    };
    let grid_files = files_in(&grid_dir);
    assert_eq!(
        names(&grid_files),
        ["2014-15-configuration.csv", "2014-15-grid.csv"]
    );
    assert_eq!(
        grid_files[1].1,
        "season,2014-15,,\n\
         ,Red Lion,Royal Oak,Six Bells\n\
         Red Lion,x,3-6,\n\
         Royal Oak,5-4,x,9-0 w/o\n\
         Six Bells,4-5,2-7,x\n"
    );
    let table_files = files_in(&table_dir);
    assert_eq!(
        names(&table_files),
        ["1998-99-configuration.csv", "1998-99-table.csv"]
    );
    assert_eq!(table_files[1].1, table());
    // One shape at a time too.
    assert_eq!(
        db.ok(&["export", "--season", "2014-15", "--shape", "grid"]),
        grid_files[1].1
    );
    assert_eq!(
        db.ok(&["export", "--season", "1998-99", "--shape", "table"]),
        table()
    );
    // Imported into a fresh database: the same standings and history.
    let fresh = Db::new();
    let mut args = vec!["import".to_string()];
    for (dir, files) in [(&grid_dir, &grid_files), (&table_dir, &table_files)] {
        args.extend(
            files
                .iter()
                .map(|(n, _)| dir.join(n).to_str().unwrap().to_string()),
        );
    }
    args.extend(["--league", LEAGUE, "--create"].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    fresh.ok(&args);
    for season in ["2014-15", "1998-99"] {
        let standings = ["standings", "--season", season, "--json"];
        assert_eq!(fresh.ok(&standings), db.ok(&standings), "{season}");
    }
    assert_eq!(
        fresh.ok(&["history", "--json"]),
        db.ok(&["history", "--json"])
    );
}

#[test]
fn a_grid_teams_name_with_terminal_escapes_is_escaped_in_the_column_of_its_fault() {
    let grid = "season,2002-03,,\n\
                ,Royal Oak,Bad\u{1b}[31mRed,Six \u{202e}Bells\n\
                Royal Oak,x,5-4,6-3\n";
    // The place (the message after it is escaped where it is shown).
    for fault in faults(grid) {
        let place = fault.split(": ").next().unwrap();
        assert!(
            !place.contains('\u{1b}') && !place.contains('\u{202e}'),
            "{fault:?}"
        );
    }
    let db = Db::three_teams();
    let file = write(&db, "esc.csv", grid);
    let out = refused(
        &db,
        &["import", &file, "--league", LEAGUE, "--create"],
        1,
        "Nothing imported",
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 2, column 3 (Bad\\u{1b}[31mRed): "),
        "{stderr}"
    );
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{202e}'),
        "{stderr}"
    );
}

#[test]
fn a_grid_naming_its_own_season_with_another_season_given_is_one_fault_and_no_warning() {
    let db = Db::three_teams();
    let grid = write(&db, "grid.csv", GRID);
    let out = refused(
        &db,
        &["import", &grid, "--create", "--season", "2009-10"],
        1,
        "Nothing imported",
    );
    assert_eq!(
        text(&out.stderr),
        format!(
            "{grid}, line 1, column 2 (season): the grid names its season 2014-15, and --season 2009-10: give --season only for a grid whose top-left cell is empty\n\
             Nothing imported: 1 error.\n"
        )
    );
}

#[test]
fn a_closed_season_is_never_offered_as_the_season_of_a_night_by_its_date() {
    let db = table_imported();
    let out = db.run(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "1998-10-01",
        "--totals",
        "5-4",
    ]);
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("1998-99"), "{stderr}");
    assert_eq!(
        db.sql("SELECT count(*) FROM fixtures f JOIN seasons s ON s.id = f.season WHERE s.name = '1998-99'"),
        "0\n"
    );
}
