//! Why something done to a night, or to a team's season, is refused: each refusal with what
//! was refused, its words those `don` has always said. (Its kind and hint are given in
//! `app::night`, beside the other front-end matters, so that this module imports nothing of
//! `app`: `AppError` holds it.)

use chrono::NaiveDate;

use crate::league::confirm::{ConfirmRefusal, Contest};
use crate::league::{Kind, Pair, MAX_ADJUSTMENT};
use crate::record::text::{escaped, shortened};

/// A night named as a front end names it for a correction: its teams, and its date when the
/// date must be said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NightNamed {
    pub home: String,
    pub away: String,
    pub date: Option<NaiveDate>,
}

/// Why something done to a night, or to a team's season, is refused.
#[derive(Debug, thiserror::Error)]
pub enum NightError {
    #[error("season {season} has no fixture {number}")]
    NoFixture { season: String, number: i64 },
    #[error("no fixture {0}")]
    NoFixtureId(i64),
    #[error("season {season} has no fixture {home} v {away}{}", on(*.date))]
    NoNight {
        season: String,
        home: String,
        away: String,
        date: Option<NaiveDate>,
    },
    #[error("season {season} has no night {home} v {away}{} with a result", on(*.date))]
    NoResult {
        season: String,
        home: String,
        away: String,
        date: Option<NaiveDate>,
    },
    #[error("{home} v {away} played on {}: which night is meant?", dates_words(.dates))]
    WhichNight {
        home: String,
        away: String,
        dates: Vec<NaiveDate>,
    },
    /// A night between two teams with no fixture, in a season with no schedule: its date
    /// makes one.
    #[error("season {season} has no fixture {home} v {away}: its fixture is added on the night's date, which is not given")]
    NoFixtureGiveDate {
        season: String,
        home: String,
        away: String,
    },
    /// A night between two teams with no fixture, in a season with a schedule.
    #[error("season {season} has no fixture {home} v {away}: add a fixture first")]
    NoFixtureBetween {
        season: String,
        home: String,
        away: String,
        date: Option<NaiveDate>,
    },
    /// Every fixture between the two teams has its result (on these dates).
    #[error("{home} v {away} has no fixture left to play in season {season}{}; for another night between them, add a fixture first", played_words(.played))]
    NoneLeft {
        season: String,
        home: String,
        away: String,
        played: Vec<NaiveDate>,
    },
    #[error("{home} v {away} has no fixture on {date} nor one left to play{}: for another night between them, add a fixture first", played_words(.played))]
    NoneOn {
        home: String,
        away: String,
        date: NaiveDate,
        played: Vec<NaiveDate>,
    },
    /// Fixtures left to play on these dates: which is meant?
    #[error("{home} v {away} has fixtures to play on {}: which night is meant?", dates_words(.left))]
    SeveralLeft {
        home: String,
        away: String,
        left: Vec<NaiveDate>,
    },
    #[error("{home} v {away} has fixtures to play on {}, none on {date}: move the one played first", dates_words(.left))]
    SeveralNoneOn {
        home: String,
        away: String,
        left: Vec<NaiveDate>,
        date: NaiveDate,
    },
    /// A night on another date than its fixture's, not said to be moved.
    #[error("{home} v {away} is fixture {fixture} on {was}, not {date}: was the night moved, or is it another night between them?")]
    NotMoved {
        home: String,
        away: String,
        fixture: i64,
        was: NaiveDate,
        date: NaiveDate,
    },
    /// A night given without its date that would go on a fixture still to come, with the
    /// pair's fixture the other way round played nearest today (number, date), if any.
    #[error("{home} v {away}'s fixture left to play is fixture {fixture} on {date}, still to come{}", other_way_words(.away, .home, *.other_way))]
    Ahead {
        home: String,
        away: String,
        fixture: i64,
        date: NaiveDate,
        other_way: Option<(i64, NaiveDate)>,
    },
    /// A night on a date the pair played the other way round, with no fixture of theirs then.
    #[error("{home} v {away} has no fixture on {date}, but {away} v {home} has: fixture {fixture} on {date}; home and away are the other way round")]
    OtherWayRound {
        home: String,
        away: String,
        date: NaiveDate,
        fixture: i64,
    },
    #[error("{title} is not complete: {result}; finish entering it first")]
    NotComplete { title: String, result: String },
    #[error("{team} did not play in {title}")]
    DidNotPlay { team: String, title: String },
    #[error("{team} does not play in {title}")]
    NotPlayingFor { team: String, title: String },
    #[error(
        "{team} withdrew from season {season} on {on}: its nights from then on are not played"
    )]
    Withdrew {
        team: String,
        season: String,
        on: NaiveDate,
    },
    /// A night entered already (`night` names it, for the front end's correction).
    #[error("{title} has a result already: {result}")]
    HasResult {
        title: String,
        result: String,
        night: NightNamed,
    },
    #[error("{title} is being entered for {team}")]
    BeingEnteredFor { title: String, team: String },
    #[error("{title} has matches entered; it cannot be {}", if *.walkover { "a walkover" } else { "given as totals" })]
    MatchesEntered { title: String, walkover: bool },
    #[error("{kind} match {slot} is entered already")]
    MatchEntered {
        kind: Kind,
        slot: u32,
        night: NightNamed,
        line: String,
    },
    /// A match's kind and slot taken meanwhile (by another session).
    #[error("{kind} {slot} of this night is entered already")]
    SlotTaken { kind: Kind, slot: u32 },
    /// The match given at this place (from 1) is refused.
    #[error("match {at}: {error}")]
    AtMatch { at: usize, error: Box<NightError> },
    /// More than one match given is refused: each refusal (each [`NightError::AtMatch`]), in
    /// the order of the matches.
    #[error("{}", faults_words(.0))]
    Faults(Vec<NightError>),
    #[error("leg {leg}: only a Don leg can be a stored game")]
    NotDonLeg { leg: usize },
    /// A leg's stored game cannot score it.
    #[error("leg {leg}: {error}")]
    LegGame {
        leg: usize,
        error: crate::app::game::leg::LegError,
    },
    /// A name close to a known player's, not said to be new.
    #[error("{}", slip_words(.name, .known, .roster.as_deref()))]
    Slip {
        name: String,
        known: String,
        /// The team on whose roster the known name is (else it is the league's).
        roster: Option<String>,
    },
    /// A night's matches refused by the league's checks.
    #[error(transparent)]
    Check(#[from] crate::league::NightFault),
    /// The same, about the night titled so.
    #[error("{title}: {error}")]
    Checked {
        title: String,
        error: crate::league::NightFault,
    },
    #[error("{title}: as corrected, {error}")]
    AsCorrected {
        title: String,
        error: crate::league::NightFault,
    },
    #[error("{title} was changed meanwhile (by another don): correct it again")]
    ChangedMeanwhile { title: String },
    /// A night asked about, answered after another change moved its rows.
    #[error(
        "{title} was changed meanwhile (by another don), while it was asked about: enter it again"
    )]
    AskedMeanwhile { title: String },
    /// A team's captain acting on a night that is not theirs to act on: a captain acts only on
    /// the current season's fixtures due by today that are not cancelled.
    #[error("{actor} cannot act on {title}: {why}")]
    NotACaptainsNight {
        actor: String,
        title: String,
        why: CaptainsNight,
    },
    /// A team's captain acting for another team.
    #[error("{actor} acts for {own}; it cannot act for {other}")]
    NotYourTeam {
        actor: String,
        own: String,
        other: String,
    },
    /// The confirmation flow refused: the night's title and its two teams' names.
    #[error("{}", refusal_words(Contest::Night, .title, .teams, .refusal))]
    Confirm {
        title: String,
        teams: Pair<String>,
        refusal: ConfirmRefusal,
    },
    #[error("the reason cannot be blank")]
    BlankReason,
    #[error("POINTS must be at least 1 (an adjustment is 1 to {MAX_ADJUSTMENT} points)")]
    NoPoints,
    #[error("POINTS {}", crate::league::adjustment_out_of_range(&.0.to_string()))]
    TooManyPoints(u32),
    #[error("{team} is not in season {season}")]
    NotInSeason { team: String, season: String },
    #[error("{team} withdrew already, on {on}")]
    WithdrawnAlready { team: String, on: NaiveDate },
}

