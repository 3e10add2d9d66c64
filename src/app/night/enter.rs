//! A night entered: its totals, a walkover or its matches given at once, or (at the prompt)
//! the night begun with its first match and each match kept as it is typed.

use std::fmt;

use chrono::NaiveDate;

use super::error::NightError;
use super::find::{fixture_by_number, is_done, result_words, team_names, NightRef};
use super::place::{fixture_for_night, Placed};
use super::players::{accept, resolve, Players};
use super::prompt::{matches_of, night_words, Begin, Prompted};
use crate::app::{App, AppError};
use crate::league::entry::MatchEntry;
use crate::league::night::check_totals;
use crate::league::{Config, Confirmation, HomeAway, Match, NightResult, Pair};
use crate::record::text::count;
use crate::store::{Change, Fixture, LeagueInfo, LeagueReader, SeasonInfo, StoreError, TeamInfo};

/// A night to enter: which, whether it was moved to its date, the team it is entered for
/// (the home team by default) and the players said to be new.
#[derive(Clone, Copy, Debug)]
pub struct NightEntry<'a> {
    pub night: NightRef<'a>,
    /// Whether the night was moved to its date from its fixture's: `None` when not said (a
    /// night off its fixture's date is then asked about: [`Question::Moved`]); `Some(false)`
    /// refuses such a night.
    pub moved: Option<bool>,
    pub entered_for: Option<&'a str>,
    pub new_players: &'a [String],
}

/// A night's result as given: its totals (matches won, home first), a walkover (the side that
/// turned up), its matches (in the order given: a refusal names the place of one,
/// [`NightError::AtMatch`]), or none (they are asked for at the prompt).
#[derive(Clone, Debug)]
pub enum Given {
    Totals(Pair<u32>),
    Walkover(HomeAway),
    Matches(Vec<MatchEntry>),
    AtPrompt,
}

/// What entering a night needs answered before anything is kept: the front end asks it in its
/// own way and enters the night again with the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// The night's date is not its fixture's: was the night moved to it? (Yes:
    /// [`NightEntry::moved`] `Some(true)`; no: the night is refused, [`Question::refused`].)
    Moved {
        home: String,
        away: String,
        fixture: i64,
        was: NaiveDate,
        date: NaiveDate,
    },
    /// A name given on `side` of the match at place `at` (from 1) is close to a known
    /// player's, and not said to be new: is it the known one (yes: that match given again
    /// with the known name), or someone new (no: the name said to be new)?
    NewPlayer {
        at: usize,
        side: HomeAway,
        name: String,
        known: String,
        /// The team on whose roster the known name is (else it is the league's).
        roster: Option<String>,
    },
}

