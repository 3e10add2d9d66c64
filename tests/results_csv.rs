//! League results as CSV (FORMAT.md §3, with the rosters and adjustments shapes): each shape read
//! exactly, every fault named by line and column, written back byte for byte, and no panic on
//! any input.

use chrono::NaiveDate;
use don::record::results::{
    read_results, write_adjustments, write_matches, write_nights, write_rosters, AdjustmentChange,
    AdjustmentRow, MatchRow, NightRow, ResultsFile, RosterRow, Rows,
};

fn day(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

fn read(text: &str) -> ResultsFile {
    read_results(text.as_bytes()).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The faults of a file, as they are shown.
fn faults(text: &[u8]) -> Vec<String> {
    read_results(text)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect()
}

const MATCHES: &str =
    "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n";

#[test]
fn a_match_row_is_read_as_format_md_gives_it() {
    let file = read(&format!(
        "{MATCHES}2024,2024-03-14,Fox and Hounds,Royal Oak,don,1,Gareth+Rhys,Dai+Huw,2,1,121-87 96-121 121-110\n\
         2024,2024-03-14,\"Fox, Hounds\",  Royal   Oak ,single-crib,3, ,,0,2,\n"
    ));
    let Rows::Matches(rows) = &file.rows else {
        panic!("{file:?}")
    };
    assert_eq!(
        rows[0],
        MatchRow {
            line: 2,
            season: "2024".into(),
            date: day("2024-03-14"),
            home: "Fox and Hounds".into(),
            away: "Royal Oak".into(),
            kind: "don".into(),
            slot: 1,
            home_players: vec!["Gareth".into(), "Rhys".into()],
            away_players: vec!["Dai".into(), "Huw".into()],
            home_legs: 2,
            away_legs: 1,
            leg_scores: vec![(121, 87), (96, 121), (121, 110)],
        }
    );
    assert_eq!(
        rows[1],
        MatchRow {
            line: 3,
            season: "2024".into(),
            date: day("2024-03-14"),
            home: "Fox, Hounds".into(),
            away: "Royal Oak".into(),
            kind: "single-crib".into(),
            slot: 3,
            home_players: vec![],
            away_players: vec![],
            home_legs: 0,
            away_legs: 2,
            leg_scores: vec![],
        }
    );
}

#[test]
fn columns_come_in_any_order_optional_ones_may_be_left_out_and_a_bom_is_passed_over() {
    let file = read("\u{feff}Away,HOME,season,slot,kind,date,away_legs,home_legs\nRed Lion,Royal Oak,2025,2,double-crib,2025-09-04,1,2\n\n");
    let Rows::Matches(rows) = &file.rows else {
        panic!()
    };
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (
            rows[0].home.as_str(),
            rows[0].away.as_str(),
            rows[0].home_legs,
            rows[0].away_legs
        ),
        ("Royal Oak", "Red Lion", 2, 1)
    );
    let legs = file.column("home_legs").unwrap();
    assert_eq!((legs.index, legs.name.as_str()), (8, "home_legs"));
    assert_eq!(file.column("leg_scores"), None);
}

#[test]
fn nights_rosters_and_adjustments_are_read() {
    let file = read("season,date,home,away,home_points,away_points,note\n2025,2025-09-11,Abercarn Inn,Navigation Inn,0,9,Walkover\n2025,2025-09-18,Royal Oak,Greyhound,8,1,\n");
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
                walkover: true
            },
            NightRow {
                line: 3,
                season: "2025".into(),
                date: day("2025-09-18"),
                home: "Royal Oak".into(),
                away: "Greyhound".into(),
                home_points: 8,
                away_points: 1,
                walkover: false
            },
        ])
    );
    let file = read("season,team,player\n2025,Royal Oak,Gareth  Jones\n");
    assert_eq!(
        file.rows,
        Rows::Rosters(vec![RosterRow {
            line: 2,
            season: "2025".into(),
            team: "Royal Oak".into(),
            player: "Gareth Jones".into()
        }])
    );
    let file = read("season,date,team,adjustment,reason\n2025,2025-11-20,Red Lion,-2,late\n2025,2025-12-01,Greyhound,+1,appeal upheld\n2025,2026-01-15,Commercial,Withdrawn,\n");
    let Rows::Adjustments(rows) = &file.rows else {
        panic!()
    };
    let changes: Vec<&AdjustmentChange> = rows.iter().map(|r| &r.change).collect();
    assert_eq!(
        changes,
        [
            &AdjustmentChange::Points(-2),
            &AdjustmentChange::Points(1),
            &AdjustmentChange::Withdrawn
        ]
    );
    assert_eq!(
        (rows[0].reason.as_str(), rows[2].reason.as_str()),
        ("late", "")
    );
}

