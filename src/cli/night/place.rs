//! The app's questions about a night being entered (was it moved? is this name someone
//! new?), asked at the prompt; the night is entered again with the answer.

use don::app::night::enter::{Given, Question};
use don::app::night::error::slip_words;
use don::app::AppError;
use don::league::names::name_key;

use super::ask::{yes_or_no, Answer};
use crate::cli::error::CliError;
use crate::cli::prompt::Prompt;

/// An entry's own answers, as the app takes them.
pub(super) struct Answers {
    pub moved: Option<bool>,
    pub new_players: Vec<String>,
}

/// Asks the app's question at the prompt and takes the answer into `answers` (and `given`: a
/// name taken to be the known one is given so). A "no" to "was the night moved?", or no
/// answer (piped, anything but yes is no), refuses the night as the app would.
pub(super) fn answer(
    question: &Question,
    prompt: &mut dyn Prompt,
    (answers, given): (&mut Answers, &mut Given),
) -> Result<(), CliError> {
    let refused = || CliError::from(AppError::from(question.refused()));
    match question {
        Question::Moved {
            home,
            away,
            fixture,
            was,
            date,
        } => {
            let q = format!(
                "{home} v {away} is fixture {fixture} on {was}: was the night moved to {date}? (yes/no)"
            );
            match yes_or_no(prompt, &q, "was the night moved?")? {
                Answer::Yes => answers.moved = Some(true),
                Answer::No | Answer::End | Answer::Neither(_) => return Err(refused()),
            }
        }
        Question::NewPlayer {
            at,
            side,
            name,
            known,
            roster,
        } => {
            let q = format!(
                "{} (yes: {known}; no: {name} is new to the league)",
                slip_words(name, known, roster.as_deref())
            );
            match yes_or_no(
                prompt,
                &q,
                &format!("is {name} the {known} the league knows?"),
            )? {
                Answer::Yes => {
                    // The name as given, put right (one a stored game gave cannot be).
                    let key = name_key(name);
                    let typed = match given {
                        Given::Matches(ms) => ms.get_mut(at - 1),
                        _ => None,
                    };
                    let Some(p) = typed
                        .and_then(|m| m.players[*side].iter_mut().find(|p| name_key(p) == key))
                    else {
                        return Err(refused());
                    };
                    *p = known.clone();
                }
                Answer::No => answers.new_players.push(name.clone()),
                Answer::End | Answer::Neither(_) => return Err(refused()),
            }
        }
    }
    Ok(())
}
