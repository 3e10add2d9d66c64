//! The other names of teams and players (schema version 10, `team_names` and `player_names`): a
//! former name, with the last day it was borne (`until`), or an alias (`until` NULL), another
//! way the name is written. `teams.name` and `players.name` are the names today.

use chrono::NaiveDate;
use rusqlite::Connection;

use super::db::{tuple, Change, Sql, Store, StoreError};
use crate::league::names::{name_key, tidy};
use crate::league::TeamId;

/// Another name of a team or a player, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherName {
    pub id: i64,
    pub name: String,
    /// The last day a former name was borne; none for an alias.
    pub until: Option<NaiveDate>,
}

/// Who a name is: a team (or player) by its id and its name today.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameOwner {
    pub id: i64,
    pub name: String,
}

/// The reads of other names, on the database or inside a change.
pub struct NameReader<'c>(&'c Connection);

impl Store {
    pub fn names(&self) -> NameReader<'_> {
        NameReader(&self.conn)
    }
}

impl Change<'_> {
    pub fn names(&self) -> NameReader<'_> {
        NameReader(&self.tx)
    }
}

fn other_name(r: &rusqlite::Row<'_>) -> rusqlite::Result<(i64, String, Option<String>)> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
}

fn read_other(row: (i64, String, Option<String>)) -> Result<OtherName, StoreError> {
    let (id, name, until) = row;
    let until = match until {
        Some(text) => Some(
            NaiveDate::parse_from_str(&text, "%Y-%m-%d")
                .map_err(|e| StoreError::damaged(format!("a date \"{text}\""), e))?,
        ),
        None => None,
    };
    Ok(OtherName { id, name, until })
}

impl NameReader<'_> {
    /// A team's other names: its former names, oldest first, then its aliases as added.
    pub fn team_names(&self, team: TeamId) -> Result<Vec<OtherName>, StoreError> {
        let mut stmt = self.0.prepare_cached(
            "SELECT id, name, until FROM team_names WHERE team = ?1
             ORDER BY until IS NULL, until, id",
        )?;
        let rows = stmt.query_map([team], other_name)?;
        rows.map(|r| read_other(r?)).collect()
    }

    /// The other names of every team of a league, each with its team's id (as
    /// [`NameReader::team_names`] orders them, team by team).
    pub fn league_team_names(&self, league: i64) -> Result<Vec<(TeamId, OtherName)>, StoreError> {
        let mut stmt = self.0.prepare_cached(
            "SELECT n.team, n.id, n.name, n.until FROM team_names n JOIN teams t ON t.id = n.team
             WHERE t.league = ?1 ORDER BY n.team, n.until IS NULL, n.until, n.id",
        )?;
        let rows = stmt.query_map([league], |r| {
            Ok((r.get::<_, i64>(0)?, (r.get(1)?, r.get(2)?, r.get(3)?)))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (team, other) = row?;
            out.push((team, read_other(other)?));
        }
        Ok(out)
    }

    /// The team of a league a name names: today's name, or a former name or alias (case,
    /// extra spaces and the encoding of accents ignored).
    pub fn team_owner(&self, league: i64, name: &str) -> Result<Option<NameOwner>, StoreError> {
        let key = name_key(name);
        let owner = |r: &rusqlite::Row<'_>| {
            Ok(NameOwner {
                id: r.get(0)?,
                name: r.get(1)?,
            })
        };
        let today = self.0.one(
            "SELECT id, name FROM teams WHERE league = ?1 AND key = ?2",
            (league, &key),
            owner,
        )?;
        if today.is_some() {
            return Ok(today);
        }
        self.0.one(
            "SELECT t.id, t.name FROM team_names n JOIN teams t ON t.id = n.team
                 WHERE t.league = ?1 AND n.key = ?2 ORDER BY n.id LIMIT 1",
            (league, &key),
            owner,
        )
    }

    /// A player's other names: former names, oldest first, then aliases as added.
    pub fn player_names(&self, player: i64) -> Result<Vec<OtherName>, StoreError> {
        let mut stmt = self.0.prepare_cached(
            "SELECT id, name, until FROM player_names WHERE player = ?1
             ORDER BY until IS NULL, until, id",
        )?;
        let rows = stmt.query_map([player], other_name)?;
        rows.map(|r| read_other(r?)).collect()
    }

    /// The player a name names: today's name, or a former name or alias.
    pub fn player_owner(&self, name: &str) -> Result<Option<NameOwner>, StoreError> {
        let key = name_key(name);
        let owner = |r: &rusqlite::Row<'_>| {
            Ok(NameOwner {
                id: r.get(0)?,
                name: r.get(1)?,
            })
        };
        let today = self
            .0
            .one("SELECT id, name FROM players WHERE key = ?1", [&key], owner)?;
        if today.is_some() {
            return Ok(today);
        }
        self.0.one(
            "SELECT p.id, p.name FROM player_names n JOIN players p ON p.id = n.player
                 WHERE n.key = ?1",
            [&key],
            owner,
        )
    }

    /// The other names of the players on a roster of a league, each with the player's name
    /// today.
    pub fn league_player_names(&self, league: i64) -> Result<Vec<(String, String)>, StoreError> {
        self.0.all(
            "SELECT DISTINCT n.name, p.name FROM player_names n JOIN players p ON p.id = n.player
             JOIN rosters r ON r.player = p.id JOIN seasons s ON s.id = r.season
             WHERE s.league = ?1 ORDER BY n.key",
            [league],
            tuple,
        )
    }
}

