//! League results imported from and exported to CSV (FORMAT.md §3).
//!
//! An import is one change: the files read (by the front end) are taken shape by shape
//! (configuration, rosters, fixtures, nights, adjustments, whatever order they are named in),
//! every row checked against its season's configuration and the league's names, every fault
//! kept with its file, line and column, and nothing kept if anything is wrong. An export
//! (`results/export.rs`) gives a season's rows, shape by shape, for the front end to write.

pub mod import;

use std::collections::{HashMap, HashSet};

use crate::app::league::checked;
use crate::app::names::{ChosenName, Unresolved};
use crate::app::{App, AppError, ErrorKind};
use crate::league::import::{
    configurations, nights_from_matches, nights_from_totals, repeated_fixtures, unknown_names,
    Drafts, NameKind, NameMemo,
};
use crate::league::names::name_key;
use crate::league::Config;
use crate::record::results::{column_of, Column, ResultsFile, RowError, Rows, Shape};
use crate::record::text::count;
use crate::store::{Change, LeagueInfo, StoreError};

pub mod error;
mod export;
mod past;
mod resolve;
pub mod workbook;

pub use error::ResultsError;
pub use export::{ExportFile, SeasonResults};
pub use resolve::ImportReport;
use resolve::Resolver;

// The kind of a refusal here, beside the things refused (the error itself is in a
// file of its own, which [`AppError`] names without naming this one).
impl ResultsError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            ResultsError::NoLeague { .. } => ErrorKind::NotFound,
        }
    }
}

/// A results file read, with its name.
pub struct ResultsRead {
    pub name: String,
    pub file: ResultsFile,
}

/// A fault and the file it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileFault {
    pub file: String,
    pub error: RowError,
}

/// The files of an import as the front end read them.
#[derive(Default)]
pub struct ResultsFiles {
    /// Every file's name, in the order named (faults are given in this order).
    pub named: Vec<String>,
    /// The files that could be read, in the order named.
    pub read: Vec<ResultsRead>,
    /// The faults found in reading them.
    pub faults: Vec<FileFault>,
}

impl ResultsFiles {
    /// Takes a file (or a workbook's sheet) as read: its rows, if they could be read, and the
    /// faults found reading it.
    pub fn take(&mut self, name: &str, read: Result<(ResultsFile, Vec<RowError>), Vec<RowError>>) {
        let (file, errors) = match read {
            Ok((file, errors)) => (Some(file), errors),
            Err(errors) => (None, errors),
        };
        let fault = |error| FileFault {
            file: name.to_string(),
            error,
        };
        self.named.push(name.to_string());
        self.faults.extend(errors.into_iter().map(fault));
        if let Some(file) = file {
            let name = name.to_string();
            self.read.push(ResultsRead { name, file });
        }
    }
}

/// How to import.
#[derive(Clone, Copy, Debug, Default)]
pub struct ImportAsk<'a> {
    /// The league to import into (none: the only one there is).
    pub league: Option<&'a str>,
    /// Make the league, its seasons and its teams where they are not there.
    pub create: bool,
    /// Check and tell, but keep nothing.
    pub dry_run: bool,
    /// Names said to be new players though close to a known one.
    pub new_players: &'a [String],
    /// What names of the files mean (`--map`, or chosen at the prompt): each kept as an alias
    /// of the team or player it means, in the import's change.
    pub choices: &'a [ChosenName],
    /// The season of a results grid whose top-left cell is empty (`--season`).
    pub season: Option<&'a str>,
    /// The division of its season that a results grid or final table is of (RULES.md §10).
    pub division: Option<&'a str>,
}

/// What an import did, or why it did nothing.
#[derive(Debug)]
pub struct ResultsImport {
    /// The warnings (file by file in the order named, line by line, column by column).
    pub warnings: Vec<FileFault>,
    /// The names given with `--new-player` that name no player of the files.
    pub unused_new_players: Vec<String>,
    /// `--season` was given, and no results grid of the files has an empty top-left cell.
    pub unused_season: bool,
    pub outcome: ImportOutcome,
}

/// How an import ended.
#[derive(Debug)]
pub enum ImportOutcome {
    /// Nothing was imported: the faults (in the warnings' order), and the files whose reading
    /// stopped at the most faults kept from one file.
    Refused {
        faults: Vec<FileFault>,
        stopped: Vec<String>,
        /// The names not known that wait for a choice (near a known one, or teams not to be
        /// made): `--map`, or the prompt, says what they mean.
        unresolved: Vec<Unresolved>,
    },
    /// Everything the files give was there already (`kept` of it).
    NothingNew { kept: usize },
    /// Imported (or, on a dry run, would be): `summary` in words ("new league Abercarn: 3
    /// nights; new season 2025-26"), as the log has it.
    Imported {
        summary: String,
        dry_run: bool,
        /// What was there already, passed over.
        kept: usize,
        /// The league was made with the default configuration (no file gave one).
        default_config: bool,
    },
}

