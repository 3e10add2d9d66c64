//! `/my/night/{id}`: a night's page, and its forms posted: enter, confirm, dispute, and the
//! secretary's correction. Each change is the app's (`night_enter`, `night_confirm`,
//! `night_dispute`, `night_correct`), made as the session's actor;
//! a refusal gives the page back as typed, the refusal beside its input.

use std::sync::Arc;

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;

use super::entry::{changed_rows, new_players, read, readable};
use super::form::{value, FormFields, FormRefusal};
use super::page::see_other;
use super::refusal::{of_entry, of_settle};
use super::view::{night_page, note_words, viewer};
use crate::app::night::correct::{Corrected, Correction};
use crate::app::night::enter::{Given, NightEntered, NightEntry};
use crate::app::night::of::NightOf;
use crate::app::night::NightNote;
use crate::app::{App, AppError};
use crate::league::confirm::Viewer;
use crate::league::HomeAway;
use crate::web::error::{Lenient, Numbered, WebError};
use crate::web::session::{League, Posted, Signed};
use crate::web::state::Shared;

#[derive(Deserialize, Default)]
pub struct Done {
    pub done: Option<String>,
}

/// What a post on a night came to: done, with what the app noted on the way; or refused (an
/// input that cannot be read, or by the app), beside its input.
pub type Acted = Result<Vec<NightNote>, FormRefusal>;

/// The night's page, for the one signed in.
pub async fn show(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    Lenient(done): Lenient<Done>,
    League(signed): League<Signed>,
) -> Result<Response, WebError> {
    let nothing = FormFields::new();
    page(&shared, &signed, id, done.done.as_deref(), &nothing, None).await
}

/// The night's page as typed and refused (with the refusal's status), or a 403 page when it is
/// not the asker's.
pub async fn page(
    shared: &Arc<Shared>,
    signed: &Signed,
    id: i64,
    done: Option<&str>,
    typed: &FormFields,
    refused: Option<FormRefusal>,
) -> Result<Response, WebError> {
    let league = shared.league.name.clone();
    let night = shared
        .read(move |app| app.night_by_number(Some(&league), id))
        .await?;
    let viewer = viewer(signed.session.team(), &night.fixture);
    if viewer == Viewer::Outsider {
        return Err(WebError::not_yours(&night.fixture));
    }
    let refused = refused.unwrap_or_default();
    let status = refused.status.unwrap_or(StatusCode::OK);
    let csrf = signed.session.csrf.as_str();
    // What the change just done noted, shown once, with its message.
    let notes = match done {
        Some(_) => shared.notes.take(csrf).unwrap_or_default(),
        None => Vec::new(),
    };
    let html = night_page(&night, viewer, (csrf, done, notes), typed, &refused).render()?;
    Ok((status, Html(html)).into_response())
}

/// Runs `change` on the night as the session's actor, when it is theirs (a captain's team plays
/// in it; else [`WebError::NotYours`], nothing changed), noting the link's use when it is done;
/// then a 303 to the night's page saying `done`, or the page again as typed and refused.
pub async fn act(
    shared: &Arc<Shared>,
    Posted { signed, form }: Posted,
    id: i64,
    done: &str,
    change: impl FnOnce(&mut App, &NightOf, Viewer, &FormFields) -> Acted + Send + 'static,
) -> Result<Response, WebError> {
    let team = signed.session.team();
    let league = shared.league.name.clone();
    let sent = form.clone();
    let acted = shared
        .write_as(
            &signed.session,
            |o| matches!(o, Ok(Ok(_))),
            move |app| {
                let night = app.night_by_number(Some(&league), id)?;
                Ok(match viewer(team, &night.fixture) {
                    Viewer::Outsider => Err(night.fixture),
                    viewer => Ok(change(app, &night, viewer, &sent)),
                })
            },
        )
        .await?
        .map_err(|f| WebError::not_yours(&f))?;
    match acted {
        Ok(notes) => {
            let said = notes.iter().map(note_words).collect();
            shared.notes.keep(signed.session.csrf.clone(), said);
            Ok(see_other(&format!("/my/night/{id}?done={done}")))
        }
        Err(r) => page(shared, &signed, id, None, &form, Some(r)).await,
    }
}

/// The team a night is entered for: a captain's own; the secretary's choice (`for`), else the
/// home team.
fn entered_for(
    night: &NightOf,
    viewer: Viewer,
    typed: &FormFields,
) -> Result<Option<String>, FormRefusal> {
    let side = match viewer {
        Viewer::Captain(side) => side,
        _ => match value(typed, "for") {
            "" => return Ok(None),
            s => s
                .parse::<HomeAway>()
                .map_err(|e| FormRefusal::invalid("for", e))?,
        },
    };
    Ok(Some(night.team(side).to_string()))
}

