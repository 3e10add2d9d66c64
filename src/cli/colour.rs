//! Colour in what is written to standard error (`error`, `warning`, `hint`): only when standard
//! error is a terminal, and never when `NO_COLOR` is set to anything but the empty string
//! (https://no-color.org). Clap's own help and usage errors decide for themselves the same way
//! (`ColorChoice::Auto`).

use std::borrow::Cow;
use std::ffi::OsStr;
use std::io::{self, IsTerminal};

use anstyle::{AnsiColor, Style};

const ERROR: Style = AnsiColor::Red.on_default().bold();
const WARNING: Style = AnsiColor::Yellow.on_default().bold();
const HINT: Style = AnsiColor::Cyan.on_default();

/// Whether to colour: on a terminal, unless `NO_COLOR` is set and not empty.
pub fn wanted(terminal: bool, no_color: Option<&OsStr>) -> bool {
    terminal && no_color.is_none_or(OsStr::is_empty)
}

/// The words that begin a message on standard error, coloured or not.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// As standard error and `NO_COLOR` are now.
    pub fn stderr() -> Paint {
        Paint {
            on: wanted(
                io::stderr().is_terminal(),
                std::env::var_os("NO_COLOR").as_deref(),
            ),
        }
    }

    fn word(self, style: Style, word: &'static str) -> Cow<'static, str> {
        if self.on {
            Cow::Owned(format!("{style}{word}{style:#}"))
        } else {
            Cow::Borrowed(word)
        }
    }

    pub fn error(self) -> Cow<'static, str> {
        self.word(ERROR, "error")
    }

    pub fn warning(self) -> Cow<'static, str> {
        self.word(WARNING, "warning")
    }

    pub fn hint(self) -> Cow<'static, str> {
        self.word(HINT, "hint")
    }

    /// A message line, its leading `warning:` (if it has one) coloured.
    pub fn line(self, line: &str) -> Cow<'_, str> {
        match line.strip_prefix("warning:") {
            Some(rest) if self.on => Cow::Owned(format!("{}:{rest}", self.warning())),
            _ => Cow::Borrowed(line),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::OsStr;

    use super::{wanted, Paint};

    #[test]
    fn colour_only_on_a_terminal_and_never_under_no_color() {
        let unset = None;
        let empty = Some(OsStr::new(""));
        let one = Some(OsStr::new("1"));
        let word = Some(OsStr::new("false"));
        assert!(wanted(true, unset));
        assert!(wanted(true, empty));
        assert!(!wanted(true, one));
        assert!(!wanted(true, word));
        assert!(!wanted(false, unset));
        assert!(!wanted(false, empty));
        assert!(!wanted(false, one));
        assert!(!wanted(false, word));
    }

    #[test]
    fn painted_words() {
        let on = Paint { on: true };
        assert_eq!(on.error(), "\u{1b}[1m\u{1b}[31merror\u{1b}[0m");
        assert_eq!(on.warning(), "\u{1b}[1m\u{1b}[33mwarning\u{1b}[0m");
        assert_eq!(on.hint(), "\u{1b}[36mhint\u{1b}[0m");
        assert_eq!(
            on.line("warning: Royal Oak has 3 players on its roster"),
            "\u{1b}[1m\u{1b}[33mwarning\u{1b}[0m: Royal Oak has 3 players on its roster"
        );
        assert_eq!(on.line("fixture 3 moved"), "fixture 3 moved");
        let off = Paint { on: false };
        assert_eq!(off.error(), "error");
        assert_eq!(off.warning(), "warning");
        assert_eq!(off.hint(), "hint");
        assert_eq!(off.line("warning: a"), "warning: a");
    }
}
