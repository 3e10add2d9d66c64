//! Opening the database, and a change: one transaction, one operation in the log.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior};
use rusqlite_migration::{Migrations, M};

/// `schema.sql`: version 1, then each later version after a line beginning `-- @@ version`.
const SCHEMA_SQL: &str = include_str!("../../schema.sql");

/// The schema, version by version.
fn schema() -> Vec<&'static str> {
    let mut starts: Vec<usize> = vec![0];
    starts.extend(
        SCHEMA_SQL
            .match_indices("\n-- @@ version")
            .map(|(at, _)| at + 1),
    );
    starts.push(SCHEMA_SQL.len());
    starts.windows(2).map(|w| &SCHEMA_SQL[w[0]..w[1]]).collect()
}

/// How long a command waits for another `don` writing the same database (a large import, a
/// scorer's entry) before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(600);

/// What can go wrong with the database.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database {path}: {source}")]
    Open {
        path: PathBuf,
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("the database {path} was written by a newer version of don (schema version {found}; this don knows up to {known})")]
    TooNew {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error("the database {path} is not a don database: {why}")]
    NotOurs { path: PathBuf, why: String },
    #[error("the database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// What was stored cannot be read back (a damaged database).
    #[error("the database holds {what} that cannot be read: {why}")]
    Damaged { what: String, why: String },
    /// A request about something that is not there, or cannot be done.
    #[error("{0}")]
    Refused(String),
    /// `undo N` of a change that would put back a row clashing with one a later change put in
    /// place (a hand of the same number, a player of the same name): `by` the later changes
    /// that hold it, `also` those that depend on them in turn (to undo first too).
    #[error("{}", held_words(target, held, by, also))]
    Held {
        target: String,
        held: &'static str,
        by: Vec<Operation>,
        also: Vec<Operation>,
    },
    /// A name or a line of text that cannot be kept (a control character, nothing visible).
    #[error("{what} \"{}\" {error}", crate::record::text::escaped(text))]
    Text {
        what: &'static str,
        text: String,
        error: crate::record::text::TextError,
    },
}

impl StoreError {
    /// Another connection holds the database (past the busy timeout, or where SQLite does not
    /// wait, as in changing the journal mode).
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            StoreError::Sql(e) if matches!(
                e.sqlite_error_code(),
                Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
            )
        )
    }

    /// `text` checked as a name or a line of text typed in: [`StoreError::Text`] if it cannot
    /// be kept.
    pub fn check_text(what: &'static str, text: &str) -> Result<(), StoreError> {
        crate::record::text::check(text).map_err(|error| StoreError::Text {
            what,
            text: text.trim_matches(' ').to_string(),
            error,
        })
    }

    pub(crate) fn damaged(what: impl Into<String>, why: impl ToString) -> StoreError {
        StoreError::Damaged {
            what: what.into(),
            why: why.to_string(),
        }
    }
}

/// An open database.
pub struct Store {
    pub(super) conn: Connection,
    path: PathBuf,
}

fn migrations() -> Migrations<'static> {
    Migrations::new(schema().into_iter().map(M::up).collect())
}