#[test]
fn every_fault_is_named_by_line_and_column() {
    let cases: &[(&str, &str)] = &[
        ("season,date,home,away,kind,home_legs,away_legs\n", "line 1: the header is not one of results (FORMAT.md §3): it lacks slot (matches: season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores; nights: season,date,home,away,home_points,away_points; rosters: season,team,player; adjustments: season,date,team,adjustment,reason)"),
        ("season,date,home,away,kind,slot,home_legs,away_legs,colour\n", "line 1, column 9 (colour): `colour` is not a column of match results"),
        ("season,date,home,away,kind,slot,home_legs,away_legs,slot\n", "line 1, column 9 (slot): `slot` is named twice"),
        ("season,team,player\n2025,,Gareth\n", "line 2, column 2 (team): `team` is empty"),
        ("season,date,team,adjustment,reason\n2025,2024-02-30,Red Lion,-2,late\n", "line 2, column 2 (date): `2024-02-30` is not a date (YYYY-MM-DD, a real day)"),
        ("season,date,team,adjustment,reason\n2025,2024-3-14,Red Lion,-2,late\n", "line 2, column 2 (date): `2024-3-14` is not a date (YYYY-MM-DD, a real day)"),
        (&format!("{MATCHES}2025,2025-09-04,A,B,don,1,,,x,0,\n"), "line 2, column 9 (home_legs): `x` is not a number (0 or more)"),
        (&format!("{MATCHES}2025,2025-09-04,A,B,don,1,,,-1,0,\n"), "line 2, column 9 (home_legs): `-1` is not a number (0 or more)"),
        (&format!("{MATCHES}2025,2025-09-04,A,B,don,0,,,2,0,\n"), "line 2, column 6 (slot): `0` is not a number (1 or more)"),
        (&format!("{MATCHES}2025,2025-09-04,A,B,don,1,,,20000,0,\n"), "line 2, column 9 (home_legs): `20000` is more than 10000"),
        (&format!("{MATCHES}2025,2025-09-04,A,B,don,1,,,2,0,121-3 121:87\n"), "line 2, column 11 (leg_scores): leg 2: `121:87` is not a score, home first (as 121-87)"),
        (&format!("{MATCHES}2025,2025-09-04,A,B,don,1,Gareth+,Dai+Huw,2,0,\n"), "line 2, column 7 (home_players): `Gareth+` has a blank name (names are joined by +)"),
        ("season,date,home,away,home_points,away_points,note\n2025,2025-09-04,A,B,5,4,postponed\n", "line 2, column 7 (note): `postponed` is not a note: leave it empty, or write walkover"),
        ("season,date,team,adjustment,reason\n2025,2025-09-04,A,0,none\n", "line 2, column 4 (adjustment): `0` is not points (as -2 or +1, not 0) or withdrawn"),
        ("season,date,team,adjustment,reason\n2025,2025-09-04,A,lots,greed\n", "line 2, column 4 (adjustment): `lots` is not points (as -2 or +1, not 0) or withdrawn"),
        ("season,date,team,adjustment,reason\n2025,2025-09-04,A,-2,\n", "line 2, column 5 (reason): a points adjustment needs its reason"),
        ("season,team,player\n2025,A\n", "line 2: 2 fields where the header has 3"),
        ("", "line 1: the file is empty: a results file begins with its header"),
    ];
    for (text, want) in cases {
        assert_eq!(faults(text.as_bytes()), [*want], "{text:?}");
    }
    // Not UTF-8.
    let mut bytes = b"season,team,player\n2025,Royal Oak,Gar".to_vec();
    bytes.extend([0xff, 0xfe]);
    bytes.extend(b"th\n");
    assert_eq!(
        faults(&bytes),
        ["line 2: not UTF-8 text: save the file as UTF-8"]
    );
}

#[test]
fn several_faults_are_all_reported_in_line_order_and_a_quoted_newline_keeps_lines_right() {
    let text = format!(
        "{MATCHES}2025,2025-09-04,\"Royal\nOak\",B,don,1,,,2,0,\n\
         2025,2025-09-04,A,B,don,1,,,x,0,\n\
         2025,2025-13-01,A,B,don,1,,,2,0,\n"
    );
    assert_eq!(
        faults(text.as_bytes()),
        [
            "line 4, column 9 (home_legs): `x` is not a number (0 or more)",
            "line 5, column 2 (date): `2025-13-01` is not a date (YYYY-MM-DD, a real day)",
        ]
    );
}

