//! A night's card: its matches, legs and players.

use super::*;

use crate::app::view::night::{MatchLine, NightView};

impl Pages<'_> {
    /// A night's card, as [`NightView`] has it: each match with its legs beside its name (in
    /// sight on a phone), its players and leg scores; a leg scored with the engine links to its
    /// score sheet.
    pub(crate) fn night(&mut self, s: &Loaded, f: &Fixture) -> Result<(), PublishError> {
        let Some(path) = self.names.nights.get(&f.id).cloned() else {
            return Ok(());
        };
        let view = NightView::of(f, &s.info);
        let mut intro = vec![Para::of(vec![
            self.span(&path, &view.home),
            Span::text(" v "),
            self.span(&path, &view.away),
            Span::text(format!(", {}: {} (season ", view.day, view.result)),
            Span::link(&s.info.name, rel(&path, &s.page())),
            Span::text(")"),
        ])];
        if let Some(st) = &view.standing {
            intro.push(Para::of(vec![
                Span::mark(st.mark, st.class),
                Span::text(&st.rest),
            ]));
        }
        intro.extend(view.note.clone().map(Para::note));
        let mut sections = Vec::new();
        if !view.matches.is_empty() {
            sections.push(Section {
                heading: "The card".into(),
                tables: vec![Listing {
                    division: String::new(),
                    id: "card".into(),
                    caption: format!("{} v {}: the matches", f.home.name, f.away.name),
                    head: vec![
                        Head::new("Match"),
                        Head::new("Legs"),
                        Head::new(&f.home.name),
                        Head::new(&f.away.name),
                        Head::new("Leg scores"),
                    ],
                    rows: view
                        .matches
                        .iter()
                        .map(|m| self.match_row(&path, m))
                        .collect(),
                }],
                ..Section::default()
            });
        }
        self.page(
            &path,
            format!("{} v {}", f.home.name, f.away.name),
            intro,
            sections,
        )
    }

    /// A match of a night's card: its name, legs won, each side's players and its leg scores,
    /// linked where they have pages.
    fn match_row(&self, from: &str, m: &MatchLine) -> ListingRow {
        let players = |list: &[crate::app::view::Link]| match list {
            [] => vec![Span::text("—")],
            _ => self.spans(from, list, " & "),
        };
        let mut legs = Vec::new();
        for (i, l) in m.leg_scores.iter().enumerate() {
            if i > 0 {
                legs.push(Span::text(" "));
            }
            legs.push(match &l.game {
                Some(to) => self.span(
                    from,
                    &crate::app::view::Link {
                        text: l.score.clone(),
                        to: to.clone(),
                    },
                ),
                None => Span::text(&l.score),
            });
        }
        ListingRow::of(vec![
            Cell::header(vec![Span::text(&m.name)]),
            Cell::text(m.legs_words()).class("legs"),
            Cell::of(players(&m.home)),
            Cell::of(players(&m.away)),
            Cell::of(legs),
        ])
    }
}
