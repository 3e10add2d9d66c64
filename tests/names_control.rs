//! Control characters in names and free text: refused at entry by every command that takes a
//! name or a reason (exit 2, the database as it was), and, whatever a database holds, never
//! sent raw to the terminal by any command's text output.

use crate::common;

use common::db::Db;
use common::text;

const LEAGUE: &str = "Abercarn Crib and Don League";

/// A league with a season of three teams (Royal Oak's roster short), a complete night by
/// totals disputed by Fox and Hounds, a night of Royal Oak v Red Lion begun match by match, a
/// deduction, and a game of Nine Card Don.
fn setup() -> Db {
    let db = Db::new();
    db.ok(&["league", "new", LEAGUE]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Royal Oak, Red Lion",
        "--create",
    ]);
    db.ok(&[
        "team",
        "add",
        "Fox and Hounds",
        "--venue",
        "The Fox, Crumlin",
        "--season",
        "2025-26",
    ]);
    db.ok(&["roster", "add", "Royal Oak", "Gareth", "Rhys"]);
    db.ok(&["roster", "add", "Red Lion", "Dai", "Huw"]);
    db.ok(&[
        "night",
        "enter",
        "Red Lion",
        "Fox and Hounds",
        "--date",
        "2025-09-11",
        "--totals",
        "5-4",
    ]);
    db.ok(&[
        "night",
        "dispute",
        "Red Lion",
        "Fox and Hounds",
        "--reason",
        "single crib 2 was ours",
    ]);
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-87 96-121 121-110",
    ]);
    db.ok(&[
        "deduct",
        "Red Lion",
        "2",
        "--reason",
        "unregistered player",
        "--date",
        "2025-10-01",
    ]);
    db.ok(&["import", "examples/nine-card-don.json"]);
    db
}

fn refused(db: &Db, args: &[&str], needle: &str) {
    let out = common::db::refused(db, args, 2, needle);
    assert_clean(args, &out.stdout, &out.stderr);
}

/// No byte that acts on a terminal (any control character but the line feed; C1 and the marks
/// that reorder a line) in either stream.
fn assert_clean(args: &[&str], stdout: &[u8], stderr: &[u8]) {
    for (stream, bytes) in [("stdout", stdout), ("stderr", stderr)] {
        let s = text(bytes);
        if let Some(c) = s.chars().find(|&c| {
            (c.is_control() && c != '\n')
                || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        }) {
            panic!("don {args:?}: {c:?} raw on {stream}:\n{s}");
        }
    }
}

