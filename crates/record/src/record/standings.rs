//! The table of standings in the public formats of FORMAT.md §4: JSON (an array in table
//! order, keys in the order written there) and CSV with a header of the same keys.

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

/// A team's line of FORMAT.md §4, its keys in the order written there.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TableLine<'a> {
    pub pos: u32,
    pub team: &'a str,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub matches_for: u32,
    pub matches_against: u32,
    /// `None` (`null`): not known (a team whose nights were known only by their totals, or a
    /// final table printed without legs).
    pub legs_for: Option<u32>,
    pub legs_against: Option<u32>,
    pub points: i64,
}

/// The table as FORMAT.md §4 JSON, on one line.
pub fn json(lines: &[TableLine<'_>]) -> String {
    crate::record::text::terminal_safe_json(&lines).unwrap_or_else(|_| "[]".into())
}

/// A line of the table, as text, in the order of [`KEYS`].
pub fn cells(r: &TableLine<'_>) -> [String; 11] {
    [
        r.pos.to_string(),
        r.team.to_string(),
        r.played.to_string(),
        r.won.to_string(),
        r.drawn.to_string(),
        r.lost.to_string(),
        r.matches_for.to_string(),
        r.matches_against.to_string(),
        r.legs_for.map_or_else(String::new, |n| n.to_string()),
        r.legs_against.map_or_else(String::new, |n| n.to_string()),
        r.points.to_string(),
    ]
}

/// The table as CSV: a header of [`KEYS`], then a line a team. A team's name is in quotes
/// (unless it is a number, so that a spreadsheet takes it whole as text, a `,` or `;` inside it included), and
/// one that a spreadsheet would take for a formula is written as text besides ([`as_text`]);
/// the figures are plain numbers.
pub fn csv(rows: &[TableLine<'_>]) -> Result<Vec<u8>, csv::Error> {
    let mut header = csv::Writer::from_writer(Vec::new());
    header.write_record(KEYS)?;
    let header = header
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    // Every cell that is not a number is quoted: the name, whatever it holds.
    let mut w = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::NonNumeric)
        .from_writer(header);
    for r in rows {
        let mut line = cells(r);
        line[1] = as_text(&line[1]).into_owned();
        w.write_record(line)?;
    }
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

pub use super::cell::as_text;

#[cfg(test)]
mod tests {
    use super::as_text;

    #[test]
    fn a_name_is_quoted_and_a_separator_inside_it_stays_inside_the_quotes() {
        let row = |pos: u32, team: &'static str, points: i64| super::TableLine {
            pos,
            team,
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            matches_for: 0,
            matches_against: 0,
            legs_for: Some(0),
            legs_against: Some(0),
            points,
        };
        let csv = super::csv(&[
            row(1, "Pub;=1+7", 3),
            row(2, "Red Lion", -2),
            row(3, "-2 Club", 0),
        ])
        .unwrap();
        assert_eq!(
            String::from_utf8(csv).unwrap(),
            "pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points\n\
             1,\"Pub;=1+7\",0,0,0,0,0,0,0,0,3\n\
             2,\"Red Lion\",0,0,0,0,0,0,0,0,-2\n\
             3,\"'-2 Club\",0,0,0,0,0,0,0,0,0\n"
        );
    }

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_as_text() {
        assert_eq!(as_text("=cmd|'/c calc'!A1"), "'=cmd|'/c calc'!A1");
        assert_eq!(as_text("+44 1495"), "'+44 1495");
        // A plain number is a number to a spreadsheet, and runs nothing.
        assert_eq!(as_text("+44"), "+44");
        assert_eq!(as_text("-2 Club"), "'-2 Club");
        assert_eq!(as_text("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(as_text("\tRed Lion"), "'\tRed Lion");
        assert_eq!(as_text("\rRed Lion"), "'\rRed Lion");
        assert_eq!(as_text("Royal Oak = best"), "Royal Oak = best");
        assert_eq!(as_text("'quoted"), "'quoted");
        assert_eq!(as_text(""), "");
    }
}