impl Store {
    /// Opens the database at `path`, creating it (and its folder) on first use and bringing
    /// its schema up to date. A database written by a newer `don` is refused untouched. Another
    /// `don` creating or writing it at the same moment is waited for.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let deadline = Instant::now() + BUSY_TIMEOUT;
        loop {
            match Store::try_open(path) {
                Err(e) if e.is_busy() && Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                other => return other,
            }
        }
    }

    fn try_open(path: &Path) -> Result<Store, StoreError> {
        let open_err = |source: Box<dyn std::error::Error + Send + Sync>| StoreError::Open {
            path: path.to_path_buf(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| open_err(Box::new(e)))?;
        }
        let mut conn = Connection::open(path).map_err(|e| open_err(Box::new(e)))?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        let not_ours = |e: rusqlite::Error| match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Sql(e),
            _ => StoreError::NotOurs {
                path: path.to_path_buf(),
                why: e.to_string(),
            },
        };
        let known = schema().len() as i64;
        // The version and the tables are read in one snapshot: another don may be creating the
        // database this moment, and its tables must never be seen without its version.
        conn.execute_batch("BEGIN DEFERRED").map_err(not_ours)?;
        let seen = (|| {
            let version = user_version(&conn).map_err(not_ours)?;
            // Someone else's database is refused before anything is set on it.
            if version < known && (version > 0 || has_tables(&conn)?) {
                check_ours(&conn, version).map_err(|why| StoreError::NotOurs {
                    path: path.to_path_buf(),
                    why,
                })?;
            }
            Ok::<_, StoreError>(version)
        })();
        conn.execute_batch("COMMIT").map_err(not_ours)?;
        let version = seen?;
        if version > known {
            return Err(StoreError::TooNew {
                path: path.to_path_buf(),
                found: version,
                known,
            });
        }
        // WAL lets readers go on while a writer writes; FULL makes each commit survive a
        // power cut, not only a killed process.
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(not_ours)?;
        if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
            return Err(StoreError::NotOurs {
                path: path.to_path_buf(),
                why: format!("it cannot be put in WAL mode (it is in {mode} mode)"),
            });
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        // A change's statement journal stays in memory: on disk it costs a write a row.
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        if version < known {
            // Read again under the write lock: another don may be creating it this moment.
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let version = user_version(&tx)?;
            if version > 0 || has_tables(&tx)? {
                check_ours(&tx, version).map_err(|why| StoreError::NotOurs {
                    path: path.to_path_buf(),
                    why,
                })?;
            }
            drop(tx);
            if version < known {
                conn.set_transaction_behavior(TransactionBehavior::Immediate);
                if let Err(e) = migrations().to_latest(&mut conn) {
                    // Another don may have brought it up to date in between.
                    if user_version(&conn)? != known {
                        return Err(open_err(Box::new(e)));
                    }
                }
                conn.set_transaction_behavior(TransactionBehavior::Deferred);
            }
        }
        Ok(Store {
            conn,
            path: path.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether nothing was ever done to this database (no operation in its log).
    pub fn is_unused(&self) -> Result<bool, StoreError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM operations", [], |r| r.get(0))?;
        Ok(n == 0)
    }

    /// Runs `read` on one state of the database: inside a read transaction, so that a change
    /// committed by another process meanwhile is seen whole or not at all.
    pub fn read<T, E: From<StoreError>>(
        &self,
        read: impl FnOnce(&Store) -> Result<T, E>,
    ) -> Result<T, E> {
        self.conn
            .execute_batch("BEGIN DEFERRED")
            .map_err(StoreError::from)?;
        let out = read(self);
        // Nothing was written: ending the transaction only lets the snapshot go.
        self.conn
            .execute_batch("COMMIT")
            .map_err(StoreError::from)?;
        out
    }

    /// Begins a change: one transaction, one operation in the log. Nothing is kept unless
    /// [`Change::commit`] is called; dropping it puts everything back.
    pub fn change(&mut self, command: &str) -> Result<Change<'_>, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO operations (at, command, summary) VALUES (?1, ?2, '')",
            (now(), command),
        )?;
        let op = tx.last_insert_rowid();
        Ok(Change {
            tx,
            op,
            players: Default::default(),
            entered: Default::default(),
        })
    }
}

fn user_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

fn has_tables(conn: &Connection) -> Result<bool, StoreError> {
    let n: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'",
        [],
        |r| r.get(0),
    )?;
    Ok(n > 0)
}

/// A database with tables but no version of ours is someone else's: never migrate it.
fn check_ours(conn: &Connection, version: i64) -> Result<(), String> {
    let ours: Option<String> = conn
        .query_row(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'operations'",
            [],
            |r| r.get(0),
        )
        .optional()
        .map_err(|e| e.to_string())?;
    match (version, ours) {
        (0, _) => Err("it already has tables of its own".into()),
        (_, Some(_)) => Ok(()),
        (_, None) => Err(format!(
            "its schema version is {version} but it has no operations log"
        )),
    }
}

