//! A list of fixtures as a page shows it, a [`FixtureLine`] a fixture: its number, round and
//! day, its teams, its result and how it stands. `don fixtures list` and the site's lists of
//! nights (a season's, a team's, the front page's latest results and next fixtures, the nights
//! the confirmed table leaves out) render these lines, so they say the same thing.

use super::night::day_words;
use super::{Link, Target};
use crate::app::night::result_words;
use crate::league::{Config, Confirmation};
use crate::store::Fixture;

/// A fixture of a list. Names are as typed: each front end makes them safe for its medium.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureLine {
    /// [`Target::Night`] of the fixture.
    pub night: Target,
    /// The fixture's number.
    pub id: i64,
    pub round: Option<u32>,
    /// "Thu 4 Sep 2025", or "no date" for a night known only from a results grid.
    pub day: String,
    pub home: Link,
    pub away: Link,
    /// "6–3", "9–0 walkover to Royal Oak", "4–2 so far (3 to enter)", "6–3 (totals)",
    /// "cancelled"; empty for a night to come.
    pub result: String,
    /// Not played and cancelled.
    pub cancelled: bool,
    /// "provisional" or "disputed" while both teams do not stand by its result.
    pub standing: Option<&'static str>,
}

fn team(t: &crate::store::TeamInfo) -> Link {
    Link {
        text: t.name.clone(),
        to: Target::Team(t.id),
    }
}

impl FixtureLine {
    pub fn of(f: &Fixture, config: &Config) -> FixtureLine {
        FixtureLine {
            night: Target::Night(f.id),
            id: f.id,
            round: f.round,
            day: day_words(f),
            home: team(&f.home),
            away: team(&f.away),
            result: result_words(f, config),
            cancelled: f.result.is_none() && f.cancelled,
            standing: match f.confirmation {
                _ if f.result.is_none() => None,
                Confirmation::Confirmed => None,
                _ => Some(f.confirmation.word()),
            },
        }
    }

    /// What the line says: its day, its teams, its result and how it stands.
    pub fn facts(&self) -> Vec<String> {
        let mut facts = vec![
            self.day.clone(),
            self.home.text.clone(),
            self.away.text.clone(),
        ];
        facts.extend((!self.result.is_empty()).then(|| self.result.clone()));
        facts.extend(self.standing.map(str::to_string));
        facts
    }
}
