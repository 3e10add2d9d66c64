//! What can go wrong in a thing a user does: one enum per domain, each error with its
//! [`ErrorKind`] and its hint, gathered in [`AppError`]. A front end maps the kind to an exit
//! code or an HTTP status, in one place; it never reads the message to decide anything.

use std::borrow::Cow;

use crate::store::{Fault, StoreError};

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

/// What can go wrong in a thing a user does.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Undo(Box<super::undo_error::UndoError>),
}

impl From<super::undo_error::UndoError> for AppError {
    fn from(e: super::undo_error::UndoError) -> AppError {
        AppError::Undo(Box::new(e))
    }
}

impl AppError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            AppError::Store(e) => store_kind(e),
            AppError::Undo(e) => e.kind(),
        }
    }

    /// What to do about it, where the error knows.
    pub fn hint(&self) -> Option<Cow<'static, str>> {
        match self {
            AppError::Store(e) if e.is_busy() => Some(BUSY_HINT.into()),
            AppError::Store(_) => None,
            AppError::Undo(e) => e.hint(),
        }
    }
}

/// What to do about a database another writer holds.
pub const BUSY_HINT: &str = "another don is writing this database; try again when it has finished";

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
            fault: Fault::NotADatabase,
            ..
        } => ErrorKind::Unusable,
        StoreError::Refused(_) => ErrorKind::Invalid,
        StoreError::Text { .. } => ErrorKind::Invalid,
        // The storage under the path cannot hold a database, as a disk that cannot be
        // written: the same request may do once the folder is there or may be written.
        StoreError::ThroughFile { .. } | StoreError::FolderNotWritable { .. } => ErrorKind::Fault,
        StoreError::LaterTables { .. }
        | StoreError::Migration { .. }
        | StoreError::Sql(_)
        | StoreError::Damaged { .. }
        | StoreError::NoActor
        | StoreError::Fault { .. } => ErrorKind::Fault,
    }
}

/// Here rather than in `undo_error.rs`, which names nothing of `app` (an import cycle else).
impl super::undo_error::UndoError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            Self::Nothing | Self::NoChange(_) => ErrorKind::NotFound,
            Self::UndoneAlready { .. }
            | Self::Later { .. }
            | Self::Referred { .. }
            | Self::Held { .. }
            | Self::GameInLeg { .. } => ErrorKind::Conflict,
        }
    }
}
