//! The replay layer one typed entry at a time (`Replay::enter`, as the table-side scorer will
//! drive it): every example game, entered line by line, gives the score sheet its record gives;
//! an entry that cannot be taken comes back as a fault and changes nothing.

use crate::common;

use common::{CLAIMED, HAND_A, IRISH_1, LAST_RENEGE};
use don::record::trick::parse_trick;
use don::record::{parse_record, Code, HandBody};
use don::replay::{replay_record, Entry, HandKind, Replay, ScoreSheet, Step};
use don::rules::{AbandonReason, BlindDeal, Card, OptionValue, Penalty, Seat, Side, Variant};
use serde_json::Value;

/// A record's hands as the scorer would type them.
fn entries(record: &Value) -> (Variant, Vec<Entry>) {
    let record = parse_record(record.clone());
    let variant = record.variant.clone().expect("a ruleset");
    let mut out = Vec::new();
    for (i, hand) in record.hands.iter().enumerate() {
        for &(side, penalty) in &hand.penalties {
            out.push(Entry::Penalty { side, penalty });
        }
        if let Some(pitcher) = hand.pitcher {
            out.push(Entry::Pitcher(pitcher));
        }
        match &hand.body {
            HandBody::Tricks { tricks, layout } => {
                if let Some(layout) = layout {
                    out.push(Entry::Layout(layout.clone()));
                }
                for t in tricks {
                    let don::record::game::TrickEntry::Text(text) = t else {
                        panic!("a trick as text")
                    };
                    out.push(Entry::Trick(parse_trick(text).unwrap()));
                }
            }
            HandBody::Totals(t) => out.push(Entry::Totals(t.clone())),
            HandBody::Abandoned { reason, seat } => out.push(Entry::Abandon {
                reason: *reason,
                seat: *seat,
            }),
            HandBody::Broken => panic!("a broken hand in an example"),
        }
        if let Some((side, after)) = record.conceded {
            if after as usize == i + 1 {
                out.push(Entry::Concede(side));
            }
        }
    }
    (variant, out)
}

fn examples() -> Vec<Value> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut records = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        if file.extension().is_some_and(|e| e == "jsonl") {
            records.extend(text.lines().map(|l| serde_json::from_str(l).unwrap()));
        } else {
            match serde_json::from_str(&text).unwrap() {
                Value::Array(list) => records.extend(list),
                one => records.push(one),
            }
        }
    }
    records
}

/// What the score sheet says of the game, hand by hand.
fn scored(sheet: &ScoreSheet) -> Vec<String> {
    let mut lines: Vec<String> = sheet
        .hands
        .iter()
        .map(|h| {
            format!(
                "{} {:?} {:?} {:?} {:?} {:?} {} {:?}",
                h.number, h.kind, h.pitcher, h.trumps, h.points, h.score, h.tricks, h.decided
            )
        })
        .collect();
    lines.push(format!(
        "final {:?} result {:?} wins {:?} errors {:?}",
        sheet.final_score, sheet.result, sheet.wins, sheet.errors
    ));
    lines
}

#[test]
fn every_example_entered_line_by_line_scores_as_its_record() {
    let records = examples();
    assert!(records.len() >= 20);
    for record in records {
        let id = record["id"].as_str().unwrap_or("?").to_string();
        let (variant, list) = entries(&record);
        let mut replay = Replay::new(&variant);
        for entry in list {
            if let Err(fault) = replay.enter(entry.clone()) {
                panic!("{id}: {entry:?} refused: {}", fault.message);
            }
        }
        let entered = replay.finish();
        let whole = replay_record(parse_record(record));
        assert_eq!(scored(&entered), scored(&whole), "{id}");
    }
}

fn trick(text: &str) -> Entry {
    Entry::Trick(parse_trick(text).unwrap())
}

/// Enters `entry`, which must be refused with `code` and leave the replay as it was.
fn refused(replay: &mut Replay, entry: Entry, code: Code, message: &str) {
    let before = replay.clone();
    let fault = replay.enter(entry).unwrap_err();
    assert_eq!((fault.code, fault.message.as_str()), (code, message));
    assert_eq!(*replay, before, "a refused entry changed the replay");
}

