//! The table-side scorer (`don play`): a game scored line by line as it is played (FORMAT.md
//! §5), as a pure state machine — no terminal, no database, no I/O. Each line is read
//! ([`parse_line`](crate::record::line::parse_line)), turned into replay entries, entered through
//! the replay (which refuses what the rules refuse and leaves everything as it was), kept in a
//! [`Journal`] before it is answered, and answered with [`Announcement`]s: who won the trick and
//! what it pegged, the awards at the end of a hand, a renege and the abandoned deal, the moment a
//! side pegs out. `undo` takes the last line back out of the journal; a session opened on a
//! journal replays what it holds, so a game goes on where it stopped.
//!
//! The store implements [`Journal`]; the command line drives a [`ScorerSession`] and prints its
//! answers and where the game stands ([`ScorerView`]).

mod announce;
mod herald;
mod journal;
mod lines;
mod names;
mod session;
mod status;
mod view;

pub use announce::{Announcement, Finish, ScoreLine, SideScore, ToGo, Verdict};
pub use journal::{Journal, JournalEntry};
pub use lines::{check_sides, entry, entry_words, line_of, LINES};
pub use names::{Name, Names};
pub use session::{table_sheet, Answer, LineRefusal, Refused, ScorerSession, SessionError};
pub use view::{ScorerView, SideState, Wanted};
