//! Hands kept as totals are checked, not trusted: each side's in-play points must come from
//! disjoint sets of the variant's scoring cards, the award fields must agree with the points,
//! and when the totals leave open who won, the record must say.
//!
//! Every reading of the award fields left out is tried ([`explain`]); a reading is followed as
//! play would go: the points in play, who went out in play, the awards pegged in order, then
//! the rules that end a deal (Irish 80–80 and the bonk, fixed deals).

use std::fmt;
use std::sync::OnceLock;

use super::outcome::{AwardKind, AwardPeg, Outcome, Taker};
use super::scoring::{award_kinds, award_pegs, decide_step, goes_out, highest, two_sides};
use super::seat::{BySide, Side};
use super::spec::{Awards, Goal, Spec};
use super::trick::PegScale;
use super::variant::{irish_don, phat};

/// Phat's `muck` field as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MuckValue {
    /// A side, `"tie"` or `"none"`.
    Award(Taker),
    /// Both sides' muck values.
    Values(BySide<i32>),
}

/// A hand recorded as totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Everything each side scored in the hand, in play and after, penalties excluded.
    pub points: BySide<i32>,
    pub game: Option<Taker>,
    pub high: Option<Taker>,
    pub low: Option<Taker>,
    pub jack: Option<Taker>,
    pub muck: Option<MuckValue>,
    pub out_first: Option<Side>,
    pub last_scorer: Option<Side>,
}

impl Totals {
    fn field(&self, kind: AwardKind) -> Option<Taker> {
        match kind {
            AwardKind::High => self.high,
            AwardKind::Low => self.low,
            AwardKind::Jack => self.jack,
            AwardKind::Game => self.game,
            AwardKind::Muck => match self.muck {
                Some(MuckValue::Award(taker)) => Some(taker),
                _ => None,
            },
        }
    }

    /// Every side the award fields name.
    pub fn sides_named(&self) -> impl Iterator<Item = Side> + '_ {
        let takers = [self.game, self.high, self.low, self.jack]
            .into_iter()
            .chain(match self.muck {
                Some(MuckValue::Award(taker)) => Some(Some(taker)),
                _ => None,
            })
            .flatten();
        let taken = takers.flat_map(|t| match t {
            Taker::Side(s) => vec![s],
            Taker::Pair(a, b) => vec![a, b],
            Taker::Nobody | Taker::Tie => vec![],
        });
        taken.chain(self.out_first).chain(self.last_scorer)
    }

    fn given(&self, kind: AwardKind) -> bool {
        match kind {
            AwardKind::Muck => self.muck.is_some(),
            _ => self.field(kind).is_some(),
        }
    }
}

/// Where the game stands as a totals hand begins: all the check needs to know of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandStart {
    /// The score of the game (or leg) before the hand.
    pub score: BySide<i32>,
    /// Phat's muck carried into the deal.
    pub carried: u32,
    /// Deals already played in the game (or leg).
    pub deals_played: u32,
}

/// A consistent reading of a totals hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The awards in the order pegged, when every award field was given (otherwise which reading
    /// is true is not known, and only the points are).
    pub awards: Vec<AwardPeg>,
    /// The muck carried after the deal, when it changes.
    pub carried: Option<u32>,
    /// The decision the hand makes, if any.
    pub outcome: Option<Outcome>,
}

/// Each side's points in words: "NS 20, EW 32".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SidePoints {
    pub sides: &'static [Side],
    pub points: BySide<i32>,
}

impl fmt::Display for SidePoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &side) in self.sides.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{side} {}", self.points[side])?;
        }
        Ok(())
    }
}

