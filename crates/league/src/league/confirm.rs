//! Whether both teams stand by a night: the confirmation flow as one pure transition. A night
//! entered for one team is provisional until it is confirmed for the other, or disputed (with
//! a reason); a disputed night confirmed is settled. The team that entered a night neither
//! confirms nor disputes it.
//!
//! The party acting is the secretary (on either team's behalf, or on the behalf the night
//! implies) or a team (its captain, for itself only): [`settle`] takes how the night stands,
//! who acts and what they do, and gives how it stands after, or why it is refused.

use super::night::{Confirmation, HomeAway};
use crate::record::text::{check as check_text, TextError};

/// What a confirmation or a dispute is about: a league's night, or a cup's tie (a team tie is
/// entered and confirmed as a night is). Refusals say which, never by their words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contest {
    Night,
    Tie,
}

impl std::fmt::Display for Contest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Contest::Night => "night",
            Contest::Tie => "tie",
        })
    }
}

/// Who acts on a night, by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Party {
    /// The league's secretary, on behalf of the team of this side (`--by`), or (none) of the
    /// team the night implies: the one that did not enter it, or the one disputing it.
    Secretary(Option<HomeAway>),
    /// A team, through its captain: for itself only.
    Team(HomeAway),
}

impl Party {
    /// The side this party acts for, where it names one.
    pub fn side(self) -> Option<HomeAway> {
        match self {
            Party::Secretary(side) => side,
            Party::Team(side) => Some(side),
        }
    }
}

/// What is done to a night.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// It is accepted: no longer provisional (a dispute settled).
    Confirm,
    /// It is not accepted, and why.
    Dispute(String),
}

impl Action {
    /// `confirms` or `disputes`.
    pub fn verb(&self) -> &'static str {
        match self {
            Action::Confirm => "confirms",
            Action::Dispute(_) => "disputes",
        }
    }
}

/// What the transition came to, with how the night now stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settled {
    /// A provisional night confirmed for the side that did not enter it.
    Confirmed { for_side: HomeAway },
    /// A disputed night confirmed (for the side acting, else for the side that disputed it).
    DisputeSettled { for_side: HomeAway },
    /// Disputed by a side, with its reason (trimmed).
    Disputed { by: HomeAway, reason: String },
}

/// Why a confirmation or a dispute is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfirmRefusal {
    /// The side acting entered the night.
    #[error("it was entered for the {entered} side; the other side {verb} it")]
    EnteredBy {
        entered: HomeAway,
        verb: &'static str,
    },
    #[error("it is confirmed already")]
    ConfirmedAlready,
    /// A team (its captain) confirming a disputed night: a dispute is the secretary's to
    /// settle.
    #[error("it is disputed; only the league's secretary settles a dispute")]
    SecretarySettles,
    /// A team (its captain) disputing a night that is not provisional: a confirmed night, or
    /// one disputed already, is the secretary's to reopen.
    #[error("only a provisional result is disputed by a team; the secretary reopens a confirmed or disputed one")]
    NotProvisional,
    /// A confirmed night disputed with no side named.
    #[error("it is confirmed; say which team disputes it")]
    NoDisputer,
    #[error("say why the result is disputed")]
    NoReason,
    /// A reason that cannot be kept as text (too long, a control character).
    #[error("the reason \"{reason}\" {fault}")]
    BadReason { reason: String, fault: TextError },
}

/// The side that entered a night, where one did (a night from the record was entered by none).
pub fn entered_by(state: &Confirmation) -> Option<HomeAway> {
    match state {
        Confirmation::Provisional { entered_by } => Some(*entered_by),
        Confirmation::Disputed { entered_by, .. } => *entered_by,
        Confirmation::Confirmed => None,
    }
}

