//! The scorer's journal kept in the database: each line answered at the table is one
//! operation, committed before the scorer answers; taking a line back is another.

use super::db::{Store, StoreError};
use super::games::trick_text;
use crate::replay::Entry;
use crate::rules::{Penalty, Seating};
use crate::scorer::{entry_words, Entered, Journal};

/// The entries of one game, kept in the database.
pub struct TableJournal<'a> {
    store: &'a mut Store,
    game: i64,
    /// The game's latest change when its entries were read: if another `don` has changed it
    /// since, what this session would add was checked against an old state, and is refused.
    seen: Option<i64>,
}

impl<'a> TableJournal<'a> {
    pub fn new(store: &'a mut Store, game: i64) -> TableJournal<'a> {
        TableJournal {
            store,
            game,
            seen: None,
        }
    }

    pub fn game(&self) -> i64 {
        self.game
    }
}

/// Refuses a change to a game that another `don` changed since it was read.
fn still_as_read(
    change: &super::db::Change<'_>,
    game: i64,
    seen: Option<i64>,
) -> Result<(), StoreError> {
    if change.latest_for(game)? != seen {
        return Err(StoreError::Refused(format!(
            "game {game} was changed by another don since this one read it: nothing was recorded; run `don play {game}` again"
        )));
    }
    Ok(())
}

/// One entry in words, for the log.
fn describe(e: &Entered, seating: Seating) -> String {
    let hand = e.hand;
    match &e.entry {
        Entry::Pitcher(p) => format!("hand {hand}: {p} to pitch"),
        Entry::Trick(cards) => format!("hand {hand}: trick {}", trick_text(cards)),
        Entry::Layout(_) => format!("hand {hand}: the layout"),
        // The line as typed, with its awards: `totals NS 10 EW 20 game EW`.
        Entry::Totals(_) => format!("hand {hand}: {}", entry_words(&e.entry, seating)),
        Entry::Abandon { reason, seat } => match seat {
            Some(seat) => format!("hand {hand}: abandoned ({reason}, {seat})"),
            None => format!("hand {hand}: abandoned ({reason})"),
        },
        Entry::Penalty { side, penalty } => match penalty {
            Penalty::OutOfTurn => format!("hand {hand}: penalty {side} out-of-turn"),
            Penalty::Renege => format!("hand {hand}: penalty {side} renege"),
            Penalty::Points(p) => format!("hand {hand}: penalty {side} {p}"),
        },
        Entry::EndHand => format!("hand {hand}: claimed"),
        Entry::Concede(side) => format!("{side} conceded"),
    }
}

impl Journal for TableJournal<'_> {
    type Error = StoreError;

    fn append(&mut self, entries: &[Entered]) -> Result<(), StoreError> {
        let change = self.store.change("play")?;
        still_as_read(&change, self.game, self.seen)?;
        change.not_held_as_leg(self.game)?;
        change.append(self.game, entries)?;
        let seating = change
            .variant_record(self.game)?
            .variant
            .map_or(Seating::Partnership, |v| v.spec().seating);
        let words: Vec<String> = entries.iter().map(|e| describe(e, seating)).collect();
        let summary = format!("game {}, {}", self.game, words.join("; "));
        self.seen = Some(change.commit(&summary, Some(self.game))?);
        Ok(())
    }

    fn take_back(&mut self) -> Result<bool, StoreError> {
        let change = self.store.change("take-back")?;
        still_as_read(&change, self.game, self.seen)?;
        change.not_held_as_leg(self.game)?;
        let Some(last) = change.last_entry(self.game)? else {
            return Ok(false);
        };
        change.reverse(last.id)?;
        let summary = format!("took back {}", last.summary);
        self.seen = Some(change.commit(&summary, Some(self.game))?);
        Ok(true)
    }

    fn entries(&mut self) -> Result<Vec<Entered>, StoreError> {
        self.seen = self.store.latest_for(self.game)?;
        self.store.game_entries(self.game)
    }

    fn held(&mut self) -> Result<Option<String>, StoreError> {
        Ok(self.store.leg_holding(self.game)?.map(|h| h.to_string()))
    }

    fn look(&mut self) -> Result<Vec<Entered>, StoreError> {
        self.store.game_entries(self.game)
    }
}
