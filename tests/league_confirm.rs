//! Results confirmed by both sides: a night entered for one team is provisional until it is
//! confirmed for the other, or disputed with a reason; `standings --confirmed` leaves the
//! unconfirmed nights out; every step is one operation, undone by `don undo`.

use crate::common;

use common::db::Db;
use serde_json::Value;

const LEAGUE: &str = "Abercarn Crib and Don League";

fn setup() -> Db {
    Db::three_teams()
}

fn refused(db: &Db, args: &[&str], needle: &str) {
    common::db::refused(db, args, 2, needle);
}

/// Each team's points from `standings --json`, in table order.
fn points(db: &Db, extra: &[&str]) -> Vec<(String, i64)> {
    let mut args = vec!["standings", "--json"];
    args.extend_from_slice(extra);
    let rows: Value = serde_json::from_str(&db.ok(&args)).unwrap();
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["team"].as_str().unwrap().to_string(),
                r["points"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn pts(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(t, p)| (t.to_string(), *p)).collect()
}

#[test]
fn a_night_is_provisional_until_the_other_team_confirms_it() {
    let db = setup();
    let out = db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "6-3",
        "--date",
        "2025-09-04",
    ]);
    assert!(
        out.contains("Royal Oak v Red Lion on 2025-09-04: 6–3."),
        "{out}"
    );
    // Counted by default (a point a match), left out with --confirmed.
    let counted = pts(&[("Royal Oak", 6), ("Red Lion", 3), ("Fox and Hounds", 0)]);
    assert_eq!(points(&db, &[]), counted);
    let none = pts(&[("Fox and Hounds", 0), ("Red Lion", 0), ("Royal Oak", 0)]);
    assert_eq!(points(&db, &["--confirmed"]), none);
    let table = db.ok(&["standings"]);
    assert!(
        table.contains(
            "Counted, not yet confirmed by both teams: 1 provisional night (--confirmed leaves them out)."
        ),
        "{table}"
    );
    let table = db.ok(&["standings", "--confirmed"]);
    assert!(
        table.contains("Left out, not yet confirmed by both teams: 1 provisional night."),
        "{table}"
    );
    let show = db.ok(&["night", "show", "Royal Oak", "Red Lion"]);
    assert!(
        show.contains("Provisional: entered for Royal Oak, to be confirmed for Red Lion"),
        "{show}"
    );
    let list = db.ok(&["fixtures", "list"]);
    assert!(list.contains("6–3 (totals) (provisional)"), "{list}");

    // The team that entered it cannot confirm it; a team that did not play cannot either.
    refused(
        &db,
        &[
            "night",
            "confirm",
            "Royal Oak",
            "Red Lion",
            "--by",
            "Royal Oak",
        ],
        "Royal Oak v Red Lion on 2025-09-04 was entered for Royal Oak; Red Lion confirms it",
    );
    refused(
        &db,
        &[
            "night",
            "confirm",
            "Royal Oak",
            "Red Lion",
            "--by",
            "Fox and Hounds",
        ],
        "Fox and Hounds did not play in Royal Oak v Red Lion on 2025-09-04",
    );
    let out = db.ok(&["night", "confirm", "Royal Oak", "Red Lion"]);
    assert_eq!(
        out,
        "Royal Oak v Red Lion on 2025-09-04: confirmed for Red Lion.\n"
    );
    assert_eq!(points(&db, &["--confirmed"]), counted);
    assert!(!db.ok(&["standings"]).contains("not yet confirmed"));
    assert!(!db
        .ok(&["night", "show", "Royal Oak", "Red Lion"])
        .contains("Provisional"));
    refused(
        &db,
        &["night", "confirm", "Royal Oak", "Red Lion"],
        "Royal Oak v Red Lion on 2025-09-04 is confirmed already",
    );
    // Undo puts it back to provisional; undo again confirms it again.
    db.ok(&["undo"]);
    assert_eq!(points(&db, &["--confirmed"]), none);
    db.ok(&["undo"]);
    assert_eq!(points(&db, &["--confirmed"]), counted);
}

