//! Files written where they must not be: `don export --out` never replaces the database, writes
//! through links, into pipes and devices; `don publish --out` never reaches outside its folder.

use crate::common;

use std::collections::BTreeMap;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::Path;

use common::db::Db;
use common::text;

/// A database with the two games of `examples/nine-card-don.json`.
fn two_games() -> Db {
    let db = Db::new();
    db.ok(&["import", "examples/nine-card-don.json"]);
    db
}

/// Runs `don ARGS`, which must fail with `code`: its standard error.
fn refused(db: &Db, args: &[&str], code: i32) -> String {
    let out = db.run(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "don {args:?}: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stderr)
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn an_export_never_replaces_the_database_by_any_name() {
    let db = two_games();
    let before = db.dump();
    let bytes = std::fs::read(&db.path).unwrap();
    let dir = db.dir();
    symlink(&db.path, dir.join("link.db")).unwrap();
    std::fs::hard_link(&db.path, dir.join("hard.db")).unwrap();
    let cases = [
        (db.path.clone(), String::new()),
        (
            dir.join("link.db"),
            format!(" (a link to {})", db.path.display()),
        ),
        (
            dir.join("hard.db"),
            " (a hard link to the database's file)".to_string(),
        ),
        (
            dir.join("don.db-wal"),
            " (the database's -wal file)".to_string(),
        ),
    ];
    for (out, note) in &cases {
        let o = out.to_str().unwrap();
        for args in [vec!["export", "--out", o], vec!["export", "1", "--out", o]] {
            let err = refused(&db, &args, 2);
            assert_eq!(
                err,
                format!(
                    "don: error: {o}{note} is the database itself: writing there would destroy it\n  hint: give --out another file; to copy the database, use `don backup FILE`\n"
                )
            );
        }
    }
    assert_eq!(std::fs::read(&db.path).unwrap(), bytes);
    assert_eq!(db.dump(), before);
    assert!(std::fs::symlink_metadata(dir.join("link.db"))
        .unwrap()
        .file_type()
        .is_symlink());
}

#[test]
fn a_league_export_never_replaces_the_database() {
    let db = Db::new();
    db.import_sample_season();
    let before = db.dump();
    let link = db.dir().join("results.csv");
    symlink(&db.path, &link).unwrap();
    let err = refused(
        &db,
        &[
            "export",
            "--league",
            "Abercarn Crib and Don League",
            "--out",
            link.to_str().unwrap(),
        ],
        2,
    );
    assert!(
        err.starts_with(&format!(
            "don: error: {} (a link to {}) is the database itself",
            link.display(),
            db.path.display()
        )),
        "{err}"
    );
    assert_eq!(db.dump(), before);
    db.ok(&["standings"]);
}

#[test]
fn an_export_writes_through_a_link_into_a_pipe_and_a_device() {
    let db = two_games();
    let games = db.ok(&["export"]);
    assert_eq!(games.lines().count(), 2);
    let dir = db.dir();

    // A link to a file: the file it points to gets the games, the link stays a link.
    let target = dir.join("target.jsonl");
    std::fs::write(&target, "old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.join("link.jsonl");
    symlink("target.jsonl", &link).unwrap();
    db.ok(&["export", "--out", link.to_str().unwrap()]);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), games);
    assert_eq!(
        mode(&target),
        0o600,
        "a file replaced keeps its permissions"
    );

    // A link to nothing: the file is made where it points.
    let dangling = dir.join("dangling.jsonl");
    symlink("made.jsonl", &dangling).unwrap();
    db.ok(&["export", "--out", dangling.to_str().unwrap()]);
    assert_eq!(
        std::fs::read_to_string(dir.join("made.jsonl")).unwrap(),
        games
    );
    assert_eq!(mode(&dir.join("made.jsonl")), 0o644);
    // A link into a folder that is not there: said plainly.
    let nowhere = dir.join("nowhere.jsonl");
    symlink("gone/x.jsonl", &nowhere).unwrap();
    let err = refused(&db, &["export", "--out", nowhere.to_str().unwrap()], 2);
    assert_eq!(
        err,
        format!(
            "don: error: cannot write {} (a link to {}): the folder {} is not there\n  hint: make the folder first, or give --out a file in a folder that is there\n",
            nowhere.display(),
            dir.join("gone/x.jsonl").display(),
            dir.join("gone").display()
        )
    );

    // A new file is readable by everyone.
    let new = dir.join("new.jsonl");
    db.ok(&["export", "--out", new.to_str().unwrap()]);
    assert_eq!(mode(&new), 0o644);
    assert_eq!(std::fs::read_to_string(&new).unwrap(), games);

    // A pipe is written into, not replaced.
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    db.ok(&["export", "--out", fifo.to_str().unwrap()]);
    assert_eq!(reader.join().unwrap(), games);
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());

    // A device is written into (and /dev/null stays /dev/null).
    db.ok(&["export", "--out", "/dev/null"]);
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());

    // A folder is refused.
    let err = refused(&db, &["export", "--out", dir.to_str().unwrap()], 2);
    assert_eq!(
        err,
        format!(
            "don: error: {} is a folder, not a file\n  hint: give --out the name of a file (new, or one to replace)\n",
            dir.display()
        )
    );
}

