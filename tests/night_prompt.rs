//! `don night enter` at the prompt, piped line by line: each answer checked as it is given, a
//! refused one stopping the entry at its line, `quit` and the end of input ending it with what
//! is still to enter, a misspelt player asked about, a night off its fixture's date asked about.

use crate::common;

use std::process::Output;

use common::db::Db;
use common::text;

/// `don ARGS` with these lines piped in.
fn piped(db: &Db, args: &[&str], lines: &str) -> Output {
    let mut child = db.spawn(args);
    common::db::feed(&mut child, lines.as_bytes());
    child.wait_with_output().unwrap()
}

const ENTER: [&str; 6] = [
    "night",
    "enter",
    "Royal Oak",
    "Red Lion",
    "--date",
    "2025-09-04",
];

fn matches(db: &Db) -> String {
    db.sql("SELECT kind || ' ' || slot || ' ' || home_legs || '-' || away_legs FROM matches ORDER BY id")
}

#[test]
fn a_refused_answer_stops_piped_entry_at_its_line_and_the_matches_before_it_stay() {
    let db = Db::short_nights();
    // Don 2's home players are three for a pair (line 5). Before, the rest shifted: its away
    // players were read as the legs, and so on, every later match refused for the wrong reason.
    let lines = "Gareth+Rhys\nDai+Huw\n2-1\n121-80 100-121 121-119\n\
                 Emrys+Glyn+Sian\nAled+Bethan\n0-2\n\n\
                 Sian\nMair\n2-0\n\n";
    let out = piped(&db, &ENTER, lines);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("line 5: don 2 refused: don match 2: the home side has 3 players; don is played 2 a side; the entry stops here (nothing after line 5 is read)\n"), "{err}");
    // Nothing after line 5 is asked for or read.
    assert!(!err.contains("don 2: Red Lion players"), "{err}");
    assert!(!err.contains("single-crib 1"), "{err}");
    assert!(text(&out.stdout).ends_with(
        "Royal Oak v Red Lion on 2025-09-04: 1–0 so far; still to enter: don 2, single-crib 1. The night counts once it is complete (`don night enter` again carries on).\n"
    ), "{}", text(&out.stdout));
    assert_eq!(matches(&db), "don 1 2-1\n");
}

#[test]
fn each_answer_is_checked_as_it_is_given() {
    let db = Db::short_nights();
    // Legs 3–0 is refused at once (line 3), before the leg scores are asked for.
    let out = piped(
        &db,
        &ENTER,
        "Gareth+Rhys\nDai+Huw\n3-0\n121-80 121-70 121-60\n",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("line 3: don 1 refused: don match 1: legs 3–0 is not a result of a best of 3 (one side wins 2); the entry stops here (nothing after line 3 is read)\n"), "{err}");
    assert!(!err.contains("leg scores >"), "{err}");
    // A player for both teams on the night is refused at the players' answer (line 6), before
    // the legs are asked for.
    let out = piped(
        &db,
        &ENTER,
        "Gareth+Rhys\nDai+Huw\n2-0\n\nEmrys+Glyn\nGareth+Bethan\n0-2\n\n",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("line 6: don 2 refused: Gareth plays for both teams on this night (don match 2 for the away side); the entry stops here (nothing after line 6 is read)\n"), "{err}");
    assert!(!err.contains("don 2: legs won"), "{err}");
    assert_eq!(matches(&db), "don 1 2-0\n");
}

#[test]
fn quit_or_the_end_of_input_ends_the_entry_with_what_is_still_to_enter() {
    let db = Db::short_nights();
    let out = piped(&db, &ENTER, "Gareth+Rhys\nDai+Huw\n2-0\n\nquit\n");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("refused"), "{err}");
    assert!(text(&out.stdout).ends_with(
        "Royal Oak v Red Lion on 2025-09-04: 1–0 so far; still to enter: don 2, single-crib 1. The night counts once it is complete (`don night enter` again carries on).\n"
    ));
    // The end of input half-way through a match: that match is not kept.
    let out = piped(
        &db,
        &["night", "enter", "Royal Oak", "Red Lion"],
        "Emrys+Glyn\nAled+Bethan\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with(
        "Royal Oak v Red Lion on 2025-09-04: 1–0 so far; still to enter: don 2, single-crib 1. The night counts once it is complete (`don night enter` again carries on).\n"
    ));
    assert_eq!(matches(&db), "don 1 2-0\n");
}

