//! Nine Card Don (RULES.md §2), hands worked out by hand.
//!
//! Hand A, pitched by N, hearts trumps (each trick: cards from the leader, winner, what it pegs):
//!  1. N 5H E 2H S 3H W 4H: N wins, 5♥ (trump five) 10 → NS 10
//!  2. N 9H E AH S 6H W 7H: E wins, 9♥ 9 + A♥ 4 → EW 13
//!  3. E KH S QH W JH N TH: E wins, K♥ 3 + Q♥ 2 + J♥ 1 → EW 6
//!  4. E 5S S 2S W 3S N 4S: E wins, 5♠ → EW 5
//!  5. E AS S KS W QS N JS: E wins, nothing pegged
//!  6. E 2D S 5D W 3D N 4D: S wins, 5♦ → NS 5
//!  7. S AD W KD N QD E JD: S wins, nothing
//!  8. S 5C W 2C N 3C E 4C: S wins, 5♣ → NS 5
//!  9. S AC W KC N QC E JC: S wins, nothing
//!
//! In play NS 20, EW 24 (44 in all). Card values: NS 10 (tricks 7) + 10 (trick 9) = 20; EW 4
//! (trick 2) + 16 (trick 3, with the 10♥) + 10 (trick 5) = 30. Highest trump A♥, played by E;
//! lowest trump 2♥, in trick 1 won by N; jack of trumps won by E.
//!
//! Pitched by E instead, every winner moves one seat round and the sides swap: in play NS 24,
//! EW 20; values NS 30, EW 20; high NS (S plays A♥), low EW (E wins trick 1), jack NS.

use crate::common;

use common::*;
use don::rules::{Seat, Side};
use serde_json::json;

fn hands(list: &[(&str, &[&str])]) -> serde_json::Value {
    json!(list
        .iter()
        .map(|(p, t)| json!({"pitcher": p, "tricks": t}))
        .collect::<Vec<_>>())
}

