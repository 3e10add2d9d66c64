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

/// The prompt for lines typed at the table, from this process's standard input; a terminal's prompt
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

/// The prompt for a match night's answers, from this process's standard input; on a terminal a line editor
/// of its own, where Ctrl-D on an empty line ends the input (dialoguer's editor takes Ctrl-D for
/// nothing) and Ctrl-C ends it too.
pub fn answer_prompt() -> Box<dyn Prompt> {
    if io::stdin().is_terminal() && io::stderr().is_terminal() {
        Box::new(KeyTerminal {
            term: dialoguer::console::Term::stderr(),
            history: Vec::new(),
            lines: 0,
        })
    } else {
        Box::new(Lines {
            input: io::BufReader::new(io::stdin()),
            lines: 0,
        })
    }
}

/// [`answer_prompt`] if a person is at a terminal (standard input and error both one), for a
/// question an entry given in full on the command line may still need answering; none when
/// piped.
pub fn terminal_answer_prompt() -> Option<Box<dyn Prompt>> {
    (io::stdin().is_terminal() && io::stderr().is_terminal()).then(answer_prompt)
}

/// A person at a terminal, a key at a time: the arrow keys move along the line and through the
/// answers given before; Ctrl-D on an empty line (or Ctrl-C) is the end of input.
struct KeyTerminal {
    term: dialoguer::console::Term,
    history: Vec<String>,
    lines: usize,
}

impl Prompt for KeyTerminal {
    fn line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        use dialoguer::console::Key;
        let head = format!("{prompt}: ");
        self.term.write_str(&head)?;
        let mut chars: Vec<char> = Vec::new();
        let mut at = 0;
        let mut back = self.history.len();
        loop {
            let key = match self.term.read_key() {
                Ok(key) => key,
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::Interrupted | io::ErrorKind::UnexpectedEof
                    ) =>
                {
                    self.term.write_line("")?;
                    return Ok(None);
                }
                Err(e) => return Err(e),
            };
            match key {
                Key::Enter => break,
                Key::Char('\u{4}') if chars.is_empty() => {
                    self.term.write_line("^D")?;
                    return Ok(None);
                }
                Key::Char('\u{4}') | Key::Del if at < chars.len() => {
                    chars.remove(at);
                }
                Key::Char(c) if !c.is_control() => {
                    chars.insert(at, c);
                    at += 1;
                }
                Key::Backspace if at > 0 => {
                    at -= 1;
                    chars.remove(at);
                }
                Key::ArrowLeft if at > 0 => at -= 1,
                Key::ArrowRight if at < chars.len() => at += 1,
                Key::Home => at = 0,
                Key::End => at = chars.len(),
                Key::ArrowUp if back > 0 => {
                    back -= 1;
                    chars = self.history[back].chars().collect();
                    at = chars.len();
                }
                Key::ArrowDown if back < self.history.len() => {
                    back += 1;
                    chars = self
                        .history
                        .get(back)
                        .map(|h| h.chars().collect())
                        .unwrap_or_default();
                    at = chars.len();
                }
                _ => continue,
            }
            self.term.clear_line()?;
            let text: String = chars.iter().collect();
            self.term.write_str(&head)?;
            self.term.write_str(&text)?;
            if at < chars.len() {
                self.term.move_cursor_left(chars.len() - at)?;
            }
        }
        self.term.write_line("")?;
        self.lines += 1;
        let text: String = chars.into_iter().collect();
        if !text.trim().is_empty() && self.history.last() != Some(&text) {
            self.history.push(text.clone());
        }
        Ok(Some(text))
    }

    fn interactive(&self) -> bool {
        true
    }

    fn line_number(&self) -> usize {
        self.lines
    }
}
