//! Players' and partnerships' figures as a page shows them ([`FiguresView`]): a row a player
//! (or partnership) and kind of game, with matches and legs played and won and the points
//! pegged a hand. `don stats` and the site's figures (a player's page, a team's) render this one
//! view, so they say the same thing.

use super::{Link, Target};
use crate::league::stats::{StatLine, Who};
use crate::league::Kind;

/// A row of figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureRow {
    /// The player, or the partnership's two, each linked to their page.
    pub who: Vec<Link>,
    /// The team played for (the latest, when more than one).
    pub team: String,
    pub kind: Kind,
    pub matches: u32,
    pub matches_won: u32,
    /// The matches won in a hundred ("67"); none without a match.
    pub win_rate: Option<String>,
    pub legs: u32,
    pub legs_won: u32,
    /// Hands recorded, in legs scored with the engine.
    pub hands: u32,
    /// The points pegged a hand in them ("7.5"); none without a hand.
    pub per_hand: Option<String>,
}

impl FigureRow {
    /// The player, or the partnership: "Gareth & Rhys".
    pub fn who_words(&self) -> String {
        super::night::joined(&self.who)
    }
}

/// Lines of figures, in order (a leaderboard's ranked from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiguresView {
    /// "Player" or "Partnership".
    pub who: &'static str,
    pub rows: Vec<FigureRow>,
}

impl FiguresView {
    pub fn of<'a>(lines: impl IntoIterator<Item = &'a StatLine>, who: &'static str) -> Self {
        let rows = lines.into_iter().map(|l| FigureRow {
            who: match &l.who {
                Who::Player(p) => vec![p.clone()],
                Who::Partnership(a, b) => vec![a.clone(), b.clone()],
            }
            .into_iter()
            .map(|p| Link {
                text: p.clone(),
                to: Target::Player(p),
            })
            .collect(),
            team: l.team.clone(),
            kind: l.kind,
            matches: l.matches,
            matches_won: l.matches_won,
            win_rate: l.win_rate().map(|r| format!("{:.0}", r * 100.0)),
            legs: l.legs,
            legs_won: l.legs_won,
            hands: l.hands,
            per_hand: l.points_per_hand().map(|p| format!("{p:.1}")),
        });
        FiguresView {
            who,
            rows: rows.collect(),
        }
    }

    /// Whether any row has a hand recorded.
    pub fn any_hands(&self) -> bool {
        self.rows.iter().any(|r| r.hands > 0)
    }

    /// What each row says on every page that shows it: who, the team, the kind, matches and
    /// legs played and won, and the points a hand where there are any.
    pub fn facts(&self) -> Vec<Vec<String>> {
        self.rows
            .iter()
            .map(|r| {
                let mut facts = vec![r.who_words(), r.team.clone(), r.kind.to_string()];
                facts.extend([r.matches, r.matches_won, r.legs, r.legs_won].map(|n| n.to_string()));
                facts.extend(r.per_hand.clone());
                facts
            })
            .collect()
    }
}
