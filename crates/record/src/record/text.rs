//! Names and free text as people type them in (a team, league, season, player, venue, a reason):
//! [`check`] refuses what would act on a terminal when the text is shown again (control
//! characters: C0, DEL, C1; the marks that reorder a line) and a name with nothing visible in it;
//! [`escaped`] writes such characters as escapes (`\n`, `\u{1b}`, `\u{202e}`), for text already
//! kept, whatever it holds. One rule for both: what is accepted is shown as typed.

use std::borrow::Cow;
use std::fmt;

use unicode_normalization::UnicodeNormalization;

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
                | '\u{2065}'..='\u{206F}'
                | '\u{2800}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
        )
}

/// True for a combining mark (an accent written apart, and the like): it shows only on a
/// letter before it, so a name of nothing else shows nothing.
fn combining(c: char) -> bool {
    matches!(
        c,
        '\u{0300}'..='\u{036F}'
            | '\u{0483}'..='\u{0489}'
            | '\u{0591}'..='\u{05BD}'
            | '\u{1AB0}'..='\u{1AFF}'
            | '\u{1DC0}'..='\u{1DFF}'
            | '\u{20D0}'..='\u{20FF}'
            | '\u{FE20}'..='\u{FE2F}'
    )
}

/// True for what a name's key leaves out: a mark that shows nothing and is not a space
/// (a zero-width space or joiner, a soft hyphen, a variation selector), so "Gar\u{200B}eth" is
/// "Gareth".
fn unseen_mark(c: char) -> bool {
    invisible(c) && !c.is_whitespace() && !acts_on_terminal(c)
}

/// `value` as JSON on one line, with every character that would act on a terminal written as
/// a `\uXXXX` escape (serde_json leaves DEL, the C1 controls and the marks that reorder a line
/// as they are): the same JSON to a reader, and safe to print.
pub fn terminal_safe_json<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let json = serde_json::to_string(value)?;
    if !json.chars().any(acts_on_terminal) {
        return Ok(json);
    }
    let mut safe = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if acts_on_terminal(c) {
            // Outside a string JSON holds only ASCII punctuation, digits and letters, so such a
            // character is always inside a string, where an escape means the same.
            safe.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            safe.push(c);
        }
    }
    Ok(safe)
}

/// True when something in the text shows: not only spaces, control characters, zero-width
/// joiners and other invisible marks.
pub fn has_visible(text: &str) -> bool {
    !text.chars().all(|c| invisible(c) || combining(c))
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

/// A name folded for matching: Unicode's composed form (NFC, so "Café" typed with a combining
/// accent is "Café"), case and extra spaces ignored. Two names with the same key are one team,
/// one player.
pub fn name_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for word in name.split_whitespace() {
        if word.is_ascii() {
            if !key.is_empty() {
                key.push(' ');
            }
            key.extend(word.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            let seen: String = word.chars().filter(|&c| !unseen_mark(c)).collect();
            if seen.is_empty() {
                continue;
            }
            if !key.is_empty() {
                key.push(' ');
            }
            key.extend(seen.to_lowercase().nfc());
        }
    }
    key
}

/// The first name given twice, matched as names are ([`name_key`]): the places of its first and
/// second mention, from 0. A blank name is never a match.
pub fn given_twice<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<(usize, usize)> {
    let mut seen: Vec<String> = Vec::new();
    for (i, name) in names.into_iter().enumerate() {
        let key = name_key(name);
        if let Some(first) = seen.iter().position(|k| *k == key && !key.is_empty()) {
            return Some((first, i));
        }
        seen.push(key);
    }
    None
}

/// A name as it looks, for telling two names that look alike: [`name_key`] with the characters
/// that show nothing left out (a zero-width joiner, a soft hyphen) and the Cyrillic and Greek
/// letters that look like Latin ones written as those ("Royal Оak" with a Cyrillic "О" is
/// "royal oak"). Compatibility forms are folded too (a full-width "Ｏ", a ligature "ﬁ").
/// A small table of the common look-alikes, not Unicode's whole list of confusables.
pub fn look_alike_key(name: &str) -> String {
    let folded: String = name
        .nfkc()
        .filter(|&c| c.is_whitespace() || !invisible(c))
        .map(latin_look_alike)
        .collect();
    name_key(&folded)
}

/// The Latin letter a Cyrillic or Greek one looks like, or the character itself.
fn latin_look_alike(c: char) -> char {
    match c {
        // Cyrillic capitals and small letters.
        'А' => 'A',
        'В' => 'B',
        'С' => 'C',
        'Е' | 'Ё' => 'E',
        'Н' => 'H',
        'І' => 'I',
        'Ј' => 'J',
        'К' => 'K',
        'М' => 'M',
        'О' => 'O',
        'Р' => 'P',
        'Ѕ' => 'S',
        'Т' => 'T',
        'Х' => 'X',
        'У' => 'Y',
        'а' => 'a',
        'с' => 'c',
        'е' => 'e',
        'һ' => 'h',
        'і' => 'i',
        'ј' => 'j',
        'о' => 'o',
        'р' => 'p',
        'ѕ' => 's',
        'х' => 'x',
        'у' => 'y',
        'ԁ' => 'd',
        'ԛ' => 'q',
        'ԝ' => 'w',
        // Greek capitals and small letters.
        'Α' => 'A',
        'Β' => 'B',
        'Ε' => 'E',
        'Ζ' => 'Z',
        'Η' => 'H',
        'Ι' => 'I',
        'Κ' => 'K',
        'Μ' => 'M',
        'Ν' => 'N',
        'Ο' => 'O',
        'Ρ' => 'P',
        'Τ' => 'T',
        'Υ' => 'Y',
        'Χ' => 'X',
        'ο' => 'o',
        'ν' => 'v',
        'ι' => 'i',
        'κ' => 'k',
        'ρ' => 'p',
        'υ' => 'u',
        _ => c,
    }
}

/// The known name that `name` only looks like (the same once look-alike and invisible
/// characters are set aside, but another name to [`name_key`]): "Royal Oak" for "Royal Оak"
/// with a Cyrillic "О", or with a zero-width joiner inside. `None` when the name is itself
/// known.
pub fn looks_like<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let key = name_key(name);
    let look = look_alike_key(name);
    if look.is_empty() {
        return None;
    }
    let mut like = None;
    for k in known {
        if name_key(k) == key {
            return None;
        }
        if like.is_none() && look_alike_key(k) == look {
            like = Some(k);
        }
    }
    like
}