/// Why totals cannot be true, or cannot say who won.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TotalsError {
    #[error("{side} has {points} points in a hand ({shown}); points cannot be below 0")]
    Negative {
        side: Side,
        points: i32,
        shown: SidePoints,
    },
    #[error("the muck values add up to {sum}; a deal's muck is 80")]
    MuckNotEighty { sum: i64 },
    #[error("muck does not count in deal {deal} of a game: after {after} deals only phat scores")]
    MuckNotCounted { deal: u32, after: u32 },
    #[error("the totals {shown} are impossible: {why}")]
    Impossible { shown: SidePoints, why: Impossible },
    #[error("with {shown}, more than one side could have reached the target during play: which was first?")]
    NeedsOutFirst { shown: SidePoints },
    #[error("the game ends 80–80: which side took the last scoring trick?")]
    NeedsLastScorer,
    #[error("the awards left out allow different results with {shown}")]
    Undecided { shown: SidePoints },
}

impl TotalsError {
    /// The totals can be true, but do not say who won.
    pub fn is_ambiguous(&self) -> bool {
        matches!(
            self,
            TotalsError::NeedsOutFirst { .. }
                | TotalsError::NeedsLastScorer
                | TotalsError::Undecided { .. }
        )
    }
}

/// Why no reading of the totals holds (the first reason found).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Impossible {
    /// `total`: what the totals typed add up to, the awards in them; `must`: what they must
    /// add up to, every way the muck can have gone.
    #[error("they add up to {total}, but a deal holds 80 of {fat}{}: the totals must add up to {must}", must.muck_words())]
    FatOver {
        fat: &'static str,
        total: i64,
        must: DealSums,
    },
    #[error("they add up to {total}, but a deal holds 80 of {fat}{}, and nobody went out during it: the totals must add up to {must}", must.muck_words())]
    FatShort {
        fat: &'static str,
        total: i64,
        must: DealSums,
    },
    #[error("{side} is said to have reached the target first, but nobody reached it in this hand")]
    NobodyOut { side: Side },
    #[error(
        "{side} is said to have taken the last scoring trick, but scored nothing in this hand"
    )]
    LastScorerScoredNothing { side: Side },
    #[error("no split of the scoring cards between the sides, with the awards as recorded, gives {shown} (the most a hand of {title} can peg is {most})")]
    NoSplit {
        shown: SidePoints,
        title: &'static str,
        most: u32,
    },
}

/// What the totals of a deal played out add up to: the 80 of phat (or fat) and the muck, as it
/// pegs when a side takes it (with any muck carried into the deal) or is split; or the 80 alone
/// when the muck may have tied and been carried (RULES.md §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealSums {
    /// The muck in the totals when it was taken or split; 0 when it does not count in the deal
    /// or can only have tied and been carried.
    pub muck: u32,
    /// The muck carried into the deal, part of `muck`.
    pub carried: u32,
    /// The muck may also have tied and been carried, the totals then holding none of it.
    pub or_tied_carried: bool,
}

impl DealSums {
    /// Every way the muck can have gone in this hand, as recorded (Phat's muck, when it counts).
    fn of(spec: &Spec, start: &HandStart, t: &Totals, kinds: &[AwardKind]) -> Self {
        let mut sums = DealSums {
            muck: 0,
            carried: 0,
            or_tied_carried: false,
        };
        if !kinds.contains(&AwardKind::Muck) {
            return sums;
        }
        for taker in takers(spec, AwardKind::Muck, t) {
            if taker == Taker::Nobody {
                continue;
            }
            let (pegs, _) = award_pegs(spec, AwardKind::Muck, taker, start.carried);
            let muck: u32 = pegs.iter().map(|&(_, p)| p).sum();
            if muck == 0 {
                sums.or_tied_carried = true;
            } else {
                sums.muck = sums.muck.max(muck);
            }
        }
        if sums.muck > 8 {
            sums.carried = start.carried;
        }
        if sums.muck == 0 {
            sums.or_tied_carried = false;
        }
        sums
    }

    /// What the muck adds to the 80 of a deal, in words: " and 8 for the muck".
    fn muck_words(&self) -> String {
        match (self.muck, self.carried) {
            (0, _) => String::new(),
            (muck, 0) => format!(" and {muck} for the muck"),
            (muck, carried) => {
                format!(" and {muck} for the muck ({carried} of it carried from a tied deal)")
            }
        }
    }
}

