//! Game to Lose (RULES.md §4) and Blind Don (§3), hands worked out by hand.
//!
//! Game to Lose hand G (pitched by N, spades trumps, three players N E S):
//!  1 N AS KS QS: N, pegs 9 (A 4 K 3 Q 2 of trumps), value 9
//!  2 N JS TS 9S: N, pegs 10 (J 1, 9♠ 9), value 11
//!  3 N TH 5H 4H: N, pegs 5, value 10            → N pegs 24, value 30
//!  4 N 5S 8S 4S: E (8♠), pegs 10 (5♠)
//!  5 E AH KH QH: E, value 9 · 6 E TD 5D 4D: E, pegs 5, value 10 · 7 E AD KD QD: value 9 ·
//!  8 E JH 9H 8H: value 1 · 9 E JD 9D 8D: value 1   → E pegs 15, value 30
//! 10 E 2C AC 3C: S (A♣), value 4 · 11 S KC QC JC: 6 · 12 S TC 5C 4C: pegs 5, value 10 ·
//! 13 S 6C 7H 6D: S                                → S pegs 5, value 20
//! N and E tie for the most card value: 4 each. Hand: N 28, E 19, S 5.
//!
//! Blind Don hand B (rows, pitched by N, spades trumps): N's face-up cards A K Q J♠, A K Q J♥,
//! A♦ over Q♦ T♦ 8♦ 6♦ 4♦ A♣ Q♣ T♣ 8♣; S's T 9 8 7♠, T 9 8 7♥, K♦ over J♦ 9♦ 7♦ 5♦ 3♦ K♣ J♣
//! 9♣ 7♣. N wins every trick. In play: A♠ 4 + K♠ 3 + 9♠ 9 + Q♠ 2 + J♠ 1 + 5♦ 5 = 24. Then high
//! (A♠ by N) 1, low (7♠, won by N) 1, jack 1, game (all 80 of card value) 5: N 32, S 0.

use crate::common;

use common::*;
use don::rules::{Seat, Side};
use serde_json::json;

#[test]
fn game_to_lose_splits_a_tie_for_most_four_each() {
    let c = run(
        json!({"variant": "game-to-lose"}),
        json!([{"pitcher": "N", "tricks": G}]),
    );
    assert_clean(&c);
    assert_eq!(c.sides, &[Side::N, Side::E, Side::S]);
    assert_eq!(hand(&c, 1), vec![28, 19, 5]);
    assert_eq!(c.winner(), None);
}

#[test]
fn game_to_lose_the_first_to_the_target_loses() {
    // Target 24: N reaches it in play at trick 3 and loses at once.
    let c = run(
        json!({"variant": "game-to-lose", "target": 24}),
        json!([{"pitcher": "N", "tricks": G}]),
    );
    assert_clean(&c);
    assert_eq!(losers(&c), vec![Seat::N]);
    assert_eq!(c.winner(), None);
    assert!(!c.draw());
    let d = c.hands[0].decided.as_ref().unwrap();
    assert_eq!(d.trick, Some(3));
    // Target 25: N ends play on 24, and the shared game takes N to 28: N loses by the award.
    let c = run(
        json!({"variant": "game-to-lose", "target": 25}),
        json!([{"pitcher": "N", "tricks": G}]),
    );
    assert_eq!(losers(&c), vec![Seat::N]);
    assert_eq!(
        c.hands[0].decided.as_ref().unwrap().award,
        Some(don::rules::AwardKind::Game)
    );
}

#[test]
fn game_to_lose_an_award_taking_two_past_the_target() {
    // Totals: in play N 17 (5♠ 5♥ Q♠), E 16 (9♠ A♠ K♠), S 5 (5♦); the shared game then takes N
    // to 21 and E to 20, both past 20: the higher score loses.
    let c = run(
        json!({"variant": "game-to-lose", "target": 20}),
        json!([{"points": {"N": 21, "E": 20, "S": 5}, "game": ["N", "E"]}]),
    );
    assert_clean(&c);
    assert_eq!(losers(&c), vec![Seat::N]);
    // Level: both lose.
    let c = run(
        json!({"variant": "game-to-lose", "target": 20}),
        json!([{"points": {"N": 20, "E": 20, "S": 5}, "game": ["N", "E"]}]),
    );
    assert_eq!(losers(&c), vec![Seat::N, Seat::E]);
}

