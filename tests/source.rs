//! Reading records from files and standard input (crates/record/src/record/source.rs): the faults of the
//! reader, each from an input that shows it, with the exact messages.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use don::record::source::{Item, MAX_RECORD_BYTES, STDIN_NAME};
use don::record::Code;
use don::record::{DuplicateKey, PathSegment, RecordSource, SourceError};
use proptest::prelude::*;
use serde_json::{json, Value};

const BOM: &[u8] = b"\xEF\xBB\xBF";

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// An item in short: index, line, the value or the `parse` message, the repeated keys' paths.
type Short = (usize, Option<usize>, Result<Value, String>, Vec<String>);

fn short(item: &Item) -> Short {
    let value = match &item.value {
        Ok(v) => Ok(v.clone()),
        Err(fault) => {
            assert_eq!(fault.code, Code::Parse);
            assert_eq!((fault.hand, fault.trick, fault.seat), (None, None, None));
            Err(fault.message.clone())
        }
    };
    let dups = item.duplicates.iter().map(DuplicateKey::path).collect();
    (item.index, item.line, value, dups)
}

fn read(source: RecordSource) -> Vec<Short> {
    source.map(|item| short(&item)).collect()
}

fn open(path: &Path) -> Vec<Short> {
    read(RecordSource::open(path).unwrap())
}

fn open_with(path: &Path, limit: usize) -> Vec<Short> {
    read(RecordSource::open(path).unwrap().with_limit(limit))
}

fn error(path: &Path) -> String {
    match RecordSource::open(path) {
        Ok(_) => panic!("{} opened", path.display()),
        Err(e) => e.to_string(),
    }
}

fn ok(index: usize, line: Option<usize>, value: Value) -> Short {
    (index, line, Ok(value), vec![])
}

fn bad(index: usize, line: Option<usize>, message: &str) -> Short {
    (index, line, Err(message.to_string()), vec![])
}

// 1. A line longer than a record may be.

#[test]
fn an_over_long_jsonl_line_is_that_lines_parse_error_and_reading_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let long = format!("{{\"id\": \"{}\"}}", "x".repeat(200));
    let exactly = format!("{{\"id\": \"{}\"}}", "y".repeat(64 - 10));
    assert_eq!(exactly.len(), 64);
    let one_more = format!("{{\"id\": \"{}\"}}", "z".repeat(64 - 9));
    // A blank line is no record, however long.
    let blank = " ".repeat(100);
    let text = format!(
        "{{\"id\": \"a\"}}\n{long}\n{{\"id\": \"c\"}}\n{exactly}\r\n{one_more}\n{blank}\n{long}"
    );
    let path = write(dir.path(), "games.jsonl", text);
    let too_long = |line: usize| {
        format!("line {line} is not a JSON record: it is longer than 64 bytes, the most a record may take")
    };
    assert_eq!(
        open_with(&path, 64),
        [
            ok(0, Some(1), json!({"id": "a"})),
            bad(1, Some(2), &too_long(2)),
            ok(2, Some(3), json!({"id": "c"})),
            // The limit is on the record: a `\r` before the `\n` is whitespace, and too many.
            bad(3, Some(4), &too_long(4)),
            bad(4, Some(5), &too_long(5)),
            // The last line, with no end.
            bad(5, Some(7), &too_long(7)),
        ]
    );
    let path = write(dir.path(), "exact.jsonl", format!("{exactly}\n{exactly}"));
    assert_eq!(
        open_with(&path, 64),
        [
            ok(0, Some(1), json!({"id": "y".repeat(54)})),
            ok(1, Some(2), json!({"id": "y".repeat(54)}))
        ]
    );
}

