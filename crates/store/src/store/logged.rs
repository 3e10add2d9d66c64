//! The one list of the tables the log records, and the triggers that record every row added,
//! changed or taken away in them, made from that list when a database is brought up to schema
//! version 6 or later.

/// The tables whose rows the log records: don's one list of them. Every insert, update and
/// delete of a row of these is logged in `changes` by the triggers [`log_anew`] makes from this
/// list, and `don undo` puts back nothing else. A table a later schema version adds is named
/// here (tests/undo.rs fails for a table of the schema that is not), with an `id INTEGER
/// PRIMARY KEY`; each version from 6 on makes the triggers anew, with any columns it added.
/// Parents before the tables that refer to them.
pub const LOGGED: &[&str] = &[
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
    "divisions",
    "entries",
    "rosters",
    "fixtures",
    "matches",
    "leg_games",
    "adjustments",
    "confirmations",
    "links",
    "web_games",
    "season_tables",
    "team_names",
    "player_names",
    "cups",
    "cup_entries",
    "cup_ties",
    "cup_matches",
];

/// The migration step of schema version 6 and each one after: the triggers of every logged
/// table made anew from [`LOGGED`] and the table's columns as they now are (the triggers there
/// were are dropped), and a row added before version 6 without a line of its own in the log
/// given one (see [`log_rows_added`]). A table of the list a later version makes is skipped
/// until then.
pub(super) fn log_anew(tx: &rusqlite::Transaction) -> rusqlite_migration::HookResult {
    for &table in LOGGED {
        let columns = columns_now(tx, table)?;
        if columns.is_empty() {
            continue;
        }
        let triggers: Vec<String> = tx
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = ?1")?
            .query_map([table], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        for trigger in triggers {
            tx.execute_batch(&format!("DROP TRIGGER \"{trigger}\";"))?;
        }
        tx.execute_batch(&triggers_of(table, &columns))?;
    }
    for &table in LOGGED {
        log_rows_added(tx, table)?;
    }
    Ok(())
}

/// SQL of the operations that added row `row` of table `tbl` (each an SQL expression: a
/// column, a parameter or a quoted name; the query names its own tables `logged` and `span`): those logged a row at a time in `changes`, and the
/// change that only added rows (schema version 13: `added`) whose rows of `tbl` take it in.
pub(super) fn adders(tbl: &str, row: &str) -> String {
    format!(
        "SELECT logged.op AS op FROM changes logged
         WHERE logged.action = 'insert' AND logged.tbl = {tbl} AND logged.row = {row}
         UNION ALL SELECT span.op FROM added span
         WHERE span.tbl = {tbl} AND {row} BETWEEN span.first AND span.last"
    )
}

/// SQL of every row of `table` in place with an operation that added it, as `(op, row)`: by
/// [`adders`], the ones logged a row at a time and the ones logged as a change's rows.
pub(super) fn rows_added(table: &str) -> String {
    format!(
        "SELECT logged.op AS op, logged.row AS row FROM changes logged
         WHERE logged.action = 'insert' AND logged.tbl = '{table}'
         UNION ALL SELECT span.op, t.id FROM added span JOIN {table} t ON t.id BETWEEN span.first AND span.last
         WHERE span.tbl = '{table}'"
    )
}

/// The columns of `table` (none if there is no such table yet).
pub(super) fn columns_now(
    conn: &rusqlite::Connection,
    table: &str,
) -> rusqlite::Result<Vec<String>> {
    conn.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?
        .query_map([table], |r| r.get(0))?
        .collect()
}

/// The three triggers that log every row of `table` added, changed or taken away: in the
/// operation begun last, since a change is always made inside its operation's transaction.
fn triggers_of(table: &str, columns: &[String]) -> String {
    let old: Vec<String> = columns.iter().map(|c| format!("'{c}', old.{c}")).collect();
    let old = old.join(", ");
    let log = |action: &str, row: &str, old: &str| {
        format!(
            "CREATE TRIGGER {table}_{action} AFTER {} ON {table} BEGIN
    INSERT INTO changes (op, tbl, row, action, old)
    VALUES ((SELECT max(id) FROM operations), '{table}', {row}, '{action}', {old});
END;
",
            action.to_uppercase()
        )
    };
    [
        log("insert", "new.id", "NULL"),
        log("update", "old.id", &format!("json_object({old})")),
        log("delete", "old.id", &format!("json_object({old})")),
    ]
    .concat()
}

/// Logs, before version 6, a thing added stood for the rows it held (a game for its seats,
/// entrants, hands and tricks; a match for its legs' games): each row of `table` with no
/// insert of its own in the log is given one, as added by the latest operation that added a row
/// it refers to; so that undoing works from the log's rows alone.
fn log_rows_added(tx: &rusqlite::Transaction, table: &str) -> rusqlite::Result<()> {
    let parents: Vec<(String, String)> = tx
        .prepare("SELECT \"from\", \"table\" FROM pragma_foreign_key_list(?1)")?
        .query_map([table], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    if parents.is_empty() {
        return Ok(());
    }
    // Before version 13 there is no `added`, and nothing was logged in it.
    let ranges = !columns_now(tx, "added")?.is_empty();
    let adders_of = |tbl: &str, row: &str| match ranges {
        true => adders(tbl, row),
        false => format!(
            "SELECT logged.op AS op FROM changes logged
             WHERE logged.action = 'insert' AND logged.tbl = {tbl} AND logged.row = {row}"
        ),
    };
    let added_by: Vec<String> = parents
        .iter()
        .map(|(column, parent)| {
            format!(
                "coalesce((SELECT max(op) FROM ({})), 0)",
                adders_of(&format!("'{parent}'"), &format!("t.{column}"))
            )
        })
        .collect();
    let added_by = match added_by.as_slice() {
        [one] => one.clone(),
        all => format!("max({})", all.join(", ")),
    };
    tx.execute(
        &format!(
            "INSERT INTO changes (op, tbl, row, action)
             SELECT op, '{table}', id, 'insert' FROM (
                 SELECT t.id AS id, {added_by} AS op FROM {table} t
                 WHERE NOT EXISTS ({}))
             WHERE op > 0 ORDER BY id",
            adders_of(&format!("'{table}'"), "t.id")
        ),
        [],
    )?;
    Ok(())
}
