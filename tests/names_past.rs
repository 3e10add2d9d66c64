//! Names across the years (issue 19, point 4): a team renamed from a day shows its old name in
//! the seasons before; former names and aliases find their team or player on import; a name
//! near a known one is refused with "did you mean", even with `--create`; `--map` and answers
//! piped to the prompt say what such names mean, all at once, each kept as an alias in the
//! import's one change (undone by one `don undo`).

use crate::common;

use common::db::{feed, refused, Db};
use common::text;

/// A league of Royal Oak, Red Lion and Fox and Hounds with a season 2014-15 known by its
/// nights' totals, and the season 2025-26 (its teams entered, nothing played).
fn old_and_new() -> Db {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys", "--kind", "don=9,121,2"]);
    let old = write(
        &db,
        "2014-15.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-09-04,Royal Oak,Red Lion,5,4
2014-15,2014-09-11,Fox and Hounds,Royal Oak,2,7
2014-15,2014-09-18,Red Lion,Fox and Hounds,6,3
",
    );
    db.ok(&["import", &old, "--create"]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Royal Oak, Red Lion, Fox and Hounds",
    ]);
    db
}

/// Writes a file into the database's folder: its path.
fn write(db: &Db, name: &str, content: &str) -> String {
    let path = db.dir().join(name);
    std::fs::write(&path, content).unwrap();
    path.display().to_string()
}

