//! The layers of `src/` point one way: `rules` ← `record` ← `replay` ← `check` and `scorer` ←
//! `cli`, each using only those before it (`check` and `scorer`, side by side, never use each
//! other). This test reads the source, resolves every `use` and every `crate::`, `super::` and
//! `don::` path (and, in a module's own file, every path through a child it declares) to the
//! file that defines it, and fails on a cycle between files, on a layer that reaches up, and on
//! I/O or a record format in the pure `rules` layer, and on a store that checks or replays a game.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers from the bottom; a file may use its own layer and those below.
const LAYERS: &[&str] = &[
    "rules", "record", "replay", "check", "scorer", "league", "store", "app", "publish", "web",
    "cli",
];

/// Layers on the same level, which use neither of each other though one is listed first.
const SIDE_BY_SIDE: &[(&str, &str)] = &[
    ("check", "scorer"),
    ("check", "league"),
    ("scorer", "league"),
];

/// Paths the pure rules layer must not use (I/O, the environment, a format, a database).
const NOT_IN_RULES: &[&str] = &[
    "std::io",
    "std::fs",
    "std::net",
    "std::process",
    "std::env",
    "std::thread",
    "serde",
    "serde_json",
    "rusqlite",
];

/// Layers the store must not use: it reads and writes what is stored; a game is replayed, or a
/// record checked, above it (in `app`), once per command.
const NOT_IN_STORE: &[&str] = &["check", "replay"];

/// Store files allowed to replay or check: none (issue 16 moved every replay above the store).
const STORE_REPLAYS_YET: &[&str] = &[];

/// Macros the pure rules layer must not call.
const MACROS_NOT_IN_RULES: &[&str] = &["println!", "eprintln!", "print!", "eprint!", "dbg!"];

/// A source file as a module: its path in the crate (`rules::game`), and whether it is the
/// binary's (`cli`, `main`) or the library's.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Module {
    bin: bool,
    path: Vec<String>,
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_of(file: &Path) -> Module {
    let rel = file.strip_prefix(src()).unwrap();
    let mut path: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if path.last().is_some_and(|l| l == "mod") {
        path.pop();
    }
    let bin = path.first().is_some_and(|f| f == "cli" || f == "main");
    if path == ["lib"] || path == ["main"] {
        path.clear();
    }
    Module { bin, path }
}

/// The code without comments, string and char literals, and items under `#[cfg(test)]` (tests
/// use their parent freely).
fn code_of(text: &str) -> String {
    without_test_items(&without_comments_and_literals(text))
}

/// Removes each item that follows a `#[cfg(test)]`: up to the end of its braces, or its `;`.
fn without_test_items(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        let mut depth = 0usize;
        let mut end = item.len();
        for (i, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

fn without_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) == Some(&'"') {
                j += 1;
                loop {
                    if j >= chars.len() {
                        break;
                    }
                    if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                out.push_str("\"\"");
                i = j;
            } else {
                out.push(c);
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{1b}'), or a lifetime ('a), which is kept.
            let close = if next == Some('\\') {
                (i + 2..chars.len().min(i + 12)).find(|&j| chars[j] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(j) => {
                    out.push_str("' '");
                    i = j + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// Expands a `use` tree into whole paths: `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or("").trim();
        return vec![path.trim_end_matches("::*").to_string()];
    };
    let prefix = tree[..open].trim().trim_end_matches("::");
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            expand(p).into_iter().map(move |rest| match rest.as_str() {
                "self" => prefix.to_string(),
                _ if prefix.is_empty() => rest,
                _ => format!("{prefix}::{rest}"),
            })
        })
        .collect()
}

/// Every path the code names: in `use` trees, expanded, and written out in the code.
fn paths_in(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        paths.extend(expand(&after[..end]));
        rest = &after[end..];
    }
    let bytes = code.as_bytes();
    for (i, _) in code.match_indices("::") {
        // The whole path this `::` belongs to, from its first segment.
        let mut s = i;
        while s > 0 {
            let b = bytes[s - 1];
            if b.is_ascii_alphanumeric() || b == b'_' || b == b':' {
                s -= 1;
            } else {
                break;
            }
        }
        if s < i && (s == 0 || !code[..s].ends_with("::")) {
            let mut e = i + 2;
            while e < bytes.len()
                && (bytes[e].is_ascii_alphanumeric() || bytes[e] == b'_' || bytes[e] == b':')
            {
                e += 1;
            }
            paths.push(code[s..e].trim_end_matches(':').to_string());
        }
    }
    paths
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        let after = bytes
            .get(at + word.len())
            .is_some_and(|b| b.is_ascii_whitespace());
        if before && after {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The child modules a file declares: `mod x;`, with any visibility (`pub(super) mod x;`).
fn children_of(code: &str) -> BTreeSet<String> {
    code.lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = match l.strip_prefix("pub") {
                Some(rest) => &rest[rest.find("mod ")?..],
                None => l,
            };
            let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_string())
        })
        .collect()
}

