//! One deal played trick by trick: trumps, following suit, who won what, reneges proven.

use super::card::{Card, CardSet, Rank, Suit};
use super::fault::{Code, Fault};
use super::ruleset::Spec;
use super::seat::{BySeat, BySide, Seat, Side};
use super::trick::winning_index;

const NOBODY: u8 = 0xff;

/// Blind Don's cards on the table and in hand, when the record gives them.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Per seat: `(face-down, face-up)` stacks.
    pub stacks: BySeat<Vec<(Card, Card)>>,
    /// Per seat: cards in hand.
    pub hand: BySeat<Vec<Card>>,
}

#[derive(Clone, Debug)]
struct LayoutState {
    available: BySeat<CardSet>,
    /// Face-up card → the face-down card it covers.
    under: Vec<(Card, Card)>,
    known: BySeat<bool>,
}

/// What one trick did.
#[derive(Clone, Debug)]
pub struct TrickOutcome {
    /// 1-based number of the trick in the hand.
    pub number: u32,
    pub winner: Seat,
    pub side: Side,
    /// The trick's points by the variant's table (pegged now, or counted at the end of play).
    pub points: u32,
    pub faults: Vec<Fault>,
}

/// The state of a deal in play.
#[derive(Clone, Debug)]
pub struct HandPlay {
    pub pitcher: Seat,
    pub trumps: Option<Suit>,
    pub leader: Seat,
    /// Tricks played so far.
    pub tricks: u32,
    seen: CardSet,
    owner: [u8; 52],
    /// `[seat][suit]`: bit t set when the seat failed to follow that suit in trick t.
    failed: [[u32; 4]; 4],
    /// Card value (§1) in each side's tricks.
    pub value: BySide<u32>,
    /// Tens in each side's tricks.
    pub tens: BySide<u32>,
    /// The highest trump played, and who played it.
    pub high: Option<(Card, Seat)>,
    /// The lowest trump played, and the side that won the trick holding it.
    pub low: Option<(Card, Side)>,
    /// The side that won the jack of trumps.
    pub jack: Option<Side>,
    /// Points by the peg table in each side's tricks.
    pub table_points: BySide<u32>,
    /// The side that took the last trick holding a scoring card.
    pub last_scorer: Option<Side>,
    layout: Option<LayoutState>,
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
            failed: [[0; 4]; 4],
            value: BySide::default(),
            tens: BySide::default(),
            high: None,
            low: None,
            jack: None,
            table_points: BySide::default(),
            last_scorer: None,
            layout: None,
        }
    }

    /// Gives Blind Don's layout, so that playability and reneges can be checked exactly.
    /// Returns faults for duplicate or impossible cards in the layout itself.
    pub fn set_layout(&mut self, spec: &Spec, layout: &Layout) -> Vec<Fault> {
        let mut faults = Vec::new();
        let mut state = LayoutState {
            available: BySeat::default(),
            under: Vec::new(),
            known: BySeat::default(),
        };
        let mut all = CardSet::EMPTY;
        let mut note = |card: Card, seat: Seat, faults: &mut Vec<Fault>| {
            if !all.insert(card) {
                faults.push(
                    Fault::new(
                        Code::DuplicateCard,
                        format!("{card} is laid out twice (again for {seat})"),
                    )
                    .by(seat),
                );
            }
        };
        for &seat in spec.seating.seats() {
            let stacks = &layout.stacks[seat];
            let hand = &layout.hand[seat];
            if stacks.is_empty() && hand.is_empty() {
                continue;
            }
            state.known[seat] = true;
            for &(down, up) in stacks {
                note(down, seat, &mut faults);
                note(up, seat, &mut faults);
                state.available[seat].insert(up);
                state.under.push((up, down));
            }
            for &card in hand {
                note(card, seat, &mut faults);
                state.available[seat].insert(card);
            }
        }
        self.layout = Some(state);
        faults
    }

    pub fn has_layout(&self) -> bool {
        self.layout.is_some()
    }

    /// The seat that played a card in this hand, if it was played.
    pub fn played_by(&self, card: Card) -> Option<Seat> {
        match self.owner[card.index()] {
            NOBODY => None,
            i => Some(Seat::ALL[i as usize]),
        }
    }

    /// Plays one trick, `cards` in order from the leader. The caller has checked its size.
    pub fn play(&mut self, spec: &Spec, cards: &[Card]) -> TrickOutcome {
        let number = self.tricks + 1;
        let seating = spec.seating;
        let trumps = *self.trumps.get_or_insert(cards[0].suit);
        let led = cards[0].suit;
        let mut faults = Vec::new();
        // Two-player Irish Don: a renege is proven only within the same half of the pack.
        if let Some(half) = spec.half {
            if self.tricks == half {
                self.failed = [[0; 4]; 4];
            }
        }
        let mut seat = self.leader;
        let mut seats = [Seat::N; 4];
        for (i, &card) in cards.iter().enumerate() {
            seats[i] = seat;
            if card.rank < spec.lowest_rank {
                faults.push(
                    Fault::new(
                        Code::CardNotInPack,
                        format!("{seat} played {card} in trick {number}, but the {}-card pack has no {}s", pack_size(spec), rank_word(card.rank)),
                    )
                    .at_trick(number)
                    .by(seat),
                );
            }
            if !self.seen.insert(card) {
                let first = self
                    .played_by(card)
                    .map_or(String::new(), |s| format!(" (first by {s})"));
                faults.push(
                    Fault::new(Code::DuplicateCard, format!("{card} is played twice in this hand{first}; again by {seat} in trick {number}"))
                        .at_trick(number)
                        .by(seat),
                );
            } else {
                self.owner[card.index()] = seat as u8;
            }
            let follows = i == 0 || card.suit == led;
            match &mut self.layout {
                Some(layout) if layout.known[seat] => {
                    let available = layout.available[seat];
                    if !available.contains(card) {
                        faults.push(
                            Fault::new(
                                Code::NotPlayable,
                                format!("{seat} played {card} in trick {number}, but it was not face up or in hand"),
                            )
                            .at_trick(number)
                            .by(seat),
                        );
                    }
                    if !follows && available.has_suit(led) {
                        let mut could: Vec<Card> =
                            available.iter().filter(|c| c.suit == led).collect();
                        could.sort_by_key(|c| std::cmp::Reverse(c.rank));
                        let could: Vec<String> = could.iter().map(|c| c.to_string()).collect();
                        faults.push(
                            Fault::new(
                                Code::Renege,
                                format!(
                                    "{seat} did not follow {led} in trick {number} but could play {}",
                                    could.join(" ")
                                ),
                            )
                            .at_trick(number)
                            .by(seat),
                        );
                    }
                    layout.available[seat].remove(card);
                }
                Some(_) => {}
                None if spec.layout.is_some() => {}
                None => {
                    // A later card of a suit proves every earlier failure to follow it.
                    let pending = &mut self.failed[seat as usize][card.suit.index()];
                    let mut bits = *pending;
                    *pending = 0;
                    while bits != 0 {
                        let t = bits.trailing_zeros();
                        bits &= bits - 1;
                        faults.push(
                            Fault::new(
                                Code::Renege,
                                format!("{seat} did not follow {} in trick {t} but played {card} in trick {number}", card.suit),
                            )
                            .at_trick(number)
                            .by(seat),
                        );
                    }
                    if !follows && number < 32 {
                        self.failed[seat as usize][led.index()] |= 1 << number;
                    }
                }
            }
            seat = seating.next(seat);
        }
        let w = winning_index(cards, trumps);
        let winner = seats[w];
        let side = seating.side_of(winner);
        let mut points = 0;
        for (i, &card) in cards.iter().enumerate() {
            points += spec.table.points(card, trumps);
            self.value[side] += card.rank.card_value();
            if card.rank == Rank::Ten {
                self.tens[side] += 1;
            }
            if card.suit == trumps {
                if self.high.is_none_or(|(h, _)| card.rank > h.rank) {
                    self.high = Some((card, seats[i]));
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
        self.table_points[side] += points;
        if let Some(layout) = &mut self.layout {
            for (i, &card) in cards.iter().enumerate() {
                if let Some(&(_, down)) = layout.under.iter().find(|(up, _)| *up == card) {
                    layout.available[seats[i]].insert(down);
                }
            }
        }
        self.tricks = number;
        self.leader = winner;
        TrickOutcome {
            number,
            winner,
            side,
            points,
            faults,
        }
    }
}

fn pack_size(spec: &Spec) -> u32 {
    52 - 4 * (spec.lowest_rank as u32 - 2)
}

fn rank_word(rank: Rank) -> &'static str {
    match rank {
        Rank::Two => "two",
        Rank::Three => "three",
        _ => "such card",
    }
}
