//! A season as a command reads it: its fixtures and nights, with each Don leg scored by a
//! stored game worked out once (the store keeps the game's number and its sides; the score and
//! the hands are the game's, replayed here).

use std::collections::HashMap;

use crate::app::error::AppError;
use crate::app::game::leg::{as_leg, Home};
use crate::app::game::stored::StoredGames;
use crate::app::night::players::waiting_names;
use crate::check::check_value;
use crate::league::{Confirmation, HomeAway, Night, NightResult, Pair, SeasonRecord, TeamId};
use crate::replay::ScoreSheet;
use crate::store::{Fixture, Reads, SeasonInfo};

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
pub fn scored_fixtures(reader: &Reads, season: i64) -> Result<(Vec<Fixture>, Sheets), AppError> {
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
    pub season: SeasonRecord,
    pub sheets: Sheets,
}

/// Reads a season: its teams, its fixtures with every stored game's leg scored once, the
/// nights with a result (cancelled fixtures left out), and its adjustments.
pub fn read_season(reader: &Reads, info: &SeasonInfo) -> Result<SeasonRead, AppError> {
    let (mut fixtures, sheets) = scored_fixtures(reader, info.id)?;
    let mut teams = reader.season_teams(info.id)?;
    crate::app::names::name_as_then(reader, info, &mut fixtures, &mut teams)?;
    let rosters: HashMap<TeamId, Vec<String>> = reader
        .entries(info.id)?
        .into_iter()
        .map(|e| (e.team.id, e.roster))
        .collect();
    let nights = fixtures
        .iter()
        .filter(|f| !f.cancelled)
        .filter_map(|f| {
            f.result.clone().map(|mut result| {
                if f.confirmation != Confirmation::Confirmed {
                    let roster = |t: TeamId| rosters.get(&t).cloned().unwrap_or_default();
                    let rosters = Pair::new(roster(f.home.id), roster(f.away.id));
                    unnamed_waiting(&rosters, &mut result);
                }
                Night {
                    id: f.id,
                    date: f.date,
                    home: f.home.id,
                    away: f.away.id,
                    result,
                    confirmation: f.confirmation.clone(),
                }
            })
        })
        .collect();
    let season = SeasonRecord {
        name: info.name.clone(),
        config: info.config.clone(),
        teams,
        nights,
        adjustments: reader.adjustments(info.id)?,
        recorded: reader.season_table(info.id)?,
        divisions: reader.season_divisions(info.id)?,
    };
    Ok(SeasonRead {
        fixtures,
        season,
        sheets,
    })
}

/// A night not yet confirmed, as the standings and the figures count it: a side's players who
/// wait for its confirmation (typed by the other team's captain, on no roster of the side) are
/// no one's yet, so a match naming one is counted with that side's players unknown: the names
/// reach no table of players, no player's page, until the side confirms the night. The night's
/// own page shows them as typed.
fn unnamed_waiting(rosters: &Pair<Vec<String>>, result: &mut NightResult) {
    let NightResult::Matches(matches) = result else {
        return;
    };
    let waiting = waiting_names(rosters, matches);
    for m in matches.iter_mut() {
        for side in HomeAway::BOTH {
            if m.players[side].iter().any(|p| waiting[side].contains(p)) {
                m.players[side].clear();
            }
        }
    }
}
