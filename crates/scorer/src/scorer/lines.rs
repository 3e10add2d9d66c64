//! Lines and entries: the entry a scorer's line records, and an entry written back as its line.

use crate::record::line::Line;
use crate::replay::Entry;
use crate::rules::{AbandonReason, Seat, Seating, Side};

/// Every line the scorer takes (FORMAT.md §5, and `claim`), each with an example and what it
/// records: what `help` answers, and `don play --help` lists.
pub const LINES: &[(&str, &str)] = &[
    (
        "5h kh 2h ah",
        "a trick: the cards from the leader on\n(or N:5H E:KH S:2H W:AH)",
    ),
    ("pitcher S", "who pitches the hand about to begin"),
    (
        "totals NS 23 EW 12 game NS",
        "a hand as totals: each side's points, then the\nawards: game NS, high NS, low EW, jack none,\nmuck NS, muck tie, muck NS 44 EW 36, out_first NS,\nlast_scorer EW; Game to Lose: game N+E",
    ),
    (
        "abandon renege W",
        "the deal is abandoned (or abandon misdeal,\nabandon redeal-demanded)",
    ),
    (
        "penalty EW out-of-turn",
        "a penalty (or penalty EW renege, penalty EW -19)",
    ),
    ("concede EW", "that side concedes"),
    ("claim", "Irish Don: the side past 80 stops play"),
    ("undo", "takes back the last entry"),
    ("quit", "stops (or exit); the game carries on later"),
    ("help", "these lines (or ?)"),
    (
        "# N led the 5",
        "all after # is passed over; a blank line too",
    ),
];

/// The entry a line records; `None` for `undo`, `quit` and `help`, which are the session's own.
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
        Line::Undo | Line::Quit | Line::Help => return None,
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
    if let Some(bad) = sides.iter().find(|s| !game.contains(s)) {
        return Err(not_a_side(bad.code(), seating));
    }
    match game.iter().find(|s| !sides.contains(s)) {
        Some(missing) => Err(format!(
            "`totals` needs each side's points: {missing} has none (the sides are {})",
            sides_of(seating)
        )),
        None => Ok(()),
    }
}

/// Words in a list: `NS and EW`, `N, E and S`.
fn listed(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The sides of a game of this seating, listed.
fn sides_of(seating: Seating) -> String {
    let codes: Vec<&str> = seating.sides().iter().map(|s| s.code()).collect();
    listed(&codes)
}

/// The seats of a game of this seating, listed.
fn seats_of(seating: Seating) -> String {
    let letters: Vec<&str> = seating.seats().iter().map(|s| s.letter()).collect();
    listed(&letters)
}

/// How many play, in words.
fn players_word(seating: Seating) -> &'static str {
    match seating {
        Seating::Partnership => "four",
        Seating::Two => "two",
        Seating::Three => "three",
    }
}

/// `word`, written where a side is wanted, is no side of a game of this seating: in a
/// partnership game a seat is told its side (`N` plays for NS), in a game of single players a
/// seat that is not at the table is said to be so; either way the game's sides are listed.
pub fn not_a_side(word: &str, seating: Seating) -> String {
    let sides = sides_of(seating);
    let seat = word.parse::<Seat>().ok();
    match (seating, seat) {
        (Seating::Partnership, Some(seat)) => format!(
            "`{word}` is a seat, not a side: {seat} plays for {} (the sides are {sides})",
            seating.side_of(seat)
        ),
        (Seating::Partnership, None) => format!("`{word}` is not a side: the sides are {sides}"),
        (_, Some(seat)) if !seating.has_seat(seat) => {
            format!("`{word}` is not at the table: the sides are {sides}")
        }
        (_, _) if word.parse::<Side>().is_ok() => format!(
            "`{word}` is not a side in a game of {} players, each playing alone: the sides are {sides}",
            players_word(seating)
        ),
        _ => format!("`{word}` is not a side: the sides are {sides}"),
    }
}

/// `word`, written where a seat is wanted (`pitcher`, `abandon renege`, before a trick's card
/// as in `token`), is no seat of a game of this seating: a seat not at the table is said to be
/// so; either way the game's seats are listed.
pub fn not_a_seat(word: &str, token: Option<&str>, seating: Seating) -> String {
    let seats = seats_of(seating);
    let within = token.map_or(String::new(), |t| format!(" in `{t}`"));
    match word.parse::<Seat>() {
        Ok(seat) if !seating.has_seat(seat) => {
            format!("`{word}`{within} is not at the table: the seats are {seats}")
        }
        _ => format!("`{word}`{within} is not a seat: the seats are {seats}"),
    }
}

/// A seat or side in a line read that is not one of the game's: why, in the game's words.
pub fn outside_seating(line: &Line, seating: Seating) -> Option<String> {
    match line {
        Line::Penalty { side, .. } | Line::Concede(side) if !seating.has_side(*side) => {
            Some(not_a_side(side.code(), seating))
        }
        Line::Pitcher(seat)
        | Line::Abandon {
            seat: Some(seat), ..
        } if !seating.has_seat(*seat) => Some(not_a_seat(seat.letter(), None, seating)),
        Line::Trick(trick) => {
            let seats = trick.seats()?;
            let (seat, card) = seats
                .iter()
                .zip(trick.cards())
                .find(|(seat, _)| !seating.has_seat(**seat))?;
            let token = format!("{seat}:{card}");
            Some(not_a_seat(seat.letter(), Some(&token), seating))
        }
        _ => None,
    }
}

/// A renege abandons the deal.
pub(super) fn abandon_for_renege(seat: crate::rules::Seat) -> Entry {
    Entry::Abandon {
        reason: AbandonReason::Renege,
        seat: Some(seat),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_and_seats_are_named_as_the_game_has_them() {
        let four = Seating::Partnership;
        assert_eq!(
            not_a_side("N", four),
            "`N` is a seat, not a side: N plays for NS (the sides are NS and EW)"
        );
        assert_eq!(
            not_a_side("Q", four),
            "`Q` is not a side: the sides are NS and EW"
        );
        assert_eq!(
            not_a_side("W", Seating::Two),
            "`W` is not at the table: the sides are N and S"
        );
        assert_eq!(
            not_a_side("EW", Seating::Three),
            "`EW` is not a side in a game of three players, each playing alone: the sides are N, E and S"
        );
        assert_eq!(
            not_a_seat("W", Some("W:5H"), Seating::Three),
            "`W` in `W:5H` is not at the table: the seats are N, E and S"
        );
        assert_eq!(
            not_a_seat("Q", None, four),
            "`Q` is not a seat: the seats are N, E, S and W"
        );
    }
}
