//! A captain's and the secretary's nights on the web (`don serve`'s `/my/`), in process: enter,
//! confirm, dispute, settle; each refusal beside its field with its status and the database
//! unchanged; two captains entering at once; `don log` and `don undo` of a web entry.

use crate::common;

use crate::web::browser;

use axum::http::StatusCode;
use browser::{league, pairs, refused_beside, refused_beside_select, token, Browser};
use common::db::Db;

/// The sample league's first night: Red Lion v Royal Oak on 2025-09-04, fixture 1.
const NIGHT: &str = "/my/night/1";

/// A whole Abercarn night for Red Lion (home) v Royal Oak: Red Lion win 5–4.
fn whole_night() -> Vec<(String, String)> {
    let home = ["Dai", "Huw", "Aled", "Bethan", "Mair"];
    let away = ["Gareth", "Rhys", "Emrys", "Glyn", "Sian"];
    let legs = [
        (2, 0),
        (2, 1),
        (0, 2),
        (2, 0),
        (1, 2),
        (2, 1),
        (0, 2),
        (2, 0),
        (1, 2),
    ];
    let mut fields = vec![("how".to_string(), "matches".to_string())];
    for (i, (h, a)) in legs.iter().enumerate() {
        let row = i + 1;
        let pairs = row <= 6;
        let (p, q) = (i % 5, (i + 1) % 5);
        fields.push((format!("m{row}_home1"), home[p].into()));
        fields.push((format!("m{row}_away1"), away[p].into()));
        if pairs {
            fields.push((format!("m{row}_home2"), home[q].into()));
            fields.push((format!("m{row}_away2"), away[q].into()));
        }
        fields.push((format!("m{row}_home_legs"), h.to_string()));
        fields.push((format!("m{row}_away_legs"), a.to_string()));
    }
    fields
}

/// The whole night of [`whole_night`] with `changes` made: each field set (or added) anew.
fn night_with(changes: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut night = whole_night();
    for (k, v) in changes {
        night.retain(|(n, _)| n != k);
        night.push((k.to_string(), v.to_string()));
    }
    night
}

