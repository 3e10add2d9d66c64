//! One trick as written: `"5H KH 2H AH"` or `"N:5H E:KH S:2H W:AH"`.

use crate::rules::{Card, Seat};

/// A parsed trick: one to four cards in the order played, with their seats when named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickCards {
    cards: [Card; 4],
    seats: Option<[Seat; 4]>,
    len: usize,
}

impl TrickCards {
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    /// The seat of each card, when the trick names them.
    pub fn seats(&self) -> Option<&[Seat]> {
        self.seats.as_ref().map(|s| &s[..self.len])
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Never true: a trick has a card at least.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A structural fault in a trick's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrickTextError {
    /// A token that is not a card.
    BadCard(String),
    /// More than four cards, or none.
    Size(usize),
    /// A seat before a card that is no seat: the word and the whole token (`X` in `X:5H`).
    NotASeat { word: String, token: String },
    /// Some cards with seats and some without.
    MixedSeats,
}

/// Reads a trick. Never panics, whatever the text.
pub fn parse_trick(text: &str) -> Result<TrickCards, TrickTextError> {
    let mut out = TrickCards {
        cards: [Card::new(crate::rules::Rank::Two, crate::rules::Suit::Spades); 4],
        seats: None,
        len: 0,
    };
    let mut seats = [Seat::N; 4];
    let mut named = None;
    let mut count = 0;
    for token in text.split_whitespace() {
        count += 1;
        // A ':' byte is never part of another character in UTF-8.
        let colon = token.bytes().position(|b| b == b':');
        let (seat, card_text) = match colon.map(|at| (&token[..at], &token[at + 1..])) {
            Some((s, c)) => match s.parse::<Seat>() {
                Ok(seat) => (Some(seat), c),
                Err(_) => {
                    return Err(TrickTextError::NotASeat {
                        word: s.to_string(),
                        token: token.to_string(),
                    })
                }
            },
            None => (None, token),
        };
        match (named, seat.is_some()) {
            (None, n) => named = Some(n),
            (Some(a), b) if a != b => return Err(TrickTextError::MixedSeats),
            _ => {}
        }
        let card: Card = card_text
            .parse()
            .map_err(|_| TrickTextError::BadCard(token.to_string()))?;
        if count <= 4 {
            out.cards[count - 1] = card;
            if let Some(s) = seat {
                seats[count - 1] = s;
            }
        }
    }
    if count == 0 || count > 4 {
        return Err(TrickTextError::Size(count));
    }
    out.len = count;
    if named == Some(true) {
        out.seats = Some(seats);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_notations() {
        let t = parse_trick("5H KH 2H AH").unwrap();
        assert_eq!(t.len(), 4);
        assert!(t.seats().is_none());
        let t = parse_trick("N:5H E:kh S:2♥ W:10h").unwrap();
        assert_eq!(t.seats().unwrap(), &[Seat::N, Seat::E, Seat::S, Seat::W]);
        assert_eq!(t.cards()[3].to_string(), "TH");
        assert_eq!(
            parse_trick("5H XX"),
            Err(TrickTextError::BadCard("XX".into()))
        );
        assert_eq!(parse_trick(""), Err(TrickTextError::Size(0)));
        assert_eq!(parse_trick("2H 3H 4H 5H 6H"), Err(TrickTextError::Size(5)));
        assert!(matches!(
            parse_trick("N:5H KH"),
            Err(TrickTextError::MixedSeats)
        ));
        assert_eq!(
            parse_trick("X:5H"),
            Err(TrickTextError::NotASeat {
                word: "X".into(),
                token: "X:5H".into()
            })
        );
    }
}
