//! The league table (RULES.md §7, FORMAT.md §4): every table here is worked out by hand in the
//! comments and asserted whole, row by row and explanation by explanation.
//!
//! A night entered match by match is written as a code, one letter a match in the night's order
//! (Abercarn: don 1–3, double-crib 1–3, single-crib 1–3): `H` home wins 2–0, `h` home wins 2–1,
//! `A` away wins 2–0, `a` away wins 2–1. A code shorter than the night is an incomplete night.

use chrono::NaiveDate;

use don::league::{
    standings, Adjustment, Breaker, Config, HomeAway, Kind, KindConfig, Match, Night, NightResult,
    Pair, SeasonRecord, Standings, Team, TeamId,
};
use don::record::standings::TableLine;

fn day(month: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, month, d).expect("a date")
}

fn team(id: TeamId, name: &str) -> Team {
    Team {
        id,
        name: name.to_string(),
        withdrawn: None,
    }
}

/// A night entered match by match from a code (see the top of the file).
fn played(config: &Config, date: NaiveDate, home: TeamId, away: TeamId, code: &str) -> Night {
    let slots = config
        .night
        .iter()
        .flat_map(|k| (1..=k.matches).map(move |slot| (k.kind, slot)));
    let matches = slots
        .zip(code.chars())
        .map(|((kind, slot), c)| {
            let legs = match c {
                'H' => Pair::new(2, 0),
                'h' => Pair::new(2, 1),
                'A' => Pair::new(0, 2),
                'a' => Pair::new(1, 2),
                other => panic!("no match code {other}"),
            };
            Match {
                kind,
                slot,
                players: Pair::default(),
                legs,
                leg_scores: Vec::new(),
            }
        })
        .collect();
    night(date, home, away, NightResult::Matches(matches))
}

fn totals(date: NaiveDate, home: TeamId, away: TeamId, h: u32, a: u32) -> Night {
    night(date, home, away, NightResult::Totals(Pair::new(h, a)))
}

fn walkover(date: NaiveDate, home: TeamId, away: TeamId, turned_up: HomeAway) -> Night {
    night(date, home, away, NightResult::Walkover(turned_up))
}

fn night(date: NaiveDate, home: TeamId, away: TeamId, result: NightResult) -> Night {
    Night {
        id: 0,
        date,
        home,
        away,
        result,
        confirmation: Default::default(),
    }
}

fn adjustment(team: TeamId, points: i64, date: NaiveDate) -> Adjustment {
    Adjustment {
        team,
        points,
        reason: "by the committee".to_string(),
        date,
    }
}

fn season(config: Config, teams: Vec<Team>, nights: Vec<Night>) -> SeasonRecord {
    SeasonRecord {
        name: "2024".to_string(),
        config,
        teams,
        nights,
        adjustments: Vec::new(),
        recorded: Vec::new(),
        divisions: Vec::new(),
    }
}

fn with_breakers(breakers: &[Breaker]) -> Config {
    Config {
        tie_breakers: breakers.to_vec(),
        ..Config::default()
    }
}

/// A row: `[played, won, drawn, lost, matches for, against, legs for, against]`, then points.
fn row(pos: u32, team: TeamId, name: &str, figures: [u32; 8], points: i64) -> TableLine<Team> {
    let [played, won, drawn, lost, matches_for, matches_against, legs_for, legs_against] = figures;
    // A night match by match gives legs (its matches' winners won one at least): a team
    // that played with none had only walkovers and totals, whose legs are not known.
    let legs_known = played == 0 || legs_for + legs_against > 0;
    TableLine {
        pos,
        team: self::team(team, name),
        played,
        won,
        drawn,
        lost,
        matches_for,
        matches_against,
        legs_for: legs_known.then_some(legs_for),
        legs_against: legs_known.then_some(legs_against),
        points,
        note: String::new(),
    }
}

/// The explanations as (above, below, breaker, text).
fn reasons(table: &Standings) -> Vec<(TeamId, TeamId, Breaker, &str)> {
    table
        .explanations
        .iter()
        .map(|e| (e.above, e.below, e.breaker, e.text.as_str()))
        .collect()
}

const FOX: TeamId = 1;
const OAK: TeamId = 2;
const LION: TeamId = 3;
const INN: TeamId = 4;

