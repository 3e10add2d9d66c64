//! Opening the database, and a change: one transaction, one operation in the log.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::{
    Connection, ErrorCode, OpenFlags, OptionalExtension, Params, Row, Transaction,
    TransactionBehavior,
};
use rusqlite_migration::{Migrations, M};

use super::logged::LOGGED;

/// `schema.sql`: version 1, then each later version after a line beginning `-- @@ version`.
const SCHEMA_SQL: &str = include_str!("../../../../schema.sql");

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

/// The schema version this `don` writes: the latest it knows.
pub(super) fn latest_version() -> i64 {
    schema().len() as i64
}

/// How long a command waits for another `don` writing the same database (a large import, a
/// scorer's entry) before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(600);

/// How many prepared statements a connection keeps (rusqlite keeps 16 unless told).
const STATEMENTS_KEPT: usize = 64;

/// The three shapes of a statement here, each prepared once and kept in the connection's cache:
/// run, the row found first (if any), every row found. On a [`Connection`], so on a change's
/// transaction too.
pub(super) trait Sql {
    /// Runs a statement: the number of rows it changed.
    fn run(&self, sql: &str, params: impl Params) -> Result<usize, StoreError>;

    /// The row a query finds first, read by `row`; none if it finds none.
    fn one<T>(
        &self,
        sql: &str,
        params: impl Params,
        row: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>, StoreError>;

    /// Every row a query finds, read by `row`.
    fn all<T, C: FromIterator<T>>(
        &self,
        sql: &str,
        params: impl Params,
        row: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<C, StoreError>;
}

impl Sql for Connection {
    fn run(&self, sql: &str, params: impl Params) -> Result<usize, StoreError> {
        Ok(self.prepare_cached(sql)?.execute(params)?)
    }

    fn one<T>(
        &self,
        sql: &str,
        params: impl Params,
        row: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        Ok(self
            .prepare_cached(sql)?
            .query_row(params, row)
            .optional()?)
    }

    fn all<T, C: FromIterator<T>>(
        &self,
        sql: &str,
        params: impl Params,
        row: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<C, StoreError> {
        let mut stmt = self.prepare_cached(sql)?;
        let rows = stmt.query_map(params, row)?;
        Ok(rows.collect::<rusqlite::Result<C>>()?)
    }
}

/// A row's columns, in order, as a tuple of their values.
pub(super) fn tuple<T>(r: &Row<'_>) -> rusqlite::Result<T>
where
    T: for<'a> TryFrom<&'a Row<'a>, Error = rusqlite::Error>,
{
    T::try_from(r)
}

/// A date as stored (`2025-10-09`).
pub(super) fn date(text: &str) -> Result<chrono::NaiveDate, StoreError> {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|e| StoreError::damaged(format!("a date \"{text}\""), e))
}

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
    /// A command that needs the database found no file there.
    #[error("there is no database at {}", path.display())]
    Missing { path: PathBuf },
    /// A file of no bytes (or an SQLite database with nothing in it): no don database yet.
    #[error("the database {} is empty", path.display())]
    Empty { path: PathBuf },
    /// Something other than a regular file (a folder, `/dev/null`, a FIFO).
    #[error("{} is not a database file: it is {what}", path.display())]
    NotAFile { path: PathBuf, what: &'static str },
    /// The path goes through a file as if it were a folder (`s.db/x.db`, `s.db/.`).
    #[error("{} cannot be a database: {} is a file, not a folder", path.display(), file.display())]
    ThroughFile { path: PathBuf, file: PathBuf },
    /// A new database in a folder the user may not write into.
    #[error("cannot make the database {}: you may not write into the folder {}", path.display(), folder.display())]
    FolderNotWritable { path: PathBuf, folder: PathBuf },
    /// The file is there but cannot be read (permission denied).
    #[error("cannot read the database {}: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    /// What SQLite said of the storage under the database, by its error code.
    #[error("{}", fault.words(path))]
    Fault { path: PathBuf, fault: StorageFault },
    /// A database read where its folder cannot be written, whose last changes are still in
    /// its `-wal` file: SQLite cannot read them without making a `-shm` file beside it.
    #[error("cannot read the database {} here: its latest changes are still in {}-wal, and SQLite cannot make {}-shm beside it to read them (the folder cannot be written)", path.display(), path.display(), path.display())]
    WalStranded { path: PathBuf },
    /// `user_version` says `version`, but the tables are of a later version (someone set it
    /// by hand): migrating would fail half way.
    #[error("the database {} says its schema is version {version}, but it holds tables of a later version: don cannot bring it up to date", path.display())]
    LaterTables { path: PathBuf, version: i64 },
    /// Bringing the schema up to date failed for another reason.
    #[error("the database {} cannot be brought up from schema version {from} to {to} ({why})", path.display())]
    Migration {
        path: PathBuf,
        from: i64,
        to: i64,
        why: String,
    },
    #[error("the database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A change asked of a store no one was named to make changes through (don's own fault:
    /// every front end names its actor when it opens the database to change it).
    #[error("no one is named to make this change: nothing was changed")]
    NoActor,
    /// A change asked through a web session that has ended since it was read (its link
    /// revoked, say): checked inside the change's own transaction, so nothing was changed.
    #[error(
        "this session has ended (its link was revoked, or it was signed out): nothing was changed"
    )]
    SessionEnded,
    /// A change made to add rows only ([`Store::change_adding`]) changed or took away a row of
    /// `table` (don's own fault): it is not kept, since its undo would not put that row back.
    #[error("a change that was to add rows only changed a row of {table}: nothing was changed")]
    NotOnlyAdded { table: String },
    /// What was stored cannot be read back (a damaged database).
    #[error("the database holds {what} that cannot be read: {why}")]
    Damaged { what: String, why: String },
    /// A match of a night entered already, by another session, met as it is stored.
    #[error("{kind} {slot} of this night is entered already")]
    MatchEntered {
        kind: crate::league::Kind,
        slot: u32,
    },
    /// A player's name that two or more players bear (namesakes, RULES.md §9), none of them
    /// told apart by the team: never taken as either. `candidates`: each as the league tells
    /// them apart ("Dai Jones (Red Lion)").
    #[error("'{name}' could mean {}: say which", .candidates.join(" or "))]
    Namesake {
        name: String,
        candidates: Vec<String>,
    },
    /// A player on a team's side of a night dated outside their days on its roster (moved to
    /// or from it by a transfer): nights before a transfer count for the old team, from it for
    /// the new.
    #[error("{player} plays for {team} only {}: not on {day}", days(.since, .until))]
    Transferred {
        player: String,
        team: String,
        day: chrono::NaiveDate,
        since: Option<chrono::NaiveDate>,
        until: Option<chrono::NaiveDate>,
    },
    /// A name or a line of text that cannot be kept (a control character, nothing visible).
    #[error("{what} \"{}\" {error}", crate::record::text::escaped(&crate::record::text::shortened(text)))]
    Text {
        what: &'static str,
        text: String,
        error: crate::record::text::TextError,
    },
}

/// The days of a place on a roster, as a refusal says them ("from 2026-11-01", "until
/// 2026-10-31").
fn days(since: &Option<chrono::NaiveDate>, until: &Option<chrono::NaiveDate>) -> String {
    match (since, until) {
        (Some(s), Some(u)) => format!("from {s} until {u}"),
        (Some(s), None) => format!("from {s}"),
        (None, Some(u)) => format!("until {u}"),
        (None, None) => "in the season".into(),
    }
}

/// What SQLite says is wrong with the storage under a database, told by its error code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageFault {
    /// The file (or its folder, where SQLite keeps `-wal` and `-shm`) cannot be written.
    ReadOnly,
    /// The disk is full.
    Full,
    /// The file is damaged (truncated, or overwritten in part).
    Damaged,
    /// The file is not an SQLite database at all.
    NotADatabase,
    /// The disk could not be read or written (an I/O error).
    Io,
}

