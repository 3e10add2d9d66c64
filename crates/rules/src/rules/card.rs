//! Cards and the RULES.md §1 notation: rank `A K Q J T 9 … 2` (`10` for T), suit `S H D C`
//! (or `♠ ♥ ♦ ♣`), case-insensitive.

use std::fmt;
use std::str::FromStr;

/// A suit. The order is only for storage; no suit outranks another except trumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The plural name a scorer says: "hearts".
    pub fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'S' | 's' | '♠' | '♤' => Suit::Spades,
            'H' | 'h' | '♥' | '♡' => Suit::Hearts,
            'D' | 'd' | '♦' | '♢' => Suit::Diamonds,
            'C' | 'c' | '♣' | '♧' => Suit::Clubs,
            _ => return None,
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rank, ordered from low to high: Ace is highest in every suit, trumps included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    pub fn letter(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::King => 'K',
            Rank::Queen => 'Q',
            Rank::Jack => 'J',
            Rank::Ten => 'T',
            r => (b'0' + r as u8) as char,
        }
    }

    /// The card value of §1, used for "game" and "muck": A 4, K 3, Q 2, J 1, 10 10.
    pub fn card_value(self) -> u32 {
        match self {
            Rank::Ace => 4,
            Rank::King => 3,
            Rank::Queen => 2,
            Rank::Jack => 1,
            Rank::Ten => 10,
            _ => 0,
        }
    }

    /// The rank in words: "jack", "ten", "two".
    pub fn name(self) -> &'static str {
        match self {
            Rank::Ace => "ace",
            Rank::King => "king",
            Rank::Queen => "queen",
            Rank::Jack => "jack",
            Rank::Ten => "ten",
            Rank::Nine => "nine",
            Rank::Eight => "eight",
            Rank::Seven => "seven",
            Rank::Six => "six",
            Rank::Five => "five",
            Rank::Four => "four",
            Rank::Three => "three",
            Rank::Two => "two",
        }
    }
}

/// One card of the 52-card pack, read and written in the RULES.md notation.
///
/// ```
/// use don_rules::rules::Card;
/// let card: Card = "10♦".parse().unwrap();
/// assert_eq!(card.to_string(), "TD");
/// assert!("1H".parse::<Card>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// 0..52, unique per card.
    pub fn index(self) -> usize {
        self.suit as usize * 13 + (self.rank as usize - 2)
    }

    /// The card with this [`index`](Card::index); `None` from 52 on.
    pub fn from_index(i: usize) -> Option<Card> {
        Some(Card::new(*Rank::ALL.get(i % 13)?, *Suit::ALL.get(i / 13)?))
    }

    /// The card in words: "the jack of hearts".
    pub fn words(self) -> String {
        format!("the {} of {}", self.rank.name(), self.suit.name())
    }

    /// The full pack, suit by suit.
    pub fn pack() -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|suit| Rank::ALL.into_iter().map(move |rank| Card::new(rank, suit)))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.letter(), self.suit.letter())
    }
}

/// A token that is not a card in the RULES.md notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card (write rank then suit, like 5H, TD, 10♦ or AS)")]
pub struct CardParseError(pub String);

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Card, CardParseError> {
        // The usual way a card is written, two letters ("QH"), read at once.
        if let &[r, u] = s.as_bytes() {
            let suit = match u {
                b'S' => Some(Suit::Spades),
                b'H' => Some(Suit::Hearts),
                b'D' => Some(Suit::Diamonds),
                b'C' => Some(Suit::Clubs),
                _ => None,
            };
            let rank = match r {
                b'A' => Some(Rank::Ace),
                b'K' => Some(Rank::King),
                b'Q' => Some(Rank::Queen),
                b'J' => Some(Rank::Jack),
                b'T' => Some(Rank::Ten),
                b'2'..=b'9' => Rank::ALL.get(usize::from(r - b'2')).copied(),
                _ => None,
            };
            if let (Some(rank), Some(suit)) = (rank, suit) {
                return Ok(Card::new(rank, suit));
            }
        }
        let bad = || CardParseError(s.to_string());
        let mut chars = s.chars();
        let suit_char = chars.next_back().ok_or_else(bad)?;
        let suit = Suit::from_char(suit_char).ok_or_else(bad)?;
        let rank = match chars.as_str() {
            "A" | "a" => Rank::Ace,
            "K" | "k" => Rank::King,
            "Q" | "q" => Rank::Queen,
            "J" | "j" => Rank::Jack,
            "T" | "t" | "10" => Rank::Ten,
            "9" => Rank::Nine,
            "8" => Rank::Eight,
            "7" => Rank::Seven,
            "6" => Rank::Six,
            "5" => Rank::Five,
            "4" => Rank::Four,
            "3" => Rank::Three,
            "2" => Rank::Two,
            _ => return Err(bad()),
        };
        Ok(Card::new(rank, suit))
    }
}

/// A set of cards as a 52-bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds a card; false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.index();
        !had
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn has_suit(self, suit: Suit) -> bool {
        self.0 & (0x1fff << (suit as usize * 13)) != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Card> {
        Card::pack().filter(move |&card| self.contains(card))
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_accepts_the_alternatives() {
        for (text, shown) in [
            ("5H", "5H"),
            ("th", "TH"),
            ("10♦", "TD"),
            ("AS", "AS"),
            ("qc", "QC"),
        ] {
            assert_eq!(text.parse::<Card>().unwrap().to_string(), shown);
        }
        for bad in ["", "H", "1H", "11H", "5X", "AA", "10", "♦"] {
            assert!(bad.parse::<Card>().is_err(), "{bad} parsed");
        }
        for card in Card::pack() {
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
            assert_eq!(Card::from_index(card.index()), Some(card));
        }
        assert_eq!(Card::pack().count(), 52);
        assert_eq!(Card::from_index(52), None);
        assert_eq!(Card::from_index(usize::MAX), None);
    }

    #[test]
    fn card_values_make_eighty() {
        let total: u32 = Card::pack().map(|c| c.rank.card_value()).sum();
        assert_eq!(total, 80);
    }
}
