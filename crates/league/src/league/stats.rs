//! Statistics per player and per partnership, per kind of game: matches and legs played and won
//! and, for Don legs scored with the engine, the points pegged per hand. Worked out from the
//! matches entered (of any night, complete or not, and of withdrawn teams too: they are about
//! players, not the table); [`complete_nights_only`] leaves out, as the table does, the nights
//! not yet complete.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::config::Kind;
use super::names::name_key;
use super::night::{is_complete, HomeAway, Match, Night, NightResult, SeasonRecord};

/// Whom a line is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    Player(String),
    /// Two players, in the order of their names (so "Rhys+Gareth" is "Gareth+Rhys").
    Partnership(String, String),
}

impl Who {
    pub fn name(&self) -> String {
        match self {
            Who::Player(p) => p.clone(),
            Who::Partnership(a, b) => format!("{a} & {b}"),
        }
    }

    fn key(&self) -> String {
        match self {
            Who::Player(p) => name_key(p),
            Who::Partnership(a, b) => format!("{}+{}", name_key(a), name_key(b)),
        }
    }

    fn has(&self, player: &str) -> bool {
        let k = name_key(player);
        match self {
            Who::Player(p) => name_key(p) == k,
            Who::Partnership(a, b) => name_key(a) == k || name_key(b) == k,
        }
    }
}

/// One player's (or partnership's) figures in one kind of game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatLine {
    pub who: Who,
    pub kind: Kind,
    /// The team played for (the latest, when more than one).
    pub team: String,
    pub matches: u32,
    pub matches_won: u32,
    pub legs: u32,
    pub legs_won: u32,
    /// Legs scored with the engine (a stored game).
    pub engine_legs: u32,
    /// Hands of those legs, and the points pegged in them.
    pub hands: u32,
    pub points: i64,
}

impl StatLine {
    pub fn points_per_hand(&self) -> Option<f64> {
        (self.hands > 0).then(|| self.points as f64 / f64::from(self.hands))
    }

    pub fn win_rate(&self) -> Option<f64> {
        (self.matches > 0).then(|| f64::from(self.matches_won) / f64::from(self.matches))
    }
}

/// Which lines to give.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub player: Option<String>,
    pub kind: Option<Kind>,
    pub team: Option<String>,
}

/// The statistics: players' lines and partnerships' lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub players: Vec<StatLine>,
    pub partnerships: Vec<StatLine>,
}

/// What a leaderboard ranks by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    MatchesWon,
    WinRate,
    LegsWon,
    PointsPerHand,
}

/// The season with only the nights the table counts in their matches: those entered match by
/// match and not yet complete are left out; with the nights left out, in date order.
pub fn complete_nights_only(season: &SeasonRecord) -> (SeasonRecord, Vec<Night>) {
    let (kept, left): (Vec<Night>, Vec<Night>) =
        season
            .nights
            .iter()
            .cloned()
            .partition(|n| match &n.result {
                NightResult::Matches(ms) => is_complete(&season.config, ms),
                _ => true,
            });
    let left = left
        .into_iter()
        .filter(|n| matches!(&n.result, NightResult::Matches(ms) if !ms.is_empty()))
        .collect();
    (
        SeasonRecord {
            nights: kept,
            ..season.clone()
        },
        left,
    )
}

/// How a night left out of the table until it is complete is named: "Royal Oak v Red Lion on
/// 2025-09-04 (1 of 9 matches entered)", with `season` (a name, or empty) after the date.
pub fn left_out_words(season: &SeasonRecord, night: &Night, of_season: &str) -> String {
    let name = |id| season.team(id).map_or("?", |t| t.name.as_str());
    let entered = match &night.result {
        NightResult::Matches(ms) => ms.len() as i64,
        _ => 0,
    };
    format!(
        "{} v {} on {}{of_season} ({entered} of {} entered)",
        name(night.home),
        name(night.away),
        night.date,
        crate::record::text::count(season.config.matches(), "match", "matches")
    )
}

