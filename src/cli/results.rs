//! `don import FILE.csv --league L` and `don export --league L --season S`: league results as
//! CSV (docs/formats.md#results-csv: matches, nights, rosters, adjustments, and the
//! configuration and fixtures shapes beside them, with optional columns for how a night stands and a night
//! left incomplete). An import is one
//! change: every row checked against its season's configuration, every fault named by file,
//! line and column, and nothing kept if anything is wrong.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use don::league::import::{
    adjustments, config_rows, configurations, nights_from_matches, nights_from_totals,
    standing_with, unknown_fixture_names, unknown_names, DraftNight, Drafts, NameMemo, Named,
    RowError,
};
use don::league::names::name_key;
use don::league::{HomeAway, NightResult};
use don::record::results::{
    column_of, read_results_lenient, write_adjustments, write_configuration, write_fixtures,
    write_matches, write_nights, write_rosters, AdjustmentChange, AdjustmentRow, Column,
    FixtureRow, MatchRow, NightRow, ResultsFile, RosterRow, Rows, Shape,
};
use don::store::{DraftRoster, Resolver, Store};

use super::error::{CliError, Done};
use super::text::shown;

/// A results file read, with its name.
struct Read {
    name: String,
    file: ResultsFile,
}

/// "results.csv, line 14, column 9 (home_legs): …"
fn place(file: &str, e: &RowError) -> String {
    let mut s = format!("{}, line {}", shown(file), e.line);
    if let Some(c) = &e.column {
        s.push_str(&format!(", column {} ({})", c.index, c.name));
    }
    format!("{s}: {}", shown(&e.message))
}

/// A fault and the file it is in.
type Fault = (String, RowError);

/// What a file to import must be: a regular file, or a pipe (`<(…)`, a FIFO) the user named;
/// not a device, a folder or a socket (through a link or not), which are refused by name.
pub(super) fn readable(path: &Path, name: &str) -> Result<(), CliError> {
    use std::os::unix::fs::FileTypeExt;
    let kind = std::fs::metadata(path)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", shown(name))))?
        .file_type();
    let what = if kind.is_file() || kind.is_fifo() {
        return Ok(());
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a file"
    };
    let link = std::fs::read_link(path)
        .map(|to| format!(" (a link to {})", shown(&to.display().to_string())))
        .unwrap_or_default();
    Err(CliError::Usage(format!(
        "cannot read {}{link}: it is {what}, not a file or a pipe",
        shown(name)
    )))
}

fn read_all(files: &[PathBuf]) -> Result<(Vec<Read>, Vec<Fault>), CliError> {
    let mut read = Vec::new();
    let mut faults = Vec::new();
    for path in files {
        let name = path.display().to_string();
        readable(path, &name)?;
        let file = std::fs::File::open(path)
            .map_err(|e| CliError::Usage(format!("cannot read {name}: {e}")))?;
        let (file, errors) = match read_results_lenient(io::BufReader::new(file)) {
            Ok((file, errors)) => (Some(file), errors),
            Err(errors) => (None, errors),
        };
        for e in errors {
            let e = RowError {
                line: e.line,
                column: e.column,
                message: e.message,
            };
            faults.push((name.clone(), e));
        }
        if let Some(file) = file {
            read.push(Read { name, file });
        }
    }
    Ok((read, faults))
}

