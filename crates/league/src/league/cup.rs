//! Cups (RULES.md §11): knockout competitions of a season, pure. The draw (the entries in the
//! order drawn, given or made from a seed), its byes and rounds, the rounds' names, a tie's
//! winner from its result (never level), and the bracket as far as the results take it.

use std::fmt;
use std::str::FromStr;

use crate::league::config::{Config, ConfigError, Kind, KindConfig};
use crate::league::night::{check_match_legs, is_complete, won, HomeAway, Match, NightFault, Pair};

/// A cup's kind: a team cup (each tie a match night of the league's composition), or an
/// individual cup of one kind of match (each tie one match of that kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CupKind {
    Team,
    Individual(Kind),
}

impl CupKind {
    /// `team`, or the kind's name (`single-crib`, `don`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            CupKind::Team => "team",
            CupKind::Individual(k) => k.as_str(),
        }
    }
}

impl fmt::Display for CupKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for CupKind {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<CupKind, ConfigError> {
        if s.trim().eq_ignore_ascii_case("team") {
            return Ok(CupKind::Team);
        }
        s.parse().map(CupKind::Individual)
    }
}

/// The most entries a cup takes.
pub const MAX_ENTRIES: usize = 1024;

/// The most legs an individual cup's tie is the best of.
pub const MAX_BEST_OF: u32 = 15;

/// A round's name: the last is the Final, the one before it the Semi-finals, the one before
/// that the Quarter-finals; the others Round 1, Round 2, … (RULES.md §11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundName {
    Final,
    SemiFinals,
    QuarterFinals,
    Round(u32),
}

impl fmt::Display for RoundName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundName::Final => f.write_str("Final"),
            RoundName::SemiFinals => f.write_str("Semi-finals"),
            RoundName::QuarterFinals => f.write_str("Quarter-finals"),
            RoundName::Round(n) => write!(f, "Round {n}"),
        }
    }
}

/// The smallest power of two at or above `n` (at least 2).
pub fn draw_size(n: usize) -> usize {
    n.max(2).next_power_of_two()
}

/// How many rounds a draw of `n` entries has.
pub fn rounds(n: usize) -> u32 {
    draw_size(n).trailing_zeros()
}

/// The name of round `round` (from 1) of `of` rounds.
pub fn round_name(round: u32, of: u32) -> RoundName {
    match of.saturating_sub(round) {
        0 => RoundName::Final,
        1 => RoundName::SemiFinals,
        2 => RoundName::QuarterFinals,
        _ => RoundName::Round(round),
    }
}

/// The order of a draw made from `seed`: a permutation of `0..n` (the entries as entered),
/// the same for the same seed on every machine and in every version (SplitMix64 driving a
/// Fisher–Yates shuffle), so that a draw can be made again and checked.
pub fn seeded_order(n: usize, seed: u64) -> Vec<usize> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// A tie of the bracket: its entries (by place in the draw, from 0) where known, whether it is
/// a bye, and its winner once decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub home: Option<usize>,
    pub away: Option<usize>,
    pub bye: bool,
    pub winner: Option<usize>,
}

impl Slot {
    /// Whether both its entries are known and it is no bye: a tie that can be played.
    pub fn ready(&self) -> bool {
        !self.bye && self.home.is_some() && self.away.is_some()
    }
}

/// The bracket of a draw of `n` entries (n ≥ 2), rounds in order, each with its ties in order
/// (RULES.md §11): round 1 pairs the first n − b entries in turn and gives a bye to each of the
/// last b (b = P − n); each later round pairs the previous round's winners in turn. `decided`
/// gives the side that won tie `tie` (from 1) of round `round` (from 1) between the entries at
/// places `home` and `away`, where it was played.
pub fn bracket(
    n: usize,
    decided: impl Fn(u32, u32, usize, usize) -> Option<HomeAway>,
) -> Vec<Vec<Slot>> {
    if n < 2 {
        return Vec::new();
    }
    let p = draw_size(n);
    let byes = p - n;
    let paired = n - byes;
    let mut rounds_out = Vec::new();
    let mut first = Vec::with_capacity(p / 2);
    for t in 0..paired / 2 {
        first.push(Slot {
            home: Some(2 * t),
            away: Some(2 * t + 1),
            bye: false,
            winner: None,
        });
    }
    for e in paired..n {
        first.push(Slot {
            home: Some(e),
            away: None,
            bye: true,
            winner: Some(e),
        });
    }
    rounds_out.push(first);
    loop {
        let round = rounds_out.len() as u32;
        let last = rounds_out.last_mut().expect("a round");
        for (i, slot) in last.iter_mut().enumerate() {
            if let (false, Some(home), Some(away)) = (slot.bye, slot.home, slot.away) {
                slot.winner = decided(round, i as u32 + 1, home, away).map(|side| match side {
                    HomeAway::Home => home,
                    HomeAway::Away => away,
                });
            }
        }
        if last.len() == 1 {
            break;
        }
        let next: Vec<Slot> = last
            .chunks(2)
            .map(|two| Slot {
                home: two[0].winner,
                away: two[1].winner,
                bye: false,
                winner: None,
            })
            .collect();
        rounds_out.push(next);
    }
    rounds_out
}

