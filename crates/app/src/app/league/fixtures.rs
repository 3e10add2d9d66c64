//! A season's fixtures: made as a double round robin, added one by one, moved, cancelled and
//! reinstated. A change to one fixture has one shape ([`App::fixture_change`]): the season
//! that holds it, the fixture by its number, the action's own rule, one change in the log.

use chrono::{NaiveDate, Weekday};

use crate::app::league::checked;
use crate::league::fixtures::{double_round_robin, FixtureError, Plan, Planned};
use crate::league::{LeagueError, TeamId};
use crate::store::{Change, Fixture, LeagueInfo, SeasonInfo, TeamInfo};

use crate::app::league::which::Choice;
use crate::app::{App, AppError};

/// A season's fixtures made.
#[derive(Clone, Debug)]
pub struct FixturesMade {
    pub season: SeasonInfo,
    pub fixtures: usize,
    pub rounds: usize,
    /// The dates of the first and last rounds.
    pub first: Option<NaiveDate>,
    pub last: Option<NaiveDate>,
}

/// A fixture added by hand.
#[derive(Clone, Debug)]
pub struct FixtureAdded {
    pub id: i64,
    pub home: TeamInfo,
    pub away: TeamInfo,
    pub date: NaiveDate,
}

/// What a change to one fixture did: `changed`, the words of the log (none: nothing changed,
/// and nothing is logged).
struct Acted<T> {
    done: T,
    changed: Option<String>,
}

/// A fixture moved (or on the date asked already: `moved` false); `fixture` as it was.
#[derive(Clone, Debug)]
pub struct FixtureMoved {
    pub fixture: Fixture,
    pub to: NaiveDate,
    pub moved: bool,
}

/// Fixture `number` of `season`.
fn by_number(change: &Change, season: &SeasonInfo, number: i64) -> Result<Fixture, AppError> {
    change.fixture(season.id, number)?.ok_or_else(|| {
        LeagueError::NoFixture {
            season: season.name.clone(),
            id: number,
        }
        .into()
    })
}

/// A double round robin of each division's teams (RULES.md §10: a team plays only in its
/// division), their rounds on the same dates; a season without divisions is one. A date to
/// skip is checked against the longest schedule: one after a shorter division's last round
/// skips nothing there.
fn plan_divisions(
    change: &Change,
    season: &SeasonInfo,
    ids: &[TeamId],
    start: NaiveDate,
    weekday: Weekday,
    skip: &[NaiveDate],
) -> Result<Plan, AppError> {
    let refused = |error| LeagueError::Plan {
        season: season.name.clone(),
        start,
        error,
    };
    let divisions = change.season_divisions(season.id)?;
    if divisions.is_empty() {
        return Ok(double_round_robin(ids, start, weekday, skip).map_err(refused)?);
    }
    let groups: Vec<Vec<TeamId>> = divisions
        .iter()
        .map(|d| {
            d.teams
                .iter()
                .copied()
                .filter(|t| ids.contains(t))
                .collect()
        })
        .collect();
    let longest = (0..groups.len())
        .max_by_key(|&i| (groups[i].len(), std::cmp::Reverse(i)))
        .unwrap_or(0);
    let mut whole = double_round_robin(&groups[longest], start, weekday, skip).map_err(refused)?;
    let mut fixtures: Vec<(usize, Planned)> =
        whole.fixtures.drain(..).map(|f| (longest, f)).collect();
    for (i, group) in groups.iter().enumerate().filter(|(i, _)| *i != longest) {
        let mut skips = skip.to_vec();
        let plan = loop {
            match double_round_robin(group, start, weekday, &skips) {
                Err(FixtureError::SkipAfter(day, _)) => skips.retain(|d| *d != day),
                other => break other.map_err(refused)?,
            }
        };
        whole.byes.extend(plan.byes);
        fixtures.extend(plan.fixtures.into_iter().map(|f| (i, f)));
    }
    fixtures.sort_by_key(|(i, f)| (f.round, *i));
    whole.fixtures = fixtures.into_iter().map(|(_, f)| f).collect();
    Ok(whole)
}

