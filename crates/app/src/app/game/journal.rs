//! The table-side scorer: each line typed at `don play` kept as one change, and its take-back;
//! the game's summary worked out anew in the same change.

use crate::app::game::error::GameError;
use crate::app::game::keep_summaries;
use crate::app::game::stored::StoredGames;
use crate::app::{App, AppError};
use crate::record::line::Line;
use crate::replay::Entry;
use crate::rules::Seating;
use crate::scorer::{entry_words, Journal, JournalEntry};
use crate::store::{Change, LegHolding, StoreError};

/// The entries of one game, kept in the database.
pub struct ScorerJournal<'a> {
    app: &'a mut App,
    game: i64,
    /// The game's latest change when its entries were read: if another `don` has changed it
    /// since, what this session would add was checked against an old state, and is refused.
    seen: Option<i64>,
    /// The id a phone's page gave the line being entered, kept on the change that applies it
    /// (see [`App::table_line_sent`](crate::app::App::table_line_sent)).
    entry: Option<String>,
}

impl<'a> ScorerJournal<'a> {
    /// The scorer's journal of `game`, kept in this database.
    pub(crate) fn new(app: &'a mut App, game: i64) -> ScorerJournal<'a> {
        ScorerJournal {
            app,
            game,
            seen: None,
            entry: None,
        }
    }

    /// The journal, its next change noted as applying the line a phone sent as `entry`.
    pub(crate) fn sent_as(mut self, entry: Option<String>) -> ScorerJournal<'a> {
        self.entry = entry;
        self
    }
}

impl App {
    /// The night that holds a game as a leg, if one does.
    pub fn leg_holding(&self, game: i64) -> Result<Option<LegHolding>, StoreError> {
        self.store.leg_holding(game)
    }
}

/// Refuses a change to a game that another `don` changed since it was read, or that a night
/// holds as a leg.
fn may_change(change: &Change<'_>, game: i64, seen: Option<i64>) -> Result<(), AppError> {
    if change.latest_for(game)? != seen {
        return Err(GameError::ChangedMeanwhile(game).into());
    }
    match change.leg_holding(game)? {
        Some(held) => Err(GameError::HeldAsLeg(Box::new(held)).into()),
        None => Ok(()),
    }
}

/// One entry in words, for the log.
fn describe(e: &JournalEntry, seating: Seating) -> String {
    let hand = e.hand;
    match &e.entry {
        Entry::Pitcher(p) => format!("hand {hand}: {p} to pitch"),
        Entry::Trick(cards) => format!("hand {hand}: trick {}", Line::Trick(*cards)),
        Entry::Layout(_) => format!("hand {hand}: the layout"),
        // The line as typed, with its awards: `totals NS 10 EW 20 game EW`.
        Entry::Totals(_) => format!("hand {hand}: {}", entry_words(&e.entry, seating)),
        Entry::Abandon { reason, seat } => match seat {
            Some(seat) => format!("hand {hand}: abandoned ({reason}, {seat})"),
            None => format!("hand {hand}: abandoned ({reason})"),
        },
        Entry::Penalty { side, penalty } => format!("hand {hand}: penalty {side} {penalty}"),
        Entry::EndHand => format!("hand {hand}: claimed"),
        Entry::Concede(side) => format!("{side} conceded"),
    }
}

impl Journal for ScorerJournal<'_> {
    type Error = AppError;

    fn append(&mut self, entries: &[JournalEntry]) -> Result<(), AppError> {
        let change = self.app.store.change("play")?;
        may_change(&change, self.game, self.seen)?;
        if let Some(entry) = self.entry.take() {
            change.applying_entry(&entry)?;
        }
        crate::app::game::entered::append(&change, self.game, entries)?;
        let seating = crate::app::game::entered::variant_of(&change, self.game)?
            .variant
            .map_or(Seating::Partnership, |v| v.spec().seating);
        let words: Vec<String> = entries.iter().map(|e| describe(e, seating)).collect();
        let summary = format!("game {}, {}", self.game, words.join("; "));
        keep_summaries(&change, &[self.game])?;
        self.seen = Some(change.commit(&summary, Some(self.game))?);
        Ok(())
    }

    fn take_back(&mut self) -> Result<bool, AppError> {
        let change = self.app.store.change("take-back")?;
        may_change(&change, self.game, self.seen)?;
        let Some(last) = change.last_entry(self.game)? else {
            return Ok(false);
        };
        if let Some(entry) = self.entry.take() {
            change.applying_entry(&entry)?;
        }
        change.reverse(last.id)?;
        let summary = format!("took back {}", last.summary);
        keep_summaries(&change, &[self.game])?;
        self.seen = Some(change.commit(&summary, Some(self.game))?);
        Ok(true)
    }

    fn entries(&mut self) -> Result<Vec<JournalEntry>, AppError> {
        self.seen = self.app.store.latest_for(self.game)?;
        Ok(self.app.store.game_entries(self.game)?)
    }

    fn held(&mut self) -> Result<Option<String>, AppError> {
        Ok(self
            .app
            .store
            .leg_holding(self.game)?
            .map(|h| h.to_string()))
    }

    fn look(&mut self) -> Result<Vec<JournalEntry>, AppError> {
        Ok(self.app.store.game_entries(self.game)?)
    }
}
