//! League results as CSV (FORMAT.md §3, with the rosters and adjustments shapes): each shape read
//! exactly, field for field; every fault named by its physical line and its column; each shape
//! written, read and written again to the same bytes; and no panic on any input.

use chrono::NaiveDate;
use don::record::results::{
    read_results, read_results_lenient, write_adjustments, write_matches, write_nights,
    write_rosters, AdjustmentChange, AdjustmentRow, Column, MatchRow, NightRow, ResultsFile,
    RosterRow, RowError, Rows, Shape, Standing, UNREAD,
};

fn day(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn read(text: &str) -> ResultsFile {
    read_results(text.as_bytes()).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
}

/// The faults of a file, as they are shown.
fn faults(text: &[u8]) -> Vec<String> {
    match read_results(text) {
        Ok(file) => panic!(
            "{:?} read without a fault: {file:?}",
            String::from_utf8_lossy(text)
        ),
        Err(errors) => errors.iter().map(ToString::to_string).collect(),
    }
}

const MATCHES: &str =
    "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n";
const NIGHTS: &str = "season,date,home,away,home_points,away_points,note\n";
const ROSTERS: &str = "season,team,player\n";
const ADJUSTMENTS: &str = "season,date,team,adjustment,reason\n";

/// What a header lacking columns is told (after "it lacks …").
const SHAPES: &str = "(see docs/formats.md#results-csv; matches: season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores; nights: season,date,home,away,home_points,away_points; rosters: season,team,player; adjustments: season,date,team,adjustment,reason; configuration: season,setting,value; fixtures: season,date,home,away; final table: season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note; a results grid begins with a `season` cell and the season's name, or an empty cell and the away teams)";

// ---------------------------------------------------------------------------------------------
// Each shape read exactly.

#[test]
fn the_format_md_example_line_is_read_field_for_field() {
    let file = read(&format!(
        "{MATCHES}2024,2024-03-14,Fox and Hounds,Royal Oak,don,1,Gareth+Rhys,Dai+Huw,2,1,121-87 96-121 121-110\n"
    ));
    assert_eq!(file.shape(), Shape::Matches);
    assert_eq!(
        file.header,
        names(&[
            "season",
            "date",
            "home",
            "away",
            "kind",
            "slot",
            "home_players",
            "away_players",
            "home_legs",
            "away_legs",
            "leg_scores"
        ])
    );
    assert_eq!(
        file.rows,
        Rows::Matches(vec![MatchRow {
            line: 2,
            season: "2024".into(),
            date: day("2024-03-14"),
            home: "Fox and Hounds".into(),
            away: "Royal Oak".into(),
            kind: "don".into(),
            slot: 1,
            home_players: names(&["Gareth", "Rhys"]),
            away_players: names(&["Dai", "Huw"]),
            home_legs: 2,
            away_legs: 1,
            leg_scores: vec![(121, 87), (96, 121), (121, 110)],
            incomplete: false,
            standing: Standing::Confirmed,
            faulty: vec![],
        }])
    );
}

#[test]
fn a_quoted_name_with_a_comma_or_quotes_is_one_field_and_spaces_are_tidied() {
    // Quoted names keep their comma and their doubled quotes; every field is trimmed and its
    // inner runs of spaces made one; players around `+` and leg scores between spaces too.
    let file = read(&format!(
        "{MATCHES}2024,2024-03-14,\"Fox, Hounds\",  Royal   Oak ,single-crib,3, Gareth ,\"The \"\"Bach\"\"\",1,2,  87-121   121-96  100-121 \n\
         2024,2024-03-14,\"Fox, Hounds\",\"The \"\"Vic\"\"\",double-crib,2, Gareth  Jones + Rhys ,Dai+Huw,0,2,\n"
    ));
    assert_eq!(
        file.rows,
        Rows::Matches(vec![
            MatchRow {
                line: 2,
                season: "2024".into(),
                date: day("2024-03-14"),
                home: "Fox, Hounds".into(),
                away: "Royal Oak".into(),
                kind: "single-crib".into(),
                slot: 3,
                home_players: names(&["Gareth"]),
                away_players: names(&["The \"Bach\""]),
                home_legs: 1,
                away_legs: 2,
                leg_scores: vec![(87, 121), (121, 96), (100, 121)],
                incomplete: false,
                standing: Standing::Confirmed,
                faulty: vec![],
            },
            MatchRow {
                line: 3,
                season: "2024".into(),
                date: day("2024-03-14"),
                home: "Fox, Hounds".into(),
                away: "The \"Vic\"".into(),
                kind: "double-crib".into(),
                slot: 2,
                home_players: names(&["Gareth Jones", "Rhys"]),
                away_players: names(&["Dai", "Huw"]),
                home_legs: 0,
                away_legs: 2,
                leg_scores: vec![],
                incomplete: false,
                standing: Standing::Confirmed,
                faulty: vec![],
            },
        ])
    );
}

#[test]
fn a_bom_columns_in_another_order_and_optional_columns_left_out() {
    // The header's case is folded; the BOM is not part of the first column's name.
    let file = read(
        "\u{feff}Away,HOME,season,Slot,kind,date,away_legs,home_legs\n\
         Red Lion,Royal Oak,2025,2,double-crib,2025-09-04,1,2\n",
    );
    assert_eq!(file.shape(), Shape::Matches);
    assert_eq!(
        file.header,
        names(&[
            "away",
            "home",
            "season",
            "slot",
            "kind",
            "date",
            "away_legs",
            "home_legs"
        ])
    );
    assert_eq!(
        file.rows,
        Rows::Matches(vec![MatchRow {
            line: 2,
            season: "2025".into(),
            date: day("2025-09-04"),
            home: "Royal Oak".into(),
            away: "Red Lion".into(),
            kind: "double-crib".into(),
            slot: 2,
            home_players: vec![],
            away_players: vec![],
            home_legs: 2,
            away_legs: 1,
            leg_scores: vec![],
            incomplete: false,
            standing: Standing::Confirmed,
            faulty: vec![],
        }])
    );
    assert_eq!(
        file.column("home_legs"),
        Some(Column {
            index: 8,
            name: "home_legs".into()
        })
    );
    assert_eq!(
        file.column("away"),
        Some(Column {
            index: 1,
            name: "away".into()
        })
    );
    assert_eq!(file.column("leg_scores"), None);
    assert_eq!(file.column("home_players"), None);
    // A fault in such a file names the file's column, not FORMAT.md's.
    assert_eq!(
        faults(
            b"\xef\xbb\xbfAway,HOME,season,Slot,kind,date,away_legs,home_legs\n\
              Red Lion,Royal Oak,2025,2,double-crib,2025-09-04,1,x\n"
        ),
        ["line 2, column 8 (home_legs): `x` is not a number (0 or more)"]
    );
}

#[test]
fn blank_lines_are_passed_over_and_each_row_keeps_its_physical_line() {
    // Line 2 is empty, line 4 only spaces, line 5 only commas and spaces: none is a row.
    let file =
        read("season,team,player\n\n2025,Royal Oak,Gareth\n   \n , , \n\n2025,Royal Oak,Rhys\n");
    assert_eq!(
        file.rows,
        Rows::Rosters(vec![
            RosterRow {
                line: 3,
                faulty: vec![],
                season: "2025".into(),
                team: "Royal Oak".into(),
                player: "Gareth".into()
            },
            RosterRow {
                line: 7,
                faulty: vec![],
                season: "2025".into(),
                team: "Royal Oak".into(),
                player: "Rhys".into()
            },
        ])
    );
    // The same with Windows line endings, and a quoted name across lines 4 and 5.
    let file = read(
        "season,team,player\r\n\r\n2025,Royal Oak,Gareth\r\n2025,\"Red\r\nLion\",Dai\r\n\r\n2025,Red Lion,Huw\r\n",
    );
    assert_eq!(
        file.rows,
        Rows::Rosters(vec![
            RosterRow {
                line: 3,
                faulty: vec![],
                season: "2025".into(),
                team: "Royal Oak".into(),
                player: "Gareth".into()
            },
            RosterRow {
                line: 4,
                faulty: vec![],
                season: "2025".into(),
                team: "Red Lion".into(),
                player: "Dai".into()
            },
            RosterRow {
                line: 7,
                faulty: vec![],
                season: "2025".into(),
                team: "Red Lion".into(),
                player: "Huw".into()
            },
        ])
    );
}

#[test]
fn a_header_alone_is_a_file_of_no_rows() {
    for (text, rows) in [
        (MATCHES, Rows::Matches(vec![])),
        (NIGHTS, Rows::Nights(vec![])),
        (ROSTERS, Rows::Rosters(vec![])),
        (ADJUSTMENTS, Rows::Adjustments(vec![])),
    ] {
        assert_eq!(read(text).rows, rows, "{text:?}");
    }
}

#[test]
fn nights_are_read_with_a_walkover_note_and_without_the_note_column() {
    let file = read(&format!(
        "{NIGHTS}2025,2025-09-11,Abercarn Inn,Navigation Inn,0,9, Walkover \n\
         2025,2025-09-18,Royal Oak,Greyhound,8,1,\n\
         2025,2025-09-25,Red Lion,Royal Oak,9,0,walkover\n"
    ));
    assert_eq!(file.shape(), Shape::Nights);
    assert_eq!(
        file.rows,
        Rows::Nights(vec![
            NightRow {
                line: 2,
                season: "2025".into(),
                date: day("2025-09-11"),
                home: "Abercarn Inn".into(),
                away: "Navigation Inn".into(),
                home_points: 0,
                away_points: 9,
                walkover: true,
                standing: Standing::Confirmed,
                faulty: vec![],
            },
            NightRow {
                line: 3,
                season: "2025".into(),
                date: day("2025-09-18"),
                home: "Royal Oak".into(),
                away: "Greyhound".into(),
                home_points: 8,
                away_points: 1,
                walkover: false,
                standing: Standing::Confirmed,
                faulty: vec![],
            },
            NightRow {
                line: 4,
                season: "2025".into(),
                date: day("2025-09-25"),
                home: "Red Lion".into(),
                away: "Royal Oak".into(),
                home_points: 9,
                away_points: 0,
                walkover: true,
                standing: Standing::Confirmed,
                faulty: vec![],
            },
        ])
    );
    // The note column is optional; the points may be as high as 10000.
    let file = read("season,date,home,away,home_points,away_points\n2025,2025-10-02,A,B,10000,0\n");
    assert_eq!(
        file.rows,
        Rows::Nights(vec![NightRow {
            line: 2,
            season: "2025".into(),
            date: day("2025-10-02"),
            home: "A".into(),
            away: "B".into(),
            home_points: 10000,
            away_points: 0,
            walkover: false,
            standing: Standing::Confirmed,
            faulty: vec![],
        }])
    );
    assert_eq!(file.column("note"), None);
}

#[test]
fn rosters_are_read() {
    let file = read(&format!(
        "{ROSTERS}2025-26,Royal Oak,Gareth  Jones\n2025-26,\"Fox, Hounds\",Ŵyn Ó Brien\n"
    ));
    assert_eq!(file.shape(), Shape::Rosters);
    assert_eq!(
        file.rows,
        Rows::Rosters(vec![
            RosterRow {
                line: 2,
                faulty: vec![],
                season: "2025-26".into(),
                team: "Royal Oak".into(),
                player: "Gareth Jones".into()
            },
            RosterRow {
                line: 3,
                faulty: vec![],
                season: "2025-26".into(),
                team: "Fox, Hounds".into(),
                player: "Ŵyn Ó Brien".into()
            },
        ])
    );
}

#[test]
fn adjustments_are_read_points_signed_or_withdrawn() {
    let file = read(&format!(
        "{ADJUSTMENTS}2025,2025-11-20,Red Lion,-2,late\n\
         2025,2025-12-01,Greyhound,+1,appeal upheld\n\
         2025,2025-12-08,Greyhound,3,\"fined, then repaid\"\n\
         2025,2026-01-15,Commercial,Withdrawn,\n\
         2025,2026-01-22,Navigation Inn,withdrawn,folded\n"
    ));
    assert_eq!(file.shape(), Shape::Adjustments);
    assert_eq!(
        file.rows,
        Rows::Adjustments(vec![
            AdjustmentRow {
                line: 2,
                faulty: vec![],
                season: "2025".into(),
                date: day("2025-11-20"),
                team: "Red Lion".into(),
                change: AdjustmentChange::Points(-2),
                reason: "late".into()
            },
            AdjustmentRow {
                line: 3,
                faulty: vec![],
                season: "2025".into(),
                date: day("2025-12-01"),
                team: "Greyhound".into(),
                change: AdjustmentChange::Points(1),
                reason: "appeal upheld".into()
            },
            AdjustmentRow {
                line: 4,
                faulty: vec![],
                season: "2025".into(),
                date: day("2025-12-08"),
                team: "Greyhound".into(),
                change: AdjustmentChange::Points(3),
                reason: "fined, then repaid".into()
            },
            // Withdrawn needs no reason, and keeps one given.
            AdjustmentRow {
                line: 5,
                faulty: vec![],
                season: "2025".into(),
                date: day("2026-01-15"),
                team: "Commercial".into(),
                change: AdjustmentChange::Withdrawn,
                reason: String::new()
            },
            AdjustmentRow {
                line: 6,
                faulty: vec![],
                season: "2025".into(),
                date: day("2026-01-22"),
                team: "Navigation Inn".into(),
                change: AdjustmentChange::Withdrawn,
                reason: "folded".into()
            },
        ])
    );
}

// ---------------------------------------------------------------------------------------------
// Every fault, as shown.

#[test]
fn a_fault_is_its_line_its_column_and_a_message() {
    let errors = read_results(format!("{MATCHES}2025,2025-09-04,A,B,don,1,,,x,0,\n").as_bytes())
        .unwrap_err();
    assert_eq!(
        errors,
        [RowError {
            advice: None,
            line: 2,
            column: Some(Column {
                index: 9,
                name: "home_legs".into()
            }),
            message: "`x` is not a number (0 or more)".into()
        }]
    );
    assert_eq!(
        errors[0].to_string(),
        "line 2, column 9 (home_legs): `x` is not a number (0 or more)"
    );
    let errors = read_results(&b""[..]).unwrap_err();
    assert_eq!(
        errors,
        [RowError {
            advice: None,
            line: 1,
            column: None,
            message: "the file is empty: a results file begins with its header".into()
        }]
    );
}

#[test]
fn header_faults() {
    let cases: &[(&[u8], String)] = &[
        // A column lacking: the shape the header comes nearest to is named.
        (
            b"season,date,home,away,kind,home_legs,away_legs\n2025,2025-09-04,A,B,don,2,0\n",
            format!("line 1: the header is not one of results: it lacks slot {SHAPES}"),
        ),
        (
            b"season,date,home,away,home_points\n",
            format!("line 1: the header is not one of results: it lacks away_points {SHAPES}"),
        ),
        (
            b"season,player\n",
            format!("line 1: the header is not one of results: it lacks team {SHAPES}"),
        ),
        // A column no shape of its kind has.
        (
            b"season,date,home,away,kind,slot,home_legs,away_legs,colour\n",
            "line 1, column 9 (colour): `colour` is not a column of match results".into(),
        ),
        (
            b"season,date,home,away,home_points,away_points,kind\n",
            "line 1, column 7 (kind): `kind` is not a column of night results".into(),
        ),
        (
            b"captain,season,team,player\n",
            "line 1, column 1 (captain): `captain` is not a column of roster results".into(),
        ),
        (
            b"season,date,team,adjustment,reason,note\n",
            "line 1, column 6 (note): `note` is not a column of adjustment results".into(),
        ),
        // A column named twice (case ignored).
        (
            b"season,date,home,away,kind,slot,home_legs,away_legs,slot\n",
            "line 1, column 9 (slot): `slot` is named twice".into(),
        ),
        (
            b"season,team,player,PLAYER\n",
            "line 1, column 4 (player): `player` is named twice".into(),
        ),
        // Nothing at all: no bytes, only blank lines, only a BOM.
        (
            b"",
            "line 1: the file is empty: a results file begins with its header".into(),
        ),
        (
            b"\n\r\n\n",
            "line 1: the file is empty: a results file begins with its header".into(),
        ),
        (
            b"\xef\xbb\xbf",
            "line 1: the file is empty: a results file begins with its header".into(),
        ),
        // A header that is not UTF-8.
        (
            b"season,te\xe9m,player\n2025,A,B\n",
            "line 1: not UTF-8 text: save the file as UTF-8".into(),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(
            faults(text),
            [want.as_str()],
            "{:?}",
            String::from_utf8_lossy(text)
        );
    }
}

#[test]
fn field_faults_name_the_line_and_the_column() {
    let m = |row: &str| format!("{MATCHES}{row}\n");
    let cases: Vec<(String, &str)> = vec![
        // Required fields left empty (or only spaces).
        (
            format!("{ROSTERS}2025,,Gareth\n"),
            "line 2, column 2 (team): `team` is empty",
        ),
        (
            format!("{ROSTERS}2025,Royal Oak,   \n"),
            "line 2, column 3 (player): `player` is empty",
        ),
        (
            m("  ,2025-09-04,A,B,don,1,,,2,0,"),
            "line 2, column 1 (season): `season` is empty",
        ),
        (
            m("2025,2025-09-04,A,B,,1,,,2,0,"),
            "line 2, column 5 (kind): `kind` is empty",
        ),
        (
            format!("{NIGHTS}2025,2025-09-04,A,,5,4,\n"),
            "line 2, column 4 (away): `away` is empty",
        ),
        (
            format!("{ADJUSTMENTS}2025,,A,-2,late\n"),
            "line 2, column 2 (date): `` is not a date (YYYY-MM-DD, a real day)",
        ),
        // Dates: a real day, written YYYY-MM-DD.
        (
            format!("{ADJUSTMENTS}2025,2024-02-30,Red Lion,-2,late\n"),
            "line 2, column 2 (date): `2024-02-30` is not a date (YYYY-MM-DD, a real day)",
        ),
        (
            format!("{ADJUSTMENTS}2025,2024-3-14,Red Lion,-2,late\n"),
            "line 2, column 2 (date): `2024-3-14` is not a date (YYYY-MM-DD, a real day)",
        ),
        (
            format!("{ADJUSTMENTS}2025,2024- 3-14,Red Lion,-2,late\n"),
            "line 2, column 2 (date): `2024- 3-14` is not a date (YYYY-MM-DD, a real day)",
        ),
        (
            format!("{ADJUSTMENTS}2025,+024-03-14,Red Lion,-2,late\n"),
            "line 2, column 2 (date): `+024-03-14` is not a date (YYYY-MM-DD, a real day)",
        ),
        (
            m("2025,14/03/2024,A,B,don,1,,,2,0,"),
            "line 2, column 2 (date): `14/03/2024` is not a date (YYYY-MM-DD, a real day)",
        ),
        // Counts: digits only, from 0 (a slot from 1), at most 10000.
        (
            m("2025,2025-09-04,A,B,don,1,,,x,0,"),
            "line 2, column 9 (home_legs): `x` is not a number (0 or more)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,-1,0,"),
            "line 2, column 9 (home_legs): `-1` is not a number (0 or more)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,2,+0,"),
            "line 2, column 10 (away_legs): `+0` is not a number (0 or more)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,1.5,0,"),
            "line 2, column 9 (home_legs): `1.5` is not a number (0 or more)",
        ),
        (
            m("2025,2025-09-04,A,B,don,0,,,2,0,"),
            "line 2, column 6 (slot): `0` is not a number (1 or more)",
        ),
        (
            m("2025,2025-09-04,A,B,don,,,,2,0,"),
            "line 2, column 6 (slot): `` is not a number (1 or more)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,10001,0,"),
            "line 2, column 9 (home_legs): `10001` is more than 10000",
        ),
        (
            m("2025,2025-09-04,A,B,don,20000,,,2,0,"),
            "line 2, column 6 (slot): `20000` is more than 10000",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,99999999999999999999,0,"),
            "line 2, column 9 (home_legs): `99999999999999999999` is more than 10000",
        ),
        (
            format!("{NIGHTS}2025,2025-09-04,A,B,5,nine,\n"),
            "line 2, column 6 (away_points): `nine` is not a number (0 or more)",
        ),
        // Leg scores: each `home-away`, the leg named.
        (
            m("2025,2025-09-04,A,B,don,1,,,2,0,121-3 121:87"),
            "line 2, column 11 (leg_scores): leg 2: `121:87` is not a score, home first (as 121-87)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,2,0,121-"),
            "line 2, column 11 (leg_scores): leg 1: `121-` is not a score, home first (as 121-87)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,2,0,121-3 121-4 121-87-2"),
            "line 2, column 11 (leg_scores): leg 3: `121-87-2` is not a score, home first (as 121-87)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,2,0,121-3 121--4"),
            "line 2, column 11 (leg_scores): leg 2: `121--4` is not a score, home first (as 121-87)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,,,2,0,123456-0"),
            "line 2, column 11 (leg_scores): leg 1: `123456-0` is not a score, home first (as 121-87)",
        ),
        // Players: names joined by `+`, none blank.
        (
            m("2025,2025-09-04,A,B,don,1,Gareth+,Dai+Huw,2,0,"),
            "line 2, column 7 (home_players): `Gareth+` has a blank name (names are joined by +)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,Gareth+Rhys,+Huw,2,0,"),
            "line 2, column 8 (away_players): `+Huw` has a blank name (names are joined by +)",
        ),
        (
            m("2025,2025-09-04,A,B,don,1,Gareth+  +Rhys,Dai+Huw,2,0,"),
            "line 2, column 7 (home_players): `Gareth+  +Rhys` has a blank name (names are joined by +)",
        ),
        // A night's note: empty or walkover.
        (
            format!("{NIGHTS}2025,2025-09-04,A,B,5,4,postponed\n"),
            "line 2, column 7 (note): `postponed` is not a note: leave it empty, or write walkover",
        ),
        // An adjustment: signed points, not 0, or withdrawn; points need a reason.
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,0,none\n"),
            "line 2, column 4 (adjustment): `0` is not points (as -2 or +1, not 0) or withdrawn",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,-0,none\n"),
            "line 2, column 4 (adjustment): `-0` is not points (as -2 or +1, not 0) or withdrawn",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,lots,greed\n"),
            "line 2, column 4 (adjustment): `lots` is not points (as -2 or +1, not 0) or withdrawn",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,+-2,slip\n"),
            "line 2, column 4 (adjustment): `+-2` is not points (as -2 or +1, not 0) or withdrawn",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,-123456,greed\n"),
            "line 2, column 4 (adjustment): `-123456` is out of range: an adjustment is at most 99999 points either way",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,-99999999,greed\n"),
            "line 2, column 4 (adjustment): `-99999999` is out of range: an adjustment is at most 99999 points either way",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,+100000,greed\n"),
            "line 2, column 4 (adjustment): `+100000` is out of range: an adjustment is at most 99999 points either way",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,99999999999999999999999,greed\n"),
            "line 2, column 4 (adjustment): `99999999999999999999999` is out of range: an adjustment is at most 99999 points either way",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,-2,\n"),
            "line 2, column 5 (reason): a points adjustment needs its reason",
        ),
        (
            format!("{ADJUSTMENTS}2025,2025-09-04,A,+1,   \n"),
            "line 2, column 5 (reason): a points adjustment needs its reason",
        ),
        // A row of the wrong length (a quoted comma is no separator).
        (
            format!("{ROSTERS}2025,A\n"),
            "line 2: 2 fields where the header has 3",
        ),
        (
            format!("{ROSTERS}2025,A,Gareth,Rhys\n"),
            "line 2: 4 fields where the header has 3",
        ),
        (
            format!("{ROSTERS}2025,\"A,Gareth\"\n"),
            "line 2: 2 fields where the header has 3",
        ),
    ];
    for (text, want) in &cases {
        assert_eq!(faults(text.as_bytes()), [*want], "{text:?}");
    }
}

