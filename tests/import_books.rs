//! `don import` of workbooks made to cost without bound, of cells holding an error, of merged
//! cells and of files that are no workbook or a damaged one, for every kind calamine reads
//! whole (`.ods`, `.xls`): each refused before it is read, in `don`'s words, at its cell.
//!
//! The workbooks are written here by hand: an `.ods` as its XML in a zip, an `.xls` as the
//! records of its `Workbook` stream (BIFF8) in a Compound File of 512-byte sectors.
//!
//! An import of a workbook that would cost gigabytes is run with its address space bounded
//! (1 GiB, on Linux), so that, before the fix, it fails at once rather than take the machine.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::process::Output;

use common::db::Db;
use common::text;

const LEAGUE: &str = "Abercarn Crib and Don League";
const NIGHTS: [&str; 7] = [
    "season",
    "date",
    "home",
    "away",
    "home_points",
    "away_points",
    "note",
];

/// `don import FILE --league … --create` with the process's address space bounded to 1 GiB.
fn import_bounded(db: &Db, file: &Path) -> Output {
    let args = [
        "import",
        file.to_str().unwrap(),
        "--league",
        LEAGUE,
        "--create",
    ];
    let mut cmd = db.cmd(&args);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: 1 << 30,
                    rlim_max: 1 << 30,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    cmd.output().unwrap()
}

/// `bytes` written as `name` and imported: refused (exit 1), nothing made; what it said (the
/// folder left out).
fn refused(name: &str, bytes: &[u8]) -> Vec<String> {
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    let file = db.dir().join(name);
    std::fs::write(&file, bytes).unwrap();
    let before = db.dump();
    let out = import_bounded(&db, &file);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(!said.contains("panicked"), "{said}");
    assert_eq!(text(&out.stdout), "");
    assert_eq!(db.dump(), before);
    let dir = format!("{}/", db.dir().display());
    said.lines().map(|l| l.replace(&dir, "")).collect()
}

// --- .ods ---

/// A zip of `parts`, deflated (as a spreadsheet program writes an `.ods`).
fn zipped(parts: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, data) in parts {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        zip.start_file(*name, options).unwrap();
        zip.write_all(data).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// An `.ods` workbook of sheets, each its name and rows (their XML).
fn ods(sheets: &[(&str, &str)]) -> Vec<u8> {
    let tables: String = sheets
        .iter()
        .map(|(name, rows)| format!(r#"<table:table table:name="{name}">{rows}</table:table>"#))
        .collect();
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.2"><office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"#
    );
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    zipped(&[
        (
            "mimetype",
            b"application/vnd.oasis.opendocument.spreadsheet".to_vec(),
        ),
        ("META-INF/manifest.xml", manifest.as_bytes().to_vec()),
        ("content.xml", content.into_bytes()),
    ])
}

/// A text cell.
fn t(text: &str) -> String {
    format!(
        r#"<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>"#
    )
}

/// A number cell.
fn n(value: i64) -> String {
    format!(
        r#"<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>"#
    )
}

fn row(cells: &[String]) -> String {
    format!("<table:table-row>{}</table:table-row>", cells.concat())
}

fn header() -> String {
    row(&NIGHTS.map(t))
}

/// A night's row: season, date, home, away, points.
fn night(date: &str, home: &str, away: &str, points: (i64, i64)) -> String {
    row(&[
        t("2025-26"),
        t(date),
        t(home),
        t(away),
        n(points.0),
        n(points.1),
    ])
}

#[test]
fn an_ods_of_a_kilobyte_hiding_its_size_behind_a_table_in_a_cell_is_refused_before_it_is_read() {
    // A row repeated 90,000 times, of a thousand cells, after a cell holding an empty table:
    // the count began again at the table, and the thousand cells were counted once (90
    // million cells read, 5 GB).
    let bomb = format!(
        r#"{}<table:table-row table:number-rows-repeated="90000"><table:table-cell><table:table table:name="inner"/></table:table-cell><table:table-cell table:number-columns-repeated="999" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#,
        header()
    );
    let bytes = ods(&[("Nights", &bomb)]);
    assert!(bytes.len() < 2048, "{}", bytes.len());
    assert_eq!(
        refused("nested.ods", &bytes),
        [
            "nested.ods: sheet \"Nights\" is A1:ALL90001 at least, 90001000 cells: a sheet of at most 2000000 cells (rows × columns) and 1000 columns is read; split it into sheets",
            "Nothing imported: 1 error.",
        ]
    );
}

#[test]
fn an_ods_whose_repeats_come_after_a_long_attribute_is_refused_before_it_is_read() {
    // The repeat attributes after 64 KiB of another attribute were not read (90 million
    // cells read, 5 GB).
    let long = "a".repeat(70_000);
    let bomb = format!(
        r#"{}<table:table-row table:style-name="{long}" table:number-rows-repeated="90000"><table:table-cell table:style-name="{long}" table:number-columns-repeated="1000" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#,
        header()
    );
    let bytes = ods(&[("Nights", &bomb)]);
    assert!(bytes.len() < 2048, "{}", bytes.len());
    assert_eq!(
        refused("long.ods", &bytes),
        [
            "long.ods: sheet \"Nights\" is A1:ALL90001 at least, 90001000 cells: a sheet of at most 2000000 cells (rows × columns) and 1000 columns is read; split it into sheets",
            "Nothing imported: 1 error.",
        ]
    );
}

#[test]
fn an_ods_whose_repeated_text_would_take_gigabytes_is_refused_before_it_is_read() {
    // A few cells, each a long text (a run of spaces a few bytes ask for), repeated: within
    // the bound on cells, past the bound on memory.
    let bomb = format!(
        r#"{}<table:table-row table:number-rows-repeated="10000"><table:table-cell table:number-columns-repeated="7" office:value-type="string"><text:p><text:s text:c="100000"/></text:p></table:table-cell></table:table-row>"#,
        header()
    );
    let said = refused("spaces.ods", &ods(&[("Nights", &bomb)]));
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said[0].starts_with("spaces.ods: its sheets, to sheet \"Nights\", would take ")
            && said[0].ends_with(" bytes or more once read (each repeated row and cell spread out, each shared text copied to its cells): a workbook of at most 268435456 bytes of cells is read; save the sheets of results in a workbook of their own, or as CSV"),
        "{said:?}"
    );
}

#[test]
fn an_ods_sheet_within_the_bounds_and_its_trailing_empty_rows_import() {
    let db = Db::new();
    let rows = format!(
        r#"{}{}<table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>"#,
        header(),
        night("2025-09-04", "Royal Oak", "Red Lion", (3, 6))
    );
    let file = db.dir().join("fine.ods");
    std::fs::write(&file, ods(&[("Nights", &rows)])).unwrap();
    let out = import_bounded(&db, &file);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        db.sql("SELECT date, home_points, away_points FROM fixtures"),
        "2025-09-04|3|6\n"
    );
}