/// The nights entered match by match and not yet complete, which the table leaves out (none of a
/// withdrawn team's: its results are expunged anyway), as `stats` names them.
pub fn incomplete_nights(season: &SeasonRecord) -> Vec<String> {
    let withdrawn = |id| season.team(id).is_some_and(|t| t.withdrawn.is_some());
    let (_, left) = complete_nights_only(season);
    left.iter()
        .filter(|n| !withdrawn(n.home) && !withdrawn(n.away))
        .map(|n| left_out_words(season, n, ""))
        .collect()
}

/// Every line over `seasons`, filtered, each list sorted by kind, then matches won, legs won and
/// name.
pub fn stats(seasons: &[SeasonRecord], filter: &Filter) -> Stats {
    let mut lines: HashMap<(String, Kind), StatLine> = HashMap::new();
    let mut order: Vec<(String, Kind)> = Vec::new();
    for season in seasons {
        for night in &season.nights {
            let NightResult::Matches(matches) = &night.result else {
                continue;
            };
            for m in matches {
                for side in HomeAway::BOTH {
                    let team_id = if side == HomeAway::Home {
                        night.home
                    } else {
                        night.away
                    };
                    let team = season
                        .team(team_id)
                        .map_or_else(String::new, |t| t.name.clone());
                    let players = &m.players[side];
                    let mut whos: Vec<Who> =
                        players.iter().map(|p| Who::Player(p.clone())).collect();
                    if let [a, b] = &players[..] {
                        let (a, b) = if name_key(a) <= name_key(b) {
                            (a, b)
                        } else {
                            (b, a)
                        };
                        whos.push(Who::Partnership(a.clone(), b.clone()));
                    }
                    for who in whos {
                        let key = (who.key(), m.kind);
                        let line = lines.entry(key.clone()).or_insert_with(|| {
                            order.push(key);
                            StatLine {
                                who,
                                kind: m.kind,
                                team: String::new(),
                                matches: 0,
                                matches_won: 0,
                                legs: 0,
                                legs_won: 0,
                                engine_legs: 0,
                                hands: 0,
                                points: 0,
                            }
                        });
                        add(line, m, side, &team);
                    }
                }
            }
        }
    }
    let mut stats = Stats::default();
    for key in order {
        let Some(line) = lines.remove(&key) else {
            continue;
        };
        if !keep(&line, filter) {
            continue;
        }
        match line.who {
            Who::Player(_) => stats.players.push(line),
            Who::Partnership(..) => stats.partnerships.push(line),
        }
    }
    for list in [&mut stats.players, &mut stats.partnerships] {
        list.sort_by(|a, b| {
            a.kind
                .cmp(&b.kind)
                .then(b.matches_won.cmp(&a.matches_won))
                .then(b.legs_won.cmp(&a.legs_won))
                .then(a.who.key().cmp(&b.who.key()))
        });
    }
    stats
}

impl Stats {
    /// The lines that pass `filter`, in the same order: the figures of many players or teams
    /// picked out of one pass over the seasons.
    pub fn filtered(&self, filter: &Filter) -> Stats {
        let pick = |lines: &[StatLine]| -> Vec<StatLine> {
            lines.iter().filter(|l| keep(l, filter)).cloned().collect()
        };
        Stats {
            players: pick(&self.players),
            partnerships: pick(&self.partnerships),
        }
    }

    /// Each player's lines (theirs and their partnerships'), by the player's name key: what
    /// [`Stats::filtered`] gives for a filter of that player alone, for every player in one pass.
    pub fn by_player(&self) -> HashMap<String, Stats> {
        let mut out: HashMap<String, Stats> = HashMap::new();
        for l in &self.players {
            if let Who::Player(p) = &l.who {
                out.entry(name_key(p)).or_default().players.push(l.clone());
            }
        }
        for l in &self.partnerships {
            if let Who::Partnership(a, b) = &l.who {
                let (a, b) = (name_key(a), name_key(b));
                if a != b {
                    out.entry(b).or_default().partnerships.push(l.clone());
                }
                out.entry(a).or_default().partnerships.push(l.clone());
            }
        }
        out
    }
}