fn four_teams() -> Vec<Team> {
    vec![
        team(FOX, "Fox and Hounds"),
        team(OAK, "Royal Oak"),
        team(LION, "Red Lion"),
        team(INN, "New Inn"),
    ]
}

/// Four teams, Abercarn nights: complete nights, totals, one incomplete night.
fn small_season() -> SeasonRecord {
    let c = Config::default();
    let nights = vec![
        // Fox 6–3 Oak; legs: HHH 6–0, hhh 6–3, A 0–2, aa 2–4: Fox 14–9.
        played(&c, day(1, 10), FOX, OAK, "HHHhhhAaa"),
        totals(day(1, 10), LION, INN, 4, 5),
        // Oak 4–5 Lion; legs: hhhh 8–4, aaaa 4–8, A 0–2: Oak 12–14.
        played(&c, day(1, 17), OAK, LION, "hhhhaaaaA"),
        // Incomplete (five matches of nine): does not count at all.
        played(&c, day(1, 17), INN, FOX, "HHHHH"),
        totals(day(1, 24), FOX, LION, 7, 2),
        // Inn 5–4 Oak; legs: HHHH 8–0, h 2–1, AAA 0–6, a 1–2: Inn 11–9.
        played(&c, day(1, 24), INN, OAK, "HHHHhAAAa"),
    ];
    season(c, four_teams(), nights)
}

#[test]
fn a_small_season_with_complete_totals_and_incomplete_nights() {
    // Fox:  W 6–3 (legs 14–9), W 7–2                  → P2 W2, matches 13–5, legs 14–9, 13 pts
    // Oak:  L 3–6 (9–14), L 4–5 (12–14), L 4–5 (9–11) → P3 L3, matches 11–16, legs 30–39, 11
    // Lion: L 4–5, W 5–4 (14–12), L 2–7               → P3 W1 L2, matches 11–16, legs 14–12, 11
    // Inn:  W 5–4, W 5–4 (11–9); the incomplete night left out → P2 W2, 10–8, legs 11–9, 10
    // Lion and Oak level on 11: legs difference +2 against -9.
    let table = standings(&small_season());
    assert_eq!(
        table.rows,
        vec![
            row(1, FOX, "Fox and Hounds", [2, 2, 0, 0, 13, 5, 14, 9], 13),
            row(2, LION, "Red Lion", [3, 1, 0, 2, 11, 16, 14, 12], 11),
            row(3, OAK, "Royal Oak", [3, 0, 0, 3, 11, 16, 30, 39], 11),
            row(4, INN, "New Inn", [2, 2, 0, 0, 10, 8, 11, 9], 10),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                FOX,
                LION,
                Breaker::Points,
                "Fox and Hounds above Red Lion: 13 points against 11"
            ),
            (
                LION,
                OAK,
                Breaker::LegsDifference,
                "Red Lion above Royal Oak: level on 11 points; legs difference +2 against -9"
            ),
            (
                OAK,
                INN,
                Breaker::Points,
                "Royal Oak above New Inn: 11 points against 10"
            ),
        ]
    );
    assert!(table.withdrawn.is_empty());
}

#[test]
fn legs_won_parts_teams_level_on_points_and_legs_difference() {
    // Swan 5–4 Star "hhhhhaaaa": legs 10+4 = 14 against 5+8 = 13.
    // Plough 5–4 Greyhound "HhhhhAaaa": legs 2+8+0+3 = 13 against 0+4+2+6 = 12.
    // Swan and Plough: 5 points, +1 each; legs won 14 against 13 (by name Plough would lead).
    // Star and Greyhound: 4 points, -1 each; legs won 13 against 12.
    let c = Config::default();
    let teams = vec![
        team(1, "Swan"),
        team(2, "Plough"),
        team(3, "Star"),
        team(4, "Greyhound"),
    ];
    let nights = vec![
        played(&c, day(1, 10), 1, 3, "hhhhhaaaa"),
        played(&c, day(1, 10), 2, 4, "HhhhhAaaa"),
    ];
    let table = standings(&season(c, teams, nights));
    assert_eq!(
        table.rows,
        vec![
            row(1, 1, "Swan", [1, 1, 0, 0, 5, 4, 14, 13], 5),
            row(2, 2, "Plough", [1, 1, 0, 0, 5, 4, 13, 12], 5),
            row(3, 3, "Star", [1, 0, 0, 1, 4, 5, 13, 14], 4),
            row(4, 4, "Greyhound", [1, 0, 0, 1, 4, 5, 12, 13], 4),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                1,
                2,
                Breaker::LegsWon,
                "Swan above Plough: level on 5 points, legs difference +1; legs won 14 against 13"
            ),
            (2, 3, Breaker::Points, "Plough above Star: 5 points against 4"),
            (
                3,
                4,
                Breaker::LegsWon,
                "Star above Greyhound: level on 4 points, legs difference -1; legs won 13 against 12"
            ),
        ]
    );
}

