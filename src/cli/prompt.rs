//! Asking for a line: a line editor of our own ([`Editor`]) when standard input and standard
//! error are both terminals (it reads the terminal itself, so it would hang a pipe), else plain
//! lines from standard input with the prompts on standard error. Every interactive flow can so
//! be tested by piping lines.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use dialoguer::console::{measure_text_width, Key, Term};

/// The most a typed line may take; a longer line is refused unread ([`Prompt::over_long`]).
const MAX_LINE: u64 = 64 * 1024;

/// How much of a line too long to read is quoted in its refusal.
const QUOTED: usize = 24;

/// The most lines a terminal's history keeps.
const HISTORY: usize = 200;

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

/// What the line editor needs of a terminal: its keys, its width, and the screen to write to.
trait Screen {
    /// The next key; an error of kind `Interrupted` or `UnexpectedEof` ends the input.
    fn key(&mut self) -> io::Result<Key>;
    /// The terminal's width in columns.
    fn columns(&self) -> usize;
    /// Writes text and terminal sequences as they are.
    fn put(&mut self, text: &str) -> io::Result<()>;
}

/// The real terminal, on standard error.
struct TermScreen(Term);

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
struct Editor<S: Screen> {
    screen: S,
    /// What ends the prompt: ` > ` or `: `.
    end: &'static str,
    history: Vec<String>,
    lines: usize,
}

