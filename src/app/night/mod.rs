//! Match nights: show, confirm, dispute; deductions, awards and withdrawals. Each function
//! opens one change, applies the league's rules (the confirmation flow is
//! [`crate::league::confirm`]'s), commits, and gives a typed result for the front end to render.

use std::fmt;

use chrono::NaiveDate;

pub mod correct;
pub mod enter;
mod error;
pub mod place;
pub mod players;

pub use error::NightError;

use super::{Actor, App, AppError};
use crate::league::confirm::{self, Action, Party, Settled};
use crate::league::night::missing;
use crate::league::{Config, HomeAway, NightResult, Pair, TeamId, MAX_ADJUSTMENT};
use crate::record::text::count;
use crate::store::{Change, Fixture, LeagueInfo, LeagueReader, SeasonInfo, StoreError, TeamInfo};

/// Which league and season a command names (none: the one the database or the date implies).
#[derive(Clone, Copy, Debug, Default)]
pub struct Which<'a> {
    pub league: Option<&'a str>,
    pub season: Option<&'a str>,
}

/// A night named by its two teams, and its date when they met more than once.
#[derive(Clone, Copy, Debug)]
pub struct NightRef<'a> {
    pub which: Which<'a>,
    pub home: &'a str,
    pub away: &'a str,
    pub date: Option<NaiveDate>,
}

/// "Royal Oak v Red Lion on 2025-09-04".
fn title(f: &Fixture) -> String {
    format!("{} v {} on {}", f.home.name, f.away.name, f.date)
}

/// A night's two teams' names.
fn team_names(f: &Fixture) -> Pair<String> {
    Pair::new(f.home.name.clone(), f.away.name.clone())
}

/// A night's result in a few words: "6–3", "walkover to Royal Oak", "4–2 so far".
pub fn result_words(f: &Fixture, config: &Config) -> String {
    match &f.result {
        None if f.cancelled => "cancelled".into(),
        None => String::new(),
        Some(NightResult::Totals(t)) => format!("{}–{} (totals)", t.home, t.away),
        Some(NightResult::Walkover(side)) => {
            let to = &team_names(f)[*side];
            let w = config.walkover_matches();
            let mut won = Pair::<u32>::default();
            won[*side] = w;
            format!("{}–{} walkover to {to}", won.home, won.away)
        }
        Some(NightResult::Matches(ms)) => {
            let mut won = Pair::<u32>::default();
            for m in ms {
                won[m.winner()] += 1;
            }
            let left = missing(config, ms).len();
            if left == 0 {
                format!("{}–{}", won.home, won.away)
            } else {
                format!("{}–{} so far ({left} to enter)", won.home, won.away)
            }
        }
    }
}

/// Whether a night has its whole result: totals, a walkover, or every match.
pub fn is_done(f: &Fixture, config: &Config) -> bool {
    match &f.result {
        None => false,
        Some(NightResult::Matches(ms)) => missing(config, ms).is_empty(),
        Some(_) => true,
    }
}

/// The league named (or the only one), and the season of a night on `day` between the two
/// teams named (without a day, the current season).
pub fn night_season(
    leagues: &LeagueReader<'_>,
    which: Which<'_>,
    day: Option<NaiveDate>,
    pair: Option<(&str, &str)>,
) -> Result<(LeagueInfo, SeasonInfo), StoreError> {
    let league = leagues.find(which.league)?;
    let pair = match pair {
        Some((home, away)) => Some((
            leagues.team(&league, home)?.id,
            leagues.team(&league, away)?.id,
        )),
        None => None,
    };
    let season = match day {
        Some(day) => leagues.season_on(&league, which.season, day, pair)?,
        None => leagues.current_season(&league, which.season, today())?,
    };
    Ok((league, season))
}

pub(crate) fn today() -> NaiveDate {
    chrono::Local::now().date_naive()
}

