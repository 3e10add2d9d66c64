//! A game being replayed, one step or one typed entry at a time, with its score sheet.

use super::faults;
use super::sheet::{HandKind, HandRow, ScoreSheet, Standing};
use crate::record::text::count;
use crate::record::trick::TrickCards;
use crate::record::{Code, Fault};
use crate::rules::{
    AbandonReason, BlindDeal, Game, HandReport, Outcome, Penalty, PlayError, Seat, Side, Totals,
    TrickFault, TrickReport, Variant,
};

/// One typed entry, as the scorer enters them (FORMAT.md §5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Who pitches the hand about to begin.
    Pitcher(Seat),
    /// A trick, its cards from the leader (seat-named or not). It begins a hand if none is in
    /// play; the hand ends with the deal's last trick, or when the game is decided in play,
    /// unless the trick proves a renege: the deal is then to be abandoned, and stays in play
    /// until it is.
    Trick(TrickCards),
    /// Blind Don's layout for the hand about to begin, or in play before its first trick. It
    /// begins a hand as a trick does.
    Layout(BlindDeal),
    /// A hand kept as totals.
    Totals(Totals),
    /// The deal in play, or the one about to be dealt, is abandoned.
    Abandon {
        reason: AbandonReason,
        seat: Option<Seat>,
    },
    /// A penalty on the hand in play, or on the next hand when none is.
    Penalty { side: Side, penalty: Penalty },
    /// The hand in play ends before the deal is played out, as it may once the game is decided
    /// in it: an Irish Don claim by a side past 80 (Irish deals are otherwise played out).
    EndHand,
    /// A side concedes, between hands.
    Concede(Side),
}

/// What an entry did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The pitcher of the next hand is noted.
    Pitcher(Seat),
    /// A trick was played; `hand` is the row of the hand it ended, if it ended one.
    Trick {
        report: TrickReport,
        hand: Option<HandRow>,
    },
    /// A hand of totals, or an abandoned deal.
    Hand(HandRow),
    /// The layout of the hand in play was noted.
    Layout,
    /// A penalty was noted.
    Penalty,
    Conceded(Outcome),
}

/// The hand being replayed: its number in the record and the faults found so far.
#[derive(Clone, Debug, PartialEq)]
struct OpenHand {
    number: u32,
    kind: HandKind,
    /// What the engine found, in the order found.
    engine: Vec<Fault>,
    /// What the record shows around the engine (its text, its seats), after the engine's.
    own: Vec<Fault>,
    tricks: u32,
}

/// For entries: what waits for the next hand.
#[derive(Clone, Debug, Default, PartialEq)]
struct Pending {
    pitcher: Option<Seat>,
    penalties: Vec<(Side, Penalty)>,
}

/// What an entry may change, to be put back if it is refused.
struct Mark {
    game: Game,
    open: Option<OpenHand>,
    pending: Pending,
    hands: usize,
    errors: usize,
    warnings: usize,
    tricks: u64,
}

/// A game being replayed, with its score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    game: Game,
    sheet: ScoreSheet,
    open: Option<OpenHand>,
    pending: Pending,
}

impl Replay {
    /// A replay of a game of this variant, with a sheet that has nothing else to say of it.
    pub fn new(variant: &Variant) -> Replay {
        let mut sheet = ScoreSheet::for_record(Default::default());
        sheet.sides = variant.spec().sides();
        sheet.variant = Some(variant.clone());
        Replay::start(variant, sheet)
    }

    /// A replay that keeps this sheet; it needs the sheet's variant, or it is handed back.
    pub fn with_sheet(sheet: ScoreSheet) -> Result<Replay, Box<ScoreSheet>> {
        match sheet.variant.clone() {
            Some(variant) => Ok(Replay::start(&variant, sheet)),
            None => Err(Box::new(sheet)),
        }
    }

