//! The live boards: read-only pages for the other table or a screen behind the bar, for anyone
//! (no session). `/board/game/{n}`: a game of the league on the web as it stands (who plays,
//! the status as `don play` says it, the score and what each side needs, the legs won, the
//! tricks of the hand in play, the hands so far, the result); `/board/night/{fixture}`: the
//! games of one of the league's nights, each a card linking its own board. A board updates
//! itself within 2 s of an entry: `board.js` listens to its [`events`] and fetches the board
//! again (`?fragment=1`: only the inside of `div#board`, with `X-Don-Seen` naming what it is
//! of); without JavaScript the page reloads every 2 s. Only the league's own games and nights have boards: anything else is 404.
//!
//! - [`view`]: a board as its templates show it; [`events`]: the server-sent events.

pub mod events;
pub mod view;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use askama::Template;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use serde::Deserialize;

use crate::web::error::{Lenient, Numbered, WebError};
use crate::web::limit::client;
use crate::web::scorer::script;
use crate::web::state::Shared;
use events::{Look, Streams};
use view::{layout, GameBoardPage, GameView, NightBoardPage, NightBoardView};

/// The board's script (`templates/board.js`).
const SCRIPT: &str = include_str!("../../../templates/board.js");

pub fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/board.js", get(|| async { script(SCRIPT) }))
        .route("/board/game/{n}", get(game))
        .route("/board/game/{n}/events", get(game_events))
        .route("/board/night/{fixture}", get(night))
        .route("/board/night/{fixture}/events", get(night_events))
        .layer(Extension(Streams::default()))
}

/// `?fragment=1`: only the inside of `div#board`.
#[derive(Deserialize, Default)]
pub struct Asked {
    fragment: Option<String>,
}

/// A board's page, or (`?fragment=1`) only its inside, with `X-Don-Seen` naming what it is of.
fn board_answer(
    page: &impl Template,
    inside: impl Template,
    asked: &Asked,
    seen: &str,
) -> Result<Response, WebError> {
    let html = match asked.fragment.as_deref() == Some("1") {
        true => inside.render()?,
        false => page.render()?,
    };
    let mut answer = Html(html).into_response();
    if let Ok(seen) = HeaderValue::from_str(seen) {
        answer.headers_mut().insert("x-don-seen", seen);
    }
    Ok(answer)
}

async fn game(
    State(shared): State<Arc<Shared>>,
    Numbered(n): Numbered,
    Lenient(asked): Lenient<Asked>,
) -> Result<Response, WebError> {
    let league = shared.served;
    // An unchanged game is not replayed again: its board as made last, by its latest change.
    let held = Arc::clone(&shared);
    let board = shared
        .read_public(move |app| {
            if app.board_game_seen(league, n)?.is_none() {
                return Ok(None);
            }
            let key = app.game_key(n)?;
            held.boards.made_at(n, key, || app.board_game(league, n))
        })
        .await?
        .ok_or(WebError::NoPage)?;
    let page = GameBoardPage {
        layout: layout(&format!("Game {n}"), &shared.league.name),
        board: GameView::of(&board),
    };
    board_answer(&page, page.as_board(), &asked, &page.board.seen)
}

async fn night(
    State(shared): State<Arc<Shared>>,
    Numbered(fixture): Numbered,
    Lenient(asked): Lenient<Asked>,
) -> Result<Response, WebError> {
    let league = shared.league.clone();
    let held = Arc::clone(&shared);
    // A night's board shows its fixture and teams as well as its games: it is made again after
    // any change to the database (the state, looked up before it is read), and otherwise not.
    let state = shared.watch.state().await;
    let board = shared
        .read_public(move |app| {
            let Some(seen) = app.board_night_seen(&league, fixture)? else {
                return Ok(None);
            };
            let Some(state) = state else {
                return Ok(app.board_night(&league, fixture)?.map(Arc::new));
            };
            held.nights.made_at(fixture, format!("{seen}|{state}"), || {
                app.board_night(&league, fixture)
            })
        })
        .await?
        .ok_or(WebError::NoPage)?;
    let board = NightBoardView::of(&board);
    let page = NightBoardPage {
        layout: layout(&board.teams, &shared.league.name),
        board,
    };
    board_answer(&page, page.as_board(), &asked, &page.board.seen)
}

/// Opens the event stream of the board `look` reads: 404 when there is no such board.
async fn events_of(
    shared: Arc<Shared>,
    streams: (&Streams, IpAddr),
    look: Look,
) -> Result<Response, WebError> {
    // The state is looked up before the board is read: a change between the two is seen
    // again at the first poll, never missed.
    let state = shared.watch.state().await;
    let first = Arc::clone(&look);
    let first = shared
        .read_public(move |app| first(app))
        .await?
        .ok_or(WebError::NoPage)?;
    events::open(shared, streams, state, first, look)
}

async fn game_events(
    State(shared): State<Arc<Shared>>,
    Extension(streams): Extension<Streams>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Numbered(n): Numbered,
) -> Result<Response, WebError> {
    let league = shared.served;
    let look: Look = Arc::new(move |app| app.board_game_seen(league, n));
    let from = client(&shared.config.proxies, peer, &headers);
    events_of(shared, (&streams, from), look).await
}

async fn night_events(
    State(shared): State<Arc<Shared>>,
    Extension(streams): Extension<Streams>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Numbered(fixture): Numbered,
) -> Result<Response, WebError> {
    let league = shared.league.clone();
    let look: Look = Arc::new(move |app| app.board_night_seen(&league, fixture));
    let from = client(&shared.config.proxies, peer, &headers);
    events_of(shared, (&streams, from), look).await
}
