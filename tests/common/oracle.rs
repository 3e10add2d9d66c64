//! A second referee and scorer, written from RULES.md and the README's "Readings of the rules"
//! only — not from the engine (`src/rules/game.rs`, `totals.rs`, `hand.rs`, `trick.rs`). It is
//! deliberately plain: one struct of rules read from the ruleset's option names and values, one
//! of state, and a function per rule. It referees the simulator's games
//! ([`don::rules::sim::Referee`]) and writes down what it decided, so a test can compare the
//! engine's replay of the same record with it.
//!
//! Covered: trumps, trick winners, the Don and fat tables, the end-of-play awards in order
//! (game, Preston, high-low-jack-game, Game to Lose's 8 or 4+4, Phat's muck with carry, tens or
//! split and none from the fifth deal), targets (reach, lose-at, Irish more than 80 and misère,
//! 80–80, bonks counting two games), fixed deals, legs and Irish games and best of three, the
//! pitching rotation (free first pitches, the lowest diamond, Phat's fifth deal back to the first
//! pitcher, a bonk's pitcher pitching again), Irish claims (optional). Not covered, because the
//! simulator never produces them: totals hands, abandoned deals, penalties, reneges, concessions,
//! passing the pitch, demanded redeals.

use std::fmt;

use don::rules::sim::{Call, Deal, Referee, RefereeRefused};
use don::rules::{Card, OptionValue, Rank, Seat, Side, Suit, Variant};

// ---------------------------------------------------------------------------------------------
// The rules, read from the ruleset's name and options (RULES.md §2–§6, §9).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    NineCardDon,
    BlindDon,
    GameToLose,
    IrishDon,
    Phat,
}

/// What is pegged at the end of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EndOfPlay {
    /// Nine Card Don `game`: 8 for game.
    Game,
    /// High 1, jack 1, game 6.
    Preston,
    /// High 1, low 1, jack 1, game 5.
    Hljg,
    /// Game to Lose: 8 to the most, 4 each to two tied.
    GameToLose,
    /// Phat's muck: 8 for 41 or more.
    Muck,
    /// Irish Don: the fat is counted at the end of play.
    CountTheFat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// The first to reach or pass it wins, at once.
    Reach(i32),
    /// Game to Lose: the first to reach or pass it loses, at once.
    LoseAt(i32),
    /// A fixed number of deals; the higher total wins, equal is a draw.
    Deals(u32),
    /// Irish Don: more than 80 wins (misère: loses).
    PassEighty,
}

#[derive(Clone, Debug)]
struct Rules {
    family: Family,
    /// The seats playing, clockwise.
    seats: Vec<Seat>,
    /// Four players in two partnerships; otherwise every seat is a side.
    partners: bool,
    /// Tricks in a deal (both halves of two-player Irish Don).
    tricks: usize,
    /// Two-player Irish Don: the pack is played in two halves of this many tricks.
    half: Option<usize>,
    lowest: Rank,
    /// Blind Don: stacks per seat and cards in hand.
    layout: Option<(usize, usize)>,
    end: EndOfPlay,
    goal: Goal,
    /// Legs or games to win the match.
    to_win: u32,
    muck_tie: &'static str,
    irish_tie_draw: bool,
    misere: bool,
    best_of_three: bool,
    bonk_two_games: bool,
}

fn int(v: &OptionValue) -> i64 {
    match v {
        OptionValue::Int(i) => *i,
        other => panic!("oracle: expected a whole number, got {other:?}"),
    }
}

fn word(v: &OptionValue) -> &str {
    match v {
        OptionValue::Str(s) => s,
        other => panic!("oracle: expected a word, got {other:?}"),
    }
}

fn flag(v: &OptionValue) -> bool {
    match v {
        OptionValue::Bool(b) => *b,
        other => panic!("oracle: expected true or false, got {other:?}"),
    }
}

const NESW: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

