//! Who wins a trick, and what its cards are worth.

use super::card::{Card, Rank, Suit};

/// The index (in play order) of the card that wins the trick: the highest trump in it, or if
/// there is none, the highest card of the suit led. `None` for a trick of no cards.
pub fn winning_index(cards: &[Card], trumps: Suit) -> Option<usize> {
    let mut best = 0;
    let mut top = *cards.first()?;
    for (i, &card) in cards.iter().enumerate().skip(1) {
        // The card in front is always of the suit led or a trump, so only a higher card of its
        // suit or a first trump can take the lead.
        let beats = if card.suit == top.suit {
            card.rank > top.rank
        } else {
            card.suit == trumps
        };
        if beats {
            best = i;
            top = card;
        }
    }
    Some(best)
}

/// Which scale of points a variant pegs (or counts) its scoring cards by (RULES.md's pegging table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PegScale {
    /// Nine Card Don (§2): 5T 10, 9T 9, AT 4, KT 3, QT 2, JT 1, each other 5 5. At most 44.
    Don,
    /// Irish Don and Phat (§5): 9T 18, 5T 10, each other 9 9, each other 5 5, AT/KT/QT/JT 4/3/2/1.
    /// Always 80.
    Fat,
}

impl PegScale {
    pub fn points(self, card: Card, trumps: Suit) -> u32 {
        let trump = card.suit == trumps;
        match (self, card.rank, trump) {
            (PegScale::Don, Rank::Five, true) => 10,
            (PegScale::Don, Rank::Nine, true) => 9,
            (PegScale::Don, Rank::Five, false) => 5,
            (PegScale::Fat, Rank::Nine, true) => 18,
            (PegScale::Fat, Rank::Five, true) => 10,
            (PegScale::Fat, Rank::Nine, false) => 9,
            (PegScale::Fat, Rank::Five, false) => 5,
            (_, Rank::Ace, true) => 4,
            (_, Rank::King, true) => 3,
            (_, Rank::Queen, true) => 2,
            (_, Rank::Jack, true) => 1,
            _ => 0,
        }
    }

    /// The cards of a trick that score by this table, each with its points, in playing order.
    pub fn scoring(self, cards: &[Card], trumps: Suit) -> impl Iterator<Item = (Card, u32)> + '_ {
        cards
            .iter()
            .map(move |&card| (card, self.points(card, trumps)))
            .filter(|&(_, points)| points > 0)
    }

    /// The point values of the scoring cards of one deal, the jack of trumps last.
    pub fn scoring_values(self) -> &'static [u32] {
        match self {
            PegScale::Don => &[10, 9, 4, 3, 2, 5, 5, 5, 1],
            PegScale::Fat => &[18, 10, 9, 9, 9, 5, 5, 5, 4, 3, 2, 1],
        }
    }

    pub fn most(self) -> u32 {
        self.scoring_values().iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn highest_trump_then_highest_of_the_suit_led() {
        // Hearts trumps, spades led: the lone small trump wins.
        assert_eq!(winning_index(&cards("AS KS 2H QS"), Suit::Hearts), Some(2));
        // No trump: the highest spade wins, the ace of clubs is a discard.
        assert_eq!(winning_index(&cards("9S AC JS 3S"), Suit::Hearts), Some(2));
        // Two trumps: the higher.
        assert_eq!(winning_index(&cards("4D 5H 9H AD"), Suit::Hearts), Some(2));
        // Trumps led.
        assert_eq!(winning_index(&cards("5H AH 2C KH"), Suit::Hearts), Some(1));
        assert_eq!(winning_index(&[], Suit::Hearts), None);
    }

    #[test]
    fn tables_total_as_the_rules_say() {
        assert_eq!(PegScale::Don.most(), 44);
        assert_eq!(PegScale::Fat.most(), 80);
        let fat: u32 = Card::pack()
            .map(|c| PegScale::Fat.points(c, Suit::Clubs))
            .sum();
        assert_eq!(fat, 80);
        let don: u32 = Card::pack()
            .map(|c| PegScale::Don.points(c, Suit::Clubs))
            .sum();
        assert_eq!(don, 44);
    }
}
