//! Text from a record (names, ids, venues, dates, file names, tokens quoted in messages) as it may
//! be shown on a terminal: control characters, and the invisible marks that reorder a line, are
//! written as escapes (`\n`, `\u{1b}`, `\u{202e}`), never sent raw. `--json` escapes by itself.

use std::borrow::Cow;
use std::io::{self, IsTerminal};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, ColumnConstraint, ContentArrangement, Table, Width};

/// The text, with anything that would act on a terminal escaped.
pub fn shown(text: &str) -> Cow<'_, str> {
    don::record::text::escaped(text)
}

/// A table as the terminal draws them: thin lines, these headers, the columns numbered in
/// `right` (figures) aligned right. [`fit`] it once its rows are in.
pub fn table<T: ToString>(header: &[T], right: &[usize]) -> Table {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_header(header.iter().map(ToString::to_string));
    for &i in right {
        if let Some(c) = table.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    table
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

/// The narrowest a column of names is made (its text, padding aside) while the width allows.
const NAME_MIN: u32 = 6;

/// A table made to fit the width it is shown in (see [`table_width`]): its cells wrapped as
/// needed. Without a width, or when the table fits as it is, it is left as it is. Call it once
/// the rows are in: the columns numbered in `whole` (numbers, scores, dates) are never broken,
/// and in the others a word that is a figure (a score, a date, a time) is never broken either;
/// the rest are broken between words rather than inside one wherever the width allows it.
///
/// Too narrow, the table gives way in this order: a column with nothing in it is left out; the
/// headers of the figures are shortened (`Legs won` to `Lw`, `Matches` to `Mat`) while the names
/// want more room; the figures
/// lose their padding on the right; the columns of words other than `names` are narrowed, then
/// the names, down to [`NAME_MIN`] characters. The width left over goes to the names first. A
/// table that cannot fit with its figures whole is left wider than the width.
pub fn fit(table: &mut Table, whole: &[usize], names: &[usize]) {
    let _ = fit_as(table, whole, names, false);
}

/// [`fit`], with every header kept whole: never shortened (`Game` stays `Game`, not `Gam`), so
/// the other columns give way (the names wrap) before a header would.
///
/// Where the terminal is too narrow even for that (60 columns), the table is fitted as [`fit`]
/// fits it, with only `fallback` kept whole: it never runs past the terminal's edge.
pub fn fit_with_headers(table: &mut Table, whole: &[usize], names: &[usize], fallback: &[usize]) {
    let mut kept = table.clone();
    if fit_as(&mut kept, whole, names, true) {
        *table = kept;
    } else {
        fit_as(table, fallback, names, false);
    }
}

/// Fits `table` to the terminal: whether it then fits (it may not, with `keep_headers`).
fn fit_as(table: &mut Table, whole: &[usize], names: &[usize], keep_headers: bool) -> bool {
    let Some(width) = table_width() else {
        table.set_content_arrangement(ContentArrangement::Disabled);
        return true;
    };
    let widths = table.column_max_content_widths();
    let columns = widths.len();
    if columns == 0 {
        return true;
    }
    let padding = 2u32;
    let natural: Vec<u32> = widths.iter().map(|&w| u32::from(w) + padding).collect();
    let width = u32::from(width);
    if natural.iter().sum::<u32>() + (columns as u32) < width {
        return true;
    }
    table
        .set_width(u16::try_from(width).unwrap_or(u16::MAX))
        .set_content_arrangement(ContentArrangement::Dynamic);
    let is_whole = |i: usize| whole.contains(&i);
    let mut headers: Vec<String> = vec![String::new(); columns];
    if let Some(header) = table.header() {
        for (i, cell) in header.cell_iter().enumerate().take(columns) {
            headers[i] = cell.content();
        }
    }
    let original = headers.clone();
    // A column whose cells hold no space but hyphens (a kind of game, a variant) breaks at them.
    let mut hyphened = vec![true; columns];
    let mut any_hyphen = vec![false; columns];
    let mut rows: Vec<Vec<String>> = Vec::new();
    for row in table.row_iter() {
        let cells: Vec<String> = row.cell_iter().map(|c| c.content()).collect();
        for (i, c) in cells.iter().enumerate().take(columns) {
            hyphened[i] &= !c.contains(char::is_whitespace);
            any_hyphen[i] |= c.contains('-');
        }
        rows.push(cells);
    }
    let hyphened: Vec<bool> = (0..columns)
        .map(|i| !is_whole(i) && hyphened[i] && any_hyphen[i])
        .collect();
    // Each column's widest line, longest word and longest figure; and whether it is empty.
    let mut cells = vec![0u32; columns];
    let mut words = vec![0u32; columns];
    let mut figures = vec![0u32; columns];
    let mut empty = vec![true; columns];
    for row in &rows {
        for (i, content) in row.iter().enumerate().take(columns) {
            empty[i] &= content.trim().is_empty();
            cells[i] = cells[i].max(content.lines().map(width_of).max().unwrap_or(0).into());
            let pieces: Vec<&str> = if hyphened[i] {
                content.split('-').collect()
            } else {
                content.split_whitespace().collect()
            };
            for w in pieces {
                let n = u32::from(width_of(w));
                words[i] = words[i].max(n);
                if is_figure(w) {
                    figures[i] = figures[i].max(n);
                }
            }
        }
    }
    let names: Vec<usize> = if names.is_empty() {
        (0..columns).filter(|&i| !is_whole(i)).collect()
    } else {
        names.to_vec()
    };
    let is_name = |i: usize| names.contains(&i) && !is_whole(i);
    let mut hidden = vec![false; columns];
    let mut pad = vec![padding; columns];
    // The least each column takes: a figure's column its widest line and header word, a name's
    // column its longest word up to NAME_MIN (at least its longest figure), another column of
    // words `other` characters (at least its longest figure).
    let least = |i: usize, headers: &[String], pad: &[u32], name_cap: u32, other: u32| -> u32 {
        let text = if is_whole(i) {
            cells[i].max(longest_word(&headers[i]).into())
        } else if is_name(i) {
            words[i].min(name_cap).max(figures[i])
        } else {
            words[i].min(other).max(figures[i])
        }
        .max(u32::from(longest_word(&headers[i])).min(if keep_headers {
            u32::MAX
        } else {
            3
        }));
        text.max(1) + pad[i]
    };
    let total = |headers: &[String], pad: &[u32], hidden: &[bool], name_cap: u32, other: u32| {
        let shown: Vec<usize> = (0..columns).filter(|&i| !hidden[i]).collect();
        shown
            .iter()
            .map(|&i| least(i, headers, pad, name_cap, other))
            .sum::<u32>()
            + shown.len() as u32
            + 1
    };
    // 1. Empty columns left out (with their headers kept whole, whenever the table is fitted).
    if keep_headers || total(&headers, &pad, &hidden, NAME_MIN, NAME_MIN) > width {
        for i in 0..columns {
            hidden[i] = empty[i] && !rows.is_empty();
        }
    }
    // 2. The figures' headers shortened, all of them alike, while the names want more room.
    if !keep_headers && total(&headers, &pad, &hidden, u32::MAX, NAME_MIN) > width {
        for i in (0..columns).filter(|&i| is_whole(i) && !hidden[i]) {
            let short = abbreviation(&headers[i], cells[i].max(1));
            if longest_word(&short) < longest_word(&headers[i]) {
                headers[i] = short;
            }
        }
    }
    // 2'. With the headers kept whole: every column without its padding on the right, the
    //     names wanting more room than there is.
    if keep_headers {
        for (i, p) in pad.iter_mut().enumerate() {
            *p = 1;
            if let Some(column) = table.column_mut(i) {
                column.set_padding((1, 0));
            }
        }
    }
    // 3. The figures without their padding on the right.
    if total(&headers, &pad, &hidden, NAME_MIN, NAME_MIN) > width {
        for i in (0..columns).filter(|&i| is_whole(i)) {
            pad[i] = 1;
            if let Some(column) = table.column_mut(i) {
                column.set_padding((1, 0));
            }
        }
    }
    // 4. The other columns of words narrowed to a level they all fit under, then the names.
    let top = words.iter().copied().max().unwrap_or(1).max(1);
    let fits = |name_cap: u32, other: u32| total(&headers, &pad, &hidden, name_cap, other) <= width;
    let (name_cap, other) = match (1..=top).rev().find(|&o| fits(NAME_MIN, o)) {
        Some(o) => (NAME_MIN, o),
        None => ((1..NAME_MIN).rev().find(|&n| fits(n, 1)).unwrap_or(1), 1),
    };
    let fitted = fits(name_cap, other);
    let mut given: Vec<u32> = (0..columns)
        .map(|i| least(i, &headers, &pad, name_cap, other))
        .collect();
    let natural_of = |i: usize, pad: &[u32]| -> u32 {
        if is_whole(i) {
            cells[i].max(longest_word(&headers[i]).into()) + pad[i]
        } else {
            natural[i] - padding + pad[i]
        }
    };
    // 5. The width left over: to the names, then the other words, then the figures' headers,
    //    a character at a time to the narrowest that wants more.
    let used = (0..columns)
        .filter(|&i| !hidden[i])
        .map(|i| given[i])
        .sum::<u32>()
        + (0..columns).filter(|&i| !hidden[i]).count() as u32
        + 1;
    let mut spare = width.saturating_sub(used);
    while spare > 0 {
        let wanting = |class: u8| {
            (0..columns)
                .filter(|&i| !hidden[i] && given[i] < natural_of(i, &pad))
                .filter(|&i| match class {
                    0 => is_name(i),
                    1 => !is_whole(i) && !is_name(i),
                    _ => is_whole(i),
                })
                .min_by_key(|&i| given[i])
        };
        let Some(i) = wanting(0).or_else(|| wanting(1)).or_else(|| wanting(2)) else {
            break;
        };
        given[i] += 1;
        spare -= 1;
    }
    // A header wider than its column's text is shortened to it.
    for i in 0..columns {
        let room = given[i].saturating_sub(pad[i]).max(1);
        if u32::from(longest_word(&headers[i])) > room {
            headers[i] = abbreviation(&headers[i], room);
        }
    }
    if headers != original {
        table.set_header(headers);
    }
    for (i, &w) in given.iter().enumerate() {
        if let Some(column) = table.column_mut(i) {
            if hidden[i] {
                column.set_constraint(ColumnConstraint::Hidden);
                continue;
            }
            if hyphened[i] {
                column.set_delimiter('-');
            }
            let w = u16::try_from(w).unwrap_or(u16::MAX);
            column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(w)));
        }
    }
    fitted
}

