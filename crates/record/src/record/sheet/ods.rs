//! A look through an `.ods` workbook's `content.xml` before calamine reads it, a tag at a time
//! (one tag, one text, held at once), that finds what calamine would hold once it has read
//! every sheet (it reads them all as it opens the workbook, each a range of cells with its
//! repeated rows and cells spread out) and refuses the workbook before calamine reads it when
//! that is over the bounds; and finds what calamine's cells do not say: the cells holding an
//! error (`#REF!`, `#DIV/0!`: calamine gives their text, or their value, 0) and the merged
//! cells.
//!
//! It follows the XML as calamine 0.38 does (the same reader, configured the same way, the
//! same tags and attributes looked at, in the same order), counting where calamine would hold:
//! a table begins at a `table:table` with a name outside any sheet being read, and anything
//! inside a cell (a table in a cell, empty or not) is the cell's. Where calamine would stop at
//! a fault, so does the look (calamine then refuses the workbook itself); where calamine would
//! wait for ever (the file ends inside a sheet or a note), the workbook is refused as damaged.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufReader, Read};

use quick_xml::events::{BytesStart, Event};
use quick_xml::name::QName;
use quick_xml::Reader;

use super::limits::{cell_name, BookError, MAX_BOOK_HELD, MAX_SHEET_CELLS, MAX_SHEET_COLUMNS};

/// calamine's bounds on an `.ods` sheet (rows, then columns, as it spreads repeats out).
const MAX_ROWS: usize = 1_048_576;
const MAX_COLUMNS: usize = 16_384;

/// What calamine holds for each cell of a range beside its text: a `Data` (32 bytes) and a
/// `String` (24) of its formula; and for each row read, two numbers.
const CELL_BYTES: u64 = 56;
const ROW_BYTES: u64 = 16;

/// The most cells holding an error, and merged ranges, kept for a workbook.
pub const MAX_MARKS: usize = 10_000;

/// The most of an error cell's text kept (`#DIV/0!`).
const MAX_ERROR_TEXT: usize = 64;

/// A run of cells along a row holding an error: its first column, how many, the error's text.
pub type ErrorRun = (u32, u32, String);

/// What the look found in one sheet that calamine's cells do not say.
#[derive(Debug, Default, Clone)]
pub struct Marks {
    /// The cells holding an error, by the row their first row begins at: how many rows they
    /// repeat down, and each run of them along the row (its first column, how many, the text
    /// the error is shown as).
    pub errors: BTreeMap<u32, (u32, Vec<ErrorRun>)>,
    /// The merged ranges: their first and last cells (row, column, from 0).
    pub merged: Vec<((u32, u32), (u32, u32))>,
    /// Cells holding an error that the reader passes over as empty (an `.xlsb` formula's), in
    /// the file's order: row, column, the text the error is shown as.
    pub cells: Vec<(u32, u32, String)>,
}

impl Marks {
    /// The error the cell at `row`, `col` holds, if it holds one.
    pub fn error(&self, row: u32, col: u32) -> Option<&str> {
        let (first, (rows, runs)) = self.errors.range(..=row).next_back()?;
        if row >= first.saturating_add(*rows) {
            return None;
        }
        runs.iter()
            .find(|(c, n, _)| col >= *c && col < c.saturating_add(*n))
            .map(|(_, _, text)| text.as_str())
    }
}

/// Why the look stopped early.
enum Stop {
    /// Calamine refuses the workbook here itself (a fault of its XML or of a value).
    Calamine,
    /// Over a bound, or damaged: refused.
    Refused(BookError),
}

impl From<BookError> for Stop {
    fn from(e: BookError) -> Self {
        Stop::Refused(e)
    }
}

impl From<quick_xml::Error> for Stop {
    fn from(_: quick_xml::Error) -> Self {
        Stop::Calamine
    }
}

type Xml<R> = Reader<BufReader<R>>;

/// Looks through `content` (an `.ods` workbook's `content.xml`): the marks of each sheet by
/// its name, or why the workbook is refused.
pub fn look(content: impl Read) -> Result<HashMap<String, Marks>, BookError> {
    let mut xml = Reader::from_reader(BufReader::new(content));
    let config = xml.config_mut();
    config.check_end_names = false;
    config.trim_text(false);
    config.check_comments = false;
    config.expand_empty_elements = true;
    let mut look = Look::default();
    match look.content(&mut xml) {
        Ok(()) | Err(Stop::Calamine) => Ok(look.sheets),
        Err(Stop::Refused(e)) => Err(e),
    }
}

