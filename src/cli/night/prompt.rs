//! A night entered match by match at the prompt, each match kept as it is checked.

use std::io::{self, Write};


use don::league::names::shell_quoted;
use don::league::night::missing;
use don::league::{Match, NightResult, Pair};
use don::store::{Fixture, LeagueReader, SeasonInfo, Store};

use crate::cli::error::{CliError, Done};
use crate::cli::prompt::Prompt;
use crate::cli::text::shown;
use super::{ask::*, enter::*, players::*};

/// The night on fixture `id` as it is stored now, if it is begun (it has matches or is ready
/// for them): another session may have entered matches, an outside `don undo` taken some (or
/// the whole night) back.
pub(super) fn night_now(
    reader: &LeagueReader<'_>,
    season: &SeasonInfo,
    id: Option<i64>,
) -> Result<Option<Fixture>, CliError> {
    let Some(id) = id else { return Ok(None) };
    Ok(reader
        .fixtures(season.id)?
        .into_iter()
        .find(|f| f.id == id)
        .filter(|f| matches!(f.result, Some(NightResult::Matches(_)))))
}

/// The matches a stored night has.
pub(super) fn matches_of(f: Option<&Fixture>) -> Vec<Match> {
    match f.and_then(|f| f.result.as_ref()) {
        Some(NightResult::Matches(ms)) => ms.clone(),
        _ => Vec::new(),
    }
}

/// Brings what this session holds as entered in line with what is stored (`stored`), saying
/// what changed outside it: matches another session entered, matches taken back.
pub(super) fn sync_entered(entered: &mut Vec<Match>, stored: Vec<Match>, notes: &mut Vec<String>) {
    let has = |ms: &[Match], m: &Match| ms.iter().any(|o| (o.kind, o.slot) == (m.kind, m.slot));
    for m in entered.iter().filter(|m| !has(&stored, m)) {
        notes.push(format!(
            "{} {} is no longer stored (taken back outside this entry): it is asked again",
            m.kind, m.slot
        ));
    }
    for m in stored.iter().filter(|m| !has(entered, m)) {
        notes.push(format!(
            "{} {} was entered by another session: {}",
            m.kind,
            m.slot,
            m.entry_line()
        ));
    }
    *entered = stored;
}

/// Asks for each match still to enter; each is kept as soon as it is checked. Before each
/// match is asked for, and again in the change that keeps it, the night is read as it is
/// stored now: a match another session has entered meanwhile is not asked for, and one typed
/// here that the other session kept first is refused (what was typed is given back as a
/// `night correct` line); a match taken back by an outside `don undo` is asked for again.
pub(super) fn prompt_night(
    store: &mut Store,
    prompt: &mut dyn Prompt,
    season: &SeasonInfo,
    players: &mut Players,
    (mut fixture, begin): (Option<i64>, Begin),
    title: &str,
    mut entered: Vec<Match>,
) -> Result<Done, CliError> {
    let config = &season.config;
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
        let mut notes = Vec::new();
        let now = night_now(&store.leagues(), season, fixture)?;
        if fixture.is_some() && now.is_none() {
            // Taken back whole: it is begun again with the next match kept.
            fixture = None;
        }
        sync_entered(&mut entered, matches_of(now.as_ref()), &mut notes);
        say_notes(notes)?;
        let Some(&(kind, slot)) = missing(config, &entered).first() else {
            break;
        };
        let label = format!("{kind} {slot}");
        let asked = ask_match(
            prompt,
            &store.leagues(),
            config,
            players,
            (kind, slot),
            &entered,
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
        let change = store.change("night")?;
        let mut notes = Vec::new();
        // The night as it stands now, inside the change that keeps this match.
        let f = match night_now(&change.leagues(), season, fixture)? {
            Some(f) => f,
            None => match begin.apply(&change, season, &m, &mut notes)? {
                Begun::On(f) => f,
                Begun::Taken(why) => {
                    // Nothing is left to enter here: the night is the other session's.
                    drop(change);
                    notes.push(why);
                    say_notes(notes)?;
                    return Ok(Done::BadData);
                }
            },
        };
        sync_entered(&mut entered, matches_of(Some(&f)), &mut notes);
        if let Some(first) = entered
            .iter()
            .find(|o| (o.kind, o.slot) == (m.kind, m.slot))
        {
            drop(change);
            fixture = Some(f.id);
            let winner = &players.teams[first.winner()].name;
            notes.push(format!(
                "{label} refused: the other session entered {label} first ({} {}–{}: {}); yours is not kept: `don night correct {} --match {}` puts it in its place",
                winner,
                first.legs[first.winner()],
                first.legs[first.winner().other()],
                first.entry_line(),
                night_words(&begin.home, &begin.away, Some(f.date)),
                shell_quoted(&m.entry_line())
            ));
            say_notes(notes)?;
            stopped = true;
            continue;
        }
        accept(
            &change,
            season,
            players,
            f.id,
            &mut entered,
            m,
            &games,
            &mut notes,
        )?;
        let m = entered.last().expect("just entered");
        change.commit(
            &format!("{title}: {label} {}–{}", m.legs.home, m.legs.away),
            None,
        )?;
        fixture = Some(f.id);
        say_notes(notes)?;
        let winner = &players.teams[m.winner()].name;
        writeln!(
            io::stderr(),
            "{label}: {} {}–{}.",
            shown(winner),
            m.legs[m.winner()],
            m.legs[m.winner().other()]
        )?;
    }
    // The night as stored at the end (not as this session last saw it).
    let mut notes = Vec::new();
    let now = night_now(&store.leagues(), season, fixture)?;
    sync_entered(&mut entered, matches_of(now.as_ref()), &mut notes);
    say_notes(notes)?;
    let left = missing(config, &entered);
    let mut out = io::stdout().lock();
    let mut won = Pair::<u32>::default();
    for m in &entered {
        won[m.winner()] += 1;
    }
    if left.is_empty() {
        writeln!(
            out,
            "{}: {} {}–{} {}. The night is complete.",
            shown(title),
            shown(&players.teams.home.name),
            won.home,
            won.away,
            shown(&players.teams.away.name)
        )?;
    } else {
        let list: Vec<String> = left.iter().map(|(k, s)| format!("{k} {s}")).collect();
        writeln!(
            out,
            "{}: {}–{} so far; still to enter: {}. The night counts once it is complete (`don night enter` again carries on).",
            shown(title),
            won.home,
            won.away,
            list.join(", ")
        )?;
    }
    Ok(if stopped { Done::BadData } else { Done::Ok })
}
