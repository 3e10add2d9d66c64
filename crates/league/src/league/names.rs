//! Names as people type them: matched ignoring case, extra spaces and how an accent is encoded
//! (NFC), and the nearest known name suggested for one that is not known ("did you mean 'Royal
//! Oak'?"). The folding itself is [`crate::record::text::name_key`], shared with records.

use chrono::NaiveDate;
// Edit distance (insertions, deletions, substitutions) between two names, by characters; and
// the same with two neighbouring letters swapped counted as one slip ("Jnoes").
use strsim::{levenshtein as distance, osa_distance as typing_distance};

pub use crate::record::text::{given_twice, looks_like, name_key};

/// A name tidied for keeping: extra spaces removed, case as typed.
pub fn tidy(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A name as typed on the command line: 'Royal Oak', "Miners' Arms".
pub fn quoted(name: &str) -> String {
    if name.contains('\'') {
        format!("\"{name}\"")
    } else {
        format!("'{name}'")
    }
}

/// A name as a shell takes it back, to paste into a command: in single quotes, each `'`
/// written `'\''` (`x'); DROP` becomes `'x'\''); DROP'`).
pub fn shell_quoted(name: &str) -> String {
    format!("'{}'", name.replace('\'', "'\\''"))
}

/// The known name nearest to `name`, if one is near enough to be a slip of the keyboard (or
/// contains it, or is contained in it).
pub fn suggest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let folded: Vec<(&str, Folded)> = known.into_iter().map(|c| (c, Folded::new(c))).collect();
    suggest_folded(name, folded.iter().map(|(c, f)| (*c, f)))
}

/// A name folded once for matching against many others: its [`name_key`] and [`loose_key`],
/// its words as [`suggest`] compares them, and a count of its letters (by a few classes) that
/// tells cheaply when two names are too far apart to be a slip of each other.
#[derive(Clone, Debug)]
pub struct Folded {
    pub key: String,
    pub loose: String,
    chars: usize,
    bag: [u16; 32],
    words: Vec<String>,
}

impl Folded {
    pub fn new(name: &str) -> Folded {
        let key = name_key(name);
        let mut bag = [0u16; 32];
        for c in key.chars() {
            let slot = &mut bag[(c as u32 % 32) as usize];
            *slot = slot.saturating_add(1);
        }
        Folded {
            loose: loose_key(name),
            chars: key.chars().count(),
            words: words_of(&key),
            bag,
            key,
        }
    }

    /// At most the edit distance between the two names (with or without swaps of
    /// neighbours): each slip changes a letter count by one on each side at most.
    fn distance_at_least(&self, other: &Folded) -> usize {
        let (mut more, mut fewer) = (0usize, 0usize);
        for (a, b) in self.bag.iter().zip(&other.bag) {
            if a > b {
                more += usize::from(a - b);
            } else {
                fewer += usize::from(b - a);
            }
        }
        more.max(fewer)
    }
}

/// [`suggest`] against names folded already ([`Folded`]), so that many names are matched
/// against the same known ones without folding each known name again; a known name too far
/// by its letters to be taken is passed over without working out the distance (the same
/// answer, sooner).
pub fn suggest_folded<'a, 'f>(
    name: &str,
    known: impl IntoIterator<Item = (&'a str, &'f Folded)>,
) -> Option<&'a str> {
    let this = Folded::new(name);
    let key = &this.key;
    if key.is_empty() {
        return None;
    }
    let loose = &this.loose;
    let mut best: Option<(usize, &str)> = None;
    for (candidate, folded) in known {
        let other = folded.key.as_str();
        let limit = (this.chars.max(folded.chars) / 3).max(1);
        // What a distance must be at most to be taken: within the limit, and nearer than
        // the best so far.
        let bar = match best {
            Some((0, _)) => break,
            Some((b, _)) => limit.min(b - 1),
            None => limit,
        };
        let same_loosely = !loose.is_empty() && folded.loose == *loose;
        let within = || {
            other.contains(key.as_str()) || key.contains(other) || {
                !this.words.is_empty() && this.words.iter().all(|w| folded.words.contains(w))
            }
        };
        let d = if same_loosely {
            // The same name but for case, "The", "&", punctuation or accents.
            0
        } else if this.distance_at_least(folded) > bar {
            // Too far by its letters: taken only as containing the name, or it this one.
            if bar >= 1 && within() {
                1
            } else {
                continue;
            }
        } else {
            let mut d = distance(key, other);
            if within() {
                d = d.min(1);
            }
            d
        };
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// The known team a team's name as typed is most likely a slip for, as [`suggest`] finds it
/// ("Royal Oke" for "Royal Oak"): such a name is not made a new team unawares. A name of one or
/// two letters is near no team (every such name is near every other), as a results import
/// judges a new team.
pub fn near_team<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    suggest(name, known).filter(|_| name_key(name).chars().count() > 2)
}

