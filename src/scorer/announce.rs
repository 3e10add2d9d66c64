//! What the scorer says after each line: who won the trick and what it pegged, the awards at
//! the end of a hand one by one, a deal abandoned, the moment a side pegs out, a leg won, the
//! score and what each side still needs. Everything said is read from what the engine reported
//! (trick and hand reports, decisions, the score); nothing here decides a rule.

use std::fmt;

use super::names::{Name, Names};
use crate::record::line::reason_word;
use crate::replay::{HandKind, HandRow, Replay};
use crate::rules::spec::Goal;
use crate::rules::variant::irish_don::{self, Won, EIGHTY};
use crate::rules::{
    AbandonReason, AwardKind, AwardPeg, BySide, Card, Decision, Outcome, Penalty, Rank, Seat, Side,
    Suit, TrickReport,
};

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
pub struct Standing {
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
    /// The running score and what each side still needs; `count`: Irish Don's count of the fat
    /// during a deal.
    Score {
        standings: Vec<Standing>,
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
            Announcement::Trick {
                side,
                trumps,
                cards,
                points,
                counted,
                after_end,
            } => {
                write!(f, "{side} {} the trick", side.verb("win", "wins"))?;
                trick_tail(f, *trumps, cards, *points, *counted, *after_end)
            }
            Announcement::Renege { seat, proof } => write!(f, "Renege by {seat}: {proof}"),
            Announcement::Abandoned {
                hand,
                reason,
                seat,
                lost,
                dealer,
                pitcher,
                lowest_diamond,
            } => {
                let why = abandon_why(*reason, seat.as_ref());
                write!(
                    f,
                    "Hand {hand} is abandoned ({why}): nothing pegged in it counts."
                )?;
                lost_points(f, lost)?;
                dealt_again(f, *lowest_diamond, dealer.as_ref(), pitcher.as_ref())
            }
            Announcement::Award { kind, pegs } => award_words(f, *kind, pegs),
            Announcement::MuckCarried { carried } => {
                write!(f, "Muck tied: {carried} carried to the next deal")
            }
            Announcement::HandEnded {
                hand,
                totals,
                fat,
                points,
            } => hand_ended(f, *hand, *totals, *fat, points),
            Announcement::Decided {
                hand,
                trick,
                award,
                verdict,
                score,
            } => decided(f, *hand, *trick, *award, verdict, score),
            Announcement::LegWon {
                leg,
                games,
                winner,
                counts,
                wins,
            } => leg_won(f, *leg, *games, winner.as_ref(), *counts, wins),
            Announcement::Over {
                finish,
                wins,
                games,
            } => over(f, finish, wins.as_ref(), *games),
            Announcement::Penalty {
                side,
                penalty,
                points,
                hand,
            } => penalty_words(f, side, *penalty, *points, *hand),
            Announcement::Conceded { side } => {
                write!(f, "{side} {}", side.verb("concede", "concedes"))
            }
            Announcement::Score {
                standings,
                deals_left,
                count,
            } => score_words(f, standings, *deals_left, *count),
            Announcement::TakenBack { hand, line, forced } => taken_back(f, *hand, line, forced),
            Announcement::NothingToTakeBack => f.write_str("There is nothing to take back"),
        }
    }
}

/// A trick's scoring cards and what they peg, after "NS win the trick".
fn trick_tail(
    f: &mut fmt::Formatter<'_>,
    trumps: Suit,
    cards: &[(Card, u32)],
    points: u32,
    counted: bool,
    after_end: bool,
) -> fmt::Result {
    if after_end {
        return f.write_str(", after the game was decided: nothing pegged");
    }
    if cards.is_empty() {
        return f.write_str(if counted {
            ": no fat in it"
        } else {
            ": nothing to peg"
        });
    }
    let each: Vec<String> = cards
        .iter()
        .map(|&(card, p)| format!("{} {p}", card_words(card, trumps)))
        .collect();
    write!(f, ": {} — {points}", each.join(", "))?;
    if counted {
        f.write_str(" to count")?;
    }
    Ok(())
}

/// Why a deal was abandoned, and by whom: "a redeal demanded by N (Gareth)".
fn abandon_why(reason: AbandonReason, seat: Option<&Name>) -> String {
    match (reason, seat) {
        (AbandonReason::RedealDemanded, Some(s)) => format!("a redeal demanded by {s}"),
        (AbandonReason::RedealDemanded, None) => "a redeal demanded".to_string(),
        (r, Some(s)) => format!("{} by {s}", reason_word(r)),
        (r, None) => reason_word(r).to_string(),
    }
}

