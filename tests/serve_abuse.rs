//! `don serve` under load and abuse: `X-Forwarded-For` believed only from a proxy the server was
//! told of (and then also on a dual-stack listener); the connections one address may hold; a
//! begin form's key only as the page sends it, and the games a link may begin; a change that
//! waits on another program's lock refused (503, the site's page) and never made after; a game
//! on the web bounded in its hands, and its board not made again while it is unchanged; a
//! captain's page read while every public read is taken.

use crate::common;
use crate::web;

use crate::web::browser;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Stdio};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use axum::Router;
use browser::{seen, text, token, Browser};
use common::db::Db;
use don::web::board::events::PER_ADDRESS;
use don::web::config::Proxies;
use don::web::limit::FAILED_LINKS;
use don::web::scorer::games::{GAMES_AN_HOUR, GAMES_A_NIGHT};
use don::web::{router, ServeConfig, Shared};
use serde_json::Value;
use web::*;

/// A link opened from `peer` with `X-Forwarded-For: forwarded`: whether it was refused as one
/// of too many failed links from one address (429).
async fn limited(app: &Router, peer: &str, forwarded: &str, token: &str) -> bool {
    let uri = format!("/link/{token}");
    let headers = [("x-forwarded-for", forwarded)];
    let a = send(
        app,
        request(Method::GET, &uri, peer, &headers, Body::empty()),
    )
    .await;
    assert!(!a.status.is_server_error(), "{}", a.text());
    a.status == StatusCode::TOO_MANY_REQUESTS
}

