//! `don publish`: the league's pages, written into a folder (only the files that changed).

use std::io::{self, Write};
use std::path::PathBuf;

use don::publish::{site, PublishError};

use super::context::{Cx, Scope};
use super::error::{CliError, Exit};
use super::text::{count, shown};

#[derive(clap::Args)]
#[command(
    after_help = "The site is plain HTML and one stylesheet: open DIR/index.html in a browser, or copy
the folder to any web host. Every season is published; --season chooses the one the front
page shows (by default the current one, whose fixtures' dates hold today, else the latest by
dates). Publishing again rewrites only the pages that changed, and
removes the pages of an earlier publish that are gone; other files in DIR are left alone. A
folder that already holds files but was never published into is refused (naming what the site
would replace) unless --force is given, and so is a file the site would replace that the earlier
publish did not write. Only files a publish could have written are ever removed, never the
database. Folders are made readable by everyone (0755), pages too (0644). Nothing outside DIR is written or removed: a symbolic
link inside DIR where the site has a page or a folder is refused, never followed.

Examples:
  don publish --league 'Abercarn Crib and Don League' --out site
  don publish --season 2024-25 --out site"
)]
pub struct PublishArgs {
    #[command(flatten)]
    scope: Scope,
    /// The folder to write the site into (made if missing)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Publish into a folder that holds files but was never published into (the site's pages
    /// replace files of the same name; the others are left alone)
    #[arg(long)]
    force: bool,
}

pub fn run(args: PublishArgs) -> Result<Exit, CliError> {
    let cx = Cx::read(&args.scope)?;
    let league = cx.league()?;
    let read = cx.app.site_read(league, cx.choice.season.as_deref())?;
    let made = site(read).map_err(publish_error)?;
    let done = made
        .write(&args.out, args.force, Some(cx.app.path()))
        .map_err(publish_error)?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Published {} to {}: {} ({} written, {} unchanged{}).",
        shown(&league.name),
        shown(&args.out.display().to_string()),
        count(made.files.len() as i64, "file", "files"),
        done.written.len(),
        done.unchanged,
        match done.removed.len() {
            0 => String::new(),
            n => format!(", {n} removed"),
        }
    )?;
    writeln!(
        out,
        "Open {} in a browser.",
        shown(&args.out.join("index.html").display().to_string())
    )?;
    Ok(Exit::Ok)
}

fn publish_error(e: PublishError) -> CliError {
    let hint = publish_hint(&e);
    let error = match e {
        PublishError::App(e) => CliError::App(e),
        PublishError::NotAFolder(_)
        | PublishError::DanglingOut { .. }
        | PublishError::Link { .. }
        | PublishError::NotAFile { .. }
        | PublishError::NotEmpty { .. }
        | PublishError::NotListed { .. }
        | PublishError::Database { .. } => CliError::Usage(publish_words(&e)),
        // "cannot write PATH: why", exit 1.
        PublishError::Write { path, source } => {
            CliError::Out(don::publish::out::OutError::Write { path, source })
        }
        PublishError::Render { .. } => CliError::Io(io::Error::other(e.to_string())),
    };
    error.with_hint(hint)
}

/// What the user can do about a refusal of the folder published into.
fn publish_hint(e: &PublishError) -> Option<&'static str> {
    Some(match e {
            PublishError::DanglingOut { .. } => {
                "make the folder it points to, or give --out another folder"
            }
            PublishError::Link { .. } | PublishError::NotAFile { .. } => {
                "remove it (or move it out of the folder), or publish into another folder"
            }
            PublishError::NotEmpty { .. } => {
                "publish into a new or empty folder, or give --force to publish among these files (the site's pages replace files of the same name; the others are left alone)"
            }
            PublishError::NotListed { .. } => {
                "move such files out of the folder, or give --force to let the site's pages replace them"
            }
            PublishError::Database { .. } => {
                "keep the database outside the folder published into, or publish into another folder"
            }
            PublishError::Write { source, .. } => match source.kind() {
                io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => {
                    "check the folder's permissions (you must be allowed to write into it and the folders inside it), or publish into another folder"
                }
                io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => {
                    "make room on the disk; publishing again then finishes the site (its front page is written last)"
                }
                io::ErrorKind::NotADirectory | io::ErrorKind::NotFound => {
                    "give --out a folder, or the name of a new folder in one that is there"
                }
                _ => "check that the folder can be written and has room; publishing again finishes the site (its front page is written last)",
            },
            _ => return None,
        })
}

/// The terminal's sentence for a refusal of the folder published into: the flag that names it.
fn publish_words(e: &PublishError) -> String {
    match e {
        PublishError::NotAFolder(path) => format!(
            "{} is not a folder: give --out a folder (new or one published before)",
            path.display()
        ),
        PublishError::Link { path, to, what } => format!(
            "{} is a symbolic link (to {}) where the site has {what}: a publish never writes through a link inside --out",
            path.display(),
            to.display()
        ),
        e => e.to_string(),
    }
}
