//! Workbooks (`.xlsx`, `.xlsm`, `.xlsb`, `.xls`, `.ods`) read sheet by sheet as the CSV of the
//! same cells would be (FORMAT.md §7), with calamine, read only.
//!
//! A sheet's cells become text as a spreadsheet program shows them when it saves the sheet as
//! CSV, so that [`super::results`] reads them as it reads a file: a date cell becomes
//! `YYYY-MM-DD` (a date and time, `YYYY-MM-DD HH:MM`), a whole number has no `.0`, a formula
//! is its value as last worked out and stored in the file, a true or false cell is `TRUE` or
//! `FALSE`, and a cell holding an error (`#DIV/0!`) is a fault. The rows written begin at the
//! sheet's first row with anything in it and its columns at column A; they are as wide as the
//! header (or, where the row after it is wider, a results grid's row of away teams, as that
//! row); a cell right of that is a fault, as are merged cells (each cell must hold its value).
//!
//! What a workbook may cost is bounded before it is read: the file ([`MAX_BOOK_BYTES`]), what
//! its parts unzip to as they declare it ([`MAX_UNZIPPED_BYTES`], [`MAX_PART_BYTES`]; the zip
//! reader refuses a part that unzips to more than it declared), and a sheet's rows × columns
//! ([`MAX_SHEET_CELLS`]: as the sheet declares its size, then as it is read). An `.xlsx` or
//! `.xlsb` sheet is streamed: one row is held at a time, after its declared size is looked at.
//! calamine reads every sheet of an `.xls` or `.ods` workbook whole as it opens it, so those
//! are looked through first, a record or a tag at a time ([`xls`], [`ods`]), and refused as a
//! sheet declares a size over the bounds (or its cells reach past them, or, for `.ods`, its
//! repeated rows and cells would take more than [`MAX_BOOK_HELD`] bytes), before calamine
//! reads them. That look also finds an `.ods` sheet's cells holding an error and its merged
//! cells, which calamine's cells do not say.
//!
//! A file that is no workbook, or a damaged one, is said to be so in `don`'s words, never the
//! reading library's.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use std::collections::HashMap;

use calamine::{Data, DataRef, Ods, Reader, Xls, Xlsb, Xlsx, XlsxCellReader};

mod limits;
mod ods;
mod xls;
mod xlsb;

pub use limits::{
    cell_name, column_name, BookError, MAX_BOOK_BYTES, MAX_BOOK_CELLS, MAX_BOOK_HELD,
    MAX_PART_BYTES, MAX_SHEET_CELLS, MAX_SHEET_COLUMNS, MAX_SHEET_FAULTS, MAX_UNZIPPED_BYTES,
};

/// Whether `path` names a workbook, by its extension.
pub fn is_book(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["xlsx", "xlsm", "xlsb", "xls", "ods"]
            .iter()
            .any(|k| e.eq_ignore_ascii_case(k))
    })
}

/// A fault of a sheet found in reading its cells, at its row (from 1) and, when it is one
/// cell's, column (from 0: A).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellFault {
    pub row: u32,
    pub column: Option<u32>,
    pub message: String,
}

