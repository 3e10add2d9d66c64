//! `don night enter`: a night's totals, walkover or matches given on the command line, kept by
//! the app as one change; or (at the prompt) asked for match by match.

use std::io::{self, Write};

use don::app::night::enter::{Entered, Given, NightEntry};
use don::app::AppError;

use super::args::EnterArgs;
use super::confirm::{app_which, night_ref};
use super::place::{answer, Answers};
use super::prompt::prompt_night;
use crate::cli::error::{CliError, Exit};
use crate::cli::prompt::{answer_prompt, terminal_answer_prompt};
use crate::cli::text::shown;
use crate::cli::which::parse_date;

pub(super) fn enter(args: EnterArgs) -> Result<Exit, CliError> {
    let mut app = args.db.app_existing()?;
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let mut given = args.result.given()?;
    let mut prompt = matches!(given, Given::AtPrompt).then(answer_prompt);
    let names = app_which(&args.which);
    let mut answers = Answers {
        moved: args.moved.then_some(true),
        new_players: args.result.new_players.clone(),
    };
    // The app's questions (a night off its fixture's date, a name close to a known player's)
    // are asked at the prompt, and on a terminal when the result is given on the command line;
    // piped, each is a refusal (`--moved` and `--new-player` answer them beforehand).
    let entered = loop {
        let entry = NightEntry {
            night: night_ref(&names, &args.home, &args.away, day),
            moved: answers.moved,
            entered_for: args.entered_for.as_deref(),
            new_players: &answers.new_players,
        };
        let question = match app.night_enter(entry, given.clone())? {
            Entered::Asked(question) => question,
            entered => break entered,
        };
        if prompt.is_none() {
            prompt = terminal_answer_prompt();
        }
        let Some(p) = prompt.as_deref_mut() else {
            return Err(AppError::from(question.refused()).into());
        };
        answer(&question, p, (&mut answers, &mut given))?;
    };
    let mut out = io::stdout().lock();
    match entered {
        Entered::Kept { notes, night } => {
            for n in &notes {
                writeln!(out, "{}", shown(n))?;
            }
            writeln!(out, "{}", shown(&night.to_string()))?;
            Ok(Exit::Ok)
        }
        Entered::ToPrompt(mut night) => {
            writeln!(
                out,
                "{}: {}",
                shown(&night.title),
                night.season.config.describe_night()
            )?;
            drop(out);
            let mut prompt = prompt.unwrap_or_else(answer_prompt);
            prompt_night(&mut app, &mut *prompt, &mut night)
        }
        Entered::Asked(question) => Err(AppError::from(question.refused()).into()),
    }
}
