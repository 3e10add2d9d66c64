//! A cup's pages: its draw as a bracket, round by round (a section a round, a line a tie, so it
//! reads down a phone's screen), each tie played linking to its own page, which has its result
//! and, for a team tie entered match by match, its card; and the cups as the season's page and
//! the front page list them, with their next ties.

use super::*;

use crate::app::view::cup::{CupView, TieView};
use crate::league::cup::CupKind;
use crate::league::Confirmation;

impl Loaded {
    /// The page of a cup of this season.
    pub(crate) fn cup_page(&self, cup: &CupView) -> String {
        format!("{}/cup/{}.html", self.dir(), self.cup_slug(cup))
    }

    /// The page of a tie of a cup of this season (`round`, `tie` from 1).
    pub(crate) fn tie_page(&self, cup: &CupView, round: u32, tie: u32) -> String {
        format!(
            "{}/cup/{}/{round}-{tie}.html",
            self.dir(),
            self.cup_slug(cup)
        )
    }

    fn cup_slug(&self, cup: &CupView) -> &str {
        self.cup_slugs.get(&cup.id).map_or("", String::as_str)
    }
}

/// A cup's kind in words.
fn kind_words(cup: &CupView) -> String {
    match cup.kind {
        CupKind::Team => "A team cup: each tie a match night.".into(),
        CupKind::Individual(k) => format!(
            "{} cup: each tie one match, the best of {} legs.",
            kind_name(k),
            cup.best_of
        ),
    }
}

/// A tie's result in a few words: "5–4", "a walkover to Red Lion", "4–4, Red Lion won the
/// deciding leg"; with its date.
fn tie_result(t: &TieView) -> Option<String> {
    let mut s = t.result_words()?;
    if let Some(d) = t.played.as_ref().and_then(|p| p.date) {
        s.push_str(&format!(" ({d})"));
    }
    Some(s)
}

/// A provisional or disputed tie's mark.
fn tie_mark(t: &TieView) -> Option<Span> {
    match t.played.as_ref().map(|p| &p.confirmation) {
        Some(Confirmation::Provisional { .. }) => Some(Span::mark("provisional", "provisional")),
        Some(Confirmation::Disputed { .. }) => Some(Span::mark("disputed", "disputed")),
        _ => None,
    }
}

