//! A night's result in a few words, home first, for the site and for the terminal: one reading
//! of the result ([`NightScore`]), two ways of saying it.

use crate::league::night::missing;
use crate::league::{Config, HomeAway, NightResult, Pair};
use crate::store::Fixture;

/// A fixture's result as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NightScore {
    Cancelled,
    /// Not played yet.
    Unplayed,
    /// Known only by its totals.
    Totals(Pair<u32>),
    /// A walkover to the team `to` (its name), worth `matches`.
    Walkover {
        to: String,
        matches: Pair<u32>,
    },
    /// Matches won so far, with `left` still to enter.
    Matches {
        won: Pair<u32>,
        left: usize,
    },
}

impl NightScore {
    pub fn of(f: &Fixture, config: &Config) -> NightScore {
        match &f.result {
            None if f.cancelled => NightScore::Cancelled,
            None => NightScore::Unplayed,
            Some(NightResult::Totals(t)) => NightScore::Totals(*t),
            Some(NightResult::Walkover(side)) => {
                let w = config.walkover_matches();
                let (to, matches) = if *side == HomeAway::Home {
                    (&f.home.name, Pair::new(w, 0))
                } else {
                    (&f.away.name, Pair::new(0, w))
                };
                NightScore::Walkover {
                    to: to.clone(),
                    matches,
                }
            }
            Some(NightResult::Matches(ms)) => {
                let mut won = Pair::<u32>::default();
                for m in ms {
                    won[m.winner()] += 1;
                }
                NightScore::Matches {
                    won,
                    left: missing(config, ms).len(),
                }
            }
        }
    }

    /// As the site says it: "6–3", "9–0 (walkover)", "4–2 so far", "v" for a night to come.
    pub fn site_words(&self) -> String {
        match self {
            NightScore::Cancelled => "cancelled".into(),
            NightScore::Unplayed => "v".into(),
            NightScore::Totals(t) => format!("{}–{}", t.home, t.away),
            NightScore::Walkover { matches: m, .. } => format!("{}–{} (walkover)", m.home, m.away),
            NightScore::Matches { won, left: 0 } => format!("{}–{}", won.home, won.away),
            NightScore::Matches { won, .. } => format!("{}–{} so far", won.home, won.away),
        }
    }

    /// As the terminal says it: "6–3", "9–0 walkover to Royal Oak", "4–2 so far (3 to
    /// enter)", "6–3 (totals)", nothing for a night to come.
    pub fn words(&self) -> String {
        match self {
            NightScore::Cancelled => "cancelled".into(),
            NightScore::Unplayed => String::new(),
            NightScore::Totals(t) => format!("{}–{} (totals)", t.home, t.away),
            NightScore::Walkover { to, matches: m } => {
                format!("{}–{} walkover to {to}", m.home, m.away)
            }
            NightScore::Matches { won, left: 0 } => format!("{}–{}", won.home, won.away),
            NightScore::Matches { won, left } => {
                format!("{}–{} so far ({left} to enter)", won.home, won.away)
            }
        }
    }
}