/// A player's name without what tells a namesake apart ("Dai Jones" of "Dai Jones (Red
/// Lion)"); a name without it as it is.
pub fn unlabelled(name: &str) -> &str {
    let trimmed = name.trim_end();
    match trimmed.strip_suffix(')').and_then(|n| n.rfind(" (")) {
        Some(at) if !trimmed[..at].trim().is_empty() => &trimmed[..at],
        _ => name,
    }
}

/// A player's name as typed, against the names a team or league knows: `None` when it is one
/// of them (case and extra spaces ignored) or near none; else the known name it is most
/// likely a slip for ("Ivor Jams" for "Ivor James"). The names of `first` (a team's roster)
/// are preferred to those of `then` (the league's).
pub fn near_miss<'a>(name: &str, first: &[&'a str], then: &[&'a str]) -> Option<&'a str> {
    let key = name_key(name);
    // A namesake's label ("Dai Jones (Red Lion)") knows its name alone too.
    let known = |k: &str| name_key(k) == key || name_key(unlabelled(k)) == key;
    if key.is_empty() || first.iter().chain(then).any(|k| known(k)) {
        return None;
    }
    let nearest = |known: &[&'a str]| -> Option<&'a str> {
        let mut best: Option<(usize, &str)> = None;
        for &candidate in known {
            let other = name_key(unlabelled(candidate));
            if let Some(d) = slip(&key, &other) {
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, candidate));
                }
            }
        }
        best.map(|(_, c)| c)
    };
    nearest(first).or_else(|| nearest(then))
}

/// How far a typed name (folded) is from a known one when it looks like a slip of the keyboard
/// for it: one word off by a letter (two in a long word) with the others the same ("Ivor Jams"
/// for "Ivor James"), the spaces alone different, or part of the name ("Dai" for "Dai
/// Morgan"), or its words in another order ("James Ivor" for "Ivor James"). A namesake is no
/// slip ("Gethin Lloyd" and "Bethan Lloyd"), nor a number ("Royal Oak player 12" and
/// "player 1").
fn slip(key: &str, other: &str) -> Option<usize> {
    if loose_key(key) == loose_key(other) {
        return Some(0);
    }
    if digits(key) != digits(other) {
        return None;
    }
    let typed: Vec<&str> = key.split(' ').collect();
    let known: Vec<&str> = other.split(' ').collect();
    if typed.len() == known.len() && typed.len() > 1 {
        let (mut a, mut b) = (typed.clone(), known.clone());
        a.sort_unstable();
        b.sort_unstable();
        if a == b {
            return Some(1);
        }
    }
    if typed.len() == known.len() {
        let differ: Vec<(&str, &str)> = typed
            .iter()
            .zip(&known)
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (*a, *b))
            .collect();
        return match differ[..] {
            [(a, b)] => {
                let d = typing_distance(a, b);
                let limit = if a.chars().count().max(b.chars().count()) >= 8 {
                    2
                } else {
                    1
                };
                (d <= limit).then_some(d)
            }
            _ => None,
        };
    }
    if typed.concat() == known.concat() {
        return Some(1);
    }
    let within = |a: &[&str], b: &[&str]| a.iter().all(|w| b.contains(w));
    (within(&typed, &known) || within(&known, &typed)).then_some(1)
}

/// A name folded further than [`name_key`], for telling a name written another way: no
/// accents, "&" read as "and", punctuation dropped, a leading "The" dropped ("The Fox &
/// Hounds", "fox and hounds", "Fox and Hounds." and "Fóx and Hounds" are all "fox and
/// hounds"). Two names the same so are never two teams or two players unawares.
pub fn loose_key(name: &str) -> String {
    use unicode_normalization::char::is_combining_mark;
    use unicode_normalization::UnicodeNormalization;
    let plain: String = name_key(name)
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .map(|c| if c == '&' { '+' } else { c })
        .collect();
    let mut words: Vec<String> = Vec::new();
    for word in plain.replace('+', " and ").split_whitespace() {
        let w: String = word.chars().filter(|c| c.is_alphanumeric()).collect();
        if !w.is_empty() {
            words.push(w);
        }
    }
    if words.len() > 1 && words[0] == "the" {
        words.remove(0);
    }
    words.join(" ")
}

