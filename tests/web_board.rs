//! The live boards of `don serve` (`/board/game/{n}`, `/board/night/{fixture}`), in process:
//! a game in play on its board as worked by hand from the rules, the fragment board.js swaps
//! in, 404 for what is no board of the league served, the server-sent events telling a change
//! (an entry on the web, an undo, `don play` at the command line) within 2 s, a night's board
//! and its games, the headers, the streams bounded, and a board read changing nothing. Then as
//! a process: a change made by another `don` told on an open stream, and the server stopping
//! at once with a board's stream open.

use crate::common;
use crate::web;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use axum::Router;
use common::db::Db;
use don::app::game::GameToBegin;
use don::app::league::which::Choice;
use don::app::App;
use don::rules::Seat;
use don::web::board::events::{PER_ADDRESS, STREAMS};
use don::web::{router, ServeConfig, Shared};
use http_body_util::BodyExt;
use serde_json::json;
use tower::ServiceExt;
use web::*;

/// A league of three teams, and game 1 of Nine Card Don (Gareth, Dai, Rhys, Huw; S to pitch)
/// given a scorer's link, so one of the league's games on the web; game 2, of Phat, not.
fn league_and_web_game() -> Db {
    let db = Db::three_teams();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    db.ok(&["new", "phat", "--seats", "A, B, C, D"]);
    db.ok(&["scorer", "link", "1"]);
    db
}

/// Hand 1 of the first game of examples/nine-card-don.json, trick by trick, S pitching.
const HAND_1: [&str; 9] = [
    "tc 3c 8c 6c",
    "3h kh th ah",
    "9c 7c ac jc",
    "jd kd ad 9d",
    "8s 5s 7h 3s",
    "9s 4s td ts",
    "6h jh js qc",
    "6d qh kc ks",
    "2h as 5d 7s",
];

/// Enters lines at game `game`'s table as the web does: the game's latest change after.
fn enter(app: &mut App, game: i64, lines: &[&str]) -> Option<i64> {
    let mut seen = app.table_view(game).unwrap().seen;
    for line in lines {
        seen = app
            .table_line(game, seen, line)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .view
            .seen;
    }
    seen
}

/// Hand 1, then W pitching hand 2 and its first trick: what the board is then of.
fn hand_one_and_a_trick(db: &Db) -> Option<i64> {
    let mut app = app_of(db);
    enter(&mut app, 1, &HAND_1);
    let view = app.table_view(1).unwrap();
    // Nine Card Don's pitch goes round: W pitches hand 2, as the example has it.
    assert_eq!(view.status.pitcher, Some(Seat::W), "{}", view.status);
    enter(&mut app, 1, &["ts ks 7s as"])
}

/// What HTML says, its escapes read back.
fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&#60;", "<")
        .replace("&#62;", ">")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&#38;", "&")
        .replace("&amp;", "&")
}

/// The text of the element that begins with `open` (`<p id="status"`), to its `close`, its
/// tags taken out and its escapes read back.
fn text_of(html: &str, open: &str, close: &str) -> String {
    let at = html
        .find(open)
        .unwrap_or_else(|| panic!("no {open} in {html}"));
    let rest = &html[at..];
    let inner = &rest[rest.find('>').unwrap() + 1..];
    let inner = &inner[..inner.find(close).unwrap_or_else(|| panic!("no {close}"))];
    let mut text = String::new();
    let mut in_tag = false;
    for c in inner.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    unescape(text.trim())
}

/// The items of a list (`<ol id="in-play"`), as text.
fn items(html: &str, open: &str, close: &str) -> Vec<String> {
    let at = html.find(open).unwrap_or_else(|| panic!("no {open}"));
    let list = &html[at..];
    let list = &list[..list.find(close).unwrap()];
    list.split("<li")
        .skip(1)
        .map(|li| text_of(&format!("<li{li}"), "<li", "</li>"))
        .collect()
}

