//! The table-side scorer through the command line: whole games of every variant typed into
//! `don play` on standard input, checked against the figures the same games give when their
//! records are checked (tests/snapshots, worked by hand); refusals, undo, resume after a kill.

use crate::common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use common::db::Db;
use common::records::{checked, new_args, records, scores};
use common::text;

/// A word of a totals line for an award field.
fn award_word(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(pair) => pair
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect::<Vec<_>>()
            .join("+"),
        Value::Object(values) => values
            .iter()
            .map(|(side, v)| format!("{side} {v}"))
            .collect::<Vec<_>>()
            .join(" "),
        other => other.to_string(),
    }
}

/// The scorer's lines (FORMAT.md §5) for a record: what a scorer would have typed.
fn script(record: &Value) -> String {
    let mut lines = Vec::new();
    let conceded = record.get("conceded");
    for (i, hand) in record["hands"].as_array().unwrap().iter().enumerate() {
        if let Some(p) = hand["pitcher"].as_str() {
            lines.push(format!("pitcher {p}"));
        }
        for p in hand["penalties"].as_array().into_iter().flatten() {
            let what = p
                .get("kind")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| p["points"].to_string());
            lines.push(format!("penalty {} {what}", p["side"].as_str().unwrap()));
        }
        if let Some(tricks) = hand["tricks"].as_array() {
            lines.extend(tricks.iter().map(|t| t.as_str().unwrap().to_lowercase()));
        } else if let Some(points) = hand["points"].as_object() {
            let mut line = String::from("totals");
            for (side, p) in points {
                line.push_str(&format!(" {side} {p}"));
            }
            for key in [
                "game",
                "high",
                "low",
                "jack",
                "muck",
                "out_first",
                "last_scorer",
            ] {
                if let Some(v) = hand.get(key) {
                    line.push_str(&format!(" {key} {}", award_word(v)));
                }
            }
            lines.push(line);
        } else if let Some(a) = hand.get("abandoned") {
            let seat = a.get("seat").and_then(Value::as_str).unwrap_or("");
            lines.push(format!("abandon {} {seat}", a["reason"].as_str().unwrap()));
        }
        if conceded.is_some_and(|c| c["after"] == i + 1) {
            lines.push(format!(
                "concede {}",
                conceded.unwrap()["side"].as_str().unwrap()
            ));
        }
    }
    lines.join("\n") + "\n"
}

/// What `check --json` says of a record, in the fields `show --json` shares with it.
/// Types an example game into `don play` and checks the result against its record's.
fn played_as_recorded(file: &str, index: usize, last_line: &str) {
    let record = &records(file)[index];
    let db = Db::new();
    let args = new_args(record);
    let said = db.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(said.starts_with("Game 1: "), "{said}");
    let out = db.play(&["1"], &script(record));
    let stdout = text(&out.stdout);
    assert!(
        out.status.success(),
        "{file}: {stdout}\n{}",
        text(&out.stderr)
    );
    assert!(
        stdout.lines().any(|l| l.contains(last_line)),
        "{file}: no line with «{last_line}» in:\n{stdout}"
    );
    // Every prompt is short: it fits 60 columns with the ` > ` a terminal ends it with, whatever
    // the variant, match or names.
    let stderr = text(&out.stderr);
    let prompts: Vec<&str> = stderr.lines().filter(|l| l.ends_with(" >")).collect();
    assert!(!prompts.is_empty(), "{file}: no prompt in {stderr}");
    for prompt in prompts {
        assert!(
            prompt.chars().count() < 60, // and its last space
            "{file}: a prompt wider than 60 columns: {prompt}"
        );
    }
    assert_eq!(scores(&db.show("1")), checked(record), "{file}");
}

#[test]
fn nine_card_don_played_trick_by_trick() {
    played_as_recorded(
        "examples/nine-card-don.json",
        0,
        "NS (Gareth & Rhys) peg out at trick 3 of hand 7: 126–119",
    );
}

