//! A night of the league by its fixture's number, as a signed-in page needs it: its season,
//! its teams' rosters; who the one asking is on it; where it stands, in the words of a captain.

use crate::app::access::Session;
use crate::app::league::which::Choice;
use crate::app::night::{is_done, NightRef, Which};
use crate::app::{App, AppError};
use crate::league::{Confirmation, HomeAway, Pair};
use crate::store::{Fixture, LeagueInfo, SeasonInfo};

/// A night, with all a page of it shows.
pub struct Night {
    pub league: LeagueInfo,
    pub season: SeasonInfo,
    pub fixture: Fixture,
    /// Each team's roster for the season.
    pub rosters: Pair<Vec<String>>,
    /// Why its captains may not act on it (the app's rule), if they may not: its page offers
    /// them no form.
    pub closed_to_captains: Option<crate::app::night::error::CaptainsNight>,
    /// Today, as the app took it.
    pub today: chrono::NaiveDate,
}

impl Night {
    /// Fixture `id` of the league named `league`.
    pub fn find(app: &App, league: &str, id: i64) -> Result<Night, AppError> {
        let leagues = app.store().leagues();
        let choice = Choice {
            league: Some(league.to_string()),
            season: None,
        };
        let (league, season) = choice.of_fixture(&leagues, id, app.today())?;
        let fixture = leagues
            .fixture(season.id, id)?
            .ok_or(crate::app::night::NightError::NoFixtureId(id))?;
        let entries = leagues.entries(season.id)?;
        let roster = |team: i64| {
            entries
                .iter()
                .find(|e| e.team.id == team)
                .map(|e| e.roster.clone())
                .unwrap_or_default()
        };
        let rosters = Pair::new(roster(fixture.home.id), roster(fixture.away.id));
        let closed_to_captains = crate::app::night::find::captains_night(
            &leagues,
            (&league, &season),
            &fixture,
            app.today(),
        )?;
        Ok(Night {
            closed_to_captains,
            today: app.today(),
            league,
            season,
            fixture,
            rosters,
        })
    }

    /// The night as the app's night functions name it.
    pub fn night_ref(&self) -> NightRef<'_> {
        NightRef {
            which: Which {
                league: Some(&self.league.name),
                season: Some(&self.season.name),
            },
            home: &self.fixture.home.name,
            away: &self.fixture.away.name,
            date: Some(self.fixture.date),
        }
    }

    /// The name of the team on `side`.
    pub fn team(&self, side: HomeAway) -> &str {
        match side {
            HomeAway::Home => &self.fixture.home.name,
            HomeAway::Away => &self.fixture.away.name,
        }
    }

    pub fn done(&self) -> bool {
        is_done(&self.fixture, &self.season.config)
    }
}

/// Who is asking, on a night.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Secretary,
    /// The captain of the team on this side.
    Captain(HomeAway),
    /// A captain of a team that does not play in it.
    Outsider,
}

impl Viewer {
    pub fn of(session: &Session, f: &Fixture) -> Viewer {
        match session.team() {
            None => Viewer::Secretary,
            Some(t) if t == f.home.id => Viewer::Captain(HomeAway::Home),
            Some(t) if t == f.away.id => Viewer::Captain(HomeAway::Away),
            Some(_) => Viewer::Outsider,
        }
    }
}

/// Where a night stands on `today`, for the one asking; and whether it waits on them.
pub fn state(f: &Fixture, done: bool, viewer: Viewer, today: chrono::NaiveDate) -> (String, bool) {
    let mine = |side: HomeAway| viewer == Viewer::Captain(side);
    let secretary = viewer == Viewer::Secretary;
    let name = |side: HomeAway| match side {
        HomeAway::Home => f.home.name.clone(),
        HomeAway::Away => f.away.name.clone(),
    };
    if f.result.is_none() {
        let due = f.date <= today;
        return match (f.cancelled, due) {
            (true, _) => ("cancelled".into(), false),
            (false, true) => ("to enter".into(), !secretary),
            (false, false) => ("to play".into(), false),
        };
    }
    match &f.confirmation {
        Confirmation::Confirmed => ("confirmed".into(), false),
        Confirmation::Provisional { entered_by } if !done => (
            if mine(*entered_by) {
                "being entered by you: not complete yet".into()
            } else {
                format!("being entered for {}: not complete yet", name(*entered_by))
            },
            mine(*entered_by),
        ),
        Confirmation::Provisional { entered_by } if mine(*entered_by) => (
            "entered by you, waiting for the other captain".into(),
            false,
        ),
        Confirmation::Provisional { entered_by } if secretary => (
            format!(
                "entered for {}, waiting for {}",
                name(*entered_by),
                name(entered_by.other())
            ),
            false,
        ),
        Confirmation::Provisional { .. } => ("waiting for your confirmation".into(), true),
        Confirmation::Disputed { by, .. } => (format!("disputed by {}", name(*by)), secretary),
    }
}
