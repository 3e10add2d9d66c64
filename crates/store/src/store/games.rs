//! Games as stored: put in from a canonical record (FORMAT.md §1, as `record::write` writes
//! it) or entry by entry from the table, and read back as a record or as the entries a scorer
//! replays. No score is stored.

use rusqlite::Connection;

use super::broken::LegNamed;
use super::db::{tuple, Change, Reads, Sql, Store, StoreError};
use super::logged::adders;
use crate::record::stored::{EntryRow, StoredEntry, StoredGame, StoredHand, StoredPenalty};

use crate::league::names::{name_key, tidy};

/// A stored game, listed.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The number commands take.
    pub game: i64,
    /// The game's rows (`app::game::stored` makes the record `export` writes of them).
    pub stored: StoredGame,
}

/// When each hand of a game was entered: its number, its first and last entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTimes {
    pub created: String,
    pub hands: Vec<(u32, String, String)>,
}

/// A penalty added to hand `?1`, numbered after those it has.
const ADD_PENALTY: &str = "INSERT INTO penalties (hand, number, side, kind, points, at)
     VALUES (?1, (SELECT count(*) + 1 FROM penalties WHERE hand = ?1), ?2, ?3, ?4, ?5)";

/// The most tricks of a hand put in by one statement (a hand has at most 13 or so; a longer
/// one takes more).
const TRICKS_AT_ONCE: usize = 16;

/// The statement that puts in `n` seats (1 to 4) of game `?1`, each its letter, player and
/// name (`?2`, `?3`, `?4`, then `?5`…): each written once.
fn seats_sql(n: usize) -> &'static str {
    static WRITTEN: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let written = WRITTEN.get_or_init(|| {
        (0..=4)
            .map(|n| {
                let rows: Vec<String> = (0..n)
                    .map(|i| format!("(?1, ?{}, ?{}, ?{})", 3 * i + 2, 3 * i + 3, 3 * i + 4))
                    .collect();
                format!(
                    "INSERT INTO seats (game, seat, player, name) VALUES {}",
                    rows.join(", ")
                )
            })
            .collect()
    });
    &written[n.min(4)]
}

/// The statement that puts in `n` tricks (1 to [`TRICKS_AT_ONCE`]) of hand `?1`, numbered from
/// `?2`, their cards `?3`…: each written once.
fn tricks_sql(n: usize) -> &'static str {
    static WRITTEN: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let written = WRITTEN.get_or_init(|| {
        (0..=TRICKS_AT_ONCE)
            .map(|n| {
                let rows: Vec<String> = (0..n)
                    .map(|t| format!("(?1, ?2 + {t}, ?{})", t + 3))
                    .collect();
                format!(
                    "INSERT INTO tricks (hand, number, cards) VALUES {}",
                    rows.join(", ")
                )
            })
            .collect()
    });
    &written[n]
}

fn damaged(game: i64, why: impl ToString) -> StoreError {
    StoreError::damaged(format!("game {game}"), why)
}

/// A stored game's rows, as `record::stored` reads them.
pub(super) fn stored_game(conn: &Connection, game: i64) -> Result<Option<StoredGame>, StoreError> {
    let row = conn.one(
        "SELECT record_id, ruleset, date, venue, conceded_side, conceded_after, jacks_pool,
                    variant
             FROM games WHERE id = ?1",
        [game],
        |r| {
            let conceded: (Option<String>, Option<i64>) = (r.get(4)?, r.get(5)?);
            let pool: Option<f64> = r.get(6)?;
            Ok((
                StoredGame {
                    record_id: r.get(0)?,
                    ruleset: r.get(1)?,
                    date: r.get(2)?,
                    venue: r.get(3)?,
                    conceded: conceded.0.zip(conceded.1),
                    variant: r.get(7)?,
                    ..StoredGame::default()
                },
                pool,
            ))
        },
    )?;
    let Some((mut stored, pool)) = row else {
        return Ok(None);
    };
    stored.seats = conn.all(
        "SELECT seat, name FROM seats WHERE game = ?1",
        [game],
        tuple,
    )?;
    stored.hands = stored_hands(conn, game)?;
    if let Some(pool) = pool {
        let entrants = conn.all(
            "SELECT name FROM entrants WHERE game = ?1 ORDER BY position",
            [game],
            |r| r.get(0),
        )?;
        stored.jacks_out = Some((pool, entrants));
    }
    Ok(Some(stored))
}