#[test]
fn text_that_is_not_utf8_is_a_fault_of_its_line_and_reading_goes_on() {
    let mut bytes = format!("{ROSTERS}2025,Royal Oak,Gareth\n\n2025,Royal Oak,Gar").into_bytes();
    bytes.extend([0xff, 0xfe]);
    bytes.extend(b"th\n2025,,Dai\n");
    assert_eq!(
        faults(&bytes),
        [
            "line 4: not UTF-8 text: save the file as UTF-8",
            "line 5, column 2 (team): `team` is empty",
        ]
    );
}

#[test]
fn several_faults_are_all_reported_in_line_order() {
    let mut text = format!(
        "{MATCHES}2025,2025-09-04,A,B,don,1,,,2,0,\n\
         \n\
         2025,2025-09-04,A,B,don,1,,,x,0,\n\
         2025,2025-13-01,A,B,don,0,,,2,0,\n\
         2025,2025-09-04,A\n"
    )
    .into_bytes();
    text.extend(b"2025,2025-09-04,\xff,B,don,1,,,2,0,\n");
    text.extend(b"2025,2025-09-04,A,B,don,2,Gareth+,,2,0,121-1 121:87\n");
    text.extend(b"2025,2025-09-04,A,B,don,3,,,2,0,121-1 121-2\n");
    let want = [
        "line 4, column 9 (home_legs): `x` is not a number (0 or more)",
        "line 5, column 2 (date): `2025-13-01` is not a date (YYYY-MM-DD, a real day)",
        "line 5, column 6 (slot): `0` is not a number (1 or more)",
        "line 6: 3 fields where the header has 11",
        "line 7: not UTF-8 text: save the file as UTF-8",
        "line 8, column 7 (home_players): `Gareth+` has a blank name (names are joined by +)",
        "line 8, column 11 (leg_scores): leg 2: `121:87` is not a score, home first (as 121-87)",
    ];
    assert_eq!(faults(&text), want);
    // Read leniently, the rows are kept beside the same faults, each marked with the columns
    // that could not be read (so that the rest of it is checked too).
    let (file, errors) = read_results_lenient(&text[..]).unwrap();
    let Rows::Matches(rows) = file.rows else {
        panic!("{:?}", file.rows)
    };
    assert_eq!(
        rows.iter()
            .map(|r| (r.line, r.slot, r.faulty.clone()))
            .collect::<Vec<_>>(),
        [
            (2, 1, vec![]),
            (4, 1, vec!["home_legs"]),
            (5, 0, vec!["date", "slot"]),
            (6, 0, vec![UNREAD]),
            (8, 2, vec!["home_players", "leg_scores"]),
            (9, 3, vec![])
        ]
    );
    assert_eq!(
        errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
        want
    );
}

