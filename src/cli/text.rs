//! Text from a record (names, ids, venues, dates, file names, tokens quoted in messages) as it may
//! be shown on a terminal: control characters, and the invisible marks that reorder a line, are
//! written as escapes (`\n`, `\u{1b}`, `\u{202e}`), never sent raw. `--json` escapes by itself.

use std::borrow::Cow;
use std::io::{self, IsTerminal};

use comfy_table::{ContentArrangement, Table};

/// The text, with anything that would act on a terminal escaped.
pub fn shown(text: &str) -> Cow<'_, str> {
    don::record::text::escaped(text)
}

/// The width a table is made to fit: `COLUMNS` when it is set to a number (as `ls` takes it),
/// else the terminal's when standard output is one; `None` when piped or redirected without
/// `COLUMNS` (the table is then as wide as its rows, whatever window a script runs in).
fn table_width() -> Option<u16> {
    let columns = std::env::var("COLUMNS").ok();
    match columns.as_deref().map(|c| c.trim().parse::<u16>()) {
        Some(Ok(n)) if n > 0 => return Some(n),
        _ => {}
    }
    if io::stdout().is_terminal() {
        let mut probe = Table::new();
        return probe
            .set_content_arrangement(ContentArrangement::Dynamic)
            .width();
    }
    None
}

/// A table made to fit the width it is shown in (see [`table_width`]): its cells wrapped as
/// needed. Without a width it is left as it is.
pub fn fit(table: &mut Table) {
    if let Some(width) = table_width() {
        table
            .set_width(width)
            .set_content_arrangement(ContentArrangement::Dynamic);
    } else {
        table.set_content_arrangement(ContentArrangement::Disabled);
    }
}

/// "1 point", "2 points": a count with its noun.
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    don::record::text::count(n.into(), one, many)
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn control_characters_are_escaped_and_the_rest_left_alone() {
        assert_eq!(
            shown("Fox & Hounds, Caerffili ♥"),
            "Fox & Hounds, Caerffili ♥"
        );
        assert_eq!(shown("Fox\nerror [renege]"), "Fox\\nerror [renege]");
        assert_eq!(shown("a\rb\tc"), "a\\rb\\tc");
        assert_eq!(
            shown("\u{1b}]0;pwned\u{7}Red Lion"),
            "\\u{1b}]0;pwned\\u{7}Red Lion"
        );
        assert_eq!(shown("\u{9b}31m"), "\\u{9b}31m");
        assert_eq!(shown("abc\u{202e}fed"), "abc\\u{202e}fed");
    }
}
