//! `check`: replays each record through the rules engine, exactly as the live scorer and import
//! do, and says what every hand scored, who won, and what is wrong. No I/O here but the
//! streaming of a file's records.

use serde_json::Value;

use crate::record::game::{parse_record, HandBody, JacksOut, Record, TrickEntry};
use crate::record::trick::{parse_trick, TrickTextError};
use crate::rules::{
    AwardPeg, BySeat, BySide, Code, Decision, Fault, Game, Outcome, Seat, Side, Suit, Variant,
};

/// How a hand was kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandKind {
    Tricks,
    Totals,
    Abandoned,
    /// After the game was decided, or too broken to score.
    NotScored,
}

/// One row of the score sheet.
#[derive(Clone, Debug)]
pub struct HandRow {
    pub number: u32,
    pub kind: HandKind,
    pub pitcher: Option<Seat>,
    pub trumps: Option<Suit>,
    pub tricks: u32,
    /// What each side scored in the hand, penalties included.
    pub points: BySide<i32>,
    /// The game's (or leg's) score after the hand.
    pub score: BySide<i32>,
    /// The leg or game (from 1) the hand belongs to.
    pub unit: u32,
    /// The end-of-play awards pegged, in order.
    pub awards: Vec<AwardPeg>,
    pub decided: Option<Decision>,
}

/// The check of one record.
#[derive(Clone, Debug)]
pub struct GameCheck {
    pub index: usize,
    pub line: Option<usize>,
    pub id: Option<String>,
    pub variant: Option<Variant>,
    pub seats: BySeat<Option<String>>,
    pub date: Option<String>,
    pub venue: Option<String>,
    pub sides: &'static [Side],
    pub final_score: BySide<i32>,
    pub result: Option<Outcome>,
    pub conceded: Option<(Side, u32)>,
    pub jacks_out: Option<JacksOut>,
    pub wins: BySide<u32>,
    pub hands: Vec<HandRow>,
    pub errors: Vec<Fault>,
    pub warnings: Vec<Fault>,
    /// Tricks replayed.
    pub tricks: u64,
}

impl GameCheck {
    pub fn valid(&self) -> bool {
        self.errors.is_empty()
    }

    pub fn winner(&self) -> Option<Side> {
        match self.result {
            Some(Outcome::Won(s)) => Some(s),
            _ => None,
        }
    }

    pub fn draw(&self) -> bool {
        self.result == Some(Outcome::Draw)
    }

    pub fn losers(&self) -> &[Seat] {
        match &self.result {
            Some(Outcome::Lost(seats)) => seats,
            _ => &[],
        }
    }

    /// The match is of several legs or games.
    pub fn is_match(&self) -> bool {
        self.variant.as_ref().is_some_and(|v| v.spec().to_win > 1)
    }

    fn push(&mut self, fault: Fault) {
        if fault.code.is_warning() {
            self.warnings.push(fault);
        } else {
            self.errors.push(fault);
        }
    }
}

/// Checks one record read from a file.
pub fn check_item(index: usize, line: Option<usize>, value: Result<Value, Fault>) -> GameCheck {
    match value {
        Ok(v) => {
            let mut check = check_record(index, parse_record(v));
            check.line = line;
            check
        }
        Err(fault) => {
            let mut check = empty(index, Record::default());
            check.line = line;
            check.errors.push(fault);
            check
        }
    }
}

fn empty(index: usize, record: Record) -> GameCheck {
    GameCheck {
        index,
        line: None,
        id: record.id,
        variant: record.variant,
        seats: record.seats,
        date: record.date,
        venue: record.venue,
        sides: &[],
        final_score: BySide::default(),
        result: None,
        conceded: record.conceded,
        jacks_out: record.jacks_out,
        wins: BySide::default(),
        hands: Vec::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
        tricks: 0,
    }
}

