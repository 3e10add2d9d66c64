//! What the engine finds wrong, in its own terms. A *fault* is reported and play goes on (a renege
//! proven, a card played twice, a wrong pitcher); a *refusal* ([`PlayError`]) leaves the game
//! exactly as it was, handing back what was refused. Which of FORMAT.md's codes each becomes is
//! for the record layer to say.

use super::card::{Card, Rank, Suit};
use super::seat::{Seat, Side};
use super::totals::TotalsError;

/// Something wrong with a card as played. The trick still counts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrickFault {
    #[error("{seat} played {card} in trick {trick}, but the {pack}-card pack has no {}s", missing_rank(card.rank))]
    NotInPack {
        seat: Seat,
        card: Card,
        trick: u32,
        pack: u32,
    },
    #[error("{card} is played twice in this hand{}; again by {seat} in trick {trick}", first_by.map_or(String::new(), |s| format!(" (first by {s})")))]
    PlayedTwice {
        seat: Seat,
        card: Card,
        trick: u32,
        /// Who played it first, when that is known.
        first_by: Option<Seat>,
    },
    #[error("{seat} played {card} in trick {trick}, but it was not face up or in hand")]
    NotPlayable { seat: Seat, card: Card, trick: u32 },
    /// A failure to follow `suit` in trick `failed`, proven by `card`, of that suit, in `trick`.
    #[error("{seat} did not follow {suit} in trick {failed} but played {card} in trick {trick}")]
    Renege {
        seat: Seat,
        suit: Suit,
        failed: u32,
        card: Card,
        trick: u32,
    },
    /// Blind Don with the layout known: a failure to follow while a card of the suit was face
    /// up or in hand.
    #[error(
        "{seat} did not follow {suit} in trick {trick} but could play {}",
        cards_words(could)
    )]
    RenegeHolding {
        seat: Seat,
        suit: Suit,
        trick: u32,
        could: Vec<Card>,
    },
}

impl TrickFault {
    pub fn seat(&self) -> Seat {
        match self {
            TrickFault::NotInPack { seat, .. }
            | TrickFault::PlayedTwice { seat, .. }
            | TrickFault::NotPlayable { seat, .. }
            | TrickFault::Renege { seat, .. }
            | TrickFault::RenegeHolding { seat, .. } => *seat,
        }
    }

    /// The trick it is found in (for a renege, the trick that proves it).
    pub fn trick(&self) -> u32 {
        match self {
            TrickFault::NotInPack { trick, .. }
            | TrickFault::PlayedTwice { trick, .. }
            | TrickFault::NotPlayable { trick, .. }
            | TrickFault::Renege { trick, .. }
            | TrickFault::RenegeHolding { trick, .. } => *trick,
        }
    }
}

fn missing_rank(rank: Rank) -> &'static str {
    match rank {
        Rank::Two | Rank::Three => rank.name(),
        _ => "such card",
    }
}

fn cards_words(cards: &[Card]) -> String {
    let words: Vec<String> = cards.iter().map(Card::to_string).collect();
    words.join(" ")
}

/// Something wrong with a hand as a whole. The hand still counts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandFault {
    /// Blind Don: a card laid out twice.
    #[error("{card} is laid out twice (again for {seat})")]
    LaidOutTwice { card: Card, seat: Seat },
    /// The rotation says another seat should have pitched.
    #[error("{pitched} pitched, but it was {turn}'s turn to pitch")]
    WrongPitcher { pitched: Seat, turn: Seat },
    /// Irish Don: the first pitch goes to the holder of the lowest diamond.
    #[error(
        "{pitched} pitched, but {holder} held {card}, the lowest diamond, and should have pitched"
    )]
    NotLowestDiamond {
        pitched: Seat,
        holder: Seat,
        card: Card,
        /// The trick the holder played it in, from 1.
        trick: u32,
    },
    /// Fewer tricks than the deal, and the game was not decided in them.
    #[error(
        "the hand has {tricks} tricks; a deal has {deal}, and the game was not decided in them"
    )]
    ShortHand { tricks: u32, deal: u32 },
    #[error("a redeal can be demanded only under irish-don's redeal_rule")]
    RedealNotAllowed,
}

impl HandFault {
    pub fn seat(&self) -> Option<Seat> {
        match self {
            HandFault::LaidOutTwice { seat, .. } => Some(*seat),
            HandFault::WrongPitcher { pitched, .. }
            | HandFault::NotLowestDiamond { pitched, .. } => Some(*pitched),
            HandFault::ShortHand { .. } | HandFault::RedealNotAllowed => None,
        }
    }

    /// The trick it concerns, if one: the trick the lowest diamond was played in.
    pub fn trick(&self) -> Option<u32> {
        match self {
            HandFault::NotLowestDiamond { trick, .. } => Some(*trick),
            _ => None,
        }
    }
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
    #[error("the layout is given after the hand's first trick")]
    LayoutTooLate,
    #[error("who pitched this hand cannot be told: give the pitcher")]
    UnknownPitcher,
    #[error("{0} is not a seat in this game")]
    NoSuchSeat(Seat),
    #[error("{0} is not a side in this game")]
    NoSuchSide(Side),
    /// Totals that cannot be true, or cannot say who won.
    #[error(transparent)]
    Totals(Box<TotalsError>),
    /// A score would leave the range a score is kept in.
    #[error("points out of range: {side}'s score would pass ±{limit}")]
    ScoreOutOfRange { side: Side, limit: i32 },
    /// Irish Don's first deal (RULES.md §5): trick `trick` shows that `holder`, not `pitched`,
    /// held the lowest diamond, and so should have pitched (no pitch passed as `pass_pitch`
    /// allows).
    #[error("{pitched} pitched, but {holder} played {card} in trick {trick}: {holder} held the lowest diamond and should have pitched")]
    NotLowestDiamond {
        trick: u32,
        pitched: Seat,
        holder: Seat,
        card: Card,
    },
    /// The penalties on a hand would take a side's score past what a score may be with a hand
    /// still to play (`bound`: [`SCORE_LIMIT`](super::SCORE_LIMIT) less the most a hand can peg).
    #[error("a penalty past the engine's bound: with it, {side}'s score would reach {reach} at the end of the hand, past ±{bound} (scores are kept within ±{limit}, less the most a hand can peg)")]
    PenaltyOutOfRange {
        side: Side,
        reach: i64,
        bound: i64,
        limit: i32,
    },
}

/// A trick the engine refused, handed back: its cards and why. The game is as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct Rejected {
    pub cards: Vec<Card>,
    pub error: PlayError,
}
