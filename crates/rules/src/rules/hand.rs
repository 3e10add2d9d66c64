//! One deal played trick by trick: trumps, following suit, who won what, reneges proven, and who
//! took each end-of-play award.

use super::card::{Card, CardSet, Rank, Suit};
use super::fault::{HandFault, PlayError, TrickFault};
use super::outcome::{AwardKind, Taker};
use super::scoring::{leaders, single_most, two_sides};
use super::seat::{BySeat, BySide, Seat, Side};
use super::spec::{Awards, Spec};
use super::trick::winning_index;
use super::variant::{game_to_lose, phat};

const NOBODY: u8 = 0xff;

/// Blind Don's cards of one deal as laid out, when the record gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlindDeal {
    /// Per seat: `(face-down, face-up)` stacks.
    pub stacks: BySeat<Vec<(Card, Card)>>,
    /// Per seat: cards in hand.
    pub hand: BySeat<Vec<Card>>,
}

/// What each Blind Don player could see and play, as the deal goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
struct BlindTable {
    available: BySeat<CardSet>,
    /// Face-up card → the face-down card it covers.
    under: Vec<(Card, Card)>,
    /// The seats whose cards were given.
    known: BySeat<bool>,
}

/// What one trick did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickOutcome {
    /// 1-based number of the trick in the hand.
    pub number: u32,
    pub winner: Seat,
    pub side: Side,
    /// The trick's points by the variant's table (pegged now, or counted at the end of play).
    pub points: u32,
    pub faults: Vec<TrickFault>,
}

/// The state of a deal in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandPlay {
    pitcher: Seat,
    trumps: Option<Suit>,
    leader: Seat,
    tricks: u32,
    seen: CardSet,
    owner: [u8; 52],
    /// The trick (from 1) each card was played in; 0 for a card not played.
    played_in: [u8; 52],
    /// `[seat][suit]`: bit t set when the seat failed to follow that suit in trick t.
    failed: [[u32; 4]; 4],
    value: BySide<u32>,
    tens: BySide<u32>,
    high: Option<(Card, Seat)>,
    low: Option<(Card, Side)>,
    jack: Option<Side>,
    peg_points: BySide<u32>,
    last_scorer: Option<Side>,
    table: Option<BlindTable>,
}

impl HandPlay {
    pub fn new(pitcher: Seat) -> HandPlay {
        HandPlay {
            pitcher,
            trumps: None,
            leader: pitcher,
            tricks: 0,
            seen: CardSet::EMPTY,
            owner: [NOBODY; 52],
            played_in: [0; 52],
            failed: [[0; 4]; 4],
            value: BySide::default(),
            tens: BySide::default(),
            high: None,
            low: None,
            jack: None,
            peg_points: BySide::default(),
            last_scorer: None,
            table: None,
        }
    }

    pub fn pitcher(&self) -> Seat {
        self.pitcher
    }

    /// Trumps, once the pitcher has led.
    pub fn trumps(&self) -> Option<Suit> {
        self.trumps
    }

    /// Who leads the next trick.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// Tricks played so far.
    pub fn tricks(&self) -> u32 {
        self.tricks
    }

    /// Card value (§1) in each side's tricks.
    pub fn value(&self) -> BySide<u32> {
        self.value
    }

    /// Points by the peg scale in each side's tricks.
    pub fn peg_points(&self) -> BySide<u32> {
        self.peg_points
    }

    /// The side that took the last trick holding a scoring card.
    pub fn last_scorer(&self) -> Option<Side> {
        self.last_scorer
    }

    /// The seat that played a card in this hand, if it was played.
    /// The trick (from 1) `card` was played in, if it was.
    pub fn played_in(&self, card: Card) -> Option<u32> {
        match self.played_in[card.index()] {
            0 => None,
            t => Some(u32::from(t)),
        }
    }

    pub fn played_by(&self, card: Card) -> Option<Seat> {
        match self.owner[card.index()] {
            NOBODY => None,
            i => Seat::ALL.get(usize::from(i)).copied(),
        }
    }

