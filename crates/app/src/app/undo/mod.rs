//! Undo and the log: putting back a change, as a new change (so undoing an undo redoes), and
//! the list of changes made, with who made each.

pub mod error;

use std::collections::BTreeMap;

use crate::store::{Change, Clash, LogEntry, Operation};

pub use crate::app::undo::error::UndoError;
use crate::app::{App, AppError};

/// What `undo` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undone {
    /// The change put back (an undo, if this redid what it undid).
    pub target: Operation,
    /// This change's number in the log.
    pub op: i64,
    /// What it did in the end to the change first undone.
    pub effect: Effect,
    /// When it left that change undone: the latest change before it that stands, which
    /// `undo N` would put back next, if any.
    pub before: Option<Operation>,
}

/// What an undo does in the end, told from the change an undo of an undo (of an undo...)
/// first put back: an odd number of undos leaves it undone, an even number redoes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// The change first undone (itself no undo).
    pub root: Operation,
    /// True when it is redone (it stands again).
    pub redone: bool,
    /// How many undos the chain holds, this one included: 1 for an undo of a change.
    pub depth: u32,
}

impl Undone {
    /// Whether the change put back was itself an undo (this redid).
    pub fn was_undo(&self) -> bool {
        self.target.command == "undo"
    }
}

impl App {
    /// Puts back change `which` of the log (the last change if none), as a new change:
    /// refused when a later change depends on what it changed, holds what it would put back
    /// (by a key, or by a rule of the league: a team's fixture that date, a name another team
    /// or player has now, a game another night holds as a leg), or when it changed a game a
    /// league night holds as a leg. Refused, nothing is changed.
    pub fn undo(&mut self, which: Option<i64>) -> Result<Undone, AppError> {
        let change = self.store.change("undo")?;
        let target = match which {
            None => change.last_operation()?,
            Some(n) => change.operation(n)?,
        };
        let Some(target) = target else {
            return Err(match which {
                None => UndoError::Nothing,
                Some(n) => UndoError::NoChange(n),
            }
            .into());
        };
        // The nights holding a game this change changed: undone with the game still held,
        // the leg would change under the night's score.
        let legs = change.legs_changed_by(target.id)?;
        // The games whose summaries the undo changes: worked out anew before it is kept.
        let games = change.games_changed_by(target.id)?;
        if which.is_some() {
            if target.undone_by.is_some() {
                return Err(undone_already(&change, target)?.into());
            }
            undo_named(&change, &target)?;
        } else if let Some(clash) = change.reverse(target.id)? {
            return Err(held(&change, &target, clash)?.into());
        }
        for leg in legs {
            if change.leg_holding(leg.game)?.is_some() {
                return Err(UndoError::GameInLeg { target, leg }.into());
            }
        }
        crate::app::game::keep_summaries(&change, &games)?;
        let effect = effect_of(&target, |id| change.operation(id))?;
        let summary = summary_of(&target, &effect);
        let before = match effect.redone {
            true => None,
            false => change.standing_before(effect.root.id)?,
        };
        let op = change.commit(&summary, target.game)?;
        Ok(Undone {
            target,
            op,
            effect,
            before,
        })
    }

    /// What undo `op` did in the end to the change first undone ([`Effect`]); `None` for a
    /// change that is no undo.
    pub fn undo_effect(&self, op: &Operation) -> Result<Option<Effect>, AppError> {
        let Some(target) = op.undoes else {
            return Ok(None);
        };
        let Some(target) = self.store.operation_at(target)? else {
            return Ok(None);
        };
        Ok(Some(effect_of(&target, |id| self.store.operation_at(id))?))
    }

    /// The log, newest first: at most `limit` changes, each with the team acted for, unless
    /// its actor names it already (a captain's link: "captain of Royal Oak (link 3)").
    pub fn log(&self, limit: usize) -> Result<Vec<LogEntry>, AppError> {
        let mut entries = self.store.log(limit)?;
        let named = crate::app::access::team_naming_actors(&self.store)?;
        for e in &mut entries {
            if named.contains(&e.operation.actor) {
                e.team = None;
            }
        }
        Ok(entries)
    }
}

/// What undoing `target` does in the end: `target`'s chain of undos followed back (through
/// `operation`) to the change first undone. An undo whose target the log no longer holds
/// counts as that change.
fn effect_of<E>(
    target: &Operation,
    operation: impl Fn(i64) -> Result<Option<Operation>, E>,
) -> Result<Effect, AppError>
where
    AppError: From<E>,
{
    let mut root = target.clone();
    let mut depth = 1;
    while let Some(id) = root.undoes.filter(|&id| id < root.id) {
        match operation(id)? {
            Some(op) => {
                root = op;
                depth += 1;
            }
            None => break,
        }
    }
    Ok(Effect {
        root,
        redone: depth % 2 == 0,
        depth,
    })
}

