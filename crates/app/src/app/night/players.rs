//! The players of a night: slips of the keyboard caught, rosters kept; a typed match
//! resolved (its stored games looked up) and accepted.

use super::enter::{LegEntry, MatchEntry};
use super::error::slip_words;
use super::error::NightError;
use super::note::NightNote;
use crate::app::game::leg::game_leg;
use crate::app::league::checked;
use crate::app::AppError;
use crate::league::confirm::Contest;
use crate::league::names::{name_key, near_miss, unlabelled};
use crate::league::night::{check_night_warnings, NightWarning};
use crate::league::{Config, HomeAway, Kind, Leg, Match, Pair};
use crate::store::{
    Change, LeagueInfo, LegLink, Reads, SeasonEntry, SeasonInfo, StoreError, TeamInfo,
};

/// The night's two teams, and the players they are known to have: each team's roster for the
/// season and every player of the league, for catching a misspelt name.
pub struct Players {
    pub teams: Pair<TeamInfo>,
    pub rosters: Pair<Vec<String>>,
    pub league: Vec<String>,
    /// Names said to be new players (name keys): `--new-player`, or a "no" at the prompt.
    pub new: Vec<String>,
    /// The night being corrected (its fixture): a game scoring a leg of the match a
    /// correction replaces may score it again.
    pub correcting: Option<i64>,
    /// The side whose names new to its roster wait for its team to confirm the night, rather
    /// than join the roster now: the other team's, when a team's captain enters a night (a
    /// captain puts no one on another team's roster).
    pub held: Option<HomeAway>,
    /// The names of the held side noted as waiting already (name keys).
    pub waiting: Vec<String>,
    /// What the matches are of: a night, or a cup's team tie (confirmed as a night is).
    pub contest: Contest,
}

impl Players {
    pub fn load(
        reader: &Reads,
        league: &LeagueInfo,
        season: &SeasonInfo,
        teams: Pair<TeamInfo>,
        new: &[String],
    ) -> Result<Players, StoreError> {
        let entries = reader.entries(season.id)?;
        Ok(Players {
            rosters: rosters_of(&entries, Pair::new(&teams.home, &teams.away)),
            teams,
            league: reader.league_players(league.id)?,
            new: new.iter().map(|n| name_key(n)).collect(),
            correcting: None,
            held: None,
            waiting: Vec::new(),
            contest: Contest::Night,
        })
    }

    /// The known name `name` is most likely a slip for, unless it is known or said to be new.
    pub fn slip(&self, side: HomeAway, name: &str) -> Option<String> {
        if self.new.contains(&name_key(name)) {
            return None;
        }
        let roster: Vec<&str> = self.rosters[side].iter().map(String::as_str).collect();
        let league: Vec<&str> = self.league.iter().map(String::as_str).collect();
        near_miss(name, &roster, &league).map(str::to_string)
    }

    /// "Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'?"
    pub fn slip_words(&self, side: HomeAway, name: &str, known: &str) -> String {
        slip_words(name, known, self.roster_of(side, known))
    }

    /// The team whose roster has `known` on it, on `side`, if it is there.
    fn roster_of(&self, side: HomeAway, known: &str) -> Option<&str> {
        self.rosters[side]
            .iter()
            .any(|n| n == known)
            .then_some(self.teams[side].name.as_str())
    }

    /// Each player of a match named as the team's roster for the season names them: a name
    /// of a player on it means that player first (RULES.md §9), so "Dai Jones" on Red Lion's
    /// side is Red Lion's "Dai Jones (Red Lion)" where two players bear the name. A name the
    /// roster does not hold, or holds twice, is left as typed (resolved, or refused, as it is
    /// kept).
    pub fn label(&self, m: &mut Match) {
        for side in HomeAway::BOTH {
            for p in m.players[side].iter_mut() {
                let key = name_key(p);
                let roster = &self.rosters[side];
                if roster.iter().any(|n| name_key(n) == key) {
                    continue;
                }
                let mut mine = roster.iter().filter(|n| name_key(unlabelled(n)) == key);
                if let (Some(one), None) = (mine.next(), mine.next()) {
                    p.clone_from(one);
                }
            }
        }
    }

