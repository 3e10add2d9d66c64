//! Leagues, seasons, teams and rosters: one function for each thing a secretary does to set a
//! league up (its fixtures are in [`crate::app::league::fixtures`]; which league and season a request is
//! about, in [`crate::app::league::which`]). Each opens one change, applies the rules of `league`, commits,
//! and returns what was done for the front end to say.

pub mod checked;
pub mod division;
pub mod fixtures;
pub mod history;
pub mod season;
pub mod stats;
pub mod which;

use crate::league::error::{Thing, Unknown, UnknownTeam};
use crate::league::names::{first_slip, given_twice, name_key, near_team, tidy};
use crate::league::{Config, ConfigChange, LeagueError};
use crate::store::{Change, LeagueInfo, SeasonInfo, TeamInfo};
use chrono::NaiveDate;

use crate::app::league::which::Choice;
use crate::app::{App, AppError, ErrorKind};

/// How a refusal of the pure `league` layer is classed (a trait, as the type is `league`'s own).
pub trait LeagueRefusal {
    fn kind(&self) -> ErrorKind;
}

impl LeagueRefusal for LeagueError {
    fn kind(&self) -> ErrorKind {
        use LeagueError as E;
        match self {
            E::NoLeague
            | E::NotFound(_)
            | E::NoSeason { .. }
            | E::NoEarlierSeason { .. }
            | E::UnknownTeams { .. }
            | E::NearTeam { .. }
            | E::NotOnRoster { .. }
            | E::NoTransfer { .. }
            | E::NoFixture { .. }
            | E::NoDivisions { .. }
            | E::NotEntered { .. } => ErrorKind::NotFound,
            E::NameTaken { .. }
            | E::FixtureThere { .. }
            | E::TeamPlaysThatDay { .. }
            | E::HasFixtures { .. }
            | E::SeasonClosed { .. }
            | E::PlayedStays { .. }
            | E::PlayedNotCancelled { .. }
            | E::CancelledAlready { .. }
            | E::NotCancelled { .. }
            | E::OtherTeam { .. }
            | E::TransferBefore { .. }
            | E::MovedTooLate { .. }
            | E::InDivision { .. }
            | E::OtherDivisions { .. } => ErrorKind::Conflict,
            E::WhichLeague { .. }
            | E::WhichSeason { .. }
            | E::TransferOfWhom { .. }
            | E::BlankName { .. }
            | E::SeasonOutOfYears { .. }
            | E::TeamTwice { .. }
            | E::DivisionTwice { .. }
            | E::TeamInTwoDivisions { .. }
            | E::EmptyDivision { .. }
            | E::PlayerTwice { .. }
            | E::PlayerNearMiss { .. }
            | E::Config(_)
            | E::PlaysItself
            | E::Season(_)
            | E::Plan { .. } => ErrorKind::Invalid,
        }
    }
}

/// The teams a new season is entered with.
#[derive(Clone, Debug, Default)]
pub enum SeasonTeams {
    /// None yet.
    #[default]
    None,
    /// These, by name as typed (made first when `create` and near no known team).
    Named { names: Vec<String>, create: bool },
    /// Those of the season made last, not withdrawn from it (in its divisions, with promotion
    /// and relegation by its final tables, when it has divisions).
    Same,
    /// These divisions, top first, each with its teams by name as typed (made first when
    /// `create` and near no known team).
    Divided {
        divisions: Vec<(String, Vec<String>)>,
        create: bool,
    },
}

/// A season begun.
#[derive(Clone, Debug)]
pub struct SeasonMade {
    pub league: LeagueInfo,
    pub season: SeasonInfo,
    /// The teams made for it, by name.
    pub made: Vec<String>,
    /// The teams entered in it, by name.
    pub entered: Vec<String>,
    /// Its divisions, top first (none: the season is one division).
    pub divisions: Vec<division::DivisionView>,
    /// The teams gone up or down from the season before (`Same`, from a season with
    /// divisions).
    pub moves: Vec<division::MoveView>,
}

/// A team added to a league.
#[derive(Clone, Debug)]
pub struct TeamAdded {
    pub league: LeagueInfo,
    pub team: TeamInfo,
    /// The season it was entered in, if one was asked.
    pub season: Option<SeasonInfo>,
    /// That its name looks like a known team's.
    pub look_alike: Option<String>,
}

/// Players put on a team's roster.
#[derive(Clone, Debug)]
pub struct RosterAdded {
    pub season: SeasonInfo,
    pub team: TeamInfo,
    /// The team was made for it (`--create`).
    pub team_made: bool,
    /// The players added (not on it already), tidied.
    pub added: Vec<String>,
    /// The players on the roster now.
    pub size: usize,
    /// Names that look like players the league knows.
    pub look_alike: Vec<String>,
}

