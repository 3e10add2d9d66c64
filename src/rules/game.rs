//! A game (or a match of legs or games) taken one step at a time: a hand begun, a trick, a hand
//! of totals, an abandoned deal, a penalty, a concession. After each step the engine says what
//! was pegged, the score, who leads next and whether the game is decided. The live scorer, `check`
//! and `import` all drive this same engine.

use super::card::{Card, Suit};
use super::fault::{Code, Fault};
use super::hand::{HandPlay, Layout, TrickOutcome};
use super::ruleset::{Awards, FirstPitch, Goal, IrishTie, MuckTie, Spec, Variant};
use super::seat::{BySide, Seat, Side};
use super::totals::{self, Totals};

/// How a game (or match) came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won(Side),
    Draw,
    /// Game to Lose: who lost.
    Lost(Vec<Seat>),
    /// Decided, but the record cannot say by whom (an ambiguous totals hand).
    Unknown,
}

/// An end-of-play award.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AwardKind {
    High,
    Low,
    Jack,
    Game,
    Muck,
}

impl AwardKind {
    pub fn word(self) -> &'static str {
        match self {
            AwardKind::High => "high",
            AwardKind::Low => "low",
            AwardKind::Jack => "jack",
            AwardKind::Game => "game",
            AwardKind::Muck => "muck",
        }
    }
}

/// One award as pegged: one side, or two at once (a 4–4 split).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwardPeg {
    pub kind: AwardKind,
    pub pegs: Vec<(Side, u32)>,
}

/// Where and how a game or leg was decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub outcome: Outcome,
    /// 1-based hand number within the record.
    pub hand: u32,
    /// The trick it was decided in, if in play.
    pub trick: Option<u32>,
    /// The award it was decided by, if after play.
    pub award: Option<AwardKind>,
    /// The score of the game or leg then.
    pub score: BySide<i32>,
    /// For a match: the number of the leg or game (from 1) that this decided.
    pub unit: u32,
    /// True when the whole match is over.
    pub match_over: bool,
    /// Irish Don under `bonk_two_games`: the game counts twice.
    pub counts: u32,
}

/// Why a deal was abandoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbandonReason {
    Renege,
    Misdeal,
    RedealDemanded,
}

/// A penalty recorded on a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penalty {
    OutOfTurn,
    Renege,
    Points(i32),
}

/// A trick the engine refused, handed back: its cards and why. The game is as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct Rejected {
    pub cards: Vec<Card>,
    pub error: PlayError,
}

/// Input the engine refuses; the game is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over: nothing more can be scored")]
    GameOver,
    #[error("no hand is in play: begin a hand first")]
    NoHand,
    #[error("a hand is already in play")]
    HandInPlay,
    #[error("trick {trick} has {found} cards; every trick of this game has {expected}")]
    WrongTrickSize {
        trick: u32,
        found: usize,
        expected: usize,
    },
    #[error("this deal has only {tricks} tricks")]
    TooManyTricks { tricks: u32 },
    #[error("who pitched this hand cannot be told: give the pitcher")]
    UnknownPitcher,
    #[error("{0} is not a seat in this game")]
    NoSuchSeat(Seat),
    #[error("{0} is not a side in this game")]
    NoSuchSide(Side),
}

/// What a trick did, for the scorer.
#[derive(Clone, Debug)]
pub struct TrickReport {
    pub trick: TrickOutcome,
    /// Points pegged now by the trick's winner (0 when counted at the end, or after the end).
    pub pegged: u32,
    /// The trick came after the game was decided and is not scored.
    pub after_end: bool,
    pub score: BySide<i32>,
    /// Irish Don: each side's running count of the fat, including this deal's tricks so far.
    pub running: Option<BySide<i32>>,
    pub next_leader: Seat,
    /// Set when this trick decided the game.
    pub decided: Option<Decision>,
}

/// What a hand did.
#[derive(Clone, Debug)]
pub struct HandReport {
    pub hand: u32,
    pub pitcher: Option<Seat>,
    pub trumps: Option<Suit>,
    /// What each side scored in this hand, penalties included.
    pub points: BySide<i32>,
    pub awards: Vec<AwardPeg>,
    pub faults: Vec<Fault>,
    /// Set when this hand decided a game or leg.
    pub decided: Option<Decision>,
    /// The score of the game (or leg) after the hand.
    pub score: BySide<i32>,
    pub abandoned: bool,
}

/// The expected pitcher of the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Free,
    Seat(Seat),
    LowestDiamond,
}