#[test]
fn every_name_and_reason_with_a_control_character_is_refused_at_entry() {
    let db = setup();
    let esc = "\u{1b}[31m";
    let control = "has a control character";
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["league".into(), "new".into(), format!("Valleys{esc}Don")],
            format!(
                "the league's name \"Valleys\\u{{1b}}[31mDon\" {control} (U+001B, character 8)"
            ),
        ),
        (
            vec!["season".into(), "new".into(), "2026\r-27".into()],
            format!("the season's name \"2026\\r-27\" {control} (U+000D, character 5)"),
        ),
        (
            vec![
                "season".into(),
                "new".into(),
                "2026-27".into(),
                "--teams".into(),
                "Royal Oak, Crown\u{7}".into(),
                "--create".into(),
            ],
            format!("the team's name \"Crown\\u{{7}}\" {control} (U+0007, character 6)"),
        ),
        (
            vec!["team".into(), "add".into(), "Red\nDragon".into()],
            format!("the team's name \"Red\\nDragon\" {control} (U+000A, character 4)"),
        ),
        (
            vec!["team".into(), "add".into(), "\u{200b} \u{feff}".into()],
            "has nothing visible in it".into(),
        ),
        (
            vec![
                "team".into(),
                "add".into(),
                "Crown".into(),
                "--venue".into(),
                "Crown\u{9b}0m, Risca".into(),
            ],
            format!("the venue \"Crown\\u{{9b}}0m, Risca\" {control} (U+009B, character 6)"),
        ),
        (
            vec![
                "team".into(),
                "venue".into(),
                "Royal Oak".into(),
                "Royal Oak\u{202e}kaO".into(),
            ],
            "the venue \"Royal Oak\\u{202e}kaO\" has a mark that reorders the line (U+202E, character 10)".to_string(),
        ),
        (
            vec![
                "roster".into(),
                "add".into(),
                "Royal Oak".into(),
                "Emrys".into(),
                format!("Glyn{esc}"),
            ],
            format!("the player's name \"Glyn\\u{{1b}}[31m\" {control} (U+001B, character 5)"),
        ),
        (
            vec![
                "night".into(),
                "enter".into(),
                "Royal Oak".into(),
                "Red Lion".into(),
                "--match".into(),
                "don 2; Gareth+Rh\u{7f}ys; Dai+Huw; 2-0".into(),
            ],
            format!(
                "--match 1: the player's name \"Rh\\u{{7f}}ys\" {control} (U+007F, character 3)"
            ),
        ),
        (
            vec![
                "night".into(),
                "dispute".into(),
                "Red Lion".into(),
                "Fox and Hounds".into(),
                "--reason".into(),
                "not\u{7} ours".into(),
            ],
            format!("--reason \"not\\u{{7}} ours\" {control} (U+0007, character 4)"),
        ),
        (
            vec![
                "deduct".into(),
                "Red Lion".into(),
                "1".into(),
                "--reason".into(),
                "late\rforged".into(),
            ],
            format!("the reason \"late\\rforged\" {control} (U+000D, character 5)"),
        ),
        (
            vec![
                "award".into(),
                "Red Lion".into(),
                "1".into(),
                "--reason".into(),
                format!("{esc}conceded"),
            ],
            format!("the reason \"\\u{{1b}}[31mconceded\" {control} (U+001B, character 1)"),
        ),
        (
            vec![
                "new".into(),
                "nine-card-don".into(),
                "--seats".into(),
                format!("Gareth, Dai{esc}, Rhys, Huw"),
            ],
            format!("--seats \"Dai\\u{{1b}}[31m\" {control} (U+001B, character 4)"),
        ),
        (
            vec![
                "new".into(),
                "nine-card-don".into(),
                "--north".into(),
                "Gar\u{7}eth".into(),
            ],
            format!("--north \"Gar\\u{{7}}eth\" {control} (U+0007, character 4)"),
        ),
        (
            vec![
                "new".into(),
                "nine-card-don".into(),
                "--west".into(),
                "Huw\n".into(),
            ],
            format!("--west \"Huw\\n\" {control} (U+000A, character 4)"),
        ),
        (
            vec![
                "new".into(),
                "nine-card-don".into(),
                "--venue".into(),
                "Fox\rHounds".into(),
            ],
            format!("--venue \"Fox\\rHounds\" {control} (U+000D, character 4)"),
        ),
    ];
    for (args, needle) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&db, &args, needle);
    }
}

