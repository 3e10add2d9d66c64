//! Match nights: show, confirm, dispute; deductions, awards and withdrawals. Each function
//! opens one change, applies the league's rules (the confirmation flow is
//! [`crate::league::confirm`]'s), commits, and gives a typed result for the front end to render.

pub mod adjust;
pub mod confirm;
pub mod correct;
pub mod enter;
pub mod error;
pub mod find;
pub mod note;
pub mod of;
pub mod place;
pub mod players;
pub mod prompt;
pub mod score;

pub use adjust::{adjustment, Adjusted, SeasonSpan, Withdrawn};
pub use confirm::Settlement;
pub use error::{NightError, NightNamed};
pub use find::{fixture_by_number, is_done, played_night, result_words, NightRef, WhichSeason};
pub use note::NightNote;

use super::{App, AppError, ErrorKind};
use crate::league::confirm::ConfirmRefusal;
use crate::store::{Fixture, Reads, SeasonInfo};

impl App {
    /// The nights between two teams (on the date given): the season, and its fixtures.
    pub fn night_show(&self, night: NightRef<'_>) -> Result<(SeasonInfo, Vec<Fixture>), AppError> {
        let leagues: &Reads = &self.store;
        let (league, season) = night.season(leagues, self.today())?;
        let home = crate::app::league::which::team(leagues, &league, night.home)?;
        let away = crate::app::league::which::team(leagues, &league, night.away)?;
        let mut found = find::nights_between(leagues, &season, &home, &away, night.date)?;
        // The teams as they were named in the season (a team renamed since, by its name then).
        super::names::fixtures_as_then(leagues, &season, &mut found)?;
        if found.is_empty() {
            return Err(NightError::NoNight {
                season: season.name,
                home: home.name,
                away: away.name,
                date: night.date,
            }
            .into());
        }
        Ok((season, found))
    }
}

impl NightError {
    pub fn kind(&self) -> ErrorKind {
        use NightError as E;
        match self {
            E::NoFixture { .. }
            | E::NoFixtureId(_)
            | E::NoNight { .. }
            | E::NoResult { .. }
            | E::NoFixtureGiveDate { .. }
            | E::NoFixtureBetween { .. }
            | E::NoneLeft { .. }
            | E::NoneOn { .. } => ErrorKind::NotFound,
            E::NotYourTeam { .. } | E::NotACaptainsNight { .. } => ErrorKind::Forbidden,
            E::Confirm { refusal, .. } => match refusal {
                ConfirmRefusal::EnteredBy { .. }
                | ConfirmRefusal::SecretarySettles
                | ConfirmRefusal::NotProvisional => ErrorKind::Forbidden,
                ConfirmRefusal::ConfirmedAlready => ErrorKind::Conflict,
                _ => ErrorKind::Invalid,
            },
            E::NotComplete { .. }
            | E::NotInSeason { .. }
            | E::WithdrawnAlready { .. }
            | E::Withdrew { .. }
            | E::HasResult { .. }
            | E::BeingEnteredFor { .. }
            | E::MatchesEntered { .. }
            | E::MatchEntered { .. }
            | E::SlotTaken { .. }
            | E::ChangedMeanwhile { .. }
            | E::AskedMeanwhile { .. }
            | E::SeveralNoneOn { .. }
            | E::NotMoved { .. }
            | E::Ahead { .. }
            | E::OtherWayRound { .. } => ErrorKind::Conflict,
            E::AtMatch { error, .. } => error.kind(),
            // The first refusal's kind: the one a front end that says one would say.
            E::Faults(all) => all.first().map_or(ErrorKind::Invalid, NightError::kind),
            E::WhichNight { .. }
            | E::SeveralLeft { .. }
            | E::DidNotPlay { .. }
            | E::NotPlayingFor { .. }
            | E::NotDonLeg { .. }
            | E::LegGame { .. }
            | E::Slip { .. }
            | E::Check(_)
            | E::Checked { .. }
            | E::AsCorrected { .. }
            | E::BlankReason
            | E::NoPoints
            | E::TooManyPoints(_) => ErrorKind::Invalid,
        }
    }
}
