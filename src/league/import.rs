//! League results read from CSV (FORMAT.md §3) turned into nights, each checked against its
//! season's configuration, every fault pointed at its line and column. Pure: names are not
//! looked up here; the store does that with what this gives.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::config::Config;
use super::names::name_key;
use super::night::{
    check_totals, require_complete, Leg, Match, NightCheck, NightError, NightResult, Pair, Side,
};
use crate::record::results::{AdjustmentChange, AdjustmentRow, Column, MatchRow, NightRow};

/// A night's identity: its season, date and teams, by name key.
type NightKey = (String, NaiveDate, String, String);

/// A fault in a results file, at its line and (when it is one field's) column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    pub line: u64,
    pub column: Option<Column>,
    pub message: String,
}

/// A night read from a file, with its teams and season by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftNight {
    pub season: String,
    pub date: NaiveDate,
    pub home: String,
    pub away: String,
    pub result: NightResult,
    /// The line of each of its rows.
    pub lines: Vec<u64>,
}

/// An adjustment read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftAdjustment {
    pub line: u64,
    pub season: String,
    pub date: NaiveDate,
    pub team: String,
    pub change: AdjustmentChange,
    pub reason: String,
}

/// The column a night's fault is about.
fn column_of(e: &NightError) -> &'static str {
    match e {
        NightError::KindNotPlayed(_) => "kind",
        NightError::NoSuchSlot { .. } | NightError::SlotTwice { .. } => "slot",
        NightError::PlayerCount {
            side: Side::Home, ..
        } => "home_players",
        NightError::PlayerCount { .. } => "away_players",
        NightError::PlayerTwice {
            side: Side::Home, ..
        }
        | NightError::PlayerForBothTeams {
            side: Side::Home, ..
        } => "home_players",
        NightError::PlayerTwice { .. }
        | NightError::PlayerForBothTeams { .. }
        | NightError::PlayerBothSides { .. } => "away_players",
        NightError::Legs { .. } => "home_legs",
        NightError::LegScoreCount { .. }
        | NightError::LegScoreTarget { .. }
        | NightError::LegScoresDisagree { .. }
        | NightError::LegAfterWon { .. } => "leg_scores",
        NightError::Totals { .. } => "home_points",
        NightError::Incomplete { .. } | NightError::SameTeam => "",
    }
}

fn night_key(
    season: &str,
    date: NaiveDate,
    home: &str,
    away: &str,
) -> (String, NaiveDate, String, String) {
    (name_key(season), date, name_key(home), name_key(away))
}

