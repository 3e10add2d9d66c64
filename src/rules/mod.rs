//! Pure game logic: no I/O, no SQL, no printing. Cards and the notation, trick play, the
//! pegging tables, end-of-play awards, targets, legs and games, penalties and the pitching
//! rotation, for every variant of RULES.md.

pub mod card;
pub mod fault;
pub mod game;
pub mod hand;
pub mod ruleset;
pub mod seat;
pub mod sim;
pub mod totals;
pub mod trick;
pub mod variant;

pub use card::{Card, CardSet, Rank, Suit};
pub use fault::{Code, Fault};
pub use game::{
    AbandonReason, AwardKind, AwardPeg, Decision, Game, HandReport, Outcome, Penalty, PlayError,
    Rejected, TrickReport,
};
pub use hand::Layout;
pub use ruleset::{OptionValue, RulesetError, Spec, Variant};
pub use seat::{BySeat, BySide, Seat, Seating, Side};
pub use totals::{AwardValue, MuckValue, Totals};
