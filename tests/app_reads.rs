//! The reads every front end takes through `App`: the season a league's front page shows on a
//! pinned day, and whose move a night is at each step of its confirmation flow (the league's
//! rule, read by `App::night_by_number`).

use crate::common;

use chrono::NaiveDate;
use common::db::Db;
use don::app::league::which::Choice;
use don::app::night::{NightRef, WhichSeason};
use don::app::{Actor, App};
use don::league::confirm::{whose_move, Move, Viewer};
use don::league::{Confirmation, HomeAway};

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn secretary(db: &Db) -> App {
    let actor = Actor {
        name: "secretary".into(),
        team: None,
        game: None,
        league: None,
    };
    App::open_existing(&db.path, actor).unwrap()
}

/// Valleys League with 2025-26 (2025-09-04 to 2025-10-09) and 2026-27 (2026-09-03 to
/// 2026-10-08) scheduled.
fn two_seasons() -> Db {
    let db = Db::four_teams_scheduled();
    db.ok(&["season", "new", "2026-27", "--teams", "A, B, C, D"]);
    db.ok(&[
        "fixtures",
        "generate",
        "--season",
        "2026-27",
        "--start",
        "2026-09-01",
        "--weekday",
        "thu",
    ]);
    db
}

fn front(app: &App, name: Option<&str>, today: &str) -> Option<String> {
    let league = app.league(&Choice::default()).unwrap();
    app.front_season(&league, name, day(today))
        .unwrap()
        .map(|s| s.name)
}

#[test]
fn the_front_page_shows_the_season_whose_dates_hold_the_day_pinned() {
    let db = two_seasons();
    let app = App::open_read(&db.path).unwrap();
    // Each season's six rounds run on Thursdays from its first.
    assert_eq!(front(&app, None, "2025-09-25").as_deref(), Some("2025-26"));
    assert_eq!(front(&app, None, "2026-09-24").as_deref(), Some("2026-27"));
    // Between seasons, and long after: the one whose dates end latest.
    assert_eq!(front(&app, None, "2026-01-01").as_deref(), Some("2026-27"));
    assert_eq!(front(&app, None, "2030-01-01").as_deref(), Some("2026-27"));
    // A season named is shown whatever the day.
    assert_eq!(
        front(&app, Some("2025-26"), "2026-11-19").as_deref(),
        Some("2025-26")
    );
}

#[test]
fn a_league_with_no_season_has_no_front_season() {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys League"]);
    let app = App::open_read(&db.path).unwrap();
    assert_eq!(front(&app, None, "2025-11-20"), None);
}

#[test]
fn the_reads_choose_league_and_season_once_and_list_what_they_hold() {
    let db = two_seasons();
    let app = App::open_read(&db.path).unwrap();
    let leagues = app.leagues().unwrap();
    assert_eq!(leagues.len(), 1);
    let seasons: Vec<_> = app
        .seasons(&leagues[0])
        .unwrap()
        .into_iter()
        .map(|s| (s.season.name, s.closed))
        .collect();
    assert_eq!(
        seasons,
        [
            ("2025-26".to_string(), false),
            ("2026-27".to_string(), false)
        ]
    );
    let (_, season) = app
        .choose(&Choice {
            league: None,
            season: Some("2026-27".into()),
        })
        .unwrap();
    assert_eq!(season.name, "2026-27");
    let entries = app.entries(&season).unwrap();
    assert_eq!(entries.len(), 4);
    let fixtures = app.fixtures(&season).unwrap();
    assert_eq!(fixtures.len(), 12);
    assert!(fixtures.iter().all(|f| f.date >= day("2026-09-03")));
    assert_eq!(app.team(&leagues[0], "b").unwrap().name, "B");
}

/// A v B's fixture of 2025-26 (on 2025-09-18), as its page reads it on `today`.
fn a_v_b(app: &mut App, today: &str) -> (i64, Move) {
    let id: i64 = {
        let (_, season) = app.choose(&Choice::default()).unwrap();
        app.fixtures(&season)
            .unwrap()
            .into_iter()
            .find(|f| f.home.name == "A" && f.away.name == "B")
            .unwrap()
            .id
    };
    app.pin_today(day(today));
    let night = app.night_by_number(None, id).unwrap();
    assert_eq!(night.fixture.id, id);
    (id, night.whose_move)
}