impl StorageFault {
    /// The fault behind a rusqlite error, by its SQLite error code, if it is one of these.
    pub fn of(e: &rusqlite::Error) -> Option<StorageFault> {
        match e.sqlite_error_code()? {
            ErrorCode::ReadOnly => Some(StorageFault::ReadOnly),
            ErrorCode::DiskFull => Some(StorageFault::Full),
            ErrorCode::DatabaseCorrupt => Some(StorageFault::Damaged),
            ErrorCode::NotADatabase => Some(StorageFault::NotADatabase),
            ErrorCode::SystemIoFailure => Some(StorageFault::Io),
            _ => None,
        }
    }

    /// The sentence for this fault of the database at `path`.
    pub fn words(self, path: &Path) -> String {
        let path = path.display();
        match self {
            StorageFault::ReadOnly => {
                format!("the database {path} is read-only: nothing was changed")
            }
            StorageFault::Full => {
                format!("the disk holding the database {path} is full: nothing was changed")
            }
            StorageFault::Damaged => {
                format!("the database {path} is damaged (SQLite finds it malformed)")
            }
            StorageFault::NotADatabase => {
                format!("{path} is not a database (nor one SQLite can recognise)")
            }
            StorageFault::Io => format!(
                "the disk holding the database {path} failed to read or write it (an I/O error)"
            ),
        }
    }
}

impl StoreError {
    /// The storage fault this error is, if any: [`StoreError::Fault`], or an SQLite error
    /// whose code says so.
    pub fn fault(&self) -> Option<StorageFault> {
        match self {
            StoreError::Fault { fault, .. } => Some(*fault),
            StoreError::Sql(e) => StorageFault::of(e),
            _ => None,
        }
    }

    /// This error, naming the database at `path` if it is a storage fault that does not
    /// name it yet.
    pub fn naming(self, path: &Path) -> StoreError {
        match self {
            StoreError::Sql(e) => match StorageFault::of(&e) {
                // SQLite says an I/O error where it cannot size a file on a full disk.
                Some(StorageFault::Io) if disk_is_full(path) => StoreError::Fault {
                    path: path.to_path_buf(),
                    fault: StorageFault::Full,
                },
                Some(fault) => StoreError::Fault {
                    path: path.to_path_buf(),
                    fault,
                },
                None => StoreError::Sql(e),
            },
            other => other,
        }
    }

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
        crate::record::text::check(text).map_err(|error| StoreError::text(what, text, error))
    }

    /// `name` checked as a name (a league's, a season's, a team's, a player's): as
    /// [`StoreError::check_text`], and not longer than a name may be.
    pub fn check_name(what: &'static str, name: &str) -> Result<(), StoreError> {
        crate::record::text::check_name(name).map_err(|error| StoreError::text(what, name, error))
    }

    fn text(what: &'static str, text: &str, error: crate::record::text::TextError) -> StoreError {
        let text = text.trim_matches(' ').to_string();
        StoreError::Text { what, text, error }
    }

    pub fn damaged(what: impl Into<String>, why: impl ToString) -> StoreError {
        StoreError::Damaged {
            what: what.into(),
            why: why.to_string(),
        }
    }
}

/// The connection to a database, and the reads that are the same on their own and inside a
/// change: a [`Store`] and a [`Change`] deref to it.
pub struct Reads {
    pub(super) conn: Connection,
}

/// An open database.
pub struct Store {
    reads: Reads,
    path: PathBuf,
    /// Who makes the changes through this store: recorded with each operation. `None` for a
    /// store opened to read only.
    actor: Option<Actor>,
    /// The web session the actor acts through (its key's hash), if any: each change checks it
    /// again in its own transaction (see [`Store::change`]).
    session: Option<String>,
    /// Whether a change was refused since because that session had ended.
    session_ended: bool,
}

/// Who makes a change: recorded with its operation, and shown by `don log`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// Their name: at the command line the local user's login name; on the web the name of the
    /// captain or secretary signed in.
    pub name: String,
    /// The team they act for, where there is one: a captain's own team.
    pub team: Option<crate::league::TeamId>,
    /// The one game they may change, for a game's scorer (on the web, through its link): they
    /// act for no team and may do nothing else.
    pub game: Option<i64>,
    /// The league they act in, for a private link's holder (a link is a league's): on the web
    /// they may score only that league's games on the web. `None` at the command line.
    pub league: Option<i64>,
}

fn migrations() -> Migrations<'static> {
    let steps = schema()
        .into_iter()
        .enumerate()
        .map(|(at, sql)| match at + 1 {
            4 => M::up_with_hook(sql, fold_keys_anew),
            // From version 6 on, every version makes the log's triggers anew (with any table or
            // column it added).
            11 => M::up_with_hook(sql, |tx: &rusqlite::Transaction| {
                league_may_be_none(tx)?;
                super::logged::log_anew(tx)
            }),
            13 => M::up_with_hook(sql, |tx: &rusqlite::Transaction| {
                checks_without_lists(tx)?;
                super::logged::log_anew(tx)
            }),
            // Version 12 makes `players` anew: its references are checked before it is kept.
            12.. => M::up_with_hook(sql, super::logged::log_anew).foreign_key_check(),
            6.. => M::up_with_hook(sql, super::logged::log_anew),
            _ => M::up(sql),
        });
    Migrations::new(steps.collect())
}

/// Version 11's step: `links.league` and `web_games.league` may be NULL (a friendly game's
/// scorer's link, and its game on the web, belong to no league). SQLite changes no column in
/// place; taking a NOT NULL away changes nothing stored, so the tables' text is changed, as
/// SQLite's documentation allows for that, and the schema's version moved on.
fn league_may_be_none(tx: &rusqlite::Transaction) -> rusqlite_migration::HookResult {
    let version: i64 = tx.query_row("PRAGMA schema_version", [], |r| r.get(0))?;
    tx.execute_batch("PRAGMA writable_schema = ON")?;
    tx.execute(
        "UPDATE sqlite_schema SET sql = replace(sql, 'league INTEGER NOT NULL REFERENCES leagues(id)', 'league INTEGER REFERENCES leagues(id)')
         WHERE type = 'table' AND name IN ('links', 'web_games')",
        [],
    )?;
    tx.execute_batch(&format!(
        "PRAGMA schema_version = {}; PRAGMA writable_schema = OFF;",
        version + 1
    ))?;
    Ok(())
}