impl Change<'_> {
    /// Keeps another name of a team: a former name borne until `until`, or an alias.
    pub fn add_team_name(
        &self,
        team: TeamId,
        name: &str,
        until: Option<NaiveDate>,
    ) -> Result<(), StoreError> {
        StoreError::check_name("the team's name", name)?;
        let name = tidy(name);
        self.tx.run(
            "INSERT INTO team_names (team, name, key, until) VALUES (?1, ?2, ?3, ?4)",
            (team, &name, name_key(&name), until.map(|d| d.to_string())),
        )?;
        Ok(())
    }

    /// Gives a team its name today (its former name kept apart, by the caller).
    pub fn set_team_name(&self, team: TeamId, name: &str) -> Result<(), StoreError> {
        StoreError::check_name("the team's name", name)?;
        let name = tidy(name);
        self.tx.execute(
            "UPDATE teams SET name = ?1, key = ?2 WHERE id = ?3",
            (&name, name_key(&name), team),
        )?;
        Ok(())
    }

    /// Takes away another name of a team (an alias that becomes its name today).
    pub fn remove_team_name(&self, id: i64) -> Result<(), StoreError> {
        self.tx
            .execute("DELETE FROM team_names WHERE id = ?1", [id])?;
        Ok(())
    }

    /// Keeps another name of a player: a former name borne until `until`, or an alias.
    pub fn add_player_name(
        &self,
        player: i64,
        name: &str,
        until: Option<NaiveDate>,
    ) -> Result<(), StoreError> {
        StoreError::check_name("the player's name", name)?;
        let name = tidy(name);
        self.tx.run(
            "INSERT INTO player_names (player, name, key, until) VALUES (?1, ?2, ?3, ?4)",
            (player, &name, name_key(&name), until.map(|d| d.to_string())),
        )?;
        self.players.borrow_mut().clear();
        Ok(())
    }

    /// Gives a player their name today.
    pub fn set_player_name(&self, player: i64, name: &str) -> Result<(), StoreError> {
        StoreError::check_name("the player's name", name)?;
        let name = tidy(name);
        self.tx.execute(
            "UPDATE players SET name = ?1, key = ?2 WHERE id = ?3",
            (&name, name_key(&name), player),
        )?;
        self.players.borrow_mut().clear();
        Ok(())
    }

    /// Takes away another name of a player.
    pub fn remove_player_name(&self, id: i64) -> Result<(), StoreError> {
        self.tx
            .execute("DELETE FROM player_names WHERE id = ?1", [id])?;
        self.players.borrow_mut().clear();
        Ok(())
    }
}

impl super::league::LeagueReader<'_> {
    /// The reads of other names, on the same connection.
    pub fn names(&self) -> NameReader<'_> {
        NameReader(self.0)
    }
}
