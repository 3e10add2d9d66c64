//! Names as people type them: the same person or team written in any case, with extra spaces,
//! and with its accents composed or not (NFC or NFD), through every command that takes names,
//! is matched as one and stored once, never a panic; one person twice in a game or a match is
//! refused, naming the player and the place; a name that only looks like a known one is warned
//! of.

use crate::common;

use common::db::{refused, Db};
use common::text;
use proptest::prelude::*;
use serde_json::Value;
use std::path::Path;
use std::process::Output;

/// The people of the test, as first written (composed, NFC).
const PEOPLE: [&str; 5] = [
    "Gareth Jones",
    "Rhys Evans",
    "Dai Morgan",
    "Huw Bevan",
    "Si\u{f4}n Pr\u{e9}s",
];
const GARETH: usize = 0;
const RHYS: usize = 1;
const DAI: usize = 2;
const HUW: usize = 3;
const SION: usize = 4;

/// The teams of the test.
const TEAMS: [&str; 3] = ["Royal Oak", "Red Lion", "Caf\u{e9} Bach"];

/// Writes names as a person might: each letter in either case, spaces added around and between
/// the words, and the accented letters composed or decomposed, as the seed says.
struct Typist(u64);

impl Typist {
    fn next(&mut self) -> u64 {
        // xorshift64*: the same seed types the same names.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn spaces(&mut self, least: u64) -> String {
        " ".repeat((least + self.next() % 3) as usize)
    }

    fn write(&mut self, name: &str) -> String {
        let mut out = self.spaces(0);
        for (i, word) in name.split(' ').enumerate() {
            if i > 0 {
                out.push_str(&self.spaces(1));
            }
            for c in word.chars() {
                let c: String = match self.next() % 3 {
                    0 => c.to_uppercase().collect(),
                    1 => c.to_lowercase().collect(),
                    _ => c.to_string(),
                };
                out.push_str(&if self.next() & 1 == 0 {
                    decomposed(&c)
                } else {
                    c
                });
            }
        }
        out.push_str(&self.spaces(0));
        out
    }

    fn person(&mut self, who: usize) -> String {
        self.write(PEOPLE[who])
    }

    fn team(&mut self, which: usize) -> String {
        self.write(TEAMS[which])
    }
}

