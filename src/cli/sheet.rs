//! A game's score sheet in words and a table.

use std::io::{self, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table};

use don::check::{GameCheck, HandKind};
use don::rules::game::Decision;
use don::rules::ruleset::Goal;
use don::rules::{BySide, Fault, Outcome, Seat, Side};

/// Games seen, for the closing line.
#[derive(Default)]
pub struct Counts {
    games: usize,
    invalid: usize,
    warned: usize,
}

impl Counts {
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let games = plural(self.games, "game", "games");
        match (self.invalid, self.warned) {
            (0, 0) => writeln!(out, "{games} checked: all valid."),
            (0, w) => writeln!(out, "{games} checked: all valid, {} with warnings.", w),
            (i, _) => writeln!(out, "{games} checked: {} with errors.", i),
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn side_name(check: &GameCheck, side: Side) -> String {
    let names: Vec<&str> = match side {
        Side::NS => vec![Seat::N, Seat::S],
        Side::EW => vec![Seat::E, Seat::W],
        Side::N => vec![Seat::N],
        Side::E => vec![Seat::E],
        Side::S => vec![Seat::S],
    }
    .into_iter()
    .filter_map(|s| check.seats[s].as_deref())
    .collect();
    if names.is_empty() {
        side.code().to_string()
    } else {
        format!("{} ({})", side.code(), names.join(" & "))
    }
}

fn score_words<T: std::fmt::Display + Copy>(sides: &[Side], score: BySide<T>) -> String {
    let parts: Vec<String> = sides.iter().map(|&s| score[s].to_string()).collect();
    parts.join("–")
}

fn verb(side: Side, plural: &str, singular: &str) -> String {
    match side {
        Side::NS | Side::EW => plural.to_string(),
        _ => singular.to_string(),
    }
}

/// "NS peg out in hand 8, trick 6: 121–97".
pub fn decision_words(check: &GameCheck, d: &Decision) -> String {
    let goal = check.variant.as_ref().map(|v| v.spec().goal);
    let when = match (d.trick, d.award) {
        (Some(t), _) => format!("in hand {}, trick {t}", d.hand),
        (None, Some(a)) => format!("in hand {} with {}", d.hand, a.word()),
        (None, None) => format!("in hand {}", d.hand),
    };
    let score = score_words(check.sides, d.score);
    match (&d.outcome, goal) {
        (Outcome::Won(s), Some(Goal::Deals(n))) => {
            format!("After {n} deals {s} {} {score}", verb(*s, "win", "wins"))
        }
        (Outcome::Won(s), Some(Goal::PassEighty)) => {
            let mut why = String::new();
            if d.counts > 1 {
                why.push_str(" (a bonk: two games)");
            }
            if d.trick.is_none() && check.sides.iter().all(|&x| d.score[x] == 80) {
                // 80–80: the last scorer loses, or under misère wins.
                let misere = check
                    .variant
                    .as_ref()
                    .and_then(|v| v.spec().irish)
                    .is_some_and(|i| i.misere);
                let other = check.sides.iter().copied().find(|&x| x != *s).unwrap_or(*s);
                let last = if misere { *s } else { other };
                why.push_str(&format!(" ({last} took the last scoring trick)"));
            }
            format!("{s} {} {when}: {score}{why}", verb(*s, "win", "wins"))
        }
        (Outcome::Won(s), _) if d.trick.is_some() || d.award.is_some() => {
            format!("{s} {} {when}: {score}", verb(*s, "peg out", "pegs out"))
        }
        (Outcome::Won(s), _) => format!("{s} {} {when}: {score}", verb(*s, "win", "wins")),
        (Outcome::Draw, _) => format!("A draw {when}: {score}"),
        (Outcome::Lost(seats), _) => {
            let who: Vec<&str> = seats.iter().map(|s| s.letter()).collect();
            let target = match goal {
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

fn place(f: &Fault) -> String {
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

pub fn write(
    out: &mut impl Write,
    file: &str,
    check: &GameCheck,
    counts: &mut Counts,
) -> io::Result<()> {
    counts.games += 1;
    if !check.valid() {
        counts.invalid += 1;
    } else if !check.warnings.is_empty() {
        counts.warned += 1;
    }
    let mut title = format!("{file}, record {}", check.index + 1);
    if let Some(line) = check.line {
        title.push_str(&format!(" (line {line})"));
    }
    if let Some(id) = &check.id {
        title.push_str(&format!(": {id}"));
    }
    writeln!(out, "{title}")?;
    let mut about = Vec::new();
    if let Some(v) = &check.variant {
        about.push(v.describe());
    }
    about.extend(check.date.clone());
    about.extend(check.venue.clone());
    if !about.is_empty() {
        writeln!(out, "{}", about.join(" · "))?;
    }
    if !check.sides.is_empty() {
        let names: Vec<String> = check.sides.iter().map(|&s| side_name(check, s)).collect();
        writeln!(out, "{}", names.join(" v "))?;
    }
    if !check.hands.is_empty() {
        let mut table = Table::new();
        table
            .load_preset(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Disabled);
        let is_match = check.is_match();
        let mut header = vec!["Hand".to_string()];
        if is_match {
            header.push(
                if matches!(
                    check.variant.as_ref().map(|v| v.spec().goal),
                    Some(Goal::PassEighty)
                ) {
                    "Game"
                } else {
                    "Leg"
                }
                .into(),
            );
        }
        header.push("Pitcher".into());
        header.push("Trumps".into());
        for &s in check.sides {
            header.push(s.code().to_string());
        }
        for &s in check.sides {
            header.push(format!("{s} total"));
        }
        table.set_header(header);
        for row in &check.hands {
            let mut cells = vec![Cell::new(row.number)];
            if is_match {
                cells.push(Cell::new(row.unit));
            }
            let pitcher = row
                .pitcher
                .map_or(String::new(), |p| match &check.seats[p] {
                    Some(name) => format!("{p} {name}"),
                    None => p.to_string(),
                });
            cells.push(Cell::new(pitcher));
            let trumps = match row.kind {
                HandKind::Tricks => row.trumps.map_or("—".to_string(), |t| t.name().to_string()),
                HandKind::Totals => "(totals)".into(),
                HandKind::Abandoned => "abandoned".into(),
                HandKind::NotScored => "not scored".into(),
            };
            cells.push(Cell::new(trumps));
            for &s in check.sides {
                cells.push(Cell::new(row.points[s]).set_alignment(CellAlignment::Right));
            }
            for &s in check.sides {
                cells.push(Cell::new(row.score[s]).set_alignment(CellAlignment::Right));
            }
            table.add_row(cells);
        }
        writeln!(out, "{table}")?;
    }
    for row in &check.hands {
        if let Some(d) = &row.decided {
            let unit = if check.is_match() {
                format!("{} {}: ", unit_word(check), d.unit)
            } else {
                String::new()
            };
            writeln!(out, "{unit}{}", decision_words(check, d))?;
        }
    }
    if let Some((side, after)) = check.conceded {
        writeln!(out, "{side} conceded after hand {after}.")?;
    }
    match &check.result {
        Some(Outcome::Won(s)) if check.is_match() => writeln!(
            out,
            "{} {} the match {}.",
            side_name(check, *s),
            verb(*s, "win", "wins"),
            score_words(check.sides, check.wins)
        )?,
        Some(Outcome::Won(s)) if check.conceded.is_some() => {
            writeln!(out, "{} {}.", side_name(check, *s), verb(*s, "win", "wins"))?
        }
        Some(Outcome::Lost(_)) if check.conceded.is_some() => {
            writeln!(out, "{}.", lost_words(check))?
        }
        Some(_) => {}
        None if !check.sides.is_empty() => writeln!(
            out,
            "Unfinished at {}.",
            score_words(check.sides, check.final_score)
        )?,
        None => {}
    }
    if let (Some(jo), Some(Outcome::Won(side))) = (&check.jacks_out, &check.result) {
        let winners = side_name(check, *side);
        // A partnership shares the pool; a single player takes it all.
        let each = match side {
            Side::NS | Side::EW => format!(", {:.2} each", jo.pool / 2.0),
            _ => String::new(),
        };
        writeln!(
            out,
            "Jacks out: the pool of {:.2} goes to {winners}{each}.",
            jo.pool
        )?;
    }
    for (label, list) in [("error", &check.errors), ("warning", &check.warnings)] {
        for f in list {
            writeln!(out, "  {label} [{}] {}: {}", f.code, place(f), f.message)?;
        }
    }
    writeln!(out)
}

fn lost_words(check: &GameCheck) -> String {
    let who: Vec<&str> = check.losers().iter().map(|s| s.letter()).collect();
    format!(
        "{} {}",
        who.join(" and "),
        if who.len() == 1 { "loses" } else { "lose" }
    )
}

fn unit_word(check: &GameCheck) -> &'static str {
    match check.variant.as_ref().map(|v| v.spec().goal) {
        Some(Goal::PassEighty) => "Game",
        _ => "Leg",
    }
}
