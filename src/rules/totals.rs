//! Hands kept as totals are checked, not trusted: each side's in-play points must come from
//! disjoint sets of the variant's scoring cards, the award fields must agree with the points,
//! and when the totals leave open who won, the record must say.

use std::sync::OnceLock;

use super::fault::{Code, Fault};
use super::game::{decide_step, eighty_all, goes_out, highest, AwardKind, AwardPeg, Game, Outcome};
use super::ruleset::{Awards, Goal, MuckTie, Spec};
use super::seat::{BySide, Side};
use super::trick::PegTable;

/// An award field as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AwardValue {
    Side(Side),
    /// `"none"`: nobody scored it (a tie, a card not dealt, or the game already over).
    Nobody,
    /// Game to Lose's shared 4–4 game.
    Pair(Side, Side),
}

/// Phat's `muck` field as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MuckValue {
    Side(Side),
    Tie,
    Nobody,
    Values(BySide<i32>),
}

/// A hand recorded as totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Everything each side scored in the hand, in play and after, penalties excluded.
    pub points: BySide<i32>,
    pub game: Option<AwardValue>,
    pub high: Option<AwardValue>,
    pub low: Option<AwardValue>,
    pub jack: Option<AwardValue>,
    pub muck: Option<MuckValue>,
    pub out_first: Option<Side>,
    pub last_scorer: Option<Side>,
}

