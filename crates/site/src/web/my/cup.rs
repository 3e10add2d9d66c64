//! `/my/cup/{cup}/{round}/{tie}`: a cup tie's page for a captain whose team plays in it, or the
//! secretary, and its forms posted: enter the result (matches won, or a walkover, with the
//! winner of a deciding leg when it was level), confirm it for the other team, dispute it. Each
//! change is the app's (`cup_result`, `cup_settle`), made as the session's actor, as `don cup`
//! makes it; anyone else is refused (403), nothing changed.

use std::sync::Arc;

use askama::Template;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use super::entry::{new_players, read, rows};
use super::form::{value, Choose, FormFields, FormRefusal, Input};
use super::night::Done;
use super::page::see_other;
use super::refusal::of_entry;
use super::view::{row_forms, RowForm};
use crate::app::cup::{CupError, TieEntry, TieGiven};
use crate::app::league::which::Choice;
use crate::app::night::enter::Given;
use crate::app::view::cup::{CupView, TieView};
use crate::app::{App, AppError};
use crate::league::confirm::Contest;
use crate::league::cup::{CupKind, RoundName, TieFault};
use crate::league::{Confirmation, HomeAway, Pair, TeamId};
use crate::publish::view::Layout;
use crate::web::error::{status_of, words, Lenient, WebError};
use crate::web::session::{League, Posted, Signed};
use crate::web::state::Shared;

/// A tie's place in a page's path: its cup, round and tie numbers (anything else: no page).
pub struct TieKey {
    pub cup: i64,
    pub round: u32,
    pub tie: u32,
}

impl<S: Send + Sync> FromRequestParts<S> for TieKey {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path((cup, round, tie)) =
            Path::<(String, String, String)>::from_request_parts(parts, state)
                .await
                .map_err(|_| WebError::NoPage)?;
        match (cup.parse(), round.parse(), tie.parse()) {
            (Ok(cup), Ok(round), Ok(tie)) => Ok(TieKey { cup, round, tie }),
            _ => Err(WebError::NoPage),
        }
    }
}

impl TieKey {
    fn path(&self) -> String {
        format!("/my/cup/{}/{}/{}", self.cup, self.round, self.tie)
    }
}

/// Who asks on a tie's page: the secretary, a captain of one of its teams, or anyone else.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asker {
    Secretary,
    Captain(HomeAway),
    Outsider,
}

fn asker(team: Option<TeamId>, teams: &Pair<Option<TeamId>>) -> Asker {
    match team {
        None => Asker::Secretary,
        Some(t) if teams.home == Some(t) => Asker::Captain(HomeAway::Home),
        Some(t) if teams.away == Some(t) => Asker::Captain(HomeAway::Away),
        Some(_) => Asker::Outsider,
    }
}

/// The tie of the cup at `key`, with its round's name: one whose entries are both known.
fn tie_of(view: &CupView, key: &TieKey) -> Option<(RoundName, TieView)> {
    let round = view.rounds.get(key.round.checked_sub(1)? as usize)?;
    let tie = round.ties.get(key.tie.checked_sub(1)? as usize)?;
    (!tie.bye && tie.home.is_some() && tie.away.is_some()).then(|| (round.name, tie.clone()))
}

/// A team tie entered match by match, as a night's form has it: its rows (the night's
/// matches), the names new to a roster, and the winner of a deciding leg when it was level.
pub struct MatchesForm {
    pub rows: Vec<RowForm>,
    pub new_players: Input,
    pub decider: Choose,
}

pub struct EnterForm {
    /// A team cup's: the tie match by match.
    pub matches: Option<MatchesForm>,
    pub help: String,
    pub home_points: Input,
    pub away_points: Input,
    pub decider: Choose,
    pub walkover: Choose,
}

pub struct SettleForm {
    pub settling: bool,
    pub reason: Input,
}

#[derive(Template)]
#[template(path = "my/cup.html")]
pub struct CupTiePage {
    pub layout: Layout,
    pub csrf: String,
    pub done: Option<String>,
    pub notes: Vec<String>,
    pub form_error: Option<String>,
    pub action: String,
    pub home: String,
    pub away: String,
    pub round: String,
    pub season: String,
    pub result: String,
    pub enter: Option<EnterForm>,
    pub settle: Option<SettleForm>,
}

