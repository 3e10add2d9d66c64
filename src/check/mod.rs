//! `check`: each record read from a file is parsed and replayed through the rules engine, exactly
//! as the live scorer and import replay, giving its score sheet; [`report`] writes FORMAT.md §2.
//! Nothing is stored.

pub mod report;

use serde_json::Value;

use crate::record::{parse_record, Fault};
use crate::replay::{replay_record, ScoreSheet};

/// One record checked: where it stood in its file, and its score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The record's place in its file, from 0.
    pub index: usize,
    /// The line it starts on, in a `.jsonl` file.
    pub line: Option<usize>,
    pub sheet: ScoreSheet,
}

/// Checks one record given as JSON.
pub fn check_value(value: Value) -> ScoreSheet {
    replay_record(parse_record(value))
}

/// Checks one record read from a file: its JSON, or why it could not be read.
pub fn check_item(index: usize, line: Option<usize>, value: Result<Value, Fault>) -> Checked {
    let sheet = match value {
        Ok(v) => check_value(v),
        Err(fault) => ScoreSheet::unreadable(fault),
    };
    Checked { index, line, sheet }
}