#[test]
fn a_results_file_with_a_control_character_is_a_fault_at_its_line_and_column() {
    let db = Db::new();
    db.ok(&["league", "new", LEAGUE]);
    let file = db.dir().join("rosters.csv");
    std::fs::write(
        &file,
        "season,team,player\n2025-26,Royal Oak,Gareth Jones\n2025-26,Royal Oak,Rhys\u{1b}[2J\n2025-26,Red\u{7}Lion,Dai\n",
    )
    .unwrap();
    let matches = db.dir().join("matches.csv");
    std::fs::write(
        &matches,
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs\n2025-26,2025-09-04,Royal Oak,Red Lion,don,1,Gareth+Rh\u{1b}ys,Dai+Huw,2,0\n",
    )
    .unwrap();
    let adjustments = db.dir().join("adjustments.csv");
    std::fs::write(
        &adjustments,
        "season,date,team,adjustment,reason\n2025-26,2025-11-20,Red Lion,-2,late\u{9b}\n",
    )
    .unwrap();
    let before = db.dump();
    for (path, faults) in [
        (
            &file,
            vec![
                "line 3, column 3 (player): `player` has a control character (U+001B, character 5)",
                "line 4, column 2 (team): `team` has a control character (U+0007, character 4)",
            ],
        ),
        (
            &matches,
            vec!["line 2, column 7 (home_players): `home_players` has a control character (U+001B, character 3)"],
        ),
        (
            &adjustments,
            vec!["line 2, column 5 (reason): `reason` has a control character (U+009B, character 5)"],
        ),
    ] {
        let out = db.run(&[
            "import",
            path.to_str().unwrap(),
            "--league",
            LEAGUE,
            "--create",
        ]);
        let err = text(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{err}");
        for f in faults {
            assert!(err.contains(f), "wanted {f:?} in {err}");
        }
        assert_clean(&["import"], &out.stdout, &out.stderr);
        assert_eq!(before, db.dump());
    }
}

/// Royal Oak's name as planted.
const ROYAL: &str = "Royal \u{1b}]0;pwned\u{7}\u{1b}[31mOak";
/// Red Lion's name as planted.
const RED: &str = "Red\nLion\u{202e}";

/// Names, a venue and reasons given control characters behind don's back, as an old or
/// tampered database might hold them.
fn plant(db: &Db) {
    let bad = "char(27) || ']0;pwned' || char(7) || char(27) || '[31m'";
    for statement in [
        format!("UPDATE leagues SET name = 'Aber' || {bad} || 'carn'"),
        "UPDATE seasons SET name = '2025' || char(13) || '-26'".to_string(),
        format!("UPDATE teams SET name = 'Royal ' || {bad} || 'Oak', venue = 'Oak' || char(155) || 'x' WHERE key = 'royal oak'"),
        "UPDATE teams SET name = 'Red' || char(10) || 'Lion' || char(8238) WHERE key = 'red lion'".to_string(),
        format!("UPDATE teams SET venue = 'Fox' || {bad} WHERE key = 'fox and hounds'"),
        format!("UPDATE players SET name = name || {bad}"),
        format!("UPDATE adjustments SET reason = 'late' || char(13) || 'forged' || {bad}"),
        format!("UPDATE confirmations SET reason = 'ours' || {bad} WHERE reason IS NOT NULL"),
    ] {
        db.sql(&statement);
    }
}

#[test]
fn no_command_sends_a_control_character_from_the_database_to_the_terminal() {
    let db = setup();
    plant(&db);
    let (royal, red, fox) = (ROYAL, RED, "Fox and Hounds");
    let commands: &[&[&str]] = &[
        &["league", "show"],
        &["league", "list"],
        &["league", "set", "--roster-min", "4"],
        &["season", "list"],
        &["team", "list"],
        &["roster", "show"],
        &["roster", "show", royal],
        &["fixtures", "list"],
        &["fixtures", "list", "--team", royal],
        &["night", "show", royal, red],
        &["night", "show", red, fox],
        &["standings"],
        &["standings", "--csv"],
        &["standings", "--explain", "--withdrawn"],
        &["stats"],
        &["stats", "--partnerships"],
        &["stats", "--top", "3"],
        &["history"],
        &["games"],
        &["log"],
        // JSON and records: the same characters written as `\\uXXXX` escapes.
        &["standings", "--json"],
        &["stats", "--json"],
        &["history", "--json"],
        &["games", "--json"],
        &["export"],
        &[
            "export",
            "--league",
            "Aber\u{1b}]0;pwned\u{7}\u{1b}[31mcarn",
        ],
        &[
            "team",
            "add",
            "Crown",
            "--venue",
            "Crown, Risca",
            "--season",
            "2025\r-26",
        ],
        &["team", "venue", royal, "Royal Oak, Newbridge"],
        &["roster", "add", royal, "Emrys", "Gareth"],
        &["roster", "remove", royal, "Emrys"],
        &["fixtures", "add", royal, fox, "2025-10-09"],
        &["fixtures", "move", "3", "2025-10-16"],
        &["fixtures", "cancel", "3"],
        &["undo"],
        &[
            "night",
            "enter",
            royal,
            red,
            "--match",
            "don 2; Gareth+Rhys; Dai+Huw; 2-0",
        ],
        &[
            "night",
            "enter",
            fox,
            royal,
            "--date",
            "2025-09-18",
            "--walkover",
            "away",
        ],
        &["night", "confirm", fox, royal],
        &[
            "night", "dispute", red, fox, "--reason", "ours", "--by", fox,
        ],
        &["night", "confirm", red, fox, "--by", fox],
        &[
            "deduct",
            royal,
            "1",
            "--reason",
            "late",
            "--date",
            "2025-10-01",
        ],
        &[
            "award",
            royal,
            "1",
            "--reason",
            "early",
            "--date",
            "2025-10-01",
        ],
        &["standings", "--explain"],
        &["withdraw", red, "--date", "2025-12-01"],
        &["standings", "--withdrawn"],
        &["log"],
        &["season", "new", "2026-27", "--same-teams"],
        &[
            "season",
            "new",
            "2027-28",
            "--teams",
            &format!("{royal}, {fox}"),
        ],
        &["team", "list"],
    ];
    for args in commands {
        let out = db.run(args);
        assert!(
            out.status.success(),
            "don {args:?} failed: {}",
            text(&out.stderr)
        );
        assert_clean(args, &out.stdout, &out.stderr);
    }
    // At the prompt: the labels, what is said of each match and the night's line.
    let mut child = db.spawn(&[
        "night",
        "enter",
        royal,
        fox,
        "--date",
        "2025-10-30",
        "--season",
        "2027-28",
    ]);
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(b"Gareth+Rhys\nCarys+Dafydd\n2-1\n\n")
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("don 1: Royal \\u{1b}]0;pwned\\u{7}\\u{1b}[31mOak players >"),
        "{}",
        text(&out.stderr)
    );
    assert_clean(
        &["night", "enter", "(at the prompt)"],
        &out.stdout,
        &out.stderr,
    );
    // A refusal names the planted team and suggests the planted player, escaped.
    for args in [
        &["roster", "add", "Royal Oke", "Emrys"][..],
        &[
            "night",
            "enter",
            royal,
            red,
            "--match",
            "don 3; Garet+Rhys; Dai+Huw; 2-0",
        ][..],
    ] {
        let out = db.run(args);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_clean(args, &out.stdout, &out.stderr);
    }
    // The CSV of the table is for spreadsheets, not terminals, but is as often shown on one.
    let csv = db.ok(&["standings", "--csv", "--season", "2025\r-26"]);
    assert!(
        csv.contains("\"Royal \\u{1b}]0;pwned\\u{7}\\u{1b}[31mOak\","),
        "{csv}"
    );
    // What was planted is shown, escaped.
    let list = db.ok(&["league", "list"]);
    assert!(
        list.starts_with(
            "Aber\\u{1b}]0;pwned\\u{7}\\u{1b}[31mcarn: 3 seasons, 2025\\r-26, 2026-27, 2027-28"
        ),
        "{list}"
    );
    let show = db.ok(&["night", "show", royal, red, "--season", "2025\r-26"]);
    assert!(
        show.starts_with(
            "Royal \\u{1b}]0;pwned\\u{7}\\u{1b}[31mOak v Red\\nLion\\u{202e}, Thu 4 Sep 2025"
        ),
        "{show}"
    );
}

