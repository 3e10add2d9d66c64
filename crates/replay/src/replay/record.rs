//! Replaying a whole game record (FORMAT.md §1): hand by hand, in the record's own terms — the
//! pitcher it gives or its first trick names, its tricks as written, the hands after the end.

use super::faults;
use super::game::{Entry, Replay};
use super::sheet::{HandKind, ScoreSheet};
use crate::record::game::{HandBody, Record, TrickEntry};
use crate::record::trick::{parse_trick, TrickCards, TrickTextError};
use crate::record::{Code, Fault};
use crate::rules::{BlindDeal, PlayError, Seat, Totals};

/// Replays a parsed record through the engine: the score sheet, with every fault in its place.
pub fn replay_record(mut record: Record) -> ScoreSheet {
    let hands = std::mem::take(&mut record.hands);
    let faults = std::mem::take(&mut record.faults);
    let conceded = record.conceded;
    let in_play = record.in_play;
    let mut sheet = ScoreSheet::for_record(record);
    for fault in faults {
        sheet.push(fault);
    }
    let mut replay = match Replay::with_sheet(sheet) {
        Ok(replay) => replay,
        Err(sheet) => return *sheet,
    };
    let total = hands.len() as u32;
    let mut warned_after = false;
    for (i, hand) in hands.into_iter().enumerate() {
        let number = replay.hand_number();
        // A game in play: its last hand may be begun and not finished.
        let open = in_play && i + 1 == total as usize;
        for fault in hand.faults {
            replay.note(fault);
        }
        let after_concession = conceded.is_some_and(|(_, after)| number > after);
        if replay.game().is_over() || after_concession {
            if !warned_after {
                warned_after = true;
                replay.note(after_end(number, total));
            }
            skip(&mut replay);
            continue;
        }
        replay_hand(
            &mut replay,
            number,
            hand.pitcher,
            hand.body,
            &hand.penalties,
            open,
        );
        if let Some((side, _)) = conceded.filter(|&(_, after)| after == number) {
            if let Err(e) = replay.concede(side) {
                replay.note(
                    Fault::new(
                        Code::Schema,
                        format!("{side} conceded after hand {number}, but {}", e.message),
                    )
                    .at_hand(number),
                );
            }
        }
    }
    if !replay.game().is_over() {
        replay.note(unfinished(&replay, total, in_play));
    }
    replay.finish()
}

fn after_end(number: u32, total: u32) -> Fault {
    let range = if number == total {
        format!("hand {number} was")
    } else {
        format!("hands {number}–{total} were")
    };
    Fault::new(
        Code::AfterEnd,
        format!("{range} recorded after the game was decided and not scored"),
    )
    .at_hand(number)
}

fn unfinished(replay: &Replay, total: u32, in_play: bool) -> Fault {
    let score = replay.game().score();
    let score: Vec<String> = replay
        .game()
        .sides()
        .iter()
        .map(|&s| format!("{s} {}", score[s]))
        .collect();
    let last = if in_play {
        return Fault::new(
            Code::Unfinished,
            format!(
                "the game is in play at {}, not yet decided",
                score.join(", ")
            ),
        );
    } else if total == 0 {
        "has no hands".to_string()
    } else {
        format!("stops after hand {total}")
    };
    Fault::new(
        Code::Unfinished,
        format!(
            "the record {last} at {} before the game is decided",
            score.join(", ")
        ),
    )
}

/// Between hands a hand can always be skipped; the replay says so if not.
fn skip(replay: &mut Replay) {
    if let Err(fault) = replay.skip_hand() {
        replay.note(fault);
    }
}

fn replay_hand(
    replay: &mut Replay,
    number: u32,
    pitcher: Option<Seat>,
    body: HandBody,
    penalties: &[(crate::rules::Side, crate::rules::Penalty)],
    open: bool,
) {
    // A hand in play with nothing but its pitcher and penalties so far: they wait for it, as
    // at the table.
    if let (
        true,
        HandBody::Tricks {
            tricks,
            layout: None,
        },
    ) = (open, &body)
    {
        if tricks.is_empty() {
            // A pitcher out of turn would wedge the game at the table: the first trick refused.
            if let Some(fault) = pitcher.and_then(|p| replay.game().pitch_fault(p)) {
                replay.note(faults::hand_fault(&fault, number));
                return;
            }
            let waiting = pitcher.map(Entry::Pitcher).into_iter().chain(
                penalties
                    .iter()
                    .map(|&(side, penalty)| Entry::Penalty { side, penalty }),
            );
            for entry in waiting {
                if let Err(fault) = replay.enter(entry) {
                    replay.note(fault);
                }
            }
            return;
        }
    }
    let (kind, pitcher, early) = match &body {
        HandBody::Broken => return skip(replay),
        HandBody::Tricks { tricks, .. } => {
            let Some((pitcher, early)) = tricks_pitcher(replay, number, pitcher, tricks) else {
                return skip(replay);
            };
            (HandKind::Tricks, Some(pitcher), early)
        }
        HandBody::Totals(_) => (HandKind::Totals, pitcher, Vec::new()),
        HandBody::Abandoned { .. } => (HandKind::Abandoned, pitcher, Vec::new()),
    };
    if let Err(fault) = replay.begin_hand(pitcher, kind) {
        for f in early {
            replay.note(f);
        }
        replay.note(fault);
        return skip(replay);
    }
    for f in early {
        replay.note(f);
    }
    for &(side, penalty) in penalties {
        if let Err(fault) = replay.penalty(side, penalty) {
            replay.note(fault);
        }
    }
    let closed = match body {
        HandBody::Tricks { tricks, layout } => replay_tricks(replay, number, tricks, layout, open),
        HandBody::Totals(totals) => replay_totals(replay, &totals),
        HandBody::Abandoned { reason, seat } => replay.abandon(reason, seat).map(|_| ()),
        HandBody::Broken => Ok(()),
    };
    if let Err(fault) = closed {
        replay.note(fault);
        if let Err(fault) = replay.break_off_hand() {
            replay.note(fault);
        }
    }
}

