//! A team in a season as a page shows it ([`TeamView`]): its name, where it plays at home, its
//! roster and the day it withdrew. `don team list` (and `don roster list`) render one a line,
//! the site's team page one a season, so they say the same thing.

use chrono::NaiveDate;

use super::{Link, Target};
use crate::store::SeasonEntry;

/// A team in a season. Names are as typed: each front end makes them safe for its medium.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamView {
    pub team: Link,
    pub venue: Option<String>,
    pub withdrawn: Option<NaiveDate>,
    /// Its players, each linked to their page.
    pub roster: Vec<Link>,
    /// The fewest players a roster has, by the season's rules.
    pub roster_min: u32,
}

impl TeamView {
    pub fn of(e: &SeasonEntry, roster_min: u32) -> TeamView {
        TeamView {
            team: Link {
                text: e.team.name.clone(),
                to: Target::Team(e.team.id),
            },
            venue: e.team.venue.clone(),
            withdrawn: e.withdrawn,
            roster: e
                .roster
                .iter()
                .map(|p| Link {
                    text: p.clone(),
                    to: Target::Player(p.clone()),
                })
                .collect(),
            roster_min,
        }
    }

    /// Whether its roster has fewer players than a roster has at least.
    pub fn short(&self) -> bool {
        (self.roster.len() as u32) < self.roster_min
    }

    /// What it says: the team, where it plays, the day it withdrew, each player.
    pub fn facts(&self) -> Vec<String> {
        let mut facts = vec![self.team.text.clone()];
        facts.extend(self.venue.clone());
        facts.extend(self.withdrawn.map(|d| d.to_string()));
        facts.extend(self.roster.iter().map(|p| p.text.clone()));
        facts
    }
}
