//! The published site in a real browser: Debian's chromium, driven by
//! `tests/browser/check-site.mjs` (playwright-core). The standings table read from the page's
//! DOM equals `don standings --json`; a name with HTML's metacharacters renders as text; every
//! link leads to a file; nothing is wider than the window at 360 and 1280 pixels; at both no cell
//! of a league table or a night's card is drawn over another and neither is wider than its place
//! (issue 29, point 18); at 360 the
//! table's Pos, Team, P and Pts and each match's legs on a night's card show without swiping and
//! the menu's links are at least 44 pixels square; the table of confirmed nights only equals
//! `don standings --confirmed --json`; the printable table takes one A4 page; a disputed night is
//! marked; the basic accessibility points hold.
//!
//! `.ci/run` installs chromium and the script's package. Without them each test says on the
//! terminal that it is skipped, with what is missing, except under `CI` (set to anything but
//! empty, `false` or `0`), where they run and fail (tests/browser/harness.rs); the browser tests
//! run one at a time. `UPDATE_SCREENSHOT=1` copies the front page's screenshot into
//! `docs/front-page.png` for the README.

use crate::common;
mod cup;
pub mod harness;
mod serve;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use common::db::Db;
use common::text;
use harness::{browser, png_width, root, under_ci};

/// Runs the script over a published site: its report.
fn check_site(site: &Path, shots: &Path) -> Value {
    let out = Command::new("node")
        .arg(root().join("tests/browser/check-site.mjs"))
        .arg(site)
        .arg(shots)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "check-site.mjs failed: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn html_pages(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            if p.is_dir() {
                html_pages(&p)
            } else {
                usize::from(p.extension().is_some_and(|e| e == "html"))
            }
        })
        .sum()
}

/// What every site must pass, whatever its content.
fn assert_sound(report: &Value, site: &Path) {
    assert_eq!(report["pages"], html_pages(site), "every page visited");
    assert_eq!(report["broken"], serde_json::json!([]), "links to no file");
    assert_eq!(report["overflow"], serde_json::json!([]), "pages too wide");
    assert_eq!(
        report["hidden"],
        serde_json::json!([]),
        "cells out of sight at 360 px"
    );
    assert_eq!(
        report["overlaps"],
        serde_json::json!([]),
        "cells of a league table or a night's card drawn over one another"
    );
    assert_eq!(
        report["wideTables"],
        serde_json::json!([]),
        "a league table or a night's card wider than its place"
    );
    assert_eq!(report["taps"], serde_json::json!([]), "small tap targets");
    assert_eq!(report["tags"], serde_json::json!([]), "markup from names");
    assert_eq!(
        report["accessibility"],
        serde_json::json!([]),
        "accessibility"
    );
    assert_eq!(report["printPages"], 1, "the table on one A4 page");
}

#[test]
fn the_published_sample_season_reads_in_a_browser_as_standings_prints_it() {
    let Some(_browser) = browser() else {
        return;
    };
    let db = Db::new();
    db.import_sample_season();
    db.ok(&[
        "night",
        "dispute",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-11-13",
        "--by",
        "Red Lion",
        "--reason",
        "double crib 2 was ours",
    ]);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let shots = db.dir().join("shots");
    std::fs::create_dir_all(&shots).unwrap();
    let report = check_site(&site, &shots);

    let standings: Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    assert_eq!(standings.as_array().unwrap().len(), 12);
    assert_eq!(report["standings"], standings, "the front page's table");
    assert_eq!(
        report["seasonStandings"], standings,
        "the season page's table"
    );
    // The table of confirmed nights only leaves the disputed night out, as standings does.
    let confirmed: Value =
        serde_json::from_str(&db.ok(&["standings", "--confirmed", "--json"])).unwrap();
    assert_ne!(confirmed, standings);
    assert_eq!(
        report["confirmedStandings"], confirmed,
        "the table of confirmed nights only"
    );
    assert_sound(&report, &site);
    // The disputed night is marked on its page, and counted in the table's notes.
    let marked = &report["marks"];
    assert_eq!(
        marked["season/2025-26/night/2025-11-13-royal-oak-v-red-lion.html"]["disputed"],
        1
    );
    assert_eq!(marked["index.html"]["disputed"], 1);
    assert_eq!(
        marked["season/2025-26/index.html"]["disputed"], 2,
        "note and row"
    );
    assert_eq!(
        marked["season/2025-26/confirmed.html"]["disputed"], 2,
        "note and the night left out"
    );
    for shot in ["season-360.png", "confirmed-360.png", "night-360.png"] {
        assert_eq!(png_width(&shots.join(shot)), 360, "{shot}");
    }
    assert_eq!(png_width(&shots.join("front-360.png")), 360);
    assert_eq!(png_width(&shots.join("front-1280.png")), 1280);
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        let docs = root().join("docs");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::copy(shots.join("front-1280.png"), docs.join("front-page.png")).unwrap();
    }
}

#[test]
fn a_name_with_html_metacharacters_renders_as_text() {
    let Some(_browser) = browser() else {
        return;
    };
    let fox = Db::HTML_NAME;
    let db = Db::with_html_name_and_a_game();
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let shots = db.dir().join("shots");
    std::fs::create_dir_all(&shots).unwrap();
    let report = check_site(&site, &shots);
    let teams: Vec<&str> = report["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["team"].as_str().unwrap())
        .collect();
    assert!(teams.contains(&fox), "{teams:?}");
    let standings: Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    assert_eq!(report["standings"], standings);
    assert_sound(&report, &site);
    // Both nights entered for the home team: provisional, and marked so.
    assert_eq!(
        report["marks"]["season/2025-26/night/2025-09-11-royal-oak-v-b-fox-hounds-b.html"]
            ["provisional"],
        1
    );
}

/// The harness itself: it needs no browser.
#[test]
fn ci_counts_only_when_set_to_something_but_false_or_0() {
    let ci = |v: Option<&str>| under_ci(v.map(std::ffi::OsStr::new));
    for (value, counts) in [
        (None, false),
        (Some(""), false),
        (Some("false"), false),
        (Some("FALSE"), false),
        (Some("0"), false),
        (Some("1"), true),
        (Some("true"), true),
        (Some("yes"), true),
    ] {
        assert_eq!(ci(value), counts, "CI={value:?}");
    }
}

#[test]
fn a_season_in_three_divisions_reads_in_a_browser_as_standings_prints_it() {
    let Some(_browser) = browser() else {
        return;
    };
    let db = Db::new();
    db.ok(&[
        "import",
        "tests/data/divisions/2024-25-nights.csv",
        "tests/data/divisions/2024-25-adjustments.csv",
        "--league",
        "Valleys",
        "--create",
    ]);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let shots = db.dir().join("shots");
    std::fs::create_dir_all(&shots).unwrap();
    let report = check_site(&site, &shots);
    let standings: Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    assert_eq!(standings.as_array().unwrap().len(), 12);
    assert_eq!(report["standings"], standings, "the front page's tables");
    assert_eq!(
        report["seasonStandings"], standings,
        "the season page's tables"
    );
    let confirmed: Value =
        serde_json::from_str(&db.ok(&["standings", "--confirmed", "--json"])).unwrap();
    assert_eq!(
        report["confirmedStandings"], confirmed,
        "confirmed nights only"
    );
    // Every table fits a phone as the one table of a season without divisions does; the
    // printable tables take a page a division.
    let mut sound = report.clone();
    assert_eq!(report["printPages"], 3, "a division's table a page");
    sound["printPages"] = Value::from(1);
    assert_sound(&sound, &site);
}
