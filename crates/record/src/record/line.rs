//! The scorer's lines (FORMAT.md §5): one entry a line, as typed at the table or read from a
//! script. Words and cards are read in any case, `#` starts a comment anywhere, and a blank (or
//! comment-only) line is nothing. Whether a side or seat is one of the game's is not for the
//! reader to say (the scorer's session refuses it, naming the game's sides and seats); a word that is no side or seat at all is refused here,
//! with an error that carries the word ([`LineError::NotASide`], [`LineError::NotASeat`],
//! [`LineError::TrickSeat`]), so that the scorer can name the sides and seats of its game.
//!
//! ```
//! use don_record::record::line::{parse_line, Line};
//! use don_rules::rules::{Seat, Side};
//! assert_eq!(parse_line("pitcher s  # Rhys"), Ok(Some(Line::Pitcher(Seat::S))));
//! assert_eq!(parse_line("Concede ew"), Ok(Some(Line::Concede(Side::EW))));
//! assert_eq!(parse_line("   # nothing"), Ok(None));
//! assert_eq!(
//!     parse_line("5x kh 2h ah").unwrap_err().to_string(),
//!     "`5x` is not a card (write rank then suit, like 5H or TD)"
//! );
//! ```

use std::fmt;

use super::game::{read_hand, HandBody, HandRecord, Record};
use super::trick::{parse_trick, TrickCards, TrickTextError};
use super::write::record_json;
use super::Fault;
use crate::rules::{
    AbandonReason, BySide, Card, MuckValue, Penalty, Seat, Side, Taker, Totals, Variant,
};

/// One line as the scorer writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// `5h kh 2h ah`, or `N:5H E:KH S:2H W:AH`: a trick, its cards in playing order from the
    /// leader.
    Trick(TrickCards),
    /// `pitcher S`: who pitches the hand about to begin.
    Pitcher(Seat),
    /// `totals NS 23 EW 12 game NS …`: a hand kept as totals. `sides` are the sides given points,
    /// in the order written (each once), so that a side left out can be told from a side on 0;
    /// `muck_sides` the two sides given muck values (`muck NS 44 EW 36`), if any.
    Totals {
        totals: Totals,
        sides: Vec<Side>,
        muck_sides: Vec<Side>,
    },
    /// `abandon renege W`, `abandon misdeal`: the deal in play, or about to be dealt, is
    /// abandoned.
    Abandon {
        reason: AbandonReason,
        seat: Option<Seat>,
    },
    /// `penalty EW out-of-turn`, `penalty EW renege`, `penalty EW -19`.
    Penalty { side: Side, penalty: Penalty },
    /// `concede EW`.
    Concede(Side),
    /// `claim`: Irish Don, the side past 80 stops play during the second deal.
    Claim,
    /// `undo`: takes back the last entry.
    Undo,
    /// `quit` (or `exit`): stops; nothing is lost.
    Quit,
    /// `help` (or `?`): the lines there are, with examples.
    Help,
}

