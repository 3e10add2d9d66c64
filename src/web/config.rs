//! How `don serve` was asked to run.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::app::which::Choice;

/// How `don serve` was asked to run.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The database.
    pub db: PathBuf,
    /// The league served (the only one, if not named).
    pub choice: Choice,
    /// Where to listen.
    pub listen: SocketAddr,
    /// The public address captains' links begin with (`https://league.example.org`), when the
    /// server is behind a reverse proxy; else `http://` and the address listened on.
    pub base_url: Option<String>,
}

impl ServeConfig {
    /// Whether the public address is `https://` (cookies are then `Secure`).
    pub fn behind_tls(&self) -> bool {
        self.base_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://"))
    }
}