impl App {
    /// Imports results files into a league, all or nothing, in one change.
    pub fn results_import(
        &mut self,
        files: ResultsFiles,
        ask: &ImportAsk<'_>,
    ) -> Result<ResultsImport, AppError> {
        let ResultsFiles {
            named,
            mut read,
            mut faults,
        } = files;
        let stopped: Vec<String> = read
            .iter()
            .filter(|r| r.file.stopped)
            .map(|r| r.name.clone())
            .collect();
        // Not used: no grid here takes it. A grid naming another season is a fault of its
        // own, said once (not warned of as well).
        let unused_season = ask.season.is_some_and(|asked| {
            !read.iter().any(|r| match &r.file.rows {
                Rows::Grid(g) => g
                    .season
                    .as_deref()
                    .is_none_or(|own| name_key(own) != name_key(asked)),
                _ => false,
            })
        });
        let change = self.store.change("import")?;
        change.defer_references()?;
        let (league, made_league) = league_to_import_into(&change, ask.league, ask.create)?;
        let league_name = league.name.clone();
        let mut resolver = Resolver::new(&change, league, ask.create)?;
        resolver.league_made = made_league;
        resolver.new_players = ask.new_players.to_vec();
        resolver.division = ask.division.map(str::to_string);
        resolver.choices = ask
            .choices
            .iter()
            .map(|c| (name_key(&c.name), c.clone()))
            .collect();
        let players = names_in(&read, &mut resolver);
        let mut warnings = Vec::new();
        // A name given twice with different meanings.
        let mut given: HashMap<String, &ChosenName> = HashMap::new();
        for c in ask.choices {
            let key = name_key(&c.name);
            match given.get(&key) {
                Some(first) if first.choice != c.choice => faults.push(resolve::of_choice(c, format!(
                    "'{}' is given again with another meaning (first at line {}): give each name once",
                    c.name, first.line
                ))),
                Some(_) => {}
                None => {
                    given.insert(key, c);
                }
            }
        }
        let (choice_faults, choice_warnings) = resolver.apply_player_choices(&players)?;
        faults.extend(choice_faults);
        warnings.extend(choice_warnings);
        for shape in SHAPE_ORDER {
            for r in read.iter_mut().filter(|r| r.file.shape() == shape) {
                let mut found = Found {
                    file: &r.name,
                    faults: &mut faults,
                    warnings: &mut warnings,
                    memo: NameMemo::default(),
                };
                import_file(&mut resolver, &change, ask.season, &mut r.file, &mut found)?;
            }
        }
        let key = |f: &FileFault| {
            let at = named.iter().position(|n| *n == f.file);
            let column = f.error.column.as_ref().map_or(usize::MAX, |c| c.index);
            (at, f.error.line, column)
        };
        warnings.sort_by_key(key);
        let unused_new_players = ask
            .new_players
            .iter()
            .filter(|n| !players.contains(&name_key(n)))
            .cloned()
            .collect();
        let outcome = if !faults.is_empty() {
            faults.sort_by_key(key);
            let unresolved = resolver.unresolved();
            ImportOutcome::Refused {
                faults,
                stopped,
                unresolved,
            }
        } else {
            let report = resolver.report.clone();
            let kept = report.kept();
            if !made_league && !resolver.changes_anything() {
                ImportOutcome::NothingNew { kept }
            } else {
                let summary = summary(&league_name, made_league, &report);
                if !ask.dry_run {
                    change.commit(&format!("imported {summary}"), None)?;
                }
                ImportOutcome::Imported {
                    summary,
                    dry_run: ask.dry_run,
                    kept,
                    default_config: made_league && report.configs_read == 0,
                }
            }
        };
        Ok(ResultsImport {
            warnings,
            unused_new_players,
            unused_season,
            outcome,
        })
    }
}

/// The order shapes are imported in, whatever order the files are named in.
const SHAPE_ORDER: [Shape; 8] = [
    Shape::Configuration,
    Shape::Rosters,
    Shape::Fixtures,
    Shape::Matches,
    Shape::Nights,
    Shape::Adjustments,
    // The past after the dated nights: a grid's night already entered with its date is found.
    Shape::Grid,
    Shape::Table,
];