/// Nights known by totals only: Anchor and Bell level on 10 points, Bell with more nights won.
fn level_on_points(config: Config) -> SeasonRecord {
    let teams = vec![
        team(1, "Anchor"),
        team(2, "Bell"),
        team(3, "Castle"),
        team(4, "Dolphin"),
    ];
    let nights = vec![
        totals(day(1, 10), 1, 3, 8, 1),
        totals(day(1, 10), 2, 4, 5, 4),
        totals(day(1, 17), 1, 4, 2, 7),
        totals(day(1, 17), 2, 3, 5, 4),
    ];
    season(config, teams, nights)
}

#[test]
fn nights_won_parts_teams_level_on_points() {
    // Anchor: W 8–1, L 2–7 → 10 points, 1 night won. Bell: W 5–4, W 5–4 → 10 points, 2 won.
    // Castle: L 1–8, L 4–5 → 5. Dolphin: L 4–5, W 7–2 → 11.
    let table = standings(&level_on_points(with_breakers(&[
        Breaker::Points,
        Breaker::NightsWon,
    ])));
    assert_eq!(
        table.rows,
        vec![
            row(1, 4, "Dolphin", [2, 1, 0, 1, 11, 7, 0, 0], 11),
            row(2, 2, "Bell", [2, 2, 0, 0, 10, 8, 0, 0], 10),
            row(3, 1, "Anchor", [2, 1, 0, 1, 10, 8, 0, 0], 10),
            row(4, 3, "Castle", [2, 0, 0, 2, 5, 13, 0, 0], 5),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                4,
                2,
                Breaker::Points,
                "Dolphin above Bell: 11 points against 10"
            ),
            (
                2,
                1,
                Breaker::NightsWon,
                "Bell above Anchor: level on 10 points; nights won 2 against 1"
            ),
            (
                1,
                3,
                Breaker::Points,
                "Anchor above Castle: 10 points against 5"
            ),
        ]
    );
}

#[test]
fn name_is_the_last_resort() {
    // The same season under the default breakers: no legs anywhere, so Anchor and Bell are
    // level on everything and go by name.
    let table = standings(&level_on_points(Config::default()));
    let order: Vec<TeamId> = table.rows.iter().map(|r| r.team.id).collect();
    assert_eq!(order, vec![4, 1, 2, 3]);
    assert_eq!(
        reasons(&table)[1],
        (
            1,
            2,
            Breaker::Name,
            "Anchor above Bell: level on 10 points, legs difference 0, legs won 0; level on every \
             tie-breaker, so by name"
        )
    );
}

#[test]
fn names_go_by_case_then_as_written_then_as_entered() {
    // Nobody has played: all level on everything. "ancient Druids" before "Bell" ignoring case
    // (though 'B' sorts before 'a' as written); "Red Lion" before "red lion" as written; two
    // teams both called "Swan" in the order entered (id 5 before id 7). A second listing of
    // id 1 is ignored.
    let teams = vec![
        team(1, "Bell"),
        team(2, "ancient Druids"),
        team(3, "red lion"),
        team(4, "Red Lion"),
        team(7, "Swan"),
        team(5, "Swan"),
        team(1, "Bell again"),
    ];
    let table = standings(&season(Config::default(), teams, Vec::new()));
    let zero = [0; 8];
    assert_eq!(
        table.rows,
        vec![
            row(1, 2, "ancient Druids", zero, 0),
            row(2, 1, "Bell", zero, 0),
            row(3, 4, "Red Lion", zero, 0),
            row(4, 3, "red lion", zero, 0),
            row(5, 5, "Swan", zero, 0),
            row(6, 7, "Swan", zero, 0),
        ]
    );
    let level = "level on 0 points, legs difference 0, legs won 0";
    let by_name = format!("{level}; level on every tie-breaker, so by name");
    assert_eq!(
        reasons(&table),
        vec![
            (
                2,
                1,
                Breaker::Name,
                format!("ancient Druids above Bell: {by_name}").as_str()
            ),
            (
                1,
                4,
                Breaker::Name,
                &format!("Bell above Red Lion: {by_name}")
            ),
            (
                4,
                3,
                Breaker::Name,
                &format!("Red Lion above red lion: {by_name}")
            ),
            (
                3,
                5,
                Breaker::Name,
                &format!("red lion above Swan: {by_name}")
            ),
            (
                5,
                7,
                Breaker::Name,
                &format!(
                    "Swan above Swan: {level}; level on every tie-breaker and named alike, so in \
                     the order the teams were entered"
                )
            ),
        ]
    );
}

