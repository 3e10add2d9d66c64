//! Opening the database: reading commands read it only (on a read-only mount, a file one may
//! read but not write), never make or bring up to date a database, and every fault of the file
//! or its disk (read-only, full, damaged, not a database, an empty `DON_DB`, a version below its
//! tables) is said in a plain sentence with a hint, the database left byte for byte as it was.
//!
//! `sqlite3` must be installed (`.ci/run` installs it). The tests of a read-only mount and of a
//! full disk need a mount namespace of their own (`unshare -m`, as root); where the system
//! allows none they say so and check nothing.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::db::Db;
use common::{don, don_as_other_user, in_mount_namespace, no_namespace, other_user_output, text};

/// The names of the files in `dir`, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The commands that only read, with what each prints against a database of a league.
const READS: &[&[&str]] = &[
    &["standings"],
    &["games"],
    &["show", "1"],
    &["export"],
    &["log"],
    &["league", "show"],
    &["team", "list"],
    &["roster", "show", "Royal Oak"],
    &["fixtures", "list"],
    &["night", "show", "Red Lion", "Royal Oak"],
    &["stats"],
    &["history"],
];

/// What the reading commands print against `db` as it is (standard output and error).
fn read_outputs(db: &Db) -> Vec<(String, String)> {
    READS
        .iter()
        .map(|args| {
            let out = db.run(args);
            assert!(out.status.success(), "{args:?}");
            (text(&out.stdout), text(&out.stderr))
        })
        .collect()
}

/// The first line a change refused on a read-only database says.
fn read_only_words(db: &Db) -> String {
    format!(
        "don: error: the database {} is read-only: nothing was changed\n  hint: this command changes the database:",
        db.path.display()
    )
}

/// `don ARGS` against `db` with `DON_DB` set, its folder mounted read-only in a mount namespace
/// of its own. `None` where the system allows no such namespace.
fn on_read_only_mount(db: &Db, args: &[&str]) -> Option<Output> {
    let script = r#"dir="$1"; shift
mount --bind "$dir" "$dir" && mount -o remount,bind,ro "$dir" || exit 99
touch "$dir/.probe" 2>/dev/null && exit 98
exec "$@""#;
    let out = in_mount_namespace(script)
        .arg(db.dir())
        .arg(env!("CARGO_BIN_EXE_don"))
        .args(args)
        .env("DON_DB", &db.path)
        .env_remove("COLUMNS")
        .output()
        .ok()?;
    if out.status.code() == Some(98) {
        panic!("the read-only mount could be written");
    }
    (!no_namespace(&out)).then_some(out)
}

