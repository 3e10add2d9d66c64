//! The user's documents: README.md and docs/*.md link only to files and headings that exist;
//! neither they nor any `--help` text send a reader to FORMAT.md or RULES.md (the project's
//! specification, outside the repository) without a link to the docs/ guide that explains it;
//! the guides name every variant, option, option word, tie-breaker, kind of match, error code
//! and scorer's line the program knows, and the commands, options and results columns added
//! since they were first written; and the transcripts of `don play` in docs/formats.md are what
//! it prints.

use crate::common;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use common::{run_don, text};
use don::league::{Breaker, Kind};
use don::record::fault::Code;
use don::record::line::{parse_line, LineError};
use don::rules::option::{OptionValue, RulesetError};
use don::rules::Variant;

const SPEC: [&str; 2] = ["FORMAT.md", "RULES.md"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// README.md and every docs/*.md.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("an entry of docs/").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    assert!(
        docs.len() >= 3,
        "docs/ has the rules, formats and league guides: {docs:?}"
    );
    docs.insert(0, root().join("README.md"));
    docs
}

/// The text outside fenced code blocks, line by line (code blocks become blank lines).
fn prose(markdown: &str) -> Vec<String> {
    let mut fenced = false;
    markdown
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                return String::new();
            }
            if fenced {
                String::new()
            } else {
                line.to_string()
            }
        })
        .collect()
}

/// A line without its inline code spans.
fn without_code(line: &str) -> String {
    line.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, part)| part)
        .collect::<Vec<_>>()
        .join("")
}

/// GitHub's anchor for a heading: lower case, letters, digits, `-` and `_` kept, spaces to `-`,
/// everything else dropped; a repeated heading gets `-1`, `-2` …
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = BTreeSet::new();
    for line in prose(markdown) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        });
        *n += 1;
    }
    out
}

/// The targets of the Markdown links and images on a line: `[text](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    let mut out = Vec::new();
    let mut rest = line.as_str();
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        match after.find(')') {
            Some(end) => {
                out.push(after[..end].trim().to_string());
                rest = &after[end..];
            }
            None => break,
        }
    }
    out
}

/// What is wrong with a relative link from `from` (a document), if anything.
fn broken_link(from: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        from.to_path_buf()
    } else {
        from.parent().expect("a folder").join(path)
    };
    if !file.exists() {
        return Some(format!("{target}: no file {}", file.display()));
    }
    let anchor = anchor?;
    if file.extension().is_none_or(|e| e != "md") {
        return Some(format!(
            "{target}: an anchor into a file that is not Markdown"
        ));
    }
    let known = anchors(&read(&file));
    (!known.contains(anchor)).then(|| {
        format!(
            "{target}: {} has no heading #{anchor} (it has {known:?})",
            file.display()
        )
    })
}

#[test]
fn every_relative_link_in_the_documents_leads_to_a_file_and_heading_that_exist() {
    let mut faults = Vec::new();
    let mut links = 0;
    for doc in documents() {
        for (n, line) in prose(&read(&doc)).iter().enumerate() {
            for target in link_targets(line) {
                links += 1;
                if let Some(fault) = broken_link(&doc, &target) {
                    faults.push(format!("{}:{}: {fault}", doc.display(), n + 1));
                }
            }
        }
    }
    assert!(faults.is_empty(), "broken links:\n{}", faults.join("\n"));
    assert!(links > 50, "only {links} links found: is the reader right?");
}

#[test]
fn the_link_checker_finds_a_missing_file_and_a_missing_heading() {
    let readme = root().join("README.md");
    assert_eq!(broken_link(&readme, "docs/rules.md#irish-don"), None);
    assert_eq!(
        broken_link(&readme, "docs/formats.md#the-scorers-lines"),
        None
    );
    assert_eq!(broken_link(&readme, "https://example.com/x.md#y"), None);
    assert!(broken_link(&readme, "docs/rule.md").is_some());
    assert!(broken_link(&readme, "docs/rules.md#no-such-heading").is_some());
    assert!(broken_link(&readme, "#no-such-heading").is_some());
    let slugs = anchors("# The scorer's lines\n## `check --json`\n```\n# not a heading\n```\n## Misère\n## Misère\n");
    let want: BTreeSet<String> = ["the-scorers-lines", "check---json", "misère", "misère-1"]
        .map(String::from)
        .into();
    assert_eq!(slugs, want);
}

