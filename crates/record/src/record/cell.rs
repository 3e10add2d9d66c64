//! A CSV cell of text as a spreadsheet must take it, and back (FORMAT.md §3): every CSV `don`
//! writes (`export` in every shape, `standings --csv`, a published `standings.csv`) goes
//! through [`as_text`], and `import` reads each cell through [`from_text`], so that a name
//! typed on the web that a spreadsheet would run as a formula (`=HYPERLINK(…)`,
//! `=cmd|' /C calc'!A0`, `@SUM(1)*cmd`) is opened as text, and an export imports back exactly.

use std::borrow::Cow;

/// What a cell a spreadsheet runs as a formula begins with (OWASP's list on CSV injection).
const FORMULA: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Whether a spreadsheet would run `cell` as a formula once one `'` before it is taken away,
/// were it written as it is: it begins (after any `'`s) with one of [`FORMULA`], and is neither
/// a plain number (`-2`, `+3`, `1.5`: a spreadsheet takes those as the number they are) nor a
/// lone `-` (a night not played, in a grid).
fn would_run(cell: &str) -> bool {
    let rest = cell.trim_start_matches('\'');
    rest.starts_with(FORMULA) && !is_number(rest) && rest != "-"
}

/// `[+-]digits[.digits]`.
fn is_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['+', '-']).unwrap_or(cell);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    !whole.is_empty()
        && !fraction.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// A cell of text as a spreadsheet must take it: one beginning with `=`, `+`, `-`, `@`, a tab
/// or a carriage return (which a spreadsheet would run as a formula) gets a `'` before it, as
/// OWASP's advice on CSV injection says; so does one that begins with `'`s before such a
/// character, so that [`from_text`] gives every cell back as it was. A plain number (`-2`) and
/// a lone `-` are written as they are.
pub fn as_text(cell: &str) -> Cow<'_, str> {
    if would_run(cell) {
        format!("'{cell}").into()
    } else {
        cell.into()
    }
}

/// A cell as written by [`as_text`], read back: the `'` it put before a cell taken away; any
/// other cell as it is.
pub fn from_text(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if would_run(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::{as_text, from_text};

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_as_text_and_read_back_as_it_was() {
        for (cell, written) in [
            (
                "=HYPERLINK(\"http://x\",\"y\")",
                "'=HYPERLINK(\"http://x\",\"y\")",
            ),
            ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
            ("@SUM(1)*cmd", "'@SUM(1)*cmd"),
            ("+44 1495", "'+44 1495"),
            ("-2 Club", "'-2 Club"),
            ("\tRed Lion", "'\tRed Lion"),
            ("\rRed Lion", "'\rRed Lion"),
            ("'=x", "''=x"),
            ("''@x", "'''@x"),
            ("Royal Oak = best", "Royal Oak = best"),
            ("'quoted", "'quoted"),
            ("'", "'"),
            ("-2", "-2"),
            ("+3", "+3"),
            ("-1.5", "-1.5"),
            ("'-2", "'-2"),
            ("-", "-"),
            ("--", "'--"),
            ("", ""),
            ("2025-10-09", "2025-10-09"),
            ("121-87 96-121", "121-87 96-121"),
        ] {
            assert_eq!(as_text(cell), written, "{cell:?}");
            assert_eq!(from_text(written), cell, "{written:?}");
        }
    }
}
