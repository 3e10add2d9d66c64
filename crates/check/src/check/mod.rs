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

/// Records handed from the reading thread at a time, by [`check_in_turn`].
const BATCH: usize = 64;

/// Checks every record of `sources`, in turn: each is read and parsed on a second thread while
/// this one replays the one before, and `each` is told of it (with its source's place among
/// `sources`), in order. Stops at the first error `each` returns (the reading thread then
/// ends), and returns it. What the check finds is what [`check_item`] finds, record by record.
pub fn check_in_turn<S, E>(
    sources: Vec<S>,
    mut each: impl FnMut(usize, CheckedRecord) -> Result<(), E>,
) -> Result<(), E>
where
    S: Iterator<Item = Item> + Send,
{
    type Read = (usize, usize, Option<usize>, Result<Record, Fault>);
    let (send, receive) = std::sync::mpsc::sync_channel::<Vec<Read>>(8);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            // In batches: one hand-over per record would cost more than the record.
            let mut batch = Vec::with_capacity(BATCH);
            for (file, source) in sources.into_iter().enumerate() {
                for item in source {
                    batch.push((file, item.index, item.line, parsed(item)));
                    if batch.len() == BATCH {
                        let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                        if send.send(full).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = send.send(batch);
        });
        for (file, index, line, record) in receive.into_iter().flatten() {
            let sheet = record.map_or_else(ScoreSheet::unreadable, replay_record);
            each(file, CheckedRecord { index, line, sheet })?;
        }
        Ok(())
    })
}

/// The record read, with the keys it repeats among its faults; or why it could not be read.
fn parsed(item: Item) -> Result<Record, Fault> {
    let mut record = parse_record(item.value?);
    let repeated = item.duplicates.iter().map(|d| d.fault());
    record.faults.splice(0..0, repeated);
    Ok(record)
}