#[test]
fn a_disputed_night_is_marked_left_out_with_confirmed_and_settled_by_confirming() {
    let db = setup();
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--totals",
        "6-3",
        "--date",
        "2025-09-04",
        "--for",
        "Red Lion",
    ]);
    // Entered for the away team: the home team confirms or disputes it.
    let show = db.ok(&["night", "show", "Royal Oak", "Red Lion"]);
    assert!(
        show.contains("Provisional: entered for Red Lion, to be confirmed for Royal Oak"),
        "{show}"
    );
    refused(
        &db,
        &[
            "night",
            "dispute",
            "Royal Oak",
            "Red Lion",
            "--reason",
            "  ",
        ],
        "--reason: say why the result is disputed",
    );
    let out = db.ok(&[
        "night",
        "dispute",
        "Royal Oak",
        "Red Lion",
        "--reason",
        "single crib 2 was 2-1 to us",
    ]);
    assert_eq!(
        out,
        "Royal Oak v Red Lion on 2025-09-04: disputed by Royal Oak: single crib 2 was 2-1 to us.\n"
    );
    let show = db.ok(&["night", "show", "Royal Oak", "Red Lion"]);
    assert!(
        show.contains("Disputed by Royal Oak: single crib 2 was 2-1 to us"),
        "{show}"
    );
    assert!(db
        .ok(&["fixtures", "list"])
        .contains("6–3 (totals) (disputed)"));
    let none = pts(&[("Fox and Hounds", 0), ("Red Lion", 0), ("Royal Oak", 0)]);
    assert_eq!(points(&db, &["--confirmed"]), none);
    assert!(db
        .ok(&["standings", "--confirmed"])
        .contains("Left out, not yet confirmed by both teams: 1 disputed night."));
    let log = db.ok(&["log"]);
    assert!(
        log.contains("disputed by Royal Oak: single crib 2 was 2-1 to us"),
        "{log}"
    );

    // Control characters are refused in a reason; the team that entered the night neither
    // disputes it nor settles a dispute.
    refused(
        &db,
        &[
            "night",
            "dispute",
            "Royal Oak",
            "Red Lion",
            "--reason",
            "a\x1b[31m",
        ],
        "--reason \"a\\u{1b}[31m\" has a control character (U+001B, character 2)",
    );
    refused(
        &db,
        &[
            "night",
            "confirm",
            "Royal Oak",
            "Red Lion",
            "--by",
            "Red Lion",
        ],
        "Royal Oak v Red Lion on 2025-09-04 was entered for Red Lion; Royal Oak confirms it",
    );
    refused(
        &db,
        &[
            "night",
            "dispute",
            "Royal Oak",
            "Red Lion",
            "--by",
            "Red Lion",
            "--reason",
            "x",
        ],
        "Royal Oak v Red Lion on 2025-09-04 was entered for Red Lion; Royal Oak disputes it",
    );
    // Confirming a disputed night settles it.
    let out = db.ok(&["night", "confirm", "Royal Oak", "Red Lion"]);
    assert_eq!(
        out,
        "Royal Oak v Red Lion on 2025-09-04: the dispute is settled; confirmed for Royal Oak.\n"
    );
    let counted = pts(&[("Royal Oak", 6), ("Red Lion", 3), ("Fox and Hounds", 0)]);
    assert_eq!(points(&db, &["--confirmed"]), counted);
    // A confirmed night can still be disputed, by a team that played in it.
    refused(
        &db,
        &[
            "night",
            "dispute",
            "Royal Oak",
            "Red Lion",
            "--reason",
            "late",
        ],
        "is confirmed; say which team disputes it with --by",
    );
    db.ok(&[
        "night",
        "dispute",
        "Royal Oak",
        "Red Lion",
        "--reason",
        "late",
        "--by",
        "Red Lion",
    ]);
    assert_eq!(points(&db, &["--confirmed"]), none);
    // The last step undone: the night stands confirmed again; every step is in the log.
    db.ok(&["undo"]);
    assert_eq!(points(&db, &["--confirmed"]), counted);
    let log = db.ok(&["log"]);
    for line in [
        "night dispute",
        "disputed by Red Lion: late",
        "night confirm",
        "the dispute is settled; confirmed for Royal Oak",
    ] {
        assert!(log.contains(line), "{line:?} not in {log}");
    }
}

#[test]
fn only_a_complete_night_with_a_result_is_confirmed() {
    let db = setup();
    refused(
        &db,
        &["night", "confirm", "Red Lion", "Fox and Hounds"],
        "season 2025-26 has no night Red Lion v Fox and Hounds with a result",
    );
    db.ok(&[
        "night",
        "enter",
        "Red Lion",
        "Fox and Hounds",
        "--date",
        "2025-09-11",
        "--match",
        "don 1; Dai+Huw; Carys+Dafydd; 2-1",
    ]);
    refused(
        &db,
        &["night", "confirm", "Red Lion", "Fox and Hounds"],
        "Red Lion v Fox and Hounds on 2025-09-11 is not complete: 1–0 so far (8 to enter); finish entering it first",
    );
    // The rest of the night is entered for the team that began it, not another.
    refused(
        &db,
        &[
            "night",
            "enter",
            "Red Lion",
            "Fox and Hounds",
            "--for",
            "Fox and Hounds",
            "--match",
            "don 2; Aled+Mair; Eirian+Ffion; 2-0",
        ],
        "Red Lion v Fox and Hounds on 2025-09-11 is being entered for Red Lion; --for cannot change that",
    );
}

