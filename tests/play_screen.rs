//! The scorer's screen and what it keeps: a totals line the ruleset cannot have is refused (and
//! random lines never leave a game `show` cannot read); the short prompt and the status above
//! it; what `undo` says it took back; what comes next; `don log` for a totals hand; the seats of
//! `don new`.

use crate::common;

use std::process::Output;

use proptest::prelude::*;
use serde_json::Value;

use common::db::Db;
use common::text;

/// `don play GAME` with these lines: its exit code, standard output and standard error.
fn play(db: &Db, game: &str, lines: &[&str]) -> (Option<i32>, String, String) {
    let out: Output = db.play(&[game], &(lines.join("\n") + "\n"));
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// A game of Nine Card Don (8 for game) with S to pitch first, as game 1.
fn nine_card_don(db: &Db) {
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "A, B, C, D",
        "--pitcher",
        "S",
    ]);
}

// Point 1: a totals line with an award the ruleset lacks.

#[test]
fn a_totals_line_with_an_award_the_ruleset_lacks_is_refused_naming_award_and_ruleset() {
    let db = Db::new();
    nine_card_don(&db);
    let before = std::fs::read(&db.path).unwrap();
    let (code, _, err) = play(&db, "1", &["totals ns 10 ew 20 game ew high ns"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("line 1: refused, nothing recorded: hand 1: `high` is not an award of Nine Card Don with end scoring `game`\n"),
        "{err}"
    );
    let (code, _, err) = play(&db, "1", &["totals ns 10 ew 20 game ew jack ns"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("hand 1: `jack` is not an award of Nine Card Don with end scoring `game`\n"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&db.path).unwrap(),
        before,
        "nothing was recorded"
    );
    assert_eq!(db.show("1")["hands"], serde_json::json!([]));

    db.ok(&["new", "phat"]);
    let (_, _, err) = play(&db, "2", &["totals ns 40 ew 40 high ns muck tie"]);
    assert!(
        err.contains("hand 1: `high` is not an award of Phat\n"),
        "{err}"
    );
    db.ok(&["new", "irish-don", "--pitcher", "N"]);
    let (_, _, err) = play(&db, "3", &["totals ns 40 ew 40 game ns"]);
    assert!(
        err.contains("hand 1: `game` is not an award of Irish Don\n"),
        "{err}"
    );
    // `check` says the same of a record holding it.
    let record = serde_json::json!({
        "format": "don/1",
        "ruleset": { "variant": "nine-card-don" },
        "hands": [{ "pitcher": "S", "points": { "NS": 10, "EW": 20 }, "game": "EW", "high": "NS" }],
    });
    let file = db.dir().join("high.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = db.run(&["check", file.to_str().unwrap()]);
    assert!(
        text(&out.stdout)
            .contains("hand 1: `high` is not an award of Nine Card Don with end scoring `game`"),
        "{}",
        text(&out.stdout)
    );
    // `import` refuses it too, and stores nothing.
    let before = std::fs::read(&db.path).unwrap();
    let out = db.run(&["import", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr)
            .contains("hand 1: `high` is not an award of Nine Card Don with end scoring `game`"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&db.path).unwrap(), before);
    // Every game stored still reads.
    for game in ["1", "2", "3"] {
        db.show(game);
    }
}

/// A word for a random line at the table: every kind of line, with sides, seats and award words
/// that may or may not belong to the game.
fn arb_line(sides: &'static [&'static str]) -> impl Strategy<Value = String> {
    let side = || prop::sample::select(vec!["NS", "EW", "N", "E", "S"]);
    let seat = || prop::sample::select(vec!["N", "E", "S", "W"]);
    let award = prop::sample::select(vec![
        "game",
        "high",
        "low",
        "jack",
        "muck",
        "out_first",
        "last_scorer",
    ]);
    let taker = prop::sample::select(vec![
        "NS",
        "EW",
        "N",
        "E",
        "S",
        "none",
        "tie",
        "N+E",
        "NS 44 EW 36",
    ]);
    let trick = prop::collection::vec(0usize..52, 2..=4).prop_map(|cards| {
        cards
            .iter()
            .map(|&c| don::rules::Card::from_index(c).unwrap().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    });
    // Mostly the game's own sides, with points a hand can make.
    let points = prop_oneof![
        4 => prop::collection::vec(prop::sample::select(vec![0, 5, 10, 17, 20, 40, 41]), sides.len())
            .prop_map(move |p| sides.iter().copied().zip(p).collect::<Vec<_>>()),
        1 => prop::collection::vec((side(), 0i32..90), 1..=3),
    ];
    let totals =
        (points, prop::collection::vec((award, taker), 0..3)).prop_map(|(points, awards)| {
            let mut line = String::from("totals");
            for (side, p) in points {
                line.push_str(&format!(" {side} {p}"));
            }
            for (award, taker) in awards {
                line.push_str(&format!(" {award} {taker}"));
            }
            line
        });
    prop_oneof![
        4 => trick,
        5 => totals,
        1 => seat().prop_map(|s| format!("pitcher {s}")),
        1 => (side(), prop::sample::select(vec!["out-of-turn", "renege", "-19"]))
            .prop_map(|(s, what)| format!("penalty {s} {what}")),
        2 => Just("undo".to_string()),
        1 => (
            prop::sample::select(vec!["renege", "misdeal", "redeal-demanded"]),
            prop::option::of(seat())
        )
            .prop_map(|(why, seat)| format!("abandon {why} {}", seat.unwrap_or(""))),
        1 => side().prop_map(|s| format!("concede {s}")),
        1 => Just("claim".to_string()),
    ]
}

/// The games `don games --json` lists.
fn stored_games(db: &Db) -> Vec<String> {
    let games: Value = serde_json::from_str(&db.ok(&["games", "--json"])).unwrap();
    games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].to_string())
        .collect()
}

/// `don new` arguments, and the game's sides.
type Ruleset = (&'static [&'static str], &'static [&'static str]);

