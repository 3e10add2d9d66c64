//! `/my/night/{id}`: a night's page, and its forms posted: enter, confirm, dispute. Each change
//! is the app's (`night_enter`, `night_confirm`, `night_dispute`), made as the session's actor;
//! a refusal gives the page back as typed, the refusal beside its input.

use std::sync::Arc;

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;

use super::answer::{not_yours, see_other};
use super::entry::{new_players, read};
use super::form::{value, Refused, Typed};
use super::night_of::viewer;
use super::refusal::{of_entry, of_settle};
use super::view::night_page;
use crate::app::night::enter::{NightEntered, NightEntry};
use crate::app::night::of::NightOf;
use crate::app::App;
use crate::league::confirm::Viewer;
use crate::league::HomeAway;
use crate::web::error::{Lenient, Numbered, WebError};
use crate::web::session::{League, Posted, Signed};
use crate::web::state::Shared;

#[derive(Deserialize, Default)]
pub struct Done {
    pub done: Option<String>,
}

/// What a post came to: done; refused before the app was asked, the night not the asker's;
/// refused (an input that cannot be read, or by the app), beside its input.
pub enum Outcome {
    /// Done, with what the app noted on the way.
    Done(Vec<String>),
    NotYours,
    Refused(Refused),
}

/// The night's page, for the one signed in.
pub async fn show(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    Lenient(done): Lenient<Done>,
    League(signed): League<Signed>,
) -> Result<Response, WebError> {
    let nothing = Typed::new();
    page(&shared, &signed, id, done.done.as_deref(), &nothing, None).await
}

/// The night's page as typed and refused (with the refusal's status), or a 403 page when it is
/// not the asker's.
pub async fn page(
    shared: &Arc<Shared>,
    signed: &Signed,
    id: i64,
    done: Option<&str>,
    typed: &Typed,
    refused: Option<Refused>,
) -> Result<Response, WebError> {
    let league = shared.league.name.clone();
    let night = shared
        .read(move |app| app.night_by_number(Some(&league), id))
        .await?;
    let viewer = viewer(&signed.session, &night.fixture);
    if viewer == Viewer::Outsider {
        return Ok(not_yours(&night.fixture));
    }
    let refused = refused.unwrap_or_default();
    let status = refused.status.unwrap_or(StatusCode::OK);
    let csrf = signed.session.csrf.as_str();
    // What the change just done noted, shown once, with its message.
    let notes = match done {
        Some(_) => shared.notes.take(csrf),
        None => Vec::new(),
    };
    let html = night_page(&night, viewer, (csrf, done, notes), typed, &refused).render()?;
    Ok((status, Html(html)).into_response())
}

/// Runs `act` on the night as the session's actor, when it is theirs (a captain's team plays
/// in it); notes the link's use when it is done.
pub async fn act(
    shared: &Arc<Shared>,
    signed: &Signed,
    id: i64,
    act: impl FnOnce(&mut App, &NightOf, Viewer) -> Outcome + Send + 'static,
) -> Result<Outcome, WebError> {
    let session = signed.session.clone();
    let league = shared.league.name.clone();
    let done = |o: &Outcome| matches!(o, Outcome::Done(_));
    shared
        .write_as(&signed.session, done, move |app| {
            let night = app.night_by_number(Some(&league), id)?;
            let viewer = viewer(&session, &night.fixture);
            if viewer == Viewer::Outsider {
                return Ok(Outcome::NotYours);
            }
            Ok(act(app, &night, viewer))
        })
        .await
}

/// What an outcome answers: a 303 to the night's page saying `done`, or the page as typed.
async fn answer(
    shared: &Arc<Shared>,
    signed: &Signed,
    id: i64,
    (outcome, done): (Outcome, &str),
    typed: &Typed,
) -> Result<Response, WebError> {
    match outcome {
        Outcome::Done(notes) => {
            shared.notes.keep(&signed.session.csrf, notes);
            Ok(see_other(&format!("/my/night/{id}?done={done}")))
        }
        Outcome::NotYours => page(shared, signed, id, None, &Typed::new(), None).await,
        Outcome::Refused(r) => page(shared, signed, id, None, typed, Some(r)).await,
    }
}

