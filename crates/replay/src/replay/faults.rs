//! The one place where what the engine found (a fault) or refused (a [`PlayError`]) becomes a
//! record's [`Fault`]: a FORMAT.md code, its place, and a message naming the hand and trick in
//! the record's numbering.

use crate::record::{Code, Fault};
use crate::rules::totals::Impossible;
use crate::rules::{HandFault, PlayError, Seating, TotalsError, TrickFault};

/// A fault in a trick: reported, and the trick still counts.
pub fn trick_fault(fault: &TrickFault, hand: u32) -> Fault {
    let code = match fault {
        TrickFault::NotInPack { .. } => Code::CardNotInPack,
        TrickFault::PlayedTwice { .. } => Code::DuplicateCard,
        TrickFault::NotPlayable { .. } => Code::NotPlayable,
        TrickFault::Renege { .. } | TrickFault::RenegeHolding { .. } => Code::Renege,
    };
    Fault::new(code, fault.to_string())
        .at_hand(hand)
        .at_trick(fault.trick())
        .by(fault.seat())
        .naming(false, true)
}

/// A fault in a hand as a whole: reported, and the hand still counts.
pub fn hand_fault(fault: &HandFault, hand: u32) -> Fault {
    let names_hand = matches!(
        fault,
        HandFault::WrongPitcher { .. }
            | HandFault::NotLowestDiamond { .. }
            | HandFault::ShortHand { .. }
    );
    let (code, message) = match fault {
        HandFault::LaidOutTwice { .. } => (Code::DuplicateCard, fault.to_string()),
        HandFault::WrongPitcher { pitched, turn } => (
            Code::WrongPitcher,
            format!("{pitched} pitched hand {hand}, but it was {turn}'s turn to pitch"),
        ),
        HandFault::NotLowestDiamond {
            pitched,
            holder,
            card,
            ..
        } => (
            Code::WrongPitcher,
            format!("{pitched} pitched hand {hand}, but {holder} held {card}, the lowest diamond, and should have pitched"),
        ),
        HandFault::ShortHand { tricks, deal } => (
            Code::WrongTrickCount,
            format!("hand {hand} has {tricks} tricks; a deal has {deal}, and the game was not decided in them"),
        ),
        HandFault::RedealNotAllowed => (Code::Schema, fault.to_string()),
    };
    let mut out = Fault::new(code, message)
        .at_hand(hand)
        .naming(names_hand, false);
    out.trick = fault.trick();
    out.seat = fault.seat();
    out
}

/// Totals that cannot be true, or do not say who won, in a record's terms: the field to fill in.
fn totals_fault(error: &TotalsError) -> Fault {
    let message = match error {
        TotalsError::Negative { .. } => format!("{error} (put penalties in `penalties`)"),
        TotalsError::NeedsOutFirst { shown } => format!("with {shown}, more than one side could have reached the target during play; say which was first with `out_first`"),
        TotalsError::NeedsLastScorer => "the game ends 80–80: say with `last_scorer` which side took the last scoring trick".to_string(),
        TotalsError::Undecided { shown } => format!("the award fields left out allow different results with {shown}; record them (high, low, jack, game, muck) or `out_first`"),
        TotalsError::Impossible { shown, why } => {
            let why = match why {
                Impossible::NobodyOut { side } => format!("`out_first` says {side} reached the target first, but nobody reached it in this hand"),
                Impossible::LastScorerScoredNothing { side } => {
                    format!("`last_scorer` is {side}, but {side} scored nothing in this hand")
                }
                other => other.to_string(),
            };
            format!("the totals {shown} are impossible: {why}")
        }
        TotalsError::MuckNotEighty { .. } | TotalsError::MuckNotCounted { .. } => error.to_string(),
    };
    let code = if error.is_ambiguous() {
        Code::AmbiguousWinner
    } else {
        Code::ImpossibleTotals
    };
    Fault::new(code, message)
}

/// A step the engine refused: nothing of it was scored.
pub fn refusal(error: &PlayError, hand: u32) -> Fault {
    let fault = match error {
        PlayError::Totals(e) => totals_fault(e),
        PlayError::WrongTrickSize {
            trick,
            found,
            expected,
        } => Fault::new(
            Code::WrongTrickSize,
            format!("trick {trick} of hand {hand} has {found} cards; every trick has {expected}"),
        )
        .at_trick(*trick)
        .naming(true, true),
        PlayError::TooManyTricks { tricks } => Fault::new(
            Code::WrongTrickCount,
            format!("hand {hand} has more tricks than a deal's {tricks}"),
        )
        .naming(true, false),
        PlayError::NotLowestDiamond {
            trick,
            pitched,
            holder,
            card,
        } => Fault::new(
            Code::WrongPitcher,
            format!("{pitched} pitched hand {hand}, but {holder} played {card} in trick {trick}: {holder} held the lowest diamond and should have pitched"),
        )
        .at_trick(*trick)
        .by(*holder)
        .naming(true, true),
        other => Fault::new(Code::Schema, other.to_string()),
    };
    fault.at_hand(hand)
}

/// A trick that names a seat the game does not have.
pub fn no_such_seat(seating: Seating, seat: crate::rules::Seat, hand: u32, trick: u32) -> Fault {
    let seats: Vec<&str> = seating.seats().iter().map(|s| s.letter()).collect();
    Fault::new(
        Code::Schema,
        format!(
            "trick {trick} of hand {hand} names {seat}, which is not a seat of this game ({})",
            seats.join(", ")
        ),
    )
    .at_hand(hand)
    .at_trick(trick)
    .naming(true, true)
}
