//! The engine's step API, driven directly (not through records): each step on a hand-worked
//! game, and every refusal leaving the whole game exactly as it was.
//!
//! Hand A (tests/common, worked out in tests/rules_nine_card_don.rs), pitched by N, hearts
//! trumps; each trick from its leader, its winner and what it pegs:
//!  1 N wins 10 (5♥) · 2 E 13 (9♥ A♥) · 3 E 6 (K♥ Q♥ J♥) · 4 E 5 (5♠) · 5 E 0 · 6 S 5 (5♦) ·
//!  7 S 0 · 8 S 5 (5♣) · 9 S 0. In play NS 20, EW 24; card value NS 20, EW 30, so 8 for game
//!  to EW: the hand is NS 20, EW 32.
//! Pitched by E, the winners move a seat round: NS 24 + 8 = 32, EW 20.

use crate::common;

use common::HAND_A;
use don::rules::{
    AbandonReason, AwardKind, AwardPeg, BlindDeal, Card, Game, OptionValue, Outcome, Penalty,
    PlayError, Seat, Side, Suit, Taker, Totals, TotalsError, Variant,
};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

fn game(name: &str, options: &[(&str, OptionValue)]) -> Game {
    Game::new(&Variant::build(name, options.iter().map(|(k, v)| (*k, v.clone()))).unwrap())
}

fn score(game: &Game) -> (i32, i32) {
    (game.score()[Side::NS], game.score()[Side::EW])
}

fn totals(ns: i32, ew: i32, game: Option<Taker>) -> Totals {
    let mut t = Totals {
        game,
        ..Totals::default()
    };
    t.points[Side::NS] = ns;
    t.points[Side::EW] = ew;
    t
}

#[test]
fn each_step_of_a_hand_worked_game() {
    let mut g = game("nine-card-don", &[]);
    assert_eq!((g.hands(), g.leg(), g.expected_pitcher()), (0, 1, None));
    // Begin: N pitches (the first pitch is free); N leads, no trumps yet.
    assert_eq!(g.begin_hand(Some(Seat::N)), Ok(vec![]));
    assert!(g.in_hand());
    assert_eq!((g.leader(), g.trumps()), (Some(Seat::N), None));
    // Nine tricks: who won, what was pegged, the score and who leads next.
    let expected = [
        (Seat::N, 10, (10, 0)),
        (Seat::E, 13, (10, 13)),
        (Seat::E, 6, (10, 19)),
        (Seat::E, 5, (10, 24)),
        (Seat::E, 0, (10, 24)),
        (Seat::S, 5, (15, 24)),
        (Seat::S, 0, (15, 24)),
        (Seat::S, 5, (20, 24)),
        (Seat::S, 0, (20, 24)),
    ];
    for (n, (trick, (winner, pegged, after))) in HAND_A.iter().zip(expected).enumerate() {
        let report = g.play_trick(&cards(trick)).unwrap();
        assert_eq!(report.trick.number, n as u32 + 1);
        assert_eq!(
            (report.trick.winner, report.pegged),
            (winner, pegged),
            "trick {}",
            n + 1
        );
        assert_eq!(report.next_leader, winner);
        assert_eq!(
            (report.score[Side::NS], report.score[Side::EW]),
            after,
            "trick {}",
            n + 1
        );
        assert!(report.trick.faults.is_empty() && report.decided.is_none());
        assert_eq!(g.trumps(), Some(Suit::Hearts));
    }
    // End: 8 for game to EW (30 card value to 20).
    let hand = g.end_hand().unwrap();
    assert_eq!(
        (hand.hand, hand.pitcher, hand.trumps),
        (1, Some(Seat::N), Some(Suit::Hearts))
    );
    assert_eq!((hand.points[Side::NS], hand.points[Side::EW]), (20, 32));
    assert_eq!(
        hand.awards,
        vec![AwardPeg {
            kind: AwardKind::Game,
            pegs: vec![(Side::EW, 8)]
        }]
    );
    assert!(hand.faults.is_empty() && hand.decided.is_none() && !hand.abandoned);
    assert_eq!(score(&g), (20, 32));
    assert!(!g.in_hand());
    // The rotation: E pitches next.
    assert_eq!(g.expected_pitcher(), Some(Seat::E));

    // Hand 2, kept as totals (hand A pitched by E: NS 32, EW 20), with a penalty on NS.
    assert_eq!(g.begin_hand(None), Ok(vec![]));
    assert_eq!(g.leader(), Some(Seat::E));
    g.add_penalty(Side::NS, Penalty::Points(-5)).unwrap();
    let t = totals(32, 20, Some(Taker::Side(Side::NS)));
    let hand = g.record_totals(&t).unwrap();
    assert_eq!((hand.points[Side::NS], hand.points[Side::EW]), (27, 20));
    assert_eq!(
        hand.awards,
        vec![AwardPeg {
            kind: AwardKind::Game,
            pegs: vec![(Side::NS, 8)]
        }]
    );
    assert_eq!(score(&g), (47, 52));
    assert_eq!(g.expected_pitcher(), Some(Seat::S));

    // Hand 3, abandoned for W's renege: nothing scores (friendly penalties), and the same
    // dealer deals again, so S pitches again.
    g.begin_hand(None).unwrap();
    let hand = g
        .abandon_hand(AbandonReason::Renege, Some(Seat::W))
        .unwrap();
    assert!(hand.abandoned);
    assert_eq!((hand.points[Side::NS], hand.points[Side::EW]), (0, 0));
    assert_eq!(score(&g), (47, 52));
    assert_eq!(g.expected_pitcher(), Some(Seat::S));
    assert_eq!(g.hands(), 3);

    // EW concede: NS win, and the game takes nothing more.
    assert_eq!(g.concede(Side::EW), Ok(Outcome::Won(Side::NS)));
    assert!(g.is_over());
    assert_eq!(g.result(), Some(&Outcome::Won(Side::NS)));
    assert_eq!(g.begin_hand(None), Err(PlayError::GameOver));
}

