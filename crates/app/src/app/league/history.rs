//! A league's history, as `don history` and the published site show it: every season read at
//! once from the store, and the story told by [`crate::league::history`].

use std::collections::HashMap;

use crate::app::error::AppError;
use crate::league::history::history as tell;
use crate::record::history::History;
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
    let mut told = tell(reader.past(league.id)?, &names);
    // Each season's cups decided: their winners and runners-up are honours of the season.
    let seasons = reader.seasons(league.id)?;
    for line in &mut told.seasons {
        let Some(season) = seasons.iter().find(|s| s.name == line.season) else {
            continue;
        };
        for cup in crate::app::cup::season_cups(reader, season)? {
            if let (Some(winner), Some(runner_up)) = (cup.winner, cup.runner_up) {
                line.cups.push(crate::record::history::CupHonour {
                    name: cup.name,
                    winner,
                    runner_up,
                });
            }
        }
    }
    Ok(told)
}
