//! Where the game stands, for the prompt before each entry.

use std::fmt;

use super::announce::ScoreLine;
use super::names::{Name, Names};
use crate::replay::words::result_words;
use crate::replay::Replay;
use crate::rules::spec::{FirstPitch, Goal};
use crate::rules::{Outcome, Seat, Side, Suit};

/// One side at the table: its score (in Irish Don during a deal, its count of the fat so far)
/// and, in a match, the legs or games it has won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideStatus {
    pub side: Side,
    pub name: Name,
    pub score: i32,
    pub wins: u32,
}

/// Where the game stands before the next entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The hand in play, or the next one: numbered as in the record, abandoned deals counted.
    pub hand: u32,
    /// True while a hand is in play (its first entry made, the deal not over).
    pub in_hand: bool,
    /// The next trick of the hand, from 1.
    pub trick: u32,
    /// Who deals the hand, when known.
    pub dealer: Option<Seat>,
    /// Who pitches (or pitched) the hand, when known.
    pub pitcher: Option<Seat>,
    /// Who leads the next trick.
    pub leader: Option<Seat>,
    /// Trumps, once the pitcher has led.
    pub trumps: Option<Suit>,
    /// Each side in the game's order.
    pub sides: Vec<SideStatus>,
    /// True when the scores are Irish Don's running count of the fat during a deal.
    pub counting: bool,
    /// The leg (Irish Don: the game) in play, from 1.
    pub leg: u32,
    /// Legs or games a side needs to take the match; 1 for a single game.
    pub to_win: u32,
    /// True when the parts of a match are called games (Irish Don), not legs.
    pub games: bool,
    /// True when the game (or match) is over.
    pub over: bool,
    /// True when a league night holds the game as a leg: no entry or take-back is taken.
    pub held: bool,
    pub result: Option<Outcome>,
    /// How a game's (or leg's) first pitcher is chosen, for a hand waiting for its pitcher.
    pub first_pitch: FirstPitch,
    /// The seats of the game, in playing order.
    pub seats: Vec<Seat>,
    names: Names,
}

impl Status {
    pub(super) fn of(replay: &Replay, names: &Names) -> Status {
        let game = replay.game();
        let in_hand = game.in_hand();
        let pitcher = replay.pitcher();
        let running = game.running_count();
        let score = running.unwrap_or_else(|| game.score_in_play());
        let wins = game.wins();
        Status {
            held: false,
            hand: replay.hand_number(),
            in_hand,
            trick: game.tricks_played() + 1,
            dealer: replay.dealer(),
            pitcher,
            leader: if in_hand { game.leader() } else { pitcher },
            trumps: game.trumps(),
            sides: game
                .sides()
                .iter()
                .map(|&side| SideStatus {
                    side,
                    name: names.side(side),
                    score: score[side],
                    wins: wins[side],
                })
                .collect(),
            counting: running.is_some(),
            leg: game.leg(),
            to_win: game.spec().to_win,
            games: game.spec().goal == Goal::PassEighty,
            over: game.is_over(),
            result: game.result().cloned(),
            first_pitch: game.spec().first_pitch,
            seats: game.spec().seating.seats().to_vec(),
            names: names.clone(),
        }
    }

    /// True when the game is a match of several legs (Irish Don: games).
    /// The players' names the status speaks of.
    pub fn names(&self) -> &Names {
        &self.names
    }

    pub fn is_match(&self) -> bool {
        self.to_win > 1
    }

    fn scores(&self) -> ScoreLine {
        ScoreLine(self.sides.iter().map(|s| s.score).collect())
    }

    fn wins(&self) -> ScoreLine {
        ScoreLine(self.sides.iter().map(|s| s.wins as i32).collect())
    }

    /// How the game ended, in words: "NS (Gareth & Rhys) won 121–97".
    pub fn result_words(&self) -> String {
        let name = |side: Side| self.names.side(side);
        let seating_side = |seat: Seat| {
            self.sides
                .iter()
                .find(|s| s.side.code() == seat.letter())
                .map_or_else(|| self.names.seat(seat), |s| s.name.clone())
        };
        let Some(outcome) = &self.result else {
            return format!("not yet decided, {}", self.scores());
        };
        let words = result_words(outcome, |s| name(s).label, |s| seating_side(s).label);
        match outcome {
            Outcome::Won(_) if self.is_match() => format!("{words} the match {}", self.wins()),
            Outcome::Unknown => format!("{words}, but who won cannot be told"),
            _ => format!("{words}, {}", self.scores()),
        }
    }
}

impl Status {
    /// True while the next line must say who pitches: no hand in play and its pitcher unknown.
    pub fn needs_pitcher(&self) -> bool {
        !self.over && !self.in_hand && self.pitcher.is_none()
    }

