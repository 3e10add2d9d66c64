//! A game's score sheet as a page shows it: where and what was played, who played, a row a
//! hand, how each leg was decided, a concession and its winner, the result, the jacks-out pool,
//! and the record's faults. The terminal (`don check`, `don show`) and the site's game page
//! render this one view, so they say the same thing.

use crate::record::Fault;
use crate::replay::words::{decision_words, leg_word, lost_words, score_words, side_name, verb};
use crate::replay::{HandKind, HandRow, ScoreSheet};
use crate::rules::{Outcome, Side};

/// A row of the table of hands: pitcher, trumps, each side's points and running totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandLine {
    pub number: u32,
    /// The leg (Irish Don: game) it belongs to.
    pub leg: u32,
    /// "S Rhys", "S", or empty when none pitched.
    pub pitcher: String,
    /// "spades", "—", "(totals)", "abandoned", "not scored".
    pub trumps: String,
    /// Each side's points in the hand, in the order of [`SheetView::sides`].
    pub points: Vec<i32>,
    /// Each side's score after the hand.
    pub totals: Vec<i32>,
}

/// A fault of the record: "error", its code, where ("hand 2, trick 3"), its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultLine {
    pub label: &'static str,
    pub code: String,
    pub place: String,
    pub message: String,
}

/// A game's score sheet. Names are as typed: each front end makes them safe for its medium.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetView {
    /// The record's own id.
    pub id: Option<String>,
    /// "Nine Card Don to 121, 8 for game · 2024-03-14 · The Fox".
    pub about: Option<String>,
    /// "NS (Gareth & Rhys) v EW (Dai & Huw)".
    pub players: Option<String>,
    /// The sides' codes, in the order of the points and totals.
    pub sides: Vec<Side>,
    /// "Leg" or "Game" (Irish Don) in a match; `None` for a single game.
    pub leg_word: Option<&'static str>,
    pub hands: Vec<HandLine>,
    /// How each leg was decided, a concession and who won by it, the result, the jacks-out
    /// pool: a sentence each.
    pub result: Vec<String>,
    pub faults: Vec<FaultLine>,
}

impl SheetView {
    pub fn of(sheet: &ScoreSheet) -> SheetView {
        let mut about = Vec::new();
        if let Some(v) = &sheet.variant {
            about.push(v.describe());
        }
        about.extend(sheet.date.clone());
        about.extend(sheet.venue.clone());
        let players: Vec<String> = sheet
            .sides
            .iter()
            .map(|&s| side_name(&sheet.seats, s))
            .collect();
        let faults = [("error", &sheet.errors), ("warning", &sheet.warnings)]
            .into_iter()
            .flat_map(|(label, list)| {
                list.iter().map(move |f| FaultLine {
                    label,
                    code: f.code.to_string(),
                    place: place(f),
                    message: f.message.clone(),
                })
            })
            .collect();
        SheetView {
            id: sheet.id.clone(),
            about: (!about.is_empty()).then(|| about.join(" · ")),
            players: (!players.is_empty()).then(|| players.join(" v ")),
            sides: sheet.sides.to_vec(),
            leg_word: sheet.is_match().then(|| leg_word(sheet)),
            hands: sheet
                .hands
                .iter()
                .map(|row| hand_line(sheet, row))
                .collect(),
            result: result(sheet),
            faults,
        }
    }

    /// What the sheet says in sentences, each of which every rendering of it shows whole.
    pub fn facts(&self) -> Vec<String> {
        let mut facts: Vec<String> = self.about.iter().chain(&self.players).cloned().collect();
        facts.extend(self.result.iter().cloned());
        facts.extend(
            self.hands
                .iter()
                .map(|h| h.pitcher.clone())
                .filter(|p| !p.is_empty()),
        );
        facts
    }
}

/// Where a fault is: "hand 2, trick 3, seat N", or "record".
pub fn place(f: &Fault) -> String {
    let mut parts = Vec::new();
    if let Some(h) = f.hand {
        parts.push(format!("hand {h}"));
    }
    if let Some(t) = f.trick {
        parts.push(format!("trick {t}"));
    }
    if let Some(s) = f.seat {
        parts.push(format!("seat {s}"));
    }
    if parts.is_empty() {
        "record".to_string()
    } else {
        parts.join(", ")
    }
}

