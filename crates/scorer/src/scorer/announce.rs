//! What the scorer says after each line: who won the trick and what it pegged, the awards at
//! the end of a hand one by one, a deal abandoned, the moment a side pegs out, a leg won, the
//! score and what each side still needs. Everything said is read from what the engine reported
//! (trick and hand reports, decisions, the score), built by [`super::herald`]; nothing here
//! decides a rule.

use std::fmt;

use super::names::Name;
use crate::record::line::reason_word;
use crate::rules::variant::irish_don::EIGHTY;
use crate::rules::{AbandonReason, AwardKind, Card, Penalty, Rank, Suit};

/// A score in the game's order of sides: "121–97".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreLine(pub Vec<i32>);

impl fmt::Display for ScoreLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, points) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("–")?;
            }
            write!(f, "{points}")?;
        }
        Ok(())
    }
}

/// What a side still needs, as the variant counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToGo {
    /// Points to the target.
    Target(i32),
    /// Irish Don: points to pass 80 (0 once past it).
    PassEighty(i32),
    /// Game to Lose: points from the losing score.
    Losing(i32),
    /// A fixed number of deals: no target.
    Nothing,
}

impl fmt::Display for ToGo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ToGo::Target(n) => write!(f, "{n} to go"),
            ToGo::PassEighty(n) if n > 0 => write!(f, "{n} to pass {EIGHTY}"),
            ToGo::PassEighty(_) => write!(f, "past {EIGHTY}"),
            ToGo::Losing(n) => write!(f, "{n} from losing"),
            ToGo::Nothing => Ok(()),
        }
    }
}

/// One side's place in the running score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideScore {
    pub side: Name,
    pub score: i32,
    pub to_go: ToGo,
}

/// How a game (or leg) was decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first side to the target wins: it pegs out.
    PeggedOut(Name),
    /// Game to Lose: the first to the target loses; two who reach it together level both lose.
    Lost(Vec<Name>),
    /// Sides taken past the target together, level: a draw.
    DrawnOut(Vec<Name>),
    /// Irish Don: `passed`'s count went past 80, and `winner` wins (under misère, the other).
    PassedEighty { winner: Name, passed: Name },
    /// Irish Don under `bonk_two_games`: all 80 of a deal, two games.
    Bonked(Name),
    /// Irish Don, 80–80 after the second deal: a draw (no winner), or decided by the side that
    /// took the last scoring trick.
    EightyAll {
        winner: Option<Name>,
        last_scorer: Option<Name>,
    },
    /// After a fixed number of deals the higher total wins; level is a draw.
    AfterDeals { deals: u32, winner: Option<Name> },
    /// Decided, but who won cannot be told.
    Unknown,
}

/// How the game (or match) ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    Won(Name),
    Draw,
    Lost(Vec<Name>),
    Unknown,
}

/// One thing the scorer says. `Display` gives the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Announcement {
    /// Who pitches the hand about to begin.
    Pitcher {
        seat: Name,
        hand: u32,
    },
    /// A trick won: by which side, and its scoring cards with what each pegs (in Irish Don,
    /// what each counts at the end of play). `after_end`: the game was already decided.
    Trick {
        side: Name,
        trumps: Suit,
        cards: Vec<(Card, u32)>,
        points: u32,
        counted: bool,
        after_end: bool,
    },
    /// A renege proven by a trick: who, and what proves it.
    Renege {
        seat: Name,
        proof: String,
    },
    /// A deal abandoned: nothing pegged in it counts; what it cost (league penalties); who deals
    /// and pitches again.
    Abandoned {
        hand: u32,
        reason: AbandonReason,
        seat: Option<Name>,
        lost: Vec<(Name, i32)>,
        dealer: Option<Name>,
        pitcher: Option<Name>,
        lowest_diamond: bool,
    },
    /// An end-of-play award, in the order pegged.
    Award {
        kind: AwardKind,
        pegs: Vec<(Name, u32)>,
    },
    /// Phat: a tied muck carried to the next deal.
    MuckCarried {
        carried: u32,
    },
    /// A hand over: what each side scored in it, penalties included.
    HandEnded {
        hand: u32,
        totals: bool,
        fat: bool,
        points: Vec<(Name, i32)>,
    },
    /// The moment a game or leg is decided.
    Decided {
        hand: u32,
        trick: Option<u32>,
        award: Option<AwardKind>,
        verdict: Verdict,
        score: ScoreLine,
    },
    /// A leg (Irish Don: a game) of a match decided, and the next begun.
    LegWon {
        leg: u32,
        games: bool,
        winner: Option<Name>,
        counts: u32,
        wins: ScoreLine,
    },
    /// The game, or the match, is over; in a match, the legs (Irish Don: `games`) won.
    Over {
        finish: Finish,
        wins: Option<ScoreLine>,
        games: bool,
    },
    /// A penalty, and what it costs at the end of its hand.
    Penalty {
        side: Name,
        penalty: Penalty,
        points: i32,
        hand: u32,
    },
    /// A side conceded.
    Conceded {
        side: Name,
    },
    /// Irish Don: `side`'s count passed 80 (under misère, the other's) in hand `hand`, still in
    /// play: it may claim now, ending the deal and the game (in a match, game `game`), or the
    /// deal may be played out.
    MayClaim {
        side: Name,
        hand: u32,
        game: Option<u32>,
    },
    /// The running score and what each side still needs; `count`: Irish Don's count of the fat
    /// during a deal.
    Score {
        standings: Vec<SideScore>,
        deals_left: Option<u32>,
        count: bool,
    },
    /// `undo`: the line taken back, and the entries it had forced (the abandonment a renege
    /// forces), as lines.
    TakenBack {
        hand: u32,
        line: String,
        forced: Vec<String>,
    },
    NothingToTakeBack,
}