#[test]
fn an_ods_cell_holding_an_error_is_a_fault_at_its_cell_not_a_team_or_a_nought() {
    // As LibreOffice saves them: an error as text (`#REF!`, where a team was), and an error
    // as a number (`#DIV/0!`, where a night's points were, saved as 0).
    let reference = r##"<table:table-cell table:formula="of:=#REF!" office:value-type="string" office:string-value="" calcext:value-type="error"><text:p>#REF!</text:p></table:table-cell>"##;
    let divided = r#"<table:table-cell table:formula="of:=1/0" office:value-type="float" office:value="0" calcext:value-type="error"><text:p>#DIV/0!</text:p></table:table-cell>"#;
    let rows = format!(
        "{}{}",
        header(),
        row(&[
            t("2025-26"),
            t("2025-09-04"),
            reference.to_string(),
            t("Red Lion"),
            n(9),
            divided.to_string(),
        ])
    );
    let said = refused("errors.ods", &ods(&[("Nights", &rows)]));
    assert_eq!(
        said,
        [
            "errors.ods, sheet \"Nights\", cell C2: the cell holds the error #REF! (a formula's?): give it its value",
            "errors.ods, sheet \"Nights\", cell F2: the cell holds the error #DIV/0! (a formula's?): give it its value",
            "Nothing imported: 2 errors.",
        ]
    );
}

#[test]
fn merged_cells_of_an_ods_are_refused_by_their_range() {
    let merged = r#"<table:table-cell table:number-rows-spanned="2" table:number-columns-spanned="1" office:value-type="string"><text:p>2025-26</text:p></table:table-cell>"#;
    let rows = format!(
        "{}{}{}",
        header(),
        row(&[
            merged.to_string(),
            t("2025-09-04"),
            t("Royal Oak"),
            t("Red Lion"),
            n(3),
            n(6),
        ]),
        row(&[
            "<table:covered-table-cell/>".to_string(),
            t("2025-09-11"),
            t("Red Lion"),
            t("Royal Oak"),
            n(3),
            n(6),
        ])
    );
    let said = refused("merged.ods", &ods(&[("Nights", &rows)]));
    assert_eq!(
        said[0],
        "merged.ods, sheet \"Nights\", cell A2: cells A2:A3 are merged: unmerge them, and give each cell its value",
        "{said:?}"
    );
}

