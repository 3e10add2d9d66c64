//! Which league and season a request is about: the ones named, else the one the request's
//! kind and date choose (the rules of the choice are `league::fixtures`'), on the day the
//! caller takes as today (an [`App`](super::App)'s [`today`](super::App::today)).

use chrono::NaiveDate;

use crate::league::error::Thing;
use crate::league::fixtures::{self, SeasonDates};
use crate::league::names::name_key;
use crate::league::{LeagueError, TeamId};
use crate::store::{LeagueInfo, Reads, SeasonInfo, TeamInfo};

use crate::app::AppError;

/// The league and season a request names (either may be left out).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    pub league: Option<String>,
    pub season: Option<String>,
}

impl Choice {
    /// The league named, else the only one.
    pub fn league(&self, leagues: &Reads) -> Result<LeagueInfo, AppError> {
        league(leagues, self.league.as_deref())
    }

    /// The league, and the season named, else the current one (whose dates hold today, else
    /// whose dates end latest).
    pub fn both(
        &self,
        leagues: &Reads,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        let league = self.league(leagues)?;
        let season = current_season(leagues, &league, self.season.as_deref(), today)?;
        Ok((league, season))
    }

    /// The league, and the season named, else the one a roster is added to: the season made
    /// last while it has no fixtures yet, else the current one.
    pub fn being_set_up(
        &self,
        leagues: &Reads,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        let league = self.league(leagues)?;
        let season = season_being_set_up(leagues, &league, self.season.as_deref(), today)?;
        Ok((league, season))
    }

    /// The league, and the season named, else the one that holds fixture `id` (else the
    /// current one, which then says it has no such fixture).
    pub fn of_fixture(
        &self,
        leagues: &Reads,
        id: i64,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        if self.season.is_none() {
            let league = self.league(leagues)?;
            if let Some(season) = leagues.season_of_fixture(&league, id)? {
                return Ok((league, season));
            }
        }
        self.both(leagues, today)
    }

    /// The league, and the season named, else the one season with no fixtures yet (the one a
    /// schedule is made for); several such are refused, naming them; with none, the one made
    /// last (which then says it has fixtures already).
    pub fn unscheduled(
        &self,
        leagues: &Reads,
        today: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        if self.season.is_none() {
            let league = self.league(leagues)?;
            let empty: Vec<SeasonInfo> = leagues
                .season_dates(league.id)?
                .into_iter()
                .filter(|(_, d)| d.span.is_none())
                .map(|(s, _)| s)
                .collect();
            match <[SeasonInfo; 1]>::try_from(empty) {
                Ok([season]) => return Ok((league, season)),
                Err(empty) if empty.len() > 1 => {
                    return Err(LeagueError::WhichSeason {
                        seasons: empty
                            .iter()
                            .map(|s| crate::record::text::escaped(&s.name).into_owned())
                            .collect(),
                    }
                    .into())
                }
                Err(_) => {}
            }
        }
        self.being_set_up(leagues, today)
    }

    /// The league, and the season a fixture on `day` goes in: the one named if the day is not
    /// in another season's dates, else the one whose dates hold the day.
    pub fn on_day(
        &self,
        leagues: &Reads,
        day: NaiveDate,
    ) -> Result<(LeagueInfo, SeasonInfo), AppError> {
        let league = self.league(leagues)?;
        let season = season_on(leagues, &league, self.season.as_deref(), day, None)?;
        Ok((league, season))
    }
}

/// The season a league's front page shows: the one named, else the current one (whose dates
/// hold `today`, else whose dates end latest); none while the league has no season.
pub fn front_season(
    leagues: &Reads,
    league: &LeagueInfo,
    name: Option<&str>,
    today: NaiveDate,
) -> Result<Option<SeasonInfo>, AppError> {
    if name.is_none() && leagues.seasons(league.id)?.is_empty() {
        return Ok(None);
    }
    current_season(leagues, league, name, today).map(Some)
}

