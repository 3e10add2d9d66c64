//! A season as the standings see it, and the checks a match night passes before it is kept
//! (RULES.md §7): legs a valid best-of result, leg scores agreeing with the legs and the kind's
//! target, the right number of players, no player on both sides or for both teams or twice in
//! one side (a player twice in one kind is only warned of, RULES.md §9), the night complete.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use chrono::NaiveDate;

use super::config::{Config, Kind, KindConfig};
use super::names::name_key;
use crate::record::standings::TableLine;
use crate::record::text::count;

/// A team's number in the database.
pub type TeamId = i64;

/// Home or away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HomeAway {
    Home,
    Away,
}

impl HomeAway {
    pub const BOTH: [HomeAway; 2] = [HomeAway::Home, HomeAway::Away];

    pub fn other(self) -> HomeAway {
        match self {
            HomeAway::Home => HomeAway::Away,
            HomeAway::Away => HomeAway::Home,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            HomeAway::Home => "home",
            HomeAway::Away => "away",
        }
    }
}

impl fmt::Display for HomeAway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for HomeAway {
    type Err = String;
    fn from_str(s: &str) -> Result<HomeAway, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "home" => Ok(HomeAway::Home),
            "away" => Ok(HomeAway::Away),
            other => Err(format!("\"{other}\" is neither home nor away")),
        }
    }
}

/// One thing for each side of a fixture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pair<T> {
    pub home: T,
    pub away: T,
}

impl<T> Pair<T> {
    pub fn new(home: T, away: T) -> Pair<T> {
        Pair { home, away }
    }
}

impl<T> Index<HomeAway> for Pair<T> {
    type Output = T;
    fn index(&self, side: HomeAway) -> &T {
        match side {
            HomeAway::Home => &self.home,
            HomeAway::Away => &self.away,
        }
    }
}

impl<T> IndexMut<HomeAway> for Pair<T> {
    fn index_mut(&mut self, side: HomeAway) -> &mut T {
        match side {
            HomeAway::Home => &mut self.home,
            HomeAway::Away => &mut self.away,
        }
    }
}

/// A team in a season.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Team {
    pub id: TeamId,
    pub name: String,
    /// The day it withdrew: from then on it is expunged from the table.
    pub withdrawn: Option<NaiveDate>,
}

/// A team's line of the table is written with its name.
impl AsRef<str> for Team {
    fn as_ref(&self) -> &str {
        &self.name
    }
}

/// A leg of a match: its score, when known, and the stored game it was scored in, if any (then
/// the score is that game's final score).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    pub score: Pair<u32>,
    pub game: Option<i64>,
    /// For a leg scored with the engine: the points each side pegged, hand by hand.
    pub hands: Vec<Pair<i64>>,
}

