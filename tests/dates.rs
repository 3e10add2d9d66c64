//! Dates and seasons: every date within the years 1900 to 2200 (a night's, a fixture's, a
//! results file's), a night or fixture placed in the season whose dates hold it (not the
//! season made last), the current season shown by default, and no second fixture of a pair on
//! one date.

use crate::common;

use common::db::{refused, Db};
use common::text;

/// The sample season, and a history season 2019-20 made after it with one fixture, Royal Oak v
/// Red Lion on `day`.
fn with_a_history_season(day: &str) -> Db {
    let db = Db::new();
    db.import_sample_season();
    db.ok(&["season", "new", "2019-20", "--same-teams"]);
    db.ok(&[
        "fixtures",
        "add",
        "Royal Oak",
        "Red Lion",
        day,
        "--season",
        "2019-20",
    ]);
    db
}

/// The season of the row of `table` added last.
fn season_of_last(db: &Db, table: &str) -> String {
    db.sql(&format!(
        "SELECT s.name FROM {table} x JOIN seasons s ON s.id = x.season ORDER BY x.id DESC LIMIT 1"
    ))
}

/// The season each fixture of Royal Oak v Red Lion is in, by date.
fn seasons_of_fixtures(db: &Db, date: &str) -> String {
    db.sql(&format!(
        "SELECT s.name FROM fixtures f JOIN seasons s ON s.id = f.season
         JOIN teams h ON h.id = f.home WHERE f.date = '{date}' AND h.name = 'Royal Oak'"
    ))
}

/// A season made for history after this one does not take this season's nights, nor its
/// place on the front page and in the standings.
#[test]
fn a_night_goes_in_the_season_whose_dates_hold_it_not_the_one_made_last() {
    let db = Db::new();
    db.import_sample_season();
    db.ok(&["season", "new", "2019-20", "--same-teams"]);
    // Inside 2025-26's dates (2025-09-04 to 2026-02-12): a fixture added and its night entered.
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", "2026-01-28"]);
    assert_eq!(seasons_of_fixtures(&db, "2026-01-28"), "2025-26\n");
    let said = db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2026-01-28",
        "--totals",
        "5-4",
    ]);
    assert!(
        said.contains("Royal Oak v Red Lion on 2026-01-28: 5–4."),
        "{said}"
    );
    assert_eq!(
        db.sql("SELECT s.name, f.home_points, f.away_points FROM fixtures f JOIN seasons s ON s.id = f.season JOIN teams h ON h.id = f.home WHERE f.date = '2026-01-28' AND h.name = 'Royal Oak'"),
        "2025-26|5|4\n"
    );
    // The standings, night show and the front page show the current season, not 2019-20.
    let table = db.ok(&["standings"]);
    assert!(
        table.starts_with("Abercarn Crib and Don League 2025-26"),
        "{table}"
    );
    let shown = db.ok(&[
        "night",
        "show",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2026-01-28",
    ]);
    assert!(shown.contains("5–4"), "{shown}");
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let front = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(front.contains("2025-26"), "{front}");
    assert!(!front.contains("<h2>2019-20"), "{front}");
    // After 2025-26's last night, with 2019-20 still empty: either could hold it, so the
    // command says which seasons there are, with their dates.
    refused(
        &db,
        &["fixtures", "add", "Royal Oak", "Red Lion", "2026-03-05"],
        2,
        "2026-03-05 could be in more than one season (2025-26 (2025-09-04 to 2026-02-12), 2019-20 (no fixtures yet)): give --season",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2026-03-05",
            "--totals",
            "5-4",
        ],
        2,
        "2026-03-05 could be in more than one season",
    );
    // A schedule is made for the season with no fixtures yet, not the one made last.
    db.ok(&["season", "new", "2026-27", "--same-teams"]);
    refused(
        &db,
        &[
            "fixtures",
            "generate",
            "--start",
            "2026-09-01",
            "--weekday",
            "thu",
        ],
        2,
        "which season? 2019-20 and 2026-27 have no fixtures yet: give --season",
    );
    db.ok(&["undo"]);
    // Named, it goes where it is told.
    db.ok(&[
        "fixtures",
        "add",
        "Royal Oak",
        "Red Lion",
        "2026-03-05",
        "--season",
        "2025-26",
    ]);
    assert_eq!(seasons_of_fixtures(&db, "2026-03-05"), "2025-26\n");
    // A history fixture within 2019-20, named: kept there; then 2025-26's dates are refused
    // for 2019-20.
    db.ok(&[
        "fixtures",
        "add",
        "Royal Oak",
        "Red Lion",
        "2019-10-03",
        "--season",
        "2019-20",
    ]);
    assert_eq!(seasons_of_fixtures(&db, "2019-10-03"), "2019-20\n");
    // A fixture is moved in its own season, whichever is current.
    let history = db.sql("SELECT id FROM fixtures WHERE date = '2019-10-03'");
    let moved = db.ok(&["fixtures", "move", history.trim(), "2019-10-10"]);
    assert!(
        moved.contains("moved from 2019-10-03 to 2019-10-10"),
        "{moved}"
    );
    assert_eq!(seasons_of_fixtures(&db, "2019-10-10"), "2019-20\n");
    db.ok(&["fixtures", "move", history.trim(), "2019-10-03"]);
    refused(
        &db,
        &[
            "fixtures",
            "add",
            "Royal Oak",
            "Red Lion",
            "2025-10-02",
            "--season",
            "2019-20",
        ],
        2,
        "2025-10-02 is not in season 2019-20 (2019-10-03) but in 2025-26 (2025-09-04 to 2026-03-05)'s dates: give --season '2025-26', or a date within 2019-20",
    );
}

