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
//! - [`guard`]: the headers every answer has, the limits and timeouts; [`limit`]: the rate of
//!   failed links per address.
//! - [`cache`]: the published site, held in memory per state of the database.

pub mod cache;
pub mod config;
pub mod error;
pub mod guard;
pub mod limit;
pub mod my;
pub mod public;
pub mod session;
pub mod sign;
pub mod state;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;

pub use config::ServeConfig;
pub use error::WebError;
pub use state::Shared;

/// Every route of the site, over the state given.
pub fn router(shared: Arc<Shared>) -> Router {
    let routes = Router::new()
        .merge(sign::routes())
        .merge(my::routes())
        .merge(public::routes());
    guard::around(routes).with_state(shared)
}

/// Runs the server until Ctrl-C or SIGTERM; `ready` is told the address listened on (the port
/// chosen, for `:0`) once it listens. A request being answered when it is told to stop is
/// finished first; a change is one transaction, so nothing is ever half-written.
pub fn serve(config: ServeConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(WebError::Io)?;
    runtime.block_on(async move {
        let shared = Arc::new(Shared::open(&config)?);
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .map_err(|source| WebError::Listen {
                at: config.listen,
                source,
            })?;
        let at = listener.local_addr().map_err(WebError::Io)?;
        ready(at);
        let app = router(shared).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(listener, app)
            .with_graceful_shutdown(stop_asked())
            .await
            .map_err(WebError::Io)
    })
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