/// A tie's result in words, with how it stands.
pub fn result_words(t: &TieView) -> String {
    let (Some(p), Some(mut s)) = (&t.played, t.result_words()) else {
        return "To be played.".into();
    };
    let (home, away) = t.names();
    let names = Pair::new(home, away);
    if s.starts_with('a') {
        s.replace_range(..1, "A");
    }
    match &p.confirmation {
        Confirmation::Confirmed => s.push_str(": confirmed."),
        Confirmation::Provisional { entered_by } => s.push_str(&format!(
            ": provisional, entered for {}, waiting for {} to confirm it.",
            names[*entered_by],
            names[entered_by.other()]
        )),
        Confirmation::Disputed { by, reason, .. } => s.push_str(&format!(
            ": disputed by {} ({reason}); the secretary settles it.",
            names[*by]
        )),
    }
    s
}

fn done_words(done: &str) -> Option<String> {
    Some(
        match done {
            "entered" => "Saved: the cup tie is entered.",
            "confirmed" => "Saved: the cup tie is confirmed.",
            "disputed" => "Saved: the cup tie is disputed; the secretary will settle it.",
            _ => return None,
        }
        .to_string(),
    )
}

async fn read_tie(
    shared: &Arc<Shared>,
    key: &TieKey,
) -> Result<(CupView, RoundName, TieView), WebError> {
    let (league, cup) = (shared.league.name.clone(), key.cup);
    let view = shared
        .read(move |app| {
            app.cup_by_id(
                &Choice {
                    league: Some(league),
                    season: None,
                },
                cup,
            )
        })
        .await
        .map_err(|e| match e {
            WebError::App(AppError::Cup(c)) if matches!(*c, CupError::NoCup { .. }) => {
                WebError::NoPage
            }
            e => e,
        })?;
    let (round, tie) = tie_of(&view, key).ok_or(WebError::NoPage)?;
    Ok((view, round, tie))
}

fn not_yours(view: &CupView, tie: &TieView) -> WebError {
    WebError::NotYours {
        night: {
            let (home, away) = tie.names();
            format!("{}: {home} v {away}", view.name)
        },
        contest: Contest::Tie,
    }
}

pub async fn show(
    State(shared): State<Arc<Shared>>,
    key: TieKey,
    Lenient(done): Lenient<Done>,
    League(signed): League<Signed>,
) -> Result<Response, WebError> {
    let nothing = FormFields::new();
    page(
        &shared,
        &signed,
        &key,
        done.done.as_deref(),
        &nothing,
        FormRefusal::default(),
    )
    .await
}

/// The tie's page, as typed and refused; a 403 page for anyone but its captains and the
/// secretary.
async fn page(
    shared: &Arc<Shared>,
    signed: &Signed,
    key: &TieKey,
    done: Option<&str>,
    typed: &FormFields,
    refused: FormRefusal,
) -> Result<Response, WebError> {
    let (view, round, tie) = read_tie(shared, key).await?;
    let who = asker(signed.session.team(), &tie.teams);
    if who == Asker::Outsider {
        return Err(not_yours(&view, &tie));
    }
    let (home, away) = tie.names();
    let sides = vec![
        (String::new(), "Nobody".to_string()),
        ("home".to_string(), home.clone()),
        ("away".to_string(), away.clone()),
    ];
    let team_cup = view.kind == CupKind::Team;
    // Captains enter their team cup's ties; the secretary any tie.
    let enter = (tie.played.is_none() && (team_cup || who == Asker::Secretary)).then(|| {
        let what = if team_cup { "Matches won" } else { "Legs won" };
        let matches = team_cup.then(|| MatchesForm {
            rows: row_forms(
                &rows(&view.tie_config),
                &Pair::new(home.clone(), away.clone()),
                typed,
                &refused,
            ),
            new_players: Input::text(
                "new_players",
                "New players (names new to a roster, separated by commas)",
                typed,
                &refused,
            ),
            decider: Choose::new(
                MATCH_DECIDER,
                "Level on matches and legs: the deciding leg won by",
                sides.clone(),
                typed,
                &refused,
            ),
        });
        EnterForm {
            matches,
            help: if team_cup {
                "The matches each team won; a tie level on matches and legs needs the winner of a deciding leg of the night's first kind.".into()
            } else {
                format!("The legs each side won, the best of {}.", view.best_of)
            },
            home_points: Input::numeric("home_points", &format!("{what} by {home}"), typed, &refused),
            away_points: Input::numeric("away_points", &format!("{what} by {away}"), typed, &refused),
            decider: Choose::new("decider", "The deciding leg, if it was level, won by", sides.clone(), typed, &refused),
            walkover: Choose::new("walkover", "A walkover to", sides.clone(), typed, &refused),
        }
    });
    let settle = tie.played.as_ref().and_then(|p| {
        let waits = match (&p.confirmation, who) {
            (Confirmation::Provisional { entered_by }, Asker::Captain(side)) => side != *entered_by,
            (Confirmation::Provisional { .. }, Asker::Secretary) => true,
            (Confirmation::Disputed { .. }, Asker::Secretary) => true,
            _ => false,
        };
        waits.then(|| SettleForm {
            settling: matches!(p.confirmation, Confirmation::Disputed { .. }),
            reason: Input::text("reason", "Why it is disputed", typed, &refused),
        })
    });
    let status = refused.status.unwrap_or(StatusCode::OK);
    let html = CupTiePage {
        layout: super::page::layout(&format!("{}, {round}", view.name), &shared.league.name),
        csrf: signed.session.csrf.clone(),
        done: done.and_then(done_words),
        notes: Vec::new(),
        form_error: refused.form.clone(),
        action: key.path(),
        result: result_words(&tie),
        home,
        away,
        round: round.to_string(),
        season: view.season.clone(),
        enter,
        settle,
    }
    .render()?;
    Ok((status, Html(html)).into_response())
}