#[test]
fn a_quoted_field_across_lines_leaves_the_next_records_line_right() {
    // The first row runs over lines 2 and 3; the second over 4, 5 and 6 (a Windows line break
    // inside its quotes); the faults are on lines 7 and 8, as an editor numbers them.
    let text = format!(
        "{MATCHES}2025,2025-09-04,\"Royal\nOak\",B,don,1,,,2,0,\n\
         2025,2025-09-04,A,\"Red\r\n\nLion\",don,2,,,2,0,\n\
         2025,2025-09-04,A,B,don,3,,,x,0,\n\
         2025,2025-13-01,A,B,don,1,,,2,0,\n"
    );
    assert_eq!(
        faults(text.as_bytes()),
        [
            "line 7, column 9 (home_legs): `x` is not a number (0 or more)",
            "line 8, column 2 (date): `2025-13-01` is not a date (YYYY-MM-DD, a real day)",
        ]
    );
    let (file, _) = read_results_lenient(text.as_bytes()).unwrap();
    let Rows::Matches(rows) = file.rows else {
        panic!()
    };
    assert_eq!(
        rows.iter()
            .map(|r| (r.line, r.home.as_str(), r.away.as_str(), r.faulty.len()))
            .collect::<Vec<_>>(),
        [
            (2, "Royal Oak", "B", 0),
            (4, "A", "Red Lion", 0),
            (7, "A", "B", 1),
            (8, "A", "B", 1)
        ]
    );
}

