//! `don undo` and `don log`: the operations log. Undo puts back the last change made by any
//! command, as a new operation, so undoing an undo redoes.

use std::io::{self, BufWriter, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, Table};

use don::app::games::keep_summaries;
use don::store::{Change, Operation, StoreError};

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
    // The nights holding a game this change changed: undone with the game still held, the
    // leg would change under the night's score.
    let held = change.legs_changed_by(last.id)?;
    let games = change.games_changed_by(last.id)?;
    if args.operation.is_some() {
        if let Some(by) = last.undone_by {
            let undone = format!(
                "#{} ({}) is undone already, by #{by}",
                last.id,
                shown(&last.summary)
            );
            // Point at `don undo BY` only if it would go through as things stand.
            let by = change.operation(by)?;
            let refusal = match &by {
                Some(by) => match change.trial(|c| undo_named(c, by))? {
                    Ok(()) => None,
                    Err(
                        e @ (CliError::Usage(_)
                        | CliError::Store(StoreError::Refused(_) | StoreError::Held { .. })),
                    ) => Some(e),
                    Err(e) => return Err(e),
                },
                None => None,
            };
            return Err(CliError::Usage(match (by, refusal) {
                (Some(by), None) => format!("{undone}; `don undo {}` puts it back", by.id),
                (_, Some(refusal)) => format!("{undone}, which cannot be put back yet: {refusal}"),
                (None, None) => undone,
            }));
        }
        undo_named(&change, &last)?;
    } else {
        change.reverse(last.id)?;
    }
    for leg in held {
        if change.leg_holding(leg.game)?.is_some() {
            drop(change);
            return Err(CliError::Usage(format!(
                "#{} ({}) changed game {}, which cannot be changed now: {leg}",
                last.id,
                shown(&last.summary),
                leg.game
            )));
        }
    }
    keep_summaries(&change, &games)?;
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

/// Reverses `target`, named by its number, in `change`: refused when a later change depends on
/// what it changed or holds what it would put back. A refusal names every later change to undo
/// first: those that depend on `target`, and those that depend on them in turn, so that undoing
/// them, the latest first, goes through.
fn undo_named(change: &Change<'_>, target: &Operation) -> Result<(), CliError> {
    let reversed = |c: &Change<'_>, id: i64| -> Result<Vec<Operation>, StoreError> {
        c.reverse(id)?;
        c.later_dependents(id)
    };
    let later = change.attempt(
        |c| reversed(c, target.id),
        |later| matches!(later, Ok(l) if l.is_empty()),
    )?;
    let later = match later {
        Ok(later) if later.is_empty() => return Ok(()),
        Ok(later) => later,
        // What holds a row it would put back, with what depends on that in turn.
        Err(StoreError::Held {
            target,
            held,
            by,
            also: _,
        }) => {
            let mut also = depending_on(change, &by)?;
            also.retain(|id, _| !by.iter().any(|o| o.id == *id));
            return Err(StoreError::Held {
                target,
                held,
                by,
                also: also.into_values().collect(),
            }
            .into());
        }
        Err(e) => return Err(e.into()),
    };
    let all = depending_on(change, &later)?;
    let names: Vec<String> = all
        .values()
        .map(|o| format!("#{} ({})", o.id, shown(&o.summary)))
        .collect();
    Err(CliError::Usage(format!(
        "#{} ({}) cannot be undone on its own: later changes touched what it changed: {}; undo those first{}",
        target.id,
        shown(&target.summary),
        names.join(", "),
        if names.len() == 1 {
            ""
        } else {
            ", starting with the latest"
        }
    )))
}

/// `ops`, with every later change that depends on one of them, and on those in turn; each
/// tried from things as they stand in `change` (nothing kept): by number.
fn depending_on(
    change: &Change<'_>,
    ops: &[Operation],
) -> Result<std::collections::BTreeMap<i64, Operation>, CliError> {
    let reversed = |c: &Change<'_>, id: i64| -> Result<Vec<Operation>, StoreError> {
        c.reverse(id)?;
        c.later_dependents(id)
    };
    let mut all: std::collections::BTreeMap<i64, Operation> =
        ops.iter().map(|o| (o.id, o.clone())).collect();
    let mut to_try = ops.to_vec();
    while let Some(op) = to_try.pop() {
        let more = match change.trial(|c| reversed(c, op.id))? {
            Ok(more) => more,
            // What holds a row it would put back is later still: to undo first too.
            Err(StoreError::Held { by, .. }) => by,
            // Its own refusal says what holds it.
            Err(StoreError::Refused(_)) => Vec::new(),
            Err(e) => return Err(e.into()),
        };
        for o in more {
            if let std::collections::btree_map::Entry::Vacant(at) = all.entry(o.id) {
                at.insert(o.clone());
                to_try.push(o);
            }
        }
    }
    Ok(all)
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

pub fn log(args: LogArgs) -> Result<Done, CliError> {
    let store = args.db.open_read()?;
    let ops = store.log(args.limit as usize)?;
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
        super::text::fit(&mut table, &[0, 1], &[]);
        writeln!(out, "{table}")?;
    }
    out.flush()?;
    Ok(Done::Ok)
}
