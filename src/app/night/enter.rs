//! A night entered: its totals, a walkover or its matches given at once, or (at the prompt)
//! the night begun with its first match and each match kept as it is typed.

use std::fmt;

use super::error::NightError;
use super::find::{fixture_by_number, is_done, result_words, today, NightRef};
use super::place::fixture_for_night;
use super::players::{accept, resolve, Players};
use super::prompt::{matches_of, night_words, Begin, Prompted};
use crate::app::{App, AppError};
use crate::league::entry::{parse_legs, parse_match};
use crate::league::night::check_totals;
use crate::league::{Confirmation, HomeAway, Match, NightResult, Pair};
use crate::record::text::count;
use crate::store::{Change, Fixture, LeagueInfo, LeagueReader, SeasonInfo, StoreError, TeamInfo};

/// A night to enter: which, whether it was moved to its date, the team it is entered for
/// (`--for`; the home team by default) and the players said to be new.
#[derive(Clone, Copy, Debug)]
pub struct NightEntry<'a> {
    pub night: NightRef<'a>,
    pub moved: bool,
    pub entered_for: Option<&'a str>,
    pub new_players: &'a [String],
}

/// A night's result as given: its totals, a walkover (the side that turned up), its matches
/// (each as typed), or none (they are asked for at the prompt).
#[derive(Clone, Copy, Debug)]
pub enum Given<'a> {
    Totals(&'a str),
    Walkover(&'a str),
    Matches(&'a [String]),
    AtPrompt,
}

/// What entering a night came to.
pub enum Entered {
    /// Kept: what was noted on the way (fixtures moved or added, players put on rosters), and
    /// the night as it now stands.
    Kept {
        notes: Vec<String>,
        night: KeptNight,
    },
    /// Nothing kept yet: the matches are to be asked for at the prompt.
    ToPrompt(Box<Prompted>),
}

/// A night kept, as the entry says it.
pub enum KeptNight {
    Totals {
        title: String,
        totals: Pair<u32>,
    },
    Walkover {
        title: String,
        to: String,
        matches: u32,
    },
    Matches {
        title: String,
        result: String,
    },
}

impl fmt::Display for KeptNight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeptNight::Totals { title, totals } => {
                write!(f, "{title}: {}–{}.", totals.home, totals.away)
            }
            KeptNight::Walkover { title, to, matches } => write!(
                f,
                "{title}: a walkover to {to}, {} to none.",
                count(*matches, "match", "matches")
            ),
            KeptNight::Matches { title, result } => write!(f, "{title}: {result}."),
        }
    }
}

/// The team a night is entered for (`--for`), by side.
fn side_for(
    leagues: &LeagueReader<'_>,
    league: &LeagueInfo,
    name: Option<&str>,
    teams: (&TeamInfo, &TeamInfo),
    title: &str,
) -> Result<HomeAway, AppError> {
    let Some(name) = name else {
        return Ok(HomeAway::Home);
    };
    let team = crate::app::which::team(leagues, league, name)?;
    if team.id == teams.0.id {
        Ok(HomeAway::Home)
    } else if team.id == teams.1.id {
        Ok(HomeAway::Away)
    } else {
        Err(NightError::NotPlayingFor {
            team: team.name,
            title: title.to_string(),
        }
        .into())
    }
}

/// A withdrawn team's nights from its withdrawal on are not played (those before it are).
fn check_not_withdrawn(
    change: &Change,
    season: &SeasonInfo,
    fixture: &Fixture,
) -> Result<(), AppError> {
    for e in change.leagues().entries(season.id)? {
        let withdrew = e.withdrawn.filter(|w| fixture.date >= *w);
        let plays = e.team.id == fixture.home.id || e.team.id == fixture.away.id;
        if let (true, Some(on)) = (plays, withdrew) {
            return Err(NightError::Withdrew {
                team: e.team.name,
                season: season.name.clone(),
                on,
            }
            .into());
        }
    }
    Ok(())
}

/// Keeps the matches given on the command line, each as typed, one after another: a refusal
/// names the `--match` refused. `words` name the night on the command line.
fn enter_lines(
    change: &Change,
    season: &SeasonInfo,
    (fixture, entered, players): (&Fixture, &mut Vec<Match>, &mut Players),
    (lines, words): (&[String], &str),
    notes: &mut Vec<String>,
) -> Result<(), AppError> {
    let leagues = change.leagues();
    for (i, line) in lines.iter().enumerate() {
        let at = |e: NightError| AppError::from(e.at_match(i + 1));
        let typed = parse_match(line).map_err(|e| at(NightError::BadMatch(e)))?;
        let (m, games) = resolve(&leagues, &season.config, typed, None).map_err(at)?;
        if let Some(NightResult::Matches(stored)) = &fixture.result {
            if stored.iter().any(|s| (s.kind, s.slot) == (m.kind, m.slot)) {
                return Err(at(NightError::MatchEntered {
                    kind: m.kind,
                    slot: m.slot,
                    words: words.to_string(),
                    line: line.clone(),
                }));
            }
        }
        let keep = (fixture.id, &mut *entered, m, &games[..]);
        accept(change, season, players, keep, notes).map_err(|e| match e {
            AppError::Night(e) => at(e),
            other => other,
        })?;
    }
    Ok(())
}

/// A cancelled fixture played after all.
fn uncancel(change: &Change, fixture: &Fixture, notes: &mut Vec<String>) -> Result<(), StoreError> {
    if fixture.cancelled {
        change.set_cancelled(fixture.id, false)?;
        notes.push(format!(
            "fixture {} was cancelled; it is played after all",
            fixture.id
        ));
    }
    Ok(())
}

