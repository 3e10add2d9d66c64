//! Names across the years: a team renamed from a date (its former name kept, and shown in the
//! seasons it bore it), another way a team's or a player's name is written (an alias), each
//! one change; and the names a team or player has had.

pub mod error;

use std::collections::HashMap;

use chrono::NaiveDate;

use crate::app::league::which::Choice;
use crate::app::{App, AppError, ErrorKind};
use crate::league::error::{Thing, Unknown};
use crate::league::names::{name_key, name_on, tidy};
use crate::league::{LeagueError, TeamId};
use crate::store::{Bearer, Change, LeagueInfo, NameOwner, OtherName, Reads, StoreError};

pub use crate::app::names::error::NamesError;

// The kind of a refusal here (the error itself is in a file of its own, which
// [`AppError`] names without naming this one).
impl NamesError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            NamesError::Taken { .. } | NamesError::Already { .. } | NamesError::Order { .. } => {
                ErrorKind::Conflict
            }
            NamesError::Blank { .. } => ErrorKind::Invalid,
        }
    }
}

/// A team's or a player's names: today's, its former names (each with the first day it was
/// borne, when known, and the last), and its aliases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamesHad {
    pub name: String,
    pub former: Vec<Former>,
    pub aliases: Vec<String>,
    /// The day today's name was taken, if it was a rename.
    pub since: Option<NaiveDate>,
}

/// A former name and when it was borne.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Former {
    pub name: String,
    pub from: Option<NaiveDate>,
    pub until: NaiveDate,
}

/// A rename or an alias made: whose, and the name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renamed {
    /// Its name before.
    pub was: String,
    /// Its name now (for an alias, the same as `was`).
    pub name: String,
    /// The name added as an alias (for an alias), or kept as a former name.
    pub other: String,
    /// The last day the former name was borne (none for an alias).
    pub until: Option<NaiveDate>,
}

/// The names had, from today's and the stored other names.
fn names_had(name: String, others: Vec<OtherName>) -> NamesHad {
    let mut former = Vec::new();
    let mut aliases = Vec::new();
    let mut from = None;
    for o in others {
        match o.until {
            Some(until) => {
                former.push(Former {
                    name: o.name,
                    from,
                    until,
                });
                from = until.succ_opt();
            }
            None => aliases.push(o.name),
        }
    }
    NamesHad {
        name,
        since: if former.is_empty() { None } else { from },
        former,
        aliases,
    }
}

/// A team of a league by any of its names; an unknown name is refused with the nearest.
fn team_by_any(reader: &Reads, league: &LeagueInfo, name: &str) -> Result<NameOwner, AppError> {
    if let Some(owner) = reader.names().team_owner(league.id, name)? {
        return Ok(owner);
    }
    let teams = reader.teams(league.id)?;
    let unknown = Unknown::new(
        Thing::Team,
        name,
        Some(&league.name),
        teams.iter().map(|t| t.name.as_str()),
    );
    Err(LeagueError::NotFound(unknown).into())
}

/// A player by any of their names.
fn player_by_any(reader: &Reads, name: &str) -> Result<NameOwner, AppError> {
    // By name, label ("Dai Jones (Red Lion)") or other name; a name two players bear is
    // refused naming them (RULES.md §9).
    match reader.players_named(name)?.as_slice() {
        [] => {}
        [one] => {
            if let Some(owner) = reader.names().player_by_id(one.id)? {
                return Ok(owner);
            }
        }
        many => {
            return Err(StoreError::Namesake {
                name: tidy(name),
                candidates: many.iter().map(|p| p.label.clone()).collect(),
            }
            .into())
        }
    }
    let players = reader.players_by_age()?;
    let unknown = Unknown::new(
        Thing::Player,
        name,
        None,
        players.iter().map(String::as_str),
    );
    Err(LeagueError::NotFound(unknown).into())
}

/// Refuses a blank name of a team or a player (`league` none).
fn not_blank(league: Option<i64>, name: &str) -> Result<String, AppError> {
    let name = tidy(name);
    if name.is_empty() {
        let what = league.map_or(Thing::Player, |_| Thing::Team);
        return Err(NamesError::Blank { what }.into());
    }
    Ok(name)
}

