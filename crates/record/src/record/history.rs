//! What `don history --json` prints (FORMAT.md §8): the league, its seasons oldest first with
//! their champions and runners-up, and the all-time table, keys in the order written there;
//! then, beyond §8, each season's `finished`, the records and the players' careers.

use serde::Serialize;

/// A league's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct History<'a> {
    pub league: &'a str,
    pub seasons: Vec<Season<'a>>,
    pub all_time: Vec<AllTime<'a>>,
    pub records: Records<'a>,
    pub players: Vec<Career<'a>>,
}

/// A season's line: `source` is `matches`, `nights`, `grid` or `table`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Season<'a> {
    pub season: &'a str,
    pub source: &'static str,
    pub champions: Option<&'a str>,
    pub runners_up: Option<&'a str>,
    pub teams: usize,
    /// Closed or played out: its champions took the title (else they are the leaders).
    pub finished: bool,
}

/// A team's line of the all-time table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AllTime<'a> {
    pub pos: u32,
    pub team: &'a str,
    pub seasons: u32,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub points: i64,
    pub titles: u32,
}

/// The records, each a list of everything tied for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Records<'a> {
    pub biggest_wins: Vec<BigWin<'a>>,
    pub longest_runs: Vec<Run<'a>>,
    pub most_titles: Vec<Titles<'a>>,
}

/// A night won by a margin of matches: `score` is the winner's matches, then the loser's;
/// `date` is `null` for a night of a results grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BigWin<'a> {
    pub season: &'a str,
    pub date: Option<String>,
    pub winner: &'a str,
    pub loser: &'a str,
    pub score: [u32; 2],
    pub at_home: bool,
}

/// Nights won one after another, `from` and `to` the first and last night's dates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Run<'a> {
    pub team: &'a str,
    pub season: &'a str,
    pub nights: u32,
    pub from: String,
    pub to: String,
}

/// A team's titles and the seasons it won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Titles<'a> {
    pub team: &'a str,
    pub titles: u32,
    pub seasons: Vec<&'a str>,
}

/// A player's career, season by season.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Career<'a> {
    pub player: &'a str,
    pub seasons: Vec<CareerSeason<'a>>,
}

/// A player's season: the teams they were on or played for, matches played and won, legs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CareerSeason<'a> {
    pub season: &'a str,
    pub teams: Vec<&'a str>,
    pub matches: u32,
    pub won: u32,
    pub legs_won: u32,
    pub legs_lost: u32,
}

/// The history as JSON, on one line (safe to print to a terminal).
pub fn json(history: &History<'_>) -> String {
    crate::record::text::terminal_safe_json(history).unwrap_or_else(|_| "{}".into())
}
