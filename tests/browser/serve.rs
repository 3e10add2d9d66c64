//! `don serve` in a real browser, driven by `tests/browser/serve-flow.mjs`: the sample season
//! and a season of nights still to play, served by `don serve --listen 127.0.0.1:0` (started
//! and stopped here); at 360 and 1280 pixels a captain enters a whole Abercarn night from his
//! link, each refusal shown beside its field, the other captain confirms it, the public table
//! shows its points; another night is disputed and the secretary settles it; no page is wider
//! than the window; on a phone the table's Pts is in view; the tables read from the pages equal
//! `don standings --json`.

use std::path::Path;

use serde_json::{json, Value};

use super::common::db::Db;
use super::harness::{browser, png_width, root, run_script, Server};

/// The season with nights to play, after the sample season.
const SEASON: &str = "2026-27";

/// A private link for `team`'s captain (or, with none, the secretary), made with `don captain
/// link TEAM` (or `don secretary link`): the address it prints on its own line.
fn link(db: &Db, team: Option<&str>, base: &str) -> String {
    let out = match team {
        Some(team) => db.ok(&["captain", "link", team, "--base-url", base]),
        None => db.ok(&["secretary", "link", "--base-url", base]),
    };
    let prefix = format!("  {base}/link/");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.strip_prefix(&prefix).is_some_and(|token| {
                token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
            })
        })
        .collect();
    assert_eq!(lines.len(), 1, "one address on its own line: {out}");
    lines[0].trim().to_string()
}

/// The first six players of `team`'s roster in the sample season.
fn players(team: &str) -> Vec<String> {
    let csv = std::fs::read_to_string(root().join("examples/league/2025-26-rosters.csv")).unwrap();
    csv.lines()
        .filter_map(|l| l.strip_prefix("2025-26,"))
        .filter_map(|l| l.strip_prefix(team)?.strip_prefix(','))
        .map(str::to_string)
        .take(6)
        .collect()
}

/// A slip of the first of `team`'s players: the name without its last letter.
fn near_miss(team: &str) -> String {
    let name = &players(team)[0];
    name[..name.len() - 1].to_string()
}

/// A whole Abercarn night the home team wins 5–4, legs 12–10: don 1–3 and double crib 1–3 in
/// pairs, single crib 1–3 singles, nobody twice in a kind.
fn abercarn_night(home: &[String], away: &[String]) -> Value {
    let sides = [
        (vec![0, 1], [2, 0]),
        (vec![2, 3], [2, 1]),
        (vec![4, 5], [2, 0]),
        (vec![0, 2], [2, 1]),
        (vec![1, 4], [2, 0]),
        (vec![3, 5], [0, 2]),
        (vec![0], [1, 2]),
        (vec![1], [0, 2]),
        (vec![2], [1, 2]),
    ];
    sides
        .iter()
        .map(|(who, legs)| {
            let pick = |team: &[String]| who.iter().map(|&i| team[i].clone()).collect::<Vec<_>>();
            json!({"home": pick(home), "away": pick(away), "legs": legs})
        })
        .collect()
}

/// The round-one fixtures of the new season: (number, home, away).
fn first_fixtures(db: &Db) -> Vec<(i64, String, String)> {
    db.sql(&format!(
        "SELECT f.id, h.name, a.name FROM fixtures f JOIN teams h ON h.id = f.home \
         JOIN teams a ON a.id = f.away JOIN seasons s ON s.id = f.season \
         WHERE s.name = '{SEASON}' ORDER BY f.date, f.id LIMIT 4"
    ))
    .lines()
    .map(|l| {
        let f: Vec<&str> = l.split('|').collect();
        (f[0].parse().unwrap(), f[1].to_string(), f[2].to_string())
    })
    .collect()
}

/// The row of `team` in a table the script read.
fn row<'a>(table: &'a Value, team: &str) -> &'a Value {
    table
        .as_array()
        .unwrap_or_else(|| panic!("no table: {table}"))
        .iter()
        .find(|r| r["team"] == team)
        .unwrap_or_else(|| panic!("no row for {team} in {table}"))
}

/// `team`'s nights played and points in a table the script read.
fn assert_row(table: &Value, team: &str, (played, points): (i64, i64)) {
    let r = row(table, team);
    assert_eq!(
        (&r["played"], &r["points"]),
        (&json!(played), &json!(points)),
        "{team}: {table}"
    );
}

