//! A copy of the database with SQLite's online backup: a copy of one moment, taken while other
//! `don`s go on writing (in WAL mode a reader never holds a writer up), checked with
//! `PRAGMA integrity_check`, and put in place whole or not at all.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::db::{Store, StoreError};

/// What a backup copied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupReport {
    /// Where the copy is.
    pub path: PathBuf,
    /// Pages copied, and their size in bytes.
    pub pages: i64,
    pub bytes: u64,
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
}

impl From<rusqlite::Error> for BackupError {
    fn from(e: rusqlite::Error) -> BackupError {
        BackupError::Store(e.into())
    }
}

/// `path` with `suffix` after its name (`don.db-wal`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(suffix);
    PathBuf::from(p)
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

/// The first operation in a database's log.
fn first_operation(conn: &Connection) -> rusqlite::Result<Option<Op>> {
    use rusqlite::OptionalExtension;
    conn.query_row(
        "SELECT id, at, command, summary FROM operations ORDER BY id LIMIT 1",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )
    .optional()
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
        let Ok(theirs) = first_operation(&conn) else {
            return Ok(Some(other));
        };
        if theirs == first_operation(&self.conn)? {
            // An older backup of this database holds no operation this one lacks.
            let last: Option<Op> = conn
                .query_row(
                    "SELECT id, at, command, summary FROM operations ORDER BY id DESC LIMIT 1",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .ok();
            let ours = match &last {
                Some((id, at, command, summary)) => self
                    .conn
                    .query_row(
                        "SELECT count(*) FROM operations WHERE id = ?1 AND at = ?2 AND command = ?3 AND summary = ?4",
                        rusqlite::params![id, at, command, summary],
                        |r| r.get::<_, i64>(0),
                    )
                    .map(|n| n > 0)?,
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
            let dir = target
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            if let Ok(dir) = std::fs::canonicalize(dir) {
                let real = dir.join(name);
                for suffix in ["", "-wal", "-shm", "-journal"] {
                    if real == with_suffix(&db, suffix) {
                        return Err(BackupError::OntoItself(target.to_path_buf()));
                    }
                }
            }
        }
        if with_suffix(target, "-wal").exists() {
            return Err(BackupError::OntoOneInUse(target.to_path_buf()));
        }
        let dir = target
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let temp = tempfile::Builder::new()
            .prefix(".don-backup-")
            .suffix(".db")
            .tempfile_in(dir)
            .map_err(BackupError::Write)?;
        let pages = {
            let mut copy = Connection::open_with_flags(
                temp.path(),
                OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
            )?;
            {
                let backup = Backup::new(&self.conn, &mut copy)?;
                // Every page in one step: one read transaction on the database, so the copy is
                // of one moment, and writers (WAL) go on meanwhile.
                let deadline = Instant::now() + Duration::from_secs(600);
                loop {
                    match backup.step(-1)? {
                        StepResult::Done => break,
                        _ if Instant::now() > deadline => return Err(BackupError::StayedLocked),
                        _ => std::thread::sleep(Duration::from_millis(50)),
                    }
                }
            }
            // The copy stands alone: no -wal beside it.
            let _: String = copy.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
            let mut stmt = copy.prepare("PRAGMA integrity_check")?;
            let faults: Vec<String> = stmt
                .query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<_, _>>()?;
            drop(stmt);
            if faults != ["ok"] {
                return Err(BackupError::Store(StoreError::damaged(
                    "a backup",
                    format!("integrity_check says: {}", faults.join("; ")),
                )));
            }
            let pages: i64 = copy.query_row("PRAGMA page_count", [], |r| r.get(0))?;
            copy.close().map_err(|(_, e)| BackupError::from(e))?;
            pages
        };
        // The copy may be read by whoever may read the database.
        if let Ok(m) = std::fs::metadata(self.path()) {
            let _ = std::fs::set_permissions(temp.path(), m.permissions());
        }
        temp.as_file().sync_all().map_err(BackupError::Write)?;
        let bytes = temp.as_file().metadata().map(|m| m.len()).unwrap_or(0);
        temp.persist(target)
            .map_err(|e| BackupError::Write(e.error))?;
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(BackupReport {
            path: target.to_path_buf(),
            pages,
            bytes,
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
