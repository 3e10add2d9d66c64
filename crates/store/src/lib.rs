//! All SQL and `schema.sql`: keeps what the pure layers produce; Rust types in and out. It
//! depends on no replay and no check: a game is replayed above it, in `app`.
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod store;

use don_league::league;
use don_record::record;
use don_rules::rules;
