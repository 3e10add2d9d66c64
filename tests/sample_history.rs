//! The league's past end to end: the README's history command run as it is written, on a fresh
//! database — the sample workbook `examples/league/past/abercarn-2015-2022.xlsx` (2015-16 to
//! 2021-22: two final tables, two results grids, a season match by match, two night by night),
//! `don team rename 'Colliers Arms' "Miners' Arms" --from 2022-07-01`, then the three later
//! seasons' nights CSVs and the sample season 2025-26, which need one `--map` file
//! (`examples/league/past/map.csv`: "Coach & Horses", as 2023-24's file types it, means Coach
//! and Horses) — and `don history --json` against the figures worked out below. Then, as the
//! issue tries it, a new secretary's own small workbook (a grid, a misspelt team, a renamed pub)
//! imported after one `--map`, against its figures worked out beside it.
//!
//! The hand-worked figures. Each season's table was tallied from its files (tools/
//! make_past_seasons.py prints them; 2025-26 as tests/data/league/standings_oracle.py counts it,
//! Red Lion's 2-point deduction included): a point a match, nine matches a night, so no night is
//! drawn; a walkover 9-0 (2018-19 Red Lion v Greyhound, 2021-22 Halfway House v Prince of
//! Wales); 2017-18's Hanbury Arms v Colliers Arms never played ("-" in the grid), so each has
//! 13 nights that season. Colliers Arms is today's Miners' Arms, and counts as it.
//!
//! season  form     champions (pts)              runners-up (pts)
//! 2015-16  table    Royal Oak (82)               Abercarn Inn (68), third 66
//! 2016-17  table    Red Lion (85)                Crumlin Arms (72), third 68
//! 2017-18  grid     Crumlin Arms (78)            Royal Oak (68), third 66
//! 2018-19  grid     Royal Oak (93)               Abercarn Inn (89), third 87
//! 2019-20  matches  Abercarn Inn (104)           Red Lion (90), third 87
//! 2020-21  nights   Colliers Arms (98)           Royal Oak (96), third 94
//! 2021-22  nights   Red Lion (101)               Crumlin Arms (91), third 86
//! 2022-23  nights   Navigation Inn (138)         Royal Oak (116), third 111
//! 2023-24  nights   Royal Oak (133)              Coach and Horses (115), third 106
//! 2024-25  nights   Halfway House (117)          Crumlin Arms (110), third 109
//! 2025-26  matches  Royal Oak (128)              Abercarn Inn (111), third 107
//!
//! Points by season (a title starred), then P/W/L summed:
//!                  15-16 16-17 17-18 18-19 19-20 20-21 21-22 22-23 23-24 24-25 25-26
//! Abercarn Inn       68   59   61   89  104*  78   75  106  101   99  111  = 951
//! Coach and Horses   62   62   65   87   85   88   77  111  115  104   99  = 955
//! Commercial          -    -    -    -    -    -    -   77   90   93   92  = 352
//! Crumlin Arms       62   72   78*  87   87   94   91  105  102  110  107  = 995
//! Cwmcarn Hotel       -    -    -    -    -    -    -   75   68   69   70  = 282
//! Greyhound           -    -    -   62   74   72   71   87   92   86   93  = 637
//! Halfway House       -    -    -   70   72   61   76   78   87  117*  99  = 660
//! Hanbury Arms       45   44   43    -    -    -    -    -    -    -    -  = 132
//! Miners' Arms       66   54   54   79   70   98*  69   93   92  102   85  = 862
//! Navigation Inn     54   60   66   84   77   76   86  138* 106  108  105  = 960
//! Prince of Wales     -    -    -   72   70   64   84   98   98  101   92  = 679
//! Red Lion           65   85*  60   87   90   83  101* 104  104   90  105  = 974
//! Royal Oak          82*  68   68   93*  81   96   80  116  133* 109  128* = 1054
//!
//! Abercarn Inn: P 14+14+14+18+18+18+18+22+22+22+22 = 202; W 7+5+6+10+13+7+8+13+10+13+15 = 107
//! Coach and Horses: P 14+14+14+18+18+18+18+22+22+22+22 = 202; W 7+6+7+12+11+11+7+14+14+11+12 = 112
//! Commercial: P 22+22+22+22 = 88; W 6+10+12+9 = 37
//! Crumlin Arms: P 14+14+14+18+18+18+18+22+22+22+22 = 202; W 7+10+10+10+10+13+11+12+9+13+13 = 118
//! Cwmcarn Hotel: P 22+22+22+22 = 88; W 7+3+3+6 = 19
//! Greyhound: P 18+18+18+18+22+22+22+22 = 160; W 5+8+7+7+8+11+8+8 = 62
//! Halfway House: P 18+18+18+18+22+22+22+22 = 160; W 7+6+5+8+5+10+16+11 = 68
//! Hanbury Arms: P 14+14+13 = 41; W 2+4+4 = 10
//! Miners' Arms: P 14+14+13+18+18+18+18+22+22+22+22 = 201; W 8+4+6+7+7+14+8+9+9+11+6 = 89
//! Navigation Inn: P 14+14+14+18+18+18+18+22+22+22+22 = 202; W 6+8+7+10+7+7+11+19+14+13+11 = 113
//! Prince of Wales: P 18+18+18+18+22+22+22+22 = 160; W 5+6+4+8+10+9+12+10 = 64
//! Red Lion: P 14+14+14+18+18+18+18+22+22+22+22 = 202; W 7+12+7+11+13+9+14+13+12+7+14 = 119
//! Royal Oak: P 14+14+14+18+18+18+18+22+22+22+22 = 202; W 12+7+8+13+9+13+8+16+21+13+17 = 137
//!
//! Lost is played less won (no draws). The all-time order is points, then titles, won, name:
//! no two teams are level on points, so points alone give it.

