//! One view per page, rendered twice (issue 28, point 1): the terminal's text and the site's
//! HTML of each page they share are made from one typed view, so every fact of the view is said
//! by both word for word. The pages here: a game's score sheet (`don show` and the site's game
//! page), a conceded game's winner and a jacks-out pool among them; the honours (`don history`
//! and the site's honours page); a league night (`don night show` and the site's night page);
//! the league table's notes and tie-break reasons (`don standings --explain` and the season page);
//! players' and partnerships' figures (`don stats` and a player's and a team's pages); a list of
//! fixtures (`don fixtures list` and the season page's nights); a team in a season (`don team list`
//! and its page); a cup's bracket (`don cup show` and the cup's page).

use crate::common;

use crate::web::browser;

use browser::unescape;
use common::db::Db;
use don::app::league::history::history;
use don::app::league::stats::{Figures, FiguresAsked};
use don::app::view::fixtures::FixtureLine;
use don::app::view::history::{known_from, records, words as history_words};
use don::app::view::stats::FiguresView;
use don::app::view::team::TeamView;
use don::app::view::{NightView, SheetView, StandingsView};
use don::app::{Actor, App};
use don::league::stats::Filter;
use don_store::store::Store;

/// Text as a reader sees it: tags left out (a block's or a cell's as a space, a link's or a
/// mark's as nothing), escapes undone, whitespace made single spaces.
fn words(page: &str) -> String {
    let mut out = String::new();
    let mut rest = page;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let close = open + rest[open..].find('>').expect("a tag closed");
        let name: String = rest[open + 1..close]
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        if !["a", "span", "abbr"].contains(&name.as_str()) {
            out.push(' ');
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    normal(&unescape(&out))
}

/// Whitespace made single spaces; the terminal's table rules and borders as spaces too.
fn normal(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || ('\u{2500}'..='\u{257F}').contains(&c))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The short-nights league with two games scored at the table and linked as legs 1 and 2 of
/// Royal Oak v Red Lion's don 1: game 1 NS win 150–50 with a jacks-out pool of 20.00 among
/// five, game 2 NS concede after a hand (EW win by it).
fn league_with_two_legs() -> Db {
    let db = Db::short_nights();
    let seats = "Gareth, Dai, Rhys, Huw";
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        seats,
        "--pitcher",
        "S",
        "--pool",
        "20",
        "--entrants",
        "Gareth, Dai, Rhys, Huw, Bryn",
    ]);
    let out = db.play(&["1"], &"totals ns 30 ew 10 game ns\n".repeat(5));
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    db.ok(&["new", "nine-card-don", "--seats", seats, "--pitcher", "S"]);
    let out = db.play(&["2"], "totals ns 10 ew 30 game ew\nconcede ns\n");
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-1; #1 #2 121-90",
    ]);
    db
}

/// Two more nights on the league of [`league_with_two_legs`]: Fox and Hounds v Royal Oak a
/// walkover to the away team, and Red Lion v Fox and Hounds by its totals (2-1), entered for Red
/// Lion and disputed by Fox and Hounds.
fn walkover_and_disputed_totals(db: &Db) {
    db.ok(&[
        "night",
        "enter",
        "Fox and Hounds",
        "Royal Oak",
        "--walkover",
        "away",
        "--date",
        "2025-09-11",
    ]);
    db.ok(&[
        "night",
        "enter",
        "Red Lion",
        "Fox and Hounds",
        "--totals",
        "2-1",
        "--date",
        "2025-09-18",
    ]);
    db.ok(&[
        "night",
        "dispute",
        "Red Lion",
        "Fox and Hounds",
        "--reason",
        "it was 1-2",
    ]);
}

/// The view of game `game`'s sheet, as the library makes it.
fn sheet_view(db: &Db, game: i64) -> SheetView {
    let actor = Actor {
        name: "views".into(),
        team: None,
        game: None,
        league: None,
    };
    let app = App::open_existing(&db.path, actor).unwrap();
    SheetView::of(&app.score_sheet(game).unwrap())
}