/// Every entry under `dir`, links not followed: its path inside, and what it is (a file's bytes,
/// a link's target, `dir`).
pub fn listing(dir: &Path) -> BTreeMap<String, String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            let name = path.strip_prefix(root).unwrap().display().to_string();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.file_type().is_symlink() {
                let to = std::fs::read_link(&path).unwrap();
                out.insert(name, format!("link to {}", to.display()));
            } else if meta.is_dir() {
                out.insert(name, "dir".into());
                walk(root, &path, out);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.insert(
                    name,
                    format!(
                        "file {:o} {}",
                        meta.permissions().mode() & 0o777,
                        String::from_utf8_lossy(&bytes)
                    ),
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Abercarn's sample season, and a league Other of two teams (Alpha 5–4 Beta) with no player
/// named.
fn two_leagues() -> Db {
    let db = Db::new();
    db.import_sample_season();
    db.ok(&["league", "new", "Other"]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Alpha, Beta",
        "--create",
        "--league",
        "Other",
    ]);
    db.ok(&[
        "night",
        "enter",
        "Alpha",
        "Beta",
        "--totals",
        "5-4",
        "--date",
        "2025-09-04",
        "--league",
        "Other",
    ]);
    db
}

fn link_refused(path: &Path, to: &Path, what: &str) -> String {
    format!(
        "don: error: {} is a symbolic link (to {}) where the site has {what}: a publish never writes through a link inside --out\n  hint: remove it (or move it out of the folder), or publish into another folder\n",
        path.display(),
        to.display()
    )
}

#[test]
fn a_publish_never_writes_or_removes_through_a_link_inside_its_folder() {
    let db = two_leagues();
    let dir = db.dir();
    let site = dir.join("site");
    let s = site.to_str().unwrap();
    let abercarn = [
        "publish",
        "--league",
        "Abercarn Crib and Don League",
        "--out",
        s,
    ];
    db.ok(&abercarn);
    // A folder outside the site, with pages of the same names as the site's and a file of the
    // user's, linked where the site's players' pages were.
    let sentinel = dir.join("sentinel");
    std::fs::create_dir(&sentinel).unwrap();
    for e in std::fs::read_dir(site.join("player")).unwrap() {
        let e = e.unwrap();
        std::fs::write(sentinel.join(e.file_name()), "the user's").unwrap();
    }
    std::fs::write(sentinel.join("notes.txt"), "not don's").unwrap();
    let kept = listing(&sentinel);
    assert_eq!(kept.len(), 99 + 1);
    std::fs::remove_dir_all(site.join("player")).unwrap();
    symlink(&sentinel, site.join("player")).unwrap();

    let err = refused(&db, &abercarn, 2);
    assert_eq!(
        err,
        link_refused(&site.join("player"), &sentinel, "a folder")
    );
    assert_eq!(listing(&sentinel), kept);

    // Another league into the same folder: its players' pages are gone from the site, but
    // nothing is removed through the link: of the 255 pages gone, the 99 players' stay.
    let said = db.ok(&["publish", "--league", "Other", "--out", s]);
    assert!(
        said.contains(": 17 files (16 written, 1 unchanged, 156 removed)."),
        "{said}"
    );
    assert_eq!(listing(&sentinel), kept);
    assert!(std::fs::symlink_metadata(site.join("player"))
        .unwrap()
        .file_type()
        .is_symlink());

    // A linked team folder, and a linked page: refused, nothing written there.
    std::fs::remove_dir_all(site.join("team")).unwrap();
    symlink(&sentinel, site.join("team")).unwrap();
    let err = refused(&db, &["publish", "--league", "Other", "--out", s], 2);
    assert_eq!(err, link_refused(&site.join("team"), &sentinel, "a folder"));
    std::fs::remove_file(site.join("team")).unwrap();
    std::fs::remove_file(site.join("style.css")).unwrap();
    let notes = sentinel.join("notes.txt");
    symlink(&notes, site.join("style.css")).unwrap();
    let err = refused(&db, &["publish", "--league", "Other", "--out", s], 2);
    assert_eq!(err, link_refused(&site.join("style.css"), &notes, "a page"));
    assert_eq!(listing(&sentinel), kept);
}

#[test]
fn a_pipe_where_the_site_has_a_page_is_refused_without_waiting() {
    let db = two_leagues();
    let site = db.dir().join("site");
    let s = site.to_str().unwrap();
    db.ok(&["publish", "--league", "Other", "--out", s]);
    std::fs::remove_file(site.join("teams.html")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(site.join("teams.html"))
        .status()
        .unwrap();
    assert!(made.success());
    let mut child = db.spawn(&["publish", "--league", "Other", "--out", s]);
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > std::time::Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("publish waits on the pipe");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let out = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: {} is a pipe (FIFO) where the site has a page\n  hint: remove it (or move it out of the folder), or publish into another folder\n",
            site.join("teams.html").display()
        )
    );
}

