//! A board's server-sent events: `event: change` with what the board is of (its `seen`) once
//! at connect and then whenever that moves, by an entry on the web, an undo, or `don play` at
//! the command line. No database connection is held while a stream waits: every
//! [`POLL`] it asks [`crate::web::watch`] for the state of the database (one look-up
//! answers every stream), and only when that has moved reads what the board is of, on a
//! reading connection, for a moment. Streams are bounded ([`STREAMS`] at once, 503 past it)
//! and all end when the server is told to stop ([`Shared::stop_streams`]), so a stop never waits on
//! a board left open.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, RETRY_AFTER};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use hyper::body::Frame;
use tokio::sync::{mpsc, watch, OwnedSemaphorePermit, Semaphore};

use crate::app::{App, AppError};
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

/// The streams of one router: how many may still open, in all and from each address.
#[derive(Clone)]
pub struct Streams {
    open: Arc<Semaphore>,
    from: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// A stream's place, given back when it ends.
struct Place {
    _permit: OwnedSemaphorePermit,
    from: IpAddr,
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = counts.get_mut(&self.from) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.from);
            }
        }
    }
}

impl Streams {
    /// A place for a stream from `from`, if there is one.
    fn place(&self, from: IpAddr) -> Option<Place> {
        let from = crate::web::limit::counted(from);
        let mut counts = self.from.lock().unwrap_or_else(|p| p.into_inner());
        let n = counts.entry(from).or_insert(0);
        if *n >= PER_ADDRESS {
            return None;
        }
        let permit = Arc::clone(&self.open).try_acquire_owned().ok()?;
        *n += 1;
        Some(Place {
            _permit: permit,
            from,
            counts: Arc::clone(&self.from),
        })
    }
}

impl Default for Streams {
    fn default() -> Self {
        Streams {
            open: Arc::new(Semaphore::new(STREAMS)),
            from: Arc::default(),
        }
    }
}

impl Streams {
    /// How many streams are open now.
    pub fn open(&self) -> usize {
        STREAMS - self.open.available_permits()
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

/// Too many streams open: try again shortly.
fn too_many() -> Response {
    let page = crate::web::my::page::message_page(
        "Service Unavailable",
        "too many boards are open at once: the page tries again by itself",
        None,
    );
    let mut answer = (StatusCode::SERVICE_UNAVAILABLE, Html(page)).into_response();
    answer
        .headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from_static("5"));
    answer
}

/// Opens a stream of the board `look` reads for a client at `from` (`first`: what it is of
/// now, read after `state`, the database's state then, was looked up): 503 when too many are
/// open, in all or from that address.
pub fn open(
    shared: Arc<Shared>,
    (streams, from): (&Streams, IpAddr),
    state: Option<i64>,
    first: String,
    look: Look,
) -> Response {
    let Some(permit) = streams.place(from) else {
        return too_many();
    };
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
    answer
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
    _place: Place,
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