/// How a night stands after `party` does `action` to it, standing as `state`.
pub fn settle(
    state: &Confirmation,
    party: Party,
    action: Action,
) -> Result<(Confirmation, Settled), ConfirmRefusal> {
    let by = party.side();
    let entered = entered_by(state);
    if let (Some(by), Some(entered)) = (by, entered) {
        if by == entered {
            return Err(ConfirmRefusal::EnteredBy {
                entered,
                verb: action.verb(),
            });
        }
    }
    match (action, state) {
        (Action::Confirm, Confirmation::Confirmed) => Err(ConfirmRefusal::ConfirmedAlready),
        (Action::Confirm, Confirmation::Provisional { entered_by }) => Ok((
            Confirmation::Confirmed,
            Settled::Confirmed {
                for_side: entered_by.other(),
            },
        )),
        (Action::Confirm, Confirmation::Disputed { .. }) if matches!(party, Party::Team(_)) => {
            Err(ConfirmRefusal::SecretarySettles)
        }
        (Action::Confirm, Confirmation::Disputed { by: disputer, .. }) => Ok((
            Confirmation::Confirmed,
            Settled::DisputeSettled {
                for_side: by.unwrap_or(*disputer),
            },
        )),
        (Action::Dispute(_), Confirmation::Confirmed | Confirmation::Disputed { .. })
            if matches!(party, Party::Team(_)) =>
        {
            Err(ConfirmRefusal::NotProvisional)
        }
        (Action::Dispute(reason), current) => {
            let reason = reason.trim().to_string();
            if reason.is_empty() {
                return Err(ConfirmRefusal::NoReason);
            }
            if let Err(fault) = check_text(&reason) {
                return Err(ConfirmRefusal::BadReason { reason, fault });
            }
            let by = match (by, current) {
                (Some(by), _) => by,
                (None, Confirmation::Provisional { entered_by }) => entered_by.other(),
                (None, Confirmation::Disputed { by, .. }) => *by,
                (None, Confirmation::Confirmed) => return Err(ConfirmRefusal::NoDisputer),
            };
            Ok((
                Confirmation::Disputed {
                    by,
                    reason: reason.clone(),
                    entered_by: entered,
                },
                Settled::Disputed { by, reason },
            ))
        }
    }
}

/// Who looks at a night: the secretary, the captain of one of its teams, or the captain of a
/// team that does not play in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Secretary,
    /// The captain of the team on this side.
    Captain(HomeAway),
    /// A captain of a team that does not play in it.
    Outsider,
}

/// Where a night stands in its flow, and so whose move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Cancelled: nobody's.
    Cancelled,
    /// Not due yet: nobody's.
    ToPlay,
    /// Due and not entered: either captain's (or the secretary's) to enter.
    ToEnter,
    /// Being entered for a team, not complete yet: that team's to finish.
    Entering { by: HomeAway },
    /// Entered for a team, complete: the other team's to confirm or dispute.
    ToConfirm { entered_by: HomeAway },
    /// Disputed by a team: the secretary's to settle.
    Disputed { by: HomeAway },
    /// Confirmed by both teams: nobody's.
    Confirmed,
}

/// Whose move a night is: from whether it has a result, is cancelled, is due (its date is
/// today or past) and is complete (`done`), and how its teams stand by it.
pub fn whose_move(
    entered: bool,
    cancelled: bool,
    due: bool,
    done: bool,
    confirmation: &Confirmation,
) -> Move {
    if !entered {
        return match (cancelled, due) {
            (true, _) => Move::Cancelled,
            (false, true) => Move::ToEnter,
            (false, false) => Move::ToPlay,
        };
    }
    match confirmation {
        Confirmation::Confirmed => Move::Confirmed,
        Confirmation::Provisional { entered_by } if !done => Move::Entering { by: *entered_by },
        Confirmation::Provisional { entered_by } => Move::ToConfirm {
            entered_by: *entered_by,
        },
        Confirmation::Disputed { by, .. } => Move::Disputed { by: *by },
    }
}

