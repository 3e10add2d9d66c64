//! A league night as a page shows it ([`NightView`]): its teams and day, its result, how it
//! stands while both teams do not yet stand by it (whose move it is, as
//! [`crate::app::night::of::night_move`] reads it), and its card: each match with its players,
//! legs won and leg scores, a leg scored with the engine linked to its game. `don night show`
//! and the site's night page render this one view, so they say the same thing.

use super::{Link, Target};
use crate::app::night::find::team_names;
use crate::app::night::of::night_move;
use crate::app::night::result_words;
use crate::league::confirm::Move;
use crate::league::{Confirmation, HomeAway, NightResult};
use crate::store::{Fixture, SeasonInfo};

/// How a night stands while both teams do not stand by it: `mark` ("Provisional", "Disputed")
/// and the rest of its sentence (": entered for Royal Oak, to be confirmed for Red Lion").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NightStanding {
    /// "provisional" or "disputed".
    pub class: &'static str,
    /// "Provisional" or "Disputed".
    pub mark: &'static str,
    pub rest: String,
}

impl NightStanding {
    /// The whole sentence: "Provisional: entered for Royal Oak, to be confirmed for Red Lion".
    pub fn line(&self) -> String {
        format!("{}{}", self.mark, self.rest)
    }
}

/// A leg's score ("121-87"), linked to its game where it was scored with the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegLine {
    pub score: String,
    /// [`Target::Game`] of the leg's game.
    pub game: Option<Target>,
}

/// A match of the night's card: "don 1", each side's players, the legs each won ("2–1"; `None`
/// while it is still to enter) and the leg scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchLine {
    pub name: String,
    pub home: Vec<Link>,
    pub away: Vec<Link>,
    pub legs: Option<String>,
    pub leg_scores: Vec<LegLine>,
}

impl MatchLine {
    /// The legs as the card says them: "2–1", or "to enter".
    pub fn legs_words(&self) -> &str {
        self.legs.as_deref().unwrap_or("to enter")
    }
}

/// A night of a season. Names are as typed: each front end makes them safe for its medium.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NightView {
    /// The fixture's number.
    pub fixture: i64,
    pub season: String,
    pub home: Link,
    pub away: Link,
    /// "Thu 4 Sep 2025", or "no date" for a night known only from a results grid.
    pub day: String,
    /// "6–3", "9–0 walkover to Royal Oak", "4–2 so far (3 to enter)", "6–3 (totals)",
    /// "cancelled", "not played yet".
    pub result: String,
    pub standing: Option<NightStanding>,
    /// What a night not entered match by match was: "Only the matches each side won were
    /// recorded for this night.", "Red Lion did not turn up: a walkover to Royal Oak."
    pub note: Option<String>,
    /// The card, a line a match of the season's night, in order; empty unless the night was
    /// entered match by match.
    pub matches: Vec<MatchLine>,
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

fn players(names: &[String]) -> Vec<Link> {
    names
        .iter()
        .map(|p| Link {
            text: p.clone(),
            to: Target::Player(p.clone()),
        })
        .collect()
}

impl NightView {
    pub fn of(f: &Fixture, season: &SeasonInfo) -> NightView {
        let config = &season.config;
        let names = team_names(f);
        let name = |side: HomeAway| names[side].clone();
        // An entered night's move does not hang on the day.
        let standing = match night_move(f, config, f.date) {
            _ if f.result.is_none() => None,
            Move::ToConfirm { entered_by } => Some(NightStanding {
                class: "provisional",
                mark: "Provisional",
                rest: format!(
                    ": entered for {}, to be confirmed for {}",
                    name(entered_by),
                    name(entered_by.other())
                ),
            }),
            Move::Entering { by } => Some(NightStanding {
                class: "provisional",
                mark: "Provisional",
                rest: format!(": being entered for {}, not complete yet", name(by)),
            }),
            Move::Disputed { by } => match &f.confirmation {
                Confirmation::Disputed { reason, .. } => Some(NightStanding {
                    class: "disputed",
                    mark: "Disputed",
                    rest: format!(" by {}: {reason}", name(by)),
                }),
                _ => None,
            },
            _ => None,
        };
        let mut matches = Vec::new();
        let note = match &f.result {
            Some(NightResult::Matches(ms)) => {
                for k in &config.night {
                    for slot in 1..=k.matches {
                        let name = format!("{} {slot}", k.kind);
                        let m = ms.iter().find(|m| m.kind == k.kind && m.slot == slot);
                        let side =
                            |side: HomeAway| m.map_or_else(Vec::new, |m| players(&m.players[side]));
                        matches.push(MatchLine {
                            name,
                            home: side(HomeAway::Home),
                            away: side(HomeAway::Away),
                            legs: m.map(|m| format!("{}–{}", m.legs.home, m.legs.away)),
                            leg_scores: m.map_or_else(Vec::new, |m| {
                                m.leg_scores
                                    .iter()
                                    .map(|l| LegLine {
                                        score: format!("{}-{}", l.score.home, l.score.away),
                                        game: l.game.map(Target::Game),
                                    })
                                    .collect()
                            }),
                        });
                    }
                }
                None
            }
            Some(NightResult::Totals(_)) => {
                Some("Only the matches each side won were recorded for this night.".to_string())
            }
            Some(NightResult::Walkover(side)) => Some(format!(
                "{} did not turn up: a walkover to {}.",
                name(side.other()),
                name(*side)
            )),
            None => None,
        };
        let result = match result_words(f, config) {
            w if w.is_empty() => "not played yet".to_string(),
            w => w,
        };
        NightView {
            fixture: f.id,
            season: season.name.clone(),
            home: Link {
                text: f.home.name.clone(),
                to: Target::Team(f.home.id),
            },
            away: Link {
                text: f.away.name.clone(),
                to: Target::Team(f.away.id),
            },
            day: day_words(f),
            result,
            standing,
            note,
            matches,
        }
    }

    /// "Royal Oak v Red Lion, Thu 4 Sep 2025: 6–3".
    pub fn headline(&self) -> String {
        format!(
            "{} v {}, {}: {}",
            self.home.text, self.away.text, self.day, self.result
        )
    }

    /// What the night says in sentences and cells, each of which every rendering of it shows
    /// whole.
    pub fn facts(&self) -> Vec<String> {
        let mut facts = vec![self.headline()];
        facts.extend(self.standing.iter().map(NightStanding::line));
        facts.extend(self.note.clone());
        for m in &self.matches {
            facts.push(m.name.clone());
            facts.push(m.legs_words().to_string());
            for side in [&m.home, &m.away] {
                if !side.is_empty() {
                    facts.push(joined(side));
                }
            }
            facts.extend(m.leg_scores.iter().map(|l| l.score.clone()));
        }
        facts
    }
}

/// Players' names joined as the card gives them: "Gareth & Rhys".
pub fn joined(names: &[Link]) -> String {
    names
        .iter()
        .map(|l| l.text.as_str())
        .collect::<Vec<_>>()
        .join(" & ")
}
