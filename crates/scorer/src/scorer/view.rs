//! The state of a game at the table as a page shows it ([`ScorerView`]): typed facts, not the
//! terminal's sentences. The phone scorer's page and the live board render it; `don play` says
//! its own sentences ([`Status`]'s words and its short prompt).

use super::announce::{Announcement, ToGo};
use super::names::Name;
use super::status::Status;
use std::fmt;

use crate::rules::{Seat, Side, Suit};

/// A side: its name with its players, its score, what it still needs, its legs (or Irish Don's
/// games) won in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideState {
    pub side: Side,
    pub name: Name,
    pub score: i32,
    pub to_go: ToGo,
    pub wins: u32,
}

/// A seat and its player in words: "S (Rhys)".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatName {
    pub seat: Seat,
    pub name: Name,
}

impl fmt::Display for SeatName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.name.fmt(f)
    }
}

/// The match a game is of: its legs (Irish Don: games), the one in play, how many win it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// Irish Don's games rather than legs.
    pub games: bool,
    pub leg: u32,
    pub to_win: u32,
}

/// What can be entered now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Who pitches the hand: one of these seats.
    Pitcher { seats: Vec<SeatName> },
    /// A trick's cards, from its leader (or the hand's totals, a concession, a penalty...).
    Trick { trick: u32, from: SeatName },
    /// The game is over: only an entry taken back.
    Over,
    /// Nothing: a league night holds the game as a leg.
    Held,
}

/// A game at the table: the hand, who deals, who pitches, the trumps, whose lead, the scores by
/// side, the last trick, what can be entered now, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScorerView {
    pub hand: u32,
    /// The trick in play, once the hand's first card is down.
    pub trick: Option<u32>,
    pub dealer: Option<SeatName>,
    pub pitcher: Option<SeatName>,
    /// Whose lead it is, in a hand.
    pub leader: Option<SeatName>,
    pub trumps: Option<Suit>,
    pub sides: Vec<SideState>,
    /// Irish Don's running count of the fat during a deal, not yet the score.
    pub counting: bool,
    pub deals_left: Option<u32>,
    /// In a match, its legs.
    pub part: Option<Part>,
    /// The tricks of the hand in play, as entered, in order; the last is the last trick.
    pub tricks: Vec<String>,
    pub wanted: Wanted,
    /// How the game ended, once over: "NS (Gareth & Rhys) won, 121–97".
    pub result: Option<String>,
}

impl ScorerView {
    /// The view of `status`, with the running score and what each needs (`standing`), the tricks
    /// of the hand in play, and whether a league night holds the game.
    pub fn of(
        status: &Status,
        standing: &Announcement,
        tricks: &[String],
        held: bool,
    ) -> ScorerView {
        let names = status.names();
        let named = |seat: Seat| SeatName {
            seat,
            name: names.seat(seat),
        };
        let (to_go, deals_left) = match standing {
            Announcement::Score {
                standings,
                deals_left,
                ..
            } => (standings.iter().map(|s| s.to_go).collect(), *deals_left),
            _ => (Vec::new(), None),
        };
        let wanted = if held || status.held {
            Wanted::Held
        } else if status.over {
            Wanted::Over
        } else if status.needs_pitcher() {
            Wanted::Pitcher {
                seats: status.seats.iter().map(|&s| named(s)).collect(),
            }
        } else {
            match status.leader {
                Some(l) => Wanted::Trick {
                    trick: if status.in_hand { status.trick } else { 1 },
                    from: named(l),
                },
                None => Wanted::Over,
            }
        };
        ScorerView {
            hand: status.hand,
            trick: status.in_hand.then_some(status.trick),
            dealer: status.dealer.map(named),
            pitcher: status.pitcher.map(named),
            leader: status.leader.filter(|_| status.in_hand).map(named),
            trumps: status.trumps,
            sides: status
                .sides
                .iter()
                .enumerate()
                .map(|(i, s)| SideState {
                    side: s.side,
                    name: s.name.clone(),
                    score: s.score,
                    to_go: to_go.get(i).copied().unwrap_or(ToGo::Nothing),
                    wins: s.wins,
                })
                .collect(),
            counting: status.counting,
            deals_left,
            part: status.is_match().then_some(Part {
                games: status.games,
                leg: status.leg,
                to_win: status.to_win,
            }),
            tricks: tricks.to_vec(),
            wanted,
            result: status.over.then(|| status.result_words()),
        }
    }

    pub fn over(&self) -> bool {
        self.result.is_some()
    }
}
