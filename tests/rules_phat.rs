//! Phat (RULES.md §6), hands worked out by hand.
//!
//! All hands: each trick one suit but the last, the top card at a chosen place, spades trumps.
//! Phat: A♠ K♠ Q♠ J♠ 4 3 2 1, 9♠ 18, 5♠ 10, other 9s 9, other 5s 5. Muck: A 4 K 3 Q 2 J 1 T 10.
//!
//! TIE (pitched by N): N wins tricks 1–5 (AKQJ♠: phat 10, muck 10; T98 7♠: 18, 10; 6543♠: 10, 0;
//! AKQJ♥: 0, 10; T987♥: 9, 10), E wins 6–13 (5H 6H 4H 3H: 5; AKQJ♦: muck 10; T987♦: 9, 10;
//! 6543♦: 5; AKQJ♣: 10; T987♣: 9, 10; 6543♣: 5; 2S 2H 2D 2C). Phat NS 47, EW 33; muck 40–40,
//! tens 2–2.
//! FIFTY: as TIE but N also wins AKQJ♦ (trick 6): phat NS 47, EW 33; muck NS 50, EW 30.
//! TENS3: N wins AKQJ♠, T987♠, 6543♠, T987♥, T987♦; E the rest: phat NS 56, EW 24; muck 40–40
//! with tens NS 3 (♠ ♥ ♦), EW 1.

use crate::common;

use common::*;
use don::rules::Side;
use serde_json::json;

const TENS3: [&str; 13] = [
    "AS KS QS JS",
    "TS 9S 8S 7S",
    "6S 5S 4S 3S",
    "TH 9H 8H 7H",
    "TD 9D 8D 7D",
    "5H 6H 4H 3H",
    "AH KH QH JH",
    "AD KD QD JD",
    "6D 5D 4D 3D",
    "AC KC QC JC",
    "TC 9C 8C 7C",
    "6C 5C 4C 3C",
    "2S 2H 2D 2C",
];

fn phat(extra: serde_json::Value) -> serde_json::Value {
    let mut r = json!({"variant": "phat"});
    r.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    r
}

#[test]
fn muck_of_41_or_more_pegs_eight() {
    let c = run(phat(json!({})), json!([{"pitcher": "N", "tricks": FIFTY}]));
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![55, 33]);
}

#[test]
fn forty_all_is_carried_then_pegged_as_sixteen() {
    // Hand 2 is FIFTY pitched by E: the sides swap, EW take 50 of the muck and peg 8 + 8.
    let c = run(
        phat(json!({})),
        json!([{"pitcher": "N", "tricks": TIE}, {"pitcher": "E", "tricks": FIFTY}]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![47, 33]);
    assert_eq!(hand(&c, 2), vec![33, 63]);
    assert_eq!(final_score(&c), vec![80, 96]);
}

#[test]
fn tens_break_a_forty_all_and_two_each_carry() {
    let c = run(
        phat(json!({"muck_tie": "tens"})),
        json!([{"pitcher": "N", "tricks": TENS3}]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![64, 24]);
    // TIE has two tens each: carried, then FIFTY (by E) pegs 16 for EW.
    let c = run(
        phat(json!({"muck_tie": "tens"})),
        json!([{"pitcher": "N", "tricks": TIE}, {"pitcher": "E", "tricks": FIFTY}]),
    );
    assert_eq!(hand(&c, 1), vec![47, 33]);
    assert_eq!(hand(&c, 2), vec![33, 63]);
}

#[test]
fn hereford_splits_a_forty_all_four_each() {
    let c = run(
        phat(json!({"muck_tie": "split"})),
        json!([{"pitcher": "N", "tricks": TENS3}]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![60, 28]);
    // Both past the target by the split at once, level: a draw. TENS3 by N then by E: in play
    // NS 60 + 24 = 84, EW 28 + 56 = 84; the split takes both to 88, past 86.
    let c = run(
        phat(json!({"muck_tie": "split", "target": 86})),
        json!([{"pitcher": "N", "tricks": TENS3}, {"pitcher": "E", "tricks": TENS3}]),
    );
    assert_clean(&c);
    assert_eq!(final_score(&c), vec![88, 88]);
    assert!(is_draw(&c));
}

#[test]
fn the_fifth_deal_has_no_muck_and_the_first_pitcher() {
    // Four deals of 40–40 phat and tied muck (carried): 160–160 with 32 carried. The fifth,
    // pitched by N (the first deal's pitcher), counts phat only: NS 170 after trick 1, 188
    // after trick 2: out.
    let tie = |p: &str| json!({"pitcher": p, "points": {"NS": 40, "EW": 40}, "muck": "tie"});
    let c = run(
        phat(json!({})),
        json!([tie("N"), tie("E"), tie("S"), tie("W"), {"pitcher": "N", "tricks": TIE}]),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::NS));
    let d = c.hands[4].decided.as_ref().unwrap();
    assert_eq!((d.hand, d.trick), (5, Some(2)));
    assert_eq!(final_score(&c), vec![188, 160]);
    // Muck named in the fifth deal is impossible.
    let c = run(
        phat(json!({})),
        json!([tie("N"), tie("E"), tie("S"), tie("W"), {"pitcher": "N", "points": {"NS": 20, "EW": 68}, "muck": "EW"}]),
    );
    assert!(errors(&c).contains(&("impossible-totals", Some(5), None)));
    // Without it, EW pass 181 by phat alone (220) and NS do not (180).
    let c = run(
        phat(json!({})),
        json!([tie("N"), tie("E"), tie("S"), tie("W"), {"pitcher": "N", "points": {"NS": 20, "EW": 60}}]),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::EW));
}

#[test]
fn phat_and_muck_totals_must_each_make_eighty() {
    let c = run(phat(json!({})), json!([{"points": {"NS": 40, "EW": 38}}]));
    assert_eq!(errors(&c), vec![("impossible-totals", Some(1), None)]);
    let c = run(
        phat(json!({})),
        json!([{"points": {"NS": 48, "EW": 40}, "muck": {"NS": 44, "EW": 40}}]),
    );
    assert_eq!(errors(&c), vec![("impossible-totals", Some(1), None)]);
    assert!(c.errors[0].message.contains("muck"));
    let c = run(
        phat(json!({})),
        json!([{"points": {"NS": 48, "EW": 40}, "muck": {"NS": 44, "EW": 36}}]),
    );
    assert_clean(&c);
}
