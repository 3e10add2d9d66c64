//! What the tests that drive Debian's chromium share: what they need, whether they run, one at
//! a time, and `don serve` started and stopped for them. Without chromium, node or
//! playwright-core a browser test says on the terminal that it is skipped and why, and passes,
//! except under `CI` (set to anything but empty, `false` or `0`), where it runs and fails.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command};
use std::sync::{Mutex, MutexGuard, PoisonError};
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

/// The browser tests, one at a time: each drives a chromium of its own against a `don serve`.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Whether this browser test runs: while it holds the guard, no other browser test runs. `None`
/// (the test skipped, saying so on the terminal) when the browser is not here, except under
/// `CI`, where the test fails.
pub fn browser() -> Option<MutexGuard<'static, ()>> {
    if let Some(why) = cannot_run() {
        if under_ci(std::env::var_os("CI").as_deref()) {
            panic!("{why}");
        }
        // Straight to the terminal: the test harness keeps what a passing test prints.
        let test = std::thread::current()
            .name()
            .unwrap_or("a browser test")
            .to_string();
        let _ = writeln!(std::io::stderr(), "note: {test} skipped: {why}");
        return None;
    }
    Some(ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner))
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
