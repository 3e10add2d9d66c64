//! A game's score sheet: what every hand scored, who won, and what is wrong. Built by replaying;
//! never typed in, never stored as truth.

use crate::record::game::JacksOut;
use crate::record::{Fault, Record};
use crate::rules::{AwardPeg, BySeat, BySide, Decision, Outcome, Seat, Side, Suit, Variant};

/// How a hand was kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandKind {
    Tricks,
    Totals,
    Abandoned,
    /// After the game was decided, or too broken to score.
    NotScored,
}

/// One row of the score sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandRow {
    pub number: u32,
    pub kind: HandKind,
    pub pitcher: Option<Seat>,
    pub trumps: Option<Suit>,
    pub tricks: u32,
    /// What each side scored in the hand, penalties included.
    pub points: BySide<i32>,
    /// The game's (or leg's) score after the hand.
    pub score: BySide<i32>,
    /// The leg (or Irish Don's game) the hand belongs to, from 1.
    pub leg: u32,
    /// The end-of-play awards pegged, in order.
    pub awards: Vec<AwardPeg>,
    pub decided: Option<Decision>,
}

/// Where play stands in a game not yet decided, as the replay left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The hand in play (its number in the record) and how many of its tricks are entered.
    pub in_play: Option<(u32, u32)>,
    /// The score as play stands: the game's (or leg's) in progress, a new leg's 0–0 once a leg
    /// is won; in Irish Don during a deal, each side's count of the fat, the deal's tricks so
    /// far included.
    pub score: BySide<i32>,
    /// True when `score` is Irish Don's count of the fat during a deal.
    pub counting: bool,
    /// The leg (Irish Don: the game) in play, or the next one, from 1.
    pub leg: u32,
    /// Irish Don: the side that may claim now (RULES.md §5), the game having been decided in
    /// the deal in play.
    pub may_claim: Option<Side>,
}

/// The replay of one game: the record's particulars, a row per hand, the result, the faults.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSheet {
    pub id: Option<String>,
    pub variant: Option<Variant>,
    pub seats: BySeat<Option<String>>,
    pub date: Option<String>,
    pub venue: Option<String>,
    pub sides: &'static [Side],
    pub final_score: BySide<i32>,
    pub result: Option<Outcome>,
    /// The side that conceded, and after which hand.
    pub conceded: Option<(Side, u32)>,
    pub jacks_out: Option<JacksOut>,
    /// Legs (or games) won in the match.
    pub wins: BySide<u32>,
    pub hands: Vec<HandRow>,
    pub errors: Vec<Fault>,
    pub warnings: Vec<Fault>,
    /// Tricks replayed.
    pub tricks: u64,
    /// Where play stands, while the game is not decided.
    pub standing: Option<Standing>,
}

impl ScoreSheet {
    /// A sheet with the record's particulars (its hands and faults are the replay's to add)
    /// and nothing replayed yet.
    pub fn for_record(record: Record) -> ScoreSheet {
        ScoreSheet {
            sides: record.variant.as_ref().map_or(&[], |v| v.spec().sides()),
            id: record.id,
            variant: record.variant,
            seats: record.seats,
            date: record.date,
            venue: record.venue,
            final_score: BySide::default(),
            result: None,
            conceded: record.conceded,
            jacks_out: record.jacks_out,
            wins: BySide::default(),
            hands: Vec::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
            tricks: 0,
            standing: None,
        }
    }

    /// A sheet for a record that could not be read at all.
    pub fn unreadable(fault: Fault) -> ScoreSheet {
        let mut sheet = ScoreSheet::for_record(Record::default());
        sheet.push(fault);
        sheet
    }

    pub fn valid(&self) -> bool {
        self.errors.is_empty()
    }

    pub fn winner(&self) -> Option<Side> {
        match self.result {
            Some(Outcome::Won(s)) => Some(s),
            _ => None,
        }
    }

    pub fn draw(&self) -> bool {
        self.result == Some(Outcome::Draw)
    }

    pub fn losers(&self) -> &[Seat] {
        match &self.result {
            Some(Outcome::Lost(seats)) => seats,
            _ => &[],
        }
    }

    /// The match is of several legs or games.
    pub fn is_match(&self) -> bool {
        self.variant.as_ref().is_some_and(|v| v.spec().to_win > 1)
    }

    /// Files a fault as an error or a warning.
    pub fn push(&mut self, fault: Fault) {
        if fault.code.is_warning() {
            self.warnings.push(fault);
        } else {
            self.errors.push(fault);
        }
    }
}
