//! Helpers for the rules tests: build a record, check it, read the result.
#![allow(dead_code)]

pub mod book;
pub mod db;
pub mod journal;
pub mod oracle;
pub mod records;

use std::path::Path;
use std::process::{Command, Output};

use don::check::check_value;
use don::replay::ScoreSheet;
use don::rules::{Outcome, Seat, Side};
use serde_json::{json, Value};

/// The `don` binary, run from the project's folder.
pub fn don() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_don"));
    // Tables fit `COLUMNS` when it is set: the tests' output must not depend on the shell's.
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("COLUMNS");
    cmd
}

/// Whether the tests run as root, to whom file permissions are no bar.
pub fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// `don`, run as a user to whom file permissions are a bar: this user, or, when the tests run
/// as root, the user nobody through `setpriv`. Run it with [`other_user_output`].
pub fn don_as_other_user() -> Command {
    let mut cmd = if is_root() {
        let mut cmd = Command::new("setpriv");
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_don"));
        cmd
    } else {
        Command::new(env!("CARGO_BIN_EXE_don"))
    };
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null());
    cmd
}

/// What [`don_as_other_user`] said; `None` where `setpriv` could not run don (a test then
/// says it is skipped).
pub fn other_user_output(cmd: &mut Command) -> Option<Output> {
    cmd.output()
        .ok()
        .filter(|out| !(is_root() && text(&out.stderr).starts_with("setpriv:")))
}

/// `sh -c SCRIPT sh ARGS…` (add the arguments) in a mount namespace of its own (`unshare -m`),
/// from the project's folder, with nothing on standard input: for tests that mount a small or
/// a read-only disk. [`no_namespace`] tells when the system allowed none.
pub fn in_mount_namespace(script: &str) -> Command {
    let mut cmd = Command::new("unshare");
    cmd.args(["-m", "--propagation", "private", "sh", "-c", script, "sh"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::null());
    cmd
}

/// Whether [`in_mount_namespace`] could not be had: `unshare` refused, or the script's mount
/// failed (it exits 99 then).
pub fn no_namespace(out: &Output) -> bool {
    matches!(out.status.code(), Some(99) | None) || text(&out.stderr).starts_with("unshare:")
}

pub fn run_don(args: &[&str]) -> Output {
    don().args(args).output().expect("run don")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Compares output with `tests/snapshots/NAME`; `UPDATE_SNAPSHOTS=1` rewrites it.
pub fn snapshot(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot {}: run with UPDATE_SNAPSHOTS=1",
            path.display()
        )
    });
    if expected != actual {
        panic!("{name} differs from its snapshot.\n--- expected\n{expected}\n--- actual\n{actual}");
    }
}

/// A record of the given ruleset and hands.
pub fn record(ruleset: Value, hands: Value) -> Value {
    json!({ "format": "don/1", "ruleset": ruleset, "hands": hands })
}

pub fn check(record: Value) -> ScoreSheet {
    check_value(record)
}

pub fn run(ruleset: Value, hands: Value) -> ScoreSheet {
    check(record(ruleset, hands))
}

/// Points per side of hand `n` (from 1), in the variant's side order.
pub fn hand(c: &ScoreSheet, n: usize) -> Vec<i32> {
    c.sides.iter().map(|&s| c.hands[n - 1].points[s]).collect()
}

pub fn final_score(c: &ScoreSheet) -> Vec<i32> {
    c.sides.iter().map(|&s| c.final_score[s]).collect()
}

pub fn winner(c: &ScoreSheet) -> Option<Side> {
    c.winner()
}

pub fn losers(c: &ScoreSheet) -> Vec<Seat> {
    c.losers().to_vec()
}

/// Error codes with their places.
pub fn errors(c: &ScoreSheet) -> Vec<(&'static str, Option<u32>, Option<u32>)> {
    c.errors
        .iter()
        .map(|f| (f.code.as_str(), f.hand, f.trick))
        .collect()
}

pub fn warnings(c: &ScoreSheet) -> Vec<(&'static str, Option<u32>, Option<u32>)> {
    c.warnings
        .iter()
        .map(|f| (f.code.as_str(), f.hand, f.trick))
        .collect()
}

pub fn assert_clean(c: &ScoreSheet) {
    assert!(c.errors.is_empty(), "errors: {:#?}", c.errors);
}

pub fn is_draw(c: &ScoreSheet) -> bool {
    c.result == Some(Outcome::Draw)
}

/// Hand A of Nine Card Don, worked out in tests/rules_nine_card_don.rs: nine tricks, each of one
/// suit (so nobody can have reneged), hearts trumps, all 44 in-play points dealt.
pub const HAND_A: [&str; 9] = [
    "5H 2H 3H 4H",
    "9H AH 6H 7H",
    "KH QH JH TH",
    "5S 2S 3S 4S",
    "AS KS QS JS",
    "2D 5D 3D 4D",
    "AD KD QD JD",
    "5C 2C 3C 4C",
    "AC KC QC JC",
];

