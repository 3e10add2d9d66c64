//! Private links for captains and the secretary (`don captain …`, `don secretary …`): made and
//! printed once as a full address, never kept but as a hash, listed, revoked, logged and undone;
//! and opened through the app (`App::sign_in`, `App::session`) as the web opens them.

use crate::common;

use common::db::{refused, Db};
use common::text;
use don::app::access::AccessError;
use don::app::{Actor, App, AppError};
use sha2::{Digest, Sha256};

/// The one line of `out` that is a link's address (two spaces, then the address alone), checked
/// as `http(s)://HOST/link/` and 64 hex digits: the address, and its token.
fn address(out: &str) -> (String, String) {
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("/link/")).collect();
    assert_eq!(lines.len(), 1, "one address in {out}");
    let url = lines[0]
        .strip_prefix("  ")
        .unwrap_or_else(|| panic!("not indented two spaces: {:?}", lines[0]));
    assert!(!url.contains(char::is_whitespace), "{url:?}");
    assert!(
        url.starts_with("http://") || url.starts_with("https://"),
        "{url}"
    );
    let (_, token) = url.rsplit_once("/link/").unwrap();
    assert_eq!(token.len(), 64, "{token}");
    assert!(
        token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
        "{token}"
    );
    (url.to_string(), token.to_string())
}