/// A refused submit: a 4xx, the message beside `field` (in `#{field}-error`), the field marked
/// invalid.
fn assert_refused_beside(outcome: &Value, fields: &[&str], words: &str) {
    let status = outcome["status"].as_u64().unwrap_or(0);
    assert!(
        (400..500).contains(&status),
        "refused with a 4xx: {outcome}"
    );
    let beside = fields.iter().find_map(|f| {
        outcome["errors"][format!("{f}-error")]
            .as_str()
            .map(|m| (f, m))
    });
    let Some((field, message)) = beside else {
        panic!("no message beside {fields:?}: {outcome}");
    };
    assert!(message.contains(words), "{message:?} says {words:?}");
    if *field != "form" {
        assert!(
            outcome["invalid"]
                .as_array()
                .unwrap()
                .contains(&json!(field)),
            "{field} marked aria-invalid: {outcome}"
        );
    }
}

fn assert_done(outcome: &Value, done: &str) {
    assert_eq!(outcome["status"], 200, "{outcome}");
    assert!(
        outcome["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("?done={done}")),
        "{outcome}"
    );
    let said = outcome["said"].as_array().unwrap();
    assert_eq!(said.len(), 1, "one clear message: {outcome}");
    assert!(!said[0].as_str().unwrap().is_empty(), "{outcome}");
}

#[test]
fn don_serve_for_captains() {
    let Some(_browser) = browser() else {
        return;
    };
    let db = Db::new();
    db.import_sample_season();
    db.ok(&["season", "new", SEASON, "--same-teams"]);
    db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2026-09-01",
        "--weekday",
        "thu",
        "--season",
        SEASON,
    ]);
    let fixtures = first_fixtures(&db);
    for (_, home, away) in &fixtures {
        for team in [home, away] {
            let mut args = vec!["roster", "add", team.as_str(), "--season", SEASON];
            let names = players(team);
            args.extend(names.iter().map(String::as_str));
            db.ok(&args);
        }
    }
    let server = Server::start(&db);
    let base = server.base.clone();
    // In the target folder, kept after a failure with the page it stopped at (failed.html).
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-flow");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).unwrap();
    let run = |width: u32, night: &(i64, String, String), dispute: &(i64, String, String)| {
        let (home, away) = (players(&night.1), players(&night.2));
        json!({
            "width": width,
            "night": {
                "fixture": night.0, "home": night.1, "away": night.2,
                "homeLink": link(&db, Some(&night.1), &base),
                "awayLink": link(&db, Some(&night.2), &base),
                "rows": abercarn_night(&home, &away), "nearMiss": near_miss(&night.1),
            },
            "dispute": {
                "fixture": dispute.0, "home": dispute.1, "away": dispute.2,
                "homeLink": link(&db, Some(&dispute.1), &base),
                "awayLink": link(&db, Some(&dispute.2), &base),
                "totals": [6, 3], "reason": "double crib 2 was ours",
            },
        })
    };
    let plan = json!({
        "base": base,
        "shots": shots,
        "season": SEASON,
        "secretary": link(&db, None, &base),
        "runs": [
            run(360, &fixtures[0], &fixtures[2]),
            run(1280, &fixtures[1], &fixtures[3]),
        ],
    });
    let report = run_script("serve-flow.mjs", &plan, &shots);
    assert_eq!(report["runs"].as_array().map(Vec::len), Some(2), "{report}");
    for (run, (night, dispute)) in report["runs"]
        .as_array()
        .unwrap()
        .iter()
        .zip([(&fixtures[0], &fixtures[2]), (&fixtures[1], &fixtures[3])])
    {
        let width = &run["width"];
        let n = &run["night"];
        assert_eq!(
            n["afterLink"], "/my/",
            "at {width}: the token left the address bar"
        );
        assert_refused_beside(&n["player"], &["m1_home1"], "did you mean");
        assert_eq!(
            n["player"]["kept"]["m1_home1"],
            near_miss(&night.1),
            "the form kept as typed"
        );
        assert_eq!(n["player"]["kept"]["m9_away_legs"], "2");
        assert_refused_beside(&n["legs"], &["m2_home_legs", "m2_away_legs"], "best of 3");
        assert_eq!(n["legs"]["kept"]["m2_home_legs"], "3");
        assert_done(&n["entered"], "entered");
        assert_eq!(
            n["ownConfirmOffered"], 0,
            "no form to confirm one's own entry"
        );
        assert_refused_beside(&n["ownConfirm"], &["form"], "confirms it");
        // Provisional: in the table, not in the confirmed table.
        assert_row(&n["afterEntry"]["all"], &night.1, (1, 5));
        assert_row(&n["afterEntry"]["all"], &night.2, (1, 4));
        assert_row(&n["afterEntry"]["confirmed"], &night.1, (0, 0));
        assert_done(&n["confirmed"], "confirmed");
        assert_row(&n["afterConfirm"]["all"], &night.1, (1, 5));
        assert_row(&n["afterConfirm"]["confirmed"], &night.1, (1, 5));
        assert_row(&n["afterConfirm"]["confirmed"], &night.2, (1, 4));

        let d = &run["dispute"];
        assert_done(&d["entered"], "entered");
        assert_done(&d["disputed"], "disputed");
        assert!(d["marksDisputed"].as_u64() >= Some(1), "marked: {d}");
        assert_done(&d["settled"], "confirmed");
        assert_eq!(d["marksSettled"], 0, "the dispute settled: {d}");
        assert_row(&d["table"], &dispute.1, (1, 6));
        assert_row(&d["table"], &dispute.2, (1, 3));
        assert_eq!(
            run["columns"],
            json!({"pos": true, "team": true, "played": true, "points": true}),
            "Pos, Team, P and Pts in view at {width} px"
        );
    }
    assert_eq!(report["overflow"], json!([]), "pages wider than the window");
    let visited: Vec<&str> = report["visited"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v["url"].as_str())
        .collect();
    for page in ["/night/", "/team/", "/my/night/", "?confirmed"] {
        assert!(visited.iter().any(|u| u.contains(page)), "{visited:?}");
    }
    let standings = |args: &[&str]| -> Value {
        let mut all = vec!["standings", "--json"];
        all.extend(args);
        serde_json::from_str(&db.ok(&all)).unwrap()
    };
    assert_eq!(
        report["final"]["standings"],
        standings(&[]),
        "the front page"
    );
    assert_eq!(
        report["final"]["confirmed"],
        standings(&["--confirmed"]),
        "?confirmed"
    );
    assert_eq!(
        report["final"]["season"],
        standings(&["--season", SEASON]),
        "the season's page"
    );
    let log = db.ok(&["log"]);
    for who in [
        format!("captain of {}", fixtures[0].1),
        format!("captain of {}", fixtures[0].2),
        "secretary (link".to_string(),
    ] {
        assert!(log.contains(&who), "don log names {who}: {log}");
    }
    server.stop();
    assert_eq!(png_width(&shots.join("night-form-360.png")), 360);
    assert_eq!(png_width(&shots.join("night-form-1280.png")), 1280);
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        let docs = root().join("docs");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::copy(
            shots.join("night-form-360.png"),
            docs.join("captain-night-form.png"),
        )
        .unwrap();
    }
}

