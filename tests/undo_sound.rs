//! `don undo N` never puts back what a later change took (issue 27, points 14 to 18): a
//! fixture back on a date a later fixture gave one of its teams, a name back to a team or a
//! player when another bears it now, a game back as a leg when another night holds it. Each is
//! refused, naming what holds the place and the change that put it there, the database as it
//! was; after each sequence no team has two fixtures a date, no name means two teams or two
//! players, no game is a leg twice, and the season's export imports into an empty database. A
//! refusal names only the changes that depend on the one undone; an import's summary in the
//! log is bounded, and so is every summary shown.

use crate::common;

use std::path::PathBuf;

use common::db::{refused, Db};
use common::text;

/// The number of the last change in the log.
fn last(db: &Db) -> i64 {
    db.sql("SELECT max(id) FROM operations")
        .trim()
        .parse()
        .unwrap()
}

/// The rules an undo must keep, each asked of the whole database: none broken.
fn rules_hold(db: &Db) {
    let two_a_date = db.sql(
        "SELECT t.name, f.date, count(*) FROM fixtures f JOIN teams t ON t.id IN (f.home, f.away)
         WHERE f.status <> 'cancelled' AND f.undated = 0
         GROUP BY f.season, t.id, f.date HAVING count(*) > 1",
    );
    assert_eq!(two_a_date, "", "a team with two fixtures a date");
    let team_names = db.sql(
        "SELECT key, count(DISTINCT team) FROM (
             SELECT t.league, t.key, t.id AS team FROM teams t
             UNION ALL SELECT t.league, n.key, n.team FROM team_names n JOIN teams t ON t.id = n.team)
         GROUP BY league, key HAVING count(DISTINCT team) > 1",
    );
    assert_eq!(team_names, "", "a name of two teams");
    let player_names = db.sql(
        "SELECT key, count(DISTINCT player) FROM (
             SELECT key, id AS player FROM players UNION ALL SELECT key, player FROM player_names)
         GROUP BY key HAVING count(DISTINCT player) > 1",
    );
    assert_eq!(player_names, "", "a name of two players");
    let legs = db.sql("SELECT game, count(*) FROM leg_games GROUP BY game HAVING count(*) > 1");
    assert_eq!(legs, "", "a game a leg twice");
}

