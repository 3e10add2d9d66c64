//! A game scored as a leg of a league night (`#1` in a night's Don match) is held by the night:
//! `don play` takes no entry and no take-back of it, and `don undo` of a change to it is
//! refused, each naming the night and how to undo its link first (issue 15, point 3).

use crate::common;

use std::process::Output;

use common::db::Db;
use common::text;

/// `don play GAME` with these lines: its exit code, standard output and standard error.
fn play(db: &Db, game: &str, lines: &[&str]) -> (Option<i32>, String, String) {
    let out: Output = db.play(&[game], &(lines.join("\n") + "\n"));
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The short-nights league, game 1 (Gareth & Rhys NS beat Dai & Huw 150–50 in five totals
/// hands, #3 to #8) linked as leg 1 of don 1 of Royal Oak v Red Lion on 2025-09-04 by #9.
fn league_with_a_leg() -> Db {
    let db = Db::short_nights();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    let (code, _, err) = play(&db, "1", &["totals ns 30 ew 10 game ns"; 5]);
    assert_eq!(code, Some(0), "{err}");
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-0; #1 121-80",
    ]);
    db
}

const HELD: &str = "game 1 is leg 1 of don 1 of Royal Oak v Red Lion on 2025-09-04: it cannot be changed while that night holds it; undo the night's link first: #9 (Royal Oak v Red Lion on 2025-09-04: 1 match), with `don undo 9`";

/// What still reads the league: standings, the site, the fixtures, the statistics, the night.
fn league_reads(db: &Db) {
    let table = db.ok(&["standings"]);
    assert!(table.contains("Royal Oak"), "{table}");
    db.ok(&["fixtures", "list"]);
    db.ok(&["stats"]);
    db.ok(&["night", "show", "Royal Oak", "Red Lion"]);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
}

#[test]
fn a_game_held_as_a_leg_takes_no_take_back_and_no_entry_naming_the_night() {
    // Before: `undo` took the last hand back; standings, publish, stats, fixtures list and
    // night enter then all failed ("game 1 is not finished with a winner").
    let db = league_with_a_leg();
    let before = db.dump();
    let (code, out, err) = play(&db, "1", &["undo"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(&format!("line 1: refused, nothing recorded: {HELD}\n")),
        "{err}"
    );
    // `don play` says so as it opens.
    assert!(
        out.contains(&format!(
            "Game 1: Nine Card Don to 121, 8 for game\n{HELD}.\n"
        )),
        "{out}"
    );
    assert_eq!(db.dump(), before, "nothing changed");
    // Nor does it offer what it would refuse.
    assert!(
        out.contains("A league night holds it as a leg, so nothing here changes it: `quit` stops"),
        "{out}"
    );
    assert!(!out.contains("`undo` takes back the last entry"), "{out}");
    assert!(!err.contains("over · undo or quit"), "{err}");
    for line in [
        "totals ns 30 ew 10 game ns",
        "concede EW",
        "penalty NS 5",
        "pitcher W",
    ] {
        let (code, _, err) = play(&db, "1", &[line]);
        assert_eq!(code, Some(1), "{line}: {err}");
        assert!(err.contains(HELD), "{line}: {err}");
        assert_eq!(db.dump(), before, "{line}: nothing changed");
    }
    // Blank lines and quit are no change.
    let (code, _, err) = play(&db, "1", &["", "# a comment", "quit"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(db.dump(), before);
    league_reads(&db);
}

#[test]
fn don_undo_of_a_hand_of_a_game_held_as_a_leg_is_refused_until_the_link_is_undone() {
    let db = league_with_a_leg();
    let before = db.dump();
    // The last hand (#8), by number: the night (#9) is named to undo first.
    let out = db.run(&["undo", "8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("#8 (game 1, hand 5: totals NS 30 EW 10 game NS) cannot be undone on its own: later changes touched what it changed: #9 (Royal Oak v Red Lion on 2025-09-04: 1 match); undo those first"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(db.dump(), before);
    league_reads(&db);
    // With the night's link undone, the game is the table's again.
    db.ok(&["undo", "9"]);
    let (code, out, err) = play(&db, "1", &["undo"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("Taken back from hand 5: `totals NS 30 EW 10 game NS`"),
        "{out}"
    );
    db.ok(&["standings"]);
}

/// Hides game 1's link from the triggers' log (as if it were not there), runs `f`, and puts
/// it back: a database as a don before this change could leave it, a take-back made while a
/// night held the game.
fn with_link_hidden(db: &Db, f: impl FnOnce()) {
    let trigger = db.sql("SELECT sql FROM sqlite_master WHERE name = 'leg_games_update'");
    db.sql("DROP TRIGGER leg_games_update; UPDATE leg_games SET game = 99 WHERE game = 1");
    f();
    db.sql(&format!(
        "UPDATE leg_games SET game = 1 WHERE game = 99; {};",
        trigger.trim()
    ));
}

#[test]
fn don_undo_of_a_take_back_made_while_a_night_held_the_game_is_refused_naming_the_night() {
    let db = league_with_a_leg();
    with_link_hidden(&db, || {
        let (code, _, err) = play(&db, "1", &["undo"]);
        assert_eq!(code, Some(0), "{err}");
    });
    let before = db.dump();
    let out = db.run(&["undo"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "#10 (took back game 1, hand 5: totals NS 30 EW 10 game NS) changed game 1, which cannot be changed now: {HELD}"
        )),
        "{err}"
    );
    assert_eq!(db.dump(), before, "nothing changed");
    let out = db.run(&["undo", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(HELD), "{}", text(&out.stderr));
    assert_eq!(db.dump(), before, "nothing changed");
}

#[test]
fn one_game_as_two_legs_of_a_match_or_of_two_matches_is_refused_naming_both() {
    // Before: exit 0, leg_games held game 1 twice and `night show` gave "(game 1)" twice.
    let db = Db::short_nights();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    let (code, _, err) = play(&db, "1", &["totals ns 30 ew 10 game ns"; 5]);
    assert_eq!(code, Some(0), "{err}");
    let before = db.dump();
    let enter = |matches: &[&str]| {
        let mut args = vec![
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
        ];
        for m in matches {
            args.extend(["--match", m]);
        }
        let out = db.run(&args);
        (out.status.code(), text(&out.stderr))
    };
    let (code, err) = enter(&["don 1; Gareth+Rhys; Dai+Huw; 2-0; #1 #1"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("game 1 is counted twice on this night: as leg 1 of don match 1 and as leg 2 of don match 1"),
        "{err}"
    );
    assert_eq!(db.dump(), before);
    let (code, err) = enter(&[
        "don 1; Gareth+Rhys; Dai+Huw; 2-0; #1 121-80",
        "don 2; Gareth+Rhys; Dai+Huw; 2-0; 121-80 #1",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--match 2: leg 2: game 1 is already a leg of don 1 of Royal Oak v Red Lion on 2025-09-04"),
        "{err}"
    );
    assert_eq!(db.dump(), before);
}
