//! Which database a command uses: `--db PATH`, else `DON_DB`, else `don.db` in the user's
//! data directory, created on first use.

use std::path::{Path, PathBuf};

use don::app::{Actor, App, AppError};

use super::error::CliError;

/// The database option every command that reads or changes the database takes.
///
/// `DON_DB` is read here rather than by clap (`env = "DON_DB"`): clap counts an option set by
/// its environment variable as typed, and so shows `--db <PATH>` in the usage line of every
/// "required argument not provided" error, as if it were required too.
#[derive(clap::Args, Clone, Debug)]
pub struct DbArg {
    /// The database file [default: $DON_DB, else don.db in your data directory]
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<PathBuf>,
}

fn default_path() -> Result<PathBuf, CliError> {
    directories::ProjectDirs::from("", "", "don")
        .map(|dirs| dirs.data_dir().join("don.db"))
        .ok_or_else(|| {
            CliError::Usage(
                "there is no home directory to keep the database in: give --db PATH or set DON_DB"
                    .into(),
            )
        })
}

impl DbArg {
    pub fn path(&self) -> Result<PathBuf, CliError> {
        if let Some(p) = &self.db {
            if p.as_os_str().is_empty() {
                return Err(CliError::Usage(
                    "--db is empty: give the database's file name".into(),
                ));
            }
            return Ok(p.clone());
        }
        match std::env::var_os("DON_DB") {
            Some(p) if p.is_empty() => Err(CliError::Usage(
                "DON_DB is set but empty: set it to the database's file name, or unset it (`unset DON_DB`) for the usual database in your data directory"
                    .into(),
            )),
            Some(p) => Ok(PathBuf::from(p)),
            None => default_path(),
        }
    }

    /// The program on the database, creating it on first use (for the commands that put
    /// games in), for the local user to change.
    pub fn app(&self) -> Result<App, CliError> {
        let path = self.path()?;
        opened(&path);
        App::open(&path, local_actor()).map_err(opening)
    }

    /// The program on the database for a change, which must be there: a command that changes
    /// what is in it never leaves a new empty database behind (a mistyped `--db` above all),
    /// and one that cannot be written is refused before anything is asked.
    pub fn app_existing(&self) -> Result<App, CliError> {
        let path = self.path()?;
        opened(&path);
        App::open_existing(&path, local_actor()).map_err(opening)
    }

    /// The program on the database, which must be there, to read only: nothing is created,
    /// migrated or written, so it can be read from read-only storage.
    pub fn app_read(&self) -> Result<App, CliError> {
        let path = self.path()?;
        opened(&path);
        App::open_read(&path).map_err(opening)
    }

    /// For a dry run: a copy in memory of the database (a new one where there is none), so
    /// that nothing is made or written on disk.
    pub fn app_scratch(&self) -> Result<App, CliError> {
        Ok(App::open_scratch(&self.path()?, local_actor())?)
    }
}

/// An error met opening the database, with what to do about it.
fn opening(e: AppError) -> CliError {
    match e {
        AppError::Store(e) => CliError::opening(e),
        e => e.into(),
    }
}

/// The database this command opened, for an error from deep in a change (a disk full, a
/// read-only file) to name it.
static OPENED: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

fn opened(path: &Path) {
    let _ = OPENED.set(path.to_path_buf());
}

/// The database this command opened, if any.
pub fn opened_path() -> Option<&'static Path> {
    OPENED.get().map(PathBuf::as_path)
}

/// Who changes the database from the command line: the local user, by their login name
/// (`$USER`, else `$LOGNAME`, else the name the system gives their user id), acting for no
/// team of their own: a command that acts for a team says which (`--by`).
pub fn local_actor() -> Actor {
    let from_env = ["USER", "LOGNAME"]
        .into_iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|n| !n.trim().is_empty());
    let name = from_env.unwrap_or_else(login_name);
    Actor {
        name: don::record::text::shortened(&name).into_owned(),
        team: None,
        game: None,
        league: None,
    }
}

/// The login name of the user running don, from the system's user database; their user id if
/// it has none.
fn login_name() -> String {
    // SAFETY: getuid cannot fail; getpwuid returns null or a pointer to a static record that
    // is read at once, before any other call could overwrite it.
    unsafe {
        let uid = libc::getuid();
        let pw = libc::getpwuid(uid);
        if !pw.is_null() && !(*pw).pw_name.is_null() {
            if let Ok(name) = std::ffi::CStr::from_ptr((*pw).pw_name).to_str() {
                if !name.is_empty() {
                    return name.to_string();
                }
            }
        }
        format!("uid {uid}")
    }
}

/// Takes away a database this command made but left unused (an import that failed, or a dry
/// run, onto a path where there was none): bad input leaves nothing behind.
pub fn remove_if_unused(path: &Path) {
    if App::is_unused_at(path) {
        remove_beside(path, &["", "-wal", "-shm"]);
    }
}

/// Empties again a database file that was empty (0 bytes) before this command, which made its
/// tables there but left it unused (an import that failed): bad input leaves the file as it
/// was, byte for byte.
pub fn empty_if_unused(path: &Path) {
    if App::is_unused_at(path) {
        remove_beside(path, &["-wal", "-shm"]);
        let _ = std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(path);
    }
}

/// Removes the database's file name with each suffix (`""` is the database itself).
fn remove_beside(path: &Path, suffixes: &[&str]) {
    for suffix in suffixes {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}
