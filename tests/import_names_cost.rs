//! An import's names cost in proportion to the file (issue 27, "Files that cost without
//! bound"): a new team's name is checked for a misspelling against the other names of the
//! files, and an import makes at most 1,000 new teams, so that check stays bounded. The
//! 1,001st new team is refused at the cell naming it, and nothing is kept.

use crate::common;

use common::db::{refused, Db};
use common::text;

fn write(db: &Db, name: &str, content: &str) -> String {
    let path = db.dir().join(name);
    std::fs::write(&path, content).unwrap();
    path.to_str().unwrap().to_string()
}

/// A nights file of season 2025-26 naming `teams` new teams ("Club 0000", "Club 0001", …: not
/// slips of each other, a numbered suffix being another team), two a row, each night 5-4.
fn nights(teams: usize) -> String {
    let mut out = String::from("season,date,home,away,home_points,away_points,note\n");
    for row in 0..teams.div_ceil(2) {
        let home = format!("Club {:04}", 2 * row);
        // An odd count: the last row's away team is the first's (no new team).
        let away = if 2 * row + 1 < teams {
            format!("Club {:04}", 2 * row + 1)
        } else {
            "Club 0000".to_string()
        };
        let day = row % 28 + 1;
        out.push_str(&format!("2025-26,2025-10-{day:02},{home},{away},5,4,\n"));
    }
    out
}

#[test]
fn an_import_naming_more_new_teams_than_the_bound_is_refused_at_the_first_past_it() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    // 1,001 new teams: the 1,001st ("Club 1000", the home team of line 502) is refused at its
    // cell; the database is as it was.
    let file = write(&db, "many.csv", &nights(1001));
    let out = refused(
        &db,
        &["import", &file, "--league", "Valleys", "--create"],
        1,
        "many.csv, line 502, column 3 (home): 'Club 1000' would be a new team past the 1000 an import may make: add the teams in more than one import",
    );
    let err = text(&out.stderr);
    assert!(err.contains("Nothing imported: 1 error."), "{err}");
    assert_eq!(err.matches("an import may make").count(), 1, "{err}");
}

#[test]
fn an_import_of_as_many_new_teams_as_the_bound_makes_them() {
    let db = Db::new();
    db.league_new("Valleys", &[]);
    let file = write(&db, "bound.csv", &nights(1000));
    let out = db.ok(&["import", &file, "--league", "Valleys", "--create"]);
    assert!(out.contains("500 nights"), "{out}");
    assert!(out.contains("1000 new teams"), "{out}");
    // The league has them: another import naming one more new team is within its own bound.
    let one = "season,date,home,away,home_points,away_points,note\n2025-26,2025-11-01,Club 0000,Miners Arms,5,4,\n";
    let file = write(&db, "one.csv", one);
    let out = db.ok(&["import", &file, "--league", "Valleys", "--create"]);
    assert!(out.contains("1 new team"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// The same answers, sooner: names far apart by their letters are passed over without the
// distance worked out, and the nearest is the one the whole search found.

/// The search as it was, every known name's distance worked out: the known name nearest to
/// `name`, if near enough (the same loosely, containing it or contained, every word of it a
/// word of the other, or within a third of the longer's letters).
fn suggest_slowly<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    use don::league::names::{loose_key, name_key};
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
    let words = |s: &str| -> Vec<String> {
        s.replace('&', " and ")
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty() && *w != "and")
            .map(str::to_string)
            .collect()
    };
    let key = name_key(name);
    if key.is_empty() {
        return None;
    }
    let loose = loose_key(name);
    let mut best: Option<(usize, &str)> = None;
    for &candidate in known {
        let other = name_key(candidate);
        let mut d = distance(&key, &other);
        if !loose.is_empty() && loose_key(candidate) == loose {
            d = 0;
        }
        let (typed, theirs) = (words(&key), words(&other));
        let within = !typed.is_empty() && typed.iter().all(|w| theirs.contains(w));
        if other.contains(&key) || key.contains(&other) || within {
            d = d.min(1);
        }
        let limit = (key.chars().count().max(other.chars().count()) / 3).max(1);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    #[test]
    fn the_nearest_name_is_the_one_every_distance_finds(
        name in "[a-cA-C &éó'.]{0,12}",
        known in proptest::collection::vec("[a-cA-C &éó'.]{0,12}", 0..12),
    ) {
        let known: Vec<&str> = known.iter().map(String::as_str).collect();
        proptest::prop_assert_eq!(
            don::league::names::suggest(&name, known.iter().copied()),
            suggest_slowly(&name, &known)
        );
    }
}

#[test]
fn a_name_far_by_its_letters_but_within_another_is_still_suggested() {
    use don::league::names::suggest;
    let teams = ["Fox and Hounds Inn", "Royal Oak", "Zzzzzzzz"];
    assert_eq!(suggest("Fox", teams), Some("Fox and Hounds Inn"));
    assert_eq!(suggest("Hounds Fox", teams), Some("Fox and Hounds Inn"));
    assert_eq!(suggest("Royal Oke", teams), Some("Royal Oak"));
    assert_eq!(suggest("Qwxy Plmn", teams), None);
}