#[derive(Default)]
struct Look {
    sheets: HashMap<String, Marks>,
    /// What calamine holds for the sheets read so far, in bytes (as [`Table::held`] counts).
    held: u64,
    marks: usize,
}

/// What calamine holds of a sheet being read, as it reads it.
#[derive(Default)]
struct Table {
    name: String,
    /// Rows read so far (repeats spread out, as calamine caps them).
    rows: usize,
    /// Rows of XML read.
    row_tags: u64,
    /// The cells calamine has put in its list, the text they hold, and the text they will
    /// hold once repeated down.
    pushed: u64,
    text: u64,
    text_down: u64,
    reach: Reach,
    marks: Marks,
}

/// The rows (spread out) and columns the cells with anything in them reach: the first row,
/// the row after the last; the first and last column.
#[derive(Clone, Copy)]
struct Reach {
    first_row: Option<u64>,
    end_row: u64,
    first_col: u64,
    last_col: u64,
}

impl Default for Reach {
    fn default() -> Self {
        Reach {
            first_row: None,
            end_row: 0,
            first_col: u64::MAX,
            last_col: 0,
        }
    }
}

impl Reach {
    /// The reach with a row at `at`, repeated `repeats` times, whose cells with anything in
    /// them go from column `first` to `last`.
    fn with(mut self, at: u64, repeats: u64, first: usize, last: usize) -> Reach {
        if repeats > 0 {
            self.first_row.get_or_insert(at);
            self.end_row = at + repeats;
            self.first_col = self.first_col.min(first as u64);
            self.last_col = self.last_col.max(last as u64);
        }
        self
    }

    /// The cells of the range calamine makes of the sheet: from the first row with anything
    /// in it to the last, from the first column with anything in it to the last.
    fn cells(&self) -> u64 {
        match self.first_row {
            Some(first) => {
                (self.end_row - first).saturating_mul(self.last_col + 1 - self.first_col)
            }
            None => 0,
        }
    }

    /// Refuses the sheet `sheet` if its range is over the bounds.
    fn check(&self, sheet: &str) -> Result<(), Stop> {
        let cells = self.cells();
        let wide = self.first_row.is_some() && self.last_col >= u64::from(MAX_SHEET_COLUMNS);
        if cells > MAX_SHEET_CELLS || wide {
            let first = self.first_row.unwrap_or(0);
            let area = format!(
                "{}:{} at least",
                cell_name(first as u32 + 1, self.first_col as u32),
                cell_name(
                    self.end_row.min(u64::from(u32::MAX)) as u32,
                    self.last_col.min(u64::from(u32::MAX)) as u32
                )
            );
            return Err(Stop::Refused(BookError::SheetTooBig {
                sheet: sheet.to_string(),
                area,
                cells,
            }));
        }
        Ok(())
    }
}

impl Table {
    /// What calamine holds for the sheet: its list of cells as read and their texts, its rows,
    /// and the two ranges it makes of them (values and formulas) with their texts.
    fn held(&self) -> u64 {
        self.pushed
            .saturating_mul(CELL_BYTES)
            .saturating_add(self.text)
            .saturating_add(self.row_tags.saturating_mul(ROW_BYTES))
            .saturating_add(self.reach.cells().saturating_mul(CELL_BYTES))
            .saturating_add(self.text_down)
    }
}

/// The value of attribute `name` of a tag, found as calamine finds it (the first of that
/// name; a fault of the attributes before it: calamine stops).
fn attr<'a>(e: &'a BytesStart, name: &str) -> Result<Option<&'a str>, Stop> {
    for item in RawAttrs::new(e.attributes_raw()) {
        let (k, v) = item.ok_or(Stop::Calamine)?;
        if k == name {
            return Ok(Some(v));
        }
    }
    Ok(None)
}

