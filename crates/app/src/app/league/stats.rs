//! Players' and partnerships' figures over seasons, as `don stats` asks for them: the nights
//! the table counts, the lines filtered and ranked, and what was left out or counted besides.

use crate::app::error::AppError;
use crate::app::league::season::read_season;
use crate::league::stats::{
    complete_nights_only, leaderboard, left_out_words, stats, unknown_player, Filter, Ranking,
    StatLine,
};
use crate::league::{NightResult, SeasonRecord};
use crate::store::{LeagueInfo, Reads, SeasonInfo};

/// What figures are asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiguresAsked {
    pub filter: Filter,
    /// Partnerships' lines instead of players'.
    pub partnerships: bool,
    /// A leaderboard: the best N by this ranking.
    pub top: Option<(usize, Ranking)>,
    /// For the win rate: the fewest matches a line needs.
    pub min_matches: u32,
}

/// The figures found.
#[derive(Clone, Debug, PartialEq)]
pub enum Figures {
    /// The player asked for is not known in the league: the words that say so.
    UnknownPlayer(String),
    Lines {
        /// The lines to show, in order (the leaderboard's, when one was asked for).
        lines: Vec<StatLine>,
        /// Whether there were lines before the leaderboard's ranking (none qualifying).
        any: bool,
        /// The nights left out, as the table leaves them out until they are complete.
        left_out: Vec<String>,
        /// The nights of withdrawn teams, counted though the table leaves them out.
        withdrawn: Vec<String>,
    },
}

/// The figures of `seasons` of `league` as asked.
pub fn figures(
    reader: &Reads,
    league: &LeagueInfo,
    seasons: &[SeasonInfo],
    asked: &FiguresAsked,
) -> Result<Figures, AppError> {
    // The nights the table counts, as `standings` does: one entered match by match counts once
    // it is complete.
    let mut loaded = Vec::new();
    let mut left_out = Vec::new();
    let mut withdrawn = Vec::new();
    // Across seasons a team is one, by its name today (a season's own pages show it as it was).
    let today: std::collections::HashMap<crate::league::TeamId, String> = reader
        .teams(league.id)?
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect();
    for s in seasons {
        let mut read = read_season(reader, s)?.season;
        for t in &mut read.teams {
            if let Some(name) = today.get(&t.id) {
                t.name.clone_from(name);
            }
        }
        let (season, left) = complete_nights_only(&read);
        let of_season = if seasons.len() > 1 {
            format!(" ({})", season.name)
        } else {
            String::new()
        };
        for night in &left {
            left_out.push(left_out_words(&season, night, &of_season));
        }
        withdrawn.extend(withdrawn_nights(&season, &of_season));
        loaded.push(season);
    }
    let mut filter = asked.filter.clone();
    if let Some(t) = &asked.filter.team {
        // Found by any of its names.
        filter.team = Some(crate::app::league::which::team(reader, league, t)?.name);
    }
    if let Some(player) = &asked.filter.player {
        // Known: on a roster of any season of the league, or in a match of these seasons.
        let mut known = reader.league_players(league.id)?;
        let everyone = stats(&loaded, &Filter::default());
        known.extend(everyone.players.iter().map(|l| l.who.name()));
        if let Some(words) = unknown_player(player, &league.name, known.iter().map(String::as_str))
        {
            return Ok(Figures::UnknownPlayer(words));
        }
    }
    let all = stats(&loaded, &filter);
    let lines = if asked.partnerships {
        all.partnerships
    } else {
        all.players
    };
    let shown = match asked.top {
        Some((n, by)) => leaderboard(&lines, by, asked.min_matches, n)
            .into_iter()
            .cloned()
            .collect(),
        None => lines.clone(),
    };
    Ok(Figures::Lines {
        lines: shown,
        any: !lines.is_empty(),
        left_out,
        withdrawn,
    })
}

/// A withdrawn team's nights: the table leaves them out, the figures count them.
fn withdrawn_nights<'a>(
    season: &'a SeasonRecord,
    of_season: &'a str,
) -> impl Iterator<Item = String> + 'a {
    season.teams.iter().filter_map(move |team| {
        let day = team.withdrawn?;
        let played = season.nights.iter().any(|n| {
            (n.home == team.id || n.away == team.id)
                && matches!(&n.result, NightResult::Matches(ms) if !ms.is_empty())
        });
        played.then(|| format!("the nights of {}, withdrawn on {day}{of_season}", team.name))
    })
}
