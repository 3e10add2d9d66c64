//! A season's divisions (schema version 13, RULES.md §10): ranked from the top, and the
//! division each team plays in that season (`entries.division`).

use std::collections::HashMap;

use super::db::{tuple, Change, Reads, Sql, StoreError};
use crate::league::names::{name_key, tidy};
use crate::league::{Division, TeamId};

/// A division of a season as stored: its number, its rank (1 the top) and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivisionInfo {
    pub id: i64,
    pub rank: u32,
    pub name: String,
}

impl Reads {
    /// A season's divisions, top first (none: the season is one division).
    pub fn divisions(&self, season: i64) -> Result<Vec<DivisionInfo>, StoreError> {
        self.conn.all(
            "SELECT id, rank, name FROM divisions WHERE season = ?1 ORDER BY rank, id",
            [season],
            |r| {
                Ok(DivisionInfo {
                    id: r.get(0)?,
                    rank: r.get(1)?,
                    name: r.get(2)?,
                })
            },
        )
    }

    /// The division each team entered in a season plays in (by division number); a team in
    /// none is not listed.
    pub fn team_divisions(&self, season: i64) -> Result<HashMap<TeamId, i64>, StoreError> {
        self.conn.all(
            "SELECT team, division FROM entries WHERE season = ?1 AND division IS NOT NULL",
            [season],
            tuple,
        )
    }

    /// A season's divisions with their teams (by name), top first, as the standings see them.
    pub fn season_divisions(&self, season: i64) -> Result<Vec<Division>, StoreError> {
        let teams: Vec<(i64, TeamId)> = self.conn.all(
            "SELECT e.division, e.team FROM entries e JOIN teams t ON t.id = e.team
             WHERE e.season = ?1 AND e.division IS NOT NULL ORDER BY t.key, t.id",
            [season],
            tuple,
        )?;
        Ok(self
            .divisions(season)?
            .into_iter()
            .map(|d| Division {
                teams: teams
                    .iter()
                    .filter(|(at, _)| *at == d.id)
                    .map(|(_, t)| *t)
                    .collect(),
                name: d.name,
            })
            .collect())
    }
}

impl Reads {
    /// The divisions two teams play in in a season (by name), when both are placed in one and
    /// they differ.
    pub fn divisions_apart(
        &self,
        season: i64,
        (home, away): (TeamId, TeamId),
    ) -> Result<Option<(String, String)>, StoreError> {
        self.conn.one(
            "SELECT dh.name, da.name FROM entries h JOIN entries a ON a.season = h.season
             JOIN divisions dh ON dh.id = h.division JOIN divisions da ON da.id = a.division
             WHERE h.season = ?1 AND h.team = ?2 AND a.team = ?3 AND h.division <> a.division",
            (season, home, away),
            tuple,
        )
    }
}

impl Change<'_> {
    /// Adds a division to a season below those it has (`app` has checked its name: new in the
    /// season, not blank, one that can be kept).
    pub fn add_division(&self, season: i64, raw: &str) -> Result<DivisionInfo, StoreError> {
        let name = tidy(raw);
        let rank: u32 = self
            .tx
            .one(
                "SELECT coalesce(max(rank), 0) + 1 FROM divisions WHERE season = ?1",
                [season],
                |r| r.get(0),
            )?
            .unwrap_or(1);
        self.tx.run(
            "INSERT INTO divisions (season, rank, name, key) VALUES (?1, ?2, ?3, ?4)",
            (season, rank, &name, name_key(&name)),
        )?;
        Ok(DivisionInfo {
            id: self.tx.last_insert_rowid(),
            rank,
            name,
        })
    }

    /// Puts a team entered in a season in a division of it.
    pub fn place_team(&self, season: i64, team: TeamId, division: i64) -> Result<(), StoreError> {
        self.tx.run(
            "UPDATE entries SET division = ?1 WHERE season = ?2 AND team = ?3",
            (division, season, team),
        )?;
        Ok(())
    }
}