/// A league by name; with no name, the only league there is.
pub fn league(leagues: &Reads, name: Option<&str>) -> Result<LeagueInfo, AppError> {
    let mut all = leagues.leagues()?;
    match name {
        None => match all.len() {
            1 => Ok(all.swap_remove(0)),
            0 => Err(LeagueError::NoLeague.into()),
            _ => Err(LeagueError::WhichLeague {
                leagues: all.into_iter().map(|l| l.name).collect(),
            }
            .into()),
        },
        Some(name) => Ok(LeagueError::pick(&all, name, |l| &l.name, Thing::League, None)?.clone()),
    }
}

/// A season of a league by name; with no name, the latest.
pub fn season(
    leagues: &Reads,
    league: &LeagueInfo,
    name: Option<&str>,
) -> Result<SeasonInfo, AppError> {
    let mut seasons = leagues.seasons(league.id)?;
    match name {
        None => seasons.pop().ok_or_else(|| {
            LeagueError::NoSeason {
                league: league.name.clone(),
            }
            .into()
        }),
        Some(name) => Ok(LeagueError::pick(
            &seasons,
            name,
            |s| &s.name,
            Thing::Season,
            Some(&league.name),
        )?
        .clone()),
    }
}

/// A team of a league by name (case and extra spaces ignored), today's or a former one or an
/// alias; an unknown name is refused with the nearest known one.
pub fn team(leagues: &Reads, league: &LeagueInfo, name: &str) -> Result<TeamInfo, AppError> {
    let teams = leagues.teams(league.id)?;
    // A former name or an alias (`names` of a team) finds its team too.
    let key = name_key(name);
    if !teams.iter().any(|t| name_key(&t.name) == key) {
        if let Some(owner) = leagues.names().team_owner(league.id, name)? {
            if let Some(t) = teams.iter().find(|t| t.id == owner.id) {
                return Ok(t.clone());
            }
        }
    }
    Ok(LeagueError::pick(&teams, name, |t| &t.name, Thing::Team, Some(&league.name))?.clone())
}

/// The league's season made last that is not closed (else the latest).
fn latest_open(leagues: &Reads, league: &LeagueInfo) -> Result<SeasonInfo, AppError> {
    let closed = leagues.closed_seasons(league.id)?;
    let mut seasons = leagues.seasons(league.id)?;
    match seasons.iter().rposition(|s| !closed.contains(&s.id)) {
        Some(i) => Ok(seasons.swap_remove(i)),
        None => season(leagues, league, None),
    }
}

/// The season named, else the one `choose` picks (an index) from the league's open seasons'
/// dates, else the one `otherwise` gives.
fn chosen_season(
    leagues: &Reads,
    league: &LeagueInfo,
    name: Option<&str>,
    choose: impl FnOnce(&[SeasonDates]) -> Result<Option<usize>, AppError>,
    otherwise: impl FnOnce() -> Result<SeasonInfo, AppError>,
) -> Result<SeasonInfo, AppError> {
    if name.is_some() {
        return season(leagues, league, name);
    }
    // A closed season (known by its final table) is never the one meant.
    let closed = leagues.closed_seasons(league.id)?;
    let (mut seasons, dates): (Vec<SeasonInfo>, Vec<_>) = leagues
        .season_dates(league.id)?
        .into_iter()
        .filter(|(s, _)| !closed.contains(&s.id))
        .unzip();
    if seasons.is_empty() {
        return otherwise();
    }
    match choose(&dates)? {
        Some(i) => Ok(seasons.swap_remove(i)),
        None => otherwise(),
    }
}

/// A season of a league by name; with no name, the current one: the one whose dates hold
/// `today`, else the one whose dates end latest (one with no fixtures yet only when none has
/// any).
pub fn current_season(
    leagues: &Reads,
    league: &LeagueInfo,
    name: Option<&str>,
    today: NaiveDate,
) -> Result<SeasonInfo, AppError> {
    chosen_season(
        leagues,
        league,
        name,
        |dates| Ok(fixtures::current_season(dates, today)),
        || latest_open(leagues, league),
    )
}

