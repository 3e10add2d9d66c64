//! What can go wrong in a thing a user does: one enum per domain, each error with its
//! [`ErrorKind`] and its hint, gathered in [`AppError`]. A front end maps the kind to an exit
//! code or an HTTP status, in one place; it never reads the message to decide anything.

use std::borrow::Cow;

pub use super::kind::{store_kind, ErrorKind};
use crate::store::StoreError;

/// What can go wrong in a thing a user does.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Leg(#[from] super::leg::LegError),
}

impl AppError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            AppError::Store(e) => store_kind(e),
            AppError::Leg(e) => e.kind(),
        }
    }

    /// What to do about it, where the error knows.
    pub fn hint(&self) -> Option<Cow<'static, str>> {
        match self {
            AppError::Store(e) if e.is_busy() => {
                Some("another don is writing this database; try again when it has finished".into())
            }
            AppError::Store(_) => None,
            AppError::Leg(e) => e.hint(),
        }
    }
}