#[test]
fn a_dangling_link_as_the_site_s_folder_is_said_plainly() {
    let db = two_leagues();
    let link = db.dir().join("site");
    symlink("nowhere", &link).unwrap();
    let err = refused(
        &db,
        &[
            "publish",
            "--league",
            "Other",
            "--out",
            link.to_str().unwrap(),
        ],
        2,
    );
    assert_eq!(
        err,
        format!(
            "don: error: {} is a symbolic link to nowhere, which is not there\n  hint: make the folder it points to, or give --out another folder\n",
            link.display()
        )
    );
}

/// The entries of a folder, by name, sorted (hidden ones too: a temporary file left behind
/// shows).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const LEAGUE: &str = "Abercarn Crib and Don League";

fn a_season() -> Db {
    let db = Db::new();
    db.import_sample_season();
    db
}

#[test]
fn an_export_replaces_a_database_file_only_with_force() {
    let db = two_games();
    let games = db.ok(&["export"]);
    let other = a_season();
    let league = db.dir().join("league.db");
    std::fs::copy(&other.path, &league).unwrap();
    let before = std::fs::read(&league).unwrap();
    let l = league.to_str().unwrap();
    // Before: the other league's database was replaced by the games, with exit 0.
    for args in [
        vec!["export", "--out", l],
        vec!["export", "--league", LEAGUE, "--out", l],
    ] {
        let db_arg = format!(
            "--db={}",
            if args.len() > 3 {
                other.path.display()
            } else {
                db.path.display()
            }
        );
        let mut args = args.clone();
        args.push(&db_arg);
        let err = refused(&db, &args, 2);
        assert_eq!(
            err,
            format!("don: error: {l} holds an SQLite database: replacing it would lose that\n  hint: give --out another file; to replace it all the same, add --force\n")
        );
        assert_eq!(std::fs::read(&league).unwrap(), before);
    }
    db.ok(&["export", "--force", "--out", l]);
    assert_eq!(std::fs::read_to_string(&league).unwrap(), games);
}

