//! The tables more than one page shows: standings with their notes, nights, players' figures.

use super::*;
use crate::app::view::fixtures::FixtureLine;
use crate::app::view::standings::{NotePart, StandingsView};
use crate::app::view::stats::FiguresView;

/// The columns of the table a phone leaves out of it (matches and legs for and against), folded
/// under it: by their place in a line's cells.
const MORE: std::ops::Range<usize> = 6..10;

/// A line of the table as cells: the team's name is the row's header, linked to its page.
pub(super) fn table_cells(r: &TableLine<Team>, from: &str, names: &Names) -> Vec<Cell> {
    let text = table::cells(r);
    let last = text.len().saturating_sub(1);
    let mut cells = Vec::with_capacity(text.len());
    for (i, t) in text.into_iter().enumerate() {
        cells.push(match i {
            1 => Cell::header(vec![Span::link(t, rel(from, &names.team(r.team.id)))]),
            // The points: in sight on a narrow screen (style.css).
            _ if i == last => Cell::num(t).class("num pts"),
            _ if MORE.contains(&i) => Cell::num(t).class("num more"),
            _ => Cell::num(t),
        });
    }
    cells
}

/// The headings of a player's matches and legs played and won, in words (as `don stats` has
/// them).
pub(super) fn figures_heads() -> [Head; 4] {
    [
        Head::num("Matches", "Matches played"),
        Head::num("Won", "Matches won"),
        Head::num("Legs", "Legs played"),
        Head::num("Legs won", ""),
    ]
}