/// What is wrong with a line, in the scorer's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("unknown word `{}`: a line is a trick (5H KH 2H AH) or one of pitcher, totals, abandon, penalty, concede, claim, undo, quit; `help` lists them with examples", crate::record::text::shortened(.0))]
    UnknownWord(String),
    #[error("`{}` is not a card (write rank then suit, like 5H or TD)", crate::record::text::shortened(.0))]
    NotACard(String),
    #[error("a trick has at most 4 cards; this one has {0}")]
    TooManyCards(usize),
    /// A seat before a card that is no seat: the word and the whole token (`X` in `X:5H`).
    #[error("`{word}` is not a seat (N, E, S or W) in `{token}`")]
    TrickSeat { word: String, token: String },
    /// Seats named for some cards and not others.
    #[error("name the seat of every card in the trick, or of none")]
    TrickSeatsMixed,
    /// A word that is no seat. Without the game: the scorer names its seats.
    #[error("`{0}` is not a seat (N, E, S or W)")]
    NotASeat(String),
    /// A word that is no side (W is a seat, not a side). Without the game: the scorer names its
    /// sides.
    #[error("{}", not_a_side(.0))]
    NotASide(String),
    /// A word without what must follow it: `` `totals` needs each side's points: totals NS 23
    /// EW 12 ``.
    #[error("`{word}` needs {what}: {example}")]
    Needs {
        word: String,
        what: &'static str,
        example: &'static str,
    },
    #[error(
        "unexpected `{extra}` in {} `{word}` line: write {example}",
        article(word)
    )]
    Extra {
        word: &'static str,
        extra: String,
        example: &'static str,
    },
    #[error("`{0}` is not a number of points (a whole number from -99999 to 99999)")]
    NotPoints(String),
    #[error(
        "`{0}` is not a reason to abandon a deal: renege, misdeal or redeal-demanded (abandon renege W)"
    )]
    NotAReason(String),
    #[error(
        "`{0}` is not a penalty: out-of-turn, renege, or points like -19 (penalty EW out-of-turn)"
    )]
    NotAPenalty(String),
    #[error("`{0}` in totals is not a side or an award (game, high, low, jack, muck, out_first, last_scorer)")]
    NotInTotals(String),
    #[error("`{0}` is given twice in totals")]
    Twice(String),
}