/// The fixtures between two teams (on `day`, when given), as stored.
fn nights_between(
    leagues: &LeagueReader<'_>,
    season: &SeasonInfo,
    home: &TeamInfo,
    away: &TeamInfo,
    day: Option<NaiveDate>,
) -> Result<Vec<Fixture>, StoreError> {
    Ok(leagues
        .fixtures(season.id)?
        .into_iter()
        .filter(|f| f.home.id == home.id && f.away.id == away.id)
        .filter(|f| day.is_none_or(|d| f.date == d))
        .collect())
}

/// The one night between two teams (on `day`, when given) that has a result.
pub fn played_night(
    leagues: &LeagueReader<'_>,
    league: &LeagueInfo,
    season: &SeasonInfo,
    night: NightRef<'_>,
) -> Result<Fixture, AppError> {
    let home = leagues.team(league, night.home)?;
    let away = leagues.team(league, night.away)?;
    let found: Vec<Fixture> = nights_between(leagues, season, &home, &away, night.date)?
        .into_iter()
        .filter(|f| f.result.is_some())
        .collect();
    match <[Fixture; 1]>::try_from(found) {
        Ok([f]) => Ok(f),
        Err(found) if found.is_empty() => Err(NightError::NoResult {
            season: season.name.clone(),
            home: home.name,
            away: away.name,
            date: night.date,
        }
        .into()),
        Err(found) => Err(NightError::WhichNight {
            home: home.name,
            away: away.name,
            dates: found.iter().map(|f| f.date).collect(),
        }
        .into()),
    }
}

/// A fixture of a season by its number.
pub fn fixture_by_number(
    change: &Change,
    season: &SeasonInfo,
    number: i64,
) -> Result<Fixture, AppError> {
    change
        .leagues()
        .fixtures(season.id)?
        .into_iter()
        .find(|f| f.id == number)
        .ok_or_else(|| {
            NightError::NoFixture {
                season: season.name.clone(),
                number,
            }
            .into()
        })
}

/// A night confirmed or disputed: what it came to, for the night titled so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    pub title: String,
    pub teams: Pair<String>,
    pub settled: Settled,
}

impl fmt::Display for Settlement {
    /// "Royal Oak v Red Lion on 2025-09-04: confirmed for Red Lion".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let title = &self.title;
        match &self.settled {
            Settled::Confirmed { for_side } => {
                write!(f, "{title}: confirmed for {}", self.teams[*for_side])
            }
            Settled::DisputeSettled { for_side } => write!(
                f,
                "{title}: the dispute is settled; confirmed for {}",
                self.teams[*for_side]
            ),
            Settled::Disputed { by, reason } => {
                write!(f, "{title}: disputed by {}: {reason}", self.teams[*by])
            }
        }
    }
}

/// A deduction or an award kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjusted {
    /// Championship points: negative for a deduction.
    pub points: i64,
    pub team: String,
    pub season: String,
    pub day: NaiveDate,
    pub reason: String,
    /// The span of the season's fixtures, when the day falls outside it.
    pub outside: Option<(NaiveDate, NaiveDate)>,
}

impl fmt::Display for Adjusted {
    /// "3 points deducted from Red Lion on 2025-10-01: late start".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.points < 0 {
            "deducted from"
        } else {
            "awarded to"
        };
        write!(
            f,
            "{} {verb} {} on {}: {}",
            count(self.points.abs(), "point", "points"),
            self.team,
            self.day,
            self.reason
        )
    }
}

/// A team withdrawn from a season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawn {
    pub team: String,
    pub season: String,
    pub day: NaiveDate,
    /// How many of its unplayed fixtures were cancelled.
    pub cancelled: usize,
}

impl fmt::Display for Withdrawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} withdrew from season {} on {}; {} cancelled",
            self.team,
            self.season,
            self.day,
            count(
                self.cancelled as i64,
                "unplayed fixture",
                "unplayed fixtures"
            )
        )
    }
}

