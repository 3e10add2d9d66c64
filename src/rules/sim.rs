//! Random deals and random legal play, for property tests, the benchmark and demonstrations.
//! Pure and deterministic: the same seed gives the same game.

use super::card::{Card, CardSet, Suit};
use super::game::Game;
use super::hand::BlindDeal as Layout;
use super::ruleset::Variant;
use super::seat::{BySeat, Seat};
use super::spec::{FirstPitch, Spec};

/// A small fast generator (SplitMix64); not for anything but games.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// One dealt hand: what each seat holds (or has laid out).
#[derive(Clone, Debug)]
pub struct Deal {
    /// Cards each seat can play from the start (in hand, or face up).
    pub hands: BySeat<Vec<Card>>,
    /// Two-player Irish Don: the second half, dealt after the first half's tricks.
    pub second: Option<BySeat<Vec<Card>>>,
    /// Blind Don's layout.
    pub layout: Option<Layout>,
}

/// Deals a hand for the spec.
pub fn deal(spec: &Spec, rng: &mut Rng) -> Deal {
    let mut pack: Vec<Card> = Card::pack()
        .filter(|c| c.rank >= spec.lowest_rank)
        .collect();
    rng.shuffle(&mut pack);
    let seats = spec.seating.seats();
    let mut hands: BySeat<Vec<Card>> = BySeat::default();
    let mut cards = pack.into_iter();
    if let Some(shape) = spec.layout {
        let mut layout = Layout {
            stacks: BySeat::default(),
            hand: BySeat::default(),
        };
        for &seat in seats {
            for _ in 0..shape.stacks {
                let (down, up) = (cards.next().expect("pack"), cards.next().expect("pack"));
                layout.stacks[seat].push((down, up));
            }
            layout.hand[seat] = cards.by_ref().take(shape.in_hand).collect();
        }
        return Deal {
            hands,
            second: None,
            layout: Some(layout),
        };
    }
    let per = match spec.half {
        Some(half) => half as usize,
        None => spec.tricks as usize,
    };
    for &seat in seats {
        hands[seat] = cards.by_ref().take(per).collect();
    }
    let second = spec.half.map(|_| {
        let mut more: BySeat<Vec<Card>> = BySeat::default();
        for &seat in seats {
            more[seat] = cards.by_ref().take(per).collect();
        }
        more
    });
    Deal {
        hands,
        second,
        layout: None,
    }
}

/// A simulated hand: who pitched and the tricks in the notation.
#[derive(Clone, Debug)]
pub struct SimHand {
    pub pitcher: Seat,
    pub tricks: Vec<String>,
    pub layout: Option<Layout>,
}

/// A simulated game.
#[derive(Clone, Debug)]
pub struct SimGame {
    pub variant: Variant,
    pub hands: Vec<SimHand>,
    pub tricks: u64,
}

fn choose(rng: &mut Rng, available: CardSet, led: Option<Suit>) -> Card {
    let pool: Vec<Card> = match led {
        Some(s) if available.has_suit(s) => available.iter().filter(|c| c.suit == s).collect(),
        _ => available.iter().collect(),
    };
    pool[rng.below(pool.len())]
}

/// Plays a whole game (or match) with random legal play until it is decided, at most
/// `max_hands` hands.
pub fn play_game(variant: &Variant, seed: u64, max_hands: usize) -> SimGame {
    let spec = variant.spec();
    let mut rng = Rng::new(seed);
    let mut game = Game::new(variant);
    let mut hands = Vec::new();
    let mut tricks = 0;
    let seats = spec.seating.seats();
    while !game.is_over() && hands.len() < max_hands {
        let dealt = deal(&spec, &mut rng);
        let lowest = Card::new(spec.lowest_rank, Suit::Diamonds);
        let pitcher = game
            .expected_pitcher()
            .unwrap_or_else(|| match spec.first_pitch {
                FirstPitch::LowestDiamond if game.hands() == 0 || spec.irish.is_some() => seats
                    .iter()
                    .copied()
                    .find(|&s| dealt.hands[s].contains(&lowest))
                    .unwrap_or(seats[0]),
                _ => seats[rng.below(seats.len())],
            });
        game.begin_hand(Some(pitcher)).expect("a new hand");
        let mut available: BySeat<CardSet> = BySeat::default();
        let mut under: Vec<(Card, Card)> = Vec::new();
        if let Some(layout) = &dealt.layout {
            game.set_layout(layout).expect("layout");
            for &seat in seats {
                for &(down, up) in &layout.stacks[seat] {
                    available[seat].insert(up);
                    under.push((up, down));
                }
                for &c in &layout.hand[seat] {
                    available[seat].insert(c);
                }
            }
        } else {
            for &seat in seats {
                available[seat] = dealt.hands[seat].iter().copied().collect();
            }
        }
        let mut texts = Vec::with_capacity(spec.tricks as usize);
        let mut leader = pitcher;
        for t in 0..spec.tricks {
            if Some(t) == spec.half {
                if let Some(second) = &dealt.second {
                    for &seat in seats {
                        available[seat] = second[seat].iter().copied().collect();
                    }
                }
            }
            let mut cards = Vec::with_capacity(seats.len());
            let mut seat = leader;
            let mut led = None;
            for _ in 0..seats.len() {
                let card = choose(&mut rng, available[seat], led);
                led.get_or_insert(card.suit);
                available[seat].remove(card);
                cards.push(card);
                seat = spec.seating.next(seat);
            }
            let mut seat = leader;
            for &card in &cards {
                if let Some(&(_, down)) = under.iter().find(|(up, _)| *up == card) {
                    available[seat].insert(down);
                }
                seat = spec.seating.next(seat);
            }
            let text: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
            texts.push(text.join(" "));
            let report = game.play_trick(&cards).expect("a legal trick");
            tricks += 1;
            leader = report.next_leader;
            if report.decided.is_some() && !spec.count_at_end {
                break;
            }
        }
        game.end_hand().expect("hand in play");
        hands.push(SimHand {
            pitcher,
            tricks: texts,
            layout: dealt.layout,
        });
    }
    SimGame {
        variant: variant.clone(),
        hands,
        tricks,
    }
}