impl App {
    /// Enters a night: its totals, a walkover or its matches, kept as one change; at the
    /// prompt, nothing is kept here (the night is begun with its first match, see
    /// [`App::night_keep_match`]).
    pub fn night_enter(
        &mut self,
        entry: NightEntry<'_>,
        given: Given<'_>,
    ) -> Result<Entered, AppError> {
        self.not_a_scorer("enter a night")?;
        let actor = self.actor().cloned();
        let night = entry.night;
        let change = self.store.change("night")?;
        let leagues = change.leagues();
        let (league, season) = night.season(&leagues)?;
        let home = crate::app::which::team(&leagues, &league, night.home)?;
        let away = crate::app::which::team(&leagues, &league, night.away)?;
        if home.id == away.id {
            return Err(NightError::Check(crate::league::NightError::SameTeam).into());
        }
        let mut notes = Vec::new();
        let fixture = fixture_for_night(
            &change,
            &season,
            (&home, &away),
            (night.date, entry.moved),
            &mut notes,
        )?;
        check_not_withdrawn(&change, &season, &fixture)?;
        super::find::captain_may_act(actor.as_ref(), &leagues, (&league, &season), &fixture)?;
        uncancel(&change, &fixture, &mut notes)?;
        let config = &season.config;
        let title = format!("{} v {} on {}", home.name, away.name, fixture.date);
        let entered_by = side_for(&leagues, &league, entry.entered_for, (&home, &away), &title)?;
        let named_date = night.date.is_some().then_some(fixture.date);
        if let Some(r) = &fixture.result {
            if !matches!(r, NightResult::Matches(_)) || is_done(&fixture, config) {
                return Err(NightError::HasResult {
                    title,
                    result: result_words(&fixture, config),
                    words: night_words(&home, &away, named_date),
                }
                .into());
            }
        }
        if fixture.result.is_none() {
            // Entered for one side: provisional until the other confirms it.
            change.set_provisional(fixture.id, entered_by, today())?;
        } else if let (Some(_), Confirmation::Provisional { entered_by: was }) =
            (entry.entered_for, &fixture.confirmation)
        {
            if *was != entered_by {
                let names = Pair::new(&home.name, &away.name);
                return Err(NightError::BeingEnteredFor {
                    title,
                    team: names[*was].clone(),
                }
                .into());
            }
        }
        let matches_entered = |walkover| NightError::MatchesEntered {
            title: title.clone(),
            walkover,
        };
        let kept = match given {
            Given::Totals(t) => {
                let totals = parse_legs(t).map_err(NightError::BadTotals)?;
                if fixture.result.is_some() {
                    return Err(matches_entered(false).into());
                }
                check_totals(config, totals).map_err(|error| NightError::Checked {
                    title: title.clone(),
                    error,
                })?;
                change.set_night_result(fixture.id, &NightResult::Totals(totals))?;
                change.commit(
                    &format!("{title}: {}–{} (totals)", totals.home, totals.away),
                    None,
                )?;
                KeptNight::Totals { title, totals }
            }
            Given::Walkover(w) => {
                let side: HomeAway = w.parse().map_err(NightError::BadWalkover)?;
                if fixture.result.is_some() {
                    return Err(matches_entered(true).into());
                }
                change.set_night_result(fixture.id, &NightResult::Walkover(side))?;
                let to = Pair::new(&home.name, &away.name)[side].clone();
                change.commit(&format!("{title}: walkover to {to}"), None)?;
                KeptNight::Walkover {
                    title,
                    to,
                    matches: config.walkover_matches(),
                }
            }
            Given::Matches(lines) => {
                let mut entered = match &fixture.result {
                    Some(NightResult::Matches(ms)) => ms.clone(),
                    _ => Vec::new(),
                };
                let teams = Pair::new(home.clone(), away.clone());
                let mut players =
                    Players::load(&leagues, &league, &season, teams, entry.new_players)?;
                // A team's captain puts names on their own team's roster only: those typed for
                // the other side wait for that team to confirm the night.
                players.held = actor.as_ref().and_then(|a| a.team).map(|own| {
                    if own == home.id {
                        HomeAway::Away
                    } else {
                        HomeAway::Home
                    }
                });
                if fixture.result.is_none() {
                    change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
                }
                let words = night_words(&home, &away, named_date);
                let night = (&fixture, &mut entered, &mut players);
                enter_lines(&change, &season, night, (lines, &words), &mut notes)?;
                let now = fixture_by_number(&change, &season, fixture.id)?;
                let result = result_words(&now, config);
                change.commit(
                    &format!("{title}: {}", count(lines.len(), "match", "matches")),
                    None,
                )?;
                KeptNight::Matches { title, result }
            }
            Given::AtPrompt => {
                // Nothing is kept before the first match: a night begun here (its fixture
                // placed, provisional for its team) is begun with it, so an entry left before
                // any match is accepted changes nothing and logs nothing.
                let teams = Pair::new(home.clone(), away.clone());
                let players = Players::load(&leagues, &league, &season, teams, entry.new_players)?;
                let begun = fixture.result.is_some().then_some(fixture.id);
                let begin = Begin {
                    home,
                    away,
                    day: night.date,
                    moved: entry.moved,
                    entered_by,
                    found: fixture.id,
                };
                return Ok(Entered::ToPrompt(Box::new(Prompted {
                    title,
                    entered: matches_of(Some(&fixture)),
                    season,
                    players,
                    begun,
                    begin,
                })));
            }
        };
        Ok(Entered::Kept { notes, night: kept })
    }
}
