//! Every refusal and failure of the web, as an HTTP status and a page: the one place the web
//! maps an [`ErrorKind`] to a status. Nothing is decided by reading a message.

use std::net::SocketAddr;

use axum::extract::{FromRequestParts, Path, Query};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::app::{AppError, ErrorKind};
use crate::league::fixtures::SeasonChoice;
use crate::league::LeagueError;

/// Why a request was refused, or the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error(transparent)]
    App(AppError),
    /// No session, or one that has ended (its link revoked).
    #[error("this page is for a team's captain, the league's secretary or a game's scorer: open the private link you were sent (a link revoked ends its session too)")]
    NotSignedIn,
    /// A POST without the session's CSRF token (a forged form, or a page kept open past its
    /// session).
    #[error("this form was not sent from don's own page (or the page was too old): open the page again and send it from there")]
    Forged,
    /// A game's scorer (their link's session) asking for what only a captain or the secretary
    /// does: a scorer's link scores its one game only.
    #[error("a scorer's link scores its one game only: game {game}")]
    ScorerOnly { game: i64 },
    /// A captain asking for a night their team does not play in ("Royal Oak v Red Lion on
    /// 2025-09-04"): nothing changed.
    /// Said of a night or of a cup's tie (`contest`).
    #[error(
        "{night} is not your team's {contest}: a captain sees and enters only their own team's {contest}s."
    )]
    NotYours {
        night: String,
        contest: crate::league::confirm::Contest,
    },
    /// A captain posting what only the secretary may do: nothing changed.
    #[error("only the league's secretary may do this")]
    OnlySecretary,
    /// Too many boards' event streams open, in all or from one address
    /// ([`super::board::events::STREAMS`], [`super::board::events::PER_ADDRESS`]).
    #[error("too many boards are open at once: the page tries again by itself")]
    TooManyBoards,
    /// Too many failed links from one address.
    #[error("too many links that do not work were tried from here: wait a minute and try again")]
    TooManyTries {
        /// Seconds until it may try again.
        wait: u64,
    },
    #[error("there is no such page")]
    NoPage,
    /// A method the address does not answer (a form's address opened as a page, say).
    #[error("this address does not take that kind of request: open the site's pages and use their links and forms")]
    NoMethod,
    /// A request body larger than [`super::guard::BODY_LIMIT`].
    #[error("what was sent is too large for any form of this site")]
    TooLarge,
    /// A request's head with more fields than [`super::guard::HEADERS`], or more bytes than
    /// [`super::guard::HEAD_BYTES`].
    #[error("the request's headers are too many or too large for this site")]
    HeadTooLarge,
    /// A form field missing or not as the page sends it.
    #[error("the form is not as the page sends it: {0}")]
    BadForm(String),
    #[error("cannot listen on {at}: {source}")]
    Listen {
        at: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Io(std::io::Error),
    #[error("cannot make the page: {0}")]
    Render(#[from] askama::Error),
    /// A change that could not have the database within the server's wait (another program
    /// holds it, or too many changes queue): nothing of it was saved.
    #[error("the database is busy: nothing was saved")]
    Busy,
    /// A piece of database work stopped without an answer.
    #[error("the server failed while answering; nothing was half-saved")]
    Crashed,
}

impl From<AppError> for WebError {
    /// A change refused because the session it was asked through has ended (checked inside
    /// the change's transaction) is no session, as one found ended when the request came.
    fn from(e: AppError) -> WebError {
        match e {
            AppError::Store(crate::app::error::StoreError::SessionEnded) => WebError::NotSignedIn,
            e => WebError::App(e),
        }
    }
}

impl WebError {
    /// A captain asking for the night `f`, which their team does not play in.
    pub fn not_yours(f: &crate::app::Fixture) -> WebError {
        WebError::NotYours {
            night: format!("{} v {} on {}", f.home.name, f.away.name, f.date),
            contest: crate::league::confirm::Contest::Night,
        }
    }

    /// The HTTP status of the refusal.
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::App(e) => status_of(e.kind()),
            WebError::NotSignedIn => StatusCode::UNAUTHORIZED,
            WebError::Forged => StatusCode::FORBIDDEN,
            WebError::ScorerOnly { .. } | WebError::NotYours { .. } | WebError::OnlySecretary => {
                status_of(ErrorKind::Forbidden)
            }
            WebError::TooManyTries { .. } => StatusCode::TOO_MANY_REQUESTS,
            WebError::NoPage => StatusCode::NOT_FOUND,
            WebError::NoMethod => StatusCode::METHOD_NOT_ALLOWED,
            WebError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::HeadTooLarge => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            WebError::BadForm(_) => StatusCode::BAD_REQUEST,
            WebError::Busy | WebError::TooManyBoards => StatusCode::SERVICE_UNAVAILABLE,
            WebError::Listen { .. } | WebError::Io(_) | WebError::Render(_) | WebError::Crashed => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }

    /// What to do about it, where the error knows.
    pub fn hint(&self) -> Option<String> {
        match self {
            WebError::App(e) => e.hint().map(|h| h.into_owned()),
            WebError::ScorerOnly { game } => Some(format!("your game is at /my/game/{game}")),
            WebError::NotYours {
                contest: crate::league::confirm::Contest::Tie,
                ..
            } => Some("your own team's nights and cup ties are on your page: /my/".into()),
            WebError::NotYours { .. } | WebError::OnlySecretary => {
                Some("your own nights are on your page: /my/".into())
            }
            WebError::Busy => Some(
                "another program is writing the league's database (or many changes came at once): go back and send it again in a moment"
                    .into(),
            ),
            _ => None,
        }
    }
}

