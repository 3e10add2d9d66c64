//! `don`: keeps the score of the Don family of pub card games.
//!
//! The layers, each using only those before it:
//! - [`rules`]: pure game logic, one engine for every variant of RULES.md; no I/O, no formats.
//! - [`record`]: the public formats of FORMAT.md (game records, the trick notation, the codes).
//! - [`replay`]: drives a record, or one typed entry, through the engine, keeping the score
//!   sheet; the one place that turns what the engine refuses into reported faults.
//! - [`check`]: replays records read from files and reports (FORMAT.md §2).
//! - [`scorer`]: the table-side session (FORMAT.md §5), beside `check`: each line entered
//!   through the replay, kept in a [`Journal`](scorer::Journal) before it is answered, and
//!   announced; pure, with no terminal and no database.
//! - [`league`]: seasons, match nights and their checks, standings and tie-breakers, fixtures
//!   and statistics (RULES.md §7), beside `check` and `scorer`; pure.
//! - [`store`]: all SQL and `schema.sql`; keeps what the layers before it produce.
//! - [`app`]: one function per thing a user does, for every front end: opens the change, applies
//!   the rules, commits, returns a typed result or a typed error; records who did it.
//! - [`publish`]: the league as a static site, read from the store and worked out by `league`;
//!   askama templates (`templates/`), which escape every name.
//! - [`web`]: `don serve`, the league online: the published pages live, and what captains and
//!   the secretary do through their private links; parse, call `app`, render.
//!
//! The `don` binary's `cli` module sits on top: parse, call, render.

pub mod app;
pub mod check;
pub mod league;
pub mod publish;
pub mod record;
pub mod replay;
pub mod rules;
pub mod scorer;
pub mod store;
pub mod web;
