//! The command line: clap definitions, one module per subcommand, and the one place where
//! errors become a message, a hint and an exit code (0 ok, 1 bad data, 2 bad usage or a file
//! that cannot be read). A broken pipe is not an error.

mod check;
mod db;
mod error;
mod export;
mod import;
mod league;
mod new;
mod night;
mod play;
mod prompt;
mod publish;
mod results;
mod sheet;
mod show;
mod standings;
mod stats;
mod text;
mod undo;
mod which;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use error::Done;

#[derive(Parser)]
#[command(
    name = "don",
    version,
    about = "Keeps the score of Don games (Nine Card Don, Irish Don, Phat, Blind Don, Game to Lose)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check game records against the rules and print their score sheets.
    ///
    /// Every hand is replayed through the rules: tricks (trumps, following suit, who won, what
    /// it pegs, reneges), or totals, which must be possible. Nothing is stored.
    ///
    /// Exit status: 0 when every record is valid (warnings allowed), 1 when any record has an
    /// error, 2 when a file cannot be read.
    Check(check::Args),
    /// Begin a game to score at the table; prints its number.
    New(Box<new::Args>),
    /// Score a game at the table, trick by trick (or hand by hand): the table-side scorer.
    Play(play::Args),
    /// Show a stored game's score sheet, replayed from what was recorded.
    Show(show::ShowArgs),
    /// List the stored games.
    Games(show::GamesArgs),
    /// Import game records into the database: all of them, or none if any is wrong.
    Import(import::Args),
    /// Export stored games as records (FORMAT.md §1, one a line).
    Export(export::Args),
    /// Put back the last change made by any command (undo it again to redo).
    Undo(undo::UndoArgs),
    /// List the changes made to the database, newest first.
    Log(undo::LogArgs),
    /// Leagues: make one, show or change its configuration.
    #[command(subcommand)]
    League(league::LeagueCommand),
    /// A league's seasons: begin one (it keeps the league's configuration as it is then).
    #[command(subcommand)]
    Season(league::SeasonCommand),
    /// A league's teams.
    #[command(subcommand)]
    Team(league::TeamCommand),
    /// A team's players for a season.
    #[command(subcommand)]
    Roster(league::RosterCommand),
    /// A season's fixtures: generate, list, move, cancel.
    #[command(subcommand)]
    Fixtures(league::FixturesCommand),
    /// Match nights: enter one match by match (or its totals, or a walkover), show one.
    #[command(subcommand)]
    Night(night::NightCommand),
    /// Deduct championship points from a team, with a reason.
    #[command(
        after_help = "Example:\n  don deduct 'Red Lion' 2 --reason 'unregistered player' --date 2025-11-06"
    )]
    Deduct(night::AdjustArgs),
    /// Award championship points to a team, with a reason.
    #[command(after_help = "Example:\n  don award 'Royal Oak' 1 --reason 'match conceded late'")]
    Award(night::AdjustArgs),
    /// Withdraw a team from a season: it is expunged from the table.
    Withdraw(night::WithdrawArgs),
    /// The league table, worked out from the nights played.
    Standings(standings::Args),
    /// Players' and partnerships' figures per kind of game, and leaderboards.
    Stats(stats::Args),
    /// Publish the league as a static web site: tables, results, nights, teams, players.
    Publish(publish::Args),
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => check::run(args),
        Command::New(args) => new::run(*args),
        Command::Play(args) => play::run(args),
        Command::Show(args) => show::show(args),
        Command::Games(args) => show::games(args),
        Command::Import(args) => import::run(args),
        Command::Export(args) => export::run(args),
        Command::Undo(args) => undo::undo(args),
        Command::Log(args) => undo::log(args),
        Command::League(c) => league::league(c),
        Command::Season(c) => league::season(c),
        Command::Team(c) => league::team(c),
        Command::Roster(c) => league::roster(c),
        Command::Fixtures(c) => league::fixtures(c),
        Command::Night(c) => night::night(c),
        Command::Deduct(args) => night::adjust(args, -1),
        Command::Award(args) => night::adjust(args, 1),
        Command::Withdraw(args) => night::withdraw(args),
        Command::Standings(args) => standings::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Publish(args) => publish::run(args),
    };
    match result {
        Ok(Done::Ok) => ExitCode::SUCCESS,
        Ok(Done::BadData) => ExitCode::from(1),
        Err(e) if e.is_closed_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // Nothing more can be said if standard error is closed too.
            let mut err = io::stderr().lock();
            let _ = writeln!(err, "don: error: {}", text::shown(&e.to_string()));
            if let Some(hint) = e.hint() {
                let _ = writeln!(err, "  hint: {hint}");
            }
            ExitCode::from(e.exit_code())
        }
    }
}