/// The paragraphs of a document (a table row is a paragraph of its own) that name FORMAT.md or
/// RULES.md with no link into docs/.
fn spec_without_docs_link(markdown: &str) -> Vec<String> {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in markdown.lines() {
        if line.trim().is_empty() || line.trim_start().starts_with('|') {
            paragraphs.push(std::mem::take(&mut current));
            paragraphs.push(line.to_string());
        } else {
            current.push_str(line);
            current.push('\n');
        }
    }
    paragraphs.push(current);
    paragraphs
        .into_iter()
        .filter(|p| SPEC.iter().any(|s| p.contains(s)) && !p.contains("](docs/"))
        .collect()
}

#[test]
fn the_readme_names_the_specification_only_beside_a_link_to_the_docs() {
    let readme = read(&root().join("README.md"));
    let faults = spec_without_docs_link(&readme);
    assert!(
        faults.is_empty(),
        "README.md sends readers to the specification, outside the repository, without a docs/ link:\n{}",
        faults.join("\n---\n")
    );
    for guide in ["docs/rules.md", "docs/formats.md", "docs/league.md"] {
        assert!(
            readme.contains(&format!("]({guide})")),
            "README.md links {guide}"
        );
    }
    // The check itself: a bare mention is caught, one beside a link is not.
    assert_eq!(
        spec_without_docs_link("See FORMAT.md §5.\n\nSee [the lines](docs/formats.md) (FORMAT.md §5).\n| RULES.md | x |\n").len(),
        2
    );
}

/// Every command path of `don`: `[]`, `["check"]`, `["league", "new"]` …, from the help texts.
fn commands(path: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let help = run_don(&args);
    assert_eq!(help.status.code(), Some(0), "don {}", args.join(" "));
    let help = text(&help.stdout);
    out.push(path.clone());
    let subcommands: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect();
    for sub in subcommands {
        let mut deeper = path.clone();
        deeper.push(sub);
        commands(deeper, out);
    }
}

