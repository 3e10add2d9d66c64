//! What the live boards of `don serve` read besides a game (the games of a night that are
//! linked as legs of its matches); the games of a night on the web are
//! [`Store::web_games_of_night`]'s.

use super::db::{Sql, Store, StoreError};

/// A stored game linked as a Don leg of a night's match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NightLeg {
    pub game: i64,
    /// The match's kind and slot (`don`, 1) and the leg the game is.
    pub kind: String,
    pub slot: i64,
    pub leg: u32,
    /// The game's side (`NS` or `EW`) that played for the home team.
    pub home_side: String,
}

impl Store {
    /// The games linked as legs of the matches of night (fixture) `fixture`, in the card's
    /// order, leg by leg.
    pub fn leg_games_of_night(&self, fixture: i64) -> Result<Vec<NightLeg>, StoreError> {
        self.conn.all(
            "SELECT g.game, m.kind, m.slot, g.leg, g.home_side
             FROM leg_games g JOIN matches m ON m.id = g.match
             WHERE m.fixture = ?1 ORDER BY m.id, g.leg",
            [fixture],
            |r| {
                Ok(NightLeg {
                    game: r.get(0)?,
                    kind: r.get(1)?,
                    slot: r.get(2)?,
                    leg: r.get(3)?,
                    home_side: r.get(4)?,
                })
            },
        )
    }
}