/// A captain's link opened from another site's page (a cross-site navigation, as from a
/// webmail or a chat's web page): the link's page, whose button opens the session and lands on
/// `/my/` signed in, though the cookie is `SameSite=Strict` (it is set by the button's
/// same-site POST and its 303). Opening the link set no cookie; a form of another site posting
/// to a link opens no session.
#[test]
fn a_link_opened_from_another_site_signs_in_after_its_button() {
    let Some(_browser) = browser() else {
        return;
    };
    let db = Db::new();
    db.import_sample_season();
    let server = Server::start(&db);
    let base = server.base.clone();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("link-flow");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let plan = json!({
        "base": base,
        "link": link(&db, Some("Royal Oak"), &base),
        "other": link(&db, Some("Red Lion"), &base),
    });
    let report = run_script("link-flow.mjs", &plan, &dir);
    assert!(report.get("error").is_none(), "{report:#}");
    let page = &report["linkPage"];
    assert_eq!(page["status"], 200, "{report:#}");
    assert_eq!(
        page["button"], 1,
        "the link's page and its button: {report:#}"
    );
    assert_eq!(
        page["cookies"], 0,
        "opening the link set a cookie: {report:#}"
    );
    let after = &report["after"];
    assert_eq!(after["url"], "/my/", "{report:#}");
    assert_eq!(after["status"], 200, "{report:#}");
    let text = after["text"].as_str().unwrap();
    assert!(
        text.contains("You are signed in as the captain of Royal Oak"),
        "{report:#}"
    );
    assert_eq!(
        after["cookies"],
        json!([{"sameSite": "Strict", "httpOnly": true}]),
        "{report:#}"
    );
    assert!(report["again"]
        .as_str()
        .unwrap()
        .contains("signed in as the captain of Royal Oak"));
    assert_eq!(report["forged"]["status"], 403, "{report:#}");
    assert_eq!(report["forged"]["cookies"], 0, "{report:#}");
    server.stop();
}