/// Hand C: hand A with the ten of hearts replaced by the eight, so the card values tie 20–20.
pub const HAND_C: [&str; 9] = [
    "5H 2H 3H 4H",
    "9H AH 6H 7H",
    "KH QH JH 8H",
    "5S 2S 3S 4S",
    "AS KS QS JS",
    "2D 5D 3D 4D",
    "AD KD QD JD",
    "5C 2C 3C 4C",
    "AC KC QC JC",
];

/// Irish hand I1: all 52 cards, diamonds trumps; pitched by the holder of the 2♦.
pub const IRISH_1: [&str; 13] = [
    "2D 3D 4D 5D",
    "6D 7D 8D 9D",
    "TD JD QD KD",
    "2S 3S 4S 5S",
    "6S 7S 8S 9S",
    "TS JS QS KS",
    "2H 3H 4H 5H",
    "6H 7H 8H 9H",
    "TH JH QH KH",
    "2C 3C 4C 5C",
    "6C 7C 8C 9C",
    "TC JC QC KC",
    "AS AH AC AD",
];

/// Game to Lose hand G, worked out in tests/rules_game_to_lose_blind_don.rs: pitched by N, spades
/// trumps; N 28, E 19, S 5 (N and E share the game, 4 each).
pub const G: [&str; 13] = [
    "AS KS QS", "JS TS 9S", "TH 5H 4H", "5S 8S 4S", "AH KH QH", "TD 5D 4D", "AD KD QD", "JH 9H 8H",
    "JD 9D 8D", "2C AC 3C", "KC QC JC", "TC 5C 4C", "6C 7H 6D",
];

/// Blind Don hand B (rows), worked out in tests/rules_game_to_lose_blind_don.rs: pitched by N,
/// spades trumps, N wins every trick: N 32 (24 in play, then high, low, jack, game), S 0.
pub const B: [&str; 18] = [
    "AS TS", "KS 9S", "QS 8S", "JS 7S", "AH TH", "KH 9H", "QH 8H", "JH 7H", "AD KD", "QD JD",
    "TD 9D", "8D 7D", "6D 5D", "4D 3D", "AC KC", "QC JC", "TC 9C", "8C 7C",
];

/// Phat hand TIE, worked out in tests/rules_phat.rs: pitched by N, phat NS 47, EW 33, muck 40–40.
pub const TIE: [&str; 13] = [
    "AS KS QS JS",
    "TS 9S 8S 7S",
    "6S 5S 4S 3S",
    "AH KH QH JH",
    "TH 9H 8H 7H",
    "5H 6H 4H 3H",
    "AD KD QD JD",
    "TD 9D 8D 7D",
    "6D 5D 4D 3D",
    "AC KC QC JC",
    "TC 9C 8C 7C",
    "6C 5C 4C 3C",
    "2S 2H 2D 2C",
];

/// Phat hand FIFTY (tests/rules_phat.rs): as TIE but N also wins A K Q J♦: phat NS 47, EW 33,
/// muck NS 50, EW 30.
pub const FIFTY: [&str; 13] = [
    "AS KS QS JS",
    "TS 9S 8S 7S",
    "6S 5S 4S 3S",
    "AH KH QH JH",
    "TH 9H 8H 7H",
    "AD KD QD JD",
    "5H 6H 4H 3H",
    "TD 9D 8D 7D",
    "6D 5D 4D 3D",
    "AC KC QC JC",
    "TC 9C 8C 7C",
    "6C 5C 4C 3C",
    "2S 2H 2D 2C",
];

/// The oracle's claimed deal (tests/replay.rs): NS take all 80 of the second deal and pass 80 at
/// trick 12, where the record stops.
pub const CLAIMED: [&[&str]; 2] = [
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

/// A renege proven in the last trick of a deal (spades trumps): W discards the 2♦ on S's 2♥ in
/// trick 3 and plays the 7♥ in trick 9.
pub const LAST_RENEGE: [&str; 9] = [
    "2S 3S 4S 6S",
    "7C 8C 9C TC",
    "2H 2D 3H 4H",
    "3D 4D 5D 6D",
    "7D 8D 9D TD",
    "2C 3C 4C 5C",
    "6C JC QC KC",
    "AC JD QD KD",
    "5H 6H 7H 8H",
];

/// The schema version this don brings a database up to, as `PRAGMA user_version` prints it:
/// 1 and one more for each `-- @@ version` line of schema.sql.
#[allow(dead_code)]
pub fn latest_schema_version() -> String {
    let schema =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/schema.sql")).unwrap();
    format!("{}\n", 1 + schema.matches("\n-- @@ version").count())
}
