//! A game scored through the app as the web scores it (`App::table_line`, `App::table_view`):
//! the same session and journal as `don play`, with who may score which game, and a line from
//! a view another phone has overtaken refused.

use crate::common;

use common::db::Db;
use don::app::access::AccessError;
use don::app::game::error::GameError;
use don::app::{Actor, App, AppError};

fn app_as(db: &Db, name: &str, team: Option<i64>, game: Option<i64>) -> App {
    let actor = Actor {
        name: name.into(),
        team,
        game,
        league: None,
    };
    App::open_existing(&db.path, actor).unwrap()
}

/// A league of three teams, and game 1 of Nine Card Don, S to pitch.
fn league_and_game() -> Db {
    let db = Db::three_teams();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    db
}

#[test]
fn a_line_is_entered_as_don_play_enters_it_and_said_as_it_says_it() {
    let db = league_and_game();
    let mut app = app_as(&db, "secretary (link 1)", None, None);
    let view = app.table_view(1).unwrap();
    assert_eq!(view.status.hand, 1);
    assert_eq!(view.status.trick, 1);
    assert_eq!(view.status.leader, Some(don::rules::Seat::S));
    // Hand 1, trick 1 of examples/nine-card-don.json: TC 3C 8C 6C, S leading: S's ten of
    // clubs wins (clubs led, so trumps are clubs); a ten pegs nothing in play (§ the peg table).
    let entered = app.table_line(1, view.seen, "tc 3c 8c 6c").unwrap();
    let said: Vec<String> = entered.said.iter().map(|a| a.to_string()).collect();
    assert_eq!(said[0], "NS (Gareth & Rhys) win the trick: nothing to peg");
    assert_eq!(entered.view.status.trick, 2);
    // Trick 2, S leading: 3H (S), KH (W), TH (N), AH (E): E's ace takes it; hearts are not
    // trumps, so nothing pegs.
    let entered = app.table_line(1, entered.view.seen, "3h kh th ah").unwrap();
    let said: Vec<String> = entered.said.iter().map(|a| a.to_string()).collect();
    assert_eq!(said[0], "EW (Dai & Huw) win the trick: nothing to peg");
    // Trick 3, E leading: 9C (E), 7C (S), AC (W), JC (N): W's ace of trumps takes it, and EW
    // peg the 9 (9), the ace (4) and the jack (1) of trumps: 14, 107 to go.
    let entered = app.table_line(1, entered.view.seen, "9c 7c ac jc").unwrap();
    let said: Vec<String> = entered.said.iter().map(|a| a.to_string()).collect();
    assert!(
        said[0].starts_with("EW (Dai & Huw) win the trick"),
        "{said:?}"
    );
    assert!(said[1].contains("EW (Dai & Huw) 14, 107 to go"), "{said:?}");
    assert_eq!(entered.view.status.trick, 4);
    assert_eq!(entered.view.status.leader, Some(don::rules::Seat::W));
    assert_eq!(entered.view.status.cards.len(), 12);
    assert_ne!(entered.view.seen, view.seen);
    // The game `don show` sees is the same.
    let shown = db.show("1");
    assert_eq!(shown["final"]["EW"], 14, "{shown}");
    assert_eq!(shown["final"]["NS"], 0, "{shown}");
}

