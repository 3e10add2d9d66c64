//! A night entered in-process against `App` with typed values (issue 28, points 2 and 6): its
//! matches, totals or a walkover as values, a refusal naming the place of the match refused;
//! "was the night moved?" asked as a typed question, nothing kept until it is answered; and
//! "today" the App's own clock, pinned here, for a captain's "due by today" rule and the
//! choice of the current season.

use crate::common;

use chrono::NaiveDate;
use common::db::Db;
use don::app::night::enter::MatchEntry;
use don::app::night::enter::{Given, KeptNight, NightEntered, NightEntry, NightQuestion, Question};
use don::app::night::error::CaptainsNight;
use don::app::night::{NightError, NightNamed, NightRef, WhichSeason};
use don::app::{Actor, App, AppError};
use don::league::{HomeAway, Kind, Pair};

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

fn team_id(db: &Db, name: &str) -> i64 {
    db.sql(&format!("SELECT id FROM teams WHERE name = '{name}'"))
        .trim()
        .parse()
        .unwrap()
}

/// The App of `db`, for the secretary (no team) or a team's captain, today pinned.
fn app(db: &Db, team: Option<&str>, today: &str) -> App {
    let actor = Actor {
        name: "tester".into(),
        team: team.map(|t| team_id(db, t)),
        game: None,
        league: None,
    };
    let mut app = App::open_existing(&db.path, actor).unwrap();
    app.pin_today(day(today));
    app
}

fn night<'a>(home: &'a str, away: &'a str, date: Option<&str>) -> NightRef<'a> {
    NightRef {
        which: WhichSeason::default(),
        home,
        away,
        date: date.map(day),
    }
}

fn entry<'a>(night: NightRef<'a>, moved: Option<bool>) -> NightEntry<'a> {
    NightEntry {
        night,
        moved,
        entered_for: None,
        new_players: &[],
    }
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|n| n.to_string()).collect()
}

/// A match of the short nights' league: players each side, legs won home first.
fn played(kind: Kind, slot: u32, home: &[&str], away: &[&str], legs: (u32, u32)) -> MatchEntry {
    MatchEntry {
        kind,
        slot,
        players: Pair::new(names(home), names(away)),
        legs: Pair::new(legs.0, legs.1),
        leg_entries: Vec::new(),
    }
}

#[test]
fn a_nights_matches_are_entered_as_values() {
    let db = Db::short_nights();
    let mut app = app(&db, None, "2025-09-04");
    let given = Given::Matches(vec![
        played(Kind::Don, 1, &["Gareth", "Rhys"], &["Dai", "Huw"], (2, 1)),
        played(
            Kind::Don,
            2,
            &["Emrys", "Glyn"],
            &["Aled", "Bethan"],
            (0, 2),
        ),
        played(Kind::SingleCrib, 1, &["Sian"], &["Mair"], (2, 0)),
    ]);
    let at = night("Royal Oak", "Red Lion", Some("2025-09-04"));
    let NightEntered::Kept { night, .. } = app.night_enter(entry(at, None), given).unwrap() else {
        panic!("not kept");
    };
    let KeptNight::Matches { title, result } = &night else {
        panic!("not matches");
    };
    assert_eq!(title, "Royal Oak v Red Lion on 2025-09-04");
    assert!(result.starts_with("2–1"), "{result}");
    let stored = db.sql("SELECT kind, slot, home_legs, away_legs FROM matches ORDER BY kind, slot");
    assert_eq!(stored.lines().count(), 3, "{stored}");
}