/// The module a path leads to: the deepest module along it that is a file.
fn resolve(
    from: &Module,
    path: &str,
    children: &BTreeSet<String>,
    modules: &BTreeSet<Module>,
) -> Option<Module> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let (&head, mut rest) = segs.split_first()?;
    let (bin, mut base) = match head {
        "crate" => (from.bin, Vec::new()),
        "don" => (false, Vec::new()),
        "self" => (from.bin, from.path.clone()),
        "super" => {
            // `super` is the parent of the module the file is, whether a leaf or a `mod.rs`.
            let mut base = from.path.clone();
            base.pop();
            while rest.first() == Some(&"super") {
                rest = &rest[1..];
                base.pop();
            }
            (from.bin, base)
        }
        child if children.contains(child) => {
            rest = &segs[..];
            (from.bin, from.path.clone())
        }
        _ => return None,
    };
    let mut best = None;
    let try_base = |base: &Vec<String>| {
        let candidate = Module {
            bin,
            path: base.clone(),
        };
        modules.contains(&candidate).then_some(candidate)
    };
    if let Some(m) = try_base(&base) {
        best = Some(m);
    }
    for seg in rest {
        base.push(seg.to_string());
        match try_base(&base) {
            Some(m) => best = Some(m),
            None => break,
        }
    }
    best
}

struct Graph {
    files: BTreeMap<Module, PathBuf>,
    edges: BTreeMap<Module, BTreeSet<Module>>,
    codes: BTreeMap<Module, String>,
    /// Every path each file names.
    paths: BTreeMap<Module, Vec<String>>,
}

fn graph() -> Graph {
    let mut list = Vec::new();
    rust_files(&src(), &mut list);
    let files: BTreeMap<Module, PathBuf> = list.into_iter().map(|f| (module_of(&f), f)).collect();
    let modules: BTreeSet<Module> = files.keys().cloned().collect();
    let mut edges = BTreeMap::new();
    let mut codes = BTreeMap::new();
    let mut paths = BTreeMap::new();
    for (module, file) in &files {
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        let children = children_of(&code);
        let named = paths_in(&code);
        let targets: BTreeSet<Module> = named
            .iter()
            .filter_map(|p| resolve(module, p, &children, &modules))
            .filter(|m| m != module)
            .collect();
        edges.insert(module.clone(), targets);
        codes.insert(module.clone(), code);
        paths.insert(module.clone(), named);
    }
    Graph {
        files,
        edges,
        codes,
        paths,
    }
}

fn name(m: &Module) -> String {
    let crate_name = if m.bin { "bin" } else { "lib" };
    if m.path.is_empty() {
        crate_name.to_string()
    } else {
        m.path.join("::")
    }
}

fn layer(m: &Module) -> Option<usize> {
    let top = m.path.first()?;
    LAYERS.iter().position(|l| l == top)
}

