//! `don serve`, in process: the public pages live (every page, its headers, ETag and 304,
//! `?confirmed`, paths that go nowhere), the site made once per state, and the safety of the
//! private links (guessed tokens, the rate limit, revoking, CSRF, body limits, the cookie,
//! signing out). The server as a process is tests/serve_process.rs's.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::{to_bytes, Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use common::db::Db;
use don::app::access::Revoke;
use don::app::which::Choice;
use don::app::{Actor, App};
use don::web::cache::Made;
use don::web::{router, ServeConfig, Shared};
use tower::ServiceExt;

/// What a request was answered.
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

impl Answer {
    fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(&name)
            .map(|v| v.to_str().unwrap())
            .unwrap_or_else(|| panic!("no {name} header"))
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

fn config(db: &Db, base_url: Option<&str>) -> ServeConfig {
    ServeConfig {
        db: db.path.clone(),
        choice: Choice {
            league: None,
            season: None,
        },
        listen: "127.0.0.1:0".parse().unwrap(),
        base_url: base_url.map(str::to_string),
    }
}

fn server(db: &Db) -> (Arc<Shared>, Router) {
    let shared = Arc::new(Shared::open(&config(db, None)).unwrap());
    (Arc::clone(&shared), router(shared))
}

fn sample() -> Db {
    let db = Db::new();
    db.import_sample_season();
    db
}

/// A request from `from`, as `don serve` hands it to the router.
fn request(
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

async fn send(app: &Router, request: Request<Body>) -> Answer {
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

async fn get(app: &Router, uri: &str, headers: &[(&str, &str)]) -> Answer {
    send(
        app,
        request(Method::GET, uri, "10.0.0.1", headers, Body::empty()),
    )
    .await
}

/// The headers every answer has, whatever it is.
fn assert_guarded(a: &Answer, what: &str) {
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
    assert_eq!(a.header(header::REFERRER_POLICY), "no-referrer", "{what}");
    assert_eq!(a.header(header::X_FRAME_OPTIONS), "DENY", "{what}");
    assert!(
        a.headers.get(header::STRICT_TRANSPORT_SECURITY).is_none(),
        "{what}: HSTS over http"
    );
}

fn app_of(db: &Db) -> App {
    let actor = Actor {
        name: "the test".into(),
        team: None,
    };
    App::open_existing(&db.path, actor).unwrap()
}

fn any_league() -> Choice {
    Choice {
        league: None,
        season: None,
    }
}

/// A captain's link for `team` (the secretary's with none), made as `don captain link` does:
/// its token.
fn link(db: &Db, team: Option<&str>) -> String {
    let (_, token) = app_of(db).link_make(&any_league(), team).unwrap();
    token.as_str().to_string()
}

/// Opens a link from `from`: the answer.
async fn open(app: &Router, token: &str, from: &str) -> Answer {
    let uri = format!("/link/{token}");
    send(app, request(Method::GET, &uri, from, &[], Body::empty())).await
}

/// Opens a link, which must work: the session cookie (`don_session=KEY`).
async fn sign_in(app: &Router, token: &str) -> String {
    let a = open(app, token, "10.0.0.9").await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text());
    let cookie = a.header(header::SET_COOKIE);
    cookie.split(';').next().unwrap().to_string()
}

/// The session's CSRF token, as the app keeps it.
fn csrf_of(db: &Db, cookie: &str) -> String {
    let key = cookie.strip_prefix("don_session=").unwrap();
    app_of(db).session(key).unwrap().unwrap().csrf
}

async fn post(app: &Router, uri: &str, cookie: &str, form: &str) -> Answer {
    let headers = [
        ("cookie", cookie),
        ("content-type", "application/x-www-form-urlencoded"),
    ];
    let body = Body::from(form.to_string());
    send(app, request(Method::POST, uri, "10.0.0.9", &headers, body)).await
}

#[tokio::test]
async fn every_public_page_answers_with_the_security_headers() {
    let db = sample();
    let (shared, app) = server(&db);
    let front = get(&app, "/", &[]).await;
    assert_eq!(front.status, StatusCode::OK);
    let made = shared.site.held(0).unwrap();
    assert!(made.files.len() > 20, "{} files", made.files.len());
    for (path, bytes) in &made.files {
        let a = get(&app, &format!("/{path}"), &[]).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert_eq!(&a.body, bytes, "{path}");
        assert_guarded(&a, path);
        assert_eq!(
            a.header(header::ETAG),
            format!("\"{}\"", made.state),
            "{path}"
        );
        assert!(a.header(header::LAST_MODIFIED).ends_with(" GMT"), "{path}");
        assert_eq!(a.header(header::CACHE_CONTROL), "no-cache", "{path}");
        if path.ends_with(".html") {
            assert_eq!(a.header(header::CONTENT_TYPE), "text/html; charset=utf-8");
            // The CSP allows nothing inline: no page may need it.
            let page = a.text();
            for inline in ["<style", " style=", " onclick=", " onload="] {
                assert!(!page.contains(inline), "{path} has {inline}");
            }
            for script in page.split("<script").skip(1) {
                assert!(
                    script.split('>').next().unwrap().contains("src="),
                    "{path}: inline script"
                );
            }
        }
    }
    // A folder is its index; the front page is index.html.
    assert_eq!(get(&app, "/index.html", &[]).await.body, front.body);
    let season = made.front.clone().unwrap();
    let folder = get(&app, &format!("/{season}/"), &[]).await;
    assert_eq!(folder.body, made.files[&format!("{season}/index.html")]);
    // HEAD: the headers alone.
    let head = send(
        &app,
        request(Method::HEAD, "/", "10.0.0.1", &[], Body::empty()),
    )
    .await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty());
    assert_eq!(head.header(header::ETAG), front.header(header::ETAG));
    // A page that is not there: 404, guarded, never cached.
    let none = get(&app, "/team/nobody.html", &[]).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_guarded(&none, "404");
    assert_eq!(none.header(header::CACHE_CONTROL), "no-store");
}

#[tokio::test]
async fn an_unchanged_page_is_not_modified_and_a_change_moves_the_etag() {
    let db = sample();
    let (_, app) = server(&db);
    let first = get(&app, "/", &[]).await;
    let etag = first.header(header::ETAG).to_string();
    let modified = first.header(header::LAST_MODIFIED).to_string();
    for asked in [
        ("if-none-match", etag.as_str()),
        ("if-none-match", &format!("W/{etag}")),
        ("if-none-match", &format!("\"x\", {etag}")),
        ("if-modified-since", modified.as_str()),
    ] {
        let a = get(&app, "/", &[asked]).await;
        assert_eq!(a.status, StatusCode::NOT_MODIFIED, "{asked:?}");
        assert!(a.body.is_empty(), "{asked:?}");
        assert_eq!(a.header(header::ETAG), etag);
        assert_guarded(&a, "304");
    }
    assert_eq!(
        get(&app, "/", &[("if-none-match", "\"0\"")]).await.status,
        StatusCode::OK
    );
    let before = "Mon, 01 Jan 2001 00:00:00 GMT";
    assert_eq!(
        get(&app, "/", &[("if-modified-since", before)])
            .await
            .status,
        StatusCode::OK
    );
    // If-None-Match rules over If-Modified-Since.
    let both = [
        ("if-none-match", "\"0\""),
        ("if-modified-since", modified.as_str()),
    ];
    assert_eq!(get(&app, "/", &both).await.status, StatusCode::OK);
    // Any change is an operation: making a link moves the state.
    link(&db, Some("Royal Oak"));
    let after = get(&app, "/", &[("if-none-match", etag.as_str())]).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_ne!(after.header(header::ETAG), etag);
}

#[tokio::test]
async fn many_readers_at_once_make_the_site_once_per_state() {
    let db = sample();
    let (shared, app) = server(&db);
    for round in 1..=2u64 {
        let readers: Vec<_> = (0..40)
            .map(|_| {
                let app = app.clone();
                tokio::spawn(async move { get(&app, "/", &[]).await })
            })
            .collect();
        let mut tags = Vec::new();
        for r in readers {
            let a = r.await.unwrap();
            assert_eq!(a.status, StatusCode::OK);
            tags.push(a.header(header::ETAG).to_string());
        }
        assert_eq!(
            shared.site.times_made(),
            round,
            "sites made by round {round}"
        );
        assert!(tags.windows(2).all(|w| w[0] == w[1]), "{tags:?}");
        link(&db, None);
    }
}

#[tokio::test]
async fn confirmed_asks_for_the_seasons_confirmed_nights() {
    let db = sample();
    let (shared, app) = server(&db);
    get(&app, "/", &[]).await;
    let made = shared.site.held(0).unwrap();
    let season = made.front.clone().unwrap();
    let confirmed = format!("{season}/confirmed.html");
    let mut files = made.files.clone();
    if !files.contains_key(&confirmed) {
        // Until publish writes it, the page is missing: 404, never the full table.
        assert_eq!(
            get(&app, "/?confirmed", &[]).await.status,
            StatusCode::NOT_FOUND
        );
        files.insert(confirmed.clone(), Bytes::from_static(b"confirmed only"));
    }
    shared.site.keep(Arc::new(Made {
        state: made.state,
        at: made.at.clone(),
        front: made.front.clone(),
        files: files.clone(),
    }));
    let want = &files[&confirmed];
    for uri in [
        "/?confirmed".to_string(),
        "/index.html?confirmed=1".to_string(),
        format!("/{season}/index.html?confirmed"),
        format!("/{season}/?x=1&confirmed"),
    ] {
        let a = get(&app, &uri, &[]).await;
        assert_eq!(a.status, StatusCode::OK, "{uri}");
        assert_eq!(&a.body, want, "{uri}");
    }
    for (uri, file) in [
        ("/?confirmedly", "index.html".to_string()),
        ("/?x=confirmed", "index.html".to_string()),
        (
            &format!("/{season}/table.html?confirmed"),
            format!("{season}/table.html"),
        ),
    ] {
        assert_eq!(get(&app, uri, &[]).await.body, files[&file], "{uri}");
    }
}

#[tokio::test]
async fn a_path_is_only_looked_up_among_the_sites_files() {
    let db = sample();
    let (_, app) = server(&db);
    for uri in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/season/..%2f..%2fCargo.toml",
        "/season/../../../../etc/passwd",
        "//etc/passwd",
        "/%00",
        "/%ff%fe.html",
        "/index.html%00.css",
        "/style.css/",
        "/src/main.rs",
    ] {
        let a = get(&app, uri, &[]).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(
            !a.text().contains("[package]") && !a.text().contains("root:"),
            "{uri}"
        );
    }
}

