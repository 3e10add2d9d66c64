//! A night entered: its totals, a walkover or its matches given at once, or (at the prompt)
//! the night begun with its first match and each match kept as it is typed.

use std::fmt;

use chrono::NaiveDate;

use super::place::fixture_for_night;
use super::players::{accept, resolve, Players};
use super::{fixture_by_number, is_done, night_season, result_words, today, NightError, NightRef};
use crate::app::{App, AppError};
use crate::league::entry::{parse_legs, parse_match};
use crate::league::names::shell_quoted;
use crate::league::night::check_totals;
use crate::league::{Confirmation, HomeAway, Match, NightResult, Pair};
use crate::record::text::count;
use crate::store::{
    Change, Fixture, LeagueInfo, LeagueReader, LegGame, SeasonInfo, StoreError, TeamInfo,
};

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

/// A night to enter at the prompt: its season, its players, the matches it has, and how to
/// begin it with the first match kept.
pub struct Prompted {
    pub title: String,
    pub season: SeasonInfo,
    pub players: Players,
    pub entered: Vec<Match>,
    /// The night's fixture, when it is begun already.
    pub begun: Option<i64>,
    pub begin: Begin,
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
        let night = entry.night;
        let change = self.store.change("night")?;
        let leagues = change.leagues();
        let (league, season) = night_season(
            &leagues,
            night.which,
            night.date,
            Some((night.home, night.away)),
        )?;
        let home = leagues.team(&league, night.home)?;
        let away = leagues.team(&league, night.away)?;
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
                if fixture.result.is_none() {
                    change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
                }
                for (i, line) in lines.iter().enumerate() {
                    let at = |e: NightError| AppError::from(e.at_match(i + 1));
                    let typed = parse_match(line).map_err(|e| at(NightError::BadMatch(e)))?;
                    let (m, games) = resolve(&leagues, config, typed, None).map_err(at)?;
                    if let Some(NightResult::Matches(stored)) = &fixture.result {
                        if stored.iter().any(|s| (s.kind, s.slot) == (m.kind, m.slot)) {
                            return Err(at(NightError::MatchEntered {
                                kind: m.kind,
                                slot: m.slot,
                                words: night_words(&home, &away, named_date),
                                line: line.clone(),
                            }));
                        }
                    }
                    let keep = (fixture.id, &mut entered, m, &games[..]);
                    accept(&change, &season, &mut players, keep, &mut notes).map_err(
                        |e| match e {
                            AppError::Night(e) => at(e),
                            other => other,
                        },
                    )?;
                }
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

/// What keeping a match typed at the prompt came to.
pub enum KeptMatch {
    /// Kept, with what was noted on the way.
    Kept { notes: Vec<String> },
    /// Another session entered this match first: not kept (the notes say so).
    Refused { notes: Vec<String> },
    /// Another session entered or replaced the whole night meanwhile: nothing is left to
    /// enter here (the notes say why).
    NightTaken { notes: Vec<String> },
}

impl App {
    /// Keeps a match typed at the prompt, as one change: the night as it is stored now (begun
    /// with this match if it is not yet), this match checked with its others and kept.
    pub fn night_keep_match(
        &mut self,
        night: &mut Prompted,
        (m, games): (Match, Vec<LegGame>),
    ) -> Result<KeptMatch, AppError> {
        let change = self.store.change("night")?;
        let season = &night.season;
        let label = format!("{} {}", m.kind, m.slot);
        let mut notes = Vec::new();
        // The night as it stands now, inside the change that keeps this match.
        let f = match night_now(&change.leagues(), season, night.begun)? {
            Some(f) => f,
            None => match night.begin.apply(&change, season, &m, &mut notes)? {
                Begun::On(f) => f,
                Begun::Taken(why) => {
                    notes.push(why);
                    return Ok(KeptMatch::NightTaken { notes });
                }
            },
        };
        sync_entered(&mut night.entered, matches_of(Some(&f)), &mut notes);
        if let Some(first) = night
            .entered
            .iter()
            .find(|o| (o.kind, o.slot) == (m.kind, m.slot))
        {
            night.begun = Some(f.id);
            let winner = &night.players.teams[first.winner()].name;
            notes.push(format!(
                "{label} refused: the other session entered {label} first ({} {}–{}: {}); yours is not kept: `don night correct {} --match {}` puts it in its place",
                winner,
                first.legs[first.winner()],
                first.legs[first.winner().other()],
                first.entry_line(),
                night_words(&night.begin.home, &night.begin.away, Some(f.date)),
                shell_quoted(&m.entry_line())
            ));
            return Ok(KeptMatch::Refused { notes });
        }
        let keep = (f.id, &mut night.entered, m, &games[..]);
        accept(&change, season, &mut night.players, keep, &mut notes)?;
        let m = night.entered.last().expect("just entered");
        change.commit(
            &format!("{}: {label} {}–{}", night.title, m.legs.home, m.legs.away),
            None,
        )?;
        night.begun = Some(f.id);
        Ok(KeptMatch::Kept { notes })
    }
}

/// What beginning a night at the prompt does, done with its first match: its fixture found
/// (moved or added as need be, played if it was cancelled) and the night provisional for the
/// team entering it.
pub struct Begin {
    pub home: TeamInfo,
    pub away: TeamInfo,
    pub day: Option<NaiveDate>,
    pub moved: bool,
    pub entered_by: HomeAway,
    /// The fixture the night was found on when the entry began (one added then was not kept,
    /// but another session entering the night adds it again).
    pub found: i64,
}

/// What beginning a night at the prompt came to.
pub enum Begun {
    /// The night's fixture, begun (or as another session began it, with its matches).
    On(Fixture),
    /// Another session entered or replaced the whole night meanwhile: why the match typed here
    /// is not kept, with the `night correct` line that would put it in.
    Taken(String),
}

impl Begin {
    /// Begins the night in `change`. A night another session has begun meanwhile is taken as
    /// it is (with the matches that session entered); one it has completed or replaced (as
    /// totals or a walkover) is not begun again.
    pub fn apply(
        &self,
        change: &Change,
        season: &SeasonInfo,
        typed: &Match,
        notes: &mut Vec<String>,
    ) -> Result<Begun, AppError> {
        let taken = |f: &Fixture| {
            format!(
                "{} {} refused: the other session entered the night first: {} (see `don night show`); yours is not kept: `don night correct {} --match {}` puts {} {} in its place",
                typed.kind,
                typed.slot,
                result_words(f, &season.config),
                night_words(&self.home, &self.away, Some(f.date)),
                shell_quoted(&typed.entry_line()),
                typed.kind,
                typed.slot
            )
        };
        // The night's own fixture, looked at first: once its night is complete it is no longer
        // one "left to play", and looking for one would say there is none.
        let own =
            change.leagues().fixtures(season.id)?.into_iter().find(|f| {
                f.id == self.found && f.home.id == self.home.id && f.away.id == self.away.id
            });
        if let Some(f) = own.filter(|f| f.result.is_some() && is_done(f, &season.config)) {
            return Ok(Begun::Taken(taken(&f)));
        }
        let fixture = fixture_for_night(
            change,
            season,
            (&self.home, &self.away),
            (self.day, self.moved),
            notes,
        )?;
        match &fixture.result {
            Some(NightResult::Matches(_)) if !is_done(&fixture, &season.config) => {
                return Ok(Begun::On(fixture))
            }
            Some(_) => return Ok(Begun::Taken(taken(&fixture))),
            None => {}
        }
        if fixture.cancelled {
            change.set_cancelled(fixture.id, false)?;
            notes.push(format!(
                "fixture {} was cancelled; it is played after all",
                fixture.id
            ));
        }
        change.set_provisional(
            fixture.id,
            self.entered_by,
            chrono::Local::now().date_naive(),
        )?;
        change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
        fixture_by_number(change, season, fixture.id).map(Begun::On)
    }
}

/// How to name a night on the command line: `'Royal Oak' 'Red Lion' [--date D]`.
pub fn night_words(home: &TeamInfo, away: &TeamInfo, date: Option<NaiveDate>) -> String {
    let mut words = format!("{} {}", shell_quoted(&home.name), shell_quoted(&away.name));
    if let Some(d) = date {
        words.push_str(&format!(" --date {d}"));
    }
    words
}

/// The night on fixture `id` as it is stored now, if it is begun (it has matches or is ready
/// for them): another session may have entered matches, an outside `don undo` taken some (or
/// the whole night) back.
pub fn night_now(
    reader: &LeagueReader<'_>,
    season: &SeasonInfo,
    id: Option<i64>,
) -> Result<Option<Fixture>, StoreError> {
    let Some(id) = id else { return Ok(None) };
    Ok(reader
        .fixtures(season.id)?
        .into_iter()
        .find(|f| f.id == id)
        .filter(|f| matches!(f.result, Some(NightResult::Matches(_)))))
}

/// The matches a stored night has.
pub fn matches_of(f: Option<&Fixture>) -> Vec<Match> {
    match f.and_then(|f| f.result.as_ref()) {
        Some(NightResult::Matches(ms)) => ms.clone(),
        _ => Vec::new(),
    }
}

/// Brings what this session holds as entered in line with what is stored (`stored`), saying
/// what changed outside it: matches another session entered, matches taken back.
pub fn sync_entered(entered: &mut Vec<Match>, stored: Vec<Match>, notes: &mut Vec<String>) {
    let has = |ms: &[Match], m: &Match| ms.iter().any(|o| (o.kind, o.slot) == (m.kind, m.slot));
    for m in entered.iter().filter(|m| !has(&stored, m)) {
        notes.push(format!(
            "{} {} is no longer stored (taken back outside this entry): it is asked again",
            m.kind, m.slot
        ));
    }
    for m in stored.iter().filter(|m| !has(entered, m)) {
        notes.push(format!(
            "{} {} was entered by another session: {}",
            m.kind,
            m.slot,
            m.entry_line()
        ));
    }
    *entered = stored;
}

impl App {
    /// Brings a night being entered at the prompt in line with what is stored now (another
    /// session may have entered matches, an outside `don undo` taken some, or the whole night,
    /// back), saying what changed outside it.
    pub fn night_as_stored(&self, night: &mut Prompted) -> Result<Vec<String>, AppError> {
        let mut notes = Vec::new();
        let now = night_now(&self.store.leagues(), &night.season, night.begun)?;
        if night.begun.is_some() && now.is_none() {
            // Taken back whole: it is begun again with the next match kept.
            night.begun = None;
        }
        sync_entered(&mut night.entered, matches_of(now.as_ref()), &mut notes);
        Ok(notes)
    }
}
