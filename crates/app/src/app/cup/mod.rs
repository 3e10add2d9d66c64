//! Cups (RULES.md §11): a season's knockout competitions, one function per thing a user does:
//! make a cup, enter teams or players, make the draw (in the order given, or from a seed),
//! enter, correct, confirm and dispute a tie's result, and read a cup ([`CupView`]). A tie is
//! checked by the night's own checks (a match as a night's, totals, the walkover award); cup
//! ties are kept apart from the nights, so they never count in the league table.

pub mod error;

use std::fmt;

use chrono::NaiveDate;

pub use self::error::CupError;
use crate::app::league::which::{self, Choice};
use crate::app::night::enter::MatchEntry;
use crate::app::night::error::NightError;
use crate::app::night::players::{join_rosters, resolve, Players};
use crate::app::night::NightNote;
use crate::app::view::cup::{cup_kind, cup_view, slots, tie_config, CupView};
use crate::app::{App, AppError};
use crate::league::confirm::{entered_by, settle, Action, Contest, Party};
use crate::league::cup::{
    individual_config, round_name, rounds, seeded_order, tie_points, tie_winner, CupKind,
    RoundName, TieResult, MAX_ENTRIES,
};
use crate::league::names::{name_key, near_miss, tidy};
use crate::league::night::NightCheck;
use crate::league::{Confirmation, HomeAway, Pair};
use crate::record::text::check_name;
use crate::store::{
    CupEntryRow, CupRow, CupTieRow, LeagueInfo, Reads, SeasonInfo, StoreError, TeamInfo,
};

/// A cup made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupMade {
    pub name: String,
    pub season: String,
    pub kind: CupKind,
    pub best_of: u32,
}

impl fmt::Display for CupMade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            CupKind::Team => write!(f, "{} (season {}): a team cup", self.name, self.season),
            CupKind::Individual(k) => write!(
                f,
                "{} (season {}): a {k} cup, each tie the best of {} legs",
                self.name, self.season, self.best_of
            ),
        }
    }
}

/// Entries made in a cup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupEntered {
    pub cup: String,
    pub added: Vec<String>,
    pub entries: usize,
}

impl fmt::Display for CupEntered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} entered; {} in all.",
            self.cup,
            self.added.join(", "),
            crate::record::text::count(self.entries as i64, "entry", "entries")
        )
    }
}

/// How a draw is made: the entries in the order drawn (in the pub), or from a seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Draw {
    Order(Vec<String>),
    Seed(u64),
}

/// A tie to enter or correct: its cup, its entries (home first), its date, the winner of its
/// deciding leg when it was level, the team it is entered for (a team tie stays provisional
/// until the other confirms it), and whether it corrects a result entered already.
#[derive(Clone, Copy, Debug, Default)]
pub struct TieEntry<'a> {
    pub cup: &'a str,
    pub home: &'a str,
    pub away: &'a str,
    pub date: Option<NaiveDate>,
    pub decider: Option<&'a str>,
    pub entered_for: Option<&'a str>,
    pub correct: bool,
    /// Players new to the league whose names are close to known ones (else refused as slips),
    /// or someone else of a known player's name, as a night's `new_players`.
    pub new_players: &'a [String],
}

/// A tie's result as given: its matches, its totals (matches won, home first), a walkover (the
/// side or entry that turned up), or an individual tie's legs (home first).
#[derive(Clone, Debug)]
pub enum TieGiven {
    Matches(Vec<MatchEntry>),
    Totals(Pair<u32>),
    Walkover(String),
    Legs(Pair<u32>),
}

/// A tie's result kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieKept {
    pub cup: String,
    pub round: RoundName,
    pub home: String,
    pub away: String,
    pub points: Pair<u32>,
    pub walkover: bool,
    pub decider: Option<String>,
    pub winner: String,
    /// Whether the winner won the cup (the tie was the final).
    pub final_won: bool,
    /// The result it replaced, for a correction.
    pub was: Option<String>,
    /// Provisional, waiting for the other team to confirm it.
    pub provisional: bool,
    /// What its matches' players came to, as a night's notes (a player put on a roster, a
    /// name waiting for the other team to confirm the tie, a player twice).
    pub notes: Vec<NightNote>,
}

