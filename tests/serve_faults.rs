//! `don serve` stopped hard or asked to stop while captains submit nights (issue 17, point 7):
//! after `kill -9`, the database is sound, every night is all there or not there at all, and
//! every night a captain was told was saved (303 to `?done=entered`) is there; after SIGTERM the
//! server finishes what it was answering, exits 0, and leaves nothing half-written.
//!
//! The server is the real `don` binary on the sample season with a season still to play (see
//! benches/common/live.rs, which the serve benchmark shares).

use crate::live;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use live::{Captain, Fixture, Http, Server, NIGHT, TO_PLAY};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_don"))
}

/// The sample league with 2026-27 to play, in a temporary folder.
fn league() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("serve.db");
    live::sample_league(bin(), Path::new(env!("CARGO_MANIFEST_DIR")), &db);
    (dir, db)
}

/// Every captain signed in, each with his team's home nights not yet stored, as forms.
async fn captains(http: &Http, db: &Path) -> Vec<(Captain, Vec<(i64, Vec<(String, String)>)>)> {
    let fixtures: Vec<Fixture> = live::fixtures(db, TO_PLAY);
    let stored = live::stored(db, TO_PLAY);
    let rosters = live::rosters(db, TO_PLAY);
    let mut out = Vec::new();
    for (team, token) in live::captains_links(db) {
        let me = Captain::sign_in(http, &team, &token)
            .await
            .unwrap_or_else(|e| panic!("{team}'s captain cannot sign in: {e}"));
        let home = fixtures
            .iter()
            .enumerate()
            .filter(|(_, f)| f.home == team && stored[&f.id].0 == 0)
            .map(|(i, f)| {
                let form = live::night_form(&rosters[&f.home], &rosters[&f.away], i);
                (f.id, form)
            })
            .collect();
        out.push((me, home));
    }
    out
}

/// What the captains were told: the nights saved, and the answers that were neither a save nor
/// a lost connection (a refusal, a server error).
#[derive(Default)]
struct Told {
    saved: Vec<i64>,
    other: Vec<String>,
    lost: usize,
    /// Pages read meanwhile.
    read: usize,
}

/// Each captain enters his home nights one after another, as fast as the server answers, until
/// the connection is lost (the server stopped).
async fn submit(http: Http, me: Captain, home: Vec<(i64, Vec<(String, String)>)>) -> Told {
    let mut told = Told::default();
    for (night, form) in home {
        match me.post(&http, night, "enter", form).await {
            Ok(a) if a.status.as_u16() == 303 => {
                assert!(
                    a.location.as_deref() == Some(&format!("/my/night/{night}?done=entered")),
                    "a saved night sent to {:?}",
                    a.location
                );
                told.saved.push(night);
            }
            Ok(a) => told
                .other
                .push(format!("night {night}: {} {}", a.status, a.body)),
            Err(_) => {
                told.lost += 1;
                break;
            }
        }
    }
    told
}

/// The page readers read: the season's table, made anew after each night saved.
const TABLE: &str = "/season/2026-27/table.html";

/// A reader reading the season's table until the connection is lost (or `end`): how many
/// times.
async fn read(http: Http, end: Instant) -> usize {
    let mut n = 0;
    while Instant::now() < end {
        match http.call(TABLE, None, None).await {
            Ok(a) => {
                assert!(a.status.is_success(), "a page answered {}", a.status);
                n += 1;
            }
            Err(_) => break,
        }
    }
    n
}

/// How the server is stopped.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Kill,
    Term,
}

