//! The table of standings in the public formats of FORMAT.md §4: JSON (an array in table
//! order, keys in the order written there) and CSV with a header of the same keys.

use crate::league::Row;

/// The keys of a line of the table, in the order of FORMAT.md §4.
pub const KEYS: [&str; 11] = [
    "pos",
    "team",
    "played",
    "won",
    "drawn",
    "lost",
    "matches_for",
    "matches_against",
    "legs_for",
    "legs_against",
    "points",
];

/// A line of FORMAT.md §4, its keys in the order written there.
#[derive(serde::Serialize)]
struct RowJson<'a> {
    pos: u32,
    team: &'a str,
    played: u32,
    won: u32,
    drawn: u32,
    lost: u32,
    matches_for: u32,
    matches_against: u32,
    legs_for: u32,
    legs_against: u32,
    points: i64,
}

fn row_json(r: &Row) -> RowJson<'_> {
    RowJson {
        pos: r.pos,
        team: &r.name,
        played: r.played,
        won: r.won,
        drawn: r.drawn,
        lost: r.lost,
        matches_for: r.matches_for,
        matches_against: r.matches_against,
        legs_for: r.legs_for,
        legs_against: r.legs_against,
        points: r.points,
    }
}

/// The table as FORMAT.md §4 JSON, on one line.
pub fn json(rows: &[Row]) -> String {
    let rows: Vec<RowJson<'_>> = rows.iter().map(row_json).collect();
    crate::record::text::terminal_safe_json(&rows).unwrap_or_else(|_| "[]".into())
}

/// A line of the table, as text, in the order of [`KEYS`].
pub fn cells(r: &Row) -> [String; 11] {
    [
        r.pos.to_string(),
        r.name.clone(),
        r.played.to_string(),
        r.won.to_string(),
        r.drawn.to_string(),
        r.lost.to_string(),
        r.matches_for.to_string(),
        r.matches_against.to_string(),
        r.legs_for.to_string(),
        r.legs_against.to_string(),
        r.points.to_string(),
    ]
}

/// The table as CSV: a header of [`KEYS`], then a line a team. A team's name that a
/// spreadsheet would take for a formula is written as text ([`as_text`]).
pub fn csv(rows: &[Row]) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(KEYS)?;
    for r in rows {
        let mut line = cells(r);
        line[1] = as_text(&line[1]).into_owned();
        w.write_record(line)?;
    }
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

/// A cell of text as a spreadsheet must take it: one beginning with `=`, `+`, `-`, `@`, a tab or
/// a carriage return (which a spreadsheet would run as a formula) gets a `'` before it, as
/// OWASP's advice on CSV injection says. Only text cells: the figures are written as numbers.
pub fn as_text(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}").into()
    } else {
        cell.into()
    }
}

#[cfg(test)]
mod tests {
    use super::as_text;

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_as_text() {
        assert_eq!(as_text("=cmd|'/c calc'!A1"), "'=cmd|'/c calc'!A1");
        assert_eq!(as_text("+44"), "'+44");
        assert_eq!(as_text("-2 Club"), "'-2 Club");
        assert_eq!(as_text("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(as_text("\tRed Lion"), "'\tRed Lion");
        assert_eq!(as_text("\rRed Lion"), "'\rRed Lion");
        assert_eq!(as_text("Royal Oak = best"), "Royal Oak = best");
        assert_eq!(as_text("'quoted"), "'quoted");
        assert_eq!(as_text(""), "");
    }
}
