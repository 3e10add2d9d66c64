//! League results as CSV (FORMAT.md §3), read and written with the `csv` crate. Four shapes,
//! told apart by their header (columns in any order, names matched ignoring case):
//! - **matches**: `season,date,home,away,kind,slot,home_legs,away_legs`, and optionally
//!   `home_players,away_players,leg_scores` — one row per match;
//! - **nights**: `season,date,home,away,home_points,away_points`, optionally `note` (empty, or
//!   `walkover`: one team did not turn up) — one row per night known only by its result;
//! - **rosters**: `season,team,player` — one row per player of a team;
//! - **adjustments**: `season,date,team,adjustment,reason` — `adjustment` is signed
//!   championship points (`-2`) or `withdrawn`;
//! - **configuration**: `season,setting,value` — one row per setting of a season's
//!   configuration (`kind`, `points-per-match`, `walkover`, `roster-min`, `tie-breakers`,
//!   `don-rules`, as `don league new` takes them);
//! - **fixtures**: `season,date,home,away`, optionally `round` — one row per fixture of a
//!   season's schedule, played or not (its result is in the matches or nights);
//! - **final table** (FORMAT.md §7): `season,pos,team,played,won,drawn,lost,matches_for,
//!   matches_against,points`, optionally `legs_for,legs_against,note` — a season known only by
//!   its final table, one row a team in its printed order;
//! - **results grid** (FORMAT.md §7): no header of columns, but a grid: a top-left cell
//!   `season` with the season's name beside it (the away teams on the next row), or empty
//!   (the away teams on that same row, the season named by `import --season`); the home teams
//!   down the first column; each cell a night `H-A`, `H-A w/o`, empty or `-` (not played), `x`
//!   where a team meets itself.
//!
//! Matches and nights may also have `confirmation` (`confirmed`, `provisional` or
//! `disputed`), `entered_by` (`home` or `away`, for a confirmed night too) and `disputed_by`
//! and `reason` (a dispute's), how the night stands; and matches a `note`: `incomplete` on the rows of a night whose other
//! matches are still to enter. A file without them means what FORMAT.md §3 says.
//!
//! Only the format is checked here (columns, numbers, dates, leg scores); what a league makes
//! of the rows is checked by the league layer, which names the line and column through
//! [`ResultsFile::column`].

use std::collections::VecDeque;
use std::io::{Read, Write};

use chrono::NaiveDate;

use super::source::size;
use super::standings::{TableLine, KEYS};

/// The shapes of results file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Matches,
    Nights,
    Rosters,
    Adjustments,
    Configuration,
    Fixtures,
    /// A season's final table as printed (FORMAT.md §7).
    Table,
    /// A season's results grid (FORMAT.md §7): told by its first cell, not by named columns.
    Grid,
}

impl Shape {
    /// Every shape with a header of named columns, in the order a header is tried against them
    /// (matches and nights before fixtures, whose four columns they share).
    const ALL: [Shape; 7] = [
        Shape::Configuration,
        Shape::Matches,
        Shape::Nights,
        Shape::Fixtures,
        Shape::Adjustments,
        Shape::Table,
        Shape::Rosters,
    ];

    /// The columns a file of this shape must have, then those it may have (numbers of
    /// [`col::NAMES`]).
    fn columns(self) -> (&'static [usize], &'static [usize]) {
        use col::*;
        match self {
            Shape::Matches => (
                &[SEASON, DATE, HOME, AWAY, KIND, SLOT, HOME_LEGS, AWAY_LEGS],
                &[
                    HOME_PLAYERS,
                    AWAY_PLAYERS,
                    LEG_SCORES,
                    NOTE,
                    CONFIRMATION,
                    ENTERED_BY,
                    DISPUTED_BY,
                    REASON,
                    DIVISION,
                ],
            ),
            Shape::Nights => (
                &[SEASON, DATE, HOME, AWAY, HOME_POINTS, AWAY_POINTS],
                &[
                    NOTE,
                    CONFIRMATION,
                    ENTERED_BY,
                    DISPUTED_BY,
                    REASON,
                    DIVISION,
                ],
            ),
            Shape::Configuration => (&[SEASON, SETTING, VALUE], &[]),
            Shape::Fixtures => (&[SEASON, DATE, HOME, AWAY], &[ROUND]),
            Shape::Rosters => (&[SEASON, TEAM, PLAYER], &[]),
            Shape::Adjustments => (&[SEASON, DATE, TEAM, ADJUSTMENT, REASON], &[]),
            Shape::Table => (
                &[
                    SEASON,
                    POS,
                    TEAM,
                    PLAYED,
                    WON,
                    DRAWN,
                    LOST,
                    MATCHES_FOR,
                    MATCHES_AGAINST,
                    POINTS,
                ],
                &[LEGS_FOR, LEGS_AGAINST, NOTE],
            ),
            // A grid has no named columns.
            Shape::Grid => (&[], &[]),
        }
    }
}

/// A column of the file as read: its place (from 1, as a spreadsheet counts) and name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub index: usize,
    pub name: String,
}

/// A match row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    pub line: u64,
    pub season: String,
    pub date: NaiveDate,
    pub home: String,
    pub away: String,
    pub kind: String,
    pub slot: u32,
    pub home_players: Vec<String>,
    pub away_players: Vec<String>,
    pub home_legs: u32,
    pub away_legs: u32,
    pub leg_scores: Vec<(u32, u32)>,
    /// `note` is `incomplete`: the night's other matches are still to enter.
    pub incomplete: bool,
    pub standing: Standing,
    /// The columns whose cells could not be read (the row is kept so that its other cells
    /// are checked too; empty for a row read well).
    pub faulty: Vec<&'static str>,
}

/// Home or away, as a row names a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowSide {
    Home,
    Away,
}

impl RowSide {
    pub fn as_str(self) -> &'static str {
        match self {
            RowSide::Home => "home",
            RowSide::Away => "away",
        }
    }
}

/// How a night stands, as the optional `confirmation, entered_by, disputed_by, reason` columns
/// give it (none: confirmed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Standing {
    #[default]
    Confirmed,
    /// Confirmed, and entered for one side (then confirmed by the other).
    ConfirmedBy {
        entered_by: RowSide,
    },
    Provisional {
        entered_by: RowSide,
    },
    Disputed {
        by: RowSide,
        reason: String,
        entered_by: Option<RowSide>,
    },
}

/// A configuration row: one setting of a season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigRow {
    pub line: u64,
    pub season: String,
    pub setting: String,
    pub value: String,
}

/// A night row: its result only, or a walkover (the points the walkover's award).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NightRow {
    pub line: u64,
    pub season: String,
    pub date: NaiveDate,
    pub home: String,
    pub away: String,
    pub home_points: u32,
    pub away_points: u32,
    pub walkover: bool,
    pub standing: Standing,
    /// The columns whose cells could not be read (empty for a row read well).
    pub faulty: Vec<&'static str>,
}

/// A fixture row: a fixture of a season's schedule (its result, if any, is another file's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureRow {
    pub line: u64,
    pub season: String,
    pub date: NaiveDate,
    pub home: String,
    pub away: String,
    /// Its round, when `fixtures generate` made it.
    pub round: Option<u32>,
    /// The columns whose cells could not be read (empty for a row read well).
    pub faulty: Vec<&'static str>,
}

/// A roster row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterRow {
    pub line: u64,
    pub season: String,
    pub team: String,
    pub player: String,
    /// The columns whose cells could not be read (empty for a row read well).
    pub faulty: Vec<&'static str>,
}

/// What an adjustment does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdjustmentChange {
    /// Championship points added (negative: deducted).
    Points(i64),
    /// The team withdrew on the row's date.
    Withdrawn,
}

/// An adjustment row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjustmentRow {
    pub line: u64,
    pub season: String,
    pub date: NaiveDate,
    pub team: String,
    pub change: AdjustmentChange,
    pub reason: String,
    /// The columns whose cells could not be read (empty for a row read well).
    pub faulty: Vec<&'static str>,
}

/// A row of a final table's file (FORMAT.md §7): its line, season and the team's line as
/// printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalTableRow {
    pub line: u64,
    pub season: String,
    /// The team's line as printed: its position may be shared, its legs empty (not known),
    /// its points fewer than the matches won give (a deduction), its note free text.
    pub printed: TableLine<String>,
    /// The columns whose cells could not be read (empty for a row read well).
    pub faulty: Vec<&'static str>,
}

/// A team named by a results grid: the cell it is named in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridTeam {
    pub line: u64,
    /// Its cell's column: the first (`home`) for a home team, its own for an away team.
    pub column: Column,
    pub name: String,
}

/// A night of a results grid: its cell (the home team's row, the away team's column) and the
/// points it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridNight {
    pub line: u64,
    /// The cell's column, named by its away team as the grid writes it.
    pub column: Column,
    pub home: String,
    pub away: String,
    pub home_points: u32,
    pub away_points: u32,
    /// `w/o` after the points: one team did not turn up.
    pub walkover: bool,
}

/// A results grid (FORMAT.md §7): one season's nights as a league handbook prints them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grid {
    /// The season its `season` row names; none when the top-left cell is empty (then
    /// `import --season` names it).
    pub season: Option<String>,
    /// The line of the row of away teams.
    pub teams_line: u64,
    /// The away teams, left to right.
    pub away: Vec<GridTeam>,
    /// The home teams, top down.
    pub home: Vec<GridTeam>,
    /// Its nights, row by row, left to right (cells not played left out).
    pub nights: Vec<GridNight>,
}

