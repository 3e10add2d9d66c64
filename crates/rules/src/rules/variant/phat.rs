//! Phat, or Fat (RULES.md §6): phat pegged per trick, muck at the end of play.

use crate::rules::card::Rank;
use crate::rules::option::{whole, OptionValue, RulesetError, Words, TARGETS};
use crate::rules::outcome::Taker;
use crate::rules::seat::{BySide, Seating, Side};
use crate::rules::spec::{Awards, FirstPitch, Goal, MuckTie, Spec};
use crate::rules::trick::PegScale;

pub const NAME: &str = "phat";
pub const OPTIONS: &[&str] = &["muck_tie", "target"];

#[derive(Clone, Debug, PartialEq)]
pub struct PhatOptions {
    pub muck_tie: MuckTie,
    pub target: u32,
}

impl Default for PhatOptions {
    fn default() -> Self {
        PhatOptions {
            muck_tie: MuckTie::Carry,
            target: 181,
        }
    }
}

const MUCK_TIES: Words<MuckTie> = Words(&[
    ("carry", MuckTie::Carry),
    ("tens", MuckTie::Tens),
    ("split", MuckTie::Split),
]);

impl PhatOptions {
    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesetError> {
        match option {
            "muck_tie" => self.muck_tie = MUCK_TIES.read(NAME, option, value)?,
            "target" => self.target = whole(NAME, option, value, TARGETS)?,
            _ => return Err(RulesetError::unknown(NAME, option)),
        }
        Ok(())
    }

    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            ("muck_tie", MUCK_TIES.word(self.muck_tie)),
            ("target", OptionValue::Int(self.target.into())),
        ]
    }

    pub fn spec(&self) -> Spec {
        Spec {
            title: "Phat",
            seating: Seating::Partnership,
            tricks: 13,
            half: None,
            lowest_rank: Rank::Two,
            pegs: PegScale::Fat,
            count_at_end: false,
            awards: Awards::Muck(self.muck_tie),
            goal: Goal::Reach(self.target as i32),
            to_win: 1,
            first_pitch: FirstPitch::Free,
            league_penalties: false,
            muck_deals: Some(4),
            layout: None,
            irish: None,
        }
    }

    pub fn describe(&self) -> String {
        let tie = match self.muck_tie {
            MuckTie::Carry => "carried",
            MuckTie::Tens => "to three tens, else carried",
            MuckTie::Split => "split 4–4",
        };
        format!("Phat to {}, muck 8 (40–40 {tie})", self.target)
    }
}

/// The muck that wins outright: 41 or more of the 80.
const MUCK_WINS: i32 = 41;

/// Who takes the muck of a deal played out: the side with more card value (of the 80, that is
/// 41 or more; comparing still gives an answer when a record plays a card twice); level, under
/// `tens` the side holding three or four tens; otherwise a tie.
pub fn muck_taker(tie: MuckTie, sides: [Side; 2], value: BySide<u32>, tens: BySide<u32>) -> Taker {
    let [a, b] = sides;
    match value[a].cmp(&value[b]) {
        std::cmp::Ordering::Greater => Taker::Side(a),
        std::cmp::Ordering::Less => Taker::Side(b),
        std::cmp::Ordering::Equal => match tie {
            MuckTie::Tens if tens[a] >= 3 => Taker::Side(a),
            MuckTie::Tens if tens[b] >= 3 => Taker::Side(b),
            _ => Taker::Tie,
        },
    }
}

/// Who can have taken the muck, given the two sides' muck values as a totals record writes them:
/// 41 or more wins; at 40–40 the tens may have decided it (under `tens`, either side, as the
/// values do not show the tens), otherwise it is a tie.
pub fn muck_takers(tie: MuckTie, sides: [Side; 2], values: BySide<i32>) -> Vec<Taker> {
    let [a, b] = sides;
    if values[a] >= MUCK_WINS {
        vec![Taker::Side(a)]
    } else if values[b] >= MUCK_WINS {
        vec![Taker::Side(b)]
    } else if tie == MuckTie::Tens {
        vec![Taker::Side(a), Taker::Side(b), Taker::Tie]
    } else {
        vec![Taker::Tie]
    }
}

/// What the muck pegs, and the muck carried to the next deal: 8 (plus what was carried) to the
/// side that took it; at a tie, 4 each under `split`, else the 8 is carried (ties keep adding 8).
/// `None` for the carry when the muck did not count (nothing changes).
pub fn muck_pegs(
    tie: MuckTie,
    sides: [Side; 2],
    taker: Taker,
    carried: u32,
) -> (Vec<(Side, u32)>, Option<u32>) {
    match (taker, tie) {
        (Taker::Side(s), _) => (vec![(s, 8 + carried)], Some(0)),
        (Taker::Tie, MuckTie::Split) => (vec![(sides[0], 4), (sides[1], 4)], Some(0)),
        (Taker::Tie, _) => (vec![], Some(carried + 8)),
        (Taker::Nobody | Taker::Pair(..), _) => (vec![], None),
    }
}
