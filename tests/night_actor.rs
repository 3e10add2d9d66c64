//! Who may confirm a night, checked against the actor in `app`: a team's captain acts for
//! their own team only, and never confirms a night their team entered; the secretary (an
//! actor with no team) acts for either team with `by`. The change names the team acted for.

use crate::common;

use common::db::Db;
use don::app::night::{NightError, NightRef, WhichSeason};
use don::app::{Actor, App, AppError, ErrorKind};

/// A league with a night Royal Oak v Red Lion entered for Royal Oak (provisional).
fn entered() -> Db {
    let db = Db::three_teams();
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "6-3",
        "--date",
        "2025-09-04",
    ]);
    db
}

fn team_id(db: &Db, name: &str) -> i64 {
    db.sql(&format!("SELECT id FROM teams WHERE name = '{name}'"))
        .trim()
        .parse()
        .unwrap()
}

fn app(db: &Db, name: &str, team: Option<&str>) -> App {
    let actor = Actor {
        name: name.into(),
        team: team.map(|t| team_id(db, t)),
        game: None,
        league: None,
    };
    App::open_existing(&db.path, actor).unwrap()
}

fn night() -> NightRef<'static> {
    NightRef {
        which: WhichSeason::default(),
        home: "Royal Oak",
        away: "Red Lion",
        date: None,
    }
}

fn kind(e: &AppError) -> ErrorKind {
    e.kind()
}

#[test]
fn a_captain_cannot_confirm_a_night_their_own_team_entered() {
    let db = entered();
    let before = db.dump();
    let mut captain = app(&db, "gareth", Some("Royal Oak"));
    let e = captain.night_confirm(night(), None).unwrap_err();
    assert_eq!(kind(&e), ErrorKind::Forbidden, "{e}");
    assert_eq!(
        e.to_string(),
        "Royal Oak v Red Lion on 2025-09-04 was entered for Royal Oak; Red Lion confirms it"
    );
    // Naming their own team changes nothing.
    let e = captain
        .night_confirm(night(), Some("Royal Oak"))
        .unwrap_err();
    assert_eq!(kind(&e), ErrorKind::Forbidden, "{e}");
    drop(captain);
    assert_eq!(before, db.dump());
}

#[test]
fn a_captain_cannot_act_for_another_team() {
    let db = entered();
    let before = db.dump();
    let mut captain = app(&db, "gareth", Some("Royal Oak"));
    let e = captain
        .night_confirm(night(), Some("Red Lion"))
        .unwrap_err();
    assert_eq!(kind(&e), ErrorKind::Forbidden, "{e}");
    assert!(
        matches!(&e, AppError::Night(NightError::NotYourTeam { other, .. }) if other == "Red Lion"),
        "{e:?}"
    );
    let e = captain
        .night_dispute(night(), Some("Red Lion"), "6-3 was 3-6")
        .unwrap_err();
    assert_eq!(kind(&e), ErrorKind::Forbidden, "{e}");
    drop(captain);
    assert_eq!(before, db.dump());
}

#[test]
fn the_other_teams_captain_confirms_it_and_the_log_names_their_team() {
    let db = entered();
    let mut captain = app(&db, "dai", Some("Red Lion"));
    let done = captain.night_confirm(night(), None).unwrap();
    assert_eq!(
        done.to_string(),
        "Royal Oak v Red Lion on 2025-09-04: confirmed for Red Lion"
    );
    drop(captain);
    let red_lion = team_id(&db, "Red Lion");
    let logged = db.sql("SELECT actor, team FROM operations ORDER BY id DESC LIMIT 1");
    assert_eq!(logged.trim(), format!("dai|{red_lion}"), "{logged}");
}

#[test]
fn the_secretary_acts_for_either_team_with_by() {
    let db = entered();
    let mut secretary = app(&db, "secretary", None);
    // For the team that entered it: refused, as for its captain.
    let e = secretary
        .night_confirm(night(), Some("Royal Oak"))
        .unwrap_err();
    assert_eq!(kind(&e), ErrorKind::Forbidden, "{e}");
    // For the other: disputed, then (for the team that entered it) the dispute is settled.
    let done = secretary
        .night_dispute(night(), Some("Red Lion"), "6-3 was 3-6")
        .unwrap();
    assert_eq!(
        done.to_string(),
        "Royal Oak v Red Lion on 2025-09-04: disputed by Red Lion: 6-3 was 3-6"
    );
    let e = secretary
        .night_confirm(night(), Some("Royal Oak"))
        .unwrap_err();
    assert_eq!(kind(&e), ErrorKind::Forbidden, "{e}");
    let done = secretary.night_confirm(night(), Some("Red Lion")).unwrap();
    assert_eq!(
        done.to_string(),
        "Royal Oak v Red Lion on 2025-09-04: the dispute is settled; confirmed for Red Lion"
    );
    drop(secretary);
    let red_lion = team_id(&db, "Red Lion");
    let logged = db.sql("SELECT actor, team FROM operations ORDER BY id DESC LIMIT 1");
    assert_eq!(logged.trim(), format!("secretary|{red_lion}"), "{logged}");
}

#[test]
fn a_team_that_did_not_play_cannot_confirm() {
    let db = entered();
    let mut captain = app(&db, "huw", Some("Fox and Hounds"));
    let e = captain.night_confirm(night(), None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Fox and Hounds did not play in Royal Oak v Red Lion on 2025-09-04"
    );
}

/// Deducting or awarding points, withdrawing a team and moving a fixture are the secretary's:
/// a captain asking is refused (Forbidden) whatever the front end, and nothing is changed; the
/// secretary (an actor with no team) may.
#[test]
fn only_the_secretary_deducts_awards_withdraws_and_moves() {
    let db = entered();
    let before = db.dump();
    let mut captain = app(&db, "gareth", Some("Royal Oak"));
    let day = chrono::NaiveDate::from_ymd_opt(2025, 9, 4).unwrap();
    let refusals = [
        captain
            .adjust(WhichSeason::default(), "Red Lion", (2, -1), "late", day)
            .map(|_| ())
            .unwrap_err(),
        captain
            .adjust(WhichSeason::default(), "Royal Oak", (1, 1), "kind", day)
            .map(|_| ())
            .unwrap_err(),
        captain
            .withdraw(WhichSeason::default(), "Red Lion", day)
            .map(|_| ())
            .unwrap_err(),
        captain
            .fixture_move(&Default::default(), 2, day)
            .map(|_| ())
            .unwrap_err(),
    ];
    for e in &refusals {
        assert_eq!(kind(e), ErrorKind::Forbidden, "{e}");
        assert!(e.to_string().contains("only the league's secretary"), "{e}");
    }
    drop(captain);
    assert_eq!(db.dump(), before);
    let mut secretary = app(&db, "sian", None);
    secretary
        .adjust(WhichSeason::default(), "Red Lion", (2, -1), "late", day)
        .unwrap();
    assert_ne!(db.dump(), before);
}
