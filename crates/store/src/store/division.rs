//! A season's divisions (schema version 13, RULES.md §10): ranked from the top, and the
//! division each team plays in that season (`entries.division`). A team of a season with
//! divisions placed in none (entered after they were made, and not placed) plays in the
//! lowest: each read here says so.

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

    /// The division each team entered in a season plays in (by division number), the lowest
    /// for a team placed in none; none listed in a season without divisions.
    pub fn team_divisions(&self, season: i64) -> Result<HashMap<TeamId, i64>, StoreError> {
        self.conn.all(
            "SELECT team, coalesce(division, (SELECT id FROM divisions WHERE season = ?1
                 ORDER BY rank DESC, id DESC LIMIT 1)) AS d
             FROM entries WHERE season = ?1 AND d IS NOT NULL",
            [season],
            tuple,
        )
    }

    /// The division a team was placed in in a season, if it was placed in one.
    pub fn placed_in(&self, season: i64, team: TeamId) -> Result<Option<i64>, StoreError> {
        Ok(self
            .conn
            .one(
                "SELECT division FROM entries WHERE season = ?1 AND team = ?2",
                (season, team),
                |r| r.get::<_, Option<i64>>(0),
            )?
            .flatten())
    }

    /// A season's divisions with their teams (by name), top first, as the standings see them.
    pub fn season_divisions(&self, season: i64) -> Result<Vec<Division>, StoreError> {
        let placed = self.team_divisions(season)?;
        let entered: Vec<TeamId> = self.conn.all(
            "SELECT e.team FROM entries e JOIN teams t ON t.id = e.team
             WHERE e.season = ?1 ORDER BY t.key, t.id",
            [season],
            |r| r.get(0),
        )?;
        let teams: Vec<(i64, TeamId)> = entered
            .into_iter()
            .filter_map(|t| placed.get(&t).map(|d| (*d, t)))
            .collect();
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
            "WITH lowest AS (SELECT id FROM divisions WHERE season = ?1
                 ORDER BY rank DESC, id DESC LIMIT 1)
             SELECT dh.name, da.name FROM entries h JOIN entries a ON a.season = h.season
             JOIN divisions dh ON dh.id = coalesce(h.division, (SELECT id FROM lowest))
             JOIN divisions da ON da.id = coalesce(a.division, (SELECT id FROM lowest))
             WHERE h.season = ?1 AND h.team = ?2 AND a.team = ?3 AND dh.id <> da.id",
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
