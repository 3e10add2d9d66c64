//! What the front ends read, through the [`App`]: leagues, seasons, teams, fixtures, stored
//! games, the database's copy and state. A front end never opens the store; the league and
//! season a command is about are chosen once ([`App::choose`]).

use std::path::Path;

use chrono::NaiveDate;
use serde_json::Value;

use crate::app::game::stored::StoredGames;
use crate::app::league::season::{read_season, SeasonRead};
use crate::app::league::stats::{figures, Figures, FiguresAsked};
use crate::app::league::which::{self, Choice};
use crate::app::{App, AppError};
use crate::store::{
    BackupError, BackupReport, Fixture, GameFilter, GameSummary, GameTimes, LeagueInfo, Reads,
    RestoreReport, SeasonEntry, SeasonInfo, Store, TeamInfo,
};

/// A season of a league as a list shows it: whether it is closed (known by its final table).
pub struct SeasonListed {
    pub season: SeasonInfo,
    pub closed: bool,
}

impl App {
    /// Every league, by name.
    pub fn leagues(&self) -> Result<Vec<LeagueInfo>, AppError> {
        Ok(self.store.leagues()?)
    }

    /// The seasons of a league, oldest first, each with whether it is closed.
    pub fn seasons(&self, league: &LeagueInfo) -> Result<Vec<SeasonListed>, AppError> {
        let leagues: &Reads = &self.store;
        let closed = leagues.closed_seasons(league.id)?;
        Ok(leagues
            .seasons(league.id)?
            .into_iter()
            .map(|season| SeasonListed {
                closed: closed.contains(&season.id),
                season,
            })
            .collect())
    }

    /// The league asked for (else the only one) and the season named, else the current one:
    /// chosen once for a command.
    pub fn choose(&self, choice: &Choice) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        choice.both(&self.store, self.today)
    }

    /// The season a league's front page shows: the one named, else the current one (whose
    /// dates hold `today`, else whose dates end latest); none while the league has no season.
    pub fn front_season(
        &self,
        league: &LeagueInfo,
        name: Option<&str>,
        today: NaiveDate,
    ) -> Result<Option<SeasonInfo>, AppError> {
        which::front_season(&self.store, league, name, today)
    }

    /// The teams of a league, by name.
    pub fn teams(&self, league: &LeagueInfo) -> Result<Vec<TeamInfo>, AppError> {
        Ok(self.store.teams(league.id)?)
    }

    /// A team of a league by any name it has had.
    pub fn team(&self, league: &LeagueInfo, name: &str) -> Result<TeamInfo, AppError> {
        which::team(&self.store, league, name)
    }

    /// The teams entered in a season, with their rosters.
    pub fn entries(&self, season: &SeasonInfo) -> Result<Vec<SeasonEntry>, AppError> {
        Ok(self.store.entries(season.id)?)
    }

    /// A season's fixtures, with their results.
    pub fn fixtures(&self, season: &SeasonInfo) -> Result<Vec<Fixture>, AppError> {
        Ok(self.store.fixtures(season.id)?)
    }

    /// A season's fixtures with the teams named as they were in the season (a team renamed
    /// since, by its name then).
    pub fn fixtures_as_then(&self, season: &SeasonInfo) -> Result<Vec<Fixture>, AppError> {
        let leagues: &Reads = &self.store;
        let mut fixtures = leagues.fixtures(season.id)?;
        crate::app::names::fixtures_as_then(leagues, season, &mut fixtures)?;
        Ok(fixtures)
    }

    /// A season read: its fixtures with every stored game's leg scored once, and its nights.
    pub fn season_read(&self, season: &SeasonInfo) -> Result<SeasonRead, AppError> {
        read_season(&self.store, season)
    }

    /// The players' and partnerships' figures over `seasons` of `league`, as asked.
    pub fn figures(
        &self,
        league: &LeagueInfo,
        seasons: &[SeasonInfo],
        asked: &FiguresAsked,
    ) -> Result<Figures, AppError> {
        figures(&self.store, league, seasons, asked)
    }

    /// The stored games `filter` lets through, each with its summary.
    pub fn games(&self, filter: &GameFilter) -> Result<Vec<GameSummary>, AppError> {
        Ok(self.store.games(filter)?)
    }

    /// A stored game as a record, as `export` writes it.
    pub fn game_record(&self, game: i64) -> Result<Value, AppError> {
        Ok(self.store.game_record(game)?)
    }

    /// When a stored game was begun and each of its hands entered.
    pub fn game_times(&self, game: i64) -> Result<Option<GameTimes>, AppError> {
        Ok(self.store.game_times(game)?)
    }

    /// The database's file.
    pub fn path(&self) -> &Path {
        self.store.path()
    }

    /// The database's state: its latest operation, and that operation's time.
    pub fn state(&self) -> Result<(i64, Option<String>), AppError> {
        Ok(self.store.state()?)
    }

    /// The key of a game's latest change, as its board and scoring page are made from it: the
    /// last change made to it, and the night that holds it as a leg (a night entered takes the
    /// game without changing it). Read in one transaction.
    pub fn game_key(&self, game: i64) -> Result<String, AppError> {
        self.store.read(|store| {
            let seen = store.latest_for(game)?;
            let held = store.leg_holding(game)?;
            Ok(format!(
                "{}|{}",
                seen.map(|s| s.to_string()).unwrap_or_default(),
                held.map(|h| h.to_string()).unwrap_or_default()
            ))
        })
    }

    /// How many games were begun on the web for fixture `fixture` by `team`'s captain (none:
    /// by the secretary).
    pub fn web_games_of_night(
        &self,
        fixture: i64,
        team: Option<crate::league::TeamId>,
    ) -> Result<usize, AppError> {
        Ok(self
            .store
            .web_games_of_night(fixture)?
            .iter()
            .filter(|web| web.team == team)
            .count())
    }

    /// What the file at `path` holds if it is not a backup `backup_to` may write over.
    pub fn other_than_a_backup(&self, path: &Path) -> Result<Option<String>, AppError> {
        Ok(self.store.other_than_a_backup(path)?)
    }

    /// A copy of the database at `target`, its integrity checked.
    pub fn backup_to(&self, target: &Path) -> Result<BackupReport, BackupError> {
        self.store.backup_to(target)
    }

    /// The database at `database` replaced by the backup at `backup`.
    pub fn restore(backup: &Path, database: &Path) -> Result<RestoreReport, BackupError> {
        Store::restore(backup, database)
    }

    /// Whether the database at `path` holds nothing but what opening it made.
    pub fn is_unused_at(path: &Path) -> bool {
        Store::open(path).is_ok_and(|s| s.is_unused().unwrap_or(false))
    }
}
