//! The score sheet of a Don leg scored with the engine, hand by hand.

use super::*;

/// A side with its players' names: "NS (Gareth & Rhys)".
pub(super) fn side_name(sheet: &ScoreSheet, side: crate::rules::Side) -> String {
    let names: Vec<&str> = side
        .seats()
        .iter()
        .filter_map(|&s| sheet.seats[s].as_deref())
        .collect();
    if names.is_empty() {
        side.code().to_string()
    } else {
        format!("{} ({})", side.code(), names.join(" & "))
    }
}

impl Pages<'_> {
    /// The score sheet of a leg scored with the engine, hand by hand.
    pub(crate) fn game(
        &mut self,
        sheet: &ScoreSheet,
        game: i64,
        night: &str,
        what: &str,
    ) -> Result<(), PublishError> {
        let path = format!("game/{game}.html");
        let mut intro = vec![Para::of(vec![
            Span::text("Played for "),
            Span::link(what, rel(&path, night)),
            Span::text("."),
        ])];
        let mut about = Vec::new();
        if let Some(v) = &sheet.variant {
            about.push(v.describe());
        }
        about.extend(sheet.date.clone());
        about.extend(sheet.venue.clone());
        if !about.is_empty() {
            intro.push(Para::text(about.join(" · ")));
        }
        if !sheet.sides.is_empty() {
            let sides: Vec<String> = sheet.sides.iter().map(|&s| side_name(sheet, s)).collect();
            intro.push(Para::text(sides.join(" v ")));
        }
        let is_match = sheet.is_match();
        let mut head = vec![Head::num("Hand", "")];
        if is_match {
            head.push(Head::num(leg_word(sheet), ""));
        }
        head.push(Head::new("Pitcher"));
        head.push(Head::new("Trumps"));
        for &s in sheet.sides {
            head.push(Head::num(s.code(), &format!("{s} points this hand")));
        }
        for &s in sheet.sides {
            head.push(Head::num(&format!("{s} total"), ""));
        }
        let rows = sheet
            .hands
            .iter()
            .map(|row| {
                let mut cells = vec![Cell::num(row.number)];
                if is_match {
                    cells.push(Cell::num(row.leg));
                }
                let pitcher = row
                    .pitcher
                    .map_or(String::new(), |p| match &sheet.seats[p] {
                        Some(name) => format!("{p} {name}"),
                        None => p.to_string(),
                    });
                cells.push(Cell::text(pitcher));
                cells.push(Cell::text(match row.kind {
                    HandKind::Tricks => {
                        row.trumps.map_or("—".to_string(), |t| t.name().to_string())
                    }
                    HandKind::Totals => "(totals)".into(),
                    HandKind::Abandoned => "abandoned".into(),
                    HandKind::NotScored => "not scored".into(),
                }));
                for &s in sheet.sides {
                    cells.push(Cell::num(row.points[s]));
                }
                for &s in sheet.sides {
                    cells.push(Cell::num(row.score[s]));
                }
                TableRow {
                    cells,
                    class: String::new(),
                }
            })
            .collect();
        let mut decided: Vec<Para> = sheet
            .hands
            .iter()
            .filter_map(|row| row.decided.as_ref())
            .map(|d| {
                let leg = if is_match {
                    format!("{} {}: ", leg_word(sheet), d.leg)
                } else {
                    String::new()
                };
                Para::text(format!("{leg}{}", decision_words(sheet, d)))
            })
            .collect();
        if let Some((side, after)) = sheet.conceded {
            decided.push(Para::text(format!("{side} conceded after hand {after}.")));
        }
        match &sheet.result {
            Some(Outcome::Won(s)) if is_match => decided.push(Para::text(format!(
                "{} won the match {}.",
                side_name(sheet, *s),
                score_words(sheet.sides, sheet.wins)
            ))),
            None if !sheet.sides.is_empty() => decided.push(Para::text(format!(
                "Unfinished at {}.",
                score_words(sheet.sides, sheet.final_score)
            ))),
            _ => {}
        }
        let section = Section {
            heading: "Score sheet".into(),
            tables: vec![TableView {
                id: "sheet".into(),
                caption: format!(
                    "Game {game}, hand by hand: pitcher, trumps, points and running totals"
                ),
                head,
                rows,
            }],
            after: decided,
            ..Section::default()
        };
        self.page(&path, format!("Game {game}"), intro, vec![section])
    }
}
