//! The table benchmark's figures and its report: each way of entering a line, its p50, p99, max
//! and count, beside issue 18's target (an entry answered in under 50 ms at the 99th
//! percentile, server-side, its commit included).

use std::time::Duration;

/// The 99th percentile an entry must come under.
pub const TARGET_MS: f64 = 50.0;

/// The times of one way of entering lines, in milliseconds, and what went wrong on the way.
#[derive(Default)]
pub struct Timings {
    pub ms: Vec<f64>,
    pub errors: Vec<String>,
}

impl Timings {
    pub fn push(&mut self, took: Duration) {
        self.ms.push(took.as_secs_f64() * 1000.0);
    }

    /// The value below which a share `p` of the times fall (nearest rank).
    pub fn at(&self, p: f64) -> f64 {
        if self.ms.is_empty() {
            return f64::NAN;
        }
        let mut xs = self.ms.clone();
        xs.sort_by(f64::total_cmp);
        xs[((xs.len() - 1) as f64 * p).round() as usize]
    }

    pub fn max(&self) -> f64 {
        self.ms.iter().copied().fold(f64::NAN, f64::max)
    }
}

/// One row of the report: what was measured, its times, and whether the target applies.
pub struct Row<'a> {
    pub figure: &'a str,
    pub times: &'a Timings,
    /// `Some(why)` when the way was not run (the times then are empty).
    pub not_run: Option<String>,
    /// True for the server-side figures the target is for; false for the baseline.
    pub targeted: bool,
}

/// Prints the rows as a table, each beside the target, and the errors each way met.
pub fn print(rows: &[Row<'_>]) {
    println!(
        "  {:<46} {:>8} {:>8} {:>8} {:>6}   target",
        "", "p50 ms", "p99 ms", "max ms", "count"
    );
    for row in rows {
        if let Some(why) = &row.not_run {
            println!("  {:<46} NOT RUN: {why}", row.figure);
            continue;
        }
        let t = row.times;
        let p99 = t.at(0.99);
        let target = match (row.targeted, p99 < TARGET_MS && t.errors.is_empty()) {
            (false, _) => "(baseline)".to_string(),
            (true, true) => format!("p99 < {TARGET_MS} ms  met"),
            (true, false) => format!("p99 < {TARGET_MS} ms  MISSED"),
        };
        println!(
            "  {:<46} {:>8.2} {:>8.2} {:>8.2} {:>6}   {target}",
            row.figure,
            t.at(0.5),
            p99,
            t.max(),
            t.ms.len()
        );
    }
    for row in rows {
        for e in row.times.errors.iter().take(5) {
            println!("    {}: {e}", row.figure);
        }
        if row.times.errors.len() > 5 {
            println!(
                "    {}: and {} more errors",
                row.figure,
                row.times.errors.len() - 5
            );
        }
    }
}
