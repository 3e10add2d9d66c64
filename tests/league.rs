//! Running a league from the command line, against a temporary database: setting up a season,
//! entering nights (by flags and at a piped prompt), every check a night passes, names matched
//! with suggestions, `undo`, and the configuration kept per season.

use crate::common;

use common::db::{refused, Db};
use common::text;

const LEAGUE: &str = "Abercarn Crib and Don League";

fn setup() -> Db {
    Db::three_teams_with_rosters()
}

/// The matches of an Abercarn night but its first Don match, their players not known.
const REST_OF_THE_NIGHT: [&str; 8] = [
    "don 2; ; ; 2-0",
    "don 3; ; ; 0-2",
    "double-crib 1; ; ; 2-1",
    "double-crib 2; ; ; 1-2",
    "double-crib 3; ; ; 2-0",
    "single-crib 1; ; ; 0-2",
    "single-crib 2; ; ; 2-0",
    "single-crib 3; ; ; 2-1",
];

#[test]
fn unknown_names_are_refused_with_the_nearest_known_one() {
    let db = setup();
    refused(
        &db,
        &["roster", "add", "Royal Oke", "Owain"],
        2,
        "no team 'Royal Oke' in Abercarn Crib and Don League; did you mean 'Royal Oak'?",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "  royal   OAK ",
            "Red Lian",
            "--totals",
            "5-4",
        ],
        2,
        "no team 'Red Lian' in Abercarn Crib and Don League; did you mean 'Red Lion'?",
    );
    refused(
        &db,
        &["standings", "--league", "Abercarn Crib & Don"],
        2,
        "no league 'Abercarn Crib & Don'; did you mean 'Abercarn Crib and Don League'?",
    );
    refused(
        &db,
        &["standings", "--season", "2025-27"],
        2,
        "no season '2025-27' in Abercarn Crib and Don League; did you mean '2025-26'?",
    );
    refused(
        &db,
        &["team", "add", "ROYAL oak"],
        2,
        "already has a team 'Royal Oak'",
    );
    // Case and spaces are ignored: the same team.
    let said = db.ok(&[
        "night",
        "enter",
        "  royal   OAK ",
        "red lion",
        "--date",
        "2025-09-04",
        "--totals",
        "5-4",
    ]);
    assert!(
        said.ends_with("Royal Oak v Red Lion on 2025-09-04: 5–4.\n"),
        "{said}"
    );
    // --create makes what is not there.
    let said = db.ok(&["roster", "add", "Carpenters Arms", "Owain", "--create"]);
    assert_eq!(
        said,
        "new team Carpenters Arms\nCarpenters Arms (2025-26): Owain added; 1 on the roster.\n"
    );
}

#[test]
fn a_roster_below_the_minimum_is_warned_about() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys", "--roster-min", "3"]);
    db.ok(&["season", "new", "2025", "--teams", "Royal Oak", "--create"]);
    let out = db.run(&["roster", "add", "Royal Oak", "Gareth", "Rhys"]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stderr),
        "warning: Royal Oak has 2 players on its roster; a roster has at least 3\n"
    );
    let out = db.run(&["roster", "add", "Royal Oak", "Glyn"]);
    assert_eq!(text(&out.stderr), "");
    assert_eq!(
        text(&out.stdout),
        "Royal Oak (2025): Glyn added; 3 on the roster.\n"
    );
}

