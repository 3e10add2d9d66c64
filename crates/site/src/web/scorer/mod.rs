//! Scoring a game at the table on a phone, through `don serve`: what `don play` does, as pages
//! that work without JavaScript (a form per entry) and answer the page's script (`/scorer.js`)
//! with only the part of the page an entry changes.
//!
//! - [`games`]: `/my/games`, the games the one signed in may score, and the form that begins
//!   one ([`begin`]: the form read, its refusals beside their fields).
//! - [`game`]: `/my/game/{n}`, the scoring page, and `/my/game/{n}/line`, every line entered;
//!   [`view`]: the page as its template shows it; [`line`]: the line a structured form makes;
//!   [`words`]: the web's words for a game's state, shared with the boards.

pub mod begin;
pub mod game;
pub mod games;
pub mod line;
pub mod view;
pub mod words;

use std::sync::Arc;

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use super::state::Shared;

/// The page's script (progressive: every form works without it).
pub const SCORER_JS: &str = include_str!("../../../templates/scorer.js");

pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/my/games", get(games::list).post(games::begin))
        .route("/my/game/{n}", get(game::show))
        .route("/my/game/{n}/line", post(game::line))
        .route("/scorer.js", get(|| async { script(SCORER_JS) }))
}

/// A script of the site's pages (`/scorer.js`, `/board.js`).
pub fn script(body: &'static str) -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