/// A tie's result as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TieResult {
    /// A team tie match by match (complete).
    Matches(Vec<Match>),
    /// A team tie known by the matches each side won.
    Totals(Pair<u32>),
    /// One entry did not turn up: the side that did.
    Walkover(HomeAway),
    /// An individual tie: legs won.
    Legs(Pair<u32>),
}

/// Why a tie's result decides nothing, or cannot be a result (RULES.md §11).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TieFault {
    /// Level on matches (and legs, where recorded) with no deciding leg's winner given.
    #[error("the tie is level at {}–{} in matches{}: it needs the winner of a deciding leg of {kind}", .matches.home, .matches.away, .legs.map(|l| format!(" and {}–{} in legs", l.home, l.away)).unwrap_or_default())]
    NeedsDecider {
        matches: Pair<u32>,
        legs: Option<Pair<u32>>,
        kind: Kind,
    },
    /// A deciding leg given where the tie was not level.
    #[error("the tie is not level: {winner} won it {how}, so no deciding leg is played")]
    NoDecider { winner: HomeAway, how: String },
    /// A tie with matches missing.
    #[error("the tie is not complete: {0} still to enter")]
    Incomplete(String),
    /// Totals that are not a night's.
    #[error("totals {}–{} are not a night's: they add up to {}, and the night has {matches} matches", .totals.home, .totals.away, .totals.home + .totals.away)]
    Totals { totals: Pair<u32>, matches: u32 },
    /// An individual tie's legs that are no result.
    #[error("{0}")]
    Legs(NightFault),
    /// An individual cup's best of, not an odd number from 1 to 15.
    #[error("best of {0}: a tie is the best of an odd number of legs, 1 to 15")]
    BestOf(u32),
    /// The kind of an individual cup that the league's night has not.
    #[error("{0} is not a kind of match of the league's night")]
    KindNotPlayed(Kind),
}

/// The configuration of an individual cup's one match: the kind as the league's night plays
/// it, one match, best of `best_of`.
pub fn individual_config(config: &Config, kind: Kind, best_of: u32) -> Result<Config, TieFault> {
    if best_of == 0 || best_of.is_multiple_of(2) || best_of > MAX_BEST_OF {
        return Err(TieFault::BestOf(best_of));
    }
    let kc = config.kind(kind).ok_or(TieFault::KindNotPlayed(kind))?;
    Ok(Config {
        night: vec![KindConfig {
            matches: 1,
            best_of,
            ..*kc
        }],
        ..config.clone()
    })
}

/// The points of a tie's result, home first: matches won in a team tie (a walkover: the
/// league's walkover award), legs won in an individual tie (a walkover: the legs a match
/// needs, to none). `config` is the league's night for a team cup, [`individual_config`]'s for
/// an individual one.
pub fn tie_points(result: &TieResult, config: &Config, kind: CupKind) -> Pair<u32> {
    match result {
        TieResult::Matches(ms) => won(ms),
        TieResult::Totals(t) | TieResult::Legs(t) => *t,
        TieResult::Walkover(side) => {
            let mut p = Pair::default();
            p[*side] = match kind {
                CupKind::Individual(_) => config.night.first().map_or(0, |k| k.legs_to_win()),
                CupKind::Team => config.walkover_matches(),
            };
            p
        }
    }
}