/// A word that is no side, said without the game: the sides of every seating.
fn not_a_side(word: &str) -> String {
    const SIDES: &str = "NS or EW; with two or three players, each player's seat N, E or S";
    if word.eq_ignore_ascii_case("W") {
        format!("`{word}` is a seat, not a side: W plays for EW with four players, and is not at the table with two or three (the sides are {SIDES})")
    } else {
        format!("`{word}` is not a side (the sides are {SIDES})")
    }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// The points a line may give a side, or a penalty: as in a record.
const POINTS: std::ops::RangeInclusive<i64> = -99_999..=99_999;

const WORDS: &[&str] = &[
    "pitcher", "totals", "abandon", "penalty", "concede", "claim", "undo", "quit", "exit", "help",
    "?",
];

/// Reads one line: `Ok(None)` for a blank or comment-only line. Never panics, whatever the text.
pub fn parse_line(text: &str) -> Result<Option<Line>, LineError> {
    let text = text.split('#').next().unwrap_or("");
    let mut tokens = text.split_whitespace();
    let Some(first) = tokens.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = tokens.collect();
    let word = WORDS.iter().find(|w| w.eq_ignore_ascii_case(first));
    let line = match word.copied() {
        Some("pitcher") => pitcher(&rest)?,
        Some("totals") => totals(&rest)?,
        Some("abandon") => abandon(&rest)?,
        Some("penalty") => penalty(&rest)?,
        Some("concede") => {
            let side = one_side(&rest, "concede", "a side", "concede EW")?;
            Line::Concede(side)
        }
        Some("claim") => bare(&rest, "claim", Line::Claim)?,
        Some("undo") => bare(&rest, "undo", Line::Undo)?,
        Some("quit") => bare(&rest, "quit", Line::Quit)?,
        Some("exit") => bare(&rest, "exit", Line::Quit)?,
        Some("help") => bare(&rest, "help", Line::Help)?,
        Some("?") => bare(&rest, "?", Line::Help)?,
        _ if looks_like_trick(first, &rest) => trick(text)?,
        _ => return Err(LineError::UnknownWord(first.to_string())),
    };
    Ok(Some(line))
}

/// A line that is not a word is a trick if its first token looks like a card (`5X`, `N:…`) or
/// any of its tokens is one; otherwise it is an unknown word.
fn looks_like_trick(first: &str, rest: &[&str]) -> bool {
    let card_like = first.contains(':')
        || (first.chars().count() <= 3
            && first
                .chars()
                .next()
                .is_some_and(|c| "AKQJTakqjt123456789".contains(c)));
    let is_card = |t: &&str| {
        let card = t.split_once(':').map_or(*t, |(_, c)| c);
        card.parse::<Card>().is_ok()
    };
    card_like || std::iter::once(&first).chain(rest).any(is_card)
}

fn trick(text: &str) -> Result<Line, LineError> {
    parse_trick(text).map(Line::Trick).map_err(|e| match e {
        TrickTextError::BadCard(token) => {
            let card = token.split_once(':').map_or(token.as_str(), |(_, c)| c);
            LineError::NotACard(card.to_string())
        }
        TrickTextError::Size(n) => LineError::TooManyCards(n),
        TrickTextError::NotASeat { word, token } => LineError::TrickSeat { word, token },
        TrickTextError::MixedSeats => LineError::TrickSeatsMixed,
    })
}

fn bare(rest: &[&str], word: &'static str, line: Line) -> Result<Line, LineError> {
    match rest.first() {
        None => Ok(line),
        Some(extra) => Err(LineError::Extra {
            word,
            extra: extra.to_string(),
            example: word,
        }),
    }
}

fn seat(token: &str) -> Result<Seat, LineError> {
    token
        .parse()
        .map_err(|_| LineError::NotASeat(token.to_string()))
}

fn side(token: &str) -> Result<Side, LineError> {
    token
        .parse()
        .map_err(|_| LineError::NotASide(token.to_string()))
}

fn needs(word: &str, what: &'static str, example: &'static str) -> LineError {
    LineError::Needs {
        word: word.to_string(),
        what,
        example,
    }
}

fn one_side(
    rest: &[&str],
    word: &'static str,
    what: &'static str,
    example: &'static str,
) -> Result<Side, LineError> {
    match rest {
        [] => Err(needs(word, what, example)),
        [one] => side(one),
        [_, extra, ..] => Err(LineError::Extra {
            word,
            extra: extra.to_string(),
            example,
        }),
    }
}

fn pitcher(rest: &[&str]) -> Result<Line, LineError> {
    const EXAMPLE: &str = "pitcher S";
    match rest {
        [] => Err(needs("pitcher", "a seat", EXAMPLE)),
        [one] => Ok(Line::Pitcher(seat(one)?)),
        [_, extra, ..] => Err(LineError::Extra {
            word: "pitcher",
            extra: extra.to_string(),
            example: EXAMPLE,
        }),
    }
}

fn abandon(rest: &[&str]) -> Result<Line, LineError> {
    const EXAMPLE: &str = "abandon renege W, abandon misdeal or abandon redeal-demanded";
    let Some(&reason) = rest.first() else {
        return Err(needs("abandon", "a reason", EXAMPLE));
    };
    let reason = match reason.to_ascii_lowercase().replace('_', "-").as_str() {
        "renege" => AbandonReason::Renege,
        "misdeal" => AbandonReason::Misdeal,
        "redeal-demanded" => AbandonReason::RedealDemanded,
        _ => return Err(LineError::NotAReason(reason.to_string())),
    };
    match &rest[1..] {
        [] => Ok(Line::Abandon { reason, seat: None }),
        [one] => Ok(Line::Abandon {
            reason,
            seat: Some(seat(one)?),
        }),
        [_, extra, ..] => Err(LineError::Extra {
            word: "abandon",
            extra: extra.to_string(),
            example: EXAMPLE,
        }),
    }
}

fn penalty(rest: &[&str]) -> Result<Line, LineError> {
    const EXAMPLE: &str = "penalty EW out-of-turn, penalty EW renege or penalty EW -19";
    let (who, what) = match rest {
        [who, what] => (*who, *what),
        [] | [_] => return Err(needs("penalty", "a side and what for", EXAMPLE)),
        [_, _, extra, ..] => {
            return Err(LineError::Extra {
                word: "penalty",
                extra: extra.to_string(),
                example: EXAMPLE,
            })
        }
    };
    let side = side(who)?;
    let penalty = match what.to_ascii_lowercase().replace('_', "-").as_str() {
        "out-of-turn" => Penalty::OutOfTurn,
        "renege" => Penalty::Renege,
        w if w.starts_with(['-', '+']) || w.starts_with(|c: char| c.is_ascii_digit()) => {
            Penalty::Points(points(what)?)
        }
        _ => return Err(LineError::NotAPenalty(what.to_string())),
    };
    Ok(Line::Penalty { side, penalty })
}

fn points(token: &str) -> Result<i32, LineError> {
    match token.parse::<i64>() {
        Ok(p) if POINTS.contains(&p) => Ok(p as i32),
        _ => Err(LineError::NotPoints(token.to_string())),
    }
}

/// The award words of a totals line, as written (either spelling).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Game,
    High,
    Low,
    Jack,
    Muck,
    OutFirst,
    LastScorer,
}

