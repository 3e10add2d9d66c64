//! Drives a record, or one typed entry, through the engine, keeping the score sheet; the one
//! place that turns what the engine refuses into reported faults.
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod replay;

use don_record::record;
use don_rules::rules;