/// "5 of trumps", "ace of trumps", "9 of spades".
fn card_words(card: Card, trumps: Suit) -> String {
    let rank = match card.rank {
        Rank::Ace | Rank::King | Rank::Queen | Rank::Jack => card.rank.name().to_string(),
        Rank::Ten => "10".to_string(),
        r => r.letter().to_string(),
    };
    let suit = if card.suit == trumps {
        "trumps"
    } else {
        card.suit.name()
    };
    format!("{rank} of {suit}")
}

fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn and_list(names: &[Name]) -> String {
    let labels: Vec<&str> = names.iter().map(|n| n.label.as_str()).collect();
    labels.join(" and ")
}

fn signed(points: i32) -> String {
    if points > 0 {
        format!("+{points}")
    } else {
        points.to_string()
    }
}

impl fmt::Display for Verdict {
    /// The verdict without its place and score (see [`Announcement::Decided`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::PeggedOut(w) => write!(f, "{w} {}", w.verb("peg out", "pegs out")),
            Verdict::Lost(names) if names.len() == 1 => write!(f, "{} pegs out", names[0]),
            Verdict::Lost(names) | Verdict::DrawnOut(names) => {
                write!(f, "{} peg out together", and_list(names))
            }
            Verdict::PassedEighty { passed, .. } => {
                write!(f, "{passed} {} {EIGHTY}", passed.verb("pass", "passes"))
            }
            Verdict::Bonked(w) => write!(f, "{w} {} all {EIGHTY}", w.verb("take", "takes")),
            Verdict::EightyAll { .. } => write!(f, "{EIGHTY}–{EIGHTY}"),
            Verdict::AfterDeals { deals, .. } => write!(f, "After {deals} deals"),
            Verdict::Unknown => f.write_str("The game was decided"),
        }
    }
}

