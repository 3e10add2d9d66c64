//! Where a night goes among its season's fixtures: on its fixture, on it moved, or on one
//! added (the decision is the league's, [`crate::league::fixtures::place_night`]).

use super::note::NightNote;
use chrono::NaiveDate;

use super::error::NightError;
use super::find::{fixture_by_number, is_done};
use crate::app::league::checked;
use crate::app::AppError;
use crate::league::fixtures::{
    night_ahead, other_way_round_on, place_night as league_place_night, NightPlace, PairFixture,
};
use crate::league::{HomeAway, NightResult};
use crate::store::{Change, Fixture, SeasonInfo, StoreError, TeamInfo};

/// What entering a night needs answered before anything is kept: the front end asks it in its
/// own way and enters the night again with the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// The night's date is not its fixture's: was the night moved to it? (Yes:
    /// [`NightEntry::moved`] `Some(true)`; no: the night is refused, [`Question::refused`].)
    Moved {
        home: String,
        away: String,
        fixture: i64,
        was: NaiveDate,
        date: NaiveDate,
    },
    /// The night, given without its date, would go on a fixture still to come: is it that
    /// fixture's night? (Yes: entered on it; no: refused, [`Question::refused`].) The pair's
    /// fixture the other way round played nearest today (number, date) is named.
    Ahead {
        home: String,
        away: String,
        fixture: i64,
        date: NaiveDate,
        other_way: Option<(i64, NaiveDate)>,
    },
    /// A name given on `side` of the match at place `at` (from 1) is close to a known
    /// player's, and not said to be new: is it the known one (yes: that match given again
    /// with the known name), or someone new (no: the name said to be new)?
    NewPlayer {
        at: usize,
        side: HomeAway,
        name: String,
        known: String,
        /// The team on whose roster the known name is (else it is the league's).
        roster: Option<String>,
    },
}

impl Question {
    /// The refusal a "no" comes to.
    pub fn refused(&self) -> NightError {
        match self {
            Question::Moved {
                home,
                away,
                fixture,
                was,
                date,
            } => NightError::NotMoved {
                home: home.clone(),
                away: away.clone(),
                fixture: *fixture,
                was: *was,
                date: *date,
            },
            Question::Ahead {
                home,
                away,
                fixture,
                date,
                other_way,
            } => NightError::Ahead {
                home: home.clone(),
                away: away.clone(),
                fixture: *fixture,
                date: *date,
                other_way: *other_way,
            },
            Question::NewPlayer {
                at,
                name,
                known,
                roster,
                ..
            } => NightError::Slip {
                name: name.clone(),
                known: known.clone(),
                roster: roster.clone(),
            }
            .at_match(*at),
        }
    }
}

/// Where a night goes among its season's fixtures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    /// On this fixture.
    On(Fixture),
    /// On this fixture, moved to the night's date: only when the night was said to be moved.
    Move(Fixture, NaiveDate),
    /// On a new fixture on this date (a season with no schedule, the teams' first night).
    Add(NaiveDate),
}

impl Placement {
    /// The night's date there.
    pub fn date(&self) -> NaiveDate {
        match self {
            Placement::On(f) => f.date,
            Placement::Move(_, d) | Placement::Add(d) => *d,
        }
    }
}

/// Finds the fixture a night goes on. A night on another date than its fixture's moves the
/// fixture only when the entry says the night was moved; a night between two teams beyond
/// their fixtures is refused (a fixture is added first with `don fixtures add`), except in a
/// season that keeps no schedule (no fixture made by `fixtures generate`), where the first
/// night between two teams makes its fixture on its date.
pub fn place_night(
    fixtures: &[Fixture],
    season: &SeasonInfo,
    home: &TeamInfo,
    away: &TeamInfo,
    day: Option<NaiveDate>,
) -> Result<Placement, NightError> {
    let between: Vec<&Fixture> = fixtures
        .iter()
        .filter(|f| f.home.id == home.id && f.away.id == away.id)
        .collect();
    let open: Vec<&Fixture> = between
        .iter()
        .filter(|f| {
            !matches!(
                &f.result,
                Some(NightResult::Totals(_) | NightResult::Walkover(_))
            )
        })
        .filter(|f| !is_done(f, &season.config))
        .copied()
        .collect();
    let played: Vec<NaiveDate> = between
        .iter()
        .filter(|f| is_done(f, &season.config))
        .map(|f| f.date)
        .collect();
    // A season keeps a schedule once `fixtures generate` has made one.
    let scheduled = fixtures.iter().any(|f| f.round.is_some());
    let (h, a, s) = (home.name.clone(), away.name.clone(), season.name.clone());
    let Some(d) = day else {
        return match open[..] {
            [f] => Ok(Placement::On(f.clone())),
            [] if between.is_empty() && !scheduled => Err(NightError::NoFixtureGiveDate {
                season: s,
                home: h,
                away: a,
            }),
            [] if between.is_empty() => Err(NightError::NoFixtureBetween {
                season: s,
                home: h,
                away: a,
                date: None,
            }),
            [] => Err(NightError::NoneLeft {
                season: s,
                home: h,
                away: a,
                played,
            }),
            _ => Err(NightError::SeveralLeft {
                home: h,
                away: a,
                left: open.iter().map(|f| f.date).collect(),
            }),
        };
    };
    // The decision is the league's, as for a results file: on the fixture of that date, else
    // on the one left to play if the night was moved, else a fixture added first.
    let pair_fixtures: Vec<PairFixture> = between
        .iter()
        .map(|f| PairFixture {
            id: f.id,
            date: f.date,
            open: open.iter().any(|o| o.id == f.id),
        })
        .collect();
    let by_id = |id: i64| between.iter().find(|f| f.id == id).map(|f| (*f).clone());
    let place = league_place_night(&pair_fixtures, d, scheduled);
    if !matches!(place, NightPlace::On(_)) {
        // Played the other way round on that date: that night, its teams swapped.
        if let Some(f) = other_way_round_on(&pair_fixtures_of(fixtures, away, home, season), d) {
            return Err(NightError::OtherWayRound {
                home: h,
                away: a,
                date: d,
                fixture: f.id,
            });
        }
    }
    match place {
        NightPlace::On(id) => Ok(Placement::On(by_id(id).expect("one of theirs"))),
        NightPlace::Move { id, .. } => Ok(Placement::Move(by_id(id).expect("one of theirs"), d)),
        NightPlace::Beyond { scheduled: false } if between.is_empty() => Ok(Placement::Add(d)),
        NightPlace::Beyond { .. } if between.is_empty() => Err(NightError::NoFixtureBetween {
            season: s,
            home: h,
            away: a,
            date: Some(d),
        }),
        NightPlace::Beyond { .. } => Err(NightError::NoneOn {
            home: h,
            away: a,
            date: d,
            played,
        }),
        NightPlace::Several(left) => Err(NightError::SeveralNoneOn {
            home: h,
            away: a,
            left: left.iter().map(|(_, date)| *date).collect(),
            date: d,
        }),
    }
}

