//! Where a game at the table stands ([`ScorerView`]): typed facts, one view for every front end.
//! `don play` says it in the terminal's words (`status.rs`: the full status and the short
//! prompt); the phone scorer's page and the live boards say it in the web's.

use super::announce::{ScoreLine, ToGo};
use super::herald::Herald;
use super::names::{Name, Names};
use crate::record::line::Line;
use crate::record::trick::TrickCards;
use crate::replay::words::result_words;
use crate::replay::Replay;
use crate::rules::spec::{FirstPitch, Goal};
use crate::rules::{Card, Outcome, Seat, Side, Suit};

/// A side: its name with its players, its score (in Irish Don during a deal, its count of the
/// fat so far), what it still needs, its legs (or Irish Don's games) won in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideState {
    pub side: Side,
    pub name: Name,
    pub score: i32,
    pub to_go: ToGo,
    pub wins: u32,
}

/// What can be entered now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Who pitches the hand: one of the game's seats.
    Pitcher,
    /// A trick's cards, from its leader (or the hand's totals, a concession, a penalty...).
    Trick { trick: u32, from: Seat },
    /// The game is over: only an entry taken back.
    Over,
    /// Nothing: a league night holds the game as a leg.
    Held,
}

/// Where the game stands before the next entry: the hand, who deals, who pitches, the trumps,
/// whose lead, the scores by side, the tricks of the hand in play, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScorerView {
    /// The hand in play, or the next one: numbered as in the record, abandoned deals counted.
    pub hand: u32,
    /// True while a hand is in play (its first entry made, the deal not over).
    pub in_hand: bool,
    /// The next trick of the hand, from 1.
    pub trick: u32,
    /// Who deals the hand, when known.
    pub dealer: Option<Seat>,
    /// Who pitches (or pitched) the hand, when known.
    pub pitcher: Option<Seat>,
    /// Who leads the next trick (between hands: the pitcher).
    pub leader: Option<Seat>,
    /// Trumps, once the pitcher has led.
    pub trumps: Option<Suit>,
    /// Each side in the game's order.
    pub sides: Vec<SideState>,
    /// True when the scores are Irish Don's running count of the fat during a deal.
    pub counting: bool,
    /// A game of a fixed number of deals: how many are left.
    pub deals_left: Option<u32>,
    /// The leg (Irish Don: the game) in play, from 1.
    pub leg: u32,
    /// Legs or games a side needs to take the match; 1 for a single game.
    pub to_win: u32,
    /// True when the parts of a match are called games (Irish Don), not legs.
    pub games: bool,
    /// True when the game (or match) is over.
    pub over: bool,
    /// True when a league night holds the game as a leg: no entry or take-back is taken.
    pub held: bool,
    pub result: Option<Outcome>,
    /// How a game's (or leg's) first pitcher is chosen, for a hand waiting for its pitcher.
    pub first_pitch: FirstPitch,
    /// The seats of the game, in playing order.
    pub seats: Vec<Seat>,
    /// The tricks of the hand in play as entered, in order (none between hands): the last is
    /// the last trick; what a game taken up again mid-hand shows first.
    pub tricks: Vec<String>,
    /// The cards played so far in the hand in play, in the order entered: what a card pad
    /// shows as used.
    pub cards: Vec<Card>,
    /// The players' names the view speaks of.
    pub names: Names,
    /// Irish Don: the side that may claim now (its count, or under misère the other's, passed
    /// 80 in the deal in play): a claim (`Line::Claim`) ends the deal and the game here. `None`
    /// whenever a claim would be refused.
    pub may_claim: Option<Side>,
}

impl ScorerView {
    /// The view of `replay`, with the players' `names`, whether a league night holds the game,
    /// and the tricks of the hand in play as entered.
    pub(super) fn of(
        replay: &Replay,
        names: &Names,
        held: bool,
        in_play: &[&TrickCards],
    ) -> ScorerView {
        let game = replay.game();
        let in_hand = game.in_hand();
        let pitcher = replay.pitcher();
        let wins = game.wins();
        let herald = Herald {
            names,
            before: replay,
            after: replay,
        };
        ScorerView {
            held,
            hand: replay.hand_number(),
            in_hand,
            trick: game.tricks_played() + 1,
            dealer: replay.dealer(),
            pitcher,
            leader: if in_hand { game.leader() } else { pitcher },
            trumps: game.trumps(),
            sides: game
                .sides()
                .iter()
                .zip(herald.standings())
                .map(|(&side, s)| SideState {
                    side,
                    name: s.side,
                    score: s.score,
                    to_go: s.to_go,
                    wins: wins[side],
                })
                .collect(),
            counting: game.running_count().is_some(),
            deals_left: herald.deals_left(),
            leg: game.leg(),
            to_win: game.spec().to_win,
            games: game.spec().goal == Goal::PassEighty,
            over: game.is_over(),
            result: game.result().cloned(),
            first_pitch: game.spec().first_pitch,
            seats: game.spec().seating.seats().to_vec(),
            tricks: in_play
                .iter()
                .map(|t| Line::Trick(**t).to_string())
                .collect(),
            cards: in_play.iter().flat_map(|t| t.cards().to_vec()).collect(),
            names: names.clone(),
            may_claim: if held { None } else { game.may_claim() },
        }
    }

    /// True when the game is a match of several legs (Irish Don: games).
    pub fn is_match(&self) -> bool {
        self.to_win > 1
    }

    /// True while the next line must say who pitches: no hand in play and its pitcher unknown.
    pub fn needs_pitcher(&self) -> bool {
        !self.over && !self.in_hand && self.pitcher.is_none()
    }

    /// What can be entered now.
    pub fn wanted(&self) -> Wanted {
        match self.leader {
            _ if self.held => Wanted::Held,
            _ if self.over => Wanted::Over,
            _ if self.needs_pitcher() => Wanted::Pitcher,
            Some(from) => Wanted::Trick {
                trick: if self.in_hand { self.trick } else { 1 },
                from,
            },
            None => Wanted::Over,
        }
    }

    /// The scores in the game's order of sides: "121–97".
    pub(super) fn scores(&self) -> ScoreLine {
        ScoreLine(self.sides.iter().map(|s| s.score).collect())
    }

    /// The legs (or games) won in the game's order of sides: "1–0".
    pub fn wins(&self) -> ScoreLine {
        ScoreLine(self.sides.iter().map(|s| s.wins as i32).collect())
    }

    /// How the game ended, in words: "NS (Gareth & Rhys) won 121–97".
    pub fn result_words(&self) -> String {
        let name = |side: Side| self.names.side(side);
        let seating_side = |seat: Seat| {
            self.sides
                .iter()
                .find(|s| s.side.code() == seat.letter())
                .map_or_else(|| self.names.seat(seat), |s| s.name.clone())
        };
        let Some(outcome) = &self.result else {
            return format!("not yet decided, {}", self.scores());
        };
        let words = result_words(outcome, |s| name(s).label, |s| seating_side(s).label);
        match outcome {
            Outcome::Won(_) if self.is_match() => format!("{words} the match {}", self.wins()),
            Outcome::Unknown => format!("{words}, but who won cannot be told"),
            _ => format!("{words}, {}", self.scores()),
        }
    }
}