/// The web's words for a refusal of `app`: the library's, with what to do on the page (a date
/// to choose, a name to add under "New players"), never a flag or a command.
pub fn words(e: &AppError) -> String {
    let league = match e {
        AppError::League(l) => l,
        AppError::Store(crate::app::error::StoreError::Namesake { name, .. }) => {
            return format!(
                "{e}. Write the name as the league tells them apart, or, if {name} is someone else of that name, add the name under “New players”."
            )
        }
        e => return e.to_string(),
    };
    match league {
        LeagueError::Season(c) => match c {
            SeasonChoice::Other { given, .. } => {
                format!("{c}: choose a date within season {}", given.shown_name())
            }
            SeasonChoice::Stretch { given, .. } => {
                format!("{c}: choose a date next to season {}'s", given.shown_name())
            }
            SeasonChoice::Several { .. } | SeasonChoice::Outside { .. } => {
                format!("{c}: choose a date within the fixture's season")
            }
            SeasonChoice::Schedule { .. } | SeasonChoice::Far { .. } => c.to_string(),
        },
        LeagueError::OtherTeam { player, .. } => format!(
            "{e}. If this is someone else of that name, add {} under “New players”; if they moved team, the secretary records the transfer.",
            crate::league::names::unlabelled(player)
        ),
        LeagueError::PlayerNearMiss { name, .. } => {
            format!("{e} If {name} is someone new, add the name under “New players”.")
        }
        _ => e.to_string(),
    }
}

/// The status of each kind of refusal.
pub fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::Forbidden => StatusCode::FORBIDDEN,
        ErrorKind::Busy => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::Unusable | ErrorKind::Fault => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let status = self.status();
        let said = match &self {
            WebError::App(e) => words(e),
            e => e.to_string(),
        };
        let page = super::my::page::message_page(
            status.canonical_reason().unwrap_or("Refused"),
            &said,
            self.hint().as_deref(),
        );
        let mut answer = (status, Html(page)).into_response();
        let wait = match self {
            WebError::TooManyTries { wait } => Some(wait),
            WebError::Busy | WebError::TooManyBoards => Some(5),
            _ => None,
        };
        if let Some(wait) = wait {
            answer
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, wait.into());
        }
        answer
    }
}

/// A number in a page's path (`/my/game/7`): anything else is no page (404, the site's page), as
/// a number no game has is.
pub struct Numbered(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for Numbered {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(text) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| WebError::NoPage)?;
        text.parse().map(Numbered).map_err(|_| WebError::NoPage)
    }
}

/// What a page's query asks, as far as it can be read: a query that cannot be (a field given
/// twice, say) asks for nothing, and the page is shown as it is without one.
pub struct Lenient<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequestParts<S> for Lenient<T> {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Ok(Lenient(
            Query::<T>::from_request_parts(parts, state)
                .await
                .map(|Query(t)| t)
                .unwrap_or_default(),
        ))
    }
}