impl Field {
    fn read(word: &str) -> Option<Field> {
        Some(match word.to_ascii_lowercase().replace('-', "_").as_str() {
            "game" => Field::Game,
            "high" => Field::High,
            "low" => Field::Low,
            "jack" => Field::Jack,
            "muck" => Field::Muck,
            "out_first" => Field::OutFirst,
            "last_scorer" => Field::LastScorer,
            _ => return None,
        })
    }

    fn word(self) -> &'static str {
        match self {
            Field::Game => "game",
            Field::High => "high",
            Field::Low => "low",
            Field::Jack => "jack",
            Field::Muck => "muck",
            Field::OutFirst => "out_first",
            Field::LastScorer => "last_scorer",
        }
    }

    fn needs(self) -> LineError {
        let (what, example) = match self {
            Field::Game => (
                "a side, none, or the two players who shared it",
                "game NS, game none, game N+E",
            ),
            Field::High => ("a side or none", "high NS"),
            Field::Low => ("a side or none", "low EW"),
            Field::Jack => ("a side or none", "jack none"),
            Field::Muck => (
                "a side, tie, none, or both sides' muck values",
                "muck NS, muck tie, muck NS 44 EW 36",
            ),
            Field::OutFirst => ("a side", "out_first NS"),
            Field::LastScorer => ("a side", "last_scorer EW"),
        };
        needs(self.word(), what, example)
    }
}

/// `totals NS 23 EW 12 game NS high NS low EW jack none muck NS out_first NS last_scorer EW`,
/// in any order; Game to Lose's shared game `game N+E`; Phat's muck values `muck NS 44 EW 36`.
fn totals(rest: &[&str]) -> Result<Line, LineError> {
    let mut t = Totals::default();
    let mut sides: Vec<Side> = Vec::new();
    let mut muck_sides: Vec<Side> = Vec::new();
    let mut given: Vec<Field> = Vec::new();
    let mut i = 0;
    while let Some(&token) = rest.get(i) {
        i += 1;
        if let Ok(s) = token.parse::<Side>() {
            let Some(&p) = rest.get(i) else {
                return Err(needs(token, "its points", "totals NS 23 EW 12"));
            };
            if sides.contains(&s) {
                return Err(LineError::Twice(s.to_string()));
            }
            t.points[s] = points(p)?;
            sides.push(s);
            i += 1;
            continue;
        }
        let Some(field) = Field::read(token) else {
            if token.eq_ignore_ascii_case("W") {
                return Err(LineError::NotASide(token.to_string()));
            }
            return Err(LineError::NotInTotals(token.to_string()));
        };
        if given.contains(&field) {
            return Err(LineError::Twice(field.word().to_string()));
        }
        given.push(field);
        let Some(&value) = rest.get(i) else {
            return Err(field.needs());
        };
        i += 1;
        match field {
            Field::OutFirst | Field::LastScorer => {
                let s = value.parse::<Side>().map_err(|_| field.needs())?;
                if field == Field::OutFirst {
                    t.out_first = Some(s);
                } else {
                    t.last_scorer = Some(s);
                }
            }
            Field::Muck => {
                let (muck, named) = muck(value, &rest[i..])?;
                t.muck = Some(muck);
                if !named.is_empty() {
                    i += 3; // `NS 44 EW 36`: the first side was the value
                    muck_sides = named;
                }
            }
            Field::Game | Field::High | Field::Low | Field::Jack => {
                let taker = taker(field, value)?;
                let slot = match field {
                    Field::Game => &mut t.game,
                    Field::High => &mut t.high,
                    Field::Low => &mut t.low,
                    _ => &mut t.jack,
                };
                *slot = Some(taker);
            }
        }
    }
    if sides.is_empty() {
        return Err(needs("totals", "each side's points", "totals NS 23 EW 12"));
    }
    Ok(Line::Totals {
        totals: t,
        sides,
        muck_sides,
    })
}

