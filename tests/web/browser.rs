//! A signed-in browser for the in-process tests of `/my/` (a captain's and the secretary's
//! nights) and of the scorer's page: a league served by the router, private links (a captain's,
//! the secretary's, a game's scorer's), the session cookie kept, forms posted with the page's
//! CSRF token, with or without the script's fragment header; and the page read: an element's
//! text by its id, what was said, the view's `seen`, a refusal beside its field.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Request, Response, StatusCode};
use axum::Router;
use don::app::league::which::Choice;
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
    let app = serve(&db);
    (db, app)
}

/// The server's router over `db` (opened again: a fresh server on the same database).
pub fn serve(db: &Db) -> Router {
    let config = ServeConfig {
        db: db.path.clone(),
        choice: Choice::default(),
        listen: "127.0.0.1:0".parse().unwrap(),
        base_url: None,
        proxies: Default::default(),
        write_wait: don::web::config::WRITE_WAIT,
    };
    router(Arc::new(Shared::open(&config).unwrap()))
}

fn app_of(db: &Db) -> App {
    let actor = Actor {
        name: "test".into(),
        team: None,
        game: None,
        league: None,
    };
    App::open(&db.path, actor).unwrap()
}

/// A private link's token for `team`'s captain (the secretary's, with none).
pub fn token(db: &Db, team: Option<&str>) -> String {
    let (_, secret) = app_of(db).link_make(&Choice::default(), team).unwrap();
    secret.as_str().to_string()
}

/// A private link's token for the scorer of `game` (`don scorer link GAME`).
pub fn scorer_token(db: &Db, game: i64) -> String {
    let (_, secret) = app_of(db)
        .scorer_link_make(&Choice::default(), game)
        .unwrap();
    secret.as_str().to_string()
}

