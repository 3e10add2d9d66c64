//! `don check` as a user runs it: score sheets and `--json` snapshot-checked, exit codes,
//! unreadable files, every error code of FORMAT.md from a file that should trigger it.
//!
//! Snapshots live in tests/snapshots; `UPDATE_SNAPSHOTS=1 cargo test --test integration cli::` rewrites them.

use crate::common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use common::{don, run_don as run, snapshot, text};
use serde_json::Value;

fn examples() -> Vec<PathBuf> {
    let mut list: Vec<PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
    list.sort();
    list
}

#[test]
fn every_example_checks_valid_and_matches_its_score_sheet() {
    let list = examples();
    assert!(list.len() >= 10, "examples for every variant");
    for path in list {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let rel = format!("examples/{name}");
        let out = run(&["check", &rel]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stdout));
        assert!(out.stderr.is_empty());
        snapshot(&format!("{name}.txt"), &text(&out.stdout));
    }
}

#[test]
fn the_readme_command_checks_all_examples() {
    let out = don()
        .arg("check")
        .args(
            examples()
                .iter()
                .map(|p| p.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap()),
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.ends_with("all valid.\n"), "{stdout}");
    assert!(stdout.contains("NS peg out in hand 7, trick 3: 126–119"));
}

#[test]
fn the_broken_example_shows_its_errors_and_exits_1() {
    let out = run(&["check", "examples/broken/broken.json"]);
    assert_eq!(out.status.code(), Some(1));
    snapshot("broken.txt", &text(&out.stdout));
    let out = run(&["check", "--json", "examples/broken/broken.json"]);
    assert_eq!(out.status.code(), Some(1));
    snapshot("broken.json", &text(&out.stdout));
}

#[test]
fn json_has_exactly_the_fields_of_format_section_2() {
    let out = run(&["check", "--json", "examples/nine-card-don.json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&v), ["games", "valid"]);
    assert_eq!(v["valid"], true);
    let game = &v["games"][0];
    assert_eq!(
        keys(game),
        [
            "draw", "errors", "final", "hands", "id", "index", "losers", "valid", "warnings",
            "winner"
        ]
    );
    assert_eq!(game["index"], 0);
    assert_eq!(game["id"], "abercarn-2024-03-14-t1-leg1");
    assert_eq!(game["final"], serde_json::json!({"NS": 126, "EW": 119}));
    assert_eq!(game["winner"], "NS");
    assert_eq!(game["draw"], false);
    assert_eq!(game["losers"], serde_json::json!([]));
    assert_eq!(
        game["hands"][0],
        serde_json::json!({"points": {"NS": 0, "EW": 37}})
    );
    assert_eq!(v["games"][1]["index"], 1);
    // An error has the same fields as the example in §2.
    let out = run(&["check", "--json", "tests/data/errors/renege.json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["games"][0]["errors"][0],
        serde_json::json!({"code": "renege", "hand": 1, "trick": 4, "seat": "W",
            "message": "W did not follow hearts in trick 3 but played 7H in trick 4"})
    );
    // Game to Lose: losers by seat, no winner.
    let out = run(&["check", "--json", "examples/game-to-lose.json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"][0]["losers"], serde_json::json!(["E"]));
    assert_eq!(v["games"][0]["winner"], Value::Null);
    assert_eq!(
        v["games"][0]["final"],
        serde_json::json!({"N": 87, "E": 126, "S": 33})
    );
}

#[test]
fn every_error_code_is_triggered_by_its_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/errors");
    let codes = [
        "parse",
        "schema",
        "ruleset",
        "bad-card",
        "card-not-in-pack",
        "duplicate-card",
        "wrong-trick-size",
        "wrong-trick-count",
        "renege",
        "not-playable",
        "wrong-pitcher",
        "impossible-totals",
        "ambiguous-winner",
    ];
    for code in codes {
        let file = ["json", "jsonl"]
            .iter()
            .map(|e| dir.join(format!("{code}.{e}")))
            .find(|p| p.exists())
            .unwrap();
        let out = don().args(["check", "--json"]).arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{code}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["valid"], false);
        let found: Vec<&str> = v["games"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["errors"].as_array().unwrap())
            .map(|e| e["code"].as_str().unwrap())
            .collect();
        assert!(found.contains(&code), "{code}: {found:?}");
    }
    for warning in ["after-end", "unfinished"] {
        let out = don()
            .args(["check", "--json"])
            .arg(dir.join(format!("{warning}.json")))
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "warnings alone are valid: {warning}"
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["games"][0]["warnings"][0]["code"], warning);
    }
}