#[test]
fn an_ods_cut_short_or_of_no_workbook_is_said_to_be_so_in_dons_words() {
    let good = ods(&[(
        "Nights",
        &format!(
            "{}{}",
            header(),
            night("2025-09-04", "Royal Oak", "Red Lion", (3, 6))
        ),
    )]);
    let damaged = "cannot read it: it is damaged (cut short, or changed by something other than a spreadsheet program): open it in a spreadsheet program and save it again, or save its sheets of results as CSV";
    let none = "cannot read it: it is not a workbook (it is empty, or another kind of file named as one): save the sheets of results from a spreadsheet program, as a workbook or as CSV";
    for (name, bytes, said) in [
        ("cut.ods", good[..good.len() * 2 / 3].to_vec(), damaged),
        (
            "text.ods",
            b"season,date\n2025-26,2025-09-04\n".to_vec(),
            none,
        ),
        ("empty.ods", Vec::new(), none),
        (
            "other.ods",
            zipped(&[("word/document.xml", b"<w:document/>".to_vec())]),
            none,
        ),
    ] {
        assert_eq!(
            refused(name, &bytes),
            [
                format!("{name}: {said}"),
                "Nothing imported: 1 error.".into()
            ]
        );
    }
    // Its content cut inside a sheet's row.
    let cut = zipped(&[
        (
            "mimetype",
            b"application/vnd.oasis.opendocument.spreadsheet".to_vec(),
        ),
        (
            "content.xml",
            br#"<office:document-content><office:body><office:spreadsheet><table:table table:name="Nights"><table:table-row>"#.to_vec(),
        ),
    ]);
    assert_eq!(
        refused("ends.ods", &cut),
        [
            format!("ends.ods: {damaged}"),
            "Nothing imported: 1 error.".into()
        ]
    );
}

// --- .xls ---

/// One BIFF record.
fn rec(typ: u16, data: &[u8]) -> Vec<u8> {
    let mut out = typ.to_le_bytes().to_vec();
    out.extend_from_slice(&(data.len() as u16).to_le_bytes());
    out.extend_from_slice(data);
    out
}

fn bof(kind: u16) -> Vec<u8> {
    let mut data = vec![0u8; 16];
    data[..2].copy_from_slice(&0x0600u16.to_le_bytes());
    data[2..4].copy_from_slice(&kind.to_le_bytes());
    rec(0x0809, &data)
}

fn eof() -> Vec<u8> {
    rec(0x000A, &[])
}

/// A cell of an `.xls` sheet.
enum X<'a> {
    Text(&'a str),
    Number(f64),
    /// An error cell, by its code (0x07: `#DIV/0!`, 0x17: `#REF!`).
    Error(u8),
    /// A formula whose value is an error, by its code.
    FormulaError(u8),
    /// A shared text, by its place in the workbook's table of them.
    Shared(u32),
}

fn cell_record(row: u16, col: u16, cell: &X) -> Vec<u8> {
    let mut data = Vec::new();
    data.extend_from_slice(&row.to_le_bytes());
    data.extend_from_slice(&col.to_le_bytes());
    data.extend_from_slice(&0u16.to_le_bytes());
    match cell {
        X::Text(text) => {
            data.extend_from_slice(&(text.len() as u16).to_le_bytes());
            data.push(0);
            data.extend_from_slice(text.as_bytes());
            rec(0x0204, &data)
        }
        X::Number(v) => {
            data.extend_from_slice(&v.to_le_bytes());
            rec(0x0203, &data)
        }
        X::Error(code) => {
            data.extend_from_slice(&[*code, 1]);
            rec(0x0205, &data)
        }
        X::Shared(i) => {
            data.extend_from_slice(&i.to_le_bytes());
            rec(0x00FD, &data)
        }
        X::FormulaError(code) => {
            data.extend_from_slice(&[2, 0, *code, 0, 0, 0, 0xFF, 0xFF]);
            data.extend_from_slice(&[0; 6]);
            data.extend_from_slice(&0u16.to_le_bytes());
            rec(0x0006, &data)
        }
    }
}

/// A sheet of an `.xls` workbook: its name, the size its DIMENSIONS record declares (rows,
/// columns; none: no such record), its cells and its merged ranges (first row, last row,
/// first column, last column).
struct XSheet<'a> {
    name: &'a str,
    declared: Option<(u32, u16)>,
    cells: Vec<(u16, u16, X<'a>)>,
    merged: Vec<(u16, u16, u16, u16)>,
}

/// The `Workbook` stream of `sheets` (BIFF8).
fn biff(sheets: &[XSheet]) -> Vec<u8> {
    biff_with(sheets, &[])
}

