//! Leagues (RULES.md §7): a season's configuration, match nights and their checks, the
//! standings with their tie-breakers and the reasons for them, fixtures, statistics. Pure: no
//! database and no terminal; the store loads a season into a [`SeasonRecord`] and keeps what these
//! functions accept.

pub mod config;
pub mod confirm;
pub mod cup;
pub mod division;
pub mod error;
pub mod fixtures;
pub mod history;
pub mod import;
pub mod names;
pub mod night;
pub mod past;
pub mod standings;
pub mod stats;

/// The bound of a points adjustment, the same for `don deduct`, `don award` and an adjustments
/// file (kept where that file is read, which this layer reads through).
pub use crate::record::results::{adjustment_out_of_range, MAX_ADJUSTMENT};
pub use config::{Breaker, Config, ConfigChange, ConfigError, Kind, KindConfig};
pub use division::{Division, Move};
pub use error::LeagueError;
pub use night::{
    Adjustment, Confirmation, HomeAway, Leg, Match, Night, NightFault, NightResult, Pair,
    SeasonRecord, Team, TeamId,
};
pub use standings::{standings, Explanation, Standings};
