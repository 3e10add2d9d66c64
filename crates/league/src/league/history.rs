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

use super::names::name_key;
use super::night::{HomeAway, Night, NightResult, SeasonRecord, TeamId};
use super::standings::standings;
use crate::record::history as json;
use crate::record::standings::TableLine;

/// How a season's results survive, the most detailed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Source {
    /// Some night was entered match by match.
    Matches,
    /// Nights known by their totals (or walkovers), with dates.
    Nights,
    /// Nights from a results grid only: no dates.
    Grid,
    /// The final table only.
    Table,
}

impl Source {
    /// The word FORMAT.md §8 uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Matches => "matches",
            Source::Nights => "nights",
            Source::Grid => "grid",
            Source::Table => "table",
        }
    }
}

/// One season of a league, as the store reads it for its history.
#[derive(Clone, Debug, PartialEq)]
pub struct PastSeason {
    /// The season's number in the database: seasons ending on the same day go by it.
    pub id: i64,
    /// The season's end ([`super::fixtures::season_end`]); `None` puts it after those with one.
    pub end: Option<NaiveDate>,
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

/// A season's line of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonLine {
    pub season: String,
    pub source: Source,
    /// The first team of the final standings (the leaders of a season not finished).
    pub champions: Option<String>,
    pub runners_up: Option<String>,
    /// Teams in the final standings.
    pub teams: usize,
    /// Closed, or nothing left to play: its first team took the title.
    pub finished: bool,
}

/// A team's line of the all-time table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllTimeLine {
    /// From 1, never shared.
    pub pos: u32,
    pub team: TeamId,
    /// The team's name today.
    pub name: String,
    pub seasons: u32,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub points: i64,
    pub titles: u32,
}

/// A night won by a margin of matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigWin {
    pub season: String,
    /// `None` for a night of a results grid.
    pub date: Option<NaiveDate>,
    pub winner: String,
    pub loser: String,
    /// Matches won by the winner, then by the loser.
    pub score: (u32, u32),
    /// Whether the winner was at home.
    pub at_home: bool,
}

impl BigWin {
    pub fn margin(&self) -> u32 {
        self.score.0.saturating_sub(self.score.1)
    }
}

/// Nights won one after another by a team in a season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub team: String,
    pub season: String,
    pub nights: u32,
    pub from: NaiveDate,
    pub to: NaiveDate,
}

/// A team's titles, with the seasons won, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Titles {
    pub team: String,
    pub titles: u32,
    pub seasons: Vec<String>,
}

/// The records of a league's history (each list empty when there is none).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    /// Every night won by the biggest margin, oldest first.
    pub biggest_wins: Vec<BigWin>,
    /// Every longest winning run, oldest first.
    pub longest_runs: Vec<Run>,
    /// Every team with the most titles, by name.
    pub most_titles: Vec<Titles>,
}

/// A player's season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CareerSeason {
    pub season: String,
    /// The teams they were on or played for, by name.
    pub teams: Vec<String>,
    pub matches: u32,
    pub won: u32,
    pub legs_won: u32,
    pub legs_lost: u32,
}

/// A player's career, season by season, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Career {
    pub player: String,
    pub seasons: Vec<CareerSeason>,
}

/// A league's history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// Oldest first.
    pub seasons: Vec<SeasonLine>,
    pub all_time: Vec<AllTimeLine>,
    pub records: Records,
    /// By player's name.
    pub careers: Vec<Career>,
}

