//! Asking for a line: a line editor of our own ([`Editor`]) when standard input and standard
//! error are both terminals (it reads the terminal itself, so it would hang a pipe), else plain
//! lines from standard input with the prompts on standard error. Every interactive flow can so
//! be tested by piping lines.

use std::io::{self, IsTerminal};

use dialoguer::console::Term;

use editor::{Editor, TermScreen};
use piped::Lines;
pub use source::Prompt;

mod editor;
mod line;
mod piped;
mod source;

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
