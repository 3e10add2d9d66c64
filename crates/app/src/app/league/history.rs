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
    Ok(tell(reader.past(league.id)?, &names))
}
