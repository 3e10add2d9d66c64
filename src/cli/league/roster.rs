//! `don roster`: put players on a team's roster for a season, move one to another team from a
//! date, take them off, show the rosters.

use std::io::{self, BufWriter, Write};

use don::app::league::RosterAdded;
use don::app::view::team::TeamView;
use don::app::{App, SeasonInfo, TeamInfo};

use crate::cli::colour::Paint;
use crate::cli::context::{Cx, Scope};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::{count, fit, shown, table};

#[derive(clap::Subcommand)]
pub enum RosterCommand {
    /// Put players on a team's roster for a season (new players are made).
    #[command(
        after_help = "Example:\n  don roster add 'Royal Oak' 'Gareth Jones' 'Rhys Evans' 'Dai Morgan'",
        mut_arg("season", |a| a.help("The season [default: the one being set up: made last, while it has no fixtures; else the current one, whose fixtures' dates hold today, else the latest by dates]"))
    )]
    Add {
        /// The team
        team: String,
        /// The players' names
        #[arg(required = true)]
        players: Vec<String>,
        /// Make the team if the league has none of that name
        #[arg(long)]
        create: bool,
        /// A name close to a player the league knows ("Ivor Jams" beside "Ivor James") is
        /// someone new, not a slip (repeat for each)
        #[arg(long = "new-player", value_name = "NAME")]
        new_players: Vec<String>,
        #[command(flatten)]
        scope: Scope,
    },
    /// Move a player to another team from a date (a transfer): nights before the date count
    /// for their old team, from it for the new one.
    #[command(
        after_help = "Example:\n  don roster transfer 'Red Lion' 'Dai Jones' --on 2026-11-01",
        mut_arg("season", |a| a.help("The season [default: the one being set up: made last, while it has no fixtures; else the current one, whose fixtures' dates hold today, else the latest by dates]"))
    )]
    Transfer {
        /// The team the player moves to
        team: String,
        /// The player (as the league names them: 'Dai Jones (Royal Oak)' where two share a name)
        player: String,
        /// The day the player plays for the new team from (YYYY-MM-DD)
        #[arg(long, value_name = "DATE")]
        on: String,
        #[command(flatten)]
        scope: Scope,
    },
    /// Take players off a team's roster for a season.
    #[command(after_help = "Example:\n  don roster remove 'Royal Oak' 'Rhys Evans'")]
    Remove {
        /// The team
        team: String,
        /// The players' names
        #[arg(required = true)]
        players: Vec<String>,
        #[command(flatten)]
        scope: Scope,
    },
    /// Show the rosters of a season (of one team, if named); a roster below the minimum is
    /// warned about.
    #[command(after_help = "Example:\n  don roster show 'Royal Oak' --season 2025-26")]
    Show {
        /// Only this team [default: every team of the season]
        team: Option<String>,
        #[command(flatten)]
        scope: Scope,
    },
}

pub fn roster(command: RosterCommand) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        RosterCommand::Add {
            team,
            players,
            create,
            new_players,
            scope,
        } => {
            // Refused before the database is opened, as a slip of the command line.
            don::app::league::players_once(&players)?;
            let mut cx = Cx::change(&scope)?;
            let added = cx
                .app
                .roster_add(&cx.choice, &team, &players, create, &new_players)?;
            say_added(&mut out, &added)?;
        }
        RosterCommand::Transfer {
            team,
            player,
            on,
            scope,
        } => {
            let on = crate::cli::which::parse_date(&on, "--on")?;
            let mut cx = Cx::change(&scope)?;
            let moved = cx.app.roster_transfer(&cx.choice, &team, &player, on)?;
            writeln!(
                out,
                "{} ({}): {} moves from {} from {}; nights before count for {}.",
                shown(&moved.to.name),
                shown(&moved.season.name),
                shown(&moved.player),
                shown(&moved.from),
                moved.on,
                shown(&moved.from),
            )?;
        }
        RosterCommand::Remove {
            team,
            players,
            scope,
        } => {
            let mut cx = Cx::change(&scope)?;
            let team = cx.app.roster_remove(&cx.choice, &team, &players)?;
            writeln!(
                out,
                "{}: {} taken off the roster.",
                shown(&team.name),
                shown(&players.join(", "))
            )?;
        }
        RosterCommand::Show { team, scope } => {
            let cx = Cx::read(&scope)?;
            let (league, season) = cx.both()?;
            let team = team.map(|t| cx.app.team(league, &t)).transpose()?;
            write_rosters(&mut out, &cx.app, season, team.as_ref())?;
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// What `don roster add` did: the team made, the players added, the warnings.
fn say_added(out: &mut impl Write, r: &RosterAdded) -> Result<(), CliError> {
    if r.team_made {
        writeln!(out, "{}", shown(&format!("new team {}", r.team.name)))?;
    }
    let added = if r.added.is_empty() {
        "nobody".into()
    } else {
        shown(&r.added.join(", ")).into_owned()
    };
    writeln!(
        out,
        "{} ({}): {added} added; {} on the roster.",
        shown(&r.team.name),
        shown(&r.season.name),
        r.size
    )?;
    for w in &r.look_alike {
        out.flush()?;
        eprintln!("{}: {w}", Paint::stderr().warning());
    }
    if r.short() {
        let short = short_roster(&r.team.name, r.size, r.season.config.roster_min);
        eprintln!("{}: {short}", Paint::stderr().warning());
    }
    Ok(())
}

/// A roster below the least a roster has, as a warning says it.
fn short_roster(team: &str, size: usize, min: u32) -> String {
    format!(
        "{} has {} on its roster; a roster has at least {min}",
        shown(team),
        count(size as i64, "player", "players"),
    )
}

/// The teams of a season with their rosters, each below the minimum marked.
pub fn write_rosters(
    out: &mut impl Write,
    app: &App,
    season: &SeasonInfo,
    only: Option<&TeamInfo>,
) -> Result<(), CliError> {
    let mut table = table(&["Team", "Venue", "Players", "Roster"], &[]);
    let mut short = Vec::new();
    for e in app.entries(season)? {
        if only.is_some_and(|t| t.id != e.team.id) {
            continue;
        }
        let v = TeamView::of(&e, season.config.roster_min);
        let name = shown(&v.team.text);
        if v.short() {
            short.push(short_roster(&v.team.text, v.roster.len(), v.roster_min));
        }
        let roster: Vec<&str> = v.roster.iter().map(|p| p.text.as_str()).collect();
        table.add_row([
            match v.withdrawn {
                Some(d) => format!("{name} (withdrew on {d})"),
                None => name.into_owned(),
            },
            shown(v.venue.as_deref().unwrap_or_default()).into_owned(),
            v.roster.len().to_string(),
            shown(&roster.join(", ")).into_owned(),
        ]);
    }
    // The number of players is never broken across lines.
    fit(&mut table, &[2], &[0]);
    writeln!(out, "Season {}", shown(&season.name))?;
    writeln!(out, "{table}")?;
    let paint = Paint::stderr();
    for s in short {
        eprintln!("{}: {s}", paint.warning());
    }
    Ok(())
}