/// The team in each row of a season's table, top down.
fn table(db: &Db, season: &str) -> Vec<String> {
    let json = db.ok(&["standings", "--season", season, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v.as_array()
        .unwrap_or_else(|| panic!("no table in {json}"))
        .iter()
        .map(|r| r["team"].as_str().unwrap().to_string())
        .collect()
}

fn count(db: &Db, sql: &str) -> i64 {
    db.sql(sql).trim().parse().unwrap()
}

#[test]
fn a_renamed_team_keeps_its_old_name_in_the_seasons_before() {
    let db = old_and_new();
    let said = db.ok(&[
        "team",
        "rename",
        "Royal Oak",
        "The Oak",
        "--from",
        "2019-07-01",
    ]);
    assert_eq!(
        said,
        "Royal Oak is The Oak from 2019-07-01; a season ended by 2019-06-30 shows it as Royal Oak.\n"
    );
    assert_eq!(
        table(&db, "2014-15"),
        ["Royal Oak", "Red Lion", "Fox and Hounds"]
    );
    assert!(table(&db, "2025-26").contains(&"The Oak".to_string()));
    // Renamed again: each season shows the name of its end.
    db.ok(&[
        "team",
        "rename",
        "The Oak",
        "Oak Tree",
        "--from",
        "2024-07-01",
    ]);
    assert_eq!(table(&db, "2014-15")[0], "Royal Oak");
    assert!(table(&db, "2025-26").contains(&"Oak Tree".to_string()));
    assert_eq!(
        db.ok(&["team", "names", "royal oak"]),
        "Oak Tree (from 2024-07-01)\nThe Oak (2019-07-01 to 2024-06-30)\nRoyal Oak (until 2019-06-30)\n"
    );
    // The published season of then names it so; its team page by today's name.
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    for page in ["table.html", "index.html"] {
        let old = std::fs::read_to_string(site.join("season/2014-15").join(page)).unwrap();
        assert!(
            old.contains("Royal Oak") && !old.contains("Oak Tree"),
            "{page}: {old}"
        );
    }
    // At the address of its first name (issue 29, point 11): a rename never moves its pages;
    // the addresses of its later names send the browser on to them.
    let page = std::fs::read_to_string(site.join("team/royal-oak.html")).unwrap();
    assert!(page.contains("<h1>Oak Tree"), "{page}");
    for later in ["the-oak", "oak-tree"] {
        let moved = std::fs::read_to_string(site.join(format!("team/{later}.html"))).unwrap();
        assert!(moved.contains("url=royal-oak.html"), "{later}: {moved}");
    }
}

#[test]
fn a_rename_is_refused_when_the_name_is_another_s_or_its_day_is_not_after_the_last() {
    let db = old_and_new();
    refused(
        &db,
        &[
            "team",
            "rename",
            "Royal Oak",
            "red lion",
            "--from",
            "2019-07-01",
        ],
        2,
        "'red lion' is a name of team Red Lion already",
    );
    db.ok(&[
        "team",
        "rename",
        "Royal Oak",
        "The Oak",
        "--from",
        "2019-07-01",
    ]);
    refused(
        &db,
        &[
            "team",
            "rename",
            "The Oak",
            "Oak Tree",
            "--from",
            "2019-06-30",
        ],
        2,
        "a later rename must be from 2019-07-01 or after",
    );
    refused(
        &db,
        &["team", "alias", "Red Lion", "Royal Oak"],
        2,
        "'Royal Oak' is a name of team The Oak already",
    );
    refused(
        &db,
        &["team", "add", "royal oak"],
        2,
        "already has a team 'royal oak'",
    );
    refused(
        &db,
        &[
            "team",
            "rename",
            "Royal Oak",
            "The Oak",
            "--from",
            "2030-01-01",
        ],
        2,
        "'The Oak' is a name of The Oak already",
    );
}

#[test]
fn a_former_name_or_an_alias_finds_its_team_on_import() {
    let db = old_and_new();
    db.ok(&[
        "team",
        "rename",
        "Royal Oak",
        "The Oak",
        "--from",
        "2019-07-01",
    ]);
    db.ok(&["team", "alias", "Fox and Hounds", "Fox & Hounds Inn"]);
    let file = write(
        &db,
        "more.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-10-02,Royal Oak,Fox & Hounds Inn,5,4
",
    );
    let said = db.ok(&["import", &file]);
    assert_eq!(said, "Imported Valleys: 1 night.\n");
    assert_eq!(count(&db, "SELECT count(*) FROM teams"), 3);
    // Every command that takes a team finds it by those names too.
    let list = db.ok(&[
        "fixtures",
        "list",
        "--team",
        "royal oak",
        "--season",
        "2014-15",
    ]);
    // Found, and named in 2014-15 as it was then.
    assert!(
        list.contains("Royal Oak") && !list.contains("The Oak") && list.contains("Fox and Hounds"),
        "{list}"
    );
    db.ok(&[
        "team",
        "venue",
        "Fox & Hounds Inn",
        "Fox and Hounds, Crosskeys",
    ]);
}

#[test]
fn a_name_near_a_known_one_is_refused_with_did_you_mean_even_with_create() {
    let db = old_and_new();
    let file = write(
        &db,
        "typed.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-10-02,The Royal Oak,Fox & Hounds,5,4
2014-15,2014-10-09,Réd Lion,Royal Oke,5,4
",
    );
    let out = refused(
        &db,
        &["import", &file, "--create"],
        1,
        "Nothing imported: 4 errors.",
    );
    let err = text(&out.stderr);
    for (typed, known) in [
        ("The Royal Oak", "Royal Oak"),
        ("Fox & Hounds", "Fox and Hounds"),
        ("Réd Lion", "Red Lion"),
        ("Royal Oke", "Royal Oak"),
    ] {
        assert!(
            err.contains(&format!(
                "no team '{typed}' in Valleys; did you mean '{known}'?"
            )),
            "{typed}: {err}"
        );
    }
}

#[test]
fn a_map_resolves_every_name_at_once_each_kept_as_an_alias_in_one_undoable_change() {
    let db = old_and_new();
    let file = write(
        &db,
        "typed.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-10-02,The Royal Oak,Fox & Hounds,5,4
2014-15,2014-10-09,Red Lion,Six Bells,5,4
",
    );
    let map = write(
        &db,
        "names.csv",
        "name,means
The Royal Oak,Royal Oak
Fox & Hounds,fox and hounds
Six Bells,new
",
    );
    let said = db.ok(&["import", &file, "--map", &map]);
    assert_eq!(
        said,
        "Imported Valleys: 2 nights, 2 names kept as aliases; 1 new team.\n"
    );
    assert_eq!(
        db.ok(&["team", "names", "Fox and Hounds"]),
        "Fox and Hounds\nFox & Hounds (alias)\n"
    );
    // Found by its alias from now on, with no map.
    let again = write(
        &db,
        "again.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-10-16,Fox & Hounds,The Royal Oak,4,5
",
    );
    db.ok(&["import", &again]);
    assert_eq!(count(&db, "SELECT count(*) FROM fixtures"), 6);
    // The import with its aliases is one change: undone, as it was before.
    db.ok(&["undo"]);
    db.ok(&["undo", "4"]);
    assert_eq!(count(&db, "SELECT count(*) FROM team_names"), 0);
    assert_eq!(count(&db, "SELECT count(*) FROM teams"), 3);
    assert_eq!(count(&db, "SELECT count(*) FROM fixtures"), 3);
}

#[test]
fn a_map_meaning_no_one_or_of_another_shape_is_a_fault_at_its_line() {
    let db = old_and_new();
    let file = write(
        &db,
        "typed.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-10-02,Royal Oke,Red Lion,5,4
",
    );
    let map = write(&db, "bad.csv", "team,means\nRoyal Oke,Royal Oak\n");
    refused(
        &db,
        &["import", &file, "--map", &map],
        1,
        "bad.csv, line 1: the header is \"team,means\", not \"name,means\"",
    );
    let map = write(&db, "nobody.csv", "name,means\nRoyal Oke,Ryal Oak\n");
    refused(
        &db,
        &["import", &file, "--map", &map],
        1,
        "no team 'Ryal Oak' in Valleys",
    );
}

#[test]
fn answers_piped_to_the_prompt_resolve_the_names_asked() {
    let db = old_and_new();
    let file = write(
        &db,
        "typed.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-10-02,Royal Oke,Red Lion,5,4
2014-15,2014-10-09,Red Lion,Six Bells,6,3
",
    );
    let mut child = db.spawn(&["import", &file]);
    feed(&mut child, b"y\nnew\n");
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("1/2: team 'Royal Oke': did you mean 'Royal Oak'?"),
        "{err}"
    );
    assert_eq!(
        text(&out.stdout),
        "Imported Valleys: 2 nights, 1 name kept as an alias; 1 new team.\n"
    );
    // An answer left empty leaves the name: nothing is imported.
    let db = old_and_new();
    let before = db.dump();
    let mut child = db.spawn(&["import", &file]);
    feed(&mut child, b"y\n\n");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(db.dump(), before);
}

#[test]
fn a_player_s_alias_and_rename_find_them_on_import() {
    let db = old_and_new();
    db.ok(&[
        "roster",
        "add",
        "Royal Oak",
        "Ivor James",
        "Gareth Jones",
        "--season",
        "2014-15",
    ]);
    db.ok(&[
        "roster",
        "add",
        "Red Lion",
        "Dai Morgan",
        "--season",
        "2014-15",
    ]);
    let rows = "season,team,player\n2014-15,Royal Oak,Ivor Jams\n";
    let file = write(&db, "rosters.csv", rows);
    refused(&db, &["import", &file], 1, "did you mean 'Ivor James'?");
    db.ok(&["player", "alias", "Ivor James", "Ivor Jams"]);
    assert_eq!(
        db.ok(&["import", &file]),
        "Nothing to import: all 0 already there.\n"
    );
    db.ok(&[
        "player",
        "rename",
        "Gareth Jones",
        "Gareth Price",
        "--from",
        "2016-05-01",
    ]);
    assert_eq!(
        db.ok(&["player", "names", "gareth jones"]),
        "Gareth Price (from 2016-05-01)\nGareth Jones (until 2016-04-30)\nIvor Jams (alias)\n"
            .replace("Ivor Jams (alias)\n", "")
    );
    // A map's choice for a player: kept as their alias.
    let rows = "season,team,player\n2014-15,Red Lion,Dai Morgn\n";
    let file = write(&db, "more.csv", rows);
    let map = write(&db, "names.csv", "name,means\nDai Morgn,Dai Morgan\n");
    assert_eq!(
        db.ok(&["import", &file, "--map", &map]),
        "Imported Valleys: 0 nights, 1 name kept as an alias.\n"
    );
    assert_eq!(
        db.ok(&["player", "names", "Dai Morgan"]),
        "Dai Morgan\nDai Morgn (alias)\n"
    );
    assert_eq!(count(&db, "SELECT count(*) FROM players"), 3);
}

#[test]
fn a_night_imported_again_under_a_player_s_other_name_is_the_same_night() {
    let db = old_and_new();
    db.ok(&[
        "roster",
        "add",
        "Royal Oak",
        "Ivor James",
        "Gareth Jones",
        "--season",
        "2014-15",
    ]);
    let header =
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,note\n";
    let typed = write(
        &db,
        "typed.csv",
        &format!("{header}2014-15,2014-10-02,Royal Oke,Red Lion,don,1,Ivor Jams+Gareth Jones,Dai+Huw,2,0,incomplete\n"),
    );
    let map = write(
        &db,
        "names.csv",
        "name,means\nRoyal Oke,Royal Oak\nIvor Jams,Ivor James\n",
    );
    assert_eq!(
        db.ok(&["import", &typed, "--map", &map, "--create"]),
        "Imported Valleys: 1 night, 2 roster places, 2 names kept as aliases.\n"
    );
    // The match is kept with the player, not the name as typed.
    assert_eq!(
        count(&db, "SELECT count(*) FROM players WHERE key = 'ivor jams'"),
        0
    );
    let same = "Nothing to import: all 1 already there.\n";
    assert_eq!(db.ok(&["import", &typed]), same);
    db.ok(&[
        "player",
        "rename",
        "Ivor James",
        "Ivor Jones",
        "--from",
        "2020-01-01",
    ]);
    assert_eq!(db.ok(&["import", &typed]), same);
    let today = write(
        &db,
        "today.csv",
        &format!("{header}2014-15,2014-10-02,Royal Oak,Red Lion,don,1,Ivor Jones+Gareth Jones,Dai+Huw,2,0,incomplete\n"),
    );
    assert_eq!(db.ok(&["import", &today]), same);
}

#[test]
fn a_new_team_written_two_ways_in_the_files_is_not_made_twice() {
    let db = Db::new();
    let file = write(
        &db,
        "typed.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-10-02,Fox & Hounds,Red Lion,5,4
2014-15,2014-10-09,Red Lion,Fox and Hounds,5,4
2014-15,2014-10-16,Royal Oak A,Royal Oak B,5,4
",
    );
    let args = ["import", &file, "--league", "Valleys", "--create"];
    let out = db.run(&args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("no team 'Fox & Hounds' in Valleys; did you mean 'Fox and Hounds'? (the files write the name two ways"),
        "{err}"
    );
    assert!(!db.path.exists(), "a refused import made a database");
    let map = write(
        &db,
        "names.csv",
        "name,means\nFox & Hounds,Fox and Hounds\n",
    );
    let mut with_map = args.to_vec();
    with_map.extend(["--map", &map]);
    let said = db.ok(&with_map);
    assert!(said.contains("1 name kept as an alias"), "{said}");
    // An A and a B team are two teams.
    assert_eq!(
        db.sql("SELECT name FROM teams ORDER BY name"),
        "Fox and Hounds\nRed Lion\nRoyal Oak A\nRoyal Oak B\n"
    );
}

#[test]
fn a_new_team_misspelt_by_a_letter_beside_its_right_spelling_is_not_made() {
    let db = Db::new();
    let matches = write(
        &db,
        "matches.csv",
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores,note
2010-11,2010-09-16,Royal Oak,Red Lion,single-crib,1,Gareth,Alun,2,0,,incomplete
",
    );
    let nights = write(
        &db,
        "nights.csv",
        "season,date,home,away,home_points,away_points
2010-11,2010-09-02,Royal Oak,Red Lion,5,4
2010-11,2010-09-09,Red Lion,Royal Oke,6,3
",
    );
    let args = [
        "import", &matches, &nights, "--league", "Valleys", "--create",
    ];
    let out = db.run(&args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("line 3")
            && err.contains("no team 'Royal Oke' in Valleys; did you mean 'Royal Oak'?"),
        "{err}"
    );
    assert!(!err.contains("no team 'Royal Oak'"), "{err}");
    assert!(!db.path.exists(), "a refused import made a database");
    let map = write(&db, "names.csv", "name,means\nRoyal Oke,Royal Oak\n");
    let mut with_map = args.to_vec();
    with_map.extend(["--map", &map]);
    db.ok(&with_map);
    assert_eq!(
        db.sql("SELECT name FROM teams ORDER BY name"),
        "Red Lion\nRoyal Oak\n"
    );
}

#[test]
fn a_slip_from_a_player_s_former_name_or_alias_is_caught() {
    let db = old_and_new();
    db.ok(&[
        "roster",
        "add",
        "Royal Oak",
        "Gareth Jones",
        "Ivor James",
        "--season",
        "2014-15",
    ]);
    db.ok(&[
        "player",
        "rename",
        "Gareth Jones",
        "Gareth Jones-Price",
        "--from",
        "2002-01-01",
    ]);
    db.ok(&["player", "alias", "Ivor James", "Ivor Jamieson"]);
    let header =
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,note\n";
    let file = write(
        &db,
        "matches.csv",
        &format!("{header}2014-15,2014-10-02,Royal Oak,Red Lion,single-crib,1,Gareth Jonse,Dai,2,0,incomplete\n"),
    );
    refused(&db, &["import", &file], 1, "did you mean 'Gareth Jones'?");
    let file = write(
        &db,
        "alias.csv",
        &format!("{header}2014-15,2014-10-02,Royal Oak,Red Lion,single-crib,1,Ivor Jamiesen,Dai,2,0,incomplete\n"),
    );
    refused(&db, &["import", &file], 1, "did you mean 'Ivor Jamieson'?");
    // A team's former name too.
    db.ok(&[
        "team",
        "rename",
        "Royal Oak",
        "The Oak",
        "--from",
        "2019-07-01",
    ]);
    let file = write(
        &db,
        "team.csv",
        "season,date,home,away,home_points,away_points\n2014-15,2014-10-02,Royal Oke,Red Lion,5,4\n",
    );
    refused(
        &db,
        &["import", &file, "--create"],
        1,
        "no team 'Royal Oke' in Valleys; did you mean 'Royal Oak'?",
    );
}

#[test]
fn a_team_twice_in_a_grid_or_a_table_under_another_of_its_names_is_a_fault_at_its_cell() {
    let db = old_and_new();
    db.ok(&["team", "alias", "Royal Oak", "Royal Oke"]);
    let grid = write(
        &db,
        "grid.csv",
        "season,2003-04,,
,Royal Oak,Red Lion,Royal Oke
Royal Oak,x,5-4,
Red Lion,3-6,x,4-5
Royal Oke,,5-4,x
",
    );
    let before = db.dump();
    let out = db.run(&["import", &grid, "--create"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("line 2, column 4 (Royal Oke): Royal Oak is named twice (as 'Royal Oke') across the grid"),
        "{err}"
    );
    assert!(
        err.contains(
            "line 5, column 1 (home): Royal Oak is named twice (as 'Royal Oke') down the grid"
        ),
        "{err}"
    );
    assert_eq!(db.dump(), before);
    let table = write(
        &db,
        "table.csv",
        "season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note
1997-98,1,Royal Oak,1,1,0,0,5,4,,,5,
1997-98,2,Royal Oke,1,0,0,1,4,5,,,4,
",
    );
    let out = db.run(&["import", &table, "--create"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("line 3, column 3 (team): Royal Oak is named twice (as 'Royal Oke') in 1997-98's table, first at line 2"),
        "{err}"
    );
    assert!(!err.contains("UNIQUE"), "{err}");
    assert_eq!(db.dump(), before);
    // A former name beside today's.
    db.ok(&[
        "team",
        "rename",
        "Red Lion",
        "The Lion",
        "--from",
        "2019-07-01",
    ]);
    let grid = write(
        &db,
        "former.csv",
        "season,1997-98
,The Lion,Red Lion
The Lion,x,5-4
Red Lion,3-6,x
",
    );
    let out = db.run(&["import", &grid, "--create"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "line 2, column 3 (Red Lion): The Lion is named twice (as 'Red Lion') across the grid"
        ),
        "{err}"
    );
    assert!(!err.contains("cannot play itself"), "{err}");
}

#[test]
fn a_map_row_meaning_no_team_twice_given_looping_or_contradicting_is_a_fault_at_its_line() {
    let db = old_and_new();
    let nights = write(
        &db,
        "nights.csv",
        "season,date,home,away,home_points,away_points
2025-26,2025-09-04,Royal Oak,Red Lyon,5,4
2025-26,2025-09-11,Six Bels,Royal Oak,2,7
",
    );
    let before = db.dump();
    let run_with = |rows: &str| {
        let map = write(&db, "names.csv", &format!("name,means\n{rows}"));
        let out = db.run(&["import", &nights, "--create", "--map", &map]);
        (out.status.code(), text(&out.stderr))
    };
    // A meaning that is no team: not made a new team.
    let (code, err) = run_with("Red Lyon,Nowhere Inn\nSix Bels,new\n");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "names.csv, line 2: 'Red Lyon' is to mean 'Nowhere Inn', which is no team of Valleys"
        ),
        "{err}"
    );
    // A name given twice with two meanings.
    let (code, err) = run_with("Red Lyon,Red Lion\nSix Bels,new\nRed Lyon,new\n");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "names.csv, line 4: 'Red Lyon' is given again with another meaning (first at line 2)"
        ),
        "{err}"
    );
    // A loop.
    let (code, err) = run_with("Red Lyon,Six Bels\nSix Bels,Red Lyon\n");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "'Red Lyon' is to mean 'Six Bels', which is itself to mean 'Red Lyon' (line 3)"
        ),
        "{err}"
    );
    // A known team made to mean another.
    let (code, err) = run_with("Royal Oak,Red Lion\nRed Lyon,Red Lion\nSix Bels,new\n");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("names.csv, line 2: 'Royal Oak' is a name of Royal Oak already, so it can't mean 'Red Lion'"),
        "{err}"
    );
    assert_eq!(db.dump(), before);
    // A player's name made to mean a team.
    let header =
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,note\n";
    let matches = write(
        &db,
        "matches.csv",
        &format!("{header}2014-15,2014-10-02,Royal Oak,Red Lion,single-crib,1,Gareth,Dai,2,0,incomplete\n"),
    );
    let map = write(&db, "players.csv", "name,means\nGareth,Red Lion\n");
    let out = db.run(&["import", &matches, "--map", &map]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "players.csv, line 2: 'Gareth' is a player of the import, and 'Red Lion' a team"
        ),
        "{err}"
    );
    assert_eq!(db.dump(), before);
    // A row for a name of no file is warned of, not used; the import goes on.
    let map = write(
        &db,
        "names.csv",
        "name,means\nRed Lyon,Red Lion\nSix Bels,new\nNever Seen,Red Lion\n",
    );
    let out = db.run(&["import", &nights, "--create", "--map", &map]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("names.csv, line 4: 'Never Seen' names no team or player of the import: it was not used"),
        "{err}"
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM team_names WHERE name = 'Never Seen'"
        ),
        0
    );
    assert_eq!(
        db.sql("SELECT name FROM teams ORDER BY name"),
        "Fox and Hounds\nRed Lion\nRoyal Oak\nSix Bels\n"
    );
}

