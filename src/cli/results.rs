//! `don import FILE.csv --league L` and `don export --league L --season S`: league results as
//! CSV (docs/formats.md#results-csv: matches, nights, rosters, adjustments, and the
//! configuration and fixtures shapes beside them, with optional columns for how a night stands and a night
//! left incomplete). An import is one
//! change: every row checked against its season's configuration, every fault named by file,
//! line and column, and nothing kept if anything is wrong ([`App::results_import`]); an export
//! writes the rows [`App::results_export`] gives.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use don::app::names::ChosenName;
use don::app::results::{FileFault, ImportAsk, ImportOutcome, ResultsFiles, ResultsImport};
use don::app::App;
use don::publish::out::{write_out, write_set, SetFile, Writer};
use don::record::name_map::read_name_map;
use don::record::results::{read_results_lenient, Shape, MAX_ERRORS};

use super::error::{CliError, Exit};
use super::text::{count, shown};
use don::app::results::workbook::{read_book, BooksRead};
use don::record::sheet::is_book;

/// The most faults (and warnings) an import shows.
const SHOWN: usize = 200;

/// "results.csv, line 14, column 9 (home_legs): …"; an answer at the prompt, which has no
/// line, "the answer: …".
fn place(f: &FileFault) -> String {
    let e = &f.error;
    let mut s = shown(&f.file).into_owned();
    if e.line > 0 {
        s.push_str(&format!(", line {}", e.line));
    }
    if let Some(c) = &e.column {
        s.push_str(&format!(", column {} ({})", c.index, shown(&c.name)));
    }
    format!("{s}: {}", shown(&super::error::row_words(e)))
}

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

/// Reads every file named: those that can be read, and the faults found reading them; a
/// workbook's sheets are named `book.xlsx, sheet "Matches"` ([`super::workbook`]).
fn read_all(paths: &[PathBuf]) -> Result<(ResultsFiles, BooksRead), CliError> {
    let mut files = ResultsFiles::default();
    let mut sheets = BooksRead::default();
    for path in paths {
        let name = path.display().to_string();
        readable(path, &name)?;
        if is_book(path) {
            read_book(path, &name, &mut files, &mut sheets);
            continue;
        }
        let file = std::fs::File::open(path)
            .map_err(|e| CliError::Usage(format!("cannot read {name}: {e}")))?;
        files.take(&name, read_results_lenient(io::BufReader::new(file)));
    }
    Ok((files, sheets))
}

/// Reads a map of names (`--map FILE.csv`): its choices, or its faults said and the import
/// refused.
fn read_map(path: &Path) -> Result<Result<Vec<ChosenName>, Vec<FileFault>>, CliError> {
    let name = path.display().to_string();
    readable(path, &name)?;
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", shown(&name))))?;
    Ok(match read_name_map(io::BufReader::new(file)) {
        Ok(rows) => Ok(rows
            .iter()
            .map(|r| ChosenName::of(&r.name, &r.means, &name, r.line))
            .collect()),
        Err(errors) => Err(errors
            .into_iter()
            .map(|error| FileFault {
                file: name.clone(),
                error,
            })
            .collect()),
    })
}

/// Imports results files into a league, all or nothing, as `ask` says (its `choices` are the
/// map's, `--map`, read here). Names not known that wait for a choice are asked about (on a
/// terminal, or as lines from standard input) and the import is made again with the answers,
/// once.
pub fn import(
    mut app: App,
    files: &[PathBuf],
    ask: ImportAsk<'_>,
    map: Option<&Path>,
) -> Result<Exit, CliError> {
    let mut choices = match map.map(read_map).transpose()? {
        Some(Ok(choices)) => choices,
        Some(Err(faults)) => {
            let mut err = io::stderr().lock();
            for f in faults.iter().take(SHOWN) {
                writeln!(err, "{}", place(f))?;
            }
            let errors = count(faults.len() as i64, "error", "errors");
            writeln!(err, "Nothing imported: {errors} in the map of names.")?;
            return Ok(Exit::BadData);
        }
        None => Vec::new(),
    };
    let (read, sheets) = read_all(files)?;
    let ask = ImportAsk {
        // A workbook's fault refuses the import: what the rest would do is only checked.
        dry_run: ask.dry_run || !sheets.faults.is_empty(),
        choices: &[],
        ..ask
    };
    let first = ImportAsk {
        choices: &choices,
        ..ask
    };
    let import = app.results_import(read, &first)?;
    if let ImportOutcome::Refused { unresolved, .. } = &import.outcome {
        // Names are asked about only when the workbooks read well: else the import is refused
        // whatever the answers.
        if sheets.faults.is_empty() {
            if let Some(answers) = super::names::ask(unresolved)? {
                choices.extend(answers);
                let again = ImportAsk {
                    choices: &choices,
                    ..ask
                };
                let (read, sheets) = read_all(files)?;
                return render_import(app.results_import(read, &again)?, &sheets);
            }
        }
    }
    render_import(import, &sheets)
}