/// The side that won a tie (RULES.md §11): more matches won; level, more legs won (where its
/// matches are recorded); still level, or entered as totals, the winner of the deciding leg
/// (`decider`), which must then be given, and only then. An individual tie by its legs (checked
/// to be a result of its best of); a walkover to the side that turned up. `config` as for
/// [`tie_points`].
pub fn tie_winner(
    result: &TieResult,
    decider: Option<HomeAway>,
    config: &Config,
) -> Result<HomeAway, TieFault> {
    let first_kind = config.night.first().map_or(Kind::Don, |k| k.kind);
    let no_decider = |winner: HomeAway, how: String| match decider {
        Some(_) => Err(TieFault::NoDecider { winner, how }),
        None => Ok(winner),
    };
    let by = |p: Pair<u32>| match p.home.cmp(&p.away) {
        std::cmp::Ordering::Greater => Some(HomeAway::Home),
        std::cmp::Ordering::Less => Some(HomeAway::Away),
        std::cmp::Ordering::Equal => None,
    };
    match result {
        TieResult::Walkover(side) => no_decider(*side, "by a walkover".into()),
        TieResult::Legs(legs) => {
            check_match_legs(config, (first_kind, 1), *legs).map_err(TieFault::Legs)?;
            let w = by(*legs).expect("a result has a winner");
            no_decider(w, format!("{}–{} in legs", legs.home, legs.away))
        }
        TieResult::Totals(t) => {
            if t.home + t.away != config.matches() {
                return Err(TieFault::Totals {
                    totals: *t,
                    matches: config.matches(),
                });
            }
            match (by(*t), decider) {
                (Some(w), _) => no_decider(w, format!("{}–{} in matches", t.home, t.away)),
                (None, Some(d)) => Ok(d),
                (None, None) => Err(TieFault::NeedsDecider {
                    matches: *t,
                    legs: None,
                    kind: first_kind,
                }),
            }
        }
        TieResult::Matches(ms) => {
            if !is_complete(config, ms) {
                let missing = crate::league::night::missing(config, ms);
                let words: Vec<String> = missing.iter().map(|(k, s)| format!("{k} {s}")).collect();
                return Err(TieFault::Incomplete(words.join(", ")));
            }
            let m = won(ms);
            if let Some(w) = by(m) {
                return no_decider(w, format!("{}–{} in matches", m.home, m.away));
            }
            let legs = Pair::new(
                ms.iter().map(|m| m.legs.home).sum(),
                ms.iter().map(|m| m.legs.away).sum(),
            );
            if let Some(w) = by(legs) {
                return no_decider(w, format!("{}–{} in legs", legs.home, legs.away));
            }
            decider.ok_or(TieFault::NeedsDecider {
                matches: m,
                legs: Some(legs),
                kind: first_kind,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_are_named_from_the_final_back() {
        let names: Vec<String> = (1..=6).map(|r| round_name(r, 6).to_string()).collect();
        assert_eq!(
            names,
            [
                "Round 1",
                "Round 2",
                "Round 3",
                "Quarter-finals",
                "Semi-finals",
                "Final"
            ]
        );
        assert_eq!(round_name(1, 1), RoundName::Final);
        assert_eq!((rounds(2), rounds(3), rounds(5), rounds(64)), (1, 2, 3, 6));
    }

    #[test]
    fn five_entries_have_three_byes_for_the_last_three() {
        let b = bracket(5, |_, _, _, _| Some(HomeAway::Home));
        assert_eq!(b.len(), 3);
        assert_eq!(b[0].len(), 4);
        assert_eq!((b[0][0].home, b[0][0].away), (Some(0), Some(1)));
        assert!(b[0][1].bye && b[0][1].home == Some(2));
        assert!(b[0][3].bye && b[0][3].home == Some(4));
        assert_eq!((b[1][0].home, b[1][0].away), (Some(0), Some(2)));
        assert_eq!((b[1][1].home, b[1][1].away), (Some(3), Some(4)));
        assert_eq!(b[2][0].winner, Some(0));
    }

    #[test]
    fn a_seeded_draw_is_a_permutation_made_again_the_same() {
        let a = seeded_order(64, 2025);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..64).collect::<Vec<_>>());
        assert_eq!(a, seeded_order(64, 2025));
        assert_ne!(a, seeded_order(64, 2026));
        assert_eq!(seeded_order(3, 7), [1, 2, 0]);
    }

    #[test]
    fn a_level_tie_needs_its_decider_and_no_other_does() {
        let config = Config::default();
        let level = TieResult::Totals(Pair::new(4, 4));
        let mut eight = config.clone();
        eight.night[2].matches = 2;
        assert!(matches!(
            tie_winner(&level, None, &eight),
            Err(TieFault::NeedsDecider { .. })
        ));
        assert_eq!(
            tie_winner(&level, Some(HomeAway::Away), &eight),
            Ok(HomeAway::Away)
        );
        let five_four = TieResult::Totals(Pair::new(5, 4));
        assert!(matches!(
            tie_winner(&five_four, Some(HomeAway::Away), &config),
            Err(TieFault::NoDecider { .. })
        ));
        let single = individual_config(&config, Kind::SingleCrib, 5).unwrap();
        assert_eq!(
            tie_winner(&TieResult::Legs(Pair::new(1, 3)), None, &single),
            Ok(HomeAway::Away)
        );
        assert!(tie_winner(&TieResult::Legs(Pair::new(2, 1)), None, &single).is_err());
        assert_eq!(
            tie_points(
                &TieResult::Walkover(HomeAway::Home),
                &single,
                CupKind::Individual(Kind::SingleCrib)
            ),
            Pair::new(3, 0)
        );
        assert_eq!(
            tie_points(&TieResult::Walkover(HomeAway::Away), &config, CupKind::Team),
            Pair::new(0, 9)
        );
    }
}
