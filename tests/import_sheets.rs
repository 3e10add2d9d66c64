//! `don import FILE.xlsx|.ods`: every sheet of a workbook read as the CSV of its cells would be
//! (FORMAT.md §3, §7), its faults named by file, sheet and cell; hostile workbooks refused or
//! read with memory bounded, never a panic.

use crate::common;

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
    book.chart_sheet("Chart", "nights!$E$2:$E$20");
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
            "note: passed over season.xlsx, sheet \"Chart\": it is a chart, not cells",
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
    db.league_new(LEAGUE, &[]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
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
    db.league_new(LEAGUE, &[]);
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

/// The parts of a workbook: each name and its bytes.
fn parts(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    (0..zip.len())
        .map(|i| {
            let mut part = zip.by_index(i).unwrap();
            let mut data = Vec::new();
            std::io::Read::read_to_end(&mut part, &mut data).unwrap();
            (part.name().unwrap().into_owned(), data)
        })
        .collect()
}

/// CRC-32 (as zip has it), bit by bit.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for b in data {
        crc ^= u32::from(*b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A zip of `parts` stored (not compressed), written by hand so that what each part declares
/// it unzips to can be a lie: `declared` gives it for the part named, the others truthful.
fn stored_zip(parts: &[(String, Vec<u8>)], declared: &[(&str, u32)]) -> Vec<u8> {
    let (mut out, mut central) = (Vec::new(), Vec::new());
    for (name, data) in parts {
        let size = declared
            .iter()
            .find(|(n, _)| n == name)
            .map_or(data.len() as u32, |(_, size)| *size);
        let offset = out.len() as u32;
        let crc = crc32(data);
        let le16 = |v: &mut Vec<u8>, x: u16| v.extend_from_slice(&x.to_le_bytes());
        let le32 = |v: &mut Vec<u8>, x: u32| v.extend_from_slice(&x.to_le_bytes());
        le32(&mut out, 0x0403_4b50);
        for x in [20, 0, 0, 0, 0x21] {
            le16(&mut out, x);
        }
        for x in [crc, data.len() as u32, size] {
            le32(&mut out, x);
        }
        le16(&mut out, name.len() as u16);
        le16(&mut out, 0);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        le32(&mut central, 0x0201_4b50);
        for x in [20, 20, 0, 0, 0, 0x21] {
            le16(&mut central, x);
        }
        for x in [crc, data.len() as u32, size] {
            le32(&mut central, x);
        }
        for x in [name.len() as u16, 0, 0, 0, 0] {
            le16(&mut central, x);
        }
        le32(&mut central, 0);
        le32(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let at = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    for x in [0u16, 0, parts.len() as u16, parts.len() as u16] {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&at.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

/// A workbook of one good nights sheet.
fn good_book() -> Vec<u8> {
    nights_book(&[&[
        T("2025-26"),
        D(2025, 9, 4),
        T("Royal Oak"),
        T("Red Lion"),
        N(3.0),
        N(6.0),
    ]])
    .bytes()
}

/// `bytes` written as `name`, imported with `--create`: refused (exit 1), with nothing made;
/// what it said.
fn refused(name: &str, bytes: &[u8]) -> Vec<String> {
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    let file = db.dir().join(name);
    std::fs::write(&file, bytes).unwrap();
    let before = db.dump();
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(db.dump(), before);
    said(&db, &out)
}

#[test]
fn the_hand_made_zip_of_a_workbook_reads_as_the_workbook() {
    // The test's own zip writer is right: a workbook rewritten by it imports.
    let db = Db::new();
    let file = db.dir().join("again.xlsx");
    std::fs::write(&file, stored_zip(&parts(&good_book()), &[])).unwrap();
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(db.sql("SELECT count(*) FROM fixtures"), "1\n");
}

#[test]
fn a_zip_bomb_is_refused_by_what_it_declares_before_it_is_unzipped() {
    let parts = parts(&good_book());
    let bomb = stored_zip(&parts, &[("xl/worksheets/sheet1.xml", 3_000_000_000)]);
    assert_eq!(
        refused("bomb.xlsx", &bomb),
        [
            "bomb.xlsx: its part `xl/worksheets/sheet1.xml` unzips to 3000000000 bytes: a part of at most 134217728 bytes is read (is it a zip bomb?); save the sheets of results in a workbook of their own, or as CSV",
            "Nothing imported: 1 error.",
        ]
    );
    // Many parts, each small enough, that all together declare too much.
    let mut many = parts.clone();
    let images: Vec<String> = (0..3).map(|i| format!("xl/media/image{i}.png")).collect();
    for name in &images {
        many.push((name.clone(), vec![0; 10]));
    }
    let declared: Vec<(&str, u32)> = images.iter().map(|n| (n.as_str(), 100_000_000)).collect();
    let bytes = stored_zip(&many, &declared);
    let said = refused("many.xlsx", &bytes);
    assert!(
        said[0].starts_with("many.xlsx: its parts unzip to ")
            && said[0].ends_with("bytes: at most 268435456 bytes are read (is it a zip bomb?); save the sheets of results in a workbook of their own, or as CSV"),
        "{said:?}"
    );
}

#[test]
fn a_part_that_unzips_to_more_than_it_declares_is_refused() {
    let parts = parts(&good_book());
    let liar = stored_zip(&parts, &[("xl/worksheets/sheet1.xml", 100)]);
    let said = refused("liar.xlsx", &liar);
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said[0].starts_with("liar.xlsx: "), "{said:?}");
    assert_eq!(said[1], "Nothing imported: 1 error.");
}

#[test]
fn what_is_no_workbook_is_refused_by_name() {
    let said = refused("junk.xlsx", b"season,date\nthis is no workbook\n");
    assert_eq!(
        said,
        [
            "junk.xlsx: cannot read it: it is not a workbook (it is empty, or another kind of file named as one): save the sheets of results from a spreadsheet program, as a workbook or as CSV",
            "Nothing imported: 1 error.",
        ]
    );
    let said = refused("empty.ods", b"");
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said[0].starts_with("empty.ods: cannot read it: "),
        "{said:?}"
    );
}

#[test]
fn a_huge_sheet_is_refused_by_its_size_before_it_is_read() {
    let mut book = Book::new();
    book.sheet("Nights").csv(NIGHTS).cell(1_048_575, 5, &N(1.0));
    assert_eq!(
        refused("huge.xlsx", &book.bytes()),
        [
            "huge.xlsx: sheet \"Nights\" is A1:G1048576, 7340032 cells: a sheet of at most 2000000 cells (rows × columns) and 1000 columns is read; split it into sheets",
            "Nothing imported: 1 error.",
        ]
    );
    let mut book = Book::new();
    book.sheet("Wide").csv(NIGHTS).cell(1, 16_383, &T("far"));
    assert_eq!(
        refused("wide.xlsx", &book.bytes()),
        [
            "wide.xlsx: sheet \"Wide\" is A1:XFD2, 32768 cells: a sheet of at most 2000000 cells (rows × columns) and 1000 columns is read; split it into sheets",
            "Nothing imported: 1 error.",
        ]
    );
}

/// An .ods workbook of one sheet, written by hand: its rows of cells, each a string, a float
/// or a date (`d:` before it).
fn ods(sheet: &str, rows: &[&[&str]]) -> Vec<u8> {
    let mut table = String::new();
    for row in rows {
        table.push_str("<table:table-row>");
        for cell in *row {
            if let Some(date) = cell.strip_prefix("d:") {
                table.push_str(&format!(
                    r#"<table:table-cell office:value-type="date" office:date-value="{date}"><text:p>{date}</text:p></table:table-cell>"#
                ));
            } else if cell.parse::<f64>().is_ok() {
                table.push_str(&format!(
                    r#"<table:table-cell office:value-type="float" office:value="{cell}"><text:p>{cell}</text:p></table:table-cell>"#
                ));
            } else if cell.is_empty() {
                table.push_str("<table:table-cell/>");
            } else {
                table.push_str(&format!(
                    r#"<table:table-cell office:value-type="string"><text:p>{cell}</text:p></table:table-cell>"#
                ));
            }
        }
        table.push_str("</table:table-row>");
    }
    ods_of(sheet, &table)
}

/// An .ods workbook of one sheet whose rows are `table` (its XML).
fn ods_of(sheet: &str, table: &str) -> Vec<u8> {
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="{sheet}">{table}</table:table></office:spreadsheet></office:body></office:document-content>"#
    );
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    stored_zip(
        &[
            (
                "mimetype".into(),
                b"application/vnd.oasis.opendocument.spreadsheet".to_vec(),
            ),
            ("META-INF/manifest.xml".into(), manifest.as_bytes().to_vec()),
            ("content.xml".into(), content.into_bytes()),
        ],
        &[],
    )
}

#[test]
fn an_ods_sheet_imports_with_its_date_cells_and_its_faults_by_cell() {
    let db = Db::new();
    let header: Vec<&str> = NIGHTS.split(',').collect();
    let good = ods(
        "Nights",
        &[
            &header,
            &["2025-26", "d:2025-09-04", "Royal Oak", "Red Lion", "3", "6"],
            &["2025-26", "2025-09-11", "Red Lion", "Royal Oak", "5", "4"],
        ],
    );
    let file = db.dir().join("season.ods");
    std::fs::write(&file, good).unwrap();
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        db.sql("SELECT date, home_points, away_points FROM fixtures ORDER BY date"),
        "2025-09-04|3|6\n2025-09-11|5|4\n"
    );
    let bad = ods(
        "Nights",
        &[
            &header,
            &["2025-26", "d:2025-09-18", "Royal Oak", "Red Lion", "3", "7"],
        ],
    );
    assert_eq!(
        refused("bad.ods", &bad),
        [
            "bad.ods, sheet \"Nights\", cell E2: the night's points 3–7 add up to 10; a night has 9 matches",
            "Nothing imported: 1 error.",
        ]
    );
}

/// Runs `cmd` to its end; its exit code, what it said on standard error, and the most memory
/// it held (kB): its `VmHWM` (the peak of the memory it held since it began running `don`),
/// read every few milliseconds until it ends.
fn run_measured(cmd: &mut std::process::Command, said: &Path) -> (Option<i32>, String, u64) {
    let mut child = cmd
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(said).unwrap())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let code = loop {
        let hwm = std::fs::read_to_string(&status).ok().and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        peak = peak.max(hwm.unwrap_or(0));
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    (code, std::fs::read_to_string(said).unwrap(), peak)
}

#[test]
fn a_sheet_of_100000_rows_is_read_to_its_end_in_the_memory_its_csv_takes() {
    const ROWS: usize = 100_000;
    // A configuration sheet setting the walkover over and over: every row is read, and every
    // row but the first is refused (the setting given again), so the import does little else.
    let mut csv = String::from("season,setting,value\n");
    for i in 0..ROWS {
        csv.push_str(&format!("2025-26,walkover,{}\n", 8 + i % 2));
    }
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    let (xlsx, plain) = (db.dir().join("big.xlsx"), db.dir().join("big.csv"));
    let mut book = Book::new();
    book.sheet("Configuration").csv_typed(&csv);
    book.save(&xlsx);
    std::fs::write(&plain, &csv).unwrap();
    let before = db.dump();
    let import = |file: &Path| {
        let said = db.dir().join("said.txt");
        let args = [
            "import",
            file.to_str().unwrap(),
            "--league",
            LEAGUE,
            "--create",
        ];
        run_measured(&mut db.cmd(&args), &said)
    };
    let (code, said, by_book) = import(&xlsx);
    assert_eq!(code, Some(1), "{said}");
    // Every row read: the last one's fault is at its cell.
    let last = format!("cell C{}: ", ROWS + 1);
    assert!(
        said.contains(&last) || said.contains("… and 99799 more"),
        "{said}"
    );
    assert!(
        said.ends_with(&format!("Nothing imported: {} errors.\n", ROWS - 1)),
        "{said}"
    );
    assert_eq!(db.dump(), before);
    let (code, csv_said, by_csv) = import(&plain);
    assert_eq!(code, Some(1), "{csv_said}");
    assert_eq!(
        said.lines().last(),
        csv_said.lines().last(),
        "the same faults as its CSV"
    );
    // Streamed: the sheet costs what its CSV costs and a little more (the workbook's shared
    // strings, the reader's buffers: 3 MB more, 71 MB beside 68 MB, when this was written),
    // not its 300,000 cells held at once (about 20 MB more).
    eprintln!("the workbook took {by_book} kB, its CSV {by_csv} kB");
    assert!(
        by_book < by_csv + 10 * 1024,
        "the workbook took {by_book} kB, its CSV {by_csv} kB"
    );
}

#[test]
fn an_ods_sheet_of_a_few_bytes_asking_for_millions_of_cells_is_refused_before_it_is_read() {
    let header: String = NIGHTS
        .split(',')
        .map(|h| format!(r#"<table:table-cell office:value-type="string"><text:p>{h}</text:p></table:table-cell>"#))
        .collect();
    // Twenty thousand rows of a thousand cells each: twenty million cells, in 500 bytes.
    let rows = r#"<table:table-row table:number-rows-repeated="20000"><table:table-cell table:number-columns-repeated="1000" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#;
    let bomb = ods_of(
        "Nights",
        &format!("<table:table-row>{header}</table:table-row>{rows}"),
    );
    assert!(bomb.len() < 2000);
    assert_eq!(
        refused("bomb.ods", &bomb),
        [
            "bomb.ods: sheet \"Nights\" is A1:ALL20001 at least, 20001000 cells: a sheet of at most 2000000 cells (rows × columns) and 1000 columns is read; split it into sheets",
            "Nothing imported: 1 error.",
        ]
    );
    // The empty rows and cells a spreadsheet program writes to the sheet's end are nothing.
    let night = r#"<table:table-row><table:table-cell office:value-type="string"><text:p>2025-26</text:p></table:table-cell><table:table-cell office:value-type="date" office:date-value="2025-09-04"><text:p>04/09/25</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Royal Oak</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Red Lion</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="3"><text:p>3</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="6"><text:p>6</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1018"/></table:table-row>"#;
    let tail = r#"<table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>"#;
    let db = Db::new();
    let file = db.dir().join("libre.ods");
    std::fs::write(
        &file,
        ods_of(
            "Nights",
            &format!("<table:table-row>{header}</table:table-row>{night}{tail}"),
        ),
    )
    .unwrap();
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        db.sql("SELECT date, home_points, away_points FROM fixtures"),
        "2025-09-04|3|6\n"
    );
}

#[test]
fn a_sheet_beginning_with_season_or_an_empty_cell_is_read_as_a_results_grid_may_be() {
    let db = Db::new();
    let mut book = Book::new();
    book.sheet("Notes").csv("Grids of the old handbooks");
    // A season row, then the away teams on a wider row: read as wide as the wider.
    book.sheet("Grid").csv(
        "season,2014-15\n,Royal Oak,Red Lion,Six Bells\nRoyal Oak,x,5-4,9-0 w/o\nRed Lion,3-6,x,-\nSix Bells,2-7,4-5,x\n",
    );
    book.sheet("Empty corner")
        .csv(",Royal Oak,Red Lion\nRoyal Oak,x,5-4\nRed Lion,3-6,x\n");
    let file = saved(&db, &mut book, "grids.xlsx");
    let out = import(&db, &file, &["--create", "--dry-run"]);
    let said = said(&db, &out);
    let passed_over: Vec<&String> = said.iter().filter(|l| l.contains("passed over")).collect();
    assert_eq!(
        passed_over,
        ["note: passed over grids.xlsx, sheet \"Notes\": its first row (row 1) is no header of results"],
        "{said:?}"
    );
    // Whatever the reader makes of them, nothing is cut off as right of the columns read.
    assert!(
        !said.iter().any(|l| l.contains("right of the columns read")),
        "{said:?}"
    );
}

#[test]
fn a_workbook_and_csv_files_import_together_as_one_change() {
    let db = Db::new();
    let csv = db.dir().join("rosters.csv");
    std::fs::write(&csv, "season,team,player\n2025-26,Royal Oak,Gareth\n").unwrap();
    let mut book = nights_book(&[&[
        T("2025-26"),
        D(2025, 9, 4),
        T("Royal Oak"),
        T("Red Lion"),
        N(3.0),
        N(6.0),
    ]]);
    let file = saved(&db, &mut book, "nights.xlsx");
    let out = db.run(&[
        "import",
        file.to_str().unwrap(),
        csv.to_str().unwrap(),
        "--league",
        LEAGUE,
        "--create",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(db.sql("SELECT count(*) FROM fixtures"), "1\n");
    assert_eq!(db.sql("SELECT count(*) FROM rosters"), "1\n");
    assert_eq!(db.sql("SELECT count(*) FROM operations"), "1\n");
}

#[test]
fn a_nights_points_taken_for_a_date_in_a_grid_are_refused_at_their_cell() {
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    let mut book = Book::new();
    book.sheet("Grid")
        .csv("season,2014-15\n,Royal Oak,Red Lion\nRoyal Oak,x\nRed Lion,3-6,x\n")
        // "5-4" as a spreadsheet program keeps it once it has taken it for 5 April.
        .cell(2, 2, &DShown(2015, 4, 5, "d-mmm"));
    let file = saved(&db, &mut book, "grid.xlsx");
    let before = db.dump();
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let said = said(&db, &out);
    assert_eq!(
        said[0],
        "grid.xlsx, sheet \"Grid\", cell C3: the cell is a date (2015-04-05): a spreadsheet program takes a night's points typed as 5-4 for a date; make the grid's cells text and type them again"
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn a_workbook_cut_short_or_scribbled_on_anywhere_is_refused_and_never_panics() {
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    let parts = parts(&good_book());
    let mut tried = 0;
    for (i, (name, data)) in parts.iter().enumerate() {
        if !name.ends_with(".xml") {
            continue;
        }
        // Cut at five places, and scribbled on at five (a `<` made `>`, a digit made a letter).
        let mut variants = Vec::new();
        for k in 1..=5 {
            variants.push(data[..data.len() * k / 6].to_vec());
            let mut scribbled = data.clone();
            let at = data.len() * k / 6;
            let mark = scribbled[at..]
                .iter()
                .position(|b| *b == b'<' || b.is_ascii_digit());
            if let Some(p) = mark {
                let b = &mut scribbled[at + p];
                *b = if *b == b'<' { b'>' } else { b'x' };
            }
            variants.push(scribbled);
        }
        for variant in variants {
            let mut broken = parts.clone();
            broken[i].1 = variant;
            let file = db.dir().join("broken.xlsx");
            std::fs::write(&file, stored_zip(&broken, &[])).unwrap();
            let out = import(&db, &file, &["--create", "--dry-run"]);
            let code = out.status.code();
            assert!(
                code == Some(0) || code == Some(1),
                "{name} broken: exit {code:?}\n{}",
                text(&out.stderr)
            );
            assert!(
                !text(&out.stderr).contains("panicked"),
                "{}",
                text(&out.stderr)
            );
            tried += 1;
        }
    }
    assert!(tried >= 50, "{tried}");
}

#[test]
fn a_formula_with_no_value_saved_is_refused_at_its_cell() {
    let mut book = nights_book(&[&[
        T("2025-26"),
        D(2025, 9, 4),
        T("Royal Oak"),
        T("Red Lion"),
        F("=1+2", "3"),
        N(6.0),
    ]]);
    // As a program that writes formulas without working them out leaves them: no `<v>`.
    let mut parts = parts(&book.bytes());
    let sheet = parts
        .iter_mut()
        .find(|(n, _)| n == "xl/worksheets/sheet1.xml")
        .unwrap();
    let xml = String::from_utf8(sheet.1.clone()).unwrap();
    assert!(xml.contains("<f>1+2</f><v>3</v>"), "{xml}");
    sheet.1 = xml.replace("<f>1+2</f><v>3</v>", "<f>1+2</f>").into_bytes();
    assert_eq!(
        refused("unsaved.xlsx", &stored_zip(&parts, &[])),
        [
            "unsaved.xlsx, sheet \"Nights\", cell E2: the cell holds a formula with no value saved (the workbook was not made by a spreadsheet program that works its formulas out: open it in one and save it)",
            "Nothing imported: 1 error.",
        ]
    );
}

#[test]
fn a_night_stored_with_other_points_is_a_fault_at_the_cell_of_the_points_that_differ() {
    let db = Db::new();
    let night = |home: f64, away: f64| {
        let mut book = Book::new();
        book.sheet("Nights").csv(NIGHTS).row(
            1,
            &[
                T("2000-01"),
                D(2000, 9, 7),
                T("Royal Oak"),
                T("Red Lion"),
                N(home),
                N(away),
            ],
        );
        book
    };
    let first = saved(&db, &mut night(3.0, 6.0), "first.xlsx");
    db.ok(&[
        "import",
        first.to_str().unwrap(),
        "--league",
        LEAGUE,
        "--create",
    ]);
    for (home, away, cell) in [(4.0, 5.0, "E2"), (9.0, 0.0, "E2")] {
        let changed = saved(&db, &mut night(home, away), "changed.xlsx");
        let out = import(&db, &changed, &[]);
        assert_eq!(out.status.code(), Some(1));
        let said = said(&db, &out);
        assert!(
            said[0].starts_with(&format!("changed.xlsx, sheet \"Nights\", cell {cell}: Royal Oak v Red Lion on 2000-09-07 is already entered with another result: stored 3–6 (totals), here ")),
            "{said:?}"
        );
    }
}

#[test]
fn a_date_cell_before_1900_is_shown_as_its_date_and_said_to_be_out_of_range() {
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    let mut book = Book::new();
    // -18260: 1850-01-01, 18,260 days before 1899-12-30.
    book.sheet("Nights").csv(NIGHTS).row(
        1,
        &[
            T("2002-03"),
            DSerial(-18260.0),
            T("Six Bells"),
            T("Royal Oak"),
            N(5.0),
            N(4.0),
        ],
    );
    let file = saved(&db, &mut book, "old.xlsx");
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(1));
    let said = said(&db, &out);
    assert!(
        said[0].starts_with("old.xlsx, sheet \"Nights\", cell B2: ")
            && said[0].contains("1850-01-01 is not between 1900-01-01 and 2200-12-31")
            && !said[0].contains("18260"),
        "{said:?}"
    );
}

#[test]
fn a_final_table_row_refused_for_one_cell_draws_no_warning_about_the_table_not_kept() {
    // Before: the row refused was left out of the table's sums, so the table, not kept, was
    // also warned of ("2 nights won but 0 lost … kept as printed") at line 2, a row that is
    // fine.
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    let header = "season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note\n";
    let mut book = Book::new();
    book.sheet("Table 1998-99").csv(&format!(
        "{header}1998-99,1,Six Bells,2,2,0,0,10,8,,,4,\n1998-99,2,Red Lion,2,0,0,x,8,10,,,0,\n"
    ));
    let file = saved(&db, &mut book, "table.xlsx");
    let before = db.dump();
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(1));
    let shown = file.display().to_string();
    assert_eq!(
        text(&out.stderr).replace(&shown, "table.xlsx"),
        "table.xlsx, sheet \"Table 1998-99\", cell G3: `x` is not a number (0 or more)\n\
         Nothing imported: 1 error.\n"
    );
    assert_eq!(db.dump(), before);
    // The table whole and kept: what is kept as printed is still warned of.
    let mut book = Book::new();
    book.sheet("Table 1998-99").csv(&format!(
        "{header}1998-99,1,Six Bells,2,2,0,0,10,8,,,4,\n1998-99,2,Red Lion,2,0,0,2,8,9,,,0,\n"
    ));
    let file = saved(&db, &mut book, "table.xlsx");
    let out = import(&db, &file, &["--create"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("row 2: 1998-99's table has 18 matches for but 17 against"),
        "{}",
        text(&out.stderr)
    );
}
