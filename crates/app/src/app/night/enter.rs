//! A night entered: its totals, a walkover or its matches given at once, or (at the prompt)
//! the night begun with its first match and each match kept as it is typed.

use super::note::NightNote;
use std::fmt;

use chrono::NaiveDate;

use super::error::{NightError, NightNamed};
use super::find::{fixture_by_number, is_done, result_words, team_names, NightRef};
pub use super::place::Question;
use super::place::{ahead_question, fixture_at, place_night, uncancel, Placed, Placement};
use super::players::{accept, resolve, Players};
use super::prompt::{matches_of, named, Begin, Prompted};
use crate::app::league::checked;
use crate::app::{App, AppError};
use crate::league::names::name_key;
use crate::league::night::check_totals;
use crate::league::{Config, Confirmation, HomeAway, Kind, Match, NightResult, Pair};
use crate::record::text::count;
use crate::store::{Change, Fixture, LeagueInfo, Reads, SeasonInfo, TeamInfo};

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

/// A leg as given: its score (home first), or the stored game it was scored in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegEntry {
    Score(Pair<u32>),
    Game(i64),
}

/// A match as given, before its games are looked up: its kind and slot, the players each side
/// (none: not known), the legs won (home first) and its legs, scored or from stored games
/// (none: not given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchEntry {
    pub kind: Kind,
    pub slot: u32,
    pub players: Pair<Vec<String>>,
    pub legs: Pair<u32>,
    pub leg_entries: Vec<LegEntry>,
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

/// What entering a night came to.
pub enum NightEntered {
    /// Kept: what was noted on the way (fixtures moved or added, players put on rosters), and
    /// the night as it now stands.
    Kept {
        notes: Vec<NightNote>,
        night: KeptNight,
    },
    /// Nothing kept yet: the matches are to be asked for at the prompt.
    ToPrompt(Box<Prompted>),
    /// Nothing kept: this is to be answered first ([`App::night_answer`]).
    Asked(NightQuestion),
}

/// A question about a night being entered, with the night as it was resolved to ask it.
#[derive(Clone, Debug)]
pub struct NightQuestion {
    pub question: Question,
    night: Box<PendingNight>,
}

impl NightQuestion {
    /// The night with the answer taken in: yes, it was moved, or the name is the known one
    /// (put right in its match: one a stored game gave cannot be); no, the name is someone
    /// new. A night not moved is refused, as the question says.
    fn answered(self, yes: bool) -> Result<PendingNight, NightError> {
        let mut night = *self.night;
        match (&self.question, yes) {
            (Question::Moved { .. }, true) => night.moved = Some(true),
            (Question::Ahead { .. }, true) => night.ahead = true,
            (Question::NewPlayer { name, .. }, false) => night.new_players.push(name.clone()),
            (
                Question::NewPlayer {
                    at,
                    side,
                    name,
                    known,
                    ..
                },
                true,
            ) => {
                let key = name_key(name);
                let typed = match &mut night.given {
                    Given::Matches(ms) => ms.get_mut(at - 1),
                    _ => None,
                };
                let Some(p) =
                    typed.and_then(|m| m.players[*side].iter_mut().find(|p| name_key(p) == key))
                else {
                    return Err(self.question.refused());
                };
                *p = known.clone();
            }
            (Question::Moved { .. } | Question::Ahead { .. }, false) => {
                return Err(self.question.refused())
            }
        }
        Ok(night)
    }
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
    leagues: &Reads,
    league: &LeagueInfo,
    name: Option<&str>,
    teams: (&TeamInfo, &TeamInfo),
    title: &str,
) -> Result<HomeAway, AppError> {
    let Some(name) = name else {
        return Ok(HomeAway::Home);
    };
    let team = crate::app::league::which::team(leagues, league, name)?;
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
    for e in change.entries(season.id)? {
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

/// Keeps the matches given, one after another: a name close to a known player's is asked
/// about (nothing is kept). Every match is checked, past a refusal, so that every fault of the
/// night is said at once: one refusal names the place of its match among those given (from 1);
/// more are [`NightError::Faults`], in the order of the matches (a name asked about among them
/// is refused as a slip). `named` names the night for a correction.
fn enter_matches(
    change: &Change,
    season: &SeasonInfo,
    (fixture, entered, players): (&Fixture, &mut Vec<Match>, &mut Players),
    (given, named): (Vec<MatchEntry>, &NightNamed),
    notes: &mut Vec<NightNote>,
) -> Result<Option<Question>, AppError> {
    let leagues: &Reads = change;
    // Each match refused, or asked about, in order.
    let mut faults: Vec<Result<NightError, Question>> = Vec::new();
    for (i, typed) in given.into_iter().enumerate() {
        let at = |e: NightError| e.at_match(i + 1);
        let (m, games) = match resolve(leagues, &season.config, typed, None) {
            Ok(resolved) => resolved,
            Err(e) => {
                faults.push(Ok(at(e)));
                continue;
            }
        };
        if let Some(NightResult::Matches(stored)) = &fixture.result {
            if stored.iter().any(|s| (s.kind, s.slot) == (m.kind, m.slot)) {
                faults.push(Ok(at(NightError::MatchEntered {
                    kind: m.kind,
                    slot: m.slot,
                    night: named.clone(),
                    line: m.entry_line(),
                })));
                continue;
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
                faults.push(Err(Question::NewPlayer {
                    at: i + 1,
                    side,
                    name,
                    known,
                    roster,
                }));
            }
            Err(AppError::Night(e)) => faults.push(Ok(at(e))),
            Err(other) => return Err(other),
        }
    }
    if let [Err(question)] = &mut faults[..] {
        return Ok(Some(question.clone()));
    }
    let mut all: Vec<NightError> = faults
        .into_iter()
        .map(|f| f.unwrap_or_else(|q| q.refused()))
        .collect();
    match all.len() {
        0 => Ok(None),
        1 => Err(all.remove(0).into()),
        _ => Err(NightError::Faults(all).into()),
    }
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
    (title, named): (&str, &NightNamed),
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
            night: named.clone(),
        });
    }
    if let (true, Confirmation::Provisional { entered_by: was }) = (said_for, &fixture.confirmation)
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

