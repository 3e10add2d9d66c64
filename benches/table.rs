//! `cargo bench --bench table`: an entry at the table answered, its commit included, measured
//! four ways in one run on one database (WAL, synchronous FULL, as `don serve` opens it), on the
//! games of examples/nine-card-don.json and examples/phat.json, each record turned into the
//! lines a scorer types (`pitcher X`, then the tricks) and replayed into a fresh game begun with
//! `don new` and made a web game with `don scorer link N`:
//!
//! - in process: `App::table_line` on the database, as the game's scorer (the app function
//!   `POST /my/game/{n}/line` calls), each line with the `seen` the previous answer gave;
//! - over HTTP, as the page's script sends a line: the release `don serve` on the same database,
//!   signed in by the game's scorer's link, each line posted to `/my/game/{n}/line` with
//!   `X-Don-Fragment: 1` over a keep-alive connection (one round trip, the fragment answered),
//!   `seen` read from the answer for the next line;
//! - over HTTP without the script: the form posted as a browser does (303), then the page it
//!   sends to fetched, `seen` read from it;
//! - the baseline, `don play N` (one process per game): the lines piped one at a time, each sent
//!   when the previous one was answered (its next prompt read), and the whole process's wall
//!   time divided by its lines.
//!
//! HTTP is timed by the client, from the request sent to the last byte of the answer. The games
//! are taken in turn, one of each way a round, so all four meet the machine as it is.
//! DON_BENCH_GAMES (60 unless told) sets how many games each way plays. Afterwards each game's
//! final score (`don show N --json`) is checked against `don check --json` of its record. Each
//! figure is printed with p50, p99, max and count beside issue 18's target: p99 under 50 ms.
//! It fails (exits non-zero) when a line is refused or a game does not end as its record does;
//! the HTTP ways are reported not run when the scoring page cannot be reached. `-- --keep DIR`
//! leaves the database and the server's log in DIR.

mod common;
#[allow(dead_code)]
#[path = "common/live.rs"]
mod live;
#[path = "common/table_report.rs"]
mod report;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::header::{CONTENT_TYPE, COOKIE};
use hyper::{Method, Request, StatusCode};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

use common::work_dir;
use don::app::{Actor, App};
use live::{Http, Server};
use report::{Row, Timings};

const LEAGUE: &str = "Table Bench League";
const EXAMPLES: [&str; 2] = ["examples/nine-card-don.json", "examples/phat.json"];

