//! A league's configuration: as flags, and as written back.

use std::io::{self, Write};

use serde_json::{Map, Value};

use don::league::{Config, ConfigChange, KindConfig};
use don::record::ruleset_from_json;

use crate::cli::error::CliError;
use crate::cli::new::typed;
use crate::cli::text::{count, shown};

/// A league's configuration, as flags; each left out keeps its value.
#[derive(clap::Args, Debug, Default, PartialEq)]
#[command(next_help_heading = "Configuration (Abercarn by default; see docs/league.md)")]
pub struct ConfigFlags {
    /// The night's matches of one kind, KIND=MATCHES,TARGET,PLAYERS[,BEST_OF]; give one for
    /// each kind of the night [default: don=3,121,2 double-crib=3,121,2 single-crib=3,61,1]
    #[arg(long = "kind", value_name = "KIND=M,T,P[,B]")]
    kinds: Vec<String>,
    /// Every match is the best of this many legs [default: 3]
    #[arg(long, value_name = "LEGS")]
    best_of: Option<u32>,
    /// Championship points for a match won [default: 1]
    #[arg(long, value_name = "POINTS")]
    points_per_match: Option<u32>,
    /// Matches a walkover awards the team that turned up [default: every match of the night]
    #[arg(long, value_name = "MATCHES")]
    walkover: Option<u32>,
    /// Players a team's roster should have at least [default: 5]
    #[arg(long, value_name = "PLAYERS")]
    roster_min: Option<u32>,
    /// The tie-breakers in order, from points legs-difference legs-won head-to-head nights-won
    /// name [default: 'points legs-difference legs-won']
    #[arg(long, value_name = "LIST")]
    tie_breakers: Option<String>,
    /// The ruleset of the Don matches: a variant and its options, as in
    /// 'nine-card-don target=121 end_scoring=hljg' [default: nine-card-don]
    #[arg(long, value_name = "RULESET")]
    don_rules: Option<String>,
    /// Teams going up and down between divisions when a season is made with --same-teams
    /// [default: 2]
    #[arg(long, value_name = "TEAMS")]
    up_down: Option<u32>,
}

impl ConfigFlags {
    /// Whether any flag is given.
    pub fn given(&self) -> bool {
        *self != ConfigFlags::default()
    }

    /// The change the flags ask for, as typed values.
    pub fn change(&self) -> Result<ConfigChange, CliError> {
        let usage = |e: &dyn std::fmt::Display| CliError::Usage(e.to_string());
        let night = if self.kinds.is_empty() {
            None
        } else {
            Some(
                self.kinds
                    .iter()
                    .map(|k| k.parse::<KindConfig>())
                    .collect::<Result<_, _>>()
                    .map_err(|e| usage(&e))?,
            )
        };
        Ok(ConfigChange {
            night,
            best_of: self.best_of,
            points_per_match: self.points_per_match,
            walkover: self.walkover,
            roster_min: self.roster_min,
            tie_breakers: self
                .tie_breakers
                .as_deref()
                .map(Config::parse_breakers)
                .transpose()
                .map_err(|e| usage(&e))?,
            don_rules: self.don_rules.as_deref().map(don_rules).transpose()?,
            up_down: self.up_down,
        })
    }
}

/// `nine-card-don target=91 end_scoring=hljg`.
fn don_rules(text: &str) -> Result<don::rules::Variant, CliError> {
    let mut words = text.split_whitespace();
    let variant = words.next().unwrap_or("");
    let mut map = Map::new();
    map.insert("variant".into(), Value::from(variant.to_lowercase()));
    for word in words {
        let (key, value) = word.split_once('=').ok_or_else(|| {
            CliError::Usage(format!(
                "--don-rules: \"{word}\" is not OPTION=VALUE (as in target=121)"
            ))
        })?;
        map.insert(key.replace('-', "_"), typed(value));
    }
    ruleset_from_json(Value::Object(map)).map_err(|e| CliError::Usage(format!("--don-rules: {e}")))
}

/// Writes a league's (or a season's) configuration.
pub fn write_config(out: &mut impl Write, config: &Config) -> io::Result<()> {
    writeln!(out, "  Night:        {}", config.describe_night())?;
    writeln!(
        out,
        "  Points:       {} a match won ({} a night)",
        config.points_per_match,
        config.points_per_match * config.matches()
    )?;
    writeln!(
        out,
        "  Don rules:    {}",
        shown(&config.don_rules.describe())
    )?;
    writeln!(
        out,
        "  Walkover:     {}–0",
        config.walkover_matches() * config.points_per_match
    )?;
    writeln!(
        out,
        "  Roster:       at least {}",
        count(config.roster_min, "player", "players")
    )?;
    let breakers: Vec<&str> = config.breakers().iter().map(|b| b.as_str()).collect();
    writeln!(out, "  Tie-breakers: {}", breakers.join(", "))?;
    // Said only when changed: a league's configuration reads as it did before divisions.
    if config.up_down != don::league::config::UP_DOWN {
        writeln!(
            out,
            "  Up and down:  {} between divisions",
            count(config.up_down, "team", "teams")
        )?;
    }
    Ok(())
}
