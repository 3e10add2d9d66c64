//! Writing a file the user named (`export --out`, `export --out-dir`, `don backup FILE`): never
//! the open database (by any path that names it: a symbolic or a hard link, its `-wal`, `-shm`
//! or `-journal` file), written through a symbolic link to the file it points to (a link to
//! nothing makes the file it points to), straight into a pipe (FIFO) or a character device
//! (`/dev/null`, a terminal) for an export, and a regular file replaced whole: written beside
//! it, then renamed over it. A file the user may not write is never replaced, nor one holding
//! an SQLite database unless `--force` says so. A new file is readable by everyone (`0644`), as
//! the published pages are; a file replaced keeps its permissions. Every message names the
//! user's file, never a temporary one.

use std::fs::{self, Metadata};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Who writes: what the hints name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writer {
    /// `export --out FILE`.
    Out,
    /// `export --out-dir DIR`.
    OutDir,
    /// `don backup FILE`.
    Backup,
    /// `don man --out DIR`.
    Man,
}

impl Writer {
    /// Who writes a set of files, in a message: "the export writes".
    fn writes(self) -> &'static str {
        match self {
            Writer::Man => "the manual writes",
            _ => "the export writes",
        }
    }
}

/// Why a file named with `--out` was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutError {
    #[error("the output file's name is empty")]
    Empty,
    #[error("{}{note} is the database itself: writing there would destroy it", path.display())]
    Database { path: PathBuf, note: String },
    #[error("{}{note} is a folder, not a file", path.display())]
    Folder { path: PathBuf, note: String },
    #[error("{} ends in '/': it names a folder, and no folder is there", path.display())]
    EndsInSlash { path: PathBuf },
    #[error("cannot write {}: {} is a file, not a folder", path.display(), part.display())]
    NotAFolder { path: PathBuf, part: PathBuf },
    #[error("{}{note} is a {kind}: don writes only into a file, a pipe (FIFO) or a character device", path.display())]
    NotWritable {
        path: PathBuf,
        note: String,
        kind: &'static str,
    },
    #[error("{}{note} is a {kind}: a backup is written only as a regular file", path.display())]
    NotForBackup {
        path: PathBuf,
        note: String,
        kind: &'static str,
    },
    #[error("{} is a {kind} where {} a file of the set", path.display(), .role.writes())]
    InSet {
        path: PathBuf,
        kind: &'static str,
        role: Writer,
    },
    #[error("{}{note} is a file, not a folder", path.display())]
    NotADir { path: PathBuf, note: String },
    #[error("{} is a symbolic link to {}, which is not there", path.display(), to.display())]
    DanglingFolder { path: PathBuf, to: PathBuf },
    #[error("{}{note} is read-only: you may not write it", path.display())]
    ReadOnly { path: PathBuf, note: String },
    #[error("{}{note} holds {holds}: replacing it would lose that", path.display())]
    Holds {
        path: PathBuf,
        note: String,
        holds: String,
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
    /// A refusal of what the command line asks (the file was never touched), not a failure
    /// while writing.
    pub fn is_refusal(&self) -> bool {
        !matches!(self, OutError::Write { .. })
    }

    fn write(path: &Path, source: io::Error) -> OutError {
        OutError::Write {
            path: path.to_path_buf(),
            source: plain(source),
        }
    }
}

/// The system's own error under `e`, when there is one (a message then names only the user's
/// file); `e` as it is otherwise.
pub fn plain(e: io::Error) -> io::Error {
    system_error(&e).unwrap_or(e)
}

/// An error in making a temporary file: the `tempfile` crate adds the temporary file's path to
/// the system's error, which a message must not name: the system's own error, or its kind alone.
pub fn plain_temp(e: io::Error) -> io::Error {
    system_error(&e).unwrap_or_else(|| io::Error::from(e.kind()))
}