impl Rules {
    fn read(variant: &Variant) -> Rules {
        let options = variant.options();
        let get = |name: &str| options.iter().find(|(k, _)| *k == name).map(|(_, v)| v);
        for (name, _) in &options {
            let known: &[&str] = match variant.name() {
                "nine-card-don" => &["cut", "end_scoring", "target", "deals", "legs", "penalties"],
                "blind-don" => &["layout", "deals", "end_scoring"],
                "game-to-lose" => &["target"],
                "irish-don" => &[
                    "pack",
                    "tie",
                    "games",
                    "best_of_three",
                    "bonk_two_games",
                    "pass_pitch",
                    "redeal_rule",
                    "misere",
                    "players",
                ],
                "phat" => &["muck_tie", "target"],
                other => panic!("oracle: unknown variant {other}"),
            };
            assert!(known.contains(name), "oracle: unknown option {name}");
        }
        let mut rules = Rules {
            family: Family::NineCardDon,
            seats: NESW.to_vec(),
            partners: true,
            tricks: 9,
            half: None,
            lowest: Rank::Two,
            layout: None,
            end: EndOfPlay::Game,
            goal: Goal::Reach(121),
            to_win: 1,
            muck_tie: "carry",
            irish_tie_draw: false,
            misere: false,
            best_of_three: false,
            bonk_two_games: false,
        };
        match variant.name() {
            "nine-card-don" => {
                rules.end = match get("end_scoring").map(word) {
                    None | Some("game") => EndOfPlay::Game,
                    Some("preston") => EndOfPlay::Preston,
                    Some("hljg") => EndOfPlay::Hljg,
                    Some(other) => panic!("oracle: end_scoring {other}"),
                };
                let target = get("target").map_or(121, int) as i32;
                rules.goal = match get("deals") {
                    None | Some(OptionValue::Null) => Goal::Reach(target),
                    Some(n) => Goal::Deals(int(n) as u32),
                };
                let legs = get("legs").map_or(1, int) as u32;
                rules.to_win = legs / 2 + 1;
            }
            "blind-don" => {
                rules.family = Family::BlindDon;
                rules.partners = false;
                rules.end = EndOfPlay::Hljg;
                let layout = get("layout").map_or("rows", word);
                let (seats, tricks, layout, deals) = match layout {
                    "rows" => (vec![Seat::N, Seat::S], 18, (9, 0), 4),
                    "stalybridge" => (vec![Seat::N, Seat::S], 18, (7, 4), 4),
                    "three" => (vec![Seat::N, Seat::E, Seat::S], 14, (5, 4), 6),
                    other => panic!("oracle: layout {other}"),
                };
                rules.seats = seats;
                rules.tricks = tricks;
                rules.layout = Some(layout);
                rules.goal = Goal::Deals(get("deals").map_or(deals, |d| int(d) as u32));
            }
            "game-to-lose" => {
                rules.family = Family::GameToLose;
                rules.seats = vec![Seat::N, Seat::E, Seat::S];
                rules.partners = false;
                rules.tricks = 13;
                rules.end = EndOfPlay::GameToLose;
                rules.goal = Goal::LoseAt(get("target").map_or(121, int) as i32);
            }
            "irish-don" => {
                rules.family = Family::IrishDon;
                rules.end = EndOfPlay::CountTheFat;
                rules.goal = Goal::PassEighty;
                let pack = get("pack").map_or(52, int) as usize;
                rules.lowest = match pack {
                    52 => Rank::Two,
                    48 => Rank::Three,
                    44 => Rank::Four,
                    other => panic!("oracle: pack {other}"),
                };
                let each = pack / 4;
                if get("players").map_or(4, int) == 2 {
                    rules.seats = vec![Seat::N, Seat::S];
                    rules.partners = false;
                    rules.tricks = 2 * each;
                    rules.half = Some(each);
                } else {
                    rules.tricks = each;
                }
                rules.irish_tie_draw = get("tie").map_or("last-scorer-loses", word) == "draw";
                rules.misere = get("misere").is_some_and(flag);
                rules.best_of_three = get("best_of_three").is_some_and(flag);
                rules.bonk_two_games = get("bonk_two_games").is_some_and(flag);
                // README: best_of_three is first to two games.
                rules.to_win = if rules.best_of_three {
                    2
                } else {
                    get("games").map_or(1, int) as u32
                };
            }
            "phat" => {
                rules.family = Family::Phat;
                rules.tricks = 13;
                rules.end = EndOfPlay::Muck;
                rules.goal = Goal::Reach(get("target").map_or(181, int) as i32);
                rules.muck_tie = match get("muck_tie").map_or("carry", word) {
                    "carry" => "carry",
                    "tens" => "tens",
                    "split" => "split",
                    other => panic!("oracle: muck_tie {other}"),
                };
            }
            other => panic!("oracle: unknown variant {other}"),
        }
        rules
    }

    fn sides(&self) -> Vec<Side> {
        if self.partners {
            vec![Side::NS, Side::EW]
        } else {
            self.seats.iter().map(|&s| seat_side(s)).collect()
        }
    }

    fn side_of(&self, seat: Seat) -> Side {
        if self.partners {
            match seat {
                Seat::N | Seat::S => Side::NS,
                Seat::E | Seat::W => Side::EW,
            }
        } else {
            seat_side(seat)
        }
    }

    /// The seat on `seat`'s left: the next to play, and the next to pitch.
    fn next(&self, seat: Seat) -> Seat {
        let i = self.seats.iter().position(|&s| s == seat).unwrap_or(0);
        self.seats[(i + 1) % self.seats.len()]
    }

