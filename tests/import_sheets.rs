//! `don import FILE.xlsx|.ods`: every sheet of a workbook read as the CSV of its cells would be
//! (FORMAT.md §3, §7), its faults named by file, sheet and cell; hostile workbooks refused or
//! read with memory bounded, never a panic.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};

use common::book::*;
use common::db::Db;
use common::text;

const LEAGUE: &str = "Abercarn Crib and Don League";
const NIGHTS: &str = "season,date,home,away,home_points,away_points,note";

/// The sample season's CSV files (examples/league/), each with the name of its sheet.
fn sample() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/league");
    ["rosters", "matches", "nights", "adjustments"]
        .iter()
        .map(|shape| {
            let path = dir.join(format!("2025-26-{shape}.csv"));
            (shape.to_string(), std::fs::read_to_string(path).unwrap())
        })
        .collect()
}

/// `book` saved as `name` in the database's folder.
fn saved(db: &Db, book: &mut Book, name: &str) -> PathBuf {
    let path = db.dir().join(name);
    book.save(&path);
    path
}

fn import(db: &Db, file: &Path, more: &[&str]) -> std::process::Output {
    let mut args = vec!["import", file.to_str().unwrap(), "--league", LEAGUE];
    args.extend_from_slice(more);
    db.run(&args)
}

/// What a season's results export to, every shape.
fn exported(db: &Db) -> String {
    ["matches", "nights", "rosters", "adjustments"]
        .iter()
        .map(|shape| {
            db.ok(&[
                "export", "--league", LEAGUE, "--season", "2025-26", "--shape", shape,
            ])
        })
        .collect()
}

/// The stderr lines of a refused import, the database's folder left out.
fn said(db: &Db, out: &std::process::Output) -> Vec<String> {
    let dir = format!("{}/", db.dir().display());
    text(&out.stderr)
        .lines()
        .map(|l| l.replace(&dir, ""))
        .collect()
}

#[test]
fn the_sample_season_as_a_workbook_imports_as_its_csv_files_do_and_again_imports_nothing() {
    let by_csv = Db::new();
    let mut args = vec!["import".to_string()];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/league");
    for shape in ["rosters", "matches", "nights", "adjustments"] {
        args.push(
            dir.join(format!("2025-26-{shape}.csv"))
                .display()
                .to_string(),
        );
    }
    args.extend(["--league", LEAGUE, "--create"].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let csv_said = by_csv.ok(&args);

    let by_book = Db::new();
    let mut book = Book::new();
    book.sheet("Notes")
        .csv("The Abercarn league's results,\nkept by the secretary,");
    for (shape, csv) in sample() {
        // Typed as a secretary types them: numbers and dates as such.
        book.sheet(&shape).csv_typed(&csv);
    }
    book.sheet("Blank");
    let file = saved(&by_book, &mut book, "season.xlsx");
    let before = by_book.dump();
    let dry = import(&by_book, &file, &["--create", "--dry-run"]);
    assert_eq!(dry.status.code(), Some(0), "{}", text(&dry.stderr));
    assert_eq!(by_book.dump(), before, "a dry run changes nothing");
    let out = import(&by_book, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        csv_said,
        "the same import in the same words"
    );
    assert_eq!(
        said(&by_book, &out),
        [
            "note: passed over season.xlsx, sheet \"Notes\": its first row (row 1) is no header of results",
            "note: passed over season.xlsx, sheet \"Blank\": it is empty",
            "note: the new league has Abercarn's configuration; for another, make it first with `don league new` (see `don league set --help`)",
        ]
    );
    assert_eq!(exported(&by_book), exported(&by_csv));
    assert_eq!(
        by_book.ok(&["standings", "--league", LEAGUE, "--json"]),
        by_csv.ok(&["standings", "--league", LEAGUE, "--json"])
    );
    // Again: nothing new, nothing changed.
    let after = by_book.dump();
    let again = import(&by_book, &file, &[]);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(
        text(&again.stdout).starts_with("Nothing to import: all "),
        "{}",
        text(&again.stdout)
    );
    assert_eq!(by_book.dump(), after);
    // One change in the log, undone by one `undo`.
    by_book.ok(&["undo"]);
    assert_eq!(by_book.sql("SELECT count(*) FROM fixtures"), "0\n");
}

/// A nights sheet with these rows after the header.
fn nights_book(rows: &[&[Cell]]) -> Book {
    let mut book = Book::new();
    let mut sheet = book.sheet("Nights");
    sheet.csv(NIGHTS);
    for (i, row) in rows.iter().enumerate() {
        sheet.row(i as u32 + 1, row);
    }
    book
}

#[test]
fn dates_are_read_from_date_cells_in_any_format_and_from_text() {
    let db = Db::new();
    let s = T("2025-26");
    let mut book = nights_book(&[
        &[
            s.clone(),
            D(2025, 9, 4),
            T("Royal Oak"),
            T("Red Lion"),
            N(3.0),
            N(6.0),
        ],
        &[
            s.clone(),
            DShown(2025, 9, 11, "dd/mm/yyyy"),
            T("Red Lion"),
            T("Royal Oak"),
            N(5.0),
            N(4.0),
        ],
        &[
            s.clone(),
            T("2025-09-18"),
            T("Royal Oak"),
            T("Red Lion"),
            T("7"),
            T("2"),
        ],
    ]);
    let file = saved(&db, &mut book, "dates.xlsx");
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        db.sql("SELECT date, home_points, away_points FROM fixtures ORDER BY date"),
        "2025-09-04|3|6\n2025-09-11|5|4\n2025-09-18|7|2\n"
    );
}

