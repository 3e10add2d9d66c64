//! A workbook of results (`.xlsx`, `.ods`) read for an import: each sheet of a workbook whose first row is a header of results
//! (or begins with `season`, or with an empty cell, as a results grid does) read as the CSV of
//! its cells would be, through the same reader as a `.csv` file; a fault is then named by the
//! workbook, the sheet and the cell (`book.xlsx, sheet "Matches", cell C7: …`). Sheets of no
//! such shape are passed over, and the import says which.

use std::collections::HashMap;
use std::path::Path;

use super::{FileFault, ResultsFiles};
use crate::record::results::{is_results_header, read_results_lenient, RowError};
use crate::record::sheet::{self, fault_place, Places};
use crate::record::text::escaped as shown;

/// What reading the workbooks of an import found beside their sheets' rows.
#[derive(Default)]
pub struct BooksRead {
    /// Where each sheet read (by the name its faults are given under) has its CSV lines.
    pub places: HashMap<String, Places>,
    /// The faults of the workbooks themselves and of their cells (an error cell, merged cells,
    /// a cell right of the columns read), each in words with its place.
    pub faults: Vec<String>,
    /// The sheets passed over, in words.
    pub passed_over: Vec<String>,
}

impl BooksRead {
    /// A fault's place: `book.xlsx, sheet "Matches", cell C7` for a sheet's, `None` for a
    /// fault of a file that is no sheet (the front end words the fault itself).
    pub fn place(&self, f: &FileFault) -> Option<String> {
        let places = self.places.get(&f.file)?;
        let e = &f.error;
        let at = places.place(e.line, e.column.as_ref().map(|c| c.index));
        Some(format!("{}, {at}", shown(&f.file)))
    }
}

/// Reads the workbook at `path` (named `name`): each sheet of results into `files` (named
/// `book.xlsx, sheet "Matches"`), with the faults of its rows; the rest into `sheets`.
pub fn read_book(path: &Path, name: &str, files: &mut ResultsFiles, sheets: &mut BooksRead) {
    let mut book = match sheet::open(path) {
        Ok(book) => book,
        Err(e) => {
            sheets.faults.push(format!("{}: {e}", shown(name)));
            return;
        }
    };
    let sheet_at = |sheet: &str| format!("{}, sheet \"{}\"", shown(name), shown(sheet));
    for (sheet_name, kind) in book.other_sheets() {
        let at = sheet_at(sheet_name);
        sheets
            .passed_over
            .push(format!("{at}: it is {kind}, not cells"));
    }
    let names: Vec<String> = book.sheet_names().to_vec();
    let mut taken = 0;
    for sheet_name in &names {
        let look = match book.look(sheet_name) {
            Ok(Some(look)) => look,
            Ok(None) => {
                let at = sheet_at(sheet_name);
                sheets.passed_over.push(format!("{at}: it is empty"));
                continue;
            }
            Err(e) => {
                sheets.faults.push(format!("{}: {e}", shown(name)));
                taken += 1;
                continue;
            }
        };
        let first = look.header.first().map(|c| c.trim()).unwrap_or("");
        let results = is_results_header(&look.header_line())
            || first.is_empty()
            || first.eq_ignore_ascii_case("season");
        if !results {
            sheets.passed_over.push(format!(
                "{}: its first row (row {}) is no header of results",
                sheet_at(sheet_name),
                look.first_row + 1
            ));
            continue;
        }
        taken += 1;
        let file = format!("{name}, sheet \"{sheet_name}\"");
        let mut csv = match book.csv(sheet_name, &look) {
            Ok(csv) => csv,
            Err(e) => {
                sheets.faults.push(format!("{}: {e}", shown(name)));
                continue;
            }
        };
        let read = read_results_lenient(&mut csv);
        // The rest of the sheet, if the reader stopped (at a header it does not know, or at
        // its most faults), for the faults of its cells.
        let _ = std::io::copy(&mut csv, &mut std::io::sink());
        let places = csv.places();
        for f in &places.faults {
            sheets.faults.push(format!(
                "{}, {}: {}",
                shown(&file),
                fault_place(f),
                shown(&f.message)
            ));
        }
        if places.faults_left > 0 {
            sheets.faults.push(format!(
                "{}: … and {} more faults of its cells",
                shown(&file),
                places.faults_left
            ));
        }
        files.take(&file, read);
        // A cell that is a fault already (an error cell) is not refused again for being empty.
        let at_fault = |e: &RowError| {
            let column = e.column.as_ref().map(|c| c.index as u32);
            places.faults.iter().any(|f| {
                f.column.is_some()
                    && f.column.map(|c| c + 1) == column
                    && u64::from(f.row) == places.row(e.line)
            })
        };
        files
            .faults
            .retain(|f| f.file != file || !at_fault(&f.error));
        sheets.places.insert(file, places);
    }
    if taken == 0 {
        let all: Vec<String> = names.iter().map(|n| format!("\"{}\"", shown(n))).collect();
        sheets.faults.push(format!(
            "{}: no sheet begins with a header of results (its sheets: {}); see docs/formats.md#results-csv",
            shown(name),
            if all.is_empty() { "none".to_string() } else { all.join(", ") }
        ));
    }
}