/// Red Lion's points in `don standings --json`.
fn points(db: &Db, team: &str) -> i64 {
    let json: serde_json::Value = serde_json::from_str(&db.ok(&["standings", "--json"])).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .find(|t| t["team"] == team)
        .map(|t| t["points"].as_i64().unwrap())
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_captain_enters_the_other_confirms_and_the_table_counts_it() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let browser::Answer { page: home, .. } = lion.get("/my/").await;
    assert!(
        home.contains("/my/night/1") && home.contains("v Royal Oak (home)"),
        "{home}"
    );
    let browser::Answer { status, page, .. } = lion.get(NIGHT).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<datalist id=\"home-players\">") && page.contains("value=\"Bethan\""));
    assert!(page.contains("name=\"m9_home_legs\"") && page.contains("inputmode=\"numeric\""));
    assert!(
        !page.contains("name=\"m9_home2\""),
        "single crib is played by one a side"
    );

    let night = whole_night();
    let browser::Answer { status, to, .. } = lion.post("/my/night/1/enter", &pairs(&night)).await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/night/1?done=entered")
    );
    let browser::Answer { page, .. } = lion.get(&to).await;
    assert!(
        page.contains("role=\"status\">Saved: the night is entered."),
        "{page}"
    );
    assert!(
        page.contains("entered by you, waiting for the other captain"),
        "{page}"
    );
    assert!(page.contains("<span class=\"match\">Don 1</span> <span class=\"legs\">2–0</span>"));

    let browser::Answer { page: oak_home, .. } = oak.get("/my/").await;
    let waiting = oak_home.find("Waiting for you").unwrap();
    assert!(
        oak_home[waiting..].contains("waiting for your confirmation"),
        "{oak_home}"
    );
    let browser::Answer { status, to, .. } = oak.post("/my/night/1/confirm", &[]).await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/night/1?done=confirmed")
    );
    let browser::Answer { page, .. } = oak.get(&to).await;
    assert!(page.contains("State: confirmed"), "{page}");
    assert_eq!((points(&db, "Red Lion"), points(&db, "Royal Oak")), (5, 4));

    let log = db.ok(&["log"]);
    assert!(log.contains("captain of Red Lion (link"), "{log}");
    assert!(log.contains("captain of Royal Oak (link"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dispute_is_settled_by_the_secretary_who_also_adjusts_and_moves() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let browser::Answer { status, .. } =
        lion.post("/my/night/1/enter", &pairs(&whole_night())).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let browser::Answer { status, to, .. } = oak
        .post("/my/night/1/dispute", &[("reason", "don 2 was 1-2")])
        .await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/night/1?done=disputed")
    );
    let browser::Answer { page: home, .. } = secretary.get("/my/").await;
    assert!(home.contains("disputed by Royal Oak"), "{home}");
    assert!(home.contains("action=\"/my/adjust\"") && home.contains("action=\"/my/withdraw\""));
    let browser::Answer { page, .. } = secretary.get(NIGHT).await;
    assert!(
        page.contains("Settle the dispute") && page.contains("don 2 was 1-2"),
        "{page}"
    );
    let browser::Answer { status, to, .. } = secretary
        .post("/my/night/1/confirm", &[("by", "away")])
        .await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/night/1?done=confirmed")
    );
    let browser::Answer { page, .. } = secretary.get(NIGHT).await;
    assert!(page.contains("State: confirmed"), "{page}");
    assert!(db.ok(&["log"]).contains("secretary (link"));

    // The secretary's own forms.
    let browser::Answer { status, to, .. } = secretary
        .post(
            "/my/adjust",
            &[
                ("team", "Royal Oak"),
                ("what", "deduct"),
                ("points", "2"),
                ("reason", "late start"),
                ("date", "2025-09-04"),
            ],
        )
        .await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/?done=adjusted")
    );
    assert_eq!(points(&db, "Royal Oak"), 2);
    let none = [
        ("team", "Royal Oak"),
        ("what", "award"),
        ("points", "0"),
        ("reason", "x"),
        ("date", "2025-09-04"),
    ];
    let before = db.dump();
    let browser::Answer { status, page, .. } = secretary.post("/my/adjust", &none).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused_beside(&page, "points").contains("at least 1"),
        "{page}"
    );
    let browser::Answer { status, page, .. } = secretary
        .post("/my/fixture/1/move", &[("date", "2025-09-05")])
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "a night played stays: {page}");
    refused_beside(&page, "date");
    assert_eq!(db.dump(), before);
    let browser::Answer { status, to, .. } = secretary
        .post("/my/fixture/2/move", &[("date", "2025-09-12")])
        .await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/night/2?done=moved")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_refusal_is_beside_its_field_and_changes_nothing() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let fox = Browser::sign_in(&app, &token(&db, Some("Fox and Hounds"))).await;
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let before = db.dump();

    let with = night_with;
    // A name close to a roster's, not said to be new.
    let slip = with(&[("m2_away1", "Gareht")]);
    let browser::Answer { status, page, .. } = lion.post("/my/night/1/enter", &pairs(&slip)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let words = refused_beside(&page, "m2_away1");
    assert!(
        words.contains("Gareht") && words.contains("Gareth"),
        "{words}"
    );
    assert!(
        page.contains("value=\"Gareht\""),
        "the form is kept as typed"
    );
    // Legs that are not a number.
    let bad = with(&[("m4_away_legs", "x")]);
    let browser::Answer { status, page, .. } = lion.post("/my/night/1/enter", &pairs(&bad)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused_beside(&page, "m4_away_legs").contains("not a number"));
    // Too many legs for a best of three.
    let many = with(&[("m5_home_legs", "3")]);
    let browser::Answer { status, page, .. } = lion.post("/my/night/1/enter", &pairs(&many)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused_beside(&page, "m5_home_legs").contains("best of 3"),
        "{page}"
    );
    // In a captain's words: the row names the match, the fault does not name it again.
    assert!(
        !page.contains("don match 5") && !page.contains("Don match 5"),
        "{page}"
    );
    assert!(page.contains("id=\"m5_away_legs\" name=\"m5_away_legs\" value=\"2\" inputmode"));
    // Totals that are not a night's.
    let totals = [
        ("how", "totals"),
        ("totals_home", "5"),
        ("totals_away", "5"),
    ];
    let browser::Answer { status, page, .. } = lion.post("/my/night/1/enter", &totals).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused_beside(&page, "totals_home").contains("add up to 10"),
        "{page}"
    );
    assert!(
        page.contains("<details open>"),
        "the totals' form is shown open"
    );
    // A night of other teams.
    let browser::Answer { status, page, .. } =
        fox.post("/my/night/1/enter", &pairs(&whole_night())).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{page}");
    assert_eq!(fox.get(NIGHT).await.status, StatusCode::FORBIDDEN);
    // The secretary's posts, from a captain.
    let adjust = [
        ("team", "Royal Oak"),
        ("what", "deduct"),
        ("points", "2"),
        ("reason", "late"),
        ("date", "2025-09-04"),
    ];
    assert_eq!(
        lion.post("/my/adjust", &adjust).await.status,
        StatusCode::FORBIDDEN
    );
    let withdraw = [("team", "Royal Oak"), ("date", "2025-09-04")];
    assert_eq!(
        lion.post("/my/withdraw", &withdraw).await.status,
        StatusCode::FORBIDDEN
    );
    let to = [("date", "2025-09-12")];
    assert_eq!(
        lion.post("/my/fixture/1/move", &to).await.status,
        StatusCode::FORBIDDEN
    );
    // No CSRF token.
    let night = whole_night();
    let browser::Answer { status, .. } = lion
        .post_raw("/my/night/1/enter", &pairs(&night), false)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(db.dump(), before, "no refusal changed anything");

    // Confirming one's own entry.
    assert_eq!(
        lion.post("/my/night/1/enter", &pairs(&night)).await.status,
        StatusCode::SEE_OTHER
    );
    let entered = db.dump();
    let browser::Answer { status, page, .. } = lion.post("/my/night/1/confirm", &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        refused_beside(&page, "form").contains("Royal Oak"),
        "{page}"
    );
    // A dispute with no reason.
    let browser::Answer { status, page, .. } =
        oak.post("/my/night/1/dispute", &[("reason", " ")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    refused_beside(&page, "reason");
    assert_eq!(db.dump(), entered);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_captains_entering_at_once_make_one_night_and_one_refusal_and_undo_reverses_it() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let night = whole_night();
    let fields = pairs(&night);
    let (a, b) = tokio::join!(
        lion.post("/my/night/1/enter", &fields),
        oak.post("/my/night/1/enter", &fields)
    );
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::SEE_OTHER, StatusCode::CONFLICT]);
    let refused = if a.status == StatusCode::CONFLICT {
        &a.page
    } else {
        &b.page
    };
    assert!(refused.contains("id=\"form-error\""), "{refused}");
    assert!(
        refused.contains("name=\"m1_home1\" value=\"Dai\""),
        "the form is given back"
    );
    let matches = db.sql("SELECT count(*) FROM matches");
    assert_eq!(matches.trim(), "9");
    let nights = db.sql("SELECT count(*) FROM fixtures WHERE result IS NOT NULL");
    assert_eq!(nights.trim(), "1");

    // `don undo` reverses the web entry, as any other.
    let undone = db.ok(&["undo"]);
    assert!(
        undone.contains("Red Lion v Royal Oak on 2025-09-04: 9 matches"),
        "{undone}"
    );
    let nights = db.sql("SELECT count(*) FROM fixtures WHERE result IS NOT NULL");
    assert_eq!(nights.trim(), "0");
    assert_eq!(db.sql("SELECT count(*) FROM matches").trim(), "0");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_night_entered_in_two_goes_and_the_secretary_enters_a_walkover() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let night = whole_night();
    let (first, rest): (Vec<_>, Vec<_>) = night
        .iter()
        .cloned()
        .partition(|(k, _)| ["m1_", "m2_", "m3_"].iter().any(|p| k.starts_with(p)) || k == "how");
    let browser::Answer { status, .. } = lion.post("/my/night/1/enter", &pairs(&first)).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let browser::Answer { page, .. } = lion.get(NIGHT).await;
    assert!(
        page.contains("being entered by you: not complete yet"),
        "{page}"
    );
    assert!(!page.contains("name=\"m1_home1\"") && page.contains("name=\"m4_home1\""));
    let mut rest = rest;
    rest.push(("how".into(), "matches".into()));
    let browser::Answer { status, .. } = lion.post("/my/night/1/enter", &pairs(&rest)).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let browser::Answer { page, .. } = lion.get(NIGHT).await;
    assert!(
        page.contains("entered by you, waiting for the other captain"),
        "{page}"
    );
    assert!(
        !page.contains("action=\"/my/night/1/enter\""),
        "nothing left to enter"
    );

    // The secretary enters fixture 2 (Royal Oak v Fox and Hounds) for Fox and Hounds.
    let walkover = [("how", "walkover"), ("walkover", "away"), ("for", "away")];
    let browser::Answer { status, to, .. } = secretary.post("/my/night/2/enter", &walkover).await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/night/2?done=entered")
    );
    let browser::Answer { page, .. } = secretary.get(&to).await;
    assert!(
        page.contains("entered for Fox and Hounds, waiting for Royal Oak"),
        "{page}"
    );
    let bad = [("how", "walkover"), ("walkover", "nobody")];
    let browser::Answer { status, page, .. } = secretary.post("/my/night/3/enter", &bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    refused_beside_select(&page, "walkover");
}

