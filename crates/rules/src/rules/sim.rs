//! Random deals and random legal play, for property tests, the benchmark and demonstrations.
//! Pure and deterministic: the same seed gives the same game.
//!
//! The simulator knows only what each seat may play: the deal, Blind Don's face-up stacks (the
//! card beneath turned up after the trick) and cards in hand, two-player Irish Don's second half,
//! following suit. Every scoring or refereeing decision — who pitches, who won a trick and leads
//! the next, whether the hand or the game stops — is asked of a [`Referee`]. [`play_game`] uses
//! the engine ([`EngineReferee`]); a test can bring its own referee to [`play_game_with`].
//! Nothing here panics: a referee that refuses a step ends the simulated game there.

use super::card::{Card, CardSet, Suit};
use super::game::Game;
use super::hand::BlindDeal;
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

    /// A number in `0..n`; 0 when `n` is 0 (nothing is drawn then).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
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
    pub layout: Option<BlindDeal>,
}

/// Deals a hand for the spec. A pack too small for the deal leaves the last seats short.
pub fn deal(spec: &Spec, rng: &mut Rng) -> Deal {
    let mut pack: Vec<Card> = Card::pack()
        .filter(|c| c.rank >= spec.lowest_rank)
        .collect();
    rng.shuffle(&mut pack);
    let seats = spec.seating.seats();
    let mut hands: BySeat<Vec<Card>> = BySeat::default();
    let mut cards = pack.into_iter();
    if let Some(shape) = spec.layout {
        let mut layout = BlindDeal::default();
        for &seat in seats {
            for _ in 0..shape.stacks {
                let (Some(down), Some(up)) = (cards.next(), cards.next()) else {
                    break;
                };
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
    pub layout: Option<BlindDeal>,
}

/// A simulated game.
#[derive(Clone, Debug)]
pub struct SimGame {
    pub variant: Variant,
    pub hands: Vec<SimHand>,
    pub tricks: u64,
}

/// The referee's word on a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    /// Who won the trick, and so leads the next.
    pub next_leader: Seat,
    /// The hand stops here (the game was decided and the rest is not played).
    pub stop_hand: bool,
}

/// A step the referee refused, in its words; the simulated game ends there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefereeRefused(pub String);

/// Every scoring and refereeing decision the simulator needs: the simulator deals and picks
/// legal cards; the referee says who pitches, who won each trick, and when the hand or game stops.
///
/// The simulator calls, for each hand while [`is_over`](Referee::is_over) is false:
/// [`pitcher`](Referee::pitcher), [`begin_hand`](Referee::begin_hand), then
/// [`trick`](Referee::trick) for each trick until the deal is played out or the referee stops
/// the hand, then [`end_hand`](Referee::end_hand).
pub trait Referee {
    /// Who pitches the hand about to be played, given its deal; `None` when the rules leave it
    /// free (a cut, or the cut's winner's choice): the simulator then picks a seat at random.
    fn pitcher(&mut self, deal: &Deal) -> Option<Seat>;
    /// A hand begins, pitched by `pitcher`, dealt `deal`.
    fn begin_hand(&mut self, pitcher: Seat, deal: &Deal) -> Result<(), RefereeRefused>;
    /// A trick, `cards` in playing order from `leader`.
    fn trick(&mut self, leader: Seat, cards: &[Card]) -> Result<Call, RefereeRefused>;
    /// The hand is over: played out, or stopped by the referee.
    fn end_hand(&mut self) -> Result<(), RefereeRefused>;
    /// The game (or match) is decided: no more hands.
    fn is_over(&self) -> bool;
}

/// The referee backed by the rules engine, [`Game`]: what `check` replays records through.
#[derive(Clone, Debug)]
pub struct EngineReferee {
    game: Game,
}

impl EngineReferee {
    pub fn new(variant: &Variant) -> EngineReferee {
        EngineReferee {
            game: Game::new(variant),
        }
    }

    /// The engine's game as refereed so far.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// The seat dealt the lowest diamond of the pack (Irish Don's first pitch).
fn lowest_diamond_holder(spec: &Spec, deal: &Deal) -> Option<Seat> {
    let lowest = Card::new(spec.lowest_rank, Suit::Diamonds);
    spec.seating
        .seats()
        .iter()
        .copied()
        .find(|&s| deal.hands[s].contains(&lowest))
}

impl Referee for EngineReferee {
    fn pitcher(&mut self, deal: &Deal) -> Option<Seat> {
        let spec = self.game.spec();
        self.game
            .expected_pitcher()
            .or_else(|| match spec.first_pitch {
                FirstPitch::LowestDiamond => lowest_diamond_holder(spec, deal)
                    .or_else(|| spec.seating.seats().first().copied()),
                FirstPitch::Free => None,
            })
    }

    fn begin_hand(&mut self, pitcher: Seat, deal: &Deal) -> Result<(), RefereeRefused> {
        let refused = |e: super::fault::PlayError| RefereeRefused(e.to_string());
        self.game.begin_hand(Some(pitcher)).map_err(refused)?;
        if let Some(layout) = &deal.layout {
            self.game.set_layout(layout).map_err(refused)?;
        }
        Ok(())
    }

    fn trick(&mut self, _leader: Seat, cards: &[Card]) -> Result<Call, RefereeRefused> {
        let report = self
            .game
            .play_trick(cards)
            .map_err(|e| RefereeRefused(e.to_string()))?;
        Ok(Call {
            next_leader: report.next_leader,
            stop_hand: report.decided.is_some() && !self.game.spec().count_at_end,
        })
    }

    fn end_hand(&mut self) -> Result<(), RefereeRefused> {
        self.game
            .end_hand()
            .map(|_| ())
            .map_err(|e| RefereeRefused(e.to_string()))
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }
}

/// A random legal card from `available`, following `led` if able; `None` if there is none.
fn choose(rng: &mut Rng, available: CardSet, led: Option<Suit>) -> Option<Card> {
    let pool: Vec<Card> = match led {
        Some(s) if available.has_suit(s) => available.iter().filter(|c| c.suit == s).collect(),
        _ => available.iter().collect(),
    };
    if pool.is_empty() {
        return None;
    }
    pool.get(rng.below(pool.len())).copied()
}

/// What each seat can play, and what lies beneath Blind Don's face-up cards.
struct Table {
    available: BySeat<CardSet>,
    /// Face-up card → the face-down card it covers.
    under: Vec<(Card, Card)>,
}

impl Table {
    fn new(seats: &[Seat], deal: &Deal) -> Table {
        let mut table = Table {
            available: BySeat::default(),
            under: Vec::new(),
        };
        match &deal.layout {
            Some(layout) => {
                for &seat in seats {
                    for &(down, up) in &layout.stacks[seat] {
                        table.available[seat].insert(up);
                        table.under.push((up, down));
                    }
                    for &c in &layout.hand[seat] {
                        table.available[seat].insert(c);
                    }
                }
            }
            None => {
                for &seat in seats {
                    table.available[seat] = deal.hands[seat].iter().copied().collect();
                }
            }
        }
        table
    }

    /// Two-player Irish Don: the second half of the pack is dealt.
    fn deal_second(&mut self, seats: &[Seat], second: &BySeat<Vec<Card>>) {
        for &seat in seats {
            self.available[seat] = second[seat].iter().copied().collect();
        }
    }

    /// One random legal trick led by `leader`; `None` if a seat has nothing to play. The cards
    /// beneath those played are turned up.
    fn play(&mut self, spec: &Spec, rng: &mut Rng, leader: Seat) -> Option<Vec<Card>> {
        let players = spec.seating.players();
        let mut cards = Vec::with_capacity(players);
        let mut seat = leader;
        let mut led = None;
        for _ in 0..players {
            let card = choose(rng, self.available[seat], led)?;
            led.get_or_insert(card.suit);
            self.available[seat].remove(card);
            cards.push(card);
            seat = spec.seating.next(seat);
        }
        let mut seat = leader;
        for &card in &cards {
            if let Some(&(_, down)) = self.under.iter().find(|(up, _)| *up == card) {
                self.available[seat].insert(down);
            }
            seat = spec.seating.next(seat);
        }
        Some(cards)
    }
}

/// Plays a whole game (or match) with random legal play until it is decided, at most
/// `max_hands` hands, refereed by the engine.
pub fn play_game(variant: &Variant, seed: u64, max_hands: usize) -> SimGame {
    play_game_with(variant, seed, max_hands, &mut EngineReferee::new(variant))
}

/// Plays a whole game (or match) with random legal play, refereed by `referee`, until the
/// referee says it is over or `max_hands` hands are played. A step the referee refuses ends the
/// game: the hand in play is kept with the tricks played before it.
pub fn play_game_with(
    variant: &Variant,
    seed: u64,
    max_hands: usize,
    referee: &mut dyn Referee,
) -> SimGame {
    let spec = variant.spec();
    let mut rng = Rng::new(seed);
    let mut hands = Vec::new();
    let mut tricks = 0;
    let seats = spec.seating.seats();
    while !referee.is_over() && hands.len() < max_hands {
        let dealt = deal(&spec, &mut rng);
        let pitcher = match referee.pitcher(&dealt) {
            Some(seat) => seat,
            None => match seats.get(rng.below(seats.len())) {
                Some(&seat) => seat,
                None => break,
            },
        };
        if referee.begin_hand(pitcher, &dealt).is_err() {
            break;
        }
        let mut table = Table::new(seats, &dealt);
        let mut texts = Vec::with_capacity(spec.tricks as usize);
        let mut leader = pitcher;
        let mut refused = false;
        for t in 0..spec.tricks {
            if Some(t) == spec.half {
                if let Some(second) = &dealt.second {
                    table.deal_second(seats, second);
                }
            }
            let Some(cards) = table.play(&spec, &mut rng, leader) else {
                refused = true;
                break;
            };
            let call = match referee.trick(leader, &cards) {
                Ok(call) => call,
                Err(_) => {
                    refused = true;
                    break;
                }
            };
            let text: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
            texts.push(text.join(" "));
            tricks += 1;
            leader = call.next_leader;
            if call.stop_hand {
                break;
            }
        }
        if !refused && referee.end_hand().is_err() {
            refused = true;
        }
        hands.push(SimHand {
            pitcher,
            tricks: texts,
            layout: dealt.layout,
        });
        if refused {
            break;
        }
    }
    SimGame {
        variant: variant.clone(),
        hands,
        tricks,
    }
}