#[test]
fn head_to_head_breaks_a_three_way_tie_among_the_three() {
    // Among Fox, Lion and Oak: Fox 4–5 Lion, Lion 4–5 Oak, Oak 5–4 Fox.
    //   Head-to-head: Oak 5+5 = 10, Lion 5+4 = 9, Fox 4+4 = 8.
    // Against Inn: Fox 7–2 Inn, Inn 3–6 Lion, Oak 5–4 Inn.
    //   Points: Fox 8+7 = 15, Lion 9+6 = 15, Oak 10+5 = 15, Inn 2+3+4 = 9.
    // Over all their nights the three won 15 points each, so only the nights among the three
    // part them (by name it would be Fox, Lion, Oak).
    let config = with_breakers(&[
        Breaker::Points,
        Breaker::HeadToHead,
        Breaker::LegsDifference,
    ]);
    let nights = vec![
        totals(day(1, 10), FOX, LION, 4, 5),
        totals(day(1, 10), OAK, INN, 5, 4),
        totals(day(1, 17), LION, OAK, 4, 5),
        totals(day(1, 17), FOX, INN, 7, 2),
        totals(day(1, 24), OAK, FOX, 5, 4),
        totals(day(1, 24), INN, LION, 3, 6),
    ];
    let table = standings(&season(config, four_teams(), nights));
    assert_eq!(
        table.rows,
        vec![
            row(1, OAK, "Royal Oak", [3, 3, 0, 0, 15, 12, 0, 0], 15),
            row(2, LION, "Red Lion", [3, 2, 0, 1, 15, 12, 0, 0], 15),
            row(3, FOX, "Fox and Hounds", [3, 1, 0, 2, 15, 12, 0, 0], 15),
            row(4, INN, "New Inn", [3, 0, 0, 3, 9, 18, 0, 0], 9),
        ]
    );
    let among = "head-to-head among Fox and Hounds, Red Lion, Royal Oak";
    assert_eq!(
        reasons(&table),
        vec![
            (
                OAK,
                LION,
                Breaker::HeadToHead,
                format!(
                    "Royal Oak above Red Lion: level on 15 points; {among} 10 points against 9"
                )
                .as_str()
            ),
            (
                LION,
                FOX,
                Breaker::HeadToHead,
                &format!(
                    "Red Lion above Fox and Hounds: level on 15 points; {among} 9 points against 8"
                )
            ),
            (
                FOX,
                INN,
                Breaker::Points,
                "Fox and Hounds above New Inn: 15 points against 9"
            ),
        ]
    );
}