#[test]
fn windows_line_endings_keep_the_lines_right() {
    let text = format!("{ROSTERS}2025,A,Gareth\r\n\r\n2025,,Dai\r\n2025,A\r\n")
        .replace("player\n", "player\r\n");
    assert_eq!(
        faults(text.as_bytes()),
        [
            "line 4, column 2 (team): `team` is empty",
            "line 5: 2 fields where the header has 3",
        ]
    );
}

#[test]
fn at_most_a_hundred_faults_are_reported() {
    let mut text = ROSTERS.to_string();
    for _ in 0..150 {
        text.push_str("2025,,Gareth\n");
    }
    let errors = read_results(text.as_bytes()).unwrap_err();
    assert_eq!(errors.len(), 100);
    assert_eq!(
        errors[0].to_string(),
        "line 2, column 2 (team): `team` is empty"
    );
    assert_eq!(
        errors[99].to_string(),
        "line 101, column 2 (team): `team` is empty"
    );
}

// ---------------------------------------------------------------------------------------------
// Written, read and written again.

/// The rows as read back carry their lines: 2, 3, … for a file without blank lines.
fn numbered<T: Clone>(rows: &[T], set: impl Fn(&mut T, u64)) -> Vec<T> {
    rows.iter()
        .zip(2..)
        .map(|(r, line)| {
            let mut r = r.clone();
            set(&mut r, line);
            r
        })
        .collect()
}