use crate::common;

use std::process::Command;

use serde_json::Value;

use common::db::{refused, Db};
use common::text;

const LEAGUE: &str = "Abercarn Crib and Don League";

/// A row of the all-time table: (pos, team, seasons, played, won, drawn, lost, points, titles).
type Row<Team> = (u64, Team, u64, u64, u64, u64, u64, u64, u64);

/// The all-time table, as worked out above.
const ALL_TIME: [Row<&str>; 13] = [
    (1, "Royal Oak", 11, 202, 137, 0, 65, 1054, 4),
    (2, "Crumlin Arms", 11, 202, 118, 0, 84, 995, 1),
    (3, "Red Lion", 11, 202, 119, 0, 83, 974, 2),
    (4, "Navigation Inn", 11, 202, 113, 0, 89, 960, 1),
    (5, "Coach and Horses", 11, 202, 112, 0, 90, 955, 0),
    (6, "Abercarn Inn", 11, 202, 107, 0, 95, 951, 1),
    (7, "Miners' Arms", 11, 201, 89, 0, 112, 862, 1),
    (8, "Prince of Wales", 8, 160, 64, 0, 96, 679, 0),
    (9, "Halfway House", 8, 160, 68, 0, 92, 660, 1),
    (10, "Greyhound", 8, 160, 62, 0, 98, 637, 0),
    (11, "Commercial", 4, 88, 37, 0, 51, 352, 0),
    (12, "Cwmcarn Hotel", 4, 88, 19, 0, 69, 282, 0),
    (13, "Hanbury Arms", 3, 41, 10, 0, 31, 132, 0),
];

/// (season, source, champions, runners-up, teams), oldest first: champions and runners-up by
/// today's names (Colliers Arms is Miners' Arms).
const SEASONS: [(&str, &str, &str, &str, u64); 11] = [
    ("2015-16", "table", "Royal Oak", "Abercarn Inn", 8),
    ("2016-17", "table", "Red Lion", "Crumlin Arms", 8),
    ("2017-18", "grid", "Crumlin Arms", "Royal Oak", 8),
    ("2018-19", "grid", "Royal Oak", "Abercarn Inn", 10),
    ("2019-20", "matches", "Abercarn Inn", "Red Lion", 10),
    ("2020-21", "nights", "Miners' Arms", "Royal Oak", 10),
    ("2021-22", "nights", "Red Lion", "Crumlin Arms", 10),
    ("2022-23", "nights", "Navigation Inn", "Royal Oak", 12),
    ("2023-24", "nights", "Royal Oak", "Coach and Horses", 12),
    ("2024-25", "nights", "Halfway House", "Crumlin Arms", 12),
    ("2025-26", "matches", "Royal Oak", "Abercarn Inn", 12),
];