fn stored_hands(conn: &Connection, game: i64) -> Result<Vec<StoredHand>, StoreError> {
    let rows: Vec<(i64, StoredHand)> = conn.all(
        "SELECT id, number, pitcher, body, totals, abandon_reason, abandon_seat, layout,
                    claimed
             FROM hands WHERE game = ?1 ORDER BY number",
        [game],
        |r| {
            Ok((
                r.get(0)?,
                StoredHand {
                    number: r.get(1)?,
                    pitcher: r.get(2)?,
                    body: r.get(3)?,
                    totals: r.get(4)?,
                    reason: r.get(5)?,
                    seat: r.get(6)?,
                    layout: r.get(7)?,
                    claimed: r.get(8)?,
                    ..StoredHand::default()
                },
            ))
        },
    )?;
    let mut hands = Vec::with_capacity(rows.len());
    for (id, mut hand) in rows {
        if hand.body.as_deref() != Some("totals") {
            let sql = "SELECT cards FROM tricks WHERE hand = ?1 ORDER BY number";
            hand.tricks = conn.all(sql, [id], |r| r.get(0))?;
        }
        hand.penalties = conn.all(
            "SELECT side, kind, points FROM penalties WHERE hand = ?1 ORDER BY number",
            [id],
            |r| {
                Ok(StoredPenalty {
                    side: r.get(0)?,
                    kind: r.get(1)?,
                    points: r.get(2)?,
                })
            },
        )?;
        hands.push(hand);
    }
    Ok(hands)
}

/// A stored game scored as a leg of a league night's match: the night holds it as it stands
/// (its score is the leg's), so it takes no entry and no take-back until that link is undone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegHolding {
    pub game: i64,
    /// The leg of the match (`don 1`) of the night (home v away, on its date).
    pub place: LegNamed,
    /// The change that put the link in place (entering or correcting the night, or an undo
    /// that put it back), with its summary, if the log says.
    pub linked_by: Option<(i64, String)>,
}

impl std::fmt::Display for LegHolding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game {} is leg {} of {} {} of {} v {} on {}: it cannot be changed while that night holds it; undo the night's link first",
            self.game,
            self.place.leg,
            self.place.kind,
            self.place.slot,
            self.place.home,
            self.place.away,
            self.place.date
        )?;
        match &self.linked_by {
            Some((op, summary)) => write!(
                f,
                ": #{op} ({})",
                crate::record::text::escaped(&super::oplog::summary_shown(summary))
            ),
            None => Ok(()),
        }
    }
}

/// A hand asked of a game that has not all the hands before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandGap {
    pub game: i64,
    /// The hands the game has.
    pub hands: i64,
    pub number: u32,
}

/// A filter for [`Store::games`].
#[derive(Clone, Debug, Default)]
pub struct GameFilter {
    pub player: Option<String>,
    pub variant: Option<String>,
    pub since: Option<String>,
    pub until: Option<String>,
}

impl GameFilter {
    /// The query of the numbers of the games that pass the filter (`g` the game), and its
    /// parameters, for more conditions to be added to.
    pub(super) fn sql(&self) -> (String, Vec<String>) {
        let mut sql = String::from("SELECT g.id FROM games g WHERE 1");
        let mut params: Vec<String> = Vec::new();
        if let Some(p) = &self.player {
            params.push(name_key(p));
            sql.push_str(&format!(
                " AND EXISTS (SELECT 1 FROM seats s JOIN players p ON p.id = s.player
                  WHERE s.game = g.id AND p.key = ?{})",
                params.len()
            ));
        }
        let mut narrow = |column: &str, op: &str, value: &Option<String>| {
            if let Some(v) = value {
                params.push(v.clone());
                sql.push_str(&format!(" AND g.{column} {op} ?{}", params.len()));
            }
        };
        narrow("variant", "=", &self.variant);
        narrow("date", ">=", &self.since);
        narrow("date", "<=", &self.until);
        (sql, params)
    }
}

