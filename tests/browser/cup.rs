//! A cup tie on `don serve` in a real browser, driven by `tests/browser/cup-flow.mjs`, at a
//! phone's 360 pixels: a captain finds the tie on their page and enters its result from their
//! link (a level total refused beside the deciding leg's field, the form kept as typed), the
//! other captain confirms it; the public cup page reads round by round, its tie linked to the
//! tie's page; no page is wider than the window; `cup show --json` then has the
//! result, confirmed, and the winner through to the final.

use std::path::Path;

use serde_json::{json, Value};

use super::common::db::Db;
use super::harness::{browser, run_script, Server};

/// A private link's address for `team`'s captain, as `don captain link` prints it.
fn link(db: &Db, team: &str, base: &str) -> String {
    let out = db.ok(&["captain", "link", team, "--base-url", base]);
    let prefix = format!("{base}/link/");
    out.lines()
        .map(str::trim)
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no address: {out}"))
        .to_string()
}

#[test]
fn a_captain_enters_a_cup_tie_on_a_phone_and_the_other_captain_confirms_it() {
    let Some(_browser) = browser() else {
        return;
    };
    let db = Db::new();
    // A night of eight matches, so that a tie can be level at 4–4.
    db.ok(&[
        "league",
        "new",
        "Valleys",
        "--kind",
        "don=4,121,2",
        "--kind",
        "single-crib=4,61,1",
    ]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion", "Six Bells"]);
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&[
        "cup",
        "enter",
        "League Cup",
        "Royal Oak",
        "Red Lion",
        "Six Bells",
    ]);
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Royal Oak, Red Lion, Six Bells",
    ]);
    let table = db.ok(&["standings", "--json"]);
    let server = Server::start(&db);
    let base = server.base.clone();
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cup-flow");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).unwrap();
    let plan = json!({
        "base": base,
        "shots": shots,
        "width": 360,
        "tie": "/my/cup/1/1/1",
        "homeLink": link(&db, "Royal Oak", &base),
        "awayLink": link(&db, "Red Lion", &base),
        "level": [4, 4],
        "cupPage": "/season/2025-26/cup/league-cup.html",
    });
    let report = run_script("cup-flow.mjs", &plan, &shots);
    server.stop();
    assert_eq!(
        report["overflow"],
        json!([]),
        "no page wider than 360 px: {report}"
    );
    assert!(
        report["homeListed"]
            .as_str()
            .is_some_and(|t| t.contains("League Cup, Semi-finals: Royal Oak v Red Lion")),
        "{report}"
    );
    let level = &report["level"];
    assert_eq!(level["status"], 422, "{report}");
    assert!(
        level["errors"]["decider-error"]
            .as_str()
            .is_some_and(|e| e.contains("level at 4–4 in matches")),
        "{report}"
    );
    assert_eq!(
        report["kept"],
        json!({"home_points": "4", "away_points": "4"})
    );
    let entered = &report["entered"];
    assert_eq!(entered["status"], 200, "{report}");
    assert!(
        entered["url"].as_str().unwrap().ends_with("?done=entered"),
        "{report}"
    );
    assert!(
        entered["result"]
            .as_str()
            .is_some_and(|r| r.contains("4–4, Red Lion won the deciding leg: provisional")),
        "{report}"
    );
    assert_eq!(report["ownConfirmOffered"], 0, "{report}");
    assert!(
        report["awayListed"]
            .as_str()
            .is_some_and(|t| t.contains("waits for you to confirm it")),
        "{report}"
    );
    let confirmed = &report["confirmed"];
    assert_eq!(confirmed["status"], 200, "{report}");
    assert!(
        confirmed["result"]
            .as_str()
            .is_some_and(|r| r.ends_with(": confirmed.")),
        "{report}"
    );
    assert_eq!(
        report["rounds"],
        json!(["Semi-finals", "Final"]),
        "{report}"
    );
    assert_eq!(report["tieLinked"], 1, "{report}");
    assert!(
        report["tiePage"]
            .as_str()
            .is_some_and(|t| t.contains("Red Lion went through.")),
        "{report}"
    );
    let v: Value = serde_json::from_str(&db.ok(&["cup", "show", "League Cup", "--json"])).unwrap();
    assert_eq!(
        v["rounds"][0]["ties"][0],
        json!({"tie": 1, "home": "Royal Oak", "away": "Red Lion", "date": v["rounds"][0]["ties"][0]["date"],
               "home_points": 4, "away_points": 4, "decider": "Red Lion", "walkover": false,
               "winner": "Red Lion"})
    );
    assert_eq!(v["rounds"][1]["ties"][0]["home"], "Red Lion");
    assert!(db
        .ok(&["cup", "show", "League Cup"])
        .contains("Royal Oak v Red Lion: 4–4, Red Lion won the deciding leg, "));
    assert_eq!(
        table,
        db.ok(&["standings", "--json"]),
        "the table untouched"
    );
}
