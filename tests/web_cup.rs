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

/// The nine matches of Red Lion v Royal Oak as the tie's form posts them: Red Lion win the
/// first five 2–0, Royal Oak the last four 2–1 (5–4 to Red Lion); `first` is Red Lion's first
/// player of don 1.
fn nine(first: &'static str) -> Vec<(String, String)> {
    let pairs = [
        ([first, "Huw"], ["Gareth", "Rhys"]),
        (["Aled", "Bethan"], ["Emrys", "Glyn"]),
        (["Mair", "Huw"], ["Sian", "Rhys"]),
        (["Dai", "Huw"], ["Gareth", "Rhys"]),
        (["Aled", "Bethan"], ["Emrys", "Glyn"]),
        (["Mair", "Dai"], ["Sian", "Gareth"]),
    ];
    let singles = [("Aled", "Emrys"), ("Bethan", "Glyn"), ("Mair", "Sian")];
    let mut form = vec![("how".to_string(), "matches".to_string())];
    let legs = |at: usize| if at <= 5 { ("2", "0") } else { ("1", "2") };
    let mut put = |at: usize, home: &[&str], away: &[&str]| {
        for (n, p) in home.iter().enumerate() {
            form.push((format!("m{at}_home{}", n + 1), p.to_string()));
        }
        for (n, p) in away.iter().enumerate() {
            form.push((format!("m{at}_away{}", n + 1), p.to_string()));
        }
        let (h, a) = legs(at);
        form.push((format!("m{at}_home_legs"), h.to_string()));
        form.push((format!("m{at}_away_legs"), a.to_string()));
    };
    for (i, (h, a)) in pairs.iter().enumerate() {
        put(i + 1, h, a);
    }
    for (i, (h, a)) in singles.iter().enumerate() {
        put(i + 7, &[h], &[a]);
    }
    form
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_captain_enters_a_cup_tie_match_by_match_as_a_night_s_form_has_it() {
    let (db, app) = cup_league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let fox = Browser::sign_in(&app, &token(&db, Some("Fox and Hounds"))).await;
    let page = lion.get(TIE).await.page;
    assert!(
        page.contains("Enter the tie match by match")
            && page.contains("name=\"m9_away_legs\"")
            && page.contains("name=\"new_players\""),
        "{page}"
    );
    let before = db.dump();
    fn post(form: &[(String, String)]) -> Vec<(&str, &str)> {
        form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
    }
    // A slip of a roster's name: refused beside it, as a night's form refuses it.
    let slip = nine("Bethen");
    let bad = lion.post(&format!("{TIE}/enter"), &post(&slip)).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.page);
    assert!(
        refused_beside(&bad.page, "m1_home1").contains("did you mean &#39;Bethan&#39;?"),
        "{}",
        bad.page
    );
    // A leg count that cannot be read: beside its input.
    let mut unread = nine("Dai");
    unread.retain(|(k, _)| k != "m4_away_legs");
    unread.push(("m4_away_legs".into(), "x".into()));
    let bad = lion.post(&format!("{TIE}/enter"), &post(&unread)).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.page);
    assert!(refused_beside(&bad.page, "m4_away_legs").contains("not a number"));
    // Anyone else: 403; without the form's token: 403; nothing changed.
    let good = nine("Dai");
    assert_eq!(
        fox.post(&format!("{TIE}/enter"), &post(&good)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        lion.post_raw(&format!("{TIE}/enter"), &post(&good), false)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(before, db.dump());
    // A name new to Royal Oak's roster, typed by Red Lion's captain: it waits for Royal Oak to
    // confirm the tie, as a night's does.
    let mut good = good;
    for (k, v) in good.iter_mut() {
        if k == "m9_away1" {
            *v = "Ifor Hughes".into();
        }
    }
    let done = lion.post(&format!("{TIE}/enter"), &post(&good)).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.page);
    assert!(!db
        .ok(&["roster", "show", "Royal Oak"])
        .contains("Ifor Hughes"));
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let confirmed = oak.post(&format!("{TIE}/confirm"), &[]).await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.page
    );
    assert!(db
        .ok(&["roster", "show", "Royal Oak"])
        .contains("Ifor Hughes"));
    let v = cup_json(&db);
    let tie = &v["rounds"][0]["ties"][0];
    assert_eq!(tie["winner"], "Red Lion", "{tie}");
    let shown = db.ok(&["cup", "show", "League Cup"]);
    assert!(shown.contains("Red Lion v Royal Oak: 5–4"), "{shown}");
    assert!(db.dump().contains(r#"'["Dai","Huw"]'"#));
}