impl RosterAdded {
    /// Whether the roster is shorter than the season's minimum.
    pub fn short(&self) -> bool {
        (self.size as u32) < self.season.config.roster_min
    }
}

/// A player moved to another team from a day (`roster_transfer`).
#[derive(Clone, Debug)]
pub struct Transferred {
    pub season: SeasonInfo,
    /// The player, as the league tells them apart.
    pub player: String,
    /// The team they played for until the day before.
    pub from: String,
    pub to: TeamInfo,
    pub on: NaiveDate,
}

/// The configuration of a new league: Abercarn's, with `asked` applied.
pub fn new_config(asked: &ConfigChange) -> Result<Config, LeagueError> {
    Ok(asked.apply(Config::default())?)
}

/// Refuses one player named twice (as names match): a slip, not two players.
pub fn players_once(players: &[String]) -> Result<(), LeagueError> {
    match given_twice(players.iter().map(String::as_str)) {
        Some((first, second)) => Err(LeagueError::PlayerTwice {
            first: players[first].clone(),
            second: players[second].clone(),
        }),
        None => Ok(()),
    }
}

/// Refuses a team named twice in a season's teams (case and extra spaces ignored).
fn teams_once(names: &[String]) -> Result<(), LeagueError> {
    match given_twice(names.iter().map(String::as_str)) {
        Some((a, b)) => Err(LeagueError::TeamTwice {
            first: names[a].clone(),
            again: names[b].clone(),
        }),
        None => Ok(()),
    }
}

/// Refuses the teams of `names` that the league does not have, all named at once. A name near a
/// known team is taken for a slip of it, and `create` does not make it: a team that really is
/// new is added first with `don team add`.
fn unknown_teams(
    change: &Change,
    league: &LeagueInfo,
    names: &[String],
    create: bool,
) -> Result<(), AppError> {
    let known = change.teams(league.id)?;
    let known: Vec<&str> = known.iter().map(|t| t.name.as_str()).collect();
    let mut unknown: Vec<UnknownTeam> = names
        .iter()
        .filter(|n| !known.iter().any(|k| name_key(k) == name_key(n)))
        .map(|n| UnknownTeam {
            unknown: Unknown::new(Thing::Team, n, Some(&league.name), known.iter().copied()),
            near: near_team(n, known.iter().copied()).map(str::to_string),
        })
        .collect();
    let near = unknown.iter().filter(|u| u.near.is_some()).count();
    if create {
        // The names near no known team are made; those near one are refused.
        unknown.retain(|u| u.near.is_some());
    }
    if unknown.is_empty() {
        return Ok(());
    }
    Err(LeagueError::UnknownTeams {
        league: league.name.clone(),
        unknown,
        create,
        near,
    }
    .into())
}

/// A team by name, made when `create` (and said so), unless it is near a known team.
fn team_or_create(
    change: &Change,
    league: &LeagueInfo,
    name: &str,
    create: bool,
) -> Result<(TeamInfo, bool), AppError> {
    let known = change.teams(league.id)?;
    let key = name_key(name);
    if let Some(t) = known.iter().find(|t| name_key(&t.name) == key) {
        return Ok((t.clone(), false));
    }
    let names = known.iter().map(|t| t.name.as_str());
    if !create {
        let unknown = Unknown::new(Thing::Team, name, Some(&league.name), names);
        return Err(LeagueError::NotFound(unknown).into());
    }
    if let Some(s) = near_team(name, names) {
        return Err(LeagueError::NearTeam {
            name: name.to_string(),
            league: league.name.clone(),
            near: s.to_string(),
        }
        .into());
    }
    Ok((checked::add_team(change, league, name, None)?, true))
}

impl App {
    /// The league asked for (or the only one).
    pub fn league(&self, choice: &Choice) -> Result<LeagueInfo, AppError> {
        choice.league(&self.store)
    }

    /// Makes a league with its configuration.
    pub fn league_new(&mut self, name: &str, config: &Config) -> Result<LeagueInfo, AppError> {
        let change = self.store.change("league")?;
        let league = checked::add_league(&change, name, config)?;
        change.commit(&format!("made the league {}", league.name), None)?;
        Ok(league)
    }

    /// Changes the configuration a league's new seasons take; gives the league (as it was) and
    /// its new configuration.
    pub fn league_set(
        &mut self,
        choice: &Choice,
        asked: &ConfigChange,
    ) -> Result<(LeagueInfo, Config), AppError> {
        let change = self.store.change("league")?;
        let league = choice.league(&change)?;
        let config = asked
            .apply(league.config.clone())
            .map_err(LeagueError::from)?;
        change.set_league_config(league.id, &config)?;
        change.commit(
            &format!("changed the configuration of {}", league.name),
            None,
        )?;
        Ok((league, config))
    }

