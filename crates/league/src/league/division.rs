//! Divisions (RULES.md §10): a season's teams split into divisions ranked from the top, each
//! with its own table (the league's night, points and tie-breakers), and promotion and
//! relegation by the final tables when the next season is made from the last one's teams.

use std::collections::HashSet;

use super::night::{SeasonRecord, TeamId};
use super::standings::{standings, Standings};

/// A division of a season: its name and its teams (top division first in a season's list).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Division {
    pub name: String,
    pub teams: Vec<TeamId>,
}

impl SeasonRecord {
    /// The division a team plays in, if the season has divisions.
    pub fn division_of(&self, team: TeamId) -> Option<&Division> {
        self.divisions.iter().find(|d| d.teams.contains(&team))
    }

    /// The season division by division, top first, each as a season of its own: its teams,
    /// the nights between them, their adjustments and (a closed season) their recorded lines.
    /// A season without divisions is one division, unnamed: itself.
    pub fn divided(&self) -> Vec<(Option<&Division>, SeasonRecord)> {
        if self.divisions.is_empty() {
            return vec![(None, self.clone())];
        }
        self.divisions
            .iter()
            .map(|d| (Some(d), self.only(&d.teams)))
            .collect()
    }

    /// One division of the season, by name (case and extra spaces ignored).
    pub fn division(&self, name: &str) -> Option<(&Division, SeasonRecord)> {
        let key = super::names::name_key(name);
        self.divisions
            .iter()
            .find(|d| super::names::name_key(&d.name) == key)
            .map(|d| (d, self.only(&d.teams)))
    }

    /// The season with only these teams: their nights with each other, their adjustments and
    /// recorded lines.
    fn only(&self, teams: &[TeamId]) -> SeasonRecord {
        let has: HashSet<TeamId> = teams.iter().copied().collect();
        SeasonRecord {
            name: self.name.clone(),
            config: self.config.clone(),
            teams: self
                .teams
                .iter()
                .filter(|t| has.contains(&t.id))
                .cloned()
                .collect(),
            nights: self
                .nights
                .iter()
                .filter(|n| has.contains(&n.home) && has.contains(&n.away))
                .cloned()
                .collect(),
            adjustments: self
                .adjustments
                .iter()
                .filter(|a| has.contains(&a.team))
                .cloned()
                .collect(),
            recorded: self
                .recorded
                .iter()
                .filter(|r| has.contains(&r.team))
                .cloned()
                .collect(),
            divisions: Vec::new(),
        }
    }
}

/// Each division's final table, top division first (a season without divisions: one, unnamed).
pub fn tables(season: &SeasonRecord) -> Vec<(Option<Division>, Standings)> {
    season
        .divided()
        .into_iter()
        .map(|(d, s)| (d.cloned(), standings(&s)))
        .collect()
}

/// A team's move between divisions from one season to the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub team: TeamId,
    /// The division it played in, and the one it goes to (their places in the lists, from 0,
    /// the top division first).
    pub from: usize,
    pub to: usize,
}