/// The league an import goes into: the one named (made, if asked and it is not there), or the
/// only one there is; and whether this import made it.
fn league_to_import_into(
    change: &Change<'_>,
    name: Option<&str>,
    create: bool,
) -> Result<(LeagueInfo, bool), AppError> {
    let Some(name) = name else {
        return Ok((crate::app::league::which::league(change, None)?, false));
    };
    let key = name_key(name);
    let leagues = change.leagues()?;
    if let Some(league) = leagues.into_iter().find(|l| name_key(&l.name) == key) {
        return Ok((league, false));
    }
    if create {
        return Ok((checked::add_league(change, name, &Config::default())?, true));
    }
    match crate::app::league::which::league(change, Some(name)) {
        Ok(league) => Ok((league, false)),
        Err(AppError::League(not_found)) => Err(ResultsError::NoLeague { not_found }.into()),
        Err(e) => Err(e),
    }
}

/// Where the faults and warnings of one file go.
struct Found<'f> {
    file: &'f str,
    faults: &'f mut Vec<FileFault>,
    warnings: &'f mut Vec<FileFault>,
    /// The file's names looked up so far.
    memo: NameMemo,
}

impl Found<'_> {
    fn fault(&mut self, error: RowError) {
        let file = self.file.to_string();
        self.faults.push(FileFault { file, error });
    }

    fn warning(&mut self, error: RowError) {
        let file = self.file.to_string();
        self.warnings.push(FileFault { file, error });
    }

    fn faults(&mut self, errors: Vec<RowError>) {
        errors.into_iter().for_each(|e| self.fault(e));
    }

    /// Whether a row's names (`cells`) are known (or to be made) and its cells read: a row with
    /// a name that is not known, or a cell that cannot be read, is a fault (each name said
    /// once in the file), and is not kept.
    fn names_known(
        &mut self,
        resolver: &Resolver<'_, '_>,
        line: u64,
        cells: &[NameCell<'_>],
        faulty: &[&'static str],
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> bool {
        let (unknown, refused) =
            unknown_names(resolver, &mut self.memo, line, cells, faulty, column);
        let known = !refused && faulty.is_empty();
        self.faults(unknown);
        known
    }

    /// A row's result: its fault, if it has one.
    fn of(&mut self, kept: Result<(), RowError>) {
        if let Err(e) = kept {
            self.fault(e);
        }
    }
}

/// Checks and keeps one file's rows.
fn import_file(
    resolver: &mut Resolver<'_, '_>,
    change: &Change<'_>,
    season: Option<&str>,
    file: &mut ResultsFile,
    found: &mut Found<'_>,
) -> Result<(), StoreError> {
    resolver.file = found.file.to_string();
    let header = std::mem::take(&mut file.header);
    let column = |name: &str| column_of(&header, name);
    resolver.division_cells = std::mem::take(&mut file.divisions).into_iter().collect();
    match &mut file.rows {
        Rows::Configuration(rows) => {
            let (drafts, errors) = configurations(rows, &column);
            found.faults(errors);
            for d in &drafts {
                found.of(resolver.configuration(d, &column));
            }
        }
        Rows::Rosters(rows) => {
            for row in rows {
                let cells = [season_cell(&row.season), team_cell("team", &row.team)];
                if found.names_known(resolver, row.line, &cells, &row.faulty, &column) {
                    found.of(resolver.roster(row, &column));
                }
            }
        }
        Rows::Fixtures(rows) => {
            let mut repeated: HashMap<u64, RowError> = repeated_fixtures(rows, &column)
                .into_iter()
                .map(|e| (e.line, e))
                .collect();
            for row in rows {
                if let Some(e) = repeated.remove(&row.line) {
                    found.fault(e);
                    continue;
                }
                let (home, away) = (team_cell("home", &row.home), team_cell("away", &row.away));
                let cells = [season_cell(&row.season), home, away];
                if found.names_known(resolver, row.line, &cells, &row.faulty, &column) {
                    found.of(resolver.fixture(row, &column));
                }
            }
        }
        Rows::Matches(rows) => {
            resolver.load_players()?;
            let drafts = nights_from_matches(std::mem::take(rows), resolver, &column);
            keep_nights(resolver, drafts, &column, found);
        }
        Rows::Nights(rows) => {
            let drafts = nights_from_totals(rows, resolver, &column);
            keep_nights(resolver, drafts, &column, found);
        }
        Rows::Adjustments(rows) => {
            for row in rows {
                let cells = [season_cell(&row.season), team_cell("team", &row.team)];
                if found.names_known(resolver, row.line, &cells, &row.faulty, &column) {
                    found.of(resolver.adjustment(row, &column));
                }
            }
        }
        Rows::Grid(grid) => past::import_grid(resolver, change, grid, season, found),
        Rows::Table(rows) => past::import_tables(resolver, change, rows, &column, found),
    }
    Ok(())
}

/// A row's cell that names a season or a team: its column, what it names, the name.
type NameCell<'r> = (&'static str, NameKind, &'r str);

fn season_cell(season: &str) -> NameCell<'_> {
    ("season", NameKind::Season, season)
}

fn team_cell<'r>(column: &'static str, team: &'r str) -> NameCell<'r> {
    (column, NameKind::Team, team)
}

fn keep_nights(
    resolver: &mut Resolver<'_, '_>,
    drafts: Drafts,
    column: &dyn Fn(&str) -> Option<Column>,
    found: &mut Found<'_>,
) {
    let Drafts {
        nights,
        errors,
        warnings,
    } = drafts;
    found.faults(errors);
    warnings.into_iter().for_each(|w| found.warning(w));
    for n in &nights {
        found.of(resolver.night(n, column));
    }
}

/// What an import does, in words: "new league Abercarn: 3 nights, 2 fixtures; new season
/// 2025-26; 4 new teams".
fn summary(league: &str, made_league: bool, report: &ImportReport) -> String {
    let mut said = Vec::new();
    if report.nights_added > 0 || report.tables_added == 0 {
        said.push(count(report.nights_added, "night", "nights"));
    }
    let mut say = |n: usize, one: &str, many: &str| {
        if n > 0 {
            said.push(count(n, one, many));
        }
    };
    say(report.fixtures_added, "fixture", "fixtures");
    say(report.tables_added, "final table", "final tables");
    say(report.divisions_made, "division", "divisions");
    say(report.adjustments_added, "adjustment", "adjustments");
    say(report.roster_places, "roster place", "roster places");
    say(
        report.aliases_added,
        "name kept as an alias",
        "names kept as aliases",
    );
    say(
        report.configs_set,
        "season's configuration",
        "seasons' configurations",
    );
    let mut summary = format!("{league}: {}", said.join(", "));
    if !report.seasons_made.is_empty() {
        let seasons = if report.seasons_made.len() == 1 {
            "season"
        } else {
            "seasons"
        };
        let made = report.seasons_made.join(", ");
        summary.push_str(&format!("; new {seasons} {made}"));
    }
    if !report.teams_made.is_empty() {
        let teams = count(report.teams_made.len(), "new team", "new teams");
        summary.push_str(&format!("; {teams}"));
    }
    if made_league {
        summary = format!("new league {summary}");
    }
    summary
}

/// Each season and team a file's rows name, row by row (its season, then its teams).
fn each_name(rows: &Rows, mut add: impl FnMut(NameKind, &str)) {
    let mut row = |season: &str, teams: &[&str]| {
        add(NameKind::Season, season);
        teams.iter().for_each(|t| add(NameKind::Team, t));
    };
    match rows {
        Rows::Matches(rows) => rows
            .iter()
            .for_each(|r| row(&r.season, &[&r.home, &r.away])),
        Rows::Nights(rows) => rows
            .iter()
            .for_each(|r| row(&r.season, &[&r.home, &r.away])),
        Rows::Fixtures(rows) => rows
            .iter()
            .for_each(|r| row(&r.season, &[&r.home, &r.away])),
        Rows::Rosters(rows) => rows.iter().for_each(|r| row(&r.season, &[&r.team])),
        Rows::Adjustments(rows) => rows.iter().for_each(|r| row(&r.season, &[&r.team])),
        Rows::Configuration(rows) => rows.iter().for_each(|r| row(&r.season, &[])),
        Rows::Table(rows) => rows.iter().for_each(|r| row(&r.season, &[&r.printed.team])),
        Rows::Grid(grid) => {
            row(grid.season.as_deref().unwrap_or(""), &[]);
            let teams = grid.home.iter().chain(&grid.away);
            teams.for_each(|t| row("", &[&t.name]));
        }
    }
}

/// Takes what the files name into the resolver: the seasons and teams, each once (as first
/// written), how many rows (or grid lines) name each team, and the teams with a roster; gives
/// the players they name (name keys), in matches and rosters.
fn names_in(read: &[ResultsRead], resolver: &mut Resolver<'_, '_>) -> HashSet<String> {
    let mut names: Vec<(NameKind, String)> = Vec::new();
    let mut keys = HashSet::new();
    let mut players = HashSet::new();
    for r in read {
        each_name(&r.file.rows, |what, name| {
            if name.is_empty() {
                return;
            }
            let key = name_key(name);
            if what == NameKind::Team {
                *resolver.team_uses.entry(key.clone()).or_default() += 1;
            }
            if keys.insert((what, key)) {
                names.push((what, name.to_string()));
            }
        });
        match &r.file.rows {
            Rows::Matches(rows) => {
                let both = rows
                    .iter()
                    .flat_map(|r| r.home_players.iter().chain(&r.away_players));
                players.extend(both.map(|p| name_key(p)));
            }
            Rows::Rosters(rows) => {
                players.extend(rows.iter().map(|row| name_key(&row.player)));
                let teams = rows.iter().map(|row| row.team.clone());
                resolver.rostered.extend(teams);
            }
            _ => {}
        }
    }
    resolver.index_named_in_files(&names);
    players
}