/// The team a night is entered for: a captain's own; the secretary's choice (`for`), else the
/// home team.
fn entered_for(night: &NightOf, viewer: Viewer, typed: &Typed) -> Result<Option<String>, Refused> {
    let side = match viewer {
        Viewer::Captain(side) => side,
        _ => match value(typed, "for") {
            "" => return Ok(None),
            s => s.parse::<HomeAway>().map_err(|e| {
                Refused::field(
                    crate::web::error::status_of(crate::app::ErrorKind::Invalid),
                    "for",
                    e,
                )
            })?,
        },
    };
    Ok(Some(night.team(side).to_string()))
}

pub async fn enter(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(Posted {
        signed,
        form: typed,
    }): League<Posted>,
) -> Result<Response, WebError> {
    let form = typed.clone();
    let outcome = act(&shared, &signed, id, move |app, night, viewer| {
        let how = match read(&night.season.config, &form) {
            Ok(how) => how,
            Err(r) => return Outcome::Refused(r),
        };
        let for_team = match entered_for(night, viewer, &form) {
            Ok(t) => t,
            Err(r) => return Outcome::Refused(r),
        };
        let new = new_players(&form);
        let entry = NightEntry {
            night: night.night_ref(),
            moved: Some(false),
            entered_for: for_team.as_deref(),
            new_players: &new,
        };
        match app.night_enter(entry, how.given()) {
            Ok(NightEntered::Kept { notes, .. }) => Outcome::Done(notes),
            // The page asks nothing: a name close to a known player's is refused beside it
            // (the form's "New players" answers it).
            Ok(NightEntered::Asked(asked)) => {
                let refused = asked.question.refused().into();
                Outcome::Refused(of_entry(&refused, &how, &form))
            }
            Ok(_) => Outcome::Done(Vec::new()),
            Err(e) => Outcome::Refused(of_entry(&e, &how, &form)),
        }
    })
    .await?;
    answer(&shared, &signed, id, (outcome, "entered"), &typed).await
}

/// The team named by `by` (home or away), if the form names one.
fn by_team(night: &NightOf, typed: &Typed) -> Option<String> {
    value(typed, "by")
        .parse::<HomeAway>()
        .ok()
        .map(|side| night.team(side).to_string())
}

pub async fn confirm(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(Posted {
        signed,
        form: typed,
    }): League<Posted>,
) -> Result<Response, WebError> {
    settle(&shared, id, &signed, typed, Settle::Confirm).await
}

pub async fn dispute(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(Posted {
        signed,
        form: typed,
    }): League<Posted>,
) -> Result<Response, WebError> {
    settle(&shared, id, &signed, typed, Settle::Dispute).await
}

/// Whether a night is confirmed or disputed (with the form's `reason`).
#[derive(Clone, Copy)]
enum Settle {
    Confirm,
    Dispute,
}

/// A night confirmed or disputed, for the team the form names (`by`, the secretary's) or the
/// asker's own.
async fn settle(
    shared: &Arc<Shared>,
    id: i64,
    signed: &Signed,
    typed: Typed,
    how: Settle,
) -> Result<Response, WebError> {
    let form = typed.clone();
    let outcome = act(shared, signed, id, move |app, night, _| {
        let by = by_team(night, &form);
        let settled = match how {
            Settle::Confirm => app.night_confirm(night.night_ref(), by.as_deref()),
            Settle::Dispute => {
                app.night_dispute(night.night_ref(), by.as_deref(), value(&form, "reason"))
            }
        };
        match settled {
            Ok(settlement) => Outcome::Done(settlement.notes),
            Err(e) => Outcome::Refused(of_settle(&e)),
        }
    })
    .await?;
    let done = match how {
        Settle::Confirm => "confirmed",
        Settle::Dispute => "disputed",
    };
    answer(shared, signed, id, (outcome, done), &typed).await
}
