//! File names from names: plain, distinct, short, and none a name Windows keeps for a device.

use std::collections::BTreeSet;

/// Distinct file names from names: `royal-oak`, then `royal-oak-2` for a second; letters with
/// accents as their plain letters (`Tŷ Gwyn` is `ty-gwyn`), at most [`Slugs::LONGEST`] bytes.
#[derive(Default)]
pub(super) struct Slugs(BTreeSet<String>);

impl Slugs {
    const LONGEST: usize = 60;

    pub(super) fn take(&mut self, name: &str) -> String {
        let base = Self::base(name);
        let mut slug = base.clone();
        let mut n = 1;
        while !self.0.insert(slug.clone()) {
            n += 1;
            slug = format!("{base}-{n}");
        }
        slug
    }

    /// The file name of `name` as [`Slugs::take`] makes it when nothing has taken it, if
    /// nothing has: an old address kept answering, never one that would need a number.
    pub(super) fn take_free(&mut self, name: &str) -> Option<String> {
        let slug = Self::base(name);
        self.0.insert(slug.clone()).then_some(slug)
    }

    /// A name's file name before any number that tells it from another's.
    fn base(name: &str) -> String {
        let mut base = String::new();
        for c in name.chars().flat_map(char::to_lowercase) {
            if c.is_ascii_alphanumeric() {
                base.push(c);
            } else if let Some(plain) = plain_letters(c) {
                base.push_str(plain);
            } else if !base.ends_with('-') && !base.is_empty() {
                base.push('-');
            }
            if base.len() >= Self::LONGEST {
                base.truncate(Self::LONGEST);
                break;
            }
        }
        while base.ends_with('-') {
            base.pop();
        }
        if base.is_empty() {
            base.push('x');
        }
        // A name Windows keeps for a device is no file name there, with any extension.
        if is_reserved_on_windows(&base) {
            base.push_str("-x");
        }
        base
    }
}

/// `con`, `prn`, `aux`, `nul`, `com0`…`com9`, `lpt0`…`lpt9`: names of devices on Windows.
fn is_reserved_on_windows(slug: &str) -> bool {
    match slug.as_bytes() {
        b"con" | b"prn" | b"aux" | b"nul" => true,
        [b'c', b'o', b'm', d] | [b'l', b'p', b't', d] => d.is_ascii_digit(),
        _ => false,
    }
}

/// A lower-case letter with an accent (or a ligature) as plain letters.
fn plain_letters(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' => "c",
        'ð' | 'đ' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' => "e",
        'ì' | 'í' | 'î' | 'ï' | 'ī' => "i",
        'ł' => "l",
        'ñ' | 'ń' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' => "o",
        'œ' => "oe",
        'ß' => "ss",
        'š' | 'ś' => "s",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' => "u",
        'ŵ' | 'ẁ' | 'ẃ' | 'ẅ' => "w",
        'ý' | 'ÿ' | 'ŷ' | 'ỳ' => "y",
        'ž' | 'ź' | 'ż' => "z",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_plain_distinct_and_short() {
        let mut slugs = Slugs::default();
        assert_eq!(slugs.take("Royal Oak"), "royal-oak");
        assert_eq!(slugs.take("ROYAL  oak!"), "royal-oak-2");
        assert_eq!(slugs.take("Tŷ Gwyn"), "ty-gwyn");
        assert_eq!(slugs.take("Zoë Ŵyn"), "zoe-wyn");
        assert_eq!(slugs.take("<b>Fox & \"Hounds\"</b>"), "b-fox-hounds-b");
        assert_eq!(slugs.take("李"), "x");
        assert_eq!(slugs.take("王"), "x-2");
        assert_eq!(slugs.take("../etc/passwd"), "etc-passwd");
        let long = slugs.take(&"The Very Long Name Of A Pub ".repeat(10));
        assert_eq!(long.len(), 59, "{long}");
        assert!(long.starts_with("the-very-long-name-of-a-pub-the-very"));
        assert!(!long.ends_with('-'));
    }

    #[test]
    fn a_free_slug_is_taken_only_when_nothing_has_it() {
        let mut slugs = Slugs::default();
        assert_eq!(slugs.take("Royal Oak"), "royal-oak");
        assert_eq!(slugs.take_free("ROYAL oak"), None);
        assert_eq!(slugs.take_free("The Oak"), Some("the-oak".into()));
        assert_eq!(slugs.take_free("the oak"), None);
        assert_eq!(slugs.take("The Oak"), "the-oak-2");
    }

    #[test]
    fn no_slug_is_a_name_windows_keeps_for_a_device() {
        let mut slugs = Slugs::default();
        assert_eq!(slugs.take("CON"), "con-x");
        assert_eq!(slugs.take("nul"), "nul-x");
        assert_eq!(slugs.take("Aux"), "aux-x");
        assert_eq!(slugs.take("PRN."), "prn-x");
        assert_eq!(slugs.take("COM1"), "com1-x");
        assert_eq!(slugs.take("lpt9"), "lpt9-x");
        assert_eq!(slugs.take("Con"), "con-x-2");
        assert_eq!(slugs.take("con.txt"), "con-txt");
        assert_eq!(slugs.take("COM10"), "com10");
        assert_eq!(slugs.take("Conwy"), "conwy");
        assert_eq!(slugs.take("com"), "com");
    }
}