pub async fn enter(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    act(
        &shared,
        posted,
        id,
        "entered",
        |app, night, viewer, form| {
            let for_team = entered_for(night, viewer, form)?;
            let new = new_players(form);
            let entry = NightEntry {
                night: night.night_ref(),
                moved: Some(false),
                entered_for: for_team.as_deref(),
                new_players: &new,
            };
            let (given, rows) = match read(&night.season.config, form) {
                Ok(read) => read,
                // Some inputs could not be read: the rest checked too, every fault said at once.
                Err(mut refused) => {
                    if let Some((given, rows)) = readable(&night.season.config, form) {
                        let checked = match app.night_check(entry, given.clone()) {
                            Ok(None) => None,
                            Ok(Some(q)) => Some(q.question.refused().into()),
                            Err(e) => Some(e),
                        };
                        if let Some(e) = checked {
                            refused.merge(of_entry(&e, (&given, &rows), form));
                        }
                    }
                    return Err(refused);
                }
            };
            match app.night_enter(entry, given.clone()) {
                Ok(NightEntered::Kept { notes, .. }) => Ok(notes),
                // The page asks nothing: a name close to a known player's is refused beside it
                // (the form's "New players" answers it).
                Ok(NightEntered::Asked(q)) => Err(of_entry(
                    &q.question.refused().into(),
                    (&given, &rows),
                    form,
                )),
                Ok(_) => Ok(Vec::new()),
                Err(e) => Err(of_entry(&e, (&given, &rows), form)),
            }
        },
    )
    .await
}

/// The team named by `by` (home or away), if the form names one: the secretary's, confirming
/// or disputing for a team; a captain's own otherwise.
fn by_team(night: &NightOf, typed: &FormFields) -> Option<String> {
    value(typed, "by")
        .parse::<HomeAway>()
        .ok()
        .map(|side| night.team(side).to_string())
}

pub async fn confirm(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    act(&shared, posted, id, "confirmed", |app, night, _, form| {
        let by = by_team(night, form);
        app.night_confirm(night.night_ref(), by.as_deref())
            .map(|settled| settled.notes)
            .map_err(|e| of_settle(&e))
    })
    .await
}

/// A night disputed, with the form's `reason`.
pub async fn dispute(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    act(&shared, posted, id, "disputed", |app, night, _, form| {
        let by = by_team(night, form);
        app.night_dispute(night.night_ref(), by.as_deref(), value(form, "reason"))
            .map(|settled| settled.notes)
            .map_err(|e| of_settle(&e))
    })
    .await
}

/// The secretary's correction of a night with a result (`night correct`): the form's matches
/// that differ from the night's (a match as it stands is left as it is, its leg scores kept),
/// or its totals, or a walkover. A captain posting it is refused (403), nothing changed.
pub async fn correct(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    if !posted.signed.session.is_secretary() {
        return Err(WebError::OnlySecretary);
    }
    act(&shared, posted, id, "corrected", |app, night, _, form| {
        let (given, rows) = read(&night.season.config, form)?;
        let given = match given {
            Given::Matches(ms) => {
                let (ms, kept) = changed_rows(night, ms, &rows);
                (Given::Matches(ms), kept)
            }
            other => (other, rows),
        };
        let (given, rows) = (&given.0, &given.1[..]);
        let refused = |e: &AppError| of_entry(e, (given, rows), form);
        let new = new_players(form);
        let mut c = app
            .night_to_correct(night.night_ref(), &new)
            .map_err(|e| refused(&e))?;
        let correction = match given {
            Given::Totals(t) => c.totals(*t).map_err(AppError::from),
            Given::Walkover(side) => Ok(c.walkover(*side)),
            Given::Matches(ms) if ms.is_empty() => Ok(Correction::Matches(Vec::new())),
            Given::Matches(ms) => app.night_correction(&c, ms.clone()),
            Given::AtPrompt => Ok(Correction::Matches(Vec::new())),
        }
        .map_err(|e| refused(&e))?;
        if matches!(&correction, Correction::Matches(ms) if ms.is_empty()) {
            return Err(unchanged());
        }
        match app.night_correct(&mut c, correction) {
            Ok(Corrected::Done { notes, .. }) => Ok(notes),
            Ok(Corrected::Already { .. }) => Err(unchanged()),
            Err(e) => Err(refused(&e)),
        }
    })
    .await
}

/// A correction that changes nothing: said, and nothing saved.
fn unchanged() -> FormRefusal {
    FormRefusal::form(
        StatusCode::OK,
        "Nothing to correct: the night stands so already, and nothing is changed.",
    )
}