impl fmt::Display for DealSums {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", 80 + self.muck)?;
        if self.or_tied_carried {
            f.write_str(", or 80 when the muck is tied and carried")?;
        }
        Ok(())
    }
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

/// One reading that holds: its verdict, the awards pegged and the muck carried after.
#[derive(Clone, Debug)]
struct Reading {
    verdict: Verdict,
    awards: Vec<AwardPeg>,
    carried: Option<u32>,
}

/// A reading that does not hold: why, when there is more to say than that the cards cannot
/// make the points.
type NoReading = Option<Impossible>;

/// Checks a totals hand against the game as it stands.
pub fn explain(spec: &Spec, start: &HandStart, t: &Totals) -> Result<Explained, TotalsError> {
    let shown = SidePoints {
        sides: spec.sides(),
        points: t.points,
    };
    check_recorded(spec, start, t, shown)?;
    let kinds = award_kinds(spec, start.deals_played);
    let candidates: Vec<Vec<Taker>> = kinds.iter().map(|&k| takers(spec, k, t)).collect();
    let mut readings = Vec::new();
    let sums = DealSums::of(spec, start, t, &kinds);
    let mut reason = None;
    for choice in Choices::new(&candidates) {
        match read(spec, start, t, &kinds, &choice, sums) {
            Ok(reading) => readings.push(reading),
            Err(why) => reason = reason.or(why),
        }
    }
    let Some(first) = readings.first().cloned() else {
        let why = reason.unwrap_or(Impossible::NoSplit {
            shown,
            title: spec.title,
            most: most_per_hand(spec, start.carried),
        });
        return Err(TotalsError::Impossible { shown, why });
    };
    agree_on_result(&readings, shown)?;
    let all_given = kinds.iter().all(|&k| t.given(k));
    Ok(Explained {
        awards: if all_given { first.awards } else { Vec::new() },
        carried: first.carried,
        outcome: match first.verdict {
            Verdict::Decided(o) => Some(o),
            _ => None,
        },
    })
}

/// What is wrong with the fields themselves, whatever the reading.
fn check_recorded(
    spec: &Spec,
    start: &HandStart,
    t: &Totals,
    shown: SidePoints,
) -> Result<(), TotalsError> {
    let sides = spec.sides();
    if let Some(&side) = sides.iter().find(|&&s| t.points[s] < 0) {
        return Err(TotalsError::Negative {
            side,
            points: t.points[side],
            shown,
        });
    }
    if let Some(MuckValue::Values(v)) = t.muck {
        let sum: i64 = sides.iter().map(|&s| i64::from(v[s])).sum();
        if sum != 80 || sides.iter().any(|&s| v[s] < 0) {
            return Err(TotalsError::MuckNotEighty { sum });
        }
    }
    let taken = matches!(t.muck, Some(MuckValue::Award(Taker::Side(_) | Taker::Tie)));
    if taken && !spec.muck_counts(start.deals_played) {
        return Err(TotalsError::MuckNotCounted {
            deal: start.deals_played + 1,
            after: spec.muck_deals.unwrap_or(4),
        });
    }
    Ok(())
}

/// Every reading must agree on who won, and say it.
fn agree_on_result(readings: &[Reading], shown: SidePoints) -> Result<(), TotalsError> {
    let verdicts: Vec<&Verdict> = readings.iter().map(|r| &r.verdict).collect();
    if verdicts.contains(&&Verdict::BothInPlay) {
        return Err(TotalsError::NeedsOutFirst { shown });
    }
    if verdicts.contains(&&Verdict::NeedsLastScorer) {
        return Err(TotalsError::NeedsLastScorer);
    }
    if verdicts.iter().any(|v| *v != verdicts[0]) {
        return Err(TotalsError::Undecided { shown });
    }
    Ok(())
}

