//! What the unknown names of an import mean, asked of the user: on a terminal (standard input
//! and error both one) a choice per name (the known name it is near, a new team or player, or
//! leave it); else plain lines from standard input, one answer a name in the order asked
//! (`y` for the name suggested, `new`, a known name, or an empty line to leave it), so that it
//! can be tested by piping. With nothing on standard input nothing is asked, nor when standard
//! input is a terminal and standard error is not (the questions could not be seen).

use std::io::{self, BufRead, IsTerminal, Read, Write};

use don::app::names::{ChosenName, NameChoice, Unresolved};

use super::error::CliError;
use super::text::shown;

/// The longest answer read.
const MAX_ANSWER: u64 = 4096;

/// The most names asked about in one import (more: a `--map` file is the way).
const MAX_ASKED: usize = 50;

/// Where an answer comes from, for a fault about it.
const AT: &str = "the answer";

/// The choices made for `names`, or none when there is no one to ask (nothing on standard
/// input) or every name was left.
pub fn ask(names: &[Unresolved]) -> Result<Option<Vec<ChosenName>>, CliError> {
    if names.is_empty() || names.len() > MAX_ASKED {
        return Ok(None);
    }
    let chosen = match (io::stdin().is_terminal(), io::stderr().is_terminal()) {
        (true, true) => on_terminal(names)?,
        // Someone at the keyboard who cannot see the questions: nothing is asked.
        (true, false) => return Ok(None),
        (false, _) => from_lines(names, &mut io::stdin().lock())?,
    };
    Ok(Some(chosen).filter(|c| !c.is_empty()))
}

/// "team 'Royal Oke'"
fn words(u: &Unresolved) -> String {
    format!("{} '{}'", u.what, shown(&u.name))
}

fn on_terminal(names: &[Unresolved]) -> Result<Vec<ChosenName>, CliError> {
    let term = dialoguer::console::Term::stderr();
    let n = names.len();
    writeln!(
        io::stderr(),
        "{} not known; say what {}:",
        if n == 1 {
            "A name of the files is".to_string()
        } else {
            format!("{n} names of the files are")
        },
        if n == 1 { "it means" } else { "each means" }
    )?;
    let mut chosen = Vec::new();
    for (i, u) in names.iter().enumerate() {
        let mut items = Vec::new();
        if let Some(near) = &u.near {
            items.push(format!("'{}' (the {} it is near)", shown(near), u.what));
        }
        items.push(format!("a new {} '{}'", u.what, shown(&u.name)));
        items.push("leave it (nothing is imported)".to_string());
        let picked = dialoguer::Select::new()
            .with_prompt(format!("{}/{n}: {}", i + 1, words(u)))
            .items(&items)
            .default(0)
            .interact_on_opt(&term)
            .map_err(|e| CliError::Usage(format!("cannot ask: {e}")))?;
        let Some(picked) = picked else {
            break;
        };
        let near_at = usize::from(u.near.is_some());
        let choice = match (&u.near, picked) {
            (Some(near), 0) => NameChoice::Means(near.clone()),
            (_, p) if p == near_at => NameChoice::New,
            _ => continue,
        };
        chosen.push(chosen_name(u, choice));
    }
    Ok(chosen)
}

fn chosen_name(u: &Unresolved, choice: NameChoice) -> ChosenName {
    ChosenName {
        name: u.name.clone(),
        choice,
        file: AT.to_string(),
        line: 0,
        itself: false,
    }
}

/// One line of `input` (at most [`MAX_ANSWER`] bytes of it), trimmed; none at its end.
fn line(input: &mut impl BufRead) -> Result<Option<String>, CliError> {
    let mut bytes = Vec::new();
    let n = input
        .by_ref()
        .take(MAX_ANSWER)
        .read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).trim().to_string()))
}

/// The answers of plain lines, one a name in order; nothing is asked (or said) when the input
/// is empty.
fn from_lines(names: &[Unresolved], input: &mut impl BufRead) -> Result<Vec<ChosenName>, CliError> {
    let mut chosen = Vec::new();
    let mut err = io::stderr().lock();
    for (i, u) in names.iter().enumerate() {
        let Some(answer) = line(input)? else {
            break;
        };
        let question = match &u.near {
            Some(near) => format!(
                "{}: did you mean '{}'? (y, new, a name, or nothing to leave it)",
                words(u),
                shown(near)
            ),
            None => format!("{}: new, a name, or nothing to leave it", words(u)),
        };
        writeln!(
            err,
            "{}/{}: {question} > {}",
            i + 1,
            names.len(),
            shown(&answer)
        )?;
        let choice = match (answer.to_ascii_lowercase().as_str(), &u.near) {
            ("", _) => continue,
            ("y" | "yes", Some(near)) => NameChoice::Means(near.clone()),
            ("new" | "n", _) => NameChoice::New,
            // A name (the name itself: new, and said so when it is near a known one).
            _ => {
                let typed = ChosenName::of(&u.name, &answer, AT, 0);
                chosen.push(ChosenName {
                    name: u.name.clone(),
                    ..typed
                });
                continue;
            }
        };
        chosen.push(chosen_name(u, choice));
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use don::league::error::Thing;

    #[test]
    fn answers_are_read_one_a_name() {
        let names = [
            Unresolved {
                what: Thing::Team,
                name: "Royal Oke".into(),
                near: Some("Royal Oak".into()),
            },
            Unresolved {
                what: Thing::Player,
                name: "Ivor Jams".into(),
                near: Some("Ivor James".into()),
            },
            Unresolved {
                what: Thing::Team,
                name: "Six Bells".into(),
                near: None,
            },
        ];
        let chosen = from_lines(&names, &mut "y\n\nnew\n".as_bytes()).unwrap();
        assert_eq!(chosen.len(), 2);
        assert_eq!(chosen[0].choice, NameChoice::Means("Royal Oak".into()));
        assert_eq!(chosen[1].name, "Six Bells");
        assert_eq!(chosen[1].choice, NameChoice::New);
        assert!(from_lines(&names, &mut "".as_bytes()).unwrap().is_empty());
    }
}