/// The checks of a column's value against a list of three or more, as version 1 and 3 wrote
/// them, and as version 13 writes them: SQLite runs `x IN (a, b, c)` by building a table of
/// the list anew each time a statement runs (for an import, twice a hand); `x = a OR x = b OR
/// x = c` says the same (NULL too) and builds nothing.
const CHECKS_LISTED: [(&str, &str, &str); 5] = [
    (
        "changes",
        "CHECK (action IN ('insert', 'update', 'delete'))",
        "CHECK (action = 'insert' OR action = 'update' OR action = 'delete')",
    ),
    (
        "seats",
        "CHECK (seat IN ('N', 'E', 'S', 'W'))",
        "CHECK (seat = 'N' OR seat = 'E' OR seat = 'S' OR seat = 'W')",
    ),
    (
        "hands",
        "CHECK (body IN ('tricks', 'totals', 'abandoned'))",
        "CHECK (body = 'tricks' OR body = 'totals' OR body = 'abandoned')",
    ),
    (
        "fixtures",
        "CHECK (result IN ('matches', 'totals', 'walkover'))",
        "CHECK (result = 'matches' OR result = 'totals' OR result = 'walkover')",
    ),
    (
        "confirmations",
        "CHECK (state IN ('provisional', 'confirmed', 'disputed'))",
        "CHECK (state = 'provisional' OR state = 'confirmed' OR state = 'disputed')",
    ),
];

/// Version 13's step: each check of [`CHECKS_LISTED`] written anew in its table's text, as
/// SQLite's documentation allows for a check every row meets (the same check, said otherwise),
/// and the schema's version moved on.
fn checks_without_lists(tx: &rusqlite::Transaction) -> rusqlite_migration::HookResult {
    let version: i64 = tx.query_row("PRAGMA schema_version", [], |r| r.get(0))?;
    tx.execute_batch("PRAGMA writable_schema = ON")?;
    for (table, listed, said) in CHECKS_LISTED {
        let changed = tx.execute(
            "UPDATE sqlite_schema SET sql = replace(sql, ?2, ?3)
             WHERE type = 'table' AND name = ?1 AND instr(sql, ?2) > 0",
            (table, listed, said),
        )?;
        if changed != 1 {
            return Err(rusqlite_migration::HookError::Hook(format!(
                "the table {table} has no check {listed}"
            )));
        }
    }
    tx.execute_batch(&format!(
        "PRAGMA schema_version = {}; PRAGMA writable_schema = OFF;",
        version + 1
    ))?;
    Ok(())
}

/// The tables that keep a name's `key`, each with the column its keys are unique within
/// (none: unique in the whole table).
const KEYED: [(&str, Option<&str>); 4] = [
    ("players", None),
    ("leagues", None),
    ("seasons", Some("league")),
    ("teams", Some("league")),
];

/// Version 4's step: every `key` folded anew by [`name_key`](crate::record::text::name_key),
/// oldest row first; a key already held in its scope is left as it was. One operation in the
/// log says so, if any key changed.
fn fold_keys_anew(tx: &rusqlite::Transaction) -> rusqlite_migration::HookResult {
    let mut renamed: Vec<(&str, i64, String)> = Vec::new();
    for (table, scope) in KEYED {
        let scope_col = scope.unwrap_or("0");
        let mut stmt = tx.prepare(&format!(
            "SELECT id, name, key, {scope_col} FROM {table} ORDER BY id"
        ))?;
        let rows: Vec<(i64, String, String, i64)> = stmt
            .query_map([], tuple)?
            .collect::<rusqlite::Result<_>>()?;
        let mut held: std::collections::HashSet<(i64, String)> =
            rows.iter().map(|(_, _, k, s)| (*s, k.clone())).collect();
        for (id, name, key, s) in rows {
            let folded = crate::record::text::name_key(&name);
            if folded != key && held.insert((s, folded.clone())) {
                held.remove(&(s, key));
                renamed.push((table, id, folded));
            }
        }
    }
    if renamed.is_empty() {
        return Ok(());
    }
    tx.execute(
        "INSERT INTO operations (at, command, summary) VALUES (?1, 'upgrade', ?2)",
        (
            now(),
            format!(
                "names matched with their accents composed: {} name{} folded anew",
                renamed.len(),
                if renamed.len() == 1 { "" } else { "s" }
            ),
        ),
    )?;
    for (table, id, key) in renamed {
        tx.execute(
            &format!("UPDATE {table} SET key = ?1 WHERE id = ?2"),
            (key, id),
        )?;
    }
    Ok(())
}

