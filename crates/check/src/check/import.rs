//! Checking a record for the database: everything `check` checks, plus that its date is a
//! calendar date, and its canonical form (FORMAT.md §1 as `export` writes it) with each scored
//! hand's pitcher written out, which is what is stored.

use serde_json::Value;

use super::CheckedRecord;
use crate::record::write::record_json;
use crate::record::{Code, Fault, Item};
use crate::replay::{replay_record, HandKind, ScoreSheet};
use crate::rules::Seat;

/// A record checked for import: its sheet, and, when it is valid, what is stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ForImport {
    pub checked: CheckedRecord,
    pub canonical: Option<Value>,
    /// The hands (from 1) ended by a claim before the deal was played out: a record shows
    /// them only as short deals, and the scorer must be told when it replays them.
    pub claimed: Vec<u32>,
}

/// A date must be written YYYY-MM-DD and be a day of the calendar.
pub fn date_fault(date: &str) -> Option<Fault> {
    let well_formed = date.len() == 10
        && date.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    let real = well_formed && chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok();
    (!real).then(|| {
        Fault::new(
            Code::Schema,
            format!("`date` \"{date}\" is not a calendar date written YYYY-MM-DD"),
        )
    })
}

/// Why a player's name is too long to be kept, if it is: "\"Gareth…\" is 4096 characters
/// long: a name may have at most 100" (the name shortened).
fn too_long(name: &str) -> Option<String> {
    use crate::record::text::{check_name, escaped, shortened, TextError};
    match check_name(name) {
        Err(e @ TextError::TooLong { .. }) => Some(format!(
            "\"{}\" {e}",
            escaped(&shortened(name.trim_matches(' ')))
        )),
        _ => None,
    }
}

/// Checks one record read from a file for import.
pub fn check_for_import(item: Item) -> ForImport {
    let (index, line) = (item.index, item.line);
    let mut record = match super::parsed(item) {
        Ok(record) => record,
        Err(fault) => {
            return ForImport {
                checked: CheckedRecord {
                    index,
                    line,
                    sheet: ScoreSheet::unreadable(fault),
                },
                canonical: None,
                claimed: Vec::new(),
            }
        }
    };
    if let Some(fault) = record.date.as_deref().and_then(date_fault) {
        record.faults.push(fault);
    }
    // A player is known by name across games: a blank one names nobody, and a name has at
    // most [`MAX_NAME_CHARS`] characters, as wherever else a player's name is typed or read.
    for seat in [Seat::N, Seat::E, Seat::S, Seat::W] {
        let Some(name) = record.seats[seat].as_deref() else {
            continue;
        };
        if name.trim().is_empty() {
            record.faults.push(Fault::new(
                Code::Schema,
                format!("`seats.{seat}` is blank: give the player's name, or leave the seat out"),
            ));
        } else if let Some(why) = too_long(name) {
            record
                .faults
                .push(Fault::new(Code::Schema, format!("`seats.{seat}` {why}")));
        }
    }
    if let Some(jo) = &record.jacks_out {
        if jo.entrants.iter().any(|n| n.trim().is_empty()) {
            record.faults.push(Fault::new(
                Code::Schema,
                "`jacks_out.entrants` has a blank name",
            ));
        }
        if let Some(why) = jo.entrants.iter().find_map(|n| too_long(n)) {
            record.faults.push(Fault::new(
                Code::Schema,
                format!("`jacks_out.entrants` has a name that {why}"),
            ));
        }
    }
    let mut canonical = record.faults.is_empty().then(|| record_json(&record));
    let sheet = replay_record(record);
    if !sheet.valid() {
        canonical = None;
    }
    if let Some(Value::Array(hands)) = canonical.as_mut().and_then(|c| c.get_mut("hands")) {
        for (hand, row) in hands.iter_mut().zip(&sheet.hands) {
            let scored = matches!(
                row.kind,
                HandKind::Tricks | HandKind::Totals | HandKind::Abandoned
            );
            if let (Some(p), true, Some(hand)) = (row.pitcher, scored, hand.as_object_mut()) {
                hand.insert("pitcher".into(), Value::String(p.letter().to_string()));
            }
        }
    }
    let claimed = match &sheet.variant {
        Some(v) if v.spec().count_at_end => sheet
            .hands
            .iter()
            .filter(|h| {
                h.kind == HandKind::Tricks && h.tricks < v.spec().tricks && h.decided.is_some()
            })
            .map(|h| h.number)
            .collect(),
        _ => Vec::new(),
    };
    ForImport {
        checked: CheckedRecord { index, line, sheet },
        canonical,
        claimed,
    }
}