impl Leg {
    pub fn winner(&self) -> Option<HomeAway> {
        match self.score.home.cmp(&self.score.away) {
            std::cmp::Ordering::Greater => Some(HomeAway::Home),
            std::cmp::Ordering::Less => Some(HomeAway::Away),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// A match of a night: a kind, its slot (1, 2, 3 … within the kind), who played, the legs won
/// and, when known, each leg's score in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub kind: Kind,
    pub slot: u32,
    /// The players of each side, as typed (may be empty when not known).
    pub players: Pair<Vec<String>>,
    pub legs: Pair<u32>,
    /// Empty when only the legs won are known.
    pub leg_scores: Vec<Leg>,
}

impl Match {
    /// The match as `night enter --match` takes it: `don 1; Gareth+Rhys; Dai+Huw; 2-1;
    /// 121-87 #12` (a leg scored in a stored game written `#N`; no leg scores, no last part).
    pub fn entry_line(&self) -> String {
        let mut line = format!(
            "{} {}; {}; {}; {}-{}",
            self.kind,
            self.slot,
            self.players.home.join("+"),
            self.players.away.join("+"),
            self.legs.home,
            self.legs.away
        );
        if !self.leg_scores.is_empty() {
            line.push_str("; ");
            line.push_str(&self.leg_scores_with('-'));
        }
        line
    }

    /// Its leg scores, each `home{dash}away` or, scored in a stored game, `#N`: `121-87 #12`.
    pub fn leg_scores_with(&self, dash: char) -> String {
        let legs: Vec<String> = self
            .leg_scores
            .iter()
            .map(|l| match l.game {
                Some(g) => format!("#{g}"),
                None => format!("{}{dash}{}", l.score.home, l.score.away),
            })
            .collect();
        legs.join(" ")
    }

    /// The side that won the match (the legs are checked to have one).
    pub fn winner(&self) -> HomeAway {
        if self.legs.home > self.legs.away {
            HomeAway::Home
        } else {
            HomeAway::Away
        }
    }
}

/// A night's result as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NightResult {
    /// Match by match (complete or not).
    Matches(Vec<Match>),
    /// Only the matches each side won are known (FORMAT.md §3 "nights").
    Totals(Pair<u32>),
    /// One side did not turn up: the side that did.
    Walkover(HomeAway),
}

/// Whether both teams stand by a night's result. A night entered for one team is provisional
/// until it is confirmed for the other, or disputed with a reason; a night taken from the
/// league's record (an import) stands as confirmed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Confirmation {
    #[default]
    Confirmed,
    /// Entered for one side, not yet confirmed for the other.
    Provisional { entered_by: HomeAway },
    /// One side does not accept the result, and why; `entered_by` is the side that entered it
    /// (none for a night from the record).
    Disputed {
        by: HomeAway,
        reason: String,
        entered_by: Option<HomeAway>,
    },
}

impl Confirmation {
    pub fn is_confirmed(&self) -> bool {
        matches!(self, Confirmation::Confirmed)
    }

    /// `confirmed`, `provisional` or `disputed`.
    pub fn word(&self) -> &'static str {
        match self {
            Confirmation::Confirmed => "confirmed",
            Confirmation::Provisional { .. } => "provisional",
            Confirmation::Disputed { .. } => "disputed",
        }
    }

    /// How a night stands once the secretary has corrected it: complete, it stands confirmed
    /// (any dispute settled); still incomplete, it is left provisional for the team that
    /// entered it (a dispute settled back to provisional; a night from the record, entered by
    /// no team, for the team that did not dispute it), to be confirmed once it is complete. A
    /// night confirmed stays so.
    pub fn corrected(&self, complete: bool) -> Confirmation {
        match self {
            _ if complete => Confirmation::Confirmed,
            Confirmation::Confirmed => Confirmation::Confirmed,
            Confirmation::Provisional { entered_by } => Confirmation::Provisional {
                entered_by: *entered_by,
            },
            Confirmation::Disputed { by, entered_by, .. } => Confirmation::Provisional {
                entered_by: entered_by.unwrap_or(by.other()),
            },
        }
    }
}

#[cfg(test)]
mod corrected_tests {
    use super::*;

    #[test]
    fn a_correction_confirms_a_complete_night_and_leaves_an_incomplete_one_provisional() {
        let provisional = Confirmation::Provisional {
            entered_by: HomeAway::Home,
        };
        let disputed = |entered_by| Confirmation::Disputed {
            by: HomeAway::Away,
            reason: "don 1 was 0-2".into(),
            entered_by,
        };
        assert_eq!(provisional.corrected(true), Confirmation::Confirmed);
        assert_eq!(
            disputed(Some(HomeAway::Home)).corrected(true),
            Confirmation::Confirmed
        );
        assert_eq!(provisional.corrected(false), provisional);
        assert_eq!(disputed(Some(HomeAway::Home)).corrected(false), provisional);
        assert_eq!(disputed(None).corrected(false), provisional);
        assert_eq!(
            Confirmation::Confirmed.corrected(false),
            Confirmation::Confirmed
        );
    }
}

