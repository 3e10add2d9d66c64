//! Leagues (RULES.md §7): a season's configuration, match nights and their checks, the
//! standings with their tie-breakers and the reasons for them, fixtures, statistics. Pure: no
//! database and no terminal; the store loads a season into a [`Season`] and keeps what these
//! functions accept.

pub mod config;
pub mod entry;
pub mod fixtures;
pub mod import;
pub mod names;
pub mod night;
pub mod standings;
pub mod stats;

pub use config::{Breaker, Config, ConfigError, Kind, KindConfig};
pub use night::{
    Adjustment, Confirmation, Leg, Match, Night, NightError, NightResult, Pair, Season, Side, Team,
    TeamId,
};
pub use standings::{standings, Explanation, Row, Standings};