/// A workbook opened, its sheets not yet read.
pub struct Book {
    inner: Inner,
    /// What the look through an `.ods` workbook found in each sheet (by its name).
    marks: HashMap<String, ods::Marks>,
    sheets: Vec<String>,
    /// The sheets of no cells (charts, …), each with what it is in words.
    others: Vec<(String, &'static str)>,
}

enum Inner {
    /// Streamed a cell at a time.
    Xlsx(Box<Xlsx<BufReader<File>>>),
    Xlsb(Box<Xlsb<BufReader<File>>>),
    /// Read whole as they are opened.
    Xls(Box<Xls<BufReader<File>>>),
    Ods(Box<Ods<BufReader<File>>>),
}

/// A cell's value as text, or the fault it is.
enum Value {
    Text(String),
    /// A date cell, as text.
    Date(String),
    Empty,
    Error(String),
}

/// Opens a workbook, refusing one over the bounds before reading its sheets.
pub fn open(path: &Path) -> Result<Book, BookError> {
    let size = std::fs::metadata(path)
        .map_err(|e| BookError::Unreadable(e.to_string()))?
        .len();
    if size > MAX_BOOK_BYTES {
        return Err(BookError::TooBig(size));
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut marks = HashMap::new();
    let inner = match ext.as_str() {
        "xls" => {
            if !starts_with(path, b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")? {
                return Err(BookError::NotABook);
            }
            xls::look(path)?;
            Inner::Xls(Box::new(calamine::open_workbook(path).map_err(refused)?))
        }
        "ods" => {
            check_zip(path, &["content.xml"])?;
            marks = look_ods(path)?;
            Inner::Ods(Box::new(calamine::open_workbook(path).map_err(refused)?))
        }
        "xlsb" => {
            check_zip(path, &["xl/workbook.bin"])?;
            marks = xlsb::look(path)?;
            Inner::Xlsb(Box::new(calamine::open_workbook(path).map_err(refused)?))
        }
        _ => {
            // The workbook part is found through the package's relationships.
            check_zip(path, &["xl/workbook.xml", "_rels/.rels"])?;
            Inner::Xlsx(Box::new(calamine::open_workbook(path).map_err(refused)?))
        }
    };
    let all = match &inner {
        Inner::Xlsx(x) => x.sheets_metadata().to_vec(),
        Inner::Xlsb(x) => x.sheets_metadata().to_vec(),
        Inner::Xls(x) => x.sheets_metadata().to_vec(),
        Inner::Ods(x) => x.sheets_metadata().to_vec(),
    };
    let (cells, others): (Vec<_>, Vec<_>) = all
        .into_iter()
        .partition(|s| s.typ == calamine::SheetType::WorkSheet);
    Ok(Book {
        inner,
        marks,
        sheets: cells.into_iter().map(|s| s.name).collect(),
        others: others
            .into_iter()
            .map(|s| {
                let kind = match s.typ {
                    calamine::SheetType::ChartSheet => "a chart",
                    calamine::SheetType::DialogSheet => "a dialog",
                    calamine::SheetType::MacroSheet => "a sheet of macros",
                    _ => "a module of code",
                };
                (s.name, kind)
            })
            .collect(),
    })
}

/// Whether the file at `path` begins with `magic`.
fn starts_with(path: &Path, magic: &[u8]) -> Result<bool, BookError> {
    let mut file = File::open(path).map_err(|e| BookError::Unreadable(e.to_string()))?;
    let mut head = vec![0u8; magic.len()];
    Ok(file.read_exact(&mut head).is_ok() && head == magic)
}

/// A workbook calamine could not open, in `don`'s words: locked with a password, or damaged
/// (it is of its kind: that was looked at before).
fn refused(e: impl Into<calamine::Error>) -> BookError {
    use calamine::{Error, OdsError, XlsError, XlsbError, XlsxError};
    match e.into() {
        Error::Xls(XlsError::Password)
        | Error::Xlsx(XlsxError::Password)
        | Error::Xlsb(XlsbError::Password)
        | Error::Ods(OdsError::Password) => BookError::Password,
        Error::Io(e) => BookError::Unreadable(e.to_string()),
        _ => BookError::Damaged,
    }
}

/// Refuses a zip whose parts declare more than the bounds (the zip reader refuses a part that
/// unzips to more than it declares, so what is declared bounds what is read), or that has none
/// of the parts `main` (the workbook of its kind, as the reader finds it: a zip of something
/// else).
fn check_zip(path: &Path, main: &[&str]) -> Result<(), BookError> {
    let file = File::open(path).map_err(|e| BookError::Unreadable(e.to_string()))?;
    let mut zip = match zip::ZipArchive::new(BufReader::new(file)) {
        Ok(zip) => zip,
        Err(_) if starts_with(path, b"PK\x03\x04")? => return Err(BookError::Damaged),
        Err(_) => return Err(BookError::NotABook),
    };
    let mut total: u64 = 0;
    let mut found = false;
    for i in 0..zip.len() {
        let part = zip.by_index_raw(i).map_err(|_| BookError::Damaged)?;
        let size = part.size();
        let name = part.name().map(|n| n.into_owned()).unwrap_or_default();
        let normal = name.replace('\\', "/");
        found |= main.iter().any(|m| normal.eq_ignore_ascii_case(m));
        if size > MAX_PART_BYTES {
            return Err(BookError::PartTooBig { part: name, size });
        }
        total = total.saturating_add(size);
        if total > MAX_UNZIPPED_BYTES {
            return Err(BookError::Unzipped(total));
        }
    }
    if !found {
        return Err(BookError::NotABook);
    }
    Ok(())
}

/// Looks through an `.ods` workbook's `content.xml` before calamine reads it ([`ods`]): the
/// marks of each sheet.
fn look_ods(path: &Path) -> Result<HashMap<String, ods::Marks>, BookError> {
    let file = File::open(path).map_err(|e| BookError::Unreadable(e.to_string()))?;
    let mut zip = zip::ZipArchive::new(BufReader::new(file)).map_err(|_| BookError::Damaged)?;
    let content = zip.by_name("content.xml").map_err(|_| BookError::Damaged)?;
    ods::look(content)
}

/// What a first look at a sheet found: the first row with anything in it, its cells, and the
/// width of the rows to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetLook {
    /// The header's row (from 0).
    pub first_row: u32,
    /// The header's cells as text (to its last cell with anything in it).
    pub header: Vec<String>,
    /// The columns written: the header's, or the next row's where it is wider.
    pub width: u32,
}

impl SheetLook {
    /// The header as a CSV line would give it (for [`super::results::is_results_header`]).
    pub fn header_line(&self) -> String {
        self.header.join(",")
    }

