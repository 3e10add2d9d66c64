//! What a league, season, team, roster or fixture change refuses: typed, each refusal carrying
//! what was asked (the name given, the nearest name there is, the fixture in the way); its
//! text says what is wrong, never which flag or command mends it: each front end says that in
//! its own words (`cli::error`, `web::error`). Its kind is given in `app::league`.

use chrono::NaiveDate;

use super::config::ConfigError;
use super::fixtures::{FixtureError, SeasonChoice};
use super::names::{quoted, suggest, tidy};

/// What a name names: a league, a season of one, a team of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Thing {
    League,
    Season,
    Team,
    Player,
    Division,
}

impl Thing {
    pub fn as_str(self) -> &'static str {
        match self {
            Thing::League => "league",
            Thing::Season => "season",
            Thing::Team => "team",
            Thing::Player => "player",
            Thing::Division => "division",
        }
    }
}

impl std::fmt::Display for Thing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that names nothing there: "no team 'Royal Oke' in Abercarn; did you mean 'Royal
/// Oak'?", or with no near name the names there are (up to twelve).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    pub what: Thing,
    /// The name given, tidied.
    pub name: String,
    /// The league it was looked for in (none for a league).
    pub within: Option<String>,
    /// The nearest known name, if one is near enough to be a slip.
    pub nearest: Option<String>,
    /// Every known name.
    pub known: Vec<String>,
}

impl Unknown {
    /// `name`, a `what` of `within`, which is none of `known`.
    pub fn new<'a>(
        what: Thing,
        name: &str,
        within: Option<&str>,
        known: impl IntoIterator<Item = &'a str>,
    ) -> Unknown {
        let known: Vec<&str> = known.into_iter().collect();
        Unknown {
            what,
            name: tidy(name),
            within: within.map(str::to_string),
            nearest: suggest(name, known.iter().copied()).map(str::to_string),
            known: known.into_iter().map(str::to_string).collect(),
        }
    }
}

impl std::fmt::Display for Unknown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "no {} '{}'", self.what, self.name)?;
        if let Some(league) = &self.within {
            write!(f, " in {league}")?;
        }
        match &self.nearest {
            Some(s) => write!(f, "; did you mean '{s}'?"),
            None if self.known.is_empty() || self.known.len() > 12 => Ok(()),
            None => write!(f, " (there are: {})", self.known.join(", ")),
        }
    }
}

/// A team named in a season's `--teams` that the league does not have, and the known team it
/// is near (a slip, which `--create` does not make).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTeam {
    pub unknown: Unknown,
    pub near: Option<String>,
}

