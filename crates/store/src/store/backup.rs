//! A copy of the database with SQLite's online backup: a copy of one moment, taken while other
//! `don`s go on writing (in WAL mode a reader never holds a writer up), checked with
//! `PRAGMA integrity_check`, and put in place whole or not at all.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::db::{beside, first_look, folder_of, latest_version, tuple, Sql, Store, StoreError};
use super::interrupt::{clear_stale, RemovedOnSignal};
use super::lock::Exclusive;

/// How the copy a backup writes beside its file begins (`.don-backup-XXXXXX.db`).
const BACKUP_PREFIX: &str = ".don-backup-";

/// How the copy a restore writes beside the database begins (`.don-restore-XXXXXX.db`).
const RESTORE_PREFIX: &str = ".don-restore-";

/// What a restore did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestoreReport {
    /// The database restored (links followed).
    pub path: PathBuf,
    /// Pages copied from the backup.
    pub pages: i64,
    /// The database replaced, kept beside it under a name of its own (`don.db.before-restore-
    /// 20251009T201500Z`), with the `-wal` (or `-journal`) file that was beside it, renamed
    /// with it: together, the database as it was.
    pub kept: Vec<PathBuf>,
    /// The `-shm` file that was beside the database (an index of the `-wal` set aside, that
    /// SQLite makes anew), removed.
    pub removed: Vec<PathBuf>,
    /// Copies an interrupted restore left beside the database, cleared (their names).
    pub cleared: Vec<String>,
}

/// What a backup copied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupReport {
    /// Where the copy is.
    pub path: PathBuf,
    /// Pages copied, and their size in bytes.
    pub pages: i64,
    pub bytes: u64,
    /// Copies an interrupted backup left in the copy's folder, cleared (their names).
    pub cleared: Vec<String>,
}