#[test]
fn a_misspelt_player_at_the_prompt_is_asked_about() {
    let db = Db::short_nights();
    db.ok(&["roster", "add", "Red Lion", "Ivor James", "--create"]);
    let lines = "Gareth+Rhys\nIvor Jams+Dai\nyes\n2-0\n\n\
                 Emrys+Glyn\nIvor Jams+Aled\nno\n0-2\n\n\
                 Sian\nMair Jams\n2-0\n\n";
    let out = piped(&db, &ENTER, lines);
    let err = text(&out.stderr);
    assert!(err.contains("Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'? (yes: Ivor James; no: Ivor Jams is new to the league; or type the name again) >\n"), "{err}");
    // Mair Jams is no slip for Ivor Jams: she is simply new (single crib 1 is kept, 2–0).
    assert!(!err.contains("did you mean 'Ivor Jams'"), "{err}");
    assert!(err.contains("single-crib 1: Royal Oak 2–0."), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    let lines = "Gareth+Rhys\nIvor Jamez+Emrys\nperhaps\n";
    let out = piped(
        &db,
        &[
            "night",
            "enter",
            "Red Lion",
            "Royal Oak",
            "--date",
            "2025-09-11",
        ],
        lines,
    );
    let err = text(&out.stderr);
    // "perhaps" is neither yes nor no, nor the name typed again: the entry stops at its line.
    assert!(err.contains("line 3: don 1 refused: answer yes or no, or type the name again: is Ivor Jamez the Ivor James the league knows?; the entry stops here (nothing after line 3 is read)"), "{err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    let card = db.ok(&[
        "night",
        "show",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
    ]);
    assert!(card.contains("┆ Ivor James & Dai ┆"), "{card}");
    assert!(card.contains("┆ Ivor Jams & Aled ┆"), "{card}");
    let roster = db.ok(&["roster", "show", "Red Lion"]);
    assert!(
        roster.contains("Ivor James") && roster.contains("Ivor Jams"),
        "{roster}"
    );
}

#[test]
fn a_night_off_its_fixture_s_date_is_moved_on_a_yes_at_the_prompt() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    db.season_new("2025-26", &["A", "B"]);
    db.fixtures_generate("2025-09-01", "thu");
    let enter = ["night", "enter", "A", "B", "--date", "2025-09-05"];
    let before = db.dump();
    let out = piped(&db, &enter, "no\n");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "A v B is fixture 1 on 2025-09-04: was the night moved to 2025-09-05? (yes/no) >\n"
        ),
        "{err}"
    );
    assert!(err.contains("don: error: A v B is fixture 1 on 2025-09-04, not 2025-09-05: if the night was moved to 2025-09-05, say so with --moved"), "{err}");
    assert_eq!(before, db.dump());
    // A yes, then left before any match: nothing kept, the fixture where it was.
    let out = piped(&db, &enter, "yes\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(before, db.dump());
    // A yes and a match: the fixture moves with the match, in one change.
    let out = piped(&db, &enter, "yes\nGareth+Rhys\nDai+Huw\n2-0\n\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("fixture 1 moved from 2025-09-04 to 2025-09-05\n"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        db.sql("SELECT date FROM fixtures WHERE id = 1"),
        "2025-09-05\n"
    );
}