#[test]
fn an_answer_piped_to_the_prompt_naming_no_team_is_refused_not_made_a_team() {
    let db = old_and_new();
    let file = write(
        &db,
        "typed.csv",
        "season,date,home,away,home_points,away_points
2014-15,2014-10-02,Royal Oke,Red Lion,5,4
",
    );
    let before = db.dump();
    let mut child = db.spawn(&["import", &file, "--create"]);
    feed(&mut child, b"Nowhere Inn\n");
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("'Royal Oke' is to mean 'Nowhere Inn', which is no team of Valleys"),
        "{err}"
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn fixtures_list_and_night_show_name_a_renamed_team_as_it_was_in_the_season() {
    let db = old_and_new();
    db.ok(&[
        "team",
        "rename",
        "Royal Oak",
        "The Oak",
        "--from",
        "2019-07-01",
    ]);
    let list = db.ok(&["fixtures", "list", "--season", "2014-15"]);
    assert!(
        list.contains("Royal Oak") && !list.contains("The Oak"),
        "{list}"
    );
    for (home, away) in [("Royal Oak", "Red Lion"), ("The Oak", "Red Lion")] {
        let night = db.ok(&["night", "show", home, away, "--season", "2014-15"]);
        assert!(
            night.contains("Royal Oak") && !night.contains("The Oak"),
            "{night}"
        );
    }
    // The season of today, by today's name.
    let list = db.ok(&["fixtures", "list", "--season", "2025-26"]);
    assert!(!list.contains("Royal Oak"), "{list}");
}
