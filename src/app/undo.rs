//! Undo and the log: putting back a change, as a new change (so undoing an undo redoes), and
//! the list of changes made, with who made each.

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::record::text::escaped;
use crate::store::{Change, Clash, LegHolding, LogEntry, Operation};

use super::{App, AppError, ErrorKind};

/// What `undo` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undone {
    /// The change put back (an undo, if this redid what it undid).
    pub target: Operation,
    /// This change's number in the log.
    pub op: i64,
}

impl Undone {
    /// Whether the change put back was itself an undo (this redid).
    pub fn was_undo(&self) -> bool {
        self.target.command == "undo"
    }
}

/// Why a change cannot be undone.
#[derive(Debug, thiserror::Error)]
pub enum UndoError {
    #[error("there is nothing to undo")]
    Nothing,
    #[error("there is no change #{0} in the log (see `don log`)")]
    NoChange(i64),
    /// `undo N` of a change undone already: `by` the undo (if it is in the log), `refusal`
    /// why that undo cannot be put back as things stand.
    #[error("{}", undone_words(target, by.as_ref(), refusal.as_deref()))]
    UndoneAlready {
        target: Operation,
        by: Option<Operation>,
        refusal: Option<Box<UndoError>>,
    },
    /// Later changes touched what `target` changed: `later` to undo first, the latest first.
    #[error(
        "{} cannot be undone on its own: later changes touched what it changed: {}; undo those first{}",
        named(target),
        names(later),
        if later.len() == 1 { "" } else { ", starting with the latest" }
    )]
    Later {
        target: Operation,
        later: Vec<Operation>,
    },
    /// Rows added later refer to what `target` added, and the log does not say which change.
    #[error("#{} cannot be undone on its own: rows added after it refer to what it added", target.id)]
    Referred { target: Operation },
    /// What `target` would put back clashes with a row of `table` put in place since `by`
    /// later changes; `also` those that depend on them in turn (to undo first too).
    #[error("{}", held_words(target, table, by, also))]
    Held {
        target: Operation,
        table: &'static str,
        by: Vec<Operation>,
        also: Vec<Operation>,
    },
    /// `target` changed a game that a league night holds as a leg.
    #[error("{} changed game {}, which cannot be changed now: {leg}", named(target), leg.game)]
    GameInLeg { target: Operation, leg: LegHolding },
}

impl UndoError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            UndoError::Nothing | UndoError::NoChange(_) => ErrorKind::NotFound,
            UndoError::UndoneAlready { .. }
            | UndoError::Later { .. }
            | UndoError::Referred { .. }
            | UndoError::Held { .. }
            | UndoError::GameInLeg { .. } => ErrorKind::Conflict,
        }
    }

    /// What to do about it: each refusal says so itself.
    pub fn hint(&self) -> Option<Cow<'static, str>> {
        None
    }
}

/// `#N (summary)`.
fn named(op: &Operation) -> String {
    format!("#{} ({})", op.id, escaped(&op.summary))
}

fn names(ops: &[Operation]) -> String {
    ops.iter().map(named).collect::<Vec<_>>().join(", ")
}

fn undone_words(target: &Operation, by: Option<&Operation>, refusal: Option<&UndoError>) -> String {
    let mut words = format!("{} is undone already", named(target));
    if let Some(id) = target.undone_by {
        words.push_str(&format!(", by #{id}"));
    }
    match (by, refusal) {
        (_, Some(refusal)) => format!("{words}, which cannot be put back yet: {refusal}"),
        (Some(by), None) => format!("{words}; `don undo {}` puts it back", by.id),
        (None, None) => words,
    }
}

/// [`UndoError::Held`] in words.
fn held_words(target: &Operation, table: &str, by: &[Operation], also: &[Operation]) -> String {
    let mut words = format!(
        "{} cannot be undone on its own: what it would put back clashes with {} put in place since by ",
        named(target),
        held_thing(table)
    );
    if by.is_empty() {
        words.push_str("a later change");
        return words;
    }
    words.push_str(&names(by));
    words.push_str(if by.len() == 1 {
        "; undo that first"
    } else {
        "; undo those first"
    });
    if !also.is_empty() {
        words.push_str(&format!(
            ", with the later changes that depend on {}: {}, starting with the latest",
            if by.len() == 1 { "it" } else { "them" },
            names(also)
        ));
    }
    words
}

/// The row of `table` a row put back would clash with, in words.
fn held_thing(table: &str) -> &'static str {
    match table {
        "players" => "the player of the same name",
        "games" => "the game of the same record id",
        "seats" => "the same seat of the game",
        "entrants" => "the same place in the game",
        "hands" => "the hand of the same number in the game",
        "tricks" => "the trick of the same number in the hand",
        "penalties" => "the penalty of the same number in the hand",
        "leagues" => "the league of the same name",
        "seasons" => "the season of the same name",
        "teams" => "the team of the same name",
        "entries" => "the team's entry in the season",
        "rosters" => "the same player on the roster",
        "matches" => "the match in the same slot of the night",
        "leg_games" => "the same leg of the match",
        "confirmations" => "the night's confirmation",
        _ => "a row",
    }
}

impl App {
    /// Puts back change `which` of the log (the last change if none), as a new change:
    /// refused when a later change depends on what it changed, holds what it would put back,
    /// or when it changed a game a league night holds as a leg.
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
        let summary = format!("undid #{} ({})", target.id, target.summary);
        let op = change.commit(&summary, target.game)?;
        Ok(Undone { target, op })
    }

    /// The log, newest first: at most `limit` changes, each with the team acted for.
    pub fn log(&self, limit: usize) -> Result<Vec<LogEntry>, AppError> {
        Ok(self.store.log(limit)?)
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
        Reversed::Held(clash) => return Err(held(change, target, clash)?.into()),
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
    Held(Clash),
    Dependents(crate::store::Dependents),
}

fn reversed(c: &Change<'_>, id: i64) -> Result<Reversed, AppError> {
    Ok(match c.reverse(id)? {
        Some(clash) => Reversed::Held(clash),
        None => Reversed::Dependents(c.later_dependents(id)?),
    })
}

/// The refusal for `target`, whose row put back would clash with one `clash` says holds it:
/// with the later changes that depend on those holding it in turn.
fn held(change: &Change<'_>, target: &Operation, clash: Clash) -> Result<UndoError, AppError> {
    let mut also = depending_on(change, &clash.by)?;
    also.retain(|id, _| !clash.by.iter().any(|o| o.id == *id));
    Ok(UndoError::Held {
        target: target.clone(),
        table: clash.table,
        by: clash.by,
        also: also.into_values().collect(),
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
