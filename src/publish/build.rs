//! Making the site's pages from the store: one pass over the league's seasons, then a page at a
//! time. Links are relative (`../team/royal-oak.html`), so the site works from disk.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use askama::Template;
use chrono::NaiveDate;

use super::ics::{self, Event};
use super::site::{PublishError, Site};
use super::table;
use super::view::{Cell, Head, Layout, Link, Page, Para, Section, Span, TableRow, TableView};
use crate::app::season::{read_season, Sheets};
use crate::check::check_value;
use crate::league::names::name_key;
use crate::league::stats::{complete_nights_only, left_out_words, stats, Filter, Line, Stats, Who};
use crate::league::{
    standings, Breaker, Config, Confirmation, HomeAway, Kind, Match, NightResult, Pair, Row,
    Season, Standings, TeamId,
};
use crate::replay::words::{decision_words, leg_word, score_words};
use crate::replay::{HandKind, ScoreSheet};
use crate::rules::{Outcome, Seat};
use crate::store::{Fixture, LeagueInfo, SeasonEntry, SeasonInfo, Store};

/// One season, loaded and worked out.
struct Loaded {
    info: SeasonInfo,
    slug: String,
    season: Season,
    fixtures: Vec<Fixture>,
    entries: Vec<SeasonEntry>,
    table: Standings,
    /// Every player's and partnership's figures in the season.
    figures: Stats,
    /// The score sheet of each stored game that scored a leg.
    sheets: Sheets,
}

impl Loaded {
    fn dir(&self) -> String {
        format!("season/{}", self.slug)
    }

    fn page(&self) -> String {
        format!("{}/index.html", self.dir())
    }
}

/// Everything a page may link to.
struct Names {
    league: String,
    teams: HashMap<TeamId, String>,
    players: BTreeMap<String, (String, String)>,
    /// The page of each night, by fixture.
    nights: HashMap<i64, String>,
    /// The night each engine-scored leg's game was played in, and where in it.
    games: BTreeMap<i64, (String, String)>,
}

impl Names {
    fn team(&self, id: TeamId) -> String {
        format!(
            "team/{}.html",
            self.teams.get(&id).map_or("", String::as_str)
        )
    }

    /// A player's page, by the name as typed (matched ignoring case and spaces).
    fn player(&self, name: &str) -> Option<String> {
        self.players
            .get(&name_key(name))
            .map(|(slug, _)| format!("player/{slug}.html"))
    }
}

/// The site of a league; `front` is the season its front page shows (the latest by default).
/// Everything is read from one state of the database.
pub fn site(
    store: &Store,
    league: &LeagueInfo,
    front: Option<&SeasonInfo>,
) -> Result<Site, PublishError> {
    store.read(|store| make(store, league, front))
}

