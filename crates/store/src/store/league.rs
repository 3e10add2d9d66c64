//! Leagues in the database: leagues, seasons, teams, rosters, fixtures, nights and adjustments.
//! What the league layer checks is kept here as it was entered. A Don leg scored by a stored game
//! is read as it is stored (its score, the game's number and the side that played for the home
//! team); the game is replayed above the store (`app::league::season`), once a command.

use std::collections::HashMap;
use std::fmt::Write as _;

use chrono::NaiveDate;
use rusqlite::{Connection, Params};

use super::broken::LegNamed;
use super::db::{date, tuple, Change, Reads, Sql, StoreError};
use crate::league::names::{name_key, tidy};
use crate::league::{
    Adjustment, Config, Confirmation, HomeAway, Kind, Leg, Match, NightResult, Pair, Team, TeamId,
};
use crate::rules::Side as GameSide;

/// A league as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueInfo {
    pub id: i64,
    pub name: String,
    /// What its next season is made with.
    pub config: Config,
}

/// A season as stored, with the configuration it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonInfo {
    pub id: i64,
    pub league: i64,
    pub name: String,
    pub config: Config,
}

/// A team of a league.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamInfo {
    pub id: TeamId,
    pub name: String,
    pub venue: Option<String>,
}

/// A team in a season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonEntry {
    pub team: TeamInfo,
    pub withdrawn: Option<NaiveDate>,
    pub roster: Vec<String>,
}

/// The stored game that scored a Don leg of a match: the leg's number (from 1), the game, and
/// the game's side that played for the home team.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegLink {
    pub leg: u32,
    pub game: i64,
    pub home_side: crate::rules::Side,
}

/// A fixture, played or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    pub id: i64,
    pub round: Option<u32>,
    pub date: NaiveDate,
    pub home: TeamInfo,
    pub away: TeamInfo,
    pub cancelled: bool,
    /// The night's result, once entered.
    pub result: Option<NightResult>,
    /// Whether both teams stand by the result.
    pub confirmation: Confirmation,
    /// A night known only from a results grid: it has no date (`date` is the season's end).
    pub undated: bool,
}

/// A team from `id, name, venue`.
fn team_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<TeamInfo> {
    Ok(TeamInfo {
        id: r.get(0)?,
        name: r.get(1)?,
        venue: r.get(2)?,
    })
}

fn config(text: &str) -> Result<Config, StoreError> {
    Config::from_text(text).map_err(|e| StoreError::damaged("a configuration", e))
}

/// Rows of `id, name, config` (a league's or a season's), the configuration read.
fn configured(
    conn: &Connection,
    sql: &str,
    params: impl Params,
) -> Result<Vec<(i64, String, Config)>, StoreError> {
    let rows: Vec<(i64, String, String)> = conn.all(sql, params, tuple)?;
    rows.into_iter()
        .map(|(id, name, text)| Ok((id, name, config(&text)?)))
        .collect()
}

/// The span of a season's fixtures from its first and last date, if it has any.
fn span(
    first: Option<String>,
    last: Option<String>,
) -> Result<Option<(NaiveDate, NaiveDate)>, StoreError> {
    Ok(match (first, last) {
        (Some(f), Some(l)) => Some((date(&f)?, date(&l)?)),
        _ => None,
    })
}

/// The reads of leagues, on the database or inside a change.
impl Reads {
    /// Every league, by name.
    pub fn leagues(&self) -> Result<Vec<LeagueInfo>, StoreError> {
        let sql = "SELECT id, name, config FROM leagues ORDER BY key";
        Ok(configured(&self.conn, sql, [])?
            .into_iter()
            .map(|(id, name, config)| LeagueInfo { id, name, config })
            .collect())
    }

    /// The seasons of a league, oldest first.
    pub fn seasons(&self, league: i64) -> Result<Vec<SeasonInfo>, StoreError> {
        let sql = "SELECT id, name, config FROM seasons WHERE league = ?1 ORDER BY id";
        Ok(configured(&self.conn, sql, [league])?
            .into_iter()
            .map(|(id, name, config)| SeasonInfo {
                id,
                league,
                name,
                config,
            })
            .collect())
    }

    /// The seasons of a league, oldest made first, each with its dates (its fixtures' span,
    /// cancelled ones not counted) and whether it keeps a schedule.
    pub fn season_dates(
        &self,
        league: i64,
    ) -> Result<Vec<(SeasonInfo, crate::league::fixtures::SeasonDates)>, StoreError> {
        let mut out = Vec::new();
        for s in self.seasons(league)? {
            let (first, last, scheduled) = self
                .conn
                .one(
                    "SELECT min(date) FILTER (WHERE status <> 'cancelled'),
                     max(date) FILTER (WHERE status <> 'cancelled'),
                     coalesce(max(round IS NOT NULL), 0)
                     FROM fixtures WHERE season = ?1",
                    [s.id],
                    tuple,
                )?
                .unwrap_or_default();
            let dates = crate::league::fixtures::SeasonDates {
                name: s.name.clone(),
                span: span(first, last)?,
                scheduled,
            };
            out.push((s, dates));
        }
        Ok(out)
    }

    /// The season of the league that holds fixture `id`, if one does.
    pub fn season_of_fixture(
        &self,
        league: &LeagueInfo,
        id: i64,
    ) -> Result<Option<SeasonInfo>, StoreError> {
        let Some(season) = self.fixture_season(id)? else {
            return Ok(None);
        };
        Ok(self
            .seasons(league.id)?
            .into_iter()
            .find(|i| i.id == season))
    }

    /// The seasons (by id) where `home` has a fixture against `away`: on `day`, else one left
    /// to play.
    pub fn seasons_with_fixture(
        &self,
        home: TeamId,
        away: TeamId,
        day: Option<NaiveDate>,
    ) -> Result<Vec<i64>, StoreError> {
        self.conn.all(
            "SELECT DISTINCT season FROM fixtures WHERE home = ?1 AND away = ?2
             AND CASE WHEN ?3 IS NULL THEN result IS NULL ELSE date = ?3 END",
            (home, away, day.map(|d| d.to_string())),
            |r| r.get(0),
        )
    }