/// The time now, as stored: RFC 3339 in UTC, to the second.
fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A change being made: one transaction and its operation in the log.
pub struct Change<'a> {
    pub(super) tx: rusqlite::Transaction<'a>,
    pub(super) op: i64,
    /// Players found or made in this change, by name key and by name as given.
    pub(super) players: std::cell::RefCell<std::collections::HashMap<String, i64>>,
    /// Teams known to be entered in a season in this change.
    pub(super) entered: std::cell::RefCell<std::collections::HashSet<(i64, i64)>>,
}

impl Change<'_> {
    /// The operation's number in the log.
    pub fn op(&self) -> i64 {
        self.op
    }

    /// Keeps the change, saying what it did; `game` names the game a table entry went to.
    pub fn commit(self, summary: &str, game: Option<i64>) -> Result<i64, StoreError> {
        self.tx.execute(
            "UPDATE operations SET summary = ?1, game = ?2 WHERE id = ?3",
            (summary, game, self.op),
        )?;
        self.tx.commit()?;
        Ok(self.op)
    }

    /// Checks references at the commit rather than row by row: for a change of many rows (an
    /// import), where a row at a time costs a statement journal each.
    pub fn defer_references(&self) -> Result<(), StoreError> {
        self.tx.pragma_update(None, "defer_foreign_keys", "ON")?;
        Ok(())
    }

    /// Runs `try_it` and then puts back all it did, keeping only its answer: to see whether
    /// something could be done, as things stand, before saying so.
    pub fn trial<T>(&self, try_it: impl FnOnce(&Self) -> T) -> Result<T, StoreError> {
        self.tx.execute_batch("SAVEPOINT trial")?;
        let answer = try_it(self);
        self.tx
            .execute_batch("ROLLBACK TO SAVEPOINT trial; RELEASE SAVEPOINT trial")?;
        Ok(answer)
    }

    /// Runs `try_it`, keeping what it did only if `keep` says so of its answer.
    pub fn attempt<T>(
        &self,
        try_it: impl FnOnce(&Self) -> T,
        keep: impl FnOnce(&T) -> bool,
    ) -> Result<T, StoreError> {
        self.tx.execute_batch("SAVEPOINT attempt")?;
        let answer = try_it(self);
        if keep(&answer) {
            self.tx.execute_batch("RELEASE SAVEPOINT attempt")?;
        } else {
            self.tx
                .execute_batch("ROLLBACK TO SAVEPOINT attempt; RELEASE SAVEPOINT attempt")?;
        }
        Ok(answer)
    }

    /// Logs a row this change added, for `undo` to delete (a game: with all it holds).
    pub(super) fn added(&self, table: &'static str, row: i64) -> Result<(), StoreError> {
        self.tx
            .prepare_cached(
                "INSERT INTO changes (op, tbl, row, action) VALUES (?1, ?2, ?3, 'insert')",
            )?
            .execute((self.op, table, row))?;
        Ok(())
    }

    pub(super) fn at(&self) -> Result<String, StoreError> {
        Ok(self
            .tx
            .query_row("SELECT at FROM operations WHERE id = ?1", [self.op], |r| {
                r.get(0)
            })?)
    }
}

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

/// [`StoreError::Held`] in words.
fn held_words(target: &str, held: &str, by: &[Operation], also: &[Operation]) -> String {
    let names = |ops: &[Operation]| {
        ops.iter()
            .map(|o| format!("#{} ({})", o.id, crate::record::text::escaped(&o.summary)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut words = format!(
        "{target} cannot be undone on its own: what it would put back clashes with {held} put in place since by "
    );
    if by.is_empty() {
        words.push_str("a later change");
        return words;
    }
    words.push_str(&names(by));
    words.push_str(if by.len() == 1 {
        "; undo that first"
    } else {
        "; undo those first"
    });
    if !also.is_empty() {
        words.push_str(&format!(
            ", with the later changes that depend on {}: {}, starting with the latest",
            if by.len() == 1 { "it" } else { "them" },
            names(also)
        ));
    }
    words
}