/// Whether a word is a figure that must not be broken: a count, a score (`8–1`, `121-95`), a
/// date or a time.
fn is_figure(word: &str) -> bool {
    let word = word.trim_matches(|c: char| "(),;".contains(c));
    word.chars().any(|c| c.is_ascii_digit())
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || "-–:.%/+".contains(c))
}

/// A header shortened to `room` characters where it can be: the initials of its words (a word
/// in capitals or a sign kept whole: `Legs won` `Lw`, `NS total` `NSt`, `Win %` `W%`), or its
/// first letters (at least three: `Matches` `Mat`, `Pitcher` `Pitc.`).
fn abbreviation(header: &str, room: u32) -> String {
    if u32::from(longest_word(header)) <= room {
        return header.to_string();
    }
    let parts: Vec<&str> = header.split_whitespace().collect();
    if parts.len() > 1 {
        let initials: String = parts
            .iter()
            .map(|w| {
                if w.chars().all(|c| !c.is_lowercase()) {
                    (*w).to_string()
                } else {
                    w.chars().take(1).collect()
                }
            })
            .collect();
        if u32::from(width_of(&initials)) < u32::from(longest_word(header)) {
            return initials;
        }
    }
    let chars: Vec<char> = header.chars().collect();
    let room = room.max(3) as usize;
    if chars.len() <= room {
        return header.to_string();
    }
    if room >= 5 {
        let mut short: String = chars[..room - 1].iter().collect();
        short.push('.');
        return short;
    }
    chars[..room].iter().collect()
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
pub use don::record::text::count;

#[cfg(test)]
mod tests {
    use super::{abbreviation, is_figure, shown};

    #[test]
    fn a_header_is_shortened_to_its_initials_or_first_letters() {
        assert_eq!(abbreviation("Legs won", 2), "Lw");
        assert_eq!(abbreviation("Legs F", 3), "LF");
        assert_eq!(abbreviation("NS total", 3), "NSt");
        assert_eq!(abbreviation("Matches", 2), "Mat");
        assert_eq!(abbreviation("Pitcher", 6), "Pitch.");
        assert_eq!(abbreviation("Pts", 3), "Pts");
        assert_eq!(abbreviation("Win %", 3), "Win %");
    }

    #[test]
    fn scores_dates_and_times_are_figures_and_names_are_not() {
        for w in ["8–1", "121-95", "2025-09-04", "07:09", "(3", "82%", "17"] {
            assert!(is_figure(w), "{w}");
        }
        for w in ["Royal", "t1-leg1", "—", "-", ""] {
            assert!(!is_figure(w), "{w}");
        }
    }

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