#[derive(Clone, Debug)]
struct Current {
    play: Option<HandPlay>,
    pitcher: Option<Seat>,
    /// The pitcher by the rotation, when the pitch was passed (Irish `pass_pitch`).
    nominal: Option<Seat>,
    /// Check the lowest diamond at the end of the hand.
    check_diamond: bool,
    start: BySide<i32>,
    points: BySide<i32>,
    penalties: Vec<(Side, Penalty)>,
    faults: Vec<Fault>,
    decided_here: bool,
}

/// A game, or a match of legs or games, in progress.
///
/// ```
/// use don::rules::{Card, Game, Seat, Side, Variant};
/// let mut game = Game::new(&Variant::default_for("nine-card-don").unwrap());
/// game.begin_hand(Some(Seat::N)).unwrap();
/// let trick: Vec<Card> = ["5H", "KH", "2H", "AH"].iter().map(|c| c.parse().unwrap()).collect();
/// let report = game.play_trick(&trick).unwrap();
/// // Hearts are trumps; W's ace wins: 5♥ 10 + K♥ 3 + A♥ 4 to EW, and W leads next.
/// assert_eq!((report.pegged, report.trick.side, report.next_leader), (17, Side::EW, Seat::W));
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    spec: Spec,
    score: BySide<i32>,
    wins: BySide<u32>,
    unit: u32,
    new_unit_pending: bool,
    deals: u32,
    match_deals: u32,
    carry: u32,
    unit_first_pitcher: Option<Seat>,
    expect: Expect,
    decided: Option<Decision>,
    result: Option<Outcome>,
    hands: u32,
    current: Option<Current>,
    /// Irish Don: this hand was a bonk under `bonk_two_games`.
    bonked: bool,
}

impl Game {
    pub fn new(variant: &Variant) -> Game {
        Game::from_spec(variant.spec())
    }

