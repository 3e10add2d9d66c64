//! `don restore BACKUP`: after a crash that left a `-wal` beside the database, the league is
//! exactly the backup's; refused while `don serve` has the database open, and for a file that
//! is no backup of a don database. And `don backup` stopped by a signal leaves no copy behind,
//! and clears the copies a killed one left.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use common::db::Db;
use common::text;

/// What `sqlite3 FILE STATEMENT` prints.
fn sql(file: &Path, statement: &str) -> String {
    let out = std::process::Command::new("sqlite3")
        .arg(file)
        .arg(statement)
        .output()
        .expect("sqlite3 is needed for these tests");
    assert!(out.status.success(), "sqlite3: {}", text(&out.stderr));
    text(&out.stdout)
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn a_league() -> Db {
    let db = Db::new();
    db.import_sample_season();
    db
}

/// A writer that dies with its last changes only in the `-wal`: `sqlite3` with automatic
/// checkpoints off, killed with SIGKILL once it has committed them.
fn crash_after_writing(db: &Path, statements: &str) {
    let mut writer = std::process::Command::new("sqlite3")
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sqlite3 is needed for these tests");
    let mut stdin = writer.stdin.take().unwrap();
    writeln!(
        stdin,
        "PRAGMA wal_autocheckpoint = 0;\n{statements}\nSELECT 'committed';"
    )
    .unwrap();
    stdin.flush().unwrap();
    // Its answers, up to the one that says all is committed.
    let answers = BufReader::new(writer.stdout.take().unwrap());
    assert!(answers
        .lines()
        .map(Result::unwrap)
        .any(|line| line == "committed"));
    writer.kill().unwrap();
    writer.wait().unwrap();
    drop(stdin);
}

#[test]
fn after_a_crash_that_left_a_wal_the_league_is_exactly_the_backups() {
    let db = a_league();
    let backup = db.dir().join("backup.db");
    db.ok(&["backup", backup.to_str().unwrap()]);
    let log = db.ok(&["log"]);
    let table = db.ok(&["standings", "--json"]);
    let dump = sql(&backup, ".dump");
    // Changes after the backup, the last of them only in the -wal of a writer that died.
    db.ok(&[
        "deduct",
        "Red Lion",
        "2",
        "--reason",
        "after the backup",
        "--date",
        "2025-11-06",
    ]);
    crash_after_writing(
        &db.path,
        "INSERT INTO operations (at, command, summary) VALUES ('2025-11-07T20:00:00Z', 'test', 'the dead writer''s');\n\
         DELETE FROM adjustments;\n\
         UPDATE players SET name = name || ' (renamed)';",
    );
    let wal = db.dir().join("don.db-wal");
    assert!(std::fs::metadata(&wal).unwrap().len() > 0);

    let out = db.run(&["restore", backup.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with(&format!(
            "Restored {} from {}: ",
            db.path.display(),
            backup.display()
        )),
        "{said}"
    );
    // The league is the backup's, exactly, and whole.
    assert_eq!(sql(&db.path, "PRAGMA integrity_check"), "ok\n");
    assert_eq!(sql(&db.path, ".dump"), dump);
    assert_eq!(db.ok(&["log"]), log);
    assert_eq!(db.ok(&["standings", "--json"]), table);
    // The database it replaced is kept beside it with its -wal, as it was: the dead writer's
    // change in it; and said.
    let kept: Vec<String> = names(db.dir())
        .into_iter()
        .filter(|n| n.starts_with("don.db.before-restore-"))
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert!(kept[1].ends_with("-wal"), "{kept:?}");
    assert!(said.contains(&kept[0]) && said.contains(&kept[1]), "{said}");
    let old = db.dir().join(&kept[0]);
    assert_eq!(
        sql(
            &old,
            "SELECT summary FROM operations ORDER BY id DESC LIMIT 1"
        ),
        "the dead writer's\n"
    );
    assert_eq!(sql(&old, "PRAGMA integrity_check"), "ok\n");
    // Nothing else is left beside it: no -wal or -shm of the old database, no copy.
    assert!(!names(db.dir())
        .iter()
        .any(|n| n.starts_with(".don-") || n == "don.db-shm"));
    // And don goes on with it.
    db.ok(&[
        "deduct",
        "Red Lion",
        "1",
        "--reason",
        "after the restore",
        "--date",
        "2025-11-06",
    ]);
    assert_eq!(sql(&db.path, "PRAGMA integrity_check"), "ok\n");
}

/// `don serve` on the database, started and listening.
fn serve(db: &Db) -> Child {
    let mut child = db
        .cmd(&["serve", "--listen", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains("listening on"), "{line}");
    child
}

/// Sends SIGTERM to `child` and waits for it.
fn terminate(mut child: Child) -> std::process::ExitStatus {
    // SAFETY: kill(2) on the pid of a child this test started and has not waited for.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) },
        0
    );
    child.wait().unwrap()
}

#[test]
fn a_restore_is_refused_while_don_serve_has_the_database_open() {
    let db = a_league();
    let backup = db.dir().join("backup.db");
    db.ok(&["backup", backup.to_str().unwrap()]);
    db.ok(&[
        "deduct",
        "Red Lion",
        "2",
        "--reason",
        "after the backup",
        "--date",
        "2025-11-06",
    ]);
    let server = serve(&db);
    let before = db.dump();
    let files = names(db.dir());
    let bytes = std::fs::read(&db.path).unwrap();
    let out = db.run(&["restore", backup.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(&format!(
            "don: error: the database {} is open in another program (`don serve`, a `don` at the table, an sqlite3 shell): nothing was restored\n  hint: stop `don serve`",
            db.path.display()
        )),
        "{err}"
    );
    assert_eq!(text(&out.stdout), "");
    assert_eq!(std::fs::read(&db.path).unwrap(), bytes);
    assert_eq!(names(db.dir()), files);
    assert_eq!(db.dump(), before);
    terminate(server);
    // Once it is stopped, the backup is restored.
    db.ok(&["restore", backup.to_str().unwrap()]);
    assert_eq!(db.dump(), sql(&backup, ".dump"));
}

#[test]
fn a_file_that_is_no_backup_of_a_don_database_is_refused_and_nothing_changed() {
    let db = a_league();
    let dir = db.dir();
    let letter = dir.join("letter.txt");
    std::fs::write(&letter, "not a database, but a letter").unwrap();
    let empty = dir.join("empty.db");
    std::fs::write(&empty, "").unwrap();
    let theirs = dir.join("theirs.db");
    sql(&theirs, "CREATE TABLE t (x); INSERT INTO t VALUES (1);");
    let newer = dir.join("newer.db");
    db.ok(&["backup", newer.to_str().unwrap()]);
    sql(&newer, "PRAGMA user_version = 999");
    let missing = dir.join("missing.db");
    let before = db.dump();
    let bytes = std::fs::read(&db.path).unwrap();
    let files = names(dir);
    for (file, why) in [
        (&letter, "is not a backup of a don database: it is not an SQLite database: nothing was restored\n"),
        (&empty, "is not a backup of a don database: it is empty"),
        (&theirs, "is not a backup of a don database: it already has tables of its own"),
        (&newer, "is a backup made by a newer version of don (schema version 999"),
        (&missing, "is not a backup of a don database: there is no such file"),
        (&db.path, "is not a backup of a don database: it is the database itself"),
    ] {
        let out = db.run(&["restore", file.to_str().unwrap()]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", file.display());
        assert!(
            err.starts_with(&format!("don: error: {} {why}", file.display())),
            "{err}"
        );
        assert!(err.contains("\n  hint: give a file `don backup` wrote\n"), "{err}");
        assert_eq!(std::fs::read(&db.path).unwrap(), bytes);
        assert_eq!(names(dir), files);
    }
    assert_eq!(db.dump(), before);
}

/// A database of a little over `mb` MB: the sample league and ballast that a backup copies.
fn a_big_league(mb: u32) -> Db {
    let db = a_league();
    sql(
        &db.path,
        &format!(
            "CREATE TABLE ballast (b BLOB); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {mb}) INSERT INTO ballast SELECT randomblob(1000000) FROM n;"
        ),
    );
    db
}

/// The hidden copies a backup writes, in `dir`.
fn copies(dir: &Path) -> Vec<String> {
    names(dir)
        .into_iter()
        .filter(|n| n.starts_with(".don-backup-"))
        .collect()
}

/// Whether this process (and so its children) ignores `signal`.
fn ignored(signal: libc::c_int) -> bool {
    // SAFETY: sigaction(2) asked only for the action in place, into a zeroed struct.
    unsafe {
        let mut now: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut now) == 0
            && now.sa_sigaction == libc::SIG_IGN
    }
}

#[test]
fn a_backup_stopped_by_a_signal_leaves_no_copy_behind() {
    let db = a_big_league(150);
    for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        if ignored(signal) {
            // Inherited as ignored (a job in the background): it stops nothing.
            continue;
        }
        let target_dir = db.dir().join(format!("to-{signal}"));
        std::fs::create_dir(&target_dir).unwrap();
        let target: PathBuf = target_dir.join("copy.db");
        let mut child = db
            .cmd(&["backup", target.to_str().unwrap()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Stopped once its copy is begun.
        let begun = Instant::now();
        while copies(&target_dir).is_empty() {
            assert!(begun.elapsed() < Duration::from_secs(30), "no copy begun");
            std::thread::sleep(Duration::from_millis(1));
        }
        // SAFETY: kill(2) on the pid of a child this test started and has not waited for.
        assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
        let status = child.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(signal), "{status:?}");
        assert_eq!(names(&target_dir), Vec::<String>::new(), "signal {signal}");
    }
}

#[test]
fn the_next_backup_clears_the_copies_a_killed_one_left_and_only_those() {
    let db = a_league();
    let dir = db.dir().join("backups");
    std::fs::create_dir(&dir).unwrap();
    let plant = |name: &str, age: &str| {
        let path = dir.join(name);
        std::fs::write(&path, "SQLite format 3\0 a copy begun").unwrap();
        let touched = std::process::Command::new("touch")
            .args(["-d", age])
            .arg(&path)
            .status()
            .unwrap();
        assert!(touched.success());
    };
    // Left by a backup killed two hours ago (with its journal).
    plant(".don-backup-a1B2c3.db", "2 hours ago");
    plant(".don-backup-a1B2c3.db-journal", "2 hours ago");
    // A backup may be writing this one: too young to clear.
    plant(".don-backup-d4E5f6.db", "1 minute ago");
    // Not ours.
    plant(".don-backup-notours.db", "2 hours ago");
    plant("my-notes.db", "2 hours ago");
    let target = dir.join("copy.db");
    let out = db.run(&["backup", target.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "Removed 2 unfinished copies left beside it by a backup that was stopped: .don-backup-a1B2c3.db, .don-backup-a1B2c3.db-journal.\n"
    );
    assert_eq!(
        names(&dir),
        [
            ".don-backup-d4E5f6.db",
            ".don-backup-notours.db",
            "copy.db",
            "my-notes.db"
        ]
    );
}