/// Starts the server, sets the captains submitting (and, with `readers`, 20 clients reading),
/// stops it `after` the start, and checks the database: sound, every night all there or not
/// at all, every night told saved there whole. What the captains were told, summed.
fn submissions_stopped(db: &Path, stop: Stop, after: Duration, writers: bool) -> Told {
    let log = db.with_extension("log");
    let mut server = Server::start(bin(), db, &log);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let told = runtime.block_on(async {
        let http = Http::new(&server.addr);
        // The site made once before the load, as a server that has been up a while has it.
        let table = http.call(TABLE, None, None).await.unwrap();
        assert_eq!(table.status.as_u16(), 200, "{}", table.body);
        let mut tasks = Vec::new();
        if writers {
            for (me, home) in captains(&http, db).await {
                tasks.push(tokio::spawn(submit(http.clone(), me, home)));
            }
        }
        let readers: Vec<_> = (0..20)
            .map(|_| tokio::spawn(read(http.clone(), Instant::now() + after * 10)))
            .collect();
        tokio::time::sleep(after).await;
        match stop {
            Stop::Kill => server.child.kill().unwrap(),
            // SAFETY: a signal to the child this test started and has not waited for.
            Stop::Term => unsafe {
                libc::kill(server.child.id() as libc::pid_t, libc::SIGTERM);
            },
        }
        let mut told = Told::default();
        for t in tasks {
            let t = t.await.unwrap();
            told.saved.extend(t.saved);
            told.other.extend(t.other);
            told.lost += t.lost;
        }
        told.read = futures_sum(readers).await;
        told
    });
    let status = server.child.wait().unwrap();
    if let Stop::Term = stop {
        assert!(
            status.success(),
            "after SIGTERM don serve ended with {status}: {}",
            server.said()
        );
    }
    assert!(
        told.other.is_empty(),
        "answers other than saved: {:?}",
        told.other
    );
    let said = server.said();
    assert!(
        !said.contains("database is locked"),
        "the server said: {said}"
    );
    check(db, &told.saved);
    told
}

async fn futures_sum(tasks: Vec<tokio::task::JoinHandle<usize>>) -> usize {
    let mut n = 0;
    for t in tasks {
        n += t.await.unwrap();
    }
    n
}

/// The database is sound, each night of the season all there or not at all, and every night
/// in `saved` there whole, provisional for the home team.
fn check(db: &Path, saved: &[i64]) {
    assert_eq!(live::integrity(db), "ok");
    let stored = live::stored(db, TO_PLAY);
    for (id, (matches, _)) in &stored {
        assert!(
            *matches == 0 || *matches == NIGHT,
            "night {id} is half there: {matches} matches"
        );
    }
    for id in saved {
        assert_eq!(
            stored[id],
            (NIGHT, Some("provisional".to_string())),
            "night {id} was told saved"
        );
    }
    // The command line opens it as it was left, and agrees.
    let table = live::don(bin(), db, &["standings", "--season", TO_PLAY, "--json"]);
    assert!(table.contains("Royal Oak"), "standings: {table}");
}

#[test]
fn kill_9_during_submissions_leaves_each_night_all_in_or_all_out() {
    let (_dir, db) = league();
    let mut saved = 0;
    // Killed at three moments, on the same database, each run entering what is left.
    for ms in [150, 400, 900] {
        let told = submissions_stopped(&db, Stop::Kill, Duration::from_millis(ms), true);
        assert!(
            told.lost > 0 || ms > 150,
            "the first kill, after {ms} ms, cut no submission short"
        );
        saved += told.saved.len();
    }
    assert!(saved > 0, "no night was saved before the kills");
}

#[test]
fn sigterm_during_submissions_exits_0_with_nothing_half_written() {
    let (_dir, db) = league();
    let told = submissions_stopped(&db, Stop::Term, Duration::from_millis(500), true);
    assert!(!told.saved.is_empty(), "no night was saved before SIGTERM");
}

#[test]
fn sigterm_during_reads_exits_0() {
    let (_dir, db) = league();
    let before = live::stored(&db, TO_PLAY);
    let told = submissions_stopped(&db, Stop::Term, Duration::from_millis(500), false);
    assert!(told.read > 0, "no page was read before SIGTERM");
    assert_eq!(live::stored(&db, TO_PLAY), before);
}

#[test]
fn a_night_form_is_nine_matches_from_the_rosters() {
    let (_dir, db) = league();
    let rosters = live::rosters(&db, TO_PLAY);
    let f = &live::fixtures(&db, TO_PLAY)[0];
    let form = live::night_form(&rosters[&f.home], &rosters[&f.away], 0);
    let legs = form
        .iter()
        .filter(|(k, _)| k.ends_with("_home_legs"))
        .count();
    assert_eq!(legs as i64, NIGHT);
    assert!(form.contains(&("m1_home2".into(), rosters[&f.home][1].clone())));
    assert!(
        !form.iter().any(|(k, _)| k == "m7_home2"),
        "single crib is singles"
    );
    let body = live::encode(&[("a b".into(), "Miners' Arms+1".into())]);
    assert_eq!(body, "a+b=Miners%27+Arms%2B1");
    let page = r#"<form><input type="hidden" name="csrf" value="ab12"></form>"#;
    assert_eq!(live::csrf_of(page).as_deref(), Some("ab12"));
}