/// A night played (or being entered): a fixture with its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Night {
    /// The fixture's number in the database.
    pub id: i64,
    pub date: NaiveDate,
    pub home: TeamId,
    pub away: TeamId,
    pub result: NightResult,
    pub confirmation: Confirmation,
}

impl Night {
    /// Matches won by each side, once the night counts: `None` while a night entered match by
    /// match is incomplete.
    pub fn matches_won(&self, config: &Config) -> Option<Pair<u32>> {
        match &self.result {
            NightResult::Matches(ms) => {
                if !is_complete(config, ms) {
                    return None;
                }
                let mut won = Pair::default();
                for m in ms {
                    won[m.winner()] += 1;
                }
                Some(won)
            }
            NightResult::Totals(t) => Some(*t),
            NightResult::Walkover(side) => {
                let mut won = Pair::default();
                won[*side] = config.walkover_matches();
                Some(won)
            }
        }
    }

    /// Legs won by each side: only for a complete night recorded match by match.
    pub fn legs_won(&self, config: &Config) -> Option<Pair<u32>> {
        match &self.result {
            NightResult::Matches(ms) if is_complete(config, ms) => Some(Pair::new(
                ms.iter().map(|m| m.legs.home).sum(),
                ms.iter().map(|m| m.legs.away).sum(),
            )),
            _ => None,
        }
    }

    /// The side playing as `team`, if it played in this night.
    pub fn side_of(&self, team: TeamId) -> Option<HomeAway> {
        if self.home == team {
            Some(HomeAway::Home)
        } else if self.away == team {
            Some(HomeAway::Away)
        } else {
            None
        }
    }
}

/// A points deduction (negative) or award (positive), with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjustment {
    pub team: TeamId,
    pub points: i64,
    pub reason: String,
    pub date: NaiveDate,
}

/// A season as the standings see it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeasonRecord {
    pub name: String,
    pub config: Config,
    pub teams: Vec<Team>,
    /// Nights with a result, in date order.
    pub nights: Vec<Night>,
    pub adjustments: Vec<Adjustment>,
    /// A closed season's final table as it was printed (FORMAT.md §7), in its printed order:
    /// its standings; empty for a season that is not closed.
    pub recorded: Vec<TableLine<TeamId>>,
    /// Its divisions, top first (RULES.md §10); empty: one division, as a season without.
    pub divisions: Vec<super::division::Division>,
}

impl SeasonRecord {
    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == id)
    }

    /// The season as it stood at the end of `day`: later nights, adjustments and withdrawals
    /// left out.
    pub fn as_on(&self, day: NaiveDate) -> SeasonRecord {
        SeasonRecord {
            name: self.name.clone(),
            config: self.config.clone(),
            teams: self
                .teams
                .iter()
                .map(|t| Team {
                    withdrawn: t.withdrawn.filter(|w| *w <= day),
                    ..t.clone()
                })
                .collect(),
            nights: self
                .nights
                .iter()
                .filter(|n| n.date <= day)
                .cloned()
                .collect(),
            adjustments: self
                .adjustments
                .iter()
                .filter(|a| a.date <= day)
                .cloned()
                .collect(),
            recorded: self.recorded.clone(),
            divisions: self.divisions.clone(),
        }
    }

    /// The nights that count in the table (none of a withdrawn team's, none entered match by
    /// match and not yet complete) but are not yet confirmed by both teams: how many are
    /// provisional, how many disputed.
    pub fn unconfirmed(&self) -> (usize, usize) {
        let withdrawn = |id: TeamId| self.team(id).is_some_and(|t| t.withdrawn.is_some());
        let counted = self.nights.iter().filter(|n| {
            !withdrawn(n.home) && !withdrawn(n.away) && n.matches_won(&self.config).is_some()
        });
        let (mut provisional, mut disputed) = (0, 0);
        for n in counted {
            match n.confirmation {
                Confirmation::Confirmed => {}
                Confirmation::Provisional { .. } => provisional += 1,
                Confirmation::Disputed { .. } => disputed += 1,
            }
        }
        (provisional, disputed)
    }

    /// The season with only its confirmed nights: provisional and disputed ones left out.
    pub fn confirmed_only(&self) -> SeasonRecord {
        SeasonRecord {
            nights: self
                .nights
                .iter()
                .filter(|n| n.confirmation.is_confirmed())
                .cloned()
                .collect(),
            ..self.clone()
        }
    }
}