/// The system's own error under `e`: its number, found down the chain of sources, or the
/// system's number for its kind.
fn system_error(e: &io::Error) -> Option<io::Error> {
    if let Some(code) = e.raw_os_error() {
        return Some(io::Error::from_raw_os_error(code));
    }
    let kind = e.kind();
    let mut at: Option<&(dyn std::error::Error + 'static)> = e.get_ref().map(|r| r as _);
    while let Some(err) = at {
        if let Some(code) = err
            .downcast_ref::<io::Error>()
            .and_then(io::Error::raw_os_error)
        {
            return Some(io::Error::from_raw_os_error(code));
        }
        at = err.source();
    }
    // The `tempfile` crate's own error hides the system's: the system's number for its kind.
    #[cfg(unix)]
    let code = match kind {
        io::ErrorKind::PermissionDenied => Some(libc::EACCES),
        io::ErrorKind::StorageFull => Some(libc::ENOSPC),
        io::ErrorKind::QuotaExceeded => Some(libc::EDQUOT),
        io::ErrorKind::ReadOnlyFilesystem => Some(libc::EROFS),
        io::ErrorKind::NotFound => Some(libc::ENOENT),
        io::ErrorKind::NotADirectory => Some(libc::ENOTDIR),
        io::ErrorKind::AlreadyExists => Some(libc::EEXIST),
        _ => None,
    };
    #[cfg(not(unix))]
    let code: Option<i32> = None;
    code.map(io::Error::from_raw_os_error)
}

/// The first name on the way to `path` that is a file where a folder must be (`s.db` in
/// `s.db/x`), if any.
pub fn file_on_the_way(path: &Path) -> Option<PathBuf> {
    let text = path.as_os_str().as_encoded_bytes();
    // `s.db/` and `s.db/.` name `s.db` as a folder.
    let as_folder = text.ends_with(b"/") || text.ends_with(b"/.");
    let parts: Vec<_> = path.components().collect();
    let mut at = PathBuf::new();
    for (i, part) in parts.iter().enumerate() {
        at.push(part);
        let last = i + 1 == parts.len();
        if (!last || as_folder) && fs::metadata(&at).is_ok_and(|m| !m.is_dir()) {
            return Some(at);
        }
    }
    None
}

/// ` (a link to REAL)` when the path given is a symbolic link.
fn via(path: &Path, real: &Path) -> String {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => format!(" (a link to {})", real.display()),
        _ => String::new(),
    }
}

/// Where a file named by the user is written.
#[derive(Debug)]
pub enum OutTarget {
    /// A regular file, replaced whole: `real` is where links lead.
    File { real: PathBuf, meta: Metadata },
    /// Nothing there: the file is made at `real` (where a link to nothing points).
    New { real: PathBuf },
    /// A pipe or a character device, written into through the path given.
    Stream,
}

impl OutTarget {
    /// The file written (a pipe's or a device's path as given).
    pub fn real<'a>(&'a self, given: &'a Path) -> &'a Path {
        match self {
            OutTarget::File { real, .. } | OutTarget::New { real } => real,
            OutTarget::Stream => given,
        }
    }
}

/// Where the file `path` names is written, as the module says, or why it is not; `database`
/// is the open database's path, `force` allows replacing a file holding an SQLite database
/// (an export only: a backup asks the store what such a file holds).
pub fn target(
    path: &Path,
    database: &Path,
    force: bool,
    role: Writer,
) -> Result<OutTarget, OutError> {
    if path.as_os_str().is_empty() {
        return Err(OutError::Empty);
    }
    let ends_in_slash = path.as_os_str().as_encoded_bytes().last() == Some(&b'/');
    match fs::metadata(path) {
        Ok(meta) => {
            let real = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            let note = via(path, &real);
            let kind = meta.file_type();
            not_the_database(path, &real, Some(&meta), Some(database), &note)?;
            if kind.is_dir() {
                return Err(OutError::Folder {
                    path: path.to_path_buf(),
                    note,
                });
            }
            if !kind.is_file() {
                let (kind, stream) = special(&meta);
                return match role {
                    Writer::Backup => Err(OutError::NotForBackup {
                        path: path.to_path_buf(),
                        note,
                        kind,
                    }),
                    _ if stream => Ok(OutTarget::Stream),
                    _ => Err(OutError::NotWritable {
                        path: path.to_path_buf(),
                        note,
                        kind,
                    }),
                };
            }
            may_replace(path, &real, note, force || role == Writer::Backup)?;
            Ok(OutTarget::File { real, meta })
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if ends_in_slash {
                return Err(OutError::EndsInSlash {
                    path: path.to_path_buf(),
                });
            }
            // Nothing there, or a link to nothing: the file is made where the link points.
            let real = dangling_end(path).map_err(|e| OutError::write(path, e))?;
            let note = via(path, &real);
            let folder = parent(&real);
            match fs::metadata(folder) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => {
                    return Err(OutError::NotAFolder {
                        path: path.to_path_buf(),
                        part: folder.to_path_buf(),
                    })
                }
                Err(e) if e.kind() == io::ErrorKind::NotADirectory => {
                    return Err(not_a_folder(path, folder))
                }
                Err(_) => {
                    return Err(OutError::NoFolder {
                        path: path.to_path_buf(),
                        note,
                        folder: folder.to_path_buf(),
                    })
                }
            }
            not_the_database(path, &real, None, Some(database), &note)?;
            Ok(OutTarget::New { real })
        }
        Err(e) if e.kind() == io::ErrorKind::NotADirectory => Err(not_a_folder(path, path)),
        Err(e) => Err(OutError::write(path, e)),
    }
}

