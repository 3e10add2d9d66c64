//! The scorer's page of `don serve` in a real browser (Debian's chromium at 360 px, driven by
//! `tests/browser/table-flow.mjs` through playwright-core): a league's database with games
//! begun by `don new` and given scorers' links (`don scorer link N`), served by `don serve
//! --listen 127.0.0.1:0`; a whole Nine Card Don game typed, the same game tapped on the card
//! pad and a whole Phat game tapped, each from its record in `examples/`, end as `don check
//! --json` says the record ends; a trick takes at most 5 taps plus Send when it follows suit,
//! and at most 12 keystrokes plus Enter typed, one round trip and no reload. On another game,
//! every kind of line from the page: the pitcher's button, a refused trick (the reason beside
//! the entry, the line kept, nothing recorded), undo, a reload in the middle of a trick with
//! nothing lost, two pages on one game (the second's entry for a trick already taken refused
//! with "someone else entered this trick; here is the game now"), a page with JavaScript off,
//! a penalty, an abandoned deal, a hand's totals, a concession: the game the database holds is
//! the game the same lines give `don play`. The live board shows an entry within 2 s. No page
//! is wider than the window.
//!
//! And (`tests/browser/phone-fit.mjs`, issue 29) a hand in play fits a phone's first screen at
//! 360 x 640 in Nine Card Don, Irish Don and Phat: each score once and large, little text above
//! the box, the box, the whole pad and Send in view.
//!
//! Run as tests/browser.rs's are (see tests/browser/harness.rs): skipped, saying so, without
//! the browser, failed under `CI`. `UPDATE_SCREENSHOT=1` copies the picture of a hand in play into
//! `docs/scorer-phone.png` for the README.

use crate::browser::harness;
use crate::common;

use std::path::Path;

use serde_json::{json, Value};

use common::db::Db;
use common::records::{checked, new_args, records, scores};
use common::text;
use harness::{browser, png_width, root, run_script, Server};

/// The first record of an example file.
fn record(file: &str) -> Value {
    records(file).remove(0)
}

/// A new game in the database for a record's ruleset and seats: its number.
fn begin(db: &Db, record: &Value) -> i64 {
    let args = new_args(record);
    let said = db.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let number = said
        .strip_prefix("Game ")
        .and_then(|s| s.split(':').next())
        .and_then(|n| n.parse().ok());
    number.unwrap_or_else(|| panic!("don new said {said}"))
}

/// The address a `don … link` command printed on its own line.
fn address(out: &str, base: &str) -> String {
    let prefix = format!("  {base}/link/");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.strip_prefix(&prefix).is_some_and(|token| {
                token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
            })
        })
        .collect();
    assert_eq!(lines.len(), 1, "one address on its own line: {out}");
    lines[0].trim().to_string()
}

fn scorer_link(db: &Db, game: i64, base: &str) -> String {
    address(
        &db.ok(&["scorer", "link", &game.to_string(), "--base-url", base]),
        base,
    )
}