impl Store {
    /// Opens the database at `path`, creating it (and its folder) on first use and bringing
    /// its schema up to date. A database written by a newer `don` is refused untouched. Another
    /// `don` creating or writing it at the same moment is waited for.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        on_disk(path)?;
        Store::retry(path, Store::try_open)
    }

    /// Opens the database at `path` for a change, which must be there: neither missing nor an
    /// empty file (a mistyped `--db` never leaves a new database behind). Its schema is brought
    /// up to date. A database that cannot be written is refused at once
    /// ([`StorageFault::ReadOnly`]), before anything is asked or done.
    pub fn open_existing(path: &Path) -> Result<Store, StoreError> {
        Store::retry(there(path)?, Store::try_open)
    }

    /// Opens the database at `path` to read it only: nothing is created, migrated or written.
    ///
    /// The connection is opened without `SQLITE_OPEN_CREATE` and with `query_only` on, so
    /// SQLite refuses any change through it ([`StorageFault::ReadOnly`]). It asks for write access
    /// still, which SQLite drops by itself on a file it may not write: a connection that may
    /// write is the one that tidies the `-wal` and `-shm` files away when it closes last (one
    /// opened read-only leaves them behind). Where SQLite cannot make the `-shm` file (a
    /// read-only mount, a folder the user may not write) and no `-wal` file holds changes, the
    /// file is read as `immutable`. A database of an older schema is brought up to date in a
    /// copy in memory; the file is left as it is.
    pub fn open_read(path: &Path) -> Result<Store, StoreError> {
        Store::retry(there(path)?, Store::try_open_read)
    }

    /// `open` tried again while another `don` holds the database, for up to [`BUSY_TIMEOUT`].
    fn retry(
        path: &Path,
        open: fn(&Path) -> Result<Store, StoreError>,
    ) -> Result<Store, StoreError> {
        let deadline = Instant::now() + BUSY_TIMEOUT;
        let had = [beside(path, "-wal"), beside(path, "-shm")].map(|p| p.exists());
        loop {
            match open(path) {
                Err(e) if e.is_busy() && Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                other => {
                    let other = other.map_err(|e| cannot_open(path, e.naming(path)));
                    // On a full disk, the -wal and -shm files SQLite began and could not use
                    // are taken away (only those that were not there, the -wal only empty).
                    if matches!(&other, Err(e) if e.fault() == Some(StorageFault::Full)) {
                        let wal = beside(path, "-wal");
                        if !had[0] && std::fs::metadata(&wal).is_ok_and(|m| m.len() == 0) {
                            let _ = std::fs::remove_file(&wal);
                            if !had[1] {
                                let _ = std::fs::remove_file(beside(path, "-shm"));
                            }
                        }
                    }
                    return other;
                }
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
        let mut conn = Connection::open(path).map_err(|e| match StorageFault::of(&e) {
            Some(_) => StoreError::Sql(e),
            None => folder_not_writable(path).unwrap_or_else(|| open_err(Box::new(e))),
        })?;
        // SQLite opens a file it may not write for reading only, and says so only at the
        // first change: a command that changes the database is refused here, before it asks
        // or does anything.
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::Fault {
                path: path.to_path_buf(),
                fault: StorageFault::ReadOnly,
            });
        }
        conn.busy_timeout(BUSY_TIMEOUT)?;
        let not_ours = |e: rusqlite::Error| not_ours(path, e);
        let known = latest_version();
        let (version, _) = first_look(&conn, path)?;
        not_too_new(path, version)?;
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
        // Room for every statement an import runs, a hand's tricks of each number among them.
        conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
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
                migrate(&mut conn, path, version)?;
                conn.set_transaction_behavior(TransactionBehavior::Deferred);
            }
        }
        Ok(Store::on(conn, path))
    }

    fn try_open_read(path: &Path) -> Result<Store, StoreError> {
        // The files beside it that were there before: those the read makes and cannot use (a
        // full disk) are taken away again.
        let had = [beside(path, "-wal"), beside(path, "-shm")].map(|p| p.exists());
        let looked = connect_read(path, false)
            .map_err(|e| not_ours(path, e))
            .and_then(|conn| first_look(&conn, path).map(|seen| (conn, seen)));
        let (conn, (version, tables)) = match looked {
            Ok(looked) => looked,
            // No -shm can be made beside it, and no -wal holds changes: the file alone is the
            // database, read as it is.
            Err(e)
                if (cannot_share(&e) || on_full_disk(&e, path))
                    && !holds_changes(path, "-wal")
                    && !holds_changes(path, "-journal") =>
            {
                // Nothing else reads it through them: none was there, and none holds changes.
                for (suffix, had) in ["-wal", "-shm"].iter().zip(had) {
                    if !had {
                        let _ = std::fs::remove_file(beside(path, suffix));
                    }
                }
                let conn = connect_read(path, true).map_err(|e| not_ours(path, e));
                let looked = conn.and_then(|conn| first_look(&conn, path).map(|seen| (conn, seen)));
                looked.map_err(|e| cannot_open(path, e))?
            }
            Err(e) if cannot_share(&e) && holds_changes(path, "-wal") => {
                return Err(StoreError::WalStranded {
                    path: path.to_path_buf(),
                })
            }
            Err(e) => return Err(cannot_open(path, e)),
        };
        not_too_new(path, version)?;
        if version == 0 && !tables {
            return Err(StoreError::Empty {
                path: path.to_path_buf(),
            });
        }
        let conn = if version < latest_version() {
            migrated_copy(&conn, path, version)?
        } else {
            conn
        };
        Ok(Store::on(conn, path))
    }

    /// The store on `conn`, the database at `path`, that no one is named to change yet.
    fn on(conn: Connection, path: &Path) -> Store {
        Store {
            reads: Reads { conn },
            path: path.to_path_buf(),
            actor: None,
            session: None,
            session_ended: false,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The longest a statement waits for another connection's lock before it is refused as
    /// busy (as it opens, [`BUSY_TIMEOUT`]): a server answering a request waits less.
    pub fn wait_for_lock(&self, wait: Duration) -> Result<(), StoreError> {
        self.conn.busy_timeout(wait)?;
        Ok(())
    }

    /// Who makes the changes through this store from now on.
    pub fn act_as(&mut self, actor: Actor) {
        self.actor = Some(actor);
        self.session = None;
    }

    /// Who makes the changes through this store from now on, through the web session whose
    /// key hashes to `key_hash`: every change checks, inside its own transaction, that the
    /// session is still open, its link not revoked and of the actor's league
    /// ([`StoreError::SessionEnded`] else, nothing changed).
    pub fn act_in_session(&mut self, actor: Actor, key_hash: &str) {
        self.actor = Some(actor);
        self.session = Some(key_hash.to_string());
        self.session_ended = false;
    }

    /// Whether a change was refused, since [`Store::act_in_session`], because the session had
    /// ended ([`StoreError::SessionEnded`]): however a front end shows a refusal, it then
    /// answers as to someone not signed in.
    pub fn session_ended(&self) -> bool {
        self.session_ended
    }

    /// Who makes the changes through this store, if it may make any.
    pub fn actor(&self) -> Option<&Actor> {
        self.actor.as_ref()
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
        let snapshot = Transaction::new_unchecked(&self.conn, TransactionBehavior::Deferred);
        let snapshot = snapshot.map_err(StoreError::from)?;
        let out = read(self);
        // Nothing was written: ending the transaction only lets the snapshot go.
        snapshot.commit().map_err(StoreError::from)?;
        out
    }

    /// Begins a change: one transaction, one operation in the log. Nothing is kept unless
    /// [`Change::commit`] is called; dropping it puts everything back.
    pub fn change(&mut self, command: &str) -> Result<Change<'_>, StoreError> {
        let actor = self.actor.clone();
        let reads = &self.reads;
        // The triggers that log each row are on (a change that only added rows turned them off
        // for its length, and back on after).
        reads.conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER,
            true,
        )?;
        let tx = Transaction::new_unchecked(&reads.conn, TransactionBehavior::Immediate)?;
        let at = now();
        // A database opened to read only refuses here, as SQLite's own read-only fault.
        tx.execute(
            "INSERT INTO operations (at, command, summary, actor, team) VALUES (?1, ?2, '', ?3, ?4)",
            (
                &at,
                command,
                actor.as_ref().map_or("", |a| a.name.as_str()),
                actor.as_ref().and_then(|a| a.team),
            ),
        )?;
        if actor.is_none() {
            return Err(StoreError::NoActor);
        }
        if let Some(key_hash) = &self.session {
            let league = actor.as_ref().and_then(|a| a.league);
            if !session_holds(&tx, key_hash, league, &now())? {
                drop(tx);
                self.session_ended = true;
                return Err(StoreError::SessionEnded);
            }
        }
        let op = tx.last_insert_rowid();
        Ok(Change {
            tx,
            reads,
            op,
            players: Default::default(),
            entered: Default::default(),
            at,
            adding: None,
        })
    }

    /// Begins a change that only adds rows (an import of game records): logged as one fact a
    /// table, the numbers of the rows it added (`added`, schema version 13), not a line in
    /// `changes` a row; undone as any change is, by deleting them. The triggers that log each
    /// row are off on this connection for the change's length (SQLite's per-connection
    /// setting: nothing in the database changes); SQLite's update hook sees each row added,
    /// changed or deleted instead, and a change that did more than add rows to logged tables
    /// is refused at its commit ([`StoreError::NotOnlyAdded`]).
    pub fn change_adding(&mut self, command: &str) -> Result<Change<'_>, StoreError> {
        let mut change = self.change(command)?;
        change.adding = Some(Adding::begin(&change.reads.conn)?);
        Ok(change)
    }
}