impl fmt::Display for TieKept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}: {} v {}",
            self.cup, self.round, self.home, self.away
        )?;
        if self.walkover {
            write!(f, ": a walkover to {}", self.winner)?;
        } else {
            write!(f, " {}–{}", self.points.home, self.points.away)?;
            if let Some(d) = &self.decider {
                write!(f, ", {d} won the deciding leg")?;
            }
        }
        if let Some(was) = &self.was {
            write!(f, " (corrected; was {was})")?;
        }
        if self.final_won {
            write!(f, ". {} won the cup.", self.winner)?;
        } else {
            write!(f, ". {} go through.", self.winner)?;
        }
        if self.provisional {
            write!(f, " It is provisional until the other team confirms it.")?;
        }
        Ok(())
    }
}

/// A tie confirmed or disputed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieSettled {
    pub cup: String,
    pub home: String,
    pub away: String,
    pub by: String,
    pub dispute: Option<String>,
    /// Names that waited for the tie to be confirmed, put on their team's roster.
    pub notes: Vec<NightNote>,
}

impl fmt::Display for TieSettled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.dispute {
            None => write!(
                f,
                "{}: {} v {} confirmed for {}.",
                self.cup, self.home, self.away, self.by
            ),
            Some(reason) => write!(
                f,
                "{}: {} v {} disputed by {}: {reason}",
                self.cup, self.home, self.away, self.by
            ),
        }
    }
}

/// A team cup's entry as the team it is (its players are resolved as a night's team's are).
fn team_info(entry: &CupEntryRow) -> Result<TeamInfo, StoreError> {
    let id = entry
        .team
        .ok_or_else(|| StoreError::damaged("a team cup's entry", "no team"))?;
    Ok(TeamInfo {
        id,
        name: entry.name.clone(),
        venue: None,
    })
}

/// A cup found by its name: its league, season and row.
struct Found {
    league: LeagueInfo,
    season: SeasonInfo,
    cup: CupRow,
    kind: CupKind,
}

/// The cup named `name`: of the season chosen, when one is; else of the newest season that has
/// one of that name.
fn find_cup(
    reader: &Reads,
    choice: &Choice,
    name: &str,
    today: NaiveDate,
) -> Result<Found, AppError> {
    let league = choice.league(reader)?;
    let key = name_key(name);
    let found = if choice.season.is_some() {
        let (_, season) = choice.both(reader, today)?;
        let cup = reader
            .cups(season.id)?
            .into_iter()
            .find(|c| name_key(&c.name) == key);
        cup.map(|c| (season, c))
    } else {
        match reader.cups_named(league.id, name)?.into_iter().next() {
            Some(c) => {
                let season = reader
                    .seasons(league.id)?
                    .into_iter()
                    .find(|s| s.id == c.season)
                    .ok_or_else(|| StoreError::damaged("a cup", "of no season"))?;
                Some((season, c))
            }
            None => None,
        }
    };
    let Some((season, cup)) = found else {
        let season = choice.both(reader, today).ok().map(|(_, s)| s);
        let known = match &season {
            Some(s) => reader.cups(s.id)?.into_iter().map(|c| c.name).collect(),
            None => Vec::new(),
        };
        return Err(CupError::NoCup {
            name: tidy(name),
            season: choice.season.as_ref().and(season.map(|s| s.name)),
            known,
        }
        .into());
    };
    let kind = cup_kind(&cup)?;
    Ok(Found {
        league,
        season,
        cup,
        kind,
    })
}

/// The entry a name means: a team's entry (by any of the team's names) in a team cup; in an
/// individual cup, the entry of the players named (`A+B`, in either order), else the entry of
/// that name as shown.
fn entry_named(
    reader: &Reads,
    found: &Found,
    entries: &[CupEntryRow],
    name: &str,
) -> Result<usize, AppError> {
    let not_entered = || CupError::NotEntered {
        name: tidy(name),
        cup: found.cup.name.clone(),
        entries: entries.iter().map(|e| e.name.clone()).collect(),
        drawn: entries.iter().any(|e| e.draw.is_some()),
    };
    let key = name_key(name);
    if let Some(at) = entries.iter().position(|e| name_key(&e.name) == key) {
        return Ok(at);
    }
    match found.kind {
        CupKind::Team => {
            let team = which::team(reader, &found.league, name).map_err(|_| not_entered())?;
            entries
                .iter()
                .position(|e| e.team == Some(team.id))
                .ok_or_else(|| not_entered().into())
        }
        CupKind::Individual(_) => {
            let mut ids = Vec::new();
            for part in name.split('+') {
                match reader.players_named(part)?.as_slice() {
                    [one] => ids.push(one.id),
                    _ => return Err(not_entered().into()),
                }
            }
            ids.sort_unstable();
            entries
                .iter()
                .position(|e| {
                    let mut p = e.players.clone();
                    p.sort_unstable();
                    p == ids
                })
                .ok_or_else(|| not_entered().into())
        }
    }
}