#[tokio::test]
async fn a_guessed_token_never_works_and_too_many_are_refused() {
    let db = sample();
    let (shared, app) = server(&db);
    let good = link(&db, Some("Royal Oak"));
    let limit = don::web::limit::FAILED_LINKS;
    for i in 0..limit {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).unwrap();
        let guess: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let guess = if i % 3 == 0 {
            guess
        } else {
            format!("{}", &guess[..10 + i as usize])
        };
        let a = open(&app, &guess, "10.0.0.1").await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "guess {i}");
        assert!(!a.text().contains(&guess), "the refusal shows the token");
        assert!(a.headers.get(header::SET_COOKIE).is_none());
        assert_guarded(&a, "403");
    }
    // The next one from there is refused before it is looked at, a good link too.
    assert_eq!(
        open(&app, "00", "10.0.0.1").await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        open(&app, &good, "10.0.0.1").await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Another address is not locked out.
    assert_eq!(
        open(&app, &good, "10.0.0.2").await.status,
        StatusCode::SEE_OTHER
    );
    // Addresses remembered are bounded.
    for i in 0..(don::web::limit::ADDRESSES as u32 + 100) {
        shared.limiter.failed(std::net::IpAddr::V4(i.into()));
    }
    assert!(shared.limiter.remembered() <= don::web::limit::ADDRESSES);
}

