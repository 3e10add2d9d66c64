//! The answers a post ends with: 303 See Other to the page that says it is done, or a 403
//! page when it was not the asker's to do (nothing changed).

use axum::http::header::LOCATION;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};

use super::page;
use crate::app::ErrorKind;
use crate::app::Fixture;
use crate::web::error::status_of;

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