/// The points of an adjustment, signed (`sign` -1 for a deduction, 1 for an award), checked:
/// a reason given, 1 to [`MAX_ADJUSTMENT`] points.
pub fn adjustment(points: u32, sign: i64, reason: &str) -> Result<i64, NightError> {
    if reason.trim().is_empty() {
        return Err(NightError::BlankReason);
    }
    if points == 0 {
        return Err(NightError::NoPoints);
    }
    if i64::from(points) > MAX_ADJUSTMENT {
        return Err(NightError::TooManyPoints(points));
    }
    Ok(sign * i64::from(points))
}

impl App {
    /// The nights between two teams (on the date given): the season, and its fixtures.
    pub fn night_show(&self, night: NightRef<'_>) -> Result<(SeasonInfo, Vec<Fixture>), AppError> {
        let leagues = self.store.leagues();
        let (league, season) = night_season(
            &leagues,
            night.which,
            night.date,
            Some((night.home, night.away)),
        )?;
        let home = leagues.team(&league, night.home)?;
        let away = leagues.team(&league, night.away)?;
        let found = nights_between(&leagues, &season, &home, &away, night.date)?;
        if found.is_empty() {
            return Err(NightError::NoNight {
                season: season.name,
                home: home.name,
                away: away.name,
                date: night.date,
            }
            .into());
        }
        Ok((season, found))
    }

    /// Confirms a night's result for a team (`by`, else the one that did not enter it).
    pub fn night_confirm(
        &mut self,
        night: NightRef<'_>,
        by: Option<&str>,
    ) -> Result<Settlement, AppError> {
        self.night_settle(night, by, Action::Confirm)
    }

    /// Disputes a night's result, with a reason, for a team (`by`, else the one the night
    /// implies).
    pub fn night_dispute(
        &mut self,
        night: NightRef<'_>,
        by: Option<&str>,
        reason: &str,
    ) -> Result<Settlement, AppError> {
        self.night_settle(night, by, Action::Dispute(reason.to_string()))
    }
}

/// The party `actor` is on a night, acting for the team named `by` (if any): a team's captain
/// acts for their own team only; the secretary (an actor with no team) for either.
fn party(
    actor: Option<&Actor>,
    leagues: &LeagueReader<'_>,
    league: &LeagueInfo,
    f: &Fixture,
    by: Option<&str>,
) -> Result<(Party, Option<TeamId>), AppError> {
    let by = by.map(|name| leagues.team(league, name)).transpose()?;
    let own = actor.and_then(|a| a.team);
    let team = match (own, by) {
        (Some(own), Some(by)) if by.id != own => {
            let actor = actor.map(|a| a.name.clone()).unwrap_or_default();
            let own = leagues
                .teams(league.id)?
                .into_iter()
                .find(|t| t.id == own)
                .map_or_else(|| own.to_string(), |t| t.name);
            return Err(NightError::NotYourTeam {
                actor,
                own,
                other: by.name,
            }
            .into());
        }
        (_, Some(by)) => Some(by),
        (Some(own), None) => leagues.teams(league.id)?.into_iter().find(|t| t.id == own),
        (None, None) => None,
    };
    let Some(team) = team else {
        return Ok((Party::Secretary(None), None));
    };
    let side = if team.id == f.home.id {
        HomeAway::Home
    } else if team.id == f.away.id {
        HomeAway::Away
    } else {
        return Err(NightError::DidNotPlay {
            team: team.name,
            title: title(f),
        }
        .into());
    };
    let party = match own {
        Some(_) => Party::Team(side),
        None => Party::Secretary(Some(side)),
    };
    Ok((party, Some(team.id)))
}

