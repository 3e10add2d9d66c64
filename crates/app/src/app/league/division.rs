//! Divisions (RULES.md §10): a season's divisions made with it, listed, a team moved between
//! them before the fixtures are made, and the next season's made from the last one's final
//! tables with promotion and relegation.

use std::collections::HashMap;

use crate::app::league::season::read_season;
use crate::app::league::which::Choice;
use crate::app::{App, AppError};
use crate::league::division::{promoted, tables};
use crate::league::error::Thing;
use crate::league::names::{given_twice, tidy};
use crate::league::{Division, LeagueError, TeamId};
use crate::store::{Change, DivisionInfo, LeagueInfo, SeasonInfo, StoreError};

/// A division as a list shows it: its name and its teams' names (by name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivisionView {
    pub name: String,
    pub teams: Vec<String>,
}

/// A season's divisions, top first (none: the season is one division).
#[derive(Clone, Debug)]
pub struct DivisionsListed {
    pub league: LeagueInfo,
    pub season: SeasonInfo,
    pub divisions: Vec<DivisionView>,
}

/// A team moved to another division.
#[derive(Clone, Debug)]
pub struct DivisionMoved {
    pub season: SeasonInfo,
    pub team: String,
    pub from: Option<String>,
    pub to: String,
}

/// A team gone up or down from one season to the next, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    pub team: String,
    pub from: String,
    pub to: String,
    /// Up (promoted), else down (relegated).
    pub up: bool,
}

/// A division's name as given, tidied: refused when blank, or when it cannot be kept as text.
fn division_name(raw: &str) -> Result<String, AppError> {
    let name = tidy(raw);
    if name.is_empty() {
        return Err(LeagueError::BlankName {
            what: Thing::Division,
        }
        .into());
    }
    StoreError::check_name("the division's name", raw)?;
    Ok(name)
}

/// Refuses a division named twice, or named with no teams.
pub(super) fn divisions_once(divisions: &[(String, Vec<String>)]) -> Result<(), AppError> {
    for (name, teams) in divisions {
        division_name(name)?;
        if teams.is_empty() {
            return Err(LeagueError::EmptyDivision {
                division: name.clone(),
            }
            .into());
        }
    }
    if let Some((a, b)) = given_twice(divisions.iter().map(|(n, _)| n.as_str())) {
        return Err(LeagueError::DivisionTwice {
            first: divisions[a].0.clone(),
            again: divisions[b].0.clone(),
        }
        .into());
    }
    // Each team with its division, in the order typed.
    let placed: Vec<(&str, &str)> = divisions
        .iter()
        .flat_map(|(d, teams)| teams.iter().map(move |t| (d.as_str(), t.as_str())))
        .collect();
    if let Some((a, b)) = given_twice(placed.iter().map(|(_, t)| *t)) {
        return Err(LeagueError::TeamInTwoDivisions {
            first: placed[a].1.to_string(),
            again: placed[b].1.to_string(),
            first_division: placed[a].0.to_string(),
            second_division: placed[b].0.to_string(),
        }
        .into());
    }
    Ok(())
}

/// Refuses a night or fixture between teams of two divisions of a season (RULES.md §10: each
/// division plays its own fixtures).
pub fn same_division(
    reader: &crate::store::Reads,
    season: i64,
    teams: (TeamId, TeamId),
) -> Result<(), AppError> {
    let Some((home_division, away_division)) = reader.divisions_apart(season, teams)? else {
        return Ok(());
    };
    let name = |id: TeamId| -> Result<String, AppError> {
        Ok(reader
            .entries(season)?
            .into_iter()
            .find(|e| e.team.id == id)
            .map(|e| e.team.name)
            .unwrap_or_default())
    };
    Err(LeagueError::OtherDivisions {
        home: name(teams.0)?,
        away: name(teams.1)?,
        home_division,
        away_division,
    }
    .into())
}

/// Adds a division to a season below those it has.
pub fn add_division(change: &Change, season: i64, raw: &str) -> Result<DivisionInfo, AppError> {
    division_name(raw)?;
    Ok(change.add_division(season, raw)?)
}