/// Whether `name` may become a name of `owner` (a team of `league`, or a player with
/// `league` none): refused when it is another's; `Some(other)` when it is one of this one's
/// other names already.
fn free_for(
    change: &Change<'_>,
    league: Option<i64>,
    owner: &NameOwner,
    name: &str,
) -> Result<Option<OtherName>, AppError> {
    let (what, found) = match league {
        Some(league) => (Thing::Team, change.names().team_owner(league, name)?),
        None => (Thing::Player, change.names().player_owner(name)?),
    };
    match found {
        Some(other) if other.id != owner.id => Err(NamesError::Taken {
            what,
            name: tidy(name),
            owner: other.name,
        }
        .into()),
        Some(_) => {
            let others = change.names().other_names(bearer(league), owner.id)?;
            let key = name_key(name);
            Ok(others.into_iter().find(|o| name_key(&o.name) == key))
        }
        None => Ok(None),
    }
}

/// Renames a team or a player (`league` none) in a change: the name before kept as a former
/// name until the day before `from` (or, with no date, as an alias).
fn rename(
    change: &Change<'_>,
    league: Option<i64>,
    owner: &NameOwner,
    new: &str,
    from: Option<NaiveDate>,
) -> Result<Renamed, AppError> {
    let new = not_blank(league, new)?;
    if new == owner.name {
        return Err(NamesError::Already {
            name: new,
            owner: owner.name.clone(),
        }
        .into());
    }
    let respelt = name_key(&new) == name_key(&owner.name);
    if !respelt {
        if let Some(other) = free_for(change, league, owner, &new)? {
            if other.until.is_none() {
                // An alias becomes the name today.
                remove(change, league, other.id)?;
            }
        }
    }
    let others = change.names().other_names(bearer(league), owner.id)?;
    let until = from.map(|d| d.pred_opt().unwrap_or(d));
    if let (Some(until), Some(last)) = (
        until,
        others
            .iter()
            .filter_map(|o| o.until.map(|u| (u, o)))
            .max_by_key(|(u, _)| *u),
    ) {
        if until <= last.0 {
            return Err(NamesError::Order {
                owner: owner.name.clone(),
                former: last.1.name.clone(),
                until: last.0,
            }
            .into());
        }
    }
    // A name only written otherwise (case, spaces) keeps no former name.
    let keep_old = !respelt || until.is_some();
    match bearer(league) {
        Bearer::Team => {
            if keep_old {
                change.add_other_name(Bearer::Team, owner.id, &owner.name, until)?;
            }
            change.set_name(Bearer::Team, owner.id, &new)?;
        }
        Bearer::Player => {
            change.set_name(Bearer::Player, owner.id, &new)?;
            if keep_old && !respelt {
                change.add_other_name(Bearer::Player, owner.id, &owner.name, until)?;
            }
        }
    }
    Ok(Renamed {
        was: owner.name.clone(),
        name: new,
        other: owner.name.clone(),
        until,
    })
}

fn remove(change: &Change<'_>, league: Option<i64>, id: i64) -> Result<(), StoreError> {
    change.remove_other_name(bearer(league), id)
}

/// Whose names a command changes: a team's of `league`, or (with none) a player's.
fn bearer(league: Option<i64>) -> Bearer {
    match league {
        Some(_) => Bearer::Team,
        None => Bearer::Player,
    }
}

/// Adds an alias of a team or a player (`league` none) in a change.
pub(crate) fn alias(
    change: &Change<'_>,
    league: Option<i64>,
    owner: &NameOwner,
    name: &str,
) -> Result<Renamed, AppError> {
    let name = not_blank(league, name)?;
    if free_for(change, league, owner, &name)?.is_some() || name_key(&name) == name_key(&owner.name)
    {
        return Err(NamesError::Already {
            name,
            owner: owner.name.clone(),
        }
        .into());
    }
    change.add_other_name(bearer(league), owner.id, &name, None)?;
    Ok(Renamed {
        was: owner.name.clone(),
        name: owner.name.clone(),
        other: name,
        until: None,
    })
}

