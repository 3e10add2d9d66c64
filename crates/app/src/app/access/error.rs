//! Why a private link could not be made, revoked or opened (see [`crate::app::access`]).

use std::borrow::Cow;

use crate::app::kind::ErrorKind;

/// Why a link could not be made, revoked or opened.
#[derive(Debug, thiserror::Error)]
pub enum AccessError {
    /// A token that is no link's, or a revoked link's: the same words for both, so that a
    /// guess learns nothing.
    #[error("this link does not work: it was revoked, or it was never a link of this league")]
    BadLink,
    #[error("no link {0} in this league")]
    NoLink(i64),
    #[error("link {id} was revoked already, on {on}")]
    RevokedAlready { id: i64, on: String },
    #[error("{0} has no link to revoke")]
    NoneToRevoke(String),
    #[error("cannot make a random token: {0}")]
    NoRandom(String),
    /// A team's captain asking what only the secretary may do.
    #[error("only the league's secretary may {what}; {actor} acts for their own team only")]
    SecretaryOnly { actor: String, what: &'static str },
    /// A game's scorer asking for anything but scoring their game.
    #[error("{actor} may score game {game} only; it cannot {what}")]
    ScorerOnly {
        actor: String,
        game: i64,
        what: &'static str,
    },
    /// A captain naming, for a game they begin, a night their team does not play.
    #[error("{actor} cannot begin a game for fixture {fixture}: their team does not play in it")]
    NotYourNight { actor: String, fixture: i64 },
    /// A game on the web of another league served from the same database.
    #[error("game {game} is scored on the web of another league")]
    OtherLeague { game: i64 },
    /// Someone asking to score a game that is not theirs to score.
    #[error("{actor} cannot score game {game}: {why}")]
    NotYourGame {
        actor: String,
        game: i64,
        why: &'static str,
    },
}

impl AccessError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            AccessError::BadLink
            | AccessError::SecretaryOnly { .. }
            | AccessError::ScorerOnly { .. }
            | AccessError::NotYourGame { .. }
            | AccessError::NotYourNight { .. } => ErrorKind::Forbidden,
            AccessError::NoLink(_) | AccessError::NoneToRevoke(_) => ErrorKind::NotFound,
            AccessError::RevokedAlready { .. } | AccessError::OtherLeague { .. } => {
                ErrorKind::Conflict
            }
            AccessError::NoRandom(_) => ErrorKind::Fault,
        }
    }

    pub fn hint(&self) -> Option<Cow<'static, str>> {
        match self {
            AccessError::BadLink => Some("ask the league's secretary for a new link".into()),
            _ => None,
        }
    }
}
