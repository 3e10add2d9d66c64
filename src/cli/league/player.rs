//! `don player`: a player's names: rename (from a day, or a correction), another way the name
//! is written, and the names they have had.

use std::io::{self, BufWriter, Write};

use super::team::write_names;
use crate::cli::context::{Cx, DbArg};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;
use crate::cli::which::parse_date;

#[derive(clap::Subcommand)]
pub enum PlayerCommand {
    /// Rename a player: from a day (the old name kept as a former name), or without one as a
    /// correction (the old name kept as an alias, so old files still find them).
    #[command(
        after_help = "Examples:\n  don player rename 'Sian Evans' 'Sian Morgan' --from 2021-08-14\n  don player rename 'Ivor Jams' 'Ivor James'"
    )]
    Rename {
        /// The player, by their name (today's, a former one or an alias)
        old: String,
        /// Their new name
        new: String,
        /// The first day they bear the new name (YYYY-MM-DD)
        #[arg(long, value_name = "DATE")]
        from: Option<String>,
        #[command(flatten)]
        db: DbArg,
    },
    /// Add another way a player's name is written: an import then finds them by it.
    #[command(after_help = "Example:\n  don player alias 'Dai Morgan' 'David Morgan'")]
    Alias {
        /// The player
        player: String,
        /// Another way their name is written
        name: String,
        #[command(flatten)]
        db: DbArg,
    },
    /// List the names a player has had, and their aliases.
    #[command(after_help = "Example:\n  don player names 'Sian Morgan'")]
    Names {
        /// The player, by any of their names
        player: String,
        #[command(flatten)]
        db: DbArg,
    },
}

pub fn player(command: PlayerCommand) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        PlayerCommand::Rename { old, new, from, db } => {
            let from = from.map(|d| parse_date(&d, "--from")).transpose()?;
            let renamed = Cx::change(&db)?.app.player_rename(&old, &new, from)?;
            match from {
                Some(from) => writeln!(
                    out,
                    "{} is {} from {from}.",
                    shown(&renamed.was),
                    shown(&renamed.name)
                )?,
                None => writeln!(
                    out,
                    "{} is {} (and '{}' another way of writing it).",
                    shown(&renamed.was),
                    shown(&renamed.name),
                    shown(&renamed.was)
                )?,
            }
        }
        PlayerCommand::Alias { player, name, db } => {
            let made = Cx::change(&db)?.app.player_alias(&player, &name)?;
            writeln!(
                out,
                "'{}' is another name of {}.",
                shown(&made.other),
                shown(&made.name)
            )?;
        }
        PlayerCommand::Names { player, db } => {
            let had = Cx::read(&db)?.app.player_names(&player)?;
            write_names(&mut out, &had)?;
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}
