//! Words in the front ends: no string below the command line names a flag (`--season`) or a
//! `don ...` command. The library carries data; `cli` writes the terminal's sentences and hints,
//! the web its own. This walks every source file outside `cli` (today's `src/<layer>/` and the
//! workspace's `crates/<name>/src/` alike) and reads its string literals, leaving out comments
//! and `#[cfg(test)]` code.

use std::fs;
use std::path::{Path, PathBuf};

/// Folders never walked: the command line's own, the tests, benchmarks and build output.
const SKIPPED: [&str; 5] = ["cli", "tests", "target", "benches", ".git"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !SKIPPED.contains(&name) {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// One string literal: the line it begins on and its text as written (escapes left as they are).
struct Literal {
    line: usize,
    text: String,
}

/// What a file's scan found: its string literals outside test code, and the files of the
/// modules it declares only for tests (`#[cfg(test)] mod name;`).
struct Scan {
    literals: Vec<Literal>,
    test_modules: Vec<String>,
}

/// A small Rust lexer: enough to tell strings from comments, char literals and lifetimes.
fn scan(src: &str) -> Scan {
    let b = src.as_bytes();
    let mut i = 0;
    let mut line = 1;
    let mut literals = Vec::new();
    let mut test_modules = Vec::new();
    // After `#[cfg(test)]`: the next item is test code.
    let mut pending_test = false;
    let mut pending_start = 0;
    // Brace depth, and the depth at which a test item's body began (its literals are skipped).
    let mut depth = 0usize;
    let mut test_depth: Option<usize> = None;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut nest = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    nest += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    nest -= 1;
                    i += 2;
                    if nest == 0 {
                        break;
                    }
                } else {
                    if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if (c == b'r' || c == b'b')
            && (i == 0 || !ident(b[i - 1]))
            && raw_start(&b[i..]).is_some()
        {
            let (skip, hashes) = raw_start(&b[i..]).unwrap_or((0, 0));
            let start_line = line;
            i += skip;
            let begin = i;
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            while i < b.len() && !b[i..].starts_with(&close) {
                if b[i] == b'\n' {
                    line += 1;
                }
                i += 1;
            }
            if test_depth.is_none() {
                literals.push(Literal {
                    line: start_line,
                    text: src[begin..i.min(b.len())].to_string(),
                });
            }
            i += close.len();
        } else if c == b'"' {
            let start_line = line;
            i += 1;
            let begin = i;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                if i < b.len() && b[i] == b'\n' {
                    line += 1;
                }
                i += 1;
            }
            if test_depth.is_none() {
                literals.push(Literal {
                    line: start_line,
                    text: src[begin..i.min(b.len())].to_string(),
                });
            }
            i += 1;
        } else if c == b'\'' {
            // A char literal ('x', '\n', '\u{..}', '"') or a lifetime ('a).
            if b.get(i + 1) == Some(&b'\\') {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            } else if let Some(len) = src[i + 1..].chars().next().map(char::len_utf8) {
                if b.get(i + 1 + len) == Some(&b'\'') {
                    i += 2 + len;
                } else {
                    i += 1;
                }
            } else {
                i += 1;
            }
        } else if b[i..].starts_with(b"#[cfg(test)]") {
            pending_test = true;
            pending_start = i + "#[cfg(test)]".len();
            i += "#[cfg(test)]".len();
        } else if c == b'{' {
            if pending_test && test_depth.is_none() {
                test_depth = Some(depth);
            }
            pending_test = false;
            depth += 1;
            i += 1;
        } else if c == b'}' {
            depth = depth.saturating_sub(1);
            if test_depth == Some(depth) {
                test_depth = None;
            }
            i += 1;
        } else if c == b';' {
            if pending_test {
                // `#[cfg(test)] mod name;`: that module's file is test code.
                let item = src[pending_start..i].split_whitespace().collect::<Vec<_>>();
                if let Some(at) = item.iter().position(|w| *w == "mod") {
                    if let Some(name) = item.get(at + 1) {
                        test_modules.push(name.to_string());
                    }
                }
            }
            pending_test = false;
            i += 1;
        } else {
            i += 1;
        }
    }
    Scan {
        literals,
        test_modules,
    }
}

