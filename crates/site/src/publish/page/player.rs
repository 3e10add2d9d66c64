//! The players' page and each player's page.

use super::*;
use crate::app::view::stats::FiguresView;

impl Pages<'_> {
    pub(crate) fn players_page(&mut self) -> Result<(), PublishError> {
        let path = "players.html";
        let mut list: Vec<(&String, &String)> = self
            .names
            .players
            .values()
            .map(|(slug, name)| (name, slug))
            .collect();
        list.sort();
        let mut section = Section {
            heading: "Every player of the league".into(),
            list: list
                .iter()
                .map(|(name, slug)| {
                    Para::of(vec![Span::link(*name, format!("player/{slug}.html"))])
                })
                .collect(),
            ..Section::default()
        };
        if section.list.is_empty() {
            section.intro.push(Para::text("No players yet."));
        }
        self.page(path, "Players".into(), vec![], vec![section])
    }

    /// A player: figures by kind and partnership over every season, then season by season.
    pub(crate) fn player(
        &mut self,
        key: &str,
        slug: &str,
        name: &str,
        seasons: &[Loaded],
        every_season: &HashMap<String, Stats>,
    ) -> Result<(), PublishError> {
        let path = format!("player/{slug}.html");
        let none = Stats::default();
        let figures = every_season.get(key).unwrap_or(&none);
        let mut sections = Vec::new();
        let mut intro = Vec::new();
        let mut teams = Vec::new();
        for s in seasons.iter().rev() {
            for e in &s.entries {
                if e.roster.iter().any(|p| name_key(p) == key) {
                    teams.push((s, e));
                }
            }
        }
        if !teams.is_empty() {
            let mut spans = vec![Span::text("On the roster of ")];
            for (i, (s, e)) in teams.iter().enumerate() {
                if i > 0 {
                    spans.push(Span::text(", "));
                }
                spans.push(Span::link(
                    &e.team.name,
                    rel(&path, &self.names.team(e.team.id)),
                ));
                spans.push(Span::text(format!(" in {}", s.info.name)));
            }
            spans.push(Span::text("."));
            intro.push(Para::of(spans));
        }
        let mut by_kind = Section {
            heading: "Every season, by kind of game".into(),
            ..Section::default()
        };
        if figures.players.is_empty() {
            by_kind.intro.push(Para::text("No matches entered yet."));
        } else {
            by_kind.tables.push(self.figures_table(
                &path,
                format!("{name}: matches and legs by kind, every season"),
                &FiguresView::of(&figures.players, "Player"),
                true,
            ));
        }
        sections.push(by_kind);
        if !figures.partnerships.is_empty() {
            sections.push(Section {
                heading: "Partnerships".into(),
                tables: vec![self.figures_table(
                    &path,
                    format!("{name}'s partnerships, every season"),
                    &FiguresView::of(&figures.partnerships, "Partnership"),
                    true,
                )],
                ..Section::default()
            });
        }
        let mut rows = Vec::new();
        for s in seasons.iter().rev() {
            for l in s.by_player.get(key).map_or(&[][..], |f| &f.players[..]) {
                rows.push(ListingRow::of(vec![
                    Cell::header(vec![Span::link(&s.info.name, rel(&path, &s.page()))]),
                    Cell::text(l.kind.as_str()),
                    Cell::text(&l.team),
                    Cell::num(l.matches),
                    Cell::num(l.matches_won),
                    Cell::num(l.legs),
                    Cell::num(l.legs_won),
                ]));
            }
        }
        if !rows.is_empty() {
            sections.push(Section {
                heading: "Season by season".into(),
                tables: vec![Listing {
                    division: String::new(),
                    id: String::new(),
                    caption: format!("{name}, season by season"),
                    head: vec![Head::new("Season"), Head::new("Kind"), Head::new("Team")]
                        .into_iter()
                        .chain(super::tables::figures_heads())
                        .collect(),
                    rows,
                }],
                ..Section::default()
            });
        }
        self.page(&path, name.to_string(), intro, sections)
    }
}
