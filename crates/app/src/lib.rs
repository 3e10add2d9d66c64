//! One function per thing a user does or reads, for every front end: opens the change, applies
//! the rules, commits, returns a typed result, view or error; records who did it.
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod app;

use don_check::check;
use don_league::league;
use don_record::record;
use don_replay::replay;
use don_rules::rules;
use don_scorer::scorer;
use don_store::store;
