//! A game (or a match of legs or games) taken one step at a time: a hand begun, a trick, a hand
//! of totals, an abandoned deal, a penalty, a concession. After each step the engine says what
//! was pegged, the score, who leads next and whether the game is decided. A step it refuses
//! leaves the game exactly as it was. The live scorer, `check` and `import` all drive this same
//! engine, through the replay layer.

use super::card::{Card, Suit};
use super::fault::{HandFault, PlayError, Rejected};
use super::hand::{BlindDeal, HandPlay, TrickOutcome};
use super::outcome::{seat_of, AwardKind, AwardPeg, Outcome};
use super::ruleset::Variant;
use super::scoring::{award_kinds, award_pegs, decide_step, goes_out, highest};
use super::seat::{BySide, Seat, Side};
use super::spec::{FirstPitch, Goal, Spec};
use super::totals::{self, Explained, HandStart, Totals};
use super::variant::irish_don::{self, EightyAll};

/// Scores are kept within ±this. No game comes near it; a record that goes past it is refused
/// rather than scored wrong.
pub const SCORE_LIMIT: i32 = 1_000_000_000;

/// More than any hand can peg, in play and after (at most 80 in play, and Phat's muck with what
/// it carried): a hand is begun only with this much room left below the limit.
const HAND_ROOM: i64 = 1_000;

/// Where and how a game or leg was decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub outcome: Outcome,
    /// 1-based hand number, counting the hands begun in the engine.
    pub hand: u32,
    /// The trick it was decided in, if in play.
    pub trick: Option<u32>,
    /// The award it was decided by, if after play.
    pub award: Option<AwardKind>,
    /// The score of the game or leg then.
    pub score: BySide<i32>,
    /// The leg (from 1) this decided; Irish Don calls its legs games.
    pub leg: u32,
    /// True when the whole match is over.
    pub match_over: bool,
    /// How many legs it counts for: 2 for an Irish bonk under `bonk_two_games`.
    pub counts: u32,
}

/// Why a deal was abandoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbandonReason {
    Renege,
    Misdeal,
    RedealDemanded,
}

impl AbandonReason {
    pub const ALL: [AbandonReason; 3] = [
        AbandonReason::Renege,
        AbandonReason::Misdeal,
        AbandonReason::RedealDemanded,
    ];
}

/// A penalty recorded on a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penalty {
    OutOfTurn,
    Renege,
    Points(i32),
}

impl Penalty {
    /// The penalties a record names by kind.
    pub const KINDS: [Penalty; 2] = [Penalty::OutOfTurn, Penalty::Renege];

    /// What it costs: explicit points as given; under league penalties 19 for playing out of
    /// turn and 52 for a renege; otherwise nothing.
    pub fn points(self, league: bool) -> i32 {
        match self {
            Penalty::Points(p) => p,
            Penalty::OutOfTurn if league => -19,
            Penalty::Renege if league => -52,
            _ => 0,
        }
    }
}

/// What a trick did, for the scorer.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandReport {
    pub hand: u32,
    pub pitcher: Option<Seat>,
    pub trumps: Option<Suit>,
    /// What each side scored in this hand, penalties included.
    pub points: BySide<i32>,
    pub awards: Vec<AwardPeg>,
    /// Faults found as the hand closed (a short hand, the lowest diamond, a redeal not allowed).
    pub faults: Vec<HandFault>,
    /// Set when this hand decided a game or leg.
    pub decided: Option<Decision>,
    /// The score of the game (or leg) after the hand.
    pub score: BySide<i32>,
    pub abandoned: bool,
}

/// Who pitches the next hand, as the rules say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NextPitch {
    /// Anyone (a cut decides, which records do not carry).
    Free,
    Seat(Seat),
    /// Whoever holds the lowest diamond of the deal.
    LowestDiamond,
}

impl NextPitch {
    fn first_of_leg(spec: &Spec) -> NextPitch {
        match spec.first_pitch {
            FirstPitch::Free => NextPitch::Free,
            FirstPitch::LowestDiamond => NextPitch::LowestDiamond,
        }
    }
}

/// The hand being played.
#[derive(Clone, Debug, PartialEq, Eq)]
struct HandInPlay {
    /// The deal as played, once the pitcher is known.
    play: Option<HandPlay>,
    pitcher: Option<Seat>,
    /// Whose turn it was to pitch: the rotation carries on from this seat, even when the pitch
    /// was passed (Irish `pass_pitch`).
    turn: Option<Seat>,
    /// What the rules said of the pitch as the hand began; a redeal keeps it.
    pitch_rule: NextPitch,
    /// Check at the end of the hand that the pitcher held the lowest diamond.
    check_diamond: bool,
    /// The score as the hand began.
    start: BySide<i32>,
    /// What each side has scored in the hand.
    points: BySide<i32>,
    penalties: Vec<(Side, Penalty)>,
}

