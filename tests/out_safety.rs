//! What don writes for others to open: a link's public address checked before the link is
//! made, CSV cells a spreadsheet would run as formulas written as text (and read back as they
//! were), and manual pages written as `publish` writes pages (never through a link planted
//! where one goes).

use crate::common;

use common::db::{refused, Db};
use common::text;

#[test]
fn a_base_url_with_a_query_a_fragment_a_password_a_bad_port_or_markup_is_refused_and_no_link_made()
{
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
    assert!(written
        .iter()
        .all(|n| n.starts_with("don") && n.ends_with(".1")));
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::symlink_metadata(dir.join("don-man.1"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
}

/// The files of a folder, by name, with their text.
fn contents(dir: &std::path::Path) -> Vec<(String, String)> {
    names(dir)
        .into_iter()
        .map(|n| {
            let bytes = std::fs::read(dir.join(&n)).unwrap();
            (n, text(&bytes))
        })
        .collect()
}

#[test]
fn names_a_spreadsheet_would_run_are_exported_as_text_and_import_back_exactly() {
    let db = Db::new();
    let file = db.dir().join("typed.csv");
    // Names as captains typed them on the web, read from a results file as they are.
    std::fs::write(
        &file,
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,note\n\
         2025-26,2025-09-04,Royal Oak,@SUM(1)*cmd,don,1,\"=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")+-Dai\",\"=cmd|' /C calc'!A0+'=Huw\",2,1,incomplete\n",
    )
    .unwrap();
    db.ok(&[
        "import",
        file.to_str().unwrap(),
        "--league",
        "Valleys",
        "--create",
    ]);
    db.ok(&[
        "deduct",
        "@SUM(1)*cmd",
        "2",
        "--reason",
        "+cmd|' /C calc'!A0",
        "--date",
        "2025-09-04",
    ]);
    let out = db.dir().join("out");
    db.ok(&[
        "export",
        "--league",
        "Valleys",
        "--out-dir",
        out.to_str().unwrap(),
    ]);
    let first = contents(&out);
    let file_of = |name: &str| {
        first
            .iter()
            .find(|(n, _)| n.ends_with(name))
            .map(|(_, t)| t.clone())
            .unwrap()
    };
    assert_eq!(
        file_of("rosters.csv"),
        "season,team,player\n\
         2025-26,'@SUM(1)*cmd,''=Huw\n\
         2025-26,'@SUM(1)*cmd,'=cmd|' /C calc'!A0\n\
         2025-26,Royal Oak,'-Dai\n\
         2025-26,Royal Oak,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\"\n"
    );
    assert!(file_of("matches.csv").ends_with(
        "\n2025-26,2025-09-04,Royal Oak,'@SUM(1)*cmd,don,1,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")+-Dai\",'=cmd|' /C calc'!A0+'=Huw,2,1,,incomplete\n"
    ));
    // A figure stays a number.
    assert!(file_of("adjustments.csv")
        .ends_with("\n2025-26,2025-09-04,'@SUM(1)*cmd,-2,'+cmd|' /C calc'!A0\n"));
    // No cell of any file begins with what a spreadsheet runs.
    for (name, csv) in &first {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(csv.as_bytes());
        for record in reader.records() {
            for cell in record.unwrap().iter() {
                let number = cell.parse::<f64>().is_ok();
                assert!(
                    number || !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                    "{name}: {cell}"
                );
            }
        }
    }
    // Into an empty database: the same names, and the same files again.
    let again = Db::new();
    let mut args: Vec<String> = vec!["import".into()];
    args.extend(
        names(&out)
            .iter()
            .map(|n| out.join(n).display().to_string()),
    );
    args.extend(["--league".into(), "Valleys".into(), "--create".into()]);
    again.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let players = "SELECT name FROM players ORDER BY name";
    assert_eq!(again.sql(players), db.sql(players));
    assert!(db.sql(players).contains("'=Huw\n"));
    let teams = "SELECT name FROM teams ORDER BY name";
    assert_eq!(again.sql(teams), db.sql(teams));
    let back = again.dir().join("out");
    again.ok(&[
        "export",
        "--league",
        "Valleys",
        "--out-dir",
        back.to_str().unwrap(),
    ]);
    assert_eq!(contents(&back), first);
}
