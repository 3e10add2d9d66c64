//! The integration tests, one binary (`autotests = false` in Cargo.toml, as ripgrep): each
//! file of `tests/` is a module of it, so a change in `src/` links one test binary, not one a
//! file, and `cargo test` runs every test on one pool of threads. `cargo test --test
//! integration league::` runs one file's tests. A new file is declared below
//! (`every_test_file_is_a_module_of_the_binary` fails until it is).
//!
//! What a test file shares with the others runs on parallel threads of one process: a test
//! never sets the process's environment or current folder, and a fixed path or port is taken
//! by one test only (a database is in its own temporary folder; servers listen on port 0).

// Shared helpers.
mod common;
#[path = "../benches/common/live.rs"]
#[allow(dead_code)]
mod live;
mod web;

// The test files, one module each.
mod app_reads;
mod backup;
mod browser;
mod browser_scorer;
mod cli;
mod csv_bounds;
mod cup;
mod dates;
mod db_open;
mod divisions;
mod docs;
mod engine;
mod entries;
mod faults;
mod finish;
mod history;
mod import_books;
mod import_followups;
mod import_limits;
mod import_names_cost;
mod import_past;
mod import_sheets;
mod league;
mod league_confirm;
mod league_season;
mod league_standings;
mod league_stats;
mod leg_games;
mod lines;
mod links;
mod names_control;
mod names_past;
mod names_property;
mod namesakes;
mod night_actor;
mod night_correct;
mod night_input;
mod night_prompt;
mod out_files;
mod out_safety;
mod play;
mod play_screen;
mod properties;
mod publish;
mod reliability;
mod replay;
mod restore;
mod results_csv;
mod results_faults;
mod rules_game_to_lose_blind_don;
mod rules_irish_don;
mod rules_nine_card_don;
mod rules_options;
mod rules_phat;
mod sample_book;
mod sample_history;
mod scorer;
mod scoring;
mod secretary;
mod serve;
mod serve_abuse;
mod serve_access;
mod serve_faults;
mod serve_links;
mod serve_process;
mod serve_refusals;
mod source;
mod store;
mod undo;
mod undo_sound;
mod views;
mod web_board;
mod web_cup;
mod web_night;
mod web_scorer;
mod words;
mod write;

use std::path::{Path, PathBuf};

/// The names a file declares as modules of its own (`mod NAME;`, `pub mod NAME;`).
fn declared(source: &str) -> Vec<&str> {
    source
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line
                .strip_prefix("pub(crate) ")
                .or_else(|| line.strip_prefix("pub "))
                .unwrap_or(line);
            let name = line.strip_prefix("mod ")?.strip_suffix(';')?.trim();
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
                .then_some(name)
        })
        .collect()
}

/// The files (relative to `tests/`) that may declare the module of `file`: the binary's root
/// for a file or folder at the top, else the folder's `mod.rs` or the file named as the folder.
fn declarers(file: &Path) -> Vec<PathBuf> {
    let folder = file.parent().unwrap_or(Path::new(""));
    let folder = if file.file_name().is_some_and(|n| n == "mod.rs") {
        folder.parent().unwrap_or(Path::new(""))
    } else {
        folder
    };
    if folder.as_os_str().is_empty() {
        vec![PathBuf::from("main.rs")]
    } else {
        vec![folder.join("mod.rs"), folder.with_extension("rs")]
    }
}

/// The module name a file gives: its stem, or its folder's name for a `mod.rs`.
fn module_name(file: &Path) -> String {
    let path = if file.file_name().is_some_and(|n| n == "mod.rs") {
        file.parent().unwrap()
    } else {
        file
    };
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

/// Of `files` (paths relative to `tests/`), those no declarer declares; `read` gives a file's
/// text (`None` when there is no such file).
fn forgotten(files: &[PathBuf], read: impl Fn(&Path) -> Option<String>) -> Vec<PathBuf> {
    files
        .iter()
        .filter(|file| file.as_path() != Path::new("main.rs"))
        .filter(|file| {
            let name = module_name(file);
            !declarers(file)
                .iter()
                .filter_map(|d| read(d))
                .any(|source| declared(&source).contains(&name.as_str()))
        })
        .cloned()
        .collect()
}

/// Every `.rs` file under `dir` (relative to `root`), but for the test data, the snapshots
/// and the browser scripts' packages.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(root.join(dir)).unwrap() {
        let entry = entry.unwrap();
        let path = dir.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            if !["data", "snapshots", "node_modules"]
                .contains(&&*entry.file_name().to_string_lossy())
            {
                rust_files(root, &path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_test_file_is_a_module_of_the_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = Vec::new();
    rust_files(&root, Path::new(""), &mut files);
    assert!(files.len() > 50, "{files:?}");
    let forgotten = forgotten(&files, |p| std::fs::read_to_string(root.join(p)).ok());
    assert!(
        forgotten.is_empty(),
        "test files no module declares (add `mod NAME;` to tests/main.rs, or to its folder's \
         mod.rs): {forgotten:?}"
    );
}

#[test]
fn a_test_file_left_undeclared_is_found() {
    let files: Vec<PathBuf> = [
        "main.rs",
        "a.rs",
        "b.rs",
        "web/mod.rs",
        "web/x.rs",
        "web/y.rs",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    let read = |p: &Path| match p.to_str().unwrap() {
        "main.rs" => Some("mod a;\n// mod b;\nmod web;\n".to_string()),
        "web/mod.rs" => Some("pub mod x;\n".to_string()),
        _ => None,
    };
    assert_eq!(
        forgotten(&files, read),
        [PathBuf::from("b.rs"), PathBuf::from("web/y.rs")]
    );
}