#[test]
fn a_player_twice_in_one_kind_is_warned_of_and_the_match_kept() {
    // RULES.md §9: a team may field five players for three Don pairs, so a player may play two
    // matches of one kind on a night; it is said, never refused.
    let db = Db::short_nights();
    let out = piped(
        &db,
        &ENTER,
        "Gareth+Rhys\nDai+Huw\n2-0\n\nGareth+Emrys\nAled+Bethan\n0-2\n\nSian\nMair\n2-0\n\n",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning: Gareth plays twice in don on this night (matches 1 and 2)\n"),
        "{err}"
    );
    assert!(err.contains("don 2: Red Lion 2–0.\n"), "{err}");
    assert_eq!(matches(&db), "don 1 2-0\ndon 2 0-2\nsingle-crib 1 2-0\n");
    // The same with --match.
    let db = Db::short_nights();
    let out = db.run(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-0",
        "--match",
        "don 2; Gareth+Emrys; Aled+Bethan; 0-2",
        "--match",
        "single-crib 1; Sian; Mair; 2-0",
    ]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("warning: Gareth plays twice in don on this night (matches 1 and 2)\n"),
        "{said}"
    );
    assert_eq!(matches(&db), "don 1 2-0\ndon 2 0-2\nsingle-crib 1 2-0\n");
}

#[test]
fn an_entry_left_before_any_match_is_accepted_changes_nothing_and_logs_nothing() {
    // Before, opening the prompt and leaving it began the night: a "begun" change in the log
    // (which a plain `don undo` then took back instead of the last real change), the night
    // "0–0 so far", and `--totals` refused because the night "has matches entered".
    let db = Db::short_nights();
    db.fixtures_generate("2025-09-01", "thu");
    let before = db.dump();
    // The end of input at once, `quit`, and a refused first answer.
    for lines in ["", "quit\n", "Gareth+Rhys+Emrys\n"] {
        let out = piped(&db, &["night", "enter", "Royal Oak", "Red Lion"], lines);
        assert!(
            text(&out.stdout).contains("0–0 so far; still to enter: don 1, don 2, single-crib 1"),
            "{}",
            text(&out.stdout)
        );
        assert_eq!(db.dump(), before, "after {lines:?}");
    }
    // On a date off its fixture's, said to be moved, and left: the fixture stays where it was.
    let out = piped(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-12-25",
            "--moved",
        ],
        "quit\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(db.dump(), before);
    // The night can still be given as totals.
    let said = db.ok(&["night", "enter", "Royal Oak", "Red Lion", "--totals", "2-1"]);
    assert!(said.ends_with(": 2–1.\n"), "{said}");
    // A night begun at the prompt is begun with its first match, as one change.
    let out = piped(
        &db,
        &[
            "night",
            "enter",
            "Red Lion",
            "Royal Oak",
            "--date",
            "2025-12-25",
            "--moved",
        ],
        "Gareth+Rhys\nDai+Huw\n2-0\n\nquit\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("moved from 2025-09-"),
        "{}",
        text(&out.stderr)
    );
    let log = db.ok(&["log", "--limit", "1"]);
    assert!(
        log.contains("Red Lion v Royal Oak on 2025-12-25: don 1 2–0"),
        "{log}"
    );
    db.ok(&["undo"]);
    assert_eq!(
        db.sql("SELECT count(*) FROM matches WHERE fixture IN (SELECT id FROM fixtures WHERE date = '2025-12-25')"),
        "0\n"
    );
}

/// Reads `child`'s standard error, line by line, until a line `until` takes; every line read.
fn read_until(err: &mut impl std::io::BufRead, until: impl Fn(&str) -> bool) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        assert_ne!(err.read_line(&mut line).unwrap(), 0, "ended: {lines:?}");
        let done = until(&line);
        lines.push(line);
        if done {
            return lines;
        }
    }
}