/// The fixtures of `home` v `away` (home and away so), as placing a night sees them.
fn pair_fixtures_of(
    fixtures: &[Fixture],
    home: &TeamInfo,
    away: &TeamInfo,
    season: &SeasonInfo,
) -> Vec<PairFixture> {
    fixtures
        .iter()
        .filter(|f| f.home.id == home.id && f.away.id == away.id)
        .map(|f| PairFixture {
            id: f.id,
            date: f.date,
            open: f.result.is_none() || !is_done(f, &season.config),
        })
        .collect()
}

/// A night given without its date, found on fixture `on`: the question to ask when that
/// fixture is still to come on `today` (see [`night_ahead`]).
pub fn ahead_question(
    fixtures: &[Fixture],
    season: &SeasonInfo,
    on: &Fixture,
    today: NaiveDate,
) -> Option<Question> {
    let pair = PairFixture {
        id: on.id,
        date: on.date,
        open: true,
    };
    let reversed = pair_fixtures_of(fixtures, &on.away, &on.home, season);
    let ahead = night_ahead(pair, &reversed, today)?;
    Some(Question::Ahead {
        home: on.home.name.clone(),
        away: on.away.name.clone(),
        fixture: on.id,
        date: on.date,
        other_way: ahead.other_way.map(|f| (f.id, f.date)),
    })
}

/// Where a night goes, as [`fixture_at`] finds it.
pub enum Placed {
    /// On this fixture (moved or added as need be).
    On(Fixture),
    /// Off its fixture's date, not said to be moved or not: asked.
    Ask(Question),
}

/// The fixture a night placed so goes on (see [`place_night`]), moved or added as need be. A
/// night off its fixture's date is moved when `moved` says so, refused when it says not, asked
/// about when it says nothing.
pub fn fixture_at(
    change: &Change,
    season: &SeasonInfo,
    teams: (&TeamInfo, &TeamInfo),
    (placement, moved): (Placement, Option<bool>),
    notes: &mut Vec<NightNote>,
) -> Result<Placed, AppError> {
    let (home, away) = teams;
    match placement {
        Placement::On(f) => Ok(Placed::On(f)),
        Placement::Move(f, d) => {
            let question = Question::Moved {
                home: f.home.name.clone(),
                away: f.away.name.clone(),
                fixture: f.id,
                was: f.date,
                date: d,
            };
            match moved {
                Some(true) => {
                    let teams = (f.home.id, f.away.id);
                    checked::move_fixture(change, (season.id, f.id), teams, d)?;
                    notes.push(NightNote::Moved {
                        fixture: f.id,
                        from: f.date,
                        to: d,
                    });
                    fixture_by_number(change, season, f.id).map(Placed::On)
                }
                Some(false) => Err(question.refused().into()),
                None => Ok(Placed::Ask(question)),
            }
        }
        Placement::Add(d) => {
            let id = checked::add_fixture(change, season.id, (None, d), (home.id, away.id))?;
            notes.push(NightNote::FixtureAdded {
                home: home.name.clone(),
                away: away.name.clone(),
                date: d,
            });
            fixture_by_number(change, season, id).map(Placed::On)
        }
    }
}

/// A cancelled fixture played after all.
pub fn uncancel(
    change: &Change,
    fixture: &Fixture,
    notes: &mut Vec<NightNote>,
) -> Result<(), StoreError> {
    if fixture.cancelled {
        change.set_cancelled(fixture.id, false)?;
        notes.push(NightNote::Uncancelled(fixture.id));
    }
    Ok(())
}