/// The name a team (or player) bore on `day`: the first of its former names (each with the
/// last day it was borne, oldest first) still borne then, else its name `today`.
pub fn name_on<'a>(today: &'a str, former: &[(&'a str, NaiveDate)], day: NaiveDate) -> &'a str {
    let mut former: Vec<&(&str, NaiveDate)> = former.iter().collect();
    former.sort_by_key(|(_, until)| *until);
    former
        .into_iter()
        .find(|(_, until)| day <= *until)
        .map_or(today, |(name, _)| name)
}

/// Two names a slip of the keyboard apart, case and spaces aside: one letter added, dropped,
/// changed, or two neighbours swapped (two such in a name of eight letters or more: "Royal
/// Oke" and "Royal Oak"). Names differing only in a last word that
/// is a team's suffix (a letter or two, a number: "Royal Oak A", "Royal Oak B") are two
/// teams, not a slip, as are names of more words and fewer ("Red Lion", "Red Lion B").
pub fn one_letter_apart(a: &str, b: &str) -> bool {
    one_letter_apart_keys(&name_key(a), &name_key(b))
}

/// [`one_letter_apart`] of two names folded already; passed over without working out the
/// distance when their letters are too far apart (the same answer, sooner).
pub fn one_letter_apart_folded(a: &Folded, b: &Folded) -> bool {
    // A slip is two at most.
    if a.chars.abs_diff(b.chars) > 2 || a.distance_at_least(b) > 2 {
        return false;
    }
    one_letter_apart_keys(&a.key, &b.key)
}

/// [`one_letter_apart`] of two names' [`name_key`]s.
fn one_letter_apart_keys(a: &str, b: &str) -> bool {
    if a == b || a.chars().count() <= 2 || b.chars().count() <= 2 {
        return false;
    }
    let (wa, wb): (Vec<&str>, Vec<&str>) = (a.split(' ').collect(), b.split(' ').collect());
    if wa.len() != wb.len() {
        // A word more ("Red Lion B" beside "Red Lion") is another team, not a slip.
        return false;
    }
    if wa.len() > 1 && wa[..wa.len() - 1] == wb[..wb.len() - 1] {
        let suffix = |w: &str| w.chars().count() <= 2 || w.chars().all(|c| c.is_ascii_digit());
        if suffix(wa[wa.len() - 1]) || suffix(wb[wb.len() - 1]) {
            return false;
        }
    }
    let limit = if a.chars().count().min(b.chars().count()) >= 8 {
        2
    } else {
        1
    };
    // Each slip changes the length by a letter at most.
    a.chars().count().abs_diff(b.chars().count()) <= limit && typing_distance(a, b) <= limit
}

/// The digits of a name, in order.
fn digits(name: &str) -> String {
    name.chars().filter(char::is_ascii_digit).collect()
}

/// A name's words as [`suggest`] compares them (every word of one a word of the other): letters and digits, "&" taken as "and",
/// "and" left out.
fn words_of(s: &str) -> Vec<String> {
    s.replace('&', " and ")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && *w != "and")
        .map(str::to_string)
        .collect()
}

/// The known player a new player's name is most likely a slip of the keyboard for, by the rule
/// a new team's name is judged by ([`one_letter_apart`]: "Gareht" for "Gareth", "Dia" for
/// "Dai"): none when the name is one of `known` itself (case and extra spaces ignored).
pub fn near_player<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let key = name_key(name);
    if known.iter().any(|k| name_key(k) == key) {
        return None;
    }
    known.iter().copied().find(|k| one_letter_apart(name, k))
}

