//! Names as people type them: matched ignoring case and extra spaces, and the nearest known name
//! suggested for one that is not known ("did you mean 'Royal Oak'?").

/// A name folded for matching: case and extra spaces ignored.
pub fn name_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for word in name.split_whitespace() {
        if !key.is_empty() {
            key.push(' ');
        }
        if word.is_ascii() {
            key.extend(word.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            key.push_str(&word.to_lowercase());
        }
    }
    key
}

/// A name tidied for keeping: extra spaces removed, case as typed.
pub fn tidy(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The known name nearest to `name`, if one is near enough to be a slip of the keyboard (or
/// contains it, or is contained in it).
pub fn suggest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let key = name_key(name);
    if key.is_empty() {
        return None;
    }
    let mut best: Option<(usize, &str)> = None;
    for candidate in known {
        let other = name_key(candidate);
        let mut d = distance(&key, &other);
        if other.contains(&key) || key.contains(&other) || words_within(&key, &other) {
            d = d.min(1);
        }
        let limit = (key.chars().count().max(other.chars().count()) / 3).max(1);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// A player's name as typed, against the names a team or league knows: `None` when it is one
/// of them (case and extra spaces ignored) or near none; else the known name it is most
/// likely a slip for ("Ivor Jams" for "Ivor James"). The names of `first` (a team's roster)
/// are preferred to those of `then` (the league's).
pub fn near_miss<'a>(name: &str, first: &[&'a str], then: &[&'a str]) -> Option<&'a str> {
    let key = name_key(name);
    if key.is_empty() || first.iter().chain(then).any(|k| name_key(k) == key) {
        return None;
    }
    let nearest = |known: &[&'a str]| -> Option<&'a str> {
        let mut best: Option<(usize, &str)> = None;
        for &candidate in known {
            let other = name_key(candidate);
            // A slip of the keyboard: a letter or two (one in a short name), or part of the
            // name ("Dai" for "Dai Morgan"); not a namesake ("Mair Jones" for "Ivor Jones").
            let limit = if key.chars().count().max(other.chars().count()) >= 10 {
                2
            } else {
                1
            };
            let mut d = distance(&key, &other);
            if words_within(&key, &other) || words_within(&other, &key) {
                d = d.min(1);
            }
            if d <= limit && best.is_none_or(|(b, _)| d < b) {
                best = Some((d, candidate));
            }
        }
        best.map(|(_, c)| c)
    };
    nearest(first).or_else(|| nearest(then))
}

/// Every word of `typed` (letters and digits; "&" taken as "and") is a word of `known`.
fn words_within(typed: &str, known: &str) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.replace('&', " and ")
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty() && *w != "and")
            .map(str::to_string)
            .collect()
    };
    let (typed, known) = (words(typed), words(known));
    !typed.is_empty() && typed.iter().all(|w| known.contains(w))
}

/// Edit distance (insertions, deletions, substitutions) between two strings, by characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(near_miss("Gareth Jone", &roster, &league), Some("Gareth Jones"));
        assert_eq!(near_miss("gareth jones", &roster, &league), None);
        assert_eq!(near_miss("Bethan Watkins", &roster, &league), None);
        assert_eq!(near_miss("Dai", &roster, &league), Some("Dai Morgan"));
        assert_eq!(near_miss("Mair Jams", &["Ivor Jams"], &[]), None);
        assert_eq!(near_miss("Huw", &["Dai"], &[]), None);
    }
}
