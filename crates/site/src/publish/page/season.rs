//! A season's page: its table with the tie-break reasons, its nights, the printable table and
//! the table as FORMAT.md §4 CSV and JSON.

use super::confirmed::CONFIRMED_ONLY;
use super::*;
use crate::app::view::StandingsView;

impl Pages<'_> {
    pub(crate) fn season(&mut self, s: &Loaded, seasons: &[Loaded]) -> Result<(), PublishError> {
        let path = s.page();
        let dir = s.dir();
        self.file(
            &format!("{dir}/standings.json"),
            format!("{}\n", table::json(&s.table.rows)).into_bytes(),
        );
        let csv = table::csv(&s.table.rows).map_err(|e| PublishError::Write {
            path: format!("{dir}/standings.csv").into(),
            source: std::io::Error::other(e.to_string()),
        })?;
        self.file(&format!("{dir}/standings.csv"), csv);
        let intro = vec![Para::text(s.season.config.describe_night())];
        let view = StandingsView::with(&s.season, s.table.clone(), false);
        let mut notes = self.table_notes(&view, false);
        notes.push(Para::of(vec![
            Span::link("Printable table", "table.html"),
            Span::text(" · "),
            Span::link(CONFIRMED_ONLY, "confirmed.html"),
            Span::text(" · the table as "),
            Span::link("CSV", "standings.csv"),
            Span::text(" or "),
            Span::link("JSON", "standings.json"),
        ]));
        let table_section = Section {
            heading: "Table".into(),
            id: "table".into(),
            class: "table".into(),
            tables: vec![self.standings_table(&path, s, (&view, ""), true)],
            folded: vec![self.more_columns(&path, s, (&view, ""), true)],
            after: notes,
            ..Section::default()
        };
        // The printable table: the table and its notes alone, the tie-break reasons under it
        // (a column of them would make the rows too tall for one page).
        let print = format!("{dir}/table.html");
        let after = self.table_notes(&view, true);
        let print_section = Section {
            heading: "Table".into(),
            id: "table".into(),
            class: "table".into(),
            tables: vec![self.standings_table(&print, s, (&view, ""), false)],
            folded: vec![self.more_columns(&print, s, (&view, ""), false)],
            after,
            ..Section::default()
        };
        self.page(
            &print,
            format!("Season {} table", s.info.name),
            vec![],
            vec![print_section],
        )?;
        let all: Vec<&Fixture> = s.fixtures.iter().collect();
        let nights = self.nights_section(
            &path,
            ("Results and fixtures", "nights"),
            format!("Season {}: every night by date", s.info.name),
            &all,
            s,
            "No fixtures yet.",
        );
        let teams = Section {
            heading: "Teams".into(),
            list: s
                .entries
                .iter()
                .map(|e| {
                    Para::of(vec![Span::link(
                        &e.team.name,
                        rel(&path, &self.names.team(e.team.id)),
                    )])
                })
                .collect(),
            ..Section::default()
        };
        let others = Section {
            heading: "Other seasons".into(),
            class: "screen-only".into(),
            list: seasons
                .iter()
                .rev()
                .filter(|o| o.info.id != s.info.id)
                .map(|o| {
                    Para::of(vec![Span::link(
                        format!("Season {}", o.info.name),
                        rel(&path, &o.page()),
                    )])
                })
                .collect(),
            ..Section::default()
        };
        let mut sections = vec![table_section];
        sections.extend(self.cups_section(&path, s));
        sections.extend([nights, teams]);
        if !others.list.is_empty() {
            sections.push(others);
        }
        self.page(&path, format!("Season {}", s.info.name), intro, sections)
    }
}
