//! `don serve` as a process: what it prints when it starts, the pages over a real socket, a
//! clean stop on SIGTERM with a connection still open, the limits on a request's head, and the
//! databases and addresses it refuses before it listens.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::db::refused;
use common::db::Db;
use common::text;

/// `don serve` started on a port the system chooses: the child, the address it printed it
/// listens on, and the lines it printed.
fn start(db: &Db, more: &[&str]) -> (Child, SocketAddr, Vec<String>) {
    start_on(db, "127.0.0.1:0", more)
}

/// `don serve` started listening on `listen`, as [`start`].
fn start_on(db: &Db, listen: &str, more: &[&str]) -> (Child, SocketAddr, Vec<String>) {
    let mut args = vec!["serve", "--listen", listen];
    args.extend(more);
    let mut child = db
        .cmd(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines_tx, lines_rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    while lines.len() < 3 {
        match lines_rx.recv_timeout(Duration::from_secs(30)) {
            Ok(line) => lines.push(line),
            Err(_) => {
                let _ = child.kill();
                panic!("don serve printed only {lines:?}");
            }
        }
    }
    let at = lines[0]
        .split("(listening on ")
        .nth(1)
        .and_then(|s| s.strip_suffix(")."))
        .unwrap_or_else(|| panic!("no address in {:?}", lines[0]))
        .parse()
        .unwrap();
    (child, at, lines)
}

/// Sends `request` as it is and reads the answer until the server closes the connection.
fn exchange(at: SocketAddr, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(at).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

fn get(at: SocketAddr, path: &str) -> String {
    exchange(
        at,
        format!("GET {path} HTTP/1.1\r\nHost: {at}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

/// Sends SIGTERM and waits for the child to end: its exit code, and how long it took.
fn terminate(mut child: Child) -> (Option<i32>, Duration) {
    let asked = Instant::now();
    // SAFETY: kill(2) on the pid of a child this test started and has not waited for.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status.code(), asked.elapsed());
        }
        if asked.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("don serve did not stop on SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn it_serves_pages_and_stops_cleanly_on_sigterm() {
    let db = Db::new();
    db.import_sample_season();
    let (child, at, lines) = start(&db, &["--base-url", "https://league.example.org/"]);
    assert_eq!(
        lines[0],
        format!("Serving the league at https://league.example.org (listening on {at}).")
    );
    let which = format!(
        "--db {} --base-url https://league.example.org`",
        db.path.display()
    );
    assert!(
        lines[1].contains(&format!("`don captain link TEAM {which}"))
            && lines[1].contains(&format!("`don secretary link {which}")),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("SIGTERM"), "{}", lines[2]);

    let front = get(at, "/");
    assert!(front.starts_with("HTTP/1.1 200 OK\r\n"), "{front}");
    assert!(front.contains("\r\netag: \""), "{front}");
    assert!(front.contains("\r\ncontent-security-policy: "), "{front}");
    assert!(front.contains("\r\nstrict-transport-security: "), "{front}");
    assert!(front.contains("</html>"));
    let refused = get(at, "/link/0123");
    assert!(refused.starts_with("HTTP/1.1 403 "), "{refused}");

    // A head with too many fields, or one too large: refused, the server unharmed.
    let mut many = String::from("GET / HTTP/1.1\r\nHost: x\r\n");
    for i in 0..200 {
        many.push_str(&format!("X-Field-{i}: {i}\r\n"));
    }
    many.push_str("Connection: close\r\n\r\n");
    let answer = exchange(at, many.as_bytes());
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
    let long = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Long: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(64 * 1024)
    );
    let answer = exchange(at, long.as_bytes());
    assert!(!answer.contains(" 200 OK"), "{answer}");
    assert!(get(at, "/").starts_with("HTTP/1.1 200 OK\r\n"));

    // A connection kept open after its request does not hold the stop up.
    let mut open = TcpStream::connect(at).unwrap();
    open.write_all(format!("GET /style.css HTTP/1.1\r\nHost: {at}\r\n\r\n").as_bytes())
        .unwrap();
    let mut first = [0u8; 15];
    open.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200 OK");
    let (code, took) = terminate(child);
    assert_eq!(code, Some(0));
    assert!(took < Duration::from_secs(5), "took {took:?} to stop");
    assert!(TcpStream::connect(at).is_err(), "still listening");
}

#[test]
fn a_client_that_never_ends_its_head_is_cut_off() {
    let db = Db::new();
    db.import_sample_season();
    let (child, at, _) = start(&db, &[]);
    let mut slow = TcpStream::connect(at).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
    let began = Instant::now();
    let mut answer = Vec::new();
    let _ = slow.read_to_end(&mut answer);
    let took = began.elapsed();
    assert!(
        took >= Duration::from_secs(5) && took < Duration::from_secs(20),
        "cut off after {took:?}"
    );
    assert!(!String::from_utf8_lossy(&answer).contains("200 OK"));
    assert_eq!(terminate(child).0, Some(0));
}

#[test]
fn what_it_cannot_serve_is_refused_before_it_listens() {
    let missing = Db::new();
    let out = missing.run(&["serve"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("there is no database at"));
    assert!(!missing.path.exists());
    // (A database with games and no league serves its friendly games: see
    // `a_database_of_friendly_games_and_no_league_is_served`.)
    let named = Db::new();
    named.ok(&["new", "nine-card-don"]);
    refused(&named, &["serve", "--league", "Valleys"], 2, "Valleys");
    let two = Db::new();
    two.league_new("A", &[]);
    two.league_new("B", &[]);
    refused(&two, &["serve"], 2, "which league? Give --league");
    let newer = Db::new();
    newer.league_new("A", &[]);
    newer.sql("PRAGMA user_version = 99;");
    refused(&newer, &["serve"], 2, "written by a newer version of don");
    let not_ours = Db::new();
    std::fs::write(&not_ours.path, "not a database, but a letter").unwrap();
    let out = not_ours.run(&["serve"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is not a database"),
        "{}",
        text(&out.stderr)
    );
    refused(
        &two,
        &["serve", "--base-url", "league.example.org"],
        2,
        "https://",
    );

    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let at = taken.local_addr().unwrap().to_string();
    let out = refused(
        &two,
        &["serve", "--league", "A", "--listen", &at],
        2,
        "cannot listen on",
    );
    assert!(
        text(&out.stderr).contains("--listen"),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).is_empty(), "{}", text(&out.stdout));
}

#[test]
fn a_request_being_answered_when_told_to_stop_is_finished() {
    let db = Db::new();
    db.import_sample_season();
    let actor = don::app::Actor {
        name: "the test".into(),
        team: None,
        game: None,
        league: None,
    };
    let mut app = don::app::App::open_existing(&db.path, actor).unwrap();
    let choice = don::app::league::which::Choice {
        league: None,
        season: None,
    };
    let (_, token) = app.link_make(&choice, Some("Royal Oak")).unwrap();
    let (child, at, _) = start(&db, &[]);
    let opened = exchange(
        at,
        format!(
            "POST /link/{} HTTP/1.1\r\nHost: {at}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            token.as_str()
        )
        .as_bytes(),
    );
    let cookie = opened
        .split("\r\n")
        .find_map(|h| h.strip_prefix("set-cookie: "))
        .and_then(|c| c.split(';').next())
        .unwrap_or_else(|| panic!("{opened}"))
        .to_string();
    let key = cookie.strip_prefix("don_session=").unwrap();
    let csrf = app.session(key).unwrap().unwrap().csrf;
    // Signing out, its form sent in two halves with the stop asked between them.
    let form = format!("csrf={csrf}");
    let (first, second) = form.split_at(10);
    let mut stream = TcpStream::connect(at).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let head = format!(
        "POST /sign-out HTTP/1.1\r\nHost: {at}\r\nCookie: {cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{first}",
        form.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: kill(2) on the pid of a child this test started and has not waited for.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) },
        0
    );
    std::thread::sleep(Duration::from_millis(300));
    stream.write_all(second.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 303 "), "{answer}");
    let (code, _) = terminate(child);
    assert_eq!(code, Some(0));
    assert!(
        app.session(key).unwrap().is_none(),
        "the sign-out was not done"
    );
}

/// Listening on every address (`0.0.0.0`), with no `--base-url`: the links it says to make
/// begin with an address a browser on another machine can open (this machine's on its
/// network; `localhost` only with no network), never `0.0.0.0`, which `--base-url` refuses.
#[test]
fn on_every_address_the_links_it_says_to_make_begin_with_this_machine_s_address() {
    let db = Db::new();
    db.import_sample_season();
    let (mut child, at, lines) = start_on(&db, "0.0.0.0:0", &[]);
    let _ = child.kill();
    let _ = child.wait();
    // This machine's address on its network, found as a datagram to another network would
    // leave from it (nothing is sent).
    let own = std::net::UdpSocket::bind("0.0.0.0:0").ok().and_then(|s| {
        s.connect("192.0.2.1:9").ok()?;
        let ip = s.local_addr().ok()?.ip();
        (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
    });
    let base = match own {
        Some(ip) => format!("http://{ip}:{}", at.port()),
        None => format!("http://localhost:{}", at.port()),
    };
    assert!(!base.contains("0.0.0.0"), "{base}");
    assert_eq!(
        lines[0],
        format!("Serving the league at {base} (listening on {at}).")
    );
    assert!(
        lines[1].contains(&format!("--base-url {base}`")),
        "{}",
        lines[1]
    );
    refused(
        &db,
        &[
            "captain",
            "link",
            "Royal Oak",
            "--base-url",
            "http://0.0.0.0:8080",
        ],
        2,
        "every address of this machine",
    );
}

#[test]
fn a_database_of_friendly_games_and_no_league_is_served() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--seats", "Gareth, Dai, Rhys, Huw"]);
    // A scorer's link with no league: made, revoked, made again; a captain's still needs one.
    let base = "https://pub.example.org";
    let made = db.ok(&["scorer", "link", "1", "--base-url", base]);
    assert!(made.contains(&format!("{base}/link/")), "{made}");
    assert!(
        made.contains("Link 1 made for the scorer of game 1"),
        "{made}"
    );
    let revoked = db.ok(&["scorer", "revoke", "1"]);
    assert!(revoked.contains('1'), "{revoked}");
    db.ok(&["scorer", "link", "1", "--base-url", base]);
    refused(
        &db,
        &["captain", "link", "Red Lion"],
        2,
        "there is no league yet",
    );
    refused(&db, &["secretary", "link"], 2, "there is no league yet");
    let (child, at, lines) = start(&db, &["--base-url", base]);
    assert_eq!(
        lines[0],
        format!("Serving the friendly games at {base} (listening on {at}).")
    );
    assert!(
        lines[1].contains("`don scorer link GAME --db "),
        "{lines:?}"
    );
    assert!(get(at, "/board/game/1").starts_with("HTTP/1.1 200"));
    assert!(get(at, "/").starts_with("HTTP/1.1 404"));
    let (code, _) = terminate(child);
    assert_eq!(code, Some(0));
}