/// Why a night, or a match of it, is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NightFault {
    #[error("this league's night has no {0} matches")]
    KindNotPlayed(Kind),
    #[error("{kind} match {slot}: the night has {kind} matches 1 to {matches}")]
    NoSuchSlot { kind: Kind, slot: u32, matches: u32 },
    #[error("{kind} match {slot} is entered twice")]
    SlotTwice { kind: Kind, slot: u32 },
    #[error("{kind} match {slot}: the {side} side has {}; {kind} is played {wanted} a side", count(*given, "player", "players"))]
    PlayerCount {
        kind: Kind,
        slot: u32,
        side: HomeAway,
        given: usize,
        wanted: u32,
    },
    #[error("{kind} match {slot}: legs {home}–{away} is not a result of a best of {best_of} (one side wins {needed})")]
    Legs {
        kind: Kind,
        slot: u32,
        home: u32,
        away: u32,
        best_of: u32,
        needed: u32,
    },
    #[error("{kind} match {slot}: {} for {} played", count(*given, "leg score", "leg scores"), count(*played, "leg", "legs"))]
    LegScoreCount {
        kind: Kind,
        slot: u32,
        given: usize,
        played: u32,
    },
    #[error("{kind} match {slot}, leg {leg}: {home}–{away} must have exactly one side at or past {target}")]
    LegScoreTarget {
        kind: Kind,
        slot: u32,
        leg: usize,
        home: u32,
        away: u32,
        target: u32,
    },
    #[error(
        "{kind} match {slot}: the leg scores give legs {home}–{away}, not {legs_home}–{legs_away}"
    )]
    LegScoresDisagree {
        kind: Kind,
        slot: u32,
        home: u32,
        away: u32,
        legs_home: u32,
        legs_away: u32,
    },
    #[error("{kind} match {slot}, leg {leg} is played after the match was won")]
    LegAfterWon { kind: Kind, slot: u32, leg: usize },
    #[error("{name} is named twice in one side of {kind} match {slot}")]
    PlayerTwiceInSide {
        name: String,
        kind: Kind,
        slot: u32,
        side: HomeAway,
    },
    #[error("{name} plays for both teams on this night ({kind} match {slot} for the {side} side)")]
    PlayerForBothTeams {
        name: String,
        kind: Kind,
        slot: u32,
        side: HomeAway,
    },
    #[error("{name} plays for both sides in {kind} match {slot}")]
    PlayerBothSides { name: String, kind: Kind, slot: u32 },
    #[error("the night's points {home}–{away} add up to {sum}; a night has {matches} matches")]
    Totals {
        home: u32,
        away: u32,
        sum: u32,
        matches: u32,
    },
    #[error("the night is not complete: {missing} still to enter")]
    Incomplete { missing: String },
    #[error("a team cannot play itself")]
    SameTeam,
    #[error("game {game} is counted twice on this night: as leg {first_leg} of {first_kind} match {first_slot} and as leg {leg} of {kind} match {slot}")]
    GameTwice {
        game: i64,
        first_kind: Kind,
        first_slot: u32,
        first_leg: usize,
        kind: Kind,
        slot: u32,
        leg: usize,
    },
}

