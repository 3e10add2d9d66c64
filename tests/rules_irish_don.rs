//! Irish Don (RULES.md §5), hands worked out by hand.
//!
//! Hand I1 (tests/common), pitched by N who holds the 2♦; diamonds trumps. Winners and fat:
//!  1 W (5♦ trump 10) EW · 2 S (9♦ Big Don 18) NS · 3 E (J♦ Q♦ K♦ 1+2+3) EW · 4 N (5♠ 5) NS ·
//!  5 W (9♠ 9) EW · 6 S (nothing) · 7 E (5♥ 5) EW · 8 N (9♥ 9) NS · 9 W · 10 S (5♣ 5) NS ·
//!  11 E (9♣ 9) EW · 12 N · 13 W (A♦ trump 4) EW.
//! NS 18+5+9+5 = 37, EW 10+6+9+5+9+4 = 43: 80.
//! Pitched by E, every winner moves a seat round: NS 43, EW 37, and the last scoring trick
//! (13, the A♦) goes to N. Running count in deal 2 from NS 37, EW 43: EW reach exactly 80 at
//! trick 10, NS 80 at trick 13: 80–80, nobody past.
//! Hand I2b: I1 pitched by E with trick 13 written "AD AS AH AC": E leads the A♦ and wins it, so
//! EW take 41 in deal 2 and pass 80 at trick 13 (84); NS 39.

use crate::common;

use common::*;
use don::rules::Side;
use serde_json::json;

fn irish(extra: serde_json::Value) -> serde_json::Value {
    let mut r = json!({"variant": "irish-don"});
    r.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    r
}

fn i2b() -> Vec<&'static str> {
    let mut t = IRISH_1.to_vec();
    t[12] = "AD AS AH AC";
    t
}

#[test]
fn the_fat_is_counted_at_the_end_and_adds_to_eighty() {
    let c = run(
        irish(json!({})),
        json!([{"pitcher": "N", "tricks": IRISH_1}]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![37, 43]);
}

#[test]
fn eighty_all_last_scorer_loses_or_draw() {
    let h = json!([{"pitcher": "N", "tricks": IRISH_1}, {"pitcher": "E", "tricks": IRISH_1}]);
    // NS took the last scoring trick, so NS lose: EW reached 80 first.
    let c = run(irish(json!({})), h.clone());
    assert_clean(&c);
    assert_eq!(final_score(&c), vec![80, 80]);
    assert_eq!(winner(&c), Some(Side::EW));
    let c = run(irish(json!({"tie": "draw"})), h.clone());
    assert!(is_draw(&c));
    assert_eq!(winner(&c), None);
    // Misère reverses it: the last scorer wins. A draw stays a draw.
    let c = run(irish(json!({"misere": true})), h.clone());
    assert_eq!(winner(&c), Some(Side::NS));
    let c = run(irish(json!({"misere": true, "tie": "draw"})), h);
    assert!(is_draw(&c));
}

#[test]
fn more_than_eighty_wins_at_the_trick_it_passes() {
    let c = run(
        irish(json!({})),
        json!([{"pitcher": "N", "tricks": IRISH_1}, {"pitcher": "E", "tricks": i2b()}]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 2), vec![39, 41]);
    assert_eq!(final_score(&c), vec![76, 84]);
    assert_eq!(winner(&c), Some(Side::EW));
    let d = c.hands[1].decided.as_ref().unwrap();
    assert_eq!((d.hand, d.trick), (2, Some(13)));
    // Misère: the first side past 80 loses.
    let c = run(
        irish(json!({"misere": true})),
        json!([{"pitcher": "N", "tricks": IRISH_1}, {"pitcher": "E", "tricks": i2b()}]),
    );
    assert_eq!(winner(&c), Some(Side::NS));
}

#[test]
fn a_claim_ends_the_second_deal_early() {
    // EW claim once past 80: the record stops there. Totals of a claimed deal need not be 80.
    let c = run(
        irish(json!({})),
        json!([{"pitcher": "N", "points": {"NS": 37, "EW": 43}}, {"pitcher": "E", "points": {"NS": 10, "EW": 40}}]),
    );
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::EW));
    assert_eq!(final_score(&c), vec![47, 83]);
    // Without anyone past 80, a short deal is impossible.
    let c = run(irish(json!({})), json!([{"points": {"NS": 30, "EW": 40}}]));
    assert_eq!(errors(&c), vec![("impossible-totals", Some(1), None)]);
}

#[test]
fn totals_at_eighty_all_need_the_last_scorer() {
    let base = || json!([{"points": {"NS": 37, "EW": 43}}, {"points": {"NS": 43, "EW": 37}}]);
    let c = run(irish(json!({})), base());
    assert_eq!(errors(&c), vec![("ambiguous-winner", Some(2), None)]);
    let mut h = base();
    h[1]["last_scorer"] = json!("EW");
    let c = run(irish(json!({})), h);
    assert_clean(&c);
    assert_eq!(winner(&c), Some(Side::NS));
    let c = run(irish(json!({"tie": "draw"})), base());
    assert_clean(&c);
    assert!(is_draw(&c));
}

