//! The command line: clap definitions, one module per subcommand, and the one place where
//! errors become a message, a hint and an exit code (0 ok, 1 bad data, 2 bad usage or a file
//! that cannot be read). A broken pipe is not an error.

mod address;
mod backup;
mod captain;
mod check;
mod colour;
mod context;
pub mod cup;
mod db;
mod error;
mod export;
mod finish;
mod history;
mod import;
mod league;
mod names;
mod new;
pub mod night;
mod play;
mod prompt;
mod publish;
mod restore;
mod results;
mod serve;
mod sheet;
mod show;
mod standings;
mod stats;
mod text;
mod undo;
mod which;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use error::Exit;

#[derive(Parser)]
#[command(
    name = "don",
    version,
    about = "Keeps the score of Don games (Nine Card Don, Irish Don, Phat, Blind Don, Game to Lose)",
    after_help = "Examples:
  don check examples/*.json
  don import examples/league/*.csv --league 'Abercarn Crib and Don League' --create
  don standings --explain"
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
    #[command(
        after_help = "Examples:\n  don check examples/*.json examples/season.jsonl\n  don check examples/broken/broken.json --json"
    )]
    Check(check::CheckArgs),
    /// Begin a game to score at the table; prints its number.
    New(Box<new::NewArgs>),
    /// Score a game at the table, trick by trick (or hand by hand): the table-side scorer.
    Play(play::PlayArgs),
    /// Show a stored game's score sheet, replayed from what was recorded.
    Show(show::ShowArgs),
    /// List the stored games.
    Games(show::GamesArgs),
    /// Import game records into the database: all of them, or none if any is wrong.
    Import(import::ImportArgs),
    /// Export stored games as records, one a line (docs/formats.md#records).
    Export(export::ExportArgs),
    /// Put back the last change made by any command, or change N of `don log` (undo it again
    /// to redo).
    Undo(undo::UndoArgs),
    /// List the changes made to the database, newest first.
    Log(undo::LogArgs),
    /// Leagues: make one, show or change its configuration.
    #[command(
        subcommand,
        after_help = "Examples:\n  don league new 'Abercarn Crib and Don League'\n  don league show"
    )]
    League(league::LeagueCommand),
    /// A league's seasons: begin one (it keeps the league's configuration as it is then).
    #[command(
        subcommand,
        after_help = "Examples:\n  don season new 2025-26 --teams 'Royal Oak, Red Lion, Fox and Hounds, Carpenters Arms' --create\n  don season list"
    )]
    Season(league::SeasonCommand),
    /// A league's teams.
    #[command(
        subcommand,
        after_help = "Examples:\n  don team add 'Royal Oak' --venue 'Royal Oak, Newbridge'\n  don team list"
    )]
    Team(league::TeamCommand),
    /// A season's divisions: list them, move a team to another.
    #[command(
        subcommand,
        after_help = "Examples:\n  don division list\n  don division move 'Six Bells' 'Division One'"
    )]
    Division(league::DivisionCommand),
    /// A player's names: rename, another way of writing it, the names had.
    #[command(
        subcommand,
        after_help = "Examples:\n  don player rename 'Sian Evans' 'Sian Morgan' --from 2021-08-14\n  don player names 'Sian Morgan'"
    )]
    Player(league::PlayerCommand),
    /// A team's players for a season.
    #[command(
        subcommand,
        after_help = "Examples:\n  don roster add 'Royal Oak' 'Gareth Jones' 'Rhys Evans'\n  don roster show 'Royal Oak'"
    )]
    Roster(league::RosterCommand),
    /// A season's fixtures: generate, list, move, cancel.
    #[command(
        subcommand,
        after_help = "Examples:\n  don fixtures generate --start 2025-09-01 --weekday thu\n  don fixtures list --team 'Royal Oak'"
    )]
    Fixtures(league::FixturesCommand),
    /// Match nights: enter one match by match (or its totals, or a walkover), show one.
    #[command(
        subcommand,
        after_help = "Examples:\n  don night enter 'Royal Oak' 'Red Lion' --totals 5-4\n  don night show 'Royal Oak' 'Red Lion'"
    )]
    Night(night::NightCommand),
    /// Knockout cups of a season: make one, enter teams or players, draw, enter ties, show.
    #[command(
        subcommand,
        after_help = "Examples:\n  don cup new 'League Cup'\n  don cup show 'League Cup'"
    )]
    Cup(cup::CupCommand),
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
    Standings(standings::StandingsArgs),
    /// Players' and partnerships' figures per kind of game, and leaderboards.
    Stats(stats::StatsArgs),
    /// The league's past: champions by season, the all-time table, records, players' careers.
    History(history::HistoryArgs),
    /// Publish the league as a static web site: tables, results, nights, teams, players.
    Publish(publish::PublishArgs),
    /// Serve the league on the web: its pages for everyone, and private links for captains to
    /// enter and confirm nights.
    Serve(serve::ServeArgs),
    /// Private links for captains to act for their team on the web (`don serve`): make, list,
    /// revoke.
    #[command(
        subcommand,
        after_help = "Examples:\n  don captain link 'Royal Oak' --base-url https://league.example.org\n  don captain list\n  don captain revoke 'Royal Oak'"
    )]
    Captain(captain::CaptainCommand),
    /// A private link for the league's secretary to act on the web (`don serve`): make,
    /// revoke.
    #[command(
        subcommand,
        after_help = "Examples:\n  don secretary link --base-url https://league.example.org\n  don secretary revoke"
    )]
    Secretary(captain::SecretaryCommand),
    /// A private link for whoever scores a game on a phone (`don serve`): make, revoke.
    #[command(
        subcommand,
        after_help = "Examples:\n  don scorer link 7 --base-url https://league.example.org\n  don scorer revoke 7"
    )]
    Scorer(captain::ScorerCommand),
    /// Copy the database into FILE (safe while others write), checked before it is put there.
    Backup(backup::BackupArgs),
    /// Put a backup in place of the database (with no one using it), keeping the database it
    /// replaces beside it.
    Restore(restore::RestoreArgs),
    /// Print a shell completion script for don (bash, zsh or fish).
    Completions(finish::CompletionsArgs),
    /// Print don's manual page (roff), or write a page for every command into a folder.
    Man(finish::ManArgs),
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
        Command::Division(c) => league::division(c),
        Command::Roster(c) => league::roster(c),
        Command::Player(c) => league::player(c),
        Command::Fixtures(c) => league::fixtures(c),
        Command::Night(c) => night::night(c),
        Command::Cup(c) => cup::cup(c),
        Command::Deduct(args) => night::adjust(args, -1),
        Command::Award(args) => night::adjust(args, 1),
        Command::Withdraw(args) => night::withdraw(args),
        Command::Standings(args) => standings::run(args),
        Command::Stats(args) => stats::run(args),
        Command::History(args) => history::run(args),
        Command::Publish(args) => publish::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Captain(c) => captain::captain(c),
        Command::Secretary(c) => captain::secretary(c),
        Command::Scorer(c) => captain::scorer(c),
        Command::Backup(args) => backup::run(args),
        Command::Restore(args) => restore::run(args),
        Command::Completions(args) => finish::completions(args, Cli::command()),
        Command::Man(args) => finish::man(args, Cli::command()),
    };
    match result {
        Ok(Exit::Ok) => ExitCode::SUCCESS,
        Ok(Exit::BadData) => ExitCode::from(1),
        Err(e) if e.is_closed_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let e = e.naming_database(db::opened_path());
            // Nothing more can be said if standard error is closed too.
            let paint = colour::Paint::stderr();
            let mut err = io::stderr().lock();
            let _ = writeln!(
                err,
                "don: {}: {}",
                paint.error(),
                text::shown(&e.to_string())
            );
            if let Some(hint) = e.hint() {
                let _ = writeln!(err, "  {}: {hint}", paint.hint());
            }
            ExitCode::from(e.exit_code())
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::Cli;

    /// The commands, by their full names ("don night enter"), whose help has no example.
    fn without_example(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
        let has = |s: Option<&clap::builder::StyledStr>| {
            s.is_some_and(|s| s.to_string().contains("Example"))
        };
        if !has(cmd.get_after_help()) && !has(cmd.get_after_long_help()) {
            missing.push(path.to_string());
        }
        for sub in cmd.get_subcommands() {
            without_example(sub, &format!("{path} {}", sub.get_name()), missing);
        }
    }

    #[test]
    fn every_command_has_an_example() {
        let mut missing = Vec::new();
        without_example(&Cli::command(), "don", &mut missing);
        assert_eq!(missing, Vec::<String>::new());
    }

    /// The `don …` lines under "Example:" or "Examples:" in every command's help.
    fn examples(cmd: &clap::Command, all: &mut Vec<String>) {
        for help in [cmd.get_after_help(), cmd.get_after_long_help()]
            .into_iter()
            .flatten()
        {
            let help = help.to_string();
            let mut in_examples = false;
            for line in help.lines() {
                if line.starts_with("Example") {
                    in_examples = true;
                } else if !line.starts_with(' ') {
                    in_examples = false;
                } else if in_examples {
                    // `cat games.jsonl | don import -`: the don after the pipe.
                    let line = line.rsplit("| ").next().unwrap_or(line).trim();
                    if line.starts_with("don ") {
                        all.push(line.to_string());
                    }
                }
            }
        }
        for sub in cmd.get_subcommands() {
            examples(sub, all);
        }
    }

    /// An example as the shell would hand it to don: words split at spaces outside single
    /// quotes, up to a redirection or a comment.
    fn words(line: &str) -> Vec<String> {
        let (mut words, mut word, mut quoted, mut in_word) =
            (Vec::new(), String::new(), false, false);
        for c in line.chars() {
            match c {
                '\'' => {
                    quoted = !quoted;
                    in_word = true;
                }
                ' ' if !quoted => {
                    if in_word {
                        words.push(std::mem::take(&mut word));
                        in_word = false;
                    }
                }
                '>' | '#' if !quoted && !in_word => break,
                c => {
                    word.push(c);
                    in_word = true;
                }
            }
        }
        assert!(!quoted, "unbalanced quotes in {line}");
        if in_word {
            words.push(word);
        }
        words
    }

    #[test]
    fn example_words_are_split_as_a_shell_would() {
        assert_eq!(
            words("don roster show 'Royal Oak' --season 2025-26 > x.txt  # a comment"),
            ["don", "roster", "show", "Royal Oak", "--season", "2025-26"]
        );
        assert_eq!(words("don undo        # again"), ["don", "undo"]);
    }

    #[test]
    fn every_example_is_a_command_line_don_accepts() {
        let mut all = Vec::new();
        examples(&Cli::command(), &mut all);
        assert!(all.len() > 40, "only {} examples found", all.len());
        for example in &all {
            if let Err(e) = Cli::try_parse_from(words(example)) {
                panic!("{example}: {e}");
            }
        }
    }

    /// The positional arguments, by command ("don night enter <HOME>"), that have no words in
    /// the help.
    fn without_words(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
        for arg in cmd.get_positionals() {
            if arg
                .get_help()
                .is_none_or(|h| h.to_string().trim().is_empty())
            {
                missing.push(format!("{path} <{}>", arg.get_id().as_str().to_uppercase()));
            }
        }
        for sub in cmd.get_subcommands() {
            without_words(sub, &format!("{path} {}", sub.get_name()), missing);
        }
    }

    #[test]
    fn every_argument_has_words_in_the_help() {
        let mut missing = Vec::new();
        without_words(&Cli::command(), "don", &mut missing);
        assert_eq!(missing, Vec::<String>::new());
    }

    #[test]
    fn clap_colours_its_own_help_only_when_it_should() {
        assert_eq!(Cli::command().get_color(), clap::ColorChoice::Auto);
    }
}