/// A night resolved once for its entry, by the names it was given: its league, season and
/// teams as they were read, where it goes among the season's fixtures, the team it is entered
/// for, and the night as given. A question carries it to the front end and back
/// ([`NightQuestion`]): the answer enters it without resolving anything again by name.
#[derive(Clone, Debug)]
struct PendingNight {
    league: LeagueInfo,
    season: SeasonInfo,
    teams: Pair<TeamInfo>,
    placement: Placement,
    /// The date given, if one was.
    day: Option<NaiveDate>,
    moved: Option<bool>,
    /// Whether a night given without its date goes on its fixture still to come (said so).
    ahead: bool,
    entered_by: HomeAway,
    /// Whether the team entering it was named.
    said_for: bool,
    new_players: Vec<String>,
    given: Given,
}

/// Resolves the night of `entry` in `change`, once: its league and season (on `today`), its
/// teams, where it goes among the fixtures, and the team it is entered for.
fn resolve_night(
    change: &Change,
    entry: &NightEntry<'_>,
    given: Given,
    today: NaiveDate,
) -> Result<PendingNight, AppError> {
    let night = entry.night;
    let leagues: &Reads = change;
    let (league, season) = night.season(leagues, today)?;
    let home = crate::app::league::which::team(leagues, &league, night.home)?;
    let away = crate::app::league::which::team(leagues, &league, night.away)?;
    if home.id == away.id {
        return Err(NightError::Check(crate::league::NightFault::SameTeam).into());
    }
    // Teams of two divisions never play a night: said before any fixture is looked for.
    crate::app::league::division::same_division(leagues, season.id, (home.id, away.id))?;
    let fixtures = leagues.fixtures(season.id)?;
    let placement = place_night(&fixtures, &season, &home, &away, night.date)?;
    let title = title((&home, &away), placement.date());
    let entered_by = side_for(leagues, &league, entry.entered_for, (&home, &away), &title)?;
    Ok(PendingNight {
        league,
        season,
        teams: Pair::new(home, away),
        placement,
        day: night.date,
        moved: entry.moved,
        ahead: false,
        entered_by,
        said_for: entry.entered_for.is_some(),
        new_players: entry.new_players.to_vec(),
        given,
    })
}

/// "Royal Oak v Red Lion on 2025-09-04".
fn title((home, away): (&TeamInfo, &TeamInfo), date: NaiveDate) -> String {
    format!("{} v {} on {date}", home.name, away.name)
}

