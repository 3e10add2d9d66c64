//! The table-side scorer: for every variant a whole game entered line by line through a
//! `ScorerSession`, with the figures worked out by hand in the rules tests (tests/rules_*.rs,
//! tests/engine.rs, tests/entries.rs) and the words said; every refusal leaving the journal and
//! the session as they were; a renege recorded with the abandonment it forces; `undo`; a
//! journal that fails; and a session opened again on its journal standing where it stood.

use crate::common;

use common::journal::MemoryJournal;
use common::{B, CLAIMED, FIFTY, G, HAND_A, IRISH_1, LAST_RENEGE, TIE};
use don::record::trick::parse_trick;
use don::replay::Entry;
use don::rules::{BlindDeal, BySeat, Card, OptionValue, Outcome, Seat, Side, Suit};
use don::scorer::{Answer, JournalEntry, LineRefusal, ScorerSession, ScorerView, SessionError};

type Table = ScorerSession<MemoryJournal>;

fn variant(name: &str, options: &[(&str, OptionValue)]) -> don::rules::Variant {
    don::rules::Variant::build(name, options.iter().map(|(k, v)| (*k, v.clone()))).unwrap()
}

fn int(n: i64) -> OptionValue {
    OptionValue::Int(n)
}

fn word(w: &str) -> OptionValue {
    OptionValue::Str(w.to_string())
}

/// Gareth (N) and Rhys (S) against Dai (E) and Huw (W).
fn welsh() -> BySeat<Option<String>> {
    BySeat([
        Some("Gareth".into()),
        Some("Dai".into()),
        Some("Rhys".into()),
        Some("Huw".into()),
    ])
}

fn open(name: &str, options: &[(&str, OptionValue)], seats: BySeat<Option<String>>) -> Table {
    ScorerSession::open(variant(name, options), seats, MemoryJournal::default()).unwrap()
}

/// A session opened afresh on a copy of the journal stands exactly where this one does.
fn resumes(t: &Table) {
    let again = ScorerSession::open(t.variant().clone(), t.seats().clone(), t.journal().clone())
        .unwrap_or_else(|e| panic!("cannot reopen: {e}"));
    assert_eq!(again.status(), t.status(), "the status on resuming");
    assert_eq!(again.sheet(), t.sheet(), "the sheet on resuming");
    assert_eq!(again.entries(), t.entries());
}

/// Enters a line that must be recorded, and returns what was said.
fn enter(t: &mut Table, line: &str) -> Vec<String> {
    let answer = match t.enter_line(line) {
        Ok(answer) => answer,
        Err(e) => panic!("`{line}` refused: {e}"),
    };
    let Answer::Recorded(said) = answer else {
        panic!("`{line}`: {answer:?}")
    };
    resumes(t);
    said.iter().map(ToString::to_string).collect()
}

/// Enters lines that must all be recorded; everything said, in order.
fn play(t: &mut Table, lines: &[&str]) -> Vec<String> {
    lines.iter().flat_map(|line| enter(t, line)).collect()
}

