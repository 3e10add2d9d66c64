//! Cups (RULES.md §11, FORMAT.md §9): a cup made, entered and drawn (in the pub's order and
//! from a seed), its ties entered by totals, matches, walkovers and legs, level ties and their
//! deciders, winners going through; the bracket worked out by hand for 3, 5 and 8 entries and
//! by the rule for every size from 2 to 64; an individual pairs cup; the refusals, leaving the
//! database as it was; the league table never touched; corrections and undo; captains.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::common;
use common::db::{refused, Db};

use don::app::cup::{Draw, TieEntry, TieGiven};
use don::app::league::which::Choice;
use don::league::Pair;

/// The FORMAT.md §9 example's league: Royal Oak, Red Lion and Six Bells (and a fourth team
/// that is in no cup), the League Cup made and entered.
fn league_cup() -> Db {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion", "Six Bells", "Crown"]);
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&[
        "cup",
        "enter",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "Six Bells",
    ]);
    db
}

fn show(db: &Db, cup: &str) -> Value {
    serde_json::from_str(&db.ok(&["cup", "show", cup, "--json"])).unwrap()
}

#[test]
fn a_cup_of_three_drawn_in_order_shows_format_9_s_example_exactly() {
    let db = league_cup();
    let drawn = db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion, Six Bells",
    ]);
    assert!(drawn.contains("Semi-finals\n  1. Royal Oak v Red Lion\n  2. Six Bells: a bye\nFinal\n  1. ? v Six Bells\n"), "{drawn}");
    let out = db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "5-4",
        "--date",
        "2025-11-06",
    ]);
    assert!(
        out.contains("League Cup, Semi-finals: Royal Oak v Red Lion 5–4. Royal Oak go through."),
        "{out}"
    );
    let expected = json!({ "cup": "League Cup", "season": "2025-26", "kind": "team",
      "entries": ["Royal Oak", "Red Lion", "Six Bells"],
      "rounds": [
        { "round": 1, "name": "Semi-finals",
          "ties": [ { "tie": 1, "home": "Royal Oak", "away": "Red Lion", "date": "2025-11-06",
                      "home_points": 5, "away_points": 4, "decider": null, "walkover": false,
                      "winner": "Royal Oak" },
                    { "tie": 2, "home": "Six Bells", "away": null, "bye": true,
                      "winner": "Six Bells" } ] },
        { "round": 2, "name": "Final",
          "ties": [ { "tie": 1, "home": "Royal Oak", "away": "Six Bells", "date": null,
                      "home_points": null, "away_points": null, "winner": null } ] } ],
      "winner": null, "runner_up": null });
    assert_eq!(show(&db, "League Cup"), expected);
    // The final, level on totals (the night has nine matches: a league of eight-match
    // nights is below), goes to the walkover here.
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Six Bells",
        "--walkover",
        "Six Bells",
        "--date",
        "2025-12-04",
    ]);
    let v = show(&db, "League Cup");
    assert_eq!(
        v["rounds"][1]["ties"][0],
        json!({ "tie": 1, "home": "Royal Oak", "away": "Six Bells", "date": "2025-12-04",
                "home_points": 0, "away_points": 9, "decider": null, "walkover": true,
                "winner": "Six Bells" })
    );
    assert_eq!(
        (&v["winner"], &v["runner_up"]),
        (&json!("Six Bells"), &json!("Royal Oak"))
    );
}

#[test]
fn cup_ties_never_touch_the_league_table() {
    let db = league_cup();
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Crown",
        "--totals",
        "6-3",
        "--date",
        "2025-10-02",
    ]);
    let before = db.ok(&["standings", "--json"]);
    let before_text = db.ok(&["standings"]);
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion, Six Bells",
    ]);
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "9-0",
    ]);
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Six Bells",
        "--totals",
        "2-7",
    ]);
    assert_eq!(before, db.ok(&["standings", "--json"]));
    assert_eq!(before_text, db.ok(&["standings"]));
}

#[test]
fn five_and_eight_entries_are_drawn_and_named_as_worked_by_hand() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    let teams = ["A", "B", "C", "D", "E", "F", "G", "H"];
    db.season_new("2025-26", &teams);
    db.ok(&["cup", "new", "Five"]);
    db.ok(&["cup", "enter", "Five", "A", "B", "C", "D", "E"]);
    // Drawn E, D, C, B, A: P = 8, so b = 3 byes, for the last three drawn (C, B, A); the
    // first round (three rounds: Quarter-finals, Semi-finals, Final) is E v D and three byes.
    db.ok(&["cup", "draw", "Five", "--order", "E, D, C, B, A"]);
    let v = show(&db, "Five");
    let names: Vec<&str> = v["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Quarter-finals", "Semi-finals", "Final"]);
    let r1 = &v["rounds"][0]["ties"];
    assert_eq!(r1.as_array().unwrap().len(), 4);
    assert_eq!((&r1[0]["home"], &r1[0]["away"]), (&json!("E"), &json!("D")));
    for (i, bye) in ["C", "B", "A"].iter().enumerate() {
        assert_eq!(
            r1[i + 1],
            json!({ "tie": i + 2, "home": bye, "away": null, "bye": true, "winner": bye })
        );
    }
    // The semi-finals: the winner of E v D at home to C; B at home to A, to play now.
    let sf = &v["rounds"][1]["ties"];
    assert_eq!(
        (&sf[0]["home"], &sf[0]["away"]),
        (&Value::Null, &json!("C"))
    );
    assert_eq!((&sf[1]["home"], &sf[1]["away"]), (&json!("B"), &json!("A")));
    // C waits for the winner of E v D: its tie is not known yet.
    refused(
        &db,
        &["cup", "result", "Five", "C", "B", "--totals", "5-4"],
        2,
        "C v B is no tie of Five (C's next opponent is not known yet; B plays A next)",
    );
    db.ok(&["cup", "result", "Five", "B", "A", "--totals", "3-6"]);
    db.ok(&["cup", "result", "Five", "E", "D", "--totals", "5-4"]);
    db.ok(&["cup", "result", "Five", "E", "C", "--walkover", "home"]);
    db.ok(&["cup", "result", "Five", "E", "A", "--totals", "1-8"]);
    let v = show(&db, "Five");
    assert_eq!(v["rounds"][2]["ties"][0]["home"], json!("E"));
    assert_eq!((&v["winner"], &v["runner_up"]), (&json!("A"), &json!("E")));

    // Eight: no byes; Quarter-finals pair 1st v 2nd, 3rd v 4th, …
    db.ok(&["cup", "new", "Eight"]);
    let mut args = vec!["cup", "enter", "Eight"];
    args.extend(teams);
    db.ok(&args);
    db.ok(&["cup", "draw", "Eight", "--order", "H, G, F, E, D, C, B, A"]);
    let v = show(&db, "Eight");
    let qf: Vec<(String, String)> = v["rounds"][0]["ties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["home"].as_str().unwrap().into(),
                t["away"].as_str().unwrap().into(),
            )
        })
        .collect();
    let pairs = [("H", "G"), ("F", "E"), ("D", "C"), ("B", "A")];
    assert_eq!(qf, pairs.map(|(h, a)| (h.to_string(), a.to_string())));
    assert!(v["rounds"][0]["ties"][0].get("bye").is_none());
}

