//! A summary of each game (schema version 7): what `don games` lists and how `don play` finds
//! the latest unfinished game, read without replaying every game. It is worked out by `app`
//! (which replays the game) and kept here in the same change as every change to the game; it
//! is derived, not recorded, so it is not in the log.

use rusqlite::Connection;

use super::db::{tuple, Change, Sql, Store, StoreError};
use super::games::GameFilter;
use crate::rules::{Seat, Side};

/// What replaying a game says of it, as `don games` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The variant's name, as the list shows it.
    pub variant_name: String,
    /// The hands of its record.
    pub hands: u32,
    /// Decided: won, drawn or lost.
    pub finished: bool,
    /// A hand of it begun at the table and not finished.
    pub in_play: bool,
    pub winner: Option<Side>,
    pub draw: bool,
    pub losers: Vec<Seat>,
    /// Each side's final score, in the variant's order of sides.
    pub scores: Vec<(Side, i32)>,
}

/// A stored game as `don games` lists it: its own particulars and its summary (none while it
/// has not been worked out: a database brought up from version 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedGame {
    pub game: i64,
    /// The record's `id`.
    pub id: Option<String>,
    /// The ruleset's `variant`, as written.
    pub variant: String,
    pub date: Option<String>,
    pub venue: Option<String>,
    /// The seats named, in the order of their letters.
    pub seats: Vec<(String, String)>,
    pub summary: Option<Summary>,
}

fn parsed<T: std::str::FromStr>(text: &str, game: i64) -> Result<T, StoreError> {
    text.parse()
        .map_err(|_| StoreError::damaged(format!("the summary of game {game}"), text))
}

/// A summary's columns as stored: its variant's name, hands, whether finished and in play,
/// winner, whether drawn, losers.
type SummaryRow = (String, u32, bool, bool, Option<String>, bool, String);

fn summary(conn: &Connection, game: i64) -> Result<Option<Summary>, StoreError> {
    let sql = "SELECT variant_name, hands, finished, in_play, winner, draw, losers
         FROM game_summaries WHERE game = ?1";
    let row: Option<SummaryRow> = conn.one(sql, [game], tuple)?;
    let Some((variant_name, hands, finished, in_play, winner, draw, losers)) = row else {
        return Ok(None);
    };
    let sql = "SELECT side, score FROM game_summary_scores WHERE game = ?1 ORDER BY position";
    let scores: Vec<(String, i32)> = conn.all(sql, [game], tuple)?;
    Ok(Some(Summary {
        variant_name,
        hands,
        finished,
        in_play,
        winner: winner.map(|w| parsed(&w, game)).transpose()?,
        draw,
        losers: (0..losers.len())
            .filter_map(|i| losers.get(i..i + 1))
            .map(|l| parsed(l, game))
            .collect::<Result<_, _>>()?,
        scores: scores
            .into_iter()
            .map(|(side, score)| Ok((parsed(&side, game)?, score)))
            .collect::<Result<_, StoreError>>()?,
    }))
}

fn listed(conn: &Connection, game: i64) -> Result<ListedGame, StoreError> {
    let (id, variant, date, venue) = conn
        .prepare_cached("SELECT record_id, variant, date, venue FROM games WHERE id = ?1")?
        .query_row([game], tuple)?;
    let seats = conn.all(
        "SELECT seat, name FROM seats WHERE game = ?1 ORDER BY seat",
        [game],
        tuple,
    )?;
    Ok(ListedGame {
        game,
        id,
        variant,
        date,
        venue,
        seats,
        summary: summary(conn, game)?,
    })
}

impl Store {
    /// Every stored game (oldest first) that passes the filter, as listed; with `unfinished`,
    /// only those whose summary says they are not decided, and those it names (games with no
    /// summary kept, which the caller worked out).
    pub fn game_list(
        &self,
        filter: &GameFilter,
        unfinished: Option<&[i64]>,
    ) -> Result<Vec<ListedGame>, StoreError> {
        let (mut sql, params) = filter.sql();
        if let Some(also) = unfinished {
            let also: Vec<String> = also.iter().map(i64::to_string).collect();
            sql.push_str(&format!(
                " AND (g.id IN (SELECT game FROM game_summaries WHERE finished = 0)
                  OR g.id IN ({}))",
                also.join(", ")
            ));
        }
        self.each_game((sql, params), listed)
    }

    /// The newest game whose summary says it is not decided, if any.
    pub fn latest_unfinished(&self) -> Result<Option<i64>, StoreError> {
        let sql = "SELECT max(game) FROM game_summaries WHERE finished = 0";
        Ok(self.conn.query_row(sql, [], |r| r.get(0))?)
    }

    /// The games with no summary yet (a database brought up from version 6), newest first.
    pub fn games_unsummarised(&self) -> Result<Vec<i64>, StoreError> {
        let (games, summaries): (i64, i64) = self.conn.query_row(
            "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM game_summaries)",
            [],
            tuple,
        )?;
        // Every summary is of a game: as many of each, none is missing.
        if games == summaries {
            return Ok(Vec::new());
        }
        self.conn.all(
            "SELECT id FROM games WHERE id NOT IN (SELECT game FROM game_summaries)
                 ORDER BY id DESC",
            [],
            |r| r.get(0),
        )
    }

    /// Keeps summaries worked out for games that had none, in a transaction of its own: no
    /// operation is logged, as none is for an index.
    pub fn keep_summaries(&mut self, summaries: &[(i64, Summary)]) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        for (game, summary) in summaries {
            put(&tx, *game, summary)?;
        }
        tx.commit()?;
        Ok(())
    }
}

fn put(conn: &Connection, game: i64, s: &Summary) -> Result<(), StoreError> {
    conn.run("DELETE FROM game_summary_scores WHERE game = ?1", [game])?;
    put_new(conn, game, s)
}

/// Keeps the summary of a game that has none (and no scores kept).
fn put_new(conn: &Connection, game: i64, s: &Summary) -> Result<(), StoreError> {
    let losers: String = s.losers.iter().map(|l| l.letter()).collect();
    conn.run(
        "INSERT OR REPLACE INTO game_summaries
         (game, variant_name, hands, finished, in_play, winner, draw, losers)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        (
            game,
            &s.variant_name,
            s.hands,
            s.finished,
            s.in_play,
            s.winner.map(Side::code),
            s.draw,
            losers,
        ),
    )?;
    let mut add = conn.prepare_cached(
        "INSERT INTO game_summary_scores (game, position, side, score) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (i, (side, score)) in s.scores.iter().enumerate() {
        add.execute((game, i as i64, side.code(), score))?;
    }
    Ok(())
}

impl Change<'_> {
    /// Keeps a game's summary, worked out anew after this change; a game this change took
    /// away (an undo of its import) has none.
    pub fn set_summary(&self, game: i64, summary: Option<&Summary>) -> Result<(), StoreError> {
        if let (Some(s), Some(top)) = (summary, self.added_above("games")) {
            // A game this change added (it only adds rows) has no summary yet.
            if game > top {
                return put_new(&self.tx, game, s);
            }
        }
        match summary {
            Some(s) => put(&self.tx, game, s),
            None => {
                self.tx
                    .run("DELETE FROM game_summaries WHERE game = ?1", [game])?;
                Ok(())
            }
        }
    }
}