#[test]
fn two_left_level_by_head_to_head_go_to_the_next_breaker() {
    // Anchor 5–4 Bell, match by match "hhhhhAAAA": legs Anchor 10, Bell 5+8 = 13.
    // Castle 6–3 Anchor, Bell 4–5 Castle (totals).
    //   Head-to-head among the three: Castle 11, Anchor 5+3 = 8, Bell 4+4 = 8.
    // Against Dragon: Castle 4–5 Dragon, Anchor 7–2 Dragon, Dragon 2–7 Bell.
    //   Points: Castle 15, Anchor 15, Bell 15, Dragon 9.
    // Anchor and Bell are left level by head-to-head among the three; between the two alone
    // Anchor won 5–4 (and leads by name), but the next breaker, legs difference, decides:
    // Bell +3, Anchor -3.
    let config = with_breakers(&[
        Breaker::Points,
        Breaker::HeadToHead,
        Breaker::LegsDifference,
    ]);
    let teams = vec![
        team(1, "Anchor"),
        team(2, "Bell"),
        team(3, "Castle"),
        team(4, "Dragon"),
    ];
    let nights = vec![
        played(&config, day(1, 10), 1, 2, "hhhhhAAAA"),
        totals(day(1, 10), 3, 4, 4, 5),
        totals(day(1, 17), 3, 1, 6, 3),
        totals(day(1, 17), 4, 2, 2, 7),
        totals(day(1, 24), 2, 3, 4, 5),
        totals(day(1, 24), 1, 4, 7, 2),
    ];
    let table = standings(&season(config, teams, nights));
    assert_eq!(
        table.rows,
        vec![
            row(1, 3, "Castle", [3, 2, 0, 1, 15, 12, 0, 0], 15),
            row(2, 2, "Bell", [3, 1, 0, 2, 15, 12, 13, 10], 15),
            row(3, 1, "Anchor", [3, 2, 0, 1, 15, 12, 10, 13], 15),
            row(4, 4, "Dragon", [3, 1, 0, 2, 9, 18, 0, 0], 9),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                3,
                2,
                Breaker::HeadToHead,
                "Castle above Bell: level on 15 points; head-to-head among Anchor, Bell, Castle \
                 11 points against 8"
            ),
            (
                2,
                1,
                Breaker::LegsDifference,
                "Bell above Anchor: level on 15 points, head-to-head among Anchor, Bell, Castle \
                 8 points; legs difference +3 against -3"
            ),
            (
                1,
                4,
                Breaker::Points,
                "Anchor above Dragon: 15 points against 9"
            ),
        ]
    );
}

#[test]
fn head_to_head_counts_a_walkover() {
    // Bell had a walkover from Anchor (9–0); Anchor won 9–0 against Crown. Anchor and Bell on 9
    // points; head-to-head between them 9 against 0 (by name Anchor would lead).
    let config = with_breakers(&[Breaker::Points, Breaker::HeadToHead]);
    let teams = vec![team(1, "Anchor"), team(2, "Bell"), team(3, "Crown")];
    let nights = vec![
        walkover(day(1, 10), 1, 2, HomeAway::Away),
        totals(day(1, 17), 1, 3, 9, 0),
    ];
    let table = standings(&season(config, teams, nights));
    assert_eq!(
        table.rows,
        vec![
            row(1, 2, "Bell", [1, 1, 0, 0, 9, 0, 0, 0], 9),
            row(2, 1, "Anchor", [2, 1, 0, 1, 9, 9, 0, 0], 9),
            row(3, 3, "Crown", [1, 0, 0, 1, 0, 9, 0, 0], 0),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                2,
                1,
                Breaker::HeadToHead,
                "Bell above Anchor: level on 9 points; head-to-head among Anchor, Bell 9 points \
                 against 0"
            ),
            (
                1,
                3,
                Breaker::Points,
                "Anchor above Crown: 9 points against 0"
            ),
        ]
    );
}

/// Oak, Lion and Inn: two walkovers, a complete night, two deductions.
fn walkovers(config: Config) -> SeasonRecord {
    let teams = vec![
        team(OAK, "Royal Oak"),
        team(LION, "Red Lion"),
        team(INN, "New Inn"),
    ];
    let nights = vec![
        // Lion did not turn up at Oak.
        walkover(day(1, 10), OAK, LION, HomeAway::Home),
        // Inn 5–4 Oak; legs: HHHHH 10–0, aaaa 4–8: Inn 14–8.
        played(&config, day(1, 17), INN, OAK, "HHHHHaaaa"),
        // Lion did not turn up at home to Inn.
        walkover(day(1, 24), LION, INN, HomeAway::Away),
    ];
    let mut s = season(config, teams, nights);
    s.adjustments = vec![
        adjustment(LION, -2, day(1, 11)),
        adjustment(INN, -1, day(1, 30)),
    ];
    s
}

