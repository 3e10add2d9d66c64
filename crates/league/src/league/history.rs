//! The league's past as one story (issue 19, FORMAT.md §8): champions and runners-up by season,
//! the all-time table, the records, and each player's career by season across teams. Pure: the
//! store reads every season of a league at once (`store::history`), and this works it out in one
//! pass over the seasons, oldest first.
//!
//! What is decided here, and said in docs/league.md:
//! - A season's **final standings** are its recorded table when it has one (a closed season,
//!   FORMAT.md §7), else the table worked out from its nights as `don standings` works it out
//!   (every night with a result counts, confirmed or not; a withdrawn team is expunged). A
//!   season with neither a recorded table nor a night that counts is not part of the history.
//! - A season is **finished** when it is closed, or when it has no fixture left to play and no
//!   night entered match by match still incomplete. Its first team then takes the **title**; a
//!   season still being played shows its leaders, and gives no title.
//! - The **all-time table** sums each team's lines of the seasons' final standings (a withdrawn
//!   team's season, expunged from its table, counts for nothing), under the team's name today,
//!   ordered by points, then titles, then nights won, then name; `pos` is never shared.
//! - The **biggest win** is the night won by the most matches (walkovers left out: nothing was
//!   played); every night with that margin is listed, oldest first.
//! - The **longest winning run** is the most nights a team won one after another within one
//!   season, its dated nights in date order (then in the order they were entered); a walkover
//!   won counts as a night won; a draw or a loss ends a run. The nights of a results grid have no
//!   date, so their order is unknown: they are in no run. Every run of that length is listed.
//! - **Most titles**: the teams with the most, each with the seasons it won.
//! - A player's **career**: for each season of the history in which they are on a roster or
//!   played a match, the teams they were on or played for, the matches played and won and the
//!   legs won and lost, counted from the nights entered match by match that are complete (as
//!   `don stats` counts them). Players are told apart by name (ignoring case and spaces).

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap, HashSet};

use chrono::NaiveDate;

use super::fixtures::season_end;
use super::names::name_key;
use super::night::{HomeAway, Night, NightResult, SeasonRecord, TeamId};
use super::standings::standings;
use crate::record::history::{
    AllTime, BigWin, Career, CareerSeason, DivisionHonours, History, Records, Run,
    Season as SeasonLine, Source, Titles,
};
use crate::record::standings::TableLine;

/// One season of a league, as the store reads it for its history.
#[derive(Clone, Debug, PartialEq)]
pub struct PastSeason {
    /// The season's number in the database: seasons ending on the same day go by it.
    pub id: i64,
    /// The date of its last fixture (cancelled ones and grid nights not counted), if any: with
    /// its name, its end ([`season_end`]); one with no end goes after those with one.
    pub last_dated: Option<NaiveDate>,
    /// Its teams (named as they are today), nights with a result and adjustments.
    pub season: SeasonRecord,
    /// The fixtures (by number) of the nights known only from a results grid: no date.
    pub undated: HashSet<i64>,
    /// Its final table as printed, in printed order: empty unless the season is closed.
    pub recorded: Vec<TableLine<TeamId>>,
    /// Each team's players on its roster.
    pub rosters: Vec<(TeamId, String)>,
    /// Fixtures not cancelled and still to be played.
    pub unplayed: usize,
}

/// Names in table order: alphabetical ignoring case, then as written.
fn name_order(a: &str, b: &str) -> Ordering {
    a.to_lowercase()
        .cmp(&b.to_lowercase())
        .then_with(|| a.cmp(b))
}

/// A player's figures in one season as they add up.
#[derive(Default)]
struct Played {
    teams: BTreeSet<TeamId>,
    matches: u32,
    won: u32,
    legs_won: u32,
    legs_lost: u32,
}

/// A player's career as it adds up: the name first met, and each season's figures by the
/// season's place in the history.
struct Player {
    name: String,
    seasons: Vec<(usize, Played)>,
}

