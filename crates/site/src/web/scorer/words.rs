//! The web's words for a game at the table ([`ScorerView`]): where it stands, the score and
//! what each side needs, the legs of a match, what can be entered now. The phone scorer's page
//! and the live boards say these; the terminal says its own (`don play`'s status and prompt).

use crate::record::line::Line;
use crate::rules::spec::FirstPitch;
use crate::rules::{AbandonReason, Suit};
use crate::scorer::{Announcement, Refused, ScorerView, ToGo, Wanted};

/// Where the game stands: "Hand 2, trick 2 · N (Gareth) deals · W (Huw) pitched · S (Rhys) to
/// lead · trumps spades"; with `scores`, each side's score and the legs of a match too; "The
/// game is over: …" once over.
pub fn where_words(v: &ScorerView, scores: bool) -> String {
    if v.over {
        return format!("The game is over: {}", v.result_words());
    }
    let mut words = v.heading(scores);
    if v.wanted() == Wanted::Pitcher {
        words.push_str(" · waiting for the pitcher");
    }
    words
}

/// The score and what each side needs: "Score: NS (Gareth & Rhys) 7, 114 to go · EW (Dai &
/// Huw) 37, 84 to go"; "Count: …" while Irish Don counts the fat.
pub fn standing_words(v: &ScorerView) -> String {
    let each: Vec<String> = v
        .sides
        .iter()
        .map(|s| match s.to_go {
            ToGo::Nothing => format!("{} {}", s.name, s.score),
            to_go => format!("{} {}, {to_go}", s.name, s.score),
        })
        .collect();
    let mut words = format!(
        "{}: {}",
        if v.counting { "Count" } else { "Score" },
        each.join(" · ")
    );
    match v.deals_left {
        Some(1) => words.push_str(" · 1 deal left"),
        Some(n) => words.push_str(&format!(" · {n} deals left")),
        None => {}
    }
    words
}

/// The legs (Irish Don: games) of a match: "Legs won: NS (Gareth & Rhys) 1 · EW (Dai & Huw) 0
/// (first to 2) · leg 2 in play".
pub fn match_words(v: &ScorerView) -> Option<String> {
    if !v.is_match() {
        return None;
    }
    let (word, part) = if v.games {
        ("Games", "game")
    } else {
        ("Legs", "leg")
    };
    let won: Vec<String> = v
        .sides
        .iter()
        .map(|s| format!("{} {}", s.name, s.wins))
        .collect();
    let playing = match v.over {
        true => String::new(),
        false => format!(" · {part} {} in play", v.leg),
    };
    Some(format!(
        "{word} won: {} (first to {}){playing}",
        won.join(" · "),
        v.to_win
    ))
}

/// The leg (or Irish Don's game) in play and the legs won: "Leg 2 · legs won 1–0 · first to 2".
pub fn in_match(v: &ScorerView) -> Option<String> {
    if !v.is_match() {
        return None;
    }
    let (one, many) = match v.games {
        true => ("Game", "games"),
        false => ("Leg", "legs"),
    };
    let mut words = format!("{many} won {} · first to {}", v.wins(), v.to_win);
    if !v.over {
        words = format!("{one} {} · {words}", v.leg);
    }
    Some(words)
}

/// A suit as its sign: ♠ ♥ ♦ ♣.
pub fn suit_sign(suit: Suit) -> char {
    match suit {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
    }
}

/// The scorer's page in one line, with no score (the scores are shown apart): the hand, the
/// trick, who leads it and the trumps: "Hand 2 · trick 3 · W (Huw) leads · trumps ♠"; "Hand 2
/// · trick 1 · S (Rhys) pitches and leads"; "Hand 1 · Tap who pitches (the holder of the lowest
/// diamond)"; with "counting" while Irish Don counts the fat, the deals left, the leg of a
/// match. Empty once the game is over (its result says it) or held.
pub fn state_words(v: &ScorerView) -> String {
    let mut parts = vec![format!("Hand {}", v.hand)];
    match v.wanted() {
        Wanted::Pitcher => {
            let who = match v.first_pitch {
                FirstPitch::LowestDiamond => "the holder of the lowest diamond",
                FirstPitch::Free => "the winner of the cut, or whom they choose",
            };
            parts.push(format!("Tap who pitches ({who})"));
        }
        Wanted::Trick { trick, from } => {
            parts.push(format!("trick {trick}"));
            let from = v.names.seat(from);
            match v.in_hand {
                true => parts.push(format!("{from} leads")),
                false => parts.push(format!("{from} pitches and leads")),
            }
            if let Some(t) = v.trumps {
                parts.push(format!("trumps {}", suit_sign(t)));
            }
        }
        Wanted::Over | Wanted::Held => return String::new(),
    }
    if v.counting {
        parts.push("counting".to_string());
    }
    match v.deals_left {
        Some(1) => parts.push("1 deal left".to_string()),
        Some(n) => parts.push(format!("{n} deals left")),
        None => {}
    }
    if v.is_match() {
        let word = if v.games { "game" } else { "leg" };
        parts.push(format!("{word} {}, {word}s {}", v.leg, v.wins()));
    }
    parts.join(" · ")
}

