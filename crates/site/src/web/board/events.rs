//! A board's server-sent events: `event: change` with what the board is of (its `seen`) once
//! at connect and then whenever that moves, by an entry on the web, an undo, or `don play` at
//! the command line. No database connection is held while a stream waits: every
//! [`POLL`] it asks [`crate::web::watch`] for the state of the database (one look-up
//! answers every stream), and only when that has moved reads what the board is of, on a
//! reading connection, for a moment. Streams are bounded ([`STREAMS`] at once, 503 past it)
//! and all end when the server is told to stop ([`Shared::stop_streams`]), so a stop never waits on
//! a board left open.

use std::convert::Infallible;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use hyper::body::Frame;
use tokio::sync::{mpsc, watch};

use crate::app::{App, AppError};
use crate::web::config::Proxies;
use crate::web::error::WebError;
use crate::web::limit::{Slot, Slots};
use crate::web::state::Shared;

/// The most event streams open at once; past it, 503.
pub const STREAMS: usize = 256;
/// The most event streams open at once from one address (an IPv6 address counted by its /64):
/// past it, 503, so that one client cannot take every stream there is. A screen behind the bar
/// and a few phones at a table are far fewer.
pub const PER_ADDRESS: usize = 16;
/// How often a stream asks whether the database has moved.
pub const POLL: Duration = Duration::from_millis(300);
/// The longest a stream stays silent: a comment then keeps proxies from closing it.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How soon a browser that lost the stream tries again, in milliseconds.
const RETRY_MS: u32 = 2000;

/// The streams of one router: how many may still open, in all and from each address (a proxy
/// told of is no different here: the address is the client's, read through it).
#[derive(Clone)]
pub struct Streams(Arc<Slots>);

impl Default for Streams {
    fn default() -> Self {
        Streams(Arc::new(Slots::new(
            STREAMS,
            PER_ADDRESS,
            Proxies::default(),
        )))
    }
}

/// What a board is of, read on a reading connection: none when it is no board (any more).
pub type Look = Arc<dyn Fn(&App) -> Result<Option<String>, AppError> + Send + Sync>;

/// An event stream's body: what the stream's task says, as it says it.
struct EventBody {
    said: mpsc::Receiver<Bytes>,
}

impl hyper::body::Body for EventBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.said
            .poll_recv(cx)
            .map(|said| said.map(|bytes| Ok(Frame::data(bytes))))
    }
}

/// One `change` event.
fn change(data: &str) -> String {
    // What a board is of is digits, colons and spaces: never a line break.
    let data: String = data.chars().filter(|c| *c != '\n' && *c != '\r').collect();
    format!("event: change\ndata: {data}\n\n")
}

/// Opens a stream of the board `look` reads for a client at `from` (`first`: what it is of
/// now, read after `state`, the database's state then, was looked up): 503 when too many are
/// open, in all or from that address ([`WebError::TooManyBoards`]).
pub fn open(
    shared: Arc<Shared>,
    (streams, from): (&Streams, IpAddr),
    state: Option<i64>,
    first: String,
    look: Look,
) -> Result<Response, WebError> {
    let permit = streams.0.take(from).ok_or(WebError::TooManyBoards)?;
    let (tell, said) = mpsc::channel(4);
    let stop = shared.stopping();
    tokio::spawn(run(shared, look, (state, first), tell, stop, permit));
    let mut answer = Body::new(EventBody { said }).into_response();
    let headers = answer.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream; charset=utf-8"),
    );
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // A reverse proxy (nginx) passes each event on at once.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(answer)
}

/// Says `bytes` on the stream: false when the stream is over (the browser gone, or the server
/// stopping).
async fn say(tell: &mpsc::Sender<Bytes>, stop: &mut watch::Receiver<u64>, bytes: Bytes) -> bool {
    tokio::select! {
        sent = tell.send(bytes) => sent.is_ok(),
        _ = stop.changed() => false,
    }
}

/// The stream's task: says what the board is of now, then again whenever it moves.
async fn run(
    shared: Arc<Shared>,
    look: Look,
    (mut state, mut last): (Option<i64>, String),
    tell: mpsc::Sender<Bytes>,
    mut stop: watch::Receiver<u64>,
    _place: Slot,
) {
    let first = format!("retry: {RETRY_MS}\n{}", change(&last));
    if !say(&tell, &mut stop, Bytes::from(first)).await {
        return;
    }
    let mut said_at = Instant::now();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(POLL) => {},
            _ = tell.closed() => return,
            _ = stop.changed() => return,
        }
        let now = shared.watch.state().await;
        if now.is_none() || now != state {
            let look = Arc::clone(&look);
            match shared.read_public(move |app| look(app)).await {
                Ok(Some(of)) => {
                    state = now;
                    if of != last {
                        if !say(&tell, &mut stop, Bytes::from(change(&of))).await {
                            return;
                        }
                        last = of;
                        said_at = Instant::now();
                    }
                }
                // No board any more (its game undone, say): the stream ends, and the browser's
                // next try is told 404.
                Ok(None) => return,
                // A read that failed is tried again at the next poll.
                Err(_) => state = None,
            }
        }
        if said_at.elapsed() >= KEEP_ALIVE {
            if !say(&tell, &mut stop, Bytes::from_static(b": keep-alive\n\n")).await {
                return;
            }
            said_at = Instant::now();
        }
    }
}
