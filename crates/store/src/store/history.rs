//! A league's past read at once for `don history` (issue 19): every season, with its teams, its
//! nights with a result (grid nights marked undated), its adjustments, its final table as
//! printed (`season_tables`, schema version 10) and its rosters — a few statements for the whole
//! league, whatever the number of seasons, not some for each.

use std::collections::{HashMap, HashSet};

use super::db::Reads;
use super::db::{date, tuple, Sql, StoreError};
use super::league::{RawFixture, RawMatch, FIXTURE_COLUMNS, MATCH_COLUMNS};
use super::past::table_line;
use crate::league::history::PastSeason;
use crate::league::{Adjustment, Match, Night, SeasonRecord, Team};

/// A league's seasons as they are read, each found by its number.
struct Past {
    seasons: Vec<PastSeason>,
    /// Each season's place in `seasons`, by its number.
    at: HashMap<i64, usize>,
}

impl Past {
    /// The season numbered `season`.
    fn of(&mut self, season: i64) -> Result<&mut PastSeason, StoreError> {
        match self.at.get(&season) {
            Some(&i) => Ok(&mut self.seasons[i]),
            None => Err(StoreError::damaged(
                "a season's history",
                format!("season {season} went missing"),
            )),
        }
    }
}

impl Reads {
    /// Every season of a league with what its history needs, oldest made first: its teams
    /// named as they are today, its nights with a result (cancelled fixtures left out) by date
    /// then number, a match's leg scores not read (the history needs the legs won only).
    pub fn past(&self, league: i64) -> Result<Vec<PastSeason>, StoreError> {
        let seasons: Vec<PastSeason> = self
            .seasons(league)?
            .into_iter()
            .map(|info| PastSeason {
                id: info.id,
                last_dated: None,
                season: SeasonRecord {
                    name: info.name,
                    config: info.config,
                    teams: Vec::new(),
                    nights: Vec::new(),
                    adjustments: Vec::new(),
                    recorded: Vec::new(),
                    divisions: Vec::new(),
                },
                undated: HashSet::new(),
                recorded: Vec::new(),
                rosters: Vec::new(),
                unplayed: 0,
            })
            .collect();
        let mut past = Past {
            at: seasons.iter().enumerate().map(|(i, s)| (s.id, i)).collect(),
            seasons,
        };
        self.past_dates(league, &mut past)?;
        self.past_teams(league, &mut past)?;
        self.past_divisions(league, &mut past)?;
        self.past_nights(league, &mut past)?;
        self.past_adjustments(league, &mut past)?;
        self.past_tables(league, &mut past)?;
        self.past_rosters(league, &mut past)?;
        Ok(past.seasons)
    }

    /// Each season's last dated fixture and its fixtures still to play.
    fn past_dates(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let rows: Vec<(i64, Option<String>, u32)> = self.conn.all(
            "SELECT f.season,
                    max(f.date) FILTER (WHERE f.status <> 'cancelled' AND f.undated = 0),
                    count(*) FILTER (WHERE f.status <> 'cancelled' AND f.result IS NULL)
             FROM fixtures f JOIN seasons s ON s.id = f.season
             WHERE s.league = ?1 GROUP BY f.season",
            [league],
            tuple,
        )?;
        for (season, last, unplayed) in rows {
            let s = past.of(season)?;
            s.last_dated = last.as_deref().map(date).transpose()?;
            s.unplayed = unplayed as usize;
        }
        Ok(())
    }

    /// Each season's teams, named as they are today.
    fn past_teams(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let rows: Vec<(i64, i64, String, Option<String>)> = self.conn.all(
            "SELECT e.season, t.id, t.name, e.withdrawn
             FROM entries e JOIN teams t ON t.id = e.team JOIN seasons s ON s.id = e.season
             WHERE s.league = ?1 ORDER BY e.season, t.key",
            [league],
            tuple,
        )?;
        for (season, id, name, withdrawn) in rows {
            past.of(season)?.season.teams.push(Team {
                id,
                name,
                withdrawn: withdrawn.as_deref().map(date).transpose()?,
            });
        }
        Ok(())
    }