/// Who can have taken an award: as recorded, or when left out, anyone it could have gone to.
fn takers(spec: &Spec, kind: AwardKind, t: &Totals) -> Vec<Taker> {
    let sides = spec.sides();
    if let (AwardKind::Muck, Some(MuckValue::Values(v)), Awards::Muck(tie)) =
        (kind, t.muck, spec.awards)
    {
        return phat::muck_takers(tie, two_sides(spec), v);
    }
    if let Some(taker) = t.field(kind) {
        return vec![taker];
    }
    let mut all: Vec<Taker> = sides.iter().map(|&s| Taker::Side(s)).collect();
    if kind == AwardKind::Muck {
        all.push(Taker::Tie);
    }
    all.push(Taker::Nobody);
    if kind == AwardKind::Game && spec.awards == Awards::GameToLose {
        for (i, &a) in sides.iter().enumerate() {
            for &b in &sides[i + 1..] {
                all.push(Taker::Pair(a, b));
            }
        }
    }
    all
}

/// Every combination of one candidate per award.
struct Choices<'a> {
    candidates: &'a [Vec<Taker>],
    index: Vec<usize>,
    done: bool,
}

impl<'a> Choices<'a> {
    fn new(candidates: &'a [Vec<Taker>]) -> Self {
        Choices {
            candidates,
            index: vec![0; candidates.len()],
            done: candidates.iter().any(Vec::is_empty),
        }
    }
}

impl Iterator for Choices<'_> {
    type Item = Vec<Taker>;

    fn next(&mut self) -> Option<Vec<Taker>> {
        if self.done {
            return None;
        }
        let choice = self
            .index
            .iter()
            .zip(self.candidates)
            .map(|(&i, c)| c[i])
            .collect();
        // The next combination, the first award turning fastest.
        self.done = true;
        for (i, c) in self.index.iter_mut().zip(self.candidates) {
            *i += 1;
            if *i < c.len() {
                self.done = false;
                break;
            }
            *i = 0;
        }
        Some(choice)
    }
}

/// The awards of one choice: what each pegs, what they give each side, the muck carried after.
struct ChoicePegs {
    list: Vec<AwardPeg>,
    total: BySide<i32>,
    carried: Option<u32>,
}

fn peg_choice(
    spec: &Spec,
    kinds: &[AwardKind],
    choice: &[Taker],
    carried: u32,
) -> Result<ChoicePegs, NoReading> {
    let sides = spec.sides();
    let mut out = ChoicePegs {
        list: Vec::new(),
        total: BySide::default(),
        carried: None,
    };
    for (&kind, &taker) in kinds.iter().zip(choice) {
        if let Taker::Pair(a, b) = taker {
            if a == b || !sides.contains(&a) || !sides.contains(&b) {
                return Err(None);
            }
        }
        let (pegs, after) = award_pegs(spec, kind, taker, carried);
        for &(s, p) in &pegs {
            out.total[s] += p as i32;
        }
        out.carried = after.or(out.carried);
        out.list.push(AwardPeg { kind, pegs });
    }
    Ok(out)
}

/// Where a reading stands as it is followed through the hand.
struct Play {
    /// The score as pegging goes on.
    score: BySide<i32>,
    /// The side that reached the goal first in play.
    first_out: Option<Side>,
    /// The game was decided: what follows does not peg.
    over: bool,
    verdict: Verdict,
}