/// What the app notes on the way of an entry (a player new to the team's roster put on it) is
/// shown with the one message of the submit, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_an_entry_noted_is_shown_once_with_its_message() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let night: Vec<(String, String)> = whole_night()
        .into_iter()
        .map(|(k, v)| match v.as_str() {
            "Mair" => (k, "Zebedee Quick".to_string()),
            _ => (k, v),
        })
        .collect();
    let browser::Answer { status, to, .. } = lion.post("/my/night/1/enter", &pairs(&night)).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let browser::Answer { page, .. } = lion.get(&to).await;
    let notes = page.find("<ul class=\"notes\">").expect("the notes");
    assert!(
        page[notes..]
            .split("</ul>")
            .next()
            .unwrap()
            .contains("Zebedee Quick"),
        "{page}"
    );
    let browser::Answer { page: again, .. } = lion.get(&to).await;
    assert!(!again.contains("class=\"notes\""), "{again}");
}

/// Words in the front ends: a fixture moved onto another season's dates is refused beside its
/// date in the web's words (a date to choose), never the terminal's `give --season`; the
/// terminal still says its flag.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_into_another_season_is_refused_in_the_web_s_words() {
    let (db, _) = league();
    db.ok(&["season", "new", "Cup", "--teams", "Royal Oak, Red Lion"]);
    db.ok(&[
        "fixtures",
        "add",
        "Royal Oak",
        "Red Lion",
        "2026-03-05",
        "--season",
        "Cup",
    ]);
    let app = browser::serve(&db);
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let before = db.dump();
    let browser::Answer { status, page, .. } = secretary
        .post("/my/fixture/2/move", &[("date", "2026-03-05")])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    let said = refused_beside(&page, "date");
    assert!(
        said.contains("2026-03-05 is not in season 2025-26")
            && said.contains("choose a date within season 2025-26"),
        "{said}"
    );
    assert!(
        !said.contains("--") && !page.contains("give --season"),
        "{said}"
    );
    assert_eq!(db.dump(), before);
    // The terminal keeps its flag.
    let out = db.run(&["fixtures", "move", "2", "2026-03-05"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains(": give --season 'Cup', or a date within 2025-26"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Words in the front ends: the secretary's adjustment with a blank reason is refused beside
/// the reason, not as the terminal's `--reason cannot be blank`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blank_reason_is_refused_beside_the_reason_without_a_flag() {
    let (db, app) = league();
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let before = db.dump();
    let browser::Answer { status, page, .. } = secretary
        .post(
            "/my/adjust",
            &[
                ("team", "Royal Oak"),
                ("what", "award"),
                ("points", "1"),
                ("reason", " "),
                ("date", "2025-09-04"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    let said = refused_beside(&page, "reason");
    assert!(said.contains("the reason cannot be blank"), "{said}");
    assert!(!said.contains("--"), "{said}");
    assert_eq!(db.dump(), before);
}

/// Issue 29 point 15: a name slip in Don 1 and legs 3–0 in Don 2 are both refused on one
/// submit, each beside its field, listed at the top of the page with a link to each, and the
/// first faulty field focused when the page loads; nothing is saved.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fault_of_a_night_is_shown_at_once_the_first_focused() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let before = db.dump();
    let night = night_with(&[
        ("m1_away1", "Gareht"),
        ("m2_home_legs", "3"),
        ("m2_away_legs", "0"),
    ]);
    let browser::Answer { status, page, .. } = lion.post("/my/night/1/enter", &pairs(&night)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let slip = refused_beside(&page, "m1_away1");
    assert!(slip.contains("Gareht") && slip.contains("Gareth"), "{slip}");
    let legs = refused_beside(&page, "m2_home_legs");
    assert!(legs.contains("best of 3"), "{legs}");
    // The list at the top links to each, in the form's order.
    let top = &page[page.find("id=\"refused\"").expect("a list of the faults")..];
    let top = &top[..top.find("</div>").unwrap()];
    let (first, second) = (
        top.find("href=\"#m1_away1\"").expect("the slip listed"),
        top.find("href=\"#m2_home_legs\"").expect("the legs listed"),
    );
    assert!(first < second, "{top}");
    assert!(top.contains("2 things to put right"), "{top}");
    // The first faulty field is focused (and so scrolled to), without JavaScript; only it.
    let input = &page[page.find("id=\"m1_away1\"").unwrap()..];
    assert!(
        input[..input.find('>').unwrap()].contains(" autofocus"),
        "{input}"
    );
    assert_eq!(page.matches(" autofocus").count(), 1, "{page}");
    assert_eq!(db.dump(), before, "nothing saved");

    // Inputs that cannot be read are refused all at once too.
    let bad = night_with(&[("m3_home_legs", "x"), ("m7_away_legs", "")]);
    let browser::Answer { status, page, .. } = lion.post("/my/night/1/enter", &pairs(&bad)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused_beside(&page, "m3_home_legs").contains("not a number"));
    assert!(refused_beside(&page, "m7_away_legs").contains("legs each side won"));
    assert_eq!(db.dump(), before, "nothing saved");

    // An input that cannot be read beside faults of the rows that can: all said at once, the
    // rest checked by the app and nothing kept.
    let mixed = night_with(&[
        ("m1_away1", "Gareht"),
        ("m2_home_legs", "3"),
        ("m2_away_legs", "0"),
        ("m3_home_legs", "x"),
    ]);
    let browser::Answer { status, page, .. } = lion.post("/my/night/1/enter", &pairs(&mixed)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused_beside(&page, "m3_home_legs").contains("not a number"));
    assert!(
        refused_beside(&page, "m2_home_legs").contains("best of 3"),
        "{page}"
    );
    let slip = refused_beside(&page, "m1_away1");
    assert!(slip.contains("Gareht") && slip.contains("Gareth"), "{slip}");
    let top = &page[page.find("id=\"refused\"").expect("a list of the faults")..];
    let top = &top[..top.find("</div>").unwrap()];
    assert!(top.contains("3 things to put right"), "{top}");
    assert_eq!(db.dump(), before, "nothing saved");
    // A name slip alone beside an input that cannot be read: both said.
    let slipped = night_with(&[("m1_away1", "Gareht"), ("m3_home_legs", "x")]);
    let browser::Answer { status, page, .. } =
        lion.post("/my/night/1/enter", &pairs(&slipped)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused_beside(&page, "m3_home_legs").contains("not a number"));
    let slip = refused_beside(&page, "m1_away1");
    assert!(slip.contains("Gareht") && slip.contains("Gareth"), "{slip}");
    assert_eq!(db.dump(), before, "nothing saved");
}

/// What a browser sends for the `<select>` `name` of the first form that has it: the option
/// chosen, else the first.
fn sent_by_select(page: &str, name: &str) -> String {
    let at = page
        .find(&format!("<select id=\"{name}\""))
        .unwrap_or_else(|| panic!("no select {name}: {page}"));
    let select = &page[at..at + page[at..].find("</select>").unwrap()];
    let options: Vec<&str> = select.split("<option ").skip(1).collect();
    let value = |o: &str| o["value=\"".len()..].split('"').next().unwrap().to_string();
    options
        .iter()
        .find(|o| o.split('>').next().unwrap().contains(" selected"))
        .or(options.first())
        .map(|o| value(o))
        .unwrap()
}

/// Night 1 entered whole by Red Lion's captain and disputed by Royal Oak's ("don 2 was 1-2"):
/// the database, and Red Lion's, Royal Oak's and the secretary's browsers.
async fn disputed_night() -> (Db, Browser, Browser, Browser) {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let oak = Browser::sign_in(&app, &token(&db, Some("Royal Oak"))).await;
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    assert_eq!(
        lion.post("/my/night/1/enter", &pairs(&whole_night()))
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let reason = [("reason", "don 2 was 1-2")];
    assert_eq!(
        oak.post("/my/night/1/dispute", &reason).await.status,
        StatusCode::SEE_OTHER
    );
    (db, lion, oak, secretary)
}

/// Issue 29 point 16: the secretary's "For the team" offers and chooses the team that disputed
/// the night, so "Settle: the result stands" as the page first offers it settles it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settling_a_dispute_as_the_page_offers_it_works_first_time() {
    let (_db, _, _, secretary) = disputed_night().await;
    let browser::Answer { page, .. } = secretary.get(NIGHT).await;
    assert_eq!(sent_by_select(&page, "by"), "away", "{page}");
    let select = &page[page.find("<select id=\"by\"").unwrap()..];
    let select = &select[..select.find("</select>").unwrap()];
    assert!(
        !select.contains("Red Lion"),
        "the team that entered it cannot settle it: {select}"
    );
    let by = sent_by_select(&page, "by");
    let browser::Answer { status, to, .. } = secretary
        .post("/my/night/1/confirm", &[("by", by.as_str())])
        .await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/night/1?done=confirmed")
    );
    assert!(secretary.get(NIGHT).await.page.contains("State: confirmed"));
}

/// Issue 29 point 16: the secretary corrects a disputed night on the web (as `night correct`
/// does): the form shows the night as it stands; a captain's post, a post without its CSRF
/// token and a correction refused change nothing; a correction that changes nothing says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_secretary_corrects_a_night_on_the_web_and_no_one_else_can() {
    let (db, lion, _, secretary) = disputed_night().await;
    let browser::Answer { page, .. } = secretary.get(NIGHT).await;
    assert!(
        page.contains("action=\"/my/night/1/correct\"") && page.contains("Correct the night"),
        "{page}"
    );
    assert!(
        page.contains("id=\"m1_home1\" name=\"m1_home1\" value=\"Dai\""),
        "the form shows the night as it stands: {page}"
    );
    assert!(
        !lion.get(NIGHT).await.page.contains("/correct\""),
        "a captain is not offered it"
    );
    let with = |changes: &[(&str, &str)]| {
        let mut fields = night_with(changes);
        fields.push(("correct".into(), "1".into()));
        fields
    };
    // Don 2 was 1–2: Red Lion 4, Royal Oak 5.
    let corrected = with(&[("m2_home_legs", "1"), ("m2_away_legs", "2")]);
    let before = db.dump();
    let browser::Answer { status, .. } = lion.post("/my/night/1/correct", &pairs(&corrected)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only the secretary corrects");
    let browser::Answer { status, .. } = secretary
        .post_raw("/my/night/1/correct", &pairs(&corrected), false)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "no CSRF token");
    let wrong = with(&[("m2_home_legs", "3"), ("m2_away_legs", "0")]);
    let browser::Answer { status, page, .. } =
        secretary.post("/my/night/1/correct", &pairs(&wrong)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused_beside(&page, "m2_home_legs").contains("best of 3"),
        "{page}"
    );
    assert!(page.contains("id=\"m2_home_legs\" name=\"m2_home_legs\" value=\"3\""));
    let browser::Answer { status, page, .. } = secretary
        .post("/my/night/1/correct", &pairs(&with(&[])))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        refused_beside(&page, "form").contains("Nothing to correct"),
        "{page}"
    );
    assert_eq!(db.dump(), before, "nothing changed");

    let browser::Answer { status, to, .. } = secretary
        .post("/my/night/1/correct", &pairs(&corrected))
        .await;
    assert_eq!(
        (status, to.as_str()),
        (StatusCode::SEE_OTHER, "/my/night/1?done=corrected")
    );
    let browser::Answer { page, .. } = secretary.get(&to).await;
    assert!(page.contains("Saved: the night is corrected."), "{page}");
    assert!(page.contains("State: confirmed"), "{page}");
    assert!(page.contains("<span class=\"match\">Don 2</span> <span class=\"legs\">1–2</span>"));
    assert_eq!((points(&db, "Red Lion"), points(&db, "Royal Oak")), (4, 5));
    let log = db.ok(&["log"]);
    assert!(
        log.contains("corrected") && log.contains("secretary (link"),
        "{log}"
    );
}

/// The part of `page` from the heading `h2` to the next heading (or its end).
fn section<'a>(page: &'a str, h2: &str) -> &'a str {
    let at = page
        .find(&format!("<h2>{h2}</h2>"))
        .unwrap_or_else(|| panic!("no {h2}: {page}"));
    let rest = &page[at + 4..];
    &page[at..at + 4 + rest.find("<h2>").unwrap_or(rest.len())]
}

