//! What a change must pass before the store keeps it: a name new and not blank, a fixture that
//! fits its season, nothing entered into a closed season. Each is checked here, in the change
//! that then keeps it, from what the store's queries give; the store itself checks nothing.

use chrono::NaiveDate;

use crate::app::AppError;
use crate::league::error::Thing;
use crate::league::fixtures::{check_near, check_season, season_in_years};
use crate::league::names::{name_key, tidy};
use crate::league::{Config, LeagueError, TeamId};
use crate::store::{Change, LeagueInfo, Reads, SeasonInfo, StoreError, TeamInfo};

/// A league's, a season's or a team's name as given, tidied: refused when blank, or when it
/// cannot be kept as text.
fn named(what: Thing, field: &'static str, raw: &str) -> Result<String, AppError> {
    let name = tidy(raw);
    if name.is_empty() {
        return Err(LeagueError::BlankName { what }.into());
    }
    StoreError::check_name(field, raw)?;
    Ok(name)
}

/// Makes a league; its name must be new.
pub fn add_league(change: &Change, raw: &str, config: &Config) -> Result<LeagueInfo, AppError> {
    let name = named(Thing::League, "the league's name", raw)?;
    if let Some(existing) = change.league_named(&name)? {
        return Err(LeagueError::NameTaken {
            what: Thing::League,
            league: existing.name.clone(),
            name: existing.name,
        }
        .into());
    }
    Ok(change.add_league(raw, config)?)
}

/// Begins a season of a league; its name must be new there, and name years near enough.
pub fn add_season(change: &Change, league: &LeagueInfo, raw: &str) -> Result<SeasonInfo, AppError> {
    let name = named(Thing::Season, "the season's name", raw)?;
    season_in_years(&name, None).map_err(|why| LeagueError::SeasonOutOfYears {
        name: name.clone(),
        why,
    })?;
    if let Some(taken) = change.season_taken(league.id, &name)? {
        return Err(LeagueError::NameTaken {
            what: Thing::Season,
            league: league.name.clone(),
            name: taken,
        }
        .into());
    }
    Ok(change.add_season(league, raw)?)
}

/// Adds a team to a league; its name must be new there (a former name or an alias of a team
/// is that team's).
pub fn add_team(
    change: &Change,
    league: &LeagueInfo,
    raw: &str,
    venue: Option<&str>,
) -> Result<TeamInfo, AppError> {
    let name = named(Thing::Team, "the team's name", raw)?;
    let taken = match change.team_named(league, &name)? {
        Some(t) => Some(t.name),
        None => change.names().team_owner(league.id, &name)?.map(|_| name),
    };
    if let Some(name) = taken {
        return Err(LeagueError::NameTaken {
            what: Thing::Team,
            league: league.name.clone(),
            name,
        }
        .into());
    }
    Ok(change.add_team(league, raw, venue)?)
}

/// Refuses anything entered into a closed season.
pub fn refuse_closed(reader: &Reads, season: i64) -> Result<(), AppError> {
    match reader.closed_name(season)? {
        Some(season) => Err(LeagueError::SeasonClosed { season }.into()),
        None => Ok(()),
    }
}

/// Refuses a result entered on a fixture of a closed season.
pub fn refuse_closed_fixture(reader: &Reads, fixture: i64) -> Result<(), AppError> {
    match reader.fixture_season(fixture)? {
        Some(season) => refuse_closed(reader, season),
        None => Ok(()),
    }
}

/// Enters a team in an open season (if it is not in already); says whether it was added.
pub fn enter_team(change: &Change, season: i64, team: TeamId) -> Result<bool, AppError> {
    let added = change.enter_team(season, team)?;
    if added {
        // Refused in a closed season (the change is not kept).
        refuse_closed(change, season)?;
    }
    Ok(added)
}

/// Puts a player on a team's roster for an open season (entering the team if need be); says
/// whether the player was added. Who the name means is as [`roster_player`] finds: `new`,
/// the name was said to be someone new (a second player of a name another team's player
/// bears).
pub fn add_to_roster(
    change: &Change,
    season: i64,
    team: TeamId,
    player: &str,
    new: bool,
) -> Result<bool, AppError> {
    StoreError::check_name("the player's name", player)?;
    refuse_closed(change, season)?;
    if name_key(player).is_empty() {
        return Err(LeagueError::BlankName {
            what: Thing::Player,
        }
        .into());
    }
    Ok(match roster_player(change, season, team, player, new)? {
        OnRoster::There(_) => false,
        OnRoster::Known(id) => change.add_to_roster_id(season, team, id, None)?,
        OnRoster::New { namesake: false } => change.add_to_roster(season, team, player)?,
        OnRoster::New { namesake: true } => {
            let id = change.new_player(player)?;
            change.add_to_roster_id(season, team, id, None)?
        }
    })
}

/// Whom a name put on a team's roster for a season means (RULES.md §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnRoster {
    /// The player of that name on the roster already.
    There(i64),
    /// The one player of that name, on no other team's roster for the season.
    Known(i64),
    /// Someone new: a player to make (`namesake`: while another player bears the name).
    New { namesake: bool },
}

