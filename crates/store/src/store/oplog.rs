//! The operations log: what each change did, and putting a change back. Every row a change
//! adds, updates or deletes in a table of [`LOGGED`] is logged by the triggers made from that
//! list. Undoing an operation is itself an operation, made of the inverse of each row the first
//! one touched, in reverse order; the triggers log those rows in turn, so undoing an undo redoes.

use std::collections::hash_map::{Entry, HashMap};

use rusqlite::OptionalExtension;
use serde_json::Value;

pub use super::db::Operation;
use super::db::{tuple, Change, Sql, Store, StoreError};
use super::logged::{adders, columns_now, LOGGED};

/// The log's own table whose changes are logged too: an operation marked undone (its trigger is
/// in `schema.sql`), so undoing an undo clears the mark.
const OPERATIONS: &str = "operations";

/// Of a change `c` in the log: a row its operation added and touched no more.
const ADDED_ALONE: &str = "c.action = 'insert' AND NOT EXISTS (SELECT 1 FROM changes d
    WHERE d.tbl = c.tbl AND d.row = c.row AND d.op = c.op AND d.id <> c.id)";

/// The most rows of the log an undo reads at a time, and puts back by one statement.
const LOG_PAGE: usize = 10_000;

/// Rows of `table` to put back, each the JSON of its `columns`.
struct Batch {
    table: &'static str,
    columns: Vec<String>,
    rows: Vec<String>,
}

/// A table the log names: one of [`LOGGED`], or the log's own.
fn logged(table: &str) -> Option<&'static str> {
    LOGGED
        .iter()
        .copied()
        .chain([OPERATIONS])
        .find(|&t| t == table)
}

/// What holds a row that undoing a change would put back: the rows of `table` in place now
/// with the same number or the same key (a hand of that number in its game, a player of that
/// name), or that a rule of the league keeps apart from it (`rule`: a team's fixture on the
/// same date, a name of another team, a game that is another night's leg), put there by the
/// later operations `by` (none if the log does not say which).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clash {
    pub table: &'static str,
    pub by: Vec<Operation>,
    /// The rule broken, when it is one of the league's rather than a key of the schema.
    pub rule: Option<super::broken::Broken>,
}

/// The later operations that depend on what a change undone in trial changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dependents {
    /// The operations, oldest first.
    pub later: Vec<Operation>,
    /// Whether rows added later refer to what it added, though the log does not say which
    /// change added them.
    pub referred: bool,
}

/// A change a later operation made, as `later_dependents` reads it: the operation, the table
/// and row, the night it was in and is in, the action, and the game of a leg's link taken away.
type LaterChange = (
    i64,
    String,
    i64,
    Option<i64>,
    Option<i64>,
    String,
    Option<i64>,
);

/// An operation of the log with the name of the team its actor acted for, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub operation: Operation,
    /// The team's name, if the change was made for a team (and the team is there still).
    pub team: Option<String>,
}

impl Store {
    /// Whether `game` has a line entered at the table still in place: what `undo` there would
    /// take back ([`Change::last_entry`]).
    pub fn has_table_entry(&self, game: i64) -> Result<bool, StoreError> {
        let found: Vec<i64> = self.conn.all(
            "SELECT o.id FROM operations o
             WHERE o.command = 'play' AND o.undone_by IS NULL AND o.game = ?1 LIMIT 1",
            [game],
            |r| r.get(0),
        )?;
        Ok(!found.is_empty())
    }

    /// Operation `id` of the log, if there is one.
    pub fn operation_at(&self, id: i64) -> Result<Option<Operation>, StoreError> {
        let sql = format!("{SELECT} WHERE o.id = ?1");
        Ok(self.conn.query_row(&sql, [id], operation).optional()?)
    }