/// The SST record of `texts` (each of one-byte letters), with the CONTINUE records it takes
/// (a record holds at most 8224 bytes; a text going on in the next begins it with a byte of
/// flags).
fn sst(texts: &[String]) -> Vec<u8> {
    let mut records = Vec::new();
    let mut data = Vec::new();
    for x in [texts.len() as u32, texts.len() as u32] {
        data.extend_from_slice(&x.to_le_bytes());
    }
    let mut typ = 0x00FC;
    for text in texts {
        if data.len() + 4 > 8224 {
            records.extend(rec(typ, &data));
            (typ, data) = (0x003C, Vec::new());
        }
        data.extend_from_slice(&(text.len() as u16).to_le_bytes());
        data.push(0);
        let mut letters = text.as_bytes();
        loop {
            let room = 8224 - data.len();
            let take = room.min(letters.len());
            data.extend_from_slice(&letters[..take]);
            letters = &letters[take..];
            if letters.is_empty() {
                break;
            }
            records.extend(rec(typ, &data));
            (typ, data) = (0x003C, vec![0]);
        }
    }
    records.extend(rec(typ, &data));
    records
}

/// The `Workbook` stream of `sheets` (BIFF8), its shared texts `shared`.
fn biff_with(sheets: &[XSheet], shared: &[String]) -> Vec<u8> {
    let shared = if shared.is_empty() {
        Vec::new()
    } else {
        sst(shared)
    };
    let bodies: Vec<Vec<u8>> = sheets
        .iter()
        .map(|s| {
            let mut body = bof(0x0010);
            if let Some((rows, cols)) = s.declared {
                let mut dims = Vec::new();
                dims.extend_from_slice(&0u32.to_le_bytes());
                dims.extend_from_slice(&rows.to_le_bytes());
                dims.extend_from_slice(&0u16.to_le_bytes());
                dims.extend_from_slice(&cols.to_le_bytes());
                dims.extend_from_slice(&0u16.to_le_bytes());
                body.extend(rec(0x0200, &dims));
            }
            for (row, col, cell) in &s.cells {
                body.extend(cell_record(*row, *col, cell));
            }
            if !s.merged.is_empty() {
                let mut data = (s.merged.len() as u16).to_le_bytes().to_vec();
                for (r0, r1, c0, c1) in &s.merged {
                    for v in [r0, r1, c0, c1] {
                        data.extend_from_slice(&v.to_le_bytes());
                    }
                }
                body.extend(rec(0x00E5, &data));
            }
            body.extend(eof());
            body
        })
        .collect();
    let bound = |pos: u32, name: &str| {
        let mut data = pos.to_le_bytes().to_vec();
        data.extend_from_slice(&[0, 0, name.len() as u8, 0]);
        data.extend_from_slice(name.as_bytes());
        rec(0x0085, &data)
    };
    let globals_len = bof(0x0005).len()
        + sheets.iter().map(|s| bound(0, s.name).len()).sum::<usize>()
        + shared.len()
        + eof().len();
    let mut stream = bof(0x0005);
    let mut pos = globals_len;
    for (s, body) in sheets.iter().zip(&bodies) {
        stream.extend(bound(pos as u32, s.name));
        pos += body.len();
    }
    stream.extend(shared);
    stream.extend(eof());
    for body in bodies {
        stream.extend(body);
    }
    stream
}