impl Player {
    /// The figures of the season at `at` (seasons come in order, so it is the last or new).
    fn season(&mut self, at: usize) -> &mut Played {
        if self.seasons.last().is_none_or(|(i, _)| *i != at) {
            self.seasons.push((at, Played::default()));
        }
        &mut self.seasons.last_mut().expect("just pushed").1
    }
}

/// What a night that counts gave: the teams, the matches each side won, and whether it was a
/// walkover.
struct Counted<'a> {
    night: &'a Night,
    matches: (u32, u32),
    walkover: bool,
}

impl Counted<'_> {
    /// The side that won; `None` for a draw.
    fn winner(&self) -> Option<HomeAway> {
        match self.night.result {
            NightResult::Walkover(side) => Some(side),
            _ => match self.matches.0.cmp(&self.matches.1) {
                Ordering::Greater => Some(HomeAway::Home),
                Ordering::Less => Some(HomeAway::Away),
                Ordering::Equal => None,
            },
        }
    }
}

/// Seasons in the history's order, oldest first: by their end, then by number; one with no end
/// after those with one.
pub fn oldest_first(seasons: &mut [PastSeason]) {
    seasons.sort_by_cached_key(|s| {
        let end = season_end(&s.season.name, s.last_dated);
        (end.is_none(), end, s.id)
    });
}

/// The history of a league from its seasons (in any order) and its teams' names today.
pub fn history(mut seasons: Vec<PastSeason>, names: &HashMap<TeamId, String>) -> History {
    oldest_first(&mut seasons);
    let mut telling = Telling {
        names,
        lines: Vec::new(),
        tallies: HashMap::new(),
        biggest: Vec::new(),
        runs: Vec::new(),
        players: Players::default(),
    };
    for past in &seasons {
        telling.season(past);
    }
    telling.told(&seasons)
}

/// The history as it is told, season by season, oldest first.
struct Telling<'a> {
    /// Each team's name today.
    names: &'a HashMap<TeamId, String>,
    lines: Vec<SeasonLine>,
    /// Each team's all-time line as it adds up (its place given at the end), with the seasons
    /// it won, oldest first.
    tallies: HashMap<TeamId, (AllTime, Vec<String>)>,
    biggest: Vec<BigWin>,
    runs: Vec<Run>,
    players: Players<'a>,
}

/// The nights of a season that its table counts (none of a withdrawn team's, none entered
/// match by match and not complete), as it counts them.
fn counted(season: &SeasonRecord) -> Vec<Counted<'_>> {
    let withdrawn: HashSet<TeamId> = season
        .teams
        .iter()
        .filter(|t| t.withdrawn.is_some())
        .map(|t| t.id)
        .collect();
    season
        .nights
        .iter()
        .filter(|n| between_teams(season, n))
        .filter(|n| !withdrawn.contains(&n.home) && !withdrawn.contains(&n.away))
        .filter_map(|n| {
            let m = n.matches_won(&season.config)?;
            Some(Counted {
                night: n,
                matches: (m.home, m.away),
                walkover: matches!(n.result, NightResult::Walkover(_)),
            })
        })
        .collect()
}

/// Whether a night is between two teams of the season (the table leaves out any other).
fn between_teams(season: &SeasonRecord, night: &Night) -> bool {
    night.home != night.away
        && season.teams.iter().any(|t| t.id == night.home)
        && season.teams.iter().any(|t| t.id == night.away)
}

/// A season's final standings, division by division, top first (one, unnamed, for a season
/// without divisions): its recorded table, else its table worked out.
fn finals(past: &PastSeason) -> Vec<(Option<String>, Vec<TableLine<TeamId>>)> {
    past.season
        .divided()
        .into_iter()
        .map(|(division, season)| {
            let lines = if !past.recorded.is_empty() {
                let teams: HashSet<TeamId> = season.teams.iter().map(|t| t.id).collect();
                past.recorded
                    .iter()
                    .filter(|r| division.is_none() || teams.contains(&r.team))
                    .cloned()
                    .collect()
            } else {
                standings(&season)
                    .rows
                    .into_iter()
                    .map(|r| r.with_team(r.team.id))
                    .collect()
            };
            (division.map(|d| d.name.clone()), lines)
        })
        .collect()
}