    /// The Irish Don pitch of a game's first deal: the lowest diamond (four players only).
    fn lowest_diamond_pitches(&self) -> bool {
        self.family == Family::IrishDon && self.seats.len() == 4
    }
}

fn seat_side(seat: Seat) -> Side {
    match seat {
        Seat::N => Side::N,
        Seat::E => Side::E,
        Seat::S | Seat::W => Side::S,
    }
}

// ---------------------------------------------------------------------------------------------
// The tables (RULES.md §1, §2, §5), written out again.

/// §1: A 4, K 3, Q 2, J 1, 10 10, the rest 0.
fn card_value(card: Card) -> i32 {
    match card.rank {
        Rank::Ace => 4,
        Rank::King => 3,
        Rank::Queen => 2,
        Rank::Jack => 1,
        Rank::Ten => 10,
        _ => 0,
    }
}

/// §2: pegged in play in Nine Card Don, Blind Don and Game to Lose.
fn don_points(card: Card, trumps: Suit) -> i32 {
    if card.suit == trumps {
        match card.rank {
            Rank::Five => 10,
            Rank::Nine => 9,
            Rank::Ace => 4,
            Rank::King => 3,
            Rank::Queen => 2,
            Rank::Jack => 1,
            _ => 0,
        }
    } else if card.rank == Rank::Five {
        5
    } else {
        0
    }
}

/// §5: the fat, counted in Irish Don and pegged per trick in Phat.
fn fat_points(card: Card, trumps: Suit) -> i32 {
    if card.suit == trumps {
        match card.rank {
            Rank::Nine => 18,
            Rank::Five => 10,
            Rank::Ace => 4,
            Rank::King => 3,
            Rank::Queen => 2,
            Rank::Jack => 1,
            _ => 0,
        }
    } else {
        match card.rank {
            Rank::Nine => 9,
            Rank::Five => 5,
            _ => 0,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// What the oracle writes down.

/// How a game, leg or match came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won(Side),
    Draw,
    /// Game to Lose: who lost (sorted).
    Lost(Vec<Seat>),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Won(s) => write!(f, "{s} won"),
            Verdict::Draw => f.write_str("a draw"),
            Verdict::Lost(seats) => {
                let names: Vec<&str> = seats.iter().map(|s| s.letter()).collect();
                write!(f, "{} lost", names.join("+"))
            }
        }
    }
}

/// One hand as the oracle scored it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OracleHand {
    pub pitcher: Seat,
    /// Each side's points in the hand, in the variant's side order.
    pub points: Vec<(Side, i32)>,
}

/// Where a game or leg was decided, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    /// From 1, over the whole record.
    pub hand: u32,
    /// From 1 within the hand; `None` when decided after play.
    pub trick: Option<u32>,
    pub verdict: Verdict,
}

// ---------------------------------------------------------------------------------------------
// The state of play.

/// Who pitches the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pitch {
    /// A cut (or the cut's winner's choice): any seat.
    Free,
    /// Irish Don: whoever was dealt the lowest diamond.
    LowestDiamond,
    Seat(Seat),
}

#[derive(Clone, Debug)]
struct HandInPlay {
    number: u32,
    pitcher: Seat,
    trumps: Option<Suit>,
    leader: Seat,
    /// Each trick: the cards with who played them, and the winner.
    tricks: Vec<(Vec<(Seat, Card)>, Seat)>,
    /// Pegged in this hand so far, per side (in play and after).
    points: Vec<i32>,
    /// The game (leg) was decided in this hand's play; the rest of the hand is not scored
    /// (Irish Don excepted: its fat is counted whatever).
    decided_in_play: bool,
    /// The referee stopped the hand.
    stopped: bool,
}

/// The oracle: a [`Referee`] that keeps its own score.
#[derive(Clone, Debug)]
pub struct Oracle {
    rules: Rules,
    sides: Vec<Side>,
    /// Irish Don: stop a deal once a side's running count passes 80 (a claim).
    claims: bool,
    // The match.
    wins: Vec<u32>,
    result: Option<Verdict>,
    hands_begun: u32,
    // The game or leg in play.
    score: Vec<i32>,
    unit_decided: bool,
    new_unit_pending: bool,
    deals_in_unit: u32,
    unit_first_pitcher: Option<Seat>,
    /// Phat: muck carried to the next deal.
    carry: i32,
    next_pitch: Pitch,
    /// Irish Don: the hand just ended was a bonk counting two games.
    pitch_again: bool,
    hand: Option<HandInPlay>,
    // What it wrote down.
    pub hands: Vec<OracleHand>,
    pub decided: Vec<Decided>,
    /// Anything the simulator did that the rules do not allow (a wrong deal, a wrong pitcher).
    pub faults: Vec<String>,
}

