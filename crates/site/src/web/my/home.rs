//! `/my/`: who is signed in; a captain's fixtures (the nights waiting on them first); the
//! secretary's nights provisional, disputed or to enter, and the secretary's forms; the way to
//! score a game (`/my/games`). A game's scorer is sent on to their game.

use std::sync::Arc;

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use super::form::{Choose, FormFields, FormRefusal, Input};
use super::night::Done;
use super::page::see_other;
use super::view::{day, done_words, state, viewer};
use crate::app::league::which::Choice;
use crate::app::night::of::night_move;
use crate::app::{App, AppError};
use crate::league::confirm::Viewer;
use crate::league::{HomeAway, TeamId};
use crate::publish::view::Layout;
use crate::web::error::{Lenient, WebError};
use crate::web::session::Signed;
use crate::web::state::Shared;

/// A fixture as a line of the home page.
pub struct HomeFixture {
    pub id: i64,
    pub date: String,
    /// "v Red Lion (home)", or, for the secretary, "Royal Oak v Red Lion".
    pub what: String,
    pub state: String,
}

/// A cup tie as a line of the home page: one to play, or one not yet confirmed.
pub struct HomeCupTie {
    pub href: String,
    pub what: String,
    pub state: String,
}

pub struct AdjustForm {
    pub team: Choose,
    pub what: Choose,
    pub points: Input,
    pub reason: Input,
    pub date: Input,
}

pub struct WithdrawForm {
    pub team: Choose,
    pub date: Input,
}

#[derive(Template)]
#[template(path = "my/home.html")]
pub struct HomePage {
    pub layout: Layout,
    pub who: String,
    pub csrf: String,
    pub done: Option<String>,
    /// What the app noted on the way (none on the home page).
    pub notes: Vec<String>,
    pub form_error: Option<String>,
    pub season: String,
    /// Nights past with no result (not cancelled): first of all.
    pub overdue: Vec<HomeFixture>,
    pub pending: Vec<HomeFixture>,
    /// Nights to come (today and after) with no result.
    pub next: Vec<HomeFixture>,
    pub others: Vec<HomeFixture>,
    /// The cup ties to play or to confirm, of the team's (the secretary: every one).
    pub cup_ties: Vec<HomeCupTie>,
    pub adjust: Option<AdjustForm>,
    pub withdraw: Option<WithdrawForm>,
}

/// The season's nights for the one signed in: those past with no result, those waiting on
/// them, those to come, and the rest of theirs.
struct Nights {
    season: String,
    teams: Vec<String>,
    overdue: Vec<HomeFixture>,
    pending: Vec<HomeFixture>,
    next: Vec<HomeFixture>,
    others: Vec<HomeFixture>,
    cup_ties: Vec<HomeCupTie>,
}

/// The season's cup ties to play or not yet confirmed, of `team`'s (none: every one).
fn cup_ties(app: &App, choice: &Choice, team: Option<TeamId>) -> Result<Vec<HomeCupTie>, AppError> {
    let (_, cups) = app.cups(choice)?;
    let mut out = Vec::new();
    for cup in &cups {
        for round in &cup.rounds {
            for t in &round.ties {
                let (Some(home), Some(away)) = (&t.home, &t.away) else {
                    continue;
                };
                let mine = match team {
                    None => true,
                    Some(own) => t.teams.home == Some(own) || t.teams.away == Some(own),
                };
                let state = match t.played.as_ref().map(|p| &p.confirmation) {
                    _ if t.bye || !mine => continue,
                    None => "to play".to_string(),
                    Some(crate::league::Confirmation::Confirmed) => continue,
                    Some(crate::league::Confirmation::Provisional { entered_by }) => {
                        let waits = match team {
                            None => true,
                            Some(own) => t.teams[entered_by.other()] == Some(own),
                        };
                        if waits {
                            "waits for you to confirm it"
                        } else {
                            "provisional"
                        }
                        .to_string()
                    }
                    Some(crate::league::Confirmation::Disputed { .. }) => "disputed".to_string(),
                };
                out.push(HomeCupTie {
                    href: format!("/my/cup/{}/{}/{}", cup.id, round.round, t.tie),
                    what: format!("{}, {}: {home} v {away}", cup.name, round.name),
                    state,
                });
            }
        }
    }
    Ok(out)
}

