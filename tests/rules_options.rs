//! The remaining options, worked by hand, and what a ruleset or record may not say.
//!
//! Blind Don `three`, hand T (pitched by N, spades trumps, no layout recorded):
//!  1 N AS KS QS: N pegs 9, value 9 · 2 N JS TS 9S: N pegs 10, value 11 · 3 N 8S 7S 6S: N ·
//!  4 N 5S 4S 3S: N pegs 10 (3♠ the lowest trump) · 5 N TH AH KH: E, value 17 ·
//!  6 E QH JH 9H: E, value 3 · 7 E 8H 5H 7H: E pegs 5 · 8 E 6H 4H 3H: E ·
//!  9 E 2D AD TD: S, value 14 · 10 S KD QD JD: S, value 6 · 11 S 9D 5D 8D: S pegs 5 ·
//!  12 S AC KC QC: S, value 9 · 13 S JC TC 9C: S, value 11 · 14 S 7C 5C 6C: S pegs 5.
//! In play N 29, E 5, S 10 (44). Values N 20, E 20, S 40. High A♠ (N) 1, low 3♠ (won by N) 1,
//! jack J♠ (N) 1, game 5 to S, the single most: N 32, E 5, S 15.

use crate::common;

use common::*;
use don::rules::Side;
use serde_json::json;

const T: [&str; 14] = [
    "AS KS QS", "JS TS 9S", "8S 7S 6S", "5S 4S 3S", "TH AH KH", "QH JH 9H", "8H 5H 7H", "6H 4H 3H",
    "2D AD TD", "KD QD JD", "9D 5D 8D", "AC KC QC", "JC TC 9C", "7C 5C 6C",
];

#[test]
fn blind_don_three_gives_game_to_the_single_most() {
    let c = run(
        json!({"variant": "blind-don", "layout": "three"}),
        json!([{"pitcher": "N", "tricks": T}]),
    );
    assert_clean(&c);
    assert_eq!(c.sides, &[Side::N, Side::E, Side::S]);
    assert_eq!(hand(&c, 1), vec![32, 5, 15]);
    // A tie for the most card value: nobody has game. As totals: in play N 20 E 10 S 5, high,
    // low and jack to N (so N took the jack of trumps), game nobody.
    let c = run(
        json!({"variant": "blind-don", "layout": "three"}),
        json!([{"pitcher": "N", "points": {"N": 23, "E": 10, "S": 5}, "high": "N", "low": "N", "jack": "N", "game": "none"}]),
    );
    assert_clean(&c);
    // Six deals by default with three players: after two, not decided.
    assert_eq!(warnings(&c), vec![("unfinished", None, None)]);
}

#[test]
fn irish_best_of_three_keeps_the_pitch_passing() {
    let h = |p: &str, ns: i64, ew: i64| json!({"pitcher": p, "points": {"NS": ns, "EW": ew}});
    // Game 1 NS (89–71), game 2 EW (40–85 after a claim): the pitch has passed N E S W.
    let games = json!([
        h("N", 37, 43),
        h("E", 52, 28),
        h("S", 30, 50),
        h("W", 10, 35),
        h("E", 50, 30),
        h("S", 50, 30)
    ]);
    let c = run(
        json!({"variant": "irish-don", "best_of_three": true}),
        games,
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::NS));
    assert_eq!((c.wins[Side::NS], c.wins[Side::EW]), (2, 1));
    // Game 2 must go on passing: N pitching deal 3 is wrong.
    let c = run(
        json!({"variant": "irish-don", "best_of_three": true}),
        json!([h("N", 37, 43), h("E", 52, 28), h("N", 30, 50)]),
    );
    assert_eq!(errors(&c), vec![("wrong-pitcher", Some(3), None)]);
    // Without it, game 2 starts with the lowest diamond again: any pitcher, for totals.
    let c = run(
        json!({"variant": "irish-don", "games": 2}),
        json!([h("N", 37, 43), h("E", 52, 28), h("N", 30, 50)]),
    );
    assert_clean(&c);
    // Two players: at one game each the deciding game's pitcher is free again.
    let h2 = |p: &str, n: i64, s: i64| json!({"pitcher": p, "points": {"N": n, "S": s}});
    let c = run(
        json!({"variant": "irish-don", "best_of_three": true, "players": 2}),
        json!([
            h2("N", 37, 43),
            h2("S", 52, 28),
            h2("N", 30, 50),
            h2("S", 10, 35),
            h2("S", 50, 30),
            h2("N", 50, 30)
        ]),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::N));
    // best_of_three is a match of first to two games.
    let c = run(
        json!({"variant": "irish-don", "best_of_three": true, "games": 3}),
        json!([]),
    );
    assert_eq!(errors(&c), vec![("ruleset", None, None)]);
}

#[test]
fn a_demanded_redeal_only_under_the_redeal_rule_and_the_same_pitcher_again() {
    let h = json!([
        {"pitcher": "N", "abandoned": {"reason": "redeal-demanded", "seat": "N"}},
        {"pitcher": "N", "points": {"NS": 37, "EW": 43}},
        {"pitcher": "E", "points": {"NS": 50, "EW": 30}}
    ]);
    let c = run(
        json!({"variant": "irish-don", "redeal_rule": "cork"}),
        h.clone(),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::NS));
    assert_eq!(hand(&c, 1), vec![0, 0]);
    let c = run(json!({"variant": "irish-don"}), h);
    assert_eq!(errors(&c), vec![("schema", Some(1), None)]);
}