impl Oracle {
    pub fn new(variant: &Variant) -> Oracle {
        let rules = Rules::read(variant);
        let sides = rules.sides();
        let next_pitch = if rules.lowest_diamond_pitches() {
            Pitch::LowestDiamond
        } else {
            Pitch::Free
        };
        Oracle {
            wins: vec![0; sides.len()],
            score: vec![0; sides.len()],
            sides,
            rules,
            claims: false,
            result: None,
            hands_begun: 0,
            unit_decided: false,
            new_unit_pending: false,
            deals_in_unit: 0,
            unit_first_pitcher: None,
            carry: 0,
            next_pitch,
            pitch_again: false,
            hand: None,
            hands: Vec::new(),
            decided: Vec::new(),
            faults: Vec::new(),
        }
    }

    /// Irish Don: a side whose running count passes 80 stops play and claims.
    pub fn with_claims(mut self, claims: bool) -> Oracle {
        self.claims = claims;
        self
    }

    /// The match result, once decided.
    pub fn result(&self) -> Option<&Verdict> {
        self.result.as_ref()
    }

    /// The score of the last game or leg played, per side.
    pub fn final_score(&self) -> Vec<(Side, i32)> {
        self.per_side(&self.score)
    }

    /// Legs or games won, per side.
    pub fn wins(&self) -> Vec<(Side, u32)> {
        self.sides
            .iter()
            .copied()
            .zip(self.wins.iter().copied())
            .collect()
    }

    /// Legs or games a side needs for the match.
    pub fn to_win(&self) -> u32 {
        self.rules.to_win
    }

    fn per_side(&self, values: &[i32]) -> Vec<(Side, i32)> {
        self.sides
            .iter()
            .copied()
            .zip(values.iter().copied())
            .collect()
    }

    fn side_index(&self, seat: Seat) -> usize {
        let side = self.rules.side_of(seat);
        self.sides.iter().position(|&s| s == side).unwrap_or(0)
    }

    fn fault(&mut self, what: String) {
        self.faults.push(what);
    }

    /// Checks the deal has the shape RULES.md gives: the cards of the pack, each once, so many
    /// to each seat.
    fn check_deal(&mut self, deal: &Deal) {
        let mut seen: Vec<Card> = Vec::new();
        let mut problems = Vec::new();
        let seats = self.rules.seats.clone();
        match self.rules.layout {
            Some((stacks, in_hand)) => match &deal.layout {
                None => problems.push("Blind Don dealt without a layout".to_string()),
                Some(layout) => {
                    for &seat in &seats {
                        if layout.stacks[seat].len() != stacks || layout.hand[seat].len() != in_hand
                        {
                            problems.push(format!(
                                "{seat} has {} stacks and {} in hand, not {stacks} and {in_hand}",
                                layout.stacks[seat].len(),
                                layout.hand[seat].len()
                            ));
                        }
                        for &(down, up) in &layout.stacks[seat] {
                            seen.extend([down, up]);
                        }
                        seen.extend(layout.hand[seat].iter().copied());
                    }
                }
            },
            None => {
                let each = self.rules.half.unwrap_or(self.rules.tricks);
                let mut parts = vec![&deal.hands];
                match (&deal.second, self.rules.half) {
                    (Some(second), Some(_)) => parts.push(second),
                    (None, None) => {}
                    _ => problems.push("the second half of the pack is wrongly dealt".into()),
                }
                for part in parts {
                    for &seat in &seats {
                        if part[seat].len() != each {
                            problems.push(format!(
                                "{seat} is dealt {} cards, not {each}",
                                part[seat].len()
                            ));
                        }
                        seen.extend(part[seat].iter().copied());
                    }
                }
            }
        }
        for (i, c) in seen.iter().enumerate() {
            if c.rank < self.rules.lowest {
                problems.push(format!("{c} is not in the pack"));
            }
            if seen[..i].contains(c) {
                problems.push(format!("{c} is dealt twice"));
            }
        }
        for p in problems {
            self.fault(format!("hand {}: {p}", self.hands_begun));
        }
    }

    fn lowest_diamond_holder(&self, deal: &Deal) -> Option<Seat> {
        let lowest = Card::new(self.rules.lowest, Suit::Diamonds);
        self.rules
            .seats
            .iter()
            .copied()
            .find(|&s| deal.hands[s].contains(&lowest))
    }