impl App {
    fn night_settle(
        &mut self,
        night: NightRef<'_>,
        by: Option<&str>,
        action: Action,
    ) -> Result<Settlement, AppError> {
        let command = match action {
            Action::Confirm => "night confirm",
            Action::Dispute(_) => "night dispute",
        };
        let actor = self.actor().cloned();
        let change = self.store.change(command)?;
        let leagues = change.leagues();
        let (league, season) = night_season(
            &leagues,
            night.which,
            night.date,
            Some((night.home, night.away)),
        )?;
        let f = played_night(&leagues, &league, &season, night)?;
        if !is_done(&f, &season.config) {
            return Err(NightError::NotComplete {
                title: title(&f),
                result: result_words(&f, &season.config),
            }
            .into());
        }
        let (party, acting_for) = party(actor.as_ref(), &leagues, &league, &f, by)?;
        let (stands, settled) =
            confirm::settle(&f.confirmation, party, action).map_err(|refusal| {
                NightError::Confirm {
                    title: title(&f),
                    teams: team_names(&f),
                    refusal,
                }
            })?;
        let settlement = Settlement {
            title: title(&f),
            teams: team_names(&f),
            settled,
        };
        change.set_confirmation(f.id, &stands, today())?;
        if let Some(team) = acting_for {
            change.acting_for(team)?;
        }
        change.commit(&settlement.to_string(), None)?;
        Ok(settlement)
    }

    /// A deduction (`sign` -1) or an award (`sign` 1) of points to a team, dated `day`.
    pub fn adjust(
        &mut self,
        which: Which<'_>,
        team: &str,
        (points, sign): (u32, i64),
        reason: &str,
        day: NaiveDate,
    ) -> Result<Adjusted, AppError> {
        let signed = adjustment(points, sign, reason)?;
        let change = self
            .store
            .change(if sign < 0 { "deduct" } else { "award" })?;
        let (season, team) = season_team(&change, which, team, day)?;
        change.add_adjustment(season.id, team.id, signed, reason, day)?;
        let fixtures = change.leagues().fixtures(season.id)?;
        let span =
            crate::league::fixtures::span(fixtures.iter().filter(|f| !f.cancelled).map(|f| f.date));
        let adjusted = Adjusted {
            points: signed,
            team: team.name,
            season: season.name,
            day,
            reason: reason.trim().to_string(),
            outside: span.filter(|(first, last)| day < *first || day > *last),
        };
        change.commit(&adjusted.to_string(), None)?;
        Ok(adjusted)
    }

    /// A team withdrawn from its season on `day`: its unplayed fixtures cancelled.
    pub fn withdraw(
        &mut self,
        which: Which<'_>,
        team: &str,
        day: NaiveDate,
    ) -> Result<Withdrawn, AppError> {
        let change = self.store.change("withdraw")?;
        let (season, team) = season_team(&change, which, team, day)?;
        let entry = change
            .leagues()
            .entries(season.id)?
            .into_iter()
            .find(|e| e.team.id == team.id);
        if let Some(on) = entry.and_then(|e| e.withdrawn) {
            return Err(NightError::WithdrawnAlready {
                team: team.name,
                on,
            }
            .into());
        }
        let cancelled = change.withdraw(season.id, team.id, day)?;
        let withdrawn = Withdrawn {
            team: team.name,
            season: season.name,
            day,
            cancelled,
        };
        change.commit(&withdrawn.to_string(), None)?;
        Ok(withdrawn)
    }
}

/// The season of a change dated `day`, and the team named in it (which must be in it).
fn season_team(
    change: &Change,
    which: Which<'_>,
    team: &str,
    day: NaiveDate,
) -> Result<(SeasonInfo, TeamInfo), AppError> {
    let leagues = change.leagues();
    let league = leagues.find(which.league)?;
    let season = leagues.season_of_change(&league, which.season, day, today())?;
    let team = leagues.team(&league, team)?;
    if !leagues
        .entries(season.id)?
        .iter()
        .any(|e| e.team.id == team.id)
    {
        return Err(NightError::NotInSeason {
            team: team.name,
            season: season.name,
        }
        .into());
    }
    Ok((season, team))
}