/// Makes a link for `team`'s captain (the secretary's without one): its token.
fn link(db: &Db, team: Option<&str>) -> String {
    let out = match team {
        Some(team) => db.ok(&["captain", "link", team]),
        None => db.ok(&["secretary", "link"]),
    };
    address(&out).1
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The database, as the web opens it.
fn app(db: &Db) -> App {
    let web = Actor {
        name: "web".into(),
        team: None,
        game: None,
        league: None,
    };
    App::open_existing(&db.path, web).unwrap()
}

fn league_id(db: &Db, name: &str) -> i64 {
    db.sql(&format!("SELECT id FROM leagues WHERE name = '{name}'"))
        .trim()
        .parse()
        .unwrap()
}

/// Whether `token` opens a session in the league (Abercarn's, the first).
fn works(db: &Db, token: &str) -> bool {
    match app(db).sign_in(league_id(db, "Abercarn Crib and Don League"), token) {
        Ok(_) => true,
        Err(AppError::Access(AccessError::BadLink)) => false,
        Err(e) => panic!("signing in: {e}"),
    }
}

/// `don captain list`'s rows, the table's borders left out: each row's cells.
fn rows(db: &Db) -> Vec<Vec<String>> {
    db.ok(&["captain", "list"])
        .lines()
        .filter(|l| l.starts_with('│') && !l.contains("Last used"))
        .map(|l| {
            l.trim_matches('│')
                .split('┆')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn a_captains_link_is_printed_once_as_a_full_address_and_only_its_hash_is_kept() {
    let db = Db::three_teams();
    let out = db
        .cmd(&["captain", "link", "royal oak"])
        .env_remove("DON_BASE_URL")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = text(&out.stdout);
    let (url, token) = address(&out);
    assert_eq!(url, format!("http://127.0.0.1:8080/link/{token}"));
    for said in [
        "the captain of Royal Oak",
        "shown only this once",
        "Whoever holds it can act for Royal Oak",
        "`don captain revoke 'Royal Oak'`",
        "`don captain revoke --link 1`",
    ] {
        assert!(out.contains(said), "{said:?} in {out}");
    }
    let dump = db.dump();
    assert!(!dump.contains(&token), "the token is in the database");
    assert!(dump.contains(&sha256(&token)), "its hash is not");
    assert!(works(&db, &token));
}

#[test]
fn two_links_for_one_team_both_work_and_are_both_listed() {
    let db = Db::three_teams();
    let (one, two) = (link(&db, Some("Royal Oak")), link(&db, Some("Royal Oak")));
    assert_ne!(one, two);
    assert!(works(&db, &one) && works(&db, &two));
    let rows = rows(&db);
    assert_eq!(rows.len(), 2, "{rows:?}");
    for (row, n) in rows.iter().zip(["1", "2"]) {
        assert_eq!(row[0], n);
        assert_eq!(row[1], "Royal Oak");
        // Signing in just now used each.
        assert_ne!(row[3], "never");
        assert_eq!(row[4], "working");
    }
    let json: serde_json::Value =
        serde_json::from_str(&db.ok(&["captain", "list", "--json"])).unwrap();
    assert_eq!(json[1]["link"], 2);
    assert_eq!(json[1]["for"], "Royal Oak");
    assert_eq!(json[1]["revoked"], serde_json::Value::Null);
}

#[test]
fn a_link_never_used_says_never() {
    let db = Db::three_teams();
    link(&db, Some("Red Lion"));
    let rows = rows(&db);
    assert_eq!(rows[0][1..], ["Red Lion", &rows[0][2], "never", "working"]);
}

#[test]
fn revoking_a_team_ends_all_its_links_and_the_list_shows_them_revoked() {
    let db = Db::three_teams();
    let (one, two) = (link(&db, Some("Royal Oak")), link(&db, Some("Royal Oak")));
    let other = link(&db, Some("Red Lion"));
    let out = db.ok(&["captain", "revoke", "Royal Oak"]);
    assert!(
        out.contains("Revoked link 1") && out.contains("Revoked link 2"),
        "{out}"
    );
    assert!(!works(&db, &one) && !works(&db, &two));
    assert!(works(&db, &other));
    let rows = rows(&db);
    assert!(rows[0][4].starts_with("revoked on 20"), "{rows:?}");
    assert!(rows[1][4].starts_with("revoked on 20"), "{rows:?}");
    assert_eq!(rows[2][4], "working");
    // Nothing left to revoke.
    refused(
        &db,
        &["captain", "revoke", "Royal Oak"],
        2,
        "Royal Oak has no link to revoke",
    );
}

#[test]
fn revoking_one_link_by_its_number_leaves_the_others() {
    let db = Db::three_teams();
    let (one, two) = (link(&db, Some("Royal Oak")), link(&db, Some("Royal Oak")));
    db.ok(&["captain", "revoke", "--link", "1"]);
    assert!(!works(&db, &one));
    assert!(works(&db, &two));
    refused(
        &db,
        &["captain", "revoke", "--link", "1"],
        2,
        "link 1 was revoked already",
    );
    refused(&db, &["captain", "revoke", "--link", "9"], 2, "no link 9");
}

#[test]
fn an_unknown_team_is_refused_with_the_nearest_name_and_nothing_changed() {
    let db = Db::three_teams();
    for args in [
        &["captain", "link", "Royal Oke"][..],
        &["captain", "revoke", "Royal Oke"],
    ] {
        refused(&db, args, 2, "did you mean 'Royal Oak'?");
    }
    refused(
        &db,
        &["secretary", "revoke"],
        2,
        "the secretary has no link to revoke",
    );
}

#[test]
fn making_and_revoking_are_in_the_log_and_undone() {
    let db = Db::three_teams();
    let token = link(&db, Some("Royal Oak"));
    let log = db.ok(&["log", "--limit", "1"]);
    assert!(log.contains("captain link"), "{log}");
    assert!(log.contains("the captain of Royal Oak"), "{log}");
    db.ok(&["captain", "revoke", "Royal Oak"]);
    assert!(db.ok(&["log", "--limit", "1"]).contains("captain revoke"));
    // Undoing the revoke makes the link work again.
    db.ok(&["undo"]);
    assert!(works(&db, &token));
    assert_eq!(rows(&db)[0][4], "working");
    // Undoing that undo revokes it again.
    db.ok(&["undo"]);
    assert!(!works(&db, &token));
    assert!(rows(&db)[0][4].starts_with("revoked on "));
}

#[test]
fn undoing_the_making_of_a_link_takes_it_away_and_redoing_brings_it_back() {
    let db = Db::three_teams();
    let token = link(&db, Some("Royal Oak"));
    assert!(works(&db, &token)); // used: a row of link_uses goes with it
    db.ok(&["undo"]);
    assert!(!works(&db, &token));
    assert!(db.ok(&["captain", "list"]).starts_with("No links yet"));
    db.ok(&["undo"]);
    assert!(works(&db, &token));
    assert_eq!(rows(&db).len(), 1);
    // Its number is never given again, even once its making is undone: the log's "link 1" is
    // one link.
    db.ok(&["undo"]);
    let out = db.ok(&["captain", "link", "Red Lion"]);
    assert!(out.starts_with("Link 2 made"), "{out}");
}

#[test]
fn the_secretary_has_a_link_of_their_own() {
    let db = Db::three_teams();
    let out = db.ok(&["secretary", "link"]);
    assert!(
        out.contains("Whoever holds it can act as the secretary"),
        "{out}"
    );
    assert!(out.contains("`don secretary revoke`"), "{out}");
    let (_, token) = address(&out);
    let league = league_id(&db, "Abercarn Crib and Don League");
    let (session, _) = app(&db).sign_in(league, &token).unwrap();
    assert!(session.is_secretary());
    assert_eq!(session.team(), None);
    assert_eq!(rows(&db)[0][1], "secretary");
    assert!(db.ok(&["log", "--limit", "1"]).contains("secretary link"));
    db.ok(&["secretary", "revoke"]);
    assert!(!works(&db, &token));
    assert!(db.ok(&["log", "--limit", "1"]).contains("secretary revoke"));
}

#[test]
fn the_base_url_comes_from_the_flag_else_don_base_url() {
    let db = Db::three_teams();
    let from_env = |args: &[&str], env: &str| {
        let out = db.cmd(args).env("DON_BASE_URL", env).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        address(&text(&out.stdout)).0
    };
    let url = from_env(
        &["captain", "link", "Red Lion"],
        "https://league.example.org/",
    );
    assert!(url.starts_with("https://league.example.org/link/"), "{url}");
    let url = from_env(
        &["secretary", "link", "--base-url", "http://pub.example:8000"],
        "https://league.example.org",
    );
    assert!(url.starts_with("http://pub.example:8000/link/"), "{url}");
    // Plain http:// to another machine is warned of; to this one, or https://, not.
    let warned = |base: &str| {
        let out = db.run(&["captain", "link", "Red Lion", "--base-url", base]);
        assert!(out.status.success());
        text(&out.stderr).contains("unencrypted")
    };
    assert!(warned("http://league.example.org"));
    assert!(!warned("https://league.example.org"));
    assert!(!warned("http://127.0.0.1:8080"));
}

#[test]
fn a_base_url_that_is_not_http_or_https_is_refused_and_nothing_made() {
    let db = Db::three_teams();
    for bad in ["league.example.org", "ftp://league.example.org", "https://"] {
        refused(
            &db,
            &["captain", "link", "Royal Oak", "--base-url", bad],
            2,
            "is not a web address",
        );
    }
    let before = db.dump();
    let out = db
        .cmd(&["secretary", "link"])
        .env("DON_BASE_URL", "javascript:alert(1)")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("DON_BASE_URL"));
    assert_eq!(before, db.dump());
}

#[test]
fn a_database_of_version_7_is_brought_up_to_date_by_making_a_link() {
    let db = Db::three_teams();
    db.set_back_to_version(7);
    let tables =
        "SELECT count(*) FROM sqlite_master WHERE name IN ('links', 'link_uses', 'web_sessions')";
    assert_eq!(db.sql(tables), "0\n");
    // Listing only reads: it works on the old database and leaves it as it was.
    let before = db.dump();
    assert!(db.ok(&["captain", "list"]).starts_with("No links yet"));
    assert_eq!(before, db.dump());
    let token = link(&db, Some("Royal Oak"));
    assert_eq!(
        db.sql("PRAGMA user_version"),
        common::latest_schema_version()
    );
    assert_eq!(db.sql(tables), "3\n");
    assert!(works(&db, &token));
}

#[test]
fn a_revoked_a_wrong_a_malformed_or_another_leagues_token_is_a_bad_link() {
    let db = Db::three_teams();
    db.league_new("Valleys League", &[]);
    db.ok(&[
        "season",
        "new",
        "2025-26",
        "--league",
        "Valleys League",
        "--teams",
        "Plough, Bell",
        "--create",
    ]);
    let ours = "Abercarn Crib and Don League";
    let revoked = address(&db.ok(&["captain", "link", "Royal Oak", "--league", ours])).1;
    db.ok(&["captain", "revoke", "Royal Oak", "--league", ours]);
    let theirs = address(&db.ok(&["captain", "link", "Plough", "--league", "Valleys League"])).1;
    let wrong = sha256("a guess");
    let before = db.dump();
    for token in [
        revoked.as_str(),
        &wrong,
        &theirs,
        &theirs.to_uppercase(),
        "",
        "abc",
        &format!("{}g", &wrong[..63]),
        &format!("{wrong}0"),
        &format!("../{}", &wrong[3..]),
    ] {
        let got = app(&db).sign_in(league_id(&db, ours), token);
        assert!(
            matches!(got, Err(AppError::Access(AccessError::BadLink))),
            "{token:?}: {got:?}"
        );
    }
    assert_eq!(before, db.dump(), "a bad link changed the database");
    // Its own league's link works in its own league.
    assert!(app(&db)
        .sign_in(league_id(&db, "Valleys League"), &theirs)
        .is_ok());
}

#[test]
fn a_session_ends_when_its_link_is_revoked_and_stays_ended_when_the_revoke_is_undone() {
    let db = Db::three_teams();
    let token = link(&db, Some("Royal Oak"));
    let league = league_id(&db, "Abercarn Crib and Don League");
    let (session, key) = app(&db).sign_in(league, &token).unwrap();
    assert_eq!(session.link.actor().name, "captain of Royal Oak (link 1)");
    let again = app(&db).session(key.as_str()).unwrap().expect("a session");
    assert_eq!(again.csrf, session.csrf);
    assert!(
        !db.dump().contains(key.as_str()),
        "the session's key is kept"
    );
    db.ok(&["captain", "revoke", "--link", "1"]);
    assert_eq!(app(&db).session(key.as_str()).unwrap(), None);
    db.ok(&["undo"]);
    assert_eq!(app(&db).session(key.as_str()).unwrap(), None);
    assert!(works(&db, &token));
    assert_eq!(app(&db).session("not a key").unwrap(), None);
}
