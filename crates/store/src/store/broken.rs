//! The league's rules that rows put back by `undo N` would break (see [`super::rules_kept`]),
//! named for a message: data only, so that the operation log can carry them.

/// A fixture, named for a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureNamed {
    pub id: i64,
    pub home: String,
    pub away: String,
    pub date: String,
}

/// A leg of a match of a night, named for a message: where a stored game is a leg.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegNamed {
    pub leg: u32,
    pub kind: String,
    pub slot: u32,
    pub home: String,
    pub away: String,
    pub date: String,
}

impl LegNamed {
    /// A leg read from its columns from `at` on: leg, kind, slot, home, away, date.
    pub(super) fn read(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<LegNamed> {
        Ok(LegNamed {
            leg: r.get(at)?,
            kind: r.get(at + 1)?,
            slot: r.get(at + 2)?,
            home: r.get(at + 3)?,
            away: r.get(at + 4)?,
            date: r.get(at + 5)?,
        })
    }
}

/// A rule that rows put back would break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// Fixture `put_back` would be on `date` when `holder`, a fixture of `team` (or of the same
    /// home and away teams) on that date, is there too.
    TeamDate {
        team: String,
        put_back: FixtureNamed,
        holder: FixtureNamed,
    },
    /// The name `name` would be `owner`'s again (as it was named before the undo) when it is
    /// `holder`'s now (both teams of one league, or, `player`, both players).
    Name {
        player: bool,
        name: String,
        owner: String,
        holder: String,
    },
    /// Game `game` would be a leg of `put_back` again when it is a leg of `holder` now.
    Leg {
        game: i64,
        put_back: LegNamed,
        holder: LegNamed,
    },
}