/// The first of `players` a letter or two from a player of `known` (a slip, most likely),
/// with the known name: a name of `new_players` is someone new, never a slip.
pub fn first_slip<'a>(
    players: &[String],
    new_players: &[String],
    known: &[&'a str],
) -> Option<(String, &'a str)> {
    let new: Vec<String> = new_players.iter().map(|n| name_key(n)).collect();
    players
        .iter()
        .filter(|p| !new.contains(&name_key(p)))
        .find_map(|p| near_miss(p, &[], known).map(|meant| (tidy(p), meant)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_namesakes_label_knows_the_name_alone_and_a_slip_of_it() {
        assert_eq!(unlabelled("Dai Jones (Red Lion)"), "Dai Jones");
        assert_eq!(unlabelled("Dai Jones"), "Dai Jones");
        assert_eq!(unlabelled("(Red Lion)"), "(Red Lion)");
        let roster = ["Dai Jones (Red Lion)", "Huw Price"];
        let league = ["Dai Jones (Royal Oak)", "Dai Jones (Red Lion)", "Huw Price"];
        // The name alone is no slip: whom it means is for the roster to say.
        assert_eq!(near_miss("dai jones", &roster, &league), None);
        // A slip of it is offered as the roster's own.
        assert_eq!(
            near_miss("Dai Jone", &roster, &league),
            Some("Dai Jones (Red Lion)")
        );
    }

    #[test]
    fn a_slip_is_suggested_and_a_stranger_is_not() {
        let teams = ["Royal Oak", "Red Lion", "Fox and Hounds"];
        assert_eq!(suggest("Royal Oke", teams), Some("Royal Oak"));
        assert_eq!(suggest("  red   LION ", teams), Some("Red Lion"));
        assert_eq!(suggest("Fox", teams), Some("Fox and Hounds"));
        assert_eq!(suggest("Prince of Wales", teams), None);
        assert_eq!(
            suggest(
                "Abercarn Crib & Don",
                ["Abercarn Crib and Don League", "Valleys"]
            ),
            Some("Abercarn Crib and Don League")
        );
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(name_key("  Royal   OAK "), "royal oak");
        assert_eq!(name_key("\tÉMRYS  Ó\nBRIEN"), "émrys ó brien");
        assert_eq!(name_key("   "), "");
    }

    #[test]
    fn a_player_s_slip_is_caught_and_a_known_or_new_name_is_not() {
        let roster = ["Ivor James", "Dai Morgan"];
        let league = ["Gareth Jones"];
        assert_eq!(near_miss("Ivor Jams", &roster, &league), Some("Ivor James"));
        assert_eq!(near_miss("ivor  JAMES", &roster, &league), None);
        assert_eq!(
            near_miss("Gareth Jnoes", &roster, &league),
            Some("Gareth Jones")
        );
        assert_eq!(near_miss("gareth jones", &roster, &league), None);
        assert_eq!(near_miss("Bethan Watkins", &roster, &league), None);
        assert_eq!(near_miss("Dai", &roster, &league), Some("Dai Morgan"));
        assert_eq!(near_miss("Mair Jams", &["Ivor Jams"], &[]), None);
        assert_eq!(near_miss("Huw", &["Dai"], &[]), None);
        assert_eq!(
            near_miss("Red Lion player 12", &["Red Lion player 1"], &[]),
            None
        );
        assert_eq!(near_miss("Gethin Lloyd", &["Bethan Lloyd"], &[]), None);
        assert_eq!(near_miss("Gareth James", &["Gareth Jones"], &[]), None);
        assert_eq!(
            near_miss("IvorJames", &["Ivor James"], &[]),
            Some("Ivor James")
        );
        assert_eq!(near_miss("Sion", &["Sian"], &[]), Some("Sian"));
    }

    #[test]
    fn a_name_written_another_way_is_the_same_loosely() {
        assert_eq!(loose_key("The Fox & Hounds."), "fox and hounds");
        assert_eq!(loose_key("Fóx and  HOUNDS"), "fox and hounds");
        assert_eq!(loose_key("Miners' Arms"), "miners arms");
        assert_eq!(loose_key("The"), "the");
        let teams = ["Fox and Hounds", "Fox Inn"];
        assert_eq!(suggest("The Fox & Hounds", teams), Some("Fox and Hounds"));
        assert_eq!(
            near_miss("Siân Jones", &["Sian Jones"], &[]),
            Some("Sian Jones")
        );
    }

    #[test]
    fn a_name_on_a_day_is_the_one_borne_then() {
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let former = [("The Oak", d("2020-06-30")), ("Royal Oak", d("2015-06-30"))];
        assert_eq!(name_on("Oak Tree", &former, d("2014-01-01")), "Royal Oak");
        assert_eq!(name_on("Oak Tree", &former, d("2015-06-30")), "Royal Oak");
        assert_eq!(name_on("Oak Tree", &former, d("2015-07-01")), "The Oak");
        assert_eq!(name_on("Oak Tree", &former, d("2020-07-01")), "Oak Tree");
        assert_eq!(name_on("Oak Tree", &[], d("2000-01-01")), "Oak Tree");
    }

    #[test]
    fn names_one_letter_apart_but_an_a_and_a_b_team() {
        assert!(one_letter_apart("Royal Oke", "Royal Oak"));
        assert!(one_letter_apart("royal  OAK", "Royal Oka"));
        assert!(!one_letter_apart("Royal Oak A", "Royal Oak B"));
        assert!(!one_letter_apart("Royal Oak 2", "Royal Oak 3"));
        assert!(!one_letter_apart("Red Lion", "Red Lion B"));
        assert!(!one_letter_apart("Royal Oak", "Royal Oak"));
        assert!(!one_letter_apart("Red Lion", "Royal Oak"));
        assert!(!one_letter_apart("Fox Inn", "Fix Ian"));
    }

    #[test]
    fn a_name_with_its_words_swapped_is_a_slip() {
        let roster = ["Ivor James", "Dai Morgan"];
        assert_eq!(near_miss("James Ivor", &roster, &[]), Some("Ivor James"));
        assert_eq!(near_miss("morgan  DAI", &[], &roster), Some("Dai Morgan"));
        // The same words, but not all of them: not a swap.
        assert_eq!(near_miss("James James", &roster, &[]), None);
    }
}