#[test]
fn white_space_control_characters_are_refused_not_made_spaces() {
    let db = setup();
    for (c, code) in [
        ("\r", "U+000D"),
        ("\t", "U+0009"),
        ("\n", "U+000A"),
        ("\u{b}", "U+000B"),
        ("\u{85}", "U+0085"),
    ] {
        let teams = format!("Alpha, Fake{c}line");
        refused(
            &db,
            &["season", "new", "S2", "--teams", &teams, "--create"],
            &format!(
                "the team's name \"Fake{}line\" has a control character ({code}, character 5)",
                c.escape_debug()
            ),
        );
        let player = format!("Gareth{c}Jones");
        refused(
            &db,
            &[
                "roster",
                "add",
                "Royal Oak",
                &player,
                "--new-player",
                &player,
            ],
            &format!("has a control character ({code}, character 7)"),
        );
    }
    assert!(!db.ok(&["team", "list"]).contains("Fake"));
}

#[test]
fn a_results_file_keeps_a_line_break_in_a_quoted_cell_and_refuses_other_white_space_controls() {
    let db = Db::new();
    db.ok(&["league", "new", LEAGUE]);
    let file = db.dir().join("rosters.csv");
    let before = db.dump();
    for (c, code) in [
        ("\t", "U+0009"),
        ("\r", "U+000D"),
        ("\u{b}", "U+000B"),
        ("\u{85}", "U+0085"),
    ] {
        std::fs::write(
            &file,
            format!("season,team,player\n2025-26,Royal Oak,Gareth Jones\n2025-26,\"Red{c}Lion\",Dai\n2025-26,Red Lion,\"Huw{c}Lloyd\"\n"),
        )
        .unwrap();
        let out = db.run(&[
            "import",
            file.to_str().unwrap(),
            "--league",
            LEAGUE,
            "--create",
        ]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        for fault in [
            format!(
                "line 3, column 2 (team): `team` has a control character ({code}, character 4)"
            ),
            format!(
                "line 4, column 3 (player): `player` has a control character ({code}, character 4)"
            ),
        ] {
            assert!(err.contains(&fault), "wanted {fault:?} in {err}");
        }
        assert_eq!(before, db.dump());
    }
    // A line break in a quoted cell is a spreadsheet's line within the cell: one space.
    std::fs::write(
        &file,
        "season,team,player\n2025-26,\"Red\r\nLion\",Dai\n2025-26,\"Red\nLion\",Huw\n",
    )
    .unwrap();
    db.ok(&[
        "import",
        file.to_str().unwrap(),
        "--league",
        LEAGUE,
        "--create",
    ]);
    let out = db.ok(&["roster", "show"]);
    assert!(out.contains("│ Red Lion ┆"), "{out}");
}

#[test]
fn a_name_longer_than_a_results_file_may_hold_is_refused_wherever_it_is_typed() {
    // A results file refuses a name of more than 100 characters; typed in, it is refused
    // too, so what is kept can always be exported and imported back.
    let db = Db::four_teams_scheduled();
    let long = "A".repeat(101);
    let before = db.dump();
    let said = |args: &[&str]| {
        let out = db.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        text(&out.stderr)
    };
    let shown = format!(
        "\"{}… (61 characters more)\" is 101 characters long: a name may have at most 100",
        "A".repeat(40)
    );
    assert_eq!(
        said(&["team", "add", &long]),
        format!("don: error: the team's name {shown}\n")
    );
    assert_eq!(
        said(&["roster", "add", "A", &long]),
        format!("don: error: the player's name {shown}\n")
    );
    assert_eq!(
        said(&["league", "new", &long]),
        format!("don: error: the league's name {shown}\n")
    );
    assert_eq!(
        said(&["season", "new", &long]),
        format!("don: error: the season's name {shown}\n")
    );
    let out = db.run(&[
        "night",
        "enter",
        "A",
        "B",
        "--date",
        "2025-09-18",
        "--match",
        &format!("don 1; {long}+X; Y+Z; 2-0"),
    ]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains(&format!("the player's name {shown}")),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(db.dump(), before);
    // A hundred characters is a name.
    db.ok(&["team", "add", &"B".repeat(100)]);
}

#[test]
fn an_id_a_game_number_would_hide_and_text_without_bound_are_refused_at_don_new() {
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--seats", "E, F, G, H"]);
    let before = db.dump();
    let said = |args: &[&str]| {
        let out = db.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        text(&out.stderr)
    };
    let new = |more: &[&str]| {
        let mut args = vec!["new", "nine-card-don"];
        if !more.contains(&"--seats") {
            args.extend_from_slice(&["--seats", "E, F, G, H"]);
        }
        args.extend_from_slice(more);
        said(&args)
    };
    // `don show ' 1 '`, `'+1'` and `'#1'` all reach game 1.
    assert_eq!(
        new(&["--id", " 1 "]),
        "don: error: --id \" 1 \": an id has no spaces around it\n"
    );
    for id in ["+1", "#1", "1"] {
        assert_eq!(
            new(&["--id", id]),
            format!("don: error: --id {id}: an id that reads as a number would be taken for a game's number; give it a letter or more (as `game-1`)\n")
        );
    }
    // A seat of a blank braille pattern, or of an accent alone, shows nothing.
    assert_eq!(
        new(&["--seats", "\u{2800}, F, G, H"]),
        "don: error: --seats \"\u{2800}\" has nothing visible in it\n"
    );
    assert_eq!(
        new(&["--seats", "\u{301}, F, G, H"]),
        "don: error: --seats \"\u{301}\" has nothing visible in it\n"
    );
    // A zero-width space inside a name is not another person.
    assert_eq!(
        new(&["--seats", "Gar\u{200b}eth, F, Gareth, H"]),
        "don: error: Gar\u{200b}eth (as Gareth) is named for two seats, N and S: one player sits in one seat\n"
    );
    // Names and text are bounded.
    let long_name = "A".repeat(101);
    assert_eq!(
        new(&["--seats", &format!("{long_name}, F, G, H")]),
        format!("don: error: --seats \"{}… (61 characters more)\" is 101 characters long: a name may have at most 100\n", "A".repeat(40))
    );
    let long_venue = "v".repeat(4097);
    assert_eq!(
        new(&["--venue", &long_venue]),
        format!("don: error: --venue \"{}… (4057 characters more)\" is 4097 characters long: a line of text may have at most 4096\n", "v".repeat(40))
    );
    assert_eq!(db.dump(), before);
    // What is a name and an id is kept.
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, F, G, H",
        "--id",
        "game-1",
        "--venue",
        &"v".repeat(500),
    ]);
}

