//! A harness for tests that drive Debian's chromium (`harness = false` in Cargo.toml): what
//! they need, whether they run, `don serve` started and stopped for them, and libtest's report.
//! The same rules as tests/browser.rs's own: without chromium, node or playwright-core the
//! tests are reported *ignored*, with what is missing, except under `CI` (set to anything but
//! empty, `false` or `0`), where they run and fail. libtest settles `#[ignore]` when the tests
//! are compiled, but whether the browser is here is known only when they run; so [`run`] runs
//! the tests itself and reports them in libtest's words (`test NAME ... ignored, REASON`, and
//! the `test result:` line that `cargo test` and `.ci/run` sum), taking the arguments `cargo
//! test` passes on (names to filter by, `--exact`, `--skip`, `--list`, `--ignored`,
//! `--include-ignored`).
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, ExitCode};
use std::time::{Duration, Instant};

use super::common::{db::Db, text};

pub fn root() -> &'static Path {
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
pub fn cannot_run() -> Option<String> {
    let missing = missing();
    (!missing.is_empty()).then(|| {
        format!(
            "the browser tests need {}; .ci/run installs them",
            missing.join(", ")
        )
    })
}

/// Fails the test unless the browser is here (it is then run under `CI` without it).
pub fn require_browser() {
    if let Some(why) = cannot_run() {
        panic!("{why}");
    }
}

/// Whether the value of `CI` says the tests run under CI: set and not empty, and not `false`
/// (in any case) or `0`. `.ci/run` sets it to 1.
pub fn under_ci(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| match v.to_str().map(str::trim) {
        Some(v) => !(v.is_empty() || v == "0" || v.eq_ignore_ascii_case("false")),
        None => !v.is_empty(),
    })
}

/// The width of a PNG image, from its header.
pub fn png_width(path: &Path) -> u32 {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(
        &bytes[..8],
        b"\x89PNG\r\n\x1a\n",
        "{} is a PNG",
        path.display()
    );
    u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]])
}

/// Runs the script `tests/browser/NAME` over the plan, written into `dir` beside the report
/// it prints: the report.
pub fn run_script(name: &str, plan: &serde_json::Value, dir: &Path) -> serde_json::Value {
    let file = dir.join("plan.json");
    std::fs::write(&file, plan.to_string()).unwrap();
    let out = Command::new("node")
        .arg(root().join("tests/browser").join(name))
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name} failed: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    std::fs::write(dir.join("report.json"), &out.stdout).unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `don serve` running over a database, stopped with SIGTERM (and killed if a test panics).
pub struct Server {
    child: Child,
    /// Kept open so that the server can still write to it.
    _out: BufReader<ChildStdout>,
    pub base: String,
}

impl Server {
    pub fn start(db: &Db) -> Server {
        let mut child = db.spawn(&["serve", "--listen", "127.0.0.1:0"]);
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        // "Serving the league at URL (listening on ADDR)."
        let Some(base) = first
            .strip_prefix("Serving the league at ")
            .and_then(|rest| rest.split_whitespace().next())
        else {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!("don serve said {first:?}: {}", text(&out.stderr));
        };
        Server {
            base: base.to_string(),
            child,
            _out: out,
        }
    }

    /// SIGTERM, as systemd stops it: it must end cleanly, and soon.
    pub fn stop(mut self) {
        let pid = self.child.id().to_string();
        assert!(Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success());
        let began = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                began.elapsed() < Duration::from_secs(10),
                "don serve still running 10 s after SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        assert!(status.success(), "don serve ended with {status}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// What `cargo test` asks of a harness.
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

/// Runs the tests `cargo test` asks for: those of `browser` need the browser, those of `plain`
/// do not (and always run). Reports them as libtest does.
pub fn run(browser: &[(&str, fn())], plain: &[(&str, fn())]) -> ExitCode {
    let asked = Asked::from_args(std::env::args().skip(1));
    let all: Vec<(&str, fn(), bool)> = browser
        .iter()
        .map(|&(n, t)| (n, t, true))
        .chain(plain.iter().map(|&(n, t)| (n, t, false)))
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
    let chosen: Vec<_> = chosen
        .into_iter()
        .filter(|(.., needs)| {
            if *needs {
                !only_ignored
            } else {
                !asked.ignored_only
            }
        })
        .collect();
    println!("\nrunning {} tests", chosen.len());
    for &&(name, test, needs) in &chosen {
        if let (Some(why), true) = (&ignore, needs) {
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