    /// Whether the sheet begins as a results grid does (FORMAT.md §7): `season` and the
    /// season's name alone on the first row, or an empty first cell before the away teams.
    pub fn is_grid(&self) -> bool {
        let filled = |cells: &[String]| cells.iter().any(|c| !c.trim().is_empty());
        match self.header.first().map(|c| c.trim()) {
            Some(first) if first.eq_ignore_ascii_case("season") => {
                self.header.len() >= 2 && filled(&self.header[1..2]) && !filled(&self.header[2..])
            }
            Some(first) => first.is_empty() && filled(&self.header[1..]),
            None => false,
        }
    }
}

impl Book {
    /// The names of the sheets of cells, in the workbook's order.
    pub fn sheet_names(&self) -> &[String] {
        &self.sheets
    }

    /// The sheets of no cells (a chart sheet, …), each with what it is in words (`a chart`).
    pub fn other_sheets(&self) -> &[(String, &'static str)] {
        &self.others
    }

    /// The first two rows with anything in them of sheet `name`: none for a sheet with
    /// nothing in it.
    pub fn look(&mut self, name: &str) -> Result<Option<SheetLook>, BookError> {
        let mut cells = self.cells(name)?;
        let mut first: Option<(u32, Vec<String>)> = None;
        let mut second: Option<(u32, u32)> = None;
        let mut seen: u64 = 0;
        while let Some((row, col, value)) = cells.next().map_err(|_| sheet_error(name))? {
            seen += 1;
            if seen > MAX_SHEET_CELLS * 4 {
                break;
            }
            let text = match value {
                Value::Empty => continue,
                Value::Text(t) if t.trim().is_empty() => continue,
                Value::Text(t) | Value::Date(t) => t,
                Value::Error(e) => e,
            };
            if col >= MAX_SHEET_COLUMNS {
                return Err(BookError::SheetTooBig {
                    sheet: name.to_string(),
                    area: format!("at least {} columns wide", col + 1),
                    cells: 0,
                });
            }
            match &mut first {
                None => {
                    let mut header = vec![String::new(); col as usize + 1];
                    header[col as usize] = text;
                    first = Some((row, header));
                }
                Some((r, header)) if *r == row => {
                    if header.len() <= col as usize {
                        header.resize(col as usize + 1, String::new());
                    }
                    header[col as usize] = text;
                }
                Some(_) => match &mut second {
                    None => second = Some((row, col + 1)),
                    Some((r, w)) if *r == row => *w = (*w).max(col + 1),
                    Some(_) => break,
                },
            }
        }
        Ok(first.map(|(first_row, header)| {
            let width = (header.len() as u32).max(second.map_or(0, |(_, w)| w));
            SheetLook {
                first_row,
                header,
                width,
            }
        }))
    }

    /// Sheet `name` as CSV text, to read with [`super::results::read_results_lenient`]: rows
    /// from the header down, columns from A, `look.width` of them (see [`Book::look`]).
    pub fn csv(&mut self, name: &str, look: &SheetLook) -> Result<SheetCsv<'_>, BookError> {
        let mut faults = Vec::new();
        let merged: Vec<((u32, u32), (u32, u32))> = match &mut self.inner {
            Inner::Xlsx(xlsx) => xlsx
                .merge_cells_by_sheet_name(name)
                .map_err(|_| sheet_error(name))?
                .into_iter()
                .map(|d| (d.start, d.end))
                .collect(),
            Inner::Xls(xls) => xls
                .merge_cells_by_sheet_name(name)
                .map_err(|_| sheet_error(name))?
                .into_iter()
                .map(|d| (d.start, d.end))
                .collect(),
            Inner::Ods(_) | Inner::Xlsb(_) => self
                .marks
                .get(name)
                .map(|m| m.merged.clone())
                .unwrap_or_default(),
        };
        for (first, last) in merged {
            if first != last && last.0 >= look.first_row && first.1 < look.width {
                faults.push(CellFault {
                    row: first.0 + 1,
                    column: Some(first.1),
                    message: format!(
                        "cells {}:{} are merged: unmerge them, and give each cell its value",
                        cell_name(first.0 + 1, first.1),
                        cell_name(last.0 + 1, last.1)
                    ),
                });
            }
        }
        faults.truncate(MAX_SHEET_FAULTS);
        let cells = self.cells(name)?;
        Ok(SheetCsv {
            sheet: name.to_string(),
            cells,
            look: look.clone(),
            out: Vec::new(),
            at: 0,
            row: None,
            pending: None,
            done: false,
            line: 1,
            rows_written: 0,
            seen: 0,
            places: Places {
                breaks: Vec::new(),
                faults,
                faults_left: 0,
            },
        })
    }

