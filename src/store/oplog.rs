//! The operations log: what each change did, and putting a change back. Undoing an operation is
//! itself an operation, made of the inverse of each row the first one touched, in reverse
//! order; the triggers of `schema.sql` log those rows in turn, so undoing an undo redoes.

use rusqlite::OptionalExtension;
use serde_json::Value;

pub use super::db::Operation;
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
    "SELECT o.id, o.at, o.command, o.summary, o.game, o.undoes, o.undone_by, o.actor, o.team FROM operations o";

fn operation(r: &rusqlite::Row<'_>) -> rusqlite::Result<Operation> {
    Ok(Operation {
        id: r.get(0)?,
        at: r.get(1)?,
        command: r.get(2)?,
        summary: r.get(3)?,
        game: r.get(4)?,
        undoes: r.get(5)?,
        undone_by: r.get(6)?,
        actor: r.get(7)?,
        team: r.get(8)?,
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
    /// `target`, before this one) that depend on what `target` changed. Those are the ones that
    /// touched a row `target` touched, or a row this change put back or took away; that hold a
    /// row which refers to one this change took away (a stored game a leg was scored in, a
    /// player a match or a roster names); that changed a night (its fixture, matches or
    /// confirmation) this change changed; that linked a game this change changed as a leg of
    /// a match; or that are later entries at the table in the same game. A change undone since, with its undo, comes to nothing and is left out. `target`
    /// can be undone on its own only when there are none.
    pub fn later_dependents(&self, target: i64) -> Result<Vec<Operation>, StoreError> {
        use std::collections::{BTreeSet, HashSet};
        // The rows this change and `target` touched (not `target`'s own mark as undone).
        let mut watched: HashSet<(String, i64)> = self
            .tx
            .prepare(
                "SELECT tbl, row FROM changes WHERE op IN (?1, ?2)
                 AND NOT (op = ?2 AND tbl = 'operations' AND row = ?1)",
            )?
            .query_map((target, self.op), |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        // The nights they belong to.
        let nights: HashSet<i64> = self
            .tx
            .prepare(
                "SELECT c.row FROM changes c WHERE c.op IN (?1, ?2) AND c.tbl = 'fixtures'
                 UNION SELECT json_extract(c.old, '$.fixture') FROM changes c
                 WHERE c.op IN (?1, ?2) AND c.tbl IN ('matches', 'confirmations') AND c.old IS NOT NULL
                 UNION SELECT m.fixture FROM changes c JOIN matches m ON m.id = c.row
                 WHERE c.op IN (?1, ?2) AND c.tbl = 'matches'
                 UNION SELECT k.fixture FROM changes c JOIN confirmations k ON k.id = c.row
                 WHERE c.op IN (?1, ?2) AND c.tbl = 'confirmations'",
            )?
            .query_map((target, self.op), |r| r.get::<_, Option<i64>>(0))?
            .filter_map(|r| r.transpose())
            .collect::<Result<_, _>>()?;
        // Rows the reversal left pointing at nothing.
        let mut orphans: Vec<(String, i64)> = self
            .tx
            .prepare("PRAGMA foreign_key_check")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        // Matches naming a player this change took away (players are named by number in a
        // match's JSON lists, which no reference checks).
        let named: Vec<i64> = self
            .tx
            .prepare(
                "SELECT m.id FROM matches m, json_each(m.home_players) j
                 WHERE j.value IN (SELECT row FROM changes WHERE op = ?1 AND tbl = 'players' AND action = 'delete')
                 UNION SELECT m.id FROM matches m, json_each(m.away_players) j
                 WHERE j.value IN (SELECT row FROM changes WHERE op = ?1 AND tbl = 'players' AND action = 'delete')",
            )?
            .query_map([self.op], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        orphans.extend(named.into_iter().map(|m| ("matches".to_string(), m)));
        // A stored game's link to a match was added with its match; a match with its night.
        let mut linked: Vec<(String, i64)> = Vec::new();
        for (table, row) in &orphans {
            let parent = match table.as_str() {
                "leg_games" => Some(("SELECT match FROM leg_games WHERE id = ?1", "matches")),
                "matches" => Some(("SELECT fixture FROM matches WHERE id = ?1", "fixtures")),
                _ => None,
            };
            if let Some((sql, parent)) = parent {
                let id: Option<i64> = self.tx.query_row(sql, [row], |r| r.get(0)).optional()?;
                linked.extend(id.map(|id| (parent.to_string(), id)));
            }
        }
        // The games this change and `target` changed (an entry at the table names its game), and
        // the matches and nights that score a leg in one of them: a later change that linked
        // such a game as a leg depends on the game as it stood.
        let games: HashSet<i64> = self
            .tx
            .prepare(
                "SELECT game FROM operations WHERE id IN (?1, ?2) AND game IS NOT NULL
                 UNION SELECT row FROM changes WHERE op IN (?1, ?2) AND tbl = 'games'
                 UNION SELECT json_extract(old, '$.game') FROM changes
                 WHERE op IN (?1, ?2) AND tbl IN ('hands', 'seats', 'entrants') AND old IS NOT NULL",
            )?
            .query_map((target, self.op), |r| r.get::<_, Option<i64>>(0))?
            .filter_map(|r| r.transpose())
            .collect::<Result<_, _>>()?;
        let mut legs: HashSet<(String, i64)> = HashSet::new();
        if !games.is_empty() {
            let mut stmt = self.tx.prepare(
                "SELECT g.match, m.fixture FROM leg_games g JOIN matches m ON m.id = g.match
                 WHERE g.game = ?1",
            )?;
            for game in &games {
                let rows =
                    stmt.query_map([game], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
                for row in rows {
                    let (m, f) = row?;
                    legs.insert(("matches".to_string(), m));
                    legs.insert(("fixtures".to_string(), f));
                }
            }
        }
        let orphaned = !orphans.is_empty();
        watched.extend(orphans);
        watched.extend(linked);
        // One pass over what the later operations changed.
        let mut ids: BTreeSet<i64> = BTreeSet::new();
        let mut stmt = self.tx.prepare(
            "SELECT c.op, c.tbl, c.row,
                    CASE WHEN c.tbl IN ('matches', 'confirmations') THEN json_extract(c.old, '$.fixture') END,
                    CASE c.tbl WHEN 'matches' THEN (SELECT fixture FROM matches WHERE id = c.row)
                               WHEN 'confirmations' THEN (SELECT fixture FROM confirmations WHERE id = c.row)
                               WHEN 'fixtures' THEN c.row END,
                    c.action,
                    CASE WHEN c.tbl = 'leg_games' THEN json_extract(c.old, '$.game') END
             FROM changes c WHERE c.op > ?1 AND c.op < ?2",
        )?;
        let rows = stmt.query_map((target, self.op), |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, Option<i64>>(3)?,
                r.get::<_, Option<i64>>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, Option<i64>>(6)?,
            ))
        })?;
        for row in rows {
            let (op, table, row, was_in, is_in, action, leg_game) = row?;
            let night = |f: Option<i64>| f.is_some_and(|f| nights.contains(&f));
            // A match (or a night) added with a leg scored in one of the games; a leg's link
            // to one of them taken away.
            let leg = (action == "insert" && legs.contains(&(table.clone(), row)))
                || leg_game.is_some_and(|g| games.contains(&g));
            if leg || night(was_in) || night(is_in) || watched.contains(&(table, row)) {
                ids.insert(op);
            }
        }
        drop(stmt);
        // A game's link as a leg that this change puts back (a night's match redone): the link
        // holds only for the game as it stood, so a later change to that game (a hand entered,
        // taken back or undone) depends on it.
        let relinked: Vec<i64> = self
            .tx
            .prepare(
                "SELECT DISTINCT g.game FROM leg_games g
                 WHERE g.id IN (SELECT row FROM changes WHERE op = ?1 AND tbl = 'leg_games')",
            )?
            .query_map([target], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        if !relinked.is_empty() {
            let mut stmt = self.tx.prepare(
                "SELECT o.id FROM operations o WHERE o.id > ?1 AND o.id < ?2 AND o.game = ?3
                 UNION SELECT c.op FROM changes c WHERE c.op > ?1 AND c.op < ?2 AND c.tbl = 'hands'
                   AND (json_extract(c.old, '$.game') = ?3
                        OR (SELECT h.game FROM hands h WHERE h.id = c.row) = ?3)",
            )?;
            for game in relinked {
                let later = stmt.query_map((target, self.op, game), |r| r.get::<_, i64>(0))?;
                for op in later {
                    ids.insert(op?);
                }
            }
        }
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
        // A change undone since, and the undo that put it back, come to nothing together.
        let cancelled: HashSet<i64> = self
            .tx
            .prepare(
                "SELECT id FROM operations WHERE id > ?1 AND id < ?2 AND undone_by > ?1 AND undone_by < ?2
                 UNION SELECT undone_by FROM operations WHERE id > ?1 AND id < ?2 AND undone_by > ?1 AND undone_by < ?2",
            )?
            .query_map((target, self.op), |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let mut found = Vec::new();
        for id in ids.into_iter().filter(|id| !cancelled.contains(id)) {
            if let Some(op) = self.operation(id)? {
                found.push(op);
            }
        }
        if found.is_empty() && orphaned {
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
        // Per table, and whether a row is put back or changed back: how a clash is found.
        let mut clashes: std::collections::HashMap<(&str, bool), Option<String>> =
            Default::default();
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
                    let restore = action == "delete";
                    let clash = match clashes.entry((table, restore)) {
                        std::collections::hash_map::Entry::Occupied(q) => q.into_mut(),
                        std::collections::hash_map::Entry::Vacant(at) => {
                            at.insert(self.clash_query(table, restore)?)
                        }
                    };
                    self.not_held(target, table, row, &old, clash.as_deref())?;
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

    /// The query for the row of `table` that a row (JSON `?1`, number `?2`) put back
    /// (`restore`) or changed back would clash with: the same number, or the same key of a
    /// unique index. None if nothing can clash.
    fn clash_query(&self, table: &str, restore: bool) -> Result<Option<String>, StoreError> {
        let mut keys: Vec<Vec<String>> = Vec::new();
        let indexes: Vec<(String, bool, String)> = self
            .tx
            .prepare("SELECT name, \"unique\", origin FROM pragma_index_list(?1)")?
            .query_map([table], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        for (index, unique, origin) in indexes {
            if !unique || origin == "pk" {
                continue;
            }
            let columns: Vec<String> = self
                .tx
                .prepare("SELECT name FROM pragma_index_info(?1) ORDER BY seqno")?
                .query_map([&index], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            keys.push(columns);
        }
        let mut found: Vec<String> = Vec::new();
        if restore {
            found.push("id = ?2".into());
        }
        for key in &keys {
            let same: Vec<String> = key
                .iter()
                // As a unique index compares: a NULL never clashes.
                .map(|c| format!("{c} = json_extract(?1, '$.{c}')"))
                .collect();
            found.push(format!("(id IS NOT ?2 AND {})", same.join(" AND ")));
        }
        Ok((!found.is_empty()).then(|| {
            format!(
                "SELECT id FROM {table} WHERE {} LIMIT 1",
                found.join(" OR ")
            )
        }))
    }

    /// Refuses to put back `old`, the row `row` of `table` as `target` found it, when (by the
    /// query `clash` of [`Change::clash_query`]) a row in place now holds the same number or the same key (a
    /// hand of that number in its game, a player of that name, a night's confirmation): named
    /// by the later operations that put it there, or failing that the later ones that touched
    /// `table`.
    fn not_held(
        &self,
        target: i64,
        table: &str,
        row: i64,
        old: &str,
        clash: Option<&str>,
    ) -> Result<(), StoreError> {
        let Some(clash) = clash else {
            return Ok(());
        };
        let holder: Option<i64> = self
            .tx
            .prepare_cached(clash)?
            .query_row((old, row), |r| r.get(0))
            .optional()?;
        let Some(holder) = holder else {
            return Ok(());
        };
        // The later changes that put the holder there (or changed it); failing that, those
        // that changed the table.
        let mut ids: Vec<i64> = Vec::new();
        for row in [Some(holder), None] {
            ids = self
                .tx
                .prepare(
                    "SELECT DISTINCT c.op FROM changes c JOIN operations o ON o.id = c.op
                     WHERE c.op > ?1 AND c.op < ?2 AND c.tbl = ?3 AND (?4 IS NULL OR c.row = ?4)
                     AND o.undone_by IS NULL ORDER BY c.op",
                )?
                .query_map((target, self.op, table, row), |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            if !ids.is_empty() {
                break;
            }
        }
        let mut by = Vec::new();
        for id in ids {
            by.extend(self.operation(id)?);
        }
        let what = match self.operation(target)? {
            Some(op) => format!("#{target} ({})", crate::record::text::escaped(&op.summary)),
            None => format!("#{target}"),
        };
        Err(StoreError::Held {
            target: what,
            held: held_thing(table),
            by,
            also: Vec::new(),
        })
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

/// The row of `table` a row put back would clash with, in words.
fn held_thing(table: &str) -> &'static str {
    match table {
        "players" => "the player of the same name",
        "games" => "the game of the same record id",
        "seats" => "the same seat of the game",
        "entrants" => "the same place in the game",
        "hands" => "the hand of the same number in the game",
        "tricks" => "the trick of the same number in the hand",
        "penalties" => "the penalty of the same number in the hand",
        "leagues" => "the league of the same name",
        "seasons" => "the season of the same name",
        "teams" => "the team of the same name",
        "entries" => "the team's entry in the season",
        "rosters" => "the same player on the roster",
        "matches" => "the match in the same slot of the night",
        "leg_games" => "the same leg of the match",
        "confirmations" => "the night's confirmation",
        _ => "a row",
    }
}