/// A record's hands for the script: each hand's pitcher and its tricks.
fn hands(record: &Value) -> Value {
    record["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| json!({"pitcher": h["pitcher"], "tricks": h["tricks"]}))
        .collect()
}

/// The message the server gives an entry from a page another has overtaken.
const OVERTAKEN: &str = "someone else entered this trick; here is the game now";

#[test]
fn games_scored_on_a_phone() {
    let Some(_browser) = browser() else {
        return;
    };
    let db = Db::three_teams_with_rosters();
    let nine = record("examples/nine-card-don.json");
    let phat = record("examples/phat.json");
    let typed = begin(&db, &nine);
    let tapped = begin(&db, &nine);
    let phat_game = begin(&db, &phat);
    let other = begin(&db, &nine);
    let server = Server::start(&db);
    let base = server.base.clone();
    let secretary = address(&db.ok(&["secretary", "link", "--base-url", &base]), &base);
    // In the target folder, kept after a failure with the page it stopped at (failed.html).
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("table-flow");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).unwrap();
    // The table's game: the first hand of the Nine Card Don record, S pitching.
    let first = &nine["hands"][0];
    let tricks: Vec<String> = first["tricks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_lowercase())
        .collect();
    // The first trick with its second card the first's again: refused.
    let cards: Vec<&str> = tricks[0].split(' ').collect();
    let refused = format!("{} {} {} {}", cards[0], cards[0], cards[2], cards[3]);
    let plan = json!({
        "base": base,
        "shots": shots,
        "games": [
            {"name": "nine-card-don typed", "how": "typed", "game": typed,
             "link": scorer_link(&db, typed, &base), "hands": hands(&nine)},
            {"name": "nine-card-don tapped", "how": "tapped", "game": tapped,
             "link": scorer_link(&db, tapped, &base), "hands": hands(&nine)},
            {"name": "phat tapped", "how": "tapped", "game": phat_game,
             "link": scorer_link(&db, phat_game, &base), "hands": hands(&phat)},
        ],
        "table": {
            "game": other,
            "link": scorer_link(&db, other, &base),
            // A second phone: a second scorer's link to the same game; a third, the secretary.
            "second": scorer_link(&db, other, &base),
            "third": secretary,
            "captain": address(&db.ok(&["captain", "link", "Royal Oak", "--base-url", &base]), &base),
            "pitcher": first["pitcher"],
            "refused": refused,
            "tricks": tricks,
            "penalty": {"side": "EW", "what": "out-of-turn"},
            "totals": {"points": {"NS": 23, "EW": 12}, "awards": {"game": "NS"}},
            "concede": "EW",
        },
    });
    let report = run_script("table-flow.mjs", &plan, &shots);
    assert_eq!(
        report["error"],
        Value::Null,
        "the script stopped (its report, failed.html and failed.png in {})",
        shots.display()
    );

    // The whole games: as their records say.
    let games = report["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "{report}");
    for (game, (number, record)) in
        games
            .iter()
            .zip([(typed, &nine), (tapped, &nine), (phat_game, &phat)])
    {
        let name = &game["name"];
        assert_eq!(game["opened"], 200, "{name}");
        assert_eq!(
            game["url"],
            format!("/my/game/{number}"),
            "{name}: the link opens its game, the token out of the address bar"
        );
        assert_eq!(game["refused"], json!([]), "{name}: nothing refused");
        assert_eq!(
            scores(&db.show(&number.to_string())),
            checked(record),
            "{name}: don show --json as don check --json of the record"
        );
        assert_eq!(
            game["last"]["over"], "1",
            "{name}: the page says it is over"
        );
        let tricks = game["tricks"].as_array().unwrap();
        let recorded: usize = record["hands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["tricks"].as_array().unwrap().len())
            .sum();
        assert_eq!(tricks.len(), recorded, "{name}: every trick entered");
        for t in tricks {
            let at = format!("{name}, hand {} trick {}", t["hand"], t["trick"]);
            // One round trip an entry, and no reload.
            assert_eq!(t["requests"].as_array().unwrap().len(), 1, "{at}: {t}");
            assert!(
                t["requests"][0]
                    .as_str()
                    .unwrap()
                    .ends_with(&format!("/my/game/{number}/line")),
                "{at}: {t}"
            );
            assert_eq!(t["reloaded"], false, "{at}: the page was not reloaded");
            assert!(
                t["said"].as_u64() >= Some(1),
                "{at}: what the trick made said"
            );
            if game["how"] == "typed" {
                assert!(t["keys"].as_u64() <= Some(12), "{at}: {t}");
                assert_eq!(
                    t["refocused"], false,
                    "{at}: the box kept the focus from the last trick"
                );
            } else {
                assert_eq!(t["sendFocused"], true, "{at}: Send has the focus");
                if t["follows"] == true {
                    assert!(t["taps"].as_u64() <= Some(5), "{at}: {t}");
                }
                for n in t["nexts"].as_array().unwrap() {
                    let (want, next) = (n["want"].as_str().unwrap(), n["next"].as_str().unwrap());
                    assert!(next.starts_with(want), "{at}: {next:?} says {want} is next");
                }
            }
        }
        // The figures, for the report.
        let most = |key: &str, follows: bool| {
            tricks
                .iter()
                .filter(|t| !follows || t["follows"] == true)
                .filter_map(|t| t[key].as_u64())
                .max()
        };
        println!(
            "{}: {} tricks; keystrokes at most {:?}; taps at most {:?} (following suit {:?})",
            name.as_str().unwrap_or_default(),
            tricks.len(),
            most("keys", false),
            most("taps", false),
            most("taps", true)
        );
    }

    // Every other line, on the table's game.
    let t = &report["table"];
    assert_eq!(t["opened"], 200);
    assert_eq!(t["url"], format!("/my/game/{other}"));
    let offered = &t["offered"];
    let lines: Vec<&str> = offered["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    // Before the pitcher: a button for each seat and the deal abandoned; nothing to undo, no
    // concession before a hand, no redeal (Irish Don's), no claim (issue 29).
    for line in [
        "pitcher N",
        "pitcher E",
        "pitcher S",
        "pitcher W",
        "abandon misdeal",
        "abandon renege N",
        "abandon renege E",
        "abandon renege S",
        "abandon renege W",
    ] {
        assert!(lines.contains(&line), "no button for `{line}`: {lines:?}");
    }
    for line in ["undo", "concede NS", "abandon redeal-demanded", "claim"] {
        assert!(!lines.contains(&line), "a button for `{line}`: {lines:?}");
    }
    assert_eq!(offered["line"], true, "the box for a trick (or any line)");
    assert_eq!(offered["send"], true);
    assert_eq!(offered["totals"], json!(["totals_NS", "totals_EW"]));
    assert_eq!(
        offered["awards"],
        json!(["award_game"]),
        "Nine Card Don's one award"
    );
    assert_eq!(offered["penalty"], true);
    assert!(
        offered["help"].as_str().unwrap().contains("5h kh 2h ah")
            || offered["help"].as_str().unwrap().contains("5H KH 2H AH"),
        "help lists the lines: {offered}"
    );
    assert_eq!(offered["boardLink"], format!("/board/game/{other}"));
    assert_eq!(offered["pad"]["suits"], json!(["s", "h", "d", "c"]));
    assert_eq!(
        offered["pad"]["ranks"],
        json!(["a", "k", "q", "j", "t", "9", "8", "7", "6", "5", "4", "3", "2"])
    );
    assert_eq!(
        t["start"]["padShown"], false,
        "no pad before the pitcher: {t}"
    );
    assert_eq!(t["pitcher"]["status"], 200);
    assert_eq!(t["pitcher"]["leader"], first["pitcher"]);
    assert_eq!(t["padAfterPitcher"], true, "the pad once a trick is wanted");

    // The refused trick: 422, its reason beside the entry, the line kept, nothing recorded.
    let r = &t["refused"];
    assert_eq!(r["status"], 422, "{r}");
    assert!(r["error"].as_str().is_some_and(|e| !e.is_empty()), "{r}");
    assert_eq!(r["line"], refused, "the line kept");
    assert_eq!(r["seen"], t["pitcher"]["seen"], "nothing recorded");
    assert_eq!(r["inPlay"], json!([]));
    assert_eq!(t["corrected"]["status"], 200);
    assert_eq!(t["corrected"]["inPlay"].as_array().unwrap().len(), 1);
    assert_eq!(t["corrected"]["error"], Value::Null, "the error gone");
    assert_eq!(t["usedDisabled"], true, "a card played cannot be tapped");
    // Undo.
    assert_eq!(t["undo"]["status"], 200);
    assert_eq!(t["undo"]["inPlay"], json!([]), "the trick taken back");
    assert_eq!(t["again"]["status"], 200);
    assert_eq!(t["again"]["inPlay"].as_array().unwrap().len(), 1);
    assert_eq!(t["againPosts"], 1, "Send pressed twice sends once");
    // The reload in the middle of a trick: the game as it was, the cards tapped kept.
    let (before, after) = (&t["beforeReload"], &t["afterReload"]);
    for key in ["seen", "words", "inPlay", "leader", "used"] {
        assert_eq!(before[key], after[key], "{key} after the reload");
    }
    assert_eq!(
        after["line"], before["line"],
        "the cards tapped before the reload"
    );
    assert_eq!(
        after["line"].as_str().unwrap().split(' ').count(),
        2,
        "{after}"
    );
    // Typed and tapped mixed: the pad went on from the cards typed; a line that is no trick
    // was not overwritten.
    let mixed = &t["mixed"];
    assert_eq!(
        mixed["after"].as_str().unwrap(),
        format!(
            "{} {}",
            mixed["kept"].as_str().unwrap(),
            mixed["third"].as_str().unwrap()
        ),
        "{mixed}"
    );
    assert_eq!(mixed["noTrickRanksDisabled"], true, "{mixed}");
    assert_eq!(mixed["noTrickLine"], "concede EW", "{mixed}");
    // The connection dropped: the entry waits on the phone, said below the box, the box free
    // for the next, nothing recorded, Send ready; discarded, it is gone.
    let off = &t["offline"];
    assert!(
        off["queueWords"]
            .as_str()
            .unwrap_or("")
            .starts_with("No connection: 1 entry waits on this phone"),
        "{off}"
    );
    assert_eq!(off["queued"], json!([before["line"]]), "{off}");
    assert_eq!(off["line"], "", "the box free: {off}");
    assert_eq!(off["seen"], before["seen"]);
    assert_eq!(off["sendEnabled"], true);
    assert_eq!(off["afterDiscard"], 0, "{off}");
    // Two pages: the second's entry for the trick the first took is refused as overtaken,
    // and shows the game as it is now; it goes on from there.
    assert_eq!(t["byA"]["status"], 200);
    let b = &t["byB"];
    assert_eq!(b["status"], 409, "{b}");
    assert!(b["error"].as_str().unwrap_or("").contains(OVERTAKEN), "{b}");
    assert_eq!(b["seen"], t["byA"]["seen"], "the game as it is now");
    assert_eq!(b["inPlay"], t["byA"]["inPlay"]);
    assert_eq!(t["byBNext"]["status"], 200);
    assert_eq!(t["byBNext"]["inPlay"].as_array().unwrap().len(), 3);
    // Without JavaScript: no pad, and the plain form enters a trick, answered by the page.
    assert_eq!(t["plainOpened"]["padShown"], false);
    assert_eq!(t["plain"]["status"], 200);
    assert_eq!(t["plain"]["url"], format!("/my/game/{other}"));
    assert_eq!(t["plain"]["inPlay"].as_array().unwrap().len(), 4);
    assert!(!t["plain"]["said"].as_array().unwrap().is_empty());
    // The first page, behind the plain one: overtaken too.
    assert_eq!(t["aBehind"]["status"], 409);
    assert_eq!(t["aBehind"]["inPlay"].as_array().unwrap().len(), 4);
    // The live board, within 2 s.
    assert_eq!(t["boardStatus"], 200, "the live board");
    assert_eq!(
        t["boardBefore"].as_array().map(Vec::len),
        Some(3),
        "the board before: {t}"
    );
    assert_eq!(
        t["boardAfter"].as_array().map(Vec::len),
        Some(4),
        "the board after: {t}"
    );
    let ms = t["boardChangedMs"].as_u64();
    assert!(
        ms.is_some_and(|ms| ms <= 2000),
        "the board changed after {ms:?} ms"
    );
    // The rest of the kinds, each posted and recorded.
    for (kind, n) in [
        ("pitcher", 1),
        ("trick", 4),
        ("undo", 1),
        ("penalty", 1),
        ("abandon", 1),
        ("totals", 1),
        ("concede", 1),
        ("refused", 0),
        ("overtaken", 0),
    ] {
        assert_eq!(t["kinds"][kind], n, "{kind}: {}", t["kinds"]);
    }
    assert_eq!(t["end"]["over"], "1", "conceded: {}", t["end"]);
    // A captain's page leads to "Score a game": the games list with the form to begin one.
    assert_eq!(t["captain"]["url"], "/my/");
    assert_eq!(t["captain"]["link"], 1, "{}", t["captain"]);
    assert_eq!(t["captain"]["games"], "/my/games");
    assert_eq!(t["captain"]["begin"], 1, "{}", t["captain"]);
    // The game in the database is what the same lines give `don play`: nothing twice, nothing
    // refused recorded.
    let recorded: Vec<&str> = t["recorded"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let played = begin(&db, &nine);
    let out = db.play(&[&played.to_string()], &(recorded.join("\n") + "\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        scores(&db.show(&other.to_string())),
        scores(&db.show(&played.to_string())),
        "the game scored on the page as `don play` scores {recorded:?}"
    );

    assert_eq!(report["overflow"], json!([]), "pages wider than the window");
    server.stop();
}

/// Issue 29: a hand in play on the scorer's page fits a phone's first screen. In chromium at
/// 360 x 640, mid-hand (two tricks entered: Nine Card Don's second hand, Irish Don's and Phat's
/// first, their pitcher tapped on its button) in Nine Card Don, Irish Don and Phat: each side's score shown once, in type of at least 28 px; at most 250
/// characters of text above the entry box; the box, the whole pad (four suits, thirteen ranks)
/// and Send in view without scrolling; nothing wider than the phone; no terminal's words. At
/// 1280 px the same page is no wider than the window and its box, pad and Send are in view.
/// `UPDATE_SCREENSHOT=1` copies its picture of Nine Card Don (a trick half tapped) into
/// `docs/scorer-phone.png` for the README.
#[test]
fn a_hand_in_play_fits_a_phone() {
    let Some(_browser) = browser() else {
        return;
    };
    let db = Db::three_teams_with_rosters();
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("phone-fit");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).unwrap();
    let rulesets = [
        ("nine-card-don", "examples/nine-card-don.json"),
        ("irish-don", "examples/irish-don.json"),
        ("phat", "examples/phat.json"),
    ];
    let games: Vec<(&str, i64, Value)> = rulesets
        .iter()
        .map(|(name, file)| {
            let record = record(file);
            (*name, begin(&db, &record), record)
        })
        .collect();
    let server = Server::start(&db);
    let base = server.base.clone();
    let plan = json!({
        "base": base,
        "shots": shots,
        // Nine Card Don (the README's picture) in its second hand, its first typed before;
        // Irish Don and Phat in their first, the pitcher asked for.
        "games": games.iter().enumerate().map(|(i, (name, game, record))| {
            let first = &record["hands"][0];
            let before: Vec<Value> = match i {
                0 => std::iter::once(json!(format!("pitcher {}", first["pitcher"].as_str().unwrap())))
                    .chain(first["tricks"].as_array().unwrap().iter().cloned())
                    .collect(),
                _ => Vec::new(),
            };
            json!({
                "name": name,
                "link": scorer_link(&db, *game, &base),
                "before": before,
                "hand": record["hands"][if i == 0 { 1 } else { 0 }],
                "typed": 2,
                "shot": i == 0,
            })
        }).collect::<Vec<_>>(),
    });
    let report = run_script("phone-fit.mjs", &plan, &shots);
    server.stop();
    assert_eq!(
        report["error"],
        Value::Null,
        "the script stopped (failed.html and failed.png in {})",
        shots.display()
    );
    let measured = report["games"].as_array().unwrap();
    assert_eq!(measured.len(), games.len(), "{report}");
    for (m, (name, _, record)) in measured.iter().zip(&games) {
        // The first hand's pitcher asked for in the phone's words, and tapped (a later one
        // the rotation says).
        let asked = m["asked"]["state"].as_str().unwrap_or_default();
        let first = *name != "nine-card-don";
        assert_eq!(asked.contains("Tap who pitches"), first, "{name}: {asked}");
        assert_eq!(
            m["pitcherButton"],
            u64::from(first),
            "{name}: the pitcher's button"
        );
        assert!(
            m["entries"].as_array().unwrap().iter().all(|s| s == 200),
            "{name}: {}",
            m["entries"]
        );
        for (when, v) in [("asked", &m["asked"]), ("mid-hand", &m["mid"])] {
            assert_eq!(v["terminal"], json!([]), "{name} {when}: terminal words");
            assert!(
                v["width"]["scroll"].as_u64() <= v["width"]["inner"].as_u64(),
                "{name} {when}: wider than the phone: {}",
                v["width"]
            );
        }
        let mid = &m["mid"];
        let state = mid["state"].as_str().unwrap_or_default();
        assert!(state.contains("trick 3"), "{name}: {state}");
        // Each side's score once, large.
        let sides = match record["ruleset"]["players"].as_u64() {
            Some(n) if n != 4 => n as usize,
            _ => 2,
        };
        let scores = mid["scores"].as_array().unwrap();
        assert!(scores.len() >= sides.min(2), "{name}: {scores:?}");
        for s in scores {
            assert!(s["px"].as_f64().unwrap() >= 28.0, "{name}: {s}");
            assert_eq!(s["shown"], true, "{name}: {s}");
        }
        assert_eq!(mid["repeated"], json!([]), "{name}: a score said again");
        // At most 250 characters above the box.
        let above = mid["aboveChars"].as_u64().unwrap();
        assert!(
            above <= 250,
            "{name}: {above} characters above the box: {}",
            mid["above"]
        );
        // The box, the whole pad and Send in view.
        assert_eq!(mid["padShown"], true, "{name}: the pad");
        let controls = mid["controls"].as_array().unwrap();
        let count = |prefix: &str| {
            controls
                .iter()
                .filter(|c| c["name"].as_str().unwrap().starts_with(prefix))
                .count()
        };
        assert_eq!(
            (count("line"), count("send"), count("suit "), count("rank ")),
            (1, 1, 4, 13),
            "{name}: {controls:?}"
        );
        for c in controls {
            assert_eq!(c["inView"], true, "{name}: not in view at 360 x 640: {c}");
        }
        // At 1280 px too.
        let wide = &m["wide"];
        assert!(
            wide["width"]["scroll"].as_u64() <= wide["width"]["inner"].as_u64(),
            "{name} at 1280: {}",
            wide["width"]
        );
        for c in wide["controls"].as_array().unwrap() {
            assert_eq!(c["inView"], true, "{name}: not in view at 1280 x 800: {c}");
        }
        println!(
            "{name}: {above} characters above the box; scores {}; the last control ends at {} px",
            scores
                .iter()
                .map(|s| format!("{} ({} px)", s["text"], s["px"]))
                .collect::<Vec<_>>()
                .join(", "),
            controls
                .iter()
                .filter_map(|c| c["box"]["bottom"].as_f64())
                .fold(0.0, f64::max)
        );
    }
    let shot = shots.join("scorer-phone.png");
    assert_eq!(png_width(&shot), 360);
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        let docs = root().join("docs");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::copy(&shot, docs.join("scorer-phone.png")).unwrap();
    }
}

#[test]
fn a_hand_scored_without_a_connection_ends_as_the_same_lines_typed_online() {
    let Some(_browser) = browser() else {
        return;
    };
    let db = Db::three_teams_with_rosters();
    let nine = record("examples/nine-card-don.json");
    let game = begin(&db, &nine);
    let server = Server::start(&db);
    let base = server.base.clone();
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("offline-flow");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).unwrap();
    let first = &nine["hands"][0];
    let tricks: Vec<String> = first["tricks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_lowercase())
        .collect();
    let plan = json!({
        "base": base,
        "shots": shots,
        "game": game,
        "link": scorer_link(&db, game, &base),
        "pitcher": first["pitcher"],
        "tricks": tricks,
        "secretary": address(&db.ok(&["secretary", "link", "--base-url", &base]), &base),
    });
    let report = run_script("offline-flow.mjs", &plan, &shots);
    server.stop();
    assert_eq!(
        report["error"],
        Value::Null,
        "the script stopped (its report, failed.html and failed.png in {})",
        shots.display()
    );
    // Offline: two tricks wait on the phone, the page says so, and the score shown is the one
    // of the last answer; a card of a trick waiting cannot be tapped.
    let off = &report["offline"];
    assert_eq!(
        off["after"]["queued"],
        json!([tricks[1], tricks[2]]),
        "{off}"
    );
    let words = off["after"]["queueWords"].as_str().unwrap();
    assert!(
        words.starts_with("No connection: 2 entries wait on this phone")
            && words.contains("as of the last answer"),
        "{words}"
    );
    assert_eq!(off["after"]["standing"], off["before"]["standing"]);
    assert_eq!(
        off["after"]["seen"], off["before"]["seen"],
        "nothing recorded"
    );
    assert_eq!(off["waitingCardDisabled"], true, "{off}");
    assert_eq!(off["stored"], json!([format!("don-queue-{game}")]));
    // The tab closed, the network back, the game opened again: sent in order.
    let upper = |t: &str| t.to_uppercase();
    assert_eq!(
        report["reopened"]["inPlay"],
        json!(tricks[..3].iter().map(|t| upper(t)).collect::<Vec<_>>())
    );
    // The answer lost: the trick recorded once, its second sending answered as applied.
    let lost = &report["lost"];
    assert_eq!(lost["first"], "now", "{lost}");
    assert!(
        lost["words"]
            .as_str()
            .unwrap()
            .starts_with("No connection: 1 entry waits"),
        "{lost}"
    );
    assert_eq!(lost["after"]["inPlay"].as_array().unwrap().len(), 4);
    // A trick refused stops the queue: the good one before it recorded, the bad one back in
    // the box with why, the two after it kept and not sent.
    let r = &report["refused"];
    let stopped = &r["stopped"];
    assert_eq!(stopped["line"], r["bad"], "{stopped}");
    assert!(
        stopped["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{stopped}"
    );
    assert!(
        stopped["queueWords"]
            .as_str()
            .unwrap()
            .starts_with(&format!(
                "Stopped at \"{}\", refused",
                r["bad"].as_str().unwrap()
            )),
        "{stopped}"
    );
    assert_eq!(stopped["queued"], json!([tricks[6], tricks[6]]));
    assert_eq!(stopped["resume"], true);
    let sent: Vec<(Value, Value)> = stopped["postsAfter"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["line"].clone(), p["status"].clone()))
        .collect();
    assert_eq!(
        sent,
        vec![
            (json!(tricks[4]), json!(200)),
            (r["bad"].clone(), json!(422))
        ],
        "nothing sent past the refusal"
    );
    assert_eq!(stopped["inPlay"].as_array().unwrap().len(), 5);
    assert_eq!(r["discarded"]["queued"], json!([tricks[6]]));
    assert_eq!(
        r["end"]["inPlay"],
        json!(tricks[..7].iter().map(|t| upper(t)).collect::<Vec<_>>())
    );
    assert_eq!(report["stored"], json!([]), "the queue emptied");
    // Nothing applied twice: every entry recorded once ("now"), the lost one's second sending
    // answered "before"; no id sent with two lines.
    let posts = report["posts"].as_array().unwrap();
    let mut now = std::collections::BTreeMap::new();
    for p in posts {
        let id = p["entry"]
            .as_str()
            .expect("every entry has its id")
            .to_string();
        if p["entered"] == "now" {
            *now.entry(id).or_insert(0) += 1;
        }
    }
    assert!(now.values().all(|n| *n == 1), "{posts:?}");
    let before: Vec<&Value> = posts.iter().filter(|p| p["entered"] == "before").collect();
    assert_eq!(before.len(), 1, "{posts:?}");
    assert_eq!(before[0]["line"], json!(tricks[3]));
    // The game is the game the same lines give `don play`.
    let lines: Vec<&str> = report["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let played = begin(&db, &nine);
    let out = db.play(&[&played.to_string()], &(lines.join("\n") + "\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        db.show(&game.to_string())["hands"],
        db.show(&played.to_string())["hands"],
        "don show --json of the game scored offline as of {lines:?} typed to don play"
    );
    assert_eq!(
        scores(&db.show(&game.to_string())),
        scores(&db.show(&played.to_string()))
    );
    // The begin form with its script: Irish Don chosen, its options shown at once (issue 29,
    // point 5), the button that does it without the script hidden.
    let begin = &report["begin"];
    assert_eq!(begin["first"]["of"], "nine-card-don", "{begin}");
    assert_eq!(begin["first"]["showHidden"], true);
    assert_eq!(begin["irish"]["of"], "irish-don", "{begin}");
    assert_eq!(begin["chosen"], "irish-don");
    let names = begin["irish"]["names"].as_array().unwrap();
    assert!(
        names.contains(&json!("opt_pack")) && !names.contains(&json!("opt_cut")),
        "{begin}"
    );
}
