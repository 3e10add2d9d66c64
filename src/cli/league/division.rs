//! `don division`: a season's divisions (docs/league.md#divisions): list them, move a team to another
//! before the fixtures are made.

use std::io::{self, BufWriter, Write};

use don::app::league::division::MoveView;

use crate::cli::context::{Cx, Scope};
use crate::cli::error::{CliError, Exit};
use crate::cli::text::shown;

#[derive(clap::Subcommand)]
pub enum DivisionCommand {
    /// List a season's divisions, top first, with their teams.
    #[command(
        after_help = "Example:\n  don division list --season 2025-26",
        mut_arg("season", |a| a.help("The season [default: the one made last while it has no fixtures, as for division move]"))
    )]
    List {
        #[command(flatten)]
        scope: Scope,
    },
    /// Move a team to another division of a season, before its fixtures are made.
    #[command(
        after_help = "Example:\n  don division move 'Six Bells' 'Division One' --season 2025-26",
        mut_arg("season", |a| a.help("The season [default: the one made last while it has no fixtures]"))
    )]
    Move {
        /// The team
        team: String,
        /// The division it goes to
        division: String,
        #[command(flatten)]
        scope: Scope,
    },
}

/// The teams gone up and down from one season to the next, a line for each pair of divisions
/// (promoted first).
pub fn write_moves(out: &mut impl Write, moves: &[MoveView]) -> io::Result<()> {
    let mut pairs: Vec<(&str, &str, bool)> = Vec::new();
    for m in moves {
        let pair = (m.from.as_str(), m.to.as_str(), m.up);
        if !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    pairs.sort_by_key(|p| !p.2);
    for (from, to, up) in pairs {
        let teams: Vec<&str> = moves
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .map(|m| m.team.as_str())
            .collect();
        let what = if up { "Promoted" } else { "Relegated" };
        let line = format!("{what} from {from} to {to}: {}", teams.join(", "));
        writeln!(out, "{}", shown(&line))?;
    }
    Ok(())
}

pub fn division(command: DivisionCommand) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        DivisionCommand::List { scope } => {
            let cx = Cx::read(&scope)?;
            let listed = cx.app.divisions(&cx.choice)?;
            if listed.divisions.is_empty() {
                let line = format!(
                    "Season {} has no divisions: its teams play as one.",
                    listed.season.name
                );
                writeln!(out, "{}", shown(&line))?;
            }
            for d in &listed.divisions {
                let line = format!("{}: {}", d.name, d.teams.join(", "));
                writeln!(out, "{}", shown(&line))?;
            }
        }
        DivisionCommand::Move {
            team,
            division,
            scope,
        } => {
            let mut cx = Cx::change(&scope)?;
            let moved = cx.app.division_move(&cx.choice, &team, &division)?;
            let from = match &moved.from {
                Some(f) => format!(" from {f}"),
                None => String::new(),
            };
            let line = format!(
                "Moved {}{from} to {} in season {}.",
                moved.team, moved.to, moved.season.name
            );
            writeln!(out, "{}", shown(&line))?;
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}
