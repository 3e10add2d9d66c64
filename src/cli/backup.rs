//! `don backup FILE`: a copy of the database (SQLite's online backup, safe while others
//! write), checked with `PRAGMA integrity_check`, written beside FILE and renamed onto it.

use std::io::{self, Write};
use std::path::PathBuf;

use super::db::DbArg;
use super::error::{CliError, Done};

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  don backup don-2025-10-09.db\n  don backup /media/usb/don.db --db league.db\n\nThe copy is a database like any other: use it with --db FILE, or copy it over the database to restore it (with no don running)."
)]
pub struct Args {
    /// The copy to write (an older file there is replaced, once the copy is checked)
    #[arg(value_name = "FILE")]
    file: PathBuf,
    #[command(flatten)]
    db: DbArg,
}

pub fn run(args: Args) -> Result<Done, CliError> {
    let store = args.db.open_read()?;
    // A full disk met in writing the copy is the copy's disk, not the database's.
    let report = store.backup_to(&args.file).map_err(|e| match e.fault() {
        Some(don::store::Fault::Full) => e.naming(&args.file),
        _ => e,
    })?;
    writeln!(
        io::stdout().lock(),
        "Backed up {} to {}: {} ({} pages), integrity checked.",
        super::text::shown(&store.path().display().to_string()),
        super::text::shown(&report.path.display().to_string()),
        size(report.bytes),
        report.pages
    )?;
    Ok(Done::Ok)
}

/// `812 bytes`, `48 KiB`, `3.2 MiB`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} bytes"),
        b if b < 1024 * 1024 => format!("{} KiB", b.div_ceil(1024)),
        b => format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0)),
    }
}
