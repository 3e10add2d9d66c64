//! Failed links per address: an address that tried too many links that do not work must wait.
//! An IPv6 address counts by its /64 (what one home or phone is given); behind a reverse proxy
//! on this machine, the address is the one the proxy names last in `X-Forwarded-For`.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::HeaderMap;

use super::error::WebError;

/// Failed links an address may try in [`WINDOW`] before it must wait.
pub const FAILED_LINKS: u32 = 10;
pub const WINDOW: Duration = Duration::from_secs(60);
/// The most addresses remembered at once: past it, the one remembered longest is forgotten.
pub const ADDRESSES: usize = 4096;

/// Failed links per address: when the first of the window was, and how many since.
#[derive(Default)]
pub struct Limiter {
    failed: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Limiter {
    /// Counts a try at a link from an address, unless it failed too often lately: counted
    /// before the link is looked at, so that many tries at once are held to the limit too.
    /// One that works is then taken back ([`Limiter::worked`]).
    pub fn attempt(&self, from: IpAddr) -> Result<(), WebError> {
        let mut failed = self.failed.lock().unwrap_or_else(|p| p.into_inner());
        let from = counted(from);
        if let Some((since, n)) = failed.get(&from) {
            if since.elapsed() < WINDOW && *n >= FAILED_LINKS {
                return Err(WebError::TooManyTries {
                    wait: (WINDOW - since.elapsed()).as_secs() + 1,
                });
            }
        }
        if !failed.contains_key(&from) && failed.len() >= ADDRESSES {
            failed.retain(|_, (since, _)| since.elapsed() < WINDOW);
            if failed.len() >= ADDRESSES {
                let oldest = failed.iter().min_by_key(|(_, (since, _))| *since);
                if let Some(oldest) = oldest.map(|(a, _)| *a) {
                    failed.remove(&oldest);
                }
            }
        }
        let entry = failed.entry(from).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= WINDOW {
            *entry = (Instant::now(), 0);
        }
        entry.1 = entry.1.saturating_add(1);
        Ok(())
    }

    /// Takes back the try of a link that worked.
    pub fn worked(&self, from: IpAddr) {
        let mut failed = self.failed.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, n)) = failed.get_mut(&counted(from)) {
            *n = n.saturating_sub(1);
        }
    }

    /// How many addresses are remembered.
    pub fn remembered(&self) -> usize {
        self.failed.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

/// What an address is counted as: itself, or for IPv6 its /64.
pub fn counted(from: IpAddr) -> IpAddr {
    match from {
        IpAddr::V4(_) => from,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The address a request came from: the peer's; or, when the peer is a reverse proxy on this
/// machine (a loopback address), the last address in its `X-Forwarded-For` (the one the proxy
/// added; whatever the client wrote before it is not believed).
pub fn client(peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if !peer.ip().is_loopback() {
        return peer.ip();
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(peer.ip())
}