    /// Begins a season of a league (with the league's configuration as it is now), entering
    /// its teams.
    pub fn season_new(
        &mut self,
        league: Option<&str>,
        name: &str,
        teams: &SeasonTeams,
    ) -> Result<SeasonMade, AppError> {
        let change = self.store.change("season")?;
        let league = crate::app::league::which::league(&change, league)?;
        let previous = change.seasons(league.id)?.into_iter().last();
        let season = checked::add_season(&change, &league, name)?;
        let mut made = Vec::new();
        let mut entered = Vec::new();
        let mut divisions = Vec::new();
        let mut moves = Vec::new();
        match teams {
            SeasonTeams::None => {}
            SeasonTeams::Divided {
                divisions: asked,
                create,
            } => {
                division::divisions_once(asked)?;
                let names: Vec<String> = asked.iter().flat_map(|(_, t)| t.clone()).collect();
                teams_once(&names)?;
                unknown_teams(&change, &league, &names, *create)?;
                for (name, teams) in asked {
                    let placed = division::add_division(&change, season.id, name)?;
                    let mut listed = Vec::new();
                    for n in teams {
                        let (team, new) = team_or_create(&change, &league, n, *create)?;
                        if new {
                            made.push(team.name.clone());
                        }
                        checked::enter_team(&change, season.id, team.id)?;
                        change.place_team(season.id, team.id, placed.id)?;
                        listed.push(team.name.clone());
                        entered.push(team.name);
                    }
                    divisions.push(division::DivisionView {
                        name: placed.name,
                        teams: listed,
                    });
                }
            }
            SeasonTeams::Named { names, create } => {
                teams_once(names)?;
                unknown_teams(&change, &league, names, *create)?;
                for n in names {
                    let (team, new) = team_or_create(&change, &league, n, *create)?;
                    if new {
                        made.push(team.name.clone());
                    }
                    checked::enter_team(&change, season.id, team.id)?;
                    entered.push(team.name);
                }
            }
            SeasonTeams::Same => {
                let previous = previous.ok_or_else(|| LeagueError::NoEarlierSeason {
                    league: league.name.clone(),
                })?;
                if change.divisions(previous.id)?.is_empty() {
                    for e in change.entries(previous.id)? {
                        if e.withdrawn.is_none() {
                            checked::enter_team(&change, season.id, e.team.id)?;
                            entered.push(e.team.name);
                        }
                    }
                } else {
                    (divisions, moves) = division::carry_on(&change, &previous, &season)?;
                    entered = divisions.iter().flat_map(|d| d.teams.clone()).collect();
                }
            }
        }
        change.commit(
            &format!("began season {} of {}", season.name, league.name),
            None,
        )?;
        Ok(SeasonMade {
            league,
            season,
            made,
            entered,
            divisions,
            moves,
        })
    }

    /// Adds a team to a league, and enters it in the season named, if one is.
    pub fn team_add(
        &mut self,
        choice: &Choice,
        name: &str,
        venue: Option<&str>,
    ) -> Result<TeamAdded, AppError> {
        let change = self.store.change("team")?;
        let league = choice.league(&change)?;
        let known = change.teams(league.id)?;
        let look_alike = crate::record::text::look_alike_warning(
            "team",
            name,
            known.iter().map(|t| t.name.as_str()),
        );
        let team = checked::add_team(&change, &league, name, venue)?;
        let season = match &choice.season {
            Some(s) => {
                let season = crate::app::league::which::season(&change, &league, Some(s))?;
                checked::enter_team(&change, season.id, team.id)?;
                Some(season)
            }
            None => None,
        };
        change.commit(&format!("added the team {}", team.name), None)?;
        Ok(TeamAdded {
            league,
            team,
            season,
            look_alike,
        })
    }

    /// Sets where a team plays at home; gives the team and the venue as kept (tidied).
    pub fn team_venue(
        &mut self,
        choice: &Choice,
        team: &str,
        venue: &str,
    ) -> Result<(TeamInfo, String), AppError> {
        let change = self.store.change("team")?;
        let league = choice.league(&change)?;
        let team = crate::app::league::which::team(&change, &league, team)?;
        change.set_venue(team.id, Some(venue))?;
        change.commit(&format!("set the venue of {}", team.name), None)?;
        Ok((team, tidy(venue)))
    }