/// The next season's divisions made from the last one's final tables (RULES.md §10): the top
/// `up_down` of each division but the top go up one division, the bottom `up_down` of each
/// division but the lowest go down one, by the final tables (every tie-breaker, adjustments
/// included). A withdrawn team counts as bottom of its division (below every team still in it)
/// and is not carried on. Where a division is too small for both, its teams going up are chosen
/// first and those going down from the rest. Each division keeps its name; the teams of each
/// are in the order of the final tables they come from (the division's own teams first, then
/// those coming down, then those coming up). Gives the divisions and the moves, top division's
/// first.
pub fn promoted(tables: &[(Division, Standings)], up_down: u32) -> (Vec<Division>, Vec<Move>) {
    let n = up_down as usize;
    let lowest = tables.len().saturating_sub(1);
    // Each division's teams in final order, the withdrawn (expunged) at the bottom.
    let orders: Vec<Vec<(TeamId, bool)>> = tables
        .iter()
        .map(|(_, s)| {
            s.rows
                .iter()
                .map(|r| (r.team.id, true))
                .chain(s.withdrawn.iter().map(|r| (r.team.id, false)))
                .collect()
        })
        .collect();
    let mut stay: Vec<Vec<TeamId>> = vec![Vec::new(); tables.len()];
    let mut down: Vec<Vec<TeamId>> = vec![Vec::new(); tables.len()];
    let mut up: Vec<Vec<TeamId>> = vec![Vec::new(); tables.len()];
    let mut moves = Vec::new();
    for (i, order) in orders.iter().enumerate() {
        let goes_up = if i == 0 { 0 } else { n.min(order.len()) };
        let goes_down = if i == lowest {
            0
        } else {
            n.min(order.len() - goes_up)
        };
        for (at, &(team, carried)) in order.iter().enumerate() {
            if !carried {
                continue;
            }
            if at < goes_up {
                up[i - 1].push(team);
                moves.push(Move {
                    team,
                    from: i,
                    to: i - 1,
                });
            } else if at >= order.len() - goes_down {
                down[i + 1].push(team);
                moves.push(Move {
                    team,
                    from: i,
                    to: i + 1,
                });
            } else {
                stay[i].push(team);
            }
        }
    }
    let divisions = tables
        .iter()
        .enumerate()
        .map(|(i, (d, _))| Division {
            name: d.name.clone(),
            teams: stay[i]
                .iter()
                .chain(&down[i])
                .chain(&up[i])
                .copied()
                .collect(),
        })
        .collect();
    (divisions, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::night::Team;
    use crate::record::standings::TableLine;

    fn table(teams: &[TeamId], withdrawn: &[TeamId]) -> Standings {
        let line = |id: TeamId| TableLine {
            team: Team {
                id,
                ..Team::default()
            },
            ..TableLine::default()
        };
        Standings {
            rows: teams.iter().map(|&t| line(t)).collect(),
            explanations: Vec::new(),
            withdrawn: withdrawn.iter().map(|&t| line(t)).collect(),
        }
    }

    fn division(name: &str, teams: &[TeamId]) -> Division {
        Division {
            name: name.into(),
            teams: teams.to_vec(),
        }
    }

    #[test]
    fn a_middle_division_too_small_for_both_sends_its_top_up_first() {
        // Three divisions, two up and two down: the middle one of three sends 4 and 5 up and
        // only 6 down; the top's bottom two (2, 3) and the lowest's top two (7, 8) move.
        let tables = [
            (division("A", &[1, 2, 3]), table(&[1, 2, 3], &[])),
            (division("B", &[4, 5, 6]), table(&[4, 5, 6], &[])),
            (division("C", &[7, 8, 9]), table(&[7, 8, 9], &[])),
        ];
        let (next, moves) = promoted(&tables, 2);
        let teams: Vec<Vec<TeamId>> = next.iter().map(|d| d.teams.clone()).collect();
        assert_eq!(teams, [vec![1, 4, 5], vec![2, 3, 7, 8], vec![9, 6]]);
        assert_eq!(moves.len(), 7);
    }

    #[test]
    fn a_withdrawn_team_counts_bottom_and_is_not_carried_on() {
        let tables = [
            (division("A", &[1, 2]), table(&[1, 2], &[])),
            (division("B", &[3, 4, 5]), table(&[3, 4], &[5])),
        ];
        let (next, moves) = promoted(&tables, 1);
        let teams: Vec<Vec<TeamId>> = next.iter().map(|d| d.teams.clone()).collect();
        assert_eq!(teams, [vec![1, 3], vec![4, 2]]);
        assert_eq!(
            moves,
            [
                Move {
                    team: 2,
                    from: 0,
                    to: 1
                },
                Move {
                    team: 3,
                    from: 1,
                    to: 0
                }
            ]
        );
    }
}