#[test]
fn matches_written_read_and_written_again_are_the_same_bytes() {
    let rows = vec![
        MatchRow {
            line: 0,
            season: "2025-26".into(),
            date: day("2025-09-04"),
            home: "Miners' Arms".into(),
            away: "Fox, Hounds".into(),
            kind: "don".into(),
            slot: 1,
            home_players: names(&["Gareth", "Rhys"]),
            away_players: names(&["Dai \"Dai Bach\" Jones", "Huw"]),
            home_legs: 2,
            away_legs: 1,
            leg_scores: vec![(121, 87), (96, 121), (121, 110)],
            incomplete: false,
            standing: Standing::Confirmed,
            faulty: vec![],
        },
        MatchRow {
            line: 0,
            season: "2025-26".into(),
            date: day("2025-09-04"),
            home: "Miners' Arms".into(),
            away: "Fox, Hounds".into(),
            kind: "single-crib".into(),
            slot: 3,
            home_players: names(&["Ŵyn"]),
            away_players: vec![],
            home_legs: 0,
            away_legs: 2,
            leg_scores: vec![],
            incomplete: false,
            standing: Standing::Confirmed,
            faulty: vec![],
        },
    ];
    let mut out = Vec::new();
    write_matches(&rows, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out.clone()).unwrap(),
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n\
         2025-26,2025-09-04,Miners' Arms,\"Fox, Hounds\",don,1,Gareth+Rhys,\"Dai \"\"Dai Bach\"\" Jones+Huw\",2,1,121-87 96-121 121-110\n\
         2025-26,2025-09-04,Miners' Arms,\"Fox, Hounds\",single-crib,3,Ŵyn,,0,2,\n"
    );
    let file = read_results(&out[..]).unwrap();
    assert_eq!(file.rows, Rows::Matches(numbered(&rows, |r, l| r.line = l)));
    let Rows::Matches(again) = file.rows else {
        panic!()
    };
    let mut out2 = Vec::new();
    write_matches(&again, &mut out2).unwrap();
    assert_eq!(out, out2);
}

