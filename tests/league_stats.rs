//! Statistics per player and partnership, per kind (RULES.md §7), worked out by hand from a small
//! season: every field of every line, their order, the filters and each leaderboard.

use crate::common;

use chrono::NaiveDate;
use don::league::stats::{leaderboard, stats, Filter, Ranking, StatLine, Stats, Who};
use don::league::{
    Config, HomeAway, Kind, Leg, Match, Night, NightResult, Pair, SeasonRecord, Team,
};

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn day(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

fn m(
    kind: Kind,
    slot: u32,
    home: &[&str],
    away: &[&str],
    legs: (u32, u32),
    scores: Vec<Leg>,
) -> Match {
    Match {
        kind,
        slot,
        players: Pair::new(names(home), names(away)),
        legs: Pair::new(legs.0, legs.1),
        leg_scores: scores,
    }
}

/// A leg known by its score only.
fn leg(h: u32, a: u32) -> Leg {
    Leg {
        score: Pair::new(h, a),
        game: None,
        hands: Vec::new(),
    }
}

/// A leg scored with the engine: its hands, home first, add up to its score.
fn engine(game: i64, hands: &[(i64, i64)]) -> Leg {
    let home: i64 = hands.iter().map(|h| h.0).sum();
    let away: i64 = hands.iter().map(|h| h.1).sum();
    Leg {
        score: Pair::new(home as u32, away as u32),
        game: Some(game),
        hands: hands.iter().map(|&(h, a)| Pair::new(h, a)).collect(),
    }
}

fn night(id: i64, date: &str, home: i64, away: i64, result: NightResult) -> Night {
    Night {
        id,
        date: day(date),
        home,
        away,
        result,
        confirmation: Default::default(),
    }
}

fn team(id: i64, name: &str) -> Team {
    Team {
        id,
        name: name.into(),
        withdrawn: None,
    }
}

/// The 2025-26 season: Royal Oak (1) and Red Lion (2), two nights entered match by match, a night
/// known only by its totals and a walkover (neither has players, so neither counts here).
///
/// Night 1, 2025-09-04, Royal Oak at home:
/// - Don 1: Rhys + Gareth beat Dai + Huw 2–1; leg 1 scored with the engine, 121–87 in three
///   hands (20–32, 41–0, 60–55); then 100–121 and 121–99.
/// - Don 2: players unknown on both sides, 2–0: nobody's figures.
/// - Don 3: home players unknown; Ieuan + Wyn (Red Lion) lose 1–2.
/// - Single crib 1: Gareth loses to Dai 0–2.
///
/// Night 2, 2025-09-11, Red Lion at home:
/// - Don 1: Dai + Huw beat "gareth" + "RHYS" (the same pair, typed otherwise) 2–0; leg 1 scored
///   with the engine, 121–60 in three hands (30–10, 50–20, 41–30); then 121–100.
/// - Don 2: Ieuan + Wyn lose 1–2; away players unknown.
/// - Single crib 1: Huw loses to Gareth 1–2.
fn season() -> SeasonRecord {
    let night1 = vec![
        m(
            Kind::Don,
            1,
            &["Rhys", "Gareth"],
            &["Dai", "Huw"],
            (2, 1),
            vec![
                engine(7, &[(20, 32), (41, 0), (60, 55)]),
                leg(100, 121),
                leg(121, 99),
            ],
        ),
        m(Kind::Don, 2, &[], &[], (2, 0), vec![]),
        m(Kind::Don, 3, &[], &["Ieuan", "Wyn"], (2, 1), vec![]),
        m(Kind::SingleCrib, 1, &["Gareth"], &["Dai"], (0, 2), vec![]),
    ];
    let night2 = vec![
        m(
            Kind::Don,
            1,
            &["Dai", "Huw"],
            &["gareth", "RHYS"],
            (2, 0),
            vec![engine(8, &[(30, 10), (50, 20), (41, 30)]), leg(121, 100)],
        ),
        m(Kind::Don, 2, &["Ieuan", "Wyn"], &[], (1, 2), vec![]),
        m(Kind::SingleCrib, 1, &["Huw"], &["Gareth"], (1, 2), vec![]),
    ];
    SeasonRecord {
        name: "2025-26".into(),
        config: Config::default(),
        teams: vec![team(1, "Royal Oak"), team(2, "Red Lion")],
        nights: vec![
            night(1, "2025-09-04", 1, 2, NightResult::Matches(night1)),
            night(2, "2025-09-11", 2, 1, NightResult::Matches(night2)),
            night(3, "2025-09-18", 1, 2, NightResult::Totals(Pair::new(5, 4))),
            night(4, "2025-09-25", 2, 1, NightResult::Walkover(HomeAway::Home)),
        ],
        adjustments: vec![],
        recorded: vec![],
        divisions: Vec::new(),
    }
}

/// A line: who, kind, team, matches (played, won), legs (played, won), engine (legs, hands,
/// points).
fn line(
    who: Who,
    kind: Kind,
    team: &str,
    matches: (u32, u32),
    legs: (u32, u32),
    engine: (u32, u32, i64),
) -> StatLine {
    StatLine {
        who,
        kind,
        team: team.into(),
        matches: matches.0,
        matches_won: matches.1,
        legs: legs.0,
        legs_won: legs.1,
        engine_legs: engine.0,
        hands: engine.1,
        points: engine.2,
    }
}

fn p(name: &str) -> Who {
    Who::Player(name.into())
}

fn pair(a: &str, b: &str) -> Who {
    Who::Partnership(a.into(), b.into())
}

const NO_ENGINE: (u32, u32, i64) = (0, 0, 0);

/// Every player's line of the season, in order.
///
/// Don:
/// - Gareth (Royal Oak): won 2–1 (legs 3, won 2) and lost 0–2 (legs 2, won 0): 2 played, 1
///   won, legs 5, won 2. Engine legs: 121–87 at home (3 hands, 20 + 41 + 60 = 121) and 121–60
///   away (3 hands, 10 + 20 + 30 = 60): 2 legs, 6 hands, 181 points.
/// - Rhys: the same as Gareth.
/// - Dai (Red Lion): lost 1–2 (legs 3, won 1) and won 2–0 (legs 2, won 2): 2 played, 1 won,
///   legs 5, won 3. Engine: 32 + 0 + 55 = 87 away and 30 + 50 + 41 = 121 at home: 2 legs, 6
///   hands, 208 points.
/// - Huw: the same as Dai.
/// - Ieuan (Red Lion): lost 1–2 twice: 2 played, 0 won, legs 6, won 2; no engine legs.
/// - Wyn: the same as Ieuan.
///
/// Single crib:
/// - Dai: won 2–0: 1 played, 1 won, legs 2, won 2.
/// - Gareth: lost 0–2, won 2–1: 2 played, 1 won, legs 5, won 2.
/// - Huw: lost 1–2: 1 played, 0 won, legs 3, won 1.
///
/// Order: kind (Don, then single crib), matches won (most first), legs won (most first), then
/// name: at Don Dai and Huw (1 won, 3 legs) before Gareth and Rhys (1 won, 2 legs), who are
/// before Ieuan and Wyn (0 won); at single crib Dai before Gareth by name (1 won, 2 legs each).
fn players() -> Vec<StatLine> {
    vec![
        line(p("Dai"), Kind::Don, "Red Lion", (2, 1), (5, 3), (2, 6, 208)),
        line(p("Huw"), Kind::Don, "Red Lion", (2, 1), (5, 3), (2, 6, 208)),
        line(
            p("Gareth"),
            Kind::Don,
            "Royal Oak",
            (2, 1),
            (5, 2),
            (2, 6, 181),
        ),
        line(
            p("Rhys"),
            Kind::Don,
            "Royal Oak",
            (2, 1),
            (5, 2),
            (2, 6, 181),
        ),
        line(p("Ieuan"), Kind::Don, "Red Lion", (2, 0), (6, 2), NO_ENGINE),
        line(p("Wyn"), Kind::Don, "Red Lion", (2, 0), (6, 2), NO_ENGINE),
        line(
            p("Dai"),
            Kind::SingleCrib,
            "Red Lion",
            (1, 1),
            (2, 2),
            NO_ENGINE,
        ),
        line(
            p("Gareth"),
            Kind::SingleCrib,
            "Royal Oak",
            (2, 1),
            (5, 2),
            NO_ENGINE,
        ),
        line(
            p("Huw"),
            Kind::SingleCrib,
            "Red Lion",
            (1, 0),
            (3, 1),
            NO_ENGINE,
        ),
    ]
}

/// Every partnership's line: the pair typed "Rhys+Gareth" and "gareth+RHYS" is one, its names in
/// order and spelt as first seen ("Gareth", "Rhys"). Single crib has none (singles).
fn partnerships() -> Vec<StatLine> {
    vec![
        line(
            pair("Dai", "Huw"),
            Kind::Don,
            "Red Lion",
            (2, 1),
            (5, 3),
            (2, 6, 208),
        ),
        line(
            pair("Gareth", "Rhys"),
            Kind::Don,
            "Royal Oak",
            (2, 1),
            (5, 2),
            (2, 6, 181),
        ),
        line(
            pair("Ieuan", "Wyn"),
            Kind::Don,
            "Red Lion",
            (2, 0),
            (6, 2),
            NO_ENGINE,
        ),
    ]
}

/// Each line as (name, kind), to compare orders.
fn who(lines: &[StatLine]) -> Vec<(String, Kind)> {
    lines.iter().map(|l| (l.who.name(), l.kind)).collect()
}

fn board(lines: Vec<&StatLine>) -> Vec<(String, Kind)> {
    lines.iter().map(|l| (l.who.name(), l.kind)).collect()
}

fn wk(list: &[(&str, Kind)]) -> Vec<(String, Kind)> {
    list.iter().map(|(n, k)| (n.to_string(), *k)).collect()
}

#[test]
fn each_player_and_partnership_line_worked_out_by_hand() {
    let s = stats(&[season()], &Filter::default());
    assert_eq!(s.players, players());
    assert_eq!(s.partnerships, partnerships());
}

#[test]
fn points_a_hand_and_win_rate() {
    let s = stats(&[season()], &Filter::default());
    let find = |name: &str, kind: Kind| {
        s.players
            .iter()
            .find(|l| l.who.name() == name && l.kind == kind)
            .unwrap()
            .clone()
    };
    // 181 points in 6 hands; 208 in 6; no hands, no figure.
    assert_eq!(
        find("Gareth", Kind::Don).points_per_hand(),
        Some(181.0 / 6.0)
    );
    assert_eq!(find("Dai", Kind::Don).points_per_hand(), Some(208.0 / 6.0));
    assert_eq!(find("Ieuan", Kind::Don).points_per_hand(), None);
    assert_eq!(find("Gareth", Kind::SingleCrib).points_per_hand(), None);
    // 1 of 2; 1 of 1; 0 of 2; 0 of 1.
    assert_eq!(find("Gareth", Kind::Don).win_rate(), Some(0.5));
    assert_eq!(find("Dai", Kind::SingleCrib).win_rate(), Some(1.0));
    assert_eq!(find("Ieuan", Kind::Don).win_rate(), Some(0.0));
    assert_eq!(find("Huw", Kind::SingleCrib).win_rate(), Some(0.0));
    // No matches: no win rate.
    let none = StatLine {
        matches: 0,
        matches_won: 0,
        ..find("Wyn", Kind::Don)
    };
    assert_eq!(none.win_rate(), None);
    assert_eq!(s.partnerships[1].points_per_hand(), Some(181.0 / 6.0));
    assert_eq!(s.partnerships[1].who.name(), "Gareth & Rhys");
    assert_eq!(s.players[0].who.name(), "Dai");
}

#[test]
fn nights_without_matches_and_sides_without_players_count_for_nobody() {
    // Only the totals night and the walkover: no lines at all.
    let mut only = season();
    only.nights.drain(..2);
    assert_eq!(stats(&[only], &Filter::default()), Stats::default());
    // Nothing at all.
    assert_eq!(stats(&[], &Filter::default()), Stats::default());
}

#[test]
fn filters_by_player_kind_and_team_ignoring_case_and_spaces() {
    let with = |f: Filter| stats(&[season()], &f);
    let all_players = players();
    let all_pairs = partnerships();
    let pick = |lines: &[StatLine], keep: &[usize]| -> Vec<StatLine> {
        keep.iter().map(|&i| lines[i].clone()).collect()
    };

    // A player: his own lines, and the partnerships he is in, in the same order as unfiltered.
    let s = with(Filter {
        player: Some("  GARETH ".into()),
        ..Filter::default()
    });
    assert_eq!(s.players, pick(&all_players, &[2, 7]));
    assert_eq!(s.partnerships, pick(&all_pairs, &[1]));
    let s = with(Filter {
        player: Some("rhys".into()),
        ..Filter::default()
    });
    assert_eq!(s.players, pick(&all_players, &[3]));
    assert_eq!(s.partnerships, pick(&all_pairs, &[1]));
    // A name is a whole name: "Gar" is nobody, as is a partnership written as one.
    for nobody in ["Gar", "Gareth Rhys", "Gareth & Rhys"] {
        assert_eq!(
            with(Filter {
                player: Some(nobody.into()),
                ..Filter::default()
            }),
            Stats::default(),
            "{nobody}"
        );
    }

    // A kind.
    let s = with(Filter {
        kind: Some(Kind::SingleCrib),
        ..Filter::default()
    });
    assert_eq!(s.players, pick(&all_players, &[6, 7, 8]));
    assert_eq!(s.partnerships, []);
    assert_eq!(
        with(Filter {
            kind: Some(Kind::DoubleCrib),
            ..Filter::default()
        }),
        Stats::default()
    );
    let s = with(Filter {
        kind: Some(Kind::Don),
        ..Filter::default()
    });
    assert_eq!(s.players, pick(&all_players, &[0, 1, 2, 3, 4, 5]));
    assert_eq!(s.partnerships, all_pairs);

    // A team, as typed.
    let s = with(Filter {
        team: Some("red   LION".into()),
        ..Filter::default()
    });
    assert_eq!(s.players, pick(&all_players, &[0, 1, 4, 5, 6, 8]));
    assert_eq!(s.partnerships, pick(&all_pairs, &[0, 2]));
    assert_eq!(
        with(Filter {
            team: Some("Greyhound".into()),
            ..Filter::default()
        }),
        Stats::default()
    );

    // All three at once.
    let s = with(Filter {
        player: Some("DAI".into()),
        kind: Some(Kind::SingleCrib),
        team: Some(" red lion ".into()),
    });
    assert_eq!(s.players, pick(&all_players, &[6]));
    assert_eq!(s.partnerships, []);
    let s = with(Filter {
        player: Some("dai".into()),
        kind: Some(Kind::Don),
        team: Some("Royal Oak".into()),
    });
    assert_eq!(s, Stats::default());
}

#[test]
fn leaderboards_rank_by_what_is_asked() {
    let s = stats(&[season()], &Filter::default());
    let ps = &s.players;
    let don = Kind::Don;
    let sc = Kind::SingleCrib;

    // Matches won: 1 each but Ieuan, Wyn and Huw at single crib (0); ties by matches won, then
    // name (one name's lines keep their order: Don first).
    assert_eq!(
        board(leaderboard(ps, Ranking::MatchesWon, 0, 10)),
        wk(&[
            ("Dai", don),
            ("Dai", sc),
            ("Gareth", don),
            ("Gareth", sc),
            ("Huw", don),
            ("Rhys", don),
            ("Huw", sc),
            ("Ieuan", don),
            ("Wyn", don),
        ])
    );
    // The top 3 of the same.
    assert_eq!(
        board(leaderboard(ps, Ranking::MatchesWon, 0, 3)),
        wk(&[("Dai", don), ("Dai", sc), ("Gareth", don)])
    );
    assert!(leaderboard(ps, Ranking::MatchesWon, 0, 0).is_empty());

    // Win rate, lines of at least 2 matches: Dai at single crib (1 of 1) and Huw at single crib
    // (0 of 1) are left out; 50% (by name) before 0% (by name).
    assert_eq!(
        board(leaderboard(ps, Ranking::WinRate, 2, 10)),
        wk(&[
            ("Dai", don),
            ("Gareth", don),
            ("Gareth", sc),
            ("Huw", don),
            ("Rhys", don),
            ("Ieuan", don),
            ("Wyn", don),
        ])
    );
    // With no minimum (0 is taken as 1): Dai's 100% at single crib first.
    assert_eq!(
        board(leaderboard(ps, Ranking::WinRate, 0, 10)),
        wk(&[
            ("Dai", sc),
            ("Dai", don),
            ("Gareth", don),
            ("Gareth", sc),
            ("Huw", don),
            ("Rhys", don),
            ("Huw", sc),
            ("Ieuan", don),
            ("Wyn", don),
        ])
    );
    assert_eq!(
        leaderboard(ps, Ranking::WinRate, 0, 10),
        leaderboard(ps, Ranking::WinRate, 1, 10)
    );
    // Nobody has played 3.
    assert!(leaderboard(ps, Ranking::WinRate, 3, 10).is_empty());
    // A line of no matches never has a win rate, even with no minimum.
    let mut with_none = ps.clone();
    with_none.push(StatLine {
        who: p("Aled"),
        matches: 0,
        matches_won: 0,
        legs: 0,
        legs_won: 0,
        ..ps[0].clone()
    });
    assert_eq!(leaderboard(&with_none, Ranking::WinRate, 0, 20).len(), 9);
    assert_eq!(
        leaderboard(&with_none, Ranking::MatchesWon, 0, 20).len(),
        10
    );

    // Legs won: 3 (Dai, Huw at Don), then 2 — matches won first (Dai at single crib, Gareth
    // twice, Rhys: 1 won) before Ieuan and Wyn (0 won), whose names come before Rhys's — then 1.
    assert_eq!(
        board(leaderboard(ps, Ranking::LegsWon, 0, 10)),
        wk(&[
            ("Dai", don),
            ("Huw", don),
            ("Dai", sc),
            ("Gareth", don),
            ("Gareth", sc),
            ("Rhys", don),
            ("Ieuan", don),
            ("Wyn", don),
            ("Huw", sc),
        ])
    );

    // Points a hand, only among lines with engine hands: 208/6 = 34.7 before 181/6 = 30.2.
    assert_eq!(
        board(leaderboard(ps, Ranking::PointsPerHand, 0, 10)),
        wk(&[("Dai", don), ("Huw", don), ("Gareth", don), ("Rhys", don)])
    );
    assert_eq!(
        board(leaderboard(ps, Ranking::PointsPerHand, 0, 1)),
        wk(&[("Dai", don)])
    );

    // Partnerships rank the same way.
    let pairs = &s.partnerships;
    assert_eq!(
        board(leaderboard(pairs, Ranking::PointsPerHand, 0, 10)),
        wk(&[("Dai & Huw", don), ("Gareth & Rhys", don)])
    );
    assert_eq!(
        board(leaderboard(pairs, Ranking::WinRate, 2, 10)),
        wk(&[
            ("Dai & Huw", don),
            ("Gareth & Rhys", don),
            ("Ieuan & Wyn", don)
        ])
    );
    assert_eq!(
        board(leaderboard(pairs, Ranking::LegsWon, 0, 10)),
        wk(&[
            ("Dai & Huw", don),
            ("Gareth & Rhys", don),
            ("Ieuan & Wyn", don)
        ])
    );
}

/// A second season: team numbers are the season's own (1 is now Greyhound, where Ieuan and Wyn
/// went), and the two lose 1–2 once more, to players unknown.
fn next_season() -> SeasonRecord {
    SeasonRecord {
        name: "2026-27".into(),
        config: Config::default(),
        teams: vec![team(1, "Greyhound"), team(2, "Red Lion")],
        nights: vec![night(
            1,
            "2026-09-03",
            1,
            2,
            NightResult::Matches(vec![m(
                Kind::Don,
                1,
                &["Ieuan", "Wyn"],
                &[],
                (1, 2),
                vec![],
            )]),
        )],
        adjustments: vec![],
        recorded: vec![],
        divisions: Vec::new(),
    }
}

#[test]
fn over_two_seasons_lines_add_up_the_team_is_the_latest_and_wins_come_before_legs() {
    let s = stats(&[season(), next_season()], &Filter::default());
    // Ieuan and Wyn: 3 played, 0 won, legs 9, won 3, for Greyhound now. With 3 legs won they
    // still come after Gareth and Rhys (1 won, 2 legs): matches won are sorted first.
    let mut want = players();
    want[4] = line(
        p("Ieuan"),
        Kind::Don,
        "Greyhound",
        (3, 0),
        (9, 3),
        NO_ENGINE,
    );
    want[5] = line(p("Wyn"), Kind::Don, "Greyhound", (3, 0), (9, 3), NO_ENGINE);
    assert_eq!(s.players, want);
    let mut want = partnerships();
    want[2] = line(
        pair("Ieuan", "Wyn"),
        Kind::Don,
        "Greyhound",
        (3, 0),
        (9, 3),
        NO_ENGINE,
    );
    assert_eq!(s.partnerships, want);
    // The team filter goes by the latest team.
    let greyhound = stats(
        &[season(), next_season()],
        &Filter {
            team: Some("GREYHOUND".into()),
            ..Filter::default()
        },
    );
    assert_eq!(
        who(&greyhound.players),
        wk(&[("Ieuan", Kind::Don), ("Wyn", Kind::Don)])
    );
    assert_eq!(
        who(&greyhound.partnerships),
        wk(&[("Ieuan & Wyn", Kind::Don)])
    );
    // Legs won: four lines of 3, Dai and Huw (1 won) before Ieuan and Wyn (0 won).
    assert_eq!(
        board(leaderboard(&s.players, Ranking::LegsWon, 0, 4)),
        wk(&[
            ("Dai", Kind::Don),
            ("Huw", Kind::Don),
            ("Ieuan", Kind::Don),
            ("Wyn", Kind::Don)
        ])
    );
    // At least 3 matches leaves only them for a win rate.
    assert_eq!(
        board(leaderboard(&s.players, Ranking::WinRate, 3, 10)),
        wk(&[("Ieuan", Kind::Don), ("Wyn", Kind::Don)])
    );
}

#[test]
fn an_unknown_player_is_named_with_the_nearest_known_one() {
    use don::league::stats::unknown_player;
    let known = ["Gareth Jones", "Dai Lewis"];
    assert_eq!(
        unknown_player("Gareth Jonse", "Abercarn", known),
        Some("no player 'Gareth Jonse' in Abercarn; did you mean 'Gareth Jones'?".into())
    );
    assert_eq!(
        unknown_player("  Zed   Zee ", "Abercarn", known),
        Some("no player 'Zed Zee' in Abercarn".into())
    );
    assert_eq!(unknown_player("gareth  JONES", "Abercarn", known), None);
}

mod cli {
    //! `don stats` run against a temporary database: what it says when there is nothing to
    //! show, or the question cannot be answered.

    use super::common::db::Db;
    use super::common::text;

    const LEAGUE: &str = "Abercarn Crib and Don League";

    /// A season of Royal Oak and Red Lion, and one night whose first Don match has players.
    fn league() -> Db {
        let db = Db::new();
        db.league_new(LEAGUE, &[]);
        db.season_new("2025-26", &["Royal Oak", "Red Lion"]);
        db.ok(&[
            "roster",
            "add",
            "Royal Oak",
            "Gareth",
            "Rhys",
            "Emrys",
            "Glyn",
            "Sian",
        ]);
        db.ok(&[
            "roster", "add", "Red Lion", "Dai", "Huw", "Aled", "Bethan", "Mair",
        ]);
        let mut night = vec![
            "night",
            "enter",
            "Red Lion",
            "Royal Oak",
            "--date",
            "2025-10-09",
            "--match",
            "don 1; Dai+Huw; Gareth+Rhys; 2-0",
        ];
        for m in [
            "don 2; ; ; 2-0",
            "don 3; ; ; 0-2",
            "double-crib 1; ; ; 2-1",
            "double-crib 2; ; ; 1-2",
            "double-crib 3; ; ; 2-0",
            "single-crib 1; ; ; 0-2",
            "single-crib 2; ; ; 2-0",
            "single-crib 3; ; ; 2-1",
        ] {
            night.extend(["--match", m]);
        }
        db.ok(&night);
        db
    }

    #[test]
    fn top_0_is_refused_as_usage() {
        let db = league();
        let out = db.run(&["stats", "--top", "0"]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr),
            "don: error: --top must be at least 1: it is how many lines the leaderboard shows\n"
        );
        assert_eq!(text(&out.stdout), "");
    }

    #[test]
    fn points_a_hand_with_nobody_qualifying_says_how_many_hands_it_needs() {
        let db = league();
        // Before: "Nobody qualifies: the win rate counts those with at least 3 matches".
        assert_eq!(
            db.ok(&["stats", "--top", "3", "--by", "points-per-hand"]),
            "Nobody qualifies: points a hand counts those with at least 1 hand recorded (legs scored with `don play`), and nobody here has played enough hands.\n"
        );
    }

    #[test]
    fn an_unknown_player_is_bad_data_with_did_you_mean() {
        let db = league();
        // Before: exit 0, "No matches with players recorded."
        let out = db.run(&["stats", "--player", "Garreth"]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr),
            format!("don: error: no player 'Garreth' in {LEAGUE}; did you mean 'Gareth'?\n")
        );
        assert_eq!(text(&out.stdout), "");
        // A player of the league with no match of the season: nothing to show, no error.
        assert_eq!(
            db.ok(&["stats", "--player", "emrys"]),
            "No matches with players recorded.\n"
        );
        // A player of the league, spelt in another case.
        assert!(db.ok(&["stats", "--player", "GARETH"]).contains("Gareth"));
    }
}