/// Imports results files into a league, all or nothing.
pub fn import(
    store: &mut Store,
    files: &[PathBuf],
    league: Option<&str>,
    create: bool,
    dry_run: bool,
    new_players: &[String],
) -> Result<Done, CliError> {
    let (read, mut faults) = read_all(files)?;
    // Files whose reading stopped at the most faults kept from one file.
    let stopped: Vec<String> = read
        .iter()
        .filter(|r| r.file.stopped)
        .map(|r| shown(&r.name).into_owned())
        .collect();
    let change = store.change("import")?;
    change.defer_references()?;
    let mut made_league = false;
    let league = match change.leagues().find(league) {
        Ok(l) => l,
        Err(_) if create && league.is_some() => {
            made_league = true;
            let name = league.unwrap_or_default();
            change.add_league(name, &don::league::Config::default())?
        }
        Err(don::store::StoreError::League(e @ don::league::LeagueError::NotFound(_)))
            if !create =>
        {
            return Err(CliError::Usage(format!("{e} (--create makes it)")))
        }
        Err(e) => return Err(e.into()),
    };
    let league_name = league.name.clone();
    let mut resolver = Resolver::new(&change, league, create)?;
    resolver.league_made = made_league;
    resolver.new_players = new_players.to_vec();
    resolver.named_in_files = named_in(&read);
    // To tell a `--new-player` that names no player of the files (a slip of its own, likely).
    let named = players_in(&read);
    for r in &read {
        if let Rows::Rosters(rows) = &r.file.rows {
            let teams = rows.iter().map(|row| row.team.clone());
            resolver.rostered.extend(teams);
        }
    }
    let mut warnings: Vec<Fault> = Vec::new();
    // Configuration first, then rosters, then fixtures, then nights, then adjustments:
    // whatever order the files are named in.
    let mut read = read;
    for shape in [
        Shape::Configuration,
        Shape::Rosters,
        Shape::Fixtures,
        Shape::Matches,
        Shape::Nights,
        Shape::Adjustments,
    ] {
        for r in read.iter_mut().filter(|r| r.file.shape() == shape) {
            resolver.file = r.name.clone();
            let header = std::mem::take(&mut r.file.header);
            let column = |name: &str| column_of(&header, name);
            let mut fail = |e: RowError| faults.push((r.name.clone(), e));
            let mut warn = |e: RowError| warnings.push((r.name.clone(), e));
            match &mut r.file.rows {
                Rows::Configuration(rows) => {
                    let (drafts, errors) = configurations(rows, &column);
                    errors.into_iter().for_each(&mut fail);
                    for d in &drafts {
                        if let Err(e) = resolver.configuration(d, &column) {
                            fail(e);
                        }
                    }
                }
                Rows::Rosters(rows) => {
                    let mut memo = NameMemo::default();
                    for row in rows.iter() {
                        let unknown = unknown_names(
                            &resolver,
                            &mut memo,
                            row.line,
                            &row.season,
                            &row.team,
                            &row.faulty,
                            &column,
                        );
                        if !unknown.is_empty() || !row.faulty.is_empty() {
                            unknown.into_iter().for_each(&mut fail);
                            continue;
                        }
                        let draft = DraftRoster {
                            line: row.line,
                            season: row.season.clone(),
                            team: row.team.clone(),
                            player: row.player.clone(),
                        };
                        if let Err(e) = resolver.roster(&draft, &column) {
                            fail(e);
                        }
                    }
                }
                Rows::Fixtures(rows) => {
                    let mut memo = NameMemo::default();
                    let mut repeated: std::collections::HashMap<u64, _> =
                        don::league::import::repeated_fixtures(rows, &column)
                            .into_iter()
                            .map(|e| (e.line, e))
                            .collect();
                    for row in rows.iter() {
                        if let Some(e) = repeated.remove(&row.line) {
                            fail(e);
                            continue;
                        }
                        let unknown = unknown_fixture_names(
                            &resolver,
                            &mut memo,
                            row.line,
                            &row.season,
                            &row.home,
                            &row.away,
                            &row.faulty,
                            &column,
                        );
                        if !unknown.is_empty() || !row.faulty.is_empty() {
                            unknown.into_iter().for_each(&mut fail);
                            continue;
                        }
                        if let Err(e) = resolver.fixture(row, &column) {
                            fail(e);
                        }
                    }
                }
                Rows::Matches(rows) => {
                    let rows = std::mem::take(rows);
                    resolver.load_players()?;
                    let Drafts {
                        nights,
                        errors,
                        warnings,
                    } = nights_from_matches(rows, &resolver, &column);
                    errors.into_iter().for_each(&mut fail);
                    warnings.into_iter().for_each(&mut warn);
                    keep_nights(&mut resolver, &nights, &column, &mut fail);
                }
                Rows::Nights(rows) => {
                    let Drafts {
                        nights,
                        errors,
                        warnings,
                    } = nights_from_totals(rows, &resolver, &column);
                    errors.into_iter().for_each(&mut fail);
                    warnings.into_iter().for_each(&mut warn);
                    keep_nights(&mut resolver, &nights, &column, &mut fail);
                }
                Rows::Adjustments(rows) => {
                    let mut memo = NameMemo::default();
                    for (a, row) in adjustments(rows).into_iter().zip(rows.iter()) {
                        let unknown = unknown_names(
                            &resolver,
                            &mut memo,
                            row.line,
                            &row.season,
                            &row.team,
                            &row.faulty,
                            &column,
                        );
                        if !unknown.is_empty() || !row.faulty.is_empty() {
                            unknown.into_iter().for_each(&mut fail);
                            continue;
                        }
                        if let Err(e) = resolver.adjustment(&a, &column) {
                            fail(e);
                        }
                    }
                }
            }
        }
    }
    let mut err = io::stderr().lock();
    // File by file (in the order named), line by line, each line's column by column.
    let order = |name: &str| files.iter().position(|f| f.display().to_string() == name);
    let key = |(name, e): &Fault| {
        (
            order(name),
            e.line,
            e.column.as_ref().map_or(usize::MAX, |c| c.index),
        )
    };
    warnings.sort_by_key(key);
    for (name, e) in warnings.iter().take(200) {
        writeln!(err, "warning: {}", place(name, e))?;
    }
    let unused = new_players.iter().filter(|n| !named.contains(&name_key(n)));
    for name in unused {
        writeln!(
            err,
            "warning: --new-player '{}' names no player of the import: it was not used",
            shown(name)
        )?;
    }
    if !faults.is_empty() {
        faults.sort_by_key(key);
        for (name, e) in faults.iter().take(200) {
            writeln!(err, "{}", place(name, e))?;
        }
        if faults.len() > 200 {
            writeln!(err, "… and {} more", faults.len() - 200)?;
        }
        let more = if stopped.is_empty() {
            String::new()
        } else {
            format!(
                ", and more: reading {} stopped after {} errors",
                stopped.join(", "),
                don::record::results::MAX_ERRORS
            )
        };
        writeln!(
            err,
            "Nothing imported: {}{more}.",
            super::text::count(faults.len() as i64, "error", "errors")
        )?;
        return Ok(Done::BadData);
    }
    let report = resolver.report.clone();
    let mut said = Vec::new();
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    said.push(count(report.nights_added, "night", "nights"));
    if report.fixtures_added > 0 {
        said.push(count(report.fixtures_added, "fixture", "fixtures"));
    }
    if report.adjustments_added > 0 {
        said.push(count(report.adjustments_added, "adjustment", "adjustments"));
    }
    if report.roster_places > 0 {
        said.push(count(report.roster_places, "roster place", "roster places"));
    }
    if report.configs_set > 0 {
        said.push(count(
            report.configs_set,
            "season's configuration",
            "seasons' configurations",
        ));
    }
    let mut summary = format!("{}: {}", league_name, said.join(", "));
    if !report.seasons_made.is_empty() {
        summary.push_str(&format!(
            "; new {} {}",
            if report.seasons_made.len() == 1 {
                "season"
            } else {
                "seasons"
            },
            report.seasons_made.join(", ")
        ));
    }
    if !report.teams_made.is_empty() {
        summary.push_str(&format!(
            "; {}",
            count(report.teams_made.len(), "new team", "new teams")
        ));
    }
    let kept =
        report.nights_kept + report.adjustments_kept + report.configs_kept + report.fixtures_kept;
    let mut out = io::stdout().lock();
    if made_league {
        summary = format!("new league {summary}");
    }
    if made_league && report.configs_read == 0 {
        eprintln!(
            "note: the new league has Abercarn's configuration; for another, make it first with `don league new` (see `don league set --help`)"
        );
    }
    if !made_league && !resolver.changes_anything() {
        drop(change);
        writeln!(out, "Nothing to import: all {kept} already there.")?;
        return Ok(Done::Ok);
    }
    if dry_run {
        drop(change);
        writeln!(out, "Would import {}.", shown(&summary))?;
    } else {
        change.commit(&format!("imported {summary}"), None)?;
        writeln!(out, "Imported {}.", shown(&summary))?;
    }
    if kept > 0 {
        writeln!(out, "{kept} already there, passed over.")?;
    }
    Ok(Done::Ok)
}

