//! The table-side session (FORMAT.md §5): each line entered through the replay, kept in a
//! journal before it is answered; pure, beside `check` and `league`.
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod scorer;

use don_record::record;
use don_replay::replay;
use don_rules::rules;