#[tokio::test]
async fn opening_a_link_sets_the_cookie_and_never_shows_the_token() {
    let db = sample();
    let (_, app) = server(&db);
    let token = link(&db, Some("Royal Oak"));
    let a = open(&app, &token, "10.0.0.3").await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    assert_eq!(a.header(header::LOCATION), "/my/");
    assert!(a.body.is_empty());
    assert_eq!(a.header(header::CACHE_CONTROL), "no-store");
    for (name, value) in &a.headers {
        assert!(
            !value.to_str().unwrap().contains(&token),
            "the token in {name}"
        );
    }
    assert_guarded(&a, "/link/");
    let cookie = a.header(header::SET_COOKIE);
    let attributes: Vec<&str> = cookie.split(';').map(str::trim).collect();
    assert!(attributes[0].starts_with("don_session=") && attributes[0].len() == 12 + 64);
    for want in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(attributes.contains(&want), "{cookie} lacks {want}");
    }
    assert!(
        !attributes.contains(&"Secure"),
        "Secure over http: {cookie}"
    );
    let home = get(&app, "/my/", &[("cookie", attributes[0])]).await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(!home.text().contains(&token));
    // Behind https: Secure, and browsers told to keep to https.
    let shared = Shared::open(&config(&db, Some("https://league.example.org"))).unwrap();
    let tls = router(Arc::new(shared));
    let a = open(&tls, &link(&db, None), "10.0.0.3").await;
    assert!(a
        .header(header::SET_COOKIE)
        .split(';')
        .any(|p| p.trim() == "Secure"));
    assert!(a
        .header(header::STRICT_TRANSPORT_SECURITY)
        .starts_with("max-age="));
}

