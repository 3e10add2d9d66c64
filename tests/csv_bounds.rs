//! What a results CSV may cost: a name, a cell and a row are bounded (a stream that never ends
//! a row is refused at the bound, never read to its end), what is not a file or a pipe is
//! refused by name before anything is read, and a large nights file imports whole (its time
//! is the import benchmark's: `cargo bench --bench import`).

use crate::common;

use std::io::Read;

use common::db::Db;
use common::text;
use don::record::results::{read_results, MAX_CELL_BYTES, MAX_NAME_CHARS, MAX_ROW_BYTES};

const NIGHTS: &str = "season,date,home,away,home_points,away_points,note\n";
const ROSTERS: &str = "season,team,player\n";

/// The faults of a file as they are shown.
fn faults(input: impl Read) -> Vec<String> {
    match read_results(input) {
        Ok(file) => panic!("read without a fault: {:?}", file.header),
        Err(errors) => errors.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn the_bounds_are_a_hundred_characters_a_name_4_kib_a_cell_and_64_kib_a_row() {
    assert_eq!(MAX_NAME_CHARS, 100);
    assert_eq!(MAX_CELL_BYTES, 4096);
    assert_eq!(MAX_ROW_BYTES, 65536);
}

#[test]
fn a_name_of_more_than_a_hundred_characters_is_refused_in_its_cell() {
    let long = "R".repeat(101);
    let just = "Q".repeat(100);
    let file = format!("{ROSTERS}2025-26,{long},Bryn Davies\n2025-26,{just},Bryn Davies\n");
    assert_eq!(
        faults(file.as_bytes()),
        ["line 2, column 2 (team): a name of 101 characters: a name may have at most 100"]
    );
    // A player of a pair too (characters, not bytes: 101 of two bytes each).
    let file = format!(
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n\
         2025-26,2025-09-04,Royal Oak,Red Lion,don,1,Dai+{},Huw+Rhys,2,0,\n",
        "é".repeat(101)
    );
    assert_eq!(
        faults(file.as_bytes()),
        ["line 2, column 7 (home_players): a name of 101 characters: a name may have at most 100"]
    );
}

#[test]
fn a_cell_of_more_than_4_kib_is_refused_by_its_column() {
    let reason = "x".repeat(4097);
    let file =
        format!("season,date,team,adjustment,reason\n2025-26,2025-11-20,Red Lion,-2,{reason}\n");
    assert_eq!(
        faults(file.as_bytes()),
        ["line 2, column 5 (reason): a cell of 4097 bytes: a cell may hold at most 4 KiB"]
    );
}

#[test]
fn a_row_that_never_ends_is_refused_at_64_kib_not_read_to_its_end() {
    // An endless stream (as /dev/zero is): read no further than the bound, and the fault
    // names the line the row began on.
    let endless = NIGHTS.as_bytes().chain(std::io::repeat(0));
    assert_eq!(
        faults(endless),
        ["line 2: the row is longer than 64 KiB, the most a row may take (is it a results file?)"]
    );
    // A header that never ends.
    assert_eq!(
        faults(std::io::repeat(b'a')),
        ["line 1: the row is longer than 64 KiB, the most a row may take (is it a results file?)"]
    );
    // A quote opened on line 3 and never closed, in an endless stream: the quote is named.
    let quoted = format!("{NIGHTS}2025-26,2025-09-04,Royal Oak,Red Lion,3,6,\n2025-26,\"2025");
    let endless = quoted.as_bytes().chain(std::io::repeat(b'\n'));
    assert_eq!(
        faults(endless),
        ["line 3: the quote (\") opening a cell on line 3 is never closed: more than 64 KiB of the file after it would be that one cell; close the quote, or double a quote inside a cell (\"\")"]
    );
}

#[test]
fn a_cell_of_4_kib_with_line_breaks_in_its_quotes_is_read() {
    let reason = format!("{}\n{}", "a".repeat(2000), "b".repeat(2095));
    assert_eq!(reason.len(), 4096);
    let file = format!(
        "season,date,team,adjustment,reason\n2025-26,2025-11-20,Red Lion,-2,\"{reason}\"\n2025-26,2025-11-27,Royal Oak,+1,a walkover refused\n"
    );
    let read = read_results(file.as_bytes()).unwrap();
    match read.rows {
        don::record::results::Rows::Adjustments(rows) => {
            assert_eq!(rows.len(), 2);
            assert_eq!(rows[0].reason.len(), 4096);
            assert_eq!(rows[1].line, 4);
        }
        other => panic!("{other:?}"),
    }
}

fn league() -> Db {
    let db = Db::new();
    db.league_new("Abercarn", &[]);
    db
}

#[test]
fn a_csv_link_to_a_device_or_a_folder_is_refused_by_name_and_nothing_changes() {
    let db = league();
    let before = db.dump();
    let link = db.dir().join("results.csv");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let out = db.run(&["import", link.to_str().unwrap(), "--league", "Abercarn"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: cannot read {} (a link to /dev/zero): it is a device, not a file or a pipe\n",
            link.display()
        )
    );
    let folder = db.dir().join("folder.csv");
    std::fs::create_dir(&folder).unwrap();
    let out = db.run(&["import", folder.to_str().unwrap(), "--league", "Abercarn"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!(
            "don: error: cannot read {}: it is a folder, not a file or a pipe\n",
            folder.display()
        )
    );
    // Game records likewise: /dev/zero is not read for ever.
    let out = db.run(&["import", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "don: error: cannot read /dev/zero: it is a device, not a file or a pipe\n"
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn a_pipe_the_user_names_is_read() {
    let db = league();
    let fifo = db.dir().join("nights.csv");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            std::fs::write(
                fifo,
                format!("{NIGHTS}2025-26,2025-09-04,Royal Oak,Red Lion,3,6,\n"),
            )
            .unwrap()
        })
    };
    let out = db.ok(&[
        "import",
        fifo.to_str().unwrap(),
        "--league",
        "Abercarn",
        "--create",
    ]);
    writer.join().unwrap();
    assert_eq!(
        out,
        "Imported Abercarn: 1 night; new season 2025-26; 2 new teams.\n"
    );
}

#[test]
fn a_team_name_of_300_kib_is_refused_and_nothing_is_stored() {
    let db = league();
    let before = db.dump();
    let file = db.dir().join("nights.csv");
    let long = "R".repeat(300 << 10);
    std::fs::write(
        &file,
        format!("{NIGHTS}2025-26,2025-09-04,{long},Red Lion,3,6,\n"),
    )
    .unwrap();
    let out = db.run(&[
        "import",
        file.to_str().unwrap(),
        "--league",
        "Abercarn",
        "--create",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "nights.csv, line 2: the row is longer than 64 KiB, the most a row may take (is it a results file?)\nNothing imported: 1 error.\n"
            .replace("nights.csv", &file.display().to_string())
    );
    assert_eq!(db.dump(), before);
}

/// Nights of `seasons` seasons of twelve teams (every pairing home and away, six a day), the
/// home side's points going round 0 to 9.
fn many_nights(seasons: usize) -> (String, usize) {
    let teams = [
        "Royal Oak",
        "Red Lion",
        "Coach and Horses",
        "Crumlin Arms",
        "Abercarn Inn",
        "Navigation Inn",
        "Halfway House",
        "Prince of Wales",
        "Miners' Arms",
        "Greyhound",
        "Commercial",
        "Cwmcarn Hotel",
    ];
    let mut out = String::from(NIGHTS);
    let mut n = 0;
    for s in 0..seasons {
        let start = chrono::NaiveDate::from_ymd_opt(2000 + s as i32, 9, 1).unwrap();
        let pairs = (0..12).flat_map(|h| (0..12).filter(move |a| *a != h).map(move |a| (h, a)));
        for (k, (h, a)) in pairs.enumerate() {
            // One night a day: a team plays one fixture a date.
            let date = start + chrono::Duration::days(k as i64);
            let home = (n * 7) % 10;
            out.push_str(&format!(
                "{}-{:02},{date},{},{},{home},{},\n",
                2000 + s,
                (2001 + s) % 100,
                teams[h],
                teams[a],
                9 - home
            ));
            n += 1;
        }
    }
    (out, n)
}

#[test]
fn a_large_nights_file_imports_whole_and_a_night_given_twice_in_it_is_found() {
    let db = league();
    let (csv, n) = many_nights(20);
    assert_eq!(n, 2640);
    let file = db.dir().join("nights.csv");
    std::fs::write(&file, &csv).unwrap();
    let out = db.ok(&[
        "import",
        file.to_str().unwrap(),
        "--league",
        "Abercarn",
        "--create",
    ]);
    assert!(
        out.starts_with("Imported Abercarn: 2640 nights; new seasons 2000-01, 2001-02,"),
        "{out}"
    );
    assert_eq!(db.sql("SELECT count(*) FROM fixtures"), "2640\n");
    assert_eq!(db.sql("SELECT count(*) FROM seasons"), "20\n");
    assert_eq!(
        db.sql("SELECT sum(home_points), sum(away_points) FROM fixtures"),
        format!(
            "{}|{}\n",
            (0..n).map(|i| (i * 7) % 10).sum::<usize>(),
            (0..n).map(|i| 9 - (i * 7) % 10).sum::<usize>()
        )
    );
    // Imported again: all there already.
    assert_eq!(
        db.ok(&["import", file.to_str().unwrap(), "--league", "Abercarn"]),
        "Nothing to import: all 2640 already there.\n"
    );
    // The first night given again at the end of a file as large: found, with its first line.
    let twice = db.dir().join("twice.csv");
    let (more, _) = many_nights(21);
    let first = more.lines().nth(1).unwrap().to_string();
    std::fs::write(&twice, format!("{more}{first}\n")).unwrap();
    let before = db.dump();
    let out = db.run(&[
        "import",
        twice.to_str().unwrap(),
        "--league",
        "Abercarn",
        "--create",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(
        said.contains(
            "line 2774: Royal Oak v Red Lion on 2000-09-01 is given twice (first at line 2)"
        ),
        "{said}"
    );
    assert_eq!(db.dump(), before);
}

#[test]
fn an_adjustment_of_99999_points_either_way_is_read() {
    let file = "season,date,team,adjustment,reason\n\
                2025-26,2025-11-20,Red Lion,-99999,a\n\
                2025-26,2025-11-20,Red Lion,+99999,b\n";
    match read_results(file.as_bytes()).unwrap().rows {
        don::record::results::Rows::Adjustments(rows) => assert_eq!(
            rows.iter().map(|r| r.change.clone()).collect::<Vec<_>>(),
            [
                don::record::results::AdjustmentChange::Points(-99999),
                don::record::results::AdjustmentChange::Points(99999)
            ]
        ),
        other => panic!("{other:?}"),
    }
}
