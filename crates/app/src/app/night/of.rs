//! A night of the league by its fixture's number, as a page of it needs it: its season, its
//! teams' rosters, whether its captains may act on it, and whose move it is.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::error::CaptainsNight;
use super::find::{captains_night, is_done, NightRef, WhichSeason};
use super::NightError;
use crate::app::league::which::Choice;
use crate::app::{App, AppError};
use crate::league::confirm::{whose_move, Move};
use crate::league::{Config, HomeAway, Pair, TeamId};
use crate::store::{Fixture, LeagueInfo, Reads, SeasonInfo};

/// A night, with all a page of it shows.
pub struct NightOf {
    pub league: LeagueInfo,
    pub season: SeasonInfo,
    pub fixture: Fixture,
    /// Each team's roster for the season.
    pub rosters: Pair<Vec<String>>,
    /// Why its captains may not act on it, if they may not.
    pub closed_to_captains: Option<CaptainsNight>,
    /// Whose move it is.
    pub whose_move: Move,
    /// Who began entering it, when one side entered it.
    pub enterer: Option<Enterer>,
}

/// Who began entering a night for one side: that team's captain (a change made for a team),
/// or the secretary (a change made for no team: with the secretary's link, or at the command
/// line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enterer {
    Captain(TeamId),
    Secretary,
}

/// Who began entering each night of `season` entered for one side, by fixture.
fn enterers(leagues: &Reads, season: &SeasonInfo) -> Result<HashMap<i64, Enterer>, AppError> {
    Ok(leagues
        .night_enterers(season.id)?
        .into_iter()
        .map(|(fixture, (_, team))| (fixture, team.map_or(Enterer::Secretary, Enterer::Captain)))
        .collect())
}

/// Whose move a night of a season of configuration `config` is on `today`.
pub fn night_move(f: &Fixture, config: &Config, today: NaiveDate) -> Move {
    whose_move(
        f.result.is_some(),
        f.cancelled,
        f.date <= today,
        is_done(f, config),
        &f.confirmation,
    )
}

impl App {
    /// Fixture `id` of the league named `league` (else the only one), as it stands today.
    pub fn night_by_number(&self, league: Option<&str>, id: i64) -> Result<NightOf, AppError> {
        let leagues: &Reads = &self.store;
        let choice = Choice {
            league: league.map(str::to_string),
            season: None,
        };
        let (league, season) = choice.of_fixture(leagues, id, self.today)?;
        let fixture = leagues
            .fixture(season.id, id)?
            .ok_or(NightError::NoFixtureId(id))?;
        let entries = leagues.entries(season.id)?;
        let roster = |team: i64| {
            entries
                .iter()
                .find(|e| e.team.id == team)
                .map(|e| e.roster.clone())
                .unwrap_or_default()
        };
        let rosters = Pair::new(roster(fixture.home.id), roster(fixture.away.id));
        let closed_to_captains = captains_night(leagues, (&league, &season), &fixture, self.today)?;
        let enterer = enterers(leagues, &season)?.get(&fixture.id).copied();
        Ok(NightOf {
            enterer,
            whose_move: night_move(&fixture, &season.config, self.today),
            closed_to_captains,
            league,
            season,
            fixture,
            rosters,
        })
    }
}

impl App {
    /// Who began entering each night of `season` entered for one side, by fixture.
    pub fn night_enterers(&self, season: &SeasonInfo) -> Result<HashMap<i64, Enterer>, AppError> {
        enterers(&self.store, season)
    }
}

impl NightOf {
    /// The night as the app's night functions name it.
    pub fn night_ref(&self) -> NightRef<'_> {
        NightRef {
            which: WhichSeason {
                league: Some(&self.league.name),
                season: Some(&self.season.name),
            },
            home: &self.fixture.home.name,
            away: &self.fixture.away.name,
            date: Some(self.fixture.date),
        }
    }

    /// The name of the team on `side`.
    pub fn team(&self, side: HomeAway) -> &str {
        match side {
            HomeAway::Home => &self.fixture.home.name,
            HomeAway::Away => &self.fixture.away.name,
        }
    }

    /// Whether every match of the night is entered (or it is known by totals or a walkover).
    pub fn done(&self) -> bool {
        is_done(&self.fixture, &self.season.config)
    }
}