#[test]
fn every_check_of_a_night_refuses_and_changes_nothing() {
    let db = setup();
    let enter = |m: &str| -> Vec<String> {
        [
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--match",
            m,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let cases = [
        (
            "don 1; Gareth+Rhys; Dai+Huw; 2-2",
            "legs 2–2 is not a result of a best of 3 (one side wins 2)",
        ),
        (
            "don 1; Gareth+Rhys; Dai+Huw; 3-0",
            "legs 3–0 is not a result of a best of 3",
        ),
        (
            "don 1; Gareth+Rhys; Dai+Huw; 1-0",
            "legs 1–0 is not a result of a best of 3",
        ),
        (
            "don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-80 121-90",
            "2 leg scores for 3 legs played",
        ),
        (
            "don 1; Gareth+Rhys; Dai+Huw; 2-0; 121-80 120-90",
            "leg 2: 120–90 must have exactly one side at or past 121",
        ),
        (
            "don 1; Gareth+Rhys; Dai+Huw; 2-0; 121-80 121-121",
            "leg 2: 121–121 must have exactly one side at or past 121",
        ),
        (
            "single-crib 1; Sian; Mair; 2-0; 61-40 40-61",
            "the leg scores give legs 1–1, not 2–0",
        ),
        (
            "don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-80 121-90 80-121",
            "leg 3 is played after the match was won",
        ),
        (
            "don 1; Gareth; Dai+Huw; 2-0",
            "the home side has 1 player; don is played 2 a side",
        ),
        (
            "single-crib 2; Sian+Glyn; Mair; 2-0",
            "the home side has 2 players; single-crib is played 1 a side",
        ),
        (
            "don 4; Gareth+Rhys; Dai+Huw; 2-0",
            "the night has don matches 1 to 3",
        ),
        (
            "whist 1; Gareth+Rhys; Dai+Huw; 2-0",
            "no kind of game \"whist\"",
        ),
        (
            "don 1; Gareth+Rhys; Rhys+Huw; 2-0",
            "Rhys plays for both sides in don match 1",
        ),
        (
            "don 1; Gareth+Rhys; Dai+Huw; 2-x",
            "\"2-x\" is not legs won",
        ),
        (
            "don 1; Gareth+Rhys; Dai+Huw; 2-0; 121-80 #99",
            "leg 2: there is no game 99",
        ),
    ];
    for (m, needle) in cases {
        let args = enter(m);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&db, &args, 2, needle);
    }
    // Twice in one pair, on both sides of a match, for both teams of a night (RULES.md §9).
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Gareth+gareth; Dai+Huw; 2-0",
        ],
        2,
        "gareth is named twice in one side of don match 1",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Gareth+Rhys; Dai+Gareth; 2-0",
        ],
        2,
        "Gareth plays for both sides in don match 1",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Gareth+Rhys; Dai+Huw; 2-0",
            "--match",
            "single-crib 1; Dai; Aled; 2-0",
        ],
        2,
        "Dai plays for both teams on this night (single-crib match 1 for the home side)",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Gareth+Rhys; Dai+Huw; 2-0",
            "--match",
            "don 1; Emrys+Glyn; Aled+Bethan; 2-0",
        ],
        2,
        "don match 1 is entered twice",
    );
    // A player in two kinds is fine; twice in one kind too (a team may field five players and
    // a night has three Don pairs, RULES.md §9), with a warning.
    let out = db.run(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-0",
        "--match",
        "single-crib 1; Gareth; Dai; 0-2; 40-61 55-61",
        "--match",
        "don 2; Gareth+Emrys; Aled+Bethan; 2-0",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let warned: Vec<String> = text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("warning: ") && l.contains("twice"))
        .map(String::from)
        .collect();
    assert_eq!(
        warned,
        ["warning: Gareth plays twice in don on this night (matches 1 and 2)"]
    );
    // Totals must add up to the night's matches.
    refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Red Lion",
            "--date",
            "2025-09-11",
            "--totals",
            "5-5",
        ],
        2,
        "the night's points 5–5 add up to 10; a night has 9 matches",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Fox and Hounds",
            "--date",
            "2025-09-11",
            "--totals",
            "5-4",
        ],
        2,
        "a team cannot play itself",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Red Lion",
            "--date",
            "2025-02-30",
            "--totals",
            "5-4",
        ],
        2,
        "\"2025-02-30\" is not a date",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Red Lion",
            "--totals",
            "5-4",
        ],
        2,
        "give the night's --date",
    );
}

