use super::super::line::char_width;
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