#[test]
fn a_withdrawn_team_s_nights_are_not_counted_as_unconfirmed() {
    let db = setup();
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
    db.ok(&[
        "night",
        "enter",
        "Fox and Hounds",
        "Royal Oak",
        "--walkover",
        "away",
        "--date",
        "2025-09-11",
    ]);
    assert!(db
        .ok(&["standings"])
        .contains("Counted, not yet confirmed by both teams: 2 provisional nights"));
    db.ok(&["withdraw", "Fox and Hounds", "--date", "2025-10-01"]);
    assert!(db.ok(&["standings"]).contains(
        "Counted, not yet confirmed by both teams: 1 provisional night (--confirmed leaves them out)."
    ));
}

#[test]
fn nights_imported_from_the_record_stand_as_confirmed() {
    let db = Db::new();
    let dir = db.dir().to_path_buf();
    let nights = dir.join("nights.csv");
    std::fs::write(
        &nights,
        "season,date,home,away,home_points,away_points\n\
         2025-26,2025-09-04,Royal Oak,Red Lion,5,4\n",
    )
    .unwrap();
    db.ok(&[
        "import",
        nights.to_str().unwrap(),
        "--league",
        LEAGUE,
        "--create",
    ]);
    assert_eq!(
        points(&db, &["--confirmed"]),
        pts(&[("Royal Oak", 5), ("Red Lion", 4)])
    );
    assert!(!db.ok(&["standings"]).contains("not yet confirmed"));
}

#[test]
fn a_database_from_before_confirmations_is_brought_up_to_date_with_its_nights_confirmed() {
    let db = setup();
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
    // As version 2 left it: no confirmations.
    db.set_back_to_version(2);
    assert_eq!(db.sql("PRAGMA user_version"), "2\n");
    let counted = pts(&[("Royal Oak", 6), ("Red Lion", 3), ("Fox and Hounds", 0)]);
    assert_eq!(points(&db, &["--confirmed"]), counted);
    // A command that only reads brings a copy up to date in memory, never the file.
    assert_eq!(db.sql("PRAGMA user_version"), "2\n");
    db.roster_add("Royal Oak", &["Gareth"]);
    assert_eq!(
        db.sql("PRAGMA user_version"),
        common::latest_schema_version()
    );
    assert_eq!(db.sql("SELECT count(*) FROM confirmations"), "0\n");
    assert_eq!(points(&db, &["--confirmed"]), counted);
}

/// The footer of `standings` counts only the nights in the table: a night entered match by match
/// and not yet complete is not "counted, not yet confirmed" but named as left out.
#[test]
fn standings_counts_only_the_nights_in_the_table_and_names_the_incomplete_ones() {
    let db = Db::new();
    db.league_new("Valleys League", &[]);
    db.season_new(
        "2025-26",
        &["Royal Oak", "Red Lion", "Coach and Horses", "Crumlin Arms"],
    );
    db.fixtures_generate("2025-09-01", "thu");
    let footer = |db: &Db| -> Vec<String> {
        db.ok(&["standings"])
            .lines()
            .skip_while(|l| !l.starts_with("P W D L"))
            .skip(1)
            .map(str::to_string)
            .collect()
    };
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--match",
        "don 1; Ann Ash+Bob Birch; Cy Cole+Di Dee; 2-1",
    ]);
    assert_eq!(
        footer(&db),
        ["Left out, as the table leaves them out until they are complete: Royal Oak v Red Lion on 2025-10-02 (1 of 9 matches entered)."]
    );
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Crumlin Arms",
        "--match",
        "don 1; Ann Ash+Bob Birch; Ed Evans+Fay Ford; 1-2",
    ]);
    db.ok(&[
        "night",
        "enter",
        "Coach and Horses",
        "Royal Oak",
        "--totals",
        "5-4",
    ]);
    assert_eq!(
        footer(&db),
        [
            "Counted, not yet confirmed by both teams: 1 provisional night (--confirmed leaves them out).",
            "Left out, as the table leaves them out until they are complete: Royal Oak v Crumlin Arms on 2025-09-11 (1 of 9 matches entered); Royal Oak v Red Lion on 2025-10-02 (1 of 9 matches entered).",
        ]
    );
    let published = tempfile::tempdir().unwrap();
    let site = published.path().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let front = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(front.contains("1 provisional night"), "{front}");
    assert!(!front.contains("3 provisional nights"), "{front}");
    assert!(
        front.contains("Left out, as the table leaves them out until they are complete: Royal Oak v Crumlin Arms on 2025-09-11 (1 of 9 matches entered); Royal Oak v Red Lion on 2025-10-02 (1 of 9 matches entered)."),
        "{front}"
    );
}
