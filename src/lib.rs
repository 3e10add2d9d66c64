//! `don`: keeps the score of the Don family of pub card games.
//!
//! - [`rules`]: pure game logic, one engine for every variant of RULES.md.
//! - [`record`]: the public formats of FORMAT.md (game records, `check --json`).
//! - [`check`]: replays records through the engine and reports.

pub mod check;
pub mod record;
pub mod rules;