    pub fn from_spec(spec: Spec) -> Game {
        Game {
            spec,
            score: BySide::default(),
            wins: BySide::default(),
            unit: 1,
            new_unit_pending: false,
            deals: 0,
            match_deals: 0,
            carry: 0,
            unit_first_pitcher: None,
            expect: first_expect(&spec),
            decided: None,
            result: None,
            hands: 0,
            current: None,
            bonked: false,
        }
    }

    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    pub fn sides(&self) -> &'static [Side] {
        self.spec.seating.sides()
    }

    /// The score of the game (or leg) in progress, or of the last one played.
    pub fn score(&self) -> BySide<i32> {
        self.score
    }

    /// Legs or games won in the match.
    pub fn wins(&self) -> BySide<u32> {
        self.wins
    }

    /// The match result, once decided.
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Hands begun so far.
    pub fn hands(&self) -> u32 {
        self.hands
    }

    /// The number of the leg or game in play (from 1).
    pub fn unit(&self) -> u32 {
        self.unit + u32::from(self.new_unit_pending)
    }

    /// Muck carried to the next Phat deal.
    pub fn carry(&self) -> u32 {
        self.carry
    }

    /// Who should pitch the next hand, when the rules say.
    pub fn expected_pitcher(&self) -> Option<Seat> {
        match self.expect {
            Expect::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// The seat to lead the next trick of the hand in play.
    pub fn leader(&self) -> Option<Seat> {
        self.current.as_ref()?.play.as_ref().map(|p| p.leader)
    }

    pub fn trumps(&self) -> Option<Suit> {
        self.current.as_ref()?.play.as_ref()?.trumps
    }

    /// Tricks played in the hand in play.
    pub fn tricks_played(&self) -> u32 {
        self.current
            .as_ref()
            .and_then(|c| c.play.as_ref())
            .map_or(0, |p| p.tricks)
    }

    /// Begins a hand. `pitcher` is who led (or is to lead) its first trick, when known; it is
    /// checked against the rotation. Faults found (a wrong pitcher) are returned.
    pub fn begin_hand(&mut self, pitcher: Option<Seat>) -> Result<Vec<Fault>, PlayError> {
        if self.result.is_some() {
            return Err(PlayError::GameOver);
        }
        if self.current.is_some() {
            return Err(PlayError::HandInPlay);
        }
        if let Some(p) = pitcher {
            if !self.spec.seating.has_seat(p) {
                return Err(PlayError::NoSuchSeat(p));
            }
        }
        if self.new_unit_pending {
            self.new_unit_pending = false;
            self.unit += 1;
            self.score = BySide::default();
            self.deals = 0;
            self.carry = 0;
            self.unit_first_pitcher = None;
            self.decided = None;
        }
        self.hands += 1;
        let hand = self.hands;
        let mut faults = Vec::new();
        let mut nominal = pitcher;
        let mut check_diamond = false;
        let pass = self.spec.irish.is_some_and(|i| i.pass_pitch);
        let first_of_match = self.match_deals == 0;
        match (self.expect, pitcher) {
            (Expect::Seat(e), Some(p)) if e != p => {
                let passed_to = if first_of_match {
                    self.spec.seating.partner(e)
                } else {
                    Some(self.spec.seating.next(e))
                };
                if pass && passed_to == Some(p) {
                    nominal = Some(e);
                } else {
                    faults.push(
                        Fault::new(
                            Code::WrongPitcher,
                            format!("{p} pitched hand {hand}, but it was {e}'s turn to pitch"),
                        )
                        .at_hand(hand)
                        .by(p),
                    );
                }
            }
            (Expect::Seat(e), None) => nominal = Some(e),
            (Expect::LowestDiamond, Some(_)) => check_diamond = true,
            _ => {}
        }
        if self.unit_first_pitcher.is_none() && self.deals == 0 {
            self.unit_first_pitcher = nominal;
        }
        self.current = Some(Current {
            play: None,
            pitcher: pitcher.or(nominal),
            nominal,
            check_diamond,
            start: self.score,
            points: BySide::default(),
            penalties: Vec::new(),
            faults,
            decided_here: false,
        });
        Ok(self
            .current
            .as_ref()
            .map(|c| c.faults.clone())
            .unwrap_or_default())
    }

    /// Records a penalty on the hand in play; it takes effect at the end of the hand.
    pub fn add_penalty(&mut self, side: Side, penalty: Penalty) -> Result<(), PlayError> {
        if !self.spec.seating.has_side(side) {
            return Err(PlayError::NoSuchSide(side));
        }
        let current = self.current.as_mut().ok_or(PlayError::NoHand)?;
        current.penalties.push((side, penalty));
        Ok(())
    }

    /// Gives Blind Don's layout for the hand in play (before its first trick).
    pub fn set_layout(&mut self, layout: &Layout) -> Result<Vec<Fault>, PlayError> {
        let spec = self.spec;
        let hand = self.hands;
        let play = self.play_mut()?;
        Ok(play
            .set_layout(&spec, layout)
            .into_iter()
            .map(|f| f.at_hand(hand))
            .collect())
    }

    fn play_mut(&mut self) -> Result<&mut HandPlay, PlayError> {
        let current = self.current.as_mut().ok_or(PlayError::NoHand)?;
        if current.play.is_none() {
            let pitcher = current.pitcher.ok_or(PlayError::UnknownPitcher)?;
            current.play = Some(HandPlay::new(pitcher));
        }
        Ok(current.play.as_mut().expect("just set"))
    }

    /// Plays one trick of the hand in play, `cards` in order from the leader. A trick the engine
    /// refuses comes back with its cards and leaves the game exactly as it was.
    pub fn play_trick(&mut self, cards: &[Card]) -> Result<TrickReport, Rejected> {
        let spec = self.spec;
        let refuse = |error| Rejected {
            cards: cards.to_vec(),
            error,
        };
        let current = self
            .current
            .as_ref()
            .ok_or_else(|| refuse(PlayError::NoHand))?;
        if current.pitcher.is_none() {
            return Err(refuse(PlayError::UnknownPitcher));
        }
        let played = current.play.as_ref().map_or(0, |p| p.tricks);
        let expected = spec.seating.players();
        if cards.len() != expected {
            return Err(refuse(PlayError::WrongTrickSize {
                trick: played + 1,
                found: cards.len(),
                expected,
            }));
        }
        if played >= spec.tricks {
            return Err(refuse(PlayError::TooManyTricks {
                tricks: spec.tricks,
            }));
        }
        let play = self.play_mut().map_err(refuse)?;
        let mut trick = play.play(&spec, cards);
        let table_points = play.table_points;
        let next_leader = play.leader;
        let hand = self.hands;
        for f in &mut trick.faults {
            f.hand = Some(hand);
        }
        let current = self.current.as_mut().expect("hand in play");
        current.faults.extend(trick.faults.iter().cloned());
        let already = self.decided.is_some();
        let mut report = TrickReport {
            pegged: 0,
            after_end: false,
            score: self.score,
            running: None,
            next_leader,
            decided: None,
            trick,
        };
        if spec.count_at_end {
            // Irish Don: nothing is pegged; the running count decides who passed 80 first.
            let mut running = current.start;
            for &side in spec.seating.sides() {
                running[side] = running[side].saturating_add(table_points[side] as i32);
            }
            report.running = Some(running);
            if !already {
                let side = report.trick.side;
                if running[side] > 80 {
                    let outcome = goes_out(&self.spec, side);
                    report.decided =
                        Some(self.decide(outcome, Some(report.trick.number), None, running, 1));
                }
            }
        } else if already {
            report.after_end = true;
        } else if report.trick.points > 0 {
            let side = report.trick.side;
            let points = report.trick.points;
            self.add_points(side, points as i32);
            report.pegged = points;
            report.score = self.score;
            if let Some(outcome) = self.reached(&[side]) {
                report.decided =
                    Some(self.decide(outcome, Some(report.trick.number), None, self.score, 1));
            }
        }
        Ok(report)
    }

    /// Ends the hand in play after its recorded tricks: end-of-play awards, penalties, the
    /// rotation. A hand with fewer tricks than the deal is a `wrong-trick-count` unless the game
    /// was decided in its tricks.
    pub fn end_hand(&mut self) -> Result<HandReport, PlayError> {
        self.close_hand(true)
    }

    /// Ends the hand in play where a structural fault stopped its record: the tricks before
    /// count, nothing after play is scored.
    pub fn cut_hand(&mut self) -> Result<HandReport, PlayError> {
        self.close_hand(false)
    }

    fn close_hand(&mut self, checked: bool) -> Result<HandReport, PlayError> {
        let spec = self.spec;
        let hand = self.hands;
        let current = self.current.as_mut().ok_or(PlayError::NoHand)?;
        let play = current
            .play
            .take()
            .unwrap_or_else(|| HandPlay::new(current.pitcher.unwrap_or(Seat::N)));
        let complete = play.tricks == spec.tricks;
        let decided_here = current.decided_here;
        if checked && !complete && !decided_here {
            current.faults.push(
                Fault::new(
                    Code::WrongTrickCount,
                    format!(
                        "hand {hand} has {} tricks; a deal has {}, and the game was not decided in them",
                        play.tricks, spec.tricks
                    ),
                )
                .at_hand(hand),
            );
        }
        if current.check_diamond && complete {
            self.check_lowest_diamond(&play);
        }
        let muck_counts = self.muck_counts();
        let mut awards = Vec::new();
        if spec.count_at_end {
            let fat: Vec<(Side, u32)> = spec
                .seating
                .sides()
                .iter()
                .map(|&s| (s, play.table_points[s]))
                .collect();
            self.peg(&fat);
            if self.decided.is_none() && complete {
                self.irish_end(play.last_scorer);
            }
            self.irish_bonk(&play, complete);
        } else if self.decided.is_none() && complete && checked {
            let list = hand_awards(&spec, &play, self.carry, muck_counts);
            if let Some(carry) = list.carry {
                self.carry = carry;
            }
            for award in list.awards {
                self.peg(&award.pegs);
                let pegged: Vec<Side> = award.pegs.iter().map(|p| p.0).collect();
                let kind = award.kind;
                awards.push(award);
                if let Some(outcome) = self.reached(&pegged) {
                    self.decide(outcome, None, Some(kind), self.score, 1);
                    break;
                }
            }
        }
        if !muck_counts {
            self.carry = 0;
        }
        Ok(self.finish_hand(play.trumps, awards, false))
    }

    /// Adds points to the score and to the hand in play.
    fn peg(&mut self, pegs: &[(Side, u32)]) {
        for &(side, points) in pegs {
            self.add_points(side, points as i32);
        }
    }

    /// Scores saturate rather than overflow, whatever a record says.
    fn add_points(&mut self, side: Side, points: i32) {
        self.score[side] = self.score[side].saturating_add(points);
        if let Some(c) = self.current.as_mut() {
            c.points[side] = c.points[side].saturating_add(points);
        }
    }

    fn check_lowest_diamond(&mut self, play: &HandPlay) {
        let hands = self.hands;
        let spec = self.spec;
        let first_of_match = self.match_deals == 0;
        let Some(current) = self.current.as_mut() else {
            return;
        };
        let lowest = Card::new(spec.lowest_rank, Suit::Diamonds);
        let (Some(holder), Some(pitcher)) = (play.played_by(lowest), current.pitcher) else {
            return;
        };
        let passed = spec.irish.is_some_and(|i| i.pass_pitch)
            && if first_of_match {
                spec.seating.partner(holder) == Some(pitcher)
            } else {
                spec.seating.next(holder) == pitcher
            };
        if holder != pitcher && !passed {
            current.faults.push(
                Fault::new(
                    Code::WrongPitcher,
                    format!("{pitcher} pitched hand {}, but {holder} held {lowest}, the lowest diamond, and should have pitched", hands),
                )
                .at_hand(hands)
                .at_trick(1)
                .by(pitcher),
            );
        } else if passed {
            current.nominal = Some(holder);
        } else {
            current.nominal = Some(pitcher);
        }
    }

    /// Irish Don at the end of a complete deal nobody has passed 80 in: the tie rule at 80–80.
    fn irish_end(&mut self, last_scorer: Option<Side>) {
        let sides = self.spec.seating.sides();
        if sides.iter().all(|&s| self.score[s] == 80) && self.deals + 1 >= 2 {
            let outcome = eighty_all(&self.spec, last_scorer).unwrap_or(Outcome::Unknown);
            self.decide(outcome, None, None, self.score, 1);
        }
    }

    fn irish_bonk(&mut self, play: &HandPlay, complete: bool) {
        let Some(irish) = self.spec.irish else { return };
        if !irish.bonk_two_games || !complete {
            return;
        }
        if let Some(&side) = self
            .spec
            .seating
            .sides()
            .iter()
            .find(|&&s| play.table_points[s] == 80)
        {
            self.bonk(side);
        }
    }

    fn bonk(&mut self, side: Side) {
        // A bonk ends the game at once, won by the bonking side, and counts as two games.
        match &mut self.decided {
            Some(d) if d.hand == self.hands => {
                d.outcome = Outcome::Won(side);
                d.counts = 2;
            }
            Some(_) => {}
            None => {
                self.decide(Outcome::Won(side), None, None, self.score, 2);
            }
        }
        if let Some(c) = self.current.as_mut() {
            c.decided_here = true;
        }
        self.bonked = true;
    }

    /// Whether the sides that just pegged reached the goal.
    fn reached(&self, pegged: &[Side]) -> Option<Outcome> {
        decide_step(self.spec.goal, pegged, self.score).map(|(outcome, _)| outcome)
    }

    fn decide(
        &mut self,
        outcome: Outcome,
        trick: Option<u32>,
        award: Option<AwardKind>,
        score: BySide<i32>,
        counts: u32,
    ) -> Decision {
        let decision = Decision {
            outcome,
            hand: self.hands,
            trick,
            award,
            score,
            unit: self.unit,
            match_over: false,
            counts,
        };
        self.decided = Some(decision.clone());
        if let Some(c) = self.current.as_mut() {
            c.decided_here = true;
        }
        decision
    }

    /// Closes the hand in play: penalties, the deal count, fixed deals, the rotation and the
    /// match.
    fn finish_hand(
        &mut self,
        trumps: Option<Suit>,
        awards: Vec<AwardPeg>,
        abandoned: bool,
    ) -> HandReport {
        let mut current = self.current.take().expect("hand in play");
        let spec = self.spec;
        let hand = self.hands;
        // Penalties, after the awards (§9). A deal abandoned for a renege has had its league
        // penalty added by `abandon_hand`.
        for &(side, penalty) in &current.penalties {
            let points = match penalty {
                Penalty::Points(p) => p,
                Penalty::OutOfTurn if spec.league_penalties => -19,
                Penalty::Renege if spec.league_penalties => -52,
                _ => 0,
            };
            self.score[side] = self.score[side].saturating_add(points);
            current.points[side] = current.points[side].saturating_add(points);
        }
        if !abandoned {
            self.deals += 1;
            self.match_deals += 1;
        }
        if let (Goal::Deals(n), None, false) = (spec.goal, &self.decided, abandoned) {
            if self.deals >= n {
                let outcome = highest(&spec, self.score);
                self.decide(outcome, None, None, self.score, 1);
                current.decided_here = true;
            }
        }
        // The rotation.
        let nominal = current.nominal.or(current.pitcher);
        let bonked = std::mem::take(&mut self.bonked);
        self.expect = match nominal {
            Some(p) if abandoned || bonked => Expect::Seat(p),
            Some(p) => Expect::Seat(spec.seating.next(p)),
            None => Expect::Free,
        };
        if let (Some(n), Some(first)) = (spec.muck_deals, self.unit_first_pitcher) {
            if self.deals == n {
                self.expect = Expect::Seat(first);
            }
        }
        let mut decided = None;
        if current.decided_here {
            if let Some(d) = self.decided.as_mut() {
                match &d.outcome {
                    Outcome::Won(side) => {
                        self.wins[*side] += d.counts;
                        if self.wins[*side] >= spec.to_win {
                            self.result = Some(Outcome::Won(*side));
                        }
                    }
                    Outcome::Draw if spec.to_win <= 1 => self.result = Some(Outcome::Draw),
                    Outcome::Draw => {}
                    other => self.result = Some(other.clone()),
                }
                d.match_over = self.result.is_some();
                d.score = self.score;
                decided = Some(d.clone());
                if self.result.is_none() {
                    self.new_unit_pending = true;
                    self.expect = self.next_unit_expect(nominal, bonked);
                }
            }
        }
        HandReport {
            hand,
            pitcher: current.pitcher,
            trumps,
            points: current.points,
            awards,
            faults: current.faults,
            decided,
            score: self.score,
            abandoned,
        }
    }

    /// Who pitches the first deal of the next leg or game. A bonk keeps the pitcher; under
    /// Irish `best_of_three` the pitch keeps passing, except that a deciding game starts as a
    /// first game does (the lowest diamond, or with two players a free pitch); otherwise a new
    /// leg or game starts afresh.
    fn next_unit_expect(&self, nominal: Option<Seat>, bonked: bool) -> Expect {
        let sides = self.spec.seating.sides();
        let level = sides.iter().all(|&s| self.wins[s] == self.wins[sides[0]]);
        match (nominal, self.spec.irish) {
            (Some(p), Some(_)) if bonked => Expect::Seat(p),
            (Some(p), Some(irish)) if irish.best_of_three && !level => {
                Expect::Seat(self.spec.seating.next(p))
            }
            _ => first_expect(&self.spec),
        }
    }

    /// Records a deal as abandoned (renege, misdeal, a demanded redeal): nothing in it scores,
    /// the same dealer deals again, and under league penalties a renege costs the offending
    /// side 52.
    pub fn abandon_hand(
        &mut self,
        reason: AbandonReason,
        seat: Option<Seat>,
    ) -> Result<HandReport, PlayError> {
        let spec = self.spec;
        let current = self.current.as_mut().ok_or(PlayError::NoHand)?;
        if let Some(s) = seat {
            if !spec.seating.has_seat(s) {
                return Err(PlayError::NoSuchSeat(s));
            }
        }
        if reason == AbandonReason::RedealDemanded && !spec.irish.is_some_and(|i| i.redeal) {
            current.faults.push(
                Fault::new(
                    Code::Schema,
                    "a redeal can be demanded only under irish-don's redeal_rule",
                )
                .at_hand(self.hands),
            );
        }
        if let (AbandonReason::Renege, Some(seat)) = (reason, seat) {
            let side = spec.seating.side_of(seat);
            // The 52 is owed without being listed again; a listed one is the same penalty.
            if let Some(i) = current
                .penalties
                .iter()
                .position(|&(s, p)| s == side && p == Penalty::Renege)
            {
                current.penalties.remove(i);
            }
            current.penalties.push((side, Penalty::Renege));
        }
        Ok(self.finish_hand(None, Vec::new(), true))
    }

    /// Records a hand kept as totals, after checking that the totals can be true. On an error
    /// the game is left as it was; [`Game::force_totals`] scores them anyway.
    pub fn record_totals(&mut self, t: &Totals) -> Result<HandReport, Fault> {
        if self.current.is_none() {
            return Err(Fault::new(Code::Schema, PlayError::NoHand.to_string()));
        }
        let explained = totals::explain(self, t).map_err(|f| f.at_hand(self.hands))?;
        Ok(self.apply_totals(t, Some(explained)))
    }

    /// Scores a totals hand as recorded, without checking it.
    pub fn force_totals(&mut self, t: &Totals) -> Result<HandReport, PlayError> {
        if self.current.is_none() {
            return Err(PlayError::NoHand);
        }
        Ok(self.apply_totals(t, None))
    }

    fn apply_totals(&mut self, t: &Totals, explained: Option<totals::Explained>) -> HandReport {
        let spec = self.spec;
        let sides = spec.seating.sides();
        for &side in sides {
            self.add_points(side, t.points[side]);
        }
        let (awards, outcome) = match explained {
            Some(e) => {
                if let Some(carry) = e.carry {
                    self.carry = carry;
                }
                (e.awards, e.outcome)
            }
            None => (Vec::new(), self.outcome_by_points()),
        };
        if !self.muck_counts() {
            self.carry = 0;
        }
        match outcome {
            Some(o) => {
                self.decide(o, None, None, self.score, 1);
            }
            None if spec.goal == Goal::PassEighty => self.irish_end(t.last_scorer),
            None => {}
        }
        let dealt: i32 = sides.iter().map(|&s| t.points[s]).sum();
        if spec.irish.is_some_and(|i| i.bonk_two_games) && dealt == 80 {
            if let Some(&side) = sides.iter().find(|&&s| t.points[s] == 80) {
                self.bonk(side);
            }
        }
        self.finish_hand(None, awards, false)
    }

    /// Unchecked totals: what the points alone say about who went out.
    fn outcome_by_points(&self) -> Option<Outcome> {
        let target = match self.spec.goal {
            Goal::Reach(t) | Goal::LoseAt(t) => t,
            Goal::PassEighty => 81,
            Goal::Deals(_) => return None,
        };
        let over: Vec<Side> = self
            .sides()
            .iter()
            .copied()
            .filter(|&s| self.score[s] >= target)
            .collect();
        match over.as_slice() {
            [] => None,
            [s] => Some(goes_out(&self.spec, *s)),
            _ => Some(Outcome::Unknown),
        }
    }

    /// A concession: the game ends, the other side wins (in Game to Lose the conceding player
    /// loses).
    pub fn concede(&mut self, side: Side) -> Result<Outcome, PlayError> {
        if !self.spec.seating.has_side(side) {
            return Err(PlayError::NoSuchSide(side));
        }
        if self.result.is_some() {
            return Err(PlayError::GameOver);
        }
        let outcome = match self.spec.goal {
            Goal::LoseAt(_) => Outcome::Lost(vec![seat_of(side)]),
            _ => {
                let others: Vec<Side> = self
                    .sides()
                    .iter()
                    .copied()
                    .filter(|&s| s != side)
                    .collect();
                let mut score = self.score;
                score[side] = i32::MIN;
                match others.as_slice() {
                    [one] => Outcome::Won(*one),
                    _ => highest(&self.spec, score),
                }
            }
        };
        self.result = Some(outcome.clone());
        Ok(outcome)
    }

    /// Before a totals hand is applied: the score at its start.
    pub(crate) fn hand_start(&self) -> BySide<i32> {
        self.current.as_ref().map_or(self.score, |c| c.start)
    }

    /// Phat: whether muck counts in the deal in play (not from the fifth on).
    pub(crate) fn muck_counts(&self) -> bool {
        self.spec.muck_deals.is_none_or(|n| self.deals < n)
    }

    pub(crate) fn deals_in_unit(&self) -> u32 {
        self.deals
    }
}

fn first_expect(spec: &Spec) -> Expect {
    match spec.first_pitch {
        FirstPitch::Free => Expect::Free,
        FirstPitch::LowestDiamond => Expect::LowestDiamond,
    }
}

pub(crate) fn seat_of(side: Side) -> Seat {
    match side {
        Side::N | Side::NS => Seat::N,
        Side::E | Side::EW => Seat::E,
        Side::S => Seat::S,
    }
}

/// The outcome when `side` is the first to the goal: it wins, except that in Game to Lose it
/// loses and in Irish misère passing 80 loses.
pub(crate) fn goes_out(spec: &Spec, side: Side) -> Outcome {
    match spec.goal {
        Goal::LoseAt(_) => Outcome::Lost(vec![seat_of(side)]),
        Goal::PassEighty if spec.irish.is_some_and(|i| i.misere) => {
            let other = spec.seating.sides().iter().copied().find(|&s| s != side);
            Outcome::Won(other.unwrap_or(side))
        }
        _ => Outcome::Won(side),
    }
}

/// Irish Don at 80–80: a draw, or the last scorer loses (under misère, wins). `None` when the
/// tie rule needs the last scorer and it is not known.
pub(crate) fn eighty_all(spec: &Spec, last_scorer: Option<Side>) -> Option<Outcome> {
    let irish = spec.irish?;
    match irish.tie {
        IrishTie::Draw => Some(Outcome::Draw),
        IrishTie::LastScorerLoses => {
            let last = last_scorer?;
            let other = spec
                .seating
                .sides()
                .iter()
                .copied()
                .find(|&s| s != last)
                .unwrap_or(last);
            Some(Outcome::Won(if irish.misere { last } else { other }))
        }
    }
}

/// The sides with the most.
pub(crate) fn leaders<T: Ord + Copy>(sides: &[Side], values: BySide<T>) -> Vec<Side> {
    let top = sides.iter().map(|&s| values[s]).max();
    sides
        .iter()
        .copied()
        .filter(|&s| Some(values[s]) == top)
        .collect()
}

/// The single highest total wins; a tie for the highest is a draw.
pub(crate) fn highest(spec: &Spec, score: BySide<i32>) -> Outcome {
    match leaders(spec.seating.sides(), score).as_slice() {
        [one] => Outcome::Won(*one),
        _ => Outcome::Draw,
    }
}

/// What one pegging step decides, and which of the sides that just pegged reached the target.
/// One: it wins (in Game to Lose, loses). Two at once (a 4–4 split): the higher score wins
/// (loses); level is a draw (both lose).
pub(crate) fn decide_step(
    goal: Goal,
    pegged: &[Side],
    score: BySide<i32>,
) -> Option<(Outcome, Vec<Side>)> {
    let (target, lose) = match goal {
        Goal::Reach(t) => (t, false),
        Goal::LoseAt(t) => (t, true),
        Goal::Deals(_) | Goal::PassEighty => return None,
    };
    let over: Vec<Side> = pegged
        .iter()
        .copied()
        .filter(|&s| score[s] >= target)
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

/// The awards of a completed hand, in the order they are pegged, and the muck carried after.
pub(crate) struct AwardList {
    pub awards: Vec<AwardPeg>,
    pub carry: Option<u32>,
}

fn single_most(spec: &Spec, value: BySide<u32>) -> Option<Side> {
    match leaders(spec.seating.sides(), value).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

fn hand_awards(spec: &Spec, play: &HandPlay, carry: u32, muck_counts: bool) -> AwardList {
    let mut awards = Vec::new();
    let mut new_carry = None;
    let one = |kind, side: Option<Side>, points| AwardPeg {
        kind,
        pegs: side.map(|s| vec![(s, points)]).unwrap_or_default(),
    };
    let high = play.high.map(|(_, seat)| spec.seating.side_of(seat));
    match spec.awards {
        Awards::None => {}
        Awards::Game(points) => {
            awards.push(one(AwardKind::Game, single_most(spec, play.value), points))
        }
        Awards::Preston => {
            awards.push(one(AwardKind::High, high, 1));
            awards.push(one(AwardKind::Jack, play.jack, 1));
            awards.push(one(AwardKind::Game, single_most(spec, play.value), 6));
        }
        Awards::Hljg => {
            awards.push(one(AwardKind::High, high, 1));
            awards.push(one(AwardKind::Low, play.low.map(|(_, s)| s), 1));
            awards.push(one(AwardKind::Jack, play.jack, 1));
            awards.push(one(AwardKind::Game, single_most(spec, play.value), 5));
        }
        Awards::GameToLose => {
            let pegs = match leaders(spec.seating.sides(), play.value).as_slice() {
                [one] => vec![(*one, 8)],
                [a, b] => vec![(*a, 4), (*b, 4)],
                _ => vec![],
            };
            awards.push(AwardPeg {
                kind: AwardKind::Game,
                pegs,
            });
        }
        Awards::Muck(tie) if muck_counts => {
            let (a, b) = (spec.seating.sides()[0], spec.seating.sides()[1]);
            let winner = match play.value[a].cmp(&play.value[b]) {
                std::cmp::Ordering::Greater => Some(a),
                std::cmp::Ordering::Less => Some(b),
                std::cmp::Ordering::Equal => match tie {
                    MuckTie::Tens if play.tens[a] >= 3 => Some(a),
                    MuckTie::Tens if play.tens[b] >= 3 => Some(b),
                    _ => None,
                },
            };
            match (winner, tie) {
                (Some(side), _) => {
                    awards.push(one(AwardKind::Muck, Some(side), 8 + carry));
                    new_carry = Some(0);
                }
                (None, MuckTie::Split) => {
                    awards.push(AwardPeg {
                        kind: AwardKind::Muck,
                        pegs: vec![(a, 4), (b, 4)],
                    });
                    new_carry = Some(0);
                }
                (None, _) => {
                    awards.push(one(AwardKind::Muck, None, 0));
                    new_carry = Some(carry + 8);
                }
            }
        }
        Awards::Muck(_) => {}
    }
    AwardList {
        awards,
        carry: new_carry,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn a_refused_trick_comes_back_and_changes_nothing() {
        let mut game = Game::new(&Variant::default_for("nine-card-don").unwrap());
        let refused = game.play_trick(&cards("5H 2H 3H 4H")).unwrap_err();
        assert_eq!(refused.error, PlayError::NoHand);
        game.begin_hand(Some(Seat::N)).unwrap();
        let before = format!("{game:?}");
        let refused = game.play_trick(&cards("5H 2H 3H")).unwrap_err();
        assert_eq!(refused.cards, cards("5H 2H 3H"));
        assert_eq!(
            refused.error.to_string(),
            "trick 1 has 3 cards; every trick of this game has 4"
        );
        assert_eq!(format!("{game:?}"), before);
        // Step by step: what was pegged, the score, who leads next.
        let report = game.play_trick(&cards("5H 2H 3H 4H")).unwrap();
        assert_eq!(
            (report.pegged, report.trick.winner, report.next_leader),
            (10, Seat::N, Seat::N)
        );
        assert_eq!(report.score[Side::NS], 10);
        let report = game.play_trick(&cards("9H AH 6H 7H")).unwrap();
        assert_eq!(
            (report.pegged, report.trick.side, report.next_leader),
            (13, Side::EW, Seat::E)
        );
        assert_eq!(game.trumps(), Some(Suit::Hearts));
        assert!(report.decided.is_none());
    }

    #[test]
    fn a_game_over_refuses_more() {
        let mut game = Game::new(
            &Variant::build(
                "nine-card-don",
                [("target", crate::rules::OptionValue::Int(10))],
            )
            .unwrap(),
        );
        game.begin_hand(Some(Seat::N)).unwrap();
        let report = game.play_trick(&cards("5H 2H 3H 4H")).unwrap();
        let d = report.decided.unwrap();
        assert_eq!((d.outcome, d.trick), (Outcome::Won(Side::NS), Some(1)));
        let hand = game.end_hand().unwrap();
        assert!(hand.decided.unwrap().match_over);
        assert_eq!(game.begin_hand(Some(Seat::E)), Err(PlayError::GameOver));
    }
}
