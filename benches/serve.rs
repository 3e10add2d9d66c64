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
#[path = "common/serve_report.rs"]
mod report;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::work_dir;
use live::{Captain, Fixture, Http, Server, TO_PLAY};
use report::{ms, report, Tally};

/// Readers: 100, as issue 17 asks, unless DON_BENCH_READERS says otherwise (0 measures the
/// writes alone).
pub fn readers() -> usize {
    std::env::var("DON_BENCH_READERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100)
}
/// The time between one captain's writes (12 captains: 4.8 writes a second in all).
const WRITE_GAP: Duration = Duration::from_millis(2500);

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
        for i in 0..readers() {
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
