//! Writing a file the user named with `--out` (an export of games or of a season's results):
//! never the open database (by any path that names it: a symbolic or a hard link, its `-wal`,
//! `-shm` or `-journal` file), written through a symbolic link to the file it points to, straight
//! into a pipe (FIFO) or a character device (`/dev/null`, a terminal), and a regular file
//! replaced whole: written beside it, then renamed over it. A new file is readable by everyone
//! (`0644`), as the published pages are; a file replaced keeps its permissions.

use std::fs::{self, Metadata};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Why a file named with `--out` was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutError {
    #[error("the output file's name is empty")]
    Empty,
    #[error("{}{note} is the database itself: exporting there would destroy it", path.display())]
    Database { path: PathBuf, note: String },
    #[error("{}{note} is a folder, not a file", path.display())]
    Folder { path: PathBuf, note: String },
    #[error("{}{note} is a {kind}: don writes only into a file, a pipe (FIFO) or a character device", path.display())]
    NotWritable {
        path: PathBuf,
        note: String,
        kind: &'static str,
    },
    #[error("cannot write {}{note}: the folder {} is not there", path.display(), folder.display())]
    NoFolder {
        path: PathBuf,
        note: String,
        folder: PathBuf,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

impl OutError {
    /// What the user can do about it.
    pub fn hint(&self) -> &'static str {
        match self {
            OutError::Empty | OutError::Folder { .. } | OutError::NotWritable { .. } => {
                "give --out the name of a file (new, or one to replace)"
            }
            OutError::Database { .. } => {
                "give --out another file; to copy the database, use `don backup FILE`"
            }
            OutError::NoFolder { .. } => {
                "make the folder first, or give --out a file in a folder that is there"
            }
            OutError::Write { .. } => "check that the folder can be written and has room",
        }
    }

    /// A refusal of what the command line asks (the file was never touched), not a failure
    /// while writing.
    pub fn is_refusal(&self) -> bool {
        !matches!(self, OutError::Write { .. })
    }
}

/// ` (a link to REAL)` when the path given is a symbolic link.
fn via(path: &Path, real: &Path) -> String {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => format!(" (a link to {})", real.display()),
        _ => String::new(),
    }
}

/// Writes what `write` writes into the file `path` names, as the module says; `database` is the
/// open database's path.
pub fn write_out(
    path: &Path,
    database: &Path,
    write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> Result<(), OutError> {
    if path.as_os_str().is_empty() {
        return Err(OutError::Empty);
    }
    let fail = |source| OutError::Write {
        path: path.to_path_buf(),
        source,
    };
    match fs::metadata(path) {
        Ok(meta) => {
            let real = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            let kind = meta.file_type();
            if let Some(what) = is_database(&real, Some(&meta), database) {
                return Err(OutError::Database {
                    path: path.to_path_buf(),
                    note: via(path, &real) + what,
                });
            }
            if kind.is_file() {
                replace(&real, Some(&meta), write).map_err(fail)
            } else if kind.is_dir() {
                Err(OutError::Folder {
                    path: path.to_path_buf(),
                    note: via(path, &real),
                })
            } else if let Some(kind) = not_writable(&meta) {
                Err(OutError::NotWritable {
                    path: path.to_path_buf(),
                    note: via(path, &real),
                    kind,
                })
            } else {
                // A pipe or a character device: written into as it is (through the path given,
                // which the system follows, `/dev/stdout` too).
                let file = fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(fail)?;
                let mut w = BufWriter::new(file);
                write(&mut w).and_then(|()| w.flush()).map_err(fail)
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // Nothing there, or a link to nothing: the file is made where the link points.
            let real = dangling_end(path).map_err(fail)?;
            let folder = parent(&real);
            if !folder.is_dir() {
                return Err(OutError::NoFolder {
                    path: path.to_path_buf(),
                    note: via(path, &real),
                    folder: folder.to_path_buf(),
                });
            }
            if let Some(what) = is_database(&real, None, database) {
                return Err(OutError::Database {
                    path: path.to_path_buf(),
                    note: via(path, &real) + what,
                });
            }
            replace(&real, None, write).map_err(fail)
        }
        Err(e) => Err(fail(e)),
    }
}

/// The folder a file is in (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Where a path that is not there ends: the path itself, or the file a chain of symbolic links
/// points to at last.
fn dangling_end(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&at)?;
                at = if to.is_absolute() {
                    to
                } else {
                    parent(&at).join(to)
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Why a file of this kind is never written to: a disk, a socket.
fn not_writable(meta: &Metadata) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_block_device() {
            return Some("disk (a block device)");
        }
        if kind.is_socket() {
            return Some("socket");
        }
        if kind.is_fifo() || kind.is_char_device() {
            return None;
        }
        Some("special file")
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some("special file")
    }
}

/// Whether `real` (with its metadata when it is there) is the database at `database` or one of
/// the files SQLite keeps beside it: what it is, when it is not the database's own path.
fn is_database(real: &Path, meta: Option<&Metadata>, database: &Path) -> Option<&'static str> {
    let db_real = fs::canonicalize(database).unwrap_or_else(|_| database.to_path_buf());
    let real = fs::canonicalize(parent(real))
        .ok()
        .and_then(|d| Some(d.join(real.file_name()?)))
        .unwrap_or_else(|| real.to_path_buf());
    for (suffix, what) in [
        ("", ""),
        ("-wal", " (the database's -wal file)"),
        ("-shm", " (the database's -shm file)"),
        ("-journal", " (the database's -journal file)"),
    ] {
        let mut name = db_real.as_os_str().to_owned();
        name.push(suffix);
        let beside = PathBuf::from(name);
        if beside == real {
            return Some(what);
        }
        #[cfg(unix)]
        if let (Some(meta), Ok(db_meta)) = (meta, fs::metadata(&beside)) {
            use std::os::unix::fs::MetadataExt;
            if meta.dev() == db_meta.dev() && meta.ino() == db_meta.ino() {
                return Some(" (a hard link to the database's file)");
            }
        }
    }
    None
}

/// Replaces a regular file (or makes a new one) whole: written to a temporary file in its
/// folder, flushed to disk, then renamed over it.
fn replace(
    real: &Path,
    old: Option<&Metadata>,
    write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut tmp = tempfile::Builder::new()
        .prefix(".don-out-")
        .tempfile_in(parent(real))?;
    {
        let mut w = BufWriter::new(tmp.as_file_mut());
        write(&mut w)?;
        w.flush()?;
    }
    // A temporary file is made readable by its owner only.
    let permissions = match old {
        Some(meta) => meta.permissions(),
        None => new_file_permissions(tmp.as_file().metadata()?.permissions()),
    };
    tmp.as_file().set_permissions(permissions)?;
    tmp.as_file().sync_all()?;
    tmp.persist(real).map_err(|e| e.error)?;
    Ok(())
}

/// Readable by everyone, written by the owner (`0644`).
pub(crate) fn new_file_permissions(p: fs::Permissions) -> fs::Permissions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = p;
        fs::Permissions::from_mode(0o644)
    }
    #[cfg(not(unix))]
    p
}
