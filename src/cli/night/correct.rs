//! `don night correct`: the correction read (or typed at the prompt) with nothing locked,
//! then kept by the app as one change if the night still stands as it was read.

use std::io::{self, Write};

use don::app::night::correct::{with_given, Corrected, Correction, TypedMatch};
use don::app::night::enter::Given;
use don::app::night::players::Players;
use don::league::night::missing;
use don::league::{Config, Match};

use super::args::CorrectArgs;
use super::ask::{ask, ask_match, stopped_words, Asked, Refusal};
use super::confirm::night_ref;
use super::entry::parse_kind_slot;
use crate::cli::context::Cx;
use crate::cli::error::{CliError, Exit};
use crate::cli::prompt::{answer_prompt, Prompt};
use crate::cli::text::shown;
use crate::cli::which::parse_date;

/// `don night correct`: the night's result replaced as one change, the night confirmed.
pub(super) fn correct(args: CorrectArgs) -> Result<Exit, CliError> {
    let Cx {
        mut app, choice, ..
    } = Cx::change(&args.scope)?;
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let night = night_ref(&choice, &args.home, &args.away, day);
    let mut c = app.night_to_correct(night, &args.result.new_players)?;
    let mut stopped = None;
    let correction = match args.result.given()? {
        Given::Totals(t) => c.totals(t).map_err(don::app::AppError::from)?,
        Given::Walkover(side) => c.walkover(side),
        Given::Matches(given) => app.night_correction(&c, given)?,
        Given::AtPrompt => {
            let mut prompt = answer_prompt();
            let prompt = &mut *prompt;
            let config = c.season.config.clone();
            let (stored, by_matches) = (c.stored.clone(), c.by_matches);
            let (given, why) =
                prompt_correction(prompt, &app, &config, &mut c.players, &stored, by_matches)?;
            stopped = why;
            Correction::Matches(given)
        }
    };
    if let Correction::Matches(given) = &correction {
        if given.is_empty() {
            if let Some(why) = &stopped {
                writeln!(io::stderr(), "{why}; nothing is corrected")?;
                return Ok(Exit::BadData);
            }
            writeln!(io::stdout(), "{}: nothing corrected.", shown(&c.title))?;
            return Ok(Exit::Ok);
        }
    }
    let (notes, summary) = match app.night_correct(&mut c, correction)? {
        Corrected::Already { title } => return nothing_to_correct(&title),
        Corrected::Done { notes, summary } => (notes, summary),
    };
    let mut out = io::stdout().lock();
    for n in &notes {
        writeln!(out, "{}", shown(&n.to_string()))?;
    }
    writeln!(out, "{}.", shown(&summary))?;
    if let Some(why) = stopped {
        writeln!(io::stderr(), "{why}; the corrections before it are kept")?;
        return Ok(Exit::BadData);
    }
    Ok(Exit::Ok)
}

/// A correction that is what the night holds already: nothing was wrong and nothing is
/// changed, as when nothing is typed at the prompt (exit 0).
pub(super) fn nothing_to_correct(title: &str) -> Result<Exit, CliError> {
    writeln!(
        io::stdout(),
        "{} stands so already: nothing to correct; nothing is changed.",
        shown(title)
    )?;
    Ok(Exit::Ok)
}

/// The matches of a night corrected at the prompt: a night entered match by match is asked
/// which match to correct, again and again; one known by totals or a walkover is asked for
/// every match. Gives the matches typed, and why the entry stopped at a refused line (piped).
pub(super) fn prompt_correction(
    prompt: &mut dyn Prompt,
    app: &don::app::App,
    config: &Config,
    players: &mut Players,
    stored: &[Match],
    by_matches: bool,
) -> Result<(Vec<TypedMatch>, Option<String>), CliError> {
    let mut given: Vec<TypedMatch> = Vec::new();
    let now = |given: &[TypedMatch]| with_given(stored, given);
    let mut err = io::stderr();
    if !by_matches {
        writeln!(err, "Type each match of the night: players joined by + (blank if not known), legs won, home first, leg scores (blank if not known; #N for game N). `quit` or Ctrl-D ends, correcting nothing.")?;
        for (kind, slot) in missing(config, &[]) {
            let current = now(&given);
            let asked = ask_match(prompt, app, config, players, (kind, slot), (&current, None))?;
            match asked {
                Asked::Given(m) => given.push(m),
                Asked::End => return Ok((Vec::new(), None)),
                Asked::Stopped(at, why) => {
                    return Ok((
                        Vec::new(),
                        Some(stopped_words(at, &format!("{kind} {slot}"), &why)),
                    ))
                }
            }
        }
        return Ok((given, None));
    }
    writeln!(err, "Name each match to correct (e.g. `single-crib 2`), then type it again: a blank answer keeps what stands (shown in brackets; players not known are typed -); a blank match, `quit` or Ctrl-D when done.")?;
    loop {
        let which = ask(prompt, "Match to correct (blank when done)", |text, _| {
            if text.trim().is_empty() {
                return Err(Refusal::End);
            }
            let (kind, slot) = parse_kind_slot(text).map_err(|e| Refusal::Why(e.to_string()))?;
            match config.kind(kind) {
                Some(k) if (1..=k.matches).contains(&slot) => Ok((kind, slot)),
                _ => Err(Refusal::Why(format!("the night has no {kind} {slot}"))),
            }
        })?;
        let (kind, slot) = match which {
            Asked::Given(ks) => ks,
            Asked::End => return Ok((given, None)),
            Asked::Stopped(at, why) => {
                return Ok((given, Some(stopped_words(at, "the match to correct", &why))))
            }
        };
        let current = now(&given);
        let stands = current.iter().find(|m| (m.kind, m.slot) == (kind, slot));
        if let Some(m) = stands {
            writeln!(
                err,
                "{kind} {slot} stands as {}–{} {} v {}",
                m.legs.home,
                m.legs.away,
                shown(&m.players.home.join("+")),
                shown(&m.players.away.join("+"))
            )?;
        }
        let asked = ask_match(
            prompt,
            app,
            config,
            players,
            (kind, slot),
            (&current, stands),
        )?;
        match asked {
            Asked::Given(m) => {
                given.retain(|(g, _)| (g.kind, g.slot) != (kind, slot));
                given.push(m);
            }
            Asked::End => return Ok((given, None)),
            Asked::Stopped(at, why) => {
                return Ok((
                    given,
                    Some(stopped_words(at, &format!("{kind} {slot}"), &why)),
                ))
            }
        }
    }
}