/// A token that is no link.
fn bad(i: usize) -> String {
    format!("{i:064x}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_behind_proxy_a_forged_forwarded_for_changes_nothing() {
    let db = sample();
    let (_, app) = server(&db);
    let good = link(&db, Some("Royal Oak"));
    // A client on this machine (no proxy told of) names another address in every try: the
    // tries are its own, and the address it names is not locked out.
    for i in 0..FAILED_LINKS as usize {
        assert!(!limited(&app, "127.0.0.1", "198.51.100.4", &bad(i)).await);
    }
    assert!(
        !limited(&app, "198.51.100.4", "", &good).await,
        "the address named in a forged header was locked out"
    );
    // Rotating the header does not get it past the limit either (nor does the dual-stack form
    // of its own address).
    assert!(limited(&app, "127.0.0.1", "203.0.113.99", &bad(99)).await);
    assert!(limited(&app, "[::ffff:127.0.0.1]", "203.0.113.98", &good).await);
    // Nor past the event streams' bound per address.
    let mut open = Vec::new();
    for i in 0..PER_ADDRESS {
        let forwarded = format!("203.0.113.{}", i + 1);
        let a = don_events(&app, "127.0.0.2", &forwarded).await;
        assert_eq!(a.status(), StatusCode::OK, "stream {i}");
        open.push(a.into_body());
    }
    let refused = don_events(&app, "127.0.0.2", "192.0.2.200").await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
}

/// Opens the event stream of the sample's first night from `peer`, naming `forwarded`.
async fn don_events(app: &Router, peer: &str, forwarded: &str) -> axum::response::Response {
    use tower::ServiceExt;
    let headers = [("x-forwarded-for", forwarded)];
    app.clone()
        .oneshot(request(
            Method::GET,
            "/board/night/1/events",
            peer,
            &headers,
            Body::empty(),
        ))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_proxy_told_of_each_client_counts_also_as_a_dual_stack_listener_sees_it() {
    let db = sample();
    let config = ServeConfig {
        proxies: Proxies {
            loopback: true,
            at: Vec::new(),
        },
        ..config(&db, None)
    };
    let app = router(Arc::new(Shared::open(&config).unwrap()));
    let good = link(&db, Some("Royal Oak"));
    // A dual-stack listener sees the proxy on this machine as ::ffff:127.0.0.1.
    for i in 0..FAILED_LINKS as usize {
        assert!(!limited(&app, "[::ffff:127.0.0.1]", "203.0.113.7", &bad(i)).await);
    }
    assert!(limited(&app, "[::ffff:127.0.0.1]", "203.0.113.7", &good).await);
    assert!(
        !limited(&app, "[::ffff:127.0.0.1]", "203.0.113.8", &good).await,
        "another client of the proxy was locked out with the first"
    );
    // Only the proxy's own (last) address is believed.
    assert!(limited(&app, "127.0.0.1", "203.0.113.8, 203.0.113.7", &good).await);
    // A peer that is not the proxy is itself, whatever it writes.
    assert!(!limited(&app, "198.51.100.1", "203.0.113.7", &good).await);
}

/// `don serve ARGS` started: the child and the port it listens on.
fn start(db: &Db, args: &[&str]) -> (Child, u16) {
    let mut all = vec!["serve"];
    all.extend_from_slice(args);
    let mut child = db
        .cmd(&all)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let Ok(first) = rx.recv_timeout(Duration::from_secs(30)) else {
        let _ = child.kill();
        panic!("don serve printed nothing");
    };
    let at: SocketAddr = first
        .split("(listening on ")
        .nth(1)
        .and_then(|s| s.strip_suffix(")."))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no address in {first}"));
    (child, at.port())
}

/// Sends `request` on a new connection to port `port` of this machine (IPv4) and reads the
/// answer until the server closes the connection.
fn exchange(port: u16, request: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let _ = stream.write_all(request.as_bytes());
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

fn link_through_proxy(port: u16, token: &str, forwarded: &str) -> String {
    exchange(
        port,
        &format!(
            "GET /link/{token} HTTP/1.1\r\nHost: league\r\nX-Forwarded-For: {forwarded}\r\nConnection: close\r\n\r\n"
        ),
    )
}

fn stop(mut child: Child) {
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn behind_proxy_on_a_dual_stack_listener_counts_the_client_the_proxy_names() {
    let db = sample();
    let good = link(&db, Some("Royal Oak"));
    let Ok(probe) = std::net::TcpListener::bind("[::]:0") else {
        eprintln!("no IPv6 here: the dual-stack listener is not tried");
        return;
    };
    drop(probe);
    let (child, port) = start(&db, &["--listen", "[::]:0", "--behind-proxy"]);
    for i in 0..FAILED_LINKS as usize {
        let a = link_through_proxy(port, &bad(i), "203.0.113.7");
        assert!(a.starts_with("HTTP/1.1 403"), "{a}");
    }
    let a = link_through_proxy(port, &good, "203.0.113.7");
    assert!(a.starts_with("HTTP/1.1 429"), "{a}");
    let a = link_through_proxy(port, &good, "203.0.113.8");
    assert!(
        !a.starts_with("HTTP/1.1 429"),
        "every client in one bucket: {a}"
    );
    assert!(!a.is_empty());
    stop(child);
}

#[test]
fn one_address_may_hold_so_many_connections_and_no_more() {
    let db = sample();
    let (child, port) = start(&db, &["--listen", "127.0.0.1:0"]);
    // Connections that have begun a request and hold it open (each waits for the rest of its
    // head for a while).
    let mut held = Vec::new();
    for _ in 0..don::web::CONNECTIONS_PER_ADDRESS {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.write_all(b"GET / HTTP/1.1\r\n").unwrap();
        held.push(s);
    }
    // The server takes them in order: once one more is closed at once, all are held.
    let extra = exchange(
        port,
        "GET / HTTP/1.1\r\nHost: league\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(extra, "", "a connection past the bound was answered");
    // One let go makes room for another.
    drop(held.pop());
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let a = exchange(
            port,
            "GET / HTTP/1.1\r\nHost: league\r\nConnection: close\r\n\r\n",
        );
        if a.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < until, "no room after a connection ended");
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(held);
    stop(child);
}

/// The begin form of a game of Phat, with `more`.
fn phat<'a>(more: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut fields = vec![
        ("variant", "phat"),
        ("north", "A"),
        ("east", "B"),
        ("south", "C"),
        ("west", "D"),
    ];
    fields.extend_from_slice(more);
    fields
}

fn games(db: &Db) -> usize {
    let games: Value = serde_json::from_str(&db.ok(&["games", "--json"])).unwrap();
    games.as_array().map_or(0, Vec::len)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_begin_key_not_as_the_page_sends_it_is_refused() {
    let (db, app) = browser::league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let long = "a".repeat(60_000);
    for key in [
        long.as_str(),
        "0123456789abcdef0123456789abcdef0",
        "0123456789ABCDEF0123456789ABCDEF",
        "0123456789abcdef0123456789abcdeg",
        "../../etc/passwd",
    ] {
        let a = secretary.post("/my/games", &phat(&[("begin", key)])).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{key}: {}", a.page);
        assert!(
            a.page.contains("not sent by the page that begins a game"),
            "{}",
            a.page
        );
        assert!(!a.page.contains(&long[..100]), "the key echoed");
    }
    assert_eq!(games(&db), 0);
    // The key the page sends begins the game.
    let page = secretary.get("/my/games").await.page;
    let key = page
        .split("name=\"begin\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    let a = secretary.post("/my/games", &phat(&[("begin", &key)])).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
    assert_eq!(games(&db), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_begins_so_many_games_an_hour_and_a_night_so_many() {
    let (db, app) = browser::league();
    let one = Browser::sign_in(&app, &token(&db, None)).await;
    for i in 0..GAMES_AN_HOUR {
        let a = one.post("/my/games", &phat(&[])).await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "game {i}: {}", a.page);
    }
    let a = one.post("/my/games", &phat(&[])).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{}", a.page);
    assert!(
        text(&a.page, "form-error").is_some_and(|t| t.contains("an hour"))
            || a.page.contains("games an hour"),
        "{}",
        a.page
    );
    assert_eq!(games(&db), GAMES_AN_HOUR);
    // Another link may begin its own; the night they are for takes so many from the
    // secretary's links together.
    let mut begun = 0;
    let mut n = 0;
    while begun < GAMES_A_NIGHT {
        let b = Browser::sign_in(&app, &token(&db, None)).await;
        for _ in 0..GAMES_AN_HOUR.min(GAMES_A_NIGHT - begun) {
            let a = b.post("/my/games", &phat(&[("fixture", "1")])).await;
            assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
            begun += 1;
        }
        n += 1;
        assert!(n < 10);
    }
    let c = Browser::sign_in(&app, &token(&db, None)).await;
    let a = c.post("/my/games", &phat(&[("fixture", "1")])).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{}", a.page);
    assert!(a.page.contains("for this night already"), "{}", a.page);
    assert_eq!(games(&db), GAMES_AN_HOUR + GAMES_A_NIGHT);
    // That link may still begin a game for no night.
    let a = c.post("/my/games", &phat(&[])).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_waiting_on_another_programs_lock_is_refused_and_never_made() {
    let (db, _) = browser::league();
    let config = ServeConfig {
        write_wait: Duration::from_millis(1500),
        ..config(&db, None)
    };
    let shared = Arc::new(Shared::open(&config).unwrap());
    let app = router(Arc::clone(&shared));
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let mut senders = Vec::new();
    for _ in 0..3 {
        senders.push(Browser::sign_in(&app, &token(&db, None)).await);
    }
    let ops_before = db.sql("SELECT count(*) FROM operations");
    // Another program (a `sqlite3` shell, say) holds the database's write lock.
    let other = rusqlite::Connection::open(&db.path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    // Changes sent meanwhile: each refused within the server's wait, the site's page, nothing
    // saved; reads, signed in and not, answer all the while.
    let form = phat(&[]);
    let (one, two, three, page, front) = tokio::join!(
        senders[0].post("/my/games", &form),
        senders[1].post("/my/games", &form),
        senders[2].post("/my/games", &form),
        async {
            tokio::time::sleep(Duration::from_millis(200)).await;
            secretary.get("/my/games").await
        },
        async {
            tokio::time::sleep(Duration::from_millis(200)).await;
            get(&app, "/", &[]).await
        },
    );
    assert_eq!(page.status, StatusCode::OK, "{}", page.page);
    assert_eq!(front.status, StatusCode::OK);
    for a in [one, two, three] {
        assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE, "{}", a.page);
        assert!(a.page.contains("nothing was saved"), "{}", a.page);
        assert!(a.page.contains("<html"), "the site's own page: {}", a.page);
    }
    // The lock let go: nothing of what was refused is made after.
    other.execute_batch("COMMIT").unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(other);
    assert_eq!(db.sql("SELECT count(*) FROM operations"), ops_before);
    assert_eq!(games(&db), 0);
    // And the next change is made.
    let a = secretary.post("/my/games", &phat(&[])).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
    assert_eq!(games(&db), 1);
    drop(shared);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_the_web_has_at_most_so_many_hands_and_its_board_is_made_once_a_change() {
    let (db, _) = browser::league();
    let shared = Arc::new(Shared::open(&config(&db, None)).unwrap());
    let app = router(Arc::clone(&shared));
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let a = secretary
        .post(
            "/my/games",
            &[
                ("variant", "nine-card-don"),
                ("opt_target", "10000"),
                ("north", "A"),
                ("east", "B"),
                ("south", "C"),
                ("west", "D"),
                ("pitcher", "S"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
    let game = a.to.strip_prefix("/my/game/").unwrap().to_string();
    let hands = don::app::game::scoring::WEB_HANDS as usize;
    // Played at the command line up to the bound (`don play` is not bounded).
    let out = db.play(&[&game], &"totals NS 0 EW 0\n".repeat(hands));
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let at = format!("/my/game/{game}");
    let page = secretary.get(&at).await.page;
    let a = secretary
        .post(
            &format!("{at}/line"),
            &[("seen", &seen(&page)), ("line", "totals NS 0 EW 0")],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.page);
    assert!(
        a.page.contains(&format!("at most {hands} hands")),
        "{}",
        a.page
    );
    let shown = db.show(&game);
    assert_eq!(
        shown["hands"].as_array().map(Vec::len),
        Some(hands),
        "{shown}"
    );
    // `undo` still takes one back, and the last hand may be entered again.
    secretary.enter(game.parse().unwrap(), "undo").await;
    secretary
        .enter(game.parse().unwrap(), "totals NS 3 EW 0")
        .await;
    // The board: made once for the game as it stands, and again after a change (another
    // don's), never shown as it was.
    let board = format!("/board/game/{game}");
    let first = get(&app, &board, &[]).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(shared.boards.len(), 1);
    let again = get(&app, &board, &[]).await;
    assert_eq!(again.body, first.body);
    let out = db.play(&[&game], "undo\n");
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let after = get(&app, &board, &[]).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_ne!(
        after.body, first.body,
        "the board shown as it was before the change"
    );
    assert_eq!(
        after.header(header::CONTENT_TYPE),
        "text/html; charset=utf-8"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signed_in_pages_answer_while_every_public_read_is_taken() {
    let db = sample();
    let (shared, app) = server(&db);
    let cookie = sign_in(&app, &link(&db, Some("Royal Oak"))).await;
    // Every turn to read for anyone taken (a crowd at the boards), and more waiting.
    let gate = Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
    let crowd: Vec<_> = (0..don::web::state::PUBLIC_READING + 4)
        .map(|_| {
            let (shared, gate) = (Arc::clone(&shared), Arc::clone(&gate));
            tokio::spawn(async move {
                shared
                    .read_public(move |_| {
                        let (open, opened) = &*gate;
                        let mut open = open.lock().unwrap();
                        while !*open {
                            open = opened.wait(open).unwrap();
                        }
                        Ok(())
                    })
                    .await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    // A captain's page is read in a turn of its own.
    let mine = tokio::time::timeout(
        Duration::from_secs(20),
        get(&app, "/my/", &[("cookie", &cookie)]),
    )
    .await
    .expect("a signed-in page waited behind the public reads");
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.text());
    *gate.0.lock().unwrap() = true;
    gate.1.notify_all();
    for read in crowd {
        read.await.unwrap().unwrap();
    }
}