    /// The winner of a trick: the highest trump in it, else the highest card of the suit led.
    fn trick_winner(played: &[(Seat, Card)], trumps: Suit) -> Seat {
        let led = played[0].1.suit;
        let best_of = |suit: Suit| {
            played
                .iter()
                .filter(|(_, c)| c.suit == suit)
                .max_by_key(|(_, c)| c.rank)
                .map(|&(s, _)| s)
        };
        best_of(trumps)
            .or_else(|| best_of(led))
            .unwrap_or(played[0].0)
    }

    /// Pegs `points` to side `i`, in the game and in the hand.
    fn peg(&mut self, hand: &mut HandInPlay, i: usize, points: i32) {
        self.score[i] += points;
        hand.points[i] += points;
    }

    /// After a peg by the sides in `who`: has a target been reached? Only the pegging sides can
    /// have reached it. Several at once (a split award): the higher wins (Reach) or loses
    /// (LoseAt); equal is a draw (Reach) or both lose (LoseAt).
    fn reached(&self, who: &[usize]) -> Option<Verdict> {
        match self.rules.goal {
            Goal::Reach(target) => {
                let over: Vec<usize> = who
                    .iter()
                    .copied()
                    .filter(|&i| self.score[i] >= target)
                    .collect();
                let best = over.iter().map(|&i| self.score[i]).max()?;
                let top: Vec<usize> = over
                    .into_iter()
                    .filter(|&i| self.score[i] == best)
                    .collect();
                Some(if top.len() == 1 {
                    Verdict::Won(self.sides[top[0]])
                } else {
                    Verdict::Draw
                })
            }
            Goal::LoseAt(target) => {
                let over: Vec<usize> = who
                    .iter()
                    .copied()
                    .filter(|&i| self.score[i] >= target)
                    .collect();
                let worst = over.iter().map(|&i| self.score[i]).max()?;
                let mut losers: Vec<Seat> = over
                    .into_iter()
                    .filter(|&i| self.score[i] == worst)
                    .map(|i| self.rules.seats[i])
                    .collect();
                losers.sort();
                Some(Verdict::Lost(losers))
            }
            Goal::Deals(_) | Goal::PassEighty => None,
        }
    }

    /// The game (leg) is decided here: the match may be too.
    fn decide(&mut self, hand: u32, trick: Option<u32>, verdict: Verdict, counts: u32) {
        self.unit_decided = true;
        self.decided.push(Decided {
            hand,
            trick,
            verdict: verdict.clone(),
        });
        self.settle_unit(verdict, counts);
    }

    /// Counts a decided game (leg) towards the match.
    fn settle_unit(&mut self, verdict: Verdict, counts: u32) {
        match &verdict {
            Verdict::Won(side) => {
                let i = self.sides.iter().position(|s| s == side).unwrap_or(0);
                self.wins[i] += counts;
                if self.wins[i] >= self.rules.to_win {
                    self.result = Some(verdict);
                    return;
                }
            }
            // A draw ends a single game; in a match of legs or games nobody wins that one.
            Verdict::Draw if self.rules.to_win > 1 => {}
            _ => {
                self.result = Some(verdict);
                return;
            }
        }
        self.new_unit_pending = true;
    }

