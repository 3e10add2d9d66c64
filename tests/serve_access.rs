//! `don serve`, in process: who may act where. A session belongs to its link's league (on
//! another league's server of the same database it is no session); a change is checked against
//! its session inside its own transaction (a link revoked while the request's body was on its
//! way changes nothing); a captain acts only on the current season's fixtures due by today that
//! are not cancelled, never settles a dispute nor reopens a confirmed night; opening a link by
//! GET or HEAD changes nothing (its page's button, posted from the site itself, opens it); a
//! link keeps a bounded number of sessions; a malformed id or query is the site's own page.

use crate::common;
use crate::web;

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes, HttpBody};
use axum::http::{header, Method, StatusCode};
use axum::Router;
use don::app::access::Revoke;
use don::app::league::which::Choice;
use don::web::{router, Shared};
use tokio::sync::oneshot;
use web::*;

use common::db::Db;

const ABERCARN: &str = "Abercarn Crib and Don League";
const VALLEYS: &str = "Valleys League";

/// The server of the league named `league` over `db` (the database may hold others).
fn serve_league(db: &Db, league: &str) -> Router {
    let config = don::web::ServeConfig {
        choice: Choice {
            league: Some(league.into()),
            season: None,
        },
        ..config(db, None)
    };
    router(Arc::new(Shared::open(&config).unwrap()))
}

/// A link of the league named `league`, for `team`'s captain (the secretary's with none).
fn link_in(db: &Db, league: &str, team: Option<&str>) -> String {
    let choice = Choice {
        league: Some(league.into()),
        season: None,
    };
    let (_, token) = app_of(db).link_make(&choice, team).unwrap();
    token.as_str().to_string()
}

/// The sample league, and a second league in the same database.
fn two_leagues() -> Db {
    let db = sample();
    db.league_new(VALLEYS, &[]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--league",
        VALLEYS,
        "--teams",
        "Dragons, Eagles",
        "--create",
    ]);
    db
}

/// Posts `form` with the session's CSRF token.
async fn post_signed(app: &Router, db: &Db, uri: &str, cookie: &str, form: &str) -> Answer {
    let csrf = csrf_of(db, cookie);
    post(app, uri, cookie, &format!("csrf={csrf}&{form}")).await
}

/// A day `days` from today (before it, for a negative number).
fn day(days: i64) -> String {
    (chrono::Local::now().date_naive() + chrono::Duration::days(days)).to_string()
}

/// The number of the fixture of the league's season on `date` (one only).
fn fixture_on(db: &Db, date: &str) -> i64 {
    db.sql(&format!("SELECT id FROM fixtures WHERE date = '{date}'"))
        .trim()
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_is_no_session_on_another_leagues_server() {
    let db = two_leagues();
    let abercarn = serve_league(&db, ABERCARN);
    let valleys = serve_league(&db, VALLEYS);
    // The Valleys secretary's link, opened on the Valleys server: signed in there.
    let token = link_in(&db, VALLEYS, None);
    let cookie = sign_in(&valleys, &token).await;
    let home = get(&valleys, "/my/", &[("cookie", &cookie)]).await;
    assert_eq!(home.status, StatusCode::OK, "{}", home.text());
    assert!(home.text().contains("signed in as the secretary"));

    // The same cookie on Abercarn's server: no session, nothing done.
    let before = db.dump();
    let page = get(&abercarn, "/my/", &[("cookie", &cookie)]).await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", page.text());
    assert!(!page.text().contains("signed in as"), "{}", page.text());
    assert_guarded(&page, "401");
    for (uri, form) in [
        (
            "/my/adjust",
            "team=Royal+Oak&what=deduct&points=50&reason=x&date=2025-09-04",
        ),
        ("/my/withdraw", "team=Red+Lion&date=2026-01-08"),
        (
            "/my/night/1/enter",
            "how=totals&totals_home=9&totals_away=0&for=home",
        ),
        ("/my/night/1/dispute", "by=home&reason=wrong"),
    ] {
        let a = post_signed(&abercarn, &db, uri, &cookie, form).await;
        assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{uri}: {}", a.text());
    }
    // A link of one league is refused on the other's server too.
    assert_eq!(
        open(&abercarn, &token, "10.0.0.9").await.status,
        StatusCode::FORBIDDEN
    );
    // The app says the same: the session is Valleys', and no session of Abercarn's.
    let key = cookie.strip_prefix("don_session=").unwrap();
    let app = app_of(&db);
    let id = |name: &str| {
        let choice = Choice {
            league: Some(name.into()),
            season: None,
        };
        app.league(&choice).unwrap().id
    };
    assert!(app.session_in(id(VALLEYS), key).unwrap().is_some());
    assert!(app.session_in(id(ABERCARN), key).unwrap().is_none());
    drop(app);
    drop((abercarn, valleys));
    assert_eq!(db.dump(), before, "nothing changed");
}

/// A request body that says when it is first read (by then the session has been read from the
/// cookie), and gives its bytes only when told to.
struct HeldBody {
    reading: Option<oneshot::Sender<()>>,
    bytes: oneshot::Receiver<Bytes>,
    given: bool,
}

impl HttpBody for HeldBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        if let Some(reading) = self.reading.take() {
            let _ = reading.send(());
        }
        if self.given {
            return Poll::Ready(None);
        }
        match Pin::new(&mut self.bytes).poll(cx) {
            Poll::Ready(Ok(bytes)) => {
                self.given = true;
                Poll::Ready(Some(Ok(http_body::Frame::data(bytes))))
            }
            Poll::Ready(Err(_)) => Poll::Ready(None),
            Poll::Pending => Poll::Pending,
        }
    }
}

