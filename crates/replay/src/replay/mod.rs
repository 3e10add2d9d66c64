//! Replaying: drives a whole record ([`replay_record`]), or one typed entry at a time
//! ([`Replay::enter`]), through the rules engine, and keeps the score sheet as it goes. This is
//! the one place that turns what the engine found or refused into reported faults: every
//! refusal comes back as a [`Fault`] and leaves the replay exactly as it was; nothing is skipped
//! silently. `check`, `import` and the table-side scorer all replay through here.

mod faults;
mod game;
mod record;
pub mod sheet;
pub mod words;

pub use game::{Entry, Replay, Step};
pub use record::replay_record;
pub use sheet::{HandKind, HandRow, ScoreSheet, Standing};