#[test]
fn reading_commands_work_on_a_read_only_mount_and_a_change_is_refused_plainly() {
    let db = Db::with_html_name_and_a_game();
    db.ok(&["roster", "add", "Royal Oak", "Gareth", "Rhys"]);
    let expected = read_outputs(&db);
    let before = std::fs::read(&db.path).unwrap();
    let Some(probe) = on_read_only_mount(&db, &["games"]) else {
        eprintln!("skipped: this system allows no mount namespace (unshare -m) to mount a folder read-only");
        return;
    };
    // Before: "not a don database: unable to open database file".
    assert_eq!(text(&probe.stderr), "");
    for (args, expected) in READS.iter().zip(&expected) {
        let out = on_read_only_mount(&db, args).unwrap();
        assert_eq!(text(&out.stderr), expected.1, "{args:?}");
        assert!(out.status.success(), "{args:?}");
        assert_eq!(text(&out.stdout), expected.0, "{args:?}");
    }
    let site = tempfile::tempdir().unwrap();
    let out = on_read_only_mount(
        &db,
        &[
            "publish",
            "--out",
            site.path().join("site").to_str().unwrap(),
        ],
    )
    .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(site.path().join("site/index.html").is_file());
    let backup = site.path().join("copy.db");
    let out = on_read_only_mount(&db, &["backup", backup.to_str().unwrap()]).unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    for args in [
        &["award", "Royal Oak", "1", "--reason", "late"][..],
        &["undo"][..],
        &["import", "examples/phat.json"][..],
        &["roster", "add", "Royal Oak", "Huw"][..],
    ] {
        let out = on_read_only_mount(&db, args).unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            text(&out.stderr).starts_with(&read_only_words(&db)),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    assert_eq!(before, std::fs::read(&db.path).unwrap());
    assert_eq!(files(db.dir()), ["don.db"]);
}

#[test]
fn reading_commands_work_on_a_file_one_may_read_but_not_write() {
    let db = Db::with_html_name_and_a_game();
    db.ok(&["roster", "add", "Royal Oak", "Gareth", "Rhys"]);
    let expected = read_outputs(&db);
    let before = std::fs::read(&db.path).unwrap();
    let mode = |path: &Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    mode(&db.path, 0o444);
    mode(db.dir(), 0o555);
    let ran = db.as_other_user(&["games"]);
    let checked = ran.map(|probe| {
        // Before: "attempt to write a readonly database".
        assert_eq!(text(&probe.stderr), "");
        for (args, expected) in READS.iter().zip(&expected) {
            let out = db.as_other_user(args).unwrap();
            assert_eq!(text(&out.stderr), expected.1, "{args:?}");
            assert_eq!(text(&out.stdout), expected.0, "{args:?}");
        }
        for args in [
            &["award", "Royal Oak", "1", "--reason", "late"][..],
            &["undo"][..],
        ] {
            let out = db.as_other_user(args).unwrap();
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            assert!(
                text(&out.stderr).starts_with(&read_only_words(&db)),
                "{args:?}: {}",
                text(&out.stderr)
            );
        }
    });
    mode(db.dir(), 0o755);
    mode(&db.path, 0o644);
    if checked.is_none() {
        eprintln!("skipped: running as root, and `setpriv` cannot run don as the user nobody");
        return;
    }
    assert_eq!(before, std::fs::read(&db.path).unwrap());
    assert_eq!(files(db.dir()), ["don.db"]);
}

#[test]
fn a_read_command_on_an_empty_file_or_none_writes_nothing() {
    let db = Db::new();
    std::fs::write(&db.path, b"").unwrap();
    for args in READS {
        let out = db.run(args);
        // Before: `games` printed "No games." and wrote a schema into the file.
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "don: error: the database {} is empty: `don new` or `don import` begins one in it\n",
                db.path.display()
            ),
            "{args:?}"
        );
    }
    for args in [
        &["undo"][..],
        &["award", "Royal Oak", "1", "--reason", "late"][..],
    ] {
        assert_eq!(db.run(args).status.code(), Some(2), "{args:?}");
    }
    assert_eq!(std::fs::read(&db.path).unwrap(), b"");
    assert_eq!(files(db.dir()), ["don.db"]);
    std::fs::remove_file(&db.path).unwrap();
    for args in READS {
        let out = db.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "don: error: there is no database at {}: `don new` or `don import` begins one\n",
                db.path.display()
            ),
            "{args:?}"
        );
    }
    assert_eq!(files(db.dir()), Vec::<String>::new());
}

