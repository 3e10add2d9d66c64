//! A league's history, as `don history` and the published site show it: every season read at
//! once from the store, and the story told by [`crate::league::history`].

use std::collections::HashMap;

use crate::app::error::AppError;
use crate::league::history::{history as tell, oldest_first};
use crate::record::history::{CupHonour, History, Season as SeasonLine, Source};
use crate::store::{LeagueInfo, Reads};

impl crate::app::App {
    /// The history of `league` ([`history`]), read from one state of the database.
    pub fn history(&self, league: &LeagueInfo) -> Result<History, AppError> {
        self.store.read(|s| history(s, league))
    }
}

/// The history of `league`: champions by season, the all-time table, the records and the
/// players' careers, teams named as they are today. Reads only; call it within one read of the
/// store ([`crate::store::Store::read`]) to see one state of it.
pub fn history(reader: &Reads, league: &LeagueInfo) -> Result<History, AppError> {
    let names: HashMap<i64, String> = reader
        .teams(league.id)?
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect();
    let mut past = reader.past(league.id)?;
    oldest_first(&mut past);
    let order: Vec<(i64, String)> = past.iter().map(|p| (p.id, p.season.name.clone())).collect();
    let mut told = tell(past, &names);
    // Each season's cups decided: their winners and runners-up are honours of the season, a
    // season with no league result but a cup decided listed for its cups (no champions, no
    // teams in a table; known from its ties: `matches` where one was entered match by match).
    let seasons = reader.seasons(league.id)?;
    let mut lines = std::mem::take(&mut told.seasons);
    for (id, name) in &order {
        let at = lines.iter().position(|l| &l.season == name);
        let mut line = at.map(|at| lines.remove(at));
        let mut honours = Vec::new();
        let mut by_matches = false;
        if let Some(season) = seasons.iter().find(|s| s.id == *id) {
            for cup in crate::app::cup::season_cups(reader, season)? {
                if let (Some(winner), Some(runner_up)) = (&cup.winner, &cup.runner_up) {
                    by_matches |= cup
                        .rounds
                        .iter()
                        .flat_map(|r| &r.ties)
                        .any(|t| t.played.as_ref().is_some_and(|p| !p.matches.is_empty()));
                    honours.push(CupHonour {
                        name: cup.name.clone(),
                        winner: winner.clone(),
                        runner_up: runner_up.clone(),
                    });
                }
            }
        }
        if line.is_none() && !honours.is_empty() {
            line = Some(SeasonLine {
                season: name.clone(),
                source: if by_matches {
                    Source::Matches
                } else {
                    Source::Nights
                },
                champions: None,
                runners_up: None,
                teams: 0,
                finished: false,
                cups: Vec::new(),
                divisions: Vec::new(),
            });
        }
        if let Some(mut line) = line {
            line.cups = honours;
            told.seasons.push(line);
        }
    }
    told.seasons.extend(lines);
    Ok(told)
}
