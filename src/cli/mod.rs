//! The command line: clap definitions, one module per subcommand, and the one place where
//! errors become a message, a hint and an exit code (0 ok, 1 bad data, 2 bad usage or a file
//! that cannot be read). A broken pipe is not an error.

mod check;
mod sheet;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use don::record::SourceError;

#[derive(Parser)]
#[command(
    name = "don",
    version,
    about = "Keeps the score of Don games (Nine Card Don, Irish Don, Phat, Blind Don, Game to Lose)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check game records against the rules and print their score sheets.
    ///
    /// Every hand is replayed through the rules: tricks (trumps, following suit, who won, what
    /// it pegs, reneges), or totals, which must be possible. Nothing is stored.
    ///
    /// Exit status: 0 when every record is valid (warnings allowed), 1 when any record has an
    /// error, 2 when a file cannot be read.
    Check(check::Args),
}

/// What can go wrong in a command.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
}

/// How a command ended when it did not fail.
pub enum Done {
    Ok,
    /// The data was read but is wrong (exit 1).
    BadData,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => check::run(args),
    };
    match result {
        Ok(Done::Ok) => ExitCode::SUCCESS,
        Ok(Done::BadData) => ExitCode::from(1),
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("don: error: {e}");
            if let Some(hint) = hint(&e) {
                eprintln!("  hint: {hint}");
            }
            ExitCode::from(match e {
                CliError::Source(_) => 2,
                CliError::Io(_) => 1,
            })
        }
    }
}

fn hint(e: &CliError) -> Option<&'static str> {
    match e {
        CliError::Source(SourceError::NotJson { .. }) => {
            Some("a .json file holds one record or a list of them; name the file .jsonl for one record per line")
        }
        CliError::Source(SourceError::NotUtf8 { .. }) => Some("save the file as UTF-8 text"),
        _ => None,
    }
}
