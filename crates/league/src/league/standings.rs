//! The league table (RULES.md §7, FORMAT.md §4): championship points and the tie-breakers in
//! the configured order, and for each pair of neighbours the breaker that put one above the
//! other, with both figures.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

use super::config::{Breaker, Config};
use super::night::{HomeAway, Night, NightResult, Pair, SeasonRecord, Team, TeamId};
use crate::record::standings::TableLine;

/// Why one team stands above the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub above: TeamId,
    pub below: TeamId,
    /// The breaker that parted them.
    pub breaker: Breaker,
    /// In words: "Royal Oak above Red Lion: level on 61 points; legs difference +24 against +19".
    pub text: String,
}

/// The table, with its explanations (one per pair of neighbours, top down) and the withdrawn
/// teams' lines (expunged from the table; shown on request).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub rows: Vec<TableLine<Team>>,
    pub explanations: Vec<Explanation>,
    /// The withdrawn teams' own lines over all their nights, by name, each at `pos` 0.
    pub withdrawn: Vec<TableLine<Team>>,
}

/// The table of a season as it stands (see [`SeasonRecord::as_on`] for a past date).
///
/// Nights naming a team the season does not have, or a team against itself, are left out; a
/// team listed twice under one id counts once, as first listed.
pub fn standings(season: &SeasonRecord) -> Standings {
    if !season.recorded.is_empty() {
        return recorded(season);
    }
    let config = &season.config;
    let teams = distinct_teams(&season.teams);
    let known: HashSet<TeamId> = teams.iter().map(|t| t.id).collect();
    let expunged: HashSet<TeamId> = teams
        .iter()
        .filter(|t| t.withdrawn.is_some())
        .map(|t| t.id)
        .collect();
    let counted: Vec<Counted> = season
        .nights
        .iter()
        .filter(|n| n.home != n.away && known.contains(&n.home) && known.contains(&n.away))
        .filter_map(|n| outcome(n, config))
        .collect();
    let table: Vec<Counted> = counted
        .iter()
        .filter(|c| !expunged.contains(&c.teams.home) && !expunged.contains(&c.teams.away))
        .cloned()
        .collect();
    let line = |team: &Team, nights: &[Counted]| tally(team, nights, season);
    let rows: Vec<TableLine<Team>> = teams
        .iter()
        .filter(|t| t.withdrawn.is_none())
        .map(|t| line(t, &table))
        .collect();
    let mut withdrawn: Vec<TableLine<Team>> = teams
        .iter()
        .filter(|t| t.withdrawn.is_some())
        .map(|t| line(t, &counted))
        .collect();
    withdrawn
        .sort_by(|a, b| name_order(&a.team.name, &b.team.name).then(a.team.id.cmp(&b.team.id)));
    let (rows, explanations) = rank(rows, &table, config);
    Standings {
        rows,
        explanations,
        withdrawn,
    }
}

/// A closed season's standings: its final table as it was printed, in its printed order (no
/// explanations: nothing was worked out).
fn recorded(season: &SeasonRecord) -> Standings {
    let rows = season
        .recorded
        .iter()
        .map(|r| {
            let team = season.team(r.team).cloned().unwrap_or(Team {
                id: r.team,
                ..Team::default()
            });
            r.with_team(team)
        })
        .collect();
    Standings {
        rows,
        explanations: Vec::new(),
        withdrawn: Vec::new(),
    }
}

/// The teams, each id once (the first listing wins).
fn distinct_teams(teams: &[Team]) -> Vec<&Team> {
    let mut seen = HashSet::new();
    teams.iter().filter(|t| seen.insert(t.id)).collect()
}

/// A night that counts, as the table sees it.
#[derive(Clone, Debug)]
struct Counted {
    teams: Pair<TeamId>,
    matches: Pair<u32>,
    legs: Pair<u32>,
    /// Its legs are known: a night match by match; not a walkover, nor one known only by its
    /// totals (a night of a results grid is one or the other).
    legs_known: bool,
    /// The side that won the night; `None` for a draw.
    winner: Option<HomeAway>,
}

/// What a night gives each side, if it counts: `None` for an incomplete match-by-match night.
/// A walkover is won by the side that turned up, with no legs.
fn outcome(night: &Night, config: &Config) -> Option<Counted> {
    let matches = night.matches_won(config)?;
    let mut legs = Pair::<u32>::default();
    if let NightResult::Matches(ms) = &night.result {
        for m in ms {
            legs.home = legs.home.saturating_add(m.legs.home);
            legs.away = legs.away.saturating_add(m.legs.away);
        }
    }
    let winner = match night.result {
        NightResult::Walkover(side) => Some(side),
        _ => match matches.home.cmp(&matches.away) {
            std::cmp::Ordering::Greater => Some(HomeAway::Home),
            std::cmp::Ordering::Less => Some(HomeAway::Away),
            std::cmp::Ordering::Equal => None,
        },
    };
    Some(Counted {
        teams: Pair::new(night.home, night.away),
        matches,
        legs,
        legs_known: matches!(night.result, NightResult::Matches(_)),
        winner,
    })
}