impl PendingNight {
    /// Refuses the night unless its rows are, inside `change`, as they were when it was
    /// resolved: its league, season and teams, and where it goes among the fixtures (another
    /// change may have entered, moved or added one meanwhile).
    fn as_it_was(&self, change: &Change) -> Result<(), AppError> {
        let leagues: &Reads = change;
        let (league, teams) = (self.league.id, leagues.teams(self.league.id)?);
        let (home, away) = (&self.teams.home, &self.teams.away);
        let fixtures = leagues.fixtures(self.season.id)?;
        let same = leagues.leagues()?.contains(&self.league)
            && leagues.seasons(league)?.contains(&self.season)
            && teams.contains(home)
            && teams.contains(away)
            && place_night(&fixtures, &self.season, home, away, self.day)
                .ok()
                .as_ref()
                == Some(&self.placement);
        if same {
            return Ok(());
        }
        let title = title((home, away), self.placement.date());
        Err(NightError::AskedMeanwhile { title }.into())
    }
}

/// Keeps the matches given on the night (begun here, ready for its matches, when
/// `begun_here`): the night's result then, in words. A question stops it.
fn keep_matches(
    change: &Change,
    (season, fixture, named): (&SeasonInfo, &Fixture, &NightNamed),
    (mut players, begun_here): (Players, bool),
    given: Vec<MatchEntry>,
    notes: &mut Vec<NightNote>,
) -> Result<Result<String, Question>, AppError> {
    let mut entered = matches_of(Some(fixture));
    if begun_here {
        checked::refuse_closed_fixture(change, fixture.id)?;
        change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
    }
    let night = (fixture, &mut entered, &mut players);
    if let Some(question) = enter_matches(change, season, night, (given, named), notes)? {
        return Ok(Err(question));
    }
    let now = fixture_by_number(change, season, fixture.id)?;
    Ok(Ok(result_words(&now, &season.config)))
}

impl App {
    /// Enters a night: its totals, a walkover or its matches, kept as one change; at the
    /// prompt, nothing is kept here (the night is begun with its first match, see
    /// [`App::night_keep_match`]). What needs an answer (a night off its fixture's date not
    /// said to be moved or not, a name close to a known player's) is asked
    /// ([`NightEntered::Asked`]): nothing is kept, and the answer is given to
    /// [`App::night_answer`].
    pub fn night_enter(
        &mut self,
        entry: NightEntry<'_>,
        given: Given,
    ) -> Result<NightEntered, AppError> {
        self.not_a_scorer("enter a night")?;
        let (actor, today) = (self.actor().cloned(), self.today());
        let change = self.store.change("night")?;
        let night = resolve_night(&change, &entry, given, today)?;
        enter_night(change, night, (actor.as_ref(), today), true)
    }

    /// Checks a night as [`App::night_enter`] would enter it, and keeps nothing: its refusal, if
    /// it has one (a form that could not all be read has the rest of it checked, so that every
    /// fault is said at once); or the question it would ask.
    pub fn night_check(
        &mut self,
        entry: NightEntry<'_>,
        given: Given,
    ) -> Result<Option<NightQuestion>, AppError> {
        self.not_a_scorer("enter a night")?;
        let (actor, today) = (self.actor().cloned(), self.today());
        let change = self.store.change("night")?;
        let night = resolve_night(&change, &entry, given, today)?;
        match enter_night(change, night, (actor.as_ref(), today), false)? {
            NightEntered::Asked(question) => Ok(Some(question)),
            _ => Ok(None),
        }
    }

    /// Enters a night asked about with the answer (`yes` or no to the question): the night as
    /// it was resolved to ask it, refused if another change has meanwhile changed its league,
    /// season, teams or fixtures ([`NightError::AskedMeanwhile`]).
    pub fn night_answer(
        &mut self,
        asked: NightQuestion,
        yes: bool,
    ) -> Result<NightEntered, AppError> {
        self.not_a_scorer("enter a night")?;
        let night = asked.answered(yes)?;
        let (actor, today) = (self.actor().cloned(), self.today());
        let change = self.store.change("night")?;
        night.as_it_was(&change)?;
        enter_night(change, night, (actor.as_ref(), today), true)
    }
}