/// What a post on a tie came to.
enum Outcome {
    Done,
    Refused(FormRefusal),
    NotYours(String),
}

/// A refusal of the app, beside the input it is about where there is one.
fn refusal(e: &AppError) -> FormRefusal {
    let status = status_of(e.kind());
    let field = match e {
        AppError::Cup(c) => match &**c {
            CupError::Tie(TieFault::NeedsDecider { .. } | TieFault::NoDecider { .. }) => {
                Some("decider")
            }
            CupError::Tie(TieFault::Totals { .. } | TieFault::Legs(_)) => Some("home_points"),
            _ => None,
        },
        _ => None,
    };
    match field {
        Some(f) => FormRefusal::field(status, f, words(e)),
        None => FormRefusal::form(status, words(e)),
    }
}

/// Runs `change` on the tie as the session's actor, when it is theirs; then a 303 to the tie's
/// page saying `done`, or the page again as typed and refused.
async fn act(
    shared: &Arc<Shared>,
    Posted { signed, form }: Posted,
    key: TieKey,
    done: &str,
    change: impl FnOnce(
            &mut App,
            &Choice,
            (&CupView, &TieView),
            Asker,
            &FormFields,
        ) -> Result<(), FormRefusal>
        + Send
        + 'static,
) -> Result<Response, WebError> {
    let team = signed.session.team();
    let league = shared.league.name.clone();
    let sent = form.clone();
    let (cup, round, tie) = (key.cup, key.round, key.tie);
    let outcome = shared
        .write_as(
            &signed.session,
            |o| matches!(o, Outcome::Done),
            move |app| {
                let choice = Choice {
                    league: Some(league),
                    season: None,
                };
                let view = app.cup_by_id(&choice, cup)?;
                let key = TieKey { cup, round, tie };
                let Some((_, t)) = tie_of(&view, &key) else {
                    return Ok(Outcome::Refused(FormRefusal::form(
                        StatusCode::NOT_FOUND,
                        "There is no such tie.",
                    )));
                };
                let who = asker(team, &t.teams);
                if who == Asker::Outsider {
                    let (home, away) = t.names();
                    return Ok(Outcome::NotYours(format!("{}: {home} v {away}", view.name)));
                }
                let choice = Choice {
                    season: Some(view.season.clone()),
                    ..choice
                };
                Ok(match change(app, &choice, (&view, &t), who, &sent) {
                    Ok(()) => Outcome::Done,
                    Err(r) => Outcome::Refused(r),
                })
            },
        )
        .await?;
    match outcome {
        Outcome::Done => Ok(see_other(&format!("{}?done={done}", key.path()))),
        Outcome::NotYours(night) => Err(WebError::NotYours {
            night,
            contest: Contest::Tie,
        }),
        Outcome::Refused(r) => page(shared, &signed, &key, None, &form, r).await,
    }
}

