//! A night as a signed-in page words it: who the one asking is on it, and where it stands in
//! the words of a captain (whose move it is is the league's rule, read by `app`).

use crate::app::Fixture;
use crate::league::confirm::{Move, Viewer};
use crate::league::{HomeAway, TeamId};

/// Who is asking, on a night: the captain of `team`, or the secretary (no team).
pub fn viewer(team: Option<TeamId>, f: &Fixture) -> Viewer {
    match team {
        None => Viewer::Secretary,
        Some(t) if t == f.home.id => Viewer::Captain(HomeAway::Home),
        Some(t) if t == f.away.id => Viewer::Captain(HomeAway::Away),
        Some(_) => Viewer::Outsider,
    }
}

/// Where a night stands, for the one asking; and whether it waits on them.
pub fn state(f: &Fixture, whose: Move, viewer: Viewer) -> (String, bool) {
    let mine = |side: HomeAway| viewer == Viewer::Captain(side);
    let name = |side: HomeAway| match side {
        HomeAway::Home => &f.home.name,
        HomeAway::Away => &f.away.name,
    };
    let words = match whose {
        Move::Cancelled => "cancelled".into(),
        Move::ToEnter => "to enter".into(),
        Move::ToPlay => "to play".into(),
        Move::Confirmed => "confirmed".into(),
        Move::Entering { by } if mine(by) => "being entered by you: not complete yet".into(),
        Move::Entering { by } => format!("being entered for {}: not complete yet", name(by)),
        Move::ToConfirm { entered_by } if mine(entered_by) => {
            "entered by you, waiting for the other captain".into()
        }
        Move::ToConfirm { entered_by } if viewer == Viewer::Secretary => format!(
            "entered for {}, waiting for {}",
            name(entered_by),
            name(entered_by.other())
        ),
        Move::ToConfirm { .. } => "waiting for your confirmation".into(),
        Move::Disputed { by } => format!("disputed by {}", name(by)),
    };
    (words, whose.waits_on(viewer))
}
