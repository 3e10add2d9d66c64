//! How `don serve` was asked to run.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use crate::app::league::which::Choice;

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
    /// Which peers are reverse proxies whose `X-Forwarded-For` is believed (none unless told).
    pub proxies: Proxies,
    /// The longest a change waits for the database (its turn on the writing connection, and
    /// another program's lock): past it, 503 and nothing saved. Below the request's own time
    /// ([`super::guard::REQUEST_TIME`]), so a change is never made after its request was
    /// answered.
    pub write_wait: Duration,
}

/// The longest a change waits for the database, unless told otherwise.
pub const WRITE_WAIT: Duration = Duration::from_secs(10);

impl ServeConfig {
    /// Whether the public address is `https://` (cookies are then `Secure`).
    pub fn behind_tls(&self) -> bool {
        self.base_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://"))
    }
}

/// The peers whose `X-Forwarded-For` is believed: a client can write any header it likes, so
/// it is believed only from a reverse proxy the server was told of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies {
    /// `--behind-proxy`: a proxy on this machine (any loopback peer, `::ffff:127.0.0.1` too).
    pub loopback: bool,
    /// `--trusted-proxy ADDR`: proxies at these addresses (compared in canonical form).
    pub at: Vec<IpAddr>,
}

impl Proxies {
    /// Whether the peer at `ip` is a proxy whose header is believed.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        (self.loopback && ip.is_loopback()) || self.at.iter().any(|a| canonical(*a) == ip)
    }
}

/// An address in its canonical form: an IPv4 address written as IPv6 (`::ffff:127.0.0.1`, as
/// a dual-stack listener sees an IPv4 peer) is the IPv4 address.
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => ip,
        },
        v4 => v4,
    }
}
