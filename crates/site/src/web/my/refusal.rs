//! A refusal of the app, put beside the input that caused it: chosen by the refusal's type
//! (which match of the entry, which side, players or legs), never by its words.

use super::entry::Row;
use super::form::{value, FormFields, FormRefusal};
use crate::app::night::enter::Given;
use crate::app::night::error::slip_words;
use crate::app::night::NightError;
use crate::app::{AppError, ErrorKind};
use crate::league::confirm::ConfirmRefusal;
use crate::league::names::name_key;
use crate::league::{HomeAway, Kind, NightFault};
use crate::web::error::status_of;
use crate::web::error::{words, WebError};

/// The database busy past the server's wait (another program holds its lock): the server's
/// own words, that nothing was saved, never SQLite's ("database is locked").
fn busy(error: &AppError) -> Option<FormRefusal> {
    (error.kind() == ErrorKind::Busy).then(|| {
        FormRefusal::form(
            status_of(ErrorKind::Busy),
            format!("{}: send it again in a moment", WebError::Busy),
        )
    })
}

/// An entry's refusal, beside its input.
/// `given` the night as it was given, `rows` the rows of its matches.
pub fn of_entry(
    error: &AppError,
    (given, rows): (&Given, &[Row]),
    typed: &FormFields,
) -> FormRefusal {
    if let Some(busy) = busy(error) {
        return busy;
    }
    let status = status_of(error.kind());
    let night = match error {
        AppError::Night(e) => e,
        other => return FormRefusal::form(status, words(other)),
    };
    let at_match = |at: &usize, error: &NightError| match rows.get(at.saturating_sub(1)) {
        Some(row) => at_row(status, error, row, typed),
        None => FormRefusal::form(status, error.to_string()),
    };
    match (night, given) {
        (NightError::AtMatch { at, error }, Given::Matches(_)) => at_match(at, error),
        // Every match refused, each beside its own row.
        (NightError::Faults(all), Given::Matches(_)) => {
            let mut refused = FormRefusal::default();
            for e in all {
                refused.merge(match e {
                    NightError::AtMatch { at, error } => at_match(at, error),
                    e => FormRefusal::form(status, e.to_string()),
                });
            }
            refused
        }
        // A correction checked whole: beside the row of the match at fault.
        (NightError::Checked { error, .. }, Given::Matches(_)) => {
            match fault_at(error).and_then(|at| rows.iter().find(|r| (r.kind, r.slot) == at)) {
                Some(row) => at_row(status, night, row, typed),
                None => FormRefusal::form(status, night.to_string()),
            }
        }
        (NightError::Checked { error, .. }, Given::Totals(_)) => {
            FormRefusal::field(status, "totals_home", error.to_string())
                .marking(&["totals_away".into()])
        }
        (NightError::NotPlayingFor { team, title }, _) => {
            FormRefusal::field(status, "for", format!("{team} does not play in {title}"))
        }
        (NightError::HasResult { title, result, .. }, _) => FormRefusal::form(
            status,
            format!(
                "{title} has a result already: {result}. Nothing you typed was saved; \
                 the card above shows the night as it stands (dispute it if it is wrong)."
            ),
        ),
        (NightError::BeingEnteredFor { title, team }, _) => FormRefusal::form(
            status,
            format!(
                "{title} is being entered for {team}: nothing you typed was saved. When it \
                 is complete, confirm or dispute it here."
            ),
        ),
        _ => FormRefusal::form(status, night.to_string()),
    }
}

/// The match a night's fault is in (its kind and slot), if it is in one.
fn fault_at(fault: &NightFault) -> Option<(Kind, u32)> {
    use NightFault as F;
    match fault {
        F::NoSuchSlot { kind, slot, .. }
        | F::SlotTwice { kind, slot }
        | F::PlayerCount { kind, slot, .. }
        | F::Legs { kind, slot, .. }
        | F::LegScoreCount { kind, slot, .. }
        | F::LegScoreTarget { kind, slot, .. }
        | F::LegScoresDisagree { kind, slot, .. }
        | F::LegAfterWon { kind, slot, .. }
        | F::PlayerTwiceInSide { kind, slot, .. }
        | F::PlayerForBothTeams { kind, slot, .. }
        | F::PlayerBothSides { kind, slot, .. }
        | F::GameTwice { kind, slot, .. } => Some((*kind, *slot)),
        _ => None,
    }
}

/// The input of `row` where the player `name` was typed on `side` (either side when none),
/// else the row's first player.
fn player_input(row: &Row, typed: &FormFields, name: &str, side: Option<HomeAway>) -> String {
    let key = name_key(name);
    let sides = side.map_or(HomeAway::BOTH.to_vec(), |s| vec![s]);
    sides
        .iter()
        .flat_map(|s| (1..=row.players).map(move |n| row.player(*s, n)))
        .find(|input| name_key(value(typed, input)) == key)
        .unwrap_or_else(|| row.player(side.unwrap_or(HomeAway::Home), 1))
}