fn make(
    store: &Store,
    league: &LeagueInfo,
    front: Option<&SeasonInfo>,
) -> Result<Site, PublishError> {
    let leagues = store.leagues();
    let mut seasons = Vec::new();
    let mut season_slugs = Slugs::default();
    for info in leagues.seasons(league.id)? {
        let read = read_season(&leagues, &info)?;
        let table = standings(&read.season);
        let figures = stats(std::slice::from_ref(&read.season), &Filter::default());
        seasons.push(Loaded {
            figures,
            slug: season_slugs.take(&info.name),
            fixtures: read.fixtures,
            entries: leagues.entries(info.id)?,
            info,
            season: read.season,
            sheets: read.sheets,
            table,
        });
    }
    // Slugs are handed out oldest first, so a team or player added later never takes the file
    // name of one already published (and a phone's calendar stays the same team's).
    let mut by_age = leagues.teams(league.id)?;
    by_age.sort_by_key(|t| t.id);
    let mut team_slugs = Slugs::default();
    let teams: HashMap<TeamId, String> = by_age
        .iter()
        .map(|t| (t.id, team_slugs.take(&t.name)))
        .collect();
    let team_names: HashMap<TeamId, String> = leagues
        .teams(league.id)?
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect();
    // Every player named on a roster or in a match, by name key, in the order they first
    // appear (oldest season first); slugs are handed out oldest player first, as teams' are,
    // by when each came into this league (a player known earlier in another league is new
    // here).
    let mut met: Vec<(String, String)> = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut meet = |name: &String| {
        let key = name_key(name);
        if seen.insert(key.clone()) {
            met.push((key, name.clone()));
        }
    };
    for s in &seasons {
        for e in &s.entries {
            e.roster.iter().for_each(&mut meet);
        }
        for n in &s.season.nights {
            if let NightResult::Matches(ms) = &n.result {
                for m in ms {
                    m.players
                        .home
                        .iter()
                        .chain(&m.players.away)
                        .for_each(&mut meet);
                }
            }
        }
    }
    let mut age: HashMap<String, usize> = HashMap::new();
    for (i, name) in leagues.players_by_age_in(league.id)?.iter().enumerate() {
        age.entry(name_key(name)).or_insert(i);
    }
    met.sort_by_key(|(key, _)| age.get(key).copied().unwrap_or(usize::MAX));
    let mut player_slugs = Slugs::default();
    let players: BTreeMap<String, (String, String)> = met
        .into_iter()
        .map(|(key, name)| (key, (player_slugs.take(&name), name)))
        .collect();
    let mut names = Names {
        league: league.name.clone(),
        teams,
        players,
        nights: HashMap::new(),
        games: BTreeMap::new(),
    };
    for s in &seasons {
        let mut night_slugs = Slugs::default();
        for f in s.fixtures.iter().filter(|f| f.result.is_some()) {
            let slug = night_slugs.take(&format!(
                "{}-{}-v-{}",
                f.date,
                names.teams.get(&f.home.id).map_or("", String::as_str),
                names.teams.get(&f.away.id).map_or("", String::as_str)
            ));
            let page = format!("{}/night/{slug}.html", s.dir());
            if let Some(NightResult::Matches(ms)) = &f.result {
                for m in ms {
                    for (i, leg) in m.leg_scores.iter().enumerate() {
                        if let Some(g) = leg.game {
                            let what = format!(
                                "{} v {}, {} {} leg {}",
                                f.home.name,
                                f.away.name,
                                kind_name(m.kind),
                                m.slot,
                                i + 1
                            );
                            names.games.insert(g, (page.clone(), what));
                        }
                    }
                }
            }
            names.nights.insert(f.id, page);
        }
    }
    let front = match front {
        Some(f) => seasons.iter().position(|s| s.info.id == f.id),
        None => seasons.len().checked_sub(1),
    };
    let mut out = Pages {
        names: &names,
        site: Site::default(),
        front: front.map(|i| &seasons[i]),
    };
    out.file(
        "style.css",
        include_str!("../../templates/style.css").into(),
    );
    out.front_page(&seasons)?;
    out.archive(&seasons)?;
    for s in &seasons {
        out.season(s, &seasons)?;
        for f in s.fixtures.iter().filter(|f| f.result.is_some()) {
            out.night(s, f)?;
        }
    }
    for (game, (night, what)) in &names.games {
        let sheet = match seasons.iter().find_map(|s| s.sheets.get(*game)) {
            Some(sheet) => Cow::Borrowed(sheet),
            None => Cow::Owned(check_value(store.game_record(*game)?)),
        };
        out.game(&sheet, *game, night, what)?;
    }
    let mut team_ids: Vec<(&String, &TeamId)> = names.teams.iter().map(|(id, s)| (s, id)).collect();
    team_ids.sort();
    out.teams_page(&team_ids, &team_names)?;
    for (_, id) in &team_ids {
        out.team(**id, &team_names[id], &seasons)?;
    }
    out.players_page()?;
    let all: Vec<Season> = seasons.iter().map(|s| s.season.clone()).collect();
    let every_season = stats(&all, &Filter::default());
    for (key, (slug, name)) in &names.players {
        out.player(key, slug, name, &seasons, &every_season)?;
    }
    Ok(out.site)
}

/// Distinct file names from names: `royal-oak`, then `royal-oak-2` for a second; letters with
/// accents as their plain letters (`Tŷ Gwyn` is `ty-gwyn`), at most [`Slugs::LONGEST`] bytes.
#[derive(Default)]
struct Slugs(BTreeSet<String>);

impl Slugs {
    const LONGEST: usize = 60;

