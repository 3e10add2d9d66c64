//! A night entered at the prompt: begun with its first match kept, each match kept as one
//! change, the night read as stored before each (another session may enter matches meanwhile).

use super::note::NightNote;
use chrono::NaiveDate;

use super::error::NightNamed;
use super::find::{fixture_by_number, is_done, result_words};
use super::place::{fixture_at, place_night, uncancel, Placed};
use super::players::{accept, Players};
use crate::app::league::checked;
use crate::app::{App, AppError};
use crate::league::{HomeAway, Match, NightResult};
use crate::store::{Change, Fixture, LegLink, Reads, SeasonInfo, StoreError, TeamInfo};

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

/// What keeping a match typed at the prompt came to.
pub enum KeptMatch {
    /// Kept, with what was noted on the way.
    Kept { notes: Vec<NightNote> },
    /// Another session entered this match first: not kept.
    Refused {
        notes: Vec<NightNote>,
        beaten: Beaten,
    },
    /// Another session entered or replaced the whole night meanwhile: nothing is left to
    /// enter here.
    NightTaken {
        notes: Vec<NightNote>,
        beaten: Beaten,
    },
}

/// A match typed here that another session's entry came before: the match, the night (named
/// for its correction) and what the other session entered first.
pub struct Beaten {
    pub typed: Match,
    pub night: NightNamed,
    pub first: First,
}

/// What another session entered first.
pub enum First {
    /// The same match: its winner, the legs (the winner's first) and its entry line.
    Match {
        winner: String,
        legs: (u32, u32),
        line: String,
    },
    /// The whole night: its result in words.
    Night(String),
}

