//! What is refused in games and at the table: [`GameError`], its words. Its kind and hint are
//! given in [`crate::app::game`] (this file names nothing else of `app`, which names it back).

use crate::record::text::escaped;
use crate::store::LegHolding;

/// A thing asked of games that is refused.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A record of a game in play whose entries the scorer cannot carry on.
    #[error("the game in play could not be carried on at the table: {0}")]
    NotCarriedOn(String),
    /// A line at the table for a game another `don` changed since this one read it.
    #[error("game {0} was changed by another don since this one read it: nothing was recorded")]
    ChangedMeanwhile(i64),
    /// A change at the table to a game a league night holds as a leg.
    #[error("{0}")]
    HeldAsLeg(Box<LegHolding>),
    /// A game named by a number no game has.
    #[error("there is no game {0}")]
    NoGame(i64),
    /// A game named by a record `id` no game has.
    #[error("there is no game with the id \"{0}\"")]
    NoGameWithId(String),
    /// `don play` with no game named, and every game is decided.
    #[error("there is no unfinished game")]
    NoUnfinished,
    /// A stored game with no ruleset, which the scorer cannot carry on.
    #[error("game {0} has no ruleset")]
    NoRuleset(i64),
    /// A stored game whose entries the scorer cannot replay.
    #[error("game {game} cannot be resumed: {why}")]
    CannotResume { game: i64, why: String },
    /// A new game's record with no variant.
    #[error("no variant")]
    NoVariant,
    /// A new game's first pitcher that the rules refuse.
    #[error("{0}")]
    Pitcher(String),
    /// A line at the table for a hand whose hands before it are not all stored.
    #[error("game {} has {} hands: hand {} cannot be begun", .0.game, .0.hands, .0.number)]
    HandGap(crate::store::HandGap),
    /// A record whose rows cannot be made (not canonical where the store needs it).
    #[error(transparent)]
    Unstorable(#[from] crate::record::stored::Unstorable),
    /// A line for the table refused by the rules, or not read: nothing was recorded. `line` is
    /// the line as given, handed back to be typed again; `why`, typed where a front end words
    /// it itself.
    #[error("{why}")]
    LineRefused {
        line: String,
        why: crate::scorer::Refused,
    },
    /// A line for the table sent from a view of the game older than the game now (another
    /// phone entered something since): nothing was recorded.
    #[error(
        "someone else entered this trick; here is the game now (nothing was recorded of \"{}\")",
        escaped(line)
    )]
    EnteredMeanwhile { game: i64, line: String },
    /// A new game's record `id` that a stored game has.
    #[error("the id \"{}\" is already game {game}", escaped(id))]
    IdTaken { id: String, game: i64 },
}