/// Match rows grouped into nights (in the order first seen), each match and each night
/// checked with `config_of` its season's configuration; every fault found is returned.
pub fn nights_from_matches(
    rows: Vec<MatchRow>,
    config_of: &dyn Fn(&str) -> Config,
    column: &dyn Fn(&str) -> Option<Column>,
) -> (Vec<DraftNight>, Vec<RowError>) {
    let mut errors = Vec::new();
    let mut configs: HashMap<String, Config> = HashMap::new();
    // Each night once, in the order first seen; rows of a night come together, so the one
    // before is looked up without hashing.
    let mut nights: Vec<(DraftNight, Vec<Match>, NightCheck, Config)> = Vec::new();
    let mut index: HashMap<NightKey, usize> = HashMap::new();
    let mut last: Option<((String, NaiveDate, String, String), usize)> = None;
    let fault = |line: u64, col: &str, message: String| RowError {
        line,
        column: if col.is_empty() { None } else { column(col) },
        message,
    };
    for mut row in rows {
        let kind = match row.kind.parse() {
            Ok(k) => k,
            Err(e) => {
                errors.push(fault(row.line, "kind", format!("{e}")));
                continue;
            }
        };
        let same_night = last.as_ref().is_some_and(|(raw, _)| {
            raw.0 == row.season && raw.1 == row.date && raw.2 == row.home && raw.3 == row.away
        });
        let at = match (&last, same_night) {
            (Some((_, at)), true) => *at,
            _ => {
                let key = night_key(&row.season, row.date, &row.home, &row.away);
                if key.2 == key.3 {
                    errors.push(fault(row.line, "away", NightError::SameTeam.to_string()));
                    continue;
                }
                let config = configs
                    .entry(key.0.clone())
                    .or_insert_with(|| config_of(&row.season))
                    .clone();
                let at = *index.entry(key).or_insert_with(|| {
                    nights.push((
                        DraftNight {
                            season: row.season.clone(),
                            date: row.date,
                            home: row.home.clone(),
                            away: row.away.clone(),
                            result: NightResult::Matches(Vec::new()),
                            lines: Vec::new(),
                        },
                        Vec::new(),
                        NightCheck::default(),
                        config,
                    ));
                    nights.len() - 1
                });
                let raw = (
                    row.season.clone(),
                    row.date,
                    row.home.clone(),
                    row.away.clone(),
                );
                last = Some((raw, at));
                at
            }
        };
        let m = Match {
            kind,
            slot: row.slot,
            players: Pair::new(
                std::mem::take(&mut row.home_players),
                std::mem::take(&mut row.away_players),
            ),
            legs: Pair::new(row.home_legs, row.away_legs),
            leg_scores: row
                .leg_scores
                .iter()
                .map(|&(h, a)| Leg {
                    score: Pair::new(h, a),
                    game: None,
                    hands: Vec::new(),
                })
                .collect(),
        };
        let entry = &mut nights[at];
        if let Err(e) = entry.2.add(&entry.3, &m) {
            errors.push(fault(row.line, column_of(&e), e.to_string()));
            // Its night is not checked for completeness: the row's fault says it all.
            entry.0.lines.push(0);
            continue;
        }
        entry.1.push(m);
        entry.0.lines.push(row.line);
    }
    let mut out = Vec::new();
    for (mut night, matches, _, config) in nights {
        if matches.is_empty() || night.lines.contains(&0) {
            // A row of it was refused already.
            continue;
        }
        if let Err(e) = require_complete(&config, &matches) {
            let first = night.lines.first().copied().unwrap_or(0);
            errors.push(fault(
                first,
                "",
                format!("{} v {} on {}: {e}", night.home, night.away, night.date),
            ));
            continue;
        }
        night.result = NightResult::Matches(matches);
        out.push(night);
    }
    errors.sort_by_key(|e| e.line);
    (out, errors)
}

/// Night rows (totals, or a walkover) checked against their seasons' configurations.
pub fn nights_from_totals(
    rows: &[NightRow],
    config_of: &dyn Fn(&str) -> Config,
    column: &dyn Fn(&str) -> Option<Column>,
) -> (Vec<DraftNight>, Vec<RowError>) {
    let mut errors = Vec::new();
    let mut out: Vec<DraftNight> = Vec::new();
    for row in rows {
        let fault = |col: &str, message: String| RowError {
            line: row.line,
            column: column(col),
            message,
        };
        if name_key(&row.home) == name_key(&row.away) {
            errors.push(fault("away", NightError::SameTeam.to_string()));
            continue;
        }
        let config = config_of(&row.season);
        let points = Pair::new(row.home_points, row.away_points);
        let result = if row.walkover {
            let award = config.walkover_matches();
            match (points.home, points.away) {
                (h, 0) if h == award => NightResult::Walkover(Side::Home),
                (0, a) if a == award => NightResult::Walkover(Side::Away),
                _ => {
                    errors.push(fault(
                        "home_points",
                        format!(
                            "a walkover gives {award}–0 to the team that turned up, not {}–{}",
                            points.home, points.away
                        ),
                    ));
                    continue;
                }
            }
        } else {
            if let Err(e) = check_totals(&config, points) {
                errors.push(fault("home_points", e.to_string()));
                continue;
            }
            NightResult::Totals(points)
        };
        let key = night_key(&row.season, row.date, &row.home, &row.away);
        if let Some(first) = out
            .iter()
            .find(|n| night_key(&n.season, n.date, &n.home, &n.away) == key)
        {
            errors.push(fault(
                "",
                format!(
                    "{} v {} on {} is given twice (first at line {})",
                    row.home, row.away, row.date, first.lines[0]
                ),
            ));
            continue;
        }
        out.push(DraftNight {
            season: row.season.clone(),
            date: row.date,
            home: row.home.clone(),
            away: row.away.clone(),
            result,
            lines: vec![row.line],
        });
    }
    (out, errors)
}

/// Adjustment rows, as they are.
pub fn adjustments(rows: &[AdjustmentRow]) -> Vec<DraftAdjustment> {
    rows.iter()
        .map(|r| DraftAdjustment {
            line: r.line,
            season: r.season.clone(),
            date: r.date,
            team: r.team.clone(),
            change: r.change.clone(),
            reason: r.reason.clone(),
        })
        .collect()
}