/// A Compound File (512-byte sectors) holding `stream` as its `Workbook` stream: the header,
/// the sectors of the table of sectors, one of the directory, then the stream (at least 4096
/// bytes, so that it is not in the mini stream).
fn cfb(stream: &[u8]) -> Vec<u8> {
    let mut stream = stream.to_vec();
    let len = stream.len().max(4096);
    stream.resize(len.div_ceil(512) * 512, 0);
    let sectors = stream.len() / 512;
    let tables = (sectors + 1).div_ceil(127);
    assert!(tables <= 109, "the header's list of tables: {tables}");
    let le32 = |v: &mut Vec<u8>, x: u32| v.extend_from_slice(&x.to_le_bytes());
    let mut out = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1".to_vec();
    out.extend_from_slice(&[0; 16]);
    for x in [0x003Eu16, 3, 0xFFFE, 9, 6] {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.extend_from_slice(&[0; 6]);
    let dir = tables as u32;
    for x in [
        0u32,
        tables as u32,
        dir,
        0,
        4096,
        0xFFFF_FFFE,
        0,
        0xFFFF_FFFE,
        0,
    ] {
        le32(&mut out, x);
    }
    for i in 0..tables {
        le32(&mut out, i as u32);
    }
    while out.len() < 512 {
        le32(&mut out, 0xFFFF_FFFF);
    }
    // The table: its own sectors, the directory, the stream's chain.
    let mut fat = vec![0xFFFF_FFFDu32; tables];
    fat.push(0xFFFF_FFFE);
    let first = dir + 1;
    for i in 0..sectors as u32 {
        fat.push(if i as usize + 1 == sectors {
            0xFFFF_FFFE
        } else {
            first + i + 1
        });
    }
    fat.resize(tables * 128, 0xFFFF_FFFF);
    for x in fat {
        le32(&mut out, x);
    }
    let entry = |name: &str, kind: u8, child: u32, start: u32, size: u32| {
        let mut e = Vec::new();
        let units: Vec<u16> = name.encode_utf16().chain([0]).collect();
        for u in &units {
            e.extend_from_slice(&u.to_le_bytes());
        }
        e.resize(64, 0);
        e.extend_from_slice(&((units.len() * 2) as u16).to_le_bytes());
        e.extend_from_slice(&[kind, 1]);
        for x in [0xFFFF_FFFFu32, 0xFFFF_FFFF, child] {
            e.extend_from_slice(&x.to_le_bytes());
        }
        e.resize(116, 0);
        e.extend_from_slice(&start.to_le_bytes());
        e.extend_from_slice(&size.to_le_bytes());
        e.extend_from_slice(&0u32.to_le_bytes());
        e
    };
    out.extend(entry("Root Entry", 5, 1, 0xFFFF_FFFE, 0));
    out.extend(entry("Workbook", 2, 0xFFFF_FFFF, first, len as u32));
    out.resize(512 * (first as usize + 1), 0);
    out.extend(stream);
    out
}

fn xls(sheets: &[XSheet]) -> Vec<u8> {
    cfb(&biff(sheets))
}

/// A nights sheet: the header and `nights`, each its cells from column A.
fn nights_sheet<'a>(nights: Vec<Vec<X<'a>>>) -> XSheet<'a> {
    let mut cells: Vec<(u16, u16, X)> = NIGHTS
        .iter()
        .enumerate()
        .map(|(c, h)| (0, c as u16, X::Text(h)))
        .collect();
    for (r, night) in nights.into_iter().enumerate() {
        for (c, cell) in night.into_iter().enumerate() {
            cells.push((r as u16 + 1, c as u16, cell));
        }
    }
    XSheet {
        name: "Nights",
        declared: None,
        cells,
        merged: Vec::new(),
    }
}

fn a_night<'a>(date: &'a str, home: &'a str, away: &'a str, points: (f64, f64)) -> Vec<X<'a>> {
    vec![
        X::Text("2025-26"),
        X::Text(date),
        X::Text(home),
        X::Text(away),
        X::Number(points.0),
        X::Number(points.1),
    ]
}

#[test]
fn the_hand_made_xls_of_a_nights_sheet_imports() {
    let db = Db::new();
    let file = db.dir().join("season.xls");
    // The second night's teams are shared texts.
    let mut second = a_night("2025-09-11", "", "", (5.0, 4.0));
    second[2] = X::Shared(1);
    second[3] = X::Shared(0);
    let sheet = nights_sheet(vec![
        a_night("2025-09-04", "Royal Oak", "Red Lion", (3.0, 6.0)),
        second,
    ]);
    let shared = ["Royal Oak".to_string(), "Red Lion".to_string()];
    std::fs::write(&file, cfb(&biff_with(&[sheet], &shared))).unwrap();
    let out = import_bounded(&db, &file);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        db.sql("SELECT date, home_points, away_points FROM fixtures ORDER BY date"),
        "2025-09-04|3|6\n2025-09-11|5|4\n"
    );
}

#[test]
fn an_xls_of_sheets_declaring_65536_rows_is_refused_as_the_first_declares_its_size() {
    // Twenty sheets, each a header and one cell at IV65536, as its DIMENSIONS record says:
    // read whole, each is 16,777,216 cells.
    let names: Vec<String> = (1..=20).map(|i| format!("Sheet{i}")).collect();
    let sheets: Vec<XSheet> = names
        .iter()
        .map(|name| XSheet {
            name,
            declared: Some((65_536, 256)),
            cells: vec![(0, 0, X::Text("season")), (65_535, 255, X::Number(1.0))],
            merged: Vec::new(),
        })
        .collect();
    let bytes = xls(&sheets);
    assert!(bytes.len() < 16_384, "{}", bytes.len());
    assert_eq!(
        refused("huge.xls", &bytes),
        [
            "huge.xls: sheet \"Sheet1\" is A1:IV65536, 16777216 cells: a sheet of at most 2000000 cells (rows × columns) and 1000 columns is read; split it into sheets",
            "Nothing imported: 1 error.",
        ]
    );
}

