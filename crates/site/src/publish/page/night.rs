//! A night's card: its matches, legs and players.

use super::*;

impl Pages<'_> {
    /// A night's card: each match with its legs beside its name (in sight on a phone), its
    /// players and leg scores; a leg scored with the engine links to its score sheet.
    pub(crate) fn night(&mut self, s: &Loaded, f: &Fixture) -> Result<(), PublishError> {
        let Some(path) = self.names.nights.get(&f.id).cloned() else {
            return Ok(());
        };
        let config = &s.season.config;
        let mut intro = vec![Para::of(vec![
            Span::text(format!("{}, season ", fixture_day(f))),
            Span::link(&s.info.name, rel(&path, &s.page())),
            Span::text(format!(
                ": {} {} {}",
                f.home.name,
                result_words(f, config),
                f.away.name
            )),
        ])];
        let name = |side: HomeAway| match side {
            HomeAway::Home => &f.home.name,
            HomeAway::Away => &f.away.name,
        };
        match &f.confirmation {
            Confirmation::Confirmed => {}
            Confirmation::Provisional { entered_by } => intro.push(Para::of(vec![
                Span::mark("provisional", "provisional"),
                Span::text(format!(
                    " Entered for {}, to be confirmed for {}.",
                    name(*entered_by),
                    name(entered_by.other())
                )),
            ])),
            Confirmation::Disputed { by, reason, .. } => intro.push(Para::of(vec![
                Span::mark("disputed", "disputed"),
                Span::text(format!(" Disputed by {}: {reason}", name(*by))),
            ])),
        }
        let mut sections = Vec::new();
        match &f.result {
            Some(NightResult::Matches(ms)) => {
                let mut rows = Vec::new();
                for k in &config.night {
                    for slot in 1..=k.matches {
                        let m = ms.iter().find(|m| m.kind == k.kind && m.slot == slot);
                        rows.push(self.match_row(&path, k.kind, slot, m));
                    }
                }
                sections.push(Section {
                    heading: "The card".into(),
                    tables: vec![Listing {
                        id: "card".into(),
                        caption: format!("{} v {}: the matches", f.home.name, f.away.name),
                        head: vec![
                            Head::new("Match"),
                            Head::new("Legs"),
                            Head::new(&f.home.name),
                            Head::new(&f.away.name),
                            Head::new("Leg scores"),
                        ],
                        rows,
                    }],
                    ..Section::default()
                });
            }
            Some(NightResult::Totals(_)) => intro.push(Para::note(
                "Only the matches each side won were recorded for this night.",
            )),
            Some(NightResult::Walkover(side)) => intro.push(Para::note(format!(
                "{} did not turn up: a walkover to {}.",
                name(side.other()),
                name(*side)
            ))),
            None => {}
        }
        self.page(
            &path,
            format!("{} v {}", f.home.name, f.away.name),
            intro,
            sections,
        )
    }

    /// Players' names, each linked to its page, with `between` between them.
    pub(crate) fn players(&self, from: &str, names: &[String], between: &str) -> Vec<Span> {
        let mut spans = Vec::new();
        for (i, p) in names.iter().enumerate() {
            if i > 0 {
                spans.push(Span::text(between));
            }
            spans.push(match self.names.player(p) {
                Some(page) => Span::link(p, rel(from, &page)),
                None => Span::text(p),
            });
        }
        spans
    }

    pub(crate) fn match_row(
        &self,
        from: &str,
        kind: Kind,
        slot: u32,
        m: Option<&Match>,
    ) -> ListingRow {
        let what = Cell::header(vec![Span::text(format!("{} {slot}", kind_name(kind)))]);
        let Some(m) = m else {
            return ListingRow {
                cells: vec![
                    what,
                    Cell::text("to enter").class("legs"),
                    Cell::text("—"),
                    Cell::text("—"),
                    Cell::text(""),
                ],
                class: String::new(),
            };
        };
        let players = |list: &[String]| self.players(from, list, " & ");
        let mut legs = Vec::new();
        for (i, l) in m.leg_scores.iter().enumerate() {
            if i > 0 {
                legs.push(Span::text(" "));
            }
            let score = format!("{}-{}", l.score.home, l.score.away);
            legs.push(match l.game {
                Some(g) => Span::link(score, rel(from, &format!("game/{g}.html"))),
                None => Span::text(score),
            });
        }
        ListingRow {
            cells: vec![
                what,
                Cell::text(format!("{}–{}", m.legs.home, m.legs.away)).class("legs"),
                Cell::of(players(&m.players.home)),
                Cell::of(players(&m.players.away)),
                Cell::of(legs),
            ],
            class: String::new(),
        }
    }
}