/// Games each way plays: DON_BENCH_GAMES, or 60 (3,160 lines each way).
fn games() -> usize {
    std::env::var("DON_BENCH_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(60)
}

/// An example game: how `don new` begins it, the lines that score it, and its final score as
/// `don check --json` works it out from the record.
struct Example {
    id: String,
    new_args: Vec<String>,
    lines: Vec<String>,
    last: Value,
}

/// The games of the example files.
fn examples(bin: &Path, repo: &Path) -> Vec<Example> {
    let mut out = Vec::new();
    for file in EXAMPLES {
        let path = repo.join(file);
        let records = match serde_json::from_str(&std::fs::read_to_string(&path).unwrap()) {
            Ok(Value::Array(list)) => list,
            Ok(one) => vec![one],
            Err(e) => panic!("{file}: {e}"),
        };
        let checked = Command::new(bin)
            .args(["check", "--json"])
            .arg(&path)
            .output()
            .expect("cannot run don check");
        let report: Value = serde_json::from_slice(&checked.stdout).expect("check --json");
        for (i, record) in records.iter().enumerate() {
            out.push(Example {
                id: record["id"].as_str().unwrap_or(file).to_string(),
                new_args: new_args(record),
                lines: lines(record),
                last: report["games"][i]["final"].clone(),
            });
        }
    }
    out
}

/// `don new` arguments for a record's ruleset and seats.
fn new_args(record: &Value) -> Vec<String> {
    let ruleset = record["ruleset"].as_object().expect("a ruleset");
    let mut args = vec![
        "new".to_string(),
        ruleset["variant"].as_str().unwrap().into(),
    ];
    for (key, value) in ruleset.iter().filter(|(k, _)| *k != "variant") {
        args.push(format!("--{}", key.replace('_', "-")));
        args.push(match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
    }
    for (seat, name) in record["seats"].as_object().into_iter().flatten() {
        let flag = match seat.as_str() {
            "N" => "--north",
            "E" => "--east",
            "S" => "--south",
            _ => "--west",
        };
        args.extend([flag.to_string(), name.as_str().unwrap().to_string()]);
    }
    args
}

/// The scorer's lines for a record played trick by trick: each hand's pitcher, then its tricks.
fn lines(record: &Value) -> Vec<String> {
    let mut lines = Vec::new();
    for hand in record["hands"].as_array().expect("hands") {
        if let Some(p) = hand["pitcher"].as_str() {
            lines.push(format!("pitcher {p}"));
        }
        let tricks = hand["tricks"]
            .as_array()
            .expect("a hand played trick by trick");
        lines.extend(tricks.iter().map(|t| t.as_str().unwrap().to_lowercase()));
    }
    lines
}

/// A game begun for the benchmark: its number, the example it replays, and its scorer's link.
struct Game<'a> {
    id: i64,
    example: &'a Example,
    token: String,
}

/// Begins a game of `example` with `don new` and makes its scorer's link (a web game).
fn begin<'a>(bin: &Path, db: &Path, example: &'a Example) -> Game<'a> {
    let args: Vec<&str> = example.new_args.iter().map(String::as_str).collect();
    let said = live::don(bin, db, &args);
    let id: i64 = said
        .strip_prefix("Game ")
        .and_then(|s| s.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("don new said: {said}"));
    let n = id.to_string();
    let said = live::don(bin, db, &["scorer", "link", &n, "--league", LEAGUE]);
    let token = said
        .split("/link/")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .unwrap_or_else(|| panic!("don scorer link said: {said}"))
        .to_string();
    Game { id, example, token }
}

/// The game's lines entered through `App::table_line`, as the game's scorer.
fn in_process(app: &mut App, game: &Game, t: &mut Timings) {
    app.act_as(Actor {
        name: format!("scorer of game {} (the table benchmark)", game.id),
        team: None,
        game: Some(game.id),
        league: None,
    });
    let mut seen = match app.table_view(game.id) {
        Ok(view) => view.seen,
        Err(e) => return t.errors.push(format!("game {}: {e}", game.id)),
    };
    for line in &game.example.lines {
        let start = Instant::now();
        match app.table_line(game.id, seen, line) {
            Ok(entered) => {
                t.push(start.elapsed());
                seen = entered.view.seen;
            }
            Err(e) => return t.errors.push(format!("game {}, {line:?}: {e}", game.id)),
        }
    }
}

type Fragments = Client<HttpConnector, Full<Bytes>>;

/// POSTs a form as the page's script does (`X-Don-Fragment: 1`): the status, the body and how
/// long from sending to the last byte.
async fn post_fragment(
    client: &Fragments,
    url: &str,
    cookie: &str,
    fields: &[(String, String)],
) -> Result<(StatusCode, String, Duration), String> {
    let start = Instant::now();
    let req = Request::builder()
        .method(Method::POST)
        .uri(url)
        .header(COOKIE, cookie)
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header("X-Don-Fragment", "1")
        .body(Full::new(Bytes::from(live::encode(fields))))
        .map_err(|e| e.to_string())?;
    let res = client.request(req).await.map_err(|e| format!("{e:?}"))?;
    let status = res.status();
    let body = res
        .into_body()
        .collect()
        .await
        .map_err(|e| format!("{e:?}"))?;
    let body = String::from_utf8_lossy(&body.to_bytes()).into_owned();
    Ok((status, body, start.elapsed()))
}

