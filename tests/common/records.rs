//! The example records as tests use them: read from a file, begun as a game with `don new`,
//! and what `check --json` says of them in the fields `show --json` shares with it.
#![allow(dead_code)]

use std::path::Path;

use serde_json::Value;

use super::{don, text};

/// The records of an example file.
pub fn records(file: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    match serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap() {
        Value::Array(list) => list,
        one => vec![one],
    }
}

/// `don new` arguments for a record's ruleset, seats, date and venue.
pub fn new_args(record: &Value) -> Vec<String> {
    let ruleset = record["ruleset"].as_object().unwrap();
    let mut args = vec![
        "new".to_string(),
        ruleset["variant"].as_str().unwrap().to_string(),
    ];
    for (key, value) in ruleset {
        if key == "variant" {
            continue;
        }
        args.push(format!("--{}", key.replace('_', "-")));
        args.push(match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
    }
    if let Some(seats) = record["seats"].as_object() {
        for (seat, name) in seats {
            let flag = match seat.as_str() {
                "N" => "--north",
                "E" => "--east",
                "S" => "--south",
                _ => "--west",
            };
            args.push(flag.into());
            args.push(name.as_str().unwrap().into());
        }
    }
    for key in ["date", "venue"] {
        if let Some(v) = record[key].as_str() {
            args.push(format!("--{key}"));
            args.push(v.into());
        }
    }
    args
}

/// What `check --json` says of a record, in the fields `show --json` shares with it.
pub fn checked(record: &Value) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = don()
        .args(["check", "--json", file.to_str().unwrap()])
        .output()
        .unwrap();
    let report: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    scores(&report["games"][0])
}

/// The fields `show --json` shares with `check --json` (FORMAT.md §2 and §6).
pub fn scores(game: &Value) -> Value {
    let mut v = serde_json::Map::new();
    for key in [
        "valid", "final", "winner", "draw", "losers", "hands", "errors",
    ] {
        v.insert(key.into(), game[key].clone());
    }
    Value::Object(v)
}
