//! Seasons, match nights and their checks, standings and tie-breakers, fixtures and statistics
//! (RULES.md §7); pure, beside `check` and `scorer`.
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod league;

use don_record::record;
use don_rules::rules;
