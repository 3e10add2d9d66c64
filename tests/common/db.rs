//! A fresh database in a temporary folder, and `don` run against it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use serde_json::Value;

use super::{don, text};

pub struct Db {
    dir: tempfile::TempDir,
    pub path: PathBuf,
}

impl Db {
    pub fn new() -> Db {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("don.db");
        Db { dir, path }
    }

    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// `don ARGS` against this database.
    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = don();
        cmd.args(args).env("DON_DB", &self.path);
        cmd
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).stdin(Stdio::null()).output().unwrap()
    }

    /// Runs `don ARGS`, which must succeed: its standard output.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "don {args:?} failed: {}{}",
            text(&out.stdout),
            text(&out.stderr)
        );
        text(&out.stdout)
    }

    /// `don ARGS` started with all three streams piped.
    pub fn spawn(&self, args: &[&str]) -> Child {
        self.cmd(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// `don play ARGS` with these lines on standard input.
    pub fn play(&self, args: &[&str], lines: &str) -> Output {
        let mut all = vec!["play"];
        all.extend_from_slice(args);
        let mut child = self.spawn(&all);
        child
            .stdin
            .take()
            .unwrap()
            .write_all(lines.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    }

    /// `don show GAME --json`.
    pub fn show(&self, game: &str) -> Value {
        serde_json::from_str(&self.ok(&["show", game, "--json"])).unwrap()
    }

    /// Imports the sample season of `examples/league` as a new league, Abercarn's.
    pub fn import_sample_season(&self) {
        let files: Vec<String> = ["rosters", "matches", "nights", "adjustments"]
            .iter()
            .map(|s| format!("examples/league/2025-26-{s}.csv"))
            .collect();
        let mut args = vec!["import"];
        args.extend(files.iter().map(String::as_str));
        args.extend(["--league", "Abercarn Crib and Don League", "--create"]);
        self.ok(&args);
    }

    /// `sqlite3 DB .dump`: the whole content, as SQL.
    pub fn dump(&self) -> String {
        self.sql(".dump")
    }

    /// What `sqlite3` prints for one statement against this database.
    pub fn sql(&self, statement: &str) -> String {
        let out = Command::new("sqlite3")
            .arg(&self.path)
            .arg(statement)
            .output()
            .expect("sqlite3 is needed for these tests (.ci/run installs it)");
        assert!(out.status.success(), "sqlite3: {}", text(&out.stderr));
        text(&out.stdout)
    }
}