#[test]
fn a_level_tie_needs_its_decider_and_other_refusals_leave_the_database_as_it_was() {
    let db = Db::new();
    // A night of four matches, so a tie can be level at 2–2.
    db.league_new("Valleys", &["don=2,121,2", "single-crib=2,61,1"]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion", "Six Bells", "Crown"]);
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&[
        "cup",
        "enter",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "Six Bells",
        "Crown",
    ]);
    let cup = |rest: &[&'static str]| -> Vec<&'static str> {
        let mut a = vec!["cup"];
        a.extend_from_slice(rest);
        a
    };
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Royal Oak",
            "Red Lion",
            "--totals",
            "2-2",
        ]),
        2,
        "the draw of League Cup is not made yet",
    );
    db.ok(&cup(&[
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion, Six Bells, Crown",
    ]));
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Royal Oak",
            "Red Lion",
            "--totals",
            "2-2",
        ]),
        2,
        "the tie is level at 2–2 in matches: it needs the winner of a deciding leg of don",
    );
    // Level on matches and legs, entered match by match.
    let level = [
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-0",
        "--match",
        "don 2; Emrys+Glyn; Aled+Bethan; 0-2",
        "--match",
        "single-crib 1; Sian; Mair; 2-1",
        "--match",
        "single-crib 2; Ifor; Wyn; 1-2",
    ];
    let mut args = cup(&["result", "League Cup", "Royal Oak", "Red Lion"]);
    args.extend(level);
    refused(
        &db,
        &args,
        2,
        "the tie is level at 2–2 in matches and 5–5 in legs: it needs the winner of a deciding leg of don",
    );
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Royal Oak",
            "Red Lion",
            "--totals",
            "3-1",
            "--decider",
            "home",
        ]),
        2,
        "the tie is not level: home won it 3–1 in matches",
    );
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Royal Oak",
            "Six Bells",
            "--totals",
            "3-1",
        ]),
        2,
        "Royal Oak v Six Bells is no tie of League Cup (Royal Oak plays Red Lion next; Six Bells plays Crown next)",
    );
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Red Lion",
            "Royal Oak",
            "--totals",
            "3-1",
        ]),
        2,
        "(Royal Oak is at home to Red Lion)",
    );
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Royal Oak",
            "Crown Inn",
            "--totals",
            "3-1",
        ]),
        2,
        "'Crown Inn' is no entry of League Cup",
    );
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Royal Oak",
            "Red Lion",
            "--totals",
            "3-2",
        ]),
        2,
        "totals 3–2 are not a night's",
    );
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Royal Oak",
            "Red Lion",
            "--legs",
            "2-1",
        ]),
        2,
        "a team cup's tie is entered by its matches, totals or a walkover, not by legs",
    );
    refused(
        &db,
        &cup(&["draw", "League Cup", "--seed", "4"]),
        2,
        "the draw of League Cup is made already",
    );
    // With its decider it goes through; the away side won the deciding leg.
    args.extend(["--decider", "Red Lion"]);
    let out = db.ok(&args);
    assert!(
        out.contains("2–2, Red Lion won the deciding leg. Red Lion go through."),
        "{out}"
    );
    // Level on matches, not on legs: the legs decide.
    db.ok(&cup(&[
        "result",
        "League Cup",
        "Six Bells",
        "Crown",
        "--match",
        "don 1; A1+A2; B1+B2; 2-0",
        "--match",
        "don 2; A3+A4; B3+B4; 1-2",
        "--match",
        "single-crib 1; A5; B5; 2-0",
        "--match",
        "single-crib 2; A1; B1; 0-2",
    ]));
    refused(
        &db,
        &cup(&[
            "result",
            "League Cup",
            "Royal Oak",
            "Six Bells",
            "--totals",
            "3-1",
        ]),
        2,
        "Royal Oak v Six Bells is no tie of League Cup",
    );
    let v = show(&db, "League Cup");
    assert_eq!(
        v["rounds"][0]["ties"][0],
        json!({ "tie": 1, "home": "Royal Oak", "away": "Red Lion", "date": v["rounds"][0]["ties"][0]["date"],
                "home_points": 2, "away_points": 2, "decider": "Red Lion", "walkover": false,
                "winner": "Red Lion" })
    );
    assert_eq!(v["rounds"][0]["ties"][1]["winner"], json!("Six Bells"));
    assert_eq!(
        (
            &v["rounds"][1]["ties"][0]["home"],
            &v["rounds"][1]["ties"][0]["away"]
        ),
        (&json!("Red Lion"), &json!("Six Bells"))
    );
    refused(
        &db,
        &cup(&["result", "League Cup", "Royal Oak", "Red Lion", "--totals", "3-1"]),
        2,
        "Royal Oak v Red Lion of League Cup (Semi-finals) has its result already: 2–2, Red Lion won the deciding leg",
    );
}

#[test]
fn a_correction_and_undo_change_who_goes_through_until_the_winner_plays_on() {
    let db = league_cup();
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion, Six Bells",
    ]);
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "5-4",
    ]);
    let out = db.ok(&[
        "cup",
        "correct",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "4-5",
    ]);
    assert!(
        out.contains("4–5 (corrected; was 5–4). Red Lion go through."),
        "{out}"
    );
    assert_eq!(
        show(&db, "League Cup")["rounds"][1]["ties"][0]["home"],
        json!("Red Lion")
    );
    db.ok(&["undo"]);
    assert_eq!(
        show(&db, "League Cup")["rounds"][1]["ties"][0]["home"],
        json!("Royal Oak")
    );
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Six Bells",
        "--totals",
        "6-3",
    ]);
    refused(
        &db,
        &[
            "cup",
            "correct",
            "League Cup",
            "Royal Oak",
            "Red Lion",
            "--totals",
            "4-5",
        ],
        2,
        "Royal Oak has played on from Royal Oak v Red Lion (Semi-finals)",
    );
    // The same winner may be corrected still.
    db.ok(&[
        "cup",
        "correct",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "6-3",
    ]);
    let v = show(&db, "League Cup");
    assert_eq!(v["rounds"][0]["ties"][0]["home_points"], json!(6));
    assert_eq!(v["winner"], json!("Royal Oak"));
    db.ok(&["undo"]);
    refused(
        &db,
        &["undo", "4"],
        2,
        "later changes touched what it changed",
    );
}