impl Move {
    /// Whether the night waits on `viewer`: a captain to enter a night due, the team entering
    /// to finish it, the other team to confirm it (the secretary is waited on by a dispute).
    pub fn waits_on(self, viewer: Viewer) -> bool {
        let secretary = viewer == Viewer::Secretary;
        match self {
            Move::ToEnter => !secretary,
            Move::Entering { by } => viewer == Viewer::Captain(by),
            Move::ToConfirm { entered_by } => !secretary && viewer != Viewer::Captain(entered_by),
            Move::Disputed { .. } => secretary,
            Move::Cancelled | Move::ToPlay | Move::Confirmed => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use HomeAway::{Away, Home};

    fn provisional(entered_by: HomeAway) -> Confirmation {
        Confirmation::Provisional { entered_by }
    }

    fn disputed(by: HomeAway, entered_by: Option<HomeAway>) -> Confirmation {
        Confirmation::Disputed {
            by,
            reason: "don 1 was 0-2".into(),
            entered_by,
        }
    }

    fn dispute(why: &str) -> Action {
        Action::Dispute(why.into())
    }

    #[test]
    fn a_provisional_night_is_confirmed_for_the_team_that_did_not_enter_it() {
        for party in [
            Party::Secretary(None),
            Party::Secretary(Some(Away)),
            Party::Team(Away),
        ] {
            assert_eq!(
                settle(&provisional(Home), party, Action::Confirm),
                Ok((
                    Confirmation::Confirmed,
                    Settled::Confirmed { for_side: Away }
                ))
            );
        }
    }

    #[test]
    fn the_team_that_entered_a_night_cannot_confirm_it() {
        for party in [Party::Secretary(Some(Home)), Party::Team(Home)] {
            assert_eq!(
                settle(&provisional(Home), party, Action::Confirm),
                Err(ConfirmRefusal::EnteredBy {
                    entered: Home,
                    verb: "confirms"
                })
            );
        }
    }

    #[test]
    fn the_team_that_entered_a_night_cannot_dispute_it() {
        assert_eq!(
            settle(&provisional(Away), Party::Team(Away), dispute("no")),
            Err(ConfirmRefusal::EnteredBy {
                entered: Away,
                verb: "disputes"
            })
        );
        // Nor confirm it once the other side has disputed it.
        assert_eq!(
            settle(
                &disputed(Away, Some(Home)),
                Party::Team(Home),
                Action::Confirm
            ),
            Err(ConfirmRefusal::EnteredBy {
                entered: Home,
                verb: "confirms"
            })
        );
    }

    #[test]
    fn a_confirmed_night_is_not_confirmed_again() {
        for party in [Party::Secretary(None), Party::Team(Home)] {
            assert_eq!(
                settle(&Confirmation::Confirmed, party, Action::Confirm),
                Err(ConfirmRefusal::ConfirmedAlready)
            );
        }
    }

    #[test]
    fn a_disputed_night_confirmed_is_settled_for_the_side_acting_or_the_disputer() {
        assert_eq!(
            settle(
                &disputed(Away, Some(Home)),
                Party::Secretary(None),
                Action::Confirm
            ),
            Ok((
                Confirmation::Confirmed,
                Settled::DisputeSettled { for_side: Away }
            ))
        );
        // A team's captain never settles one, either side: it is the secretary's.
        for side in [Home, Away] {
            assert_eq!(
                settle(&disputed(Away, None), Party::Team(side), Action::Confirm),
                Err(ConfirmRefusal::SecretarySettles)
            );
        }
    }

    #[test]
    fn a_provisional_night_is_disputed_by_the_team_that_did_not_enter_it() {
        assert_eq!(
            settle(
                &provisional(Home),
                Party::Secretary(None),
                dispute("  2-1 to us ")
            ),
            Ok((
                disputed_with(Away, "2-1 to us", Some(Home)),
                Settled::Disputed {
                    by: Away,
                    reason: "2-1 to us".into()
                }
            ))
        );
    }

    fn disputed_with(by: HomeAway, reason: &str, entered_by: Option<HomeAway>) -> Confirmation {
        Confirmation::Disputed {
            by,
            reason: reason.into(),
            entered_by,
        }
    }

    #[test]
    fn a_confirmed_night_is_disputed_only_by_a_team_named() {
        assert_eq!(
            settle(
                &Confirmation::Confirmed,
                Party::Secretary(None),
                dispute("x")
            ),
            Err(ConfirmRefusal::NoDisputer)
        );
        assert_eq!(
            settle(
                &Confirmation::Confirmed,
                Party::Secretary(Some(Home)),
                dispute("x")
            ),
            Ok((
                disputed_with(Home, "x", None),
                Settled::Disputed {
                    by: Home,
                    reason: "x".into()
                }
            ))
        );
        // A team's captain reopens no confirmed night: it is the secretary's to.
        assert_eq!(
            settle(&Confirmation::Confirmed, Party::Team(Home), dispute("x")),
            Err(ConfirmRefusal::NotProvisional)
        );
    }

    #[test]
    fn a_disputed_night_disputed_again_keeps_its_disputer_unless_another_is_named() {
        assert_eq!(
            settle(
                &disputed(Away, Some(Home)),
                Party::Secretary(None),
                dispute("y")
            ),
            Ok((
                disputed_with(Away, "y", Some(Home)),
                Settled::Disputed {
                    by: Away,
                    reason: "y".into()
                }
            ))
        );
        assert_eq!(
            settle(&disputed(Away, None), Party::Team(Home), dispute("y")),
            Err(ConfirmRefusal::NotProvisional)
        );
        assert_eq!(
            settle(
                &disputed(Away, None),
                Party::Secretary(Some(Home)),
                dispute("y")
            ),
            Ok((
                disputed_with(Home, "y", None),
                Settled::Disputed {
                    by: Home,
                    reason: "y".into()
                }
            ))
        );
    }

    #[test]
    fn a_dispute_needs_a_reason() {
        assert_eq!(
            settle(&provisional(Home), Party::Team(Away), dispute("   ")),
            Err(ConfirmRefusal::NoReason)
        );
    }
}