/// An import's warnings, then its faults or what it did.
fn render_import(import: ResultsImport, sheets: &BooksRead) -> Result<Exit, CliError> {
    let mut err = io::stderr().lock();
    let place = |f: &FileFault| match sheets.place(f) {
        Some(at) => format!("{at}: {}", shown(&super::error::row_words(&f.error))),
        None => place(f),
    };
    for w in import.warnings.iter().take(SHOWN) {
        writeln!(err, "warning: {}", place(w))?;
    }
    for note in &sheets.passed_over {
        writeln!(err, "note: passed over {note}")?;
    }
    for name in &import.unused_new_players {
        writeln!(
            err,
            "warning: --new-player '{}' names no player of the import: it was not used",
            shown(name)
        )?;
    }
    if import.unused_season {
        writeln!(
            err,
            "warning: --season names the season of a results grid whose top-left cell is empty, and no file here is one: it was not used"
        )?;
    }
    let mut out = io::stdout().lock();
    let outcome = match import.outcome {
        // A workbook's faults refuse what the rest would have done.
        ImportOutcome::Imported { .. } | ImportOutcome::NothingNew { .. }
            if !sheets.faults.is_empty() =>
        {
            ImportOutcome::Refused {
                faults: Vec::new(),
                stopped: Vec::new(),
                unresolved: Vec::new(),
            }
        }
        outcome => outcome,
    };
    match outcome {
        ImportOutcome::Refused {
            faults,
            stopped,
            unresolved,
        } => {
            for f in sheets.faults.iter().take(SHOWN) {
                writeln!(err, "{f}")?;
            }
            for f in faults.iter().take(SHOWN) {
                writeln!(err, "{}", place(f))?;
            }
            if faults.len() > SHOWN {
                writeln!(err, "… and {} more", faults.len() - SHOWN)?;
            }
            let faults = [faults.len(), sheets.faults.len()];
            let more = if stopped.is_empty() {
                String::new()
            } else {
                let stopped: Vec<_> = stopped.iter().map(|s| shown(s)).collect();
                format!(
                    ", and more: reading {} stopped after {MAX_ERRORS} errors",
                    stopped.join(", ")
                )
            };
            // Said on a terminal (piped, the answers may come on standard input).
            if !unresolved.is_empty() && io::stderr().is_terminal() {
                writeln!(
                    err,
                    "note: say what {} means in a file of `name,means` rows (a known name, or `new`) given with --map FILE.csv, or import on a terminal to choose; each choice is kept as another name of the team or player",
                    if unresolved.len() == 1 {
                        "the name not known".to_string()
                    } else {
                        format!("each of the {} names not known", unresolved.len())
                    }
                )?;
            }
            let errors = count((faults[0] + faults[1]) as i64, "error", "errors");
            writeln!(err, "Nothing imported: {errors}{more}.")?;
            return Ok(Exit::BadData);
        }
        ImportOutcome::NothingNew { kept } => {
            writeln!(out, "Nothing to import: all {kept} already there.")?;
        }
        ImportOutcome::Imported {
            summary,
            dry_run,
            kept,
            default_config,
        } => {
            if default_config {
                writeln!(
                    err,
                    "note: the new league has Abercarn's configuration; for another, make it first with `don league new` (see `don league set --help`)"
                )?;
            }
            let done = if dry_run { "Would import" } else { "Imported" };
            writeln!(out, "{done} {}.", shown(&summary))?;
            if kept > 0 {
                writeln!(out, "{kept} already there, passed over.")?;
            }
        }
    }
    Ok(Exit::Ok)
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
    /// The season's nights without a date, as a results grid (docs/formats.md#the-past-results-grids-and-final-tables).
    Grid,
    /// A closed season's final table as recorded (docs/formats.md#the-past-results-grids-and-final-tables).
    Table,
}

impl ExportShape {
    fn shape(self) -> Shape {
        match self {
            ExportShape::Matches => Shape::Matches,
            ExportShape::Nights => Shape::Nights,
            ExportShape::Adjustments => Shape::Adjustments,
            ExportShape::Rosters => Shape::Rosters,
            ExportShape::Configuration => Shape::Configuration,
            ExportShape::Fixtures => Shape::Fixtures,
            ExportShape::Grid => Shape::Grid,
            ExportShape::Table => Shape::Table,
        }
    }
}

/// Exports a season's results: one shape to standard output or `out`, or every shape that has
/// rows into `dir` as SEASON-SHAPE.csv.
pub fn export(
    app: &App,
    league: Option<&str>,
    season: Option<&str>,
    shape: Option<ExportShape>,
    out: Option<&Path>,
    dir: Option<&Path>,
    force: bool,
) -> Result<Exit, CliError> {
    let results = app.results_export(league, season)?;
    let database = app.path();
    if let Some(dir) = dir {
        let files = results.files();
        let writers: Vec<_> = files
            .iter()
            .map(|f| {
                let (shape, results) = (f.shape, &results);
                move |w: &mut dyn Write| results.write(shape, w)
            })
            .collect();
        let set: Vec<SetFile<'_>> = files
            .iter()
            .zip(&writers)
            .map(|(f, w)| {
                (
                    f.name.clone(),
                    w as &dyn Fn(&mut dyn Write) -> io::Result<()>,
                )
            })
            .collect();
        let written = write_set(dir, database, force, &set).map_err(|e| {
            let hint = super::error::out_hint(&e, Writer::OutDir);
            CliError::Hinted {
                error: Box::new(CliError::Out(e)),
                hint,
            }
        })?;
        for (f, path) in files.iter().zip(&written) {
            let rows = count(f.rows as i64, "row", "rows");
            eprintln!("Wrote {rows} to {}.", path.display());
        }
        return Ok(Exit::Ok);
    }
    let shape = shape.unwrap_or(ExportShape::Matches).shape();
    match out {
        // Whole or not at all (never the database, through links, straight into a pipe).
        Some(path) => write_out(path, database, force, &mut |w| results.write(shape, w))?,
        None => results.write(shape, &mut BufWriter::new(io::stdout().lock()))?,
    }
    Ok(Exit::Ok)
}