#[test]
fn a_full_disk_is_said_plainly_and_nothing_is_changed() {
    let out = tempfile::tempdir().unwrap();
    let mnt = out.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    // A 512 KiB disk holds a new league (with its WAL) but not a season's import.
    let script = r#"mnt="$1"; out="$2"; don="$3"
mount -t tmpfs -o size=512k tmpfs "$mnt" || exit 99
export DON_DB="$mnt/don.db"
"$don" league new 'Abercarn Crib and Don League' >/dev/null || exit 98
sqlite3 "$DON_DB" .dump > "$out/before.sql"
"$don" import examples/league/2025-26-rosters.csv examples/league/2025-26-matches.csv examples/league/2025-26-nights.csv --create > "$out/stdout" 2> "$out/stderr"
echo $? > "$out/code"
sqlite3 "$DON_DB" .dump > "$out/after.sql"
"#;
    let ran = in_mount_namespace(script)
        .arg(&mnt)
        .arg(out.path())
        .arg(env!("CARGO_BIN_EXE_don"))
        .output()
        .unwrap();
    match ran.status.code() {
        Some(0) => {}
        Some(98) => panic!("league new failed: {}", text(&ran.stderr)),
        _ => {
            eprintln!(
                "skipped: this system allows no mount namespace (unshare -m) for a small disk: {}",
                text(&ran.stderr)
            );
            return;
        }
    }
    let read = |name: &str| std::fs::read_to_string(out.path().join(name)).unwrap();
    assert_eq!(read("code"), "1\n");
    // Before: "the database: database or disk is full".
    assert_eq!(
        read("stderr"),
        format!(
            "don: error: the disk holding the database {} is full: nothing was changed\n  hint: free some space on that disk and run the command again\n",
            mnt.join("don.db").display()
        )
    );
    assert!(read("before.sql").contains("CREATE TABLE"));
    assert_eq!(read("before.sql"), read("after.sql"));
}

#[test]
fn a_backup_onto_a_full_disk_names_the_disk_of_the_copy() {
    let db = Db::new();
    db.import_sample_season();
    let mnt = db.dir().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let script = r#"mnt="$1"; shift
mount -t tmpfs -o size=64k tmpfs "$mnt" || exit 99
exec "$@""#;
    let copy = mnt.join("copy.db");
    let out = in_mount_namespace(script)
        .arg(&mnt)
        .arg(env!("CARGO_BIN_EXE_don"))
        .args(["backup", copy.to_str().unwrap()])
        .env("DON_DB", &db.path)
        .output()
        .unwrap();
    if no_namespace(&out) {
        eprintln!("skipped: this system allows no mount namespace (unshare -m) for a small disk");
        return;
    }
    assert_eq!(out.status.code(), Some(1));
    // Before the copy's disk was told apart: "the disk holding the database DB is full"; then
    // the copy was called a database.
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: cannot write {}: No space left on device (os error 28)\n  hint: free some space on the disk it is on, and run the command again\n",
            copy.display()
        )
    );
}

#[test]
fn a_damaged_database_is_said_plainly_with_a_way_to_recover() {
    let db = Db::new();
    db.import_sample_season();
    let whole = std::fs::metadata(&db.path).unwrap().len();
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&db.path)
        .unwrap();
    file.set_len(whole / 2).unwrap();
    drop(file);
    let before = std::fs::read(&db.path).unwrap();
    for args in [
        &["standings"][..],
        &["games"][..],
        &["award", "Red Lion", "1", "--reason", "x"][..],
    ] {
        let out = db.run(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        // Before: "the database: database disk image is malformed", with no advice.
        let path = db.path.display();
        assert_eq!(
            text(&out.stderr),
            format!(
                "don: error: the database {path} is damaged (SQLite finds it malformed)\n  hint: restore a copy made with `don backup`; or let SQLite save what it can: `sqlite3 {path} .recover | sqlite3 recovered.db`, then use --db recovered.db\n"
            ),
            "{args:?}"
        );
    }
    assert_eq!(before, std::fs::read(&db.path).unwrap());
}

#[test]
fn a_device_or_a_folder_is_not_a_database() {
    let dir = tempfile::tempdir().unwrap();
    for (path, what) in [
        (PathBuf::from("/dev/null"), "a device"),
        (dir.path().to_path_buf(), "a folder"),
    ] {
        for args in [
            &["games"][..],
            &["import", "examples/phat.json"][..],
            &["league", "new", "X"][..],
        ] {
            let out = don()
                .args(args)
                .arg("--db")
                .arg(&path)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            // Before, for /dev/null: "rusqlite_migration error while executing query ''".
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert_eq!(
                text(&out.stderr),
                format!(
                    "don: error: {} is not a database file: it is {what}\n  hint: give --db (or DON_DB) the file name of a don database\n",
                    path.display()
                ),
                "{args:?}"
            );
        }
    }
    assert!(files(dir.path()).is_empty());
}