/// A team's line over the given nights, with its adjustments (at `pos` 0).
fn tally(team: &Team, nights: &[Counted], season: &SeasonRecord) -> TableLine<Team> {
    let mut row = TableLine {
        team: team.clone(),
        ..TableLine::default()
    };
    let mut legs = Pair::<u32>::default();
    let mut any_legs = false;
    for night in nights {
        let side = if night.teams.home == team.id {
            HomeAway::Home
        } else if night.teams.away == team.id {
            HomeAway::Away
        } else {
            continue;
        };
        row.played = row.played.saturating_add(1);
        any_legs |= night.legs_known;
        let result = match night.winner {
            None => &mut row.drawn,
            Some(w) if w == side => &mut row.won,
            Some(_) => &mut row.lost,
        };
        *result = result.saturating_add(1);
        row.matches_for = row.matches_for.saturating_add(night.matches[side]);
        row.matches_against = row
            .matches_against
            .saturating_add(night.matches[side.other()]);
        legs.home = legs.home.saturating_add(night.legs[side]);
        legs.away = legs.away.saturating_add(night.legs[side.other()]);
    }
    if row.played == 0 || any_legs {
        (row.legs_for, row.legs_against) = (Some(legs.home), Some(legs.away));
    }
    let adjusted = season
        .adjustments
        .iter()
        .filter(|a| a.team == team.id)
        .fold(0i64, |sum, a| sum.saturating_add(a.points));
    row.points = championship(row.matches_for, &season.config).saturating_add(adjusted);
    row
}

/// Championship points for a number of matches won.
fn championship(matches: u32, config: &Config) -> i64 {
    i64::from(matches).saturating_mul(i64::from(config.points_per_match))
}

/// Names in table order: alphabetical ignoring case, then as written.
fn name_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.to_lowercase()
        .cmp(&b.to_lowercase())
        .then_with(|| a.cmp(b))
}

/// How a team sorts on one breaker: the smaller key goes higher.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// A figure where more is better.
    Figure(Reverse<i64>),
    /// A name: folded, then as written.
    Name(String, String),
}

/// One breaker as applied to a team: its key, and for head-to-head the teams it was among.
#[derive(Clone, Debug)]
struct Step {
    breaker: Breaker,
    key: Key,
    among: Vec<String>,
}

/// What the ordering works from.
struct Ranking<'a> {
    rows: &'a [TableLine<Team>],
    nights: &'a [Counted],
    config: &'a Config,
    breakers: Vec<Breaker>,
    /// For each row, the breakers applied to it while it was level with others.
    trace: Vec<Vec<Step>>,
}

/// Orders the rows by the breakers in force, numbers them, and explains each pair of
/// neighbours.
fn rank(
    rows: Vec<TableLine<Team>>,
    nights: &[Counted],
    config: &Config,
) -> (Vec<TableLine<Team>>, Vec<Explanation>) {
    let mut ranking = Ranking {
        rows: &rows,
        nights,
        config,
        breakers: config.breakers(),
        trace: vec![Vec::new(); rows.len()],
    };
    let order = ranking.order((0..rows.len()).collect(), 0);
    let last_is_name = ranking.breakers.last() == Some(&Breaker::Name);
    let explanations = order
        .windows(2)
        .map(|w| {
            let (a, b) = (&rows[w[0]], &rows[w[1]]);
            let (breaker, why) = explain(&ranking.trace[w[0]], &ranking.trace[w[1]], last_is_name);
            Explanation {
                above: a.team.id,
                below: b.team.id,
                breaker,
                text: format!("{} above {}: {why}", a.team.name, b.team.name),
            }
        })
        .collect();
    let table = order
        .iter()
        .zip(1u32..)
        .map(|(&i, pos)| TableLine {
            pos,
            ..rows[i].clone()
        })
        .collect();
    (table, explanations)
}

