//! One module per variant: its options, their defaults, and the [`Spec`](super::ruleset::Spec)
//! the engine plays it by. A house rule is added in its variant's module.

pub mod blind_don;
pub mod game_to_lose;
pub mod irish_don;
pub mod nine_card_don;
pub mod phat;
