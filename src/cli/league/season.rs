//! `don season`: begin a season of a league (entering its teams), list the seasons.

use std::io::{self, BufWriter, Write};

use don::app::league::SeasonTeams;
use don::league::names::tidy;

use super::config::write_config;
use crate::cli::context::{Cx, LeagueScope};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;

#[derive(clap::Subcommand)]
pub enum SeasonCommand {
    /// Begin a season of a league, with the league's configuration as it is now.
    #[command(
        after_help = "Example:\n  don season new 2025-26 --teams 'Royal Oak, Red Lion, Fox and Hounds, Carpenters Arms'"
    )]
    New {
        /// The season's name, as 2025-26
        name: String,
        /// Teams to enter, comma-separated (each must be a team of the league, or --create)
        #[arg(long, value_name = "NAMES")]
        teams: Option<String>,
        /// Enter the teams of the season made last (those not withdrawn from it)
        #[arg(long, conflicts_with = "teams")]
        same_teams: bool,
        /// Make teams that are not in the league yet
        #[arg(long)]
        create: bool,
        #[command(flatten)]
        scope: LeagueScope,
    },
    /// List a league's seasons.
    #[command(after_help = "Example:\n  don season list --league 'Valleys League'")]
    List {
        #[command(flatten)]
        scope: LeagueScope,
    },
}

/// The team names of a comma-separated list as typed, spaces around each trimmed. A name is
/// tidied only where it is looked up or made: a team made from one is checked as typed
/// (`record::text::check`, in `add_team`), so a tab, carriage return, vertical tab or NEL in it
/// is refused, not made a space.
fn comma_list(list: &str) -> Vec<String> {
    list.split(',')
        .filter(|n| !tidy(n).is_empty())
        .map(|n| n.trim_matches(' ').to_string())
        .collect()
}

pub fn season(command: SeasonCommand) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        SeasonCommand::New {
            name,
            teams,
            same_teams,
            create,
            scope,
        } => {
            let teams = match teams {
                Some(list) => SeasonTeams::Named {
                    names: comma_list(&list),
                    create,
                },
                None if same_teams => SeasonTeams::Same,
                None => SeasonTeams::None,
            };
            let mut cx = Cx::change(&scope)?;
            let made = cx
                .app
                .season_new(cx.choice.league.as_deref(), &name, &teams)?;
            writeln!(
                out,
                "Season {} of {}:",
                shown(&made.season.name),
                shown(&made.league.name)
            )?;
            write_config(&mut out, &made.season.config)?;
            for n in &made.made {
                writeln!(out, "  {}", shown(&format!("new team {n}")))?;
            }
            if !made.entered.is_empty() {
                writeln!(out, "Teams: {}", shown(&made.entered.join(", ")))?;
            }
        }
        SeasonCommand::List { scope } => {
            let cx = Cx::read(&scope)?;
            for listed in cx.app.seasons(cx.league()?)? {
                let s = listed.season;
                let note = if listed.closed {
                    " (closed: known by its final table)"
                } else {
                    ""
                };
                writeln!(out, "{}{note}", shown(&s.name))?;
            }
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}