/// Why a league, season, team, roster or fixture change is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LeagueError {
    /// No league asked for, and none there.
    #[error("there is no league yet")]
    NoLeague,
    /// No league asked for, and several there.
    #[error("which league? There are: {}", .leagues.join(", "))]
    WhichLeague { leagues: Vec<String> },
    /// A league, season or team by a name that names none.
    #[error("{0}")]
    NotFound(Unknown),
    /// A league with no season yet.
    #[error("{league} has no season yet")]
    NoSeason { league: String },
    /// `--same-teams` in a league whose first season this is.
    #[error("{league} has no earlier season")]
    NoEarlierSeason { league: String },
    /// No season asked for a schedule, and several without fixtures (their names escaped).
    #[error("which season? {} have no fixtures yet", .seasons.join(" and "))]
    WhichSeason { seasons: Vec<String> },
    /// A name that is blank once tidied.
    #[error("a {what}'s name cannot be blank")]
    BlankName { what: Thing },
    /// A season whose name dates it outside the years a date may be in (`9999-00`).
    #[error("season {name}: {why}")]
    SeasonOutOfYears {
        name: String,
        why: super::fixtures::SeasonOutOfYears,
    },
    /// A name taken by a league, or by a season or team of `league`.
    #[error("{}", taken(*.what, .league, .name))]
    NameTaken {
        what: Thing,
        league: String,
        name: String,
    },
    /// A team named twice in `--teams` (as typed each time).
    #[error("the teams name {} twice{}: a team is entered in a season once", quoted(&tidy(.first)), forms(.first, .again))]
    TeamTwice { first: String, again: String },
    /// Teams of `--teams` the league does not have (with `--create`, only those near a known
    /// team), and how many of all those unknown were near one.
    #[error("{}", unknown_teams(.league, .unknown))]
    UnknownTeams {
        league: String,
        unknown: Vec<UnknownTeam>,
        create: bool,
        near: usize,
    },
    /// A team to make (`--create`) near a known one.
    #[error("no team '{}' in {league}; did you mean '{near}'?", tidy(.name))]
    NearTeam {
        name: String,
        league: String,
        near: String,
    },
    /// One player named twice (as names match), as typed each time.
    #[error("{} is named twice (the second time as {}): name each player once", quoted(.first), quoted(.second))]
    PlayerTwice { first: String, second: String },
    /// A player a letter or two from one the league knows, not said to be new.
    #[error("{name} is not a player of the league; did you mean '{meant}'?")]
    PlayerNearMiss { name: String, meant: String },
    /// A player put on a team's roster (or a night's side) while on another team's for the
    /// season (RULES.md §9: one team a season; a dated transfer moves them).
    #[error("{player} plays for {other} in {season} (a player plays for one team in a season)")]
    OtherTeam {
        player: String,
        team: String,
        other: String,
        season: String,
    },
    /// A transfer of a name two players bear: never taken as either (RULES.md §9).
    #[error("'{player}' could mean {}: say which to move", .candidates.join(" or "))]
    TransferOfWhom {
        player: String,
        candidates: Vec<String>,
    },
    /// A transfer of a player on no other team's roster for the season (or on this one's).
    #[error("{player} is on no other team's roster in {season} to move to {team} from")]
    NoTransfer {
        player: String,
        team: String,
        season: String,
    },
    /// A transfer dated at or before the player's place on the old team began.
    #[error("{player} joined {other} on {since}: a transfer to {team} must be dated after")]
    TransferBefore {
        player: String,
        team: String,
        other: String,
        since: NaiveDate,
    },
    /// A player to take off a roster who is not on it.
    #[error("{player} is not on the roster of {team} for {season}")]
    NotOnRoster {
        player: String,
        team: String,
        season: String,
    },
    /// A configuration that cannot be kept.
    #[error("{0}")]
    Config(#[from] ConfigError),
    /// A fixture between a team and itself.
    #[error("a team cannot play itself")]
    PlaysItself,
    /// The same home and away teams have a fixture on that date already.
    #[error("{home} v {away} is fixture {id} on {day} already{}", if *.cancelled { " (cancelled: entering its night plays it after all)" } else { "" })]
    FixtureThere {
        id: i64,
        home: String,
        away: String,
        day: NaiveDate,
        cancelled: bool,
    },
    /// One of the teams has another fixture that date.
    #[error("{team} has a fixture on {day} already: fixture {id}, {home} v {away} (a team plays one fixture a date)")]
    TeamPlaysThatDay {
        team: String,
        day: NaiveDate,
        id: i64,
        home: String,
        away: String,
    },
    /// A date no season can be chosen for, or that does not fit the season.
    #[error(transparent)]
    Season(#[from] SeasonChoice),
    /// A division named twice in a season's divisions (as typed each time).
    #[error("the divisions name {} twice{}: each division is named once", quoted(&tidy(.first)), forms(.first, .again))]
    DivisionTwice { first: String, again: String },
    /// A team named twice in a season's divisions (as typed each time), in `first_division`
    /// and in `second_division` (the same division when it was named twice in one).
    #[error("{}", team_in_two_divisions(.first, .again, .first_division, .second_division))]
    TeamInTwoDivisions {
        first: String,
        again: String,
        first_division: String,
        second_division: String,
    },
    /// A division with no teams in a season's divisions.
    #[error("division {} has no teams: name its teams after a colon, as 'Premier: Royal Oak, Red Lion'", quoted(&tidy(.division)))]
    EmptyDivision { division: String },
    /// A division asked of a season that has none.
    #[error("season {season} has no divisions")]
    NoDivisions { season: String },
    /// A team moved between divisions once the season's fixtures are made.
    #[error("season {season} has fixtures already: a team moves to another division only before they are made")]
    MovedTooLate { season: String },
    /// A team to move that is not entered in the season.
    #[error("{team} is not entered in season {season}")]
    NotEntered { team: String, season: String },
    /// A fixture or night between teams of two divisions.
    #[error("{home} plays in {home_division} and {away} in {away_division}: a team plays only teams of its own division")]
    OtherDivisions {
        home: String,
        away: String,
        home_division: String,
        away_division: String,
    },
    /// A team moved to the division it plays in.
    #[error("{team} plays in {division} already")]
    InDivision { team: String, division: String },
    /// Something entered into a closed season (one known only by its final table).
    #[error("season {season} is closed: it is known by its final table, recorded as printed, and nothing can be entered in it")]
    SeasonClosed { season: String },
    /// A season to plan that has fixtures already.
    #[error("season {season} has fixtures already; move or cancel them one by one")]
    HasFixtures { season: String },
    /// A season's fixtures that cannot be made.
    #[error("{}", plan_words(.season, *.start, .error))]
    Plan {
        season: String,
        start: NaiveDate,
        error: FixtureError,
    },
    /// A fixture number the season does not have.
    #[error("season {season} has no fixture {id}")]
    NoFixture { season: String, id: i64 },
    /// A played fixture to move.
    #[error("fixture {id} ({home} v {away}) has been played; its night stays {}", stays(.date))]
    PlayedStays {
        id: i64,
        home: String,
        away: String,
        /// None for a results grid's night, which has no date.
        date: Option<NaiveDate>,
    },
    /// A played fixture to cancel.
    #[error("fixture {id} ({home} v {away}) has been played; undoing its night or a withdrawal takes a result away")]
    PlayedNotCancelled { id: i64, home: String, away: String },
    /// A fixture to cancel that is cancelled.
    #[error("fixture {id} is cancelled already")]
    CancelledAlready { id: i64 },
    /// A fixture to reinstate that is not cancelled.
    #[error("fixture {id} is not cancelled")]
    NotCancelled { id: i64 },
}

fn taken(what: Thing, league: &str, name: &str) -> String {
    match what {
        Thing::League => format!("there is already a league '{name}'"),
        _ => format!("{league} already has a {what} '{name}'"),
    }
}

/// " (as 'royal oak' and 'Royal Oak')" when a name was typed two ways.
pub fn forms(first: &str, again: &str) -> String {
    if first == again {
        String::new()
    } else {
        format!(" (as {} and {})", quoted(first), quoted(again))
    }
}

/// A team named twice in a season's divisions: where, in words for any front end.
pub fn team_in_two_divisions(
    first: &str,
    again: &str,
    first_division: &str,
    second_division: &str,
) -> String {
    let team = quoted(&tidy(first));
    let forms = forms(first, again);
    if first_division == second_division {
        format!(
            "the divisions name {team} twice{forms}, both in division {}: a team plays in one division",
            quoted(&tidy(first_division))
        )
    } else {
        format!(
            "the divisions name {team} twice{forms}, in division {} and in division {}: a team plays in one division",
            quoted(&tidy(first_division)),
            quoted(&tidy(second_division))
        )
    }
}

fn unknown_teams(league: &str, unknown: &[UnknownTeam]) -> String {
    match unknown {
        [UnknownTeam {
            unknown,
            near: Some(s),
        }] => format!(
            "no team '{}' in {league}; did you mean '{s}'?",
            unknown.name
        ),
        [UnknownTeam {
            unknown,
            near: None,
        }] => unknown.to_string(),
        several => {
            let words: Vec<String> = several
                .iter()
                .map(|u| match &u.near {
                    Some(s) => format!("'{}' (did you mean '{s}'?)", u.unknown.name),
                    None => format!("'{}'", u.unknown.name),
                })
                .collect();
            format!("no teams {} in {league}", words.join(", "))
        }
    }
}

fn plan_words(season: &str, start: NaiveDate, e: &FixtureError) -> String {
    match e {
        FixtureError::OutOfDates => {
            format!("season {season}: {e} (starting {start}); start earlier, or skip fewer dates")
        }
        FixtureError::SkipOffDay(..)
        | FixtureError::SkipBefore(..)
        | FixtureError::SkipAfter(..) => {
            format!("the dates skipped: {e}")
        }
        FixtureError::TooFew(_) | FixtureError::Twice(_) => {
            format!("season {season}: {e}; enter its teams first")
        }
    }
}

impl LeagueError {
    /// The one of `items` called `name` (case and extra spaces ignored), or a refusal naming
    /// the nearest (`within`, the league a season or team is looked for in).
    pub fn pick<'a, T>(
        items: &'a [T],
        name: &str,
        name_of: impl Fn(&T) -> &str,
        what: Thing,
        within: Option<&str>,
    ) -> Result<&'a T, LeagueError> {
        let key = super::names::name_key(name);
        items
            .iter()
            .find(|i| super::names::name_key(name_of(i)) == key)
            .ok_or_else(|| {
                LeagueError::NotFound(Unknown::new(what, name, within, items.iter().map(&name_of)))
            })
    }
}

/// Where a played night stays: "on 2025-10-02", or, for a results grid's, "with no date".
fn stays(date: &Option<NaiveDate>) -> String {
    match date {
        Some(d) => format!("on {d}"),
        None => "with no date (a results grid's night)".into(),
    }
}