/// Why a backup was not made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Writing the copy's file failed (its disk full, its folder not writable).
    #[error("{0}")]
    Write(#[source] std::io::Error),
    /// A copy asked onto the database itself (or its `-wal`, `-shm`, `-journal`).
    #[error("{} is the database itself: back it up to another file", .0.display())]
    OntoItself(PathBuf),
    /// A copy asked onto a database in use (its `-wal` file is beside it).
    #[error("{} is a database in use (its -wal file is beside it): back up to another file", .0.display())]
    OntoOneInUse(PathBuf),
    /// The database stayed locked by another writer for the whole of the time allowed.
    #[error("the database stayed locked for ten minutes: no backup made")]
    StayedLocked,
    /// A file to restore from that is not a backup of a `don` database.
    #[error("{} is not a backup of a don database: {why}: nothing was restored", path.display())]
    NotABackup { path: PathBuf, why: String },
    /// A backup of a database of a newer `don`.
    #[error("{} is a backup made by a newer version of don (schema version {found}; this don knows up to {known}): nothing was restored", path.display())]
    NewerBackup {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    /// The database to restore is open in another program.
    #[error("the database {} is open in another program (a web server, a `don` at the table, an sqlite3 shell): nothing was restored", .0.display())]
    InUse(PathBuf),
}

impl From<rusqlite::Error> for BackupError {
    fn from(e: rusqlite::Error) -> BackupError {
        BackupError::Store(e.into())
    }
}

/// `path` as an SQLite URI opening it `immutable`: read as it is, nothing made beside it.
fn immutable_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    for c in path.to_string_lossy().chars() {
        match c {
            '%' | '?' | '#' => uri.push_str(&format!("%{:02X}", c as u32)),
            c => uri.push(c),
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// An operation in a database's log: its number, time, command and summary.
type Op = (i64, String, String, String);

/// The first operation in a database's log (`order` `ASC`), or the last (`DESC`).
fn end_operation(conn: &Connection, order: &str) -> rusqlite::Result<Option<Op>> {
    use rusqlite::OptionalExtension;
    let sql =
        format!("SELECT id, at, command, summary FROM operations ORDER BY id {order} LIMIT 1");
    conn.query_row(&sql, [], tuple).optional()
}

impl Store {
    /// What the regular file at `path` holds that a backup of this database would lose, in
    /// words (`another don database, with 3 games and 1 league`, `an SQLite database of
    /// another program`, `412 bytes that are not a database`); `None` for an empty file or an
    /// older backup of this database (its operations log begins with this database's first
    /// operation, and its last operation is in this database's log too).
    pub fn other_than_a_backup(&self, path: &Path) -> Result<Option<String>, StoreError> {
        let len = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if len == 0 {
            return Ok(None);
        }
        if !is_sqlite_file(path) {
            return Ok(Some(format!(
                "{len} {} that {} not a database",
                if len == 1 { "byte" } else { "bytes" },
                if len == 1 { "is" } else { "are" }
            )));
        }
        let other = "an SQLite database of another program".to_string();
        let Ok(conn) = Connection::open_with_flags(
            immutable_uri(path),
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
        ) else {
            return Ok(Some(other));
        };
        let Ok(theirs) = end_operation(&conn, "ASC") else {
            return Ok(Some(other));
        };
        if theirs == end_operation(&self.conn, "ASC")? {
            // An older backup of this database holds no operation this one lacks.
            let last = end_operation(&conn, "DESC").ok().flatten();
            let sql = "SELECT id, at, command, summary FROM operations WHERE id = ?1";
            let ours = match last {
                Some(last) => self.conn.one(sql, [last.0], tuple)? == Some(last),
                None => true,
            };
            if ours {
                return Ok(None);
            }
            return Ok(Some(
                "a copy of this database with changes this one does not have".into(),
            ));
        }
        let count = |table: &str| -> i64 {
            conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
                .unwrap_or(0)
        };
        let (games, leagues) = (count("games"), count("leagues"));
        Ok(Some(format!(
            "another don database, with {} and {}",
            crate::record::text::count(games, "game", "games"),
            crate::record::text::count(leagues, "league", "leagues")
        )))
    }

    /// Copies the database to the regular file `target` (a path where links were followed,
    /// checked by the caller: not the database, not a folder, a file that may be replaced):
    /// first into a new file beside it, which is checked and then renamed onto `target` (an
    /// older file there is replaced whole). Refused: a file beside which a database is open
    /// (its `-wal` is there), or the database itself.
    pub fn backup_to(&self, target: &Path) -> Result<BackupReport, BackupError> {
        if let (Ok(db), Some(name)) = (std::fs::canonicalize(self.path()), target.file_name()) {
            if let Ok(dir) = std::fs::canonicalize(folder_of(target)) {
                let real = dir.join(name);
                for suffix in ["", "-wal", "-shm", "-journal"] {
                    if real == beside(&db, suffix) {
                        return Err(BackupError::OntoItself(target.to_path_buf()));
                    }
                }
            }
        }
        if beside(target, "-wal").exists() {
            return Err(BackupError::OntoOneInUse(target.to_path_buf()));
        }
        let dir = folder_of(target);
        let cleared = clear_stale(dir, BACKUP_PREFIX);
        // Ctrl-C, SIGTERM or SIGHUP from here on leaves no copy behind.
        let removed_on_signal = RemovedOnSignal::new();
        let temp = removed_on_signal
            .temporary(dir, BACKUP_PREFIX)
            .map_err(BackupError::Write)?;
        let pages = copy_to(temp.path(), &self.conn, |backup| {
            // Every page in one step: one read transaction on the database, so the copy is
            // of one moment, and writers (WAL) go on meanwhile.
            let deadline = Instant::now() + Duration::from_secs(600);
            loop {
                match backup.step(-1)? {
                    StepResult::Done => return Ok(()),
                    _ if Instant::now() > deadline => return Err(BackupError::StayedLocked),
                    _ => std::thread::sleep(Duration::from_millis(50)),
                }
            }
        })?
        .map_err(|faults| {
            let why = format!("integrity_check says: {}", faults.join("; "));
            BackupError::Store(StoreError::damaged("a backup", why))
        })?;
        // The copy may be read by whoever may read the database.
        if let Ok(m) = std::fs::metadata(self.path()) {
            let _ = std::fs::set_permissions(temp.path(), m.permissions());
        }
        temp.as_file().sync_all().map_err(BackupError::Write)?;
        let bytes = temp.as_file().metadata().map(|m| m.len()).unwrap_or(0);
        temp.persist(target)
            .map_err(|e| BackupError::Write(e.error))?;
        drop(removed_on_signal);
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(BackupReport {
            path: target.to_path_buf(),
            pages,
            bytes,
            cleared,
        })
    }
}

/// Whether the file at `path` begins as every SQLite database does.
fn is_sqlite_file(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| &head == b"SQLite format 3\0")
}

impl Store {
    /// A copy in memory of the database at `path` (a new database where there is none, or only
    /// an empty file), for a dry run: changes made in it are never written, and nothing is made
    /// on disk, neither the database nor its folder, nor a `-wal` beside it (the database is
    /// read as [`Store::open_read`] reads it, so a read-only disk serves too).
    pub fn open_scratch(path: &Path) -> Result<Store, StoreError> {
        let mut scratch = Store::open(Path::new(":memory:"))?;
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file() || m.len() > 0) {
            let read = Store::open_read(path)?;
            Backup::new(&read.conn, &mut scratch.conn)?.run_to_completion(
                i32::MAX,
                Duration::from_millis(20),
                None,
            )?;
            scratch.conn.pragma_update(None, "query_only", "OFF")?;
        }
        Ok(scratch)
    }
}

impl Store {
    /// Puts the backup at `backup` in place of the database at `database` (a symbolic link
    /// followed to its file), which may be missing or damaged: the backup is checked (a `don`
    /// database of this `don`'s schema or an older one, whole by `PRAGMA integrity_check`),
    /// copied beside the database and flushed to disk, and renamed over it while no one has it
    /// open (refused, [`BackupError::InUse`], while anyone does). The database replaced is
    /// kept beside it under a name of its own (a hard link: no copy is made where the disk
    /// allows one) with its `-wal` or `-journal` file renamed to match: a `-wal` left by a
    /// writer that died holds frames of the old database, which SQLite would otherwise replay
    /// onto the backup. Its `-shm` is removed. A kill at any moment leaves the database as it
    /// was or the backup whole: the copy is put in place by one rename, once flushed to disk;
    /// only between the rename of the `-wal` and that one is the database as it was found
    /// under the name it is kept as alone.
    pub fn restore(backup: &Path, database: &Path) -> Result<RestoreReport, BackupError> {
        let target = match std::fs::canonicalize(database) {
            Ok(real) => real,
            Err(_) => database.to_path_buf(),
        };
        let dir = folder_of(&target).to_path_buf();
        let there = match std::fs::metadata(&target) {
            Ok(m) if m.is_file() => Some(m),
            Ok(m) => {
                return Err(BackupError::Store(StoreError::NotAFile {
                    path: database.to_path_buf(),
                    what: if m.is_dir() {
                        "a folder"
                    } else {
                        "not a regular file"
                    },
                }))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // The folder must be there: nothing is made but the database itself.
                std::fs::metadata(&dir).map_err(BackupError::Write)?;
                None
            }
            Err(e) => return Err(BackupError::Write(e)),
        };
        if same_file(backup, &target) {
            return Err(BackupError::NotABackup {
                path: backup.to_path_buf(),
                why: "it is the database itself".into(),
            });
        }
        let source = open_backup(backup)?;
        // Refused before anything is written while someone has the database open.
        if there.is_some()
            && Exclusive::take(&target)
                .map_err(BackupError::Write)?
                .is_none()
        {
            return Err(BackupError::InUse(database.to_path_buf()));
        }
        let cleared = clear_stale(&dir, RESTORE_PREFIX);
        let removed_on_signal = RemovedOnSignal::new();
        let temp = removed_on_signal
            .temporary(&dir, RESTORE_PREFIX)
            .map_err(BackupError::Write)?;
        let copied = copy_to(temp.path(), &source, |copying| {
            Ok(copying.run_to_completion(i32::MAX, Duration::from_millis(20), None)?)
        })?;
        drop(source);
        let pages = copied.map_err(|faults| BackupError::NotABackup {
            path: backup.to_path_buf(),
            why: format!(
                "it is damaged (integrity_check says: {})",
                faults.join("; ")
            ),
        })?;
        // Read and written by whoever could the database (or, where there was none, the backup).
        if let Some(m) = there
            .as_ref()
            .cloned()
            .or_else(|| std::fs::metadata(backup).ok())
        {
            let _ = std::fs::set_permissions(temp.path(), m.permissions());
        }
        temp.as_file().sync_all().map_err(BackupError::Write)?;
        // From here to the rename, no one may open the database.
        let held = match there {
            Some(_) => Some(
                Exclusive::take(&target)
                    .map_err(BackupError::Write)?
                    .ok_or_else(|| BackupError::InUse(database.to_path_buf()))?,
            ),
            None => None,
        };
        let aside = aside_name(&target);
        let mut kept = Vec::new();
        if let Some(held) = &held {
            keep_as(held, &target, &aside).map_err(BackupError::Write)?;
            kept.push(aside.clone());
        }
        for suffix in ["-wal", "-journal"] {
            let file = beside(&target, suffix);
            match std::fs::metadata(&file) {
                Ok(m) if m.len() == 0 => {
                    std::fs::remove_file(&file).map_err(BackupError::Write)?;
                }
                Ok(_) => {
                    let to = beside(&aside, suffix);
                    std::fs::rename(&file, &to).map_err(BackupError::Write)?;
                    kept.push(to);
                }
                Err(_) => {}
            }
        }
        temp.persist(&target)
            .map_err(|e| BackupError::Write(e.error))?;
        drop(removed_on_signal);
        let mut removed = Vec::new();
        let shm = beside(&target, "-shm");
        if std::fs::remove_file(&shm).is_ok() {
            removed.push(shm);
        }
        if let Ok(d) = std::fs::File::open(&dir) {
            let _ = d.sync_all();
        }
        drop(held);
        Ok(RestoreReport {
            path: target,
            pages,
            kept,
            removed,
            cleared,
        })
    }
}

/// A new database at `path` written from `source` by `copying` (SQLite's online backup), made
/// to stand alone (no `-wal` beside it) and closed: its pages, or the faults `PRAGMA
/// integrity_check` finds in it.
fn copy_to(
    path: &Path,
    source: &Connection,
    copying: impl FnOnce(&Backup) -> Result<(), BackupError>,
) -> Result<Result<i64, Vec<String>>, BackupError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE;
    let mut copy = Connection::open_with_flags(path, flags)?;
    copying(&Backup::new(source, &mut copy)?)?;
    let _: String = copy.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
    let mut stmt = copy.prepare("PRAGMA integrity_check")?;
    let faults = stmt.query_map([], |r| r.get(0))?;
    let faults: Vec<String> = faults.collect::<Result<_, _>>()?;
    drop(stmt);
    if faults != ["ok"] {
        return Ok(Err(faults));
    }
    let pages: i64 = copy.query_row("PRAGMA page_count", [], |r| r.get(0))?;
    copy.close().map_err(|(_, e)| BackupError::from(e))?;
    Ok(Ok(pages))
}

