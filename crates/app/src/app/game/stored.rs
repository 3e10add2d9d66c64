//! A stored game read back: the record it is (FORMAT.md §1, as `export` writes it) and the
//! entries that rebuild it at the table, worked out from the rows the store returns. Whether a
//! hand short of the deal is still in play is the scorer's to say (a replay), so it is said
//! here, above the store.

use serde_json::Value;

use crate::record::game::{HandBody, TrickEntry};
use crate::record::parse_record;
use crate::record::stored::{stored_record, StoredGame};
use crate::record::trick::parse_trick;
use crate::replay::{Entry, Replay};
use crate::scorer::JournalEntry;
use crate::store::{Reads, StoreError};

pub(crate) fn damaged(game: i64, why: impl ToString) -> StoreError {
    StoreError::damaged(format!("game {game}"), why)
}

/// Where stored games are read: a plain read or a change (both [`Reads`]).
pub trait StoredGames {
    /// A game's rows, if it is stored.
    fn stored_game(&self, game: i64) -> Result<Option<StoredGame>, StoreError>;

    /// A stored game as a record, if it is stored.
    fn record_if_stored(&self, game: i64) -> Result<Option<Value>, StoreError> {
        self.stored_game(game)?
            .map(|stored| record_of(&stored, game))
            .transpose()
    }

    /// A game as a record (FORMAT.md §1); a game named here is one the database holds.
    fn game_record(&self, game: i64) -> Result<Value, StoreError> {
        self.record_if_stored(game)?
            .ok_or_else(|| damaged(game, "it is not there"))
    }

    /// The entries that rebuild a game at the table, in order.
    fn game_entries(&self, game: i64) -> Result<Vec<JournalEntry>, StoreError> {
        let stored = self
            .stored_game(game)?
            .ok_or_else(|| damaged(game, "it is not there"))?;
        entries_of(&stored, game)
    }
}

impl StoredGames for Reads {
    fn stored_game(&self, game: i64) -> Result<Option<StoredGame>, StoreError> {
        Reads::stored_game(self, game)
    }
}

/// A stored game as a record, as `export` writes it. A game in play at the table (a hand
/// begun and not finished: some of its tricks entered, or only its pitcher or a penalty) is
/// written with `"in_play": true` and that hand as it stands, so that it imports back as a
/// game in play.
pub fn record_of(stored: &StoredGame, game: i64) -> Result<Value, StoreError> {
    let in_play = in_play(stored, game)?;
    let mut record = stored_record(stored, in_play).map_err(|why| damaged(game, why))?;
    if in_play {
        if let Value::Object(map) = &mut record {
            map.insert("in_play".into(), Value::Bool(true));
        }
    }
    Ok(record)
}

/// Whether a hand of the game is in play: begun with only its pitcher or a penalty so far, or
/// its tricks short of the deal while the scorer would keep it open (the rare case: the
/// game's entries replayed say).
fn in_play(stored: &StoredGame, game: i64) -> Result<bool, StoreError> {
    let Some(last) = stored.hands.last() else {
        return Ok(false);
    };
    match last.body.as_deref() {
        None => return Ok(true),
        Some("tricks") if !last.claimed => {}
        Some(_) => return Ok(false),
    }
    let record = parse_record(stored_record(stored, true).map_err(|why| damaged(game, why))?);
    let Some(variant) = record.variant.as_ref() else {
        return Ok(false);
    };
    if last.tricks.len() >= variant.spec().tricks as usize {
        return Ok(false);
    }
    let mut replay = Replay::new(variant);
    for e in entries_of(stored, game)? {
        if replay.enter(e.entry).is_err() {
            return Ok(false);
        }
    }
    Ok(replay.game().in_hand() && !replay.game().is_over())
}

/// The entries that rebuild a stored game at the table, in order.
pub fn entries_of(stored: &StoredGame, game: i64) -> Result<Vec<JournalEntry>, StoreError> {
    let record = parse_record(stored_record(stored, true).map_err(|why| damaged(game, why))?);
    if let Some(fault) = record.faults.first() {
        return Err(damaged(game, &fault.message));
    }
    let trick = |t: usize, number: u32, text: &str| {
        parse_trick(text)
            .map(Entry::Trick)
            .map_err(|_| damaged(game, format!("trick {} of hand {number}: `{text}`", t + 1)))
    };
    // A concession after hand `hand` (0: before any), if the record has one.
    let conceded = record.conceded;
    let concession = |hand: u32| {
        let (side, _) = conceded.filter(|&(_, after)| after == hand)?;
        let entry = Entry::Concede(side);
        Some(JournalEntry {
            hand,
            pitcher: None,
            entry,
        })
    };
    let mut entries = Vec::new();
    for (hand, row) in record.hands.into_iter().zip(&stored.hands) {
        let number = row.number;
        let placed = |entry: Entry| JournalEntry {
            hand: number,
            pitcher: hand.pitcher,
            entry,
        };
        if let Some(fault) = hand.faults.first() {
            return Err(damaged(game, &fault.message));
        }
        if let Some(p) = hand.pitcher {
            entries.push(placed(Entry::Pitcher(p)));
        }
        for &(side, penalty) in &hand.penalties {
            entries.push(placed(Entry::Penalty { side, penalty }));
        }
        match hand.body {
            HandBody::Tricks { tricks, layout } => {
                if let Some(layout) = layout {
                    entries.push(placed(Entry::Layout(layout)));
                }
                for (t, entry) in tricks.into_iter().enumerate() {
                    let TrickEntry::Text(text) = entry else {
                        return Err(damaged(game, format!("trick {} of hand {number}", t + 1)));
                    };
                    entries.push(placed(trick(t, number, &text)?));
                }
                if row.claimed {
                    entries.push(placed(Entry::EndHand));
                }
            }
            HandBody::Totals(totals) => entries.push(placed(Entry::Totals(totals))),
            HandBody::Abandoned { reason, seat } => {
                for (t, text) in row.tricks.iter().enumerate() {
                    entries.push(placed(trick(t, number, text)?));
                }
                entries.push(placed(Entry::Abandon { reason, seat }));
            }
            HandBody::Broken => return Err(damaged(game, format!("hand {number}"))),
        }
        entries.extend(concession(number));
    }
    entries.extend(concession(0));
    Ok(entries)
}
