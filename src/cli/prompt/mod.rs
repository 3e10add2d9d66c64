//! Asking for a line: a line editor of our own ([`Editor`]) when standard input and standard
//! error are both terminals (it reads the terminal itself, so it would hang a pipe), else plain
//! lines from standard input with the prompts on standard error. Every interactive flow can so
//! be tested by piping lines.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use dialoguer::console::Term;

use editor::{Editor, TermScreen};

mod editor;
mod line;

/// The most a typed line may take; a longer line is refused unread ([`Prompt::over_long`]).
const MAX_LINE: u64 = 64 * 1024;

/// How much of a line too long to read is quoted in its refusal.
const QUOTED: usize = 24;

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
    /// Why the line last read is refused unread: it was longer than 64 KiB, or not UTF-8 text (its text is then
    /// not given: [`Prompt::line`] gave an empty line in its place, which is not to be taken as
    /// an answer).
    fn over_long(&self) -> Option<String> {
        None
    }
}

/// The prompt for lines typed at the table, from this process's standard input; a terminal's prompt
/// ends ` > ` ("H2 T3 · E leads · ♥ · NS 0–17 EW > 5h kh 2h ah").
pub fn table_prompt() -> Box<dyn Prompt> {
    prompt_with(" > ")
}

/// The prompt for a match night's answers, from this process's standard input; a terminal's
/// prompt ends `: `.
pub fn answer_prompt() -> Box<dyn Prompt> {
    prompt_with(": ")
}

/// [`answer_prompt`] if a person is at a terminal (standard input and error both one), for a
/// question an entry given in full on the command line may still need answering; none when
/// piped.
pub fn terminal_answer_prompt() -> Option<Box<dyn Prompt>> {
    (io::stdin().is_terminal() && io::stderr().is_terminal()).then(answer_prompt)
}

/// On a terminal the line editor, else plain lines.
fn prompt_with(end: &'static str) -> Box<dyn Prompt> {
    if io::stdin().is_terminal() && io::stderr().is_terminal() {
        Box::new(Editor::new(TermScreen(Term::stderr()), end))
    } else {
        Box::new(Lines {
            input: io::BufReader::new(io::stdin()),
            lines: 0,
            over_long: None,
        })
    }
}

/// Lines from a pipe or a file; the prompt goes to standard error.
pub struct Lines<R: BufRead> {
    pub input: R,
    pub lines: usize,
    /// The line last read was too long: why it is refused.
    pub over_long: Option<String>,
}

impl<R: BufRead> Prompt for Lines<R> {
    fn line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let mut err = io::stderr().lock();
        let _ = writeln!(err, "{prompt} >");
        let mut bytes = Vec::new();
        // One byte more than a line may hold (its line feed, or the proof it is too long).
        let n = (&mut self.input)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut bytes)?;
        if n == 0 {
            return Ok(None);
        }
        self.over_long = None;
        if bytes.last() != Some(&b'\n') && n as u64 > MAX_LINE {
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
            let start: String = String::from_utf8_lossy(&bytes)
                .chars()
                .take(QUOTED)
                .collect();
            self.over_long = Some(format!(
                "a line longer than 64 KiB: not read (it begins \"{start}…\")"
            ));
            bytes.clear();
        } else if let Err(e) = std::str::from_utf8(&bytes) {
            // Not text: refused unread, rather than kept with U+FFFD in it.
            let start: String = String::from_utf8_lossy(&bytes[..e.valid_up_to()])
                .chars()
                .take(QUOTED)
                .collect();
            self.over_long = Some(format!(
                "not UTF-8 text: not read (byte {} after \"{}\" is not a character)",
                e.valid_up_to() + 1,
                don::record::text::escaped(&start)
            ));
            bytes.clear();
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

    fn over_long(&self) -> Option<String> {
        self.over_long.clone()
    }
}
