//! The league's past imported (FORMAT.md §7): a results grid's nights, kept without a date
//! (on the season's end, `league::fixtures::season_end`), and a final table, kept as printed
//! (its season closed). Seasons and teams are found (or made, with `--create`) through the
//! import's [`Resolver`], as every other shape's are. Importing the same again keeps nothing
//! new; a night or a table's line stored already with other figures is a fault naming both.

use std::collections::HashMap;

use super::resolve::{store_fault, AtLine, Resolver};
use super::Found;
use crate::app::league::checked;
use crate::league::fixtures::{season_end, season_in_years};
use crate::league::import::{LeagueNames, NameKind, NameStatus};
use crate::league::names::{name_key, quoted, tidy};
use crate::league::night::{result_words, same_result};
use crate::league::past::{check_table, grid_nights, table_compared, GridDraft};
use crate::record::results::{Advice, Column, FinalTableRow, Grid, RowError};
use crate::store::{Change, Fixture, Reads, SeasonInfo, TeamInfo};

/// The season a grid or table names, found or made; refused first when its end, as its nights
/// are dated from it (its last dated night, else what its name says: `9999-00` ends on
/// +10000-06-30), is outside the years a date may be in ([`season_in_years`], the check every
/// way of making a season shares): at its cell, or, `by_argument`, as `--season`'s; and, when
/// `open` is asked, when it is closed.
fn season_of(
    resolver: &mut Resolver<'_, '_>,
    change: &Change<'_>,
    name: &str,
    line: u64,
    column: Option<Column>,
    (by_argument, open): (bool, bool),
) -> Result<SeasonInfo, RowError> {
    let last = match resolver.known_season(name) {
        Some(season) => change.last_dated(season.id).at_line(line)?,
        None => None,
    };
    season_in_years(name, last).map_err(|why| {
        let at = column.clone().filter(|_| !by_argument);
        let advice = by_argument.then(|| Advice::SeasonAsked {
            name: tidy(name),
            why: why.to_string(),
        });
        RowError::new(line, at, format!("season {}: {why}", tidy(name))).advised(advice)
    })?;
    let season = resolver.season(name, line, column.clone())?;
    if open && change.is_closed(season.id).at_line(line)? {
        return Err(RowError::new(line, column, format!(
                "season {} is closed: it is known by its final table, and no night can be entered in it",
                season.name
            )));
    }
    Ok(season)
}

/// The team a grid or table names, found (or made) in the season; its name refused as every
/// shape's rows refuse it ([`LeagueNames::status`]): not known and near a known name ("The
/// Royal Oak", "Royal Oke", "Coach & Horses", "Réd Lion"), even with `--create`, or not known
/// without it; the name then waits for a choice (`--map`, the prompt).
fn team_of(
    resolver: &mut Resolver<'_, '_>,
    name: &str,
    season: i64,
    line: u64,
    column: Option<Column>,
) -> Result<TeamInfo, RowError> {
    match resolver.status(NameKind::Team, name) {
        NameStatus::Unknown(message, advice) => {
            Err(RowError::new(line, column, message).advised(advice))
        }
        // A grid's and a table's nights are whole: no name of them is left as a slip.
        NameStatus::Known | NameStatus::New(_) => resolver.team(name, season, line, column),
    }
}

