//! `don team`: add a team to a league (entering it in a season), set its venue, list the teams.

use std::io::{self, BufWriter, Write};

use super::roster::write_rosters;
use crate::cli::colour::Paint;
use crate::cli::context::{Cx, Scope};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;
use crate::cli::which::parse_date;

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
        scope: Scope,
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
        scope: Scope,
    },
    /// Rename a team from a day: its old name is kept, and shown in the seasons before.
    #[command(
        after_help = "Example:\n  don team rename 'Royal Oak' 'The Oak' --from 2019-07-01",
        mut_arg("season", |a| a.help("Not used: a name holds from its day on, in whatever season"))
    )]
    Rename {
        /// The team, by its name (today's, a former one or an alias)
        old: String,
        /// Its new name
        new: String,
        /// The first day it bears the new name (YYYY-MM-DD); a season ended before then shows the old name
        #[arg(long, value_name = "DATE")]
        from: String,
        #[command(flatten)]
        scope: Scope,
    },
    /// Add another way a team's name is written: an import then finds the team by it.
    #[command(
        after_help = "Example:\n  don team alias 'Fox and Hounds' 'Fox & Hounds'",
        mut_arg("season", |a| a.help("Not used: an alias holds in every season"))
    )]
    Alias {
        /// The team
        team: String,
        /// Another way its name is written
        name: String,
        #[command(flatten)]
        scope: Scope,
    },
    /// List the names a team has had, and its aliases.
    #[command(
        after_help = "Example:\n  don team names 'The Oak'",
        mut_arg("season", |a| a.help("Not used: every name is listed"))
    )]
    Names {
        /// The team, by any of its names
        team: String,
        #[command(flatten)]
        scope: Scope,
    },
    /// List a league's teams, with their rosters for a season.
    #[command(after_help = "Example:\n  don team list --season 2025-26")]
    List {
        #[command(flatten)]
        scope: Scope,
    },
}

pub fn team(command: TeamCommand) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        TeamCommand::Add { name, venue, scope } => {
            let mut cx = Cx::change(&scope)?;
            let added = cx.app.team_add(&cx.choice, &name, venue.as_deref())?;
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
        TeamCommand::Venue { team, venue, scope } => {
            let mut cx = Cx::change(&scope)?;
            let (team, venue) = cx.app.team_venue(&cx.choice, &team, &venue)?;
            writeln!(out, "{} plays at {}.", shown(&team.name), shown(&venue))?;
        }
        TeamCommand::Rename {
            old,
            new,
            from,
            scope,
        } => {
            let from = parse_date(&from, "--from")?;
            let mut cx = Cx::change(&scope)?;
            let renamed = cx.app.team_rename(&cx.choice, &old, &new, from)?;
            writeln!(
                out,
                "{} is {} from {from}; a season ended by {} shows it as {}.",
                shown(&renamed.was),
                shown(&renamed.name),
                renamed.until.unwrap_or(from),
                shown(&renamed.was),
            )?;
        }
        TeamCommand::Alias { team, name, scope } => {
            let mut cx = Cx::change(&scope)?;
            let made = cx.app.team_alias(&cx.choice, &team, &name)?;
            writeln!(
                out,
                "'{}' is another name of {}.",
                shown(&made.other),
                shown(&made.name)
            )?;
        }
        TeamCommand::Names { team, scope } => {
            let cx = Cx::read(&scope)?;
            let had = cx.app.team_names(&cx.choice, &team)?;
            write_names(&mut out, &had)?;
        }
        TeamCommand::List { scope } => {
            let cx = Cx::read(&scope)?;
            let (app, league) = (&cx.app, cx.league()?);
            if app.seasons(league)?.is_empty() {
                for t in app.teams(league)? {
                    writeln!(out, "{}", shown(&t.name))?;
                }
            } else {
                let (_, season) = cx.both()?;
                write_rosters(&mut out, app, season, None)?;
            }
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// A team's or a player's names, one a line: today's (since when, if renamed), each former
/// one with the days it was borne, then the aliases.
pub(crate) fn write_names(
    out: &mut impl Write,
    had: &don::app::names::NamesHad,
) -> Result<(), CliError> {
    match had.since {
        Some(since) => writeln!(out, "{} (from {since})", shown(&had.name))?,
        None => writeln!(out, "{}", shown(&had.name))?,
    }
    for f in had.former.iter().rev() {
        match f.from {
            Some(from) => writeln!(out, "{} ({from} to {})", shown(&f.name), f.until)?,
            None => writeln!(out, "{} (until {})", shown(&f.name), f.until)?,
        }
    }
    for a in &had.aliases {
        writeln!(out, "{} (alias)", shown(a))?;
    }
    Ok(())
}