use std::future::Future;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_whose_link_was_revoked_while_its_body_came_is_not_made() {
    let db = sample();
    let (_, app) = server(&db);
    let token = link(&db, None);
    let cookie = sign_in(&app, &token).await;
    let csrf = csrf_of(&db, &cookie);
    let (reading, read) = oneshot::channel();
    let (give, bytes) = oneshot::channel();
    let body = Body::new(HeldBody {
        reading: Some(reading),
        bytes,
        given: false,
    });
    let headers = [
        ("cookie", cookie.as_str()),
        ("content-type", "application/x-www-form-urlencoded"),
    ];
    let asked = request(Method::POST, "/my/adjust", "10.0.0.9", &headers, body);
    let answer = tokio::spawn({
        let app = app.clone();
        async move { send(&app, asked).await }
    });
    // The head is in and its session read: the body is being waited for. The link is revoked
    // now, as `don secretary revoke` does.
    read.await.unwrap();
    app_of(&db)
        .link_revoke(&any_league(), Revoke::Secretary)
        .unwrap();
    let operations = db.sql("SELECT id, command FROM operations ORDER BY id");
    give.send(Bytes::from(format!(
        "csrf={csrf}&team=Royal+Oak&what=deduct&points=50&reason=x&date=2025-09-04"
    )))
    .unwrap();
    let answer = answer.await.unwrap();
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{}", answer.text());
    assert_guarded(&answer, "401");
    assert_eq!(
        db.sql("SELECT id, command FROM operations ORDER BY id"),
        operations,
        "nothing was done after the revocation"
    );
    assert!(operations.trim_end().ends_with("secretary revoke"));
}

#[test]
fn the_app_checks_the_session_again_in_the_changes_transaction() {
    let db = sample();
    let token = link(&db, Some("Royal Oak"));
    let mut app = app_of(&db);
    let league = app.league(&any_league()).unwrap().id;
    let (session, _) = app.sign_in(league, &token).unwrap();
    app.act_in_session(&session);
    // Revoked by another don between the session read and the change.
    app_of(&db)
        .link_revoke(&any_league(), Revoke::Team("Royal Oak"))
        .unwrap();
    let before = db.dump();
    let night = don::app::night::NightRef {
        which: don::app::night::WhichSeason {
            league: None,
            season: None,
        },
        home: "Royal Oak",
        away: "Cwmcarn Hotel",
        date: Some("2025-09-04".parse().unwrap()),
    };
    let refused = app.night_dispute(night, None, "wrong").unwrap_err();
    assert!(
        matches!(
            refused,
            don::app::AppError::Store(don_store::store::StoreError::SessionEnded)
        ),
        "{refused:?}"
    );
    assert_eq!(refused.kind(), don::app::ErrorKind::Forbidden);
    drop(app);
    assert_eq!(db.dump(), before);
}

/// The captain of `team`, signed in on `app`: the cookie.
async fn captain(app: &Router, db: &Db, team: &str) -> String {
    sign_in(app, &link(db, Some(team))).await
}