/// `NS`, `none`, or for game two players sharing it, `N+E`.
fn taker(field: Field, value: &str) -> Result<Taker, LineError> {
    if value.eq_ignore_ascii_case("none") {
        return Ok(Taker::Nobody);
    }
    if let Some((a, b)) = value.split_once('+') {
        return match (field, a.parse::<Side>(), b.parse::<Side>()) {
            (Field::Game, Ok(a), Ok(b)) if a != b => Ok(Taker::Pair(a, b)),
            _ => Err(field.needs()),
        };
    }
    value
        .parse::<Side>()
        .map(Taker::Side)
        .map_err(|_| field.needs())
}

/// Phat's muck: a side, `tie`, `none`, or both sides' values (`NS 44 EW 36`). Returns the value
/// and, for values, the two sides named (their tokens after the first: 3).
fn muck(value: &str, after: &[&str]) -> Result<(MuckValue, Vec<Side>), LineError> {
    if value.eq_ignore_ascii_case("tie") {
        return Ok((MuckValue::Award(Taker::Tie), Vec::new()));
    }
    if value.eq_ignore_ascii_case("none") {
        return Ok((MuckValue::Award(Taker::Nobody), Vec::new()));
    }
    let side = value.parse::<Side>().map_err(|_| Field::Muck.needs())?;
    let is_number = |t: Option<&&str>| t.is_some_and(|t| t.parse::<i64>().is_ok());
    if !is_number(after.first()) {
        return Ok((MuckValue::Award(Taker::Side(side)), Vec::new()));
    }
    // Both sides' values: this side's, then the other's.
    let mut values = BySide::default();
    values[side] = points(after[0])?;
    let other = match after.get(1).map(|t| t.parse::<Side>()) {
        Some(Ok(other)) if other != side && is_number(after.get(2)) => other,
        _ => return Err(Field::Muck.needs()),
    };
    values[other] = points(after[2])?;
    Ok((MuckValue::Values(values), vec![side, other]))
}

impl fmt::Display for Line {
    /// The line in its plain form, which reads back as the same line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Trick(trick) => {
                for (i, card) in trick.cards().iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    if let Some(seats) = trick.seats() {
                        write!(f, "{}:", seats[i])?;
                    }
                    write!(f, "{card}")?;
                }
                Ok(())
            }
            Line::Pitcher(seat) => write!(f, "pitcher {seat}"),
            Line::Totals {
                totals,
                sides,
                muck_sides,
            } => write_totals(f, totals, sides, muck_sides),
            Line::Abandon { reason, seat } => {
                write!(f, "abandon {}", reason_word(*reason))?;
                match seat {
                    Some(seat) => write!(f, " {seat}"),
                    None => Ok(()),
                }
            }
            Line::Penalty { side, penalty } => match penalty {
                Penalty::OutOfTurn => write!(f, "penalty {side} out-of-turn"),
                Penalty::Renege => write!(f, "penalty {side} renege"),
                Penalty::Points(p) => write!(f, "penalty {side} {p}"),
            },
            Line::Concede(side) => write!(f, "concede {side}"),
            Line::Claim => f.write_str("claim"),
            Line::Undo => f.write_str("undo"),
            Line::Quit => f.write_str("quit"),
            Line::Help => f.write_str("help"),
        }
    }
}