/// The players an individual cup's entry names: each name as the league knows it (a name two
/// players bear refused naming both), as many as the kind's side has.
fn entry_players(
    reader: &Reads,
    league: &LeagueInfo,
    (kind, wanted): (&str, u32),
    entry: &str,
) -> Result<Vec<i64>, AppError> {
    let names: Vec<String> = entry.split('+').map(tidy).collect();
    if names.len() != wanted as usize || names.iter().any(String::is_empty) {
        return Err(CupError::PlayerCount {
            entry: tidy(entry),
            kind: kind.to_string(),
            wanted,
        }
        .into());
    }
    let mut ids = Vec::new();
    for name in &names {
        check_name(name).map_err(|fault| StoreError::Text {
            what: "a player's name",
            text: name.clone(),
            error: fault,
        })?;
        match reader.players_named(name)?.as_slice() {
            [] => {
                let known = reader.league_players(league.id)?;
                let known: Vec<&str> = known.iter().map(String::as_str).collect();
                return Err(CupError::NoPlayer {
                    name: name.clone(),
                    near: near_miss(name, &[], &known).map(str::to_string),
                }
                .into());
            }
            [one] => {
                if ids.contains(&one.id) {
                    return Err(CupError::SamePlayer { entry: tidy(entry) }.into());
                }
                ids.push(one.id)
            }
            many => {
                return Err(StoreError::Namesake {
                    name: name.clone(),
                    candidates: many.iter().map(|p| p.label.clone()).collect(),
                }
                .into())
            }
        }
    }
    Ok(ids)
}

/// Refuses a team's captain (or a game's scorer) what only the secretary does.
fn secretary_only(app: &App) -> Result<(), AppError> {
    app.not_a_scorer("change a cup")?;
    match app.actor() {
        Some(a) if a.team.is_some() => Err(CupError::SecretaryOnly.into()),
        _ => Ok(()),
    }
}

/// A tie found in a cup's draw, with what is stored of it.
struct TieAt {
    round: u32,
    tie: u32,
    of: u32,
    home: usize,
    away: usize,
    stored: Option<CupTieRow>,
}

/// The tie of the draw between the entries named, home first; refused where the two do not
/// meet (or meet the other way round), or one of them is not known yet.
fn tie_at(
    reader: &Reads,
    found: &Found,
    entries: &[CupEntryRow],
    ties: &[CupTieRow],
    (home, away): (&str, &str),
) -> Result<TieAt, AppError> {
    if !entries.iter().any(|e| e.draw.is_some()) {
        return Err(CupError::NotDrawn {
            cup: found.cup.name.clone(),
        }
        .into());
    }
    let drawn: Vec<CupEntryRow> = entries
        .iter()
        .filter(|e| e.draw.is_some())
        .cloned()
        .collect();
    let h = entry_named(reader, found, &drawn, home)?;
    let a = entry_named(reader, found, &drawn, away)?;
    let config = tie_config(found.kind, found.cup.best_of, &found.season.config);
    let all = slots(&drawn, ties, &config);
    let of = all.len() as u32;
    for (r, round) in all.iter().enumerate() {
        for (i, (slot, at)) in round.iter().enumerate() {
            if slot.bye {
                continue;
            }
            if slot.home == Some(h) && slot.away == Some(a) {
                return Ok(TieAt {
                    round: r as u32 + 1,
                    tie: i as u32 + 1,
                    of,
                    home: h,
                    away: a,
                    stored: at.map(|at| ties[at].clone()),
                });
            }
        }
    }
    // Where the two stand, to say why they do not meet: the other way round; else the tie each
    // is to play next (its opponent, or not known yet), or out.
    let reversed = all
        .iter()
        .flatten()
        .any(|(slot, _)| slot.home == Some(a) && slot.away == Some(h));
    let stands = |e: usize| {
        let next = all.iter().flatten().find(|(slot, at)| {
            at.is_none() && !slot.bye && (slot.home == Some(e) || slot.away == Some(e))
        });
        let name = &drawn[e].name;
        match next.map(|(slot, _)| {
            if slot.home == Some(e) {
                slot.away
            } else {
                slot.home
            }
        }) {
            Some(Some(o)) => format!("{name} plays {} next", drawn[o].name),
            Some(None) => format!("{name}'s next opponent is not known yet"),
            None if all
                .last()
                .and_then(|r| r.first())
                .and_then(|(f, _)| f.winner)
                == Some(e) =>
            {
                format!("{name} has won the cup")
            }
            None => format!("{name} is out of the cup"),
        }
    };
    let ready = Some(if reversed {
        format!("{} is at home to {}", drawn[a].name, drawn[h].name)
    } else {
        format!("{}; {}", stands(h), stands(a))
    });
    Err(CupError::NotATie {
        cup: found.cup.name.clone(),
        home: drawn[h].name.clone(),
        away: drawn[a].name.clone(),
        ready,
    }
    .into())
}

