//! Sides and seats as the scorer announces them, with the players' names: "NS (Gareth &
//! Rhys)", "W (Huw)".

use std::fmt;

use crate::replay::words::side_name;
use crate::rules::{BySeat, Seat, Side};

/// The players' names by seat, as the session was opened with them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    seats: BySeat<Option<String>>,
}

/// A side or a seat in words, and whether it takes a plural verb ("NS win", "N wins").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub label: String,
    pub plural: bool,
}

impl Name {
    /// The verb that agrees with it: `name.verb("win", "wins")`.
    pub fn verb(&self, plural: &'static str, singular: &'static str) -> &'static str {
        if self.plural {
            plural
        } else {
            singular
        }
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

impl Names {
    /// Names as given; blank ones are left out, and control characters are shown escaped, so a
    /// name cannot forge a line of what the scorer says.
    pub fn new(seats: BySeat<Option<String>>) -> Names {
        let clean = |name: &Option<String>| {
            let name = name.as_deref()?.trim();
            (!name.is_empty()).then(|| {
                name.chars()
                    .map(|c| {
                        if c.is_control() {
                            c.escape_default().to_string()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect()
            })
        };
        Names {
            seats: BySeat(seats.0.each_ref().map(clean)),
        }
    }

    /// The names as kept.
    pub fn seats(&self) -> &BySeat<Option<String>> {
        &self.seats
    }

    /// "NS (Gareth & Rhys)"; "N (Gareth)" for a side of one player; "NS" without names.
    pub fn side(&self, side: Side) -> Name {
        Name {
            label: side_name(&self.seats, side),
            plural: matches!(side, Side::NS | Side::EW),
        }
    }

    /// "W (Huw)"; "W" without a name.
    pub fn seat(&self, seat: Seat) -> Name {
        Name {
            label: match &self.seats[seat] {
                Some(name) => format!("{seat} ({name})"),
                None => seat.to_string(),
            },
            plural: false,
        }
    }
}
