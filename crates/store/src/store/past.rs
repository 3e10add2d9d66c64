//! The league's past in the database (schema version 10): a closed season's final table as it
//! was printed (`season_tables`), and the nights of a results grid, which have no date
//! (`fixtures.undated`: their `date` is the season's end as the import found it). Whether a
//! season is closed is read here; `app` refuses anything entered into one.

use chrono::NaiveDate;

use super::db::{date, Change, Reads, Sql, StoreError};
use crate::league::TeamId;
use crate::record::standings::TableLine;

/// A line of a final table as stored, its columns from `at` on: pos, team, played, won, drawn,
/// lost, matches_for, matches_against, legs_for, legs_against, points, note.
pub(super) fn table_line(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<TableLine<TeamId>> {
    Ok(TableLine {
        pos: r.get(at)?,
        team: r.get(at + 1)?,
        played: r.get(at + 2)?,
        won: r.get(at + 3)?,
        drawn: r.get(at + 4)?,
        lost: r.get(at + 5)?,
        matches_for: r.get(at + 6)?,
        matches_against: r.get(at + 7)?,
        legs_for: r.get(at + 8)?,
        legs_against: r.get(at + 9)?,
        points: r.get(at + 10)?,
        note: r.get(at + 11)?,
    })
}

impl Reads {
    /// A season's final table as recorded, in its printed order (empty: the season is not
    /// closed).
    pub fn season_table(&self, season: i64) -> Result<Vec<TableLine<TeamId>>, StoreError> {
        self.conn.all(
            "SELECT pos, team, played, won, drawn, lost, matches_for, matches_against, legs_for,
                    legs_against, points, note
             FROM season_tables WHERE season = ?1 ORDER BY position",
            [season],
            |r| table_line(r, 0),
        )
    }

    /// Whether a season is closed: known by its final table.
    pub fn is_closed(&self, season: i64) -> Result<bool, StoreError> {
        let sql = "SELECT 1 FROM season_tables WHERE season = ?1 LIMIT 1";
        Ok(self.conn.one(sql, [season], |_| Ok(()))?.is_some())
    }

    /// The closed seasons of a league, by id.
    pub fn closed_seasons(&self, league: i64) -> Result<Vec<i64>, StoreError> {
        self.conn.all(
            "SELECT DISTINCT t.season FROM season_tables t JOIN seasons s ON s.id = t.season
             WHERE s.league = ?1 ORDER BY t.season",
            [league],
            |r| r.get(0),
        )
    }

    /// The date of a season's last dated night or fixture (cancelled ones, and nights without
    /// a date, not counted).
    pub fn last_dated(&self, season: i64) -> Result<Option<NaiveDate>, StoreError> {
        let sql = "SELECT max(date) FROM fixtures
             WHERE season = ?1 AND undated = 0 AND status <> 'cancelled'";
        let last: Option<String> = self.conn.one(sql, [season], |r| r.get(0))?.flatten();
        last.as_deref().map(date).transpose()
    }

    /// The season's name, if it is closed.
    pub fn closed_name(&self, season: i64) -> Result<Option<String>, StoreError> {
        let sql = "SELECT name FROM seasons WHERE id = ?1
             AND EXISTS (SELECT 1 FROM season_tables WHERE season = ?1)";
        self.conn.one(sql, [season], |r| r.get(0))
    }

    /// The season a fixture is in.
    pub fn fixture_season(&self, fixture: i64) -> Result<Option<i64>, StoreError> {
        self.conn.one(
            "SELECT season FROM fixtures WHERE id = ?1",
            [fixture],
            |r| r.get(0),
        )
    }
}

impl Change<'_> {
    /// Keeps a row of a season's final table, at `position` in its printed order (from 1).
    pub fn add_table_row(
        &self,
        season: i64,
        position: u32,
        row: &TableLine<TeamId>,
    ) -> Result<(), StoreError> {
        self.tx.run(
            "INSERT INTO season_tables (season, position, pos, team, played, won, drawn, lost,
                 matches_for, matches_against, legs_for, legs_against, points, note)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            rusqlite::params![
                season,
                position,
                row.pos,
                row.team,
                row.played,
                row.won,
                row.drawn,
                row.lost,
                row.matches_for,
                row.matches_against,
                row.legs_for,
                row.legs_against,
                row.points,
                row.note,
            ],
        )?;
        Ok(())
    }
}