/// Whom a name put on a team's roster for a season means: first the player of that name on
/// the roster; else the one player of the name, unless they play for another team that season
/// (refused: a second player of the name is made only when said `new`, or a dated transfer
/// moves them); a name two players bear, none on the roster, is refused naming them (a player
/// is named apart by their label, "Dai Jones (Red Lion)"), unless said `new`. (Said `new`, a
/// name of a player on no other team's roster that season is that player: `new` says too that
/// a name near a known one is no slip.)
pub fn roster_player(
    reader: &Reads,
    season: i64,
    team: TeamId,
    name: &str,
    new: bool,
) -> Result<OnRoster, AppError> {
    let on = reader.on_roster_named(season, team, name)?;
    match on.as_slice() {
        [one] => return Ok(OnRoster::There(one.id)),
        [] => {}
        many => {
            return Err(StoreError::Namesake {
                name: tidy(name),
                candidates: many.iter().map(|p| p.label.clone()).collect(),
            }
            .into())
        }
    }
    let named = reader.players_named(name)?;
    match named.as_slice() {
        [] => Ok(OnRoster::New { namesake: false }),
        [one] => {
            let places = reader.roster_places(season, one.id)?;
            match places.iter().find(|p| p.team != team && p.until.is_none()) {
                None => Ok(OnRoster::Known(one.id)),
                // Said new: someone else of that name.
                Some(_) if new => Ok(OnRoster::New { namesake: true }),
                Some(other) => {
                    let team_name = reader
                        .team_name(team)?
                        .unwrap_or_else(|| format!("team {team}"));
                    Err(LeagueError::OtherTeam {
                        player: one.label.clone(),
                        team: team_name,
                        other: other.team_name.clone(),
                        season: reader.season_name(season)?.unwrap_or_default(),
                    }
                    .into())
                }
            }
        }
        _ if new => Ok(OnRoster::New { namesake: true }),
        many => Err(StoreError::Namesake {
            name: tidy(name),
            candidates: many.iter().map(|p| p.label.clone()).collect(),
        }
        .into()),
    }
}

/// Refuses a fixture of a team against itself, or one in a closed season.
fn may_add(change: &Change, season: i64, (home, away): (TeamId, TeamId)) -> Result<(), AppError> {
    if home == away {
        return Err(LeagueError::PlaysItself.into());
    }
    refuse_closed(change, season)?;
    crate::app::league::division::same_division(change, season, (home, away))
}

/// Refuses a second fixture a date in the season for either team (cancelled ones not
/// counted; fixture `except`, being moved, not counted).
fn one_fixture_a_date(
    change: &Change,
    season: i64,
    day: NaiveDate,
    teams: (TeamId, TeamId),
    except: Option<i64>,
) -> Result<(), AppError> {
    match change.team_fixture_on(season, day, teams, except)? {
        None => Ok(()),
        Some((id, team, home, away)) => Err(LeagueError::TeamPlaysThatDay {
            team,
            day,
            id,
            home,
            away,
        }
        .into()),
    }
}

/// Refuses a fixture on `day` (fixture `except` moved there, or a new one) of the same home
/// and away teams as one on that date (its night could never be entered), or that would give
/// either team a second fixture that date in the season, or that is more than a year from the
/// season's other fixtures ([`check_near`]) or in another season's dates ([`check_season`]).
fn fits(
    change: &Change,
    season: i64,
    day: NaiveDate,
    teams: (TeamId, TeamId),
    except: Option<i64>,
) -> Result<(), AppError> {
    if let Some((id, home, away, cancelled)) = change.fixture_on(season, day, teams)? {
        let there = LeagueError::FixtureThere {
            id,
            home,
            away,
            day,
            cancelled,
        };
        return Err(there.into());
    }
    one_fixture_a_date(change, season, day, teams, except)?;
    if let Some((dates, given)) = change.dates_around(season, day, except)? {
        let refused = |e| AppError::League(LeagueError::Season(e));
        check_near(&dates[given], day).map_err(refused)?;
        check_season(&dates, given, day).map_err(refused)?;
    }
    Ok(())
}

/// Adds a fixture to an open season (entering both teams), if it fits there.
pub fn add_fixture(
    change: &Change,
    season: i64,
    (round, day): (Option<u32>, NaiveDate),
    teams: (TeamId, TeamId),
) -> Result<i64, AppError> {
    may_add(change, season, teams)?;
    fits(change, season, day, teams, None)?;
    Ok(change.add_fixture(season, round, day, teams.0, teams.1)?)
}

/// Moves fixture `id` of `season` (between `teams`) to `day`, if it fits there.
pub fn move_fixture(
    change: &Change,
    (season, id): (i64, i64),
    teams: (TeamId, TeamId),
    day: NaiveDate,
) -> Result<(), AppError> {
    fits(change, season, day, teams, Some(id))?;
    Ok(change.move_fixture(id, day)?)
}

/// Refuses a night added already played (dated: `day` is a date of its own, not the season's
/// end) that its season, or a team's other fixture that day, does not allow. (An import
/// checks the season's dates, as it keeps them.)
pub fn may_add_played(
    change: &Change,
    season: i64,
    (day, dated): (NaiveDate, bool),
    teams: (TeamId, TeamId),
) -> Result<(), AppError> {
    may_add(change, season, teams)?;
    if dated {
        one_fixture_a_date(change, season, day, teams, None)?;
    }
    Ok(())
}