fn lines_of(pitcher: &str, tricks: &[&str]) -> Vec<String> {
    let mut out = vec![format!("pitcher {pitcher}")];
    out.extend(tricks.iter().map(|t| t.to_string()));
    out
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Asserts a line is refused with `message`, and nothing changed: journal, status, sheet.
fn refused(t: &mut Table, line: &str, message: &str) {
    let (status, journal, sheet) = (t.status(), t.journal().lines.clone(), t.sheet());
    match t.enter_line(line) {
        Err(LineRefusal::Line(m)) => assert_eq!(m.to_string(), message, "`{line}`"),
        other => panic!("`{line}`: {other:?}"),
    }
    assert_eq!(t.status(), status, "`{line}` changed the status");
    assert_eq!(t.journal().lines, journal, "`{line}` changed the journal");
    assert_eq!(t.sheet(), sheet, "`{line}` changed the sheet");
}

fn score(status: &ScorerView) -> Vec<i32> {
    status.sides.iter().map(|s| s.score).collect()
}

fn has(said: &[String], line: &str) {
    assert!(
        said.iter().any(|s| s == line),
        "`{line}` not said; said:\n{}",
        said.join("\n")
    );
}

#[test]
fn nine_card_don_to_121_hand_by_hand() {
    // Hand A (tests/rules_nine_card_don.rs) by N: NS 20, EW 32; by E: NS 32, EW 20; by S as by
    // N, by W as by E: 104–104 after four hands. Hand 5, by N: NS 114 after trick 1, EW 117
    // after trick 2, EW 123 after trick 3: EW peg out.
    let mut t = open("nine-card-don", &[], welsh());
    let first = t.status();
    assert_eq!((first.hand, first.in_hand, first.pitcher), (1, false, None));
    assert_eq!(
        first.to_string(),
        "Hand 1 · NS (Gareth & Rhys) 0 · EW (Dai & Huw) 0. Who pitches? Type `pitcher N|E|S|W` (the winner of the cut, or whom they choose)"
    );

    assert_eq!(enter(&mut t, "pitcher n"), ["N (Gareth) pitches hand 1"]);
    assert_eq!(
        t.status().to_string(),
        "Hand 1 · W (Huw) deals · N (Gareth) pitches · NS (Gareth & Rhys) 0 · EW (Dai & Huw) 0"
    );
    assert_eq!(
        enter(&mut t, "5h 2h 3h 4h"),
        [
            "NS (Gareth & Rhys) win the trick: 5 of trumps 10 — 10",
            "Score: NS (Gareth & Rhys) 10, 111 to go · EW (Dai & Huw) 0, 121 to go"
        ]
    );
    assert_eq!(
        enter(&mut t, "N:9H E:AH S:6H W:7H"),
        [
            "EW (Dai & Huw) win the trick: 9 of trumps 9, ace of trumps 4 — 13",
            "Score: NS (Gareth & Rhys) 10, 111 to go · EW (Dai & Huw) 13, 108 to go"
        ]
    );
    let s = t.status();
    assert_eq!(
        (s.hand, s.trick, s.leader, s.trumps, s.dealer, s.pitcher),
        (
            1,
            3,
            Some(Seat::E),
            Some(Suit::Hearts),
            Some(Seat::W),
            Some(Seat::N)
        )
    );
    assert_eq!(
        s.to_string(),
        "Hand 1, trick 3 · W (Huw) deals · N (Gareth) pitched · E (Dai) to lead · trumps hearts · NS (Gareth & Rhys) 10 · EW (Dai & Huw) 13"
    );
    assert_eq!(
        enter(&mut t, "KH QH JH TH"),
        [
            "EW (Dai & Huw) win the trick: king of trumps 3, queen of trumps 2, jack of trumps 1 — 6",
            "Score: NS (Gareth & Rhys) 10, 111 to go · EW (Dai & Huw) 19, 102 to go"
        ]
    );
    let said = play(&mut t, &HAND_A[3..]);
    has(&said, "EW (Dai & Huw) win the trick: 5 of spades 5 — 5");
    has(&said, "EW (Dai & Huw) win the trick: nothing to peg");
    assert_eq!(
        said[said.len() - 4..],
        [
            "NS (Gareth & Rhys) win the trick: nothing to peg",
            "Game to EW (Dai & Huw): 8",
            "Hand 1 ends: NS (Gareth & Rhys) 20, EW (Dai & Huw) 32",
            "Score: NS (Gareth & Rhys) 20, 101 to go · EW (Dai & Huw) 32, 89 to go"
        ]
    );
    // The rotation: E pitches hand 2, N deals; no `pitcher` line is needed.
    let s = t.status();
    assert_eq!(
        (s.hand, s.pitcher, s.dealer),
        (2, Some(Seat::E), Some(Seat::N))
    );
    let said = play(&mut t, &HAND_A);
    has(&said, "Game to NS (Gareth & Rhys): 8");
    has(
        &said,
        "Hand 2 ends: NS (Gareth & Rhys) 32, EW (Dai & Huw) 20",
    );
    play(&mut t, &HAND_A);
    let said = play(&mut t, &HAND_A);
    has(
        &said,
        "Score: NS (Gareth & Rhys) 104, 17 to go · EW (Dai & Huw) 104, 17 to go",
    );
    assert_eq!(t.status().pitcher, Some(Seat::N));
    play(&mut t, &HAND_A[..2]);
    assert_eq!(
        enter(&mut t, HAND_A[2]),
        [
            "EW (Dai & Huw) win the trick: king of trumps 3, queen of trumps 2, jack of trumps 1 — 6",
            "EW (Dai & Huw) peg out at trick 3 of hand 5: 114–123",
            "Hand 5 ends: NS (Gareth & Rhys) 10, EW (Dai & Huw) 19",
            "EW (Dai & Huw) win the game"
        ]
    );
    let s = t.status();
    assert!(s.over);
    assert_eq!(s.result, Some(Outcome::Won(Side::EW)));
    assert_eq!(score(&s), [114, 123]);
    assert_eq!(
        s.to_string(),
        "The game is over: EW (Dai & Huw) won, 114–123. What is left: `undo` takes back the last entry, `quit` stops"
    );
    let sheet = t.sheet();
    let points: Vec<(i32, i32)> = sheet
        .hands
        .iter()
        .map(|h| (h.points[Side::NS], h.points[Side::EW]))
        .collect();
    assert_eq!(points, [(20, 32), (32, 20), (20, 32), (32, 20), (10, 19)]);
    assert_eq!(sheet.winner(), Some(Side::EW));
    assert!(sheet.errors.is_empty(), "{:?}", sheet.errors);
    // One line, one entry: the pitcher and 4 × 9 + 3 tricks.
    assert_eq!(t.journal().lines.len(), 40);
    assert!(t.journal().lines.iter().all(|l| l.len() == 1));
    // Each entry knows its hand and its pitcher.
    let kept = t.journal().flat();
    assert_eq!(
        (kept[0].hand, kept[0].pitcher, &kept[0].entry),
        (1, Some(Seat::N), &Entry::Pitcher(Seat::N))
    );
    assert_eq!((kept[10].hand, kept[10].pitcher), (2, Some(Seat::E)));
    assert_eq!((kept[39].hand, kept[39].pitcher), (5, Some(Seat::N)));
    // Then nothing more is taken, but undo is.
    refused(
        &mut t,
        "5S 2S 3S 4S",
        "the game is over: EW (Dai & Huw) won, 114–123; what is left: `undo` takes back the last entry, `quit` stops",
    );
    refused(
        &mut t,
        "concede NS",
        "the game is over: EW (Dai & Huw) won, 114–123; what is left: `undo` takes back the last entry, `quit` stops",
    );
    let Ok(Answer::TakenBack(said)) = t.enter_line("undo") else {
        panic!("undo")
    };
    assert_eq!(said[0].to_string(), "Taken back from hand 5: `KH QH JH TH`");
    assert!(!t.status().over);
    assert_eq!(score(&t.status()), [114, 117]);
    assert_eq!(t.enter_line("quit").unwrap(), Answer::Quit);
}

#[test]
fn the_peg_out_line_without_names_and_the_awards_in_their_order() {
    // hljg to 52 (tests/rules_nine_card_don.rs): hand A by N is high EW, low NS, jack EW, game
    // EW: NS 21, EW 31. Hand A by E: in play NS 45, EW 51; high to NS (46), low to EW (52):
    // out, before NS could peg jack and game.
    let mut t = open(
        "nine-card-don",
        &[("end_scoring", word("hljg")), ("target", int(52))],
        BySeat::default(),
    );
    let said = play(&mut t, &strs(&lines_of("N", &HAND_A)));
    assert_eq!(
        said[said.len() - 6..],
        [
            "High to EW: 1",
            "Low to NS: 1",
            "Jack to EW: 1",
            "Game to EW: 5",
            "Hand 1 ends: NS 21, EW 31",
            "Score: NS 21, 31 to go · EW 31, 21 to go"
        ]
    );
    let said = play(&mut t, &HAND_A);
    assert_eq!(
        said[said.len() - 6..],
        [
            "EW win the trick: nothing to peg",
            "High to NS: 1",
            "Low to EW: 1",
            "EW peg out with low in hand 2: 46–52",
            "Hand 2 ends: NS 25, EW 21",
            "EW win the game",
        ]
    );
    assert_eq!(t.status().result, Some(Outcome::Won(Side::EW)));
    // Play stops the instant a side reaches the target (15): EW at trick 3.
    let mut t = open("nine-card-don", &[("target", int(15))], BySeat::default());
    let said = play(&mut t, &["pitcher N", HAND_A[0], HAND_A[1], HAND_A[2]]);
    has(&said, "EW peg out at trick 3 of hand 1: 10–19");
    has(&said, "EW win the game");
    assert_eq!(t.sheet().hands[0].points[Side::EW], 19);
}

#[test]
fn four_pitches_count_the_deals_left_and_can_be_drawn() {
    // deals 4, hljg: A by N 21–31, by E 31–21, by S, by W: 104–104, a draw.
    let mut t = open(
        "nine-card-don",
        &[("deals", int(4)), ("end_scoring", word("hljg"))],
        BySeat::default(),
    );
    let said = play(&mut t, &strs(&lines_of("N", &HAND_A)));
    assert_eq!(said.last().unwrap(), "Score: NS 21 · EW 31 · 3 deals left");
    play(&mut t, &HAND_A);
    let said = play(&mut t, &HAND_A);
    assert_eq!(said.last().unwrap(), "Score: NS 73 · EW 83 · 1 deal left");
    let said = play(&mut t, &HAND_A);
    assert_eq!(
        said[said.len() - 3..],
        [
            "Hand 4 ends: NS 31, EW 21",
            "After 4 deals the game is drawn: 104–104",
            "The game is a draw"
        ]
    );
    assert_eq!(t.status().result, Some(Outcome::Draw));
}

#[test]
fn legs_of_a_match_each_from_nothing() {
    // Target 15, best of three legs (tests/rules_nine_card_don.rs): EW (A by N), NS (A by E),
    // EW (A by N). A new leg's first pitch is free.
    let mut t = open(
        "nine-card-don",
        &[("target", int(15)), ("legs", int(3))],
        welsh(),
    );
    let said = play(&mut t, &strs(&lines_of("N", &HAND_A[..3])));
    assert_eq!(
        said[said.len() - 3..],
        [
            "EW (Dai & Huw) peg out at trick 3 of hand 1: 10–19",
            "Hand 1 ends: NS (Gareth & Rhys) 10, EW (Dai & Huw) 19",
            "EW (Dai & Huw) win leg 1; legs 0–1. Leg 2 begins"
        ]
    );
    let s = t.status();
    assert_eq!((s.leg, s.hand, s.pitcher), (2, 2, None));
    assert_eq!(score(&s), [0, 0]);
    assert_eq!(s.sides[1].wins, 1);
    assert_eq!(
        s.to_string(),
        "Hand 2 · NS (Gareth & Rhys) 0 · EW (Dai & Huw) 0 · leg 2, legs 0–1. Who pitches? Type `pitcher N|E|S|W` (the winner of the cut, or whom they choose)"
    );
    refused(
        &mut t,
        HAND_A[0],
        "who pitches hand 2? Type `pitcher N|E|S|W` (the winner of the cut, or whom they choose), then the trick",
    );
    let said = play(&mut t, &strs(&lines_of("E", &HAND_A[..3])));
    has(
        &said,
        "NS (Gareth & Rhys) peg out at trick 3 of hand 2: 19–10",
    );
    has(
        &said,
        "NS (Gareth & Rhys) win leg 2; legs 1–1. Leg 3 begins",
    );
    let said = play(&mut t, &strs(&lines_of("N", &HAND_A[..3])));
    assert_eq!(
        said.last().unwrap(),
        "EW (Dai & Huw) win the match: legs 1–2"
    );
    let s = t.status();
    assert_eq!((s.over, s.leg), (true, 3));
    assert_eq!(
        s.to_string(),
        "The game is over: EW (Dai & Huw) won the match 1–2. What is left: `undo` takes back the last entry, `quit` stops"
    );
}

#[test]
fn totals_penalties_an_abandoned_deal_and_a_concession() {
    // tests/engine.rs: hand A by N (20–32); hand 2 as totals, 32–20 with game to NS, and 5 off
    // NS: 27–20, 47–52; hand 3 abandoned for W's renege (friendly: nothing), S pitches again;
    // EW concede.
    let mut t = open("nine-card-don", &[], welsh());
    play(&mut t, &strs(&lines_of("N", &HAND_A)));
    assert_eq!(
        enter(&mut t, "penalty NS -5"),
        ["Penalty on NS (Gareth & Rhys): -5 at the end of hand 2"]
    );
    assert_eq!(
        enter(&mut t, "totals NS 32 EW 20 game NS"),
        [
            "Game to NS (Gareth & Rhys): 8",
            "Hand 2 entered as totals: NS (Gareth & Rhys) 27, EW (Dai & Huw) 20",
            "Score: NS (Gareth & Rhys) 47, 74 to go · EW (Dai & Huw) 52, 69 to go"
        ]
    );
    assert_eq!(
        enter(&mut t, "penalty EW out-of-turn"),
        ["Penalty on EW (Dai & Huw) for playing out of turn in hand 3: no points under friendly penalties"]
    );
    assert_eq!(
        enter(&mut t, "abandon renege W"),
        [
            "Hand 3 is abandoned (renege by W (Huw)): nothing pegged in it counts. The same dealer, E (Dai), deals again, and S (Rhys) pitches",
            "Score: NS (Gareth & Rhys) 47, 74 to go · EW (Dai & Huw) 52, 69 to go"
        ]
    );
    assert_eq!(t.status().pitcher, Some(Seat::S));
    refused(
        &mut t,
        "concede N",
        "`N` is a seat, not a side: N plays for NS (the sides are NS and EW)",
    );
    assert_eq!(
        enter(&mut t, "concede EW"),
        ["EW (Dai & Huw) concede", "NS (Gareth & Rhys) win the game"]
    );
    let kept = t.journal().flat();
    let last = kept.last().unwrap();
    assert_eq!(
        (last.hand, last.pitcher, &last.entry),
        (3, Some(Seat::S), &Entry::Concede(Side::EW))
    );
    assert_eq!(t.status().result, Some(Outcome::Won(Side::NS)));
    assert_eq!(score(&t.status()), [47, 52]);
}

/// The renege of tests/rules_nine_card_don.rs: spades trumps; in trick 3 W discards the 2♦ on
/// S's 2♥, and in trick 4 plays the 7♥.
const RENEGE: [&str; 4] = ["2S 3S 4S 6S", "7C 8C 9C TC", "2H 2D 3H 4H", "6H 5H 7H 8H"];

#[test]
fn a_trick_proving_a_renege_abandons_the_deal_in_one_change() {
    let mut t = open("nine-card-don", &[("penalties", word("league"))], welsh());
    play(&mut t, &strs(&lines_of("N", &RENEGE[..3])));
    let before = t.journal().lines.len();
    assert_eq!(
        enter(&mut t, RENEGE[3]),
        [
            "Renege by W (Huw): W did not follow hearts in trick 3 but played 7H in trick 4",
            "Hand 1 is abandoned (renege by W (Huw)): nothing pegged in it counts. EW (Dai & Huw) lose 52. The same dealer, W (Huw), deals again, and N (Gareth) pitches",
            "Score: NS (Gareth & Rhys) 0, 121 to go · EW (Dai & Huw) -52, 173 to go"
        ]
    );
    // One append: the trick and the abandonment, both of hand 1.
    let journal = &t.journal().lines;
    assert_eq!(journal.len(), before + 1);
    let line = journal.last().unwrap();
    assert_eq!(
        line.iter().map(|e| (e.hand, e.pitcher)).collect::<Vec<_>>(),
        [(1, Some(Seat::N)), (1, Some(Seat::N))]
    );
    assert_eq!(line[0].entry, Entry::Trick(parse_trick(RENEGE[3]).unwrap()));
    assert_eq!(
        line[1].entry,
        Entry::Abandon {
            reason: don::rules::AbandonReason::Renege,
            seat: Some(Seat::W)
        }
    );
    let s = t.status();
    assert_eq!(
        (s.hand, s.in_hand, s.pitcher, s.dealer),
        (2, false, Some(Seat::N), Some(Seat::W))
    );
    assert_eq!(score(&s), [0, -52]);
    // Undone, both go: the trick is back to be entered again.
    let Ok(Answer::TakenBack(said)) = t.enter_line("undo") else {
        panic!("undo")
    };
    assert_eq!(
        said[0].to_string(),
        "Taken back from hand 1: `6H 5H 7H 8H`, and with it `abandon renege W`, which it forced"
    );
    assert_eq!((t.status().hand, t.status().trick), (1, 4));
    assert_eq!(t.journal().lines.len(), before);
    // Friendly, the deal is abandoned without the 52.
    let mut t = open("nine-card-don", &[], BySeat::default());
    let said = play(&mut t, &strs(&lines_of("N", &RENEGE)));
    has(
        &said,
        "Hand 1 is abandoned (renege by W): nothing pegged in it counts. The same dealer, W, deals again, and N pitches",
    );
    assert_eq!(score(&t.status()), [0, 0]);
}

#[test]
fn a_renege_proven_in_the_last_trick_or_the_deciding_trick_still_abandons_the_deal() {
    // tests/common's LAST_RENEGE: W's renege of trick 3 is proven by the 7♥ in trick 9, the
    // deal's last. To 15, that trick also takes NS to 15 (5♦, 5♣, 5♥): abandoned, it decides
    // nothing, and the score goes back to where the deal began.
    let mut t = open("nine-card-don", &[("target", int(15))], BySeat::default());
    let said = play(&mut t, &strs(&lines_of("N", &LAST_RENEGE[..8])));
    has(&said, "Score: NS 10, 5 to go · EW 0, 15 to go");
    assert_eq!(
        enter(&mut t, LAST_RENEGE[8]),
        [
            "Renege by W: W did not follow hearts in trick 3 but played 7H in trick 9",
            "Hand 1 is abandoned (renege by W): nothing pegged in it counts. The same dealer, W, deals again, and N pitches",
            "Score: NS 0, 15 to go · EW 0, 15 to go"
        ]
    );
    let s = t.status();
    assert_eq!((s.over, s.hand, s.pitcher), (false, 2, Some(Seat::N)));
    assert_eq!(t.journal().lines.last().unwrap().len(), 2);
}

#[test]
fn phat_to_181_with_the_muck_carried_and_the_fifth_deal() {
    // tests/rules_phat.rs: four deals of 40–40 with the muck tied (carried 8, 16, 24; no muck
    // after the fourth), 160–160; the fifth, TIE pitched by N, counts phat only: NS 170 after
    // trick 1, 188 after trick 2.
    let mut t = open("phat", &[], BySeat::default());
    let mut said = Vec::new();
    for p in ["N", "E", "S", "W"] {
        said.extend(play(
            &mut t,
            &[&format!("pitcher {p}"), "totals NS 40 EW 40 muck tie"],
        ));
    }
    assert_eq!(
        said[..4],
        [
            "N pitches hand 1",
            "Muck: nobody scores it",
            "Muck tied: 8 carried to the next deal",
            "Hand 1 entered as totals: NS 40, EW 40",
        ]
    );
    has(&said, "Muck tied: 24 carried to the next deal");
    assert!(!said.iter().any(|s| s.contains("32 carried")));
    assert_eq!(
        said.last().unwrap(),
        "Score: NS 160, 21 to go · EW 160, 21 to go"
    );
    // The fifth deal goes back to the first deal's pitcher.
    assert_eq!(t.status().pitcher, Some(Seat::N));
    assert_eq!(
        enter(&mut t, TIE[0]),
        [
            "NS win the trick: ace of trumps 4, king of trumps 3, queen of trumps 2, jack of trumps 1 — 10",
            "Score: NS 170, 11 to go · EW 160, 21 to go"
        ]
    );
    assert_eq!(
        enter(&mut t, TIE[1]),
        [
            "NS win the trick: 9 of trumps 18 — 18",
            "NS peg out at trick 2 of hand 5: 188–160",
            "Hand 5 ends: NS 28, EW 0",
            "NS win the game"
        ]
    );
}

#[test]
fn phat_a_tied_muck_pegs_sixteen_in_the_next_deal() {
    // TIE by N: 47–33, muck carried; FIFTY by E: the sides swap, EW take 50 of the muck and peg
    // 8 + 8: 80–96. To 90, EW peg out with the muck.
    let mut t = open("phat", &[("target", int(90))], BySeat::default());
    let said = play(&mut t, &strs(&lines_of("N", &TIE)));
    assert_eq!(
        said[said.len() - 4..],
        [
            "Muck: nobody scores it",
            "Muck tied: 8 carried to the next deal",
            "Hand 1 ends: NS 47, EW 33",
            "Score: NS 47, 43 to go · EW 33, 57 to go"
        ]
    );
    let said = play(&mut t, &FIFTY);
    assert_eq!(
        said[said.len() - 4..],
        [
            "Muck to EW: 16",
            "EW peg out with muck in hand 2: 80–96",
            "Hand 2 ends: NS 33, EW 63",
            "EW win the game"
        ]
    );
}

fn i2b() -> Vec<&'static str> {
    let mut t = IRISH_1.to_vec();
    t[12] = "AD AS AH AC";
    t
}

