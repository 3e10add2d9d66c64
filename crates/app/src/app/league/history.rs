//! A league's history, as `don history` and the published site show it: every season read at
//! once from the store, each season's end worked out (its last dated fixture, else its name),
//! and the story told by [`crate::league::history`].

use std::collections::HashMap;

use crate::app::error::AppError;
use crate::league::fixtures::season_end;
use crate::league::history::{history as tell, History, PastSeason};
use crate::league::SeasonRecord;
use crate::store::{LeagueInfo, LeagueReader};

impl crate::app::App {
    /// The history of `league` ([`history`]), read from one state of the database.
    pub fn history(&self, league: &LeagueInfo) -> Result<History, AppError> {
        self.store.read(|s| history(&s.leagues(), league))
    }
}

/// The history of `league`: champions by season, the all-time table, the records and the
/// players' careers, teams named as they are today. Reads only; call it within one read of the
/// store ([`crate::store::Store::read`]) to see one state of it.
pub fn history(reader: &LeagueReader<'_>, league: &LeagueInfo) -> Result<History, AppError> {
    let names: HashMap<i64, String> = reader
        .teams(league.id)?
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect();
    let seasons = reader
        .past(league.id)?
        .into_iter()
        .map(|s| PastSeason {
            id: s.info.id,
            end: season_end(&s.info.name, s.last_dated),
            season: SeasonRecord {
                name: s.info.name,
                config: s.info.config,
                teams: s.teams,
                nights: s.nights,
                adjustments: s.adjustments,
                recorded: Vec::new(),
            },
            undated: s.undated,
            recorded: s.recorded,
            rosters: s.rosters,
            unplayed: s.unplayed,
        })
        .collect();
    Ok(tell(seasons, &names))
}