/// Refuses writing `path` (`note`: how it leads to `real`) when `real` is the open database at
/// `database` or a file SQLite keeps beside it ([`is_database`]).
fn not_the_database(
    path: &Path,
    real: &Path,
    meta: Option<&Metadata>,
    database: Option<&Path>,
    note: &str,
) -> Result<(), OutError> {
    match database.and_then(|database| is_database(real, meta, database)) {
        Some(what) => Err(OutError::Database {
            path: path.to_path_buf(),
            note: format!("{note}{what}"),
        }),
        None => Ok(()),
    }
}

/// Refuses replacing `path` (`note`: how it leads to `real`) when the user may not write
/// `real`, or (unless `force`) when it holds an SQLite database.
fn may_replace(path: &Path, real: &Path, note: String, force: bool) -> Result<(), OutError> {
    if !may_write(real) {
        let path = path.to_path_buf();
        return Err(OutError::ReadOnly { path, note });
    }
    if !force && is_sqlite(real) {
        return Err(OutError::Holds {
            path: path.to_path_buf(),
            note,
            holds: "an SQLite database".into(),
        });
    }
    Ok(())
}

/// `path` cannot be reached: the first name on the way to `within` that is a file.
fn not_a_folder(path: &Path, within: &Path) -> OutError {
    let part = within
        .ancestors()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .find(|a| !a.as_os_str().is_empty() && fs::metadata(a).is_ok_and(|m| !m.is_dir()))
        .unwrap_or(within);
    OutError::NotAFolder {
        path: path.to_path_buf(),
        part: part.to_path_buf(),
    }
}