#[test]
fn a_jsonl_line_that_is_not_json_is_that_records_parse_error() {
    let out = run(&["check", "--json", "tests/data/errors/parse.jsonl"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"][0]["valid"], true);
    assert_eq!(v["games"][1]["index"], 1);
    assert_eq!(v["games"][1]["errors"][0]["code"], "parse");
    assert!(v["games"][1]["errors"][0]["message"]
        .as_str()
        .unwrap()
        .starts_with("line 2 "));
}

#[test]
fn unreadable_files_exit_2_with_nothing_on_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let not_json = dir.path().join("notes.json");
    std::fs::write(&not_json, "hand 1: NS 20, EW 32").unwrap();
    let latin1 = dir.path().join("latin1.json");
    std::fs::write(&latin1, b"{\"venue\": \"Caf\xe9\"}").unwrap();
    for (file, says) in [
        (dir.path().join("missing.json"), "cannot read"),
        (not_json, "is not JSON"),
        (latin1, "is not UTF-8"),
        (dir.path().to_path_buf(), "cannot read"),
    ] {
        let out = don().args(["check", "--json"]).arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", file.display());
        assert!(out.stdout.is_empty());
        let err = text(&out.stderr);
        assert!(
            err.contains(says) && err.contains(&file.display().to_string()),
            "{err}"
        );
    }
    // One unreadable file among good ones: still nothing printed.
    let out = run(&["check", "examples/phat.json", "no/such/file.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_usage_exits_2() {
    let out = run(&["check"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["chekc", "examples/phat.json"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn several_files_are_told_apart_in_json() {
    let out = run(&[
        "check",
        "--json",
        "examples/phat.json",
        "tests/data/errors/renege.json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"][0]["file"], "examples/phat.json");
    assert_eq!(v["games"][1]["file"], "tests/data/errors/renege.json");
    assert_eq!(v["games"][1]["index"], 0);
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // Enough games that the output outgrows the pipe before the reader goes away.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.jsonl");
    let line = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/season.jsonl"),
    )
    .unwrap();
    std::fs::write(&file, line.repeat(200)).unwrap();
    let mut child = don()
        .arg("check")
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {err}");
    assert!(err.is_empty(), "{err}");
}

/// Runs `don ARGS` with `input` on standard input.
fn run_with_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = don()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // `don` may stop before reading it all (a command line it refuses): a closed pipe is fine.
    if let Err(e) = stdin.write_all(input) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn a_dash_reads_standard_input_once() {
    // One JSON document (here pretty-printed over many lines) is read as a .json file is.
    let game = std::fs::read("examples/nine-card-don.json").unwrap();
    let out = run_with_stdin(&["check", "-"], &game);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("standard input, record 1: abercarn-2024-03-14-t1-leg1\n"));
    assert!(
        stdout.ends_with("2 games checked: all valid.\n"),
        "{stdout}"
    );
    // Lines of records are read as a .jsonl file is, each with its line.
    let season = std::fs::read("examples/season.jsonl").unwrap();
    let out = run_with_stdin(&["check", "--json", "examples/phat.json", "-"], &season);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"][1]["file"], "-");
    assert_eq!(v["games"][12]["id"], "season-2024-game-12");
    // Standard input can be read only once.
    let out = run_with_stdin(&["check", "-", "-"], &season);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        "don: error: `-` (standard input) can be given only once\n"
    );
}

#[test]
fn spreadsheet_files_are_read_whatever_their_extension_case_and_mark() {
    let dir = tempfile::tempdir().unwrap();
    // A byte-order mark, capitals, and a key written twice.
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend(std::fs::read("examples/season.jsonl").unwrap());
    let file = dir.path().join("SEASON.JSONL");
    std::fs::write(&file, &bytes).unwrap();
    let out = don().arg("check").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with("12 games checked: all valid.\n"));
    let file = dir.path().join("twice.JSON");
    std::fs::write(
        &file,
        "\u{feff}{\"format\": \"don/1\", \"ruleset\": {\"variant\": \"nine-card-don\", \"target\": 91, \"target\": 121}, \"hands\": [{\"pitcher\": \"N\", \"points\": {\"NS\": 20, \"EW\": 32}, \"points\": {\"NS\": 1, \"EW\": 2}}]}",
    )
    .unwrap();
    let out = don().args(["check", "--json"]).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let errors = &v["games"][0]["errors"];
    assert_eq!(
        errors[0],
        serde_json::json!({"code": "schema", "hand": null, "trick": null, "seat": null,
            "message": "`ruleset.target` is written more than once in the record; write each field once"})
    );
    assert_eq!(
        errors[1],
        serde_json::json!({"code": "schema", "hand": 1, "trick": null, "seat": null,
            "message": "`points` is written more than once in hand 1; write each field once"})
    );
}
