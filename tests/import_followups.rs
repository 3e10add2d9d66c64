//! Follow-ups of issue 27: a nights file's row equal to a night stored match by match is nothing
//! new (as a grid's cell is), and one that differs says how; a season whose name dates it
//! outside 1900–2200 is refused however it is made; a game the web could never finish is not
//! begun on the web.

use crate::common;

use crate::web::browser;

use axum::http::StatusCode;
use browser::{attr, serve, text, token, Browser};
use common::db::{refused, Db};

fn write(db: &Db, name: &str, content: &str) -> String {
    let path = db.dir().join(name);
    std::fs::write(&path, content).unwrap();
    path.to_str().unwrap().to_string()
}

// ---------------------------------------------------------------------------------------------
// 28a in a nights file.

/// The first `rows` matches of the sample season: Royal Oak v Cwmcarn Hotel on 2025-09-04, 8–1
/// match by match when all nine (fewer are marked incomplete).
fn first_night(rows: usize) -> String {
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/league/2025-26-matches.csv"
    ))
    .unwrap();
    let mut lines = sample.lines();
    let header = lines.next().unwrap();
    let note = if rows < 9 { ",note" } else { "" };
    let mut text = format!("{header}{note}\n");
    for line in lines.take(rows) {
        let mark = if rows < 9 { ",incomplete" } else { "" };
        text.push_str(&format!("{line}{mark}\n"));
    }
    text
}

/// A results (nights) file of that night's points.
fn nights_row(home: u32, away: u32) -> String {
    format!(
        "season,date,home,away,home_points,away_points\n2025-26,2025-09-04,Royal Oak,Cwmcarn Hotel,{home},{away}\n"
    )
}

#[test]
fn a_nights_row_equal_to_a_night_stored_match_by_match_is_nothing_new_and_one_that_differs_says_how(
) {
    let db = Db::new();
    let matches = write(&db, "matches.csv", &first_night(9));
    db.ok(&["import", &matches, "--league", "Valleys", "--create"]);
    let same = write(&db, "same.csv", &nights_row(8, 1));
    let before = db.dump();
    assert_eq!(
        db.ok(&["import", &same]),
        "Nothing to import: all 1 already there.\n"
    );
    assert_eq!(before, db.dump());
    let other = write(&db, "other.csv", &nights_row(7, 2));
    refused(
        &db,
        &["import", &other],
        1,
        "other.csv, line 2, column 5 (home_points): Royal Oak v Cwmcarn Hotel on 2025-09-04 is already entered with another result: stored 8–1 (match by match), here 7–2 (totals)",
    );
    // A night still incomplete is not the row's whole night: said as it stands, so that the
    // two do not read the same.
    let db = Db::new();
    let matches = write(&db, "matches.csv", &first_night(6));
    db.ok(&["import", &matches, "--league", "Valleys", "--create"]);
    let same = write(&db, "same.csv", &nights_row(8, 1));
    refused(
        &db,
        &["import", &same],
        1,
        "is already entered with another result: stored 5–1 so far (match by match, 6 of 9 matches entered), here 8–1 (totals)",
    );
}

// ---------------------------------------------------------------------------------------------
// 23 by its other doors.

#[test]
fn a_season_whose_name_dates_it_outside_1900_to_2200_is_made_by_no_command() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    for name in ["9999-00", "1850", "2200-01"] {
        refused(
            &db,
            &["season", "new", name],
            2,
            &format!("season {name}: a season so named ends on "),
        );
    }
    let out = refused(&db, &["season", "new", "9999-00"], 2, "+10000-06-30");
    assert!(
        common::text(&out.stderr).contains("not between 1900-01-01 and 2200-12-31"),
        "{}",
        common::text(&out.stderr)
    );
    // A nights file naming a new season.
    let nights = write(
        &db,
        "nights.csv",
        "season,date,home,away,home_points,away_points\n9999-00,2025-09-04,Royal Oak,Red Lion,5,4\n",
    );
    refused(
        &db,
        &["import", &nights, "--create"],
        1,
        "nights.csv, line 2, column 1 (season): season 9999-00: a season so named ends on +10000-06-30",
    );
    // Within the years, and a name that says no years, are made.
    db.ok(&["season", "new", "2199-00"]);
    db.ok(&["season", "new", "Winter league"]);
}

// ---------------------------------------------------------------------------------------------
// 9: a game the web could never finish.

fn games(db: &Db) -> usize {
    let games: serde_json::Value = serde_json::from_str(&db.ok(&["games", "--json"])).unwrap();
    games.as_array().map_or(0, Vec::len)
}

/// A begin form's fields, as typed.
type Fields<'a> = &'a [(&'a str, &'a str)];

fn beside(page: &str, field: &str) -> String {
    let message = text(page, &format!("{field}-error"))
        .unwrap_or_else(|| panic!("nothing beside {field}: {page}"));
    assert_eq!(
        attr(page, field, "aria-invalid").as_deref(),
        Some("true"),
        "{field} not marked"
    );
    message
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_longer_than_the_web_may_score_is_not_begun_on_the_web() {
    let (db, app) = browser::league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    drop(app);
    let before = db.dump();
    let app = serve(&db);
    let secretary = secretary.through(&app);
    let hands = don::app::game::scoring::WEB_HANDS;
    let too_many = (hands + 1).to_string();
    let cases: [(Fields, &str, &str); 3] = [
        (
            &[("variant", "nine-card-don"), ("opt_deals", "1000")],
            "opt_deals",
            "needs 1000 at the least (1000 deals a leg)",
        ),
        (
            &[("variant", "blind-don"), ("opt_deals", &too_many)],
            "opt_deals",
            "deals a leg",
        ),
        // 99 legs of 5 deals: 50 legs to win, 250 hands at the least.
        (
            &[
                ("variant", "nine-card-don"),
                ("opt_deals", "5"),
                ("opt_legs", "99"),
            ],
            "opt_legs",
            "needs 250 at the least (50 legs to win, 5 deals each)",
        ),
    ];
    for (fields, field, words) in cases {
        let a = secretary.post("/my/games", fields).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.page);
        let message = beside(&a.page, field);
        assert!(
            message.contains(&format!("at most {hands} hands")),
            "{message}"
        );
        assert!(message.contains(words), "{message}");
        assert!(a.page.contains("No game was begun"), "{}", a.page);
    }
    drop(app);
    assert_eq!(db.dump(), before, "nothing begun");
    // At the bound, it is begun; and `don new` takes any length.
    let app = serve(&db);
    let secretary = secretary.through(&app);
    let at_bound = hands.to_string();
    let a = secretary
        .post(
            "/my/games",
            &[
                ("variant", "nine-card-don"),
                ("opt_deals", &at_bound),
                ("north", "A"),
                ("east", "B"),
                ("south", "C"),
                ("west", "D"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
    assert_eq!(games(&db), 1);
    db.ok(&["new", "nine-card-don", "--deals", "1000"]);
    assert_eq!(games(&db), 2);
}
