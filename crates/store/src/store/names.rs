//! The other names of teams and players (schema version 10, `team_names` and `player_names`): a
//! former name, with the last day it was borne (`until`), or an alias (`until` NULL), another
//! way the name is written. `teams.name` and `players.name` are the names today.

use std::collections::HashMap;

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

    /// A player by number, with their name today.
    pub fn player_by_id(&self, id: i64) -> Result<Option<NameOwner>, StoreError> {
        self.0
            .one("SELECT id, name FROM players WHERE id = ?1", [id], |r| {
                Ok(NameOwner {
                    id: r.get(0)?,
                    name: r.get(1)?,
                })
            })
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

/// A player a name may mean, with the name that tells them apart: their name today, or, where
/// another player bears it too, their name with the team they first played for ("Dai Jones
/// (Red Lion)"; RULES.md §9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Namesake {
    pub id: i64,
    pub label: String,
}

/// A place on a roster of a season: the team, and the days it holds (a transfer's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterPlace {
    pub team: TeamId,
    pub team_name: String,
    /// From the transfer's day; none from the season's start.
    pub since: Option<NaiveDate>,
    /// To the day before a transfer away; none to the season's end.
    pub until: Option<NaiveDate>,
}

impl Reads {
    /// Each player who shares their name with another, by number, with the name that tells
    /// them apart: "Dai Jones (Red Lion)", the team of their first roster; "Dai Jones
    /// (player 12)" where that tells them apart no better (no roster, or the same team).
    pub fn namesake_labels(&self) -> Result<HashMap<i64, String>, StoreError> {
        let rows: Vec<(i64, String, String, Option<String>)> = self.conn.all(
            "SELECT p.id, p.name, p.key,
                    (SELECT t.name FROM rosters r JOIN teams t ON t.id = r.team
                     WHERE r.player = p.id ORDER BY r.season, r.id LIMIT 1)
             FROM players p
             WHERE p.key IN (SELECT key FROM players GROUP BY key HAVING count(*) > 1)
             ORDER BY p.key, p.id",
            [],
            tuple,
        )?;
        let mut out = HashMap::new();
        for (id, name, key, team) in &rows {
            let same_team = |t: &String| {
                rows.iter()
                    .filter(|(_, _, k, u)| k == key && u.as_ref() == Some(t))
                    .count()
                    > 1
            };
            let label = match team {
                Some(t) if !same_team(t) => format!("{name} ({t})"),
                _ => format!("{name} (player {id})"),
            };
            out.insert(*id, label);
        }
        Ok(out)
    }

    /// `rows` of a player's number and name today, each name a namesake's label where two
    /// players bear it.
    pub(super) fn labelled<T>(
        &self,
        rows: Vec<(i64, T)>,
        name: impl Fn(&mut T) -> &mut String,
    ) -> Result<Vec<T>, StoreError> {
        let labels = self.namesake_labels()?;
        Ok(rows
            .into_iter()
            .map(|(id, mut row)| {
                if let Some(label) = labels.get(&id) {
                    name(&mut row).clone_from(label);
                }
                row
            })
            .collect())
    }

    /// Every player's name as the league shows it, by number: a namesake's labelled.
    pub fn player_labels(&self) -> Result<HashMap<i64, String>, StoreError> {
        let mut names: HashMap<i64, String> =
            self.conn.all("SELECT id, name FROM players", [], tuple)?;
        for (id, label) in self.namesake_labels()? {
            names.insert(id, label);
        }
        Ok(names)
    }