/// A count attribute, as calamine reads it (entities decoded first, or not): 1 without it; a
/// fault: calamine stops.
fn count(e: &BytesStart, name: &str, decoded: bool) -> Result<usize, Stop> {
    match attr(e, name)? {
        None => Ok(1),
        Some(v) if decoded => {
            let v = quick_xml::escape::unescape(v).map_err(|_| Stop::Calamine)?;
            v.parse().map_err(|_| Stop::Calamine)
        }
        Some(v) => v.parse().map_err(|_| Stop::Calamine),
    }
}

/// The attributes of a tag as calamine splits them (`key="value"` or `key='value'`, entities
/// left as they are); `None` for a fault, after which there are no more.
pub(super) struct RawAttrs<'a> {
    raw: &'a str,
    at: usize,
}

impl<'a> RawAttrs<'a> {
    pub(super) fn new(raw: &'a str) -> Self {
        RawAttrs { raw, at: 0 }
    }
}

impl<'a> Iterator for RawAttrs<'a> {
    type Item = Option<(&'a str, &'a str)>;

    fn next(&mut self) -> Option<Self::Item> {
        let (raw, bytes) = (self.raw, self.raw.as_bytes());
        let mut at = self.at;
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        if at >= bytes.len() {
            self.at = at;
            return None;
        }
        let key_start = at;
        while at < bytes.len() && bytes[at] != b'=' {
            at += 1;
        }
        if at >= bytes.len() {
            self.at = bytes.len();
            return Some(None);
        }
        let key = raw[key_start..at].trim_ascii_end();
        at += 1;
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let quote = match bytes.get(at) {
            Some(q @ (b'"' | b'\'')) => *q,
            _ => {
                self.at = bytes.len();
                return Some(None);
            }
        };
        at += 1;
        let value_start = at;
        while at < bytes.len() && bytes[at] != quote {
            at += 1;
        }
        let value = &raw[value_start..at];
        if at < bytes.len() {
            at += 1;
        }
        self.at = at;
        Some(Some((key, value)))
    }
}

/// A cell as calamine reads it: whether it holds anything (a value or a formula), the text
/// it holds (value and formula), whether calamine read it to its end, and what the look
/// wants of it.
struct CellRead {
    valued: bool,
    text: u64,
    closed: bool,
    error: bool,
    shown: String,
}

impl Look {
    fn content<R: Read>(&mut self, xml: &mut Xml<R>) -> Result<(), Stop> {
        let mut buf = Vec::with_capacity(1024);
        loop {
            buf.clear();
            match xml.read_event_into(&mut buf)? {
                Event::Start(e) if e.name() == QName("table:table") => {
                    if let Some(name) = attr(&e, "table:name")? {
                        let name = quick_xml::escape::unescape(name)
                            .map_err(|_| Stop::Calamine)?
                            .into_owned();
                        let table = self.table(xml, name)?;
                        self.held = self.held.saturating_add(table.held());
                        self.sheets.insert(table.name, table.marks);
                    }
                }
                Event::Eof => return Ok(()),
                _ => {}
            }
        }
    }

    /// Reads one sheet, to its end as calamine finds it.
    fn table<R: Read>(&mut self, xml: &mut Xml<R>, name: String) -> Result<Table, Stop> {
        let mut table = Table {
            name,
            ..Table::default()
        };
        let mut buf = Vec::with_capacity(1024);
        loop {
            buf.clear();
            match xml.read_event_into(&mut buf)? {
                Event::Start(e) if e.name() == QName("table:table-row") => {
                    let repeats = count(&e, "table:number-rows-repeated", true)?;
                    let repeats = repeats.min(MAX_ROWS.saturating_sub(table.rows));
                    let at = table.rows as u64;
                    table.rows = table.rows.saturating_add(repeats);
                    table.row_tags += 1;
                    self.row(xml, &mut table, at, repeats as u64)?;
                }
                Event::End(e) if e.name() == QName("table:table") => return Ok(table),
                // calamine waits for the sheet's end for ever.
                Event::Eof => return Err(Stop::Refused(damaged())),
                _ => {}
            }
        }
    }

