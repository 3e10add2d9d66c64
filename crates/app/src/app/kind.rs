//! What kind of refusal or failure an error is, apart from the errors themselves (which name
//! their kind), so that each domain's error may say its kind without a cycle of files.

use crate::store::{BackupError, StorageFault, StoreError};

/// What kind of refusal or failure an error is: all a front end needs to choose its exit code
/// (or HTTP status).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Something named is not there: a game, a league, a team, a fixture.
    NotFound,
    /// It cannot be done as things stand: it clashes with what is stored (a name taken, a
    /// night entered already, a change another don made meanwhile).
    Conflict,
    /// What was asked is wrong in itself: a value out of bounds, a name that cannot be kept.
    Invalid,
    /// The actor may not do this (a team acting for another).
    Forbidden,
    /// The database (or another file) given cannot be used: not there, not don's, too new.
    Unusable,
    /// Another writer holds the database; the same request may succeed later.
    Busy,
    /// The storage failed or holds what cannot be read.
    Fault,
}

impl ErrorKind {
    /// Whether the request was refused as asked (the user changes what they ask), rather
    /// than failed (the same request may do later).
    pub fn is_refusal(self) -> bool {
        !matches!(self, ErrorKind::Busy | ErrorKind::Fault)
    }
}

/// The kind of a [`StoreError`].
pub fn store_kind(e: &StoreError) -> ErrorKind {
    if e.is_busy() {
        return ErrorKind::Busy;
    }
    match e {
        StoreError::Open { .. }
        | StoreError::Missing { .. }
        | StoreError::Empty { .. }
        | StoreError::NotAFile { .. }
        | StoreError::Unreadable { .. }
        | StoreError::WalStranded { .. }
        | StoreError::TooNew { .. }
        | StoreError::NotOurs { .. }
        | StoreError::Fault {
            fault: StorageFault::NotADatabase,
            ..
        } => ErrorKind::Unusable,
        StoreError::SessionEnded => ErrorKind::Forbidden,
        StoreError::MatchEntered { .. }
        | StoreError::Namesake { .. }
        | StoreError::Transferred { .. } => ErrorKind::Conflict,
        StoreError::Text { .. } => ErrorKind::Invalid,
        // The storage under the path cannot hold a database, as a disk that cannot be
        // written: the same request may do once the folder is there or may be written.
        StoreError::ThroughFile { .. } | StoreError::FolderNotWritable { .. } => ErrorKind::Fault,
        StoreError::LaterTables { .. }
        | StoreError::Migration { .. }
        | StoreError::Sql(_)
        | StoreError::Damaged { .. }
        | StoreError::NoActor
        | StoreError::NotOnlyAdded { .. }
        | StoreError::Fault { .. } => ErrorKind::Fault,
    }
}

/// The kind of a [`BackupError`].
pub fn backup_kind(e: &BackupError) -> ErrorKind {
    match e {
        BackupError::Store(e) => store_kind(e),
        BackupError::Write(_) => ErrorKind::Fault,
        BackupError::OntoItself(_) => ErrorKind::Invalid,
        BackupError::OntoOneInUse(_) => ErrorKind::Conflict,
        BackupError::StayedLocked => ErrorKind::Busy,
        BackupError::NotABackup { .. } | BackupError::NewerBackup { .. } => ErrorKind::Unusable,
        // Another program has the database open: the same restore may do once it is stopped.
        BackupError::InUse(_) => ErrorKind::Busy,
    }
}
