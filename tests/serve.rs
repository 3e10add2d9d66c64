//! `don serve`, in process: the public pages live (every page and its headers, ETag and 304,
//! `?confirmed`, paths that go nowhere), and the site made once per state of the database. The
//! private links are tests/serve_links.rs's; the server as a process, tests/serve_process.rs's.

use crate::web;

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::http::{header, Method, StatusCode};
use don::web::cache::MadeSite;
use web::*;

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
    let mut made = Vec::new();
    for round in 1..=3u64 {
        let readers: Vec<_> = (0..40)
            .map(|_| {
                let app = app.clone();
                tokio::spawn(async move { get(&app, "/", &[]).await })
            })
            .collect();
        let mut answers = Vec::new();
        for r in readers {
            let a = r.await.unwrap();
            assert_eq!(a.status, StatusCode::OK);
            answers.push(a);
        }
        assert_eq!(
            shared.site.times_made(),
            round,
            "sites made by round {round}"
        );
        made.push(shared.site.held(0).unwrap());
        // Each answer is a site's, under that site's state: the new one, or (while the new one
        // was being made) the one before.
        for a in &answers {
            let tag = a.header(header::ETAG);
            let of = made
                .iter()
                .rev()
                .take(2)
                .find(|m| format!("\"{}\"", m.state) == tag);
            let of = of.unwrap_or_else(|| panic!("{tag} is no site's made"));
            assert_eq!(a.body, of.files["index.html"]);
        }
        let now = get(&app, "/", &[]).await;
        assert_eq!(
            now.header(header::ETAG),
            format!("\"{}\"", made[made.len() - 1].state)
        );
        if round == 2 {
            // A change the front page shows: a night's points deducted.
            db.ok(&[
                "deduct",
                "Royal Oak",
                "2",
                "--reason",
                "late",
                "--date",
                "2025-10-01",
            ]);
        } else {
            link(&db, None);
        }
    }
    assert_ne!(made[1].files["index.html"], made[2].files["index.html"]);
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
    shared.site.keep(Arc::new(MadeSite {
        state: made.state,
        at: made.at.clone(),
        front: made.front.clone(),
        files: files.clone(),
        moved: made.moved.clone(),
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
async fn a_renamed_team_s_pages_keep_their_addresses_and_its_new_name_s_redirect() {
    let db = sample();
    db.ok(&[
        "team",
        "rename",
        "Red Lion",
        "The Lion",
        "--from",
        "2026-07-01",
    ]);
    let (shared, app) = server(&db);
    let page = get(&app, "/team/red-lion.html", &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("<h1>The Lion</h1>"));
    assert_eq!(
        get(&app, "/team/red-lion.ics", &[]).await.status,
        StatusCode::OK
    );
    // The addresses by its name today: for good, to the page's own.
    for (old, to) in [
        ("/team/the-lion.html", "../team/red-lion.html"),
        ("/team/the-lion.ics", "../team/red-lion.ics"),
    ] {
        let moved = get(&app, old, &[]).await;
        assert_eq!(moved.status, StatusCode::PERMANENT_REDIRECT, "{old}");
        assert_eq!(moved.header(header::LOCATION), to, "{old}");
        assert!(moved.body.is_empty(), "{old}");
        assert_guarded(&moved, old);
    }
    let made = shared.site.held(0).unwrap();
    let night = made
        .files
        .keys()
        .find(|p| p.contains("/night/") && p.contains("red-lion"))
        .unwrap();
    let moved = get(
        &app,
        &format!("/{}", night.replace("red-lion", "the-lion")),
        &[],
    )
    .await;
    assert_eq!(moved.status, StatusCode::PERMANENT_REDIRECT);
    let to = moved.header(header::LOCATION);
    assert_eq!(to, format!("../../../{night}"));
    assert_eq!(
        get(&app, &format!("/{night}"), &[]).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_season_in_divisions_is_served_a_table_a_division_and_a_team_s_page_says_its_own() {
    let db = crate::common::db::Db::new();
    db.ok(&[
        "import",
        "tests/data/divisions/2024-25-nights.csv",
        "tests/data/divisions/2024-25-adjustments.csv",
        "--league",
        "Valleys",
        "--create",
    ]);
    let (shared, app) = server(&db);
    let front = get(&app, "/", &[]).await;
    assert_eq!(front.status, StatusCode::OK);
    let made = shared.site.held(0).unwrap();
    let season = made.front.clone().unwrap();
    let page = get(&app, &format!("/{season}/"), &[]).await.text();
    // The top division first, each table with its own id and its division; the season over,
    // the teams going up and down marked and named.
    let at = |what: &str| {
        page.find(what)
            .unwrap_or_else(|| panic!("{what} in {page}"))
    };
    assert!(
        at(r#"<table id="standings" data-division="Premier">"#)
            < at(r#"<table id="standings-2" data-division="Division One">"#)
    );
    assert!(
        at(r#"<table id="standings-2" data-division="Division One">"#)
            < at(r#"<table id="standings-3" data-division="Division Two">"#)
    );
    assert_eq!(
        page.matches(r#"<tr class="promoted">"#).count(),
        4,
        "{page}"
    );
    assert_eq!(
        page.matches(r#"<tr class="relegated">"#).count(),
        4,
        "{page}"
    );
    assert!(page.contains("Relegated to Division One: Six Bells, Greyhound."));
    assert!(page.contains("Promoted to Division One: Abercarn Inn, Crumlin Arms."));
    let team = get(&app, "/team/navigation-inn.html", &[]).await.text();
    assert!(
        team.contains(", in Division One: 1st of 4, 18 points."),
        "{team}"
    );
    let json = get(&app, &format!("/{season}/standings.json"), &[])
        .await
        .text();
    let served: serde_json::Value = serde_json::from_str(&json).unwrap();
    let printed: serde_json::Value =
        serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    assert_eq!(served, printed);
}
