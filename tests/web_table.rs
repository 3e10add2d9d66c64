//! The scorer's page on the web (`don serve`'s `/my/games` and `/my/game/{n}`), in process and
//! without the page's script: a game begun with the choices of `don new`, a whole hand of Nine
//! Card Don entered trick by trick and checked against RULES.md, every line of FORMAT.md §5
//! through its own form, a refused line (nothing recorded, the line handed back beside the
//! box), two pages on one game, who may score which game, and the script's fragment answers.

mod common;

#[path = "web_table/browser.rs"]
mod browser;

use axum::http::StatusCode;
use browser::{attr, league, said, scorer_token, seen, serve, text, token, Browser};
use common::db::Db;
use serde_json::Value;

/// The first hand of examples/nine-card-don.json (S pitches), trick by trick as typed.
const HAND_ONE: [&str; 9] = [
    "tc 3c 8c 6c",
    "3h kh th ah",
    "9c 7c ac jc",
    "jd kd ad 9d",
    "8s 5s 7h 3s",
    "9s 4s td ts",
    "6h jh js qc",
    "6d qh kc ks",
    "2h as 5d 7s",
];

/// Begins a game through the begin form: its number.
async fn begin(b: &Browser, fields: &[(&str, &str)]) -> i64 {
    let a = b.post("/my/games", fields).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
    a.to.strip_prefix("/my/game/")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("sent to {}", a.to))
}

/// The Fox and Hounds game of the example: Gareth, Dai, Rhys, Huw; S pitches first.
async fn nine_card_game(b: &Browser) -> i64 {
    begin(
        b,
        &[
            ("variant", "nine-card-don"),
            ("north", "Gareth"),
            ("east", "Dai"),
            ("south", "Rhys"),
            ("west", "Huw"),
            ("pitcher", "S"),
            ("date", "2024-03-14"),
            ("venue", "Fox and Hounds"),
        ],
    )
    .await
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_hand_of_nine_card_don_scored_through_the_forms_as_rules_md_scores_it() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let home = secretary.get("/my/").await.page;
    assert!(home.contains("href=\"/my/games\">Score a game</a>"), "{home}");
    let games = secretary.get("/my/games").await.page;
    assert!(games.contains("<form id=\"begin\" method=\"post\" action=\"/my/games\">"));
    let game = nine_card_game(&secretary).await;
    let games = browser::unescape(&secretary.get("/my/games").await.page);
    assert!(
        games.contains(&format!("href=\"/my/game/{game}\"")) && games.contains("Dai & Huw"),
        "{games}"
    );

    let page = secretary.get(&format!("/my/game/{game}")).await.page;
    assert_eq!(attr(&page, "table", "data-seats").unwrap(), "N E S W");
    assert_eq!(attr(&page, "table", "data-leader").unwrap(), "S");
    assert_eq!(attr(&page, "table", "data-cards").unwrap(), "4");
    assert_eq!(
        attr(&page, "table", "data-ranks").unwrap(),
        "a k q j t 9 8 7 6 5 4 3 2"
    );
    assert_eq!(attr(&page, "table", "data-over").unwrap(), "0");
    let status = text(&page, "status").unwrap();
    assert!(status.starts_with("Hand 1 · "), "{status}");
    assert!(status.contains("S (Rhys) pitches"), "{status}");
    assert_eq!(text(&page, "prompt").unwrap(), "H1 · S pitches · NS 0–0 EW");
    assert!(page.contains("<div id=\"pad\" class=\"pad\" hidden>"), "{page}");
    assert!(page.contains("href=\"/board/game/"));

    // Trick by trick, each said as RULES.md §2 pegs it: the winner, what the trick pegs.
    // Trumps are clubs (S led the ten). 1: S's 10♣ wins, nothing pegged; 2: E's A♥; 3: W's A♣
    // pegs 9 + 4 + 1 = 14; 4: E's A♦; 5: E's 8♠, the 5♠ pegs 5; 6: N's 10♠; 7: W's Q♣ pegs 2;
    // 8: E's K♣ pegs 3; 9: E's 2♥, the 5♦ pegs 5. In play NS 0, EW 29; game: NS's tricks
    // hold 10 + 20 = 30 of card value, EW's 17 + 5 + 8 + 4 + 8 + 4 = 46: 8 for game to EW.
    let winners = ["NS", "EW", "EW", "EW", "EW", "NS", "EW", "EW", "EW"];
    let pegged = [0, 0, 14, 0, 5, 0, 2, 3, 5];
    let mut page = String::new();
    for (i, trick) in HAND_ONE.iter().enumerate() {
        page = secretary.enter(game, trick).await;
        let words = said(&page);
        assert!(
            words[0].starts_with(winners[i]) && words[0].contains("the trick"),
            "trick {}: {words:?}",
            i + 1
        );
        if pegged[i] > 0 {
            assert!(
                words[0].contains(&pegged[i].to_string()),
                "trick {}: {words:?}",
                i + 1
            );
        }
        if i < 8 {
            let in_play = text(&page, "in-play").unwrap();
            assert!(in_play.contains(&trick.to_uppercase()), "{in_play}");
            let used = attr(&page, "table", "data-used").unwrap();
            assert!(used.ends_with(trick), "{used}");
        }
    }
    let words = said(&page);
    assert_eq!(
        words[1..],
        [
            "Game to EW (Dai & Huw): 8",
            "Hand 1 ends: NS (Gareth & Rhys) 0, EW (Dai & Huw) 37",
            "Score: NS (Gareth & Rhys) 0, 121 to go · EW (Dai & Huw) 37, 84 to go",
        ],
        "{words:?}"
    );
    assert!(
        text(&page, "standing").unwrap().contains("EW (Dai & Huw) 37"),
        "{}",
        text(&page, "standing").unwrap()
    );
    let prompt = text(&page, "prompt").unwrap();
    assert!(prompt.ends_with("NS 0–37 EW"), "{prompt}");
    assert_eq!(
        attr(&page, "table", "data-used").unwrap(),
        "",
        "a new hand"
    );

    // The game scored on the web is the game `don show` and `don export` see.
    let shown = json(&db.ok(&["show", &game.to_string(), "--json"]));
    let exported = json(&db.ok(&["export", &game.to_string()]));
    let hand = &exported["hands"][0];
    assert_eq!(hand["pitcher"], "S");
    let tricks: Vec<String> = HAND_ONE.iter().map(|t| t.to_uppercase()).collect();
    assert_eq!(hand["tricks"], serde_json::json!(tricks));
    assert_eq!(exported["seats"]["E"], "Dai");
    assert_eq!(exported["venue"], "Fox and Hounds");
    assert_eq!(shown["final"], serde_json::json!({"NS": 0, "EW": 37}), "{shown}");
    // And `don check` of that record scores it the same.
    let file = db.dir().join("web-game.json");
    std::fs::write(&file, exported.to_string()).unwrap();
    let checked = json(&db.ok(&["check", "--json", file.to_str().unwrap()]));
    let checked = &checked["games"][0];
    for key in ["final", "hands", "winner", "errors"] {
        assert_eq!(checked[key], shown[key], "{key}: check {checked}\nshow {shown}");
    }
    assert_eq!(shown["hands"].as_array().map(Vec::len), Some(1), "{shown}");
    // The log names who scored it.
    let log = db.ok(&["log"]);
    assert!(log.contains("secretary (link"), "{log}");
}