/// A season's divisions as listed: each with its teams' names (today's), by name.
fn listed(change: &crate::store::Reads, season: i64) -> Result<Vec<DivisionView>, AppError> {
    let names: HashMap<TeamId, String> = change
        .entries(season)?
        .into_iter()
        .map(|e| (e.team.id, e.team.name))
        .collect();
    Ok(change
        .season_divisions(season)?
        .into_iter()
        .map(|d| DivisionView {
            teams: d
                .teams
                .iter()
                .filter_map(|t| names.get(t).cloned())
                .collect(),
            name: d.name,
        })
        .collect())
}

/// The next season's divisions from the last one's final tables (promotion and relegation by
/// the league's `up_down`), its teams entered and placed; gives the divisions and the moves.
pub(super) fn carry_on(
    change: &Change,
    previous: &SeasonInfo,
    season: &SeasonInfo,
) -> Result<(Vec<DivisionView>, Vec<MoveView>), AppError> {
    let read = read_season(change, previous)?;
    let finals: Vec<(Division, _)> = tables(&read.season)
        .into_iter()
        .filter_map(|(d, s)| d.map(|d| (d, s)))
        .collect();
    let (next, moves) = promoted(&finals, season.config.up_down);
    let names: HashMap<TeamId, String> = change
        .entries(previous.id)?
        .into_iter()
        .map(|e| (e.team.id, e.team.name))
        .collect();
    let name = |t: &TeamId| names.get(t).cloned().unwrap_or_default();
    for d in &next {
        let made = add_division(change, season.id, &d.name)?;
        for t in &d.teams {
            crate::app::league::checked::enter_team(change, season.id, *t)?;
            change.place_team(season.id, *t, made.id)?;
        }
    }
    let moves = moves
        .iter()
        .map(|m| MoveView {
            team: name(&m.team),
            from: next[m.from].name.clone(),
            to: next[m.to].name.clone(),
            up: m.to < m.from,
        })
        .collect();
    Ok((listed(change, season.id)?, moves))
}

impl App {
    /// A season's divisions, top first, each with its teams: of the season named, else the
    /// one [`App::division_move`] acts on (the season being set up: the one made last while it
    /// has no fixtures, else the current one).
    pub fn divisions(&self, choice: &Choice) -> Result<DivisionsListed, AppError> {
        let (league, season) = choice.being_set_up(&self.store, self.today)?;
        let divisions = listed(&self.store, season.id)?;
        Ok(DivisionsListed {
            league,
            season,
            divisions,
        })
    }

    /// Moves a team to another division of the season being set up (the season named, else
    /// the one made last while it has no fixtures): refused once the season has fixtures.
    pub fn division_move(
        &mut self,
        choice: &Choice,
        team: &str,
        division: &str,
    ) -> Result<DivisionMoved, AppError> {
        let change = self.store.change("division")?;
        let (league, season) = choice.being_set_up(&change, self.today)?;
        crate::app::league::checked::refuse_closed(&change, season.id)?;
        let divisions = change.divisions(season.id)?;
        if divisions.is_empty() {
            return Err(LeagueError::NoDivisions {
                season: season.name,
            }
            .into());
        }
        let within = format!("season {}", season.name);
        let to = LeagueError::pick(
            &divisions,
            division,
            |d| &d.name,
            Thing::Division,
            Some(&within),
        )?
        .clone();
        let team = crate::app::league::which::team(&change, &league, team)?;
        if !change
            .entries(season.id)?
            .iter()
            .any(|e| e.team.id == team.id)
        {
            return Err(LeagueError::NotEntered {
                team: team.name,
                season: season.name,
            }
            .into());
        }
        if !change.fixtures(season.id)?.is_empty() {
            return Err(LeagueError::MovedTooLate {
                season: season.name,
            }
            .into());
        }
        let from = change
            .team_divisions(season.id)?
            .get(&team.id)
            .and_then(|id| divisions.iter().find(|d| d.id == *id))
            .map(|d| d.name.clone());
        if from.as_deref() == Some(to.name.as_str()) {
            return Err(LeagueError::InDivision {
                team: team.name,
                division: to.name,
            }
            .into());
        }
        change.place_team(season.id, team.id, to.id)?;
        change.commit(
            &format!(
                "moved {} to {} in season {}",
                team.name, to.name, season.name
            ),
            None,
        )?;
        Ok(DivisionMoved {
            season,
            team: team.name,
            from,
            to: to.name,
        })
    }
}