/// The accented letters of the test written as a letter and a combining accent (NFD).
fn decomposed(c: &str) -> String {
    c.chars()
        .map(|c| match c {
            '\u{e9}' => "e\u{301}".to_string(),
            '\u{c9}' => "E\u{301}".to_string(),
            '\u{f4}' => "o\u{302}".to_string(),
            '\u{d4}' => "O\u{302}".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// Runs `don ARGS`: never a panic, and the exit status `want`.
fn expect(db: &Db, args: &[&str], want: i32) -> Output {
    let out = db.run(args);
    let err = text(&out.stderr);
    assert!(
        out.status.code() != Some(101) && !err.contains("panicked"),
        "don {args:?} panicked: {err}"
    );
    assert_eq!(
        out.status.code(),
        Some(want),
        "don {args:?}: {}{err}",
        text(&out.stdout)
    );
    out
}

/// A record of `examples/nine-card-don-totals.json` with this id and these four seats.
fn record(id: &str, seats: [&str; 4]) -> String {
    let mut r: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/nine-card-don-totals.json"),
        )
        .unwrap(),
    )
    .unwrap();
    if let Value::Array(list) = r {
        r = list.into_iter().next().unwrap();
    }
    r["id"] = Value::from(id);
    for (seat, name) in ["N", "E", "S", "W"].iter().zip(seats) {
        r["seats"][*seat] = Value::from(name);
    }
    serde_json::to_string(&r).unwrap()
}

/// Every command that takes names, each given them spelt as the typist spells them.
fn every_command_once(seed: u64) {
    let mut t = Typist(seed);
    let db = Db::new();
    let file = |name: &str, content: String| {
        let path = db.dir().join(name);
        std::fs::write(&path, content).unwrap();
        path.to_str().unwrap().to_string()
    };
    expect(
        &db,
        &["league", "new", "Valleys", "--kind", "don=1,121,2"],
        0,
    );
    let teams = format!("{}, {}", t.team(0), t.team(1));
    expect(
        &db,
        &["season", "new", "2025-26", "--teams", &teams, "--create"],
        0,
    );
    expect(&db, &["team", "add", &t.team(2), "--season", "2025-26"], 0);
    // A team the league has, spelt another way, is not made again.
    let again = expect(&db, &["team", "add", &t.team(0)], 2);
    assert!(
        text(&again.stderr).contains("Valleys already has a team '"),
        "{}",
        text(&again.stderr)
    );
    // One player named twice in one roster command is put on it once.
    // One player named twice in one command, spelt two ways, is refused as a slip.
    let twice = expect(
        &db,
        &[
            "roster",
            "add",
            &t.team(0),
            &t.person(GARETH),
            &t.person(RHYS),
            &t.person(GARETH),
        ],
        2,
    );
    assert!(
        text(&twice.stderr).contains("is named twice (the second time as"),
        "{}",
        text(&twice.stderr)
    );
    let said = expect(
        &db,
        &[
            "roster",
            "add",
            &t.team(0),
            &t.person(GARETH),
            &t.person(RHYS),
        ],
        0,
    );
    assert!(
        text(&said.stdout).contains("2 on the roster"),
        "{}",
        text(&said.stdout)
    );
    expect(
        &db,
        &[
            "roster",
            "add",
            &t.team(1),
            &t.person(DAI),
            &t.person(HUW),
            &t.person(SION),
        ],
        0,
    );
    // At the table: four players, or one of them twice (refused).
    let seats = [GARETH, DAI, RHYS, HUW].map(|p| t.person(p)).join(",");
    expect(&db, &["new", "nine-card-don", "--seats", &seats], 0);
    let twice = [SION, DAI, SION, HUW].map(|p| t.person(p)).join(",");
    let out = expect(&db, &["new", "nine-card-don", "--seats", &twice], 2);
    assert!(
        text(&out.stderr).contains("is named for two seats, N and S"),
        "{}",
        text(&out.stderr)
    );
    // Records: two games of the same four, and one with a player in two seats (refused).
    let lines = [
        record(
            "g-a",
            [GARETH, DAI, RHYS, HUW]
                .map(|p| t.person(p))
                .each_ref()
                .map(String::as_str),
        ),
        record(
            "g-b",
            [HUW, RHYS, DAI, GARETH]
                .map(|p| t.person(p))
                .each_ref()
                .map(String::as_str),
        ),
    ]
    .join("\n");
    expect(&db, &["import", &file("two.jsonl", lines)], 0);
    let bad = record(
        "g-c",
        [SION, DAI, SION, HUW]
            .map(|p| t.person(p))
            .each_ref()
            .map(String::as_str),
    );
    let out = expect(&db, &["import", &file("bad.json", bad)], 1);
    assert!(
        text(&out.stdout).contains("`seats` names one player for two seats: N ")
            || text(&out.stderr).contains("`seats` names one player for two seats: N "),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    // A night: a player twice in a side is refused; the match as played is kept.
    let home = t.team(0);
    let away = t.team(1);
    let twice = format!(
        "don 1; {}+{}; {}+{}; 2-1",
        t.person(GARETH),
        t.person(GARETH),
        t.person(DAI),
        t.person(SION)
    );
    let out = expect(
        &db,
        &[
            "night",
            "enter",
            &home,
            &away,
            "--date",
            "2025-09-04",
            "--match",
            &twice,
        ],
        2,
    );
    assert!(
        text(&out.stderr).contains("is named twice in one side of don match 1"),
        "{}",
        text(&out.stderr)
    );
    let played = format!(
        "don 1; {}+{}; {}+{}; 2-1",
        t.person(GARETH),
        t.person(RHYS),
        t.person(DAI),
        t.person(SION)
    );
    expect(
        &db,
        &[
            "night",
            "enter",
            &home,
            &away,
            "--date",
            "2025-09-04",
            "--match",
            &played,
        ],
        0,
    );
    // A results import: rosters and a night's matches, a pair named twice refused.
    let rosters = format!(
        "season,team,player\n2025-26,{},{}\n2025-26,{},{}\n",
        t.team(0),
        t.person(RHYS),
        t.team(1),
        t.person(HUW),
    );
    let header = "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs\n";
    let pair_twice = format!(
        "{header}2025-26,2025-09-11,{},{},don,1,{}+{},{}+{},2,0\n",
        t.team(1),
        t.team(0),
        t.person(DAI),
        t.person(DAI),
        t.person(GARETH),
        t.person(RHYS)
    );
    let out = expect(
        &db,
        &[
            "import",
            &file("twice.csv", pair_twice),
            "--league",
            "Valleys",
        ],
        1,
    );
    assert!(
        text(&out.stderr).contains("line 2, column 7 (home_players): "),
        "{}",
        text(&out.stderr)
    );
    let matches = format!(
        "{header}2025-26,2025-09-11,{},{},don,1,{}+{},{}+{},2,0\n",
        t.team(1),
        t.team(0),
        t.person(DAI),
        t.person(HUW),
        t.person(GARETH),
        t.person(RHYS)
    );
    expect(
        &db,
        &[
            "import",
            &file("rosters.csv", rosters),
            &file("matches.csv", matches),
            "--league",
            "Valleys",
        ],
        0,
    );
    // Each person, each team, once.
    let keys = db.sql("SELECT key FROM players ORDER BY key");
    let mut want: Vec<String> = PEOPLE.iter().map(|p| p.to_lowercase()).collect();
    want.sort();
    assert_eq!(
        keys,
        want.iter().map(|k| format!("{k}\n")).collect::<String>()
    );
    assert_eq!(
        db.sql("SELECT key FROM teams ORDER BY key"),
        "caf\u{e9} bach\nred lion\nroyal oak\n"
    );
    assert_eq!(
        db.sql("SELECT count(*) FROM rosters JOIN teams ON teams.id = team WHERE teams.key = 'royal oak'"),
        "2\n"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn a_name_spelt_any_way_is_one_person_or_team_and_never_a_panic(seed in any::<u64>()) {
        every_command_once(seed | 1);
    }
}

/// Valleys, a season of Royal Oak and Red Lion (one Don match a night, pairs), their rosters.
fn league() -> Db {
    let db = Db::new();
    db.ok(&["league", "new", "Valleys", "--kind", "don=1,121,2"]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--teams",
        "Royal Oak, Red Lion",
        "--create",
    ]);
    db.ok(&["roster", "add", "Royal Oak", "Gareth Jones", "Rhys Evans"]);
    db.ok(&["roster", "add", "Red Lion", "Dai Morgan", "Huw Bevan"]);
    db
}

#[test]
fn one_person_twice_in_a_game_or_a_match_is_refused_naming_the_player_and_the_place() {
    let db = league();
    // A record: Gareth in all four seats, written four ways, is a `schema` error.
    let four = record("four", ["Gareth", "gareth", "GARETH", "Gareth "]);
    let path = db.dir().join("four.json");
    std::fs::write(&path, &four).unwrap();
    let path = path.to_str().unwrap();
    let out = expect(&db, &["check", path, "--json"], 1);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let errors = &v["games"][0]["errors"];
    assert_eq!(errors.as_array().unwrap().len(), 1, "{errors}");
    assert_eq!(errors[0]["code"], "schema");
    assert_eq!(
        errors[0]["message"],
        "`seats` names one player for two seats: N \"Gareth\" and E \"gareth\" (one player sits in one seat)"
    );
    let before = db.dump();
    expect(&db, &["import", path], 1);
    assert_eq!(before, db.dump());
    // At the table.
    refused(
        &db,
        &["new", "nine-card-don", "--seats", "A,A,B,C"],
        2,
        "A is named for two seats, N and E: one player sits in one seat",
    );
    refused(
        &db,
        &[
            "new",
            "nine-card-don",
            "--seats",
            "Gareth, Dai, GARETH, Huw",
        ],
        2,
        "Gareth (as GARETH) is named for two seats, N and S: one player sits in one seat",
    );
    // A night's match, on the command line and at the prompt.
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--new-player",
            "A",
            "--new-player",
            "C",
            "--new-player",
            "D",
            "--match",
            "don 1; A+A; C+D; 2-0",
        ],
        2,
        "--match 1: A is named twice in one side of don match 1",
    );
    refused(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--match",
            "don 1; Gareth Jones+Rhys Evans; Dai Morgan+dai  MORGAN; 2-0",
        ],
        2,
        "--match 1: dai MORGAN is named twice in one side of don match 1",
    );
    let before = db.dump();
    let mut child = db.spawn(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
    ]);
    common::db::feed(&mut child, b"Gareth Jones+gareth jones\n");
    let out = child.wait_with_output().unwrap();
    assert_ne!(out.status.code(), Some(101));
    assert!(
        text(&out.stderr).contains(
            "line 1: don 1 refused: gareth jones is named twice in one side of don match 1"
        ),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(before, db.dump());
    // A results file: the line and the cell.
    let csv = db.dir().join("matches.csv");
    std::fs::write(
        &csv,
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs\n\
         2025-26,2025-09-04,Royal Oak,Red Lion,don,1,Gareth Jones+Rhys Evans,Dai Morgan+Huw Bevan,2,0\n\
         2025-26,2025-09-11,Red Lion,Royal Oak,don,1,Dai Morgan+Huw Bevan,Gareth Jones+gareth jones,2,0\n",
    )
    .unwrap();
    refused(
        &db,
        &["import", csv.to_str().unwrap(), "--league", "Valleys"],
        1,
        "line 3, column 8 (away_players): gareth jones is named twice in one side of don match 1",
    );
}

