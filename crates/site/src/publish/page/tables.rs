//! The tables more than one page shows: standings with their notes, nights, players' figures.

use super::*;

/// The words before the nights a table counts that are not yet confirmed by both teams.
pub(crate) const COUNTED: &str = "Counted, not yet confirmed by both teams: ";
/// The same, for the table of confirmed nights only, which leaves them out.
pub(crate) const LEFT_OUT: &str = "Left out, not yet confirmed by both teams: ";

/// The reasons for the places of the pairs of teams a tie-breaker put apart (not points).
pub(super) fn tie_breaks(table: &Standings) -> impl Iterator<Item = &crate::league::Explanation> {
    table
        .explanations
        .iter()
        .filter(|e| e.breaker != Breaker::Points)
}

/// A line of the table as cells: the team's name is the row's header, linked to its page.
pub(super) fn table_cells(r: &TableLine<Team>, from: &str, names: &Names) -> Vec<Cell> {
    let text = table::cells(r);
    let last = text.len().saturating_sub(1);
    let mut cells = Vec::with_capacity(text.len());
    for (i, t) in text.into_iter().enumerate() {
        cells.push(match i {
            1 => Cell::header(vec![Span::link(t, rel(from, &names.team(r.team.id)))]),
            // The points: kept in sight on a narrow screen (style.css).
            _ if i == last => Cell::num(t).class("num pts"),
            _ => Cell::num(t),
        });
    }
    cells
}