/// Writes what `write` writes into the file `path` names, as the module says; `database` is the
/// open database's path.
pub fn write_out(
    path: &Path,
    database: &Path,
    force: bool,
    write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> Result<(), OutError> {
    let fail = |e| OutError::write(path, e);
    match target(path, database, force, Writer::Out)? {
        OutTarget::File { real, meta } => replace(&real, Some(&meta), write).map_err(fail),
        OutTarget::New { real } => replace(&real, None, write).map_err(fail),
        OutTarget::Stream => {
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
}

/// One file of a set written into a folder: its name there, and what writes it.
pub type SetFile<'a> = (String, &'a dyn Fn(&mut dyn Write) -> io::Result<()>);

/// Writes a set of files into the folder `dir` (made when it is not there) all or none: every
/// file is written to a temporary file in the folder first, and all are renamed into place only
/// once all are written. Refused before anything is written: a symbolic link, a folder, a pipe
/// or any other entry not a regular file where a file of the set goes, a file there the user may
/// not write, the database, or (unless `force`) a file holding an SQLite database. The paths
/// written, in order.
pub fn write_set(
    dir: &Path,
    database: &Path,
    force: bool,
    files: &[SetFile<'_>],
) -> Result<Vec<PathBuf>, OutError> {
    write_set_as(dir, Some(database), force, files, Writer::OutDir)
}

/// Writes a set of files made with no database open (`don man --out DIR`'s pages) into the
/// folder `dir`, as [`write_set`] writes an export's: never through a symbolic link, never into
/// a folder, a pipe or a file the user may not write where a file goes, all or none.
pub fn write_pages(
    dir: &Path,
    files: &[SetFile<'_>],
    role: Writer,
) -> Result<Vec<PathBuf>, OutError> {
    write_set_as(dir, None, false, files, role)
}

fn write_set_as(
    dir: &Path,
    database: Option<&Path>,
    force: bool,
    files: &[SetFile<'_>],
    role: Writer,
) -> Result<Vec<PathBuf>, OutError> {
    folder(dir, database)?;
    let mut planned = Vec::new();
    for (name, _) in files {
        let path = dir.join(name);
        let old = match fs::symlink_metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(OutError::write(&path, e)),
            Ok(meta) => {
                let kind = meta.file_type();
                if kind.is_symlink() || kind.is_dir() || !kind.is_file() {
                    let kind = if kind.is_symlink() {
                        "symbolic link"
                    } else if kind.is_dir() {
                        "folder"
                    } else {
                        special(&meta).0
                    };
                    return Err(OutError::InSet { path, kind, role });
                }
                not_the_database(&path, &path, Some(&meta), database, "")?;
                may_replace(&path, &path, String::new(), force)?;
                Some(meta)
            }
        };
        planned.push((path, old));
    }
    let mut written = Vec::new();
    for ((path, old), (_, write)) in planned.iter().zip(files) {
        let tmp = written_beside(path, old.as_ref(), &mut |w| write(w))
            .map_err(|e| OutError::write(path, e))?;
        written.push((tmp, path));
    }
    let mut done = Vec::new();
    for (tmp, path) in written {
        tmp.persist(path)
            .map_err(|e| OutError::write(path, e.error))?;
        done.push(path.clone());
    }
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(done)
}

/// The folder of a set: made when it is not there; refused when it is a link to nothing, a
/// file, or the database.
fn folder(dir: &Path, database: Option<&Path>) -> Result<(), OutError> {
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(m) => {
            let real = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
            let note = via(dir, &real);
            not_the_database(dir, &real, Some(&m), database, &note)?;
            Err(OutError::NotADir {
                path: dir.to_path_buf(),
                note,
            })
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if let Ok(m) = fs::symlink_metadata(dir) {
                if m.file_type().is_symlink() {
                    let to = fs::read_link(dir).unwrap_or_default();
                    return Err(OutError::DanglingFolder {
                        path: dir.to_path_buf(),
                        to,
                    });
                }
            }
            // Readable by everyone whatever the umask, as the site's folders are: each folder
            // made here, the last and those before it.
            let missing: Vec<&Path> = dir
                .ancestors()
                .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
                .collect();
            let made = fs::create_dir_all(dir);
            #[cfg(unix)]
            if made.is_ok() {
                use std::os::unix::fs::PermissionsExt;
                for folder in missing {
                    let _ = fs::set_permissions(folder, fs::Permissions::from_mode(0o755));
                }
            }
            #[cfg(not(unix))]
            let _ = missing;
            made.map_err(|e| match e.kind() {
                io::ErrorKind::NotADirectory => not_a_folder(dir, dir),
                _ => OutError::write(dir, e),
            })
        }
        Err(e) if e.kind() == io::ErrorKind::NotADirectory => Err(not_a_folder(dir, dir)),
        Err(e) => Err(OutError::write(dir, e)),
    }
}

/// The folder a file is in (`.` for a bare name).
pub fn parent(path: &Path) -> &Path {
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
                at = match at.parent() {
                    Some(dir) if !to.is_absolute() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// What a file that is neither a regular file nor a folder is, and whether an export writes
/// into it as it is (a pipe, a character device).
fn special(meta: &Metadata) -> (&'static str, bool) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_block_device() {
            return ("disk (a block device)", false);
        }
        if kind.is_socket() {
            return ("socket", false);
        }
        if kind.is_fifo() {
            return ("pipe (FIFO)", true);
        }
        if kind.is_char_device() {
            return ("character device", true);
        }
        ("special file", false)
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        ("special file", false)
    }
}

/// Whether this user may write the file at `path` (the system's own answer: its permissions,
/// its owner, a read-only mount).
pub fn may_write(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let Ok(name) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
            return false;
        };
        // SAFETY: `name` is a valid NUL-terminated string that lives through the call.
        unsafe { libc::access(name.as_ptr(), libc::W_OK) == 0 }
    }
    #[cfg(not(unix))]
    {
        fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
    }
}

/// Whether the file at `path` begins as every SQLite database does.
pub fn is_sqlite(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| &head == b"SQLite format 3\0")
}

/// Whether `real` (with its metadata when it is there) is the database at `database` or one of
/// the files SQLite keeps beside it: what it is, when it is not the database's own path.
pub fn is_database(real: &Path, meta: Option<&Metadata>, database: &Path) -> Option<&'static str> {
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

/// A temporary file beside `real` holding what `write` writes, flushed to disk, with the
/// permissions of the file it will replace (`0644` for a new one).
fn written_beside(
    real: &Path,
    old: Option<&Metadata>,
    write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> io::Result<tempfile::NamedTempFile> {
    let mut tmp = tempfile::Builder::new()
        .prefix(".don-out-")
        .tempfile_in(parent(real))
        .map_err(plain_temp)?;
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
    Ok(tmp)
}

/// Replaces a regular file (or makes a new one) whole: written to a temporary file in its
/// folder, flushed to disk, then renamed over it.
fn replace(
    real: &Path,
    old: Option<&Metadata>,
    write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = written_beside(real, old, write)?;
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