    /// The teams of a league, by name.
    pub fn teams(&self, league: i64) -> Result<Vec<TeamInfo>, StoreError> {
        let sql = "SELECT id, name, venue FROM teams WHERE league = ?1 ORDER BY key";
        self.conn.all(sql, [league], team_row)
    }

    /// A team of a league by name (case and extra spaces ignored), if it has one.
    pub fn team_named(
        &self,
        league: &LeagueInfo,
        name: &str,
    ) -> Result<Option<TeamInfo>, StoreError> {
        let key = name_key(name);
        Ok(self
            .teams(league.id)?
            .into_iter()
            .find(|t| name_key(&t.name) == key))
    }

    /// A league by name (case and extra spaces ignored), if there is one.
    pub fn league_named(&self, name: &str) -> Result<Option<LeagueInfo>, StoreError> {
        let key = name_key(name);
        Ok(self
            .leagues()?
            .into_iter()
            .find(|l| name_key(&l.name) == key))
    }

    /// The teams entered in a season, with their rosters.
    pub fn entries(&self, season: i64) -> Result<Vec<SeasonEntry>, StoreError> {
        let rows: Vec<(TeamInfo, Option<String>)> = self.conn.all(
            "SELECT t.id, t.name, t.venue, e.withdrawn FROM entries e JOIN teams t ON t.id = e.team
             WHERE e.season = ?1 ORDER BY t.key",
            [season],
            |r| Ok((team_row(r)?, r.get(3)?)),
        )?;
        let mut rosters: HashMap<i64, Vec<String>> = HashMap::new();
        let players: Vec<(i64, (i64, String))> = self.conn.all(
            "SELECT r.player, r.team, p.name FROM rosters r JOIN players p ON p.id = r.player
             WHERE r.season = ?1 ORDER BY p.key, p.id",
            [season],
            |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))),
        )?;
        for (team, name) in self.labelled(players, |(_, name)| name)? {
            rosters.entry(team).or_default().push(name);
        }
        rows.into_iter()
            .map(|(team, withdrawn)| {
                Ok(SeasonEntry {
                    roster: rosters.remove(&team.id).unwrap_or_default(),
                    withdrawn: withdrawn.as_deref().map(date).transpose()?,
                    team,
                })
            })
            .collect()
    }

    /// The side each confirmed night of a season was entered for (by fixture), when it was
    /// entered for one side and confirmed by the other.
    pub fn confirmed_entered_by(&self, season: i64) -> Result<HashMap<i64, HomeAway>, StoreError> {
        let rows: Vec<(i64, String)> = self.conn.all(
            "SELECT c.fixture, c.entered_by FROM confirmations c JOIN fixtures f ON f.id = c.fixture
             WHERE f.season = ?1 AND c.state = 'confirmed' AND c.entered_by IS NOT NULL",
            [season],
            tuple,
        )?;
        rows.into_iter()
            .map(|(fixture, side)| {
                let side = side.parse().map_err(|e: String| {
                    StoreError::damaged(format!("fixture {fixture}'s confirmation"), e)
                })?;
                Ok((fixture, side))
            })
            .collect()
    }

    /// Fixture `number` of `season`, if it has one.
    pub fn fixture(&self, season: i64, number: i64) -> Result<Option<Fixture>, StoreError> {
        Ok(self.fixtures_of(season, Some(number))?.into_iter().next())
    }

    /// The fixtures of a season by date (then home team), with their results.
    pub fn fixtures(&self, season: i64) -> Result<Vec<Fixture>, StoreError> {
        self.fixtures_of(season, None)
    }

    /// The fixtures of a season, or only the one numbered `only` (read alone: a night entered
    /// on the web reads its own fixture, not its season's).
    fn fixtures_of(&self, season: i64, only: Option<i64>) -> Result<Vec<Fixture>, StoreError> {
        let teams: HashMap<i64, TeamInfo> = self.conn.all(
            "SELECT id, name, venue FROM teams WHERE league = (SELECT league FROM seasons WHERE id = ?1)",
            [season],
            |r| team_row(r).map(|t| (t.id, t)),
        )?;
        let mut matches = self.matches_of(season, only)?;
        let sql = format!(
            "SELECT {FIXTURE_COLUMNS} FROM fixtures f LEFT JOIN confirmations c ON c.fixture = f.id
             WHERE f.season = ?1 AND (?2 IS NULL OR f.id = ?2) ORDER BY f.date, f.id"
        );
        let rows: Vec<RawFixture> = self.conn.all(&sql, (season, only), RawFixture::read)?;
        let mut out = Vec::new();
        for raw in rows {
            let team = |id: i64| {
                teams.get(&id).cloned().ok_or_else(|| {
                    StoreError::damaged("a fixture", format!("team {id} is not in its league"))
                })
            };
            let result = raw.result(matches.remove(&raw.id).unwrap_or_default())?;
            let confirmation = raw.confirmation()?;
            out.push(Fixture {
                id: raw.id,
                round: raw.round,
                date: date(&raw.date)?,
                home: team(raw.home)?,
                away: team(raw.away)?,
                cancelled: raw.status == "cancelled",
                result,
                confirmation,
                undated: raw.undated,
            });
        }
        Ok(out)
    }

    /// Every match of a season's fixtures, by fixture, in the night's order.
    fn matches_of(
        &self,
        season: i64,
        only: Option<i64>,
    ) -> Result<HashMap<i64, Vec<Match>>, StoreError> {
        // Every player's name (a namesake's labelled): one plain scan costs less than picking
        // out a season's.
        let names = self.player_labels()?;
        let games: HashMap<(i64, u32), i64> = self.conn.all(
            "SELECT g.match, g.leg, g.game FROM leg_games g JOIN matches m ON m.id = g.match
             WHERE m.fixture IN (SELECT id FROM fixtures WHERE season = ?1 AND (?2 IS NULL OR id = ?2))",
            (season, only),
            |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)),
        )?;
        let sql = format!(
            "SELECT {MATCH_COLUMNS}, m.leg_scores FROM matches m
             WHERE m.fixture IN (SELECT id FROM fixtures WHERE season = ?1 AND (?2 IS NULL OR id = ?2))
             ORDER BY m.fixture, m.id"
        );
        let raws: Vec<RawMatch> = self.conn.all(&sql, (season, only), RawMatch::read)?;
        let mut out: HashMap<i64, Vec<Match>> = HashMap::new();
        for raw in raws {
            let mut m = raw.to_match(&names)?;
            for (i, leg) in m.leg_scores.iter_mut().enumerate() {
                leg.game = games.get(&(raw.id, i as u32 + 1)).copied();
            }
            out.entry(raw.fixture).or_default().push(m);
        }
        Ok(out)
    }

    /// The game side that played for the home team in each stored game that scored a leg of a
    /// season, by game.
    pub fn leg_sides(&self, season: i64) -> Result<HashMap<i64, GameSide>, StoreError> {
        let rows: Vec<(i64, String)> = self.conn.all(
            "SELECT g.game, g.home_side FROM leg_games g JOIN matches m ON m.id = g.match
             WHERE m.fixture IN (SELECT id FROM fixtures WHERE season = ?1)",
            [season],
            tuple,
        )?;
        rows.into_iter()
            .map(|(game, side)| {
                let side = side.parse().map_err(|_| {
                    StoreError::damaged("a leg's game", format!("a side \"{side}\""))
                })?;
                Ok((game, side))
            })
            .collect()
    }

    /// A season's teams as the standings see them.
    pub fn season_teams(&self, season: i64) -> Result<Vec<Team>, StoreError> {
        Ok(self
            .entries(season)?
            .into_iter()
            .map(|e| Team {
                id: e.team.id,
                name: e.team.name,
                withdrawn: e.withdrawn,
            })
            .collect())
    }

    /// A season's adjustments, in date order.
    pub fn adjustments(&self, season: i64) -> Result<Vec<Adjustment>, StoreError> {
        let rows: Vec<(i64, i64, String, String)> = self.conn.all(
            "SELECT team, points, reason, date FROM adjustments WHERE season = ?1 ORDER BY date, id",
            [season],
            tuple,
        )?;
        rows.into_iter()
            .map(|(team, points, reason, day)| {
                Ok(Adjustment {
                    team,
                    points,
                    reason,
                    date: date(&day)?,
                })
            })
            .collect()
    }
}

