//! `don restore BACKUP`: a backup (`don backup FILE`) put in place of the database, while no
//! one has it open; the database it replaces kept beside it, with its `-wal` file.

use std::io::{self, Write};
use std::path::PathBuf;

use don::app::{App, BackupError};
use don::publish::out::{self, OutError};

use super::db::DbArg;
use super::error::{CliError, Exit};
use super::text::shown;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  don restore don-2025-10-09.db\n  don restore /media/usb/don.db --db league.db\n\nStop `don serve` (and any other don using the database) first: a restore is refused while the database is open. The database replaced is kept beside it (NAME.before-restore-TIME, with its -wal file): remove it once you no longer need it."
)]
pub struct RestoreArgs {
    /// The backup to restore: a file `don backup` wrote (or any don database)
    #[arg(value_name = "BACKUP")]
    backup: PathBuf,
    #[command(flatten)]
    db: DbArg,
}

pub fn run(args: RestoreArgs) -> Result<Exit, CliError> {
    let path = args.db.path()?;
    let report = App::restore(&args.backup, &path).map_err(|e| {
        let hint = match &e {
            BackupError::InUse(_) => Some(
                "stop `don serve` and any other don or program using it, then run `don restore` again",
            ),
            BackupError::NotABackup { .. } | BackupError::NewerBackup { .. } => {
                Some("give a file `don backup` wrote")
            }
            _ => None,
        };
        let error = match e {
            // A file that cannot be written or read on the way: named.
            BackupError::Write(source) => CliError::Out(OutError::Write {
                path: path.clone(),
                source: out::plain_temp(source),
            }),
            e => CliError::App(don::app::AppError::Backup(e)),
        };
        error.with_hint(hint)
    })?;
    let name = |p: &std::path::Path| shown(&p.display().to_string()).into_owned();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Restored {} from {}: {} pages, integrity checked.",
        name(&path),
        name(&args.backup),
        report.pages
    )?;
    if let Some((db, beside)) = report.kept.split_first() {
        let with = if beside.is_empty() {
            String::new()
        } else {
            format!(
                " (with {}, the changes not yet written into it)",
                beside
                    .iter()
                    .map(|p| name(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        writeln!(
            out,
            "The database it replaced is kept as {}{with}: remove it once you no longer need it.",
            name(db)
        )?;
    }
    for removed in &report.removed {
        writeln!(
            out,
            "Removed {} (an index of the database replaced).",
            name(removed)
        )?;
    }
    if let Some(words) = super::backup::cleared_words(&report.cleared, "by a restore") {
        writeln!(out, "{words}")?;
    }
    Ok(Exit::Ok)
}