/// Replays a parsed record through the engine.
pub fn check_record(index: usize, mut record: Record) -> GameCheck {
    let hands = std::mem::take(&mut record.hands);
    let faults = std::mem::take(&mut record.faults);
    let mut check = empty(index, record);
    for f in faults {
        check.push(f);
    }
    let Some(variant) = check.variant.clone() else {
        return check;
    };
    let mut game = Game::new(&variant);
    check.sides = game.sides();
    let total = hands.len() as u32;
    let conceded = check.conceded;
    let mut warned_after = false;
    for (i, hand) in hands.into_iter().enumerate() {
        let number = i as u32 + 1;
        for f in hand.faults {
            check.push(f);
        }
        let after_concession = conceded.is_some_and(|(_, after)| number > after);
        if game.is_over() || after_concession {
            if !warned_after {
                warned_after = true;
                let range = if number == total {
                    format!("hand {number} was")
                } else {
                    format!("hands {number}–{total} were")
                };
                check.push(
                    Fault::new(
                        Code::AfterEnd,
                        format!("{range} recorded after the game was decided and not scored"),
                    )
                    .at_hand(number),
                );
            }
            check.hands.push(not_scored(number, &game));
            continue;
        }
        let row = play_hand(
            &mut game,
            number,
            hand.pitcher,
            hand.body,
            &hand.penalties,
            &mut check,
        );
        check.hands.push(row);
        if let Some((side, after)) = conceded {
            if after == number {
                if let Err(e) = game.concede(side) {
                    check.push(
                        Fault::new(
                            Code::Schema,
                            format!("{side} conceded after hand {number}, but {e}"),
                        )
                        .at_hand(number),
                    );
                }
            }
        }
    }
    if !game.is_over() {
        let score: Vec<String> = check
            .sides
            .iter()
            .map(|&s| format!("{s} {}", game.score()[s]))
            .collect();
        let last = if total == 0 {
            "has no hands".to_string()
        } else {
            format!("stops after hand {total}")
        };
        check.push(Fault::new(
            Code::Unfinished,
            format!(
                "the record {last} at {} before the game is decided",
                score.join(", ")
            ),
        ));
    }
    check.final_score = game.score();
    check.result = game.result().cloned();
    check.wins = game.wins();
    check
}

fn not_scored(number: u32, game: &Game) -> HandRow {
    HandRow {
        number,
        kind: HandKind::NotScored,
        pitcher: None,
        trumps: None,
        tricks: 0,
        points: BySide::default(),
        score: game.score(),
        unit: game.unit(),
        awards: Vec::new(),
        decided: None,
    }
}

