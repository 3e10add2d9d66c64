//! The arguments of `don night`'s subcommands and `--season`'s help where a night is named.

use std::fmt::Display;

use don::app::night::enter::Given;

use super::entry::{parse_legs, parse_match};
use crate::cli::context::Scope;
use crate::cli::error::CliError;

/// `--season`'s help where a night is named: what it defaults to there.
pub(super) const NIGHT_SEASON: &str = "The season [default: the one whose dates hold the night's --date (told apart by the teams' fixture on it when seasons overlap); without --date, the current one]";

/// `--season`'s help for a dated change (a deduction, an award, a withdrawal).
pub(super) const DATED_SEASON: &str = "The season [default: the one whose dates hold --date (today without it), else the one ended last before it, else the current one]";

/// Which night: the two teams, and the date when they met more than once.
#[derive(clap::Args)]
pub struct NightArgs {
    /// The home team
    pub(super) home: String,
    /// The away team
    pub(super) away: String,
    /// The night's date, when the teams met more than once
    #[arg(long)]
    pub(super) date: Option<String>,
    /// The team confirming or disputing [default: the team that did not enter the night]
    #[arg(long, value_name = "TEAM")]
    pub(super) by: Option<String>,
    #[command(flatten)]
    pub(super) scope: Scope,
}

#[derive(clap::Args)]
pub struct ConfirmArgs {
    #[command(flatten)]
    pub(super) night: NightArgs,
}

#[derive(clap::Args)]
pub struct DisputeArgs {
    #[command(flatten)]
    pub(super) night: NightArgs,
    /// Why the result is not accepted (shown on the published pages)
    #[arg(long)]
    pub(super) reason: String,
}

/// A night's result as given: its matches, its totals or a walkover (none: at the prompt).
#[derive(clap::Args)]
pub struct ResultArgs {
    /// A match: KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]; repeat for each
    #[arg(long = "match", value_name = "MATCH")]
    pub(super) matches: Vec<String>,
    /// Only the night's result is known: matches won, home first (e.g. 5-4)
    #[arg(long, value_name = "H-A", conflicts_with_all = ["matches", "walkover"])]
    pub(super) totals: Option<String>,
    /// One team did not turn up: the side that did (home or away)
    #[arg(long, value_name = "SIDE", conflicts_with = "matches")]
    pub(super) walkover: Option<String>,
    /// A player new to the league whose name is close to one it knows (without it such a name
    /// is refused as a slip: "did you mean …?"; `night enter` asks on a terminal); repeat for each
    #[arg(long = "new-player", value_name = "NAME")]
    pub(super) new_players: Vec<String>,
}

impl ResultArgs {
    /// The night as given, read: `--totals`, `--walkover`, each `--match` (a match refused is
    /// named by its place among them), or none (asked for at the prompt).
    pub(super) fn given(&self) -> Result<Given, CliError> {
        let usage = |flag: &str, e: &dyn Display| CliError::Usage(format!("{flag}: {e}"));
        Ok(match (&self.totals, &self.walkover) {
            (Some(t), _) => Given::Totals(parse_legs(t).map_err(|e| usage("--totals", &e))?),
            (None, Some(w)) => {
                Given::Walkover(w.parse().map_err(|e: String| usage("--walkover", &e))?)
            }
            (None, None) if self.matches.is_empty() => Given::AtPrompt,
            (None, None) => Given::Matches(
                self.matches
                    .iter()
                    .enumerate()
                    .map(|(i, line)| {
                        parse_match(line).map_err(|e| usage(&format!("--match {}", i + 1), &e))
                    })
                    .collect::<Result<_, _>>()?,
            ),
        })
    }
}

#[derive(clap::Args)]
pub struct EnterArgs {
    /// The home team (the fixture's, as `don fixtures list` shows it)
    pub(super) home: String,
    /// The away team
    pub(super) away: String,
    /// The night's date [default: the fixture's]
    #[arg(long)]
    pub(super) date: Option<String>,
    /// The night was played on --date, not on its fixture's date: the fixture is moved (on a
    /// terminal, a night off its fixture's date is asked about)
    #[arg(long, requires = "date")]
    pub(super) moved: bool,
    #[command(flatten)]
    pub(super) result: ResultArgs,
    /// The team entering the night; it stays provisional until confirmed for the other
    /// [default: the home team]
    #[arg(long = "for", value_name = "TEAM")]
    pub(super) entered_for: Option<String>,
    #[command(flatten)]
    pub(super) scope: Scope,
}

#[derive(clap::Args)]
pub struct CorrectArgs {
    /// The home team of the night to correct
    pub(super) home: String,
    /// The away team
    pub(super) away: String,
    /// The night's date, when the teams met more than once
    #[arg(long)]
    pub(super) date: Option<String>,
    #[command(flatten)]
    pub(super) result: ResultArgs,
    #[command(flatten)]
    pub(super) scope: Scope,
}