#[test]
fn a_team_tie_is_confirmed_by_the_other_team_and_disputes_are_the_secretary_s() {
    let db = league_cup();
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion, Six Bells",
    ]);
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "5-4",
    ]);
    assert!(db
        .ok(&["cup", "show", "League Cup"])
        .contains("Royal Oak v Red Lion: 5–4, "));
    refused(
        &db,
        &[
            "cup",
            "confirm",
            "League Cup",
            "Royal Oak",
            "Red Lion",
            "--by",
            "Royal Oak",
        ],
        2,
        "Royal Oak v Red Lion of League Cup: the tie was entered for Royal Oak; Red Lion confirms it",
    );
    db.ok(&[
        "cup",
        "dispute",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "--reason",
        "single crib 2 was ours",
    ]);
    assert!(db
        .ok(&["cup", "show", "League Cup"])
        .contains("(disputed: single crib 2 was ours)"));
    let out = db.ok(&["cup", "confirm", "League Cup", "Royal Oak", "Red Lion"]);
    assert!(
        out.contains("League Cup: Royal Oak v Red Lion confirmed for Red Lion."),
        "{out}"
    );
    assert!(!db.ok(&["cup", "show", "League Cup"]).contains("disputed"));
    // A confirmed tie disputed with no team named: the tie's words, with the flag that answers.
    let before = db.dump();
    refused(
        &db,
        &[
            "cup",
            "dispute",
            "League Cup",
            "Royal Oak",
            "Red Lion",
            "--reason",
            "late",
        ],
        2,
        "Royal Oak v Red Lion of League Cup: the tie is confirmed; say which team disputes it with --by",
    );
    assert_eq!(before, db.dump());
}

#[test]
fn a_seeded_draw_is_shown_with_its_seed_and_made_again_the_same() {
    let db = league_cup();
    let drawn = db.ok(&["cup", "draw", "League Cup", "--seed", "20251106"]);
    assert!(drawn.contains("Drawn from seed 20251106: "), "{drawn}");
    db.ok(&["cup", "new", "Again"]);
    db.ok(&[
        "cup",
        "enter",
        "Again",
        "Royal Oak",
        "Red Lion",
        "Six Bells",
    ]);
    db.ok(&["cup", "draw", "Again", "--seed", "20251106"]);
    assert_eq!(
        show(&db, "League Cup")["entries"],
        show(&db, "Again")["entries"]
    );
    let order = seeded(3, 20251106);
    let names = ["Royal Oak", "Red Lion", "Six Bells"];
    assert_eq!(
        show(&db, "Again")["entries"],
        json!(order.iter().map(|&i| names[i]).collect::<Vec<_>>())
    );
}

/// The seeded order as the draw's rule says it (SplitMix64 driving a Fisher–Yates shuffle from
/// the last place down), written here from that description.
fn seeded(n: usize, seed: u64) -> Vec<usize> {
    let mut state = seed;
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        state = state.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^= z >> 31;
        order.swap(i, (z % (i as u64 + 1)) as usize);
    }
    order
}

#[test]
fn an_individual_pairs_cup_is_entered_drawn_and_played_by_legs() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    db.roster_add("Royal Oak", &["Gareth", "Rhys", "Emrys", "Glyn", "Sian"]);
    db.roster_add("Red Lion", &["Dai", "Huw", "Aled", "Bethan", "Mair"]);
    db.ok(&["cup", "new", "Pairs Cup", "--kind", "don", "--best-of", "3"]);
    refused(
        &db,
        &["cup", "enter", "Pairs Cup", "Gareth"],
        2,
        "Gareth: an entry of a don cup is 2 players joined by +",
    );
    refused(
        &db,
        &["cup", "enter", "Pairs Cup", "Gareth+Gareht"],
        2,
        "no player 'Gareht' in the league; did you mean 'Gareth'?",
    );
    db.ok(&[
        "cup",
        "enter",
        "Pairs Cup",
        "Gareth+Rhys",
        "Dai+Huw",
        "Emrys+Glyn",
        "Aled+Bethan",
        "Sian+Mair",
    ]);
    refused(
        &db,
        &["cup", "enter", "Pairs Cup", "Huw+Glyn"],
        2,
        "Huw is entered in Pairs Cup already, in Dai+Huw",
    );
    db.ok(&[
        "cup",
        "draw",
        "Pairs Cup",
        "--order",
        "Gareth+Rhys, Dai+Huw, Emrys+Glyn, Aled+Bethan, Sian+Mair",
    ]);
    refused(
        &db,
        &["cup", "enter", "Pairs Cup", "Huw+Glyn"],
        2,
        "the draw of Pairs Cup is made already",
    );
    refused(
        &db,
        &[
            "cup",
            "result",
            "Pairs Cup",
            "Gareth+Rhys",
            "Dai+Huw",
            "--totals",
            "2-1",
        ],
        2,
        "an individual cup's tie is entered by its legs, not by totals",
    );
    refused(
        &db,
        &[
            "cup",
            "result",
            "Pairs Cup",
            "Gareth+Rhys",
            "Dai+Huw",
            "--legs",
            "2-2",
        ],
        2,
        "legs 2–2",
    );
    db.ok(&[
        "cup",
        "result",
        "Pairs Cup",
        "Rhys+Gareth",
        "Dai+Huw",
        "--legs",
        "1-2",
        "--date",
        "2025-10-01",
    ]);
    db.ok(&[
        "cup",
        "result",
        "Pairs Cup",
        "Dai+Huw",
        "Emrys+Glyn",
        "--walkover",
        "away",
        "--date",
        "2025-11-01",
    ]);
    db.ok(&[
        "cup",
        "result",
        "Pairs Cup",
        "Aled+Bethan",
        "Sian+Mair",
        "--legs",
        "2-0",
        "--date",
        "2025-11-01",
    ]);
    db.ok(&[
        "cup",
        "result",
        "Pairs Cup",
        "Emrys+Glyn",
        "Aled+Bethan",
        "--legs",
        "0-2",
        "--date",
        "2025-12-01",
    ]);
    let v = show(&db, "Pairs Cup");
    let expected = json!({ "cup": "Pairs Cup", "season": "2025-26", "kind": "don",
      "entries": ["Gareth+Rhys", "Dai+Huw", "Emrys+Glyn", "Aled+Bethan", "Sian+Mair"],
      "rounds": [
        { "round": 1, "name": "Quarter-finals", "ties": [
          { "tie": 1, "home": "Gareth+Rhys", "away": "Dai+Huw", "date": "2025-10-01",
            "home_points": 1, "away_points": 2, "decider": null, "walkover": false, "winner": "Dai+Huw" },
          { "tie": 2, "home": "Emrys+Glyn", "away": null, "bye": true, "winner": "Emrys+Glyn" },
          { "tie": 3, "home": "Aled+Bethan", "away": null, "bye": true, "winner": "Aled+Bethan" },
          { "tie": 4, "home": "Sian+Mair", "away": null, "bye": true, "winner": "Sian+Mair" } ] },
        { "round": 2, "name": "Semi-finals", "ties": [
          { "tie": 1, "home": "Dai+Huw", "away": "Emrys+Glyn", "date": "2025-11-01",
            "home_points": 0, "away_points": 2, "decider": null, "walkover": true, "winner": "Emrys+Glyn" },
          { "tie": 2, "home": "Aled+Bethan", "away": "Sian+Mair", "date": "2025-11-01",
            "home_points": 2, "away_points": 0, "decider": null, "walkover": false, "winner": "Aled+Bethan" } ] },
        { "round": 3, "name": "Final", "ties": [
          { "tie": 1, "home": "Emrys+Glyn", "away": "Aled+Bethan", "date": "2025-12-01",
            "home_points": 0, "away_points": 2, "decider": null, "walkover": false, "winner": "Aled+Bethan" } ] } ],
      "winner": "Aled+Bethan", "runner_up": "Emrys+Glyn" });
    assert_eq!(v, expected);
}