/// The side a name means in a tie: `home` or `away`, or one of its two entries.
fn side_named(given: &str, (home, away): (&str, &str)) -> Result<HomeAway, CupError> {
    if let Ok(side) = given.parse::<HomeAway>() {
        return Ok(side);
    }
    let key = name_key(given);
    if key == name_key(home) {
        Ok(HomeAway::Home)
    } else if key == name_key(away) {
        Ok(HomeAway::Away)
    } else {
        Err(CupError::NoSide {
            given: tidy(given),
            home: home.to_string(),
            away: away.to_string(),
        })
    }
}

/// A result in words: `5–4`, `a walkover to Red Lion`, `4–4, Red Lion won the deciding leg`.
fn result_words(
    t: &CupTieRow,
    config: &crate::league::Config,
    kind: CupKind,
    names: (&str, &str),
) -> String {
    let names = Pair::new(names.0.to_string(), names.1.to_string());
    match &t.result {
        TieResult::Walkover(s) => format!("(a walkover to {})", names[*s]),
        r => {
            let p = tie_points(r, config, kind);
            match t.decider {
                Some(d) => format!("{}–{}, {} won the deciding leg", p.home, p.away, names[d]),
                None => format!("{}–{}", p.home, p.away),
            }
        }
    }
}

impl App {
    /// Makes a cup of the season chosen (the current one by default): a team cup, or an
    /// individual cup of a kind of the season's night, its ties the best of `best_of` legs
    /// (3 by default).
    pub fn cup_new(
        &mut self,
        choice: &Choice,
        name: &str,
        kind: CupKind,
        best_of: Option<u32>,
    ) -> Result<CupMade, AppError> {
        secretary_only(self)?;
        let today = self.today();
        let change = self.store.change("cup new")?;
        let (_, season) = choice.both(&change, today)?;
        let name = tidy(name);
        if name.is_empty() {
            return Err(CupError::BlankName.into());
        }
        check_name(&name).map_err(|fault| StoreError::Text {
            what: "a cup's name",
            text: name.clone(),
            error: fault,
        })?;
        let best_of = best_of.unwrap_or(3);
        if let CupKind::Individual(k) = kind {
            individual_config(&season.config, k, best_of).map_err(CupError::Tie)?;
        }
        if change
            .cups(season.id)?
            .iter()
            .any(|c| name_key(&c.name) == name_key(&name))
        {
            return Err(CupError::Taken {
                season: season.name,
                name,
            }
            .into());
        }
        change.add_cup(season.id, &name, kind.as_str(), best_of)?;
        change.commit(&format!("cup {name} made in season {}", season.name), None)?;
        Ok(CupMade {
            name,
            season: season.name,
            kind,
            best_of,
        })
    }