    fn take(&mut self, name: &str) -> String {
        let mut base = String::new();
        for c in name.chars().flat_map(char::to_lowercase) {
            if c.is_ascii_alphanumeric() {
                base.push(c);
            } else if let Some(plain) = plain_letters(c) {
                base.push_str(plain);
            } else if !base.ends_with('-') && !base.is_empty() {
                base.push('-');
            }
            if base.len() >= Self::LONGEST {
                base.truncate(Self::LONGEST);
                break;
            }
        }
        while base.ends_with('-') {
            base.pop();
        }
        if base.is_empty() {
            base.push('x');
        }
        // A name Windows keeps for a device is no file name there, with any extension.
        if is_reserved_on_windows(&base) {
            base.push_str("-x");
        }
        let mut slug = base.clone();
        let mut n = 1;
        while !self.0.insert(slug.clone()) {
            n += 1;
            slug = format!("{base}-{n}");
        }
        slug
    }
}

/// `con`, `prn`, `aux`, `nul`, `com0`…`com9`, `lpt0`…`lpt9`: names of devices on Windows.
fn is_reserved_on_windows(slug: &str) -> bool {
    match slug.as_bytes() {
        b"con" | b"prn" | b"aux" | b"nul" => true,
        [b'c', b'o', b'm', d] | [b'l', b'p', b't', d] => d.is_ascii_digit(),
        _ => false,
    }
}

/// A lower-case letter with an accent (or a ligature) as plain letters.
fn plain_letters(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' => "c",
        'ð' | 'đ' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' => "e",
        'ì' | 'í' | 'î' | 'ï' | 'ī' => "i",
        'ł' => "l",
        'ñ' | 'ń' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' => "o",
        'œ' => "oe",
        'ß' => "ss",
        'š' | 'ś' => "s",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' => "u",
        'ŵ' | 'ẁ' | 'ẃ' | 'ẅ' => "w",
        'ý' | 'ÿ' | 'ŷ' | 'ỳ' => "y",
        'ž' | 'ź' | 'ż' => "z",
        _ => return None,
    })
}

/// A link from one page of the site to another, both given from the site's root.
fn rel(from: &str, to: &str) -> String {
    let depth = from.matches('/').count();
    format!("{}{to}", "../".repeat(depth))
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Don => "Don",
        Kind::DoubleCrib => "Double crib",
        Kind::SingleCrib => "Single crib",
    }
}

fn day(d: NaiveDate) -> String {
    d.format("%a %-d %b %Y").to_string()
}

/// A night's result in a few words, home first: "6–3", "9–0 (walkover)", "4–2 so far".
fn result_words(f: &Fixture, config: &Config) -> String {
    match &f.result {
        None if f.cancelled => "cancelled".into(),
        None => "v".into(),
        Some(NightResult::Totals(t)) => format!("{}–{}", t.home, t.away),
        Some(NightResult::Walkover(side)) => {
            let w = config.walkover_matches();
            let (h, a) = if *side == HomeAway::Home {
                (w, 0)
            } else {
                (0, w)
            };
            format!("{h}–{a} (walkover)")
        }
        Some(NightResult::Matches(ms)) => {
            let mut won = Pair::<u32>::default();
            for m in ms {
                won[m.winner()] += 1;
            }
            let left = crate::league::night::missing(config, ms).len();
            if left == 0 {
                format!("{}–{}", won.home, won.away)
            } else {
                format!("{}–{} so far", won.home, won.away)
            }
        }
    }
}

/// The mark a night carries when both teams do not stand by it yet.
fn mark(f: &Fixture) -> Option<Span> {
    match &f.confirmation {
        _ if f.result.is_none() && f.cancelled => Some(Span::mark("cancelled", "cancelled")),
        _ if f.result.is_none() => None,
        Confirmation::Confirmed => None,
        Confirmation::Provisional { .. } => Some(Span::mark("provisional", "provisional")),
        Confirmation::Disputed { .. } => Some(Span::mark("disputed", "disputed")),
    }
}

/// The site as it is being made.
struct Pages<'a> {
    names: &'a Names,
    site: Site,
    front: Option<&'a Loaded>,
}