#[test]
fn a_games_sheet_says_the_same_on_the_terminal_and_the_site() {
    let db = league_with_two_legs();
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    for (game, must) in [
        (
            1,
            [
                "NS win in hand 5: 150–50",
                "Jacks out: the pool of 20.00 goes to NS (Gareth & Rhys), 10.00 each.",
            ],
        ),
        (2, ["NS conceded after hand 1.", "EW (Dai & Huw) win."]),
    ] {
        let view = sheet_view(&db, game);
        let facts = view.facts();
        for m in must {
            assert!(
                facts.iter().any(|f| f == m),
                "game {game}: {m:?} in {facts:?}"
            );
        }
        let terminal = normal(&db.ok(&["show", &game.to_string()]));
        let page = std::fs::read_to_string(site.join(format!("game/{game}.html"))).unwrap();
        let html = words(&page);
        for fact in &facts {
            let fact = normal(fact);
            assert!(
                terminal.contains(&fact),
                "game {game}, the terminal: {fact:?} in {terminal}"
            );
            assert!(
                html.contains(&fact),
                "game {game}, the site: {fact:?} in {html}"
            );
        }
        // The table of hands: each row's cells in order, both ways.
        for row in &view.hands {
            let mut cells = vec![
                row.number.to_string(),
                row.pitcher.clone(),
                row.trumps.clone(),
            ];
            cells.extend(row.points.iter().chain(&row.totals).map(i32::to_string));
            let cells = cells.join(" ");
            assert!(
                terminal.contains(&cells),
                "game {game}: {cells:?} in {terminal}"
            );
            assert!(html.contains(&cells), "game {game}: {cells:?} in {html}");
        }
    }
}

