//! The scorer's page on the web (`don serve`'s `/my/games` and `/my/game/{n}`), in process and
//! without the page's script: a game begun with the choices of `don new`, a whole hand of Nine
//! Card Don entered trick by trick and checked against RULES.md, every line of FORMAT.md §5
//! through its own form, a refused line (nothing recorded, the line handed back beside the
//! box), two pages on one game, who may score which game, and the script's fragment answers.

use crate::common;

use crate::web::browser;

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
    assert!(
        home.contains("href=\"/my/games\">Score a game</a>"),
        "{home}"
    );
    let games = secretary.get("/my/games").await.page;
    assert!(games.contains("<form id=\"begin\" method=\"post\" action=\"/my/games\">"));
    assert!(games.contains("<option value=\"nine-card-don\">Nine Card Don</option>"));
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
    // The hand, the trick and who leads it in one line, from the game's state (not `don
    // play`'s short prompt); each side's score once, apart.
    assert_eq!(
        text(&page, "state").unwrap(),
        "Hand 1 · trick 1 · S (Rhys) pitches and leads"
    );
    assert!(text(&page, "prompt").is_none() && text(&page, "standing").is_none());
    assert_eq!(
        browser::squeeze(&text(&page, "scores").unwrap()),
        "NS (Gareth & Rhys) 0 121 to go EW (Dai & Huw) 0 121 to go"
    );
    assert!(
        page.contains("<div id=\"pad\" class=\"pad\" hidden>"),
        "{page}"
    );
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
    // Everything said, folded (the score left out: the page shows it once, at the top); the
    // hand's end in the one line.
    let words = said(&page);
    assert_eq!(
        words[1..],
        [
            "Game to EW (Dai & Huw): 8",
            "Hand 1 ends: NS (Gareth & Rhys) 0, EW (Dai & Huw) 37",
        ],
        "{words:?}"
    );
    assert_eq!(
        text(&page, "last").unwrap(),
        "Hand 1 ends: NS (Gareth & Rhys) 0, EW (Dai & Huw) 37"
    );
    assert_eq!(
        browser::squeeze(&text(&page, "scores").unwrap()),
        "NS (Gareth & Rhys) 0 121 to go EW (Dai & Huw) 37 84 to go"
    );
    let state = text(&page, "state").unwrap();
    assert!(state.starts_with("Hand 2 · trick 1 · "), "{state}");
    assert_eq!(attr(&page, "table", "data-used").unwrap(), "", "a new hand");

    // The game scored on the web is the game `don show` and `don export` see.
    let shown = json(&db.ok(&["show", &game.to_string(), "--json"]));
    let exported = json(&db.ok(&["export", &game.to_string()]));
    let hand = &exported["hands"][0];
    assert_eq!(hand["pitcher"], "S");
    let tricks: Vec<String> = HAND_ONE.iter().map(|t| t.to_uppercase()).collect();
    assert_eq!(hand["tricks"], serde_json::json!(tricks));
    assert_eq!(exported["seats"]["E"], "Dai");
    assert_eq!(exported["venue"], "Fox and Hounds");
    assert_eq!(
        shown["final"],
        serde_json::json!({"NS": 0, "EW": 37}),
        "{shown}"
    );
    // And `don check` of that record scores it the same.
    let file = db.dir().join("web-game.json");
    std::fs::write(&file, exported.to_string()).unwrap();
    let checked = json(&db.ok(&["check", "--json", file.to_str().unwrap()]));
    let checked = &checked["games"][0];
    for key in ["final", "hands", "winner", "errors"] {
        assert_eq!(
            checked[key], shown[key],
            "{key}: check {checked}\nshow {shown}"
        );
    }
    assert_eq!(shown["hands"].as_array().map(Vec::len), Some(1), "{shown}");
    // The log names who scored it.
    let log = db.ok(&["log"]);
    assert!(log.contains("secretary (link"), "{log}");
}