#[test]
fn a_walkover_is_every_match_of_the_night_by_default_and_a_deduction_counts_in_points_only() {
    // Oak: W 9–0 (walkover, no legs), L 4–5 (8–14) → P2 W1 L1, matches 13–5, legs 8–14, 13.
    // Inn: W 5–4 (14–8), W 9–0 (walkover) → P2 W2, matches 14–4, legs 14–8, 14 − 1 = 13.
    // Lion: L 0–9, L 0–9 → P2 L2, matches 0–18, 0 − 2 = -2.
    // Inn and Oak level on 13: legs difference +6 against -6.
    let table = standings(&walkovers(Config::default()));
    assert_eq!(
        table.rows,
        vec![
            row(1, INN, "New Inn", [2, 2, 0, 0, 14, 4, 14, 8], 13),
            row(2, OAK, "Royal Oak", [2, 1, 0, 1, 13, 5, 8, 14], 13),
            row(3, LION, "Red Lion", [2, 0, 0, 2, 0, 18, 0, 0], -2),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                INN,
                OAK,
                Breaker::LegsDifference,
                "New Inn above Royal Oak: level on 13 points; legs difference +6 against -6"
            ),
            (
                OAK,
                LION,
                Breaker::Points,
                "Royal Oak above Red Lion: 13 points against -2"
            ),
        ]
    );
}

#[test]
fn a_configured_walkover_and_two_points_a_match() {
    // Walkovers give 5 matches; 2 points a match.
    // Oak: W 5–0, L 4–5 → matches 9–5, 18 points. Inn: W 5–4, W 5–0 → 10–4, 20 − 1 = 19.
    // Lion: L 0–5, L 0–5 → 0–10, 0 − 2 = -2.
    let config = Config {
        walkover: Some(5),
        points_per_match: 2,
        ..Config::default()
    };
    let table = standings(&walkovers(config));
    assert_eq!(
        table.rows,
        vec![
            row(1, INN, "New Inn", [2, 2, 0, 0, 10, 4, 14, 8], 19),
            row(2, OAK, "Royal Oak", [2, 1, 0, 1, 9, 5, 8, 14], 18),
            row(3, LION, "Red Lion", [2, 0, 0, 2, 0, 10, 0, 0], -2),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                INN,
                OAK,
                Breaker::Points,
                "New Inn above Royal Oak: 19 points against 18"
            ),
            (
                OAK,
                LION,
                Breaker::Points,
                "Royal Oak above Red Lion: 18 points against -2"
            ),
        ]
    );
}

