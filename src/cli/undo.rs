//! `don undo` and `don log`: the operations log. Undo puts back the last change made by any
//! command, as a new operation, so undoing an undo redoes.

use std::io::{self, BufWriter, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, Table};

use super::db::DbArg;
use super::error::{CliError, Done};
use super::text::shown;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  don undo        # put back the last change\n  don undo        # again: the undo is undone (redo)\n  don undo 12     # put back change #12 of `don log`, if nothing since depends on it"
)]
pub struct UndoArgs {
    /// The change to put back, by its number in `don log` [default: the last]
    #[arg(value_name = "N")]
    operation: Option<i64>,
    #[command(flatten)]
    db: DbArg,
}

pub fn undo(args: UndoArgs) -> Result<Done, CliError> {
    let mut store = args.db.open_existing()?;
    let change = store.change("undo")?;
    let target = match args.operation {
        None => change.last_operation()?,
        Some(n) => change.operation(n)?,
    };
    let Some(last) = target else {
        drop(change);
        return Err(CliError::Usage(match args.operation {
            None => "there is nothing to undo".into(),
            Some(n) => format!("there is no change #{n} in the log (see `don log`)"),
        }));
    };
    if args.operation.is_some() {
        if let Some(by) = last.undone_by {
            return Err(CliError::Usage(format!(
                "#{} ({}) is undone already, by #{by}; `don undo {by}` puts it back",
                last.id,
                shown(&last.summary)
            )));
        }
    }
    change.reverse(last.id)?;
    if args.operation.is_some() {
        let later = change.later_dependents(last.id)?;
        if !later.is_empty() {
            let names: Vec<String> = later
                .iter()
                .map(|o| format!("#{} ({})", o.id, shown(&o.summary)))
                .collect();
            return Err(CliError::Usage(format!(
                "#{} ({}) cannot be undone on its own: later changes touched what it changed: {}; undo those first",
                last.id,
                shown(&last.summary),
                names.join(", ")
            )));
        }
    }
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
        table.load_preset(UTF8_FULL_CONDENSED).set_header(vec![
            "#",
            "When",
            "Command",
            "What it did",
        ]);
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
        // The number and the time are never broken across lines.
        super::text::fit(&mut table, &[0, 1]);
        writeln!(out, "{table}")?;
    }
    out.flush()?;
    Ok(Done::Ok)
}
