//! The replay layer one typed entry at a time (`Replay::enter`, as the table-side scorer will
//! drive it): every example game, entered line by line, gives the score sheet its record gives;
//! an entry that cannot be taken comes back as a fault and changes nothing.

mod common;

use common::{HAND_A, IRISH_1};
use don::record::trick::parse_trick;
use don::record::{parse_record, Code, HandBody};
use don::replay::{replay_record, Entry, HandKind, Replay, ScoreSheet, Step};
use don::rules::{AbandonReason, Penalty, Seat, Side, Variant};
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
            HandBody::Tricks { tricks, .. } => {
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

/// The oracle's claimed deal (tests/replay.rs): NS take all 80 of the second deal and pass 80 at
/// trick 12, where the record stops.
const CLAIMED: [&[&str]; 2] = [
    &[
        "2D 5D 3D 4D",
        "6D 7D 9D 8D",
        "TD JD KD QD",
        "2S 3S 4S 5S",
        "6S 9S 7S 8S",
        "TS JS KS QS",
        "2H 3H 5H 4H",
        "6H 7H 9H 8H",
        "TH JH KH QH",
        "2C 3C 5C 4C",
        "6C 7C 9C 8C",
        "TC JC KC QC",
        "AS AH AD AC",
    ],
    &[
        "2C 3C 4C 5C",
        "6C 7C 9C 8C",
        "TC JC KC QC",
        "2S 3S 5S 4S",
        "6S 7S 9S 8S",
        "TS JS KS QS",
        "2H 3H 5H 4H",
        "6H 7H 9H 8H",
        "TH JH KH QH",
        "2D 3D 5D 4D",
        "AS AH AC AD",
        "6D 7D 9D 8D",
    ],
];

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
