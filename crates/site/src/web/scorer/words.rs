//! The web's words for a game at the table ([`ScorerView`]): where it stands, the score and
//! what each side needs, the legs of a match, what can be entered now. The phone scorer's page
//! and the live boards say these; the terminal says its own (`don play`'s status and prompt).

use crate::scorer::{ScorerView, ToGo, Wanted};

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

/// What can be entered now: "Who pitches hand 1? N (Gareth), E (Dai), S (Rhys) or W (Huw)",
/// "Trick 3: the cards from S (Rhys), who leads".
pub fn wanted_words(v: &ScorerView) -> String {
    match v.wanted() {
        Wanted::Pitcher => {
            let seats: Vec<String> = v.seats.iter().map(|&s| v.names.seat(s).label).collect();
            let (last, rest) = seats.split_last().map_or(("", &[][..]), |(l, r)| (l, r));
            match rest.is_empty() {
                true => format!("Who pitches hand {}? {last}", v.hand),
                false => format!("Who pitches hand {}? {} or {last}", v.hand, rest.join(", ")),
            }
        }
        Wanted::Trick { trick, from } => {
            let from = v.names.seat(from);
            format!("Trick {trick}: the cards from {from}, who leads")
        }
        Wanted::Over => "The game is over: an entry can only be taken back".to_string(),
        Wanted::Held => "A league night holds this game: nothing can be entered".to_string(),
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
        assert_eq!(
            wanted_words(&v),
            "Who pitches hand 5? N (Gareth) or E (Dai)"
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
        assert!(!wanted_words(&over).contains('`'));
        assert_eq!(in_match(&over).unwrap(), "games won 2–0 · first to 2");
    }
}