#[test]
fn an_empty_don_db_is_named_in_a_plain_sentence() {
    let out = don()
        .args(["games"])
        .env("DON_DB", "")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // Before: "--db (or DON_DB) is empty".
    assert_eq!(
        text(&out.stderr),
        "don: error: DON_DB is set but empty: set it to the database's file name, or unset it (`unset DON_DB`) for the usual database in your data directory\n"
    );
}

#[test]
fn a_version_set_below_its_tables_is_said_without_any_sql() {
    let db = Db::new();
    db.import_sample_season();
    for version in [1, 0] {
        db.sql(&format!("PRAGMA user_version = {version}"));
        below_its_tables(&db, version);
    }
}

fn below_its_tables(db: &Db, version: i64) {
    let before = std::fs::read(&db.path).unwrap();
    for args in [
        &["games"][..],
        &["standings"][..],
        &["import", "examples/phat.json"][..],
    ] {
        let out = db.run(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        // Before: 20 KB of the schema's SQL.
        assert_eq!(
            text(&out.stderr),
            format!(
                "don: error: the database {path} says its schema is version {version}, but it holds tables of a later version: don cannot bring it up to date\n  hint: nothing was changed; its version was set back by hand or by another program, and don will not guess which version its tables are: restore a copy made with `don backup`\n",
                path = db.path.display()
            ),
            "{args:?}"
        );
    }
    assert_eq!(before, std::fs::read(&db.path).unwrap());
}

#[test]
fn an_older_database_is_read_as_it_is_and_brought_up_to_date_by_a_change() {
    let db = Db::new();
    let schema =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("schema.sql")).unwrap();
    let upto = schema.find("\n-- @@ version 3").expect("schema version 3");
    let mut sqlite3 = Command::new("sqlite3")
        .arg(&db.path)
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let sql = format!("{}\nPRAGMA user_version = 2;\n", &schema[..upto]);
    sqlite3
        .stdin
        .take()
        .unwrap()
        .write_all(sql.as_bytes())
        .unwrap();
    assert!(sqlite3.wait().unwrap().success());
    let before = std::fs::read(&db.path).unwrap();
    // Before: a read brought the file up to version 3.
    assert_eq!(db.ok(&["games"]), "No games.\n");
    assert_eq!(db.ok(&["log"]), db.ok(&["log"]));
    assert_eq!(before, std::fs::read(&db.path).unwrap());
    assert_eq!(files(db.dir()), ["don.db"]);
    db.ok(&["import", "examples/phat.json"]);
    assert_eq!(
        db.sql("PRAGMA user_version"),
        common::latest_schema_version()
    );
    assert_eq!(db.ok(&["games"]).lines().last(), Some("1 game."));
}