impl Reads {
    /// The game a command names, by number (`7` or `#7`), else by its record's `id` as
    /// written, if there is one.
    pub fn find_game(&self, key: &str) -> Result<Option<i64>, StoreError> {
        if let Ok(n) = key.trim().trim_start_matches('#').parse::<i64>() {
            let sql = "SELECT id FROM games WHERE id = ?1";
            let found: Option<i64> = self.conn.one(sql, [n], |r| r.get(0))?;
            if found.is_some() {
                return Ok(found);
            }
        }
        self.game_with_id(key)
    }

    /// The game stored with this record `id`, exactly as written.
    pub fn game_with_id(&self, id: &str) -> Result<Option<i64>, StoreError> {
        self.conn
            .one("SELECT id FROM games WHERE record_id = ?1", [id], |r| {
                r.get(0)
            })
    }

    /// The latest operation that touched a game at the table (an entry, a take-back, or an
    /// undo of either).
    pub fn latest_for(&self, game: i64) -> Result<Option<i64>, StoreError> {
        let sql = "SELECT max(id) FROM operations WHERE game = ?1 AND summary != ''";
        Ok(self.conn.query_row(sql, [game], |r| r.get(0))?)
    }

    /// The operation that applied the line a phone sent to `game` as `entry` (its page's id for
    /// it), if one did (schema version 11): the line is not applied again.
    pub fn entry_applied(&self, game: i64, entry: &str) -> Result<Option<i64>, StoreError> {
        let sql = "SELECT id FROM operations WHERE game = ?1 AND entry = ?2";
        self.conn.one(sql, (game, entry), |r| r.get(0))
    }

    /// A game's rows, if it is stored (as a change leaves them, in one).
    pub fn stored_game(&self, game: i64) -> Result<Option<StoredGame>, StoreError> {
        stored_game(&self.conn, game)
    }

    /// When a game and each of its hands were entered, if it is stored.
    pub fn game_times(&self, game: i64) -> Result<Option<GameTimes>, StoreError> {
        let sql = "SELECT created FROM games WHERE id = ?1";
        let created: Option<String> = self.conn.one(sql, [game], |r| r.get(0))?;
        let Some(created) = created else {
            return Ok(None);
        };
        let hands = self.conn.all(
            "SELECT h.number, min(coalesce(t.at, h.at), h.at), max(coalesce(t.at, h.at), h.at)
                 FROM hands h LEFT JOIN tricks t ON t.hand = h.id
                 WHERE h.game = ?1 GROUP BY h.id ORDER BY h.number",
            [game],
            tuple,
        )?;
        Ok(Some(GameTimes { created, hands }))
    }

    /// The night that holds a game as a leg, if one does.
    pub fn leg_holding(&self, game: i64) -> Result<Option<LegHolding>, StoreError> {
        let sql = format!(
            "SELECT g.leg, m.kind, m.slot, h.name, a.name, f.date,
                        (SELECT max(op) FROM ({} UNION ALL {} UNION ALL {}))
                 FROM leg_games g JOIN matches m ON m.id = g.match JOIN fixtures f ON f.id = m.fixture
                 JOIN teams h ON h.id = f.home JOIN teams a ON a.id = f.away
                 WHERE g.game = ?1 ORDER BY g.id LIMIT 1",
            adders("'leg_games'", "g.id"),
            adders("'matches'", "m.id"),
            adders("'fixtures'", "f.id")
        );
        let found = self.conn.one(&sql, [game], |r| {
            Ok((
                LegHolding {
                    game,
                    place: LegNamed::read(r, 0)?,
                    linked_by: None,
                },
                r.get::<_, Option<i64>>(6)?,
            ))
        })?;
        let Some((mut holding, op)) = found else {
            return Ok(None);
        };
        if let Some(op) = op {
            holding.linked_by = self.conn.one(
                "SELECT id, summary FROM operations WHERE id = ?1",
                [op],
                tuple,
            )?;
        }
        Ok(Some(holding))
    }