/// The rows of a results file, by shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rows {
    Matches(Vec<MatchRow>),
    Nights(Vec<NightRow>),
    Rosters(Vec<RosterRow>),
    Adjustments(Vec<AdjustmentRow>),
    Configuration(Vec<ConfigRow>),
    Fixtures(Vec<FixtureRow>),
    Table(Vec<FinalTableRow>),
    Grid(Grid),
}

/// A results file read: its header (folded to lower case, as written) and its rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsFile {
    pub header: Vec<String>,
    pub rows: Rows,
    /// Reading stopped at [`MAX_ERRORS`] faults with more of the file left unread (or more
    /// faults found than are kept): there may be more.
    pub stopped: bool,
    /// The optional `division` column of matches and nights (FORMAT.md §3): each row's line
    /// and the division named there (tidied), for the rows that name one.
    pub divisions: Vec<(u64, String)>,
}

/// A fault in a results file, at its line and (when it is one field's) column: found reading
/// it, or checking its rows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", column.as_ref().map(|c| format!(", column {} ({})", c.index, super::text::escaped(&c.name))).unwrap_or_default())]
pub struct RowError {
    pub line: u64,
    pub column: Option<Column>,
    pub message: String,
    /// What the user can do about it, as data: each front end says it in its own words.
    pub advice: Option<Box<Advice>>,
}

impl RowError {
    /// A fault at a line (and a column), with no advice.
    pub fn new(line: u64, column: Option<Column>, message: impl Into<String>) -> Self {
        let message = message.into();
        RowError {
            line,
            column,
            message,
            advice: None,
        }
    }

    /// The fault with what the user can do about it.
    pub fn advised(self, advice: Option<Advice>) -> Self {
        let advice = advice.map(Box::new);
        RowError { advice, ..self }
    }
}

/// What the user can do about a fault, as data (a name, a date, a fixture): the command line
/// says it with its flags and commands, another front end in its own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// `name`, near a known player's, may be someone new: say so.
    NewPlayer(String),
    /// `name`, near a known team's, may be a new team: add it first.
    NewTeam(String),
    /// A name the files write two ways (`one_letter` apart): say which is meant.
    WhichName { one_letter: bool },
    /// A league, team or player not known: the import makes it when asked to.
    Create,
    /// A night off fixture `id`'s date: move the fixture if the night was moved, else add one
    /// between `home` and `away` on `date`.
    MoveOrAdd {
        id: i64,
        home: String,
        away: String,
        date: NaiveDate,
    },
    /// Fixtures left on other dates: move the one played to `date`.
    MoveOne { date: NaiveDate },
    /// No fixture between `home` and `away`: add one on `date` first.
    AddFixture {
        home: String,
        away: String,
        date: NaiveDate,
    },
    /// A date that more than one season could hold: name the season.
    NameSeason,
    /// A date outside every season: name the season, or give a date within one.
    NameSeasonOrDate,
    /// A date in `holder`'s dates, not `given`'s: name `holder`, or a date within `given`.
    OtherSeason { holder: String, given: String },
    /// A date that stretches `given` over `other`'s dates: a date next to `given`'s, or `other`.
    NextTo { given: String, other: String },
    /// A schedule's rounds over another season's dates: start elsewhere, or skip that date.
    StartElsewhere,
    /// A date far from its season's: perhaps a new season's (`in_file_order`: a file's nights
    /// are taken in its order, so one sorted by date is read as a season grows).
    NewSeason { in_file_order: bool },
    /// A grid that names its own season (`own`), and another (`asked`) named for the import:
    /// name none.
    SeasonNamedTwice { own: String, asked: String },
    /// A grid that names no season, and none named: name one, or head the grid with it.
    NameGridSeason,
    /// The season named for the import (not in a file), `name`, refused: `why`.
    SeasonAsked { name: String, why: String },
}

/// In a row's `faulty`: the row has not the header's number of fields, so none of its cells is
/// to be trusted (they may be shifted); it is kept only to tell which night it was of.
pub const UNREAD: &str = "(the whole row)";

/// At most this many faults are reported from one file; reading stops there.
pub const MAX_ERRORS: usize = 100;

/// The largest count (slot, legs, points) a row may give.
const MAX_COUNT: u32 = 10_000;

/// The most championship points a final table's row may give, either way.
const MAX_TABLE_POINTS: i64 = 1_000_000;

/// The most points an adjustment may deduct or award, one bound for a row of an adjustments
/// file and for `don deduct` and `don award` (the league's, as [`crate::league`] gives it).
pub const MAX_ADJUSTMENT: i64 = 99_999;

/// Why `raw` (points as typed) is past [`MAX_ADJUSTMENT`], in the words a file's row and
/// `don deduct` or `don award` both use.
pub fn adjustment_out_of_range(raw: &str) -> String {
    format!("`{raw}` is out of range: an adjustment is at most {MAX_ADJUSTMENT} points either way")
}

/// The most a row (a record: its lines, with a quoted cell's line breaks) may take. A file is
/// read a row at a time: nothing longer is held, whatever the file (a device that never ends a
/// line, a quote never closed).
pub const MAX_ROW_BYTES: u64 = 64 << 10;

/// The most a cell may hold (a reason, a configuration's value).
pub const MAX_CELL_BYTES: usize = 4 << 10;

/// The most characters a name may have (a season, a team, a player, a kind, a setting).
pub use super::text::MAX_NAME_CHARS;

/// The most teams a results grid may have across (and down): a handbook's page has a few
/// dozen. A grid naming more is refused at the row that does, before the rest is read (its
/// nights would grow as the square of its teams).
pub const MAX_GRID_TEAMS: usize = 64;

impl ResultsFile {
    pub fn shape(&self) -> Shape {
        match self.rows {
            Rows::Matches(_) => Shape::Matches,
            Rows::Nights(_) => Shape::Nights,
            Rows::Rosters(_) => Shape::Rosters,
            Rows::Adjustments(_) => Shape::Adjustments,
            Rows::Configuration(_) => Shape::Configuration,
            Rows::Fixtures(_) => Shape::Fixtures,
            Rows::Table(_) => Shape::Table,
            Rows::Grid(_) => Shape::Grid,
        }
    }

    /// The column named `name` in the file as read (columns may come in any order).
    pub fn column(&self, name: &str) -> Option<Column> {
        column_of(&self.header, name)
    }
}

/// The column named `name` in a header as read.
pub fn column_of(header: &[String], name: &str) -> Option<Column> {
    header.iter().position(|c| c == name).map(|i| Column {
        index: i + 1,
        name: name.to_string(),
    })
}

/// Whether `line` (a file's first line) is the header of a results file, of any shape: its
/// cells, as a header is read (a byte-order mark, blanks around a cell and case set aside),
/// name one shape's columns, or begin a results grid with its `season` row.
pub fn is_results_header(line: &str) -> bool {
    let header: Vec<String> = line
        .trim_start_matches('\u{feff}')
        .trim_end_matches(['\r', '\n'])
        .split(',')
        .map(|h| h.trim().trim_matches('"').trim().to_ascii_lowercase())
        .collect();
    // A grid only by its `season` row: a first line beginning with an empty cell could be
    // anything (`,[[` is no results file, but broken JSON, for `check` to say so).
    shape_of(&header).is_ok() || matches!(grid_begins(&header), Some(GridStart::Season(_)))
}

/// How a results grid begins, if the header (its cells trimmed) is a grid's first row: with a
/// `season` row (`season`, the season's name, nothing else), or with its row of away teams
/// (an empty first cell, a team named after it).
fn grid_begins(header: &[String]) -> Option<GridStart> {
    let first = header.first()?;
    let filled = |cells: &[String]| cells.iter().any(|c| !c.is_empty());
    // A header of named columns with one missing (`season,player`) is no grid: a grid's
    // season or team is not named as a column is.
    let column = |c: &String| col::NAMES.contains(&c.to_ascii_lowercase().as_str());
    if header.iter().skip(1).any(column) {
        return None;
    }
    if first.eq_ignore_ascii_case("season") {
        let name = header.get(1).filter(|n| !n.is_empty())?;
        return (!filled(&header[2..])).then(|| GridStart::Season(name.clone()));
    }
    (first.is_empty() && filled(&header[1..])).then_some(GridStart::Teams)
}

/// How a grid's first row begins it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum GridStart {
    /// `season,NAME`: the away teams are on the next row.
    Season(String),
    /// The away teams, after an empty top-left cell.
    Teams,
}

