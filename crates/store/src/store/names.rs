//! The other names of teams and players (schema version 10, `team_names` and `player_names`): a
//! former name, with the last day it was borne (`until`), or an alias (`until` NULL), another
//! way the name is written. `teams.name` and `players.name` are the names today.

use chrono::NaiveDate;
use rusqlite::{Connection, Params, Row};

use super::db::{date, tuple, Change, Reads, Sql, StoreError};
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

impl Reads {
    pub fn names(&self) -> NameReader<'_> {
        NameReader(&self.conn)
    }
}

/// Whose names: a team's or a player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bearer {
    Team,
    Player,
}

impl Bearer {
    /// The table of its name today, the table of its other names and their column naming it,
    /// and its name as a refusal says it.
    fn kept(self) -> [&'static str; 4] {
        match self {
            Bearer::Team => ["teams", "team_names", "team", "the team's name"],
            Bearer::Player => ["players", "player_names", "player", "the player's name"],
        }
    }
}

/// Another name's `id, name, until` as stored.
type OtherRow = (i64, String, Option<String>);

/// A row of `id, name, until` as another name.
fn other_name((id, name, until): OtherRow) -> Result<OtherName, StoreError> {
    let until = until.as_deref().map(date).transpose()?;
    Ok(OtherName { id, name, until })
}

impl NameReader<'_> {
    /// The other names of a team or a player: former names, oldest first, then aliases as
    /// added.
    pub fn other_names(&self, of: Bearer, id: i64) -> Result<Vec<OtherName>, StoreError> {
        let [_, others, owner, _] = of.kept();
        let sql = format!(
            "SELECT id, name, until FROM {others} WHERE {owner} = ?1 ORDER BY until IS NULL, until, id"
        );
        let rows: Vec<_> = self.0.all(&sql, [id], tuple)?;
        rows.into_iter().map(other_name).collect()
    }

    /// Who a name names: the owner of the name today (the first query), else of a former name
    /// or alias (the second).
    fn owner(
        &self,
        sql: [&str; 2],
        params: impl Params + Clone,
    ) -> Result<Option<NameOwner>, StoreError> {
        let owner = |r: &Row<'_>| {
            Ok(NameOwner {
                id: r.get(0)?,
                name: r.get(1)?,
            })
        };
        match self.0.one(sql[0], params.clone(), owner)? {
            Some(today) => Ok(Some(today)),
            None => self.0.one(sql[1], params, owner),
        }
    }

    /// The other names of every team of a league, each with its team's id (as
    /// [`NameReader::other_names`] orders them, team by team).
    pub fn league_team_names(&self, league: i64) -> Result<Vec<(TeamId, OtherName)>, StoreError> {
        let rows: Vec<(TeamId, OtherRow)> = self.0.all(
            "SELECT n.team, n.id, n.name, n.until FROM team_names n JOIN teams t ON t.id = n.team
             WHERE t.league = ?1 ORDER BY n.team, n.until IS NULL, n.until, n.id",
            [league],
            |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?, r.get(3)?))),
        )?;
        rows.into_iter()
            .map(|(team, other)| Ok((team, other_name(other)?)))
            .collect()
    }

    /// The team of a league a name names: today's name, or a former name or alias (case,
    /// extra spaces and the encoding of accents ignored).
    pub fn team_owner(&self, league: i64, name: &str) -> Result<Option<NameOwner>, StoreError> {
        let sql = [
            "SELECT id, name FROM teams WHERE league = ?1 AND key = ?2",
            "SELECT t.id, t.name FROM team_names n JOIN teams t ON t.id = n.team
             WHERE t.league = ?1 AND n.key = ?2 ORDER BY n.id LIMIT 1",
        ];
        self.owner(sql, (league, &name_key(name)))
    }

    /// The player a name names: today's name, or a former name or alias.
    pub fn player_owner(&self, name: &str) -> Result<Option<NameOwner>, StoreError> {
        let sql = [
            "SELECT id, name FROM players WHERE key = ?1",
            "SELECT p.id, p.name FROM player_names n JOIN players p ON p.id = n.player
             WHERE n.key = ?1",
        ];
        self.owner(sql, [&name_key(name)])
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
    /// Keeps another name of a team or a player: a former name borne until `until`, or an
    /// alias.
    pub fn add_other_name(
        &self,
        of: Bearer,
        id: i64,
        name: &str,
        until: Option<NaiveDate>,
    ) -> Result<(), StoreError> {
        let [_, others, owner, what] = of.kept();
        StoreError::check_name(what, name)?;
        let name = tidy(name);
        let sql =
            format!("INSERT INTO {others} ({owner}, name, key, until) VALUES (?1, ?2, ?3, ?4)");
        let until = until.map(|d| d.to_string());
        self.tx.run(&sql, (id, &name, name_key(&name), until))?;
        self.renamed(of)
    }

    /// Gives a team or a player its name today (its name before kept apart, by the caller).
    pub fn set_name(&self, of: Bearer, id: i64, name: &str) -> Result<(), StoreError> {
        let [table, _, _, what] = of.kept();
        StoreError::check_name(what, name)?;
        let name = tidy(name);
        let sql = format!("UPDATE {table} SET name = ?1, key = ?2 WHERE id = ?3");
        self.tx.execute(&sql, (&name, name_key(&name), id))?;
        self.renamed(of)
    }

    /// Takes away another name of a team or a player (an alias that becomes its name today).
    pub fn remove_other_name(&self, of: Bearer, id: i64) -> Result<(), StoreError> {
        let [_, others, _, _] = of.kept();
        self.tx
            .execute(&format!("DELETE FROM {others} WHERE id = ?1"), [id])?;
        self.renamed(of)
    }

    /// The players this change found by name forgotten, once a player's names changed.
    fn renamed(&self, of: Bearer) -> Result<(), StoreError> {
        if of == Bearer::Player {
            self.players.borrow_mut().clear();
        }
        Ok(())
    }
}
