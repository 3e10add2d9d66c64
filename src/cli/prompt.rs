//! Asking for a line: dialoguer when standard input and standard error are both terminals (it
//! reads the terminal itself, so it would hang a pipe), else plain lines from standard input
//! with the prompts on standard error. Every interactive flow can so be tested by piping lines.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use std::fmt;

use dialoguer::theme::{SimpleTheme, Theme};
use dialoguer::{BasicHistory, Input};

/// The most a typed line may take; the rest of a longer line is passed over.
const MAX_LINE: u64 = 64 * 1024;

/// Where lines come from.
pub trait Prompt {
    /// One line, after showing `prompt` (each kind marks the end of it in its own way: `: `
    /// on a terminal, or ` > ` for [`table_prompt`]; ` >` and a new line on standard error
    /// otherwise); `None` at the end of input.
    fn line(&mut self, prompt: &str) -> io::Result<Option<String>>;
    /// Whether a person is typing (refusals are then answered at once, not counted).
    fn interactive(&self) -> bool;
    /// The number of the line last read, from 1 (for messages about piped input).
    fn line_number(&self) -> usize;
}

/// The prompt for this process's standard input.
pub fn stdin_prompt() -> Box<dyn Prompt> {
    prompt_with(false)
}

/// The prompt for lines typed at the table: as [`stdin_prompt`], but a terminal's prompt too
/// ends ` > ` ("H2 T3 · E leads · ♥ · NS 0–17 EW > 5h kh 2h ah").
pub fn table_prompt() -> Box<dyn Prompt> {
    prompt_with(true)
}

fn prompt_with(arrow: bool) -> Box<dyn Prompt> {
    if io::stdin().is_terminal() && io::stderr().is_terminal() {
        Box::new(Terminal {
            history: BasicHistory::new().max_entries(200).no_duplicates(true),
            lines: 0,
            arrow,
        })
    } else {
        Box::new(Lines {
            input: io::BufReader::new(io::stdin()),
            lines: 0,
        })
    }
}

/// A person at a terminal: dialoguer, with line history (arrow keys).
struct Terminal {
    history: BasicHistory,
    lines: usize,
    /// The prompt ends ` > ` rather than `: `.
    arrow: bool,
}

/// dialoguer's plain theme with the prompt ending ` > `.
struct Arrow;

impl Theme for Arrow {
    fn format_input_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        _default: Option<&str>,
    ) -> fmt::Result {
        write!(f, "{prompt} > ")
    }

    fn format_input_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        sel: &str,
    ) -> fmt::Result {
        write!(f, "{prompt} > {sel}")
    }
}

impl Prompt for Terminal {
    fn line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let theme: &dyn Theme = if self.arrow { &Arrow } else { &SimpleTheme };
        let answer = Input::<String>::with_theme(theme)
            .with_prompt(prompt)
            .allow_empty(true)
            .history_with(&mut self.history)
            .interact_text();
        self.lines += 1;
        match answer {
            Ok(line) => Ok(Some(line)),
            Err(dialoguer::Error::IO(e))
                if matches!(
                    e.kind(),
                    io::ErrorKind::Interrupted | io::ErrorKind::UnexpectedEof
                ) =>
            {
                Ok(None)
            }
            Err(dialoguer::Error::IO(e)) => Err(e),
        }
    }

    fn interactive(&self) -> bool {
        true
    }

    fn line_number(&self) -> usize {
        self.lines
    }
}

/// Lines from a pipe or a file; the prompt goes to standard error.
pub struct Lines<R: BufRead> {
    pub input: R,
    pub lines: usize,
}

impl<R: BufRead> Prompt for Lines<R> {
    fn line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let mut err = io::stderr().lock();
        let _ = writeln!(err, "{prompt} >");
        let mut bytes = Vec::new();
        let n = (&mut self.input)
            .take(MAX_LINE)
            .read_until(b'\n', &mut bytes)?;
        if n == 0 {
            return Ok(None);
        }
        if bytes.last() != Some(&b'\n') && n as u64 == MAX_LINE {
            // Pass over the rest of an over-long line.
            loop {
                let buf = self.input.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        self.input.consume(i + 1);
                        break;
                    }
                    None => {
                        let len = buf.len();
                        self.input.consume(len);
                    }
                }
            }
            bytes.clear();
            bytes.extend_from_slice(b"\x00(a line longer than 64 KiB)");
        }
        self.lines += 1;
        Ok(Some(
            String::from_utf8_lossy(&bytes)
                .trim_end_matches(['\n', '\r'])
                .to_string(),
        ))
    }

    fn interactive(&self) -> bool {
        false
    }

    fn line_number(&self) -> usize {
        self.lines
    }
}
