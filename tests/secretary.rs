//! A league secretary's smaller stumbles: unknown teams for a new season, `stats` and
//! `standings` counting the same nights, an adjustment dated outside the season, tables wider
//! than the terminal, and the help and messages' words.

use crate::common;

use common::db::Db;
use common::text;
use serde_json::Value;

/// A league whose night is two Don matches, with a season of Royal Oak and Red Lion: Royal Oak v
/// Red Lion on 2025-09-04 complete (Royal Oak 2–0), Red Lion v Royal Oak on 2025-09-11 with one
/// match of two entered (Red Lion's, 2–0 in legs).
fn two_match_league() -> Db {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys Don", "--kind", "don=2,121,2"]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-1",
        "--match",
        "don 2; Emrys+Glyn; Aled+Bethan; 2-0",
    ]);
    db.ok(&[
        "night",
        "enter",
        "Red Lion",
        "Royal Oak",
        "--date",
        "2025-09-11",
        "--match",
        "don 1; Dai+Huw; Gareth+Rhys; 2-0",
    ]);
    db
}

fn refused(db: &Db, args: &[&str], needle: &str) {
    common::db::refused(db, args, 2, needle);
}

#[test]
fn a_new_season_with_unknown_teams_hints_at_create() {
    let db = two_match_league();
    refused(
        &db,
        &["season", "new", "2026-27", "--teams", "Royal Oak, Crown"],
        "don: error: no team 'Crown' in Valleys Don (there are: Red Lion, Royal Oak)\n  hint: add --create to make it\n",
    );
    refused(
        &db,
        &[
            "season",
            "new",
            "2026-27",
            "--teams",
            "Royal Oak, Crown, Bell, Red Loin",
        ],
        "don: error: no teams 'Crown', 'Bell', 'Red Loin' (did you mean 'Red Lion'?) in Valleys Don\n  hint: add --create to make the teams near no known one; a new team near a known one is added first with `don team add NAME`\n",
    );
    let made = db.ok(&[
        "season",
        "new",
        "2026-27",
        "--teams",
        "Royal Oak, Crown",
        "--create",
    ]);
    assert!(
        made.contains("  new team Crown\nTeams: Royal Oak, Crown\n"),
        "{made}"
    );
}

/// `--create` makes only teams near no known one: "Royal Oke" beside Royal Oak is refused with
/// "did you mean", and the hint to add `--create` is given only for names near none. A team
/// named twice in `--teams` is refused, naming it.
#[test]
fn season_new_create_refuses_a_team_near_a_known_one_and_a_team_named_twice() {
    let db = two_match_league();
    let season = |teams: &str, create: bool| {
        let mut args = vec!["season", "new", "2026-27", "--teams", teams];
        if create {
            args.push("--create");
        }
        args.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let refuse = |teams: &str, create: bool, needle: &str| {
        let args = season(teams, create);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&db, &args, needle);
    };
    refuse(
        "Royal Oke, Red Lion, Newteam",
        false,
        "don: error: no teams 'Royal Oke' (did you mean 'Royal Oak'?), 'Newteam' in Valleys Don\n  hint: add --create to make the teams near no known one; a new team near a known one is added first with `don team add NAME`\n",
    );
    refuse(
        "Royal Oke, Red Lion, Newteam",
        true,
        "don: error: no team 'Royal Oke' in Valleys Don; did you mean 'Royal Oak'? (--create does not make a team near a known one)\n  hint: if it is a new team, add it first with `don team add NAME`\n",
    );
    refuse(
        "Royal Oke, Red Lyon, Newteam",
        true,
        "don: error: no teams 'Royal Oke' (did you mean 'Royal Oak'?), 'Red Lyon' (did you mean 'Red Lion'?) in Valleys Don (--create does not make a team near a known one)\n  hint: if one is a new team, add it first with `don team add NAME`\n",
    );
    refuse(
        "Royal Oke",
        false,
        "don: error: no team 'Royal Oke' in Valleys Don; did you mean 'Royal Oak'?\n  hint: if it is a new team, add it first with `don team add NAME`\n",
    );
    refuse(
        "Alpha, Alpha",
        true,
        "don: error: --teams names 'Alpha' twice: a team is entered in a season once\n",
    );
    refuse(
        "Red Lion, Royal Oak, red  LION",
        false,
        "don: error: --teams names 'Red Lion' twice (as 'Red Lion' and 'red  LION'): a team is entered in a season once\n",
    );
    // `roster add --create` makes no team near a known one either.
    refused(
        &db,
        &["roster", "add", "Red Lyon", "Ann Jones", "--create"],
        "don: error: no team 'Red Lyon' in Valleys Don; did you mean 'Red Lion'? (--create does not make a team near a known one)\n",
    );
    // A team that really is new is added first; then --create makes the others.
    db.ok(&["team", "add", "Royal Oke"]);
    let args = season("Royal Oke, Red Lion, Newteam", true);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let made = db.ok(&args);
    assert!(
        made.contains("  new team Newteam\nTeams: Royal Oke, Red Lion, Newteam\n"),
        "{made}"
    );
}