/// A match's refusal, beside the input of its row that caused it.
fn at_row(
    status: axum::http::StatusCode,
    error: &NightError,
    row: &Row,
    typed: &FormFields,
) -> FormRefusal {
    let legs = |check: &NightFault| {
        FormRefusal::field(status, &row.legs(HomeAway::Home), fault_words(check))
            .marking(&[row.legs(HomeAway::Away)])
    };
    let player = |name: &str, side: Option<HomeAway>, message: String| {
        FormRefusal::field(status, &player_input(row, typed, name, side), message)
    };
    let check = match error {
        NightError::Check(c) | NightError::Checked { error: c, .. } => c,
        NightError::Slip {
            name,
            known,
            roster,
        } => {
            let words = format!(
                "{} If {name} is someone new, add the name under “New players”.",
                slip_words(name, known, roster.as_deref())
            );
            return player(name, None, words);
        }
        _ => {
            return FormRefusal::form(
                status,
                format!(
                    "{} {}: {error}",
                    crate::publish::kind_name(row.kind),
                    row.slot
                ),
            )
        }
    };
    match check {
        NightFault::Legs { .. }
        | NightFault::LegScoreCount { .. }
        | NightFault::LegScoreTarget { .. }
        | NightFault::LegScoresDisagree { .. }
        | NightFault::LegAfterWon { .. } => legs(check),
        NightFault::PlayerCount { side, .. } => FormRefusal::field(
            status,
            &row.player(*side, row.players.min(2)),
            fault_words(check),
        ),
        NightFault::PlayerTwiceInSide { name, side, .. }
        | NightFault::PlayerForBothTeams { name, side, .. } => {
            player(name, Some(*side), check.to_string())
        }
        NightFault::PlayerBothSides { name, .. } => {
            player(name, Some(HomeAway::Away), check.to_string())
        }
        _ => FormRefusal::form(status, check.to_string()),
    }
}

/// A match's fault in a captain's words, said beside its row (which names the match, so the
/// fault does not name it again).
fn fault_words(fault: &NightFault) -> String {
    match fault {
        NightFault::Legs {
            home,
            away,
            best_of,
            needed,
            ..
        } => format!(
            "legs {home}–{away} cannot be: a match is the best of {best_of}, won by the first side \
             to win {needed}"
        ),
        NightFault::LegScoreCount { given, played, .. } => format!(
            "{} for {} played",
            crate::record::text::count(*given, "leg score", "leg scores"),
            crate::record::text::count(*played, "leg", "legs")
        ),
        NightFault::LegScoreTarget {
            leg,
            home,
            away,
            target,
            ..
        } => format!("leg {leg}: {home}–{away} must have exactly one side at or past {target}"),
        NightFault::LegScoresDisagree {
            home,
            away,
            legs_home,
            legs_away,
            ..
        } => format!("the leg scores give legs {home}–{away}, not {legs_home}–{legs_away}"),
        NightFault::LegAfterWon { leg, .. } => {
            format!("leg {leg} is played after the match was won")
        }
        NightFault::PlayerCount {
            kind,
            side,
            given,
            wanted,
            ..
        } => format!(
            "the {side} side has {}; {} is played {wanted} a side",
            crate::record::text::count(*given, "player", "players"),
            crate::publish::kind_name(*kind)
        ),
        other => other.to_string(),
    }
}

/// A confirmation's or a dispute's refusal: a reason refused is the reason's.
pub fn of_settle(error: &AppError) -> FormRefusal {
    if let Some(busy) = busy(error) {
        return busy;
    }
    let status = status_of(error.kind());
    match error {
        AppError::Night(
            NightError::BlankReason
            | NightError::Confirm {
                refusal: ConfirmRefusal::NoReason,
                ..
            },
        ) => FormRefusal::field(status, "reason", "say why the result is wrong"),
        AppError::Night(NightError::Confirm {
            refusal: ConfirmRefusal::BadReason { reason, fault },
            ..
        }) => FormRefusal::field(status, "reason", format!("the reason \"{reason}\" {fault}")),
        _ => FormRefusal::form(status, error.to_string()),
    }
}

/// A refusal of the secretary's forms (deduct or award, withdraw, move), beside its input.
pub fn of_secretary(error: &AppError) -> FormRefusal {
    if let Some(busy) = busy(error) {
        return busy;
    }
    let status = status_of(error.kind());
    match error {
        AppError::Night(NightError::NoPoints | NightError::TooManyPoints(_)) => {
            FormRefusal::field(status, "points", error.to_string())
        }
        AppError::Night(NightError::BlankReason) => {
            FormRefusal::field(status, "reason", error.to_string())
        }
        AppError::Night(NightError::NotInSeason { .. } | NightError::WithdrawnAlready { .. }) => {
            FormRefusal::field(status, "team", error.to_string())
        }
        _ => FormRefusal::form(status, words(error)),
    }
}
