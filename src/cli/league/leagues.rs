//! `don league`: make a league, show it, change its configuration, list the leagues.

use std::io::{self, BufWriter, Write};

use don::app::league::new_config;
use don::app::{App, LeagueInfo};
use don::league::names::shell_quoted;

use super::config::{write_config, ConfigFlags};
use crate::cli::context::{Cx, DbArg, Scope};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::{count, shown};

#[derive(clap::Subcommand)]
pub enum LeagueCommand {
    /// Make a league, with its configuration (Abercarn unless told otherwise).
    #[command(
        after_help = "Example:\n  don league new 'Abercarn Crib and Don League'\n  don league new 'Valleys Don' --kind don=5,121,2 --points-per-match 2 --tie-breakers 'points head-to-head legs-difference'"
    )]
    New {
        /// The league's name
        name: String,
        #[command(flatten)]
        config: ConfigFlags,
        #[command(flatten)]
        db: DbArg,
    },
    /// Show a league: its configuration, seasons and teams.
    #[command(after_help = "Example:\n  don league show --league Abercarn")]
    Show {
        #[command(flatten)]
        scope: Scope,
    },
    /// Change a league's configuration: new seasons take it; seasons begun keep theirs.
    #[command(
        after_help = "Example:\n  don league set --tie-breakers 'points head-to-head legs-difference'"
    )]
    Set {
        #[command(flatten)]
        scope: Scope,
        #[command(flatten)]
        config: ConfigFlags,
    },
    /// List the leagues.
    #[command(after_help = "Example:\n  don league list")]
    List {
        #[command(flatten)]
        db: DbArg,
    },
}

pub fn league(command: LeagueCommand) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        LeagueCommand::New { name, config, db } => {
            let config = new_config(&config.change()?)?;
            if !name.trim().is_empty() {
                // Before the database is opened (and made, if it is new).
                don::app::error::StoreError::check_name("the league's name", &name)?;
            }
            let league = Cx::create(&db)?.app.league_new(&name, &config)?;
            writeln!(out, "League {}:", shown(&league.name))?;
            write_config(&mut out, &league.config)?;
            writeln!(
                out,
                "Begin a season with: don season new NAME --league {}",
                shell_quoted(&shown(&league.name))
            )?;
        }
        LeagueCommand::Show { scope } => {
            let cx = Cx::read(&scope)?;
            show_league(&mut out, &cx.app, cx.league()?)?;
        }
        LeagueCommand::Set { scope, config } => {
            if !config.given() {
                return Err(CliError::Usage(
                    "say what to change (see `don league set --help`)".into(),
                ));
            }
            let mut cx = Cx::change(&scope)?;
            // The league first: a league not found is said before a flag mistyped.
            cx.league()?;
            let (league, new) = cx.app.league_set(&cx.choice, &config.change()?)?;
            writeln!(out, "League {} (new seasons):", shown(&league.name))?;
            write_config(&mut out, &new)?;
        }
        LeagueCommand::List { db } => {
            let app = Cx::read(&db)?.app;
            let leagues = app.leagues()?;
            if leagues.is_empty() {
                writeln!(out, "No leagues.")?;
            }
            for l in leagues {
                let seasons = app.seasons(&l)?;
                let names: Vec<&str> = seasons.iter().map(|s| s.season.name.as_str()).collect();
                let name = shown(&l.name);
                match names.len() {
                    0 => writeln!(out, "{name}: no seasons yet")?,
                    1 => writeln!(out, "{name}: 1 season, {}", shown(names[0]))?,
                    n => writeln!(out, "{name}: {n} seasons, {}", shown(&names.join(", ")))?,
                }
            }
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}

fn show_league(out: &mut impl Write, app: &App, league: &LeagueInfo) -> Result<(), CliError> {
    writeln!(out, "League {}", shown(&league.name))?;
    writeln!(out, "Configuration for new seasons:")?;
    write_config(out, &league.config)?;
    let seasons = app.seasons(league)?;
    if seasons.is_empty() {
        writeln!(out, "No seasons yet.")?;
    }
    for s in seasons.iter().map(|s| &s.season) {
        let entries = app.entries(s)?;
        let fixtures = app.fixtures(s)?;
        let played = fixtures.iter().filter(|f| f.result.is_some()).count();
        writeln!(
            out,
            "Season {}: {}, {}, {} played",
            shown(&s.name),
            count(entries.len() as i64, "team", "teams"),
            count(
                fixtures.iter().filter(|f| !f.cancelled).count() as i64,
                "fixture",
                "fixtures"
            ),
            played
        )?;
        if s.config != league.config {
            writeln!(out, "  (kept from when it began:)")?;
            write_config(out, &s.config)?;
        }
    }
    let teams = app.teams(league)?;
    let list: Vec<String> = teams
        .iter()
        .map(|t| match &t.venue {
            Some(v) => format!("{} ({v})", t.name),
            None => t.name.clone(),
        })
        .collect();
    writeln!(
        out,
        "Teams: {}",
        if list.is_empty() {
            "none yet".into()
        } else {
            shown(&list.join(", ")).into_owned()
        }
    )?;
    Ok(())
}
