//! A night and a season's fixtures as shown: the fixtures table, a night's card, its
//! result and how it stands in words.

use std::io::{self, Write};

use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};

use don::app::night::of::night_move;
use don::app::{App, Fixture, SeasonInfo, TeamInfo};
use don::league::confirm::Move;
use don::league::{Config, Confirmation, HomeAway, NightResult};

use crate::cli::error::CliError;
use crate::cli::text::shown;

pub use don::app::night::result_words;

/// How an entered night stands when both teams do not yet stand by it, and so whose move it is
/// (the league's rule, as the web's pages have it): "Provisional: entered for Royal Oak, to be
/// confirmed for Red Lion", "Provisional: being entered for Royal Oak, not complete yet",
/// "Disputed by Red Lion: …".
fn standing_words(f: &Fixture, config: &Config) -> Option<String> {
    let name = |side: HomeAway| match side {
        HomeAway::Home => &f.home.name,
        HomeAway::Away => &f.away.name,
    };
    // An entered night's move does not hang on the day.
    match night_move(f, config, f.date) {
        Move::ToConfirm { entered_by } => Some(format!(
            "Provisional: entered for {}, to be confirmed for {}",
            name(entered_by),
            name(entered_by.other())
        )),
        Move::Entering { by } => Some(format!(
            "Provisional: being entered for {}, not complete yet",
            name(by)
        )),
        Move::Disputed { by } => match &f.confirmation {
            Confirmation::Disputed { reason, .. } => {
                Some(format!("Disputed by {}: {reason}", name(by)))
            }
            _ => None,
        },
        _ => None,
    }
}

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

/// A fixture's day as people read it ("Thu 4 Sep 2025"), or "no date" for a night known only
/// from a results grid.
pub fn day_words(f: &Fixture) -> String {
    if f.undated {
        "no date".to_string()
    } else {
        f.date.format("%a %-d %b %Y").to_string()
    }
}

/// A night's card: each match with its players, legs and leg scores.
pub fn write_night(out: &mut impl Write, f: &Fixture, config: &Config) -> io::Result<()> {
    writeln!(
        out,
        "{} v {}, {}: {}",
        shown(&f.home.name),
        shown(&f.away.name),
        day_words(f),
        match result_words(f, config).as_str() {
            "" => "not played yet".to_string(),
            w => shown(w).into_owned(),
        }
    )?;
    if f.result.is_some() {
        if let Some(line) = standing_words(f, config) {
            writeln!(out, "{}", shown(&line))?;
        }
    }
    if let Some(NightResult::Matches(ms)) = &f.result {
        let mut table = Table::new();
        table.load_preset(UTF8_FULL_CONDENSED);
        table.set_header([
            "Match",
            &shown(&f.home.name),
            &shown(&f.away.name),
            "Legs",
            "Leg scores",
        ]);
        for k in &config.night {
            for slot in 1..=k.matches {
                let Some(m) = ms.iter().find(|m| m.kind == k.kind && m.slot == slot) else {
                    table.add_row([
                        format!("{} {slot}", k.kind),
                        "—".into(),
                        "—".into(),
                        "to enter".into(),
                        String::new(),
                    ]);
                    continue;
                };
                let legs: Vec<String> = m
                    .leg_scores
                    .iter()
                    .map(|l| match l.game {
                        Some(g) => format!("{}-{} (game {g})", l.score.home, l.score.away),
                        None => format!("{}-{}", l.score.home, l.score.away),
                    })
                    .collect();
                table.add_row([
                    format!("{} {slot}", k.kind),
                    shown(&m.players.home.join(" & ")).into_owned(),
                    shown(&m.players.away.join(" & ")).into_owned(),
                    format!("{}–{}", m.legs.home, m.legs.away),
                    legs.join(" "),
                ]);
            }
        }
        // The legs won are never broken across lines.
        crate::cli::text::fit(&mut table, &[3], &[1, 2]);
        writeln!(out, "{table}")?;
    }
    Ok(())
}