/// Tells the shape from a header: the one whose required columns are all there (matches is
/// tried before nights, which shares its first four).
fn shape_of(header: &[String]) -> Result<Shape, RowError> {
    let has = |c: &usize| header.iter().any(|h| h == col::NAMES[*c]);
    // Fixtures' four columns begin matches' and nights' too: a header is of fixtures only
    // when it has no other column (`season,date,home,away,kind` lacks the rest of matches).
    let only_its_own = |s: Shape| {
        let (required, optional) = s.columns();
        header
            .iter()
            .all(|h| required.iter().chain(optional).any(|c| col::NAMES[*c] == h))
    };
    let fit = Shape::ALL
        .into_iter()
        .filter(|s| *s != Shape::Fixtures || only_its_own(*s))
        .find(|s| s.columns().0.iter().all(has));
    let Some(shape) = fit else {
        let best = Shape::ALL
            .into_iter()
            .max_by_key(|s| s.columns().0.iter().filter(|c| has(c)).count())
            .expect("seven shapes");
        let missing: Vec<&str> = best
            .columns()
            .0
            .iter()
            .filter(|c| !has(c))
            .map(|c| col::NAMES[*c])
            .collect();
        let message = format!(
            "the header is not one of results: it lacks {} (see docs/formats.md#results-csv; matches: season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores; nights: season,date,home,away,home_points,away_points; rosters: season,team,player; adjustments: season,date,team,adjustment,reason; configuration: season,setting,value; fixtures: season,date,home,away; final table: season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note; a results grid begins with a `season` cell and the season's name, or an empty cell and the away teams)",
            missing.join(", ")
        );
        return Err(RowError::new(1, None, message));
    };
    let (required, optional) = shape.columns();
    let known = |h: &str| required.iter().chain(optional).any(|c| col::NAMES[*c] == h);
    for (i, h) in header.iter().enumerate() {
        if !known(h) {
            return Err(RowError::new(
                1,
                Some(Column {
                    index: i + 1,
                    name: h.clone(),
                }),
                format!("`{h}` is not a column of {} results", shape_name(shape)),
            ));
        }
        if header[..i].contains(h) {
            return Err(RowError::new(
                1,
                Some(Column {
                    index: i + 1,
                    name: h.clone(),
                }),
                format!("`{h}` is named twice"),
            ));
        }
    }
    Ok(shape)
}

fn shape_name(shape: Shape) -> &'static str {
    match shape {
        Shape::Matches => "match",
        Shape::Nights => "night",
        Shape::Rosters => "roster",
        Shape::Adjustments => "adjustment",
        Shape::Configuration => "configuration",
        Shape::Fixtures => "fixture",
        Shape::Table => "final table",
        Shape::Grid => "results grid",
    }
}

/// Spaces tidied: trimmed, inner runs made one space (one allocation).
fn tidy(text: &str) -> String {
    // Most names are tidy already: plain ASCII with single spaces between words.
    let b = text.as_bytes();
    let tidy_already = b.is_ascii()
        && b.first().is_none_or(|c| *c != b' ')
        && b.last().is_none_or(|c| *c != b' ')
        && !b.windows(2).any(|w| w == b"  ")
        && !b.iter().any(|c| c.is_ascii_whitespace() && *c != b' ');
    if tidy_already {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// `YYYY-MM-DD`, a real day: four, two and two digits (chrono's `%Y-%m-%d` would also take
/// `2024- 3-14` or `+024-03-14`).
fn quick_date(v: &str) -> Option<NaiveDate> {
    let b = v.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        b[r.clone()]
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| v[r].parse().ok())
            .flatten()
    };
    NaiveDate::from_ymd_opt(num(0..4)? as i32, num(5..7)?, num(8..10)?)
}

/// Every column any shape has, by number (so a row's field is found without comparing names).
mod col {
    pub const SEASON: usize = 0;
    pub const DATE: usize = 1;
    pub const HOME: usize = 2;
    pub const AWAY: usize = 3;
    pub const KIND: usize = 4;
    pub const SLOT: usize = 5;
    pub const HOME_PLAYERS: usize = 6;
    pub const AWAY_PLAYERS: usize = 7;
    pub const HOME_LEGS: usize = 8;
    pub const AWAY_LEGS: usize = 9;
    pub const LEG_SCORES: usize = 10;
    pub const HOME_POINTS: usize = 11;
    pub const AWAY_POINTS: usize = 12;
    pub const NOTE: usize = 13;
    pub const TEAM: usize = 14;
    pub const PLAYER: usize = 15;
    pub const ADJUSTMENT: usize = 16;
    pub const REASON: usize = 17;
    pub const CONFIRMATION: usize = 18;
    pub const ENTERED_BY: usize = 19;
    pub const DISPUTED_BY: usize = 20;
    pub const SETTING: usize = 21;
    pub const VALUE: usize = 22;
    pub const ROUND: usize = 23;
    pub const POS: usize = 24;
    pub const PLAYED: usize = 25;
    pub const WON: usize = 26;
    pub const DRAWN: usize = 27;
    pub const LOST: usize = 28;
    pub const MATCHES_FOR: usize = 29;
    pub const MATCHES_AGAINST: usize = 30;
    pub const LEGS_FOR: usize = 31;
    pub const LEGS_AGAINST: usize = 32;
    pub const POINTS: usize = 33;
    pub const DIVISION: usize = 34;

    pub const NAMES: [&str; 35] = [
        "season",
        "date",
        "home",
        "away",
        "kind",
        "slot",
        "home_players",
        "away_players",
        "home_legs",
        "away_legs",
        "leg_scores",
        "home_points",
        "away_points",
        "note",
        "team",
        "player",
        "adjustment",
        "reason",
        "confirmation",
        "entered_by",
        "disputed_by",
        "setting",
        "value",
        "round",
        "pos",
        "played",
        "won",
        "drawn",
        "lost",
        "matches_for",
        "matches_against",
        "legs_for",
        "legs_against",
        "points",
        "division",
    ];
}

/// One record's fields by column name, with the faults found reading them.
struct Fields<'a> {
    /// Where each of [`col::NAMES`] is in the file, if it is.
    at: &'a [Option<usize>; col::NAMES.len()],
    record: &'a csv::StringRecord,
    line: u64,
    errors: Vec<RowError>,
    /// The columns of the faults, by name.
    faulty: Vec<&'static str>,
}

