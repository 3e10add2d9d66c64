//! A score sheet's results in words: how a hand decided a leg, the score "121–97", what the
//! parts of a match are called. Shared by every place that shows a sheet (terminal, pages).

use crate::rules::spec::Goal;
use crate::rules::variant::irish_don::{self, Won};
use crate::rules::{BySeat, BySide, Decision, Outcome, Seat, Side};

use super::ScoreSheet;

pub fn score_words<T: std::fmt::Display + Copy>(sides: &[Side], score: BySide<T>) -> String {
    let parts: Vec<String> = sides.iter().map(|&s| score[s].to_string()).collect();
    parts.join("–")
}

/// A side with the names of its players in `named`: "NS (Gareth & Rhys)", or "NS" when none is
/// known.
pub fn side_name(named: &BySeat<Option<String>>, side: Side) -> String {
    let names: Vec<&str> = side
        .seats()
        .iter()
        .filter_map(|&s| named[s].as_deref())
        .collect();
    if names.is_empty() {
        side.code().to_string()
    } else {
        format!("{} ({})", side.code(), names.join(" & "))
    }
}

pub fn verb(side: Side, plural: &str, singular: &str) -> String {
    match side {
        Side::NS | Side::EW => plural.to_string(),
        _ => singular.to_string(),
    }
}

pub fn goal(sheet: &ScoreSheet) -> Option<Goal> {
    sheet.variant.as_ref().map(|v| v.spec().goal)
}

/// "NS peg out in hand 8, trick 6: 121–97".
pub fn decision_words(sheet: &ScoreSheet, d: &Decision) -> String {
    let when = match (d.trick, d.award) {
        (Some(t), _) => format!("in hand {}, trick {t}", d.hand),
        (None, Some(a)) => format!("in hand {} with {}", d.hand, a.word()),
        (None, None) => format!("in hand {}", d.hand),
    };
    let score = score_words(sheet.sides, d.score);
    match (&d.outcome, goal(sheet)) {
        (Outcome::Won(s), Some(Goal::Deals(n))) => {
            format!("After {n} deals {s} {} {score}", verb(*s, "win", "wins"))
        }
        (Outcome::Won(s), Some(Goal::PassEighty)) => {
            let why = irish_why(sheet, d, *s);
            format!("{s} {} {when}: {score}{why}", verb(*s, "win", "wins"))
        }
        (Outcome::Won(s), _) if d.trick.is_some() || d.award.is_some() => {
            format!("{s} {} {when}: {score}", verb(*s, "peg out", "pegs out"))
        }
        (Outcome::Won(s), _) => format!("{s} {} {when}: {score}", verb(*s, "win", "wins")),
        (Outcome::Draw, _) => format!("A draw {when}: {score}"),
        (Outcome::Lost(seats), _) => {
            let who: Vec<&str> = seats.iter().map(|s| s.letter()).collect();
            let target = match goal(sheet) {
                Some(Goal::LoseAt(t)) => t,
                _ => 0,
            };
            let is = if seats.len() == 1 { "reaches" } else { "reach" };
            format!(
                "{} {is} {target} {when} and {}: {score}",
                who.join(" and "),
                if seats.len() == 1 { "loses" } else { "lose" }
            )
        }
        (Outcome::Unknown, _) => {
            format!("Decided {when}, but the record does not say who won: {score}")
        }
    }
}

/// Irish Don: a bonk, or who took the last scoring trick at 80–80.
pub fn irish_why(sheet: &ScoreSheet, d: &Decision, winner: Side) -> String {
    let mut why = String::new();
    if d.counts > 1 {
        why.push_str(" (a bonk: two games)");
    }
    let misere = sheet
        .variant
        .as_ref()
        .and_then(|v| v.spec().irish)
        .is_some_and(|i| i.misere);
    let at_trick = d.trick.is_some();
    if let Won::EightyAll { last_scorer } =
        irish_don::how_won(misere, sheet.sides, winner, d.score, at_trick, d.counts)
    {
        why.push_str(&format!(" ({last_scorer} took the last scoring trick)"));
    }
    why
}

/// A game's result, its sides and seats named as the caller names them: "NS (Gareth & Rhys)
/// won", "a draw", "N and E lost", "decided" (who won cannot be told).
pub fn result_words(
    outcome: &Outcome,
    side: impl Fn(Side) -> String,
    seat: impl Fn(Seat) -> String,
) -> String {
    match outcome {
        Outcome::Won(w) => format!("{} won", side(*w)),
        Outcome::Draw => "a draw".to_string(),
        Outcome::Lost(seats) if !seats.is_empty() => {
            let who: Vec<String> = seats.iter().map(|&s| seat(s)).collect();
            format!("{} lost", who.join(" and "))
        }
        _ => "decided".to_string(),
    }
}

pub fn lost_words(sheet: &ScoreSheet) -> String {
    let who: Vec<&str> = sheet.losers().iter().map(|s| s.letter()).collect();
    format!(
        "{} {}",
        who.join(" and "),
        if who.len() == 1 { "loses" } else { "lose" }
    )
}

/// What the parts of a match are called: Irish Don's are games, the others' legs.
pub fn leg_word(sheet: &ScoreSheet) -> &'static str {
    match goal(sheet) {
        Some(Goal::PassEighty) => "Game",
        _ => "Leg",
    }
}
