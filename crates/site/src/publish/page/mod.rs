//! The pages of the site, one file per kind of page: the front page and the seasons' archive
//! (`front.rs`), a season (`season.rs`) and its table of confirmed nights only
//! (`confirmed.rs`), a night (`night.rs`), a score sheet (`game.rs`), a team (`team.rs`), a
//! player (`player.rs`); a cup's bracket and its ties (`cup.rs`); the honours page and the all-time table (`history.rs`); the tables more
//! than one page shows (`tables.rs`). Links are relative
//! (`../team/royal-oak.html`), so the site works from disk.

use std::collections::{BTreeMap, HashMap};

use askama::Template;

use crate::app::league::season::Sheets;
use crate::app::night::score::NightScore;
use crate::app::view::Target;
use crate::app::{Fixture, SeasonEntry, SeasonInfo};
use crate::league::names::name_key;
use crate::league::stats::{Filter, Stats};
use crate::league::{Config, Kind, SeasonRecord, Standings, Team, TeamId};
use crate::publish::build::Moved;
use crate::publish::ics::{self, Event};
use crate::publish::site::{PublishError, Site};
use crate::publish::view::{
    Cell, Folded, Head, Layout, Listing, ListingRow, MovedPage, NavLink, Page, Para, Section, Span,
};
use crate::record::standings::{self as table, TableLine};
use crate::record::text::count as plural;

mod confirmed;
mod cup;
mod front;
mod game;
mod history;
mod night;
mod player;
mod season;
mod tables;
mod team;

/// One season, loaded and worked out.
pub(crate) struct Loaded {
    pub(crate) info: SeasonInfo,
    pub(crate) slug: String,
    pub(crate) season: SeasonRecord,
    pub(crate) fixtures: Vec<Fixture>,
    pub(crate) entries: Vec<SeasonEntry>,
    pub(crate) table: Standings,
    /// A season with divisions: each division's table, top first (RULES.md §10); else empty.
    pub(crate) divisions: Vec<crate::app::view::standings::DivisionTable>,
    /// Every player's and partnership's figures in the season.
    pub(crate) figures: Stats,
    /// Each player's figures in the season, by name key.
    pub(crate) by_player: HashMap<String, Stats>,
    /// The score sheet of each stored game that scored a leg.
    pub(crate) sheets: Sheets,
    /// The season's cups, each as it stands.
    pub(crate) cups: Vec<crate::app::view::cup::CupView>,
    /// Each cup's slug (its pages' name), by its number.
    pub(crate) cup_slugs: HashMap<i64, String>,
}

impl Loaded {
    pub(crate) fn dir(&self) -> String {
        format!("season/{}", self.slug)
    }

    pub(crate) fn page(&self) -> String {
        format!("{}/index.html", self.dir())
    }

    /// The page of the season's table of confirmed nights only.
    pub(crate) fn confirmed_page(&self) -> String {
        format!("{}/confirmed.html", self.dir())
    }
}

/// Everything a page may link to.
pub(crate) struct Names {
    pub(crate) league: String,
    pub(crate) teams: HashMap<TeamId, String>,
    pub(crate) players: BTreeMap<String, (String, String)>,
    /// The page of each night, by fixture.
    pub(crate) nights: HashMap<i64, String>,
    /// The night (its fixture) each engine-scored leg's game was played in, and where in it.
    pub(crate) games: BTreeMap<i64, (i64, String)>,
}

impl Names {
    pub(crate) fn team(&self, id: TeamId) -> String {
        format!(
            "team/{}.html",
            self.teams.get(&id).map_or("", String::as_str)
        )
    }

    /// A player's page, by the name as typed (matched ignoring case and spaces).
    pub(crate) fn player(&self, name: &str) -> Option<String> {
        self.players
            .get(&name_key(name))
            .map(|(slug, _)| format!("player/{slug}.html"))
    }
}

impl Names {
    /// The page a view's link goes to, from the site's root; `None` when it has none.
    pub(crate) fn target(&self, to: &Target) -> Option<String> {
        match to {
            Target::Game(g) => Some(format!("game/{g}.html")),
            Target::Night(f) => self.nights.get(f).cloned(),
            Target::Team(t) => Some(self.team(*t)),
            Target::Player(name) => self.player(name),
        }
    }
}

/// A link from one page of the site to another, both given from the site's root.
fn rel(from: &str, to: &str) -> String {
    let depth = from.matches('/').count();
    format!("{}{to}", "../".repeat(depth))
}