/// Checks and keeps a results grid's nights: each without a date, on its season's end.
/// `asked`: the season `import --season` names (for a grid whose top-left cell is empty).
pub(super) fn import_grid(
    resolver: &mut Resolver<'_, '_>,
    change: &Change<'_>,
    grid: &Grid,
    asked: Option<&str>,
    found: &mut Found<'_>,
) {
    let corner = |index: usize, name: &str| {
        Some(Column {
            index,
            name: name.to_string(),
        })
    };
    let name = match (&grid.season, asked) {
        (Some(own), Some(asked)) if name_key(own) != name_key(asked) => {
            found.fault(
                RowError::new(
                    1,
                    corner(2, "season"),
                    format!("the grid names its season {own}, and the import {asked}"),
                )
                .advised(Some(Advice::SeasonNamedTwice {
                    own: own.clone(),
                    asked: asked.to_string(),
                })),
            );
            return;
        }
        (Some(own), _) => own.clone(),
        (None, Some(asked)) => asked.to_string(),
        (None, None) => {
            found.fault(
                RowError::new(
                    1,
                    corner(1, "top-left"),
                    "the grid's top-left cell is empty and no season is named",
                )
                .advised(Some(Advice::NameGridSeason)),
            );
            return;
        }
    };
    let line = 1;
    // Named by `--season` (the corner empty), the fault is the argument's.
    let by_argument = grid.season.is_none();
    let column = corner(2, "season");
    let season = match season_of(resolver, change, &name, line, column, (by_argument, true)) {
        Ok(s) => s,
        Err(e) => return found.fault(e),
    };
    let (drafts, errors) = grid_nights(grid, &season.config);
    let faulty = !errors.is_empty();
    found.faults(errors);
    // Every team named, found (or made) once, at the cell that first names it.
    let mut teams: HashMap<String, TeamInfo> = HashMap::new();
    let mut refused: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut unknown = false;
    for (across, t) in grid
        .away
        .iter()
        .map(|t| (true, t))
        .chain(grid.home.iter().map(|t| (false, t)))
    {
        let key = name_key(&t.name);
        if refused.contains(&key) {
            continue;
        }
        if !teams.contains_key(&key) {
            // A name near a known one is refused as in every other shape, even with --create;
            // a name refused is refused once, at its first cell.
            match team_of(resolver, &t.name, season.id, t.line, Some(t.column.clone())) {
                Ok(team) => {
                    teams.insert(key.clone(), team);
                }
                Err(e) => {
                    unknown = true;
                    refused.insert(key);
                    found.fault(e);
                    continue;
                }
            }
        }
        // One team under two of its names (an alias, a former name) on one side of the grid.
        let team = &teams[&key];
        let side = if across { &grid.away } else { &grid.home };
        let first = side.iter().take_while(|o| !std::ptr::eq(*o, t)).find(|o| {
            teams
                .get(&name_key(&o.name))
                .is_some_and(|x| x.id == team.id)
        });
        if let Some(first) = first {
            unknown = true;
            found.fault(RowError::new(t.line, Some(t.column.clone()), format!(
                    "{} is named twice (as {}) {} the grid, first as {}: a team has one row and one column",
                    team.name,
                    quoted(&t.name),
                    if across { "across" } else { "down" },
                    quoted(&first.name)
                )));
        }
    }
    if faulty || unknown {
        return;
    }
    if let Some(name) = resolver.division.clone() {
        // Every team of the grid in the division asked, each at the cell that first names it.
        let division = match resolver.division_named(&season, &name, line, None) {
            Ok(d) => d,
            Err(e) => return found.fault(e),
        };
        let mut placed = std::collections::HashSet::new();
        for t in grid.away.iter().chain(&grid.home) {
            let team = teams[&name_key(&t.name)].clone();
            if placed.insert(team.id) {
                let at = Some(t.column.clone());
                if let Err(e) = resolver.place(&season, &team, &division, t.line, at) {
                    return found.fault(e);
                }
            }
        }
    }
    let reader: &Reads = change;
    let day = match reader
        .last_dated(season.id)
        .map(|last| season_end(&season.name, last))
    {
        Ok(Some(day)) => day,
        Ok(None) => {
            return found.fault(RowError::new(line, corner(2, "season"), format!(
                    "season {} has no dated night and its name says no year, so its grid's nights have no day to count on: name the season by its years (as 2014-15 or 2014), or import a dated night of it first",
                    season.name
                )))
        }
        Err(e) => return found.fault(store_fault(e, line)),
    };
    let stored = match reader.fixtures(season.id) {
        Ok(f) => f,
        Err(e) => return found.fault(store_fault(e, line)),
    };
    // The season's fixtures by their teams (home, away), cancelled ones left out.
    let mut by_pair: HashMap<(i64, i64), Vec<&Fixture>> = HashMap::new();
    for f in stored.iter().filter(|f| !f.cancelled) {
        by_pair.entry((f.home.id, f.away.id)).or_default().push(f);
    }
    for d in &drafts {
        let (home, away) = (&teams[&name_key(&d.home)], &teams[&name_key(&d.away)]);
        let pair = by_pair
            .get(&(home.id, away.id))
            .map_or(&[][..], Vec::as_slice);
        match keep_grid_night(resolver, change, &season, pair, d, home, away, day) {
            Ok(()) => {}
            Err(e) => found.fault(e),
        }
    }
}

