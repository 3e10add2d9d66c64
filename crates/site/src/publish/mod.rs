//! Publishing a league: a static site of plain HTML pages and one stylesheet, with no
//! JavaScript, that works opened from disk and from any static host. The front page (the
//! current table, the latest results, the next fixtures), each season (its table with the
//! tie-break reasons, its nights by date, a printable table, the table of confirmed nights only,
//! the table as FORMAT.md §4 CSV and JSON), each night's card, each score sheet of a Don leg
//! scored with the engine, each team (with an iCalendar file of its fixtures) and each player;
//! the league's honours (champions by season, records) and its all-time table.
//!
//! Everything is read from the store and worked out by [`crate::league`] as `standings` and
//! `stats` do; nothing here is stored. The pages are the same bytes for the same database, and
//! [`Site::write`] rewrites only the files whose bytes changed. The pages are read on a phone
//! first: at 360 px the table shows Pos, Team, P, W, D, L and Pts, the rest folded under it, and
//! a night's card each match as a block (templates/style.css). A team renamed keeps its pages'
//! addresses; those by its later names answer too ([`Site::moved`]).

mod build;
mod ics;
pub mod out;
mod page;
mod site;
mod slug;
pub mod view;

pub use build::site;
pub(crate) use page::kind_name;
pub use site::{PublishError, Site, Written};