/// Whether the session whose key hashes to `key_hash` is open at `now`, its link not revoked
/// and of `league` (any league, with none): what a change made through a session checks inside
/// its own transaction.
fn session_holds(
    conn: &Connection,
    key_hash: &str,
    league: Option<i64>,
    now: &str,
) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM web_sessions s JOIN links l ON l.id = s.link
          WHERE s.key_hash = ?1 AND s.expires > ?2 AND l.revoked IS NULL
            AND (?3 IS NULL OR l.league = ?3))",
        (key_hash, now, league),
        |r| r.get(0),
    )
}

/// `path`, refused unless a file of some bytes is there.
fn there(path: &Path) -> Result<&Path, StoreError> {
    let path_buf = path.to_path_buf();
    match on_disk(path)? {
        OnDisk::Missing => Err(StoreError::Missing { path: path_buf }),
        OnDisk::Empty => Err(StoreError::Empty { path: path_buf }),
        OnDisk::File => Ok(path),
    }
}

/// What is at a database's path before it is opened.
enum OnDisk {
    Missing,
    /// A file of no bytes.
    Empty,
    File,
}

/// What is at `path`: refused if it is there but is not a regular file one may read.
fn on_disk(path: &Path) -> Result<OnDisk, StoreError> {
    let meta = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(OnDisk::Missing),
        Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
            return Err(StoreError::ThroughFile {
                path: path.to_path_buf(),
                file: file_on_the_way(path),
            })
        }
        Err(source) => {
            return Err(StoreError::Unreadable {
                path: path.to_path_buf(),
                source,
            })
        }
        Ok(meta) => meta,
    };
    let what = if meta.is_file() {
        None
    } else if meta.is_dir() {
        Some("a folder")
    } else {
        Some(special_file(&meta.file_type()))
    };
    if let Some(what) = what {
        return Err(StoreError::NotAFile {
            path: path.to_path_buf(),
            what,
        });
    }
    may_read(path).map_err(|source| StoreError::Unreadable {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(if meta.len() == 0 {
        OnDisk::Empty
    } else {
        OnDisk::File
    })
}

/// Whether this process may read the file at `path`, asked without opening it. Opening and
/// closing the database file outside SQLite would let go of every POSIX lock this process holds
/// on it (a `close` drops them all), so another process could take the connections of this one
/// (`don serve`'s, say) for gone, checkpoint and delete the `-wal` file under them, and leave
/// them reading a stale one (SQLite's "How To Corrupt", §2.2).
#[cfg(unix)]
fn may_read(path: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    // SAFETY: `c` is a NUL-terminated path that lives across the call.
    if unsafe { libc::access(c.as_ptr(), libc::R_OK) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn may_read(path: &Path) -> std::io::Result<()> {
    std::fs::File::open(path).map(drop)
}

/// The first file on `path`'s way that is not a folder (`s.db` of `s.db/.`).
fn file_on_the_way(path: &Path) -> PathBuf {
    let mut at = PathBuf::new();
    for part in path.components() {
        at.push(part);
        if std::fs::metadata(&at).is_ok_and(|m| !m.is_dir()) {
            return at;
        }
    }
    path.to_path_buf()
}

/// Why SQLite could not make a new database at `path`, when it is that the user may not write
/// into its folder (found by making the file, which is taken away again at once).
fn folder_not_writable(path: &Path) -> Option<StoreError> {
    if std::fs::symlink_metadata(path).is_ok() {
        return None;
    }
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            Some(StoreError::FolderNotWritable {
                path: path.to_path_buf(),
                folder: folder_of(path).to_path_buf(),
            })
        }
        Err(_) => None,
        Ok(_) => {
            let _ = std::fs::remove_file(path);
            None
        }
    }
}

/// What a file that is neither a regular file nor a folder is, in words.
#[cfg(unix)]
fn special_file(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_char_device() {
        "a device"
    } else if kind.is_block_device() {
        "a disk device"
    } else if kind.is_fifo() {
        "a pipe (FIFO)"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn special_file(_: &std::fs::FileType) -> &'static str {
    "not a regular file"
}

/// A database of schema `version` refused if a newer `don` wrote it.
fn not_too_new(path: &Path, version: i64) -> Result<(), StoreError> {
    let known = latest_version();
    if version > known {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found: version,
            known,
        });
    }
    Ok(())
}

/// An SQLite error on opening `path` or first reading it: a storage fault or another `don`
/// holding it as themselves, anything else as a database not ours.
fn not_ours(path: &Path, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Sql(e),
        Some(ErrorCode::CannotOpen) => StoreError::Sql(e),
        _ if StorageFault::of(&e).is_some() => StoreError::Sql(e),
        _ => StoreError::NotOurs {
            path: path.to_path_buf(),
            why: e.to_string(),
        },
    }
}

/// The schema version and whether there are tables, read in one snapshot: another don may be
/// creating the database this moment, and its tables must never be seen without its version.
/// Someone else's database is refused before anything is set on it.
pub(super) fn first_look(conn: &Connection, path: &Path) -> Result<(i64, bool), StoreError> {
    let known = latest_version();
    conn.execute_batch("BEGIN DEFERRED")
        .map_err(|e| not_ours(path, e))?;
    let seen = (|| {
        let version = user_version(conn).map_err(|e| not_ours(path, e))?;
        let tables = has_tables(conn)?;
        // Version 0 with don's log: the version was set back by hand, not someone else's.
        if version == 0 && tables && check_ours(conn, known).is_ok() {
            return Err(StoreError::LaterTables {
                path: path.to_path_buf(),
                version,
            });
        }
        // At any version, the current one and a newer one too: nothing is set on a file (its
        // journal mode least of all) before it is known to be don's.
        if version > 0 || tables {
            check_ours(conn, version).map_err(|why| StoreError::NotOurs {
                path: path.to_path_buf(),
                why,
            })?;
        }
        Ok::<_, StoreError>((version, tables))
    })();
    // A failed read may have ended the transaction already (SQLite rolls back on a full
    // disk): its own error is the one to tell.
    let ended = conn.execute_batch("COMMIT");
    let seen = seen?;
    ended.map_err(|e| not_ours(path, e))?;
    Ok(seen)
}

/// A connection that reads `path` only (see [`Store::open_read`]); `immutable`: read from the
/// file alone, with no `-wal` or `-shm`.
fn connect_read(path: &Path, immutable: bool) -> rusqlite::Result<Connection> {
    let conn = if immutable {
        Connection::open_with_flags(
            format!("{}?mode=ro&immutable=1", file_uri(path)),
            OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_URI
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?
    } else {
        Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?
    };
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "query_only", "ON")?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    Ok(conn)
}