const BOOK: &str = "examples/league/past/abercarn-2015-2022.xlsx";

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README's history command, as one line of shell.
fn readme_command() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    readme
        .lines()
        .find(|l| l.starts_with("rm -f history.db && "))
        .expect("README.md has the history command (a line beginning `rm -f history.db && `)")
        .to_string()
}

/// The later seasons' files, as the README's glob `examples/league/past/*-nights.csv
/// examples/league/*.csv` names them.
fn later_files() -> Vec<String> {
    let mut files = Vec::new();
    for (dir, end) in [
        ("examples/league/past", "-nights.csv"),
        ("examples/league", ".csv"),
    ] {
        let mut these: Vec<String> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path().display().to_string())
            .filter(|p| p.ends_with(end))
            .collect();
        these.sort();
        files.extend(these);
    }
    files
}

fn json(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("not JSON ({e}): {s}"))
}

/// The all-time table of `history --json`, as the tuples above.
fn all_time(history: &Value) -> Vec<Row<String>> {
    let n = |row: &Value, key: &str| {
        row[key]
            .as_u64()
            .unwrap_or_else(|| panic!("{key} in {row}"))
    };
    history["all_time"]
        .as_array()
        .expect("history --json has all_time")
        .iter()
        .map(|r| {
            (
                n(r, "pos"),
                r["team"].as_str().unwrap().to_string(),
                n(r, "seasons"),
                n(r, "played"),
                n(r, "won"),
                n(r, "drawn"),
                n(r, "lost"),
                n(r, "points"),
                n(r, "titles"),
            )
        })
        .collect()
}

