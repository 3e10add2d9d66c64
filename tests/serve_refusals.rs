//! `don serve`'s refusals in the site's own words: a form under another program's lock (busy,
//! nothing saved), a link's button posted with a `null` origin, a body declared too large, a
//! method an address does not take.

use crate::web;

use crate::web::browser;

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use browser::{token, Browser};
use don::web::{router, ServeConfig, Shared};
use web::*;

/// A change the secretary or a captain posts while another program (a `sqlite3` shell) holds
/// the database's write lock is the server's 503 in its own words ("busy: nothing was saved"),
/// never SQLite's ("database is locked"), on every form that shows a refusal beside its input
/// (a deduction, a night entered, a night confirmed); and nothing is made after the lock goes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_form_refused_under_another_programs_lock_says_nothing_was_saved() {
    let (db, _) = browser::league();
    let config = ServeConfig {
        write_wait: Duration::from_millis(800),
        ..config(&db, None)
    };
    let shared = Arc::new(Shared::open(&config).unwrap());
    let app = router(Arc::clone(&shared));
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let ops_before = db.sql("SELECT count(*) FROM operations");
    let other = rusqlite::Connection::open(&db.path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let adjust = secretary
        .post(
            "/my/adjust",
            &[
                ("team", "Royal Oak"),
                ("what", "deduct"),
                ("points", "2"),
                ("reason", "late"),
                ("date", "2025-10-01"),
            ],
        )
        .await;
    let enter = secretary
        .post(
            "/my/night/1/enter",
            &[
                ("how", "totals"),
                ("totals_home", "5"),
                ("totals_away", "4"),
            ],
        )
        .await;
    for a in [adjust, enter] {
        assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE, "{}", a.page);
        assert!(a.page.contains("nothing was saved"), "{}", a.page);
        assert!(!a.page.contains("database is locked"), "{}", a.page);
    }
    other.execute_batch("COMMIT").unwrap();
    drop(other);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(db.sql("SELECT count(*) FROM operations"), ops_before);
    drop(shared);
}

/// A link's button posted with `Origin: null` and no `Sec-Fetch-Site` (what a browser too old
/// to send that header sends from another site's page that asks for no referrers, or from a
/// sandboxed frame) opens no session: another site could otherwise sign a visitor into the
/// attacker's team. The link's page has its own browser send the site's `Origin` instead
/// (`Referrer-Policy: strict-origin`, which sends no page's address), and that post opens it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_links_button_posted_with_a_null_origin_opens_no_session() {
    let (db, app) = browser::league();
    let uri = format!("/link/{}", token(&db, Some("Royal Oak")));
    let before = db.dump();
    let page = get(&app, &uri, &[("host", "league.example.org")]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text());
    assert_eq!(page.header(header::REFERRER_POLICY), "strict-origin");
    for headers in [
        vec![("origin", "null"), ("host", "league.example.org")],
        vec![("origin", "null")],
    ] {
        let a = send(
            &app,
            request(Method::POST, &uri, "10.0.0.4", &headers, Body::empty()),
        )
        .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{headers:?}: {}", a.text());
        assert!(a.headers.get(header::SET_COOKIE).is_none(), "{headers:?}");
    }
    assert_eq!(db.dump(), before, "no session opened");
    // The site's own Origin, as its page now has a browser send it: opened.
    let headers = [
        ("origin", "http://league.example.org"),
        ("host", "league.example.org"),
    ];
    let a = send(
        &app,
        request(Method::POST, &uri, "10.0.0.4", &headers, Body::empty()),
    )
    .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text());
    assert!(a.header(header::SET_COOKIE).starts_with("don_session="));
}

/// A form whose `Content-Length` says more than any form of the site may hold is refused with
/// the site's own 413 page (and its headers), not the body limit's plain "length limit
/// exceeded"; nothing is changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_declared_too_large_is_the_sites_own_413_page() {
    let (db, app) = browser::league();
    let before = db.dump();
    let body = format!("reason={}", "a".repeat(don::web::guard::BODY_LIMIT + 10));
    let length = body.len().to_string();
    let headers = [
        ("content-type", "application/x-www-form-urlencoded"),
        ("content-length", length.as_str()),
    ];
    let a = send(
        &app,
        request(
            Method::POST,
            "/my/adjust",
            "10.0.0.1",
            &headers,
            Body::from(body),
        ),
    )
    .await;
    let page = a.text();
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE, "{page}");
    assert!(page.contains("<html"), "the site's own page: {page}");
    assert!(page.contains("too large for any form"), "{page}");
    assert_guarded(&a, "a body too large");
    assert_eq!(db.dump(), before);
}

/// A form's address opened as a page (`GET /my/adjust`), or any address asked with a method it
/// does not take, is the site's own 405 page (its headers, its `Allow`), not an empty answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_method_an_address_does_not_take_is_the_sites_own_405_page() {
    let (_db, app) = browser::league();
    for (method, uri) in [
        (Method::GET, "/my/adjust"),
        (Method::PUT, "/my/"),
        (Method::DELETE, "/link/abc"),
        (Method::POST, "/index.html"),
    ] {
        let a = send(
            &app,
            request(method.clone(), uri, "10.0.0.1", &[], Body::empty()),
        )
        .await;
        let page = a.text();
        assert_eq!(a.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        assert!(
            page.contains("<html"),
            "{method} {uri}: the site's own page: {page:?}"
        );
        assert!(
            page.contains("does not take that kind of request"),
            "{page}"
        );
        assert!(!a.header(header::ALLOW).is_empty(), "{method} {uri}: Allow");
        assert_guarded(&a, "405");
    }
}