    /// Enters teams (a team cup: teams of the cup's season) or players (an individual cup: a
    /// player's name, or two joined by `+` for a pair) in a cup not yet drawn, as one change.
    pub fn cup_enter(
        &mut self,
        choice: &Choice,
        cup: &str,
        given: &[String],
    ) -> Result<CupEntered, AppError> {
        secretary_only(self)?;
        let today = self.today();
        let change = self.store.change("cup enter")?;
        let found = find_cup(&change, choice, cup, today)?;
        let mut entries = change.cup_entries(found.cup.id)?;
        if entries.iter().any(|e| e.draw.is_some()) {
            return Err(CupError::Drawn {
                cup: found.cup.name,
            }
            .into());
        }
        if given.is_empty() {
            return Err(CupError::NoEntries {
                cup: found.cup.name,
            }
            .into());
        }
        let season_teams = change.entries(found.season.id)?;
        let mut added = Vec::new();
        for name in given {
            let (team, players, shown) = match found.kind {
                CupKind::Team => {
                    let team = which::team(&change, &found.league, name)?;
                    if !season_teams.iter().any(|e| e.team.id == team.id) {
                        return Err(CupError::NotInSeason {
                            team: team.name,
                            season: found.season.name,
                            cup: found.cup.name,
                        }
                        .into());
                    }
                    if entries.iter().any(|e| e.team == Some(team.id)) {
                        return Err(CupError::EnteredTwice {
                            entry: team.name,
                            cup: found.cup.name,
                        }
                        .into());
                    }
                    (Some(team.id), Vec::new(), team.name)
                }
                CupKind::Individual(k) => {
                    let wanted = found.season.config.kind(k).map_or(1, |kc| kc.players);
                    let ids = entry_players(&change, &found.league, (k.as_str(), wanted), name)?;
                    for e in &entries {
                        if let Some(p) = ids.iter().find(|p| e.players.contains(p)) {
                            let labels = change.player_labels()?;
                            return Err(CupError::PlayerTwice {
                                player: labels.get(p).cloned().unwrap_or_default(),
                                entry: e.name.clone(),
                                cup: found.cup.name,
                            }
                            .into());
                        }
                    }
                    (None, ids, String::new())
                }
            };
            let id = change.add_cup_entry(found.cup.id, team, &players)?;
            let name = if shown.is_empty() {
                change
                    .cup_entries(found.cup.id)?
                    .into_iter()
                    .find(|e| e.id == id)
                    .map(|e| e.name)
                    .unwrap_or_default()
            } else {
                shown
            };
            entries.push(CupEntryRow {
                id,
                team,
                players,
                name: name.clone(),
                draw: None,
                withdrawn: false,
            });
            added.push(name);
        }
        if entries.len() > MAX_ENTRIES {
            return Err(CupError::TooMany {
                cup: found.cup.name,
                entries: entries.len(),
                max: MAX_ENTRIES,
            }
            .into());
        }
        change.commit(
            &format!("cup {}: {} entered", found.cup.name, added.join(", ")),
            None,
        )?;
        Ok(CupEntered {
            cup: found.cup.name,
            added,
            entries: entries.len(),
        })
    }

    /// Makes a cup's draw: every entry once, in the order drawn in the pub; or from `seed`, an
    /// order the same seed always gives again (the seed kept and shown). The cup as drawn.
    pub fn cup_draw(
        &mut self,
        choice: &Choice,
        cup: &str,
        draw: Draw,
    ) -> Result<CupView, AppError> {
        secretary_only(self)?;
        let today = self.today();
        let change = self.store.change("cup draw")?;
        let found = find_cup(&change, choice, cup, today)?;
        let entries = change.cup_entries(found.cup.id)?;
        let name = found.cup.name.clone();
        if entries.iter().any(|e| e.draw.is_some()) {
            return Err(CupError::Drawn { cup: name }.into());
        }
        if entries.len() < 2 {
            return Err(CupError::TooFew {
                cup: name,
                entries: entries.len(),
            }
            .into());
        }
        let (order, seed) = match &draw {
            Draw::Seed(seed) => (seeded_order(entries.len(), *seed), Some(seed.to_string())),
            Draw::Order(names) => {
                let mut order: Vec<usize> = Vec::new();
                for n in names {
                    let at = entry_named(&change, &found, &entries, n)?;
                    if order.contains(&at) {
                        return Err(CupError::DrawnTwice {
                            entry: entries[at].name.clone(),
                        }
                        .into());
                    }
                    order.push(at);
                }
                let missing: Vec<String> = (0..entries.len())
                    .filter(|i| !order.contains(i))
                    .map(|i| entries[i].name.clone())
                    .collect();
                if !missing.is_empty() {
                    return Err(CupError::LeftOut { missing }.into());
                }
                (order, None)
            }
        };
        let places: Vec<(i64, u32)> = order
            .iter()
            .enumerate()
            .map(|(place, &at)| (entries[at].id, place as u32 + 1))
            .collect();
        change.set_cup_draw(found.cup.id, &places, seed.as_deref())?;
        let how = seed
            .as_ref()
            .map(|s| format!(" from seed {s}"))
            .unwrap_or_default();
        let found = Found {
            cup: CupRow { seed, ..found.cup },
            ..found
        };
        let view = read_cup(&change, &found)?;
        change.commit(&format!("cup {name}: drawn{how}"), None)?;
        Ok(view)
    }

