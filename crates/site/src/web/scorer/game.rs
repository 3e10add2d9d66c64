//! `/my/game/{n}`: the scoring page, and `POST /my/game/{n}/line`, the one entry of every line.
//! Each line goes through the app's `table_line`, as the session's actor, committed before it
//! is answered; a line refused records nothing and comes back beside the entry box with why.
//! With `X-Don-Fragment: 1` (the page's script) the answer is only the inside of `div#table`,
//! with the same status (200 where a form is sent on with 303).

use std::sync::Arc;

use askama::Template;
use axum::extract::State;
use axum::http::header::CACHE_CONTROL;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;

use super::line::line_of;
use super::view::{Said, ScorerPanel, ScoringPage, TypedLine};
use crate::app::game::error::GameError;
use crate::app::game::scoring::{Applied, ScoringView};
use crate::app::{AppError, ErrorKind};
use crate::record::line::{parse_line, Line};
use crate::record::text::escaped;
use crate::web::error::{status_of, Lenient, Numbered, WebError};
use crate::web::my::form::value;
use crate::web::my::page::see_other;
use crate::web::session::{Posted, Signed};
use crate::web::state::Shared;

/// The header the page's script sends: answer only the inside of `div#table`.
pub const FRAGMENT: &str = "x-don-fragment";

/// The header of the answer to an entry recorded: `now` when it was applied now, `before` when
/// it had been (the same entry sent again, found by its `entry` id, not applied twice).
pub const ENTERED: &str = "x-don-entered";

/// The longest `entry` id a page may send with a line.
const ENTRY_MOST: usize = 64;

/// The `entry` id sent with a line (the page's script gives each line of its queue one), if
/// any: 1 to 64 letters, digits, `-` and `_`.
fn entry_id(form: &crate::web::my::form::FormFields) -> Result<Option<String>, WebError> {
    match form.get("entry").map(|e| e.trim()) {
        None | Some("") => Ok(None),
        Some(e)
            if e.len() <= ENTRY_MOST
                && e.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
        {
            Ok(Some(e.to_string()))
        }
        Some(_) => Err(WebError::BadForm(
            "`entry` is the page's id for the line: letters, digits, - and _, at most 64".into(),
        )),
    }
}

#[derive(Deserialize, Default)]
pub struct Shown {
    /// The list of lines shown open (`help` typed without the script).
    pub help: Option<String>,
}

/// What an entry came to.
enum EntryOutcome {
    /// Recorded or taken back (`applied`: now, or before when sent again), or `quit` (nothing
    /// to stop on the web; everything entered is kept; `applied` none): what was said, and the
    /// game now.
    Said {
        said: Said,
        view: ScoringView,
        applied: Option<Applied>,
    },
    /// `help`: the lines there are.
    Help(ScoringView),
    /// Refused, nothing recorded: the game now, the forms handed back, why, and the status.
    Refused {
        view: ScoringView,
        typed: TypedLine,
        why: String,
        status: StatusCode,
    },
    /// A form the page does not send.
    BadForm,
}

/// The game as the one signed in may see it to score it (refused when it is not theirs).
async fn view_as(
    shared: &Arc<Shared>,
    signed: &Signed,
    game: i64,
) -> Result<ScoringView, WebError> {
    // The app decides who may score which game, by the session's actor; a page is read on a
    // reading connection, never queued behind the entries being written.
    let actor = signed.session.link.actor();
    let held = Arc::clone(shared);
    let view = shared
        .read(move |app| {
            app.may_score_as(Some(&actor), game)?;
            // An unchanged game is not replayed again: its view as made last.
            let key = app.game_key(game)?;
            held.views
                .made_at(game, key, || app.table_view(game).map(Some))
        })
        .await?;
    view.map(|v| ScoringView::clone(&v)).ok_or(WebError::NoPage)
}

/// The scoring page (or only the inside of `div#table`), with `status`.
fn answer(
    shared: &Shared,
    t: ScorerPanel,
    status: StatusCode,
    fragment: bool,
) -> Result<Response, WebError> {
    let title = format!("Game {}", t.game);
    let page = ScoringPage {
        layout: crate::web::my::page::layout(&title, &shared.league.name),
        t,
    };
    let html = match fragment {
        true => page.as_table().render()?,
        false => page.render()?,
    };
    Ok((status, [(CACHE_CONTROL, "no-store")], Html(html)).into_response())
}

/// `GET /my/game/{n}`: the scoring page, with what was said of the entry just made.
pub async fn show(
    State(shared): State<Arc<Shared>>,
    Numbered(game): Numbered,
    Lenient(shown): Lenient<Shown>,
    signed: Signed,
) -> Result<Response, WebError> {
    let view = view_as(&shared, &signed, game).await?;
    let csrf = signed.session.csrf.as_str();
    let said = Said::from_kept(shared.notes.take(csrf).unwrap_or_default());
    let mut t = ScorerPanel::of(&view, said, csrf);
    t.help_open = shown.help.is_some();
    answer(&shared, t, StatusCode::OK, false)
}

/// The words said when `quit` is typed on the web.
fn kept_words(game: i64) -> String {
    format!(
        "Game {game} is kept as it stands: everything entered is saved; open this page (or your link) again to carry on"
    )
}

