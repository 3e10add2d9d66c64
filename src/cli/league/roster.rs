//! `don roster`: put players on a team's roster for a season, take them off, show the rosters.

use std::io::{self, BufWriter, Write};

use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};

use don::app::league::RosterAdded;
use don::app::view::team::TeamView;
use don::app::{App, SeasonInfo, TeamInfo};

use crate::cli::colour::Paint;
use crate::cli::db::DbArg;
use crate::cli::error::{CliError, Done};
use crate::cli::text::{count, fit, shown};
use crate::cli::which::WhichArgs;

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
        which: WhichArgs,
        #[command(flatten)]
        db: DbArg,
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
        which: WhichArgs,
        #[command(flatten)]
        db: DbArg,
    },
    /// Show the rosters of a season (of one team, if named); a roster below the minimum is
    /// warned about.
    #[command(after_help = "Example:\n  don roster show 'Royal Oak' --season 2025-26")]
    Show {
        /// Only this team [default: every team of the season]
        team: Option<String>,
        #[command(flatten)]
        which: WhichArgs,
        #[command(flatten)]
        db: DbArg,
    },
}

pub fn roster(command: RosterCommand) -> Result<Done, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        RosterCommand::Add {
            team,
            players,
            create,
            new_players,
            which,
            db,
        } => {
            // Refused before the database is opened, as a slip of the command line.
            don::app::league::players_once(&players)?;
            let added = db.app_existing()?.roster_add(
                &which.choice(),
                &team,
                &players,
                create,
                &new_players,
            )?;
            say_added(&mut out, &added)?;
        }
        RosterCommand::Remove {
            team,
            players,
            which,
            db,
        } => {
            let team = db
                .app_existing()?
                .roster_remove(&which.choice(), &team, &players)?;
            writeln!(
                out,
                "{}: {} taken off the roster.",
                shown(&team.name),
                shown(&players.join(", "))
            )?;
        }
        RosterCommand::Show { team, which, db } => {
            let app = db.app_read()?;
            let (league, season) = which.both(&app)?;
            let team = team.map(|t| app.team(&league, &t)).transpose()?;
            write_rosters(&mut out, &app, &season, team.as_ref())?;
        }
    }
    out.flush()?;
    Ok(Done::Ok)
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
        eprintln!(
            "{}: {} has {} on its roster; a roster has at least {}",
            Paint::stderr().warning(),
            shown(&r.team.name),
            count(r.size as i64, "player", "players"),
            r.season.config.roster_min
        );
    }
    Ok(())
}

/// The teams of a season with their rosters, each below the minimum marked.
pub fn write_rosters(
    out: &mut impl Write,
    app: &App,
    season: &SeasonInfo,
    only: Option<&TeamInfo>,
) -> Result<(), CliError> {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["Team", "Venue", "Players", "Roster"]);
    let mut short = Vec::new();
    for e in app.entries(season)? {
        if only.is_some_and(|t| t.id != e.team.id) {
            continue;
        }
        let v = TeamView::of(&e, season.config.roster_min);
        let name = shown(&v.team.text);
        if v.short() {
            short.push(format!(
                "warning: {name} has {} on its roster; a roster has at least {}",
                count(v.roster.len() as i64, "player", "players"),
                v.roster_min
            ));
        }
        let roster: Vec<&str> = v.roster.iter().map(|p| p.text.as_str()).collect();
        table.add_row([
            match v.withdrawn {
                Some(d) => format!("{name} (withdrew {d})"),
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
        eprintln!("{}", paint.line(&s));
    }
    Ok(())
}
