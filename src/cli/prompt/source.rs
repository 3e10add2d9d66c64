//! What every kind of prompt gives: lines, one at a time.

use std::io;

/// Where lines come from.
pub trait Prompt {
    /// One line, after showing `prompt` (each kind marks the end of it in its own way: `: `
    /// on a terminal, or ` > ` for [`super::table_prompt`]; ` >` and a new line on standard error
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
