//! `don history` (issue 19, FORMAT.md §8): champions and runners-up by season, the all-time
//! table, the records and the players' careers, over seasons that survive in every form — a
//! final table only, a results grid, nights by totals and match by match, one still being
//! played — with a team renamed since; as text, as JSON and on the published site. Every figure
//! below is worked out by hand in the comments.
//!
//! The grid and the final table are put in by SQL, shaped as schema version 10 says
//! (`fixtures.undated`, `season_tables`), until their importers land.

use crate::common;
use crate::web;

use common::db::Db;
use common::text;
use serde_json::{json, Value};

const LEAGUE: &str = "Valleys";

/// Runs SQL against the database, which must take it.
fn sql(db: &Db, statement: &str) {
    db.sql(statement);
}

/// A line of a final table as printed (`season_tables`), legs unknown.
#[allow(clippy::too_many_arguments)]
fn table_row(
    db: &Db,
    season: &str,
    position: u32,
    team: &str,
    (played, won, drawn, lost): (u32, u32, u32, u32),
    (f, a): (u32, u32),
    points: i64,
) {
    sql(
        db,
        &format!(
            "INSERT INTO season_tables (season, position, pos, team, played, won, drawn, lost,
                 matches_for, matches_against, legs_for, legs_against, points, note)
             SELECT s.id, {position}, {position}, t.id, {played}, {won}, {drawn}, {lost}, {f}, {a},
                 NULL, NULL, {points}, ''
             FROM seasons s, teams t WHERE s.name = '{season}' AND t.name = '{team}'"
        ),
    );
}

/// A night of a results grid: no date (`undated`; its date is the season's end), points only.
fn grid_night(db: &Db, season: &str, end: &str, home: &str, away: &str, score: (u32, u32)) {
    sql(
        db,
        &format!(
            "INSERT INTO fixtures (season, date, home, away, result, home_points, away_points,
                 undated)
             SELECT s.id, '{end}', h.id, a.id, 'totals', {}, {}, 1
             FROM seasons s, teams h, teams a
             WHERE s.name = '{season}' AND h.name = '{home}' AND a.name = '{away}'",
            score.0, score.1
        ),
    );
}

/// A season made by SQL, with the league's configuration.
fn season(db: &Db, name: &str) {
    sql(
        db,
        &format!(
            "INSERT INTO seasons (league, name, key, config, created)
             SELECT id, '{name}', '{name}', config, '2026-11-24T00:00:00Z' FROM leagues"
        ),
    );
}

fn write(db: &Db, name: &str, content: &str) -> String {
    let path = db.dir().join(name);
    std::fs::write(&path, content).unwrap();
    path.to_string_lossy().into_owned()
}