    /// The games whose own rows (the game, its seats, hands, tricks, penalties) operation `op`
    /// changed, or whose entry at the table it was.
    pub fn games_changed_by(&self, op: i64) -> Result<Vec<i64>, StoreError> {
        let hand_of = |tbl: &str| {
            format!(
                "SELECT h.game FROM changes c JOIN hands h ON h.id = coalesce(json_extract(c.old, '$.hand'),
                    (SELECT hand FROM {tbl} WHERE id = c.row))
                 WHERE c.op = ?1 AND c.tbl = '{tbl}'"
            )
        };
        // The same of the rows a change that only added rows added.
        let added_of = |tbl: &str| {
            format!(
                "SELECT t.game FROM added a JOIN {tbl} t ON t.id BETWEEN a.first AND a.last
                 WHERE a.op = ?1 AND a.tbl = '{tbl}'"
            )
        };
        let added_to_hand_of = |tbl: &str| {
            format!(
                "SELECT h.game FROM added a JOIN {tbl} t ON t.id BETWEEN a.first AND a.last
                 JOIN hands h ON h.id = t.hand WHERE a.op = ?1 AND a.tbl = '{tbl}'"
            )
        };
        let sql = format!(
            "SELECT game FROM operations WHERE id = ?1 AND game IS NOT NULL
             UNION SELECT row FROM changes WHERE op = ?1 AND tbl = 'games'
             UNION SELECT coalesce(json_extract(c.old, '$.game'),
                    CASE c.tbl WHEN 'hands' THEN (SELECT game FROM hands WHERE id = c.row)
                               WHEN 'seats' THEN (SELECT game FROM seats WHERE id = c.row)
                               ELSE (SELECT game FROM entrants WHERE id = c.row) END)
                 FROM changes c WHERE c.op = ?1 AND c.tbl IN ('hands', 'seats', 'entrants')
             UNION {} UNION {}
             UNION SELECT g.id FROM added a JOIN games g ON g.id BETWEEN a.first AND a.last
                 WHERE a.op = ?1 AND a.tbl = 'games'
             UNION {} UNION {} UNION {} UNION {} UNION {}",
            hand_of("tricks"),
            hand_of("penalties"),
            added_of("hands"),
            added_of("seats"),
            added_of("entrants"),
            added_to_hand_of("tricks"),
            added_to_hand_of("penalties"),
        );
        let games: Vec<Option<i64>> = self.conn.all(&sql, [op], |r| r.get(0))?;
        Ok(games.into_iter().flatten().collect())
    }
}

impl Store {
    /// Every stored game (oldest first) that passes the filter, as records.
    pub fn games(&self, filter: &GameFilter) -> Result<Vec<GameSummary>, StoreError> {
        self.each_game(filter.sql(), |conn, game| {
            let stored =
                stored_game(conn, game)?.ok_or_else(|| damaged(game, "it is not there"))?;
            Ok(GameSummary { game, stored })
        })
    }

    /// The newest game first, for choosing the most recent unfinished one.
    pub fn game_numbers_newest_first(&self) -> Result<Vec<i64>, StoreError> {
        self.conn
            .all("SELECT id FROM games ORDER BY id DESC", [], |r| r.get(0))
    }

    /// Each game (oldest first) that a filter's query `sql` finds with `params`, read by
    /// `each`: in one read of one state, since each game's query in a transaction of its own
    /// would take and let go the database's read lock once a query, slow while another `don`
    /// writes.
    pub(super) fn each_game<T>(
        &self,
        (mut sql, params): (String, Vec<String>),
        each: impl Fn(&Connection, i64) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        sql.push_str(" ORDER BY g.id");
        self.read(|store| {
            let params = rusqlite::params_from_iter(&params);
            let ids: Vec<i64> = store.conn.all(&sql, params, |r| r.get(0))?;
            ids.into_iter()
                .map(|game| each(&store.conn, game))
                .collect()
        })
    }
}