#[test]
fn a_hand_begins_with_its_first_entry_and_ends_with_the_deal() {
    let variant = Variant::default_for("nine-card-don").unwrap();
    let mut replay = Replay::new(&variant);
    // A penalty before any hand waits for the first one; the pitcher is noted.
    assert_eq!(
        replay.enter(Entry::Penalty {
            side: Side::NS,
            penalty: Penalty::Points(-3)
        }),
        Ok(Step::Penalty)
    );
    assert_eq!(
        replay.enter(Entry::Pitcher(Seat::N)),
        Ok(Step::Pitcher(Seat::N))
    );
    for (n, t) in HAND_A.iter().enumerate() {
        let Step::Trick { report, hand } = replay.enter(trick(t)).unwrap() else {
            panic!("a trick step")
        };
        assert_eq!(report.trick.number, n as u32 + 1);
        assert_eq!(hand.is_some(), n == 8, "the ninth trick ends the hand");
        if let Some(row) = hand {
            assert_eq!((row.points[Side::NS], row.points[Side::EW]), (17, 32));
            assert_eq!(row.kind, HandKind::Tricks);
        }
    }
    // The second hand by the rotation: E pitches. A pitcher given while a hand is in play, a
    // trick of three cards, and a card played twice are refused.
    replay.enter(trick("E:5H S:KH W:2H N:AH")).unwrap();
    refused(
        &mut replay,
        Entry::Pitcher(Seat::S),
        Code::Schema,
        "hand 2 is in play: finish it first",
    );
    refused(
        &mut replay,
        trick("3S 4S 5S"),
        Code::WrongTrickSize,
        "trick 2 of hand 2 has 3 cards; every trick has 4",
    );
    refused(
        &mut replay,
        trick("KH 6S 7S 8S"),
        Code::DuplicateCard,
        "KH is played twice in this hand (first by S); again by N in trick 2",
    );
    refused(
        &mut replay,
        trick("N:6S S:7S E:8S W:9S"),
        Code::Schema,
        "trick 2 of hand 2 names its seats out of playing order: N leads and play goes clockwise",
    );
    // A concession is refused while a hand is in play.
    refused(
        &mut replay,
        Entry::Concede(Side::EW),
        Code::Schema,
        "hand 2 is in play: finish it first",
    );
    // A renege is taken and reported: W discards on hearts (S's 8♥ wins), then trumps spades.
    replay.enter(trick("N:6H E:7H S:8H W:2S")).unwrap();
    replay.enter(trick("S:9S W:3H N:TS E:JS")).unwrap();
    assert_eq!(
        replay.sheet().errors.len(),
        0,
        "reported when the hand closes"
    );
    let Step::Hand(row) = replay
        .enter(Entry::Abandon {
            reason: AbandonReason::Renege,
            seat: Some(Seat::W),
        })
        .unwrap()
    else {
        panic!("a hand step")
    };
    assert_eq!(row.kind, HandKind::Abandoned);
    assert_eq!(replay.sheet().errors[0].code, Code::Renege);
    assert_eq!(replay.sheet().hands.len(), 2);
    assert_eq!(replay.game().expected_pitcher(), Some(Seat::E));
    // The pitcher given and the seat leading the first trick must agree.
    replay.enter(Entry::Pitcher(Seat::E)).unwrap();
    refused(
        &mut replay,
        trick("S:5D W:2D N:3D E:4D"),
        Code::WrongPitcher,
        "E is to pitch hand 3, but the trick is led by S",
    );
    refused(
        &mut replay,
        Entry::Concede(Side::N),
        Code::Schema,
        "N is not a side in this game",
    );
    assert!(matches!(
        replay.enter(Entry::Concede(Side::EW)),
        Ok(Step::Conceded(don::rules::Outcome::Won(Side::NS)))
    ));
}

