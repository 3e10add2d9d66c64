//! `don` as an installed tool: shell completions, man pages, `--version`, and no colour where
//! colour does not belong (a pipe, or `NO_COLOR`).

use crate::common;

use std::process::{Command, Output};

use common::{don, run_don, text};

/// `don` with the colour settings of the test's own environment taken away, and the league a
/// test names given on the command line only.
fn plain_don(args: &[&str]) -> Command {
    let mut cmd = don();
    cmd.args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("DON_LEAGUE")
        .env_remove("DON_DB");
    cmd
}

fn output(mut cmd: Command) -> Output {
    cmd.output().expect("run don")
}

fn assert_no_escape(out: &Output, what: &str) {
    assert!(
        !out.stderr.contains(&0x1b),
        "{what}: an escape on standard error: {:?}",
        text(&out.stderr)
    );
    assert!(
        !out.stdout.contains(&0x1b),
        "{what}: an escape on standard output: {:?}",
        text(&out.stdout)
    );
}

fn completions(shell: &str) -> String {
    let out = run_don(&["completions", shell]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    text(&out.stdout)
}

#[test]
fn bash_completions_complete_don_and_its_subcommands() {
    let script = completions("bash");
    assert!(script.starts_with("_don() {\n"), "{script}");
    assert!(script.contains("\n    complete -F _don -o nosort -o bashdefault -o default don\n"));
    for sub in [
        "standings",
        "night",
        "enter",
        "fixtures",
        "completions",
        "man",
    ] {
        assert!(script.contains(sub), "bash script lacks {sub}");
    }
    assert!(script.contains("\n            don__subcmd__night,enter)\n"));
    let opts = script
        .lines()
        .find_map(|l| l.trim().strip_prefix("opts=\"-h -V --help --version "))
        .expect("the top-level opts line");
    let words: Vec<&str> = opts.trim_end_matches('"').split(' ').collect();
    for sub in [
        "check",
        "standings",
        "night",
        "fixtures",
        "completions",
        "man",
    ] {
        assert!(words.contains(&sub), "{sub} not in {opts}");
    }
}

#[test]
fn zsh_completions_are_a_compdef_for_don() {
    let script = completions("zsh");
    assert!(script.starts_with("#compdef don\n"), "{script}");
    assert!(script.contains("'standings:The league table, worked out from the nights played'"));
    assert!(script.contains("'night:Match nights"));
    assert!(script.contains("'enter:Enter a match night"));
}

#[test]
fn fish_completions_complete_the_subcommands_with_their_summaries() {
    let script = completions("fish");
    assert!(script.contains(
        "complete -c don -n \"__fish_don_needs_command\" -f -a \"standings\" -d 'The league table, worked out from the nights played'\n"
    ));
    assert!(script.contains("-f -a \"night\" -d 'Match nights"));
    assert!(script.contains("__fish_don_using_subcommand night"));
}

#[test]
fn completions_for_an_unknown_shell_are_a_usage_error() {
    let out = output(plain_don(&["completions", "elvish"]));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    let err = text(&out.stderr);
    assert!(
        err.starts_with("error: invalid value 'elvish' for '<SHELL>'\n"),
        "{err}"
    );
    assert!(err.contains("[possible values: bash, zsh, fish]"), "{err}");
    assert_no_escape(&out, "completions elvish");
    let out = run_don(&["completions"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn completions_help_says_how_to_install_for_each_shell() {
    let out = output(plain_don(&["completions", "--help"]));
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    for line in [
        "  bash: don completions bash > ~/.local/share/bash-completion/completions/don\n",
        "  zsh:  mkdir -p ~/.zfunc && don completions zsh > ~/.zfunc/_don\n",
        "  fish: don completions fish > ~/.config/fish/completions/don.fish\n",
    ] {
        assert!(help.contains(line), "no {line:?} in {help}");
    }
}

#[test]
fn man_prints_the_roff_page_of_don() {
    let out = run_don(&["man"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let page = text(&out.stdout);
    assert!(page.starts_with(".ie \\n(.g .ds Aq \\(aq\n"), "{page}");
    assert!(
        page.contains(&format!(
            "\n.TH don 1  \"don {}\" \n",
            env!("CARGO_PKG_VERSION")
        )),
        "{page}"
    );
    assert!(page.contains("\n.SH SUBCOMMANDS\n"));
    assert!(page.contains("don\\-standings(1)"));
    assert!(page.contains("don\\-night(1)"));
    // The examples of `don --help` are there too.
    assert!(page.contains("don standings \\-\\-explain"));
}

#[test]
fn man_help_shows_where_the_page_goes() {
    let out = run_don(&["man", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("\n  don man > /usr/local/share/man/man1/don.1\n"));
}

#[test]
fn man_out_writes_a_page_for_every_command() {
    let tmp = tempfile::tempdir().unwrap();
    // Made if it is not there.
    let dir = tmp.path().join("share/man/man1");
    let out = run_don(&["man", "--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        text(&out.stderr),
        format!("Wrote {} man pages to {}.\n", names.len(), dir.display())
    );
    for name in [
        "don.1",
        "don-standings.1",
        "don-night.1",
        "don-night-enter.1",
        "don-fixtures-generate.1",
        "don-completions.1",
        "don-man.1",
    ] {
        assert!(names.iter().any(|n| n == name), "no {name} in {names:?}");
    }
    // Only pages, and no page for clap's `help`, which is `--help` again.
    assert!(names
        .iter()
        .all(|n| n.starts_with("don") && n.ends_with(".1")));
    assert!(!names.iter().any(|n| n.contains("help")), "{names:?}");
    let enter = std::fs::read_to_string(dir.join("don-night-enter.1")).unwrap();
    assert!(enter.starts_with(".ie \\n(.g .ds Aq \\(aq\n"));
    assert!(enter.contains(&format!(
        "\n.TH don-night-enter 1  \"don {}\" \n",
        env!("CARGO_PKG_VERSION")
    )));
    assert!(enter.contains("\\-\\-totals"));
    // The page printed and don.1 are the same.
    let printed = run_don(&["man"]);
    assert_eq!(
        std::fs::read(dir.join("don.1")).unwrap(),
        printed.stdout,
        "don.1 differs from `don man`"
    );
}

#[test]
fn man_out_into_a_file_fails_and_says_where() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("taken");
    std::fs::write(&file, "not a folder").unwrap();
    let out = output(plain_don(&["man", "--out", file.to_str().unwrap()]));
    // A folder was asked for: bad usage, as `export --out-dir FILE` is.
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    let err = text(&out.stderr);
    assert_eq!(
        err,
        format!(
            "don: error: {} is a file, not a folder\n  hint: give --out a folder (new, or one to write the pages into)\n",
            file.display()
        )
    );
    assert_no_escape(&out, "man --out FILE");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

#[test]
fn version_is_the_package_version() {
    for flag in ["--version", "-V"] {
        let out = run_don(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            text(&out.stdout),
            format!("don {}\n", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(text(&out.stdout), "don 0.1.0\n");
        assert_eq!(text(&out.stderr), "");
    }
}

/// Runs `args` as is, then under `NO_COLOR=1`; standard error is a pipe both times.
fn both_ways(args: &[&str]) -> [Output; 2] {
    let piped = output(plain_don(args));
    let mut cmd = plain_don(args);
    cmd.env("NO_COLOR", "1");
    let no_color = output(cmd);
    assert_eq!(piped.stderr, no_color.stderr, "{args:?}");
    assert_eq!(piped.status.code(), no_color.status.code(), "{args:?}");
    assert_no_escape(&piped, &format!("{args:?} piped"));
    assert_no_escape(&no_color, &format!("{args:?} under NO_COLOR=1"));
    [piped, no_color]
}

#[test]
fn an_error_and_its_hint_have_no_colour_on_a_pipe_or_under_no_color() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("two.json");
    std::fs::write(&file, "{\"a\":1}\n{\"b\":2}\n").unwrap();
    let [out, _] = both_ways(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: {} is not JSON: trailing characters at line 2 column 1\n  hint: a .json file holds one record or a list of them; name the file .jsonl for one record per line\n",
            file.display()
        )
    );
}

#[test]
fn warnings_have_no_colour_on_a_pipe_or_under_no_color() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("league.db");
    let db = db.to_str().unwrap();
    for args in [
        &["league", "new", "Valleys Don", "--db", db][..],
        &[
            "season",
            "new",
            "2025-26",
            "--teams",
            "Royal Oak, Red Lion",
            "--create",
            "--db",
            db,
        ],
    ] {
        let out = output(plain_don(args));
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    let [out, _] = both_ways(&["team", "list", "--db", db]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "warning: Red Lion has 0 players on its roster; a roster has at least 5\n\
         warning: Royal Oak has 0 players on its roster; a roster has at least 5\n"
    );
}

#[test]
fn clap_help_and_usage_errors_have_no_colour_on_a_pipe_or_under_no_color() {
    let [help, _] = both_ways(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).starts_with("Keeps the score of Don games"));
    let [bad, _] = both_ways(&["standings", "--no-such-flag"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).starts_with("error: unexpected argument '--no-such-flag' found\n"));
}