#[test]
fn the_first_pitcher_must_hold_the_lowest_diamond() {
    // N leads 3D; E plays the 2D: E held it and should have pitched.
    let mut t = IRISH_1.to_vec();
    t[0] = "3D 2D 4D 5D";
    let c = run(irish(json!({})), json!([{"pitcher": "N", "tricks": t}]));
    assert_eq!(errors(&c), vec![("wrong-pitcher", Some(1), Some(1))]);
    assert!(
        c.errors[0].message.contains("2D"),
        "{}",
        c.errors[0].message
    );
    // Under pass_pitch, N may have passed the first pitch to S: S led while N held the 2♦.
    // Here S leads and S's partner N plays the 2♦ third.
    let mut t = IRISH_1.to_vec();
    t[0] = "3D 4D 2D 5D";
    let c = run(
        irish(json!({"pass_pitch": true})),
        json!([{"pitcher": "S", "tricks": t}]),
    );
    assert!(
        !errors(&c).iter().any(|e| e.0 == "wrong-pitcher"),
        "{:?}",
        c.errors
    );
    let c = run(irish(json!({})), json!([{"pitcher": "S", "tricks": t}]));
    assert!(errors(&c).iter().any(|e| e.0 == "wrong-pitcher"));
}

#[test]
fn short_packs_have_no_twos_or_threes() {
    let c = run(
        irish(json!({"pack": 48})),
        json!([{"pitcher": "N", "tricks": ["2D 3D 4D 5D"]}]),
    );
    assert!(errors(&c).contains(&("card-not-in-pack", Some(1), Some(1))));
    let fault = c
        .errors
        .iter()
        .find(|f| f.code.as_str() == "card-not-in-pack")
        .unwrap();
    assert_eq!(
        fault.message,
        "N played 2D in trick 1, but the 48-card pack has no twos"
    );
    let c = run(
        irish(json!({"pack": 44})),
        json!([{"pitcher": "N", "tricks": ["3D 4D 5D 6D"]}]),
    );
    assert!(errors(&c).contains(&("card-not-in-pack", Some(1), Some(1))));
}

#[test]
fn games_and_the_bonk_counting_two() {
    // bonk_two_games: NS take all 80 in the first deal: the game ends at once, counted twice;
    // with games 3, one more game wins the match. The same player pitches the next deal.
    let c = run(
        irish(json!({"bonk_two_games": true, "games": 3})),
        json!([
            {"pitcher": "N", "points": {"NS": 80, "EW": 0}},
            {"pitcher": "N", "points": {"NS": 37, "EW": 43}},
            {"pitcher": "E", "points": {"NS": 50, "EW": 30}}
        ]),
    );
    assert_clean(&c);
    assert_eq!(c.wins[Side::NS], 3);
    assert_eq!(winner(&c), Some(Side::NS));
    assert_eq!(final_score(&c), vec![87, 73]);
    // Without the prison rule, a bonk is just a name: 80–0 after one deal decides nothing.
    let c = run(
        irish(json!({"games": 3})),
        json!([{"points": {"NS": 80, "EW": 0}}]),
    );
    assert_clean(&c);
    assert_eq!(c.result, None);
}

#[test]
fn two_players_prove_a_renege_only_within_a_half() {
    // N fails to follow hearts in trick 2 (first half) and plays a heart in trick 14 (second
    // half): not proven. The record stops at 14 of 26 tricks.
    let mut t = vec!["2C 3C", "2H 5C"];
    t.extend([
        "2S 3S", "4S 5S", "6S 7S", "8S 9S", "TS JS", "QS KS", "2D 3D", "4D 5D", "6D 7D", "8D 9D",
        "TD JD",
    ]);
    t.push("3H 4H");
    let c = run(
        irish(json!({"players": 2})),
        json!([{"pitcher": "N", "tricks": t}]),
    );
    assert_eq!(errors(&c), vec![("wrong-trick-count", Some(1), None)]);
    assert_eq!(c.sides, &[Side::N, Side::S]);
}

#[test]
fn an_abandoned_first_deal_is_redealt_and_the_new_lowest_diamond_pitches() {
    // RULES.md §9: N pitched the first deal, which was abandoned; in the redeal E holds the 2♦
    // (hand I1 pitched by E: E leads it), so E pitches, whoever pitched the abandoned one. The
    // deal counts as the game's first: NS 43, EW 37.
    let c = run(
        irish(json!({})),
        json!([
            {"pitcher": "N", "abandoned": {"reason": "misdeal"}},
            {"pitcher": "E", "tricks": IRISH_1}
        ]),
    );
    assert_clean(&c);
    assert_eq!(hand(&c, 1), vec![0, 0]);
    assert_eq!(hand(&c, 2), vec![43, 37]);
    // The redeal is checked as a first deal is: N pitching again, while E held the 2♦ (trick 1
    // written 3♦ 2♦ 4♦ 5♦: N leads the 3♦, E plays the 2♦), is a wrong pitcher.
    let mut redeal = IRISH_1.to_vec();
    redeal[0] = "3D 2D 4D 5D";
    let c = run(
        irish(json!({})),
        json!([
            {"pitcher": "N", "abandoned": {"reason": "misdeal"}},
            {"pitcher": "N", "tricks": redeal}
        ]),
    );
    assert_eq!(errors(&c), vec![("wrong-pitcher", Some(2), Some(1))]);
    assert_eq!(
        c.errors[0].message,
        "N pitched hand 2, but E held 2D, the lowest diamond, and should have pitched"
    );
}

