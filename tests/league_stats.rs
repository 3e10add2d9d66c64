//! Statistics per player and partnership, per kind, worked out by hand from a small season.

use chrono::NaiveDate;
use don::league::stats::{leaderboard, stats, Filter, Line, Ranking, Who};
use don::league::{Config, Kind, Leg, Match, Night, NightResult, Pair, Season, Team};

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
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

fn leg(h: u32, a: u32) -> Leg {
    Leg {
        score: Pair::new(h, a),
        game: None,
        hands: Vec::new(),
    }
}

/// Two nights of Royal Oak (1) against Red Lion (2).
fn season() -> Season {
    let engine = Leg {
        score: Pair::new(121, 87),
        game: Some(7),
        // Hand by hand, home first: Royal Oak pegs 20 + 41 + 60 = 121 in 3 hands, Red Lion 87.
        hands: vec![Pair::new(20, 32), Pair::new(41, 0), Pair::new(60, 55)],
    };
    let night1 = vec![
        // Gareth & Rhys win 2–1, the first leg scored with the engine.
        m(
            Kind::Don,
            1,
            &["Rhys", "Gareth"],
            &["Dai", "Huw"],
            (2, 1),
            vec![engine, leg(100, 121), leg(121, 99)],
        ),
        m(Kind::SingleCrib, 1, &["Gareth"], &["Dai"], (0, 2), vec![]),
        // Players not known: nobody's figures.
        m(Kind::Don, 2, &[], &[], (2, 0), vec![]),
    ];
    let night2 = vec![
        // Red Lion at home: Dai & Huw against "gareth  + RHYS" typed otherwise: the same pair.
        m(
            Kind::Don,
            1,
            &["Dai", "Huw"],
            &["gareth", "RHYS"],
            (2, 0),
            vec![],
        ),
        m(Kind::SingleCrib, 1, &["Huw"], &["Gareth"], (1, 2), vec![]),
    ];
    Season {
        name: "2025".into(),
        config: Config::default(),
        teams: vec![
            Team {
                id: 1,
                name: "Royal Oak".into(),
                withdrawn: None,
            },
            Team {
                id: 2,
                name: "Red Lion".into(),
                withdrawn: None,
            },
        ],
        nights: vec![
            Night {
                id: 1,
                date: NaiveDate::from_ymd_opt(2025, 9, 4).unwrap(),
                home: 1,
                away: 2,
                result: NightResult::Matches(night1),
            },
            Night {
                id: 2,
                date: NaiveDate::from_ymd_opt(2025, 9, 11).unwrap(),
                home: 2,
                away: 1,
                result: NightResult::Matches(night2),
            },
            Night {
                id: 3,
                date: NaiveDate::from_ymd_opt(2025, 9, 18).unwrap(),
                home: 1,
                away: 2,
                result: NightResult::Totals(Pair::new(5, 4)),
            },
        ],
        adjustments: vec![],
    }
}

#[allow(clippy::too_many_arguments)]
fn line(
    who: Who,
    kind: Kind,
    team: &str,
    matches: u32,
    won: u32,
    legs: u32,
    legs_won: u32,
    engine: (u32, u32, i64),
) -> Line {
    Line {
        who,
        kind,
        team: team.into(),
        matches,
        matches_won: won,
        legs,
        legs_won,
        engine_legs: engine.0,
        hands: engine.1,
        points: engine.2,
    }
}

fn p(name: &str) -> Who {
    Who::Player(name.into())
}