    /// Checks every player of a match for a slip of the keyboard.
    pub fn check(&self, m: &Match) -> Result<(), NightError> {
        for side in HomeAway::BOTH {
            for p in &m.players[side] {
                if let Some(known) = self.slip(side, p) {
                    return Err(NightError::Slip {
                        name: p.clone(),
                        roster: self.roster_of(side, &known).map(str::to_string),
                        known,
                    });
                }
            }
        }
        Ok(())
    }

    /// Puts a match's players on their teams' rosters, noting each added; the names of the
    /// [`held`](Players::held) side new to its roster are noted as waiting instead (they join
    /// it when that team confirms the night: see [`join_rosters`]).
    pub fn put_on_rosters(
        &mut self,
        change: &Change,
        season: &SeasonInfo,
        m: &Match,
        notes: &mut Vec<NightNote>,
    ) -> Result<(), AppError> {
        for side in HomeAway::BOTH {
            let team = &self.teams[side];
            for p in &m.players[side] {
                let key = name_key(p);
                if self.rosters[side].iter().any(|n| name_key(n) == key) {
                    continue;
                }
                // Whom the name means, first on the team's roster: a name of another team's
                // player, or of two players, is refused (RULES.md §9). A second player of a
                // name is made for the team entering the night only (a captain puts no one on
                // another team's roster).
                let new = self.new.contains(&key) && self.held != Some(side);
                let on = checked::roster_player(change, season.id, team.id, p, new)?;
                if matches!(on, checked::OnRoster::There(_)) {
                    continue;
                }
                if self.held == Some(side) {
                    if !self.waiting.contains(&key) {
                        notes.push(NightNote::Waiting {
                            player: p.clone(),
                            team: team.name.clone(),
                            contest: self.contest,
                        });
                        self.waiting.push(key);
                    }
                    continue;
                }
                checked::add_to_roster(change, season.id, team.id, p, new)?;
                notes.push(NightNote::Added {
                    player: p.clone(),
                    team: team.name.clone(),
                });
                self.rosters[side].push(p.clone());
                if !self.league.iter().any(|n| name_key(n) == key) {
                    // A new player who only looks like a known one (a Cyrillic letter, an
                    // invisible mark) is warned of.
                    if let Some(w) = crate::record::text::look_alike_warning(
                        "player",
                        p,
                        self.league.iter().map(String::as_str),
                    ) {
                        notes.push(NightNote::LookAlike {
                            name: p.clone(),
                            words: w,
                        });
                    }
                    self.league.push(p.clone());
                }
            }
        }
        Ok(())
    }
}

impl crate::app::App {
    /// A match typed at the prompt, its players and the games its legs name resolved against
    /// the league as [`resolve`] resolves them.
    pub fn resolve_match(
        &self,
        config: &Config,
        entry: MatchEntry,
        correcting: Option<i64>,
    ) -> Result<(Match, Vec<LegLink>), NightError> {
        resolve(&self.store, config, entry, correcting)
    }
}

/// A typed match with its games looked up: each `#N` leg's score is the game's.
pub(crate) fn resolve(
    reader: &Reads,
    config: &Config,
    entry: MatchEntry,
    correcting: Option<i64>,
) -> Result<(Match, Vec<LegLink>), NightError> {
    let mut players = entry.players;
    let mut legs = Vec::new();
    let mut games = Vec::new();
    for (i, l) in entry.leg_entries.iter().enumerate() {
        match *l {
            LegEntry::Score(score) => legs.push(Leg {
                score,
                game: None,
                hands: Vec::new(),
            }),
            LegEntry::Game(game) => {
                if entry.kind != Kind::Don {
                    return Err(NightError::NotDonLeg { leg: i + 1 });
                }
                let g = game_leg(
                    reader,
                    game,
                    &config.don_rules,
                    &players.home,
                    correcting.map(|f| (f, entry.kind.to_string(), entry.slot)),
                )
                .map_err(|error| NightError::LegGame { leg: i + 1, error })?;
                for side in HomeAway::BOTH {
                    if players[side].is_empty() {
                        players[side] = g.players[side].clone();
                    }
                }
                games.push(LegLink {
                    leg: i as u32 + 1,
                    game,
                    home_side: g.home_side,
                });
                legs.push(g.leg);
            }
        }
    }
    Ok((
        Match {
            kind: entry.kind,
            slot: entry.slot,
            players,
            legs: entry.legs,
            leg_scores: legs,
        },
        games,
    ))
}