impl App {
    /// Renames a team from a day: its name before is kept as a former name until the day
    /// before, and shown in every season that ended before then.
    pub fn team_rename(
        &mut self,
        choice: &Choice,
        old: &str,
        new: &str,
        from: NaiveDate,
    ) -> Result<Renamed, AppError> {
        let change = self.store.change("team")?;
        let league = choice.league(&change)?;
        let owner = team_by_any(&change, &league, old)?;
        let renamed = rename(&change, Some(league.id), &owner, new, Some(from))?;
        change.commit(
            &format!(
                "renamed the team {} to {} from {from}",
                renamed.was, renamed.name
            ),
            None,
        )?;
        Ok(renamed)
    }

    /// Adds another way a team's name is written: an import finds the team by it.
    pub fn team_alias(
        &mut self,
        choice: &Choice,
        team: &str,
        name: &str,
    ) -> Result<Renamed, AppError> {
        let change = self.store.change("team")?;
        let league = choice.league(&change)?;
        let owner = team_by_any(&change, &league, team)?;
        let made = alias(&change, Some(league.id), &owner, name)?;
        change.commit(
            &format!("added the name {} of the team {}", made.other, made.name),
            None,
        )?;
        Ok(made)
    }

    /// The names a team has had (found by any of them).
    pub fn team_names(&self, choice: &Choice, team: &str) -> Result<NamesHad, AppError> {
        let reader: &Reads = &self.store;
        let league = choice.league(reader)?;
        let owner = team_by_any(reader, &league, team)?;
        Ok(names_had(
            owner.name,
            reader.names().other_names(Bearer::Team, owner.id)?,
        ))
    }

    /// Renames a player: from a day (the name before kept as a former name), or with no
    /// day as a correction (the name before kept as an alias, so old files still find them).
    pub fn player_rename(
        &mut self,
        old: &str,
        new: &str,
        from: Option<NaiveDate>,
    ) -> Result<Renamed, AppError> {
        let change = self.store.change("player")?;
        let owner = player_by_any(&change, old)?;
        let renamed = rename(&change, None, &owner, new, from)?;
        let when = from.map(|d| format!(" from {d}")).unwrap_or_default();
        change.commit(
            &format!(
                "renamed the player {} to {}{when}",
                renamed.was, renamed.name
            ),
            None,
        )?;
        Ok(renamed)
    }

    /// Adds another way a player's name is written.
    pub fn player_alias(&mut self, player: &str, name: &str) -> Result<Renamed, AppError> {
        let change = self.store.change("player")?;
        let owner = player_by_any(&change, player)?;
        let made = alias(&change, None, &owner, name)?;
        change.commit(
            &format!("added the name {} of the player {}", made.other, made.name),
            None,
        )?;
        Ok(made)
    }

    /// The names a player has had.
    pub fn player_names(&self, player: &str) -> Result<NamesHad, AppError> {
        let reader: &Reads = &self.store;
        let owner = player_by_any(reader, player)?;
        Ok(names_had(
            owner.name,
            reader.names().other_names(Bearer::Player, owner.id)?,
        ))
    }
}

/// The name each team of a league bore on `day` (a team with no former name is left out).
pub fn names_on(
    reader: &Reads,
    league: i64,
    day: NaiveDate,
) -> Result<HashMap<TeamId, String>, StoreError> {
    let others = reader.names().league_team_names(league)?;
    if others.iter().all(|(_, o)| o.until.is_none()) {
        return Ok(HashMap::new());
    }
    let mut out = HashMap::new();
    for t in reader.teams(league)? {
        let former: Vec<(&str, NaiveDate)> = others
            .iter()
            .filter(|(team, _)| *team == t.id)
            .filter_map(|(_, o)| o.until.map(|u| (o.name.as_str(), u)))
            .collect();
        if former.is_empty() {
            continue;
        }
        let then = name_on(&t.name, &former, day).to_string();
        if then != t.name {
            out.insert(t.id, then);
        }
    }
    Ok(out)
}