#[test]
fn irish_don_eighty_all_and_the_last_scorer() {
    // tests/rules_irish_don.rs: I1 by N, NS 37, EW 43; I1 by E, NS 43, EW 37: 80–80, and NS
    // took the last scoring trick (the A♦), so EW win.
    let mut t = open("irish-don", &[], welsh());
    let said = play(&mut t, &strs(&lines_of("N", &IRISH_1)));
    assert_eq!(
        said[..3],
        [
            "N (Gareth) pitches hand 1",
            "EW (Dai & Huw) win the trick: 5 of trumps 10 — 10 to count",
            "Count: NS (Gareth & Rhys) 0, 81 to pass 80 · EW (Dai & Huw) 10, 71 to pass 80"
        ]
    );
    has(
        &said,
        "NS (Gareth & Rhys) win the trick: 9 of trumps 18 — 18 to count",
    );
    assert_eq!(
        said[said.len() - 2..],
        [
            "Hand 1 ends, the fat counted: NS (Gareth & Rhys) 37, EW (Dai & Huw) 43",
            "Score: NS (Gareth & Rhys) 37, 44 to pass 80 · EW (Dai & Huw) 43, 38 to pass 80"
        ]
    );
    // The pitch passes left: E.
    assert_eq!(t.status().pitcher, Some(Seat::E));
    let said = play(&mut t, &IRISH_1);
    assert_eq!(
        said[said.len() - 3..],
        [
            "Hand 2 ends, the fat counted: NS (Gareth & Rhys) 43, EW (Dai & Huw) 37",
            "80–80 after hand 2: NS (Gareth & Rhys) took the last scoring trick, so EW (Dai & Huw) win",
            "EW (Dai & Huw) win the game"
        ]
    );
    assert_eq!(score(&t.status()), [80, 80]);
    assert_eq!(t.status().result, Some(Outcome::Won(Side::EW)));
}

