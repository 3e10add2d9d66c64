//! A signed-in browser for the in-process tests of `/my/`: a league served by the router, private
//! links, a session cookie kept, forms posted with the page's CSRF token.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Request, Response, StatusCode};
use axum::Router;
use don::app::which::Choice;
use don::app::{Actor, App};
use don::web::{router, ServeConfig, Shared};
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::common::db::Db;

/// A league of three teams with rosters, its fixtures made (fixture 1 Red Lion v Royal Oak,
/// fixture 2 Royal Oak v Fox and Hounds), and the server's router over it.
pub fn league() -> (Db, Router) {
    let db = Db::three_teams_with_rosters();
    db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2025-09-01",
        "--weekday",
        "thu",
    ]);
    let config = ServeConfig {
        db: db.path.clone(),
        choice: Choice::default(),
        listen: "127.0.0.1:0".parse().unwrap(),
        base_url: None,
    };
    let app = router(Arc::new(Shared::open(&config).unwrap()));
    (db, app)
}

/// A private link's token for `team`'s captain (the secretary's, with none).
pub fn token(db: &Db, team: Option<&str>) -> String {
    let actor = Actor {
        name: "test".into(),
        team: None,
        game: None,
        league: None,
    };
    let mut app = App::open(&db.path, actor).unwrap();
    let (_, secret) = app.link_make(&Choice::default(), team).unwrap();
    secret.as_str().to_string()
}

async fn body(r: Response<Body>) -> String {
    let bytes = r.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Someone signed in: their session cookie and the CSRF token of their pages.
pub struct Browser {
    app: Router,
    cookie: String,
    csrf: String,
}

fn with_addr(mut req: Request<Body>) -> Request<Body> {
    let addr: SocketAddr = "127.0.0.1:5000".parse().unwrap();
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    req
}

impl Browser {
    pub async fn sign_in(app: &Router, token: &str) -> Browser {
        let req = Request::get(format!("/link/{token}"))
            .body(Body::empty())
            .unwrap();
        let r = app.clone().oneshot(with_addr(req)).await.unwrap();
        if r.status() != StatusCode::SEE_OTHER {
            panic!("{}: {}", r.status(), body(r).await);
        }
        let set = r.headers()[header::SET_COOKIE].to_str().unwrap();
        let cookie = set.split(';').next().unwrap().to_string();
        let mut b = Browser {
            app: app.clone(),
            cookie,
            csrf: String::new(),
        };
        let (status, home) = b.get("/my/").await;
        assert_eq!(status, StatusCode::OK, "{home}");
        let at = home.find("name=\"csrf\" value=\"").expect("a csrf field") + 19;
        b.csrf = home[at..at + 64].to_string();
        b
    }

    pub async fn get(&self, path: &str) -> (StatusCode, String) {
        let req = Request::get(path)
            .header(header::COOKIE, &self.cookie)
            .body(Body::empty())
            .unwrap();
        let r = self.app.clone().oneshot(with_addr(req)).await.unwrap();
        (r.status(), body(r).await)
    }

    /// Posts `fields` (and the session's CSRF token): the status, where it sends the browser,
    /// and the page.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> (StatusCode, String, String) {
        let mut all = vec![("csrf", self.csrf.as_str())];
        all.extend_from_slice(fields);
        self.post_raw(path, &all).await
    }

    pub async fn post_raw(
        &self,
        path: &str,
        fields: &[(&str, &str)],
    ) -> (StatusCode, String, String) {
        let form: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect();
        let req = Request::post(path)
            .header(header::COOKIE, &self.cookie)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(form.join("&")))
            .unwrap();
        let r = self.app.clone().oneshot(with_addr(req)).await.unwrap();
        let to = r
            .headers()
            .get(header::LOCATION)
            .map(|l| l.to_str().unwrap().to_string())
            .unwrap_or_default();
        (r.status(), to, body(r).await)
    }
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub fn pairs(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// The refusal beside `field` in `page`, with the input marked.
pub fn refused_beside(page: &str, field: &str) -> String {
    let id = format!("id=\"{field}-error\"");
    let at = page
        .find(&id)
        .unwrap_or_else(|| panic!("no message beside {field}: {page}"));
    assert!(
        field == "form" || page.contains(&format!("id=\"{field}\"")),
        "no input {field}"
    );
    if field != "form" {
        let input = &page[page.find(&format!("id=\"{field}\"")).unwrap()..];
        let tag = &input[..input.find('>').unwrap()];
        assert!(tag.contains("aria-invalid=\"true\""), "{tag}");
    }
    let text = &page[at..];
    text[text.find('>').unwrap() + 1..text.find("</p>").unwrap()].to_string()
}

/// A refusal beside a `<select>`.
pub fn refused_beside_select(page: &str, field: &str) {
    assert!(page.contains(&format!("id=\"{field}-error\"")), "{page}");
    let select = &page[page.find(&format!("<select id=\"{field}\"")).unwrap()..];
    assert!(select[..select.find('>').unwrap()].contains("aria-invalid=\"true\""));
}