#[test]
fn a_refused_match_is_named_by_its_place_among_those_given_and_nothing_is_kept() {
    let db = Db::short_nights();
    let before = db.dump();
    let mut app = app(&db, None, "2025-09-04");
    let given = Given::Matches(vec![
        played(Kind::Don, 1, &["Gareth", "Rhys"], &["Dai", "Huw"], (2, 1)),
        // Not a best of three: refused, as the second match given.
        played(
            Kind::Don,
            2,
            &["Emrys", "Glyn"],
            &["Aled", "Bethan"],
            (3, 0),
        ),
    ]);
    let at = night("Royal Oak", "Red Lion", Some("2025-09-04"));
    let Err(e) = app.night_enter(entry(at, None), given) else {
        panic!("kept");
    };
    let AppError::Night(NightError::AtMatch { at, error }) = &e else {
        panic!("{e:?}");
    };
    assert_eq!(*at, 2);
    assert!(
        matches!(
            **error,
            NightError::Check(don::league::NightFault::Legs { .. })
        ),
        "{error:?}"
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn a_night_entered_twice_is_refused_naming_the_night_as_data_not_words() {
    let db = Db::short_nights();
    let mut app = app(&db, None, "2025-09-04");
    let at = || night("Royal Oak", "Red Lion", Some("2025-09-04"));
    app.night_enter(entry(at(), None), Given::Totals(Pair::new(2, 1)))
        .unwrap();
    let before = db.dump();
    let Err(e) = app.night_enter(entry(at(), None), Given::Totals(Pair::new(1, 2))) else {
        panic!("kept twice");
    };
    let AppError::Night(NightError::HasResult { title, night, .. }) = &e else {
        panic!("{e:?}");
    };
    assert_eq!(title, "Royal Oak v Red Lion on 2025-09-04");
    assert_eq!(
        *night,
        NightNamed {
            home: "Royal Oak".into(),
            away: "Red Lion".into(),
            date: Some(day("2025-09-04")),
        }
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn totals_and_a_walkover_are_entered_as_values() {
    let db = Db::short_nights();
    let mut app = app(&db, None, "2025-09-04");
    let at = night("Royal Oak", "Red Lion", Some("2025-09-04"));
    let kept = app
        .night_enter(entry(at, None), Given::Totals(Pair::new(2, 1)))
        .unwrap();
    assert!(matches!(
        kept,
        NightEntered::Kept {
            night: KeptNight::Totals { .. },
            ..
        }
    ));
    let at = night("Red Lion", "Fox and Hounds", Some("2025-09-11"));
    let kept = app
        .night_enter(entry(at, None), Given::Walkover(HomeAway::Away))
        .unwrap();
    let NightEntered::Kept {
        night: KeptNight::Walkover { to, .. },
        ..
    } = kept
    else {
        panic!("not a walkover");
    };
    assert_eq!(to, "Fox and Hounds");
}

#[test]
fn a_night_off_its_fixtures_date_is_asked_about_and_nothing_is_kept_until_answered() {
    let db = Db::four_teams_scheduled();
    let before = db.dump();
    let mut app = app(&db, None, "2025-09-30");
    let totals = Given::Totals(Pair::new(5, 4));
    let at = night("A", "B", Some("2025-09-19"));
    let asked = app.night_enter(entry(at, None), totals.clone()).unwrap();
    let NightEntered::Asked(asked) = asked else {
        panic!("not asked");
    };
    assert_eq!(
        asked.question,
        Question::Moved {
            home: "A".into(),
            away: "B".into(),
            fixture: 6,
            was: day("2025-09-18"),
            date: day("2025-09-19"),
        }
    );
    assert_eq!(db.dump(), before, "nothing is kept before the answer");
    // No: refused, as the question says.
    let Err(AppError::Night(NightError::NotMoved { fixture: 6, .. })) =
        app.night_enter(entry(at, Some(false)), totals.clone())
    else {
        panic!("a night not moved was entered");
    };
    assert_eq!(db.dump(), before);
    // Yes: the fixture is moved and the night kept.
    let NightEntered::Kept { notes, .. } = app.night_enter(entry(at, Some(true)), totals).unwrap()
    else {
        panic!("not kept");
    };
    let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
    assert_eq!(notes, ["fixture 6 moved from 2025-09-18 to 2025-09-19"]);
}

#[test]
fn a_captain_may_enter_a_night_only_when_it_is_due_by_the_pinned_today() {
    let db = Db::four_teams_scheduled();
    let totals = Given::Totals(Pair::new(5, 4));
    let at = night("A", "B", None);
    let Err(e) = app(&db, Some("A"), "2025-09-17").night_enter(entry(at, None), totals.clone())
    else {
        panic!("a captain entered a night not due");
    };
    let AppError::Night(NightError::NotACaptainsNight { why, .. }) = &e else {
        panic!("{e:?}");
    };
    assert_eq!(*why, CaptainsNight::NotDue(day("2025-09-18")));
    let kept = app(&db, Some("A"), "2025-09-18").night_enter(entry(at, None), totals);
    assert!(
        matches!(kept, Ok(NightEntered::Kept { .. })),
        "not kept on the day it is due"
    );
}

/// The four scheduled teams' league with a season 2026-27 of A and B after it, whose one fixture
/// is A v B on 2026-09-10.
fn with_next_season() -> Db {
    let db = Db::four_teams_scheduled();
    db.ok(&["season", "new", "2026-27", "--teams", "A, B"]);
    db.ok(&[
        "fixtures",
        "add",
        "A",
        "B",
        "2026-09-10",
        "--season",
        "2026-27",
    ]);
    db
}

#[test]
fn the_current_season_is_chosen_on_the_pinned_today() {
    let db = with_next_season();
    let totals = Given::Totals(Pair::new(5, 4));
    // A night named without its date is looked for in the season current on today.
    let kept = |today: &str| {
        let at = night("A", "B", None);
        match app(&db, None, today).night_enter(entry(at, None), totals.clone()) {
            Ok(NightEntered::Kept {
                night: KeptNight::Totals { title, .. },
                ..
            }) => title,
            _ => panic!("not kept"),
        }
    };
    assert_eq!(kept("2025-09-20"), "A v B on 2025-09-18");
    assert_eq!(kept("2026-09-12"), "A v B on 2026-09-10");
    // A captain acts on the current season's nights only: on a day of the next season, a night
    // of the last is no longer theirs.
    let db = with_next_season();
    let at = night("A", "B", Some("2025-09-18"));
    let Err(e) = app(&db, Some("A"), "2026-09-12").night_enter(entry(at, None), totals.clone())
    else {
        panic!("a captain entered a night of a past season");
    };
    let AppError::Night(NightError::NotACaptainsNight { why, .. }) = &e else {
        panic!("{e:?}");
    };
    assert!(
        matches!(why, CaptainsNight::NotCurrent { current, .. } if current == "2026-27"),
        "{why:?}"
    );
}

#[test]
fn a_name_close_to_a_known_players_is_asked_about_and_the_answer_enters_it() {
    let db = Db::three_teams_with_rosters();
    let before = db.dump();
    let mut app = app(&db, None, "2025-09-04");
    let given = Given::Matches(vec![
        played(Kind::Don, 1, &["Gareth", "Rhys"], &["Dai", "Huw"], (2, 1)),
        played(Kind::Don, 2, &["Emrys", "Glyn"], &["Aled", "Bethn"], (0, 2)),
    ]);
    let at = night("Royal Oak", "Red Lion", Some("2025-09-04"));
    let NightEntered::Asked(asked) = app.night_enter(entry(at, None), given.clone()).unwrap()
    else {
        panic!("not asked");
    };
    assert_eq!(
        asked.question,
        Question::NewPlayer {
            at: 2,
            side: HomeAway::Away,
            name: "Bethn".into(),
            known: "Bethan".into(),
            roster: Some("Red Lion".into()),
        }
    );
    assert_eq!(db.dump(), before, "nothing is kept before the answer");
    // A front end that cannot ask refuses it, naming the match and the name.
    let NightError::AtMatch { at: 2, error } = asked.question.refused() else {
        panic!("not at match 2");
    };
    assert!(matches!(*error, NightError::Slip { .. }), "{error:?}");
    // "No, someone new": said so, the night is kept and the name joins the roster.
    let new = names(&["Bethn"]);
    let answered = NightEntry {
        new_players: &new,
        ..entry(at, None)
    };
    let NightEntered::Kept { notes, .. } = app.night_enter(answered, given).unwrap() else {
        panic!("not kept");
    };
    assert!(
        notes.iter().any(|n| n
            .to_string()
            .contains("Bethn was not on the roster of Red Lion")),
        "{notes:?}"
    );
}

/// The question a night entry asks, with its answer: the night as it was resolved to ask it.
fn asked(entered: NightEntered) -> NightQuestion {
    match entered {
        NightEntered::Asked(asked) => asked,
        _ => panic!("not asked"),
    }
}

#[test]
fn a_question_answered_enters_the_night_as_it_was_resolved() {
    let db = Db::four_teams_scheduled();
    let before = db.dump();
    let mut secretary = app(&db, None, "2025-09-30");
    let totals = Given::Totals(Pair::new(5, 4));
    let at = night("A", "B", Some("2025-09-19"));
    let question = asked(
        secretary
            .night_enter(entry(at, None), totals.clone())
            .unwrap(),
    );
    // No: refused, as the question says, nothing kept.
    let Err(AppError::Night(NightError::NotMoved { fixture: 6, .. })) =
        secretary.night_answer(question.clone(), false)
    else {
        panic!("a night not moved was entered");
    };
    assert_eq!(db.dump(), before);
    // Yes: the fixture is moved and the night kept.
    let NightEntered::Kept { notes, night: kept } = secretary.night_answer(question, true).unwrap()
    else {
        panic!("not kept");
    };
    let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
    assert_eq!(notes, ["fixture 6 moved from 2025-09-18 to 2025-09-19"]);
    assert_eq!(kept.to_string(), "A v B on 2025-09-19: 5–4.");
    assert_eq!(
        db.sql("SELECT date, home_points, away_points FROM fixtures WHERE id = 6")
            .trim(),
        "2025-09-19|5|4"
    );

    // A name close to a known player's: yes, it is the known one, entered so.
    let db = Db::three_teams_with_rosters();
    let mut secretary = app(&db, None, "2025-09-04");
    let given = Given::Matches(vec![
        played(Kind::Don, 1, &["Gareth", "Rhys"], &["Dai", "Huw"], (2, 1)),
        played(Kind::Don, 2, &["Emrys", "Glyn"], &["Aled", "Bethn"], (0, 2)),
    ]);
    let at = night("Royal Oak", "Red Lion", Some("2025-09-04"));
    let question = asked(secretary.night_enter(entry(at, None), given).unwrap());
    let NightEntered::Kept { notes, .. } = secretary.night_answer(question, true).unwrap() else {
        panic!("not kept");
    };
    assert!(
        notes.iter().all(|n| !n.to_string().contains("Bethn")),
        "{notes:?}"
    );
    let players = db.sql("SELECT name FROM players ORDER BY name");
    assert!(players.lines().any(|p| p == "Bethan"), "{players}");
    assert!(!players.lines().any(|p| p == "Bethn"), "{players}");
}

#[test]
fn a_question_answered_after_its_night_changed_is_refused_and_nothing_is_kept() {
    let db = Db::four_teams_scheduled();
    let mut app = app(&db, None, "2025-09-30");
    let at = night("A", "B", Some("2025-09-19"));
    let question = asked(
        app.night_enter(entry(at, None), Given::Totals(Pair::new(5, 4)))
            .unwrap(),
    );
    // Meanwhile another change enters the night on its fixture's date.
    let on_its_date = night("A", "B", Some("2025-09-18"));
    let other = app.night_enter(entry(on_its_date, None), Given::Totals(Pair::new(3, 6)));
    assert!(matches!(other, Ok(NightEntered::Kept { .. })), "not kept");
    let meanwhile = db.dump();
    let Err(e) = app.night_answer(question, true) else {
        panic!("entered over a night changed meanwhile");
    };
    let AppError::Night(NightError::AskedMeanwhile { title }) = &e else {
        panic!("{e:?}");
    };
    assert_eq!(title, "A v B on 2025-09-19");
    assert_eq!(db.dump(), meanwhile, "nothing is kept");
}

/// Issue 29 point 15: every match of a night given at once is checked, past a refusal: a name
/// a letter from a known player's in Don 1 and legs 3–0 in Don 2 are both refused, typed, each
/// at its match; nothing is kept. One fault alone is refused as before (at its match).
#[test]
fn every_fault_of_a_night_given_at_once_is_refused_each_at_its_match() {
    let db = Db::three_teams_with_rosters();
    let mut secretary = app(&db, None, "2025-09-04");
    let before = db.dump();
    let given = Given::Matches(vec![
        played(Kind::Don, 1, &["Gareth", "Rhys"], &["Dai", "Hwu"], (2, 1)),
        played(
            Kind::Don,
            2,
            &["Emrys", "Glyn"],
            &["Aled", "Bethan"],
            (3, 0),
        ),
        played(Kind::Don, 3, &["Sian", "Gareth"], &["Mair", "Dai"], (2, 0)),
    ]);
    let at = night("Royal Oak", "Red Lion", Some("2025-09-04"));
    let Err(AppError::Night(NightError::Faults(all))) =
        secretary.night_enter(entry(at, None), given)
    else {
        panic!("not refused with every fault");
    };
    let places: Vec<usize> = all
        .iter()
        .map(|e| match e {
            NightError::AtMatch { at, .. } => *at,
            other => panic!("not at a match: {other:?}"),
        })
        .collect();
    assert_eq!(places, [1, 2]);
    assert!(matches!(
        &all[0],
        NightError::AtMatch { error, .. } if matches!(**error, NightError::Slip { .. })
    ));
    assert!(matches!(
        &all[1],
        NightError::AtMatch { error, .. } if matches!(**error, NightError::Check(_))
    ));
    assert_eq!(db.dump(), before, "nothing kept");
    // The command line says both, each at its --match.
    let out = common::db::refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Gareth+Rhys; Dai+Hwu; 2-1",
            "--match",
            "don 2; Emrys+Glyn; Aled+Bethan; 3-0",
        ],
        2,
        "--match 1: ",
    );
    let err = common::text(&out.stderr);
    assert!(err.contains("--match 2: "), "{err}");
}