#[test]
fn each_shape_written_and_read_again_is_the_same_bytes() {
    let matches = vec![
        MatchRow {
            line: 0,
            season: "2025-26".into(),
            date: day("2025-09-04"),
            home: "Miners' Arms".into(),
            away: "Fox, Hounds".into(),
            kind: "don".into(),
            slot: 1,
            home_players: vec!["Gareth".into(), "Rhys".into()],
            away_players: vec!["Dai \"Dai Bach\" Jones".into(), "Huw".into()],
            home_legs: 2,
            away_legs: 1,
            leg_scores: vec![(121, 87), (96, 121), (121, 110)],
        },
        MatchRow {
            line: 0,
            season: "2025-26".into(),
            date: day("2025-09-04"),
            home: "Miners' Arms".into(),
            away: "Fox, Hounds".into(),
            kind: "single-crib".into(),
            slot: 3,
            home_players: vec![],
            away_players: vec![],
            home_legs: 0,
            away_legs: 2,
            leg_scores: vec![],
        },
    ];
    let mut out = Vec::new();
    write_matches(&matches, &mut out).unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert_eq!(text, "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n\
        2025-26,2025-09-04,Miners' Arms,\"Fox, Hounds\",don,1,Gareth+Rhys,\"Dai \"\"Dai Bach\"\" Jones+Huw\",2,1,121-87 96-121 121-110\n\
        2025-26,2025-09-04,Miners' Arms,\"Fox, Hounds\",single-crib,3,,,0,2,\n");
    let again = read(&text);
    let Rows::Matches(rows) = again.rows else {
        panic!()
    };
    let mut out2 = Vec::new();
    write_matches(&rows, &mut out2).unwrap();
    assert_eq!(out, out2);
    assert_eq!(
        rows.iter()
            .map(|r| (r.line, r.away.clone()))
            .collect::<Vec<_>>(),
        [
            (2, "Fox, Hounds".to_string()),
            (3, "Fox, Hounds".to_string())
        ]
    );

    let nights = vec![NightRow {
        line: 0,
        season: "2025".into(),
        date: day("2025-09-11"),
        home: "A".into(),
        away: "B".into(),
        home_points: 5,
        away_points: 4,
        walkover: false,
    }];
    let mut out = Vec::new();
    write_nights(&nights, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "season,date,home,away,home_points,away_points\n2025,2025-09-11,A,B,5,4\n"
    );
    let mut with_walkover = nights.clone();
    with_walkover.push(NightRow {
        walkover: true,
        home_points: 0,
        away_points: 9,
        ..nights[0].clone()
    });
    let mut out = Vec::new();
    write_nights(&with_walkover, &mut out).unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert_eq!(text, "season,date,home,away,home_points,away_points,note\n2025,2025-09-11,A,B,5,4,\n2025,2025-09-11,A,B,0,9,walkover\n");
    let Rows::Nights(rows) = read(&text).rows else {
        panic!()
    };
    let mut out2 = Vec::new();
    write_nights(&rows, &mut out2).unwrap();
    assert_eq!(out, out2);

    let rosters = vec![RosterRow {
        line: 0,
        season: "2025".into(),
        team: "A".into(),
        player: "Gareth Jones".into(),
    }];
    let mut out = Vec::new();
    write_rosters(&rosters, &mut out).unwrap();
    let Rows::Rosters(rows) = read(std::str::from_utf8(&out).unwrap()).rows else {
        panic!()
    };
    assert_eq!(rows[0].player, "Gareth Jones");

    let adjustments = vec![
        AdjustmentRow {
            line: 0,
            season: "2025".into(),
            date: day("2025-11-20"),
            team: "Red Lion".into(),
            change: AdjustmentChange::Points(-2),
            reason: "late, again".into(),
        },
        AdjustmentRow {
            line: 0,
            season: "2025".into(),
            date: day("2025-12-01"),
            team: "Greyhound".into(),
            change: AdjustmentChange::Points(1),
            reason: "appeal".into(),
        },
        AdjustmentRow {
            line: 0,
            season: "2025".into(),
            date: day("2026-01-15"),
            team: "Commercial".into(),
            change: AdjustmentChange::Withdrawn,
            reason: String::new(),
        },
    ];
    let mut out = Vec::new();
    write_adjustments(&adjustments, &mut out).unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert_eq!(text, "season,date,team,adjustment,reason\n2025,2025-11-20,Red Lion,-2,\"late, again\"\n2025,2025-12-01,Greyhound,+1,appeal\n2025,2026-01-15,Commercial,withdrawn,\n");
    let Rows::Adjustments(rows) = read(&text).rows else {
        panic!()
    };
    let mut out2 = Vec::new();
    write_adjustments(&rows, &mut out2).unwrap();
    assert_eq!(out, out2);
}

mod no_panic {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let _ = don::record::results::read_results(&bytes[..]);
        }

        #[test]
        fn any_csv_like_text(
            header in prop_oneof![
                Just("season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores"),
                Just("season,date,home,away,home_points,away_points,note"),
                Just("season,team,player"),
                Just("season,date,team,adjustment,reason"),
            ],
            rows in proptest::collection::vec("[-a-z0-9+ ,\"\n:#éß]{0,60}", 0..20),
        ) {
            let text = format!("{header}\n{}", rows.join("\n"));
            let _ = don::record::results::read_results(text.as_bytes());
        }
    }
}