/// Issue 29 point 17: nights past with no result are "Results overdue", first on the
/// secretary's and the captains' pages and on the front page; "Next fixtures" are today's and
/// after only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_overdue_come_first_and_next_fixtures_are_only_to_come() {
    let db = Db::three_teams_with_rosters();
    // Six Thursdays or whichever weekday today is: three weeks ago, two, one, today, +1, +2.
    let today = chrono::Local::now().date_naive();
    let start = today - chrono::Duration::days(21);
    let weekday = chrono::Datelike::weekday(&today).to_string();
    db.fixtures_generate(&start.to_string(), &weekday);
    // Fixture 3 (Fox and Hounds v Red Lion, a week ago) has its result; 1 and 2 have none.
    db.ok(&[
        "night",
        "enter",
        "Fox and Hounds",
        "Red Lion",
        "--totals",
        "5-4",
    ]);
    let app = browser::serve(&db);
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let shown = |d: chrono::NaiveDate| d.format("%a %-d %b %Y").to_string();
    let week = |n: i64| shown(today + chrono::Duration::days(7 * n));

    let browser::Answer { page, .. } = secretary.get("/my/").await;
    let overdue = section(&page, "Results overdue");
    assert!(
        page.find("Results overdue") < page.find("Provisional and disputed"),
        "first of all: {page}"
    );
    assert!(
        overdue.contains("/my/night/1\"") && overdue.contains("/my/night/2\""),
        "{overdue}"
    );
    assert!(!overdue.contains("/my/night/3\""), "it has its result");
    let next = section(&page, "Next fixtures");
    assert!(next.contains(&week(1)) && next.contains(&week(2)), "{next}");
    for past in [-3, -2, -1] {
        assert!(!next.contains(&week(past)), "{past}: {next}");
    }

    let browser::Answer { page, .. } = lion.get("/my/").await;
    let overdue = section(&page, "Results overdue");
    assert!(page.find("Results overdue") < page.find("Waiting for you"));
    assert!(overdue.contains(&week(-3)) && overdue.contains("v Royal Oak (home)"));
    assert!(
        !overdue.contains(&week(-2)),
        "not Red Lion's night: {overdue}"
    );
    let next = section(&page, "Next fixtures");
    assert!(
        next.contains(&week(2)) && !next.contains(&week(-3)),
        "{next}"
    );

    // The published front page: a night before the latest night played is overdue, not next.
    let browser::Answer { page: front, .. } = lion.get("/index.html").await;
    let overdue = section(&front, "Results overdue");
    assert!(
        overdue.contains(&week(-3)) && overdue.contains(&week(-2)),
        "{overdue}"
    );
    let next = section(&front, "Next fixtures");
    assert!(
        !next.contains(&week(-3)) && next.contains(&week(0)),
        "{next}"
    );
}