    /// The end-of-play awards of a hand played out, in order, each checked against the target.
    fn awards(&mut self, hand: &mut HandInPlay) {
        let Some(trumps) = hand.trumps else {
            return;
        };
        let n = self.sides.len();
        // Card value in each side's tricks, tens won, who played the highest trump, who won the
        // lowest trump and the jack of trumps.
        let mut value = vec![0; n];
        let mut tens = vec![0; n];
        let mut high: Option<(Rank, usize)> = None;
        let mut low: Option<(Rank, usize)> = None;
        let mut jack: Option<usize> = None;
        for (played, winner) in &hand.tricks {
            let w = self.side_index(*winner);
            for &(seat, card) in played {
                value[w] += card_value(card);
                if card.rank == Rank::Ten {
                    tens[w] += 1;
                }
                if card.suit == trumps {
                    let by = self.side_index(seat);
                    if high.is_none_or(|(r, _)| card.rank > r) {
                        high = Some((card.rank, by));
                    }
                    if low.is_none_or(|(r, _)| card.rank < r) {
                        low = Some((card.rank, w));
                    }
                    if card.rank == Rank::Jack {
                        jack = Some(w);
                    }
                }
            }
        }
        let single_most = |values: &[i32]| {
            let best = *values.iter().max()?;
            let top: Vec<usize> = (0..values.len()).filter(|&i| values[i] == best).collect();
            (top.len() == 1).then(|| top[0])
        };
        // One award: pegged, then checked.
        let mut steps: Vec<Vec<(usize, i32)>> = Vec::new();
        match self.rules.end {
            EndOfPlay::Game => steps.extend(single_most(&value).map(|i| vec![(i, 8)])),
            EndOfPlay::Preston => {
                steps.extend(high.map(|(_, i)| vec![(i, 1)]));
                steps.extend(jack.map(|i| vec![(i, 1)]));
                steps.extend(single_most(&value).map(|i| vec![(i, 6)]));
            }
            EndOfPlay::Hljg => {
                steps.extend(high.map(|(_, i)| vec![(i, 1)]));
                steps.extend(low.map(|(_, i)| vec![(i, 1)]));
                steps.extend(jack.map(|i| vec![(i, 1)]));
                steps.extend(single_most(&value).map(|i| vec![(i, 5)]));
            }
            EndOfPlay::GameToLose => {
                let best = value.iter().copied().max().unwrap_or(0);
                let top: Vec<usize> = (0..n).filter(|&i| value[i] == best).collect();
                match top.len() {
                    1 => steps.push(vec![(top[0], 8)]),
                    2 => steps.push(vec![(top[0], 4), (top[1], 4)]),
                    _ => {}
                }
            }
            EndOfPlay::Muck => {
                // Muck counts in the first four deals of a game only, carried muck included.
                if self.deals_in_unit < 4 {
                    let carried = self.carry;
                    self.carry = 0;
                    let winner = if value[0] > value[1] {
                        Some(0)
                    } else if value[1] > value[0] {
                        Some(1)
                    } else {
                        None
                    };
                    match (winner, self.rules.muck_tie) {
                        (Some(i), _) => steps.push(vec![(i, 8 + carried)]),
                        (None, "split") => steps.push(vec![(0, 4), (1, 4)]),
                        (None, "tens") if tens[0] >= 3 => steps.push(vec![(0, 8 + carried)]),
                        (None, "tens") if tens[1] >= 3 => steps.push(vec![(1, 8 + carried)]),
                        (None, _) => self.carry = carried + 8,
                    }
                }
            }
            EndOfPlay::CountTheFat => {}
        }
        for step in steps {
            for &(i, points) in &step {
                self.peg(hand, i, points);
            }
            let who: Vec<usize> = step.iter().map(|&(i, _)| i).collect();
            if let Some(verdict) = self.reached(&who) {
                self.decide(hand.number, None, verdict, 1);
                return;
            }
        }
    }

    /// Irish Don at the end of a deal: the fat counted, bonks, and 80–80.
    fn irish_end(&mut self, hand: &mut HandInPlay) {
        let Some(trumps) = hand.trumps else {
            return;
        };
        let mut fat = vec![0; self.sides.len()];
        let mut last_scorer = None;
        for (played, winner) in &hand.tricks {
            let w = self.side_index(*winner);
            let points: i32 = played.iter().map(|&(_, c)| fat_points(c, trumps)).sum();
            fat[w] += points;
            if points > 0 {
                last_scorer = Some(w);
            }
        }
        // The score was not touched in play: the fat goes on now.
        for (i, &points) in fat.iter().enumerate() {
            self.peg(hand, i, points);
        }
        let bonker = (0..fat.len()).find(|&i| fat[i] == 80);
        if let (true, Some(b)) = (self.rules.bonk_two_games, bonker) {
            // §9: a bonk wins the game for the bonking side (README: even in misère), counted
            // as two games; the same player pitches the next deal.
            let verdict = Verdict::Won(self.sides[b]);
            let mut trick = None;
            if hand.decided_in_play {
                // Already decided at the trick a side passed 80 (in the second deal): the bonk
                // says who won, and that it counts twice.
                trick = self.undo_last_decision();
            }
            self.decide(hand.number, trick, verdict, 2);
            self.pitch_again = true;
            return;
        }
        if hand.decided_in_play || self.deals_in_unit < 2 {
            return;
        }
        if self.score.iter().all(|&s| s == 80) {
            let verdict = if self.rules.irish_tie_draw {
                Verdict::Draw
            } else {
                let Some(last) = last_scorer else {
                    return;
                };
                let other = 1 - last;
                // The last scorer loses (the other reached 80 first); misère reverses it.
                let winner = if self.rules.misere { last } else { other };
                Verdict::Won(self.sides[winner])
            };
            self.decide(hand.number, None, verdict, 1);
        }
    }

    /// Takes back the last decision; returns the trick it was made in.
    fn undo_last_decision(&mut self) -> Option<u32> {
        let last = self.decided.pop()?;
        self.new_unit_pending = false;
        if let Verdict::Won(side) = last.verdict {
            if let Some(i) = self.sides.iter().position(|&s| s == side) {
                self.wins[i] -= 1;
            }
        }
        self.result = None;
        last.trick
    }

