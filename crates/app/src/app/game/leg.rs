//! A stored game as a Don leg of a match: checked (finished, two pairs, the league's rules, not
//! a leg already) and turned to the match's home and away.

use crate::app::game::stored::StoredGames;
use crate::app::kind::{store_kind, ErrorKind};
use crate::check::check_value;
use crate::league::names::name_key;
use crate::league::{Leg, Pair};
use crate::replay::ScoreSheet;
use crate::rules::{Seat, Side as GameSide, Variant};
use crate::store::{LegNamed, Reads, StoreError};

/// A stored game read as a Don leg, turned to the match's home and away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAsLeg {
    pub leg: Leg,
    /// The game's side that played for the home team.
    pub home_side: GameSide,
    /// Who played, as the game names them.
    pub players: Pair<Vec<String>>,
}

/// The match a correction replaces: its night's fixture, its kind and its slot.
pub type Replacing = (i64, String, u32);

/// Why a stored game cannot be a Don leg.
#[derive(Debug, thiserror::Error)]
pub enum LegError {
    #[error("there is no game {game}")]
    NoGame { game: i64 },
    #[error("game {game} is already a leg of {} {} of {} v {} on {}", at.kind, at.slot, at.home, at.away, at.date)]
    LegAlready { game: i64, at: LegNamed },
    #[error("game {game} was played to {played}; this league's Don legs are {rules}")]
    OtherRules {
        game: i64,
        played: String,
        rules: String,
    },
    #[error("game {game} is not one leg between two pairs")]
    NotOneLeg { game: i64 },
    #[error("game {game} is not finished with a winner")]
    NotFinished { game: i64 },
    #[error("game {game} was played by {ns} v {ew}, not by {home}")]
    OtherPlayers {
        game: i64,
        ns: String,
        ew: String,
        home: String,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl LegError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            LegError::NoGame { .. } => ErrorKind::NotFound,
            LegError::LegAlready { .. } => ErrorKind::Conflict,
            LegError::OtherRules { .. }
            | LegError::NotOneLeg { .. }
            | LegError::NotFinished { .. }
            | LegError::OtherPlayers { .. } => ErrorKind::Invalid,
            LegError::Store(e) => store_kind(e),
        }
    }
}

/// A stored game as a Don leg, read in a change or a plain read: it must be a finished
/// two-sided game of `variant`, not a leg already; its home side is the one whose players are
/// `home` (any order, case ignored), or North–South when the match's players are not given.
/// `replacing`: the match a correction replaces; the game may score a leg of that night
/// already (the night's own check refuses one game as two legs of it).
pub fn game_leg(
    reads: &Reads,
    game: i64,
    variant: &Variant,
    home: &[String],
    replacing: Option<Replacing>,
) -> Result<GameAsLeg, LegError> {
    if !reads.has_game(game)? {
        return Err(LegError::NoGame { game });
    }
    let place = reads.leg_place(game)?;
    // A leg of the night a correction replaces may move within it.
    let place = place.filter(|(f, _)| replacing.as_ref().map(|(r, ..)| r) != Some(f));
    if let Some((_, at)) = place {
        return Err(LegError::LegAlready { game, at });
    }
    let sheet = check_value(reads.game_record(game)?);
    if sheet.variant.as_ref() != Some(variant) {
        let played = sheet
            .variant
            .as_ref()
            .map_or_else(|| "unknown rules".to_string(), |v| v.describe());
        return Err(LegError::OtherRules {
            game,
            played,
            rules: variant.describe(),
        });
    }
    as_leg(game, &sheet, Home::Players(home))
}

/// How the home side of a game is known.
pub(crate) enum Home<'a> {
    /// The side whose players are these (North–South when none are given).
    Players(&'a [String]),
    /// This side, as stored.
    Side(GameSide),
}

/// A game's score sheet as a Don leg.
pub(crate) fn as_leg(game: i64, sheet: &ScoreSheet, home: Home<'_>) -> Result<GameAsLeg, LegError> {
    if sheet.sides != [GameSide::NS, GameSide::EW] || sheet.is_match() {
        return Err(LegError::NotOneLeg { game });
    }
    if !sheet.valid() || sheet.result.is_none() || sheet.winner().is_none() {
        return Err(LegError::NotFinished { game });
    }
    let names = |a: Seat, b: Seat| -> Vec<String> {
        [a, b]
            .iter()
            .filter_map(|s| sheet.seats[*s].clone())
            .collect()
    };
    let ns = names(Seat::N, Seat::S);
    let ew = names(Seat::E, Seat::W);
    let keys = |v: &[String]| {
        let mut k: Vec<String> = v.iter().map(|n| name_key(n)).collect();
        k.sort();
        k
    };
    let home_side = match home {
        Home::Side(side) => side,
        Home::Players(home) if home.is_empty() || keys(home) == keys(&ns) => GameSide::NS,
        Home::Players(home) if keys(home) == keys(&ew) => GameSide::EW,
        Home::Players(home) => {
            return Err(LegError::OtherPlayers {
                game,
                ns: ns.join(" & "),
                ew: ew.join(" & "),
                home: home.join(" & "),
            })
        }
    };
    let (away_side, home_players, away_players) = match home_side {
        GameSide::NS => (GameSide::EW, ns, ew),
        _ => (GameSide::NS, ew, ns),
    };
    let points = |s: i32| u32::try_from(s.max(0)).unwrap_or(0);
    let leg = Leg {
        score: Pair::new(
            points(sheet.final_score[home_side]),
            points(sheet.final_score[away_side]),
        ),
        game: Some(game),
        hands: sheet
            .hands
            .iter()
            .map(|h| {
                Pair::new(
                    i64::from(h.points[home_side]),
                    i64::from(h.points[away_side]),
                )
            })
            .collect(),
    };
    Ok(GameAsLeg {
        leg,
        home_side,
        players: Pair::new(home_players, away_players),
    })
}