/// The columns a [`RawFixture`] is read from (`f` a fixture, `c` its confirmation).
pub(super) const FIXTURE_COLUMNS: &str =
    "f.id, f.round, f.date, f.home, f.away, f.status, f.result,
    f.home_points, f.away_points, f.walkover, c.state, c.entered_by, c.disputed_by, c.reason,
    f.undated, f.season";

/// A fixture's columns as read.
pub(super) struct RawFixture {
    pub(super) id: i64,
    pub(super) season: i64,
    round: Option<u32>,
    pub(super) date: String,
    pub(super) home: i64,
    pub(super) away: i64,
    status: String,
    result: Option<String>,
    points: (Option<u32>, Option<u32>),
    walkover: Option<String>,
    pub(super) undated: bool,
    /// `state, entered_by, disputed_by, reason` of its confirmation, if it has one.
    confirmation: (
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
    ),
}

impl RawFixture {
    /// A fixture read from [`FIXTURE_COLUMNS`].
    pub(super) fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawFixture> {
        Ok(RawFixture {
            id: r.get(0)?,
            round: r.get(1)?,
            date: r.get(2)?,
            home: r.get(3)?,
            away: r.get(4)?,
            status: r.get(5)?,
            result: r.get(6)?,
            points: (r.get(7)?, r.get(8)?),
            walkover: r.get(9)?,
            confirmation: (r.get(10)?, r.get(11)?, r.get(12)?, r.get(13)?),
            undated: r.get(14)?,
            season: r.get(15)?,
        })
    }

    fn confirmation(&self) -> Result<Confirmation, StoreError> {
        let bad =
            |why: String| StoreError::damaged(format!("fixture {}'s confirmation", self.id), why);
        let side = |s: &Option<String>| -> Result<HomeAway, StoreError> {
            s.as_deref()
                .unwrap_or_default()
                .parse()
                .map_err(|e: String| bad(e))
        };
        let (state, entered_by, disputed_by, reason) = &self.confirmation;
        Ok(match state.as_deref() {
            None | Some("confirmed") => Confirmation::Confirmed,
            Some("provisional") => Confirmation::Provisional {
                entered_by: side(entered_by)?,
            },
            Some("disputed") => Confirmation::Disputed {
                by: side(disputed_by)?,
                reason: reason.clone().unwrap_or_default(),
                entered_by: entered_by.as_ref().map(|_| side(entered_by)).transpose()?,
            },
            Some(other) => return Err(bad(format!("a state \"{other}\""))),
        })
    }

    pub(super) fn result(&self, matches: Vec<Match>) -> Result<Option<NightResult>, StoreError> {
        let bad = |why: &str| StoreError::damaged(format!("fixture {}", self.id), why);
        Ok(match self.result.as_deref() {
            None => None,
            Some("matches") => Some(NightResult::Matches(matches)),
            Some("totals") => match self.points {
                (Some(h), Some(a)) => Some(NightResult::Totals(Pair::new(h, a))),
                _ => return Err(bad("totals without points")),
            },
            Some("walkover") => {
                let side: HomeAway = self
                    .walkover
                    .as_deref()
                    .unwrap_or("")
                    .parse()
                    .map_err(|e: String| bad(&e))?;
                Some(NightResult::Walkover(side))
            }
            Some(other) => return Err(bad(&format!("a result \"{other}\""))),
        })
    }
}

/// The columns a [`RawMatch`] is read from, but its leg scores (`m` a match).
pub(super) const MATCH_COLUMNS: &str =
    "m.id, m.fixture, m.kind, m.slot, m.home_players, m.away_players, m.home_legs, m.away_legs";

/// A match's columns as read.
pub(super) struct RawMatch {
    pub(super) id: i64,
    pub(super) fixture: i64,
    kind: String,
    slot: u32,
    players: (String, String),
    legs: (u32, u32),
    leg_scores: Option<String>,
}

