//! A night off its fixture's date: was it moved? (The app asks; the terminal asks the user.)

use don::app::night::enter::Question;
use don::app::AppError;

use super::ask::{yes_or_no, Answer};
use crate::cli::error::CliError;
use crate::cli::prompt::Prompt;

/// Asks the app's question at the prompt: a yes counts as `--moved`; anything else refuses the
/// night (piped, anything but yes is no).
pub(super) fn ask_moved(question: &Question, prompt: &mut dyn Prompt) -> Result<(), CliError> {
    let Question::Moved {
        home,
        away,
        fixture,
        was,
        date,
    } = question;
    let q = format!("{home} v {away} is fixture {fixture} on {was}: was the night moved to {date}? (yes/no)");
    match yes_or_no(prompt, &q, "was the night moved?")? {
        Answer::Yes => Ok(()),
        Answer::No | Answer::End | Answer::Neither(_) => {
            Err(AppError::from(question.refused()).into())
        }
    }
}
