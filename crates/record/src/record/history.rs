//! A league's history (issue 19), as `league::history` tells it and `don history --json` prints
//! it (FORMAT.md §8): the league, its seasons oldest first with their champions and runners-up,
//! and the all-time table, keys in the order written there; then, beyond §8, each season's
//! `finished`, the records and the players' careers.

use chrono::NaiveDate;
use serde::{Serialize, Serializer};

/// A league's history.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct History {
    /// Oldest first.
    pub seasons: Vec<Season>,
    pub all_time: Vec<AllTime>,
    pub records: Records,
    /// By player's name.
    #[serde(rename = "players")]
    pub careers: Vec<Career>,
}

/// How a season's results survive, the most detailed first; FORMAT.md §8 writes it in lower
/// case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// Some night was entered match by match.
    Matches,
    /// Nights known by their totals (or walkovers), with dates.
    Nights,
    /// Nights from a results grid only: no dates.
    Grid,
    /// The final table only.
    Table,
}

/// A season's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Season {
    pub season: String,
    pub source: Source,
    /// The first team of the final standings (the leaders of a season not finished).
    pub champions: Option<String>,
    pub runners_up: Option<String>,
    /// Teams in the final standings.
    pub teams: usize,
    /// Closed or played out: its champions took the title (else they are the leaders).
    pub finished: bool,
    /// Its cups decided, in the order made: each one's winner and runner-up.
    pub cups: Vec<CupHonour>,
    /// A season played in divisions (RULES.md §10): each division's champions and
    /// runners-up, top division first (its champions are the season's `champions`); left out
    /// for a season without divisions.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub divisions: Vec<DivisionHonours>,
}

/// A cup of a season decided (its final played): its winner and runner-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CupHonour {
    pub name: String,
    pub winner: String,
    pub runner_up: String,
}

/// A division's first two of a season's final standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DivisionHonours {
    pub division: String,
    pub champions: Option<String>,
    pub runners_up: Option<String>,
    /// Teams in the division's final standings.
    pub teams: usize,
}

/// A team's line of the all-time table, the team named as it is today.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AllTime {
    /// From 1, never shared.
    pub pos: u32,
    pub team: String,
    pub seasons: u32,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub points: i64,
    pub titles: u32,
}

/// The records, each a list of everything tied for it (empty when there is none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Records {
    /// Every night won by the biggest margin, oldest first.
    pub biggest_wins: Vec<BigWin>,
    /// Every longest winning run, oldest first.
    pub longest_runs: Vec<Run>,
    /// Every team with the most titles, by name.
    pub most_titles: Vec<Titles>,
}

/// A night won by a margin of matches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BigWin {
    pub season: String,
    /// `None` (`null`) for a night of a results grid.
    #[serde(serialize_with = "maybe_day")]
    pub date: Option<NaiveDate>,
    pub winner: String,
    pub loser: String,
    /// Matches won by the winner, then by the loser.
    pub score: (u32, u32),
    /// Whether the winner was at home.
    pub at_home: bool,
}

impl BigWin {
    pub fn margin(&self) -> u32 {
        self.score.0.saturating_sub(self.score.1)
    }
}

/// Nights won one after another by a team in a season, `from` and `to` the first and last
/// night's dates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    pub team: String,
    pub season: String,
    pub nights: u32,
    #[serde(serialize_with = "day")]
    pub from: NaiveDate,
    #[serde(serialize_with = "day")]
    pub to: NaiveDate,
}

/// A team's titles, with the seasons won, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Titles {
    pub team: String,
    pub titles: u32,
    pub seasons: Vec<String>,
}

/// A player's career, season by season, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Career {
    pub player: String,
    pub seasons: Vec<CareerSeason>,
}

/// A player's season: the teams they were on or played for (by name), matches played and
/// won, legs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CareerSeason {
    pub season: String,
    pub teams: Vec<String>,
    pub matches: u32,
    pub won: u32,
    pub legs_won: u32,
    pub legs_lost: u32,
}

/// A date as FORMAT.md writes it: `2014-09-18`.
fn day<S: Serializer>(date: &NaiveDate, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(date)
}

fn maybe_day<S: Serializer>(date: &Option<NaiveDate>, s: S) -> Result<S::Ok, S::Error> {
    match date {
        Some(d) => day(d, s),
        None => s.serialize_none(),
    }
}

/// The history of `league` as JSON, on one line (safe to print to a terminal).
pub fn json(league: &str, history: &History) -> String {
    #[derive(Serialize)]
    struct Told<'a> {
        league: &'a str,
        #[serde(flatten)]
        history: &'a History,
    }
    crate::record::text::terminal_safe_json(&Told { league, history })
        .unwrap_or_else(|_| "{}".into())
}