/// `path` as an SQLite `file:` URI, every byte but letters, digits, `/` and `-._~` escaped.
fn file_uri(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        absolute.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = absolute.to_string_lossy().replace('\\', "/").into_bytes();
    let mut uri = String::from("file:");
    for &b in &bytes {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri
}

/// SQLite's "unable to open database file" as [`StoreError::Open`], naming the file.
fn cannot_open(path: &Path, e: StoreError) -> StoreError {
    match e {
        StoreError::Sql(e) if e.sqlite_error_code() == Some(ErrorCode::CannotOpen) => {
            StoreError::Open {
                path: path.to_path_buf(),
                source: Box::new(e),
            }
        }
        e => e,
    }
}

/// Whether opening failed for want of a `-shm` file SQLite could make (a read-only folder or
/// mount).
fn cannot_share(e: &StoreError) -> bool {
    matches!(
        e,
        StoreError::Sql(e) if matches!(
            e.sqlite_error_code(),
            Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen)
        )
    )
}

/// The file beside the database at `path` with this suffix (`-wal`, `-shm`, `-journal`).
pub(super) fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut beside = path.as_os_str().to_owned();
    beside.push(suffix);
    PathBuf::from(beside)
}

/// Whether `e` is SQLite failing for want of room on the disk holding the database at `path`:
/// a full disk, or an I/O error (as SQLite says when it cannot size its `-shm` file) where the
/// disk has no room.
fn on_full_disk(e: &StoreError, path: &Path) -> bool {
    match e.fault() {
        Some(StorageFault::Full) => true,
        Some(StorageFault::Io) => disk_is_full(path),
        _ => false,
    }
}

/// Whether the disk holding the file at `path` has no room: a few pages written to a new file
/// beside it (taken away at once) do not fit.
fn disk_is_full(path: &Path) -> bool {
    use std::io::Write;
    let probe = folder_of(path).join(format!(".don-room-{}", std::process::id()));
    let Ok(mut file) = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    else {
        return false;
    };
    let wrote = file
        .write_all(&[0; 64 << 10])
        .and_then(|()| file.sync_all());
    drop(file);
    let _ = std::fs::remove_file(&probe);
    matches!(
        wrote.map_err(|e| e.kind()),
        Err(std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded)
    )
}

/// The folder of the file at `path` (`.` for a bare name).
pub(super) fn folder_of(path: &Path) -> &Path {
    let parent = path.parent().filter(|d| !d.as_os_str().is_empty());
    parent.unwrap_or(Path::new("."))
}

/// Whether a file beside the database (`-wal`, or the rollback `-journal` of a database not in
/// WAL mode) holds changes not yet in it, or to be taken out of it.
fn holds_changes(path: &Path, suffix: &str) -> bool {
    std::fs::metadata(beside(path, suffix)).is_ok_and(|m| m.len() > 0)
}

/// A copy in memory of the database `conn` reads, brought up to date from `version`: an older
/// database read without changing its file.
fn migrated_copy(conn: &Connection, path: &Path, version: i64) -> Result<Connection, StoreError> {
    let mut copy = Connection::open_in_memory()?;
    rusqlite::backup::Backup::new(conn, &mut copy)?.run_to_completion(
        i32::MAX,
        Duration::from_millis(20),
        None,
    )?;
    copy.pragma_update(None, "foreign_keys", "ON")?;
    migrate(&mut copy, path, version)?;
    copy.pragma_update(None, "query_only", "ON")?;
    Ok(copy)
}

/// Brings the schema of `conn` (the database at `path`) up from `version` to the latest. Never
/// says the SQL: a database whose `user_version` was set below its tables is told as such.
fn migrate(conn: &mut Connection, path: &Path, version: i64) -> Result<(), StoreError> {
    let known = latest_version();
    // A table made anew (version 12's `players`) is dropped while others refer to it: SQLite
    // checks no reference meanwhile (it cannot be switched inside the migration's
    // transaction), and each such version checks them all before it is kept.
    let checks: bool = conn.query_row("PRAGMA foreign_keys", [], |r| r.get(0))?;
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let done = migrations().to_latest(conn);
    if checks {
        conn.pragma_update(None, "foreign_keys", "ON")?;
    }
    let Err(e) = done else {
        return Ok(());
    };
    // Another don may have brought it up to date in between.
    if user_version(conn)? == known {
        return Ok(());
    }
    if holds_later_tables(conn, version)? {
        return Err(StoreError::LaterTables {
            path: path.to_path_buf(),
            version,
        });
    }
    let why = match &e {
        rusqlite_migration::Error::RusqliteError { err, .. } => {
            if let Some(fault) = StorageFault::of(err) {
                return Err(StoreError::Fault {
                    path: path.to_path_buf(),
                    fault,
                });
            }
            match err.sqlite_error() {
                Some(code) => format!("SQLite error {}", code.extended_code),
                None => "SQLite refused it".to_string(),
            }
        }
        _ => "the migration was refused".to_string(),
    };
    Err(StoreError::Migration {
        path: path.to_path_buf(),
        from: version,
        to: known,
        why,
    })
}

/// Whether `conn` holds a table, index or trigger that the schema makes only after `version`.
fn holds_later_tables(conn: &Connection, version: i64) -> Result<bool, StoreError> {
    let model = |upto: usize| -> rusqlite::Result<std::collections::HashSet<String>> {
        let model = Connection::open_in_memory()?;
        for part in schema().into_iter().take(upto) {
            model.execute_batch(part)?;
        }
        schema_names(&model)
    };
    let then = model(usize::try_from(version).unwrap_or(0))?;
    let latest = model(usize::MAX)?;
    Ok(schema_names(conn)?
        .iter()
        .any(|n| !then.contains(n) && latest.contains(n)))
}

fn user_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// The names of the tables, indexes and triggers of the database `conn` reads.
fn schema_names(conn: &Connection) -> rusqlite::Result<std::collections::HashSet<String>> {
    let mut stmt = conn.prepare("SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'")?;
    let names = stmt.query_map([], |r| r.get(0))?.collect();
    names
}

fn has_tables(conn: &Connection) -> Result<bool, StoreError> {
    Ok(!schema_names(conn)?.is_empty())
}

/// A database with tables but no version of ours is someone else's: never migrate it.
fn check_ours(conn: &Connection, version: i64) -> Result<(), String> {
    let has = |table: &str| -> Result<bool, String> {
        conn.query_row(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = ?1",
            [table],
            |r| r.get::<_, String>(0),
        )
        .optional()
        .map(|there| there.is_some())
        .map_err(|e| e.to_string())
    };
    if version == 0 {
        return Err("it already has tables of its own".into());
    }
    if !has("operations")? {
        return Err(format!(
            "its schema version is {version} but it has no operations log"
        ));
    }
    // A newer don's tables are its own business; its log is there still. Don's first
    // tables are there at every version.
    if version <= latest_version() {
        for table in ["changes", "players", "games"] {
            if !has(table)? {
                return Err(format!(
                    "its schema version is {version} but it has no `{table}` table"
                ));
            }
        }
    }
    Ok(())
}

