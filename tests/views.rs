//! One view per page, rendered twice (issue 28, point 1): the terminal's text and the site's
//! HTML of each page they share are made from one typed view, so every fact of the view is said
//! by both word for word. The pages here: a game's score sheet (`don show` and the site's game
//! page), a conceded game's winner and a jacks-out pool among them.

mod common;

#[path = "web/browser.rs"]
#[allow(dead_code)]
mod browser;

use browser::unescape;
use common::db::Db;
use don::app::view::SheetView;
use don::app::{Actor, App};

/// Text as a reader sees it: tags left out, escapes undone, whitespace made single spaces.
fn words(page: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in page.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
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
