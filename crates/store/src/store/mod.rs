//! The database: every SQL statement of the program and `schema.sql` live here; nothing outside
//! this module sees rusqlite. What is kept is what was recorded (games, hands, tricks,
//! penalties), never a score: scores are replayed. Every change is one [`Change`] — one
//! transaction that writes one operation to the log, with each row it touched — so `undo` can
//! put any change back, and undo the undo.

mod access;
mod backup;
mod board;
mod broken;
mod cup;
mod db;
mod division;
mod games;
mod history;
mod interrupt;
mod league;
mod lock;
mod logged;
mod names;
mod oplog;
mod past;
mod rules_kept;
mod summaries;

pub use access::{LinkRow, SessionRow, WebGame, SESSIONS_PER_LINK};
pub use backup::{BackupError, BackupReport, RestoreReport};
pub use broken::{Broken, FixtureNamed, LegNamed};
pub use cup::{CupEntryRow, CupRow, CupTieRow};
pub use db::{Actor, Change, Reads, StorageFault, Store, StoreError};
pub use division::DivisionInfo;
pub use games::{GameFilter, GameSummary, GameTimes, HandGap, LegHolding};
pub use league::{Fixture, LeagueInfo, LegLink, SeasonEntry, SeasonInfo, TeamInfo};
pub use logged::LOGGED;
pub use names::{Bearer, NameOwner, NameReader, Namesake, OtherName, RosterPlace};
pub use oplog::{Clash, Dependents, LogEntry, Operation};
pub use summaries::{ListedGame, Summary};