/// The time now, as stored: RFC 3339 in UTC, to the second.
fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A change being made: one transaction and its operation in the log.
pub struct Change<'a> {
    pub(super) tx: rusqlite::Transaction<'a>,
    reads: &'a Reads,
    pub(super) op: i64,
    /// Players found or made in this change, by name key and by name as given.
    pub(super) players: std::cell::RefCell<std::collections::HashMap<String, i64>>,
    /// Teams known to be entered in a season in this change.
    pub(super) entered: std::cell::RefCell<std::collections::HashSet<(i64, i64)>>,
    /// The change's time, as its operation has it.
    at: String,
    /// Set for a change that only adds rows ([`Store::change_adding`]).
    adding: Option<Adding<'a>>,
}

/// What a change that only adds rows keeps until its commit: the rows SQLite's update hook saw
/// it add to each logged table, and the first row it saw changed or deleted in one. Dropped
/// (the change committed or not), the hook is taken away and the triggers are back on.
struct Adding<'a> {
    conn: &'a Connection,
    seen: std::sync::Arc<std::sync::Mutex<Seen>>,
}

/// What the update hook saw of a change that only adds rows.
#[derive(Default)]
struct Seen {
    /// By the table's place in [`LOGGED`]: the first and last row added, and how many.
    added: Vec<Option<(i64, i64, i64)>>,
    /// A logged table a row of which was changed or deleted.
    changed: Option<&'static str>,
    /// The place in [`LOGGED`] of the table of the last logged row seen.
    last: Option<usize>,
}

impl<'a> Adding<'a> {
    fn begin(conn: &'a Connection) -> Result<Adding<'a>, StoreError> {
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Seen {
            added: vec![None; LOGGED.len()],
            changed: None,
            last: None,
        }));
        let hook = std::sync::Arc::clone(&seen);
        conn.update_hook(Some(
            move |action: rusqlite::hooks::Action, _: &str, table: &str, row: i64| {
                let Ok(mut seen) = hook.lock() else {
                    return;
                };
                // The table of the last logged row seen, tried first.
                let at = match seen.last {
                    Some(at) if LOGGED[at] == table => Some(at),
                    _ => LOGGED.iter().position(|&t| t == table),
                };
                if at.is_some() {
                    seen.last = at;
                }
                let Some(at) = at else {
                    return;
                };
                match action {
                    rusqlite::hooks::Action::SQLITE_INSERT => {
                        let span = seen.added[at].get_or_insert((row, row, 0));
                        *span = (span.0.min(row), span.1.max(row), span.2 + 1);
                    }
                    _ => {
                        seen.changed.get_or_insert(LOGGED[at]);
                    }
                }
            },
        ))?;
        conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER,
            false,
        )?;
        Ok(Adding { conn, seen })
    }
}

impl Drop for Adding<'_> {
    fn drop(&mut self) {
        // Should turning them back on fail here, the next change turns them on before it
        // begins, or is refused ([`Store::change`]): no change is ever made unlogged.
        let _ = self
            .conn
            .update_hook(None::<fn(rusqlite::hooks::Action, &str, &str, i64)>);
        let _ = self.conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER,
            true,
        );
    }
}

impl std::ops::Deref for Store {
    type Target = Reads;

    fn deref(&self) -> &Reads {
        &self.reads
    }
}

impl std::ops::DerefMut for Store {
    fn deref_mut(&mut self) -> &mut Reads {
        &mut self.reads
    }
}

impl std::ops::Deref for Change<'_> {
    type Target = Reads;

    fn deref(&self) -> &Reads {
        self.reads
    }
}