impl History {
    /// The history as FORMAT.md §8 writes it (with its records and careers besides).
    pub fn record<'a>(&'a self, league: &'a str) -> json::History<'a> {
        json::History {
            league,
            seasons: self
                .seasons
                .iter()
                .map(|s| json::Season {
                    season: &s.season,
                    source: s.source.as_str(),
                    champions: s.champions.as_deref(),
                    runners_up: s.runners_up.as_deref(),
                    teams: s.teams,
                    finished: s.finished,
                })
                .collect(),
            all_time: self
                .all_time
                .iter()
                .map(|l| json::AllTime {
                    pos: l.pos,
                    team: &l.name,
                    seasons: l.seasons,
                    played: l.played,
                    won: l.won,
                    drawn: l.drawn,
                    lost: l.lost,
                    points: l.points,
                    titles: l.titles,
                })
                .collect(),
            records: json::Records {
                biggest_wins: self
                    .records
                    .biggest_wins
                    .iter()
                    .map(|w| json::BigWin {
                        season: &w.season,
                        date: w.date.map(|d| d.to_string()),
                        winner: &w.winner,
                        loser: &w.loser,
                        score: [w.score.0, w.score.1],
                        at_home: w.at_home,
                    })
                    .collect(),
                longest_runs: self
                    .records
                    .longest_runs
                    .iter()
                    .map(|r| json::Run {
                        team: &r.team,
                        season: &r.season,
                        nights: r.nights,
                        from: r.from.to_string(),
                        to: r.to.to_string(),
                    })
                    .collect(),
                most_titles: self
                    .records
                    .most_titles
                    .iter()
                    .map(|t| json::Titles {
                        team: &t.team,
                        titles: t.titles,
                        seasons: t.seasons.iter().map(String::as_str).collect(),
                    })
                    .collect(),
            },
            players: self
                .careers
                .iter()
                .map(|c| json::Career {
                    player: &c.player,
                    seasons: c
                        .seasons
                        .iter()
                        .map(|s| json::CareerSeason {
                            season: &s.season,
                            teams: s.teams.iter().map(String::as_str).collect(),
                            matches: s.matches,
                            won: s.won,
                            legs_won: s.legs_won,
                            legs_lost: s.legs_lost,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// Names in table order: alphabetical ignoring case, then as written.
fn name_order(a: &str, b: &str) -> Ordering {
    a.to_lowercase()
        .cmp(&b.to_lowercase())
        .then_with(|| a.cmp(b))
}

/// Seasons oldest first: by their end, then by number; one with no end after those with one.
fn season_order(a: &PastSeason, b: &PastSeason) -> Ordering {
    match (a.end, b.end) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
    .then(a.id.cmp(&b.id))
}

/// A team's all-time figures as they add up.
#[derive(Default)]
struct Tally {
    seasons: u32,
    played: u32,
    won: u32,
    drawn: u32,
    lost: u32,
    points: i64,
    titles: u32,
    /// The seasons won, oldest first.
    won_seasons: Vec<String>,
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

/// The history of a league from its seasons (in any order) and its teams' names today.
pub fn history(mut seasons: Vec<PastSeason>, names: &HashMap<TeamId, String>) -> History {
    seasons.sort_by(season_order);
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
    tallies: HashMap<TeamId, Tally>,
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

/// A season's final standings: its recorded table, else its table worked out.
fn finals(past: &PastSeason) -> Vec<TableLine<TeamId>> {
    if !past.recorded.is_empty() {
        return past.recorded.clone();
    }
    standings(&past.season)
        .rows
        .into_iter()
        .map(|r| r.with_team(r.team.id))
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
        let finals = finals(past);
        let incomplete = season
            .nights
            .iter()
            .any(|n| n.matches_won(&season.config).is_none());
        let finished = closed || (past.unplayed == 0 && !incomplete);
        self.lines.push(SeasonLine {
            season: season.name.clone(),
            source: source(past),
            champions: finals.first().map(|f| self.name(f.team, season)),
            runners_up: finals.get(1).map(|f| self.name(f.team, season)),
            teams: finals.len(),
            finished,
        });
        for (i, f) in finals.iter().enumerate() {
            let t = self.tallies.entry(f.team).or_default();
            t.seasons += 1;
            t.played = t.played.saturating_add(f.played);
            t.won = t.won.saturating_add(f.won);
            t.drawn = t.drawn.saturating_add(f.drawn);
            t.lost = t.lost.saturating_add(f.lost);
            t.points = t.points.saturating_add(f.points);
            if i == 0 && finished {
                t.titles += 1;
                t.won_seasons.push(season.name.clone());
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
        let name = |id: TeamId| self.names.get(&id).cloned().unwrap_or_default();
        let mut all_time: Vec<AllTimeLine> = self
            .tallies
            .iter()
            .map(|(&team, t)| AllTimeLine {
                pos: 0,
                team,
                name: name(team),
                seasons: t.seasons,
                played: t.played,
                won: t.won,
                drawn: t.drawn,
                lost: t.lost,
                points: t.points,
                titles: t.titles,
            })
            .collect();
        all_time.sort_by(|a, b| {
            b.points
                .cmp(&a.points)
                .then(b.titles.cmp(&a.titles))
                .then(b.won.cmp(&a.won))
                .then_with(|| name_order(&a.name, &b.name))
                .then(a.team.cmp(&b.team))
        });
        for (line, pos) in all_time.iter_mut().zip(1u32..) {
            line.pos = pos;
        }
        let most = self.tallies.values().map(|t| t.titles).max().unwrap_or(0);
        let mut most_titles: Vec<Titles> = self
            .tallies
            .iter()
            .filter(|(_, t)| most > 0 && t.titles == most)
            .map(|(&team, t)| Titles {
                team: name(team),
                titles: t.titles,
                seasons: t.won_seasons.clone(),
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
            end: end.map(|d| d.parse().unwrap()),
            season: SeasonRecord {
                name: name.into(),
                config: Config::default(),
                teams: Vec::new(),
                nights: Vec::new(),
                adjustments: Vec::new(),
                recorded: Vec::new(),
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
            .map(|l| (l.pos, l.name.as_str(), l.points, l.titles, l.won))
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
            .map(|l| (l.name.as_str(), l.points, l.titles))
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
            .map(|l| (l.pos, l.name.as_str()))
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
