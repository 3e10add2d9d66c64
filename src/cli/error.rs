//! What can go wrong in a command, and how a command ends when it does not fail.

use std::borrow::Cow;
use std::io;
use std::path::Path;

use don::app::error::{Fault, StoreError};
use don::app::{AppError, ErrorKind};
use don::publish::out::OutError;
use don::record::SourceError;
use don::web::WebError;

/// What can go wrong in a command.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
    /// The command line asks for something that cannot be done (exit 2).
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Store(StoreError),
    /// A thing the user asked of `app` that was refused or failed.
    #[error(transparent)]
    App(AppError),
    /// A file named with `--out` that is not written (exit 2), or failed writing (exit 1).
    #[error(transparent)]
    Out(#[from] OutError),
    /// `don serve` could not start or stopped on a failure.
    #[error(transparent)]
    Web(Box<WebError>),
    /// An error with a hint of its own for what to do about it.
    #[error("{error}")]
    Hinted {
        error: Box<CliError>,
        hint: &'static str,
    },
}

impl From<StoreError> for CliError {
    /// A league refusal met in the store is the app's, with its kind and hint.
    fn from(e: StoreError) -> CliError {
        match e {
            StoreError::League(e) => CliError::App(AppError::League(e)),
            e => CliError::Store(e),
        }
    }
}

impl From<don::league::LeagueError> for CliError {
    fn from(e: don::league::LeagueError) -> CliError {
        CliError::App(AppError::League(e))
    }
}

impl From<WebError> for CliError {
    fn from(e: WebError) -> CliError {
        match e {
            WebError::App(e) => e.into(),
            e => CliError::Web(Box::new(e)),
        }
    }
}

impl From<AppError> for CliError {
    /// A store error stays one, with its hints and exit codes.
    fn from(e: AppError) -> CliError {
        match e {
            AppError::Store(e) => e.into(),
            e => CliError::App(e),
        }
    }
}

/// The exit code of an error of this kind: 1 where the request may succeed later (busy, a
/// storage fault), 2 where it was refused as asked.
fn kind_exit_code(kind: ErrorKind) -> u8 {
    if kind.is_refusal() {
        2
    } else {
        1
    }
}

impl CliError {
    /// A closed pipe (`| head`): the reader has all it wanted.
    pub fn is_closed_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
            || matches!(self, CliError::Out(OutError::Write { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe)
    }

    /// This error naming the database at `db` (the one the command opened) where it is a
    /// storage fault SQLite met deep in a change, which knows no file name.
    pub fn naming_database(self, db: Option<&Path>) -> CliError {
        match (self, db) {
            (CliError::Store(e), Some(db)) => CliError::Store(e.naming(db)),
            (CliError::Hinted { error, hint }, db) => CliError::Hinted {
                error: Box::new(error.naming_database(db)),
                hint,
            },
            (other, _) => other,
        }
    }

    /// What kind of refusal or failure this is: the one thing its exit code is chosen by.
    pub fn kind(&self) -> ErrorKind {
        match self {
            CliError::Source(_) | CliError::Usage(_) => ErrorKind::Invalid,
            CliError::Io(_) => ErrorKind::Fault,
            CliError::Store(e) => don::app::error::store_kind(e),
            CliError::App(e) => e.kind(),
            CliError::Out(e) if e.is_refusal() => ErrorKind::Invalid,
            CliError::Out(_) => ErrorKind::Fault,
            CliError::Hinted { error, .. } => error.kind(),
            CliError::Web(e) => match e.as_ref() {
                WebError::App(e) => e.kind(),
                WebError::Listen { .. } => ErrorKind::Conflict,
                _ => ErrorKind::Fault,
            },
        }
    }

    /// 2 where the request was refused as asked (a file that cannot be read at all, a command
    /// line that cannot be followed, a thing not there or not allowed), 1 where it failed.
    pub fn exit_code(&self) -> u8 {
        kind_exit_code(self.kind())
    }

    /// `e`, met opening the database, with what to do about it where the store's error has no
    /// hint of its own.
    pub fn opening(e: StoreError) -> CliError {
        let hint = match &e {
            StoreError::NotOurs { .. } => {
                "it was left untouched; give --db (or DON_DB) the file of a don database, or a new file name to begin one"
            }
            StoreError::ThroughFile { .. } => {
                "give --db (or DON_DB) the database's file itself, or a new file in a folder that is there"
            }
            StoreError::FolderNotWritable { .. } => {
                "give --db a file in a folder you may write (your home folder, say), or ask the folder's owner for permission"
            }
            _ => return CliError::Store(e),
        };
        CliError::Hinted {
            error: Box::new(CliError::Store(e)),
            hint,
        }
    }

    pub fn hint(&self) -> Option<Cow<'static, str>> {
        match self {
            CliError::Store(StoreError::Fault { path, fault }) => Some(fault_hint(path, *fault)),
            CliError::Store(StoreError::LaterTables { .. }) => Some(
                "nothing was changed; its version was set back by hand or by another program, and don will not guess which version its tables are: restore a copy made with `don backup`".into(),
            ),
            CliError::Store(StoreError::Migration { .. }) => Some(
                "nothing was changed; restore a copy made with `don backup` if the database was altered by hand".into(),
            ),
            CliError::Store(StoreError::WalStranded { .. }) => Some(
                "run any don command on it where its folder can be written (that folds the -wal file into the database), or copy the database and its -wal file together into a folder you may write and read the copy".into(),
            ),
            CliError::Store(StoreError::Unreadable { source, .. })
                if source.kind() == io::ErrorKind::PermissionDenied =>
            {
                Some("you may not read this file: ask its owner for permission, or give --db a copy you may read".into())
            }
            CliError::Store(StoreError::Unreadable { path, source })
                if source.kind() == io::ErrorKind::NotADirectory =>
            {
                Some(match don::publish::out::file_on_the_way(path) {
                    Some(file) => format!(
                        "{} is a file, not a folder: give --db (or DON_DB) the database's own file name",
                        super::text::shown(&file.display().to_string())
                    )
                    .into(),
                    None => "give --db (or DON_DB) the database's own file name".into(),
                })
            }
            CliError::Store(StoreError::Open { path, .. }) => Some(open_hint(path)),
            CliError::App(e) => e.hint(),
            CliError::Store(StoreError::League(e)) => e.hint(),
            CliError::Store(StoreError::NotAFile { .. }) => {
                Some("give --db (or DON_DB) the file name of a don database".into())
            }
            CliError::Web(e) => e.hint().map(Cow::Owned),
            _ => self.fixed_hint().map(Cow::Borrowed),
        }
    }

