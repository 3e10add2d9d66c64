//! What a captain or the secretary does on the web, signed in with their private link. Every
//! change goes through the same app functions as `don night enter`, `night confirm` and the
//! rest, as the session's actor, so the web and the command line share every rule.
//!
//! - [`home`]: `/my/`, who is signed in and their nights (a game's scorer: on to their game);
//!   [`night`]: `/my/night/{id}` and its forms (enter, confirm, dispute, the secretary's
//!   correction); [`secretary`]: deduct or award, withdraw, move; [`cup`]: a cup tie's page
//!   and its forms (enter, confirm, dispute).
//! - [`entry`]: the entry form read; [`refusal`]: a refusal put beside its input; [`form`]:
//!   a form as typed; [`view`]: a night's page: who asks on it, and where it stands in their
//!   words; [`page`]: a page's layout, a message's page, the 303 after a change.

pub mod cup;
pub mod entry;
pub mod form;
pub mod home;
pub mod night;
pub mod page;
pub mod refusal;
pub mod secretary;
pub mod view;

use std::sync::Arc;

use axum::routing::{get, post};
use axum::Router;

use super::state::Shared;

/// The routes of `/my/`. A game's scorer is refused every night's page and form and the
/// secretary's forms (their handlers take [`super::session::League`]), and sent on from `/my/`
/// to their game.
pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/my/", get(home::home))
        .route("/my/night/{id}", get(night::show))
        .route("/my/night/{id}/enter", post(night::enter))
        .route("/my/night/{id}/confirm", post(night::confirm))
        .route("/my/night/{id}/dispute", post(night::dispute))
        .route("/my/night/{id}/correct", post(night::correct))
        .route("/my/cup/{cup}/{round}/{tie}", get(cup::show))
        .route("/my/cup/{cup}/{round}/{tie}/enter", post(cup::enter))
        .route("/my/cup/{cup}/{round}/{tie}/confirm", post(cup::confirm))
        .route("/my/cup/{cup}/{round}/{tie}/dispute", post(cup::dispute))
        .route("/my/adjust", post(secretary::adjust))
        .route("/my/withdraw", post(secretary::withdraw))
        .route("/my/fixture/{id}/move", post(secretary::move_fixture))
}