/// Checks one match against the night's configuration (its kind, slot, players, legs and leg
/// scores), on its own.
pub fn check_match(config: &Config, m: &Match) -> Result<(), NightFault> {
    match NightCheck::default().faults(config, m).into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Every fault of one match on its own (its kind, slot, players' numbers, legs and leg scores),
/// in the order of the row's columns; a player on both sides or twice in one side is
/// [`NightCheck`]'s (it folds the names anyway).
fn match_faults(config: &Config, m: &Match) -> Vec<NightFault> {
    let Some(kc) = config.kind(m.kind) else {
        return vec![NightFault::KindNotPlayed(m.kind)];
    };
    let mut faults = Vec::new();
    let (kind, slot) = (m.kind, m.slot);
    if slot == 0 || slot > kc.matches {
        faults.push(NightFault::NoSuchSlot {
            kind,
            slot,
            matches: kc.matches,
        });
    }
    for side in HomeAway::BOTH {
        let given = m.players[side].len();
        if given != 0 && given != kc.players as usize {
            faults.push(NightFault::PlayerCount {
                kind,
                slot,
                side,
                given,
                wanted: kc.players,
            });
        }
    }
    match check_legs(kc, slot, m.legs) {
        // Leg scores are checked against legs that make a result.
        Err(e) => faults.push(e),
        Ok(()) => faults.extend(check_leg_scores(kc, m).err()),
    }
    faults.extend(game_twice(&games_of(m), m));
    faults
}

/// The stored games a match's legs are: (game, kind, slot, leg), leg counted from 1.
fn games_of(m: &Match) -> Vec<(i64, Kind, u32, usize)> {
    m.leg_scores
        .iter()
        .enumerate()
        .filter_map(|(i, leg)| leg.game.map(|g| (g, m.kind, m.slot, i + 1)))
        .collect()
}

/// The first leg of `m` whose stored game is one of `before`'s, or an earlier leg's of `m`: one
/// game is one leg, never two.
fn game_twice(before: &[(i64, Kind, u32, usize)], m: &Match) -> Option<NightFault> {
    let mine = games_of(m);
    mine.iter()
        .enumerate()
        .find_map(|(i, &(game, kind, slot, leg))| {
            let earlier = before
                .iter()
                .filter(|&&(_, k, s, _)| (k, s) != (kind, slot))
                .chain(&mine[..i])
                .find(|&&(g, ..)| g == game)?;
            Some(NightFault::GameTwice {
                game,
                first_kind: earlier.1,
                first_slot: earlier.2,
                first_leg: earlier.3,
                kind,
                slot,
                leg,
            })
        })
}

/// A best-of result: exactly one side has the legs needed, the other fewer.
fn check_legs(kc: &KindConfig, slot: u32, legs: Pair<u32>) -> Result<(), NightFault> {
    let needed = kc.legs_to_win();
    let ok =
        (legs.home == needed && legs.away < needed) || (legs.away == needed && legs.home < needed);
    if ok {
        Ok(())
    } else {
        Err(NightFault::Legs {
            kind: kc.kind,
            slot,
            home: legs.home,
            away: legs.away,
            best_of: kc.best_of,
            needed,
        })
    }
}

fn check_leg_scores(kc: &KindConfig, m: &Match) -> Result<(), NightFault> {
    if m.leg_scores.is_empty() {
        return Ok(());
    }
    let (kind, slot) = (m.kind, m.slot);
    let played = m.legs.home + m.legs.away;
    if m.leg_scores.len() != played as usize {
        return Err(NightFault::LegScoreCount {
            kind,
            slot,
            given: m.leg_scores.len(),
            played,
        });
    }
    let needed = kc.legs_to_win();
    let mut won = Pair::<u32>::default();
    for (i, leg) in m.leg_scores.iter().enumerate() {
        let s = leg.score;
        // A leg scored with the engine is won as the game was (both may be past the target).
        let by_game = leg.game.is_some() && s.home != s.away;
        if !by_game && (s.home >= kc.target) == (s.away >= kc.target) {
            return Err(NightFault::LegScoreTarget {
                kind,
                slot,
                leg: i + 1,
                home: s.home,
                away: s.away,
                target: kc.target,
            });
        }
        if won.home == needed || won.away == needed {
            return Err(NightFault::LegAfterWon {
                kind,
                slot,
                leg: i + 1,
            });
        }
        let winner = if s.home >= kc.target {
            HomeAway::Home
        } else {
            HomeAway::Away
        };
        won[winner] += 1;
    }
    if won != m.legs {
        return Err(NightFault::LegScoresDisagree {
            kind,
            slot,
            home: won.home,
            away: won.away,
            legs_home: m.legs.home,
            legs_away: m.legs.away,
        });
    }
    Ok(())
}

/// What a night's check says of a match without refusing it (RULES.md §9, "Players on a
/// match night": a player may play more than one match of a night, even two of one kind).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NightWarning {
    #[error("{name} plays twice in {kind} on this night (matches {first} and {second})")]
    PlayerTwice {
        name: String,
        kind: Kind,
        first: u32,
        second: u32,
        side: HomeAway,
    },
}

/// Checks the matches of a night together: each on its own, no slot twice, no player on both
/// sides of a match, for both teams, or twice in one side. A night may be incomplete (see
/// [`is_complete`]).
pub fn check_night(config: &Config, matches: &[Match]) -> Result<(), NightFault> {
    check_night_warnings(config, matches).map(|_| ())
}

/// [`check_night`], with what it warns of: a player in two matches of one kind.
pub fn check_night_warnings(
    config: &Config,
    matches: &[Match],
) -> Result<Vec<NightWarning>, NightFault> {
    let mut night = NightCheck::default();
    matches.iter().try_for_each(|m| night.add(config, m))?;
    Ok(night.warnings)
}

/// A night's matches checked one at a time as they are added: what [`check_night`] checks,
/// without going over the earlier matches again.
#[derive(Clone, Debug, Default)]
pub struct NightCheck {
    slots: Vec<(Kind, u32)>,
    /// Each player's name key by kind, with the slot they played and their side.
    players: Vec<(Kind, String, u32, HomeAway)>,
    /// The stored games the matches' legs are: (game, kind, slot, leg).
    games: Vec<(i64, Kind, u32, usize)>,
    /// What the matches added so far warn of, in order.
    pub warnings: Vec<NightWarning>,
}

impl NightCheck {
    /// Checks `m` with the matches added before it, and adds it if it passes (a refused match
    /// leaves the check as it was; its warnings are added to [`NightCheck::warnings`]).
    pub fn add(&mut self, config: &Config, m: &Match) -> Result<(), NightFault> {
        if let Some(e) = self.faults(config, m).into_iter().next() {
            return Err(e);
        }
        self.push(m);
        Ok(())
    }

    /// Every fault of `m` with the matches added before it (none: it may be added).
    pub fn faults(&self, config: &Config, m: &Match) -> Vec<NightFault> {
        let mut faults = match_faults(config, m);
        if faults
            .iter()
            .any(|e| matches!(e, NightFault::KindNotPlayed(_)))
        {
            return faults;
        }
        if self.slots.contains(&(m.kind, m.slot)) {
            faults.push(NightFault::SlotTwice {
                kind: m.kind,
                slot: m.slot,
            });
        }
        // Within the match, `match_faults` has said it already.
        if !faults
            .iter()
            .any(|e| matches!(e, NightFault::GameTwice { .. }))
        {
            faults.extend(game_twice(&self.games, m));
        }
        let names: Vec<(&String, String)> = m
            .players
            .home
            .iter()
            .chain(&m.players.away)
            .map(|n| (n, name_key(n)))
            .collect();
        let home = m.players.home.len();
        let side_of = |i: usize| {
            if i < home {
                HomeAway::Home
            } else {
                HomeAway::Away
            }
        };
        for (i, (name, key)) in names.iter().enumerate() {
            let side = side_of(i);
            let own_side = if side == HomeAway::Home {
                0..i
            } else {
                home..i
            };
            if names[own_side].iter().any(|(_, k)| k == key) {
                faults.push(NightFault::PlayerTwiceInSide {
                    name: (*name).clone(),
                    kind: m.kind,
                    slot: m.slot,
                    side,
                });
            } else if let Some((first, _)) = names[..home]
                .iter()
                .find(|(_, k)| k == key)
                .filter(|_| side == HomeAway::Away)
            {
                faults.push(NightFault::PlayerBothSides {
                    name: (*first).clone(),
                    kind: m.kind,
                    slot: m.slot,
                });
            } else if self
                .players
                .iter()
                .any(|(_, p, _, their_side)| p == key && *their_side != side)
            {
                faults.push(NightFault::PlayerForBothTeams {
                    name: (*name).clone(),
                    kind: m.kind,
                    slot: m.slot,
                    side,
                });
            }
        }
        faults
    }

    /// Adds a match that has no fault (see [`NightCheck::faults`]), with what it warns of.
    pub fn push(&mut self, m: &Match) {
        self.slots.push((m.kind, m.slot));
        self.games.extend(games_of(m));
        let home = m.players.home.len();
        for (i, name) in m.players.home.iter().chain(&m.players.away).enumerate() {
            let side = if i < home {
                HomeAway::Home
            } else {
                HomeAway::Away
            };
            let key = name_key(name);
            let before = self
                .players
                .iter()
                .find(|(k, p, _, s)| *k == m.kind && *p == key && *s == side);
            if let Some((_, _, first, _)) = before {
                self.warnings.push(NightWarning::PlayerTwice {
                    name: name.clone(),
                    kind: m.kind,
                    first: *first,
                    second: m.slot,
                    side,
                });
            }
            self.players.push((m.kind, key, m.slot, side));
        }
    }
}

/// One side's players of a match, checked as they are typed, before the rest of the match: the
/// number a side, no one twice in it, no one on both sides (`home`: the home side's, when `side`
/// is away), no one for both teams (`entered`: the night's other matches).
pub fn check_side_players(
    config: &Config,
    entered: &[Match],
    (kind, slot): (Kind, u32),
    side: HomeAway,
    players: &[String],
    home: &[String],
) -> Result<(), NightFault> {
    let kc = config.kind(kind).ok_or(NightFault::KindNotPlayed(kind))?;
    let given = players.len();
    if given != 0 && given != kc.players as usize {
        return Err(NightFault::PlayerCount {
            kind,
            slot,
            side,
            given,
            wanted: kc.players,
        });
    }
    for (i, name) in players.iter().enumerate() {
        let key = name_key(name);
        if players[..i].iter().any(|p| name_key(p) == key) {
            return Err(NightFault::PlayerTwiceInSide {
                name: name.clone(),
                kind,
                slot,
                side,
            });
        }
        if side == HomeAway::Away && home.iter().any(|h| name_key(h) == key) {
            return Err(NightFault::PlayerBothSides {
                name: name.clone(),
                kind,
                slot,
            });
        }
        for m in entered.iter().filter(|m| (m.kind, m.slot) != (kind, slot)) {
            for their_side in HomeAway::BOTH {
                if !m.players[their_side].iter().any(|p| name_key(p) == key) {
                    continue;
                }
                // Twice in one kind on the team's side is only warned of, when the match is
                // kept (RULES.md §9, "Players on a match night").
                if their_side != side {
                    return Err(NightFault::PlayerForBothTeams {
                        name: name.clone(),
                        kind,
                        slot,
                        side,
                    });
                }
            }
        }
    }
    Ok(())
}

/// A match's legs, checked as they are typed: a result of the kind's best of.
pub fn check_match_legs(
    config: &Config,
    (kind, slot): (Kind, u32),
    legs: Pair<u32>,
) -> Result<(), NightFault> {
    let kc = config.kind(kind).ok_or(NightFault::KindNotPlayed(kind))?;
    check_legs(kc, slot, legs)
}

/// The matches of the night still to enter, in the night's order: `(kind, slot)`.
pub fn missing(config: &Config, matches: &[Match]) -> Vec<(Kind, u32)> {
    config
        .night
        .iter()
        .flat_map(|k| (1..=k.matches).map(move |slot| (k.kind, slot)))
        .filter(|(kind, slot)| !matches.iter().any(|m| m.kind == *kind && m.slot == *slot))
        .collect()
}

/// Whether every match of the night is entered (only then does the night count).
pub fn is_complete(config: &Config, matches: &[Match]) -> bool {
    missing(config, matches).is_empty()
}

/// Matches won by each side of the matches given (complete or not).
pub fn won(matches: &[Match]) -> Pair<u32> {
    let mut won = Pair::default();
    for m in matches {
        won[m.winner()] += 1;
    }
    won
}

/// Whether a night's result given again (`given`: by a nights file, a grid's cell) is the one
/// stored (`stored`), so nothing new: the same result (players' names compared as names), or
/// points given for a night stored match by match, complete, whose matches won are those
/// points (a handbook, a results file, prints such a night so).
pub fn same_result(stored: &NightResult, given: &NightResult, config: &Config) -> bool {
    match (stored, given) {
        (NightResult::Matches(x), NightResult::Matches(y)) => {
            let key = |ms: &[Match]| {
                let mut v: Vec<_> = ms
                    .iter()
                    .map(|m| {
                        let names =
                            |p: &[String]| p.iter().map(|n| name_key(n)).collect::<Vec<_>>();
                        let scores: Vec<Pair<u32>> = m.leg_scores.iter().map(|l| l.score).collect();
                        (
                            m.kind,
                            m.slot,
                            names(&m.players.home),
                            names(&m.players.away),
                            m.legs,
                            scores,
                        )
                    })
                    .collect();
                v.sort_by_key(|k| (k.0, k.1));
                v
            };
            key(x) == key(y)
        }
        (NightResult::Matches(ms), NightResult::Totals(points)) => {
            is_complete(config, ms) && won(ms) == *points
        }
        _ => stored == given,
    }
}

/// A night's result in a few words: "5–4 (totals)", "9–0 (walkover)", "8–1 (match by match)",
/// "5–1 so far (match by match, 6 of 9 matches entered)".
pub fn result_words(result: &NightResult, config: &Config) -> String {
    match result {
        NightResult::Totals(t) => format!("{}–{} (totals)", t.home, t.away),
        NightResult::Walkover(side) => {
            let w = config.walkover_matches();
            match side {
                HomeAway::Home => format!("{w}–0 (walkover)"),
                HomeAway::Away => format!("0–{w} (walkover)"),
            }
        }
        NightResult::Matches(ms) => {
            let w = won(ms);
            let missing = missing(config, ms).len();
            if missing == 0 {
                format!("{}–{} (match by match)", w.home, w.away)
            } else {
                format!(
                    "{}–{} so far (match by match, {} of {} matches entered)",
                    w.home,
                    w.away,
                    ms.len(),
                    ms.len() + missing
                )
            }
        }
    }
}

/// Says which matches are missing, for a night that must be complete.
pub fn require_complete(config: &Config, matches: &[Match]) -> Result<(), NightFault> {
    let missing = missing(config, matches);
    if missing.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = missing.iter().map(|(k, s)| format!("{k} {s}")).collect();
    Err(NightFault::Incomplete {
        missing: list.join(", "),
    })
}

/// Checks a night known only by its totals: the matches won add up to the night's matches.
pub fn check_totals(config: &Config, totals: Pair<u32>) -> Result<(), NightFault> {
    let matches = config.matches();
    let sum = totals.home.saturating_add(totals.away);
    if sum != matches {
        return Err(NightFault::Totals {
            home: totals.home,
            away: totals.away,
            sum,
            matches,
        });
    }
    Ok(())
}