#[test]
fn nine_card_don_with_league_penalties_played_trick_by_trick() {
    played_as_recorded("examples/nine-card-don.json", 1, "93–89");
}

#[test]
fn nine_card_don_kept_as_totals() {
    played_as_recorded("examples/nine-card-don-totals.json", 0, "126–119");
}

#[test]
fn blind_don_played_trick_by_trick() {
    played_as_recorded("examples/blind-don.json", 0, "73");
}

#[test]
fn blind_don_kept_as_totals() {
    played_as_recorded("examples/blind-don-totals.json", 0, "73");
}

#[test]
fn game_to_lose_played_trick_by_trick() {
    played_as_recorded("examples/game-to-lose.json", 0, "126");
}

#[test]
fn game_to_lose_kept_as_totals() {
    played_as_recorded("examples/game-to-lose-totals.json", 0, "126");
}

#[test]
fn irish_don_played_trick_by_trick() {
    played_as_recorded("examples/irish-don.json", 0, "90");
}

#[test]
fn irish_don_match_kept_as_totals() {
    played_as_recorded("examples/irish-don-totals.json", 0, "80");
}

#[test]
fn phat_played_trick_by_trick() {
    played_as_recorded("examples/phat.json", 0, "197");
}

#[test]
fn phat_kept_as_totals() {
    played_as_recorded("examples/phat-totals.json", 0, "197");
}

/// A game of Nine Card Don begun with hand A (worked by hand in tests/rules_nine_card_don.rs:
/// hearts trumps, NS 20, EW 32).
fn hand_a_game() -> (Db, Output) {
    let db = Db::new();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "N",
    ]);
    let lines = common::HAND_A.join("\n") + "\n";
    let out = db.play(&[], &lines);
    (db, out)
}

#[test]
fn hand_a_scores_as_worked_by_hand() {
    let (db, out) = hand_a_game();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = db.show("1");
    assert_eq!(shown["final"], serde_json::json!({ "NS": 20, "EW": 32 }));
    assert_eq!(shown["winner"], Value::Null);
}

#[test]
fn a_wrong_line_is_refused_recorded_nowhere_and_the_rest_goes_on() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    let lines = [
        "5H 2H 3H 4H",
        "5X 2S 3S 4S",            // not a card
        "5H 2S 3S 4S",            // 5H already played this hand
        "9H AH 6H",               // three cards
        "penalty XY out-of-turn", // no such side
        "9H AH 6H 7H",
    ]
    .join("\n");
    let out = db.play(&["1"], &(lines + "\n"));
    assert_eq!(
        out.status.code(),
        Some(1),
        "refused lines make the exit status 1"
    );
    let err = text(&out.stderr);
    for needle in ["line 2", "5X", "line 3", "5H", "line 4", "line 5"] {
        assert!(err.contains(needle), "stderr lacks {needle}: {err}");
    }
    let exported = db.ok(&["export"]);
    let record: Value = serde_json::from_str(exported.trim()).unwrap();
    assert_eq!(
        record["hands"][0]["tricks"],
        serde_json::json!(["5H 2H 3H 4H", "9H AH 6H 7H"])
    );
}

#[test]
fn undo_takes_back_the_last_entry_and_quit_keeps_everything() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    let out = db.play(
        &[],
        "5h 2h 3h 4h\n9h ah 6h 7h\nundo\nundo\n5h 2h 3h 4h\nquit\nkh qh jh th\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record: Value = serde_json::from_str(db.ok(&["export"]).trim()).unwrap();
    assert_eq!(
        record["hands"][0]["tricks"],
        serde_json::json!(["5H 2H 3H 4H"])
    );
    // The sheet says the hand is in play; the record, as exported, is a game in play, checked
    // as such: its hand in play is no error.
    assert_eq!(record["in_play"], true);
    let sheet = db.ok(&["show", "1"]);
    assert!(sheet.contains("Unfinished at 10–0.\n  warning [unfinished] hand 1: hand 1 is in play (1 trick entered) and not on the sheet\n"), "{sheet}");
    assert_eq!(db.show("1")["errors"], serde_json::json!([]));
    // `don play` carries on where it stopped.
    let rest = common::HAND_A[1..].join("\n") + "\n";
    let out = db.play(&[], &rest);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        db.show("1")["final"],
        serde_json::json!({ "NS": 20, "EW": 32 })
    );
    // `don undo` takes back the last trick too, and undoing that puts it back.
    db.ok(&["undo"]);
    let record: Value = serde_json::from_str(db.ok(&["export"]).trim()).unwrap();
    assert_eq!(record["hands"][0]["tricks"].as_array().unwrap().len(), 8);
    db.ok(&["undo"]);
    assert_eq!(
        db.show("1")["final"],
        serde_json::json!({ "NS": 20, "EW": 32 })
    );
}