/// Two seasons of nights entered match by match: Royal Oak win 2024-25's two nights, Red Lion
/// beat Royal Oak 3–0 in 2025-26.
fn league_with_history() -> Db {
    let db = Db::short_nights();
    let night = |home: &str, away: &str, date: &str, home_legs: [&str; 3]| {
        let players = [
            ("don 1", "Ann+Bea", "Cai+Dee"),
            ("don 2", "Eve+Fay", "Gus+Hal"),
            ("single-crib 1", "Ivy", "Jon"),
        ];
        let mut args = vec![
            "night".to_string(),
            "enter".into(),
            home.into(),
            away.into(),
            "--date".into(),
            date.into(),
            "--season".into(),
            "2025-26".into(),
        ];
        for ((kind, h, a), legs) in players.iter().zip(home_legs) {
            args.push("--match".into());
            args.push(format!("{kind}; {h}; {a}; {legs}"));
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        db.ok(&args);
    };
    // The same players play at home each night, and the same away: a player plays for one
    // team in a season, so each moves by a transfer between nights (RULES.md §9).
    let move_to = |home: &str, away: &str, on: &str| {
        for (team, players) in [
            (home, ["Ann", "Bea", "Eve", "Fay", "Ivy"]),
            (away, ["Cai", "Dee", "Gus", "Hal", "Jon"]),
        ] {
            for p in players {
                db.ok(&[
                    "roster", "transfer", team, p, "--on", on, "--season", "2025-26",
                ]);
            }
        }
    };
    night("Royal Oak", "Red Lion", "2025-09-04", ["2-0", "2-1", "2-0"]);
    move_to("Fox and Hounds", "Royal Oak", "2025-09-05");
    night(
        "Fox and Hounds",
        "Royal Oak",
        "2025-09-11",
        ["0-2", "1-2", "2-0"],
    );
    move_to("Red Lion", "Fox and Hounds", "2025-09-12");
    night(
        "Red Lion",
        "Fox and Hounds",
        "2025-09-18",
        ["2-0", "2-0", "0-2"],
    );
    db
}

#[test]
fn the_honours_say_the_same_on_the_terminal_and_the_site() {
    let db = league_with_history();
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let terminal = normal(&db.ok(&["history"]));
    let html = words(&std::fs::read_to_string(site.join("honours.html")).unwrap());
    let store = Store::open_read(&db.path).unwrap();
    let league = store.leagues().unwrap().remove(0);
    let told = history(&store, &league).unwrap();
    let mut facts = Vec::new();
    for s in &told.seasons {
        facts.push(s.season.clone());
        facts.extend(s.champions.clone());
        facts.extend(s.runners_up.clone());
        facts.push(known_from(s.source).to_string());
    }
    let records = records(&told);
    assert_eq!(records.len(), 3);
    for r in &records {
        facts.push(r.headline.clone());
        facts.extend(r.entries.iter().map(|e| history_words(e)));
    }
    assert!(
        facts.contains(&"Royal Oak, 2 nights in 2025-26 (2025-09-04 to 2025-09-11)".to_string()),
        "{facts:?}"
    );
    for fact in &facts {
        let fact = normal(fact);
        assert!(
            terminal.contains(&fact),
            "the terminal: {fact:?} in {terminal}"
        );
        assert!(html.contains(&fact), "the site: {fact:?} in {html}");
    }
    // The all-time table, row by row, cell by cell.
    let all_time = words(&std::fs::read_to_string(site.join("all-time.html")).unwrap());
    assert!(!told.all_time.is_empty());
    for l in &told.all_time {
        let row = format!(
            "{} {} {} {} {} {} {} {} {}",
            l.pos, l.team, l.seasons, l.played, l.won, l.drawn, l.lost, l.points, l.titles
        );
        assert!(
            terminal.contains(&row),
            "the terminal: {row:?} in {terminal}"
        );
        assert!(all_time.contains(&row), "the site: {row:?} in {all_time}");
    }
}

/// The views of the nights between `home` and `away`, as the library makes them.
fn night_views(db: &Db, home: &str, away: &str) -> Vec<NightView> {
    let actor = Actor {
        name: "views".into(),
        team: None,
        game: None,
        league: None,
    };
    let app = App::open_existing(&db.path, actor).unwrap();
    let (season, found) = app
        .night_show(don::app::night::NightRef {
            which: don::app::night::WhichSeason {
                league: None,
                season: None,
            },
            home,
            away,
            date: None,
        })
        .unwrap();
    found.iter().map(|f| NightView::of(f, &season)).collect()
}

#[test]
fn a_night_says_the_same_on_the_terminal_and_the_site() {
    // Royal Oak v Red Lion: don 1 entered with its two legs scored at the table (the night
    // being entered); Fox and Hounds v Royal Oak: a walkover; Red Lion v Fox and Hounds: by its
    // totals, entered for Red Lion and disputed by Fox and Hounds.
    let db = league_with_two_legs();
    walkover_and_disputed_totals(&db);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    for (home, away, page, must) in [
        (
            "Royal Oak",
            "Red Lion",
            "2025-09-04-royal-oak-v-red-lion",
            vec![
                "Royal Oak v Red Lion, Thu 4 Sep 2025: 1–0 so far (2 to enter)",
                "Provisional: being entered for Royal Oak, not complete yet",
                "don 1",
                "Gareth & Rhys",
                "2–1",
                "150-50",
                "121-90",
                "single-crib 1",
                "to enter",
            ],
        ),
        (
            "Fox and Hounds",
            "Royal Oak",
            "2025-09-11-fox-and-hounds-v-royal-oak",
            vec![
                "Fox and Hounds did not turn up: a walkover to Royal Oak.",
                "Provisional: entered for Fox and Hounds, to be confirmed for Royal Oak",
            ],
        ),
        (
            "Red Lion",
            "Fox and Hounds",
            "2025-09-18-red-lion-v-fox-and-hounds",
            vec![
                "Red Lion v Fox and Hounds, Thu 18 Sep 2025: 2–1 (totals)",
                "Disputed by Fox and Hounds: it was 1-2",
                "Only the matches each side won were recorded for this night.",
            ],
        ),
    ] {
        let views = night_views(&db, home, away);
        assert_eq!(views.len(), 1, "{home} v {away}");
        let facts = views[0].facts();
        for m in must {
            assert!(facts.iter().any(|f| f == m), "{page}: {m:?} in {facts:?}");
        }
        let terminal = normal(&db.ok(&["night", "show", home, away]));
        let html = words(
            &std::fs::read_to_string(site.join(format!("season/2025-26/night/{page}.html")))
                .unwrap(),
        );
        for fact in &facts {
            let fact = normal(fact);
            assert!(
                terminal.contains(&fact),
                "{page}, the terminal: {fact:?} in {terminal}"
            );
            assert!(html.contains(&fact), "{page}, the site: {fact:?} in {html}");
        }
    }
}

#[test]
fn the_table_s_notes_and_reasons_say_the_same_on_the_terminal_and_the_site() {
    // Three nights of 2025-26, a fourth by its totals (all four provisional: entered for one
    // team only), and Red Lion awarded a point: Red Lion and Fox and Hounds level on 3 points,
    // put apart by a tie-breaker.
    let db = league_with_history();
    db.ok(&[
        "award",
        "Red Lion",
        "1",
        "--reason",
        "late start",
        "--date",
        "2025-09-20",
    ]);
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Fox and Hounds",
        "--date",
        "2025-09-25",
        "--totals",
        "2-1",
        "--for",
        "Royal Oak",
    ]);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let actor = Actor {
        name: "views".into(),
        team: None,
        game: None,
        league: None,
    };
    let app = App::open_existing(&db.path, actor).unwrap();
    let league = app.leagues().unwrap().remove(0);
    let season = app.seasons(&league).unwrap().pop().unwrap().season;
    let read = app.season_read(&season).unwrap();
    for (confirmed, args, page) in [
        (
            false,
            vec!["standings", "--explain"],
            "season/2025-26/index.html",
        ),
        (
            true,
            vec!["standings", "--explain", "--confirmed"],
            "season/2025-26/confirmed.html",
        ),
    ] {
        let view = StandingsView::of(&read.season, confirmed);
        let facts = view.facts();
        assert!(
            facts.contains(&"Red Lion: 1 point awarded on 2025-09-20 (late start).".to_string()),
            "{facts:?}"
        );
        assert!(
            facts
                .iter()
                .any(|f| f.starts_with("P W D L: nights played, won, drawn, lost;")),
            "{facts:?}"
        );
        assert!(
            facts
                .iter()
                .any(|f| f.ends_with("not yet confirmed by both teams: 4 provisional nights")),
            "{facts:?}"
        );
        assert!(view.tie_breaks().next().is_some(), "{facts:?}");
        let terminal = normal(&db.ok(&args));
        let html = words(&std::fs::read_to_string(site.join(page)).unwrap());
        for fact in &facts {
            let fact = normal(fact);
            assert!(
                terminal.contains(&fact),
                "the terminal: {fact:?} in {terminal}"
            );
            assert!(html.contains(&fact), "the site: {fact:?} in {html}");
        }
        // The table's lines, cell by cell, both ways.
        for r in &view.table.rows {
            let row = don::record::standings::cells(r).join(" ");
            assert!(
                terminal.contains(&row),
                "the terminal: {row:?} in {terminal}"
            );
            assert!(html.contains(&row), "the site: {row:?} in {html}");
        }
    }
}

