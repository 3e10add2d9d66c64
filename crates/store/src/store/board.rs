//! What the live boards of `don serve` read besides a game (the games of a night that are
//! linked as legs of its matches); the games of a night on the web are
//! [`Store::web_games_of_night`]'s.

use super::broken::LegNamed;
use super::db::{Sql, Store, StoreError};

impl Store {
    /// The games linked as legs of the matches of night (fixture) `fixture`, in the card's
    /// order, leg by leg: each game and the leg it is.
    pub fn leg_games_of_night(&self, fixture: i64) -> Result<Vec<(i64, LegNamed)>, StoreError> {
        self.conn.all(
            "SELECT g.game, g.leg, m.kind, m.slot, h.name, a.name, f.date
             FROM leg_games g JOIN matches m ON m.id = g.match JOIN fixtures f ON f.id = m.fixture
             JOIN teams h ON h.id = f.home JOIN teams a ON a.id = f.away
             WHERE m.fixture = ?1 ORDER BY m.id, g.leg",
            [fixture],
            |r| Ok((r.get(0)?, LegNamed::read(r, 1)?)),
        )
    }
}