/// I1's tricks as cards.
fn cards_of(trick: &str) -> Vec<don::rules::Card> {
    trick.split(' ').map(|c| c.parse().unwrap()).collect()
}

#[test]
fn a_wrong_first_pitcher_is_refused_at_the_trick_that_shows_it() {
    use don::rules::{Card, Game, OptionValue, PlayError, Rejected, Seat, Variant};
    let variant = |options: &[(&str, OptionValue)]| {
        Variant::build("irish-don", options.iter().map(|(k, v)| (*k, v.clone()))).unwrap()
    };
    let two_d: Card = "2D".parse().unwrap();
    // I1 pitched by N, but trick 1 written 3♦ 2♦ 4♦ 5♦: N leads the 3♦ and E plays the 2♦. E
    // held the lowest diamond and should have pitched (RULES.md §5): refused at trick 1, the
    // cards handed back, the game as it was.
    let mut game = Game::new(&variant(&[]));
    game.begin_hand(Some(Seat::N)).unwrap();
    let before = game.clone();
    assert_eq!(
        game.check_first_pitch(&cards_of("3D 2D 4D 5D")),
        Err(Rejected {
            cards: cards_of("3D 2D 4D 5D"),
            error: PlayError::NotLowestDiamond {
                trick: 1,
                pitched: Seat::N,
                holder: Seat::E,
                card: two_d,
            },
        })
    );
    assert_eq!(game, before);
    // Later in the deal: I1's trick 1 with the 2♦ kept back. 3♦ 4♦ 5♦ 6♦ (N E S W): W's 6♦
    // wins and W leads trick 2, 7♦ 8♦ 2♦ 9♦: W, N, E, S, so E plays the 2♦ in trick 2.
    game.play_trick(&cards_of("3D 4D 5D 6D")).unwrap();
    assert_eq!(
        game.check_first_pitch(&cards_of("7D 8D 2D 9D"))
            .unwrap_err()
            .error,
        PlayError::NotLowestDiamond {
            trick: 2,
            pitched: Seat::N,
            holder: Seat::E,
            card: two_d,
        }
    );
    // W, N, E, S: N, the pitcher, plays the 2♦: right.
    assert_eq!(game.check_first_pitch(&cards_of("7D 2D 8D 9D")), Ok(()));
    // The pitcher's own 2♦, as in I1: right.
    let mut game = Game::new(&variant(&[]));
    game.begin_hand(Some(Seat::N)).unwrap();
    assert_eq!(game.check_first_pitch(&cards_of(IRISH_1[0])), Ok(()));
    // Under pass_pitch the first pitch may pass to the partner: S held the 2♦ and N pitched.
    let mut game = Game::new(&variant(&[("pass_pitch", OptionValue::Bool(true))]));
    game.begin_hand(Some(Seat::N)).unwrap();
    assert_eq!(game.check_first_pitch(&cards_of("3D 4D 2D 5D")), Ok(()));
    // Two players (§9): the first pitcher is free.
    let mut game = Game::new(&variant(&[("players", OptionValue::Int(2))]));
    game.begin_hand(Some(Seat::N)).unwrap();
    assert_eq!(game.check_first_pitch(&cards_of("3D 2D")), Ok(()));
    // The second deal is pitched by the rotation: whoever plays the 2♦.
    let mut game = Game::new(&variant(&[]));
    game.begin_hand(Some(Seat::N)).unwrap();
    for trick in IRISH_1 {
        game.play_trick(&cards_of(trick)).unwrap();
    }
    game.end_hand().unwrap();
    game.begin_hand(Some(Seat::E)).unwrap();
    assert_eq!(game.check_first_pitch(&cards_of("3D 2D 4D 5D")), Ok(()));
    // A record is told of it where it shows too: I1 with its first two tricks written 3♦ 4♦ 5♦
    // 6♦ (W's 6♦ wins) and 7♦ 8♦ 2♦ 9♦ (W N E S: E plays the 2♦, S's 9♦ wins, as in I1): the
    // same 37–43, and the wrong pitcher at trick 2.
    let mut tricks = IRISH_1.to_vec();
    (tricks[0], tricks[1]) = ("3D 4D 5D 6D", "7D 8D 2D 9D");
    let c = run(
        irish(json!({})),
        json!([{"pitcher": "N", "tricks": tricks}]),
    );
    assert_eq!(hand(&c, 1), vec![37, 43]);
    assert_eq!(errors(&c), vec![("wrong-pitcher", Some(1), Some(2))]);
}
