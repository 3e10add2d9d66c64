//! The line editor: a person at a terminal, a key at a time.

use std::io;

use dialoguer::console::{measure_text_width, Key, Term};

use super::line::Line;
use super::source::Prompt;

/// The most lines a terminal's history keeps.
const HISTORY: usize = 200;

/// What the line editor needs of a terminal: its keys, its width, and the screen to write to.
pub(super) trait Screen {
    /// The next key; an error of kind `Interrupted` or `UnexpectedEof` ends the input.
    fn key(&mut self) -> io::Result<Key>;
    /// The terminal's width in columns.
    fn columns(&self) -> usize;
    /// Writes text and terminal sequences as they are.
    fn put(&mut self, text: &str) -> io::Result<()>;
}

/// The real terminal, on standard error.
pub(super) struct TermScreen(pub(super) Term);

impl Screen for TermScreen {
    fn key(&mut self) -> io::Result<Key> {
        // Raw, so Ctrl-C comes as a key (ending the input) rather than killing the process.
        self.0.read_key_raw()
    }

    fn columns(&self) -> usize {
        self.0
            .size_checked()
            .map_or(80, |(_, cols)| usize::from(cols))
            .max(1)
    }

    fn put(&mut self, text: &str) -> io::Result<()> {
        self.0.write_str(text)?;
        self.0.flush()
    }
}

/// The fewest columns left for the answer on the prompt's own row; a wider question is put on
/// rows of its own, once, and the answer edited on the row below it.
const ROOM: usize = 16;

/// A person at a terminal, a key at a time, for `don play` and `night enter` alike. The answer
/// is edited on a single row that never wraps: what does not fit the terminal's width scrolls
/// sideways (a `…` marks the part out of sight), so each redraw clears exactly the row it
/// wrote and nothing is left behind on the screen. The arrow keys move along the line and
/// bring back the lines given before; Ctrl-D on an empty line, or Ctrl-C, is the end of input.
pub(super) struct Editor<S: Screen> {
    screen: S,
    /// What ends the prompt: ` > ` or `: `.
    end: &'static str,
    history: Vec<String>,
    lines: usize,
}

impl<S: Screen> Editor<S> {
    pub(super) fn new(screen: S, end: &'static str) -> Self {
        Editor {
            screen,
            end,
            history: Vec::new(),
            lines: 0,
        }
    }

    fn read(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let asked = format!("{prompt}{}", self.end);
        let head = if measure_text_width(&asked) + ROOM < self.screen.columns() {
            asked
        } else {
            self.screen.put(&format!("{}\r\n", asked.trim_end()))?;
            "> ".to_string()
        };
        let mut line = Line::default();
        let mut back = self.history.len();
        let mut draft = String::new();
        self.draw(&head, &mut line)?;
        let end = loop {
            let key = match self.screen.key() {
                Ok(key) => key,
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::Interrupted | io::ErrorKind::UnexpectedEof
                    ) =>
                {
                    break Some("");
                }
                Err(e) => return Err(e),
            };
            match key {
                Key::Enter => break None,
                Key::CtrlC => break Some("^C"),
                Key::Char('\u{4}') if line.chars.is_empty() => break Some("^D"),
                Key::Char('\u{4}') | Key::Del if line.at < line.chars.len() => {
                    line.chars.remove(line.at);
                }
                Key::Char(c) if !c.is_control() => {
                    line.chars.insert(line.at, c);
                    line.at += 1;
                }
                Key::Backspace if line.at > 0 => {
                    line.at -= 1;
                    line.chars.remove(line.at);
                }
                // Ctrl-U: all before the cursor; Ctrl-K: all after it.
                Key::Char('\u{15}') => {
                    line.chars.drain(..line.at);
                    line.at = 0;
                }
                Key::Char('\u{b}') => line.chars.truncate(line.at),
                Key::ArrowLeft | Key::Char('\u{2}') if line.at > 0 => line.at -= 1,
                Key::ArrowRight | Key::Char('\u{6}') if line.at < line.chars.len() => {
                    line.at += 1;
                }
                Key::Home => line.at = 0,
                Key::End => line.at = line.chars.len(),
                Key::ArrowUp | Key::Char('\u{10}') if back > 0 => {
                    if back == self.history.len() {
                        draft = line.text();
                    }
                    back -= 1;
                    line.set(&self.history[back]);
                }
                Key::ArrowDown | Key::Char('\u{e}') if back < self.history.len() => {
                    back += 1;
                    line.set(self.history.get(back).unwrap_or(&draft));
                }
                _ => continue,
            }
            self.draw(&head, &mut line)?;
        };
        // The line as given, whole, once: it may wrap now, as it is not drawn again.
        let text = line.text();
        self.screen.put(&format!(
            "\r\x1b[2K{head}{text}{}\r\n",
            end.unwrap_or_default()
        ))?;
        if end.is_some() {
            return Ok(None);
        }
        self.lines += 1;
        if !text.trim().is_empty() && self.history.last() != Some(&text) {
            if self.history.len() == HISTORY {
                self.history.remove(0);
            }
            self.history.push(text.clone());
        }
        Ok(Some(text))
    }

    /// Draws the row being edited: the head and as much of the answer around the cursor as
    /// fits the terminal, its last column left free so the row never wraps.
    fn draw(&mut self, head: &str, line: &mut Line) -> io::Result<()> {
        let head_width = measure_text_width(head);
        let room = self.screen.columns().saturating_sub(head_width + 1).max(1);
        let (shown, cursor) = line.view(room);
        let mut out = format!("\r\x1b[2K{head}{shown}\r");
        let column = head_width + cursor;
        if column > 0 {
            out.push_str(&format!("\x1b[{column}C"));
        }
        self.screen.put(&out)
    }
}

impl<S: Screen> Prompt for Editor<S> {
    fn line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        self.read(prompt)
    }

    fn interactive(&self) -> bool {
        true
    }

    fn line_number(&self) -> usize {
        self.lines
    }
}

#[cfg(test)]
mod tests;
