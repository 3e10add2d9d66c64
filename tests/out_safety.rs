//! What don writes for others to open: a link's public address checked before the link is
//! made, CSV cells a spreadsheet would run as formulas written as text (and read back as they
//! were), and manual pages written as `publish` writes pages (never through a link planted
//! where one goes).

mod common;

use common::db::{refused, Db};
use common::text;

#[test]
fn a_base_url_with_a_query_a_fragment_a_password_a_bad_port_or_markup_is_refused_and_no_link_made(
) {
    let db = Db::three_teams();
    let long = format!("https://league.example.org/{}", "a".repeat(100_000));
    for (bad, why) in [
        ("https://league.example.org/?next=x", "query"),
        ("https://league.example.org/#top", "fragment"),
        ("https://user:password@league.example.org", "password"),
        ("https://league.example.org:99999", "port \"99999\""),
        ("https://\"><script>alert(1)</script>", "characters"),
        ("https://league.example.org/\"><script>", "characters"),
        (long.as_str(), "bytes long"),
    ] {
        for args in [
            &["captain", "link", "Royal Oak", "--base-url", bad][..],
            &["secretary", "link", "--base-url", bad][..],
        ] {
            let out = refused(&db, args, 2, "--base-url");
            let err = text(&out.stderr);
            assert!(err.contains(why), "{bad:.60}: {err}");
            // The message stays short, whatever was given.
            assert!(err.len() < 1000, "{} bytes said", err.len());
        }
        let out = db
            .cmd(&["secretary", "link"])
            .env("DON_BASE_URL", bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("DON_BASE_URL"));
    }
    assert_eq!(db.sql("SELECT count(*) FROM links"), "0\n");
    // A port, a path and a trailing slash are fine.
    let out = db.ok(&[
        "captain",
        "link",
        "Royal Oak",
        "--base-url",
        "https://league.example.org:8443/don/",
    ]);
    assert!(
        out.contains("https://league.example.org:8443/don/link/"),
        "{out}"
    );
}
