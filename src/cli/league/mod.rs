//! `don league`, `don season`, `don team`, `don roster` and `don fixtures`: setting up a league
//! and its seasons. Each file parses its command, calls `app` and says what was done.

mod config;
mod division;
mod fixtures;
mod leagues;
mod player;
mod roster;
mod season;
mod team;

pub use division::{division, DivisionCommand};
pub use fixtures::{fixtures, FixturesCommand};
pub use leagues::{league, LeagueCommand};
pub use player::{player, PlayerCommand};
pub use roster::{roster, RosterCommand};
pub use season::{season, SeasonCommand};
pub use team::{team, TeamCommand};
