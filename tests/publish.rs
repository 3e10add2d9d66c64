//! `don publish`: the site's pages from a temporary database: the same bytes twice, only what
//! changed rewritten, pages gone removed, names shown as typed, the table beside the pages as
//! FORMAT.md §4, calendars, a Don leg's score sheet, a disputed night marked.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::db::Db;
use common::{snapshot, text};

const LEAGUE: &str = "Abercarn Crib and Don League";

/// Every file under `dir`, by its path inside it.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let name = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(name, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The sample season of `examples/league`.
fn sample() -> Db {
    let db = Db::new();
    db.import_sample_season();
    db
}

fn publish(db: &Db, out: &Path) -> String {
    db.ok(&["publish", "--out", out.to_str().unwrap()])
}

#[test]
fn publishing_twice_writes_the_same_bytes_and_a_rerun_rewrites_only_what_changed() {
    let db = sample();
    let a: PathBuf = db.dir().join("a");
    let said = publish(&db, &a);
    let first = files(&a);
    // 12 teams (page and calendar), 99 players, 132 nights, the season's 5 files (its page,
    // the printable table, the table of confirmed nights only, CSV, JSON), the front page, the
    // archive, the team and player lists, the honours and the all-time table, the stylesheet,
    // the list of files.
    assert_eq!(first.len(), 12 * 2 + 99 + 132 + 5 + 7 + 1, "{said}");
    assert!(said.starts_with(&format!(
        "Published {LEAGUE} to {}: 267 files (267 written, 0 unchanged).\n",
        a.display()
    )));
    let again = publish(&db, &a);
    assert!(
        again.contains(": 267 files (0 written, 267 unchanged)."),
        "{again}"
    );
    assert_eq!(files(&a), first);
    // Into another folder: the same bytes.
    let b = db.dir().join("b");
    publish(&db, &b);
    assert_eq!(files(&b), first);

    // A dispute changes the night's page, the pages with the table's notes (and the table of
    // confirmed nights only, which leaves it out), and the two teams'.
    db.ok(&[
        "night",
        "dispute",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-11-13",
        "--by",
        "Red Lion",
        "--reason",
        "double crib 2 was ours",
    ]);
    let said = publish(&db, &a);
    assert!(
        said.contains(": 267 files (7 written, 260 unchanged)."),
        "{said}"
    );
    let now = files(&a);
    let changed: Vec<&String> = now
        .iter()
        .filter(|(k, v)| first.get(*k) != Some(v))
        .map(|(k, _)| k)
        .collect();
    assert_eq!(
        changed,
        [
            "index.html",
            "season/2025-26/confirmed.html",
            "season/2025-26/index.html",
            "season/2025-26/night/2025-11-13-royal-oak-v-red-lion.html",
            "season/2025-26/table.html",
            "team/red-lion.html",
            "team/royal-oak.html",
        ]
    );
    let night = read(
        &a,
        "season/2025-26/night/2025-11-13-royal-oak-v-red-lion.html",
    );
    assert!(
        night.contains(
            r#"<p><span class="mark disputed">Disputed</span> by Red Lion: double crib 2 was ours</p>"#
        ),
        "{night}"
    );
    let season = read(&a, "season/2025-26/index.html");
    assert!(season.contains(r#"Counted, not yet confirmed by both teams: <span class="mark disputed">1 disputed night</span>."#));
}

#[test]
fn each_season_has_a_table_of_confirmed_nights_only_saying_which_it_leaves_out() {
    let db = sample();
    let out = db.dir().join("site");
    publish(&db, &out);
    let page = "season/2025-26/confirmed.html";
    let confirmed = read(&out, page);
    assert!(confirmed.contains("<p>None: both teams have confirmed every night entered.</p>"));
    assert!(
        confirmed.contains(r#"<a href="index.html#table">The table with every night counted</a>"#)
    );
    let season = read(&out, "season/2025-26/index.html");
    assert!(season.contains(r#"<a href="confirmed.html">Only confirmed nights</a>"#));
    assert!(read(&out, "index.html")
        .contains(r#"<a href="season/2025-26/confirmed.html">Only confirmed nights</a>"#));
    // Every night confirmed: the same table as the season's.
    let rows = |page: &str| -> Vec<String> {
        page.lines()
            .filter(|l| l.contains(r#"<td class="num pts">"#))
            .map(String::from)
            .collect()
    };
    assert_eq!(rows(&season).len(), 12);
    assert_eq!(rows(&confirmed), rows(&season));

    db.ok(&[
        "night",
        "dispute",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-11-13",
        "--by",
        "Red Lion",
        "--reason",
        "double crib 2 was ours",
    ]);
    publish(&db, &out);
    let confirmed = read(&out, page);
    assert!(confirmed.contains(r#"<p class="note">Left out, not yet confirmed by both teams: <span class="mark disputed">1 disputed night</span>.</p>"#), "{confirmed}");
    assert!(confirmed.contains(r#"<td class="result"><a href="../../season/2025-26/night/2025-11-13-royal-oak-v-red-lion.html">4–5</a> <span class="mark disputed">disputed</span></td>"#), "{confirmed}");
    // Royal Oak and Red Lion have a night fewer than in the season's table.
    let season = read(&out, "season/2025-26/index.html");
    assert!(season.contains(
        r#"<a href="../../team/royal-oak.html">Royal Oak</a></th><td class="num">22</td>"#
    ));
    assert!(confirmed.contains(
        r#"<a href="../../team/royal-oak.html">Royal Oak</a></th><td class="num">21</td>"#
    ));
    assert!(confirmed.contains(
        r#"<a href="../../team/red-lion.html">Red Lion</a></th><td class="num">21</td>"#
    ));
    // On a night's card each match's legs come right after its name.
    let night = read(
        &out,
        "season/2025-26/night/2025-11-13-royal-oak-v-red-lion.html",
    );
    assert!(
        night.contains(r#"<tr><th scope="row">don 1</th><td class="legs">1–2</td>"#),
        "{night}"
    );
}

#[test]
fn the_table_beside_the_pages_is_what_standings_prints() {
    let db = sample();
    let out = db.dir().join("site");
    publish(&db, &out);
    assert_eq!(
        read(&out, "season/2025-26/standings.json"),
        db.ok(&["standings", "--json"])
    );
    assert_eq!(
        read(&out, "season/2025-26/standings.csv"),
        db.ok(&["standings", "--csv"])
    );
    // Each team's calendar has its 22 fixtures.
    let ics = read(&out, "team/royal-oak.ics");
    assert_eq!(ics.matches("BEGIN:VEVENT\r\n").count(), 22);
    assert!(ics.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
    assert!(ics.contains("X-WR-CALNAME:Royal Oak · Abercarn Crib and Don League\r\n"));
    // Red Lion v Navigation Inn needed a tie-breaker; the reason is beside Red Lion.
    let front = read(&out, "index.html");
    assert!(front.contains(r#"<td class="why more">Red Lion above Navigation Inn: level on 105 points, legs difference +27; legs won 238 against 215</td>"#));
    // A pair apart on points needs none.
    assert!(!front.contains("Royal Oak above Abercarn Inn"));
}

#[test]
fn a_name_is_shown_as_typed_and_a_leg_links_to_its_score_sheet() {
    let db = Db::with_html_name_and_a_game();
    let out = db.dir().join("site");
    publish(&db, &out);
    let site = files(&out);
    for (name, bytes) in &site {
        let page = String::from_utf8_lossy(bytes);
        if name.ends_with(".html") {
            assert!(!page.contains("<b>Fox"), "{name} has the name as markup");
        }
    }
    let front = read(&out, "index.html");
    assert!(
        front.contains(r#"<a href="team/b-fox-hounds-b.html">&#60;b&#62;Fox &#38; &#34;Hounds&#34;&#60;/b&#62;</a>"#),
        "{front}"
    );
    // The night: the card with the players, and the leg scored with the engine linked.
    let night = read(
        &out,
        "season/2025-26/night/2025-09-11-royal-oak-v-b-fox-hounds-b.html",
    );
    assert!(night.contains(r#"<p><span class="mark provisional">Provisional</span>: being entered for Royal Oak, not complete yet</p>"#), "{night}");
    assert!(
        night.contains(r#"<a href="../../../game/1.html">126-119</a> 121-100"#),
        "{night}"
    );
    let sheet = read(&out, "game/1.html");
    // Hand by hand as `don show 1` gives it: hand 7, Gareth pitching spades, pegs out.
    assert!(sheet.contains(r#"<tr><td class="num">7</td><td>N Gareth</td><td>spades</td><td class="num">24</td><td class="num">0</td><td class="num">126</td><td class="num">119</td></tr>"#), "{sheet}");
    assert!(sheet.contains("<p>NS peg out in hand 7, trick 3: 126–119</p>"));
    snapshot("publish-front.html", &front);
    snapshot("publish-game.html", &sheet);
    snapshot("publish-team.ics", &read(&out, "team/red-lion.ics"));
}

#[test]
fn a_page_gone_from_the_site_is_removed_and_other_files_are_left_alone() {
    let db = Db::with_html_name_and_a_game();
    let out = db.dir().join("site");
    publish(&db, &out);
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let night = "season/2025-26/night/2025-09-11-royal-oak-v-b-fox-hounds-b.html";
    assert!(out.join(night).exists());
    // The night with the game is taken back: its page, the game's, and the pages of the four
    // players it put on the rosters go.
    db.ok(&["undo"]);
    let said = publish(&db, &out);
    assert!(
        said.contains(": 19 files (11 written, 8 unchanged, 6 removed)."),
        "{said}"
    );
    for player in ["dai", "gareth", "huw", "rhys"] {
        assert!(!out.join(format!("player/{player}.html")).exists());
    }
    assert!(!out.join(night).exists());
    assert!(!out.join("game/1.html").exists());
    assert!(!out.join("game").exists(), "an emptied folder goes too");
    assert_eq!(read(&out, "notes.txt"), "mine");
}

#[test]
fn publishing_into_a_file_or_for_no_league_is_refused() {
    let db = Db::with_html_name_and_a_game();
    let file = db.dir().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let out = db.run(&["publish", "--out", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "{} is not a folder: give --out a folder (new or one published before)",
            file.display()
        )),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    let out = db.run(&["publish", "--league", "Nowhere", "--out", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no league 'Nowhere'"));
}

#[test]
fn a_team_added_later_never_takes_a_published_team_s_pages() {
    let db = Db::with_html_name_and_a_game();
    let out = db.dir().join("site");
    publish(&db, &out);
    let before = read(&out, "team/royal-oak.ics");
    assert!(before.contains("X-WR-CALNAME:Royal Oak · "));
    // Its name comes first in name order, and makes the same slug.
    db.ok(&["team", "add", "(Royal Oak)"]);
    publish(&db, &out);
    assert_eq!(read(&out, "team/royal-oak.ics"), before);
    assert!(read(&out, "team/royal-oak-2.ics").contains("X-WR-CALNAME:(Royal Oak) · "));
}

#[test]
fn a_team_renamed_keeps_its_published_addresses_and_its_new_name_s_answers_too() {
    let db = sample();
    let out = db.dir().join("site");
    publish(&db, &out);
    let before = files(&out);
    let ics = read(&out, "team/red-lion.ics");
    db.ok(&[
        "team",
        "rename",
        "Red Lion",
        "The Lion",
        "--from",
        "2026-07-01",
    ]);
    let said = publish(&db, &out);
    assert!(!said.contains("removed"), "{said}");
    let after = files(&out);
    // Every address published before still answers: the team's page and calendar, and its
    // nights of 2025-26, which name it as it was then.
    for name in before.keys() {
        assert!(after.contains_key(name), "{name} gone after the rename");
    }
    let page = read(&out, "team/red-lion.html");
    assert!(page.contains("<h1>The Lion</h1>"), "{page}");
    assert_eq!(
        read(&out, "team/red-lion.ics").replace("X-WR-CALNAME:The Lion", "X-WR-CALNAME:Red Lion"),
        ics,
        "the same fixtures, the same events"
    );
    let nights: Vec<&String> = before
        .keys()
        .filter(|n| n.contains("/night/") && n.contains("red-lion"))
        .collect();
    assert_eq!(nights.len(), 22, "{nights:?}");
    for n in &nights {
        let night = read(&out, n);
        assert!(
            night.contains("Red Lion") && !night.contains("The Lion"),
            "{n}: {night}"
        );
        // Its address by the team's name today (where a site published after a rename put it
        // before) sends the browser on to it.
        let by_today = n.replace("red-lion", "the-lion");
        let to = n.rsplit('/').next().unwrap();
        let moved = read(&out, &by_today);
        assert!(
            moved.contains(&format!(
                r#"<meta http-equiv="refresh" content="0; url={to}">"#
            )),
            "{by_today}: {moved}"
        );
    }
    // The address by the new name: a page that sends the browser on (with a link to follow),
    // and the calendar.
    let moved = read(&out, "team/the-lion.html");
    for line in [
        r#"<meta http-equiv="refresh" content="0; url=red-lion.html">"#,
        r#"<link rel="canonical" href="red-lion.html">"#,
        r#"<a href="red-lion.html">The Lion</a>"#,
    ] {
        assert!(moved.contains(line), "{line} not in {moved}");
    }
    assert_eq!(
        read(&out, "team/the-lion.ics"),
        read(&out, "team/red-lion.ics")
    );
    // Links go to the team's own address, never the old one.
    assert!(read(&out, "teams.html").contains(r#"<a href="team/red-lion.html">The Lion</a>"#));
    assert!(!read(&out, "index.html").contains("the-lion"));
    // Renamed back: the address of the name it had for a while goes on answering.
    db.ok(&[
        "team",
        "rename",
        "The Lion",
        "Red Lion",
        "--from",
        "2027-07-01",
    ]);
    let said = publish(&db, &out);
    assert!(!said.contains("removed"), "{said}");
    assert!(read(&out, "team/red-lion.html").contains("<h1>Red Lion</h1>"));
    assert!(read(&out, "team/the-lion.html").contains("url=red-lion.html"));
}

#[test]
fn an_abbreviation_means_one_thing_across_the_site_and_a_team_s_page_never_repeats_the_team() {
    let db = sample();
    let out = db.dir().join("site");
    publish(&db, &out);
    // Every column heading of every page: an abbreviation (with the words it stands for) means
    // the same wherever it is; the league table's L (nights lost) is never legs elsewhere.
    let mut meanings: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (name, bytes) in files(&out) {
        if !name.ends_with(".html") {
            continue;
        }
        let page = String::from_utf8(bytes).unwrap();
        for part in page.split(r#"<abbr title=""#).skip(1) {
            let (full, rest) = part.split_once(r#"">"#).unwrap();
            let (short, _) = rest.split_once("</abbr>").unwrap();
            meanings
                .entry(short.to_string())
                .or_default()
                .entry(full.to_string())
                .or_insert(name.clone());
        }
    }
    let twice: Vec<_> = meanings.iter().filter(|(_, m)| m.len() > 1).collect();
    assert!(twice.is_empty(), "{twice:#?}");
    assert_eq!(
        meanings["L"].keys().collect::<Vec<_>>(),
        ["Nights lost"],
        "{meanings:?}"
    );
    // A team's players: no Team column on its own page; matches and legs in words.
    let page = read(&out, "team/red-lion.html");
    let players = page
        .split("<caption>Red Lion&#39;s players in season 2025-26</caption>")
        .nth(1)
        .expect("the players table")
        .split("</thead>")
        .next()
        .unwrap();
    assert!(!players.contains(">Team<"), "{players}");
    for head in [
        r#"<abbr title="Matches played">Matches</abbr>"#,
        r#"<abbr title="Matches won">Won</abbr>"#,
        r#"<abbr title="Legs played">Legs</abbr>"#,
        ">Legs won<",
    ] {
        assert!(players.contains(head), "{head} not in {players}");
    }
    // A player's page keeps the team: he may have played for more than one.
    let player = files(&out)
        .into_keys()
        .find(|n| n.starts_with("player/"))
        .unwrap();
    assert!(read(&out, &player).contains(r#"<th scope="col">Team</th>"#));
}

#[test]
fn a_folder_of_other_files_never_published_into_is_refused_unless_forced() {
    let db = Db::with_html_name_and_a_game();
    let out = db.dir().join("mine");
    std::fs::create_dir_all(out.join("team")).unwrap();
    for (name, text) in [
        ("index.html", "my home page"),
        ("style.css", "my style"),
        ("team/red-lion.html", "my red lion"),
        ("notes.txt", "my notes"),
    ] {
        std::fs::write(out.join(name), text).unwrap();
    }
    let before = files(&out);
    let run = db.run(&["publish", "--out", out.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        text(&run.stderr),
        format!(
            "don: error: {} holds 4 files or folders (index.html, notes.txt, style.css, team) and was never published into (it has no .don-publish); the site would replace 3 of them (index.html, style.css, team/red-lion.html)\n  hint: publish into a new or empty folder, or give --force to publish among these files (the site's pages replace files of the same name; the others are left alone)\n",
            out.display()
        )
    );
    assert_eq!(files(&out), before);
    // Forced: the site's pages are written, the user's other file stays; and from then on
    // the folder is one published into.
    let said = db.ok(&["publish", "--out", out.to_str().unwrap(), "--force"]);
    assert!(
        said.contains(": 25 files (25 written, 0 unchanged)."),
        "{said}"
    );
    assert_eq!(read(&out, "notes.txt"), "my notes");
    assert!(read(&out, "team/red-lion.html").contains("<title>"));
    let said = publish(&db, &out);
    assert!(
        said.contains(": 25 files (0 written, 25 unchanged)."),
        "{said}"
    );
    // An empty folder needs no --force.
    let empty = db.dir().join("empty");
    std::fs::create_dir(&empty).unwrap();
    publish(&db, &empty);
}

#[test]
fn a_publish_that_fails_half_way_leaves_no_front_page_linking_to_missing_pages() {
    let db = sample();
    let out = db.dir().join("site");
    // As a full disk would: no file may grow past 40 KiB, and the season's page is 45 KB.
    let run = std::process::Command::new("bash")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 40; exec \"$@\"")
        .arg("bash")
        .arg(env!("CARGO_BIN_EXE_don"))
        .args(["publish", "--out", out.to_str().unwrap()])
        .env("DON_DB", &db.path)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let err = text(&run.stderr);
    assert!(
        err.contains(&format!(
            "cannot write {}: File too large",
            out.join("season/2025-26/index.html").display()
        )),
        "{err}"
    );
    assert!(
        !out.join("index.html").exists(),
        "the front page is written last"
    );
    // The next publish finishes the site.
    let said = publish(&db, &out);
    assert!(said.contains(": 267 files ("), "{said}");
    assert!(out.join("index.html").exists());
}

#[test]
fn a_name_a_spreadsheet_would_run_is_written_as_text_in_the_table_s_csv() {
    let db = Db::new();
    db.league_new("L", &[]);
    db.season_new(
        "2025-26",
        &["=cmd|'/c calc'!A1", "Red Lion", "@Home", "Pub;=1+7"],
    );
    db.ok(&[
        "deduct",
        "Red Lion",
        "2",
        "--reason",
        "late",
        "--date",
        "2025-09-05",
    ]);
    let csv = db.ok(&["standings", "--csv"]);
    assert_eq!(
        csv,
        "pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points\n\
         1,\"'=cmd|'/c calc'!A1\",0,0,0,0,0,0,0,0,0\n\
         2,\"'@Home\",0,0,0,0,0,0,0,0,0\n\
         3,\"Pub;=1+7\",0,0,0,0,0,0,0,0,0\n\
         4,\"Red Lion\",0,0,0,0,0,0,0,0,-2\n"
    );
    let out = db.dir().join("site");
    publish(&db, &out);
    assert_eq!(read(&out, "season/2025-26/standings.csv"), csv);
    // The names stay as typed everywhere else.
    assert!(read(&out, "season/2025-26/standings.json").contains(r#""team":"=cmd|'/c calc'!A1""#));
    assert!(db.ok(&["team", "list"]).contains("=cmd|'/c calc'!A1"));
}

#[test]
fn a_player_added_later_never_takes_a_published_player_s_page() {
    let db = Db::with_html_name_and_a_game();
    db.ok(&[
        "roster",
        "add",
        "Royal Oak",
        "Gareth Jones",
        "--new-player",
        "Gareth Jones",
    ]);
    let out = db.dir().join("site");
    publish(&db, &out);
    let before = read(&out, "player/gareth-jones.html");
    assert!(before.contains("<title>Gareth Jones"), "{before}");
    // On a roster that comes first (Red Lion's), with a name that makes the same slug.
    db.ok(&[
        "roster",
        "add",
        "Red Lion",
        "Gareth-Jones",
        "--new-player",
        "Gareth-Jones",
    ]);
    publish(&db, &out);
    assert_eq!(read(&out, "player/gareth-jones.html"), before);
    assert!(read(&out, "player/gareth-jones-2.html").contains("<title>Gareth-Jones"));
}

#[test]
fn a_team_named_as_a_windows_device_gets_a_page_windows_can_hold() {
    let db = Db::new();
    db.league_new("L", &[]);
    db.season_new("2025-26", &["CON", "nul", "Aux.txt", "COM1", "lpt9"]);
    let out = db.dir().join("site");
    publish(&db, &out);
    let mut teams: Vec<String> = files(&out)
        .into_keys()
        .filter(|k| k.starts_with("team/") && k.ends_with(".html"))
        .collect();
    teams.sort();
    assert_eq!(
        teams,
        [
            "team/aux-txt.html",
            "team/com1-x.html",
            "team/con-x.html",
            "team/lpt9-x.html",
            "team/nul-x.html",
        ]
    );
}

#[test]
fn a_publish_removes_only_pages_it_could_have_written_and_never_the_database() {
    let db = Db::with_html_name_and_a_game();
    db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    let out = db.dir().join("pd");
    std::fs::create_dir(&out).unwrap();
    let league = out.join("league.db");
    std::fs::copy(&db.path, &league).unwrap();
    // The database by another name, one a page could have.
    std::fs::hard_link(&league, out.join("old.html")).unwrap();
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    std::fs::write(
        out.join(".don-publish"),
        "league.db\nleague.db-wal\nleague.db-shm\nnotes.txt\nold.html\n../don.db\n",
    )
    .unwrap();
    let before = std::fs::read(&league).unwrap();
    // Before: "… 3 removed", and the league was gone.
    let said = db.ok(&[
        "publish",
        "--db",
        league.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        said.contains(": 25 files (25 written, 0 unchanged)."),
        "{said}"
    );
    assert_eq!(std::fs::read(&league).unwrap(), before);
    assert_eq!(std::fs::read(out.join("old.html")).unwrap(), before);
    assert_eq!(read(&out, "notes.txt"), "mine");
    assert!(db.path.exists());
    let list = read(&out, ".don-publish");
    assert!(
        !list.contains("league.db") && !list.contains("notes.txt"),
        "{list}"
    );
    db.ok(&["standings", "--db", league.to_str().unwrap()]);
    // A page's place that is the database is refused, the database untouched.
    let inside = out.join("index.html");
    std::fs::remove_file(&inside).unwrap();
    std::fs::hard_link(&league, &inside).unwrap();
    let run = db.run(&[
        "publish",
        "--db",
        league.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        text(&run.stderr),
        format!(
            "don: error: {} is the database being published: a publish never replaces it\n  hint: keep the database outside the folder published into, or publish into another folder\n",
            inside.display()
        )
    );
    assert_eq!(std::fs::read(&league).unwrap(), before);
}

#[test]
fn a_file_the_earlier_publish_did_not_write_is_refused_unless_forced() {
    let db = Db::with_html_name_and_a_game();
    let out = db.dir().join("u3");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join(".don-publish"), "").unwrap();
    std::fs::write(out.join("index.html"), "my").unwrap();
    // Before: published with exit 0, the user's index.html replaced.
    let run = db.run(&["publish", "--out", out.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        text(&run.stderr),
        format!(
            "don: error: {} holds a file the site would replace that no publish wrote (.don-publish does not list it): index.html\n  hint: move such files out of the folder, or give --force to let the site's pages replace them\n",
            out.display()
        )
    );
    assert_eq!(read(&out, "index.html"), "my");
    assert_eq!(read(&out, ".don-publish"), "");
    let said = db.ok(&["publish", "--out", out.to_str().unwrap(), "--force"]);
    assert!(said.contains("(25 written, 0 unchanged)"), "{said}");
    // Published into: its own pages are replaced from now on without --force.
    db.ok(&["team", "add", "Blue Bell"]);
    let said = publish(&db, &out);
    assert!(said.contains(": 27 files ("), "{said}");
}

#[cfg(unix)]
#[test]
fn the_site_s_folders_and_pages_are_readable_by_everyone_whatever_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let db = Db::with_html_name_and_a_game();
    // A folder made for it too.
    let out = db.dir().join("www").join("site");
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg("umask 077; exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_don"))
        .args(["publish", "--out", out.to_str().unwrap()])
        .env("DON_DB", &db.path)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    let mode = |name: &str| {
        std::fs::metadata(out.join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o777
    };
    // Before: the folders were 0700.
    for folder in [
        "..",
        "",
        "team",
        "season",
        "season/2025-26",
        "season/2025-26/night",
    ] {
        assert_eq!(mode(folder), 0o755, "{folder}");
    }
    for page in [
        "index.html",
        "team/red-lion.html",
        "season/2025-26/standings.csv",
    ] {
        assert_eq!(mode(page), 0o644, "{page}");
    }
}

#[cfg(unix)]
#[test]
fn publishing_into_a_folder_one_may_not_write_points_at_its_permissions() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let db = Db::with_html_name_and_a_game();
    db.sql("PRAGMA wal_checkpoint(TRUNCATE)");
    let out = db.dir().join("site");
    std::fs::create_dir(&out).unwrap();
    std::fs::set_permissions(db.dir(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&db.path, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o555)).unwrap();
    let root = std::fs::metadata(db.dir()).unwrap().uid() == 0;
    let mut cmd = if root {
        let mut cmd = std::process::Command::new("setpriv");
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_don"));
        cmd
    } else {
        std::process::Command::new(env!("CARGO_BIN_EXE_don"))
    };
    let run = cmd
        .args(["publish", "--out", out.to_str().unwrap()])
        .env("DON_DB", &db.path)
        .env_remove("COLUMNS")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    if root && text(&run.stderr).starts_with("setpriv:") {
        eprintln!("skipped: running as root, and `setpriv` cannot run don as the user nobody");
        return;
    }
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    // Before: "… publishing again finishes the site".
    assert_eq!(
        text(&run.stderr),
        format!(
            "don: error: cannot write {}: Permission denied (os error 13)\n  hint: check the folder's permissions (you must be allowed to write into it and the folders inside it), or publish into another folder\n",
            out.join(".don-publish").display()
        )
    );
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
}

#[test]
fn a_player_known_from_another_league_is_new_to_this_one_s_pages() {
    let db = Db::with_html_name_and_a_game();
    const MAIN: &str = "Abercarn Crib and Don League";
    db.league_new("Old", &[]);
    db.ok(&[
        "season",
        "new",
        "2024-25",
        "--league",
        "Old",
        "--teams",
        "Blue Bell",
        "--create",
    ]);
    // Known to the database first, in league Old.
    db.ok(&[
        "roster",
        "add",
        "--league",
        "Old",
        "Blue Bell",
        "Gareth-Jones",
        "--new-player",
        "Gareth-Jones",
    ]);
    db.ok(&[
        "roster",
        "add",
        "--league",
        MAIN,
        "Royal Oak",
        "Gareth Jones",
        "--new-player",
        "Gareth Jones",
    ]);
    let out = db.dir().join("site");
    db.ok(&["publish", "--league", MAIN, "--out", out.to_str().unwrap()]);
    let before = read(&out, "player/gareth-jones.html");
    assert!(before.contains("<title>Gareth Jones"), "{before}");
    // Gareth-Jones comes into this league later: the page stays Gareth Jones's.
    db.ok(&[
        "roster",
        "add",
        "--league",
        MAIN,
        "Red Lion",
        "Gareth-Jones",
        "--new-player",
        "Gareth-Jones",
    ]);
    db.ok(&["publish", "--league", MAIN, "--out", out.to_str().unwrap()]);
    assert_eq!(read(&out, "player/gareth-jones.html"), before);
    assert!(read(&out, "player/gareth-jones-2.html").contains("<title>Gareth-Jones"));
}