/// One thing said of an entry, in the web's words: the scorer's, but a line taken back quoted
/// as a page quotes ("Taken back from hand 2: “5H KH 2H AH”"), not as a terminal does.
pub fn said_words(a: &Announcement) -> String {
    match a {
        Announcement::TakenBack { hand, line, forced } => {
            let mut words = format!("Taken back from hand {hand}: “{line}”");
            if !forced.is_empty() {
                let quoted: Vec<String> = forced.iter().map(|l| format!("“{l}”")).collect();
                words.push_str(&format!(
                    ", and with it {}, which it forced",
                    quoted.join(" and ")
                ));
            }
            words
        }
        // The phone's words: its Claim button, not the terminal's `claim`.
        Announcement::MayClaim { side, hand, game } => {
            let what = match game {
                Some(g) => format!("game {g}"),
                None => "the game".to_string(),
            };
            format!("{side} may claim {what}: Claim ends hand {hand} and {what} here, or play the deal out")
        }
        a => a.to_string(),
    }
}

/// Why a line was not taken, in the phone's words: its buttons (Undo, who pitches, Abandon),
/// never the terminal's lines; the rules' refusals in their own words.
pub fn refused_words(why: &Refused) -> String {
    match why {
        Refused::GameOver { result } => {
            format!("The game is over: {result}. Undo takes back the last entry.")
        }
        Refused::HandInPlay { hand, tricks } => {
            let entered = match tricks {
                0 => "its layout is entered".to_string(),
                1 => "1 trick is entered".to_string(),
                n => format!("{n} tricks are entered"),
            };
            format!(
                "Hand {hand} is in play ({entered}): a hand is kept trick by trick or as totals, \
                 not both. Undo takes back what was entered of it, one entry at a time."
            )
        }
        Refused::PitcherWanted { hand, .. } => {
            format!("Who pitches hand {hand}? Tap who pitches first, then enter the trick.")
        }
        Refused::WrongFirstPitcher { fault, hand, typed } => {
            let undo = match typed {
                0 => String::new(),
                1 => format!(" If an entry was wrong, Undo takes back hand {hand}'s one entry."),
                n => format!(
                    " If an entry was wrong, Undo takes back hand {hand}'s {n} entries, one at a time."
                ),
            };
            format!(
                "{}. If the wrong seat pitched, abandon the deal as a misdeal: the holder of the \
                 lowest diamond pitches the redeal.{undo}",
                upper_first(fault)
            )
        }
        Refused::Other(why) => upper_first(why),
    }
}

fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What was said of the last entry, in one line: the one thing that matters most of it (a leg
/// won, a renege, a deal abandoned, a hand ended, the trick, the pitcher, a penalty, a line
/// taken back); never the score, which the page shows apart, nor how the game ended, which its
/// result says. `None` when nothing of that kind was said.
pub fn said_line(said: &[Announcement]) -> Option<String> {
    let rank = |a: &Announcement| match a {
        Announcement::LegWon { .. } => Some(0),
        Announcement::MayClaim { .. } => Some(0),
        Announcement::Renege { .. } => Some(1),
        Announcement::Abandoned { .. } => Some(2),
        Announcement::HandEnded { .. } => Some(3),
        Announcement::Trick { .. } => Some(4),
        Announcement::Pitcher { .. } => Some(5),
        Announcement::Penalty { .. } => Some(6),
        Announcement::TakenBack { .. } => Some(7),
        Announcement::NothingToTakeBack => Some(8),
        _ => None,
    };
    let (_, first) = said
        .iter()
        .filter_map(|a| rank(a).map(|r| (r, a)))
        .min_by_key(|(r, _)| *r)?;
    Some(match first {
        // In one line: the rest (what it cost, who deals again) is in the list.
        Announcement::Abandoned { hand, reason, .. } => {
            let why = match reason {
                AbandonReason::Renege => "a renege",
                AbandonReason::Misdeal => "a misdeal",
                AbandonReason::RedealDemanded => "a redeal demanded",
            };
            format!("Hand {hand} is abandoned ({why}): nothing pegged in it counts")
        }
        a => said_words(a),
    })
}

/// A line of one tap, in words for its button: "S (Rhys)" for who pitches, "NS (Gareth &
/// Rhys) concede", "Abandon the deal: a misdeal", "Claim the game: play stops".
pub fn line_words(line: &Line, v: &ScorerView) -> String {
    match line {
        Line::Pitcher(seat) => v.names.seat(*seat).label,
        Line::Claim => "Claim the game: play stops".to_string(),
        Line::Concede(side) => {
            let name = v.names.side(*side);
            format!("{name} {}", name.verb("concede", "concedes"))
        }
        Line::Abandon { reason, seat } => match (reason, seat) {
            (AbandonReason::Renege, Some(s)) => {
                format!("Abandon the deal: {} reneged", v.names.seat(*s))
            }
            (AbandonReason::Renege, None) => "Abandon the deal: a renege".to_string(),
            (AbandonReason::Misdeal, _) => "Abandon the deal: a misdeal".to_string(),
            (AbandonReason::RedealDemanded, _) => "Abandon the deal: a redeal demanded".to_string(),
        },
        Line::Undo => "Undo the last entry".to_string(),
        other => other.to_string(),
    }
}

/// Where a game stands in a few words, for a card on a night's board: "Hand 2, trick 3 ·
/// trumps spades", "Hand 3 · N pitches", "Over: NS (Gareth & Rhys) won, 121–97".
pub fn card_words(v: &ScorerView) -> String {
    if v.over {
        return format!("Over: {}", v.result_words());
    }
    let mut words = format!("Hand {}", v.hand);
    match (v.in_hand, v.pitcher) {
        (true, _) => {
            words.push_str(&format!(", trick {}", v.trick));
            if let Some(t) = v.trumps {
                words.push_str(&format!(" · trumps {t}"));
            }
        }
        (false, Some(p)) => words.push_str(&format!(" · {p} pitches")),
        (false, None) => words.push_str(" · who pitches?"),
    }
    if let Some(part) = in_match(v) {
        words.push_str(&format!(" · {part}"));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::spec::FirstPitch;
    use crate::rules::{BySeat, Outcome, Seat, Side};
    use crate::scorer::{Names, SideState};

    #[test]
    fn a_refusal_in_the_phones_words_names_its_buttons_never_the_terminals_lines() {
        let said = |why: Refused| (why.to_string(), refused_words(&why));
        let cases = [
            said(Refused::GameOver {
                result: "NS won 121–90".into(),
            }),
            said(Refused::HandInPlay { hand: 2, tricks: 3 }),
            said(Refused::PitcherWanted {
                hand: 1,
                wanted: "Type `pitcher N|E|S|W`".into(),
            }),
            said(Refused::WrongFirstPitcher {
                fault: "trick 2: the 2D was played by E, not the pitcher N".into(),
                hand: 1,
                typed: 2,
            }),
        ];
        for (terminal, phone) in &cases {
            // The terminal's words name its lines; the phone's never do.
            assert!(terminal.contains('`'), "{terminal}");
            assert!(!phone.contains('`') && !phone.contains("quit"), "{phone}");
        }
        assert_eq!(
            cases[0].1,
            "The game is over: NS won 121–90. Undo takes back the last entry."
        );
        assert_eq!(
            cases[1].1,
            "Hand 2 is in play (3 tricks are entered): a hand is kept trick by trick or as \
             totals, not both. Undo takes back what was entered of it, one entry at a time."
        );
        assert_eq!(
            cases[2].1,
            "Who pitches hand 1? Tap who pitches first, then enter the trick."
        );
        assert_eq!(
            cases[3].1,
            "Trick 2: the 2D was played by E, not the pitcher N. If the wrong seat pitched, \
             abandon the deal as a misdeal: the holder of the lowest diamond pitches the \
             redeal. If an entry was wrong, Undo takes back hand 1's 2 entries, one at a time."
        );
    }

    /// Irish Don, game 2 of a match, hand 5 waiting for its pitcher, counting the fat.
    fn waiting() -> ScorerView {
        let names = Names::new(BySeat(
            ["Gareth", "Dai", "Rhys", "Huw"].map(|n| Some(n.to_string())),
        ));
        let side = |side: Side, score: i32, wins: u32| SideState {
            side,
            name: names.side(side),
            score,
            to_go: ToGo::PassEighty(80 - score),
            wins,
        };
        ScorerView {
            hand: 5,
            in_hand: false,
            trick: 1,
            dealer: Some(Seat::N),
            pitcher: None,
            leader: None,
            trumps: None,
            sides: vec![side(Side::NS, 40, 1), side(Side::EW, 62, 0)],
            counting: true,
            deals_left: None,
            leg: 2,
            to_win: 2,
            games: true,
            over: false,
            held: false,
            result: None,
            first_pitch: FirstPitch::LowestDiamond,
            seats: vec![Seat::N, Seat::E],
            tricks: Vec::new(),
            cards: Vec::new(),
            names,
            may_claim: None,
        }
    }

    #[test]
    fn onlookers_are_told_where_the_game_stands_not_what_to_type() {
        let v = waiting();
        assert_eq!(
            where_words(&v, true),
            "Hand 5 · N (Gareth) deals · NS (Gareth & Rhys) 40 · EW (Dai & Huw) 62 (counting) · game 2, games 1–0 · waiting for the pitcher"
        );
        assert_eq!(
            where_words(&v, false),
            "Hand 5 · N (Gareth) deals · waiting for the pitcher"
        );
        assert_eq!(
            standing_words(&v),
            "Count: NS (Gareth & Rhys) 40, 40 to pass 80 · EW (Dai & Huw) 62, 18 to pass 80"
        );
        // The scorer's page: the hand in one line, in the phone's words (no score, no line
        // to type).
        assert_eq!(
            state_words(&v),
            "Hand 5 · Tap who pitches (the holder of the lowest diamond) · counting · game 2, games 1–0"
        );
        assert_eq!(
            card_words(&v),
            "Hand 5 · who pitches? · Game 2 · games won 1–0 · first to 2"
        );
        let mut over = waiting();
        (over.over, over.result) = (true, Some(Outcome::Won(Side::NS)));
        over.sides[0].wins = 2;
        assert_eq!(
            where_words(&over, true),
            "The game is over: NS (Gareth & Rhys) won the match 2–0"
        );
        assert_eq!(state_words(&over), "", "the result says it");
        assert_eq!(in_match(&over).unwrap(), "games won 2–0 · first to 2");
    }

    #[test]
    fn a_hand_in_play_in_one_line_and_the_last_entry_in_another() {
        let mut v = waiting();
        (v.in_hand, v.trick, v.pitcher, v.leader) = (true, 3, Some(Seat::E), Some(Seat::S));
        v.trumps = Some(crate::rules::Suit::Spades);
        v.counting = false;
        assert_eq!(
            state_words(&v),
            "Hand 5 · trick 3 · S (Rhys) leads · trumps ♠ · game 2, games 1–0"
        );
        v.in_hand = false;
        assert!(state_words(&v).contains("S (Rhys) pitches and leads"));
        // The one line: a trick won, not the score said after it; a line taken back quoted
        // as a page quotes.
        let names = v.names.clone();
        let said = [
            Announcement::Trick {
                side: names.side(Side::NS),
                trumps: crate::rules::Suit::Spades,
                cards: Vec::new(),
                points: 0,
                counted: false,
                after_end: false,
            },
            Announcement::Score {
                standings: Vec::new(),
                deals_left: None,
                count: false,
            },
        ];
        assert_eq!(
            said_line(&said).unwrap(),
            "NS (Gareth & Rhys) win the trick: nothing to peg"
        );
        assert_eq!(said_line(&said[1..]), None, "the score is shown apart");
        let back = Announcement::TakenBack {
            hand: 2,
            line: "5H KH 2H AH".into(),
            forced: Vec::new(),
        };
        assert_eq!(
            said_line(&[back]).unwrap(),
            "Taken back from hand 2: “5H KH 2H AH”"
        );
        assert_eq!(
            line_words(&Line::Concede(Side::EW), &v),
            "EW (Dai & Huw) concede"
        );
        assert_eq!(line_words(&Line::Pitcher(Seat::S), &v), "S (Rhys)");
    }
}
