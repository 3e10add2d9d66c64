//! A season as a command reads it: its fixtures and nights, with each Don leg scored by a
//! stored game worked out once (the store keeps the game's number and its sides; the score and
//! the hands are the game's, replayed here), and a stored game read as a leg of a match.

use std::borrow::Cow;
use std::collections::HashMap;

use super::error::ErrorKind;
use super::AppError;
use crate::check::check_value;
use crate::league::names::name_key;
use crate::league::{Leg, Night, NightResult, Pair, Season};
use crate::replay::ScoreSheet;
use crate::rules::{Seat, Side as GameSide, Variant};
use crate::store::{Fixture, LeagueReader, SeasonInfo, StoreError};

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
    #[error("game {game} is already a leg of {kind} {slot} of {home} v {away} on {date}")]
    LegAlready {
        game: i64,
        kind: String,
        slot: u32,
        home: String,
        away: String,
        date: String,
    },
    #[error("game {game} was played to {played}; this league's Don legs are {rules}")]
    OtherRules {
        game: i64,
        played: String,
        rules: String,
    },
    #[error("game {game} is not one leg between two pairs")]
    NotOneLeg { game: i64 },
    #[error("game {game} is not finished with a winner (see `don show {game}`)")]
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
            LegError::Store(e) => super::error::store_kind(e),
        }
    }

    /// What to do about it: nothing more than the message says.
    pub fn hint(&self) -> Option<Cow<'static, str>> {
        None
    }
}

/// A stored game as a leg of a match, for [`LeagueReader`] (in a change or a plain read).
pub trait GameLegs {
    /// A stored game as a Don leg: it must be a finished two-sided game of `variant`, not a leg
    /// already; its home side is the one whose players are `home` (any order, case ignored),
    /// or North–South when the match's players are not given.
    /// `replacing`: the match a correction replaces; the game may score a leg of that night
    /// already (the night's own check refuses one game as two legs of it).
    fn game_leg(
        &self,
        game: i64,
        variant: &Variant,
        home: &[String],
        replacing: Option<Replacing>,
    ) -> Result<GameAsLeg, LegError>;
}

impl GameLegs for LeagueReader<'_> {
    fn game_leg(
        &self,
        game: i64,
        variant: &Variant,
        home: &[String],
        replacing: Option<Replacing>,
    ) -> Result<GameAsLeg, LegError> {
        if !self.has_game(game)? {
            return Err(LegError::NoGame { game });
        }
        let place = self.leg_place(game)?;
        // A leg of the night a correction replaces may move within it.
        let place = place.filter(|p| replacing.as_ref().map(|(f, ..)| *f) != Some(p.fixture));
        if let Some(p) = place {
            return Err(LegError::LegAlready {
                game,
                kind: p.kind,
                slot: p.slot,
                home: p.home,
                away: p.away,
                date: p.date,
            });
        }
        let sheet = check_value(self.game_record(game)?);
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
}

/// How the home side of a game is known.
enum Home<'a> {
    /// The side whose players are these (North–South when none are given).
    Players(&'a [String]),
    /// This side, as stored.
    Side(GameSide),
}

/// A game's score sheet as a Don leg.
fn as_leg(game: i64, sheet: &ScoreSheet, home: Home<'_>) -> Result<GameAsLeg, LegError> {
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
    let away_side = if home_side == GameSide::NS {
        GameSide::EW
    } else {
        GameSide::NS
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
    let (home_players, away_players) = if home_side == GameSide::NS {
        (ns, ew)
    } else {
        (ew, ns)
    };
    Ok(GameAsLeg {
        leg,
        home_side,
        players: Pair::new(home_players, away_players),
    })
}

/// The score sheet of each stored game that scored a leg, by game: each replayed once.
#[derive(Debug, Default)]
pub struct Sheets(HashMap<i64, ScoreSheet>);

impl Sheets {
    /// The score sheet of a game that scored a leg.
    pub fn get(&self, game: i64) -> Option<&ScoreSheet> {
        self.0.get(&game)
    }
}

/// A season's fixtures by date (then home team), with their results, every Don leg scored by a
/// stored game worked out from the game (once), and the games' score sheets.
pub fn scored_fixtures(
    reader: &LeagueReader<'_>,
    season: i64,
) -> Result<(Vec<Fixture>, Sheets), AppError> {
    let mut fixtures = reader.fixtures(season)?;
    let sides = reader.leg_sides(season)?;
    let mut sheets = Sheets::default();
    for f in &mut fixtures {
        let Some(NightResult::Matches(matches)) = &mut f.result else {
            continue;
        };
        for leg in matches.iter_mut().flat_map(|m| m.leg_scores.iter_mut()) {
            let (Some(game), Some(side)) = (leg.game, leg.game.and_then(|g| sides.get(&g))) else {
                continue;
            };
            let sheet = check_value(reader.game_record(game)?);
            *leg = as_leg(game, &sheet, Home::Side(*side))?.leg;
            sheets.0.insert(game, sheet);
        }
    }
    Ok((fixtures, sheets))
}

/// A season as a command reads it: its fixtures (legs scored), the season as the standings see
/// it, and the stored games' score sheets.
#[derive(Debug)]
pub struct SeasonRead {
    pub fixtures: Vec<Fixture>,
    pub season: Season,
    pub sheets: Sheets,
}

/// Reads a season: its teams, its fixtures with every stored game's leg scored once, the
/// nights with a result (cancelled fixtures left out), and its adjustments.
pub fn read_season(reader: &LeagueReader<'_>, info: &SeasonInfo) -> Result<SeasonRead, AppError> {
    let (fixtures, sheets) = scored_fixtures(reader, info.id)?;
    let nights = fixtures
        .iter()
        .filter(|f| !f.cancelled)
        .filter_map(|f| {
            f.result.clone().map(|result| Night {
                id: f.id,
                date: f.date,
                home: f.home.id,
                away: f.away.id,
                result,
                confirmation: f.confirmation.clone(),
            })
        })
        .collect();
    let season = Season {
        name: info.name.clone(),
        config: info.config.clone(),
        teams: reader.season_teams(info.id)?,
        nights,
        adjustments: reader.adjustments(info.id)?,
    };
    Ok(SeasonRead {
        fixtures,
        season,
        sheets,
    })
}
