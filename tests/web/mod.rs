//! In-process requests to `don serve`'s router, as `don serve` hands them over (with the
//! peer's address), for the web tests: a league served, a request and its answer, the headers
//! every answer must have, a private link made and opened, a form posted.
#![allow(dead_code)]

/// A signed-in browser, in process.
pub mod browser;

use std::net::SocketAddr;
use std::sync::Arc;

use crate::common::db::Db;
use axum::body::{to_bytes, Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use don::app::league::which::Choice;
use don::app::{Actor, App};
use don::web::{router, ServeConfig, Shared};
use tower::ServiceExt;

/// What a request was answered.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Answer {
    pub fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(&name)
            .map(|v| v.to_str().unwrap())
            .unwrap_or_else(|| panic!("no {name} header"))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

pub fn config(db: &Db, base_url: Option<&str>) -> ServeConfig {
    ServeConfig {
        db: db.path.clone(),
        choice: Choice {
            league: None,
            season: None,
        },
        listen: "127.0.0.1:0".parse().unwrap(),
        base_url: base_url.map(str::to_string),
        proxies: Default::default(),
        write_wait: don::web::config::WRITE_WAIT,
    }
}

pub fn server(db: &Db) -> (Arc<Shared>, Router) {
    let shared = Arc::new(Shared::open(&config(db, None)).unwrap());
    (Arc::clone(&shared), router(shared))
}

pub fn sample() -> Db {
    let db = Db::new();
    db.import_sample_season();
    db
}

/// A request from `from`, as `don serve` hands it to the router.
pub fn request(
    method: Method,
    uri: &str,
    from: &str,
    headers: &[(&str, &str)],
    body: Body,
) -> Request<Body> {
    let mut r = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        r = r.header(*name, *value);
    }
    let from: SocketAddr = format!("{from}:40000").parse().unwrap();
    r.extension(ConnectInfo(from)).body(body).unwrap()
}

pub async fn send(app: &Router, request: Request<Body>) -> Answer {
    let answer = app.clone().oneshot(request).await.unwrap();
    let status = answer.status();
    let headers = answer.headers().clone();
    let body = to_bytes(answer.into_body(), usize::MAX).await.unwrap();
    Answer {
        status,
        headers,
        body,
    }
}

pub async fn get(app: &Router, uri: &str, headers: &[(&str, &str)]) -> Answer {
    send(
        app,
        request(Method::GET, uri, "10.0.0.1", headers, Body::empty()),
    )
    .await
}

/// The headers every answer has, whatever it is.
pub fn assert_guarded(a: &Answer, what: &str) {
    let csp = a.header(header::CONTENT_SECURITY_POLICY);
    for part in [
        "default-src 'none'",
        "frame-ancestors 'none'",
        "style-src 'self'",
        "script-src 'self'",
    ] {
        assert!(csp.contains(part), "{what}: CSP {csp} lacks {part}");
    }
    assert!(!csp.contains("unsafe-inline"), "{what}: {csp}");
    assert_eq!(
        a.header(header::X_CONTENT_TYPE_OPTIONS),
        "nosniff",
        "{what}"
    );
    // (A link's page says `strict-origin`: its button's post then carries the site's Origin;
    // neither sends a page's address, and so never a token, to anyone.)
    assert!(
        ["no-referrer", "strict-origin"].contains(&a.header(header::REFERRER_POLICY)),
        "{what}: Referrer-Policy {}",
        a.header(header::REFERRER_POLICY)
    );
    assert_eq!(a.header(header::X_FRAME_OPTIONS), "DENY", "{what}");
    assert!(
        a.headers.get(header::STRICT_TRANSPORT_SECURITY).is_none(),
        "{what}: HSTS over http"
    );
}

pub fn app_of(db: &Db) -> App {
    let actor = Actor {
        name: "the test".into(),
        team: None,
        game: None,
        league: None,
    };
    App::open_existing(&db.path, actor).unwrap()
}

pub fn any_league() -> Choice {
    Choice {
        league: None,
        season: None,
    }
}

/// A captain's link for `team` (the secretary's with none), made as `don captain link` does:
/// its token.
pub fn link(db: &Db, team: Option<&str>) -> String {
    let (_, token) = app_of(db).link_make(&any_league(), team).unwrap();
    token.as_str().to_string()
}

/// Opens a link from `from`, as its page's button does (a POST to its address): the answer.
pub async fn open(app: &Router, token: &str, from: &str) -> Answer {
    let uri = format!("/link/{token}");
    send(app, request(Method::POST, &uri, from, &[], Body::empty())).await
}

/// Opens a link, which must work: the session cookie (`don_session=KEY`).
pub async fn sign_in(app: &Router, token: &str) -> String {
    let a = open(app, token, "10.0.0.9").await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text());
    let cookie = a.header(header::SET_COOKIE);
    cookie.split(';').next().unwrap().to_string()
}

/// The session's CSRF token, as the app keeps it.
pub fn csrf_of(db: &Db, cookie: &str) -> String {
    let key = cookie.strip_prefix("don_session=").unwrap();
    app_of(db).session(key).unwrap().unwrap().csrf
}

pub async fn post(app: &Router, uri: &str, cookie: &str, form: &str) -> Answer {
    let headers = [
        ("cookie", cookie),
        ("content-type", "application/x-www-form-urlencoded"),
    ];
    let body = Body::from(form.to_string());
    send(app, request(Method::POST, uri, "10.0.0.9", &headers, body)).await
}

/// `sqlite3 .dump` of a database once the server over it is gone: the system's sqlite3 (an
/// older SQLite than don's) reading the database while this process still writes it made the
/// server's next reads fail with "disk I/O error".
pub fn dump_closed(db: &Db, app: Router) -> String {
    drop(app);
    db.dump()
}