#[test]
fn a_night_at_the_prompt_keeps_each_match_and_counts_once_complete() {
    let db = setup();
    let lines = "Gareth+Rhys\nDai+Huw\n2-1\n121-80 100-121 121-119\n\
                 Emrys+Glyn\nAled+Bethan\n2-2\n\n\
                 Emrys+Glyn\nAled+Bethan\n0-2\n\n";
    let mut child = db.spawn(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
    ]);
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a refused line makes piped input fail: {err}"
    );
    // Piped, a refused answer stops the entry at its line: nothing after it is read.
    assert!(err.contains("line 7: don 2 refused: don match 2: legs 2–2 is not a result of a best of 3 (one side wins 2); the entry stops here (nothing after line 7 is read)"), "{err}");
    assert!(err.contains("don 1: Royal Oak 2–1."), "{err}");
    assert!(!err.contains("don 2: Red Lion 2–0."), "{err}");
    assert!(text(&out.stdout).ends_with(
        "Royal Oak v Red Lion on 2025-09-04: 1–0 so far; still to enter: don 2, don 3, double-crib 1, double-crib 2, double-crib 3, single-crib 1, single-crib 2, single-crib 3. The night counts once it is complete (`don night enter` again carries on).\n"
    ));
    // Carrying on asks only for what is missing.
    let mut child = db.spawn(&["night", "enter", "Royal Oak", "Red Lion"]);
    let rest = "Emrys+Glyn\nAled+Bethan\n0-2\n\n".to_string()
        + "Sian+Owain\nMair+Iolo\n2-0\n\n"
        + "Gareth+Rhys\nDai+Huw\n2-0\n\nEmrys+Glyn\nAled+Bethan\n2-0\n\nSian+Owain\nMair+Iolo\n2-0\n\n"
        + "Gareth\nDai\n2-0\n\nRhys\nHuw\n0-2\n\nGlyn\nAled\n2-1\n61-50 20-61 61-60\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(rest.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning: Owain was not on the roster of Royal Oak; added\n"),
        "{err}"
    );
    assert!(
        text(&out.stdout).ends_with(
            "Royal Oak v Red Lion on 2025-09-04: Royal Oak 7–2 Red Lion. The night is complete.\n"
        ),
        "{}",
        text(&out.stdout)
    );
    // Entering it again is refused.
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--totals",
            "5-4",
        ],
        2,
        "has a result already: 7–2",
    );
}

#[test]
fn a_don_leg_scored_with_the_engine_takes_its_score_from_the_game() {
    let db = setup();
    db.ok(&["import", "examples/nine-card-don.json"]);
    // Game 1: Gareth & Rhys (NS) beat Dai & Huw 126–119; here Dai & Huw are at home.
    let said = db.ok(&[
        "night",
        "enter",
        "Red Lion",
        "Royal Oak",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Dai+Huw; Gareth+Rhys; 1-2; #1 121-100 50-121",
    ]);
    assert!(
        said.ends_with("Red Lion v Royal Oak on 2025-09-04: 0–1 so far (8 to enter).\n"),
        "{said}"
    );
    let card = db.ok(&["night", "show", "Red Lion", "Royal Oak"]);
    assert!(card.contains("119-126 (game 1) 121-100 50-121"), "{card}");
    // Once the night is complete (as the table, the statistics count only a complete night),
    // its hands count in the players' statistics: Gareth & Rhys pegged 126 in 7 hands.
    let mut rest = vec!["night", "enter", "Red Lion", "Royal Oak"];
    for m in REST_OF_THE_NIGHT {
        rest.extend(["--match", m]);
    }
    db.ok(&rest);
    let stats = db.ok(&["stats", "--partnerships", "--kind", "don", "--json"]);
    let stats: serde_json::Value = serde_json::from_str(&stats).unwrap();
    let pair = stats
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["who"] == "Gareth & Rhys")
        .unwrap();
    assert_eq!(
        (
            &pair["matches_won"],
            &pair["legs"],
            &pair["legs_won"],
            &pair["engine_legs"],
            &pair["hands"],
            &pair["points"],
            &pair["points_per_hand"]
        ),
        (
            &1.into(),
            &3.into(),
            &2.into(),
            &1.into(),
            &7.into(),
            &126.into(),
            &18.0.into()
        )
    );
    // A game is one leg of one match.
    refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Royal Oak",
            "--date",
            "2025-09-11",
            "--match",
            "don 1; ; ; 2-0; #1 121-0",
        ],
        2,
        "game 1 is already a leg of don 1 of Red Lion v Royal Oak on 2025-09-04",
    );
    // With its players left out, the game's are taken, North–South at home.
    let mut record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("examples/nine-card-don.json").unwrap())
            .unwrap();
    record = record[0].take();
    record["id"] = "another-leg".into();
    let file = db.dir().join("another.json");
    std::fs::write(&file, record.to_string()).unwrap();
    db.ok(&["import", file.to_str().unwrap()]);
    // (Royal Oak at home: Gareth and Rhys play for Royal Oak, Dai and Huw for Red Lion, the
    // one team each plays for in the season.)
    db.night_enter(
        ("Royal Oak", "Red Lion", "2025-09-11"),
        &["don 1; ; ; 2-0; #3 121-0"],
    );
    let card = db.ok(&[
        "night",
        "show",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-11",
    ]);
    assert!(
        card.contains(
            "│ don 1         ┆ Gareth & Rhys ┆ Dai & Huw ┆ 2–0      ┆ 126-119 (game 3) 121-0 │"
        ),
        "{card}"
    );
    // A game of other rules, or of other players, is refused.
    record["id"] = "a-fourth-game".into();
    std::fs::write(&file, record.to_string()).unwrap();
    db.ok(&["import", file.to_str().unwrap()]);
    refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Red Lion",
            "--date",
            "2025-09-18",
            "--match",
            "don 1; ; ; 2-0; #2 121-0",
        ],
        2,
        "game 2 was played to Nine Card Don to 91",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Red Lion",
            "--date",
            "2025-09-18",
            "--match",
            "don 1; Carys+Ffion; Aled+Mair; 2-0; #4 121-0",
        ],
        2,
        "game 4 was played by Gareth & Rhys v Dai & Huw, not by Carys & Ffion",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Red Lion",
            "--date",
            "2025-09-18",
            "--match",
            "double-crib 1; ; ; 2-0; #1 121-0",
        ],
        2,
        "only a Don leg can be a stored game",
    );
}

