//! What a captain or the secretary does on the web, signed in with their private link. Every
//! change goes through the same app functions as `don night enter`, `night confirm` and the
//! rest, as the session's actor, so the web and the command line share every rule.
//!
//! - [`home`]: `/my/`, who is signed in and their nights (a game's scorer: on to their game); [`night`]: `/my/night/{id}` and its
//!   forms (enter, confirm, dispute); [`secretary`]: deduct or award, withdraw, move.
//! - [`answer`]: a 303 after a change, a 403 page.
//! - [`entry`]: the entry form read; [`refusal`]: a refusal put beside its input; [`form`]:
//!   a form as typed; [`view`]: a night's page; [`night_of`]: a night by its fixture's number.

pub mod answer;
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

use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;

use super::error::WebError;
use super::session::{Posted, Signed};
use super::state::Shared;
use super::table::scorer::not_for_a_scorer;

pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/my/", get(home::home))
        .route("/my/night/{id}", get(night_show))
        .route("/my/night/{id}/enter", post(night_enter))
        .route("/my/night/{id}/confirm", post(night_confirm))
        .route("/my/night/{id}/dispute", post(night_dispute))
        .route("/my/adjust", post(adjust))
        .route("/my/withdraw", post(withdraw))
        .route("/my/fixture/{id}/move", post(move_fixture))
}

// A game's scorer (their link's session) scores that one game and does nothing else here: each
// page and form of a night, and the secretary's forms, refuse them (403) before anything is
// read or done.

async fn night_show(
    shared: State<Arc<Shared>>,
    id: Path<i64>,
    done: Query<night::Done>,
    signed: Signed,
) -> Result<Response, WebError> {
    match signed.session.game() {
        Some(game) => Ok(not_for_a_scorer(game)),
        None => night::show(shared, id, done, signed).await,
    }
}

/// A form posted by a scorer's session: refused.
fn scorer(posted: &Posted) -> Option<Response> {
    posted.signed.session.game().map(not_for_a_scorer)
}

async fn night_enter(
    shared: State<Arc<Shared>>,
    id: Path<i64>,
    posted: Posted,
) -> Result<Response, WebError> {
    match scorer(&posted) {
        Some(refused) => Ok(refused),
        None => night::enter(shared, id, posted).await,
    }
}

async fn night_confirm(
    shared: State<Arc<Shared>>,
    id: Path<i64>,
    posted: Posted,
) -> Result<Response, WebError> {
    match scorer(&posted) {
        Some(refused) => Ok(refused),
        None => night::confirm(shared, id, posted).await,
    }
}

async fn night_dispute(
    shared: State<Arc<Shared>>,
    id: Path<i64>,
    posted: Posted,
) -> Result<Response, WebError> {
    match scorer(&posted) {
        Some(refused) => Ok(refused),
        None => night::dispute(shared, id, posted).await,
    }
}

async fn adjust(shared: State<Arc<Shared>>, posted: Posted) -> Result<Response, WebError> {
    match scorer(&posted) {
        Some(refused) => Ok(refused),
        None => secretary::adjust(shared, posted).await,
    }
}

async fn withdraw(shared: State<Arc<Shared>>, posted: Posted) -> Result<Response, WebError> {
    match scorer(&posted) {
        Some(refused) => Ok(refused),
        None => secretary::withdraw(shared, posted).await,
    }
}

async fn move_fixture(
    shared: State<Arc<Shared>>,
    id: Path<i64>,
    posted: Posted,
) -> Result<Response, WebError> {
    match scorer(&posted) {
        Some(refused) => Ok(refused),
        None => secretary::move_fixture(shared, id, posted).await,
    }
}