#[test]
fn a_database_whose_latest_changes_are_in_its_wal_in_a_folder_one_may_not_write_is_said_so() {
    let db = Db::new();
    db.import_sample_season();
    // A copy made while a writer had changes in the -wal (as of a don killed, or copied while
    // running): the database and its -wal side by side, with no -shm.
    let copy = tempfile::tempdir().unwrap();
    let path = copy.path().join("don.db");
    {
        let conn = rusqlite::Connection::open(&db.path).unwrap();
        conn.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
        conn.execute(
            "INSERT INTO operations (at, command, summary) VALUES ('2025-10-09T20:00:00Z', 'x', 'in the wal')",
            [],
        )
        .unwrap();
        std::fs::copy(&db.path, &path).unwrap();
        let mut wal = db.path.as_os_str().to_owned();
        wal.push("-wal");
        std::fs::copy(PathBuf::from(wal), copy.path().join("don.db-wal")).unwrap();
    }
    let mode = |path: &Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    for name in ["don.db", "don.db-wal"] {
        mode(&copy.path().join(name), 0o444);
    }
    mode(copy.path(), 0o555);
    let out = other_user_output(don_as_other_user().args(["log", "--db"]).arg(&path));
    mode(copy.path(), 0o755);
    for name in ["don.db", "don.db-wal"] {
        mode(&copy.path().join(name), 0o644);
    }
    let Some(out) = out else {
        eprintln!("skipped: running as root, and `setpriv` cannot run don as the user nobody");
        return;
    };
    // Before: "not a don database: unable to open database file".
    assert_eq!(out.status.code(), Some(2));
    let p = path.display();
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: cannot read the database {p} here: its latest changes are still in {p}-wal, and SQLite cannot make {p}-shm beside it to read them (the folder cannot be written)\n  hint: run any don command on it where its folder can be written (that folds the -wal file into the database), or copy the database and its -wal file together into a folder you may write and read the copy\n"
        )
    );
    // Where the folder can be written, the same copy is read whole, and tidied.
    let log = don().args(["log", "--db"]).arg(&path).output().unwrap();
    assert!(text(&log.stdout).contains("in the wal"));
    assert_eq!(files(copy.path()), ["don.db"]);
}

#[test]
fn another_program_s_database_at_don_s_version_is_refused_untouched() {
    let known = Db::new();
    known.ok(&["league", "new", "L"]);
    let version = known.sql("PRAGMA user_version");
    let db = Db::new();
    db.sql(&format!(
        "CREATE TABLE notes (x); PRAGMA user_version = {}",
        version.trim()
    ));
    let before = std::fs::read(&db.path).unwrap();
    for args in [
        &["games"][..],
        &["new", "nine-card-don", "--seats", "A, B, C, D"][..],
    ] {
        let out = db.run(args);
        // Before: "the database: no such table: games"; `new` had put the file in WAL mode.
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "don: error: the database {} is not a don database: its schema version is {} but it has no operations log\n  hint: it was left untouched; give --db (or DON_DB) the file of a don database, or a new file name to begin one\n",
                db.path.display(),
                version.trim()
            ),
            "{args:?}"
        );
        assert_eq!(std::fs::read(&db.path).unwrap(), before, "{args:?}");
    }
    assert_eq!(db.sql("PRAGMA journal_mode"), "delete\n");
    assert_eq!(files(db.dir()), ["don.db"]);
    // A version above don's is no newer don's without its log.
    db.sql("PRAGMA user_version = 99");
    let before = std::fs::read(&db.path).unwrap();
    let out = db.run(&["games"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: the database {} is not a don database: its schema version is 99 but it has no operations log\n  hint: it was left untouched; give --db (or DON_DB) the file of a don database, or a new file name to begin one\n",
            db.path.display()
        )
    );
    assert_eq!(std::fs::read(&db.path).unwrap(), before);
}

#[test]
fn a_path_through_a_file_is_said_plainly() {
    let db = Db::new();
    db.ok(&["league", "new", "L"]);
    for (under, args) in [(".", &["games"][..]), ("x.db", &["league", "new", "M"][..])] {
        let path = db.path.join(under);
        let out = don()
            .args(args)
            .arg("--db")
            .arg(&path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        // Before: "Not a directory (os error 20)" with no hint.
        assert_eq!(
            text(&out.stderr),
            format!(
                "don: error: {} cannot be a database: {} is a file, not a folder\n  hint: give --db (or DON_DB) the database's file itself, or a new file in a folder that is there\n",
                path.display(),
                db.path.display()
            ),
            "{args:?}"
        );
        assert_ne!(out.status.code(), Some(0));
    }
}

#[test]
fn a_new_database_in_a_folder_one_may_not_write_is_said_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let folder = dir.path().join("rootonly");
    std::fs::create_dir(&folder).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    let path = folder.join("new.db");
    let Some(out) = other_user_output(
        don_as_other_user()
            .args(["new", "nine-card-don", "--seats", "A, B, C, D", "--db"])
            .arg(&path),
    ) else {
        eprintln!("skipped: running as root, and `setpriv` cannot run don as the user nobody");
        return;
    };
    // Before: "cannot open the database …: unable to open database file", no hint.
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: cannot make the database {}: you may not write into the folder {}\n  hint: give --db a file in a folder you may write (your home folder, say), or ask the folder's owner for permission\n",
            path.display(),
            folder.display()
        )
    );
    assert!(files(&folder).is_empty());
}

