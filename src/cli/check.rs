//! `don check FILE… [--json]`: validate game records without touching the database.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use don::check::check_item;
use don::check::report::JsonReport;
use don::record::RecordSource;

use super::error::{CliError, Done};
use super::sheet;

#[derive(clap::Args)]
pub struct Args {
    /// Game records: .json (one record or a list) or .jsonl (one record per line).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the machine-readable report (the `check --json` format of FORMAT.md) instead of
    /// score sheets.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<Done, CliError> {
    // Every file must open before anything is printed.
    let sources = args
        .files
        .iter()
        .map(|path| RecordSource::open(path).map(|s| (path, s)))
        .collect::<Result<Vec<_>, _>>()?;
    let several = sources.len() > 1;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_valid = true;
    if args.json {
        let mut report = JsonReport::new(&mut out)?;
        for (path, source) in sources {
            let name = path.display().to_string();
            for item in source {
                let checked = check_item(item.index, item.line, item.value);
                report.game(&checked, several.then_some(name.as_str()))?;
            }
        }
        all_valid = report.finish()?;
    } else {
        let mut counts = sheet::Counts::default();
        for (path, source) in sources {
            let name = path.display().to_string();
            for item in source {
                let checked = check_item(item.index, item.line, item.value);
                all_valid &= checked.sheet.valid();
                sheet::write(&mut out, &name, &checked, &mut counts)?;
            }
        }
        counts.write(&mut out)?;
    }
    out.flush()?;
    Ok(if all_valid { Done::Ok } else { Done::BadData })
}
