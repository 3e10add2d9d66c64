//! A cup as its pages and `cup show` show it ([`CupView`]): its entries in draw order, every
//! round of its draw with the ties known so far, each tie's result and winner, and the cup's
//! winner and runner-up once the final is decided (FORMAT.md §9).

use chrono::NaiveDate;

use crate::league::cup::{bracket, individual_config, round_name, rounds, tie_points, tie_winner};
use crate::league::cup::{CupKind, RoundName, TieResult};
use crate::league::{Config, Confirmation, HomeAway, Match, Pair};
use crate::store::{CupEntryRow, CupRow, CupTieRow, StoreError};

/// A cup, as read.
#[derive(Clone, Debug, PartialEq)]
pub struct CupView {
    /// The cup's number, for its pages' addresses.
    pub id: i64,
    pub name: String,
    pub season: String,
    pub kind: CupKind,
    /// An individual cup's ties are the best of this many legs.
    pub best_of: u32,
    /// The seed the draw was made from, when don made it.
    pub seed: Option<String>,
    /// The entries: in draw order once drawn, else as entered.
    pub entries: Vec<String>,
    pub drawn: bool,
    /// Every round of the draw (none until it is made).
    pub rounds: Vec<RoundView>,
    pub winner: Option<String>,
    pub runner_up: Option<String>,
    /// The matches a tie has, in order (kind and slot): the night's for a team cup, one for an
    /// individual cup.
    pub matches: Vec<(crate::league::Kind, u32)>,
    /// A tie's composition: the season's night for a team cup (its matches entered as a
    /// night's are), one match of the cup's kind for an individual cup.
    pub tie_config: Config,
}

/// A round of the draw.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundView {
    /// From 1.
    pub round: u32,
    pub name: RoundName,
    pub ties: Vec<TieView>,
}

/// A tie of the draw: its entries where known, a bye, its result once played, its winner.
#[derive(Clone, Debug, PartialEq)]
pub struct TieView {
    /// From 1, within its round.
    pub tie: u32,
    pub home: Option<String>,
    pub away: Option<String>,
    /// The teams of a team cup's tie, where known.
    pub teams: Pair<Option<crate::league::TeamId>>,
    pub bye: bool,
    pub played: Option<PlayedTie>,
    pub winner: Option<String>,
}

impl TieView {
    /// The tie's result in words, once played: `5–4`, `a walkover to Red Lion`, `4–4, Red Lion
    /// won the deciding leg`, `2–2, Anchor go through on legs` (level on matches, not on legs);
    /// the terminal and the pages both say it so.
    pub fn result_words(&self) -> Option<String> {
        let p = self.played.as_ref()?;
        let name = |n: &Option<String>| n.clone().unwrap_or_default();
        let mut words = if p.walkover {
            format!("a walkover to {}", name(&self.winner))
        } else {
            format!("{}–{}", p.points.home, p.points.away)
        };
        if let Some(d) = p.decider {
            let names = Pair::new(name(&self.home), name(&self.away));
            words.push_str(&format!(", {} won the deciding leg", names[d]));
        } else if !p.walkover && p.points.home == p.points.away {
            // Level on matches, no deciding leg: the legs decided it.
            if let Some(w) = &self.winner {
                words.push_str(&format!(", {w} go through on legs"));
            }
        }
        Some(words)
    }

    /// Its home and away entries' names, each empty while it is not known yet.
    pub fn names(&self) -> (String, String) {
        (
            self.home.clone().unwrap_or_default(),
            self.away.clone().unwrap_or_default(),
        )
    }

    /// Whether the tie is to be played next: both its entries known, no result yet.
    pub fn is_next(&self) -> bool {
        !self.bye && self.home.is_some() && self.away.is_some() && self.played.is_none()
    }
}

/// A tie's result.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedTie {
    pub date: Option<NaiveDate>,
    /// Matches won in a team tie, legs won in an individual one (a walkover: its award).
    pub points: Pair<u32>,
    pub decider: Option<HomeAway>,
    pub walkover: bool,
    /// Entered as totals (no matches known).
    pub totals: bool,
    pub confirmation: Confirmation,
    /// A team tie's matches, when entered match by match.
    pub matches: Vec<Match>,
}

impl CupView {
    /// The ties still to be played whose entries are both known, with their round's name.
    pub fn next_ties(&self) -> Vec<(RoundName, &TieView)> {
        self.rounds
            .iter()
            .flat_map(|r| r.ties.iter().map(move |t| (r.name, t)))
            .filter(|(_, t)| t.is_next())
            .collect()
    }
}

/// The configuration a cup's ties are checked and scored by: the season's night for a team
/// cup, one match of its kind (best of the cup's legs) for an individual one.
pub fn tie_config(kind: CupKind, best_of: u32, season: &Config) -> Config {
    match kind {
        CupKind::Team => season.clone(),
        CupKind::Individual(k) => {
            individual_config(season, k, best_of).unwrap_or_else(|_| season.clone())
        }
    }
}

/// The kind a cup was stored with.
pub fn cup_kind(row: &CupRow) -> Result<CupKind, StoreError> {
    row.kind
        .parse()
        .map_err(|e| StoreError::damaged(format!("a cup's kind \"{}\"", row.kind), e))
}

