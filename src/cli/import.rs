//! `don import FILE…`: game records into the database, all or nothing. Each record is checked
//! as `check` checks it (and its date must be a calendar date); any error, anywhere, and nothing
//! is imported. A record already stored (the same `id`, or without one the same content) is
//! passed over; the same `id` with other content is an error.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};

use don::app::game::StoredBy;
use don::app::results::import::{games_imported, Found, Progress, RecordFault, RecordsImported};
use don::app::results::ImportAsk;
use don::app::App;
use don::record::text::{count, shortened};

use super::check::open_all;
use super::db::DbArg;
use super::error::{CliError, Exit};
use super::text::shown;
use don::app::view::sheet::place;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  don import examples/*.json examples/season.jsonl\n  don import old-games.jsonl --dry-run\n  cat games.jsonl | don import -\n  don import examples/league/*.csv --league 'Abercarn Crib and Don League' --create"
)]
pub struct ImportArgs {
    /// Game records: .json (one record or a list) or .jsonl (one record per line); `-` reads
    /// standard input. Or league results: .csv files (matches or nights; also rosters
    /// `season,team,player`, adjustments `season,date,team,adjustment,reason` and configuration
    /// `season,setting,value`; see docs/formats.md#results-csv), or workbooks of them
    /// (.xlsx, .xlsm, .xlsb, .xls, .ods: each sheet read as its CSV would be; see
    /// docs/formats.md#workbooks)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Check everything and say what would be imported, changing nothing
    #[arg(long)]
    dry_run: bool,
    /// The league .csv results go into [needed when the database has more than one; default:
    /// $DON_LEAGUE]
    #[arg(long, short = 'l')]
    league: Option<String>,
    /// Make the league, seasons, teams and players the results name that are not there yet
    #[arg(long)]
    create: bool,
    /// A player new to the league whose name is close to one it knows (without it such a name
    /// in league results is refused as a slip: "did you mean …?"); repeat for each
    #[arg(long = "new-player", value_name = "NAME")]
    new_players: Vec<String>,
    /// What names of league results not known to the league mean: a .csv of `name,means` rows
    /// (`means` a known team's or player's name, kept as another name of it; or `new`)
    #[arg(long, value_name = "FILE.csv")]
    map: Option<PathBuf>,
    /// The season of a results grid whose top-left cell is empty (docs/formats.md)
    #[arg(long, value_name = "NAME")]
    season: Option<String>,
    /// The division of the season whose results grids and final tables these are (made if
    /// new, with --create)
    #[arg(long, value_name = "NAME")]
    division: Option<String>,
    #[command(flatten)]
    db: DbArg,
}

/// Files this big get a progress bar on a terminal.
const BAR_BYTES: u64 = 1 << 20;

/// A record's place: "games.jsonl, record 3 (line 3), id abc"; an id too long for a name
/// shortened, as the messages after it shorten it.
fn where_is(file: &str, index: usize, line: Option<usize>, id: Option<&str>) -> String {
    let mut at = format!("{}, record {}", shown(file), index + 1);
    if let Some(line) = line {
        at.push_str(&format!(" (line {line})"));
    }
    if let Some(id) = id {
        at.push_str(&format!(", id \"{}\"", shown(&shortened(id))));
    }
    at
}

/// A record's fault in words, with its place; a record stored already with other content
/// with what to do about it.
fn found_line(names: &[(PathBuf, String)], found: &Found) -> String {
    let a = &found.at;
    let at = where_is(&names[a.file].1, a.index, a.line, a.id.as_deref());
    match &found.fault {
        RecordFault::Checked(f) => {
            format!("{at}: {} [{}] {}", place(f), f.code, shown(&f.message))
        }
        RecordFault::Differs {
            game,
            first_difference,
            stored_by,
        } => {
            let undo = match stored_by {
                Some(StoredBy::Begun { op }) => {
                    format!(": game {game} was begun with `don new` (#{op}), not imported")
                }
                Some(StoredBy::Change { op, brief }) => {
                    format!(", or undo #{op} ({}), which stored it", shown(brief))
                }
                None => String::new(),
            };
            format!(
                "{at}: is already stored as game {game} with different content (first at `{first_difference}`); give it another id{undo}"
            )
        }
    }
}

/// A progress bar for a big file on a terminal; hidden otherwise.
fn bar_for(given: &std::path::Path, name: &str, terminal: bool) -> ProgressBar {
    let size = std::fs::metadata(given).map(|m| m.len()).unwrap_or(0);
    if !terminal || size < BAR_BYTES {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(size);
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} ({eta})")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(shown(name).into_owned());
    bar
}

/// Whether `path` names league results: a .csv file, or a workbook (.xlsx, .ods, …).
fn is_csv(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
        || don::record::sheet::is_book(path)
}

pub fn run(args: ImportArgs) -> Result<Exit, CliError> {
    let path = args.db.path()?;
    let existed = path.exists();
    // An empty file (as a test harness or `touch` leaves) is a database yet to be begun.
    let was_empty = existed && std::fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() == 0);
    let dry_run = args.dry_run;
    let result = import(args);
    // A dry run makes nothing on disk (its store is a copy in memory).
    if !dry_run && !matches!(result, Ok(Exit::Ok)) {
        if !existed {
            super::db::remove_if_unused(&path);
        } else if was_empty {
            super::db::empty_if_unused(&path);
        }
    }
    result
}

/// The program on the database to import into: for a dry run, on a copy in memory of it.
fn app_for(args: &ImportArgs) -> Result<App, CliError> {
    if args.dry_run {
        args.db.app_scratch()
    } else {
        args.db.app()
    }
}

fn import(args: ImportArgs) -> Result<Exit, CliError> {
    let csv = args.files.iter().filter(|f| is_csv(f)).count();
    if csv > 0 {
        if csv < args.files.len() {
            return Err(CliError::Usage(
                "import league results (.csv) and game records (.json, .jsonl) separately".into(),
            ));
        }
        let app = app_for(&args)?;
        let league = super::which::league_or_env(args.league.as_deref());
        let ask = ImportAsk {
            league: league.as_deref(),
            create: args.create,
            dry_run: args.dry_run,
            new_players: &args.new_players,
            choices: &[],
            season: args.season.as_deref(),
            division: args.division.as_deref(),
        };
        return super::results::import(app, &args.files, ask, args.map.as_deref());
    }
    if args.create || !args.new_players.is_empty() || args.map.is_some() || args.season.is_some() {
        return Err(CliError::Usage(
            "--create, --new-player, --map and --season are for league results (.csv, or a workbook)".into(),
        ));
    }
    if args.division.is_some() {
        return Err(CliError::Usage(
            "--division is for league results (.csv, or a workbook)".into(),
        ));
    }
    for f in args.files.iter().filter(|f| f.as_os_str() != "-") {
        super::results::readable(f, &f.display().to_string())?;
    }
    let sources = open_all(&args.files)?;
    let names: Vec<(std::path::PathBuf, String)> = args
        .files
        .iter()
        .cloned()
        .zip(sources.iter().map(|(_, name, _)| name.clone()))
        .collect();
    let mut app = app_for(&args)?;
    let terminal = io::stderr().is_terminal();
    let sources = sources.into_iter().map(|(_, _, source)| source).collect();
    let mut bar: Option<(usize, ProgressBar)> = None;
    let (import, found) = app.import_sources(sources, |p| match p {
        Progress::Read { file, bytes } => {
            let (given, name) = &names[file];
            let bar = match &bar {
                Some((f, b)) if *f == file => b,
                _ => &bar.insert((file, bar_for(given, name, terminal))).1,
            };
            bar.set_position(bytes);
        }
        Progress::FileEnd | Progress::Stopped => {
            if let Some((_, b)) = bar.take() {
                b.finish_and_clear();
            }
        }
    })?;
    let errors: Vec<String> = found.errors.iter().map(|f| found_line(&names, f)).collect();
    let warnings: Vec<String> = found
        .warnings
        .iter()
        .map(|f| found_line(&names, f))
        .collect();
    let (stopped, warnings_left) = (found.stopped, found.warnings_left);
    let paint = super::colour::Paint::stderr();
    let mut err = io::stderr().lock();
    for w in &warnings {
        writeln!(err, "{}: {w}", paint.warning())?;
    }
    if warnings_left > 0 {
        writeln!(
            err,
            "{}: … and {warnings_left} more {}",
            paint.warning(),
            if warnings_left == 1 {
                "warning"
            } else {
                "warnings"
            }
        )?;
    }
    let (records, added, stored_before) =
        (import.records, import.added.clone(), import.stored_before);
    let files: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
    let ended = import.finish(args.dry_run, &files)?;
    if ended == RecordsImported::Refused {
        for e in &errors {
            writeln!(err, "{}: {e}", paint.error())?;
        }
        let n = errors.len();
        let (first, more) = if stopped {
            (
                "the first ",
                format!(", and more: stopped after {n} errors"),
            )
        } else {
            ("", String::new())
        };
        writeln!(
            err,
            "Nothing imported: {} in {first}{}{more}.",
            count(n, "error", "errors"),
            count(records, "record", "records")
        )?;
        return Ok(Exit::BadData);
    }
    let games = games_imported(added.len(), stored_before);
    let numbers = match (added.first(), added.last()) {
        (Some(a), Some(b)) if a == b => format!(": game {a}"),
        (Some(a), Some(b)) => format!(": games {a}–{b}"),
        _ => String::new(),
    };
    let mut out = io::stdout().lock();
    if ended == RecordsImported::Checked {
        writeln!(
            out,
            "Would import {games}; nothing was changed (--dry-run)."
        )?;
    } else {
        writeln!(out, "Imported {games}{numbers}.")?;
    }
    Ok(Exit::Ok)
}
