//! A night confirmed or disputed, for a team: the party the actor is (a team's captain for
//! their own team only, the secretary for either) checked here, the flow itself
//! [`crate::league::confirm`]'s.

use super::note::NightNote;
use std::fmt;

use super::error::NightError;
use super::find::{
    captain_may_act, is_done, played_night, result_words, team_names, title, NightRef,
};
use super::players::join_rosters;
use crate::app::{Actor, App, AppError};
use crate::league::confirm::{self, Action, Party, Settled};
use crate::league::{Confirmation, HomeAway, NightResult, Pair, TeamId};
use crate::store::{Fixture, LeagueInfo, Reads};

/// A night confirmed or disputed: what it came to, for the night titled so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    pub title: String,
    pub teams: Pair<String>,
    pub settled: Settled,
    /// What was done on the way: the players who waited for the night to be confirmed put on
    /// their team's roster.
    pub notes: Vec<NightNote>,
}

impl fmt::Display for Settlement {
    /// "Royal Oak v Red Lion on 2025-09-04: confirmed for Red Lion".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let title = &self.title;
        match &self.settled {
            Settled::Confirmed { for_side } => {
                write!(f, "{title}: confirmed for {}", self.teams[*for_side])
            }
            Settled::DisputeSettled { for_side } => write!(
                f,
                "{title}: the dispute is settled; confirmed for {}",
                self.teams[*for_side]
            ),
            Settled::Disputed { by, reason } => {
                write!(f, "{title}: disputed by {}: {reason}", self.teams[*by])
            }
        }
    }
}

impl App {
    /// Confirms a night's result for a team (`by`, else the one that did not enter it).
    pub fn night_confirm(
        &mut self,
        night: NightRef<'_>,
        by: Option<&str>,
    ) -> Result<Settlement, AppError> {
        self.night_settle(night, by, Action::Confirm)
    }

    /// Disputes a night's result, with a reason, for a team (`by`, else the one the night
    /// implies).
    pub fn night_dispute(
        &mut self,
        night: NightRef<'_>,
        by: Option<&str>,
        reason: &str,
    ) -> Result<Settlement, AppError> {
        self.night_settle(night, by, Action::Dispute(reason.to_string()))
    }
}

/// The party `actor` is on a night, acting for the team named `by` (if any): a team's captain
/// acts for their own team only; the secretary (an actor with no team) for either.
fn party(
    actor: Option<&Actor>,
    leagues: &Reads,
    league: &LeagueInfo,
    f: &Fixture,
    by: Option<&str>,
) -> Result<(Party, Option<TeamId>), AppError> {
    let by = by
        .map(|name| crate::app::league::which::team(leagues, league, name))
        .transpose()?;
    let own = actor.and_then(|a| a.team);
    let team = match (own, by) {
        (Some(own), Some(by)) if by.id != own => {
            let actor = actor.map(|a| a.name.clone()).unwrap_or_default();
            let own = leagues
                .teams(league.id)?
                .into_iter()
                .find(|t| t.id == own)
                .map_or_else(|| own.to_string(), |t| t.name);
            return Err(NightError::NotYourTeam {
                actor,
                own,
                other: by.name,
            }
            .into());
        }
        (_, Some(by)) => Some(by),
        (Some(own), None) => leagues.teams(league.id)?.into_iter().find(|t| t.id == own),
        (None, None) => None,
    };
    let Some(team) = team else {
        return Ok((Party::Secretary(None), None));
    };
    let side = if team.id == f.home.id {
        HomeAway::Home
    } else if team.id == f.away.id {
        HomeAway::Away
    } else {
        return Err(NightError::DidNotPlay {
            team: team.name,
            title: title(f),
        }
        .into());
    };
    let party = match own {
        Some(_) => Party::Team(side),
        None => Party::Secretary(Some(side)),
    };
    Ok((party, Some(team.id)))
}

impl App {
    fn night_settle(
        &mut self,
        night: NightRef<'_>,
        by: Option<&str>,
        action: Action,
    ) -> Result<Settlement, AppError> {
        self.not_a_scorer("confirm, dispute or settle a night")?;
        let command = match action {
            Action::Confirm => "night confirm",
            Action::Dispute(_) => "night dispute",
        };
        let actor = self.actor().cloned();
        let today = self.today();
        let change = self.store.change(command)?;
        let leagues: &Reads = &change;
        let (league, season) = night.season(leagues, today)?;
        let f = played_night(leagues, &league, &season, night)?;
        captain_may_act(actor.as_ref(), leagues, (&league, &season), &f, today)?;
        if !is_done(&f, &season.config) {
            return Err(NightError::NotComplete {
                title: title(&f),
                result: result_words(&f, &season.config),
            }
            .into());
        }
        let (party, acting_for) = party(actor.as_ref(), leagues, &league, &f, by)?;
        let (stands, settled) =
            confirm::settle(&f.confirmation, party, action).map_err(|refusal| {
                NightError::Confirm {
                    title: title(&f),
                    teams: team_names(&f),
                    refusal,
                }
            })?;
        let mut notes = Vec::new();
        change.set_confirmation(f.id, &stands, today)?;
        // Names the entering team's captain typed for the other team join its roster once the
        // night is confirmed.
        if let (Confirmation::Confirmed, Some(NightResult::Matches(matches)), Some(entered)) =
            (&stands, &f.result, confirm::entered_by(&f.confirmation))
        {
            let teams = Pair::new(&f.home, &f.away);
            join_rosters(
                &change,
                &season,
                (
                    teams,
                    entered.other(),
                    matches,
                    crate::league::confirm::Contest::Night,
                ),
                &mut notes,
            )?;
        }
        let settlement = Settlement {
            title: title(&f),
            teams: team_names(&f),
            settled,
            notes,
        };
        if let Some(team) = acting_for {
            change.acting_for(team)?;
        }
        change.commit(&settlement.to_string(), None)?;
        Ok(settlement)
    }
}
