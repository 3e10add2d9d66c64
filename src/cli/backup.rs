//! `don backup FILE`: a copy of the database (SQLite's online backup, safe while others
//! write), checked with `PRAGMA integrity_check`, written beside FILE and renamed onto it.
//! FILE is taken as `export --out` takes its file ([`don::publish::out`]): written through a
//! symbolic link, never the database by any name nor a file the user may not write; a pipe,
//! a device or a socket is refused; a file there is replaced only when it is empty or an
//! older backup of this database, unless `--force`.

use std::io::{self, Write};
use std::path::PathBuf;

use don::app::error::StorageFault;
use don::app::BackupError;
use don::publish::out::{self, OutError, OutTarget, Writer};

use super::context::{Cx, DbArg};
use super::error::{CliError, Exit};

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  don backup don-2025-10-09.db\n  don backup /media/usb/don.db --db league.db\n\nThe copy is a database like any other: use it with --db FILE, or put it back in place of the database with `don restore FILE`."
)]
pub struct BackupArgs {
    /// The copy to write: a new file, or an older backup of this database, replaced once the
    /// copy is checked (a symbolic link is written through)
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Replace FILE even when it holds something else (another database, another league's,
    /// or a file that is not a database)
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    db: DbArg,
}

/// A refusal or failure about the backup's file, with the hint for a backup.
fn about_file(e: OutError) -> CliError {
    let hint = super::error::out_hint(&e, Writer::Backup);
    CliError::Out(e).with_hint(Some(hint))
}

pub fn run(args: BackupArgs) -> Result<Exit, CliError> {
    let app = Cx::read(&args.db)?.app;
    let file = &args.file;
    let target = out::target(file, app.path(), args.force, Writer::Backup).map_err(about_file)?;
    let real = target.real(file).to_path_buf();
    if let OutTarget::File { .. } = target {
        if !args.force {
            if let Some(holds) = app.other_than_a_backup(&real)? {
                let note = if real != *file
                    && std::fs::symlink_metadata(file).is_ok_and(|m| m.file_type().is_symlink())
                {
                    format!(" (a link to {})", real.display())
                } else {
                    String::new()
                };
                return Err(about_file(OutError::Holds {
                    path: file.clone(),
                    note,
                    holds,
                }));
            }
        }
    }
    let report = app.backup_to(&real).map_err(|e| match e {
        BackupError::Write(source) => about_file(OutError::Write {
            path: file.clone(),
            source: out::plain_temp(source),
        }),
        // A full disk met in writing the copy is the copy's disk, not the database's.
        BackupError::Store(e) => match e.fault() {
            Some(StorageFault::Full) => about_file(OutError::Write {
                path: file.clone(),
                source: out::plain(io::Error::from(io::ErrorKind::StorageFull)),
            }),
            _ => e.into(),
        },
        e => CliError::App(don::app::AppError::Backup(e)),
    })?;
    writeln!(
        io::stdout().lock(),
        "Backed up {} to {}: {} ({} pages), integrity checked.",
        super::text::shown(&app.path().display().to_string()),
        super::text::shown(&file.display().to_string()),
        size(report.bytes),
        report.pages
    )?;
    if let Some(words) = cleared_words(&report.cleared, "beside it by a backup") {
        eprintln!("{words}");
    }
    Ok(Exit::Ok)
}

/// What was said of the unfinished copies a stopped backup or restore left (`left`: where, and
/// by what), cleared: none if there were none.
pub fn cleared_words(cleared: &[String], left: &str) -> Option<String> {
    (!cleared.is_empty()).then(|| {
        format!(
            "Removed {} left {left} that was stopped: {}.",
            super::text::count(cleared.len() as i64, "unfinished copy", "unfinished copies"),
            cleared
                .iter()
                .map(|n| super::text::shown(n).into_owned())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// `812 bytes`, `48 KiB`, `3.2 MiB`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} bytes"),
        b if b < 1024 * 1024 => format!("{} KiB", b.div_ceil(1024)),
        b => format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0)),
    }
}