/// The `seen` an answer gives for the next entry: the entry form's hidden `seen` (in the page
/// and in the fragment), else `div#table`'s `data-seen`.
fn seen_of(html: &str) -> Option<String> {
    let input = html.split("<input").skip(1).find_map(|tag| {
        let tag = tag.split('>').next()?;
        if !tag.contains("name=\"seen\"") {
            return None;
        }
        Some(tag.split("value=\"").nth(1)?.split('"').next()?.to_string())
    });
    input.or_else(|| {
        let after = html.split("data-seen=\"").nth(1)?;
        Some(after.split('"').next()?.to_string())
    })
}

/// A short piece of an answer, for an error.
fn snippet(body: &str) -> String {
    body.chars().take(200).collect()
}

/// How a line reaches `don serve`: as the page's script sends it (one round trip, the fragment
/// answered), or as the form without JavaScript does (303, then the page fetched again).
enum Way<'t> {
    Fragment(&'t mut Timings),
    Form {
        post: &'t mut Timings,
        page: &'t mut Timings,
    },
}

impl Way<'_> {
    fn errors(&mut self) -> &mut Vec<String> {
        match self {
            Way::Fragment(t) => &mut t.errors,
            Way::Form { post, .. } => &mut post.errors,
        }
    }
}

/// One line posted: the `seen` for the next line, or what went wrong.
async fn post_line(
    http: &Http,
    client: &Fragments,
    addr: &str,
    (page_path, cookie, csrf): (&str, &str, &str),
    seen: &str,
    line: &str,
    way: &mut Way<'_>,
) -> Result<String, String> {
    let fields = [
        ("csrf".to_string(), csrf.to_string()),
        ("seen".to_string(), seen.to_string()),
        ("line".to_string(), line.to_string()),
    ];
    let path = format!("{page_path}/line");
    match way {
        Way::Fragment(t) => {
            let url = format!("http://{addr}{path}");
            let (status, body, took) = post_fragment(client, &url, cookie, &fields).await?;
            if status != StatusCode::OK {
                return Err(format!("{status} {:?}", snippet(&body)));
            }
            t.push(took);
            seen_of(&body).ok_or("no seen in the answer".into())
        }
        Way::Form { post, page } => {
            let answer = http.call(&path, Some(cookie), Some(&fields)).await?;
            if answer.status != StatusCode::SEE_OTHER {
                return Err(format!("{} {:?}", answer.status, snippet(&answer.body)));
            }
            post.push(answer.took);
            // The page the 303 sends to, as a path.
            let to = answer.location.unwrap_or_default();
            let to = to.strip_prefix(&format!("http://{addr}")).unwrap_or(&to);
            let shown = http.call(to, Some(cookie), None).await?;
            if shown.status != StatusCode::OK {
                return Err(format!("GET {to} after the 303: {}", shown.status));
            }
            page.push(answer.took + shown.took);
            seen_of(&shown.body).ok_or(format!("no seen on {to}"))
        }
    }
}

/// The game's lines posted to `don serve` by its scorer, signed in by the link. `Err` when the
/// scoring page cannot be reached at all (then the way is not run).
async fn over_http(
    http: &Http,
    client: &Fragments,
    addr: &str,
    game: &Game<'_>,
    mut way: Way<'_>,
) -> Result<(), String> {
    let opened = http
        .call(&format!("/link/{}", game.token), None, Some(&[]))
        .await?;
    let cookie = opened
        .cookie
        .as_deref()
        .and_then(|c| c.split(';').next())
        .ok_or_else(|| format!("/link/… answered {} with no session cookie", opened.status))?
        .to_string();
    let page_path = format!("/my/game/{}", game.id);
    let page = http.call(&page_path, Some(&cookie), None).await?;
    if page.status != StatusCode::OK {
        return Err(format!(
            "GET {page_path} answered {} (the scoring page is not in this build?)",
            page.status
        ));
    }
    let csrf = live::csrf_of(&page.body).ok_or(format!("no csrf on {page_path}"))?;
    let mut seen = seen_of(&page.body).ok_or(format!("no seen on {page_path}"))?;
    let session = (page_path.as_str(), cookie.as_str(), csrf.as_str());
    for line in &game.example.lines {
        match post_line(http, client, addr, session, &seen, line, &mut way).await {
            Ok(next) => seen = next,
            Err(e) => {
                let id = game.id;
                way.errors().push(format!("game {id}, {line:?}: {e}"));
                return Ok(());
            }
        }
    }
    Ok(())
}