/// An app reading `db`.
fn app_of(db: &Db) -> App {
    let actor = Actor {
        name: "views".into(),
        team: None,
        game: None,
        league: None,
    };
    App::open_existing(&db.path, actor).unwrap()
}

#[test]
fn the_figures_say_the_same_on_the_terminal_and_the_site() {
    // Three complete nights of 2025-26, and a fourth not yet complete (Ann and Bea's don 1
    // only): the table leaves it out, and so do the figures, both ways.
    let db = league_with_history();
    db.ok(&[
        "night",
        "enter",
        "Red Lion",
        "Royal Oak",
        "--date",
        "2025-09-25",
        "--match",
        "don 1; Ann+Bea; Kim+Olwen; 2-0",
    ]);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let app = app_of(&db);
    let league = app.leagues().unwrap().remove(0);
    let seasons: Vec<_> = app
        .seasons(&league)
        .unwrap()
        .into_iter()
        .map(|s| s.season)
        .collect();
    let view = |filter: Filter, partnerships: bool| {
        let asked = FiguresAsked {
            filter,
            partnerships,
            top: None,
            min_matches: 3,
        };
        match app.figures(&league, &seasons, &asked).unwrap() {
            Figures::Lines { lines, .. } => {
                let who = if partnerships {
                    "Partnership"
                } else {
                    "Player"
                };
                FiguresView::of(&lines, who)
            }
            other => panic!("{other:?}"),
        }
    };
    let ann = Filter {
        player: Some("Ann".into()),
        ..Filter::default()
    };
    let red_lion = Filter {
        team: Some("Red Lion".into()),
        ..Filter::default()
    };
    for (view, args, page) in [
        (
            view(ann.clone(), false),
            vec!["stats", "--all-seasons", "--player", "Ann"],
            "player/ann.html",
        ),
        (
            view(ann, true),
            vec![
                "stats",
                "--all-seasons",
                "--player",
                "Ann",
                "--partnerships",
            ],
            "player/ann.html",
        ),
        (
            view(red_lion, false),
            vec!["stats", "--team", "Red Lion"],
            "team/red-lion.html",
        ),
    ] {
        let facts = view.facts();
        assert!(!facts.is_empty(), "{args:?}");
        if args.contains(&"Ann") && !args.contains(&"--partnerships") {
            // Ann played don 1 of each of the three complete nights, the last for Red Lion, and
            // won two (the night left out would make four).
            assert_eq!(
                facts[0][..7],
                ["Ann", "Red Lion", "don", "3", "2", "6", "4"]
            );
        }
        let terminal = normal(&db.ok(&args));
        let html = words(&std::fs::read_to_string(site.join(page)).unwrap());
        for (row, f) in view.rows.iter().zip(&facts) {
            // The terminal: who, team, kind, matches, won, win %, legs, legs won.
            let win = row.win_rate.clone().unwrap_or_default();
            let said = normal(&format!(
                "{} {} {} {} {} {win} {} {}",
                f[0], f[1], f[2], f[3], f[4], f[5], f[6]
            ));
            assert!(
                terminal.contains(&said),
                "the terminal: {said:?} in {terminal}"
            );
            // The site: who, kind, team (not on the team's own page), matches, won, legs, legs
            // won, points a hand.
            let per_hand = row.per_hand.as_deref().unwrap_or("—");
            let team = if page.starts_with("team/") { "" } else { &f[1] };
            let said = normal(&format!(
                "{} {} {team} {} {} {} {} {per_hand}",
                f[0], f[2], f[3], f[4], f[5], f[6]
            ));
            assert!(html.contains(&said), "the site: {said:?} in {html}");
        }
    }
}