async fn body(r: Response<Body>) -> String {
    let bytes = r.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn with_addr(mut req: Request<Body>) -> Request<Body> {
    let addr: SocketAddr = "127.0.0.1:5000".parse().unwrap();
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    req
}

/// An answer: its status, where it sends the browser, its page.
pub struct Answer {
    pub status: StatusCode,
    pub to: String,
    pub page: String,
    pub content_type: String,
    /// How an entry was taken (`X-Don-Entered`: `now`, or `before` for one sent again).
    pub entered: String,
}

/// Someone signed in: their session cookie and the CSRF token of their pages.
pub struct Browser {
    app: Router,
    cookie: String,
    pub csrf: String,
    /// Where opening the link sent them.
    pub landed: String,
}

impl Browser {
    pub async fn sign_in(app: &Router, token: &str) -> Browser {
        let req = Request::post(format!("/link/{token}"))
            .body(Body::empty())
            .unwrap();
        let r = app.clone().oneshot(with_addr(req)).await.unwrap();
        if r.status() != StatusCode::SEE_OTHER {
            panic!("{}: {}", r.status(), body(r).await);
        }
        let set = r.headers()[header::SET_COOKIE].to_str().unwrap();
        let cookie = set.split(';').next().unwrap().to_string();
        let landed = r.headers()[header::LOCATION].to_str().unwrap().to_string();
        let mut b = Browser {
            app: app.clone(),
            cookie,
            csrf: String::new(),
            landed: landed.clone(),
        };
        let a = b.get(&landed).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.page);
        // (A page with no form, as a game held by a night, has none.)
        if let Some(at) = a.page.find("name=\"csrf\" value=\"") {
            b.csrf = a.page[at + 19..at + 19 + 64].to_string();
        }
        b
    }

    /// The session's CSRF token, as the app keeps it.
    pub fn with_csrf_of(mut self, db: &Db) -> Browser {
        let key = self.cookie.strip_prefix("don_session=").unwrap();
        self.csrf = app_of(db).session(key).unwrap().unwrap().csrf;
        self
    }

    /// The same session, through another router (a server opened again on the database).
    pub fn through(mut self, app: &Router) -> Browser {
        self.app = app.clone();
        self
    }

    async fn send(&self, req: Request<Body>) -> Answer {
        let r = self.app.clone().oneshot(with_addr(req)).await.unwrap();
        let header_of = |name: header::HeaderName| {
            r.headers()
                .get(name)
                .map(|l| l.to_str().unwrap().to_string())
                .unwrap_or_default()
        };
        let to = header_of(header::LOCATION);
        let content_type = header_of(header::CONTENT_TYPE);
        let entered = header_of(header::HeaderName::from_static("x-don-entered"));
        Answer {
            status: r.status(),
            to,
            content_type,
            entered,
            page: body(r).await,
        }
    }

    pub async fn get(&self, path: &str) -> Answer {
        let req = Request::get(path)
            .header(header::COOKIE, &self.cookie)
            .body(Body::empty())
            .unwrap();
        self.send(req).await
    }

    /// Posts `fields` and the session's CSRF token.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let mut all = vec![("csrf", self.csrf.as_str())];
        all.extend_from_slice(fields);
        self.post_raw(path, &all, false).await
    }

    /// Posts `fields` and the CSRF token as the page's script does (`X-Don-Fragment: 1`).
    pub async fn post_fragment(&self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let mut all = vec![("csrf", self.csrf.as_str())];
        all.extend_from_slice(fields);
        self.post_raw(path, &all, true).await
    }

    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)], fragment: bool) -> Answer {
        let form: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect();
        let mut req = Request::post(path)
            .header(header::COOKIE, &self.cookie)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if fragment {
            req = req.header("X-Don-Fragment", "1");
        }
        self.send(req.body(Body::from(form.join("&"))).unwrap())
            .await
    }

    /// Enters `line` on game `game` from the page as it is now (its `seen`), without the
    /// script: the answer, which must be a 303 back to the game, and the page it sends to.
    pub async fn enter(&self, game: i64, line: &str) -> String {
        let page = self.get(&format!("/my/game/{game}")).await.page;
        let a = self
            .post(
                &format!("/my/game/{game}/line"),
                &[("seen", &seen(&page)), ("line", line)],
            )
            .await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{line}: {}", a.page);
        assert_eq!(a.to, format!("/my/game/{game}"));
        let next = self.get(&a.to).await;
        assert_eq!(next.status, StatusCode::OK);
        next.page
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

/// Text as the page shows it (the escapes askama writes undone).
pub fn unescape(html: &str) -> String {
    html.replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#38;", "&")
        .replace("&amp;", "&")
}

/// The value of attribute `attr` of the element with id `id`.
pub fn attr(page: &str, id: &str, attr: &str) -> Option<String> {
    let at = page.find(&format!("id=\"{id}\""))?;
    let start = page[..at].rfind('<')?;
    let tag = &page[start..start + page[start..].find('>')?];
    let key = format!(" {attr}=\"");
    let v = tag.find(&key)? + key.len();
    Some(unescape(&tag[v..v + tag[v..].find('"')?]))
}

/// The game's latest change as the page has it (`data-seen`).
pub fn seen(page: &str) -> String {
    attr(page, "table-state", "data-seen").expect("a table's state")
}

/// The text of the element with id `id` (tags inside left out), if there is one.
pub fn text(page: &str, id: &str) -> Option<String> {
    let at = page.find(&format!("id=\"{id}\""))?;
    let open = at + page[at..].find('>')? + 1;
    let start = page[..at].rfind('<')? + 1;
    let name: String = page[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let close = open + page[open..].find(&format!("</{name}>"))?;
    let mut out = String::new();
    let mut in_tag = false;
    for c in page[open..close].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    Some(unescape(out.trim()))
}

/// Text with its runs of white space made one space each (as a page shows it).
pub fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What was said of the last entry: the items of `ol#said`.
pub fn said(page: &str) -> Vec<String> {
    let Some(at) = page.find("id=\"said\"") else {
        return Vec::new();
    };
    let end = at + page[at..].find("</ol>").unwrap();
    page[at..end]
        .split("<li>")
        .skip(1)
        .map(|li| unescape(li.split("</li>").next().unwrap()))
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
