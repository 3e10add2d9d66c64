//! Correcting a night (`don night correct`), undoing a named change (`don undo N`), a night off
//! its fixture's date (`--moved`) or beyond its teams' fixtures, and a misspelt player.

use crate::common;

use common::db::Db;
use common::text;
use serde_json::Value;

const ROYAL_OAK: &str = "Royal Oak";
const RED_LION: &str = "Red Lion";

/// Royal Oak v Red Lion on 2025-09-04, 2–1 to Royal Oak, match by match.
fn enter_night(db: &Db) {
    db.night_enter(
        (ROYAL_OAK, RED_LION, "2025-09-04"),
        &[
            "don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-80 100-121 121-119",
            "don 2; Emrys+Glyn; Aled+Bethan; 0-2",
            "single-crib 1; Sian; Mair; 2-0; 61-40 61-50",
        ],
    );
}

/// The data, without the log (undo writes to the log as it puts data back).
fn data(dump: &str) -> String {
    dump.lines()
        .filter(|l| {
            !l.starts_with("INSERT INTO operations")
                && !l.starts_with("INSERT INTO changes")
                && !l.contains("sqlite_sequence")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn refused(db: &Db, args: &[&str], code: i32, needle: &str) -> String {
    text(&common::db::refused(db, args, code, needle).stderr)
}

/// Each team's points from `standings --json`, in table order.
fn points(db: &Db) -> Vec<(String, i64)> {
    let rows: Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["team"].as_str().unwrap().to_string(),
                r["points"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn pts(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(t, p)| (t.to_string(), *p)).collect()
}

/// The last operation in the log: its number and what it did.
fn last_op(db: &Db) -> (i64, String) {
    let row = db.sql("SELECT id || '|' || summary FROM operations ORDER BY id DESC LIMIT 1");
    let (id, summary) = row.trim_end().split_once('|').unwrap();
    (id.parse().unwrap(), summary.to_string())
}

#[test]
fn a_disputed_night_is_corrected_as_one_change_and_undo_puts_the_old_result_back() {
    let db = Db::short_nights();
    enter_night(&db);
    db.ok(&[
        "night",
        "dispute",
        ROYAL_OAK,
        RED_LION,
        "--reason",
        "single crib 1 was 0-2 to us",
    ]);
    let before = db.dump();
    let (disputed, _) = last_op(&db);
    // Royal Oak won 2–1: 2 points to 1.
    assert_eq!(
        points(&db),
        pts(&[(ROYAL_OAK, 2), (RED_LION, 1), ("Fox and Hounds", 0)])
    );
    let said = db.ok(&[
        "night",
        "correct",
        ROYAL_OAK,
        RED_LION,
        "--match",
        "single-crib 1; Sian; Mair; 0-2; 40-61 50-61",
    ]);
    assert_eq!(
        said,
        "Royal Oak v Red Lion on 2025-09-04 corrected (single-crib 1): legs 2–0 → 0–2, leg scores 61–40 61–50 → 40–61 50–61; the night 1–2 (was 2–1); the dispute by Red Lion is settled.\n"
    );
    // One change, in the log.
    let (op, summary) = last_op(&db);
    assert_eq!(op, disputed + 1);
    assert_eq!(
        summary,
        "Royal Oak v Red Lion on 2025-09-04 corrected (single-crib 1): legs 2–0 → 0–2, leg scores 61–40 61–50 → 40–61 50–61; the night 1–2 (was 2–1); the dispute by Red Lion is settled"
    );
    assert!(db.ok(&["log", "--limit", "1"]).contains("night correct"));
    // The other matches stand; the corrected one is replaced; the night is confirmed.
    let card = db.ok(&["night", "show", ROYAL_OAK, RED_LION]);
    assert!(
        card.starts_with("Royal Oak v Red Lion, Thu 4 Sep 2025: 1–2\n"),
        "{card}"
    );
    assert!(!card.contains("Disputed"), "{card}");
    assert!(card.contains("121-80 100-121 121-119"), "{card}");
    assert!(card.contains("40-61 50-61"), "{card}");
    assert!(!card.contains("61-40 61-50"), "{card}");
    assert_eq!(
        db.sql("SELECT state FROM confirmations"),
        "confirmed\n",
        "the dispute is settled"
    );
    assert_eq!(
        points(&db),
        pts(&[(RED_LION, 2), (ROYAL_OAK, 1), ("Fox and Hounds", 0)])
    );
    // Undo puts the old result and the dispute back exactly; undo again redoes.
    let said = db.ok(&["undo"]);
    assert!(said.starts_with(&format!("Undid #{op} (")), "{said}");
    assert_eq!(data(&before), data(&db.dump()));
    let card = db.ok(&["night", "show", ROYAL_OAK, RED_LION]);
    assert!(
        card.contains("Disputed by Red Lion: single crib 1 was 0-2 to us"),
        "{card}"
    );
    db.ok(&["undo"]);
    assert_eq!(
        points(&db),
        pts(&[(RED_LION, 2), (ROYAL_OAK, 1), ("Fox and Hounds", 0)])
    );
}

#[test]
fn a_night_is_corrected_from_matches_to_totals_and_back_with_a_provisional_one_confirmed() {
    let db = Db::short_nights();
    enter_night(&db);
    let before = db.dump();
    let said = db.ok(&["night", "correct", ROYAL_OAK, RED_LION, "--totals", "0-3"]);
    assert_eq!(
        said,
        "Royal Oak v Red Lion on 2025-09-04 corrected: 0–3 (totals) (was 2–1); it stands confirmed.\n"
    );
    assert_eq!(db.sql("SELECT count(*) FROM matches"), "0\n");
    assert_eq!(
        points(&db),
        pts(&[(RED_LION, 3), ("Fox and Hounds", 0), (ROYAL_OAK, 0)])
    );
    // Back to matches: all of them are needed, since totals have none.
    refused(
        &db,
        &[
            "night",
            "correct",
            ROYAL_OAK,
            RED_LION,
            "--match",
            "don 1; Gareth+Rhys; Dai+Huw; 2-0",
        ],
        2,
        "Royal Oak v Red Lion on 2025-09-04: as corrected, the night is not complete: don 2, single-crib 1 still to enter",
    );
    db.ok(&["undo"]);
    assert_eq!(data(&before), data(&db.dump()));
    // A walkover, then the same again is nothing to correct: said, exit 0 (as when nothing is
    // typed at the prompt), and nothing changed.
    db.ok(&[
        "night",
        "correct",
        ROYAL_OAK,
        RED_LION,
        "--walkover",
        "away",
    ]);
    let same = |args: &[&str]| {
        let before = db.dump();
        let said = db.ok(args);
        assert_eq!(before, db.dump(), "{args:?} changed the database");
        said
    };
    assert_eq!(
        same(&[
            "night",
            "correct",
            ROYAL_OAK,
            RED_LION,
            "--walkover",
            "away",
        ]),
        "Royal Oak v Red Lion on 2025-09-04 stands so already: nothing to correct; nothing is changed.\n"
    );
    // A match given as it stands is nothing to correct either.
    db.ok(&["undo"]);
    assert_eq!(
        same(&[
            "night",
            "correct",
            ROYAL_OAK,
            RED_LION,
            "--match",
            "don 1; gareth+Rhys; Dai+Huw; 2-1; 121-80 100-121 121-119",
        ]),
        "Royal Oak v Red Lion on 2025-09-04 stands so already: nothing to correct; nothing is changed.\n"
    );
    // A night with no result is entered, not corrected.
    refused(
        &db,
        &[
            "night",
            "correct",
            RED_LION,
            "Fox and Hounds",
            "--totals",
            "2-1",
        ],
        2,
        "season 2025-26 has no night Red Lion v Fox and Hounds with a result",
    );
}

#[test]
fn a_night_is_corrected_at_the_prompt_match_by_match() {
    let db = Db::short_nights();
    enter_night(&db);
    let before = db.dump();
    let mut child = db.spawn(&["night", "correct", ROYAL_OAK, RED_LION]);
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"don 2\nEmrys+Glyn\nAled+Bethan\n2-0\n121-90 121-100\n\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("don 2 stands as 0–2 Emrys+Glyn v Aled+Bethan\n"),
        "{err}"
    );
    assert_eq!(
        text(&out.stdout),
        "Royal Oak v Red Lion on 2025-09-04 corrected (don 2): legs 0–2 → 2–0, leg scores none → 121–90 121–100; the night 3–0 (was 2–1); it stands confirmed.\n"
    );
    db.ok(&["undo"]);
    assert_eq!(data(&before), data(&db.dump()));
}

/// `don night correct Royal Oak Red Lion` at the prompt, piped `typed`: exit code, the
/// questions and notes (standard error) and the answer (standard output).
fn correct_typed(db: &Db, typed: &str) -> (Option<i32>, String, String) {
    use std::io::Write;
    let mut child = db.spawn(&["night", "correct", ROYAL_OAK, RED_LION]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(typed.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), text(&out.stderr), text(&out.stdout))
}

#[test]
fn at_the_prompt_a_blank_answer_keeps_what_stands_and_the_answer_names_every_field_changed() {
    // Before: Enter at the players question removed both pairs, and the answer said only
    // "corrected (don 2): 3–0 (was 2–1)".
    let db = Db::short_nights();
    enter_night(&db);
    let don_2 = "SELECT home_players || ' v ' || away_players || ' ' || home_legs || '-' || away_legs FROM matches WHERE kind = 'don' AND slot = 2";
    // The players by their numbers: Emrys and Glyn, Aled and Bethan.
    assert_eq!(db.sql(don_2), "[5,6] v [7,8] 0-2\n");
    // Enter at both players questions, new legs, Enter at the leg scores (none stand).
    let (code, err, out) = correct_typed(&db, "don 2\n\n\n2-1\n\n\n");
    assert_eq!(code, Some(0), "{err}");
    for asked in [
        "don 2: Royal Oak players [Emrys+Glyn]",
        "don 2: Red Lion players [Aled+Bethan]",
        "don 2: legs won, home first [0–2]",
    ] {
        assert!(err.contains(asked), "{err}");
    }
    assert_eq!(
        out,
        "Royal Oak v Red Lion on 2025-09-04 corrected (don 2): legs 0–2 → 2–1; the night 3–0 (was 2–1); it stands confirmed.\n"
    );
    assert_eq!(db.sql(don_2), "[5,6] v [7,8] 2-1\n");
    // Each player keeps the match in the stats.
    let stats = db.ok(&["stats"]);
    for p in ["Emrys", "Glyn", "Aled", "Bethan"] {
        assert!(stats.contains(p), "{p}: {stats}");
    }
    // A new pair named, the legs and leg scores kept by Enter: the players named in the answer.
    let (code, err, out) = correct_typed(&db, "don 2\nEmrys+Sian\n\n\n\n\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("don 2: legs won, home first [2–1]"), "{err}");
    assert_eq!(
        out,
        "Royal Oak v Red Lion on 2025-09-04 corrected (don 2): players Emrys+Glyn v Aled+Bethan → Emrys+Sian v Aled+Bethan; the night 3–0 (was 3–0).\n"
    );
    // Leg scores given, then kept by Enter with the legs; `-`: players not known.
    let (code, err, _) = correct_typed(&db, "don 2\n\n\n\n121-90 80-121 121-100\n\n");
    assert_eq!(code, Some(0), "{err}");
    let (code, err, out) = correct_typed(&db, "don 2\n-\n\n\n\n\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("don 2: leg scores [121-90 80-121 121-100]"),
        "{err}"
    );
    assert_eq!(
        out,
        "Royal Oak v Red Lion on 2025-09-04 corrected (don 2): players Emrys+Sian v Aled+Bethan → not known v Aled+Bethan; the night 3–0 (was 3–0).\n"
    );
    assert_eq!(
        db.sql("SELECT leg_scores IS NOT NULL FROM matches WHERE kind = 'don' AND slot = 2"),
        "1\n"
    );
    // Nothing changed: nothing is corrected.
    let before = db.dump();
    let (code, _, out) = correct_typed(&db, "don 2\n\n\n\n\n\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("stands so already"), "{out}");
    assert_eq!(before, db.dump());
}

#[test]
fn entering_a_night_again_says_to_correct_it() {
    let db = Db::short_nights();
    enter_night(&db);
    refused(
        &db,
        &[
            "night",
            "enter",
            ROYAL_OAK,
            RED_LION,
            "--date",
            "2025-09-04",
            "--totals",
            "1-2",
        ],
        2,
        "Royal Oak v Red Lion on 2025-09-04 has a result already: 2–1 (see `don night show`; `don night correct 'Royal Oak' 'Red Lion' --date 2025-09-04` replaces it)",
    );
    // The command it names does what it says.
    db.ok(&[
        "night",
        "correct",
        ROYAL_OAK,
        RED_LION,
        "--date",
        "2025-09-04",
        "--totals",
        "1-2",
    ]);
}

#[test]
fn undo_n_puts_back_a_change_nothing_later_depends_on_and_refuses_one_something_does() {
    let db = Db::short_nights();
    enter_night(&db);
    let (first, _) = last_op(&db);
    db.night_totals((RED_LION, "Fox and Hounds", "2025-09-11"), "2-1");
    let (second, _) = last_op(&db);
    db.night_totals(("Fox and Hounds", ROYAL_OAK, "2025-09-18"), "1-2");
    let (third, _) = last_op(&db);
    db.ok(&["night", "confirm", "Fox and Hounds", ROYAL_OAK]);
    let (confirmed, _) = last_op(&db);
    // The third night was confirmed since: it cannot be undone on its own.
    refused(
        &db,
        &["undo", &third.to_string()],
        2,
        &format!("#{third} (Fox and Hounds v Royal Oak on 2025-09-18: 1–2 (totals)) cannot be undone on its own: later changes touched what it changed: #{confirmed} (Fox and Hounds v Royal Oak on 2025-09-18: confirmed for Royal Oak); undo those first"),
    );
    // The second touched nothing the later ones did.
    let said = db.ok(&["undo", &second.to_string()]);
    assert!(said.starts_with(&format!("Undid #{second} (")), "{said}");
    assert!(
        said.contains("Red Lion v Fox and Hounds on 2025-09-11: 2–1 (totals)"),
        "{said}"
    );
    let (undid, summary) = last_op(&db);
    assert_eq!(
        summary,
        format!("undid #{second} (Red Lion v Fox and Hounds on 2025-09-11: 2–1 (totals))")
    );
    let fixtures = db.sql("SELECT home || '-' || away || ' ' || date || ' ' || ifnull(result, '') FROM fixtures ORDER BY id");
    assert_eq!(
        fixtures, "1-2 2025-09-04 matches\n3-1 2025-09-18 totals\n",
        "only Red Lion v Fox and Hounds is gone"
    );
    // Undone already: the undo is named; an operation not in the log is refused.
    refused(
        &db,
        &["undo", &second.to_string()],
        2,
        &format!("#{second} (Red Lion v Fox and Hounds on 2025-09-11: 2–1 (totals)) is undone already, by #{undid}; `don undo {undid}` puts it back"),
    );
    refused(
        &db,
        &["undo", "999"],
        2,
        "there is no change #999 in the log (see `don log`)",
    );
    // Redone by undoing the undo.
    db.ok(&["undo", &undid.to_string()]);
    assert_eq!(db.sql("SELECT count(*) FROM fixtures"), "3\n");
    // The first night's players are named by a later night's match: it stays.
    db.night_enter(
        (ROYAL_OAK, "Fox and Hounds", "2025-09-25"),
        &["don 1; Gareth+Rhys; Iolo+Owain; 2-0"],
    );
    let (named, _) = last_op(&db);
    let err = refused(
        &db,
        &["undo", &first.to_string()],
        2,
        "cannot be undone on its own",
    );
    assert!(
        err.contains(&format!(
            "#{named} (Royal Oak v Fox and Hounds on 2025-09-25: 1 match)"
        )),
        "{err}"
    );
}

#[test]
fn a_night_off_its_fixture_s_date_needs_moved_and_no_night_goes_beyond_the_schedule() {
    let db = Db::four_teams_scheduled();
    let fixture = db.sql("SELECT id || ' ' || date FROM fixtures WHERE home = 1 AND away = 2");
    let (id, date) = fixture.trim_end().split_once(' ').unwrap();
    // The first step: a wrong --date no longer moves the fixture silently.
    refused(
        &db,
        &["night", "enter", "A", "B", "--totals", "4-5", "--date", "2025-12-25"],
        2,
        &format!("A v B is fixture {id} on {date}, not 2025-12-25: if the night was moved to 2025-12-25, say so with --moved; if it is another night between them, add a fixture first with `don fixtures add 'A' 'B' 2025-12-25`"),
    );
    // Said to be moved, it is.
    let said = db.ok(&[
        "night",
        "enter",
        "A",
        "B",
        "--totals",
        "4-5",
        "--date",
        "2025-12-25",
        "--moved",
    ]);
    assert_eq!(
        said,
        format!("fixture {id} moved from {date} to 2025-12-25\nA v B on 2025-12-25: 4–5.\n")
    );
    // Then no second or third night between them is added.
    for day in ["2025-09-04", "2025-09-11"] {
        refused(
            &db,
            &["night", "enter", "A", "B", "--totals", "4-5", "--date", day],
            2,
            &format!("A v B has no fixture on {day} nor one left to play (their night on 2025-12-25 has a result: `don night correct` changes it): for another night between them, add a fixture first with `don fixtures add 'A' 'B' {day}`"),
        );
    }
    let played: Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    for row in played.as_array().unwrap() {
        let team = row["team"].as_str().unwrap();
        let p = row["played"].as_i64().unwrap();
        assert_eq!(p, i64::from(team == "A" || team == "B"), "{team}");
    }
    // A fixture added first takes a second night.
    db.fixture_add("A", "B", "2026-04-02");
    db.night_totals(("A", "B", "2026-04-02"), "5-4");
    // A pair the schedule does not have is refused too.
    db.ok(&["team", "add", "E", "--season", "2025-26"]);
    refused(
        &db,
        &["night", "enter", "A", "E", "--totals", "5-4", "--date", "2025-10-02"],
        2,
        "season 2025-26 has no fixture A v E: add a fixture first with `don fixtures add 'A' 'E' 2025-10-02`",
    );
}

#[test]
fn a_misspelt_player_is_refused_with_the_name_meant_unless_said_to_be_new() {
    let db = Db::short_nights();
    db.ok(&[
        "roster",
        "add",
        RED_LION,
        "Ivor James",
        "Dai Morgan",
        "--create",
    ]);
    refused(
        &db,
        &[
            "night",
            "enter",
            ROYAL_OAK,
            RED_LION,
            "--date",
            "2025-09-04",
            "--match",
            "don 3; Jon Price+Gareth Jones; Ivor Jams+Dai Morgan; 2-0",
        ],
        2,
        "the night has don matches 1 to 2",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            ROYAL_OAK,
            RED_LION,
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Jon Price+Gareth Jones; Ivor Jams+Dai Morgan; 2-0",
        ],
        2,
        "--match 1: Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'? (if Ivor Jams is someone new, say so with --new-player 'Ivor Jams')",
    );
    // A player of another team is not a slip: they are the league's player, put on this roster.
    db.ok(&["roster", "add", "Fox and Hounds", "Owain Rees", "--create"]);
    refused(
        &db,
        &[
            "night",
            "enter",
            ROYAL_OAK,
            RED_LION,
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Owain Reese+Gareth Jones; Ivor James+Dai Morgan; 2-0",
        ],
        2,
        "--match 1: Owain Reese is not a player of the league; did you mean 'Owain Rees'?",
    );
    let said = db.ok(&[
        "night",
        "enter",
        ROYAL_OAK,
        RED_LION,
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Jon Price+Gareth Jones; Ivor Jams+Dai Morgan; 2-0",
        "--new-player",
        "ivor jams",
    ]);
    assert!(
        said.contains("warning: Ivor Jams was not on the roster of Red Lion; added\n"),
        "{said}"
    );
    let roster = db.ok(&["roster", "show", RED_LION]);
    assert!(
        roster.contains("Ivor James") && roster.contains("Ivor Jams"),
        "{roster}"
    );
}

#[test]
fn a_misspelt_player_in_a_results_file_is_refused_unless_said_to_be_new() {
    let db = Db::short_nights();
    db.ok(&["roster", "add", RED_LION, "Ivor James", "--create"]);
    let csv = db.dir().join("matches.csv");
    std::fs::write(
        &csv,
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n\
         2025-26,2025-09-04,Royal Oak,Red Lion,don,1,Gareth+Rhys,Ivor Jams+Dai,2,0,\n\
         2025-26,2025-09-04,Royal Oak,Red Lion,don,2,Emrys+Glyn,Ivor James+Aled,0,2,\n\
         2025-26,2025-09-04,Royal Oak,Red Lion,single-crib,1,Sian,Mair,2,0,\n",
    )
    .unwrap();
    let path = csv.display().to_string();
    let err = refused(
        &db,
        &["import", &path, "--league", "Valleys"],
        1,
        "Nothing imported: 1 error.",
    );
    assert!(
        err.contains(&format!("{path}, line 2, column 8 (away_players): Ivor Jams is not a player of the league; did you mean 'Ivor James'? (if Ivor Jams is someone new, say so with --new-player 'Ivor Jams')\n")),
        "{err}"
    );
    let said = db.ok(&[
        "import",
        &path,
        "--league",
        "Valleys",
        "--new-player",
        "Ivor Jams",
    ]);
    assert!(said.contains("1 night"), "{said}");
    let roster = db.ok(&["roster", "show", RED_LION]);
    assert!(
        roster.contains("Ivor James") && roster.contains("Ivor Jams"),
        "{roster}"
    );
}

#[test]
fn undo_n_of_an_entry_at_the_table_is_refused_while_later_entries_of_its_game_stand() {
    let db = Db::new();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "N",
    ]);
    let lines = common::HAND_A[..3].join("\n") + "\n";
    let out = db.play(&[], &lines);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let tricks = db.sql("SELECT id FROM operations WHERE command = 'play' ORDER BY id");
    let tricks: Vec<&str> = tricks.lines().collect();
    assert_eq!(tricks.len(), 3, "{tricks:?}");
    let err = refused(&db, &["undo", tricks[0]], 2, "cannot be undone on its own");
    assert!(
        err.contains(&format!("#{} (", tricks[1])) && err.contains(&format!("#{} (", tricks[2])),
        "{err}"
    );
    // The last one has nothing after it.
    let said = db.ok(&["undo", tricks[2]]);
    assert!(
        said.starts_with(&format!("Undid #{} (", tricks[2])),
        "{said}"
    );
    assert_eq!(db.sql("SELECT count(*) FROM tricks"), "2\n");
}

#[test]
fn undo_n_of_one_match_of_a_night_is_refused_while_a_later_match_of_it_stands() {
    let db = Db::short_nights();
    let out = db
        .cmd(&[
            "night",
            "enter",
            ROYAL_OAK,
            RED_LION,
            "--date",
            "2025-09-04",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(
                b"Gareth+Rhys\nDai+Huw\n2-0\n\nEmrys+Glyn\nAled+Bethan\n0-2\n\nquit\n",
            )?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let ops = db.sql("SELECT id || '|' || summary FROM operations ORDER BY id DESC LIMIT 2");
    let ops: Vec<(&str, &str)> = ops.lines().map(|l| l.split_once('|').unwrap()).collect();
    let [(second, second_summary), (first, _)] = ops[..] else {
        panic!("{ops:?}");
    };
    assert_eq!(
        second_summary,
        "Royal Oak v Red Lion on 2025-09-04: don 2 0–2"
    );
    // Don 2 was checked against don 1 (no player twice in one kind): it depends on it.
    refused(
        &db,
        &["undo", first],
        2,
        &format!("later changes touched what it changed: #{second} (Royal Oak v Red Lion on 2025-09-04: don 2 0–2); undo those first"),
    );
    db.ok(&["undo", second]);
    db.ok(&["undo", first]);
    assert_eq!(db.sql("SELECT count(*) FROM matches"), "0\n");
}

/// League "L": Valleys League's A, B, C and D (see [`Db::four_teams_scheduled`]), with A's and
/// B's rosters.
fn setup_l() -> Db {
    let db = Db::four_teams_scheduled();
    db.valleys_rosters();
    db
}

/// The number of the last operation in the log.
fn last_id(db: &Db) -> i64 {
    last_op(db).0
}

/// A game of Nine Card Don begun with `seats` (S pitching first) and `lines` typed into it.
fn game(db: &Db, seats: &str, lines: &str) {
    let number = db.ok(&["new", "nine-card-don", "--seats", seats, "--pitcher", "S"]);
    let number = number
        .split(':')
        .next()
        .unwrap()
        .trim_start_matches("Game ");
    let out = db.play(&[number], lines);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// The seats of the league's Don games: Royal Oak's pair N–S against Red Lion's.
const LEAGUE_SEATS: &str = "Gareth Jones, Dai Morgan, Rhys Evans, Huw Bevan";

#[test]
fn undo_n_of_a_hand_of_a_game_later_scored_as_a_leg_is_refused_naming_the_night() {
    let db = setup_l();
    for _ in 0..2 {
        game(&db, LEAGUE_SEATS, &"totals ns 44 ew 0 game ns\n".repeat(3));
    }
    let last_hand = last_id(&db);
    db.night_enter(
        ("A", "B", "2025-09-18"),
        &["don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-0; #1 #2"],
    );
    let night = last_id(&db);
    refused(
        &db,
        &["undo", &last_hand.to_string()],
        2,
        &format!("#{last_hand} (game 2, hand 3: totals NS 44 EW 0 game NS) cannot be undone on its own: later changes touched what it changed: #{night} (A v B on 2025-09-18: 1 match); undo those first"),
    );
    // With the night's match undone, the hand can go; the standings still read.
    db.ok(&["undo", &night.to_string()]);
    db.ok(&["undo", &last_hand.to_string()]);
    db.ok(&["standings"]);
}

#[test]
fn redoing_a_night_whose_leg_game_was_changed_since_is_refused_naming_the_change() {
    // Before: the night's match undone (#b), the game's last hand undone (#c), then `undo b`
    // put the match back with game 1 as a leg though game 1 was no longer won: standings,
    // stats, night show, export and publish all failed ("game 1 is not finished with a winner").
    let db = setup_l();
    game(&db, LEAGUE_SEATS, &"totals ns 30 ew 10 game ns\n".repeat(5));
    let last_hand = last_id(&db);
    db.night_enter(
        ("A", "B", "2025-09-18"),
        &["don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-0; #1 121-80"],
    );
    let night = last_id(&db);
    db.ok(&["undo", &night.to_string()]);
    let unlinked = last_id(&db);
    db.ok(&["undo", &last_hand.to_string()]);
    let taken = last_id(&db);
    refused(
        &db,
        &["undo", &unlinked.to_string()],
        2,
        &format!("later changes touched what it changed: #{taken} (undid #{last_hand} (game 1, hand 5: totals NS 30 EW 10 game NS)); undo those first"),
    );
    db.ok(&["standings"]);
    // Following the hint goes through, and the night reads.
    db.ok(&["undo", &taken.to_string()]);
    db.ok(&["undo", &unlinked.to_string()]);
    db.ok(&["night", "show", "A", "B"]);
    db.ok(&["standings"]);
}

#[test]
fn a_correction_may_keep_the_game_that_scores_a_leg_of_the_match_it_replaces() {
    // Before: "leg 2: game 1 is already a leg of don 1 of A v B …", the very match replaced.
    let db = setup_l();
    game(&db, LEAGUE_SEATS, &"totals ns 30 ew 10 game ns\n".repeat(5));
    let pair = "Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan";
    db.ok(&[
        "night",
        "enter",
        "A",
        "B",
        "--date",
        "2025-09-18",
        "--match",
        &format!("don 1; {pair}; 2-0; #1 121-80"),
    ]);
    let said = db.ok(&[
        "night",
        "correct",
        "A",
        "B",
        "--match",
        &format!("don 1; {pair}; 2-1; 80-121 #1 121-80"),
    ]);
    assert!(
        said.contains("corrected (don 1): legs 2–0 → 2–1, leg scores #1 121–80 → 80–121 #1 121–80"),
        "{said}"
    );
    assert_eq!(
        db.sql("SELECT m.kind || ' ' || m.slot || ' leg ' || g.leg FROM leg_games g JOIN matches m ON m.id = g.match WHERE g.game = 1"),
        "don 1 leg 2\n"
    );
    // Another match of the night still cannot take it.
    refused(
        &db,
        &[
            "night",
            "correct",
            "A",
            "B",
            "--match",
            &format!("don 2; {pair}; 2-0; #1 121-80"),
        ],
        2,
        "A v B on 2025-09-18: game 1 is counted twice on this night: as leg 2 of don match 1 and as leg 1 of don match 2",
    );
}

#[test]
fn a_correction_may_swap_the_games_of_two_matches_of_the_night_but_not_count_one_twice() {
    // Before: "game 2 is already a leg of don 2", a link the same command replaces.
    let db = setup_l();
    for _ in 0..2 {
        game(&db, LEAGUE_SEATS, &"totals ns 30 ew 10 game ns\n".repeat(5));
    }
    let pair = "Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan";
    db.ok(&[
        "night",
        "enter",
        "A",
        "B",
        "--date",
        "2025-09-18",
        "--match",
        &format!("don 1; {pair}; 2-0; #1 121-80"),
        "--match",
        &format!("don 2; {pair}; 2-0; #2 121-80"),
    ]);
    let links = "SELECT g.game || ': ' || m.kind || ' ' || m.slot || ' leg ' || g.leg FROM leg_games g JOIN matches m ON m.id = g.match ORDER BY g.game";
    assert_eq!(db.sql(links), "1: don 1 leg 1\n2: don 2 leg 1\n");
    // One game as two legs, in one match or two: refused naming both.
    refused(
        &db,
        &[
            "night",
            "correct",
            "A",
            "B",
            "--match",
            &format!("don 1; {pair}; 2-0; #2 121-80"),
        ],
        2,
        "A v B on 2025-09-18: game 2 is counted twice on this night: as leg 1 of don match 1 and as leg 1 of don match 2",
    );
    let said = db.ok(&[
        "night",
        "correct",
        "A",
        "B",
        "--match",
        &format!("don 1; {pair}; 2-0; #2 121-80"),
        "--match",
        &format!("don 2; {pair}; 2-0; #1 121-80"),
    ]);
    assert!(said.contains("corrected (don 1): leg scores #1 121–80 → #2 121–80; (don 2): leg scores #2 121–80 → #1 121–80; the night"), "{said}");
    assert_eq!(db.sql(links), "1: don 2 leg 1\n2: don 1 leg 1\n");
}

#[test]
fn undo_n_whose_row_put_back_is_held_again_is_refused_naming_the_later_change() {
    // At the table: hand 2 taken back and entered again.
    let db = Db::new();
    game(
        &db,
        "A, B, C, D",
        "totals ns 10 ew 20 game ew\ntotals ns 30 ew 0 game ns\nundo\ntotals ns 44 ew 0 game ns\n",
    );
    let held = "#4 (took back game 1, hand 2: totals NS 30 EW 0 game NS) cannot be undone on its own: what it would put back clashes with the hand of the same number in the game put in place since by #5 (game 1, hand 2: totals NS 44 EW 0 game NS); undo that first";
    let err = refused(&db, &["undo", "4"], 2, held);
    assert!(!err.contains("UNIQUE"), "{err}");
    // The hint of #3, undone by #4, does not point at `don undo 4`, which would be refused.
    let err = refused(
        &db,
        &["undo", "3"],
        2,
        &format!("#3 (game 1, hand 2: totals NS 30 EW 0 game NS) is undone already, by #4, which cannot be put back yet: {held}"),
    );
    assert!(!err.contains("`don undo 4`"), "{err}");
    // Done as it says, it goes through.
    db.ok(&["undo", "5"]);
    db.ok(&["undo", "4"]);
    assert_eq!(db.show("1")["hands"].as_array().unwrap().len(), 2);

    // With a later hand after the one entered again, that one is to be undone first too.
    let db = Db::new();
    game(&db, "A, B, C, D", "totals ns 10 ew 20 game ew\ntotals ns 30 ew 0 game ns\nundo\ntotals ns 44 ew 0 game ns\ntotals ns 20 ew 10 game ns\n");
    refused(
        &db,
        &["undo", "4"],
        2,
        "put in place since by #5 (game 1, hand 2: totals NS 44 EW 0 game NS); undo that first, with the later changes that depend on it: #6 (game 1, hand 3: totals NS 20 EW 10 game NS), starting with the latest\n",
    );
    for op in ["6", "5", "4"] {
        db.ok(&["undo", op]);
    }
    assert_eq!(db.show("1")["hands"].as_array().unwrap().len(), 2);

    // A night entered, undone and entered again.
    let db = setup_l();
    db.ok(&["night", "enter", "A", "B", "--totals", "5-4"]);
    db.ok(&["undo"]);
    db.ok(&["night", "enter", "A", "B", "--totals", "4-5"]);
    let err = refused(&db, &["undo", "7"], 2, "#7 (undid #6 (A v B on 2025-09-18: 5–4 (totals))) cannot be undone on its own: what it would put back clashes with the night's confirmation put in place since by #8 (A v B on 2025-09-18: 4–5 (totals)); undo that first");
    assert!(!err.contains("UNIQUE"), "{err}");
    refused(
        &db,
        &["undo", "6"],
        2,
        "is undone already, by #7, which cannot be put back yet: #7 (",
    );

    // A player added, undone and added again.
    let db = setup_l();
    db.roster_add("C", &["Zed Zulu"]);
    db.ok(&["undo"]);
    db.roster_add("C", &["Zed Zulu"]);
    let err = refused(&db, &["undo", "7"], 2, "#7 (undid #6 (added Zed Zulu to the roster of C)) cannot be undone on its own: what it would put back clashes with the player of the same name put in place since by #8 (added Zed Zulu to the roster of C); undo that first");
    assert!(!err.contains("UNIQUE"), "{err}");
    // Where `don undo BY` would go through, the hint still points at it.
    db.ok(&["undo", "8"]);
    refused(
        &db,
        &["undo", "6"],
        2,
        "#6 (added Zed Zulu to the roster of C) is undone already, by #7; `don undo 7` puts it back",
    );
    db.ok(&["undo", "7"]);
}

#[test]
fn correcting_an_incomplete_night_leaves_it_provisional_for_the_team_that_entered_it() {
    let db = setup_l();
    db.ok(&[
        "night",
        "enter",
        "A",
        "B",
        "--match",
        "don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-0",
        "--match",
        "don 2; Emrys Watkins+Glyn Price; Ivor James+Mair Lewis; 0-2",
    ]);
    let said = db.ok(&[
        "night",
        "correct",
        "A",
        "B",
        "--match",
        "don 2; Emrys Watkins+Glyn Price; Ivor James+Mair Lewis; 2-1",
    ]);
    assert_eq!(
        said,
        "A v B on 2025-09-18 corrected (don 2): legs 0–2 → 2–1; the night 2–0 so far (7 to enter) (was 1–1 so far (7 to enter)); it is not complete, so it stays provisional, entered for A, until it is complete and confirmed for B.\n"
    );
    assert_eq!(
        db.sql("SELECT state || ' ' || entered_by FROM confirmations"),
        "provisional home\n"
    );
    // Whose move it is, as the web says it: A's, to finish it.
    let shown = db.ok(&["night", "show", "A", "B"]);
    assert!(
        shown.contains("Provisional: being entered for A, not complete yet"),
        "{shown}"
    );
}

#[test]
fn a_match_entered_again_points_at_night_correct_and_two_nights_with_results_are_named_so() {
    let db = setup_l();
    db.ok(&[
        "night",
        "enter",
        "A",
        "B",
        "--match",
        "don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-0",
    ]);
    refused(
        &db,
        &[
            "night",
            "enter",
            "A",
            "B",
            "--match",
            "don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-1",
        ],
        2,
        "don: error: --match 1: don match 1 is entered already (see `don night show`); `don night correct 'A' 'B' --match 'don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-1'` replaces it\n",
    );
    // As it says, it goes through.
    db.ok(&[
        "night",
        "correct",
        "A",
        "B",
        "--match",
        "don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-1",
    ]);

    let db = Db::new();
    db.league_new("V", &[]);
    db.season_new("2025-26", &["A", "B"]);
    db.night_totals(("A", "B", "2025-11-06"), "5-4");
    db.fixture_add("A", "B", "2025-11-13");
    db.night_totals(("A", "B", "2025-11-13"), "5-4");
    refused(
        &db,
        &["night", "enter", "A", "B", "--totals", "5-4"],
        2,
        "(their nights on 2025-11-06 and 2025-11-13 have results: `don night correct` changes them)",
    );
}

/// `don night enter A B ARGS` run on a terminal, with `typed` as the keys: its exit code and
/// what the terminal showed.
fn on_terminal(db: &Db, args: &str, typed: &str) -> (Option<i32>, String) {
    db.on_terminal(&format!("night enter A B {args}"), typed)
}

#[test]
fn a_night_off_its_fixture_s_date_given_in_full_is_asked_about_on_a_terminal_and_refused_piped() {
    let db = setup_l();
    let asked = "A v B is fixture 6 on 2025-09-18: was the night moved to 2025-12-25? (yes/no)";
    // Piped: refused, naming --moved, as before.
    for result in [["--totals", "4-5"], ["--walkover", "away"]] {
        let mut args = vec!["night", "enter", "A", "B", "--date", "2025-12-25"];
        args.extend(result);
        let err = refused(&db, &args, 2, "A v B is fixture 6 on 2025-09-18, not 2025-12-25: if the night was moved to 2025-12-25, say so with --moved");
        assert!(!err.contains("(yes/no)"), "{err}");
    }
    // On a terminal: asked; a no refuses as piped, a yes moves the night.
    let before = db.dump();
    let (code, shown) = on_terminal(&db, "--walkover away --date 2025-12-25", "no\n");
    assert_eq!(code, Some(2), "{shown}");
    assert!(shown.contains(asked), "{shown}");
    assert!(shown.contains("say so with --moved"), "{shown}");
    assert_eq!(before, db.dump());
    // An answer neither yes nor no asks the question again.
    let (code, shown) = on_terminal(&db, "--totals 4-5 --date 2025-12-25", "maybe\nyes\n");
    assert_eq!(code, Some(0), "{shown}");
    assert_eq!(shown.matches(asked).count(), 2, "{shown}");
    assert!(
        shown.contains("answer yes or no: was the night moved?"),
        "{shown}"
    );
    assert!(
        shown.contains(
            "fixture 6 moved from 2025-09-18 to 2025-12-25\r\nA v B on 2025-12-25: 4–5.\r\n"
        ),
        "{shown}"
    );
}

#[test]
fn night_correct_warns_of_a_player_twice_in_one_kind_as_night_enter_does() {
    let db = setup_l();
    let entered = db.ok(&[
        "night",
        "enter",
        "A",
        "B",
        "--match",
        "don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-0",
        "--match",
        "don 2; Emrys Watkins+Glyn Price; Ivor James+Mair Lewis; 2-0",
        "--match",
        "don 3; Sian Bevan+Glyn Price; Tom Rees+Mair Lewis; 2-0",
    ]);
    assert_eq!(
        entered,
        "warning: Glyn Price plays twice in don on this night (matches 2 and 3)\n\
         warning: Mair Lewis plays twice in don on this night (matches 2 and 3)\n\
         A v B on 2025-09-18: 3–0 so far (6 to enter).\n"
    );
    let said = db.ok(&[
        "night",
        "correct",
        "A",
        "B",
        "--match",
        "don 2; Gareth Jones+Glyn Price; Ivor James+Mair Lewis; 2-1",
    ]);
    assert!(
        said.starts_with(
            "warning: Gareth Jones plays twice in don on this night (matches 1 and 2)\n\
             warning: Glyn Price plays twice in don on this night (matches 2 and 3)\n\
             warning: Mair Lewis plays twice in don on this night (matches 2 and 3)\n\
             A v B on 2025-09-18 corrected (don 2): players Emrys Watkins+Glyn Price v Ivor James+Mair Lewis → Gareth Jones+Glyn Price v Ivor James+Mair Lewis, legs 2–0 → 2–1; the night 3–0 so far"
        ),
        "{said}"
    );
    // Only what concerns the match corrected is warned of.
    let said = db.ok(&[
        "night",
        "correct",
        "A",
        "B",
        "--match",
        "don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-1",
    ]);
    assert!(
        said.starts_with(
            "warning: Gareth Jones plays twice in don on this night (matches 1 and 2)\n\
             A v B on 2025-09-18 corrected (don 1): legs 2–0 → 2–1;"
        ),
        "{said}"
    );
}

#[test]
fn a_refused_undo_n_names_every_change_to_undo_first_and_undoing_them_latest_first_goes_through() {
    let db = Db::short_nights();
    db.roster_add(ROYAL_OAK, &["Zed Zulu"]);
    let added = last_id(&db);
    db.night_enter(
        (ROYAL_OAK, RED_LION, "2025-09-04"),
        &[
            "don 1; Zed Zulu+Rhys; Dai+Huw; 2-1",
            "don 2; Emrys+Glyn; Aled+Bethan; 0-2",
            "single-crib 1; Sian; Mair; 2-0",
        ],
    );
    let night = last_id(&db);
    db.ok(&["night", "confirm", ROYAL_OAK, RED_LION]);
    let confirmed = last_id(&db);
    // The confirmation depends on the night, which depends on the player: both are named.
    refused(
        &db,
        &["undo", &added.to_string()],
        2,
        &format!("#{added} (added Zed Zulu to the roster of Royal Oak) cannot be undone on its own: later changes touched what it changed: #{night} (Royal Oak v Red Lion on 2025-09-04: 3 matches), #{confirmed} (Royal Oak v Red Lion on 2025-09-04: confirmed for Red Lion); undo those first, starting with the latest"),
    );
    for op in [confirmed, night, added] {
        db.ok(&["undo", &op.to_string()]);
    }
    assert_eq!(db.sql("SELECT count(*) FROM matches"), "0\n");
}

#[test]
fn a_night_that_would_go_on_a_fixture_still_to_come_names_the_pair_s_night_the_other_way_round() {
    // Before: `night enter 'Royal Oak' 'Abercarn Inn' --totals 6-3` went on fixture 2, months
    // ahead, though the night was Abercarn Inn v Royal Oak a week ago; with that date given
    // the refusal offered --moved or a new fixture.
    let today = chrono::Local::now().date_naive();
    let (played, ahead) = (today - chrono::Days::new(7), today + chrono::Days::new(60));
    let db = Db::new();
    db.league_new("Valleys", &[]);
    db.season_new("Winter", &["Royal Oak", "Abercarn Inn"]);
    let other_way = db.fixture_add("Abercarn Inn", "Royal Oak", &played.to_string());
    let later = db.fixture_add("Royal Oak", "Abercarn Inn", &ahead.to_string());
    let before = db.dump();
    let err = refused(
        &db,
        &["night", "enter", "Royal Oak", "Abercarn Inn", "--totals", "6-3"],
        2,
        &format!("Royal Oak v Abercarn Inn's fixture left to play is fixture {later} on {ahead}, still to come; Abercarn Inn v Royal Oak is fixture {other_way} on {played}: if the night was Abercarn Inn v Royal Oak, enter it with Abercarn Inn first (and its scores first): `don night enter 'Abercarn Inn' 'Royal Oak' --date {played}`; if it was this fixture's night, give --date {ahead}"),
    );
    assert!(!err.contains("--moved"), "{err}");
    assert_eq!(before, db.dump());
    // The date the pair played the other way round: that fixture named, not --moved.
    let err = refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Abercarn Inn",
            "--totals",
            "6-3",
            "--date",
            &played.to_string(),
        ],
        2,
        &format!("Royal Oak v Abercarn Inn has no fixture on {played}, but Abercarn Inn v Royal Oak has: fixture {other_way} on {played}; home and away are the other way round: enter it with Abercarn Inn first (and its scores first): `don night enter 'Abercarn Inn' 'Royal Oak' --date {played}`"),
    );
    assert!(
        !err.contains("--moved") && !err.contains("fixtures add"),
        "{err}"
    );
    assert_eq!(before, db.dump());
    // On a terminal it is asked; yes enters it on the fixture still to come.
    let (code, shown) = db.on_terminal(
        "night enter 'Royal Oak' 'Abercarn Inn' --totals 6-3",
        "yes\n",
    );
    assert_eq!(code, Some(0), "{shown}");
    assert!(
        shown.contains(&format!("Abercarn Inn v Royal Oak is fixture {other_way} on {played}: is the night this fixture's? (yes/no)")),
        "{shown}"
    );
    assert!(
        shown.contains(&format!("Royal Oak v Abercarn Inn on {ahead}: 6–3.")),
        "{shown}"
    );
    // Entered the other way round, as the refusal says: on the night played.
    db.ok(&[
        "night",
        "enter",
        "Abercarn Inn",
        "Royal Oak",
        "--totals",
        "3-6",
        "--date",
        &played.to_string(),
    ]);
}

#[test]
fn a_name_only_the_replaced_match_put_on_a_roster_leaves_it_with_the_correction() {
    // Before: a wrong name (a stray word typed for a player) corrected away stayed on the
    // team's roster.
    let db = Db::short_nights();
    db.roster_add(RED_LION, &["Dai"]);
    enter_night(&db);
    let roster = |team: &str| db.ok(&["roster", "show", team]);
    assert!(roster(ROYAL_OAK).contains("Rhys"));
    let said = db.ok(&[
        "night",
        "correct",
        ROYAL_OAK,
        RED_LION,
        "--match",
        "don 1; Gareth+Tom; Aled+Huw; 2-1; 121-80 100-121 121-119",
    ]);
    assert!(
        said.contains("Rhys, put on the roster of Royal Oak by don 1 alone, is taken off it\n"),
        "{said}"
    );
    assert!(!roster(ROYAL_OAK).contains("Rhys"), "{}", roster(ROYAL_OAK));
    assert!(roster(ROYAL_OAK).contains("Tom"));
    // Dai was on the roster before the night: he stays. Aled plays don 2 too: he stays.
    assert!(!said.contains("Dai,") && !said.contains("Aled,"), "{said}");
    assert!(roster(RED_LION).contains("Dai") && roster(RED_LION).contains("Aled"));
    // Undone, the roster is as it was.
    db.ok(&["undo"]);
    assert!(roster(ROYAL_OAK).contains("Rhys"));
    assert!(!roster(ROYAL_OAK).contains("Tom"));
}