    /// The line that names the pitcher, with the game's seats: "`pitcher N|E|S|W`".
    fn pitcher_line(&self) -> String {
        let seats: Vec<&str> = self.seats.iter().map(|s| s.letter()).collect();
        format!("`pitcher {}`", seats.join("|"))
    }

    /// What to type when the pitcher is wanted: "Type `pitcher N|E|S|W` (the holder of the
    /// lowest diamond)".
    pub fn pitcher_wanted(&self) -> String {
        let who = match self.first_pitch {
            FirstPitch::LowestDiamond => "the holder of the lowest diamond",
            FirstPitch::Free => "the winner of the cut, or whom they choose",
        };
        format!("Type {} ({who})", self.pitcher_line())
    }

    /// True when `now`, the status after this one, stands in the same hand of the same leg,
    /// as much over, and waits for a pitcher only if this one did: the full status need not
    /// be said again (a pitcher typed is announced as it is entered).
    pub fn same_heading(&self, now: &Status) -> bool {
        (self.hand, self.leg, self.over) == (now.hand, now.leg, now.over)
            && (self.needs_pitcher() || !now.needs_pitcher())
    }

    /// The short prompt, at most [`PROMPT_WIDTH`] columns: "H2 T3 · E leads · ♥ · NS 0–17
    /// EW", "H3 · W pitches · NS 12–31 EW · L2 1–0", "H1 · pitcher?", "over · undo or quit".
    /// Should it be wider, the least needed parts are left out, in this order: the trumps, the
    /// word "counting", the leg (or game) in play and the legs won (the full status above the
    /// prompt says them all).
    pub fn prompt(&self) -> String {
        if self.held {
            return "a night's leg · quit".to_string();
        }
        if self.over {
            return "over · undo or quit".to_string();
        }
        let mut head = format!("H{}", self.hand);
        if self.in_hand {
            head.push_str(&format!(" T{}", self.trick));
            if let Some(l) = self.leader {
                head.push_str(&format!(" · {l} leads"));
            }
        } else if let Some(pitcher) = self.pitcher {
            head.push_str(&format!(" · {pitcher} pitches"));
        } else {
            head.push_str(" · pitcher?");
        }
        let trumps = self.trumps.map(|t| format!(" · {}", suit_symbol(t)));
        let scores = match self.sides.as_slice() {
            [a, b] => format!(" · {} {}–{} {}", a.side, a.score, b.score, b.side),
            many => {
                let each: Vec<String> = many
                    .iter()
                    .map(|s| format!("{} {}", s.side, s.score))
                    .collect();
                format!(" · {}", each.join(" "))
            }
        };
        let counting = self.counting.then_some(" counting");
        // "G2 1–0": game 2 in play, games won 1–0 ("L" for a leg).
        let part = self.is_match().then(|| {
            let letter = if self.games { 'G' } else { 'L' };
            format!(" · {letter}{} {}", self.leg, self.wins())
        });
        let mut fitted = String::new();
        for (with_trumps, with_counting, with_part) in [
            (true, true, true),
            (false, true, true),
            (false, false, true),
            (false, false, false),
        ] {
            fitted = head.clone();
            if with_trumps {
                fitted.push_str(trumps.as_deref().unwrap_or_default());
            }
            fitted.push_str(&scores);
            if with_counting {
                fitted.push_str(counting.unwrap_or_default());
            }
            if with_part {
                fitted.push_str(part.as_deref().unwrap_or_default());
            }
            if fitted.chars().count() <= PROMPT_WIDTH {
                return fitted;
            }
        }
        fitted.chars().take(PROMPT_WIDTH).collect()
    }
}

/// The most columns the short prompt takes, leaving three for the ` > ` a terminal ends it with
/// (60 in all). Every character of it takes one column.
pub const PROMPT_WIDTH: usize = 57;

/// A suit as its sign: ♠ ♥ ♦ ♣.
fn suit_symbol(suit: Suit) -> char {
    match suit {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
    }
}

