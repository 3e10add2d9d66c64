//! The sample workbook `examples/league/past/abercarn-2015-2022.xlsx` (seven past seasons of the
//! Abercarn league: two final tables, two results grids, a season match by match and two night
//! by night, and a sheet of notes that is no results) is made from `tests/data/sample_book/`,
//! one CSV a sheet (`NN-Sheet name.csv`, in order), which `tools/make_past_seasons.py` writes.
//!
//! `DON_WRITE_SAMPLE_BOOK=1 cargo test --test integration sample_book::` writes the workbook; otherwise the
//! tests check that the shipped one is byte for byte what the sheets make, and that read back
//! (with calamine, as `don import` reads a workbook) every sheet holds its CSV's cells: whole
//! numbers as number cells, dates as date cells (text in the sheet `Nights 2020-21`, as a
//! secretary may type them), the rest as text, an empty cell left empty.

use std::path::{Path, PathBuf};
use std::sync::Once;

use calamine::{open_workbook_auto, Data, Reader};
use rust_xlsxwriter::{DocProperties, ExcelDateTime, Format, Workbook};

/// The sheet whose dates are typed as text, not date cells.
const TEXT_DATES: &str = "Nights 2020-21";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped workbook (first written from the sheets, once, under `DON_WRITE_SAMPLE_BOOK`).
fn book_path() -> PathBuf {
    static WRITE: Once = Once::new();
    let path = root().join("examples/league/past/abercarn-2015-2022.xlsx");
    WRITE.call_once(|| {
        if std::env::var_os("DON_WRITE_SAMPLE_BOOK").is_some() {
            std::fs::write(&path, make_book()).unwrap();
        }
    });
    path
}

/// Each sheet's name and rows of cells, in order.
fn sheets() -> Vec<(String, Vec<Vec<String>>)> {
    let dir = root().join("tests/data/sample_book");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "the sample book's sheets are in {dir:?}");
    files
        .iter()
        .map(|path| {
            let stem = path.file_stem().unwrap().to_str().unwrap();
            let name = stem.split_once('-').expect("NN-Sheet name.csv").1;
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_path(path)
                .unwrap();
            let rows = reader
                .records()
                .map(|r| r.unwrap().iter().map(str::to_string).collect())
                .collect();
            (name.to_string(), rows)
        })
        .collect()
}

/// A cell's text as a whole number, if it is one (and no longer than a number cell keeps).
fn whole(text: &str) -> Option<i64> {
    (text.len() <= 9 && !text.starts_with('+'))
        .then(|| text.parse().ok())
        .flatten()
}

/// A cell's text as a date `YYYY-MM-DD`, if it is one.
fn date(text: &str) -> Option<(u16, u8, u8)> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    Some((
        text[..4].parse().ok()?,
        text[5..7].parse().ok()?,
        text[8..].parse().ok()?,
    ))
}

/// The workbook the sheets make, as bytes (its creation time fixed, so the same each time).
fn make_book() -> Vec<u8> {
    let mut book = Workbook::new();
    let made = ExcelDateTime::from_ymd(2025, 8, 1).unwrap();
    book.set_properties(
        &DocProperties::new()
            .set_title("Abercarn Crib and Don League results 2015-16 to 2021-22")
            .set_creation_datetime(&made),
    );
    let day = Format::new().set_num_format("yyyy-mm-dd");
    for (name, rows) in sheets() {
        let sheet = book.add_worksheet();
        sheet.set_name(&name).unwrap();
        for (r, row) in rows.iter().enumerate() {
            for (c, text) in row.iter().enumerate() {
                let (r, c) = (r as u32, c as u16);
                if text.is_empty() {
                    continue;
                }
                if let Some(n) = whole(text) {
                    sheet.write_number(r, c, n as f64).unwrap();
                } else if let (Some((y, m, d)), false) = (date(text), name == TEXT_DATES) {
                    let when = ExcelDateTime::from_ymd(y, m, d).unwrap();
                    sheet.write_datetime_with_format(r, c, &when, &day).unwrap();
                } else {
                    sheet.write_string(r, c, text).unwrap();
                }
            }
        }
        sheet.autofit();
    }
    book.save_to_buffer().unwrap()
}

/// A cell read back as the text its CSV has.
fn text_of(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 => format!("{}", *f as i64),
        Data::DateTime(d) => {
            let (y, m, day, ..) = d.to_ymd_hms_milli();
            format!("{y:04}-{m:02}-{day:02}")
        }
        other => panic!("a cell the sample book should not have: {other:?}"),
    }
}

fn read_back(path: &Path) -> Vec<(String, Vec<Vec<String>>)> {
    let mut book = open_workbook_auto(path).unwrap();
    let names = book.sheet_names().to_vec();
    names
        .into_iter()
        .map(|name| {
            let range = book.worksheet_range(&name).unwrap();
            let rows = range
                .rows()
                .map(|row| {
                    let mut cells: Vec<String> = row.iter().map(text_of).collect();
                    while cells.last().is_some_and(String::is_empty) {
                        cells.pop();
                    }
                    cells
                })
                .collect();
            (name, rows)
        })
        .collect()
}

#[test]
fn the_shipped_sample_book_is_what_its_sheets_make() {
    let made = make_book();
    let path = book_path();
    assert_eq!(make_book(), made, "the workbook is made the same each time");
    let shipped = std::fs::read(&path).unwrap_or_default();
    assert!(
        shipped == made,
        "{} is not what tests/data/sample_book/ makes: DON_WRITE_SAMPLE_BOOK=1 cargo test --test integration sample_book:: writes it",
        path.display()
    );
}

#[test]
fn every_sheet_of_the_sample_book_reads_back_as_its_csv() {
    let want = sheets();
    let got = read_back(&book_path());
    let names = |s: &[(String, Vec<Vec<String>>)]| s.iter().map(|(n, _)| n.clone()).collect();
    let (want_names, got_names): (Vec<String>, Vec<String>) = (names(&want), names(&got));
    assert_eq!(got_names, want_names);
    for ((name, want), (_, got)) in want.iter().zip(&got) {
        let want: Vec<Vec<String>> = want
            .iter()
            .map(|row| {
                let mut row = row.clone();
                while row.last().is_some_and(String::is_empty) {
                    row.pop();
                }
                row
            })
            .collect();
        assert_eq!(got.len(), want.len(), "sheet {name}: rows");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "sheet {name}, row {}", i + 1);
        }
    }
}

#[test]
fn the_sample_book_has_two_grids_two_final_tables_and_detailed_seasons() {
    let got = read_back(&book_path());
    let first = |shape: &str| {
        got.iter()
            .filter(|(name, _)| name.starts_with(shape))
            .map(|(_, rows)| rows[0].join(","))
            .collect::<Vec<_>>()
    };
    assert_eq!(first("Grid"), ["season,2017-18", "season,2018-19"]);
    assert_eq!(first("Table").len(), 2);
    assert!(first("Table")
        .iter()
        .all(|h| h.starts_with("season,pos,team,played")));
    assert_eq!(first("Matches").len(), 1);
    assert_eq!(first("Nights").len(), 2);
    // Dates as date cells in one nights sheet, as text in the other.
    let cell = |sheet: &str| {
        let mut book = open_workbook_auto(book_path()).unwrap();
        let range = book.worksheet_range(sheet).unwrap();
        range.get((1, 1)).cloned().unwrap()
    };
    assert!(matches!(cell("Nights 2021-22"), Data::DateTime(_)));
    assert!(matches!(cell("Nights 2020-21"), Data::String(_)));
}
