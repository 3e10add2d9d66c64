//! The secretary's posts: deduct or award points, withdraw a team, move a fixture (the app's
//! `adjust`, `withdraw`, `fixture_move`, as the secretary's actor). A captain posting them is
//! refused (403) and nothing is changed.

use std::sync::Arc;

use axum::extract::State;
use axum::response::Response;
use chrono::NaiveDate;

use super::form::{value, FormFields, FormRefusal};
use super::night::act;
use super::page::see_other;
use super::refusal::of_secretary;
use crate::app::league::which::Choice;
use crate::app::night::WhichSeason;
use crate::app::App;
use crate::web::error::{status_of, words, Numbered, WebError};
use crate::web::session::{League, Posted};
use crate::web::state::Shared;

/// A date typed in `name` (`2025-09-04`).
fn date(typed: &FormFields, name: &str) -> Result<NaiveDate, FormRefusal> {
    NaiveDate::parse_from_str(value(typed, name).trim(), "%Y-%m-%d")
        .map_err(|_| FormRefusal::invalid(name, "give a date, as 2025-09-04"))
}

/// A secretary's form of the home page (`posted`): refused to a captain (403), then `change`
/// made as the secretary's actor; then a 303 to the home page saying `done`, or the home page
/// with the form given back as typed and refused.
async fn secretary_form(
    shared: &Arc<Shared>,
    Posted { signed, form }: Posted,
    (posted, done): (&str, &str),
    change: impl FnOnce(&mut App, &FormFields, WhichSeason<'_>) -> Result<(), FormRefusal>
        + Send
        + 'static,
) -> Result<Response, WebError> {
    if !signed.session.is_secretary() {
        return Err(WebError::OnlySecretary);
    }
    let sent = form.clone();
    let league = shared.league.name.clone();
    let changed = shared
        .write_as(&signed.session, Result::is_ok, move |app| {
            let which = WhichSeason {
                league: Some(&league),
                season: None,
            };
            Ok(change(app, &sent, which))
        })
        .await?;
    match changed {
        Ok(()) => Ok(see_other(&format!("/my/?done={done}"))),
        Err(r) => super::home::page(shared, &signed, None, (posted, &form, &r)).await,
    }
}

pub async fn adjust(
    State(shared): State<Arc<Shared>>,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    secretary_form(
        &shared,
        posted,
        ("adjust", "adjusted"),
        |app, form, which| {
            let sign = match value(form, "what") {
                "deduct" => -1,
                "award" => 1,
                _ => {
                    return Err(FormRefusal::invalid(
                        "what",
                        "say whether to deduct or award",
                    ))
                }
            };
            let points = value(form, "points")
                .trim()
                .parse::<u32>()
                .map_err(|_| FormRefusal::invalid("points", "give the points, as 2"))?;
            let day = date(form, "date")?;
            let (team, reason) = (value(form, "team"), value(form, "reason"));
            app.adjust(which, team, (points, sign), reason, day)
                .map(|_| ())
                .map_err(|e| of_secretary(&e))
        },
    )
    .await
}

pub async fn withdraw(
    State(shared): State<Arc<Shared>>,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    secretary_form(
        &shared,
        posted,
        ("withdraw", "withdrawn"),
        |app, form, which| {
            let day = date(form, "date")?;
            app.withdraw(which, value(form, "team"), day)
                .map(|_| ())
                .map_err(|e| of_secretary(&e))
        },
    )
    .await
}

pub async fn move_fixture(
    State(shared): State<Arc<Shared>>,
    Numbered(id): Numbered,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    if !posted.signed.session.is_secretary() {
        return Err(WebError::OnlySecretary);
    }
    let league = shared.league.name.clone();
    act(&shared, posted, id, "moved", move |app, _, _, form| {
        let to = date(form, "date")?;
        let choice = Choice {
            league: Some(league),
            season: None,
        };
        match app.fixture_move(&choice, id, to) {
            Ok(_) => Ok(Vec::new()),
            Err(e) => Err(FormRefusal::field(status_of(e.kind()), "date", words(&e))),
        }
    })
    .await
}