#[test]
fn nights_written_read_and_written_again_are_the_same_bytes_with_a_note_only_for_a_walkover() {
    let played = NightRow {
        line: 0,
        season: "2025".into(),
        date: day("2025-09-11"),
        home: "Royal Oak".into(),
        away: "Red Lion, Abercarn".into(),
        home_points: 5,
        away_points: 4,
        walkover: false,
        standing: Standing::Confirmed,
        faulty: vec![],
    };
    let walkover = NightRow {
        date: day("2025-09-18"),
        home_points: 0,
        away_points: 9,
        walkover: true,
        ..played.clone()
    };
    for (rows, want) in [
        (
            vec![played.clone()],
            "season,date,home,away,home_points,away_points\n\
             2025,2025-09-11,Royal Oak,\"Red Lion, Abercarn\",5,4\n",
        ),
        (
            vec![played.clone(), walkover.clone()],
            "season,date,home,away,home_points,away_points,note\n\
             2025,2025-09-11,Royal Oak,\"Red Lion, Abercarn\",5,4,\n\
             2025,2025-09-18,Royal Oak,\"Red Lion, Abercarn\",0,9,walkover\n",
        ),
        (vec![], "season,date,home,away,home_points,away_points\n"),
    ] {
        let mut out = Vec::new();
        write_nights(&rows, &mut out).unwrap();
        assert_eq!(String::from_utf8(out.clone()).unwrap(), want);
        let file = read_results(&out[..]).unwrap();
        assert_eq!(file.rows, Rows::Nights(numbered(&rows, |r, l| r.line = l)));
        let Rows::Nights(again) = file.rows else {
            panic!()
        };
        let mut out2 = Vec::new();
        write_nights(&again, &mut out2).unwrap();
        assert_eq!(out, out2);
    }
}

#[test]
fn rosters_written_read_and_written_again_are_the_same_bytes() {
    let rows = vec![
        RosterRow {
            line: 0,
            faulty: vec![],
            season: "2025".into(),
            team: "Royal Oak".into(),
            player: "Gareth Jones".into(),
        },
        RosterRow {
            line: 0,
            faulty: vec![],
            season: "2025".into(),
            team: "Fox, Hounds".into(),
            player: "Dai \"Bach\"".into(),
        },
    ];
    let mut out = Vec::new();
    write_rosters(&rows, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out.clone()).unwrap(),
        "season,team,player\n2025,Royal Oak,Gareth Jones\n2025,\"Fox, Hounds\",\"Dai \"\"Bach\"\"\"\n"
    );
    let file = read_results(&out[..]).unwrap();
    assert_eq!(file.rows, Rows::Rosters(numbered(&rows, |r, l| r.line = l)));
    let Rows::Rosters(again) = file.rows else {
        panic!()
    };
    let mut out2 = Vec::new();
    write_rosters(&again, &mut out2).unwrap();
    assert_eq!(out, out2);
}

#[test]
fn adjustments_written_read_and_written_again_are_the_same_bytes() {
    let rows = vec![
        AdjustmentRow {
            line: 0,
            faulty: vec![],
            season: "2025".into(),
            date: day("2025-11-20"),
            team: "Red Lion".into(),
            change: AdjustmentChange::Points(-2),
            reason: "late, again".into(),
        },
        AdjustmentRow {
            line: 0,
            faulty: vec![],
            season: "2025".into(),
            date: day("2025-12-01"),
            team: "Greyhound".into(),
            change: AdjustmentChange::Points(1),
            reason: "appeal".into(),
        },
        AdjustmentRow {
            line: 0,
            faulty: vec![],
            season: "2025".into(),
            date: day("2026-01-15"),
            team: "Commercial".into(),
            change: AdjustmentChange::Withdrawn,
            reason: String::new(),
        },
    ];
    let mut out = Vec::new();
    write_adjustments(&rows, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out.clone()).unwrap(),
        "season,date,team,adjustment,reason\n\
         2025,2025-11-20,Red Lion,-2,\"late, again\"\n\
         2025,2025-12-01,Greyhound,+1,appeal\n\
         2025,2026-01-15,Commercial,withdrawn,\n"
    );
    let file = read_results(&out[..]).unwrap();
    assert_eq!(
        file.rows,
        Rows::Adjustments(numbered(&rows, |r, l| r.line = l))
    );
    let Rows::Adjustments(again) = file.rows else {
        panic!()
    };
    let mut out2 = Vec::new();
    write_adjustments(&again, &mut out2).unwrap();
    assert_eq!(out, out2);
}