    /// Enters a tie's result (or, with `correct`, replaces the one it has), as one change: the
    /// tie is the draw's between the two entries named, both known; its matches are checked as
    /// a night's, its totals must be a night's, an individual tie is entered by its legs; a
    /// level tie needs the winner of its deciding leg (RULES.md §11). The winner goes through
    /// to the next round. A team's captain enters their own team's ties (provisional until
    /// the other team confirms them); a correction is the secretary's, and stands confirmed;
    /// one that would put another entry through is refused once the winner has played on.
    pub fn cup_result(
        &mut self,
        choice: &Choice,
        entry: TieEntry<'_>,
        given: TieGiven,
    ) -> Result<TieKept, AppError> {
        self.not_a_scorer("enter a cup tie")?;
        let (actor, today) = (self.actor().cloned(), self.today());
        let change = self.store.change("cup result")?;
        let found = find_cup(&change, choice, entry.cup, today)?;
        let entries = change.cup_entries(found.cup.id)?;
        let ties = change.cup_ties(found.cup.id)?;
        let at = tie_at(&change, &found, &entries, &ties, (entry.home, entry.away))?;
        let drawn: Vec<&CupEntryRow> = entries.iter().filter(|e| e.draw.is_some()).collect();
        let (home, away) = (drawn[at.home], drawn[at.away]);
        let names = (home.name.as_str(), away.name.as_str());
        let round = round_name(at.round, at.of);
        let config = tie_config(found.kind, found.cup.best_of, &found.season.config);
        let cup_name = found.cup.name.clone();
        // Who enters it: the secretary, or a team's captain for their own team's tie.
        let own = actor.as_ref().and_then(|a| a.team);
        let captain_side = match own {
            None => None,
            Some(team) => {
                let side = if home.team == Some(team) {
                    HomeAway::Home
                } else if away.team == Some(team) {
                    HomeAway::Away
                } else {
                    let team = change.team_name(team)?.unwrap_or_default();
                    return Err(CupError::NotYours {
                        team,
                        home: home.name.clone(),
                        away: away.name.clone(),
                    }
                    .into());
                };
                if entry.correct {
                    return Err(CupError::SecretaryOnly.into());
                }
                Some(side)
            }
        };
        match (&at.stored, entry.correct) {
            (Some(t), false) => {
                return Err(CupError::HasResult {
                    cup: cup_name,
                    home: home.name.clone(),
                    away: away.name.clone(),
                    round: round.to_string(),
                    result: result_words(t, &config, found.kind, names),
                }
                .into())
            }
            (None, true) => {
                return Err(CupError::NoResult {
                    cup: cup_name,
                    home: home.name.clone(),
                    away: away.name.clone(),
                }
                .into())
            }
            _ => {}
        }
        let mut notes = Vec::new();
        let result = match (given, found.kind) {
            (TieGiven::Walkover(side), _) => TieResult::Walkover(side_named(&side, names)?),
            (TieGiven::Legs(legs), CupKind::Individual(_)) => TieResult::Legs(legs),
            (TieGiven::Legs(_), CupKind::Team) => return Err(CupError::NotLegs.into()),
            (TieGiven::Totals(t), CupKind::Team) => TieResult::Totals(t),
            (TieGiven::Totals(_), CupKind::Individual(_)) => {
                return Err(CupError::LegsOnly { given: "totals" }.into())
            }
            (TieGiven::Matches(_), CupKind::Individual(_)) => {
                return Err(CupError::LegsOnly { given: "matches" }.into())
            }
            (TieGiven::Matches(given), CupKind::Team) => {
                // Each match's players as a night's are: the team's roster first, a name two
                // players bear refused naming both, a slip of a known name refused ("did you
                // mean"), a name new to a roster put on it (the other team's, entered by a
                // captain, waits for that team to confirm the tie).
                let teams = Pair::new(team_info(home)?, team_info(away)?);
                let mut players = Players::load(
                    &change,
                    &found.league,
                    &found.season,
                    teams,
                    entry.new_players,
                )?;
                players.held = captain_side.map(HomeAway::other);
                players.contest = Contest::Tie;
                let mut check = NightCheck::default();
                let mut ms = Vec::new();
                for (i, typed) in given.into_iter().enumerate() {
                    let at = |e: NightError| e.at_match(i + 1);
                    let (mut m, _) = resolve(&change, &config, typed, None).map_err(at)?;
                    players.label(&mut m);
                    check
                        .add(&config, &m)
                        .map_err(|f| at(NightError::Check(f)))?;
                    players.check(&m).map_err(at)?;
                    players
                        .put_on_rosters(&change, &found.season, &m, &mut notes)
                        .map_err(|e| match e {
                            AppError::Night(e) => AppError::Night(at(e)),
                            e => e,
                        })?;
                    ms.push(m);
                }
                TieResult::Matches(ms)
            }
        };
        let decider = entry.decider.map(|d| side_named(d, names)).transpose()?;
        let won = tie_winner(&result, decider, &config).map_err(CupError::Tie)?;
        let winner = drawn[if won == HomeAway::Home {
            at.home
        } else {
            at.away
        }];
        // A correction that puts the other entry through, once the winner has played on.
        let mut was = None;
        if let Some(old) = &at.stored {
            was = Some(result_words(old, &config, found.kind, names));
            let old_won = tie_winner(&old.result, old.decider, &config).ok();
            if old_won.is_some() && old_won != Some(won) && at.round < at.of {
                let next = (at.round + 1, at.tie.div_ceil(2));
                if ties.iter().any(|t| (t.round, t.tie) == next) {
                    let (w, o) = if won == HomeAway::Home {
                        (away, home)
                    } else {
                        (home, away)
                    };
                    return Err(CupError::PlayedOn {
                        home: home.name.clone(),
                        away: away.name.clone(),
                        round: round.to_string(),
                        winner: w.name.clone(),
                        other: o.name.clone(),
                    }
                    .into());
                }
            }
        }
        let for_side = match (captain_side, entry.entered_for) {
            (Some(side), _) => side,
            (None, Some(name)) => side_named(name, names)?,
            (None, None) => HomeAway::Home,
        };
        let provisional = found.kind == CupKind::Team && !entry.correct;
        let confirmation = if provisional {
            Confirmation::Provisional {
                entered_by: for_side,
            }
        } else {
            Confirmation::Confirmed
        };
        let row = CupTieRow {
            id: 0,
            round: at.round,
            tie: at.tie,
            home: home.id,
            away: away.id,
            date: entry.date.or(Some(today)),
            result,
            decider,
            confirmation,
        };
        if let Some(side) = captain_side {
            if let Some(team) = [home, away][usize::from(side == HomeAway::Away)].team {
                change.acting_for(team)?;
            }
        }
        change.put_cup_tie(found.cup.id, &row)?;
        let words = result_words(&row, &config, found.kind, names);
        let verb = if entry.correct {
            "corrected"
        } else {
            "entered"
        };
        change.commit(
            &format!(
                "cup {cup_name}, {round}: {} v {} {words} ({verb})",
                home.name, away.name
            ),
            None,
        )?;
        Ok(TieKept {
            cup: cup_name,
            round,
            home: home.name.clone(),
            away: away.name.clone(),
            points: tie_points(&row.result, &config, found.kind),
            walkover: matches!(row.result, TieResult::Walkover(_)),
            decider: decider.map(|d| Pair::new(names.0, names.1)[d].to_string()),
            winner: winner.name.clone(),
            final_won: at.round == at.of,
            was,
            provisional,
            notes,
        })
    }

