//! `don import FILE.xlsx|.ods`: every sheet of a workbook read as the CSV of its cells would be
//! (FORMAT.md §3, §7), its faults named by file, sheet and cell; hostile workbooks refused or
//! read with memory bounded, never a panic.

mod common;

use common::book::*;

#[test]
fn a_built_workbook_is_a_zip() {
    let mut book = Book::new();
    book.sheet("Matches")
        .csv("season,date,home,away")
        .row(1, &[T("2024"), D(2024, 3, 14), T("Fox"), T("Oak")])
        .row(
            2,
            &[
                N(2024.0),
                DShown(2024, 3, 21, "dd/mm/yyyy"),
                F("=\"Fo\"&\"x\"", "Fox"),
                B(true),
            ],
        )
        .merge(4, 0, 5, 1, "merged");
    let bytes = book.bytes();
    assert_eq!(&bytes[..2], b"PK");
}
