//! `don night` (enter and show match nights), `don walkover`, `don deduct`, `don award` and
//! `don withdraw`: the results of a season and its adjustments.

mod adjust;
mod args;
pub(crate) mod ask;
mod confirm;
mod correct;
mod enter;
pub mod entry;
mod prompt;
mod show;

use self::args::NIGHT_SEASON;
pub use self::args::{ConfirmArgs, CorrectArgs, DisputeArgs, EnterArgs};
use self::confirm::{settle, show};
use self::correct::correct;
use self::enter::enter;
use crate::cli::context::Scope;
use crate::cli::error::{CliError, Exit};

pub use adjust::{adjust, withdraw, AdjustArgs, WithdrawArgs};
// The helpers other commands use, by the names they have always had.
#[allow(unused_imports)]
pub use show::write_night;

#[derive(clap::Subcommand)]
pub enum NightCommand {
    /// Enter a match night: match by match at a prompt, or with --match, --totals or --walkover.
    #[command(
        after_help = "A match is typed KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]:
  don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-87 96-121 121-110
  single-crib 3; Sian; Mair; 0-2
  don 2; ; ; 2-0; #14 #15        (legs scored with `don play` as games 14 and 15)

At the prompt each answer is checked as it is given; `quit` or Ctrl-D ends the entry (the matches
entered stay). Piped, a refused answer stops the entry at its line.

Examples:
  don night enter 'Royal Oak' 'Red Lion' --date 2025-09-04
  don night enter 'Royal Oak' 'Red Lion' --match 'don 1; Gareth+Rhys; Dai+Huw; 2-1'
  don night enter 'Royal Oak' 'Red Lion' --totals 5-4
  don night enter 'Royal Oak' 'Red Lion' --date 2025-09-05 --moved --totals 5-4   # played a day late",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
    Enter(EnterArgs),
    /// Correct a night's result: it is replaced, as one change, by the matches, totals or
    /// walkover given (or typed at the prompt); the corrected night stands confirmed, any
    /// dispute settled, if it is complete (one still incomplete stays provisional for the team
    /// that entered it). `don undo` puts the old result back.
    #[command(
        after_help = "With --match, each match given replaces the night's match of its kind and slot; the others stay.
At the prompt, name each match to correct (e.g. `single-crib 2`), then type it again.

Examples:
  don night correct 'Royal Oak' 'Red Lion' --match 'single-crib 2; Sian; Mair; 1-2'
  don night correct 'Royal Oak' 'Red Lion' --date 2025-09-04 --totals 4-5",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
    Correct(CorrectArgs),
    /// Show a night's matches, players, legs and leg scores.
    #[command(
        after_help = "Example:\n  don night show 'Royal Oak' 'Red Lion'",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
    Show {
        /// The home team
        home: String,
        /// The away team
        away: String,
        /// The night's date, when the teams met more than once
        #[arg(long)]
        date: Option<String>,
        #[command(flatten)]
        scope: Scope,
    },
    /// Confirm a night's result for the team that did not enter it: it is then no longer
    /// provisional (a disputed night confirmed is settled).
    #[command(
        after_help = "Example:\n  don night confirm 'Royal Oak' 'Red Lion' --by 'Red Lion'",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
    Confirm(ConfirmArgs),
    /// Dispute a night's result, with a reason: the pages mark it, and `standings --confirmed`
    /// leaves it out until it is confirmed.
    #[command(
        after_help = "Example:\n  don night dispute 'Royal Oak' 'Red Lion' --by 'Red Lion' --reason 'single crib 2 was 2-1 to us'",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
    Dispute(DisputeArgs),
}

pub fn night(command: NightCommand) -> Result<Exit, CliError> {
    match command {
        NightCommand::Enter(args) => enter(args),
        NightCommand::Correct(args) => correct(args),
        NightCommand::Show {
            home,
            away,
            date,
            scope,
        } => show((home, away, date), scope),
        NightCommand::Confirm(args) => settle(args.night, None),
        NightCommand::Dispute(args) => settle(args.night, Some(args.reason)),
    }
}