impl App {
    /// Makes a season's fixtures (the season named, else the one with none yet): a double
    /// round robin of its teams not withdrawn, a round a week on `weekday` from `start`,
    /// none on the dates of `skip`, none in another season's dates.
    pub fn fixtures_generate(
        &mut self,
        choice: &Choice,
        start: NaiveDate,
        weekday: Weekday,
        skip: &[NaiveDate],
    ) -> Result<FixturesMade, AppError> {
        let change = self.store.change("fixtures")?;
        let (league, season) = choice.unscheduled(&change, self.today)?;
        if !change.fixtures(season.id)?.is_empty() {
            return Err(LeagueError::HasFixtures {
                season: season.name,
            }
            .into());
        }
        let ids: Vec<i64> = change
            .entries(season.id)?
            .into_iter()
            .filter(|e| e.withdrawn.is_none())
            .map(|e| e.team.id)
            .collect();
        let plan = plan_divisions(&change, &season, &ids, start, weekday, skip)?;
        let (first, last) = (plan.dates.first().copied(), plan.dates.last().copied());
        if let (Some(first), Some(last)) = (first, last) {
            crate::app::league::which::check_schedule(&change, &league, season.id, first, last)?;
        }
        for f in &plan.fixtures {
            checked::add_fixture(
                &change,
                season.id,
                (Some(f.round), f.date),
                (f.home, f.away),
            )?;
        }
        change.commit(
            &format!(
                "made {} fixtures of season {}",
                plan.fixtures.len(),
                season.name
            ),
            None,
        )?;
        Ok(FixturesMade {
            season,
            fixtures: plan.fixtures.len(),
            rounds: plan.dates.len(),
            first,
            last,
        })
    }

    /// Adds one fixture, in the season named, else the one whose dates hold its date.
    pub fn fixture_add(
        &mut self,
        choice: &Choice,
        home: &str,
        away: &str,
        date: NaiveDate,
    ) -> Result<FixtureAdded, AppError> {
        let change = self.store.change("fixtures")?;
        let (league, season) = choice.on_day(&change, date)?;
        let home = crate::app::league::which::team(&change, &league, home)?;
        let away = crate::app::league::which::team(&change, &league, away)?;
        let id = checked::add_fixture(&change, season.id, (None, date), (home.id, away.id))?;
        change.commit(
            &format!("added {} v {} on {date}", home.name, away.name),
            None,
        )?;
        Ok(FixtureAdded {
            id,
            home,
            away,
            date,
        })
    }

    /// Moves a fixture not yet played to another date (of its season's).
    pub fn fixture_move(
        &mut self,
        choice: &Choice,
        id: i64,
        to: NaiveDate,
    ) -> Result<FixtureMoved, AppError> {
        self.secretary_only("move a fixture")?;
        self.fixture_change(choice, id, |change, league, season, f| {
            crate::app::league::which::season_on(change, league, Some(&season.name), to, None)?;
            if f.result.is_some() {
                return Err(LeagueError::PlayedStays {
                    id,
                    home: f.home.name.clone(),
                    away: f.away.name.clone(),
                    date: (!f.undated).then_some(f.date),
                }
                .into());
            }
            let moved = f.date != to;
            if moved {
                checked::move_fixture(change, (season.id, f.id), (f.home.id, f.away.id), to)?;
            }
            Ok(Acted {
                changed: moved.then(|| {
                    format!(
                        "moved {} v {} from {} to {to}",
                        f.home.name, f.away.name, f.date
                    )
                }),
                done: FixtureMoved {
                    fixture: f.clone(),
                    to,
                    moved,
                },
            })
        })
    }

    /// Cancels a fixture not yet played; gives it as it was.
    pub fn fixture_cancel(&mut self, choice: &Choice, id: i64) -> Result<Fixture, AppError> {
        self.fixture_change(choice, id, |change, _, _, f| {
            if f.result.is_some() {
                return Err(LeagueError::PlayedNotCancelled {
                    id,
                    home: f.home.name.clone(),
                    away: f.away.name.clone(),
                }
                .into());
            }
            if f.cancelled {
                return Err(LeagueError::CancelledAlready { id }.into());
            }
            change.set_cancelled(f.id, true)?;
            Ok(Acted {
                changed: Some(format!(
                    "cancelled {} v {} on {}",
                    f.home.name, f.away.name, f.date
                )),
                done: f.clone(),
            })
        })
    }

    /// Puts a cancelled fixture back; gives it as it was.
    pub fn fixture_reinstate(&mut self, choice: &Choice, id: i64) -> Result<Fixture, AppError> {
        self.fixture_change(choice, id, |change, _, _, f| {
            if !f.cancelled {
                return Err(LeagueError::NotCancelled { id }.into());
            }
            change.set_cancelled(f.id, false)?;
            Ok(Acted {
                changed: Some(format!(
                    "reinstated {} v {} on {}",
                    f.home.name, f.away.name, f.date
                )),
                done: f.clone(),
            })
        })
    }

    /// The shape of a change to one fixture: the season named, else the one that holds
    /// fixture `id`; the fixture; `act` on it; committed if it changed anything.
    fn fixture_change<T>(
        &mut self,
        choice: &Choice,
        id: i64,
        act: impl FnOnce(&Change, &LeagueInfo, &SeasonInfo, &Fixture) -> Result<Acted<T>, AppError>,
    ) -> Result<T, AppError> {
        let change = self.store.change("fixtures")?;
        let (league, season) = choice.of_fixture(&change, id, self.today)?;
        let fixture = by_number(&change, &season, id)?;
        let acted = act(&change, &league, &season, &fixture)?;
        if let Some(words) = &acted.changed {
            change.commit(words, None)?;
        }
        Ok(acted.done)
    }
}
