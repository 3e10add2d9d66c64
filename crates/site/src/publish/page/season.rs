//! A season's page: its table with the tie-break reasons, its nights, the printable table and
//! the table as FORMAT.md §4 CSV and JSON.

use super::confirmed::CONFIRMED_ONLY;
use super::*;
use crate::app::view::StandingsView;

impl Pages<'_> {
    pub(crate) fn season(&mut self, s: &Loaded, seasons: &[Loaded]) -> Result<(), PublishError> {
        let path = s.page();
        let dir = s.dir();
        let divided: Vec<(&str, &[TableLine<Team>])> = s
            .divisions
            .iter()
            .map(|t| (t.division.as_deref().unwrap_or(""), &t.view.table.rows[..]))
            .collect();
        let json = if divided.is_empty() {
            table::json(&s.table.rows)
        } else {
            table::json_divided(&divided)
        };
        self.file(
            &format!("{dir}/standings.json"),
            format!("{json}\n").into_bytes(),
        );
        let csv = if divided.is_empty() {
            table::csv(&s.table.rows)
        } else {
            table::csv_divided(&divided)
        };
        let csv = csv.map_err(|e| PublishError::Write {
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
        let table_sections = if s.divisions.is_empty() {
            vec![Section {
                heading: "Table".into(),
                id: "table".into(),
                class: "table".into(),
                tables: vec![self.standings_table(&path, s, (&view, ""), true)],
                folded: vec![self.more_columns(&path, s, (&view, ""), true)],
                after: notes,
                ..Section::default()
            }]
        } else {
            let how = Divided {
                heading: &|name: &str| format!("Table: {name}"),
                confirmed: false,
                reasons: true,
            };
            let links = notes.pop().into_iter().collect();
            self.division_sections(&path, s, &how, links)
        };
        // The printable table: the table and its notes alone, the tie-break reasons under it
        // (a column of them would make the rows too tall for one page).
        let print = format!("{dir}/table.html");
        let after = self.table_notes(&view, true);
        let print_sections = if s.divisions.is_empty() {
            vec![Section {
                heading: "Table".into(),
                id: "table".into(),
                class: "table".into(),
                tables: vec![self.standings_table(&print, s, (&view, ""), false)],
                folded: vec![self.more_columns(&print, s, (&view, ""), false)],
                after,
                ..Section::default()
            }]
        } else {
            let how = Divided {
                heading: &|name: &str| format!("Table: {name}"),
                confirmed: false,
                reasons: false,
            };
            self.division_sections(&print, s, &how, Vec::new())
        };
        self.page(
            &print,
            format!("Season {} table", s.info.name),
            vec![],
            print_sections,
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
        let mut sections = table_sections;
        sections.extend(self.cups_section(&path, s));
        sections.extend([nights, teams]);
        if !others.list.is_empty() {
            sections.push(others);
        }
        self.page(&path, format!("Season {}", s.info.name), intro, sections)
    }
}

/// How a division's table is shown: its sections' headings, whether it counts only the
/// confirmed nights, and whether the tie-break reasons go beside the rows (else under them).
pub(crate) struct Divided<'h> {
    pub(crate) heading: &'h dyn Fn(&str) -> String,
    pub(crate) confirmed: bool,
    pub(crate) reasons: bool,
}

impl Pages<'_> {
    /// A season with divisions: each division's table as a section of its own, top division
    /// first (the first with the ids a season's one table has, `table` and `standings`, the
    /// others numbered), its notes under it; in a finished season's final tables the teams
    /// going up and down marked, and named under each table. `after`: under the last.
    pub(crate) fn division_sections(
        &self,
        path: &str,
        s: &Loaded,
        how: &Divided<'_>,
        after: Vec<Para>,
    ) -> Vec<Section> {
        let tables = if how.confirmed {
            crate::app::view::standings::division_tables(&s.season, true, None).unwrap_or_default()
        } else {
            s.divisions.clone()
        };
        let moves = if how.confirmed {
            Vec::new()
        } else {
            final_moves(s)
        };
        let last = tables.len().saturating_sub(1);
        let mut after = Some(after);
        tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let name = t.division.clone().unwrap_or_default();
                let which = if how.confirmed {
                    format!(", {name}, confirmed nights only")
                } else {
                    format!(", {name}")
                };
                let mut listing = self.standings_table(path, s, (&t.view, &which), how.reasons);
                let number = |base: &str| match i {
                    0 => base.to_string(),
                    _ => format!("{base}-{}", i + 1),
                };
                listing.id = number("standings");
                listing.division = name.clone();
                for (row, line) in listing.rows.iter_mut().zip(&t.view.table.rows) {
                    if let Some(m) = moves.iter().find(|m| m.team == line.team.id) {
                        row.class = if m.to < m.from {
                            "promoted"
                        } else {
                            "relegated"
                        }
                        .into();
                    }
                }
                let mut notes = self.table_notes(&t.view, !how.reasons);
                for (up, word) in [(true, "Promoted"), (false, "Relegated")] {
                    let going: Vec<&str> = t
                        .view
                        .table
                        .rows
                        .iter()
                        .filter(|r| {
                            moves
                                .iter()
                                .any(|m| m.team == r.team.id && (m.to < m.from) == up)
                        })
                        .map(|r| r.team.name.as_str())
                        .collect();
                    let to = moves
                        .iter()
                        .find(|m| m.from == i && (m.to < m.from) == up)
                        .and_then(|m| s.season.divisions.get(m.to));
                    if let (false, Some(to)) = (going.is_empty(), to) {
                        notes.push(Para {
                            spans: vec![Span::text(format!(
                                "{word} to {}: {}.",
                                to.name,
                                going.join(", ")
                            ))],
                            class: format!("note {}", word.to_lowercase()),
                        });
                    }
                }
                if i == last {
                    notes.extend(after.take().unwrap_or_default());
                }
                Section {
                    heading: (how.heading)(&name),
                    id: number("table"),
                    class: "table".into(),
                    tables: vec![listing],
                    folded: vec![self.more_columns(path, s, (&t.view, &which), how.reasons)],
                    after: notes,
                    ..Section::default()
                }
            })
            .collect()
    }
}

/// The teams going up and down by a finished season's final tables (RULES.md §10): none while
/// fixtures are still to play or a night is incomplete.
fn final_moves(s: &Loaded) -> Vec<crate::league::Move> {
    let to_play = s
        .fixtures
        .iter()
        .any(|f| !f.cancelled && f.result.is_none());
    let incomplete = s.divisions.iter().any(|t| t.view.incomplete.is_some());
    let played = !s.season.nights.is_empty() || !s.season.recorded.is_empty();
    if to_play || incomplete || !played {
        return Vec::new();
    }
    let finals: Vec<(crate::league::Division, Standings)> = s
        .season
        .divisions
        .iter()
        .cloned()
        .zip(s.divisions.iter().map(|t| t.view.table.clone()))
        .collect();
    crate::league::division::promoted(&finals, s.season.config.up_down).1
}