impl Change<'_> {
    /// The operation's number in the log.
    pub fn op(&self) -> i64 {
        self.op
    }

    /// Records that this change is made for `team` (a team's confirmation, say, made by the
    /// secretary on its behalf): `don log` names the team beside the actor.
    pub fn acting_for(&self, team: crate::league::TeamId) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE operations SET team = ?1 WHERE id = ?2",
            (team, self.op),
        )?;
        Ok(())
    }

    /// Records that this change applies the line a phone sent as `entry` (its page's id for
    /// it): the same line sent again is found by [`Reads::entry_applied`].
    pub fn applying_entry(&self, entry: &str) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE operations SET entry = ?1 WHERE id = ?2",
            (entry, self.op),
        )?;
        Ok(())
    }

    /// Keeps the change, saying what it did; `game` names the game a table entry went to.
    pub fn commit(self, summary: &str, game: Option<i64>) -> Result<i64, StoreError> {
        if let Some(adding) = &self.adding {
            self.log_added(adding)?;
        }
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
        self.attempt(try_it, |_| false)
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

    /// For a change that only adds rows, before its commit: refused if it changed or took
    /// away a row of a logged table, or if a table's rows numbered from the first it added to
    /// the last are not all its own; else each table's rows it added logged as one fact.
    fn log_added(&self, adding: &Adding<'_>) -> Result<(), StoreError> {
        let seen = adding.seen.lock().map_err(|_| StoreError::NotOnlyAdded {
            table: "the log".into(),
        })?;
        if let Some(table) = seen.changed {
            return Err(StoreError::NotOnlyAdded {
                table: table.into(),
            });
        }
        for (&table, span) in LOGGED.iter().zip(&seen.added) {
            let Some((first, last, count)) = *span else {
                continue;
            };
            let held: i64 = self.tx.query_row(
                &format!("SELECT count(*) FROM {table} WHERE id BETWEEN ?1 AND ?2"),
                (first, last),
                |r| r.get(0),
            )?;
            if held != count {
                return Err(StoreError::NotOnlyAdded {
                    table: table.into(),
                });
            }
            self.tx.execute(
                "INSERT INTO added (op, tbl, first, last) VALUES (?1, ?2, ?3, ?4)",
                (self.op, table, first, last),
            )?;
        }
        Ok(())
    }

    /// The rows of `table` this change has added so far, if it only adds rows: those numbered
    /// above this (see [`Store::change_adding`]).
    pub(super) fn added_above(&self, table: &str) -> Option<i64> {
        let adding = self.adding.as_ref()?;
        let at = LOGGED.iter().position(|&t| t == table)?;
        let seen = adding.seen.lock().ok()?;
        Some(seen.added[at].map_or(i64::MAX, |(first, _, _)| first - 1))
    }

    /// The change's time, as stored in its operation.
    pub(super) fn at(&self) -> Result<String, StoreError> {
        Ok(self.at.clone())
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
    /// Who made it (empty for a change logged before don kept its actor).
    pub actor: String,
    /// The team the actor acted for, if any.
    pub team: Option<i64>,
    /// The operation this one undid.
    pub undoes: Option<i64>,
    /// The operation that undid this one, if it is undone.
    pub undone_by: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database with one operation in its log, closed.
    fn one_change(path: &Path) {
        let mut store = Store::open(path).unwrap();
        store.act_as(Actor {
            name: "tester".into(),
            team: None,
            game: None,
            league: None,
        });
        store
            .change("test")
            .unwrap()
            .commit("a change", None)
            .unwrap();
    }

    /// A store that may change its database at `path`.
    fn tester(path: &Path) -> Store {
        let mut store = Store::open(path).unwrap();
        store.act_as(Actor {
            name: "tester".into(),
            team: None,
            game: None,
            league: None,
        });
        store
    }

    fn count(store: &Store, sql: &str) -> i64 {
        store.conn.query_row(sql, [], |r| r.get(0)).unwrap()
    }

    #[test]
    fn a_change_that_only_adds_rows_logs_them_as_one_fact_a_table_and_refuses_to_change_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("don.db");
        let mut store = tester(&path);
        // Rows added only: one fact a table, nothing a row.
        let change = store.change_adding("import").unwrap();
        for name in ["Gareth", "Dai", "Rhys"] {
            change.player(name).unwrap();
        }
        let op = change.commit("three players", None).unwrap();
        assert_eq!(
            count(
                &store,
                &format!("SELECT count(*) FROM changes WHERE op = {op}")
            ),
            0
        );
        let fact: (String, i64, i64) = store
            .conn
            .query_row(
                &format!("SELECT tbl, first, last FROM added WHERE op = {op}"),
                [],
                tuple,
            )
            .unwrap();
        assert_eq!(fact, ("players".to_string(), 1, 3));
        // A row changed in such a change refuses its commit: nothing of it is kept.
        let change = store.change_adding("import").unwrap();
        change.player("Huw").unwrap();
        change
            .tx
            .execute("UPDATE players SET name = 'Dai Jones' WHERE id = 2", [])
            .unwrap();
        let refused = change.commit("not only added", None);
        assert!(
            matches!(&refused, Err(StoreError::NotOnlyAdded { table }) if table == "players"),
            "{refused:?}"
        );
        assert_eq!(count(&store, "SELECT count(*) FROM players"), 3);
        assert_eq!(count(&store, "SELECT count(*) FROM operations"), 1);
        // And the next change logs each row again, by its triggers.
        let change = store.change("new").unwrap();
        change.player("Huw").unwrap();
        let op = change.commit("a player", None).unwrap();
        assert_eq!(
            count(
                &store,
                &format!("SELECT count(*) FROM changes WHERE op = {op} AND action = 'insert'")
            ),
            1
        );
        assert_eq!(count(&store, "SELECT count(*) FROM added"), 1);
    }

    #[test]
    fn a_read_is_query_only_refuses_a_change_and_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("don.db");
        one_change(&path);
        let before = std::fs::read(&path).unwrap();
        {
            let mut store = Store::open_read(&path).unwrap();
            let query_only: i64 = store
                .conn
                .query_row("PRAGMA query_only", [], |r| r.get(0))
                .unwrap();
            assert_eq!(query_only, 1);
            assert!(!store.is_unused().unwrap());
            let refused = store.change("another").err().unwrap().naming(&path);
            assert_eq!(refused.fault(), Some(StorageFault::ReadOnly));
            assert_eq!(
                refused.to_string(),
                format!(
                    "the database {} is read-only: nothing was changed",
                    path.display()
                )
            );
        }
        assert_eq!(before, std::fs::read(&path).unwrap());
        for suffix in ["-wal", "-shm", "-journal"] {
            assert!(!beside(&path, suffix).exists(), "{suffix} left behind");
        }
    }

    #[test]
    fn an_immutable_read_sees_the_file_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a b?c#d%e.db");
        one_change(&path);
        let conn = connect_read(&path, true).unwrap();
        assert_eq!(
            first_look(&conn, &path).unwrap(),
            (schema().len() as i64, true)
        );
        let err = conn
            .execute(
                "INSERT INTO operations (at, command, summary) VALUES ('', '', '')",
                [],
            )
            .unwrap_err();
        assert_eq!(StorageFault::of(&err), Some(StorageFault::ReadOnly));
    }

    #[test]
    fn a_path_becomes_a_file_uri_with_its_odd_bytes_escaped() {
        assert_eq!(
            file_uri(Path::new("/tmp/a b?c#d%e&é.db")),
            "file:/tmp/a%20b%3Fc%23d%25e%26%C3%A9.db"
        );
    }

    #[test]
    fn an_empty_or_missing_file_is_never_made_a_database_by_a_read_or_a_change() {
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("zero.db");
        std::fs::write(&empty, b"").unwrap();
        let missing = dir.path().join("none.db");
        for open in [Store::open_read, Store::open_existing] {
            assert!(matches!(open(&empty), Err(StoreError::Empty { .. })));
            assert!(matches!(open(&missing), Err(StoreError::Missing { .. })));
        }
        assert_eq!(std::fs::read(&empty).unwrap(), b"");
        assert!(!missing.exists());
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "only zero.db: {names:?}");
    }

    #[test]
    fn faults_are_told_by_their_sqlite_codes() {
        let err = |code| rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None);
        use rusqlite::ffi;
        assert_eq!(
            StorageFault::of(&err(ffi::SQLITE_READONLY)),
            Some(StorageFault::ReadOnly)
        );
        assert_eq!(
            StorageFault::of(&err(ffi::SQLITE_READONLY_DIRECTORY)),
            Some(StorageFault::ReadOnly)
        );
        assert_eq!(
            StorageFault::of(&err(ffi::SQLITE_FULL)),
            Some(StorageFault::Full)
        );
        assert_eq!(
            StorageFault::of(&err(ffi::SQLITE_CORRUPT)),
            Some(StorageFault::Damaged)
        );
        assert_eq!(
            StorageFault::of(&err(ffi::SQLITE_NOTADB)),
            Some(StorageFault::NotADatabase)
        );
        assert_eq!(
            StorageFault::of(&err(ffi::SQLITE_IOERR_WRITE)),
            Some(StorageFault::Io)
        );
        assert_eq!(StorageFault::of(&err(ffi::SQLITE_BUSY)), None);
        assert_eq!(StorageFault::of(&err(ffi::SQLITE_CONSTRAINT_UNIQUE)), None);
    }

    #[test]
    fn a_change_that_fills_the_database_is_a_full_disk_and_keeps_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("don.db");
        one_change(&path);
        let mut store = Store::open(&path).unwrap();
        store.act_as(Actor {
            name: "tester".into(),
            team: None,
            game: None,
            league: None,
        });
        let pages: i64 = store
            .conn
            .query_row("PRAGMA page_count", [], |r| r.get(0))
            .unwrap();
        // SQLite says SQLITE_FULL when the database may grow no further, as on a full disk.
        store
            .conn
            .pragma_update(None, "max_page_count", pages + 1)
            .unwrap();
        let change = store.change("fill").unwrap();
        let big = "x".repeat(100_000);
        let err = change
            .tx
            .execute("UPDATE operations SET summary = ?1", [&big])
            .unwrap_err();
        drop(change);
        let err = StoreError::from(err).naming(&path);
        assert_eq!(err.fault(), Some(StorageFault::Full));
        assert_eq!(
            err.to_string(),
            format!(
                "the disk holding the database {} is full: nothing was changed",
                path.display()
            )
        );
        let summaries: Vec<String> = store
            .conn
            .prepare("SELECT summary FROM operations")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(summaries, ["a change"]);
    }
}