impl Fields<'_> {
    fn raw(&self, c: usize) -> &str {
        // A cell written as text for a spreadsheet is read as it was ([`super::cell`]).
        super::cell::from_text(
            self.at[c]
                .and_then(|i| self.record.get(i))
                .unwrap_or("")
                .trim(),
        )
    }

    fn fault(&mut self, c: usize, message: String) {
        let column = self.at[c].map(|i| Column {
            index: i + 1,
            name: col::NAMES[c].to_string(),
        });
        self.errors.push(RowError::new(self.line, column, message));
        if !self.faulty.contains(&col::NAMES[c]) {
            self.faulty.push(col::NAMES[c]);
        }
    }

    /// `home`, `away` or nothing.
    fn side(&mut self, c: usize) -> Option<RowSide> {
        let v = self.text(c).to_ascii_lowercase();
        match v.as_str() {
            "" => None,
            "home" => Some(RowSide::Home),
            "away" => Some(RowSide::Away),
            _ => {
                self.fault(c, format!("`{v}` is neither home nor away"));
                None
            }
        }
    }

    /// How the night stands: the optional `confirmation, entered_by, disputed_by, reason`.
    fn standing(&mut self) -> Standing {
        let state = self.text(col::CONFIRMATION).to_ascii_lowercase();
        let entered_by = self.side(col::ENTERED_BY);
        let disputed_by = self.side(col::DISPUTED_BY);
        let reason = self.text(col::REASON);
        if state != "disputed" {
            if disputed_by.is_some() {
                self.fault(
                    col::DISPUTED_BY,
                    "only a disputed night has disputed_by".into(),
                );
            }
            if !reason.is_empty() {
                self.fault(col::REASON, "only a disputed night has a reason".into());
            }
        }
        match state.as_str() {
            "" | "confirmed" => match entered_by {
                Some(entered_by) => Standing::ConfirmedBy { entered_by },
                None => Standing::Confirmed,
            },
            "provisional" => match entered_by {
                Some(entered_by) => Standing::Provisional { entered_by },
                None => {
                    self.fault(
                        col::ENTERED_BY,
                        "a provisional night names the side that entered it (home or away)".into(),
                    );
                    Standing::Confirmed
                }
            },
            "disputed" => {
                let by = match disputed_by {
                    Some(by) => by,
                    None => {
                        self.fault(
                            col::DISPUTED_BY,
                            "a disputed night names the side that disputes it (home or away)"
                                .into(),
                        );
                        RowSide::Home
                    }
                };
                if reason.is_empty() {
                    self.fault(col::REASON, "a disputed night needs its reason".into());
                }
                Standing::Disputed {
                    by,
                    reason,
                    entered_by,
                }
            }
            _ => {
                self.fault(
                    col::CONFIRMATION,
                    format!(
                        "`{state}` is not how a night stands: confirmed, provisional or disputed"
                    ),
                );
                Standing::Confirmed
            }
        }
    }

    /// A name: spaces tidied; required unless `optional`.
    fn name(&mut self, c: usize) -> String {
        let raw = self.raw(c);
        let v = tidy(raw);
        if v.is_empty() {
            self.fault(c, format!("`{}` is empty", col::NAMES[c]));
        } else if let Some(n) = too_long(&v) {
            self.fault(c, n);
        } else {
            let raw = raw.to_string();
            self.check_text(c, &raw);
        }
        v
    }

    /// The field (or one name of it) as read, refused if it holds a control character or
    /// nothing visible (`text::check`). A line break in a quoted cell (a spreadsheet's line
    /// within a cell, `\n` or `\r\n`) is white space, made one space by tidying; a tab, a
    /// carriage return alone, a vertical tab or a NEL is refused.
    fn check_text(&mut self, c: usize, raw: &str) {
        let lines_joined = raw.replace("\r\n", " ").replace('\n', " ");
        if let Err(e) = super::text::check(&lines_joined) {
            self.fault(c, format!("`{}` {e}", col::NAMES[c]));
        }
    }

    fn text(&self, c: usize) -> String {
        tidy(self.raw(c))
    }

    fn date(&mut self, c: usize) -> NaiveDate {
        let v = self.raw(c);
        if let Some(d) = quick_date(v) {
            if let Err(e) = super::date::in_years(d) {
                self.fault(c, format!("`{v}`: {e}"));
            }
            return d;
        }
        let v = v.to_string();
        self.fault(c, format!("`{v}` is not a date (YYYY-MM-DD, a real day)"));
        NaiveDate::MIN
    }

    fn count(&mut self, c: usize, least: u32) -> u32 {
        let v = self.raw(c).to_string();
        match v.parse::<u32>() {
            Ok(n) if n >= least && n <= MAX_COUNT && v.bytes().all(|b| b.is_ascii_digit()) => n,
            Ok(n) if n > MAX_COUNT => {
                self.fault(c, format!("`{v}` is more than {MAX_COUNT}"));
                0
            }
            // Digits only, too many for a u32: a number, and more than the most too.
            Err(_) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
                self.fault(c, format!("`{v}` is more than {MAX_COUNT}"));
                0
            }
            _ => {
                let what = if least == 0 {
                    "a number (0 or more)"
                } else {
                    "a number (1 or more)"
                };
                self.fault(c, format!("`{v}` is not {what}"));
                0
            }
        }
    }

    /// A count that may be left empty (not known).
    fn optional_count(&mut self, c: usize) -> Option<u32> {
        (!self.raw(c).is_empty()).then(|| self.count(c, 0))
    }

    /// Championship points as printed: a whole number, signed or not, within [`MAX_TABLE_POINTS`].
    fn points(&mut self, c: usize) -> i64 {
        let v = self.raw(c).to_string();
        let digits = v.strip_prefix(['+', '-']).unwrap_or(&v);
        let number = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        match v.parse::<i64>() {
            Ok(n) if number && n.abs() <= MAX_TABLE_POINTS => n,
            _ if number => {
                self.fault(
                    c,
                    format!("`{v}` is out of range: at most {MAX_TABLE_POINTS} points either way"),
                );
                0
            }
            _ => {
                self.fault(
                    c,
                    format!("`{v}` is not points (a whole number, as 61 or -2)"),
                );
                0
            }
        }
    }

    fn players(&mut self, c: usize) -> Vec<String> {
        let v = self.raw(c).to_string();
        if v.is_empty() {
            return Vec::new();
        }
        let names: Vec<String> = v.split('+').map(tidy).collect();
        if names.iter().any(String::is_empty) {
            self.fault(c, format!("`{v}` has a blank name (names are joined by +)"));
        } else if let Some(n) = names.iter().find_map(|n| too_long(n)) {
            self.fault(c, n);
        } else if let Some(bad) = v
            .split('+')
            .map(str::trim)
            .find(|n| super::text::check(&n.replace("\r\n", " ").replace('\n', " ")).is_err())
        {
            self.check_text(c, bad);
        }
        names
    }

    fn leg_scores(&mut self, c: usize) -> Vec<(u32, u32)> {
        let v = self.raw(c).to_string();
        let mut legs = Vec::new();
        for (i, word) in v.split_whitespace().enumerate() {
            let pair = word.split_once('-').and_then(|(h, a)| {
                let ok = |s: &str| {
                    !s.is_empty() && s.len() <= 5 && s.bytes().all(|b| b.is_ascii_digit())
                };
                (ok(h) && ok(a)).then(|| (h.parse().ok(), a.parse().ok()))
            });
            match pair {
                Some((Some(h), Some(a))) => legs.push((h, a)),
                _ => {
                    self.fault(
                        c,
                        format!(
                            "leg {}: `{word}` is not a score, home first (as 121-87)",
                            i + 1
                        ),
                    );
                    return Vec::new();
                }
            }
        }
        legs
    }
}

/// "a name of 312 characters: a name may have at most 100", for a name too long.
fn too_long(name: &str) -> Option<String> {
    let n = name.chars().count();
    (n > MAX_NAME_CHARS)
        .then(|| format!("a name of {n} characters: a name may have at most {MAX_NAME_CHARS}"))
}

/// The fault of a row too long, or of a quote never closed (told apart by where the open
/// quote is): the line named is where the row or the quoted cell begins.
fn row_too_long<R>(breaks: &mut Breaks<R>, start: u64) -> RowError {
    match breaks.open_quote {
        Some(at) if at >= start => {
            let line = breaks.line_of(at);
            RowError::new(line, None, unclosed_quote(line, Some(MAX_ROW_BYTES)))
        }
        _ => {
            let message = format!(
                "the row is longer than {}, the most a row may take (is it a results file?)",
                size(MAX_ROW_BYTES as usize)
            );
            RowError::new(breaks.line(start), None, message)
        }
    }
}

fn unclosed_quote(line: u64, cut: Option<u64>) -> String {
    let rest = match cut {
        Some(bytes) => format!("more than {} of the file after it", size(bytes as usize)),
        None => "the rest of the file after it".to_string(),
    };
    format!(
        "the quote (\") opening a cell on line {line} is never closed: {rest} would be that one cell; close the quote, or double a quote inside a cell (\"\")"
    )
}

/// Reads a results file; every fault found (up to 100), in line order.
pub fn read_results(input: impl Read) -> Result<ResultsFile, Vec<RowError>> {
    match read_results_lenient(input)? {
        (file, errors) if errors.is_empty() => Ok(file),
        (_, errors) => Err(errors),
    }
}

/// Reads a results file, keeping the rows that read well beside the faults of those that do
/// not (so what is made of the good rows can be checked too); an unreadable header is an error.
pub fn read_results_lenient(
    input: impl Read,
) -> Result<(ResultsFile, Vec<RowError>), Vec<RowError>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(Breaks::new(input));
    let raw_header = read_header(&mut reader).map_err(|e| vec![e])?;
    let header: Vec<String> = raw_header.iter().map(|h| h.to_ascii_lowercase()).collect();
    let shape = match shape_of(&header) {
        Ok(shape) => shape,
        Err(e) => match grid_begins(&raw_header) {
            Some(start) => return Ok(read_grid(reader, start, &raw_header)),
            None => return Err(vec![e]),
        },
    };
    let at: [Option<usize>; col::NAMES.len()] =
        std::array::from_fn(|c| header.iter().position(|h| h == col::NAMES[c]));
    let mut rows = match shape {
        Shape::Matches => Rows::Matches(Vec::new()),
        Shape::Nights => Rows::Nights(Vec::new()),
        Shape::Rosters => Rows::Rosters(Vec::new()),
        Shape::Adjustments => Rows::Adjustments(Vec::new()),
        Shape::Configuration => Rows::Configuration(Vec::new()),
        Shape::Fixtures => Rows::Fixtures(Vec::new()),
        Shape::Table => Rows::Table(Vec::new()),
        Shape::Grid => Rows::Grid(Grid::default()),
    };
    let mut errors = Vec::new();
    let mut divisions = Vec::new();
    // One record read into again and again: a row costs no allocation of its own.
    let mut record = csv::StringRecord::new();
    let mut stopped = false;
    loop {
        if errors.len() >= MAX_ERRORS {
            // Stopped: say so if anything is left (a row, blank or not, or a fault).
            stopped =
                errors.len() > MAX_ERRORS || !matches!(reader.read_record(&mut record), Ok(false));
            break;
        }
        let (line, unclosed) = match next_row(&mut reader, &mut record, &mut errors) {
            Next::Row(line, unclosed) => (line, unclosed),
            Next::Unread => continue,
            Next::End => break,
        };
        if unclosed.is_none() && record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let unread = unread_fault(&record, &header, line, unclosed);
        let mut f = Fields {
            at: &at,
            record: &record,
            line,
            errors: Vec::new(),
            faulty: Vec::new(),
        };
        read_row(&mut f, &mut rows);
        if at[col::DIVISION].is_some() && !f.raw(col::DIVISION).is_empty() {
            let name = f.name(col::DIVISION);
            divisions.push((line, name));
        }
        if let Some(fault) = unread {
            // Kept, marked [`UNREAD`], so that the night it was of is known to have a refused
            // row; its cells' faults are not told (they may be shifted).
            mark_unread(&mut rows);
            errors.push(fault);
        } else {
            // A row with faults is kept, marked, so that its other cells are checked too; a
            // configuration's is not (it tells no night).
            if !f.errors.is_empty() && matches!(rows, Rows::Configuration(_)) {
                rows.pop_configuration();
            }
            errors.append(&mut f.errors);
        }
    }
    errors.truncate(MAX_ERRORS);
    Ok((
        ResultsFile {
            header,
            rows,
            stopped,
            divisions,
        },
        errors,
    ))
}