#[test]
fn the_limit_is_4_mib_unless_told() {
    assert_eq!(MAX_RECORD_BYTES, 4 << 20);
    let dir = tempfile::tempdir().unwrap();
    // A line with no end, longer than the limit: read through, not held.
    let mut text = b"{\"id\": \"a\"}\n{\"venue\": \"".to_vec();
    text.resize(text.len() + (5 << 20), b'x');
    let path = write(dir.path(), "endless.jsonl", &text);
    assert_eq!(
        open(&path),
        [
            ok(0, Some(1), json!({"id": "a"})),
            bad(
                1,
                Some(2),
                "line 2 is not a JSON record: it is longer than 4 MiB, the most a record may take"
            ),
        ]
    );
    text.extend_from_slice(b"\"}");
    let path = write(dir.path(), "big.json", [b"[", &text[12..], b"]"].concat());
    assert_eq!(
        open(&path),
        [bad(
            0,
            None,
            "record 1 is not a JSON record: it is longer than 4 MiB, the most a record may take"
        )]
    );
    let path = write(dir.path(), "kib.jsonl", "[1, 2, 3]\n");
    assert_eq!(
        open_with(&path, 8),
        [bad(
            0,
            Some(1),
            "line 1 is not a JSON record: it is longer than 8 bytes, the most a record may take"
        )]
    );
    assert_eq!(
        open_with(&path, 2048)[0].2.as_ref().unwrap(),
        &json!([1, 2, 3])
    );
    let path = write(dir.path(), "one.jsonl", "12\n");
    assert_eq!(
        open_with(&path, 1),
        [bad(
            0,
            Some(1),
            "line 1 is not a JSON record: it is longer than 1 byte, the most a record may take"
        )]
    );
    let path = write(
        dir.path(),
        "kib.json",
        format!("[\"{}\"]", "k".repeat(3000)),
    );
    assert_eq!(
        open_with(&path, 2048),
        [bad(
            0,
            None,
            "record 1 is not a JSON record: it is longer than 2 KiB, the most a record may take"
        )]
    );
}

// 2. A `.json` array, streamed.

#[test]
fn a_json_array_is_read_record_by_record_with_no_lines() {
    let dir = tempfile::tempdir().unwrap();
    let records = json!([
        {"id": "a", "hands": [{"tricks": ["5H KH 2H AH", "QS 3S JS 9H"]}]},
        {"id": "b,]}\"[{", "venue": "The \"Crown\", Abercarn\\", "hands": [[], {}, [[1.5e3]]]},
        [],
        "not a record",
        17,
        null,
        {"id": "é 𝄞 \u{1}"}
    ]);
    let list = records.as_array().unwrap();
    let expected: Vec<_> = list
        .iter()
        .enumerate()
        .map(|(i, v)| ok(i, None, v.clone()))
        .collect();
    let compact = write(dir.path(), "compact.json", records.to_string());
    assert_eq!(open(&compact), expected);
    let pretty = write(
        dir.path(),
        "pretty.json",
        serde_json::to_string_pretty(&records).unwrap() + "\n\n",
    );
    assert_eq!(open(&pretty), expected);
    let spaced = write(dir.path(), "spaced.json", " \r\n\t[ 1 ,\n2\t]\n ");
    assert_eq!(
        open(&spaced),
        [ok(0, None, json!(1)), ok(1, None, json!(2))]
    );
    for empty in ["[]", " [ \n ] \n"] {
        let path = write(dir.path(), "empty.json", empty);
        assert_eq!(open(&path), []);
    }
}

#[test]
fn a_json_value_that_is_not_an_array_is_one_record() {
    let dir = tempfile::tempdir().unwrap();
    for value in [
        json!({"id": "a", "hands": []}),
        json!("x"),
        json!(-1.5),
        json!(true),
        json!(null),
    ] {
        let path = write(
            dir.path(),
            "one.json",
            format!("\n {}\n", serde_json::to_string_pretty(&value).unwrap()),
        );
        assert_eq!(open(&path), [ok(0, None, value)]);
    }
    let path = write(
        dir.path(),
        "big.json",
        format!("{{\"id\": \"{}\"}}", "x".repeat(100)),
    );
    assert_eq!(
        open_with(&path, 100),
        [bad(0, None, "record 1 is not a JSON record: it is longer than 100 bytes, the most a record may take")]
    );
    assert_eq!(open_with(&path, 110).len(), 1);
}

