//! The published site in a real browser: Debian's chromium, driven by
//! `tests/browser/check-site.mjs` (playwright-core). The standings table read from the page's
//! DOM equals `don standings --json`; a name with HTML's metacharacters renders as text; every
//! link leads to a file; nothing is wider than the window at 360 and 1280 pixels; at 360 the
//! table's Pos, Team, P and Pts and each match's legs on a night's card show without swiping and
//! the menu's links are at least 44 pixels square; the table of confirmed nights only equals
//! `don standings --confirmed --json`; the printable table takes one A4 page; a disputed night is
//! marked; the basic accessibility points hold.
//!
//! `.ci/run` installs chromium and the script's package. Without them the tests are reported
//! *ignored*, with what is missing, except under `CI` (set to anything but empty, `false` or
//! `0`), where they run and fail.
//! `UPDATE_SCREENSHOT=1` copies the front page's screenshot into `docs/front-page.png` for the
//! README.
//!
//! This file is its own test harness (`harness = false` in Cargo.toml). libtest settles
//! `#[ignore]` when the tests are compiled, but whether the browser is here is known only when
//! they run; a test that returned early would be reported as passed, and what it printed
//! swallowed. So `main` runs the tests itself and reports them in libtest's words (`test NAME
//! ... ignored, REASON`, and the `test result:` line that `cargo test` and `.ci/run` sum), taking
//! the arguments `cargo test` passes on (names to filter by, `--exact`, `--skip`, `--list`,
//! `--ignored`, `--include-ignored`).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use serde_json::Value;

use common::db::Db;
use common::text;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What the browser tests need that is not here: chromium, node, the script's package.
fn missing() -> Vec<String> {
    let chromium = std::env::var_os("DON_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    let mut missing = Vec::new();
    if !chromium.exists() {
        missing.push(format!("chromium ({})", chromium.display()));
    }
    if !Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        missing.push("node".to_string());
    }
    if !root()
        .join("tests/browser/node_modules/playwright-core")
        .exists()
    {
        missing.push("playwright-core (npm ci --prefix tests/browser)".to_string());
    }
    missing
}

/// Why the browser tests cannot run here, in a few words; `None` when they can.
fn cannot_run() -> Option<String> {
    let missing = missing();
    (!missing.is_empty()).then(|| {
        format!(
            "the browser tests need {}; .ci/run installs them",
            missing.join(", ")
        )
    })
}

/// Fails the test unless the browser is here (it is then run under `CI` without it).
fn require_browser() {
    if let Some(why) = cannot_run() {
        panic!("{why}");
    }
}

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

/// The width of a PNG image, from its header.
fn png_width(path: &Path) -> u32 {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(
        &bytes[..8],
        b"\x89PNG\r\n\x1a\n",
        "{} is a PNG",
        path.display()
    );
    u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]])
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
    assert_eq!(report["taps"], serde_json::json!([]), "small tap targets");
    assert_eq!(report["tags"], serde_json::json!([]), "markup from names");
    assert_eq!(
        report["accessibility"],
        serde_json::json!([]),
        "accessibility"
    );
    assert_eq!(report["printPages"], 1, "the table on one A4 page");
}