/// The bracket of a drawn cup: for each round, each slot's entries by their place in
/// `entries` (in draw order), and the tie stored for it, if any.
pub(crate) fn slots(
    entries: &[CupEntryRow],
    ties: &[CupTieRow],
    config: &Config,
) -> Vec<Vec<(crate::league::cup::Slot, Option<usize>)>> {
    let drawn: Vec<&CupEntryRow> = entries.iter().filter(|e| e.draw.is_some()).collect();
    let place = |id: i64| drawn.iter().position(|e| e.id == id);
    let stored = |round: u32, tie: u32| ties.iter().position(|t| (t.round, t.tie) == (round, tie));
    // A withdrawn team's tie not entered is a walkover to the other (RULES.md §11).
    let withdrawal = |home: usize, away: usize| match (drawn[home].withdrawn, drawn[away].withdrawn)
    {
        (true, false) => Some(HomeAway::Away),
        (false, true) => Some(HomeAway::Home),
        _ => None,
    };
    let b = bracket(drawn.len(), |round, tie, home, away| {
        let Some(at) = stored(round, tie) else {
            return withdrawal(home, away);
        };
        let t = &ties[at];
        if place(t.home) != Some(home) || place(t.away) != Some(away) {
            return withdrawal(home, away);
        }
        tie_winner(&t.result, t.decider, config).ok()
    });
    b.into_iter()
        .enumerate()
        .map(|(r, round)| {
            round
                .into_iter()
                .enumerate()
                .map(|(i, mut slot)| {
                    let at = stored(r as u32 + 1, i as u32 + 1).filter(|&at| {
                        let t = &ties[at];
                        slot.ready() && place(t.home) == slot.home && place(t.away) == slot.away
                    });
                    let withdrew = match (slot.home, slot.away) {
                        (Some(h), Some(a)) => withdrawal(h, a).is_some(),
                        _ => false,
                    };
                    if at.is_none() && !slot.bye && !withdrew {
                        slot.winner = None;
                    }
                    (slot, at)
                })
                .collect()
        })
        .collect()
}

/// The view of a cup from its rows: `season` its season's name and configuration.
pub fn cup_view(
    cup: &CupRow,
    (season, config): (&str, &Config),
    entries: &[CupEntryRow],
    ties: &[CupTieRow],
) -> Result<CupView, StoreError> {
    let kind = cup_kind(cup)?;
    let config = tie_config(kind, cup.best_of, config);
    let drawn = entries.iter().any(|e| e.draw.is_some());
    let in_draw: Vec<&CupEntryRow> = entries.iter().filter(|e| e.draw.is_some()).collect();
    let name = |place: Option<usize>| place.map(|p| in_draw[p].name.clone());
    let team = |place: Option<usize>| place.and_then(|p| in_draw[p].team);
    let mut rounds_out = Vec::new();
    let mut final_result = None;
    if drawn {
        let of = rounds(in_draw.len());
        let all = slots(entries, ties, &config);
        for (r, round) in all.iter().enumerate() {
            let ties_out = round
                .iter()
                .enumerate()
                .map(|(i, (slot, at))| TieView {
                    tie: i as u32 + 1,
                    home: name(slot.home),
                    away: name(slot.away),
                    teams: Pair::new(team(slot.home), team(slot.away)),
                    bye: slot.bye,
                    played: match at {
                        // A withdrawn team's tie: a walkover to the other.
                        None if !slot.bye && slot.winner.is_some() => {
                            let side = if slot.winner == slot.home {
                                HomeAway::Home
                            } else {
                                HomeAway::Away
                            };
                            Some(PlayedTie {
                                date: None,
                                points: tie_points(&TieResult::Walkover(side), &config, kind),
                                decider: None,
                                walkover: true,
                                totals: false,
                                confirmation: Confirmation::Confirmed,
                                matches: Vec::new(),
                            })
                        }
                        None => None,
                        Some(at) => Some({
                            let t = &ties[*at];
                            PlayedTie {
                                date: t.date,
                                points: tie_points(&t.result, &config, kind),
                                decider: t.decider,
                                walkover: matches!(t.result, TieResult::Walkover(_)),
                                totals: matches!(t.result, TieResult::Totals(_)),
                                confirmation: t.confirmation.clone(),
                                matches: match &t.result {
                                    TieResult::Matches(ms) => ms.clone(),
                                    _ => Vec::new(),
                                },
                            }
                        }),
                    },
                    winner: name(slot.winner),
                })
                .collect();
            rounds_out.push(RoundView {
                round: r as u32 + 1,
                name: round_name(r as u32 + 1, of),
                ties: ties_out,
            });
        }
        if let Some((last, _)) = all.last().and_then(|r| r.first()) {
            final_result = last.winner.map(|w| {
                let other = if last.home == Some(w) {
                    last.away
                } else {
                    last.home
                };
                (name(Some(w)), name(other))
            });
        }
    }
    let (winner, runner_up) = final_result.unwrap_or((None, None));
    Ok(CupView {
        id: cup.id,
        name: cup.name.clone(),
        season: season.to_string(),
        kind,
        best_of: cup.best_of,
        seed: cup.seed.clone(),
        entries: entries.iter().map(|e| e.name.clone()).collect(),
        drawn,
        rounds: rounds_out,
        winner,
        runner_up,
        matches: config
            .night
            .iter()
            .flat_map(|k| (1..=k.matches).map(move |slot| (k.kind, slot)))
            .collect(),
        tie_config: config.clone(),
    })
}