#[test]
fn a_name_with_nothing_visible_is_refused_wherever_it_is_given() {
    let db = league();
    // In a record's seats: a `schema` error naming the seat, the characters escaped.
    let blank = record("blank", ["\u{0}", "\u{200b}\u{2060}", "Rhys", "\u{feff}"]);
    let path = db.dir().join("blank.json");
    std::fs::write(&path, &blank).unwrap();
    let out = expect(&db, &["check", path.to_str().unwrap(), "--json"], 1);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let messages: Vec<&str> = v["games"][0]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["code"] == "schema")
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        [
            "`seats.N` \"\\u{0}\" has nothing visible in it",
            "`seats.E` \"\\u{200b}\\u{2060}\" has nothing visible in it",
            "`seats.W` \"\\u{feff}\" has nothing visible in it",
        ]
    );
    let before = db.dump();
    expect(&db, &["import", path.to_str().unwrap()], 1);
    assert_eq!(before, db.dump());
    // Typed in.
    // (A command line cannot hold NUL; a file can.)
    refused(
        &db,
        &["team", "add", "\u{1}\u{1}"],
        2,
        "has a control character (U+0001, character 1)",
    );
    let csv = db.dir().join("rosters.csv");
    std::fs::write(&csv, "season,team,player\n2025-26,Royal Oak,\u{0}\u{0}\n").unwrap();
    refused(
        &db,
        &["import", csv.to_str().unwrap(), "--league", "Valleys"],
        1,
        "line 2, column 3 (player): `player` has a control character (U+0000, character 1)",
    );
    refused(
        &db,
        &["team", "add", "\u{7f}"],
        2,
        "has a control character (U+007F, character 1)",
    );
    refused(
        &db,
        &["team", "add", "\u{200b}\u{200d}\u{2060}"],
        2,
        "has nothing visible in it",
    );
    refused(
        &db,
        &["roster", "add", "Royal Oak", "\u{feff}"],
        2,
        "has nothing visible in it",
    );
    refused(
        &db,
        &["new", "nine-card-don", "--seats", "\u{200c},Dai,Rhys,Huw"],
        2,
        "has nothing visible in it",
    );
}

