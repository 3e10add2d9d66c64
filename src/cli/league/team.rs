//! `don team`: add a team to a league (entering it in a season), set its venue, list the teams.

use std::io::{self, BufWriter, Write};

use super::roster::write_rosters;
use crate::cli::colour::Paint;
use crate::cli::db::DbArg;
use crate::cli::error::{CliError, Done};
use crate::cli::text::shown;
use crate::cli::which::Which;

#[derive(clap::Subcommand)]
pub enum TeamCommand {
    /// Add a pub or club team to a league (and enter it in a season, with --season).
    #[command(
        after_help = "Example:\n  don team add 'Royal Oak' --venue 'Royal Oak, Newbridge' --season 2025-26",
        mut_arg("season", |a| a.help("The season to enter the team in [default: none: the team is added to the league only]"))
    )]
    Add {
        /// The team's name (the pub's or club's, as the league knows it)
        name: String,
        /// Where it plays at home
        #[arg(long)]
        venue: Option<String>,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Set a team's venue.
    #[command(
        after_help = "Example:\n  don team venue 'Royal Oak' 'Royal Oak, High Street, Newbridge'",
        mut_arg("season", |a| a.help("Not used: a team's venue is the same in every season"))
    )]
    Venue {
        /// The team
        team: String,
        /// Where it plays at home
        venue: String,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// List a league's teams, with their rosters for a season.
    #[command(after_help = "Example:\n  don team list --season 2025-26")]
    List {
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
}

pub fn team(command: TeamCommand) -> Result<Done, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        TeamCommand::Add {
            name,
            venue,
            which,
            db,
        } => {
            let added = db
                .app_existing()?
                .team_add(&which.choice(), &name, venue.as_deref())?;
            let mut said = format!("Team {} added to {}", added.team.name, added.league.name);
            if let Some(season) = &added.season {
                said.push_str(&format!(" and entered in season {}", season.name));
            }
            writeln!(out, "{}.", shown(&said))?;
            if let Some(w) = added.look_alike {
                out.flush()?;
                eprintln!(
                    "{}: {w} (`don undo` takes the new team back)",
                    Paint::stderr().warning()
                );
            }
        }
        TeamCommand::Venue {
            team,
            venue,
            which,
            db,
        } => {
            let (team, venue) = db
                .app_existing()?
                .team_venue(&which.choice(), &team, &venue)?;
            writeln!(out, "{} plays at {}.", shown(&team.name), shown(&venue))?;
        }
        TeamCommand::List { which, db } => {
            let store = db.open_read()?;
            let league = which.league(&store)?;
            if store.leagues().seasons(league.id)?.is_empty() {
                for t in store.leagues().teams(league.id)? {
                    writeln!(out, "{}", shown(&t.name))?;
                }
            } else {
                let (_, season) = which.both(&store)?;
                write_rosters(&mut out, &store, &season, None)?;
            }
        }
    }
    out.flush()?;
    Ok(Done::Ok)
}
