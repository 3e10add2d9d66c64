//! Why a change cannot be undone: [`UndoError`]. A file apart from `undo.rs` (which implements
//! the app's functions) so that `error.rs` can name it without an import cycle; its kind is
//! given in `error.rs`.

use crate::record::text::escaped;
use crate::store::{Broken, LegHolding, LegNamed, Operation};

/// Why a change cannot be undone.
#[derive(Debug, thiserror::Error)]
pub enum UndoError {
    #[error("there is nothing to undo")]
    Nothing,
    #[error("there is no change #{0} in the log")]
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
    /// What `target` would put back breaks a rule of the league (a team's one fixture a date,
    /// a name meaning one team or player, a game a leg of one night): `broken` says what holds
    /// the place now, `by` the later changes that put it there, `also` those that depend on
    /// them in turn (to undo first too).
    #[error("{}", breaks_words(target, broken, by, also))]
    Breaks {
        target: Operation,
        broken: Broken,
        by: Vec<Operation>,
        also: Vec<Operation>,
    },
    /// `target` changed a game that a league night holds as a leg.
    #[error("{} changed game {}, which cannot be changed now: {leg}", named(target), leg.game)]
    GameInLeg { target: Operation, leg: LegHolding },
}

/// `#N (summary)`, a long summary shortened.
fn named(op: &Operation) -> String {
    format!("#{} ({})", op.id, escaped(&op.brief()))
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
        (Some(by), None) => format!("{words}; undoing #{} puts it back", by.id),
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
    undo_first(&mut words, by, also);
    words
}

/// [`UndoError::Breaks`] in words: the rule, what holds the place, and what to undo first.
fn breaks_words(
    target: &Operation,
    broken: &Broken,
    by: &[Operation],
    also: &[Operation],
) -> String {
    let (would, holds) = match broken {
        Broken::TeamDate {
            team,
            put_back,
            holder,
        } => (
            format!(
                "it would put fixture {}, {} v {}, back on {}, when {} plays fixture {}, {} v {}, that date (a team plays one fixture a date)",
                put_back.id,
                escaped(&put_back.home),
                escaped(&put_back.away),
                put_back.date,
                escaped(team),
                holder.id,
                escaped(&holder.home),
                escaped(&holder.away)
            ),
            format!("fixture {}", holder.id),
        ),
        Broken::Name {
            player,
            name,
            owner,
            holder,
        } => {
            let what = if *player { "player" } else { "team" };
            (
                format!(
                    "it would give the name {} back to the {what} {}, when it is a name of the {what} {} (a name means one {what})",
                    escaped(name),
                    escaped(owner),
                    escaped(holder)
                ),
                format!("the name {}", escaped(name)),
            )
        }
        Broken::Leg {
            game,
            put_back,
            holder,
        } => (
            format!(
                "it would make game {game} {} again, when it is {} (a game is a leg of one night)",
                leg_words(put_back),
                leg_words(holder)
            ),
            format!("game {game}'s link"),
        ),
    };
    let mut words = format!("{} cannot be undone on its own: {would}", named(target));
    if by.is_empty() {
        return words;
    }
    words.push_str(&format!("; {holds} was put in place since by "));
    undo_first(&mut words, by, also);
    words
}

/// `leg 1 of don 1 of Royal Oak v Red Lion on 2025-09-04`.
fn leg_words(leg: &LegNamed) -> String {
    format!(
        "leg {} of {} {} of {} v {} on {}",
        leg.leg,
        leg.kind,
        leg.slot,
        escaped(&leg.home),
        escaped(&leg.away),
        leg.date
    )
}

/// The later changes `by` that hold a place, with `also` those that depend on them, to undo
/// first: added to `words`.
fn undo_first(words: &mut String, by: &[Operation], also: &[Operation]) {
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
    } else if by.len() > 1 {
        words.push_str(", starting with the latest");
    }
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