#[test]
fn an_xls_sheet_whose_cells_reach_past_what_it_declares_is_refused_by_their_reach() {
    // No DIMENSIONS record; then one that says one cell: the cells say otherwise.
    for declared in [None, Some((1, 1))] {
        let sheet = XSheet {
            name: "Nights",
            declared,
            cells: vec![(0, 0, X::Text("season")), (65_535, 100, X::Number(1.0))],
            merged: Vec::new(),
        };
        assert_eq!(
            refused("far.xls", &xls(&[sheet])),
            [
                "far.xls: sheet \"Nights\" is A1:CW65536, 6619136 cells: a sheet of at most 2000000 cells (rows × columns) and 1000 columns is read; split it into sheets",
                "Nothing imported: 1 error.",
            ]
        );
    }
}

#[test]
fn an_xls_of_many_sheets_each_within_the_bound_is_refused_by_their_sum() {
    // Ten sheets of 10,000 × 200 cells (as far as their cells reach): each within the bound
    // on a sheet, together past what calamine may hold at once.
    let names: Vec<String> = (1..=10).map(|i| format!("Sheet{i}")).collect();
    let sheets: Vec<XSheet> = names
        .iter()
        .map(|name| XSheet {
            name,
            declared: None,
            cells: vec![(0, 0, X::Text("season")), (9_999, 199, X::Number(1.0))],
            merged: Vec::new(),
        })
        .collect();
    assert_eq!(
        refused("many.xls", &xls(&sheets)),
        [
            "many.xls: its sheets, to sheet \"Sheet2\", are 4000004 cells or more (rows × columns, values and formulas): a workbook of at most 4000000 is read; save the sheets of results in a workbook of their own, or as CSV",
            "Nothing imported: 1 error.",
        ]
    );
}

#[test]
fn an_xls_cell_holding_an_error_is_a_fault_at_its_cell() {
    // An error cell, and a formula whose value is an error.
    let mut night = a_night("2025-09-04", "Royal Oak", "Red Lion", (9.0, 0.0));
    night[2] = X::Error(0x17);
    night[5] = X::FormulaError(0x07);
    let said = refused("errors.xls", &xls(&[nights_sheet(vec![night])]));
    assert_eq!(
        said,
        [
            "errors.xls, sheet \"Nights\", cell C2: the cell holds the error #REF! (a formula's?): give it its value",
            "errors.xls, sheet \"Nights\", cell F2: the cell holds the error #DIV/0! (a formula's?): give it its value",
            "Nothing imported: 2 errors.",
        ]
    );
}

#[test]
fn merged_cells_of_an_xls_are_refused_by_their_range() {
    let mut sheet = nights_sheet(vec![
        a_night("2025-09-04", "Royal Oak", "Red Lion", (3.0, 6.0)),
        a_night("2025-09-11", "Red Lion", "Royal Oak", (3.0, 6.0)),
    ]);
    sheet.cells.retain(|(r, c, _)| !(*r == 2 && *c == 0));
    sheet.merged.push((1, 2, 0, 0));
    let said = refused("merged.xls", &xls(&[sheet]));
    assert_eq!(
        said[0],
        "merged.xls, sheet \"Nights\", cell A2: cells A2:A3 are merged: unmerge them, and give each cell its value",
        "{said:?}"
    );
}

#[test]
fn an_xls_cut_short_or_of_no_workbook_is_said_to_be_so_in_dons_words() {
    let good = xls(&[nights_sheet(vec![a_night(
        "2025-09-04",
        "Royal Oak",
        "Red Lion",
        (3.0, 6.0),
    )])]);
    let damaged = "cannot read it: it is damaged (cut short, or changed by something other than a spreadsheet program): open it in a spreadsheet program and save it again, or save its sheets of results as CSV";
    let none = "cannot read it: it is not a workbook (it is empty, or another kind of file named as one): save the sheets of results from a spreadsheet program, as a workbook or as CSV";
    // A directory whose chain of sectors loops (its sector is its own next): the reader
    // would follow it for ever, holding more at each turn.
    let mut looped = good.clone();
    looped[512 + 4..512 + 8].copy_from_slice(&1u32.to_le_bytes());
    for (name, bytes, said) in [
        ("cut.xls", good[..good.len() / 2].to_vec(), damaged),
        ("head.xls", good[..600].to_vec(), damaged),
        ("looped.xls", looped, damaged),
        (
            "text.xls",
            b"season,date\n2025-26,2025-09-04\n".to_vec(),
            none,
        ),
        ("empty.xls", Vec::new(), none),
        ("zip.xls", zipped(&[("a.txt", b"a".to_vec())]), none),
    ] {
        assert_eq!(
            refused(name, &bytes),
            [
                format!("{name}: {said}"),
                "Nothing imported: 1 error.".into()
            ],
            "{name}"
        );
    }
}