fn play_hand(
    game: &mut Game,
    number: u32,
    pitcher: Option<Seat>,
    body: HandBody,
    penalties: &[(Side, crate::rules::Penalty)],
    check: &mut GameCheck,
) -> HandRow {
    let mut local: Vec<Fault> = Vec::new();
    let at = |f: Fault| f.at_hand(number);
    let kind = match &body {
        HandBody::Tricks { .. } => HandKind::Tricks,
        HandBody::Totals(_) => HandKind::Totals,
        HandBody::Abandoned { .. } => HandKind::Abandoned,
        HandBody::Broken => return not_scored(number, game),
    };
    // Who pitched: the record's word, else the first trick's seats, else the rotation.
    let mut pitcher = pitcher;
    if let HandBody::Tricks { tricks, .. } = &body {
        let led = match tricks.first() {
            Some(TrickEntry::Text(t)) => parse_trick(t).ok().and_then(|t| t.seats.map(|s| s[0])),
            _ => None,
        };
        if let (Some(given), Some(led)) = (pitcher, led) {
            if given != led {
                local.push(
                    at(Fault::new(
                        Code::WrongPitcher,
                        format!("the pitcher is given as {given}, but {led} led the first trick"),
                    ))
                    .at_trick(1)
                    .by(led),
                );
            }
        }
        pitcher = led.or(pitcher).or(game.expected_pitcher());
        if pitcher.is_none() {
            check.push(at(Fault::new(
                Code::Schema,
                format!("who pitched hand {number} cannot be told: give `pitcher`, or name the seats in its first trick"),
            )));
            return not_scored(number, game);
        }
    }
    if game.begin_hand(pitcher).is_err() {
        return not_scored(number, game);
    }
    for &(side, penalty) in penalties {
        let _ = game.add_penalty(side, penalty);
    }
    let mut trick_count = 0;
    let report = match body {
        HandBody::Tricks { tricks, layout } => {
            if let Some(layout) = &layout {
                if let Ok(faults) = game.set_layout(layout) {
                    local.extend(faults);
                }
            }
            let players = game.spec().seating.players();
            let mut cut = false;
            let mut after_end_warned = false;
            let total = tricks.len();
            for (t, entry) in tricks.into_iter().enumerate() {
                let n = t as u32 + 1;
                let place = |f: Fault| f.at_hand(number).at_trick(n);
                let text = match entry {
                    TrickEntry::Text(s) => s,
                    TrickEntry::NotText(kind) => {
                        local.push(place(Fault::new(
                            Code::Schema,
                            format!(
                                "trick {n} of hand {number} must be a string of cards, not {kind}"
                            ),
                        )));
                        cut = true;
                        break;
                    }
                };
                let parsed = match parse_trick(&text) {
                    Ok(p) if p.len == players => p,
                    Ok(p) => {
                        local.push(place(Fault::new(
                            Code::WrongTrickSize,
                            format!("trick {n} of hand {number} has {} cards; every trick has {players}", p.len),
                        )));
                        cut = true;
                        break;
                    }
                    Err(TrickTextError::Size(k)) => {
                        local.push(place(Fault::new(
                            Code::WrongTrickSize,
                            format!("trick {n} of hand {number} has {k} cards; every trick has {players}"),
                        )));
                        cut = true;
                        break;
                    }
                    Err(TrickTextError::BadCard(token)) => {
                        local.push(place(Fault::new(
                            Code::BadCard,
                            format!("trick {n} of hand {number}: `{token}` is not a card (write rank then suit, like 5H or TD)"),
                        )));
                        cut = true;
                        break;
                    }
                    Err(TrickTextError::Seats(why)) => {
                        local.push(place(Fault::new(
                            Code::Schema,
                            format!("trick {n} of hand {number}: {why}"),
                        )));
                        cut = true;
                        break;
                    }
                };
                if let (Some(seats), Some(leader)) = (parsed.seats(), game.leader().or(pitcher)) {
                    let mut expected = leader;
                    let mut wrong = None;
                    for &s in seats {
                        if s != expected {
                            wrong = Some(s);
                            break;
                        }
                        expected = game.spec().seating.next(expected);
                    }
                    if wrong.is_some() && !(n == 1 && seats[0] != leader) {
                        local.push(place(Fault::new(
                            Code::Schema,
                            format!(
                                "trick {n} of hand {number} names its seats out of playing order: {leader} leads and play goes clockwise"
                            ),
                        )));
                        cut = true;
                        break;
                    }
                }
                match game.play_trick(parsed.cards()) {
                    Ok(report) => {
                        trick_count += 1;
                        if report.after_end && !after_end_warned {
                            after_end_warned = true;
                            let range = if n as usize == total {
                                format!("trick {n}")
                            } else {
                                format!("tricks {n}–{total}")
                            };
                            local.push(place(Fault::new(
                                Code::AfterEnd,
                                format!("{range} of hand {number} came after the game was decided and are not scored"),
                            )));
                        }
                    }
                    Err(crate::rules::Rejected {
                        error: crate::rules::PlayError::TooManyTricks { tricks },
                        ..
                    }) => {
                        local.push(place(Fault::new(
                            Code::WrongTrickCount,
                            format!("hand {number} has {total} tricks; a deal has {tricks}"),
                        )));
                        break;
                    }
                    Err(e) => {
                        local.push(place(Fault::new(Code::Schema, e.to_string())));
                        cut = true;
                        break;
                    }
                }
            }
            if cut {
                game.cut_hand()
            } else {
                game.end_hand()
            }
        }
        HandBody::Totals(totals) => match game.record_totals(&totals) {
            Ok(r) => Ok(r),
            Err(fault) => {
                local.push(at(fault));
                game.force_totals(&totals)
            }
        },
        HandBody::Abandoned { reason, seat } => game.abandon_hand(reason, seat),
        HandBody::Broken => Err(crate::rules::PlayError::NoHand),
    };
    check.tricks += trick_count;
    let Ok(report) = report else {
        return not_scored(number, game);
    };
    let mut faults = report.faults;
    faults.extend(local);
    faults.sort_by_key(|f| f.trick.unwrap_or(0));
    for f in faults {
        check.push(f);
    }
    HandRow {
        number,
        kind,
        pitcher: report.pitcher,
        trumps: report.trumps,
        tricks: trick_count as u32,
        points: report.points,
        score: report.score,
        unit: report.decided.as_ref().map_or(game.unit(), |d| d.unit),
        awards: report.awards,
        decided: report.decided,
    }
}