/// A consistent reading of a totals hand.
#[derive(Clone, Debug)]
pub struct Explained {
    pub awards: Vec<AwardPeg>,
    pub carry: Option<u32>,
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Award(AwardValue),
    Muck(MuckValue),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Jack {
    Nobody,
    Side(usize),
    Any,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Undecided,
    Decided(Outcome),
    /// Both could have gone out in play and `out_first` does not say.
    BothInPlay,
    /// Irish 80–80 without `last_scorer`.
    NeedsLastScorer,
}

/// Checks a totals hand against the game so far.
pub fn explain(game: &Game, t: &Totals) -> Result<Explained, Fault> {
    let spec = *game.spec();
    let sides = spec.seating.sides();
    let impossible = |msg: String| Fault::new(Code::ImpossibleTotals, msg);
    let shown = show_points(sides, t.points);
    for &s in sides {
        if t.points[s] < 0 {
            return Err(impossible(format!(
                "{s} has {} points in a hand ({shown}); points cannot be below 0 (put penalties in `penalties`)",
                t.points[s]
            )));
        }
    }
    let muck_counts = game.muck_counts();
    let kinds: &[AwardKind] = match spec.awards {
        Awards::None => &[],
        Awards::Game(_) | Awards::GameToLose => &[AwardKind::Game],
        Awards::Preston => &[AwardKind::High, AwardKind::Jack, AwardKind::Game],
        Awards::Hljg => &[
            AwardKind::High,
            AwardKind::Low,
            AwardKind::Jack,
            AwardKind::Game,
        ],
        Awards::Muck(_) if muck_counts => &[AwardKind::Muck],
        Awards::Muck(_) => &[],
    };
    if let Some(MuckValue::Values(v)) = t.muck {
        let sum: i32 = sides.iter().map(|&s| v[s]).sum();
        if sum != 80 || sides.iter().any(|&s| v[s] < 0) {
            return Err(impossible(format!(
                "the muck values add up to {sum}; a deal's muck is 80"
            )));
        }
    }
    if !muck_counts && matches!(t.muck, Some(MuckValue::Side(_) | MuckValue::Tie)) {
        return Err(impossible(format!(
            "muck does not count in deal {} of a game: after {} deals only phat scores",
            game.deals_in_unit() + 1,
            spec.muck_deals.unwrap_or(4)
        )));
    }
    let mut candidates: Vec<Vec<Choice>> = Vec::new();
    for &kind in kinds {
        candidates.push(award_candidates(&spec, kind, t));
    }
    let mut index = vec![0usize; candidates.len()];
    let mut feasible: Vec<(Verdict, Vec<AwardPeg>, Option<u32>)> = Vec::new();
    let mut reason = None;
    loop {
        let choice: Vec<Choice> = index.iter().zip(&candidates).map(|(&i, c)| c[i]).collect();
        match try_choice(game, &spec, kinds, &choice, t) {
            Ok(found) => feasible.push(found),
            Err(r) => {
                if reason.is_none() {
                    reason = r;
                }
            }
        }
        // Next combination.
        let mut k = 0;
        loop {
            if k == index.len() {
                break;
            }
            index[k] += 1;
            if index[k] < candidates[k].len() {
                break;
            }
            index[k] = 0;
            k += 1;
        }
        if k == index.len() {
            break;
        }
    }
    let Some(first) = feasible.first().cloned() else {
        let why = reason.unwrap_or_else(|| {
            format!(
                "no split of the scoring cards between the sides, with the awards as recorded, gives {shown} (the most a hand of {} can peg is {})",
                variant_word(&spec),
                most_per_hand(&spec, game.carry())
            )
        });
        return Err(impossible(format!(
            "the totals {shown} are impossible: {why}"
        )));
    };
    let verdicts: Vec<&Verdict> = feasible.iter().map(|f| &f.0).collect();
    if verdicts.iter().any(|v| **v == Verdict::BothInPlay) {
        return Err(Fault::new(
            Code::AmbiguousWinner,
            format!("with {shown}, more than one side could have reached the target during play; say which was first with `out_first`"),
        ));
    }
    if verdicts.iter().any(|v| **v == Verdict::NeedsLastScorer) {
        return Err(Fault::new(
            Code::AmbiguousWinner,
            "the game ends 80–80: say with `last_scorer` which side took the last scoring trick",
        ));
    }
    if verdicts.iter().any(|v| *v != verdicts[0]) {
        return Err(Fault::new(
            Code::AmbiguousWinner,
            format!("the award fields left out allow different results with {shown}; record them (high, low, jack, game, muck) or `out_first`"),
        ));
    }
    let all_given = kinds.iter().all(|k| given(t, *k));
    Ok(Explained {
        awards: if all_given { first.1 } else { Vec::new() },
        carry: first.2,
        outcome: match first.0 {
            Verdict::Decided(o) => Some(o),
            _ => None,
        },
    })
}

fn given(t: &Totals, kind: AwardKind) -> bool {
    match kind {
        AwardKind::High => t.high.is_some(),
        AwardKind::Low => t.low.is_some(),
        AwardKind::Jack => t.jack.is_some(),
        AwardKind::Game => t.game.is_some(),
        AwardKind::Muck => t.muck.is_some(),
    }
}

fn award_candidates(spec: &Spec, kind: AwardKind, t: &Totals) -> Vec<Choice> {
    let sides = spec.seating.sides();
    if kind == AwardKind::Muck {
        let tie = match spec.awards {
            Awards::Muck(tie) => tie,
            _ => MuckTie::Carry,
        };
        return match t.muck {
            Some(MuckValue::Values(v)) => {
                let (a, b) = (sides[0], sides[1]);
                if v[a] >= 41 {
                    vec![Choice::Muck(MuckValue::Side(a))]
                } else if v[b] >= 41 {
                    vec![Choice::Muck(MuckValue::Side(b))]
                } else if tie == MuckTie::Tens {
                    vec![
                        Choice::Muck(MuckValue::Side(a)),
                        Choice::Muck(MuckValue::Side(b)),
                        Choice::Muck(MuckValue::Tie),
                    ]
                } else {
                    vec![Choice::Muck(MuckValue::Tie)]
                }
            }
            Some(m) => vec![Choice::Muck(m)],
            None => {
                let mut all: Vec<Choice> = sides
                    .iter()
                    .map(|&s| Choice::Muck(MuckValue::Side(s)))
                    .collect();
                all.push(Choice::Muck(MuckValue::Tie));
                all.push(Choice::Muck(MuckValue::Nobody));
                all
            }
        };
    }
    let field = match kind {
        AwardKind::High => t.high,
        AwardKind::Low => t.low,
        AwardKind::Jack => t.jack,
        _ => t.game,
    };
    match field {
        Some(v) => vec![Choice::Award(v)],
        None => {
            let mut all: Vec<Choice> = sides
                .iter()
                .map(|&s| Choice::Award(AwardValue::Side(s)))
                .collect();
            all.push(Choice::Award(AwardValue::Nobody));
            if spec.awards == Awards::GameToLose {
                for (i, &a) in sides.iter().enumerate() {
                    for &b in &sides[i + 1..] {
                        all.push(Choice::Award(AwardValue::Pair(a, b)));
                    }
                }
            }
            all
        }
    }
}

/// Points an award gives, in the order pegged.
fn award_pegs(
    spec: &Spec,
    kind: AwardKind,
    choice: Choice,
    carry: u32,
) -> (Vec<(Side, u32)>, Option<u32>) {
    let base = match (spec.awards, kind) {
        (Awards::Game(p), _) => p,
        (Awards::Preston, AwardKind::Game) => 6,
        (Awards::Hljg, AwardKind::Game) => 5,
        (Awards::GameToLose, _) => 8,
        _ => 1,
    };
    match choice {
        Choice::Award(AwardValue::Side(s)) => (vec![(s, base)], None),
        Choice::Award(AwardValue::Pair(a, b)) => (vec![(a, 4), (b, 4)], None),
        Choice::Award(AwardValue::Nobody) => (vec![], None),
        Choice::Muck(MuckValue::Side(s)) => (vec![(s, 8 + carry)], Some(0)),
        Choice::Muck(MuckValue::Tie) => match spec.awards {
            Awards::Muck(MuckTie::Split) => {
                let sides = spec.seating.sides();
                (vec![(sides[0], 4), (sides[1], 4)], Some(0))
            }
            _ => (vec![], Some(carry + 8)),
        },
        Choice::Muck(_) => (vec![], None),
    }
}

type Found = (Verdict, Vec<AwardPeg>, Option<u32>);

fn try_choice(
    game: &Game,
    spec: &Spec,
    kinds: &[AwardKind],
    choice: &[Choice],
    t: &Totals,
) -> Result<Found, Option<String>> {
    let sides = spec.seating.sides();
    let start = game.hand_start();
    let carry_now = game.carry();
    // What the awards give, to find the in-play points.
    let mut award_total: BySide<i32> = BySide::default();
    let mut pegs_list = Vec::new();
    let mut carry = None;
    for (&kind, &c) in kinds.iter().zip(choice) {
        if let (AwardKind::Game, Choice::Award(AwardValue::Pair(a, b))) = (kind, c) {
            if a == b || !sides.contains(&a) || !sides.contains(&b) {
                return Err(None);
            }
        }
        let (pegs, new_carry) = award_pegs(spec, kind, c, carry_now);
        for &(s, p) in &pegs {
            award_total[s] += p as i32;
        }
        if new_carry.is_some() {
            carry = new_carry;
        }
        pegs_list.push(AwardPeg { kind, pegs });
    }
    let mut in_play = [0i32; 3];
    for (i, &s) in sides.iter().enumerate() {
        in_play[i] = t.points[s] - award_total[s];
        if in_play[i] < 0 {
            return Err(None);
        }
    }
    let in_play_sum: i32 = in_play.iter().sum();
    // Who reached the goal during play.
    let mut running = start;
    for (i, &s) in sides.iter().enumerate() {
        running[s] = running[s].saturating_add(in_play[i]);
    }
    let reached = |score: i32, before: i32| match spec.goal {
        Goal::Reach(target) | Goal::LoseAt(target) => score >= target && before < target,
        Goal::PassEighty => score > 80 && before <= 80,
        Goal::Deals(_) => false,
    };
    let in_play_reachers: Vec<Side> = sides
        .iter()
        .copied()
        .filter(|&s| reached(running[s], start[s]))
        .collect();
    let mut verdict = Verdict::Undecided;
    let mut over = false;
    let mut first_out: Option<Side> = None;
    match in_play_reachers.as_slice() {
        [] => {}
        [one] => {
            first_out = Some(*one);
            over = true;
        }
        many => match t.out_first {
            Some(s) if many.contains(&s) => {
                first_out = Some(s);
                over = true;
            }
            Some(_) => return Err(None),
            None => {
                verdict = Verdict::BothInPlay;
                over = true;
            }
        },
    }
    // The scoring cards.
    let complete_fat = spec.table == PegTable::Fat && in_play_sum == 80;
    if spec.table == PegTable::Fat {
        if in_play_sum > 80 {
            return Err(Some(format!(
                "{} adds up to {in_play_sum}; a deal holds 80",
                fat_word(spec)
            )));
        }
        if in_play_sum < 80 && !over {
            return Err(Some(format!(
                "{} adds up to {in_play_sum}; a deal holds 80, and nobody went out during it",
                fat_word(spec)
            )));
        }
    }
    // The awards in order.
    let mut score = running;
    let mut jack = Jack::Any;
    for (k, (&kind, &c)) in kinds.iter().zip(choice).enumerate() {
        match (kind, c) {
            (AwardKind::Jack, Choice::Award(AwardValue::Side(s))) => {
                jack = Jack::Side(sides.iter().position(|&x| x == s).unwrap_or(0));
            }
            (AwardKind::Jack, Choice::Award(AwardValue::Nobody)) if !over => jack = Jack::Nobody,
            (AwardKind::High | AwardKind::Low, Choice::Award(AwardValue::Nobody)) if !over => {
                return Err(None)
            }
            (AwardKind::Muck, Choice::Muck(MuckValue::Nobody)) if !over => return Err(None),
            _ => {}
        }
        if over {
            continue;
        }
        let pegged: Vec<Side> = pegs_list[k].pegs.iter().map(|p| p.0).collect();
        for &(s, p) in &pegs_list[k].pegs {
            score[s] = score[s].saturating_add(p as i32);
        }
        if let Some((outcome, reachers)) = decide_step(spec.goal, &pegged, score) {
            if t.out_first
                .is_some_and(|claimed| !reachers.contains(&claimed))
            {
                return Err(None);
            }
            over = true;
            verdict = Verdict::Decided(outcome);
        }
    }
    if let (Some(claimed), Some(out)) = (t.out_first, first_out) {
        if claimed != out {
            return Err(None);
        }
    }
    if t.out_first.is_some() && first_out.is_none() && verdict == Verdict::Undecided {
        return Err(Some(format!(
            "`out_first` says {} reached the target first, but nobody reached it in this hand",
            t.out_first.map_or("", |s| s.code())
        )));
    }
    // In-play points must come from disjoint sets of the scoring cards.
    let ok = match spec.table {
        PegTable::Don => don_reachable(in_play, sides.len(), jack),
        PegTable::Fat => fat_reachable(in_play[0], in_play[1]),
    };
    if !ok {
        return Err(None);
    }
    if let Some(ls) = t.last_scorer {
        if t.points[ls] <= 0 {
            return Err(Some(format!(
                "`last_scorer` is {ls}, but {ls} scored nothing in this hand"
            )));
        }
    }
    if verdict == Verdict::Undecided {
        if let Some(s) = first_out {
            verdict = Verdict::Decided(goes_out(spec, s));
        }
    }
    // Irish Don: 80–80 and the bonk.
    if spec.irish.is_some() && verdict == Verdict::Undecided {
        let level = sides.iter().all(|&s| score[s] == 80);
        if complete_fat && level && game.deals_in_unit() + 1 >= 2 {
            verdict = match eighty_all(spec, t.last_scorer) {
                Some(outcome) => Verdict::Decided(outcome),
                None => Verdict::NeedsLastScorer,
            };
        }
    }
    if let Some(irish) = spec.irish {
        if irish.bonk_two_games && complete_fat {
            if let Some(&s) = sides.iter().find(|&&s| t.points[s] == 80) {
                verdict = Verdict::Decided(Outcome::Won(s));
            }
        }
    }
    if let (Goal::Deals(n), Verdict::Undecided) = (spec.goal, &verdict) {
        if game.deals_in_unit() + 1 >= n {
            verdict = Verdict::Decided(highest(spec, score));
        }
    }
    Ok((verdict, pegs_list, carry))
}

fn show_points(sides: &[Side], points: BySide<i32>) -> String {
    sides
        .iter()
        .map(|&s| format!("{s} {}", points[s]))
        .collect::<Vec<_>>()
        .join(", ")
}

fn variant_word(spec: &Spec) -> &'static str {
    match (spec.table, spec.awards) {
        (PegTable::Fat, Awards::None) => "Irish Don",
        (PegTable::Fat, _) => "Phat",
        (_, Awards::GameToLose) => "Game to Lose",
        _ if spec.layout.is_some() => "Blind Don",
        _ => "Nine Card Don",
    }
}