/// The league Valleys (nights of three matches: two of Don, pairs, and one of single crib; a
/// point a match; ties by points, legs difference, legs won, name) and four seasons:
///
/// **2012-13**, a final table only (entered last, so its number is the highest; it still comes
/// first, ending in June 2013):
///
/// | pos | team      | P | W | D | L | F | A | Pts |
/// |-----|-----------|---|---|---|---|---|---|-----|
/// | 1   | Red Lion  | 4 | 3 | 0 | 1 | 9 | 3 | 9   |
/// | 2   | Royal Oak | 4 | 2 | 0 | 2 | 6 | 6 | 6   |
/// | 3   | Six Bells | 4 | 1 | 0 | 3 | 3 | 9 | 3   |
///
/// **2013-14**, a results grid (no dates):
///
/// ```text
///                 Royal Oak  Red Lion  Fox and Hounds
/// Royal Oak       x          3-0       2-1
/// Red Lion        1-2        x         3-0
/// Fox and Hounds  0-3        2-1       x
/// ```
///
/// Royal Oak won all four (3+2+2+3 = 10 matches for, 0+1+1+0 = 2 against): 10 points. Red Lion
/// won one, at home to Fox and Hounds (0+1+3+1 = 5 for): 5 points. Fox and Hounds won one, at
/// home to Red Lion (1+0+0+2 = 3 for): 3 points. 18 matches in all, 6 nights of 3.
///
/// **2014-15**, nights by totals and one match by match, dated:
///
/// | date       | night                                         | winner          |
/// |------------|-----------------------------------------------|-----------------|
/// | 2014-09-04 | Royal Oak 2-1 Red Lion                        | Royal Oak       |
/// | 2014-09-11 | Fox and Hounds 3-0 Royal Oak                  | Fox and Hounds  |
/// | 2014-09-18 | Red Lion 2-1 Fox and Hounds                   | Red Lion        |
/// | 2014-10-02 | Red Lion 2-1 Royal Oak, match by match        | Red Lion        |
/// | 2014-10-09 | Fox and Hounds 1-2 Red Lion                   | Red Lion        |
/// | 2014-10-16 | Royal Oak v Fox and Hounds, walkover: 3-0     | Royal Oak       |
///
/// Royal Oak: P4 W2 L2, 2+0+1+3 = 6 for: 6 points. Red Lion: P4 W3 L1, 1+2+2+2 = 7 for, less 2
/// deducted: 5 points. Fox and Hounds: P4 W1 L3, 3+1+1+0 = 5 for: 5 points. Red Lion and Fox
/// and Hounds are level on 5: legs difference +1 (4-3 on 2014-10-02) against 0, so Red Lion are
/// runners-up. The night of 2014-10-02: Don 1 Dai+Huw 2-1 Gareth+Rhys; Don 2 Aled+Bethan 0-2
/// Emrys+Glyn; single crib Dai 2-0 Gareth.
///
/// **2015-16**, still being played (Fox and Hounds v Royal Oak on 2016-04-07 to come): Royal Oak
/// 3-0 Red Lion (2015-09-03), Fox and Hounds 0-3 Red Lion (2015-09-10). Royal Oak and Red Lion
/// level on 3 points, no legs: by name, Red Lion lead. Dai is on Royal Oak's roster.
///
/// Then Royal Oak is renamed The Oak: every line names it so.
fn league() -> Db {
    let db = Db::new();
    db.ok(&[
        "league",
        "new",
        LEAGUE,
        "--kind",
        "don=2,121,2",
        "--kind",
        "single-crib=1,61,1",
    ]);
    let nights = write(
        &db,
        "nights.csv",
        "season,date,home,away,home_points,away_points,note\n\
         2014-15,2014-09-04,Royal Oak,Red Lion,2,1,\n\
         2014-15,2014-09-11,Fox and Hounds,Royal Oak,3,0,\n\
         2014-15,2014-09-18,Red Lion,Fox and Hounds,2,1,\n\
         2014-15,2014-10-09,Fox and Hounds,Red Lion,1,2,\n\
         2014-15,2014-10-16,Royal Oak,Fox and Hounds,3,0,walkover\n",
    );
    let matches = write(
        &db,
        "matches.csv",
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n\
         2014-15,2014-10-02,Red Lion,Royal Oak,don,1,Dai+Huw,Gareth+Rhys,2,1,\n\
         2014-15,2014-10-02,Red Lion,Royal Oak,don,2,Aled+Bethan,Emrys+Glyn,0,2,\n\
         2014-15,2014-10-02,Red Lion,Royal Oak,single-crib,1,Dai,Gareth,2,0,\n",
    );
    let adjustments = write(
        &db,
        "adjustments.csv",
        "season,date,team,adjustment,reason\n\
         2014-15,2014-10-20,Red Lion,-2,fielded a player not on its roster\n",
    );
    db.ok(&[
        "import",
        &nights,
        &matches,
        &adjustments,
        "--league",
        LEAGUE,
        "--create",
    ]);
    let later = write(
        &db,
        "later.csv",
        "season,date,home,away,home_points,away_points,note\n\
         2015-16,2015-09-03,Royal Oak,Red Lion,3,0,\n\
         2015-16,2015-09-10,Fox and Hounds,Red Lion,0,3,\n",
    );
    let rosters = write(
        &db,
        "rosters.csv",
        "season,team,player\n2015-16,Royal Oak,Dai\n",
    );
    db.ok(&["import", &later, &rosters, "--league", LEAGUE, "--create"]);
    db.ok(&[
        "fixtures",
        "add",
        "Fox and Hounds",
        "Royal Oak",
        "2016-04-07",
        "--season",
        "2015-16",
    ]);
    // The grid.
    season(&db, "2013-14");
    sql(
        &db,
        "INSERT INTO entries (season, team) SELECT s.id, t.id FROM seasons s, teams t
         WHERE s.name = '2013-14' AND t.name IN ('Royal Oak', 'Red Lion', 'Fox and Hounds')",
    );
    let end = "2014-06-30";
    for (home, away, score) in [
        ("Royal Oak", "Red Lion", (3, 0)),
        ("Royal Oak", "Fox and Hounds", (2, 1)),
        ("Red Lion", "Royal Oak", (1, 2)),
        ("Red Lion", "Fox and Hounds", (3, 0)),
        ("Fox and Hounds", "Royal Oak", (0, 3)),
        ("Fox and Hounds", "Red Lion", (2, 1)),
    ] {
        grid_night(&db, "2013-14", end, home, away, score);
    }
    // The final table.
    season(&db, "2012-13");
    sql(
        &db,
        "INSERT INTO teams (league, name, key) SELECT id, 'Six Bells', 'six bells' FROM leagues",
    );
    table_row(&db, "2012-13", 1, "Red Lion", (4, 3, 0, 1), (9, 3), 9);
    table_row(&db, "2012-13", 2, "Royal Oak", (4, 2, 0, 2), (6, 6), 6);
    table_row(&db, "2012-13", 3, "Six Bells", (4, 1, 0, 3), (3, 9), 3);
    // Royal Oak is The Oak today.
    sql(
        &db,
        "UPDATE teams SET name = 'The Oak', key = 'the oak' WHERE key = 'royal oak';
         INSERT INTO team_names (team, name, key, until)
         SELECT id, 'Royal Oak', 'royal oak', '2015-12-31' FROM teams WHERE key = 'the oak';",
    );
    db
}