#[test]
fn an_over_long_array_element_is_skipped_and_reading_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "[{{\"id\": \"a\"}}, {{\"id\": \"{}\", \"hands\": [[[\"]\"]]]}},\n {{\"id\": \"c\"}}, \"{}\", 5]",
        "b".repeat(100),
        "s\\\"".repeat(50)
    );
    let path = write(dir.path(), "games.json", text);
    let too_long = |n: usize| {
        format!("record {n} is not a JSON record: it is longer than 64 bytes, the most a record may take")
    };
    assert_eq!(
        open_with(&path, 64),
        [
            ok(0, None, json!({"id": "a"})),
            bad(1, None, &too_long(2)),
            ok(2, None, json!({"id": "c"})),
            bad(3, None, &too_long(4)),
            ok(4, None, json!(5)),
        ]
    );
}

#[test]
fn a_json_file_that_cannot_be_read_fails_to_open_before_any_record() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str, bytes: &[u8]| write(dir.path(), name, bytes);
    let cases: Vec<(PathBuf, String)> = vec![
        (
            p("notes.json", b"hand 1: NS 20, EW 32"),
            "is not JSON: expected value at line 1 column 1".into(),
        ),
        (
            p("empty.json", b""),
            "is not JSON: EOF while parsing a value at line 1 column 0".into(),
        ),
        (
            p("blank.json", b" \n "),
            "is not JSON: EOF while parsing a value at line 2 column 1".into(),
        ),
        // Cut off after good records: none of them is read.
        (
            p(
                "cut.json",
                b"[{\"id\": \"a\"}, {\"id\": \"b\"},\n {\"id\": ",
            ),
            "is not JSON: EOF while parsing a value at line 2 column 8".into(),
        ),
        (
            p("two.json", b"{\"id\": \"a\"}\n{\"id\": \"b\"}\n"),
            "is not JSON: trailing characters at line 2 column 1".into(),
        ),
        (
            p("comma.json", b"[1, 2,]"),
            "is not JSON: expected value at line 1 column 7".into(),
        ),
        (
            p("latin1.json", b"[{\"venue\": \"Caf\xe9\"}]"),
            "is not UTF-8 text".into(),
        ),
        (
            p("cut-utf8.json", b"[\"\xe2\x82\"]"),
            "is not UTF-8 text".into(),
        ),
        // Not UTF-8 after the JSON has gone wrong: not UTF-8 is what is said, as ever.
        (
            p("both.json", b"[1 2] \"\xff\""),
            "is not UTF-8 text".into(),
        ),
        (
            p("utf16.json", b"\xff\xfe[\x001\x00]\x00"),
            "is not UTF-8 text".into(),
        ),
        (
            p("deep.json", "[".repeat(100_000).as_bytes()),
            "is not JSON: recursion limit exceeded at line 1 column 128".into(),
        ),
        (
            p(
                "deep-objects.json",
                format!("[1,\n {}", "{\"a\": ".repeat(200)).as_bytes(),
            ),
            "is not JSON: recursion limit exceeded at line 2 column 758".into(),
        ),
        (
            p("bom-only.json", BOM),
            "is not JSON: EOF while parsing a value at line 1 column 0".into(),
        ),
        (
            p("two-boms.json", &[BOM, BOM, b"[]"].concat()),
            "is not JSON: expected value at line 1 column 1".into(),
        ),
    ];
    for (path, says) in cases {
        assert_eq!(error(&path), format!("{} {says}", path.display()));
    }
    let missing = dir.path().join("missing.json");
    assert_eq!(
        error(&missing),
        format!(
            "cannot read {}: No such file or directory (os error 2)",
            missing.display()
        )
    );
    assert_eq!(
        error(dir.path()),
        format!("cannot read {}: it is a directory", dir.path().display())
    );
    assert!(matches!(
        RecordSource::open(&missing),
        Err(SourceError::Io { .. })
    ));
    let latin1 = dir.path().join("latin1.json");
    assert!(matches!(
        RecordSource::open(&latin1),
        Err(SourceError::NotUtf8 { .. })
    ));
    let notes = dir.path().join("notes.json");
    assert!(matches!(
        RecordSource::open(&notes),
        Err(SourceError::NotJson { .. })
    ));
}