    /// The cells of sheet `name`, in the order the file has them.
    fn cells(&mut self, name: &str) -> Result<Cells<'_>, BookError> {
        let too_big = |d: calamine::Dimensions| {
            let (rows, cols) = (
                d.end.0.saturating_sub(d.start.0) as u64 + 1,
                d.end.1.saturating_sub(d.start.1) as u64 + 1,
            );
            if rows * cols > MAX_SHEET_CELLS || d.end.1 >= MAX_SHEET_COLUMNS {
                return Err(BookError::SheetTooBig {
                    sheet: name.to_string(),
                    area: format!(
                        "{}:{}",
                        cell_name(d.start.0 + 1, d.start.1),
                        cell_name(d.end.0 + 1, d.end.1)
                    ),
                    cells: rows * cols,
                });
            }
            Ok(())
        };
        let range = match &mut self.inner {
            Inner::Xlsx(xlsx) => {
                let reader = xlsx
                    .worksheet_cells_reader(name)
                    .map_err(|_| sheet_error(name))?;
                too_big(reader.dimensions())?;
                return Ok(Cells::Xlsx(Box::new(reader)));
            }
            Inner::Xlsb(xlsb) => {
                let mut reader = xlsb
                    .worksheet_cells_reader(name)
                    .map_err(|_| sheet_error(name))?;
                too_big(reader.dimensions())?;
                // The formulas whose value is an error, which the reader passes over, put
                // back among its cells in the file's order.
                let mut errors = self
                    .marks
                    .get(name)
                    .map(|m| m.cells.clone())
                    .unwrap_or_default()
                    .into_iter()
                    .peekable();
                let mut pending: Option<(u32, u32, Value)> = None;
                let mut done = false;
                return Ok(Cells::Xlsb(Box::new(move || {
                    if pending.is_none() && !done {
                        let cell = reader.next_cell().map_err(|_| DAMAGED_HERE.to_string())?;
                        match cell {
                            Some(c) => {
                                let (row, col) = c.get_position();
                                pending = Some((row, col, value(c.get_value().clone().into())));
                            }
                            None => done = true,
                        }
                    }
                    let before = |e: &(u32, u32, String)| {
                        pending
                            .as_ref()
                            .is_none_or(|(r, c, _)| (e.0, e.1) < (*r, *c))
                    };
                    if let Some((row, col, shown)) = errors.next_if(before) {
                        return Ok(Some((row, col, Value::Error(shown))));
                    }
                    Ok(pending.take())
                })));
            }
            Inner::Xls(xls) => xls.worksheet_range(name).map_err(|_| sheet_error(name))?,
            Inner::Ods(ods) => ods.worksheet_range(name).map_err(|_| sheet_error(name))?,
        };
        if let (Some(start), Some(end)) = (range.start(), range.end()) {
            too_big(calamine::Dimensions { start, end })?;
        }
        Ok(Cells::Range {
            range: Box::new(range),
            next: 0,
            marks: self.marks.get(name).cloned(),
        })
    }
}