#[test]
fn a_line_that_is_not_utf8_is_refused_unread_and_a_line_of_64_kib_is_read() {
    // At night enter: a player's name with a byte that is no character is not kept with
    // U+FFFD in its place.
    let db = Db::short_nights();
    let before = db.dump();
    let mut child = db.spawn(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
    ]);
    common::db::feed(&mut child, b"Gar\xffeth+Rhys\nDai+Huw\n2-0\n\nquit\n");
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("not UTF-8 text: not read (byte 4 after \"Gar\" is not a character)"),
        "{err}"
    );
    assert!(!err.contains('\u{fffd}'), "{err}");
    assert_eq!(db.dump(), before, "nothing stored");
    // At the table: the same line is refused and play goes on; a line of exactly 64 KiB
    // (an unknown word, quoted shortened) is read, not called longer than 64 KiB.
    let db = Db::new();
    db.ok(&["new", "nine-card-don", "--seats", "A, B, C, D"]);
    let word = "x".repeat(64 * 1024);
    let mut lines = b"pitcher N\n5\xffH\n".to_vec();
    lines.extend_from_slice(word.as_bytes());
    lines.extend_from_slice(b"\nquit\n");
    let mut child = db.spawn(&["play", "1"]);
    common::db::feed(&mut child, &lines);
    let out = child.wait_with_output().unwrap();
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(
        said.contains("not UTF-8 text: not read (byte 2 after \"5\" is not a character)"),
        "{said}"
    );
    assert!(!said.contains("longer than 64 KiB"), "{said}");
    assert!(
        said.contains(&format!(
            "unknown word `{}… (65496 characters more)`",
            "x".repeat(40)
        )),
        "{}",
        &said[..said.len().min(2000)]
    );
    assert!(said.len() < 20_000, "the word is not said whole");
}

#[test]
fn a_reason_too_long_is_quoted_shortened_in_its_refusal() {
    let db = Db::four_teams_scheduled();
    db.ok(&[
        "night",
        "enter",
        "A",
        "D",
        "--date",
        "2025-09-04",
        "--totals",
        "5-4",
    ]);
    let before = db.dump();
    let reason = "v".repeat(4097);
    let out = db.run(&[
        "night",
        "dispute",
        "A",
        "D",
        "--date",
        "2025-09-04",
        "--reason",
        &reason,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    // Before: the whole reason was said back, 4,183 bytes of it.
    assert_eq!(
        err,
        format!("don: error: --reason \"{}… (4057 characters more)\" is 4097 characters long: a line of text may have at most 4096\n", "v".repeat(40))
    );
    assert_eq!(db.dump(), before);
}