/// The faults `check` finds in the hand of totals, numbered `number`, that a totals line makes
/// in a game of this ruleset: the hand is written as a record holds it and read back as a record
/// is read (an award the ruleset lacks, a side not in the game, a shared game outside Game to
/// Lose…). The table refuses a totals line through this, so it never keeps a game that cannot
/// be read back.
pub fn totals_hand_faults(variant: &Variant, totals: &Totals, number: u32) -> Vec<Fault> {
    let record = Record {
        variant: Some(variant.clone()),
        hands: vec![HandRecord {
            pitcher: None,
            body: HandBody::Totals(totals.clone()),
            penalties: Vec::new(),
            faults: Vec::new(),
        }],
        ..Record::default()
    };
    let hand = record_json(&record)
        .pointer("/hands/0")
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    read_hand(hand, number, variant).faults
}

/// The word a line gives a reason for abandoning a deal.
pub fn reason_word(reason: AbandonReason) -> &'static str {
    match reason {
        AbandonReason::Renege => "renege",
        AbandonReason::Misdeal => "misdeal",
        AbandonReason::RedealDemanded => "redeal-demanded",
    }
}

fn taker_word(taker: Taker) -> String {
    match taker {
        Taker::Side(s) => s.to_string(),
        Taker::Nobody => "none".to_string(),
        Taker::Pair(a, b) => format!("{a}+{b}"),
        Taker::Tie => "tie".to_string(),
    }
}

fn write_totals(
    f: &mut fmt::Formatter<'_>,
    t: &Totals,
    sides: &[Side],
    muck_sides: &[Side],
) -> fmt::Result {
    f.write_str("totals")?;
    for &side in sides {
        write!(f, " {side} {}", t.points[side])?;
    }
    let awards = [
        ("game", t.game),
        ("high", t.high),
        ("low", t.low),
        ("jack", t.jack),
    ];
    for (word, taker) in awards {
        if let Some(taker) = taker {
            write!(f, " {word} {}", taker_word(taker))?;
        }
    }
    match t.muck {
        Some(MuckValue::Award(taker)) => write!(f, " muck {}", taker_word(taker))?,
        Some(MuckValue::Values(values)) => {
            // The sides as written, else the partnerships (the only game with muck has them).
            let named: &[Side] = if muck_sides.len() == 2 {
                muck_sides
            } else {
                &[Side::NS, Side::EW]
            };
            f.write_str(" muck")?;
            for side in named {
                write!(f, " {side} {}", values[*side])?;
            }
        }
        None => {}
    }
    if let Some(side) = t.out_first {
        write!(f, " out_first {side}")?;
    }
    if let Some(side) = t.last_scorer {
        write!(f, " last_scorer {side}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_reads_back_from_its_plain_form() {
        for text in [
            "5H KH 2H AH",
            "N:5H E:KH S:2H W:AH",
            "pitcher S",
            "totals NS 23 EW 12 game NS high NS low EW jack none muck NS 44 EW 36 out_first NS last_scorer EW",
            "totals NS 1 muck EW 0 NS 0",
            "totals N 21 E 20 S 5 game N+E",
            "abandon renege W",
            "abandon redeal-demanded",
            "penalty EW -19",
            "penalty NS out-of-turn",
            "concede EW",
            "claim",
            "undo",
            "quit",
            "help",
        ] {
            let line = parse_line(text).unwrap().unwrap();
            assert_eq!(line.to_string(), text);
            assert_eq!(parse_line(&line.to_string()), Ok(Some(line)));
        }
    }
}
