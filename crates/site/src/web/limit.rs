//! Failed links per address: an address that tried too many links that do not work must wait.
//! An IPv6 address counts by its /64 (what one home or phone is given); behind a reverse proxy
//! the server was told of (`--behind-proxy`, `--trusted-proxy`), the address is the one the
//! proxy names last in `X-Forwarded-For`. From any other peer the header changes nothing.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::config::{canonical, Proxies};
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

/// Places for connections (or a board's event streams), bounded in all and per address (an
/// address counted as [`counted`] says): a proxy the server was told of is held to the bound
/// in all only.
pub struct Slots {
    all: Arc<Semaphore>,
    per_address: usize,
    from: Arc<Mutex<HashMap<IpAddr, usize>>>,
    proxies: Proxies,
}

/// A place taken, given back when it ends.
pub struct Slot {
    _permit: OwnedSemaphorePermit,
    from: Option<IpAddr>,
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some(from) = self.from else { return };
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = counts.get_mut(&from) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&from);
            }
        }
    }
}

impl Slots {
    /// Room for `all` at once, `per_address` from each address but a proxy's.
    pub fn new(all: usize, per_address: usize, proxies: Proxies) -> Slots {
        Slots {
            all: Arc::new(Semaphore::new(all)),
            per_address,
            from: Arc::default(),
            proxies,
        }
    }

    /// A place for the peer at `ip`, if there is room.
    pub fn take(&self, ip: IpAddr) -> Option<Slot> {
        let from = (!self.proxies.trusts(ip)).then(|| counted(ip));
        let mut counts = self.from.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(from) = from {
            if counts.get(&from).copied().unwrap_or(0) >= self.per_address {
                return None;
            }
        }
        let permit = Arc::clone(&self.all).try_acquire_owned().ok()?;
        if let Some(from) = from {
            *counts.entry(from).or_insert(0) += 1;
        }
        Some(Slot {
            _permit: permit,
            from,
            counts: Arc::clone(&self.from),
        })
    }
}

/// What an address is counted as: itself (in its canonical form: `::ffff:10.0.0.1` is
/// `10.0.0.1`), or for IPv6 its /64.
pub fn counted(from: IpAddr) -> IpAddr {
    match canonical(from) {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

/// The address a request came from: the peer's; or, when the peer is a reverse proxy the
/// server was told to believe, the address its `X-Forwarded-For` names last (the one the proxy
/// added), and so on leftwards while that one is a believed proxy too. Whatever a client wrote
/// itself is never believed: from any other peer the header is not read at all.
pub fn client(proxies: &Proxies, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    let mut from = canonical(peer.ip());
    if !proxies.trusts(from) {
        return from;
    }
    let named: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    for hop in named.iter().rev() {
        match hop.trim().parse::<IpAddr>() {
            Ok(ip) => from = canonical(ip),
            // What the proxy did not write as an address is not read past.
            Err(_) => break,
        }
        if !proxies.trusts(from) {
            break;
        }
    }
    from
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in xff {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn the_header_is_believed_only_from_a_proxy_told_of() {
        let at = |s: &str| -> SocketAddr { s.parse().unwrap() };
        let forged = headers(&["203.0.113.7"]);
        let none = Proxies::default();
        assert_eq!(client(&none, at("127.0.0.1:1"), &forged), ip("127.0.0.1"));
        assert_eq!(
            client(&none, at("[::ffff:127.0.0.1]:1"), &forged),
            ip("127.0.0.1")
        );
        let local = Proxies {
            loopback: true,
            at: Vec::new(),
        };
        assert_eq!(
            client(&local, at("127.0.0.1:1"), &forged),
            ip("203.0.113.7")
        );
        // A dual-stack listener sees the proxy on this machine as ::ffff:127.0.0.1.
        assert_eq!(
            client(&local, at("[::ffff:127.0.0.1]:1"), &forged),
            ip("203.0.113.7")
        );
        assert_eq!(client(&local, at("[::1]:1"), &forged), ip("203.0.113.7"));
        // Not from this machine: the header is not read.
        assert_eq!(
            client(&local, at("198.51.100.1:1"), &forged),
            ip("198.51.100.1")
        );
        // What the client wrote before the proxy's own address is not believed.
        let written = headers(&["127.0.0.1, 9.9.9.9", "203.0.113.7"]);
        assert_eq!(
            client(&local, at("127.0.0.1:1"), &written),
            ip("203.0.113.7")
        );
        // A chain of proxies told of is followed to the first address that is none of them.
        let chain = Proxies {
            loopback: false,
            at: vec![ip("10.0.0.2"), ip("::ffff:10.0.0.3")],
        };
        let two = headers(&["9.9.9.9, 203.0.113.7, 10.0.0.3"]);
        assert_eq!(
            client(&chain, at("[::ffff:10.0.0.2]:1"), &two),
            ip("203.0.113.7")
        );
        assert_eq!(client(&chain, at("127.0.0.1:1"), &two), ip("127.0.0.1"));
        // No header, or one that is no address: the peer.
        assert_eq!(
            client(&chain, at("10.0.0.2:1"), &headers(&[])),
            ip("10.0.0.2")
        );
        assert_eq!(
            client(&chain, at("10.0.0.2:1"), &headers(&["unknown"])),
            ip("10.0.0.2")
        );
        assert_eq!(counted(ip("::ffff:10.1.2.3")), ip("10.1.2.3"));
        assert_eq!(counted(ip("2001:db8:1:2:3:4:5:6")), ip("2001:db8:1:2::"));
    }
}