fn the_published_sample_season_reads_in_a_browser_as_standings_prints_it() {
    require_browser();
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

fn a_name_with_html_metacharacters_renders_as_text() {
    require_browser();
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

/// The tests, by name.
const TESTS: &[(&str, fn())] = &[
    (
        "the_published_sample_season_reads_in_a_browser_as_standings_prints_it",
        the_published_sample_season_reads_in_a_browser_as_standings_prints_it,
    ),
    (
        "a_name_with_html_metacharacters_renders_as_text",
        a_name_with_html_metacharacters_renders_as_text,
    ),
];

/// Tests of the harness itself: they need no browser and always run.
const PLAIN: &[(&str, fn())] = &[(
    "ci_counts_only_when_set_to_something_but_false_or_0",
    ci_counts_only_when_set_to_something_but_false_or_0,
)];

/// Whether the value of `CI` says the tests run under CI: set and not empty, and not `false`
/// (in any case) or `0`. `.ci/run` sets it to 1.
fn under_ci(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| match v.to_str().map(str::trim) {
        Some(v) => !(v.is_empty() || v == "0" || v.eq_ignore_ascii_case("false")),
        None => !v.is_empty(),
    })
}

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

/// What `cargo test` asks of this harness.
#[derive(Default)]
struct Asked {
    filters: Vec<String>,
    skip: Vec<String>,
    exact: bool,
    list: bool,
    /// `--ignored`: only the ignored tests (none are ignored when the browser is here).
    ignored_only: bool,
    /// `--include-ignored`.
    include_ignored: bool,
}

impl Asked {
    fn from_args(args: impl Iterator<Item = String>) -> Asked {
        let mut asked = Asked::default();
        let mut args = args.peekable();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--exact" => asked.exact = true,
                "--list" => asked.list = true,
                "--ignored" => asked.ignored_only = true,
                "--include-ignored" => asked.include_ignored = true,
                "--skip" => asked.skip.extend(args.next()),
                // libtest's options that take a value, given apart from it.
                "--format" | "--test-threads" | "--color" | "--logfile" | "-Z"
                | "--shuffle-seed" => {
                    args.next();
                }
                a if a.starts_with("--skip=") => asked.skip.push(a["--skip=".len()..].to_string()),
                a if a.starts_with('-') => {}
                _ => asked.filters.push(arg),
            }
        }
        asked
    }

    fn wants(&self, name: &str) -> bool {
        let matches = |f: &String| {
            if self.exact {
                name == f
            } else {
                name.contains(f.as_str())
            }
        };
        (self.filters.is_empty() || self.filters.iter().any(matches))
            && !self.skip.iter().any(matches)
    }
}

fn main() -> ExitCode {
    let asked = Asked::from_args(std::env::args().skip(1));
    // Each test with whether it needs the browser.
    let all: Vec<(&str, fn(), bool)> = TESTS
        .iter()
        .map(|&(n, t)| (n, t, true))
        .chain(PLAIN.iter().map(|&(n, t)| (n, t, false)))
        .collect();
    let chosen: Vec<&(&str, fn(), bool)> = all.iter().filter(|(n, ..)| asked.wants(n)).collect();
    let filtered_out = all.len() - chosen.len();
    if asked.list {
        for (name, ..) in &chosen {
            println!("{name}: test");
        }
        return ExitCode::SUCCESS;
    }
    // Without the browser the tests are ignored, saying why; under CI (or asked to run the
    // ignored tests) they run, and fail. With it none is ignored, so `--ignored` runs none.
    let run_anyway =
        under_ci(std::env::var_os("CI").as_deref()) || asked.ignored_only || asked.include_ignored;
    let why = cannot_run();
    let ignore = why.clone().filter(|_| !run_anyway);
    let only_ignored = asked.ignored_only && why.is_none();
    let began = Instant::now();
    let (mut passed, mut ignored, mut failed) = (0, 0, Vec::new());
    // The harness's own tests are never ignored, so `--ignored` runs none of them.
    let chosen: Vec<_> = chosen
        .into_iter()
        .filter(|(.., browser)| {
            if *browser {
                !only_ignored
            } else {
                !asked.ignored_only
            }
        })
        .collect();
    println!("\nrunning {} tests", chosen.len());
    for &&(name, test, browser) in &chosen {
        if let (Some(why), true) = (&ignore, browser) {
            println!("test {name} ... ignored, {why}");
            ignored += 1;
        } else if std::panic::catch_unwind(test).is_ok() {
            println!("test {name} ... ok");
            passed += 1;
        } else {
            println!("test {name} ... FAILED");
            failed.push(name);
        }
    }
    if !failed.is_empty() {
        println!("\nfailures:");
        for name in &failed {
            println!("    {name}");
        }
    }
    println!(
        "\ntest result: {}. {passed} passed; {} failed; {ignored} ignored; 0 measured; {filtered_out} filtered out; finished in {:.2}s\n",
        if failed.is_empty() { "ok" } else { "FAILED" },
        failed.len(),
        began.elapsed().as_secs_f64()
    );
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(101)
    }
}
