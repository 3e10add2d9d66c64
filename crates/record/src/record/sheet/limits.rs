//! What a workbook may cost, why one is refused, and the names of its cells: shared by the
//! reader of workbooks ([`super`]) and the looks through them before they are read.

/// The largest workbook file read.
pub const MAX_BOOK_BYTES: u64 = 64 << 20;

/// The most a workbook's parts may unzip to, all together, as they declare it.
pub const MAX_UNZIPPED_BYTES: u64 = 256 << 20;

/// The most one part of a workbook may unzip to, as it declares it (a sheet of 100,000 rows
/// of matches is about 50 MB).
pub const MAX_PART_BYTES: u64 = 128 << 20;

/// The most cells (rows × columns, from the header down and from column A across) a sheet
/// read may have.
pub const MAX_SHEET_CELLS: u64 = 2_000_000;

/// The most memory the cells of all the sheets of an `.ods` or `.xls` workbook may take once
/// read (as calamine holds them: every repeated row and cell spread out, each with its text,
/// each shared text copied to its cells).
pub const MAX_BOOK_HELD: u64 = 256 << 20;

/// The most cells calamine may hold for all the sheets of an `.xls` workbook (each a range
/// as its cells reach, its values and its formulas).
pub const MAX_BOOK_CELLS: u64 = 2 * MAX_SHEET_CELLS;

/// The widest sheet read, in columns.
pub const MAX_SHEET_COLUMNS: u32 = 1_000;

/// The most faults of one sheet kept (reading goes on; they are counted).
pub const MAX_SHEET_FAULTS: usize = 100;

/// Why a workbook, or one of its sheets, cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The file cannot be opened (the system's words).
    #[error("cannot read it: {0}")]
    Unreadable(String),
    #[error("cannot read it: it is not a workbook (it is empty, or another kind of file named as one): save the sheets of results from a spreadsheet program, as a workbook or as CSV")]
    NotABook,
    #[error("cannot read it: it is damaged (cut short, or changed by something other than a spreadsheet program): open it in a spreadsheet program and save it again, or save its sheets of results as CSV")]
    Damaged,
    #[error("cannot read it: it is locked with a password: save it again without one")]
    Password,
    #[error("it is {} bytes: a workbook of at most {} bytes is read; save the sheets of results in a workbook of their own, or as CSV", .0, MAX_BOOK_BYTES)]
    TooBig(u64),
    #[error("its part `{part}` unzips to {size} bytes: a part of at most {MAX_PART_BYTES} bytes is read (is it a zip bomb?); save the sheets of results in a workbook of their own, or as CSV")]
    PartTooBig { part: String, size: u64 },
    #[error("its parts unzip to {0} bytes: at most {MAX_UNZIPPED_BYTES} bytes are read (is it a zip bomb?); save the sheets of results in a workbook of their own, or as CSV")]
    Unzipped(u64),
    #[error("sheet \"{sheet}\" is {area}, {cells} cells: a sheet of at most {MAX_SHEET_CELLS} cells (rows × columns) and {MAX_SHEET_COLUMNS} columns is read; split it into sheets")]
    SheetTooBig {
        sheet: String,
        area: String,
        cells: u64,
    },
    #[error("its sheets, to sheet \"{sheet}\", are {cells} cells or more (rows × columns, values and formulas): a workbook of at most {} is read; save the sheets of results in a workbook of their own, or as CSV", MAX_BOOK_CELLS)]
    BookTooBig { sheet: String, cells: u64 },
    #[error("its sheets, to sheet \"{sheet}\", would take {bytes} bytes or more once read (each repeated row and cell spread out, each shared text copied to its cells): a workbook of at most {MAX_BOOK_HELD} bytes of cells is read; save the sheets of results in a workbook of their own, or as CSV")]
    TooMuch { sheet: String, bytes: u64 },
    #[error("sheet \"{sheet}\" cannot be read: {message}")]
    Sheet { sheet: String, message: String },
}

/// The name of column `col` (from 0) as a spreadsheet shows it: A, …, Z, AA, ….
pub fn column_name(col: u32) -> String {
    let mut n = col as u64 + 1;
    let mut name = Vec::new();
    while n > 0 {
        let d = ((n - 1) % 26) as u8;
        name.push(b'A' + d);
        n = (n - 1) / 26;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// A cell's place as a spreadsheet shows it: `C7` (`row` from 1, `col` from 0).
pub fn cell_name(row: u32, col: u32) -> String {
    format!("{}{row}", column_name(col))
}
