//! The database under stress, through the `don` command: an import killed with SIGKILL at
//! random moments keeps the file sound and holds all of the import or none of it; two imports
//! at once both succeed, and a reader is served while an import writes; every kind of bad input
//! leaves the database byte for byte as it was and says what is wrong; and no input, however
//! broken, makes `don import` panic.
//!
//! `sqlite3` must be installed (`.ci/run` installs it): the database is inspected with it, as
//! an outsider would.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use don::record::write::sim_record;
use don::rules::sim::{play_game, Rng};
use don::rules::{OptionValue, Variant};
use serde_json::Value;

use common::db::Db;
use common::text;

impl Db {
    /// A database already holding the twelve games of `examples/season.jsonl`.
    fn with_season() -> Db {
        let db = Db::new();
        db.ok(&["import", "examples/season.jsonl"]);
        assert_eq!(db.games(), 12);
        db
    }

    /// A `don import` of `file` started in the background, its output thrown away.
    fn spawn_import(&self, file: &Path) -> Child {
        self.cmd(&["import", file.to_str().unwrap()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    fn count(&self, sql: &str) -> usize {
        self.sql(sql).trim().parse().unwrap()
    }

    fn games(&self) -> usize {
        self.count("SELECT count(*) FROM games")
    }

    /// The main database file's bytes.
    fn bytes(&self) -> Vec<u8> {
        std::fs::read(&self.path).unwrap()
    }

    /// `PRAGMA integrity_check` says `ok` and no reference is left dangling.
    fn assert_sound(&self, when: &str) {
        assert_eq!(self.sql("PRAGMA integrity_check"), "ok\n", "{when}");
        assert_eq!(self.sql("PRAGMA foreign_key_check"), "", "{when}");
    }

    fn write(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let path = self.dir().join(name);
        std::fs::write(&path, content).unwrap();
        path
    }
}

/// Simulated games of every variant, each a record on one line with `@ID@` for its id: a pool
/// the test files repeat under fresh ids (importing it is the same work whatever the content).
fn pool() -> &'static [String] {
    static POOL: OnceLock<Vec<String>> = OnceLock::new();
    POOL.get_or_init(|| {
        let v = |name: &str, opts: &[(&str, OptionValue)]| {
            Variant::build(name, opts.iter().map(|(k, v)| (*k, v.clone()))).unwrap()
        };
        let rulesets = [
            v("nine-card-don", &[]),
            v(
                "nine-card-don",
                &[("end_scoring", OptionValue::Str("hljg".into()))],
            ),
            v("blind-don", &[]),
            v("game-to-lose", &[]),
            v("irish-don", &[]),
            v("phat", &[]),
        ];
        (0..48)
            .map(|i| {
                let game = play_game(&rulesets[i % rulesets.len()], 1000 + i as u64, 400);
                sim_record("@ID@", &game).to_string()
            })
            .collect()
    })
}

/// A `.jsonl` file of `n` games with the ids `PREFIX-0` … in `db`'s folder.
fn games_file(db: &Db, prefix: &str, n: usize) -> PathBuf {
    let pool = pool();
    let mut out = String::new();
    for i in 0..n {
        out.push_str(&pool[i % pool.len()].replacen("@ID@", &format!("{prefix}-{i}"), 1));
        out.push('\n');
    }
    db.write(&format!("{prefix}.jsonl"), out)
}

/// Games in a file imported whole take about 0.5–1 s in a debug build on the development
/// machine.
const BIG: usize = 900;

fn with_prefix(db: &Db, prefix: &str) -> usize {
    db.count(&format!(
        "SELECT count(*) FROM games WHERE record_id LIKE '{prefix}-%'"
    ))
}

#[test]
fn an_import_killed_at_any_moment_leaves_all_of_it_or_none() {
    let db = Db::with_season();
    // How long the whole import takes: the quicker of two, so that few kills come too late.
    let mut whole = Duration::MAX;
    for m in 0..2 {
        let file = games_file(&db, &format!("m{m}"), BIG);
        let start = Instant::now();
        db.ok(&["import", file.to_str().unwrap()]);
        whole = whole.min(start.elapsed());
    }
    assert_eq!(db.games(), 12 + 2 * BIG);

    let mut rng = Rng::new(0xD0_7E57);
    // Kills that ended a running import, and imports found not there at all after the kill.
    let (mut killed, mut none) = (0, 0);
    let mut attempt = 0;
    // Until enough kills have landed while imports ran and before their commits (a loaded
    // machine can make the first measure of the import's time a poor one; the aim is then
    // corrected as imports are seen to finish).
    while attempt < 24 || killed < 20 || none < 10 {
        assert!(
            attempt < 72,
            "only {killed} of {attempt} imports were killed while running, {none} before the commit; the import took {whole:?}"
        );
        let prefix = format!("k{attempt}");
        let file = games_file(&db, &prefix, BIG);
        let before = db.games();
        let imports_before = db.count("SELECT count(*) FROM operations WHERE command = 'import'");
        // Anywhere from its start to its end, its commit and its exit.
        let delay = whole.mul_f64(rng.below(1100) as f64 / 1000.0);
        let mut child = db.spawn_import(&file);
        std::thread::sleep(delay);
        child.kill().unwrap(); // SIGKILL: no chance to clean up
        let status = child.wait().unwrap();
        let when = format!("attempt {attempt}, killed after {delay:?} ({status})");
        db.assert_sound(&when);
        let after = db.games();
        let imports = db.count("SELECT count(*) FROM operations WHERE command = 'import'");
        match with_prefix(&db, &prefix) {
            0 => {
                assert_eq!(after, before, "{when}");
                assert_eq!(imports, imports_before, "{when}");
                none += 1;
            }
            n if n == BIG => {
                assert_eq!(after, before + BIG, "{when}");
                assert_eq!(imports, imports_before + 1, "{when}");
                // It was quicker than measured (the machine is shared): aim earlier.
                whole = whole.min(delay.mul_f64(0.9));
            }
            n => panic!("{when}: {n} of the file's {BIG} games are stored"),
        }
        if status.code().is_none() {
            killed += 1;
        }
        std::fs::remove_file(&file).unwrap();
        attempt += 1;
    }
    assert!(none >= 10, "only {none} kills came before the commit");
    eprintln!(
        "{attempt} imports of {BIG} games (about {whole:?} each) killed: {killed} while running, {none} before the commit"
    );
    // And the database is still usable: another file imports whole.
    let file = games_file(&db, "last", BIG);
    db.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(with_prefix(&db, "last"), BIG);
    db.assert_sound("at the end");
}

/// Waits for an import started in the background; it must succeed, never finding the database
/// locked.
fn finished(child: Child, what: &str) {
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("locked"), "{what}: {err}");
    assert!(
        out.status.success(),
        "{what} failed ({}): {err}",
        out.status
    );
}

/// Two `don import`s of different files into the same database, started together: both
/// succeed and every game of both is there.
fn two_imports_at_once(db: &Db, round: &str) {
    let before = if db.path.exists() { db.games() } else { 0 };
    let a = games_file(db, &format!("a{round}"), BIG / 2);
    let b = games_file(db, &format!("b{round}"), BIG / 2);
    let first = db.spawn_import(&a);
    let second = db.spawn_import(&b);
    finished(first, &format!("round {round}, the first import"));
    finished(second, &format!("round {round}, the second import"));
    assert_eq!(with_prefix(db, &format!("a{round}")), BIG / 2);
    assert_eq!(with_prefix(db, &format!("b{round}")), BIG / 2);
    assert_eq!(db.games(), before + BIG);
    db.assert_sound(&format!("round {round}"));
}

#[test]
fn two_imports_at_once_both_succeed() {
    let db = Db::with_season();
    for round in 0..3 {
        two_imports_at_once(&db, &round.to_string());
    }
}

/// Fails: `don import` twice at once into a database that is not there yet fails one of them,
/// most often with "is not a don database: database is locked" (`PRAGMA journal_mode = WAL`
/// does not wait out the other's lock), else "is not a don database: it already has tables
/// of its own" (the version is read before the other's migration commits and the tables
/// looked for after).
#[test]
fn two_imports_at_once_into_a_new_database_both_succeed() {
    for round in 0..5 {
        two_imports_at_once(&Db::new(), &format!("new{round}"));
    }
}

#[test]
fn a_reader_is_served_while_an_import_writes() {
    // Reads are timed against the import; when the other tests load the machine a reader can
    // be slow for reasons of its own, so the import is tried up to three times, and a reader
    // must be served all along in one of them (a writer holding the file to itself would fail
    // every time).
    let mut said = Vec::new();
    for _ in 0..3 {
        match reader_during_import() {
            Ok(()) => return,
            Err(why) => said.push(why),
        }
    }
    panic!("{}", said.join("\n"));
}

/// One import with reads made all through it. A read that sees the games as they were before
/// the import was served while the import wrote (its transaction holds the write lock from its
/// first moments to its commit); a writer holding the file to itself would make every read
/// begun during the import wait for its commit, and see its games. So the last read that saw
/// the old games must end at least half way to the first read that saw the new ones. (Reads of
/// the new games take long in a debug build, and the import's process goes on a while after its
/// commit, so the import's end is no measure.) An error says when the reads ended.
fn reader_during_import() -> Result<(), String> {
    let db = Db::with_season();
    let file = games_file(&db, "r", 2 * BIG);
    let start = Instant::now();
    let mut import = db.spawn_import(&file);
    // When the last read that saw the old games ended, and when the first that saw the new
    // ones began.
    let (mut served, mut first_new, mut reads) = (Duration::ZERO, None, 0);
    loop {
        let began = start.elapsed();
        let out = db.run(&["games", "--json"]);
        let ended = start.elapsed();
        let still_running = import.try_wait().unwrap().is_none();
        assert!(
            out.status.success(),
            "don games --json during an import: {}",
            text(&out.stderr)
        );
        let list: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        let n = list.as_array().unwrap().len();
        // The import is seen whole or not at all.
        assert!(n == 12 || n == 12 + 2 * BIG, "a reader saw {n} games");
        reads += 1;
        if n == 12 {
            served = ended;
        } else if first_new.is_none() {
            first_new = Some(began);
        }
        if !still_running {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    finished(import, "the import");
    assert_eq!(db.games(), 12 + 2 * BIG);
    let first_new = first_new.unwrap_or_else(|| start.elapsed());
    if served >= first_new / 2 {
        Ok(())
    } else {
        Err(format!(
            "the last read of the games before the import ended {served:?} after it began; the first read of its games began at {first_new:?} ({reads} reads)"
        ))
    }
}

/// Runs `don ARGS` (with `stdin` on its standard input) against `db` and checks that it fails
/// with exit status `code`, its standard error containing each of `said`, and that the
/// database is exactly as it was: its dump and its main file's bytes.
fn refused(db: &Db, args: &[&str], stdin: &[u8], code: i32, said: &[&str]) {
    let dump = db.dump();
    let bytes = db.bytes();
    let mut child = db
        .cmd(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that fails before reading its input closes the pipe early: not an error here.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "don {args:?}: {err}");
    for s in said {
        assert!(
            err.contains(s),
            "don {args:?} should say {s:?}; it said:\n{err}"
        );
    }
    assert!(!err.contains("panicked"), "don {args:?} panicked:\n{err}");
    assert!(
        dump == db.dump(),
        "don {args:?} changed the database's content"
    );
    assert!(
        bytes == db.bytes(),
        "don {args:?} changed the database file"
    );
}

#[test]
fn bad_imports_change_nothing_and_say_what_is_wrong() {
    let db = Db::with_season();
    let valid = games_file(&db, "v", 5);
    let valid_text = std::fs::read_to_string(&valid).unwrap();
    let p = |path: &Path| path.to_str().unwrap().to_string();

    // An invalid record among valid ones: a renege, found in the third of seven.
    let renege = std::fs::read_to_string("examples/broken/broken.json").unwrap();
    let renege: Value = serde_json::from_str(&renege).unwrap();
    let mut lines: Vec<String> = valid_text.lines().map(String::from).collect();
    lines.insert(2, renege[0].to_string());
    lines.push(
        valid_text
            .lines()
            .next()
            .unwrap()
            .replace("\"v-0\"", "\"v-extra\""),
    );
    let mixed = db.write("mixed.jsonl", lines.join("\n") + "\n");
    refused(
        &db,
        &["import", &p(&mixed)],
        b"",
        1,
        &[
            "mixed.jsonl, record 3 (line 3), id \"broken-renege-and-duplicate\": hand 1, trick 4, seat W [renege]",
            "Nothing imported: 2 errors in 7 records.",
        ],
    );
    // The same through standard input.
    refused(
        &db,
        &["import", "-"],
        (lines.join("\n") + "\n").as_bytes(),
        1,
        &["[renege]", "Nothing imported:"],
    );

    // A file that is not JSON, and one that is not UTF-8.
    let garbage = db.write("garbage.json", "this is not JSON\n");
    refused(
        &db,
        &["import", &p(&valid), &p(&garbage)],
        b"",
        2,
        &["garbage.json is not JSON"],
    );
    let latin1 = db.write("latin1.json", b"[{\"venue\": \"Caf\xe9\"}]");
    refused(
        &db,
        &["import", &p(&latin1)],
        b"",
        2,
        &["latin1.json is not UTF-8 text"],
    );

    // A file that is not there.
    let missing = db.dir().join("missing.jsonl");
    refused(
        &db,
        &["import", &p(&valid), &p(&missing)],
        b"",
        2,
        &["cannot read", "missing.jsonl", "No such file"],
    );

    // A game already stored, with other content under the same id.
    db.ok(&["import", &p(&valid)]);
    let mut record: Value = serde_json::from_str(valid_text.lines().nth(1).unwrap()).unwrap();
    record["venue"] = Value::from("Red Lion");
    let other = db.write("other.jsonl", format!("{record}\n"));
    refused(
        &db,
        &["import", &p(&other)],
        b"",
        1,
        &[
            "other.jsonl, record 1 (line 1), id \"v-1\": is already stored as game 14 with different content (first at `venue`)",
            "Nothing imported: 1 error in 1 record.",
        ],
    );

    // A date that is not a day of the calendar.
    let mut record: Value = serde_json::from_str(valid_text.lines().next().unwrap()).unwrap();
    record["id"] = Value::from("dated");
    record["date"] = Value::from("2023-02-29");
    let dated = db.write("dated.jsonl", format!("{record}\n"));
    refused(
        &db,
        &["import", &p(&dated)],
        b"",
        1,
        &["[schema] `date` \"2023-02-29\" is not a calendar date written YYYY-MM-DD"],
    );
}

#[test]
fn bad_commands_change_nothing_and_say_what_is_wrong() {
    let db = Db::with_season();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["new", "nine-card-don", "--colour", "red"],
            &["unexpected argument '--colour'"],
        ),
        (
            &["new", "phat", "--pack", "52"],
            &["option `pack` is not an option of phat (it belongs to irish-don)"],
        ),
        (
            &["new", "nine-card-don", "--target", "lots"],
            &["option `target` of nine-card-don must be a whole number from 1 to 10000, not \"lots\""],
        ),
        (
            &["new", "irish-don", "--pack", "53"],
            &["option `pack` of irish-don must be 52, 48 or 44, not 53"],
        ),
        (
            &["new", "nine-card-don", "--date", "2024-02-30"],
            &["`date` \"2024-02-30\" is not a calendar date written YYYY-MM-DD"],
        ),
        (&["new", "snap"], &["unknown variant \"snap\""]),
        (&["show", "999"], &["there is no game 999"]),
        (
            &["show", "no-such-game"],
            &["there is no game with the id \"no-such-game\""],
        ),
        (&["export", "1", "999"], &["there is no game 999"]),
        (
            &["export", "no-such-game"],
            &["there is no game with the id \"no-such-game\""],
        ),
    ];
    for (args, said) in cases {
        refused(&db, args, b"", 2, said);
    }
}

#[test]
fn undo_with_nothing_to_undo_changes_nothing() {
    let db = Db::new();
    db.ok(&["import", "-"]); // the database, created, with nothing done in it
    assert_eq!(db.count("SELECT count(*) FROM operations"), 0);
    refused(&db, &["undo"], b"", 2, &["there is nothing to undo"]);
}

/// Broken variants of a record's text, drawn from `rng`.
fn mutations(rng: &mut Rng, record: &str) -> Vec<Vec<u8>> {
    let bytes = record.as_bytes();
    let mut out: Vec<Vec<u8>> = Vec::new();
    let at = |rng: &mut Rng| rng.below(bytes.len() + 1);
    // Cut short.
    for _ in 0..3 {
        out.push(bytes[..at(rng)].to_vec());
    }
    // A byte changed to any byte (invalid UTF-8 too), a stretch deleted, a stretch doubled.
    let mut b = bytes.to_vec();
    if !b.is_empty() {
        let i = rng.below(b.len());
        b[i] = rng.below(256) as u8;
    }
    out.push(b);
    let (i, j) = {
        let (x, y) = (at(rng), at(rng));
        (x.min(y), x.max(y))
    };
    out.push([&bytes[..i], &bytes[j..]].concat());
    out.push([&bytes[..j], &bytes[i..]].concat());
    // A value replaced by something strange: each number, string or bracket is a place.
    let places: Vec<usize> = bytes
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == b'"' || c == b'[' || c == b'{' || c.is_ascii_digit())
        .map(|(i, _)| i)
        .collect();
    const STRANGE: &[&str] = &[
        "1e999",
        "-1e999",
        "1e-999",
        "18446744073709551616",
        "-9223372036854775809",
        "99999999999999999999999999999999999999",
        "-0",
        "0.5",
        "1E400",
        "null",
        "true",
        "{}",
        "[]",
        "\"\"",
        "\"\\u0000\"",
        "\"\\ud800\"",
        "\"\u{1F0A1}\u{202E}\"",
        "\"\\u001b[31m\"",
        "\"10H 5h ZZ \"",
    ];
    for _ in 0..4 {
        let Some(&p) = places.get(rng.below(places.len())) else {
            break;
        };
        let end = (p + 1 + rng.below(12)).min(bytes.len());
        let strange = STRANGE[rng.below(STRANGE.len())];
        out.push([&bytes[..p], strange.as_bytes(), &bytes[end..]].concat());
    }
    // Deep nesting in place of a value.
    if let Some(&p) = places.get(rng.below(places.len())) {
        let depth = [200, 5_000, 100_000][rng.below(3)];
        let nest = if rng.below(2) == 0 {
            format!("{}{}", "[".repeat(depth), "]".repeat(depth))
        } else {
            format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth))
        };
        out.push([&bytes[..p], nest.as_bytes(), &bytes[p..]].concat());
    }
    out
}

