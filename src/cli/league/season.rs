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
        after_help = "Examples:\n  don season new 2025-26 --teams 'Royal Oak, Red Lion, Fox and Hounds, Carpenters Arms'\n  don season new 2025-26 --divisions 'Premier: Royal Oak, Red Lion, Six Bells; Division One: Fox and Hounds, Carpenters Arms, Greyhound'\n  don season new 2026-27 --same-teams"
    )]
    New {
        /// The season's name, as 2025-26
        name: String,
        /// Teams to enter, comma-separated (each must be a team of the league, or --create)
        #[arg(long, value_name = "NAMES")]
        teams: Option<String>,
        /// Divisions, top first, each a name, a colon and its teams, separated by semicolons
        /// (each team must be a team of the league, or --create)
        #[arg(long, value_name = "DIVISIONS", conflicts_with = "teams")]
        divisions: Option<String>,
        /// Enter the teams of the season made last (those not withdrawn from it), in its
        /// divisions with promotion and relegation by its final tables (see league set --up-down)
        #[arg(long, conflicts_with_all = ["teams", "divisions"])]
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

/// `--divisions 'Premier: A, B; Division One: C, D'`: each division's name and its teams,
/// top first.
fn division_list(list: &str) -> Result<Vec<(String, Vec<String>)>, CliError> {
    list.split(';')
        .filter(|part| !tidy(part).is_empty())
        .map(|part| match part.split_once(':') {
            Some((name, teams)) => Ok((name.trim_matches(' ').to_string(), comma_list(teams))),
            None => Err(CliError::Usage(format!(
                "--divisions: {} has no colon: give each division as its name, a colon and its teams, as 'Premier: Royal Oak, Red Lion; Division One: Six Bells, Greyhound'",
                shown(&format!("'{}'", part.trim_matches(' ')))
            ))),
        })
        .collect()
}

pub fn season(command: SeasonCommand) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        SeasonCommand::New {
            name,
            teams,
            divisions,
            same_teams,
            create,
            scope,
        } => {
            let teams = match (teams, divisions) {
                (Some(list), _) => SeasonTeams::Named {
                    names: comma_list(&list),
                    create,
                },
                (None, Some(list)) => SeasonTeams::Divided {
                    divisions: division_list(&list)?,
                    create,
                },
                (None, None) if same_teams => SeasonTeams::Same,
                (None, None) => SeasonTeams::None,
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
            if made.divisions.is_empty() && !made.entered.is_empty() {
                writeln!(out, "Teams: {}", shown(&made.entered.join(", ")))?;
            }
            if !made.divisions.is_empty() {
                writeln!(out, "Divisions:")?;
                for d in &made.divisions {
                    let line = format!("{}: {}", d.name, d.teams.join(", "));
                    writeln!(out, "  {}", shown(&line))?;
                }
            }
            super::division::write_moves(&mut out, &made.moves)?;
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
