//! Opening a private link: `GET /link/TOKEN` shows a small page, and changes nothing (no
//! session, "last used" not moved), so a messaging app's preview of the link or another site's
//! page opening it signs no one in; its button posts back to the same address, which starts a
//! session (an `HttpOnly`, `SameSite=Strict` cookie, `Secure` behind TLS) and sends the
//! browser on to `/my/` (a game's scorer to `/my/game/{n}`), so the token leaves the address
//! bar. The post must come from the site's own page (a browser says where a form came from);
//! the cookie is set by a same-site answer, so it is sent on the 303 that follows even when
//! the link was opened from another site. A token that is no working link is refused, the same
//! way whatever it is, and counted against the address it came from.

use std::net::SocketAddr;
use std::sync::Arc;

use askama::Template;
use axum::extract::{ConnectInfo, State};
use axum::http::header::{CACHE_CONTROL, HOST, ORIGIN, REFERRER_POLICY, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use super::error::WebError;
use super::limit::client;
use super::session::{cookie_key_of, Posted, COOKIE_NAME};
use super::state::Shared;
use crate::app::access::SESSION_DAYS;

pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/link/{token}", get(link_page).post(open_link))
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

/// 303 See Other to `to`, setting `cookie`.
fn see_other(to: &str, cookie: Option<HeaderValue>) -> Response {
    let mut answer = super::my::page::see_other(to);
    if let Some(c) = cookie {
        answer.headers_mut().insert(SET_COOKIE, c);
    }
    answer
}

#[derive(Template)]
#[template(path = "my/open.html")]
struct OpenPage {
    layout: crate::publish::view::Layout,
    who: String,
}

/// The token of a link's address, read from the path as sent (never echoed: a refusal is the
/// same page whatever it was).
fn token_of(uri: &Uri) -> String {
    uri.path().strip_prefix("/link/").unwrap_or("").to_string()
}

/// `GET /link/TOKEN` (and `HEAD`): the link's page, whose button opens it. Nothing is written:
/// no session, no use noted. A token that is no working link is refused here already (and
/// counted against the address).
async fn link_page(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    asked: HeaderMap,
    uri: Uri,
) -> Result<Response, WebError> {
    let from = client(&shared.config.proxies, peer, &asked);
    shared.limiter.attempt(from)?;
    let token = token_of(&uri);
    let league = shared.served;
    let link = shared.read(move |app| app.link_of(league, &token)).await?;
    shared.limiter.worked(from);
    let page = OpenPage {
        layout: super::my::page::layout("Your private link", &shared.league.name),
        who: link.role.to_string(),
    };
    let mut answer = Html(page.render()?).into_response();
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // The page's button then posts with the site's own `Origin` (under `no-referrer`, as the
    // rest of the site, a browser sends `null`, which another site's page can send as well);
    // what it sends as `Referer` is the site's address alone, never the link's.
    answer
        .headers_mut()
        .insert(REFERRER_POLICY, HeaderValue::from_static("strict-origin"));
    Ok(answer)
}

/// Whether a form was posted from this site's own page, as the browser tells: its
/// `Sec-Fetch-Site` says `same-origin` (or `none`: the user's own doing); a browser too old to
/// send it, by its `Origin`, which must be the address asked (`null`, which any page can make
/// its browser send, is not; the link's page has its browser send its own). A client that
/// sends neither (not a browser) is taken at its word.
fn from_own_page(asked: &HeaderMap) -> bool {
    if let Some(site) = asked.get("sec-fetch-site") {
        return matches!(site.as_bytes(), b"same-origin" | b"none");
    }
    let origin = match (asked.get(ORIGIN), asked.get(HOST)) {
        (Some(origin), Some(host)) => Some(
            origin
                .to_str()
                .ok()
                .and_then(|o| o.split_once("://"))
                .is_some_and(|(_, authority)| authority.as_bytes() == host.as_bytes()),
        ),
        (Some(_), None) => Some(false),
        (None, _) => None,
    };
    origin != Some(false)
}

/// `POST /link/TOKEN` (the link's page's button): a session, and on to `/my/`. Refused (403,
/// nothing opened) when posted from another site's page.
async fn open_link(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    asked: HeaderMap,
    uri: Uri,
) -> Result<Response, WebError> {
    if !from_own_page(&asked) {
        return Err(WebError::Forged);
    }
    let from = client(&shared.config.proxies, peer, &asked);
    shared.limiter.attempt(from)?;
    let token = token_of(&uri);
    let league = shared.served;
    // Opened again in a browser whose session it opened already (the link tapped again in a
    // message): that session goes on, so a page open in another tab keeps working.
    let had = cookie_key_of(&asked);
    let (session, key) = shared
        .write(None, move |app| {
            app.sign_in_again(league, &token, had.as_deref())
        })
        .await?;
    shared.limiter.worked(from);
    // A game's scorer goes straight to their game.
    let to = match session.game() {
        Some(game) => format!("/my/game/{game}"),
        None => "/my/".to_string(),
    };
    let cookie = key.map(|key| session_cookie(&shared, Some(key.as_str())));
    Ok(see_other(&to, cookie))
}

/// `POST /sign-out`: the session ends (here and in the database), and the cookie with it.
async fn sign_out(State(shared): State<Arc<Shared>>, posted: Posted) -> Result<Response, WebError> {
    let key = posted.signed.key;
    shared.write(None, move |app| app.sign_out(&key)).await?;
    Ok(see_other("/", Some(session_cookie(&shared, None))))
}
