//! `don completions SHELL` and `don man [--out DIR]`: what a shell and `man` need to know about
//! `don`, made from the same clap definitions as the command line itself.

use std::io::{self, Write};
use std::path::PathBuf;

use don::publish::out::{write_pages, SetFile, Writer};

use super::error::{CliError, Exit};
use super::text::shown;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

#[derive(clap::Args)]
#[command(after_help = "Install the script once (start a new shell afterwards):
  bash: don completions bash > ~/.local/share/bash-completion/completions/don
        (needs the bash-completion package; or put `source <(don completions bash)` in ~/.bashrc)
  zsh:  mkdir -p ~/.zfunc && don completions zsh > ~/.zfunc/_don
        (and in ~/.zshrc, before `compinit`: fpath=(~/.zfunc $fpath))
  fish: don completions fish > ~/.config/fish/completions/don.fish

Example:
  don completions bash > ~/.local/share/bash-completion/completions/don")]
pub struct CompletionsArgs {
    /// The shell the script is for
    #[arg(value_enum)]
    shell: Shell,
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  don man > /usr/local/share/man/man1/don.1
  don man --out ~/.local/share/man/man1     # then: man don-night-enter")]
pub struct ManArgs {
    /// Write don.1 and a page for each subcommand (don-night-enter.1, …) into this folder,
    /// made if it is not there, instead of printing don's page
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// The command line (`cli` hands it over) as `man` and the shells see it: without clap's `help`
/// subcommand, which is the same as `--help`.
fn command(cli: clap::Command) -> clap::Command {
    let mut cmd = cli.disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The man page of a command; each page's footer says which don it is.
fn page_of(cmd: clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd).source(format!("don {}", env!("CARGO_PKG_VERSION")))
}

pub fn completions(args: CompletionsArgs, cli: clap::Command) -> Result<Exit, CliError> {
    let shell = match args.shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    // Made whole first: the generator cannot report a failed write (a closed pipe above all).
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command(cli), "don", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Exit::Ok)
}

pub fn man(args: ManArgs, cli: clap::Command) -> Result<Exit, CliError> {
    let cmd = command(cli);
    let Some(dir) = args.out else {
        let mut page = Vec::new();
        page_of(cmd).render(&mut page)?;
        let mut out = io::stdout().lock();
        out.write_all(&page)?;
        out.flush()?;
        return Ok(Exit::Ok);
    };
    // Every page made first; then all written as `export --out-dir` writes its files (never
    // through a link planted where a page goes, all or none), each named when refused.
    let mut pages = Vec::new();
    pages_of(&cmd, &mut pages)?;
    let writers: Vec<_> = pages
        .iter()
        .map(|(_, page)| move |w: &mut dyn Write| w.write_all(page))
        .collect();
    let set: Vec<SetFile<'_>> = pages
        .iter()
        .zip(&writers)
        .map(|((name, _), write)| (name.clone(), write as _))
        .collect();
    let written = write_pages(&dir, &set, Writer::Man).map_err(|e| {
        let hint = super::error::out_hint(&e, Writer::Man);
        CliError::Hinted {
            error: Box::new(CliError::Out(e)),
            hint,
        }
    })?;
    eprintln!(
        "Wrote {} to {}.",
        super::text::count(written.len() as i64, "man page", "man pages"),
        shown(&dir.display().to_string())
    );
    Ok(Exit::Ok)
}

/// The page of `cmd` and of each of its subcommands, however deep, each with its file name
/// (`don-night-enter.1`).
fn pages_of(cmd: &clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> io::Result<()> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        pages_of(sub, pages)?;
    }
    let man = page_of(cmd.clone());
    let mut page = Vec::new();
    man.render(&mut page)?;
    pages.push((man.get_filename(), page));
    Ok(())
}