impl RawMatch {
    /// A match read from [`MATCH_COLUMNS`] and its leg scores (`NULL`: not read).
    pub(super) fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawMatch> {
        Ok(RawMatch {
            id: r.get(0)?,
            fixture: r.get(1)?,
            kind: r.get(2)?,
            slot: r.get(3)?,
            players: (r.get(4)?, r.get(5)?),
            legs: (r.get(6)?, r.get(7)?),
            leg_scores: r.get(8)?,
        })
    }

    pub(super) fn to_match(&self, names: &HashMap<i64, String>) -> Result<Match, StoreError> {
        let bad = |why: String| StoreError::damaged(format!("match {}", self.id), why);
        let kind: Kind = self.kind.parse().map_err(|e| bad(format!("{e}")))?;
        let players = |json: &str| -> Result<Vec<String>, StoreError> {
            let ids = crate::record::stored::ids_of_text(json).map_err(bad)?;
            ids.iter()
                .map(|id| {
                    names
                        .get(id)
                        .cloned()
                        .ok_or_else(|| bad(format!("no player {id}")))
                })
                .collect()
        };
        let leg_scores = match &self.leg_scores {
            None => Vec::new(),
            Some(text) => parse_leg_scores(text)
                .ok_or_else(|| bad(format!("leg scores \"{text}\"")))?
                .into_iter()
                .map(|score| Leg {
                    score,
                    game: None,
                    hands: Vec::new(),
                })
                .collect(),
        };
        Ok(Match {
            kind,
            slot: self.slot,
            players: Pair::new(players(&self.players.0)?, players(&self.players.1)?),
            legs: Pair::new(self.legs.0, self.legs.1),
            leg_scores,
        })
    }
}

/// How a night's result is kept in `fixtures`: its kind, the totals' points, the side that
/// turned up for a walkover.
type ResultColumns = (
    &'static str,
    (Option<u32>, Option<u32>),
    Option<&'static str>,
);

fn result_columns(result: &NightResult) -> ResultColumns {
    match result {
        NightResult::Matches(_) => ("matches", (None, None), None),
        NightResult::Totals(p) => ("totals", (Some(p.home), Some(p.away)), None),
        NightResult::Walkover(side) => ("walkover", (None, None), Some(side.as_str())),
    }
}

/// `121-87 96-121 121-110`, home first.
pub(crate) fn parse_leg_scores(text: &str) -> Option<Vec<Pair<u32>>> {
    text.split_whitespace()
        .map(|leg| {
            let (h, a) = leg.split_once('-')?;
            Some(Pair::new(h.parse().ok()?, a.parse().ok()?))
        })
        .collect()
}

/// Leg scores as stored.
pub(crate) fn leg_scores_text(legs: &[Leg]) -> Option<String> {
    if legs.is_empty() {
        return None;
    }
    let mut text = String::with_capacity(legs.len() * 8);
    for (i, l) in legs.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        let _ = write!(text, "{}-{}", l.score.home, l.score.away);
    }
    Some(text)
}

/// A venue given (blank: none) checked as a line of text typed in.
fn check_venue(venue: Option<&str>) -> Result<(), StoreError> {
    check_given("the venue", venue.unwrap_or(""))
}

/// Text that may be left blank checked, when given, as a line of text typed in.
fn check_given(what: &'static str, text: &str) -> Result<(), StoreError> {
    if text.trim().is_empty() {
        Ok(())
    } else {
        StoreError::check_text(what, text)
    }
}