impl Ranking<'_> {
    /// Orders a group of teams level on the breakers before `level`: partitions it by the
    /// breaker at `level`, best first, and orders each part still level by the next. Teams level
    /// on every breaker go by their id.
    fn order(&mut self, mut group: Vec<usize>, level: usize) -> Vec<usize> {
        let Some(&breaker) = self.breakers.get(level) else {
            group.sort_by_key(|&i| self.rows[i].team.id);
            return group;
        };
        let among = if breaker == Breaker::HeadToHead {
            let mut names: Vec<&str> = group
                .iter()
                .map(|&i| self.rows[i].team.name.as_str())
                .collect();
            names.sort_by(|a, b| name_order(a, b));
            names.into_iter().map(str::to_string).collect()
        } else {
            Vec::new()
        };
        let keys = self.keys(breaker, &group);
        for (&i, key) in group.iter().zip(&keys) {
            self.trace[i].push(Step {
                breaker,
                key: key.clone(),
                among: among.clone(),
            });
        }
        let mut keyed: Vec<(Key, usize)> = keys.into_iter().zip(group).collect();
        keyed.sort();
        let mut out = Vec::with_capacity(keyed.len());
        let mut start = 0;
        while start < keyed.len() {
            let end = start
                + keyed[start..]
                    .iter()
                    .take_while(|(k, _)| *k == keyed[start].0)
                    .count();
            let part: Vec<usize> = keyed[start..end].iter().map(|&(_, i)| i).collect();
            if part.len() == 1 {
                out.extend(part);
            } else {
                out.extend(self.order(part, level + 1));
            }
            start = end;
        }
        out
    }

    /// Each team's key on a breaker, within its group.
    fn keys(&self, breaker: Breaker, group: &[usize]) -> Vec<Key> {
        let figure = |n: i64| Key::Figure(Reverse(n));
        if breaker == Breaker::HeadToHead {
            let h2h = self.head_to_head(group);
            return group
                .iter()
                .map(|&i| figure(h2h.get(&self.rows[i].team.id).copied().unwrap_or(0)))
                .collect();
        }
        group
            .iter()
            .map(|&i| {
                let row = &self.rows[i];
                match breaker {
                    Breaker::Points => figure(row.points),
                    Breaker::LegsDifference => figure(row.legs_difference()),
                    Breaker::LegsWon => figure(i64::from(row.legs_for.unwrap_or(0))),
                    Breaker::NightsWon => figure(i64::from(row.won)),
                    Breaker::HeadToHead => figure(0),
                    Breaker::Name => Key::Name(row.team.name.to_lowercase(), row.team.name.clone()),
                }
            })
            .collect()
    }

    /// Championship points each team of the group won in the group's nights with each other
    /// (walkovers included, adjustments not).
    fn head_to_head(&self, group: &[usize]) -> HashMap<TeamId, i64> {
        let ids: HashSet<TeamId> = group.iter().map(|&i| self.rows[i].team.id).collect();
        let mut points: HashMap<TeamId, i64> = HashMap::new();
        for night in self.nights {
            if !ids.contains(&night.teams.home) || !ids.contains(&night.teams.away) {
                continue;
            }
            for side in HomeAway::BOTH {
                let won = championship(night.matches[side], self.config);
                let total = points.entry(night.teams[side]).or_insert(0);
                *total = total.saturating_add(won);
            }
        }
        points
    }
}

/// The breaker that parted two neighbours (the first whose key differs), and why in words:
/// the figures they were level on, then the parting one.
fn explain(above: &[Step], below: &[Step], last_is_name: bool) -> (Breaker, String) {
    let mut level = Vec::new();
    let mut parted = None;
    for (a, b) in above.iter().zip(below) {
        if a.key != b.key {
            parted = Some((a.breaker, parting(a, b, last_is_name)));
            break;
        }
        if a.breaker != Breaker::Name {
            level.push(figure(a));
        }
    }
    let (breaker, why) = parted.unwrap_or_else(|| {
        let why = "level on every tie-breaker and named alike, so in the order the teams were \
                   entered";
        (Breaker::Name, why.to_string())
    });
    if level.is_empty() {
        (breaker, why)
    } else {
        (breaker, format!("level on {}; {why}", level.join(", ")))
    }
}

/// A step's figure on its own ("61 points", "legs difference +24").
fn figure(step: &Step) -> String {
    let n = value(step);
    match step.breaker {
        Breaker::Points => points(n),
        Breaker::LegsDifference => format!("legs difference {}", signed(n)),
        Breaker::LegsWon => format!("legs won {n}"),
        Breaker::HeadToHead => {
            format!("head-to-head among {} {}", step.among.join(", "), points(n))
        }
        Breaker::NightsWon => format!("nights won {n}"),
        Breaker::Name => "name".to_string(),
    }
}

/// The parting figures ("64 points against 61").
fn parting(a: &Step, b: &Step, last_is_name: bool) -> String {
    let (x, y) = (value(a), value(b));
    match a.breaker {
        Breaker::Points => format!("{} against {y}", points(x)),
        Breaker::LegsDifference => {
            format!("legs difference {} against {}", signed(x), signed(y))
        }
        Breaker::LegsWon => format!("legs won {x} against {y}"),
        Breaker::HeadToHead => format!(
            "head-to-head among {} {} against {y}",
            a.among.join(", "),
            points(x)
        ),
        Breaker::NightsWon => format!("nights won {x} against {y}"),
        Breaker::Name if last_is_name => "level on every tie-breaker, so by name".to_string(),
        Breaker::Name => "by name".to_string(),
    }
}

/// A step's figure as a number (0 for a name).
fn value(step: &Step) -> i64 {
    match step.key {
        Key::Figure(Reverse(n)) => n,
        Key::Name(..) => 0,
    }
}

/// "1 point", "61 points".
fn points(n: i64) -> String {
    if n == 1 || n == -1 {
        format!("{n} point")
    } else {
        format!("{n} points")
    }
}

/// A difference with its sign: "+24", "-3", "0".
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}