/// `POST /my/game/{n}/line`: one line entered (see the module's words).
pub async fn line(
    State(shared): State<Arc<Shared>>,
    Numbered(game): Numbered,
    headers: HeaderMap,
    Posted { signed, form }: Posted,
) -> Result<Response, WebError> {
    let fragment = headers.get(FRAGMENT).is_some_and(|v| v.as_bytes() == b"1");
    // Every form of the page carries `seen` (empty for a game with no change of its own yet,
    // as an imported one): one without it was not sent from the page.
    let Some(seen) = form.get("seen") else {
        return Err(WebError::BadForm(
            "`seen` is missing: send the entry from the game's page".into(),
        ));
    };
    let seen = match seen.trim() {
        "" => None,
        s => Some(s.parse::<i64>().map_err(|_| {
            WebError::BadForm("`seen` is the game's latest change, a number".into())
        })?),
    };
    let entry = entry_id(&form)?;
    let done = |o: &EntryOutcome| {
        matches!(
            o,
            EntryOutcome::Said {
                applied: Some(Applied::Now),
                ..
            }
        )
    };
    let outcome = shared
        .write_as(&signed.session, done, move |app| {
            app.may_score(game)?;
            let (sides, awards) = match value(&form, "kind") {
                "totals" => {
                    let view = app.table_view(game)?;
                    let sides = view
                        .status
                        .sides
                        .iter()
                        .map(|s| s.side.code().to_string())
                        .collect();
                    let awards = view.offers.awards.iter().map(|k| k.word()).collect();
                    (sides, awards)
                }
                _ => (Vec::new(), Vec::new()),
            };
            let line = match line_of(&form, &sides, &awards) {
                None => return Ok(EntryOutcome::BadForm),
                Some(Ok(line)) => line,
                Some(Err((line, why))) => {
                    return Ok(EntryOutcome::Refused {
                        view: app.table_view(game)?,
                        typed: TypedLine::of(&form, &line),
                        why,
                        status: status_of(ErrorKind::Invalid),
                    })
                }
            };
            match parse_line(&line) {
                Ok(Some(Line::Help)) => return Ok(EntryOutcome::Help(app.table_view(game)?)),
                Ok(Some(Line::Quit)) => {
                    return Ok(EntryOutcome::Said {
                        said: Said {
                            line: Some(kept_words(game)),
                            all: vec![kept_words(game)],
                        },
                        view: app.table_view(game)?,
                        applied: None,
                    })
                }
                _ => {}
            }
            match app.table_line_sent(game, seen, entry.as_deref(), &line) {
                Ok(entered) => Ok(EntryOutcome::Said {
                    said: Said::of(&entered.said),
                    view: entered.view,
                    applied: Some(entered.applied),
                }),
                Err(e) => {
                    let (typed, why) = match &e {
                        AppError::Game(GameError::LineRefused { why, .. }) => (
                            TypedLine::of(&form, &line),
                            super::words::refused_words(why),
                        ),
                        // Overtaken: the game as it is now, the line not handed back (the
                        // message names it).
                        _ if e.kind() == ErrorKind::Conflict => {
                            (TypedLine::default(), e.to_string())
                        }
                        _ if e.kind() == ErrorKind::Invalid => {
                            (TypedLine::of(&form, &line), e.to_string())
                        }
                        _ => return Err(e),
                    };
                    Ok(EntryOutcome::Refused {
                        view: app.table_view(game)?,
                        typed,
                        why,
                        status: status_of(e.kind()),
                    })
                }
            }
        })
        .await?;
    let csrf = signed.session.csrf.clone();
    let here = format!("/my/game/{game}");
    match outcome {
        EntryOutcome::BadForm => Err(WebError::BadForm(
            "`kind` is totals or penalty, or none".into(),
        )),
        EntryOutcome::Said {
            said,
            view,
            applied,
        } => {
            let mut answered = match fragment {
                true => answer(
                    &shared,
                    ScorerPanel::of(&view, said, &csrf),
                    StatusCode::OK,
                    true,
                )?,
                false => {
                    shared.notes.keep(csrf, said.kept());
                    see_other(&here)
                }
            };
            if let Some(applied) = applied {
                let how = match applied {
                    Applied::Now => "now",
                    Applied::Before { .. } => "before",
                };
                answered
                    .headers_mut()
                    .insert(ENTERED, axum::http::HeaderValue::from_static(how));
            }
            Ok(answered)
        }
        EntryOutcome::Help(view) => match fragment {
            true => {
                let mut t = ScorerPanel::of(&view, Said::default(), &csrf);
                t.help_open = true;
                answer(&shared, t, StatusCode::OK, true)
            }
            false => Ok(see_other(&format!("{here}?help=open#help"))),
        },
        EntryOutcome::Refused {
            view,
            typed,
            why,
            status,
        } => {
            // Why, with anything typed that is no character of a page shown as an escape.
            let why = escaped(&why).into_owned();
            let t = ScorerPanel::of(&view, Said::default(), &csrf).refused(typed, why);
            answer(&shared, t, status, fragment)
        }
    }
}
