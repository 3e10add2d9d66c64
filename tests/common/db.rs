//! A fresh database in a temporary folder, and `don` run against it; or, for a test's setup,
//! the program itself ([`App`]) in this process, as `don` would run it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use chrono::{NaiveDate, Weekday};
use don::app::league::which::Choice;
use don::app::league::{new_config, SeasonTeams};
use don::app::night::enter::{Given, NightEntered, NightEntry};
use don::app::night::{NightRef, WhichSeason};
use don::app::{Actor, App};
use don::cli::night::entry::{parse_legs, parse_match};
use don::league::config::{ConfigChange, KindConfig};
use don_store::store::Store;
use serde_json::Value;

use super::{don, text};

pub struct Db {
    dir: tempfile::TempDir,
    pub path: PathBuf,
}

impl Db {
    pub fn new() -> Db {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("don.db");
        Db { dir, path }
    }

    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// `don ARGS` against this database.
    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = don();
        cmd.args(args).env("DON_DB", &self.path);
        cmd
    }

    /// `don ARGS` against this database as a user to whom file permissions are a bar
    /// ([`super::don_as_other_user`]); `None` where that cannot be done.
    pub fn as_other_user(&self, args: &[&str]) -> Option<Output> {
        super::other_user_output(
            super::don_as_other_user()
                .args(args)
                .env("DON_DB", &self.path),
        )
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).stdin(Stdio::null()).output().unwrap()
    }

    /// Runs `don ARGS`, which must succeed: its standard output.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "don {args:?} failed: {}{}",
            text(&out.stdout),
            text(&out.stderr)
        );
        text(&out.stdout)
    }

    /// `don ARGS` started with all three streams piped.
    pub fn spawn(&self, args: &[&str]) -> Child {
        self.cmd(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// `don play ARGS` with these lines on standard input.
    pub fn play(&self, args: &[&str], lines: &str) -> Output {
        let mut all = vec!["play"];
        all.extend_from_slice(args);
        let mut child = self.spawn(&all);
        feed(&mut child, lines.as_bytes());
        child.wait_with_output().unwrap()
    }

    /// `don show GAME --json`.
    pub fn show(&self, game: &str) -> Value {
        serde_json::from_str(&self.ok(&["show", game, "--json"])).unwrap()
    }

    /// The program on this database, in this process, for the local user: as `don` opens it
    /// (made on first use), so what a change logs is what the same `don` command would log.
    pub fn app(&self) -> App {
        let mut store = Store::open(&self.path).unwrap();
        store.act_as(local_actor());
        App::from_store(store)
    }

    /// `don league new NAME [--kind KIND]…`, in process.
    pub fn league_new(&self, name: &str, kinds: &[&str]) {
        let night = (!kinds.is_empty()).then(|| {
            kinds
                .iter()
                .map(|k| k.parse::<KindConfig>().unwrap())
                .collect()
        });
        let config = new_config(&ConfigChange {
            night,
            ..ConfigChange::default()
        })
        .unwrap();
        self.app().league_new(name, &config).unwrap();
    }

    /// `don season new NAME --teams TEAMS --create`, in process.
    pub fn season_new(&self, name: &str, teams: &[&str]) {
        let teams = SeasonTeams::Named {
            names: teams.iter().map(|t| t.to_string()).collect(),
            create: true,
        };
        self.app().season_new(None, name, &teams).unwrap();
    }

    /// `don roster add TEAM PLAYER…`, in process.
    pub fn roster_add(&self, team: &str, players: &[&str]) {
        let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        self.app()
            .roster_add(&Choice::default(), team, &players, false, &[])
            .unwrap();
    }

    /// `don fixtures generate --start START --weekday WEEKDAY` (`thu`), in process.
    pub fn fixtures_generate(&self, start: &str, weekday: &str) {
        let start = NaiveDate::parse_from_str(start, "%Y-%m-%d").unwrap();
        let weekday: Weekday = weekday.parse().unwrap();
        self.app()
            .fixtures_generate(&Choice::default(), start, weekday, &[])
            .unwrap();
    }

    /// `don fixtures add HOME AWAY DATE`, in process: the fixture's number.
    pub fn fixture_add(&self, home: &str, away: &str, date: &str) -> i64 {
        let day = date.parse().unwrap();
        let f = self.app().fixture_add(&Choice::default(), home, away, day);
        f.unwrap().id
    }

    /// `don fixtures move ID DATE`, in process.
    pub fn fixture_move(&self, id: i64, date: &str) {
        let day = date.parse().unwrap();
        self.app()
            .fixture_move(&Choice::default(), id, day)
            .unwrap();
    }

    /// `don fixtures cancel ID`, in process.
    pub fn fixture_cancel(&self, id: i64) {
        self.app().fixture_cancel(&Choice::default(), id).unwrap();
    }

    /// `don team alias TEAM NAME`, in process.
    pub fn team_alias(&self, team: &str, name: &str) {
        self.app()
            .team_alias(&Choice::default(), team, name)
            .unwrap();
    }

    /// `don night enter HOME AWAY --date DATE --match M…`, in process (each match read as the
    /// command line reads it): the night kept.
    pub fn night_enter(&self, night: (&str, &str, &str), matches: &[&str]) {
        let given = matches.iter().map(|m| parse_match(m).unwrap()).collect();
        self.enter_night(night, Given::Matches(given));
    }

    /// `don night enter HOME AWAY --date DATE --totals H-A`, in process: the night kept.
    pub fn night_totals(&self, night: (&str, &str, &str), totals: &str) {
        self.enter_night(night, Given::Totals(parse_legs(totals).unwrap()));
    }

    fn enter_night(&self, (home, away, date): (&str, &str, &str), given: Given) {
        let entry = NightEntry {
            night: NightRef {
                which: WhichSeason::default(),
                home,
                away,
                date: Some(date.parse().unwrap()),
            },
            moved: None,
            entered_for: None,
            new_players: &[],
        };
        let entered = self.app().night_enter(entry, given);
        assert!(matches!(entered, Ok(NightEntered::Kept { .. })), "not kept");
    }

    /// A league of short nights (two Don matches and one of single crib, best of three) and a
    /// season of Royal Oak, Red Lion and Fox and Hounds with no schedule.
    pub fn short_nights() -> Db {
        let db = Db::new();
        db.league_new("Valleys", &["don=2,121,2", "single-crib=1,61,1"]);
        db.season_new("2025-26", &["Royal Oak", "Red Lion", "Fox and Hounds"]);
        db
    }

    /// Abercarn Crib and Don League, its season 2025-26 of Royal Oak, Red Lion and Fox and
    /// Hounds with no rosters and no schedule.
    pub fn three_teams() -> Db {
        let db = Db::new();
        db.league_new("Abercarn Crib and Don League", &[]);
        db.season_new("2025-26", &["Royal Oak", "Red Lion", "Fox and Hounds"]);
        db
    }

    /// [`Db::three_teams`], each team with a roster of five.
    pub fn three_teams_with_rosters() -> Db {
        let db = Db::three_teams();
        for (team, players) in [
            ("Royal Oak", ["Gareth", "Rhys", "Emrys", "Glyn", "Sian"]),
            ("Red Lion", ["Dai", "Huw", "Aled", "Bethan", "Mair"]),
            (
                "Fox and Hounds",
                ["Carys", "Dafydd", "Eirian", "Ffion", "Geraint"],
            ),
        ] {
            db.roster_add(team, &players);
        }
        db
    }

    /// Valleys League (Abercarn's night), season 2025-26 of A, B, C and D, a double round robin
    /// generated on Thursdays from 2025-09-04 (A v B on 2025-09-18).
    pub fn four_teams_scheduled() -> Db {
        let db = Db::new();
        db.league_new("Valleys League", &[]);
        db.season_new("2025-26", &["A", "B", "C", "D"]);
        db.fixtures_generate("2025-09-01", "thu");
        db
    }

    /// A's and B's rosters of Valleys League ([`Db::four_teams_scheduled`]): five players
    /// each, added in process.
    pub fn valleys_rosters(&self) {
        self.roster_add(
            "A",
            &[
                "Gareth Jones",
                "Rhys Evans",
                "Emrys Watkins",
                "Glyn Price",
                "Sian Bevan",
            ],
        );
        self.roster_add(
            "B",
            &[
                "Dai Morgan",
                "Huw Bevan",
                "Ivor James",
                "Mair Lewis",
                "Tom Rees",
            ],
        );
    }

    /// Imports the sample season of `examples/league` as a new league, Abercarn's.
    pub fn import_sample_season(&self) {
        let files: Vec<String> = ["rosters", "matches", "nights", "adjustments"]
            .iter()
            .map(|s| format!("examples/league/2025-26-{s}.csv"))
            .collect();
        let mut args = vec!["import"];
        args.extend(files.iter().map(String::as_str));
        args.extend(["--league", "Abercarn Crib and Don League", "--create"]);
        self.ok(&args);
    }

    /// The name full of HTML's metacharacters that [`Db::with_html_name_and_a_game`] gives a
    /// team.
    pub const HTML_NAME: &'static str = "<b>Fox & \"Hounds\"</b>";

    /// Abercarn's league with a season of three teams, one named [`Db::HTML_NAME`]: Red Lion v
    /// Royal Oak 4–5 by totals (2025-09-04); Royal Oak v the third, don 1 begun with game 1 of
    /// `examples/nine-card-don.json` as its first leg (2025-09-11); Red Lion v the third to play
    /// (2025-09-18). Both nights entered for the home team, so provisional.
    pub fn with_html_name_and_a_game() -> Db {
        let db = Db::new();
        let fox = Db::HTML_NAME;
        db.league_new("Abercarn Crib and Don League", &[]);
        db.season_new("2025-26", &["Royal Oak", "Red Lion", fox]);
        db.ok(&["import", "examples/nine-card-don.json"]);
        db.ok(&["fixtures", "add", "Red Lion", fox, "2025-09-18"]);
        db.ok(&[
            "night",
            "enter",
            "Red Lion",
            "Royal Oak",
            "--date",
            "2025-09-04",
            "--totals",
            "4-5",
        ]);
        db.ok(&[
            "night",
            "enter",
            "Royal Oak",
            fox,
            "--date",
            "2025-09-11",
            "--match",
            "don 1; Gareth+Rhys; Dai+Huw; 2-0; #1 121-100",
        ]);
        db
    }

    /// `don COMMAND` run on a terminal (a pseudo-terminal of util-linux's `script`), with
    /// `typed` as the keys: its exit code and what the terminal showed. `command` is shell
    /// words: quote names with spaces.
    #[allow(dead_code)]
    pub fn on_terminal(&self, command: &str, typed: &str) -> (Option<i32>, String) {
        let mut child = Command::new("script")
            .args(["-qec", &format!("\"$DON\" {command}"), "/dev/null"])
            .env("DON", env!("CARGO_BIN_EXE_don"))
            .env("DON_DB", &self.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("util-linux's `script` (Debian's bsdutils) runs don on a terminal");
        feed(&mut child, typed.as_bytes());
        let out = child.wait_with_output().unwrap();
        (out.status.code(), text(&out.stdout))
    }

    /// `sqlite3 DB .dump`: the whole content, as SQL.
    pub fn dump(&self) -> String {
        self.sql(".dump")
    }

    /// What `sqlite3` prints for one statement against this database.
    /// Sets the database back to schema `version`, as a don of that version left it: undoes
    /// what each later version added (a version that adds a table or a column says here how
    /// to take it away again), then sets `user_version`.
    #[allow(dead_code)]
    pub fn set_back_to_version(&self, version: i64) {
        // Version by version, newest first: what to run to take that version away.
        let later: &[(i64, &str)] = &[
            (
                15,
                "DROP TRIGGER entries_insert; DROP TRIGGER entries_update; \
                 DROP TRIGGER entries_delete; ALTER TABLE entries DROP COLUMN division; \
                 DROP TABLE divisions;",
            ),
            (
                14,
                "DROP TABLE cup_matches; DROP TABLE cup_ties; DROP TABLE cup_entries; \
                 DROP TABLE cups;",
            ),
            (13, "(version 13: below)"),
            (
                12,
                "CREATE TABLE players_old (id INTEGER PRIMARY KEY AUTOINCREMENT, \
                 name TEXT NOT NULL, key TEXT NOT NULL UNIQUE); \
                 INSERT INTO players_old SELECT id, name, key FROM players; \
                 DELETE FROM sqlite_sequence WHERE name = 'players_old'; \
                 INSERT INTO sqlite_sequence (name, seq) \
                 SELECT 'players_old', seq FROM sqlite_sequence WHERE name = 'players'; \
                 DROP TABLE players; ALTER TABLE players_old RENAME TO players; \
                 DROP TRIGGER rosters_insert; DROP TRIGGER rosters_update; \
                 DROP TRIGGER rosters_delete; \
                 ALTER TABLE rosters DROP COLUMN since; ALTER TABLE rosters DROP COLUMN until;",
            ),
            (
                11,
                "DROP INDEX operations_entry; ALTER TABLE operations DROP COLUMN entry;",
            ),
            (
                10,
                "DROP TABLE player_names; DROP TABLE team_names; DROP TABLE season_tables; \
                 DROP TRIGGER fixtures_insert; DROP TRIGGER fixtures_update; \
                 DROP TRIGGER fixtures_delete; ALTER TABLE fixtures DROP COLUMN undated;",
            ),
            (
                9,
                "DROP TABLE web_games; DROP INDEX links_game; DROP TRIGGER links_insert; \
                 DROP TRIGGER links_update; DROP TRIGGER links_delete; \
                 ALTER TABLE links DROP COLUMN game;",
            ),
            (
                8,
                "DROP TABLE web_sessions; DROP TABLE link_uses; DROP TABLE links;",
            ),
            (7, "DROP TABLE game_summary_scores; DROP TABLE game_summaries;"),
            // Its triggers are made anew by each version from 6 on, whatever is there.
            (6, "DROP INDEX changes_row;"),
            (
                5,
                "ALTER TABLE operations DROP COLUMN team; ALTER TABLE operations DROP COLUMN actor;",
            ),
            (3, "DROP TABLE confirmations;"),
        ];
        let now: i64 = self.sql("PRAGMA user_version").trim().parse().unwrap();
        for (v, undo) in later {
            if *v > version && *v <= now {
                match v {
                    13 => self.sql(&self.version_13_taken_away()),
                    _ => self.sql(undo),
                };
            }
        }
        self.sql(&format!("PRAGMA user_version = {version};"));
    }

    /// What takes version 13 away, made from the tables there are when it is run.
    fn version_13_taken_away(&self) -> String {
        // Version 13 logged a change that only added rows as one fact a table (`added`); a
        // don before it logged each of those rows in `changes`, as added by that change.
        // (Of the tables there are: those of later versions are gone by then.)
        let tables_of_12 = self.sql("SELECT name FROM sqlite_schema WHERE type = 'table'");
        let each_row: String = don_store::store::LOGGED
            .iter()
            .filter(|t| tables_of_12.lines().any(|l| l == **t))
            .map(|t| {
                format!(
                    "INSERT INTO changes (op, tbl, row, action) SELECT a.op, '{t}', x.id, 'insert' \
                     FROM added a JOIN {t} x ON x.id BETWEEN a.first AND a.last \
                     WHERE a.tbl = '{t}' ORDER BY a.op, x.id; "
                )
            })
            .collect();
        // …and it wrote a check against a list as the same check said with OR.
        let checks = [
            ("action", &["insert", "update", "delete"][..]),
            ("seat", &["N", "E", "S", "W"]),
            ("body", &["tricks", "totals", "abandoned"]),
            ("result", &["matches", "totals", "walkover"]),
            ("state", &["provisional", "confirmed", "disputed"]),
        ];
        let listed: String = checks
            .iter()
            .map(|(column, values)| {
                let or: Vec<String> = values.iter().map(|v| format!("{column} = ''{v}''")).collect();
                let list: Vec<String> = values.iter().map(|v| format!("''{v}''")).collect();
                format!(
                    "UPDATE sqlite_schema SET sql = replace(sql, 'CHECK ({})', 'CHECK ({column} IN ({}))') \
                     WHERE type = 'table'; ",
                    or.join(" OR "),
                    list.join(", ")
                )
            })
            .collect();
        format!(
            "{each_row} DROP TABLE added; PRAGMA writable_schema = ON; {listed} \
             PRAGMA writable_schema = OFF;"
        )
    }

    pub fn sql(&self, statement: &str) -> String {
        let out = Command::new("sqlite3")
            .arg(&self.path)
            .arg(statement)
            .output()
            .expect("sqlite3 is needed for these tests (.ci/run installs it)");
        assert!(out.status.success(), "sqlite3: {}", text(&out.stderr));
        text(&out.stdout)
    }
}

/// Writes `input` to the child's standard input and closes it. A child that has ended before
/// reading it all (it refused its game at once, or stopped at a refused line) is no failure of
/// the test: what it did is in its output.
/// `args` is refused: it fails with exit `code`, says `needle` on standard error, and leaves
/// the database as it was. What it wrote, for a test to look further.
pub fn refused(db: &Db, args: &[&str], code: i32, needle: &str) -> Output {
    let before = db.dump();
    let out = db.run(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "don {args:?}: {err}");
    assert!(
        err.contains(needle),
        "don {args:?}: wanted {needle:?} in {err}"
    );
    assert_eq!(before, db.dump(), "don {args:?} changed the database");
    out
}

pub fn feed(child: &mut std::process::Child, input: &[u8]) {
    let mut stdin = child.stdin.take().expect("a piped standard input");
    if let Err(e) = stdin.write_all(input) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing to don: {e}"
        );
    }
}

/// Who changes the database from the command line, as `don` takes it (src/cli/db.rs): the local
/// user, by their login name (`$USER`, else `$LOGNAME`, else the system's name for them).
pub fn local_actor() -> Actor {
    let name = ["USER", "LOGNAME"]
        .into_iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|n| !n.trim().is_empty())
        .unwrap_or_else(|| {
            let out = Command::new("id").arg("-un").output().unwrap();
            text(&out.stdout).trim().to_string()
        });
    Actor {
        name: don::record::text::shortened(&name).into_owned(),
        team: None,
        game: None,
        league: None,
    }
}