/// The game's lines piped into `don play N`, each sent when the previous one was answered (the
/// next prompt read from standard error): each line's time into `per_line`, and the process's
/// wall time from start to exit over its lines into `per_game`.
fn piped(bin: &Path, db: &Path, game: &Game, per_line: &mut Timings, per_game: &mut Timings) {
    let start = Instant::now();
    let mut child = Command::new(bin)
        .args(["play", &game.id.to_string()])
        .env("DON_DB", db)
        .env_remove("DON_LEAGUE")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run don play");
    let mut stdin = child.stdin.take().unwrap();
    let mut prompts = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    // Reads to the next prompt: Err with what was said instead, if a line was refused or play
    // stopped.
    let mut next_prompt = || -> Result<(), String> {
        loop {
            said.clear();
            let n = prompts.read_line(&mut said).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("don play stopped early".into());
            }
            if said.starts_with("line ") {
                return Err(said.trim_end().to_string());
            }
            if said.trim_end().ends_with('>') {
                return Ok(());
            }
        }
    };
    let mut failed = next_prompt().err();
    let mut times = Vec::with_capacity(game.example.lines.len());
    for line in &game.example.lines {
        if failed.is_some() {
            break;
        }
        let sent = Instant::now();
        if let Err(e) = writeln!(stdin, "{line}").and_then(|_| stdin.flush()) {
            failed = Some(e.to_string());
            break;
        }
        match next_prompt() {
            Ok(()) => times.push(sent.elapsed()),
            Err(e) => failed = Some(format!("{line:?}: {e}")),
        }
    }
    drop(stdin);
    let status = child.wait().expect("don play ended");
    let wall = start.elapsed();
    match failed {
        Some(e) => per_line.errors.push(format!("game {}: {e}", game.id)),
        None if !status.success() => per_line
            .errors
            .push(format!("game {}: don play ended with {status}", game.id)),
        None => {
            for t in &times {
                per_line.push(*t);
            }
            per_game.push(wall / game.example.lines.len() as u32);
        }
    }
}

