//! A league's past read at once for `don history` (issue 19): every season, with its teams, its
//! nights with a result (grid nights marked undated), its adjustments, its final table as
//! printed (`season_tables`, schema version 10) and its rosters — a few statements for the whole
//! league, whatever the number of seasons, not some for each.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;

use super::db::StoreError;
use super::league::LeagueReader;
use super::past::table_line;
use crate::league::history::PastSeason;
use crate::league::{
    Adjustment, HomeAway, Kind, Match, Night, NightResult, Pair, SeasonRecord, Team,
};

fn day(text: &str) -> Result<NaiveDate, StoreError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|e| StoreError::damaged(format!("a date \"{text}\""), e))
}

/// A fixture's columns as read: number, season, date, undated, home, away, result, points,
/// walkover.
type RawNight = (
    i64,
    i64,
    String,
    bool,
    i64,
    i64,
    String,
    (Option<u32>, Option<u32>),
    Option<String>,
);

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

impl LeagueReader<'_> {
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
        self.past_nights(league, &mut past)?;
        self.past_adjustments(league, &mut past)?;
        self.past_tables(league, &mut past)?;
        self.past_rosters(league, &mut past)?;
        Ok(past.seasons)
    }

    /// Each season's last dated fixture and its fixtures still to play.
    fn past_dates(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let conn = self.0;
        let mut stmt = conn.prepare_cached(
            "SELECT f.season,
                    max(f.date) FILTER (WHERE f.status <> 'cancelled' AND f.undated = 0),
                    count(*) FILTER (WHERE f.status <> 'cancelled' AND f.result IS NULL)
             FROM fixtures f JOIN seasons s ON s.id = f.season
             WHERE s.league = ?1 GROUP BY f.season",
        )?;
        let rows = stmt.query_map([league], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, u32>(2)?,
            ))
        })?;
        for row in rows {
            let (season, last, unplayed) = row?;
            let s = past.of(season)?;
            s.last_dated = last.as_deref().map(day).transpose()?;
            s.unplayed = unplayed as usize;
        }
        Ok(())
    }

    /// Each season's teams, named as they are today.
    fn past_teams(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let conn = self.0;
        let mut stmt = conn.prepare_cached(
            "SELECT e.season, t.id, t.name, e.withdrawn
             FROM entries e JOIN teams t ON t.id = e.team JOIN seasons s ON s.id = e.season
             WHERE s.league = ?1 ORDER BY e.season, t.key",
        )?;
        let rows = stmt.query_map([league], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?,
            ))
        })?;
        for row in rows {
            let (season, id, name, withdrawn) = row?;
            past.of(season)?.season.teams.push(Team {
                id,
                name,
                withdrawn: withdrawn.as_deref().map(day).transpose()?,
            });
        }
        Ok(())
    }

    /// Each season's nights with a result, by date then number; a grid's nights marked undated.
    fn past_nights(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let conn = self.0;
        let mut matches = self.past_matches(league)?;
        let mut stmt = conn.prepare_cached(
            "SELECT f.id, f.season, f.date, f.undated, f.home, f.away, f.result, f.home_points,
                    f.away_points, f.walkover
             FROM fixtures f JOIN seasons s ON s.id = f.season
             WHERE s.league = ?1 AND f.status <> 'cancelled' AND f.result IS NOT NULL
             ORDER BY f.season, f.date, f.id",
        )?;
        let rows = stmt.query_map([league], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get::<_, i64>(3)? != 0,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                (r.get(7)?, r.get(8)?),
                r.get(9)?,
            ))
        })?;
        for row in rows {
            let (id, season, date, undated, home, away, result, points, walkover): RawNight = row?;
            let bad = |why: &str| StoreError::damaged(format!("fixture {id}"), why);
            let result = match result.as_str() {
                "matches" => NightResult::Matches(matches.remove(&id).unwrap_or_default()),
                "totals" => match points {
                    (Some(h), Some(a)) => NightResult::Totals(Pair::new(h, a)),
                    _ => return Err(bad("totals without points")),
                },
                "walkover" => NightResult::Walkover(
                    walkover
                        .as_deref()
                        .unwrap_or("")
                        .parse::<HomeAway>()
                        .map_err(|e| bad(&e))?,
                ),
                other => return Err(bad(&format!("a result \"{other}\""))),
            };
            let s = past.of(season)?;
            if undated {
                s.undated.insert(id);
            }
            s.season.nights.push(Night {
                id,
                date: day(&date)?,
                home,
                away,
                result,
                confirmation: Default::default(),
            });
        }
        Ok(())
    }

    /// Each season's adjustments, in date order.
    fn past_adjustments(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let conn = self.0;
        let mut stmt = conn.prepare_cached(
            "SELECT a.season, a.team, a.points, a.reason, a.date
             FROM adjustments a JOIN seasons s ON s.id = a.season
             WHERE s.league = ?1 ORDER BY a.season, a.date, a.id",
        )?;
        let rows = stmt.query_map([league], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
            ))
        })?;
        for row in rows {
            let (season, team, points, reason, date) = row?;
            past.of(season)?.season.adjustments.push(Adjustment {
                team,
                points,
                reason,
                date: day(&date)?,
            });
        }
        Ok(())
    }

    /// Each closed season's final table, in printed order.
    fn past_tables(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let conn = self.0;
        let mut stmt = conn.prepare_cached(
            "SELECT t.season, t.pos, t.team, t.played, t.won, t.drawn, t.lost, t.matches_for,
                    t.matches_against, t.legs_for, t.legs_against, t.points, t.note
             FROM season_tables t JOIN seasons s ON s.id = t.season
             WHERE s.league = ?1 ORDER BY t.season, t.position",
        )?;
        let rows = stmt.query_map([league], |r| Ok((r.get::<_, i64>(0)?, table_line(r, 1)?)))?;
        for row in rows {
            let (season, line) = row?;
            past.of(season)?.recorded.push(line);
        }
        Ok(())
    }

    /// Each season's rosters: team, player's name today.
    fn past_rosters(&self, league: i64, past: &mut Past) -> Result<(), StoreError> {
        let conn = self.0;
        let mut stmt = conn.prepare_cached(
            "SELECT r.season, r.team, p.name
             FROM rosters r JOIN players p ON p.id = r.player JOIN seasons s ON s.id = r.season
             WHERE s.league = ?1 ORDER BY r.season, p.key",
        )?;
        let rows = stmt.query_map([league], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?;
        for row in rows {
            let (season, team, name) = row?;
            past.of(season)?.rosters.push((team, name));
        }
        Ok(())
    }

    /// Every match of a league's nights, by fixture, in the night's order, players named as
    /// they are today; leg scores not read.
    fn past_matches(&self, league: i64) -> Result<HashMap<i64, Vec<Match>>, StoreError> {
        let conn = self.0;
        let names: HashMap<i64, String> = {
            let mut stmt = conn.prepare_cached("SELECT id, name FROM players")?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect::<Result<_, _>>()?
        };
        let mut stmt = conn.prepare_cached(
            "SELECT m.id, m.fixture, m.kind, m.slot, m.home_players, m.away_players, m.home_legs,
                    m.away_legs
             FROM matches m JOIN fixtures f ON f.id = m.fixture JOIN seasons s ON s.id = f.season
             WHERE s.league = ?1 AND f.status <> 'cancelled'",
        )?;
        let rows = stmt.query_map([league], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, u32>(3)?,
                (r.get::<_, String>(4)?, r.get::<_, String>(5)?),
                (r.get::<_, u32>(6)?, r.get::<_, u32>(7)?),
            ))
        })?;
        let mut out: HashMap<i64, Vec<(i64, Match)>> = HashMap::new();
        for row in rows {
            let (id, fixture, kind, slot, players, legs) = row?;
            let bad = |why: String| StoreError::damaged(format!("match {id}"), why);
            let kind: Kind = kind.parse().map_err(|e| bad(format!("{e}")))?;
            let side = |json: &str| -> Result<Vec<String>, StoreError> {
                crate::record::stored::ids_of_text(json)
                    .map_err(bad)?
                    .iter()
                    .map(|p| {
                        names
                            .get(p)
                            .cloned()
                            .ok_or_else(|| bad(format!("no player {p}")))
                    })
                    .collect()
            };
            out.entry(fixture).or_default().push((
                id,
                Match {
                    kind,
                    slot,
                    players: Pair::new(side(&players.0)?, side(&players.1)?),
                    legs: Pair::new(legs.0, legs.1),
                    leg_scores: Vec::new(),
                },
            ));
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