#[test]
fn every_fault_is_named_by_sheet_and_cell_and_nothing_is_imported() {
    let db = Db::new();
    db.ok(&["league", "new", LEAGUE]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Royal Oak, Red Lion",
        "--create",
    ]);
    let s = T("2025-26");
    let mut book = Book::new();
    book.sheet("Title page").csv("Results 2025-26");
    {
        let mut sheet = book.sheet("Nights");
        // Two blank rows above the header: the header is row 3.
        sheet.csv_at(2, NIGHTS, false);
        let rows: [&[Cell]; 5] = [
            // Row 4: a team's name over two lines in its cell (the CSV line after it is 6).
            &[
                s.clone(),
                D(2025, 9, 4),
                T("Royal\nOak"),
                T("Red Lion"),
                N(3.0),
                N(6.0),
            ],
            // Row 5: points that do not add up to the night's nine matches.
            &[
                s.clone(),
                D(2025, 9, 11),
                T("Red Lion"),
                T("Royal Oak"),
                N(5.0),
                N(5.0),
            ],
            // Row 6 is blank. Row 7: a date with a time of day; a misspelt team.
            &[],
            &[
                s.clone(),
                DT(2025, 9, 18, 19, 30),
                T("Royal Oke"),
                T("Red Lion"),
                N(4.0),
                N(5.0),
            ],
            // Row 8: an error cell, and a cell right of the header's columns.
            &[
                s.clone(),
                D(2025, 9, 25),
                T("Red Lion"),
                T("Royal Oak"),
                F("=1/0", "#DIV/0!"),
                N(9.0),
                Empty,
                T("a note"),
            ],
        ];
        for (i, row) in rows.iter().enumerate() {
            sheet.row(3 + i as u32, row);
        }
    }
    let file = saved(&db, &mut book, "book.xlsx");
    let before = db.dump();
    let out = import(&db, &file, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        said(&db, &out),
        [
            "note: passed over book.xlsx, sheet \"Title page\": its first row (row 1) is no header of results",
            "book.xlsx, sheet \"Nights\", cell E8: the cell holds the error #DIV/0! (a formula's?): give it its value",
            "book.xlsx, sheet \"Nights\", cell H8: `a note` is right of the columns read (A to G, as wide as the header): empty the cell, or move it",
            "book.xlsx, sheet \"Nights\", cell E5: the night's points 5–5 add up to 10; a night has 9 matches",
            "book.xlsx, sheet \"Nights\", cell B7: `2025-09-18 19:30` is not a date (YYYY-MM-DD, a real day)",
            "book.xlsx, sheet \"Nights\", cell C7: no team 'Royal Oke' in Abercarn Crib and Don League; did you mean 'Royal Oak'?",
            "Nothing imported: 5 errors.",
        ]
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn a_formula_gives_the_value_stored_with_it() {
    let db = Db::new();
    let s = T("2025-26");
    let mut book = nights_book(&[&[
        s.clone(),
        D(2025, 9, 4),
        F("=\"Royal \"&\"Oak\"", "Royal Oak"),
        T("Red Lion"),
        F("=1+2", "3"),
        F("=9-E2", "6"),
    ]]);
    let file = saved(&db, &mut book, "formulas.xlsx");
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        db.sql("SELECT t.name, f.home_points, f.away_points FROM fixtures f JOIN teams t ON t.id = f.home"),
        "Royal Oak|3|6\n"
    );
}

#[test]
fn merged_cells_are_refused_by_their_range() {
    let db = Db::new();
    db.ok(&["league", "new", LEAGUE]);
    let mut book = Book::new();
    book.sheet("Nights")
        .csv(NIGHTS)
        .merge(1, 0, 2, 0, "2025-26")
        .row(
            1,
            &[
                Empty,
                D(2025, 9, 4),
                T("Royal Oak"),
                T("Red Lion"),
                N(3.0),
                N(6.0),
            ],
        )
        .row(
            2,
            &[
                Empty,
                D(2025, 9, 11),
                T("Red Lion"),
                T("Royal Oak"),
                N(3.0),
                N(6.0),
            ],
        );
    let file = saved(&db, &mut book, "merged.xlsx");
    let before = db.dump();
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let said = said(&db, &out);
    assert_eq!(
        said[0],
        "merged.xlsx, sheet \"Nights\", cell A2: cells A2:A3 are merged: unmerge them, and give each cell its value"
    );
    assert_eq!(
        said.last().unwrap(),
        &format!("Nothing imported: {} errors.", said.len() - 1)
    );
    assert_eq!(db.dump(), before);
}