#[test]
fn options_belong_to_their_variant_and_are_typed() {
    let bad = |ruleset: serde_json::Value, says: &str| {
        let c = run(ruleset.clone(), json!([]));
        assert_eq!(errors(&c), vec![("ruleset", None, None)], "{ruleset}");
        assert!(
            c.errors[0].message.contains(says),
            "{ruleset}: {}",
            c.errors[0].message
        );
    };
    bad(
        json!({"variant": "nine-card-don", "muck_tie": "carry"}),
        "it belongs to phat",
    );
    bad(
        json!({"variant": "nine-card-don", "target": "121"}),
        "must be a whole number",
    );
    bad(
        json!({"variant": "nine-card-don", "cut": "middle"}),
        "\"high\" or \"low\"",
    );
    bad(
        json!({"variant": "nine-card-don", "targit": 121}),
        "`targit`",
    );
    bad(
        json!({"variant": "blind-don", "end_scoring": "game"}),
        "hljg",
    );
    bad(
        json!({"variant": "irish-don", "redeal_rule": "yes"}),
        "mountjoy",
    );
    bad(json!({"variant": "irish-don", "pack": 40}), "52, 48 or 44");
    bad(
        json!({"variant": "irish-don", "players": 2, "pass_pitch": true}),
        "four players",
    );
    bad(json!({"variant": "crib"}), "unknown variant");
    bad(json!({"target": 121}), "no `variant`");
    for ok in [
        json!({"variant": "nine-card-don", "cut": "low", "end_scoring": "preston", "target": 91, "legs": 3, "penalties": "league", "deals": null}),
        json!({"variant": "blind-don", "end_scoring": "hljg", "layout": "stalybridge", "deals": 2}),
        json!({"variant": "irish-don", "redeal_rule": true, "misere": false, "games": 5, "pack": 44}),
        json!({"variant": "irish-don", "redeal_rule": false}),
        json!({"variant": "phat", "muck_tie": "split", "target": 121}),
        json!({"variant": "game-to-lose", "target": 180}),
    ] {
        let c = run(ok.clone(), json!([]));
        assert!(c.errors.is_empty(), "{ok}: {:?}", c.errors);
    }
}

#[test]
fn records_say_only_what_the_format_allows() {
    let ncd = |hands: serde_json::Value| {
        run(
            json!({"variant": "nine-card-don", "end_scoring": "preston"}),
            hands,
        )
    };
    // An award the ruleset lacks.
    let c = ncd(json!([{"points": {"NS": 10, "EW": 10}, "low": "NS"}]));
    assert_eq!(errors(&c), vec![("schema", Some(1), None)]);
    // Award fields on a trick hand.
    let c = ncd(json!([{"pitcher": "N", "tricks": HAND_A, "game": "EW"}]));
    assert!(errors(&c).contains(&("schema", Some(1), None)));
    // A side missing from the points, a seat of another game, two kinds in one hand.
    let c = ncd(json!([{"points": {"NS": 10}}]));
    assert_eq!(errors(&c), vec![("schema", Some(1), None)]);
    let c = run(
        json!({"variant": "blind-don"}),
        json!([{"points": {"N": 1, "S": 2, "W": 3}}]),
    );
    assert!(errors(&c).contains(&("schema", Some(1), None)));
    let c = ncd(json!([{"points": {"NS": 10, "EW": 10}, "abandoned": {"reason": "misdeal"}}]));
    assert_eq!(errors(&c), vec![("schema", Some(1), None)]);
    // No pitcher can be told for a trick hand.
    let c = ncd(json!([{"tricks": HAND_A}]));
    assert_eq!(errors(&c), vec![("schema", Some(1), None)]);
    // …but a seat-named first trick tells it.
    let c = ncd(json!([{"tricks": ["N:5H E:2H S:3H W:4H"]}]));
    assert_eq!(errors(&c), vec![("wrong-trick-count", Some(1), None)]);
    // Seat-named tricks must follow the play: E won trick 2 of hand A, so E leads trick 3.
    let c = ncd(
        json!([{"pitcher": "N", "tricks": ["5H 2H 3H 4H", "9H AH 6H 7H", "S:KH W:QH N:JH E:TH"]}]),
    );
    assert!(errors(&c).contains(&("schema", Some(1), Some(3))));
    // The record's own fields.
    let mut r = record(json!({"variant": "nine-card-don"}), json!([]));
    r["format"] = json!("don/2");
    r["date"] = json!(20240314);
    r["conceded"] = json!({"side": "NS", "after": 3});
    let c = check(r);
    assert_eq!(c.errors.len(), 3, "{:?}", c.errors);
    assert!(c.errors.iter().all(|e| e.code.as_str() == "schema"));
}

#[test]
fn jacks_out_pays_the_pool_to_the_winners() {
    let mut r = record(
        json!({"variant": "nine-card-don", "target": 15}),
        json!([{"pitcher": "N", "tricks": &HAND_A[..3]}]),
    );
    r["seats"] = json!({"N": "Gareth", "E": "Dai", "S": "Rhys", "W": "Huw"});
    r["jacks_out"] = json!({"pool": 20.0, "entrants": ["Gareth", "Dai", "Rhys", "Huw", "Bryn"]});
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("jacks.json");
    std::fs::write(&file, r.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_don"))
        .arg("check")
        .arg(&file)
        // The score sheet's table fits `COLUMNS` when it is set: not the shell's here.
        .env_remove("COLUMNS")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Jacks out: the pool of 20.00 goes to EW (Dai & Huw), 10.00 each."),
        "{text}"
    );
    let mut bad = r.clone();
    bad["jacks_out"] = json!({"pool": -1, "entrants": "everyone"});
    assert_eq!(check(bad).errors.len(), 2);
}