impl fmt::Display for Status {
    /// Where the game stands, in full, said above the prompt when it changes: "Hand 3, trick 2
    /// · W deals · N pitched · E to lead · trumps hearts · NS (Gareth & Rhys) 45 · EW (Dai &
    /// Huw) 52"; with what the next line must be when the hand waits for its pitcher or the
    /// game is over.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.over && self.held {
            return write!(
                f,
                "The game is over: {}. A league night holds it as a leg, so nothing here changes it: `quit` stops",
                self.result_words()
            );
        }
        if self.over {
            return write!(
                f,
                "The game is over: {}. What is left: `undo` takes back the last entry, `quit` stops",
                self.result_words()
            );
        }
        write!(f, "Hand {}", self.hand)?;
        if self.in_hand {
            write!(f, ", trick {}", self.trick)?;
        }
        if let Some(d) = self.dealer {
            write!(f, " · {} deals", self.names.seat(d))?;
        }
        if let Some(p) = self.pitcher {
            let verb = if self.in_hand { "pitched" } else { "pitches" };
            write!(f, " · {} {verb}", self.names.seat(p))?;
        }
        if let (true, Some(l)) = (self.in_hand, self.leader) {
            write!(f, " · {} to lead", self.names.seat(l))?;
        }
        if let Some(t) = self.trumps {
            write!(f, " · trumps {t}")?;
        }
        for s in &self.sides {
            write!(f, " · {} {}", s.name, s.score)?;
        }
        if self.counting {
            f.write_str(" (counting)")?;
        }
        if self.is_match() {
            let word = if self.games { "game" } else { "leg" };
            write!(f, " · {word} {}, {word}s {}", self.leg, self.wins())?;
        }
        if self.needs_pitcher() {
            write!(f, ". Who pitches? {}", self.pitcher_wanted())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scorer::{Announcement, ScorerView, Wanted};

    /// Irish Don best of three, game 2 late in a deal, NS and EW counting.
    fn late_in_game_two(hand: u32, ns: i32, ew: i32) -> Status {
        let names = Names::default();
        let side = |side: Side, score: i32, wins: u32| SideStatus {
            side,
            name: names.side(side),
            score,
            wins,
        };
        Status {
            held: false,
            hand,
            in_hand: true,
            trick: 10,
            dealer: Some(Seat::N),
            pitcher: Some(Seat::E),
            leader: Some(Seat::W),
            trumps: Some(Suit::Hearts),
            sides: vec![side(Side::NS, ns, 1), side(Side::EW, ew, 0)],
            counting: true,
            leg: 2,
            to_win: 2,
            games: true,
            over: false,
            result: None,
            first_pitch: FirstPitch::LowestDiamond,
            seats: Seat::ALL.to_vec(),
            names,
        }
    }

    #[test]
    fn a_page_is_told_where_the_game_stands_not_what_to_type() {
        let mut waiting = late_in_game_two(5, 40, 62);
        (waiting.in_hand, waiting.pitcher, waiting.trumps) = (false, None, None);
        assert!(waiting
            .to_string()
            .ends_with(". Who pitches? Type `pitcher N|E|S|W` (the holder of the lowest diamond)"));
        // A page's view of it: typed, with no line to type (the web says its own words).
        let view = ScorerView::of(&waiting, &Announcement::NothingToTakeBack, &[], false);
        assert!(matches!(&view.wanted, Wanted::Pitcher { seats } if seats.len() == 4));
        assert_eq!(
            (view.trick, view.pitcher.is_none(), view.counting),
            (None, true, true)
        );
        let mut over = late_in_game_two(5, 40, 62);
        (over.over, over.result) = (true, Some(Outcome::Won(Side::NS)));
        assert!(over
            .to_string()
            .contains("`undo` takes back the last entry"));
        let view = ScorerView::of(&over, &Announcement::NothingToTakeBack, &[], false);
        assert_eq!(view.wanted, Wanted::Over);
        assert_eq!(view.result, Some(over.result_words()));
    }

    #[test]
    fn the_prompt_of_a_late_deal_in_game_two_fits_60_columns() {
        let p = late_in_game_two(4, 84, 62).prompt();
        assert_eq!(p, "H4 T10 · W leads · ♥ · NS 84–62 EW counting · G2 1–0");
        assert!(p.chars().count() + " > ".len() <= 60);
    }

    #[test]
    fn a_prompt_too_wide_leaves_out_the_least_needed_parts_first() {
        // 58 columns in full: the trumps go.
        let p = late_in_game_two(10_004, 184, 162).prompt();
        assert_eq!(p, "H10004 T10 · W leads · NS 184–162 EW counting · G2 1–0");
        // 59 without them: the word "counting" goes too.
        let p = late_in_game_two(1004, -11_184, -11_162).prompt();
        assert_eq!(p, "H1004 T10 · W leads · NS -11184–-11162 EW · G2 1–0");
        // 58 without both: the game in play goes too.
        let p = late_in_game_two(10_000_004, -1_111_184, -1_111_162).prompt();
        assert_eq!(p, "H10000004 T10 · W leads · NS -1111184–-1111162 EW");
        for p in [
            late_in_game_two(10_004, 184, 162).prompt(),
            late_in_game_two(u32::MAX, i32::MIN, i32::MIN).prompt(),
        ] {
            assert!(p.chars().count() <= PROMPT_WIDTH, "{p}");
        }
    }
}
