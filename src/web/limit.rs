//! Failed links per address: an address that tried too many links that do not work must wait.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::error::WebError;

/// Failed links an address may try in [`WINDOW`] before it must wait.
pub const FAILED_LINKS: u32 = 10;
pub const WINDOW: Duration = Duration::from_secs(60);

/// Failed links per address, in a sliding window.
#[derive(Default)]
pub struct Limiter {
    failed: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Limiter {
    /// Refuses an address that failed too often lately.
    pub fn check(&self, from: IpAddr) -> Result<(), WebError> {
        let failed = self.failed.lock().unwrap_or_else(|p| p.into_inner());
        match failed.get(&from) {
            Some((since, n)) if since.elapsed() < WINDOW && *n >= FAILED_LINKS => {
                Err(WebError::TooManyTries)
            }
            _ => Ok(()),
        }
    }

    /// Counts a failed link from an address.
    pub fn failed(&self, from: IpAddr) {
        let mut failed = self.failed.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        failed.retain(|_, (since, _)| since.elapsed() < WINDOW);
        let entry = failed.entry(from).or_insert((now, 0));
        entry.1 += 1;
    }
}