#[test]
fn a_line_from_an_overtaken_view_and_a_refused_line_record_nothing() {
    let db = league_and_game();
    let mut app = app_as(&db, "secretary (link 1)", None, None);
    let old = app.table_view(1).unwrap();
    app.table_line(1, old.seen, "tc 3c 8c 6c").unwrap();
    let before = db.dump();
    // The second phone, still showing trick 1.
    match app.table_line(1, old.seen, "tc 3c 8c 6c") {
        Err(AppError::Game(GameError::EnteredMeanwhile { game: 1, line })) => {
            assert_eq!(line, "tc 3c 8c 6c")
        }
        other => panic!("{other:?}"),
    }
    let now = app.table_view(1).unwrap();
    match app.table_line(1, now.seen, "3h kh th") {
        Err(AppError::Game(GameError::LineRefused { line, why })) => {
            assert_eq!(line, "3h kh th");
            assert!(!why.to_string().is_empty());
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(before, db.dump());
}

#[test]
fn a_scorer_scores_their_one_game_and_a_captain_only_their_teams() {
    let db = league_and_game();
    db.ok(&["new", "phat", "--seats", "A, B, C, D"]);
    let out = db.ok(&["scorer", "link", "1"]);
    assert!(out.contains("/board/game/1"), "{out}");
    let before = db.dump();
    let mut scorer = app_as(&db, "scorer of game 1 (link 1)", None, Some(1));
    let seen = scorer.table_view(2).unwrap().seen;
    match scorer.table_line(2, seen, "pitcher N") {
        Err(AppError::Access(AccessError::NotYourGame { game: 2, .. })) => {}
        other => panic!("{other:?}"),
    }
    match scorer.secretary_only("move a fixture") {
        Err(AppError::Access(AccessError::ScorerOnly { game: 1, .. })) => {}
        other => panic!("{other:?}"),
    }
    let mut captain = app_as(&db, "captain of Royal Oak (link 2)", Some(1), None);
    let seen = captain.table_view(1).unwrap().seen;
    match captain.table_line(1, seen, "tc 3c 8c 6c") {
        Err(AppError::Access(AccessError::NotYourGame { game: 1, .. })) => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(before, db.dump());
    let seen = scorer.table_view(1).unwrap().seen;
    scorer.table_line(1, seen, "tc 3c 8c 6c").unwrap();
    let log = db.ok(&["log"]);
    assert!(log.contains("scorer of game 1 (link 1)"), "{log}");
}

/// The token of the one address in `out` (`  http…/link/TOKEN`).
fn token_of(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.contains("/link/"))
        .unwrap_or_else(|| panic!("no address in {out}"));
    line.rsplit_once("/link/").unwrap().1.trim().to_string()
}

fn league_id(db: &Db) -> i64 {
    db.sql("SELECT id FROM leagues").trim().parse().unwrap()
}

#[test]
fn a_scorers_link_is_made_for_one_game_listed_revoked_and_undone() {
    let db = league_and_game();
    let out = db.ok(&["scorer", "link", "1"]);
    assert!(
        out.starts_with("Link 1 made for the scorer of game 1."),
        "{out}"
    );
    assert!(
        out.contains("score game 1 on the web (and nothing else)"),
        "{out}"
    );
    assert!(out.contains("`don scorer revoke 1`"), "{out}");
    let token = token_of(&out);
    assert_eq!(token.len(), 64);
    // Only the hash is kept, with the game; the game is one of the league's on the web.
    assert_eq!(db.sql("SELECT game, team IS NULL FROM links"), "1|1\n");
    assert!(!db.dump().contains(&token));
    assert_eq!(
        db.sql("SELECT id, team IS NULL, fixture IS NULL FROM web_games"),
        "1|1|1\n"
    );
    let list = db.ok(&["captain", "list", "--json"]);
    let list: serde_json::Value = serde_json::from_str(&list).unwrap();
    assert_eq!(list[0]["for"], "scorer of game 1");
    assert_eq!(list[0]["game"], 1);
    assert_eq!(list[0]["secretary"], false);
    // Signing in with it gives the scorer's session: game 1, no team.
    let app = app_as(&db, "web", None, None);
    let (session, _) = app.sign_in(league_id(&db), &token).unwrap();
    assert_eq!(session.game(), Some(1));
    assert_eq!(session.team(), None);
    assert!(!session.is_secretary());
    assert_eq!(session.link.actor().name, "scorer of game 1 (link 1)");
    // The secretary's revoke leaves it; the game's revoke ends it.
    db.ok(&["secretary", "link"]);
    db.ok(&["secretary", "revoke"]);
    assert!(app.sign_in(league_id(&db), &token).is_ok());
    let out = db.ok(&["scorer", "revoke", "1"]);
    assert!(
        out.contains("Revoked link 1 (the scorer of game 1)."),
        "{out}"
    );
    assert!(app.sign_in(league_id(&db), &token).is_err());
    common::db::refused(
        &db,
        &["scorer", "revoke", "1"],
        2,
        "game 1 has no link to revoke",
    );
    // Undoing the revoke makes it work again. The game's making cannot be undone while the link
    // holds it; undoing the link's making (the revoke and its undo come to nothing) ends it and
    // takes the game off the web.
    db.ok(&["undo"]);
    assert!(app.sign_in(league_id(&db), &token).is_ok());
    let op = |command: &str| {
        db.sql(&format!(
            "SELECT id FROM operations WHERE command = '{command}'"
        ))
        .trim()
        .to_string()
    };
    common::db::refused(
        &db,
        &["undo", &op("new")],
        2,
        "a private link (1) for the scorer of game 1",
    );
    db.ok(&["undo", &op("scorer link")]);
    assert!(app.sign_in(league_id(&db), &token).is_err());
    assert_eq!(db.sql("SELECT count(*) FROM web_games"), "0\n");
}

#[test]
fn a_scorers_link_for_no_game_is_refused_and_nothing_made() {
    let db = league_and_game();
    let before = db.dump();
    common::db::refused(&db, &["scorer", "link", "9"], 2, "there is no game 9");
    common::db::refused(&db, &["scorer", "link", "no-such-id"], 2, "no-such-id");
    assert_eq!(before, db.dump());
}

#[test]
fn a_database_of_version_8_keeps_its_links_when_brought_up_to_date() {
    let db = league_and_game();
    let out = db.ok(&["captain", "link", "Royal Oak"]);
    let token = token_of(&out);
    db.set_back_to_version(8);
    assert_eq!(
        db.sql("SELECT count(*) FROM pragma_table_info('links') WHERE name = 'game'"),
        "0\n"
    );
    // A change brings it up to date; the captain's link is still a captain's, and works.
    db.ok(&["scorer", "link", "1"]);
    assert_eq!(
        db.sql("PRAGMA user_version"),
        common::latest_schema_version()
    );
    let app = app_as(&db, "web", None, None);
    let (session, _) = app.sign_in(league_id(&db), &token).unwrap();
    assert_eq!(session.team(), Some(1));
    assert_eq!(session.game(), None);
}

#[test]
fn a_game_scored_by_its_scorers_link_is_linked_as_a_leg_and_then_held() {
    // The short-nights league: Gareth & Rhys play for Royal Oak, Dai & Huw for Red Lion.
    let db = Db::short_nights();
    db.ok(&[
        "new",
        "nine-card-don",
        "--seats",
        "Gareth, Dai, Rhys, Huw",
        "--pitcher",
        "S",
    ]);
    db.ok(&["scorer", "link", "1"]);
    let mut scorer = app_as(&db, "scorer of game 1 (link 1)", None, Some(1));
    // Hands as totals, 30–10 (the awards counted in) with game to NS: 120–40 after four, so NS
    // reach 121 in the fifth, 150–50; a sixth is refused, the game being over.
    let mut seen = scorer.table_view(1).unwrap().seen;
    for hand in 1..=5 {
        let entered = scorer
            .table_line(1, seen, "totals ns 30 ew 10 game ns")
            .unwrap_or_else(|e| panic!("hand {hand}: {e}"));
        seen = entered.view.seen;
    }
    let view = scorer.table_view(1).unwrap();
    assert!(view.status.over);
    match scorer.table_line(1, seen, "totals ns 30 ew 10 game ns") {
        Err(AppError::Game(GameError::LineRefused { why, .. })) => {
            assert!(why.to_string().starts_with("the game is over"), "{why}")
        }
        other => panic!("{other:?}"),
    }
    let shown = db.show("1");
    assert_eq!(shown["winner"], "NS", "{shown}");
    assert_eq!(shown["final"]["NS"], 150, "{shown}");
    assert_eq!(shown["final"]["EW"], 50, "{shown}");
    // Linked as leg 1 of the night's first Don match, the night holds it: the scorer's next
    // line is refused, naming the night.
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
    let before = db.dump();
    let seen = scorer.table_view(1).unwrap().seen;
    match scorer.table_line(1, seen, "undo") {
        Err(AppError::Game(GameError::LineRefused { why, .. })) => {
            assert!(
                why.to_string()
                    .starts_with("game 1 is leg 1 of don 1 of Royal Oak v Red Lion"),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert!(scorer.table_view(1).unwrap().held.is_some());
    assert_eq!(before, db.dump());
}

#[test]
fn a_secretarys_link_scores_only_its_own_leagues_games_on_the_web() {
    // Game 1 is Abercarn's on the web (its scorer's link); game 2 another league's; game 3 on
    // no league's web.
    let db = league_and_game();
    db.league_new("Valleys Don", &[]);
    db.ok(&["new", "phat", "--seats", "V1, V2, V3, V4"]);
    db.ok(&["new", "phat", "--seats", "W1, W2, W3, W4"]);
    db.ok(&[
        "scorer",
        "link",
        "1",
        "--league",
        "Abercarn Crib and Don League",
    ]);
    db.ok(&["scorer", "link", "2", "--league", "Valleys Don"]);
    let abercarn = db
        .sql("SELECT id FROM leagues WHERE name = 'Abercarn Crib and Don League'")
        .trim()
        .parse()
        .unwrap();
    let before = db.dump();
    let secretary = Actor {
        name: "secretary (link 3)".into(),
        team: None,
        game: None,
        league: Some(abercarn),
    };
    let mut app = App::open_existing(&db.path, secretary).unwrap();
    for game in [2, 3] {
        let seen = app.table_view(game).unwrap().seen;
        match app.table_line(game, seen, "pitcher N") {
            Err(AppError::Access(AccessError::NotYourGame { game: g, why, .. })) => {
                assert_eq!(g, game);
                assert_eq!(why, "it is not one of this league's games on the web");
            }
            other => panic!("game {game}: {other:?}"),
        }
    }
    assert_eq!(before, db.dump());
    let seen = app.table_view(1).unwrap().seen;
    let entered = app.table_line(1, seen, "tc 3c 8c 6c").unwrap();
    assert_eq!(entered.view.status.tricks, ["TC 3C 8C 6C"]);
}

/// Issue 29: what a game would take now, as the app says it to a page (`ScoringView::offers`,
/// tried on the game as it stands, nothing kept): Nine Card Don has no redeal (Irish Don's
/// `redeal_rule` only), no claim, no concession before a hand nor during one, its one award;
/// Irish Don under the Cork rule has the redeal; nothing offered is refused, and asking
/// records nothing.
#[test]
fn a_game_offers_only_the_lines_it_would_take_now() {
    use don::record::line::Line;
    use don::rules::{AbandonReason, AwardKind, Seat, Side};
    let db = league_and_game();
    let mut app = app_as(&db, "secretary (link 1)", None, None);
    let redeal = Line::Abandon {
        reason: AbandonReason::RedealDemanded,
        seat: None,
    };
    let view = app.table_view(1).unwrap();
    let offers = &view.offers;
    assert!(!offers.has(&redeal) && !offers.has(&Line::Claim));
    assert!(
        !offers.has(&Line::Concede(Side::EW)),
        "no concession before a hand"
    );
    assert!(!offers.undo, "nothing to undo");
    assert!(offers.totals && offers.penalty);
    assert_eq!(offers.awards, [AwardKind::Game]);
    assert!(offers.has(&Line::Abandon {
        reason: AbandonReason::Renege,
        seat: Some(Seat::W)
    }));
    let seen = view.seen;
    let entered = app.table_line(1, seen, "tc 3c 8c 6c").unwrap();
    let offers = &entered.view.offers;
    assert!(offers.undo && !offers.totals, "a hand in play");
    assert!(
        !offers.has(&Line::Concede(Side::EW)),
        "no concession in a hand"
    );
    assert_eq!(app.table_view(1).unwrap().offers, *offers);
    // Each line offered is taken (and taken back).
    for line in offers.lines.clone() {
        let now = app.table_view(1).unwrap().seen;
        let took = app.table_line(1, now, &line.to_string());
        assert!(took.is_ok(), "{line}: {took:?}");
        app.table_line(1, took.unwrap().view.seen, "undo").unwrap();
    }
    // Irish Don under the Cork rule: the redeal may be demanded.
    db.ok(&[
        "new",
        "irish-don",
        "--redeal-rule",
        "cork",
        "--pitcher",
        "N",
    ]);
    let view = app.table_view(2).unwrap();
    assert!(view.offers.has(&redeal), "{:?}", view.offers);
    assert!(!view.offers.has(&Line::Claim), "no claim at 0–0");
    assert_eq!(view.offers.awards, []);
}