    /// The log, newest first: at most `limit` operations.
    pub fn log(&self, limit: usize) -> Result<Vec<LogEntry>, StoreError> {
        let sql = "SELECT o.id, o.at, o.command, o.summary, o.game, o.undoes, o.undone_by,
                    o.actor, o.team, (SELECT t.name FROM teams t WHERE t.id = o.team)
             FROM operations o ORDER BY o.id DESC LIMIT ?1";
        self.conn.all(sql, [limit as i64], |r| {
            Ok(LogEntry {
                operation: operation(r)?,
                team: r.get(9)?,
            })
        })
    }
}

/// The most characters of an operation's summary shown (by `don log`, `don undo`, and every
/// message that names a change): a longer one, kept before summaries were bounded (an import
/// that named each of its thousands of files), is shown as its first [`SUMMARY_HEAD`]
/// characters and how many more there are.
pub const SUMMARY_SHOWN: usize = 300;

/// The characters of a long summary shown.
const SUMMARY_HEAD: usize = 240;

/// `summary` as it is shown: whole if it has at most [`SUMMARY_SHOWN`] characters, else its
/// first [`SUMMARY_HEAD`] and how many more there are.
pub fn summary_shown(summary: &str) -> std::borrow::Cow<'_, str> {
    let chars = summary.chars().count();
    if chars <= SUMMARY_SHOWN {
        return std::borrow::Cow::Borrowed(summary);
    }
    let head: String = summary.chars().take(SUMMARY_HEAD).collect();
    std::borrow::Cow::Owned(format!(
        "{head}… ({} characters more)",
        chars - SUMMARY_HEAD
    ))
}

impl Operation {
    /// Its summary as it is shown: see [`summary_shown`].
    pub fn brief(&self) -> std::borrow::Cow<'_, str> {
        summary_shown(&self.summary)
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