#[test]
fn a_mistake_is_put_right_with_undo() {
    let db = setup();
    let before = db.dump();
    db.night_totals(("Royal Oak", "Red Lion", "2025-09-04"), "6-3");
    let said = db.ok(&["undo"]);
    assert!(said.starts_with("Undid #"), "{said}");
    let data = |d: String| {
        d.lines()
            .filter(|l| {
                !l.contains("INTO operations")
                    && !l.contains("INTO changes")
                    && !l.contains("sqlite_sequence")
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(data(before), data(db.dump()));
    db.night_totals(("Royal Oak", "Red Lion", "2025-09-04"), "3-6");
    let show = db.ok(&["fixtures", "list"]);
    assert!(show.contains("3–6 (totals)"), "{show}");
}

#[test]
fn a_league_s_configuration_changes_new_seasons_only() {
    let db = setup();
    db.night_totals(("Royal Oak", "Red Lion", "2025-09-04"), "6-3");
    db.ok(&[
        "league",
        "set",
        "--points-per-match",
        "2",
        "--kind",
        "don=5,121,2",
        "--tie-breakers",
        "points head-to-head",
    ]);
    db.ok(&["season", "new", "2026-27", "--same-teams"]);
    let shown = db.ok(&["league", "show"]);
    assert!(shown.contains("  Night:        5 don (pairs, to 121, best of 3)\n  Points:       2 a match won (10 a night)"), "{shown}");
    assert!(shown.contains("Season 2025-26: 3 teams, 1 fixture, 1 played\n  (kept from when it began:)\n  Night:        3 don (pairs, to 121, best of 3), 3 double-crib"), "{shown}");
    assert!(
        shown.contains("Season 2026-27: 3 teams, 0 fixtures, 0 played\n"),
        "{shown}"
    );
    // A date after the old season's last night could be either season's: the new one's
    // first night names it.
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2026-09-03",
            "--totals",
            "3-2",
        ],
        2,
        "2026-09-03 could be in more than one season (2025-26 (2025-09-04), 2026-27 (no fixtures yet)): give --season",
    );
    // The old season's night still has nine matches; the new one's five.
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2026-09-03",
            "--totals",
            "6-3",
            "--season",
            "2026-27",
        ],
        2,
        "a night has 5 matches",
    );
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2026-09-03",
        "--totals",
        "3-2",
        "--season",
        "2026-27",
    ]);
    refused(
        &db,
        &["league", "set", "--kind", "don=3,121,2,4"],
        2,
        "best of an odd number of legs",
    );
    refused(
        &db,
        &["league", "set", "--tie-breakers", "points luck"],
        2,
        "no tie-breaker \"luck\"",
    );
    refused(
        &db,
        &["league", "set", "--don-rules", "nine-card-don target=lots"],
        2,
        "--don-rules",
    );
    refused(&db, &["league", "set"], 2, "say what to change");
}

mod no_panic {
    use don::cli::night::entry::parse_match;
    use don::league::import::{
        nights_from_matches, nights_from_totals, LeagueNames, NameKind, NameStatus,
    };
    use don::league::{standings, Config, SeasonRecord};
    use don::record::results::{read_results_lenient, Rows};
    use proptest::prelude::*;