impl Question {
    /// The refusal a "no" comes to.
    pub fn refused(&self) -> NightError {
        match self {
            Question::Moved {
                home,
                away,
                fixture,
                was,
                date,
            } => NightError::NotMoved {
                home: home.clone(),
                away: away.clone(),
                fixture: *fixture,
                was: *was,
                date: *date,
            },
            Question::NewPlayer {
                at,
                name,
                known,
                roster,
                ..
            } => NightError::Slip {
                name: name.clone(),
                known: known.clone(),
                roster: roster.clone(),
            }
            .at_match(*at),
        }
    }
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
    /// Nothing kept: this is to be answered first.
    Asked(Question),
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
    let team = leagues.team(league, name)?;
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

/// Keeps the matches given, one after another: a refusal names the place of the match refused
/// among those given (from 1); a name close to a known player's is asked about (nothing is
/// kept). `words` name the night for a correction.
fn enter_matches(
    change: &Change,
    season: &SeasonInfo,
    (fixture, entered, players): (&Fixture, &mut Vec<Match>, &mut Players),
    (given, words): (Vec<MatchEntry>, &str),
    notes: &mut Vec<String>,
) -> Result<Option<Question>, AppError> {
    let leagues = change.leagues();
    for (i, typed) in given.into_iter().enumerate() {
        let at = |e: NightError| AppError::from(e.at_match(i + 1));
        let (m, games) = resolve(&leagues, &season.config, typed, None).map_err(at)?;
        if let Some(NightResult::Matches(stored)) = &fixture.result {
            if stored.iter().any(|s| (s.kind, s.slot) == (m.kind, m.slot)) {
                return Err(at(NightError::MatchEntered {
                    kind: m.kind,
                    slot: m.slot,
                    words: words.to_string(),
                    line: m.entry_line(),
                }));
            }
        }
        let sides = m.players.clone();
        let keep = (fixture.id, &mut *entered, m, &games[..]);
        match accept(change, season, players, keep, notes) {
            Ok(()) => {}
            Err(AppError::Night(NightError::Slip {
                name,
                known,
                roster,
            })) => {
                let side = HomeAway::BOTH
                    .into_iter()
                    .find(|s| sides[*s].contains(&name))
                    .unwrap_or(HomeAway::Home);
                return Ok(Some(Question::NewPlayer {
                    at: i + 1,
                    side,
                    name,
                    known,
                    roster,
                }));
            }
            Err(AppError::Night(e)) => return Err(at(e)),
            Err(other) => return Err(other),
        }
    }
    Ok(None)
}

/// The night's entry rules, before anything is kept: a night with its whole result (or with
/// totals or a walkover) is not entered again; a night begun for one team is not carried on
/// for the other (`said_for`: the team entering it was named); totals or a walkover are not
/// given over matches entered, and totals must be a night's. Whether the night is begun here
/// (it has no result yet: it is provisional for the team entering it).
fn entry_rules(
    fixture: &Fixture,
    config: &Config,
    (entered_by, said_for): (HomeAway, bool),
    given: &Given,
    (title, words): (&str, &str),
) -> Result<bool, NightError> {
    let Some(result) = &fixture.result else {
        if let Given::Totals(totals) = given {
            check_totals(config, *totals).map_err(|error| NightError::Checked {
                title: title.to_string(),
                error,
            })?;
        }
        return Ok(true);
    };
    if !matches!(result, NightResult::Matches(_)) || is_done(fixture, config) {
        return Err(NightError::HasResult {
            title: title.to_string(),
            result: result_words(fixture, config),
            words: words.to_string(),
        });
    }
    if let (true, Confirmation::Provisional { entered_by: was }) =
        (said_for, &fixture.confirmation)
    {
        if *was != entered_by {
            return Err(NightError::BeingEnteredFor {
                title: title.to_string(),
                team: team_names(fixture)[*was].clone(),
            });
        }
    }
    match given {
        Given::Totals(_) | Given::Walkover(_) => Err(NightError::MatchesEntered {
            title: title.to_string(),
            walkover: matches!(given, Given::Walkover(_)),
        }),
        Given::Matches(_) | Given::AtPrompt => Ok(false),
    }
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
    /// [`App::night_keep_match`]). A night off its fixture's date, not said to be moved or
    /// not, is asked about ([`Entered::Asked`]): nothing is kept, and the night is entered
    /// again with the answer.
    pub fn night_enter(&mut self, entry: NightEntry<'_>, given: Given) -> Result<Entered, AppError> {
        self.not_a_scorer("enter a night")?;
        let actor = self.actor().cloned();
        let today = self.today();
        let night = entry.night;
        let change = self.store.change("night")?;
        let leagues = change.leagues();
        let (league, season) = night.season(&leagues, today)?;
        let home = leagues.team(&league, night.home)?;
        let away = leagues.team(&league, night.away)?;
        if home.id == away.id {
            return Err(NightError::Check(crate::league::NightError::SameTeam).into());
        }
        let mut notes = Vec::new();
        let teams = (&home, &away);
        let fixture = match fixture_for_night(
            &change,
            &season,
            teams,
            (night.date, entry.moved),
            &mut notes,
        )? {
            Placed::On(f) => f,
            Placed::Ask(question) => return Ok(Entered::Asked(question)),
        };
        check_not_withdrawn(&change, &season, &fixture)?;
        super::find::captain_may_act(actor.as_ref(), &leagues, (&league, &season), &fixture, today)?;
        let config = &season.config;
        let title = format!("{} v {} on {}", home.name, away.name, fixture.date);
        let entered_by = side_for(&leagues, &league, entry.entered_for, teams, &title)?;
        let words = night_words(&home, &away, night.date.is_some().then_some(fixture.date));
        let said_for = entry.entered_for.is_some();
        let begun_here = entry_rules(
            &fixture,
            config,
            (entered_by, said_for),
            &given,
            (&title, &words),
        )?;
        uncancel(&change, &fixture, &mut notes)?;
        let load_players = || {
            let teams = Pair::new(home.clone(), away.clone());
            Players::load(&leagues, &league, &season, teams, entry.new_players)
        };
        if begun_here && !matches!(given, Given::AtPrompt) {
            // Entered for one side: provisional until the other confirms it.
            change.set_provisional(fixture.id, entered_by, today)?;
        }
        let kept = match given {
            Given::AtPrompt => {
                // Nothing is kept before the first match: a night begun here (its fixture
                // placed, provisional for its team) is begun with it, so an entry left before
                // any match is accepted changes nothing and logs nothing.
                let players = load_players()?;
                let begin = Begin {
                    home: home.clone(),
                    away: away.clone(),
                    day: night.date,
                    moved: entry.moved == Some(true),
                    entered_by,
                    found: fixture.id,
                };
                return Ok(Entered::ToPrompt(Box::new(Prompted {
                    title,
                    entered: matches_of(Some(&fixture)),
                    begun: (!begun_here).then_some(fixture.id),
                    season,
                    players,
                    begin,
                })));
            }
            Given::Totals(totals) => {
                change.set_night_result(fixture.id, &NightResult::Totals(totals))?;
                change.commit(
                    &format!("{title}: {}–{} (totals)", totals.home, totals.away),
                    None,
                )?;
                KeptNight::Totals { title, totals }
            }
            Given::Walkover(side) => {
                change.set_night_result(fixture.id, &NightResult::Walkover(side))?;
                let to = Pair::new(&home.name, &away.name)[side].clone();
                change.commit(&format!("{title}: walkover to {to}"), None)?;
                KeptNight::Walkover {
                    title,
                    to,
                    matches: config.walkover_matches(),
                }
            }
            Given::Matches(given) => {
                let mut entered = matches_of(Some(&fixture));
                let mut players = load_players()?;
                // A team's captain puts names on their own team's roster only: those typed for
                // the other side wait for that team to confirm the night.
                players.held = actor.as_ref().and_then(|a| a.team).map(|own| {
                    if own == home.id {
                        HomeAway::Away
                    } else {
                        HomeAway::Home
                    }
                });
                if begun_here {
                    change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
                }
                let count_given = given.len();
                let night = (&fixture, &mut entered, &mut players);
                if let Some(question) =
                    enter_matches(&change, &season, night, (given, &words), &mut notes)?
                {
                    return Ok(Entered::Asked(question));
                }
                let now = fixture_by_number(&change, &season, fixture.id)?;
                let result = result_words(&now, config);
                change.commit(
                    &format!("{title}: {}", count(count_given, "match", "matches")),
                    None,
                )?;
                KeptNight::Matches { title, result }
            }
        };
        Ok(Entered::Kept { notes, night: kept })
    }
}
