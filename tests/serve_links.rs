//! `don serve`, in process: the safety of the private links: a guessed token never works and
//! too many are refused per address, opening a link sets the session's cookie and never shows
//! the token, a revoked link stops at once, a forged or oversized POST changes nothing, signing
//! out ends the session.

use crate::web;

use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use don::app::access::Revoke;
use don::web::{router, Shared};
use web::*;

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
            guess[..10 + i as usize].to_string()
        };
        let a = open(&app, &guess, "10.0.0.1").await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "guess {i}");
        assert!(!a.text().contains(&guess), "the refusal shows the token");
        assert!(a.headers.get(header::SET_COOKIE).is_none());
        assert_guarded(&a, "403");
    }
    // The next one from there is refused before it is looked at, a good link too.
    let limited = open(&app, "00", "10.0.0.1").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = limited.header(header::RETRY_AFTER).parse().unwrap();
    assert!((1..=don::web::limit::WINDOW.as_secs() + 1).contains(&wait));
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
        let _ = shared.limiter.attempt(std::net::IpAddr::V4(i.into()));
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

#[tokio::test]
async fn behind_a_proxy_here_the_address_counted_is_the_one_it_forwards() {
    let db = sample();
    // `--behind-proxy`: the header is believed from a loopback peer (see tests/serve_abuse.rs
    // for a server not told so).
    let config = don::web::ServeConfig {
        proxies: don::web::config::Proxies {
            loopback: true,
            at: Vec::new(),
        },
        ..config(&db, None)
    };
    let app = don::web::router(std::sync::Arc::new(
        don::web::Shared::open(&config).unwrap(),
    ));
    let good = link(&db, Some("Royal Oak"));
    let try_from = |peer: &'static str, forwarded: &'static str, token: String| {
        let app = app.clone();
        async move {
            let uri = format!("/link/{token}");
            let headers = [("x-forwarded-for", forwarded)];
            send(
                &app,
                request(Method::POST, &uri, peer, &headers, Body::empty()),
            )
            .await
            .status
        }
    };
    // The proxy's last address is the client's; what the client wrote before it is not.
    for _ in 0..don::web::limit::FAILED_LINKS {
        let status = try_from("127.0.0.1", "9.9.9.9, 203.0.113.7", "00".into()).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let limited = try_from("127.0.0.1", "203.0.113.7", good.clone()).await;
    assert_eq!(limited, StatusCode::TOO_MANY_REQUESTS);
    let other = try_from("127.0.0.1", "203.0.113.8", good.clone()).await;
    assert_eq!(other, StatusCode::SEE_OTHER);
    // From elsewhere than this machine, the header is not believed.
    let spoofed = try_from("198.51.100.1", "203.0.113.7", good).await;
    assert_eq!(spoofed, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn many_guesses_at_once_are_held_to_the_limit() {
    let db = sample();
    let (_, app) = server(&db);
    let guesses: Vec<_> = (0..60)
        .map(|i| {
            let app = app.clone();
            tokio::spawn(async move { open(&app, &format!("{i:064x}"), "10.0.0.5").await.status })
        })
        .collect();
    let mut refused = 0;
    let mut limited = 0;
    for g in guesses {
        match g.await.unwrap() {
            StatusCode::FORBIDDEN => refused += 1,
            StatusCode::TOO_MANY_REQUESTS => limited += 1,
            other => panic!("a guess answered {other}"),
        }
    }
    assert_eq!(refused, don::web::limit::FAILED_LINKS);
    assert_eq!(limited, 60 - don::web::limit::FAILED_LINKS);
}
