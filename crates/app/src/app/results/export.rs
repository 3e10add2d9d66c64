//! A season's results exported: its rows of each shape, to write as CSV (FORMAT.md §3).

use std::io::{self, Write};

use chrono::NaiveDate;

use crate::app::{App, AppError};
use crate::league::import::{config_rows, night_points, standing_with};
use crate::league::{Config, NightResult};
use crate::record::results::{
    write_adjustments, write_configuration, write_fixtures, write_grid, write_matches_in,
    write_nights_in, write_rosters, write_table, AdjustmentChange, AdjustmentRow, Column,
    ConfigRow, FinalTableRow, FixtureRow, GridNight, MatchRow, NightRow, RosterRow, Shape,
    Standing,
};
use crate::store::{Fixture, Reads, SeasonEntry};

/// A season's results as rows of each shape, to write as CSV.
pub struct SeasonResults {
    /// The season's name.
    pub season: String,
    pub matches: Vec<MatchRow>,
    pub nights: Vec<NightRow>,
    pub adjustments: Vec<AdjustmentRow>,
    pub rosters: Vec<RosterRow>,
    pub configuration: Vec<ConfigRow>,
    /// Every fixture not cancelled, played or not.
    pub schedule: Vec<FixtureRow>,
    /// Some fixture is still to play: the season's schedule is written with the rest.
    pub to_play: bool,
    /// The teams of its results grid, in the season's entry order (empty: no undated nights).
    pub grid_teams: Vec<String>,
    /// Its nights without a date (a results grid's), written only as a grid.
    pub grid: Vec<GridNight>,
    /// Its final table as recorded (empty: the season is not closed).
    pub table: Vec<FinalTableRow>,
    /// Each team's division, by the team's name (empty: the season has no divisions): the
    /// matches and nights are written with a `division` column (FORMAT.md §3).
    pub divisions: std::collections::HashMap<String, String>,
}

/// A file of an export into a folder: its shape, its rows, its name.
pub struct ExportFile {
    pub shape: Shape,
    pub rows: usize,
    pub name: String,
}

impl App {
    /// A season's results (the one named, else the current one, else the latest).
    pub fn results_export(
        &self,
        league: Option<&str>,
        season: Option<&str>,
    ) -> Result<SeasonResults, AppError> {
        let today = self.today();
        let reader: &Reads = &self.store;
        let league = crate::app::league::which::league(reader, league)?;
        let season = crate::app::league::which::current_season(reader, &league, season, today)?;
        let fixtures = reader.fixtures(season.id)?;
        let confirmed_by = reader.confirmed_entered_by(season.id)?;
        let standing =
            |f: &Fixture| standing_with(&f.confirmation, confirmed_by.get(&f.id).copied());
        let name = season.name.clone();
        // A grid's nights have no date: they are written as the grid, never as dated nights.
        let (undated, played): (Vec<&Fixture>, Vec<&Fixture>) = fixtures
            .iter()
            .filter(|f| !f.cancelled)
            .partition(|f| f.undated);
        let (matches, nights) = result_rows(&name, &season.config, &played, &standing);
        let grid = grid_nights(&season.config, &undated);
        let entries = reader.entries(season.id)?;
        let grid_teams = if grid.is_empty() {
            Vec::new()
        } else {
            entries.iter().map(|e| e.team.name.clone()).collect()
        };
        let division_names: std::collections::HashMap<i64, String> = reader
            .divisions(season.id)?
            .into_iter()
            .map(|d| (d.id, d.name))
            .collect();
        let divisions = reader
            .team_divisions(season.id)?
            .into_iter()
            .filter_map(|(team, d)| {
                let team = entries.iter().find(|e| e.team.id == team)?;
                Some((team.team.name.clone(), division_names.get(&d)?.clone()))
            })
            .collect();
        let teams = reader.teams(league.id)?;
        let table = reader
            .season_table(season.id)?
            .into_iter()
            .map(|r| {
                let team = teams.iter().find(|t| t.id == r.team);
                FinalTableRow {
                    line: 0,
                    season: name.clone(),
                    printed: r.with_team(team.map_or_else(String::new, |t| t.name.clone())),
                    faulty: Vec::new(),
                }
            })
            .collect();
        let team_name = |id: i64| {
            entries
                .iter()
                .find(|e| e.team.id == id)
                .map_or_else(String::new, |e| e.team.name.clone())
        };
        let points = reader.adjustments(season.id)?.into_iter().map(|a| {
            let points = AdjustmentChange::Points(a.points);
            (a.date, team_name(a.team), points, a.reason)
        });
        let withdrawn = entries.iter().filter_map(|e| {
            let withdrawn = AdjustmentChange::Withdrawn;
            e.withdrawn
                .map(|d| (d, e.team.name.clone(), withdrawn, String::new()))
        });
        let adjustments = adjustment_rows(&name, points.chain(withdrawn));
        let rosters = roster_rows(&name, &entries);
        let schedule = played.iter().map(|f| FixtureRow {
            line: 0,
            season: name.clone(),
            date: f.date,
            home: f.home.name.clone(),
            away: f.away.name.clone(),
            round: f.round,
            faulty: Vec::new(),
        });
        Ok(SeasonResults {
            matches,
            nights,
            adjustments,
            rosters,
            configuration: config_rows(&name, &season.config),
            schedule: schedule.collect(),
            to_play: played.iter().any(|f| f.result.is_none()),
            grid_teams,
            grid,
            table,
            divisions,
            season: name,
        })
    }
}