#[test]
fn game_to_lose_concession_loses() {
    let mut r = record(
        json!({"variant": "game-to-lose"}),
        json!([{"pitcher": "N", "tricks": G}]),
    );
    r["conceded"] = json!({"side": "S", "after": 1});
    let c = check(r);
    assert_clean(&c);
    assert_eq!(losers(&c), vec![Seat::S]);
}

fn blind_layout() -> serde_json::Value {
    json!({
        "N": [["QD","AS"],["TD","KS"],["8D","QS"],["6D","JS"],["4D","AH"],["AC","KH"],["QC","QH"],["TC","JH"],["8C","AD"]],
        "S": [["JD","TS"],["9D","9S"],["7D","8S"],["5D","7S"],["3D","TH"],["KC","9H"],["JC","8H"],["9C","7H"],["7C","KD"]]
    })
}

#[test]
fn blind_don_scores_as_hljg_between_two() {
    let c = run(
        json!({"variant": "blind-don"}),
        json!([{"pitcher": "N", "tricks": B, "layout": blind_layout()}]),
    );
    assert_clean(&c);
    assert_eq!(c.sides, &[Side::N, Side::S]);
    assert_eq!(hand(&c, 1), vec![32, 0]);
    // Without the layout it scores the same; nothing can be proven about what was playable.
    let c = run(
        json!({"variant": "blind-don"}),
        json!([{"pitcher": "N", "tricks": B}]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![32, 0]);
}

#[test]
fn blind_don_with_a_layout_checks_each_card_was_playable() {
    let layout = blind_layout();
    let play = |tricks: &[&str], layout: Option<&serde_json::Value>| {
        let mut h = json!({"pitcher": "N", "tricks": tricks});
        if let Some(l) = layout {
            h["layout"] = l.clone();
        }
        run(json!({"variant": "blind-don"}), json!([h]))
    };
    // Trick 2: S plays the 3♦, still face down under the T♥, and fails to follow spades while
    // the 9♠ 8♠ 7♠ lie face up: both faults, at that trick, exactly.
    let c = play(&["AS TS", "KS 3D"], Some(&layout));
    assert_eq!(
        errors(&c),
        vec![
            ("wrong-trick-count", Some(1), None),
            ("not-playable", Some(1), Some(2)),
            ("renege", Some(1), Some(2))
        ]
    );
    assert_eq!(c.errors[1].seat, Some(Seat::S));
    assert_eq!(
        c.errors[2].message,
        "S did not follow spades in trick 2 but could play 9S 8S 7S"
    );
    // A card in no stack at all.
    let c = play(&["AS 2S"], Some(&layout));
    assert!(errors(&c).contains(&("not-playable", Some(1), Some(1))));
    // A card turned up: the J♦ under the T♠ is playable once the T♠ has gone (trick 1).
    let c = play(&["AS TS", "KS 9S", "QD JD"], Some(&layout));
    assert_eq!(errors(&c), vec![("wrong-trick-count", Some(1), None)]);
    // Without a layout nothing can be proven.
    let c = play(&["AS TS", "KS 3D"], None);
    assert_eq!(errors(&c), vec![("wrong-trick-count", Some(1), None)]);
}

#[test]
fn blind_don_four_deals_then_the_higher_total() {
    let h = |p: &str, n: i64, s: i64| json!({"pitcher": p, "points": {"N": n, "S": s}, "high": if n > s {"N"} else {"S"}, "low": "N", "jack": "none", "game": if n > s {"N"} else {"S"}});
    let c = run(
        json!({"variant": "blind-don"}),
        json!([
            h("N", 30, 10),
            h("S", 12, 26),
            h("N", 8, 20),
            h("S", 21, 14)
        ]),
    );
    assert_clean(&c);
    assert_eq!(final_score(&c), vec![71, 70]);
    assert_eq!(winner(&c), Some(Side::N));
    // Deal and pitch alternate: N pitching twice running is wrong.
    let c = run(
        json!({"variant": "blind-don"}),
        json!([h("N", 30, 10), h("N", 12, 26)]),
    );
    assert!(errors(&c).contains(&("wrong-pitcher", Some(2), None)));
}