/// A game, or a match of legs or games, in progress.
///
/// ```
/// use don_rules::rules::{Card, Game, Seat, Side, Variant};
/// let mut game = Game::new(&Variant::default_for("nine-card-don").unwrap());
/// game.begin_hand(Some(Seat::N)).unwrap();
/// let trick: Vec<Card> = ["5H", "KH", "2H", "AH"].iter().map(|c| c.parse().unwrap()).collect();
/// let report = game.play_trick(&trick).unwrap();
/// // Hearts are trumps; W's ace wins: 5♥ 10 + K♥ 3 + A♥ 4 to EW, and W leads next.
/// assert_eq!((report.pegged, report.trick.side, report.next_leader), (17, Side::EW, Seat::W));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    spec: Spec,
    score: BySide<i32>,
    /// Legs (or games) won in the match.
    wins: BySide<u32>,
    /// The leg in play, from 1.
    leg: u32,
    /// The leg was decided and the match goes on: the next hand begins a new leg.
    leg_over: bool,
    deals_in_leg: u32,
    deals_in_match: u32,
    /// Phat's muck carried into the next deal.
    carried: u32,
    leg_first_pitcher: Option<Seat>,
    next_pitch: NextPitch,
    leg_decision: Option<Decision>,
    result: Option<Outcome>,
    hands_begun: u32,
    hand: Option<HandInPlay>,
}

impl Game {
    pub fn new(variant: &Variant) -> Game {
        Game::from_spec(variant.spec())
    }