    fn start(variant: &Variant, sheet: ScoreSheet) -> Replay {
        Replay {
            game: Game::new(variant),
            sheet,
            open: None,
            pending: Pending::default(),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn sheet(&self) -> &ScoreSheet {
        &self.sheet
    }

    /// The pitcher of the hand in play, or of the next one when it was given or the rotation
    /// says.
    pub fn pitcher(&self) -> Option<Seat> {
        if self.open.is_some() {
            self.game.pitcher()
        } else {
            self.pending.pitcher.or(self.game.expected_pitcher())
        }
    }

    /// The dealer of the hand in play, or of the next one, when known.
    pub fn dealer(&self) -> Option<Seat> {
        let pitcher = self
            .open
            .is_none()
            .then_some(self.pending.pitcher)
            .flatten();
        self.game.dealer(pitcher)
    }

    /// What was found wrong in the hand in play so far: on the sheet, in trick order, when the
    /// hand closes.
    pub fn hand_faults(&self) -> impl Iterator<Item = &Fault> {
        self.open
            .iter()
            .flat_map(|open| open.engine.iter().chain(&open.own))
    }

    /// The number of the hand in play, or of the next one.
    pub fn hand_number(&self) -> u32 {
        match &self.open {
            Some(open) => open.number,
            None => self.sheet.hands.len() as u32 + 1,
        }
    }

    /// Notes a fault found outside the engine: with the hand in play when there is one (to be
    /// reported with its faults, in trick order), else on the sheet.
    pub fn note(&mut self, fault: Fault) {
        match &mut self.open {
            Some(open) => open.own.push(fault),
            None => self.sheet.push(fault),
        }
    }

    /// A hand that is not scored: too broken to be, or after the game was decided.
    pub fn skip_hand(&mut self) -> Result<(), Fault> {
        self.refuse_in_hand()?;
        self.sheet.hands.push(HandRow {
            number: self.hand_number(),
            kind: HandKind::NotScored,
            pitcher: None,
            trumps: None,
            tricks: 0,
            points: Default::default(),
            score: self.game.score(),
            leg: self.game.leg(),
            awards: Vec::new(),
            decided: None,
        });
        Ok(())
    }

    fn refuse_in_hand(&self) -> Result<(), Fault> {
        match &self.open {
            Some(open) => Err(Fault::new(
                Code::Schema,
                format!("hand {} is in play: finish it first", open.number),
            )
            .at_hand(open.number)),
            None => Ok(()),
        }
    }

    fn open_number(&self) -> Result<u32, Fault> {
        self.open
            .as_ref()
            .map(|o| o.number)
            .ok_or_else(|| faults::refusal(&PlayError::NoHand, self.hand_number()))
    }

    /// Begins the next hand, pitched by `pitcher` when known (else by the rotation).
    pub fn begin_hand(&mut self, pitcher: Option<Seat>, kind: HandKind) -> Result<(), Fault> {
        self.refuse_in_hand()?;
        let number = self.hand_number();
        let found = self
            .game
            .begin_hand(pitcher)
            .map_err(|e| faults::refusal(&e, number))?;
        self.open = Some(OpenHand {
            number,
            kind,
            engine: found
                .iter()
                .map(|f| faults::hand_fault(f, number))
                .collect(),
            own: Vec::new(),
            tricks: 0,
        });
        Ok(())
    }

    /// A penalty on the hand in play.
    pub fn penalty(&mut self, side: Side, penalty: Penalty) -> Result<(), Fault> {
        let number = self.open_number()?;
        self.game
            .add_penalty(side, penalty)
            .map_err(|e| faults::refusal(&e, number))
    }

    /// Blind Don's layout for the hand in play; cards laid out twice are reported.
    pub fn layout(&mut self, deal: &BlindDeal) -> Result<(), Fault> {
        let number = self.open_number()?;
        let found = self
            .game
            .set_layout(deal)
            .map_err(|e| faults::refusal(&e, number))?;
        if let Some(open) = &mut self.open {
            open.own
                .extend(found.iter().map(|f| faults::hand_fault(f, number)));
        }
        Ok(())
    }

    /// Plays a trick of the hand in play. Faults in it (a renege proven, a card played twice)
    /// are reported and the trick counts; a trick the engine refuses, or one whose seats are not
    /// the game's in playing order, comes back as a fault.
    pub fn trick(&mut self, trick: &TrickCards) -> Result<TrickReport, Fault> {
        let number = self.open_number()?;
        let n = self.game.tricks_played() + 1;
        self.seats_of_game(trick)?;
        if let (Some(seats), Some(leader)) = (trick.seats(), self.game.leader()) {
            self.check_seats(seats, leader, number, n)?;
        }
        let mut report = self
            .game
            .play_trick(trick.cards())
            .map_err(|r| faults::refusal(&r.error, number).at_trick(n))?;
        if let Some(d) = &mut report.decided {
            d.hand = number;
        }
        if let Some(open) = &mut self.open {
            open.tricks += 1;
            open.engine.extend(
                report
                    .trick
                    .faults
                    .iter()
                    .map(|f| faults::trick_fault(f, number)),
            );
        }
        self.sheet.tricks += 1;
        Ok(report)
    }

    /// Irish Don's first deal: refuses a trick (of the hand in play, or the one it would begin)
    /// that shows someone other than the pitcher playing the lowest diamond (RULES.md §5), as
    /// [`Game::check_first_pitch`] does; nothing changes. The table asks this of each trick
    /// typed, so a wrong first pitcher is caught at the trick that shows it; a record (and a
    /// game kept before) is told of it when the hand closes.
    pub fn check_first_pitch(&self, trick: &TrickCards) -> Result<(), Fault> {
        let number = self.hand_number();
        let refused = |r: crate::rules::Rejected| faults::refusal(&r.error, number);
        if self.open.is_some() {
            return self.game.check_first_pitch(trick.cards()).map_err(refused);
        }
        let led = trick.seats().and_then(|s| s.first().copied());
        let mut game = self.game.clone();
        match game.begin_hand(led.or(self.pending.pitcher)) {
            Ok(_) => game.check_first_pitch(trick.cards()).map_err(refused),
            Err(_) => Ok(()), // the entry itself says what is wrong
        }
    }

    /// A trick's named seats must be seats of the game.
    pub fn seats_of_game(&self, trick: &TrickCards) -> Result<(), Fault> {
        let seating = self.game.spec().seating;
        let named = trick.seats().unwrap_or(&[]);
        match named.iter().find(|&&s| !seating.has_seat(s)) {
            Some(&bad) => {
                let n = self.game.tricks_played() + 1;
                Err(faults::no_such_seat(seating, bad, self.hand_number(), n))
            }
            None => Ok(()),
        }
    }

    /// Named seats must be the game's, in playing order from the leader.
    fn check_seats(&self, seats: &[Seat], leader: Seat, hand: u32, n: u32) -> Result<(), Fault> {
        let seating = self.game.spec().seating;
        if seats.len() != seating.players() {
            return Ok(()); // the engine refuses the trick's size
        }
        let mut expected = leader;
        for &seat in seats {
            if seat != expected {
                return Err(Fault::new(
                    Code::Schema,
                    format!("trick {n} of hand {hand} names its seats out of playing order: {leader} leads and play goes clockwise"),
                )
                .at_hand(hand)
                .at_trick(n)
                .naming(true, true));
            }
            expected = seating.next(expected);
        }
        Ok(())
    }

    /// Ends the hand in play after its last recorded trick.
    pub fn end_hand(&mut self) -> Result<&HandRow, Fault> {
        self.close_by(Game::end_hand)
    }

    /// Ends the hand in play where its record broke off: the tricks before count.
    pub fn break_off_hand(&mut self) -> Result<&HandRow, Fault> {
        self.close_by(Game::break_off_hand)
    }

    /// Scores the hand in play as totals, after checking they can be true.
    pub fn totals(&mut self, totals: &Totals) -> Result<&HandRow, Fault> {
        self.close_by(|game| game.record_totals(totals))
    }

    /// Scores the hand in play as totals, as recorded, without checking them (after the check
    /// has been reported, so the rest of a record can still be checked).
    pub fn force_totals(&mut self, totals: &Totals) -> Result<&HandRow, Fault> {
        self.close_by(|game| game.force_totals(totals))
    }

    /// Ends the hand in play by an engine step; a refusal leaves everything as it was.
    fn close_by(
        &mut self,
        step: impl FnOnce(&mut Game) -> Result<HandReport, PlayError>,
    ) -> Result<&HandRow, Fault> {
        let number = self.open_number()?;
        let report = step(&mut self.game).map_err(|e| faults::refusal(&e, number))?;
        Ok(self.close(report))
    }

    /// Abandons the deal in play.
    pub fn abandon(
        &mut self,
        reason: AbandonReason,
        seat: Option<Seat>,
    ) -> Result<&HandRow, Fault> {
        self.close_by(|game| game.abandon_hand(reason, seat))
    }

    /// A concession, between hands: the game is over.
    pub fn concede(&mut self, side: Side) -> Result<Outcome, Fault> {
        self.refuse_in_hand()?;
        let after = self.sheet.hands.len() as u32;
        if after == 0 && self.game.spec().seating.has_side(side) {
            // A record says after which hand a side conceded: there must be one.
            return Err(Fault::new(
                Code::Schema,
                format!("{side} cannot concede before a hand has been played"),
            ));
        }
        self.game.concede(side).map_err(|e| {
            let mut fault = faults::refusal(&e, after);
            fault.hand = Some(after).filter(|&n| n > 0);
            fault
        })
    }

    /// Closes the hand in play: its row, and its faults in trick order.
    fn close(&mut self, report: HandReport) -> &HandRow {
        let open = self.open.take().unwrap_or(OpenHand {
            number: report.hand,
            kind: HandKind::Tricks,
            engine: Vec::new(),
            own: Vec::new(),
            tricks: 0,
        });
        let number = open.number;
        let closing = report.faults.iter().map(|f| faults::hand_fault(f, number));
        self.put_in_trick_order(open.engine.into_iter().chain(closing).chain(open.own));
        let leg = report.decided.as_ref().map_or(self.game.leg(), |d| d.leg);
        // The engine counts the hands it was given; the sheet counts the record's.
        let mut decided = report.decided;
        if let Some(d) = &mut decided {
            d.hand = number;
        }
        self.sheet.hands.push(HandRow {
            number,
            kind: if report.abandoned {
                HandKind::Abandoned
            } else {
                open.kind
            },
            pitcher: report.pitcher,
            trumps: report.trumps,
            tricks: open.tricks,
            points: report.points,
            score: report.score,
            leg,
            awards: report.awards,
            decided,
        });
        let last = self.sheet.hands.len() - 1;
        &self.sheet.hands[last]
    }

    /// Puts a hand's faults on the sheet, in trick order.
    fn put_in_trick_order(&mut self, found: impl Iterator<Item = Fault>) {
        let mut found: Vec<Fault> = found.collect();
        found.sort_by_key(|f| f.trick.unwrap_or(0));
        for fault in found {
            self.sheet.push(fault);
        }
    }

    /// The sheet, with the final score and the result. A hand still in play, or penalties
    /// waiting for the next hand, are not on it, and it says so.
    pub fn finish(mut self) -> ScoreSheet {
        self.sheet.standing = self.standing();
        if let Some(open) = self.open.take() {
            // The hand in play gets the checks a finished hand gets, as far as it goes: what
            // was found in its tricks so far (a card played twice, a renege, a wrong pitcher).
            self.put_in_trick_order(open.engine.into_iter().chain(open.own));
            let tricks = count(open.tricks, "trick", "tricks");
            self.sheet.push(
                Fault::new(
                    Code::Unfinished,
                    format!(
                        "hand {} is in play ({tricks} entered) and not on the sheet",
                        open.number
                    ),
                )
                .at_hand(open.number),
            );
        }
        if !self.pending.penalties.is_empty() {
            let penalties = count(self.pending.penalties.len(), "penalty", "penalties");
            self.sheet.push(Fault::new(
                Code::Unfinished,
                format!("{penalties} entered for the next hand, not yet begun"),
            ));
        }
        self.sheet.final_score = self.game.score();
        self.sheet.result = self.game.result().cloned();
        self.sheet.wins = self.game.wins();
        self.sheet
    }

    /// Where play stands while the game is not decided: the hand in play, the score as play
    /// stands (Irish Don: the count of the fat), the leg, a side that may claim.
    pub fn standing(&self) -> Option<Standing> {
        if self.game.is_over() {
            return None;
        }
        let running = self.game.running_count();
        Some(Standing {
            in_play: self.open.as_ref().map(|o| (o.number, o.tricks)),
            score: running.unwrap_or_else(|| self.game.score_in_play()),
            counting: running.is_some(),
            leg: self.game.leg(),
            may_claim: self.game.may_claim(),
        })
    }

    /// Enters one typed entry, as the scorer does: a hand begins with its first trick (or its
    /// totals, or its abandonment) and ends with the deal's last trick or the decision. An entry
    /// that cannot be taken, including a trick with a card not in the pack, played twice or not
    /// playable, comes back as a fault, and the replay is exactly as it was.
    pub fn enter(&mut self, entry: Entry) -> Result<Step, Fault> {
        let mark = self.mark();
        let step = self.apply(entry);
        if step.is_err() {
            self.roll_back(mark);
        }
        step
    }

    /// Where the replay stands, to come back to: the sheet only grows, so its lengths will do.
    fn mark(&self) -> Mark {
        Mark {
            game: self.game.clone(),
            open: self.open.clone(),
            pending: self.pending.clone(),
            hands: self.sheet.hands.len(),
            errors: self.sheet.errors.len(),
            warnings: self.sheet.warnings.len(),
            tricks: self.sheet.tricks,
        }
    }

    fn roll_back(&mut self, mark: Mark) {
        self.game = mark.game;
        self.open = mark.open;
        self.pending = mark.pending;
        self.sheet.hands.truncate(mark.hands);
        self.sheet.errors.truncate(mark.errors);
        self.sheet.warnings.truncate(mark.warnings);
        self.sheet.tricks = mark.tricks;
    }

    fn apply(&mut self, entry: Entry) -> Result<Step, Fault> {
        match entry {
            Entry::Pitcher(seat) => {
                self.refuse_in_hand()?;
                let seating = self.game.spec().seating;
                if !seating.has_seat(seat) {
                    let error = PlayError::NoSuchSeat(seat);
                    return Err(faults::refusal(&error, self.hand_number()));
                }
                self.pending.pitcher = Some(seat);
                Ok(Step::Pitcher(seat))
            }
            Entry::Trick(trick) => {
                self.seats_of_game(&trick)?;
                if self.open.is_none() {
                    let led = trick.seats().and_then(|s| s.first().copied());
                    if let (Some(led), Some(given)) = (led, self.pending.pitcher) {
                        if led != given {
                            return Err(Fault::new(
                                Code::WrongPitcher,
                                format!(
                                    "{given} is to pitch hand {}, but the trick is led by {led}",
                                    self.hand_number()
                                ),
                            )
                            .at_hand(self.hand_number())
                            .at_trick(1)
                            .by(led)
                            .naming(true, false));
                        }
                    }
                    self.begin_pending(led.or(self.pending.pitcher), HandKind::Tricks)?;
                }
                let report = self.trick(&trick)?;
                let renege = |f: &&TrickFault| {
                    matches!(
                        f,
                        TrickFault::Renege { .. } | TrickFault::RenegeHolding { .. }
                    )
                };
                if let Some(wrong) = report.trick.faults.iter().find(|f| !renege(f)) {
                    return Err(faults::trick_fault(wrong, self.hand_number()));
                }
                let spec = *self.game.spec();
                let decided = report.decided.is_some() && !spec.count_at_end;
                let proven = report.trick.faults.iter().any(|f| renege(&f));
                let hand = if proven {
                    None // the deal is to be abandoned
                } else if self.game.tricks_played() == spec.tricks || decided {
                    Some(self.end_hand()?.clone())
                } else {
                    None
                };
                Ok(Step::Trick { report, hand })
            }
            Entry::Layout(deal) => {
                self.check_layout(&deal)?;
                if self.open.is_none() {
                    self.begin_pending(self.pending.pitcher, HandKind::Tricks)?;
                }
                let number = self.open_number()?;
                let found = self
                    .game
                    .set_layout(&deal)
                    .map_err(|e| faults::refusal(&e, number))?;
                match found.first() {
                    Some(twice) => Err(faults::hand_fault(twice, number)),
                    None => Ok(Step::Layout),
                }
            }
            Entry::Totals(totals) => {
                self.begin_pending(self.pending.pitcher, HandKind::Totals)?;
                Ok(Step::Hand(self.totals(&totals)?.clone()))
            }
            Entry::Abandon { reason, seat } => {
                if self.open.is_none() {
                    self.begin_pending(self.pending.pitcher, HandKind::Abandoned)?;
                }
                Ok(Step::Hand(self.abandon(reason, seat)?.clone()))
            }
            Entry::Penalty { side, penalty } => {
                if self.open.is_some() {
                    self.penalty(side, penalty)?;
                } else if !self.game.spec().seating.has_side(side) {
                    let error = PlayError::NoSuchSide(side);
                    return Err(faults::refusal(&error, self.hand_number()));
                } else {
                    let mut pending = self.pending.penalties.clone();
                    pending.push((side, penalty));
                    self.game
                        .room_for_penalties(&pending)
                        .map_err(|e| faults::refusal(&e, self.hand_number()))?;
                    self.pending.penalties = pending;
                }
                Ok(Step::Penalty)
            }
            Entry::EndHand => {
                let number = self.open_number()?;
                if !self.game.decided_in_hand() {
                    let (played, deal) = (self.game.tricks_played(), self.game.spec().tricks);
                    return Err(Fault::new(
                        Code::WrongTrickCount,
                        format!("hand {number} has {played} of its {deal} tricks, and the game was not decided in them: play it out, or abandon it"),
                    )
                    .at_hand(number));
                }
                Ok(Step::Hand(self.end_hand()?.clone()))
            }
            Entry::Concede(side) => Ok(Step::Conceded(self.concede(side)?)),
        }
    }

    /// A layout entered must be of the game's shape: Blind Don's stacks and cards in hand, for
    /// the game's seats (a seat may be left out: its cards are then not known).
    fn check_layout(&self, deal: &BlindDeal) -> Result<(), Fault> {
        let number = self.hand_number();
        let spec = self.game.spec();
        let schema = |message: String| Err(Fault::new(Code::Schema, message).at_hand(number));
        let Some(shape) = spec.layout else {
            return schema(format!(
                "{} has no layout: only Blind Don lays its cards out",
                spec.title
            ));
        };
        for seat in Seat::ALL {
            let (stacks, hand) = (deal.stacks[seat].len(), deal.hand[seat].len());
            if !spec.seating.has_seat(seat) {
                if stacks + hand > 0 {
                    return schema(format!("the layout of hand {number} gives cards to {seat}, which is not a seat of this game"));
                }
            } else if stacks + hand > 0 && (stacks != shape.stacks || hand != shape.in_hand) {
                return schema(format!(
                    "the layout of hand {number} gives {seat} {stacks} stacks and {hand} cards in hand; this layout has {} and {}",
                    shape.stacks, shape.in_hand
                ));
            }
        }
        Ok(())
    }

    /// Begins a hand for an entry, with what waited for it.
    fn begin_pending(&mut self, pitcher: Option<Seat>, kind: HandKind) -> Result<(), Fault> {
        self.begin_hand(pitcher, kind)?;
        for (side, penalty) in std::mem::take(&mut self.pending.penalties) {
            self.penalty(side, penalty)?;
        }
        self.pending.pitcher = None;
        Ok(())
    }
}