    fn fixed_hint(&self) -> Option<&'static str> {
        match self {
            CliError::Hinted { hint, .. } => Some(hint),
            CliError::Out(e) => Some(e.hint()),
            CliError::Source(SourceError::NotJson { .. }) => Some(
                "a .json file holds one record or a list of them; name the file .jsonl for one record per line",
            ),
            CliError::Source(SourceError::NotUtf8 { .. }) => Some("save the file as UTF-8 text"),
            CliError::Source(SourceError::ResultsCsv { .. }) => Some(
                "league results are imported from files named .csv: save it as one (e.g. results.csv) and give `don import results.csv --league NAME`",
            ),
            CliError::Store(StoreError::TooNew { .. }) => {
                Some("install the newer don, or give another database with --db")
            }
            e if e.kind() == ErrorKind::Busy => Some(don::app::error::BUSY_HINT),
            _ => None,
        }
    }
}

/// `word` as one word for a POSIX shell: as it is if it needs no quoting, else in single quotes.
pub(super) fn shell_word(word: &str) -> Cow<'_, str> {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+,:@%=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        Cow::Borrowed(word)
    } else {
        Cow::Owned(format!("'{}'", word.replace('\'', r"'\''")))
    }
}

/// What to do about a storage fault of the database at `path`.
fn fault_hint(path: &Path, fault: Fault) -> Cow<'static, str> {
    let file = path.display().to_string();
    let file = super::text::shown(&file);
    match fault {
        Fault::ReadOnly => format!(
            "this command changes the database: it must be able to write {file} and, in the same folder, {file}-wal and {file}-shm (permission to write both, on a disk not mounted read-only); commands that only read it (standings, show, export, publish...) work as it is"
        )
        .into(),
        Fault::Full => "free some space on that disk and run the command again".into(),
        Fault::Damaged => format!(
            "restore a copy made with `don backup`; or let SQLite save what it can: `sqlite3 {} .recover | sqlite3 recovered.db`, then use --db recovered.db",
            shell_word(&file)
        )
        .into(),
        Fault::Io => "check the disk (the system's log says more); `don backup` to another disk keeps a copy while it can still be read".into(),
        Fault::NotADatabase => {
            "give --db (or DON_DB) the file name of a don database; if this was one, it is damaged: restore a copy made with `don backup`".into()
        }
    }
}

/// What to do about a database that could not be opened (or made) at `path`.
fn open_hint(path: &Path) -> Cow<'static, str> {
    let folder = don::publish::out::parent(path);
    let shown = |p: &Path| super::text::shown(&p.display().to_string()).into_owned();
    if let Some(file) = don::publish::out::file_on_the_way(path) {
        return format!(
            "{} is a file, not a folder: give --db (or DON_DB) the database's own file name",
            shown(&file)
        )
        .into();
    }
    match std::fs::metadata(folder) {
        Ok(m) if m.is_dir() && !path.exists() && !don::publish::out::may_write(folder) => format!(
            "you may not write in the folder {}, where the new database would be made: give --db a file in a folder you may write",
            shown(folder)
        )
        .into(),
        Ok(m) if m.is_dir() && path.exists() && !don::publish::out::may_write(path) => format!(
            "you may not write {}: commands that only read it (standings, show, export, publish...) work as it is",
            shown(path)
        )
        .into(),
        _ => "check that the database's folder is there and that you may write in it".into(),
    }
}

/// How a command ended when it did not fail.
pub enum Done {
    Ok,
    /// The data was read but is wrong (exit 1).
    BadData,
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn a_path_is_quoted_for_the_shell_only_when_it_needs_it() {
        assert_eq!(shell_word("/home/sec/don.db"), "/home/sec/don.db");
        assert_eq!(shell_word("/tmp/my league.db"), "'/tmp/my league.db'");
        assert_eq!(shell_word("/tmp/o'neil.db"), r"'/tmp/o'\''neil.db'");
    }
}
