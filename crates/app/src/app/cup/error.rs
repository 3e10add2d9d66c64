//! Why something done to a cup is refused (RULES.md §11): each refusal with what was refused.

use crate::app::kind::ErrorKind;
use crate::app::night::error::refusal_words;
use crate::league::confirm::{ConfirmRefusal, Contest};
use crate::league::cup::TieFault;
use crate::league::{ConfigError, Pair};

/// Why something done to a cup is refused.
#[derive(Debug, thiserror::Error)]
pub enum CupError {
    #[error("season {season} has a cup {name} already")]
    Taken { season: String, name: String },
    #[error("a cup's name is blank")]
    BlankName,
    #[error("{0}")]
    Kind(ConfigError),
    #[error("{0}")]
    Tie(#[from] TieFault),
    #[error("no cup {name}{}{}", .season.as_ref().map(|s| format!(" in season {s}")).unwrap_or_default(), known_names(.known))]
    NoCup {
        name: String,
        season: Option<String>,
        known: Vec<String>,
    },
    #[error("{team} is not a team of season {season}, so not of its cup {cup}")]
    NotInSeason {
        team: String,
        season: String,
        cup: String,
    },
    #[error("{entry} is entered in {cup} already")]
    EnteredTwice { entry: String, cup: String },
    #[error("{player} is entered in {cup} already, in {entry}")]
    PlayerTwice {
        player: String,
        entry: String,
        cup: String,
    },
    #[error("no player '{name}' in the league{}", .near.as_ref().map(|n| format!("; did you mean '{n}'?")).unwrap_or_default())]
    NoPlayer { name: String, near: Option<String> },
    #[error("{entry}: an entry of a {kind} cup is {wanted} {}", if *.wanted == 1 { "player" } else { "players joined by +" })]
    PlayerCount {
        entry: String,
        kind: String,
        wanted: u32,
    },
    #[error("{entry} names a player twice")]
    SamePlayer { entry: String },
    #[error("{cup} is a team cup: its entries are teams")]
    NoEntries { cup: String },
    #[error("the draw of {cup} is made already: it takes no more entries and is not made again")]
    Drawn { cup: String },
    #[error("{cup} has {entries} {}: a draw needs at least 2", if *.entries == 1 { "entry" } else { "entries" })]
    TooFew { cup: String, entries: usize },
    #[error("{cup} has {entries} entries: a cup takes at most {max}")]
    TooMany {
        cup: String,
        entries: usize,
        max: usize,
    },
    #[error("the draw of {cup} is not made yet")]
    NotDrawn { cup: String },
    #[error("'{name}' is no entry of {cup}{}", known_names(.entries))]
    NotEntered {
        name: String,
        cup: String,
        entries: Vec<String>,
        /// Whether the cup's draw is made (else it has only its entries to show).
        drawn: bool,
    },
    #[error("the draw names {entry} twice")]
    DrawnTwice { entry: String },
    #[error("the draw leaves out {}", .missing.join(", "))]
    LeftOut { missing: Vec<String> },
    #[error("{home} v {away} is no tie of {cup}{}", .ready.as_ref().map(|r| format!(" ({r})")).unwrap_or_default())]
    NotATie {
        cup: String,
        home: String,
        away: String,
        /// Where the two stand: the tie one of them has still to play, or the other way round.
        ready: Option<String>,
    },
    #[error("{home} v {away} of {cup} ({round}) has its result already: {result}")]
    HasResult {
        cup: String,
        home: String,
        away: String,
        round: String,
        result: String,
    },
    #[error("{home} v {away} of {cup} has no result yet")]
    NoResult {
        cup: String,
        home: String,
        away: String,
    },
    #[error("{winner} has played on from {home} v {away} ({round}): the correction would put {other} through instead; correct the later tie first")]
    PlayedOn {
        home: String,
        away: String,
        round: String,
        winner: String,
        other: String,
    },
    #[error("'{given}' is neither side of {home} v {away}: give home, away or one of them")]
    NoSide {
        given: String,
        home: String,
        away: String,
    },
    #[error("an individual cup's tie is entered by its legs, not by {given}")]
    LegsOnly { given: &'static str },
    #[error("a team cup's tie is entered by its matches, totals or a walkover, not by legs")]
    NotLegs,
    #[error("a team's captain enters and confirms the ties of their own team only; {team} does not play in {home} v {away}")]
    NotYours {
        team: String,
        home: String,
        away: String,
    },
    #[error("only the league's secretary makes a cup, its entries and its draw")]
    SecretaryOnly,
    /// The confirmation flow refused a team tie: its words are a tie's, not a night's.
    #[error("{home} v {away} of {cup}: {}", refusal_words(Contest::Tie, "the tie", &Pair::new(.home.clone(), .away.clone()), .refusal))]
    Settle {
        cup: String,
        home: String,
        away: String,
        refusal: ConfirmRefusal,
    },
}

fn known_names(names: &[String]) -> String {
    if names.is_empty() {
        String::new()
    } else {
        format!(" (there are: {})", names.join(", "))
    }
}

impl CupError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            CupError::NoCup { .. } | CupError::NotEntered { .. } | CupError::NoPlayer { .. } => {
                ErrorKind::NotFound
            }
            CupError::Taken { .. }
            | CupError::EnteredTwice { .. }
            | CupError::PlayerTwice { .. }
            | CupError::Drawn { .. }
            | CupError::NotDrawn { .. }
            | CupError::NotATie { .. }
            | CupError::HasResult { .. }
            | CupError::NoResult { .. }
            | CupError::PlayedOn { .. }
            | CupError::NotInSeason { .. }
            | CupError::TooFew { .. }
            | CupError::Settle { .. } => ErrorKind::Conflict,
            CupError::NotYours { .. } | CupError::SecretaryOnly => ErrorKind::Forbidden,
            _ => ErrorKind::Invalid,
        }
    }
}