    fn piece() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("don".to_string()),
            Just("single-crib".to_string()),
            Just("2025-26".to_string()),
            Just("2025-09-04".to_string()),
            Just("Royal Oak".to_string()),
            Just("Gareth+Rhys".to_string()),
            Just("121-87 96-121".to_string()),
            Just("4294967296".to_string()),
            Just("-1".to_string()),
            Just("\"a,b\"".to_string()),
            "[0-9]{1,3}",
            "[ -~]{0,8}",
        ]
    }

    /// A league that knows every name, with Abercarn's configuration.
    struct Any;

    impl LeagueNames for Any {
        fn config_of(&self, _: &str) -> Config {
            Config::default()
        }
        fn status(&self, _: NameKind, _: &str) -> NameStatus {
            NameStatus::Known
        }
    }

    proptest! {
        #[test]
        fn a_typed_match_never_panics(line in "[ -~–]{0,60}") {
            let _ = parse_match(&line);
        }

        #[test]
        fn results_rows_checked_against_a_league_never_panic(
            nights in any::<bool>(),
            rows in proptest::collection::vec(proptest::collection::vec(piece(), 11), 0..30),
        ) {
            let header = if nights {
                "season,date,home,away,home_points,away_points,note\n"
            } else {
                "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n"
            };
            let width = if nights { 7 } else { 11 };
            let mut text = header.to_string();
            for r in rows {
                text.push_str(&r[..width].join(","));
                text.push('\n');
            }
            if let Ok((file, _)) = read_results_lenient(text.as_bytes()) {
                let column = |name: &str| file.column(name);
                let drafts = match &file.rows {
                    Rows::Matches(rows) => nights_from_matches(rows.clone(), &Any, &column).nights,
                    Rows::Nights(rows) => nights_from_totals(rows, &Any, &column).nights,
                    _ => Vec::new(),
                };
                // Whatever was accepted makes a table.
                let season = SeasonRecord {
                    name: "s".into(),
                    config: Config::default(),
                    teams: Vec::new(),
                    nights: drafts
                        .into_iter()
                        .enumerate()
                        .map(|(i, d)| don::league::Night {
                            id: i as i64,
                            date: d.date,
                            home: 1,
                            away: 2,
                            result: d.result,
                            confirmation: Default::default(),
                        })
                        .collect(),
                    adjustments: Vec::new(),
                    recorded: Vec::new(),
                    divisions: Vec::new(),
                };
                let _ = standings(&season);
            }
        }
    }
}

#[test]
fn what_the_outside_review_found_is_refused_or_said_plainly() {
    let db = setup();
    // Points come first and name last among the tie-breakers (RULES.md §7).
    refused(
        &db,
        &["league", "set", "--tie-breakers", "name points"],
        2,
        "the table goes by points first",
    );
    refused(
        &db,
        &["league", "set", "--tie-breakers", "legs-won"],
        2,
        "the table goes by points first",
    );
    refused(
        &db,
        &["league", "set", "--tie-breakers", "points name legs-won"],
        2,
        "name is the last resort",
    );
    // A player plays for one team on a night, whatever the kind.
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Gareth+Rhys; Dai+Huw; 2-0",
            "--match",
            "single-crib 1; Dai; Emrys; 2-0",
        ],
        2,
        "Dai plays for both teams on this night (single-crib match 1 for the home side)",
    );
    // A complete night is said to be one.
    db.night_totals(("Royal Oak", "Red Lion", "2025-09-04"), "5-4");
    refused(&db, &["night", "enter", "Royal Oak", "Red Lion", "--totals", "5-4"], 2, "Royal Oak v Red Lion has no fixture left to play in season 2025-26 (their night on 2025-09-04 has a result: `don night correct` changes it); for another night between them, add a fixture first with `don fixtures add 'Royal Oak' 'Red Lion' DATE`");
    // A withdrawn team plays no more nights; one before it withdrew may still be entered.
    db.ok(&["withdraw", "Fox and Hounds", "--date", "2025-10-01"]);
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Fox and Hounds",
            "--date",
            "2025-10-02",
            "--totals",
            "5-4",
        ],
        2,
        "Fox and Hounds withdrew from season 2025-26 on 2025-10-01",
    );
    db.night_totals(("Royal Oak", "Fox and Hounds", "2025-09-25"), "5-4");
    let shown = db.ok(&["standings", "--withdrawn"]);
    assert!(shown.contains("│   — ┆ Fox and Hounds"), "{shown}");
    // Points adjustments within reason.
    refused(
        &db,
        &["deduct", "Red Lion", "4294967295", "--reason", "x"],
        2,
        "POINTS `4294967295` is out of range: an adjustment is at most 99999 points either way",
    );
    refused(
        &db,
        &["award", "Red Lion", "0", "--reason", "x"],
        2,
        "POINTS must be at least 1 (an adjustment is 1 to 99999 points)",
    );
    // A leaderboard nobody qualifies for says why.
    let mut night = vec![
        "night",
        "enter",
        "Red Lion",
        "Royal Oak",
        "--date",
        "2025-10-09",
        "--match",
        "don 1; Dai+Huw; Gareth+Rhys; 2-0",
    ];
    for m in REST_OF_THE_NIGHT {
        night.extend(["--match", m]);
    }
    db.ok(&night);
    assert_eq!(
        db.ok(&["stats", "--top", "3", "--by", "win-rate"]),
        "Nobody qualifies: the win rate counts those with at least 3 matches (--min-matches).\n"
    );
}

