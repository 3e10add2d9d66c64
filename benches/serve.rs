//! `cargo bench --bench serve`: the release `don serve` under load, on the sample season (README's
//! first command) with a second season of 132 fixtures still to play. For DON_BENCH_SECS
//! seconds (60 unless told), 100 clients read pages over keep-alive connections (the front
//! page, season tables and pages, team pages, night pages) while the twelve captains, each
//! signed in with a private link, enter their home nights (`POST /my/night/{id}/enter`, nine
//! matches) and confirm the nights their opponents entered (`POST /my/night/{id}/confirm`),
//! each a write every 2.5 s (all 264 writes in 60 s). Then the server is stopped with SIGTERM
//! and the database checked: every night a captain was told was saved (303) is there whole, no
//! night is half there, and `PRAGMA integrity_check` says ok. Each figure is printed beside issue 17's target.
//!
//! It fails (exits non-zero) when a night told saved is missing, a night is half there, the
//! database is not sound, or the server does not stop cleanly; a target missed is printed as
//! such. `-- --keep DIR` leaves the database, the site and the server's log in DIR.

mod common;
#[path = "common/live.rs"]
mod live;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::work_dir;
use live::{Captain, Fixture, Http, Server, NIGHT, TO_PLAY};

const READERS: usize = 100;
/// The time between one captain's writes (12 captains: 4.8 writes a second in all).
const WRITE_GAP: Duration = Duration::from_millis(2500);

/// What the clients saw.
#[derive(Default)]
struct Tally {
    read_ms: Vec<f64>,
    write_ms: Vec<f64>,
    errors: Vec<String>,
    server_errors: usize,
    locked: usize,
    entered: Vec<i64>,
    confirmed: Vec<i64>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.read_ms.extend(other.read_ms);
        self.write_ms.extend(other.write_ms);
        self.errors.extend(other.errors);
        self.server_errors += other.server_errors;
        self.locked += other.locked;
        self.entered.extend(other.entered);
        self.confirmed.extend(other.confirmed);
    }

    /// Counts an answer that is not the one expected.
    fn refused(&mut self, what: &str, answer: Result<&live::Answer, &String>) {
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

/// The pages readers ask for, in four kinds read equally often: the front page, the seasons'
/// tables and pages, the teams' pages, the nights' pages (from a `don publish` of the same
/// database).
fn pages(bin: &Path, db: &Path, dir: &Path) -> [Vec<String>; 4] {
    let site = dir.join("site");
    let _ = std::fs::remove_dir_all(&site);
    live::don(bin, db, &["publish", "--out", site.to_str().unwrap()]);
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else if p.extension().is_some_and(|x| x == "html") {
                out.push(format!("/{}", p.strip_prefix(root).unwrap().display()));
            }
        }
    }
    let mut all = Vec::new();
    walk(&site, &site, &mut all);
    all.sort();
    let of = |keep: &dyn Fn(&str) -> bool| all.iter().filter(|p| keep(p)).cloned().collect();
    [
        vec!["/".to_string()],
        of(&|p| p.starts_with("/season/") && !p.contains("/night/")),
        of(&|p| p.starts_with("/team/")),
        of(&|p| p.contains("/night/")),
    ]
}

/// One reader: pages one after another until the end.
async fn reader(http: Http, pages: Arc<[Vec<String>; 4]>, seed: u64, end: Instant) -> Tally {
    let mut tally = Tally::default();
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while Instant::now() < end {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let kind = &pages[(rng % 4) as usize];
        let path = &kind[(rng >> 8) as usize % kind.len()];
        match http.call(path, None, None).await {
            Ok(a) if a.status.is_success() => tally.read_ms.push(ms(a.took)),
            other => tally.refused(&format!("GET {path}"), other.as_ref()),
        }
    }
    tally
}

/// What the captains share: the nights entered, waiting for each team to confirm them.
type ToConfirm = Arc<Mutex<HashMap<String, Vec<i64>>>>;

/// One captain: alternately confirms a night the other team entered and enters one of his
/// team's home nights, one write every `gap`, until the end or nothing is left.
async fn captain(
    http: Http,
    me: Captain,
    home: Vec<(Fixture, Vec<(String, String)>)>,
    to_confirm: ToConfirm,
    gap: Duration,
    end: Instant,
) -> Tally {
    let mut tally = Tally::default();
    let mut home = home.into_iter();
    let mut next = Instant::now();
    while Instant::now() < end {
        tokio::time::sleep_until(next.into()).await;
        next += gap;
        let waiting = to_confirm
            .lock()
            .unwrap()
            .get_mut(&me.team)
            .and_then(Vec::pop);
        let (night, what, form, away) = match waiting {
            Some(id) => (id, "confirm", Vec::new(), None),
            None => match home.next() {
                Some((f, form)) => (f.id, "enter", form, Some(f.away)),
                None => continue,
            },
        };
        let answer = me.post(&http, night, what, form).await;
        match &answer {
            Ok(a) if saved(a, what) => {
                tally.write_ms.push(ms(a.took));
                match away {
                    Some(away) => {
                        tally.entered.push(night);
                        to_confirm
                            .lock()
                            .unwrap()
                            .entry(away)
                            .or_default()
                            .push(night);
                    }
                    None => tally.confirmed.push(night),
                }
            }
            other => tally.refused(&format!("POST /my/night/{night}/{what}"), other.as_ref()),
        }
    }
    tally
}

