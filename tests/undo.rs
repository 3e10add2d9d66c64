//! Undo cannot miss a row: every table of the schema (but the log's own) is in the one list of
//! logged tables, `don_store::store::LOGGED`, each with its three triggers naming every column; and a
//! row added to each of them through the program is taken away by `don undo`, the database then
//! as it was, and put back by undoing the undo.

use crate::common;

use std::collections::BTreeSet;

use common::db::Db;
use don_store::store::LOGGED;

/// The log's own tables, which no undo puts back.
const LOG: [&str; 3] = ["operations", "changes", "added"];

/// Tables not in the log: what is worked out from the rest (each game's summary), worked out
/// anew by every change, an undo too (tests/store.rs checks they stay right); and what is no
/// change to the league (a link's last use, the web's sessions).
const DERIVED: [&str; 4] = [
    "game_summaries",
    "game_summary_scores",
    "link_uses",
    "web_sessions",
];

/// The dump without the log's tables (and SQLite's counters of ids handed out, which never go
/// back: a row's id is not used again).
fn content(db: &Db) -> String {
    db.dump()
        .lines()
        .filter(|l| {
            !l.starts_with("INSERT INTO operations ")
                && !l.starts_with("INSERT INTO changes ")
                && !l.starts_with("INSERT INTO added ")
                && !DERIVED
                    .iter()
                    .any(|t| l.starts_with(&format!("INSERT INTO {t} ")))
                && !l.contains("sqlite_sequence")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The number of rows of each logged table.
fn counts(db: &Db) -> Vec<(&'static str, i64)> {
    LOGGED
        .iter()
        .map(|&t| {
            (
                t,
                db.sql(&format!("SELECT count(*) FROM {t}"))
                    .trim()
                    .parse()
                    .unwrap(),
            )
        })
        .collect()
}

fn last_op(db: &Db) -> i64 {
    db.sql("SELECT coalesce(max(id), 0) FROM operations")
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn every_table_of_the_schema_is_logged_with_every_column() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    let tables = db.sql(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    for table in tables
        .lines()
        .filter(|t| !LOG.contains(t) && !DERIVED.contains(t))
    {
        assert!(
            LOGGED.contains(&table),
            "the table `{table}` is not in store::LOGGED (crates/store/src/store/logged.rs): undo would miss its rows"
        );
    }
    for table in LOGGED {
        let columns = db.sql(&format!("SELECT name FROM pragma_table_info('{table}')"));
        assert!(
            !columns.is_empty(),
            "`{table}` is listed but not in the schema"
        );
        for action in ["insert", "update", "delete"] {
            let sql = db.sql(&format!(
                "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '{table}_{action}'"
            ));
            assert!(
                sql.contains(&format!("AFTER {} ON {table}", action.to_uppercase())),
                "no trigger logs a row {action}ed in `{table}`: {sql}"
            );
            if action != "insert" {
                for column in columns.lines() {
                    assert!(
                        sql.contains(&format!("'{column}', old.{column}")),
                        "`{table}_{action}` does not keep the column `{column}`"
                    );
                }
            }
        }
    }
}

/// Runs `step`, which adds rows; then undoes each change it made, the latest first, and checks
/// the database is as it was before; then undoes those undos (redo) and checks it is as the
/// step left it. Returns the logged tables the step added a row to.
fn undone_and_redone(db: &Db, what: &str, step: impl FnOnce(&Db)) -> Vec<&'static str> {
    let before = content(db);
    let (counted, first) = (counts(db), last_op(db) + 1);
    step(db);
    let after = content(db);
    let last = last_op(db);
    assert!(last >= first, "{what} made no change");
    let added: Vec<&str> = counts(db)
        .into_iter()
        .zip(counted)
        .filter(|((_, now), (_, then))| now > then)
        .map(|((t, _), _)| t)
        .collect();
    for op in (first..=last).rev() {
        db.ok(&["undo", &op.to_string()]);
    }
    assert_eq!(content(db), before, "{what}, undone");
    for undo in (last + 1..=last_op(db)).rev() {
        db.ok(&["undo", &undo.to_string()]);
    }
    assert_eq!(content(db), after, "{what}, undone and redone");
    added
}

/// What a step does, and the step.
type Step = (&'static str, Box<dyn Fn(&Db)>);

#[test]
fn a_row_added_to_each_logged_table_is_undone_and_redone() {
    let db = Db::new();
    // The database made, with games of no seats.
    db.ok(&["import", "examples/season.jsonl"]);
    let mut added: BTreeSet<&str> = BTreeSet::new();
    let steps: Vec<Step> = vec![
        (
            "a game with its seats and entrants",
            Box::new(|db| {
                db.ok(&[
                    "new",
                    "nine-card-don",
                    "--seats",
                    "Gareth, Dai, Rhys, Huw",
                    "--pitcher",
                    "N",
                    "--pool",
                    "20",
                    "--entrants",
                    "Gareth, Dai, Rhys, Huw, Emrys",
                ]);
            }),
        ),
        (
            "a trick and a penalty at the table",
            Box::new(|db| {
                let lines = common::HAND_A[..1].join("\n") + "\npenalty EW out-of-turn\n";
                let out = db.play(&["13"], &lines);
                assert!(out.status.success(), "{}", common::text(&out.stderr));
            }),
        ),
        (
            "games imported",
            Box::new(|db| {
                db.ok(&["import", "examples/nine-card-don.json"]);
            }),
        ),
        (
            "a league",
            Box::new(|db| {
                db.ok(&["league", "new", "Valleys", "--kind", "don=1,121,2"]);
            }),
        ),
        (
            "a season of teams",
            Box::new(|db| {
                db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
            }),
        ),
        (
            "players on a roster",
            Box::new(|db| {
                db.roster_add("Royal Oak", &["Gareth", "Rhys"]);
                db.roster_add("Red Lion", &["Dai", "Huw"]);
            }),
        ),
        (
            "a fixture",
            Box::new(|db| {
                db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", "2025-09-18"]);
            }),
        ),
        (
            "a night with a leg scored in a stored game",
            Box::new(|db| {
                db.ok(&[
                    "night",
                    "enter",
                    "Royal Oak",
                    "Red Lion",
                    "--date",
                    "2025-09-18",
                    "--match",
                    "don 1; Gareth+Rhys; Dai+Huw; 2-0; #14 121-80",
                ]);
            }),
        ),
        (
            "a deduction",
            Box::new(|db| {
                db.ok(&[
                    "deduct",
                    "Red Lion",
                    "2",
                    "--reason",
                    "late",
                    "--date",
                    "2025-09-20",
                ]);
            }),
        ),
        (
            "a past season's final table",
            Box::new(|db| {
                let file = db.dir().join("table.csv");
                std::fs::write(
                    &file,
                    "season,pos,team,played,won,drawn,lost,matches_for,matches_against,points\n\
                     1998-99,1,Royal Oak,2,2,0,0,2,0,2\n1998-99,2,Red Lion,2,0,0,2,0,2,0\n",
                )
                .unwrap();
                db.ok(&[
                    "import",
                    file.to_str().unwrap(),
                    "--league",
                    "Valleys",
                    "--create",
                ]);
            }),
        ),
        (
            "a cup made, entered and drawn, and a tie entered match by match",
            Box::new(|db| {
                db.ok(&["cup", "new", "League Cup"]);
                db.ok(&["cup", "enter", "League Cup", "Royal Oak", "Red Lion"]);
                db.ok(&[
                    "cup",
                    "draw",
                    "League Cup",
                    "--order",
                    "Red Lion, Royal Oak",
                ]);
                db.ok(&[
                    "cup",
                    "result",
                    "League Cup",
                    "Red Lion",
                    "Royal Oak",
                    "--match",
                    "don 1; Dai+Huw; Gareth+Rhys; 2-1",
                ]);
            }),
        ),
        (
            "private links made and one revoked",
            Box::new(|db| {
                db.ok(&["captain", "link", "Royal Oak"]);
                db.ok(&["secretary", "link"]);
                db.ok(&["captain", "revoke", "Royal Oak"]);
            }),
        ),
        (
            "a game's scorer's link, the game made one of the league's on the web",
            Box::new(|db| {
                db.ok(&["scorer", "link", "13", "--league", "Valleys"]);
            }),
        ),
        (
            "a team renamed and another way of writing a player's name",
            Box::new(|db| {
                db.ok(&[
                    "team",
                    "rename",
                    "Red Lion",
                    "The Lion",
                    "--from",
                    "2026-07-01",
                ]);
                db.ok(&["player", "alias", "Gareth", "Gareth J"]);
            }),
        ),
        (
            "a season in divisions",
            Box::new(|db| {
                db.ok(&[
                    "season",
                    "new",
                    "2027-28",
                    "--divisions",
                    "Premier: Royal Oak; Division One: The Lion",
                ]);
            }),
        ),
    ];
    for (what, step) in steps {
        added.extend(undone_and_redone(&db, what, step));
    }
    let missed: Vec<&&str> = LOGGED.iter().filter(|t| !added.contains(*t)).collect();
    assert!(missed.is_empty(), "no step added a row to {missed:?}");
}

#[test]
fn a_database_of_version_5_logs_each_row_of_a_game_imported_then() {
    let db = Db::new();
    db.ok(&["import", "examples/season.jsonl"]);
    let before = content(&db);
    db.ok(&["import", "examples/nine-card-don.json"]);
    let imported = content(&db);
    // As version 12 logged it: a row a line; then as version 5 logged it: the game alone stood
    // for its hands and tricks.
    db.set_back_to_version(12);
    db.sql(
        "DELETE FROM changes WHERE op = (SELECT max(id) FROM operations)
             AND tbl NOT IN ('games', 'players')",
    );
    db.set_back_to_version(5);
    let said = db.ok(&["undo"]);
    assert!(said.starts_with("Undid #2 ("), "{said}");
    assert_eq!(content(&db), before);
    db.ok(&["undo"]);
    assert_eq!(content(&db), imported);
}

#[test]
fn the_log_says_who_made_each_change_and_for_which_team() {
    let db = Db::new();
    let out = db
        .cmd(&["league", "new", "Valleys"])
        .env("USER", "gareth")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    // A change made for a team (as a captain's on the web, or the secretary's with `--by`).
    let team: i64 = db
        .sql("SELECT id FROM teams WHERE name = 'Royal Oak'")
        .trim()
        .parse()
        .unwrap();
    let mut store = don_store::store::Store::open(&db.path).unwrap();
    store.act_as(don_store::store::Actor {
        name: "dai\u{1b}[31m".into(),
        team: Some(team),
        game: None,
        league: None,
    });
    let change = store.change("team venue").unwrap();
    change
        .set_venue(team, Some("Royal Oak, Newbridge"))
        .unwrap();
    change
        .commit("Royal Oak plays at Royal Oak, Newbridge", None)
        .unwrap();
    // And one from before don kept who made a change: no one is named.
    db.sql("UPDATE operations SET actor = '' WHERE id = 2");
    let log = db.ok(&["log"]);
    let row = |n: &str| {
        log.lines()
            .find(|l| l.starts_with(&format!("│ {n} ")))
            .unwrap_or_else(|| panic!("no #{n}: {log}"))
            .split('┆')
            .map(str::trim)
            .collect::<Vec<_>>()
    };
    assert!(log.contains("┆ By "), "{log}");
    assert_eq!(row("1")[3], "gareth");
    assert_eq!(row("2")[3], "");
    assert_eq!(row("3")[3], "dai\\u{1b}[31m (for Royal Oak)");
}

#[test]
fn undo_at_the_shell_says_how_to_redo_and_go_back_and_the_log_says_what_stands() {
    let db = Db::new();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    let out = db.play(&[], "5h kh 2h ah\n");
    assert!(out.status.success());
    let trick = "game 1, hand 1: trick 5H KH 2H AH";
    let first = "#1 (new game 1: Nine Card Don to 121, 8 for game)";
    // #3 undoes the trick (#2): again redoes it; further back is #1.
    let said = db.ok(&["undo"]);
    assert!(said.starts_with("Undid #2 ("), "{said}");
    assert!(said.contains(&format!("): {trick}. (This is #3.)\n`don undo` again redoes #2; to go further back, `don undo 1` puts back {first}, and so on (`don log` lists the changes).\n")), "{said}");
    // #4 undoes #3: the trick is redone, and stands.
    let said = db.ok(&["undo"]);
    assert!(said.starts_with("Redid #2 ("), "{said}");
    assert!(
        said.ends_with(&format!(
            "): {trick}, undoing #3. (This is #4.)\n`don undo` again undoes #2 again.\n"
        )),
        "{said}"
    );
    let log = db.ok(&["log"]);
    assert!(
        log.contains(&format!("redid #2 ({trick}) by undoing #3 ")),
        "{log}"
    );
    assert!(
        log.contains(&format!("undid #2 ({trick}) (undone by #4)")),
        "{log}"
    );
    assert!(
        log.contains(&format!("{trick} (redone by #4: it stands)")),
        "{log}"
    );
    // #5 undoes #4: the trick is undone again; #3 stands again, #4 does not.
    let said = db.ok(&["undo"]);
    assert!(said.starts_with("Undid #2 again ("), "{said}");
    assert!(said.contains(&format!("): {trick}, undoing #4. (This is #5.)\n`don undo` again redoes #2; to go further back, `don undo 1`")), "{said}");
    let log = db.ok(&["log"]);
    assert!(
        log.contains(&format!("undid #2 again ({trick}) by undoing #4 ")),
        "{log}"
    );
    assert!(
        log.contains(&format!("redid #2 ({trick}) by undoing #3 (undone by #5)")),
        "{log}"
    );
    assert!(log.contains(&format!("undid #2 ({trick}) ")), "{log}");
    assert!(log.contains(&format!("{trick} (undone by #3)")), "{log}");
    assert!(!log.contains("(undid #"), "no nest of undos: {log}");
    assert_eq!(db.show("1")["hands"], serde_json::json!([]));
}

/// `n` simulated games of every variant, numbered from `from`, each with its seats named from
/// a pool of 30 players (`prefix` and a number), a date and a venue: as one `.jsonl` file.
fn simulated_games(db: &Db, name: &str, from: usize, n: usize, prefix: &str) -> String {
    use don::rules::sim::play_game;
    use don::rules::{OptionValue, Variant};
    let rulesets: Vec<Variant> = [
        ("nine-card-don", None),
        ("nine-card-don", Some(("end_scoring", "hljg"))),
        ("blind-don", None),
        ("game-to-lose", None),
        ("irish-don", None),
        ("phat", None),
    ]
    .iter()
    .map(|(v, o)| {
        let opts = o.map(|(k, x)| (k, OptionValue::Str(x.into())));
        Variant::build(v, opts).unwrap()
    })
    .collect();
    let mut text = String::new();
    for i in from..from + n {
        let game = play_game(&rulesets[i % rulesets.len()], i as u64, 400);
        let mut rec = don::record::write::sim_record(&format!("sim-{i:05}"), &game);
        let seats: serde_json::Map<String, serde_json::Value> = game
            .variant
            .spec()
            .seating
            .seats()
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let player = format!("{prefix} {:02}", (i * 7 + k * 11) % 30);
                (s.letter().to_string(), serde_json::json!(player))
            })
            .collect();
        rec["seats"] = serde_json::Value::Object(seats);
        rec["date"] = serde_json::json!(format!("2026-{:02}-{:02}", i % 12 + 1, i % 28 + 1));
        rec["venue"] = serde_json::json!("Royal Oak");
        text.push_str(&serde_json::to_string(&rec).unwrap());
        text.push('\n');
    }
    let path = db.dir().join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Every row of the tables a game's records fill, with its number: the games as stored.
fn games_stored(db: &Db) -> String {
    [
        "players",
        "games",
        "seats",
        "entrants",
        "hands",
        "tricks",
        "penalties",
    ]
    .iter()
    .map(|t| db.sql(&format!("SELECT * FROM {t} ORDER BY id")))
    .collect::<Vec<_>>()
    .join("\n--\n")
}

#[test]
fn an_import_is_logged_as_one_fact_a_table_and_undone_and_redone_byte_for_byte() {
    let db = Db::new();
    db.ok(&["import", "examples/season.jsonl"]);
    let before = (content(&db), games_stored(&db), db.ok(&["games", "--json"]));
    // Enough rows (about 16,000) that undoing the undo reads the log's rows in more than one
    // page (`LOG_PAGE`, 10,000) and puts them back by more than one statement a table.
    let file = simulated_games(&db, "sims.jsonl", 0, 280, "Player");
    db.ok(&["import", &file]);
    let import = last_op(&db);
    let after = (
        content(&db),
        games_stored(&db),
        db.ok(&["games", "--json"]),
        db.ok(&["export"]),
    );
    // One fact a table, not a line a row: nothing of the import in `changes`, and in `added`
    // each table it added to, with the first and last rows it added.
    assert_eq!(
        db.sql(&format!("SELECT count(*) FROM changes WHERE op = {import}"))
            .trim(),
        "0"
    );
    let facts = db.sql(&format!(
        "SELECT tbl FROM added WHERE op = {import} ORDER BY tbl"
    ));
    let tables: Vec<&str> = facts.lines().collect();
    assert_eq!(tables, ["games", "hands", "players", "seats", "tricks"]);
    for t in ["games", "hands", "seats", "tricks"] {
        let spans = db.sql(&format!(
            "SELECT a.last - a.first + 1, (SELECT count(*) FROM {t} x WHERE x.id BETWEEN a.first AND a.last)
             FROM added a WHERE a.op = {import} AND a.tbl = '{t}'"
        ));
        let n: Vec<i64> = spans
            .trim()
            .split('|')
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(n[0], n[1], "{t}: every row of the span is the import's");
    }
    assert_eq!(
        db.sql(&format!(
            "SELECT last - first + 1 FROM added WHERE op = {import} AND tbl = 'games'"
        ))
        .trim(),
        "280"
    );
    // The triggers that log a row added are back, as they were.
    let triggers = db
        .sql("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%_insert'");
    assert_eq!(triggers.trim(), LOGGED.len().to_string());

    // Undone: no game of it is left, and the database is as it was.
    let said = db.ok(&["undo"]);
    assert!(said.starts_with(&format!("Undid #{import} (")), "{said}");
    assert_eq!(
        (content(&db), games_stored(&db), db.ok(&["games", "--json"])),
        before,
        "the import undone"
    );
    assert!(!db.ok(&["games"]).contains("sim-"));
    // Redone: every game back, byte for byte, with the numbers it had.
    db.ok(&["undo"]);
    assert_eq!(
        (
            content(&db),
            games_stored(&db),
            db.ok(&["games", "--json"]),
            db.ok(&["export"])
        ),
        after,
        "the import redone"
    );
    // And again, as `undo N` of the import itself.
    db.ok(&["undo", &import.to_string()]);
    assert_eq!(content(&db), before.0, "the import undone by its number");
}

#[test]
fn a_later_change_that_uses_what_an_import_added_keeps_it_from_being_undone_alone() {
    let db = Db::new();
    let first = simulated_games(&db, "first.jsonl", 0, 12, "Dai");
    db.ok(&["import", &first]);
    let import = last_op(&db);
    // A later import of games with the same players (added by the first): its rows refer to
    // the first's players, though it logged them as one fact.
    let second = simulated_games(&db, "second.jsonl", 100, 12, "Dai");
    db.ok(&["import", &second]);
    let later = last_op(&db);
    let dump = db.dump();
    let out = db.run(&["undo", &import.to_string()]);
    let said = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!("#{later}")),
        "names the later import: {said}"
    );
    assert_eq!(db.dump(), dump, "nothing changed");
    // A game begun later with one of its players: the same.
    db.ok(&["undo"]);
    db.ok(&["new", "nine-card-don", "--seats", "Dai 00, Ann, Bob, Cy"]);
    let begun = last_op(&db);
    let out = db.run(&["undo", &import.to_string()]);
    let said = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!("#{begun}")),
        "names the game begun: {said}"
    );
}

#[test]
fn an_import_keeps_each_game_s_summary_as_a_replay_of_the_game_stored_gives_it() {
    let db = Db::new();
    let file = simulated_games(&db, "sims.jsonl", 0, 60, "Player");
    let examples: Vec<String> = std::fs::read_dir("examples")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "jsonl"))
        .map(|p| p.display().to_string())
        .collect();
    let mut args = vec!["import", file.as_str()];
    args.extend(examples.iter().map(String::as_str));
    db.ok(&args);
    let kept = db.ok(&["games", "--json"]);
    // The summaries the import kept, from the replay that checked each record, taken away:
    // `games` works each out again by replaying the game as stored.
    db.sql("DELETE FROM game_summary_scores; DELETE FROM game_summaries;");
    assert_eq!(db.ok(&["games", "--json"]), kept);
}