#[test]
fn irish_don_more_than_eighty_and_a_claim() {
    // I1 by N, then I2b by E: EW take 41 and pass 80 at trick 13 of the second deal: 76–84.
    let mut t = open("irish-don", &[], BySeat::default());
    play(&mut t, &strs(&lines_of("N", &IRISH_1)));
    let said = play(&mut t, &i2b());
    assert_eq!(
        said[said.len() - 4..],
        [
            "EW win the trick: ace of trumps 4 — 4 to count",
            "EW pass 80 at trick 13 of hand 2: 76–84",
            "Hand 2 ends, the fat counted: NS 39, EW 41",
            "EW win the game"
        ]
    );
    // The claimed deal (tests/entries.rs): hand 1 NS 5, EW 75; in the second NS pass 80 at
    // trick 12 (85–75), and claim.
    let mut t = open("irish-don", &[], BySeat::default());
    play(&mut t, &strs(&lines_of("N", CLAIMED[0])));
    assert_eq!(score(&t.status()), [5, 75]);
    refused(&mut t, "claim", "no hand is in play: begin a hand first");
    play(&mut t, &CLAIMED[1][..11]);
    assert_eq!(score(&t.status()), [76, 75]);
    assert!(t.status().counting);
    refused(
        &mut t,
        "claim",
        "hand 2 has 11 of its 13 tricks, and the game was not decided in them: play it out, or abandon it",
    );
    let said = enter(&mut t, CLAIMED[1][11]);
    assert_eq!(
        said,
        [
            "NS win the trick: 9 of diamonds 9 — 9 to count",
            "NS pass 80 at trick 12 of hand 2: 85–75",
            "Count: NS 85, past 80 · EW 75, 6 to pass 80",
            "NS may claim: `claim` ends hand 2 and the game here, or play the deal out"
        ]
    );
    assert!(!t.status().over, "decided, but the deal is in play");
    assert_eq!(
        enter(&mut t, "claim"),
        [
            "Hand 2 ends, the fat counted: NS 80, EW 0",
            "NS win the game"
        ]
    );
    assert_eq!(t.journal().flat().last().unwrap().entry, Entry::EndHand);
    assert_eq!(t.sheet().hands[1].points[Side::NS], 80);
}