#[tokio::test]
async fn a_revoked_link_and_its_session_stop_at_once() {
    let db = sample();
    let (_, app) = server(&db);
    let token = link(&db, Some("Royal Oak"));
    let cookie = sign_in(&app, &token).await;
    assert_eq!(
        get(&app, "/my/", &[("cookie", &cookie)]).await.status,
        StatusCode::OK
    );
    app_of(&db)
        .link_revoke(&any_league(), Revoke::Team("Royal Oak"))
        .unwrap();
    assert_eq!(
        get(&app, "/my/", &[("cookie", &cookie)]).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        open(&app, &token, "10.0.0.4").await.status,
        StatusCode::FORBIDDEN
    );
}

/// `sqlite3 .dump` of a database once the server over it is gone: the system's sqlite3 (an
/// older SQLite than don's) reading the database while this process still writes it made the
/// server's next reads fail with "disk I/O error".
fn dump_closed(db: &Db, app: Router) -> String {
    drop(app);
    db.dump()
}

#[tokio::test]
async fn a_forged_post_changes_nothing_and_signing_out_ends_the_session() {
    let db = sample();
    let (shared, app) = server(&db);
    drop(shared);
    let cookie = sign_in(&app, &link(&db, Some("Royal Oak"))).await;
    let csrf = csrf_of(&db, &cookie);
    let before = dump_closed(&db, app);
    let (shared, app) = server(&db);
    drop(shared);
    for form in [
        "",
        "csrf=",
        "csrf=0000",
        &format!("csrf={}x", csrf),
        "other=1",
    ] {
        let a = post(&app, "/sign-out", &cookie, form).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{form}");
        assert_guarded(&a, "forged");
    }
    // Not a form at all, or no session at all.
    let json = [
        ("cookie", cookie.as_str()),
        ("content-type", "application/json"),
    ];
    let body = Body::from(format!("{{\"csrf\":\"{csrf}\"}}"));
    let a = send(
        &app,
        request(Method::POST, "/sign-out", "10.0.0.9", &json, body),
    )
    .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let a = post(&app, "/sign-out", "don_session=00", &format!("csrf={csrf}")).await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    // A body too large, with no length said (cut off as it is read) and with it said.
    let big = format!("csrf={csrf}&x={}", "a".repeat(don::web::guard::BODY_LIMIT));
    let a = post(&app, "/sign-out", &cookie, &big).await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
    let length = big.len().to_string();
    let headers = [
        ("cookie", cookie.as_str()),
        ("content-type", "application/x-www-form-urlencoded"),
        ("content-length", length.as_str()),
    ];
    let a = send(
        &app,
        request(
            Method::POST,
            "/sign-out",
            "10.0.0.9",
            &headers,
            Body::from(big),
        ),
    )
    .await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_guarded(&a, "413");
    assert_eq!(
        dump_closed(&db, app),
        before,
        "a refused POST changed the database"
    );

    let (shared, app) = server(&db);
    drop(shared);
    assert_eq!(
        get(&app, "/my/", &[("cookie", &cookie)]).await.status,
        StatusCode::OK
    );
    let out = post(&app, "/sign-out", &cookie, &format!("csrf={csrf}")).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    assert_eq!(out.header(header::LOCATION), "/");
    let gone = out.header(header::SET_COOKIE);
    assert!(
        gone.starts_with("don_session=;") && gone.contains("Max-Age=0"),
        "{gone}"
    );
    let after = get(&app, "/my/", &[("cookie", &cookie)]).await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED, "{}", after.text());
}
