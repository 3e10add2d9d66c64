//! The score sheet of a Don leg scored with the engine, hand by hand: the game's
//! [`SheetView`], as the terminal's `don show` tells it.

use super::*;
use crate::app::view::{Link, SheetView};

impl Pages<'_> {
    /// The score sheet of a leg scored with the engine, hand by hand, with the night it was
    /// played for.
    pub(crate) fn game(
        &mut self,
        view: &SheetView,
        game: i64,
        played_for: &Link,
    ) -> Result<(), PublishError> {
        let path = format!("game/{game}.html");
        let mut intro = vec![Para::of(vec![
            Span::text("Played for "),
            self.span(&path, played_for),
            Span::text("."),
        ])];
        intro.extend(view.about.iter().chain(&view.players).map(Para::text));
        let mut head = vec![Head::num("Hand", "")];
        head.extend(view.leg_word.map(|w| Head::num(w, "")));
        head.push(Head::new("Pitcher"));
        head.push(Head::new("Trumps"));
        for s in &view.sides {
            head.push(Head::num(s.code(), &format!("{s} points this hand")));
        }
        for s in &view.sides {
            head.push(Head::num(&format!("{s} total"), ""));
        }
        let rows = view
            .hands
            .iter()
            .map(|row| {
                let mut cells = vec![Cell::num(row.number)];
                if view.leg_word.is_some() {
                    cells.push(Cell::num(row.leg));
                }
                cells.push(Cell::text(&row.pitcher));
                cells.push(Cell::text(&row.trumps));
                cells.extend(row.points.iter().chain(&row.totals).map(Cell::num));
                ListingRow::of(cells)
            })
            .collect();
        let section = Section {
            heading: "Score sheet".into(),
            tables: vec![Listing {
                division: String::new(),
                id: "sheet".into(),
                caption: format!(
                    "Game {game}, hand by hand: pitcher, trumps, points and running totals"
                ),
                head,
                rows,
            }],
            after: view.result.iter().map(Para::text).collect(),
            ..Section::default()
        };
        self.page(&path, format!("Game {game}"), intro, vec![section])
    }
}