    /// Confirms a team tie for the team that did not enter it, or disputes it with a reason
    /// (`dispute`), as the night's confirmation does: a team's captain for their own team; the
    /// secretary for either (`by`), and settles a dispute.
    pub fn cup_settle(
        &mut self,
        choice: &Choice,
        (cup, home, away): (&str, &str, &str),
        by: Option<&str>,
        dispute: Option<String>,
    ) -> Result<TieSettled, AppError> {
        self.not_a_scorer("confirm a cup tie")?;
        let (actor, today) = (self.actor().cloned(), self.today());
        let change = self.store.change("cup confirm")?;
        let found = find_cup(&change, choice, cup, today)?;
        let entries = change.cup_entries(found.cup.id)?;
        let ties = change.cup_ties(found.cup.id)?;
        let at = tie_at(&change, &found, &entries, &ties, (home, away))?;
        let drawn: Vec<&CupEntryRow> = entries.iter().filter(|e| e.draw.is_some()).collect();
        let (h, a) = (drawn[at.home], drawn[at.away]);
        let names = (h.name.as_str(), a.name.as_str());
        let Some(mut row) = at.stored else {
            return Err(CupError::NoResult {
                cup: found.cup.name,
                home: h.name.clone(),
                away: a.name.clone(),
            }
            .into());
        };
        let party = match actor.as_ref().and_then(|x| x.team) {
            Some(team) if h.team == Some(team) => Party::Team(HomeAway::Home),
            Some(team) if a.team == Some(team) => Party::Team(HomeAway::Away),
            Some(team) => {
                return Err(CupError::NotYours {
                    team: change.team_name(team)?.unwrap_or_default(),
                    home: h.name.clone(),
                    away: a.name.clone(),
                }
                .into())
            }
            None => Party::Secretary(by.map(|b| side_named(b, names)).transpose()?),
        };
        let action = match &dispute {
            Some(reason) => Action::Dispute(reason.clone()),
            None => Action::Confirm,
        };
        let refused = |refusal| CupError::Settle {
            cup: found.cup.name.clone(),
            home: h.name.clone(),
            away: a.name.clone(),
            refusal,
        };
        let (state, settled) = settle(&row.confirmation, party, action).map_err(refused)?;
        let side = match settled {
            crate::league::confirm::Settled::Confirmed { for_side }
            | crate::league::confirm::Settled::DisputeSettled { for_side } => for_side,
            crate::league::confirm::Settled::Disputed { by, .. } => by,
        };
        let reason = match &state {
            Confirmation::Disputed { reason, .. } => Some(reason.clone()),
            _ => None,
        };
        // Names the entering team's captain typed for the other team join its roster once the
        // tie is confirmed, as a night's do.
        let mut notes = Vec::new();
        if let (Confirmation::Confirmed, TieResult::Matches(matches), Some(entered)) =
            (&state, &row.result, entered_by(&row.confirmation))
        {
            let teams = Pair::new(team_info(h)?, team_info(a)?);
            join_rosters(
                &change,
                &found.season,
                (
                    Pair::new(&teams.home, &teams.away),
                    entered.other(),
                    matches,
                    Contest::Tie,
                ),
                &mut notes,
            )?;
        }
        row.confirmation = state;
        let team = [h, a][usize::from(side == HomeAway::Away)];
        if let Some(t) = team.team {
            change.acting_for(t)?;
        }
        change.put_cup_tie(found.cup.id, &row)?;
        let verb = if reason.is_some() {
            "disputed"
        } else {
            "confirmed"
        };
        change.commit(
            &format!(
                "cup {}: {} v {} {verb} for {}",
                found.cup.name, h.name, a.name, team.name
            ),
            None,
        )?;
        Ok(TieSettled {
            cup: found.cup.name,
            home: h.name.clone(),
            away: a.name.clone(),
            by: team.name.clone(),
            dispute: reason,
            notes,
        })
    }

