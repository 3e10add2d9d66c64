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

/// A team's line of a league table: its place, the team (`T`: its name in a file, its id or
/// its team in the league), its figures and points, and the note a final table printed beside
/// it. FORMAT.md §4 writes its keys in the order here (the note is not one of them); a final
/// table (FORMAT.md §7) prints them all. One type for the table worked out, the table recorded
/// as printed and the rows of a final table's file.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(bound(serialize = "T: AsRef<str>"))]
pub struct TableLine<T> {
    /// The place, from 1 (a final table's may be shared); 0 for a withdrawn team's line.
    pub pos: u32,
    #[serde(serialize_with = "team_name")]
    pub team: T,
    /// Nights played (complete nights, walkovers and nights known by totals).
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
    /// Championship points: matches won times points a match, plus adjustments (a final
    /// table's as printed: a deduction may make them negative).
    pub points: i64,
    /// A final table's words beside the line ("champions", "2 points deducted"); empty for a
    /// table worked out.
    #[serde(skip)]
    pub note: String,
}

fn team_name<T: AsRef<str>, S: serde::Serializer>(team: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(team.as_ref())
}

impl<T> TableLine<T> {
    /// Legs won less legs lost (none known: 0).
    pub fn legs_difference(&self) -> i64 {
        i64::from(self.legs_for.unwrap_or(0)) - i64::from(self.legs_against.unwrap_or(0))
    }

    /// The same line for another team (its name for its id).
    pub fn with_team<U>(&self, team: U) -> TableLine<U> {
        TableLine {
            pos: self.pos,
            team,
            played: self.played,
            won: self.won,
            drawn: self.drawn,
            lost: self.lost,
            matches_for: self.matches_for,
            matches_against: self.matches_against,
            legs_for: self.legs_for,
            legs_against: self.legs_against,
            points: self.points,
            note: self.note.clone(),
        }
    }
}

/// The table as FORMAT.md §4 JSON, on one line.
pub fn json<T: AsRef<str>>(lines: &[TableLine<T>]) -> String {
    crate::record::text::terminal_safe_json(&lines).unwrap_or_else(|_| "[]".into())
}

/// A line of a division's table (FORMAT.md §4): the division's name, then the line.
#[derive(serde::Serialize)]
#[serde(bound = "T: AsRef<str>")]
struct DivisionLine<'a, T: AsRef<str>> {
    division: &'a str,
    #[serde(flatten)]
    line: &'a TableLine<T>,
}

/// The tables of a season with divisions as FORMAT.md §4 JSON, on one line: every division's
/// lines in turn, top division first, each line with its `"division"`.
pub fn json_divided<T: AsRef<str>>(tables: &[(&str, &[TableLine<T>])]) -> String {
    let lines: Vec<DivisionLine<'_, T>> = tables
        .iter()
        .flat_map(|(division, lines)| lines.iter().map(|line| DivisionLine { division, line }))
        .collect();
    crate::record::text::terminal_safe_json(&lines).unwrap_or_else(|_| "[]".into())
}

/// A line of the table, as text, in the order of [`KEYS`].
pub fn cells<T: AsRef<str>>(r: &TableLine<T>) -> [String; 11] {
    [
        r.pos.to_string(),
        r.team.as_ref().to_string(),
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
pub fn csv<T: AsRef<str>>(rows: &[TableLine<T>]) -> Result<Vec<u8>, csv::Error> {
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

/// The tables of a season with divisions as CSV: [`csv`]'s, with the division's name in a
/// first column, `division`, every division's lines in turn, top division first.
pub fn csv_divided<T: AsRef<str>>(
    tables: &[(&str, &[TableLine<T>])],
) -> Result<Vec<u8>, csv::Error> {
    let mut header = csv::Writer::from_writer(Vec::new());
    header.write_record(std::iter::once("division").chain(KEYS))?;
    let header = header
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    let mut w = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::NonNumeric)
        .from_writer(header);
    for (division, rows) in tables {
        for r in rows.iter() {
            let mut line = cells(r);
            line[1] = as_text(&line[1]).into_owned();
            let division = as_text(division).into_owned();
            w.write_record(std::iter::once(division).chain(line))?;
        }
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
            note: String::new(),
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