impl SeasonResults {
    /// Writes the rows of one shape as CSV.
    pub fn write(&self, shape: Shape, w: &mut dyn Write) -> io::Result<()> {
        let of = |team: &str| self.divisions.get(team).cloned().unwrap_or_default();
        let division: Option<&dyn Fn(&str) -> String> = (!self.divisions.is_empty()).then_some(&of);
        match shape {
            Shape::Matches => write_matches_in(&self.matches, division, &mut *w),
            Shape::Nights => write_nights_in(&self.nights, division, &mut *w),
            Shape::Adjustments => write_adjustments(&self.adjustments, &mut *w),
            Shape::Rosters => write_rosters(&self.rosters, &mut *w),
            Shape::Configuration => write_configuration(&self.configuration, &mut *w),
            Shape::Fixtures => write_fixtures(&self.schedule, &mut *w),
            Shape::Grid if self.grid.is_empty() => Ok(()),
            Shape::Grid => write_grid(&self.season, &self.grid_teams, &self.grid, &mut *w),
            Shape::Table => write_table(&self.table, &mut *w),
        }?;
        w.flush()
    }

    /// The files of an export into a folder: every shape that has rows, as SEASON-SHAPE.csv
    /// (the fixtures only when some are still to play: a season part-way keeps its schedule).
    pub fn files(&self) -> Vec<ExportFile> {
        let fixtures = if self.to_play { self.schedule.len() } else { 0 };
        let all = [
            (
                Shape::Configuration,
                self.configuration.len(),
                "configuration",
            ),
            (Shape::Rosters, self.rosters.len(), "rosters"),
            (Shape::Fixtures, fixtures, "fixtures"),
            (Shape::Matches, self.matches.len(), "matches"),
            (Shape::Nights, self.nights.len(), "nights"),
            (Shape::Adjustments, self.adjustments.len(), "adjustments"),
            (Shape::Grid, self.grid.len(), "grid"),
            (Shape::Table, self.table.len(), "table"),
        ];
        all.into_iter()
            .filter(|(_, n, _)| *n > 0)
            .map(|(shape, rows, word)| ExportFile {
                shape,
                rows,
                name: format!("{}-{word}.csv", file_safe(&self.season)),
            })
            .collect()
    }
}

