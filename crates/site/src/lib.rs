//! The league's site: `publish` writes it as static HTML, `web` (`don serve`) serves the same
//! pages live and what captains and the secretary do through their private links. Askama
//! templates (`templates/`), which escape every name; front ends that parse, call `app`, render.
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod publish;
pub mod web;

use don_app::app;
use don_league::league;
use don_record::record;
use don_rules::rules;
use don_scorer::scorer;