#[test]
fn a_fixtures_list_says_the_same_on_the_terminal_and_the_site() {
    // A night entered with two legs scored (being entered), a walkover, a night by its totals
    // disputed, one to come and one cancelled.
    let db = league_with_two_legs();
    walkover_and_disputed_totals(&db);
    db.ok(&["fixtures", "add", "Red Lion", "Royal Oak", "2025-10-02"]);
    db.ok(&[
        "fixtures",
        "add",
        "Royal Oak",
        "Fox and Hounds",
        "2025-10-09",
    ]);
    let app = app_of(&db);
    let league = app.leagues().unwrap().remove(0);
    let season = app.seasons(&league).unwrap().pop().unwrap().season;
    let last = app.fixtures_as_then(&season).unwrap().last().unwrap().id;
    db.ok(&["fixtures", "cancel", &last.to_string()]);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let lines: Vec<FixtureLine> = app
        .fixtures_as_then(&season)
        .unwrap()
        .iter()
        .map(|f| FixtureLine::of(f, &season.config))
        .collect();
    let results: Vec<&str> = lines.iter().map(|l| l.result.as_str()).collect();
    assert_eq!(
        results,
        [
            "1–0 so far (2 to enter)",
            "0–3 walkover to Royal Oak",
            "2–1 (totals)",
            "",
            "cancelled"
        ]
    );
    let terminal = normal(&db.ok(&["fixtures", "list"]));
    let html = words(&std::fs::read_to_string(site.join("season/2025-26/index.html")).unwrap());
    for l in &lines {
        let f = l.facts();
        assert!(f.len() >= 3, "{f:?}");
        // The terminal: number, round, day, home, away, result (how it stands).
        let mut said = format!("{} {} {} {}", l.id, l.day, l.home.text, l.away.text);
        if !l.result.is_empty() {
            said.push_str(&format!(" {}", l.result));
        }
        if let Some(word) = l.standing {
            said.push_str(&format!(" ({word})"));
        }
        let said = normal(&said);
        assert!(
            terminal.contains(&said),
            "the terminal: {said:?} in {terminal}"
        );
        // The site: day, home, result (or "v") and how it stands, away.
        let result = if l.result.is_empty() { "v" } else { &l.result };
        let mut said = format!("{} {} {result}", l.day, l.home.text);
        if let Some(word) = l.standing {
            said.push_str(&format!(" {word}"));
        }
        said.push_str(&format!(" {}", l.away.text));
        let said = normal(&said);
        assert!(html.contains(&said), "the site: {said:?} in {html}");
        for fact in &f {
            let fact = normal(fact);
            assert!(terminal.contains(&fact), "the terminal: {fact:?}");
            assert!(html.contains(&fact), "the site: {fact:?}");
        }
    }
}

