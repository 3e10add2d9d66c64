//! The ways `check` was fooled or broken by hostile and unusual input, each pinned by a test that
//! failed before its fix: a seat the game does not have, a public function panicking on a trick
//! of no cards, `--json | head`, names that act on the terminal, and scores past the 32-bit
//! limit. (Over-long lines, big arrays, byte-order marks, capital extensions and duplicate keys
//! are in `tests/source.rs`; standard input in `tests/cli.rs`.)

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use common::*;
use don::rules::hand::HandPlay;
use don::rules::trick::winning_index;
use don::rules::{Card, PlayError, Seat, Suit, Variant, SCORE_LIMIT};
use serde_json::{json, Value};

#[test]
fn a_trick_naming_a_seat_the_game_has_not_is_a_schema_error() {
    // Game to Lose is N, E and S: W is no seat, so the hand cannot be replayed, and says so.
    let c = run(
        json!({"variant": "game-to-lose"}),
        json!([{"tricks": ["W:5H N:2H E:3H"]}]),
    );
    assert!(!c.valid());
    assert_eq!(errors(&c), vec![("schema", Some(1), Some(1))]);
    assert_eq!(
        c.errors[0].message,
        "trick 1 of hand 1 names W, which is not a seat of this game (N, E, S)"
    );
    // Later in a hand, too: the trick is refused and the hand broken off there.
    let c = run(
        json!({"variant": "game-to-lose"}),
        json!([{"pitcher": "N", "tricks": ["N:5H E:2H S:3H", "N:6H E:7H W:8H"]}]),
    );
    assert_eq!(errors(&c), vec![("schema", Some(1), Some(2))]);
    assert_eq!(c.hands[0].tricks, 1);
    // Through the binary: exit 1.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("gtl.json");
    std::fs::write(
        &file,
        r#"{"format":"don/1","ruleset":{"variant":"game-to-lose"},"hands":[{"tricks":["W:5H N:2H E:3H"]}]}"#,
    )
    .unwrap();
    let out = don().arg("check").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn no_public_function_panics_on_a_trick_of_any_size() {
    let spec = Variant::default_for("nine-card-don").unwrap().spec();
    let card = |s: &str| s.parse::<Card>().unwrap();
    for cards in [
        vec![],
        vec![card("5H")],
        vec![card("2H"), card("3H"), card("4H"), card("5H"), card("6H")],
    ] {
        let mut play = HandPlay::new(Seat::N);
        let before = play.clone();
        assert_eq!(
            play.play(&spec, &cards),
            Err(PlayError::WrongTrickSize {
                trick: 1,
                found: cards.len(),
                expected: 4
            })
        );
        assert_eq!(play, before, "a refused trick changes nothing");
    }
    // Ten tricks in a nine-trick deal: the tenth is refused.
    let mut play = HandPlay::new(Seat::N);
    for t in HAND_A {
        let cards: Vec<Card> = t.split_whitespace().map(card).collect();
        play.play(&spec, &cards).unwrap();
    }
    let more = [card("2C"), card("3C"), card("4C"), card("6C")];
    assert_eq!(
        play.play(&spec, &more),
        Err(PlayError::TooManyTricks { tricks: 9 })
    );
    assert_eq!(winning_index(&[], Suit::Hearts), None);
    assert_eq!(Card::from_index(52), None);
}

#[test]
fn a_closed_pipe_is_not_an_error_with_json_either() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.jsonl");
    let season = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/season.jsonl"),
    )
    .unwrap();
    std::fs::write(&file, season.repeat(200)).unwrap();
    // `don check big.jsonl --json | head -1`
    let mut child = don()
        .args(["check", "--json"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "{\"games\":[\n");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

/// A record whose every name holds what would act on a terminal.
fn hostile_record() -> Value {
    json!({
        "format": "don/1",
        "id": "evil\u{1b}]0;pwned\u{7}",
        "ruleset": {"variant": "nine-card-don"},
        "date": "2024-03-14\r\nNS win the match",
        "venue": "Fox\n  error [renege] forged",
        "seats": {"N": "Ga\u{1b}[31mreth", "E": "D\u{202e}ai", "S": "Rhys", "W": "Huw"},
        "hands": [{"pitcher": "N", "tricks": ["5H KH 2\u{1b}H AH"], "pi\u{7}tcher": 1}]
    })
}

#[test]
fn text_from_a_record_never_acts_on_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let name = "evil\nname.json";
    std::fs::write(dir.path().join(name), hostile_record().to_string()).unwrap();
    let out = don()
        .current_dir(dir.path())
        .args(["check", name])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    for raw in ['\u{1b}', '\u{7}', '\r', '\u{202e}'] {
        assert!(!stdout.contains(raw), "{raw:?} reached the terminal");
    }
    // Nothing forges a line: each line is one the sheet writes.
    assert!(!stdout.lines().any(|l| l.starts_with("  error [renege]")));
    assert!(!stdout.lines().any(|l| l == "name.json, record 1: evil"));
    snapshot("hostile.txt", &stdout);
    // `--json` escapes as JSON does, and keeps the text exact.
    let out = don()
        .current_dir(dir.path())
        .args(["check", "--json", name])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"][0]["id"], "evil\u{1b}]0;pwned\u{7}");
    // Error messages name files escaped, too.
    let out = don()
        .args(["check", "no\u{1b}[2Jsuch.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
    assert!(stderr.contains("no\\u{1b}[2Jsuch.json"), "{stderr}");
}

#[test]
fn points_out_of_range_are_an_error_never_a_saturated_score() {
    // 30,000 penalties of 99,999: past what a 32-bit score holds. Each hand scores 0–0 and
    // gives NS 99,999, so after 10,000 hands NS have 999,990,000, and the next penalty would take
    // them past the limit of 1,000,000,000 (leaving room for a hand's pegging): refused, at hand
    // 10,001 and at every hand after.
    let hand =
        json!({"points": {"NS": 0, "EW": 0}, "penalties": [{"side": "NS", "points": 99_999}]});
    let c = run(
        json!({"variant": "nine-card-don", "target": 10000}),
        json!(vec![hand; 30_000]),
    );
    assert_eq!(SCORE_LIMIT, 1_000_000_000);
    assert!(!c.valid());
    assert_eq!(final_score(&c), vec![999_990_000, 0]);
    assert_eq!(c.errors.len(), 20_000);
    assert_eq!(errors(&c)[0], ("schema", Some(10_001), None));
    assert_eq!(
        c.errors[0].message,
        "a penalty past the engine's bound: with it, NS's score would reach 1000089999 at the end of the hand, past ±999999000 (scores are kept within ±1000000000, less the most a hand can peg)"
    );
    assert!(c
        .hands
        .iter()
        .all(|h| h.score[don::rules::Side::NS] <= SCORE_LIMIT));
}

#[test]
fn points_of_any_size_in_a_record_are_read_without_overflow() {
    // i64::MIN has no absolute value: the reader used to overflow on it (a panic in a debug
    // build; in a release build it passed as 0 points).
    let c = run(
        json!({"variant": "nine-card-don"}),
        json!([{"pitcher": "N", "points": {"NS": i64::MIN, "EW": 0},
                "penalties": [{"side": "NS", "points": i64::MIN}]}]),
    );
    assert_eq!(
        errors(&c),
        vec![("schema", Some(1), None), ("schema", Some(1), None)]
    );
    assert_eq!(
        c.errors[0].message,
        "hand 1: penalty 1: `points` must be a whole number from -99999 to 99999, not -9223372036854775808"
    );
    assert_eq!(
        c.errors[1].message,
        "hand 1: `points`.NS must be a whole number from -99999 to 99999, not -9223372036854775808"
    );
}

#[test]
fn a_decision_is_told_in_the_records_hand_numbers() {
    // Hand 1 cannot be read, so the engine is given two hands; the decision is in the record's
    // hand 3, and the sheet says so (it said hand 2).
    let c = run(
        json!({"variant": "nine-card-don", "target": 31}),
        json!([{"tricks": "oops"}, {"pitcher": "N", "points": {"NS": 20, "EW": 4}},
               {"pitcher": "E", "points": {"NS": 20, "EW": 4}}]),
    );
    assert_eq!(c.hands[2].decided.as_ref().map(|d| d.hand), Some(3));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("oops.json");
    let record = json!({"format": "don/1", "ruleset": {"variant": "nine-card-don", "target": 31},
        "hands": [{"tricks": "oops"}, {"pitcher": "N", "points": {"NS": 20, "EW": 4}},
                  {"pitcher": "E", "points": {"NS": 20, "EW": 4}}]});
    std::fs::write(&file, record.to_string()).unwrap();
    let out = don().arg("check").arg(&file).output().unwrap();
    assert!(
        text(&out.stdout).contains("\nNS win in hand 3: 40–8\n"),
        "{}",
        text(&out.stdout)
    );
}