fn night() -> NightRef<'static> {
    NightRef {
        which: WhichSeason::default(),
        home: "A",
        away: "B",
        date: None,
    }
}

#[test]
fn whose_move_a_night_is_at_each_step_of_its_confirmation_flow() {
    let db = Db::four_teams_scheduled();
    let home = Viewer::Captain(HomeAway::Home);
    let away = Viewer::Captain(HomeAway::Away);
    {
        let mut app = secretary(&db);
        // Not due yet: nobody's; due: a captain's to enter.
        assert_eq!(a_v_b(&mut app, "2025-09-17").1, Move::ToPlay);
        let (_, due) = a_v_b(&mut app, "2025-09-18");
        assert_eq!(due, Move::ToEnter);
        assert!(due.waits_on(home) && due.waits_on(away));
        assert!(!due.waits_on(Viewer::Secretary));
    }
    // Entered for A, complete: B's to confirm.
    db.ok(&[
        "night",
        "enter",
        "A",
        "B",
        "--totals",
        "6-3",
        "--for",
        "A",
        "--date",
        "2025-09-18",
    ]);
    let mut app = secretary(&db);
    let (_, entered) = a_v_b(&mut app, "2025-09-20");
    assert_eq!(
        entered,
        Move::ToConfirm {
            entered_by: HomeAway::Home
        }
    );
    assert!(entered.waits_on(away));
    assert!(!entered.waits_on(home));
    assert!(!entered.waits_on(Viewer::Secretary));
    // Disputed by B: the secretary's to settle.
    app.night_dispute(night(), Some("B"), "the score was 5-4")
        .unwrap();
    let (_, disputed) = a_v_b(&mut app, "2025-09-20");
    assert_eq!(disputed, Move::Disputed { by: HomeAway::Away });
    assert!(disputed.waits_on(Viewer::Secretary));
    assert!(!disputed.waits_on(home) && !disputed.waits_on(away));
    // Settled: nobody's.
    app.night_confirm(night(), None).unwrap();
    let (_, settled) = a_v_b(&mut app, "2025-09-20");
    assert_eq!(settled, Move::Confirmed);
    for viewer in [home, away, Viewer::Secretary, Viewer::Outsider] {
        assert!(!settled.waits_on(viewer));
    }
}

#[test]
fn a_night_being_entered_is_the_entering_teams_to_finish_and_a_cancelled_one_nobodys() {
    let provisional = Confirmation::Provisional {
        entered_by: HomeAway::Away,
    };
    let entering = whose_move(true, false, true, false, &provisional);
    assert_eq!(entering, Move::Entering { by: HomeAway::Away });
    assert!(entering.waits_on(Viewer::Captain(HomeAway::Away)));
    assert!(!entering.waits_on(Viewer::Captain(HomeAway::Home)));
    let cancelled = whose_move(false, true, true, false, &Confirmation::Confirmed);
    assert_eq!(cancelled, Move::Cancelled);
    assert!(!cancelled.waits_on(Viewer::Captain(HomeAway::Home)));
}

#[test]
fn night_show_says_whose_move_a_night_not_complete_is_as_the_app_reads_it() {
    let db = Db::four_teams_scheduled();
    db.ok(&[
        "night",
        "enter",
        "A",
        "B",
        "--date",
        "2025-09-18",
        "--match",
        "don 1; Al+Bo; Fa+Gu; 2-1",
    ]);
    let mut app = App::open_read(&db.path).unwrap();
    assert_eq!(
        a_v_b(&mut app, "2025-09-20").1,
        Move::Entering { by: HomeAway::Home }
    );
    let show = db.ok(&["night", "show", "A", "B"]);
    assert!(
        show.contains("Provisional: being entered for A, not complete yet"),
        "{show}"
    );
}