fn history_json(db: &Db) -> Value {
    serde_json::from_str(&db.ok(&["history", "--json"])).unwrap()
}

#[test]
fn the_seasons_oldest_first_with_champions_runners_up_and_how_each_survives() {
    let db = league();
    let h = history_json(&db);
    assert_eq!(h["league"], LEAGUE);
    assert_eq!(
        h["seasons"],
        json!([
            { "season": "2012-13", "source": "table", "champions": "Red Lion",
              "runners_up": "The Oak", "teams": 3, "finished": true, "cups": [] },
            { "season": "2013-14", "source": "grid", "champions": "The Oak",
              "runners_up": "Red Lion", "teams": 3, "finished": true, "cups": [] },
            { "season": "2014-15", "source": "matches", "champions": "The Oak",
              "runners_up": "Red Lion", "teams": 3, "finished": true, "cups": [] },
            { "season": "2015-16", "source": "nights", "champions": "Red Lion",
              "runners_up": "The Oak", "teams": 3, "finished": false, "cups": [] }
        ])
    );
}

#[test]
fn the_all_time_table_sums_every_season_under_todays_names() {
    let db = league();
    let h = history_json(&db);
    // The Oak: 2012-13 P4 W2 L2 6 pts; 2013-14 P4 W4 10 pts, title; 2014-15 P4 W2 L2 6 pts,
    // title; 2015-16 P1 W1 3 pts (leaders' place is no title) — 4 seasons, P13 W9 D0 L4, 25.
    // Red Lion: 2012-13 P4 W3 L1 9 pts, title; 2013-14 P4 W1 L3 5; 2014-15 P4 W3 L1 7-2 = 5;
    // 2015-16 P2 W1 L1 3 — 4 seasons, P14 W8 D0 L6, 22, 1 title.
    // Fox and Hounds: 2013-14 P4 W1 L3 3; 2014-15 P4 W1 L3 5; 2015-16 P1 L1 0 — 3 seasons,
    // P9 W2 L7, 8. Six Bells: 2012-13 P4 W1 L3 3.
    assert_eq!(
        h["all_time"],
        json!([
            { "pos": 1, "team": "The Oak", "seasons": 4, "played": 13, "won": 9, "drawn": 0,
              "lost": 4, "points": 25, "titles": 2 },
            { "pos": 2, "team": "Red Lion", "seasons": 4, "played": 14, "won": 8, "drawn": 0,
              "lost": 6, "points": 22, "titles": 1 },
            { "pos": 3, "team": "Fox and Hounds", "seasons": 3, "played": 9, "won": 2,
              "drawn": 0, "lost": 7, "points": 8, "titles": 0 },
            { "pos": 4, "team": "Six Bells", "seasons": 1, "played": 4, "won": 1, "drawn": 0,
              "lost": 3, "points": 3, "titles": 0 }
        ])
    );
}

