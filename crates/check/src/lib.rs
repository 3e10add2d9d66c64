//! Replays records read from files and reports (FORMAT.md §2); beside `scorer` and `league`.
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod check;

use don_record::record;
use don_replay::replay;
use don_rules::rules;
