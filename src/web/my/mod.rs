//! What a captain or the secretary does on the web, signed in with their private link. Every
//! change goes through the same app functions as `don night enter`, `night confirm` and the
//! rest, as the session's actor, so the web and the command line share every rule.

pub mod page;

use std::sync::Arc;

use askama::Template;
use axum::extract::State;
use axum::response::Html;
use axum::routing::get;
use axum::Router;

use super::error::WebError;
use super::session::Signed;
use super::state::Shared;
use crate::publish::view::{Page, Para, Section, Span};

pub fn routes() -> Router<Arc<Shared>> {
    Router::new().route("/my/", get(home))
}

/// Who is signed in, and what they may do.
async fn home(State(shared): State<Arc<Shared>>, signed: Signed) -> Result<Html<String>, WebError> {
    let who = signed.session.link.role.to_string();
    let mut layout = page::layout("Signed in", &shared.league.name);
    layout.intro.push(Para::of(vec![Span::text(format!(
        "You are signed in as {who}."
    ))]));
    let page = Page {
        layout,
        sections: Vec::<Section>::new(),
    };
    Ok(Html(page.render()?))
}
