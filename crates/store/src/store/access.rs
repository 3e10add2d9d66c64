//! Private links and web sessions (schema version 8): the hashes of their tokens, never the
//! tokens. Making and revoking a link is a change (in the log); opening a session, and noting
//! when a link was last used, is not: those are written here in a transaction of their own.

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::db::{tuple, Change, Reads, Sql, Store, StoreError};
use crate::league::TeamId;

/// A private link as stored: for a team's captain (`team`), or for the secretary (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRow {
    pub id: i64,
    /// Its league; none for the scorer's link of a friendly game (schema version 11).
    pub league: Option<i64>,
    pub team: Option<TeamId>,
    /// The team's name, for a captain's link.
    pub team_name: Option<String>,
    /// When it was made, and revoked (RFC 3339, UTC).
    pub made: String,
    pub revoked: Option<String>,
    /// When it was last opened or used on the web.
    pub last_used: Option<String>,
    /// The one game a scorer's link scores (schema version 9); `None` for a captain's or the
    /// secretary's.
    pub game: Option<i64>,
}

/// A session on the web, with the link it was opened with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    pub link: LinkRow,
    /// The hash of its key.
    pub key_hash: String,
    /// The token its forms post back.
    pub csrf: String,
    pub expires: String,
}

/// The most sessions a link has open at once: opening it once more ends its oldest, so opening
/// one link again and again never grows the database.
pub const SESSIONS_PER_LINK: usize = 8;

const LINK_COLUMNS: &str = "l.id, l.league, l.team, t.name, l.made, l.revoked, u.last_used, l.game
     FROM links l LEFT JOIN teams t ON t.id = l.team LEFT JOIN link_uses u ON u.link = l.id";

fn link_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<LinkRow> {
    Ok(LinkRow {
        id: r.get(0)?,
        league: r.get(1)?,
        team: r.get(2)?,
        team_name: r.get(3)?,
        made: r.get(4)?,
        revoked: r.get(5)?,
        last_used: r.get(6)?,
        game: r.get(7)?,
    })
}

fn links_where(
    conn: &Connection,
    condition: &str,
    params: impl rusqlite::Params,
) -> Result<Vec<LinkRow>, StoreError> {
    let sql = format!("SELECT {LINK_COLUMNS} WHERE {condition} ORDER BY l.id");
    conn.all(&sql, params, link_row)
}

impl Reads {
    /// A league's links, revoked ones too, oldest first.
    pub fn links(&self, league: i64) -> Result<Vec<LinkRow>, StoreError> {
        links_where(&self.conn, "l.league = ?1", [league])
    }

    /// The links of no league (friendly games' scorers'), revoked ones too, oldest first.
    pub fn friendly_links(&self) -> Result<Vec<LinkRow>, StoreError> {
        links_where(&self.conn, "l.league IS NULL", [])
    }

    /// A game of the league on the web, if it is one.
    pub fn web_game(&self, game: i64) -> Result<Option<WebGame>, StoreError> {
        let found = web_games_where(&self.conn, "id = ?1", [game])?;
        Ok(found.into_iter().next())
    }
}

impl Store {
    /// The link whose token hashes to `token_hash`, revoked or not.
    pub fn link_by_hash(&self, token_hash: &str) -> Result<Option<LinkRow>, StoreError> {
        Ok(links_where(&self.conn, "l.token_hash = ?1", [token_hash])?
            .into_iter()
            .next())
    }

    /// Opens a session for `link` (its key hashed to `key_hash`), noting the link used `now`:
    /// one transaction, not in the log. Sessions past their time are let go on the way, and the
    /// link's oldest beyond [`SESSIONS_PER_LINK`] are ended.
    pub fn session_open(
        &self,
        link: i64,
        key_hash: &str,
        csrf: &str,
        (now, expires): (&str, &str),
    ) -> Result<(), StoreError> {
        let tx = Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
        tx.execute("DELETE FROM web_sessions WHERE expires <= ?1", [now])?;
        // Made to the microsecond, so that a link's sessions are ended oldest first even when
        // it is opened many times in one second.
        let made = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
        tx.execute(
            "INSERT INTO web_sessions (key_hash, link, csrf, made, expires)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            (key_hash, link, csrf, made, expires),
        )?;
        tx.execute(
            "DELETE FROM web_sessions WHERE link = ?1 AND key_hash <> ?2 AND key_hash NOT IN
               (SELECT key_hash FROM web_sessions WHERE link = ?1 AND key_hash <> ?2
                ORDER BY made DESC, expires DESC LIMIT ?3)",
            (link, key_hash, SESSIONS_PER_LINK as i64 - 1),
        )?;
        tx.execute(
            "INSERT INTO link_uses (link, last_used) VALUES (?1, ?2)
             ON CONFLICT (link) DO UPDATE SET last_used = excluded.last_used",
            (link, now),
        )?;
        Ok(tx.commit()?)
    }