/// The rows of `table#hands`, each its cells as text.
fn hand_rows(html: &str) -> Vec<Vec<String>> {
    let at = html.find("<table id=\"hands\">").expect("table#hands");
    let table = &html[at..];
    let body = &table[table.find("<tbody>").unwrap()..table.find("</tbody>").unwrap()];
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<t")
                .skip(1)
                .map(|cell| {
                    let inner = &cell[cell.find('>').unwrap() + 1..];
                    unescape(&inner[..inner.find("</").unwrap()])
                })
                .collect()
        })
        .collect()
}

/// A game's card on a night's board, from its `li` to the next card's.
fn card(html: &str, game: i64) -> String {
    let part = html
        .split("<li id=\"game-")
        .find(|p| p.starts_with(&format!("{game}\"")))
        .unwrap_or_else(|| panic!("no card of game {game} in {html}"));
    part.to_string()
}

/// The opening tag of `div#board`.
fn board_tag(html: &str) -> &str {
    let at = html.find("<div id=\"board\"").expect("div#board");
    let tag = &html[at..];
    &tag[..tag.find('>').unwrap() + 1]
}

/// The value of an attribute in a tag.
fn attribute<'a>(tag: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    let at = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + key.len();
    &tag[at..at + tag[at..].find('"').unwrap()]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_play_is_on_its_board_as_worked_by_hand() {
    let db = league_and_web_game();
    let seen = hand_one_and_a_trick(&db);
    let (_, app) = server(&db);
    let page = get(&app, "/board/game/1", &[]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text());
    assert_eq!(
        page.header(header::CONTENT_TYPE),
        "text/html; charset=utf-8"
    );
    assert_guarded(&page, "the board");
    let html = page.text();
    let tag = board_tag(&html);
    assert_eq!(attribute(tag, "data-game"), "1");
    assert_eq!(attribute(tag, "data-seen"), seen.unwrap().to_string());
    assert_eq!(attribute(tag, "data-events"), "/board/game/1/events");
    assert_eq!(
        page.header("x-don-seen".parse().unwrap()),
        seen.unwrap().to_string()
    );

    // Hand 1, S pitching, clubs trumps (RULES.md §2): NS take tricks 1 and 6, pegging nothing
    // in play (a ten pegs nothing); EW peg 14 in trick 3 (9, ace and jack of trumps), 5 in
    // trick 5 (the 5 of spades), 2 in trick 7 (the queen of trumps), 3 in trick 8 (the king),
    // 5 in trick 9 (the 5 of diamonds): 29. Card value for game: NS 10 + 20 = 30, EW 17 + 5 +
    // 8 + 4 + 8 + 4 = 46, so EW peg the 8 for game: NS 0, EW 37.
    assert_eq!(
        hand_rows(&html),
        vec![vec!["1", "S Rhys", "clubs", "0", "37", "0", "37"]],
        "{html}"
    );
    // Hand 2, W pitching spades: TS (W) KS (N) 7S (E) AS (S): S's ace takes it and NS peg the
    // ace (4) and king (3) of trumps: 7. NS need 114 more to reach 121, EW 84.
    let status = text_of(&html, "<p id=\"status\"", "</p>");
    for part in [
        "Hand 2, trick 2",
        "W (Huw) pitched",
        "S (Rhys) to lead",
        "trumps spades",
    ] {
        assert!(status.contains(part), "{part} not in {status}");
    }
    // The scores once, in the sides' boxes (issue 29): not in the status, no "Score:" line.
    assert!(!status.contains("37"), "{status}");
    assert!(!html.contains("id=\"standing\""), "{html}");
    assert_eq!(
        items(&html, "<ol id=\"in-play\"", "</ol>"),
        vec!["TS KS 7S AS"]
    );
    assert_eq!(
        items(&html, "<ul id=\"seats\"", "</ul>"),
        vec!["N Gareth", "E Dai", "S Rhys", "W Huw"]
    );
    assert_eq!(
        items(&html, "<ul id=\"sides\"", "</ul>"),
        vec![
            "NS (Gareth & Rhys) 7 114 to go",
            "EW (Dai & Huw) 37 84 to go"
        ]
    );
    assert!(!html.contains("id=\"result\""), "not over yet");
    assert!(!html.contains("id=\"match\""), "a single game");
    // board.js, and the reload without JavaScript, in the head.
    let head = &html[..html.find("</head>").unwrap()];
    assert!(head.contains("<script src=\"/board.js\" defer></script>"));
    assert!(head.contains("<noscript><meta http-equiv=\"refresh\" content=\"2\"></noscript>"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_over_shows_its_result_and_every_hand() {
    let db = Db::three_teams();
    db.ok(&["import", "examples/nine-card-don.json"]);
    db.ok(&["scorer", "link", "1"]);
    let (_, app) = server(&db);
    let html = get(&app, "/board/game/1", &[]).await.text();
    // `check` of the record: NS win 126–119, the hands as it scores them.
    let checked: serde_json::Value =
        serde_json::from_str(&db.ok(&["check", "examples/nine-card-don.json", "--json"])).unwrap();
    let game = &checked["games"][0];
    let rows = hand_rows(&html);
    let hands = game["hands"].as_array().unwrap();
    assert_eq!(rows.len(), hands.len(), "{html}");
    let (mut ns, mut ew) = (0, 0);
    for (row, hand) in rows.iter().zip(hands) {
        let (p, q) = (
            hand["points"]["NS"].as_i64().unwrap(),
            hand["points"]["EW"].as_i64().unwrap(),
        );
        ns += p;
        ew += q;
        assert_eq!(
            row[3..],
            [p.to_string(), q.to_string(), ns.to_string(), ew.to_string()],
            "{row:?}"
        );
    }
    assert_eq!((ns, ew), (126, 119));
    let result = text_of(&html, "<p id=\"result\"", "</p>");
    assert!(
        result.contains("NS") && result.contains("126–119"),
        "{result}"
    );
    // The result said once (issue 29): no status saying it again, no next hand.
    assert_eq!(html.matches("126–119").count(), 1, "{html}");
    assert!(!html.contains("id=\"status\""), "{html}");
    assert_eq!(
        items(&html, "<ol id=\"in-play\"", "</ol>"),
        Vec::<String>::new()
    );
    assert!(!html.contains("id=\"held\""));
    // Linked as a leg of a night, the game is held there: the board says so.
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-11",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-0; #1 126-119",
    ]);
    let html = get(&app, "/board/game/1", &[]).await.text();
    assert_eq!(
        text_of(&html, "<p id=\"held\"", "</p>"),
        "A league night holds this game as one of its legs: nothing more is entered here."
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fragment_is_the_inside_of_the_board() {
    let db = league_and_web_game();
    let seen = hand_one_and_a_trick(&db);
    let (_, app) = server(&db);
    let page = get(&app, "/board/game/1", &[]).await.text();
    let fragment = get(&app, "/board/game/1?fragment=1", &[]).await;
    assert_eq!(fragment.status, StatusCode::OK);
    assert_guarded(&fragment, "the fragment");
    assert_eq!(
        fragment.header("x-don-seen".parse().unwrap()),
        seen.unwrap().to_string()
    );
    let inner = fragment.text();
    assert!(
        !inner.contains("<html") && !inner.contains("<head"),
        "{inner}"
    );
    assert!(!inner.contains("id=\"board\""), "only the inside: {inner}");
    let tag = board_tag(&page);
    let start = page.find(tag).unwrap() + tag.len();
    let end = page
        .rfind("</div>\n\n</main>")
        .unwrap_or_else(|| page.rfind("</div>").unwrap());
    assert_eq!(page[start..end].trim(), inner.trim());
    // The night's board too.
    let db = Db::with_html_name_and_a_game();
    let (_, app) = server(&db);
    let fixture = fixture_on(&db, "2025-09-11");
    let page = get(&app, &format!("/board/night/{fixture}"), &[])
        .await
        .text();
    let inner = get(&app, &format!("/board/night/{fixture}?fragment=1"), &[])
        .await
        .text();
    let tag = board_tag(&page);
    let start = page.find(tag).unwrap() + tag.len();
    let end = page.rfind("</div>").unwrap();
    assert_eq!(page[start..end].trim(), inner.trim());
}

/// The number of the fixture played on `date`.
fn fixture_on(db: &Db, date: &str) -> i64 {
    db.sql(&format!("SELECT id FROM fixtures WHERE date = '{date}'"))
        .trim()
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_leagues_games_and_nights_on_the_web_have_boards() {
    let db = Db::with_html_name_and_a_game();
    // Game 2 of another league on the web, and a night of it.
    db.league_new("Valleys League", &[]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--league",
        "Valleys League",
        "--teams",
        "A, B",
        "--create",
    ]);
    db.ok(&[
        "fixtures",
        "add",
        "A",
        "B",
        "2025-10-02",
        "--league",
        "Valleys League",
    ]);
    db.ok(&["scorer", "link", "2", "--league", "Valleys League"]);
    db.ok(&["new", "phat", "--seats", "A, B, C, D"]);
    let other_night = fixture_on(&db, "2025-10-02");
    let ours = fixture_on(&db, "2025-09-11");
    let config = ServeConfig {
        choice: Choice {
            league: Some("Abercarn Crib and Don League".into()),
            season: None,
        },
        ..config(&db, None)
    };
    let app = router(std::sync::Arc::new(Shared::open(&config).unwrap()));
    let before = db.dump();
    // Game 1 is a leg of one of the league's nights, but no game on the web: no board of its
    // own; game 2 (the example's second) is the other league's; game 3 is on no league's web;
    // 99 is no game.
    for path in [
        "/board/game/1",
        "/board/game/2",
        "/board/game/3",
        "/board/game/99",
        "/board/game/x",
        "/board/game/-1",
        "/board/game/99999999999999999999",
        "/board/game/1/events",
        "/board/game/2/events",
        "/board/game/99/events",
        &format!("/board/night/{other_night}"),
        &format!("/board/night/{other_night}/events"),
        "/board/night/999",
        "/board/night/999/events",
        "/board/night/x",
        "/board/night/x/events",
    ] {
        let a = get(&app, path, &[]).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {}", a.text());
        assert_guarded(&a, path);
        assert!(a.text().contains("there is no such page"), "{path}");
    }
    let night = get(&app, &format!("/board/night/{ours}"), &[]).await;
    assert_eq!(night.status, StatusCode::OK);
    assert_eq!(dump_closed(&db, app), before);
}

/// What an event stream has said so far, read until it has said `events` events (each ended
/// by a blank line), within `within`: none more than that may take.
async fn read_events(body: &mut Body, said: &mut String, events: usize, within: Duration) {
    let until = tokio::time::Instant::now() + within;
    while said.matches("\n\n").count() < events {
        let frame = tokio::time::timeout_at(until, body.frame())
            .await
            .unwrap_or_else(|_| panic!("{events} events not said within {within:?}: {said:?}"))
            .expect("the stream ended")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            said.push_str(std::str::from_utf8(&data).unwrap());
        }
    }
}

/// The `data` of the `change` events said, in order.
fn changes(said: &str) -> Vec<String> {
    said.split("\n\n")
        .filter(|e| e.contains("event: change"))
        .map(|e| {
            e.lines()
                .find_map(|l| l.strip_prefix("data: ").or(l.strip_prefix("data:")))
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

/// Opens a board's event stream in process: the answer's status, headers and body.
async fn open_events(app: &Router, uri: &str) -> axum::response::Response {
    open_events_from(app, uri, "10.0.0.1").await
}

/// The event stream at `uri`, asked from the address `from`.
async fn open_events_from(app: &Router, uri: &str, from: &str) -> axum::response::Response {
    app.clone()
        .oneshot(request(Method::GET, uri, from, &[], Body::empty()))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_events_tell_each_change_within_two_seconds() {
    let db = league_and_web_game();
    let (_, app) = server(&db);
    let answer = open_events(&app, "/board/game/1/events").await;
    assert_eq!(answer.status(), StatusCode::OK);
    let headers = answer.headers().clone();
    assert_eq!(
        headers[header::CONTENT_TYPE],
        "text/event-stream; charset=utf-8"
    );
    assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
    assert!(headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .contains("script-src 'self'"));
    let mut body = answer.into_body();
    let mut said = String::new();
    // At connect: what the board is of, the game's pitcher entered by `don new`.
    read_events(&mut body, &mut said, 1, Duration::from_secs(2)).await;
    let first = db
        .sql("SELECT max(id) FROM operations WHERE game = 1 AND summary != ''")
        .trim()
        .to_string();
    assert!(said.starts_with("retry: "), "{said:?}");
    assert_eq!(changes(&said), vec![first.clone()]);

    // An entry on the web: told within 2 s.
    let path = db.path.clone();
    let entered = tokio::task::spawn_blocking(move || {
        let mut app = App::open_existing(
            &path,
            don::app::Actor {
                name: "the test".into(),
                team: None,
                game: None,
                league: None,
            },
        )
        .unwrap();
        enter(&mut app, 1, &["tc 3c 8c 6c"])
    })
    .await
    .unwrap();
    let asked = Instant::now();
    read_events(&mut body, &mut said, 2, Duration::from_secs(2)).await;
    assert!(asked.elapsed() < Duration::from_secs(2));
    assert_eq!(changes(&said)[1], entered.unwrap().to_string());

    // An undo, and `don play` at the command line: each told too.
    let path = db.path.clone();
    let undone = tokio::task::spawn_blocking(move || {
        let mut app = App::open_existing(
            &path,
            don::app::Actor {
                name: "the test".into(),
                team: None,
                game: None,
                league: None,
            },
        )
        .unwrap();
        enter(&mut app, 1, &["undo"])
    })
    .await
    .unwrap();
    read_events(&mut body, &mut said, 3, Duration::from_secs(2)).await;
    assert_eq!(changes(&said)[2], undone.unwrap().to_string());
    let out = db.play(&["1"], "tc 3c 8c 6c\nquit\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    read_events(&mut body, &mut said, 4, Duration::from_secs(2)).await;
    let played = db
        .sql("SELECT max(id) FROM operations WHERE game = 1 AND summary != ''")
        .trim()
        .to_string();
    assert_eq!(changes(&said)[3], played);

    // A change to another game is no change of this board's.
    db.ok(&["scorer", "link", "2"]);
    db.play(&["2"], "pitcher N\nquit\n");
    let quiet = tokio::time::timeout(Duration::from_millis(1200), body.frame()).await;
    assert!(quiet.is_err(), "said more: {quiet:?}");
    assert_eq!(changes(&said).len(), 4, "{said:?}");
}

/// A league's night (2025-09-11, Royal Oak v the team of the HTML name) with game 1 linked as
/// leg 1 of its Don 1 (game 2 is the example's other game, on no night), and game 3 begun on
/// the web for it (Nine Card Don, S to pitch).
fn night_with_games() -> (Db, i64) {
    let db = Db::with_html_name_and_a_game();
    let fixture = fixture_on(&db, "2025-09-11");
    let record = json!({
        "format": "don/1",
        "ruleset": {"variant": "nine-card-don"},
        "date": "2025-09-11",
        "seats": {"N": "Gareth", "E": "Dai", "S": "Rhys", "W": "Huw"},
        "hands": [],
    });
    let begun = GameToBegin::new(record, Some(Seat::S)).unwrap();
    let made = app_of(&db)
        .web_game_new(&any_league(), Some(fixture), begun)
        .unwrap();
    assert_eq!(made.game, 3);
    (db, fixture)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nights_board_lists_its_games_each_linking_its_own() {
    let (db, fixture) = night_with_games();
    let mut app_db = app_of(&db);
    enter(&mut app_db, 3, &HAND_1[..3]);
    let (_, app) = server(&db);
    let page = get(&app, &format!("/board/night/{fixture}"), &[]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text());
    assert_guarded(&page, "the night's board");
    let html = page.text();
    // The team's name is shown as typed, never as markup.
    assert!(!html.contains("<b>Fox"), "{html}");
    assert!(
        unescape(&html).contains(
            "<p id=\"night\" class=\"board-night\">Thursday 11 September 2025 · 2025-26</p>"
        ),
        "{html}"
    );
    assert!(
        unescape(&html).contains(&format!("<title>Royal Oak v {} ·", Db::HTML_NAME)),
        "{html}"
    );
    let tag = board_tag(&html);
    assert_eq!(attribute(tag, "data-fixture"), fixture.to_string());
    assert_eq!(
        attribute(tag, "data-events"),
        format!("/board/night/{fixture}/events")
    );
    let latest = |game: i64| {
        db.sql(&format!(
            "SELECT max(id) FROM operations WHERE game = {game} AND summary != ''"
        ))
        .trim()
        .to_string()
    };
    let seen = format!("1:{} 3:{}", latest(1), latest(3));
    assert_eq!(attribute(tag, "data-seen"), seen);
    // Game 1, the night's leg, over: NS won 126–119 (`check` of the example); no board of its
    // own (it is no game on the web).
    let one = unescape(&card(&html, 1));
    assert!(one.contains("Game 1 · Don 1, leg 1"), "{one}");
    assert!(one.contains("126–119"), "{one}");
    assert!(!html.contains("href=\"/board/game/1\""));
    // Game 3, three tricks of hand 1 in: EW 14 (trick 3: the 9, ace and jack of clubs, trumps).
    assert!(
        html.contains("<a href=\"/board/game/3\">Game 3</a>"),
        "{html}"
    );
    let two = card(&html, 3);
    let two_text = unescape(&two);
    assert!(
        two_text.contains("NS (Gareth & Rhys)</span> <span class=\"side-score\">0"),
        "{two_text}"
    );
    assert!(
        two_text.contains("EW (Dai & Huw)</span> <span class=\"side-score\">14"),
        "{two_text}"
    );
    let status = text_of(&two, "<p class=\"card-status\"", "</p>");
    assert_eq!(status, "Hand 1, trick 4 · trumps clubs");
    // Its own board opens.
    assert_eq!(get(&app, "/board/game/3", &[]).await.status, StatusCode::OK);

    // The night's events: what it is of at connect, then an entry in game 2 told.
    let answer = open_events(&app, &format!("/board/night/{fixture}/events")).await;
    assert_eq!(answer.status(), StatusCode::OK);
    let mut body = answer.into_body();
    let mut said = String::new();
    read_events(&mut body, &mut said, 1, Duration::from_secs(2)).await;
    assert_eq!(changes(&said), vec![seen]);
    enter(&mut app_db, 3, &HAND_1[3..4]);
    read_events(&mut body, &mut said, 2, Duration::from_secs(2)).await;
    assert_eq!(
        changes(&said)[1],
        format!("1:{} 3:{}", latest(1), latest(3))
    );

    // A night with no game yet says so.
    let empty = fixture_on(&db, "2025-09-18");
    let html = get(&app, &format!("/board/night/{empty}"), &[])
        .await
        .text();
    assert!(html.contains("id=\"no-games\""), "{html}");
    assert_eq!(
        items(&html, "<ul id=\"games\"", "</ul>"),
        Vec::<String>::new()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_script_and_the_pages_keep_to_the_csp() {
    let (db, fixture) = night_with_games();
    let (_, app) = server(&db);
    let script = get(&app, "/board.js", &[]).await;
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(
        script.header(header::CONTENT_TYPE),
        "text/javascript; charset=utf-8"
    );
    assert_eq!(script.header(header::CACHE_CONTROL), "no-cache");
    assert_guarded(&script, "board.js");
    assert_eq!(
        script.text(),
        std::fs::read_to_string("crates/site/templates/board.js").unwrap()
    );
    assert!(script.text().contains("EventSource"));
    for path in [
        "/board/game/3".to_string(),
        "/board/game/3?fragment=1".to_string(),
        format!("/board/night/{fixture}"),
        format!("/board/night/{fixture}?fragment=1"),
    ] {
        let a = get(&app, &path, &[]).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert_guarded(&a, &path);
        assert_eq!(a.header(header::CACHE_CONTROL), "no-store", "{path}");
        let page = a.text();
        for inline in ["<style", " style=", " onclick=", " onload=", " onerror="] {
            assert!(!page.contains(inline), "{path} has {inline}");
        }
        for script in page.split("<script").skip(1) {
            assert!(
                script.split('>').next().unwrap().contains("src="),
                "{path}: inline script"
            );
        }
    }
    // The stylesheet has the board's part.
    let css = get(&app, "/style.css", &[]).await.text();
    assert!(css.contains("/* the live board */"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_read_changes_nothing() {
    let (db, fixture) = night_with_games();
    let before = db.dump();
    let (shared, app) = server(&db);
    for path in [
        "/board/game/3".to_string(),
        "/board/game/3?fragment=1".to_string(),
        format!("/board/night/{fixture}"),
        format!("/board/night/{fixture}?fragment=1"),
        "/board.js".to_string(),
    ] {
        assert_eq!(get(&app, &path, &[]).await.status, StatusCode::OK, "{path}");
    }
    for path in [
        "/board/game/3/events".to_string(),
        format!("/board/night/{fixture}/events"),
    ] {
        let mut body = open_events(&app, &path).await.into_body();
        let mut said = String::new();
        read_events(&mut body, &mut said, 1, Duration::from_secs(2)).await;
        // Polled a few times before it is let go.
        tokio::time::sleep(Duration::from_millis(700)).await;
    }
    drop(shared);
    assert_eq!(dump_closed(&db, app), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_streams_open_at_once_are_bounded() {
    let db = league_and_web_game();
    let (_, app) = server(&db);
    // From one address, PER_ADDRESS streams and no more (an IPv6 address counts by its /64):
    // one client cannot take every stream there is.
    let mut mine = Vec::new();
    for i in 0..PER_ADDRESS {
        let from = format!("[2001:db8:1:2::{:x}]", i + 1);
        let answer = open_events_from(&app, "/board/game/1/events", &from).await;
        assert_eq!(answer.status(), StatusCode::OK, "stream {i}");
        mine.push(answer.into_body());
    }
    let refused = open_events_from(&app, "/board/game/1/events", "[2001:db8:1:2::ff]").await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    // Another address is still let in; the streams of all addresses together are bounded.
    let mut open = Vec::new();
    for i in 0..STREAMS - PER_ADDRESS {
        let from = format!("10.0.{}.{}", i / 200, i % 200 + 1);
        let answer = open_events_from(&app, "/board/game/1/events", &from).await;
        assert_eq!(answer.status(), StatusCode::OK, "stream from {from}");
        open.push(answer.into_body());
    }
    let refused = send(
        &app,
        request(
            Method::GET,
            "/board/game/1/events",
            "10.9.9.9",
            &[],
            Body::empty(),
        ),
    )
    .await;
    assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(refused.header(header::RETRY_AFTER), "5");
    assert_guarded(&refused, "503");
    // The pages still answer; a stream let go makes room for another.
    assert_eq!(get(&app, "/board/game/1", &[]).await.status, StatusCode::OK);
    drop(open.pop());
    drop(mine.pop());
    let until = Instant::now() + Duration::from_secs(5);
    for from in ["10.9.9.9", "[2001:db8:1:2::ff]"] {
        loop {
            let answer = open_events_from(&app, "/board/game/1/events", from).await;
            if answer.status() == StatusCode::OK {
                break;
            }
            assert!(
                Instant::now() < until,
                "no room for {from} after a stream was let go"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// `don serve` started on a port the system chooses: the child and the address it listens on.
fn start(db: &Db) -> (Child, SocketAddr) {
    let mut child = db
        .cmd(&["serve", "--listen", "127.0.0.1:0"])
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
    let first = lines_rx
        .recv_timeout(Duration::from_secs(30))
        .unwrap_or_else(|_| {
            let _ = child.kill();
            panic!("don serve printed nothing")
        });
    let at = first
        .split("(listening on ")
        .nth(1)
        .and_then(|s| s.strip_suffix(")."))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .parse()
        .unwrap();
    (child, at)
}

/// Reads from a stream until what it said holds `needle`, within `within`.
fn read_until(stream: &mut TcpStream, said: &mut String, needle: &str, within: Duration) {
    let until = Instant::now() + within;
    let mut buf = [0u8; 4096];
    while !said.contains(needle) {
        let left = until.saturating_duration_since(Instant::now());
        assert!(
            !left.is_zero(),
            "{needle:?} not said within {within:?}: {said:?}"
        );
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut buf) {
            Ok(0) => panic!("the stream ended before {needle:?}: {said:?}"),
            Ok(n) => said.push_str(&String::from_utf8_lossy(&buf[..n])),
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn serve_tells_another_dons_entry_and_stops_at_once_with_a_board_open() {
    let db = league_and_web_game();
    let (mut child, at) = start(&db);
    let mut stream = TcpStream::connect(at).unwrap();
    stream
        .write_all(
            format!("GET /board/game/1/events HTTP/1.1\r\nHost: {at}\r\nAccept: text/event-stream\r\n\r\n")
                .as_bytes(),
        )
        .unwrap();
    let mut said = String::new();
    read_until(
        &mut stream,
        &mut said,
        "event: change\ndata: ",
        Duration::from_secs(10),
    );
    read_until(&mut stream, &mut said, "\n\n", Duration::from_secs(2));
    assert!(said.starts_with("HTTP/1.1 200 OK\r\n"), "{said}");
    assert!(said.contains("content-type: text/event-stream"), "{said}");
    // `don play`, another process, enters a trick: told within 2 s of its commit.
    let out = db.play(&["1"], "tc 3c 8c 6c\nquit\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let played = db
        .sql("SELECT max(id) FROM operations WHERE game = 1 AND summary != ''")
        .trim()
        .to_string();
    read_until(
        &mut stream,
        &mut said,
        &format!("event: change\ndata: {played}\n\n"),
        Duration::from_secs(2),
    );
    // SIGTERM with the stream open: the stream ends (the chunked body's last chunk), and the
    // server stops at once, well within its STOP_TIME.
    let asked = Instant::now();
    // SAFETY: kill(2) on the pid of a child this test started and has not waited for.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    read_until(
        &mut stream,
        &mut said,
        "\r\n0\r\n\r\n",
        don::web::STOP_TIME / 2,
    );
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if asked.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("don serve did not stop on SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = asked.elapsed();
    assert_eq!(status.code(), Some(0));
    assert!(
        took < don::web::STOP_TIME / 2,
        "stopping took {took:?} with a board open"
    );
    let mut rest = Vec::new();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let _ = stream.read_to_end(&mut rest);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_shows_the_leg_in_play_and_the_legs_won() {
    let db = Db::three_teams();
    db.ok(&[
        "new",
        "nine-card-don",
        "--legs",
        "3",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    db.ok(&["scorer", "link", "1"]);
    let mut app = app_of(&db);
    enter(&mut app, 1, &HAND_1);
    let (_, router) = server(&db);
    let html = get(&router, "/board/game/1", &[]).await.text();
    // Best of three legs: leg 1 in play, none won yet; hand 1 on the sheet with its leg.
    assert_eq!(
        text_of(&html, "<p id=\"match\"", "</p>"),
        "Leg 1 · legs won 0–0 · first to 2"
    );
    assert_eq!(
        items(&html, "<ul id=\"sides\"", "</ul>"),
        vec![
            "NS (Gareth & Rhys) 0 121 to go legs 0",
            "EW (Dai & Huw) 37 84 to go legs 0"
        ]
    );
    assert_eq!(
        hand_rows(&html),
        vec![vec!["1", "1", "S Rhys", "clubs", "0", "37", "0", "37"]]
    );
    assert!(
        html.contains("<th scope=\"col\" class=\"num\">Leg</th>"),
        "{html}"
    );
}