/// The first character of `name` that only looks like another or shows nothing (as
/// [`look_alike_key`] sets them aside), with its place counted in characters from 1.
pub fn look_alike_char(name: &str) -> Option<(CodePoint, usize)> {
    name.chars()
        .enumerate()
        .find(|&(_, c)| {
            (!c.is_whitespace() && invisible(c))
                || latin_look_alike(c) != c
                || (!c.is_ascii() && c.to_string().nfkc().ne(std::iter::once(c)))
        })
        .map(|(i, c)| (CodePoint(c), i + 1))
}

/// A warning for a new name that only looks like a known one: "the new team 'Royal Оak' only
/// looks like 'Royal Oak' (U+041E, character 7 sets them apart); did you mean `Royal Oak`?".
/// `what` names the kind of name ("team", "player"). `None` when it looks like none.
pub fn look_alike_warning<'a>(
    what: &str,
    name: &str,
    known: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let like = looks_like(name, known)?;
    let apart = look_alike_char(name)
        .or_else(|| look_alike_char(like))
        .map(|(c, at)| format!(" ({c}, character {at}, sets them apart)"))
        .unwrap_or_default();
    Some(format!(
        "the new {what} '{}' only looks like '{}'{apart}; did you mean `{}`?",
        escaped(name.trim()),
        escaped(like),
        escaped(like)
    ))
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
    /// A name longer than [`MAX_NAME_CHARS`].
    #[error(
        "is {chars} characters long: a name may have at most {}",
        MAX_NAME_CHARS
    )]
    TooLong { chars: usize },
    /// A line of text (a venue, a reason) longer than [`MAX_TEXT_CHARS`].
    #[error(
        "is {chars} characters long: a line of text may have at most {}",
        MAX_TEXT_CHARS
    )]
    LineTooLong { chars: usize },
}

/// The most characters a line of text may have (a venue, a reason): a results file's cell.
pub const MAX_TEXT_CHARS: usize = 4096;

/// The most characters a name may have (a league, a season, a team, a player), wherever it is
/// typed or read from a results file.
pub const MAX_NAME_CHARS: usize = 100;

/// `text` as a message quotes it: whole if it could be a name, else its first 40 characters
/// and how many more there are.
pub fn shortened(text: &str) -> std::borrow::Cow<'_, str> {
    let chars = text.chars().count();
    if chars <= MAX_NAME_CHARS {
        return std::borrow::Cow::Borrowed(text);
    }
    let head: String = text.chars().take(40).collect();
    std::borrow::Cow::Owned(format!("{head}… ({} characters more)", chars - 40))
}

