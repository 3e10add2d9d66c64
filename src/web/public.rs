//! The published pages, live: the very files `don publish` writes, made from the database once
//! per state of it (the latest operation in the log) and answered from memory until the
//! database changes.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG};
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::cache::Made;
use super::error::WebError;
use super::state::Shared;
use crate::publish::site;

pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/", get(front))
        .route("/{*path}", get(page))
}

/// The site as the database now stands: the one made already if nothing changed since.
pub async fn site_now(shared: &Arc<Shared>) -> Result<Arc<Made>, WebError> {
    let league = shared.league.clone();
    let held = shared.site.held();
    let made = shared
        .read(move |app| {
            let store = app.store();
            // The state is read before the site, which is then as new as it or newer: a
            // page is never older than the ETag it is sent with.
            let (state, at) = store.state()?;
            if let Some(made) = held.filter(|m| m.state == state) {
                return Ok(made);
            }
            let site = site(store, &league, None).map_err(|e| match e {
                crate::publish::PublishError::App(e) => e,
                crate::publish::PublishError::Store(e) => e.into(),
                other => crate::app::AppError::Store(crate::store::StoreError::damaged(
                    "the site", other,
                )),
            })?;
            Ok(Arc::new(Made { state, at, site }))
        })
        .await?;
    shared.site.keep(Arc::clone(&made));
    Ok(made)
}

async fn front(State(shared): State<Arc<Shared>>) -> Result<Response, WebError> {
    file(&shared, "index.html").await
}

async fn page(
    State(shared): State<Arc<Shared>>,
    Path(path): Path<String>,
) -> Result<Response, WebError> {
    file(&shared, &path).await
}

async fn file(shared: &Arc<Shared>, path: &str) -> Result<Response, WebError> {
    let made = site_now(shared).await?;
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    let bytes = made.site.files.get(&path).ok_or(WebError::NoPage)?.clone();
    let kind = match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("csv") => "text/csv; charset=utf-8",
        Some("ics") => "text/calendar; charset=utf-8",
        _ => "application/octet-stream",
    };
    let etag = HeaderValue::from_str(&format!("\"{}\"", made.state))
        .unwrap_or(HeaderValue::from_static("\"0\""));
    Ok((
        [
            (CONTENT_TYPE, HeaderValue::from_static(kind)),
            (ETAG, etag),
            (CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        bytes,
    )
        .into_response())
}
