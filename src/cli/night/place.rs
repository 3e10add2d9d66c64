//! At the prompt, a night off its fixture's date: was it moved?

use chrono::NaiveDate;
use don::app::night::place::{not_moved, place_night, Placement};
use don::app::AppError;

use don::store::Store;

use super::ask::{yes_or_no, Answer};
use crate::cli::error::CliError;
use crate::cli::prompt::Prompt;
use crate::cli::which::Which;

/// At the prompt, before anything is changed (no change waits on an answer): a night off its
/// fixture's date is asked about; a yes counts as `--moved`.
pub(super) fn ask_moved(
    store: &Store,
    which: &Which,
    home: &str,
    away: &str,
    day: Option<NaiveDate>,
    prompt: &mut dyn Prompt,
) -> Result<bool, CliError> {
    let Some(d) = day else {
        return Ok(false);
    };
    let reader = store.leagues();
    let Ok((league, season)) = which.choice().night_on(&reader, day, Some((home, away))) else {
        return Ok(false);
    };
    let (Ok(home), Ok(away)) = (
        don::app::which::team(&reader, &league, home),
        don::app::which::team(&reader, &league, away),
    ) else {
        return Ok(false);
    };
    let fixtures = reader.fixtures(season.id)?;
    let Ok(Placement::Move(f, _)) = place_night(&fixtures, &season, &home, &away, day) else {
        return Ok(false);
    };
    let q = format!(
        "{} v {} is fixture {} on {}: was the night moved to {d}? (yes/no)",
        home.name, away.name, f.id, f.date
    );
    match yes_or_no(prompt, &q, "was the night moved?")? {
        Answer::Yes => Ok(true),
        // Piped, anything but yes is no.
        Answer::No | Answer::End | Answer::Neither(_) => {
            Err(AppError::from(not_moved(&f, d)).into())
        }
    }
}
