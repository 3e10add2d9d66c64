//! The published pages, live: the very files `don publish` writes, made from the database once
//! per state of it (the latest operation in the log) and answered from memory until the
//! database changes. Each answer names that state (`ETag`) and its time (`Last-Modified`), so a
//! browser that has the page already is told 304 Not Modified. A path is only ever looked up
//! among the site's files: nothing on disk is read.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED, LOCATION,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, NaiveDateTime, Utc};

use super::cache::MadeSite;
use super::error::WebError;
use super::state::Shared;
use crate::app::error::StoreError;
use crate::app::AppError;
use crate::publish::{site, PublishError};

pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/", get(page))
        .route("/{*path}", get(page))
}

/// The site as the database now stands: the one held if nothing changed since it was made;
/// else one made anew, by one request at a time; while it is being made, the one held before
/// (see [`super::cache`]).
pub async fn site_now(shared: &Arc<Shared>) -> Result<Arc<MadeSite>, WebError> {
    // No league: no league's site (its friendly games' pages are their scorers' and boards).
    if shared.served.is_none() {
        return Err(WebError::NoPage);
    }
    let state = match shared.watch.state().await {
        Some(state) => state,
        None => shared.read_public(|app| app.state()).await?.0,
    };
    if let Some(made) = shared.site.held(state) {
        return Ok(made);
    }
    let turn = match (shared.site.try_turn(), shared.site.held(0)) {
        (Some(turn), _) => turn,
        (None, Some(before)) => return Ok(before),
        (None, None) => shared.site.turn().await,
    };
    if let Some(made) = shared.site.held(state) {
        return Ok(made);
    }
    let league = shared.league.clone();
    let keeper = Arc::clone(shared);
    shared
        .read_public(move |app| {
            // The turn is held until the site is kept, even if the request that took it is
            // gone meanwhile: never two made at once.
            let _turn = turn;
            let made = Arc::new(make(app, &league)?);
            keeper.site.keep(Arc::clone(&made));
            Ok(made)
        })
        .await
}

/// The site, and the state it is of, read in one transaction. The front page shows the
/// current season, as `don publish` does (whose dates hold today, else whose dates end
/// latest), not the one made last: past seasons are often imported after the present one.
fn make(app: &crate::app::App, league: &crate::app::LeagueInfo) -> Result<MadeSite, AppError> {
    let read = app.site_read(league, None)?;
    let (state, at) = read.state.clone();
    let site = site(read).map_err(|e| match e {
        PublishError::App(e) => e,
        other => AppError::Store(StoreError::damaged("the site", other)),
    })?;
    Ok(MadeSite {
        state,
        at,
        front: site.front,
        moved: site.moved.into_iter().collect(),
        files: site
            .files
            .into_iter()
            .map(|(path, bytes)| (path, Bytes::from(bytes)))
            .collect::<HashMap<_, _>>(),
    })
}

/// Any page of the site (`HEAD` too: axum answers it with the headers alone).
async fn page(
    State(shared): State<Arc<Shared>>,
    uri: Uri,
    asked: HeaderMap,
) -> Result<Response, WebError> {
    let made = site_now(&shared).await?;
    let path = file_of(&made, uri.path(), confirmed_asked(uri.query()))?;
    // An old address (a team renamed): the page's address now, for good.
    if let Some(to) = made.moved.get(&path) {
        let to = format!("{}{to}", "../".repeat(path.matches('/').count()));
        let mut headers = HeaderMap::new();
        if let Ok(to) = HeaderValue::from_str(&to) {
            headers.insert(LOCATION, to);
        }
        return Ok((StatusCode::PERMANENT_REDIRECT, headers).into_response());
    }
    let bytes = made.files.get(&path).ok_or(WebError::NoPage)?.clone();
    let etag = HeaderValue::from_str(&format!("\"{}\"", made.state))
        .unwrap_or(HeaderValue::from_static("\"0\""));
    let modified = made.at.as_deref().and_then(http_date);
    let mut headers = HeaderMap::new();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Some(m) = modified
        .as_deref()
        .and_then(|m| HeaderValue::from_str(m).ok())
    {
        headers.insert(LAST_MODIFIED, m);
    }
    let unchanged = not_modified(&asked, &etag, made.at.as_deref());
    headers.insert(ETAG, etag);
    if unchanged {
        return Ok((StatusCode::NOT_MODIFIED, headers, Body::empty()).into_response());
    }
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind_of(&path)));
    Ok((headers, bytes).into_response())
}

/// The site's file a path asks for: `/` and `…/` are their folder's `index.html`; with
/// `?confirmed`, the front page and a season's page are that season's table of confirmed
/// nights only (`season/<slug>/confirmed.html`).
fn file_of(made: &MadeSite, path: &str, confirmed: bool) -> Result<String, WebError> {
    let path = path.strip_prefix('/').unwrap_or(path);
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    if !confirmed {
        return Ok(path);
    }
    if path == "index.html" {
        let front = made.front.as_deref().ok_or(WebError::NoPage)?;
        return Ok(format!("{front}/confirmed.html"));
    }
    match path
        .strip_prefix("season/")
        .and_then(|p| p.strip_suffix("/index.html"))
    {
        Some(slug) if !slug.contains('/') => Ok(format!("season/{slug}/confirmed.html")),
        _ => Ok(path),
    }
}

/// Whether the query asks for the confirmed nights only (`?confirmed`, `?confirmed=1`).
fn confirmed_asked(query: Option<&str>) -> bool {
    query.is_some_and(|q| {
        q.split('&')
            .any(|p| p.split('=').next() == Some("confirmed"))
    })
}

/// Whether the browser's copy is the page as it stands: its `If-None-Match` names this state
/// (or, without one, its `If-Modified-Since` is no earlier than the state's time).
fn not_modified(asked: &HeaderMap, etag: &HeaderValue, at: Option<&str>) -> bool {
    if let Some(tags) = asked.get(IF_NONE_MATCH) {
        let Ok(tags) = tags.to_str() else {
            return false;
        };
        let ours = etag.to_str().unwrap_or("");
        return tags
            .split(',')
            .map(str::trim)
            .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == ours);
    }
    let since = asked
        .get(IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| NaiveDateTime::parse_from_str(v.trim(), HTTP_DATE).ok());
    let at = at
        .and_then(|a| DateTime::parse_from_rfc3339(a).ok())
        .map(|a| a.timestamp());
    matches!((since, at), (Some(since), Some(at)) if at <= since.and_utc().timestamp())
}

/// The form of a date in HTTP (RFC 9110's IMF-fixdate).
const HTTP_DATE: &str = "%a, %d %b %Y %H:%M:%S GMT";

/// An RFC 3339 time as an HTTP date.
fn http_date(at: &str) -> Option<String> {
    let at = DateTime::parse_from_rfc3339(at).ok()?;
    Some(at.with_timezone(&Utc).format(HTTP_DATE).to_string())
}

/// The content type of a file of the site, by its name.
fn kind_of(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("csv") => "text/csv; charset=utf-8",
        Some("ics") => "text/calendar; charset=utf-8",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}