#[test]
fn a_name_two_players_bear_is_refused_naming_both() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    db.roster_add("Royal Oak", &["Dai Jones", "Rhys"]);
    db.ok(&[
        "roster",
        "add",
        "Red Lion",
        "Dai Jones",
        "--new-player",
        "Dai Jones",
    ]);
    db.ok(&["cup", "new", "Singles", "--kind", "single-crib"]);
    refused(
        &db,
        &["cup", "enter", "Singles", "Dai Jones"],
        2,
        "Dai Jones (Red Lion)",
    );
    db.ok(&["cup", "enter", "Singles", "Dai Jones (Red Lion)", "Rhys"]);
    let listed = db.ok(&["cup", "list"]);
    assert!(
        listed.contains("Singles (single-crib, best of 3, 2 entries, not drawn yet)"),
        "{listed}"
    );
}

#[test]
fn a_tie_typed_at_the_prompt_is_kept_and_a_bad_piped_line_keeps_nothing() {
    let db = Db::new();
    db.league_new("Valleys", &["don=2,121,2"]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&["cup", "enter", "League Cup", "Royal Oak", "Red Lion"]);
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion",
    ]);
    let before = db.dump();
    let mut child = db.spawn(&["cup", "result", "League Cup", "Royal Oak", "Red Lion"]);
    common::db::feed(&mut child, b"Gareth+Rhys; Dai+Huw; 2-x\n");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", common::text(&out.stderr));
    assert!(common::text(&out.stderr).contains("line 1: don 1: \"2-x\" is not legs won"));
    assert_eq!(before, db.dump());
    let mut child = db.spawn(&["cup", "result", "League Cup", "Royal Oak", "Red Lion"]);
    common::db::feed(
        &mut child,
        b"Gareth+Rhys; Dai+Huw; 2-0\nEmrys+Glyn; Aled+Bethan; 0-2; 90-121 100-121\naway\n",
    );
    let out = child.wait_with_output().unwrap();
    let said = common::text(&out.stdout);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    assert!(said.contains("League Cup, Final: Royal Oak v Red Lion 1–1, Red Lion won the deciding leg. Red Lion won the cup."), "{said}");
}

#[test]
fn a_slip_typed_at_the_tie_s_prompt_is_refused_as_a_night_s_and_nothing_is_kept() {
    let db = Db::new();
    db.league_new("Valleys", &["don=2,121,2"]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    db.roster_add("Royal Oak", &["Ivor James"]);
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&["cup", "enter", "League Cup", "Royal Oak", "Red Lion"]);
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion",
    ]);
    let before = db.dump();
    let mut child = db.spawn(&["cup", "result", "League Cup", "Royal Oak", "Red Lion"]);
    common::db::feed(
        &mut child,
        b"Ivor Jams+Rhys; Dai+Huw; 2-0\nEmrys+Glyn; Aled+Bethan; 2-1\n",
    );
    let out = child.wait_with_output().unwrap();
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("don: error: Ivor Jams is not on the roster of Royal Oak; did you mean 'Ivor James'? (if Ivor Jams is someone new, say so with --new-player 'Ivor Jams')"),
        "{err}"
    );
    assert_eq!(before, db.dump());
}

/// One tie's result as the test plays it, and what the rule makes of it.
struct Played {
    given: TieGiven,
    decider: Option<&'static str>,
    /// Home's points, away's, whether a walkover, the decider's side, and the winner's side.
    points: Pair<u32>,
    walkover: bool,
    decider_home: Option<bool>,
    home_wins: bool,
}

/// The k-th tie's result, in turn: totals won at home, totals level with the away side's
/// deciding leg, a walkover to the away side, matches level on matches and legs with the home
/// side's deciding leg, and matches level on matches won on legs by the away side.
fn play(k: usize) -> Played {
    let m = |kind: &str, slot: u32, legs: &str| {
        don::cli::night::entry::parse_match(&format!("{kind} {slot}; ; ; {legs}")).unwrap()
    };
    match k % 5 {
        0 => Played {
            given: TieGiven::Totals(Pair::new(3, 1)),
            decider: None,
            points: Pair::new(3, 1),
            walkover: false,
            decider_home: None,
            home_wins: true,
        },
        1 => Played {
            given: TieGiven::Totals(Pair::new(2, 2)),
            decider: Some("away"),
            points: Pair::new(2, 2),
            walkover: false,
            decider_home: Some(false),
            home_wins: false,
        },
        2 => Played {
            given: TieGiven::Walkover("away".into()),
            decider: None,
            points: Pair::new(0, 4),
            walkover: true,
            decider_home: None,
            home_wins: false,
        },
        3 => Played {
            given: TieGiven::Matches(vec![
                m("don", 1, "2-0"),
                m("don", 2, "0-2"),
                m("single-crib", 1, "2-1"),
                m("single-crib", 2, "1-2"),
            ]),
            decider: Some("home"),
            points: Pair::new(2, 2),
            walkover: false,
            decider_home: Some(true),
            home_wins: true,
        },
        _ => Played {
            given: TieGiven::Matches(vec![
                m("don", 1, "2-1"),
                m("don", 2, "0-2"),
                m("single-crib", 1, "2-1"),
                m("single-crib", 2, "0-2"),
            ]),
            decider: None,
            points: Pair::new(2, 2),
            walkover: false,
            decider_home: None,
            home_wins: false,
        },
    }
}

