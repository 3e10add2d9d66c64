//! A night entered match by match at the prompt, each match kept as it is checked.

use std::io::{self, Write};

use don::league::night::missing;
use don::league::Pair;

use super::ask::{ask_match, stopped_words, Asked};
use crate::cli::error::{night_named, CliError, Exit};
use crate::cli::prompt::Prompt;
use crate::cli::text::shown;
use don::app::night::prompt::{Beaten, First, KeptMatch, Prompted};
use don::app::App;
use don::league::names::shell_quoted;

/// Asks for each match still to enter; each is kept as soon as it is checked. Before each
/// match is asked for, and again in the change that keeps it, the night is read as it is
/// stored now: a match another session has entered meanwhile is not asked for, and one typed
/// here that the other session kept first is refused (what was typed is given back as a
/// `night correct` line); a match taken back by an outside `don undo` is asked for again.
pub(super) fn prompt_night(
    app: &mut App,
    prompt: &mut dyn Prompt,
    night: &mut Prompted,
) -> Result<Exit, CliError> {
    let config = &night.season.config.clone();
    let mut stopped = false;
    let paint = crate::cli::colour::Paint::stderr();
    let mut err = io::stderr().lock();
    writeln!(err, "For each match: players joined by + (blank if not known), legs won, home first, leg scores home first (blank if not known; #N for a leg scored in game N). `quit` or Ctrl-D ends the entry; the matches entered stay.")?;
    drop(err);
    let say_notes = |notes: Vec<String>| -> io::Result<()> {
        let mut err = io::stderr().lock();
        for n in notes {
            writeln!(err, "{}", paint.line(&shown(&n)))?;
        }
        Ok(())
    };
    loop {
        say_notes(said(app.night_as_stored(night)?))?;
        let Some(&(kind, slot)) = missing(config, &night.entered).first() else {
            break;
        };
        let label = format!("{kind} {slot}");
        let asked = ask_match(
            prompt,
            app,
            config,
            &mut night.players,
            (kind, slot),
            (&night.entered, None),
        )?;
        let (m, games) = match asked {
            Asked::Given(m) => m,
            Asked::End => break,
            Asked::Stopped(at, why) => {
                writeln!(io::stderr(), "{}", stopped_words(at, &label, &why))?;
                stopped = true;
                break;
            }
        };
        match app.night_keep_match(night, (m, games))? {
            KeptMatch::Kept { notes } => say_notes(said(notes))?,
            KeptMatch::Refused { notes, beaten } => {
                let mut notes = said(notes);
                notes.push(beaten_words(&beaten));
                say_notes(notes)?;
                stopped = true;
                continue;
            }
            KeptMatch::NightTaken { notes, beaten } => {
                // Nothing is left to enter here: the night is the other session's.
                let mut notes = said(notes);
                notes.push(beaten_words(&beaten));
                say_notes(notes)?;
                return Ok(Exit::BadData);
            }
        }
        let m = night.entered.last().expect("just entered");
        let label = format!("{} {}", m.kind, m.slot);
        let winner = &night.players.teams[m.winner()].name;
        writeln!(
            io::stderr(),
            "{label}: {} {}–{}.",
            shown(winner),
            m.legs[m.winner()],
            m.legs[m.winner().other()]
        )?;
    }
    // The night as stored at the end (not as this session last saw it).
    say_notes(said(app.night_as_stored(night)?))?;
    let left = missing(config, &night.entered);
    let mut out = io::stdout().lock();
    let mut won = Pair::<u32>::default();
    for m in &night.entered {
        won[m.winner()] += 1;
    }
    if left.is_empty() {
        writeln!(
            out,
            "{}: {} {}–{} {}. The night is complete.",
            shown(&night.title),
            shown(&night.players.teams.home.name),
            won.home,
            won.away,
            shown(&night.players.teams.away.name)
        )?;
    } else {
        let list: Vec<String> = left.iter().map(|(k, s)| format!("{k} {s}")).collect();
        writeln!(
            out,
            "{}: {}–{} so far; still to enter: {}. The night counts once it is complete (`don night enter` again carries on).",
            shown(&night.title),
            won.home,
            won.away,
            list.join(", ")
        )?;
    }
    Ok(if stopped { Exit::BadData } else { Exit::Ok })
}

/// Why a match typed here is not kept (another session's entry came first), with the
/// `night correct` line that puts it in.
fn beaten_words(b: &Beaten) -> String {
    let (kind, slot) = (b.typed.kind, b.typed.slot);
    let correct = format!(
        "`don night correct {} --match {}`",
        night_named(&b.night),
        shell_quoted(&b.typed.entry_line())
    );
    match &b.first {
        First::Match { winner, legs, line } => format!(
            "{kind} {slot} refused: the other session entered {kind} {slot} first ({winner} {}–{}: {line}); yours is not kept: {correct} puts it in its place",
            legs.0, legs.1
        ),
        First::Night(result) => format!(
            "{kind} {slot} refused: the other session entered the night first: {result} (see `don night show`); yours is not kept: {correct} puts {kind} {slot} in its place"
        ),
    }
}

/// What the app noted, in the terminal's words.
fn said(notes: Vec<don::app::night::NightNote>) -> Vec<String> {
    notes.iter().map(ToString::to_string).collect()
}
