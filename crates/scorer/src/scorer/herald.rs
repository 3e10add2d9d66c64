//! The announcements of each line, built from what the replay reported: the trick and the hand
//! as the engine scored them, a decision read back through the variant's rules, the score and
//! what each side still needs.

use super::announce::{Announcement, Finish, ScoreLine, SideScore, ToGo, Verdict};
use super::names::Names;
use crate::replay::{HandKind, HandRow, Replay};
use crate::rules::spec::Goal;
use crate::rules::variant::irish_don::{self, Won};
use crate::rules::{
    AbandonReason, AwardPeg, BySide, Card, Decision, Outcome, Penalty, Seat, Side, Suit,
    TrickReport,
};

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
            false => spec.pegs.scoring(cards, trumps).collect(),
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
        Announcement::Score {
            standings: self.standings(),
            deals_left: self.deals_left(),
            count: self.after.game().running_count().is_some(),
        }
    }

    /// Each side's score (Irish Don during a deal: its count of the fat) and what it still
    /// needs, in the game's order of sides.
    pub fn standings(&self) -> Vec<SideScore> {
        let game = self.after.game();
        let goal = game.spec().goal;
        let score = game.running_count().unwrap_or_else(|| game.score_in_play());
        self.sides()
            .iter()
            .map(|&s| SideScore {
                side: self.names.side(s),
                score: score[s],
                to_go: match (goal, goal.still_needed(score[s])) {
                    (Goal::Reach(_), Some(n)) => ToGo::Target(n),
                    (Goal::LoseAt(_), Some(n)) => ToGo::Losing(n),
                    (Goal::PassEighty, Some(n)) => ToGo::PassEighty(n),
                    _ => ToGo::Nothing,
                },
            })
            .collect()
    }

    /// A game of a fixed number of deals: how many are left.
    pub fn deals_left(&self) -> Option<u32> {
        let game = self.after.game();
        match game.spec().goal {
            Goal::Deals(n) => Some(n.saturating_sub(game.deals_played())),
            _ => None,
        }
    }

    /// Irish Don: `side` may claim the game decided in hand `hand`, still in play.
    pub fn may_claim(&self, side: Side, hand: u32) -> Announcement {
        let game = self.after.game();
        Announcement::MayClaim {
            side: self.names.side(side),
            hand,
            game: (game.spec().to_win > 1).then(|| game.leg()),
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