/// The seasons and teams the files name, each once (as first written).
fn named_in(read: &[Read]) -> Vec<(Named, String)> {
    let mut out: Vec<(Named, String)> = Vec::new();
    let mut keys = std::collections::HashSet::new();
    let mut add = |what: Named, name: &str| {
        if !name.is_empty() && keys.insert((what, name_key(name))) {
            out.push((what, name.to_string()));
        }
    };
    for r in read {
        match &r.file.rows {
            Rows::Matches(rows) => rows.iter().for_each(|r| {
                add(Named::Season, &r.season);
                add(Named::Team, &r.home);
                add(Named::Team, &r.away);
            }),
            Rows::Nights(rows) => rows.iter().for_each(|r| {
                add(Named::Season, &r.season);
                add(Named::Team, &r.home);
                add(Named::Team, &r.away);
            }),
            Rows::Rosters(rows) => rows.iter().for_each(|r| {
                add(Named::Season, &r.season);
                add(Named::Team, &r.team);
            }),
            Rows::Adjustments(rows) => rows.iter().for_each(|r| {
                add(Named::Season, &r.season);
                add(Named::Team, &r.team);
            }),
            Rows::Configuration(rows) => rows.iter().for_each(|r| add(Named::Season, &r.season)),
            Rows::Fixtures(rows) => rows.iter().for_each(|r| {
                add(Named::Season, &r.season);
                add(Named::Team, &r.home);
                add(Named::Team, &r.away);
            }),
        }
    }
    out
}