/// The season named, else the season a change dated `day` (a deduction, an award, a
/// withdrawal) goes in ([`fixtures::season_of_change`]), else the current one.
pub fn season_of_change(
    leagues: &Reads,
    league: &LeagueInfo,
    name: Option<&str>,
    day: NaiveDate,
    today: NaiveDate,
) -> Result<SeasonInfo, AppError> {
    chosen_season(
        leagues,
        league,
        name,
        |dates| Ok(fixtures::season_of_change(dates, day).map_err(LeagueError::from)?),
        || current_season(leagues, league, None, today),
    )
}

/// The season named, else the season a roster or team is added to
/// ([`fixtures::season_being_set_up`]).
pub fn season_being_set_up(
    leagues: &Reads,
    league: &LeagueInfo,
    name: Option<&str>,
    today: NaiveDate,
) -> Result<SeasonInfo, AppError> {
    chosen_season(
        leagues,
        league,
        name,
        |dates| Ok(fixtures::season_being_set_up(dates, today)),
        || latest_open(leagues, league),
    )
}

/// Refuses a schedule for `season` whose rounds run from `first` to `last` over another
/// season's dates ([`fixtures::check_schedule`]).
pub fn check_schedule(
    leagues: &Reads,
    league: &LeagueInfo,
    season: i64,
    first: NaiveDate,
    last: NaiveDate,
) -> Result<(), AppError> {
    let seasons = leagues.season_dates(league.id)?;
    let dates: Vec<_> = seasons.iter().map(|(_, d)| d.clone()).collect();
    match seasons.iter().position(|(s, _)| s.id == season) {
        Some(i) => Ok(fixtures::check_schedule(&dates, i, first, last).map_err(LeagueError::from)?),
        None => Ok(()),
    }
}

/// The season a night or fixture on `day` goes in: the one named (if the day is not in
/// another season's dates), else the one whose dates hold the day (see
/// [`fixtures::season_for_night`]). `pair`, the night's home and away teams: a season where
/// they have a fixture left to play may hold the night (moved from that fixture).
pub fn season_on(
    leagues: &Reads,
    league: &LeagueInfo,
    name: Option<&str>,
    day: NaiveDate,
    pair: Option<(TeamId, TeamId)>,
) -> Result<SeasonInfo, AppError> {
    let mut seasons = leagues.season_dates(league.id)?;
    if name.is_none() {
        // A closed season (known by its final table) takes nothing: never a choice.
        let closed = leagues.closed_seasons(league.id)?;
        seasons.retain(|(s, _)| !closed.contains(&s.id));
    }
    let dates: Vec<_> = seasons.iter().map(|(_, d)| d.clone()).collect();
    let at = |ids: Vec<i64>| -> Vec<usize> {
        ids.iter()
            .filter_map(|id| seasons.iter().position(|(s, _)| s.id == *id))
            .collect()
    };
    // The seasons where the night's teams have a fixture on the day.
    let on_day = match pair {
        Some((home, away)) => at(leagues.seasons_with_fixture(home, away, Some(day))?),
        None => Vec::new(),
    };
    let i = match name {
        Some(name) => {
            let given = season(leagues, league, Some(name))?;
            let i = seasons
                .iter()
                .position(|(s, _)| s.id == given.id)
                .expect("a season of the league");
            if !on_day.contains(&i) {
                fixtures::check_season(&dates, i, day).map_err(LeagueError::Season)?;
            }
            i
        }
        None if seasons.is_empty() => return season(leagues, league, None),
        None => {
            let moved_from = match pair {
                Some((home, away)) => at(leagues.seasons_with_fixture(home, away, None)?),
                None => Vec::new(),
            };
            fixtures::season_for_night(&dates, day, &on_day, &moved_from)
                .map_err(LeagueError::Season)?
        }
    };
    Ok(seasons.swap_remove(i).0)
}
