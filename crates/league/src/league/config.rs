//! A league's configuration (RULES.md §7): the night's composition, the ruleset of its Don
//! matches, walkover points, the roster minimum and the tie-breakers. A season keeps the
//! configuration it was made with, so a past season's table never moves.

use std::fmt;
use std::str::FromStr;

use serde_json::{json, Map, Value};

use crate::record::{ruleset_from_json, write::ruleset_json};
use crate::rules::Variant;

/// A kind of game played on a match night.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Don (by default Nine Card Don pairs, legs to 121).
    Don,
    /// Double cribbage: pairs.
    DoubleCrib,
    /// Single crib: singles.
    SingleCrib,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Don, Kind::DoubleCrib, Kind::SingleCrib];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Don => "don",
            Kind::DoubleCrib => "double-crib",
            Kind::SingleCrib => "single-crib",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Kind {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<Kind, ConfigError> {
        let s = s.trim().to_ascii_lowercase();
        Kind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| ConfigError::UnknownKind(s.to_string()))
    }
}

/// A tie-breaker of the table (RULES.md §7), applied in the configured order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Breaker {
    Points,
    LegsDifference,
    LegsWon,
    HeadToHead,
    NightsWon,
    Name,
}

impl Breaker {
    pub const ALL: [Breaker; 6] = [
        Breaker::Points,
        Breaker::LegsDifference,
        Breaker::LegsWon,
        Breaker::HeadToHead,
        Breaker::NightsWon,
        Breaker::Name,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Breaker::Points => "points",
            Breaker::LegsDifference => "legs-difference",
            Breaker::LegsWon => "legs-won",
            Breaker::HeadToHead => "head-to-head",
            Breaker::NightsWon => "nights-won",
            Breaker::Name => "name",
        }
    }
}

impl fmt::Display for Breaker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Breaker {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<Breaker, ConfigError> {
        let s = s.trim().to_ascii_lowercase();
        Breaker::ALL
            .into_iter()
            .find(|b| b.as_str() == s)
            .ok_or_else(|| ConfigError::UnknownBreaker(s.to_string()))
    }
}

/// The matches of one kind on a night.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindConfig {
    pub kind: Kind,
    /// How many matches of this kind a night has (slots 1 to `matches`).
    pub matches: u32,
    /// Each match is the best of this many legs (odd).
    pub best_of: u32,
    /// A leg is won by the first side at or past this score.
    pub target: u32,
    /// Players a side: 2 for pairs, 1 for singles.
    pub players: u32,
}

impl KindConfig {
    /// Legs a side needs to win the match.
    pub fn legs_to_win(&self) -> u32 {
        self.best_of / 2 + 1
    }
}

impl fmt::Display for KindConfig {
    /// `don=3,121,2,3`: matches, target, players a side, best of.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}={},{},{},{}",
            self.kind, self.matches, self.target, self.players, self.best_of
        )
    }
}

