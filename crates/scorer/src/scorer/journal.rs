//! Where a session's entries are kept: the contract the store implements.

use crate::replay::Entry;
use crate::rules::Seat;

/// One entry as stored: the hand it belongs to (numbered as in the record, from 1, abandoned
/// deals counted), the hand's pitcher when known after the entry, and the entry.
///
/// A pitcher or a penalty entered between hands belongs to the next hand; a concession to the
/// hand after which it came (0 before any), as a record's `conceded.after` counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalEntry {
    pub hand: u32,
    pub pitcher: Option<Seat>,
    pub entry: Entry,
}

/// Where a session's entries are kept.
pub trait Journal {
    type Error: std::error::Error + Send + Sync + 'static;
    /// Keeps the entries of one answered line (one or more entries, e.g. a trick and the
    /// abandonment it forces) as one change; returns only when they are safe.
    fn append(&mut self, entries: &[JournalEntry]) -> Result<(), Self::Error>;
    /// Takes back the last line appended at the table that is still in place; Ok(false) when
    /// there is none.
    fn take_back(&mut self) -> Result<bool, Self::Error>;
    /// Every entry of the game as kept, in order: what the session replays to rebuild itself.
    fn entries(&mut self) -> Result<Vec<JournalEntry>, Self::Error>;
    /// Every entry as kept, only to look at (what `undo` compares with what is left): unlike
    /// [`Journal::entries`], the session is not taken to have read them, so a journal that
    /// guards against changes it has not seen still guards.
    fn look(&mut self) -> Result<Vec<JournalEntry>, Self::Error> {
        self.entries()
    }
    /// Why the game may not change at the table, if it may not (a league night holds it as a
    /// leg, its score the leg's): every entry and take-back is then refused with this.
    fn held(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(None)
    }
}