#[test]
fn a_night_of_even_matches_can_be_drawn() {
    // Two don and two single crib a night. Anchor 2–2 Bell "HhAa": legs 2+2+0+1 = 5 each.
    // Bell 3–1 Anchor by totals.
    // Bell: D 2–2 (5–5), W 3–1 → P2 W1 D1, 5–3, legs 5–5, 5. Anchor: D, L → P2 D1 L1, 3–5, 3.
    let config = Config {
        night: vec![
            KindConfig {
                kind: Kind::Don,
                matches: 2,
                best_of: 3,
                target: 121,
                players: 2,
            },
            KindConfig {
                kind: Kind::SingleCrib,
                matches: 2,
                best_of: 3,
                target: 61,
                players: 1,
            },
        ],
        ..Config::default()
    };
    let teams = vec![team(1, "Anchor"), team(2, "Bell")];
    let nights = vec![
        played(&config, day(1, 10), 1, 2, "HhAa"),
        totals(day(1, 17), 2, 1, 3, 1),
    ];
    let table = standings(&season(config, teams, nights));
    assert_eq!(
        table.rows,
        vec![
            row(1, 2, "Bell", [2, 1, 1, 0, 5, 3, 5, 5], 5),
            row(2, 1, "Anchor", [2, 0, 1, 1, 3, 5, 5, 5], 3),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![(
            2,
            1,
            Breaker::Points,
            "Bell above Anchor: 5 points against 3"
        )]
    );
}

#[test]
fn one_point_is_singular() {
    let teams = vec![team(1, "Anchor"), team(2, "Bell")];
    let nights = vec![totals(day(1, 10), 1, 2, 1, 8)];
    let mut s = season(Config::default(), teams, nights);
    s.adjustments = vec![adjustment(2, -7, day(1, 10))];
    let table = standings(&s);
    // Bell 8 − 7 = 1, Anchor 1: level; legs 0; by name.
    assert_eq!(
        reasons(&table),
        vec![(
            1,
            2,
            Breaker::Name,
            "Anchor above Bell: level on 1 point, legs difference 0, legs won 0; level on every \
             tie-breaker, so by name"
        )]
    );
    s.adjustments = vec![adjustment(2, -8, day(1, 10))];
    assert_eq!(
        reasons(&standings(&s))[0].3,
        "Anchor above Bell: 1 point against 0"
    );
}

/// Inn withdraws on 1 February, after three nights.
fn withdrawal() -> SeasonRecord {
    let c = Config::default();
    let mut teams = four_teams();
    teams[3].withdrawn = Some(day(2, 1));
    let nights = vec![
        totals(day(1, 10), FOX, INN, 6, 3),
        totals(day(1, 10), OAK, LION, 5, 4),
        // Inn 5–4 Oak; legs HHHHH 10–0, aaaa 4–8: Inn 14–8.
        played(&c, day(1, 17), INN, OAK, "HHHHHaaaa"),
        totals(day(1, 17), LION, FOX, 4, 5),
        totals(day(1, 24), INN, LION, 7, 2),
        // Fox 5–4 Oak; legs hhhhh 10–5, AAAA 0–8: Fox 10–13.
        played(&c, day(1, 31), FOX, OAK, "hhhhhAAAA"),
    ];
    let mut s = season(c, teams, nights);
    s.adjustments = vec![adjustment(INN, -1, day(1, 20))];
    s
}

#[test]
fn a_withdrawn_team_is_expunged_with_every_night_against_it() {
    // Left: Oak 5–4 Lion, Lion 4–5 Fox, Fox 5–4 Oak (10–13).
    // Fox: W 5–4, W 5–4 → P2 W2, 10–8, legs 10–13, 10.
    // Oak: W 5–4, L 4–5 (13–10) → P2 W1 L1, 9–9, legs 13–10, 9.
    // Lion: L 4–5, L 4–5 → P2 L2, 8–10, 8.
    // Inn's own line, all its nights: L 3–6, W 5–4 (14–8), W 7–2 → P3 W2 L1, 15–12, legs
    // 14–8, 15 − 1 = 14.
    let table = standings(&withdrawal());
    assert_eq!(
        table.rows,
        vec![
            row(1, FOX, "Fox and Hounds", [2, 2, 0, 0, 10, 8, 10, 13], 10),
            row(2, OAK, "Royal Oak", [2, 1, 0, 1, 9, 9, 13, 10], 9),
            row(3, LION, "Red Lion", [2, 0, 0, 2, 8, 10, 0, 0], 8),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                FOX,
                OAK,
                Breaker::Points,
                "Fox and Hounds above Royal Oak: 10 points against 9"
            ),
            (
                OAK,
                LION,
                Breaker::Points,
                "Royal Oak above Red Lion: 9 points against 8"
            ),
        ]
    );
    assert_eq!(
        table.withdrawn,
        vec![TableLine {
            team: Team {
                withdrawn: Some(day(2, 1)),
                ..team(INN, "New Inn")
            },
            ..row(0, INN, "New Inn", [3, 2, 0, 1, 15, 12, 14, 8], 14)
        }]
    );
    // From the day of the withdrawal.
    assert_eq!(standings(&withdrawal().as_on(day(2, 1))), table);
}

#[test]
fn before_its_withdrawal_a_team_is_in_the_table() {
    // Everything counts on 31 January.
    // Fox: W 6–3, W 5–4, W 5–4 (10–13) → P3 W3, 16–11, legs 10–13, 16.
    // Inn: 15–12, legs 14–8, 14 (as above).
    // Oak: W 5–4, L 4–5 (8–14), L 4–5 (13–10) → P3 W1 L2, 13–14, legs 21–24, 13.
    // Lion: L 4–5, L 4–5, L 2–7 → P3 L3, 10–17, 10.
    let table = standings(&withdrawal().as_on(day(1, 31)));
    assert_eq!(
        table.rows,
        vec![
            row(1, FOX, "Fox and Hounds", [3, 3, 0, 0, 16, 11, 10, 13], 16),
            row(2, INN, "New Inn", [3, 2, 0, 1, 15, 12, 14, 8], 14),
            row(3, OAK, "Royal Oak", [3, 1, 0, 2, 13, 14, 21, 24], 13),
            row(4, LION, "Red Lion", [3, 0, 0, 3, 10, 17, 0, 0], 10),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                FOX,
                INN,
                Breaker::Points,
                "Fox and Hounds above New Inn: 16 points against 14"
            ),
            (
                INN,
                OAK,
                Breaker::Points,
                "New Inn above Royal Oak: 14 points against 13"
            ),
            (
                OAK,
                LION,
                Breaker::Points,
                "Royal Oak above Red Lion: 13 points against 10"
            ),
        ]
    );
    assert!(table.withdrawn.is_empty());
}