/// Issue 29 point 26: a night the secretary entered for a team is not "entered by you" on its
/// captain's pages: it says who entered it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_night_the_secretary_entered_is_not_entered_by_the_captain() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let secretary = Browser::sign_in(&app, &token(&db, None)).await;
    let mut night = whole_night();
    night.push(("for".into(), "home".into()));
    assert_eq!(
        secretary
            .post("/my/night/1/enter", &pairs(&night))
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let browser::Answer { page, .. } = lion.get(NIGHT).await;
    assert!(
        page.contains("entered for you by the secretary, waiting for the other captain"),
        "{page}"
    );
    assert!(!page.contains("entered by you"), "{page}");
    let browser::Answer { page, .. } = lion.get("/my/").await;
    assert!(
        page.contains("entered for you by the secretary") && !page.contains("entered by you"),
        "{page}"
    );
    // Fixture 4 (Royal Oak v Red Lion), entered by Red Lion's captain, is theirs.
    // Red Lion away this time: its players on the away side (a player plays for one team).
    let away: Vec<(String, String)> = whole_night()
        .into_iter()
        .map(|(k, v)| {
            let k = k
                .replace("_home", "_x")
                .replace("_away", "_home")
                .replace("_x", "_away");
            (k, v)
        })
        .collect();
    let browser::Answer { to, page, .. } = lion.post("/my/night/4/enter", &pairs(&away)).await;
    assert!(to.contains("done=entered"), "{to}: {page}");
    let browser::Answer { page, .. } = lion.get("/my/night/4").await;
    assert!(page.contains("entered by you, waiting"), "{page}");
}

