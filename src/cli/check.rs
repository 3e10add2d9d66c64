//! `don check FILE… [--json]`: validate game records without touching the database.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use don::check::check_in_turn;
use don::check::report::JsonReport;
use don::record::source::STDIN_NAME;
use don::record::RecordSource;

use super::error::{CliError, Exit};
use super::sheet;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// Game records: .json (one record or a list) or .jsonl (one record per line), in any case;
    /// `-` reads standard input (one JSON document, else one record per line).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the machine-readable report instead of score sheets (docs/formats.md#check-reports)
    #[arg(long)]
    json: bool,
}

/// A file to read, as named on the command line, and what to call it on a score sheet.
fn open(path: &Path) -> Result<(String, String, RecordSource), CliError> {
    if path.as_os_str() == "-" {
        let source = RecordSource::stdin()?;
        return Ok(("-".into(), STDIN_NAME.into(), source));
    }
    let name = path.display().to_string();
    Ok((name.clone(), name, RecordSource::open(path)?))
}

/// Opens every file named (`-` at most once) before anything is read: as named, as shown on a
/// score sheet, and its records.
pub fn open_all(files: &[PathBuf]) -> Result<Vec<(String, String, RecordSource)>, CliError> {
    if files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
        return Err(CliError::Usage(
            "`-` (standard input) can be given only once".into(),
        ));
    }
    files.iter().map(|f| open(f)).collect()
}

pub fn run(args: CheckArgs) -> Result<Exit, CliError> {
    // Every file must open before anything is printed.
    let sources = open_all(&args.files)?;
    let several = sources.len() > 1;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let (names, sources): (Vec<(String, String)>, Vec<RecordSource>) = sources
        .into_iter()
        .map(|(given, shown, source)| ((given, shown), source))
        .unzip();
    if args.json {
        let mut report = JsonReport::new(&mut out)?;
        check_in_turn(sources, |file, checked| {
            let given = several.then_some(names[file].0.as_str());
            report.game(&checked, given)
        })?;
        all_valid = report.finish()?;
    } else {
        let mut counts = sheet::Counts::default();
        check_in_turn(sources, |file, checked| -> Result<(), CliError> {
            all_valid &= checked.sheet.valid();
            sheet::write(&mut out, &names[file].1, &checked, &mut counts)?;
            Ok(())
        })?;
        counts.write(&mut out)?;
    }
    out.flush()?;
    Ok(if all_valid { Exit::Ok } else { Exit::BadData })
}