#[test]
fn a_read_on_a_full_disk_reads_and_leaves_nothing_behind_and_a_change_says_the_disk_is_full() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--seats", "Gareth, Dai, Rhys, Huw"]);
    db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    let out = tempfile::tempdir().unwrap();
    let mnt = out.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    // A small disk holding a copy of the database, filled to its last byte.
    let script = r#"mnt="$1"; out="$2"; don="$3"; base="$4"
mount -t tmpfs -o size=400k tmpfs "$mnt" || exit 99
cp "$base" "$mnt/s.db" || exit 98
dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null
export DON_DB="$mnt/s.db"
"$don" games --json > "$out/read.out" 2> "$out/read.err"
echo $? > "$out/read.code"
ls "$mnt" > "$out/read.ls"
"$don" new nine-card-don --seats 'A, B, C, D' > /dev/null 2> "$out/new.err"
echo $? > "$out/new.code"
ls "$mnt" > "$out/new.ls"
"#;
    let ran = in_mount_namespace(script)
        .arg(&mnt)
        .arg(out.path())
        .arg(env!("CARGO_BIN_EXE_don"))
        .arg(&db.path)
        .output()
        .unwrap();
    match ran.status.code() {
        Some(0) => {}
        Some(98) => panic!("cannot copy the database: {}", text(&ran.stderr)),
        _ => {
            eprintln!(
                "skipped: this system allows no mount namespace (unshare -m) for a small disk: {}",
                text(&ran.stderr)
            );
            return;
        }
    }
    let read = |name: &str| std::fs::read_to_string(out.path().join(name)).unwrap();
    // Before: exit 1, "failed to read or write it (an I/O error)", and s.db-wal and s.db-shm
    // left behind.
    assert_eq!(read("read.code"), "0\n", "{}", read("read.err"));
    assert_eq!(read("read.err"), "");
    assert!(
        read("read.out").contains("\"Gareth\""),
        "{}",
        read("read.out")
    );
    assert_eq!(read("read.ls"), "fill\ns.db\n");
    assert_eq!(read("new.code"), "1\n");
    assert_eq!(
        read("new.err"),
        format!(
            "don: error: the disk holding the database {} is full: nothing was changed\n  hint: free some space on that disk and run the command again\n",
            mnt.join("s.db").display()
        )
    );
    assert_eq!(read("new.ls"), "fill\ns.db\n");
}

/// Opening the database again in a process that holds it open (as `don serve` opens a reading
/// connection while its others are open) lets go of none of the process's locks: another
/// process that then opens and closes it does not take itself for the last and delete the
/// `-wal` under the open connections, which go on seeing every change made after.
#[test]
fn opening_again_in_a_process_that_holds_the_database_keeps_its_connections_current() {
    let db = Db::three_teams();
    let held = don_store::store::Store::open_read(&db.path).unwrap();
    let count = |s: &don_store::store::Store| s.state().unwrap().0;
    let before = count(&held);
    // Another opening in this process, then another process's opening and closing.
    drop(don_store::store::Store::open_read(&db.path).unwrap());
    db.dump();
    db.ok(&["team", "add", "Carpenters Arms"]);
    assert!(
        count(&held) > before,
        "a connection held open missed a change made after another opening"
    );
    let again = don_store::store::Store::open_read(&db.path).unwrap();
    assert_eq!(count(&again), count(&held));
}