/// Keeps one night of a grid (`pair`: the season's fixtures of its home and away teams):
/// passed over when their night in the season is stored with the same result; put on their fixture when they have one still to play; else added without
/// a date.
#[allow(clippy::too_many_arguments)]
fn keep_grid_night(
    resolver: &mut Resolver<'_, '_>,
    change: &Change<'_>,
    season: &SeasonInfo,
    pair: &[&Fixture],
    d: &GridDraft,
    home: &TeamInfo,
    away: &TeamInfo,
    day: chrono::NaiveDate,
) -> Result<(), RowError> {
    let fault = |message: String| RowError::new(d.line, Some(d.column.clone()), message);
    let config = &season.config;
    if let Some(f) = pair.iter().find(|f| f.result.is_some()) {
        let there = f.result.as_ref().expect("a result");
        if same_result(there, &d.result, config) {
            resolver.report.nights_kept += 1;
            return Ok(());
        }
        let when = if f.undated {
            "without a date (from a grid)".to_string()
        } else {
            format!("on {}", f.date)
        };
        return Err(fault(format!(
            "{} v {} in {} is stored already {when} as {}, not {}",
            home.name,
            away.name,
            season.name,
            result_words(there, config),
            result_words(&d.result, config)
        )));
    }
    if let Some(open) = pair.first() {
        checked::refuse_closed_fixture(change, open.id).at_line(d.line)?;
        change
            .set_night_result(open.id, &d.result)
            .at_line(d.line)?;
    } else {
        checked::may_add_played(change, season.id, (day, false), (home.id, away.id))
            .at_line(d.line)?;
        change
            .add_played(season.id, day, home.id, away.id, &d.result, true)
            .at_line(d.line)?;
    }
    resolver.report.nights_added += 1;
    Ok(())
}

/// Checks and keeps final tables (a season's rows together, in their printed order): a
/// season's table is kept whole, once; the same table again is passed over, and one that
/// differs from the one stored is a fault at each line that differs.
pub(super) fn import_tables(
    resolver: &mut Resolver<'_, '_>,
    change: &Change<'_>,
    rows: &[FinalTableRow],
    column: &dyn Fn(&str) -> Option<Column>,
    found: &mut Found<'_>,
) {
    let (errors, warnings) = check_table(rows, column);
    let mut bad: Vec<u64> = errors.iter().map(|e| e.line).collect();
    bad.extend(rows.iter().filter(|r| !r.faulty.is_empty()).map(|r| r.line));
    found.faults(errors);
    // The seasons, in the order first named, each with its rows.
    let mut seasons: Vec<(String, Vec<&FinalTableRow>)> = Vec::new();
    for row in rows.iter().filter(|r| !r.faulty.contains(&"season")) {
        let key = name_key(&row.season);
        match seasons.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(row),
            None => seasons.push((key, vec![row])),
        }
    }
    for (_, list) in seasons {
        let first = list[0];
        let faulty = list.iter().any(|r| bad.contains(&r.line));
        let at = column("season");
        let kept = season_of(
            resolver,
            change,
            &first.season,
            first.line,
            at,
            (false, false),
        )
        .map_err(|e| vec![e])
        .and_then(|season| table_of_season(resolver, change, &season, &list, column, faulty));
        match kept {
            // What a table kept as printed is warned of (at its first line); a table refused
            // is not kept, and its sums (a row refused left out of them) warn of nothing.
            Ok(()) => warnings
                .iter()
                .filter(|w| list.iter().any(|r| r.line == w.line))
                .for_each(|w| found.warning(w.clone())),
            Err(e) => found.faults(e),
        }
    }
}

/// One season's table: its teams found, then kept whole (or found the same as stored).
fn table_of_season(
    resolver: &mut Resolver<'_, '_>,
    change: &Change<'_>,
    season: &SeasonInfo,
    rows: &[&FinalTableRow],
    column: &dyn Fn(&str) -> Option<Column>,
    faulty: bool,
) -> Result<(), Vec<RowError>> {
    let reader: &Reads = change;
    let first = rows[0].line;
    let mut stored = reader
        .season_table(season.id)
        .map_err(|e| vec![store_fault(e, first)])?;
    // A division's table: the lines stored of that division's teams; kept after the lines of
    // the divisions stored before it.
    let mut after = 0;
    let division = match resolver.division.clone() {
        Some(name) => {
            let d = resolver
                .division_named(season, &name, first, None)
                .map_err(|e| vec![e])?;
            let of = reader
                .team_divisions(season.id)
                .map_err(|e| vec![store_fault(e, first)])?;
            after = stored.len();
            if !stored.is_empty() {
                resolver.closed_entries = true;
            }
            stored.retain(|l| of.get(&l.team) == Some(&d.id));
            Some(d)
        }
        None => None,
    };
    let found_teams = teams_of_table(resolver, season, rows, column);
    resolver.closed_entries = false;
    let (mut errors, found) = found_teams;
    if let (Some(d), true) = (&division, errors.is_empty()) {
        for (row, _, team) in &found {
            if let Err(e) = resolver.place(season, team, d, row.line, column("team")) {
                errors.push(e);
            }
        }
    }
    if stored.is_empty() && after == 0 {
        let fixtures = reader
            .fixtures(season.id)
            .map_err(|e| vec![store_fault(e, first)])?;
        if !fixtures.is_empty() {
            let played = fixtures.iter().filter(|f| f.result.is_some()).count();
            return Err(vec![RowError::new(first, column("season"), format!(
                    "season {} has {} fixtures ({played} played) already: a final table is for a season known only by it (its standings are worked out from its nights)",
                    season.name,
                    fixtures.len()
                ))]);
        }
    }
    if faulty || !errors.is_empty() {
        return Err(errors);
    }
    if stored.is_empty() {
        for (i, (row, line, _)) in found.iter().enumerate() {
            change
                .add_table_row(season.id, (after + i) as u32 + 1, line)
                .map_err(|e| vec![store_fault(e, row.line)])?;
        }
        resolver.report.tables_added += 1;
        return Ok(());
    }
    compare_table(resolver, season, &stored, &found, column)
}