#[test]
fn the_records_list_every_tie() {
    let db = league();
    let h = history_json(&db);
    let r = &h["records"];
    // Won by 3 matches: three nights of the grid (in the grid's order), Fox and Hounds 3-0 on
    // 2014-09-11 (the walkover of 2014-10-16 left out), and both nights of 2015-16.
    assert_eq!(
        r["biggest_wins"],
        json!([
            { "season": "2013-14", "date": null, "winner": "The Oak", "loser": "Red Lion",
              "score": [3, 0], "at_home": true },
            { "season": "2013-14", "date": null, "winner": "Red Lion",
              "loser": "Fox and Hounds", "score": [3, 0], "at_home": true },
            { "season": "2013-14", "date": null, "winner": "The Oak",
              "loser": "Fox and Hounds", "score": [3, 0], "at_home": false },
            { "season": "2014-15", "date": "2014-09-11", "winner": "Fox and Hounds",
              "loser": "The Oak", "score": [3, 0], "at_home": true },
            { "season": "2015-16", "date": "2015-09-03", "winner": "The Oak",
              "loser": "Red Lion", "score": [3, 0], "at_home": true },
            { "season": "2015-16", "date": "2015-09-10", "winner": "Red Lion",
              "loser": "Fox and Hounds", "score": [3, 0], "at_home": false }
        ])
    );
    // Red Lion in 2014-15: lost 09-04, then won 09-18, 10-02 and 10-09. The Oak won all four
    // nights of the grid, but a grid's nights have no order: no run.
    assert_eq!(
        r["longest_runs"],
        json!([{ "team": "Red Lion", "season": "2014-15", "nights": 3,
                 "from": "2014-09-18", "to": "2014-10-09" }])
    );
    assert_eq!(
        r["most_titles"],
        json!([{ "team": "The Oak", "titles": 2, "seasons": ["2013-14", "2014-15"] }])
    );
}

#[test]
fn each_players_career_by_season_across_teams() {
    let db = league();
    let h = history_json(&db);
    let career = |name: &str| -> Value {
        h["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["player"] == name)
            .unwrap_or_else(|| panic!("no {name} in {}", h["players"]))["seasons"]
            .clone()
    };
    // Dai: Don 1 won 2-1, single crib won 2-0 for Red Lion in 2014-15; on The Oak's roster in
    // 2015-16, no match.
    assert_eq!(
        career("Dai"),
        json!([
            { "season": "2014-15", "teams": ["Red Lion"], "matches": 2, "won": 2,
              "legs_won": 4, "legs_lost": 1 },
            { "season": "2015-16", "teams": ["The Oak"], "matches": 0, "won": 0,
              "legs_won": 0, "legs_lost": 0 }
        ])
    );
    // Gareth: lost Don 1 1-2 and the single crib 0-2.
    assert_eq!(
        career("Gareth"),
        json!([{ "season": "2014-15", "teams": ["The Oak"], "matches": 2, "won": 0,
                 "legs_won": 1, "legs_lost": 4 }])
    );
    assert_eq!(
        career("Emrys"),
        json!([{ "season": "2014-15", "teams": ["The Oak"], "matches": 1, "won": 1,
                 "legs_won": 2, "legs_lost": 0 }])
    );
    let names: Vec<&str> = h["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Aled", "Bethan", "Dai", "Emrys", "Gareth", "Glyn", "Huw", "Rhys"]
    );
}

