//! A league's records as its honours say them ([`records`]): the biggest win, the longest
//! winning run, the most titles, each with every entry tied for it, and how a season's results
//! are known ([`known_from`]). `don history` and the site's honours page render these, so they
//! say the same thing; the champions and the all-time table are
//! [`History`](crate::record::history::History)'s own lines.

use crate::record::history::{BigWin, History, Run, Source, Titles};
use crate::record::text::count;

/// A piece of a record's words: words, or a team named as it is today (the site links it to
/// the team's page).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Team(String),
}

/// A record: its headline ("Biggest win, by 3 matches:"), and a line for each entry tied for
/// it, oldest first (none when nothing holds it: the headline says so).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordView {
    pub headline: String,
    pub entries: Vec<Vec<Piece>>,
}

/// A line's words, whole.
pub fn words(pieces: &[Piece]) -> String {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) | Piece::Team(t) => t.as_str(),
        })
        .collect()
}

/// How a season's results survive, in a few words.
pub fn known_from(source: Source) -> &'static str {
    match source {
        Source::Matches => "matches",
        Source::Nights => "nights' totals",
        Source::Grid => "results grid",
        Source::Table => "final table",
    }
}

/// The league's records, in the order the honours give them.
pub fn records(told: &History) -> Vec<RecordView> {
    let r = &told.records;
    let biggest = match r.biggest_wins.first() {
        None => "Biggest win: none (no night won known by its matches).".to_string(),
        Some(w) => format!(
            "Biggest win, by {}:",
            count(i64::from(w.margin()), "match", "matches")
        ),
    };
    let runs = match r.longest_runs.is_empty() {
        true => "Longest winning run: none (no dated night won).",
        false => "Longest winning run (nights won in a row in a season):",
    };
    let titles = match r.most_titles.first() {
        None => "Most titles: none yet (no season finished).".to_string(),
        Some(t) => format!(
            "Most titles: {}",
            count(i64::from(t.titles), "title", "titles")
        ),
    };
    vec![
        RecordView {
            headline: biggest,
            entries: r.biggest_wins.iter().map(win).collect(),
        },
        RecordView {
            headline: runs.to_string(),
            entries: r.longest_runs.iter().map(run).collect(),
        },
        RecordView {
            headline: titles,
            entries: r.most_titles.iter().map(most_titles).collect(),
        },
    ]
}

/// "The Oak 3–0 Red Lion (2013-14, from its results grid), won by The Oak".
fn win(w: &BigWin) -> Vec<Piece> {
    let (home, away, score) = if w.at_home {
        (&w.winner, &w.loser, format!("{}–{}", w.score.0, w.score.1))
    } else {
        (&w.loser, &w.winner, format!("{}–{}", w.score.1, w.score.0))
    };
    let when = match w.date {
        Some(d) => format!("{}, {d}", w.season),
        None => format!("{}, from its results grid", w.season),
    };
    vec![
        Piece::Team(home.clone()),
        Piece::Text(format!(" {score} ")),
        Piece::Team(away.clone()),
        Piece::Text(format!(" ({when}), won by ")),
        Piece::Team(w.winner.clone()),
    ]
}

/// "Red Lion, 3 nights in 2014-15 (2014-09-18 to 2014-10-09)".
fn run(r: &Run) -> Vec<Piece> {
    vec![
        Piece::Team(r.team.clone()),
        Piece::Text(format!(
            ", {} in {} ({} to {})",
            count(i64::from(r.nights), "night", "nights"),
            r.season,
            r.from,
            r.to
        )),
    ]
}

/// "The Oak (2013-14, 2014-15)".
fn most_titles(t: &Titles) -> Vec<Piece> {
    vec![
        Piece::Team(t.team.clone()),
        Piece::Text(format!(" ({})", t.seasons.join(", "))),
    ]
}