impl fmt::Display for Announcement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Announcement::Pitcher { seat, hand } => write!(f, "{seat} pitches hand {hand}"),
            // "NS win the trick: 5 of trumps 10, king of trumps 3 — 13".
            Announcement::Trick {
                side,
                trumps,
                cards,
                points,
                counted,
                after_end,
            } => {
                write!(f, "{side} {} the trick", side.verb("win", "wins"))?;
                if *after_end {
                    return f.write_str(", after the game was decided: nothing pegged");
                }
                if cards.is_empty() {
                    let none = if *counted {
                        "no fat in it"
                    } else {
                        "nothing to peg"
                    };
                    return write!(f, ": {none}");
                }
                let each: Vec<String> = cards
                    .iter()
                    .map(|&(card, p)| format!("{} {p}", card_words(card, *trumps)))
                    .collect();
                write!(f, ": {} — {points}", each.join(", "))?;
                if *counted {
                    f.write_str(" to count")?;
                }
                Ok(())
            }
            Announcement::Renege { seat, proof } => write!(f, "Renege by {seat}: {proof}"),
            // What the deal cost each side (" NS lose 52."), and who deals and pitches again.
            Announcement::Abandoned {
                hand,
                reason,
                seat,
                lost,
                dealer,
                pitcher,
                lowest_diamond,
            } => {
                let why = match (reason, seat) {
                    (AbandonReason::RedealDemanded, Some(s)) => format!("a redeal demanded by {s}"),
                    (AbandonReason::RedealDemanded, None) => "a redeal demanded".to_string(),
                    (r, Some(s)) => format!("{} by {s}", reason_word(*r)),
                    (r, None) => reason_word(*r).to_string(),
                };
                write!(
                    f,
                    "Hand {hand} is abandoned ({why}): nothing pegged in it counts."
                )?;
                for (side, points) in lost {
                    if *points < 0 {
                        write!(f, " {side} {} {}.", side.verb("lose", "loses"), -points)?;
                    } else {
                        write!(f, " {side} {}.", signed(*points))?;
                    }
                }
                match (lowest_diamond, dealer, pitcher) {
                    (true, _, _) => f.write_str(
                        " The cards are dealt again, and the holder of the lowest diamond pitches",
                    ),
                    (false, Some(d), Some(p)) => {
                        write!(f, " The same dealer, {d}, deals again, and {p} pitches")
                    }
                    _ => f.write_str(" The same dealer deals again"),
                }
            }
            // "High to NS: 1", "Game shared: N 1, E 1", "Jack: nobody scores it".
            Announcement::Award { kind, pegs } => {
                let kind = capital(kind.word());
                match pegs.as_slice() {
                    [] => write!(f, "{kind}: nobody scores it"),
                    [(side, p)] => write!(f, "{kind} to {side}: {p}"),
                    many => {
                        let each: Vec<String> =
                            many.iter().map(|(s, p)| format!("{s} {p}")).collect();
                        write!(f, "{kind} shared: {}", each.join(", "))
                    }
                }
            }
            Announcement::MuckCarried { carried } => {
                write!(f, "Muck tied: {carried} carried to the next deal")
            }
            // "Hand 3 ends: NS 4, EW 2".
            Announcement::HandEnded {
                hand,
                totals,
                fat,
                points,
            } => {
                let each: Vec<String> = points.iter().map(|(s, p)| format!("{s} {p}")).collect();
                let how = match (totals, fat) {
                    (true, _) => "entered as totals",
                    (false, true) => "ends, the fat counted",
                    (false, false) => "ends",
                };
                write!(f, "Hand {hand} {how}: {}", each.join(", "))
            }
            Announcement::Decided {
                hand,
                trick,
                award,
                verdict,
                score,
            } => decided(f, *hand, *trick, *award, verdict, score),
            // "NS win leg 1; legs 1–0. Leg 2 begins".
            Announcement::LegWon {
                leg,
                games,
                winner,
                counts,
                wins,
            } => {
                let word = if *games { "game" } else { "leg" };
                match winner {
                    Some(w) => write!(f, "{w} {} {word} {leg}", w.verb("win", "wins"))?,
                    None => write!(f, "{} {leg} is drawn", capital(word))?,
                }
                if *counts > 1 {
                    write!(f, " (a bonk: {counts} {word}s)")?;
                }
                let next = if *games { "Game" } else { "Leg" };
                write!(f, "; {word}s {wins}. {next} {} begins", leg + 1)
            }
            // "NS win the match: legs 2–1".
            Announcement::Over {
                finish,
                wins,
                games,
            } => match (finish, wins) {
                (Finish::Won(w), Some(wins)) => {
                    let word = if *games { "games" } else { "legs" };
                    write!(f, "{w} {} the match: {word} {wins}", w.verb("win", "wins"))
                }
                (Finish::Won(w), None) => write!(f, "{w} {} the game", w.verb("win", "wins")),
                (Finish::Draw, _) => f.write_str("The game is a draw"),
                (Finish::Lost(names), _) => match names.as_slice() {
                    [one] => write!(f, "{one} loses the game"),
                    many => write!(f, "{} lose the game", and_list(many)),
                },
                (Finish::Unknown, _) => f.write_str("The game is over, but who won cannot be told"),
            },
            // "Penalty on NS for a renege: -52 at the end of hand 3".
            Announcement::Penalty {
                side,
                penalty,
                points,
                hand,
            } => {
                let what = match penalty {
                    Penalty::OutOfTurn => " for playing out of turn",
                    Penalty::Renege => " for a renege",
                    Penalty::Points(_) => "",
                };
                if *points == 0 {
                    write!(
                        f,
                        "Penalty on {side}{what} in hand {hand}: no points under friendly penalties"
                    )
                } else {
                    let points = signed(*points);
                    write!(
                        f,
                        "Penalty on {side}{what}: {points} at the end of hand {hand}"
                    )
                }
            }
            Announcement::Conceded { side } => {
                write!(f, "{side} {}", side.verb("concede", "concedes"))
            }
            // "NS may claim: `claim` ends hand 2 and the game here, or play the deal out".
            Announcement::MayClaim { side, hand, game } => {
                write!(f, "{}", claim_words(side, *hand, *game))
            }
            // "Score: NS 40, 81 to go · EW 12, 109 to go · 3 deals left".
            Announcement::Score {
                standings,
                deals_left,
                count,
            } => {
                f.write_str(if *count { "Count: " } else { "Score: " })?;
                for (i, s) in standings.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" · ")?;
                    }
                    write!(f, "{} {}", s.side, s.score)?;
                    if s.to_go != ToGo::Nothing {
                        write!(f, ", {}", s.to_go)?;
                    }
                }
                match deals_left {
                    Some(1) => f.write_str(" · 1 deal left"),
                    Some(n) => write!(f, " · {n} deals left"),
                    None => Ok(()),
                }
            }
            // "Taken back from hand 2: `N 5h`, and with it `abandon renege`, which it forced".
            Announcement::TakenBack { hand, line, forced } => {
                write!(f, "Taken back from hand {hand}: `{line}`")?;
                if !forced.is_empty() {
                    let quoted: Vec<String> = forced.iter().map(|l| format!("`{l}`")).collect();
                    write!(f, ", and with it {}, which it forced", quoted.join(" and "))?;
                }
                Ok(())
            }
            Announcement::NothingToTakeBack => f.write_str("There is nothing to take back"),
        }
    }
}