/// The played nights' rows: match by match, or as a night's totals (and walkovers).
fn result_rows(
    season: &str,
    config: &Config,
    played: &[&Fixture],
    standing: &dyn Fn(&Fixture) -> Standing,
) -> (Vec<MatchRow>, Vec<NightRow>) {
    let mut matches = Vec::new();
    let mut nights = Vec::new();
    for f in played {
        match &f.result {
            None => {}
            Some(NightResult::Matches(ms)) => {
                matches.extend(match_rows(season, config, f, ms, standing(f)))
            }
            Some(r) => {
                let points = night_points(r, config);
                nights.push(NightRow {
                    line: 0,
                    season: season.to_string(),
                    date: f.date,
                    home: f.home.name.clone(),
                    away: f.away.name.clone(),
                    home_points: points.home,
                    away_points: points.away,
                    walkover: matches!(r, NightResult::Walkover(_)),
                    standing: standing(f),
                    faulty: Vec::new(),
                });
            }
        }
    }
    (matches, nights)
}

/// The nights without a date (a results grid's), as the grid's cells.
fn grid_nights(config: &Config, undated: &[&Fixture]) -> Vec<GridNight> {
    undated
        .iter()
        .filter_map(|f| {
            // A grid's night is kept as totals; matches won, should one have them.
            let result = f.result.as_ref()?;
            let points = night_points(result, config);
            Some(GridNight {
                line: 0,
                column: Column {
                    index: 0,
                    name: f.away.name.clone(),
                },
                home: f.home.name.clone(),
                away: f.away.name.clone(),
                home_points: points.home,
                away_points: points.away,
                walkover: matches!(result, NightResult::Walkover(_)),
            })
        })
        .collect()
}

/// Points adjustments and withdrawals (date, team, change, reason) as rows, by date, then
/// team.
fn adjustment_rows(
    season: &str,
    adjustments: impl Iterator<Item = (NaiveDate, String, AdjustmentChange, String)>,
) -> Vec<AdjustmentRow> {
    let mut rows: Vec<AdjustmentRow> = adjustments
        .map(|(date, team, change, reason)| AdjustmentRow {
            line: 0,
            season: season.to_string(),
            date,
            team,
            change,
            reason,
            faulty: Vec::new(),
        })
        .collect();
    rows.sort_by(|a, b| a.date.cmp(&b.date).then(a.team.cmp(&b.team)));
    rows
}

/// Every team's roster, player by player.
fn roster_rows(season: &str, entries: &[SeasonEntry]) -> Vec<RosterRow> {
    entries
        .iter()
        .flat_map(|e| {
            e.roster.iter().map(|p| RosterRow {
                line: 0,
                season: season.to_string(),
                team: e.team.name.clone(),
                player: p.clone(),
                faulty: Vec::new(),
            })
        })
        .collect()
}

/// A played night's matches as rows, in the order of the season's night, then by slot.
fn match_rows(
    season: &str,
    config: &Config,
    f: &Fixture,
    ms: &[crate::league::Match],
    standing: Standing,
) -> Vec<MatchRow> {
    let mut ms = ms.to_vec();
    let order = |k| {
        config
            .night
            .iter()
            .position(|c| c.kind == k)
            .unwrap_or(usize::MAX)
    };
    ms.sort_by_key(|m| (order(m.kind), m.slot));
    let incomplete = !crate::league::night::is_complete(config, &ms);
    ms.into_iter()
        .map(|m| MatchRow {
            line: 0,
            season: season.to_string(),
            date: f.date,
            home: f.home.name.clone(),
            away: f.away.name.clone(),
            kind: m.kind.to_string(),
            slot: m.slot,
            home_players: m.players.home,
            away_players: m.players.away,
            home_legs: m.legs.home,
            away_legs: m.legs.away,
            leg_scores: m
                .leg_scores
                .iter()
                .map(|l| (l.score.home, l.score.away))
                .collect(),
            incomplete,
            standing: standing.clone(),
            faulty: Vec::new(),
        })
        .collect()
}

/// A season's name as part of a file name.
fn file_safe(name: &str) -> String {
    let safe = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    name.chars()
        .map(|c| if safe(c) { c } else { '-' })
        .collect()
}