    /// Who pitches after `hand`: the rotation, or a new game's (leg's) first pitch.
    fn pitch_after(&self, hand: &HandInPlay) -> Pitch {
        if self.new_unit_pending {
            let r = &self.rules;
            if r.family == Family::IrishDon {
                if r.best_of_three {
                    // The pitch keeps passing; at one game each the deciding game is pitched
                    // by the lowest diamond (four players) or freely (two, README).
                    let level = self.wins.iter().all(|&w| w + 1 == r.to_win);
                    if !level {
                        return Pitch::Seat(r.next(hand.pitcher));
                    }
                }
                return if r.lowest_diamond_pitches() {
                    Pitch::LowestDiamond
                } else {
                    Pitch::Free
                };
            }
            // A new leg: a new cut.
            return Pitch::Free;
        }
        if self.rules.family == Family::Phat && self.deals_in_unit == 4 {
            // The fifth deal is pitched by the first deal's pitcher.
            if let Some(first) = self.unit_first_pitcher {
                return Pitch::Seat(first);
            }
        }
        Pitch::Seat(self.rules.next(hand.pitcher))
    }
}

impl Referee for Oracle {
    fn pitcher(&mut self, deal: &Deal) -> Option<Seat> {
        match self.next_pitch {
            Pitch::Free => None,
            Pitch::Seat(s) => Some(s),
            Pitch::LowestDiamond => {
                let holder = self.lowest_diamond_holder(deal);
                if holder.is_none() {
                    self.fault(format!(
                        "hand {}: nobody holds the lowest diamond",
                        self.hands_begun + 1
                    ));
                }
                holder
            }
        }
    }

    fn begin_hand(&mut self, pitcher: Seat, deal: &Deal) -> Result<(), RefereeRefused> {
        if self.result.is_some() {
            return Err(RefereeRefused("the game is over".into()));
        }
        if self.hand.is_some() {
            return Err(RefereeRefused("a hand is in play".into()));
        }
        if !self.rules.seats.contains(&pitcher) {
            return Err(RefereeRefused(format!("{pitcher} is not playing")));
        }
        self.hands_begun += 1;
        let number = self.hands_begun;
        match self.next_pitch {
            Pitch::Seat(s) if s != pitcher => {
                self.fault(format!("hand {number}: {pitcher} pitched, not {s}"));
            }
            Pitch::LowestDiamond if self.lowest_diamond_holder(deal) != Some(pitcher) => {
                self.fault(format!(
                    "hand {number}: {pitcher} pitched without the lowest diamond"
                ));
            }
            _ => {}
        }
        self.check_deal(deal);
        if self.new_unit_pending {
            self.new_unit_pending = false;
            self.unit_decided = false;
            self.score = vec![0; self.sides.len()];
            self.deals_in_unit = 0;
            self.carry = 0;
            self.unit_first_pitcher = None;
        }
        if self.deals_in_unit == 0 {
            self.unit_first_pitcher = Some(pitcher);
        }
        self.hand = Some(HandInPlay {
            number,
            pitcher,
            trumps: None,
            leader: pitcher,
            tricks: Vec::new(),
            points: vec![0; self.sides.len()],
            decided_in_play: false,
            stopped: false,
        });
        Ok(())
    }

    fn trick(&mut self, leader: Seat, cards: &[Card]) -> Result<Call, RefereeRefused> {
        let Some(mut hand) = self.hand.take() else {
            return Err(RefereeRefused("no hand is in play".into()));
        };
        let refuse = |oracle: &mut Oracle, hand: HandInPlay, why: String| {
            oracle.hand = Some(hand);
            Err(RefereeRefused(why))
        };
        if cards.len() != self.rules.seats.len() {
            let why = format!("a trick of {} cards", cards.len());
            return refuse(self, hand, why);
        }
        if hand.stopped || hand.tricks.len() >= self.rules.tricks {
            return refuse(self, hand, "the hand is over".into());
        }
        if leader != hand.leader {
            self.fault(format!(
                "hand {} trick {}: {leader} led, not {}",
                hand.number,
                hand.tricks.len() + 1,
                hand.leader
            ));
        }
        let trumps = *hand.trumps.get_or_insert(cards[0].suit);
        let mut played = Vec::with_capacity(cards.len());
        let mut seat = hand.leader;
        for &card in cards {
            played.push((seat, card));
            seat = self.rules.next(seat);
        }
        let winner = Oracle::trick_winner(&played, trumps);
        let number = hand.tricks.len() as u32 + 1;
        hand.tricks.push((played, winner));
        hand.leader = winner;
        let w = self.side_index(winner);
        let mut stop_hand = false;
        match self.rules.end {
            EndOfPlay::CountTheFat => {
                // Nothing is pegged; the running count (in trick order) decides who passed 80.
                if !self.unit_decided {
                    let mut running = self.score.clone();
                    for (p, win) in &hand.tricks {
                        let i = self.side_index(*win);
                        running[i] += p.iter().map(|&(_, c)| fat_points(c, trumps)).sum::<i32>();
                    }
                    if running[w] > 80 {
                        // The first past 80 wins; in misère, loses.
                        let winner_side = if self.rules.misere { 1 - w } else { w };
                        let verdict = Verdict::Won(self.sides[winner_side]);
                        self.decide(hand.number, Some(number), verdict, 1);
                        hand.decided_in_play = true;
                        stop_hand = self.claims;
                    }
                }
            }
            _ => {
                let table = if self.rules.family == Family::Phat {
                    fat_points
                } else {
                    don_points
                };
                let points: i32 = cards.iter().map(|&c| table(c, trumps)).sum();
                if points > 0 {
                    self.peg(&mut hand, w, points);
                    if let Some(verdict) = self.reached(&[w]) {
                        self.decide(hand.number, Some(number), verdict, 1);
                        hand.decided_in_play = true;
                        // The rest of the hand is not played.
                        stop_hand = true;
                    }
                }
            }
        }
        hand.stopped = stop_hand;
        self.hand = Some(hand);
        Ok(Call {
            next_leader: winner,
            stop_hand,
        })
    }