fn add(line: &mut StatLine, m: &Match, side: HomeAway, team: &str) {
    line.team = team.to_string();
    line.matches += 1;
    line.matches_won += u32::from(m.winner() == side);
    line.legs = line
        .legs
        .saturating_add(m.legs.home.saturating_add(m.legs.away));
    line.legs_won = line.legs_won.saturating_add(m.legs[side]);
    for leg in m.leg_scores.iter().filter(|l| !l.hands.is_empty()) {
        line.engine_legs += 1;
        line.hands = line.hands.saturating_add(leg.hands.len() as u32);
        line.points = leg
            .hands
            .iter()
            .fold(line.points, |p, h| p.saturating_add(h[side]));
    }
}

fn keep(line: &StatLine, filter: &Filter) -> bool {
    filter.kind.is_none_or(|k| k == line.kind)
        && filter.player.as_deref().is_none_or(|p| line.who.has(p))
        && filter
            .team
            .as_deref()
            .is_none_or(|t| name_key(t) == name_key(&line.team))
}

/// The fewest hands a line needs to be ranked by points a hand.
pub const LEAST_HANDS: u32 = 1;

/// The words for a `--player` no player of the league is called, with the nearest name it
/// knows: "no player 'Gareth Jonse' in Abercarn; did you mean 'Gareth Jones'?". `None` when a
/// known player is called so.
pub fn unknown_player<'a>(
    name: &str,
    league: &str,
    known: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<String> {
    let key = name_key(name);
    if known.clone().into_iter().any(|k| name_key(k) == key) {
        return None;
    }
    let mut words = format!("no player '{}' in {league}", super::names::tidy(name));
    if let Some(near) = super::names::suggest(name, known) {
        words.push_str(&format!("; did you mean '{near}'?"));
    }
    Some(words)
}

/// The best `top` lines by `by` (win rate only among lines of at least `least` matches; points
/// a hand only among lines with hands), best first; ties by matches won, then name.
pub fn leaderboard(lines: &[StatLine], by: Ranking, least: u32, top: usize) -> Vec<&StatLine> {
    let mut list: Vec<&StatLine> = lines
        .iter()
        .filter(|l| match by {
            Ranking::WinRate => l.matches >= least.max(1),
            Ranking::PointsPerHand => l.hands >= LEAST_HANDS,
            _ => true,
        })
        .collect();
    let figure = |l: &StatLine| -> f64 {
        match by {
            Ranking::MatchesWon => f64::from(l.matches_won),
            Ranking::WinRate => l.win_rate().unwrap_or(0.0),
            Ranking::LegsWon => f64::from(l.legs_won),
            Ranking::PointsPerHand => l.points_per_hand().unwrap_or(0.0),
        }
    };
    list.sort_by(|a, b| {
        figure(b)
            .partial_cmp(&figure(a))
            .unwrap_or(Ordering::Equal)
            .then(b.matches_won.cmp(&a.matches_won))
            .then(a.who.key().cmp(&b.who.key()))
    });
    list.truncate(top);
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_players_lines_are_what_a_filter_of_them_gives() {
        let line = |who: Who, kind: Kind, matches: u32| StatLine {
            who,
            kind,
            team: "Royal Oak".into(),
            matches,
            matches_won: 0,
            legs: 0,
            legs_won: 0,
            engine_legs: 0,
            hands: 0,
            points: 0,
        };
        let p = |n: &str| Who::Player(n.into());
        let two = |a: &str, b: &str| Who::Partnership(a.into(), b.into());
        let all = Stats {
            players: vec![
                line(p("Gareth Jones"), Kind::Don, 3),
                line(p("Rhys"), Kind::Don, 2),
                line(p("gareth  JONES"), Kind::DoubleCrib, 1),
            ],
            partnerships: vec![
                line(two("Gareth Jones", "Rhys"), Kind::Don, 2),
                line(two("Rhys", "Zoë"), Kind::Don, 1),
            ],
        };
        let by_player = all.by_player();
        assert_eq!(by_player.len(), 3);
        for name in ["Gareth Jones", "Rhys", "ZOË"] {
            let filter = Filter {
                player: Some(name.into()),
                ..Filter::default()
            };
            assert_eq!(by_player[&name_key(name)], all.filtered(&filter), "{name}");
        }
    }
}
