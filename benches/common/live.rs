//! A live `don serve` and the clients that use it, as the serve benchmark and the fault tests
//! (tests/serve_faults.rs) share them: the sample season with a second season still to play,
//! each captain's private link, the server run as a process, and a keep-alive HTTP client that
//! signs captains in and submits nights by the forms' contract (`/my/night/{id}/enter`,
//! `/confirm`).

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::header::{CONTENT_TYPE, COOKIE, LOCATION, SET_COOKIE};
use hyper::{Method, Request, StatusCode};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;

pub const LEAGUE: &str = "Abercarn Crib and Don League";
/// The season the sample imports (every night played) and the one made to play.
pub const PLAYED: &str = "2025-26";
pub const TO_PLAY: &str = "2026-27";
/// Abercarn's night, in the season's configuration order: (kind, slots, pairs).
pub const KINDS: [(&str, usize, bool); 3] = [
    ("don", 3, true),
    ("double-crib", 3, true),
    ("single-crib", 3, false),
];
/// Matches in a whole night.
pub const NIGHT: i64 = 9;

/// Runs the `don` binary given on the database; panics with what it said if it fails.
pub fn don(bin: &Path, db: &Path, args: &[&str]) -> String {
    let out = Command::new(bin)
        .args(args)
        .env("DON_DB", db)
        .env_remove("DON_LEAGUE")
        .stdin(Stdio::null())
        .output()
        .expect("cannot run don");
    assert!(
        out.status.success(),
        "don {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// README's first command (the sample season, every night played), then season 2026-27 with
/// the same twelve teams and rosters and its 132 fixtures, none played.
pub fn sample_league(bin: &Path, repo: &Path, db: &Path) {
    let _ = std::fs::remove_file(db);
    let csvs: Vec<String> = ["adjustments", "matches", "nights", "rosters"]
        .map(|s| format!("{}/examples/league/2025-26-{s}.csv", repo.display()))
        .into();
    let mut args: Vec<&str> = vec!["import"];
    args.extend(csvs.iter().map(String::as_str));
    args.extend(["--league", LEAGUE, "--create"]);
    don(bin, db, &args);
    don(bin, db, &["season", "new", TO_PLAY, "--same-teams"]);
    for (team, players) in rosters(db, PLAYED) {
        let mut args = vec!["roster", "add", team.as_str(), "--season", TO_PLAY];
        args.extend(players.iter().map(String::as_str));
        don(bin, db, &args);
    }
    don(
        bin,
        db,
        &[
            "fixtures",
            "generate",
            "--season",
            TO_PLAY,
            "--start",
            "2026-03-02",
            "--weekday",
            "thu",
        ],
    );
}

fn open(db: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
}

/// The rows `sql` gives for the season named, each made by `row`.
fn rows<T>(
    db: &Path,
    sql: &str,
    season: &str,
    row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Vec<T> {
    let conn = open(db);
    let mut stmt = conn.prepare(sql).unwrap();
    let out = stmt.query_map([season], row).unwrap();
    out.map(Result::unwrap).collect()
}

/// Each team's roster in a season.
pub fn rosters(db: &Path, season: &str) -> HashMap<String, Vec<String>> {
    let sql = "SELECT t.name, p.name FROM rosters r JOIN teams t ON t.id = r.team
               JOIN players p ON p.id = r.player JOIN seasons s ON s.id = r.season
               WHERE s.name = ?1 ORDER BY t.name, p.name";
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for (team, player) in rows(db, sql, season, |r| Ok((r.get(0)?, r.get(1)?))) {
        out.entry(team).or_default().push(player);
    }
    out
}

/// A fixture to play.
#[derive(Clone, Debug)]
pub struct Fixture {
    pub id: i64,
    pub home: String,
    pub away: String,
}

/// A season's fixtures, in order of date.
pub fn fixtures(db: &Path, season: &str) -> Vec<Fixture> {
    let sql = "SELECT f.id, h.name, a.name FROM fixtures f JOIN teams h ON h.id = f.home
               JOIN teams a ON a.id = f.away JOIN seasons s ON s.id = f.season
               WHERE s.name = ?1 ORDER BY f.date, f.id";
    rows(db, sql, season, |r| {
        Ok(Fixture {
            id: r.get(0)?,
            home: r.get(1)?,
            away: r.get(2)?,
        })
    })
}

/// How many matches each fixture of the season has stored, and its confirmation state.
pub fn stored(db: &Path, season: &str) -> HashMap<i64, (i64, Option<String>)> {
    let sql = "SELECT f.id, (SELECT count(*) FROM matches m WHERE m.fixture = f.id),
                      (SELECT c.state FROM confirmations c WHERE c.fixture = f.id)
               FROM fixtures f JOIN seasons s ON s.id = f.season WHERE s.name = ?1";
    rows(db, sql, season, |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))
        .into_iter()
        .collect()
}

/// `PRAGMA integrity_check`'s answer ("ok" when sound).
pub fn integrity(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap()
}

/// A private link for each team's captain: (team, token), as `don captain link TEAM` makes.
pub fn captains_links(db: &Path) -> Vec<(String, String)> {
    use don::app::league::which::Choice;
    use don::app::{Actor, App};
    let mut app = App::open_existing(
        db,
        Actor {
            name: "the serve benchmark".into(),
            team: None,
            game: None,
            league: None,
        },
    )
    .unwrap();
    let choice = Choice {
        league: Some(LEAGUE.into()),
        season: None,
    };
    let teams: std::collections::BTreeSet<_> = rosters(db, TO_PLAY).into_keys().collect();
    teams
        .into_iter()
        .map(|team| {
            let (_, secret) = app.link_make(&choice, Some(&team)).unwrap();
            (team, secret.as_str().to_string())
        })
        .collect()
}

/// `don serve` running on the database, on a port of its choosing.
pub struct Server {
    pub child: Child,
    pub addr: String,
    pub log: PathBuf,
}

impl Server {
    /// Starts it and waits until it says where it listens (its standard error into `log`).
    /// As behind a reverse proxy on this machine (`--behind-proxy`): the bench's clients all
    /// come from 127.0.0.1, standing in for many phones, so they are held to the server's bound
    /// of connections in all, not to its bound of one address's.
    pub fn start(bin: &Path, db: &Path, log: &Path) -> Server {
        let mut child = Command::new(bin)
            .args(["serve", "--listen", "127.0.0.1:0", "--behind-proxy", "--db"])
            .arg(db)
            .env_remove("DON_LEAGUE")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(log).unwrap())
            .spawn()
            .expect("cannot run don serve");
        let out = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(out).read_line(&mut line).unwrap();
        let addr = line
            .split("listening on ")
            .nth(1)
            .and_then(|s| s.split(')').next())
            .unwrap_or_else(|| panic!("don serve said: {line:?}"))
            .to_string();
        Server {
            child,
            addr,
            log: log.to_path_buf(),
        }
    }

    /// What it wrote to standard error.
    pub fn said(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status, `Location`, `Set-Cookie`, body, and how long it took.
pub struct Answer {
    pub status: StatusCode,
    pub location: Option<String>,
    pub cookie: Option<String>,
    pub body: String,
    pub took: Duration,
}

/// A keep-alive HTTP/1.1 client to one server.
#[derive(Clone)]
pub struct Http {
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
}

impl Http {
    pub fn new(addr: &str) -> Http {
        Http {
            client: Client::builder(TokioExecutor::new())
                .pool_max_idle_per_host(256)
                .build_http(),
            base: format!("http://{addr}"),
        }
    }

    /// A GET (`cookie` the session's, if signed in) or, with a form, a POST of it.
    pub async fn call(
        &self,
        path: &str,
        cookie: Option<&str>,
        form: Option<&[(String, String)]>,
    ) -> Result<Answer, String> {
        let start = Instant::now();
        let mut req = Request::builder().uri(format!("{}{path}", self.base));
        if let Some(c) = cookie {
            req = req.header(COOKIE, c);
        }
        let body = match form {
            Some(fields) => {
                req = req
                    .method(Method::POST)
                    .header(CONTENT_TYPE, "application/x-www-form-urlencoded");
                Full::new(Bytes::from(encode(fields)))
            }
            None => Full::new(Bytes::new()),
        };
        let res = self
            .client
            .request(req.body(body).map_err(|e| e.to_string())?)
            .await
            .map_err(|e| format!("{e:?}"))?;
        let header = |name| {
            res.headers()
                .get(name)
                .and_then(|v: &hyper::header::HeaderValue| v.to_str().ok())
                .map(String::from)
        };
        let (status, location, cookie) = (res.status(), header(LOCATION), header(SET_COOKIE));
        let bytes = res
            .into_body()
            .collect()
            .await
            .map_err(|e| format!("{e:?}"))?
            .to_bytes();
        Ok(Answer {
            status,
            location,
            cookie,
            body: String::from_utf8_lossy(&bytes).into_owned(),
            took: start.elapsed(),
        })
    }
}

/// A form's fields, URL-encoded.
pub fn encode(fields: &[(String, String)]) -> String {
    let esc = |s: &str| {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                    (b as char).to_string()
                }
                b' ' => "+".into(),
                _ => format!("%{b:02X}"),
            })
            .collect::<String>()
    };
    fields
        .iter()
        .map(|(k, v)| format!("{}={}", esc(k), esc(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The value of the hidden `csrf` input on a page.
pub fn csrf_of(page: &str) -> Option<String> {
    page.split("<input").skip(1).find_map(|tag| {
        let tag = tag.split('>').next()?;
        if !tag.contains("name=\"csrf\"") {
            return None;
        }
        let value = tag.split("value=\"").nth(1)?.split('"').next()?;
        Some(value.to_string())
    })
}

/// A captain signed in: the session cookie and the session's CSRF token.
pub struct Captain {
    pub team: String,
    pub cookie: String,
    pub csrf: String,
}

impl Captain {
    /// Opens the captain's link (303 with the session cookie), then reads /my/'s CSRF token.
    pub async fn sign_in(http: &Http, team: &str, token: &str) -> Result<Self, String> {
        // The link's page's button: a POST to its address opens the session.
        let opened = http
            .call(&format!("/link/{token}"), None, Some(&[]))
            .await?;
        if opened.status != StatusCode::SEE_OTHER {
            return Err(format!("/link/… answered {}", opened.status));
        }
        let cookie = opened
            .cookie
            .and_then(|c| c.split(';').next().map(String::from))
            .ok_or("no session cookie")?;
        let home = http.call("/my/", Some(&cookie), None).await?;
        let csrf = csrf_of(&home.body)
            .ok_or_else(|| format!("no csrf on /my/ (status {})", home.status))?;
        Ok(Captain {
            team: team.into(),
            cookie,
            csrf,
        })
    }

    /// POSTs a form to `/my/night/{id}/{what}` with the session's token added.
    pub async fn post(
        &self,
        http: &Http,
        night: i64,
        what: &str,
        mut fields: Vec<(String, String)>,
    ) -> Result<Answer, String> {
        fields.insert(0, ("csrf".into(), self.csrf.clone()));
        http.call(
            &format!("/my/night/{night}/{what}"),
            Some(&self.cookie),
            Some(&fields),
        )
        .await
    }
}

/// A whole night of nine matches, as the entry form's fields (`how` = matches), players from
/// the two rosters and legs varied by `seed`.
pub fn night_form(home: &[String], away: &[String], seed: usize) -> Vec<(String, String)> {
    const LEGS: [(u32, u32); 4] = [(2, 0), (2, 1), (1, 2), (0, 2)];
    let mut fields = vec![("how".to_string(), "matches".to_string())];
    let mut i = 0;
    for (_, slots, pairs) in KINDS {
        for slot in 0..slots {
            i += 1;
            let pick = |roster: &[String], n: usize| roster[(2 * slot + n) % roster.len()].clone();
            fields.push((format!("m{i}_home1"), pick(home, 0)));
            fields.push((format!("m{i}_away1"), pick(away, 0)));
            if pairs {
                fields.push((format!("m{i}_home2"), pick(home, 1)));
                fields.push((format!("m{i}_away2"), pick(away, 1)));
            }
            let (h, a) = LEGS[(seed + i * 7) % LEGS.len()];
            fields.push((format!("m{i}_home_legs"), h.to_string()));
            fields.push((format!("m{i}_away_legs"), a.to_string()));
        }
    }
    fields
}