/// Enters the night resolved in `change`, as [`App::night_enter`] says; with `keep` false,
/// only checks it (the change let go, so nothing is kept).
fn enter_night(
    change: Change<'_>,
    night: PendingNight,
    (actor, today): (Option<&crate::app::Actor>, NaiveDate),
    keep: bool,
) -> Result<NightEntered, AppError> {
    let mut notes = Vec::new();
    let asked = |question, night| {
        let night = Box::new(night);
        Ok(NightEntered::Asked(NightQuestion { question, night }))
    };
    let r = &night;
    let teams = (&r.teams.home, &r.teams.away);
    let placement = (r.placement.clone(), r.moved);
    let fixture = match fixture_at(&change, &r.season, teams, placement, &mut notes)? {
        Placed::On(f) => f,
        Placed::Ask(question) => return asked(question, night),
    };
    let (season, config) = (&r.season, &r.season.config);
    check_not_withdrawn(&change, season, &fixture)?;
    super::find::captain_may_act(actor, &change, (&r.league, season), &fixture, today)?;
    // A night given without its date is not put on a fixture still to come unsaid: it is
    // asked about, naming the pair's night the other way round.
    if r.day.is_none() && !r.ahead && fixture.result.is_none() {
        let fixtures = change.fixtures(season.id)?;
        if let Some(question) = ahead_question(&fixtures, season, &fixture, today) {
            return asked(question, night);
        }
    }
    let title = title(teams, fixture.date);
    let named = named(teams.0, teams.1, r.day.is_some().then_some(fixture.date));
    let begun_here = entry_rules(
        &fixture,
        config,
        (r.entered_by, r.said_for),
        &r.given,
        (&title, &named),
    )?;
    uncancel(&change, &fixture, &mut notes)?;
    let leagues: &Reads = &change;
    let mut players = Players::load(leagues, &r.league, season, r.teams.clone(), &r.new_players)?;
    if begun_here && !matches!(r.given, Given::AtPrompt) {
        // Entered for one side: provisional until the other confirms it.
        change.set_provisional(fixture.id, r.entered_by, today)?;
    }
    let kept = match &r.given {
        Given::AtPrompt => {
            // Nothing is kept before the first match: a night begun here (its fixture placed,
            // provisional for its team) is begun with it, so an entry left before any match is
            // accepted changes nothing and logs nothing.
            let begin = Begin {
                home: r.teams.home.clone(),
                away: r.teams.away.clone(),
                day: r.day,
                moved: r.moved == Some(true),
                entered_by: r.entered_by,
                found: fixture.id,
            };
            return Ok(NightEntered::ToPrompt(Box::new(Prompted {
                title,
                entered: matches_of(Some(&fixture)),
                begun: (!begun_here).then_some(fixture.id),
                season: night.season,
                players,
                begin,
            })));
        }
        Given::Totals(totals) => {
            let totals = *totals;
            checked::refuse_closed_fixture(leagues, fixture.id)?;
            change.set_night_result(fixture.id, &NightResult::Totals(totals))?;
            if keep {
                change.commit(
                    &format!("{title}: {}–{} (totals)", totals.home, totals.away),
                    None,
                )?;
            }
            KeptNight::Totals { title, totals }
        }
        Given::Walkover(side) => {
            checked::refuse_closed_fixture(leagues, fixture.id)?;
            change.set_night_result(fixture.id, &NightResult::Walkover(*side))?;
            let to = r.teams[*side].name.clone();
            if keep {
                change.commit(&format!("{title}: walkover to {to}"), None)?;
            }
            KeptNight::Walkover {
                title,
                to,
                matches: config.walkover_matches(),
            }
        }
        Given::Matches(given) => {
            // A team's captain puts names on their own team's roster only: those typed for
            // the other side wait for that team to confirm the night.
            players.held = actor.and_then(|a| a.team).map(|own| {
                if own == r.teams.home.id {
                    HomeAway::Away
                } else {
                    HomeAway::Home
                }
            });
            let matches = count(given.len(), "match", "matches");
            let on = (season, &fixture, &named);
            let given = given.clone();
            let result = match keep_matches(&change, on, (players, begun_here), given, &mut notes)?
            {
                Ok(result) => result,
                Err(question) => return asked(question, night),
            };
            if keep {
                change.commit(&format!("{title}: {matches}"), None)?;
            }
            KeptNight::Matches { title, result }
        }
    };
    Ok(NightEntered::Kept { notes, night: kept })
}