#[test]
fn no_help_text_sends_a_reader_to_the_specification_and_its_docs_links_exist() {
    let mut all = Vec::new();
    commands(Vec::new(), &mut all);
    assert!(all.len() > 30, "only {} commands found: {all:?}", all.len());
    let mut faults = Vec::new();
    let mut links = BTreeSet::new();
    for path in &all {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = text(&run_don(&args).stdout);
        for line in help.lines() {
            if SPEC.iter().any(|s| line.contains(s)) && !line.contains("docs/") {
                faults.push(format!("don {}: {line}", args.join(" ")));
            }
            for (i, _) in line.match_indices("docs/") {
                let link: String = line[i..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || matches!(c, '/' | '.' | '#' | '-' | '_'))
                    .collect();
                let link = link.trim_end_matches('.').to_string();
                if let Some(fault) = broken_link(&root().join("README.md"), &link) {
                    faults.push(format!("don {}: {fault}", args.join(" ")));
                }
                links.insert(link);
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    for needed in [
        "docs/formats.md#the-scorers-lines",
        "docs/formats.md#check-reports",
        "docs/formats.md#standings-json",
        "docs/rules.md",
        "docs/league.md",
    ] {
        assert!(
            links.contains(needed),
            "no help text links {needed}: {links:?}"
        );
    }
}

#[test]
fn no_source_line_of_the_command_names_the_specification_without_the_docs() {
    let mut files = vec![];
    let mut dirs = vec![root().join("src/cli")];
    // A command group may be a folder of its own (src/cli/league/).
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/cli") {
            let path = entry.expect("a file").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    let mut faults = Vec::new();
    for path in files {
        for (n, line) in read(&path).lines().enumerate() {
            if SPEC.iter().any(|s| line.contains(s)) && !line.contains("docs/") {
                faults.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Whether a document names a word as code: `word` or `"word"`.
fn names(doc: &str, word: &str) -> bool {
    doc.contains(&format!("`{word}`")) || doc.contains(&format!("`\"{word}\"`"))
}

/// The words an option takes, as the program says when given a value it does not take.
fn option_words(variant: &str, option: &str) -> Vec<String> {
    let probe = OptionValue::Str("\u{1}".into());
    match Variant::build(variant, [(option, probe)]) {
        Err(RulesetError::BadValue { expected, .. }) => expected
            .split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect(),
        other => panic!("{variant} {option}: {other:?}"),
    }
}

#[test]
fn the_rules_guide_names_every_variant_option_and_option_word() {
    let doc = read(&root().join("docs/rules.md"));
    let mut missing = Vec::new();
    let mut words = 0;
    for variant in Variant::NAMES {
        if !names(&doc, variant) {
            missing.push(variant.to_string());
        }
        let options = Variant::default_for(variant).expect("a variant").options();
        for (option, _) in options {
            if !names(&doc, option) {
                missing.push(format!("{variant} {option}"));
            }
            for word in option_words(variant, option) {
                words += 1;
                if !names(&doc, &word) {
                    missing.push(format!("{variant} {option} = {word}"));
                }
            }
        }
    }
    assert!(missing.is_empty(), "docs/rules.md lacks {missing:?}");
    assert!(words >= 17, "only {words} option words found");
}

#[test]
fn the_league_guide_names_every_tie_breaker_and_kind_of_match() {
    let doc = read(&root().join("docs/league.md"));
    for b in Breaker::ALL {
        assert!(names(&doc, b.as_str()), "docs/league.md lacks {b}");
    }
    for k in Kind::ALL {
        assert!(names(&doc, k.as_str()), "docs/league.md lacks {k}");
    }
}

/// Every code, by a match with no catch-all, so a new code cannot be left out.
fn every_code() -> Vec<Code> {
    use Code::*;
    let all = vec![
        Parse,
        Schema,
        Ruleset,
        BadCard,
        CardNotInPack,
        DuplicateCard,
        WrongTrickSize,
        WrongTrickCount,
        Renege,
        NotPlayable,
        WrongPitcher,
        ImpossibleTotals,
        AmbiguousWinner,
        AfterEnd,
        Unfinished,
    ];
    for code in &all {
        match code {
            Parse | Schema | Ruleset | BadCard | CardNotInPack | DuplicateCard | WrongTrickSize
            | WrongTrickCount | Renege | NotPlayable | WrongPitcher | ImpossibleTotals
            | AmbiguousWinner | AfterEnd | Unfinished => {}
        }
    }
    all
}

#[test]
fn the_formats_guide_names_every_code_and_every_word_the_scorer_reads() {
    let doc = read(&root().join("docs/formats.md"));
    for code in every_code() {
        assert!(names(&doc, code.as_str()), "docs/formats.md lacks {code}");
    }
    let lines = doc
        .split("\n## ")
        .find(|s| s.starts_with("The scorer's lines"))
        .expect("a section on the scorer's lines");
    let candidates = [
        "pitcher", "totals", "abandon", "penalty", "concede", "claim", "undo", "quit", "help",
        "exit", "?", "layout", "redo", "status", "show", "score",
    ];
    let mut known = 0;
    for word in candidates {
        if matches!(parse_line(word), Err(LineError::UnknownWord(_))) {
            continue;
        }
        known += 1;
        assert!(
            lines.contains(&format!("`{word}")),
            "the scorer reads `{word}` but docs/formats.md's scorer's lines do not show it"
        );
    }
    assert!(known >= 8, "only {known} words known");
}

/// Whether some inline code span of a document's prose holds `words` (`don night correct HOME
/// AWAY` holds `night correct`).
fn names_in_code(doc: &str, words: &str) -> bool {
    prose(doc).iter().any(|line| {
        line.split('`')
            .enumerate()
            .any(|(i, span)| i % 2 == 1 && span.contains(words))
    })
}

#[test]
fn the_guides_name_the_commands_options_and_columns_added_since_they_were_written() {
    let league = read(&root().join("docs/league.md"));
    let mut missing = Vec::new();
    for words in ["night correct", "--moved", "--new-player", "backup"] {
        if !names_in_code(&league, words) {
            missing.push(format!("docs/league.md: `{words}`"));
        }
    }
    if !names_in_code(&league, "undo N") {
        missing.push("docs/league.md: `undo N` (or `don undo N`)".to_string());
    }
    let formats = read(&root().join("docs/formats.md"));
    // The configuration shape, by name and header, and the confirmation column.
    for words in ["configuration", "confirmation"] {
        if !names_in_code(&formats, words) {
            missing.push(format!("docs/formats.md: `{words}`"));
        }
    }
    if !formats.contains("\nseason,setting,value\n") {
        missing.push("docs/formats.md: the header season,setting,value".to_string());
    }
    if !anchors(&formats).contains("configuration") {
        missing.push("docs/formats.md: a heading for the configuration shape".to_string());
    }
    let results = formats
        .split("\n## ")
        .find(|s| s.starts_with("Results CSV"))
        .expect("a section on results CSV");
    for column in [
        "confirmation",
        "entered_by",
        "disputed_by",
        "reason",
        "incomplete",
    ] {
        if !names(results, column) {
            missing.push(format!("docs/formats.md#results-csv: `{column}`"));
        }
    }
    assert!(missing.is_empty(), "the guides lack {missing:?}");
    // The check itself: a word only in a code block, or only in prose, is not enough.
    assert!(names_in_code(
        "Run `don night correct A B` now.",
        "night correct"
    ));
    assert!(!names_in_code(
        "```\ndon night correct\n```\n",
        "night correct"
    ));
    assert!(!names_in_code(
        "night correct puts it right",
        "night correct"
    ));
}

/// The transcripts of `don play` in docs/formats.md's scorer's lines: each `console` block run
/// in a new database, every `$` line through `sh` (with `don` on the PATH) giving exactly the
/// lines under it; `session.txt` is the plain block introduced as it.
#[test]
fn the_scorers_transcripts_are_what_don_play_prints() {
    let doc = read(&root().join("docs/formats.md"));
    let lines = doc
        .split("\n## ")
        .find(|s| s.starts_with("The scorer's lines"))
        .expect("a section on the scorer's lines");
    // The fenced blocks: (info string, the line before the fence, the body).
    let mut blocks: Vec<(String, String, String)> = Vec::new();
    let mut open: Option<(String, String, String)> = None;
    let mut before = String::new();
    for line in lines.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            match open.take() {
                Some(block) => blocks.push(block),
                None => open = Some((info.to_string(), before.clone(), String::new())),
            }
        } else if let Some((_, _, body)) = open.as_mut() {
            body.push_str(line);
            body.push('\n');
        } else if !line.trim().is_empty() {
            before = line.to_string();
        }
    }
    let session = blocks
        .iter()
        .find(|(info, before, _)| info.is_empty() && before.contains("(`session.txt`)"))
        .map(|(_, _, body)| body.clone())
        .expect("the session's lines, introduced with (`session.txt`)");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_don"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut run = 0;
    for (_, _, body) in blocks.iter().filter(|(info, _, _)| info == "console") {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(dir.path().join("session.txt"), &session).expect("session.txt");
        // Each command with the lines it prints.
        let mut steps: Vec<(String, String)> = Vec::new();
        for line in body.lines() {
            match line.strip_prefix("$ ") {
                Some(cmd) => steps.push((cmd.to_string(), String::new())),
                None => {
                    let (_, want) = steps.last_mut().expect("a command before its output");
                    want.push_str(line);
                    want.push('\n');
                }
            }
        }
        for (cmd, want) in steps {
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(&cmd)
                .current_dir(dir.path())
                .env("PATH", &path)
                .env("DON_DB", dir.path().join("don.db"))
                .env_remove("COLUMNS")
                .env_remove("DON_LEAGUE")
                .output()
                .expect("run sh");
            assert_eq!(
                text(&out.stdout),
                want,
                "docs/formats.md: `{cmd}` prints otherwise (stderr: {})",
                text(&out.stderr)
            );
            run += 1;
        }
    }
    assert!(run >= 3, "only {run} commands found in the transcripts");
}

/// Whether `name` matches `pattern`, whose one `*` stands for any run of characters.
fn glob(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        Some((head, tail)) => {
            name.len() >= head.len() + tail.len() && name.starts_with(head) && name.ends_with(tail)
        }
        None => pattern == name,
    }
}

/// The names of a folder's entries, folders with a `/` after them.
fn entries(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .collect();
    names.sort();
    names
}

/// What README.md's tree leaves unnamed, at the level that stays true while files move: each
/// layer (a folder of `src/` or `crates/`, given as `src/app/`) has its own row, and the row of
/// `tests/` names each of `tests_named` (the test binary's modules as `NAME.rs` or, for a
/// folder, `NAME/`, and the folders of `tests/`), by name or by a pattern of the row
/// (`rules_*.rs`). The files within a layer are the row's prose, not checked one by one.
fn unnamed_in_tree(readme: &str, layers: &[String], tests_named: &[String]) -> Vec<String> {
    let row = |path: &str| -> Option<&str> {
        let start = format!("| `{path}`");
        readme.lines().find(|l| l.starts_with(&start))
    };
    let mut missing: Vec<String> = layers
        .iter()
        .filter(|layer| row(layer).is_none())
        .cloned()
        .collect();
    let Some(tests) = row("tests/") else {
        missing.push("tests/".to_string());
        return missing;
    };
    let patterns: Vec<&str> = tests
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| w.contains('*'))
        .collect();
    for name in tests_named {
        let named = tests.contains(&format!("`{name}`"))
            || tests.contains(&format!("`{name}"))
            || patterns.iter().any(|p| glob(p, name));
        if !named {
            missing.push(format!("tests/{name}"));
        }
    }
    missing
}

#[test]
fn the_readmes_tree_names_every_layer_and_test_module() {
    let mut layers = Vec::new();
    for top in ["src", "crates"] {
        if !root().join(top).is_dir() {
            continue;
        }
        for entry in entries(&root().join(top)) {
            if entry.ends_with('/') {
                layers.push(format!("{top}/{entry}"));
            }
        }
    }
    assert!(!layers.is_empty());
    let main = read(&root().join("tests/main.rs"));
    let modules = crate::declared(&main);
    assert!(modules.len() > 50, "{modules:?}");
    // A module of a file elsewhere (`live`, of benches/) is named where that file is.
    let mut tests_named: Vec<String> = modules
        .iter()
        .flat_map(|m| [format!("{m}.rs"), format!("{m}/")])
        .filter(|name| root().join("tests").join(name).exists())
        .collect();
    tests_named.push("main.rs".to_string());
    tests_named.extend(
        entries(&root().join("tests"))
            .into_iter()
            .filter(|e| e.ends_with('/')),
    );
    tests_named.sort();
    tests_named.dedup();
    let missing = unnamed_in_tree(&read(&root().join("README.md")), &layers, &tests_named);
    assert!(
        missing.is_empty(),
        "README.md's tree does not name: {}",
        missing.join(", ")
    );
}

#[test]
fn the_tree_check_finds_a_layer_without_a_row_and_a_test_module_unnamed() {
    let readme = "| `src/app/` | the use cases (`mod.rs`) |\n\
                  | `tests/` | rules (`rules_*.rs`), the scorer (`scorer.rs`), helpers (`common/`) |\n";
    let owned = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    assert_eq!(
        unnamed_in_tree(
            readme,
            &owned(&["src/app/", "src/web/"]),
            &owned(&["rules_phat.rs", "scorer.rs", "common/", "league.rs", "web/"]),
        ),
        ["src/web/", "tests/league.rs", "tests/web/"]
    );
    // Moving a file within a layer changes nothing here: files are not checked one by one.
    assert_eq!(
        unnamed_in_tree(readme, &owned(&["src/app/"]), &owned(&["scorer.rs"])),
        Vec::<String>::new()
    );
}

/// Each crate's row of the README's tree names every module of its layer (a file by its name or
/// stem, a folder by its name), so a module added is described where a reader looks for it;
/// moving a file within a module's folder needs no change.
#[test]
fn each_crates_row_names_the_modules_of_its_layers() {
    let readme = read(&root().join("README.md"));
    let mut missing = Vec::new();
    for krate in entries(&root().join("crates")) {
        let Some(krate) = krate.strip_suffix('/') else {
            continue;
        };
        let start = format!("| `crates/{krate}/` |");
        let Some(row) = readme.lines().find(|l| l.starts_with(&start)) else {
            missing.push(format!("crates/{krate}/"));
            continue;
        };
        let src = root().join("crates").join(krate).join("src");
        for layer in entries(&src) {
            let Some(layer) = layer.strip_suffix('/') else {
                continue;
            };
            for module in entries(&src.join(layer)) {
                let stem = module.strip_suffix(".rs").unwrap_or(&module);
                if module == "mod.rs" {
                    continue;
                }
                if !row.contains(&format!("`{module}`")) && !row.contains(&format!("`{stem}`")) {
                    missing.push(format!("crates/{krate}/src/{layer}/{module}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "README.md's tree does not name: {}",
        missing.join(", ")
    );
}

#[test]
fn the_readme_s_commands_build_alike_and_leave_no_database_untracked() {
    // Before: the broken record's example alone built in debug (a second build of the whole
    // program), and the history command's history.db was left untracked in the repository.
    let readme = read(&root().join("README.md"));
    let ignored = read(&root().join(".gitignore"));
    let ignores = |name: &str| {
        ignored
            .lines()
            .any(|l| l == name || l == format!("{name}*") || l == format!("/{name}"))
    };
    let mut databases = BTreeSet::new();
    for (at, _) in readme.match_indices("cargo run ") {
        let rest = &readme[at..];
        assert!(
            rest.starts_with("cargo run --release -- "),
            "a README command builds otherwise than the rest: {}",
            rest.lines().next().unwrap_or_default()
        );
        let command = rest.split(['`', '\n']).next().unwrap_or_default();
        let words: Vec<&str> = command.split_whitespace().collect();
        for pair in words.windows(2) {
            if pair[0] == "--db" {
                databases.insert(pair[1].to_string());
            }
        }
    }
    assert!(databases.contains("history.db"), "{databases:?}");
    for db in &databases {
        assert!(
            ignores(db),
            "{db}, written by a README command in the repository, is not in .gitignore"
        );
    }
}

/// The README's first command prints what the README shows of it: every line shown (a `…`
/// stands for lines left out) is a line of what the import and the table print.
#[test]
fn the_readme_s_first_command_prints_what_it_shows() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme
        .find("```\nnote: the new league")
        .expect("the README shows the first command's output");
    let block = &readme[start + 4..];
    let block = &block[..block.find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sample.db");
    let mut csv: Vec<PathBuf> = std::fs::read_dir(root().join("examples/league"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    csv.sort();
    let import = common::don()
        .arg("import")
        .args(&csv)
        .args(["--db", db.to_str().unwrap()])
        .args(["--league", "Abercarn Crib and Don League", "--create"])
        .output()
        .unwrap();
    assert!(import.status.success(), "{}", text(&import.stderr));
    let table = common::don()
        .args(["standings", "--db", db.to_str().unwrap(), "--explain"])
        .output()
        .unwrap();
    assert!(table.status.success(), "{}", text(&table.stderr));
    let printed = format!(
        "{}{}{}",
        text(&import.stderr),
        text(&import.stdout),
        text(&table.stdout)
    );
    let printed: BTreeSet<&str> = printed.lines().collect();
    for line in block.lines().filter(|l| !l.is_empty() && *l != "…") {
        assert!(
            printed.contains(line),
            "the README shows {line:?}; don printed:\n{printed:#?}"
        );
    }
}