/// The bracket of FORMAT.md §9 as RULES.md §11 makes it, worked out here from the rule:
/// `order` the entries in draw order, `results` each tie's result by its entries.
fn by_the_rule(order: &[String], results: &HashMap<(String, String), Played>) -> Value {
    let n = order.len();
    let p = n.next_power_of_two();
    let b = p - n;
    let rounds = p.trailing_zeros() as usize;
    let name = |r: usize| match rounds - r {
        0 => "Final".to_string(),
        1 => "Semi-finals".to_string(),
        2 => "Quarter-finals".to_string(),
        _ => format!("Round {r}"),
    };
    let mut out = Vec::new();
    // Round 1: the first n − b in turn, then a bye for each of the last b.
    let mut ties: Vec<(Option<String>, Option<String>, bool)> = order[..n - b]
        .chunks(2)
        .map(|two| (Some(two[0].clone()), Some(two[1].clone()), false))
        .collect();
    ties.extend(order[n - b..].iter().map(|e| (Some(e.clone()), None, true)));
    let mut winner = (None, None);
    for r in 1..=rounds {
        let mut json_ties = Vec::new();
        let mut winners = Vec::new();
        for (i, (home, away, bye)) in ties.iter().enumerate() {
            if *bye {
                json_ties.push(json!({ "tie": i + 1, "home": home, "away": null, "bye": true, "winner": home }));
                winners.push(home.clone());
                continue;
            }
            let played = match (home, away) {
                (Some(h), Some(a)) => results.get(&(h.clone(), a.clone())),
                _ => None,
            };
            match played {
                Some(pl) => {
                    let w = if pl.home_wins {
                        home.clone()
                    } else {
                        away.clone()
                    };
                    let decider = pl
                        .decider_home
                        .map(|h| if h { home.clone() } else { away.clone() });
                    json_ties.push(
                        json!({ "tie": i + 1, "home": home, "away": away, "date": "2025-11-06",
                        "home_points": pl.points.home, "away_points": pl.points.away,
                        "decider": decider, "walkover": pl.walkover, "winner": w }),
                    );
                    if r == rounds {
                        let other = if pl.home_wins {
                            away.clone()
                        } else {
                            home.clone()
                        };
                        winner = (w.clone(), other);
                    }
                    winners.push(w);
                }
                None => {
                    json_ties.push(
                        json!({ "tie": i + 1, "home": home, "away": away, "date": null,
                        "home_points": null, "away_points": null, "winner": null }),
                    );
                    winners.push(None);
                }
            }
        }
        out.push(json!({ "round": r, "name": name(r), "ties": json_ties }));
        ties = winners
            .chunks(2)
            .map(|two| (two[0].clone(), two.get(1).cloned().flatten(), false))
            .collect();
    }
    json!({ "cup": null, "season": "2025-26", "kind": "team", "entries": order, "rounds": out,
            "winner": winner.0, "runner_up": winner.1 })
}

#[test]
fn every_size_from_2_to_64_drawn_in_order_and_by_seed_is_played_to_its_final_as_the_rule_says() {
    let db = Db::new();
    db.league_new("Valleys", &["don=2,121,2", "single-crib=2,61,1"]);
    let first = [
        "Black", "White", "Golden", "Royal", "Kings", "Silver", "Green", "Hope",
    ];
    let second = [
        "Lion", "Swan", "Horse", "Bell", "Anchor", "Crown", "Plough", "Harp",
    ];
    let teams: Vec<String> = first
        .iter()
        .flat_map(|f| second.iter().map(move |s| format!("{f} {s}")))
        .collect();
    let refs: Vec<&str> = teams.iter().map(String::as_str).collect();
    let mut app = db.app();
    let choice = Choice::default();
    for t in &teams {
        // Added one by one, as teams that really are new (`Black Swan` beside `Black Lion`).
        app.team_add(&choice, t, None).unwrap();
    }
    db.season_new("2025-26", &refs);
    let mut k = 0;
    for n in 2..=64 {
        for seeded_draw in [false, true] {
            let name = format!("Cup {n} {}", if seeded_draw { "seeded" } else { "drawn" });
            app.cup_new(&choice, &name, don::league::cup::CupKind::Team, None)
                .unwrap();
            app.cup_enter(&choice, &name, &teams[..n]).unwrap();
            let draw = if seeded_draw {
                Draw::Seed(n as u64 * 7919)
            } else {
                // The pub's draw: every other entry, from the last.
                let mut order: Vec<String> = teams[..n].iter().rev().step_by(2).cloned().collect();
                order.extend(teams[..n].iter().rev().skip(1).step_by(2).cloned());
                Draw::Order(order)
            };
            let drawn = app.cup_draw(&choice, &name, draw.clone()).unwrap();
            let order: Vec<String> = match &draw {
                Draw::Order(o) => o.clone(),
                Draw::Seed(s) => seeded(n, *s)
                    .into_iter()
                    .map(|i| teams[i].clone())
                    .collect(),
            };
            assert_eq!(drawn.entries, order, "{name}");
            let mut results = HashMap::new();
            loop {
                let view = app.cup(&choice, &name).unwrap();
                let next: Vec<(String, String)> = view
                    .next_ties()
                    .into_iter()
                    .map(|(_, t)| (t.home.clone().unwrap(), t.away.clone().unwrap()))
                    .collect();
                if next.is_empty() {
                    break;
                }
                for (home, away) in next {
                    let played = play(k);
                    k += 1;
                    let entry = TieEntry {
                        cup: &name,
                        home: &home,
                        away: &away,
                        date: Some("2025-11-06".parse().unwrap()),
                        decider: played.decider,
                        ..TieEntry::default()
                    };
                    app.cup_result(&choice, entry, played.given.clone())
                        .unwrap_or_else(|e| panic!("{name}: {home} v {away}: {e}"));
                    results.insert((home, away), played);
                }
            }
            let mut expected = by_the_rule(&order, &results);
            expected["cup"] = json!(name);
            let view = app.cup(&choice, &name).unwrap();
            let got: Value = serde_json::from_str(&don::cli::cup::cup_json(&view)).unwrap();
            assert_eq!(got, expected, "{name}");
            assert_eq!(
                results.len(),
                n - 1,
                "{name}: every tie but the byes played"
            );
        }
    }
    // The command line shows the same, for one of them.
    let cli: Value =
        serde_json::from_str(&db.ok(&["cup", "show", "Cup 64 seeded", "--json"])).unwrap();
    let view = app.cup(&choice, "Cup 64 seeded").unwrap();
    assert_eq!(
        cli,
        serde_json::from_str::<Value>(&don::cli::cup::cup_json(&view)).unwrap()
    );
}

