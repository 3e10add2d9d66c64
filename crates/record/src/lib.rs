//! The public formats of FORMAT.md: game records, the trick notation, results CSV, grids and
//! final tables, workbooks; every JSON and CSV read or written.
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod record;

use don_rules::rules;
