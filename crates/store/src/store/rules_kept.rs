//! The rules of the league that rows put back by `undo N` must keep, as every command that
//! adds a row keeps them: a team plays one fixture a date (undated nights of a results grid
//! aside, cancelled fixtures not counted), and a pair of teams one fixture a date at all; a
//! name (a team's name today, former name or alias in its league; a player's) means one team
//! or one player; a stored game is a leg of at most one match. Undoing a change out of turn
//! puts back rows as they were before later changes took their place (a date given to another
//! fixture, a name to another team, a game to another night): each row this change put back or
//! changed back is checked against what stands now, and the first rule broken is said, with
//! what holds the place and the later changes that put it there.

use super::broken::{Broken, FixtureNamed, LegNamed};
use super::db::{Change, Sql, StoreError};
use super::oplog::{Clash, Operation};

/// What holds a place: a row of a table, and the columns whose change put it there.
struct Holder {
    table: &'static str,
    row: i64,
    columns: &'static [&'static str],
}

/// What was found: the rule broken and the row holding the place.
type Found = (Broken, Holder);

impl Change<'_> {
    /// After [`Change::reverse`] of `target` in this change: the first rule of the league a
    /// row this change put back or changed back breaks, with the later changes (after
    /// `target`, not undone) that put the row holding the place there. None if every rule
    /// holds for the rows it touched.
    pub fn rules_broken(&self, target: i64) -> Result<Option<Clash>, StoreError> {
        let mut found = None;
        for clash in [
            Self::fixture_clash,
            Self::team_name_clash,
            Self::player_name_clash,
            Self::leg_clash,
        ] {
            if found.is_none() {
                found = clash(self)?;
            }
        }
        let Some((broken, holder)) = found else {
            return Ok(None);
        };
        let by = self.put_there_by(target, &holder)?;
        Ok(Some(Clash {
            table: holder.table,
            by,
            rule: Some(broken),
        }))
    }

    /// The rows of `table` this change touched and that stand now: in a query, the condition
    /// on `column`.
    fn touched(table: &str, column: &str) -> String {
        format!("{column} IN (SELECT row FROM changes WHERE op = ?1 AND tbl = '{table}')")
    }

    /// In a query, the name of the team or player (`table`) numbered `id` before this change:
    /// as this change found it, if it changed it, else as it is.
    fn name_before(table: &str, id: &str) -> String {
        format!(
            "coalesce((SELECT json_extract(c.old, '$.name') FROM changes c WHERE c.op = ?1
                       AND c.tbl = '{table}' AND c.row = {id} AND c.old IS NOT NULL ORDER BY c.id LIMIT 1),
                      (SELECT name FROM {table} WHERE id = {id}))"
        )
    }

    /// A fixture this change put back or changed that shares its date with another of one
    /// of its teams (neither cancelled), or with another of the same home and away teams.
    fn fixture_clash(&self) -> Result<Option<Found>, StoreError> {
        let sql = format!(
            "SELECT f.id, fh.name, fa.name, f.date, g.id, gh.name, ga.name,
                    CASE WHEN f.home IN (g.home, g.away) THEN fh.name ELSE fa.name END
             FROM fixtures f JOIN fixtures g ON g.season = f.season AND g.date = f.date
                  AND g.id <> f.id AND g.undated = 0
             JOIN teams fh ON fh.id = f.home JOIN teams fa ON fa.id = f.away
             JOIN teams gh ON gh.id = g.home JOIN teams ga ON ga.id = g.away
             WHERE {} AND f.undated = 0 AND (
                 (f.status <> 'cancelled' AND g.status <> 'cancelled'
                  AND (g.home IN (f.home, f.away) OR g.away IN (f.home, f.away)))
                 OR (g.home = f.home AND g.away = f.away))
             ORDER BY {}, f.id, g.id LIMIT 1",
            Self::touched("fixtures", "f.id"),
            Self::touched("fixtures", "g.id"),
        );
        let found = self.tx.one(&sql, [self.op], |r| {
            let date: String = r.get(3)?;
            Ok((
                Broken::TeamDate {
                    team: r.get(7)?,
                    put_back: FixtureNamed {
                        id: r.get(0)?,
                        home: r.get(1)?,
                        away: r.get(2)?,
                        date: date.clone(),
                    },
                    holder: FixtureNamed {
                        id: r.get(4)?,
                        home: r.get(5)?,
                        away: r.get(6)?,
                        date,
                    },
                },
                Holder {
                    table: "fixtures",
                    row: r.get(4)?,
                    columns: &["date", "status", "home", "away", "season", "undated"],
                },
            ))
        })?;
        Ok(found)
    }

    /// A name of a team (today's, in `teams`, or another, in `team_names`) this change put
    /// back or changed that another team of the league bears now.
    fn team_name_clash(&self) -> Result<Option<Found>, StoreError> {
        // Every name of every team of a league touched here, with where it is kept.
        let names = "SELECT 'teams' AS tbl, t.id AS row, t.id AS team, t.league AS league,
                            t.key AS key, t.name AS name FROM teams t
                     UNION ALL SELECT 'team_names', n.id, n.team, t.league, n.key, n.name
                     FROM team_names n JOIN teams t ON t.id = n.team";
        let sql = format!(
            "WITH names AS ({names}),
                  mine AS (SELECT tbl, row FROM changes WHERE op = ?1
                           AND tbl IN ('teams', 'team_names'))
             SELECT a.name, {}, (SELECT name FROM teams WHERE id = b.team), b.tbl, b.row
             FROM mine m JOIN names a ON a.tbl = m.tbl AND a.row = m.row
             JOIN names b ON b.league = a.league AND b.key = a.key AND b.team <> a.team
             ORDER BY EXISTS (SELECT 1 FROM mine WHERE tbl = b.tbl AND row = b.row),
                      a.tbl, a.row, b.tbl, b.row
             LIMIT 1",
            Self::name_before("teams", "a.team")
        );
        self.name_found(
            &sql,
            false,
            [
                ("teams", &["key", "league"]),
                ("team_names", &["key", "team"]),
            ],
        )
    }

    /// A player's name (today's, or another) this change put back or changed that another
    /// player bears now. (Two players' names today, or two other names, are kept apart by
    /// the schema's unique keys, found as the row is put back.)
    fn player_name_clash(&self) -> Result<Option<Found>, StoreError> {
        let sql = format!(
            "SELECT a.name, a.owner, a.holder, a.tbl, a.row FROM (
                 SELECT p.name AS name, {} AS owner, q.name AS holder,
                        'player_names' AS tbl, n.id AS row, 0 AS order_by
                 FROM players p JOIN player_names n ON n.key = p.key AND n.player <> p.id
                 JOIN players q ON q.id = n.player WHERE {}
                 UNION ALL
                 SELECT n.name, {}, p.name, 'players', p.id, 1
                 FROM player_names n JOIN players p ON p.key = n.key AND p.id <> n.player
                 JOIN players q ON q.id = n.player WHERE {}) a
             ORDER BY EXISTS (SELECT 1 FROM changes WHERE op = ?1 AND tbl = a.tbl AND row = a.row),
                      a.order_by, a.row
             LIMIT 1",
            Self::name_before("players", "p.id"),
            Self::touched("players", "p.id"),
            Self::name_before("players", "q.id"),
            Self::touched("player_names", "n.id"),
        );
        self.name_found(
            &sql,
            true,
            [("players", &["key"]), ("player_names", &["key", "player"])],
        )
    }

    /// The name clash `sql` finds (its columns: the name, its owner before the undo, its
    /// holder now, the holder's table and row), the holder's columns by its table: the first
    /// of `tables` (today's names) or the second (other names).
    fn name_found(
        &self,
        sql: &str,
        player: bool,
        tables: [(&'static str, &'static [&'static str]); 2],
    ) -> Result<Option<Found>, StoreError> {
        let found = self.tx.one(sql, [self.op], |r| {
            let table: String = r.get(3)?;
            Ok((
                Broken::Name {
                    player,
                    name: r.get(0)?,
                    owner: r.get(1)?,
                    holder: r.get(2)?,
                },
                table,
                r.get::<_, i64>(4)?,
            ))
        })?;
        Ok(found.map(|(broken, table, row)| {
            let (table, columns) = if table == tables[0].0 {
                tables[0]
            } else {
                tables[1]
            };
            (
                broken,
                Holder {
                    table,
                    row,
                    columns,
                },
            )
        }))
    }

    /// A stored game's link as a leg that this change put back or changed, when another link
    /// holds the same game now.
    fn leg_clash(&self) -> Result<Option<Found>, StoreError> {
        let leg = |g: &str, m: &str, f: &str, h: &str, a: &str| {
            format!("{g}.leg, {m}.kind, {m}.slot, {h}.name, {a}.name, {f}.date")
        };
        let sql = format!(
            "SELECT g.game, {}, {}, k.id
             FROM leg_games g JOIN leg_games k ON k.game = g.game AND k.id <> g.id
             JOIN matches m ON m.id = g.match JOIN fixtures f ON f.id = m.fixture
             JOIN teams fh ON fh.id = f.home JOIN teams fa ON fa.id = f.away
             JOIN matches km ON km.id = k.match JOIN fixtures kf ON kf.id = km.fixture
             JOIN teams kh ON kh.id = kf.home JOIN teams ka ON ka.id = kf.away
             WHERE {}
             ORDER BY {}, g.id, k.id LIMIT 1",
            leg("g", "m", "f", "fh", "fa"),
            leg("k", "km", "kf", "kh", "ka"),
            Self::touched("leg_games", "g.id"),
            Self::touched("leg_games", "k.id"),
        );
        let found = self.tx.one(&sql, [self.op], |r| {
            Ok((
                Broken::Leg {
                    game: r.get(0)?,
                    put_back: LegNamed::read(r, 1)?,
                    holder: LegNamed::read(r, 7)?,
                },
                Holder {
                    table: "leg_games",
                    row: r.get(13)?,
                    columns: &["game", "match"],
                },
            ))
        })?;
        Ok(found)
    }

    /// The later operations (after `target`, before this one, not undone) that put `holder`
    /// where it stands: that added the row, or changed one of the columns that place it.
    /// Failing those, the later ones that touched it at all.
    fn put_there_by(&self, target: i64, holder: &Holder) -> Result<Vec<Operation>, StoreError> {
        let moved: Vec<String> = holder
            .columns
            .iter()
            .map(|c| {
                format!(
                    "json_extract(c.old, '$.{c}') IS NOT (SELECT {c} FROM {} WHERE id = c.row)",
                    holder.table
                )
            })
            .collect();
        let placed = format!("(c.action = 'insert' OR {})", moved.join(" OR "));
        let row = Some(holder.row);
        self.later_by(target, holder.table, &[(row, &placed), (row, "1")])
    }
}