#[test]
fn as_on_a_date_gives_the_table_as_it_stood() {
    // The small season on 17 January, with a deduction on the 20th left out:
    // Fox: W 6–3 (14–9) → P1 W1, 6–3, legs 14–9, 6.
    // Oak: L 3–6 (9–14), L 4–5 (12–14) → P2 L2, 7–11, legs 21–28, 7.
    // Lion: L 4–5, W 5–4 (14–12) → P2 W1 L1, 9–9, legs 14–12, 9.
    // Inn: W 5–4 (its incomplete night not counted) → P1 W1, 5–4, 5.
    let mut s = small_season();
    s.adjustments = vec![adjustment(LION, -3, day(1, 20))];
    let table = standings(&s.as_on(day(1, 17)));
    assert_eq!(
        table.rows,
        vec![
            row(1, LION, "Red Lion", [2, 1, 0, 1, 9, 9, 14, 12], 9),
            row(2, OAK, "Royal Oak", [2, 0, 0, 2, 7, 11, 21, 28], 7),
            row(3, FOX, "Fox and Hounds", [1, 1, 0, 0, 6, 3, 14, 9], 6),
            row(4, INN, "New Inn", [1, 1, 0, 0, 5, 4, 0, 0], 5),
        ]
    );
    assert_eq!(
        reasons(&table),
        vec![
            (
                LION,
                OAK,
                Breaker::Points,
                "Red Lion above Royal Oak: 9 points against 7"
            ),
            (
                OAK,
                FOX,
                Breaker::Points,
                "Royal Oak above Fox and Hounds: 7 points against 6"
            ),
            (
                FOX,
                INN,
                Breaker::Points,
                "Fox and Hounds above New Inn: 6 points against 5"
            ),
        ]
    );
    // With the deduction, at the end: Lion 11 − 3 = 8.
    let now = standings(&s);
    assert_eq!(
        now.rows[3],
        row(4, LION, "Red Lion", [3, 1, 0, 2, 11, 16, 14, 12], 8)
    );
    // Before any night, all level, by name.
    let start = standings(&s.as_on(day(1, 1)));
    let order: Vec<TeamId> = start.rows.iter().map(|r| r.team.id).collect();
    assert_eq!(order, vec![FOX, INN, LION, OAK]);
    assert!(start
        .explanations
        .iter()
        .all(|e| e.breaker == Breaker::Name));
}

#[test]
fn odd_seasons_do_not_panic() {
    // A night against an unknown team, a team against itself, absurd totals and legs, a huge
    // award, an empty night configuration: nothing panics; the unknown and self nights are left
    // out and sums stop at the largest value.
    let c = Config::default();
    let mut huge = played(&c, day(1, 10), 1, 2, "HHHHHHHHH");
    if let NightResult::Matches(ms) = &mut huge.result {
        ms[0].legs = Pair::new(u32::MAX, 0);
    }
    let nights = vec![
        totals(day(1, 1), 1, 99, 9, 0),
        totals(day(1, 1), 2, 2, 9, 0),
        totals(day(1, 2), 1, 2, u32::MAX, u32::MAX),
        totals(day(1, 3), 2, 1, u32::MAX, 0),
        huge,
    ];
    let mut s = season(c, vec![team(1, "Anchor"), team(2, "Bell")], nights);
    s.adjustments = vec![
        adjustment(1, i64::MAX, day(1, 1)),
        adjustment(1, i64::MAX, day(1, 1)),
        adjustment(2, i64::MIN, day(1, 1)),
        adjustment(99, 5, day(1, 1)),
    ];
    let table = standings(&s);
    assert_eq!(table.rows.len(), 2);
    assert_eq!(table.rows[0].team.id, 1);
    assert_eq!(table.rows[0].points, i64::MAX);
    assert_eq!(table.rows[0].played, 3);
    assert_eq!(table.rows[0].legs_for, Some(u32::MAX));
    assert_eq!(table.rows[1].matches_for, u32::MAX);
    let empty = Config {
        night: Vec::new(),
        tie_breakers: vec![Breaker::HeadToHead, Breaker::Name, Breaker::LegsWon],
        ..Config::default()
    };
    s.config = empty;
    s.nights
        .push(night(day(2, 1), 1, 2, NightResult::Matches(Vec::new())));
    let table = standings(&s);
    assert_eq!(table.rows.len(), 2);
    assert_eq!(table.explanations.len(), 1);
}
