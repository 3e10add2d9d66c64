//! `don export [GAME…]`: stored games as records (docs/formats.md#records), one a line
//! (`.jsonl`).
//! Exporting, importing into an empty database and exporting again gives the same bytes.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use don::app::game::stored::record_of;
use don::app::AppError;
use don::app::GameFilter;
use don::publish::out::write_out;
use don::record::text::count;

use super::db::DbArg;
use super::error::{CliError, Exit};

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  don export > games.jsonl\n  don export 7 12 --out two-games.jsonl\n  don export --league Abercarn --season 2025-26 > results.csv\n  don export --league Abercarn --season 2025-26 --out-dir past/"
)]
pub struct ExportArgs {
    /// The games, by number or id [default: every game]
    #[arg(value_name = "GAME")]
    games: Vec<String>,
    /// Write to this file instead of standard output: replaced whole, only once everything is
    /// written (a new file readable by everyone, a file replaced keeping its permissions); a
    /// symbolic link is written through, a pipe or device written into; never the database,
    /// a file you may not write, or (without --force) a file holding an SQLite database
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Replace a file holding an SQLite database (another league's database, say) named with
    /// --out, or in the --out-dir folder
    #[arg(long)]
    force: bool,
    /// A league's results as CSV instead of games (docs/formats.md#results-csv)
    #[arg(long, short = 'l', conflicts_with = "games")]
    league: Option<String>,
    /// The season whose results to export [default: the current one, whose fixtures' dates hold today, else the latest by dates]
    #[arg(long, short = 's', conflicts_with = "games")]
    season: Option<String>,
    /// Which results: matches (match by match), nights (totals and walkovers), adjustments,
    /// rosters, configuration (the season's), fixtures (played or not), grid (the nights
    /// without a date, as a results grid) or table (a closed season's final table)
    /// [default: matches]
    #[arg(long, value_enum, conflicts_with_all = ["games", "out_dir"])]
    shape: Option<super::results::ExportShape>,
    /// Write every shape of a season's results that has rows into this folder, as
    /// SEASON-SHAPE.csv (the configuration too, and the fixtures when some are still to play:
    /// importing the folder into an empty database gives the season back); all the files are
    /// written or none, and a link, pipe or folder where one goes is refused
    #[arg(long, value_name = "DIR", conflicts_with_all = ["games", "out"])]
    out_dir: Option<PathBuf>,
    #[command(flatten)]
    db: DbArg,
}

pub fn run(args: ExportArgs) -> Result<Exit, CliError> {
    let app = args.db.app_read()?;
    let league_wanted = args.league.is_some()
        || args.season.is_some()
        || args.shape.is_some()
        || args.out_dir.is_some();
    if league_wanted {
        return super::results::export(
            &app,
            args.league.as_deref(),
            args.season.as_deref(),
            args.shape,
            args.out.as_deref(),
            args.out_dir.as_deref(),
            args.force,
        );
    }
    let records: Vec<serde_json::Value> = if args.games.is_empty() {
        app.games(&GameFilter::default())?
            .into_iter()
            .map(|g| record_of(&g.stored, g.game))
            .collect::<Result<_, _>>()?
    } else {
        args.games
            .iter()
            .map(|key| -> Result<_, AppError> {
                let game = app.game_named(key)?;
                app.game_record(game)
            })
            .collect::<Result<_, _>>()?
    };
    let mut write = |out: &mut dyn Write| -> io::Result<()> {
        for record in &records {
            out.write_all(
                don::record::text::terminal_safe_json(record)
                    .map_err(io::Error::from)?
                    .as_bytes(),
            )?;
            out.write_all(b"\n")?;
        }
        out.flush()
    };
    match &args.out {
        None => {
            let stdout = io::stdout();
            write(&mut BufWriter::new(stdout.lock()))?;
        }
        Some(path) => {
            write_out(path, app.path(), args.force, &mut write)?;
            let n = records.len();
            eprintln!(
                "Exported {} to {}.",
                count(n, "game", "games"),
                path.display()
            );
        }
    }
    Ok(Exit::Ok)
}