/// "; Abercarn Inn v Royal Oak is fixture 40 on 2026-09-03".
fn other_way_words(home: &str, away: &str, other_way: Option<(i64, NaiveDate)>) -> String {
    other_way
        .map(|(id, date)| format!("; {home} v {away} is fixture {id} on {date}"))
        .unwrap_or_default()
}

/// Each refusal, one after another.
fn faults_words(faults: &[NightError]) -> String {
    let words: Vec<String> = faults.iter().map(ToString::to_string).collect();
    words.join("; ")
}

fn on(date: Option<NaiveDate>) -> String {
    date.map(|d| format!(" on {d}")).unwrap_or_default()
}

pub fn dates_words(dates: &[NaiveDate]) -> String {
    let words: Vec<String> = dates.iter().map(|d| d.to_string()).collect();
    words.join(" and ")
}

/// " (their night on 2025-09-04 has a result)".
fn played_words(dates: &[NaiveDate]) -> String {
    match dates {
        [] => String::new(),
        [d] => format!(" (their night on {d} has a result)"),
        _ => format!(" (their nights on {} have results)", dates_words(dates)),
    }
}

/// "Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'?"
pub fn slip_words(name: &str, known: &str, roster: Option<&str>) -> String {
    match roster {
        Some(team) => {
            format!("{name} is not on the roster of {team}; did you mean '{known}'?")
        }
        None => format!("{name} is not a player of the league; did you mean '{known}'?"),
    }
}