#[test]
fn game_eight_to_the_higher_card_value() {
    let c = run(
        json!({"variant": "nine-card-don"}),
        hands(&[("N", &HAND_A)]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![20, 32]);
    assert_eq!(warnings(&c), vec![("unfinished", None, None)]);
}

#[test]
fn game_tie_scores_nobody() {
    // Hand C: values 20–20, so nobody pegs game: the in-play points only.
    let c = run(
        json!({"variant": "nine-card-don"}),
        hands(&[("N", &HAND_C)]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![20, 24]);
}

#[test]
fn preston_pegs_high_jack_and_six_for_game_with_the_extra_jack_point() {
    // EW: 24 in play (the J♥'s 1 among them) + high 1 + jack 1 more + game 6 = 32.
    let c = run(
        json!({"variant": "nine-card-don", "end_scoring": "preston"}),
        hands(&[("N", &HAND_A)]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![20, 32]);
}

#[test]
fn hljg_pegs_high_low_jack_and_five_for_game() {
    // NS 20 + low 1 = 21; EW 24 + high 1 + jack 1 + game 5 = 31.
    let c = run(
        json!({"variant": "nine-card-don", "end_scoring": "hljg"}),
        hands(&[("N", &HAND_A)]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![21, 31]);
}

#[test]
fn hljg_order_decides_who_pegs_out() {
    // Target 52. After hand 1 (A by N): NS 21, EW 31. Hand 2 (A by E): in play NS 45, EW 51,
    // neither out. Then high: NS 46; low: EW 52, out. NS would have reached 52 with jack and
    // game (46 + 1 + 5), but low comes first.
    let c = run(
        json!({"variant": "nine-card-don", "end_scoring": "hljg", "target": 52}),
        hands(&[("N", &HAND_A), ("E", &HAND_A)]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 2), vec![25, 21]);
    assert_eq!(final_score(&c), vec![46, 52]);
    assert_eq!(winner(&c), Some(Side::EW));
    let d = c.hands[1].decided.as_ref().unwrap();
    assert_eq!(
        (d.hand, d.trick, d.award),
        (2, None, Some(don::rules::AwardKind::Low))
    );
}

#[test]
fn play_stops_the_instant_a_side_reaches_the_target() {
    // Target 15: NS 10 after trick 1, EW 13 after trick 2, EW 19 after trick 3: EW out.
    let c = run(
        json!({"variant": "nine-card-don", "target": 15}),
        hands(&[("N", &HAND_A)]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![10, 19]);
    assert_eq!(winner(&c), Some(Side::EW));
    let d = c.hands[0].decided.as_ref().unwrap();
    assert_eq!((d.hand, d.trick), (1, Some(3)));
    assert_eq!(warnings(&c), vec![("after-end", Some(1), Some(4))]);
    // Cut off at the decision, the record is just as good and has no warning.
    let c = run(
        json!({"variant": "nine-card-don", "target": 15}),
        hands(&[("N", &HAND_A[..3])]),
    );
    assert_clean(&c);
    assert!(c.warnings.is_empty());
    assert_eq!(winner(&c), Some(Side::EW));
}

#[test]
fn a_hand_cut_short_without_a_decision_is_the_wrong_trick_count() {
    let c = run(
        json!({"variant": "nine-card-don"}),
        hands(&[("N", &HAND_A[..8])]),
    );
    assert_eq!(errors(&c), vec![("wrong-trick-count", Some(1), None)]);
    let mut ten = HAND_A.to_vec();
    ten.push("6C 7C 8C 9C");
    let c = run(json!({"variant": "nine-card-don"}), hands(&[("N", &ten)]));
    assert_eq!(errors(&c), vec![("wrong-trick-count", Some(1), Some(10))]);
    assert_eq!(hand(&c, 1), vec![20, 32], "the nine tricks still score");
}

#[test]
fn four_pitches_is_four_deals_and_can_be_a_draw() {
    // hljg: A by N gives NS 21, EW 31; A by E gives NS 31, EW 21; by S as by N, by W as by E.
    // After four deals 104–104: a draw, with no target even though 121 was passed by nobody.
    let c = run(
        json!({"variant": "nine-card-don", "deals": 4, "end_scoring": "hljg"}),
        hands(&[
            ("N", &HAND_A),
            ("E", &HAND_A),
            ("S", &HAND_A),
            ("W", &HAND_A),
        ]),
    );
    assert_clean(&c);
    assert_eq!(final_score(&c), vec![104, 104]);
    assert!(is_draw(&c));
    assert_eq!(winner(&c), None);
    // With a target of 60 given too, deals still rule: no one wins at 60.
    let c = run(
        json!({"variant": "nine-card-don", "deals": 4, "end_scoring": "hljg", "target": 60}),
        hands(&[
            ("N", &HAND_A),
            ("E", &HAND_A),
            ("S", &HAND_A),
            ("W", &HAND_C),
        ]),
    );
    assert_clean(&c);
    // Hand C by W: like A by E but the values tie 20–20 (no game): NS 24 + high 1 + jack 1 = 26,
    // EW 20 + low 1 = 21. Totals NS 21+31+21+26 = 99, EW 31+21+31+21 = 104.
    assert_eq!(final_score(&c), vec![99, 104]);
    assert_eq!(winner(&c), Some(Side::EW));
}

#[test]
fn legs_best_of_three_each_from_nothing() {
    // Target 15, three legs recorded cut off at the decision: EW (A by N), NS (A by E: NS 13
    // then 19 at trick 3), EW again. A new leg's pitcher is free.
    let c = run(
        json!({"variant": "nine-card-don", "target": 15, "legs": 3}),
        hands(&[
            ("N", &HAND_A[..3]),
            ("E", &HAND_A[..3]),
            ("N", &HAND_A[..3]),
        ]),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::EW));
    assert_eq!(c.wins[Side::EW], 2);
    assert_eq!(c.wins[Side::NS], 1);
    assert_eq!(
        final_score(&c),
        vec![10, 19],
        "final is the last leg's score"
    );
    assert_eq!(c.hands[1].leg, 2);
}

#[test]
fn league_penalties_deduct_19_and_52_friendly_nothing() {
    // Hand 1 abandoned for W's renege: league costs EW 52; the same pitcher pitches again.
    // Hand 2 (A by N) with NS boarding a card out of turn: NS 20 - 19 = 1, EW 32.
    let h = json!([
        {"pitcher": "N", "abandoned": {"reason": "renege", "seat": "W"}},
        {"pitcher": "N", "tricks": HAND_A, "penalties": [{"side": "NS", "kind": "out-of-turn"}]}
    ]);
    let c = run(
        json!({"variant": "nine-card-don", "penalties": "league"}),
        h.clone(),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![0, -52]);
    assert_eq!(hand(&c, 2), vec![1, 32]);
    assert_eq!(final_score(&c), vec![1, -20]);
    let c = run(json!({"variant": "nine-card-don"}), h);
    assert_clean(&c);
    assert_eq!(final_score(&c), vec![20, 32]);
    // Explicit points apply under either setting; a listed renege is not charged twice.
    let c = run(
        json!({"variant": "nine-card-don", "penalties": "league"}),
        json!([{"pitcher": "N", "abandoned": {"reason": "renege", "seat": "E"}, "penalties": [{"side": "EW", "kind": "renege"}, {"side": "NS", "points": -5}]}]),
    );
    assert_eq!(final_score(&c), vec![-5, -52]);
}

#[test]
fn penalties_never_change_who_reached_the_target_first() {
    // Target 30 under hljg: hand A by N ends NS 21, EW 31 — EW out with game. A league
    // penalty on EW in the same hand applies after: EW finish on 12, still the winners.
    let c = run(
        json!({"variant": "nine-card-don", "end_scoring": "hljg", "target": 30, "penalties": "league"}),
        json!([{"pitcher": "N", "tricks": HAND_A, "penalties": [{"side": "EW", "kind": "out-of-turn"}]}]),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::EW));
    assert_eq!(final_score(&c), vec![21, 12]);
}

#[test]
fn a_proven_renege_is_an_error_at_the_trick_that_proves_it() {
    // Spades trumps (N leads 2S). Trick 3: S leads 2H, W plays 2D though holding hearts —
    // proven in trick 4 when W plays 7H. The hand still scores: NS 5 (trick 4's 5♥) + 19
    // (trick 9: 9♠ 9 + 5♠ 10) = 24 and game 8 (values NS 33, EW 0); EW 5 + 5 = 10.
    let tricks = [
        "2S 3S 4S 6S",
        "7C 8C 9C TC",
        "2H 2D 3H 4H",
        "6H 5H 7H 8H",
        "3D 4D 5D 6D",
        "7D 8D 9D TD",
        "2C 3C 4C 5C",
        "9H TH JH QH",
        "7S 8S 9S 5S",
    ];
    let c = run(
        json!({"variant": "nine-card-don"}),
        hands(&[("N", &tricks)]),
    );
    assert_eq!(errors(&c), vec![("renege", Some(1), Some(4))]);
    assert_eq!(c.errors[0].seat, Some(Seat::W));
    assert_eq!(
        c.errors[0].message,
        "W did not follow hearts in trick 3 but played 7H in trick 4"
    );
    assert_eq!(hand(&c, 1), vec![32, 10]);
}

#[test]
fn a_wrong_pitcher_is_caught_and_the_rotation_carries_on_from_it() {
    // N pitched hand 1, so E should pitch hand 2; S does. Hand 3 is then W's turn, and W pitches it.
    let c = run(
        json!({"variant": "nine-card-don"}),
        hands(&[("N", &HAND_A), ("S", &HAND_A), ("W", &HAND_A)]),
    );
    assert_eq!(errors(&c), vec![("wrong-pitcher", Some(2), None)]);
    assert_eq!(c.errors[0].seat, Some(Seat::S));
    // Seat-named first trick led by someone else than the given pitcher.
    let c = run(
        json!({"variant": "nine-card-don"}),
        json!([{"pitcher": "N", "tricks": ["E:5H S:2H W:3H N:4H"]}]),
    );
    assert!(errors(&c).contains(&("wrong-pitcher", Some(1), Some(1))));
}

#[test]
fn totals_are_checked_against_the_scoring_cards() {
    // 52–1 needs all 44 in play and game for NS: nothing is left for EW's 1.
    let c = run(
        json!({"variant": "nine-card-don"}),
        json!([{"points": {"NS": 52, "EW": 1}}]),
    );
    assert_eq!(errors(&c), vec![("impossible-totals", Some(1), None)]);
    // 44–1 with game to nobody: 44 in play for NS, and again nothing left for EW.
    let c = run(
        json!({"variant": "nine-card-don"}),
        json!([{"points": {"NS": 44, "EW": 1}, "game": "none"}]),
    );
    assert_eq!(errors(&c), vec![("impossible-totals", Some(1), None)]);
    // …but 44–1 with the game field left out is possible: NS 36 in play + 8 for game, EW the
    // jack of trumps. Missing award fields stand for every value they could take.
    let c = run(
        json!({"variant": "nine-card-don"}),
        json!([{"points": {"NS": 44, "EW": 1}}]),
    );
    assert_clean(&c);
    // The award must agree: game to EW means EW has at least 8.
    let c = run(
        json!({"variant": "nine-card-don"}),
        json!([{"points": {"NS": 20, "EW": 5}, "game": "EW"}]),
    );
    assert_eq!(errors(&c), vec![("impossible-totals", Some(1), None)]);
    // Under hljg, jack to NS means NS took the jack of trumps, so it pegged 1 in play too.
    let c = run(
        json!({"variant": "nine-card-don", "end_scoring": "hljg"}),
        json!([{"points": {"NS": 1, "EW": 7}, "high": "EW", "low": "EW", "jack": "NS", "game": "EW"}]),
    );
    assert_eq!(errors(&c), vec![("impossible-totals", Some(1), None)]);
    let c = run(
        json!({"variant": "nine-card-don", "end_scoring": "hljg"}),
        json!([{"points": {"NS": 2, "EW": 7}, "high": "EW", "low": "EW", "jack": "NS", "game": "EW"}]),
    );
    assert_clean(&c);
}

#[test]
fn totals_that_let_both_sides_out_must_say_who_was_first() {
    let h = |extra: serde_json::Value| {
        let mut hand = json!({"points": {"NS": 20, "EW": 20}, "game": "none"});
        hand.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        json!([hand])
    };
    let c = run(
        json!({"variant": "nine-card-don", "target": 15}),
        h(json!({})),
    );
    assert_eq!(errors(&c), vec![("ambiguous-winner", Some(1), None)]);
    let c = run(
        json!({"variant": "nine-card-don", "target": 15}),
        h(json!({"out_first": "EW"})),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::EW));
    // Only one side can be out: no need to say.
    let c = run(
        json!({"variant": "nine-card-don", "target": 21}),
        json!([{"points": {"NS": 20, "EW": 28}}]),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::EW));
}

#[test]
fn a_record_going_on_after_the_win_is_warned_and_not_scored() {
    let c = run(
        json!({"variant": "nine-card-don", "target": 15}),
        hands(&[("N", &HAND_A[..3]), ("E", &HAND_A)]),
    );
    assert_clean(&c);
    assert_eq!(warnings(&c), vec![("after-end", Some(2), None)]);
    assert_eq!(hand(&c, 2), vec![0, 0]);
    assert_eq!(final_score(&c), vec![10, 19]);
}

#[test]
fn concession_gives_the_game_to_the_other_side() {
    let mut r = record(
        json!({"variant": "nine-card-don"}),
        hands(&[("N", &HAND_A), ("E", &HAND_A)]),
    );
    r["conceded"] = json!({"side": "EW", "after": 1});
    let c = check(r);
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::NS));
    assert_eq!(warnings(&c), vec![("after-end", Some(2), None)]);
}
