//! Pure game logic: no I/O, no SQL, no printing, no record format. Cards and the notation, trick
//! play, the pegging tables, end-of-play awards, targets, legs and games, penalties and the
//! pitching rotation, for every variant of RULES.md; what goes wrong is named in the engine's own
//! terms ([`fault`]).
//!
//! From the bottom up: `card`, `seat` and `trick`; `outcome`, `option` and `spec`, the words the
//! rest shares; one module per variant in `variant/`; `ruleset` (a variant and its options);
//! `scoring` (what play and totals both decide); `totals`; `fault`; `hand` (a deal in play);
//! `game` (the engine); `sim` (random legal play).

pub mod card;
pub mod fault;
pub mod game;
pub mod hand;
pub mod option;
pub mod outcome;
pub mod ruleset;
pub mod scoring;
pub mod seat;
pub mod sim;
pub mod spec;
pub mod totals;
pub mod trick;
pub mod variant;
pub mod words;

pub use card::{Card, CardSet, Rank, Suit};
pub use fault::{HandFault, PlayError, Rejected, TrickFault};
pub use game::{AbandonReason, Decision, Game, HandReport, Penalty, TrickReport, SCORE_LIMIT};
pub use hand::BlindDeal;
pub use option::{OptionValue, RulesetError};
pub use outcome::{AwardKind, AwardPeg, Outcome, Taker};
pub use ruleset::Variant;
pub use seat::{BySeat, BySide, Seat, Seating, Side};
pub use spec::Spec;
pub use totals::{HandStart, MuckValue, Totals, TotalsError};