/// A link from one page to another, both given from the site's root, by the shortest way:
/// `red-lion.html` from `team/the-lion.html`.
fn near(from: &str, to: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect();
    let to_parts: Vec<&str> = to.split('/').collect();
    let from_dirs = &from_dirs[..from_dirs.len() - 1];
    let common = from_dirs
        .iter()
        .zip(&to_parts[..to_parts.len() - 1])
        .take_while(|(a, b)| a == b)
        .count();
    format!(
        "{}{}",
        "../".repeat(from_dirs.len() - common),
        to_parts[common..].join("/")
    )
}

pub(crate) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Don => "Don",
        Kind::DoubleCrib => "Double crib",
        Kind::SingleCrib => "Single crib",
    }
}

/// A night's result in a few words, home first: "6–3", "9–0 (walkover)", "4–2 so far".
fn result_words(f: &Fixture, config: &Config) -> String {
    NightScore::of(f, config).site_words()
}

/// The site as it is being made.
pub(crate) struct Pages<'a> {
    pub(crate) names: &'a Names,
    pub(crate) site: Site,
    pub(crate) front: Option<&'a Loaded>,
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

impl Pages<'_> {
    pub(crate) fn file(&mut self, path: &str, bytes: Vec<u8>) {
        self.site.files.insert(path.to_string(), bytes);
    }

    /// A view's link on the page at `path`: a relative link, or its words where it has no page.
    pub(crate) fn span(&self, path: &str, link: &crate::app::view::Link) -> Span {
        match self.names.target(&link.to) {
            Some(to) => Span::link(&link.text, rel(path, &to)),
            None => Span::text(&link.text),
        }
    }

    /// Links of a view, with `between` between them.
    pub(crate) fn spans(
        &self,
        path: &str,
        links: &[crate::app::view::Link],
        between: &str,
    ) -> Vec<Span> {
        let mut spans = Vec::new();
        for (i, link) in links.iter().enumerate() {
            if i > 0 {
                spans.push(Span::text(between));
            }
            spans.push(self.span(path, link));
        }
        spans
    }

    pub(crate) fn layout(&self, path: &str, title: String, intro: Vec<Para>) -> Layout {
        let root = rel(path, "");
        let mut nav = vec![NavLink {
            text: "Home".into(),
            href: format!("{root}index.html"),
        }];
        if let Some(f) = self.front {
            nav.push(NavLink {
                text: format!("Season {}", f.info.name),
                href: rel(path, &f.page()),
            });
        }
        for (text, to) in [
            ("All seasons", "seasons.html"),
            ("Teams", "teams.html"),
            ("Players", "players.html"),
        ] {
            nav.push(NavLink {
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

    /// An old address that goes on answering: a page that sends the browser on to the page
    /// (with a link to it), or a calendar as it is at its address now.
    pub(crate) fn moved(&mut self, m: &Moved) -> Result<(), PublishError> {
        if self.site.files.contains_key(&m.from) {
            return Ok(());
        }
        let Some(bytes) = self.site.files.get(&m.to).cloned() else {
            return Ok(());
        };
        let bytes = if m.from.ends_with(".html") {
            let page = MovedPage {
                layout: self.layout(&m.from, m.title.clone(), vec![]),
                to: near(&m.from, &m.to),
            };
            page.render()
                .map_err(|source| PublishError::Render {
                    page: m.from.clone(),
                    source,
                })?
                .into_bytes()
        } else {
            bytes
        };
        self.file(&m.from, bytes);
        self.site.moved.insert(m.from.clone(), m.to.clone());
        Ok(())
    }

    pub(crate) fn page(
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_relative_to_the_page() {
        assert_eq!(rel("index.html", "team/a.html"), "team/a.html");
        assert_eq!(rel("team/a.html", "index.html"), "../index.html");
        assert_eq!(
            rel("season/2025-26/night/x.html", "game/1.html"),
            "../../../game/1.html"
        );
        assert_eq!(near("team/b.html", "team/a.html"), "a.html");
        assert_eq!(near("a.html", "team/a.html"), "team/a.html");
        assert_eq!(
            near("season/x/night/b.html", "season/x/night/a.html"),
            "a.html"
        );
        assert_eq!(
            near("season/x/night/b.html", "team/a.html"),
            "../../../team/a.html"
        );
    }
}