#[test]
fn the_history_as_text() {
    let db = league();
    let out = db.ok(&["history"]);
    assert!(
        out.starts_with("Valleys: 4 seasons (2012-13 to 2015-16)\n"),
        "{out}"
    );
    for line in [
        "│ 2012-13 ┆ Red Lion   ┆ The Oak    ┆     3 ┆ final table    │",
        "│ 2013-14 ┆ The Oak    ┆ Red Lion   ┆     3 ┆ results grid   │",
        "│ 2015-16 ┆ Red Lion * ┆ The Oak    ┆     3 ┆ nights' totals │",
        "* still being played: its leaders so far, and no title yet.",
        "│   1 ┆ The Oak        ┆       4 ┆ 13 ┆ 9 ┆ 0 ┆ 4 ┆  25 ┆      2 │",
        "│   4 ┆ Six Bells      ┆       1 ┆  4 ┆ 1 ┆ 0 ┆ 3 ┆   3 ┆      0 │",
        "Biggest win, by 3 matches:",
        "  The Oak 3–0 Red Lion (2013-14, from its results grid), won by The Oak",
        "  Fox and Hounds 3–0 The Oak (2014-15, 2014-09-11), won by Fox and Hounds",
        "  and 1 more (`--json` lists them all)",
        "  Red Lion, 3 nights in 2014-15 (2014-09-18 to 2014-10-09)",
        "Most titles: 2 titles",
        "  The Oak (2013-14, 2014-15)",
        "│ Dai    ┆ 2014-15 ┆ Red Lion ┆ 2 ┆ 2 ┆  4-1 │",
        "│        ┆ 2015-16 ┆ The Oak  ┆ 0 ┆ 0 ┆  0-0 │",
    ] {
        assert!(out.contains(line), "no {line:?} in\n{out}");
    }
    // Six ties for the biggest win: five shown.
    assert_eq!(out.matches(", won by ").count(), 5, "{out}");
}