impl Pages<'_> {
    /// An entry's name, linked to its team's page where it is a team.
    fn entry_span(&self, from: &str, name: Option<&str>, team: Option<TeamId>) -> Span {
        match (name, team) {
            (Some(n), Some(t)) if self.names.teams.contains_key(&t) => {
                Span::link(n, rel(from, &self.names.team(t)))
            }
            (Some(n), _) => Span::text(n),
            (None, _) => Span::text("to be decided"),
        }
    }

    /// A tie's line of the bracket: its entries (a bye), its result linking to its page.
    fn tie_line(&self, from: &str, s: &Loaded, cup: &CupView, round: u32, t: &TieView) -> Para {
        let mut spans = vec![Span::text(format!("{}. ", t.tie))];
        spans.push(self.entry_span(from, t.home.as_deref(), t.teams.home));
        if t.bye {
            spans.push(Span::text(": a bye"));
            return Para::of(spans);
        }
        spans.push(Span::text(" v "));
        spans.push(self.entry_span(from, t.away.as_deref(), t.teams.away));
        if let Some(result) = tie_result(t) {
            spans.push(Span::text(": "));
            spans.push(Span::link(
                result,
                rel(from, &s.tie_page(cup, round, t.tie)),
            ));
            if let Some(mark) = tie_mark(t) {
                spans.push(Span::text(" "));
                spans.push(mark);
            }
        }
        Para::of(spans)
    }

    /// A cup's page, and a page for each tie played.
    pub(crate) fn cup(&mut self, s: &Loaded, cup: &CupView) -> Result<(), PublishError> {
        let path = s.cup_page(cup);
        let mut intro = vec![Para::of(vec![
            Span::text(format!("{} Season ", kind_words(cup))),
            Span::link(&s.info.name, rel(&path, &s.page())),
            Span::text("."),
        ])];
        if let (Some(w), Some(r)) = (&cup.winner, &cup.runner_up) {
            intro.push(Para::text(format!("Won by {w}; runner-up {r}.")));
        }
        let mut sections = Vec::new();
        if !cup.drawn {
            sections.push(Section {
                heading: "Entries".into(),
                intro: vec![Para::note("Not drawn yet.")],
                list: cup.entries.iter().map(Para::text).collect(),
                ..Section::default()
            });
        } else {
            let drawn = match &cup.seed {
                Some(seed) => format!("Drawn from seed {seed}: {}.", cup.entries.join(", ")),
                None => format!("Drawn: {}.", cup.entries.join(", ")),
            };
            intro.push(Para::note(drawn));
        }
        for r in &cup.rounds {
            sections.push(Section {
                heading: r.name.to_string(),
                id: format!("round-{}", r.round),
                class: "cup-round".into(),
                list: r
                    .ties
                    .iter()
                    .map(|t| self.tie_line(&path, s, cup, r.round, t))
                    .collect(),
                ..Section::default()
            });
            for t in r.ties.iter().filter(|t| t.played.is_some()) {
                self.tie(s, cup, (r.round, &r.name.to_string()), t)?;
            }
        }
        self.page(&path, cup.name.clone(), intro, sections)
    }

    /// A tie's page: its result, how it stands, and its card when entered match by match.
    fn tie(
        &mut self,
        s: &Loaded,
        cup: &CupView,
        (round, round_name): (u32, &str),
        t: &TieView,
    ) -> Result<(), PublishError> {
        let path = s.tie_page(cup, round, t.tie);
        let (home, away) = t.names();
        let mut first = vec![
            self.entry_span(&path, t.home.as_deref(), t.teams.home),
            Span::text(" v "),
            self.entry_span(&path, t.away.as_deref(), t.teams.away),
            Span::text(format!(": {} (", tie_result(t).unwrap_or_default())),
            Span::link(&cup.name, rel(&path, &s.cup_page(cup))),
            Span::text(format!(", {round_name})")),
        ];
        if let Some(mark) = tie_mark(t) {
            first.push(Span::text(" "));
            first.push(mark);
        }
        let mut intro = vec![Para::of(first)];
        if let Some(w) = &t.winner {
            intro.push(Para::text(format!("{w} went through.")));
        }
        if let Some(Confirmation::Disputed { reason, .. }) =
            t.played.as_ref().map(|p| &p.confirmation)
        {
            intro.push(Para::note(format!("Disputed: {reason}")));
        }
        let mut sections = Vec::new();
        let matches = t.played.as_ref().map(|p| &p.matches[..]).unwrap_or(&[]);
        if !matches.is_empty() {
            let rows = matches
                .iter()
                .map(|m| {
                    let players = |ps: &[String]| {
                        if ps.is_empty() {
                            "—".to_string()
                        } else {
                            ps.join(" & ")
                        }
                    };
                    ListingRow::of(vec![
                        Cell::header(vec![Span::text(format!(
                            "{} {}",
                            kind_name(m.kind),
                            m.slot
                        ))]),
                        Cell::text(format!("{}–{}", m.legs.home, m.legs.away)).class("legs"),
                        Cell::text(players(&m.players.home)),
                        Cell::text(players(&m.players.away)),
                        Cell::text(m.leg_scores_with('–')),
                    ])
                })
                .collect();
            sections.push(Section {
                heading: "The card".into(),
                tables: vec![Listing {
                    division: String::new(),
                    id: "card".into(),
                    caption: format!("{home} v {away}: the matches"),
                    head: vec![
                        Head::new("Match"),
                        Head::new("Legs"),
                        Head::new(&home),
                        Head::new(&away),
                        Head::new("Leg scores"),
                    ],
                    rows,
                }],
                ..Section::default()
            });
        }
        self.page(&path, format!("{home} v {away}"), intro, sections)
    }

    /// The cups of a season as a section of a page at `from`: each linking to its page, with
    /// its winner and runner-up, or its next ties. None for a season with no cup.
    pub(crate) fn cups_section(&self, from: &str, s: &Loaded) -> Option<Section> {
        if s.cups.is_empty() {
            return None;
        }
        let mut list = Vec::new();
        for cup in &s.cups {
            let mut spans = vec![Span::link(&cup.name, rel(from, &s.cup_page(cup)))];
            match (&cup.winner, &cup.runner_up) {
                (Some(w), Some(r)) => {
                    spans.push(Span::text(format!(": won by {w}; runner-up {r}")))
                }
                _ if !cup.drawn => spans.push(Span::text(": not drawn yet")),
                _ => {
                    let next: Vec<String> = cup
                        .next_ties()
                        .iter()
                        .map(|(round, t)| {
                            let (home, away) = t.names();
                            format!("{home} v {away} ({round})")
                        })
                        .collect();
                    if !next.is_empty() {
                        spans.push(Span::text(format!(": next, {}", next.join("; "))));
                    }
                }
            }
            list.push(Para::of(spans));
        }
        Some(Section {
            heading: "Cups".into(),
            id: "cups".into(),
            list,
            ..Section::default()
        })
    }
}