#[test]
fn a_seat_the_game_has_not_is_refused_as_an_entry_too() {
    let mut replay = Replay::new(&Variant::default_for("game-to-lose").unwrap());
    refused(
        &mut replay,
        trick("W:5H N:2H E:3H"),
        Code::Schema,
        "trick 1 of hand 1 names W, which is not a seat of this game (N, E, S)",
    );
    refused(
        &mut replay,
        Entry::Pitcher(Seat::W),
        Code::Schema,
        "W is not a seat in this game",
    );
    // Irish Don's first deal: nobody need be named; the lowest diamond is checked at its end.
    let mut replay = Replay::new(&Variant::default_for("irish-don").unwrap());
    replay.enter(Entry::Pitcher(Seat::N)).unwrap();
    for t in IRISH_1 {
        replay.enter(trick(t)).unwrap();
    }
    assert!(replay.sheet().errors.is_empty());
    assert_eq!(replay.sheet().hands[0].points[Side::NS], 37);
}

#[test]
fn a_claimed_irish_deal_ends_by_entry_as_its_record_does() {
    let variant = Variant::default_for("irish-don").unwrap();
    let record = serde_json::json!({"format": "don/1", "ruleset": {"variant": "irish-don"},
        "hands": [{"pitcher": "N", "tricks": CLAIMED[0]}, {"pitcher": "E", "tricks": CLAIMED[1]}]});
    let mut replay = Replay::new(&variant);
    replay.enter(Entry::Pitcher(Seat::N)).unwrap();
    // Ending a deal before the game is decided in it is refused.
    replay.enter(trick(CLAIMED[0][0])).unwrap();
    refused(
        &mut replay,
        Entry::EndHand,
        Code::WrongTrickCount,
        "hand 1 has 1 of its 13 tricks, and the game was not decided in them: play it out, or abandon it",
    );
    for t in &CLAIMED[0][1..] {
        replay.enter(trick(t)).unwrap();
    }
    replay.enter(Entry::Pitcher(Seat::E)).unwrap();
    for t in CLAIMED[1] {
        replay.enter(trick(t)).unwrap();
    }
    // Irish deals are played out unless claimed: the hand is still in play, and a sheet made now
    // says so.
    assert!(replay.game().in_hand());
    let now = replay.clone().finish();
    assert_eq!(
        now.warnings[0].message,
        "hand 2 is in play (12 tricks entered) and not on the sheet"
    );
    let Step::Hand(row) = replay.enter(Entry::EndHand).unwrap() else {
        panic!("a hand step")
    };
    assert_eq!(
        (row.points[Side::NS], row.decided.unwrap().trick),
        (80, Some(12))
    );
    let entered = replay.finish();
    assert_eq!(
        scored(&entered),
        scored(&replay_record(parse_record(record)))
    );
    assert_eq!(entered.winner(), Some(Side::NS));
}

#[test]
fn a_trick_proving_a_renege_leaves_the_deal_to_be_abandoned() {
    let variant = Variant::default_for("nine-card-don").unwrap();
    let mut replay = Replay::new(&variant);
    replay.enter(Entry::Pitcher(Seat::N)).unwrap();
    for t in &LAST_RENEGE[..8] {
        let Step::Trick { hand, .. } = replay.enter(trick(t)).unwrap() else {
            panic!("a trick step")
        };
        assert!(hand.is_none());
    }
    // The deal's last trick proves W's renege: the hand stays in play, to be abandoned.
    let Step::Trick { report, hand } = replay.enter(trick(LAST_RENEGE[8])).unwrap() else {
        panic!("a trick step")
    };
    assert_eq!(hand, None);
    assert_eq!(report.trick.faults[0].seat(), Seat::W);
    assert!(replay.game().in_hand());
    assert_eq!(replay.hand_faults().count(), 1);
    let Step::Hand(row) = replay
        .enter(Entry::Abandon {
            reason: AbandonReason::Renege,
            seat: Some(Seat::W),
        })
        .unwrap()
    else {
        panic!("a hand step")
    };
    assert_eq!(row.kind, HandKind::Abandoned);
    assert_eq!(replay.sheet().errors[0].code, Code::Renege);
    // A trick that proves a renege and reaches the target decides nothing once abandoned: to
    // 15, NS peg the 5♦ in trick 4 and the 5♣ in trick 6, and N takes the 5♥ in trick 9.
    let variant = Variant::build("nine-card-don", [("target", OptionValue::Int(15))]).unwrap();
    let mut replay = Replay::new(&variant);
    replay.enter(Entry::Pitcher(Seat::N)).unwrap();
    for t in &LAST_RENEGE[..8] {
        replay.enter(trick(t)).unwrap();
    }
    let Step::Trick { report, hand } = replay.enter(trick(LAST_RENEGE[8])).unwrap() else {
        panic!("a trick step")
    };
    assert!(report.decided.is_some() && hand.is_none());
    let Step::Hand(row) = replay
        .enter(Entry::Abandon {
            reason: AbandonReason::Renege,
            seat: Some(Seat::W),
        })
        .unwrap()
    else {
        panic!("a hand step")
    };
    assert_eq!((row.decided, row.score[Side::NS]), (None, 0));
    assert!(!replay.game().is_over());
}

