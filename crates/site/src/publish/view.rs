//! What a page shows, as plain data for the templates in `templates/`: sections of paragraphs,
//! tables and lists, each piece of text with an optional link or mark. The templates escape
//! every piece of text (askama escapes HTML by default), so a name is shown as it was typed.

use askama::Template;

/// One page of the site.
#[derive(Template)]
#[template(path = "page.html")]
pub struct Page {
    pub layout: Layout,
    pub sections: Vec<Section>,
}

/// An old address of a page: it sends the browser on to the page (`to`, relative).
#[derive(Template)]
#[template(path = "moved.html")]
pub struct MovedPage {
    pub layout: Layout,
    pub to: String,
}

/// What every page has: its title, the league, the way back to the site's root, the menu.
pub struct Layout {
    pub title: String,
    pub league: String,
    /// `""`, `"../"`, `"../../"`: from the page to the site's root.
    pub root: String,
    pub nav: Vec<NavLink>,
    /// Paragraphs under the title.
    pub intro: Vec<Para>,
    pub version: &'static str,
}

/// An entry of the menu: its words and where it goes.
pub struct NavLink {
    pub text: String,
    pub href: String,
}

/// A part of a page under its own heading.
#[derive(Default)]
pub struct Section {
    pub heading: String,
    pub id: String,
    pub class: String,
    pub intro: Vec<Para>,
    pub tables: Vec<Listing>,
    /// What a phone shows folded under the tables (a wide screen has it in them).
    pub folded: Vec<Folded>,
    pub list: Vec<Para>,
    pub after: Vec<Para>,
}

/// The columns of a table a phone leaves out, folded under it: a summary that opens them, their
/// table and notes. A wide screen shows them in the table, and never this.
pub struct Folded {
    pub summary: String,
    pub tables: Vec<Listing>,
    pub notes: Vec<Para>,
}

/// A paragraph (or list item): pieces of text.
#[derive(Default)]
pub struct Para {
    pub spans: Vec<Span>,
    pub class: String,
}

impl Para {
    pub fn of(spans: Vec<Span>) -> Para {
        Para {
            spans,
            class: String::new(),
        }
    }

    pub fn text(text: impl Into<String>) -> Para {
        Para::of(vec![Span::text(text)])
    }

    pub fn note(text: impl Into<String>) -> Para {
        Para {
            spans: vec![Span::text(text)],
            class: "note".into(),
        }
    }
}

/// Text, a link, or a mark (a provisional or disputed night).
pub struct Span {
    pub text: String,
    pub href: Option<String>,
    pub mark: String,
}

impl Span {
    pub fn text(text: impl Into<String>) -> Span {
        Span {
            text: text.into(),
            href: None,
            mark: String::new(),
        }
    }

    pub fn link(text: impl Into<String>, href: impl Into<String>) -> Span {
        Span {
            text: text.into(),
            href: Some(href.into()),
            mark: String::new(),
        }
    }

    pub fn mark(text: impl Into<String>, class: &str) -> Span {
        Span {
            text: text.into(),
            href: None,
            mark: class.into(),
        }
    }
}

pub struct Listing {
    pub id: String,
    /// A division's table of standings: the division's name (`data-division`); else empty.
    pub division: String,
    pub caption: String,
    pub head: Vec<Head>,
    pub rows: Vec<ListingRow>,
}

/// A column: its heading, the key it stands for (FORMAT.md §4, for the table of standings),
/// the words an abbreviation stands for.
pub struct Head {
    pub text: String,
    pub key: String,
    pub full: Option<String>,
    pub numeric: bool,
    /// `more`: a column a phone leaves out of the table (its cells' class too).
    pub class: String,
}

impl Head {
    pub fn new(text: &str) -> Head {
        Head {
            text: text.into(),
            key: String::new(),
            full: None,
            numeric: false,
            class: String::new(),
        }
    }

    pub fn num(text: &str, full: &str) -> Head {
        Head {
            text: text.into(),
            key: String::new(),
            full: (!full.is_empty()).then(|| full.to_string()),
            numeric: true,
            class: String::new(),
        }
    }

    pub fn key(mut self, key: &str) -> Head {
        self.key = key.into();
        self
    }

    /// A column a phone leaves out of the table, folded under it ([`Folded`]).
    pub fn more(mut self) -> Head {
        self.class = "more".into();
        self
    }
}

#[derive(Default)]
pub struct ListingRow {
    pub cells: Vec<Cell>,
    pub class: String,
}

impl ListingRow {
    /// A row of these cells, with no class of its own.
    pub fn of(cells: Vec<Cell>) -> ListingRow {
        ListingRow {
            cells,
            class: String::new(),
        }
    }
}

pub struct Cell {
    pub spans: Vec<Span>,
    /// A row's header cell (`<th scope="row">`).
    pub header: bool,
    pub class: String,
}

impl Cell {
    pub fn of(spans: Vec<Span>) -> Cell {
        Cell {
            spans,
            header: false,
            class: String::new(),
        }
    }

    pub fn text(text: impl Into<String>) -> Cell {
        Cell::of(vec![Span::text(text)])
    }

    pub fn num(n: impl ToString) -> Cell {
        Cell {
            spans: vec![Span::text(n.to_string())],
            header: false,
            class: "num".into(),
        }
    }

    pub fn header(spans: Vec<Span>) -> Cell {
        Cell {
            spans,
            header: true,
            class: String::new(),
        }
    }

    pub fn class(mut self, class: &str) -> Cell {
        self.class = class.into();
        self
    }
}