/// Whole files no record reader should choke on.
fn hostile_files() -> Vec<(&'static str, Vec<u8>)> {
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n)).into_bytes();
    let mut rng = Rng::new(7);
    let random: Vec<u8> = (0..4096).map(|_| rng.below(256) as u8).collect();
    let alphabet = b" {}[]\",:0123456789eE.-tfnul\n";
    let ascii: Vec<u8> = (0..4096)
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect();
    let huge_line = format!(
        "{{\"format\":\"don/1\",\"id\":\"huge\",\"venue\":\"{}\",\"ruleset\":{{\"variant\":\"phat\"}},\"hands\":[]}}\n",
        "x".repeat(5 << 20)
    );
    let many_hands = format!(
        "{{\"format\":\"don/1\",\"id\":\"hands\",\"ruleset\":{{\"variant\":\"phat\"}},\"hands\":[{}]}}\n",
        vec!["{\"points\":{\"NS\":0,\"EW\":0},\"muck\":\"tie\"}"; 20_000].join(",")
    );
    let penalties = format!(
        "{{\"format\":\"don/1\",\"id\":\"pens\",\"ruleset\":{{\"variant\":\"nine-card-don\"}},\"hands\":[{{\"pitcher\":\"N\",\"points\":{{\"NS\":0,\"EW\":0}},\"penalties\":[{}]}}]}}\n",
        vec!["{\"side\":\"NS\",\"points\":99999}"; 30_000].join(",")
    );
    vec![
        ("empty.json", vec![]),
        ("empty.jsonl", vec![]),
        ("blank.jsonl", b"\n\n  \n\t\n".to_vec()),
        ("bom.json", b"\xef\xbb\xbf".to_vec()),
        ("bom-only-line.jsonl", b"\xef\xbb\xbf\n".to_vec()),
        ("null.json", b"null".to_vec()),
        ("number.json", b"1e999".to_vec()),
        ("array-of-junk.json", b"[1, \"two\", null, [], {}]".to_vec()),
        ("unclosed.json", b"[{\"format\":\"don/1\"".to_vec()),
        ("deep.json", deep(1_000_000)),
        ("deep.jsonl", deep(1_000_000)),
        (
            "deep-in-array.json",
            [b"[".to_vec(), deep(200_000), b"]".to_vec()].concat(),
        ),
        ("random.json", random.clone()),
        ("random.jsonl", random),
        ("ascii.json", ascii.clone()),
        ("ascii.jsonl", ascii),
        (
            "nul.jsonl",
            b"{\"format\":\"don\x00/1\"}\n\x00\x00\n".to_vec(),
        ),
        (
            "crlf.jsonl",
            b"{}\r\n{\"format\":\"don/1\"}\r\n\r\n".to_vec(),
        ),
        ("huge-line.jsonl", huge_line.into_bytes()),
        ("many-hands.jsonl", many_hands.into_bytes()),
        ("many-penalties.jsonl", penalties.into_bytes()),
    ]
}