/// `season` of `league` exported (`--out-dir`) and imported into an empty database.
fn exports_and_imports(db: &Db, league: &str, season: &str) {
    let dir = db.dir().join(format!("export-{}", last(db)));
    db.ok(&[
        "export",
        "--league",
        league,
        "--season",
        season,
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let again = Db::new();
    let mut args: Vec<String> = vec!["import".into()];
    args.extend(files.iter().map(|p| p.display().to_string()));
    args.extend(["--league".into(), league.into(), "--create".into()]);
    again.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
}

/// Valleys League's A, B, C and D, a double round robin from 2025-09-04 (fixture 6 is A v B on
/// 2025-09-18); with the rules kept and the season's export importing.
fn scheduled() -> Db {
    let db = Db::four_teams_scheduled();
    let list = db.ok(&["fixtures", "list"]);
    assert!(
        list.contains("│ 6   ┆ 3     ┆ Thu 18 Sep 2025 ┆ A    ┆ B "),
        "{list}"
    );
    db
}

#[test]
fn undo_n_of_a_cancellation_is_refused_when_a_later_fixture_has_the_date() {
    // Before: the cancellation undone put A v B back beside B v A on 2025-09-18, and the
    // season's own export no longer imported ("B has a fixture on 2025-09-18 already").
    let db = scheduled();
    db.fixture_cancel(6);
    let cancelled = last(&db);
    db.fixture_add("B", "A", "2025-09-18");
    let added = last(&db);
    refused(
        &db,
        &["undo", &cancelled.to_string()],
        2,
        &format!("#{cancelled} (cancelled A v B on 2025-09-18) cannot be undone on its own: it would put fixture 6, A v B, back on 2025-09-18, when A plays fixture 13, B v A, that date (a team plays one fixture a date); fixture 13 was put in place since by #{added} (added B v A on 2025-09-18); undo that first\n"),
    );
    rules_hold(&db);
    exports_and_imports(&db, "Valleys League", "2025-26");
    // Done as it says, it goes through.
    db.ok(&["undo", &added.to_string()]);
    db.ok(&["undo", &cancelled.to_string()]);
    rules_hold(&db);
    exports_and_imports(&db, "Valleys League", "2025-26");
}

#[test]
fn undo_n_of_a_move_is_refused_when_a_later_fixture_has_the_date() {
    let db = scheduled();
    db.fixture_move(6, "2025-09-19");
    let moved = last(&db);
    // The same pair on the date it left, and another team's fixture on it, each refused.
    db.fixture_add("A", "B", "2025-09-18");
    let added = last(&db);
    refused(
        &db,
        &["undo", &moved.to_string()],
        2,
        &format!("#{moved} (moved A v B from 2025-09-18 to 2025-09-19) cannot be undone on its own: it would put fixture 6, A v B, back on 2025-09-18, when A plays fixture 13, A v B, that date (a team plays one fixture a date); fixture 13 was put in place since by #{added} (added A v B on 2025-09-18); undo that first\n"),
    );
    rules_hold(&db);
    exports_and_imports(&db, "Valleys League", "2025-26");
    // Fixture 13 cancelled: the same home and away teams still have one fixture a date.
    db.fixture_cancel(13);
    let cancelled = last(&db);
    refused(
        &db,
        &["undo", &moved.to_string()],
        2,
        &format!("when A plays fixture 13, A v B, that date (a team plays one fixture a date); fixture 13 was put in place since by #{added} (added A v B on 2025-09-18), #{cancelled} (cancelled A v B on 2025-09-18); undo those first, starting with the latest\n"),
    );
    for op in [cancelled, added, moved] {
        db.ok(&["undo", &op.to_string()]);
    }
    rules_hold(&db);
    exports_and_imports(&db, "Valleys League", "2025-26");

    // Another fixture of its teams moved onto the date.
    let db = scheduled();
    db.fixture_move(6, "2025-09-19");
    let moved = last(&db);
    db.fixture_move(10, "2025-09-18");
    let other = last(&db);
    refused(
        &db,
        &["undo", &moved.to_string()],
        2,
        &format!("it would put fixture 6, A v B, back on 2025-09-18, when A plays fixture 10, B v A, that date (a team plays one fixture a date); fixture 10 was put in place since by #{other} (moved B v A from 2025-10-02 to 2025-09-18); undo that first\n"),
    );
    rules_hold(&db);
    exports_and_imports(&db, "Valleys League", "2025-26");
}

/// A league of Royal Oak, Red Lion and Fox and Hounds, rosters of five each.
fn three() -> Db {
    Db::three_teams_with_rosters()
}

const LEAGUE: &str = "Abercarn Crib and Don League";

#[test]
fn redoing_a_team_alias_is_refused_when_another_team_has_the_name_now() {
    // Before: the alias redone gave "The Lion" to Red Lion and to Fox and Hounds; a nights
    // file naming it went to one while `team names` said the other.
    let db = three();
    db.team_alias("Red Lion", "The Lion");
    let alias = last(&db);
    db.ok(&["undo"]);
    let undo = last(&db);
    db.team_alias("Fox and Hounds", "The Lion");
    let taken = last(&db);
    refused(
        &db,
        &["undo", &undo.to_string()],
        2,
        &format!("#{undo} (undid #{alias} (added the name The Lion of the team Red Lion)) cannot be undone on its own: it would give the name The Lion back to the team Red Lion, when it is a name of the team Fox and Hounds (a name means one team); the name The Lion was put in place since by #{taken} (added the name The Lion of the team Fox and Hounds); undo that first\n"),
    );
    // The hint of the alias itself says the same.
    refused(
        &db,
        &["undo", &alias.to_string()],
        2,
        &format!("is undone already, by #{undo}, which cannot be put back yet: #{undo} ("),
    );
    rules_hold(&db);
    assert_eq!(
        db.ok(&["team", "names", "The Lion"]),
        db.ok(&["team", "names", "Fox and Hounds"])
    );
    exports_and_imports(&db, LEAGUE, "2025-26");
    db.ok(&["undo", &taken.to_string()]);
    db.ok(&["undo", &undo.to_string()]);
    rules_hold(&db);
    assert_eq!(
        db.ok(&["team", "names", "The Lion"]),
        db.ok(&["team", "names", "Red Lion"])
    );
}

#[test]
fn redoing_a_team_rename_is_refused_when_another_team_has_the_name_now() {
    let db = three();
    db.ok(&[
        "team",
        "rename",
        "Red Lion",
        "The Lion",
        "--from",
        "2026-07-01",
    ]);
    let renamed = last(&db);
    db.ok(&["undo"]);
    let undo = last(&db);
    // Another team's alias now.
    db.team_alias("Fox and Hounds", "The Lion");
    let taken = last(&db);
    refused(
        &db,
        &["undo", &undo.to_string()],
        2,
        &format!("#{undo} (undid #{renamed} (renamed the team Red Lion to The Lion from 2026-07-01)) cannot be undone on its own: it would give the name The Lion back to the team Red Lion, when it is a name of the team Fox and Hounds (a name means one team); the name The Lion was put in place since by #{taken} (added the name The Lion of the team Fox and Hounds); undo that first\n"),
    );
    rules_hold(&db);
    exports_and_imports(&db, LEAGUE, "2025-26");
    // Another team's name today: refused by the name's key, as before.
    db.ok(&["undo", &taken.to_string()]);
    db.ok(&[
        "team",
        "rename",
        "Fox and Hounds",
        "The Lion",
        "--from",
        "2026-07-01",
    ]);
    refused(
        &db,
        &["undo", &undo.to_string()],
        2,
        "cannot be undone on its own: what it would put back clashes with the team of the same name put in place since by #",
    );
    rules_hold(&db);
}

#[test]
fn redoing_a_player_alias_is_refused_when_a_new_player_has_the_name_now() {
    let db = three();
    db.ok(&["player", "alias", "Gareth", "Tiger"]);
    let alias = last(&db);
    db.ok(&["undo"]);
    let undo = last(&db);
    db.roster_add("Fox and Hounds", &["Tiger"]);
    let added = last(&db);
    refused(
        &db,
        &["undo", &undo.to_string()],
        2,
        &format!("#{undo} (undid #{alias} (added the name Tiger of the player Gareth)) cannot be undone on its own: it would give the name Tiger back to the player Gareth, when it is a name of the player Tiger (a name means one player); the name Tiger was put in place since by #{added} (added Tiger to the roster of Fox and Hounds); undo that first\n"),
    );
    rules_hold(&db);
    exports_and_imports(&db, LEAGUE, "2025-26");
    // The other way about: a player renamed to the name, the rename undone, another player
    // given it as an alias, the rename redone.
    let db = three();
    db.ok(&["player", "rename", "Dai", "Tiger"]);
    let renamed = last(&db);
    db.ok(&["undo"]);
    let undo = last(&db);
    db.ok(&["player", "alias", "Gareth", "Tiger"]);
    let taken = last(&db);
    refused(
        &db,
        &["undo", &undo.to_string()],
        2,
        &format!("#{undo} (undid #{renamed} (renamed the player Dai to Tiger)) cannot be undone on its own: it would give the name Tiger back to the player Dai, when it is a name of the player Gareth (a name means one player); the name Tiger was put in place since by #{taken} (added the name Tiger of the player Gareth); undo that first\n"),
    );
    rules_hold(&db);
}

/// Valleys League (see [`Db::four_teams_scheduled`]) with A's and B's rosters
/// ([`Db::valleys_rosters`]), and game 1, a Nine Card Don game of A's Gareth Jones and Rhys
/// Evans (N–S, winning) against B's Dai Morgan and Huw Bevan.
fn with_a_game() -> Db {
    let db = scheduled();
    db.valleys_rosters();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth Jones, Dai Morgan, Rhys Evans, Huw Bevan",
        "--pitcher",
        "S",
    ]);
    let out = db.play(&["1"], &"totals ns 30 ew 10 game ns\n".repeat(5));
    assert!(out.status.success(), "{}", text(&out.stderr));
    db
}