/// Who reached the goal during play, from the points in play.
fn out_in_play(
    spec: &Spec,
    start: BySide<i32>,
    in_play: &[i32; 3],
    out_first: Option<Side>,
) -> Result<Play, NoReading> {
    let sides = spec.sides();
    let mut running = start;
    for (i, &s) in sides.iter().enumerate() {
        running[s] = running[s].saturating_add(in_play[i]);
    }
    let reached = |score: i32, before: i32| spec.goal.reached(score) && !spec.goal.reached(before);
    let reachers: Vec<Side> = sides
        .iter()
        .copied()
        .filter(|&s| reached(running[s], start[s]))
        .collect();
    let mut play = Play {
        score: running,
        first_out: None,
        over: !reachers.is_empty(),
        verdict: Verdict::Undecided,
    };
    match (reachers.as_slice(), out_first) {
        ([], _) => {}
        ([one], _) => play.first_out = Some(*one),
        (many, Some(s)) if many.contains(&s) => play.first_out = Some(s),
        (_, Some(_)) => return Err(None),
        (_, None) => play.verdict = Verdict::BothInPlay,
    }
    Ok(play)
}

/// Follows one choice of the award fields through the hand.
fn read(
    spec: &Spec,
    start: &HandStart,
    t: &Totals,
    kinds: &[AwardKind],
    choice: &[Taker],
    sums: DealSums,
) -> Result<Reading, NoReading> {
    let sides = spec.sides();
    let pegs = peg_choice(spec, kinds, choice, start.carried)?;
    let mut in_play = [0i32; 3];
    for (i, &s) in sides.iter().enumerate() {
        in_play[i] = match t.points[s].checked_sub(pegs.total[s]) {
            Some(p) if p >= 0 => p,
            _ => return Err(None),
        };
    }
    let in_play_sum: i64 = in_play.iter().map(|&p| i64::from(p)).sum();
    let pegged: i64 = sides.iter().map(|&s| i64::from(pegs.total[s])).sum();
    let mut play = out_in_play(spec, start.score, &in_play, t.out_first)?;
    check_fat(spec, in_play_sum, pegged, play.over, sums)?;
    let jack = peg_awards(spec, kinds, choice, &pegs.list, &mut play, t.out_first)?;
    match (t.out_first, play.first_out) {
        (Some(claimed), Some(out)) if claimed != out => return Err(None),
        (Some(side), None) if play.verdict == Verdict::Undecided => {
            return Err(Some(Impossible::NobodyOut { side }))
        }
        _ => {}
    }
    let cards_make_it = match spec.pegs {
        PegScale::Don => don_reachable(in_play, sides.len(), jack),
        PegScale::Fat => fat_reachable(in_play[0], in_play[1]),
    };
    if !cards_make_it {
        return Err(None);
    }
    if let Some(side) = t.last_scorer {
        if t.points[side] <= 0 {
            return Err(Some(Impossible::LastScorerScoredNothing { side }));
        }
    }
    let complete_fat = spec.pegs == PegScale::Fat && in_play_sum == 80;
    Ok(Reading {
        verdict: end_of_deal(spec, start, t, play, complete_fat),
        awards: pegs.list,
        carried: pegs.carried,
    })
}

/// The fat (Irish Don) or phat in play is 80 a deal, short only when a side went out.
fn check_fat(
    spec: &Spec,
    sum: i64,
    pegged: i64,
    over: bool,
    must: DealSums,
) -> Result<(), NoReading> {
    if spec.pegs != PegScale::Fat {
        return Ok(());
    }
    let fat = if spec.count_at_end { "fat" } else { "phat" };
    // Said as typed: the awards pegged are in the totals.
    let total = sum + pegged;
    if sum > 80 {
        return Err(Some(Impossible::FatOver { fat, total, must }));
    }
    if sum < 80 && !over {
        return Err(Some(Impossible::FatShort { fat, total, must }));
    }
    Ok(())
}

