//! Captains' cup ties on the web (`don serve`'s `/my/`), in process: a captain enters their
//! team's tie, the other captain confirms it; a level tie without its decider refused beside
//! it; a captain of a team not in the tie refused (403) and the database unchanged; a form
//! without its CSRF token refused; a dispute, which the secretary settles.

use crate::common;
use crate::web::browser;

use axum::http::StatusCode;
use browser::{league, refused_beside, token, Browser};
use common::db::Db;

const TIE: &str = "/my/cup/1/1/1";

/// The three teams' league with its League Cup drawn: Red Lion v Royal Oak in the
/// Semi-finals (tie 1), Fox and Hounds a bye.
fn cup_league() -> (Db, axum::Router) {
    let (db, app) = league();
    db.ok(&["cup", "new", "League Cup"]);
    db.ok(&[
        "cup",
        "enter",
        "League Cup",
        "Red Lion",
        "Royal Oak",
        "Fox and Hounds",
    ]);
    db.ok(&[
        "cup",
        "draw",
        "League Cup",
        "--order",
        "Red Lion, Royal Oak, Fox and Hounds",
    ]);
    (db, app)
}

fn cup_json(db: &Db) -> serde_json::Value {
    serde_json::from_str(&db.ok(&["cup", "show", "League Cup", "--json"])).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_captain_enters_a_cup_tie_and_the_other_captain_confirms_it() {
    let (db, app) = cup_league();
    let table = db.ok(&["standings", "--json"]);
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let home = lion.get("/my/").await.page;
    assert!(
        home.contains(TIE) && home.contains("League Cup, Semi-finals: Red Lion v Royal Oak"),
        "{home}"
    );
    let page = lion.get(TIE).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.page.contains("To be played."), "{}", page.page);
    // 4–4 is no result of a night of nine matches: refused beside the home team's figure.
    let bad = lion
        .post(
            &format!("{TIE}/enter"),
            &[("home_points", "4"), ("away_points", "4")],
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.page);
    assert!(refused_beside(&bad.page, "home_points").contains("totals 4–4 are not a night"));
    let done = lion
        .post(
            &format!("{TIE}/enter"),
            &[("home_points", "5"), ("away_points", "4")],
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.page);
    assert_eq!(done.to, format!("{TIE}?done=entered"));
    let v = cup_json(&db);
    assert_eq!(v["rounds"][0]["ties"][0]["winner"], "Red Lion");
    assert_eq!(v["rounds"][1]["ties"][0]["home"], "Red Lion");
    // The team that entered it cannot confirm it, told so of a tie (not a night); the other
    // can.
    assert!(!lion.get(TIE).await.page.contains("Confirm the result"));
    let before = db.dump();
    let own = lion.post(&format!("{TIE}/confirm"), &[]).await;
    assert_eq!(own.status, StatusCode::CONFLICT, "{}", own.page);
    assert!(
        own.page.contains(
            "Red Lion v Royal Oak of League Cup: the tie was entered for Red Lion; Royal Oak confirms it"
        ) && !own.page.contains("the night was"),
        "{}",
        own.page
    );
    assert_eq!(before, db.dump());
    let oak_home = oak.get("/my/").await.page;
    assert!(
        oak_home.contains("waits for you to confirm it"),
        "{oak_home}"
    );
    let page = oak.get(TIE).await.page;
    assert!(
        page.contains("provisional, entered for Red Lion, waiting for Royal Oak to confirm it"),
        "{page}"
    );
    let confirmed = oak.post(&format!("{TIE}/confirm"), &[]).await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.page
    );
    let page = oak.get(&format!("{TIE}?done=confirmed")).await.page;
    assert!(
        page.contains("Saved: the cup tie is confirmed.") && page.contains("5–4: confirmed."),
        "{page}"
    );
    let log = db.ok(&["log", "--limit", "2"]);
    assert!(
        log.contains("captain of Royal Oak") && log.contains("confirmed for Royal Oak"),
        "{log}"
    );
    assert!(
        log.contains("captain of Red Lion") && log.contains("Red Lion v Royal Oak 5–4 (entered)"),
        "{log}"
    );
    // The league table is as it was.
    assert_eq!(table, db.ok(&["standings", "--json"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anyone_but_the_tie_s_captains_and_the_secretary_is_refused_and_nothing_changes() {
    let (db, app) = cup_league();
    let fox = Browser::sign_in(&app, &token(&db, Some("Fox and Hounds"))).await;
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let before = db.dump();
    let page = fox.get(TIE).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.page
            .contains("League Cup: Red Lion v Royal Oak is not your team&#39;s tie: a captain sees and enters only their own team&#39;s ties."),
        "{}",
        page.page
    );
    let posted = fox
        .post(
            &format!("{TIE}/enter"),
            &[("home_points", "5"), ("away_points", "4")],
        )
        .await;
    assert_eq!(posted.status, StatusCode::FORBIDDEN);
    let forged = lion
        .post_raw(
            &format!("{TIE}/enter"),
            &[("home_points", "5"), ("away_points", "4")],
            false,
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert_eq!(
        lion.get("/my/cup/1/2/1").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        lion.get("/my/cup/x/1/1").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(before, db.dump());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disputed_cup_tie_is_settled_by_the_secretary() {
    let (db, app) = cup_league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    lion.post(&format!("{TIE}/enter"), &[("walkover", "home")])
        .await;
    let none = oak.post(&format!("{TIE}/dispute"), &[("reason", "")]).await;
    assert_eq!(none.status.as_u16() / 100, 4);
    assert!(refused_beside(&none.page, "reason").contains("say why"));
    let disputed = oak
        .post(&format!("{TIE}/dispute"), &[("reason", "we were there")])
        .await;
    assert_eq!(disputed.status, StatusCode::SEE_OTHER, "{}", disputed.page);
    assert!(!oak.get(TIE).await.page.contains("Settle"));
    let page = secretary.get(TIE).await.page;
    assert!(
        page.contains("disputed by Royal Oak (we were there)")
            && page.contains("Settle: the result stands"),
        "{page}"
    );
    let settled = secretary.post(&format!("{TIE}/confirm"), &[]).await;
    assert_eq!(settled.status, StatusCode::SEE_OTHER, "{}", settled.page);
    assert!(db
        .ok(&["cup", "show", "League Cup"])
        .contains("Red Lion v Royal Oak: a walkover to Red Lion"));
    assert!(!db.ok(&["cup", "show", "League Cup"]).contains("disputed"));
}