impl Pages<'_> {
    /// The table of standings (the season's, or another of its tables such as its confirmed
    /// nights' with its caption's words after "league table"), its columns keyed as FORMAT.md
    /// §4; beside each pair of teams that needed a tie-breaker, the reason.
    pub(crate) fn standings_table(
        &self,
        from: &str,
        s: &Loaded,
        (view, which): (&StandingsView, &str),
        reasons: bool,
    ) -> Listing {
        let table = &view.table;
        let why: HashMap<TeamId, &str> = if reasons {
            view.tie_breaks()
                .map(|e| (e.above, e.text.as_str()))
                .collect()
        } else {
            HashMap::new()
        };
        let mut head = vec![
            Head::num("Pos", "Position").key("pos"),
            Head::new("Team").key("team"),
            Head::num("P", "Nights played").key("played"),
            Head::num("W", "Nights won").key("won"),
            Head::num("D", "Nights drawn").key("drawn"),
            Head::num("L", "Nights lost").key("lost"),
            Head::num("F", "Matches for").key("matches_for").more(),
            Head::num("A", "Matches against")
                .key("matches_against")
                .more(),
            Head::num("Legs F", "Legs for").key("legs_for").more(),
            Head::num("Legs A", "Legs against")
                .key("legs_against")
                .more(),
            Head::num("Pts", "Points").key("points"),
        ];
        if !why.is_empty() {
            head.push(Head::new("Tie-break").more());
        }
        let rows = table
            .rows
            .iter()
            .map(|r| {
                let mut cells = table_cells(r, from, self.names);
                if !why.is_empty() {
                    cells.push(
                        Cell::text(why.get(&r.team.id).copied().unwrap_or("")).class("why more"),
                    );
                }
                ListingRow::of(cells)
            })
            .collect();
        Listing {
            division: String::new(),
            id: "standings".into(),
            caption: format!("{} {}: league table{which}", self.names.league, s.info.name),
            head,
            rows,
        }
    }

    /// The columns of the table a phone leaves out, folded under it: each team's matches and
    /// legs for and against, and the tie-break reasons where the table has a column of them.
    pub(crate) fn more_columns(
        &self,
        from: &str,
        s: &Loaded,
        (view, which): (&StandingsView, &str),
        reasons: bool,
    ) -> Folded {
        let rows = view
            .table
            .rows
            .iter()
            .map(|r| {
                let text = table::cells(r);
                let mut cells = vec![Cell::header(vec![Span::link(
                    &text[1],
                    rel(from, &self.names.team(r.team.id)),
                )])];
                cells.extend(text[MORE].iter().map(Cell::num));
                ListingRow::of(cells)
            })
            .collect();
        let reasons: Vec<Para> = if reasons {
            view.tie_breaks()
                .map(|e| Para::note(e.text.clone()))
                .collect()
        } else {
            Vec::new()
        };
        let summary = if reasons.is_empty() {
            "Matches and legs for and against"
        } else {
            "Matches and legs for and against, and the tie-breaks"
        };
        Folded {
            summary: summary.into(),
            tables: vec![Listing {
                division: String::new(),
                id: String::new(),
                caption: format!(
                    "{} {}: matches and legs for and against{which}",
                    self.names.league, s.info.name
                ),
                head: vec![
                    Head::new("Team"),
                    Head::num("F", "Matches for"),
                    Head::num("A", "Matches against"),
                    Head::num("Legs F", "Legs for"),
                    Head::num("Legs A", "Legs against"),
                ],
                rows,
            }],
            notes: reasons,
        }
    }

    /// What the view says under the table, a paragraph a note; the tie-break reasons too when
    /// `reasons` (where no column beside the rows gives them).
    pub(crate) fn table_notes(&self, view: &StandingsView, reasons: bool) -> Vec<Para> {
        let mut notes: Vec<Para> = view.notes.iter().map(|n| Para::note(n.words())).collect();
        if let Some(n) = &view.unconfirmed {
            let mut spans: Vec<Span> = n
                .parts
                .iter()
                .map(|p| match p {
                    NotePart::Text(t) => Span::text(t),
                    NotePart::Mark { text, class } => Span::mark(text, class),
                })
                .collect();
            spans.push(Span::text("."));
            notes.push(Para {
                spans,
                class: "note".into(),
            });
        }
        notes.extend(view.incomplete.iter().map(|n| Para::note(n.words())));
        if reasons {
            notes.extend(view.tie_breaks().map(|e| Para::note(e.text.clone())));
        }
        notes
    }

    /// Nights as a table: date, home, result (linked to the night; "v" for one to come) with
    /// how it stands marked beside it (in sight on a phone), away.
    pub(crate) fn nights_table(
        &self,
        from: &str,
        caption: String,
        fixtures: &[&Fixture],
        config: &Config,
    ) -> Listing {
        let rows = fixtures
            .iter()
            .map(|f| {
                let l = FixtureLine::of(f, config);
                let words = if l.result.is_empty() { "v" } else { &l.result };
                let mut result = match (l.cancelled, self.names.target(&l.night)) {
                    // "cancelled", marked.
                    (true, _) => vec![Span::mark("cancelled", "cancelled")],
                    (false, Some(page)) => vec![Span::link(words, rel(from, &page))],
                    (false, None) => vec![Span::text(words)],
                };
                if let Some(word) = l.standing {
                    result.extend([Span::text(" "), Span::mark(word, word)]);
                }
                ListingRow::of(vec![
                    Cell::text(l.day).class("date"),
                    Cell::of(vec![self.span(from, &l.home)]),
                    Cell::of(result).class("result"),
                    Cell::of(vec![self.span(from, &l.away)]),
                ])
            })
            .collect();
        Listing {
            division: String::new(),
            id: String::new(),
            caption,
            head: vec![
                Head::new("Date"),
                Head::new("Home"),
                Head::new("Result"),
                Head::new("Away"),
            ],
            rows,
        }
    }

    /// A section of nights under a heading (and its anchor), or a line saying there are none.
    pub(crate) fn nights_section(
        &self,
        from: &str,
        (heading, id): (&str, &str),
        caption: String,
        fixtures: &[&Fixture],
        s: &Loaded,
        none: &str,
    ) -> Section {
        let mut section = Section {
            heading: heading.into(),
            id: id.into(),
            ..Section::default()
        };
        if fixtures.is_empty() {
            section.intro.push(Para::text(none));
        } else {
            section
                .tables
                .push(self.nights_table(from, caption, fixtures, &s.season.config));
        }
        section
    }

    /// Lines of figures: who, kind, team (`team`: not on the team's own page), matches and legs
    /// played and won, points a hand. Their headings are words, as the terminal's are, never an
    /// abbreviation the league table uses for another thing (its L is nights lost).
    pub(crate) fn figures_table(
        &self,
        from: &str,
        caption: String,
        view: &FiguresView,
        team: bool,
    ) -> Listing {
        let rows = view
            .rows
            .iter()
            .map(|r| {
                let mut cells = vec![
                    Cell::header(self.spans(from, &r.who, " & ")),
                    Cell::text(r.kind.as_str()),
                ];
                if team {
                    cells.push(Cell::text(&r.team));
                }
                cells.extend([
                    Cell::num(r.matches),
                    Cell::num(r.matches_won),
                    Cell::num(r.legs),
                    Cell::num(r.legs_won),
                    Cell::num(r.per_hand.as_deref().unwrap_or("—")),
                ]);
                ListingRow::of(cells)
            })
            .collect();
        let mut head = vec![Head::new(view.who), Head::new("Kind")];
        if team {
            head.push(Head::new("Team"));
        }
        head.extend(figures_heads());
        head.push(Head::num(
            "Per hand",
            "Points pegged a hand, in legs scored with the engine",
        ));
        Listing {
            division: String::new(),
            id: String::new(),
            caption,
            head,
            rows,
        }
    }
}
