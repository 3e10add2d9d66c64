//! The operations log: what each change did, and putting a change back. Undoing an operation is
//! itself an operation, made of the inverse of each row the first one touched, in reverse
//! order; the triggers of `schema.sql` log those rows in turn, so undoing an undo redoes.

use rusqlite::OptionalExtension;
use serde_json::Value;

use super::db::{Change, Store, StoreError};

/// The tables whose rows the log records, with the columns a row is restored through.
const TABLES: &[&str] = &[
    "players",
    "games",
    "seats",
    "entrants",
    "hands",
    "tricks",
    "penalties",
    "leagues",
    "seasons",
    "teams",
    "entries",
    "rosters",
    "fixtures",
    "matches",
    "leg_games",
    "adjustments",
    "confirmations",
    "operations",
];

/// One operation of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    pub id: i64,
    pub at: String,
    pub command: String,
    pub summary: String,
    pub game: Option<i64>,
    /// The operation this one undid.
    pub undoes: Option<i64>,
    /// The operation that undid this one, if it is undone.
    pub undone_by: Option<i64>,
}

impl Store {
    /// The log, newest first: at most `limit` operations.
    pub fn log(&self, limit: usize) -> Result<Vec<Operation>, StoreError> {
        let sql = format!("{SELECT} ORDER BY o.id DESC LIMIT ?1");
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([limit as i64], operation)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// An operation, as [`operation`] reads it.
const SELECT: &str =
    "SELECT o.id, o.at, o.command, o.summary, o.game, o.undoes, o.undone_by FROM operations o";

fn operation(r: &rusqlite::Row<'_>) -> rusqlite::Result<Operation> {
    Ok(Operation {
        id: r.get(0)?,
        at: r.get(1)?,
        command: r.get(2)?,
        summary: r.get(3)?,
        game: r.get(4)?,
        undoes: r.get(5)?,
        undone_by: r.get(6)?,
    })
}

impl Change<'_> {
    /// The latest operation before this one, which `undo` reverses.
    pub fn last_operation(&self) -> Result<Option<Operation>, StoreError> {
        self.operation_where("o.id < ?1", [self.op])
    }

    /// The latest entry made at the table in `game` that is still in place.
    pub fn last_entry(&self, game: i64) -> Result<Option<Operation>, StoreError> {
        self.operation_where(
            "o.id < ?1 AND o.command = 'play' AND o.undone_by IS NULL AND o.game = ?2",
            (self.op, game),
        )
    }

    /// Operation `id`, if it is in the log before this one.
    pub fn operation(&self, id: i64) -> Result<Option<Operation>, StoreError> {
        self.operation_where("o.id < ?1 AND o.id = ?2", (self.op, id))
    }

    /// After [`Change::reverse`] of `target` in this change: the later operations (after
    /// `target`, before this one) that touched a row `target` touched, or a row this change put
    /// back or took away, or that hold a row which refers to one this change took away (a
    /// stored game a leg was scored in, a player a match or a roster names), or that changed a
    /// night it changed, or that are later entries at the table in the same game. `target` can be undone on its own only when there
    /// are none.
    pub fn later_dependents(&self, target: i64) -> Result<Vec<Operation>, StoreError> {
        // Rows the reversal left pointing at nothing, by table and row.
        let mut orphans: Vec<(String, i64)> = Vec::new();
        {
            let mut stmt = self.tx.prepare("PRAGMA foreign_key_check")?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
            for row in rows {
                orphans.push(row?);
            }
        }
        // Matches naming a player this change took away (players are named by number in a
        // match's JSON lists, which no reference checks).
        let named: Vec<i64> = self
            .tx
            .prepare(
                "SELECT DISTINCT m.id FROM matches m, json_each(m.home_players) j
                 WHERE j.value IN (SELECT row FROM changes WHERE op = ?1 AND tbl = 'players' AND action = 'delete')
                 UNION SELECT DISTINCT m.id FROM matches m, json_each(m.away_players) j
                 WHERE j.value IN (SELECT row FROM changes WHERE op = ?1 AND tbl = 'players' AND action = 'delete')",
            )?
            .query_map([self.op], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        orphans.extend(named.into_iter().map(|m| ("matches".to_string(), m)));
        // A stored game's link to a match was added with its match.
        let mut linked: Vec<(String, i64)> = Vec::new();
        for (table, row) in &orphans {
            if table == "leg_games" {
                let m: Option<i64> = self
                    .tx
                    .query_row("SELECT match FROM leg_games WHERE id = ?1", [row], |r| {
                        r.get(0)
                    })
                    .optional()?;
                linked.extend(m.map(|m| ("matches".to_string(), m)));
            }
            if table == "matches" {
                let f: Option<i64> = self
                    .tx
                    .query_row("SELECT fixture FROM matches WHERE id = ?1", [row], |r| {
                        r.get(0)
                    })
                    .optional()?;
                linked.extend(f.map(|f| ("fixtures".to_string(), f)));
            }
        }
        orphans.extend(linked);
        let mut ids: std::collections::BTreeSet<i64> = self
            .tx
            .prepare(
                "SELECT DISTINCT later.op FROM changes later JOIN changes mine
                 ON mine.tbl = later.tbl AND mine.row = later.row
                 WHERE mine.op IN (?1, ?2) AND later.op > ?1 AND later.op < ?2
                 AND NOT (mine.op = ?2 AND mine.tbl = 'operations' AND mine.row = ?1)",
            )?
            .query_map((target, self.op), |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        for (table, row) in &orphans {
            let ops: Vec<i64> = self
                .tx
                .prepare_cached(
                    "SELECT DISTINCT op FROM changes WHERE tbl = ?1 AND row = ?2 AND op > ?3 AND op < ?4",
                )?
                .query_map((table, row, target, self.op), |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            ids.extend(ops);
        }
        // A night is one thing: its fixture, matches and confirmation. A later change to a
        // night this one changed (another match of it, its confirmation) depends on it.
        let same_night: Vec<i64> = self
            .tx
            .prepare(
                "WITH night (op, fixture) AS (
                     SELECT c.op, c.row FROM changes c
                     WHERE c.op BETWEEN ?1 AND ?2 AND c.tbl = 'fixtures'
                     UNION SELECT c.op, json_extract(c.old, '$.fixture') FROM changes c
                     WHERE c.op BETWEEN ?1 AND ?2 AND c.tbl IN ('matches', 'confirmations')
                     AND c.old IS NOT NULL
                     UNION SELECT c.op, m.fixture FROM changes c JOIN matches m ON m.id = c.row
                     WHERE c.op BETWEEN ?1 AND ?2 AND c.tbl = 'matches'
                     UNION SELECT c.op, k.fixture FROM changes c JOIN confirmations k ON k.id = c.row
                     WHERE c.op BETWEEN ?1 AND ?2 AND c.tbl = 'confirmations')
                 SELECT DISTINCT later.op FROM night later JOIN night mine ON mine.fixture = later.fixture
                 WHERE mine.op IN (?1, ?2) AND later.op > ?1 AND later.op < ?2",
            )?
            .query_map((target, self.op), |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        ids.extend(same_night);
        // Entries at the table follow one another: a later one in the same game depends on it.
        let same_game: Vec<i64> = self
            .tx
            .prepare(
                "SELECT later.id FROM operations later JOIN operations t ON t.id = ?1
                 WHERE t.game IS NOT NULL AND later.game = t.game AND later.id > ?1 AND later.id < ?2",
            )?
            .query_map((target, self.op), |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        ids.extend(same_game);
        let mut found = Vec::new();
        for id in ids {
            if let Some(op) = self.operation(id)? {
                found.push(op);
            }
        }
        // A change undone since, and the undo that put it back, come to nothing together.
        let cancelled: Vec<i64> = self
            .tx
            .prepare(
                "SELECT id FROM operations WHERE id > ?1 AND id < ?2 AND undone_by > ?1 AND undone_by < ?2
                 UNION SELECT undone_by FROM operations WHERE id > ?1 AND id < ?2 AND undone_by > ?1 AND undone_by < ?2",
            )?
            .query_map((target, self.op), |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        found.retain(|o| !cancelled.contains(&o.id));
        if found.is_empty() && !orphans.is_empty() {
            return Err(StoreError::Refused(format!(
                "#{target} cannot be undone on its own: rows added after it refer to what it added"
            )));
        }
        Ok(found)
    }

    fn operation_where(
        &self,
        cond: &str,
        params: impl rusqlite::Params,
    ) -> Result<Option<Operation>, StoreError> {
        let sql = format!("{SELECT} WHERE {cond} ORDER BY o.id DESC LIMIT 1");
        Ok(self.tx.query_row(&sql, params, operation).optional()?)
    }

    /// Puts back every row operation `target` touched, newest first, as part of this change,
    /// and marks it undone by this one.
    pub fn reverse(&self, target: i64) -> Result<(), StoreError> {
        // Rows come back in any order; their references hold again by the commit.
        self.tx.pragma_update(None, "defer_foreign_keys", "ON")?;
        let changes: Vec<(String, i64, String, Option<String>)> = self
            .tx
            .prepare("SELECT tbl, row, action, old FROM changes WHERE op = ?1 ORDER BY id DESC")?
            .query_map([target], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<Result<_, _>>()?;
        for (table, row, action, old) in changes {
            let table = TABLES.iter().find(|&&t| t == table).ok_or_else(|| {
                StoreError::damaged("the operations log", format!("it names a table `{table}`"))
            })?;
            match action.as_str() {
                "insert" => self.delete_added(table, row)?,
                "update" | "delete" => {
                    let old = old.ok_or_else(|| {
                        StoreError::damaged("the operations log", "a change without its row")
                    })?;
                    let columns = self.columns_of(table, &old)?;
                    if action == "update" {
                        let set: Vec<String> = columns
                            .iter()
                            .map(|c| format!("{c} = json_extract(?1, '$.{c}')"))
                            .collect();
                        self.tx.execute(
                            &format!("UPDATE {table} SET {} WHERE id = ?2", set.join(", ")),
                            (&old, row),
                        )?;
                    } else {
                        let values: Vec<String> = columns
                            .iter()
                            .map(|c| format!("json_extract(?1, '$.{c}')"))
                            .collect();
                        self.tx.execute(
                            &format!(
                                "INSERT INTO {table} ({}) VALUES ({})",
                                columns.join(", "),
                                values.join(", ")
                            ),
                            [&old],
                        )?;
                        self.added(table, row)?;
                    }
                }
                other => {
                    return Err(StoreError::damaged(
                        "the operations log",
                        format!("it names an action `{other}`"),
                    ))
                }
            }
        }
        self.tx.execute(
            "UPDATE operations SET undone_by = ?1 WHERE id = ?2",
            (self.op, target),
        )?;
        self.tx.execute(
            "UPDATE operations SET undoes = ?1 WHERE id = ?2",
            (target, self.op),
        )?;
        Ok(())
    }

    /// Deletes a row a change added, with what it holds: a game its tricks, penalties, hands,
    /// seats and entrants; a hand its tricks and penalties. Each row deleted is logged by the
    /// triggers, so undoing this puts them all back.
    fn delete_added(&self, table: &str, row: i64) -> Result<(), StoreError> {
        let mut deletes: Vec<&str> = Vec::new();
        match table {
            "games" => deletes.extend([
                "DELETE FROM tricks WHERE hand IN (SELECT id FROM hands WHERE game = ?1)",
                "DELETE FROM penalties WHERE hand IN (SELECT id FROM hands WHERE game = ?1)",
                "DELETE FROM hands WHERE game = ?1",
                "DELETE FROM seats WHERE game = ?1",
                "DELETE FROM entrants WHERE game = ?1",
            ]),
            "hands" => deletes.extend([
                "DELETE FROM tricks WHERE hand = ?1",
                "DELETE FROM penalties WHERE hand = ?1",
            ]),
            "fixtures" => deletes.extend([
                "DELETE FROM leg_games WHERE match IN (SELECT id FROM matches WHERE fixture = ?1)",
                "DELETE FROM matches WHERE fixture = ?1",
                "DELETE FROM confirmations WHERE fixture = ?1",
            ]),
            "matches" => deletes.push("DELETE FROM leg_games WHERE match = ?1"),
            _ => {}
        }
        for sql in deletes {
            self.tx.prepare_cached(sql)?.execute([row])?;
        }
        self.tx
            .execute(&format!("DELETE FROM {table} WHERE id = ?1"), [row])?;
        Ok(())
    }

    /// The columns a logged row names, each checked to be one of the table's.
    fn columns_of(&self, table: &str, old: &str) -> Result<Vec<String>, StoreError> {
        let value: Value =
            serde_json::from_str(old).map_err(|e| StoreError::damaged("the operations log", e))?;
        let Value::Object(map) = value else {
            return Err(StoreError::damaged(
                "the operations log",
                "a row that is not an object",
            ));
        };
        let known: Vec<String> = self
            .tx
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        map.keys()
            .map(|k| {
                known.iter().find(|c| *c == k).cloned().ok_or_else(|| {
                    StoreError::damaged(
                        "the operations log",
                        format!("a row of {table} with a column `{k}`"),
                    )
                })
            })
            .collect()
    }
}