// ---------------------------------------------------------------------------------------------
// Properties: round trips of arbitrary (tidy) rows, physical lines, no panic.

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// A tidy name: words of letters and awkward characters, single spaces between.
    fn name() -> impl Strategy<Value = String> {
        "[A-Za-zŴŷéÓ',\"&.#-]{1,8}( [A-Za-zŴŷéÓ',\"&.#-]{1,8}){0,2}"
    }

    /// A player's name: as [`name`], without `+`.
    fn players() -> impl Strategy<Value = Vec<String>> {
        proptest::collection::vec(name(), 0..3)
    }

    /// A day written YYYY-MM-DD: years 1900 to 2200 (the days a date may be).
    fn date() -> impl Strategy<Value = NaiveDate> {
        (693_596i32..=803_533).prop_map(|d| NaiveDate::from_num_days_from_ce_opt(d).unwrap())
    }

    fn match_row() -> impl Strategy<Value = MatchRow> {
        (
            (name(), date(), name(), name(), name(), 1u32..=10_000),
            (players(), players(), 0u32..=10_000, 0u32..=10_000),
            proptest::collection::vec((0u32..=99_999, 0u32..=99_999), 0..4),
        )
            .prop_map(
                |(
                    (season, date, home, away, kind, slot),
                    (home_players, away_players, home_legs, away_legs),
                    leg_scores,
                )| MatchRow {
                    line: 0,
                    season,
                    date,
                    home,
                    away,
                    kind,
                    slot,
                    home_players,
                    away_players,
                    home_legs,
                    away_legs,
                    leg_scores,
                    incomplete: false,
                    standing: Standing::Confirmed,
                    faulty: vec![],
                },
            )
    }

    fn night_row() -> impl Strategy<Value = NightRow> {
        (
            name(),
            date(),
            name(),
            name(),
            0u32..=10_000,
            0u32..=10_000,
            any::<bool>(),
        )
            .prop_map(
                |(season, date, home, away, home_points, away_points, walkover)| NightRow {
                    line: 0,
                    season,
                    date,
                    home,
                    away,
                    home_points,
                    away_points,
                    walkover,
                    standing: Standing::Confirmed,
                    faulty: vec![],
                },
            )
    }

    fn roster_row() -> impl Strategy<Value = RosterRow> {
        (name(), name(), name()).prop_map(|(season, team, player)| RosterRow {
            line: 0,
            faulty: vec![],
            season,
            team,
            player,
        })
    }

    fn adjustment_row() -> impl Strategy<Value = AdjustmentRow> {
        let change = prop_oneof![
            (1i64..=99_999).prop_map(AdjustmentChange::Points),
            (-99_999i64..=-1).prop_map(AdjustmentChange::Points),
            Just(AdjustmentChange::Withdrawn),
        ];
        (name(), date(), name(), change, name(), any::<bool>()).prop_map(
            |(season, date, team, change, reason, no_reason)| AdjustmentRow {
                line: 0,
                faulty: vec![],
                season,
                date,
                team,
                // Only a withdrawal may go without a reason.
                reason: if no_reason && change == AdjustmentChange::Withdrawn {
                    String::new()
                } else {
                    reason
                },
                change,
            },
        )
    }

    /// Written, read back (to the same rows, lines aside) and written again (to the same bytes).
    fn round_trip<T: Clone + PartialEq + std::fmt::Debug>(
        rows: &[T],
        write: impl Fn(&[T], &mut Vec<u8>) -> std::io::Result<()>,
        back: impl Fn(Rows) -> Option<Vec<T>>,
        line: impl Fn(&mut T, u64),
    ) -> Result<(), TestCaseError> {
        let mut out = Vec::new();
        write(rows, &mut out).unwrap();
        let file = read_results(&out[..]).map_err(|e| {
            TestCaseError::fail(format!("{e:?} in {:?}", String::from_utf8_lossy(&out)))
        })?;
        let again = back(file.rows).expect("the shape written");
        prop_assert_eq!(&again, &numbered(rows, line));
        let mut out2 = Vec::new();
        write(&again, &mut out2).unwrap();
        prop_assert_eq!(out, out2);
        Ok(())
    }

    /// One piece of a CSV-ish text.
    fn piece() -> impl Strategy<Value = Vec<u8>> {
        let pieces: Vec<&'static str> = vec![
            ",",
            ",",
            ",",
            "\n",
            "\n",
            "\r\n",
            "\r",
            "\"",
            "\"\"",
            " ",
            "+",
            "-",
            ":",
            "\u{feff}",
            "walkover",
            "withdrawn",
            "Withdrawn",
            "2024-03-14",
            "2024-02-30",
            "2024-3-14",
            "121-87",
            "96-121 121-110",
            "0",
            "1",
            "2",
            "10000",
            "10001",
            "99999999999999999999",
            "-2",
            "+1",
            "Gareth+Rhys",
            "Gareth+",
            "Royal Oak",
            "don",
            "é",
            "Ŵ",
            "\t",
            "#",
            "season",
            "date",
            "home",
            "away",
            "kind",
            "slot",
            "home_players",
            "away_players",
            "home_legs",
            "away_legs",
            "leg_scores",
            "home_points",
            "away_points",
            "note",
            "team",
            "player",
            "adjustment",
            "reason",
        ];
        prop_oneof![
            8 => proptest::sample::select(pieces).prop_map(|s| s.as_bytes().to_vec()),
            1 => any::<u8>().prop_map(|b| vec![b]),
        ]
    }

    /// What any answer must be: rows in line order; faults, at most a hundred, in line order.
    fn well_formed(input: &[u8]) -> Result<(), TestCaseError> {
        match read_results(input) {
            Ok(file) => {
                let lines: Vec<u64> = match &file.rows {
                    Rows::Matches(r) => r.iter().map(|r| r.line).collect(),
                    Rows::Nights(r) => r.iter().map(|r| r.line).collect(),
                    Rows::Rosters(r) => r.iter().map(|r| r.line).collect(),
                    Rows::Adjustments(r) => r.iter().map(|r| r.line).collect(),
                    Rows::Configuration(r) => r.iter().map(|r| r.line).collect(),
                    Rows::Fixtures(r) => r.iter().map(|r| r.line).collect(),
                    Rows::Table(r) => r.iter().map(|r| r.line).collect(),
                    Rows::Grid(g) => g.home.iter().map(|t| t.line).collect(),
                };
                prop_assert!(lines.iter().all(|l| *l >= 2), "{:?}", lines);
                prop_assert!(lines.windows(2).all(|w| w[0] < w[1]), "{:?}", lines);
            }
            Err(errors) => {
                prop_assert!(!errors.is_empty() && errors.len() <= 100);
                prop_assert!(errors.iter().all(|e| e.line >= 1), "{:?}", errors);
                prop_assert!(
                    errors.windows(2).all(|w| w[0].line <= w[1].line),
                    "{:?}",
                    errors
                );
                for e in &errors {
                    let shown = e.to_string();
                    let prefix = format!("line {}", e.line);
                    prop_assert!(shown.starts_with(&prefix), "{}", shown);
                }
            }
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn matches_round_trip(rows in proptest::collection::vec(match_row(), 0..5)) {
            round_trip(
                &rows,
                |r, out| write_matches(r, out),
                |rows| match rows { Rows::Matches(r) => Some(r), _ => None },
                |r, l| r.line = l,
            )?;
        }

        #[test]
        fn nights_round_trip(rows in proptest::collection::vec(night_row(), 0..5)) {
            let mut out = Vec::new();
            write_nights(&rows, &mut out).unwrap();
            let header = String::from_utf8_lossy(&out).lines().next().unwrap().to_string();
            prop_assert_eq!(header.ends_with(",note"), rows.iter().any(|r| r.walkover));
            round_trip(
                &rows,
                |r, out| write_nights(r, out),
                |rows| match rows { Rows::Nights(r) => Some(r), _ => None },
                |r, l| r.line = l,
            )?;
        }

        #[test]
        fn rosters_round_trip(rows in proptest::collection::vec(roster_row(), 0..5)) {
            round_trip(
                &rows,
                |r, out| write_rosters(r, out),
                |rows| match rows { Rows::Rosters(r) => Some(r), _ => None },
                |r, l| r.line = l,
            )?;
        }

        #[test]
        fn adjustments_round_trip(rows in proptest::collection::vec(adjustment_row(), 0..5)) {
            round_trip(
                &rows,
                |r, out| write_adjustments(r, out),
                |rows| match rows { Rows::Adjustments(r) => Some(r), _ => None },
                |r, l| r.line = l,
            )?;
        }

        /// Rows between blank lines, with LF or CRLF endings and line breaks inside quotes:
        /// each row's line is the physical line it begins on.
        #[test]
        fn each_row_is_on_its_physical_line(
            rows in proptest::collection::vec(
                (
                    0usize..3,                 // blank lines before the row
                    any::<bool>(),             // CRLF (else LF)
                    proptest::option::of(0usize..3), // a quoted team with this many breaks
                    "[A-Za-z]{1,6}",
                ),
                0..12,
            ),
        ) {
            let mut text = String::from("season,team,player\n");
            let mut want = Vec::new();
            for (i, (blanks, crlf, quoted, player)) in rows.iter().enumerate() {
                let end = if *crlf { "\r\n" } else { "\n" };
                for b in 0..*blanks {
                    text.push_str(["", "  ", " , , "][b % 3]);
                    text.push_str(end);
                }
                want.push(text.matches('\n').count() as u64 + 1);
                let team = match quoted {
                    Some(breaks) => format!("\"Royal{}Oak\"", end.repeat(*breaks + 1)),
                    None => "Royal Oak".to_string(),
                };
                text.push_str(&format!("2025,{team},{player}{i}{end}"));
            }
            let file = read_results(text.as_bytes())
                .map_err(|e| TestCaseError::fail(format!("{e:?} in {text:?}")))?;
            let Rows::Rosters(got) = file.rows else { panic!() };
            prop_assert_eq!(got.iter().map(|r| r.line).collect::<Vec<_>>(), want, "{:?}", text);
            prop_assert!(got.iter().all(|r| r.team == "Royal Oak"));
        }

        #[test]
        fn any_bytes_are_read_without_a_panic(
            bytes in proptest::collection::vec(any::<u8>(), 0..400),
        ) {
            well_formed(&bytes)?;
        }

        #[test]
        fn any_csv_like_text_is_read_without_a_panic(
            header in prop_oneof![
                Just(MATCHES),
                Just(NIGHTS),
                Just(ROSTERS),
                Just(ADJUSTMENTS),
                Just("season,date,home,away,home_points,away_points\r\n"),
                Just(""),
            ],
            pieces in proptest::collection::vec(piece(), 0..120),
        ) {
            let mut text = header.as_bytes().to_vec();
            text.extend(pieces.concat());
            well_formed(&text)?;
        }
    }
}