#[test]
fn a_game_is_decided_by_the_trick_or_the_award_that_reaches_the_target() {
    // Target 19: EW reach 19 with trick 3. Tricks after it are played but peg nothing.
    let mut g = game("nine-card-don", &[("target", OptionValue::Int(19))]);
    g.begin_hand(Some(Seat::N)).unwrap();
    for (n, trick) in HAND_A.iter().enumerate() {
        let report = g.play_trick(&cards(trick)).unwrap();
        match n + 1 {
            1 | 2 => assert!(report.decided.is_none()),
            3 => {
                let d = report.decided.unwrap();
                assert_eq!(
                    (d.outcome, d.trick, d.hand),
                    (Outcome::Won(Side::EW), Some(3), 1)
                );
                assert_eq!((d.score[Side::NS], d.score[Side::EW]), (10, 19));
            }
            _ => assert!(report.after_end && report.pegged == 0),
        }
    }
    let hand = g.end_hand().unwrap();
    assert!(
        hand.awards.is_empty(),
        "no awards after the game is decided"
    );
    assert!(hand.decided.unwrap().match_over);
    assert_eq!(g.result(), Some(&Outcome::Won(Side::EW)));
    // Target 25: nobody reaches it in play (EW 24); the 8 for game takes EW to 32.
    let mut g = game("nine-card-don", &[("target", OptionValue::Int(25))]);
    g.begin_hand(Some(Seat::N)).unwrap();
    for trick in HAND_A {
        assert!(g.play_trick(&cards(trick)).unwrap().decided.is_none());
    }
    let d = g.end_hand().unwrap().decided.unwrap();
    assert_eq!(
        (d.outcome, d.trick, d.award),
        (Outcome::Won(Side::EW), None, Some(AwardKind::Game))
    );
}

/// Asserts a step is refused with `error` and the game is exactly as it was.
fn refused<T: std::fmt::Debug>(
    g: &mut Game,
    error: PlayError,
    step: impl FnOnce(&mut Game) -> Result<T, PlayError>,
) {
    let before = g.clone();
    let result = step(g);
    assert_eq!(result.unwrap_err(), error);
    assert_eq!(*g, before, "the refused step changed the game");
}

