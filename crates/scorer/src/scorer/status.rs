//! Where the game stands in the terminal's words: the full status said above `don play`'s
//! prompt when it changes (the view's `Display`), and the short prompt.

use std::fmt;

use super::announce::claim_words;
use super::view::ScorerView;
use crate::rules::spec::FirstPitch;
use crate::rules::Suit;

impl ScorerView {
    /// What to type when the pitcher is wanted: "Type `pitcher N|E|S|W` (the holder of the
    /// lowest diamond)".
    pub fn pitcher_wanted(&self) -> String {
        let who = match self.first_pitch {
            FirstPitch::LowestDiamond => "the holder of the lowest diamond",
            FirstPitch::Free => "the winner of the cut, or whom they choose",
        };
        let seats: Vec<&str> = self.seats.iter().map(|s| s.letter()).collect();
        format!("Type `pitcher {}` ({who})", seats.join("|"))
    }

    /// True when `now`, the status after this one, stands in the same hand of the same leg,
    /// as much over, and waits for a pitcher only if this one did: the full status need not
    /// be said again (a pitcher typed is announced as it is entered).
    pub fn same_heading(&self, now: &ScorerView) -> bool {
        (self.hand, self.leg, self.over) == (now.hand, now.leg, now.over)
            && (self.needs_pitcher() || !now.needs_pitcher())
    }

    /// The short prompt, at most [`PROMPT_WIDTH`] columns: "H2 T3 · E leads · ♥ · NS 0–17
    /// EW", "H3 · W pitches · NS 12–31 EW · L2 1–0", "H1 · pitcher?", "over · undo or quit".
    /// Should it be wider, the least needed parts are left out, in this order: the trumps, the
    /// word "counting", the leg (or game) in play and the legs won (the full status above the
    /// prompt says them all). A side that may claim (Irish Don) is said in place of "counting":
    /// "H2 T13 · S leads · ♣ · NS 85–75 EW · NS may claim".
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
        // A side that may claim is said in place of the word "counting".
        let counting = match self.may_claim {
            Some(side) => Some(format!(" · {side} may claim")),
            None => self.counting.then(|| " counting".to_string()),
        };
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
                fitted.push_str(counting.as_deref().unwrap_or_default());
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

impl ScorerView {
    /// Where a game in play stands, as the terminal and a page both say it: "Hand 3, trick 2 ·
    /// W (Huw) deals · N (Gareth) pitched · E (Dai) to lead · trumps hearts"; with `scores`,
    /// each side's score, "(counting)" and the leg of a match too: " · NS (Gareth & Rhys) 45 ·
    /// EW (Dai & Huw) 52 · leg 2, legs 1–0".
    pub fn heading(&self, scores: bool) -> String {
        let mut words = format!("Hand {}", self.hand);
        if self.in_hand {
            words.push_str(&format!(", trick {}", self.trick));
        }
        if let Some(d) = self.dealer {
            words.push_str(&format!(" · {} deals", self.names.seat(d)));
        }
        if let Some(p) = self.pitcher {
            let verb = if self.in_hand { "pitched" } else { "pitches" };
            words.push_str(&format!(" · {} {verb}", self.names.seat(p)));
        }
        if let (true, Some(l)) = (self.in_hand, self.leader) {
            words.push_str(&format!(" · {} to lead", self.names.seat(l)));
        }
        if let Some(t) = self.trumps {
            words.push_str(&format!(" · trumps {t}"));
        }
        if scores {
            for s in &self.sides {
                words.push_str(&format!(" · {} {}", s.name, s.score));
            }
            if self.counting {
                words.push_str(" (counting)");
            }
            if self.is_match() {
                let word = if self.games { "game" } else { "leg" };
                words.push_str(&format!(" · {word} {}, {word}s {}", self.leg, self.wins()));
            }
        }
        words
    }
}

impl fmt::Display for ScorerView {
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
        f.write_str(&self.heading(true))?;
        if self.needs_pitcher() {
            write!(f, ". Who pitches? {}", self.pitcher_wanted())?;
        }
        if let Some(side) = self.may_claim {
            let game = self.is_match().then_some(self.leg);
            let words = claim_words(&self.names.side(side), self.hand, game);
            write!(f, ". {words}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Outcome, Seat, Side};
    use crate::scorer::{Names, SideState, ToGo, Wanted};

    /// Irish Don best of three, game 2 late in a deal, NS and EW counting.
    fn late_in_game_two(hand: u32, ns: i32, ew: i32) -> ScorerView {
        let names = Names::default();
        let side = |side: Side, score: i32, wins: u32| SideState {
            side,
            name: names.side(side),
            score,
            to_go: ToGo::Nothing,
            wins,
        };
        ScorerView {
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
            deals_left: None,
            leg: 2,
            to_win: 2,
            games: true,
            over: false,
            result: None,
            first_pitch: FirstPitch::LowestDiamond,
            seats: Seat::ALL.to_vec(),
            tricks: Vec::new(),
            cards: Vec::new(),
            names,
            may_claim: None,
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
        assert_eq!(waiting.wanted(), Wanted::Pitcher);
        let mut over = late_in_game_two(5, 40, 62);
        (over.over, over.result) = (true, Some(Outcome::Won(Side::NS)));
        assert!(over
            .to_string()
            .contains("`undo` takes back the last entry"));
        assert_eq!(over.wanted(), Wanted::Over);
        assert_eq!(over.result_words(), "NS won the match 1–0");
        over.held = true;
        assert_eq!(over.wanted(), Wanted::Held);
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
