//! `don night enter`: a night's totals, walkover or matches given on the command line, or
//! (at the prompt) the night begun with its first match.

use std::io::{self, Write};

use chrono::NaiveDate;

use don::league::entry::{
    parse_legs, parse_match,
};
use don::league::names::shell_quoted;
use don::league::night::check_totals;
use don::league::{Confirmation, HomeAway, Match, NightResult, Pair};
use don::store::{Change, Fixture, LeagueInfo, SeasonInfo, Store, TeamInfo};

use super::EnterArgs;
use crate::cli::error::{CliError, Done};
use crate::cli::prompt::{answer_prompt, terminal_answer_prompt};
use crate::cli::text::{count, shown};
use crate::cli::which::parse_date;
use super::{place::*, players::*, prompt::*, show::*};

/// The team a night is entered for (`--for`), by side.
pub(super) fn side_for(
    change: &Change,
    league: &LeagueInfo,
    name: Option<&str>,
    home: &TeamInfo,
    away: &TeamInfo,
    title: &str,
) -> Result<HomeAway, CliError> {
    let Some(name) = name else {
        return Ok(HomeAway::Home);
    };
    let team = change.leagues().team(league, name)?;
    if team.id == home.id {
        Ok(HomeAway::Home)
    } else if team.id == away.id {
        Ok(HomeAway::Away)
    } else {
        Err(CliError::Usage(format!(
            "--for: {} does not play in {title}",
            team.name
        )))
    }
}