/// Checks a name typed in or read: as [`check`], and at most [`MAX_NAME_CHARS`] characters
/// (spaces around it aside).
pub fn check_name(name: &str) -> Result<(), TextError> {
    check(name)?;
    let chars = name.trim_matches(' ').chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(TextError::TooLong { chars });
    }
    Ok(())
}

/// Checks a name or a line of text typed in (spaces around it aside): no character that acts
/// on a terminal (not even a line feed at its end), and something visible. `at` in the error
/// counts from the first character after the spaces.
pub fn check(text: &str) -> Result<(), TextError> {
    let text = text.trim_matches(' ');
    if text.len() > MAX_TEXT_CHARS {
        let chars = text.chars().count();
        if chars > MAX_TEXT_CHARS {
            return Err(TextError::LineTooLong { chars });
        }
    }
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
    if !has_visible(text) {
        return Err(TextError::Invisible);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_leaves_out_marks_that_show_nothing_and_a_name_of_them_alone_shows_nothing() {
        assert_eq!(name_key("Gar\u{200B}eth  JONES"), "gareth jones");
        assert_eq!(name_key("Gareth \u{2060} Jones"), "gareth jones");
        assert_eq!(name_key("Cafe\u{301}"), "caf\u{e9}");
        for shows_nothing in [
            "\u{2800}",
            "\u{301}",
            "\u{206A}",
            "\u{FFF9}",
            "\u{1D173}",
            " \u{200B} ",
        ] {
            assert_eq!(
                check(shows_nothing),
                Err(TextError::Invisible),
                "{shows_nothing:?}"
            );
        }
        assert_eq!(check("e\u{301}"), Ok(()));
        assert_eq!(
            check(&"v".repeat(4097)),
            Err(TextError::LineTooLong { chars: 4097 })
        );
        assert_eq!(
            check_name(&"n".repeat(101)),
            Err(TextError::TooLong { chars: 101 })
        );
    }

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

    #[test]
    fn names_match_in_nfc_case_and_spaces_aside() {
        assert_eq!(name_key("  Royal   OAK "), "royal oak");
        assert_eq!(name_key("Cafe\u{301}"), "caf\u{e9}");
        assert_eq!(name_key("CAFE\u{301}"), name_key("caf\u{e9}"));
        assert_eq!(name_key("SIO\u{302}N"), "si\u{f4}n");
        assert_eq!(
            given_twice(["Gareth", "Dai", "GARETH ", "gareth"]),
            Some((0, 2))
        );
        assert_eq!(given_twice(["Caf\u{e9}", "Cafe\u{301}"]), Some((0, 1)));
        assert_eq!(given_twice(["", "Dai", ""]), None);
        // A look-alike is another name, though it looks the same.
        assert_ne!(name_key("Royal \u{41e}ak"), name_key("Royal Oak"));
    }

    #[test]
    fn a_name_that_only_looks_like_a_known_one_is_found() {
        let teams = ["Royal Oak", "Red Lion"];
        assert_eq!(looks_like("Royal \u{41e}ak", teams), Some("Royal Oak"));
        assert_eq!(looks_like("R\u{43e}yal Oak", teams), Some("Royal Oak"));
        assert_eq!(looks_like("\u{ff32}oyal Oak", teams), Some("Royal Oak"));
        assert_eq!(looks_like("Red Li\u{3bf}n", teams), Some("Red Lion"));
        // The same name (as names match) or another is no look-alike.
        assert_eq!(looks_like("ROYAL  oak", teams), None);
        // A zero-width joiner inside is left out of the key: the same name, not a look-alike.
        assert_eq!(looks_like("Roy\u{200d}al Oak", teams), None);
        assert_eq!(name_key("Roy\u{200d}al Oak"), name_key("Royal Oak"));
        assert_eq!(looks_like("Royal Oaks", teams), None);
        assert_eq!(
            looks_like("royal oak", ["Royal \u{41e}ak", "Royal Oak"]),
            None
        );
        assert_eq!(
            look_alike_char("Royal \u{41e}ak"),
            Some((CodePoint('\u{41e}'), 7))
        );
        assert_eq!(look_alike_char("Caf\u{e9} Bach"), None);
        assert_eq!(
            look_alike_warning("team", "R\u{43e}yal Oak", teams).unwrap(),
            "the new team 'R\u{43e}yal Oak' only looks like 'Royal Oak' (U+043E, character 2, sets them apart); did you mean `Royal Oak`?"
        );
        assert!(has_visible("Ty\u{200d}Coch"));
        assert!(!has_visible("\u{200b}\u{0} \u{feff}"));
    }
}
