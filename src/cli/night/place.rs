//! The app's questions about a night being entered (was it moved? is this name someone
//! new?), asked at the prompt; the app enters the night with the answer.

use don::app::night::enter::Question;
use don::app::night::error::slip_words;
use don::app::AppError;

use super::ask::{yes_or_no, Answer};
use crate::cli::error::CliError;
use crate::cli::prompt::Prompt;

/// Asks the app's question at the prompt: yes or no, for the app to take. No answer (piped,
/// anything but yes or no), or "no" to "was the night moved?", refuses the night as the app
/// would.
pub(super) fn answer(question: &Question, prompt: &mut dyn Prompt) -> Result<bool, CliError> {
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
