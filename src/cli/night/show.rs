//! A night and a season's fixtures as shown: the fixtures table, a night's card, its
//! result and how it stands in words.

use std::io::{self, Write};

use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};

use don::app::view::night::{day_words, joined, NightStanding};
use don::app::view::{Link, NightView, Target};
use don::app::{App, SeasonInfo, TeamInfo};

use crate::cli::error::CliError;
use crate::cli::text::shown;

pub use don::app::night::result_words;

/// The fixtures of a season as a table.
pub fn write_fixtures(
    out: &mut impl Write,
    app: &App,
    season: &SeasonInfo,
    team: Option<&TeamInfo>,
    unplayed: bool,
) -> Result<(), CliError> {
    let fixtures = app.fixtures_as_then(season)?;
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["No.", "Round", "Date", "Home", "Away", "Result"]);
    let mut n = 0;
    for f in &fixtures {
        if team.is_some_and(|t| f.home.id != t.id && f.away.id != t.id) {
            continue;
        }
        if unplayed && (f.result.is_some() || f.cancelled) {
            continue;
        }
        n += 1;
        table.add_row([
            f.id.to_string(),
            f.round.map(|r| r.to_string()).unwrap_or_default(),
            day_words(f),
            shown(&f.home.name).into_owned(),
            shown(&f.away.name).into_owned(),
            shown(&match (f.result.is_some(), f.confirmation.is_confirmed()) {
                (true, false) => format!(
                    "{} ({})",
                    result_words(f, &season.config),
                    f.confirmation.word()
                ),
                _ => result_words(f, &season.config),
            })
            .into_owned(),
        ]);
    }
    if n == 0 {
        writeln!(out, "No fixtures.")?;
    } else {
        // The number, the round and the date are never broken across lines (nor a score of the
        // result); the teams are the names.
        crate::cli::text::fit(&mut table, &[0, 1, 2], &[3, 4]);
        writeln!(out, "Season {}", shown(&season.name))?;
        writeln!(out, "{table}")?;
    }
    Ok(())
}

/// A night's card (`don night show`): its headline, how it stands, each match with its
/// players, legs and leg scores, as [`NightView`] has them; a leg scored with the engine names
/// its game.
pub fn write_night(out: &mut impl Write, night: &NightView) -> io::Result<()> {
    writeln!(out, "{}", shown(&night.headline()))?;
    for line in night
        .standing
        .iter()
        .map(NightStanding::line)
        .chain(night.note.clone())
    {
        writeln!(out, "{}", shown(&line))?;
    }
    if night.matches.is_empty() {
        return Ok(());
    }
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header([
        "Match",
        &shown(&night.home.text),
        &shown(&night.away.text),
        "Legs",
        "Leg scores",
    ]);
    for m in &night.matches {
        let side = |names: &[Link]| match names {
            [] => "—".to_string(),
            _ => shown(&joined(names)).into_owned(),
        };
        let legs: Vec<String> = m
            .leg_scores
            .iter()
            .map(|l| match l.game {
                Some(Target::Game(g)) => format!("{} (game {g})", l.score),
                _ => l.score.clone(),
            })
            .collect();
        table.add_row([
            m.name.clone(),
            side(&m.home),
            side(&m.away),
            m.legs_words().to_string(),
            legs.join(" "),
        ]);
    }
    // The legs won are never broken across lines.
    crate::cli::text::fit(&mut table, &[3], &[1, 2]);
    writeln!(out, "{table}")
}