    /// The session whose key hashes to `key_hash`, if it is open at `now` and its link is not
    /// revoked.
    pub fn session(&self, key_hash: &str, now: &str) -> Result<Option<SessionRow>, StoreError> {
        let sql =
            "SELECT link, csrf, expires FROM web_sessions WHERE key_hash = ?1 AND expires > ?2";
        let found: Option<(i64, String, String)> = self.conn.one(sql, (key_hash, now), tuple)?;
        let Some((link, csrf, expires)) = found else {
            return Ok(None);
        };
        let link = links_where(&self.conn, "l.id = ?1 AND l.revoked IS NULL", [link])?;
        Ok(link.into_iter().next().map(|link| SessionRow {
            link,
            key_hash: key_hash.to_string(),
            csrf,
            expires,
        }))
    }

    /// Notes that `link` was used `now` (a change made with it): not in the log.
    /// Kept only if the use noted last is from before `since`: a link used again within the
    /// minute changes no byte, so its change costs no write to the disk.
    pub fn link_used(&self, link: i64, now: &str, since: &str) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO link_uses (link, last_used) VALUES (?1, ?2)
             ON CONFLICT (link) DO UPDATE SET last_used = excluded.last_used
             WHERE last_used < ?3",
            (link, now, since),
        )?;
        Ok(())
    }

    /// Ends a session (signing out).
    pub fn session_end(&self, key_hash: &str) -> Result<(), StoreError> {
        self.conn
            .execute("DELETE FROM web_sessions WHERE key_hash = ?1", [key_hash])?;
        Ok(())
    }
}

impl Change<'_> {
    /// A new link, by its token's hash: for `team`'s captain, for the scorer of `game`, or
    /// (with neither) for the secretary.
    pub fn link_add(
        &self,
        league: Option<i64>,
        (team, game): (Option<TeamId>, Option<i64>),
        token_hash: &str,
        made: &str,
    ) -> Result<LinkRow, StoreError> {
        self.tx.execute(
            "INSERT INTO links (league, team, game, token_hash, made) VALUES (?1, ?2, ?3, ?4, ?5)",
            (league, team, game, token_hash, made),
        )?;
        let id = self.tx.last_insert_rowid();
        let row = links_where(&self.tx, "l.id = ?1", [id])?;
        row.into_iter()
            .next()
            .ok_or_else(|| StoreError::damaged(format!("link {id}"), "not there once added"))
    }

    /// Ends a link: it and every session opened with it stop at once.
    pub fn link_revoke(&self, id: i64, at: &str) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE links SET revoked = ?1 WHERE id = ?2 AND revoked IS NULL",
            (at, id),
        )?;
        self.tx
            .execute("DELETE FROM web_sessions WHERE link = ?1", [id])?;
        Ok(())
    }
}

/// A game of a league on the web (schema version 9): begun there, or given a scorer's link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebGame {
    pub game: i64,
    /// Its league; none for a friendly game (schema version 11).
    pub league: Option<i64>,
    /// The team whose captain began it.
    pub team: Option<TeamId>,
    /// The night (fixture) it is played for, if one was named.
    pub fixture: Option<i64>,
}

const WEB_GAME_COLUMNS: &str = "SELECT id, league, team, fixture FROM web_games";

fn web_game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<WebGame> {
    Ok(WebGame {
        game: r.get(0)?,
        league: r.get(1)?,
        team: r.get(2)?,
        fixture: r.get(3)?,
    })
}

fn web_games_where(
    conn: &Connection,
    condition: &str,
    params: impl rusqlite::Params,
) -> Result<Vec<WebGame>, StoreError> {
    let sql = format!("{WEB_GAME_COLUMNS} WHERE {condition} ORDER BY id");
    let rows = conn.all(&sql, params, web_game_row)?;
    Ok(rows)
}

impl Store {
    /// The games of `league` on the web (of `team`'s captain only, if one is given), oldest
    /// first.
    pub fn web_games(&self, league: i64, team: Option<TeamId>) -> Result<Vec<WebGame>, StoreError> {
        let only = "league = ?1 AND (?2 IS NULL OR team = ?2)";
        web_games_where(&self.conn, only, (league, team))
    }

    /// The games on the web played for a night (fixture), oldest first.
    pub fn web_games_of_night(&self, fixture: i64) -> Result<Vec<WebGame>, StoreError> {
        web_games_where(&self.conn, "fixture = ?1", [fixture])
    }
}

impl Change<'_> {
    /// Makes `game` one of the league's on the web (nothing if it is one already).
    pub fn web_game_add(&self, web: &WebGame) -> Result<(), StoreError> {
        self.tx.execute(
            "INSERT INTO web_games (id, league, team, fixture) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (id) DO NOTHING",
            (web.game, web.league, web.team, web.fixture),
        )?;
        Ok(())
    }
}

impl Store {
    /// The state of the database as the web tells it: the number of the latest operation in
    /// the log (0 for none), and when it was made (RFC 3339, UTC). Every change is an
    /// operation, an undo too, so a page made from one state is the same until this moves.
    pub fn state(&self) -> Result<(i64, Option<String>), StoreError> {
        Ok(self.conn.query_row(
            "SELECT coalesce(max(id), 0), (SELECT at FROM operations ORDER BY id DESC LIMIT 1) FROM operations",
            [],
            tuple,
        )?)
    }
}
