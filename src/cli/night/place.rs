//! Where a night goes among its season's fixtures: on its fixture, moved, or on one added.


use chrono::NaiveDate;

use don::league::fixtures::{place_night as league_place_night, NightPlace, PairFixture};
use don::league::names::shell_quoted;
use don::league::NightResult;
use don::store::{Change, Fixture, SeasonInfo, Store, TeamInfo};

use crate::cli::error::CliError;
use crate::cli::prompt::Prompt;
use crate::cli::which::Which;
use super::{ask::*, show::*};

/// Where a night goes among its season's fixtures.
pub(super) enum Placement {
    /// On this fixture.
    On(Fixture),
    /// On this fixture, moved to the night's date: only when the night was said to be moved.
    Move(Fixture, NaiveDate),
    /// On a new fixture on this date (a season with no schedule, the teams' first night).
    Add(NaiveDate),
}

/// Finds the fixture a night goes on. A night on another date than its fixture's moves the
/// fixture only when the entry says the night was moved; a night between two teams beyond
/// their fixtures is refused (a fixture is added first with `don fixtures add`), except in a
/// season that keeps no schedule (no fixture made by `fixtures generate`), where the first
/// night between two teams makes its fixture on its date.
pub(super) fn place_night(
    fixtures: &[Fixture],
    season: &SeasonInfo,
    home: &TeamInfo,
    away: &TeamInfo,
    day: Option<NaiveDate>,
) -> Result<Placement, CliError> {
    let between: Vec<&Fixture> = fixtures
        .iter()
        .filter(|f| f.home.id == home.id && f.away.id == away.id)
        .collect();
    let pair = format!("{} v {}", home.name, away.name);
    let open: Vec<&Fixture> = between
        .iter()
        .filter(|f| {
            !matches!(
                &f.result,
                Some(NightResult::Totals(_) | NightResult::Walkover(_))
            )
        })
        .filter(|f| !is_done(f, &season.config))
        .copied()
        .collect();
    let done: Vec<String> = between
        .iter()
        .filter(|f| is_done(f, &season.config))
        .map(|f| f.date.to_string())
        .collect();
    // A season keeps a schedule once `fixtures generate` has made one.
    let scheduled = fixtures.iter().any(|f| f.round.is_some());
    let add_first = |d: &str| {
        format!(
            "add a fixture first with `don fixtures add {} {} {d}`",
            shell_quoted(&home.name),
            shell_quoted(&away.name)
        )
    };
    let played = || match done.len() {
        0 => String::new(),
        1 => format!(
            " (their night on {} has a result: `don night correct` changes it)",
            done[0]
        ),
        _ => format!(
            " (their nights on {} have results: `don night correct` changes them)",
            done.join(" and ")
        ),
    };
    let Some(d) = day else {
        return match open[..] {
            [f] => Ok(Placement::On(f.clone())),
            [] if between.is_empty() && !scheduled => Err(CliError::Usage(format!(
                "season {} has no fixture {pair}: give the night's --date (its fixture is added on it)",
                season.name
            ))),
            [] if between.is_empty() => Err(CliError::Usage(format!(
                "season {} has no fixture {pair}: {}",
                season.name,
                add_first("DATE")
            ))),
            [] => Err(CliError::Usage(format!(
                "{pair} has no fixture left to play in season {}{}; for another night between them, {}",
                season.name,
                played(),
                add_first("DATE")
            ))),
            _ => Err(CliError::Usage(format!(
                "{pair} has fixtures to play on {}: give the night's --date",
                open.iter()
                    .map(|f| f.date.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ))),
        };
    };
    // The decision is the league's, as for a results file: on the fixture of that date, else
    // on the one left to play if the night was moved, else a fixture added first.
    let pair_fixtures: Vec<PairFixture> = between
        .iter()
        .map(|f| PairFixture {
            id: f.id,
            date: f.date,
            open: open.iter().any(|o| o.id == f.id),
        })
        .collect();
    let by_id = |id: i64| between.iter().find(|f| f.id == id).map(|f| (*f).clone());
    match league_place_night(&pair_fixtures, d, scheduled) {
        NightPlace::On(id) => Ok(Placement::On(by_id(id).expect("one of theirs"))),
        NightPlace::Move { id, .. } => Ok(Placement::Move(by_id(id).expect("one of theirs"), d)),
        NightPlace::Beyond { scheduled: false } if between.is_empty() => Ok(Placement::Add(d)),
        NightPlace::Beyond { .. } if between.is_empty() => Err(CliError::Usage(format!(
            "season {} has no fixture {pair}: {}",
            season.name,
            add_first(&d.to_string())
        ))),
        NightPlace::Beyond { .. } => Err(CliError::Usage(format!(
            "{pair} has no fixture on {d} nor one left to play{}: for another night between them, {}",
            played(),
            add_first(&d.to_string())
        ))),
        NightPlace::Several(left) => Err(CliError::Usage(format!(
            "{pair} has fixtures to play on {}, none on {d}: move the one played with `don fixtures move N {d}` first",
            left.iter()
                .map(|(_, date)| date.to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        ))),
    }
}

/// "A v B is fixture 6 on 2025-09-18, not 2025-12-25: if the night was moved …"
pub(super) fn not_moved_words(f: &Fixture, d: NaiveDate) -> String {
    format!(
        "{} v {} is fixture {} on {}, not {d}: if the night was moved to {d}, say so with --moved; if it is another night between them, add a fixture first with `don fixtures add {} {} {d}`",
        f.home.name,
        f.away.name,
        f.id,
        f.date,
        shell_quoted(&f.home.name),
        shell_quoted(&f.away.name)
    )
}

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
    let Ok((league, season)) = which.night_on(&reader, day, Some((home, away))) else {
        return Ok(false);
    };
    let (Ok(home), Ok(away)) = (reader.team(&league, home), reader.team(&league, away)) else {
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
            Err(CliError::Usage(not_moved_words(&f, d)))
        }
    }
}

/// The fixture a night goes on (see [`place_night`]), moved or added as need be.
pub(super) fn fixture_for_night(
    change: &Change,
    season: &SeasonInfo,
    home: &TeamInfo,
    away: &TeamInfo,
    day: Option<NaiveDate>,
    moved: bool,
    notes: &mut Vec<String>,
) -> Result<Fixture, CliError> {
    let fixtures = change.leagues().fixtures(season.id)?;
    match place_night(&fixtures, season, home, away, day)? {
        Placement::On(f) => Ok(f),
        Placement::Move(f, d) if moved => {
            change.move_fixture(f.id, d)?;
            notes.push(format!("fixture {} moved from {} to {d}", f.id, f.date));
            fixture_by_number(change, season, f.id)
        }
        Placement::Move(f, d) => Err(CliError::Usage(not_moved_words(&f, d))),
        Placement::Add(d) => {
            let id = change.add_fixture(season.id, None, d, home.id, away.id)?;
            notes.push(format!(
                "there was no fixture {} v {}: one was added on {d}",
                home.name, away.name
            ));
            fixture_by_number(change, season, id)
        }
    }
}

pub(super) use don::app::night::is_done;
