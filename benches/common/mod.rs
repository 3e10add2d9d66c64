//! What the benchmarks share: the rulesets their simulated games are played under, and a
//! process run to its end with its peak memory watched.
#![allow(dead_code)]

pub mod seasons;

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use don::rules::{OptionValue, Variant};

/// A finished process: how long it took and its peak memory.
pub struct Run {
    pub secs: f64,
    pub peak_kib: Option<u64>,
}

/// A running process's peak memory so far (VmHWM), in KiB.
pub fn vm_hwm(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `cmd` to the end, its output kept in `log`, reading its peak memory every `poll`.
pub fn run_watched(mut cmd: Command, log: &Path, what: &str, poll: Duration) -> Run {
    let out = File::create(log).unwrap();
    let err = out.try_clone().unwrap();
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    let pid = child.id();
    let mut peak = None;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if let Some(k) = vm_hwm(pid) {
            peak = Some(peak.map_or(k, |p: u64| p.max(k)));
        }
        std::thread::sleep(poll);
    };
    let secs = start.elapsed().as_secs_f64();
    let said = std::fs::read_to_string(log).unwrap_or_default();
    assert!(status.success(), "{what} failed ({status}):\n{said}");
    Run {
        secs,
        peak_kib: peak,
    }
}

/// KiB as MiB, one decimal.
pub fn mib(kib: Option<u64>) -> String {
    kib.map_or("n/a".into(), |k| format!("{:.1} MiB", k as f64 / 1024.0))
}

/// A ruleset of each variant (Nine Card Don twice: to 121 with game, and with hljg).
pub fn rulesets() -> Vec<Variant> {
    let v = |name: &str, opts: &[(&str, OptionValue)]| {
        Variant::build(name, opts.iter().map(|(k, v)| (*k, v.clone()))).unwrap()
    };
    vec![
        v("nine-card-don", &[]),
        v(
            "nine-card-don",
            &[("end_scoring", OptionValue::Str("hljg".into()))],
        ),
        v("blind-don", &[]),
        v("game-to-lose", &[]),
        v("irish-don", &[]),
        v("phat", &[]),
    ]
}

/// The middle of some timings.
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Where a benchmark writes its files: `-- --keep DIR` (left there), or a temporary folder
/// (the guard removes it).
pub fn work_dir() -> (tempfile::TempDir, std::path::PathBuf, bool) {
    let args: Vec<String> = std::env::args().collect();
    let keep = args
        .iter()
        .position(|a| a == "--keep")
        .and_then(|i| args.get(i + 1));
    let temp = tempfile::tempdir().unwrap();
    let dir = keep.map_or_else(|| temp.path().to_path_buf(), std::path::PathBuf::from);
    std::fs::create_dir_all(&dir).unwrap();
    (temp, dir, keep.is_some())
}
