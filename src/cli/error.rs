//! What can go wrong in a command, and how a command ends when it does not fail.

use std::io;

use don::publish::out::OutError;
use don::record::SourceError;
use don::store::StoreError;

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
    Store(#[from] StoreError),
    /// A file named with `--out` that is not written (exit 2), or failed writing (exit 1).
    #[error(transparent)]
    Out(#[from] OutError),
    /// An error with a hint of its own for what to do about it.
    #[error("{error}")]
    Hinted {
        error: Box<CliError>,
        hint: &'static str,
    },
}

impl CliError {
    /// A closed pipe (`| head`): the reader has all it wanted.
    pub fn is_closed_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
            || matches!(self, CliError::Out(OutError::Write { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe)
    }

    /// 2 for a file that cannot be read at all or a command line that cannot be followed, 1
    /// otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Source(_) | CliError::Usage(_) => 2,
            CliError::Store(
                StoreError::Open { .. }
                | StoreError::TooNew { .. }
                | StoreError::NotOurs { .. }
                | StoreError::Refused(_)
                | StoreError::Held { .. }
                | StoreError::Text { .. },
            ) => 2,
            CliError::Out(e) if e.is_refusal() => 2,
            CliError::Io(_) | CliError::Store(_) | CliError::Out(_) => 1,
            CliError::Hinted { error, .. } => error.exit_code(),
        }
    }

    pub fn hint(&self) -> Option<&'static str> {
        match self {
            CliError::Hinted { hint, .. } => Some(hint),
            CliError::Out(e) => Some(e.hint()),
            CliError::Source(SourceError::NotJson { .. }) => Some(
                "a .json file holds one record or a list of them; name the file .jsonl for one record per line",
            ),
            CliError::Source(SourceError::NotUtf8 { .. }) => Some("save the file as UTF-8 text"),
            CliError::Store(StoreError::TooNew { .. }) => {
                Some("install the newer don, or give another database with --db")
            }
            CliError::Store(StoreError::Sql(e)) if e.to_string().contains("locked") => {
                Some("another don is writing this database; try again when it has finished")
            }
            _ => None,
        }
    }
}

/// How a command ended when it did not fail.
pub enum Done {
    Ok,
    /// The data was read but is wrong (exit 1).
    BadData,
}