impl Change<'_> {
    /// The nights that hold, as a leg, a game whose own rows operation `op` changed (its
    /// hands, tricks, penalties, seats, or the game itself): an undo of `op` that leaves them
    /// holding it would change a leg under a night's score.
    pub fn legs_changed_by(&self, op: i64) -> Result<Vec<LegHolding>, StoreError> {
        let mut held = Vec::new();
        for game in self.games_changed_by(op)? {
            held.extend(self.leg_holding(game)?);
        }
        Ok(held)
    }

    /// The change that put game `game` in place as it stands (`don new`, an import, or the
    /// undo that put it back), if the log still says.
    pub fn stored_by(&self, game: i64) -> Result<Option<super::db::Operation>, StoreError> {
        let sql = format!("SELECT max(op) FROM ({})", adders("'games'", "?1"));
        let op: Option<Option<i64>> = self.tx.one(&sql, [game], |r| r.get(0))?;
        op.flatten().map_or(Ok(None), |op| self.operation(op))
    }

    /// A player by name, matched ignoring case and extra spaces; added if new.
    pub fn player(&self, name: &str) -> Result<i64, StoreError> {
        // As given first: a name typed the same way again needs no folding.
        let cached = self.players.borrow().get(name).copied();
        if let Some(id) = cached {
            return Ok(id);
        }
        let key = name_key(name);
        if key.is_empty() {
            // Not met (names are checked before they come here): a name that cannot be kept.
            return Err(StoreError::Text {
                what: "the player's name",
                text: name.to_string(),
                error: crate::record::text::TextError::Invisible,
            });
        }
        // The cache's borrow ends before it is written to (a name spelt two ways in one change).
        let cached = self.players.borrow().get(&key).copied();
        if let Some(id) = cached {
            self.players.borrow_mut().insert(name.to_string(), id);
            return Ok(id);
        }
        // The player of that name today, else the namesake it labels, else the player of a
        // former name or an alias (`don player alias`); a name two players bear is refused.
        let found = self.players_named(name)?;
        let id = match found.as_slice() {
            [one] => one.id,
            [_, _, ..] => {
                return Err(StoreError::Namesake {
                    name: tidy(name),
                    candidates: found.into_iter().map(|p| p.label).collect(),
                })
            }
            [] => {
                let shown = name.split_whitespace().collect::<Vec<_>>().join(" ");
                self.tx.run(
                    "INSERT INTO players (name, key) VALUES (?1, ?2)",
                    (shown, &key),
                )?;
                self.tx.last_insert_rowid()
            }
        };
        let mut cache = self.players.borrow_mut();
        cache.insert(key, id);
        cache.insert(name.to_string(), id);
        Ok(id)
    }

    /// The games with no record `id` of this variant and date stored before this change: where
    /// a record without an `id` may be stored already (two games alike in one file, with no
    /// ids, are two games: a backup of them imports both).
    pub fn unlabelled_games(
        &self,
        variant: &str,
        date: Option<&str>,
    ) -> Result<Vec<i64>, StoreError> {
        self.tx.all(
            "SELECT id FROM games WHERE record_id IS NULL AND variant = ?1 AND date IS ?2
                 AND id NOT IN (SELECT row FROM changes WHERE op = ?3 AND tbl = 'games'
                                AND action = 'insert')
                 AND id <= ?4",
            (
                variant,
                date,
                self.op,
                self.added_above("games").unwrap_or(i64::MAX),
            ),
            |r| r.get(0),
        )
    }

    /// Stores a game's rows (as `record::stored::stored_game_of` makes them of a record): its
    /// number.
    pub fn insert_record(&self, stored: &StoredGame) -> Result<i64, StoreError> {
        let at = self.at()?;
        let conceded = stored.conceded.as_ref();
        self.tx.run(
            "INSERT INTO games (record_id, variant, ruleset, date, venue, conceded_side,
                 conceded_after, jacks_pool, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            (
                &stored.record_id,
                &stored.variant,
                &stored.ruleset,
                &stored.date,
                &stored.venue,
                conceded.map(|c| &c.0),
                conceded.map(|c| c.1),
                stored.jacks_out.as_ref().map(|j| j.0),
                &at,
            ),
        )?;
        let game = self.tx.last_insert_rowid();
        // The seats by one statement: game `?1`, then each seat's letter, player and name.
        if !stored.seats.is_empty() {
            let mut players = Vec::with_capacity(stored.seats.len());
            for (_, name) in &stored.seats {
                players.push(self.player(name)?);
            }
            let mut stmt = self.tx.prepare_cached(seats_sql(stored.seats.len()))?;
            stmt.raw_bind_parameter(1, game)?;
            for (i, ((seat, name), player)) in stored.seats.iter().zip(players).enumerate() {
                stmt.raw_bind_parameter(3 * i + 2, seat)?;
                stmt.raw_bind_parameter(3 * i + 3, player)?;
                stmt.raw_bind_parameter(3 * i + 4, name)?;
            }
            stmt.raw_execute()?;
        }
        let entrants = stored.jacks_out.iter().flat_map(|j| &j.1);
        for (i, name) in entrants.enumerate() {
            let player = self.player(name)?;
            self.tx.run(
                "INSERT INTO entrants (game, position, player, name) VALUES (?1, ?2, ?3, ?4)",
                (game, i as i64 + 1, player, name),
            )?;
        }
        self.insert_hands(game, &stored.hands, &at)?;
        Ok(game)
    }

    /// A game's hands, each with its tricks and penalties. A hand with no body is a hand
    /// begun with only its pitcher and penalties so far, kept as the scorer keeps such a hand.
    fn insert_hands(&self, game: i64, hands: &[StoredHand], at: &str) -> Result<(), StoreError> {
        for hand in hands {
            if hand.body.is_none() {
                self.hand_insert(game, hand.number, hand.pitcher.as_deref(), at)?;
            } else {
                let sql = "INSERT INTO hands (game, number, pitcher, body, totals, abandon_reason,
                     abandon_seat, claimed, layout, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";
                self.tx.run(
                    sql,
                    (
                        game,
                        hand.number,
                        &hand.pitcher,
                        &hand.body,
                        &hand.totals,
                        &hand.reason,
                        &hand.seat,
                        hand.claimed,
                        &hand.layout,
                        at,
                    ),
                )?;
            }
            self.insert_hand_rows(self.tx.last_insert_rowid(), hand, at)?;
        }
        Ok(())
    }

    /// A hand's tricks and penalties, in row `id` of `hands`.
    fn insert_hand_rows(&self, id: i64, hand: &StoredHand, at: &str) -> Result<(), StoreError> {
        // A trick imported was entered with its hand: the hand's time is its own. The tricks
        // go in by one statement (of at most TRICKS_AT_ONCE), not one each.
        for (at, tricks) in hand.tricks.chunks(TRICKS_AT_ONCE).enumerate() {
            let first = (at * TRICKS_AT_ONCE) as i64 + 1;
            let mut stmt = self.tx.prepare_cached(tricks_sql(tricks.len()))?;
            stmt.raw_bind_parameter(1, id)?;
            stmt.raw_bind_parameter(2, first)?;
            for (t, cards) in tricks.iter().enumerate() {
                stmt.raw_bind_parameter(t + 3, cards)?;
            }
            stmt.raw_execute()?;
        }
        for p in &hand.penalties {
            self.tx
                .run(ADD_PENALTY, (id, &p.side, &p.kind, p.points, at))?;
        }
        Ok(())
    }

    fn hand_insert(
        &self,
        game: i64,
        number: u32,
        pitcher: Option<&str>,
        at: &str,
    ) -> Result<(), StoreError> {
        self.tx.run(
            "INSERT INTO hands (game, number, pitcher, at) VALUES (?1, ?2, ?3, ?4)",
            (game, number, pitcher, at),
        )?;
        Ok(())
    }

    /// A hand of a game, begun if it is not yet: its row.
    fn hand_of(
        &self,
        game: i64,
        number: u32,
        pitcher: Option<&str>,
    ) -> Result<Result<i64, HandGap>, StoreError> {
        let found: Option<(i64, Option<String>)> = self.tx.one(
            "SELECT id, pitcher FROM hands WHERE game = ?1 AND number = ?2",
            (game, number),
            tuple,
        )?;
        match found {
            Some((id, stored)) => {
                if stored.is_none() && pitcher.is_some() {
                    self.tx
                        .execute("UPDATE hands SET pitcher = ?2 WHERE id = ?1", (id, pitcher))?;
                }
                Ok(Ok(id))
            }
            None => {
                let before: i64 = self.tx.query_row(
                    "SELECT count(*) FROM hands WHERE game = ?1",
                    [game],
                    |r| r.get(0),
                )?;
                if before + 1 != number as i64 {
                    return Ok(Err(HandGap {
                        game,
                        hands: before,
                        number,
                    }));
                }
                self.hand_insert(game, number, pitcher, &self.at()?)?;
                let id = self.tx.last_insert_rowid();
                Ok(Ok(id))
            }
        }
    }

    /// Keeps the entries of one line typed at the table; a hand that cannot be begun (the
    /// hands before it are not all there) stops it, with what was kept left to the caller
    /// to drop.
    pub fn append(
        &self,
        game: i64,
        entries: &[StoredEntry],
    ) -> Result<Result<(), HandGap>, StoreError> {
        let at = self.at()?;
        for e in entries {
            if let EntryRow::Concede(side) = &e.row {
                self.tx.execute(
                    "UPDATE games SET conceded_side = ?2, conceded_after = ?3 WHERE id = ?1",
                    (game, side, e.hand as i64),
                )?;
                continue;
            }
            let hand = match self.hand_of(game, e.hand, e.pitcher.as_deref())? {
                Ok(hand) => hand,
                Err(gap) => return Ok(Err(gap)),
            };
            match &e.row {
                EntryRow::Pitcher(p) => {
                    self.tx
                        .execute("UPDATE hands SET pitcher = ?2 WHERE id = ?1", (hand, p))?;
                }
                EntryRow::Trick(cards) => {
                    self.tx.execute(
                        "UPDATE hands SET body = 'tricks' WHERE id = ?1 AND body IS NULL",
                        [hand],
                    )?;
                    self.tx.execute(
                        "INSERT INTO tricks (hand, number, cards, at)
                         VALUES (?1, (SELECT count(*) + 1 FROM tricks WHERE hand = ?1), ?2, ?3)",
                        (hand, cards, &at),
                    )?;
                }
                EntryRow::Layout(fields) => {
                    self.tx.execute(
                        "UPDATE hands SET body = 'tricks', layout = ?2 WHERE id = ?1",
                        (hand, fields),
                    )?;
                }
                EntryRow::Totals(fields) => {
                    self.tx.execute(
                        "UPDATE hands SET body = 'totals', totals = ?2 WHERE id = ?1",
                        (hand, fields),
                    )?;
                }
                EntryRow::Abandon { reason, seat } => {
                    self.tx.execute(
                        "UPDATE hands SET body = 'abandoned', abandon_reason = ?2, abandon_seat = ?3
                         WHERE id = ?1",
                        (hand, reason, seat),
                    )?;
                }
                EntryRow::Penalty(p) => {
                    self.tx
                        .run(ADD_PENALTY, (hand, &p.side, &p.kind, p.points, &at))?;
                }
                EntryRow::EndHand => {
                    self.tx
                        .execute("UPDATE hands SET claimed = 1 WHERE id = ?1", [hand])?;
                }
                EntryRow::Concede(_) => {}
            }
        }
        Ok(Ok(()))
    }

    /// A game's ruleset (JSON text, as stored), if the game is there.
    pub fn ruleset(&self, game: i64) -> Result<Option<String>, StoreError> {
        let sql = "SELECT ruleset FROM games WHERE id = ?1";
        self.tx.one(sql, [game], |r| r.get(0))
    }
}