#[test]
fn a_name_with_its_accents_composed_or_not_is_one_name() {
    let db = league();
    db.ok(&["team", "add", "Caf\u{e9} Bach", "--season", "2025-26"]);
    refused(
        &db,
        &["team", "add", "CAFE\u{301} BACH"],
        2,
        "Valleys already has a team 'Caf\u{e9} Bach'",
    );
    db.ok(&["roster", "add", "Cafe\u{301} Bach", "Sio\u{302}n Pr\u{e9}s"]);
    let said = db.ok(&["roster", "add", "caf\u{e9} bach", "SI\u{d4}N PRE\u{301}S"]);
    assert!(said.contains("1 on the roster"), "{said}");
    assert_eq!(
        db.sql("SELECT name, key FROM players WHERE key LIKE 'si%'"),
        "Sio\u{302}n Pr\u{e9}s|si\u{f4}n pr\u{e9}s\n"
    );
    db.ok(&[
        "fixtures",
        "add",
        "Cafe\u{301} bach",
        "Royal Oak",
        "2025-10-02",
    ]);
    assert_eq!(db.sql("SELECT count(*) FROM teams"), "3\n");
}

#[test]
fn a_new_name_that_only_looks_like_a_known_one_is_warned_of() {
    let db = league();
    // A Cyrillic capital O.
    let out = expect(&db, &["team", "add", "Royal \u{41e}ak"], 0);
    assert_eq!(
        text(&out.stderr),
        "warning: the new team 'Royal \u{41e}ak' only looks like 'Royal Oak' (U+041E, character 7, sets them apart); did you mean `Royal Oak`? (`don undo` takes the new team back)\n"
    );
    // A zero-width joiner inside is left out of the name's key: the same team.
    let out = expect(&db, &["team", "add", "Roy\u{200d}al Oak"], 2);
    assert_eq!(
        text(&out.stderr),
        "don: error: Valleys already has a team 'Royal Oak'\n"
    );
    // A new player said to be new, with a Cyrillic small a.
    let out = expect(
        &db,
        &[
            "roster",
            "add",
            "Red Lion",
            "G\u{430}reth Jones",
            "--new-player",
            "G\u{430}reth Jones",
        ],
        0,
    );
    assert!(
        text(&out.stderr).starts_with(
            "warning: the new player 'G\u{430}reth Jones' only looks like 'Gareth Jones' (U+0430, character 2, sets them apart); did you mean `Gareth Jones`?\n"
        ),
        "{}",
        text(&out.stderr)
    );
    // A name that is only near is no look-alike.
    let out = expect(&db, &["team", "add", "Royal Oaks"], 0);
    assert_eq!(text(&out.stderr), "");
    // A new player of a night, with a Greek capital epsilon.
    let out = expect(
        &db,
        &[
            "night",
            "enter",
            "Royal Oak",
            "Red Lion",
            "--date",
            "2025-09-04",
            "--new-player",
            "Rhys \u{395}vans",
            "--match",
            "don 1; Gareth Jones+Rhys \u{395}vans; Dai Morgan+Huw Bevan; 2-0",
        ],
        0,
    );
    // (A night's notes, warnings among them, are said on standard output.)
    assert!(
        text(&out.stdout).contains(
            "warning: the new player 'Rhys \u{395}vans' only looks like 'Rhys Evans' (U+0395, character 6, sets them apart); did you mean `Rhys Evans`?\n"
        ),
        "{}",
        text(&out.stdout)
    );
    // At the table: a Cyrillic small a; the players it knows are not warned of.
    let out = expect(
        &db,
        &[
            "new",
            "nine-card-don",
            "--seats",
            "Gareth Jones, D\u{430}i Morgan, Rhys \u{395}vans, Huw",
        ],
        0,
    );
    assert_eq!(
        text(&out.stderr),
        "warning: the new player 'D\u{430}i Morgan' only looks like 'Dai Morgan' (U+0430, character 2, sets them apart); did you mean `Dai Morgan`?\n"
    );
}