/// The answer that says a form was saved: 303 to the night's page with `?done=entered` (or
/// confirmed).
fn saved(a: &live::Answer, what: &str) -> bool {
    a.status == hyper::StatusCode::SEE_OTHER
        && a.location
            .as_deref()
            .is_some_and(|l| l.contains(&format!("done={what}ed")))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn percentile(xs: &mut [f64], p: f64) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.sort_by(f64::total_cmp);
    xs[((xs.len() - 1) as f64 * p).round() as usize]
}

/// Signs each captain in and gives him his home nights to enter; the reason, if the captains
/// cannot sign in or reach their nights' pages.
async fn captains(
    http: &Http,
    db: &Path,
    fixtures: &[Fixture],
) -> Result<Vec<(Captain, Vec<(Fixture, Vec<(String, String)>)>)>, String> {
    let rosters = live::rosters(db, TO_PLAY);
    let mut out = Vec::new();
    for (team, token) in live::captains_links(db) {
        let me = Captain::sign_in(http, &team, &token).await?;
        let home = fixtures
            .iter()
            .enumerate()
            .filter(|(_, f)| f.home == team)
            .map(|(i, f)| {
                let form = live::night_form(&rosters[&f.home], &rosters[&f.away], i);
                (f.clone(), form)
            })
            .collect();
        out.push((me, home));
    }
    Ok(out)
}

/// Stops the server as systemd does (SIGTERM) and waits for it: whether it ended cleanly.
fn stop(mut server: Server) -> Result<(), String> {
    // SAFETY: a signal to the child this benchmark started and has not yet waited for.
    unsafe { libc::kill(server.child.id() as libc::pid_t, libc::SIGTERM) };
    let asked = Instant::now();
    while asked.elapsed() < Duration::from_secs(15) {
        if let Some(status) = server.child.try_wait().map_err(|e| e.to_string())? {
            return if status.success() {
                Ok(())
            } else {
                Err(format!("it ended with {status}: {}", server.said()))
            };
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Err("it was still running 15 s after SIGTERM".into())
}

fn main() {
    let secs: u64 = std::env::var("DON_BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let (_temp, dir, _) = work_dir();
    let bin = Path::new(env!("CARGO_BIN_EXE_don"));
    let db: PathBuf = dir.join("serve.db");
    live::sample_league(bin, Path::new(env!("CARGO_MANIFEST_DIR")), &db);
    let pages = Arc::new(pages(bin, &db, &dir));
    let fixtures = live::fixtures(&db, TO_PLAY);
    let server = Server::start(bin, &db, &dir.join("serve.log"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let (tally, writers, took) = runtime.block_on(async {
        let http = Http::new(&server.addr);
        let signed = captains(&http, &db, &fixtures).await;
        // The site made once before the clock starts, as a server up a while has it.
        let front = http.call("/", None, None).await.unwrap();
        assert_eq!(front.status.as_u16(), 200, "the front page: {}", front.body);
        let start = Instant::now();
        let end = start + Duration::from_secs(secs);
        let mut tasks = Vec::new();
        for i in 0..READERS {
            tasks.push(tokio::spawn(reader(
                http.clone(),
                Arc::clone(&pages),
                i as u64 + 1,
                end,
            )));
        }
        let to_confirm = ToConfirm::default();
        // Each captain's 11 entries and 11 confirmations spread over 60 s: the same rate of
        // writes however long the run.
        let gap = WRITE_GAP;
        let writers = match signed {
            Ok(captains) => {
                for (me, home) in captains {
                    let (h, t) = (http.clone(), Arc::clone(&to_confirm));
                    tasks.push(tokio::spawn(captain(h, me, home, t, gap, end)));
                }
                Ok(())
            }
            Err(why) => Err(why),
        };
        let mut tally = Tally::default();
        for t in tasks {
            tally.add(t.await.unwrap());
        }
        (tally, writers, start.elapsed().as_secs_f64())
    });
    let said = server.said();
    let stopped = stop(server);
    report(tally, writers, took, secs, &db, &said, stopped);
}

/// Prints each figure beside its target, checks the database, and fails on what is wrong
/// (rather than slow).
fn report(
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
    println!("serve: the sample season and {TO_PLAY} (132 fixtures to play), {READERS} readers and 12 captains for {secs} s, {build} don serve");
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