// --- .xlsb ---

/// One record of an `.xlsb` part: its type and size, each in 7-bit bytes, then its body.
fn brt(typ: u16, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    if typ < 0x80 {
        out.push(typ as u8);
    } else {
        out.push((typ & 0x7F) as u8 | 0x80);
        out.push((typ >> 7) as u8);
    }
    let mut len = body.len();
    loop {
        let b = (len & 0x7F) as u8;
        len >>= 7;
        if len == 0 {
            out.push(b);
            break;
        }
        out.push(b | 0x80);
    }
    out.extend_from_slice(body);
    out
}

/// A string as `.xlsb` writes one: its length in letters, then UTF-16.
fn wide(text: &str) -> Vec<u8> {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut out = (units.len() as u32).to_le_bytes().to_vec();
    for u in units {
        out.extend_from_slice(&u.to_le_bytes());
    }
    out
}

/// An `.xlsb` workbook of one sheet, "Nights": the size its BrtWsDim record declares (last
/// row, last column, from 0), its rows of cells and its merged ranges (first row, last row,
/// first column, last column).
fn xlsb(
    declared: (u32, u32),
    rows: &[(u32, Vec<(u32, X)>)],
    merged: &[(u32, u32, u32, u32)],
) -> Vec<u8> {
    let mut book = Vec::new();
    let mut sheet = [0u32.to_le_bytes(), 1u32.to_le_bytes()].concat();
    sheet.extend(wide("rId1"));
    sheet.extend(wide("Nights"));
    book.extend(brt(0x009C, &sheet));
    book.extend(brt(0x0090, &[]));
    book.extend(brt(0x009D, &[]));
    let rels = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.bin"/></Relationships>"#;
    let mut part = brt(0x0081, &[]);
    let dims: Vec<u8> = [0u32, declared.0, 0, declared.1]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    part.extend(brt(0x0094, &dims));
    part.extend(brt(0x0091, &[]));
    for (row, cells) in rows {
        let mut header = row.to_le_bytes().to_vec();
        header.extend_from_slice(&[0; 13]);
        part.extend(brt(0x0000, &header));
        for (col, cell) in cells {
            let mut body = col.to_le_bytes().to_vec();
            body.extend_from_slice(&0u32.to_le_bytes());
            let typ = match cell {
                X::Text(text) => {
                    body.extend(wide(text));
                    0x0006
                }
                X::Number(v) => {
                    body.extend_from_slice(&v.to_le_bytes());
                    0x0005
                }
                X::Error(code) => {
                    body.push(*code);
                    0x0003
                }
                X::FormulaError(code) => {
                    body.push(*code);
                    body.extend_from_slice(&[0; 10]);
                    0x000B
                }
                X::Shared(i) => {
                    body.extend_from_slice(&i.to_le_bytes());
                    0x0007
                }
            };
            part.extend(brt(typ, &body));
        }
    }
    part.extend(brt(0x0092, &[]));
    if !merged.is_empty() {
        part.extend(brt(0x00B1, &(merged.len() as u32).to_le_bytes()));
        for (r0, r1, c0, c1) in merged {
            let body: Vec<u8> = [r0, r1, c0, c1]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect();
            part.extend(brt(0x00B0, &body));
        }
        part.extend(brt(0x00B2, &[]));
    }
    part.extend(brt(0x0082, &[]));
    zipped(&[
        ("xl/workbook.bin", book),
        ("xl/_rels/workbook.bin.rels", rels.as_bytes().to_vec()),
        ("xl/worksheets/sheet1.bin", part),
    ])
}

/// The nights sheet's rows for [`xlsb`]: the header and `nights`.
fn xlsb_rows<'a>(nights: Vec<Vec<X<'a>>>) -> Vec<(u32, Vec<(u32, X<'a>)>)> {
    let mut rows = vec![(
        0,
        NIGHTS
            .iter()
            .enumerate()
            .map(|(c, h)| (c as u32, X::Text(h)))
            .collect(),
    )];
    for (r, night) in nights.into_iter().enumerate() {
        rows.push((
            r as u32 + 1,
            night
                .into_iter()
                .enumerate()
                .map(|(c, x)| (c as u32, x))
                .collect(),
        ));
    }
    rows
}

#[test]
fn the_hand_made_xlsb_of_a_nights_sheet_imports() {
    let db = Db::new();
    let file = db.dir().join("season.xlsb");
    let rows = xlsb_rows(vec![a_night(
        "2025-09-04",
        "Royal Oak",
        "Red Lion",
        (3.0, 6.0),
    )]);
    std::fs::write(&file, xlsb((1, 6), &rows, &[])).unwrap();
    let out = import_bounded(&db, &file);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        db.sql("SELECT date, home_points, away_points FROM fixtures"),
        "2025-09-04|3|6\n"
    );
}

