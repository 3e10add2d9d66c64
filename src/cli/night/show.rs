//! A night as shown: its card, its result and how it stands in words.

use std::io::{self, Write};

use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};

use don::app::view::night::{joined, NightStanding};
use don::app::view::{Link, NightView, Target};

use crate::cli::text::shown;

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