#[test]
fn undo_n_of_a_correction_that_freed_a_game_another_night_took_is_refused() {
    // Before: the correction undone made game 1 a leg of A v B and of B v A.
    let db = with_a_game();
    db.night_enter(
        ("A", "B", "2025-09-18"),
        &["don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-0; #1 121-80"],
    );
    db.ok(&[
        "night",
        "correct",
        "A",
        "B",
        "--match",
        "don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-0; 121-80 121-90",
    ]);
    let corrected = last(&db);
    db.night_enter(
        ("B", "A", "2025-10-02"),
        &["don 1; Dai Morgan+Huw Bevan; Gareth Jones+Rhys Evans; 0-2; #1 80-121"],
    );
    let taken = last(&db);
    let err = refused(
        &db,
        &["undo", &corrected.to_string()],
        2,
        &format!("cannot be undone on its own: it would make game 1 leg 1 of don 1 of A v B on 2025-09-18 again, when it is leg 1 of don 1 of B v A on 2025-10-02 (a game is a leg of one night); game 1's link was put in place since by #{taken} (B v A on 2025-10-02: 1 match); undo that first\n"),
    );
    assert!(
        text(&err.stderr).starts_with(&format!("don: error: #{corrected} (A v B on 2025-09-18")),
        "{}",
        text(&err.stderr)
    );
    rules_hold(&db);
    exports_and_imports(&db, "Valleys League", "2025-26");
    db.ok(&["undo", &taken.to_string()]);
    db.ok(&["undo", &corrected.to_string()]);
    rules_hold(&db);
    exports_and_imports(&db, "Valleys League", "2025-26");

    // A night undone, its game taken by another night, the night redone.
    let db = with_a_game();
    db.night_enter(
        ("A", "B", "2025-09-18"),
        &["don 1; Gareth Jones+Rhys Evans; Dai Morgan+Huw Bevan; 2-0; #1 121-80"],
    );
    db.ok(&["undo"]);
    let undo = last(&db);
    db.night_enter(
        ("B", "A", "2025-10-02"),
        &["don 1; Dai Morgan+Huw Bevan; Gareth Jones+Rhys Evans; 0-2; #1 80-121"],
    );
    let taken = last(&db);
    refused(
        &db,
        &["undo", &undo.to_string()],
        2,
        &format!("it would make game 1 leg 1 of don 1 of A v B on 2025-09-18 again, when it is leg 1 of don 1 of B v A on 2025-10-02 (a game is a leg of one night); game 1's link was put in place since by #{taken} (B v A on 2025-10-02: 1 match); undo that first\n"),
    );
    rules_hold(&db);
    exports_and_imports(&db, "Valleys League", "2025-26");
}