    /// Puts players on a team's roster for the season being set up (or the one named): a name
    /// a letter or two from a player the league knows is refused as a slip unless it is one of
    /// `new_players`.
    pub fn roster_add(
        &mut self,
        choice: &Choice,
        team: &str,
        players: &[String],
        create: bool,
        new_players: &[String],
    ) -> Result<RosterAdded, AppError> {
        players_once(players)?;
        let change = self.store.change("roster")?;
        let (league, season) = choice.being_set_up(&change, self.today)?;
        let (team, team_made) = team_or_create(&change, &league, team, create)?;
        let known = change.league_players(league.id)?;
        let known: Vec<&str> = known.iter().map(String::as_str).collect();
        if let Some((name, meant)) = first_slip(players, new_players, &known) {
            let meant = meant.to_string();
            return Err(LeagueError::PlayerNearMiss { name, meant }.into());
        }
        let look_alike = players
            .iter()
            .filter_map(|p| {
                crate::record::text::look_alike_warning("player", p, known.iter().copied())
            })
            .collect();
        let mut added = Vec::new();
        for p in players {
            let new = new_players.iter().any(|n| name_key(n) == name_key(p));
            if checked::add_to_roster(&change, season.id, team.id, p, new)? {
                added.push(tidy(p));
            }
        }
        let size = change
            .entries(season.id)?
            .into_iter()
            .find(|e| e.team.id == team.id)
            .map_or(0, |e| e.roster.len());
        change.commit(
            &format!("added {} to the roster of {}", added.join(", "), team.name),
            None,
        )?;
        Ok(RosterAdded {
            season,
            team,
            team_made,
            added,
            size,
            look_alike,
        })
    }

    /// Moves a player to a team from a day (a dated transfer, RULES.md §9): on their old
    /// team's roster for the season until the day before, on `team`'s from the day; nights
    /// before it count for the old team, from it for the new. The player is the one of that
    /// name (or label) on another team's roster for the season.
    pub fn roster_transfer(
        &mut self,
        choice: &Choice,
        team: &str,
        player: &str,
        on: NaiveDate,
    ) -> Result<Transferred, AppError> {
        let change = self.store.change("roster")?;
        let (league, season) = choice.being_set_up(&change, self.today)?;
        let team = crate::app::league::which::team(&change, &league, team)?;
        checked::refuse_closed(&change, season.id)?;
        let named = change.players_named(player)?;
        if named.len() > 1 {
            // A name two players bear is never taken as either (RULES.md §9).
            return Err(LeagueError::TransferOfWhom {
                player: tidy(player),
                candidates: named.into_iter().map(|p| p.label).collect(),
            }
            .into());
        }
        let mut from = Vec::new();
        for p in named {
            for place in change.roster_places(season.id, p.id)? {
                if place.team != team.id && place.until.is_none() {
                    from.push((p.clone(), place));
                }
            }
        }
        let (who, old) = match from.len() {
            1 => from.remove(0),
            0 => {
                return Err(LeagueError::NoTransfer {
                    player: tidy(player),
                    team: team.name.clone(),
                    season: season.name.clone(),
                }
                .into())
            }
            _ => {
                return Err(LeagueError::TransferOfWhom {
                    player: tidy(player),
                    candidates: from.into_iter().map(|(p, _)| p.label).collect(),
                }
                .into())
            }
        };
        if old.since.is_some_and(|since| on <= since) {
            return Err(LeagueError::TransferBefore {
                player: who.label,
                team: team.name.clone(),
                other: old.team_name,
                since: old.since.unwrap_or(on),
            }
            .into());
        }
        let until = on.pred_opt().unwrap_or(on);
        change.end_roster_place(season.id, old.team, who.id, until)?;
        change.add_to_roster_id(season.id, team.id, who.id, Some(on))?;
        change.commit(
            &format!(
                "moved {} from {} to {} from {on}",
                who.label, old.team_name, team.name
            ),
            None,
        )?;
        Ok(Transferred {
            season,
            player: who.label,
            from: old.team_name,
            to: team,
            on,
        })
    }

    /// Takes players off a team's roster for the season being set up (or the one named).
    pub fn roster_remove(
        &mut self,
        choice: &Choice,
        team: &str,
        players: &[String],
    ) -> Result<TeamInfo, AppError> {
        let change = self.store.change("roster")?;
        let (league, season) = choice.being_set_up(&change, self.today)?;
        let team = crate::app::league::which::team(&change, &league, team)?;
        for p in players {
            if !change.remove_from_roster(season.id, team.id, p)? {
                return Err(LeagueError::NotOnRoster {
                    player: tidy(p),
                    team: team.name.clone(),
                    season: season.name.clone(),
                }
                .into());
            }
        }
        change.commit(
            &format!(
                "took {} off the roster of {}",
                players.join(", "),
                team.name
            ),
            None,
        )?;
        Ok(team)
    }
}