/// The League Cup of five played to its final, a night of the league entered beside it (so
/// that the season has a history), published to a folder.
fn cup_played() -> Db {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    db.season_new(
        "2025-26",
        &[
            "Royal Oak",
            "Red Lion",
            "Six Bells",
            "Crumlin Arms",
            "Navigation Inn",
        ],
    );
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "5-4",
        "--date",
        "2025-10-02",
    ]);
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&[
        "cup",
        "enter",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "Six Bells",
        "Crumlin Arms",
        "Navigation Inn",
    ]);
    db.ok(&["cup", "new", "Plate"]);
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Six Bells, Royal Oak, Red Lion, Navigation Inn, Crumlin Arms",
    ]);
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Six Bells",
        "Royal Oak",
        "--date",
        "2025-11-06",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-80 90-121 121-100",
        "--match",
        "don 2; ; ; 0-2",
        "--match",
        "don 3; ; ; 0-2",
        "--match",
        "double-crib 1; ; ; 2-0",
        "--match",
        "double-crib 2; ; ; 2-0",
        "--match",
        "double-crib 3; ; ; 0-2",
        "--match",
        "single-crib 1; ; ; 0-2",
        "--match",
        "single-crib 2; ; ; 2-1",
        "--match",
        "single-crib 3; ; ; 1-2",
    ]);
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "--walkover",
        "Royal Oak",
        "--date",
        "2026-01-15",
    ]);
    db
}

#[test]
fn the_site_has_a_cup_page_round_by_round_each_tie_linked_and_the_cups_listed() {
    let db = cup_played();
    let out = db.dir().join("site");
    db.ok(&["publish", "--out", out.to_str().unwrap()]);
    let read =
        |p: &str| std::fs::read_to_string(out.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let cup = read("season/2025-26/cup/league-cup.html");
    let seen = seen_text(&cup);
    for round in ["Quarter-finals", "Semi-finals", "Final"] {
        assert!(seen.contains(round), "{seen}");
    }
    // Round by round, in order, each tie a line.
    let (qf, sf, f) = (
        seen.find("Quarter-finals").unwrap(),
        seen.find("Semi-finals").unwrap(),
        seen.rfind("Final").unwrap(),
    );
    assert!(qf < sf && sf < f);
    assert!(
        seen.contains("1. Six Bells v Royal Oak: 4–5 (2025-11-06) provisional"),
        "{seen}"
    );
    assert!(seen.contains("2. Red Lion: a bye"), "{seen}");
    assert!(
        seen.contains("2. Navigation Inn v Crumlin Arms Final"),
        "{seen}"
    );
    assert!(seen.contains("1. Royal Oak v to be decided"), "{seen}");
    assert!(
        cup.contains("href=\"../../../season/2025-26/cup/league-cup/1-1.html\""),
        "each tie played links to its page"
    );
    assert!(cup.contains("href=\"../../../team/royal-oak.html\""));
    let tie = seen_text(&read("season/2025-26/cup/league-cup/1-1.html"));
    assert!(
        tie.contains("Six Bells v Royal Oak: 4–5 (2025-11-06) (League Cup, Quarter-finals)"),
        "{tie}"
    );
    assert!(tie.contains("Royal Oak went through."), "{tie}");
    assert!(
        tie.contains("Don 1")
            && tie.contains("Gareth & Rhys")
            && tie.contains("121–80 90–121 121–100"),
        "{tie}"
    );
    let walkover = seen_text(&read("season/2025-26/cup/league-cup/2-1.html"));
    assert!(
        walkover.contains("Royal Oak v Red Lion: a walkover to Royal Oak (2026-01-15)"),
        "{walkover}"
    );
    // The season's page and the front page list the cups, with their next ties.
    for page in ["season/2025-26/index.html", "index.html"] {
        let seen = seen_text(&read(page));
        assert!(
            seen.contains("League Cup: next, Navigation Inn v Crumlin Arms (Semi-finals)"),
            "{page}: {seen}"
        );
        assert!(seen.contains("Plate: not drawn yet"), "{page}: {seen}");
    }
    // No honours yet: the final is to play.
    assert!(!read("honours.html").contains("id=\"cups\""));
}

#[test]
fn a_cup_s_winner_and_runner_up_are_honours_of_its_season() {
    let db = cup_played();
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Navigation Inn",
        "Crumlin Arms",
        "--totals",
        "3-6",
    ]);
    let before: Value = serde_json::from_str(&db.ok(&["history", "--json"])).unwrap();
    assert_eq!(before["seasons"][0]["cups"], json!([]));
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Crumlin Arms",
        "--totals",
        "4-5",
    ]);
    let told: Value = serde_json::from_str(&db.ok(&["history", "--json"])).unwrap();
    assert_eq!(
        told["seasons"][0]["cups"],
        json!([{ "name": "League Cup", "winner": "Crumlin Arms", "runner_up": "Royal Oak" }])
    );
    // The league's champions are the table's, whatever the cup.
    assert_eq!(told["seasons"][0]["champions"], "Royal Oak");
    let text = db.ok(&["history"]);
    assert!(text.contains("Cups\n"), "{text}");
    assert!(
        text.contains("2025-26 ┆ League Cup ┆ Crumlin Arms ┆ Royal Oak"),
        "{text}"
    );
    let out = db.dir().join("site");
    db.ok(&["publish", "--out", out.to_str().unwrap()]);
    let honours = std::fs::read_to_string(out.join("honours.html")).unwrap();
    let seen = seen_text(&honours);
    assert!(
        seen.contains("2025-26 League Cup Crumlin Arms Royal Oak"),
        "{seen}"
    );
    assert!(honours.contains("href=\"season/2025-26/cup/league-cup.html\""));
    let cup = seen_text(
        &std::fs::read_to_string(out.join("season/2025-26/cup/league-cup.html")).unwrap(),
    );
    assert!(
        cup.contains("Won by Crumlin Arms; runner-up Royal Oak."),
        "{cup}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn don_serve_serves_the_cup_s_pages_live() {
    let db = cup_played();
    let (_, app) = crate::web::server(&db);
    let page = crate::web::get(&app, "/season/2025-26/cup/league-cup.html", &[]).await;
    assert_eq!(page.status, axum::http::StatusCode::OK);
    assert!(page.text().contains("Quarter-finals"));
    db.ok(&[
        "cup",
        "result",
        "League Cup",
        "Navigation Inn",
        "Crumlin Arms",
        "--totals",
        "3-6",
    ]);
    let page = crate::web::get(&app, "/season/2025-26/cup/league-cup.html", &[]).await;
    assert!(seen_text(&page.text()).contains("Navigation Inn v Crumlin Arms: 3–6"));
    let tie = crate::web::get(&app, "/season/2025-26/cup/league-cup/2-2.html", &[]).await;
    assert_eq!(tie.status, axum::http::StatusCode::OK);
}