/// The load average now (`/proc/loadavg`'s first three figures).
fn load() -> String {
    let s = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    s.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// Each game's final score as `don show N --json` has it, against its record's: the games that
/// differ, in words.
fn differing(bin: &Path, db: &Path, games: &[&Game]) -> Vec<String> {
    let mut out = Vec::new();
    for game in games {
        let shown: Value = serde_json::from_str(&live::don(
            bin,
            db,
            &["show", &game.id.to_string(), "--json"],
        ))
        .expect("show --json");
        if shown["final"] != game.example.last {
            out.push(format!(
                "game {} ({}): {} where the record gives {}",
                game.id, game.example.id, shown["final"], game.example.last
            ));
        }
    }
    out
}

fn main() {
    let rounds = games();
    let (_temp, dir, _) = work_dir();
    let bin = Path::new(env!("CARGO_BIN_EXE_don"));
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let db: PathBuf = dir.join("table.db");
    let _ = std::fs::remove_file(&db);
    live::don(bin, &db, &["league", "new", LEAGUE]);
    let examples = examples(bin, repo);
    // Four games a round, one for each way, all begun before the clock starts.
    let mut begun = Vec::new();
    for i in 0..rounds {
        let example = &examples[i % examples.len()];
        begun.push([0, 1, 2, 3].map(|_| begin(bin, &db, example)));
    }
    let server = Server::start(bin, &db, &dir.join("serve.log"));
    let mut app = App::open_existing(
        &db,
        Actor {
            name: "the table benchmark".into(),
            team: None,
            game: None,
            league: None,
        },
    )
    .expect("the database");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let http = Http::new(&server.addr);
    let client: Fragments = Client::builder(TokioExecutor::new()).build_http();
    let mut t: [Timings; 6] = Default::default();
    let [inproc, fragment, form, form_page, play_line, play_game] = &mut t;
    let mut web_not_run: Option<String> = None;
    let load_before = load();
    let start = Instant::now();
    for [a, b, c, d] in &begun {
        in_process(&mut app, a, inproc);
        if web_not_run.is_none() {
            let way = Way::Fragment(fragment);
            let ran = runtime.block_on(over_http(&http, &client, &server.addr, b, way));
            web_not_run = ran.err();
        }
        if web_not_run.is_none() {
            let way = Way::Form {
                post: form,
                page: form_page,
            };
            let ran = runtime.block_on(over_http(&http, &client, &server.addr, c, way));
            web_not_run = ran.err();
        }
        piped(bin, &db, d, play_line, play_game);
    }
    let took = start.elapsed().as_secs_f64();
    let load_after = load();
    drop(app);
    let said = server.said();
    drop(server);

    let lines: usize = begun.iter().map(|g| g[0].example.lines.len()).sum();
    let phat = begun
        .iter()
        .filter(|g| g[0].example.new_args[1] == "phat")
        .count();
    let build = if cfg!(debug_assertions) {
        "a debug build"
    } else {
        "release"
    };
    println!(
        "table: {rounds} games each way ({} Nine Card Don, {phat} Phat, from examples/), {lines} lines each way, one database in WAL mode (synchronous FULL), {build}",
        rounds - phat
    );
    println!("  load average {load_before} before, {load_after} after; {took:.1} s in all");
    let row = |figure, times, targeted, web: bool| Row {
        figure,
        times,
        not_run: web_not_run.clone().filter(|_| web),
        targeted,
    };
    report::print(&[
        row(
            "in process: App::table_line, commit included",
            &t[0],
            true,
            false,
        ),
        row(
            "HTTP, script: POST …/line, fragment (200)",
            &t[1],
            true,
            true,
        ),
        row("HTTP, no script: POST …/line (303)", &t[2], true, true),
        row("HTTP, no script: 303 + GET /my/game/{n}", &t[3], true, true),
        row(
            "don play N: line piped, to next prompt",
            &t[4],
            false,
            false,
        ),
        row("don play N: process wall time / lines", &t[5], false, false),
    ]);
    if web_not_run.is_none() && !t[1].ms.is_empty() && !t[4].ms.is_empty() {
        println!(
            "  HTTP with the script against don play: p50 {:.1}×, p99 {:.1}×",
            t[1].at(0.5) / t[4].at(0.5),
            t[1].at(0.99) / t[4].at(0.99)
        );
    }
    println!("  (HTTP timed by the client on the same machine: request sent to last byte read, over a keep-alive connection)");
    // Every game played must end as its record does.
    let played: Vec<&Game> = begun
        .iter()
        .flat_map(|[a, b, c, d]| match web_not_run {
            None => vec![a, b, c, d],
            Some(_) => vec![a, d],
        })
        .collect();
    let wrong = differing(bin, &db, &played);
    println!(
        "  games ending as their records do: {} of {}",
        played.len() - wrong.len(),
        played.len()
    );
    let errors: usize = t.iter().map(|t| t.errors.len()).sum();
    if !wrong.is_empty() || errors > 0 {
        for w in wrong.iter().take(5) {
            eprintln!("table: {w}");
        }
        if !said.trim().is_empty() {
            eprintln!("table: don serve said: {}", snippet(&said));
        }
        std::process::exit(1);
    }
}
