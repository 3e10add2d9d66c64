//! The front page (the current table, the latest results, the next fixtures) and the
//! seasons' archive.

use super::confirmed::CONFIRMED_ONLY;
use super::history::{ALL_TIME, HONOURS};
use super::*;
use crate::app::view::StandingsView;

impl Pages<'_> {
    pub(crate) fn front_page(&mut self, seasons: &[Loaded]) -> Result<(), PublishError> {
        let path = "index.html";
        let mut sections = Vec::new();
        let mut intro = Vec::new();
        match self.front {
            None => intro.push(Para::text("No season yet.")),
            Some(s) => {
                intro.push(Para::of(vec![
                    Span::text(format!("Season {}: ", s.info.name)),
                    Span::text(s.season.config.describe_night()),
                ]));
                let view = StandingsView::with(&s.season, s.table.clone(), false);
                let mut notes = self.table_notes(&view, false);
                notes.push(Para::of(vec![
                    Span::link("The whole season", rel(path, &s.page())),
                    Span::text(" · "),
                    Span::link(
                        "Printable table",
                        rel(path, &format!("{}/table.html", s.dir())),
                    ),
                    Span::text(" · "),
                    Span::link(CONFIRMED_ONLY, rel(path, &s.confirmed_page())),
                ]));
                if s.divisions.is_empty() {
                    sections.push(Section {
                        heading: format!("Table, season {}", s.info.name),
                        id: "table".into(),
                        class: "table".into(),
                        tables: vec![self.standings_table(path, s, (&view, ""), true)],
                        folded: vec![self.more_columns(path, s, (&view, ""), true)],
                        after: notes,
                        ..Section::default()
                    });
                } else {
                    let season = s.info.name.clone();
                    let heading = move |name: &str| format!("Table, season {season}: {name}");
                    let how = super::season::Divided {
                        heading: &heading,
                        confirmed: false,
                        reasons: true,
                    };
                    let links = notes.pop().into_iter().collect();
                    sections.extend(self.division_sections(path, s, &how, links));
                }
                let mut played: Vec<&Fixture> =
                    s.fixtures.iter().filter(|f| f.result.is_some()).collect();
                played.reverse();
                played.truncate(10);
                sections.push(self.nights_section(
                    path,
                    ("Latest results", "results"),
                    format!("The latest nights of season {}, newest first", s.info.name),
                    &played,
                    s,
                    "No nights played yet.",
                ));
                // A night with no result on or before the latest night played is overdue, not
                // to come (the site is made from the database, not from a day).
                let latest = played.iter().map(|f| f.date).max();
                let (overdue, mut next): (Vec<&Fixture>, Vec<&Fixture>) = s
                    .fixtures
                    .iter()
                    .filter(|f| f.result.is_none() && !f.cancelled)
                    .partition(|f| latest.is_some_and(|l| f.date <= l));
                if !overdue.is_empty() {
                    sections.push(self.nights_section(
                        path,
                        ("Results overdue", "overdue"),
                        format!("Nights of season {} with no result yet", s.info.name),
                        &overdue,
                        s,
                        "",
                    ));
                }
                next.truncate(10);
                sections.extend(self.cups_section(path, s));
                sections.push(self.nights_section(
                    path,
                    ("Next fixtures", "fixtures"),
                    format!("The next fixtures of season {}", s.info.name),
                    &next,
                    s,
                    if s.fixtures.is_empty() {
                        "No fixtures yet."
                    } else {
                        "No fixtures left to play."
                    },
                ));
            }
        }
        sections.push(Section {
            heading: "Seasons".into(),
            intro: if seasons.is_empty() {
                vec![Para::text("None yet.".to_string())]
            } else {
                vec![]
            },
            list: seasons
                .iter()
                .rev()
                .map(|s| {
                    Para::of(vec![Span::link(
                        format!("Season {}", s.info.name),
                        rel(path, &s.page()),
                    )])
                })
                .collect(),
            after: vec![Para::of(vec![
                Span::link("Honours", rel(path, HONOURS)),
                Span::text(" · "),
                Span::link("All-time table", rel(path, ALL_TIME)),
            ])],
            ..Section::default()
        });
        self.page(path, self.names.league.clone(), intro, sections)
    }

    /// Every season, newest first, with its leader (or champion) and its nights played.
    pub(crate) fn archive(&mut self, seasons: &[Loaded]) -> Result<(), PublishError> {
        let path = "seasons.html";
        let rows = seasons
            .iter()
            .rev()
            .map(|s| {
                let top = s.table.rows.first();
                let played = s.season.nights.len();
                let total = s.fixtures.iter().filter(|f| !f.cancelled).count();
                ListingRow::of(vec![
                    Cell::header(vec![Span::link(&s.info.name, rel(path, &s.page()))]),
                    Cell::num(s.entries.len()),
                    Cell::text(format!("{played} of {total}")),
                    Cell::of(match top {
                        Some(r) => vec![Span::link(
                            format!("{} ({} pts)", r.team.name, r.points),
                            rel(path, &self.names.team(r.team.id)),
                        )],
                        None => vec![],
                    }),
                ])
            })
            .collect();
        let section = Section {
            heading: "Archive".into(),
            tables: vec![Listing {
                division: String::new(),
                id: String::new(),
                caption: format!("The seasons of {}, newest first", self.names.league),
                head: vec![
                    Head::new("Season"),
                    Head::num("Teams", ""),
                    Head::new("Nights played"),
                    Head::new("Top of the table"),
                ],
                rows,
            }],
            ..Section::default()
        };
        self.page(path, "All seasons".into(), vec![], vec![section])
    }
}
