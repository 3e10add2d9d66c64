//! One place each for what live play and the totals check both decide: what an end-of-play award
//! pegs, who has the most, what one pegging step decides, and what going out means. Each
//! variant's own rule (Phat's muck, Game to Lose's shared game, Irish Don's misère) is called
//! from here, so it is written once, in its variant's module.

use super::outcome::{seat_of, AwardKind, Outcome, Taker};
use super::seat::{BySide, Side};
use super::spec::{Awards, Goal, Spec};
use super::variant::{game_to_lose, irish_don, phat};

/// The awards pegged after a complete deal, in order, given the deals already played in the leg
/// (Phat's muck does not count from the fifth deal on).
pub fn award_kinds(spec: &Spec, deals_played: u32) -> Vec<AwardKind> {
    let mut kinds = spec.awards.kinds();
    if !spec.muck_counts(deals_played) {
        kinds.retain(|&k| k != AwardKind::Muck);
    }
    kinds
}

/// What an award pegs when `taker` took it, with `carried` muck carried into the deal; and the
/// muck carried after it (`None`: unchanged).
pub fn award_pegs(
    spec: &Spec,
    kind: AwardKind,
    taker: Taker,
    carried: u32,
) -> (Vec<(Side, u32)>, Option<u32>) {
    match spec.awards {
        Awards::Muck(tie) => phat::muck_pegs(tie, two_sides(spec), taker, carried),
        Awards::GameToLose => (game_to_lose::game_pegs(taker), None),
        Awards::InOrder(_) => match (taker, spec.awards.points(kind)) {
            (Taker::Side(side), Some(points)) => (vec![(side, points)], None),
            _ => (vec![], None),
        },
        Awards::None => (vec![], None),
    }
}

/// The two sides of a partnership game, in order.
pub fn two_sides(spec: &Spec) -> [Side; 2] {
    match spec.sides() {
        [a, b, ..] => [*a, *b],
        _ => [Side::NS, Side::EW],
    }
}

/// The sides with the most.
pub fn leaders<T: Ord + Copy>(sides: &[Side], values: BySide<T>) -> Vec<Side> {
    let top = sides.iter().map(|&s| values[s]).max();
    sides
        .iter()
        .copied()
        .filter(|&s| Some(values[s]) == top)
        .collect()
}

/// The one side with the most, if there is one.
pub fn single_most<T: Ord + Copy>(sides: &[Side], values: BySide<T>) -> Option<Side> {
    match leaders(sides, values).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The single highest total wins; a tie for the highest is a draw.
pub fn highest(spec: &Spec, score: BySide<i32>) -> Outcome {
    match single_most(spec.sides(), score) {
        Some(side) => Outcome::Won(side),
        None => Outcome::Draw,
    }
}

/// The outcome when `side` is the first to the goal: it wins, except that in Game to Lose it
/// loses and in Irish misère passing 80 loses.
pub fn goes_out(spec: &Spec, side: Side) -> Outcome {
    match (spec.goal, spec.irish) {
        (Goal::LoseAt(_), _) => Outcome::Lost(vec![seat_of(side)]),
        (Goal::PassEighty, Some(irish)) => irish_don::passed_eighty(irish, spec.seating, side),
        _ => Outcome::Won(side),
    }
}

/// What one pegging step decides, and which of the sides that just pegged reached the target.
/// One: it wins (in Game to Lose, loses). Two at once (a 4–4 split): the higher score wins
/// (loses); level is a draw (both lose).
pub fn decide_step(
    goal: Goal,
    pegged: &[Side],
    score: BySide<i32>,
) -> Option<(Outcome, Vec<Side>)> {
    let lose = match goal {
        Goal::Reach(_) => false,
        Goal::LoseAt(_) => true,
        Goal::Deals(_) | Goal::PassEighty => return None,
    };
    let over: Vec<Side> = pegged
        .iter()
        .copied()
        .filter(|&s| goal.reached(score[s]))
        .collect();
    if over.is_empty() {
        return None;
    }
    let top = leaders(&over, score);
    let outcome = match (lose, top.as_slice()) {
        (true, _) => Outcome::Lost(top.iter().map(|&s| seat_of(s)).collect()),
        (false, [one]) => Outcome::Won(*one),
        (false, _) => Outcome::Draw,
    };
    Some((outcome, over))
}