/// `don import FILE` ends with status 0, 1 or 2 and never panics (a crash by a signal, such as
/// a stack overflow, fails too).
fn no_panic(db: &Db, file: &Path, what: &str) {
    let out = db.run(&["import", file.to_str().unwrap()]);
    no_panic_in(out, what);
}

/// The same for `don import -`, reading `input` on standard input.
fn no_panic_stdin(db: &Db, input: &[u8], what: &str) {
    let mut child = db.spawn(&["import", "-"]);
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from another thread, so that a full output pipe cannot hold both up.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    no_panic_in(out, what);
}

fn no_panic_in(out: Output, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0..=2)),
        "{what}: don import ended with {} and said:\n{}",
        out.status,
        err.chars().take(2000).collect::<String>()
    );
    assert!(!err.contains("panicked"), "{what}: {err}");
}

#[test]
fn no_input_makes_import_panic() {
    let db = Db::with_season();
    let mut rng = Rng::new(0xBAD_F00D);
    let mut seeds: Vec<String> = pool().iter().take(12).cloned().collect();
    let season = std::fs::read_to_string("examples/season.jsonl").unwrap();
    seeds.extend(season.lines().map(String::from));
    for file in ["examples/irish-don-totals.json", "examples/blind-don.json"] {
        seeds.push(std::fs::read_to_string(file).unwrap());
    }
    let broken = std::fs::read_to_string("examples/broken/broken.json").unwrap();
    let broken: Value = serde_json::from_str(&broken).unwrap();
    seeds.extend(broken.as_array().unwrap().iter().map(Value::to_string));

    // Every mutation as a line of one big .jsonl file (one process reads them all) ...
    let mut all: Vec<Vec<u8>> = Vec::new();
    for (s, seed) in seeds.iter().enumerate() {
        let seed = seed.replacen("@ID@", &format!("fuzz-{s}"), 1);
        for _ in 0..6 {
            all.extend(mutations(&mut rng, &seed));
        }
    }
    let mut jsonl = Vec::new();
    for m in &all {
        jsonl.extend(m.iter().map(|&b| if b == b'\n' { b' ' } else { b }));
        jsonl.push(b'\n');
    }
    let file = db.write("mutated.jsonl", &jsonl);
    no_panic(&db, &file, "every mutation, one a line");
    no_panic_stdin(&db, &jsonl, "every mutation, one a line, on standard input");

    // ... and a sample of them each as a whole .json file, where the document is read at once.
    for (i, m) in all.iter().enumerate().filter(|(i, _)| i % 9 == 0) {
        let file = db.write(&format!("mutated-{i}.json"), m);
        no_panic(&db, &file, &format!("mutation {i} as a .json file"));
    }
    for (name, content) in hostile_files() {
        let file = db.write(name, &content);
        no_panic(&db, &file, name);
        if name.starts_with("deep") || name.starts_with("random") {
            no_panic_stdin(&db, &content, &format!("{name} on standard input"));
        }
    }
    db.assert_sound("after the garbage");
}
