//! Opening a private link: `/link/TOKEN` starts a session (an `HttpOnly`, `SameSite=Strict`
//! cookie, `Secure` behind TLS) and sends the browser on to `/my/` (a game's scorer to
//! `/my/game/{n}`), so the token leaves the address bar. A token that is no working link is
//! refused, the same way whatever it is, and counted against the address it came from.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{ConnectInfo, State};
use axum::http::header::{CACHE_CONTROL, LOCATION, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use super::error::WebError;
use super::limit::client;
use super::session::{cookie_key_of, Posted, COOKIE_NAME};
use super::state::Shared;
use crate::app::access::SESSION_DAYS;

pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/link/{token}", get(open_link))
        .route("/sign-out", post(sign_out))
}

/// The cookie that holds a session's key (or, with no key, the one that ends it).
pub fn session_cookie(shared: &Shared, key: Option<&str>) -> HeaderValue {
    let mut c = cookie::Cookie::new(COOKIE_NAME, key.unwrap_or("").to_string());
    c.set_http_only(true);
    c.set_same_site(cookie::SameSite::Strict);
    c.set_path("/");
    c.set_secure(shared.config.behind_tls());
    match key {
        Some(_) => c.set_max_age(cookie::time::Duration::days(SESSION_DAYS)),
        None => c.set_max_age(cookie::time::Duration::ZERO),
    }
    HeaderValue::from_str(&c.to_string()).unwrap_or_else(|_| HeaderValue::from_static(""))
}

fn see_other(to: &str, cookie: Option<HeaderValue>) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert(
        LOCATION,
        HeaderValue::from_str(to).unwrap_or(HeaderValue::from_static("/")),
    );
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Some(c) = cookie {
        headers.insert(SET_COOKIE, c);
    }
    (StatusCode::SEE_OTHER, headers, Body::empty()).into_response()
}

/// `GET /link/TOKEN`: a session, and on to `/my/`. The token is read from the path as sent
/// (never echoed: a refusal is the same page whatever it was).
async fn open_link(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    asked: HeaderMap,
    uri: Uri,
) -> Result<Response, WebError> {
    let from = client(&shared.config.proxies, peer, &asked);
    shared.limiter.attempt(from)?;
    let token = uri.path().strip_prefix("/link/").unwrap_or("").to_string();
    let league = shared.league.id;
    // Opened again in a browser whose session it opened already (the link tapped again in a
    // message): that session goes on, so a page open in another tab keeps working.
    let had = cookie_key_of(&asked);
    let opened = shared
        .write(None, move |app| {
            app.sign_in_again(league, &token, had.as_deref())
        })
        .await;
    match opened {
        Ok((session, key)) => {
            shared.limiter.worked(from);
            // A game's scorer goes straight to their game.
            let to = match session.game() {
                Some(game) => format!("/my/game/{game}"),
                None => "/my/".to_string(),
            };
            let cookie = key.map(|key| session_cookie(&shared, Some(key.as_str())));
            Ok(see_other(&to, cookie))
        }
        Err(e) => Err(e),
    }
}

/// `POST /sign-out`: the session ends (here and in the database), and the cookie with it.
async fn sign_out(State(shared): State<Arc<Shared>>, posted: Posted) -> Result<Response, WebError> {
    let key = posted.signed.key;
    shared.write(None, move |app| app.sign_out(&key)).await?;
    Ok(see_other("/", Some(session_cookie(&shared, None))))
}
