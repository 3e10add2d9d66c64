//! `don backup FILE`: SQLite's online backup, taken while another connection is writing,
//! checked, and put in place whole; the database itself refused as FILE.

mod common;

use common::db::Db;
use common::text;

/// The files in a folder, by name, sorted (the database's -wal and -shm left out: they come
/// and go with the connections).
fn files(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "don.db-wal" && n != "don.db-shm")
        .collect();
    names.sort();
    names
}

/// What `sqlite3 FILE STATEMENT` prints.
fn sql(file: &std::path::Path, statement: &str) -> String {
    let out = std::process::Command::new("sqlite3")
        .arg(file)
        .arg(statement)
        .output()
        .expect("sqlite3 is needed for these tests");
    assert!(out.status.success(), "sqlite3: {}", text(&out.stderr));
    text(&out.stdout)
}

fn a_league() -> Db {
    let db = Db::new();
    db.ok(&["import", "examples/phat.json"]);
    db.import_sample_season();
    db
}

#[test]
fn a_backup_is_taken_while_another_connection_writes_and_copies_what_was_committed() {
    let db = a_league();
    let before = db.dump();
    let table = db.ok(&["standings", "--json"]);
    // Another writer holds the write lock, with a change not yet committed.
    let writer = rusqlite::Connection::open(&db.path).unwrap();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    writer
        .execute(
            "INSERT INTO operations (at, command, summary) VALUES ('2025-10-09T20:00:00Z', 'test', 'not yet committed')",
            [],
        )
        .unwrap();
    let copy = db.dir().join("copy.db");
    let out = db.run(&["backup", copy.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let first = format!(
        "Backed up {} to {}: ",
        db.path.display(),
        copy.display()
    );
    assert!(said.starts_with(&first), "{said}");
    assert!(said.ends_with(" pages), integrity checked.\n"), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    writer.execute_batch("COMMIT").unwrap();
    drop(writer);
    assert!(db.dump().contains("not yet committed"));
    // The copy is the database as it was committed when the backup was taken: nothing of the
    // change in flight, no -wal beside it, and a database don reads.
    assert_eq!(sql(&copy, ".dump"), before);
    assert_eq!(sql(&copy, "PRAGMA integrity_check"), "ok\n");
    assert_eq!(files(db.dir()), ["copy.db", "don.db"]);
    let copy_db = format!("--db={}", copy.display());
    assert_eq!(db.ok(&["standings", "--json", &copy_db]), table);
}

#[test]
fn a_backup_onto_the_database_itself_is_refused_and_changes_nothing() {
    let db = a_league();
    let before = db.dump();
    let names = files(db.dir());
    let same = db.dir().join(".").join("don.db");
    for file in [
        db.path.to_str().unwrap().to_string(),
        same.to_str().unwrap().to_string(),
        format!("{}-wal", db.path.display()),
    ] {
        let out = db.run(&["backup", &file]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert_eq!(
            text(&out.stderr),
            format!("don: error: {file} is the database itself: back it up to another file\n")
        );
        assert_eq!(text(&out.stdout), "");
    }
    assert_eq!(db.dump(), before);
    assert_eq!(files(db.dir()), names);
}

#[test]
fn an_older_file_is_replaced_whole_by_the_checked_copy() {
    let db = a_league();
    let copy = db.dir().join("old.db");
    std::fs::write(&copy, "not a database at all").unwrap();
    db.ok(&["backup", copy.to_str().unwrap()]);
    assert_eq!(sql(&copy, ".dump"), db.dump());
    // No temporary file left beside it.
    assert_eq!(files(db.dir()), ["don.db", "old.db"]);
    // A folder is not a file to back up to; nothing is written.
    let out = db.run(&["backup", db.dir().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is a folder"), "{}", text(&out.stderr));
}