#[test]
fn json_that_serde_json_skims_but_cannot_hold_is_that_records_parse_error() {
    // A number out of range, a lone surrogate: JSON by its grammar, so the file is read, but
    // serde_json makes no value of them.
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "odd.json",
        "[{\"id\": \"a\"},\n 1e999, \"\\ud800\", 2]",
    );
    assert_eq!(
        open(&path),
        [
            ok(0, None, json!({"id": "a"})),
            bad(
                1,
                None,
                "record 2 is not a JSON record: number out of range"
            ),
            bad(
                2,
                None,
                "record 3 is not a JSON record: unexpected end of hex escape"
            ),
            ok(3, None, json!(2)),
        ]
    );
}

#[test]
fn nesting_as_deep_as_serde_json_reads_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let deep = "[".repeat(127) + &"]".repeat(127);
    let path = write(dir.path(), "deep.json", &deep);
    let inner: Value = serde_json::from_str(&deep[1..deep.len() - 1]).unwrap();
    assert_eq!(open(&path), [ok(0, None, inner)]);
    // In a .jsonl file, too deep is that line's error.
    let path = write(
        dir.path(),
        "deep.jsonl",
        format!("{}\n{{}}\n", "[".repeat(100_000)),
    );
    assert_eq!(
        open(&path),
        [
            bad(
                0,
                Some(1),
                "line 1 is not a JSON record: recursion limit exceeded at line 1 column 128"
            ),
            ok(1, Some(2), json!({})),
        ]
    );
}

// 3. A byte-order mark.

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "one.json", [BOM, b"{\"id\": \"a\"}"].concat());
    assert_eq!(open(&path), [ok(0, None, json!({"id": "a"}))]);
    let path = write(
        dir.path(),
        "list.json",
        [BOM, b"\n[{\"id\": \"a\"}, 2]"].concat(),
    );
    assert_eq!(
        open(&path),
        [ok(0, None, json!({"id": "a"})), ok(1, None, json!(2))]
    );
    let path = write(
        dir.path(),
        "games.jsonl",
        [BOM, b"{\"id\": \"a\"}\n", BOM, b"{\"id\": \"b\"}\n"].concat(),
    );
    assert_eq!(
        open(&path),
        [
            ok(0, Some(1), json!({"id": "a"})),
            // Only at the start of the file.
            bad(
                1,
                Some(2),
                "line 2 is not a JSON record: expected value at line 1 column 1"
            ),
        ]
    );
    let path = write(
        dir.path(),
        "blank-first.jsonl",
        [BOM, b"\n{\"id\": \"b\"}"].concat(),
    );
    assert_eq!(open(&path), [ok(0, Some(2), json!({"id": "b"}))]);
    // The mark does not count against the limit.
    let record = format!("{{\"id\": \"{}\"}}", "x".repeat(22));
    let path = write(
        dir.path(),
        "limit.jsonl",
        [BOM, record.as_bytes(), b"\n"].concat(),
    );
    assert_eq!(
        open_with(&path, 32),
        [ok(0, Some(1), json!({"id": "x".repeat(22)}))]
    );
    assert_eq!(
        open_with(&path, 31),
        [bad(
            0,
            Some(1),
            "line 1 is not a JSON record: it is longer than 31 bytes, the most a record may take"
        )]
    );
}

// 4. Extensions in any case.