    /// Reads one row (at row `at`, repeated `repeats` times), to its end.
    fn row<R: Read>(
        &mut self,
        xml: &mut Xml<R>,
        table: &mut Table,
        at: u64,
        repeats: u64,
    ) -> Result<(), Stop> {
        let mut buf = Vec::with_capacity(1024);
        // Cells in calamine's list for the row, and empty ones not put in yet.
        let mut pushed: usize = 0;
        let mut empty: usize = 0;
        let mut text: u64 = 0;
        let mut first: Option<usize> = None;
        let mut last: usize = 0;
        loop {
            buf.clear();
            match xml.read_event_into(&mut buf)? {
                Event::Start(e)
                    if e.name() == QName("table:table-cell")
                        || e.name() == QName("table:covered-table-cell") =>
                {
                    let across = count(&e, "table:number-columns-repeated", false)?;
                    let spans = (
                        count(&e, "table:number-rows-spanned", false).unwrap_or(1),
                        count(&e, "table:number-columns-spanned", false).unwrap_or(1),
                    );
                    let col = pushed + empty.min(MAX_COLUMNS.saturating_sub(pushed));
                    let cell = self.cell(xml, &e, &table.name)?;
                    pushed += empty.min(MAX_COLUMNS.saturating_sub(pushed));
                    empty = 0;
                    let across = across.min(MAX_COLUMNS.saturating_sub(pushed));
                    if (spans.0 > 1 || spans.1 > 1) && repeats > 0 {
                        let last_row = at.saturating_add(spans.0 as u64 - 1).min(u32::MAX.into());
                        let last_col = (col as u64).saturating_add(spans.1 as u64 - 1);
                        self.mark(table)?;
                        table.marks.merged.push((
                            (at as u32, col as u32),
                            (last_row as u32, last_col.min(u32::MAX.into()) as u32),
                        ));
                    }
                    if cell.valued {
                        if cell.error && across > 0 && repeats > 0 {
                            self.mark(table)?;
                            let runs = &mut table
                                .marks
                                .errors
                                .entry(at as u32)
                                .or_insert((repeats.min(u32::MAX.into()) as u32, Vec::new()))
                                .1;
                            runs.push((col as u32, across as u32, cell.shown));
                        }
                        if across > 0 {
                            first.get_or_insert(pushed);
                            last = pushed + across - 1;
                        }
                        pushed += across;
                        let cells = across as u64;
                        table.pushed = table.pushed.saturating_add(cells);
                        let held = cell.text.saturating_mul(cells);
                        table.text = table.text.saturating_add(held);
                        text = text.saturating_add(held);
                    } else {
                        empty = across;
                    }
                    if let Some(first) = first {
                        table
                            .reach
                            .with(at, repeats, first, last)
                            .check(&table.name)?;
                    }
                    self.bound(
                        table,
                        table.text_down.saturating_add(text.saturating_mul(repeats)),
                    )?;
                    if !cell.closed {
                        self.skip_to_end(
                            xml,
                            e.name().as_ref().to_string(),
                            &mut String::new(),
                            false,
                        )?;
                    }
                }
                Event::End(e) if e.name() == QName("table:table-row") => break,
                _ => return Err(Stop::Calamine),
            }
        }
        if let Some(first) = first {
            table.reach = table.reach.with(at, repeats, first, last);
            table.text_down = table.text_down.saturating_add(text.saturating_mul(repeats));
        }
        table.reach.check(&table.name)?;
        self.bound(table, table.text_down)
    }

    /// Refuses the workbook when what calamine would hold, with the sheet being read (its
    /// texts repeated down as far as `down`), is over the bound.
    fn bound(&self, table: &Table, down: u64) -> Result<(), Stop> {
        let held = self
            .held
            .saturating_add(table.held())
            .saturating_add(down.saturating_sub(table.text_down));
        if held > MAX_BOOK_HELD {
            return Err(Stop::Refused(BookError::TooMuch {
                sheet: table.name.clone(),
                bytes: held,
            }));
        }
        Ok(())
    }

    /// Counts a mark (an error cell, a merged range) kept.
    fn mark(&mut self, table: &Table) -> Result<(), Stop> {
        self.marks += 1;
        if self.marks > MAX_MARKS {
            return Err(Stop::Refused(BookError::Sheet {
                sheet: table.name.clone(),
                message: format!(
                    "more than {MAX_MARKS} of the workbook's cells hold an error or are merged: give them their values, or save the sheets of results as CSV"
                ),
            }));
        }
        Ok(())
    }

