//! `don undo` and `don log`: the operations log. Undo puts back the last change made by any
//! command, as a new operation, so undoing an undo redoes.

use std::io::{self, BufWriter, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, ContentArrangement, Table};

use super::db::DbArg;
use super::error::{CliError, Done};
use super::text::shown;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  don undo        # put back the last change\n  don undo        # again: the undo is undone (redo)"
)]
pub struct UndoArgs {
    #[command(flatten)]
    db: DbArg,
}

pub fn undo(args: UndoArgs) -> Result<Done, CliError> {
    let mut store = args.db.open_existing()?;
    let change = store.change("undo")?;
    let Some(last) = change.last_operation()? else {
        drop(change);
        return Err(CliError::Usage("there is nothing to undo".into()));
    };
    change.reverse(last.id)?;
    let summary = format!("undid #{} ({})", last.id, last.summary);
    let op = change.commit(&summary, last.game)?;
    let mut out = io::stdout().lock();
    let verb = if last.command == "undo" {
        "Undid the undo"
    } else {
        "Undid"
    };
    writeln!(
        out,
        "{verb} #{} ({}): {}. (This is #{op}; `don undo` again reverses it.)",
        last.id,
        last.at,
        shown(&last.summary)
    )?;
    Ok(Done::Ok)
}

#[derive(clap::Args)]
#[command(after_help = "Example:\n  don log --limit 5")]
pub struct LogArgs {
    /// How many changes to list, newest first
    #[arg(long, default_value_t = 20)]
    limit: usize,
    #[command(flatten)]
    db: DbArg,
}

pub fn log(args: LogArgs) -> Result<Done, CliError> {
    let store = args.db.open_existing()?;
    let ops = store.log(args.limit)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if ops.is_empty() {
        writeln!(out, "No changes yet.")?;
    } else {
        let mut table = Table::new();
        table
            .load_preset(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Disabled)
            .set_header(vec!["#", "When", "Command", "What it did"]);
        for op in &ops {
            let mut what = shown(&op.summary).into_owned();
            if let Some(by) = op.undone_by {
                what.push_str(&format!(" (undone by #{by})"));
            }
            table.add_row(vec![
                Cell::new(op.id),
                Cell::new(&op.at),
                Cell::new(&op.command),
                Cell::new(what),
            ]);
        }
        writeln!(out, "{table}")?;
    }
    out.flush()?;
    Ok(Done::Ok)
}
