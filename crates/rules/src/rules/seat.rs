//! Seats, sides and who plays after whom.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// A seat at the table, clockwise N E S W.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    N,
    E,
    S,
    W,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

    pub fn letter(self) -> &'static str {
        match self {
            Seat::N => "N",
            Seat::E => "E",
            Seat::S => "S",
            Seat::W => "W",
        }
    }
}

/// A word that is not a seat (`N E S W`) or not a side (`NS EW N E S`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a {1}")]
pub struct SeatParseError(pub String, pub &'static str);

impl FromStr for Seat {
    type Err = SeatParseError;

    /// `N`, `E`, `S` or `W`, in either case.
    fn from_str(s: &str) -> Result<Seat, SeatParseError> {
        Seat::ALL
            .into_iter()
            .find(|seat| seat.letter().eq_ignore_ascii_case(s))
            .ok_or_else(|| SeatParseError(s.to_string(), "seat"))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// Who scores: a partnership (`NS`, `EW`) or, in two- and three-player games, one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    NS,
    EW,
    N,
    E,
    S,
}

impl Side {
    /// The seats this side is played from: NS is N and S, a side of one is its seat.
    pub fn seats(self) -> &'static [Seat] {
        match self {
            Side::NS => &[Seat::N, Seat::S],
            Side::EW => &[Seat::E, Seat::W],
            Side::N => &[Seat::N],
            Side::E => &[Seat::E],
            Side::S => &[Seat::S],
        }
    }

    pub const ALL: [Side; 5] = [Side::NS, Side::EW, Side::N, Side::E, Side::S];

    pub fn code(self) -> &'static str {
        match self {
            Side::NS => "NS",
            Side::EW => "EW",
            Side::N => "N",
            Side::E => "E",
            Side::S => "S",
        }
    }
}

impl FromStr for Side {
    type Err = SeatParseError;

    /// `NS`, `EW`, `N`, `E` or `S`, in any case.
    fn from_str(s: &str) -> Result<Side, SeatParseError> {
        Side::ALL
            .into_iter()
            .find(|side| side.code().eq_ignore_ascii_case(s))
            .ok_or_else(|| SeatParseError(s.to_string(), "side"))
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// How many play and how they pair up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// Four players, `N`+`S` against `E`+`W`.
    Partnership,
    /// `N` and `S`, each a side.
    Two,
    /// `N`, `E` and `S`, each a side.
    Three,
}

impl Seating {
    /// The seats in clockwise playing order.
    pub fn seats(self) -> &'static [Seat] {
        match self {
            Seating::Partnership => &[Seat::N, Seat::E, Seat::S, Seat::W],
            Seating::Two => &[Seat::N, Seat::S],
            Seating::Three => &[Seat::N, Seat::E, Seat::S],
        }
    }

    pub fn sides(self) -> &'static [Side] {
        match self {
            Seating::Partnership => &[Side::NS, Side::EW],
            Seating::Two => &[Side::N, Side::S],
            Seating::Three => &[Side::N, Side::E, Side::S],
        }
    }

    pub fn players(self) -> usize {
        self.seats().len()
    }

    pub fn has_seat(self, seat: Seat) -> bool {
        self.seats().contains(&seat)
    }

    pub fn has_side(self, side: Side) -> bool {
        self.sides().contains(&side)
    }

    /// The next seat clockwise among those playing (the seat on the left).
    pub fn next(self, seat: Seat) -> Seat {
        let seats = self.seats();
        let i = seats.iter().position(|&s| s == seat).unwrap_or(0);
        seats[(i + 1) % seats.len()]
    }

    /// The previous seat clockwise among those playing (the seat on the right).
    pub fn previous(self, seat: Seat) -> Seat {
        let seats = self.seats();
        let i = seats.iter().position(|&s| s == seat).unwrap_or(0);
        seats[(i + seats.len() - 1) % seats.len()]
    }

    pub fn side_of(self, seat: Seat) -> Side {
        match self {
            Seating::Partnership => match seat {
                Seat::N | Seat::S => Side::NS,
                Seat::E | Seat::W => Side::EW,
            },
            _ => match seat {
                Seat::N => Side::N,
                Seat::E => Side::E,
                Seat::S | Seat::W => Side::S,
            },
        }
    }

    pub fn partner(self, seat: Seat) -> Option<Seat> {
        match self {
            Seating::Partnership => Some(match seat {
                Seat::N => Seat::S,
                Seat::S => Seat::N,
                Seat::E => Seat::W,
                Seat::W => Seat::E,
            }),
            _ => None,
        }
    }
}

/// Per-seat data, indexed by [`Seat`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat as usize]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat as usize]
    }
}

/// Per-side data, indexed by [`Side`]; only the sides of the game's [`Seating`] are used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BySide<T>(pub [T; 5]);

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        &self.0[side as usize]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_goes_clockwise_within_the_seating() {
        assert_eq!(Seating::Partnership.next(Seat::W), Seat::N);
        assert_eq!(Seating::Two.next(Seat::N), Seat::S);
        assert_eq!(Seating::Two.next(Seat::S), Seat::N);
        assert_eq!(Seating::Three.next(Seat::S), Seat::N);
        assert_eq!(Seating::Three.previous(Seat::N), Seat::S);
        assert_eq!(Seating::Partnership.previous(Seat::N), Seat::W);
        assert_eq!(Seating::Two.previous(Seat::S), Seat::N);
        assert_eq!(Seating::Partnership.side_of(Seat::W), Side::EW);
        assert_eq!(Seating::Three.side_of(Seat::E), Side::E);
    }

    #[test]
    fn seats_and_sides_read_in_any_case() {
        assert_eq!("w".parse::<Seat>(), Ok(Seat::W));
        assert_eq!("Ns".parse::<Side>(), Ok(Side::NS));
        assert_eq!("e".parse::<Side>(), Ok(Side::E));
        assert_eq!(
            "X".parse::<Seat>().unwrap_err().to_string(),
            "`X` is not a seat"
        );
        assert!("NSW".parse::<Side>().is_err());
        for side in Side::ALL {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        }
    }
}