#[test]
fn every_refused_step_leaves_the_whole_game_as_it_was() {
    let mut g = game("nine-card-don", &[]);
    // Nothing can be played before a hand is begun.
    refused(&mut g, PlayError::NoHand, |g| {
        g.play_trick(&cards("5H 2H 3H 4H")).map_err(|r| r.error)
    });
    refused(&mut g, PlayError::NoHand, |g| g.end_hand());
    refused(&mut g, PlayError::NoHand, |g| g.break_off_hand());
    refused(&mut g, PlayError::NoHand, |g| {
        g.abandon_hand(AbandonReason::Misdeal, None)
    });
    refused(&mut g, PlayError::NoHand, |g| {
        g.add_penalty(Side::NS, Penalty::OutOfTurn)
    });
    refused(&mut g, PlayError::NoHand, |g| {
        g.record_totals(&totals(20, 32, None))
    });
    refused(&mut g, PlayError::NoHand, |g| {
        g.force_totals(&totals(20, 32, None))
    });
    refused(&mut g, PlayError::NoHand, |g| {
        g.set_layout(&BlindDeal::default())
    });
    refused(&mut g, PlayError::NoSuchSide(Side::N), |g| {
        g.concede(Side::N)
    });
    // The first pitch is free, so with no pitcher given nobody can lead.
    g.begin_hand(None).unwrap();
    refused(&mut g, PlayError::UnknownPitcher, |g| {
        g.play_trick(&cards("5H 2H 3H 4H")).map_err(|r| r.error)
    });
    let mut g = game("nine-card-don", &[]);
    g.begin_hand(Some(Seat::N)).unwrap();
    refused(&mut g, PlayError::HandInPlay, |g| {
        g.begin_hand(Some(Seat::N))
    });
    refused(&mut g, PlayError::NoSuchSide(Side::E), |g| {
        g.add_penalty(Side::E, Penalty::OutOfTurn)
    });
    // A refused trick comes back with its cards.
    let before = g.clone();
    let rejected = g.play_trick(&cards("5H 2H 3H")).unwrap_err();
    assert_eq!(rejected.cards, cards("5H 2H 3H"));
    assert_eq!(
        rejected.error,
        PlayError::WrongTrickSize {
            trick: 1,
            found: 3,
            expected: 4
        }
    );
    assert_eq!(g, before);
    // Impossible and ambiguous totals.
    let impossible = g.clone().record_totals(&totals(52, 1, None)).unwrap_err();
    assert!(
        matches!(impossible, PlayError::Totals(ref e) if matches!(**e, TotalsError::Impossible { .. }))
    );
    refused(&mut g, impossible, |g| {
        g.record_totals(&totals(52, 1, None))
    });
    for trick in HAND_A {
        g.play_trick(&cards(trick)).unwrap();
    }
    refused(&mut g, PlayError::TooManyTricks { tricks: 9 }, |g| {
        g.play_trick(&cards("2C 3C 4C 6C")).map_err(|r| r.error)
    });
    // Penalties and totals that would take a score past the limit.
    refused(
        &mut g,
        // The score it would reach is named: 20 in play so far (the hand has not ended), and
        // the penalty on top.
        PlayError::PenaltyOutOfRange {
            side: Side::NS,
            reach: 2_147_483_667,
            bound: 999_999_000,
            limit: don::rules::SCORE_LIMIT,
        },
        |g| g.add_penalty(Side::NS, Penalty::Points(i32::MAX)),
    );
    g.end_hand().unwrap();
    g.begin_hand(None).unwrap();
    refused(
        &mut g,
        PlayError::ScoreOutOfRange {
            side: Side::EW,
            limit: don::rules::SCORE_LIMIT,
        },
        |g| g.force_totals(&totals(0, i32::MIN, None)),
    );
    // Game to Lose has no W; Blind Don's layout comes before the first trick.
    let mut g = game("game-to-lose", &[]);
    refused(&mut g, PlayError::NoSuchSeat(Seat::W), |g| {
        g.begin_hand(Some(Seat::W))
    });
    g.begin_hand(Some(Seat::N)).unwrap();
    refused(&mut g, PlayError::NoSuchSeat(Seat::W), |g| {
        g.abandon_hand(AbandonReason::Renege, Some(Seat::W))
    });
    let mut g = game("blind-don", &[]);
    g.begin_hand(Some(Seat::N)).unwrap();
    g.play_trick(&cards("AS 2S")).unwrap();
    refused(&mut g, PlayError::LayoutTooLate, |g| {
        g.set_layout(&BlindDeal::default())
    });
    // After the end, nothing more.
    let mut g = game("nine-card-don", &[]);
    g.concede(Side::NS).unwrap();
    refused(&mut g, PlayError::GameOver, |g| g.begin_hand(Some(Seat::N)));
    refused(&mut g, PlayError::GameOver, |g| g.concede(Side::EW));
}

#[test]
fn ambiguous_totals_are_refused_and_say_what_is_missing() {
    // Target 10 from 0–0: NS 20, EW 24 in play could each have passed 10 first.
    let mut g = game("nine-card-don", &[("target", OptionValue::Int(10))]);
    g.begin_hand(Some(Seat::N)).unwrap();
    let t = totals(20, 32, Some(Taker::Side(Side::EW)));
    let before = g.clone();
    let error = g.record_totals(&t).unwrap_err();
    assert_eq!(g, before);
    assert_eq!(
        error.to_string(),
        "with NS 20, EW 32, more than one side could have reached the target during play: which was first?"
    );
    let t = Totals {
        out_first: Some(Side::NS),
        ..t
    };
    let d = g.record_totals(&t).unwrap().decided.unwrap();
    assert_eq!(d.outcome, Outcome::Won(Side::NS));
}