#[test]
fn a_killed_play_keeps_every_answered_entry() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    let mut child = db
        .cmd(&["play"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    // Type four tricks, waiting for each answer; then kill the process mid-hand.
    for trick in &common::HAND_A[..4] {
        writeln!(stdin, "{trick}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        loop {
            line.clear();
            std::io::BufRead::read_line(&mut stdout, &mut line).unwrap();
            if line.contains("win the trick") || line.contains("wins the trick") {
                break;
            }
            assert!(!line.is_empty(), "play ended early");
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let record: Value = serde_json::from_str(db.ok(&["export"]).trim()).unwrap();
    assert_eq!(
        record["hands"][0]["tricks"],
        serde_json::json!(common::HAND_A[..4])
    );
    let rest = common::HAND_A[4..].join("\n") + "\n";
    let out = db.play(&["1"], &rest);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        db.show("1")["final"],
        serde_json::json!({ "NS": 20, "EW": 32 })
    );
}

/// Waits for `don play` to answer a trick.
fn answered(stdout: &mut impl std::io::BufRead) {
    let mut line = String::new();
    loop {
        line.clear();
        stdout.read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "play ended early");
        if line.contains("win the trick") || line.contains("wins the trick") {
            return;
        }
    }
}

#[test]
fn an_import_while_a_game_is_played_loses_nothing_and_is_never_locked_out() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    // A file big enough that the import holds the database for a while.
    let big = db.dir().join("big.jsonl");
    let variant = don::rules::Variant::build("phat", []).unwrap();
    let mut text_out = String::new();
    for i in 0..400u64 {
        let game = don::rules::sim::play_game(&variant, i, 20);
        let record = don::record::write::sim_record(&format!("big-{i}"), &game);
        text_out.push_str(&record.to_string());
        text_out.push('\n');
    }
    std::fs::write(&big, text_out).unwrap();

    let mut child = db.spawn(&["play", "1"]);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "{}", common::HAND_A[0]).unwrap();
    answered(&mut stdout);
    let import = db
        .cmd(&["import", big.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for trick in &common::HAND_A[1..] {
        writeln!(stdin, "{trick}").unwrap();
        answered(&mut stdout);
    }
    drop(stdin);
    let played = child.wait_with_output().unwrap();
    let imported = import.wait_with_output().unwrap();
    assert!(played.status.success(), "{}", text(&played.stderr));
    assert!(imported.status.success(), "{}", text(&imported.stderr));
    for out in [&played.stderr, &imported.stderr] {
        assert!(!text(out).contains("locked"), "{}", text(out));
    }
    assert_eq!(text(&imported.stdout), "Imported 400 games: games 2–401.\n");
    assert_eq!(
        db.show("1")["final"],
        serde_json::json!({ "NS": 20, "EW": 32 })
    );
}

#[test]
fn undo_of_a_totals_hand_and_of_a_penalty_and_their_redo() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--penalties", "league"]);
    let out = db.play(
        &[],
        "pitcher N\ntotals NS 12 EW 31 game EW\npenalty EW out-of-turn\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The penalty waits for hand 2: EW 31 now, and 19 off at the end of hand 2.
    assert_eq!(
        db.show("1")["final"],
        serde_json::json!({ "NS": 12, "EW": 31 })
    );
    let hands = |db: &Db| -> Value {
        let record: Value = serde_json::from_str(db.ok(&["export"]).trim()).unwrap();
        record["hands"].clone()
    };
    // A hand not yet begun is in the record as the hand in play, with only its penalty (and
    // pitcher, known from the rotation, if the table kept it): the game is in play.
    let penalties = |db: &Db| -> String {
        text(
            &Command::new("sqlite3")
                .arg(&db.path)
                .arg("SELECT side || ' ' || kind FROM penalties")
                .output()
                .unwrap()
                .stdout,
        )
    };
    assert_eq!(hands(&db).as_array().unwrap().len(), 2);
    assert_eq!(
        hands(&db)[1]["penalties"],
        serde_json::json!([{ "side": "EW", "kind": "out-of-turn" }])
    );
    assert_eq!(penalties(&db), "EW out-of-turn\n");
    db.ok(&["undo"]);
    assert_eq!(penalties(&db), "");
    db.ok(&["undo"]);
    assert_eq!(penalties(&db), "EW out-of-turn\n");
    // It is scored with hand 2 when that is played.
    let out = db.play(&[], "totals NS 0 EW 0 game none\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        db.show("1")["final"],
        serde_json::json!({ "NS": 12, "EW": 12 })
    );
    db.ok(&["undo"]);
    // At the table: undo the penalty, then the totals.
    let out = db.play(&[], "undo\nundo\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        hands(&db),
        serde_json::json!([{ "pitcher": "N", "tricks": [] }]),
        "hand 1 waits with its pitcher only, in play"
    );
    db.ok(&["undo"]); // the second take-back, put back
    assert_eq!(
        db.show("1")["final"],
        serde_json::json!({ "NS": 12, "EW": 31 })
    );
}

#[test]
fn a_renege_is_said_aloud_and_the_deal_abandoned_with_52_off_under_league_penalties() {
    let db = Db::new();
    db.ok(&[
        "new",
        "nine-card-don",
        "--penalties",
        "league",
        "--pitcher",
        "N",
    ]);
    // E plays the ace of clubs to a heart in trick 2, then the queen of hearts in trick 3.
    let out = db.play(&[], "5h 2h 3h 4h\n9h ac 6h 7h\nkh qh jh th\nac 2s 3s 4s\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("Renege by E: E did not follow hearts in trick 2 but played QH in trick 3\n"),
        "{said}"
    );
    assert!(said.contains("EW lose 52."), "{said}");
    let record: Value = serde_json::from_str(db.ok(&["export"]).trim()).unwrap();
    assert_eq!(
        record["hands"][0],
        serde_json::json!({ "pitcher": "N", "abandoned": { "reason": "renege", "seat": "E" } })
    );
    // The same dealer deals again: N pitches hand 2, and EW start it 52 down.
    assert_eq!(
        record["hands"][1],
        serde_json::json!({ "pitcher": "N", "tricks": ["AC 2S 3S 4S"] })
    );
    let sheet = db.ok(&["show", "1"]);
    assert!(sheet.contains("Unfinished at 4–-52."), "{sheet}");
    assert!(
        !sheet.contains("error"),
        "the renege was dealt with at the table: {sheet}"
    );
    // Taking back the trick that proved it takes back the abandonment with it.
    let out = db.play(&[], "undo\nundo\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record: Value = serde_json::from_str(db.ok(&["export"]).trim()).unwrap();
    assert_eq!(
        record["hands"][0]["tricks"],
        serde_json::json!(["5H 2H 3H 4H", "9H AC 6H 7H"])
    );
}

#[test]
fn a_concession_before_any_hand_is_refused() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don"]);
    let out = db.play(&[], "concede NS\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(
            "line 1: refused, nothing recorded: NS cannot concede before a hand has been played"
        ),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_second_scorer_on_the_same_game_cannot_add_to_what_it_has_not_seen() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--pitcher", "N"]);
    let mut first = db.spawn(&["play", "1"]);
    let mut stdin = first.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(first.stdout.take().unwrap());
    writeln!(stdin, "{}", common::HAND_A[0]).unwrap();
    answered(&mut stdout);
    // Another scorer enters the next trick meanwhile.
    let second = db.play(&["1"], &format!("{}\n", common::HAND_A[1]));
    assert!(second.status.success(), "{}", text(&second.stderr));
    // The first, unaware, types the same trick: refused, nothing recorded twice.
    writeln!(stdin, "{}", common::HAND_A[1]).unwrap();
    drop(stdin);
    let rest = first.wait_with_output().unwrap();
    assert_ne!(rest.status.code(), Some(0));
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

#[test]
fn a_game_is_named_by_number_before_id_and_an_id_is_taken_as_written() {
    let db = Db::new();
    db.ok(&["new", "phat"]);
    let file = db.dir().join("n.jsonl");
    std::fs::write(
        &file,
        "{\"format\":\"don/1\",\"id\":\"1\",\"ruleset\":{\"variant\":\"irish-don\"},\"hands\":[]}\n{\"format\":\"don/1\",\"id\":\" spaced \",\"ruleset\":{\"variant\":\"irish-don\"},\"hands\":[]}\n",
    )
    .unwrap();
    db.ok(&["import", file.to_str().unwrap()]);
    let variant = |key: &str| -> Value {
        let record: Value = serde_json::from_str(db.ok(&["export", key]).trim()).unwrap();
        record["ruleset"]["variant"].clone()
    };
    assert_eq!(variant("1"), "phat");
    assert_eq!(variant("#2"), "irish-don");
    assert_eq!(variant(" spaced "), "irish-don");
    // An id of digits only, which commands would take for a game's number, is refused.
    let out = db.run(&["new", "phat", "--id", "2"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Irish Don, game 1 of a match ended by a claim in its second deal, game 2 begun: an export
/// imported elsewhere resumes exactly where the original stands.
#[test]
fn an_imported_irish_match_with_a_claimed_deal_resumes_where_it_stood() {
    let record = &records("examples/irish-don.json")[0];
    let hands = record["hands"].as_array().unwrap();
    let first: Vec<&str> = hands[0]["tricks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let second: Vec<&str> = hands[1]["tricks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let db = Db::new();
    db.ok(&[
        "new",
        "irish-don",
        "--games",
        "3",
        "--pitcher",
        hands[0]["pitcher"].as_str().unwrap(),
    ]);
    let mut lines: Vec<String> = first.iter().map(|t| t.to_string()).collect();
    lines.extend(second[..9].iter().map(|t| t.to_string()));
    lines.push("claim".into());
    let out = db.play(&[], &(lines.join("\n") + "\n"));
    assert!(
        out.status.success(),
        "{}\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("Game 2 begins"),
        "{}",
        text(&out.stdout)
    );
    let prompt = |db: &Db| -> String {
        let out = db.play(&[], "quit\n");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stderr).lines().next().unwrap().to_string()
    };
    let here = prompt(&db);
    let file = db.dir().join("match.jsonl");
    std::fs::write(&file, db.ok(&["export"])).unwrap();
    let elsewhere = Db::new();
    elsewhere.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(prompt(&elsewhere), here);
}

/// `don games` at `COLUMNS` columns.
fn games_at(db: &Db, columns: &str) -> String {
    let out = db
        .cmd(&["games"])
        .env("COLUMNS", columns)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn irish_don_show_and_games_give_the_count_in_play_and_the_claim() {
    // The claimed deal (tests/entries.rs): hand 1 NS 5, EW 75; in hand 2 NS pass 80 at trick 12:
    // 85–75, not the 5–75 of hand 1 alone.
    let db = Db::new();
    db.ok(&["new", "irish-don", "--seats", "Gareth, Dai, Rhys, Huw"]);
    let mut lines = vec!["pitcher N".to_string()];
    lines.extend(common::CLAIMED[0].iter().map(|t| t.to_string()));
    lines.extend(common::CLAIMED[1].iter().map(|t| t.to_string()));
    let out = db.play(&["1"], &(lines.join("\n") + "\n"));
    let said = text(&out.stdout);
    assert!(said.contains("NS (Gareth & Rhys) pass 80 at trick 12 of hand 2: 85–75\nCount: NS (Gareth & Rhys) 85, past 80 · EW (Dai & Huw) 75, 6 to pass 80\nNS (Gareth & Rhys) may claim: `claim` ends hand 2 and the game here, or play the deal out\n"), "{said}");
    let sheet = db.ok(&["show", "1"]);
    assert!(sheet.contains("\nUnfinished: the count is 85–75, hand 2 in play (12 tricks entered). NS (Gareth & Rhys) may claim the game.\n"), "{sheet}");
    assert!(
        sheet.contains(
            "\nNS (Gareth & Rhys) may claim: `don play 1`, then `claim`, ends the game there.\n"
        ),
        "{sheet}"
    );
    assert!(!sheet.contains("Unfinished at 5–75"), "{sheet}");
    let list = games_at(&db, "200");
    assert!(
        list.contains("┆ 85–75 ┆ unfinished, NS may claim │"),
        "{list}"
    );
    // The JSON keeps its meaning (FORMAT.md §6): `final` is the hands' totals.
    let json: Value = serde_json::from_str(&db.ok(&["games", "--json"])).unwrap();
    assert_eq!(json[0]["final"], serde_json::json!({"NS": 5, "EW": 75}));
    // Claimed: won, and nothing more to claim.
    db.play(&["1"], "claim\n");
    assert!(games_at(&db, "200").contains("NS (Gareth & Rhys) won"));
}

#[test]
fn a_match_in_play_shows_its_legs_and_the_leg_in_play() {
    // Best of three legs to 121: three hands of 52 (44 and game 8) take NS to 156 and leg 1;
    // in leg 2, E pitches 5♥ and N's A♥ takes 5♥ K♥ A♥ of trumps: 10 + 3 + 4 = 17.
    let db = Db::new();
    db.ok(&[
        "new",
        "nine-card-don",
        "--legs",
        "3",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "N",
    ]);
    let hand = "totals NS 52 EW 0 game NS\n";
    let out = db.play(
        &["1"],
        &format!("{hand}{hand}{hand}pitcher E\n5h kh 2h ah\n"),
    );
    assert!(text(&out.stdout).contains("NS (Gareth & Rhys) win leg 1; legs 1–0. Leg 2 begins"));
    let sheet = db.ok(&["show", "1"]);
    assert!(
        sheet.contains("\nLeg 1: NS win in hand 3: 156–0\nUnfinished: legs 1–0, leg 2 at 17–0.\n"),
        "{sheet}"
    );
    assert!(!sheet.contains("Unfinished at 156–0"), "{sheet}");
    let list = games_at(&db, "200");
    assert!(list.contains("┆ 17–0  ┆ unfinished, legs 1–0 │"), "{list}");
}

#[test]
fn games_at_80_columns_keeps_its_headers_and_the_variant_whole() {
    let db = Db::new();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    let list = games_at(&db, "80");
    let lines: Vec<&str> = list.lines().collect();
    for line in &lines {
        assert!(line.chars().count() <= 80, "wider than 80: {line}\n{list}");
    }
    for header in [
        "Game", "Date", "Variant", "Players", "Hands", "Score", "Result",
    ] {
        assert!(
            lines[1].contains(&format!(" {header}")),
            "`{header}` cut:\n{list}"
        );
    }
    assert!(lines[3].contains("┆ nine-card-don┆"), "{list}");
    // The players wrap instead: a row of at most three lines (the table and its count, eight).
    assert!(lines.len() <= 8, "{list}");
    assert_eq!(lines.last(), Some(&"1 game."));
}