/// A page's text as a reader sees it: its tags left out, its escapes undone, its runs of white
/// space one space each.
fn seen_text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = crate::web::browser::unescape(&out);
    let squeezed = out.split_whitespace().collect::<Vec<_>>().join(" ");
    // A tag between a word and its punctuation (`Red Lion</a>: a bye`) is no space.
    squeezed
        .replace(" :", ":")
        .replace(" .", ".")
        .replace(" ,", ",")
        .replace(" )", ")")
        .replace("( ", "(")
}

#[test]
fn only_the_secretary_makes_a_cup_its_entries_and_its_draw() {
    let db = league_cup();
    let oak: i64 = db
        .sql("SELECT id FROM teams WHERE name = 'Royal Oak'")
        .trim()
        .parse()
        .unwrap();
    let mut store = don_store::store::Store::open(&db.path).unwrap();
    store.act_as(don::app::Actor {
        name: "captain".into(),
        team: Some(oak),
        game: None,
        league: None,
    });
    let mut app = don::app::App::from_store(store);
    let before = db.dump();
    let choice = Choice::default();
    let refusals = [
        app.cup_new(&choice, "Plate", don::league::cup::CupKind::Team, None)
            .err(),
        app.cup_enter(&choice, "League Cup", &["Crown".to_string()])
            .err(),
        app.cup_draw(&choice, "League Cup", Draw::Seed(1)).err(),
    ];
    for e in refusals {
        let e = e.expect("refused");
        assert_eq!(e.kind(), don::app::ErrorKind::Forbidden, "{e}");
        assert_eq!(
            e.to_string(),
            "only the league's secretary makes a cup, its entries and its draw"
        );
    }
    assert_eq!(before, db.dump());
}

#[test]
fn a_withdrawn_team_s_ties_are_walkovers() {
    let db = league_cup();
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion, Six Bells",
    ]);
    db.ok(&["withdraw", "Red Lion", "--date", "2025-10-01"]);
    let v = show(&db, "League Cup");
    assert_eq!(
        v["rounds"][0]["ties"][0],
        json!({ "tie": 1, "home": "Royal Oak", "away": "Red Lion", "date": null,
                "home_points": 9, "away_points": 0, "decider": null, "walkover": true,
                "winner": "Royal Oak" })
    );
    assert_eq!(
        (
            &v["rounds"][1]["ties"][0]["home"],
            &v["rounds"][1]["ties"][0]["away"]
        ),
        (&json!("Royal Oak"), &json!("Six Bells"))
    );
    let listed = db.ok(&["cup", "list"]);
    assert!(
        listed.contains("next: Final: Royal Oak v Six Bells"),
        "{listed}"
    );
}

#[test]
fn a_team_tie_s_players_are_resolved_as_a_night_s_are() {
    let db = Db::new();
    // A night of one single crib match, so one match is a whole tie.
    db.league_new("Valleys", &["single-crib=1,61,1"]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion", "Six Bells"]);
    db.roster_add("Royal Oak", &["Dai Jones", "Ivor James"]);
    db.ok(&[
        "roster",
        "add",
        "Red Lion",
        "Dai Jones",
        "--new-player",
        "Dai Jones",
    ]);
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&[
        "cup",
        "enter",
        "League Cup",
        "Royal Oak",
        "Six Bells",
        "Red Lion",
    ]);
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Six Bells, Red Lion",
    ]);
    let before = db.dump();
    let tie = |m: &'static str| {
        vec![
            "cup",
            "result",
            "League Cup",
            "Royal Oak",
            "Six Bells",
            "--match",
            m,
        ]
    };
    // A name on neither roster that two players bear: refused, naming both.
    refused(
        &db,
        &tie("single-crib 1; Ivor James; Dai Jones; 2-0"),
        2,
        "'Dai Jones' could mean Dai Jones (Royal Oak) or Dai Jones (Red Lion)",
    );
    // A slip of a known player's name: refused, with the flag that says it is someone new.
    refused(
        &db,
        &tie("single-crib 1; Ivor Jams; Huw Price; 2-0"),
        2,
        "--match 1: Ivor Jams is not on the roster of Royal Oak; did you mean 'Ivor James'? (if Ivor Jams is someone new, say so with --new-player 'Ivor Jams')",
    );
    assert_eq!(before, db.dump());
    // The team's roster first: Royal Oak's Dai Jones; a name new to Six Bells put on its
    // roster, as a night puts it.
    let kept = db.ok(&tie("single-crib 1; dai jones; Huw Price; 2-0"));
    assert!(
        kept.contains("warning: Huw Price was not on the roster of Six Bells; added"),
        "{kept}"
    );
    let dump = db.dump();
    assert!(dump.contains(r#"'["Dai Jones (Royal Oak)"]'"#), "{dump}");
    assert!(db
        .ok(&["roster", "show", "Six Bells"])
        .contains("Huw Price"));
    // A correction resolves them likewise; --new-player makes someone new of a slip's name.
    let mut args = vec![
        "cup",
        "correct",
        "League Cup",
        "Royal Oak",
        "Six Bells",
        "--match",
        "single-crib 1; Ivor Jams; Huw Price; 2-1",
    ];
    refused(&db, &args, 2, "did you mean 'Ivor James'?");
    args.extend(["--new-player", "Ivor Jams"]);
    let out = db.ok(&args);
    assert!(
        out.contains("warning: Ivor Jams was not on the roster of Royal Oak; added"),
        "{out}"
    );
}

/// docs/league.md's Cups example, run as written on the league it names: every `$` line
/// through `sh` (with `don` on the PATH) prints exactly the lines under it. Before, its Pairs
/// Cup was entered with players no command had made, and its result was the draw's tie the
/// other way round: both refused.
#[test]
fn the_league_guide_s_cups_example_runs_as_written() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/league.md"),
    )
    .unwrap();
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Cups"))
        .expect("a section on cups");
    let start = section.find("```console\n").expect("a console block") + 11;
    let body = &section[start..];
    let body = &body[..body.find("```").expect("the block's end")];
    let mut steps: Vec<(String, String)> = Vec::new();
    for line in body.lines() {
        match line.strip_prefix("$ ") {
            Some(cmd) => steps.push((cmd.to_string(), String::new())),
            None => {
                let (_, want) = steps.last_mut().expect("a command before its output");
                want.push_str(line);
                want.push('\n');
            }
        }
    }
    assert!(steps.len() >= 12, "{steps:?}");
    let db = Db::new();
    db.league_new("Valleys", &[]);
    db.season_new(
        "2025-26",
        &[
            "Royal Oak",
            "Red Lion",
            "Six Bells",
            "Crumlin Arms",
            "Navigation Inn",
        ],
    );
    let bin = std::path::PathBuf::from(env!("CARGO_BIN_EXE_don"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (cmd, want) in steps {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(&cmd)
            .current_dir(db.dir())
            .env("PATH", &path)
            .env("DON_DB", &db.path)
            .env_remove("COLUMNS")
            .env_remove("DON_LEAGUE")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "docs/league.md: `{cmd}` is refused: {}",
            common::text(&out.stderr)
        );
        assert_eq!(
            common::text(&out.stdout),
            want,
            "docs/league.md: `{cmd}` prints otherwise"
        );
        assert_eq!(common::text(&out.stderr), "", "docs/league.md: `{cmd}`");
    }
}