/// Hand B's layout (tests/rules_game_to_lose_blind_don.rs), face-down under face-up.
fn blind_layout() -> BlindDeal {
    let cards = |text: &str| -> Vec<Card> {
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect()
    };
    let stacks = |down: &str, up: &str| cards(down).into_iter().zip(cards(up)).collect();
    let mut deal = BlindDeal::default();
    deal.stacks[Seat::N] = stacks("QD TD 8D 6D 4D AC QC TC 8C", "AS KS QS JS AH KH QH JH AD");
    deal.stacks[Seat::S] = stacks("JD 9D 7D 5D 3D KC JC 9C 7C", "TS 9S 8S 7S TH 9H 8H 7H KD");
    deal
}

#[test]
fn a_layout_begins_a_hand_as_a_trick_does() {
    let variant = Variant::default_for("blind-don").unwrap();
    let mut replay = Replay::new(&variant);
    // The first pitch is free: without a pitcher nobody can lay out for the hand.
    refused(
        &mut replay,
        Entry::Layout(blind_layout()),
        Code::Schema,
        "who pitched this hand cannot be told: give the pitcher",
    );
    // The layout's shape is the game's.
    let mut short = blind_layout();
    short.stacks[Seat::S].pop();
    refused(
        &mut replay,
        Entry::Layout(short),
        Code::Schema,
        "the layout of hand 1 gives S 8 stacks and 0 cards in hand; this layout has 9 and 0",
    );
    let mut twice = blind_layout();
    twice.stacks[Seat::S][0].1 = "AS".parse().unwrap();
    replay.enter(Entry::Pitcher(Seat::N)).unwrap();
    refused(
        &mut replay,
        Entry::Layout(twice),
        Code::DuplicateCard,
        "AS is laid out twice (again for S)",
    );
    assert_eq!(
        replay.enter(Entry::Layout(blind_layout())),
        Ok(Step::Layout)
    );
    assert!(replay.game().in_hand());
    assert_eq!(replay.pitcher(), Some(Seat::N));
    replay.enter(trick("AS TS")).unwrap();
    refused(
        &mut replay,
        Entry::Layout(blind_layout()),
        Code::Schema,
        "the layout is given after the hand's first trick",
    );
    // With the layout known, a card face down is not playable.
    refused(
        &mut replay,
        trick("KS 3D"),
        Code::NotPlayable,
        "S played 3D in trick 2, but it was not face up or in hand",
    );
    // Only Blind Don lays its cards out.
    let mut replay = Replay::new(&Variant::default_for("nine-card-don").unwrap());
    replay.enter(Entry::Pitcher(Seat::N)).unwrap();
    refused(
        &mut replay,
        Entry::Layout(BlindDeal::default()),
        Code::Schema,
        "Nine Card Don has no layout: only Blind Don lays its cards out",
    );
}