/// A sheet that cannot be read, in `don`'s words.
fn sheet_error(sheet: &str) -> BookError {
    BookError::Sheet {
        sheet: sheet.to_string(),
        message: DAMAGED_HERE.to_string(),
    }
}

/// What is said of a sheet the reader stops in.
const DAMAGED_HERE: &str = "the workbook is damaged here (open it in a spreadsheet program and save it again, or save the sheet as CSV)";

type NextCell<'a> = dyn FnMut() -> Result<Option<(u32, u32, Value)>, String> + 'a;

/// A sheet's cells in the file's order.
enum Cells<'a> {
    Xlsx(Box<XlsxCellReader<'a, BufReader<File>>>),
    /// The next cell of an `.xlsb` sheet (calamine does not name its reader's type).
    Xlsb(Box<NextCell<'a>>),
    Range {
        range: Box<calamine::Range<Data>>,
        next: usize,
        /// What the look through an `.ods` sheet found (its cells holding an error).
        marks: Option<ods::Marks>,
    },
}

impl Cells<'_> {
    /// The next cell: its row and column (from 0) and value; none at the sheet's end.
    fn next(&mut self) -> Result<Option<(u32, u32, Value)>, String> {
        match self {
            Cells::Xlsx(reader) => {
                let cell = reader
                    .next_cell_with_formula_metadata()
                    .map_err(|_| DAMAGED_HERE.to_string())?;
                Ok(cell.map(|c| {
                    let value = match (&c.value, &c.formula) {
                        // A formula whose value was never worked out and saved beside it.
                        (DataRef::Empty, Some(_)) => Value::Error(
                            "a formula with no value saved (the workbook was not made by a spreadsheet program that works its formulas out: open it in one and save it)".into(),
                        ),
                        (v, _) => value(v.clone().into()),
                    };
                    (c.pos.0, c.pos.1, value)
                }))
            }
            Cells::Xlsb(next) => next(),
            Cells::Range { range, next, marks } => {
                let (height, width) = range.get_size();
                let start = range.start().unwrap_or((0, 0));
                while *next < height * width {
                    let (r, c) = (*next / width, *next % width);
                    *next += 1;
                    let (row, col) = (start.0 + r as u32, start.1 + c as u32);
                    if let Some(shown) = marks.as_ref().and_then(|m| m.error(row, col)) {
                        return Ok(Some((row, col, Value::Error(shown.to_string()))));
                    }
                    match range.get((r, c)) {
                        None | Some(Data::Empty) => continue,
                        Some(d) => return Ok(Some((row, col, value(d.clone())))),
                    }
                }
                Ok(None)
            }
        }
    }
}

/// A cell as text (an `.xlsx` or `.xlsb` sheet's as calamine gives it of another).
fn value(d: Data) -> Value {
    match d {
        Data::Int(i) => Value::Text(i.to_string()),
        Data::Float(f) => Value::Text(number(f)),
        Data::String(s) => Value::Text(text(s)),
        Data::Bool(b) => Value::Text(if b { "TRUE" } else { "FALSE" }.into()),
        Data::DateTime(d) if d.is_datetime() => Value::Date(date_time(&d)),
        Data::DateTime(d) => Value::Text(date_time(&d)),
        Data::DateTimeIso(s) => Value::Date(iso(&s)),
        Data::DurationIso(s) => Value::Text(s),
        Data::Error(e) => Value::Error(e.to_string()),
        Data::Empty => Value::Empty,
    }
}