/// Whether `a` and `b` are one file (by any name, a link or a hard link).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(a), Ok(b)) if a == b
    )
}

/// The backup at `path` opened to read it only, once it is known to be a `don` database of
/// this `don`'s schema or an older one.
fn open_backup(path: &Path) -> Result<Connection, BackupError> {
    let not = |why: &str| BackupError::NotABackup {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    let meta = std::fs::metadata(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            not("there is no such file")
        } else {
            BackupError::Write(e)
        }
    })?;
    if !meta.is_file() {
        return Err(not("it is not a regular file"));
    }
    if meta.len() == 0 {
        return Err(not("it is empty"));
    }
    if !is_sqlite_file(path) {
        return Err(not("it is not an SQLite database"));
    }
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| not(&format!("SQLite cannot open it ({e})")))?;
    let (version, tables) = first_look(&conn, path).map_err(|e| match e {
        StoreError::NotOurs { why, .. } => not(&why),
        StoreError::LaterTables { .. } => not("its schema version was set back by hand"),
        e => BackupError::Store(e),
    })?;
    if version == 0 && !tables {
        return Err(not("it is an empty SQLite database"));
    }
    let known = latest_version();
    if version > known {
        return Err(BackupError::NewerBackup {
            path: path.to_path_buf(),
            found: version,
            known,
        });
    }
    Ok(conn)
}

/// The name the database at `target` is kept under when a backup replaces it:
/// `NAME.before-restore-20251009T201500Z` (with `-2`, `-3` … after it when taken).
fn aside_name(target: &Path) -> PathBuf {
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
    let base = beside(target, &format!(".before-restore-{stamp}"));
    let taken = |p: &Path| {
        ["", "-wal", "-shm", "-journal"]
            .iter()
            .any(|s| std::fs::symlink_metadata(beside(p, s)).is_ok())
    };
    let mut name = base.clone();
    let mut n = 1;
    while taken(&name) {
        n += 1;
        name = beside(&base, &format!("-{n}"));
    }
    name
}

/// The database file at `target` (held) kept at `aside` too: a hard link to it, or where the
/// disk has none, a copy read from the file held (opening it again and closing it would drop
/// the lock).
fn keep_as(held: &Exclusive, target: &Path, aside: &Path) -> std::io::Result<()> {
    if std::fs::hard_link(target, aside).is_ok() {
        return Ok(());
    }
    use std::io::{Seek, SeekFrom};
    let mut from = held.file();
    from.seek(SeekFrom::Start(0))?;
    let mut to = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(aside)?;
    std::io::copy(&mut from, &mut to)?;
    to.sync_all()
}