/// How a season's results survive: its final table, else the most detailed of its nights.
fn source(past: &PastSeason) -> Source {
    let nights = &past.season.nights;
    if !past.recorded.is_empty() {
        Source::Table
    } else if nights
        .iter()
        .any(|n| matches!(n.result, NightResult::Matches(_)))
    {
        Source::Matches
    } else if nights.iter().any(|n| !past.undated.contains(&n.id)) {
        Source::Nights
    } else {
        Source::Grid
    }
}

/// The team that played on `side` of a night.
fn team_on(night: &Night, side: HomeAway) -> TeamId {
    match side {
        HomeAway::Home => night.home,
        HomeAway::Away => night.away,
    }
}

impl<'a> Telling<'a> {
    /// A team's name today (else as the season had it).
    fn name(&self, id: TeamId, season: &SeasonRecord) -> String {
        self.names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| season.team(id).map_or_else(String::new, |t| t.name.clone()))
    }

    /// One season told: its line, its teams' figures, its records, its players.
    fn season(&mut self, past: &'a PastSeason) {
        let season = &past.season;
        let counted = counted(season);
        let closed = !past.recorded.is_empty();
        if !closed && counted.is_empty() {
            return;
        }
        let divided = finals(past);
        let divisions: Vec<DivisionHonours> = divided
            .iter()
            .filter_map(|(name, lines)| {
                Some(DivisionHonours {
                    division: name.clone()?,
                    champions: lines.first().map(|f| self.name(f.team, season)),
                    runners_up: lines.get(1).map(|f| self.name(f.team, season)),
                    teams: lines.len(),
                })
            })
            .collect();
        // The season's champions are its top division's; its teams, every division's.
        let top = divided.first().map_or(&[][..], |(_, lines)| &lines[..]);
        let finals: Vec<(bool, &TableLine<TeamId>)> = divided
            .iter()
            .enumerate()
            .flat_map(|(d, (_, lines))| {
                lines
                    .iter()
                    .enumerate()
                    .map(move |(i, l)| (d == 0 && i == 0, l))
            })
            .collect();
        let incomplete = season
            .nights
            .iter()
            .any(|n| n.matches_won(&season.config).is_none());
        let finished = closed || (past.unplayed == 0 && !incomplete);
        self.lines.push(SeasonLine {
            season: season.name.clone(),
            source: source(past),
            champions: top.first().map(|f| self.name(f.team, season)),
            runners_up: top.get(1).map(|f| self.name(f.team, season)),
            teams: finals.len(),
            finished,
            cups: Vec::new(),
            divisions,
        });
        for (title, f) in finals {
            let (t, won) = self.tallies.entry(f.team).or_insert_with(|| {
                let team = self.names.get(&f.team).cloned().unwrap_or_default();
                (
                    AllTime {
                        team,
                        ..AllTime::default()
                    },
                    Vec::new(),
                )
            });
            t.seasons += 1;
            t.played = t.played.saturating_add(f.played);
            t.won = t.won.saturating_add(f.won);
            t.drawn = t.drawn.saturating_add(f.drawn);
            t.lost = t.lost.saturating_add(f.lost);
            t.points = t.points.saturating_add(f.points);
            if title && finished {
                t.titles += 1;
                won.push(season.name.clone());
            }
        }
        self.wins(past, &counted);
        self.runs(past, &counted);
        self.careers(past);
    }

    /// The season's biggest wins kept where they are the biggest yet: walkovers left out.
    fn wins(&mut self, past: &PastSeason, counted: &[Counted<'_>]) {
        let season = &past.season;
        for c in counted.iter().filter(|c| !c.walkover) {
            let Some(side) = c.winner() else { continue };
            let (won, lost) = match side {
                HomeAway::Home => c.matches,
                HomeAway::Away => (c.matches.1, c.matches.0),
            };
            let win = BigWin {
                season: season.name.clone(),
                date: (!past.undated.contains(&c.night.id)).then_some(c.night.date),
                winner: self.name(team_on(c.night, side), season),
                loser: self.name(team_on(c.night, side.other()), season),
                score: (won, lost),
                at_home: side == HomeAway::Home,
            };
            keep_best(&mut self.biggest, win, BigWin::margin);
        }
    }

    /// The season's winning runs kept where they are the longest yet: its dated nights in date
    /// order, then as entered.
    fn runs(&mut self, past: &PastSeason, counted: &[Counted<'_>]) {
        let mut dated: Vec<&Counted<'_>> = counted
            .iter()
            .filter(|c| !past.undated.contains(&c.night.id))
            .collect();
        dated.sort_by_key(|c| (c.night.date, c.night.id));
        // Each team's run going: nights, first and last date.
        let mut going: HashMap<TeamId, (u32, NaiveDate, NaiveDate)> = HashMap::new();
        let mut ended: Vec<(TeamId, (u32, NaiveDate, NaiveDate))> = Vec::new();
        for c in &dated {
            let winner = c.winner();
            for side in HomeAway::BOTH {
                let team = team_on(c.night, side);
                if winner == Some(side) {
                    let run = going.entry(team).or_insert((0, c.night.date, c.night.date));
                    run.0 += 1;
                    run.2 = c.night.date;
                } else if let Some(run) = going.remove(&team) {
                    ended.push((team, run));
                }
            }
        }
        ended.extend(going);
        ended.sort_by_key(|(team, run)| (run.1, *team));
        for (team, (nights, from, to)) in ended {
            let run = Run {
                team: self.name(team, &past.season),
                season: past.season.name.clone(),
                nights,
                from,
                to,
            };
            keep_best(&mut self.runs, run, |r| r.nights);
        }
    }

    /// The season's players: its rosters, then the matches of its complete nights.
    fn careers(&mut self, past: &'a PastSeason) {
        let season = &past.season;
        let at = self.lines.len() - 1;
        for (team, who) in &past.rosters {
            self.players.played(who, at).teams.insert(*team);
        }
        for n in season.nights.iter().filter(|n| between_teams(season, n)) {
            let NightResult::Matches(ms) = &n.result else {
                continue;
            };
            if n.matches_won(&season.config).is_none() {
                continue;
            }
            for m in ms {
                for side in HomeAway::BOTH {
                    for who in &m.players[side] {
                        let p = self.players.played(who, at);
                        p.teams.insert(team_on(n, side));
                        p.matches += 1;
                        if m.winner() == side {
                            p.won += 1;
                        }
                        p.legs_won = p.legs_won.saturating_add(m.legs[side]);
                        p.legs_lost = p.legs_lost.saturating_add(m.legs[side.other()]);
                    }
                }
            }
        }
    }

    /// The history told: the all-time table in order, the most titles, the careers.
    fn told(self, seasons: &[PastSeason]) -> History {
        let mut all_time: Vec<(TeamId, AllTime)> = self
            .tallies
            .iter()
            .map(|(&team, (line, _))| (team, line.clone()))
            .collect();
        all_time.sort_by(|(x, a), (y, b)| {
            b.points
                .cmp(&a.points)
                .then(b.titles.cmp(&a.titles))
                .then(b.won.cmp(&a.won))
                .then_with(|| name_order(&a.team, &b.team))
                .then(x.cmp(y))
        });
        let all_time: Vec<AllTime> = (1u32..)
            .zip(all_time)
            .map(|(pos, (_, line))| AllTime { pos, ..line })
            .collect();
        let most = self.tallies.values().map(|(t, _)| t.titles).max();
        let mut most_titles: Vec<Titles> = self
            .tallies
            .values()
            .filter(|(t, _)| t.titles > 0 && Some(t.titles) == most)
            .map(|(t, won)| Titles {
                team: t.team.clone(),
                titles: t.titles,
                seasons: won.clone(),
            })
            .collect();
        most_titles.sort_by(|a, b| name_order(&a.team, &b.team));
        let team_names: HashMap<TeamId, String> = seasons
            .iter()
            .flat_map(|s| &s.season.teams)
            .map(|t| (t.id, self.names.get(&t.id).unwrap_or(&t.name).clone()))
            .collect();
        let season_names: Vec<&str> = self.lines.iter().map(|l| l.season.as_str()).collect();
        let mut careers: Vec<Career> = self
            .players
            .all
            .into_iter()
            .map(|p| p.career(&season_names, &team_names))
            .collect();
        careers.sort_by(|a, b| name_order(&a.player, &b.player));
        History {
            seasons: self.lines,
            all_time,
            records: Records {
                biggest_wins: self.biggest,
                longest_runs: self.runs,
                most_titles,
            },
            careers,
        }
    }
}

impl Player {
    /// The career as told: each season named, the teams named (today's names), by name.
    fn career(self, seasons: &[&str], teams: &HashMap<TeamId, String>) -> Career {
        Career {
            player: self.name,
            seasons: self
                .seasons
                .into_iter()
                .map(|(at, played)| {
                    let mut names: Vec<String> = played
                        .teams
                        .iter()
                        .map(|t| teams.get(t).cloned().unwrap_or_default())
                        .collect();
                    names.sort_by(|a, b| name_order(a, b));
                    CareerSeason {
                        season: seasons[at].to_string(),
                        teams: names,
                        matches: played.matches,
                        won: played.won,
                        legs_won: played.legs_won,
                        legs_lost: played.legs_lost,
                    }
                })
                .collect(),
        }
    }
}

/// The players met, told apart by name (ignoring case and spaces).
#[derive(Default)]
struct Players<'a> {
    all: Vec<Player>,
    /// Each player's place in `all`, by the key of their name.
    by_key: HashMap<String, usize>,
    /// The same, by the name as written (a name is written the same way many times: its key is
    /// worked out once).
    by_name: HashMap<&'a str, usize>,
}