/// The changes.
impl Change<'_> {
    /// Makes a league (`app` has checked its name: new, not blank, one that can be kept).
    pub fn add_league(&self, raw: &str, config: &Config) -> Result<LeagueInfo, StoreError> {
        let name = tidy(raw);
        self.tx.execute(
            "INSERT INTO leagues (name, key, config, created) VALUES (?1, ?2, ?3, ?4)",
            (&name, name_key(&name), config.to_text(), self.at()?),
        )?;
        Ok(LeagueInfo {
            id: self.tx.last_insert_rowid(),
            name,
            config: config.clone(),
        })
    }

    /// Sets the configuration a league's new seasons are made with (seasons made already keep
    /// theirs).
    pub fn set_league_config(&self, league: i64, config: &Config) -> Result<(), StoreError> {
        let sql = "UPDATE leagues SET config = ?1 WHERE id = ?2";
        self.tx.execute(sql, (config.to_text(), league))?;
        Ok(())
    }

    /// Sets a season's configuration (as a results import may).
    pub fn set_season_config(&self, season: i64, config: &Config) -> Result<(), StoreError> {
        let sql = "UPDATE seasons SET config = ?1 WHERE id = ?2";
        self.tx.execute(sql, (config.to_text(), season))?;
        Ok(())
    }

    /// The name of a league's season with `name`'s key, if it has one. Looked up by its key,
    /// not among all the league's seasons: an import making hundreds of seasons makes each in
    /// the same time.
    pub fn season_taken(&self, league: i64, name: &str) -> Result<Option<String>, StoreError> {
        self.tx.one(
            "SELECT name FROM seasons WHERE league = ?1 AND key = ?2",
            (league, name_key(name)),
            |r| r.get(0),
        )
    }

    /// Begins a season of a league, with the league's configuration as it is now (`app` has
    /// checked its name).
    pub fn add_season(&self, league: &LeagueInfo, raw: &str) -> Result<SeasonInfo, StoreError> {
        let name = tidy(raw);
        self.tx.execute(
            "INSERT INTO seasons (league, name, key, config, created) VALUES (?1, ?2, ?3, ?4, ?5)",
            (
                league.id,
                &name,
                name_key(&name),
                league.config.to_text(),
                self.at()?,
            ),
        )?;
        Ok(SeasonInfo {
            id: self.tx.last_insert_rowid(),
            league: league.id,
            name,
            config: league.config.clone(),
        })
    }

    /// Adds a team to a league (`app` has checked its name: new there, not blank, one that can be kept).
    pub fn add_team(
        &self,
        league: &LeagueInfo,
        raw: &str,
        venue: Option<&str>,
    ) -> Result<TeamInfo, StoreError> {
        let name = tidy(raw);
        check_venue(venue)?;
        let venue = venue.map(tidy).filter(|v| !v.is_empty());
        self.tx.run(
            "INSERT INTO teams (league, name, key, venue) VALUES (?1, ?2, ?3, ?4)",
            (league.id, &name, name_key(&name), &venue),
        )?;
        let id = self.tx.last_insert_rowid();
        Ok(TeamInfo { id, name, venue })
    }

    /// Sets a team's venue.
    pub fn set_venue(&self, team: TeamId, venue: Option<&str>) -> Result<(), StoreError> {
        check_venue(venue)?;
        let venue = venue.map(tidy).filter(|v| !v.is_empty());
        self.tx
            .execute("UPDATE teams SET venue = ?1 WHERE id = ?2", (venue, team))?;
        Ok(())
    }

    /// Enters a team in a season (if it is not in already); says whether it was added.
    pub fn enter_team(&self, season: i64, team: TeamId) -> Result<bool, StoreError> {
        if self.entered.borrow().contains(&(season, team)) {
            return Ok(false);
        }
        let n = self.tx.run(
            "INSERT OR IGNORE INTO entries (season, team) VALUES (?1, ?2)",
            (season, team),
        )?;
        self.entered.borrow_mut().insert((season, team));
        Ok(n == 1)
    }

    /// Puts a player (found by name, or made) on a team's roster for a season, entering the
    /// team if need be (`app` has checked the name and that the season is open); says whether
    /// the player was added (`false`: already on it).
    pub fn add_to_roster(
        &self,
        season: i64,
        team: TeamId,
        player: &str,
    ) -> Result<bool, StoreError> {
        self.enter_team(season, team)?;
        let player = self.player_in(season, team, player)?;
        let n = self.tx.run(
            "INSERT OR IGNORE INTO rosters (season, team, player) VALUES (?1, ?2, ?3)",
            (season, team, player),
        )?;
        Ok(n == 1)
    }

    /// Takes a player off a team's roster; says whether they were on it.
    pub fn remove_from_roster(
        &self,
        season: i64,
        team: TeamId,
        player: &str,
    ) -> Result<bool, StoreError> {
        let on = self.on_roster_named(season, team, player)?;
        let id = match on.as_slice() {
            [] => return Ok(false),
            [one] => one.id,
            many => {
                return Err(StoreError::Namesake {
                    name: tidy(player),
                    candidates: many.iter().map(|p| p.label.clone()).collect(),
                })
            }
        };
        let n = self.tx.execute(
            "DELETE FROM rosters WHERE season = ?1 AND team = ?2 AND player = ?3",
            (season, team, id),
        )?;
        Ok(n > 0)
    }

    /// Whether `player`'s place on `team`'s roster for `season` was made only for one match:
    /// put there by the change that stored the match of `fixture` of `kind` and `slot` (a
    /// name typed at a night's entry), and the player in no other match for that team that
    /// season. Asked before the match is replaced: a correction takes such a place away with
    /// the name.
    pub fn roster_place_of_match_only(
        &self,
        (season, team): (i64, TeamId),
        player: &str,
        (fixture, kind, slot): (i64, Kind, u32),
    ) -> Result<bool, StoreError> {
        let made: Option<i64> = self.tx.one(
            "SELECT 1 FROM rosters r
             JOIN players p ON p.id = r.player
             JOIN matches m ON m.fixture = ?4 AND m.kind = ?5 AND m.slot = ?6
             JOIN changes cr ON cr.tbl = 'rosters' AND cr.row = r.id AND cr.action = 'insert'
             JOIN changes cm ON cm.tbl = 'matches' AND cm.row = m.id AND cm.action = 'insert'
                 AND cm.op = cr.op
             WHERE r.season = ?1 AND r.team = ?2 AND p.key = ?3 LIMIT 1",
            (season, team, name_key(player), fixture, kind.as_str(), slot),
            |r| r.get(0),
        )?;
        if made.is_none() {
            return Ok(false);
        }
        let elsewhere: Option<i64> = self.tx.one(
            "SELECT 1 FROM matches m JOIN fixtures f ON f.id = m.fixture
             JOIN players p ON p.key = ?3
             WHERE f.season = ?1 AND NOT (m.fixture = ?4 AND m.kind = ?5 AND m.slot = ?6)
             AND ((f.home = ?2 AND p.id IN (SELECT value FROM json_each(m.home_players)))
               OR (f.away = ?2 AND p.id IN (SELECT value FROM json_each(m.away_players))))
             LIMIT 1",
            (season, team, name_key(player), fixture, kind.as_str(), slot),
            |r| r.get(0),
        )?;
        Ok(elsewhere.is_none())
    }

    /// Adds a fixture (entering both teams in the season; `app` has checked it fits).
    pub fn add_fixture(
        &self,
        season: i64,
        round: Option<u32>,
        day: NaiveDate,
        home: TeamId,
        away: TeamId,
    ) -> Result<i64, StoreError> {
        self.enter_team(season, home)?;
        self.enter_team(season, away)?;
        self.tx.run(
            "INSERT INTO fixtures (season, round, date, home, away) VALUES (?1, ?2, ?3, ?4, ?5)",
            (season, round, day.to_string(), home, away),
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    /// The season's fixture of the same home and away teams on `day`, if any: its number,
    /// the teams' names and whether it is cancelled.
    pub fn fixture_on(
        &self,
        season: i64,
        day: NaiveDate,
        (home, away): (TeamId, TeamId),
    ) -> Result<Option<(i64, String, String, bool)>, StoreError> {
        let there: Option<(i64, String, String, String)> = self.tx.one(
            "SELECT f.id, h.name, a.name, f.status FROM fixtures f
                 JOIN teams h ON h.id = f.home JOIN teams a ON a.id = f.away
                 WHERE f.season = ?1 AND f.date = ?2 AND f.home = ?3 AND f.away = ?4
                 ORDER BY f.id LIMIT 1",
            (season, day.to_string(), home, away),
            tuple,
        )?;
        Ok(there.map(|(id, home, away, status)| (id, home, away, status == "cancelled")))
    }

    /// The season's first fixture on `day` of either team (cancelled ones not counted;
    /// fixture `except`, being moved, not counted), if any: its number, which of the two
    /// teams plays in it, and its home and away teams' names.
    pub fn team_fixture_on(
        &self,
        season: i64,
        day: NaiveDate,
        (home, away): (TeamId, TeamId),
        except: Option<i64>,
    ) -> Result<Option<(i64, String, String, String)>, StoreError> {
        let clash: Option<(i64, String, String, String)> = self.tx.one(
            "SELECT f.id, t.name, h.name, a.name FROM fixtures f
                 JOIN teams h ON h.id = f.home JOIN teams a ON a.id = f.away
                 JOIN teams t ON t.id = CASE WHEN ?3 IN (f.home, f.away) THEN ?3 ELSE ?4 END
                 WHERE f.season = ?1 AND f.date = ?2 AND f.status <> 'cancelled' AND f.undated = 0
                 AND (f.home IN (?3, ?4) OR f.away IN (?3, ?4)) AND f.id IS NOT ?5
                 ORDER BY f.id LIMIT 1",
            (season, day.to_string(), home, away, except),
            tuple,
        )?;
        Ok(clash)
    }

    /// The dates of the league's seasons (fixture `except`, being moved, not counted), and
    /// which of them is `season`'s, to check a fixture on `day` against; none when `day` is
    /// within `season`'s own dates already (most rows of an import).
    pub fn dates_around(
        &self,
        season: i64,
        day: NaiveDate,
        except: Option<i64>,
    ) -> Result<Option<(Vec<crate::league::fixtures::SeasonDates>, usize)>, StoreError> {
        // Each season's first and last fixture by the (season, date) index; the fixture moved
        // not counted.
        let own = |id: i64| -> Result<Option<(NaiveDate, NaiveDate)>, StoreError> {
            let end = |order: &str| -> Result<Option<String>, StoreError> {
                self.tx.one(
                    &format!(
                        "SELECT date FROM fixtures WHERE season = ?1 AND status <> 'cancelled'
                         AND id IS NOT ?2 ORDER BY date {order} LIMIT 1"
                    ),
                    (id, except),
                    |r| r.get(0),
                )
            };
            span(end("ASC")?, end("DESC")?)
        };
        // Within its own season's dates: nothing more to ask (most rows of an import).
        if own(season)?.is_some_and(|(first, last)| first <= day && day <= last) {
            return Ok(None);
        }
        let seasons: Vec<(i64, String, Option<String>, Option<String>)> = self.tx.all(
            "SELECT s.id, s.name,
                 (SELECT date FROM fixtures WHERE season = s.id AND status <> 'cancelled'
                  AND id IS NOT ?2 ORDER BY date ASC LIMIT 1),
                 (SELECT date FROM fixtures WHERE season = s.id AND status <> 'cancelled'
                  AND id IS NOT ?2 ORDER BY date DESC LIMIT 1)
                 FROM seasons s
                 WHERE s.league = (SELECT league FROM seasons WHERE id = ?1) ORDER BY s.id",
            (season, except),
            tuple,
        )?;
        let mut dates = Vec::with_capacity(seasons.len());
        let mut given = 0;
        for (i, (id, name, first, last)) in seasons.into_iter().enumerate() {
            if id == season {
                given = i;
            }
            dates.push(crate::league::fixtures::SeasonDates {
                name,
                span: span(first, last)?,
                scheduled: false,
            });
        }
        Ok(Some((dates, given)))
    }

    /// Adds a fixture already played, with its night's result, in one go (as an import adds
    /// the nights it finds no fixture for); its teams entered in the season; its number. An
    /// `undated` night (a results grid's) is kept on `day`, the season's end, and takes no
    /// team's date.
    pub fn add_played(
        &self,
        season: i64,
        day: NaiveDate,
        home: TeamId,
        away: TeamId,
        result: &NightResult,
        undated: bool,
    ) -> Result<i64, StoreError> {
        // `app` checks the night fits (an import checks the season's dates, as it keeps them).
        self.enter_team(season, home)?;
        self.enter_team(season, away)?;
        let (kind, points, walkover) = result_columns(result);
        self.tx.run(
            "INSERT INTO fixtures (season, date, home, away, result, home_points, away_points,
                 walkover, undated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            (
                season,
                day.to_string(),
                home,
                away,
                kind,
                points.0,
                points.1,
                walkover,
                undated,
            ),
        )?;
        let id = self.tx.last_insert_rowid();
        if let NightResult::Matches(matches) = result {
            self.add_matches(id, matches)?;
        }
        Ok(id)
    }

    /// Moves a fixture to another date (`app` has checked it fits there).
    pub fn move_fixture(&self, fixture: i64, day: NaiveDate) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE fixtures SET date = ?1 WHERE id = ?2",
            (day.to_string(), fixture),
        )?;
        Ok(())
    }

    /// Cancels a fixture not yet played (or puts a cancelled one back).
    pub fn set_cancelled(&self, fixture: i64, cancelled: bool) -> Result<(), StoreError> {
        let status = if cancelled { "cancelled" } else { "scheduled" };
        self.tx.execute(
            "UPDATE fixtures SET status = ?1 WHERE id = ?2 AND status <> ?1",
            (status, fixture),
        )?;
        Ok(())
    }

    /// Marks a night just entered for one side as provisional, until the other confirms it.
    pub fn set_provisional(
        &self,
        fixture: i64,
        entered_by: HomeAway,
        day: NaiveDate,
    ) -> Result<(), StoreError> {
        let sql = "INSERT INTO confirmations (fixture, state, entered_by, date)
             VALUES (?1, 'provisional', ?2, ?3)";
        self.tx
            .run(sql, (fixture, entered_by.as_str(), day.to_string()))?;
        Ok(())
    }

    /// Sets how a night stands: confirmed, provisional for the side that entered it, or disputed
    /// by a side with a reason. A night with no confirmation yet (one from the record) is given one.
    pub fn set_confirmation(
        &self,
        fixture: i64,
        confirmation: &Confirmation,
        day: NaiveDate,
    ) -> Result<(), StoreError> {
        let (state, by, reason) = match confirmation {
            Confirmation::Confirmed => ("confirmed", None, None),
            Confirmation::Provisional { entered_by } => {
                // A dispute settled back to provisional, or a night with none yet.
                let updated = self.tx.run(
                    "UPDATE confirmations SET state = 'provisional', entered_by = ?2,
                         disputed_by = NULL, reason = NULL, date = ?3 WHERE fixture = ?1",
                    (fixture, entered_by.as_str(), day.to_string()),
                )?;
                if updated > 0 {
                    return Ok(());
                }
                return self.set_provisional(fixture, *entered_by, day);
            }
            Confirmation::Disputed { by, reason, .. } => {
                check_given("the reason", reason)?;
                ("disputed", Some(by.as_str()), Some(tidy(reason)))
            }
        };
        let updated = self.tx.run(
            "UPDATE confirmations SET state = ?2, disputed_by = ?3, reason = ?4, date = ?5
                 WHERE fixture = ?1",
            (fixture, state, by, &reason, day.to_string()),
        )?;
        if updated == 0 {
            self.tx.run(
                "INSERT INTO confirmations (fixture, state, disputed_by, reason, date)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                (fixture, state, by, &reason, day.to_string()),
            )?;
        }
        Ok(())
    }

    /// Records a night's result on a fixture that has none: its totals, a walkover, or (all at
    /// once) its matches.
    pub fn set_night_result(&self, fixture: i64, result: &NightResult) -> Result<(), StoreError> {
        let (kind, points, walkover) = result_columns(result);
        self.tx.run(
            "UPDATE fixtures SET result = ?1, home_points = ?2, away_points = ?3, walkover = ?4,
                 status = 'scheduled' WHERE id = ?5",
            (kind, points.0, points.1, walkover, fixture),
        )?;
        if let NightResult::Matches(matches) = result {
            for m in matches {
                if self.add_match(fixture, m, &[])?.is_none() {
                    // A night's matches are checked before they are stored (a slot twice is
                    // refused): a slot taken here is one another session entered.
                    return Err(StoreError::MatchEntered {
                        kind: m.kind,
                        slot: m.slot,
                    });
                }
            }
        }
        Ok(())
    }

    /// A JSON array of the numbers of the players of one side of a fixture's night (each
    /// found first on the side's team's roster for the season, else found or made by name:
    /// [`Change::player_in`]).
    fn player_ids(
        &self,
        fixture: i64,
        side: HomeAway,
        names: &[String],
    ) -> Result<String, StoreError> {
        let mut ids = Vec::with_capacity(names.len());
        if names.is_empty() {
            return Ok(crate::record::stored::ids_text(&ids));
        }
        let (season, home, away, day): (i64, TeamId, TeamId, String) = self
            .tx
            .one(
                "SELECT season, home, away, date FROM fixtures WHERE id = ?1",
                [fixture],
                tuple,
            )?
            .ok_or_else(|| StoreError::damaged("a match", format!("no fixture {fixture}")))?;
        let team = match side {
            HomeAway::Home => home,
            HomeAway::Away => away,
        };
        for n in names {
            StoreError::check_name("the player's name", n)?;
            ids.push(self.player_on(season, team, n, date(&day)?)?);
        }
        Ok(crate::record::stored::ids_text(&ids))
    }

    /// Adds the matches of a night added by this change, in one statement (an import's nine
    /// rows a night cost one statement, not nine).
    fn add_matches(&self, fixture: i64, matches: &[Match]) -> Result<(), StoreError> {
        const COLUMNS: usize = 8;
        if matches.is_empty() {
            return Ok(());
        }
        let mut values: Vec<rusqlite::types::Value> = Vec::with_capacity(matches.len() * COLUMNS);
        for m in matches {
            values.extend([
                fixture.into(),
                m.kind.as_str().to_string().into(),
                i64::from(m.slot).into(),
                self.player_ids(fixture, HomeAway::Home, &m.players.home)?
                    .into(),
                self.player_ids(fixture, HomeAway::Away, &m.players.away)?
                    .into(),
                i64::from(m.legs.home).into(),
                i64::from(m.legs.away).into(),
                leg_scores_text(&m.leg_scores).into(),
            ]);
        }
        let rows = vec!["(?, ?, ?, ?, ?, ?, ?, ?)"; matches.len()].join(", ");
        self.tx.run(
            &format!(
                "INSERT INTO matches (fixture, kind, slot, home_players, away_players, home_legs,
                 away_legs, leg_scores) VALUES {rows}"
            ),
            rusqlite::params_from_iter(values),
        )?;
        Ok(())
    }

    /// Adds a match to a night entered match by match. Gives the match's number, or none when
    /// the night has a match of its kind and slot already (another session entered it first):
    /// nothing is added then.
    pub fn add_match(
        &self,
        fixture: i64,
        m: &Match,
        games: &[LegLink],
    ) -> Result<Option<i64>, StoreError> {
        let added = self.tx.run(
            "INSERT INTO matches (fixture, kind, slot, home_players, away_players, home_legs,
                 away_legs, leg_scores) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            (
                fixture,
                m.kind.as_str(),
                m.slot,
                self.player_ids(fixture, HomeAway::Home, &m.players.home)?,
                self.player_ids(fixture, HomeAway::Away, &m.players.away)?,
                m.legs.home,
                m.legs.away,
                leg_scores_text(&m.leg_scores),
            ),
        );
        match added {
            Ok(_) => {}
            // UNIQUE (fixture, kind, slot): entered already (by another session).
            Err(StoreError::Sql(rusqlite::Error::SqliteFailure(f, _)))
                if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
            {
                return Ok(None)
            }
            Err(e) => return Err(e),
        }
        let id = self.tx.last_insert_rowid();
        for link in games {
            self.tx.run(
                "INSERT INTO leg_games (match, leg, game, home_side) VALUES (?1, ?2, ?3, ?4)",
                (id, link.leg, link.game, link.home_side.to_string()),
            )?;
        }
        Ok(Some(id))
    }

    /// A points deduction (negative) or award.
    pub fn add_adjustment(
        &self,
        season: i64,
        team: TeamId,
        points: i64,
        reason: &str,
        day: NaiveDate,
    ) -> Result<i64, StoreError> {
        check_given("the reason", reason)?;
        let sql = "INSERT INTO adjustments (season, team, points, reason, date)
             VALUES (?1, ?2, ?3, ?4, ?5)";
        self.tx
            .run(sql, (season, team, points, tidy(reason), day.to_string()))?;
        Ok(self.tx.last_insert_rowid())
    }

    /// Withdraws a team from a season on a day: it is expunged from the table, and its
    /// fixtures not yet played are cancelled; says how many were.
    pub fn withdraw(&self, season: i64, team: TeamId, day: NaiveDate) -> Result<usize, StoreError> {
        self.enter_team(season, team)?;
        self.tx.execute(
            "UPDATE entries SET withdrawn = ?1 WHERE season = ?2 AND team = ?3",
            (day.to_string(), season, team),
        )?;
        Ok(self.tx.execute(
            "UPDATE fixtures SET status = 'cancelled' WHERE season = ?1 AND (home = ?2 OR away = ?2)
             AND result IS NULL AND status = 'scheduled'",
            (season, team),
        )?)
    }
}