/// A player's figures from `stats --json`: (matches, matches won, legs, legs won).
fn figures(db: &Db, player: &str) -> (u64, u64, u64, u64) {
    let lines: Value =
        serde_json::from_str(&db.ok(&["stats", "--player", player, "--json"])).unwrap();
    let line = lines
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["who"] == player)
        .unwrap_or_else(|| panic!("no line for {player} in {lines}"));
    let n = |k: &str| line[k].as_u64().unwrap();
    (n("matches"), n("matches_won"), n("legs"), n("legs_won"))
}

#[test]
fn stats_counts_the_nights_standings_counts_and_names_those_left_out() {
    let db = two_match_league();
    // The table counts the complete night only: Royal Oak 2–0, legs 4–1.
    let table: Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    let row = |team: &str| {
        table
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["team"] == team)
            .unwrap()
            .clone()
    };
    let oak = row("Royal Oak");
    assert_eq!(
        (
            &oak["played"],
            &oak["matches_for"],
            &oak["matches_against"],
            &oak["legs_for"],
            &oak["legs_against"]
        ),
        (
            &Value::from(1),
            &Value::from(2),
            &Value::from(0),
            &Value::from(4),
            &Value::from(1)
        )
    );
    // So does stats: Gareth played one match that counts (2–1 won), not two; Dai lost it.
    assert_eq!(figures(&db, "Gareth"), (1, 1, 3, 2));
    assert_eq!(figures(&db, "Dai"), (1, 0, 3, 1));
    // Summed over the team's players (two a match), the matches won and played are the
    // table's matches for, and for and against.
    let lines: Value =
        serde_json::from_str(&db.ok(&["stats", "--team", "Royal Oak", "--json"])).unwrap();
    let sum = |k: &str| -> u64 {
        lines
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l[k].as_u64().unwrap())
            .sum()
    };
    let (matches_for, matches_against) = (2, 0);
    assert_eq!(
        (sum("matches_won"), sum("matches")),
        (2 * matches_for, 2 * (matches_for + matches_against))
    );
    let out = db.ok(&["stats", "--team", "Royal Oak"]);
    assert!(
        out.ends_with(
            "Left out, as the table leaves them out until they are complete: Red Lion v Royal Oak on 2025-09-11 (1 of 2 matches entered).\n"
        ),
        "{out}"
    );
    // Once the night is complete both count it.
    db.ok(&[
        "night",
        "enter",
        "Red Lion",
        "Royal Oak",
        "--match",
        "don 2; Aled+Bethan; Emrys+Glyn; 2-1",
    ]);
    assert_eq!(figures(&db, "Gareth"), (2, 1, 5, 2));
    assert!(!db.ok(&["stats"]).contains("Left out"));
    let table: Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    assert_eq!(table[0]["played"], 2);
}