#[test]
fn an_out_path_that_cannot_be_a_file_is_said_plainly() {
    let db = two_games();
    let dir = db.dir();
    // Before: "Not a directory (os error 20)" with a hint about room on the disk.
    let slash = dir.join("nosuch/");
    let s = format!("{}/", dir.join("nosuch").display());
    let _ = slash;
    assert_eq!(
        refused(&db, &["export", "--out", &s], 2),
        format!("don: error: {s} ends in '/': it names a folder, and no folder is there\n  hint: give --out the name of a file (new, or one to replace)\n")
    );
    let inside = format!("{}/x.jsonl", db.path.display());
    assert_eq!(
        refused(&db, &["export", "--out", &inside], 2),
        format!("don: error: cannot write {inside}: {} is a file, not a folder\n  hint: every name before the file's own must be a folder: give a path that is\n", db.path.display())
    );
    assert_eq!(names(dir), ["don.db"]);
}

#[test]
fn an_export_never_replaces_a_file_the_user_may_not_write() {
    let db = a_season();
    let dir = db.dir();
    let file = dir.join("games.jsonl");
    std::fs::write(&file, "kept\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
    let set = dir.join("past");
    std::fs::create_dir(&set).unwrap();
    let rosters = set.join("2025-26-rosters.csv");
    std::fs::write(&rosters, "kept\n").unwrap();
    std::fs::set_permissions(&rosters, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&set, std::fs::Permissions::from_mode(0o777)).unwrap();
    let f = file.to_str().unwrap();
    let ran = [
        db.as_other_user(&["export", "--out", f]),
        db.as_other_user(&[
            "export",
            "--league",
            LEAGUE,
            "--out-dir",
            set.to_str().unwrap(),
        ]),
    ];
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    let [Some(one), Some(set_out)] = ran else {
        eprintln!("skipped: running as root, and `setpriv` cannot run don as the user nobody");
        return;
    };
    // Before: both read-only files were replaced (their folder may be written).
    assert_eq!(one.status.code(), Some(2), "{}", text(&one.stderr));
    assert_eq!(
        text(&one.stderr),
        format!("don: error: {f} is read-only: you may not write it\n  hint: give another file; if it is yours to replace, make it writable first (chmod u+w FILE)\n")
    );
    assert_eq!(set_out.status.code(), Some(2), "{}", text(&set_out.stderr));
    assert_eq!(
        text(&set_out.stderr),
        format!("don: error: {} is read-only: you may not write it\n  hint: give another file; if it is yours to replace, make it writable first (chmod u+w FILE)\n", rosters.display())
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "kept\n");
    assert_eq!(std::fs::read_to_string(&rosters).unwrap(), "kept\n");
    assert_eq!(names(&set), ["2025-26-rosters.csv"]);
}

/// `don export --league … --out-dir DIR`, which must be refused at once (a pipe is never
/// waited on): its standard error.
fn set_refused(db: &Db, dir: &Path) -> String {
    let mut child = db
        .cmd(&[
            "export",
            "--league",
            LEAGUE,
            "--out-dir",
            dir.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("export --out-dir {} hangs", dir.display());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    text(&out.stderr)
}

#[test]
fn an_export_set_refuses_links_pipes_and_folders_inside_and_writes_nothing_then() {
    let db = a_season();
    let elsewhere = db.dir().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let hint = "  hint: remove it (or move it out of the folder), or export into another folder\n";
    // A link where the rosters go (before: the rosters were written into elsewhere/).
    let od = db.dir().join("od");
    std::fs::create_dir(&od).unwrap();
    let link = od.join("2025-26-rosters.csv");
    symlink(elsewhere.join("rosters.csv"), &link).unwrap();
    assert_eq!(
        set_refused(&db, &od),
        format!(
            "don: error: {} is a symbolic link where the export writes a file of the set\n{hint}",
            link.display()
        )
    );
    assert_eq!(names(&od), ["2025-26-rosters.csv"]);
    assert!(names(&elsewhere).is_empty());
    // A pipe where the matches go (before: two files written, then a wait for ever).
    std::fs::remove_file(&link).unwrap();
    let fifo = od.join("2025-26-matches.csv");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    assert_eq!(
        set_refused(&db, &od),
        format!(
            "don: error: {} is a pipe (FIFO) where the export writes a file of the set\n{hint}",
            fifo.display()
        )
    );
    assert_eq!(names(&od), ["2025-26-matches.csv"]);
    // A folder where the nights go (before: the configuration, rosters and matches written:
    // half a set).
    std::fs::remove_file(&fifo).unwrap();
    let folder = od.join("2025-26-nights.csv");
    std::fs::create_dir(&folder).unwrap();
    assert_eq!(
        set_refused(&db, &od),
        format!(
            "don: error: {} is a folder where the export writes a file of the set\n{hint}",
            folder.display()
        )
    );
    assert_eq!(names(&od), ["2025-26-nights.csv"]);
    // Once the way is clear, the whole set, and no temporary file left.
    std::fs::remove_dir(&folder).unwrap();
    db.ok(&[
        "export",
        "--league",
        LEAGUE,
        "--out-dir",
        od.to_str().unwrap(),
    ]);
    assert_eq!(
        names(&od),
        [
            "2025-26-adjustments.csv",
            "2025-26-configuration.csv",
            "2025-26-matches.csv",
            "2025-26-nights.csv",
            "2025-26-rosters.csv"
        ]
    );
    assert_eq!(mode(&od.join("2025-26-matches.csv")), 0o644);
}

#[test]
fn an_export_set_s_folder_that_cannot_be_one_is_said_plainly() {
    let db = a_season();
    let dir = db.dir();
    // Before: "cannot write the output: File exists (os error 17)", naming nothing.
    let dangling = dir.join("dangling");
    symlink("nowhere", &dangling).unwrap();
    assert_eq!(
        set_refused(&db, &dangling),
        format!("don: error: {} is a symbolic link to nowhere, which is not there\n  hint: make the folder it points to, or give --out-dir another folder\n", dangling.display())
    );
    let file = dir.join("notes.txt");
    std::fs::write(&file, "mine").unwrap();
    assert_eq!(
        set_refused(&db, &file),
        format!("don: error: {} is a file, not a folder\n  hint: give --out-dir a folder (new, or one to write the files into)\n", file.display())
    );
    assert_eq!(
        set_refused(&db, &db.path),
        format!("don: error: {} is the database itself: writing there would destroy it\n  hint: give --out-dir another folder; to copy the database, use `don backup FILE`\n", db.path.display())
    );
    let under = file.join("sub");
    assert_eq!(
        set_refused(&db, &under),
        format!("don: error: cannot write {}: {} is a file, not a folder\n  hint: every name before the file's own must be a folder: give a path that is\n", under.display(), file.display())
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    assert!(!dir.join("nowhere").exists());
}

#[test]
fn a_db_path_through_a_file_is_said_with_a_hint() {
    let db = two_games();
    let p = db.path.display().to_string();
    // Before: "Not a directory (os error 20)" and no hint.
    for given in [format!("{p}/."), format!("{p}/x.db")] {
        let err = refused(&db, &["games", "--db", &given], 1);
        assert_eq!(
            err,
            format!("don: error: {given} cannot be a database: {p} is a file, not a folder\n  hint: give --db (or DON_DB) the database's file itself, or a new file in a folder that is there\n")
        );
    }
}

#[test]
fn a_folder_the_user_may_not_write_is_named_with_no_temporary_file() {
    let db = two_games();
    db.import_sample_season();
    let dir = db.dir();
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    let out = locked.join("games.jsonl");
    let o = out.to_str().unwrap();
    let copy = locked.join("copy.db");
    let c = copy.to_str().unwrap();
    let new = locked.join("new.db");
    let new_db = format!("--db={}", new.display());
    let ran = [
        db.as_other_user(&["export", "--out", o]),
        db.as_other_user(&["backup", c]),
        db.as_other_user(&["new", "nine-card-don", "--seats", "A,B,C,D", &new_db]),
        db.as_other_user(&[
            "export",
            "--league",
            LEAGUE,
            "--out-dir",
            locked.to_str().unwrap(),
        ]),
    ];
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    let [Some(export), Some(backup), Some(made), Some(set)] = ran else {
        eprintln!("skipped: running as root, and `setpriv` cannot run don as the user nobody");
        return;
    };
    // Before: the message named a temporary file (`…/.don-out-XXXXXX`, `.don-backup-….db`).
    assert_eq!(export.status.code(), Some(1));
    assert_eq!(
        text(&export.stderr),
        format!("don: error: cannot write {o}: Permission denied (os error 13)\n  hint: you may not write there: give a file in a folder you may write\n")
    );
    assert_eq!(backup.status.code(), Some(1));
    assert_eq!(
        text(&backup.stderr),
        format!("don: error: cannot write {c}: Permission denied (os error 13)\n  hint: you may not write there: give a file in a folder you may write\n")
    );
    // Before: "unable to open database file" and no hint.
    assert_eq!(made.status.code(), Some(1), "{}", text(&made.stderr));
    assert_eq!(
        text(&made.stderr),
        format!("don: error: cannot make the database {}: you may not write into the folder {}\n  hint: give --db a file in a folder you may write (your home folder, say), or ask the folder's owner for permission\n", new.display(), locked.display())
    );
    // Before: "cannot write the output: Permission denied (os error 13)", naming nothing.
    assert_eq!(set.status.code(), Some(1));
    assert_eq!(
        text(&set.stderr),
        format!("don: error: cannot write {}: Permission denied (os error 13)\n  hint: you may not write there: give --out-dir a folder you may write\n", locked.join("2025-26-configuration.csv").display())
    );
    assert!(names(&locked).is_empty());
}

#[test]
fn an_export_set_onto_a_full_disk_leaves_no_half_set() {
    let db = a_season();
    let mnt = db.dir().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    // The matches (about 125 KiB) do not fit; the configuration and rosters, written first,
    // would.
    let script = r#"mnt="$1"; shift
mount -t tmpfs -o size=64k tmpfs "$mnt" || exit 99
"$@"; code=$?
ls -A "$mnt/past"
exit $code"#;
    let past = mnt.join("past");
    let out = common::in_mount_namespace(script)
        .arg(&mnt)
        .arg(env!("CARGO_BIN_EXE_don"))
        .args([
            "export",
            "--league",
            LEAGUE,
            "--out-dir",
            past.to_str().unwrap(),
        ])
        .env("DON_DB", &db.path)
        .output()
        .unwrap();
    if common::no_namespace(&out) {
        eprintln!("skipped: this system allows no mount namespace (unshare -m) for a small disk");
        return;
    }
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: cannot write {}: No space left on device (os error 28)\n  hint: free some space on the disk it is on, and run the command again\n",
            past.join("2025-26-matches.csv").display()
        )
    );
    // Before: the configuration and the rosters were left there, and the matches cut short.
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn an_export_set_s_folders_are_readable_by_everyone_whatever_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let db = Db::new();
    db.import_sample_season();
    let out = db.dir().join("u7").join("a").join("b");
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg("umask 077; exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_don"))
        .args([
            "export",
            "--league",
            "Abercarn Crib and Don League",
            "--season",
            "2025-26",
        ])
        .arg("--out-dir")
        .arg(&out)
        .env("DON_DB", &db.path)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    // Before: the folders made were 0700, the files in them 0644.
    for folder in [db.dir().join("u7"), db.dir().join("u7/a"), out.clone()] {
        assert_eq!(mode(&folder), 0o755, "{}", folder.display());
    }
    assert_eq!(mode(&out.join("2025-26-nights.csv")), 0o644);
}