/// Text with its line breaks made `\n` (so that a row's lines are counted as the CSV reader
/// counts them).
fn text(s: String) -> String {
    if s.contains('\r') {
        s.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        s
    }
}

/// A number as a spreadsheet shows it in CSV: a whole number without `.0`.
fn number(f: f64) -> String {
    if f.is_finite() && f.fract() == 0.0 && f.abs() < 9.0e15 {
        format!("{}", f as i64)
    } else {
        format!("{f}")
    }
}

/// A date cell: `YYYY-MM-DD`, with ` HH:MM` (and `:SS`) when it has a time of day; a date
/// before 1900 as its day (`1850-01-01`: the reader then says it is out of range, as it says
/// of the text); a duration, or a date after 9999, as its number.
fn date_time(d: &calamine::ExcelDateTime) -> String {
    let f = d.as_f64();
    if d.is_datetime() && f.is_finite() && f < 0.0 && f > -1.0e7 {
        // Serial days before day 0 (1899-12-30), as LibreOffice counts them back.
        let epoch = chrono::NaiveDate::from_ymd_opt(1899, 12, 30).expect("a day");
        if let Some(day) = epoch.checked_add_signed(chrono::Duration::days(f.floor() as i64)) {
            return day.format("%Y-%m-%d").to_string();
        }
    }
    // Serial days: 2,958,465 is 9999-12-31.
    if !d.is_datetime() || !f.is_finite() || !(0.0..2_958_466.0).contains(&f) {
        return number(f);
    }
    let (y, mo, day, h, mi, s, _) = d.to_ymd_hms_milli();
    match (h, mi, s) {
        (0, 0, 0) => format!("{y:04}-{mo:02}-{day:02}"),
        (h, mi, 0) => format!("{y:04}-{mo:02}-{day:02} {h:02}:{mi:02}"),
        (h, mi, s) => format!("{y:04}-{mo:02}-{day:02} {h:02}:{mi:02}:{s:02}"),
    }
}

/// An ISO date cell (an `.ods` one): `YYYY-MM-DD` when it has no time of day.
fn iso(s: &str) -> String {
    match s.split_once('T') {
        Some((day, time)) if time.trim_start_matches(['0', ':', '.']).is_empty() => day.to_string(),
        Some((day, time)) => format!("{day} {}", time.trim_end_matches(":00")),
        None => s.to_string(),
    }
}

/// Where a sheet's CSV lines are in the sheet, and the faults found writing them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Places {
    /// From each CSV line given here on, a line's row is the line plus the offset (until the
    /// next): the sheet's blank rows left out and a cell's line breaks make them differ.
    breaks: Vec<(u64, i64)>,
    /// The faults found reading the cells (an error cell, merged cells, a cell outside the
    /// columns read, the sheet too big), up to [`MAX_SHEET_FAULTS`].
    pub faults: Vec<CellFault>,
    /// Faults found past those kept.
    pub faults_left: usize,
}

impl Places {
    /// The sheet's row (from 1) of CSV line `line`.
    pub fn row(&self, line: u64) -> u64 {
        let i = self.breaks.partition_point(|(l, _)| *l <= line);
        let offset = if i == 0 { 0 } else { self.breaks[i - 1].1 };
        (line as i64 + offset).max(1) as u64
    }

    /// A place of a CSV fault in the sheet: `cell C7` for `line` 7, `column` 3; `row 7` for
    /// a fault of no one cell.
    pub fn place(&self, line: u64, column: Option<usize>) -> String {
        let row = self.row(line);
        match column {
            Some(c) if c >= 1 => format!("cell {}{row}", column_name(c as u32 - 1)),
            _ => format!("row {row}"),
        }
    }

    fn fault(&mut self, fault: CellFault) {
        if self.faults.len() < MAX_SHEET_FAULTS {
            self.faults.push(fault);
        } else {
            self.faults_left += 1;
        }
    }
}