fn fat_word(spec: &Spec) -> &'static str {
    if spec.awards == Awards::None {
        "the fat"
    } else {
        "the phat"
    }
}

fn most_per_hand(spec: &Spec, carry: u32) -> u32 {
    match spec.awards {
        Awards::None => 80,
        Awards::Muck(_) => 88 + carry,
        _ => 52,
    }
}

const DON_DIM: usize = 44;

/// Reachable `(a, b, c)` in-play totals from disjoint sets of Nine Card Don's scoring cards
/// other than the jack of trumps.
fn don_table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let values = &PegTable::Don.scoring_values()[..8];
        let mut table = vec![false; DON_DIM * DON_DIM * DON_DIM];
        table[0] = true;
        for &v in values {
            let v = v as usize;
            let mut next = table.clone();
            for a in 0..DON_DIM {
                for b in 0..DON_DIM {
                    for c in 0..DON_DIM {
                        if !table[(a * DON_DIM + b) * DON_DIM + c] {
                            continue;
                        }
                        if a + v < DON_DIM {
                            next[((a + v) * DON_DIM + b) * DON_DIM + c] = true;
                        }
                        if b + v < DON_DIM {
                            next[(a * DON_DIM + b + v) * DON_DIM + c] = true;
                        }
                        if c + v < DON_DIM {
                            next[(a * DON_DIM + b) * DON_DIM + c + v] = true;
                        }
                    }
                }
            }
            table = next;
        }
        table
    })
}