#[test]
fn names_that_only_look_alike_are_one_person_in_a_game_and_two_new_teams_are_refused() {
    // Before: each passed (two players, or two teams, no one could tell apart).
    let db = league();
    // `don new`: a zero-width space inside one of two Gareths.
    refused(
        &db,
        &[
            "new",
            "nine-card-don",
            "--seats",
            "Gar\u{200b}eth, Dai, Gareth, Huw",
        ],
        2,
        "Gar\u{200b}eth (as Gareth) is named for two seats, N and S: one player sits in one seat",
    );
    // A record: the same, a `schema` error at check and import.
    let rec = record("alike", ["Gareth", "Dai", "Gar\u{200b}eth", "Huw"]);
    let path = db.dir().join("alike.json");
    std::fs::write(&path, &rec).unwrap();
    let out = expect(&db, &["check", path.to_str().unwrap(), "--json"], 1);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"][0]["errors"][0]["code"], "schema");
    refused(
        &db,
        &["import", path.to_str().unwrap()],
        1,
        "[schema] `seats` names one player for two seats: N \"Gareth\" and S \"Gar\u{200b}eth\" (one player sits in one seat)",
    );
    // Jacks out: one entrant twice, as names match or as they look.
    refused(
        &db,
        &[
            "new",
            "nine-card-don",
            "--seats",
            "Dai, Rhys, Huw, Bryn",
            "--pool",
            "10",
            "--entrants",
            "Ann Bee, ANN BEE, Dai, Rhys, Huw",
        ],
        2,
        "`jacks_out.entrants` names one player twice: \"Ann Bee\" (entrant 1) and \"ANN BEE\" (entrant 2) (one player enters once)",
    );
    let mut jacks: serde_json::Value =
        serde_json::from_str(&record("jacks", ["Gareth", "Dai", "Rhys", "Huw"])).unwrap();
    jacks["jacks_out"] =
        serde_json::json!({ "pool": 10, "entrants": ["Ann Bee", "Dai", "\u{410}nn Bee"] });
    std::fs::write(&path, jacks.to_string()).unwrap();
    let out = expect(&db, &["check", path.to_str().unwrap()], 1);
    assert!(
        text(&out.stdout).contains("error [schema] record: `jacks_out.entrants` names one player twice: \"Ann Bee\" (entrant 1) and \"\u{410}nn Bee\" (entrant 3) (they look alike: only U+0410, character 1 of \"\u{410}nn Bee\", sets them apart; one player enters once)"),
        "{}",
        text(&out.stdout)
    );
    // A rosters file making two teams that look alike: the second refused.
    let csv = db.dir().join("rosters.csv");
    std::fs::write(
        &csv,
        "season,team,player\n2025-26,Red Oak,Ann Bee\n2025-26,Red \u{41e}ak,Bob Cee\n",
    )
    .unwrap();
    refused(
        &db,
        &["import", csv.to_str().unwrap(), "--league", "Valleys", "--create"],
        1,
        "line 3, column 2 (team): the new team 'Red \u{41e}ak' only looks like 'Red Oak' (U+041E, character 5, sets them apart); did you mean `Red Oak`?",
    );
}