/// The log's summary of an undo of `target`: "undid #12 (…)"; through an undo of an undo, what
/// it does to the change first undone: "redid #12 (…) by undoing #13", "undid #12 again (…) by
/// undoing #14".
fn summary_of(target: &Operation, effect: &Effect) -> String {
    let root = &effect.root;
    match (effect.depth, effect.redone) {
        (1, _) => format!("undid #{} ({})", target.id, target.brief()),
        (_, true) => format!(
            "redid #{} ({}) by undoing #{}",
            root.id,
            root.brief(),
            target.id
        ),
        (_, false) => format!(
            "undid #{} again ({}) by undoing #{}",
            root.id,
            root.brief(),
            target.id
        ),
    }
}

/// The refusal of `undo N` for `target`, undone already: pointing at `don undo BY` only if it
/// would go through as things stand.
fn undone_already(change: &Change<'_>, target: Operation) -> Result<UndoError, AppError> {
    let by = match target.undone_by {
        Some(by) => change.operation(by)?,
        None => None,
    };
    let refusal = match &by {
        Some(by) => match change.trial(|c| undo_named(c, by))? {
            Ok(()) => None,
            Err(AppError::Undo(e)) => Some(e),
            Err(e) => return Err(e),
        },
        None => None,
    };
    Ok(UndoError::UndoneAlready {
        target,
        by,
        refusal,
    })
}

/// Reverses `target`, named by its number, in `change`: refused when a later change depends on
/// what it changed or holds what it would put back. A refusal names every later change to undo
/// first: those that depend on `target`, and those that depend on them in turn, so that undoing
/// them, the latest first, goes through.
fn undo_named(change: &Change<'_>, target: &Operation) -> Result<(), AppError> {
    let tried = change.attempt(
        |c| reversed(c, target.id),
        |tried| matches!(tried, Ok(Reversed::Dependents(d)) if d.later.is_empty() && !d.referred),
    )??;
    let dependents = match tried {
        Reversed::Held(clash) => return Err(held(change, target, *clash)?.into()),
        Reversed::Dependents(d) if d.later.is_empty() && d.referred => {
            return Err(UndoError::Referred {
                target: target.clone(),
            }
            .into())
        }
        Reversed::Dependents(d) if d.later.is_empty() => return Ok(()),
        Reversed::Dependents(d) => d.later,
    };
    let later = depending_on(change, &dependents)?.into_values().collect();
    Err(UndoError::Later {
        target: target.clone(),
        later,
    }
    .into())
}

/// What reversing a change in trial found.
enum Reversed {
    Held(Box<Clash>),
    Dependents(crate::store::Dependents),
}

/// Reverses change `id` in `c`: what holds a row it would put back (by a key of the schema, or
/// by a rule of the league: a team's date, a name, a game's leg), else the later changes that
/// depend on it.
fn reversed(c: &Change<'_>, id: i64) -> Result<Reversed, AppError> {
    if let Some(clash) = c.reverse(id)? {
        return Ok(Reversed::Held(Box::new(clash)));
    }
    if let Some(clash) = c.rules_broken(id)? {
        return Ok(Reversed::Held(Box::new(clash)));
    }
    Ok(Reversed::Dependents(c.later_dependents(id)?))
}

/// The refusal for `target`, whose row put back would clash with one `clash` says holds it:
/// with the later changes that depend on those holding it in turn.
fn held(change: &Change<'_>, target: &Operation, clash: Clash) -> Result<UndoError, AppError> {
    let mut also = depending_on(change, &clash.by)?;
    also.retain(|id, _| !clash.by.iter().any(|o| o.id == *id));
    let also = also.into_values().collect();
    Ok(match clash.rule {
        Some(broken) => UndoError::Breaks {
            target: target.clone(),
            broken,
            by: clash.by,
            also,
        },
        None => UndoError::Held {
            target: target.clone(),
            table: clash.table,
            by: clash.by,
            also,
        },
    })
}

/// `ops`, with every later change that depends on one of them, and on those in turn; each
/// tried from things as they stand in `change` (nothing kept): by number.
fn depending_on(
    change: &Change<'_>,
    ops: &[Operation],
) -> Result<BTreeMap<i64, Operation>, AppError> {
    let mut all: BTreeMap<i64, Operation> = ops.iter().map(|o| (o.id, o.clone())).collect();
    let mut to_try = ops.to_vec();
    while let Some(op) = to_try.pop() {
        let more = match change.trial(|c| reversed(c, op.id))?? {
            Reversed::Dependents(d) => d.later,
            // What holds a row it would put back is later still: to undo first too.
            Reversed::Held(clash) => clash.by,
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