#[test]
fn an_adjustment_dated_outside_the_season_is_warned_about() {
    let db = two_match_league();
    let warned = |args: &[&str]| -> String {
        let out = db.run(args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    let err = warned(&[
        "deduct",
        "Red Lion",
        "2",
        "--reason",
        "unregistered player",
        "--date",
        "2026-06-01",
    ]);
    assert_eq!(
        err,
        "warning: it is dated 2026-06-01, outside season 2025-26 (its fixtures run from 2025-09-04 to 2025-09-11); the table counts it from 2026-06-01 (`don undo`, then give --date or --season, if it belongs elsewhere)\n"
    );
    let today = chrono::Local::now().date_naive();
    let err = warned(&["award", "Royal Oak", "1", "--reason", "match conceded late"]);
    assert_eq!(
        err,
        format!("warning: it is dated {today} (today: no --date was given), outside season 2025-26 (its fixtures run from 2025-09-04 to 2025-09-11); the table counts it from {today} (`don undo`, then give --date or --season, if it belongs elsewhere)\n")
    );
    let err = warned(&[
        "deduct",
        "Red Lion",
        "1",
        "--reason",
        "late",
        "--date",
        "2025-09-10",
    ]);
    assert_eq!(err, "");
}

/// The widest line of `don ARGS` (in characters), with `COLUMNS` as given.
fn widest(db: &Db, args: &[&str], columns: Option<&str>) -> usize {
    let mut cmd = db.cmd(args);
    if let Some(c) = columns {
        cmd.env("COLUMNS", c);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
}

#[test]
fn games_and_stats_tables_fit_the_width_they_are_given() {
    let db = Db::new();
    db.import_sample_season();
    db.ok(&[
        "import",
        "examples/nine-card-don.json",
        "examples/season.jsonl",
    ]);
    for args in [
        &["games"][..],
        &["stats"],
        &["stats", "--partnerships", "--top", "5"],
    ] {
        // Piped without COLUMNS: as wide as the rows, as before.
        let natural = widest(&db, args, None);
        assert!(natural > 80, "{args:?}: {natural}");
        for width in [80, 100] {
            let w = widest(&db, args, Some(&width.to_string()));
            assert!(w <= width, "{args:?} at {width} columns: a line of {w}");
        }
    }
    // `--json` keeps every field whatever the width.
    let mut cmd = db.cmd(&["games", "--json"]);
    let json: Value =
        serde_json::from_slice(&cmd.env("COLUMNS", "40").output().unwrap().stdout).unwrap();
    assert!(json[0]["seats"].is_object() && json[0]["final"].is_object());
}

#[test]
fn the_help_says_what_each_argument_is_and_the_usage_shows_no_db_as_required() {
    let db = two_match_league();
    let help = db.ok(&["night", "enter", "--help"]);
    assert!(help.contains("<HOME>  The home team"), "{help}");
    assert!(help.contains("<AWAY>  The away team"), "{help}");
    let help = db.ok(&["deduct", "--help"]);
    assert!(help.contains("<TEAM>    The team"), "{help}");
    // DON_DB is set (Db::cmd sets it): the usage of a command missing an argument does not
    // list --db among what it needs.
    let out = db.run(&["night", "dispute", "Royal Oak", "Red Lion"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("Usage: don night dispute --reason <REASON> <HOME> <AWAY>\n"),
        "{err}"
    );
    // Nor --league when DON_LEAGUE is set; which still picks the league.
    let out = db
        .cmd(&["night", "dispute", "Royal Oak", "Red Lion"])
        .env("DON_LEAGUE", "Valleys Don")
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert!(
        err.contains("Usage: don night dispute --reason <REASON> <HOME> <AWAY>\n"),
        "{err}"
    );
    db.league_new("Abercarn", &[]);
    let out = db
        .cmd(&["standings"])
        .env("DON_LEAGUE", "valleys don")
        .output()
        .unwrap();
    assert!(text(&out.stdout).starts_with("Valleys Don 2025-26\n"));
    let out = db.run(&["standings"]);
    assert_eq!(out.status.code(), Some(2), "two leagues, none named");
    // Counts of one are singular.
    let out = db.run(&[
        "night",
        "enter",
        "Red Lion",
        "Royal Oak",
        "--match",
        "don 2; Aled; Emrys+Glyn; 2-1",
        "--league",
        "Valleys Don",
    ]);
    let err = text(&out.stderr);
    assert!(
        err.contains("don match 2: the home side has 1 player; don is played 2 a side"),
        "{err}"
    );
    let out = db.run(&["new", "nine-card-don", "--seats", "Gareth"]);
    assert!(
        text(&out.stderr)
            .contains("--seats names 1 player; nine-card-don has 4 seats (N, E, S, W)"),
        "{}",
        text(&out.stderr)
    );
    let made = db.ok(&[
        "league",
        "new",
        "Cup",
        "--roster-min",
        "1",
        "--walkover",
        "1",
    ]);
    assert!(
        made.contains("  Roster:       at least 1 player\n"),
        "{made}"
    );
    db.ok(&[
        "season", "new", "2025-26", "--league", "Cup", "--teams", "Crown", "--create",
    ]);
    let out = db.ok(&["league", "show", "--league", "Cup"]);
    assert!(
        out.contains("Season 2025-26: 1 team, 0 fixtures, 0 played\n"),
        "{out}"
    );
}

#[test]
fn roster_add_refuses_a_slip_for_a_known_player_unless_said_new() {
    let db = Db::new();
    db.league_new("Valleys Don", &[]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    db.roster_add("Red Lion", &["Ivor James", "Dai Morgan"]);
    let before = db.dump();
    let out = db.run(&["roster", "add", "Royal Oak", "Ivor Jams"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "don: error: Ivor Jams is not a player of the league; did you mean 'Ivor James'? (if Ivor Jams is someone new, say so with --new-player 'Ivor Jams')\n"
    );
    assert_eq!(db.dump(), before, "a refused roster add changes nothing");
    // Said to be someone new, the name is taken as typed.
    let said = db.ok(&[
        "roster",
        "add",
        "Royal Oak",
        "Ivor Jams",
        "--new-player",
        "ivor jams",
    ]);
    assert_eq!(
        said,
        "Royal Oak (2025-26): Ivor Jams added; 1 on the roster.\n"
    );
    // A known player (any case) is no slip, but plays for Red Lion: one team a season
    // (RULES.md §9).
    refused(
        &db,
        &["roster", "add", "Royal Oak", "ivor james"],
        "Ivor James plays for Red Lion in 2025-26",
    );
}

/// A count, figure or score as a table shows it: `17`, `0.0`, `82`, `132–0`, `45–55–121`, a
/// leg's `121-95`, a date's `2025-09-04` (not a piece of a game's id such as `024-03`).
fn is_number(w: &str) -> bool {
    let plain = |n: &str| {
        !n.is_empty()
            && n.chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '%')
            && (n == "0" || !n.starts_with('0'))
    };
    let date = |w: &str| {
        let parts: Vec<&str> = w.split('-').collect();
        parts.len() == 3
            && [4, 2, 2] == [parts[0].len(), parts[1].len(), parts[2].len()]
            && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit()))
    };
    w.split('–').all(plain) || w.split('-').all(plain) || date(w)
}

/// The numbers of an output (see [`is_number`]), in order: a number broken across two lines
/// of a cell shows as two pieces, or as none. `games` is read without its first column, the
/// game's number and id: an id too long for its column breaks (`…-leg` and `1`).
fn numbers(args: &[&str], out: &str) -> Vec<String> {
    let out: String = if args == ["games"] {
        out.lines()
            .map(|l| l.split_once('┆').map_or(l, |(_, rest)| rest))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        out.to_string()
    };
    let mut words: Vec<String> = out
        .split(|c: char| c.is_whitespace() || "│┆|".contains(c))
        .map(|w| w.trim_matches(|c: char| "(),;:".contains(c)))
        .map(|w| w.strip_suffix('.').unwrap_or(w))
        .filter(|w| is_number(w))
        .map(str::to_string)
        .collect();
    words.sort();
    words
}

/// `don ARGS` with `COLUMNS` as given (none: piped, as wide as its rows).
fn output(db: &Db, args: &[&str], columns: Option<u16>) -> String {
    let mut cmd = db.cmd(args);
    match columns {
        Some(c) => cmd.env("COLUMNS", c.to_string()),
        None => cmd.env_remove("COLUMNS"),
    };
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn every_terminal_table_fits_the_width_with_its_numbers_whole() {
    // At 60 columns (and 80, 100) every table fits, and no figure is broken.
    let small = two_match_league();
    small.ok(&[
        "roster",
        "add",
        "Royal Oak",
        "Bartholomew Featherstonehaugh-Smythe",
    ]);
    small.ok(&[
        "import",
        "examples/nine-card-don.json",
        "examples/season.jsonl",
    ]);
    let sample = Db::new();
    sample.import_sample_season();
    sample.ok(&[
        "import",
        "examples/nine-card-don.json",
        "examples/season.jsonl",
    ]);
    let commands: [&[&str]; 15] = [
        &["log"],
        &["fixtures", "list"],
        &["team", "list"],
        &["roster", "show"],
        &["standings"],
        &["games"],
        &["stats"],
        &["stats", "--partnerships", "--top", "5"],
        &["stats", "--kind", "don"],
        &["show", "1"],
        &["show", "3"],
        &["show", "5"],
        &["stats", "--top", "5", "--by", "win-rate"],
        &["check", "examples/nine-card-don.json"],
        &["history"],
    ];
    for (db, night) in [
        (&small, ["Royal Oak", "Red Lion"]),
        (&sample, ["Royal Oak", "Cwmcarn Hotel"]),
    ] {
        let night: &[&str] = &["night", "show", night[0], night[1]];
        for args in commands.iter().copied().chain([night]) {
            let natural = output(db, args, None);
            for width in [60, 80, 100] {
                let fitted = output(db, args, Some(width));
                // The table's lines (a note under it is prose, wrapped by the terminal).
                let table_lines = fitted
                    .lines()
                    .filter(|l| l.starts_with(['┌', '│', '╞', '├', '└']));
                for line in table_lines {
                    assert!(
                        line.chars().count() <= usize::from(width),
                        "{args:?} at {width} columns: a line of {}:\n{fitted}",
                        line.chars().count()
                    );
                }
                assert_eq!(
                    numbers(args, &natural),
                    numbers(args, &fitted),
                    "{args:?} at {width} columns broke a number:\n{fitted}"
                );
            }
        }
    }
}

#[test]
fn stats_at_a_hundred_columns_keeps_a_player_to_one_line() {
    let db = Db::new();
    db.import_sample_season();
    let out = output(&db, &["stats"], Some(100));
    assert!(out.contains("│ Eirian Harries "), "{out}");
    // No hands recorded: no empty Hands and Pts/hand columns.
    assert!(!out.contains("Hands") && !out.contains("Pts/hand"), "{out}");
    // With --kind the heading says the kind and the lines do not.
    let out = output(&db, &["stats", "--kind", "single-crib"], Some(100));
    assert!(
        out.starts_with("Abercarn Crib and Don League 2025-26, single-crib\n"),
        "{out}"
    );
    assert!(!out.contains("Kind"), "{out}");
}

#[test]
fn stats_counts_a_withdrawn_teams_nights_and_says_so() {
    let db = two_match_league();
    db.ok(&["withdraw", "Red Lion", "--date", "2025-09-20"]);
    // The table leaves out Royal Oak v Red Lion: Royal Oak has played no night that counts.
    let table: Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    assert_eq!(table.as_array().unwrap().len(), 1, "{table}");
    assert_eq!(
        (&table[0]["team"], &table[0]["played"]),
        (&Value::from("Royal Oak"), &Value::from(0))
    );
    // The figures count it (Gareth won 2–1 in legs, Dai lost it), and say so.
    assert_eq!(figures(&db, "Gareth"), (1, 1, 3, 2));
    assert_eq!(figures(&db, "Dai"), (1, 0, 3, 1));
    let out = db.ok(&["stats"]);
    assert!(
        out.ends_with(
            "Left out, as the table leaves them out until they are complete: Red Lion v Royal Oak on 2025-09-11 (1 of 2 matches entered).\n\
             Counted, though the table leaves them out: the nights of Red Lion, withdrawn on 2025-09-20.\n"
        ),
        "{out}"
    );
    // Before the withdrawal nothing is said.
    db.ok(&["undo"]);
    assert!(!db.ok(&["stats"]).contains("Counted, though"));
}

#[test]
fn a_fixture_moved_to_its_own_date_and_a_log_of_no_changes_say_so_plainly() {
    let db = Db::new();
    db.league_new("Valleys Don", &[]);
    db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", "2025-09-04"]);
    let before = db.dump();
    let said = db.ok(&["fixtures", "move", "1", "2025-09-04"]);
    assert_eq!(
        said,
        "Fixture 1: Royal Oak v Red Lion is on 2025-09-04 already; nothing is changed.\n"
    );
    assert_eq!(db.dump(), before, "no change, nothing in the log");
    // `--limit 0` is a usage error, not "No changes yet." on a database that has changes.
    let out = db.run(&["log", "--limit", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--limit"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_night_before_a_team_withdrew_is_entered_on_its_fixture_without_a_date() {
    // Before: with no --date, any withdrawal refused the night, "its nights from then on are
    // not played", though the fixture was dated before it.
    let db = Db::new();
    db.league_new("Valleys Don", &[]);
    db.season_new("2025-26", &["A", "B", "C"]);
    db.fixtures_generate("2025-09-01", "thu");
    db.ok(&["withdraw", "B", "--date", "2025-09-20"]);
    let said = db.ok(&["night", "enter", "A", "B", "--totals", "5-4"]);
    assert!(said.ends_with("A v B on 2025-09-18: 5–4.\n"), "{said}");
    // After the withdrawal it is still refused.
    let out = db.run(&["night", "enter", "C", "B", "--totals", "5-4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("B withdrew from season 2025-26 on 2025-09-20"),
        "{}",
        text(&out.stderr)
    );
}

/// The width (padding included) of each column of a table, by its header's first line, from the
/// table's top border: `[("Pos", 5), ("Team", 13), …]`.
fn column_widths(out: &str) -> Vec<(String, usize)> {
    let mut lines = out.lines().skip_while(|l| !l.starts_with('┌'));
    let top = lines.next().expect("a table");
    let head = lines.next().unwrap();
    let widths = top
        .trim_start_matches('┌')
        .trim_end_matches('┐')
        .split('┬')
        .map(|c| c.chars().count());
    let heads = head
        .trim_start_matches('│')
        .trim_end_matches('│')
        .split('┆')
        .map(|h| h.trim().to_string());
    heads.zip(widths).collect()
}

#[test]
fn at_sixty_columns_the_names_keep_six_characters_and_no_figure_is_broken() {
    let db = Db::new();
    db.import_sample_season();
    db.ok(&[
        "import",
        "examples/nine-card-don.json",
        "examples/season.jsonl",
    ]);
    let cases: [(&[&str], u16, &[&str]); 5] = [
        (&["standings"], 60, &["Team"]),
        (
            &["stats", "--top", "5", "--by", "win-rate"],
            60,
            &["Player", "Team"],
        ),
        (&["stats"], 60, &["Player", "Team"]),
        (&["fixtures", "list"], 50, &["Home", "Away"]),
        (&["show", "5"], 60, &[]),
    ];
    for (args, width, names) in cases {
        let out = output(&db, args, Some(width));
        for line in out.lines().filter(|l| l.starts_with(['┌', '│', '╞', '└'])) {
            assert!(
                line.chars().count() <= usize::from(width),
                "{args:?} at {width}: a line of {}:\n{out}",
                line.chars().count()
            );
        }
        let columns = column_widths(&out);
        for name in names {
            let Some((_, w)) = columns.iter().find(|(h, _)| h == name) else {
                panic!("{args:?} at {width}: no {name} column:\n{out}");
            };
            assert!(
                *w >= 6 + 2,
                "{args:?} at {width}: {name} is {w} wide:\n{out}"
            );
        }
        assert_eq!(
            numbers(args, &output(&db, args, None)),
            numbers(args, &out),
            "{args:?} at {width} broke a number:\n{out}"
        );
    }
    // The figures' headers are shortened rather than broken, and the empty Round column (the
    // sample's fixtures have no rounds) is left out at 50 columns.
    let out = output(&db, &["standings"], Some(60));
    let heads: Vec<String> = column_widths(&out).into_iter().map(|(h, _)| h).collect();
    assert_eq!(
        heads,
        ["Pos", "Team", "P", "W", "D", "L", "F", "A", "LF", "LA", "Pts"],
        "{out}"
    );
    let out = output(&db, &["fixtures", "list"], Some(50));
    let heads: Vec<String> = column_widths(&out).into_iter().map(|(h, _)| h).collect();
    assert_eq!(heads[..4], ["No.", "Date", "Home", "Away"], "{out}");
    assert!(out.contains("┆ 8–1 "), "{out}");
    // A game's entry times: the date and the time each whole.
    let out = output(&db, &["show", "5"], Some(60));
    assert!(!out.contains("┆ 202 ") && !out.contains("Pitc\n"), "{out}");
    let stamps = out
        .lines()
        .filter(|l| l.starts_with('│'))
        .filter_map(|l| l.trim_end_matches('│').rsplit('┆').next())
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .skip(1);
    for cell in stamps {
        let date = cell.len() == 10 && cell.as_bytes()[4] == b'-';
        let time = cell.len() == 5 && cell.as_bytes()[2] == b':';
        assert!(date || time, "{cell:?} in\n{out}");
    }
}

/// The hint after `league new` names the league in single quotes a shell takes back as typed:
/// a `'` in it is written `'\''` (it was `'x'); DROP …'`, which a shell reads otherwise), and the
/// hinted command, pasted into a shell, finds the league.
#[test]
fn the_hint_after_league_new_quotes_the_name_for_a_shell() {
    let db = Db::new();
    let name = "x'); DROP TABLE leagues; -- $(echo no) `echo no` \"y\"";
    let made = db.ok(&["league", "new", name]);
    let hint = made
        .lines()
        .find_map(|l| l.strip_prefix("Begin a season with: don season new NAME --league "))
        .unwrap_or_else(|| panic!("{made}"));
    assert_eq!(
        hint,
        r#"'x'\''); DROP TABLE leagues; -- $(echo no) `echo no` "y"'"#
    );
    let command = format!(
        "\"$DON\" season new 2025-26 --league {hint} && \"$DON\" season list --league {hint}"
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &command])
        .env("DON", env!("CARGO_BIN_EXE_don"))
        .env("DON_DB", &db.path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("2025-26"),
        "{}",
        text(&out.stdout)
    );
}

/// `don deduct`/`don award` and an adjustments file take the same bound (1 to 99999 points
/// either way) and say a number past it in the same words.
#[test]
fn deduct_award_and_an_adjustments_file_share_one_bound_and_one_message() {
    let db = two_match_league();
    let said = db.ok(&[
        "deduct",
        "Red Lion",
        "99999",
        "--reason",
        "x",
        "--date",
        "2025-09-10",
    ]);
    assert!(said.contains("99999"), "{said}");
    let file = db.dir().join("adjustments.csv");
    std::fs::write(
        &file,
        "season,date,team,adjustment,reason\n2025-26,2025-09-10,Royal Oak,+99999,y\n",
    )
    .unwrap();
    db.ok(&["import", file.to_str().unwrap()]);
    let before = db.dump();
    let why = "is out of range: an adjustment is at most 99999 points either way";
    for cmd in ["deduct", "award"] {
        let out = db.run(&[cmd, "Red Lion", "100000", "--reason", "x"]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            text(&out.stderr),
            format!("don: error: POINTS `100000` {why}\n")
        );
    }
    std::fs::write(
        &file,
        "season,date,team,adjustment,reason\n2025-26,2025-09-10,Royal Oak,-100000,y\n",
    )
    .unwrap();
    let out = db.run(&["import", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(&format!("`-100000` {why}\n")),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(db.dump(), before);
}

/// Each command's `--season` help says what that command takes without it (not one sentence
/// for all, nor "the league's latest", which no command takes).
#[test]
fn each_command_s_season_help_says_its_own_default() {
    let db = two_match_league();
    let season_help = |args: &[&str]| -> String {
        let mut args = args.to_vec();
        args.push("--help");
        let help = db.ok(&args);
        assert!(!help.contains("latest season"), "{args:?}: {help}");
        assert!(!help.contains("league's latest"), "{args:?}: {help}");
        help.lines()
            .find(|l| l.trim_start().starts_with("-s, --season"))
            .map(|l| l.split_once("> ").unwrap().1.trim().to_string())
            .unwrap_or_else(|| panic!("{args:?}: {help}"))
    };
    let night = "The season [default: the one whose dates hold the night's --date (told apart by the teams' fixture on it when seasons overlap); without --date, the current one]";
    for c in ["enter", "show", "correct", "confirm", "dispute"] {
        assert_eq!(season_help(&["night", c]), night, "night {c}");
    }
    let dated = "The season [default: the one whose dates hold --date (today without it), else the one ended last before it, else the current one]";
    for c in ["deduct", "award", "withdraw"] {
        assert_eq!(season_help(&[c]), dated, "{c}");
    }
    assert_eq!(
        season_help(&["team", "add"]),
        "The season to enter the team in [default: none: the team is added to the league only]"
    );
    assert_eq!(
        season_help(&["fixtures", "generate"]),
        "The season to plan [default: the one season with no fixtures yet]"
    );
    assert_eq!(
        season_help(&["fixtures", "add"]),
        "The season [default: the one whose dates hold DATE, else the current one]"
    );
    for c in ["move", "cancel"] {
        assert_eq!(
            season_help(&["fixtures", c]),
            "The season [default: the one that holds the fixture]"
        );
    }
    assert_eq!(
        season_help(&["stats"]),
        "The season [default: the current one, whose fixtures' dates hold today, else the latest by dates]"
    );
    let help = db.ok(&["season", "new", "--help"]);
    assert!(
        help.contains("Enter the teams of the season made last (those not withdrawn from it)"),
        "{help}"
    );
    let help = db.ok(&["publish", "--help"]);
    assert!(
        help.contains("page shows (by default the current one, whose fixtures' dates hold today"),
        "{help}"
    );
}
