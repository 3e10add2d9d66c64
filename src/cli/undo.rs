//! `don undo` and `don log`: the operations log. Undo puts back the last change made by any
//! command, as a new operation, so undoing an undo redoes.

use std::io::{self, BufWriter, Write};

use comfy_table::Cell;

use don::app::LogEntry;

use super::context::{Cx, DbArg};
use super::error::{CliError, Exit};
use super::text::{fit, shown, table};

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

pub fn undo(args: UndoArgs) -> Result<Exit, CliError> {
    let undone = Cx::change(&args.db)?.app.undo(args.operation)?;
    let verb = if undone.was_undo() {
        "Undid the undo"
    } else {
        "Undid"
    };
    let target = &undone.target;
    writeln!(
        io::stdout().lock(),
        "{verb} #{} ({}): {}. (This is #{}; `don undo` again reverses it.)",
        target.id,
        target.at,
        shown(&target.brief()),
        undone.op
    )?;
    Ok(Exit::Ok)
}

#[derive(clap::Args)]
#[command(after_help = "Example:\n  don log --limit 5")]
pub struct LogArgs {
    /// How many changes to list, newest first (at least 1)
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    limit: u32,
    #[command(flatten)]
    db: DbArg,
}

pub fn log(args: LogArgs) -> Result<Exit, CliError> {
    let entries = Cx::read(&args.db)?.app.log(args.limit as usize)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if entries.is_empty() {
        writeln!(out, "No changes yet.")?;
    } else {
        let mut table = table(&["#", "When", "Command", "By", "What it did"], &[]);
        for LogEntry {
            operation: op,
            team,
        } in &entries
        {
            let mut what = shown(&op.brief()).into_owned();
            if let Some(by) = op.undone_by {
                what.push_str(&format!(" (undone by #{by})"));
            }
            table.add_row(vec![
                Cell::new(op.id),
                Cell::new(&op.at),
                Cell::new(&op.command),
                Cell::new(by_whom(&op.actor, team.as_deref())),
                Cell::new(what),
            ]);
        }
        // The number and the time are never broken across lines.
        fit(&mut table, &[0, 1], &[]);
        writeln!(out, "{table}")?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// Who made a change, and for which team: `gareth`, `gareth (for Royal Oak)`; nothing for a
/// change logged before don kept its actor.
fn by_whom(actor: &str, team: Option<&str>) -> String {
    match team {
        Some(team) if !actor.is_empty() => format!("{} (for {})", shown(actor), shown(team)),
        _ => shown(actor).into_owned(),
    }
}