    /// Each season's divisions, top first, with their teams (a team placed in none: the
    /// lowest), in the order of the season's teams.
    fn past_divisions(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let divisions: Vec<(i64, i64, String)> = self.conn.all(
            "SELECT d.season, d.id, d.name FROM divisions d JOIN seasons s ON s.id = d.season
             WHERE s.league = ?1 ORDER BY d.season, d.rank, d.id",
            [league],
            tuple,
        )?;
        if divisions.is_empty() {
            return Ok(());
        }
        let placed: HashMap<(i64, i64), i64> = self.conn.all(
            "SELECT e.season, e.team, e.division FROM entries e
             JOIN seasons s ON s.id = e.season
             WHERE s.league = ?1 AND e.division IS NOT NULL",
            [league],
            |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)),
        )?;
        let mut ids: HashMap<i64, Vec<i64>> = HashMap::new();
        for (season, id, name) in divisions {
            ids.entry(season).or_default().push(id);
            past.of(season)?
                .season
                .divisions
                .push(crate::league::Division {
                    name,
                    teams: Vec::new(),
                });
        }
        for (season, ids) in ids {
            let lowest = *ids.last().expect("a division");
            let s = &mut past.of(season)?.season;
            let teams: Vec<i64> = s.teams.iter().map(|t| t.id).collect();
            for team in teams {
                let d = placed.get(&(season, team)).copied().unwrap_or(lowest);
                if let Some(at) = ids.iter().position(|i| *i == d) {
                    s.divisions[at].teams.push(team);
                }
            }
        }
        Ok(())
    }

    /// Each season's nights with a result, by date then number; a grid's nights marked undated.
    fn past_nights(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let mut matches = self.past_matches(league)?;
        let sql = format!(
            "SELECT {FIXTURE_COLUMNS}
             FROM fixtures f LEFT JOIN confirmations c ON c.fixture = f.id
             JOIN seasons s ON s.id = f.season
             WHERE s.league = ?1 AND f.status <> 'cancelled' AND f.result IS NOT NULL
             ORDER BY f.season, f.date, f.id"
        );
        let rows: Vec<RawFixture> = self.conn.all(&sql, [league], RawFixture::read)?;
        for raw in rows {
            let Some(result) = raw.result(matches.remove(&raw.id).unwrap_or_default())? else {
                continue;
            };
            let s = past.of(raw.season)?;
            if raw.undated {
                s.undated.insert(raw.id);
            }
            s.season.nights.push(Night {
                id: raw.id,
                date: date(&raw.date)?,
                home: raw.home,
                away: raw.away,
                result,
                confirmation: Default::default(),
            });
        }
        Ok(())
    }

    /// Each season's adjustments, in date order.
    fn past_adjustments(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let rows: Vec<(i64, i64, i64, String, String)> = self.conn.all(
            "SELECT a.season, a.team, a.points, a.reason, a.date
             FROM adjustments a JOIN seasons s ON s.id = a.season
             WHERE s.league = ?1 ORDER BY a.season, a.date, a.id",
            [league],
            tuple,
        )?;
        for (season, team, points, reason, day) in rows {
            past.of(season)?.season.adjustments.push(Adjustment {
                team,
                points,
                reason,
                date: date(&day)?,
            });
        }
        Ok(())
    }

    /// Each closed season's final table, in printed order.
    fn past_tables(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let rows: Vec<(i64, _)> = self.conn.all(
            "SELECT t.season, t.pos, t.team, t.played, t.won, t.drawn, t.lost, t.matches_for,
                    t.matches_against, t.legs_for, t.legs_against, t.points, t.note
             FROM season_tables t JOIN seasons s ON s.id = t.season
             WHERE s.league = ?1 ORDER BY t.season, t.position",
            [league],
            |r| Ok((r.get(0)?, table_line(r, 1)?)),
        )?;
        for (season, line) in rows {
            past.of(season)?.recorded.push(line);
        }
        Ok(())
    }

    /// Each season's rosters: team, player's name today.
    fn past_rosters(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let rows: Vec<(i64, (i64, i64, String))> = self.conn.all(
            "SELECT r.player, r.season, r.team, p.name
             FROM rosters r JOIN players p ON p.id = r.player JOIN seasons s ON s.id = r.season
             WHERE s.league = ?1 ORDER BY r.season, p.key, p.id",
            [league],
            |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?, r.get(3)?))),
        )?;
        for (season, team, name) in self.labelled(rows, |(_, _, name)| name)? {
            past.of(season)?.rosters.push((team, name));
        }
        Ok(())
    }

    /// Every match of a league's nights, by fixture, in the night's order, players named as
    /// they are today; leg scores not read.
    fn past_matches(&self, league: i64) -> Result<HashMap<i64, Vec<Match>>, StoreError> {
        let names = self.player_labels()?;
        let sql = format!(
            "SELECT {MATCH_COLUMNS}, NULL
             FROM matches m JOIN fixtures f ON f.id = m.fixture JOIN seasons s ON s.id = f.season
             WHERE s.league = ?1 AND f.status <> 'cancelled'"
        );
        let rows: Vec<RawMatch> = self.conn.all(&sql, [league], RawMatch::read)?;
        let mut out: HashMap<i64, Vec<(i64, Match)>> = HashMap::new();
        for raw in rows {
            let m = raw.to_match(&names)?;
            out.entry(raw.fixture).or_default().push((raw.id, m));
        }
        // Each night's matches in the order they were entered (sorted here, night by night,
        // rather than the whole league's by SQLite).
        Ok(out
            .into_iter()
            .map(|(fixture, mut ms)| {
                ms.sort_unstable_by_key(|(id, _)| *id);
                (fixture, ms.into_iter().map(|(_, m)| m).collect())
            })
            .collect())
    }
}