/// Whether the night's page offers its holder a form posting to `action` (`enter`, `confirm`,
/// `dispute`).
async fn offers(app: &Router, cookie: &str, night: i64, action: &str) -> bool {
    let page = get(app, &format!("/my/night/{night}"), &[("cookie", cookie)]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text());
    page.text()
        .contains(&format!("action=\"/my/night/{night}/{action}\""))
}

/// Posts `form` to the night's `action` as `cookie`'s holder, which must be refused (403) with
/// the database as it was.
async fn refused_unchanged(
    app: &Router,
    db: &Db,
    cookie: &str,
    night: i64,
    action: &str,
    form: &str,
) {
    let before = db.dump();
    let a = post_signed(
        app,
        db,
        &format!("/my/night/{night}/{action}"),
        cookie,
        form,
    )
    .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{action}: {}", a.text());
    assert_guarded(&a, "403");
    assert_eq!(db.dump(), before, "{action} changed the database");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_captain_enters_no_cancelled_night_nor_one_not_yet_due() {
    let db = sample();
    let past = day(-7);
    let ahead = day(42);
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", &past]);
    db.ok(&["fixtures", "add", "Red Lion", "Royal Oak", &ahead]);
    let cancelled = fixture_on(&db, &past);
    let future = fixture_on(&db, &ahead);
    db.ok(&["fixtures", "cancel", &cancelled.to_string()]);
    let (_, app) = server(&db);
    let oak = captain(&app, &db, "Royal Oak").await;
    for night in [cancelled, future] {
        assert!(!offers(&app, &oak, night, "enter").await, "night {night}");
    }
    refused_unchanged(
        &app,
        &db,
        &oak,
        cancelled,
        "enter",
        "how=totals&totals_home=9&totals_away=0",
    )
    .await;
    refused_unchanged(
        &app,
        &db,
        &oak,
        future,
        "enter",
        "how=walkover&walkover=away",
    )
    .await;
    assert!(db.ok(&["fixtures", "list"]).contains("cancelled"));
    // The secretary still may.
    let secretary = sign_in(&app, &link(&db, None)).await;
    assert!(offers(&app, &secretary, future, "enter").await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_captain_reopens_no_night_of_a_past_season() {
    let db = sample();
    // A new season, current now: 2025-26 is over.
    db.ok(&[
        "season",
        "new",
        "2026-27",
        "--teams",
        "Royal Oak, Cwmcarn Hotel",
    ]);
    db.ok(&[
        "fixtures",
        "add",
        "Royal Oak",
        "Cwmcarn Hotel",
        &day(-3),
        "--season",
        "2026-27",
    ]);
    // Fixture 1 of 2025-26, Royal Oak v Cwmcarn Hotel, disputed for Royal Oak by the
    // secretary.
    db.ok(&[
        "night",
        "dispute",
        "Royal Oak",
        "Cwmcarn Hotel",
        "--date",
        "2025-09-04",
        "--season",
        "2025-26",
        "--by",
        "Royal Oak",
        "--reason",
        "don 1 was 2-0",
    ]);
    let (_, app) = server(&db);
    let oak = captain(&app, &db, "Royal Oak").await;
    let cwmcarn = captain(&app, &db, "Cwmcarn Hotel").await;
    assert!(!offers(&app, &cwmcarn, 1, "confirm").await);
    refused_unchanged(&app, &db, &cwmcarn, 1, "confirm", "").await;
    refused_unchanged(&app, &db, &oak, 2, "dispute", "reason=old").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dispute_is_the_secretarys_to_settle_and_a_confirmed_night_to_reopen() {
    let db = sample();
    let (_, app) = server(&db);
    let oak = captain(&app, &db, "Royal Oak").await;
    let cwmcarn = captain(&app, &db, "Cwmcarn Hotel").await;
    // Fixture 1 is confirmed: its page offers no dispute, and its post is refused.
    assert!(!offers(&app, &oak, 1, "dispute").await);
    refused_unchanged(&app, &db, &oak, 1, "dispute", "reason=wrong").await;
    // Disputed for Royal Oak by the secretary: Cwmcarn's captain does not settle it.
    db.ok(&[
        "night",
        "dispute",
        "Royal Oak",
        "Cwmcarn Hotel",
        "--date",
        "2025-09-04",
        "--by",
        "Royal Oak",
        "--reason",
        "don 1 was 2-0",
    ]);
    assert!(!offers(&app, &cwmcarn, 1, "confirm").await);
    refused_unchanged(&app, &db, &cwmcarn, 1, "confirm", "").await;
    refused_unchanged(&app, &db, &oak, 1, "confirm", "").await;
    // The secretary settles it.
    let secretary = sign_in(&app, &link(&db, None)).await;
    let settled = post_signed(&app, &db, "/my/night/1/confirm", &secretary, "").await;
    assert_eq!(settled.status, StatusCode::SEE_OTHER, "{}", settled.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_a_link_by_get_or_head_changes_nothing() {
    let db = sample();
    let (_, app) = server(&db);
    let token = link(&db, Some("Royal Oak"));
    let before = db.dump();
    let uri = format!("/link/{token}");
    for method in [Method::GET, Method::HEAD] {
        let a = send(
            &app,
            request(method.clone(), &uri, "10.0.0.4", &[], Body::empty()),
        )
        .await;
        assert_eq!(a.status, StatusCode::OK, "{method}");
        assert!(a.headers.get(header::SET_COOKIE).is_none(), "{method}");
        assert_eq!(a.header(header::CACHE_CONTROL), "no-store");
        assert_guarded(&a, "the link's page");
        if method == Method::GET {
            let page = a.text();
            assert!(page.contains("the captain of Royal Oak"), "{page}");
            assert!(page.contains("<form method=\"post\""), "{page}");
            assert!(page.contains("id=\"open-link\""), "{page}");
            assert!(!page.contains(&token), "the token on the page");
        }
    }
    assert_eq!(db.dump(), before, "no session, no use noted");
    // A link that is no link is refused on its page already.
    let bad = get(&app, &format!("/link/{}", "0".repeat(64)), &[]).await;
    assert_eq!(bad.status, StatusCode::FORBIDDEN);

    // Its button posted from another site's page: refused, nothing opened.
    for headers in [
        vec![("sec-fetch-site", "cross-site")],
        vec![("sec-fetch-site", "same-site")],
        vec![
            ("origin", "https://evil.example"),
            ("host", "league.example.org"),
        ],
    ] {
        let a = send(
            &app,
            request(Method::POST, &uri, "10.0.0.4", &headers, Body::empty()),
        )
        .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{headers:?}");
        assert!(a.headers.get(header::SET_COOKIE).is_none());
    }
    assert_eq!(db.dump(), before);
    // From the site's own page: a session, and on to /my/.
    let headers = [
        ("sec-fetch-site", "same-origin"),
        ("origin", "http://league.example.org"),
        ("host", "league.example.org"),
    ];
    let a = send(
        &app,
        request(Method::POST, &uri, "10.0.0.4", &headers, Body::empty()),
    )
    .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text());
    assert_eq!(a.header(header::LOCATION), "/my/");
    assert!(a.header(header::SET_COOKIE).starts_with("don_session="));
    assert_eq!(db.sql("SELECT count(*) FROM web_sessions").trim(), "1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_opened_again_and_again_keeps_a_few_sessions() {
    let db = sample();
    let (_, app) = server(&db);
    let token = link(&db, Some("Royal Oak"));
    let mut cookies = Vec::new();
    for _ in 0..30 {
        cookies.push(sign_in(&app, &token).await);
    }
    let kept: usize = db
        .sql("SELECT count(*) FROM web_sessions")
        .trim()
        .parse()
        .unwrap();
    assert_eq!(kept, don_store::store::SESSIONS_PER_LINK);
    // The newest work; the oldest were ended.
    let works = |cookie: String| {
        let app = app.clone();
        async move { get(&app, "/my/", &[("cookie", &cookie)]).await.status }
    };
    let newest = cookies.split_off(30 - don_store::store::SESSIONS_PER_LINK);
    for cookie in newest {
        assert_eq!(works(cookie).await, StatusCode::OK);
    }
    for cookie in cookies {
        assert_eq!(works(cookie).await, StatusCode::UNAUTHORIZED);
    }
    // Another link's sessions are not its.
    let other = sign_in(&app, &link(&db, Some("Red Lion"))).await;
    assert_eq!(works(other).await, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_id_or_query_is_the_sites_own_page() {
    let db = sample();
    let (_, app) = server(&db);
    let secretary = sign_in(&app, &link(&db, None)).await;
    let cookie = [("cookie", secretary.as_str())];
    for uri in [
        "/my/night/%3Cscript%3E",
        "/my/night/99999999999999999999999",
        "/my/night/1x",
    ] {
        let a = get(&app, uri, &cookie).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{uri}");
        assert_guarded(&a, uri);
        let page = a.text();
        assert!(page.contains("<!DOCTYPE html>"), "{uri}: {page}");
        assert!(
            !page.contains("<script>") && !page.contains("i64"),
            "{uri}: {page}"
        );
    }
    // Bytes that are no text, anywhere a route takes a part of its path.
    for uri in [
        "/my/night/%FF",
        "/my/game/%FF",
        "/board/game/%FF",
        "/board/night/%FF",
        "/board/game/%3Cscript%3E",
        "/board/night/1x",
    ] {
        let a = get(&app, uri, &cookie).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{uri}: {}", a.text());
        assert_guarded(&a, uri);
        assert!(a.text().contains("<!DOCTYPE html>"), "{uri}: {}", a.text());
    }
    for uri in ["/my/night/%3Cscript%3E/enter", "/my/fixture/x/move"] {
        let a = post_signed(&app, &db, uri, &secretary, "").await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(!a.text().contains("Cannot parse"), "{uri}");
    }
    for uri in ["/my/?done=a&done=b", "/my/night/1?done=entered&done=x"] {
        let a = get(&app, uri, &cookie).await;
        assert_eq!(a.status, StatusCode::OK, "{uri}: {}", a.text());
        assert!(!a.text().contains("Failed to deserialize"), "{uri}");
    }
    // A head with too many fields: the site's 431 page, with its headers.
    let many: Vec<(String, String)> = (0..80)
        .map(|i| (format!("x-field-{i}"), i.to_string()))
        .collect();
    let many: Vec<(&str, &str)> = many.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    let a = get(&app, "/", &many).await;
    assert_eq!(a.status, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    assert_guarded(&a, "431");
    assert!(a.text().contains("<!DOCTYPE html>"));
    let long = "a".repeat(20 * 1024);
    let a = get(&app, "/", &[("x-long", long.as_str())]).await;
    assert_eq!(a.status, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    assert_guarded(&a, "431");
}

/// The form fields of matches `rows` of an Abercarn night, Royal Oak at home to Red Lion, with
/// `stranger` playing for Red Lion in the first row given.
fn matches_form(rows: std::ops::RangeInclusive<usize>, stranger: &str) -> String {
    let home = [
        "Cadi Vaughan",
        "Delyth Davies",
        "Glyn Williams",
        "Gwilym Prosser",
        "Meinir Evans",
    ];
    let away = [
        "Delyth Vaughan",
        "Eirian Harries",
        "Elin Pritchard",
        "Gethin Hughes",
        "Gwilym Evans",
    ];
    let first = *rows.start();
    let mut fields = vec![
        ("how".to_string(), "matches".to_string()),
        ("new_players".to_string(), stranger.to_string()),
    ];
    for row in rows {
        let i = row - 1;
        let (p, q) = (i % 5, (i + 1) % 5);
        let away_first = if row == first { stranger } else { away[p] };
        fields.push((format!("m{row}_home1"), home[p].into()));
        fields.push((format!("m{row}_away1"), away_first.into()));
        if row <= 6 {
            fields.push((format!("m{row}_home2"), home[q].into()));
            fields.push((format!("m{row}_away2"), away[q].into()));
        }
        fields.push((format!("m{row}_home_legs"), "2".into()));
        fields.push((format!("m{row}_away_legs"), "0".into()));
    }
    fields
        .iter()
        .map(|(k, v)| format!("{k}={}", v.replace(' ', "+")))
        .collect::<Vec<_>>()
        .join("&")
}

/// Whether `player` is on `team`'s roster.
fn on_roster(db: &Db, team: &str, player: &str) -> bool {
    db.sql(&format!(
        "SELECT count(*) FROM rosters r JOIN players p ON p.id = r.player
         JOIN teams t ON t.id = r.team WHERE p.name = '{player}' AND t.name = '{team}'"
    ))
    .trim()
        != "0"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_typed_for_the_other_team_join_its_roster_only_when_it_confirms() {
    let db = sample();
    let date = day(-7);
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", &date]);
    let night = fixture_on(&db, &date);
    let (_, app) = server(&db);
    let oak = captain(&app, &db, "Royal Oak").await;
    let lion = captain(&app, &db, "Red Lion").await;
    let stranger = "Mallory Intruder";
    // Three matches of nine, a stranger named for Red Lion: not on its roster.
    let enter = format!("/my/night/{night}/enter");
    let a = post_signed(&app, &db, &enter, &oak, &matches_form(1..=3, stranger)).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text());
    assert!(
        !on_roster(&db, "Red Lion", stranger),
        "on Red Lion's roster unconfirmed"
    );
    let page = get(&app, &format!("/my/night/{night}"), &[("cookie", &lion)]).await;
    assert!(
        page.text()
            .contains("Named for Red Lion by the captain of Royal Oak"),
        "{}",
        page.text()
    );
    assert!(page.text().contains(stranger));
    // The night complete, and confirmed by Red Lion: the name joins its roster.
    let other = "Mallory Other";
    let a = post_signed(&app, &db, &enter, &oak, &matches_form(4..=9, other)).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text());
    assert!(!on_roster(&db, "Red Lion", other));
    // Complete but unconfirmed, the names are in no table of players and on no player's page:
    // not in Red Lion's figures, not on its public team page.
    let team_page = || async { get(&app, "/team/red-lion.html", &[]).await.text() };
    for name in [stranger, other] {
        assert!(
            !db.ok(&["stats", "--team", "Red Lion"]).contains(name),
            "{name} in the figures unconfirmed"
        );
        assert!(!team_page().await.contains(name), "{name} on the team page");
    }
    let player_page = || async { get(&app, "/player/mallory-intruder.html", &[]).await.status };
    assert_eq!(
        player_page().await,
        StatusCode::NOT_FOUND,
        "a page unconfirmed"
    );
    let confirmed = post_signed(&app, &db, &format!("/my/night/{night}/confirm"), &lion, "").await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.text()
    );
    assert!(on_roster(&db, "Red Lion", stranger));
    assert!(on_roster(&db, "Red Lion", other));
    // Confirmed, they are Red Lion's players, in its figures and on its page.
    for name in [stranger, other] {
        assert!(db.ok(&["stats", "--team", "Red Lion"]).contains(name));
        assert!(
            team_page().await.contains(name),
            "{name} not on the team page"
        );
    }
    assert_eq!(player_page().await, StatusCode::OK);
}

#[test]
fn a_captain_begins_no_game_for_a_cancelled_night_nor_one_of_a_past_season() {
    let db = sample();
    let date = day(-7);
    db.ok(&["fixtures", "add", "Royal Oak", "Red Lion", &date]);
    let cancelled = fixture_on(&db, &date);
    db.ok(&["fixtures", "cancel", &cancelled.to_string()]);
    db.ok(&["season", "new", "2026-27", "--teams", "Royal Oak, Red Lion"]);
    db.ok(&[
        "fixtures",
        "add",
        "Red Lion",
        "Royal Oak",
        &day(-2),
        "--season",
        "2026-27",
    ]);
    let (link, _) = app_of(&db)
        .link_make(&any_league(), Some("Royal Oak"))
        .unwrap();
    let begun = || {
        let record = serde_json::json!({
            "format": "don/1",
            "ruleset": {"variant": "nine-card-don"},
            "seats": {"N": "Cadi Vaughan", "E": "Delyth Vaughan", "S": "Glyn Williams", "W": "Gethin Hughes"},
            "hands": [],
        });
        don::app::game::GameToBegin::new(record, Some(don::rules::Seat::S)).unwrap()
    };
    let before = db.dump();
    let mut app = app_of(&db);
    app.act_as(link.actor());
    // Fixture 1 is Royal Oak's, of 2025-26, now past.
    for night in [cancelled, 1] {
        let refused = app
            .web_game_new(&any_league(), Some(night), begun())
            .unwrap_err();
        assert_eq!(refused.kind(), don::app::ErrorKind::Forbidden, "{refused}");
    }
    drop(app);
    assert_eq!(db.dump(), before);
    // Tonight's night of the current season is theirs to begin a game for.
    let tonight = fixture_on(&db, &day(-2));
    let mut app = app_of(&db);
    app.act_as(link.actor());
    app.web_game_new(&any_league(), Some(tonight), begun())
        .unwrap();
}