/// A fault's place in a sheet as [`Places::place`] writes it, from a [`CellFault`].
pub fn fault_place(f: &CellFault) -> String {
    match f.column {
        Some(c) => format!("cell {}", cell_name(f.row, c)),
        None => format!("row {}", f.row),
    }
}

/// A sheet read as CSV text, a row at a time ([`Read`]); [`SheetCsv::places`] then says where
/// each line was.
pub struct SheetCsv<'a> {
    sheet: String,
    cells: Cells<'a>,
    look: SheetLook,
    out: Vec<u8>,
    at: usize,
    /// The row being gathered (from 0), and its cells.
    row: Option<(u32, Vec<String>)>,
    /// A cell read past the row being gathered.
    pending: Option<(u32, u32, Value)>,
    done: bool,
    /// The CSV line the next row begins on.
    line: u64,
    rows_written: u64,
    seen: u64,
    places: Places,
}

impl SheetCsv<'_> {
    /// Where each line was, and the faults found in the cells.
    pub fn places(self) -> Places {
        self.places
    }

    /// The sheet's name.
    pub fn sheet(&self) -> &str {
        &self.sheet
    }

    /// Writes the next row with anything in it into `out`; none left: `done`.
    fn fill(&mut self) {
        loop {
            let cell = match self.pending.take() {
                Some(c) => Some(c),
                None => match self.cells.next() {
                    Ok(c) => c,
                    Err(e) => {
                        let row = self.row.as_ref().map_or(self.look.first_row, |r| r.0) + 1;
                        self.places.fault(CellFault {
                            row,
                            column: None,
                            message: format!("the sheet cannot be read from here on: {e}"),
                        });
                        None
                    }
                },
            };
            let Some((row, col, value)) = cell else {
                self.flush_row();
                self.done = true;
                return;
            };
            self.seen += 1;
            if self.seen > MAX_SHEET_CELLS * 4 {
                self.places.fault(CellFault {
                    row: row + 1,
                    column: None,
                    message: format!(
                        "the sheet has more than {} cells, empty or not: it is not read past here",
                        MAX_SHEET_CELLS * 4
                    ),
                });
                self.flush_row();
                self.done = true;
                return;
            }
            if row < self.look.first_row {
                continue;
            }
            match &self.row {
                Some((r, _)) if *r == row => {}
                Some((r, _)) if *r > row => {
                    self.places.fault(CellFault {
                        row: row + 1,
                        column: None,
                        message: format!(
                            "the file has this row after row {}: open the workbook in a spreadsheet program and save it again",
                            r + 1
                        ),
                    });
                    self.flush_row();
                    self.done = true;
                    return;
                }
                Some(_) => {
                    self.pending = Some((row, col, value));
                    if self.flush_row() {
                        return;
                    }
                    continue;
                }
                None => {
                    self.row = Some((row, vec![String::new(); self.look.width as usize]));
                }
            }
            let text = match value {
                Value::Empty => continue,
                Value::Text(t) => t,
                // A night's points typed as `7-2` in a grid, taken for a date.
                Value::Date(t) if self.look.is_grid() && row > self.look.first_row && col > 0 => {
                    self.places.fault(CellFault {
                        row: row + 1,
                        column: Some(col),
                        message: format!(
                            "the cell is a date ({t}): a spreadsheet program takes a night's points typed as 5-4 for a date; make the grid's cells text and type them again"
                        ),
                    });
                    t
                }
                Value::Date(t) => t,
                Value::Error(e) => {
                    let message = if e.starts_with('#') {
                        format!("the cell holds the error {e} (a formula's?): give it its value")
                    } else {
                        format!("the cell holds {e}")
                    };
                    self.places.fault(CellFault {
                        row: row + 1,
                        column: Some(col),
                        message,
                    });
                    String::new()
                }
            };
            if col >= self.look.width {
                if !text.trim().is_empty() {
                    let last = column_name(self.look.width.saturating_sub(1));
                    self.places.fault(CellFault {
                        row: row + 1,
                        column: Some(col),
                        message: format!(
                            "`{}` is right of the columns read (A to {last}, as wide as the header): empty the cell, or move it",
                            super::text::shortened(&text)
                        ),
                    });
                }
                continue;
            }
            if let Some((_, cells)) = &mut self.row {
                cells[col as usize] = text;
            }
        }
    }

    /// Writes the row gathered, if it has anything in it; whether it was written.
    fn flush_row(&mut self) -> bool {
        let Some((row, cells)) = self.row.take() else {
            return false;
        };
        if cells.iter().all(|c| c.is_empty()) {
            return false;
        }
        self.rows_written += 1;
        if self.rows_written * self.look.width as u64 > MAX_SHEET_CELLS {
            self.places.fault(CellFault {
                row: row + 1,
                column: None,
                message: format!(
                    "the sheet goes on past {MAX_SHEET_CELLS} cells (rows × columns): it is not read past here; split it into sheets"
                ),
            });
            self.done = true;
            return true;
        }
        let sheet_row = row as i64 + 1;
        let offset = sheet_row - self.line as i64;
        if self.places.breaks.last().map(|b| b.1) != Some(offset) {
            self.places.breaks.push((self.line, offset));
        }
        self.line += 1 + cells
            .iter()
            .map(|c| c.bytes().filter(|b| *b == b'\n').count() as u64)
            .sum::<u64>();
        let mut writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(std::mem::take(&mut self.out));
        if writer.write_record(&cells).is_err() {
            self.done = true;
        } else if let Ok(out) = writer.into_inner() {
            self.out = out;
        } else {
            self.done = true;
        }
        self.at = 0;
        true
    }
}

