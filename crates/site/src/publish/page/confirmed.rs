//! A season's table of confirmed nights only (`season/<slug>/confirmed.html`), as `don
//! standings --confirmed` prints it: the nights not yet confirmed by both teams (provisional or
//! disputed) are left out, and listed. `don serve` answers `?confirmed` with it.

use super::*;
use crate::app::view::StandingsView;

/// The words of the links to the page.
pub(crate) const CONFIRMED_ONLY: &str = "Only confirmed nights";

impl Pages<'_> {
    pub(crate) fn confirmed(&mut self, s: &Loaded) -> Result<(), PublishError> {
        let path = s.confirmed_page();
        let view = StandingsView::of(&s.season, true);
        let intro = vec![Para::of(vec![
            Span::text(
                "The table counting only the nights both teams have confirmed; the nights not yet confirmed are left out. ",
            ),
            Span::link("The table with every night counted", "index.html#table"),
            Span::text("."),
        ])];
        let mut sections = if s.divisions.is_empty() {
            vec![Section {
                heading: "Table".into(),
                id: "table".into(),
                class: "table".into(),
                tables: vec![self.standings_table(
                    &path,
                    s,
                    (&view, ", confirmed nights only"),
                    true,
                )],
                folded: vec![self.more_columns(&path, s, (&view, ", confirmed nights only"), true)],
                after: self.table_notes(&view, false),
                ..Section::default()
            }]
        } else {
            let how = super::season::Divided {
                heading: &|name: &str| format!("Table: {name}"),
                confirmed: true,
                reasons: true,
            };
            self.division_sections(&path, s, &how, Vec::new())
        };
        let left: Vec<&Fixture> = s
            .fixtures
            .iter()
            .filter(|f| f.result.is_some() && !f.confirmation.is_confirmed())
            .collect();
        let left_out = self.nights_section(
            &path,
            ("Nights left out", "left-out"),
            format!(
                "Season {}: the nights not yet confirmed by both teams",
                s.info.name
            ),
            &left,
            s,
            "None: both teams have confirmed every night entered.",
        );
        self.page(
            &path,
            format!("Season {}, confirmed nights only", s.info.name),
            intro,
            {
                sections.push(left_out);
                sections
            },
        )
    }
}
