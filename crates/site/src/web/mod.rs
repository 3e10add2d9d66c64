//! `don serve`: the league online. The public pages are the very pages `don publish` writes
//! (one set of templates), read from the database on request; captains and the secretary act
//! through private links (see [`crate::app::access`]). A front end like `cli`: it parses a
//! request, calls [`crate::app`], and renders; every rule is the app's.
//!
//! - [`config`]: how it was asked to run.
//! - [`state`]: the database, opened once for writing and a few times for reading; each piece
//!   of database work runs off the async threads.
//! - [`error`]: every refusal as an HTTP status and a page (one place).
//! - [`session`]: who is asking: the session cookie, and the CSRF token of every POST.
//! - [`public`]: the published pages, live.
//! - [`sign`]: opening a private link, and signing out.
//! - [`my`]: what a captain or the secretary does: enter, confirm, dispute, settle a night.
//! - [`scorer`]: a game scored at the table on a phone, as `don play` scores it.
//! - [`guard`]: the headers every answer has, the limits and timeouts; [`limit`]: the rate of
//!   failed links per address, the connections (and a board's streams) each address may hold,
//!   and the address a request is counted as.
//! - [`watch`]: the state of the database for each page read, looked up by a thread of its own.
//! - [`board`]: the live boards of a game and of a night, read only, for anyone, with their
//!   server-sent events.
//! - [`cache`]: the published site, held in memory per state of the database.

pub mod board;
pub mod cache;
pub mod config;
pub mod error;
pub mod guard;
pub mod limit;
pub mod my;
pub mod public;
pub mod scorer;
pub mod session;
pub mod sign;
pub mod state;
pub mod watch;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tower::ServiceExt;

pub use config::ServeConfig;
pub use error::WebError;
use limit::Slots;
pub use state::Shared;

/// The longest the server waits, once told to stop, for the requests being answered.
pub const STOP_TIME: Duration = Duration::from_secs(10);

/// The most connections open at once, from all clients together: past it, a new connection is
/// closed at once (each costs memory, and the process a file handle; the system's usual limit
/// of handles is 1,024, the database's files among them).
pub const CONNECTIONS: usize = 512;
/// The most connections open at once from one address (an IPv6 address counted by its /64):
/// past it, that address's new connection is closed at once, so that one client cannot take
/// every connection there is. A browser opens six at most; a pub's phones behind one address
/// a few each. A reverse proxy the server was told of is not held to it (its clients are the
/// proxy's to bound), only to [`CONNECTIONS`].
pub const CONNECTIONS_PER_ADDRESS: usize = 64;

/// Every route of the site, over the state given.
pub fn router(shared: Arc<Shared>) -> Router {
    let behind_tls = shared.config.behind_tls();
    let routes = Router::new()
        .merge(sign::routes())
        .merge(my::routes())
        .merge(scorer::routes())
        .merge(board::routes())
        .merge(public::routes())
        // A method an address does not answer: the site's own 405 page, not an empty answer.
        .method_not_allowed_fallback(|| async { WebError::NoMethod });
    guard::around(routes, behind_tls).with_state(shared)
}

/// Runs the server until Ctrl-C or SIGTERM; `ready` is told the address listened on (the port
/// chosen, for `:0`) once it listens. The database is opened and the league found before it
/// listens, so a database it cannot serve is refused first. Once told to stop it takes no new
/// connection and finishes the requests being answered (a change is one transaction, so
/// nothing is ever half-written either way).
pub fn serve(config: ServeConfig, ready: impl FnOnce(SocketAddr, bool)) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(WebError::Io)?;
    runtime.block_on(async move {
        let shared = Arc::new(Shared::open(&config)?);
        let listener =
            TcpListener::bind(config.listen)
                .await
                .map_err(|source| WebError::Listen {
                    at: config.listen,
                    source,
                })?;
        let at = listener.local_addr().map_err(WebError::Io)?;
        // Whether a league is served (else a database's friendly games only).
        ready(at, shared.served.is_some());
        let stopping = Arc::clone(&shared);
        let proxies = config.proxies.clone();
        let places = Slots::new(CONNECTIONS, CONNECTIONS_PER_ADDRESS, proxies);
        answer(listener, router(shared), places, move || {
            stopping.stop_streams()
        })
        .await;
        Ok(())
    })
}

/// Answers each connection, HTTP/1.1 with hyper, until told to stop: a request's head must
/// come within [`guard::HEAD_TIME`], with at most [`guard::HEADERS`] fields in
/// [`guard::HEAD_BYTES`] (the site's 431 page past it, made by [`guard::around`]; the
/// connection reads no more than [`guard::HEADERS_READ`] fields in [`guard::HEAD_BYTES_READ`]).
/// A connection past the bounds of `places` is closed as soon as it is taken.
async fn answer(listener: TcpListener, app: Router, places: Slots, stop_streams: impl FnOnce()) {
    let graceful = GracefulShutdown::new();
    let stop = stop_asked();
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file handles, say: let some connections end first.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let Some(place) = places.take(peer.ip()) else {
            drop(stream);
            continue;
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request)
        });
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(guard::HEAD_TIME)
            .max_headers(guard::HEADERS_READ)
            .max_buf_size(guard::HEAD_BYTES_READ);
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(place);
        });
    }
    drop(listener);
    // A board's event stream never ends by itself: it is ended, so the stop waits for none.
    stop_streams();
    tokio::select! {
        _ = graceful.shutdown() => {},
        _ = tokio::time::sleep(STOP_TIME) => {},
    }
}
/// Ctrl-C, or SIGTERM (systemd's stop).
async fn stop_asked() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {},
        _ = terminate => {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn connections_are_bounded_per_address_and_in_all_a_proxy_told_of_in_all_only() {
        let proxies = config::Proxies {
            loopback: false,
            at: vec![ip("10.0.0.2")],
        };
        let places = Slots::new(5, 2, proxies);
        let a1 = places.take(ip("192.0.2.1")).unwrap();
        // The dual-stack form of an address is the address.
        let a2 = places.take(ip("::ffff:192.0.2.1")).unwrap();
        assert!(places.take(ip("192.0.2.1")).is_none());
        // An IPv6 address counts by its /64.
        let _b1 = places.take(ip("2001:db8::1")).unwrap();
        let _b2 = places.take(ip("2001:db8::2")).unwrap();
        assert!(places.take(ip("2001:db8::3")).is_none());
        drop(a1);
        let a3 = places.take(ip("192.0.2.1")).unwrap();
        // The proxy is held to the bound in all only.
        let p1 = places.take(ip("10.0.0.2")).unwrap();
        assert!(places.take(ip("10.0.0.2")).is_none(), "five in all");
        assert!(places.take(ip("192.0.2.9")).is_none(), "five in all");
        drop((a2, a3, p1));
        let _p: Vec<_> = (0..3)
            .map(|_| places.take(ip("10.0.0.2")).unwrap())
            .collect();
    }
}