impl App {
    /// Keeps a match typed at the prompt, as one change: the night as it is stored now (begun
    /// with this match if it is not yet), this match checked with its others and kept.
    pub fn night_keep_match(
        &mut self,
        night: &mut Prompted,
        (m, games): (Match, Vec<LegLink>),
    ) -> Result<KeptMatch, AppError> {
        let today = self.today();
        let change = self.store.change("night")?;
        let season = &night.season;
        let label = format!("{} {}", m.kind, m.slot);
        let mut notes = Vec::new();
        // The night as it stands now, inside the change that keeps this match.
        let f = match night_now(&change, season, night.begun)? {
            Some(f) => f,
            None => match night
                .begin
                .apply(&change, season, (&m, today), &mut notes)?
            {
                NightBegun::On(f) => f,
                NightBegun::Taken(beaten) => return Ok(KeptMatch::NightTaken { notes, beaten }),
            },
        };
        sync_entered(&mut night.entered, matches_of(Some(&f)), &mut notes);
        if let Some(first) = night
            .entered
            .iter()
            .find(|o| (o.kind, o.slot) == (m.kind, m.slot))
        {
            night.begun = Some(f.id);
            let first = First::Match {
                winner: night.players.teams[first.winner()].name.clone(),
                legs: (
                    first.legs[first.winner()],
                    first.legs[first.winner().other()],
                ),
                line: first.entry_line(),
            };
            let night = named(&night.begin.home, &night.begin.away, Some(f.date));
            let beaten = Beaten {
                typed: m,
                night,
                first,
            };
            return Ok(KeptMatch::Refused { notes, beaten });
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
pub enum NightBegun {
    /// The night's fixture, begun (or as another session began it, with its matches).
    On(Fixture),
    /// Another session entered or replaced the whole night meanwhile: the match typed here is
    /// not kept.
    Taken(Beaten),
}

impl Begin {
    /// Begins the night in `change`. A night another session has begun meanwhile is taken as
    /// it is (with the matches that session entered); one it has completed or replaced (as
    /// totals or a walkover) is not begun again.
    pub fn apply(
        &self,
        change: &Change,
        season: &SeasonInfo,
        (typed, today): (&Match, NaiveDate),
        notes: &mut Vec<NightNote>,
    ) -> Result<NightBegun, AppError> {
        let taken = |f: &Fixture| Beaten {
            typed: typed.clone(),
            night: named(&self.home, &self.away, Some(f.date)),
            first: First::Night(result_words(f, &season.config)),
        };
        // The night's own fixture, looked at first: once its night is complete it is no longer
        // one "left to play", and looking for one would say there is none.
        let own = change
            .fixtures(season.id)?
            .into_iter()
            .find(|f| f.id == self.found && f.home.id == self.home.id && f.away.id == self.away.id);
        if let Some(f) = own.filter(|f| f.result.is_some() && is_done(f, &season.config)) {
            return Ok(NightBegun::Taken(taken(&f)));
        }
        crate::app::league::division::same_division(
            change,
            season.id,
            (self.home.id, self.away.id),
        )?;
        let fixtures = change.fixtures(season.id)?;
        let placement = place_night(&fixtures, season, &self.home, &self.away, self.day)?;
        let teams = (&self.home, &self.away);
        let placed = fixture_at(change, season, teams, (placement, Some(self.moved)), notes)?;
        let fixture = match placed {
            Placed::On(f) => f,
            Placed::Ask(q) => return Err(q.refused().into()),
        };
        match &fixture.result {
            Some(NightResult::Matches(_)) if !is_done(&fixture, &season.config) => {
                return Ok(NightBegun::On(fixture))
            }
            Some(_) => return Ok(NightBegun::Taken(taken(&fixture))),
            None => {}
        }
        uncancel(change, &fixture, notes)?;
        change.set_provisional(fixture.id, self.entered_by, today)?;
        checked::refuse_closed_fixture(change, fixture.id)?;
        change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
        fixture_by_number(change, season, fixture.id).map(NightBegun::On)
    }
}

/// A night named for its correction: its teams, and its date when it must be said.
pub fn named(home: &TeamInfo, away: &TeamInfo, date: Option<NaiveDate>) -> NightNamed {
    NightNamed {
        home: home.name.clone(),
        away: away.name.clone(),
        date,
    }
}

/// The night on fixture `id` as it is stored now, if it is begun (it has matches or is ready
/// for them): another session may have entered matches, an outside `don undo` taken some (or
/// the whole night) back.
pub fn night_now(
    reader: &Reads,
    season: &SeasonInfo,
    id: Option<i64>,
) -> Result<Option<Fixture>, StoreError> {
    let Some(id) = id else { return Ok(None) };
    Ok(reader
        .fixture(season.id, id)?
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
pub fn sync_entered(entered: &mut Vec<Match>, stored: Vec<Match>, notes: &mut Vec<NightNote>) {
    let has = |ms: &[Match], m: &Match| ms.iter().any(|o| (o.kind, o.slot) == (m.kind, m.slot));
    for m in entered.iter().filter(|m| !has(&stored, m)) {
        notes.push(NightNote::TakenBack {
            kind: m.kind,
            slot: m.slot,
        });
    }
    for m in stored.iter().filter(|m| !has(entered, m)) {
        notes.push(NightNote::EnteredElsewhere {
            kind: m.kind,
            slot: m.slot,
            line: m.entry_line(),
        });
    }
    *entered = stored;
}

impl App {
    /// Brings a night being entered at the prompt in line with what is stored now (another
    /// session may have entered matches, an outside `don undo` taken some, or the whole night,
    /// back), saying what changed outside it.
    pub fn night_as_stored(&self, night: &mut Prompted) -> Result<Vec<NightNote>, AppError> {
        let mut notes = Vec::new();
        let now = night_now(&self.store, &night.season, night.begun)?;
        if night.begun.is_some() && now.is_none() {
            // Taken back whole: it is begun again with the next match kept.
            night.begun = None;
        }
        sync_entered(&mut night.entered, matches_of(now.as_ref()), &mut notes);
        Ok(notes)
    }
}
