//! One person on two teams, and two people of one name (RULES.md §9): a player plays for one
//! team in a season (a dated transfer moves them: nights before its date count for the old
//! team, from it for the new); two people of one name are two players, told apart by the
//! league ("Dai Jones (Red Lion)"); a name that could mean either is never resolved silently,
//! at the command line (roster, night entry), in a results file and a workbook, in the
//! statistics and the published pages. And a database of schema version 10 brought up with
//! every player kept.

use crate::common;

use std::path::PathBuf;

use common::book::Book;
use common::db::{refused, Db};
use common::text;

const LEAGUE: &str = "Valleys";

/// Valleys, a night of two single-crib matches (to 61, one leg), season 2026-27 of Royal Oak,
/// Red Lion and Fox and Hounds; Dai Jones on Royal Oak's roster with Gareth Evans, Huw Price
/// on Red Lion's, Carys Hughes on Fox and Hounds'.
fn valleys() -> Db {
    let db = Db::new();
    db.league_new(LEAGUE, &["single-crib=2,61,1,1"]);
    db.season_new("2026-27", &["Royal Oak", "Red Lion", "Fox and Hounds"]);
    db.roster_add("Royal Oak", &["Dai Jones", "Gareth Evans"]);
    db.roster_add("Red Lion", &["Huw Price"]);
    db.roster_add("Fox and Hounds", &["Carys Hughes"]);
    db
}

/// [`valleys`] with a second Dai Jones, on Red Lion's roster (said new).
fn two_dais() -> Db {
    let db = valleys();
    db.ok(&[
        "roster",
        "add",
        "Red Lion",
        "Dai Jones",
        "--new-player",
        "Dai Jones",
    ]);
    db
}

fn players(db: &Db) -> String {
    db.sql("SELECT id || ' ' || name FROM players ORDER BY id;")
}

#[test]
fn another_teams_player_is_refused_a_second_roster_naming_both_ways_on() {
    let db = valleys();
    let out = refused(
        &db,
        &["roster", "add", "Red Lion", "Dai Jones"],
        2,
        "Dai Jones plays for Royal Oak in 2026-27",
    );
    let err = text(&out.stderr);
    assert!(err.contains("--new-player 'Dai Jones'"), "{err}");
    assert!(
        err.contains("don roster transfer 'Red Lion' 'Dai Jones' --on DATE"),
        "{err}"
    );
    // Said to be someone else of that name: a second player, each told apart by their team.
    let said = db.ok(&[
        "roster",
        "add",
        "Red Lion",
        "Dai Jones",
        "--new-player",
        "Dai Jones",
    ]);
    assert!(said.contains("Dai Jones added"), "{said}");
    assert_eq!(
        players(&db),
        "1 Dai Jones\n2 Gareth Evans\n3 Huw Price\n4 Carys Hughes\n5 Dai Jones\n"
    );
    let shown = db.ok(&["roster", "show"]);
    assert!(shown.contains("Dai Jones (Red Lion), Huw Price"), "{shown}");
    assert!(
        shown.contains("Dai Jones (Royal Oak), Gareth Evans"),
        "{shown}"
    );
    // Each roster's own Dai Jones: added again, nobody is added.
    for team in ["Red Lion", "Royal Oak"] {
        let again = db.ok(&["roster", "add", team, "dai  jones"]);
        assert!(again.contains("nobody added"), "{again}");
    }
    // On a third team's, the name could mean either: refused, naming both.
    refused(
        &db,
        &["roster", "add", "Fox and Hounds", "Dai Jones"],
        2,
        "'Dai Jones' could mean Dai Jones (Royal Oak) or Dai Jones (Red Lion)",
    );
    // Nor is either moved by that name, and a transfer is not told to make a new player.
    let out = refused(
        &db,
        &[
            "roster",
            "transfer",
            "Fox and Hounds",
            "Dai Jones",
            "--on",
            "2026-11-01",
        ],
        2,
        "'Dai Jones' could mean Dai Jones (Royal Oak) or Dai Jones (Red Lion): say which to move",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("--new-player"), "{err}");
    // Taken off by the name its roster knows them by.
    db.ok(&["roster", "remove", "Red Lion", "Dai Jones"]);
    let shown = db.ok(&["roster", "show", "Royal Oak"]);
    assert!(shown.contains("Dai Jones (Royal Oak)"), "{shown}");
}

