//! An entry typed at the table as the store keeps it (the rows of its hand), and a line of
//! entries kept in a change.

use crate::app::error::AppError;
use crate::app::game::error::GameError;
use crate::app::game::stored::damaged;
use crate::record::game::HandBody;
use crate::record::line::Line;
use crate::record::stored::{hand_fields, variant_record, EntryRow, StoredEntry, StoredPenalty};
use crate::record::Record;
use crate::replay::Entry;
use crate::rules::Penalty;
use crate::scorer::JournalEntry;
use crate::store::Change;

/// A game's record with no hands, in `change`: what a hand's fields are written against.
pub fn variant_of(change: &Change<'_>, game: i64) -> Result<Record, AppError> {
    let ruleset = change.ruleset(game)?.ok_or(GameError::NoGame(game))?;
    Ok(variant_record(&ruleset).map_err(|why| damaged(game, why))?)
}

/// Keeps in `change` the entries of one line typed at the table.
pub fn append(change: &Change<'_>, game: i64, entries: &[JournalEntry]) -> Result<(), AppError> {
    let variant = variant_of(change, game)?;
    let rows: Vec<StoredEntry> = entries.iter().map(|e| stored_entry(&variant, e)).collect();
    change
        .append(game, &rows)?
        .map_err(|gap| GameError::HandGap(gap).into())
}

/// An entry at the table as the store keeps it.
fn stored_entry(variant: &Record, e: &JournalEntry) -> StoredEntry {
    let row = match &e.entry {
        Entry::Concede(side) => EntryRow::Concede(side.to_string()),
        Entry::Pitcher(p) => EntryRow::Pitcher(p.letter().to_string()),
        Entry::Trick(cards) => EntryRow::Trick(Line::Trick(*cards).to_string()),
        Entry::Layout(deal) => EntryRow::Layout(hand_fields(
            variant,
            HandBody::Tricks {
                tricks: Vec::new(),
                layout: Some(deal.clone()),
            },
        )),
        Entry::Totals(totals) => {
            EntryRow::Totals(hand_fields(variant, HandBody::Totals(totals.clone())))
        }
        Entry::Abandon { reason, seat } => EntryRow::Abandon {
            reason: reason.word().to_string(),
            seat: seat.map(|s| s.letter().to_string()),
        },
        Entry::Penalty { side, penalty } => EntryRow::Penalty(StoredPenalty {
            side: side.to_string(),
            kind: penalty.kind_word().map(str::to_string),
            points: match penalty {
                Penalty::Points(p) => Some(i64::from(*p)),
                _ => None,
            },
        }),
        Entry::EndHand => EntryRow::EndHand,
    };
    StoredEntry {
        hand: e.hand,
        pitcher: e.pitcher.map(|p| p.letter().to_string()),
        row,
    }
}