/// The README's example of `cup result`, run as written on the README's league (Abercarn's,
/// nine matches a night) with a League Cup of Royal Oak and Red Lion drawn in that order.
/// Before, it gave totals 4-4, which a nine-match night cannot have: refused.
#[test]
fn the_readme_s_cup_result_example_works_on_the_readme_s_league() {
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .unwrap();
    let at = readme
        .find("Example: `don cup result ")
        .expect("the README's cup row gives an example of cup result");
    let example = &readme[at + "Example: `don ".len()..];
    let example = &example[..example.find('`').unwrap()];
    let db = Db::new();
    db.import_sample_season();
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&["cup", "enter", "League Cup", "Royal Oak", "Red Lion"]);
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion",
    ]);
    let bin = std::path::PathBuf::from(env!("CARGO_BIN_EXE_don"));
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("\"$DON\" {example}"))
        .env("DON", &bin)
        .env("DON_DB", &db.path)
        .env_remove("DON_LEAGUE")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "README: `don {example}` is refused: {}",
        common::text(&out.stderr)
    );
    assert!(
        common::text(&out.stdout).contains("Royal Oak v Red Lion 5–4. Royal Oak won the cup."),
        "{}",
        common::text(&out.stdout)
    );
}

/// A name that is no entry, before the draw, is refused pointing at `cup show` for the entries
/// (there is no draw to show yet); once drawn, for its draw. Before, both said "shows its draw".
#[test]
fn no_entry_before_the_draw_points_at_the_entries_not_a_draw() {
    let db = league_cup();
    let out = refused(
        &db,
        &[
            "cup",
            "draw",
            "League Cup",
            "--order",
            "Royal Oak, Red Lion, Crown",
        ],
        2,
        "'Crown' is no entry of League Cup (there are: Royal Oak, Red Lion, Six Bells) (`don cup show 'League Cup'` lists its entries; it is not drawn yet)",
    );
    assert!(!common::text(&out.stderr).contains("shows its draw"));
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion, Six Bells",
    ]);
    let out = db.run(&[
        "cup",
        "result",
        "League Cup",
        "Royal Oak",
        "Crown",
        "--totals",
        "5-4",
    ]);
    assert!(
        common::text(&out.stderr).contains("(`don cup show 'League Cup'` shows its draw)"),
        "{}",
        common::text(&out.stderr)
    );
}

/// A team tie level on matches and decided on legs says in `cup show`'s text who went
/// through, as its JSON's winner does. Worked by hand: Anchor win don 1 2–0 and single crib 1
/// 2–0, Bell don 2 2–1 and single crib 2 2–1: two matches each, legs 6–4 to Anchor. Before,
/// the line was only "1. Anchor v Bell: 2–2, 2025-10-02 (provisional)".
#[test]
fn a_tie_level_on_matches_says_who_went_through_on_legs() {
    let db = Db::new();
    db.league_new("Eastern", &["don=2,121,2", "single-crib=2,61,1"]);
    db.season_new("2025-26", &["Anchor", "Bell", "Crown", "Dragon", "Eagle"]);
    db.roster_add("Anchor", &["Alun", "Aled", "Arwel", "Anwen", "Aneurin"]);
    db.roster_add("Bell", &["Bryn", "Bethan", "Berwyn", "Bronwen", "Bleddyn"]);
    db.ok(&["cup", "new", "EC"]);
    db.ok(&[
        "cup", "enter", "EC", "Anchor", "Bell", "Crown", "Dragon", "Eagle",
    ]);
    db.ok(&[
        "cup",
        "draw",
        "EC",
        "--order",
        "Anchor, Bell, Crown, Dragon, Eagle",
    ]);
    db.ok(&[
        "cup",
        "result",
        "EC",
        "Anchor",
        "Bell",
        "--match",
        "don 1; Alun+Aled; Bryn+Bethan; 2-0",
        "--match",
        "don 2; Arwel+Anwen; Berwyn+Bronwen; 1-2",
        "--match",
        "single-crib 1; Aneurin; Bleddyn; 2-0",
        "--match",
        "single-crib 2; Alun; Bryn; 1-2",
        "--date",
        "2025-10-02",
    ]);
    let text = db.ok(&["cup", "show", "EC"]);
    assert!(
        text.contains(
            "  1. Anchor v Bell: 2–2, Anchor go through on legs, 2025-10-02 (provisional)\n"
        ),
        "{text}"
    );
    let json = show(&db, "EC");
    assert_eq!(json["rounds"][0]["ties"][0]["winner"], "Anchor");
    assert_eq!(json["rounds"][0]["ties"][0]["decider"], Value::Null);
}