#[test]
fn each_player_and_partnership_by_kind_worked_out_by_hand() {
    let s = stats(&[season()], &Filter::default());
    // Don: Gareth and Rhys played 2 (won 1: 2–1 then lost 0–2), legs 3 + 2 = 5, won 2 + 0;
    // the engine leg: 3 hands, 121 points. Dai and Huw: 2 played, won 1, legs 5, won 1 + 2 = 3;
    // 87 points in the engine leg's 3 hands.
    // Single crib: Gareth lost 0–2 and won 2–1: 2 played, 1 won, legs 2 + 3 = 5, won 0 + 2;
    // Dai won 2–0 (1, legs 2, won 2); Huw lost 1–2 (legs 3, won 1).
    // Order: kind, then matches won (most first), legs won, name (Dai before Gareth at single
    // crib: both 1 won, 2 legs won).
    assert_eq!(
        s.players,
        [
            line(p("Dai"), Kind::Don, "Red Lion", 2, 1, 5, 3, (1, 3, 87)),
            line(p("Huw"), Kind::Don, "Red Lion", 2, 1, 5, 3, (1, 3, 87)),
            line(p("Gareth"), Kind::Don, "Royal Oak", 2, 1, 5, 2, (1, 3, 121)),
            line(p("Rhys"), Kind::Don, "Royal Oak", 2, 1, 5, 2, (1, 3, 121)),
            line(
                p("Dai"),
                Kind::SingleCrib,
                "Red Lion",
                1,
                1,
                2,
                2,
                (0, 0, 0)
            ),
            line(
                p("Gareth"),
                Kind::SingleCrib,
                "Royal Oak",
                2,
                1,
                5,
                2,
                (0, 0, 0)
            ),
            line(
                p("Huw"),
                Kind::SingleCrib,
                "Red Lion",
                1,
                0,
                3,
                1,
                (0, 0, 0)
            ),
        ]
    );
    // The pair typed "Rhys+Gareth" and "gareth + RHYS" is one partnership, named as first seen.
    assert_eq!(
        s.partnerships,
        [
            line(
                Who::Partnership("Dai".into(), "Huw".into()),
                Kind::Don,
                "Red Lion",
                2,
                1,
                5,
                3,
                (1, 3, 87)
            ),
            line(
                Who::Partnership("Gareth".into(), "Rhys".into()),
                Kind::Don,
                "Royal Oak",
                2,
                1,
                5,
                2,
                (1, 3, 121)
            ),
        ]
    );
    let gareth = &s.players[2];
    assert_eq!(gareth.points_per_hand(), Some(121.0 / 3.0));
    assert_eq!(gareth.win_rate(), Some(0.5));
    assert_eq!(s.players[5].points_per_hand(), None);
    assert_eq!(s.partnerships[1].who.name(), "Gareth & Rhys");
}

#[test]
fn filters_match_names_ignoring_case_and_spaces() {
    let only = |f: Filter| -> Vec<(String, Kind)> {
        stats(&[season()], &f)
            .players
            .iter()
            .map(|l| (l.who.name(), l.kind))
            .collect()
    };
    assert_eq!(
        only(Filter {
            player: Some("  GARETH ".into()),
            ..Filter::default()
        }),
        [
            ("Gareth".to_string(), Kind::Don),
            ("Gareth".to_string(), Kind::SingleCrib)
        ]
    );
    assert_eq!(
        only(Filter {
            kind: Some(Kind::SingleCrib),
            team: Some("red   lion".into()),
            ..Filter::default()
        }),
        [
            ("Dai".to_string(), Kind::SingleCrib),
            ("Huw".to_string(), Kind::SingleCrib)
        ]
    );
    assert!(only(Filter {
        kind: Some(Kind::DoubleCrib),
        ..Filter::default()
    })
    .is_empty());
    let pairs = stats(
        &[season()],
        &Filter {
            player: Some("rhys".into()),
            ..Filter::default()
        },
    )
    .partnerships;
    assert_eq!(pairs.len(), 1);
    assert_eq!(pairs[0].who.name(), "Gareth & Rhys");
}

#[test]
fn leaderboards_rank_by_what_is_asked() {
    let s = stats(&[season()], &Filter::default());
    let names = |ls: Vec<&Line>| -> Vec<(String, Kind)> {
        ls.iter().map(|l| (l.who.name(), l.kind)).collect()
    };
    // Matches won: everyone has 1 but Huw at single crib; ties by matches won, then name.
    assert_eq!(
        names(leaderboard(&s.players, Ranking::MatchesWon, 0, 3)),
        [
            ("Dai".to_string(), Kind::Don),
            ("Dai".to_string(), Kind::SingleCrib),
            ("Gareth".to_string(), Kind::Don)
        ]
    );
    // Win rate among those with at least 2 matches: all at 50%, by name.
    let rate = leaderboard(&s.players, Ranking::WinRate, 2, 10);
    assert_eq!(rate.len(), 5);
    assert!(rate.iter().all(|l| l.matches >= 2));
    // Win rate with no minimum: Dai's single crib (1 of 1) first.
    assert_eq!(
        names(leaderboard(&s.players, Ranking::WinRate, 1, 1)),
        [("Dai".to_string(), Kind::SingleCrib)]
    );
    // Legs won: Dai and Huw at Don (3).
    assert_eq!(
        names(leaderboard(&s.players, Ranking::LegsWon, 0, 2)),
        [
            ("Dai".to_string(), Kind::Don),
            ("Huw".to_string(), Kind::Don)
        ]
    );
    // Points a hand: only lines with engine hands; Gareth and Rhys 40.3 above Dai and Huw 29.
    assert_eq!(
        names(leaderboard(&s.players, Ranking::PointsPerHand, 0, 10)),
        [
            ("Gareth".to_string(), Kind::Don),
            ("Rhys".to_string(), Kind::Don),
            ("Dai".to_string(), Kind::Don),
            ("Huw".to_string(), Kind::Don)
        ]
    );
}