/// Reads a file's header: its cells, trimmed (a byte order mark before the first left out);
/// the caller folds them to lower case as column names.
fn read_header<R: Read>(reader: &mut csv::Reader<Breaks<R>>) -> Result<Vec<String>, RowError> {
    let mut header_record = csv::StringRecord::new();
    match reader.read_record(&mut header_record) {
        Ok(false) => {
            return Err(RowError::new(
                1,
                None,
                "the file is empty: a results file begins with its header",
            ))
        }
        Err(_) if reader.get_ref().over => return Err(row_too_long(reader.get_mut(), 0)),
        Err(e) => return Err(csv_fault(e, reader)),
        Ok(true) => {}
    }
    let end = reader.position().byte();
    if let Some(at) = reader.get_ref().unclosed_in(0, end) {
        let line = reader.get_ref().line_of(at);
        return Err(RowError::new(line, None, unclosed_quote(line, None)));
    }
    reader.get_mut().start = reader.position().byte();
    Ok(header_record
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let h = if i == 0 {
                h.trim_start_matches('\u{feff}')
            } else {
                h
            };
            h.trim().to_string()
        })
        .collect())
}

/// Reads the rest of a results grid (FORMAT.md §7) whose first row, `header`, begins it as
/// `start` says: the row of away teams, then a row a home team, each cell a night; every
/// fault at its line and column (the column named by its away team).
fn read_grid<R: Read>(
    mut reader: csv::Reader<Breaks<R>>,
    start: GridStart,
    header: &[String],
) -> (ResultsFile, Vec<RowError>) {
    let mut read = GridRead::default();
    match start {
        GridStart::Season(name) => {
            let season = tidy(super::cell::from_text(&name));
            let why = too_long(&season).or_else(|| {
                super::text::check(&season)
                    .err()
                    .map(|e| format!("`season` {e}"))
            });
            if let Some(message) = why {
                read.fault(1, 2, "season", message);
            }
            read.grid.season = Some(season);
        }
        GridStart::Teams => {
            let cells: Vec<&str> = header.iter().map(|c| super::cell::from_text(c)).collect();
            read.away_row(&cells, 1);
        }
    }
    let mut record = csv::StringRecord::new();
    let mut stopped = false;
    loop {
        if read.too_big {
            // Refused as it said its size: the rest is not read.
            break;
        }
        if read.errors.len() >= MAX_ERRORS {
            stopped = read.errors.len() > MAX_ERRORS
                || !matches!(reader.read_record(&mut record), Ok(false));
            break;
        }
        let (line, unclosed) = match next_row(&mut reader, &mut record, &mut read.errors) {
            Next::Row(line, unclosed) => (line, unclosed),
            Next::Unread => continue,
            Next::End => break,
        };
        if let Some(at) = unclosed {
            read.errors
                .push(RowError::new(line, None, unclosed_quote(at, None)));
            continue;
        }
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if let Some((i, cell)) = record
            .iter()
            .enumerate()
            .find(|(_, cell)| cell.len() > MAX_CELL_BYTES)
        {
            let message = format!(
                "a cell of {} bytes: a cell may hold at most {}",
                cell.len(),
                size(MAX_CELL_BYTES)
            );
            read.fault(line, i + 1, "cell", message);
            continue;
        }
        let cells: Vec<&str> = record
            .iter()
            .map(|c| super::cell::from_text(c.trim()))
            .collect();
        if read.grid.teams_line == 0 {
            read.away_row(&cells, line);
        } else {
            read.home_row(&cells, line);
        }
    }
    if read.grid.teams_line == 0 && !read.too_big {
        let message = "the grid has no row of away teams: after the `season` row, a row with an empty first cell and the away teams across";
        read.errors.push(RowError::new(2, None, message));
    }
    let GridRead {
        grid, mut errors, ..
    } = read;
    errors.sort_by_key(|e| (e.line, e.column.as_ref().map_or(0, |c| c.index)));
    errors.truncate(MAX_ERRORS);
    (
        ResultsFile {
            header: Vec::new(),
            rows: Rows::Grid(grid),
            stopped,
            divisions: Vec::new(),
        },
        errors,
    )
}

/// A results grid as it is read: the grid so far, the name of each column's away team (empty
/// where none is named), and the faults found.
#[derive(Default)]
struct GridRead {
    grid: Grid,
    columns: Vec<String>,
    /// Whether each column names an away team that could be taken (by its place from 0).
    named: Vec<bool>,
    /// The teams across and down so far, by [`grid_key`]: the column or line that names each
    /// (looked up, not searched for, however wide the grid).
    across: std::collections::HashMap<String, usize>,
    down: std::collections::HashMap<String, u64>,
    errors: Vec<RowError>,
    /// The grid names more than [`MAX_GRID_TEAMS`] teams across or down: refused, and no
    /// more of it read.
    too_big: bool,
}

/// A name as the grid compares names: spaces tidied, case set aside.
fn grid_key(name: &str) -> String {
    tidy(name).to_lowercase()
}

impl GridRead {
    fn fault(&mut self, line: u64, index: usize, name: &str, message: String) {
        self.errors.push(RowError::new(
            line,
            Some(Column {
                index,
                // A column is named by its away team: a name too long is shortened there too.
                name: super::text::shortened(name).into_owned(),
            }),
            message,
        ));
    }

    /// Why a team's name cannot be taken, if it cannot.
    fn name_fault(name: &str) -> Option<String> {
        too_long(name).or_else(|| {
            super::text::check(name)
                .err()
                .map(|e| format!("`{name}` {e}"))
        })
    }

    /// The row of away teams: its first cell is the corner (empty, or the grid's own words),
    /// each cell after it an away team.
    fn away_row(&mut self, cells: &[&str], line: u64) {
        self.grid.teams_line = line;
        let named = cells
            .iter()
            .rposition(|c| !c.is_empty())
            .map_or(0, |last| last + 1);
        // Refused at the first team past the bound, before any of it is kept.
        if let Some((i, cell)) = cells
            .iter()
            .enumerate()
            .take(named)
            .skip(1)
            .filter(|(_, c)| !c.is_empty())
            .nth(MAX_GRID_TEAMS)
        {
            let teams = cells
                .iter()
                .take(named)
                .skip(1)
                .filter(|c| !c.is_empty())
                .count();
            let message = format!(
                "the grid names {teams} teams across, and a grid may have at most {MAX_GRID_TEAMS} (a league's season, as a handbook prints it): nothing after this row is read"
            );
            self.fault(line, i + 1, &tidy(cell), message);
            self.too_big = true;
            return;
        }
        for (i, cell) in cells.iter().enumerate().take(named).skip(1) {
            let name = tidy(cell);
            self.columns.push(name.clone());
            self.named.push(false);
            if name.is_empty() {
                self.fault(
                    line,
                    i + 1,
                    "away",
                    "no away team is named over this column: each column of a grid is an away team's".into(),
                );
                continue;
            }
            if let Some(message) = Self::name_fault(&name) {
                self.fault(line, i + 1, &name, message);
                continue;
            }
            let key = grid_key(&name);
            if let Some(first) = self.across.get(&key) {
                let message =
                    format!("{name} is named twice across the grid (first in column {first})");
                self.fault(line, i + 1, &name, message);
                continue;
            }
            self.across.insert(key, i + 1);
            if let Some(named) = self.named.last_mut() {
                *named = true;
            }
            self.grid.away.push(GridTeam {
                line,
                column: Column {
                    index: i + 1,
                    name: name.clone(),
                },
                name,
            });
        }
        if self.grid.away.is_empty() && self.errors.is_empty() {
            self.fault(
                line,
                2,
                "away",
                "the row of away teams names none: the away teams go across, after an empty first cell".into(),
            );
        }
    }

    /// A home team's row: its name, then a cell for each away team.
    fn home_row(&mut self, cells: &[&str], line: u64) {
        let home = tidy(cells.first().copied().unwrap_or(""));
        if home.is_empty() {
            self.fault(
                line,
                1,
                "home",
                "no home team is named at the start of this row: each row of a grid is a home team's".into(),
            );
            return;
        }
        if let Some(message) = Self::name_fault(&home) {
            self.fault(line, 1, "home", message);
            return;
        }
        if self.grid.home.len() >= MAX_GRID_TEAMS {
            let message = format!(
                "{home} is team {} down the grid, and a grid may have at most {MAX_GRID_TEAMS} (a league's season, as a handbook prints it): nothing after this row is read",
                self.grid.home.len() + 1
            );
            self.fault(line, 1, "home", message);
            self.too_big = true;
            return;
        }
        let key = grid_key(&home);
        if let Some(first) = self.down.get(&key) {
            let message = format!("{home} is named twice down the grid (first at line {first})");
            self.fault(line, 1, "home", message);
            return;
        }
        self.down.insert(key.clone(), line);
        self.grid.home.push(GridTeam {
            line,
            column: Column {
                index: 1,
                name: "home".into(),
            },
            name: home.clone(),
        });
        for (i, cell) in cells.iter().enumerate().skip(1) {
            let Some(away) = self.columns.get(i - 1).cloned() else {
                if !cell.is_empty() {
                    let message = format!(
                        "`{cell}` is beyond the last away team: the grid has {} columns of away teams",
                        self.columns.len()
                    );
                    self.fault(line, i + 1, "no team", message);
                }
                continue;
            };
            let named = self.named.get(i - 1).copied().unwrap_or(false);
            let itself = self.across.get(&key) == Some(&(i + 1));
            match grid_cell(cell) {
                Ok(GridCell::NotPlayed) => {}
                Ok(GridCell::Itself) if itself => {}
                Ok(GridCell::Itself) => {
                    let message = format!(
                        "`{cell}` marks where a team meets itself, and this is {home} v {away}: leave a night not played empty or -"
                    );
                    self.fault(line, i + 1, &away, message);
                }
                Ok(GridCell::Night { .. }) if itself => {
                    let message = format!(
                        "`{cell}` is {home} against itself: mark its own cell x or leave it empty"
                    );
                    self.fault(line, i + 1, &away, message);
                }
                Ok(GridCell::Night {
                    home: h,
                    away: a,
                    walkover,
                }) => {
                    if named {
                        self.grid.nights.push(GridNight {
                            line,
                            column: Column {
                                index: i + 1,
                                name: away.clone(),
                            },
                            home: home.clone(),
                            away,
                            home_points: h,
                            away_points: a,
                            walkover,
                        });
                    }
                }
                Err(message) => self.fault(line, i + 1, &away, message),
            }
        }
    }
}

