//! A small builder of `.xlsx` workbooks for tests, written with rust_xlsxwriter: sheets of text,
//! number, date and formula cells, and merged ranges.
//!
//! ```ignore
//! let mut book = Book::new();
//! book.sheet("Matches")
//!     .csv("season,date,home,away,kind,slot,home_legs,away_legs")
//!     .row(1, &[T("2024"), D(2024, 3, 14), T("Fox"), T("Oak"), T("don"), N(1.0), N(2.0), N(1.0)]);
//! book.save(&dir.path().join("book.xlsx"));
//! ```
//!
//! Rows and columns count from 0, as rust_xlsxwriter does (row 0, column 0 is cell A1).
#![allow(dead_code)]

use std::path::Path;

use rust_xlsxwriter::{Chart, ChartType, ExcelDateTime, Format, Formula, Workbook, Worksheet};

/// One cell to write.
#[derive(Clone, Debug)]
pub enum Cell<'a> {
    /// A text cell.
    T(&'a str),
    /// A number cell.
    N(f64),
    /// A date cell (year, month, day), shown `yyyy-mm-dd`.
    D(u16, u8, u8),
    /// A date cell shown in another number format (`dd/mm/yyyy`, …).
    DShown(u16, u8, u8, &'a str),
    /// A date and time cell (year, month, day, hour, minute).
    DT(u16, u8, u8, u16, u8),
    /// A formula with the result a spreadsheet program would have stored beside it.
    F(&'a str, &'a str),
    /// A date cell by its serial day (days from 1899-12-30: negative before 1900, which
    /// Excel cannot write but LibreOffice can), shown `yyyy-mm-dd`.
    DSerial(f64),
    /// A true or false cell.
    B(bool),
    /// Nothing written.
    Empty,
}

pub use Cell::*;

/// A workbook being built.
pub struct Book {
    workbook: Workbook,
}

impl Default for Book {
    fn default() -> Self {
        Self::new()
    }
}

impl Book {
    pub fn new() -> Self {
        Book {
            workbook: Workbook::new(),
        }
    }

    /// A new sheet named `name`, after those added before.
    pub fn sheet(&mut self, name: &str) -> Sheet<'_> {
        let sheet = self.workbook.add_worksheet();
        sheet.set_name(name).expect("a sheet name");
        Sheet { sheet }
    }

    /// A new chart sheet named `name` (no cells), a column chart of `values` (`Nights!$E$2:$E$3`).
    pub fn chart_sheet(&mut self, name: &str, values: &str) {
        let mut chart = Chart::new(ChartType::Column);
        chart.add_series().set_values(values);
        let sheet = self.workbook.add_chartsheet();
        sheet.set_name(name).expect("a sheet name");
        sheet.insert_chart(0, 0, &chart).expect("a chart");
    }

    /// The workbook's bytes (an .xlsx file).
    pub fn bytes(&mut self) -> Vec<u8> {
        self.workbook.save_to_buffer().expect("workbook written")
    }

    /// Writes the workbook to `path`.
    pub fn save(&mut self, path: &Path) {
        std::fs::write(path, self.bytes()).expect("workbook saved");
    }
}

/// A sheet of a [`Book`], written cell by cell.
pub struct Sheet<'a> {
    sheet: &'a mut Worksheet,
}

impl Sheet<'_> {
    /// Writes one cell at `row`, `col` (from 0).
    pub fn cell(&mut self, row: u32, col: u16, cell: &Cell) -> &mut Self {
        let s = &mut *self.sheet;
        match *cell {
            T(text) => {
                s.write_string(row, col, text).expect("text cell");
            }
            N(n) => {
                s.write_number(row, col, n).expect("number cell");
            }
            D(y, m, d) => {
                let date = ExcelDateTime::from_ymd(y, m, d).expect("a date");
                let shown = Format::new().set_num_format("yyyy-mm-dd");
                s.write_datetime_with_format(row, col, &date, &shown)
                    .expect("date cell");
            }
            DShown(y, m, d, format) => {
                let date = ExcelDateTime::from_ymd(y, m, d).expect("a date");
                let shown = Format::new().set_num_format(format);
                s.write_datetime_with_format(row, col, &date, &shown)
                    .expect("date cell");
            }
            DT(y, m, d, h, min) => {
                let date = ExcelDateTime::from_ymd(y, m, d)
                    .and_then(|t| t.and_hms(h, min, 0))
                    .expect("a date and time");
                let shown = Format::new().set_num_format("yyyy-mm-dd hh:mm");
                s.write_datetime_with_format(row, col, &date, &shown)
                    .expect("date and time cell");
            }
            F(formula, result) => {
                s.write_formula(row, col, Formula::new(formula).set_result(result))
                    .expect("formula cell");
            }
            DSerial(n) => {
                let shown = Format::new().set_num_format("yyyy-mm-dd");
                s.write_number_with_format(row, col, n, &shown)
                    .expect("date cell");
            }
            B(b) => {
                s.write_boolean(row, col, b).expect("boolean cell");
            }
            Empty => {}
        }
        self
    }

    /// Writes `cells` along row `row`, from column A.
    pub fn row(&mut self, row: u32, cells: &[Cell]) -> &mut Self {
        for (col, cell) in cells.iter().enumerate() {
            self.cell(row, col as u16, cell);
        }
        self
    }

    /// Writes a CSV text from cell A1, every cell as text (an empty field writes nothing).
    pub fn csv(&mut self, text: &str) -> &mut Self {
        self.csv_at(0, text, false)
    }

    /// Writes a CSV text from cell A1 as a spreadsheet program would take it typed in: a whole
    /// number as a number cell, `YYYY-MM-DD` as a date cell, anything else as text.
    pub fn csv_typed(&mut self, text: &str) -> &mut Self {
        self.csv_at(0, text, true)
    }

    /// Writes a CSV text from row `first` (column A), typed or not (see [`Sheet::csv_typed`]).
    pub fn csv_at(&mut self, first: u32, text: &str, typed: bool) -> &mut Self {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        for (r, record) in reader.records().enumerate() {
            let record = record.expect("a CSV row");
            for (c, field) in record.iter().enumerate() {
                let (row, col) = (first + r as u32, c as u16);
                if field.is_empty() {
                    continue;
                }
                let date = typed.then(|| ymd(field)).flatten();
                if let Some((y, m, d)) = date {
                    self.cell(row, col, &D(y, m, d));
                } else if typed && field.parse::<i64>().is_ok() {
                    self.cell(row, col, &N(field.parse::<i64>().unwrap() as f64));
                } else {
                    self.cell(row, col, &T(field));
                }
            }
        }
        self
    }

    /// Merges the cells from (`first_row`, `first_col`) to (`last_row`, `last_col`), holding
    /// `text`.
    pub fn merge(
        &mut self,
        first_row: u32,
        first_col: u16,
        last_row: u32,
        last_col: u16,
        text: &str,
    ) -> &mut Self {
        self.sheet
            .merge_range(
                first_row,
                first_col,
                last_row,
                last_col,
                text,
                &Format::new(),
            )
            .expect("merged range");
        self
    }

    /// The sheet itself, for what this builder does not do.
    pub fn worksheet(&mut self) -> &mut Worksheet {
        self.sheet
    }
}

/// `YYYY-MM-DD` as its numbers.
fn ymd(field: &str) -> Option<(u16, u8, u8)> {
    let b = field.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    Some((
        field[0..4].parse().ok()?,
        field[5..7].parse().ok()?,
        field[8..10].parse().ok()?,
    ))
}
