//! A game's score sheet in words and a table. Everything taken from a record passes through
//! [`shown`], so no name or message can act on the terminal.

use std::io::{self, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, Table};

use don::check::CheckedRecord;
use don::record::text::count;
use don::record::Fault;
use don::replay::words::{decision_words, leg_word, lost_words, score_words, verb};
use don::replay::{HandKind, HandRow, ScoreSheet};
use don::rules::{BySeat, Outcome, Side};

use super::text::shown;

/// Games seen, for the closing line.
#[derive(Default)]
pub struct Counts {
    games: usize,
    invalid: usize,
    warned: usize,
}

impl Counts {
    fn add(&mut self, sheet: &ScoreSheet) {
        self.games += 1;
        if !sheet.valid() {
            self.invalid += 1;
        } else if !sheet.warnings.is_empty() {
            self.warned += 1;
        }
    }

    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let games = count(self.games, "game", "games");
        match (self.invalid, self.warned) {
            (0, 0) => writeln!(out, "{games} checked: all valid."),
            (0, w) => writeln!(out, "{games} checked: all valid, {} with warnings.", w),
            (i, _) => writeln!(out, "{games} checked: {} with errors.", i),
        }
    }
}

/// A side with its players' names: "NS (Gareth & Rhys)".
pub fn side_name(sheet: &ScoreSheet, side: Side) -> String {
    side_name_of(&sheet.seats, side)
}

/// A side with the names of its players in `named`: "NS (Gareth & Rhys)".
pub fn side_name_of(named: &BySeat<Option<String>>, side: Side) -> String {
    let names: Vec<String> = side
        .seats()
        .iter()
        .filter_map(|&s| named[s].as_deref())
        .map(|name| shown(name).into_owned())
        .collect();
    if names.is_empty() {
        side.code().to_string()
    } else {
        format!("{} ({})", side.code(), names.join(" & "))
    }
}

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

/// Writes one checked record's sheet.
pub fn write(
    out: &mut impl Write,
    file: &str,
    checked: &CheckedRecord,
    counts: &mut Counts,
) -> io::Result<()> {
    let sheet = &checked.sheet;
    counts.add(sheet);
    let mut title = format!("{}, record {}", shown(file), checked.index + 1);
    if let Some(line) = checked.line {
        title.push_str(&format!(" (line {line})"));
    }
    write_sheet(out, title, sheet, None)
}

/// Writes a sheet under a title; `entered` gives, hand by hand, when it was entered.
pub fn write_sheet(
    out: &mut impl Write,
    title: String,
    sheet: &ScoreSheet,
    entered: Option<&[String]>,
) -> io::Result<()> {
    write_heading(out, title, sheet)?;
    if !sheet.hands.is_empty() {
        writeln!(out, "{}", table(sheet, entered))?;
    }
    write_result(out, sheet)?;
    for (label, list) in [("error", &sheet.errors), ("warning", &sheet.warnings)] {
        for f in list {
            writeln!(
                out,
                "  {label} [{}] {}: {}",
                f.code,
                place(f),
                shown(&f.message)
            )?;
        }
    }
    writeln!(out)
}

/// Where the record is, which game it is, and who played.
fn write_heading(out: &mut impl Write, mut title: String, sheet: &ScoreSheet) -> io::Result<()> {
    if let Some(id) = &sheet.id {
        title.push_str(&format!(": {}", shown(id)));
    }
    writeln!(out, "{title}")?;
    let mut about = Vec::new();
    if let Some(v) = &sheet.variant {
        about.push(v.describe());
    }
    about.extend(sheet.date.as_deref().map(|d| shown(d).into_owned()));
    about.extend(sheet.venue.as_deref().map(|v| shown(v).into_owned()));
    if !about.is_empty() {
        writeln!(out, "{}", about.join(" · "))?;
    }
    if !sheet.sides.is_empty() {
        let names: Vec<String> = sheet.sides.iter().map(|&s| side_name(sheet, s)).collect();
        writeln!(out, "{}", names.join(" v "))?;
    }
    Ok(())
}

/// A row a hand: pitcher, trumps, each side's points and running totals.
fn table(sheet: &ScoreSheet, entered: Option<&[String]>) -> Table {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    let is_match = sheet.is_match();
    let mut header = vec!["Hand".to_string()];
    if is_match {
        header.push(leg_word(sheet).into());
    }
    header.push("Pitcher".into());
    header.push("Trumps".into());
    for &s in sheet.sides {
        header.push(s.code().to_string());
    }
    for &s in sheet.sides {
        header.push(format!("{s} total"));
    }
    if entered.is_some() {
        header.push("Entered".into());
    }
    table.set_header(header);
    for (i, row) in sheet.hands.iter().enumerate() {
        let mut cells = table_row(sheet, row, is_match);
        if let Some(times) = entered {
            cells.push(Cell::new(times.get(i).map_or("", String::as_str)));
        }
        table.add_row(cells);
    }
    // The hand, the leg and the points are never broken across lines.
    let first = 3 + usize::from(is_match);
    let mut whole: Vec<usize> = (0..=usize::from(is_match)).collect();
    whole.extend(first..first + 2 * sheet.sides.len());
    super::text::fit(&mut table, &whole, &[]);
    table
}

fn table_row(sheet: &ScoreSheet, row: &HandRow, is_match: bool) -> Vec<Cell> {
    let mut cells = vec![Cell::new(row.number)];
    if is_match {
        cells.push(Cell::new(row.leg));
    }
    let pitcher = row
        .pitcher
        .map_or(String::new(), |p| match &sheet.seats[p] {
            Some(name) => format!("{p} {}", shown(name)),
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
    for &s in sheet.sides {
        cells.push(Cell::new(row.points[s]).set_alignment(CellAlignment::Right));
    }
    for &s in sheet.sides {
        cells.push(Cell::new(row.score[s]).set_alignment(CellAlignment::Right));
    }
    cells
}

/// How each leg was decided, a concession, the result, and the jacks-out pool.
fn write_result(out: &mut impl Write, sheet: &ScoreSheet) -> io::Result<()> {
    for row in &sheet.hands {
        if let Some(d) = &row.decided {
            let leg = if sheet.is_match() {
                format!("{} {}: ", leg_word(sheet), d.leg)
            } else {
                String::new()
            };
            writeln!(out, "{leg}{}", decision_words(sheet, d))?;
        }
    }
    if let Some((side, after)) = sheet.conceded {
        writeln!(out, "{side} conceded after hand {after}.")?;
    }
    match &sheet.result {
        Some(Outcome::Won(s)) if sheet.is_match() => writeln!(
            out,
            "{} {} the match {}.",
            side_name(sheet, *s),
            verb(*s, "win", "wins"),
            score_words(sheet.sides, sheet.wins)
        )?,
        Some(Outcome::Won(s)) if sheet.conceded.is_some() => {
            writeln!(out, "{} {}.", side_name(sheet, *s), verb(*s, "win", "wins"))?
        }
        Some(Outcome::Lost(_)) if sheet.conceded.is_some() => {
            writeln!(out, "{}.", lost_words(sheet))?
        }
        Some(_) => {}
        None if !sheet.sides.is_empty() => writeln!(
            out,
            "Unfinished at {}.",
            score_words(sheet.sides, sheet.final_score)
        )?,
        None => {}
    }
    if let (Some(jo), Some(Outcome::Won(side))) = (&sheet.jacks_out, &sheet.result) {
        let winners = side_name(sheet, *side);
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
    Ok(())
}