impl FromStr for KindConfig {
    type Err = ConfigError;
    /// `KIND=MATCHES,TARGET,PLAYERS[,BEST_OF]` (best of three when left out).
    fn from_str(s: &str) -> Result<KindConfig, ConfigError> {
        let bad = || ConfigError::BadKindConfig(s.to_string());
        let (kind, rest) = s.split_once('=').ok_or_else(bad)?;
        let kind: Kind = kind.parse()?;
        let numbers: Vec<u32> = rest
            .split(',')
            .map(|n| n.trim().parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let (matches, target, players, best_of) = match numbers[..] {
            [m, t, p] => (m, t, p, 3),
            [m, t, p, b] => (m, t, p, b),
            _ => return Err(bad()),
        };
        let config = KindConfig {
            kind,
            matches,
            best_of,
            target,
            players,
        };
        config.validate()?;
        Ok(config)
    }
}

impl KindConfig {
    fn validate(&self) -> Result<(), ConfigError> {
        let bad = |why: &str| ConfigError::Invalid(format!("{}: {why}", self.kind));
        if self.matches == 0 || self.matches > 50 {
            return Err(bad("a night has 1 to 50 matches of a kind"));
        }
        if self.best_of == 0 || self.best_of.is_multiple_of(2) || self.best_of > 15 {
            return Err(bad("best of an odd number of legs, 1 to 15"));
        }
        if self.target == 0 || self.target > 10_000 {
            return Err(bad("a leg's target is 1 to 10000"));
        }
        if !(1..=4).contains(&self.players) {
            return Err(bad("a side has 1 to 4 players"));
        }
        Ok(())
    }
}

/// A league's (or a season's) configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The night's composition, in the order its matches are played.
    pub night: Vec<KindConfig>,
    /// Championship points for each match won.
    pub points_per_match: u32,
    /// The ruleset of the night's Don legs.
    pub don_rules: Variant,
    /// Matches a walkover awards the side that turned up; `None`: every match of the night.
    pub walkover: Option<u32>,
    /// Players a roster should have at least.
    pub roster_min: u32,
    /// The tie-breakers in order; `name` is always the last resort.
    pub tie_breakers: Vec<Breaker>,
    /// Teams going up and down between divisions at a season's end (RULES.md §10).
    pub up_down: u32,
}

/// Teams going up and down between divisions unless the league says otherwise (RULES.md §10).
pub const UP_DOWN: u32 = 2;

impl Default for Config {
    /// Abercarn: three Don, three double crib, three single crib; best of three; one point a
    /// match; Nine Card Don to 121.
    fn default() -> Config {
        let k = |kind, target, players| KindConfig {
            kind,
            matches: 3,
            best_of: 3,
            target,
            players,
        };
        Config {
            night: vec![
                k(Kind::Don, 121, 2),
                k(Kind::DoubleCrib, 121, 2),
                k(Kind::SingleCrib, 61, 1),
            ],
            points_per_match: 1,
            don_rules: Variant::default_for("nine-card-don").expect("a variant"),
            walkover: None,
            roster_min: 5,
            tie_breakers: vec![Breaker::Points, Breaker::LegsDifference, Breaker::LegsWon],
            up_down: UP_DOWN,
        }
    }
}

/// What is wrong with a configuration.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("no kind of game \"{0}\" (the kinds are don, double-crib and single-crib)")]
    UnknownKind(String),
    #[error("no tie-breaker \"{0}\" (they are points, legs-difference, legs-won, head-to-head, nights-won and name)")]
    UnknownBreaker(String),
    #[error("\"{0}\" is not KIND=MATCHES,TARGET,PLAYERS[,BEST_OF] (e.g. don=3,121,2)")]
    BadKindConfig(String),
    #[error("{0}")]
    Invalid(String),
}

impl Config {
    /// The configuration of a kind, if the night has it.
    pub fn kind(&self, kind: Kind) -> Option<&KindConfig> {
        self.night.iter().find(|k| k.kind == kind)
    }

    /// Matches in a night.
    pub fn matches(&self) -> u32 {
        self.night.iter().map(|k| k.matches).sum()
    }

    /// Matches a walkover awards.
    pub fn walkover_matches(&self) -> u32 {
        self.walkover.unwrap_or_else(|| self.matches())
    }