fn seasons(history: &Value) -> Vec<(String, String, String, String, u64)> {
    history["seasons"]
        .as_array()
        .expect("history --json has seasons")
        .iter()
        .map(|s| {
            let t = |k: &str| s[k].as_str().unwrap_or_default().to_string();
            (
                t("season"),
                t("source"),
                t("champions"),
                t("runners_up"),
                s["teams"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

fn check_history(history: &Value) {
    assert_eq!(history["league"], LEAGUE);
    let want: Vec<_> = SEASONS
        .iter()
        .map(|&(s, f, c, r, t)| (s.into(), f.into(), c.into(), r.into(), t))
        .collect::<Vec<(String, String, String, String, u64)>>();
    assert_eq!(seasons(history), want);
    let want: Vec<_> = ALL_TIME
        .iter()
        .map(|&(p, t, s, pl, w, d, l, pts, ti)| (p, t.to_string(), s, pl, w, d, l, pts, ti))
        .collect();
    assert_eq!(all_time(history), want);
}

/// The sample's past imported step by step as the README does, the `--map` found needed first.
fn imported() -> Db {
    let db = Db::new();
    db.ok(&["import", BOOK, "--league", LEAGUE, "--create"]);
    db.ok(&[
        "team",
        "rename",
        "Colliers Arms",
        "Miners' Arms",
        "--from",
        "2022-07-01",
    ]);
    let mut args: Vec<String> = vec!["import".into()];
    args.extend(later_files());
    args.push("--create".into());
    let without: Vec<&str> = args.iter().map(String::as_str).collect();
    // Without the map, the name typed another way is refused, naming its file and what it may be.
    let out = refused(&db, &without, 1, "did you mean 'Coach and Horses'");
    assert!(
        text(&out.stderr).contains("2023-24-nights.csv"),
        "{}",
        text(&out.stderr)
    );
    args.extend(["--map".into(), "examples/league/past/map.csv".into()]);
    let with: Vec<&str> = args.iter().map(String::as_str).collect();
    db.ok(&with);
    db
}

#[test]
fn the_readmes_history_command_works_on_a_fresh_database_and_prints_the_all_time_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("history.db");
    let don = env!("CARGO_BIN_EXE_don");
    let line = readme_command()
        .replace("cargo run --release --", &format!("'{don}'"))
        .replace("history.db", &db.display().to_string());
    let out = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .current_dir(root())
        .output()
        .unwrap();
    let said = text(&out.stdout);
    assert!(out.status.success(), "{line}\n{said}{}", text(&out.stderr));
    // What it prints ends with the history: every team in it under today's name (the rename
    // before it says the old one).
    let history = &said[said
        .find("Abercarn Crib and Don League: 11 seasons (2015-16 to 2025-26)")
        .unwrap_or_else(|| panic!("the history's heading in:\n{said}"))..];
    for (_, team, ..) in ALL_TIME {
        assert!(history.contains(team), "{team} in:\n{history}");
    }
    assert!(!history.contains("Colliers Arms"), "{history}");
    let history = Command::new(don)
        .args(["history", "--json"])
        .env("DON_DB", &db)
        .output()
        .unwrap();
    assert!(history.status.success(), "{}", text(&history.stderr));
    check_history(&json(&text(&history.stdout)));
}

#[test]
fn the_sample_past_gives_the_hand_worked_champions_and_all_time_table() {
    let db = imported();
    check_history(&json(&db.ok(&["history", "--json"])));
    // The same with the league named.
    check_history(&json(&db.ok(&["history", "--league", LEAGUE, "--json"])));
}

#[test]
fn the_renamed_pub_is_colliers_arms_in_old_seasons_and_miners_arms_since() {
    let db = imported();
    let teams = |season: &str| -> Vec<String> {
        let rows = json(&db.ok(&["standings", "--season", season, "--json"]));
        rows.as_array()
            .unwrap()
            .iter()
            .map(|r| r["team"].as_str().unwrap().to_string())
            .collect()
    };
    for season in ["2015-16", "2017-18", "2019-20", "2021-22"] {
        let names = teams(season);
        assert!(
            names.iter().any(|t| t == "Colliers Arms"),
            "{season}: {names:?}"
        );
        assert!(
            !names.iter().any(|t| t == "Miners' Arms"),
            "{season}: {names:?}"
        );
    }
    for season in ["2022-23", "2025-26"] {
        let names = teams(season);
        assert!(
            names.iter().any(|t| t == "Miners' Arms"),
            "{season}: {names:?}"
        );
    }
    // The final table of 2015-16 as printed, in its order.
    let rows = json(&db.ok(&["standings", "--season", "2015-16", "--json"]));
    let first = &rows[0];
    assert_eq!(first["team"], "Royal Oak");
    assert_eq!(first["points"], 82);
    assert_eq!(first["legs_for"], Value::Null);
}

#[test]
fn the_sample_past_imported_again_changes_nothing() {
    let db = imported();
    let before = db.dump();
    db.ok(&["import", BOOK]);
    let mut args: Vec<String> = vec!["import".into()];
    args.extend(later_files());
    args.extend(["--map".into(), "examples/league/past/map.csv".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    db.ok(&args);
    let data = |dump: &str| -> String {
        dump.lines()
            .filter(|l| {
                !l.starts_with("INSERT INTO operations")
                    && !l.starts_with("INSERT INTO changes")
                    && !l.contains("sqlite_sequence")
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        data(&before),
        data(&db.dump()),
        "a second import adds nothing"
    );
}

/// A new secretary's own workbook: a results grid of 2014-15 (Royal Oak, Red Lion, Six Bells),
/// then 2015-16 night by night, where Royal Oak is already The Oak and Red Lion is once typed
/// "Red Lyon"; a map says what both mean.
fn secretarys_book(dir: &std::path::Path) -> (String, String) {
    let mut book = common::book::Book::new();
    book.sheet("2014-15").csv_typed(
        "season,2014-15,,\n,Royal Oak,Red Lion,Six Bells\nRoyal Oak,x,5-4,9-0 w/o\nRed Lion,3-6,x,-\nSix Bells,2-7,4-5,x\n",
    );
    book.sheet("2015-16").csv_typed(
        "season,date,home,away,home_points,away_points\n2015-16,2015-09-03,The Oak,Red Lion,6,3\n2015-16,2015-09-10,Red Lyon,Six Bells,5,4\n2015-16,2015-09-17,Six Bells,The Oak,3,6\n",
    );
    let path = dir.join("our league.xlsx");
    book.save(&path);
    let map = dir.join("names.csv");
    std::fs::write(&map, "name,means\nThe Oak,Royal Oak\nRed Lyon,Red Lion\n").unwrap();
    (path.display().to_string(), map.display().to_string())
}

/// By hand, from the two sheets. The Oak (Royal Oak then): 2014-15 at home 5 (Red Lion) and 9
/// (Six Bells' walkover), away 6 (at Red Lion) and 7 (at Six Bells): P 4, W 4, 27 points;
/// 2015-16 6 and 6: P 2, W 2, 12; in all P 6, W 6, 39, two titles. Red Lion: 2014-15 3 and 4
/// against Royal Oak, 5 at Six Bells (its home night with them not played): P 3, W 1, 12;
/// 2015-16 3 at The Oak, 5 against Six Bells as "Red Lyon": P 2, W 1, 8; in all P 5, W 2, L 3,
/// 20, runners-up in 2015-16. Six Bells: 2014-15 0 (the walkover), 2 and 4: P 3, 6; 2015-16 4
/// and 3: P 2, 7; in all P 5, W 0, L 5, 13.
#[test]
fn a_secretarys_workbook_with_a_grid_a_misspelt_team_and_a_renamed_pub_imports_after_one_map() {
    let db = Db::new();
    let (book, map) = secretarys_book(db.dir());
    db.ok(&[
        "import",
        &book,
        "--league",
        "Our League",
        "--create",
        "--map",
        &map,
    ]);
    let said = db.ok(&[
        "team",
        "rename",
        "Royal Oak",
        "The Oak",
        "--from",
        "2015-07-01",
    ]);
    assert!(
        said.contains("Royal Oak is The Oak from 2015-07-01"),
        "{said}"
    );
    let history = json(&db.ok(&["history", "--json"]));
    let want: Vec<Row<String>> = [
        (1, "The Oak", 2, 6, 6, 0, 0, 39, 2),
        (2, "Red Lion", 2, 5, 2, 0, 3, 20, 0),
        (3, "Six Bells", 2, 5, 0, 0, 5, 13, 0),
    ]
    .iter()
    .map(|&(p, t, s, pl, w, d, l, pts, ti)| (p, t.to_string(), s, pl, w, d, l, pts, ti))
    .collect();
    assert_eq!(all_time(&history), want);
    let champions = seasons(&history);
    assert_eq!(
        champions,
        [
            (
                "2014-15".into(),
                "grid".into(),
                "The Oak".into(),
                "Red Lion".into(),
                3
            ),
            (
                "2015-16".into(),
                "nights".into(),
                "The Oak".into(),
                "Red Lion".into(),
                3
            ),
        ]
    );
    // The old season shows the pub as it was then.
    let table = json(&db.ok(&["standings", "--season", "2014-15", "--json"]));
    assert_eq!(table[0]["team"], "Royal Oak");
}

/// Without the map, the misspelt team should be refused ("did you mean 'Red Lion'?"): both
/// names are new to a fresh database, in one import. Today "Red Lyon" is made a fourth team
/// (a name typed two ways by "&"/"and" is refused so, an edit of one letter is not).
#[test]
fn a_secretarys_misspelt_team_is_refused_without_the_map_on_a_fresh_database() {
    let db = Db::new();
    let (book, _) = secretarys_book(db.dir());
    refused(
        &db,
        &["import", &book, "--league", "Our League", "--create"],
        1,
        "did you mean 'Red Lion'",
    );
}