/// What an abandoned deal cost each side: " NS lose 52."
fn lost_points(f: &mut fmt::Formatter<'_>, lost: &[(Name, i32)]) -> fmt::Result {
    for (side, points) in lost {
        if *points < 0 {
            write!(f, " {side} {} {}.", side.verb("lose", "loses"), -points)?;
        } else {
            write!(f, " {side} {}.", signed(*points))?;
        }
    }
    Ok(())
}

/// Who deals and pitches after an abandoned deal.
fn dealt_again(
    f: &mut fmt::Formatter<'_>,
    lowest_diamond: bool,
    dealer: Option<&Name>,
    pitcher: Option<&Name>,
) -> fmt::Result {
    match (lowest_diamond, dealer, pitcher) {
        (true, _, _) => {
            f.write_str(" The cards are dealt again, and the holder of the lowest diamond pitches")
        }
        (false, Some(d), Some(p)) => {
            write!(f, " The same dealer, {d}, deals again, and {p} pitches")
        }
        _ => f.write_str(" The same dealer deals again"),
    }
}

/// "High to NS: 1", "Game shared: N 1, E 1", "Jack: nobody scores it".
fn award_words(f: &mut fmt::Formatter<'_>, kind: AwardKind, pegs: &[(Name, u32)]) -> fmt::Result {
    match pegs {
        [] => write!(f, "{}: nobody scores it", capital(kind.word())),
        [(side, p)] => write!(f, "{} to {side}: {p}", capital(kind.word())),
        many => {
            let each: Vec<String> = many.iter().map(|(s, p)| format!("{s} {p}")).collect();
            write!(f, "{} shared: {}", capital(kind.word()), each.join(", "))
        }
    }
}