/// The length of a raw (or byte) string's opening and its number of `#`s, if one begins here.
fn raw_start(b: &[u8]) -> Option<(usize, usize)> {
    let mut i = 0;
    if b.first() == Some(&b'b') {
        i += 1;
    }
    if b.get(i) != Some(&b'r') {
        return None;
    }
    i += 1;
    let mut hashes = 0;
    while b.get(i) == Some(&b'#') {
        hashes += 1;
        i += 1;
    }
    (b.get(i) == Some(&b'"')).then_some((i + 1, hashes))
}

/// What a literal names that only a front end may: a flag (`--season`) or a `` `don ...` ``
/// command.
fn names_the_command_line(text: &str) -> Option<&'static str> {
    let b = text.as_bytes();
    let flag = b.windows(3).enumerate().any(|(at, w)| {
        w[0] == b'-' && w[1] == b'-' && w[2].is_ascii_lowercase() && (at == 0 || b[at - 1] != b'-')
    });
    if flag {
        Some("a flag")
    } else if text
        .match_indices("`don ")
        .any(|(at, m)| b.get(at + m.len()).is_some_and(u8::is_ascii_lowercase))
    {
        Some("a `don` command")
    } else {
        None
    }
}

/// The module files a `#[cfg(test)] mod name;` in `file` points at.
fn module_files(file: &Path, name: &str) -> [PathBuf; 2] {
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let dir = file.parent().unwrap_or(Path::new(""));
    let dir = if ["mod", "lib", "main"].contains(&stem) {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
}

#[test]
fn no_string_below_the_front_ends_names_a_flag_or_a_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for top in ["src", "crates"] {
        sources(&root.join(top), &mut files);
    }
    assert!(
        files.len() > 50,
        "the walk found only {} source files",
        files.len()
    );
    let scans: Vec<(PathBuf, Scan)> = files
        .iter()
        .map(|f| (f.clone(), scan(&fs::read_to_string(f).unwrap())))
        .collect();
    let test_files: Vec<PathBuf> = scans
        .iter()
        .flat_map(|(f, s)| s.test_modules.iter().flat_map(|m| module_files(f, m)))
        .collect();
    let mut found = Vec::new();
    for (file, scan) in &scans {
        if test_files.contains(file) {
            continue;
        }
        let shown = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        found.extend(scan.literals.iter().filter_map(|literal| {
            names_the_command_line(&literal.text)
                .map(|what| format!("{shown}:{}: names {what}: {:?}", literal.line, literal.text))
        }));
    }
    assert!(
        found.is_empty(),
        "{} strings below the front ends name the command line (the front end writes those words):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_scan_reads_strings_and_leaves_comments_and_test_code() {
    let src = r##"
// a comment: give --season
/* a block: `don undo` */
fn f() -> &'static str { let c = '"'; "plain --flag" }
const R: &str = r#"raw `don log` "quoted" "#;
#[cfg(test)]
mod tests {
    fn g() { let _ = "--in-a-test"; }
}
fn h() { let _ = ("<!-- html -->", "a -- b", "---", "the don rules", "e.g. `don 1`"); }
#[cfg(test)]
mod more;
"##;
    let scan = scan(src);
    let texts: Vec<&str> = scan.literals.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "plain --flag",
            "raw `don log` \"quoted\" ",
            "<!-- html -->",
            "a -- b",
            "---",
            "the don rules",
            "e.g. `don 1`"
        ]
    );
    assert_eq!(scan.literals[0].line, 4);
    assert_eq!(scan.test_modules, ["more"]);
    let named: Vec<_> = texts.iter().map(|t| names_the_command_line(t)).collect();
    assert_eq!(
        named,
        [
            Some("a flag"),
            Some("a `don` command"),
            None,
            None,
            None,
            None,
            None
        ]
    );
}