impl Read for SheetCsv<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at >= self.out.len() {
            if self.done {
                return Ok(0);
            }
            self.out.clear();
            self.at = 0;
            self.fill();
        }
        let n = buf.len().min(self.out.len() - self.at);
        buf[..n].copy_from_slice(&self.out[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_named_as_a_spreadsheet_names_them() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(701), "ZZ");
        assert_eq!(column_name(702), "AAA");
        assert_eq!(cell_name(7, 2), "C7");
    }

    #[test]
    fn numbers_are_written_as_shown() {
        assert_eq!(number(7.0), "7");
        assert_eq!(number(-2.0), "-2");
        assert_eq!(number(2.5), "2.5");
        assert_eq!(number(f64::NAN), "NaN");
    }

    #[test]
    fn date_cells_are_days_and_any_serial_number_is_read_without_a_panic() {
        use calamine::{ExcelDateTime, ExcelDateTimeType::DateTime};
        let day = |f: f64| date_time(&ExcelDateTime::new(f, DateTime, false));
        assert_eq!(day(45_539.0), "2024-09-04");
        assert_eq!(day(45_539.812_5), "2024-09-04 19:30");
        assert_eq!(day(61.0), "1900-03-01");
        assert_eq!(
            date_time(&ExcelDateTime::new(44_077.0, DateTime, true)),
            "2024-09-04"
        );
        for f in [
            0.0,
            0.5,
            1.0,
            59.0,
            59.999,
            60.0,
            60.5,
            2_958_465.0,
            2_958_465.999_999,
            2_958_466.0,
            -1.0,
            1e300,
            f64::NAN,
            f64::INFINITY,
            -0.0,
            1e-300,
        ] {
            let _ = day(f);
            let _ = date_time(&ExcelDateTime::new(f, DateTime, true));
        }
        // Before 1900 a day is still a date (the import says it is out of range).
        assert_eq!(day(-1.0), "1899-12-29");
    }

    #[test]
    fn iso_dates_lose_a_midnight() {
        assert_eq!(iso("2024-03-14"), "2024-03-14");
        assert_eq!(iso("2024-03-14T00:00:00"), "2024-03-14");
        assert_eq!(iso("2024-03-14T19:30:00"), "2024-03-14 19:30");
    }

    #[test]
    fn a_line_is_found_at_its_row() {
        let places = Places {
            breaks: vec![(1, 2), (3, 5)],
            ..Places::default()
        };
        assert_eq!(places.row(1), 3);
        assert_eq!(places.row(2), 4);
        assert_eq!(places.row(3), 8);
        assert_eq!(places.place(4, Some(3)), "cell C9");
        assert_eq!(places.place(4, None), "row 9");
    }
}