fn nights(app: &App, league: &str, team: Option<TeamId>) -> Result<Nights, AppError> {
    let choice = Choice {
        league: Some(league.to_string()),
        season: None,
    };
    let (_, season) = app.choose(&choice)?;
    let (mut overdue, mut pending, mut next, mut others) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let today = app.today();
    let enterers = app.night_enterers(&season)?;
    for f in app.fixtures(&season)? {
        let viewer = viewer(team, &f);
        let what = match viewer {
            Viewer::Outsider => continue,
            Viewer::Captain(HomeAway::Home) => format!("v {} (home)", f.away.name),
            Viewer::Captain(HomeAway::Away) => format!("v {} (away)", f.home.name),
            Viewer::Secretary => format!("{} v {}", f.home.name, f.away.name),
        };
        let whose = night_move(&f, &season.config, today);
        let (words, waits) = state(&f, (whose, enterers.get(&f.id).copied()), viewer);
        let line = HomeFixture {
            id: f.id,
            date: day(f.date),
            what,
            state: words,
        };
        // The secretary is waited on by every night provisional or disputed.
        let unsettled = f.result.is_some() && !f.confirmation.is_confirmed();
        let to_play = f.result.is_none() && !f.cancelled;
        if to_play && f.date < today {
            overdue.push(line);
        } else if waits || (viewer == Viewer::Secretary && unsettled) {
            pending.push(line);
        } else if to_play {
            next.push(line);
        } else {
            others.push(line);
        }
    }
    let teams = app
        .entries(&season)?
        .into_iter()
        .map(|e| e.team.name)
        .collect();
    let cup_ties = cup_ties(app, &choice, team)?;
    Ok(Nights {
        cup_ties,
        season: season.name,
        teams,
        overdue,
        pending,
        next,
        others,
    })
}

/// The home page, with the secretary's form `posted` (`adjust` or `withdraw`) given back as
/// typed and refused.
pub async fn page(
    shared: &Arc<Shared>,
    signed: &Signed,
    done: Option<&str>,
    (posted, typed, refused): (&str, &FormFields, &FormRefusal),
) -> Result<Response, WebError> {
    let league = shared.league.name.clone();
    let team = signed.session.team();
    let n = shared.read(move |app| nights(app, &league, team)).await?;
    let none = FormRefusal::default();
    let refused_in = |form: &str| if posted == form { refused } else { &none };
    let team_choices: Vec<(String, String)> =
        n.teams.iter().map(|t| (t.clone(), t.clone())).collect();
    let secretary = signed.session.is_secretary();
    let adjust = secretary.then(|| {
        let r = refused_in("adjust");
        AdjustForm {
            team: Choose::new("team", "Team", team_choices.clone(), typed, r),
            what: Choose::new(
                "what",
                "Deduct or award",
                vec![
                    ("deduct".into(), "Deduct points".into()),
                    ("award".into(), "Award points".into()),
                ],
                typed,
                r,
            ),
            points: Input::numeric("points", "Points", typed, r),
            reason: Input::text("reason", "Why", typed, r),
            date: Input::date("date", "Dated", typed, r),
        }
    });
    let withdraw = secretary.then(|| {
        let r = refused_in("withdraw");
        WithdrawForm {
            team: Choose::new("team", "Team", team_choices.clone(), typed, r),
            date: Input::date("date", "From", typed, r),
        }
    });
    let page = HomePage {
        layout: super::page::layout("Your nights", &shared.league.name),
        who: signed.session.link.role.to_string(),
        csrf: signed.session.csrf.clone(),
        done: done.and_then(done_words),
        notes: Vec::new(),
        form_error: refused.form.clone(),
        season: n.season,
        overdue: n.overdue,
        pending: n.pending,
        next: n.next,
        others: n.others,
        cup_ties: n.cup_ties,
        adjust,
        withdraw,
    };
    let status = refused.status.unwrap_or(StatusCode::OK);
    Ok((status, Html(page.render()?)).into_response())
}

/// Who is signed in, and their nights.
pub async fn home(
    State(shared): State<Arc<Shared>>,
    Lenient(done): Lenient<Done>,
    signed: Signed,
) -> Result<Response, WebError> {
    // A game's scorer has that game only.
    if let Some(game) = signed.session.game() {
        return Ok(see_other(&format!("/my/game/{game}")));
    }
    let (nothing, none) = (FormFields::new(), FormRefusal::default());
    page(
        &shared,
        &signed,
        done.done.as_deref(),
        ("", &nothing, &none),
    )
    .await
}