/// Pegs the awards in order until one decides the game; returns what the choice says of the
/// jack of trumps, for the in-play points.
fn peg_awards(
    spec: &Spec,
    kinds: &[AwardKind],
    choice: &[Taker],
    list: &[AwardPeg],
    play: &mut Play,
    out_first: Option<Side>,
) -> Result<Jack, NoReading> {
    let sides = spec.sides();
    let mut jack = Jack::Any;
    for ((&kind, &taker), award) in kinds.iter().zip(choice).zip(list) {
        match (kind, taker) {
            (AwardKind::Jack, Taker::Side(s)) => {
                jack = Jack::Side(sides.iter().position(|&x| x == s).unwrap_or(0));
            }
            (AwardKind::Jack, Taker::Nobody) if !play.over => jack = Jack::Nobody,
            (AwardKind::High | AwardKind::Low | AwardKind::Muck, Taker::Nobody) if !play.over => {
                return Err(None)
            }
            _ => {}
        }
        if play.over {
            continue;
        }
        let pegged: Vec<Side> = award.pegs.iter().map(|p| p.0).collect();
        for &(s, p) in &award.pegs {
            play.score[s] = play.score[s].saturating_add(p as i32);
        }
        if let Some((outcome, reachers)) = decide_step(spec.goal, &pegged, play.score) {
            if out_first.is_some_and(|claimed| !reachers.contains(&claimed)) {
                return Err(None);
            }
            play.over = true;
            play.verdict = Verdict::Decided(outcome);
        }
    }
    Ok(jack)
}

/// The verdict once the hand is over: who went out in play, else Irish Don's 80–80 and bonk,
/// else the last of a fixed number of deals.
fn end_of_deal(
    spec: &Spec,
    start: &HandStart,
    t: &Totals,
    play: Play,
    complete_fat: bool,
) -> Verdict {
    let mut verdict = play.verdict;
    if verdict == Verdict::Undecided {
        if let Some(side) = play.first_out {
            verdict = Verdict::Decided(goes_out(spec, side));
        }
    }
    let deal = start.deals_played + 1;
    if let Some(irish) = spec.irish.filter(|_| complete_fat) {
        if verdict == Verdict::Undecided {
            verdict =
                match irish_don::eighty_all(irish, spec.seating, play.score, deal, t.last_scorer) {
                    irish_don::EightyAll::NotLevel => Verdict::Undecided,
                    irish_don::EightyAll::Decided(outcome) => Verdict::Decided(outcome),
                    irish_don::EightyAll::NeedsLastScorer => Verdict::NeedsLastScorer,
                };
        }
        if let Some(side) = irish_don::bonk(irish, spec.seating, t.points) {
            verdict = Verdict::Decided(Outcome::Won(side));
        }
    }
    if let (Goal::Deals(n), Verdict::Undecided) = (spec.goal, &verdict) {
        if deal >= n {
            verdict = Verdict::Decided(highest(spec, play.score));
        }
    }
    verdict
}

/// The most one hand can score: the table's points and every award (with the muck carried).
fn most_per_hand(spec: &Spec, carried: u32) -> u32 {
    let awards = match spec.awards {
        Awards::None => 0,
        Awards::InOrder(list) => list.iter().map(|&(_, p)| p).sum(),
        Awards::GameToLose => 8,
        Awards::Muck(_) => 8 + carried,
    };
    spec.pegs.most() + awards
}

const DON_DIM: usize = 44;

/// Which totals `SIDES` sides can make from disjoint sets of `values`, each total below `dim`:
/// a table indexed by the totals as the digits of a number in base `dim`.
fn split_table<const SIDES: usize>(values: &[u32], dim: usize) -> Vec<bool> {
    let size = dim.pow(SIDES as u32);
    let mut table = vec![false; size];
    table[0] = true;
    for &v in values {
        let v = v as usize;
        let mut next = table.clone();
        for i in (0..size).filter(|&i| table[i]) {
            let mut place = 1;
            for _ in 0..SIDES {
                if i / place % dim + v < dim {
                    next[i + v * place] = true;
                }
                place *= dim;
            }
        }
        table = next;
    }
    table
}

/// Reachable `(a, b, c)` in-play totals from disjoint sets of Nine Card Don's scoring cards
/// other than the jack of trumps.
fn don_table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(|| split_table::<3>(&PegScale::Don.scoring_values()[..8], DON_DIM))
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
    let table = TABLE.get_or_init(|| split_table::<2>(PegScale::Fat.scoring_values(), 81));
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