#[test]
fn the_league_is_chosen_as_other_commands_choose_it() {
    let db = league();
    db.league_new("Other League", &[]);
    let out = db.run(&["history"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("Valleys"),
        "{}",
        text(&out.stderr)
    );
    let other = db.ok(&["history", "--league", "Other League"]);
    assert!(
        other.starts_with("Other League: no season with a result yet"),
        "{other}"
    );
    let empty: Value =
        serde_json::from_str(&db.ok(&["history", "--league", "Other League", "--json"])).unwrap();
    assert_eq!(
        empty,
        json!({ "league": "Other League", "seasons": [], "all_time": [],
                "records": { "biggest_wins": [], "longest_runs": [], "most_titles": [] },
                "players": [] })
    );
    let valleys: Value =
        serde_json::from_str(&db.ok(&["history", "-l", "valleys", "--json"])).unwrap();
    assert_eq!(valleys["seasons"].as_array().unwrap().len(), 4);
}

#[test]
fn a_season_with_nothing_played_is_left_out_and_a_withdrawn_team_counts_nothing() {
    let db = league();
    // 2016-17 made, its teams entered, nothing played: not part of the history.
    db.ok(&[
        "season",
        "new",
        "2016-17",
        "--teams",
        "The Oak, Red Lion, Fox and Hounds",
    ]);
    let h = history_json(&db);
    assert_eq!(h["seasons"].as_array().unwrap().len(), 4);
    // Fox and Hounds withdrawn from 2014-15: expunged, its nights there count for nobody. The
    // Oak: W 09-04 2-1 against Red Lion only (P1, 2 pts); Red Lion: L 09-04 1-2, W 10-02 2-1
    // (P2, 3 for, 2 deducted: 1 pt). The Oak champions still.
    sql(
        &db,
        "UPDATE entries SET withdrawn = '2014-10-20'
         WHERE team = (SELECT id FROM teams WHERE name = 'Fox and Hounds')
           AND season = (SELECT id FROM seasons WHERE name = '2014-15')",
    );
    let h = history_json(&db);
    assert_eq!(
        h["seasons"][2],
        json!({ "season": "2014-15", "source": "matches", "champions": "The Oak",
                "runners_up": "Red Lion", "teams": 2, "finished": true, "cups": [] })
    );
    // Fox and Hounds: 2013-14 P4 W1 L3 3 pts; 2015-16 P1 L1 0: 2 seasons, P5 W1 L4, 3 pts.
    let fox = h["all_time"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["team"] == "Fox and Hounds")
        .unwrap()
        .clone();
    assert_eq!(
        fox,
        json!({ "pos": 3, "team": "Fox and Hounds", "seasons": 2, "played": 5, "won": 1,
                "drawn": 0, "lost": 4, "points": 3, "titles": 0 })
    );
}

#[test]
fn a_season_with_a_cup_decided_but_no_league_night_lists_its_cup_honours() {
    let db = league();
    db.ok(&[
        "season",
        "new",
        "2016-17",
        "--teams",
        "The Oak, Red Lion, Fox and Hounds",
    ]);
    let cup = |rest: &[&str]| {
        let mut args = vec!["cup"];
        args.extend_from_slice(rest);
        args.extend(["--season", "2016-17"]);
        db.ok(&args)
    };
    cup(&["new", "League Cup"]);
    cup(&["enter", "League Cup", "The Oak", "Red Lion"]);
    cup(&["draw", "League Cup", "--order", "The Oak, Red Lion"]);
    // Not decided yet: the season is still left out.
    assert_eq!(history_json(&db)["seasons"].as_array().unwrap().len(), 4);
    cup(&[
        "result",
        "League Cup",
        "The Oak",
        "Red Lion",
        "--totals",
        "2-1",
    ]);
    let h = history_json(&db);
    assert_eq!(h["seasons"].as_array().unwrap().len(), 5, "{h}");
    assert_eq!(
        h["seasons"][4],
        json!({ "season": "2016-17", "source": "nights", "champions": null,
                "runners_up": null, "teams": 0, "finished": false,
                "cups": [ { "name": "League Cup", "winner": "The Oak", "runner_up": "Red Lion" } ] })
    );
    let text = db.ok(&["history"]);
    assert!(text.contains("5 seasons (2012-13 to 2016-17)"), "{text}");
    let cups = &text[text.find("\nCups\n").expect("a Cups table")..];
    let row = cups
        .lines()
        .find(|l| l.contains("2016-17"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        row.contains("League Cup") && row.contains("The Oak") && row.contains("Red Lion"),
        "{row}"
    );
    // Under Champions it has no line: it had no league table.
    let champions = &text[text.find("\nChampions\n").unwrap()..text.find("\nCups\n").unwrap()];
    assert!(!champions.contains("2016-17"), "{text}");
}

#[test]
fn the_site_has_an_honours_page_and_the_all_time_table_linked_from_the_front_page() {
    let db = league();
    let out = db.dir().join("site");
    db.ok(&["publish", "--out", out.to_str().unwrap()]);
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    let front = read("index.html");
    assert!(
        front.contains(
            r#"<a href="honours.html">Honours</a> · <a href="all-time.html">All-time table</a>"#
        ),
        "{front}"
    );
    let honours = read("honours.html");
    assert!(honours.contains(r#"<tr><th scope="row"><a href="season/2013-14/index.html">2013-14</a></th><td><a href="team/royal-oak.html">The Oak</a></td><td><a href="team/red-lion.html">Red Lion</a></td><td class="num">3</td><td>results grid</td></tr>"#), "{honours}");
    assert!(
        honours.contains(
            r#"<td><a href="team/red-lion.html">Red Lion</a> (leaders: still being played)</td>"#
        ),
        "{honours}"
    );
    // Each record as `don history` says it: its headline, then every entry tied for it.
    assert!(honours.contains(r#"<li>Longest winning run (nights won in a row in a season):</li>
<li class="tie"><a href="team/red-lion.html">Red Lion</a>, 3 nights in 2014-15 (2014-09-18 to 2014-10-09)</li>"#), "{honours}");
    assert!(
        honours.contains(
            r#"<li>Most titles: 2 titles</li>
<li class="tie"><a href="team/royal-oak.html">The Oak</a> (2013-14, 2014-15)</li>"#
        ),
        "{honours}"
    );
    // The words say the order the seasons are in: newest first.
    assert!(
        honours.contains("Every season of the league, newest first;"),
        "{honours}"
    );
    let season_at = |s: &str| honours.find(&format!(">{s}</a></th>")).unwrap();
    assert!(season_at("2014-15") < season_at("2013-14"), "{honours}");
    let all_time = read("all-time.html");
    assert!(all_time.contains(r#"<tr><td class="num">1</td><th scope="row"><a href="team/royal-oak.html">The Oak</a></th><td class="num">4</td><td class="num">13</td><td class="num">9</td><td class="num">0</td><td class="num">4</td><td class="num">25</td><td class="num">2</td></tr>"#), "{all_time}");
    assert!(
        all_time.contains(r#"<th scope="row"><a href="team/six-bells.html">Six Bells</a></th>"#),
        "{all_time}"
    );
}

#[test]
fn names_are_escaped_on_the_terminal_and_the_site() {
    let db = league();
    sql(
        &db,
        "UPDATE teams SET name = '<b>Six & \"Bells\"' || char(27) || '</b>' WHERE key = 'six bells'",
    );
    let out = db.ok(&["history"]);
    assert!(!out.contains('\u{1b}'), "{out}");
    assert!(out.contains(r#"<b>Six & "Bells"\u{1b}</b>"#), "{out}");
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let all_time = std::fs::read_to_string(site.join("all-time.html")).unwrap();
    assert!(!all_time.contains("<b>Six"), "{all_time}");
    assert!(
        all_time.contains("&#60;b&#62;Six &#38; &#34;Bells&#34;"),
        "{all_time}"
    );
}

#[tokio::test]
async fn don_serve_serves_the_honours_and_the_all_time_table_as_published() {
    let db = league();
    let (_, app) = web::server(&db);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    // The front page too: the current season's (2015-16, whose dates end latest), as `don
    // publish` chooses it, though older seasons were made after it.
    for page in ["honours.html", "all-time.html", "index.html"] {
        let answer = web::get(&app, &format!("/{page}"), &[]).await;
        assert_eq!(answer.status, axum::http::StatusCode::OK, "{page}");
        // The page itself as published (the menu names the front page's season, which `don
        // serve` chooses apart).
        let main = |html: &str| html[html.find("<main>").unwrap()..].to_string();
        assert_eq!(
            main(&answer.text()),
            main(&std::fs::read_to_string(site.join(page)).unwrap()),
            "{page}"
        );
    }
}

#[test]
fn a_grid_and_a_final_table_imported_count_as_worked_by_hand() {
    // The grid of FORMAT.md §7 for 2014-15, and 1998-99 as a final table.
    // 2014-15: Royal Oak 5-4 Red Lion, 9-0 w/o Six Bells, 6-3 at Red Lion, 7-2 at Six Bells:
    // P4 W4, 27 points. Red Lion: 4 at Royal Oak, 3 at home to Royal Oak, 5 at Six Bells
    // (Red Lion v Six Bells not played): P3 W1 L2, 12. Six Bells: 0 (w/o), 2, 4: P3 L3, 6.
    // All time: Royal Oak 14 + 27 = 41, 2 titles; Red Lion 9 + 12 = 21; Six Bells 4 + 6 = 10.
    let db = Db::new();
    db.league_new(LEAGUE, &[]);
    let grid = write(
        &db,
        "grid.csv",
        "season,2014-15,,\n,Royal Oak,Red Lion,Six Bells\nRoyal Oak,x,5-4,9-0 w/o\n\
         Red Lion,3-6,x,-\nSix Bells,2-7,4-5,x\n",
    );
    let table = write(
        &db,
        "table.csv",
        "season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note\n\
         1998-99,1,Royal Oak,2,2,0,0,14,4,,,14,champions\n\
         1998-99,2,Red Lion,2,1,0,1,9,9,,,9,\n\
         1998-99,3,Six Bells,2,0,0,2,4,14,,,4,\n",
    );
    db.ok(&["import", &grid, &table, "--league", LEAGUE, "--create"]);
    let h = history_json(&db);
    assert_eq!(
        h["seasons"],
        json!([
            { "season": "1998-99", "source": "table", "champions": "Royal Oak",
              "runners_up": "Red Lion", "teams": 3, "finished": true, "cups": [] },
            { "season": "2014-15", "source": "grid", "champions": "Royal Oak",
              "runners_up": "Red Lion", "teams": 3, "finished": true, "cups": [] }
        ])
    );
    let all: Vec<(String, i64, i64)> = h["all_time"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["team"].as_str().unwrap().to_string(),
                l["points"].as_i64().unwrap(),
                l["titles"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        all,
        [
            ("Royal Oak".to_string(), 41, 2),
            ("Red Lion".to_string(), 21, 0),
            ("Six Bells".to_string(), 10, 0)
        ]
    );
    // The walkover left out, the biggest win is 7-2 at Six Bells, from the grid.
    assert_eq!(
        h["records"]["biggest_wins"],
        json!([{ "season": "2014-15", "date": null, "winner": "Royal Oak",
                 "loser": "Six Bells", "score": [7, 2], "at_home": false }])
    );
}