/// Who pitched a hand of tricks: the seat its first trick names, else the record's word, else
/// the rotation. Returns the pitcher, with a fault if the record's word and the first trick
/// disagree; `None` (reported) when it cannot be told, or the first trick names no seat of the
/// game.
fn tricks_pitcher(
    replay: &mut Replay,
    number: u32,
    given: Option<Seat>,
    tricks: &[TrickEntry],
) -> Option<(Seat, Vec<Fault>)> {
    let first = match tricks.first() {
        Some(TrickEntry::Text(t)) => parse_trick(t).ok(),
        _ => None,
    };
    if let Some(Err(fault)) = first.as_ref().map(|t| replay.seats_of_game(t)) {
        replay.note(fault);
        return None;
    }
    let led = first.and_then(|t| t.seats().and_then(|s| s.first().copied()));
    let mut early = Vec::new();
    if let (Some(given), Some(led)) = (given, led) {
        if given != led {
            early.push(
                Fault::new(
                    Code::WrongPitcher,
                    format!("the pitcher is given as {given}, but {led} led the first trick"),
                )
                .at_hand(number)
                .at_trick(1)
                .by(led),
            );
        }
    }
    match led.or(given).or(replay.game().expected_pitcher()) {
        Some(pitcher) => Some((pitcher, early)),
        None => {
            replay.note(Fault::new(
                Code::Schema,
                format!("who pitched hand {number} cannot be told: give `pitcher`, or name the seats in its first trick"),
            ).at_hand(number));
            None
        }
    }
}

/// Plays a hand's tricks as written. A trick that cannot be read breaks the hand off there (the
/// tricks before count); more tricks than the deal are reported and the rest left out.
fn replay_tricks(
    replay: &mut Replay,
    number: u32,
    tricks: Vec<TrickEntry>,
    layout: Option<BlindDeal>,
    open: bool,
) -> Result<(), Fault> {
    if let Some(layout) = &layout {
        if let Err(fault) = replay.layout(layout) {
            replay.note(fault);
        }
    }
    let spec = *replay.game().spec();
    let total = tricks.len();
    let mut warned_after = false;
    for (t, entry) in tricks.into_iter().enumerate() {
        let n = t as u32 + 1;
        let parsed = read_trick(entry, number, n, spec.seating.players())?;
        if replay.game().tricks_played() >= spec.tricks {
            replay.note(
                Fault::new(
                    Code::WrongTrickCount,
                    format!(
                        "hand {number} has {total} tricks; a deal has {}",
                        spec.tricks
                    ),
                )
                .at_hand(number)
                .at_trick(n)
                .naming(true, false),
            );
            break;
        }
        let report = replay.trick(&parsed)?;
        if report.after_end && !warned_after {
            warned_after = true;
            let range = if n as usize == total {
                format!("trick {n}")
            } else {
                format!("tricks {n}–{total}")
            };
            replay.note(
                Fault::new(
                    Code::AfterEnd,
                    format!("{range} of hand {number} came after the game was decided and are not scored"),
                )
                .at_hand(number)
                .at_trick(n)
                .naming(true, n as usize == total),
            );
        }
    }
    // A hand in play is left open while the scorer would keep it so: short of the deal, and
    // the game not decided in it (or counted only at the end).
    let game = replay.game();
    let decided = game.decided_in_hand() && !spec.count_at_end;
    if open && game.in_hand() && game.tricks_played() < spec.tricks && !decided {
        return Ok(());
    }
    replay.end_hand().map(|_| ())
}

/// A trick as written: its cards, or the structural fault that stops the hand's scoring there.
fn read_trick(entry: TrickEntry, hand: u32, n: u32, players: usize) -> Result<TrickCards, Fault> {
    let place = |f: Fault| f.at_hand(hand).at_trick(n);
    let text = match entry {
        TrickEntry::Text(s) => s,
        TrickEntry::NotText(kind) => {
            return Err(place(Fault::new(
                Code::Schema,
                format!("trick {n} of hand {hand} must be a string of cards, not {kind}"),
            )))
        }
    };
    parse_trick(&text).map_err(|e| match e {
        TrickTextError::Size(found) => faults::refusal(
            &PlayError::WrongTrickSize {
                trick: n,
                found,
                expected: players,
            },
            hand,
        ),
        TrickTextError::BadCard(token) => place(Fault::new(
            Code::BadCard,
            format!("trick {n} of hand {hand}: `{token}` is not a card (write rank then suit, like 5H or TD)"),
        )),
        TrickTextError::NotASeat { word, token } => place(Fault::new(
            Code::Schema,
            format!("trick {n} of hand {hand}: `{word}` is not a seat (N, E, S or W) in `{token}`"),
        )),
        TrickTextError::MixedSeats => place(Fault::new(
            Code::Schema,
            format!("trick {n} of hand {hand}: name the seat of every card in the trick, or of none"),
        )),
    })
}

/// A hand of totals: checked; when the check fails it is reported and the totals scored as
/// recorded, so the rest of the record can still be checked.
fn replay_totals(replay: &mut Replay, totals: &Totals) -> Result<(), Fault> {
    if let Err(fault) = replay.totals(totals) {
        replay.note(fault);
        replay.force_totals(totals)?;
    }
    Ok(())
}