#[test]
fn the_source_is_read_as_modules_with_their_imports() {
    let g = graph();
    let m = |p: &str| Module {
        bin: p.starts_with("cli"),
        path: p.split("::").map(String::from).collect(),
    };
    // A sample of edges the code has, so that the reading itself is tested.
    for (from, to) in [
        ("rules::game", "rules::hand"),
        ("rules::game", "rules::totals"),
        ("rules::variant::blind_don", "rules::variant::nine_card_don"),
        ("record::game", "record::fault"),
        ("replay::record", "replay::game"),
        ("check", "replay"),
        ("cli::check", "check"),
        ("cli::sheet", "cli::text"),
        ("scorer::session", "scorer::journal"),
        ("scorer::session", "replay"),
        ("scorer::lines", "record::line"),
    ] {
        assert!(
            g.edges[&m(from)].contains(&m(to)),
            "{from} → {to} not seen: {:?}",
            g.edges[&m(from)].iter().map(name).collect::<Vec<_>>()
        );
    }
    assert!(g.files.len() >= 30, "{} files", g.files.len());
    assert_eq!(
        expand("crate::rules::{card::Card, seat::{Seat, Side}, self}"),
        [
            "crate::rules::card::Card",
            "crate::rules::seat::Seat",
            "crate::rules::seat::Side",
            "crate::rules"
        ]
    );
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let g = graph();
    // Depth-first search for a cycle, reporting it whole.
    fn visit(
        g: &Graph,
        m: &Module,
        stack: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(i) = stack.iter().position(|s| s == m) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(m.clone());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.clone());
        for next in &g.edges[m] {
            if let Some(cycle) = visit(g, next, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(m.clone());
        None
    }
    let mut done = BTreeSet::new();
    for m in g.edges.keys() {
        if let Some(cycle) = visit(&g, m, &mut Vec::new(), &mut done) {
            let names: Vec<String> = cycle.iter().map(name).collect();
            panic!("an import cycle: {}", names.join(" → "));
        }
    }
}

#[test]
fn no_layer_reaches_up() {
    let g = graph();
    let mut wrong = Vec::new();
    for (from, targets) in &g.edges {
        for to in targets {
            if let (Some(a), Some(b)) = (layer(from), layer(to)) {
                let apart = SIDE_BY_SIDE.iter().any(|&(x, y)| {
                    let pair = (LAYERS[a], LAYERS[b]);
                    pair == (x, y) || pair == (y, x)
                });
                if b > a || apart {
                    wrong.push(format!("{} uses {}", name(from), name(to)));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "layers reaching up: {wrong:#?}");
}

/// Each module of `layer` (outside `allowed`) that uses a module of one of `banned`.
fn uses_of(
    edges: &BTreeMap<Module, BTreeSet<Module>>,
    layer: &str,
    banned: &[&str],
    allowed: &[&str],
) -> Vec<String> {
    let top = |m: &Module| m.path.first().cloned().unwrap_or_default();
    let mut wrong = Vec::new();
    for (from, targets) in edges {
        if top(from) != layer || allowed.contains(&name(from).as_str()) {
            continue;
        }
        for to in targets {
            if banned.contains(&top(to).as_str()) {
                wrong.push(format!("{} uses {}", name(from), name(to)));
            }
        }
    }
    wrong
}

#[test]
fn the_store_neither_checks_nor_replays() {
    let g = graph();
    let wrong = uses_of(&g.edges, "store", NOT_IN_STORE, STORE_REPLAYS_YET);
    assert!(wrong.is_empty(), "the store replays: {wrong:#?}");
}

#[test]
fn a_store_that_replays_is_seen() {
    let m = |p: &str| Module {
        bin: false,
        path: p.split("::").map(String::from).collect(),
    };
    let mut edges = BTreeMap::new();
    edges.insert(
        m("store::league"),
        BTreeSet::from([m("check"), m("league::night")]),
    );
    edges.insert(m("store::games"), BTreeSet::from([m("replay::sheet")]));
    edges.insert(m("app::season"), BTreeSet::from([m("check")]));
    assert_eq!(
        uses_of(&edges, "store", NOT_IN_STORE, &[]),
        [
            "store::games uses replay::sheet",
            "store::league uses check"
        ]
    );
    assert_eq!(
        uses_of(&edges, "store", NOT_IN_STORE, &["store::games"]),
        ["store::league uses check"]
    );
}

#[test]
fn the_rules_layer_does_no_io_and_knows_no_format() {
    let g = graph();
    let mut wrong = Vec::new();
    for (m, code) in &g.codes {
        if layer(m) != Some(0) {
            continue;
        }
        for path in &g.paths[m] {
            let path = path.trim_start_matches("::");
            let banned = NOT_IN_RULES
                .iter()
                .find(|b| path == **b || path.starts_with(&format!("{b}::")));
            if let Some(b) = banned {
                wrong.push(format!("{} uses {path} ({b})", name(m)));
            }
        }
        for word in MACROS_NOT_IN_RULES {
            if code.contains(word) {
                wrong.push(format!("{} uses {word}", name(m)));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