/// "Hand 3 ends: NS 4, EW 2".
fn hand_ended(
    f: &mut fmt::Formatter<'_>,
    hand: u32,
    totals: bool,
    fat: bool,
    points: &[(Name, i32)],
) -> fmt::Result {
    let each: Vec<String> = points.iter().map(|(s, p)| format!("{s} {p}")).collect();
    let how = match (totals, fat) {
        (true, _) => "entered as totals",
        (false, true) => "ends, the fat counted",
        (false, false) => "ends",
    };
    write!(f, "Hand {hand} {how}: {}", each.join(", "))
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

/// "NS win leg 1; legs 1–0. Leg 2 begins".
fn leg_won(
    f: &mut fmt::Formatter<'_>,
    leg: u32,
    games: bool,
    winner: Option<&Name>,
    counts: u32,
    wins: &ScoreLine,
) -> fmt::Result {
    let word = if games { "game" } else { "leg" };
    match winner {
        Some(w) => write!(f, "{w} {} {word} {leg}", w.verb("win", "wins"))?,
        None => write!(f, "{} {leg} is drawn", capital(word))?,
    }
    if counts > 1 {
        write!(f, " (a bonk: {counts} {word}s)")?;
    }
    let next = if games { "Game" } else { "Leg" };
    write!(f, "; {word}s {wins}. {next} {} begins", leg + 1)
}

/// The game or the match over: "NS win the match: legs 2–1".
fn over(
    f: &mut fmt::Formatter<'_>,
    finish: &Finish,
    wins: Option<&ScoreLine>,
    games: bool,
) -> fmt::Result {
    match (finish, wins) {
        (Finish::Won(w), Some(wins)) => {
            let word = if games { "games" } else { "legs" };
            write!(f, "{w} {} the match: {word} {wins}", w.verb("win", "wins"))
        }
        (Finish::Won(w), None) => write!(f, "{w} {} the game", w.verb("win", "wins")),
        (Finish::Draw, _) => f.write_str("The game is a draw"),
        (Finish::Lost(names), _) => write!(
            f,
            "{} the game",
            match names.as_slice() {
                [one] => format!("{one} loses"),
                many => format!("{} lose", and_list(many)),
            }
        ),
        (Finish::Unknown, _) => f.write_str("The game is over, but who won cannot be told"),
    }
}

/// "Penalty on NS for a renege: -52 at the end of hand 3".
fn penalty_words(
    f: &mut fmt::Formatter<'_>,
    side: &Name,
    penalty: Penalty,
    points: i32,
    hand: u32,
) -> fmt::Result {
    let what = match penalty {
        Penalty::OutOfTurn => " for playing out of turn",
        Penalty::Renege => " for a renege",
        Penalty::Points(_) => "",
    };
    if points == 0 {
        write!(
            f,
            "Penalty on {side}{what} in hand {hand}: no points under friendly penalties"
        )
    } else {
        write!(
            f,
            "Penalty on {side}{what}: {} at the end of hand {hand}",
            signed(points)
        )
    }
}

/// "Score: NS 40, 81 to go · EW 12, 109 to go · 3 deals left".
fn score_words(
    f: &mut fmt::Formatter<'_>,
    standings: &[Standing],
    deals_left: Option<u32>,
    count: bool,
) -> fmt::Result {
    f.write_str(if count { "Count: " } else { "Score: " })?;
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

/// "Taken back from hand 2: `N 5h`, and with it `abandon renege`, which it forced".
fn taken_back(f: &mut fmt::Formatter<'_>, hand: u32, line: &str, forced: &[String]) -> fmt::Result {
    write!(f, "Taken back from hand {hand}: `{line}`")?;
    if !forced.is_empty() {
        let quoted: Vec<String> = forced.iter().map(|l| format!("`{l}`")).collect();
        write!(f, ", and with it {}, which it forced", quoted.join(" and "))?;
    }
    Ok(())
}

/// Builds announcements from what the replay reported: `before` and `after` the line.
pub(super) struct Herald<'a> {
    pub names: &'a Names,
    pub before: &'a Replay,
    pub after: &'a Replay,
}

impl Herald<'_> {
    fn sides(&self) -> &'static [Side] {
        self.after.game().sides()
    }

    fn score_line(&self, score: BySide<i32>) -> ScoreLine {
        ScoreLine(self.sides().iter().map(|&s| score[s]).collect())
    }

    fn wins_line(&self) -> ScoreLine {
        let wins = self.after.game().wins();
        ScoreLine(self.sides().iter().map(|&s| wins[s] as i32).collect())
    }

    /// The trick: who won it, and what its scoring cards pegged (or count at the end).
    pub fn trick(&self, cards: &[Card], trumps: Suit, report: &TrickReport) -> Announcement {
        let spec = self.after.game().spec();
        let scoring = match report.after_end {
            true => Vec::new(),
            false => spec.table.scoring(cards, trumps).collect(),
        };
        Announcement::Trick {
            side: self.names.side(report.trick.side),
            trumps,
            cards: scoring,
            points: report.trick.points,
            counted: spec.count_at_end,
            after_end: report.after_end,
        }
    }

    /// A decision, at its moment.
    pub fn decided(&self, d: &Decision) -> Announcement {
        Announcement::Decided {
            hand: d.hand,
            trick: d.trick,
            award: d.award,
            verdict: self.verdict(d),
            score: self.score_line(d.score),
        }
    }

    fn verdict(&self, d: &Decision) -> Verdict {
        let spec = self.after.game().spec();
        let misere = spec.irish.is_some_and(|i| i.misere);
        let name = |s: Side| self.names.side(s);
        match (&d.outcome, spec.goal) {
            (Outcome::Won(w), Goal::Deals(deals)) => Verdict::AfterDeals {
                deals,
                winner: Some(name(*w)),
            },
            (Outcome::Draw, Goal::Deals(deals)) => Verdict::AfterDeals {
                deals,
                winner: None,
            },
            (Outcome::Won(w), Goal::PassEighty) => {
                let at_trick = d.trick.is_some();
                match irish_don::how_won(misere, self.sides(), *w, d.score, at_trick, d.counts) {
                    Won::EightyAll { last_scorer } => Verdict::EightyAll {
                        winner: Some(name(*w)),
                        last_scorer: Some(name(last_scorer)),
                    },
                    Won::Bonk => Verdict::Bonked(name(*w)),
                    Won::Passed(passed) => Verdict::PassedEighty {
                        winner: name(*w),
                        passed: name(passed),
                    },
                }
            }
            (Outcome::Draw, Goal::PassEighty) => Verdict::EightyAll {
                winner: None,
                last_scorer: None,
            },
            (Outcome::Won(w), _) => Verdict::PeggedOut(name(*w)),
            (Outcome::Draw, goal) => Verdict::DrawnOut(
                self.sides()
                    .iter()
                    .filter(|&&s| goal.reached(d.score[s]))
                    .map(|&s| name(s))
                    .collect(),
            ),
            (Outcome::Lost(seats), _) => Verdict::Lost(
                seats
                    .iter()
                    .map(|&seat| name(spec.seating.side_of(seat)))
                    .collect(),
            ),
            (Outcome::Unknown, _) => Verdict::Unknown,
        }
    }

    /// A leg decided: the match goes on, or is over.
    pub fn settled(&self, d: &Decision) -> Announcement {
        let game = self.after.game();
        let is_match = game.spec().to_win > 1;
        if d.match_over || game.is_over() {
            return self.over();
        }
        Announcement::LegWon {
            leg: d.leg,
            games: game.spec().goal == Goal::PassEighty,
            winner: match d.outcome {
                Outcome::Won(w) => Some(self.names.side(w)),
                _ => None,
            },
            counts: if is_match { d.counts } else { 1 },
            wins: self.wins_line(),
        }
    }

    /// The game or the match is over.
    pub fn over(&self) -> Announcement {
        let game = self.after.game();
        let finish = match game.result() {
            Some(Outcome::Won(w)) => Finish::Won(self.names.side(*w)),
            Some(Outcome::Draw) => Finish::Draw,
            Some(Outcome::Lost(seats)) => Finish::Lost(
                seats
                    .iter()
                    .map(|&s| self.names.side(game.spec().seating.side_of(s)))
                    .collect(),
            ),
            _ => Finish::Unknown,
        };
        Announcement::Over {
            finish,
            wins: (game.spec().to_win > 1).then(|| self.wins_line()),
            games: game.spec().goal == Goal::PassEighty,
        }
    }

    /// A hand closed: its awards one by one, the muck carried, what it scored, the decision made
    /// at its end, and a leg or the game settled. A decision made at a trick was announced with
    /// its trick.
    pub fn hand_closed(&self, row: &HandRow, out: &mut Vec<Announcement>) {
        if row.kind == HandKind::Abandoned {
            return; // announced with its reason, by the caller
        }
        out.extend(row.awards.iter().map(|a| self.award(a)));
        let game = self.after.game();
        let carried = game.carried();
        let counts_next = game.spec().muck_counts(game.deals_played());
        if carried > 0 && carried != self.before.game().carried() && counts_next {
            out.push(Announcement::MuckCarried { carried });
        }
        let decided = row.decided.as_ref();
        if let Some(d) = decided.filter(|d| d.trick.is_none() && d.award.is_some()) {
            out.push(self.decided(d));
        }
        out.push(Announcement::HandEnded {
            hand: row.number,
            totals: row.kind == HandKind::Totals,
            fat: self.after.game().spec().count_at_end,
            points: self
                .sides()
                .iter()
                .map(|&s| (self.names.side(s), row.points[s]))
                .collect(),
        });
        if let Some(d) = decided.filter(|d| d.trick.is_none() && d.award.is_none()) {
            out.push(self.decided(d));
        }
        if let Some(d) = decided {
            out.push(self.settled(d));
        }
    }

    fn award(&self, award: &AwardPeg) -> Announcement {
        Announcement::Award {
            kind: award.kind,
            pegs: award
                .pegs
                .iter()
                .map(|&(s, p)| (self.names.side(s), p))
                .collect(),
        }
    }

    /// A deal abandoned: what it cost, and who deals and pitches again.
    pub fn abandoned(
        &self,
        row: &HandRow,
        reason: AbandonReason,
        seat: Option<Seat>,
    ) -> Announcement {
        let game = self.after.game();
        Announcement::Abandoned {
            hand: row.number,
            reason,
            seat: seat.map(|s| self.names.seat(s)),
            lost: self
                .sides()
                .iter()
                .filter(|&&s| row.points[s] != 0)
                .map(|&s| (self.names.side(s), row.points[s]))
                .collect(),
            dealer: self.after.dealer().map(|s| self.names.seat(s)),
            pitcher: game.expected_pitcher().map(|s| self.names.seat(s)),
            lowest_diamond: game.next_pitch_by_lowest_diamond(),
        }
    }

    /// The score as play stands (Irish Don: the count of the fat during a deal), and what each
    /// side still needs.
    pub fn score(&self) -> Announcement {
        let game = self.after.game();
        let spec = game.spec();
        let running = game.running_count();
        let score = running.unwrap_or_else(|| game.score_in_play());
        let standings = self
            .sides()
            .iter()
            .map(|&s| Standing {
                side: self.names.side(s),
                score: score[s],
                to_go: match (spec.goal, spec.goal.still_needed(score[s])) {
                    (Goal::Reach(_), Some(n)) => ToGo::Target(n),
                    (Goal::LoseAt(_), Some(n)) => ToGo::Losing(n),
                    (Goal::PassEighty, Some(n)) => ToGo::PassEighty(n),
                    _ => ToGo::Nothing,
                },
            })
            .collect();
        Announcement::Score {
            standings,
            deals_left: match spec.goal {
                Goal::Deals(n) => Some(n.saturating_sub(game.deals_played())),
                _ => None,
            },
            count: running.is_some(),
        }
    }

    /// A penalty entered, and what it will cost.
    pub fn penalty(&self, side: Side, penalty: Penalty, hand: u32) -> Announcement {
        let league = self.after.game().spec().league_penalties;
        Announcement::Penalty {
            side: self.names.side(side),
            penalty,
            points: penalty.points(league),
            hand,
        }
    }
}
