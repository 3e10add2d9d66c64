//! `cargo bench --bench play`: 1,000+ tricks piped through `don play` (the release binary, a
//! real database in a temporary folder), one line at a time, each sent only once the previous
//! one was answered. The time per answered entry runs from writing the line to reading the next
//! prompt, so it includes the replay, the commit (WAL, synchronous FULL: on disk before it is
//! answered) and the answer. Printed beside the target: under 10 ms at the 99th percentile.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use don::rules::sim::play_game;
use don::rules::{OptionValue, Variant};

/// The 99th percentile an answered entry must come under.
const TARGET: Duration = Duration::from_millis(10);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals = args
        .iter()
        .position(|a| a == "--deals")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(112i64);
    // Nine Card Don over a fixed number of deals: no target ends it early.
    let variant =
        Variant::build("nine-card-don", [("deals", OptionValue::Int(deals))]).expect("a ruleset");
    let game = play_game(&variant, 7, deals as usize);
    let mut lines = vec![format!("pitcher {}", game.hands[0].pitcher)];
    for hand in &game.hands {
        lines.extend(hand.tricks.iter().cloned());
    }
    let tricks = lines.len() - 1;

    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("don.db");
    let don = env!("CARGO_BIN_EXE_don");
    let new = Command::new(don)
        .args(["new", "nine-card-don", "--deals", &deals.to_string()])
        .env("DON_DB", &db)
        .output()
        .expect("run don new");
    assert!(new.status.success(), "don new failed");

    let mut child = Command::new(don)
        .args(["play", "1"])
        .env("DON_DB", &db)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run don play");
    let mut stdin = child.stdin.take().unwrap();
    let mut prompts = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    // The first prompt: the game is open.
    let next_prompt = |prompts: &mut BufReader<_>, line: &mut String| loop {
        line.clear();
        let n = prompts.read_line(line).expect("read a prompt");
        assert!(n > 0, "don play stopped early");
        assert!(!line.starts_with("line "), "a line was refused: {line}");
        if line.trim_end().ends_with('>') {
            return;
        }
    };
    next_prompt(&mut prompts, &mut line);
    let mut times = Vec::with_capacity(lines.len());
    for entry in &lines {
        let start = Instant::now();
        writeln!(stdin, "{entry}").unwrap();
        stdin.flush().unwrap();
        next_prompt(&mut prompts, &mut line);
        times.push(start.elapsed());
    }
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success(), "don play failed");

    let mut sorted = times.clone();
    sorted.sort();
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    let p99 = at(0.99);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("don play benchmark: {tricks} tricks ({deals} deals of Nine Card Don) and a pitcher, piped one line at a time");
    println!(
        "time per answered entry, commit included: median {:.2} ms, mean {:.2} ms, 99th percentile {:.2} ms ({} the 10 ms target), max {:.2} ms",
        ms(at(0.5)),
        ms(mean),
        ms(p99),
        if p99 < TARGET { "under" } else { "OVER" },
        ms(*sorted.last().unwrap())
    );
}