    /// Gives Blind Don's layout, so that playability and reneges can be checked exactly.
    /// Returns faults for cards laid out twice.
    pub fn set_layout(&mut self, spec: &Spec, deal: &BlindDeal) -> Vec<HandFault> {
        let mut faults = Vec::new();
        let mut table = BlindTable {
            available: BySeat::default(),
            under: Vec::new(),
            known: BySeat::default(),
        };
        let mut all = CardSet::EMPTY;
        let mut note = |card: Card, seat: Seat, faults: &mut Vec<HandFault>| {
            if !all.insert(card) {
                faults.push(HandFault::LaidOutTwice { card, seat });
            }
        };
        for &seat in spec.seating.seats() {
            let stacks = &deal.stacks[seat];
            let hand = &deal.hand[seat];
            if stacks.is_empty() && hand.is_empty() {
                continue;
            }
            table.known[seat] = true;
            for &(down, up) in stacks {
                note(down, seat, &mut faults);
                note(up, seat, &mut faults);
                table.available[seat].insert(up);
                table.under.push((up, down));
            }
            for &card in hand {
                note(card, seat, &mut faults);
                table.available[seat].insert(card);
            }
        }
        self.table = Some(table);
        faults
    }

    /// Plays one trick, `cards` in order from the leader. A trick of the wrong size, or one more
    /// than the deal has, is refused and the hand is left as it was.
    pub fn play(&mut self, spec: &Spec, cards: &[Card]) -> Result<TrickOutcome, PlayError> {
        let number = self.tricks + 1;
        let expected = spec.seating.players();
        let (Some(&lead), true) = (cards.first(), cards.len() == expected) else {
            return Err(PlayError::WrongTrickSize {
                trick: number,
                found: cards.len(),
                expected,
            });
        };
        if self.tricks >= spec.tricks {
            return Err(PlayError::TooManyTricks {
                tricks: spec.tricks,
            });
        }
        let trumps = *self.trumps.get_or_insert(lead.suit);
        // Two-player Irish Don: a renege is proven only within the same half of the pack.
        if spec.half == Some(self.tricks) {
            self.failed = [[0; 4]; 4];
        }
        let seats = self.seats_in_turn(spec, cards.len());
        let mut faults = Vec::new();
        for (i, (&card, &seat)) in cards.iter().zip(&seats).enumerate() {
            self.check_card(spec, seat, card, number, &mut faults);
            let to_follow = (i > 0).then_some(lead.suit);
            self.check_following(spec, seat, card, to_follow, number, &mut faults);
        }
        let winner = seats[winning_index(cards, trumps).unwrap_or(0)];
        let side = spec.seating.side_of(winner);
        let points = self.tally(spec, cards, &seats, trumps, side);
        self.turn_up(cards, &seats);
        self.tricks = number;
        self.leader = winner;
        Ok(TrickOutcome {
            number,
            winner,
            side,
            points,
            faults,
        })
    }

    /// The seat of each card of a trick, clockwise from the leader.
    fn seats_in_turn(&self, spec: &Spec, n: usize) -> [Seat; 4] {
        let mut seats = [self.leader; 4];
        for i in 1..n.min(4) {
            seats[i] = spec.seating.next(seats[i - 1]);
        }
        seats
    }

    /// A card not in the pack, or played twice in the hand.
    fn check_card(
        &mut self,
        spec: &Spec,
        seat: Seat,
        card: Card,
        trick: u32,
        faults: &mut Vec<TrickFault>,
    ) {
        if card.rank < spec.lowest_rank {
            faults.push(TrickFault::NotInPack {
                seat,
                card,
                trick,
                pack: spec.pack_size(),
            });
        }
        if self.seen.insert(card) {
            self.owner[card.index()] = seat as u8;
            self.played_in[card.index()] = u8::try_from(trick).unwrap_or(u8::MAX);
        } else {
            faults.push(TrickFault::PlayedTwice {
                seat,
                card,
                trick,
                first_by: self.played_by(card),
            });
        }
    }

