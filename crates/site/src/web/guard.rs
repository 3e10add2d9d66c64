//! What guards every answer: the security headers, the limits on a request's size and time
//! (the limits on its head, and the time a slow client may take to send it, are the
//! connection's: see [`super::serve`]; the rate of failed links per address is
//! [`super::limit`]'s).

use std::time::Duration;

use axum::extract::Request;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

/// The largest request body taken (a night's form is a few kilobytes).
pub const BODY_LIMIT: usize = 64 * 1024;
/// The longest a request may take, its body read and its answer made (a change waits its turn
/// for the database within it).
pub const REQUEST_TIME: Duration = Duration::from_secs(30);
/// The longest a client may take to send a request's head.
pub const HEAD_TIME: Duration = Duration::from_secs(10);
/// The most header fields a request may have, and the most bytes its head may take: past
/// them, the site's 431 page (with every header of this guard).
pub const HEADERS: usize = 64;
pub const HEAD_BYTES: usize = 16 * 1024;
/// What the connection itself reads of a head, at most (fields, bytes): a head past
/// [`HEADERS`] or [`HEAD_BYTES`] but within these is read, and answered with the site's 431
/// page; one past these is refused by the connection (a 431 with no page).
pub const HEADERS_READ: usize = 4 * HEADERS;
pub const HEAD_BYTES_READ: usize = 4 * HEAD_BYTES;

/// Only the site's own style sheet, scripts, images and forms: nothing inline, nothing from
/// elsewhere, never in a frame.
pub const CSP: &str = "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; \
connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The headers and limits around every route; `behind_tls`: the public address is https://,
/// so browsers are told to keep to it.
pub fn around<S: Clone + Send + Sync + 'static>(routes: Router<S>, behind_tls: bool) -> Router<S> {
    routes
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(axum::middleware::from_fn(head_limit))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIME,
        ))
        .layer(axum::middleware::map_response(move |answer| {
            headers(answer, behind_tls)
        }))
}

/// The headers every answer has, its own or a refusal of the limits.
async fn headers<B>(mut answer: Response<B>, behind_tls: bool) -> Response<B> {
    let headers = answer.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // A page may say its own (a link's page: `strict-origin`, so that its button's post
    // carries the site's `Origin` rather than `null`).
    let referrer = HeaderValue::from_static("no-referrer");
    headers.entry(REFERRER_POLICY).or_insert(referrer);
    // What is not a public page (a signed-in page, a refusal) is never kept by a cache.
    let cache = HeaderValue::from_static("no-store");
    headers.entry(CACHE_CONTROL).or_insert(cache);
    if behind_tls {
        let hsts = HeaderValue::from_static("max-age=31536000");
        headers.insert(STRICT_TRANSPORT_SECURITY, hsts);
    }
    answer
}

/// Refuses a request whose head has more than [`HEADERS`] fields or [`HEAD_BYTES`] bytes
/// (its request line and fields, as sent): the site's 431 page; and one whose head declares a
/// body over [`BODY_LIMIT`]: the site's 413 page.
async fn head_limit(request: Request, next: Next) -> Response {
    let fields = request.headers().len();
    let bytes = request.method().as_str().len()
        + request.uri().to_string().len()
        + request
            .headers()
            .iter()
            .map(|(name, value)| name.as_str().len() + value.len() + 4)
            .sum::<usize>();
    if fields > HEADERS || bytes > HEAD_BYTES {
        return super::error::WebError::HeadTooLarge.into_response();
    }
    // A body the head says is larger than any form: the site's 413 page (the body limit's
    // own answer to it is the framework's plain text).
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        return super::error::WebError::TooLarge.into_response();
    }
    next.run(request).await
}