#[test]
fn extensions_are_read_in_any_case() {
    let dir = tempfile::tempdir().unwrap();
    let text = "{\"id\": \"a\"}\n{\"id\": \"b\"}\n";
    let lines = [
        ok(0, Some(1), json!({"id": "a"})),
        ok(1, Some(2), json!({"id": "b"})),
    ];
    for name in [
        "games.jsonl",
        "games.JSONL",
        "games.Jsonl",
        "games.NDJSON",
        "games.ndJson",
    ] {
        let path = write(dir.path(), name, text);
        assert_eq!(open(&path), lines, "{name}");
    }
    for name in ["games.json", "games.JSON", "games.txt", "games"] {
        let path = write(dir.path(), name, text);
        assert_eq!(
            error(&path),
            format!(
                "{} is not JSON: trailing characters at line 2 column 1",
                path.display()
            ),
            "{name}"
        );
    }
}

// 5. Repeated keys.

#[test]
fn repeated_keys_come_with_the_record_with_their_paths() {
    let dir = tempfile::tempdir().unwrap();
    let record = r#"{"format": "don/1", "ruleset": {"variant": "phat", "target": 121, "target": 91},
        "hands": [{"pitcher": "N"}, {"pitcher": "E"},
                  {"pitcher": "S", "points": {"NS": 10, "EW": 20}, "points": {"NS": 1, "NS": 2}}],
        "id": "a", "id": "b"}"#;
    let value = json!({"format": "don/1", "ruleset": {"variant": "phat", "target": 91},
        "hands": [{"pitcher": "N"}, {"pitcher": "E"}, {"pitcher": "S", "points": {"NS": 2}}],
        "id": "b"});
    let paths = vec![
        "ruleset.target".to_string(),
        "hands[2].points.NS".to_string(),
        "hands[2].points".to_string(),
        "id".to_string(),
    ];
    let one_line = record.replace('\n', " ");
    let path = write(
        dir.path(),
        "games.jsonl",
        format!("{{\"id\": 1}}\n{one_line}\n[{{\"a\": 1, \"a\": 2}}, 1, 2]\n"),
    );
    assert_eq!(
        open(&path),
        [
            ok(0, Some(1), json!({"id": 1})),
            (1, Some(2), Ok(value.clone()), paths.clone()),
            (
                2,
                Some(3),
                Ok(json!([{"a": 2}, 1, 2])),
                vec!["[0].a".to_string()]
            ),
        ]
    );
    let path = write(
        dir.path(),
        "games.json",
        format!("[{{\"id\": 1}}, {record}]"),
    );
    assert_eq!(
        open(&path),
        [
            ok(0, None, json!({"id": 1})),
            (1, None, Ok(value.clone()), paths.clone())
        ]
    );
    let path = write(dir.path(), "one.json", record);
    let items: Vec<Item> = RecordSource::open(&path).unwrap().collect();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].value.as_ref().unwrap(), &value);
    assert_eq!(
        items[0].duplicates[1],
        DuplicateKey {
            key: "NS".into(),
            within: vec![
                PathSegment::Key("hands".into()),
                PathSegment::Index(2),
                PathSegment::Key("points".into()),
            ],
        }
    );
    assert_eq!(items[0].duplicates[3].within, []);
    assert_eq!(items[0].duplicates[0].to_string(), "ruleset.target");
}

// 6. Standard input.

/// Run by `standard_input_is_told_apart_by_its_content` in a child process, with its standard
/// input; otherwise does nothing.
#[test]
fn stdin_child() {
    if std::env::var_os("DON_TEST_STDIN_CHILD").is_none() {
        return;
    }
    let source = RecordSource::stdin().unwrap();
    for item in source {
        let (index, line, value, dups) = short(&item);
        let value = value.unwrap_or_else(|message| json!({ "error": message }));
        println!("ITEM {}", json!([index, line, value, dups]));
    }
}