/// A table's rows with their teams found (or made), and the faults of those not.
type FoundRows<'r> = Vec<(
    &'r &'r FinalTableRow,
    crate::record::standings::TableLine<i64>,
    TeamInfo,
)>;

/// The teams of a table's rows, found (or made) and entered in the season.
fn teams_of_table<'r>(
    resolver: &mut Resolver<'_, '_>,
    season: &SeasonInfo,
    rows: &'r [&'r FinalTableRow],
    column: &dyn Fn(&str) -> Option<Column>,
) -> (Vec<RowError>, FoundRows<'r>) {
    // The stored table's teams, by id: a team of the table stored needs no entry (the
    // season is closed to new ones).
    let mut errors = Vec::new();
    let mut found: FoundRows<'r> = Vec::new();
    for row in rows {
        let (name, at) = (&row.printed.team, column("team"));
        match team_of(resolver, name, season.id, row.line, at) {
            Ok(team) => {
                // One team under two of its names (an alias, a former name).
                let twice = found.iter().find(|(_, _, t)| t.id == team.id);
                if let Some((first, _, _)) = twice {
                    errors.push(RowError::new(row.line, column("team"), format!(
                            "{} is named twice (as {}) in {}'s table, first at line {} as {}: a team has one line in a season's table",
                            team.name,
                            quoted(&row.printed.team),
                            season.name,
                            first.line,
                            quoted(&first.printed.team)
                        )));
                    continue;
                }
                found.push((row, row.printed.with_team(team.id), team))
            }
            Err(e) => errors.push(e),
        }
    }
    (errors, found)
}

/// A table found stored already: each line the same, else a fault at each that differs.
fn compare_table(
    resolver: &mut Resolver<'_, '_>,
    season: &SeasonInfo,
    stored: &[crate::record::standings::TableLine<i64>],
    found: &FoundRows<'_>,
    column: &dyn Fn(&str) -> Option<Column>,
) -> Result<(), Vec<RowError>> {
    let first = found.first().map_or(0, |(r, _, _)| r.line);
    let mut errors = Vec::new();
    for (i, (row, here, team)) in found.iter().enumerate() {
        // The column of the first figure that differs (the team's, for another team).
        let mut at = None;
        let message = match stored.get(i) {
            Some(there) if there.team != here.team => {
                at = column("team");
                format!(
                "line {} of {}'s table is stored already as another team's: {} is not where the stored table has it",
                i + 1,
                season.name,
                team.name
            )
            }
            Some(there) => match table_compared(there, here) {
                None => continue,
                Some((first, words)) => {
                    at = column(first);
                    format!(
                        "{}'s line in {}'s table is stored already with other figures: {words}",
                        team.name, season.name
                    )
                }
            },
            None => format!(
                "{}'s table is stored already with {} lines: {} is not in it",
                season.name,
                stored.len(),
                team.name
            ),
        };
        errors.push(RowError::new(row.line, at, message));
    }
    if found.len() < stored.len() && errors.is_empty() {
        errors.push(RowError::new(
            first,
            None,
            format!(
                "{}'s table is stored already with {} lines, and this one has {}",
                season.name,
                stored.len(),
                found.len()
            ),
        ));
    }
    if errors.is_empty() {
        resolver.report.tables_kept += 1;
        Ok(())
    } else {
        Err(errors)
    }
}