pub(super) fn enter(args: EnterArgs) -> Result<Done, CliError> {
    let mut store = args.db.open_existing()?;
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let mut out = io::stdout().lock();
    let mut prompt = args.result.at_prompt().then(answer_prompt);
    // A night off its fixture's date is asked about at the prompt, and on a terminal when the
    // result is given on the command line; piped, it is refused unless `--moved` says so.
    let moved = match prompt.as_deref_mut() {
        _ if args.moved => true,
        Some(p) => ask_moved(&store, &args.which, &args.home, &args.away, day, p)?,
        None => match terminal_answer_prompt() {
            Some(mut p) => ask_moved(&store, &args.which, &args.home, &args.away, day, p.as_mut())?,
            None => false,
        },
    };
    let change = store.change("night")?;
    let (league, season) =
        args.which
            .night_on(&change.leagues(), day, Some((&args.home, &args.away)))?;
    let home = change.leagues().team(&league, &args.home)?;
    let away = change.leagues().team(&league, &args.away)?;
    if home.id == away.id {
        return Err(CliError::Usage("a team cannot play itself".into()));
    }
    let mut notes = Vec::new();
    let fixture = fixture_for_night(&change, &season, &home, &away, day, moved, &mut notes)?;
    // A withdrawn team's nights from its withdrawal on are not played (those before it are).
    for e in change.leagues().entries(season.id)? {
        let withdrew = e.withdrawn.filter(|w| fixture.date >= *w);
        if let (true, Some(w)) = (e.team.id == home.id || e.team.id == away.id, withdrew) {
            return Err(CliError::Usage(format!(
                "{} withdrew from season {} on {w}: its nights from then on are not played",
                e.team.name, season.name
            )));
        }
    }
    if fixture.cancelled {
        change.set_cancelled(fixture.id, false)?;
        notes.push(format!(
            "fixture {} was cancelled; it is played after all",
            fixture.id
        ));
    }
    let config = &season.config;
    let title = format!("{} v {} on {}", home.name, away.name, fixture.date);
    let entered_by = side_for(
        &change,
        &league,
        args.entered_for.as_deref(),
        &home,
        &away,
        &title,
    )?;
    if let Some(r) = &fixture.result {
        if !matches!(r, NightResult::Matches(_)) || is_done(&fixture, config) {
            return Err(CliError::Usage(format!(
                "{title} has a result already: {} (see `don night show`; `don night correct {}` replaces it)",
                result_words(&fixture, config),
                night_words(&home, &away, args.date.is_some().then_some(fixture.date))
            )));
        }
    }
    if fixture.result.is_none() {
        // Entered for one side: provisional until the other confirms it.
        change.set_provisional(fixture.id, entered_by, chrono::Local::now().date_naive())?;
    } else if let (Some(_), Confirmation::Provisional { entered_by: was }) =
        (&args.entered_for, &fixture.confirmation)
    {
        if *was != entered_by {
            let name = if *was == HomeAway::Home {
                &home.name
            } else {
                &away.name
            };
            return Err(CliError::Usage(format!(
                "{title} is being entered for {name}; --for cannot change that"
            )));
        }
    }
    if let Some(t) = &args.result.totals {
        let totals = parse_legs(t).map_err(|e| CliError::Usage(format!("--totals: {e}")))?;
        if fixture.result.is_some() {
            return Err(CliError::Usage(format!(
                "{title} has matches entered; it cannot be given as totals"
            )));
        }
        check_totals(config, totals).map_err(|e| CliError::Usage(format!("{title}: {e}")))?;
        change.set_night_result(fixture.id, &NightResult::Totals(totals))?;
        change.commit(
            &format!("{title}: {}–{} (totals)", totals.home, totals.away),
            None,
        )?;
        say(
            &mut out,
            &notes,
            &format!("{title}: {}–{}.", totals.home, totals.away),
        )?;
        return Ok(Done::Ok);
    }
    if let Some(w) = &args.result.walkover {
        let side: HomeAway = w
            .parse()
            .map_err(|e| CliError::Usage(format!("--walkover: {e}")))?;
        if fixture.result.is_some() {
            return Err(CliError::Usage(format!(
                "{title} has matches entered; it cannot be a walkover"
            )));
        }
        change.set_night_result(fixture.id, &NightResult::Walkover(side))?;
        let to = if side == HomeAway::Home {
            &home.name
        } else {
            &away.name
        };
        change.commit(&format!("{title}: walkover to {to}"), None)?;
        say(
            &mut out,
            &notes,
            &format!(
                "{title}: a walkover to {to}, {} to none.",
                count(config.walkover_matches(), "match", "matches")
            ),
        )?;
        return Ok(Done::Ok);
    }
    let mut entered = match &fixture.result {
        Some(NightResult::Matches(ms)) => ms.clone(),
        _ => Vec::new(),
    };
    let teams = Pair::new(home.clone(), away.clone());
    let mut players = Players::load(
        &change.leagues(),
        &league,
        &season,
        teams.clone(),
        &args.result.new_players,
    )?;
    if !args.result.matches.is_empty() {
        if fixture.result.is_none() {
            change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
        }
        for (i, line) in args.result.matches.iter().enumerate() {
            let at = |m: String| CliError::Usage(format!("--match {}: {m}", i + 1));
            let entry = parse_match(line).map_err(|e| at(e.to_string()))?;
            let (m, games) =
                resolve(&change.leagues(), config, entry, None).map_err(|e| match e {
                    CliError::Usage(m) => at(m),
                    other => other,
                })?;
            if let Some(NightResult::Matches(stored)) = &fixture.result {
                if stored.iter().any(|s| (s.kind, s.slot) == (m.kind, m.slot)) {
                    return Err(at(format!(
                        "{} match {} is entered already (see `don night show`); `don night correct {} --match {}` replaces it",
                        m.kind,
                        m.slot,
                        night_words(&home, &away, args.date.is_some().then_some(fixture.date)),
                        shell_quoted(line)
                    )));
                }
            }
            accept(
                &change,
                &season,
                &mut players,
                fixture.id,
                &mut entered,
                m,
                &games,
                &mut notes,
            )
            .map_err(|e| match e {
                CliError::Usage(m) => at(m),
                other => other,
            })?;
        }
        change.commit(
            &format!(
                "{title}: {}",
                count(args.result.matches.len() as i64, "match", "matches")
            ),
            None,
        )?;
        let fixture = fixture_by_number_in(&store, &season, fixture.id)?;
        say(
            &mut out,
            &notes,
            &format!("{title}: {}.", result_words(&fixture, config)),
        )?;
        return Ok(Done::Ok);
    }
    // At the prompt: each match kept as it is entered. Nothing is kept before the first: a
    // night begun here (its fixture placed, provisional for its team) is begun with it, so an
    // entry left before any match is accepted changes nothing and logs nothing.
    let begin = Begin {
        home: home.clone(),
        away: away.clone(),
        day,
        moved,
        entered_by,
        found: fixture.id,
    };
    let begun = fixture.result.is_some().then_some(fixture.id);
    drop(change);
    writeln!(out, "{}: {}", shown(&title), config.describe_night())?;
    drop(out);
    let mut prompt = prompt.unwrap_or_else(answer_prompt);
    prompt_night(
        &mut store,
        &mut *prompt,
        &season,
        &mut players,
        (begun, begin),
        &title,
        entered,
    )
}