    /// A cup as it stands: its entries, its draw round by round, its winner.
    pub fn cup(&self, choice: &Choice, name: &str) -> Result<CupView, AppError> {
        let found = find_cup(&self.store, choice, name, self.today())?;
        read_cup(&self.store, &found)
    }

    /// The cup numbered `id` of the league chosen, as it stands (a cup of another league is
    /// none).
    pub fn cup_by_id(&self, choice: &Choice, id: i64) -> Result<CupView, AppError> {
        let league = choice.league(&self.store)?;
        let none = || CupError::NoCup {
            name: format!("#{id}"),
            season: None,
            known: Vec::new(),
        };
        let cup = self.store.cup(id)?.ok_or_else(none)?;
        let season = self
            .store
            .seasons(league.id)?
            .into_iter()
            .find(|s| s.id == cup.season)
            .ok_or_else(none)?;
        let kind = cup_kind(&cup)?;
        read_cup(
            &self.store,
            &Found {
                league,
                season,
                cup,
                kind,
            },
        )
    }

    /// The cups of the season chosen (the current one by default), in the order made.
    pub fn cups(&self, choice: &Choice) -> Result<(SeasonInfo, Vec<CupView>), AppError> {
        let (_, season) = choice.both(&self.store, self.today())?;
        let cups = season_cups(&self.store, &season)?;
        Ok((season, cups))
    }

    /// How many rounds a draw of `entries` has (for the front ends' words).
    pub fn cup_rounds(entries: usize) -> u32 {
        rounds(entries)
    }
}

/// The cups of a season, each as it stands.
pub fn season_cups(reader: &Reads, season: &SeasonInfo) -> Result<Vec<CupView>, AppError> {
    reader
        .cups(season.id)?
        .into_iter()
        .map(|cup| {
            let entries = reader.cup_entries(cup.id)?;
            let ties = reader.cup_ties(cup.id)?;
            Ok(cup_view(
                &cup,
                (&season.name, &season.config),
                &entries,
                &ties,
            )?)
        })
        .collect()
}

fn read_cup(reader: &Reads, found: &Found) -> Result<CupView, AppError> {
    let entries = reader.cup_entries(found.cup.id)?;
    let ties = reader.cup_ties(found.cup.id)?;
    Ok(cup_view(
        &found.cup,
        (&found.season.name, &found.season.config),
        &entries,
        &ties,
    )?)
}
