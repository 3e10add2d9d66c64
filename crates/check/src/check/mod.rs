//! `check`: each record read from a file is parsed and replayed through the rules engine, exactly
//! as the live scorer and import replay, giving its score sheet; [`report`] writes FORMAT.md §2.
//! Nothing is stored.

pub mod import;
pub mod report;

use serde_json::Value;

use crate::record::{parse_record, Item};
use crate::replay::{replay_record, ScoreSheet};

/// One record checked: where it stood in its file, and its score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedRecord {
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

/// Checks one record read from a file: its JSON and the keys it repeats, or why it could not be
/// read.
pub fn check_item(item: Item) -> CheckedRecord {
    let sheet = match item.value {
        Ok(value) => {
            let mut record = parse_record(value);
            let repeated = item.duplicates.iter().map(|d| d.fault());
            record.faults.splice(0..0, repeated);
            replay_record(record)
        }
        Err(fault) => ScoreSheet::unreadable(fault),
    };
    CheckedRecord {
        index: item.index,
        line: item.line,
        sheet,
    }
}