/// Issue 29 point 21: after a night is saved on the web, its date is as the lists show it, its
/// season's name is never broken at its hyphen, and `don log` names the captain's team once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_night_saved_reads_as_the_site_does_and_the_log_names_the_team_once() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    let browser::Answer { to, .. } = lion.post("/my/night/1/enter", &pairs(&whole_night())).await;
    let browser::Answer { page, .. } = lion.get(&to).await;
    assert!(
        page.contains("<span class=\"date\">Thu 4 Sep 2025</span>, fixture 1, season <span class=\"season\">2025-26</span>"),
        "{page}"
    );
    assert!(!page.contains("2025-09-04"), "{page}");
    let css = include_str!("../crates/site/templates/style.css");
    assert!(css.contains(".season, .night-facts .date { white-space: nowrap; }"));
    let log = db.ok(&["log"]);
    assert!(log.contains("captain of Red Lion (link"), "{log}");
    assert!(!log.contains("(for Red Lion)"), "{log}");
}

/// Issue 29 point 21: what a night saved noted is said in the captain's words, a sentence each
/// beginning with a capital: no "warning:" lines, the matches named as the card names them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_a_night_saved_noted_is_said_in_sentences_not_warning_lines() {
    let (db, app) = league();
    let lion = Browser::sign_in(&app, &token(&db, Some("Red Lion"))).await;
    // Huw plays in Don 1 and Don 2 (allowed: warned of); Zebedee Quick is new to the roster.
    let night: Vec<(String, String)> = whole_night()
        .into_iter()
        .map(|(k, v)| match v.as_str() {
            "Mair" => (k, "Zebedee Quick".to_string()),
            _ => (k, v),
        })
        .collect();
    let browser::Answer { to, .. } = lion.post("/my/night/1/enter", &pairs(&night)).await;
    let browser::Answer { page, .. } = lion.get(&to).await;
    let at = page.find("<ul class=\"notes\">").expect("the notes");
    let notes = &page[at..at + page[at..].find("</ul>").unwrap()];
    assert!(!notes.contains("warning"), "{notes}");
    assert!(
        notes.contains(
            "<li>Huw plays in both Don 1 and Don 2. That is allowed, but check it is right.</li>"
        ),
        "{notes}"
    );
    assert!(
        notes.contains("<li>Zebedee Quick was not on the roster of Red Lion, and now is.</li>"),
        "{notes}"
    );
    for li in notes.split("<li>").skip(1) {
        assert!(li.starts_with(|c: char| c.is_uppercase()), "{li}");
        assert!(li.trim_end_matches("</li>\n").ends_with('.'), "{li}");
    }
}