fn through_stdin(input: &[u8]) -> Vec<Value> {
    // This test's own name in the one test binary: `source::stdin_child`.
    let name = module_path!().split_once("::").map_or("", |(_, m)| m);
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            &format!("{name}::stdin_child"),
            "--nocapture",
            "--test-threads=1",
        ])
        .env("DON_TEST_STDIN_CHILD", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        // The harness may have written `test source::stdin_child ... ` before the first.
        .filter_map(|l| l.split_once("ITEM ").map(|(_, item)| item))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn standard_input_is_told_apart_by_its_content() {
    // One JSON document, over several lines: read as .json.
    let pretty = serde_json::to_string_pretty(&json!({"id": "a", "hands": [1, 2]})).unwrap();
    assert_eq!(
        through_stdin(pretty.as_bytes()),
        [json!([0, null, {"id": "a", "hands": [1, 2]}, []])]
    );
    assert_eq!(
        through_stdin(b"[{\"id\": \"a\", \"id\": \"b\"}, 2]"),
        [
            json!([0, null, {"id": "b"}, ["id"]]),
            json!([1, null, 2, []])
        ]
    );
    // Anything else: line by line, as .jsonl.
    assert_eq!(
        through_stdin(b"\xEF\xBB\xBF{\"id\": \"a\"}\n{\"id\": \n{\"id\": \"c\"}\n"),
        [
            json!([0, 1, {"id": "a"}, []]),
            json!([1, 2, {"error": "line 2 is not a JSON record: EOF while parsing a value at line 2 column 0"}, []]),
            json!([2, 3, {"id": "c"}, []]),
        ]
    );
    assert_eq!(through_stdin(b""), Vec::<Value>::new());
    // A large input goes through a file, not memory.
    let many: String = (0..20_000)
        .map(|i| format!("{{\"id\": \"g{i}\"}}\n"))
        .collect();
    let items = through_stdin(many.as_bytes());
    assert_eq!(items.len(), 20_000);
    assert_eq!(items[19_999], json!([19_999, 20_000, {"id": "g19999"}, []]));
}

#[test]
fn a_stream_is_read_as_json_when_it_is_json_and_as_lines_otherwise() {
    let from = |bytes: &[u8]| read(RecordSource::from_reader(STDIN_NAME, bytes).unwrap());
    // One record on one line is one JSON document: it has no line.
    assert_eq!(
        from(b"{\"id\": \"a\"}\n"),
        [ok(0, None, json!({"id": "a"}))]
    );
    assert_eq!(
        from(b"\xEF\xBB\xBF[1, [2]]"),
        [ok(0, None, json!(1)), ok(1, None, json!([2]))]
    );
    assert_eq!(from(b"[]"), []);
    assert_eq!(from(b" \n\n "), []);
    assert_eq!(
        from(b"1\n2\n"),
        [ok(0, Some(1), json!(1)), ok(1, Some(2), json!(2))]
    );
    // Not UTF-8: not a JSON document, so lines, and the line is what cannot be read.
    assert_eq!(
        from(b"{\"venue\": \"Caf\xe9\"}\n{}"),
        [
            bad(0, Some(1), "line 1 is not a JSON record: not UTF-8 text"),
            ok(1, Some(2), json!({}))
        ]
    );
    // Too deep for one document: lines.
    assert_eq!(
        from(format!("{}\n", "[".repeat(200)).as_bytes()),
        [bad(
            0,
            Some(1),
            "line 1 is not a JSON record: recursion limit exceeded at line 1 column 128"
        )]
    );
    // The limit holds for both shapes.
    let long = format!("[\"{}\", 1]", "x".repeat(100));
    assert_eq!(
        read(RecordSource::from_reader(STDIN_NAME, long.as_bytes()).unwrap().with_limit(50)),
        [
            bad(0, None, "record 1 is not a JSON record: it is longer than 50 bytes, the most a record may take"),
            ok(1, None, json!(1)),
        ]
    );
    let long = format!("{{}}\n[\"{}\"\n", "x".repeat(100));
    assert_eq!(
        read(RecordSource::from_reader(STDIN_NAME, long.as_bytes()).unwrap().with_limit(50)),
        [
            ok(0, Some(1), json!({})),
            bad(1, Some(2), "line 2 is not a JSON record: it is longer than 50 bytes, the most a record may take"),
        ]
    );
}

/// Gives some bytes, then fails.
struct Failing(&'static [u8]);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("the pipe broke"));
        }
        let n = self.0.len().min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_stream_that_fails_is_named_in_the_error() {
    let Err(e) = RecordSource::from_reader(STDIN_NAME, Failing(b"[1, 2")) else {
        panic!("read");
    };
    assert!(matches!(e, SourceError::Io { .. }));
    assert_eq!(e.to_string(), "cannot read standard input: the pipe broke");
}

// No panic, whatever the input.

fn arb_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => prop::sample::select(vec![
            &b"["[..], b"]", b"{", b"}", b"\"", b"\\", b",", b":", b" ", b"\n", b"\r\n", b"1",
            b"-2.5e3", b"null", b"true", b"\"a\"", b"\"id\":", b"\\u00e9", b"\\ud800", b"\\\"",
            b"\xEF\xBB\xBF", b"\xE2\x82", b"\xE2\x82\xAC", b"\xFF", b"\xC3", b"{\"a\":1,\"a\":2}",
        ])
        .prop_map(<[u8]>::to_vec),
        1 => prop::collection::vec(any::<u8>(), 0..4),
        1 => (1usize..300, prop::sample::select(vec![b'[', b'{'])).prop_map(|(n, b)| vec![b; n]),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

/// What serde_json makes of one record's text, as the source should.
fn oracle_line(text: &[u8]) -> Result<Value, ()> {
    serde_json::from_slice(text).map_err(|_| ())
}

fn outcome(items: &[Short]) -> Vec<Result<Value, ()>> {
    items.iter().map(|i| i.2.clone().map_err(|_| ())).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn no_input_makes_the_reader_panic_and_json_reads_as_serde_json_does(
        bytes in arb_bytes(),
        limit in prop::sample::select(vec![1usize, 8, 64, MAX_RECORD_BYTES]),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let doc = bytes.strip_prefix(BOM).unwrap_or(&bytes);

        // As .json: readable exactly when serde_json reads it (bar lone surrogates, which
        // serde_json skims but will not make a string of), and then the same records.
        let path = write(dir.path(), "f.json", &bytes);
        let whole = serde_json::from_slice::<Value>(doc);
        match RecordSource::open(&path) {
            Ok(source) => {
                let items = read(source.with_limit(limit));
                for (i, item) in items.iter().enumerate() {
                    prop_assert_eq!(item.0, i);
                    prop_assert_eq!(item.1, None);
                }
                if let Ok(whole) = whole {
                    let records = match whole {
                        Value::Array(list) => list,
                        other => vec![other],
                    };
                    prop_assert_eq!(items.len(), records.len());
                    if limit == MAX_RECORD_BYTES {
                        let values: Vec<_> = items.iter().map(|i| i.2.clone().unwrap()).collect();
                        prop_assert_eq!(values, records);
                    }
                }
            }
            Err(e) => prop_assert!(whole.is_err(), "{}", e),
        }

        // As .jsonl: a record a line, as serde_json reads each line.
        let path = write(dir.path(), "f.jsonl", &bytes);
        let items = read(RecordSource::open(&path).unwrap().with_limit(limit));
        let mut expected = Vec::new();
        let mut lines = Vec::new();
        for (n, line) in doc.split(|&b| b == b'\n').enumerate() {
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            lines.push(n + 1);
            expected.push(if line.len() > limit { Err(()) } else { oracle_line(line) });
        }
        prop_assert_eq!(outcome(&items), expected);
        prop_assert_eq!(items.iter().map(|i| i.1.unwrap()).collect::<Vec<_>>(), lines);

        // As a stream.
        let source = RecordSource::from_reader(STDIN_NAME, &bytes[..]).unwrap().with_limit(limit);
        let items = read(source);
        for (i, item) in items.iter().enumerate() {
            prop_assert_eq!(item.0, i);
        }
    }
}