    fn end_hand(&mut self) -> Result<(), RefereeRefused> {
        let Some(hand) = self.hand.take() else {
            return Err(RefereeRefused("no hand is in play".into()));
        };
        if !hand.stopped && hand.tricks.len() != self.rules.tricks {
            self.fault(format!(
                "hand {} ended after {} tricks of {}",
                hand.number,
                hand.tricks.len(),
                self.rules.tricks
            ));
        }
        let mut hand = hand;
        if self.rules.end == EndOfPlay::CountTheFat {
            self.deals_in_unit += 1;
            self.irish_end(&mut hand);
        } else if !hand.decided_in_play {
            self.awards(&mut hand);
            self.deals_in_unit += 1;
            if let (Goal::Deals(n), false) = (self.rules.goal, self.unit_decided) {
                if self.deals_in_unit >= n {
                    let best = self.score.iter().copied().max().unwrap_or(0);
                    let top: Vec<usize> = (0..self.score.len())
                        .filter(|&i| self.score[i] == best)
                        .collect();
                    let verdict = if top.len() == 1 {
                        Verdict::Won(self.sides[top[0]])
                    } else {
                        Verdict::Draw
                    };
                    self.decide(hand.number, None, verdict, 1);
                }
            }
        } else {
            self.deals_in_unit += 1;
        }
        self.hands.push(OracleHand {
            pitcher: hand.pitcher,
            points: self.per_side(&hand.points),
        });
        self.next_pitch = if std::mem::take(&mut self.pitch_again) {
            // A bonk under bonk_two_games: the same player pitches the next deal.
            Pitch::Seat(hand.pitcher)
        } else {
            self.pitch_after(&hand)
        };
        Ok(())
    }

    fn is_over(&self) -> bool {
        self.result.is_some()
    }
}

/// RULES.md's default for every option of a variant (Blind Don's `deals` for the given
/// `layout`): the oracle reads `Variant::options()`, whose defaults the engine fills in, so a
/// test checks them against these.
pub fn rules_md_defaults(name: &str, layout: &str) -> Vec<(&'static str, OptionValue)> {
    let s = |v: &str| OptionValue::Str(v.into());
    let i = OptionValue::Int;
    let b = OptionValue::Bool;
    match name {
        "nine-card-don" => vec![
            ("cut", s("high")),
            ("end_scoring", s("game")),
            ("target", i(121)),
            ("deals", OptionValue::Null),
            ("legs", i(1)),
            ("penalties", s("friendly")),
        ],
        "blind-don" => vec![
            ("layout", s(layout)),
            ("deals", i(if layout == "three" { 6 } else { 4 })),
            ("end_scoring", s("hljg")),
        ],
        "game-to-lose" => vec![("target", i(121))],
        "irish-don" => vec![
            ("pack", i(52)),
            ("tie", s("last-scorer-loses")),
            ("games", i(1)),
            ("best_of_three", b(false)),
            ("bonk_two_games", b(false)),
            ("pass_pitch", b(false)),
            ("redeal_rule", s("off")),
            ("misere", b(false)),
            ("players", i(4)),
        ],
        "phat" => vec![("muck_tie", s("carry")), ("target", i(181))],
        other => panic!("oracle: unknown variant {other}"),
    }
}