    fn from_spec(spec: Spec) -> Game {
        Game {
            spec,
            score: BySide::default(),
            wins: BySide::default(),
            leg: 1,
            leg_over: false,
            deals_in_leg: 0,
            deals_in_match: 0,
            carried: 0,
            leg_first_pitcher: None,
            next_pitch: NextPitch::first_of_leg(&spec),
            leg_decision: None,
            result: None,
            hands_begun: 0,
            hand: None,
        }
    }

    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    pub fn sides(&self) -> &'static [Side] {
        self.spec.sides()
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
        self.hands_begun
    }

    /// The number of the leg in play, or of the next one when the last was just decided.
    pub fn leg(&self) -> u32 {
        self.leg + u32::from(self.leg_over)
    }

    /// Muck carried to the next Phat deal.
    pub fn carried(&self) -> u32 {
        self.carried
    }

    /// Who should pitch the next hand, when the rotation says.
    pub fn expected_pitcher(&self) -> Option<Seat> {
        match self.next_pitch {
            NextPitch::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// True when the holder of the lowest diamond pitches the next hand (Irish Don's first deal
    /// of a game, and its redeal).
    pub fn next_pitch_by_lowest_diamond(&self) -> bool {
        self.next_pitch == NextPitch::LowestDiamond
    }

    /// What would be wrong with `pitcher` pitching the next hand: pitching out of turn (a pitch
    /// passed as Irish `pass_pitch` allows is not). `None` while a hand is in play.
    pub fn pitch_fault(&self, pitcher: Seat) -> Option<HandFault> {
        if self.hand.is_some() || !self.spec.seating.has_seat(pitcher) {
            return None;
        }
        self.judge_pitcher(Some(pitcher)).2.into_iter().next()
    }

    /// The pitcher of the hand in play, once known.
    pub fn pitcher(&self) -> Option<Seat> {
        self.hand.as_ref()?.pitcher
    }

    /// Who deals the hand in play, or the next hand when `pitcher` (if given) is to pitch it:
    /// the seat on the right of the seat whose turn it is to pitch (RULES.md §1; with two
    /// players, the pitcher's opponent). Not known where the cards choose the pitcher (Irish
    /// Don's lowest diamond: anyone deals), nor before a free first pitch is given.
    pub fn dealer(&self, pitcher: Option<Seat>) -> Option<Seat> {
        let seating = self.spec.seating;
        let turn = match &self.hand {
            Some(h) if h.pitch_rule == NextPitch::LowestDiamond => None,
            Some(h) => h.turn.or(h.pitcher),
            None => match (self.next_pitch, pitcher) {
                (NextPitch::LowestDiamond, _) => None,
                (NextPitch::Seat(turn), Some(p)) if turn != p && !self.pitch_passed(turn, p) => {
                    Some(p)
                }
                (NextPitch::Seat(turn), _) => Some(turn),
                (NextPitch::Free, p) => p,
            },
        };
        turn.map(|t| seating.previous(t))
    }

    /// Deals played so far in the game (or leg) in progress; abandoned deals do not count.
    pub fn deals_played(&self) -> u32 {
        self.deals_in_leg
    }

    /// The score as play stands: the game's (or leg's) in progress, or 0–0 when a leg has just
    /// been decided and the match goes on, since each leg starts from nothing.
    pub fn score_in_play(&self) -> BySide<i32> {
        if self.leg_over {
            BySide::default()
        } else {
            self.score
        }
    }

    /// True while a hand is in play.
    pub fn in_hand(&self) -> bool {
        self.hand.is_some()
    }

    /// True when the game (or leg) was decided in the hand in play: the hand may then end before
    /// the deal is played out.
    pub fn decided_in_hand(&self) -> bool {
        self.decided_this_hand()
    }

    /// Irish Don (RULES.md §5): the side that may stop play and claim now, the game (or a game
    /// of a match) having been decided by a count passing 80 in the deal in play, which is not
    /// yet played out. It is the side that won (under misère, the side whose count did not
    /// pass 80). `None` in other variants, between hands, and before a decision.
    pub fn may_claim(&self) -> Option<Side> {
        if !self.spec.count_at_end || !self.decided_this_hand() {
            return None;
        }
        match self.leg_decision.as_ref()?.outcome {
            Outcome::Won(side) => Some(side),
            _ => None,
        }
    }

    fn play(&self) -> Option<&HandPlay> {
        self.hand.as_ref()?.play.as_ref()
    }

    /// The seat to lead the next trick of the hand in play.
    pub fn leader(&self) -> Option<Seat> {
        self.play().map(HandPlay::leader)
    }

    pub fn trumps(&self) -> Option<Suit> {
        self.play()?.trumps()
    }

    /// Tricks played in the hand in play.
    pub fn tricks_played(&self) -> u32 {
        self.play().map_or(0, HandPlay::tricks)
    }

    /// Where the game stands as the hand in play began (or, between hands, now): what a hand of
    /// totals is checked against.
    pub fn hand_start(&self) -> HandStart {
        HandStart {
            score: self.hand.as_ref().map_or(self.score, |h| h.start),
            carried: self.carried,
            deals_played: self.deals_in_leg,
        }
    }

    /// Begins a hand. `pitcher` is who led (or is to lead) its first trick, when known; it is
    /// checked against the rotation, and faults found (a wrong pitcher) are returned.
    pub fn begin_hand(&mut self, pitcher: Option<Seat>) -> Result<Vec<HandFault>, PlayError> {
        if self.result.is_some() {
            return Err(PlayError::GameOver);
        }
        if self.hand.is_some() {
            return Err(PlayError::HandInPlay);
        }
        if let Some(p) = pitcher.filter(|&p| !self.spec.seating.has_seat(p)) {
            return Err(PlayError::NoSuchSeat(p));
        }
        let start = if self.leg_over {
            BySide::default()
        } else {
            self.score
        };
        self.room(start, |_| HAND_ROOM)?;
        if self.leg_over {
            self.start_new_leg();
        }
        self.hands_begun = self.hands_begun.saturating_add(1);
        let (turn, check_diamond, faults) = self.judge_pitcher(pitcher);
        if self.leg_first_pitcher.is_none() && self.deals_in_leg == 0 {
            self.leg_first_pitcher = turn;
        }
        let pitcher = pitcher.or(turn);
        self.hand = Some(HandInPlay {
            play: pitcher.map(HandPlay::new),
            pitcher,
            turn,
            pitch_rule: self.next_pitch,
            check_diamond,
            start: self.score,
            points: BySide::default(),
            penalties: Vec::new(),
        });
        Ok(faults)
    }

    fn start_new_leg(&mut self) {
        self.leg_over = false;
        self.leg += 1;
        self.score = BySide::default();
        self.deals_in_leg = 0;
        self.carried = 0;
        self.leg_first_pitcher = None;
        self.leg_decision = None;
    }

    /// Whose turn it was to pitch, whether the lowest diamond must be checked, and a wrong
    /// pitcher. A pitch passed as Irish `pass_pitch` allows (to the partner in the match's first
    /// deal, else to the left) is not wrong, and the turn stays with the passer.
    fn judge_pitcher(&self, pitcher: Option<Seat>) -> (Option<Seat>, bool, Vec<HandFault>) {
        match (self.next_pitch, pitcher) {
            (NextPitch::Seat(turn), Some(pitched)) if turn != pitched => {
                if self.pitch_passed(turn, pitched) {
                    (Some(turn), false, Vec::new())
                } else {
                    let fault = HandFault::WrongPitcher { pitched, turn };
                    (Some(pitched), false, vec![fault])
                }
            }
            (NextPitch::Seat(turn), None) => (Some(turn), false, Vec::new()),
            (NextPitch::LowestDiamond, Some(_)) => (pitcher, true, Vec::new()),
            _ => (pitcher, false, Vec::new()),
        }
    }

    /// Irish `pass_pitch`: whether the pitch may have passed from `turn` to `pitched` (to the
    /// partner in the match's first deal, else to the opponent on the left).
    fn pitch_passed(&self, turn: Seat, pitched: Seat) -> bool {
        let seating = self.spec.seating;
        let passed_to = if self.deals_in_match == 0 {
            seating.partner(turn)
        } else {
            Some(seating.next(turn))
        };
        self.spec.irish.is_some_and(|i| i.pass_pitch) && passed_to == Some(pitched)
    }

    /// The penalties recorded on the hand in play against a side, in points.
    fn penalties_on(&self, side: Side) -> i64 {
        let league = self.spec.league_penalties;
        self.hand.as_ref().map_or(0, |h| {
            h.penalties
                .iter()
                .filter(|&&(s, _)| s == side)
                .map(|&(_, p)| i64::from(p.points(league)))
                .sum()
        })
    }

    /// Records a penalty on the hand in play; it takes effect at the end of the hand.
    pub fn add_penalty(&mut self, side: Side, penalty: Penalty) -> Result<(), PlayError> {
        if !self.spec.seating.has_side(side) {
            return Err(PlayError::NoSuchSide(side));
        }
        if self.hand.is_none() {
            return Err(PlayError::NoHand);
        }
        let new = i64::from(penalty.points(self.spec.league_penalties));
        self.penalty_room(self.score, side, self.penalties_on(side) + new)?;
        self.room(self.score, |s| {
            let added = if s == side { new } else { 0 };
            (self.penalties_on(s) + added).abs() + HAND_ROOM
        })?;
        if let Some(hand) = self.hand.as_mut() {
            hand.penalties.push((side, penalty));
        }
        Ok(())
    }

    /// Whether penalties entered before the next hand begins (`penalties`, all those on it)
    /// leave its sides the room a hand needs: as [`Game::add_penalty`] will find when the hand
    /// begins and they are put on it.
    pub fn room_for_penalties(&self, penalties: &[(Side, Penalty)]) -> Result<(), PlayError> {
        let start = if self.leg_over {
            BySide::default()
        } else {
            self.score
        };
        let league = self.spec.league_penalties;
        for &side in self.sides() {
            let on: i64 = penalties
                .iter()
                .filter(|&&(s, _)| s == side)
                .map(|&(_, p)| i64::from(p.points(league)))
                .sum();
            self.penalty_room(start, side, on)?;
        }
        Ok(())
    }

    /// Refuses penalties of `on` points on `side` that would take its score (from `start`)
    /// past what a score may be with a hand to play.
    fn penalty_room(&self, start: BySide<i32>, side: Side, on: i64) -> Result<(), PlayError> {
        let bound = i64::from(SCORE_LIMIT) - HAND_ROOM;
        let reach = i64::from(start[side]) + on;
        if reach.abs() > bound {
            return Err(PlayError::PenaltyOutOfRange {
                side,
                reach,
                bound,
                limit: SCORE_LIMIT,
            });
        }
        Ok(())
    }

    /// Gives Blind Don's layout for the hand in play, before its first trick.
    pub fn set_layout(&mut self, deal: &BlindDeal) -> Result<Vec<HandFault>, PlayError> {
        let spec = self.spec;
        let hand = self.hand.as_mut().ok_or(PlayError::NoHand)?;
        let play = hand.play.as_mut().ok_or(PlayError::UnknownPitcher)?;
        if play.tricks() > 0 {
            return Err(PlayError::LayoutTooLate);
        }
        Ok(play.set_layout(&spec, deal))
    }

    /// Plays one trick of the hand in play, `cards` in order from the leader. A trick the engine
    /// refuses comes back with its cards and leaves the game exactly as it was.
    pub fn play_trick(&mut self, cards: &[Card]) -> Result<TrickReport, Rejected> {
        let spec = self.spec;
        let refuse = |error| Rejected {
            cards: cards.to_vec(),
            error,
        };
        let hand = self
            .hand
            .as_mut()
            .ok_or_else(|| refuse(PlayError::NoHand))?;
        let start = hand.start;
        let play = hand
            .play
            .as_mut()
            .ok_or_else(|| refuse(PlayError::UnknownPitcher))?;
        let trick = play.play(&spec, cards).map_err(refuse)?;
        let peg_points = play.peg_points();
        let mut report = TrickReport {
            pegged: 0,
            after_end: false,
            score: self.score,
            running: None,
            next_leader: play.leader(),
            decided: None,
            trick,
        };
        let already = self.leg_decision.is_some();
        if spec.count_at_end {
            self.count_fat(&mut report, start, peg_points, already);
        } else if already {
            report.after_end = true;
        } else if report.trick.points > 0 {
            let (side, points) = (report.trick.side, report.trick.points);
            self.add_points(side, points as i32);
            report.pegged = points;
            report.score = self.score;
            if let Some(outcome) = self.reached(&[side]) {
                let number = report.trick.number;
                report.decided = Some(self.decide(outcome, Some(number), None, self.score, 1));
            }
        }
        Ok(report)
    }

    /// Irish Don: each side's count of the fat as play stands, the tricks of the deal in play
    /// included; `None` in other variants and between hands.
    pub fn running_count(&self) -> Option<BySide<i32>> {
        let hand = self.hand.as_ref().filter(|_| self.spec.count_at_end)?;
        let play = hand.play.as_ref()?;
        Some(self.counted(hand.start, play.peg_points()))
    }

    /// The score a deal began with, and the fat taken in it so far.
    fn counted(&self, start: BySide<i32>, peg_points: BySide<u32>) -> BySide<i32> {
        let mut running = start;
        for &side in self.sides() {
            running[side] = running[side].saturating_add(peg_points[side] as i32);
        }
        running
    }

    /// Irish Don: nothing is pegged in play; the running count decides who passed 80 first.
    fn count_fat(
        &mut self,
        report: &mut TrickReport,
        start: BySide<i32>,
        peg_points: BySide<u32>,
        already: bool,
    ) {
        let running = self.counted(start, peg_points);
        report.running = Some(running);
        let side = report.trick.side;
        if !already && self.spec.goal.reached(running[side]) {
            let outcome = goes_out(&self.spec, side);
            let number = report.trick.number;
            report.decided = Some(self.decide(outcome, Some(number), None, running, 1));
        }
    }

    /// Ends the hand in play after its last trick: end-of-play awards, penalties, the rotation.
    /// A hand with fewer tricks than the deal is a [`HandFault::ShortHand`] unless the game was
    /// decided in its tricks.
    pub fn end_hand(&mut self) -> Result<HandReport, PlayError> {
        self.close_hand(true)
    }

    /// Ends the hand in play where its record broke off (a trick that could not be read): the
    /// tricks before count; nothing after play is scored, and the trick count is not checked.
    pub fn break_off_hand(&mut self) -> Result<HandReport, PlayError> {
        self.close_hand(false)
    }

    fn close_hand(&mut self, played_out: bool) -> Result<HandReport, PlayError> {
        let spec = self.spec;
        let decided_here = self.decided_this_hand();
        let hand = self.hand.as_mut().ok_or(PlayError::NoHand)?;
        let play = match hand.play.take() {
            Some(play) => play,
            None => HandPlay::new(hand.pitcher.unwrap_or(Seat::N)),
        };
        let complete = play.tricks() == spec.tricks;
        let mut faults = Vec::new();
        if played_out && !complete && !decided_here {
            faults.push(HandFault::ShortHand {
                tricks: play.tricks(),
                deal: spec.tricks,
            });
        }
        if hand.check_diamond && complete {
            faults.extend(self.check_lowest_diamond(&play));
        }
        let mut awards = Vec::new();
        if spec.count_at_end {
            self.count_fat_at_end(&play, complete);
        } else if self.leg_decision.is_none() && complete && played_out {
            awards = self.peg_awards(&play);
        }
        if !spec.muck_counts(self.deals_in_leg) {
            self.carried = 0;
        }
        Ok(self.finish_hand(play.trumps(), awards, faults, false))
    }

    /// Irish Don at the end of the play: the fat is counted; after a complete deal, 80–80; and
    /// a side that took all 80, whether the deal was played out or claimed, bonked it.
    fn count_fat_at_end(&mut self, play: &HandPlay, complete: bool) {
        let fat = play.peg_points();
        let mut counted = BySide::default();
        for &side in self.sides() {
            counted[side] = fat[side] as i32;
            self.add_points(side, counted[side]);
        }
        if complete && self.leg_decision.is_none() {
            self.eighty_all(play.last_scorer());
        }
        if let Some(side) = self
            .spec
            .irish
            .and_then(|irish| irish_don::bonk(irish, self.spec.seating, counted))
        {
            self.bonk(side);
        }
    }

    /// Pegs the end-of-play awards in order until one decides the game.
    fn peg_awards(&mut self, play: &HandPlay) -> Vec<AwardPeg> {
        let spec = self.spec;
        let mut list = Vec::new();
        let mut carried_after = None;
        for kind in award_kinds(&spec, self.deals_in_leg) {
            let (pegs, after) = award_pegs(&spec, kind, play.taker(&spec, kind), self.carried);
            carried_after = after.or(carried_after);
            list.push(AwardPeg { kind, pegs });
        }
        if let Some(carried) = carried_after {
            self.carried = carried;
        }
        let mut awards = Vec::new();
        for award in list {
            let kind = award.kind;
            let pegged: Vec<Side> = award.pegs.iter().map(|p| p.0).collect();
            self.peg(&award.pegs);
            awards.push(award);
            if let Some(outcome) = self.reached(&pegged) {
                self.decide(outcome, None, Some(kind), self.score, 1);
                break;
            }
        }
        awards
    }

    fn peg(&mut self, pegs: &[(Side, u32)]) {
        for &(side, points) in pegs {
            self.add_points(side, points as i32);
        }
    }

    /// Adds points to the score and to the hand in play. The room was checked as the step began
    /// (see [`SCORE_LIMIT`]), so this never overflows.
    fn add_points(&mut self, side: Side, points: i32) {
        self.score[side] = self.score[side].saturating_add(points);
        if let Some(h) = self.hand.as_mut() {
            h.points[side] = h.points[side].saturating_add(points);
        }
    }

    /// Refuses a step that could take a score past [`SCORE_LIMIT`]: `need(side)` is how far,
    /// either way, the step can move that side's score.
    fn room(&self, score: BySide<i32>, need: impl Fn(Side) -> i64) -> Result<(), PlayError> {
        for &side in self.sides() {
            if i64::from(score[side]).abs() + need(side) > i64::from(SCORE_LIMIT) {
                return Err(PlayError::ScoreOutOfRange {
                    side,
                    limit: SCORE_LIMIT,
                });
            }
        }
        Ok(())
    }

    /// Irish Don's first deal (RULES.md §5): refuses, before it is played, a trick of the hand
    /// in play that shows someone other than the pitcher playing the lowest diamond (the holder
    /// should have pitched), unless the pitch was passed as `pass_pitch` allows. The trick comes
    /// back with its cards and the game is unchanged. The two-player game, whose first pitch
    /// is free, and every later deal have nothing to check.
    pub fn check_first_pitch(&self, cards: &[Card]) -> Result<(), Rejected> {
        let lowest = Card::new(self.spec.lowest_rank, Suit::Diamonds);
        let Some(hand) = self.hand.as_ref().filter(|h| h.check_diamond) else {
            return Ok(());
        };
        let (Some(play), Some(pitched)) = (hand.play.as_ref(), hand.pitcher) else {
            return Ok(());
        };
        let Some(i) = cards.iter().position(|&c| c == lowest) else {
            return Ok(());
        };
        if play.played_by(lowest).is_some() {
            return Ok(()); // played twice: the trick is refused for that
        }
        let seating = self.spec.seating;
        let holder = (0..i).fold(play.leader(), |seat, _| seating.next(seat));
        if holder == pitched || self.pitch_passed(holder, pitched) {
            return Ok(());
        }
        Err(Rejected {
            cards: cards.to_vec(),
            error: PlayError::NotLowestDiamond {
                trick: play.tricks() + 1,
                pitched,
                holder,
                card: lowest,
            },
        })
    }

    /// Irish Don's first deal: the pitcher must have held the lowest diamond (or, under
    /// `pass_pitch`, been passed the pitch by its holder, who keeps the turn).
    fn check_lowest_diamond(&mut self, play: &HandPlay) -> Option<HandFault> {
        let lowest = Card::new(self.spec.lowest_rank, Suit::Diamonds);
        let (holder, pitched) = (play.played_by(lowest)?, self.hand.as_ref()?.pitcher?);
        let passed = self.pitch_passed(holder, pitched);
        let hand = self.hand.as_mut()?;
        if holder != pitched && !passed {
            return Some(HandFault::NotLowestDiamond {
                pitched,
                holder,
                card: lowest,
                trick: play.played_in(lowest).unwrap_or(1),
            });
        }
        hand.turn = Some(if passed { holder } else { pitched });
        None
    }

    /// Irish Don at the end of a complete deal nobody has passed 80 in: the tie rule at 80–80.
    fn eighty_all(&mut self, last_scorer: Option<Side>) {
        let Some(irish) = self.spec.irish else { return };
        let deal = self.deals_in_leg + 1;
        match irish_don::eighty_all(irish, self.spec.seating, self.score, deal, last_scorer) {
            EightyAll::NotLevel => {}
            EightyAll::Decided(outcome) => {
                self.decide(outcome, None, None, self.score, 1);
            }
            EightyAll::NeedsLastScorer => {
                self.decide(Outcome::Unknown, None, None, self.score, 1);
            }
        }
    }

    /// A bonk ends the game at once, won by the bonking side, and counts as two games.
    fn bonk(&mut self, side: Side) {
        let hand = self.hands_begun;
        match &mut self.leg_decision {
            Some(d) if d.hand == hand => {
                d.outcome = Outcome::Won(side);
                d.counts = 2;
            }
            Some(_) => {}
            None => {
                self.decide(Outcome::Won(side), None, None, self.score, 2);
            }
        }
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
            hand: self.hands_begun,
            trick,
            award,
            score,
            leg: self.leg,
            match_over: false,
            counts,
        };
        self.leg_decision = Some(decision.clone());
        decision
    }

    /// The leg was decided in the hand in play.
    fn decided_this_hand(&self) -> bool {
        self.hand.is_some()
            && self
                .leg_decision
                .as_ref()
                .is_some_and(|d| d.hand == self.hands_begun)
    }

    /// The hand in play was a bonk under `bonk_two_games`.
    fn bonked_this_hand(&self) -> bool {
        self.decided_this_hand() && self.leg_decision.as_ref().is_some_and(|d| d.counts > 1)
    }

    /// Closes the hand in play: penalties, the deal count, fixed deals, the rotation and the
    /// match.
    fn finish_hand(
        &mut self,
        trumps: Option<Suit>,
        awards: Vec<AwardPeg>,
        faults: Vec<HandFault>,
        abandoned: bool,
    ) -> HandReport {
        let spec = self.spec;
        let bonked = self.bonked_this_hand();
        // Penalties, after the awards (§9).
        if let Some(hand) = self.hand.as_ref() {
            let owed: Vec<(Side, i32)> = hand
                .penalties
                .iter()
                .map(|&(side, p)| (side, p.points(spec.league_penalties)))
                .collect();
            for (side, points) in owed {
                self.add_points(side, points);
            }
        }
        if !abandoned {
            self.deals_in_leg = self.deals_in_leg.saturating_add(1);
            self.deals_in_match = self.deals_in_match.saturating_add(1);
            if let (Goal::Deals(n), None) = (spec.goal, &self.leg_decision) {
                if self.deals_in_leg >= n {
                    self.decide(highest(&spec, self.score), None, None, self.score, 1);
                }
            }
        }
        let decided_here = self.decided_this_hand();
        let hand = self.hand.take();
        let turn = hand.as_ref().and_then(|h| h.turn.or(h.pitcher));
        if let Some(h) = &hand {
            self.next_pitch = self.rotate(h, turn, abandoned, bonked);
        }
        let decided = if decided_here {
            self.settle_leg(turn, bonked)
        } else {
            None
        };
        HandReport {
            hand: self.hands_begun,
            pitcher: hand.as_ref().and_then(|h| h.pitcher),
            trumps,
            points: hand.map_or_else(BySide::default, |h| h.points),
            awards,
            faults,
            decided,
            score: self.score,
            abandoned,
        }
    }

    /// Who pitches after this hand: the next seat clockwise from whose turn it was; the same
    /// seat after an abandoned deal or a bonk; where the cards chose the pitcher, a redeal's
    /// cards choose again (RULES.md §9); Phat's fifth deal goes back to the leg's first pitcher.
    fn rotate(
        &self,
        hand: &HandInPlay,
        turn: Option<Seat>,
        abandoned: bool,
        bonked: bool,
    ) -> NextPitch {
        if abandoned && hand.pitch_rule == NextPitch::LowestDiamond {
            return NextPitch::LowestDiamond;
        }
        let mut next = match turn {
            Some(p) if abandoned || bonked => NextPitch::Seat(p),
            Some(p) => NextPitch::Seat(self.spec.seating.next(p)),
            None => NextPitch::Free,
        };
        if let (Some(n), Some(first)) = (self.spec.muck_deals, self.leg_first_pitcher) {
            if self.deals_in_leg == n {
                next = NextPitch::Seat(first);
            }
        }
        next
    }

    /// A leg was decided in the hand just closed: it counts in the match, which may be over;
    /// otherwise the next hand begins a new leg.
    fn settle_leg(&mut self, turn: Option<Seat>, bonked: bool) -> Option<Decision> {
        let to_win = self.spec.to_win;
        let d = self.leg_decision.as_mut()?;
        match &d.outcome {
            Outcome::Won(side) => {
                self.wins[*side] = self.wins[*side].saturating_add(d.counts);
                if self.wins[*side] >= to_win {
                    self.result = Some(Outcome::Won(*side));
                }
            }
            Outcome::Draw if to_win <= 1 => self.result = Some(Outcome::Draw),
            Outcome::Draw => {}
            other => self.result = Some(other.clone()),
        }
        d.match_over = self.result.is_some();
        d.score = self.score;
        let decided = d.clone();
        if self.result.is_none() {
            self.leg_over = true;
            self.next_pitch = self.next_leg_pitch(turn, bonked);
        }
        Some(decided)
    }

    /// Who pitches the first deal of the next leg or game. A bonk keeps the pitcher; under
    /// Irish `best_of_three` the pitch keeps passing, except that a deciding game starts as a
    /// first game does (the lowest diamond, or with two players a free pitch); otherwise a new
    /// leg or game starts afresh.
    fn next_leg_pitch(&self, turn: Option<Seat>, bonked: bool) -> NextPitch {
        let sides = self.sides();
        let level = sides.iter().all(|&s| self.wins[s] == self.wins[sides[0]]);
        match (turn, self.spec.irish) {
            (Some(p), Some(_)) if bonked => NextPitch::Seat(p),
            (Some(p), Some(irish)) if irish.best_of_three && !level => {
                NextPitch::Seat(self.spec.seating.next(p))
            }
            _ => NextPitch::first_of_leg(&self.spec),
        }
    }

    /// Records the deal in play as abandoned (renege, misdeal, a demanded redeal): nothing
    /// pegged in it counts, so the score goes back to where the deal began and a decision made
    /// in it is undone; the same dealer deals again; under league penalties a renege costs the
    /// offending side 52.
    pub fn abandon_hand(
        &mut self,
        reason: AbandonReason,
        seat: Option<Seat>,
    ) -> Result<HandReport, PlayError> {
        let spec = self.spec;
        let decided_here = self.decided_this_hand();
        let hand = self.hand.as_mut().ok_or(PlayError::NoHand)?;
        if let Some(s) = seat.filter(|&s| !spec.seating.has_seat(s)) {
            return Err(PlayError::NoSuchSeat(s));
        }
        self.score = hand.start;
        hand.points = BySide::default();
        if decided_here {
            self.leg_decision = None;
        }
        let mut faults = Vec::new();
        if reason == AbandonReason::RedealDemanded && !spec.irish.is_some_and(|i| i.redeal) {
            faults.push(HandFault::RedealNotAllowed);
        }
        if let (AbandonReason::Renege, Some(seat)) = (reason, seat) {
            let side = spec.seating.side_of(seat);
            // The 52 is owed without being listed again; a listed one is the same penalty.
            if let Some(i) = hand
                .penalties
                .iter()
                .position(|&(s, p)| s == side && p == Penalty::Renege)
            {
                hand.penalties.remove(i);
            }
            hand.penalties.push((side, Penalty::Renege));
        }
        Ok(self.finish_hand(None, Vec::new(), faults, true))
    }

    /// Records the hand in play as totals, after checking that the totals can be true. A
    /// refusal leaves the game as it was; [`Game::force_totals`] scores them anyway.
    pub fn record_totals(&mut self, t: &Totals) -> Result<HandReport, PlayError> {
        if self.hand.is_none() {
            return Err(PlayError::NoHand);
        }
        self.sides_known(t)?;
        let explained = totals::explain(&self.spec, &self.hand_start(), t)
            .map_err(|e| PlayError::Totals(Box::new(e)))?;
        self.room_for_totals(t)?;
        Ok(self.apply_totals(t, Some(explained)))
    }

    /// Scores the hand in play as totals, as recorded, without checking them.
    pub fn force_totals(&mut self, t: &Totals) -> Result<HandReport, PlayError> {
        if self.hand.is_none() {
            return Err(PlayError::NoHand);
        }
        self.room_for_totals(t)?;
        Ok(self.apply_totals(t, None))
    }

    /// Totals may name only the game's sides.
    fn sides_known(&self, t: &Totals) -> Result<(), PlayError> {
        match t.sides_named().find(|&s| !self.spec.seating.has_side(s)) {
            Some(side) => Err(PlayError::NoSuchSide(side)),
            None => Ok(()),
        }
    }

    /// Totals may name only the game's sides, and must keep every score within the limit.
    fn room_for_totals(&self, t: &Totals) -> Result<(), PlayError> {
        self.sides_known(t)?;
        self.room(self.score, |side| {
            i64::from(t.points[side]).abs() + self.penalties_on(side).abs()
        })
    }

    fn apply_totals(&mut self, t: &Totals, explained: Option<Explained>) -> HandReport {
        let spec = self.spec;
        for &side in spec.sides() {
            self.add_points(side, t.points[side]);
        }
        let (awards, outcome) = match explained {
            Some(e) => {
                if let Some(carried) = e.carried {
                    self.carried = carried;
                }
                (e.awards, e.outcome)
            }
            None => (Vec::new(), self.outcome_by_points()),
        };
        if !spec.muck_counts(self.deals_in_leg) {
            self.carried = 0;
        }
        match outcome {
            Some(o) => {
                self.decide(o, None, None, self.score, 1);
            }
            None if spec.goal == Goal::PassEighty => self.eighty_all(t.last_scorer),
            None => {}
        }
        let dealt: i64 = spec.sides().iter().map(|&s| i64::from(t.points[s])).sum();
        if let Some(irish) = spec.irish.filter(|_| dealt == i64::from(irish_don::EIGHTY)) {
            if let Some(side) = irish_don::bonk(irish, spec.seating, t.points) {
                self.bonk(side);
            }
        }
        self.finish_hand(None, awards, Vec::new(), false)
    }

    /// Unchecked totals: what the points alone say about who went out.
    fn outcome_by_points(&self) -> Option<Outcome> {
        let over: Vec<Side> = self
            .sides()
            .iter()
            .copied()
            .filter(|&s| self.spec.goal.reached(self.score[s]))
            .collect();
        match over.as_slice() {
            [] => None,
            [s] => Some(goes_out(&self.spec, *s)),
            _ => Some(Outcome::Unknown),
        }
    }

    /// A concession, between hands: the game ends, the other side wins (in Game to Lose the
    /// conceding player loses; with three players, the higher of the other two wins).
    pub fn concede(&mut self, side: Side) -> Result<Outcome, PlayError> {
        if !self.spec.seating.has_side(side) {
            return Err(PlayError::NoSuchSide(side));
        }
        if self.result.is_some() {
            return Err(PlayError::GameOver);
        }
        if self.hand.is_some() {
            return Err(PlayError::HandInPlay);
        }
        let outcome = match self.spec.goal {
            Goal::LoseAt(_) => Outcome::Lost(vec![seat_of(side)]),
            _ => {
                let mut score = self.score;
                score[side] = i32::MIN;
                highest(&self.spec, score)
            }
        };
        self.result = Some(outcome.clone());
        Ok(outcome)
    }
}
