//! Who is asking: the session cookie a private link starts, and the CSRF token every POST of
//! the session carries. A captain acts for their own team only; what they may do is checked by
//! the app, through the actor their session gives.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::COOKIE;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::Form;

use crate::app::access::Session;

use super::error::WebError;
use super::state::Shared;

/// The session cookie's name.
pub const COOKIE_NAME: &str = "don_session";

/// The form field that carries the CSRF token.
pub const CSRF_FIELD: &str = "csrf";

/// A request from someone signed in: their session and its key (the cookie's value).
pub struct Signed {
    pub session: Session,
    pub key: String,
}

/// The session cookie's value in these headers, if there is one.
pub fn cookie_key_of(headers: &axum::http::HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(cookie::Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == COOKIE_NAME)
        .map(|c| c.value().to_string())
}

impl FromRequestParts<Arc<Shared>> for Signed {
    type Rejection = WebError;

    async fn from_request_parts(
        parts: &mut Parts,
        shared: &Arc<Shared>,
    ) -> Result<Self, Self::Rejection> {
        let key = cookie_key_of(&parts.headers).ok_or(WebError::NotSignedIn)?;
        let asked = key.clone();
        // A session of another league kept in the same database is no session here.
        let league = shared.served;
        let session = shared
            .read(move |app| app.session_in(league, &asked))
            .await?
            .ok_or(WebError::NotSignedIn)?;
        Ok(Signed { session, key })
    }
}

/// A form posted by someone signed in, its CSRF token checked: what every POST's handler
/// takes (no session: 401; a body too large: 413; no form, or not this session's token: 403,
/// before anything is done).
pub struct Posted {
    pub signed: Signed,
    pub form: HashMap<String, String>,
}

impl FromRequest<Arc<Shared>> for Posted {
    type Rejection = WebError;

    async fn from_request(req: Request, shared: &Arc<Shared>) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = req.into_parts();
        let signed = Signed::from_request_parts(&mut parts, shared).await?;
        let req = Request::from_parts(parts, body);
        let form = match Form::<HashMap<String, String>>::from_request(req, shared).await {
            Ok(Form(form)) => form,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(WebError::TooLarge)
            }
            Err(_) => return Err(WebError::Forged),
        };
        signed.check_csrf(&form)?;
        Ok(Posted { signed, form })
    }
}

impl Signed {
    /// Refuses a form posted without this session's CSRF token.
    fn check_csrf(&self, form: &HashMap<String, String>) -> Result<(), WebError> {
        let given = form.get(CSRF_FIELD).map(String::as_bytes).unwrap_or(b"");
        if constant_time_eq(given, self.session.csrf.as_bytes()) {
            Ok(())
        } else {
            Err(WebError::Forged)
        }
    }
}

/// Whether two byte strings are equal, in a time that does not tell how much of them is.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A request of a captain or the secretary: a game's scorer (their link's session) is refused
/// ([`WebError::ScorerOnly`], 403) before anything is read or done, as a scorer's link scores
/// its one game and does nothing else. `League<Signed>` for a page, `League<Posted>` for a form.
pub struct League<T>(pub T);

impl FromRequestParts<Arc<Shared>> for League<Signed> {
    type Rejection = WebError;

    async fn from_request_parts(
        parts: &mut Parts,
        shared: &Arc<Shared>,
    ) -> Result<Self, Self::Rejection> {
        let signed = Signed::from_request_parts(parts, shared).await?;
        match signed.session.game() {
            Some(game) => Err(WebError::ScorerOnly { game }),
            None => Ok(League(signed)),
        }
    }
}

impl FromRequest<Arc<Shared>> for League<Posted> {
    type Rejection = WebError;

    async fn from_request(req: Request, shared: &Arc<Shared>) -> Result<Self, Self::Rejection> {
        let posted = Posted::from_request(req, shared).await?;
        match posted.signed.session.game() {
            Some(game) => Err(WebError::ScorerOnly { game }),
            None => Ok(League(posted)),
        }
    }
}