/// Stored games as legs of matches.
impl Reads {
    /// Whether there is a game `game`.
    pub fn has_game(&self, game: i64) -> Result<bool, StoreError> {
        let sql = "SELECT id FROM games WHERE id = ?1";
        Ok(self.conn.one(sql, [game], |_| Ok(()))?.is_some())
    }

    /// The night (its fixture) and the leg a stored game is, if it is one.
    pub fn leg_place(&self, game: i64) -> Result<Option<(i64, LegNamed)>, StoreError> {
        self.conn.one(
            "SELECT f.id, g.leg, m.kind, m.slot, h.name, a.name, f.date FROM leg_games g
                 JOIN matches m ON m.id = g.match JOIN fixtures f ON f.id = m.fixture
                 JOIN teams h ON h.id = f.home JOIN teams a ON a.id = f.away
                 WHERE g.game = ?1",
            [game],
            |r| Ok((r.get(0)?, LegNamed::read(r, 1)?)),
        )
    }
}

/// Correcting a night, and the players a league knows (for "did you mean").
impl Change<'_> {
    /// Takes a night's result off its fixture: its matches (with their stored games' links)
    /// deleted, its result cleared. Every row is logged by the triggers, so undoing the change
    /// puts the night back as it was.
    pub fn clear_night(&self, fixture: i64) -> Result<(), StoreError> {
        self.drop_matches("fixture = ?1", [fixture])?;
        self.tx.run(
            "UPDATE fixtures SET result = NULL, home_points = NULL, away_points = NULL,
                 walkover = NULL WHERE id = ?1",
            [fixture],
        )?;
        Ok(())
    }

    /// Takes one match off a night (with its stored games' links), logged for undo.
    pub fn remove_match(&self, fixture: i64, kind: Kind, slot: u32) -> Result<(), StoreError> {
        let which = "fixture = ?1 AND kind = ?2 AND slot = ?3";
        self.drop_matches(which, (fixture, kind.as_str(), slot))
    }

    /// Deletes the matches `which` picks (of their columns), with their stored games' links.
    fn drop_matches(&self, which: &str, params: impl Params + Clone) -> Result<(), StoreError> {
        let links =
            format!("DELETE FROM leg_games WHERE match IN (SELECT id FROM matches WHERE {which})");
        self.tx.run(&links, params.clone())?;
        self.tx
            .run(&format!("DELETE FROM matches WHERE {which}"), params)?;
        Ok(())
    }
}