#[test]
fn an_xlsb_sheet_declaring_a_million_rows_is_refused_as_it_declares_its_size() {
    // Its header, and a cell at XFD1048576: read whole, 17 billion cells.
    let mut rows = xlsb_rows(Vec::new());
    rows.push((1_048_575, vec![(16_383, X::Number(1.0))]));
    assert_eq!(
        refused("huge.xlsb", &xlsb((1_048_575, 16_383), &rows, &[])),
        [
            "huge.xlsb: sheet \"Nights\" is A1:XFD1048576, 17179869184 cells: a sheet of at most 2000000 cells (rows × columns) and 1000 columns is read; split it into sheets",
            "Nothing imported: 1 error.",
        ]
    );
}

#[test]
fn an_xlsb_cell_holding_an_error_is_a_fault_at_its_cell() {
    // An error cell, and a formula whose value is an error (which the reader passes over).
    let mut night = a_night("2025-09-04", "Royal Oak", "Red Lion", (9.0, 0.0));
    night[2] = X::Error(0x17);
    night[5] = X::FormulaError(0x07);
    let said = refused("errors.xlsb", &xlsb((1, 6), &xlsb_rows(vec![night]), &[]));
    assert_eq!(
        said,
        [
            "errors.xlsb, sheet \"Nights\", cell C2: the cell holds the error #REF! (a formula's?): give it its value",
            "errors.xlsb, sheet \"Nights\", cell F2: the cell holds the error #DIV/0! (a formula's?): give it its value",
            "Nothing imported: 2 errors.",
        ]
    );
}

#[test]
fn merged_cells_of_an_xlsb_are_refused_by_their_range() {
    let mut rows = xlsb_rows(vec![
        a_night("2025-09-04", "Royal Oak", "Red Lion", (3.0, 6.0)),
        a_night("2025-09-11", "Red Lion", "Royal Oak", (3.0, 6.0)),
    ]);
    rows[2].1.retain(|(c, _)| *c != 0);
    let said = refused("merged.xlsb", &xlsb((2, 6), &rows, &[(1, 2, 0, 0)]));
    assert_eq!(
        said[0],
        "merged.xlsb, sheet \"Nights\", cell A2: cells A2:A3 are merged: unmerge them, and give each cell its value",
        "{said:?}"
    );
}

#[test]
fn an_xls_copying_a_long_shared_text_to_thousands_of_cells_is_refused_before_it_is_read() {
    // One shared text of 60,000 letters, in 20,000 cells: 1.2 GB once each cell has its copy,
    // from a file of 350 KB.
    let cells: Vec<(u16, u16, X)> = std::iter::once((0, 0, X::Text("season")))
        .chain((1..=20_000).map(|r| (r, 0, X::Shared(0))))
        .collect();
    let sheet = XSheet {
        name: "Nights",
        declared: None,
        cells,
        merged: Vec::new(),
    };
    let bytes = cfb(&biff_with(&[sheet], &["x".repeat(60_000)]));
    assert!(bytes.len() < 400_000, "{}", bytes.len());
    let said = refused("copies.xls", &bytes);
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said[0].starts_with("copies.xls: its sheets, to sheet \"Nights\", would take ")
            && said[0].ends_with(" bytes or more once read (each repeated row and cell spread out, each shared text copied to its cells): a workbook of at most 268435456 bytes of cells is read; save the sheets of results in a workbook of their own, or as CSV"),
        "{said:?}"
    );
}

#[test]
fn an_xlsb_cell_naming_a_shared_text_the_workbook_has_not_is_damaged_not_a_panic() {
    let mut night = a_night("2025-09-04", "Royal Oak", "Red Lion", (3.0, 6.0));
    night[2] = X::Shared(5);
    assert_eq!(
        refused("shared.xlsb", &xlsb((1, 6), &xlsb_rows(vec![night]), &[])),
        [
            "shared.xlsb: cannot read it: it is damaged (cut short, or changed by something other than a spreadsheet program): open it in a spreadsheet program and save it again, or save its sheets of results as CSV",
            "Nothing imported: 1 error.",
        ]
    );
}