    /// The players a name may mean (case, extra spaces and the encoding of accents ignored):
    /// those who bear it today; else the namesake it is the label of ("Dai Jones (Red
    /// Lion)"); else the player with it as a former name or an alias. Oldest first.
    pub fn players_named(&self, name: &str) -> Result<Vec<Namesake>, StoreError> {
        let key = name_key(name);
        let ids: Vec<(i64, String)> = self.conn.all(
            "SELECT id, name FROM players WHERE key = ?1 ORDER BY id",
            [&key],
            tuple,
        )?;
        if let [(id, name)] = ids.as_slice() {
            // The one player of the name: no namesake to tell apart (the common case, read
            // without the labels).
            return Ok(vec![Namesake {
                id: *id,
                label: name.clone(),
            }]);
        }
        let ids: Vec<i64> = ids.into_iter().map(|(id, _)| id).collect();
        if ids.is_empty() && !key.ends_with(')') {
            // No label: perhaps another name.
            let other: Vec<i64> = self.conn.all(
                "SELECT player FROM player_names WHERE key = ?1",
                [&key],
                |r| r.get(0),
            )?;
            if other.is_empty() {
                return Ok(Vec::new());
            }
        }
        let labels = self.namesake_labels()?;
        let named = |id: i64| -> Result<Namesake, StoreError> {
            let label = match labels.get(&id) {
                Some(l) => l.clone(),
                None => self
                    .conn
                    .one("SELECT name FROM players WHERE id = ?1", [id], |r| r.get(0))?
                    .unwrap_or_default(),
            };
            Ok(Namesake { id, label })
        };
        if !ids.is_empty() {
            return ids.into_iter().map(named).collect();
        }
        let mut by_label: Vec<i64> = labels
            .iter()
            .filter(|(_, l)| name_key(l) == key)
            .map(|(id, _)| *id)
            .collect();
        if by_label.is_empty() {
            by_label = self.conn.all(
                "SELECT player FROM player_names WHERE key = ?1",
                [&key],
                |r| r.get(0),
            )?;
        }
        by_label.sort_unstable();
        by_label.into_iter().map(named).collect()
    }

    /// The players on a team's roster for a season that a name may mean (by name today, a
    /// namesake's label, or another name).
    pub fn on_roster_named(
        &self,
        season: i64,
        team: TeamId,
        name: &str,
    ) -> Result<Vec<Namesake>, StoreError> {
        let on: Vec<i64> = self.conn.all(
            "SELECT player FROM rosters WHERE season = ?1 AND team = ?2",
            (season, team),
            |r| r.get(0),
        )?;
        if on.is_empty() {
            return Ok(Vec::new());
        }
        // The name's players on the roster; a name borne today by none of them may still
        // be one's label or other name.
        let key = name_key(name);
        let mut found = Vec::new();
        let mut all = self.players_named(name)?;
        all.retain(|p| on.contains(&p.id));
        if all.is_empty() {
            let labels = if key.ends_with(')') {
                self.namesake_labels()?
            } else {
                HashMap::new()
            };
            for id in &on {
                if labels.get(id).is_some_and(|l| name_key(l) == key) {
                    found.push(Namesake {
                        id: *id,
                        label: labels[id].clone(),
                    });
                }
            }
            let others: Vec<(i64, String)> = self.conn.all(
                "SELECT n.player, p.name FROM player_names n JOIN players p ON p.id = n.player
                 JOIN rosters r ON r.player = n.player
                 WHERE r.season = ?1 AND r.team = ?2 AND n.key = ?3",
                (season, team, &key),
                tuple,
            )?;
            for (id, name) in others {
                if !found.iter().any(|f| f.id == id) {
                    let label = labels.get(&id).cloned().unwrap_or(name);
                    found.push(Namesake { id, label });
                }
            }
            return Ok(found);
        }
        Ok(all)
    }

    /// A team's name today, by number.
    pub fn team_name(&self, team: TeamId) -> Result<Option<String>, StoreError> {
        self.conn
            .one("SELECT name FROM teams WHERE id = ?1", [team], |r| r.get(0))
    }

    /// A season's name, by number.
    pub fn season_name(&self, season: i64) -> Result<Option<String>, StoreError> {
        self.conn
            .one("SELECT name FROM seasons WHERE id = ?1", [season], |r| {
                r.get(0)
            })
    }

