//! The teams' page and each team's page, with its calendar.

use super::*;
use crate::app::view::stats::FiguresView;
use crate::app::view::team::TeamView;
use crate::publish::slug::Slugs;

impl Pages<'_> {
    pub(crate) fn teams_page(
        &mut self,
        teams: &[(&String, &TeamId)],
        names: &HashMap<TeamId, String>,
    ) -> Result<(), PublishError> {
        let path = "teams.html";
        let mut list: Vec<(&str, TeamId)> = teams
            .iter()
            .map(|(_, id)| (names[id].as_str(), **id))
            .collect();
        list.sort_by(|a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)));
        let mut section = Section {
            heading: "Every team of the league".into(),
            list: list
                .iter()
                .map(|(name, id)| {
                    Para::of(vec![Span::link(*name, rel(path, &self.names.team(*id)))])
                })
                .collect(),
            ..Section::default()
        };
        if section.list.is_empty() {
            section.intro.push(Para::text("No teams yet."));
        }
        self.page(path, "Teams".into(), vec![], vec![section])
    }

    /// A team: each season it played (newest first) with its place, roster, nights and its
    /// players' figures; and its fixtures as a calendar.
    pub(crate) fn team(
        &mut self,
        id: TeamId,
        name: &str,
        seasons: &[Loaded],
    ) -> Result<(), PublishError> {
        let slug = self.names.teams.get(&id).cloned().unwrap_or_default();
        let path = format!("team/{slug}.html");
        let mut intro = vec![Para::of(vec![
            Span::text("Its fixtures as a calendar a phone can subscribe to: "),
            Span::link(format!("{slug}.ics"), format!("{slug}.ics")),
            Span::text("."),
        ])];
        let mut sections = Vec::new();
        let mut events = Vec::new();
        for s in seasons.iter().rev() {
            let Some(entry) = s.entries.iter().find(|e| e.team.id == id) else {
                continue;
            };
            let view = TeamView::of(entry, s.season.config.roster_min);
            if let Some(venue) = &view.venue {
                if sections.is_empty() {
                    intro.push(Para::text(format!("Plays at home at {venue}.")));
                }
            }
            let mut sec = Section {
                heading: format!("Season {}", s.info.name),
                ..Section::default()
            };
            // A season with divisions: its place in its division's table, and the division.
            let division = s.season.division_of(id).and_then(|d| {
                s.divisions
                    .iter()
                    .find(|t| t.division.as_ref() == Some(&d.name))
            });
            let table = division.map_or(&s.table, |t| &t.view.table);
            let place = match table.rows.iter().find(|r| r.team.id == id) {
                Some(r) => format!(
                    "{} of {}, {}.",
                    ordinal(r.pos),
                    table.rows.len(),
                    plural(r.points, "point", "points")
                ),
                None => match view.withdrawn {
                    Some(d) => format!("Withdrew on {d}."),
                    None => String::new(),
                },
            };
            sec.intro.push(Para::of(vec![
                Span::link(format!("Season {}", s.info.name), rel(&path, &s.page())),
                match division.and_then(|t| t.division.as_deref()) {
                    Some(d) => Span::text(format!(", in {d}: {place}")),
                    None => Span::text(format!(": {place}")),
                },
            ]));
            let mut roster = vec![Span::text("Roster: ")];
            roster.extend(self.spans(&path, &view.roster, ", "));
            if view.roster.is_empty() {
                roster.push(Span::text("none given"));
            }
            sec.intro.push(Para::of(roster));
            let theirs: Vec<&Fixture> = s
                .fixtures
                .iter()
                .filter(|f| f.home.id == id || f.away.id == id)
                .collect();
            // A night without a date (a results grid's) is no calendar event.
            for f in theirs.iter().filter(|f| !f.undated) {
                let venue = s
                    .entries
                    .iter()
                    .find(|e| e.team.id == f.home.id)
                    .and_then(|e| e.team.venue.clone());
                let result = match &f.result {
                    Some(_) => format!(" ({})", result_words(f, &s.season.config)),
                    None => String::new(),
                };
                events.push(Event {
                    uid: format!(
                        "fixture-{}@{}.don",
                        f.id,
                        Slugs::default().take(&self.names.league)
                    ),
                    date: f.date,
                    summary: format!("{} v {}{result}", f.home.name, f.away.name),
                    location: venue.or_else(|| Some(f.home.name.clone())),
                    description: format!("{}, season {}", self.names.league, s.info.name),
                    cancelled: f.cancelled,
                });
            }
            if !theirs.is_empty() {
                sec.tables.push(self.nights_table(
                    &path,
                    format!("{name}'s nights in season {}", s.info.name),
                    &theirs,
                    &s.season.config,
                ));
            }
            let figures = s.figures.filtered(&Filter {
                team: Some(name.to_string()),
                ..Filter::default()
            });
            if !figures.players.is_empty() {
                sec.tables.push(self.figures_table(
                    &path,
                    format!("{name}'s players in season {}", s.info.name),
                    &FiguresView::of(&figures.players, "Player"),
                    false,
                ));
            }
            sections.push(sec);
        }
        events.sort_by(|a, b| a.date.cmp(&b.date).then(a.uid.cmp(&b.uid)));
        self.file(
            &format!("team/{slug}.ics"),
            ics::calendar(&format!("{name} · {}", self.names.league), &events).into_bytes(),
        );
        self.page(&path, name.to_string(), intro, sections)
    }
}