impl Pages<'_> {
    fn file(&mut self, path: &str, bytes: Vec<u8>) {
        self.site.files.insert(path.to_string(), bytes);
    }

    fn layout(&self, path: &str, title: String, intro: Vec<Para>) -> Layout {
        let root = rel(path, "");
        let mut nav = vec![Link {
            text: "Home".into(),
            href: format!("{root}index.html"),
        }];
        if let Some(f) = self.front {
            nav.push(Link {
                text: format!("Season {}", f.info.name),
                href: rel(path, &f.page()),
            });
        }
        for (text, to) in [
            ("All seasons", "seasons.html"),
            ("Teams", "teams.html"),
            ("Players", "players.html"),
        ] {
            nav.push(Link {
                text: text.into(),
                href: rel(path, to),
            });
        }
        Layout {
            title,
            league: self.names.league.clone(),
            root,
            nav,
            intro,
            version: env!("CARGO_PKG_VERSION"),
        }
    }

    fn page(
        &mut self,
        path: &str,
        title: String,
        intro: Vec<Para>,
        sections: Vec<Section>,
    ) -> Result<(), PublishError> {
        let page = Page {
            layout: self.layout(path, title, intro),
            sections,
        };
        let html = page.render().map_err(|source| PublishError::Render {
            page: path.to_string(),
            source,
        })?;
        self.file(path, html.into_bytes());
        Ok(())
    }

    /// The table of standings, its columns keyed as FORMAT.md §4; beside each pair of teams
    /// that needed a tie-breaker, the reason.
    fn standings_table(&self, from: &str, s: &Loaded, id: &str, reasons: bool) -> TableView {
        let why: HashMap<TeamId, &str> = if reasons {
            tie_breaks(s).map(|e| (e.above, e.text.as_str())).collect()
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
        let rows = s
            .table
            .rows
            .iter()
            .map(|r| {
                let mut cells = table_cells(r, from, self.names);
                if !why.is_empty() {
                    cells.push(Cell::text(why.get(&r.team).copied().unwrap_or("")).class("why"));
                }
                TableRow {
                    cells,
                    class: String::new(),
                }
            })
            .collect();
        TableView {
            id: id.into(),
            caption: format!("{} {}: league table", self.names.league, s.info.name),
            head,
            rows,
        }
    }

    /// What the table needs said: points, tie-breakers, adjustments, withdrawals, nights not
    /// yet confirmed by both teams.
    fn table_notes(&self, s: &Loaded) -> Vec<Para> {
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
            let mut spans = vec![Span::text("Counted, not yet confirmed by both teams: ")];
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

    /// Nights as a table: date, home, result (linked to the night), away, and a mark.
    fn nights_table(
        &self,
        from: &str,
        caption: String,
        fixtures: &[&Fixture],
        config: &Config,
    ) -> TableView {
        let rows = fixtures
            .iter()
            .map(|f| {
                let result = result_words(f, config);
                let result = match self.names.nights.get(&f.id) {
                    Some(page) => Span::link(result, rel(from, page)),
                    None => Span::text(result),
                };
                let mut status = Vec::new();
                status.extend(mark(f));
                TableRow {
                    cells: vec![
                        Cell::text(day(f.date)),
                        Cell::of(vec![Span::link(
                            &f.home.name,
                            rel(from, &self.names.team(f.home.id)),
                        )]),
                        Cell::of(vec![result]).class("result"),
                        Cell::of(vec![Span::link(
                            &f.away.name,
                            rel(from, &self.names.team(f.away.id)),
                        )]),
                        Cell::of(status),
                    ],
                    class: String::new(),
                }
            })
            .collect();
        TableView {
            id: String::new(),
            caption,
            head: vec![
                Head::new("Date"),
                Head::new("Home"),
                Head::new("Result"),
                Head::new("Away"),
                Head::new("Status"),
            ],
            rows,
        }
    }

    /// A section of nights under a heading (and its anchor), or a line saying there are none.
    fn nights_section(
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

    fn front_page(&mut self, seasons: &[Loaded]) -> Result<(), PublishError> {
        let path = "index.html";
        let mut sections = Vec::new();
        let mut intro = Vec::new();
        match self.front {
            None => intro.push(Para::text("No season yet.")),
            Some(s) => {
                intro.push(Para::of(vec![
                    Span::text(format!("Season {}: ", s.info.name)),
                    Span::text(s.season.config.describe_night()),
                ]));
                let mut notes = self.table_notes(s);
                notes.push(Para::of(vec![
                    Span::link("The whole season", rel(path, &s.page())),
                    Span::text(" · "),
                    Span::link(
                        "Printable table",
                        rel(path, &format!("{}/table.html", s.dir())),
                    ),
                ]));
                sections.push(Section {
                    heading: format!("Table, season {}", s.info.name),
                    id: "table".into(),
                    class: "table".into(),
                    tables: vec![self.standings_table(path, s, "standings", true)],
                    after: notes,
                    ..Section::default()
                });
                let mut played: Vec<&Fixture> =
                    s.fixtures.iter().filter(|f| f.result.is_some()).collect();
                played.reverse();
                played.truncate(10);
                sections.push(self.nights_section(
                    path,
                    ("Latest results", "results"),
                    format!("The latest nights of season {}, newest first", s.info.name),
                    &played,
                    s,
                    "No nights played yet.",
                ));
                let mut next: Vec<&Fixture> = s
                    .fixtures
                    .iter()
                    .filter(|f| f.result.is_none() && !f.cancelled)
                    .collect();
                next.truncate(10);
                sections.push(self.nights_section(
                    path,
                    ("Next fixtures", "fixtures"),
                    format!("The next fixtures of season {}", s.info.name),
                    &next,
                    s,
                    if s.fixtures.is_empty() {
                        "No fixtures yet."
                    } else {
                        "No fixtures left to play."
                    },
                ));
            }
        }
        sections.push(Section {
            heading: "Seasons".into(),
            intro: if seasons.is_empty() {
                vec![Para::text(format!(
                    "None yet: begin one with `don season new NAME --league '{}'`.",
                    self.names.league
                ))]
            } else {
                vec![]
            },
            list: seasons
                .iter()
                .rev()
                .map(|s| {
                    Para::of(vec![Span::link(
                        format!("Season {}", s.info.name),
                        rel(path, &s.page()),
                    )])
                })
                .collect(),
            ..Section::default()
        });
        self.page(path, self.names.league.clone(), intro, sections)
    }

    /// Every season, newest first, with its leader (or champion) and its nights played.
    fn archive(&mut self, seasons: &[Loaded]) -> Result<(), PublishError> {
        let path = "seasons.html";
        let rows = seasons
            .iter()
            .rev()
            .map(|s| {
                let top = s.table.rows.first();
                let played = s.season.nights.len();
                let total = s.fixtures.iter().filter(|f| !f.cancelled).count();
                TableRow {
                    cells: vec![
                        Cell::header(vec![Span::link(&s.info.name, rel(path, &s.page()))]),
                        Cell::num(s.entries.len()),
                        Cell::text(format!("{played} of {total}")),
                        Cell::of(match top {
                            Some(r) => vec![Span::link(
                                format!("{} ({} pts)", r.name, r.points),
                                rel(path, &self.names.team(r.team)),
                            )],
                            None => vec![],
                        }),
                    ],
                    class: String::new(),
                }
            })
            .collect();
        let section = Section {
            heading: "Archive".into(),
            tables: vec![TableView {
                id: String::new(),
                caption: format!("The seasons of {}, newest first", self.names.league),
                head: vec![
                    Head::new("Season"),
                    Head::num("Teams", ""),
                    Head::new("Nights played"),
                    Head::new("Top of the table"),
                ],
                rows,
            }],
            ..Section::default()
        };
        self.page(path, "All seasons".into(), vec![], vec![section])
    }

    fn season(&mut self, s: &Loaded, seasons: &[Loaded]) -> Result<(), PublishError> {
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
        let mut notes = self.table_notes(s);
        notes.push(Para::of(vec![
            Span::link("Printable table", "table.html"),
            Span::text(" · the table as "),
            Span::link("CSV", "standings.csv"),
            Span::text(" or "),
            Span::link("JSON", "standings.json"),
        ]));
        let table_section = Section {
            heading: "Table".into(),
            id: "table".into(),
            class: "table".into(),
            tables: vec![self.standings_table(&path, s, "standings", true)],
            after: notes,
            ..Section::default()
        };
        // The printable table: the table and its notes alone, the tie-break reasons under it
        // (a column of them would make the rows too tall for one page).
        let print = format!("{dir}/table.html");
        let mut after = self.table_notes(s);
        after.extend(tie_breaks(s).map(|e| Para::note(e.text.clone())));
        let print_section = Section {
            heading: "Table".into(),
            id: "table".into(),
            class: "table".into(),
            tables: vec![self.standings_table(&print, s, "standings", false)],
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
        let mut sections = vec![table_section, nights, teams];
        if !others.list.is_empty() {
            sections.push(others);
        }
        self.page(&path, format!("Season {}", s.info.name), intro, sections)
    }

    /// A night's card: each match with its players, legs and leg scores; a leg scored with the
    /// engine links to its score sheet.
    fn night(&mut self, s: &Loaded, f: &Fixture) -> Result<(), PublishError> {
        let Some(path) = self.names.nights.get(&f.id).cloned() else {
            return Ok(());
        };
        let config = &s.season.config;
        let mut intro = vec![Para::of(vec![
            Span::text(format!("{}, season ", day(f.date))),
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
                    tables: vec![TableView {
                        id: "card".into(),
                        caption: format!("{} v {}: the matches", f.home.name, f.away.name),
                        head: vec![
                            Head::new("Match"),
                            Head::new(&f.home.name),
                            Head::new(&f.away.name),
                            Head::new("Legs"),
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
    fn players(&self, from: &str, names: &[String], between: &str) -> Vec<Span> {
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

    fn match_row(&self, from: &str, kind: Kind, slot: u32, m: Option<&Match>) -> TableRow {
        let what = Cell::header(vec![Span::text(format!("{} {slot}", kind_name(kind)))]);
        let Some(m) = m else {
            return TableRow {
                cells: vec![
                    what,
                    Cell::text("—"),
                    Cell::text("—"),
                    Cell::text("to enter"),
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
        TableRow {
            cells: vec![
                what,
                Cell::of(players(&m.players.home)),
                Cell::of(players(&m.players.away)),
                Cell::text(format!("{}–{}", m.legs.home, m.legs.away)),
                Cell::of(legs),
            ],
            class: String::new(),
        }
    }

    /// The score sheet of a leg scored with the engine, hand by hand.
    fn game(
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
            let sides: Vec<String> = sheet.sides.iter().map(|&s| side_name(&sheet, s)).collect();
            intro.push(Para::text(sides.join(" v ")));
        }
        let is_match = sheet.is_match();
        let mut head = vec![Head::num("Hand", "")];
        if is_match {
            head.push(Head::num(leg_word(&sheet), ""));
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
                    format!("{} {}: ", leg_word(&sheet), d.leg)
                } else {
                    String::new()
                };
                Para::text(format!("{leg}{}", decision_words(&sheet, d)))
            })
            .collect();
        if let Some((side, after)) = sheet.conceded {
            decided.push(Para::text(format!("{side} conceded after hand {after}.")));
        }
        match &sheet.result {
            Some(Outcome::Won(s)) if is_match => decided.push(Para::text(format!(
                "{} won the match {}.",
                side_name(&sheet, *s),
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

    fn teams_page(
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
    fn team(&mut self, id: TeamId, name: &str, seasons: &[Loaded]) -> Result<(), PublishError> {
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
            if let Some(venue) = &entry.team.venue {
                if sections.is_empty() {
                    intro.push(Para::text(format!("Plays at home at {venue}.")));
                }
            }
            let mut sec = Section {
                heading: format!("Season {}", s.info.name),
                ..Section::default()
            };
            let place = match s.table.rows.iter().find(|r| r.team == id) {
                Some(r) => format!(
                    "{} of {}, {}.",
                    ordinal(r.pos),
                    s.table.rows.len(),
                    plural(r.points, "point", "points")
                ),
                None => match entry.withdrawn {
                    Some(d) => format!("Withdrew on {d}."),
                    None => String::new(),
                },
            };
            sec.intro.push(Para::of(vec![
                Span::link(format!("Season {}", s.info.name), rel(&path, &s.page())),
                Span::text(format!(": {place}")),
            ]));
            let mut roster = vec![Span::text("Roster: ")];
            roster.extend(self.players(&path, &entry.roster, ", "));
            if entry.roster.is_empty() {
                roster.push(Span::text("none given"));
            }
            sec.intro.push(Para::of(roster));
            let theirs: Vec<&Fixture> = s
                .fixtures
                .iter()
                .filter(|f| f.home.id == id || f.away.id == id)
                .collect();
            for f in &theirs {
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
                    &figures.players,
                    "Player",
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

    /// Lines of figures: who, kind, matches and legs played and won, points a hand.
    fn figures_table(&self, from: &str, caption: String, lines: &[Line], who: &str) -> TableView {
        let rows = lines
            .iter()
            .map(|l| {
                let names: Vec<String> = match &l.who {
                    Who::Player(p) => vec![p.clone()],
                    Who::Partnership(a, b) => vec![a.clone(), b.clone()],
                };
                let spans = self.players(from, &names, " & ");
                TableRow {
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
        TableView {
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

    fn players_page(&mut self) -> Result<(), PublishError> {
        let path = "players.html";
        let mut list: Vec<(&String, &String)> = self
            .names
            .players
            .values()
            .map(|(slug, name)| (name, slug))
            .collect();
        list.sort();
        let mut section = Section {
            heading: "Every player of the league".into(),
            list: list
                .iter()
                .map(|(name, slug)| {
                    Para::of(vec![Span::link(*name, format!("player/{slug}.html"))])
                })
                .collect(),
            ..Section::default()
        };
        if section.list.is_empty() {
            section.intro.push(Para::text("No players yet."));
        }
        self.page(path, "Players".into(), vec![], vec![section])
    }

    /// A player: figures by kind and partnership over every season, then season by season.
    fn player(
        &mut self,
        key: &str,
        slug: &str,
        name: &str,
        seasons: &[Loaded],
        every_season: &Stats,
    ) -> Result<(), PublishError> {
        let path = format!("player/{slug}.html");
        let filter = Filter {
            player: Some(name.to_string()),
            ..Filter::default()
        };
        let figures = every_season.filtered(&filter);
        let mut sections = Vec::new();
        let mut intro = Vec::new();
        let mut teams = Vec::new();
        for s in seasons.iter().rev() {
            for e in &s.entries {
                if e.roster.iter().any(|p| name_key(p) == key) {
                    teams.push((s, e));
                }
            }
        }
        if !teams.is_empty() {
            let mut spans = vec![Span::text("On the roster of ")];
            for (i, (s, e)) in teams.iter().enumerate() {
                if i > 0 {
                    spans.push(Span::text(", "));
                }
                spans.push(Span::link(
                    &e.team.name,
                    rel(&path, &self.names.team(e.team.id)),
                ));
                spans.push(Span::text(format!(" in {}", s.info.name)));
            }
            spans.push(Span::text("."));
            intro.push(Para::of(spans));
        }
        let mut by_kind = Section {
            heading: "Every season, by kind of game".into(),
            ..Section::default()
        };
        if figures.players.is_empty() {
            by_kind.intro.push(Para::text("No matches entered yet."));
        } else {
            by_kind.tables.push(self.figures_table(
                &path,
                format!("{name}: matches and legs by kind, every season"),
                &figures.players,
                "Player",
            ));
        }
        sections.push(by_kind);
        if !figures.partnerships.is_empty() {
            sections.push(Section {
                heading: "Partnerships".into(),
                tables: vec![self.figures_table(
                    &path,
                    format!("{name}'s partnerships, every season"),
                    &figures.partnerships,
                    "Partnership",
                )],
                ..Section::default()
            });
        }
        let mut rows = Vec::new();
        for s in seasons.iter().rev() {
            for l in s.figures.filtered(&filter).players {
                rows.push(TableRow {
                    cells: vec![
                        Cell::header(vec![Span::link(&s.info.name, rel(&path, &s.page()))]),
                        Cell::text(kind_name(l.kind)),
                        Cell::text(&l.team),
                        Cell::num(l.matches),
                        Cell::num(l.matches_won),
                        Cell::num(l.legs),
                        Cell::num(l.legs_won),
                    ],
                    class: String::new(),
                });
            }
        }
        if !rows.is_empty() {
            sections.push(Section {
                heading: "Season by season".into(),
                tables: vec![TableView {
                    id: String::new(),
                    caption: format!("{name}, season by season"),
                    head: vec![
                        Head::new("Season"),
                        Head::new("Kind"),
                        Head::new("Team"),
                        Head::num("M", "Matches played"),
                        Head::num("MW", "Matches won"),
                        Head::num("L", "Legs played"),
                        Head::num("LW", "Legs won"),
                    ],
                    rows,
                }],
                ..Section::default()
            });
        }
        self.page(&path, name.to_string(), intro, sections)
    }
}

/// The reasons for the places of the pairs of teams a tie-breaker put apart (not points).
fn tie_breaks(s: &Loaded) -> impl Iterator<Item = &crate::league::Explanation> {
    s.table
        .explanations
        .iter()
        .filter(|e| e.breaker != Breaker::Points)
}

/// A line of the table as cells: the team's name is the row's header, linked to its page.
fn table_cells(r: &Row, from: &str, names: &Names) -> Vec<Cell> {
    let text = table::cells(r);
    let mut cells = Vec::with_capacity(text.len());
    for (i, t) in text.into_iter().enumerate() {
        cells.push(if i == 1 {
            Cell::header(vec![Span::link(t, rel(from, &names.team(r.team)))])
        } else {
            Cell::num(t)
        });
    }
    cells
}

/// A side with its players' names: "NS (Gareth & Rhys)".
fn side_name(sheet: &ScoreSheet, side: crate::rules::Side) -> String {
    use crate::rules::Side as S;
    let seats: &[Seat] = match side {
        S::NS => &[Seat::N, Seat::S],
        S::EW => &[Seat::E, Seat::W],
        S::N => &[Seat::N],
        S::E => &[Seat::E],
        S::S => &[Seat::S],
    };
    let names: Vec<&str> = seats
        .iter()
        .filter_map(|&s| sheet.seats[s].as_deref())
        .collect();
    if names.is_empty() {
        side.code().to_string()
    } else {
        format!("{} ({})", side.code(), names.join(" & "))
    }
}

fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 || n == -1 { one } else { many })
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_plain_distinct_and_short() {
        let mut slugs = Slugs::default();
        assert_eq!(slugs.take("Royal Oak"), "royal-oak");
        assert_eq!(slugs.take("ROYAL  oak!"), "royal-oak-2");
        assert_eq!(slugs.take("Tŷ Gwyn"), "ty-gwyn");
        assert_eq!(slugs.take("Zoë Ŵyn"), "zoe-wyn");
        assert_eq!(slugs.take("<b>Fox & \"Hounds\"</b>"), "b-fox-hounds-b");
        assert_eq!(slugs.take("李"), "x");
        assert_eq!(slugs.take("王"), "x-2");
        assert_eq!(slugs.take("../etc/passwd"), "etc-passwd");
        let long = slugs.take(&"The Very Long Name Of A Pub ".repeat(10));
        assert_eq!(long.len(), 59, "{long}");
        assert!(long.starts_with("the-very-long-name-of-a-pub-the-very"));
        assert!(!long.ends_with('-'));
    }

    #[test]
    fn no_slug_is_a_name_windows_keeps_for_a_device() {
        let mut slugs = Slugs::default();
        assert_eq!(slugs.take("CON"), "con-x");
        assert_eq!(slugs.take("nul"), "nul-x");
        assert_eq!(slugs.take("Aux"), "aux-x");
        assert_eq!(slugs.take("PRN."), "prn-x");
        assert_eq!(slugs.take("COM1"), "com1-x");
        assert_eq!(slugs.take("lpt9"), "lpt9-x");
        assert_eq!(slugs.take("Con"), "con-x-2");
        assert_eq!(slugs.take("con.txt"), "con-txt");
        assert_eq!(slugs.take("COM10"), "com10");
        assert_eq!(slugs.take("Conwy"), "conwy");
        assert_eq!(slugs.take("com"), "com");
    }

    #[test]
    fn links_are_relative_to_the_page() {
        assert_eq!(rel("index.html", "team/a.html"), "team/a.html");
        assert_eq!(rel("team/a.html", "index.html"), "../index.html");
        assert_eq!(
            rel("season/2025-26/night/x.html", "game/1.html"),
            "../../../game/1.html"
        );
    }
}