/// Checks a match with the night's others and keeps it; players not on their team's roster are
/// put on it, with a warning; a name close to a known player's is refused as a slip unless it
/// was said to be new.
/// `(fixture, entered, m, games)`: the night's fixture, its matches entered, the match and the
/// stored games its legs were scored in.
pub fn accept(
    change: &Change,
    season: &SeasonInfo,
    players: &mut Players,
    (fixture, entered, mut m, games): (i64, &mut Vec<Match>, Match, &[LegLink]),
    notes: &mut Vec<NightNote>,
) -> Result<(), AppError> {
    players.label(&mut m);
    let mut all = entered.clone();
    all.push(m.clone());
    // A player twice in one kind is only warned of (docs/league.md#match-nights).
    let warned = check_night_warnings(&season.config, &all).map_err(NightError::Check)?;
    for w in warned {
        let NightWarning::PlayerTwice { kind, second, .. } = &w;
        if (*kind, *second) == (m.kind, m.slot) {
            notes.push(NightNote::Twice(w));
        }
    }
    players.check(&m)?;
    players.put_on_rosters(change, season, &m, notes)?;
    checked::refuse_closed_fixture(change, fixture)?;
    if change.add_match(fixture, &m, games)?.is_none() {
        return Err(NightError::SlotTaken {
            kind: m.kind,
            slot: m.slot,
        }
        .into());
    }
    entered.push(m);
    Ok(())
}

/// Each side's roster for the season, from the season's entries (none: an empty roster).
fn rosters_of(entries: &[SeasonEntry], teams: Pair<&TeamInfo>) -> Pair<Vec<String>> {
    let roster = |team: &TeamInfo| -> Vec<String> {
        entries
            .iter()
            .find(|e| e.team.id == team.id)
            .map(|e| e.roster.clone())
            .unwrap_or_default()
    };
    Pair::new(roster(teams.home), roster(teams.away))
}

/// The players of a night's matches not on their team's roster for the season, each side: the
/// names that wait for the night to be confirmed (typed by the other team's captain).
pub fn waiting_names(rosters: &Pair<Vec<String>>, matches: &[Match]) -> Pair<Vec<String>> {
    let mut waiting: Pair<Vec<String>> = Pair::new(Vec::new(), Vec::new());
    for side in HomeAway::BOTH {
        for m in matches {
            for p in &m.players[side] {
                let key = name_key(p);
                let known = rosters[side].iter().any(|n| name_key(n) == key);
                if !known && !waiting[side].iter().any(|n| name_key(n) == key) {
                    waiting[side].push(p.clone());
                }
            }
        }
    }
    waiting
}

/// Puts the players of `side` in a night's matches on its team's roster, where they are not yet
/// (the names that waited for the night to be confirmed), noting each added.
pub fn join_rosters(
    change: &Change,
    season: &SeasonInfo,
    (teams, side, matches, contest): (Pair<&TeamInfo>, HomeAway, &[Match], Contest),
    notes: &mut Vec<NightNote>,
) -> Result<(), AppError> {
    let rosters = rosters_of(&change.entries(season.id)?, teams);
    let waiting = waiting_names(&rosters, matches);
    for p in &waiting[side] {
        checked::add_to_roster(change, season.id, teams[side].id, p, false)?;
        notes.push(NightNote::Joined {
            player: p.clone(),
            team: teams[side].name.clone(),
            contest,
        });
    }
    Ok(())
}
