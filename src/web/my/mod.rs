//! What a captain or the secretary does on the web, signed in with their private link. Every
//! change goes through the same app functions as `don night enter`, `night confirm` and the
//! rest, as the session's actor, so the web and the command line share every rule.
//!
//! - [`home`]: `/my/`, who is signed in and their nights; [`night`]: `/my/night/{id}` and its
//!   forms (enter, confirm, dispute); [`secretary`]: deduct or award, withdraw, move.
//! - [`entry`]: the entry form read; [`refusal`]: a refusal put beside its input; [`form`]:
//!   a form as typed; [`view`]: a night's page; [`night_of`]: a night by its fixture's number.

pub mod entry;
pub mod form;
pub mod home;
pub mod night;
pub mod night_of;
pub mod page;
pub mod refusal;
pub mod secretary;
pub mod view;

use std::sync::Arc;

use axum::http::header::LOCATION;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use super::error::status_of;
use super::state::Shared;
use crate::app::ErrorKind;
use crate::store::Fixture;

pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/my/", get(home::home))
        .route("/my/night/{id}", get(night::show))
        .route("/my/night/{id}/enter", post(night::enter))
        .route("/my/night/{id}/confirm", post(night::confirm))
        .route("/my/night/{id}/dispute", post(night::dispute))
        .route("/my/adjust", post(secretary::adjust))
        .route("/my/withdraw", post(secretary::withdraw))
        .route("/my/fixture/{id}/move", post(secretary::move_fixture))
}

/// 303 See Other to `to` (a page of this site).
pub fn see_other(to: &str) -> Response {
    let to = HeaderValue::from_str(to).unwrap_or(HeaderValue::from_static("/my/"));
    (StatusCode::SEE_OTHER, [(LOCATION, to)]).into_response()
}

fn forbidden(message: &str) -> Response {
    let status = status_of(ErrorKind::Forbidden);
    let page = page::message_page(
        status.canonical_reason().unwrap_or("Forbidden"),
        message,
        Some("your own nights are on your page: /my/"),
    );
    (status, Html(page)).into_response()
}

/// A captain asking for a night their team does not play in: 403, nothing changed.
pub fn not_yours(f: &Fixture) -> Response {
    forbidden(&format!(
        "{} v {} on {} is not your team's night: a captain sees and enters only their own team's nights.",
        f.home.name, f.away.name, f.date
    ))
}

/// A captain posting what only the secretary may do: 403, nothing changed.
pub fn only_the_secretary() -> Response {
    forbidden("only the league's secretary may do this")
}
