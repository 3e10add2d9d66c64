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
    let (target, effect) = (&undone.target, &undone.effect);
    let root = &effect.root;
    let mut out = io::stdout().lock();
    // What it did to the change first undone; through an undo of an undo, which undo it undid.
    let (verb, again) = match (effect.depth, effect.redone) {
        (1, _) => ("Undid", ""),
        (_, true) => ("Redid", ""),
        (_, false) => ("Undid", " again"),
    };
    let by = match effect.depth {
        1 => String::new(),
        _ => format!(", undoing #{}", target.id),
    };
    writeln!(
        out,
        "{verb} #{}{again} ({}): {}{by}. (This is #{}.)",
        root.id,
        root.at,
        shown(&root.brief()),
        undone.op
    )?;
    // `don undo` puts back the last change, this one: again, it toggles; `don undo N` goes
    // further back.
    let again = if effect.redone {
        format!("`don undo` again undoes #{} again", root.id)
    } else {
        format!("`don undo` again redoes #{}", root.id)
    };
    match &undone.before {
        Some(before) => writeln!(
            out,
            "{again}; to go further back, `don undo {}` puts back #{} ({}), and so on (`don log` lists the changes).",
            before.id,
            before.id,
            shown(&before.brief())
        )?,
        None => writeln!(out, "{again}.")?,
    }
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
    let cx = Cx::read(&args.db)?;
    let entries = cx.app.log(args.limit as usize)?;
    // What each undo did in the end, and the changes redone by an undo that stands.
    let mut effects = Vec::new();
    let mut redone_by = std::collections::HashMap::new();
    for entry in &entries {
        let op = &entry.operation;
        let effect = cx.app.undo_effect(op)?;
        if let Some(e) = effect
            .as_ref()
            .filter(|e| e.redone && op.undone_by.is_none())
        {
            redone_by.entry(e.root.id).or_insert(op.id);
        }
        effects.push(effect);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if entries.is_empty() {
        writeln!(out, "No changes yet.")?;
    } else {
        let mut table = table(&["#", "When", "Command", "By", "What it did"], &[]);
        for (
            LogEntry {
                operation: op,
                team,
            },
            effect,
        ) in entries.iter().zip(&effects)
        {
            // An undo of an undo says what it did to the change first undone, not the nest of
            // undos; whether each change stands now is said after it.
            let mut what = match effect {
                Some(e) if e.depth > 1 => {
                    let (verb, again) = if e.redone {
                        ("redid", "")
                    } else {
                        ("undid", " again")
                    };
                    let target = op.undoes.unwrap_or_default();
                    format!(
                        "{verb} #{}{again} ({}) by undoing #{target}",
                        e.root.id,
                        shown(&e.root.brief())
                    )
                }
                _ => shown(&op.brief()).into_owned(),
            };
            match (op.undone_by, redone_by.get(&op.id)) {
                (Some(by), _) => what.push_str(&format!(" (undone by #{by})")),
                (None, Some(by)) => what.push_str(&format!(" (redone by #{by}: it stands)")),
                (None, None) => {}
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