impl Reads {
    /// Every player's name in the database, oldest first (the order they were first stored).
    pub fn players_by_age(&self) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(i64, String)> =
            self.conn
                .all("SELECT id, name FROM players ORDER BY id", [], tuple)?;
        self.labelled(rows, |n| n)
    }

    /// Every player on a roster or in a match of a league, by name, in the order they first
    /// appeared in it: by the operation that put them on a roster or in a match there (in one
    /// operation, rosters before matches, each in the order stored), then as stored. A player
    /// known from another league counts from when they came into this one.
    pub fn players_by_age_in(&self, league: i64) -> Result<Vec<String>, StoreError> {
        self.conn
            .all(
                "WITH born AS (
                 SELECT tbl, row, min(op) AS op FROM changes
                 WHERE action = 'insert' AND tbl IN ('rosters', 'matches') GROUP BY tbl, row
             ),
             seen AS (
                 SELECT r.player AS player, b.op AS op, 0 AS what, r.id AS row
                 FROM rosters r JOIN seasons s ON s.id = r.season
                 LEFT JOIN born b ON b.tbl = 'rosters' AND b.row = r.id
                 WHERE s.league = ?1
                 UNION ALL
                 SELECT j.value, b.op, 1, m.id
                 FROM matches m JOIN fixtures f ON f.id = m.fixture
                 JOIN seasons s ON s.id = f.season
                 LEFT JOIN born b ON b.tbl = 'matches' AND b.row = m.id,
                 json_each(m.home_players) j
                 WHERE s.league = ?1
                 UNION ALL
                 SELECT j.value, b.op, 1, m.id
                 FROM matches m JOIN fixtures f ON f.id = m.fixture
                 JOIN seasons s ON s.id = f.season
                 LEFT JOIN born b ON b.tbl = 'matches' AND b.row = m.id,
                 json_each(m.away_players) j
                 WHERE s.league = ?1
             ),
             first AS (
                 SELECT player, op, what, row,
                        row_number() OVER (PARTITION BY player
                            ORDER BY coalesce(op, 9223372036854775807), what, row) AS n
                 FROM seen
             )
             SELECT p.id, p.name FROM first JOIN players p ON p.id = first.player
             WHERE first.n = 1
             ORDER BY coalesce(first.op, 9223372036854775807), first.what, first.row, p.id",
                [league],
                tuple,
            )
            .and_then(|rows| self.labelled(rows, |n| n))
    }

    /// Every player on a roster of any season of a league, by name.
    pub fn league_players(&self, league: i64) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(i64, String)> = self.conn.all(
            "SELECT DISTINCT p.id, p.name, p.key FROM rosters r JOIN players p ON p.id = r.player
             JOIN seasons s ON s.id = r.season WHERE s.league = ?1 ORDER BY p.key, p.id",
            [league],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        self.labelled(rows, |n| n)
    }
}