impl Pages<'_> {
    /// The table of standings (`s.table`, or another table of the season such as its confirmed
    /// nights' with its caption's words after "league table"), its columns keyed as FORMAT.md
    /// §4; beside each pair of teams that needed a tie-breaker, the reason.
    pub(crate) fn standings_table(
        &self,
        from: &str,
        s: &Loaded,
        (table, which): (&Standings, &str),
        reasons: bool,
    ) -> Listing {
        let why: HashMap<TeamId, &str> = if reasons {
            tie_breaks(table)
                .map(|e| (e.above, e.text.as_str()))
                .collect()
        } else {
            HashMap::new()
        };
        let mut head = vec![
            Head::num("Pos", "Position").key("pos"),
            Head::new("Team").key("team"),
            Head::num("P", "Played").key("played"),
            Head::num("W", "Won").key("won"),
            Head::num("D", "Drawn").key("drawn"),
            Head::num("L", "Lost").key("lost"),
            Head::num("F", "Matches for").key("matches_for"),
            Head::num("A", "Matches against").key("matches_against"),
            Head::num("Legs F", "Legs for").key("legs_for"),
            Head::num("Legs A", "Legs against").key("legs_against"),
            Head::num("Pts", "Points").key("points"),
        ];
        if !why.is_empty() {
            head.push(Head::new("Tie-break"));
        }
        let rows = table
            .rows
            .iter()
            .map(|r| {
                let mut cells = table_cells(r, from, self.names);
                if !why.is_empty() {
                    cells.push(Cell::text(why.get(&r.team.id).copied().unwrap_or("")).class("why"));
                }
                ListingRow {
                    cells,
                    class: String::new(),
                }
            })
            .collect();
        Listing {
            id: "standings".into(),
            caption: format!("{} {}: league table{which}", self.names.league, s.info.name),
            head,
            rows,
        }
    }

    /// What the table needs said: points, tie-breakers, adjustments, withdrawals, nights not
    /// yet confirmed by both teams (after the words `unconfirmed`: [`COUNTED`] or
    /// [`LEFT_OUT`]).
    pub(crate) fn table_notes(&self, s: &Loaded, unconfirmed: &str) -> Vec<Para> {
        let config = &s.season.config;
        let breakers: Vec<&str> = config.breakers().iter().map(|b| b.as_str()).collect();
        let mut notes = vec![Para::note(format!(
            "P W D L: nights played, won, drawn, lost; F A: matches for and against; {} a match. Ties are broken by {}.",
            plural(i64::from(config.points_per_match), "point", "points"),
            breakers.join(", ")
        ))];
        for a in &s.season.adjustments {
            let name = s.season.team(a.team).map_or("?", |t| t.name.as_str());
            let what = if a.points < 0 {
                format!("{} deducted", plural(-a.points, "point", "points"))
            } else {
                format!("{} awarded", plural(a.points, "point", "points"))
            };
            notes.push(Para::note(format!(
                "{name}: {what} on {} ({}).",
                a.date, a.reason
            )));
        }
        for t in &s.season.teams {
            if let Some(d) = t.withdrawn {
                notes.push(Para::note(format!(
                    "{} withdrew on {d}; its results are expunged.",
                    t.name
                )));
            }
        }
        let (p, d) = s.season.unconfirmed();
        let (p, d) = (p as i64, d as i64);
        if p + d > 0 {
            let mut spans = vec![Span::text(unconfirmed)];
            if p > 0 {
                spans.push(Span::mark(
                    plural(p, "provisional night", "provisional nights"),
                    "provisional",
                ));
            }
            if p > 0 && d > 0 {
                spans.push(Span::text(" and "));
            }
            if d > 0 {
                spans.push(Span::mark(
                    plural(d, "disputed night", "disputed nights"),
                    "disputed",
                ));
            }
            spans.push(Span::text("."));
            notes.push(Para {
                spans,
                class: "note".into(),
            });
        }
        let season = &s.season;
        let withdrawn = |id| season.team(id).is_some_and(|t| t.withdrawn.is_some());
        let (_, left) = complete_nights_only(season);
        let left: Vec<String> = left
            .iter()
            .filter(|n| !withdrawn(n.home) && !withdrawn(n.away))
            .map(|n| left_out_words(season, n, ""))
            .collect();
        if !left.is_empty() {
            notes.push(Para::note(format!(
                "Left out, as the table leaves them out until they are complete: {}.",
                left.join("; ")
            )));
        }
        notes
    }

    /// Nights as a table: date, home, result (linked to the night) with its mark beside it (in
    /// sight on a phone), away.
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
                let result = result_words(f, config);
                let result = match self.names.nights.get(&f.id) {
                    Some(page) => Span::link(result, rel(from, page)),
                    None => Span::text(result),
                };
                let result = match mark(f) {
                    // "cancelled", marked.
                    Some(m) if f.result.is_none() => vec![m],
                    Some(m) => vec![result, Span::text(" "), m],
                    None => vec![result],
                };
                ListingRow {
                    cells: vec![
                        Cell::text(fixture_day(f)).class("date"),
                        Cell::of(vec![Span::link(
                            &f.home.name,
                            rel(from, &self.names.team(f.home.id)),
                        )]),
                        Cell::of(result).class("result"),
                        Cell::of(vec![Span::link(
                            &f.away.name,
                            rel(from, &self.names.team(f.away.id)),
                        )]),
                    ],
                    class: String::new(),
                }
            })
            .collect();
        Listing {
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

    /// Lines of figures: who, kind, matches and legs played and won, points a hand.
    pub(crate) fn figures_table(
        &self,
        from: &str,
        caption: String,
        lines: &[Line],
        who: &str,
    ) -> Listing {
        let rows = lines
            .iter()
            .map(|l| {
                let names: Vec<String> = match &l.who {
                    Who::Player(p) => vec![p.clone()],
                    Who::Partnership(a, b) => vec![a.clone(), b.clone()],
                };
                let spans = self.players(from, &names, " & ");
                ListingRow {
                    cells: vec![
                        Cell::header(spans),
                        Cell::text(kind_name(l.kind)),
                        Cell::text(&l.team),
                        Cell::num(l.matches),
                        Cell::num(l.matches_won),
                        Cell::num(l.legs),
                        Cell::num(l.legs_won),
                        Cell::num(
                            l.points_per_hand()
                                .map_or("—".to_string(), |p| format!("{p:.1}")),
                        ),
                    ],
                    class: String::new(),
                }
            })
            .collect();
        Listing {
            id: String::new(),
            caption,
            head: vec![
                Head::new(who),
                Head::new("Kind"),
                Head::new("Team"),
                Head::num("M", "Matches played"),
                Head::num("MW", "Matches won"),
                Head::num("L", "Legs played"),
                Head::num("LW", "Legs won"),
                Head::num(
                    "Pts/hand",
                    "Points pegged a hand, in legs scored with the engine",
                ),
            ],
            rows,
        }
    }
}