fn don_reachable(points: [i32; 3], sides: usize, jack: Jack) -> bool {
    let lookup = |p: [i32; 3]| {
        p.iter().all(|&x| (0..DON_DIM as i32).contains(&x))
            && don_table()[(p[0] as usize * DON_DIM + p[1] as usize) * DON_DIM + p[2] as usize]
    };
    let with_jack = |i: usize| {
        let mut p = points;
        p[i] -= 1;
        lookup(p)
    };
    match jack {
        Jack::Nobody => lookup(points),
        Jack::Side(i) => with_jack(i),
        Jack::Any => lookup(points) || (0..sides).any(with_jack),
    }
}

/// Reachable `(a, b)` from disjoint sets of the fat (Irish Don and Phat).
fn fat_reachable(a: i32, b: i32) -> bool {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = vec![false; 81 * 81];
        table[0] = true;
        for &v in PegTable::Fat.scoring_values() {
            let v = v as usize;
            let mut next = table.clone();
            for x in 0..81 {
                for y in 0..81 {
                    if table[x * 81 + y] {
                        if x + v <= 80 {
                            next[(x + v) * 81 + y] = true;
                        }
                        if y + v <= 80 {
                            next[x * 81 + y + v] = true;
                        }
                    }
                }
            }
            table = next;
        }
        table
    });
    (0..=80).contains(&a) && (0..=80).contains(&b) && table[a as usize * 81 + b as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn don_points_come_from_disjoint_card_sets() {
        assert!(don_reachable([44, 0, 0], 2, Jack::Any));
        assert!(!don_reachable([44, 1, 0], 2, Jack::Any));
        assert!(don_reachable([36, 1, 0], 2, Jack::Side(1)));
        assert!(!don_reachable([36, 1, 0], 2, Jack::Nobody));
        assert!(!don_reachable([0, 1, 0], 2, Jack::Nobody));
        // 8 is a plain five and the king of trumps: no jack needed.
        assert!(don_reachable([8, 0, 0], 2, Jack::Nobody));
        // 42 and 2: EW took the queen of trumps. 43 and 2: only the jack is left for EW.
        assert!(don_reachable([42, 2, 0], 2, Jack::Any));
        assert!(!don_reachable([43, 2, 0], 2, Jack::Any));
        // Three players share the cards too.
        assert!(don_reachable([20, 20, 4], 3, Jack::Any));
        assert!(!don_reachable([20, 20, 5], 3, Jack::Any));
    }

    #[test]
    fn every_fat_total_splits_eighty() {
        for a in 0..=80 {
            assert!(fat_reachable(a, 80 - a), "{a}");
        }
        assert!(!fat_reachable(81, 0));
    }
}