#[test]
fn nothing_pegged_in_an_abandoned_deal_counts() {
    // Target 11: trick 1 pegs NS 10 (5♥), trick 2 EW 13 (9♥ A♥) and decides the game. Then the
    // deal is abandoned for W's renege: nothing of it counts, the decision included.
    let mut g = game("nine-card-don", &[("target", OptionValue::Int(11))]);
    g.begin_hand(Some(Seat::N)).unwrap();
    g.play_trick(&cards(HAND_A[0])).unwrap();
    let report = g.play_trick(&cards(HAND_A[1])).unwrap();
    assert_eq!(report.decided.unwrap().outcome, Outcome::Won(Side::EW));
    assert_eq!(score(&g), (10, 13));
    let hand = g
        .abandon_hand(AbandonReason::Renege, Some(Seat::W))
        .unwrap();
    assert_eq!((hand.points[Side::NS], hand.points[Side::EW]), (0, 0));
    assert_eq!(hand.decided, None);
    assert_eq!(score(&g), (0, 0));
    assert!(!g.is_over());
    // The same dealer deals again, and the game goes on from 0–0.
    assert_eq!(g.expected_pitcher(), Some(Seat::N));
    g.begin_hand(None).unwrap();
    assert_eq!(g.play_trick(&cards(HAND_A[0])).unwrap().pegged, 10);
    // Under league penalties the renege still costs 52, on the score the deal began with.
    let mut g = game(
        "nine-card-don",
        &[("penalties", OptionValue::Str("league".into()))],
    );
    g.begin_hand(Some(Seat::N)).unwrap();
    g.play_trick(&cards(HAND_A[0])).unwrap();
    g.abandon_hand(AbandonReason::Renege, Some(Seat::W))
        .unwrap();
    assert_eq!(score(&g), (0, -52));
}

#[test]
fn a_concession_comes_between_hands() {
    let mut g = game("nine-card-don", &[]);
    g.begin_hand(Some(Seat::N)).unwrap();
    refused(&mut g, PlayError::HandInPlay, |g| g.concede(Side::NS));
    for trick in HAND_A {
        g.play_trick(&cards(trick)).unwrap();
    }
    g.end_hand().unwrap();
    assert_eq!(g.concede(Side::NS), Ok(Outcome::Won(Side::EW)));
}

#[test]
fn totals_naming_a_side_the_game_has_not_are_refused() {
    let mut g = game("nine-card-don", &[]);
    g.begin_hand(Some(Seat::N)).unwrap();
    for (taker, side) in [
        (Taker::Side(Side::S), Side::S),
        (Taker::Pair(Side::NS, Side::E), Side::E),
    ] {
        let t = totals(20, 32, Some(taker));
        refused(&mut g, PlayError::NoSuchSide(side), |g| g.record_totals(&t));
        refused(&mut g, PlayError::NoSuchSide(side), |g| g.force_totals(&t));
    }
    let t = Totals {
        out_first: Some(Side::N),
        ..totals(20, 32, None)
    };
    refused(&mut g, PlayError::NoSuchSide(Side::N), |g| {
        g.record_totals(&t)
    });
}

#[test]
fn the_room_for_penalties_counts_every_penalty_of_the_hand() {
    // Each penalty alone fits; the third takes NS's penalties in the hand past the limit (less
    // the room a hand's pegging needs), and is refused.
    let mut g = game("nine-card-don", &[]);
    g.begin_hand(Some(Seat::N)).unwrap();
    let third = don::rules::SCORE_LIMIT / 3;
    g.add_penalty(Side::NS, Penalty::Points(-third)).unwrap();
    g.add_penalty(Side::NS, Penalty::Points(-third)).unwrap();
    refused(
        &mut g,
        PlayError::PenaltyOutOfRange {
            side: Side::NS,
            reach: -999_999_999,
            bound: 999_999_000,
            limit: don::rules::SCORE_LIMIT,
        },
        |g| g.add_penalty(Side::NS, Penalty::Points(-third)),
    );
    // EW's penalties are their own.
    g.add_penalty(Side::EW, Penalty::Points(-third)).unwrap();
}