    /// Following suit: exactly, over what a Blind Don player could see and play when the layout
    /// is known; otherwise a failure to follow is proven by a later card of the suit (and never
    /// in Blind Don without a layout, where cards are turned up as play goes on).
    ///
    /// `to_follow` is the suit led, for every card but the lead.
    fn check_following(
        &mut self,
        spec: &Spec,
        seat: Seat,
        card: Card,
        to_follow: Option<Suit>,
        trick: u32,
        faults: &mut Vec<TrickFault>,
    ) {
        let failed = to_follow.filter(|&led| card.suit != led);
        match &mut self.table {
            Some(table) if table.known[seat] => {
                let available = table.available[seat];
                if !available.contains(card) {
                    faults.push(TrickFault::NotPlayable { seat, card, trick });
                }
                if let Some(led) = failed.filter(|&led| available.has_suit(led)) {
                    let mut could: Vec<Card> = available.iter().filter(|c| c.suit == led).collect();
                    could.sort_by_key(|c| std::cmp::Reverse(c.rank));
                    faults.push(TrickFault::RenegeHolding {
                        seat,
                        suit: led,
                        trick,
                        could,
                    });
                }
                table.available[seat].remove(card);
            }
            Some(_) => {}
            None if spec.layout.is_some() => {}
            None => self.prove_reneges(seat, card, failed, trick, faults),
        }
    }

    /// A later card of a suit proves every earlier failure to follow it. `failed` is the suit
    /// this card failed to follow, if it did.
    fn prove_reneges(
        &mut self,
        seat: Seat,
        card: Card,
        failed: Option<Suit>,
        trick: u32,
        faults: &mut Vec<TrickFault>,
    ) {
        let pending = &mut self.failed[seat as usize][card.suit.index()];
        let mut bits = std::mem::take(pending);
        while bits != 0 {
            let earlier = bits.trailing_zeros();
            bits &= bits - 1;
            faults.push(TrickFault::Renege {
                seat,
                suit: card.suit,
                failed: earlier,
                card,
                trick,
            });
        }
        if let Some(led) = failed.filter(|_| trick < 32) {
            self.failed[seat as usize][led.index()] |= 1 << trick;
        }
    }

    /// Adds the trick to what its winner took: its points, card value, tens, and the trumps that
    /// decide high, low and jack. Returns the trick's points.
    fn tally(
        &mut self,
        spec: &Spec,
        cards: &[Card],
        seats: &[Seat; 4],
        trumps: Suit,
        side: Side,
    ) -> u32 {
        let mut points = 0;
        for (&card, &seat) in cards.iter().zip(seats) {
            points += spec.pegs.points(card, trumps);
            self.value[side] += card.rank.card_value();
            if card.rank == Rank::Ten {
                self.tens[side] += 1;
            }
            if card.suit == trumps {
                if self.high.is_none_or(|(h, _)| card.rank > h.rank) {
                    self.high = Some((card, seat));
                }
                if self.low.is_none_or(|(l, _)| card.rank < l.rank) {
                    self.low = Some((card, side));
                }
                if card.rank == Rank::Jack {
                    self.jack = Some(side);
                }
            }
        }
        if points > 0 {
            self.last_scorer = Some(side);
        }
        self.peg_points[side] += points;
        points
    }

    /// Blind Don: the card beneath each face-up card played is turned up.
    fn turn_up(&mut self, cards: &[Card], seats: &[Seat; 4]) {
        let Some(table) = &mut self.table else {
            return;
        };
        for (&card, &seat) in cards.iter().zip(seats) {
            if let Some(&(_, down)) = table.under.iter().find(|(up, _)| *up == card) {
                table.available[seat].insert(down);
            }
        }
    }

    /// Who took an end-of-play award in this deal.
    pub fn taker(&self, spec: &Spec, kind: AwardKind) -> Taker {
        let side = |s: Option<Side>| s.map_or(Taker::Nobody, Taker::Side);
        match (kind, spec.awards) {
            (AwardKind::High, _) => side(self.high.map(|(_, seat)| spec.seating.side_of(seat))),
            (AwardKind::Low, _) => side(self.low.map(|(_, s)| s)),
            (AwardKind::Jack, _) => side(self.jack),
            (AwardKind::Game, Awards::GameToLose) => {
                game_to_lose::game_taker(&leaders(spec.sides(), self.value))
            }
            (AwardKind::Game, _) => side(single_most(spec.sides(), self.value)),
            (AwardKind::Muck, Awards::Muck(tie)) => {
                phat::muck_taker(tie, two_sides(spec), self.value, self.tens)
            }
            (AwardKind::Muck, _) => Taker::Nobody,
        }
    }
}