fn hand_line(sheet: &ScoreSheet, row: &HandRow) -> HandLine {
    HandLine {
        number: row.number,
        leg: row.leg,
        pitcher: row
            .pitcher
            .map_or(String::new(), |p| match &sheet.seats[p] {
                Some(name) => format!("{p} {name}"),
                None => p.to_string(),
            }),
        trumps: match row.kind {
            HandKind::Tricks => row.trumps.map_or("—".to_string(), |t| t.name().to_string()),
            HandKind::Totals => "(totals)".into(),
            HandKind::Abandoned => "abandoned".into(),
            HandKind::NotScored => "not scored".into(),
        },
        points: sheet.sides.iter().map(|&s| row.points[s]).collect(),
        totals: sheet.sides.iter().map(|&s| row.score[s]).collect(),
    }
}

/// How each leg was decided, a concession, the result, and the jacks-out pool.
fn result(sheet: &ScoreSheet) -> Vec<String> {
    let mut lines = Vec::new();
    for d in sheet.hands.iter().filter_map(|row| row.decided.as_ref()) {
        let leg = if sheet.is_match() {
            format!("{} {}: ", leg_word(sheet), d.leg)
        } else {
            String::new()
        };
        lines.push(format!("{leg}{}", decision_words(sheet, d)));
    }
    if let Some((side, after)) = sheet.conceded {
        lines.push(format!("{side} conceded after hand {after}."));
    }
    let name = |s: Side| side_name(&sheet.seats, s);
    match &sheet.result {
        Some(Outcome::Won(s)) if sheet.is_match() => lines.push(format!(
            "{} {} the match {}.",
            name(*s),
            verb(*s, "win", "wins"),
            score_words(sheet.sides, sheet.wins)
        )),
        Some(Outcome::Won(s)) if sheet.conceded.is_some() => {
            lines.push(format!("{} {}.", name(*s), verb(*s, "win", "wins")))
        }
        Some(Outcome::Lost(_)) if sheet.conceded.is_some() => {
            lines.push(format!("{}.", lost_words(sheet)))
        }
        Some(_) => {}
        None if !sheet.sides.is_empty() => lines.push(unfinished(sheet)),
        None => {}
    }
    if let (Some(jo), Some(Outcome::Won(side))) = (&sheet.jacks_out, &sheet.result) {
        // A partnership shares the pool; a single player takes it all.
        let each = match side {
            Side::NS | Side::EW => format!(", {:.2} each", jo.pool / 2.0),
            _ => String::new(),
        };
        lines.push(format!(
            "Jacks out: the pool of {:.2} goes to {}{each}.",
            jo.pool,
            name(*side)
        ));
    }
    lines
}

/// Where an undecided game stands: "Unfinished at 40–12.", with a match's legs (Irish Don:
/// games) and the leg in play, Irish Don's count of the fat during a deal (with the hand in
/// play) and the side that may claim: "Unfinished: the count is 85–75, hand 2 in play (12
/// tricks entered). NS (Gareth & Rhys) may claim the game."
fn unfinished(sheet: &ScoreSheet) -> String {
    let Some(st) = &sheet.standing else {
        return format!(
            "Unfinished at {}.",
            score_words(sheet.sides, sheet.final_score)
        );
    };
    let score = score_words(sheet.sides, st.score);
    let at = match st.counting {
        true => format!("the count is {score}"),
        false => format!("at {score}"),
    };
    let mut line = String::from("Unfinished");
    if sheet.is_match() {
        let word = leg_word(sheet).to_lowercase();
        let wins = score_words(sheet.sides, sheet.wins);
        match st.counting {
            true => line.push_str(&format!(": {word}s {wins}; in {word} {}, {at}", st.leg)),
            false => line.push_str(&format!(": {word}s {wins}, {word} {} {at}", st.leg)),
        }
    } else if st.counting {
        line.push_str(&format!(": {at}"));
    } else {
        line.push_str(&format!(" {at}"));
    }
    // Irish Don's count includes the deal in play (a score pegged in play says so itself).
    if let Some((hand, tricks)) = st.in_play.filter(|_| st.counting) {
        let tricks = crate::record::text::count(tricks as usize, "trick", "tricks");
        line.push_str(&format!(", hand {hand} in play ({tricks} entered)"));
    }
    line.push('.');
    if let Some(side) = st.may_claim {
        let name = side_name(&sheet.seats, side);
        line.push_str(&format!(" {name} may claim the game."));
    }
    line
}