/// A confirmation's or a dispute's refusal of `contest` (a night or a cup's tie), called
/// `title`, between `teams`.
pub fn refusal_words(
    contest: Contest,
    title: &str,
    teams: &Pair<String>,
    refusal: &ConfirmRefusal,
) -> String {
    match refusal {
        ConfirmRefusal::EnteredBy { entered, verb } => format!(
            "{title} was entered for {}; {} {verb} it",
            teams[*entered],
            teams[entered.other()]
        ),
        ConfirmRefusal::ConfirmedAlready => format!("{title} is confirmed already"),
        ConfirmRefusal::NotProvisional => format!(
            "{title} is not provisional: only the league's secretary reopens a confirmed or disputed {contest}"
        ),
        ConfirmRefusal::SecretarySettles => {
            format!("{title} is disputed: only the league's secretary settles a dispute")
        }
        ConfirmRefusal::NoDisputer => {
            format!("{title} is confirmed; say which team disputes it")
        }
        ConfirmRefusal::NoReason => "say why the result is disputed".into(),
        ConfirmRefusal::BadReason { reason, fault } => {
            format!("the reason \"{}\" {fault}", escaped(&shortened(reason)))
        }
    }
}

impl NightError {
    /// This refusal, about the match given at place `at` (from 1).
    pub fn at_match(self, at: usize) -> NightError {
        NightError::AtMatch {
            at,
            error: Box::new(self),
        }
    }
}

/// Why a night is not a captain's to act on (the secretary's still).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CaptainsNight {
    #[error("the secretary cancelled it")]
    Cancelled,
    #[error("it is not due until {0}")]
    NotDue(chrono::NaiveDate),
    #[error("it is of season {season}, not of the current season {current}")]
    NotCurrent { season: String, current: String },
}