/// What beginning a night at the prompt does, done with its first match: its fixture found
/// (moved or added as need be, played if it was cancelled) and the night provisional for the
/// team entering it.
pub(super) struct Begin {
    pub(super) home: TeamInfo,
    pub(super) away: TeamInfo,
    pub(super) day: Option<NaiveDate>,
    pub(super) moved: bool,
    pub(super) entered_by: HomeAway,
    /// The fixture the night was found on when the entry began (one added then was not kept,
    /// but another session entering the night adds it again).
    pub(super) found: i64,
}

/// What beginning a night at the prompt came to.
pub(super) enum Begun {
    /// The night's fixture, begun (or as another session began it, with its matches).
    On(Fixture),
    /// Another session entered or replaced the whole night meanwhile: why the match typed here
    /// is not kept, with the `night correct` line that would put it in.
    Taken(String),
}

impl Begin {
    /// Begins the night in `change`. A night another session has begun meanwhile is taken as
    /// it is (with the matches that session entered); one it has completed or replaced (as
    /// totals or a walkover) is not begun again.
    pub(super) fn apply(
        &self,
        change: &Change,
        season: &SeasonInfo,
        typed: &Match,
        notes: &mut Vec<String>,
    ) -> Result<Begun, CliError> {
        let taken = |f: &Fixture| {
            format!(
                "{} {} refused: the other session entered the night first: {} (see `don night show`); yours is not kept: `don night correct {} --match {}` puts {} {} in its place",
                typed.kind,
                typed.slot,
                result_words(f, &season.config),
                night_words(&self.home, &self.away, Some(f.date)),
                shell_quoted(&typed.entry_line()),
                typed.kind,
                typed.slot
            )
        };
        // The night's own fixture, looked at first: once its night is complete it is no longer
        // one "left to play", and looking for one would say there is none.
        let own =
            change.leagues().fixtures(season.id)?.into_iter().find(|f| {
                f.id == self.found && f.home.id == self.home.id && f.away.id == self.away.id
            });
        if let Some(f) = own.filter(|f| f.result.is_some() && is_done(f, &season.config)) {
            return Ok(Begun::Taken(taken(&f)));
        }
        let fixture = fixture_for_night(
            change, season, &self.home, &self.away, self.day, self.moved, notes,
        )?;
        match &fixture.result {
            Some(NightResult::Matches(_)) if !is_done(&fixture, &season.config) => {
                return Ok(Begun::On(fixture))
            }
            Some(_) => return Ok(Begun::Taken(taken(&fixture))),
            None => {}
        }
        if fixture.cancelled {
            change.set_cancelled(fixture.id, false)?;
            notes.push(format!(
                "fixture {} was cancelled; it is played after all",
                fixture.id
            ));
        }
        change.set_provisional(
            fixture.id,
            self.entered_by,
            chrono::Local::now().date_naive(),
        )?;
        change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
        fixture_by_number(change, season, fixture.id).map(Begun::On)
    }
}

/// How to name a night on the command line: `'Royal Oak' 'Red Lion' [--date D]`.
pub(super) fn night_words(home: &TeamInfo, away: &TeamInfo, date: Option<NaiveDate>) -> String {
    let mut words = format!("{} {}", shell_quoted(&home.name), shell_quoted(&away.name));
    if let Some(d) = date {
        words.push_str(&format!(" --date {d}"));
    }
    words
}

pub(super) fn fixture_by_number_in(store: &Store, season: &SeasonInfo, id: i64) -> Result<Fixture, CliError> {
    store
        .leagues()
        .fixtures(season.id)?
        .into_iter()
        .find(|f| f.id == id)
        .ok_or_else(|| CliError::Usage(format!("no fixture {id}")))
}

pub(super) fn say(out: &mut impl Write, notes: &[String], line: &str) -> io::Result<()> {
    for n in notes {
        writeln!(out, "{}", shown(n))?;
    }
    writeln!(out, "{}", shown(line))
}
