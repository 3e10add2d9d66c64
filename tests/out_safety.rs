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

/// The names in a folder, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn man_out_never_writes_through_a_link_planted_in_its_folder_and_names_the_page() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("man1");
    std::fs::create_dir(&dir).unwrap();
    // A file outside the folder, and a link to it where a page goes.
    let outside = tmp.path().join("precious.txt");
    std::fs::write(&outside, "mine").unwrap();
    let page = dir.join("don-backup.1");
    std::os::unix::fs::symlink(&outside, &page).unwrap();
    let out = common::run_don(&["man", "--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "don: error: {} is a symbolic link where `don man` writes a file of the set\n",
            page.display()
        )),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "mine");
    // All or none: no page was written beside the link.
    assert_eq!(names(&dir), ["don-backup.1"]);

    // A link to a folder where a page goes: the page is named, and the folder left as it was.
    std::fs::remove_file(&page).unwrap();
    let elsewhere = tmp.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let page = dir.join("don-man.1");
    std::os::unix::fs::symlink(&elsewhere, &page).unwrap();
    let out = common::run_don(&["man", "--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("{} is a symbolic link", page.display())),
        "{err}"
    );
    assert_eq!(names(&elsewhere), Vec::<String>::new());
    assert_eq!(names(&dir), ["don-man.1"]);

    // Without the link, every page is written, as plain files readable by everyone.
    std::fs::remove_file(&page).unwrap();
    let out = common::run_don(&["man", "--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = names(&dir);
    assert!(written.len() > 40, "{written:?}");
    assert!(written.iter().all(|n| n.starts_with("don") && n.ends_with(".1")));
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::symlink_metadata(dir.join("don-man.1"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
}
