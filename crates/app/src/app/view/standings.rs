//! The league table as a page shows it ([`StandingsView`]): its lines, the reason for each place
//! a tie-breaker settled, and the notes under it: the key, adjustments, withdrawals, the nights
//! not yet confirmed by both teams and the nights left out as incomplete. `don standings` and
//! the site's tables (front page, season, printable and confirmed-only) render this one view.

use crate::league::stats::incomplete_nights;
use crate::league::{standings, Breaker, Explanation, SeasonRecord, Standings};
use crate::record::text::count;

/// A piece of a note: words, or words marked as a night's standing ("provisional",
/// "disputed"), which the site shows as a mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotePart {
    Text(String),
    Mark { text: String, class: &'static str },
}

/// A note under the table, a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableNote {
    pub parts: Vec<NotePart>,
}

impl TableNote {
    fn text(text: impl Into<String>) -> TableNote {
        TableNote {
            parts: vec![NotePart::Text(text.into())],
        }
    }

    /// The note's words.
    pub fn words(&self) -> String {
        self.parts
            .iter()
            .map(|p| match p {
                NotePart::Text(t) | NotePart::Mark { text: t, .. } => t.as_str(),
            })
            .collect()
    }
}

/// A season's table and what is said under it.
#[derive(Clone, Debug)]
pub struct StandingsView {
    pub table: Standings,
    /// A closed season's word, the key, each adjustment and each withdrawal.
    pub notes: Vec<TableNote>,
    /// The nights not yet confirmed by both teams: "Counted, not yet confirmed by both teams: 2
    /// provisional nights" (or, for the table of confirmed nights only, "Left out, …"). No
    /// closing stop: a front end may say more after it.
    pub unconfirmed: Option<TableNote>,
    /// "Left out, as the table leaves them out until they are complete: …."
    pub incomplete: Option<TableNote>,
}

/// Under a closed season's table (FORMAT.md §7).
pub const AS_RECORDED: &str =
    "As recorded: the season is known by its final table, shown as it was printed (it is closed).";

impl StandingsView {
    /// The table of `season` (every night that counts), or of its confirmed nights only.
    pub fn of(season: &SeasonRecord, confirmed_only: bool) -> StandingsView {
        let table = if confirmed_only {
            standings(&season.confirmed_only())
        } else {
            standings(season)
        };
        StandingsView::with(season, table, confirmed_only)
    }

    /// The view of `table`, worked out already from `season` (or its confirmed nights only).
    pub fn with(season: &SeasonRecord, table: Standings, confirmed_only: bool) -> StandingsView {
        let config = &season.config;
        let mut notes = Vec::new();
        if !season.recorded.is_empty() {
            notes.push(TableNote::text(AS_RECORDED));
            for r in &season.recorded {
                if let (false, Some(t)) = (r.note.is_empty(), season.team(r.team)) {
                    notes.push(TableNote::text(format!("{}: {}.", t.name, r.note)));
                }
            }
        }
        let breakers: Vec<&str> = config.breakers().iter().map(|b| b.as_str()).collect();
        notes.push(TableNote::text(format!(
            "P W D L: nights played, won, drawn, lost; F A: matches for and against; {} a match. Ties are broken by {}.",
            count(i64::from(config.points_per_match), "point", "points"),
            breakers.join(", ")
        )));
        for a in &season.adjustments {
            let name = season.team(a.team).map_or("?", |t| t.name.as_str());
            let what = if a.points < 0 {
                format!("{} deducted", count(-a.points, "point", "points"))
            } else {
                format!("{} awarded", count(a.points, "point", "points"))
            };
            notes.push(TableNote::text(format!(
                "{name}: {what} on {} ({}).",
                a.date, a.reason
            )));
        }
        for t in &season.teams {
            if let Some(d) = t.withdrawn {
                notes.push(TableNote::text(format!(
                    "{} withdrew on {d}; its results are expunged.",
                    t.name
                )));
            }
        }
        let (p, d) = season.unconfirmed();
        let unconfirmed = (p + d > 0).then(|| {
            let lead = if confirmed_only {
                "Left out, not yet confirmed by both teams: "
            } else {
                "Counted, not yet confirmed by both teams: "
            };
            let mut parts = vec![NotePart::Text(lead.into())];
            if p > 0 {
                parts.push(NotePart::Mark {
                    text: count(p as i64, "provisional night", "provisional nights"),
                    class: "provisional",
                });
            }
            if p > 0 && d > 0 {
                parts.push(NotePart::Text(" and ".into()));
            }
            if d > 0 {
                parts.push(NotePart::Mark {
                    text: count(d as i64, "disputed night", "disputed nights"),
                    class: "disputed",
                });
            }
            TableNote { parts }
        });
        let left = incomplete_nights(season);
        let incomplete = (!left.is_empty()).then(|| {
            TableNote::text(format!(
                "Left out, as the table leaves them out until they are complete: {}.",
                left.join("; ")
            ))
        });
        StandingsView {
            table,
            notes,
            unconfirmed,
            incomplete,
        }
    }

    /// The reasons for the places of the pairs of teams a tie-breaker other than points put
    /// apart.
    pub fn tie_breaks(&self) -> impl Iterator<Item = &Explanation> {
        self.table
            .explanations
            .iter()
            .filter(|e| e.breaker != Breaker::Points)
    }

    /// What is said under the table, a sentence each, in order.
    pub fn facts(&self) -> Vec<String> {
        let mut facts: Vec<String> = self.notes.iter().map(TableNote::words).collect();
        facts.extend(self.unconfirmed.iter().map(TableNote::words));
        facts.extend(self.incomplete.iter().map(TableNote::words));
        facts.extend(self.tie_breaks().map(|e| e.text.clone()));
        facts
    }
}

/// One division's table (RULES.md §10): its name (none: a season without divisions) and its
/// view, with the notes and reasons of its own teams.
#[derive(Clone, Debug)]
pub struct DivisionTable {
    pub division: Option<String>,
    pub view: StandingsView,
}

/// A season's tables, a division each, top first: the season's one table, unnamed, for a
/// season without divisions. `only` names one division (refused in a season without, or by a
/// name that names none of its divisions).
pub fn division_tables(
    season: &SeasonRecord,
    confirmed_only: bool,
    only: Option<&str>,
) -> Result<Vec<DivisionTable>, crate::league::LeagueError> {
    use crate::league::error::Thing;
    use crate::league::LeagueError;
    let parts = match only {
        None => season.divided(),
        Some(_) if season.divisions.is_empty() => {
            return Err(LeagueError::NoDivisions {
                season: season.name.clone(),
            })
        }
        Some(name) => {
            let within = format!("season {}", season.name);
            let d = LeagueError::pick(
                &season.divisions,
                name,
                |d| &d.name,
                Thing::Division,
                Some(&within),
            )?;
            vec![(
                Some(d),
                season.division(&d.name).map(|(_, s)| s).unwrap_or_default(),
            )]
        }
    };
    Ok(parts
        .into_iter()
        .map(|(d, s)| DivisionTable {
            division: d.map(|d| d.name.clone()),
            view: StandingsView::of(&s, confirmed_only),
        })
        .collect())
}
