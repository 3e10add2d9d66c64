//! What a user does, one function each: the layer every front end (`don` at the command line,
//! `don serve` on the web) calls, as jj's `lib/` is to its `cli/`.
//!
//! Each function opens one change of the [`Store`] (one transaction, one operation in the log,
//! with its [`Actor`]), applies the rules of the pure layers (`league`, `scorer`, `replay`),
//! commits, and returns a typed result for the front end to render. A refusal is an
//! [`AppError`]: typed, with its [`ErrorKind`] (which a front end maps to an exit code or an
//! HTTP status) and its hint; nothing is decided by matching message text.
//!
//! The rooms:
//! - [`begin`]: the record of a game begun, from the fields typed (`don new`, the web).
//! - [`games`]: games and their records: begin one, list and show, each game's summary; its
//!   refusals ([`game_error`]). [`import`]: records imported, in their order. [`stored`] and
//!   [`entered`]: a stored game's rows as a record, and the scorer's entries as rows.
//! - [`table`]: the table-side scorer: an entry typed at the table, and its take-back.
//! - [`league`]: leagues, seasons, teams and rosters.
//! - [`fixtures`]: a season's fixtures: made, added, moved, cancelled, reinstated.
//! - [`which`]: which league and season a request is about.
//! - [`night`]: match nights: enter, confirm, dispute, settle, correct; deductions, awards and
//!   withdrawals.
//! - [`results`]: league results imported from and exported to CSV (FORMAT.md §3).
//! - [`leg`]: a stored game as a Don leg of a match.
//! - [`season`]: a season as a command reads it (each stored game's leg scored once).
//! - [`stats`]: players' and partnerships' figures over seasons.
//! - [`history`]: a league's past: champions, the all-time table, records, players' careers.
//! - [`undo`]: undo and the log; why a change cannot be undone ([`undo_error`]).
//! - [`access`]: private links for captains and the secretary, and their sessions on the web;
//!   their refusals ([`access_error`]).
//! - [`board`]: what the live boards of `don serve` show: a game on the web, a night's games.
//! - [`reads`]: what the front ends read: leagues, seasons, teams, fixtures, stored games.
//! - [`error`] and [`kind`]: every refusal gathered in [`AppError`], and its [`ErrorKind`].

pub mod access;
pub mod cup;
pub mod error;
pub mod game;
pub mod kind;
pub mod league;
pub mod names;
pub mod night;
pub mod reads;
pub mod results;
pub mod undo;
pub mod view;

use std::path::Path;

use chrono::NaiveDate;

use crate::store::Store;
pub use crate::store::{
    Actor, BackupError, Fixture, GameFilter, LeagueInfo, LegLink, ListedGame, LogEntry,
    SeasonEntry, SeasonInfo, Summary, TeamInfo,
};
pub use error::{AppError, ErrorKind};

/// The program, for one actor: the database, opened for them.
pub struct App {
    store: Store,
    /// Today, for every use case: read once, when the App is opened ([`App::pin_today`]
    /// sets another).
    today: NaiveDate,
}

impl App {
    /// The database at `path`, made there if it is not, for `actor` to change. A database
    /// brought up from schema version 6 has no game summaries yet: they are worked out and
    /// kept here, once (see [`games`]).
    pub fn open(path: &Path, actor: Actor) -> Result<App, AppError> {
        App::for_actor(Store::open(path)?, actor, true)
    }

    /// The database at `path`, which must be there, for `actor` to change.
    pub fn open_existing(path: &Path, actor: Actor) -> Result<App, AppError> {
        App::for_actor(Store::open_existing(path)?, actor, true)
    }

    /// The database `store` opened, for `actor` to change; its game summaries missing worked
    /// out now if `fill`.
    fn for_actor(mut store: Store, actor: Actor, fill: bool) -> Result<App, AppError> {
        store.act_as(actor);
        let mut app = App::from_store(store);
        if fill {
            app.fill_summaries()?;
        }
        Ok(app)
    }

    /// The database at `path`, to read only: nothing is made, migrated or written.
    pub fn open_read(path: &Path) -> Result<App, AppError> {
        Ok(App::from_store(Store::open_read(path)?))
    }

    /// A database a front end opened itself (with its actor set, if it is to change it). Game
    /// summaries missing are worked out by the game functions that need them. Today is read
    /// from the machine's clock here, the one place `app` reads it.
    pub fn from_store(store: Store) -> App {
        let today = chrono::Local::now().date_naive();
        App { store, today }
    }

    /// Today, as this App takes it.
    pub fn today(&self) -> NaiveDate {
        self.today
    }

    /// Takes `day` as today from now on (a test pins its day; a server its request's).
    pub fn pin_today(&mut self, day: NaiveDate) {
        self.today = day;
    }

    /// For a dry run: a copy in memory of the database at `path` (a new one where there is
    /// none), for `actor` to change; nothing is made or written on disk.
    pub fn open_scratch(path: &Path, actor: Actor) -> Result<App, AppError> {
        App::for_actor(Store::open_scratch(path)?, actor, false)
    }

    /// The longest a statement waits for another program's lock before it is refused as busy
    /// ([`ErrorKind::Busy`]).
    pub fn wait_for_lock(&self, wait: std::time::Duration) -> Result<(), AppError> {
        Ok(self.store.wait_for_lock(wait)?)
    }

    /// Who makes the changes, if this may make any.
    pub fn actor(&self) -> Option<&Actor> {
        self.store.actor()
    }
}
