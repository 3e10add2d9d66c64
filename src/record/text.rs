//! Names and free text as people type them in (a team, league, season, player, venue, a reason):
//! [`check`] refuses what would act on a terminal when the text is shown again (control
//! characters: C0, DEL, C1; the marks that reorder a line) and a name with nothing visible in it;
//! [`escaped`] writes such characters as escapes (`\n`, `\u{1b}`, `\u{202e}`), for text already
//! kept, whatever it holds. One rule for both: what is accepted is shown as typed.

use std::borrow::Cow;
use std::fmt;

/// True for a character that must not reach a terminal as it is: a control character (C0, DEL,
/// C1), the line and paragraph separators, or a mark that reorders the line (the bidirectional
/// marks, embeddings, overrides and isolates).
pub fn acts_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// True for a character that shows nothing: white space, and the invisible joiners, fillers and
/// marks.
fn invisible(c: char) -> bool {
    c.is_whitespace()
        || acts_on_terminal(c)
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200D}'
                | '\u{2060}'..='\u{2064}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// The text, with anything that would act on a terminal escaped.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts_on_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if acts_on_terminal(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// "1 player", "2 players": a count with its noun, for messages in every layer.
pub fn count(n: impl TryInto<i64>, one: &str, many: &str) -> String {
    let n: i64 = n.try_into().unwrap_or(i64::MAX);
    format!("{n} {}", if n == 1 || n == -1 { one } else { many })
}

/// A character named for a message: `U+001B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodePoint(pub char);

impl fmt::Display for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", u32::from(self.0))
    }
}

/// Why a name or a line of text typed in cannot be kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A control character, or a mark that reorders the line; `at` counts characters from 1.
    #[error("has {} ({found}, character {at})", if found.0.is_control() { "a control character" } else { "a mark that reorders the line" })]
    Control { found: CodePoint, at: usize },
    /// Blank, or nothing in it shows.
    #[error("has nothing visible in it")]
    Invisible,
}

/// Checks a name or a line of text typed in (spaces around it aside): no character that acts
/// on a terminal (not even a line feed at its end), and something visible. `at` in the error
/// counts from the first character after the spaces.
pub fn check(text: &str) -> Result<(), TextError> {
    let text = text.trim_matches(' ');
    // Most names are plain printable ASCII.
    if !text.is_empty() && text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Ok(());
    }
    if let Some((i, c)) = text.chars().enumerate().find(|(_, c)| acts_on_terminal(*c)) {
        return Err(TextError::Control {
            found: CodePoint(c),
            at: i + 1,
        });
    }
    if text.chars().all(invisible) {
        return Err(TextError::Invisible);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_left_alone() {
        assert_eq!(
            escaped("Fox & Hounds, Caerffili ♥"),
            "Fox & Hounds, Caerffili ♥"
        );
        assert_eq!(escaped("Fox\nerror [renege]"), "Fox\\nerror [renege]");
        assert_eq!(
            escaped("\u{1b}]0;x\u{7}Red Lion"),
            "\\u{1b}]0;x\\u{7}Red Lion"
        );
        assert_eq!(escaped("\u{9b}31m"), "\\u{9b}31m");
        // The line and paragraph separators break a line as a line feed does.
        assert_eq!(escaped("Red\u{2028}Lion"), "Red\\u{2028}Lion");
        assert!(check("Red\u{2029}Lion").is_err());
    }

    #[test]
    fn names_with_control_characters_or_nothing_visible_are_refused() {
        for fine in [
            "Royal Oak",
            "  Fox & Hounds ",
            "Siôn Ó Briain",
            "Caerffili ♥",
            "Ty\u{200d}Coch",
        ] {
            assert_eq!(check(fine), Ok(()), "{fine:?}");
        }
        let control = |c: char, at: usize| {
            Err(TextError::Control {
                found: CodePoint(c),
                at,
            })
        };
        assert_eq!(check("Red\u{1b}[31mLion"), control('\u{1b}', 4));
        assert_eq!(check("Red Lion\u{7}"), control('\u{7}', 9));
        assert_eq!(check("Red\rLion"), control('\r', 4));
        assert_eq!(check("Red\nLion"), control('\n', 4));
        assert_eq!(check("Red\tLion"), control('\t', 4));
        assert_eq!(check("Red\u{7f}"), control('\u{7f}', 4));
        assert_eq!(check("Ré\u{9b}31m"), control('\u{9b}', 3));
        assert_eq!(check("abc\u{202e}fed"), control('\u{202e}', 4));
        assert_eq!(check(""), Err(TextError::Invisible));
        assert_eq!(check("   "), Err(TextError::Invisible));
        assert_eq!(
            check("\u{200b}\u{feff} \u{3000}"),
            Err(TextError::Invisible)
        );
        assert_eq!(
            check("Red\u{1b}Lion").unwrap_err().to_string(),
            "has a control character (U+001B, character 4)"
        );
    }
}