    /// A cell's value, as calamine reads it from its tag `e` (and its text, for a text cell).
    fn cell<R: Read>(
        &mut self,
        xml: &mut Xml<R>,
        e: &BytesStart,
        sheet: &str,
    ) -> Result<CellRead, Stop> {
        let mut is_string = false;
        let mut is_error = false;
        // The value's text (none: no value), and whether it is a text (not a date or time).
        let mut value: Option<(u64, bool)> = None;
        let mut formula: u64 = 0;
        for item in RawAttrs::new(e.attributes_raw()) {
            let (key, v) = item.ok_or(Stop::Calamine)?;
            match key {
                "office:value" | "office:boolean-value" if value.is_none() => {
                    value = Some((0, false));
                }
                "office:string-value" | "office:date-value" | "office:time-value"
                    if value.is_none() =>
                {
                    let v = quick_xml::escape::unescape(v).map_err(|_| Stop::Calamine)?;
                    value = Some((v.len() as u64, key == "office:string-value"));
                }
                "office:value-type" if value.is_none() => is_string = v == "string",
                "calcext:value-type" => is_error = v == "error",
                "table:formula" => {
                    let v = quick_xml::escape::unescape(v).map_err(|_| Stop::Calamine)?;
                    formula = v.len() as u64;
                }
                _ => {}
            }
        }
        if (value.is_none() && is_string) || (is_error && value == Some((0, true))) {
            let mut shown = String::new();
            let len = self.text(xml, &mut shown, sheet)?;
            return Ok(CellRead {
                valued: true,
                text: len.saturating_add(formula),
                closed: true,
                error: is_error,
                shown: error_shown(shown),
            });
        }
        let valued = value.is_some() || formula > 0;
        let text = value.map_or(0, |v| v.0).saturating_add(formula);
        let mut shown = String::new();
        if is_error && valued {
            // calamine skips the cell's content; its text is what the error is shown as.
            self.skip_to_end(xml, e.name().as_ref().to_string(), &mut shown, true)?;
            return Ok(CellRead {
                valued,
                text,
                closed: true,
                error: true,
                shown: error_shown(shown),
            });
        }
        Ok(CellRead {
            valued,
            text,
            closed: false,
            error: false,
            shown,
        })
    }

    /// A text cell's text, read as calamine reads it (to the first end of a cell); its length.
    fn text<R: Read>(
        &mut self,
        xml: &mut Xml<R>,
        shown: &mut String,
        sheet: &str,
    ) -> Result<u64, Stop> {
        let mut buf = Vec::with_capacity(1024);
        let mut len: u64 = 0;
        let mut first_p = true;
        loop {
            buf.clear();
            let add = match xml.read_event_into(&mut buf)? {
                Event::Text(t) => {
                    let t = t.xml10_content();
                    keep(shown, &t);
                    t.len() as u64
                }
                Event::GeneralRef(_) => 4,
                Event::End(e)
                    if e.name() == QName("table:table-cell")
                        || e.name() == QName("table:covered-table-cell") =>
                {
                    return Ok(len);
                }
                Event::Start(e) if e.name() == QName("office:annotation") => {
                    loop {
                        buf.clear();
                        match xml.read_event_into(&mut buf)? {
                            Event::End(e) if e.name() == QName("office:annotation") => break,
                            // calamine looks for the note's end for ever.
                            Event::Eof => return Err(Stop::Refused(damaged())),
                            _ => {}
                        }
                    }
                    0
                }
                Event::Start(e) if e.name() == QName("text:p") => {
                    let add = u64::from(!first_p);
                    first_p = false;
                    add
                }
                Event::Start(e) if e.name() == QName("text:s") => count(&e, "text:c", true)? as u64,
                Event::Start(e)
                    if e.name() == QName("text:tab") || e.name() == QName("text:line-break") =>
                {
                    1
                }
                Event::Eof => return Err(Stop::Calamine),
                _ => 0,
            };
            len = len.saturating_add(add);
            if len > MAX_BOOK_HELD {
                return Err(Stop::Refused(BookError::TooMuch {
                    sheet: sheet.to_string(),
                    bytes: len,
                }));
            }
        }
    }