#[test]
fn a_refusal_names_the_changes_that_depend_on_the_one_undone_not_those_it_depends_on() {
    // Before: undoing the player's roster place named the fixtures made after it, which the
    // night depends on, not the other way about; done as it said, it threw the fixtures away.
    let db = Db::new();
    db.league_new("Valleys League", &[]);
    db.season_new("2025-26", &["A", "B", "C", "D"]);
    db.valleys_rosters();
    db.roster_add("A", &["Zed Zulu"]);
    let added = last(&db);
    db.fixtures_generate("2025-09-01", "thu");
    let made = last(&db);
    // Moved before the night: the night depends on that too, not it on the player.
    db.fixture_move(6, "2025-09-19");
    db.night_enter(
        ("A", "B", "2025-09-19"),
        &["don 1; Zed Zulu+Rhys Evans; Dai Morgan+Huw Bevan; 2-0"],
    );
    let night = last(&db);
    // And a later match of the night, which depends on the first.
    db.night_enter(
        ("A", "B", "2025-09-19"),
        &["don 2; Gareth Jones+Emrys Watkins; Ivor James+Mair Lewis; 2-0"],
    );
    let second = last(&db);
    let out = refused(
        &db,
        &["undo", &added.to_string()],
        2,
        &format!("#{added} (added Zed Zulu to the roster of A) cannot be undone on its own: later changes touched what it changed: #{night} (A v B on 2025-09-19: 1 match), #{second} (A v B on 2025-09-19: 1 match); undo those first, starting with the latest\n"),
    );
    assert!(!text(&out.stderr).contains(&format!("#{made} ")));
    // Done as it says, it goes through, and the fixtures stay.
    for op in [second, night, added] {
        db.ok(&["undo", &op.to_string()]);
    }
    assert_eq!(db.sql("SELECT count(*) FROM fixtures"), "12\n");
}

#[test]
fn an_import_of_many_files_is_one_short_line_of_the_log() {
    // Before: the summary named every file (3,000 files: 162 KB, printed whole by `log`,
    // `undo` and every refusal naming it).
    let db = Db::new();
    let record = std::fs::read_to_string("examples/nine-card-don.json").unwrap();
    let files: Vec<String> = (1..=40)
        .map(|n| {
            let path = db.dir().join(format!("game-{n:02}.json"));
            std::fs::write(&path, &record).unwrap();
            path.display().to_string()
        })
        .collect();
    let mut args = vec!["import"];
    args.extend(files.iter().map(String::as_str));
    db.ok(&args);
    let summary = db.sql("SELECT summary FROM operations WHERE id = 1");
    assert_eq!(
        summary,
        format!(
            "imported 2 games (78 games already stored) from {}, {}, {} and 37 more files\n",
            files[0], files[1], files[2]
        )
    );
    // One kept before summaries were bounded is shown bounded.
    let long = format!("imported 3000 games from {}", files.join(", ").repeat(20));
    db.sql(&format!(
        "UPDATE operations SET summary = '{long}' WHERE id = 1"
    ));
    let log = db.ok(&["log"]);
    let undone = db.ok(&["undo", "1"]);
    let again = text(&db.run(&["undo", "1"]).stderr);
    for out in [&log, &undone, &again, &db.ok(&["log"])] {
        let chars = out.chars().count();
        assert!(chars < 2_500, "{chars} characters: {out}");
        assert!(out.contains("characters more)"), "{out}");
    }
    let undid = db.sql("SELECT summary FROM operations ORDER BY id DESC LIMIT 1");
    assert!(
        undid.starts_with("undid #1 (imported 3000 games from "),
        "{undid}"
    );
    assert!(undid.len() < 400, "{undid}");
}
