//! The league's past on the site: the honours page (champions and runners-up by season, the
//! records) and the all-time table, as `don history` tells them (docs/league.md#history): the
//! records are [`records`]' views.

use super::*;
use crate::app::view::history::{known_from, records, Piece};
use crate::record::history::History;

/// The honours page, from the site's root.
pub(crate) const HONOURS: &str = "honours.html";
/// The all-time table's page, from the site's root.
pub(crate) const ALL_TIME: &str = "all-time.html";

impl Pages<'_> {
    /// A team named as it is today, linked to its page when it has one.
    fn team_span(&self, path: &str, name: &str, ids: &HashMap<&str, TeamId>) -> Span {
        match ids.get(name) {
            Some(id) if self.names.teams.contains_key(id) => {
                Span::link(name, rel(path, &self.names.team(*id)))
            }
            _ => Span::text(name),
        }
    }

    /// The honours page and the all-time table. `teams`: each team's name today.
    pub(crate) fn history(
        &mut self,
        told: &History,
        teams: &HashMap<TeamId, String>,
        seasons: &[Loaded],
    ) -> Result<(), PublishError> {
        let ids: HashMap<&str, TeamId> = teams.iter().map(|(id, n)| (n.as_str(), *id)).collect();
        self.honours(told, &ids, seasons)?;
        self.all_time(told, &ids)
    }

    /// The honours page: the champions, then the records.
    fn honours(
        &mut self,
        told: &History,
        ids: &HashMap<&str, TeamId>,
        seasons: &[Loaded],
    ) -> Result<(), PublishError> {
        let path = HONOURS;
        let champions = self.champions(path, told, ids, seasons);
        let records = self.records(path, told, ids);
        let mut sections = vec![champions];
        if told.seasons.iter().any(|s| !s.cups.is_empty()) {
            sections.push(self.cup_honours(path, told, ids, seasons));
        }
        sections.push(records);
        self.page(
            path,
            "Honours".into(),
            vec![Para::text(
                "Every season of the league, newest first; teams named as they are today.",
            )],
            sections,
        )
    }

    /// The cups' winners and runners-up by season, newest first.
    fn cup_honours(
        &self,
        path: &str,
        told: &History,
        ids: &HashMap<&str, TeamId>,
        seasons: &[Loaded],
    ) -> Section {
        let mut rows = Vec::new();
        for s in told.seasons.iter().rev() {
            let season = seasons.iter().find(|l| l.info.name == s.season);
            for c in &s.cups {
                let cup = season
                    .and_then(|l| l.cups.iter().find(|v| v.name == c.name).map(|v| (l, v)))
                    .map(|(l, v)| Span::link(&c.name, rel(path, &l.cup_page(v))))
                    .unwrap_or_else(|| Span::text(&c.name));
                rows.push(ListingRow::of(vec![
                    Cell::header(vec![Span::text(&s.season)]),
                    Cell::of(vec![cup]),
                    Cell::of(vec![self.team_span(path, &c.winner, ids)]),
                    Cell::of(vec![self.team_span(path, &c.runner_up, ids)]),
                ]));
            }
        }
        Section {
            heading: "Cups".into(),
            id: "cups".into(),
            tables: vec![Listing {
                division: String::new(),
                id: String::new(),
                caption: format!("The cups of {}, newest first", self.names.league),
                head: vec![
                    Head::new("Season"),
                    Head::new("Cup"),
                    Head::new("Winner"),
                    Head::new("Runner-up"),
                ],
                rows,
            }],
            ..Section::default()
        }
    }

    /// The champions and runners-up by season, newest first.
    fn champions(
        &self,
        path: &str,
        told: &History,
        ids: &HashMap<&str, TeamId>,
        seasons: &[Loaded],
    ) -> Section {
        // A season with no league table (only its cups decided) is under Cups alone.
        let rows = told
            .seasons
            .iter()
            .rev()
            .filter(|s| s.teams > 0)
            .flat_map(|s| {
                let page = seasons
                    .iter()
                    .find(|l| l.info.name == s.season)
                    .map(|l| rel(path, &l.page()));
                let season = match page {
                    Some(href) => Span::link(&s.season, href),
                    None => Span::text(&s.season),
                };
                let mut champions: Vec<Span> = s
                    .champions
                    .iter()
                    .map(|c| self.team_span(path, c, ids))
                    .collect();
                if !s.finished {
                    champions.push(Span::text(" (leaders: still being played)"));
                }
                let mut rows = vec![ListingRow::of(vec![
                    Cell::header(vec![season]),
                    Cell::of(champions),
                    Cell::of(
                        s.runners_up
                            .iter()
                            .map(|r| self.team_span(path, r, ids))
                            .collect(),
                    ),
                    Cell::num(s.teams),
                    Cell::text(known_from(s.source)),
                ])];
                // A season played in divisions: each division's first two, top first.
                rows.extend(s.divisions.iter().map(|d| {
                    let team = |t: &Option<String>| {
                        Cell::of(t.iter().map(|t| self.team_span(path, t, ids)).collect())
                    };
                    ListingRow::of(vec![
                        Cell::text(&d.division),
                        team(&d.champions),
                        team(&d.runners_up),
                        Cell::num(d.teams),
                        Cell::text(""),
                    ])
                }));
                rows
            })
            .collect();
        Section {
            heading: "Champions".into(),
            id: "champions".into(),
            intro: if told.seasons.is_empty() {
                vec![Para::text("No season with a result yet.")]
            } else {
                vec![]
            },
            tables: vec![Listing {
                division: String::new(),
                id: String::new(),
                caption: format!(
                    "The champions and runners-up of {}, newest first",
                    self.names.league
                ),
                head: vec![
                    Head::new("Season"),
                    Head::new("Champions"),
                    Head::new("Runners-up"),
                    Head::num("Teams", ""),
                    Head::new("Known from"),
                ],
                rows,
            }],
            after: vec![Para::of(vec![Span::link(
                "The all-time table",
                rel(path, ALL_TIME),
            )])],
            ..Section::default()
        }
    }

    /// The records: each headline, then every entry tied for it.
    fn records(&self, path: &str, told: &History, ids: &HashMap<&str, TeamId>) -> Section {
        let mut list = Vec::new();
        for record in records(told) {
            list.push(Para::text(record.headline));
            for entry in &record.entries {
                let spans = entry
                    .iter()
                    .map(|p| match p {
                        Piece::Text(t) => Span::text(t),
                        Piece::Team(name) => self.team_span(path, name, ids),
                    })
                    .collect();
                list.push(Para {
                    spans,
                    class: "tie".into(),
                });
            }
        }
        Section {
            heading: "Records".into(),
            id: "records".into(),
            intro: vec![Para::note(
                "The biggest win leaves out walkovers; a winning run is nights won one after \
                 another within a season, in date order (a results grid's nights have no date, \
                 and are in no run). Every entry tied for a record is listed.",
            )],
            list,
            ..Section::default()
        }
    }

    /// The all-time table's page.
    fn all_time(
        &mut self,
        told: &History,
        ids: &HashMap<&str, TeamId>,
    ) -> Result<(), PublishError> {
        let path = ALL_TIME;
        let rows = told
            .all_time
            .iter()
            .map(|l| {
                ListingRow::of(vec![
                    Cell::num(l.pos),
                    Cell::header(vec![self.team_span(path, &l.team, ids)]),
                    Cell::num(l.seasons),
                    Cell::num(l.played),
                    Cell::num(l.won),
                    Cell::num(l.drawn),
                    Cell::num(l.lost),
                    Cell::num(l.points),
                    Cell::num(l.titles),
                ])
            })
            .collect();
        let section = Section {
            heading: "All-time table".into(),
            id: "all-time".into(),
            class: "table".into(),
            intro: if told.all_time.is_empty() {
                vec![Para::text("No season with a result yet.")]
            } else {
                vec![]
            },
            tables: vec![Listing {
                division: String::new(),
                id: String::new(),
                caption: format!("Every season of {} summed, team by team", self.names.league),
                head: vec![
                    Head::num("Pos", "Position"),
                    Head::new("Team"),
                    Head::num("Seasons", ""),
                    Head::num("P", "Nights played"),
                    Head::num("W", "Nights won"),
                    Head::num("D", "Nights drawn"),
                    Head::num("L", "Nights lost"),
                    Head::num("Pts", "Points"),
                    Head::num("Titles", ""),
                ],
                rows,
            }],
            after: vec![
                Para::note(
                    "Teams are named as they are today. Ordered by points, then titles, then \
                     nights won, then name. A season known only by its final table counts as \
                     printed.",
                ),
                Para::of(vec![Span::link("Honours", rel(path, HONOURS))]),
            ],
            ..Section::default()
        };
        self.page(path, "All-time table".into(), vec![], vec![section])
    }
}