    /// Reads to the end of the element named `name` (as calamine skips a cell's content: to
    /// the first end of that name not matched by a start of it), keeping its text in `shown`
    /// if `keep_text`.
    fn skip_to_end<R: Read>(
        &mut self,
        xml: &mut Xml<R>,
        name: String,
        shown: &mut String,
        keep_text: bool,
    ) -> Result<(), Stop> {
        let mut buf = Vec::with_capacity(1024);
        let mut depth = 0u64;
        loop {
            buf.clear();
            match xml.read_event_into(&mut buf)? {
                Event::Start(e) if e.name().as_ref() == name.as_str() => depth += 1,
                Event::End(e) if e.name().as_ref() == name.as_str() => {
                    if depth == 0 {
                        return Ok(());
                    }
                    depth -= 1;
                }
                Event::Text(t) if keep_text => keep(shown, &t.xml10_content()),
                Event::Eof => return Err(Stop::Calamine),
                _ => {}
            }
        }
    }
}

/// Keeps the first bytes of an error cell's text.
fn keep(shown: &mut String, text: &str) {
    for c in text.chars() {
        if shown.len() + c.len_utf8() > MAX_ERROR_TEXT {
            return;
        }
        shown.push(c);
    }
}

/// The text an error cell is shown as, trimmed (`an error` when it has none).
fn error_shown(shown: String) -> String {
    let shown = shown.trim();
    if shown.is_empty() {
        "an error".to_string()
    } else {
        shown.to_string()
    }
}

fn damaged() -> BookError {
    BookError::Damaged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look_at(xml: &str) -> Result<HashMap<String, Marks>, BookError> {
        look(xml.as_bytes())
    }

    #[test]
    fn content_ending_inside_a_sheet_or_a_note_is_damaged_where_the_reader_would_wait_for_ever() {
        let sheet = r#"<office:spreadsheet><table:table table:name="N"><table:table-row><table:table-cell/></table:table-row>"#;
        assert_eq!(look_at(sheet).err(), Some(BookError::Damaged));
        let note = r#"<table:table table:name="N"><table:table-row><table:table-cell office:value-type="string"><office:annotation><text:p>a"#;
        assert_eq!(look_at(note).err(), Some(BookError::Damaged));
        // Cut inside a row: the reader stops at it and says so itself.
        let row = r#"<table:table table:name="N"><table:table-row><table:table-cell/>"#;
        assert!(look_at(row).is_ok());
    }

    #[test]
    fn error_cells_and_merged_cells_are_found_where_the_reader_puts_them() {
        let xml = r##"<table:table table:name="N"><table:table-row table:number-rows-repeated="3"><table:table-cell/></table:table-row><table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="2"/><table:table-cell table:number-columns-repeated="2" office:value-type="float" office:value="0" calcext:value-type="error"><text:p>#DIV/0!</text:p></table:table-cell><table:table-cell table:number-columns-spanned="2" office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell></table:table-row></table:table>"##;
        let marks = &look_at(xml).unwrap()["N"];
        // Rows 3 and 4 (from 0), columns C and D.
        for (row, col, error) in [
            (3, 2, Some("#DIV/0!")),
            (4, 3, Some("#DIV/0!")),
            (2, 2, None),
            (5, 2, None),
            (3, 1, None),
            (3, 4, None),
        ] {
            assert_eq!(marks.error(row, col), error, "{row} {col}");
        }
        assert_eq!(marks.merged, [((3, 4), (3, 5))]);
    }

    #[test]
    fn a_table_inside_a_cell_is_the_cells_and_does_not_begin_a_sheet() {
        let xml = r#"<table:table table:name="N"><table:table-row table:number-rows-repeated="3000"><table:table-cell><table:table table:name="inner"><table:table-row><table:table-cell/></table:table-row></table:table></table:table-cell><table:table-cell table:number-columns-repeated="999" office:value-type="float" office:value="1"/></table:table-row></table:table>"#;
        match look_at(xml) {
            Err(BookError::SheetTooBig { sheet, area, cells }) => {
                assert_eq!(
                    (sheet.as_str(), area.as_str(), cells),
                    ("N", "B1:ALL3000 at least", 2_997_000)
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