/// What a side that may claim is told: "NS may claim: `claim` ends hand 2 and the game here,
/// or play the deal out".
pub(super) fn claim_words(side: &Name, hand: u32, game: Option<u32>) -> String {
    let what = match game {
        Some(g) => format!("game {g}"),
        None => "the game".to_string(),
    };
    format!("{side} may claim: `claim` ends hand {hand} and {what} here, or play the deal out")
}

/// The moment a game or leg is decided: the verdict, where, and the score.
fn decided(
    f: &mut fmt::Formatter<'_>,
    hand: u32,
    trick: Option<u32>,
    award: Option<AwardKind>,
    verdict: &Verdict,
    score: &ScoreLine,
) -> fmt::Result {
    let when = match (trick, award) {
        (Some(t), _) => format!("at trick {t} of hand {hand}"),
        (None, Some(a)) => format!("with {} in hand {hand}", a.word()),
        (None, None) => format!("in hand {hand}"),
    };
    match verdict {
        Verdict::Lost(names) => write!(
            f,
            "{verdict} {when} and {}: {score}",
            if names.len() == 1 { "loses" } else { "lose" }
        ),
        Verdict::DrawnOut(_) => write!(f, "{verdict} {when}: a draw, {score}"),
        Verdict::PassedEighty { winner, passed } if winner != passed => {
            write!(
                f,
                "{verdict} {when} and {}: {score}",
                passed.verb("lose", "loses")
            )
        }
        Verdict::Bonked(_) => write!(f, "{verdict} {when}: {score}, two games"),
        Verdict::EightyAll {
            winner,
            last_scorer,
        } => eighty_all(f, verdict, hand, winner.as_ref(), last_scorer.as_ref()),
        Verdict::AfterDeals {
            winner: Some(w), ..
        } => write!(f, "{verdict} {w} {}: {score}", w.verb("win", "wins")),
        Verdict::AfterDeals { winner: None, .. } => {
            write!(f, "{verdict} the game is drawn: {score}")
        }
        Verdict::Unknown => {
            write!(f, "{verdict} {when}, but who won cannot be told: {score}")
        }
        _ => write!(f, "{verdict} {when}: {score}"),
    }
}

/// Irish Don's 80–80 after a hand: who wins, and why; or a draw.
fn eighty_all(
    f: &mut fmt::Formatter<'_>,
    verdict: &Verdict,
    hand: u32,
    winner: Option<&Name>,
    last_scorer: Option<&Name>,
) -> fmt::Result {
    match (winner, last_scorer) {
        (Some(w), Some(last)) => write!(
            f,
            "{verdict} after hand {hand}: {last} took the last scoring trick, so {w} {}",
            w.verb("win", "wins")
        ),
        (Some(w), None) => {
            write!(
                f,
                "{verdict} after hand {hand}: {w} {}",
                w.verb("win", "wins")
            )
        }
        (None, _) => write!(f, "{verdict} after hand {hand}: a draw"),
    }
}