#[test]
fn irish_don_a_side_past_80_is_told_at_once_that_it_may_claim() {
    // The claimed deal (tests/entries.rs): hand 1 NS 5, EW 75. In hand 2 NS take every trick's
    // fat: 5 + 71 after trick 11 (76–75), the 9♦ in trick 12 makes 85: NS pass 80 (RULES.md
    // §5), and may stop play and claim.
    let mut t = open("irish-don", &[], welsh());
    play(&mut t, &strs(&lines_of("N", CLAIMED[0])));
    assert_eq!(t.status().may_claim, None, "between hands");
    play(&mut t, &CLAIMED[1][..11]);
    assert_eq!(t.status().may_claim, None, "76–75: nobody past 80");
    let said = enter(&mut t, CLAIMED[1][11]);
    assert_eq!(
        said[1..],
        [
            "NS (Gareth & Rhys) pass 80 at trick 12 of hand 2: 85–75",
            "Count: NS (Gareth & Rhys) 85, past 80 · EW (Dai & Huw) 75, 6 to pass 80",
            "NS (Gareth & Rhys) may claim: `claim` ends hand 2 and the game here, or play the deal out"
        ]
    );
    let status = t.status();
    assert_eq!(status.may_claim, Some(Side::NS));
    assert_eq!(score(&status), [85, 75]);
    assert!(status.to_string().ends_with(
        ". NS (Gareth & Rhys) may claim: `claim` ends hand 2 and the game here, or play the deal out"
    ));
    assert_eq!(
        status.prompt(),
        "H2 T13 · S leads · ♣ · NS 85–75 EW · NS may claim"
    );
    // The sheet says where play stands: the count with hand 2's tricks, not 5–75.
    let sheet = t.sheet();
    let standing = sheet.standing.clone().unwrap();
    assert_eq!(
        (standing.in_play, standing.counting, standing.may_claim),
        (Some((2, 12)), true, Some(Side::NS))
    );
    assert_eq!(
        (standing.score[Side::NS], standing.score[Side::EW]),
        (85, 75)
    );
    assert!(don::app::view::SheetView::of(&sheet).result.contains(
        &"Unfinished: the count is 85–75, hand 2 in play (12 tricks entered). NS (Gareth & Rhys) may claim the game.".to_string()
    ));
    // Claimed: over, and nothing more to claim.
    enter(&mut t, "claim");
    assert_eq!((t.status().over, t.status().may_claim), (true, None));
    assert_eq!(t.sheet().standing, None);

    // Misère: NS pass 80 and lose; EW, the winners, may claim.
    let mut t = open(
        "irish-don",
        &[("misere", OptionValue::Bool(true))],
        BySeat::default(),
    );
    play(&mut t, &strs(&lines_of("N", CLAIMED[0])));
    let said = play(&mut t, &CLAIMED[1][..12]);
    has(&said, "NS pass 80 at trick 12 of hand 2 and lose: 85–75");
    has(
        &said,
        "EW may claim: `claim` ends hand 2 and the game here, or play the deal out",
    );
    assert_eq!(t.status().may_claim, Some(Side::EW));
}

#[test]
fn irish_don_misere_and_the_bonk() {
    // Misère: EW pass 80 at trick 13 of the second deal (I2b) and lose.
    let mut t = open(
        "irish-don",
        &[("misere", OptionValue::Bool(true))],
        BySeat::default(),
    );
    play(&mut t, &strs(&lines_of("N", &IRISH_1)));
    let said = play(&mut t, &i2b());
    has(&said, "EW pass 80 at trick 13 of hand 2 and lose: 76–84");
    assert_eq!(said.last().unwrap(), "NS win the game");
    // bonk_two_games, first to 3 games (tests/rules_irish_don.rs): NS take all 80 of the first
    // deal, two games at once, and N pitches again; then 37–43 and 50–30: NS pass 80, 87–73.
    let mut t = open(
        "irish-don",
        &[
            ("bonk_two_games", OptionValue::Bool(true)),
            ("games", int(3)),
        ],
        BySeat::default(),
    );
    assert_eq!(
        play(&mut t, &["pitcher N", "totals NS 80 EW 0"])[1..],
        [
            "Hand 1 entered as totals: NS 80, EW 0",
            "NS take all 80 in hand 1: 80–0, two games",
            "NS win game 1 (a bonk: 2 games); games 2–0. Game 2 begins"
        ]
    );
    let s = t.status();
    assert_eq!((s.leg, s.pitcher, s.games), (2, Some(Seat::N), true));
    assert_eq!(
        s.to_string(),
        "Hand 2 · W deals · N pitches · NS 0 · EW 0 · game 2, games 2–0"
    );
    enter(&mut t, "totals NS 37 EW 43");
    assert_eq!(
        enter(&mut t, "totals NS 50 EW 30"),
        [
            "Hand 3 entered as totals: NS 50, EW 30",
            "NS pass 80 in hand 3: 87–73",
            "NS win the match: games 3–0"
        ]
    );
}

