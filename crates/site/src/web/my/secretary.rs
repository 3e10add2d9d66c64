//! The secretary's posts: deduct or award points, withdraw a team, move a fixture (the app's
//! `adjust`, `withdraw`, `fixture_move`, as the secretary's actor). A captain posting them is
//! refused (403) and nothing is changed.

use std::sync::Arc;

use axum::extract::State;
use axum::response::Response;
use chrono::NaiveDate;

use super::answer::{only_the_secretary, see_other};
use super::form::{value, Refused, Typed};
use super::night::{act, page as night_page, Outcome};
use super::refusal::of_secretary;
use crate::app::league::which::Choice;
use crate::app::night::WhichSeason;
use crate::app::{App, AppError, ErrorKind};
use crate::web::error::{status_of, words, Numbered, WebError};
use crate::web::session::{League, Posted, Signed};
use crate::web::state::Shared;

fn invalid(name: &str, message: &str) -> Refused {
    Refused::field(status_of(ErrorKind::Invalid), name, message)
}

/// A date typed in `name` (`2025-09-04`).
fn date(typed: &Typed, name: &str) -> Result<NaiveDate, Refused> {
    NaiveDate::parse_from_str(value(typed, name).trim(), "%Y-%m-%d")
        .map_err(|_| invalid(name, "give a date, as 2025-09-04"))
}

/// The home page again: 303 saying `done`, or the form `posted` as typed and refused.
async fn answer(
    shared: &Arc<Shared>,
    signed: &Signed,
    (done, posted): (Result<(), Refused>, &str),
    (typed, words): (&Typed, &str),
) -> Result<Response, WebError> {
    match done {
        Ok(()) => Ok(see_other(&format!("/my/?done={words}"))),
        Err(r) => super::home::page(shared, signed, None, (posted, typed, &r)).await,
    }
}

/// A secretary's form of the home page: its CSRF token checked, refused to a captain (403),
/// then `change` made as the secretary's actor; the home page again, saying `words` or giving
/// the form (`posted`) back as typed and refused.
async fn secretary_form(
    shared: &Arc<Shared>,
    signed: &Signed,
    typed: Typed,
    (posted, words): (&str, &str),
    change_with: impl FnOnce(&mut App, &Typed, WhichSeason<'_>) -> Result<Result<(), Refused>, AppError>
        + Send
        + 'static,
) -> Result<Response, WebError> {
    if !signed.session.is_secretary() {
        return Ok(only_the_secretary());
    }
    let form = typed.clone();
    let league = shared.league.name.clone();
    let done = shared
        .write_as(&signed.session, Result::is_ok, move |app| {
            let which = WhichSeason {
                league: Some(&league),
                season: None,
            };
            change_with(app, &form, which)
        })
        .await?;
    answer(shared, signed, (done, posted), (&typed, words)).await
}

pub async fn adjust(
    State(shared): State<Arc<Shared>>,
    League(Posted {
        signed,
        form: typed,
    }): League<Posted>,
) -> Result<Response, WebError> {
    secretary_form(
        &shared,
        &signed,
        typed,
        ("adjust", "adjusted"),
        |app, form, which| {
            let sign = match value(form, "what") {
                "deduct" => -1,
                "award" => 1,
                _ => return Ok(Err(invalid("what", "say whether to deduct or award"))),
            };
            let points = match value(form, "points").trim().parse::<u32>() {
                Ok(p) => p,
                Err(_) => return Ok(Err(invalid("points", "give the points, as 2"))),
            };
            let day = match date(form, "date") {
                Ok(d) => d,
                Err(r) => return Ok(Err(r)),
            };
            let (team, reason) = (value(form, "team"), value(form, "reason"));
            Ok(app
                .adjust(which, team, (points, sign), reason, day)
                .map(|_| ())
                .map_err(|e| of_secretary(&e)))
        },
    )
    .await
}

pub async fn withdraw(
    State(shared): State<Arc<Shared>>,
    League(Posted {
        signed,
        form: typed,
    }): League<Posted>,
) -> Result<Response, WebError> {
    secretary_form(
        &shared,
        &signed,
        typed,
        ("withdraw", "withdrawn"),
        |app, form, which| {
            let day = match date(form, "date") {
                Ok(d) => d,
                Err(r) => return Ok(Err(r)),
            };
            Ok(app
                .withdraw(which, value(form, "team"), day)
                .map(|_| ())
                .map_err(|e| of_secretary(&e)))
        },
    )
    .await
}

pub async fn move_fixture(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(Posted {
        signed,
        form: typed,
    }): League<Posted>,
) -> Result<Response, WebError> {
    if !signed.session.is_secretary() {
        return Ok(only_the_secretary());
    }
    let form = typed.clone();
    let league = shared.league.name.clone();
    let outcome = act(&shared, &signed, id, move |app, _, _| {
        let to = match date(&form, "date") {
            Ok(d) => d,
            Err(r) => return Outcome::Refused(r),
        };
        let choice = Choice {
            league: Some(league),
            season: None,
        };
        match app.fixture_move(&choice, id, to) {
            Ok(_) => Outcome::Done(Vec::new()),
            Err(e) => Outcome::Refused(Refused::field(status_of(e.kind()), "date", words(&e))),
        }
    })
    .await?;
    match outcome {
        Outcome::Done(_) => Ok(see_other(&format!("/my/night/{id}?done=moved"))),
        Outcome::NotYours => night_page(&shared, &signed, id, None, &Typed::new(), None).await,
        Outcome::Refused(r) => night_page(&shared, &signed, id, None, &typed, Some(r)).await,
    }
}
