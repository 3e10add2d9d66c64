//! A game's score sheet ([`SheetView`]) in words and a table. Everything taken from a record
//! passes through [`shown`], so no name or message can act on the terminal.

use std::io::{self, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, Table};

use don::app::view::SheetView;
use don::check::CheckedRecord;
use don::record::text::count;
use don::replay::ScoreSheet;

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
    let view = SheetView::of(sheet);
    write_heading(out, title, &view)?;
    if !view.hands.is_empty() {
        writeln!(out, "{}", table(&view, entered))?;
    }
    for line in &view.result {
        writeln!(out, "{}", shown(line))?;
    }
    for f in &view.faults {
        writeln!(
            out,
            "  {} [{}] {}: {}",
            f.label,
            f.code,
            f.place,
            shown(&f.message)
        )?;
    }
    writeln!(out)
}

/// Where the record is, which game it is, and who played.
fn write_heading(out: &mut impl Write, mut title: String, view: &SheetView) -> io::Result<()> {
    if let Some(id) = &view.id {
        title.push_str(&format!(": {}", shown(id)));
    }
    writeln!(out, "{title}")?;
    for line in view.about.iter().chain(&view.players) {
        writeln!(out, "{}", shown(line))?;
    }
    Ok(())
}

/// A row a hand: pitcher, trumps, each side's points and running totals.
fn table(view: &SheetView, entered: Option<&[String]>) -> Table {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    let mut header = vec!["Hand".to_string()];
    header.extend(view.leg_word.map(String::from));
    header.push("Pitcher".into());
    header.push("Trumps".into());
    for s in &view.sides {
        header.push(s.code().to_string());
    }
    for s in &view.sides {
        header.push(format!("{s} total"));
    }
    if entered.is_some() {
        header.push("Entered".into());
    }
    table.set_header(header);
    for (i, row) in view.hands.iter().enumerate() {
        let mut cells = vec![Cell::new(row.number)];
        if view.leg_word.is_some() {
            cells.push(Cell::new(row.leg));
        }
        cells.push(Cell::new(shown(&row.pitcher)));
        cells.push(Cell::new(&row.trumps));
        for n in row.points.iter().chain(&row.totals) {
            cells.push(Cell::new(n).set_alignment(CellAlignment::Right));
        }
        if let Some(times) = entered {
            cells.push(Cell::new(times.get(i).map_or("", String::as_str)));
        }
        table.add_row(cells);
    }
    // The hand, the leg and the points are never broken across lines.
    let is_match = usize::from(view.leg_word.is_some());
    let first = 3 + is_match;
    let mut whole: Vec<usize> = (0..=is_match).collect();
    whole.extend(first..first + 2 * view.sides.len());
    super::text::fit(&mut table, &whole, &[]);
    table
}
