//! Opening a private link: `/link/TOKEN` starts a session (an `HttpOnly`, `SameSite=Strict`
//! cookie, `Secure` behind TLS) and sends the browser on to `/my/`, so the token leaves the
//! address bar. A token that is no working link is refused, the same way whatever it is, and
//! counted against the address it came from.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::header::{LOCATION, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use std::collections::HashMap;

use super::error::WebError;
use super::session::{Signed, COOKIE_NAME};
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
    if let Some(c) = cookie {
        headers.insert(SET_COOKIE, c);
    }
    (StatusCode::SEE_OTHER, headers).into_response()
}

async fn open_link(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    Path(token): Path<String>,
) -> Result<Response, WebError> {
    shared.limiter.check(from.ip())?;
    let league = shared.league.id;
    let opened = shared
        .write(None, move |app| app.sign_in(league, &token))
        .await;
    match opened {
        Ok((_, key)) => Ok(see_other(
            "/my/",
            Some(session_cookie(&shared, Some(key.as_str()))),
        )),
        Err(e) => {
            shared.limiter.failed(from.ip());
            Err(e)
        }
    }
}

async fn sign_out(
    State(shared): State<Arc<Shared>>,
    signed: Signed,
    Form(form): Form<HashMap<String, String>>,
) -> Result<Response, WebError> {
    signed.check_csrf(&form)?;
    let key = signed.key.clone();
    shared.write(None, move |app| app.sign_out(&key)).await?;
    Ok(see_other("/", Some(session_cookie(&shared, None))))
}