#[test]
fn irish_don_short_packs_refuse_the_cards_they_lack() {
    let mut t = open("irish-don", &[("pack", int(48))], BySeat::default());
    enter(&mut t, "pitcher N");
    refused(
        &mut t,
        "2D 3D 4D 5D",
        "hand 1: N played 2D in trick 1, but the 48-card pack has no twos",
    );
    let mut t = open("irish-don", &[("pack", int(44))], BySeat::default());
    enter(&mut t, "pitcher N");
    refused(
        &mut t,
        "4D 3D 5D 6D",
        "hand 1: E played 3D in trick 1, but the 44-card pack has no threes",
    );
    // The first pitch goes to the lowest diamond: N pitched, but E played the 2♦ in trick 1:
    // refused there, not at trick 13, with how to mend it.
    let mut t = open("irish-don", &[], BySeat::default());
    enter(&mut t, "pitcher N");
    refused(
        &mut t,
        "3D 2D 4D 5D",
        "N pitched hand 1, but E played 2D in trick 1: E held the lowest diamond and should have pitched. To mend it: if the wrong seat pitched, `abandon misdeal` voids the deal and the holder of the lowest diamond pitches the redeal; or, if a line was typed wrong, `undo` takes back hand 1's one line so far",
    );
    // In trick 2 (3♦ 4♦ 5♦ 6♦ to W; then W 7♦, N 8♦, E 2♦, S 9♦), after two lines.
    enter(&mut t, "3D 4D 5D 6D");
    refused(
        &mut t,
        "7D 8D 2D 9D",
        "N pitched hand 1, but E played 2D in trick 2: E held the lowest diamond and should have pitched. To mend it: if the wrong seat pitched, `abandon misdeal` voids the deal and the holder of the lowest diamond pitches the redeal; or, if a line was typed wrong, `undo` takes back hand 1's 2 lines so far, one at a time",
    );
    // Mended as it says: the misdeal abandoned, and E, the holder, pitches the redeal.
    enter(&mut t, "abandon misdeal");
    enter(&mut t, "pitcher E");
    enter(&mut t, "2D 3D 4D 5D");
    assert_eq!(t.status().trick, 2);
}

#[test]
fn game_to_lose_the_first_to_the_target_loses() {
    // Hand G (tests/rules_game_to_lose_blind_don.rs): to 24, N reaches it at trick 3.
    let mut t = open("game-to-lose", &[("target", int(24))], BySeat::default());
    let said = play(&mut t, &strs(&lines_of("N", &G[..3])));
    assert_eq!(
        said[said.len() - 3..],
        [
            "N pegs out at trick 3 of hand 1 and loses: 24–0–0",
            "Hand 1 ends: N 24, E 0, S 0",
            "N loses the game"
        ]
    );
    assert_eq!(t.status().result, Some(Outcome::Lost(vec![Seat::N])));
    assert_eq!(t.status().to_string(), "The game is over: N lost, 24–0–0. What is left: `undo` takes back the last entry, `quit` stops");
    // To 121 the hand is played out: N and E tie for the most card value and share the game.
    let mut t = open(
        "game-to-lose",
        &[],
        BySeat([
            Some("Gareth".into()),
            Some("Dai".into()),
            Some("Rhys".into()),
            None,
        ]),
    );
    let said = play(&mut t, &strs(&lines_of("N", &G)));
    assert_eq!(
        said[said.len() - 3..],
        [
            "Game shared: N (Gareth) 4, E (Dai) 4",
            "Hand 1 ends: N (Gareth) 28, E (Dai) 19, S (Rhys) 5",
            "Score: N (Gareth) 28, 93 from losing · E (Dai) 19, 102 from losing · S (Rhys) 5, 116 from losing"
        ]
    );
    assert_eq!(t.status().pitcher, Some(Seat::E));
    assert_eq!(t.status().dealer, Some(Seat::N));
    refused(
        &mut t,
        "pitcher W",
        "`W` is not at the table: the seats are N, E and S",
    );
    refused(
        &mut t,
        "W:5H N:2H E:3H",
        "`W` in `W:5H` is not at the table: the seats are N, E and S",
    );
    // To 25: N ends play on 24 and the shared game takes N past it.
    let mut t = open("game-to-lose", &[("target", int(25))], BySeat::default());
    let said = play(&mut t, &strs(&lines_of("N", &G)));
    has(&said, "N pegs out with game in hand 1 and loses: 28–19–5");
    // Totals: the shared game takes N and E to 20 together, level: both lose.
    let mut t = open("game-to-lose", &[("target", int(20))], BySeat::default());
    assert_eq!(
        enter(&mut t, "totals N 20 E 20 S 5 game N+E"),
        [
            "Game shared: N 4, E 4",
            "Hand 1 entered as totals: N 20, E 20, S 5",
            "N and E peg out together in hand 1 and lose: 20–20–5",
            "N and E lose the game"
        ]
    );
}