/// What a cell of a results grid says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GridCell {
    /// Empty or `-`.
    NotPlayed,
    /// `x`: a team meets itself.
    Itself,
    /// `H-A`, or `H-A w/o`.
    Night {
        home: u32,
        away: u32,
        walkover: bool,
    },
}

/// Reads a cell of a results grid: `7-2`, `9-0 w/o`, empty or `-`, `x`.
fn grid_cell(cell: &str) -> Result<GridCell, String> {
    let text = tidy(cell).to_lowercase();
    match text.as_str() {
        "" | "-" | "–" | "—" => return Ok(GridCell::NotPlayed),
        "x" => return Ok(GridCell::Itself),
        _ => {}
    }
    let (score, walkover) = match text.strip_suffix("w/o") {
        Some(score) => (score.trim_end(), true),
        None => (text.as_str(), false),
    };
    let number = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && s.len() <= 5 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let pair = score
        .split_once(['-', '–'])
        .and_then(|(h, a)| Some((number(h)?, number(a)?)));
    match pair {
        Some((home, away)) if home <= MAX_COUNT && away <= MAX_COUNT => Ok(GridCell::Night {
            home,
            away,
            walkover,
        }),
        Some(_) => Err(format!(
            "`{cell}`: a night's points are at most {MAX_COUNT}"
        )),
        None => Err(format!(
            "`{cell}` is not a night: write the home team's points then the away team's, as 7-2 (9-0 w/o for a walkover; empty or - for a night not played; x where a team meets itself)"
        )),
    }
}

/// Why none of a row's cells can be trusted, if they cannot: a quote left open (at
/// `unclosed`, the line it is on), not the header's number of fields, or a cell too big.
fn unread_fault(
    record: &csv::StringRecord,
    header: &[String],
    line: u64,
    unclosed: Option<u64>,
) -> Option<RowError> {
    let fault = |column, message| RowError::new(line, column, message);
    if let Some(at) = unclosed {
        return Some(fault(None, unclosed_quote(at, None)));
    }
    if record.len() != header.len() {
        let message = format!(
            "{} fields where the header has {}",
            record.len(),
            header.len()
        );
        return Some(fault(None, message));
    }
    let (i, cell) = record
        .iter()
        .enumerate()
        .find(|(_, cell)| cell.len() > MAX_CELL_BYTES)?;
    let column = Column {
        index: i + 1,
        name: header[i].clone(),
    };
    let message = format!(
        "a cell of {} bytes: a cell may hold at most {}",
        cell.len(),
        size(MAX_CELL_BYTES)
    );
    Some(fault(Some(column), message))
}

/// The last row read marked [`UNREAD`]: none of its cells can be trusted (a configuration's
/// is dropped: its row tells no night).
fn mark_unread(rows: &mut Rows) {
    let faulty = match rows {
        Rows::Matches(r) => r.last_mut().map(|r| &mut r.faulty),
        Rows::Nights(r) => r.last_mut().map(|r| &mut r.faulty),
        Rows::Rosters(r) => r.last_mut().map(|r| &mut r.faulty),
        Rows::Adjustments(r) => r.last_mut().map(|r| &mut r.faulty),
        Rows::Fixtures(r) => r.last_mut().map(|r| &mut r.faulty),
        Rows::Table(r) => r.last_mut().map(|r| &mut r.faulty),
        Rows::Configuration(_) | Rows::Grid(_) => {
            rows.pop_configuration();
            None
        }
    };
    if let Some(faulty) = faulty {
        *faulty = vec![UNREAD];
    }
}

impl Rows {
    /// The last configuration row read left out.
    fn pop_configuration(&mut self) {
        if let Rows::Configuration(r) = self {
            r.pop();
        }
    }
}

/// The input, noting where its line breaks are, so that a record's line is the physical line
/// of its first byte. (The csv crate gives the line where its read began: before the blank
/// lines it passes over, and before the `\n` of a `\r\n`, which it leaves to the next read —
/// rust-csv#395.) Only the breaks not yet passed are kept.
///
/// It also bounds a row: the csv crate reads more only when the row it is on needs it, so a
/// read asked for more than [`MAX_ROW_BYTES`] past the row's start is refused (`over`); and it
/// follows the quoting as the csv crate does, to say where a quote never closed was opened.
struct Breaks<R> {
    inner: R,
    /// Bytes read so far.
    read: u64,
    /// Offsets of the `\r` and `\n` bytes read and not yet passed, with which each is.
    breaks: VecDeque<(u64, u8)>,
    /// `\n` bytes passed.
    lines: u64,
    /// Where the row being read begins.
    start: u64,
    /// A read was refused: the row went past [`MAX_ROW_BYTES`].
    over: bool,
    /// The input has ended.
    ended: bool,
    quoting: Quoting,
    /// Where the quote of the quoted cell being read is (while in one).
    open_quote: Option<u64>,
}

/// Where the csv crate is in a row, as far as quotes go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Quoting {
    /// At the start of a cell (a quote here opens a quoted cell).
    CellStart,
    /// In a cell not quoted (a quote here is a quote).
    Plain,
    /// In a quoted cell.
    Quoted,
    /// A quote in a quoted cell: a second one is a quote, anything else closes the cell.
    QuoteInQuoted,
}

impl<R> Breaks<R> {
    fn new(inner: R) -> Breaks<R> {
        Breaks {
            inner,
            read: 0,
            breaks: VecDeque::new(),
            lines: 0,
            start: 0,
            over: false,
            ended: false,
            quoting: Quoting::CellStart,
            open_quote: None,
        }
    }

    /// Whether the `i`th break kept ends a line: a `\n`, or a `\r` not followed by one (a
    /// lone `\r` ends a row for the csv crate, so it ends a line here too).
    fn ends_line(&self, i: usize) -> bool {
        match self.breaks.get(i) {
            Some(&(_, b'\n')) => true,
            Some(&(offset, _)) => !matches!(
                self.breaks.get(i + 1),
                Some(&(next, b'\n')) if next == offset + 1
            ),
            None => false,
        }
    }

    /// The line of byte `at` (of the row being read, or after it), nothing passed.
    fn line_of(&self, at: u64) -> u64 {
        let more = (0..self.breaks.len())
            .filter(|&i| self.breaks[i].0 < at && self.ends_line(i))
            .count();
        self.lines + more as u64 + 1
    }

    /// A quote opened in the row from `start` to `end` and not closed when the input ended.
    fn unclosed_in(&self, start: u64, end: u64) -> Option<u64> {
        let open = self.ended && self.quoting == Quoting::Quoted;
        self.open_quote
            .filter(|at| open && (start..end.max(start + 1)).contains(at))
    }

    fn follow(&mut self, at: u64, b: u8) {
        let ends_cell = matches!(b, b',' | b'\r' | b'\n');
        self.quoting = match (self.quoting, b) {
            (Quoting::CellStart, b'"') => {
                self.open_quote = Some(at);
                Quoting::Quoted
            }
            (Quoting::Quoted, b'"') => Quoting::QuoteInQuoted,
            (Quoting::Quoted, _) => Quoting::Quoted,
            (Quoting::QuoteInQuoted, b'"') => Quoting::Quoted,
            (_, _) if ends_cell => Quoting::CellStart,
            (_, _) => Quoting::Plain,
        };
        if self.quoting != Quoting::Quoted && self.quoting != Quoting::QuoteInQuoted {
            self.open_quote = None;
        }
    }

    /// The line of a record whose read began at byte `start` (starts given in order): the
    /// line breaks before it and those it begins with are passed.
    fn line(&mut self, start: u64) -> u64 {
        let mut at = start;
        while let Some(&(offset, _)) = self.breaks.front() {
            if offset < start || offset == at {
                at += u64::from(offset == at);
                self.lines += u64::from(self.ends_line(0));
                self.breaks.pop_front();
            } else {
                break;
            }
        }
        self.lines + 1
    }
}