const PAIRS: &[&str] = &["NS", "EW"];

const RULESETS: &[Ruleset] = &[
    (&["nine-card-don"], PAIRS),
    (&["nine-card-don", "--end-scoring", "hljg"], PAIRS),
    (
        &["nine-card-don", "--end-scoring", "preston", "--deals", "2"],
        PAIRS,
    ),
    (&["game-to-lose"], &["N", "E", "S"]),
    (&["irish-don"], PAIRS),
    (&["irish-don", "--players", "2"], &["N", "S"]),
    (&["phat"], PAIRS),
    (&["blind-don"], PAIRS),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random lines typed at the table (tricks, totals with any award words, pitchers,
    /// penalties, abandonments, concessions, claims, `undo`), then `don undo` (which redoes when
    /// repeated), then more lines: whatever is stored, `don show N` and `don show N --json` read
    /// every game, and as a record it has nothing `check` cannot read.
    #[test]
    fn every_game_kept_at_the_table_can_be_read(
        (ruleset, first, undos, second) in prop::sample::select(RULESETS.to_vec())
            .prop_flat_map(|(ruleset, sides)| (
                Just(ruleset),
                prop::collection::vec(arb_line(sides), 0..25),
                0usize..3,
                prop::collection::vec(arb_line(sides), 0..25),
            )),
    ) {
        let db = Db::new();
        let mut args = vec!["new"];
        args.extend(ruleset.iter().copied());
        db.ok(&args);
        let lines = |lines: &[String]| lines.join("\n") + "\n";
        db.play(&["1"], &lines(&first));
        for _ in 0..undos {
            db.run(&["undo"]);
        }
        db.play(&["1"], &lines(&second));
        for game in stored_games(&db) {
            // The sheet as the table has it, and as a record (`check`'s reading).
            for args in [vec!["show", &game], vec!["show", &game, "--json"]] {
                let out = db.run(&args);
                prop_assert!(
                    out.status.success(),
                    "{:?} failed after {:?} / {} undo / {:?}: {}",
                    args, first, undos, second, text(&out.stderr)
                );
                if args.len() == 3 {
                    let sheet: Value = serde_json::from_slice(&out.stdout).unwrap();
                    let unreadable: Vec<&Value> = sheet["errors"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|e| e["code"] == "schema" || e["code"] == "ruleset")
                        .collect();
                    prop_assert!(
                        unreadable.is_empty(),
                        "game {} cannot be read after {:?} / {} undo / {:?}: {:?}",
                        game, first, undos, second, unreadable
                    );
                }
            }
        }
    }
}

// Point 11: what `undo` says it took back.

/// What `undo` said, in order.
fn said_of_undo(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("Taken back") || l.starts_with("There is nothing"))
        .collect()
}