    /// The latest operation before `id` that stands (is not undone) and is no undo, if any:
    /// the one to put back to go further back.
    pub fn standing_before(&self, id: i64) -> Result<Option<Operation>, StoreError> {
        self.operation_where(
            "o.id < ?1 AND o.id < ?2 AND o.undone_by IS NULL AND o.command <> 'undo'",
            (self.op, id),
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
    /// a match; or that are later entries at the table in the same game. A change undone
    /// since, with its undo, comes to nothing and is left out. `target` can be undone on its
    /// own only when there are none, and no row left refers to what it took away.
    pub fn later_dependents(&self, target: i64) -> Result<Dependents, StoreError> {
        use std::collections::{BTreeSet, HashSet};
        // The rows this change and `target` touched (not `target`'s own mark as undone).
        let mut watched: HashSet<(String, i64)> = self.tx.all(
            "SELECT tbl, row FROM changes WHERE op IN (?1, ?2)
                 AND NOT (op = ?2 AND tbl = 'operations' AND row = ?1)",
            (target, self.op),
            tuple,
        )?;
        // The nights they belong to.
        let nights: Vec<Option<i64>> = self.tx.all(
            "SELECT c.row FROM changes c WHERE c.op IN (?1, ?2) AND c.tbl = 'fixtures'
             UNION SELECT json_extract(c.old, '$.fixture') FROM changes c
             WHERE c.op IN (?1, ?2) AND c.tbl IN ('matches', 'confirmations') AND c.old IS NOT NULL
             UNION SELECT m.fixture FROM changes c JOIN matches m ON m.id = c.row
             WHERE c.op IN (?1, ?2) AND c.tbl = 'matches'
             UNION SELECT k.fixture FROM changes c JOIN confirmations k ON k.id = c.row
             WHERE c.op IN (?1, ?2) AND c.tbl = 'confirmations'",
            (target, self.op),
            |r| r.get(0),
        )?;
        let nights: HashSet<i64> = nights.into_iter().flatten().collect();
        // Rows the reversal left pointing at nothing.
        let mut orphans: Vec<(String, i64)> = self.tx.all("PRAGMA foreign_key_check", [], tuple)?;
        // Matches naming a player this change took away (players are named by number in a
        // match's JSON lists, which no reference checks).
        let gone =
            "SELECT row FROM changes WHERE op = ?1 AND tbl = 'players' AND action = 'delete'";
        let sql = format!(
            "SELECT m.id FROM matches m, json_each(m.home_players) j WHERE j.value IN ({gone})
             UNION SELECT m.id FROM matches m, json_each(m.away_players) j WHERE j.value IN ({gone})"
        );
        let named: Vec<i64> = self.tx.all(&sql, [self.op], |r| r.get(0))?;
        orphans.extend(named.into_iter().map(|m| ("matches".to_string(), m)));
        // A stored game's link to a match was added with its match; a match with its night: a
        // later change to the match or the night, from the change that added the row left
        // pointing at nothing on, depends on that row. Not the change that made the match or
        // the night (or changed it before): the row depends on that one, not it on `target`.
        let mut linked: HashMap<(String, i64), i64> = HashMap::new();
        for (table, row) in &orphans {
            let parent = match table.as_str() {
                "leg_games" => Some(("SELECT match FROM leg_games WHERE id = ?1", "matches")),
                "matches" => Some(("SELECT fixture FROM matches WHERE id = ?1", "fixtures")),
                _ => None,
            };
            if let Some((sql, parent)) = parent {
                let id: Option<i64> = self.tx.one(sql, [row], |r| r.get(0))?;
                let since: Option<Option<i64>> = self.tx.one(
                    &format!("SELECT min(op) FROM ({}) WHERE op > ?3", adders("?1", "?2")),
                    (table, row, target),
                    |r| r.get(0),
                )?;
                if let Some(id) = id {
                    let since = since.flatten().unwrap_or(0);
                    let at = linked.entry((parent.to_string(), id)).or_insert(since);
                    *at = (*at).min(since);
                }
            }
        }
        // The games this change and `target` changed (an entry at the table names its game), and
        // the matches and nights that score a leg in one of them: a later change that linked
        // such a game as a leg depends on the game as it stood.
        let games: Vec<Option<i64>> = self.tx.all(
            "SELECT game FROM operations WHERE id IN (?1, ?2) AND game IS NOT NULL
             UNION SELECT row FROM changes WHERE op IN (?1, ?2) AND tbl = 'games'
             UNION SELECT json_extract(old, '$.game') FROM changes
             WHERE op IN (?1, ?2) AND tbl IN ('hands', 'seats', 'entrants') AND old IS NOT NULL",
            (target, self.op),
            |r| r.get(0),
        )?;
        let games: HashSet<i64> = games.into_iter().flatten().collect();
        let mut legs: HashSet<(String, i64)> = HashSet::new();
        for game in &games {
            let sql = "SELECT g.match, m.fixture FROM leg_games g JOIN matches m ON m.id = g.match
                 WHERE g.game = ?1";
            let rows: Vec<(i64, i64)> = self.tx.all(sql, [game], tuple)?;
            for (m, f) in rows {
                legs.insert(("matches".to_string(), m));
                legs.insert(("fixtures".to_string(), f));
            }
        }
        let orphaned = !orphans.is_empty();
        watched.extend(orphans);
        // One pass over what the later operations changed.
        let mut ids: BTreeSet<i64> = BTreeSet::new();
        let rows: Vec<LaterChange> = self.tx.all(
            "SELECT c.op, c.tbl, c.row,
                    CASE WHEN c.tbl IN ('matches', 'confirmations') THEN json_extract(c.old, '$.fixture') END,
                    CASE c.tbl WHEN 'matches' THEN (SELECT fixture FROM matches WHERE id = c.row)
                               WHEN 'confirmations' THEN (SELECT fixture FROM confirmations WHERE id = c.row)
                               WHEN 'fixtures' THEN c.row END,
                    c.action,
                    CASE WHEN c.tbl = 'leg_games' THEN json_extract(c.old, '$.game') END
             FROM changes c WHERE c.op > ?1 AND c.op < ?2",
            (target, self.op),
            tuple,
        )?;
        for (op, table, row, was_in, is_in, action, leg_game) in rows {
            let night = |f: Option<i64>| f.is_some_and(|f| nights.contains(&f));
            // A match (or a night) added with a leg scored in one of the games; a leg's link
            // to one of them taken away.
            let leg = (action == "insert" && legs.contains(&(table.clone(), row)))
                || leg_game.is_some_and(|g| games.contains(&g));
            let parent = action != "insert"
                && linked
                    .get(&(table.clone(), row))
                    .is_some_and(|since| op >= *since);
            if leg || parent || night(was_in) || night(is_in) || watched.contains(&(table, row)) {
                ids.insert(op);
            }
        }
        // The rows later changes that only added rows added: such a change depends on this one
        // when it added a row watched (one left pointing at nothing), or a match or a night
        // scoring a leg in one of the games.
        let mut by_table: HashMap<&str, BTreeSet<i64>> = HashMap::new();
        for (table, row) in watched.iter().chain(&legs) {
            by_table.entry(table.as_str()).or_default().insert(*row);
        }
        let later_ranges: Vec<(i64, String, i64, i64)> = self.tx.all(
            "SELECT op, tbl, first, last FROM added WHERE op > ?1 AND op < ?2",
            (target, self.op),
            tuple,
        )?;
        for (op, table, first, last) in later_ranges {
            let rows = by_table.get(table.as_str());
            if rows.is_some_and(|rows| rows.range(first..=last).next().is_some()) {
                ids.insert(op);
            }
        }
        // A game's link as a leg that this change puts back (a night's match redone): the link
        // holds only for the game as it stood, so a later change to that game (a hand entered,
        // taken back or undone) depends on it.
        let relinked: Vec<i64> = self.tx.all(
            "SELECT DISTINCT g.game FROM leg_games g
                 WHERE g.id IN (SELECT row FROM changes WHERE op = ?1 AND tbl = 'leg_games')
                 OR EXISTS (SELECT 1 FROM added a WHERE a.op = ?1 AND a.tbl = 'leg_games'
                            AND g.id BETWEEN a.first AND a.last)",
            [target],
            |r| r.get(0),
        )?;
        for game in relinked {
            let later: Vec<i64> = self.tx.all(
                "SELECT o.id FROM operations o WHERE o.id > ?1 AND o.id < ?2 AND o.game = ?3
                 UNION SELECT c.op FROM changes c WHERE c.op > ?1 AND c.op < ?2 AND c.tbl = 'hands'
                   AND (json_extract(c.old, '$.game') = ?3
                        OR (SELECT h.game FROM hands h WHERE h.id = c.row) = ?3)",
                (target, self.op, game),
                |r| r.get(0),
            )?;
            ids.extend(later);
        }
        // Entries at the table follow one another: a later one in the same game depends on it.
        let sql = "SELECT later.id FROM operations later JOIN operations t ON t.id = ?1
             WHERE t.game IS NOT NULL AND later.game = t.game AND later.id > ?1 AND later.id < ?2";
        let same_game: Vec<i64> = self.tx.all(sql, (target, self.op), |r| r.get(0))?;
        ids.extend(same_game);
        // A change undone since, and the undo that put it back, come to nothing together.
        let within = "id > ?1 AND id < ?2 AND undone_by > ?1 AND undone_by < ?2";
        let sql = format!(
            "SELECT id FROM operations WHERE {within}
             UNION SELECT undone_by FROM operations WHERE {within}"
        );
        let cancelled: HashSet<i64> = self.tx.all(&sql, (target, self.op), |r| r.get(0))?;
        let found = self.operations(ids.into_iter().filter(|id| !cancelled.contains(id)))?;
        Ok(Dependents {
            referred: found.is_empty() && orphaned,
            later: found,
        })
    }

    /// The rows operation `op` added, if it only added rows (schema version 13): each table's
    /// first and last row numbers.
    fn added_by(&self, op: i64) -> Result<Vec<(String, i64, i64)>, StoreError> {
        self.tx.all(
            "SELECT tbl, first, last FROM added WHERE op = ?1",
            [op],
            tuple,
        )
    }

    /// The operations numbered `ids` that are in the log before this one.
    fn operations(&self, ids: impl IntoIterator<Item = i64>) -> Result<Vec<Operation>, StoreError> {
        let ops = ids.into_iter().map(|id| self.operation(id).transpose());
        ops.flatten().collect()
    }

    /// The later operations (after `target`, before this one, not undone) that touched `table`
    /// (its row `?4`, with one): by the first of `tries`, a row and a condition on the change
    /// `c`, that finds any.
    pub(super) fn later_by(
        &self,
        target: i64,
        table: &str,
        tries: &[(Option<i64>, &str)],
    ) -> Result<Vec<Operation>, StoreError> {
        for (row, placed) in tries {
            // The rows a change that only added rows added, each as the insert it stands for.
            let sql = format!(
                "WITH c (op, tbl, row, action, old) AS (
                     SELECT op, tbl, row, action, old FROM changes
                     WHERE op > ?1 AND op < ?2 AND tbl = ?3 AND (?4 IS NULL OR row = ?4)
                     UNION ALL SELECT op, tbl, coalesce(?4, first), 'insert', NULL FROM added
                     WHERE op > ?1 AND op < ?2 AND tbl = ?3 AND (?4 IS NULL OR ?4 BETWEEN first AND last))
                 SELECT DISTINCT c.op FROM c JOIN operations o ON o.id = c.op
                 WHERE o.undone_by IS NULL AND {placed} ORDER BY c.op"
            );
            let ids: Vec<i64> = self
                .tx
                .all(&sql, (target, self.op, table, row), |r| r.get(0))?;
            if !ids.is_empty() {
                return self.operations(ids);
            }
        }
        Ok(Vec::new())
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
    /// and marks it undone by this one: a row it added is deleted, a row it changed or took
    /// away is put back as it was. Stops at a row that would clash with one a later change put
    /// in place, and says what holds it (the caller then keeps nothing of this change).
    pub fn reverse(&self, target: i64) -> Result<Option<Clash>, StoreError> {
        // Rows come back in any order; their references hold again by the commit.
        self.tx.pragma_update(None, "defer_foreign_keys", "ON")?;
        // A row added that the change did not touch again is deleted with the others of its
        // table in one statement (children first), not one by one: deleting sooner what is
        // deleted anyway changes nothing else put back, and a statement each would cost a
        // statement journal each (quadratic inside a savepoint, as `undo N` tries it).
        // The rows a change that only added rows added are deleted the same way, by their
        // numbers (nothing else of such a change is logged).
        let ranges = self.added_by(target)?;
        for &table in LOGGED.iter().rev() {
            for (_, first, last) in ranges.iter().filter(|(t, _, _)| t == table) {
                self.tx.run(
                    &format!("DELETE FROM {table} WHERE id BETWEEN ?1 AND ?2"),
                    (first, last),
                )?;
            }
            self.tx.run(
                &format!(
                    "DELETE FROM {table} WHERE id IN (SELECT c.row FROM changes c
                     WHERE c.op = ?1 AND c.tbl = '{table}' AND {ADDED_ALONE})"
                ),
                [target],
            )?;
        }
        // The log's rows of the change, newest first, read a page at a time: an undo of an
        // import of a million rows puts back a million, in bounded memory.
        let page_sql = format!(
            "SELECT id, tbl, row, action, old FROM changes c
             WHERE op = ?1 AND id < ?2 AND NOT ({ADDED_ALONE}) ORDER BY id DESC LIMIT ?3"
        );
        // Per table: its columns, and per table and whether a row is put back or changed
        // back, how a clash is found.
        let mut columns: HashMap<&str, Vec<String>> = HashMap::new();
        let mut clashes: HashMap<(&str, bool), Option<String>> = HashMap::new();
        // Rows taken away one after another from one table, put back together.
        let mut batch: Option<Batch> = None;
        let mut below = i64::MAX;
        loop {
            let page: Vec<(i64, String, i64, String, Option<String>)> =
                self.tx
                    .all(&page_sql, (target, below, LOG_PAGE as i64), tuple)?;
            let Some(&(last, ..)) = page.last() else {
                break;
            };
            below = last;
            for (_, table, row, action, old) in page {
                let table = logged(&table).ok_or_else(|| {
                    StoreError::damaged("the operations log", format!("it names a table `{table}`"))
                })?;
                let restore = match action.as_str() {
                    "insert" => {
                        self.put_back_all(batch.take())?;
                        self.tx
                            .run(&format!("DELETE FROM {table} WHERE id = ?1"), [row])?;
                        continue;
                    }
                    "update" => false,
                    "delete" => true,
                    other => {
                        return Err(StoreError::damaged(
                            "the operations log",
                            format!("it names an action `{other}`"),
                        ))
                    }
                };
                let old = old.ok_or_else(|| {
                    StoreError::damaged("the operations log", "a change without its row")
                })?;
                let known = match columns.entry(table) {
                    Entry::Occupied(at) => at.into_mut(),
                    Entry::Vacant(at) => at.insert(columns_now(&self.tx, table)?),
                };
                let named = named_columns(table, &old, known)?;
                let clash = match clashes.entry((table, restore)) {
                    Entry::Occupied(at) => at.into_mut(),
                    Entry::Vacant(at) => at.insert(self.clash_query(table, restore)?),
                };
                if let Some(clash) = self.held(target, table, row, &old, clash.as_deref())? {
                    return Ok(Some(clash));
                }
                if !restore {
                    self.put_back_all(batch.take())?;
                    self.change_back(table, row, &old, &named)?;
                    continue;
                }
                match &mut batch {
                    Some(b)
                        if b.table == table && b.columns == named && b.rows.len() < LOG_PAGE =>
                    {
                        b.rows.push(old)
                    }
                    _ => {
                        self.put_back_all(batch.take())?;
                        batch = Some(Batch {
                            table,
                            columns: named,
                            rows: vec![old],
                        });
                    }
                }
            }
        }
        self.put_back_all(batch)?;
        self.tx.execute(
            "UPDATE operations SET undone_by = ?1 WHERE id = ?2",
            (self.op, target),
        )?;
        self.tx.execute(
            "UPDATE operations SET undoes = ?1 WHERE id = ?2",
            (target, self.op),
        )?;
        Ok(None)
    }

    /// Changes row `row` of `table` back to `old` (JSON of its `columns`).
    fn change_back(
        &self,
        table: &str,
        row: i64,
        old: &str,
        columns: &[String],
    ) -> Result<(), StoreError> {
        let set: Vec<String> = columns
            .iter()
            .map(|c| format!("{c} = json_extract(?1, '$.{c}')"))
            .collect();
        let sql = format!("UPDATE {table} SET {} WHERE id = ?2", set.join(", "));
        self.tx.run(&sql, (old, row))?;
        Ok(())
    }

    /// Puts back the rows of `batch`, in its order, in one statement (a statement each would
    /// cost a statement journal each, quadratic inside a savepoint). Rows taken away one after
    /// another were all there together before: none clashes with another.
    fn put_back_all(&self, batch: Option<Batch>) -> Result<(), StoreError> {
        let Some(Batch {
            table,
            columns,
            rows,
        }) = batch
        else {
            return Ok(());
        };
        let values: Vec<String> = columns
            .iter()
            .map(|c| format!("json_extract(j.value, '$.{c}')"))
            .collect();
        let sql = format!(
            "INSERT INTO {table} ({}) SELECT {} FROM json_each(?1) j ORDER BY j.key",
            columns.join(", "),
            values.join(", ")
        );
        let rows = format!("[{}]", rows.join(","));
        self.tx.run(&sql, [rows])?;
        Ok(())
    }

    /// The query for the row of `table` that a row (JSON `?1`, number `?2`) put back
    /// (`restore`) or changed back would clash with: the same number, or the same key of a
    /// unique index. None if nothing can clash.
    fn clash_query(&self, table: &str, restore: bool) -> Result<Option<String>, StoreError> {
        let mut keys: Vec<Vec<String>> = Vec::new();
        let indexes: Vec<(String, bool, String)> = self.tx.all(
            "SELECT name, \"unique\", origin FROM pragma_index_list(?1)",
            [table],
            tuple,
        )?;
        for (index, unique, origin) in indexes {
            if !unique || origin == "pk" {
                continue;
            }
            let columns: Vec<String> = self.tx.all(
                "SELECT name FROM pragma_index_info(?1) ORDER BY seqno",
                [&index],
                |r| r.get(0),
            )?;
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
        if table == "players" {
            // Two players may share a name (schema version 12), but only as a second player
            // made on purpose, after the first: a player put back whose name one made since
            // bears is held by them, as when the name was unique.
            found.push("(id > ?2 AND key = json_extract(?1, '$.key'))".into());
        }
        Ok((!found.is_empty()).then(|| {
            format!(
                "SELECT id FROM {table} WHERE {} LIMIT 1",
                found.join(" OR ")
            )
        }))
    }

    /// What holds the place of `old`, the row `row` of `table` as `target` found it, if (by
    /// the query `clash` of [`Change::clash_query`]) a row in place now holds the same number
    /// or the same key (a hand of that number in its game, a player of that name, a night's
    /// confirmation): the later operations that put it there, or failing that the later ones
    /// that touched `table`.
    fn held(
        &self,
        target: i64,
        table: &'static str,
        row: i64,
        old: &str,
        clash: Option<&str>,
    ) -> Result<Option<Clash>, StoreError> {
        let Some(clash) = clash else {
            return Ok(None);
        };
        let holder: Option<i64> = self.tx.one(clash, (old, row), |r| r.get(0))?;
        let Some(holder) = holder else {
            return Ok(None);
        };
        let by = self.later_by(target, table, &[(Some(holder), "1"), (None, "1")])?;
        Ok(Some(Clash {
            table,
            by,
            rule: None,
        }))
    }
}

/// The columns a logged row of `table` names, each checked to be one of its `known` columns.
fn named_columns(table: &str, old: &str, known: &[String]) -> Result<Vec<String>, StoreError> {
    let value: Value =
        serde_json::from_str(old).map_err(|e| StoreError::damaged("the operations log", e))?;
    let Value::Object(map) = value else {
        return Err(StoreError::damaged(
            "the operations log",
            "a row that is not an object",
        ));
    };
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

impl super::db::Reads {
    /// Who began entering each night of `season` that one side entered: the actor and the
    /// team acted for of the change that added its confirmation (the latest, if it was added
    /// again), by fixture; none for a night from the record.
    pub fn night_enterers(
        &self,
        season: i64,
    ) -> Result<HashMap<i64, (String, Option<i64>)>, StoreError> {
        let sql = format!(
            "SELECT c.fixture, o.actor, o.team FROM confirmations c
             JOIN fixtures f ON f.id = c.fixture
             JOIN operations o ON o.id = (SELECT max(op) FROM ({}))
             WHERE f.season = ?1 ORDER BY o.id",
            adders("'confirmations'", "c.id")
        );
        let rows: Vec<(i64, String, Option<i64>)> = self
            .conn
            .all(&sql, [season], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows
            .into_iter()
            .map(|(fixture, actor, team)| (fixture, (actor, team)))
            .collect())
    }
}