impl<R: Read> Read for Breaks<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.read.saturating_sub(self.start) > MAX_ROW_BYTES {
            self.over = true;
            return Err(std::io::Error::other("a row too long"));
        }
        let n = self.inner.read(buf)?;
        self.ended |= n == 0;
        for (i, b) in buf[..n].iter().enumerate() {
            let at = self.read + i as u64;
            // A `\r` in a quoted cell is the cell's (a control character in it), not a break.
            let in_cell = *b == b'\r' && self.quoting == Quoting::Quoted;
            if matches!(b, b'\r' | b'\n') && !in_cell {
                self.breaks.push_back((at, *b));
            }
            self.follow(at, *b);
        }
        self.read += n as u64;
        Ok(n)
    }
}

/// What reading the next row came to.
enum Next {
    /// A row, read into the record: its line, and the line of a quote it leaves open.
    Row(u64, Option<u64>),
    /// A row that could not be read (not UTF-8): its fault told, the rest to read.
    Unread,
    /// The end of the input, or a fault after which nothing more can be read (told).
    End,
}

/// Reads the next row into `record`, telling in `errors` the fault of one that cannot be read.
fn next_row<R: Read>(
    reader: &mut csv::Reader<Breaks<R>>,
    record: &mut csv::StringRecord,
    errors: &mut Vec<RowError>,
) -> Next {
    match reader.read_record(record) {
        Ok(true) => {}
        Ok(false) => return Next::End,
        Err(_) if reader.get_ref().over => {
            let start = reader.get_ref().start;
            errors.push(row_too_long(reader.get_mut(), start));
            return Next::End;
        }
        Err(e) => {
            let stop = !matches!(e.kind(), csv::ErrorKind::Utf8 { .. });
            errors.push(csv_fault(e, reader));
            reader.get_mut().start = reader.position().byte();
            return if stop { Next::End } else { Next::Unread };
        }
    }
    let start = record.position().map_or(0, |p| p.byte());
    let end = reader.position().byte();
    let unclosed = reader.get_ref().unclosed_in(start, end);
    reader.get_mut().start = reader.position().byte();
    let line = reader.get_mut().line(start);
    let unclosed = unclosed.map(|at| reader.get_ref().line_of(at).max(line));
    Next::Row(line, unclosed)
}

fn csv_fault<R: Read>(e: csv::Error, reader: &mut csv::Reader<Breaks<R>>) -> RowError {
    let line = e.position().map_or(0, |p| reader.get_mut().line(p.byte()));
    let message = match e.kind() {
        csv::ErrorKind::Utf8 { .. } => "not UTF-8 text: save the file as UTF-8".to_string(),
        _ => format!("cannot be read as CSV: {e}"),
    };
    RowError::new(line, None, message)
}

fn read_row(f: &mut Fields, rows: &mut Rows) {
    let line = f.line;
    match rows {
        Rows::Matches(list) => {
            let note = f.text(col::NOTE).to_ascii_lowercase();
            if !note.is_empty() && note != "incomplete" {
                f.fault(
                    col::NOTE,
                    format!("`{note}` is not a note: leave it empty, or write incomplete"),
                );
            }
            list.push(MatchRow {
                line,
                season: f.name(col::SEASON),
                date: f.date(col::DATE),
                home: f.name(col::HOME),
                away: f.name(col::AWAY),
                kind: f.name(col::KIND),
                slot: f.count(col::SLOT, 1),
                home_players: f.players(col::HOME_PLAYERS),
                away_players: f.players(col::AWAY_PLAYERS),
                home_legs: f.count(col::HOME_LEGS, 0),
                away_legs: f.count(col::AWAY_LEGS, 0),
                leg_scores: f.leg_scores(col::LEG_SCORES),
                incomplete: note == "incomplete",
                standing: f.standing(),
                faulty: f.faulty.clone(),
            });
        }
        Rows::Nights(list) => {
            let note = f.text(col::NOTE).to_ascii_lowercase();
            if !note.is_empty() && note != "walkover" {
                f.fault(
                    col::NOTE,
                    format!("`{note}` is not a note: leave it empty, or write walkover"),
                );
            }
            list.push(NightRow {
                line,
                season: f.name(col::SEASON),
                date: f.date(col::DATE),
                home: f.name(col::HOME),
                away: f.name(col::AWAY),
                home_points: f.count(col::HOME_POINTS, 0),
                away_points: f.count(col::AWAY_POINTS, 0),
                walkover: note == "walkover",
                standing: f.standing(),
                faulty: f.faulty.clone(),
            });
        }
        Rows::Rosters(list) => {
            list.push(RosterRow {
                line,
                season: f.name(col::SEASON),
                team: f.name(col::TEAM),
                player: f.name(col::PLAYER),
                faulty: f.faulty.clone(),
            });
        }
        Rows::Adjustments(list) => {
            let raw = f.text(col::ADJUSTMENT);
            let change = if raw.eq_ignore_ascii_case("withdrawn") {
                AdjustmentChange::Withdrawn
            } else {
                let digits = raw
                    .strip_prefix(['+', '-'])
                    .unwrap_or(&raw)
                    .trim_start_matches('0');
                let number = raw.len() > usize::from(raw.starts_with(['+', '-']))
                    && raw
                        .trim_start_matches(['+', '-'])
                        .bytes()
                        .all(|b| b.is_ascii_digit())
                    && raw.matches(['+', '-']).count() <= 1;
                let within =
                    digits.len() <= 5 && digits.parse::<i64>().unwrap_or(0) <= MAX_ADJUSTMENT;
                match raw.parse::<i64>() {
                    Ok(n) if n != 0 && number && within => AdjustmentChange::Points(n),
                    _ if number && !within => {
                        f.fault(col::ADJUSTMENT, adjustment_out_of_range(&raw));
                        AdjustmentChange::Points(0)
                    }
                    _ => {
                        f.fault(
                            col::ADJUSTMENT,
                            format!("`{raw}` is not points (as -2 or +1, not 0) or withdrawn"),
                        );
                        AdjustmentChange::Points(0)
                    }
                }
            };
            let reason = f.text(col::REASON);
            if !reason.is_empty() {
                let raw = f.raw(col::REASON).to_string();
                f.check_text(col::REASON, &raw);
            }
            if reason.is_empty() && change != AdjustmentChange::Withdrawn {
                f.fault(col::REASON, "a points adjustment needs its reason".into());
            }
            list.push(AdjustmentRow {
                line,
                season: f.name(col::SEASON),
                date: f.date(col::DATE),
                team: f.name(col::TEAM),
                change,
                reason,
                faulty: f.faulty.clone(),
            });
        }
        Rows::Fixtures(list) => {
            let round = if f.text(col::ROUND).is_empty() {
                None
            } else {
                Some(f.count(col::ROUND, 1))
            };
            list.push(FixtureRow {
                line,
                season: f.name(col::SEASON),
                date: f.date(col::DATE),
                home: f.name(col::HOME),
                away: f.name(col::AWAY),
                round,
                faulty: f.faulty.clone(),
            });
        }
        Rows::Table(list) => {
            let note = f.text(col::NOTE);
            if !note.is_empty() {
                let raw = f.raw(col::NOTE).to_string();
                f.check_text(col::NOTE, &raw);
            }
            list.push(FinalTableRow {
                line,
                season: f.name(col::SEASON),
                printed: TableLine {
                    pos: f.count(col::POS, 1),
                    team: f.name(col::TEAM),
                    played: f.count(col::PLAYED, 0),
                    won: f.count(col::WON, 0),
                    drawn: f.count(col::DRAWN, 0),
                    lost: f.count(col::LOST, 0),
                    matches_for: f.count(col::MATCHES_FOR, 0),
                    matches_against: f.count(col::MATCHES_AGAINST, 0),
                    legs_for: f.optional_count(col::LEGS_FOR),
                    legs_against: f.optional_count(col::LEGS_AGAINST),
                    points: f.points(col::POINTS),
                    note,
                },
                faulty: f.faulty.clone(),
            });
        }
        // A grid's rows are read cell by cell ([`read_grid`]).
        Rows::Grid(_) => {}
        Rows::Configuration(list) => {
            let row = ConfigRow {
                line,
                season: f.name(col::SEASON),
                setting: f.name(col::SETTING).to_ascii_lowercase(),
                value: f.text(col::VALUE),
            };
            list.push(row);
        }
    }
}

/// Writes a row, each cell with any character that would act on a terminal escaped (a name
/// planted in the database by hand: entry refuses them, so no such name could be imported back
/// as it was anyway).
fn put<I>(w: &mut csv::Writer<impl Write>, cells: I) -> csv::Result<()>
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    // A cell a spreadsheet would run as a formula is written as text ([`super::cell`]).
    w.write_record(
        cells
            .into_iter()
            .map(|c| super::cell::as_text(&super::text::escaped(c.as_ref())).into_owned()),
    )
}

/// Writes a header and rows, each cell as [`put`] writes it, a line ended by `\n`.
fn write_rows<R, C>(out: impl Write, header: &[&str], rows: R) -> std::io::Result<()>
where
    R: IntoIterator,
    R::Item: IntoIterator<Item = C>,
    C: AsRef<str>,
{
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(out);
    let io = |e: csv::Error| match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => std::io::Error::other(format!("{other:?}")),
    };
    put(&mut w, header).map_err(io)?;
    for row in rows {
        put(&mut w, row).map_err(io)?;
    }
    w.flush()
}