/// A season's teams and fixtures named as the teams were at the season's end
/// ([`season_end`](crate::league::fixtures::season_end): its last fixture's date, else what its
/// name says): a team renamed since shows its name of then.
pub fn name_as_then(
    reader: &Reads,
    info: &crate::store::SeasonInfo,
    fixtures: &mut [crate::store::Fixture],
    teams: &mut [crate::league::Team],
) -> Result<(), StoreError> {
    let last = fixtures
        .iter()
        .filter(|f| !f.cancelled)
        .map(|f| f.date)
        .max();
    let Some(end) = crate::league::fixtures::season_end(&info.name, last) else {
        return Ok(());
    };
    let then = names_on(reader, info.league, end)?;
    if then.is_empty() {
        return Ok(());
    }
    for t in teams.iter_mut() {
        if let Some(name) = then.get(&t.id) {
            t.name.clone_from(name);
        }
    }
    rename_fixtures(&then, fixtures);
    Ok(())
}

/// Each fixture's teams named as in `then` (a team not in it keeps its name).
fn rename_fixtures(then: &HashMap<TeamId, String>, fixtures: &mut [crate::store::Fixture]) {
    for f in fixtures.iter_mut() {
        for team in [&mut f.home, &mut f.away] {
            if let Some(name) = then.get(&team.id) {
                team.name.clone_from(name);
            }
        }
    }
}

/// Some of a season's fixtures (all of them, or one pair's) named as the teams were at the
/// season's end (its last dated night, else what its name says), as [`name_as_then`] names
/// a whole season's.
pub fn fixtures_as_then(
    reader: &Reads,
    info: &crate::store::SeasonInfo,
    fixtures: &mut [crate::store::Fixture],
) -> Result<(), StoreError> {
    let last = reader.last_dated(info.id)?;
    let Some(end) = crate::league::fixtures::season_end(&info.name, last) else {
        return Ok(());
    };
    rename_fixtures(&names_on(reader, info.league, end)?, fixtures);
    Ok(())
}

/// A name of an import that is not known and is near a known one (or, for a team, not known
/// and not to be made): it waits for a choice (`--map`, or the prompt on a terminal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unresolved {
    pub what: Thing,
    pub name: String,
    /// The known name it is nearest to, if one is near.
    pub near: Option<String>,
}

/// What a name of an import means, as chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameChoice {
    /// A known name (a team's or a player's, or one of theirs): the name becomes an alias of it.
    Means(String),
    /// A team or player new to the league.
    New,
}

/// A choice for a name of an import, and where it was made (a `--map` file's line, or an
/// answer at the prompt): named in a fault about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenName {
    pub name: String,
    pub choice: NameChoice,
    /// The `--map` file (or "the prompt"), and its line.
    pub file: String,
    pub line: u64,
    /// New because it was given as its own meaning (`Royal Oke,Royal Oke`), not said `new`:
    /// said, when the name is near a known one, that it is kept as a new name.
    pub itself: bool,
}

impl ChosenName {
    /// The choice a `name,means` row makes: `means` blank, `new`, or the name itself makes
    /// the name new; else it means `means`.
    pub fn of(name: &str, means: &str, file: &str, line: u64) -> ChosenName {
        let m = tidy(means);
        let itself = !m.is_empty() && name_key(&m) == name_key(name);
        let choice = if m.is_empty() || m.eq_ignore_ascii_case("new") || itself {
            NameChoice::New
        } else {
            NameChoice::Means(m)
        };
        ChosenName {
            name: tidy(name),
            choice,
            file: file.to_string(),
            line,
            itself,
        }
    }
}

/// A season's entries with each team named as the season's teams are (by
/// [`name_as_then`]: as it was at the season's end).
pub fn entries_as_then(
    mut entries: Vec<crate::store::SeasonEntry>,
    teams: &[crate::league::Team],
) -> Vec<crate::store::SeasonEntry> {
    for e in &mut entries {
        if let Some(t) = teams.iter().find(|t| t.id == e.team.id) {
            e.team.name.clone_from(&t.name);
        }
    }
    entries
}