/// A number of matches (or legs) as typed.
fn points(form: &FormFields, name: &str) -> Result<u32, FormRefusal> {
    let typed = value(form, name).trim();
    typed
        .parse::<u32>()
        .ok()
        .filter(|n| *n <= 99)
        .ok_or_else(|| FormRefusal::invalid(name, "Give a number, 0 or more."))
}

/// The deciding leg's winner, in the form of the tie's matches.
const MATCH_DECIDER: &str = "match_decider";

/// A side chosen (`home` or `away`), or none.
fn side(form: &FormFields, name: &str) -> Option<&'static str> {
    match value(form, name) {
        "home" => Some("home"),
        "away" => Some("away"),
        _ => None,
    }
}

pub async fn enter(
    State(shared): State<Arc<Shared>>,
    key: TieKey,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    act(
        &shared,
        posted,
        key,
        "entered",
        |app, choice, (view, tie), _, form| {
            let (home, away) = tie.names();
            // A team tie match by match: read and refused as a night's form is, each fault
            // beside its input.
            if view.kind == CupKind::Team && value(form, "how") == "matches" {
                let (given, rows) = read(&view.tie_config, form)?;
                let Given::Matches(ms) = &given else {
                    return Err(FormRefusal::default());
                };
                let new = new_players(form);
                let entry = TieEntry {
                    cup: &view.name,
                    home: &home,
                    away: &away,
                    decider: side(form, MATCH_DECIDER),
                    new_players: &new,
                    ..TieEntry::default()
                };
                return app
                    .cup_result(choice, entry, TieGiven::Matches(ms.clone()))
                    .map(|_| ())
                    .map_err(|e| match &e {
                        AppError::Night(_) => of_entry(&e, (&given, &rows), form),
                        AppError::Cup(c)
                            if matches!(
                                **c,
                                CupError::Tie(
                                    TieFault::NeedsDecider { .. } | TieFault::NoDecider { .. }
                                )
                            ) =>
                        {
                            FormRefusal::field(status_of(e.kind()), MATCH_DECIDER, words(&e))
                        }
                        _ => refusal(&e),
                    });
            }
            let given = match side(form, "walkover") {
                Some(s) => TieGiven::Walkover(s.to_string()),
                None => {
                    let h = points(form, "home_points");
                    let a = points(form, "away_points");
                    let p = match (h, a) {
                        (Ok(h), Ok(a)) => Pair::new(h, a),
                        (Err(mut e), Err(other)) => {
                            e.merge(other);
                            return Err(e);
                        }
                        (Err(e), _) | (_, Err(e)) => return Err(e),
                    };
                    match view.kind {
                        CupKind::Team => TieGiven::Totals(p),
                        CupKind::Individual(_) => TieGiven::Legs(p),
                    }
                }
            };
            let entry = TieEntry {
                cup: &view.name,
                home: &home,
                away: &away,
                decider: side(form, "decider"),
                ..TieEntry::default()
            };
            app.cup_result(choice, entry, given)
                .map(|_| ())
                .map_err(|e| refusal(&e))
        },
    )
    .await
}

pub async fn confirm(
    State(shared): State<Arc<Shared>>,
    key: TieKey,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    act(
        &shared,
        posted,
        key,
        "confirmed",
        |app, choice, (view, tie), _, _| {
            let (home, away) = tie.names();
            app.cup_settle(choice, (&view.name, &home, &away), None, None)
                .map(|_| ())
                .map_err(|e| refusal(&e))
        },
    )
    .await
}

pub async fn dispute(
    State(shared): State<Arc<Shared>>,
    key: TieKey,
    League(posted): League<Posted>,
) -> Result<Response, WebError> {
    act(
        &shared,
        posted,
        key,
        "disputed",
        |app, choice, (view, tie), _, form| {
            let (home, away) = tie.names();
            let reason = value(form, "reason").to_string();
            app.cup_settle(choice, (&view.name, &home, &away), None, Some(reason))
                .map(|_| ())
                .map_err(|e| match &e {
                    AppError::Cup(c) if matches!(**c, CupError::Settle { .. }) => {
                        FormRefusal::field(status_of(e.kind()), "reason", words(&e))
                    }
                    _ => refusal(&e),
                })
        },
    )
    .await
}