/// Posts the quick form of `line` (a button of the table) from the page as it is: the page
/// after it.
async fn button(b: &Browser, game: i64, line: &str) -> String {
    let page = b.get(&format!("/my/game/{game}")).await.page;
    let lines = &page[page.find("id=\"table-state\"").expect("div#table-state")..];
    assert!(
        lines.contains(&format!(
            "<button type=\"submit\" class=\"second\" data-line=\"{line}\""
        )) || lines.contains(&format!("<button type=\"submit\" data-line=\"{line}\"")),
        "no button for {line}: {lines}"
    );
    assert!(
        lines.contains(&format!("name=\"line\" value=\"{line}\"")),
        "{lines}"
    );
    let a = b
        .post(
            &format!("/my/game/{game}/line"),
            &[("seen", &seen(&page)), ("line", line)],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{line}: {}", a.page);
    b.get(&a.to).await.page
}

/// Posts a structured form (`kind` and its fields) from the page as it is: the answer.
async fn structured(b: &Browser, game: i64, fields: &[(&str, &str)]) -> browser::Answer {
    let page = b.get(&format!("/my/game/{game}")).await.page;
    let now = seen(&page);
    let mut all = vec![("seen", now.as_str())];
    all.extend_from_slice(fields);
    b.post(&format!("/my/game/{game}/line"), &all).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_line_has_its_form_and_each_records_what_don_play_records() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = begin(
        &secretary,
        &[
            ("variant", "nine-card-don"),
            ("north", "Gareth"),
            ("east", "Dai"),
            ("south", "Rhys"),
            ("west", "Huw"),
            ("opt_penalties", "league"),
        ],
    )
    .await;
    let at = format!("/my/game/{game}");
    let page = secretary.get(&at).await.page;
    // No pitcher yet: a button for each seat, tapped; no trick wanted, no claim in Nine Card
    // Don, no redeal (Irish Don's), nothing to undo, no concession before a hand.
    assert_eq!(attr(&page, "table", "data-leader").unwrap(), "");
    assert!(text(&page, "state").unwrap().contains("Tap who pitches"));
    // The phone's words: no line to type, no trick's hint while a pitcher is wanted.
    assert!(
        !page.contains('`') && !page.contains("pitcher N|"),
        "{page}"
    );
    assert!(
        !page.contains("a trick's cards") && !page.contains("placeholder="),
        "{page}"
    );
    for seat in ["N", "E", "S", "W"] {
        assert!(
            page.contains(&format!("data-line=\"pitcher {seat}\"")),
            "{page}"
        );
    }
    for line in [
        "claim",
        "undo",
        "concede NS",
        "concede EW",
        "abandon redeal-demanded",
    ] {
        assert!(!page.contains(&format!("data-line=\"{line}\"")), "{line}");
    }
    assert!(page.contains("<form id=\"totals\"") && page.contains("name=\"totals_NS\""));
    assert!(page.contains("name=\"totals_EW\""));
    // Nine Card Don's one award, a choice of its sides (or nobody).
    assert!(page.contains("<select id=\"award_game\" name=\"award_game\">"));
    for other in ["awards", "award_high", "award_low", "award_jack"] {
        assert!(!page.contains(&format!("name=\"{other}\"")), "{other}");
    }
    assert!(page.contains("<form id=\"penalty\"") && page.contains("name=\"penalty_side\""));
    let help = text(&page, "help").unwrap();
    for (example, _) in don::scorer::LINES {
        if !["quit", "help"].contains(example) {
            assert!(help.contains(example), "{example} not in {help}");
        }
    }
    assert!(!help.contains("quit"), "{help}");

    // pitcher
    let page = button(&secretary, game, "pitcher S").await;
    assert_eq!(said(&page), ["S (Rhys) pitches hand 1"]);
    assert_eq!(attr(&page, "table", "data-leader").unwrap(), "S");
    assert!(
        !page.contains("data-line=\"pitcher N\""),
        "the pitcher is known"
    );
    // a trick
    let page = secretary.enter(game, "tc 3c 8c 6c").await;
    assert_eq!(text(&page, "in-play").unwrap(), "TC 3C 8C 6C");
    assert_eq!(attr(&page, "table", "data-leader").unwrap(), "S");
    // A hand in play: undo, the deal abandoned; no concession (between hands only), no totals.
    for line in ["undo", "abandon misdeal"] {
        assert!(page.contains(&format!("data-line=\"{line}\"")), "{line}");
    }
    for seat in ["N", "E", "S", "W"] {
        assert!(page.contains(&format!("data-line=\"abandon renege {seat}\"")));
    }
    for line in ["concede NS", "abandon redeal-demanded", "pitcher N"] {
        assert!(!page.contains(&format!("data-line=\"{line}\"")), "{line}");
    }
    assert!(!page.contains("<form id=\"totals\""));
    // a penalty, through its form: league penalties deduct 19 at the end of the hand
    let a = structured(
        &secretary,
        game,
        &[
            ("kind", "penalty"),
            ("penalty_side", "EW"),
            ("penalty", "out-of-turn"),
        ],
    )
    .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
    let page = secretary.get(&a.to).await.page;
    let words = said(&page).join(" | ");
    assert!(words.contains("EW") && words.contains("19"), "{words}");
    // the deal abandoned: nothing of it counts, the tricks of the hand gone
    let page = button(&secretary, game, "abandon misdeal").await;
    let words = said(&page).join(" | ");
    assert!(words.contains("bandon"), "{words}");
    assert_eq!(attr(&page, "table", "data-used").unwrap(), "");
    // undo takes the abandonment back, then the penalty: the trick is in play again
    let page = button(&secretary, game, "undo").await;
    assert!(
        said(&page)[0].contains("abandon misdeal"),
        "{:?}",
        said(&page)
    );
    let page = button(&secretary, game, "undo").await;
    assert!(
        said(&page)[0].contains("penalty EW out-of-turn"),
        "{:?}",
        said(&page)
    );
    assert_eq!(attr(&page, "table", "data-used").unwrap(), "tc 3c 8c 6c");
    let page = button(&secretary, game, "undo").await;
    assert_eq!(attr(&page, "table", "data-used").unwrap(), "");
    // the hand as totals, through its form (its points include the awards)
    let a = structured(
        &secretary,
        game,
        &[
            ("kind", "totals"),
            ("totals_NS", "30"),
            ("totals_EW", "14"),
            ("award_game", "NS"),
        ],
    )
    .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
    let page = secretary.get(&a.to).await.page;
    let scores = browser::squeeze(&text(&page, "scores").unwrap());
    assert!(
        scores.contains("NS (Gareth & Rhys) 30") && scores.contains("EW (Dai & Huw) 14"),
        "{scores}"
    );
    let exported = json(&db.ok(&["export", &game.to_string()]));
    let hand = &exported["hands"][0];
    assert_eq!(
        hand["points"],
        serde_json::json!({"NS": 30, "EW": 14}),
        "{exported}"
    );
    assert_eq!(hand["game"], "NS", "{exported}");
    // concede: the game is over, its result shown; only undo is left
    let page = button(&secretary, game, "concede EW").await;
    assert_eq!(attr(&page, "table", "data-over").unwrap(), "1");
    let result = text(&page, "result").unwrap();
    assert!(result.contains("NS (Gareth & Rhys)"), "{result}");
    assert!(!page.contains("id=\"line\""), "no entry box once over");
    assert!(page.contains("data-line=\"undo\"") && !page.contains("data-line=\"concede"));
    // The result once, with undo beside it (issue 29): no phantom next hand, no score said
    // again, no line saying it is over.
    let score = result.rsplit(' ').next().unwrap();
    assert!(score.contains('–'), "{result}");
    assert_eq!(page.matches(score).count(), 1, "{score} once: {page}");
    assert!(
        !page.contains("Hand 2") && !page.contains("id=\"state\""),
        "{page}"
    );
    let over = &page[page.find("id=\"over\"").unwrap()..];
    assert!(over[..over.find("</section>").unwrap()].contains("data-line=\"undo\""));
    let page = button(&secretary, game, "undo").await;
    assert_eq!(attr(&page, "table", "data-over").unwrap(), "0");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn irish_don_has_its_claim_and_a_claim_too_soon_is_refused_beside_the_box() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = begin(
        &secretary,
        &[
            ("variant", "irish-don"),
            ("opt_pack", "48"),
            ("pitcher", "N"),
        ],
    )
    .await;
    let page = secretary.get(&format!("/my/game/{game}")).await.page;
    // The 48-card pack has no twos.
    assert_eq!(
        attr(&page, "table", "data-ranks").unwrap(),
        "a k q j t 9 8 7 6 5 4 3"
    );
    assert!(!page.contains("data-rank=\"2\"") && page.contains("data-rank=\"3\""));
    // Claim is offered only when the game would take it (a side past 80), not from 0–0.
    assert!(!page.contains("data-line=\"claim\""), "{page}");
    assert!(text(&page, "match").is_none(), "a single game");
    // A match of legs says the legs won, and the leg in play.
    let legs = begin(
        &secretary,
        &[
            ("variant", "nine-card-don"),
            ("opt_legs", "3"),
            ("pitcher", "S"),
        ],
    )
    .await;
    let match_page = secretary.get(&format!("/my/game/{legs}")).await.page;
    assert_eq!(
        text(&match_page, "match").unwrap(),
        "Legs won: NS 0 · EW 0 (first to 2) · leg 1 in play"
    );
    let page = secretary.enter(game, "ah kh qh jh").await;
    assert_eq!(attr(&page, "table", "data-used").unwrap(), "ah kh qh jh");
    let before = seen(&page);
    let a = secretary
        .post(
            &format!("/my/game/{game}/line"),
            &[("seen", &before), ("line", "claim")],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.page);
    assert!(text(&a.page, "line-error").is_some(), "{}", a.page);
    assert_eq!(attr(&a.page, "line", "value").unwrap(), "claim");
    assert_eq!(seen(&a.page), before, "nothing recorded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_trick_records_nothing_and_comes_back_beside_the_box_with_why() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = nine_card_game(&secretary).await;
    secretary.enter(game, "tc 3c 8c 6c").await;
    let page = secretary.get(&format!("/my/game/{game}")).await.page;
    let now = seen(&page);
    // The server let go, so that the database is read by sqlite3 alone.
    drop(app);
    let before = db.dump();
    let app = serve(&db);
    let secretary = secretary.through(&app);
    for (line, why) in [
        // the ten of clubs was played in the first trick
        ("3h kh th tc", "TC"),
        // three cards where four are played
        ("3h kh th", "4"),
        ("zz", "zz"),
    ] {
        let a = secretary
            .post(
                &format!("/my/game/{game}/line"),
                &[("seen", &now), ("line", line)],
            )
            .await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{line}: {}",
            a.page
        );
        let error = text(&a.page, "line-error").unwrap_or_else(|| panic!("{}", a.page));
        assert!(error.contains(why), "{line}: {error}");
        assert_eq!(attr(&a.page, "line", "value").unwrap(), line, "handed back");
        assert_eq!(attr(&a.page, "line", "aria-invalid").unwrap(), "true");
        assert!(a.page.contains("role=\"alert\""));
        assert_eq!(text(&a.page, "in-play").unwrap(), "TC 3C 8C 6C");
    }
    // A totals form refused keeps what was typed in it, open.
    let a = secretary
        .post(
            &format!("/my/game/{game}/line"),
            &[
                ("seen", &now),
                ("kind", "totals"),
                ("totals_NS", "3"),
                ("award_game", "NS"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&a.page, "line-error").unwrap().contains("EW"));
    // A hand in play takes no totals: the form is not offered.
    assert!(!a.page.contains("<form id=\"totals\""));
    drop(app);
    assert_eq!(db.dump(), before, "nothing recorded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_pages_on_one_game_the_second_is_told_and_nothing_is_entered_twice() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = nine_card_game(&secretary).await;
    let scorer = Browser::sign_in(&app, &scorer_token(&db, game)).await;
    let at = format!("/my/game/{game}");
    let line_at = format!("{at}/line");
    let first = secretary.get(&at).await.page;
    let second = scorer.get(&at).await.page;
    assert_eq!(seen(&first), seen(&second));
    let a = secretary
        .post(
            &line_at,
            &[("seen", &seen(&first)), ("line", "tc 3c 8c 6c")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    // The second page, behind, enters the same trick: told, shown the game now.
    let b = scorer
        .post(
            &line_at,
            &[("seen", &seen(&second)), ("line", "tc 3c 8c 6c")],
        )
        .await;
    assert_eq!(b.status, StatusCode::CONFLICT, "{}", b.page);
    let error = text(&b.page, "line-error").unwrap();
    assert!(
        error.starts_with("someone else entered this trick; here is the game now"),
        "{error}"
    );
    assert_eq!(text(&b.page, "in-play").unwrap(), "TC 3C 8C 6C");
    assert_ne!(seen(&b.page), seen(&second), "the page as the game is now");
    // The same from the script: the fragment, 409.
    let c = scorer
        .post_fragment(
            &line_at,
            &[("seen", &seen(&second)), ("line", "3h kh th ah")],
        )
        .await;
    assert_eq!(c.status, StatusCode::CONFLICT);
    assert!(c.page.starts_with("<div id=\"table-state\""), "{}", c.page);
    let exported = json(&db.ok(&["export", &game.to_string()]));
    assert_eq!(
        exported["hands"][0]["tricks"],
        serde_json::json!(["TC 3C 8C 6C"]),
        "entered once: {exported}"
    );
    // From the page as it is now, the second goes on.
    let page = scorer.enter(game, "3h kh th ah").await;
    assert_eq!(text(&page, "in-play").unwrap(), "TC 3C 8C 6C\n3H KH TH AH");
    let log = db.ok(&["log"]);
    assert!(
        log.contains(&format!("scorer of game {game} (link")),
        "{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_without_the_pages_token_is_refused_and_nothing_is_recorded() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = nine_card_game(&secretary).await;
    let page = secretary.get(&format!("/my/game/{game}")).await.page;
    let line_at = format!("/my/game/{game}/line");
    for csrf in [None, Some("0".repeat(64))] {
        let mut fields = vec![("seen", seen(&page)), ("line", "tc 3c 8c 6c".to_string())];
        if let Some(c) = &csrf {
            fields.push(("csrf", c.clone()));
        }
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let a = secretary.post_raw(&line_at, &fields, false).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.page);
    }
    let after = secretary.get(&format!("/my/game/{game}")).await.page;
    assert_eq!(seen(&after), seen(&page), "nothing recorded");
    // A form the page does not send.
    let a = secretary
        .post(&line_at, &[("seen", "x"), ("line", "tc 3c 8c 6c")])
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = secretary
        .post(&line_at, &[("seen", &seen(&page)), ("kind", "other")])
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    // With no `seen` at all: not taken for an overtaken page (409), but for a form the page
    // does not send.
    let a = secretary.post(&line_at, &[("line", "tc 3c 8c 6c")]).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.page);
    assert!(a.page.contains("`seen` is missing"), "{}", a.page);
    // A line with a control character: refused, and neither it nor why shows the character
    // itself in the page.
    let a = secretary
        .post(
            &line_at,
            &[
                ("seen", &seen(&page)),
                ("line", "tc\u{0}3c 8c\u{1b}[31m 6c"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.page);
    assert!(
        !a.page.contains('\u{0}') && !a.page.contains('\u{1b}'),
        "{}",
        a.page
    );
    assert!(a.page.contains("has a control character"), "{}", a.page);
    let after = secretary.get(&format!("/my/game/{game}")).await.page;
    assert_eq!(seen(&after), seen(&page), "nothing recorded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_captain_scores_their_teams_games_only() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let fox = Browser::sign_in(&app, &token(&db, Some("Fox and Hounds"))).await;
    let home = lion.get("/my/").await.page;
    assert!(home.contains("href=\"/my/games\">Score a game</a>"));
    // Fixture 1 is Red Lion v Royal Oak: Red Lion's captain may begin a game for it.
    let games = lion.get("/my/games").await.page;
    assert!(games.contains("<option value=\"1\">"), "{games}");
    let game = begin(
        &lion,
        &[
            ("variant", "nine-card-don"),
            ("north", "Dai"),
            ("east", "Gareth"),
            ("south", "Huw"),
            ("west", "Rhys"),
            ("pitcher", "N"),
            ("fixture", "1"),
        ],
    )
    .await;
    let at = format!("/my/game/{game}");
    assert_eq!(lion.get(&at).await.status, StatusCode::OK);
    for other in [&oak, &fox] {
        let a = other.get(&at).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.page);
        assert!(!a.page.contains("data-seats"), "nothing of the game shown");
        let a = other
            .post(
                &format!("{at}/line"),
                &[("seen", ""), ("line", "tc 3c 8c 6c")],
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.page);
        let list = other.get("/my/games").await.page;
        assert!(!list.contains(&format!("href=\"{at}\"")), "{list}");
    }
    // Fox and Hounds do not play fixture 1: refused beside the night, nothing begun.
    let a = fox
        .post("/my/games", &[("variant", "phat"), ("fixture", "1")])
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.page);
    assert!(text(&a.page, "fixture-error").is_some(), "{}", a.page);
    let games = json(&db.ok(&["games", "--json"]));
    assert_eq!(games.as_array().map(Vec::len), Some(1), "{games}");
    let exported = json(&db.ok(&["export", &game.to_string()]));
    assert_eq!(exported["hands"][0]["pitcher"], "N", "{exported}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scorers_link_opens_its_game_and_nothing_else() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = nine_card_game(&secretary).await;
    let other = nine_card_game(&secretary).await;
    let scorer = Browser::sign_in(&app, &scorer_token(&db, game)).await;
    assert_eq!(scorer.landed, format!("/my/game/{game}"));
    let home = scorer.get("/my/").await;
    assert_eq!(
        (home.status, home.to.as_str()),
        (StatusCode::SEE_OTHER, format!("/my/game/{game}").as_str())
    );
    scorer.enter(game, "tc 3c 8c 6c").await;
    let before = secretary.get(&format!("/my/game/{other}")).await.page;
    for path in [
        format!("/my/game/{other}"),
        "/my/games".into(),
        "/my/night/1".into(),
    ] {
        let a = scorer.get(&path).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.page);
    }
    for (path, fields) in [
        (
            format!("/my/game/{other}/line"),
            vec![("seen", ""), ("line", "tc 3c 8c 6c")],
        ),
        ("/my/games".into(), vec![("variant", "phat")]),
        (
            "/my/night/1/enter".into(),
            vec![
                ("how", "totals"),
                ("totals_home", "5"),
                ("totals_away", "4"),
            ],
        ),
        ("/my/night/1/confirm".into(), vec![]),
        ("/my/night/1/dispute".into(), vec![("reason", "no")]),
        (
            "/my/adjust".into(),
            vec![
                ("team", "Red Lion"),
                ("what", "deduct"),
                ("points", "2"),
                ("reason", "x"),
                ("date", "2025-09-04"),
            ],
        ),
        (
            "/my/withdraw".into(),
            vec![("team", "Red Lion"), ("date", "2025-09-04")],
        ),
        ("/my/fixture/1/move".into(), vec![("date", "2025-09-05")]),
    ] {
        let a = scorer.post(&path, &fields).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.page);
    }
    let after = secretary.get(&format!("/my/game/{other}")).await.page;
    assert_eq!(seen(&after), seen(&before));
    let games = json(&db.ok(&["games", "--json"]));
    assert_eq!(games.as_array().map(Vec::len), Some(2), "{games}");
    let night = db.ok(&["night", "show", "Red Lion", "Royal Oak"]);
    assert!(!night.contains("5–4") && !night.contains("5-4"), "{night}");
}

/// A form's fields, as posted.
type Fields<'a> = &'a [(&'a str, &'a str)];

/// The message beside `field` of the begin form, with the input marked.
fn beside(page: &str, field: &str) -> String {
    let message = text(page, &format!("{field}-error"))
        .unwrap_or_else(|| panic!("nothing beside {field}: {page}"));
    let marked = attr(page, field, "aria-invalid").or_else(|| {
        // A <select> is marked the same way.
        attr(page, field, "aria-describedby").map(|_| "true".into())
    });
    assert_eq!(marked.as_deref(), Some("true"), "{field} not marked");
    message
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_begin_form_refuses_beside_each_field_and_begins_nothing() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let lion = Browser::sign_in(&app, &token(&db, Some("Fox and Hounds"))).await;
    drop(app);
    let before = db.dump();
    let app = serve(&db);
    let (secretary, fox) = (secretary.through(&app), lion.through(&app));
    let cases: [(Fields, &str, &str); 9] = [
        (&[("variant", "")], "variant", "choose the variant"),
        (&[("variant", "snap")], "variant", "snap"),
        (
            &[("variant", "nine-card-don"), ("opt_target", "lots")],
            "opt_target",
            "lots",
        ),
        // Another variant's option, sent by hand (the form shows the variant's own only).
        (
            &[("variant", "nine-card-don"), ("opt_pack", "48")],
            "variant",
            "pack",
        ),
        (
            &[
                ("variant", "nine-card-don"),
                ("north", "Gareth"),
                ("south", "gareth"),
            ],
            "south",
            "named for two seats, N and S",
        ),
        (
            &[
                ("variant", "irish-don"),
                ("opt_players", "2"),
                ("west", "Huw"),
            ],
            "west",
            "has no seat W",
        ),
        (
            &[("variant", "phat"), ("date", "2025-13-01")],
            "date",
            "2025-13-01",
        ),
        (
            &[("variant", "nine-card-don"), ("pitcher", "Q")],
            "pitcher",
            "N, E, S or W",
        ),
        (
            &[("variant", "nine-card-don"), ("fixture", "999")],
            "fixture",
            "999",
        ),
    ];
    for (fields, field, words) in cases {
        let a = secretary.post("/my/games", fields).await;
        assert!(
            a.status == StatusCode::UNPROCESSABLE_ENTITY || a.status == StatusCode::NOT_FOUND,
            "{field}: {} {}",
            a.status,
            a.page
        );
        let message = beside(&a.page, field);
        assert!(message.contains(words), "{field}: {message}");
        assert!(a.page.contains("No game was begun"), "{}", a.page);
        // What was typed is handed back.
        for (name, value) in fields.iter().filter(|(n, _)| !n.starts_with("variant")) {
            if ["pitcher", "fixture", "opt_pack"].contains(name) {
                continue;
            }
            assert_eq!(
                attr(&a.page, name, "value").as_deref(),
                Some(*value),
                "{name}"
            );
        }
    }
    // A captain whose team does not play the night.
    let a = fox
        .post(
            "/my/games",
            &[("variant", "nine-card-don"), ("fixture", "1")],
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let message = beside(&a.page, "fixture");
    assert!(
        message.contains("fixture 1") || message.contains("night"),
        "{message}"
    );
    drop(app);
    assert_eq!(db.dump(), before, "nothing begun");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scripts_answers_are_the_inside_of_the_table_with_the_same_statuses() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = nine_card_game(&secretary).await;
    let at = format!("/my/game/{game}");
    let line_at = format!("{at}/line");
    let page = secretary.get(&at).await.page;
    // Recorded: 200, the inside of div#table as the game is now, what was said in it.
    let a = secretary
        .post_fragment(&line_at, &[("seen", &seen(&page)), ("line", "tc 3c 8c 6c")])
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.page);
    assert!(
        a.content_type.starts_with("text/html"),
        "{}",
        a.content_type
    );
    assert!(a.page.starts_with("<div id=\"table-state\""), "{}", a.page);
    assert!(!a.page.contains("<html") && !a.page.contains("id=\"table\""));
    assert_eq!(
        said(&a.page)[0],
        "NS (Gareth & Rhys) win the trick: nothing to peg"
    );
    assert_eq!(
        attr(&a.page, "table-state", "data-used").unwrap(),
        "tc 3c 8c 6c"
    );
    assert_eq!(attr(&a.page, "table-state", "data-leader").unwrap(), "S");
    let now = seen(&a.page);
    // The whole page, read again, has the very same inside.
    let whole = secretary.get(&at).await.page;
    let inside = &whole[whole.find("<div id=\"table-state\"").unwrap()..];
    assert!(inside.starts_with(&a.page[..a.page.find("<p id=\"last\"").unwrap()]));
    // Refused: 422, the line handed back with why.
    let r = secretary
        .post_fragment(&line_at, &[("seen", &now), ("line", "3h kh th")])
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.page.starts_with("<div id=\"table-state\""));
    assert!(text(&r.page, "line-error").is_some());
    assert_eq!(attr(&r.page, "line", "value").unwrap(), "3h kh th");
    // `help`: the lines, open; `quit`: everything is kept. Neither records anything.
    let h = secretary
        .post_fragment(&line_at, &[("seen", &now), ("line", "help")])
        .await;
    assert_eq!(h.status, StatusCode::OK);
    assert!(h.page.contains("<details id=\"help\" open>"), "{}", h.page);
    let q = secretary
        .post_fragment(&line_at, &[("seen", &now), ("line", "quit")])
        .await;
    assert_eq!(q.status, StatusCode::OK);
    assert!(
        said(&q.page)[0].contains("is kept as it stands"),
        "{:?}",
        said(&q.page)
    );
    assert_eq!(seen(&q.page), now, "nothing recorded");
    // Without the script, `help` and `quit` go back to the page.
    let h = secretary
        .post(&line_at, &[("seen", &now), ("line", "?")])
        .await;
    assert_eq!(h.status, StatusCode::SEE_OTHER);
    let page = secretary.get(&h.to).await.page;
    assert!(page.contains("<details id=\"help\" open>"));
    let q = secretary
        .post(&line_at, &[("seen", &now), ("line", "quit")])
        .await;
    assert_eq!(
        (q.status, q.to.as_str()),
        (StatusCode::SEE_OTHER, at.as_str())
    );
    let page = secretary.get(&at).await.page;
    assert!(said(&page)[0].contains("is kept as it stands"));
    // Shown once.
    assert!(said(&secretary.get(&at).await.page).is_empty());
    // The script itself.
    let js = secretary.get("/scorer.js").await;
    assert_eq!(js.status, StatusCode::OK);
    assert_eq!(js.content_type, "text/javascript; charset=utf-8");
    assert_eq!(js.page, include_str!("../crates/site/templates/scorer.js"));
    assert!(whole.contains("<script src=\"/scorer.js\" defer></script>"));
    assert!(!whole.contains(" style="), "no inline style (CSP)");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_held_as_a_nights_leg_shows_why_nothing_can_be_entered() {
    let db = Db::short_nights();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    let out = db.play(&["1"], &"totals ns 30 ew 10 game ns\n".repeat(5));
    assert!(out.status.success());
    db.ok(&[
        "night",
        "enter",
        "Royal Oak",
        "Red Lion",
        "--date",
        "2025-09-04",
        "--match",
        "don 1; Gareth+Rhys; Dai+Huw; 2-0; #1 121-80",
    ]);
    let app = serve(&db);
    let scorer = Browser::sign_in(&app, &scorer_token(&db, 1))
        .await
        .with_csrf_of(&db);
    let page = scorer.get("/my/game/1").await.page;
    let held = text(&page, "held").unwrap_or_else(|| panic!("{page}"));
    assert!(
        held.contains("leg 1 of don 1 of Royal Oak v Red Lion"),
        "{held}"
    );
    assert!(held.contains("nothing can be entered here"), "{held}");
    assert!(!page.contains("id=\"line\"") && !page.contains("data-line=\"undo\""));
    assert_eq!(attr(&page, "table", "data-leader").unwrap(), "");
    let a = scorer
        .post(
            "/my/game/1/line",
            &[("seen", &seen(&page)), ("line", "undo")],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.page);
    assert!(text(&a.page, "line-error")
        .unwrap()
        .contains("leg 1 of don 1"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_page_lists_the_newest_thirty_and_counts_the_rest() {
    let (db, app) = league();
    for _ in 0..31 {
        let out = db.ok(&["new", "phat", "--seats", "A, B, C, D"]);
        let game = out
            .split_whitespace()
            .nth(1)
            .unwrap()
            .trim_end_matches(':')
            .to_string();
        db.ok(&["scorer", "link", &game]);
    }
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let page = secretary.get("/my/games").await.page;
    assert_eq!(
        page.matches("<li><a href=\"/my/game/").count(),
        30,
        "{page}"
    );
    // Newest first: game 31 listed, game 1 not.
    assert!(page.contains("href=\"/my/game/31\""), "{page}");
    assert!(!page.contains("href=\"/my/game/1\""), "{page}");
    assert!(page.contains("And 1 older game, not listed here"), "{page}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_begin_form_sent_twice_begins_one_game() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let page = secretary.get("/my/games").await.page;
    let key = page
        .split("name=\"begin\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    assert_eq!(key.len(), 32, "{page}");
    let fields = [
        ("variant", "phat"),
        ("north", "A"),
        ("east", "B"),
        ("south", "C"),
        ("west", "D"),
        ("begin", key.as_str()),
    ];
    // A double tap: both sendings end on the one game.
    let first = begin(&secretary, &fields).await;
    let again = begin(&secretary, &fields).await;
    assert_eq!(first, again);
    let games = json(&db.ok(&["games", "--json"]));
    assert_eq!(games.as_array().map(Vec::len), Some(1), "{games}");
    // The page made again has a new key: the same choices begin another game.
    let page = secretary.get("/my/games").await.page;
    assert!(!page.contains(&key));
    let mut fields = fields.to_vec();
    fields.pop();
    let other = begin(&secretary, &fields).await;
    assert_ne!(other, first);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_path_that_is_no_game_is_the_sites_404_and_a_query_read_twice_is_none() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = nine_card_game(&secretary).await;
    for path in [
        "/my/game/abc",
        "/my/game/99999999999999999999",
        "/my/game/-",
        "/my/game/1.5",
    ] {
        let a = secretary.get(path).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {}", a.page);
        assert!(a.page.starts_with("<!DOCTYPE html>"), "{path}: {}", a.page);
        assert!(
            a.page.contains("there is no such page"),
            "{path}: {}",
            a.page
        );
    }
    let before = db.dump();
    let a = secretary
        .post("/my/game/abc/line", &[("seen", ""), ("line", "undo")])
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.page);
    assert_eq!(before, db.dump());
    // `?help` given twice cannot be read: the page as it is, not a bare 400.
    let a = secretary
        .get(&format!("/my/game/{game}?help=a&help=b"))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.page);
    assert!(a.page.contains("id=\"table\""), "{}", a.page);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_opened_again_in_the_same_browser_keeps_its_session_and_open_pages_working() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = nine_card_game(&secretary).await;
    let link = scorer_token(&db, game);
    let scorer = Browser::sign_in(&app, &link).await;
    // The page open in one tab, its form's token…
    let page = scorer.get(&format!("/my/game/{game}")).await.page;
    // …then the link tapped again in a message: the same session goes on (no session more, so
    // no new cookie that would leave the open tab's token behind).
    let sessions = db.sql("SELECT count(*) FROM web_sessions");
    let again = scorer.post_raw(&format!("/link/{link}"), &[], false).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER);
    assert_eq!(again.to, format!("/my/game/{game}"));
    assert_eq!(db.sql("SELECT count(*) FROM web_sessions"), sessions);
    // The first tab's entry is still taken.
    let a = scorer
        .post(
            &format!("/my/game/{game}/line"),
            &[("seen", &seen(&page)), ("line", "tc 3c 8c 6c")],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.page);
    // Another browser opening it gets a session of its own.
    let other = Browser::sign_in(&app, &link).await;
    assert_eq!(other.landed, format!("/my/game/{game}"));
    let more: i64 = db
        .sql("SELECT count(*) FROM web_sessions")
        .trim()
        .parse()
        .unwrap();
    assert_eq!(more, sessions.trim().parse::<i64>().unwrap() + 1);
}

/// The lines of one tap the page offers (each button's `data-line`), and whether it offers the
/// penalty form.
fn offered(page: &str) -> Vec<String> {
    page.split("data-line=\"")
        .skip(1)
        .map(|rest| browser::unescape(&rest[..rest.find('"').unwrap()]))
        .filter(|l| l != "totals" && l != "penalty")
        .collect()
}

/// Posts `line` from the page as it is: whether the game took it (taken back at once, so the
/// game is as it was).
async fn taken(b: &Browser, game: i64, line: &str) -> bool {
    let at = format!("/my/game/{game}");
    let page = b.get(&at).await.page;
    let a = b
        .post(
            &format!("{at}/line"),
            &[("seen", &seen(&page)), ("line", line)],
        )
        .await;
    if a.status != StatusCode::SEE_OTHER {
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{line}: {}",
            a.page
        );
        return false;
    }
    b.enter(game, "undo").await;
    true
}

/// Every line a page could offer as one tap, on the game as it is: each is offered exactly
/// when the game takes it (`undo` aside: offered whenever there is an entry; a pitcher only
/// while the hand waits for one). `undone`: the
/// last line entered (entered again after `undo` is tried).
async fn offers_are_what_the_game_takes(b: &Browser, game: i64, undone: Option<&str>) {
    let page = b.get(&format!("/my/game/{game}")).await.page;
    let offers = offered(&page);
    let mut candidates: Vec<String> = ["claim", "abandon misdeal", "abandon redeal-demanded"]
        .map(String::from)
        .to_vec();
    for seat in ["N", "E", "S", "W"] {
        candidates.push(format!("pitcher {seat}"));
        candidates.push(format!("abandon renege {seat}"));
    }
    for side in ["NS", "EW", "N", "E", "S", "W"] {
        candidates.push(format!("concede {side}"));
    }
    for line in &offers {
        assert!(
            line == "undo" || candidates.contains(line),
            "{line} offered: {offers:?}"
        );
    }
    for line in &candidates {
        let took = taken(b, game, line).await;
        let offer = offers.contains(line);
        // A pitcher is offered only while the hand waits for one (the rotation may take a
        // line naming the next hand's pitcher, typed, at other times).
        if offer || !line.starts_with("pitcher ") {
            assert_eq!(
                offer, took,
                "`{line}` offered {offer} but taken {took}: {offers:?}"
            );
        }
    }
    // The penalty form, when offered, is taken.
    if page.contains("<form id=\"penalty\"") {
        let page = b.get(&format!("/my/game/{game}")).await.page;
        let a = b
            .post(
                &format!("/my/game/{game}/line"),
                &[
                    ("seen", &seen(&page)),
                    ("kind", "penalty"),
                    ("penalty_side", "NS"),
                    ("penalty", "out-of-turn"),
                ],
            )
            .await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "penalty: {}", a.page);
        b.enter(game, "undo").await;
    }
    if let Some(line) = undone {
        assert!(offers.iter().any(|l| l == "undo"), "{offers:?}");
        b.enter(game, "undo").await;
        b.enter(game, line).await;
    }
}

/// Issue 29: the page offers only what the game takes now. Nine Card Don: no redeal (Irish
/// Don's), no claim, no concession before a hand nor in one, the awards its one (`game`); Irish
/// Don with the Cork redeal rule: the redeal, and `claim` only once a side is past 80, at every
/// trick of a whole game; Phat: its seats and sides. Each line offered is taken, each not
/// offered refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_offers_only_what_the_game_takes_now() {
    let (_db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&_db, None)).await;
    // Nine Card Don: before the pitcher, in the first hand, between hands.
    let nine = nine_card_game(&secretary).await;
    let page = secretary.get(&format!("/my/game/{nine}")).await.page;
    assert!(page.contains("name=\"award_game\""));
    for other in ["awards", "award_high", "award_low", "award_jack"] {
        assert!(!page.contains(&format!("name=\"{other}\"")), "{other}");
    }
    offers_are_what_the_game_takes(&secretary, nine, None).await;
    secretary.enter(nine, HAND_ONE[0]).await;
    offers_are_what_the_game_takes(&secretary, nine, Some(HAND_ONE[0])).await;
    for trick in &HAND_ONE[1..] {
        secretary.enter(nine, trick).await;
    }
    offers_are_what_the_game_takes(&secretary, nine, Some(HAND_ONE[8])).await;
    let page = secretary.get(&format!("/my/game/{nine}")).await.page;
    assert!(
        offered(&page).contains(&"concede EW".to_string()),
        "between hands"
    );

    // Irish Don (the example's game, with the Cork redeal rule): every trick.
    let record = common::records::records("examples/irish-don.json").remove(0);
    let irish = begin(
        &secretary,
        &[
            ("variant", "irish-don"),
            ("opt_redeal_rule", "cork"),
            ("north", "Donncha"),
            ("east", "Peter"),
            ("south", "Daniel"),
            ("west", "Alan"),
        ],
    )
    .await;
    offers_are_what_the_game_takes(&secretary, irish, None).await;
    let (mut claims, mut redeals) = (0, 0);
    for hand in record["hands"].as_array().unwrap() {
        let page = secretary.get(&format!("/my/game/{irish}")).await.page;
        if attr(&page, "table", "data-leader").unwrap().is_empty() {
            secretary
                .enter(
                    irish,
                    &format!("pitcher {}", hand["pitcher"].as_str().unwrap()),
                )
                .await;
        }
        for trick in hand["tricks"].as_array().unwrap() {
            let trick = trick.as_str().unwrap();
            let page = secretary.enter(irish, trick).await;
            let offers = offered(&page);
            let claim = offers.contains(&"claim".to_string());
            // The trick that passes 80 says so in the page's one line, in the phone's words.
            if claim && claims == 0 {
                let at = page.find("id=\"last\"").expect("the last entry's line");
                let last = &page[at..at + page[at..].find("</p>").unwrap()];
                assert!(
                    last.contains("may claim the game: Claim ends hand"),
                    "{last}"
                );
                assert!(!page.contains('`'), "{page}");
            }
            assert_eq!(
                claim,
                taken(&secretary, irish, "claim").await,
                "{trick}: {offers:?}"
            );
            claims += usize::from(claim);
            if offers.contains(&"abandon redeal-demanded".to_string()) {
                assert!(taken(&secretary, irish, "abandon redeal-demanded").await);
                redeals += 1;
            }
        }
    }
    println!("irish don: claim offered after {claims} tricks, the redeal after {redeals}");
    assert!(claims > 0, "claim offered once a side passed 80");
    assert!(redeals > 0, "the redeal offered under the Cork rule");

    // Phat: before the pitcher and in its first hand.
    let phat = common::records::records("examples/phat.json").remove(0);
    let game = begin(&secretary, &[("variant", "phat")]).await;
    offers_are_what_the_game_takes(&secretary, game, None).await;
    let first = &phat["hands"][0];
    let pitcher = format!("pitcher {}", first["pitcher"].as_str().unwrap());
    secretary.enter(game, &pitcher).await;
    let trick = first["tricks"][0].as_str().unwrap();
    secretary.enter(game, trick).await;
    offers_are_what_the_game_takes(&secretary, game, Some(trick)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_sent_again_with_its_entry_id_is_answered_as_applied_and_never_applied_twice() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = nine_card_game(&secretary).await;
    let at = format!("/my/game/{game}");
    let line_at = format!("{at}/line");
    let first = seen(&secretary.get(&at).await.page);
    let sent = [
        ("seen", first.as_str()),
        ("line", "tc 3c 8c 6c"),
        ("entry", "q-1a"),
    ];
    let a = secretary.post_fragment(&line_at, &sent).await;
    assert_eq!(
        (a.status, a.entered.as_str()),
        (StatusCode::OK, "now"),
        "{}",
        a.page
    );
    let after = seen(&a.page);
    // Its answer lost on the way, the phone sends it again, from the game as it last knew it:
    // answered as applied, with the game as it is now, and not applied again.
    let again = secretary.post_fragment(&line_at, &sent).await;
    assert_eq!(
        (again.status, again.entered.as_str()),
        (StatusCode::OK, "before"),
        "{}",
        again.page
    );
    assert_eq!(seen(&again.page), after, "nothing recorded");
    assert_eq!(text(&again.page, "in-play").unwrap(), "TC 3C 8C 6C");
    assert!(text(&again.page, "line-error").is_none(), "{}", again.page);
    // The same without the script: sent on to the game, nothing recorded.
    let plain = secretary.post(&line_at, &sent).await;
    assert_eq!(
        (plain.status, plain.to.as_str(), plain.entered.as_str()),
        (StatusCode::SEE_OTHER, at.as_str(), "before")
    );
    // The next line from the phone's queue, then an undo sent twice: one trick taken back.
    let b = secretary
        .post_fragment(
            &line_at,
            &[("seen", &after), ("line", "3h kh th ah"), ("entry", "q-2")],
        )
        .await;
    assert_eq!((b.status, b.entered.as_str()), (StatusCode::OK, "now"));
    let undo = [
        ("seen", seen(&b.page)),
        ("line", "undo".into()),
        ("entry", "q-3".into()),
    ];
    let undo: Vec<(&str, &str)> = undo.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let u = secretary.post_fragment(&line_at, &undo).await;
    assert_eq!((u.status, u.entered.as_str()), (StatusCode::OK, "now"));
    let u2 = secretary.post_fragment(&line_at, &undo).await;
    assert_eq!((u2.status, u2.entered.as_str()), (StatusCode::OK, "before"));
    assert_eq!(text(&u2.page, "in-play").unwrap(), "TC 3C 8C 6C");
    // The first line sent again after all that: still applied once.
    let late = secretary.post_fragment(&line_at, &sent).await;
    assert_eq!(
        (late.status, late.entered.as_str()),
        (StatusCode::OK, "before")
    );
    // A line with no id, or a new one, from a view behind: refused as ever (409).
    let behind = secretary
        .post_fragment(
            &line_at,
            &[("seen", &first), ("line", "tc 3c 8c 6c"), ("entry", "q-9")],
        )
        .await;
    assert_eq!(behind.status, StatusCode::CONFLICT, "{}", behind.page);
    assert_eq!(behind.entered, "");
    // An id that is not one: 400, nothing recorded.
    let before = db.ok(&["export", &game.to_string()]);
    for bad in ["a b", "<x>", &"x".repeat(65)] {
        let r = secretary
            .post_fragment(
                &line_at,
                &[
                    ("seen", &seen(&u2.page)),
                    ("line", "3h kh th ah"),
                    ("entry", bad),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}: {}", r.page);
    }
    assert_eq!(db.ok(&["export", &game.to_string()]), before);
    let exported = json(&before);
    assert_eq!(
        exported["hands"][0]["tricks"],
        serde_json::json!(["TC 3C 8C 6C"]),
        "each line applied once: {exported}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_begin_form_shows_only_the_chosen_variants_options_each_as_choices_where_it_has_them() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let has = |page: &str, name: &str| page.contains(&format!("name=\"{name}\""));
    // At first the first variant's: Nine Card Don's, its values as choices, its own said.
    let page = secretary.get("/my/games").await.page;
    assert!(
        page.contains("name=\"options_of\" value=\"nine-card-don\""),
        "{page}"
    );
    assert!(page.contains("Rules options of Nine Card Don"), "{page}");
    for name in [
        "opt_cut",
        "opt_end_scoring",
        "opt_target",
        "opt_deals",
        "opt_legs",
        "opt_penalties",
    ] {
        assert!(has(&page, name), "{name}: {page}");
    }
    for name in [
        "opt_pack",
        "opt_misere",
        "opt_layout",
        "opt_muck_tie",
        "opt_players",
    ] {
        assert!(!has(&page, name), "{name} is not Nine Card Don's: {page}");
    }
    assert!(
        page.contains("<select id=\"opt_cut\" name=\"opt_cut\""),
        "{page}"
    );
    assert!(
        page.contains("<option value=\"\" selected>its own: high</option>"),
        "{page}"
    );
    assert!(
        page.contains("<option value=\"league\">league</option>"),
        "{page}"
    );
    assert!(
        page.contains(">The target score (blank: 121)</label>"),
        "{page}"
    );
    assert!(!page.contains("Irish Don:"), "{page}");
    // Without the script: the variant chosen, then its options shown, what was typed kept.
    let irish = secretary
        .post(
            "/my/games",
            &[
                ("variant", "irish-don"),
                ("north", "Gareth"),
                ("show", "options"),
            ],
        )
        .await;
    assert_eq!(irish.status, StatusCode::OK, "{}", irish.page);
    let page = irish.page;
    assert!(
        page.contains("name=\"options_of\" value=\"irish-don\""),
        "{page}"
    );
    assert_eq!(attr(&page, "north", "value").as_deref(), Some("Gareth"));
    for name in ["opt_cut", "opt_target", "opt_legs", "opt_muck_tie"] {
        assert!(!has(&page, name), "{name} is not Irish Don's: {page}");
    }
    assert!(
        page.contains("<select id=\"opt_pack\" name=\"opt_pack\""),
        "{page}"
    );
    for pack in ["52", "48", "44"] {
        assert!(page.contains(&format!("<option value=\"{pack}\">{pack}</option>")));
    }
    assert!(
        page.contains("<option value=\"mountjoy\">mountjoy</option>"),
        "{page}"
    );
    for name in [
        "opt_misere",
        "opt_best_of_three",
        "opt_bonk_two_games",
        "opt_pass_pitch",
    ] {
        assert!(
            page.contains(&format!(
                "<input type=\"checkbox\" id=\"{name}\" name=\"{name}\" value=\"true\">"
            )),
            "{name}: {page}"
        );
    }
    assert!(
        page.contains("The pitcher may pass the pitch (prison rules)"),
        "{page}"
    );
    // Blind Don's end-of-play scoring: only the value it takes (RULES.md §9).
    let blind = secretary
        .post(
            "/my/games",
            &[("variant", "blind-don"), ("show", "options")],
        )
        .await
        .page;
    assert!(
        blind.contains("<option value=\"hljg\">hljg</option>"),
        "{blind}"
    );
    assert!(!blind.contains("<option value=\"preston\">"), "{blind}");
    let nothing = db.dump();
    // Options sent for another variant than the one chosen since: shown again, begun not.
    let a = secretary
        .post(
            "/my/games",
            &[
                ("variant", "phat"),
                ("options_of", "irish-don"),
                ("opt_pack", "48"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.page);
    assert!(beside(&a.page, "variant").contains("another variant's"));
    assert!(
        has(&a.page, "opt_muck_tie") && !has(&a.page, "opt_pack"),
        "{}",
        a.page
    );
    assert_eq!(db.dump(), nothing, "nothing begun");
    // Irish Don begun with its options: the pack of 48 chosen, misère ticked.
    let game = begin(
        &secretary,
        &[
            ("variant", "irish-don"),
            ("options_of", "irish-don"),
            ("opt_pack", "48"),
            ("opt_misere", "true"),
            ("opt_tie", ""),
            ("north", "Gareth"),
            ("east", "Dai"),
            ("south", "Rhys"),
            ("west", "Huw"),
        ],
    )
    .await;
    let shown = json(&db.ok(&["export", &game.to_string()]));
    let ruleset = &shown["ruleset"];
    assert_eq!(
        (&ruleset["pack"], &ruleset["misere"], &ruleset["tie"]),
        (
            &serde_json::json!(48),
            &serde_json::json!(true),
            &serde_json::json!("last-scorer-loses")
        ),
        "{shown}"
    );
    // The variant changed with nothing typed in the options shown: the new variant's own.
    let phat = begin(
        &secretary,
        &[
            ("variant", "phat"),
            ("options_of", "irish-don"),
            ("north", "A"),
            ("east", "B"),
            ("south", "C"),
            ("west", "D"),
        ],
    )
    .await;
    let shown = json(&db.ok(&["export", &phat.to_string()]));
    assert_eq!(shown["ruleset"]["variant"], "phat", "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friendly_games_scorers_link_scores_it_with_no_league_and_nothing_else() {
    // A pub's database: two friendly games, no league.
    let db = Db::new();
    let seats = ["--seats", "Gareth, Dai, Rhys, Huw", "--pitcher", "S"];
    db.ok(&[&["new", "nine-card-don"][..], &seats].concat());
    db.ok(&[&["new", "nine-card-don"][..], &seats].concat());
    let token = scorer_token(&db, 1);
    let app = serve(&db);
    let scorer = Browser::sign_in(&app, &token).await;
    assert_eq!(scorer.landed, "/my/game/1");
    let page = scorer.enter(1, "tc 3c 8c 6c").await;
    assert_eq!(text(&page, "in-play").unwrap(), "TC 3C 8C 6C");
    let exported = json(&db.ok(&["export", "1"]));
    assert_eq!(
        exported["hands"][0]["tricks"],
        serde_json::json!(["TC 3C 8C 6C"])
    );
    // Its board is public; no league's pages, no other game, nothing of a league.
    let board = scorer.get("/board/game/1").await;
    assert_eq!(board.status, StatusCode::OK, "{}", board.page);
    assert!(board.page.contains("Friendly games"), "{}", board.page);
    assert_eq!(
        scorer.get("/board/game/2").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(scorer.get("/").await.status, StatusCode::NOT_FOUND);
    let before = db.dump();
    for path in ["/my/game/2", "/my/games"] {
        let a = scorer.get(path).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.page);
    }
    for (path, fields) in [
        (
            "/my/game/2/line",
            vec![("seen", ""), ("line", "tc 3c 8c 6c")],
        ),
        ("/my/games", vec![("variant", "phat")]),
    ] {
        let a = scorer.post(path, &fields).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.page);
    }
    assert_eq!(db.dump(), before, "nothing changed");
    // A league made since: the friendly link goes on scoring its game there, and only it.
    db.league_new("Valleys", &[]);
    let app = serve(&db);
    let scorer = scorer.through(&app);
    let page = scorer.enter(1, "3h kh th ah").await;
    assert_eq!(text(&page, "in-play").unwrap(), "TC 3C 8C 6C\n3H KH TH AH");
    for path in ["/my/game/2", "/my/games", "/my/night/1"] {
        let a = scorer.get(path).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {}", a.page);
    }
    let log = db.ok(&["log"]);
    assert!(log.contains("scorer of game 1 (link 1)"), "{log}");
}

/// Issue 29 point 3: a line refused on the phone is said in its words (tap who pitches), never
/// the terminal's (`pitcher N|E|S|W`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_refused_on_the_phone_is_said_in_its_words() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let game = begin(
        &secretary,
        &[
            ("variant", "nine-card-don"),
            ("north", "Gareth"),
            ("east", "Dai"),
            ("south", "Rhys"),
            ("west", "Huw"),
        ],
    )
    .await;
    let at = format!("/my/game/{game}");
    let page = secretary.get(&at).await.page;
    // A trick typed before anyone pitches.
    let a = secretary
        .post_fragment(
            &format!("{at}/line"),
            &[("seen", &seen(&page)), ("line", "tc 3c 8c 6c")],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.page);
    let error = text(&a.page, "line-error").unwrap_or_else(|| panic!("{}", a.page));
    assert_eq!(
        error.trim(),
        "Who pitches hand 1? Tap who pitches first, then enter the trick."
    );
    assert!(!a.page.contains('`'), "{}", a.page);
}