#[test]
fn a_fixtures_file_reads_and_writes_back_the_same_and_a_confirmed_night_keeps_who_entered_it() {
    use don::record::results::{write_fixtures, FixtureRow};
    let text = "season,date,home,away,round\n2025-26,2025-09-04,A,D,1\n2025-26,2025-10-16,A,B,\n";
    let file = read(text);
    assert_eq!(file.shape(), Shape::Fixtures);
    let Rows::Fixtures(rows) = &file.rows else {
        panic!("{file:?}")
    };
    assert_eq!(
        rows,
        &[
            FixtureRow {
                line: 2,
                season: "2025-26".into(),
                date: day("2025-09-04"),
                home: "A".into(),
                away: "D".into(),
                round: Some(1),
                faulty: vec![],
            },
            FixtureRow {
                line: 3,
                season: "2025-26".into(),
                date: day("2025-10-16"),
                home: "A".into(),
                away: "B".into(),
                round: None,
                faulty: vec![],
            },
        ]
    );
    let mut out = Vec::new();
    write_fixtures(rows, &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), text);
    // Without a round, no round column; a round that is not a number is a fault.
    let plain = "season,date,home,away\n2025-26,2025-09-04,A,D\n";
    let Rows::Fixtures(rows) = read(plain).rows else {
        panic!()
    };
    let mut out = Vec::new();
    write_fixtures(&rows, &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), plain);
    assert_eq!(
        faults(b"season,date,home,away,round\n2025-26,2025-09-04,A,D,first\n"),
        ["line 2, column 5 (round): `first` is not a number (1 or more)"]
    );
    // `entered_by` on a confirmed night: the side that entered it, confirmed by the other.
    let nights = "season,date,home,away,home_points,away_points,confirmation,entered_by,disputed_by,reason\n\
                  2025-26,2025-09-04,A,D,5,4,confirmed,away,,\n";
    let Rows::Nights(rows) = read(nights).rows else {
        panic!()
    };
    assert_eq!(
        rows[0].standing,
        Standing::ConfirmedBy {
            entered_by: don::record::results::RowSide::Away
        }
    );
    let mut out = Vec::new();
    write_nights(&rows, &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), nights);
}

#[test]
fn a_quote_never_closed_is_named_with_the_line_it_opens_on() {
    // Before: "line 3: 3 fields where the header has 7".
    let file = format!(
        "{NIGHTS}2025-26,2025-09-04,Royal Oak,Red Lion,3,6,\n2025-26,2025-09-11,\"Red Lion,Royal Oak,3,6,\n2025-26,2025-09-18,Royal Oak,Red Lion,3,6,\n"
    );
    assert_eq!(
        faults(file.as_bytes()),
        ["line 3: the quote (\") opening a cell on line 3 is never closed: the rest of the file after it would be that one cell; close the quote, or double a quote inside a cell (\"\")"]
    );
    // A row whose first cell spans two lines, its quote left open on the second.
    let file =
        format!("{ROSTERS}2025-26,\"Royal\nOak\",Bryn Davies\n\"2025-26\",Red Lion,\"Dai\nLewis\n");
    assert_eq!(
        faults(file.as_bytes()),
        ["line 4: the quote (\") opening a cell on line 4 is never closed: the rest of the file after it would be that one cell; close the quote, or double a quote inside a cell (\"\")"]
    );
    // A quote in a cell not quoted is only a quote, and a doubled one in a quoted cell too.
    let file = format!("{ROSTERS}2025-26,Royal Oak,Dai \"the Don\" Lewis\n2025-26,Red Lion,\"Huw \"\"Cribs\"\" Price\"\n");
    let read = read(&file);
    assert_eq!(
        read.rows,
        Rows::Rosters(vec![
            RosterRow {
                line: 2,
                season: "2025-26".into(),
                team: "Royal Oak".into(),
                player: "Dai \"the Don\" Lewis".into(),
                faulty: Vec::new(),
            },
            RosterRow {
                line: 3,
                season: "2025-26".into(),
                team: "Red Lion".into(),
                player: "Huw \"Cribs\" Price".into(),
                faulty: Vec::new(),
            },
        ])
    );
}