/// `0000-01-01` and `9999-12-31` were taken in a 2025-26 season, and `fixtures generate
/// --start 9999-12-01` made `+10000-01-06`.
#[test]
fn dates_are_kept_within_1900_to_2200() {
    let db = Db::four_teams_scheduled();
    for date in ["0000-01-01", "9999-12-31", "1899-12-31", "2201-01-01"] {
        refused(
            &db,
            &[
                "night", "enter", "A", "B", "--date", date, "--moved", "--totals", "5-4",
            ],
            2,
            &format!("--date: {date} is not between 1900-01-01 and 2200-12-31"),
        );
        refused(
            &db,
            &["fixtures", "add", "A", "B", date],
            2,
            &format!("DATE: {date} is not between 1900-01-01 and 2200-12-31"),
        );
        refused(
            &db,
            &["fixtures", "move", "1", date],
            2,
            &format!("DATE: {date} is not between 1900-01-01 and 2200-12-31"),
        );
    }
    refused(
        &db,
        &["fixtures", "add", "A", "B", "+10000-01-06"],
        2,
        "DATE: \"+10000-01-06\" is not a date (YYYY-MM-DD)",
    );
    let fresh = Db::new();
    fresh.league_new("Valleys League", &[]);
    fresh.season_new("2025-26", &["A", "B"]);
    refused(
        &fresh,
        &[
            "fixtures",
            "generate",
            "--start",
            "9999-12-01",
            "--weekday",
            "thu",
        ],
        2,
        "--start: 9999-12-01 is not between 1900-01-01 and 2200-12-31",
    );
    refused(
        &fresh,
        &[
            "fixtures",
            "generate",
            "--start",
            "2200-12-20",
            "--weekday",
            "thu",
        ],
        2,
        "don: error: season 2025-26: the rounds would run past 2200-12-31 (--start 2200-12-20); start earlier, or skip fewer dates\n",
    );
    // A results file's date, likewise, named by file, line and column.
    let csv = fresh.dir().join("nights.csv");
    std::fs::write(
        &csv,
        "season,date,home,away,home_points,away_points\n2025-26,9999-12-31,A,B,5,4\n",
    )
    .unwrap();
    let before = fresh.dump();
    let out = fresh.run(&["import", csv.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("`9999-12-31`: 9999-12-31 is not between 1900-01-01 and 2200-12-31"),
        "{err}"
    );
    assert_eq!(before, fresh.dump());
}

/// A second fixture of the same pair on the same date could never have its night entered.
#[test]
fn a_pair_has_one_fixture_on_a_date() {
    let db = Db::four_teams_scheduled();
    let made = db.ok(&["fixtures", "add", "A", "B", "2025-10-01"]);
    assert_eq!(made, "Fixture 13: A v B on 2025-10-01.\n");
    refused(
        &db,
        &["fixtures", "add", "A", "B", "2025-10-01"],
        2,
        "A v B is fixture 13 on 2025-10-01 already",
    );
    // Onto the date of the pair's generated fixture, by a move.
    let on = db.sql("SELECT date FROM fixtures WHERE id = 1");
    let first = db.sql("SELECT h.name || ' v ' || a.name FROM fixtures f JOIN teams h ON h.id = f.home JOIN teams a ON a.id = f.away WHERE f.id = 1");
    let (home, away) = first.trim().split_once(" v ").unwrap();
    db.ok(&["fixtures", "add", home, away, "2025-09-24"]);
    refused(
        &db,
        &["fixtures", "move", "14", on.trim()],
        2,
        &format!("{home} v {away} is fixture 1 on {} already", on.trim()),
    );
}

/// A season made for history after the current one, and given its nights, is not where a
/// deduction, an award, a withdrawal, a roster or the statistics go by default; a season made
/// last with no fixtures yet (the next one, being set up) is where a roster goes.
#[test]
fn changes_and_figures_go_to_the_current_season_not_a_history_season_made_last() {
    let db = with_a_history_season("2019-10-03");
    let season_of = |table: &str| season_of_last(&db, table);
    db.ok(&["deduct", "Royal Oak", "2", "--reason", "late result"]);
    assert_eq!(season_of("adjustments"), "2025-26\n");
    db.ok(&["award", "Red Lion", "1", "--reason", "walkover"]);
    assert_eq!(season_of("adjustments"), "2025-26\n");
    db.roster_add("Royal Oak", &["Newcomer Jones"]);
    assert_eq!(
        db.sql("SELECT s.name FROM rosters r JOIN seasons s ON s.id = r.season JOIN players p ON p.id = r.player WHERE p.name = 'Newcomer Jones'"),
        "2025-26\n"
    );
    let rosters = db.ok(&["roster", "show", "Royal Oak"]);
    assert!(rosters.contains("Newcomer Jones"), "{rosters}");
    let stats = db.ok(&["stats"]);
    assert!(stats.contains("2025-26"), "{stats}");
    assert!(!stats.contains("2019-20"), "{stats}");
    // The next season, made last and with no fixtures yet, is the one being set up.
    db.ok(&["season", "new", "2026-27", "--same-teams"]);
    db.roster_add("Royal Oak", &["Second Newcomer"]);
    assert_eq!(
        db.sql("SELECT s.name FROM rosters r JOIN seasons s ON s.id = r.season JOIN players p ON p.id = r.player WHERE p.name = 'Second Newcomer'"),
        "2026-27\n"
    );
}

/// A date given to `fixtures generate --skip` that skips no round is refused (exit 2), naming
/// it and why: off the rounds' weekday, or before the start or after the last round.
#[test]
fn a_skip_date_that_skips_no_round_is_refused() {
    let db = Db::new();
    db.league_new("Valleys League", &[]);
    db.season_new("2025-26", &["A", "B", "C"]);
    fn generate(skip: &str) -> Vec<&str> {
        vec![
            "fixtures",
            "generate",
            "--start",
            "2025-09-01",
            "--weekday",
            "thu",
            "--skip",
            skip,
        ]
    }
    refused(
        &db,
        &generate("2025-09-10"),
        2,
        "don: error: --skip: 2025-09-10 is a Wednesday, not a Thursday: no round falls on it\n",
    );
    refused(
        &db,
        &generate("1990-01-04"),
        2,
        "don: error: --skip: 1990-01-04 is before the start (2025-09-01): no round falls on it\n",
    );
    refused(
        &db,
        &generate("2025-12-25"),
        2,
        "don: error: --skip: 2025-12-25 is after the last round (2025-10-09): no round falls on it\n",
    );
    let made = db.ok(&generate("2025-09-18"));
    assert_eq!(
        made,
        "6 fixtures in 6 rounds, 2025-09-04 to 2025-10-16.\nList them with: don fixtures list\n"
    );
}

/// Revc 1: a deduction, an award or a withdrawal dated in a history season's dates goes in
/// that season, not the current one; its warning names both ways to put it elsewhere.
#[test]
fn a_dated_change_goes_in_the_season_whose_dates_hold_it() {
    let db = with_a_history_season("2019-11-07");
    let season_of = |table: &str| season_of_last(&db, table);
    let out = db.run(&[
        "deduct",
        "Royal Oak",
        "2",
        "--reason",
        "late",
        "--date",
        "2019-11-07",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(season_of("adjustments"), "2019-20\n");
    assert_eq!(text(&out.stderr), "");
    db.ok(&[
        "award",
        "Red Lion",
        "1",
        "--reason",
        "walkover",
        "--date",
        "2026-01-15",
    ]);
    assert_eq!(season_of("adjustments"), "2025-26\n");
    // After 2019-20's last fixture, before 2025-26: the season just ended, with a warning.
    let out = db.run(&[
        "deduct",
        "Red Lion",
        "1",
        "--reason",
        "fine",
        "--date",
        "2019-12-05",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(season_of("adjustments"), "2019-20\n");
    assert!(
        text(&out.stderr).contains("it is dated 2019-12-05, outside season 2019-20 (its fixtures run from 2019-11-07 to 2019-11-07); the table counts it from 2019-12-05 (`don undo`, then give --date or --season, if it belongs elsewhere)"),
        "{}",
        text(&out.stderr)
    );
    db.ok(&["withdraw", "Commercial", "--date", "2019-11-01"]);
    assert_eq!(
        db.sql("SELECT s.name FROM entries e JOIN seasons s ON s.id = e.season JOIN teams t ON t.id = e.team WHERE t.name = 'Commercial' AND e.withdrawn IS NOT NULL"),
        "2019-20\n"
    );
}

/// Revc 2: a date given with --season may not stretch that season over another's dates.
#[test]
fn a_named_season_is_not_stretched_over_another() {
    let db = Db::new();
    db.import_sample_season();
    db.ok(&["season", "new", "2019-20", "--same-teams"]);
    db.ok(&[
        "fixtures",
        "add",
        "Royal Oak",
        "Red Lion",
        "2019-10-10",
        "--season",
        "2019-20",
    ]);
    let said = "2027-01-07 would stretch season 2019-20 (2019-10-10) over 2025-26 (2025-09-04 to 2026-02-12)'s dates: give a date next to 2019-20's, or --season '2025-26'";
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Commercial",
            "--date",
            "2027-01-07",
            "--totals",
            "5-4",
            "--season",
            "2019-20",
        ],
        2,
        said,
    );
    refused(
        &db,
        &[
            "fixtures",
            "add",
            "Royal Oak",
            "Commercial",
            "2027-01-07",
            "--season",
            "2019-20",
        ],
        2,
        said,
    );
    // Next to its own dates, it is taken.
    db.ok(&[
        "fixtures",
        "add",
        "Royal Oak",
        "Commercial",
        "2019-10-17",
        "--season",
        "2019-20",
    ]);
}

/// Revc 6 and 16: a fixture more than a year from its season's others is refused as a likely
/// typo; a cancelled fixture does not count in its season's dates.
#[test]
fn a_far_fixture_is_refused_and_a_cancelled_one_does_not_count_in_the_dates() {
    let db = Db::four_teams_scheduled();
    let said = |d: &str| {
        format!("{d} is more than a year from season 2025-26 (2025-09-04 to 2025-10-09)'s fixtures: check the date, or begin a new season for it (`don season new NAME --same-teams`)")
    };
    refused(
        &db,
        &["fixtures", "add", "A", "B", "2052-09-04"],
        2,
        &said("2052-09-04"),
    );
    refused(
        &db,
        &["fixtures", "add", "A", "B", "1900-01-01"],
        2,
        &said("1900-01-01"),
    );
    refused(
        &db,
        &["fixtures", "move", "1", "2052-09-04"],
        2,
        "2052-09-04 is more than a year from season 2025-26",
    );
    // Within a year: taken; cancelled, it no longer stretches 2025-26 over the next season.
    let made = db.ok(&["fixtures", "add", "A", "B", "2026-08-05"]);
    assert_eq!(made, "Fixture 13: A v B on 2026-08-05.\n");
    db.ok(&["fixtures", "cancel", "13"]);
    db.ok(&["season", "new", "2026-27", "--same-teams"]);
    let made = db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2026-07-01",
        "--weekday",
        "thu",
    ]);
    assert!(
        made.contains("12 fixtures in 6 rounds, 2026-07-02 to 2026-08-06."),
        "{made}"
    );
}

/// Revc 7: a fixture left to play in a history season does not claim a night years later.
#[test]
fn a_history_fixture_left_to_play_does_not_make_a_late_night_ambiguous() {
    let db = Db::new();
    db.import_sample_season();
    db.ok(&["season", "new", "2019-20", "--same-teams"]);
    db.fixtures_generate("2019-09-05", "thu");
    let night = [
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2026-03-05",
        "--totals",
        "5-4",
    ];
    refused(
        &db,
        &night,
        2,
        "Royal Oak v Red Lion has no fixture on 2026-03-05 nor one left to play",
    );
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", "2026-03-05"]);
    assert_eq!(seasons_of_fixtures(&db, "2026-03-05"), "2025-26\n");
    db.ok(&night);
    assert_eq!(
        db.sql("SELECT f.home_points, f.away_points FROM fixtures f WHERE f.date = '2026-03-05'"),
        "5|4\n"
    );
}

/// Revc 8: a team plays one fixture a date, whether added, moved or imported.
#[test]
fn a_team_has_one_fixture_a_date() {
    let db = Db::four_teams_scheduled();
    db.ok(&["fixtures", "add", "A", "B", "2025-10-01"]);
    refused(
        &db,
        &["fixtures", "add", "B", "A", "2025-10-01"],
        2,
        "B has a fixture on 2025-10-01 already: fixture 13, A v B (a team plays one fixture a date)",
    );
    refused(
        &db,
        &["fixtures", "add", "C", "A", "2025-10-01"],
        2,
        "A has a fixture on 2025-10-01 already: fixture 13, A v B (a team plays one fixture a date)",
    );
    let made = db.ok(&["fixtures", "add", "C", "D", "2025-10-01"]);
    assert_eq!(made, "Fixture 14: C v D on 2025-10-01.\n");
    // Onto round 1's date (A v D, B v C), where both C and D play already.
    refused(
        &db,
        &["fixtures", "move", "14", "2025-09-04"],
        2,
        "D has a fixture on 2025-09-04 already: fixture 1, A v D (a team plays one fixture a date)",
    );
    // A fixtures file likewise, named by line.
    let csv = db.dir().join("fixtures.csv");
    std::fs::write(
        &csv,
        "season,date,home,away\n2025-26,2025-10-15,A,B\n2025-26,2025-10-15,A,C\n",
    )
    .unwrap();
    let before = db.dump();
    let out = db.run(&["import", csv.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("line 3") && err.contains("A has a fixture on 2025-10-15 already"),
        "{err}"
    );
    assert_eq!(before, db.dump()); // A nights file of a season without a schedule, likewise.
    let fresh = Db::new();
    let csv = fresh.dir().join("nights.csv");
    std::fs::write(
        &csv,
        "season,date,home,away,home_points,away_points\n2025-26,2025-09-04,A,B,5,4\n2025-26,2025-09-04,C,A,5,4\n",
    )
    .unwrap();
    let out = fresh.run(&["import", csv.to_str().unwrap(), "--league", "L", "--create"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("line 3")
            && err.contains("A has a fixture on 2025-09-04 already: fixture 1, A v B"),
        "{err}"
    );
}

/// Revc 3: seasons' dates do not overlap, by the same rule in the commands and in an import
/// (a cup night is a `--skip` date of the league's schedule); a night in seasons that overlap
/// already (an older database) is told apart by its teams' fixture on the day.
#[test]
fn an_import_keeps_seasons_apart_as_the_commands_do() {
    let db = Db::four_teams_scheduled();
    db.season_new("Cup", &["A", "B", "E", "F"]);
    refused(
        &db,
        &[
            "fixtures",
            "generate",
            "--start",
            "2025-09-01",
            "--weekday",
            "tue",
        ],
        2,
        "season Cup: the rounds (2025-09-02 to 2025-10-07) would run over 2025-26 (2025-09-04 to 2025-10-09)'s dates: give a --start whose rounds keep clear of them (seasons' dates do not overlap; a cup night is a --skip date)",
    );
    let said = "2025-09-16 is not in season Cup (no fixtures yet) but in 2025-26 (2025-09-04 to 2025-10-09)'s dates: give --season '2025-26', or a date within Cup";
    refused(
        &db,
        &["fixtures", "add", "A", "B", "2025-09-16", "--season", "Cup"],
        2,
        said,
    );
    for (name, rows) in [
        (
            "nights.csv",
            "season,date,home,away,home_points,away_points\nCup,2025-09-16,A,B,5,4\n",
        ),
        (
            "fixtures.csv",
            "season,date,home,away\nCup,2025-09-16,A,B\n",
        ),
    ] {
        let csv = db.dir().join(name);
        std::fs::write(&csv, rows).unwrap();
        let before = db.dump();
        let out = db.run(&["import", csv.to_str().unwrap()]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(
            err.contains("line 2") && err.contains(said),
            "{name}: {err}"
        );
        assert_eq!(before, db.dump(), "{name}");
    }
    // After 2025-26's last round, the cup's schedule is made.
    let made = db.ok(&[
        "fixtures",
        "generate",
        "--start",
        "2025-10-13",
        "--weekday",
        "tue",
    ]);
    assert!(
        made.contains("12 fixtures in 6 rounds, 2025-10-14 to 2025-11-18."),
        "{made}"
    );
    // Seasons overlapping already: the night's fixture on the day says which.
    db.sql(
        "INSERT INTO fixtures (season, date, home, away) SELECT s.id, '2025-09-04', a.id, b.id
         FROM seasons s, teams a, teams b WHERE s.name = 'Cup' AND a.name = 'E' AND b.name = 'F'",
    );
    let shown = db.ok(&["night", "show", "A", "D", "--date", "2025-09-04"]);
    assert!(shown.contains("A v D"), "{shown}");
}

/// A results file's nights are taken in its order: a file not sorted by date can be refused by
/// the one-year rule where the same rows sorted are taken; the refusal says so.
#[test]
fn a_far_night_in_a_file_not_sorted_by_date_says_the_rows_are_taken_in_order() {
    let db = Db::new();
    let head = "season,date,home,away,home_points,away_points\n";
    let unsorted = db.dir().join("unsorted.csv");
    std::fs::write(
        &unsorted,
        format!("{head}S,2025-01-02,A,B,5,4\nS,2026-06-04,B,A,5,4\nS,2025-09-04,A,C,5,4\n"),
    )
    .unwrap();
    let out = db.run(&[
        "import",
        unsorted.to_str().unwrap(),
        "--league",
        "OL",
        "--create",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("line 3: 2026-06-04 is more than a year from season S (2025-01-02)'s fixtures: check the date, or begin a new season for it (`don season new NAME --same-teams`) (a file's nights are taken in its order: one sorted by date is read as a season grows)"),
        "{}",
        text(&out.stderr)
    );
    let sorted = db.dir().join("sorted.csv");
    std::fs::write(
        &sorted,
        format!("{head}S,2025-01-02,A,B,5,4\nS,2025-09-04,A,C,5,4\nS,2026-06-04,B,A,5,4\n"),
    )
    .unwrap();
    db.ok(&[
        "import",
        sorted.to_str().unwrap(),
        "--league",
        "OL",
        "--create",
    ]);
}