impl<S: Screen> Editor<S> {
    fn new(screen: S, end: &'static str) -> Self {
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

/// The answer being edited: its characters, the cursor, and the first character in sight.
#[derive(Default)]
struct Line {
    chars: Vec<char>,
    at: usize,
    start: usize,
}

/// The columns a character takes on a terminal.
fn char_width(c: char) -> usize {
    measure_text_width(c.encode_utf8(&mut [0; 4]))
}

fn width(chars: &[char]) -> usize {
    chars.iter().map(|&c| char_width(c)).sum()
}

impl Line {
    fn text(&self) -> String {
        self.chars.iter().collect()
    }

    fn set(&mut self, text: &str) {
        self.chars = text.chars().collect();
        self.at = self.chars.len();
        self.start = 0;
    }

    /// The part of the answer in sight in `room` columns, scrolled so the cursor is in sight,
    /// with `…` where the answer goes on out of sight; and the cursor's column in it.
    fn view(&mut self, room: usize) -> (String, usize) {
        let chars = &self.chars;
        let mut start = self.start.min(self.at);
        // The characters before the cursor, the cursor's own cell, and a mark on the left
        // when the answer begins out of sight.
        while start < self.at && usize::from(start > 0) + width(&chars[start..self.at]) + 1 > room {
            start += 1;
        }
        self.start = start;
        let left = usize::from(start > 0);
        let mut shown: Vec<char> = Vec::new();
        if left == 1 {
            shown.push('…');
        }
        let mut used = left;
        let mut i = start;
        while i < chars.len() && used + char_width(chars[i]) <= room {
            used += char_width(chars[i]);
            shown.push(chars[i]);
            i += 1;
        }
        if i < chars.len() {
            // The answer goes on out of sight to the right: its last column the mark.
            while used + 1 > room && i > start {
                i -= 1;
                used -= char_width(chars[i]);
                shown.pop();
            }
            shown.push('…');
        }
        let cursor = left + width(&chars[start..self.at]);
        (shown.into_iter().collect(), cursor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// A terminal of a given width: the keys to come and all that was written.
    struct Fake {
        keys: VecDeque<Key>,
        columns: usize,
        out: String,
    }

    impl Screen for Fake {
        fn key(&mut self) -> io::Result<Key> {
            self.keys
                .pop_front()
                .ok_or_else(|| io::Error::new(io::ErrorKind::UnexpectedEof, "no more keys"))
        }

        fn columns(&self) -> usize {
            self.columns
        }

        fn put(&mut self, text: &str) -> io::Result<()> {
            self.out.push_str(text);
            Ok(())
        }
    }

    fn typed(text: &str) -> Vec<Key> {
        text.chars().map(Key::Char).collect()
    }

    fn editor(columns: usize, end: &'static str, keys: Vec<Key>) -> Editor<Fake> {
        Editor::new(
            Fake {
                keys: keys.into(),
                columns,
                out: String::new(),
            },
            end,
        )
    }

    /// What a terminal `columns` wide shows after `out` is written to it (a character past
    /// the last column wraps to the next row, a new line also returns the carriage), row by
    /// row with the spaces at the end trimmed; and the cursor's row and column.
    fn screen(out: &str, columns: usize) -> (Vec<String>, (usize, usize)) {
        let mut rows: Vec<Vec<char>> = vec![Vec::new()];
        let (mut r, mut c) = (0usize, 0usize);
        let mut it = out.chars().peekable();
        while let Some(ch) = it.next() {
            match ch {
                '\r' => c = 0,
                '\n' => {
                    r += 1;
                    c = 0;
                }
                '\x1b' => {
                    assert_eq!(it.next(), Some('['), "only CSI sequences are written");
                    let mut n = String::new();
                    let cmd = loop {
                        let x = it.next().expect("a whole sequence");
                        if x.is_ascii_digit() {
                            n.push(x);
                        } else {
                            break x;
                        }
                    };
                    let n: usize = n.parse().unwrap_or(0);
                    c = c.min(columns - 1);
                    while rows.len() <= r {
                        rows.push(Vec::new());
                    }
                    match (cmd, n) {
                        ('K', 2) => rows[r].clear(),
                        ('K', 0) => rows[r].truncate(c),
                        ('C', n) => c = (c + n.max(1)).min(columns - 1),
                        ('D', n) => c = c.saturating_sub(n.max(1)),
                        ('A', n) => r = r.saturating_sub(n.max(1)),
                        other => panic!("unexpected sequence {other:?}"),
                    }
                }
                ch => {
                    let w = char_width(ch);
                    if c + w > columns {
                        r += 1;
                        c = 0;
                    }
                    while rows.len() <= r {
                        rows.push(Vec::new());
                    }
                    let row = &mut rows[r];
                    while row.len() < c + w {
                        row.push(' ');
                    }
                    row[c] = ch;
                    if w == 2 {
                        row[c + 1] = '\0';
                    }
                    c += w;
                }
            }
        }
        let mut shown: Vec<String> = rows
            .iter()
            .map(|row| {
                row.iter()
                    .filter(|&&x| x != '\0')
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect();
        while shown.last().is_some_and(|s| s.is_empty()) {
            shown.pop();
        }
        (shown, (r, c))
    }

    #[test]
    fn a_line_wider_than_the_terminal_is_on_the_screen_once() {
        let line = "totals ns 10 ew 20 game ew high ns";
        let mut keys = typed(line);
        keys.push(Key::Enter);
        let mut e = editor(60, " > ", keys);
        let got = e.line("H1 · S pitches · NS 0–0 EW").unwrap();
        assert_eq!(got.as_deref(), Some(line));
        let (rows, _) = screen(&e.screen.out, 60);
        assert_eq!(
            rows,
            vec![
                "H1 · S pitches · NS 0–0 EW > totals ns 10 ew 20 game ew high",
                " ns"
            ]
        );
    }

    #[test]
    fn a_long_line_at_100_columns_is_on_the_screen_once_and_the_next_prompt_below_it() {
        let line = "N:5H E:KH S:2H W:AH   # a long comment about the lead, the trumps, and who \
                    reneged on whom in the last hand";
        let mut keys = typed(line);
        keys.push(Key::Enter);
        keys.extend(typed("undo"));
        keys.push(Key::Enter);
        let mut e = editor(100, " > ", keys);
        let prompt = "H2 T1 · N leads · NS 0–0 EW";
        assert_eq!(e.line(prompt).unwrap().as_deref(), Some(line));
        assert_eq!(e.line(prompt).unwrap().as_deref(), Some("undo"));
        let (rows, _) = screen(&e.screen.out, 100);
        let whole = format!("{prompt} > {line}");
        let (first, rest) = whole.split_at(whole.char_indices().nth(100).unwrap().0);
        assert_eq!(
            rows,
            vec![
                first.to_string(),
                rest.to_string(),
                format!("{prompt} > undo")
            ]
        );
    }

    #[test]
    fn a_question_wider_than_the_terminal_is_written_once_and_answered_below_it() {
        let question = "Red Lion: Ivor Jams is not on Red Lion's roster; did you mean 'Ivor \
                        James'? (yes: Ivor James; no: Ivor Jams is new to the league)";
        assert!(question.chars().count() > 100);
        let mut keys = typed("yse");
        keys.extend([
            Key::Backspace,
            Key::Backspace,
            Key::Char('e'),
            Key::Char('s'),
        ]);
        keys.push(Key::Enter);
        let mut e = editor(100, ": ", keys);
        assert_eq!(e.line(question).unwrap().as_deref(), Some("yes"));
        let (rows, _) = screen(&e.screen.out, 100);
        let asked = format!("{question}:");
        let (first, rest) = asked.split_at(asked.char_indices().nth(100).unwrap().0);
        assert_eq!(rows, vec![first, rest, "> yes"]);
    }

    #[test]
    fn while_typing_the_answer_scrolls_within_one_row_and_the_cursor_stays_in_sight() {
        let line: String = ('a'..='z').cycle().take(100).collect();
        let mut e = editor(60, " > ", typed(&line));
        // No Enter: the input ends with the keys, after the screen is looked at.
        let head = "H1 · NS 0–0 EW > ";
        e.line("H1 · NS 0–0 EW").unwrap();
        let out = e.screen.out.clone();
        let last_draw = &out[..out.rfind("\r\x1b[2K").unwrap()];
        let (rows, (r, c)) = screen(last_draw, 60);
        // 17 columns of head, 42 of answer (the mark, 40 characters, the cursor's cell), the
        // last column free.
        let tail: String = line.chars().skip(100 - 40).collect();
        assert_eq!(rows, vec![format!("{head}…{tail}")]);
        assert_eq!((r, c), (0, 58));

        // Back to the start: the beginning in sight and the rest marked.
        let mut keys = typed(&line);
        keys.push(Key::Home);
        let mut e = editor(60, " > ", keys);
        e.line("H1 · NS 0–0 EW").unwrap();
        let out = e.screen.out.clone();
        let last_draw = &out[..out.rfind("\r\x1b[2K").unwrap()];
        let (rows, (r, c)) = screen(last_draw, 60);
        let front: String = line.chars().take(41).collect();
        assert_eq!(rows, vec![format!("{head}{front}…")]);
        assert_eq!((r, c), (0, 17));
        // Each of the 102 draws (the first, one a key) and the last clears the one row it wrote,
        // and no other row is written.
        assert_eq!(out.matches("\r\x1b[2K").count(), 102 + 1);
        assert_eq!(out.matches('\n').count(), 1);
    }

    #[test]
    fn the_arrow_keys_bring_back_earlier_lines() {
        let mut keys = typed("pitcher S");
        keys.push(Key::Enter);
        keys.extend(typed("5h kh 2h ah"));
        keys.push(Key::Enter);
        keys.extend(typed("draft"));
        keys.extend([Key::ArrowUp, Key::ArrowUp, Key::Enter]);
        keys.extend([Key::ArrowUp, Key::ArrowUp, Key::ArrowDown, Key::ArrowDown]);
        keys.extend([Key::ArrowDown, Key::Enter]);
        let mut e = editor(60, " > ", keys);
        let mut got = Vec::new();
        for _ in 0..4 {
            got.push(e.line("H1").unwrap());
        }
        assert_eq!(
            got,
            [
                Some("pitcher S".to_string()),
                Some("5h kh 2h ah".to_string()),
                Some("pitcher S".to_string()),
                Some(String::new()),
            ]
        );
        assert_eq!(e.line_number(), 4);
    }

    #[test]
    fn ctrl_d_on_an_empty_line_or_ctrl_c_ends_the_input() {
        // Ctrl-D within a line takes out the character under the cursor.
        let mut keys = typed("yes!");
        keys.extend([Key::ArrowLeft, Key::Char('\u{4}'), Key::Enter]);
        keys.push(Key::Char('\u{4}'));
        let mut e = editor(60, ": ", keys);
        assert_eq!(e.line("legs").unwrap().as_deref(), Some("yes"));
        assert_eq!(e.line("legs").unwrap(), None);
        let (rows, _) = screen(&e.screen.out, 60);
        assert_eq!(rows, vec!["legs: yes", "legs: ^D"]);

        let mut keys = typed("3-");
        keys.push(Key::CtrlC);
        let mut e = editor(60, ": ", keys);
        assert_eq!(e.line("legs").unwrap(), None);
        assert_eq!(e.line_number(), 0);
        // The end of the keys is the end of input too.
        let mut e = editor(60, ": ", typed("3-"));
        assert_eq!(e.line("legs").unwrap(), None);
    }
}
