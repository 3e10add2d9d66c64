//! What a change to a night noted on the way (a warning, a player put on a roster, a fixture
//! moved): typed, so that each front end says it in its own words. Its `Display` is the words
//! the command line has always said.

use std::fmt;

use chrono::NaiveDate;

use crate::league::confirm::Contest;
use crate::league::night::NightWarning;
use crate::league::Kind;

/// What a change to a night noted on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NightNote {
    /// A player twice in one kind of match on the night: allowed, and warned of.
    Twice(NightWarning),
    /// A player put on a team's roster by the night.
    Added { player: String, team: String },
    /// A new player's name that only looks like a known one's, and the warning's words.
    LookAlike { name: String, words: String },
    /// A name the other team's captain typed, waiting to join its roster when it confirms.
    /// (`contest`: of a night, or a cup's tie.)
    Waiting {
        player: String,
        team: String,
        contest: Contest,
    },
    /// A name that waited, put on its team's roster as the team confirmed the night (or tie).
    Joined {
        player: String,
        team: String,
        contest: Contest,
    },
    /// The fixture moved to the night's date.
    Moved {
        fixture: i64,
        from: NaiveDate,
        to: NaiveDate,
    },
    /// A fixture added for the night (there was none between the teams).
    FixtureAdded {
        home: String,
        away: String,
        date: NaiveDate,
    },
    /// A cancelled fixture, played after all.
    Uncancelled(i64),
    /// A match taken back outside the entry at the prompt: asked again.
    TakenBack { kind: Kind, slot: u32 },
    /// A player a correction's replaced match alone had put on a team's roster, taken off it.
    TakenOff {
        player: String,
        team: String,
        kind: Kind,
        slot: u32,
    },
    /// A match another session entered meanwhile (its line).
    EnteredElsewhere { kind: Kind, slot: u32, line: String },
}

impl fmt::Display for NightNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NightNote::Twice(w) => write!(f, "warning: {w}"),
            NightNote::Added { player, team } => {
                write!(f, "warning: {player} was not on the roster of {team}; added")
            }
            NightNote::LookAlike { words, .. } => write!(f, "warning: {words}"),
            NightNote::Waiting {
                player,
                team,
                contest,
            } => write!(
                f,
                "{player} is not on the roster of {team}: they join it when {team} confirms the {contest}"
            ),
            NightNote::Joined {
                player,
                team,
                contest,
            } => {
                write!(f, "{player} joins the roster of {team}, the {contest} confirmed")
            }
            NightNote::Moved { fixture, from, to } => {
                write!(f, "fixture {fixture} moved from {from} to {to}")
            }
            NightNote::FixtureAdded { home, away, date } => write!(
                f,
                "there was no fixture {home} v {away}: one was added on {date}"
            ),
            NightNote::Uncancelled(fixture) => {
                write!(f, "fixture {fixture} was cancelled; it is played after all")
            }
            NightNote::TakenBack { kind, slot } => write!(
                f,
                "{kind} {slot} is no longer stored (taken back outside this entry): it is asked again"
            ),
            NightNote::TakenOff {
                player,
                team,
                kind,
                slot,
            } => write!(
                f,
                "{player}, put on the roster of {team} by {kind} {slot} alone, is taken off it"
            ),
            NightNote::EnteredElsewhere { kind, slot, line } => {
                write!(f, "{kind} {slot} was entered by another session: {line}")
            }
        }
    }
}