impl<'a> Players<'a> {
    /// The figures in the season at `at` of the player named `who`.
    fn played(&mut self, who: &'a str, at: usize) -> &mut Played {
        let i = match self.by_name.get(who) {
            Some(&i) => i,
            None => {
                let all = &mut self.all;
                let i = *self.by_key.entry(name_key(who)).or_insert_with(|| {
                    all.push(Player {
                        name: who.to_string(),
                        seasons: Vec::new(),
                    });
                    all.len() - 1
                });
                self.by_name.insert(who, i);
                i
            }
        };
        self.all[i].season(at)
    }
}

/// Keeps `best` as every item with the greatest key so far, in the order met.
fn keep_best<T, K: Ord>(best: &mut Vec<T>, item: T, key: impl Fn(&T) -> K) {
    match best.first().map(|b| key(&item).cmp(&key(b))) {
        None | Some(Ordering::Greater) => {
            best.clear();
            best.push(item);
        }
        Some(Ordering::Equal) => best.push(item),
        Some(Ordering::Less) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::Config;

    /// A season known by its final table: each line `(team, won, points)` of 10 nights, none
    /// drawn.
    fn closed(id: i64, name: &str, end: Option<&str>, lines: &[(TeamId, u32, i64)]) -> PastSeason {
        PastSeason {
            id,
            last_dated: end.map(|d| d.parse().unwrap()),
            season: SeasonRecord {
                name: name.into(),
                config: Config::default(),
                teams: Vec::new(),
                nights: Vec::new(),
                adjustments: Vec::new(),
                recorded: Vec::new(),
                divisions: Vec::new(),
            },
            undated: HashSet::new(),
            recorded: lines
                .iter()
                .map(|&(team, won, points)| TableLine {
                    team,
                    played: 10,
                    won,
                    lost: 10 - won,
                    points,
                    ..TableLine::default()
                })
                .collect(),
            rosters: Vec::new(),
            unplayed: 0,
        }
    }

    fn names() -> HashMap<TeamId, String> {
        [(1, "Abbey"), (2, "bell"), (3, "Crown"), (4, "Bell")]
            .into_iter()
            .map(|(id, n)| (id, n.to_string()))
            .collect()
    }

    #[test]
    fn the_all_time_table_goes_by_points_then_titles_then_won_then_name_and_no_place_is_shared() {
        // 2001: Crown 30 (title, 8 won), Abbey 30 (7 won), bell 20. 2002: Abbey 20 (title, 5
        // won), Crown 20 (6 won), Bell 10 (5 won), bell 0 (2 won).
        // Abbey 50 pts 1 title 12 won; Crown 50 pts 1 title 14 won: Crown first. bell 20 pts
        // and Bell 10: by points.
        // Then 2003 gives Bell 10 (title, 3 won): Bell 20 pts 1 title above bell 20 pts none.
        let seasons = vec![
            closed(
                2,
                "2002",
                Some("2002-12-31"),
                &[(1, 5, 20), (3, 6, 20), (4, 5, 10), (2, 2, 0)],
            ),
            closed(
                1,
                "2001",
                Some("2001-12-31"),
                &[(3, 8, 30), (1, 7, 30), (2, 4, 20)],
            ),
        ];
        let h = history(seasons.clone(), &names());
        let order: Vec<(u32, &str, i64, u32, u32)> = h
            .all_time
            .iter()
            .map(|l| (l.pos, l.team.as_str(), l.points, l.titles, l.won))
            .collect();
        assert_eq!(
            order,
            [
                (1, "Crown", 50, 1, 14),
                (2, "Abbey", 50, 1, 12),
                (3, "bell", 20, 0, 6),
                (4, "Bell", 10, 0, 5)
            ]
        );
        let mut more = seasons;
        more.push(closed(3, "2003", Some("2003-12-31"), &[(4, 3, 10)]));
        let h = history(more, &names());
        let order: Vec<(&str, i64, u32)> = h
            .all_time
            .iter()
            .map(|l| (l.team.as_str(), l.points, l.titles))
            .collect();
        assert_eq!(
            order,
            [
                ("Crown", 50, 1),
                ("Abbey", 50, 1),
                ("Bell", 20, 1),
                ("bell", 20, 0)
            ]
        );
        // Level on points, titles and won: by name, ignoring case first ("Bell" and "bell"
        // alike), then as written ("Bell" before "bell").
        let h = history(
            vec![
                closed(1, "2001", None, &[(2, 3, 9), (4, 3, 9)]),
                closed(2, "2002", None, &[(4, 3, 9), (2, 3, 9)]),
            ],
            &names(),
        );
        let order: Vec<(u32, &str)> = h
            .all_time
            .iter()
            .map(|l| (l.pos, l.team.as_str()))
            .collect();
        assert_eq!(order, [(1, "Bell"), (2, "bell")]);
        let titles: Vec<(&str, u32, &[String])> = h
            .records
            .most_titles
            .iter()
            .map(|t| (t.team.as_str(), t.titles, t.seasons.as_slice()))
            .collect();
        assert_eq!(
            titles,
            [
                ("Bell", 1, &["2002".to_string()][..]),
                ("bell", 1, &["2001".to_string()][..])
            ]
        );
    }

    #[test]
    fn seasons_go_by_their_end_then_number_and_one_without_an_end_goes_last() {
        let seasons = vec![
            closed(1, "no end", None, &[(1, 1, 1)]),
            closed(2, "late", Some("2010-06-30"), &[(1, 1, 1)]),
            closed(3, "early b", Some("2000-06-30"), &[(1, 1, 1)]),
            closed(4, "early a", Some("2000-06-30"), &[(1, 1, 1)]),
            closed(0, "no end first made", None, &[(1, 1, 1)]),
        ];
        let h = history(seasons, &names());
        let order: Vec<&str> = h.seasons.iter().map(|s| s.season.as_str()).collect();
        assert_eq!(
            order,
            ["early b", "early a", "late", "no end first made", "no end"]
        );
        assert!(h
            .seasons
            .iter()
            .all(|s| s.source == Source::Table && s.finished));
        assert_eq!(h.seasons[0].runners_up, None);
    }

    #[test]
    fn keep_best_keeps_every_tie_in_the_order_met() {
        let mut best = Vec::new();
        for n in [2, 1, 3, 3, 2, 3] {
            keep_best(&mut best, n, |&x| x);
        }
        assert_eq!(best, [3, 3, 3]);
    }

    #[test]
    fn no_seasons_no_history() {
        assert_eq!(history(Vec::new(), &names()), History::default());
    }
}