#[test]
fn a_transfer_moves_a_player_from_its_date_nights_before_counting_for_the_old_team() {
    let db = valleys();
    db.fixture_add("Royal Oak", "Red Lion", "2026-10-01");
    db.fixture_add("Red Lion", "Fox and Hounds", "2026-11-05");
    db.fixture_add("Royal Oak", "Fox and Hounds", "2026-11-12");
    // Before the transfer Dai Jones plays for Royal Oak.
    db.night_enter(
        ("Royal Oak", "Red Lion", "2026-10-01"),
        &[
            "single-crib 1; Dai Jones; Huw Price; 1-0",
            "single-crib 2; Gareth Evans; Huw Price; 0-1",
        ],
    );
    let moved = db.ok(&[
        "roster",
        "transfer",
        "Red Lion",
        "Dai Jones",
        "--on",
        "2026-11-01",
    ]);
    assert!(
        moved.contains("Dai Jones moves from Royal Oak from 2026-11-01"),
        "{moved}"
    );
    assert_eq!(
        db.sql("SELECT team || ' ' || ifnull(since, '-') || ' ' || ifnull(until, '-') FROM rosters WHERE player = 1 ORDER BY id;"),
        "1 - 2026-10-31\n2 2026-11-01 -\n"
    );
    // After it, for Red Lion; no longer for Royal Oak.
    db.night_enter(
        ("Red Lion", "Fox and Hounds", "2026-11-05"),
        &[
            "single-crib 1; Dai Jones; Carys Hughes; 1-0",
            "single-crib 2; Huw Price; Carys Hughes; 1-0",
        ],
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Fox and Hounds",
            "--date",
            "2026-11-12",
            "--match",
            "single-crib 1; Dai Jones; Carys Hughes; 1-0",
        ],
        2,
        "Dai Jones plays for Royal Oak only until 2026-10-31: not on 2026-11-12",
    );
    // One player, whose nights count for the team he played for on each date: the statistics
    // name the latest.
    let first = db.ok(&["night", "show", "Royal Oak", "Red Lion"]);
    assert!(
        first.lines().any(|l| l.contains("single-crib 1")
            && l.find("Dai Jones") < l.find("Huw Price")
            && l.contains("Dai Jones")),
        "{first}"
    );
    let stats = db.ok(&["stats", "--json"]);
    let stats: serde_json::Value = serde_json::from_str(&stats).unwrap();
    let dai: Vec<(String, u64)> = stats
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["who"] == "Dai Jones")
        .map(|p| {
            (
                p["team"].as_str().unwrap().to_string(),
                p["matches"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(dai, [("Red Lion".to_string(), 2)]);
    // Moving him to where he is, or a player on no other roster, is refused.
    refused(
        &db,
        &[
            "roster",
            "transfer",
            "Red Lion",
            "Dai Jones",
            "--on",
            "2026-12-01",
        ],
        2,
        "Dai Jones is on no other team's roster in 2026-27",
    );
}

#[test]
fn a_night_entered_at_the_command_line_takes_each_teams_own_dai_jones() {
    let db = two_dais();
    db.fixture_add("Red Lion", "Royal Oak", "2026-10-01");
    db.ok(&[
        "night",
        "enter",
        "Red Lion",
        "Royal Oak",
        "--date",
        "2026-10-01",
        "--match",
        "single-crib 1; Dai Jones; Dai Jones; 1-0",
        "--match",
        "single-crib 2; Huw Price; dai jones; 0-1",
    ]);
    // Red Lion's side is player 5, Royal Oak's player 1.
    assert_eq!(
        db.sql("SELECT home_players || ' ' || away_players FROM matches ORDER BY slot;"),
        "[5] [1]\n[3] [1]\n"
    );
    let shown = db.ok(&["night", "show", "Red Lion", "Royal Oak"]);
    assert!(
        shown.contains("Dai Jones (Red Lion)") && shown.contains("Dai Jones (Royal Oak)"),
        "{shown}"
    );
    let stats = db.ok(&["stats"]);
    for line in ["Dai Jones (Red Lion)", "Dai Jones (Royal Oak)"] {
        assert!(stats.contains(line), "{stats}");
    }
    // Named by the label, a player is found wherever he is.
    let out = db.ok(&["player", "names", "Dai Jones (Red Lion)"]);
    assert!(out.contains("Dai Jones"), "{out}");
}

#[test]
fn a_name_two_players_bear_none_of_them_on_the_teams_roster_is_refused_naming_both() {
    let db = two_dais();
    db.fixture_add("Fox and Hounds", "Red Lion", "2026-10-01");
    let out = refused(
        &db,
        &[
            "night",
            "enter",
            "Fox and Hounds",
            "Red Lion",
            "--date",
            "2026-10-01",
            "--match",
            "single-crib 1; Dai Jones; Huw Price; 1-0",
        ],
        2,
        "'Dai Jones' could mean Dai Jones (Royal Oak) or Dai Jones (Red Lion)",
    );
    assert!(text(&out.stderr).contains("--new-player"));
    // Said new, a third.
    db.ok(&[
        "night",
        "enter",
        "Fox and Hounds",
        "Red Lion",
        "--date",
        "2026-10-01",
        "--match",
        "single-crib 1; Dai Jones; Huw Price; 1-0",
        "--new-player",
        "Dai Jones",
    ]);
    assert_eq!(
        db.sql("SELECT count(*) FROM players WHERE key = 'dai jones';"),
        "3\n"
    );
    let shown = db.ok(&["roster", "show", "Fox and Hounds"]);
    assert!(shown.contains("Dai Jones (Fox and Hounds)"), "{shown}");
}

/// The matches file of one night of Red Lion at home to Royal Oak on 2026-10-01.
fn matches_csv(db: &Db, rows: &[&str]) -> PathBuf {
    let mut csv = String::from(
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs\n",
    );
    for r in rows {
        csv.push_str(&format!("2026-27,2026-10-01,Red Lion,Royal Oak,{r}\n"));
    }
    let path = db.dir().join("matches.csv");
    std::fs::write(&path, csv).unwrap();
    path
}

#[test]
fn a_results_file_takes_each_teams_own_dai_jones_and_refuses_one_of_another_team() {
    // One Dai Jones, Royal Oak's: Red Lion's side naming him is refused at its row.
    let db = valleys();
    let file = matches_csv(
        &db,
        &[
            "single-crib,1,Dai Jones,Gareth Evans,1,0",
            "single-crib,2,Huw Price,Gareth Evans,1,0",
        ],
    );
    let out = refused(
        &db,
        &["import", file.to_str().unwrap(), "--league", LEAGUE],
        1,
        "Dai Jones plays for Royal Oak in 2026-27",
    );
    let err = text(&out.stderr);
    assert!(err.contains("matches.csv, line 2: Dai Jones"), "{err}");
    let db = two_dais();
    // Two of them: each side's own, even face to face.
    let file = matches_csv(
        &db,
        &[
            "single-crib,1,Dai Jones,Dai Jones,1,0",
            "single-crib,2,Huw Price,Gareth Evans,1,0",
        ],
    );
    db.ok(&["import", file.to_str().unwrap(), "--league", LEAGUE]);
    assert_eq!(
        db.sql("SELECT home_players || ' ' || away_players FROM matches ORDER BY slot;"),
        "[5] [1]\n[3] [2]\n"
    );
    let exported = db.ok(&[
        "export", "--league", LEAGUE, "--season", "2026-27", "--shape", "matches",
    ]);
    assert!(
        exported.contains("Dai Jones (Red Lion),Dai Jones (Royal Oak)"),
        "{exported}"
    );
    // What it exports imports again as the same night, nothing added.
    let again = db.dir().join("again.csv");
    std::fs::write(&again, &exported).unwrap();
    let before = db.dump();
    db.ok(&["import", again.to_str().unwrap(), "--league", LEAGUE]);
    assert_eq!(db.dump().lines().count(), before.lines().count());
}

#[test]
fn a_workbook_takes_each_teams_own_dai_jones_and_refuses_a_name_that_could_mean_either() {
    let db = two_dais();
    let mut book = Book::new();
    book.sheet("matches").csv(
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs\n\
         2026-27,2026-10-01,Red Lion,Royal Oak,single-crib,1,Dai Jones,Gareth Evans,1,0\n\
         2026-27,2026-10-01,Red Lion,Royal Oak,single-crib,2,Huw Price,Dai Jones,1,0\n",
    );
    let path = db.dir().join("book.xlsx");
    book.save(&path);
    db.ok(&["import", path.to_str().unwrap(), "--league", LEAGUE]);
    assert_eq!(
        db.sql("SELECT home_players || ' ' || away_players FROM matches ORDER BY slot;"),
        "[5] [2]\n[3] [1]\n"
    );
    // Fox and Hounds has no Dai Jones: either could be meant.
    let mut book = Book::new();
    book.sheet("matches").csv(
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs\n\
         2026-27,2026-10-08,Fox and Hounds,Royal Oak,single-crib,1,Dai Jones,Gareth Evans,1,0\n\
         2026-27,2026-10-08,Fox and Hounds,Royal Oak,single-crib,2,Carys Hughes,Dai Jones,1,0\n",
    );
    let path = db.dir().join("book2.xlsx");
    book.save(&path);
    refused(
        &db,
        &["import", path.to_str().unwrap(), "--league", LEAGUE],
        1,
        "'Dai Jones' could mean Dai Jones (Royal Oak) or Dai Jones (Red Lion)",
    );
}

#[test]
fn the_published_site_gives_each_dai_jones_his_own_page() {
    let db = two_dais();
    db.fixture_add("Red Lion", "Royal Oak", "2026-10-01");
    db.night_enter(
        ("Red Lion", "Royal Oak", "2026-10-01"),
        &[
            "single-crib 1; Dai Jones; Dai Jones; 1-0",
            "single-crib 2; Huw Price; Gareth Evans; 1-0",
        ],
    );
    let out = db.dir().join("site");
    db.ok(&["publish", "--out", out.to_str().unwrap()]);
    let mut pages: Vec<String> = std::fs::read_dir(out.join("player"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("dai-jones"))
        .collect();
    pages.sort();
    assert_eq!(
        pages,
        ["dai-jones-red-lion.html", "dai-jones-royal-oak.html"]
    );
}

#[test]
fn a_database_of_version_10_comes_up_with_every_player_and_namesakes_allowed() {
    let db = valleys();
    // A player taken away again: the number he had is never given again.
    db.roster_add("Fox and Hounds", &["Ffion Price"]);
    db.ok(&["undo"]);
    db.set_back_to_version(10);
    assert!(db
        .sql("SELECT sql FROM sqlite_schema WHERE name = 'players';")
        .contains("UNIQUE"));
    let before = players(&db);
    let rosters = db.sql("SELECT * FROM rosters ORDER BY id;");
    let seq = db.sql("SELECT seq FROM sqlite_sequence WHERE name = 'players';");
    assert_eq!(seq, "5\n");
    // Read as it is (a copy brought up in memory), then brought up by a change: a second Dai
    // Jones is player 6.
    let shown = db.ok(&["roster", "show"]);
    assert!(shown.contains("Dai Jones, Gareth Evans"), "{shown}");
    db.ok(&[
        "roster",
        "add",
        "Red Lion",
        "Dai Jones",
        "--new-player",
        "Dai Jones",
    ]);
    assert_eq!(
        db.sql("PRAGMA user_version;"),
        common::latest_schema_version()
    );
    assert!(!db
        .sql("SELECT sql FROM sqlite_schema WHERE name = 'players';")
        .contains("UNIQUE"));
    assert_eq!(db.sql("PRAGMA foreign_key_check;"), "");
    assert_eq!(players(&db), format!("{before}6 Dai Jones\n"));
    assert!(db
        .sql("SELECT * FROM rosters ORDER BY id;")
        .starts_with(&rosters.replace('\n', "||\n")));
    // Undone, as every change is: the database as it was brought up, player 6 gone.
    db.ok(&["undo"]);
    assert_eq!(players(&db), before);
    assert_eq!(
        db.sql("SELECT * FROM rosters ORDER BY id;"),
        rosters.replace('\n', "||\n")
    );
}

/// A whole Abercarn night for Red Lion (home) v Royal Oak, as the web's night form posts it,
/// with `away` in don 1 beside Rhys for Royal Oak.
fn web_night(away: &str) -> Vec<(String, String)> {
    let home = ["Dai", "Huw", "Aled", "Bethan", "Mair"];
    let aways = ["Gareth", "Rhys", "Emrys", "Glyn", "Sian"];
    let mut fields = vec![("how".to_string(), "matches".to_string())];
    for row in 1..=9usize {
        let (p, q) = ((row - 1) % 5, row % 5);
        let first = if row == 1 { away } else { aways[p] };
        fields.push((format!("m{row}_home1"), home[p].into()));
        fields.push((format!("m{row}_away1"), first.into()));
        if row <= 6 {
            fields.push((format!("m{row}_home2"), home[q].into()));
            fields.push((format!("m{row}_away2"), aways[q].into()));
        }
        let (h, a) = if row % 2 == 1 { (2, 0) } else { (0, 2) };
        fields.push((format!("m{row}_home_legs"), h.to_string()));
        fields.push((format!("m{row}_away_legs"), a.to_string()));
    }
    fields
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_night_form_refuses_another_teams_player_and_takes_each_teams_own_dai() {
    use crate::web::browser::{self, pairs, token, Browser};
    let (db, app) = browser::league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    // Carys plays for Fox and Hounds: not for Royal Oak, and nothing is kept.
    let before = db.dump();
    let answer = lion
        .post("/my/night/1/enter", &pairs(&web_night("Carys")))
        .await;
    assert!(answer.status.is_client_error(), "{}", answer.status);
    assert!(
        answer
            .page
            .contains("Carys plays for Fox and Hounds in 2025-26"),
        "{}",
        answer.page
    );
    assert_eq!(db.dump(), before);
    // A second Dai, Royal Oak's: each side's Dai is his own team's.
    db.ok(&["roster", "add", "Royal Oak", "Dai", "--new-player", "Dai"]);
    let answer = lion
        .post("/my/night/1/enter", &pairs(&web_night("Dai")))
        .await;
    assert_eq!(
        answer.status,
        axum::http::StatusCode::SEE_OTHER,
        "{}",
        answer.page
    );
    let dais = db.sql("SELECT id FROM players WHERE key = 'dai' ORDER BY id;");
    assert_eq!(dais, "6\n16\n");
    assert_eq!(
        db.sql("SELECT home_players || ' ' || away_players FROM matches WHERE kind = 'don' AND slot = 1;"),
        "[6,7] [16,2]\n"
    );
    let browser::Answer { page, .. } = lion.get("/my/night/1").await;
    assert!(
        page.contains("Dai (Red Lion)") && page.contains("Dai (Royal Oak)"),
        "{page}"
    );
}