/// The cells of `confirmation, entered_by, disputed_by, reason`.
fn standing_cells(standing: &Standing) -> [String; 4] {
    let (state, entered_by, disputed_by, reason) = match standing {
        Standing::Confirmed => ("confirmed", None, None, ""),
        Standing::ConfirmedBy { entered_by } => ("confirmed", Some(*entered_by), None, ""),
        Standing::Provisional { entered_by } => ("provisional", Some(*entered_by), None, ""),
        Standing::Disputed {
            by,
            reason,
            entered_by,
        } => ("disputed", *entered_by, Some(*by), reason.as_str()),
    };
    let side = |s: Option<RowSide>| s.map_or("", RowSide::as_str).to_string();
    [
        state.to_string(),
        side(entered_by),
        side(disputed_by),
        reason.to_string(),
    ]
}

/// The columns of how a night stands, written after the others when a night is not confirmed.
const STANDING_COLUMNS: [&str; 4] = ["confirmation", "entered_by", "disputed_by", "reason"];

/// Writes the rows of nights (matches or nights' results): `own` the header of each row's
/// `cells`; then `note` only when a row has one, and how the nights stand only when one is not
/// confirmed.
fn write_night_rows<T>(
    out: impl Write,
    own: &[&str],
    rows: &[T],
    cells: impl Fn(&T) -> Vec<String>,
    note: impl Fn(&T) -> &'static str,
    standing: impl Fn(&T) -> &Standing,
) -> std::io::Result<()> {
    let notes = rows.iter().any(|r| !note(r).is_empty());
    let standings = rows.iter().any(|r| *standing(r) != Standing::Confirmed);
    let mut header = own.to_vec();
    header.extend(notes.then_some("note"));
    header.extend(standings.then_some(STANDING_COLUMNS).into_iter().flatten());
    let rows = rows.iter().map(|r| {
        let mut rec = cells(r);
        rec.extend(notes.then(|| note(r).to_string()));
        let standing = standings.then(|| standing_cells(standing(r)));
        rec.extend(standing.into_iter().flatten());
        rec
    });
    write_rows(out, &header, rows)
}

/// Writes match rows (FORMAT.md §3 column order); then `note` only when a night is
/// incomplete, and how the nights stand only when one is not confirmed.
pub fn write_matches(rows: &[MatchRow], out: impl Write) -> std::io::Result<()> {
    write_matches_in(rows, None, out)
}

/// The division of a season's team, by its name (FORMAT.md §3's `division` column).
pub type DivisionOf<'a> = &'a dyn Fn(&str) -> String;

/// Writes match rows, with a `division` column after `season` when `division` gives each home
/// team's (a season with divisions).
pub fn write_matches_in(
    rows: &[MatchRow],
    division: Option<DivisionOf<'_>>,
    out: impl Write,
) -> std::io::Result<()> {
    let cells = |r: &MatchRow| {
        let legs: Vec<String> = r
            .leg_scores
            .iter()
            .map(|(h, a)| format!("{h}-{a}"))
            .collect();
        vec![
            r.season.clone(),
            r.date.to_string(),
            r.home.clone(),
            r.away.clone(),
            r.kind.clone(),
            r.slot.to_string(),
            r.home_players.join("+"),
            r.away_players.join("+"),
            r.home_legs.to_string(),
            r.away_legs.to_string(),
            legs.join(" "),
        ]
    };
    let note = |r: &MatchRow| if r.incomplete { "incomplete" } else { "" };
    // The first eleven columns, in FORMAT.md's order.
    let own = &col::NAMES[..=col::LEG_SCORES];
    divided(
        own,
        division,
        |r: &MatchRow| &r.home,
        cells,
        |own, cells| write_night_rows(out, own, rows, cells, note, |r| &r.standing),
    )
}

/// The columns and cells of night or match rows, with `division` after `season` when a
/// division is given for each row's home team.
fn divided<'r, T: 'r, C, R>(
    own: &[&'static str],
    division: Option<DivisionOf<'_>>,
    home: impl Fn(&T) -> &String,
    cells: C,
    write: impl FnOnce(&[&'static str], &dyn Fn(&T) -> Vec<String>) -> R,
) -> R
where
    C: Fn(&T) -> Vec<String>,
{
    match division {
        None => write(own, &cells),
        Some(of) => {
            let mut columns = own.to_vec();
            columns.insert(1, "division");
            let with = |r: &T| {
                let mut v = cells(r);
                v.insert(1, of(home(r)));
                v
            };
            write(&columns, &with)
        }
    }
}

/// Writes night rows; the `note` column only when a night is a walkover, how the nights stand
/// only when one is not confirmed.
pub fn write_nights(rows: &[NightRow], out: impl Write) -> std::io::Result<()> {
    write_nights_in(rows, None, out)
}

/// Writes night rows, with a `division` column after `season` when `division` gives each home
/// team's (a season with divisions).
pub fn write_nights_in(
    rows: &[NightRow],
    division: Option<DivisionOf<'_>>,
    out: impl Write,
) -> std::io::Result<()> {
    let cells = |r: &NightRow| {
        vec![
            r.season.clone(),
            r.date.to_string(),
            r.home.clone(),
            r.away.clone(),
            r.home_points.to_string(),
            r.away_points.to_string(),
        ]
    };
    let note = |r: &NightRow| if r.walkover { "walkover" } else { "" };
    let own = [
        "season",
        "date",
        "home",
        "away",
        "home_points",
        "away_points",
    ];
    divided(
        &own,
        division,
        |r: &NightRow| &r.home,
        cells,
        |own, cells| write_night_rows(out, own, rows, cells, note, |r| &r.standing),
    )
}

/// Writes fixture rows; the `round` column only when a fixture has one.
pub fn write_fixtures(rows: &[FixtureRow], out: impl Write) -> std::io::Result<()> {
    let rounds = rows.iter().any(|r| r.round.is_some());
    let header = ["season", "date", "home", "away", "round"];
    let rows = rows.iter().map(|r| {
        let mut rec = vec![
            r.season.clone(),
            r.date.to_string(),
            r.home.clone(),
            r.away.clone(),
        ];
        rec.extend(rounds.then(|| r.round.map_or_else(String::new, |n| n.to_string())));
        rec
    });
    write_rows(out, &header[..4 + usize::from(rounds)], rows)
}

/// Writes configuration rows.
pub fn write_configuration(rows: &[ConfigRow], out: impl Write) -> std::io::Result<()> {
    let rows = rows.iter().map(|r| [&r.season, &r.setting, &r.value]);
    write_rows(out, &["season", "setting", "value"], rows)
}

/// Writes roster rows.
pub fn write_rosters(rows: &[RosterRow], out: impl Write) -> std::io::Result<()> {
    let rows = rows.iter().map(|r| [&r.season, &r.team, &r.player]);
    write_rows(out, &["season", "team", "player"], rows)
}

/// Writes adjustment rows.
pub fn write_adjustments(rows: &[AdjustmentRow], out: impl Write) -> std::io::Result<()> {
    let rows = rows.iter().map(|r| {
        let change = match r.change {
            AdjustmentChange::Points(n) if n > 0 => format!("+{n}"),
            AdjustmentChange::Points(n) => n.to_string(),
            AdjustmentChange::Withdrawn => "withdrawn".into(),
        };
        [
            r.season.clone(),
            r.date.to_string(),
            r.team.clone(),
            change,
            r.reason.clone(),
        ]
    });
    write_rows(
        out,
        &["season", "date", "team", "adjustment", "reason"],
        rows,
    )
}

/// Writes a results grid as FORMAT.md §7 prints it: a `season,NAME` row, the away teams
/// across, the home teams down (both in the order of `teams`), each night `H-A` (`H-A w/o` for
/// a walkover), empty for a night not played, `x` where a team meets itself.
pub fn write_grid(
    season: &str,
    teams: &[String],
    nights: &[GridNight],
    out: impl Write,
) -> std::io::Result<()> {
    let width = teams.len().max(1) + 1;
    let pad = |mut row: Vec<String>| {
        row.resize(width, String::new());
        row
    };
    let across = std::iter::once(String::new()).chain(teams.iter().cloned());
    let down = teams.iter().map(|home| {
        let cells = teams.iter().map(|away| {
            let night = nights.iter().find(|n| &n.home == home && &n.away == away);
            match night {
                _ if home == away => "x".into(),
                Some(n) if n.walkover => format!("{}-{} w/o", n.home_points, n.away_points),
                Some(n) => format!("{}-{}", n.home_points, n.away_points),
                None => String::new(),
            }
        });
        pad(std::iter::once(home.clone()).chain(cells).collect())
    });
    let mut first = vec!["season", season];
    first.resize(width, "");
    write_rows(
        out,
        &first,
        std::iter::once(pad(across.collect())).chain(down),
    )
}

/// Writes a final table's rows as recorded (FORMAT.md §7 column order: the season, the keys
/// of FORMAT.md §4, the note).
pub fn write_table(rows: &[FinalTableRow], out: impl Write) -> std::io::Result<()> {
    let header: Vec<&str> = ["season"].into_iter().chain(KEYS).chain(["note"]).collect();
    let rows = rows.iter().map(|r| {
        let cells = super::standings::cells(&r.printed);
        let season = std::iter::once(r.season.clone());
        season.chain(cells).chain([r.printed.note.clone()])
    });
    write_rows(out, &header, rows)
}
