//! A game's scorer (their link's session) scores that one game and does nothing else: what
//! they are answered when they ask for anything more.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use crate::app::ErrorKind;
use crate::web::error::status_of;

/// A scorer's session asking for what only a captain or the secretary does: 403, nothing done.
pub fn not_for_a_scorer(game: i64) -> Response {
    let status: StatusCode = status_of(ErrorKind::Forbidden);
    let page = crate::web::my::page::message_page(
        status.canonical_reason().unwrap_or("Forbidden"),
        &format!("a scorer's link scores its one game only: game {game}"),
        Some(&format!("your game is at /my/game/{game}")),
    );
    (status, Html(page)).into_response()
}
