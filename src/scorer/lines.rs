//! Lines and entries: the entry a scorer's line records, and an entry written back as its line.

use crate::record::line::Line;
use crate::replay::Entry;
use crate::rules::{AbandonReason, Seating, Side};

/// The entry a line records; `None` for `undo` and `quit`, which are the session's own.
/// `claim` ends the hand in play ([`Entry::EndHand`]).
pub fn entry(line: Line) -> Option<Entry> {
    Some(match line {
        Line::Trick(trick) => Entry::Trick(trick),
        Line::Pitcher(seat) => Entry::Pitcher(seat),
        Line::Totals { totals, .. } => Entry::Totals(totals),
        Line::Abandon { reason, seat } => Entry::Abandon { reason, seat },
        Line::Penalty { side, penalty } => Entry::Penalty { side, penalty },
        Line::Concede(side) => Entry::Concede(side),
        Line::Claim => Entry::EndHand,
        Line::Undo | Line::Quit => return None,
    })
}

/// The line that records an entry, for a game of this seating; `None` for a Blind Don layout,
/// which has no line.
pub fn line_of(entry: &Entry, seating: Seating) -> Option<Line> {
    Some(match entry {
        Entry::Trick(trick) => Line::Trick(*trick),
        Entry::Pitcher(seat) => Line::Pitcher(*seat),
        Entry::Totals(totals) => Line::Totals {
            totals: totals.clone(),
            sides: seating.sides().to_vec(),
            muck_sides: Vec::new(),
        },
        Entry::Abandon { reason, seat } => Line::Abandon {
            reason: *reason,
            seat: *seat,
        },
        Entry::Penalty { side, penalty } => Line::Penalty {
            side: *side,
            penalty: *penalty,
        },
        Entry::Concede(side) => Line::Concede(*side),
        Entry::EndHand => Line::Claim,
        Entry::Layout(_) => return None,
    })
}

/// An entry in the scorer's words: its line, or "the layout".
pub fn entry_words(entry: &Entry, seating: Seating) -> String {
    match line_of(entry, seating) {
        Some(line) => line.to_string(),
        None => "the layout".to_string(),
    }
}

/// A totals line must give points to each side of the game, and only to them.
pub fn check_sides(sides: &[Side], seating: Seating) -> Result<(), String> {
    let game = seating.sides();
    let list: Vec<&str> = game.iter().map(|s| s.code()).collect();
    if let Some(bad) = sides.iter().find(|s| !game.contains(s)) {
        return Err(format!(
            "{bad} is not a side in this game ({})",
            list.join(", ")
        ));
    }
    match game.iter().find(|s| !sides.contains(s)) {
        Some(missing) => Err(format!(
            "`totals` needs each side's points: {missing} has none (the sides are {})",
            list.join(", ")
        )),
        None => Ok(()),
    }
}

/// A renege abandons the deal.
pub(super) fn abandon_for_renege(seat: crate::rules::Seat) -> Entry {
    Entry::Abandon {
        reason: AbandonReason::Renege,
        seat: Some(seat),
    }
}