#[test]
fn undo_says_the_one_line_taken_back_and_its_hand_in_a_resumed_game() {
    let db = Db::new();
    nine_card_don(&db);
    let (code, _, err) = play(
        &db,
        "1",
        &[
            "totals NS 10 EW 20 game EW",
            "totals NS 12 EW 5 game NS",
            "totals NS 0 EW 17 game EW",
            "penalty NS -19",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    // Resumed: the journal holds hands 2 to 4 with their pitchers, which were never typed.
    let (code, out, err) = play(&db, "1", &["undo", "undo", "undo", "undo", "undo"]);
    assert_eq!(code, Some(0), "{err}");
    let taken = said_of_undo(&out);
    assert_eq!(
        taken,
        [
            "Taken back from hand 4: `penalty NS -19`",
            "Taken back from hand 3: `totals NS 0 EW 17 game EW`",
            "Taken back from hand 2: `totals NS 12 EW 5 game NS`",
            "Taken back from hand 1: `totals NS 10 EW 20 game EW`",
            "There is nothing to take back",
        ],
        "{out}"
    );
    // A pitcher typed is a line of its own.
    db.ok(&["new", "irish-don"]);
    let (code, _, err) = play(&db, "2", &["pitcher E", "penalty NS out-of-turn"]);
    assert_eq!(code, Some(0), "{err}");
    let (_, out, _) = play(&db, "2", &["undo", "undo"]);
    let taken = said_of_undo(&out);
    assert_eq!(
        taken,
        [
            "Taken back from hand 1: `penalty NS out-of-turn`",
            "Taken back from hand 1: `pitcher E`",
        ],
        "{out}"
    );
}

// Point 13: `don log` for a totals hand.

#[test]
fn the_log_shows_a_totals_hand_with_its_awards() {
    let db = Db::new();
    nine_card_don(&db);
    db.ok(&["new", "phat", "--pitcher", "N"]);
    let (code, _, err) = play(&db, "1", &["totals NS 0 EW 20 game EW", "undo"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = play(&db, "2", &["totals NS 37 EW 51 muck EW"]);
    assert_eq!(code, Some(0), "{err}");
    let log = db.ok(&["log"]);
    for said in [
        "game 1, hand 1: totals NS 0 EW 20 game EW ",
        "took back game 1, hand 1: totals NS 0 EW 20 game EW ",
        "game 2, hand 1: totals NS 37 EW 51 muck EW ",
    ] {
        assert!(log.contains(said), "the log lacks {said}:\n{log}");
    }
}

// Point 15: the seats of `don new`, and W in a side's place.

#[test]
fn one_person_in_two_seats_is_refused_and_w_is_told_its_side() {
    let db = Db::new();
    let out = db.run(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Gareth, Huw",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "don: error: Gareth is named for two seats, N and S: one player sits in one seat\n"
    );
    // Names match ignoring case and extra spaces, as they do across games.
    let out = db.run(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--west",
        "  gareth ",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "don: error: Gareth (as gareth) is named for two seats, N and W: one player sits in one seat\n"
    );
    assert!(!db.path.exists(), "no database was begun");
    nine_card_don(&db);
    let (code, _, err) = play(&db, "1", &["penalty W renege", "concede XY"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("line 1: refused, nothing recorded: `W` is a seat, not a side: W plays for EW (the sides are NS and EW)\n"), "{err}");
    assert!(
        err.contains(
            "line 2: refused, nothing recorded: `XY` is not a side: the sides are NS and EW\n"
        ),
        "{err}"
    );
}

/// The refusals of `lines` played in game `game`, one a line, in order.
fn refusals(db: &Db, game: &str, lines: &[&str]) -> Vec<String> {
    let before = std::fs::read(&db.path).unwrap();
    let (code, _, err) = play(db, game, lines);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(std::fs::read(&db.path).unwrap(), before, "nothing recorded");
    err.lines()
        .filter_map(|l| l.split_once(": refused, nothing recorded: "))
        .map(|(_, why)| why.to_string())
        .collect()
}

#[test]
fn a_side_or_seat_not_in_the_game_is_answered_with_the_sides_and_seats_of_the_game() {
    let db = Db::new();
    nine_card_don(&db);
    // A partnership game: the sides are NS and EW whatever the word, a seat told its side.
    let partnership = [
        "`Q` is not a side: the sides are NS and EW",
        "`N` is a seat, not a side: N plays for NS (the sides are NS and EW)",
        "`W` is a seat, not a side: W plays for EW (the sides are NS and EW)",
        "`E` is a seat, not a side: E plays for EW (the sides are NS and EW)",
        "`W` is a seat, not a side: W plays for EW (the sides are NS and EW)",
        "`S` is a seat, not a side: S plays for NS (the sides are NS and EW)",
        "`Q` is not a seat: the seats are N, E, S and W",
        "`X` in `X:KH` is not a seat: the seats are N, E, S and W",
        "`Q` is not a seat: the seats are N, E, S and W",
    ];
    assert_eq!(
        refusals(
            &db,
            "1",
            &[
                "penalty Q -5",
                "penalty N -5",
                "penalty W -5",
                "concede E",
                "totals NS 10 W 20",
                "totals S 10 EW 20",
                "abandon renege Q",
                "S:5H X:KH N:2H E:AH",
                "pitcher Q",
            ]
        ),
        partnership
    );
    // Three players, each a side: N, E and S; W is not at the table.
    db.ok(&[
        "new",
        "game-to-lose",
        "--seats",
        "A, B, C",
        "--pitcher",
        "N",
    ]);
    db.ok(&[
        "new",
        "blind-don",
        "--layout",
        "three",
        "--seats",
        "A, B, C",
    ]);
    for game in ["2", "3"] {
        assert_eq!(
            refusals(
                &db,
                game,
                &[
                    "concede W",
                    "concede NS",
                    "penalty Q -5",
                    "penalty EW -5",
                    "totals N 10 E 5 W 6",
                    "totals N 10 EW 5",
                    "pitcher W",
                    "abandon renege W",
                    "N:5H E:2H W:AH",
                    "X:5H",
                ]
            ),
            [
                "`W` is not at the table: the sides are N, E and S",
                "`NS` is not a side in a game of three players, each playing alone: the sides are N, E and S",
                "`Q` is not a side: the sides are N, E and S",
                "`EW` is not a side in a game of three players, each playing alone: the sides are N, E and S",
                "`W` is not at the table: the sides are N, E and S",
                "`EW` is not a side in a game of three players, each playing alone: the sides are N, E and S",
                "`W` is not at the table: the seats are N, E and S",
                "`W` is not at the table: the seats are N, E and S",
                "`W` in `W:AH` is not at the table: the seats are N, E and S",
                "`X` in `X:5H` is not a seat: the seats are N, E and S",
            ],
            "game {game}"
        );
    }
    // Two players: E and W are not at the table.
    db.ok(&["new", "irish-don", "--players", "2", "--pitcher", "N"]);
    assert_eq!(
        refusals(&db, "4", &["concede E", "penalty NS -5", "pitcher W"]),
        [
            "`E` is not at the table: the sides are N and S",
            "`NS` is not a side in a game of two players, each playing alone: the sides are N and S",
            "`W` is not at the table: the seats are N and S",
        ]
    );
}

// Point 10: a short prompt, and the full status said once.

/// The lines of standard error that are prompts.
fn prompts(err: &str) -> Vec<&str> {
    err.lines().filter(|l| l.ends_with(" >")).collect()
}

#[test]
fn the_prompt_is_short_and_the_status_is_said_in_full_once_a_hand() {
    let db = Db::new();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "N",
    ]);
    let mut lines: Vec<&str> = common::HAND_A.to_vec();
    lines.push("5H 2H 3H 4H");
    let (code, out, err) = play(&db, "1", &lines);
    assert_eq!(code, Some(0), "{err}");
    // Hand A (tests/rules_nine_card_don.rs): NS take trick 1 with the 5 of trumps (10), EW
    // tricks 2 and 3 (9 + 4, then 3 + 2 + 1).
    assert_eq!(
        prompts(&err)[..4],
        [
            "H1 · N pitches · NS 0–0 EW >",
            "H1 T2 · N leads · ♥ · NS 10–0 EW >",
            "H1 T3 · E leads · ♥ · NS 10–13 EW >",
            "H1 T4 · E leads · ♥ · NS 10–19 EW >",
        ]
    );
    for prompt in prompts(&err) {
        assert!(prompt.chars().count() <= 60, "too wide: {prompt}");
    }
    // The full status once for hand 1 (nine tricks) and once for hand 2, never between.
    let full: Vec<&str> = out.lines().filter(|l| l.starts_with("Hand ")).collect();
    assert_eq!(
        full,
        [
            "Hand 1 · W (Huw) deals · N (Gareth) pitches · NS (Gareth & Rhys) 0 · EW (Dai & Huw) 0",
            "Hand 1 ends: NS (Gareth & Rhys) 20, EW (Dai & Huw) 32",
            "Hand 2 · N (Gareth) deals · E (Dai) pitches · NS (Gareth & Rhys) 20 · EW (Dai & Huw) 32",
        ],
        "{out}"
    );
}

/// Every prompt of `err` fits 60 columns on a terminal, where it ends ` > ` (piped, ` >`).
fn all_fit_60_columns(what: &str, err: &str) {
    let prompts = prompts(err);
    assert!(!prompts.is_empty(), "{what}: no prompt in {err}");
    for prompt in prompts {
        assert!(
            prompt.chars().count() < 60, // and its last space
            "{what}: a prompt wider than 60 columns: {prompt}"
        );
    }
}

#[test]
fn every_prompt_fits_60_columns_in_every_variant_and_stage() {
    // Irish Don best of three, late in a deal of game 2: NS took game 1 with 50 + 50 (hands 1
    // and 2), hand 3 is game 2's first; hand 4 played trick by trick, each trick following suit.
    let db = Db::new();
    db.ok(&["new", "irish-don", "--best-of-three", "--seats", "A,B,C,D"]);
    let mut lines = vec!["pitcher S"];
    lines.extend(["totals ns 50 ew 30"; 3]);
    lines.extend([
        "2H 3H 4H 5H",
        "6H 7H 8H 9H",
        "TH JH QH KH",
        "2S 3S 4S 5S",
        "6S 7S 8S 9S",
        "TS JS QS KS",
        "2C 3C 4C 5C",
        "6C 7C 8C 9C",
        "TC JC QC KC",
    ]);
    let (code, _, err) = play(&db, "1", &lines);
    assert_eq!(code, Some(0), "{err}");
    let p = prompts(&err);
    assert_eq!(p[3], "H3 · N pitches · NS 0–0 EW · G2 1–0 >");
    assert_eq!(
        p.last(),
        Some(&"H4 T10 · N leads · ♥ · NS 80–62 EW counting · G2 1–0 >")
    );
    all_fit_60_columns("Irish Don best of three", &err);

    // Nine Card Don, a match of three legs.
    let db = Db::new();
    db.ok(&[
        "new",
        "nine-card-don",
        "--legs",
        "3",
        "--seats",
        "A,B,C,D",
        "--pitcher",
        "N",
    ]);
    let (_, _, err) = play(&db, "1", &["5H 6H 7H 8H"]);
    assert_eq!(
        prompts(&err).last(),
        Some(&"H1 T2 · W leads · ♥ · NS 0–10 EW · L1 0–0 >")
    );
    all_fit_60_columns("Nine Card Don, three legs", &err);

    // Phat, with a muck carried.
    let db = Db::new();
    db.ok(&["new", "phat", "--seats", "A,B,C,D", "--pitcher", "N"]);
    let (_, _, err) = play(&db, "1", &["totals ns 50 ew 30", "5H 6H 7H 8H"]);
    assert_eq!(
        prompts(&err).last(),
        Some(&"H2 T2 · N leads · ♥ · NS 60–30 EW >")
    );
    all_fit_60_columns("Phat", &err);

    // Blind Don, two players.
    let db = Db::new();
    db.ok(&["new", "blind-don", "--seats", "A,B", "--pitcher", "N"]);
    let (_, _, err) = play(&db, "1", &["5H 6H"]);
    assert_eq!(
        prompts(&err).last(),
        Some(&"H1 T2 · S leads · ♥ · N 0–10 S >")
    );
    all_fit_60_columns("Blind Don", &err);

    // Game to Lose, three players.
    let db = Db::new();
    db.ok(&["new", "game-to-lose", "--seats", "A,B,C", "--pitcher", "N"]);
    let (_, _, err) = play(&db, "1", &["5H 6H 7H", "TH JH QH"]);
    assert_eq!(
        prompts(&err).last(),
        Some(&"H1 T3 · E leads · ♥ · N 0 E 3 S 10 >")
    );
    all_fit_60_columns("Game to Lose", &err);
}

// Point 12: what comes next.

#[test]
fn irish_don_without_a_pitcher_says_to_type_the_holder_of_the_lowest_diamond() {
    let db = Db::new();
    db.ok(&["new", "irish-don"]);
    let (code, out, err) = play(&db, "1", &["2D 3D 4D 5D", "pitcher N"]);
    assert_eq!(code, Some(1));
    assert!(
        out.ends_with("\nHand 1 · NS 0 · EW 0. Who pitches? Type `pitcher N|E|S|W` (the holder of the lowest diamond)\nN pitches hand 1\n"),
        "{out}"
    );
    assert_eq!(
        prompts(&err),
        [
            "H1 · pitcher? · NS 0–0 EW >",
            "H1 · pitcher? · NS 0–0 EW >",
            "H1 · N pitches · NS 0–0 EW >"
        ]
    );
    assert!(err.contains("line 1: refused, nothing recorded: who pitches hand 1? Type `pitcher N|E|S|W` (the holder of the lowest diamond), then the trick\n"), "{err}");
}

#[test]
fn a_game_over_says_undo_and_quit_are_left() {
    let db = Db::new();
    nine_card_don(&db);
    let (code, out, err) = play(
        &db,
        "1",
        &["totals NS 10 EW 20 game EW", "concede EW", "5S 2S 3S 4S"],
    );
    assert_eq!(code, Some(1));
    assert!(
        out.contains("\nThe game is over: NS (A & C) won, 10–20. What is left: `undo` takes back the last entry, `quit` stops\n"),
        "{out}"
    );
    assert_eq!(prompts(&err).last(), Some(&"over · undo or quit >"));
    assert!(err.contains("line 3: refused, nothing recorded: the game is over: NS (A & C) won, 10–20; what is left: `undo` takes back the last entry, `quit` stops\n"), "{err}");
}

#[test]
fn help_lists_every_line_and_exit_quits_saying_how_to_carry_on() {
    let db = Db::new();
    nine_card_don(&db);
    for asked in ["help", "?", "HELP"] {
        let (code, out, err) = play(&db, "1", &[asked]);
        assert_eq!(code, Some(0), "{err}");
        let listed = out.split("Lines, one an entry:\n").nth(1).unwrap_or("");
        for example in [
            "5h kh 2h ah",
            "pitcher S",
            "totals NS 23 EW 12 game NS",
            "abandon renege W",
            "penalty EW out-of-turn",
            "concede EW",
            "claim",
            "undo",
            "quit",
            "help",
            "# N led the 5",
        ] {
            assert!(
                listed.contains(&format!("\n  {example}\n"))
                    || listed.starts_with(&format!("  {example}\n")),
                "`{asked}` does not list {example}:\n{out}"
            );
        }
        // Each line fits a 60-column terminal; the plain muck and Game to Lose's game listed.
        for line in listed.lines() {
            assert!(line.chars().count() <= 60, "too wide: {line}");
        }
        assert!(
            listed.contains("\n      muck NS, muck tie, muck NS 44 EW 36, out_first NS,\n"),
            "{listed}"
        );
    }
    let (code, out, err) = play(&db, "1", &["exit", "5S 2S 3S 4S"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.ends_with("\nGame 1 is saved as it stands; `don play 1` carries on from here.\n"),
        "{out}"
    );
    let (_, out, _) = play(&db, "1", &["quit"]);
    assert!(
        out.ends_with("`don play 1` carries on from here.\n"),
        "{out}"
    );
    assert_eq!(
        db.show("1")["hands"],
        serde_json::json!([]),
        "nothing after `exit` was read"
    );
}

#[test]
fn a_resumed_hand_shows_its_tricks_and_totals_mid_hand_says_undo_takes_them_back() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    let (code, _, err) = play(&db, "1", &common::HAND_A[..2]);
    assert_eq!(code, Some(0), "{err}");
    let (code, out, err) = play(&db, "1", &["totals NS 20 EW 32 game EW"]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("Game 1: Nine Card Don to 121, 8 for game\nHand 1 so far:\n  trick 1: 5H 2H 3H 4H\n  trick 2: 9H AH 6H 7H\nHand 1, trick 3 · "),
        "{out}"
    );
    assert!(err.contains("line 1: refused, nothing recorded: hand 1 is in play, 2 tricks entered: a hand is kept trick by trick or as totals, not both; `undo` takes back what was entered of it, one line at a time, to enter the hand as totals\n"), "{err}");
}

#[test]
fn a_refused_phat_totals_line_says_what_the_totals_must_add_up_to() {
    let db = Db::new();
    db.ok(&["new", "phat", "--pitcher", "N"]);
    // 37 + 43 = 80 with the muck's 8 to EW: the phat only 72.
    let (code, _, err) = play(
        &db,
        "1",
        &["totals NS 37 EW 43 muck EW", "totals NS 40 EW 50 muck tie"],
    );
    assert_eq!(code, Some(1));
    assert!(err.contains("line 1: refused, nothing recorded: the totals NS 37, EW 43 are impossible: they add up to 80, but a deal holds 80 of phat and 8 for the muck, and nobody went out during it: the totals must add up to 88\n"), "{err}");
    assert!(err.contains("line 2: refused, nothing recorded: the totals NS 40, EW 50 are impossible: they add up to 90, but a deal holds 80 of phat: the totals must add up to 80\n"), "{err}");
}

#[test]
fn a_refused_phat_totals_line_says_what_was_typed_adds_up_to() {
    let db = Db::new();
    db.ok(&["new", "phat", "--pitcher", "N"]);
    // 50 + 50 = 100 typed; 80 of phat and the muck's 8 make 88 (the phat of this reading,
    // the muck's 8 to NS, would be 92: said before, and neither typed nor explained).
    let before = std::fs::read(&db.path).unwrap();
    let (code, _, err) = play(&db, "1", &["totals ns 50 ew 50"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("line 1: refused, nothing recorded: the totals NS 50, EW 50 are impossible: they add up to 100, but a deal holds 80 of phat and 8 for the muck: the totals must add up to 88, or 80 when the muck is tied and carried\n"), "{err}");
    assert_eq!(std::fs::read(&db.path).unwrap(), before);
    // With the muck carried from a 40–40 deal, the next deal's muck is 16.
    let (code, _, err) = play(
        &db,
        "1",
        &["totals ns 40 ew 40 muck tie", "totals ns 60 ew 40"],
    );
    assert_eq!(code, Some(1));
    assert!(err.contains("line 2: refused, nothing recorded: the totals NS 60, EW 40 are impossible: they add up to 100, but a deal holds 80 of phat and 16 for the muck (8 of it carried from a tied deal): the totals must add up to 96, or 80 when the muck is tied and carried\n"), "{err}");
}

/// The sums a Phat deal's totals can make, for each way of settling a 40–40 muck (RULES.md §6):
/// under `carry` and `tens` the muck may have tied and been carried (80), else it was taken
/// (88, or 96 with a muck carried from a tied deal); under `split` it is always in the totals.
#[test]
fn a_refused_phat_totals_line_names_every_sum_the_muck_tie_allows() {
    let short = |muck: &str, sums: &str| {
        format!("line 1: refused, nothing recorded: the totals NS 50, EW 20 are impossible: they add up to 70, but a deal holds 80 of phat and {muck} for the muck, and nobody went out during it: the totals must add up to {sums}\n")
    };
    let either = "88, or 80 when the muck is tied and carried";
    for (tie, sums) in [("split", "88"), ("carry", either), ("tens", either)] {
        let db = Db::new();
        db.ok(&["new", "phat", "--pitcher", "N", "--muck-tie", tie]);
        let before = db.dump();
        let (code, _, err) = play(&db, "1", &["totals NS 50 EW 20"]);
        assert_eq!(code, Some(1), "{tie}: {err}");
        assert!(err.contains(&short("8", sums)), "{tie}: {err}");
        assert!(db.dump() == before, "{tie}: nothing recorded");
        // 80, the muck tied: what the message said is accepted under `carry` and `tens`.
        let (code, _, err) = play(&db, "1", &["totals NS 50 EW 30"]);
        assert_eq!(
            code,
            Some(if tie == "split" { 1 } else { 0 }),
            "{tie}: {err}"
        );
    }
    // A muck given as taken leaves only the one sum; given as tied and carried, only 80.
    let db = Db::new();
    db.ok(&["new", "phat", "--pitcher", "N"]);
    let (code, _, err) = play(
        &db,
        "1",
        &["totals NS 50 EW 20 muck NS", "totals NS 50 EW 40 muck tie"],
    );
    assert_eq!(code, Some(1));
    assert!(err.contains(&short("8", "88")), "{err}");
    assert!(err.contains("line 2: refused, nothing recorded: the totals NS 50, EW 40 are impossible: they add up to 90, but a deal holds 80 of phat: the totals must add up to 80\n"), "{err}");
    // After a deal whose muck tied and was carried, the muck taken is 16.
    let (code, _, err) = play(
        &db,
        "1",
        &[
            "totals NS 40 EW 40",
            "totals NS 50 EW 20",
            "totals NS 70 EW 26",
        ],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("line 2: refused, nothing recorded: the totals NS 50, EW 20 are impossible: they add up to 70, but a deal holds 80 of phat and 16 for the muck (8 of it carried from a tied deal), and nobody went out during it: the totals must add up to 96, or 80 when the muck is tied and carried\n"), "{err}");
    // 96: the muck's 16 to NS, taken on the third line.
    let show = db.show("1");
    assert_eq!(show["hands"].as_array().map(Vec::len), Some(2), "{show}");
}

/// `undo` looks at what the journal holds to say what it took back, but a scorer who has not
/// seen another's line still cannot take it back unawares.
#[test]
fn undo_still_refuses_to_take_back_what_another_scorer_added_unseen() {
    use std::io::{BufRead, Write};
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    let mut first = db.spawn(&["play", "1"]);
    let mut stdin = first.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(first.stdout.take().unwrap());
    writeln!(stdin, "{}", common::HAND_A[0]).unwrap();
    let mut line = String::new();
    while !line.contains("win the trick") {
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "play ended early");
    }
    let (code, _, err) = play(&db, "1", &[common::HAND_A[1]]);
    assert_eq!(code, Some(0), "{err}");
    writeln!(stdin, "undo").unwrap();
    drop(stdin);
    let rest = first.wait_with_output().unwrap();
    assert!(
        text(&rest.stderr).contains("game 1 was changed by another don since this one read it"),
        "{}",
        text(&rest.stderr)
    );
    let record: Value = serde_json::from_str(db.ok(&["export"]).trim()).unwrap();
    assert_eq!(
        record["hands"][0]["tricks"],
        serde_json::json!(common::HAND_A[..2])
    );
}

// Issue 15, point 9: a line over 64 KiB.

#[test]
fn a_line_longer_than_64_kib_is_refused_plainly_and_play_goes_on() {
    // Before: "unknown word `\u{0}(a`" at the table, and a player named
    // `\0(a line longer than 64 KiB)` stored by `night enter`.
    let db = Db::new();
    nine_card_don(&db);
    let long = "5H ".repeat(30_000);
    let (code, out, err) = play(&db, "1", &[&long, "totals ns 10 ew 20 game ew"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("line 1: refused, nothing recorded: a line longer than 64 KiB: not read (it begins \"5H 5H 5H 5H 5H 5H 5H 5H …\")\n"),
        "{err}"
    );
    assert!(
        !err.contains('\0') && !err.contains("unknown word"),
        "{err}"
    );
    // The next line is read and kept.
    assert!(
        out.contains("Hand 1 entered as totals: NS (A & C) 10, EW (B & D) 20"),
        "{out}"
    );
    assert_eq!(db.show("1")["hands"].as_array().unwrap().len(), 1);
}

#[test]
fn a_line_longer_than_64_kib_at_night_enter_is_refused_and_nothing_is_stored() {
    let db = Db::short_nights();
    let before = db.dump();
    let mut child = db.spawn(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
    ]);
    let long = format!("{}\n", "Gareth ".repeat(10_000));
    common::db::feed(&mut child, long.as_bytes());
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "a line longer than 64 KiB: not read (it begins \"Gareth Gareth Gareth Gar…\")"
        ),
        "{err}"
    );
    assert!(!err.contains('\0'), "{err}");
    assert_eq!(db.dump(), before, "nothing stored");
}

// Issue 15, point 13: ids that commands cannot name.

#[test]
fn new_refuses_an_id_that_is_empty_or_all_digits() {
    // Before: both were accepted, `--id 2` then hidden by game 2.
    let db = Db::new();
    db.ok(&["new", "phat"]);
    let before = db.dump();
    for (id, said) in [
        ("2", "--id 2: an id that reads as a number would be taken for a game's number; give it a letter or more (as `game-2`)"),
        ("", "`id` must not be empty: leave it out instead"),
        ("  ", "`id` must not be empty: leave it out instead"),
    ] {
        let out = db.run(&["new", "phat", "--id", id]);
        assert_eq!(out.status.code(), Some(2), "--id {id:?}");
        assert!(text(&out.stderr).contains(said), "{}", text(&out.stderr));
        assert_eq!(db.dump(), before);
    }
    db.ok(&["new", "phat", "--id", "g2"]);
    assert_eq!(db.show("g2")["id"], "g2");
}

#[test]
fn a_record_with_an_empty_id_is_a_schema_error() {
    let db = Db::new();
    let file = db.dir().join("e.jsonl");
    std::fs::write(
        &file,
        "{\"format\":\"don/1\",\"id\":\"\",\"ruleset\":{\"variant\":\"phat\"},\"hands\":[]}\n",
    )
    .unwrap();
    let out = db.run(&["check", file.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("`id` must not be empty: leave it out instead"),
        "{}",
        text(&out.stdout)
    );
    let out = db.run(&["import", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!db.path.exists() || db.sql("SELECT count(*) FROM games") == "0\n");
}

// Issue 15, point 22: a record whose id is a `don new` game's.

#[test]
fn a_record_whose_id_is_a_don_new_game_says_what_stored_that_game() {
    // Before: "… or `don undo` the import that stored it", though no import had.
    let db = Db::new();
    db.ok(&["new", "phat", "--id", "pub-night"]);
    let file = db.dir().join("p.jsonl");
    std::fs::write(
        &file,
        "{\"format\":\"don/1\",\"id\":\"pub-night\",\"ruleset\":{\"variant\":\"irish-don\"},\"hands\":[]}\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&["import", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("is already stored as game 1 with different content (first at `date`); give it another id: game 1 was begun with `don new` (#1), not imported\n"),
        "{err}"
    );
    assert!(!err.contains("the import"), "{err}");
    assert_eq!(db.dump(), before);
    // A game an import stored is named with that import.
    let other = db.dir().join("o.jsonl");
    std::fs::write(
        &other,
        "{\"format\":\"don/1\",\"id\":\"o-1\",\"ruleset\":{\"variant\":\"phat\"},\"hands\":[]}\n",
    )
    .unwrap();
    db.ok(&["import", other.to_str().unwrap()]);
    std::fs::write(
        &other,
        "{\"format\":\"don/1\",\"id\":\"o-1\",\"ruleset\":{\"variant\":\"irish-don\"},\"hands\":[]}\n",
    )
    .unwrap();
    let out = db.run(&["import", other.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "give it another id, or undo #2 (imported 1 game from {}), which stored it\n",
            other.display()
        )),
        "{err}"
    );
}

// Issue 15, point 15: past the target.

#[test]
fn a_side_past_the_target_has_nothing_to_go() {
    // Before: "NS 100009, -99888 to go".
    let db = Db::new();
    nine_card_don(&db);
    let (code, out, err) = play(
        &db,
        "1",
        &["penalty NS 99999", "totals ns 10 ew 20 game ew"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("Score: NS (A & C) 100009, 0 to go · EW (B & D) 20, 101 to go\n"),
        "{out}"
    );
    assert!(!out.contains("-99888"), "{out}");
}
