//! The serve benchmark's tally of what its clients saw, and its report: each figure beside
//! issue 17's target, and the database checked afterwards.

use std::path::Path;
use std::time::Duration;

use crate::live::{self, NIGHT, TO_PLAY};
use crate::readers;

/// What the clients saw.
#[derive(Default)]
pub struct Tally {
    pub read_ms: Vec<f64>,
    pub write_ms: Vec<f64>,
    pub errors: Vec<String>,
    pub server_errors: usize,
    pub locked: usize,
    pub entered: Vec<i64>,
    pub confirmed: Vec<i64>,
}

impl Tally {
    pub fn add(&mut self, other: Tally) {
        self.read_ms.extend(other.read_ms);
        self.write_ms.extend(other.write_ms);
        self.errors.extend(other.errors);
        self.server_errors += other.server_errors;
        self.locked += other.locked;
        self.entered.extend(other.entered);
        self.confirmed.extend(other.confirmed);
    }

    /// Counts an answer that is not the one expected.
    pub fn refused(&mut self, what: &str, answer: Result<&live::Answer, &String>) {
        match answer {
            Ok(a) => {
                if a.status.is_server_error() {
                    self.server_errors += 1;
                }
                if a.body.contains("database is locked") {
                    self.locked += 1;
                }
                let snippet: String = a.body.chars().take(200).collect();
                self.errors
                    .push(format!("{what}: {} {snippet:?}", a.status));
            }
            Err(e) => self.errors.push(format!("{what}: {e}")),
        }
    }
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn percentile(xs: &mut [f64], p: f64) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.sort_by(f64::total_cmp);
    xs[((xs.len() - 1) as f64 * p).round() as usize]
}

/// Prints each figure beside its target, checks the database, and fails on what is wrong
/// (rather than slow).
pub fn report(
    mut t: Tally,
    writers: Result<(), String>,
    took: f64,
    secs: u64,
    db: &Path,
    said: &str,
    stopped: Result<(), String>,
) {
    let met = |ok: bool| if ok { "met" } else { "MISSED" };
    let rate = t.read_ms.len() as f64 / took;
    let (r50, r99) = (
        percentile(&mut t.read_ms, 0.5),
        percentile(&mut t.read_ms, 0.99),
    );
    let (w50, w99) = (
        percentile(&mut t.write_ms, 0.5),
        percentile(&mut t.write_ms, 0.99),
    );
    let locked = t.locked + said.matches("database is locked").count();
    let build = if cfg!(debug_assertions) {
        "a debug build"
    } else {
        "release"
    };
    println!("serve: the sample season and {TO_PLAY} (132 fixtures to play), {} readers and 12 captains for {secs} s, {build} don serve", readers());
    println!("  {:<34} {:>24}   target", "", "measured");
    println!(
        "  {:<34} {:>18.0} req/s   ≥ 1,000 req/s  {}  ({} reads)",
        "reads",
        rate,
        met(rate >= 1000.0),
        t.read_ms.len()
    );
    println!(
        "  {:<34} {:>9.1} / {:>5.1} ms   p99 < 50 ms    {}",
        "reads p50 / p99",
        r50,
        r99,
        met(r99 < 50.0)
    );
    match &writers {
        Ok(()) => {
            println!("  {:<34} {:>9.1} / {:>5.1} ms   p99 < 200 ms   {}  ({} nights entered, {} confirmed)", "writes p50 / p99", w50, w99, met(w99 < 200.0), t.entered.len(), t.confirmed.len());
        }
        Err(why) => println!(
            "  writes: NOT RUN: the captains could not sign in and reach their nights ({why})"
        ),
    }
    println!(
        "  {:<34} {:>24}   0              {}",
        "errors",
        t.errors.len(),
        met(t.errors.is_empty())
    );
    println!(
        "  {:<34} {:>18} / {:>3}   0 / 0          {}",
        "5xx / \"database is locked\"",
        t.server_errors,
        locked,
        met(t.server_errors == 0 && locked == 0)
    );
    for e in t.errors.iter().take(5) {
        println!("    {e}");
    }
    let stored = live::stored(db, TO_PLAY);
    let whole = |id: &i64| stored.get(id).is_some_and(|s| s.0 == NIGHT);
    let lost: Vec<_> = t.entered.iter().filter(|id| !whole(id)).collect();
    let unconfirmed: Vec<_> = t
        .confirmed
        .iter()
        .filter(|id| stored.get(id).and_then(|s| s.1.as_deref()) != Some("confirmed"))
        .collect();
    let half: Vec<_> = stored
        .iter()
        .filter(|(_, s)| s.0 != 0 && s.0 != NIGHT)
        .map(|(id, _)| id)
        .collect();
    let integrity = live::integrity(db);
    let sound = lost.is_empty() && unconfirmed.is_empty() && half.is_empty() && integrity == "ok";
    println!(
        "  {:<34} {:>24}   every one      {}",
        "accepted nights present",
        format!(
            "{} + {} of {} + {}",
            t.entered.len() - lost.len(),
            t.confirmed.len() - unconfirmed.len(),
            t.entered.len(),
            t.confirmed.len()
        ),
        met(lost.is_empty() && unconfirmed.is_empty())
    );
    println!(
        "  {:<34} {:>24}   none           {}",
        "nights half there",
        half.len(),
        met(half.is_empty())
    );
    println!(
        "  {:<34} {:>24}   ok             {}",
        "PRAGMA integrity_check",
        integrity,
        met(integrity == "ok")
    );
    println!(
        "  {:<34} {:>24}   exit 0         {}",
        "stopped by SIGTERM",
        stopped
            .as_ref()
            .map_or_else(|e| e.clone(), |_| "exit 0".into()),
        met(stopped.is_ok())
    );
    println!("  (one run of {took:.1} s; reads and writes measured by the clients, on the same machine as the server)");
    if !sound || stopped.is_err() {
        eprintln!("serve: lost {lost:?}, unconfirmed {unconfirmed:?}, half there {half:?}, integrity {integrity}");
        std::process::exit(1);
    }
}