    /// Checks the whole configuration.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.night.is_empty() {
            return Err(ConfigError::Invalid(
                "a night has at least one kind of game".into(),
            ));
        }
        for (i, k) in self.night.iter().enumerate() {
            k.validate()?;
            if self.night[..i].iter().any(|o| o.kind == k.kind) {
                return Err(ConfigError::Invalid(format!(
                    "{} is named twice in the night",
                    k.kind
                )));
            }
        }
        if self.up_down > 100 {
            return Err(ConfigError::Invalid(
                "teams going up and down are 0 to 100".into(),
            ));
        }
        if self.points_per_match == 0 || self.points_per_match > 100 {
            return Err(ConfigError::Invalid("points a match is 1 to 100".into()));
        }
        if self.walkover.is_some_and(|w| w > self.matches()) {
            return Err(ConfigError::Invalid(format!(
                "a walkover cannot award more than the night's {} matches",
                self.matches()
            )));
        }
        for (i, b) in self.tie_breakers.iter().enumerate() {
            if self.tie_breakers[..i].contains(b) {
                return Err(ConfigError::Invalid(format!(
                    "tie-breaker {b} is named twice"
                )));
            }
        }
        // The table is by points; name is the last resort (RULES.md §7).
        if self.tie_breakers.first() != Some(&Breaker::Points) {
            return Err(ConfigError::Invalid(
                "the table goes by points first: the tie-breakers begin with points".into(),
            ));
        }
        if let Some(i) = self.tie_breakers.iter().position(|b| *b == Breaker::Name) {
            if i + 1 != self.tie_breakers.len() {
                return Err(ConfigError::Invalid(
                    "name is the last resort: it can only come last among the tie-breakers".into(),
                ));
            }
        }
        Ok(())
    }

    /// The tie-breakers in force: those configured, then `name`.
    pub fn breakers(&self) -> Vec<Breaker> {
        let mut list = self.tie_breakers.clone();
        if !list.contains(&Breaker::Name) {
            list.push(Breaker::Name);
        }
        list
    }

    /// As stored: JSON with every setting written out (`up_down` only when it is not the
    /// default, so that a configuration kept before divisions reads and writes as it was).
    pub fn to_json(&self) -> Value {
        let mut value = json!({
            "night": self.night.iter().map(|k| json!({
                "kind": k.kind.as_str(),
                "matches": k.matches,
                "best_of": k.best_of,
                "target": k.target,
                "players": k.players,
            })).collect::<Vec<_>>(),
            "points_per_match": self.points_per_match,
            "don_rules": ruleset_json(&self.don_rules),
            "walkover": self.walkover,
            "roster_min": self.roster_min,
            "tie_breakers": self.tie_breakers.iter().map(|b| b.as_str()).collect::<Vec<_>>(),
        });
        if self.up_down != UP_DOWN {
            value["up_down"] = json!(self.up_down);
        }
        value
    }

    /// The configuration as the database keeps it (its JSON, as text).
    pub fn to_text(&self) -> String {
        self.to_json().to_string()
    }

    /// Reads a configuration kept as [`Config::to_text`] writes it.
    pub fn from_text(text: &str) -> Result<Config, ConfigError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ConfigError::Invalid(format!("a stored configuration: {e}")))?;
        Config::from_json(&value)
    }

    /// Reads a stored configuration back.
    pub fn from_json(value: &Value) -> Result<Config, ConfigError> {
        let bad = |what: &str| ConfigError::Invalid(format!("a stored configuration: {what}"));
        let map: &Map<String, Value> = value.as_object().ok_or_else(|| bad("not an object"))?;
        let uint = |m: &Map<String, Value>, key: &str| -> Result<u32, ConfigError> {
            m.get(key)
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| bad(&format!("`{key}`")))
        };
        let night = map
            .get("night")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("`night`"))?
            .iter()
            .map(|k| {
                let m = k.as_object().ok_or_else(|| bad("`night`"))?;
                Ok(KindConfig {
                    kind: m
                        .get("kind")
                        .and_then(Value::as_str)
                        .ok_or_else(|| bad("`kind`"))?
                        .parse()?,
                    matches: uint(m, "matches")?,
                    best_of: uint(m, "best_of")?,
                    target: uint(m, "target")?,
                    players: uint(m, "players")?,
                })
            })
            .collect::<Result<Vec<_>, ConfigError>>()?;
        let don_rules = ruleset_from_json(map.get("don_rules").cloned().unwrap_or(Value::Null))
            .map_err(|e| bad(&e))?;
        let walkover = match map.get("walkover") {
            None | Some(Value::Null) => None,
            Some(_) => Some(uint(map, "walkover")?),
        };
        let tie_breakers = map
            .get("tie_breakers")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("`tie_breakers`"))?
            .iter()
            .map(|b| b.as_str().ok_or_else(|| bad("`tie_breakers`"))?.parse())
            .collect::<Result<Vec<Breaker>, _>>()?;
        let config = Config {
            night,
            points_per_match: uint(map, "points_per_match")?,
            don_rules,
            walkover,
            roster_min: uint(map, "roster_min")?,
            tie_breakers,
            up_down: match map.get("up_down") {
                None => UP_DOWN,
                Some(_) => uint(map, "up_down")?,
            },
        };
        config.validate()?;
        Ok(config)
    }

    /// Parses a list of tie-breakers, space- or comma-separated.
    pub fn parse_breakers(list: &str) -> Result<Vec<Breaker>, ConfigError> {
        list.split([',', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(str::parse)
            .collect()
    }

    /// The night in words: "3 don (pairs, to 121), 3 double-crib (pairs, to 121), 3
    /// single-crib (singles, to 61); each the best of 3 legs".
    pub fn describe_night(&self) -> String {
        self.night
            .iter()
            .map(|k| {
                let who = match k.players {
                    1 => "singles".to_string(),
                    2 => "pairs".to_string(),
                    n => format!("{n} a side"),
                };
                format!(
                    "{} {} ({who}, to {}, best of {})",
                    k.matches, k.kind, k.target, k.best_of
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A change to a configuration, as asked (each part left out keeps its value).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConfigChange {
    /// The night's matches, kind by kind.
    pub night: Option<Vec<KindConfig>>,
    /// Every match the best of this many legs.
    pub best_of: Option<u32>,
    pub points_per_match: Option<u32>,
    pub walkover: Option<u32>,
    pub roster_min: Option<u32>,
    pub tie_breakers: Option<Vec<Breaker>>,
    pub don_rules: Option<Variant>,
    pub up_down: Option<u32>,
}

impl ConfigChange {
    /// Whether it changes nothing.
    pub fn is_empty(&self) -> bool {
        *self == ConfigChange::default()
    }

    /// `config` with the change applied, checked whole.
    pub fn apply(&self, mut config: Config) -> Result<Config, ConfigError> {
        if let Some(night) = &self.night {
            config.night = night.clone();
        }
        if let Some(b) = self.best_of {
            for k in &mut config.night {
                k.best_of = b;
            }
        }
        if let Some(p) = self.points_per_match {
            config.points_per_match = p;
        }
        if let Some(w) = self.walkover {
            config.walkover = Some(w);
        }
        if let Some(r) = self.roster_min {
            config.roster_min = r;
        }
        if let Some(list) = &self.tie_breakers {
            config.tie_breakers = list.clone();
        }
        if let Some(rules) = &self.don_rules {
            config.don_rules = rules.clone();
        }
        if let Some(n) = self.up_down {
            config.up_down = n;
        }
        config.validate()?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_abercarn_and_round_trips() {
        let c = Config::default();
        assert_eq!(c.matches(), 9);
        assert_eq!(c.walkover_matches(), 9);
        assert_eq!(
            c.breakers(),
            [
                Breaker::Points,
                Breaker::LegsDifference,
                Breaker::LegsWon,
                Breaker::Name
            ]
        );
        assert_eq!(Config::from_json(&c.to_json()), Ok(c));
    }

    #[test]
    fn kind_configs_parse_and_refuse() {
        let k: KindConfig = "single-crib=3,61,1".parse().unwrap();
        assert_eq!((k.matches, k.target, k.players, k.best_of), (3, 61, 1, 3));
        assert_eq!(k.to_string(), "single-crib=3,61,1,3");
        assert!("don=3,121,2,2".parse::<KindConfig>().is_err());
        assert!("whist=3,121,2".parse::<KindConfig>().is_err());
        assert!("don=3".parse::<KindConfig>().is_err());
    }
}
