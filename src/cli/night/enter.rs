//! `don night enter`: a night's totals, walkover or matches given on the command line, kept by
//! the app as one change; or (at the prompt) asked for match by match. The app's questions
//! about it (was it moved? is this name someone new?) are asked at the prompt, and the app
//! enters the night with the answer.

use std::io::{self, Write};

use don::app::night::enter::{Given, NightEntered, NightEntry, Question};
use don::app::night::error::slip_words;
use don::app::AppError;

use super::args::EnterArgs;
use super::ask::{yes_or_no, Answer};
use super::confirm::night_ref;
use super::prompt::prompt_night;
use crate::cli::context::Cx;
use crate::cli::error::{CliError, Exit};
use crate::cli::prompt::{answer_prompt, terminal_answer_prompt, Prompt};
use crate::cli::text::shown;
use crate::cli::which::parse_date;

pub(super) fn enter(args: EnterArgs) -> Result<Exit, CliError> {
    let Cx {
        mut app, choice, ..
    } = Cx::change(&args.scope)?;
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let given = args.result.given()?;
    let mut prompt = matches!(given, Given::AtPrompt).then(answer_prompt);
    let entry = NightEntry {
        night: night_ref(&choice, &args.home, &args.away, day),
        moved: args.moved.then_some(true),
        entered_for: args.entered_for.as_deref(),
        new_players: &args.result.new_players,
    };
    // The app's questions (a night off its fixture's date, a name close to a known player's)
    // are asked at the prompt, and on a terminal when the result is given on the command line;
    // piped, each is a refusal (`--moved` and `--new-player` answer them beforehand).
    let mut entered = app.night_enter(entry, given)?;
    while let NightEntered::Asked(asked) = entered {
        if prompt.is_none() {
            prompt = terminal_answer_prompt();
        }
        let Some(p) = prompt.as_deref_mut() else {
            return Err(AppError::from(asked.question.refused()).into());
        };
        let yes = answer(&asked.question, p)?;
        entered = app.night_answer(asked, yes)?;
    }
    let mut out = io::stdout().lock();
    match entered {
        NightEntered::Kept { notes, night } => {
            for n in &notes {
                writeln!(out, "{}", shown(&n.to_string()))?;
            }
            writeln!(out, "{}", shown(&night.to_string()))?;
            Ok(Exit::Ok)
        }
        NightEntered::ToPrompt(mut night) => {
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
        NightEntered::Asked(asked) => Err(AppError::from(asked.question.refused()).into()),
    }
}

/// Asks the app's question at the prompt: yes or no, for the app to take. No answer (piped,
/// anything but yes or no), or "no" to "was the night moved?", refuses the night as the app
/// would.
fn answer(question: &Question, prompt: &mut dyn Prompt) -> Result<bool, CliError> {
    let (q, short) = match question {
        Question::Moved {
            home,
            away,
            fixture,
            was,
            date,
        } => (
            format!(
                "{home} v {away} is fixture {fixture} on {was}: was the night moved to {date}? (yes/no)"
            ),
            "was the night moved?".to_string(),
        ),
        Question::Ahead { .. } => (
            format!(
                "{}: is the night this fixture's? (yes/no)",
                AppError::from(question.refused())
            ),
            "is the night this fixture's?".to_string(),
        ),
        Question::NewPlayer {
            name,
            known,
            roster,
            ..
        } => (
            format!(
                "{} (yes: {known}; no: {name} is new to the league)",
                slip_words(name, known, roster.as_deref())
            ),
            format!("is {name} the {known} the league knows?"),
        ),
    };
    match yes_or_no(prompt, &q, &short)? {
        Answer::Yes => Ok(true),
        Answer::No if matches!(question, Question::NewPlayer { .. }) => Ok(false),
        Answer::No | Answer::End | Answer::Neither(_) => {
            Err(AppError::from(question.refused()).into())
        }
    }
}
