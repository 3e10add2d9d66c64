//! `don night correct`: a night's result replaced as one change.

use std::io::{self, Write};


use don::league::entry::{
    parse_kind_slot, parse_legs, parse_match,
};
use don::league::names::name_key;
use don::league::night::{
    check_night_warnings, check_totals, missing,
    require_complete, NightWarning,
};
use don::league::{Config, Confirmation, HomeAway, Match, NightResult, Pair};
use don::store::{LeagueReader, LegGame};

use super::CorrectArgs;
use crate::cli::error::{CliError, Done};
use crate::cli::prompt::{answer_prompt, Prompt};
use crate::cli::text::shown;
use crate::cli::which::parse_date;
use don::app::night::{played_night, NightRef};
use super::{ask::*, place::*, players::*, show::*};

/// A match as typed, with the stored games its legs were scored in.
pub(super) type Typed = (Match, Vec<LegGame>);

/// A night's result as corrected: the whole of it, or some of its matches.
pub(super) enum Correction {
    Whole(NightResult),
    Matches(Vec<Typed>),
}

/// `don night correct`: the night's result replaced as one change, the night confirmed.
pub(super) fn correct(args: CorrectArgs) -> Result<Done, CliError> {
    let mut store = args.db.open_existing()?;
    let mut prompt = args.result.at_prompt().then(answer_prompt);
    // The correction is read (and typed) first, with nothing locked; then kept in one change,
    // if the night still stands as it was read.
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let (league, season) =
        args.which
            .night_on(&store.leagues(), day, Some((&args.home, &args.away)))?;
    let leagues = store.leagues();
    let f = played_night(&leagues, &league, &season, night_ref(&args, day))?;
    let config = &season.config;
    let title = format!("{} v {} on {}", f.home.name, f.away.name, f.date);
    let was = result_words(&f, config);
    let stored: Vec<Match> = match &f.result {
        Some(NightResult::Matches(ms)) => ms.clone(),
        _ => Vec::new(),
    };
    let by_matches = matches!(f.result, Some(NightResult::Matches(_)));
    let must_complete = !by_matches || is_done(&f, config);
    let teams = Pair::new(f.home.clone(), f.away.clone());
    let mut players = Players::load(&leagues, &league, &season, teams, &args.result.new_players)?;
    players.correcting = Some(f.id);
    let mut stopped = None;
    let mut notes = Vec::new();
    let correction = if let Some(t) = &args.result.totals {
        let totals = parse_legs(t).map_err(|e| CliError::Usage(format!("--totals: {e}")))?;
        check_totals(config, totals).map_err(|e| CliError::Usage(format!("{title}: {e}")))?;
        Correction::Whole(NightResult::Totals(totals))
    } else if let Some(w) = &args.result.walkover {
        let side: HomeAway = w
            .parse()
            .map_err(|e| CliError::Usage(format!("--walkover: {e}")))?;
        Correction::Whole(NightResult::Walkover(side))
    } else if !args.result.matches.is_empty() {
        let mut given = Vec::new();
        for (i, line) in args.result.matches.iter().enumerate() {
            let at = |m: String| CliError::Usage(format!("--match {}: {m}", i + 1));
            let entry = parse_match(line).map_err(|e| at(e.to_string()))?;
            let (m, games) =
                resolve(&leagues, config, entry, players.correcting).map_err(|e| match e {
                    CliError::Usage(m) => at(m),
                    other => other,
                })?;
            players.check(&m).map_err(|e| match e {
                CliError::Usage(m) => at(m),
                other => other,
            })?;
            given.push((m, games));
        }
        Correction::Matches(given)
    } else {
        let prompt = prompt.as_deref_mut().expect("at the prompt");
        let (given, why) =
            prompt_correction(prompt, &leagues, config, &mut players, &stored, by_matches)?;
        stopped = why;
        Correction::Matches(given)
    };
    // The night as it will stand, checked whole.
    if let Correction::Matches(given) = &correction {
        if given.is_empty() {
            let mut err = io::stderr();
            if let Some(why) = &stopped {
                writeln!(err, "{why}; nothing is corrected")?;
                return Ok(Done::BadData);
            }
            writeln!(io::stdout(), "{}: nothing corrected.", shown(&title))?;
            return Ok(Done::Ok);
        }
        let mut all: Vec<Match> = stored
            .iter()
            .filter(|m| {
                !given
                    .iter()
                    .any(|(g, _)| (g.kind, g.slot) == (m.kind, m.slot))
            })
            .cloned()
            .collect();
        for (g, _) in given {
            all.push(g.clone());
        }
        // A player twice in one kind is only warned of, as at `night enter`: the warnings that
        // concern a match corrected, in the order of the matches.
        all.sort_by_key(|m| (m.kind, m.slot));
        let warned = check_night_warnings(config, &all)
            .map_err(|e| CliError::Usage(format!("{title}: {e}")))?;
        for w in warned {
            let NightWarning::PlayerTwice {
                kind,
                first,
                second,
                ..
            } = &w;
            if given
                .iter()
                .any(|(g, _)| g.kind == *kind && (g.slot == *first || g.slot == *second))
            {
                notes.push(format!("warning: {w}"));
            }
        }
        if must_complete {
            require_complete(config, &all)
                .map_err(|e| CliError::Usage(format!("{title}: as corrected, {e}")))?;
        }
        // Players compared as names (case and extra spaces ignored), matches by slot.
        let by_slot = |ms: &[Match]| {
            let mut ms = ms.to_vec();
            for m in &mut ms {
                for side in HomeAway::BOTH {
                    m.players[side] = m.players[side].iter().map(|p| name_key(p)).collect();
                }
            }
            ms.sort_by_key(|m| (m.kind, m.slot));
            ms
        };
        if by_slot(&all) == by_slot(&stored) {
            return nothing_to_correct(&title);
        }
    }
    if let Correction::Whole(r) = &correction {
        if f.result.as_ref() == Some(r) {
            return nothing_to_correct(&title);
        }
    }
    let change = store.change("night correct")?;
    let now = played_night(&change.leagues(), &league, &season, night_ref(&args, day))?;
    if now != f {
        return Err(CliError::Usage(format!(
            "{title} was changed meanwhile (by another don): correct it again"
        )));
    }
    let what = match &correction {
        Correction::Whole(r) => {
            change.clear_night(f.id)?;
            change.set_night_result(f.id, r)?;
            String::new()
        }
        Correction::Matches(given) => {
            if by_matches {
                for (m, _) in given {
                    change.remove_match(f.id, m.kind, m.slot)?;
                }
            } else {
                change.clear_night(f.id)?;
                change.set_night_result(f.id, &NightResult::Matches(Vec::new()))?;
            }
            for (m, games) in given {
                players.put_on_rosters(&change, &season, m, &mut notes)?;
                change.add_match(f.id, m, games, true)?;
            }
            let slots: Vec<String> = given
                .iter()
                .map(|(m, _)| format!("{} {}", m.kind, m.slot))
                .collect();
            format!(" ({})", slots.join(", "))
        }
    };
    let name = |side: HomeAway| match side {
        HomeAway::Home => &f.home.name,
        HomeAway::Away => &f.away.name,
    };
    let now = fixture_by_number(&change, &season, f.id)?;
    let stands = f.confirmation.corrected(is_done(&now, config));
    let mut settled = match &f.confirmation {
        Confirmation::Disputed { by, .. } => {
            format!("; the dispute by {} is settled", name(*by))
        }
        _ => String::new(),
    };
    match (&f.confirmation, &stands) {
        (Confirmation::Provisional { .. }, Confirmation::Confirmed) => {
            settled.push_str("; it stands confirmed")
        }
        (_, Confirmation::Provisional { entered_by }) => settled.push_str(&format!(
            "; it is not complete, so it stays provisional, entered for {}, until it is complete and confirmed for {}",
            name(*entered_by),
            name(entered_by.other())
        )),
        _ => {}
    }
    if stands != f.confirmation {
        change.set_confirmation(f.id, &stands, chrono::Local::now().date_naive())?;
    }
    let summary = format!(
        "{title} corrected{what}: {} (was {was}){settled}",
        result_words(&now, config)
    );
    change.commit(&summary, None)?;
    let mut out = io::stdout().lock();
    for n in &notes {
        writeln!(out, "{}", shown(n))?;
    }
    writeln!(out, "{}.", shown(&summary))?;
    if let Some(why) = stopped {
        writeln!(io::stderr(), "{why}; the corrections before it are kept")?;
        return Ok(Done::BadData);
    }
    Ok(Done::Ok)
}

