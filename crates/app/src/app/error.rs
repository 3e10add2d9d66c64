//! What can go wrong in a thing a user does: one enum per domain, each error with its
//! [`ErrorKind`] and its hint, gathered in [`AppError`]. A front end maps the kind to an exit
//! code or an HTTP status, in one place; it never reads the message to decide anything.

use std::borrow::Cow;

pub use crate::app::kind::{store_kind, ErrorKind};
use crate::app::league::LeagueRefusal;
/// The store's errors and faults, as the front ends map them (words, hints, exit codes).
pub use crate::store::{LegHolding, StorageFault, StoreError};

/// What can go wrong in a thing a user does.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    League(#[from] crate::league::LeagueError),
    #[error(transparent)]
    Results(#[from] crate::app::results::error::ResultsError),
    #[error(transparent)]
    Night(#[from] crate::app::night::error::NightError),
    #[error(transparent)]
    Game(#[from] crate::app::game::error::GameError),
    #[error(transparent)]
    Leg(#[from] crate::app::game::leg::LegError),
    #[error(transparent)]
    Undo(Box<crate::app::undo::error::UndoError>),
    #[error(transparent)]
    Backup(crate::store::BackupError),
    #[error(transparent)]
    Access(#[from] crate::app::access::error::AccessError),
    #[error(transparent)]
    Names(#[from] crate::app::names::error::NamesError),
    #[error(transparent)]
    Cup(Box<crate::app::cup::error::CupError>),
}

impl From<crate::app::cup::error::CupError> for AppError {
    fn from(e: crate::app::cup::error::CupError) -> AppError {
        AppError::Cup(Box::new(e))
    }
}

impl From<crate::app::undo::error::UndoError> for AppError {
    fn from(e: crate::app::undo::error::UndoError) -> AppError {
        AppError::Undo(Box::new(e))
    }
}

impl AppError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            AppError::Store(e) => store_kind(e),
            AppError::League(e) => e.kind(),
            AppError::Results(e) => e.kind(),
            AppError::Night(e) => e.kind(),
            AppError::Game(e) => e.kind(),
            AppError::Leg(e) => e.kind(),
            AppError::Undo(e) => e.kind(),
            AppError::Backup(e) => crate::app::kind::backup_kind(e),
            AppError::Access(e) => e.kind(),
            AppError::Names(e) => e.kind(),
            AppError::Cup(e) => e.kind(),
        }
    }

    /// What to do about it, where the error knows.
    pub fn hint(&self) -> Option<Cow<'static, str>> {
        match self {
            AppError::Store(e) if e.is_busy() => Some(BUSY_HINT.into()),
            AppError::Access(e) => e.hint(),
            _ => None,
        }
    }
}

/// What to do about a database another writer holds.
pub const BUSY_HINT: &str = "another don is writing this database; try again when it has finished";

/// Here rather than in `undo_error.rs`, which names nothing of `app` (an import cycle else).
impl crate::app::undo::error::UndoError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            Self::Nothing | Self::NoChange(_) => ErrorKind::NotFound,
            Self::UndoneAlready { .. }
            | Self::Later { .. }
            | Self::Referred { .. }
            | Self::Held { .. }
            | Self::Breaks { .. }
            | Self::GameInLeg { .. } => ErrorKind::Conflict,
        }
    }
}
