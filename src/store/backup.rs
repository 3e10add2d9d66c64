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

/// The same file, by its place on disk: a path that does not exist yet is its folder's real
/// place with its own name.
fn real(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = std::fs::canonicalize(path) {
        return Some(p);
    }
    let name = path.file_name()?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    Some(std::fs::canonicalize(dir).ok()?.join(name))
}

/// `path` with `suffix` after its name (`don.db-wal`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(suffix);
    PathBuf::from(p)
}

impl Store {
    /// Copies the database to `to`: first into a new file beside it, which is checked and
    /// then renamed onto `to` (an older file there is replaced whole). Refused: `to` naming the
    /// database itself (or its `-wal`/`-shm` files), a folder, or a file beside which a
    /// database is open (its `-wal` is there).
    pub fn backup_to(&self, to: &Path) -> Result<BackupReport, StoreError> {
        let refused = |why: String| StoreError::Refused(why);
        if to.as_os_str().is_empty() {
            return Err(refused("the backup's file name is empty".into()));
        }
        let target = real(to).ok_or_else(|| {
            refused(format!(
                "cannot write the backup {}: its folder is not there",
                to.display()
            ))
        })?;
        if let Some(db) = real(self.path()) {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                if target == with_suffix(&db, suffix) {
                    return Err(refused(format!(
                        "{} is the database itself: back it up to another file",
                        to.display()
                    )));
                }
            }
        }
        if target.is_dir() {
            return Err(refused(format!(
                "{} is a folder: give the backup's file name",
                to.display()
            )));
        }
        // An older backup is replaced; any other file is not this command's to overwrite.
        if target.is_file() && !is_sqlite_file(&target) {
            return Err(refused(format!(
                "{} is a file but not a database: a backup replaces only an older backup; give another file name, or remove it first",
                to.display()
            )));
        }
        if with_suffix(&target, "-wal").exists() {
            return Err(refused(format!(
                "{} is a database in use (its -wal file is beside it): back up to another file",
                to.display()
            )));
        }
        let dir = target.parent().unwrap_or(Path::new("."));
        let temp = tempfile::Builder::new()
            .prefix(".don-backup-")
            .suffix(".db")
            .tempfile_in(dir)
            .map_err(|e| refused(format!("cannot write the backup in {}: {e}", dir.display())))?;
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
                        _ if Instant::now() > deadline => {
                            return Err(refused(
                                "the database stayed locked for ten minutes: no backup made".into(),
                            ))
                        }
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
                return Err(StoreError::damaged(
                    "a backup",
                    format!("integrity_check says: {}", faults.join("; ")),
                ));
            }
            let pages: i64 = copy.query_row("PRAGMA page_count", [], |r| r.get(0))?;
            copy.close().map_err(|(_, e)| e)?;
            pages
        };
        // The copy may be read by whoever may read the database.
        if let Ok(m) = std::fs::metadata(self.path()) {
            let _ = std::fs::set_permissions(temp.path(), m.permissions());
        }
        temp.as_file()
            .sync_all()
            .map_err(|e| refused(format!("cannot write the backup: {e}")))?;
        let bytes = temp.as_file().metadata().map(|m| m.len()).unwrap_or(0);
        temp.persist(&target)
            .map_err(|e| refused(format!("cannot write {}: {}", to.display(), e.error)))?;
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(BackupReport {
            path: to.to_path_buf(),
            pages,
            bytes,
        })
    }
}

/// Whether the file at `path` begins as every SQLite database does (an empty file, a backup
/// never finished, counts too).
fn is_sqlite_file(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    match std::fs::File::open(path).and_then(|mut f| f.read(&mut head)) {
        Ok(0) => true,
        Ok(16) => &head == b"SQLite format 3\0",
        _ => false,
    }
}
