//! What refuses a results import or export. Its kind is given beside the things
//! refused, in [`super`].

use crate::league::LeagueError;

/// A results import or export refused.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// The league named is not there, and the import was not asked to make it: the store's
    /// words for a league not found (with the nearest name there is).
    #[error("{not_found}")]
    NoLeague { not_found: LeagueError },
}