/// The players the files name (name keys): in matches and rosters.
fn players_in(read: &[Read]) -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    for r in read {
        match &r.file.rows {
            Rows::Matches(rows) => {
                for row in rows {
                    let both = row.home_players.iter().chain(&row.away_players);
                    out.extend(both.map(|p| name_key(p)));
                }
            }
            Rows::Rosters(rows) => out.extend(rows.iter().map(|row| name_key(&row.player))),
            _ => {}
        }
    }
    out
}

fn keep_nights(
    resolver: &mut Resolver,
    nights: &[DraftNight],
    column: &dyn Fn(&str) -> Option<Column>,
    fail: &mut dyn FnMut(RowError),
) {
    for n in nights {
        if let Err(e) = resolver.night(n, column) {
            fail(e);
        }
    }
}

/// The shapes `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportShape {
    Matches,
    Nights,
    Adjustments,
    Rosters,
    Configuration,
    /// The season's fixtures, played or not (as `fixtures list` has them).
    Fixtures,
}

/// Exports a season's results: one shape to standard output or `out`, or every shape that has
/// rows into `dir` as SEASON-SHAPE.csv.
pub fn export(
    store: &Store,
    league: Option<&str>,
    season: Option<&str>,
    shape: Option<ExportShape>,
    out: Option<&Path>,
    dir: Option<&Path>,
    force: bool,
) -> Result<Done, CliError> {
    let league = store.leagues().find(league)?;
    let today = chrono::Local::now().date_naive();
    let season = store.leagues().current_season(&league, season, today)?;
    let reader = store.leagues();
    let fixtures = reader.fixtures(season.id)?;
    let confirmed_by = reader.confirmed_entered_by(season.id)?;
    let standing =
        |f: &don::store::Fixture| standing_with(&f.confirmation, confirmed_by.get(&f.id).copied());
    let mut matches = Vec::new();
    let mut nights = Vec::new();
    // Every fixture, written (as a fixtures file) only when some are still to play: a season
    // part-way keeps its schedule.
    let schedule: Vec<FixtureRow> = fixtures
        .iter()
        .filter(|f| !f.cancelled)
        .map(|f| FixtureRow {
            line: 0,
            season: season.name.clone(),
            date: f.date,
            home: f.home.name.clone(),
            away: f.away.name.clone(),
            round: f.round,
            faulty: Vec::new(),
        })
        .collect();
    let to_play = fixtures.iter().any(|f| !f.cancelled && f.result.is_none());
    for f in fixtures.iter().filter(|f| !f.cancelled) {
        match &f.result {
            None => {}
            Some(NightResult::Matches(ms)) => {
                let mut ms = ms.clone();
                let order = |k| {
                    season
                        .config
                        .night
                        .iter()
                        .position(|c| c.kind == k)
                        .unwrap_or(usize::MAX)
                };
                ms.sort_by_key(|m| (order(m.kind), m.slot));
                let incomplete = !don::league::night::is_complete(&season.config, &ms);
                for m in ms {
                    matches.push(MatchRow {
                        line: 0,
                        season: season.name.clone(),
                        date: f.date,
                        home: f.home.name.clone(),
                        away: f.away.name.clone(),
                        kind: m.kind.to_string(),
                        slot: m.slot,
                        home_players: m.players.home.clone(),
                        away_players: m.players.away.clone(),
                        home_legs: m.legs.home,
                        away_legs: m.legs.away,
                        leg_scores: m
                            .leg_scores
                            .iter()
                            .map(|l| (l.score.home, l.score.away))
                            .collect(),
                        incomplete,
                        standing: standing(f),
                        faulty: Vec::new(),
                    });
                }
            }
            Some(NightResult::Totals(t)) => nights.push(night_row(
                &season.name,
                f,
                t.home,
                t.away,
                false,
                standing(f),
            )),
            Some(NightResult::Walkover(side)) => {
                let w = season.config.walkover_matches();
                let (h, a) = if *side == HomeAway::Home {
                    (w, 0)
                } else {
                    (0, w)
                };
                nights.push(night_row(&season.name, f, h, a, true, standing(f)));
            }
        }
    }
    let entries = reader.entries(season.id)?;
    let name_of = |id: i64| {
        entries
            .iter()
            .find(|e| e.team.id == id)
            .map_or_else(String::new, |e| e.team.name.clone())
    };
    let mut adjustments: Vec<AdjustmentRow> = reader
        .adjustments(season.id)?
        .into_iter()
        .map(|a| AdjustmentRow {
            line: 0,
            season: season.name.clone(),
            date: a.date,
            team: name_of(a.team),
            change: AdjustmentChange::Points(a.points),
            reason: a.reason,
            faulty: Vec::new(),
        })
        .collect();
    for e in &entries {
        if let Some(d) = e.withdrawn {
            adjustments.push(AdjustmentRow {
                line: 0,
                season: season.name.clone(),
                date: d,
                team: e.team.name.clone(),
                change: AdjustmentChange::Withdrawn,
                reason: String::new(),
                faulty: Vec::new(),
            });
        }
    }
    adjustments.sort_by(|a, b| a.date.cmp(&b.date).then(a.team.cmp(&b.team)));
    let rosters: Vec<RosterRow> = entries
        .iter()
        .flat_map(|e| {
            e.roster.iter().map(|p| RosterRow {
                line: 0,
                season: season.name.clone(),
                team: e.team.name.clone(),
                player: p.clone(),
                faulty: Vec::new(),
            })
        })
        .collect();
    let configuration = config_rows(&season.name, &season.config);
    let write = |shape: ExportShape, w: &mut dyn Write| -> io::Result<()> {
        match shape {
            ExportShape::Matches => write_matches(&matches, &mut *w),
            ExportShape::Nights => write_nights(&nights, &mut *w),
            ExportShape::Adjustments => write_adjustments(&adjustments, &mut *w),
            ExportShape::Rosters => write_rosters(&rosters, &mut *w),
            ExportShape::Configuration => write_configuration(&configuration, &mut *w),
            ExportShape::Fixtures => write_fixtures(&schedule, &mut *w),
        }?;
        w.flush()
    };
    if let Some(dir) = dir {
        let all = [
            (
                ExportShape::Configuration,
                configuration.len(),
                "configuration",
            ),
            (ExportShape::Rosters, rosters.len(), "rosters"),
            (
                ExportShape::Fixtures,
                if to_play { schedule.len() } else { 0 },
                "fixtures",
            ),
            (ExportShape::Matches, matches.len(), "matches"),
            (ExportShape::Nights, nights.len(), "nights"),
            (ExportShape::Adjustments, adjustments.len(), "adjustments"),
        ];
        let wanted: Vec<(ExportShape, usize, String)> = all
            .into_iter()
            .filter(|(_, n, _)| *n > 0)
            .map(|(shape, n, word)| (shape, n, format!("{}-{word}.csv", file_safe(&season.name))))
            .collect();
        let writers: Vec<_> = wanted
            .iter()
            .map(|(shape, _, _)| {
                let shape = *shape;
                move |w: &mut dyn Write| write(shape, w)
            })
            .collect();
        let files: Vec<don::publish::out::SetFile<'_>> = wanted
            .iter()
            .zip(&writers)
            .map(|((_, _, name), w)| (name.clone(), w as &dyn Fn(&mut dyn Write) -> io::Result<()>))
            .collect();
        let written =
            don::publish::out::write_set(dir, store.path(), force, &files).map_err(|e| {
                let hint = e.hint_as(don::publish::out::Role::OutDir);
                CliError::Hinted {
                    error: Box::new(CliError::Out(e)),
                    hint,
                }
            })?;
        for ((_, n, _), path) in wanted.iter().zip(&written) {
            eprintln!(
                "Wrote {} to {}.",
                super::text::count(*n as i64, "row", "rows"),
                path.display()
            );
        }
        return Ok(Done::Ok);
    }
    let shape = shape.unwrap_or(ExportShape::Matches);
    match out {
        Some(path) => write_atomically(store.path(), path, force, &|w| write(shape, w))?,
        None => write(shape, &mut BufWriter::new(io::stdout().lock()))?,
    }
    Ok(Done::Ok)
}

fn night_row(
    season: &str,
    f: &don::store::Fixture,
    h: u32,
    a: u32,
    walkover: bool,
    standing: don::record::results::Standing,
) -> NightRow {
    NightRow {
        line: 0,
        season: season.to_string(),
        date: f.date,
        home: f.home.name.clone(),
        away: f.away.name.clone(),
        home_points: h,
        away_points: a,
        walkover,
        standing,
        faulty: Vec::new(),
    }
}

/// A season's name as part of a file name.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// Writes a file whole or not at all (never the database, through links, straight into a pipe:
/// [`don::publish::out`]).
fn write_atomically(
    database: &Path,
    path: &Path,
    force: bool,
    write: &dyn Fn(&mut dyn Write) -> io::Result<()>,
) -> Result<(), CliError> {
    don::publish::out::write_out(path, database, force, &mut |w| write(w))?;
    Ok(())
}