#[test]
fn blind_don_four_deals_then_the_higher_total() {
    // Hand B by N (tests/rules_game_to_lose_blind_don.rs): N 32, S 0; then three hands as totals
    // (as in the four-deal test there): 44–26, 52–46, 73–60. N wins.
    let mut t = open("blind-don", &[], BySeat::default());
    let said = play(&mut t, &strs(&lines_of("N", &B)));
    has(&said, "N wins the trick: ace of trumps 4 — 4");
    assert_eq!(
        said[said.len() - 6..],
        [
            "High to N: 1",
            "Low to N: 1",
            "Jack to N: 1",
            "Game to N: 5",
            "Hand 1 ends: N 32, S 0",
            "Score: N 32 · S 0 · 3 deals left"
        ]
    );
    assert_eq!(
        (t.status().pitcher, t.status().dealer),
        (Some(Seat::S), Some(Seat::N))
    );
    play(
        &mut t,
        &[
            "totals N 12 S 26 high S low N jack none game S",
            "totals N 8 S 20 high S low N jack none game S",
        ],
    );
    let said = enter(&mut t, "totals N 21 S 14 high N low N jack none game N");
    assert_eq!(
        said[said.len() - 3..],
        [
            "Hand 4 entered as totals: N 21, S 14",
            "After 4 deals N wins: 73–60",
            "N wins the game"
        ]
    );
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

/// Hand B's layout (tests/rules_game_to_lose_blind_don.rs), face-down under face-up.
fn blind_layout() -> BlindDeal {
    let stacks = |down: &str, up: &str| cards(down).into_iter().zip(cards(up)).collect();
    let mut deal = BlindDeal::default();
    deal.stacks[Seat::N] = stacks("QD TD 8D 6D 4D AC QC TC 8C", "AS KS QS JS AH KH QH JH AD");
    deal.stacks[Seat::S] = stacks("JD 9D 7D 5D 3D KC JC 9C 7C", "TS 9S 8S 7S TH 9H 8H 7H KD");
    deal
}

#[test]
fn a_stored_layout_is_replayed_and_proves_a_renege_at_the_table() {
    let entered = |entry| JournalEntry {
        hand: 1,
        pitcher: Some(Seat::N),
        entry,
    };
    let journal = MemoryJournal::holding(vec![
        entered(Entry::Pitcher(Seat::N)),
        entered(Entry::Layout(blind_layout())),
        entered(Entry::Trick(parse_trick("AS TS").unwrap())),
    ]);
    let mut t = ScorerSession::open(variant("blind-don", &[]), BySeat::default(), journal).unwrap();
    let s = t.status();
    assert_eq!((s.hand, s.trick, s.leader), (1, 2, Some(Seat::N)));
    // The 3♦ lies face down under the T♥.
    refused(
        &mut t,
        "KS 3D",
        "hand 1: S played 3D in trick 2, but it was not face up or in hand",
    );
    // S discards the T♥ while the 9♠ 8♠ 7♠ lie face up: a renege, and the deal is abandoned.
    assert_eq!(
        enter(&mut t, "KS TH"),
        [
            "Renege by S: S did not follow spades in trick 2 but could play 9S 8S 7S",
            "Hand 1 is abandoned (renege by S): nothing pegged in it counts. The same dealer, S, deals again, and N pitches",
            "Score: N 0 · S 0 · 4 deals left"
        ]
    );
    assert_eq!(t.journal().lines.last().unwrap().len(), 2);
}

#[test]
fn every_refusal_leaves_the_journal_and_the_session_as_they_were() {
    let mut t = open("nine-card-don", &[], welsh());
    refused(
        &mut t,
        "5H 2H 3H 4H",
        "who pitches hand 1? Type `pitcher N|E|S|W` (the winner of the cut, or whom they choose), then the trick",
    );
    enter(&mut t, "pitcher N");
    refused(
        &mut t,
        "pitcher X",
        "`X` is not a seat: the seats are N, E, S and W",
    );
    for (line, message) in [
        ("5X 2H 3H 4H", "`5X` is not a card (write rank then suit, like 5H or TD)"),
        ("5H 2H 3H", "trick 1 of hand 1 has 3 cards; every trick has 4"),
        ("5H 2H", "trick 1 of hand 1 has 2 cards; every trick has 4"),
        ("E:5H S:2H W:3H N:4H", "N is to pitch hand 1, but the trick is led by E"),
        ("totals NS 20", "`totals` needs each side's points: EW has none (the sides are NS and EW)"),
        ("totals N 20 EW 12", "`N` is a seat, not a side: N plays for NS (the sides are NS and EW)"),
        ("totals NS 52 EW 1", "the totals NS 52, EW 1 are impossible: no split of the scoring cards between the sides, with the awards as recorded, gives NS 52, EW 1 (the most a hand of Nine Card Don can peg is 52)"),
        ("penalty S renege", "`S` is a seat, not a side: S plays for NS (the sides are NS and EW)"),
        ("concede N", "`N` is a seat, not a side: N plays for NS (the sides are NS and EW)"),
        ("claim", "no hand is in play: begin a hand first"),
        ("frobnicate", "unknown word `frobnicate`: a line is a trick (5H KH 2H AH) or one of pitcher, totals, abandon, penalty, concede, claim, undo, quit; `help` lists them with examples"),
    ] {
        refused(&mut t, line, message);
    }
    enter(&mut t, "5H 2H 3H 4H");
    for (line, message) in [
        ("5H 6H 7H 8H", "hand 1: 5H is played twice in this hand (first by N); again by N in trick 2"),
        ("9H AH 6H 2H", "hand 1: 2H is played twice in this hand (first by E); again by W in trick 2"),
        ("N:9H E:AH W:6H S:7H", "trick 2 of hand 1 names its seats out of playing order: N leads and play goes clockwise"),
        ("pitcher S", "hand 1 is in play: finish it first"),
        ("totals NS 20 EW 32", "hand 1 is in play, 1 trick entered: a hand is kept trick by trick or as totals, not both; `undo` takes back what was entered of it, one line at a time, to enter the hand as totals"),
        ("concede EW", "hand 1 is in play: finish it first"),
        ("claim", "hand 1 has 1 of its 9 tricks, and the game was not decided in them: play it out, or abandon it"),
        ("abandon renege X", "`X` is not a seat: the seats are N, E, S and W"),
        ("abandon redeal-demanded N", "a redeal can be demanded only under irish-don's redeal_rule"),
    ] {
        refused(&mut t, line, message);
    }
    play(&mut t, &HAND_A[1..]);
    // The rotation says E pitches hand 2.
    refused(
        &mut t,
        "pitcher S",
        "it is E's turn to pitch hand 2, not S's",
    );
    refused(
        &mut t,
        "S:5H W:2H N:3H E:4H",
        "S pitched hand 2, but it was E's turn to pitch",
    );
    // Blank lines and comments record nothing.
    let journal = t.journal().lines.clone();
    assert_eq!(t.enter_line("   # nothing").unwrap(), Answer::Nothing);
    assert_eq!(t.enter_line("").unwrap(), Answer::Nothing);
    assert_eq!(t.journal().lines, journal);
}

/// Enters each line of a script, takes it back and checks the status, the sheet and the
/// journal are exactly as before it, then enters it again to go on.
fn undo_each_line(t: &mut Table, script: &[&str]) {
    for line in script {
        let before = (t.status(), t.sheet(), t.journal().lines.clone());
        enter(t, line);
        let answer = t.enter_line("undo").unwrap();
        let Answer::TakenBack(said) = &answer else {
            panic!("`{line}`: {answer:?}")
        };
        assert!(
            said[0].to_string().starts_with("Taken back from hand "),
            "{}",
            said[0]
        );
        assert_eq!(t.status(), before.0, "undo after `{line}`");
        assert_eq!(t.sheet(), before.1, "undo after `{line}`");
        assert_eq!(t.journal().lines, before.2, "undo after `{line}`");
        resumes(t);
        enter(t, line);
    }
}

#[test]
fn undo_after_each_kind_of_entry_restores_the_status() {
    // To 60, best of three legs, league penalties. Hand 1: A by N, EW 19 off: 20–13. Hand 2 as
    // totals with 3 off NS: 49–33. Hand 3 abandoned (misdeal): S pitches again. Hand 4, pitched
    // by S, the renege of trick 4 (E's now): EW lose 52, 49 to -19. Hand 5, A by S: NS 59 after
    // trick 1 and 64 at trick 6, out: leg 1. Leg 2: A by E, 32–20; EW concede.
    let mut t = open(
        "nine-card-don",
        &[
            ("penalties", word("league")),
            ("legs", int(3)),
            ("target", int(60)),
        ],
        welsh(),
    );
    assert_eq!(
        t.enter_line("undo").unwrap(),
        Answer::TakenBack(vec![don::scorer::Announcement::NothingToTakeBack])
    );
    let mut script = vec!["pitcher N", "penalty EW out-of-turn"];
    script.extend(HAND_A);
    script.extend([
        "penalty NS -3",
        "totals NS 32 EW 20 game NS",
        "abandon misdeal",
    ]);
    undo_each_line(&mut t, &script);
    assert_eq!(score(&t.status()), [49, 33]);
    assert_eq!(t.status().pitcher, Some(Seat::S));
    undo_each_line(&mut t, &RENEGE);
    assert_eq!(score(&t.status()), [49, -19]);
    undo_each_line(&mut t, &HAND_A[..6]);
    let s = t.status();
    assert_eq!((s.leg, s.hand, s.sides[0].wins), (2, 6, 1));
    assert_eq!(score(&s), [0, 0]);
    let mut script = vec!["pitcher E"];
    script.extend(HAND_A);
    script.push("concede EW");
    undo_each_line(&mut t, &script);
    assert!(t.status().over);
    assert_eq!(t.status().result, Some(Outcome::Won(Side::NS)));
    // Irish Don: the trick that passes 80, and a claim.
    let mut t = open("irish-don", &[], BySeat::default());
    play(&mut t, &strs(&lines_of("N", CLAIMED[0])));
    play(&mut t, &CLAIMED[1][..11]);
    undo_each_line(&mut t, &[CLAIMED[1][11], "claim"]);
    assert!(t.status().over);
}

#[test]
fn a_journal_that_fails_leaves_the_session_as_the_journal_holds_it() {
    let mut t = open("nine-card-don", &[("penalties", word("league"))], welsh());
    let failing = t.journal().failing.clone();
    play(&mut t, &strs(&lines_of("N", &RENEGE[..3])));
    // Append fails: nothing kept, nothing changed, for a line of one entry or of two.
    failing.append.set(true);
    for line in ["penalty NS -5", RENEGE[3]] {
        let (status, journal) = (t.status(), t.journal().lines.clone());
        match t.enter_line(line) {
            Err(LineRefusal::Journal(e)) => {
                assert_eq!(e.to_string(), "the journal is broken (append)")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(t.status(), status);
        assert_eq!(t.journal().lines, journal);
        assert_eq!(t.entries(), t.journal().flat());
    }
    failing.append.set(false);
    enter(&mut t, RENEGE[3]);
    // Take back fails: nothing taken back.
    failing.take_back.set(true);
    let status = t.status();
    assert!(matches!(t.enter_line("undo"), Err(LineRefusal::Journal(_))));
    assert_eq!(t.status(), status);
    failing.take_back.set(false);
    // The journal takes back but cannot be read: the session reads it before the next line.
    failing.entries.set(true);
    assert!(matches!(t.enter_line("undo"), Err(LineRefusal::Journal(_))));
    assert!(matches!(
        t.enter_line(RENEGE[3]),
        Err(LineRefusal::Journal(_))
    ));
    failing.entries.set(false);
    // It reads the journal again, which took the renege line back: entered again, it is
    // appended after the three tricks of hand 1.
    enter(&mut t, RENEGE[3]);
    assert_eq!(t.journal().lines.len(), 5);
    assert_eq!(t.entries(), t.journal().flat());
    assert_eq!((t.status().hand, score(&t.status())), (2, vec![0, -52]));
}

#[test]
fn a_damaged_journal_names_the_entry_refused() {
    let journal = MemoryJournal::holding(vec![JournalEntry {
        hand: 1,
        pitcher: None,
        entry: Entry::Trick(parse_trick("5H 2H 3H 4H").unwrap()),
    }]);
    let error =
        ScorerSession::open(variant("nine-card-don", &[]), BySeat::default(), journal).unwrap_err();
    assert!(matches!(
        error,
        SessionError::Damaged {
            index: 1,
            hand: 1,
            ..
        }
    ));
    assert_eq!(
        error.to_string(),
        "the stored game is damaged: entry 1 (hand 1: 5H 2H 3H 4H) is refused: who pitched this hand cannot be told: give the pitcher"
    );
    let journal = MemoryJournal::default();
    journal.failing.entries.set(true);
    let error = ScorerSession::open(variant("phat", &[]), BySeat::default(), journal).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the game's entries cannot be read: the journal is broken (entries)"
    );
}

/// Lines a scorer might type into a Nine Card Don or Irish Don game, right and wrong.
fn vocabulary() -> Vec<String> {
    let mut words: Vec<String> = [
        "pitcher N",
        "pitcher E",
        "pitcher W",
        "totals NS 20 EW 32",
        "totals NS 32 EW 20 game NS",
        "totals NS 37 EW 43",
        "abandon misdeal",
        "abandon renege W",
        "penalty EW out-of-turn",
        "penalty NS -5",
        "concede NS",
        "claim",
        "undo",
        "undo",
        "5X 2H",
        "5H 2H 3H",
        "# a comment",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    words.extend(HAND_A.iter().chain(&RENEGE).map(|t| t.to_string()));
    words.extend(IRISH_1.iter().map(|t| t.to_string()));
    words
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Whatever is typed, in any order: no panic; the session holds what the journal holds; a
    /// refused line keeps nothing; and a session opened again on the journal stands where it
    /// stands.
    #[test]
    fn any_lines_keep_the_session_and_the_journal_together(
        irish in proptest::bool::ANY,
        picks in proptest::collection::vec(0usize..1000, 1..40),
    ) {
        let words = vocabulary();
        let options = [("penalties", word("league")), ("target", int(61))];
        let mut t = if irish {
            open("irish-don", &[], BySeat::default())
        } else {
            open("nine-card-don", &options, BySeat::default())
        };
        for pick in picks {
            let line = &words[pick % words.len()];
            let before = t.journal().lines.clone();
            let answer = t.enter_line(line);
            if let Err(LineRefusal::Line(_)) = answer {
                proptest::prop_assert_eq!(&t.journal().lines, &before);
            }
            proptest::prop_assert_eq!(t.entries().to_vec(), t.journal().flat());
            let again = ScorerSession::open(t.variant().clone(), t.seats().clone(), t.journal().clone());
            proptest::prop_assert!(again.is_ok());
            proptest::prop_assert_eq!(again.unwrap().status(), t.status());
        }
    }
}

// Penalties up to the engine's bound (issue 15, point 15).

#[test]
fn a_penalty_that_would_take_a_score_past_the_engines_bound_is_refused_and_play_goes_on() {
    // Before: 10,100 `penalty NS 99999` lines before the hand's first trick were each taken,
    // after which every trick was refused ("NS's score would pass ±1000000000").
    let mut t = open("nine-card-don", &[], welsh());
    enter(&mut t, "pitcher S");
    for _ in 0..10_000 {
        match t.enter_line("penalty NS 99999") {
            Ok(Answer::Recorded(_)) => {}
            other => panic!("penalty refused: {other:?}"),
        }
    }
    // 10,000 × 99,999 = 999,990,000; one more would reach 1,000,089,999.
    let before = t.journal().flat();
    match t.enter_line("penalty NS 99999") {
        Err(LineRefusal::Line(why)) => assert_eq!(
            why.to_string(),
            "a penalty past the engine's bound: with it, NS's score would reach 1000089999 at the end of the hand, past ±999999000 (scores are kept within ±1000000000, less the most a hand can peg)"
        ),
        other => panic!("not refused: {other:?}"),
    }
    assert_eq!(t.journal().flat(), before, "nothing recorded");
    // The other way, the bound holds too; a penalty the other side can take is taken.
    assert!(t.enter_line("penalty EW -99999").is_ok());
    // The hand is still played: past the target, nothing is to go.
    let said = enter(&mut t, "totals ns 10 ew 20 game ew");
    assert!(
        said.contains(
            &"Score: NS (Gareth & Rhys) 999990010, 0 to go · EW (Dai & Huw) -99979, 100100 to go"
                .to_string()
        ),
        "{said:?}"
    );
}
