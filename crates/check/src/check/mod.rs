//! `check`: each record read from a file is parsed and replayed through the rules engine, exactly
//! as the live scorer and import replay, giving its score sheet; [`report`] writes FORMAT.md §2.
//! Nothing is stored.

pub mod import;
pub mod report;

use serde_json::Value;

use crate::record::{parse_record, Fault, Item, Record};
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
    let (index, line) = (item.index, item.line);
    let sheet = parsed(item).map_or_else(ScoreSheet::unreadable, replay_record);
    CheckedRecord { index, line, sheet }
}

/// The record read, with the keys it repeats among its faults; or why it could not be read.
fn parsed(item: Item) -> Result<Record, Fault> {
    let mut record = parse_record(item.value?);
    let repeated = item.duplicates.iter().map(|d| d.fault());
    record.faults.splice(0..0, repeated);
    Ok(record)
}