/// Two `night enter` prompts open on one night: the second to keep don 1 is refused with what
/// the first kept (not "UNIQUE constraint failed"), is given back its own match as a `night
/// correct` line, and goes on with the other matches.
#[test]
fn a_match_another_session_entered_first_is_refused_and_given_back() {
    use std::io::{BufReader, Read, Write};
    let db = Db::short_nights();
    let mut first = db.spawn(&ENTER);
    let mut err = BufReader::new(first.stderr.take().unwrap());
    read_until(&mut err, |l| l.starts_with("For each match"));
    // The second session keeps don 1 while the first is at its prompt.
    let other = piped(&db, &ENTER, "Gareth+Rhys\nDai+Huw\n2-1\n\n");
    assert!(other.status.success(), "{}", text(&other.stderr));
    let mut stdin = first.stdin.take().unwrap();
    stdin
        .write_all(b"Emrys+Glyn\nAled+Bethan\n2-0\n\nEmrys+Glyn\nAled+Bethan\n0-2\n\n")
        .unwrap();
    drop(stdin);
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let out = first.wait_with_output().unwrap();
    assert!(!rest.contains("UNIQUE"), "{rest}");
    assert!(
        rest.contains("don 1 refused: the other session entered don 1 first (Royal Oak 2–1: don 1; Gareth+Rhys; Dai+Huw; 2-1); yours is not kept: `don night correct 'Royal Oak' 'Red Lion' --date 2025-09-04 --match 'don 1; Emrys+Glyn; Aled+Bethan; 2-0'` puts it in its place\n"),
        "{rest}"
    );
    assert!(rest.contains("don 2: Red Lion 2–0.\n"), "{rest}");
    assert_eq!(
        text(&out.stdout),
        "Royal Oak v Red Lion on 2025-09-04: 2 don (pairs, to 121, best of 3), 1 single-crib (singles, to 61, best of 3)\n\
         Royal Oak v Red Lion on 2025-09-04: 1–1 so far; still to enter: single-crib 1. The night counts once it is complete (`don night enter` again carries on).\n"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(matches(&db), "don 1 2-1\ndon 2 0-2\n");
    // The line given back puts the match typed here in place of the other session's.
    db.ok(&[
        "night",
        "correct",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Emrys+Glyn; Aled+Bethan; 2-0",
    ]);
    assert_eq!(matches(&db), "don 2 0-2\ndon 1 2-0\n");
}

/// An outside `don undo` of a match an open `night enter` kept: the session says so, asks for
/// it again, and its report is of the night as stored (it was of matches that were gone).
#[test]
fn an_open_entry_reads_the_night_again_after_an_outside_undo() {
    use std::io::{BufReader, Read, Write};
    let db = Db::short_nights();
    let mut entry = db.spawn(&ENTER);
    let mut stdin = entry.stdin.take().unwrap();
    let mut err = BufReader::new(entry.stderr.take().unwrap());
    stdin.write_all(b"Gareth+Rhys\nDai+Huw\n2-1\n\n").unwrap();
    stdin.flush().unwrap();
    read_until(&mut err, |l| l.starts_with("don 1: Royal Oak 2–1."));
    let undone = db.ok(&["undo"]);
    assert!(undone.contains("don 1 2–1"), "{undone}");
    // Don 2, then don 1 again (it is asked for after don 2, which was being typed), then the
    // single crib.
    stdin
        .write_all(
            b"Emrys+Glyn\nAled+Bethan\n0-2\n\nGareth+Rhys\nDai+Huw\n2-0\n\nCarys\nDafydd\n2-1\n\n",
        )
        .unwrap();
    drop(stdin);
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let out = entry.wait_with_output().unwrap();
    assert!(out.status.success(), "{rest}");
    assert!(
        rest.contains(
            "don 1 is no longer stored (taken back outside this entry): it is asked again\n"
        ),
        "{rest}"
    );
    assert_eq!(
        text(&out.stdout),
        "Royal Oak v Red Lion on 2025-09-04: 2 don (pairs, to 121, best of 3), 1 single-crib (singles, to 61, best of 3)\n\
         Royal Oak v Red Lion on 2025-09-04: Royal Oak 2–1 Red Lion. The night is complete.\n"
    );
    assert_eq!(matches(&db), "don 2 0-2\ndon 1 2-0\nsingle-crib 1 2-1\n");
}

/// Two `night enter` prompts open on one night, the other session entering the whole night
/// (as totals, or all its matches) before this one keeps its first match: the match typed here
/// is refused as the other session's night (not "no fixture left to play"), given back as a
/// `night correct` line, and the entry ends with exit 1, the other session's night kept.
#[test]
fn a_night_another_session_completed_first_refuses_the_match_typed_and_gives_it_back() {
    use std::io::{BufReader, Read, Write};
    for (other, result) in [("totals", "2–1 (totals)"), ("matches", "2–1")] {
        let db = Db::short_nights();
        let mut first = db.spawn(&ENTER);
        let mut err = BufReader::new(first.stderr.take().unwrap());
        read_until(&mut err, |l| l.starts_with("For each match"));
        if other == "totals" {
            let mut args = ENTER.to_vec();
            args.extend(["--totals", "2-1"]);
            db.ok(&args);
        } else {
            let done = piped(
                &db,
                &ENTER,
                "Gareth+Rhys\nDai+Huw\n2-1\n\nGareth+Rhys\nDai+Huw\n0-2\n\nCarys\nDafydd\n2-1\n\n",
            );
            assert!(done.status.success(), "{}", text(&done.stderr));
        }
        let before = db.dump();
        let mut stdin = first.stdin.take().unwrap();
        stdin
            .write_all(b"Emrys+Glyn\nAled+Bethan\n2-0\n\n")
            .unwrap();
        drop(stdin);
        let mut rest = String::new();
        err.read_to_string(&mut rest).unwrap();
        let out = first.wait_with_output().unwrap();
        assert!(!rest.contains("no fixture left"), "{other}: {rest}");
        assert!(
            rest.contains("don 1 refused: the other session entered the night first: "),
            "{other}: {rest}"
        );
        assert!(
            rest.contains("yours is not kept: `don night correct 'Royal Oak' 'Red Lion' --date 2025-09-04 --match 'don 1; Emrys+Glyn; Aled+Bethan; 2-0'` puts don 1 in its place\n"),
            "{other}: {rest}"
        );
        assert!(
            rest.contains(&format!(
                "the other session entered the night first: {result} (see"
            )),
            "{other}: {rest}"
        );
        assert_eq!(out.status.code(), Some(1), "{other}: {rest}");
        assert_eq!(db.dump(), before, "{other}");
    }
}

/// An open `night enter` that has kept a match, the night then replaced by totals from outside
/// (`night correct --totals`): the next match typed is refused as the other session's night,
/// given back, exit 1; the totals stay.
#[test]
fn a_night_replaced_outside_an_open_entry_refuses_the_next_match_typed() {
    use std::io::{BufReader, Read, Write};
    let db = Db::short_nights();
    let mut entry = db.spawn(&ENTER);
    let mut stdin = entry.stdin.take().unwrap();
    let mut err = BufReader::new(entry.stderr.take().unwrap());
    stdin.write_all(b"Gareth+Rhys\nDai+Huw\n2-1\n\n").unwrap();
    stdin.flush().unwrap();
    read_until(&mut err, |l| l.starts_with("don 1: Royal Oak 2–1."));
    let mut args = vec![
        "night",
        "correct",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
    ];
    args.extend(["--totals", "3-0"]);
    db.ok(&args);
    let before = db.dump();
    stdin
        .write_all(b"Emrys+Glyn\nAled+Bethan\n0-2\n\n")
        .unwrap();
    drop(stdin);
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let out = entry.wait_with_output().unwrap();
    assert!(!rest.contains("no fixture left"), "{rest}");
    assert!(
        rest.contains("refused: the other session entered the night first: "),
        "{rest}"
    );
    assert!(
        rest.contains("--match 'don 1; Emrys+Glyn; Aled+Bethan; 0-2'` puts don 1 in its place\n")
            || rest.contains(
                "--match 'don 2; Emrys+Glyn; Aled+Bethan; 0-2'` puts don 2 in its place\n"
            ),
        "{rest}"
    );
    assert_eq!(out.status.code(), Some(1), "{rest}");
    assert_eq!(db.dump(), before);
}
