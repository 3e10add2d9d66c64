//! `don play [GAME]`: the table-side scorer. Each line typed (docs/formats.md) is checked at once:
//! a wrong one is refused with the reason and nothing is recorded; a right one is committed to
//! the database before it is answered, so `quit`, the end of input, Ctrl-C or a killed process
//! all leave the game exactly as last answered, and `don play` carries on from there.

use std::io::{self, Write};

use don::scorer::{Answer, LineRefusal, ScorerView, LINES};

use super::db::DbArg;
use super::error::{CliError, Exit};
use super::prompt::table_prompt;
use super::text::shown;

#[derive(clap::Args)]
#[command(after_help = after_help())]
pub struct PlayArgs {
    /// The game: its number, or its record's id [default: the most recent unfinished game]
    game: Option<String>,
    #[command(flatten)]
    db: DbArg,
}

fn after_help() -> String {
    format!(
        "Lines (docs/formats.md#the-scorers-lines), one an entry:
{}

Where the game stands is said in full when a hand begins (and whenever it changes); the prompt
is short: `H2 T3 · E leads · ♥ · NS 0–17 EW >` (hand 2, trick 3).

Example:
  don new nine-card-don --seats 'Gareth, Dai, Rhys, Huw' --pitcher S
  don play",
        lines_help()
    )
}

/// [`LINES`] as a list: each example line, and under it what it records, indented; at most 60
/// columns, to fit a small terminal. `quit` says the command that carries on.
fn lines_help() -> String {
    LINES
        .iter()
        .map(|&(line, what)| {
            let what = match line {
                "quit" => "stops (or exit); `don play` carries on later",
                _ => what,
            };
            format!("  {line}\n      {}", what.replace('\n', "\n      "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn run(args: PlayArgs) -> Result<Exit, CliError> {
    let mut app = args.db.app_existing()?;
    let game = match &args.game {
        Some(key) => app.game_named(key)?,
        None => app.latest_unfinished()?,
    };
    let held = app.leg_holding(game)?;
    let mut session = app.scorer_session(game)?;
    let mut prompt = table_prompt();
    let mut out = io::stdout().lock();
    writeln!(out, "Game {game}: {}", session.variant().describe())?;
    // How the terminal takes the night's hold away, said after the refusal of each line.
    let advice = held.as_ref().map(super::error::leg_holding_advice);
    if let Some(held) = &held {
        writeln!(
            out,
            "{}.",
            shown(&format!("{held}{}", advice.as_deref().unwrap_or("")))
        )?;
    }
    let status = session.status();
    if !status.tricks.is_empty() {
        writeln!(out, "Hand {} so far:", status.hand)?;
        for (i, trick) in status.tricks.iter().enumerate() {
            writeln!(out, "  trick {}: {trick}", i + 1)?;
        }
    }
    out.flush()?;
    let mut refused = 0usize;
    // The status last said in full: said again only when the hand (or its pitcher, the leg,
    // the end) changes.
    let mut said: Option<ScorerView> = None;
    let quit = loop {
        let status = session.status();
        if !said.as_ref().is_some_and(|s| s.same_heading(&status)) {
            writeln!(out, "{}", shown(&status.to_string()))?;
            out.flush()?;
        }
        let Some(line) = prompt.line(&status.prompt())? else {
            break prompt.interactive();
        };
        said = Some(status);
        let entered = match prompt.over_long() {
            Some(why) => Err(LineRefusal::Line(why.into())),
            None => session.enter_line(&line),
        };
        match entered {
            Ok(Answer::Quit) => break true,
            Ok(Answer::Help) => {
                writeln!(out, "Lines, one an entry:\n{}", lines_help())?;
                out.flush()?;
            }
            Ok(answer) => {
                for said in answer.announcements() {
                    writeln!(out, "{}", shown(&said.to_string()))?;
                }
                out.flush()?;
            }
            Err(LineRefusal::Line(why)) => {
                refused += 1;
                let why = why.to_string();
                let why = match &advice {
                    Some(advice) if session.status().held => format!("{why}{advice}"),
                    _ => why,
                };
                let mut err = io::stderr().lock();
                if prompt.interactive() {
                    writeln!(err, "{}", shown(&why.to_string()))?;
                } else {
                    writeln!(
                        err,
                        "line {}: refused, nothing recorded: {}",
                        prompt.line_number(),
                        shown(&why.to_string())
                    )?;
                }
            }
            Err(LineRefusal::Journal(e)) => return Err(e.into()),
        }
    };
    if quit {
        writeln!(
            out,
            "Game {game} is saved as it stands; `don play {game}` carries on from here."
        )?;
    }
    if refused > 0 && !prompt.interactive() {
        return Ok(Exit::BadData);
    }
    Ok(Exit::Ok)
}

#[cfg(test)]
mod tests {
    use super::{lines_help, LINES};

    #[test]
    fn the_help_fits_60_columns_and_gives_every_line_that_reads() {
        let help = lines_help();
        for line in help.lines() {
            assert!(line.chars().count() <= 60, "too wide: {line}");
        }
        for (example, _) in LINES {
            let read = don::record::line::parse_line(example);
            if example.starts_with('#') {
                assert!(read.is_ok_and(|l| l.is_none()), "{example}");
            } else {
                assert!(read.is_ok_and(|l| l.is_some()), "{example}");
            }
        }
        // Each example, then what it records: the totals on four lines, a trick and abandon on
        // two.
        assert_eq!(help.lines().count(), 2 * LINES.len() + 3 + 1 + 1);
        for word in ["\n      muck NS,", "game N+E", "\n  # N led the 5\n"] {
            assert!(help.contains(word), "{word}: {help}");
        }
    }
}
