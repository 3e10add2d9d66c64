//! `don`: keeps the score of the Don family of pub card games and runs their leagues.
//!
//! The workspace's floors, each a crate under `crates/` using only those before it (the
//! compiler keeps the order):
//! - [`rules`] (`don-rules`): pure game logic, one engine for every variant of RULES.md.
//! - [`record`] (`don-record`): the public formats of FORMAT.md.
//! - [`replay`] (`don-replay`): drives a record, or one typed entry, through the engine.
//! - [`check`], [`scorer`], [`league`] (`don-check`, `don-scorer`, `don-league`): side by side,
//!   pure: checking records, the table-side session, the league's rules.
//! - `store` (`don-store`): all SQL and `schema.sql`.
//! - [`app`] (`don-app`): one function per thing a user does or reads; typed inputs, results
//!   and views.
//! - [`publish`] and [`web`] (`don-site`): the site, static and served.
//!
//! The command line, [`cli`], sits on top: parse, call, render; the `don` binary runs it. This
//! library re-exports the floors under their layer names for it, the tests and the benchmarks,
//! all but the store: no front end reads or writes it but through `app` (the tests reach it as
//! `don_store`).

// The command line names the floors as `don::…`, as the tests and the benchmarks do.
extern crate self as don;

pub mod cli;

pub use don_app::app;
pub use don_check::check;
pub use don_league::league;
pub use don_record::record;
pub use don_replay::replay;
pub use don_rules::rules;
pub use don_scorer::scorer;
pub use don_site::{publish, web};