#[test]
fn a_team_says_the_same_on_the_terminal_and_the_site() {
    // Three teams with rosters of five, Royal Oak with a venue, Fox and Hounds withdrawn.
    let db = Db::three_teams_with_rosters();
    db.ok(&["team", "venue", "Royal Oak", "Royal Oak, Newbridge"]);
    db.ok(&["withdraw", "Fox and Hounds", "--date", "2025-10-01"]);
    let site = db.dir().join("site");
    db.ok(&["publish", "--out", site.to_str().unwrap()]);
    let app = app_of(&db);
    let league = app.leagues().unwrap().remove(0);
    let season = app.seasons(&league).unwrap().pop().unwrap().season;
    let views: Vec<TeamView> = app
        .entries(&season)
        .unwrap()
        .iter()
        .map(|e| TeamView::of(e, season.config.roster_min))
        .collect();
    assert_eq!(views.len(), 3);
    let terminal = normal(&db.ok(&["team", "list"]));
    for v in &views {
        assert_eq!(v.roster.len(), 5, "{v:?}");
        let page = v.team.text.to_lowercase().replace(' ', "-");
        let html = words(&std::fs::read_to_string(site.join(format!("team/{page}.html"))).unwrap());
        for fact in v.facts() {
            let fact = normal(&fact);
            assert!(
                terminal.contains(&fact),
                "the terminal: {fact:?} in {terminal}"
            );
            assert!(html.contains(&fact), "the site: {fact:?} in {html}");
        }
        // The roster, in order, both ways.
        let roster: Vec<&str> = v.roster.iter().map(|p| p.text.as_str()).collect();
        let roster = normal(&roster.join(", "));
        assert!(
            terminal.contains(&roster),
            "the terminal: {roster:?} in {terminal}"
        );
        let said = format!("Roster: {roster}");
        assert!(html.contains(&said), "the site: {said:?} in {html}");
        // A withdrawal in the same words both ways.
        if let Some(d) = v.withdrawn {
            let said = format!("{} (withdrew on {d})", normal(&v.team.text));
            assert!(terminal.contains(&said), "the terminal: {said:?}");
            let said = format!("Withdrew on {d}.");
            assert!(html.contains(&said), "the site: {said:?} in {html}");
        }
    }
    let team = |name: &str| views.iter().find(|v| v.team.text == name).unwrap();
    assert_eq!(
        team("Royal Oak").venue.as_deref(),
        Some("Royal Oak, Newbridge")
    );
    assert!(team("Fox and Hounds").withdrawn.is_some());
    assert!(
        terminal.contains("Fox and Hounds (withdrew on 2025-10-01)"),
        "{terminal}"
    );
}

#[test]
fn a_cup_says_the_same_on_the_terminal_and_the_site() {
    let db = Db::new();
    db.league_new("Valleys", &["don=2,121,2", "single-crib=2,61,1"]);
    let teams = ["Royal Oak", "Red Lion", "Six Bells", "Crown", "Fox", "Harp"];
    db.season_new("2025-26", &teams);
    db.ok(&["cup", "new", "League Cup"]);
    let mut enter = vec!["cup", "enter", "League Cup"];
    enter.extend(teams);
    db.ok(&enter);
    db.ok(&["cup", "draw", "League Cup", "--seed", "7"]);
    let view = app_of(&db).cup(&Default::default(), "League Cup").unwrap();
    // Every tie of round 1 played: a level one with its decider, a walkover.
    for (k, t) in view.rounds[0].ties.iter().filter(|t| !t.bye).enumerate() {
        let (h, a) = (t.home.clone().unwrap(), t.away.clone().unwrap());
        let mut args = vec!["cup", "result", "League Cup", &h, &a];
        args.extend(match k {
            0 => vec!["--totals", "2-2", "--decider", "away"],
            _ => vec!["--walkover", "home"],
        });
        db.ok(&args);
    }
    let view = app_of(&db).cup(&Default::default(), "League Cup").unwrap();
    let terminal = normal(&db.ok(&["cup", "show", "League Cup"]));
    let out = db.dir().join("site");
    db.ok(&["publish", "--out", out.to_str().unwrap()]);
    let page = std::fs::read_to_string(out.join("season/2025-26/cup/league-cup.html")).unwrap();
    let site = normal(&words(&page));
    let mut said = 0;
    for (side, text) in [("terminal", &terminal), ("site", &site)] {
        let mut from = 0;
        for round in &view.rounds {
            let name = round.name.to_string();
            let at = from
                + text[from..]
                    .find(&name)
                    .unwrap_or_else(|| panic!("{side}: {name} after the round before: {text}"));
            from = at + name.len();
            for t in &round.ties {
                let home = t.home.clone().unwrap_or_default();
                if t.bye {
                    assert!(
                        text.contains(&format!("{}. {home}: a bye", t.tie)),
                        "{side}: {text}"
                    );
                    continue;
                }
                if let (Some(away), Some(result)) = (&t.away, t.result_words()) {
                    let line = format!("{}. {home} v {away}: {result}", t.tie);
                    assert!(text.contains(&line), "{side}: {line} in {text}");
                    said += 1;
                }
            }
        }
    }
    assert_eq!(said, 4, "two ties played, said on both");
}