/// The league's `app`, on a database set up at the command line.
fn league_app(db: &Db) -> don::app::App {
    let actor = don::app::Actor {
        name: "secretary".into(),
        team: None,
        game: None,
        league: None,
    };
    don::app::App::open_existing(&db.path, actor).unwrap()
}

#[test]
fn a_league_refusal_is_typed_with_what_was_refused_its_kind_and_hint() {
    use don::app::league::which::Choice;
    use don::app::league::LeagueRefusal;
    use don::app::{AppError, ErrorKind};
    use don::league::error::Thing;
    use don::league::LeagueError;
    let db = setup();
    let mut app = league_app(&db);
    let choice = |league: &str| Choice {
        league: Some(league.into()),
        season: None,
    };
    match app.league(&choice("Abercarn Crib and Don Leage")) {
        Err(AppError::League(e @ LeagueError::NotFound(_))) => {
            let LeagueError::NotFound(unknown) = &e else {
                unreachable!()
            };
            assert_eq!(unknown.what, Thing::League);
            assert_eq!(unknown.nearest.as_deref(), Some(LEAGUE));
            assert_eq!(e.kind(), ErrorKind::NotFound);
        }
        other => panic!("{other:?}"),
    }
    let day = chrono::NaiveDate::from_ymd_opt(2025, 9, 4).unwrap();
    let e = app
        .fixture_add(&Choice::default(), "Royal Oak", "royal  oak", day)
        .unwrap_err();
    assert!(
        matches!(e, AppError::League(LeagueError::PlaysItself)),
        "{e:?}"
    );
    assert_eq!(e.kind(), ErrorKind::Invalid);
    let e = app
        .team_add(&Choice::default(), "red lion", None)
        .unwrap_err();
    assert!(
        matches!(&e, AppError::League(LeagueError::NameTaken { what: Thing::Team, name, .. }) if name == "Red Lion"),
        "{e:?}"
    );
    assert_eq!(e.kind(), ErrorKind::Conflict);
    let teams = don::app::league::SeasonTeams::Named {
        names: vec!["Royal Oke".into()],
        create: false,
    };
    let e = app.season_new(None, "2026-27", &teams).unwrap_err();
    match &e {
        AppError::League(LeagueError::UnknownTeams { unknown, near, .. }) => {
            assert_eq!(unknown[0].near.as_deref(), Some("Royal Oak"));
            assert_eq!(*near, 1);
        }
        other => panic!("{other:?}"),
    }
    // The library names no command: the terminal's hint ("add it first with `don team add
    // NAME`") is the CLI's own (tests/secretary.rs), the web says its own.
    assert_eq!(e.hint(), None);
    assert!(!e.to_string().contains("don team add"), "{e}");
}

