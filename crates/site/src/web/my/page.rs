//! The pages of `/my/`, made with the site's own templates (`templates/base.html`, which the
//! published pages extend too), so a captain's page looks like the rest of the site; and the
//! answer a post ends with when it is done: 303 See Other to the page that says so.

use askama::Template;
use axum::http::header::LOCATION;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::publish::view::{Layout, NavLink, Page, Para, Section};

/// 303 See Other to `to` (a page of this site).
pub fn see_other(to: &str) -> Response {
    let to = HeaderValue::from_str(to).unwrap_or(HeaderValue::from_static("/my/"));
    (StatusCode::SEE_OTHER, [(LOCATION, to)]).into_response()
}

/// The layout of a page of the live site, from its root (`/`).
pub fn layout(title: &str, league: &str) -> Layout {
    Layout {
        title: title.to_string(),
        league: league.to_string(),
        root: "/".into(),
        nav: vec![
            NavLink {
                text: "Table".into(),
                href: "/index.html".into(),
            },
            NavLink {
                text: "My page".into(),
                href: "/my/".into(),
            },
        ],
        intro: Vec::new(),
        version: env!("CARGO_PKG_VERSION"),
    }
}

/// A page saying one thing (a refusal, say), with what to do about it.
pub fn message_page(title: &str, message: &str, hint: Option<&str>) -> String {
    let mut layout = layout(title, "don");
    layout.intro.push(Para::text(message));
    if let Some(hint) = hint {
        layout.intro.push(Para::note(hint));
    }
    let page = Page {
        layout,
        sections: Vec::<Section>::new(),
    };
    page.render()
        .unwrap_or_else(|_| format!("<!DOCTYPE html><title>{title}</title>"))
}