    /// The rosters of a season a player is on, with the days each holds.
    pub fn roster_places(&self, season: i64, player: i64) -> Result<Vec<RosterPlace>, StoreError> {
        let rows: Vec<(TeamId, String, Option<String>, Option<String>)> = self.conn.all(
            "SELECT r.team, t.name, r.since, r.until FROM rosters r JOIN teams t ON t.id = r.team
             WHERE r.season = ?1 AND r.player = ?2 ORDER BY r.since IS NOT NULL, r.since, r.id",
            (season, player),
            tuple,
        )?;
        rows.into_iter()
            .map(|(team, team_name, since, until)| {
                Ok(RosterPlace {
                    team,
                    team_name,
                    since: since.as_deref().map(date).transpose()?,
                    until: until.as_deref().map(date).transpose()?,
                })
            })
            .collect()
    }
}

impl Change<'_> {
    /// A player new to the database, of a name another player may bear already (a namesake,
    /// RULES.md §9): their number.
    pub fn new_player(&self, name: &str) -> Result<i64, StoreError> {
        StoreError::check_name("the player's name", name)?;
        let shown = tidy(name);
        self.tx.run(
            "INSERT INTO players (name, key) VALUES (?1, ?2)",
            (&shown, name_key(&shown)),
        )?;
        self.players.borrow_mut().clear();
        Ok(self.tx.last_insert_rowid())
    }

    /// The player a name names on a team's side of a night: first the one of that name on
    /// the team's roster for the season; else as [`Change::player`] finds (or makes) them.
    /// A name that could mean two players is refused ([`StoreError::Namesake`]).
    pub fn player_in(&self, season: i64, team: TeamId, name: &str) -> Result<i64, StoreError> {
        let on = self.on_roster_named(season, team, name)?;
        match on.as_slice() {
            [one] => Ok(one.id),
            [] => self.player(name),
            many => Err(StoreError::Namesake {
                name: tidy(name),
                candidates: many.iter().map(|p| p.label.clone()).collect(),
            }),
        }
    }

    /// The player a name names on a team's side of a night on `day`, as
    /// [`Change::player_in`] finds them; one moved to or from the team by a transfer is
    /// refused for a night outside their days on its roster ([`StoreError::Transferred`]).
    pub fn player_on(
        &self,
        season: i64,
        team: TeamId,
        name: &str,
        day: NaiveDate,
    ) -> Result<i64, StoreError> {
        let id = self.player_in(season, team, name)?;
        let places = self.roster_places(season, id)?;
        let Some(place) = places.iter().find(|p| p.team == team) else {
            return Ok(id);
        };
        let holds = place.since.is_none_or(|s| s <= day) && place.until.is_none_or(|u| day <= u);
        if holds {
            return Ok(id);
        }
        let labels = self.namesake_labels()?;
        let player = match labels.get(&id) {
            Some(l) => l.clone(),
            None => self
                .conn
                .one("SELECT name FROM players WHERE id = ?1", [id], |r| r.get(0))?
                .unwrap_or_default(),
        };
        Err(StoreError::Transferred {
            player,
            team: place.team_name.clone(),
            day,
            since: place.since,
            until: place.until,
        })
    }

    /// Puts a player (by number) on a team's roster for a season from a day (none: the whole
    /// season), entering the team if need be; says whether they were added.
    pub fn add_to_roster_id(
        &self,
        season: i64,
        team: TeamId,
        player: i64,
        since: Option<NaiveDate>,
    ) -> Result<bool, StoreError> {
        self.enter_team(season, team)?;
        let n = self.tx.run(
            "INSERT OR IGNORE INTO rosters (season, team, player, since) VALUES (?1, ?2, ?3, ?4)",
            (season, team, player, since.map(|d| d.to_string())),
        )?;
        Ok(n == 1)
    }

    /// Ends a player's place on a team's roster for a season on `until` (a transfer away the
    /// day after).
    pub fn end_roster_place(
        &self,
        season: i64,
        team: TeamId,
        player: i64,
        until: NaiveDate,
    ) -> Result<(), StoreError> {
        self.tx.run(
            "UPDATE rosters SET until = ?4 WHERE season = ?1 AND team = ?2 AND player = ?3",
            (season, team, player, until.to_string()),
        )?;
        Ok(())
    }
}