#[test]
fn a_cancelled_fixture_is_reinstated_through_app_and_logged() {
    use don::app::league::which::Choice;
    use don::app::AppError;
    use don::league::LeagueError;
    let db = setup();
    let mut app = league_app(&db);
    let day = chrono::NaiveDate::from_ymd_opt(2025, 9, 4).unwrap();
    let added = app
        .fixture_add(&Choice::default(), "Royal Oak", "Red Lion", day)
        .unwrap();
    let e = app
        .fixture_reinstate(&Choice::default(), added.id)
        .unwrap_err();
    assert!(
        matches!(e, AppError::League(LeagueError::NotCancelled { .. })),
        "{e:?}"
    );
    app.fixture_cancel(&Choice::default(), added.id).unwrap();
    assert!(db.ok(&["fixtures", "list"]).contains("cancelled"));
    let f = app.fixture_reinstate(&Choice::default(), added.id).unwrap();
    assert!(f.cancelled);
    assert!(!db.ok(&["fixtures", "list"]).contains("cancelled"));
    assert!(db
        .ok(&["log"])
        .contains("reinstated Royal Oak v Red Lion on 2025-09-04"));
}

#[test]
fn every_league_refusal_says_what_it_always_said_and_changes_nothing() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys"]);
    refused(
        &db,
        &["league", "new", "  "],
        2,
        "don: error: a league's name cannot be blank\n",
    );
    refused(
        &db,
        &["league", "new", "valleys"],
        2,
        "don: error: there is already a league 'Valleys'\n",
    );
    refused(
        &db,
        &["roster", "add", "Royal Oak", "Dai"],
        2,
        "don: error: Valleys has no season yet: begin one with `don season new NAME --league 'Valleys'`\n",
    );
    db.ok(&["season", "new", "2025-26"]);
    refused(
        &db,
        &["season", "new", " "],
        2,
        "don: error: a season's name cannot be blank\n",
    );
    refused(
        &db,
        &["season", "new", "2025-26"],
        2,
        "don: error: Valleys already has a season '2025-26'\n",
    );
    refused(
        &db,
        &["team", "add", " "],
        2,
        "don: error: a team's name cannot be blank\n",
    );
    db.ok(&[
        "season",
        "new",
        "2026-27",
        "--same-teams",
        "--league",
        "valleys",
    ]);
    refused(
        &db,
        &["roster", "add", "Red Lion", "Dai", "dai "],
        2,
        "don: error: 'Dai' is named twice (the second time as 'dai '): name each player once\n",
    );
    refused(
        &db,
        &[
            "fixtures",
            "generate",
            "--start",
            "2025-09-01",
            "--weekday",
            "thu",
        ],
        2,
        "don: error: which season? 2025-26 and 2026-27 have no fixtures yet: give --season\n",
    );
    refused(
        &db,
        &["fixtures", "generate", "--start", "2025-09-01", "--weekday", "thu", "-s", "2025-26"],
        2,
        "don: error: season 2025-26: fixtures need at least two teams (there are 0); enter teams with `don team add NAME --season '2025-26'`\n",
    );
    db.ok(&["league", "new", "Other"]);
    refused(
        &db,
        &["season", "list"],
        2,
        "don: error: which league? Give --league (there are: Other, Valleys)\n",
    );
    refused(
        &db,
        &[
            "season",
            "new",
            "2025-26",
            "--same-teams",
            "--league",
            "Other",
        ],
        2,
        "don: error: Other has no earlier season\n",
    );
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
    db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2025-09-01",
        "--weekday",
        "thu",
    ]);
    db.fixture_add("Royal Oak", "Red Lion", "2025-09-25");
    db.night_totals(("Royal Oak", "Red Lion", "2025-09-25"), "5-4");
    refused(
        &db,
        &["fixtures", "move", "3", "2025-10-02"],
        2,
        "don: error: fixture 3 (Royal Oak v Red Lion) has been played; its night stays on 2025-09-25\n",
    );
    refused(
        &db,
        &["fixtures", "cancel", "3"],
        2,
        "don: error: fixture 3 (Royal Oak v Red Lion) has been played; `don undo` or a withdrawal takes a result away\n",
    );
    refused(
        &db,
        &["fixtures", "generate", "--start", "2025-09-01", "--weekday", "thu"],
        2,
        "don: error: season 2025-26 has fixtures already; move or cancel them one by one, or `don undo` the ones made\n",
    );
    db.fixture_cancel(1);
    refused(
        &db,
        &["fixtures", "cancel", "1"],
        2,
        "don: error: fixture 1 is cancelled already\n",
    );
    refused(
        &db,
        &["fixtures", "cancel", "9"],
        2,
        "don: error: season 2025-26 has no fixture 9 (see `don fixtures list`)\n",
    );
}
