//! The pages a user reads, built once as typed views below the front ends: the site (publish
//! and serve) renders them to HTML, the terminal to text, so both say the same thing.
//!
//! - [`sheet`]: a game's score sheet ([`SheetView`]): its particulars, a row a hand, how it
//!   was decided (a concession's winner and the jacks-out pool included), its faults.
//! - [`night`]: a league night ([`NightView`]): its result, how it stands, its card.
//! - [`standings`]: the league table, its tie-break reasons and its notes
//!   ([`StandingsView`]).
//! - [`history`]: the league's records as its honours say them, each tie a line.
//! - [`stats`]: players' and partnerships' figures ([`stats::FiguresView`]).
//! - [`fixtures`]: a list of fixtures, a [`fixtures::FixtureLine`] each.
//! - [`team`]: a team in a season: its venue, roster, withdrawal ([`team::TeamView`]).
//! - [`site`]: what the published site is made of, read through the app ([`site::read_site`]).
//!
//! A link in a view is a [`Target`], not an address: the site makes it a relative URL, the
//! terminal leaves it out.

pub mod cup;
pub mod fixtures;
pub mod history;
pub mod night;
pub mod sheet;
pub mod site;
pub mod standings;
pub mod stats;
pub mod team;

pub use night::NightView;
pub use sheet::{HandLine, SheetView};
pub use standings::StandingsView;

use crate::league::TeamId;

/// Where a link in a view goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A stored game's score sheet.
    Game(i64),
    /// A league night, by its fixture.
    Night(i64),
    /// A team's page.
    Team(TeamId),
    /// A player's page, by the name as typed.
    Player(String),
}

/// Words that lead to a [`Target`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub text: String,
    pub to: Target,
}
