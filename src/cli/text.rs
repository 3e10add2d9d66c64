//! Text from a record (names, ids, venues, dates, file names, tokens quoted in messages) as it may
//! be shown on a terminal: control characters, and the invisible marks that reorder a line, are
//! written as escapes (`\n`, `\u{1b}`, `\u{202e}`), never sent raw. `--json` escapes by itself.

use std::borrow::Cow;
use std::io::{self, IsTerminal};

use comfy_table::{ColumnConstraint, ContentArrangement, Table, Width};

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
/// needed. Without a width it is left as it is. Call it once the rows are in: the columns
/// numbered in `whole` (numbers, scores, dates) are never broken, and the others are broken
/// between words rather than inside one wherever the width allows it.
pub fn fit(table: &mut Table, whole: &[usize]) {
    let Some(width) = table_width() else {
        table.set_content_arrangement(ContentArrangement::Disabled);
        return;
    };
    table
        .set_width(width)
        .set_content_arrangement(ContentArrangement::Dynamic);
    let widths = table.column_max_content_widths();
    let columns = widths.len();
    if columns == 0 {
        return;
    }
    // Each column's narrowest width (padding included): a whole column's widest cell, another's
    // longest word; the header may wrap between its words.
    let mut words = vec![0u16; columns];
    let mut header_words = vec![0u16; columns];
    if let Some(header) = table.header() {
        for (i, cell) in header.cell_iter().enumerate().take(columns) {
            header_words[i] = longest_word(&cell.content());
        }
    }
    let mut cells = vec![0u16; columns];
    for row in table.row_iter() {
        for (i, cell) in row.cell_iter().enumerate().take(columns) {
            let content = cell.content();
            words[i] = words[i].max(longest_word(&content));
            cells[i] = cells[i].max(content.lines().map(width_of).max().unwrap_or(0));
        }
    }
    let padding = 2;
    let natural: Vec<u32> = widths.iter().map(|&w| u32::from(w) + padding).collect();
    // Borders: one a column and one more.
    let borders = columns as u32 + 1;
    let width = u32::from(width);
    if natural.iter().sum::<u32>() + borders <= width {
        return;
    }
    let is_whole = |i: usize| whole.contains(&i);
    let mut least: Vec<u32> = (0..columns)
        .map(|i| {
            let least = if is_whole(i) { cells[i] } else { words[i] };
            u32::from(least.max(header_words[i]).max(1)) + padding
        })
        .collect();
    // Too narrow to keep every word whole: the numbers stay whole, and the columns with the
    // longest words (a long id or file name rather than every name) give way first, down to a
    // level they all fit under.
    let total = |least: &[u32], level: u32| -> u32 {
        (0..columns)
            .map(|i| {
                if is_whole(i) {
                    least[i]
                } else {
                    least[i].min(level)
                }
            })
            .sum::<u32>()
            + borders
    };
    if total(&least, u32::MAX) > width {
        let top = least.iter().copied().max().unwrap_or(0);
        let level = (1 + padding..top)
            .rev()
            .find(|&level| total(&least, level) <= width)
            .unwrap_or(1 + padding);
        for (i, l) in least.iter_mut().enumerate() {
            if !is_whole(i) {
                *l = (*l).min(level);
            }
        }
    }
    // The width left over goes first to the columns of words, then to the headers of the
    // others, a character at a time to the narrowest column that wants more.
    let mut given = least;
    let mut spare = width.saturating_sub(given.iter().sum::<u32>() + borders);
    while spare > 0 {
        let wanting = |words: bool| {
            (0..columns)
                .filter(|&i| is_whole(i) != words && given[i] < natural[i])
                .min_by_key(|&i| given[i])
        };
        let Some(i) = wanting(true).or_else(|| wanting(false)) else {
            break;
        };
        given[i] += 1;
        spare -= 1;
    }
    for (i, &w) in given.iter().enumerate() {
        if let Some(column) = table.column_mut(i) {
            let w = u16::try_from(w).unwrap_or(u16::MAX);
            column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(w)));
        }
    }
}

/// The width of the longest word of `text` on a terminal.
fn longest_word(text: &str) -> u16 {
    text.split_whitespace().map(width_of).max().unwrap_or(0)
}

/// The width of `text` on a terminal, as comfy-table measures it.
fn width_of(text: &str) -> u16 {
    if text.is_ascii() {
        return u16::try_from(text.len()).unwrap_or(u16::MAX);
    }
    let mut probe = Table::new();
    probe.add_row([text]);
    probe
        .column_max_content_widths()
        .first()
        .copied()
        .unwrap_or(0)
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