/// A correction that is what the night holds already: nothing was wrong and nothing is
/// changed, as when nothing is typed at the prompt (exit 0).
pub(super) fn nothing_to_correct(title: &str) -> Result<Done, CliError> {
    writeln!(
        io::stdout(),
        "{} stands so already: nothing to correct; nothing is changed.",
        shown(title)
    )?;
    Ok(Done::Ok)
}

/// The matches of a night corrected at the prompt: a night entered match by match is asked
/// which match to correct, again and again; one known by totals or a walkover is asked for
/// every match. Gives the matches typed, and why the entry stopped at a refused line (piped).
pub(super) fn prompt_correction(
    prompt: &mut dyn Prompt,
    reader: &LeagueReader<'_>,
    config: &Config,
    players: &mut Players,
    stored: &[Match],
    by_matches: bool,
) -> Result<(Vec<Typed>, Option<String>), CliError> {
    let mut given: Vec<Typed> = Vec::new();
    let now = |given: &[Typed]| -> Vec<Match> {
        let mut all: Vec<Match> = stored
            .iter()
            .filter(|m| {
                !given
                    .iter()
                    .any(|(g, _)| (g.kind, g.slot) == (m.kind, m.slot))
            })
            .cloned()
            .collect();
        all.extend(given.iter().map(|(g, _)| g.clone()));
        all
    };
    let mut err = io::stderr();
    if !by_matches {
        writeln!(err, "Type each match of the night: players joined by + (blank if not known), legs won, home first, leg scores (blank if not known; #N for game N). `quit` or Ctrl-D ends, correcting nothing.")?;
        for (kind, slot) in missing(config, &[]) {
            let current = now(&given);
            match ask_match(prompt, reader, config, players, (kind, slot), &current)? {
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
    writeln!(err, "Name each match to correct (e.g. `single-crib 2`), then type it again; a blank line, `quit` or Ctrl-D when done.")?;
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
        if let Some(m) = stored.iter().find(|m| (m.kind, m.slot) == (kind, slot)) {
            writeln!(
                err,
                "{kind} {slot} stands as {}–{} {} v {}",
                m.legs.home,
                m.legs.away,
                shown(&m.players.home.join("+")),
                shown(&m.players.away.join("+"))
            )?;
        }
        let current = now(&given);
        match ask_match(prompt, reader, config, players, (kind, slot), &current)? {
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

/// The night a correction names, as the app takes it.
fn night_ref(args: &CorrectArgs, date: Option<chrono::NaiveDate>) -> NightRef<'_> {
    NightRef {
        which: Default::default(),
        home: &args.home,
        away: &args.away,
        date,
    }
}