#[test]
fn don_new_warns_of_a_new_player_a_letter_from_a_known_one_and_asks_on_a_terminal() {
    // Before: "Gareht" and "Dia" became new players beside Gareth and Dai without a word.
    let db = Db::new();
    expect(
        &db,
        &["new", "nine-card-don", "--seats", "Gareth, Dai, Rhys, Huw"],
        0,
    );
    // Piped: begun as typed, each slip warned of.
    let out = expect(
        &db,
        &["new", "nine-card-don", "--seats", "Gareht, Dia, Rhys, Huw"],
        0,
    );
    assert_eq!(
        text(&out.stderr),
        "warning: the new player 'Gareht' is a letter from the known player 'Gareth'; if Gareth was meant, `don undo` takes the game back to begin it again with `Gareth`\n\
         warning: the new player 'Dia' is a letter from the known player 'Dai'; if Dai was meant, `don undo` takes the game back to begin it again with `Dai`\n"
    );
    db.ok(&["undo"]);
    // A known player, or a name no slip of one, is not warned of.
    let out = expect(
        &db,
        &[
            "new",
            "nine-card-don",
            "--seats",
            "Gareth, Dafydd, Rhys, Huw",
        ],
        0,
    );
    assert_eq!(text(&out.stderr), "");
    db.ok(&["undo"]);
    // On a terminal each is asked: yes puts the known name in its seat, no keeps the new one.
    let (code, shown) = db.on_terminal(
        "new nine-card-don --seats 'Gareht, Rhys, Dia, Huw'",
        "yes\nno\n",
    );
    assert_eq!(code, Some(0), "{shown}");
    assert!(
        shown.contains("Gareht is no player yet, and a letter from Gareth: did you mean 'Gareth'? (yes: Gareth; no: Gareht is someone new)"),
        "{shown}"
    );
    assert!(
        shown.contains("NS (Gareth & Dia) v EW (Rhys & Huw)"),
        "{shown}"
    );
    assert!(!shown.contains("warning"), "{shown}");
}
