//! Ten seasons (or any number) of a twelve-team league as one results CSV (FORMAT.md §3, the
//! matches shape): a double round robin a season, nine matches a night with players and leg
//! scores, from a fixed seed. The league and publish benchmarks share it.

use std::fmt::Write as _;
use std::path::Path;

use chrono::{NaiveDate, Weekday};

use don::league::fixtures::double_round_robin;

pub const TEAMS: [&str; 12] = [
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

const KINDS: [(&str, u32, usize); 3] = [
    ("don", 121, 2),
    ("double-crib", 121, 2),
    ("single-crib", 61, 1),
];

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One match: legs best of three, leg scores with the winner exactly at the target.
fn one_match(rng: &mut Rng, target: u32) -> ((u32, u32), String) {
    let (mut legs, mut scores) = ((0, 0), Vec::new());
    while legs.0 < 2 && legs.1 < 2 {
        let loser = target / 2 + rng.below(u64::from(target / 2)) as u32;
        if rng.below(2) == 0 {
            legs.0 += 1;
            scores.push(format!("{target}-{loser}"));
        } else {
            legs.1 += 1;
            scores.push(format!("{loser}-{target}"));
        }
    }
    (legs, scores.join(" "))
}

/// The results of `seasons` seasons as one matches CSV; returns the number of match rows.
pub fn generate(path: &Path, seasons: u32) -> usize {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let ids: Vec<i64> = (0..TEAMS.len() as i64).collect();
    let mut out = String::from(
        "season,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n",
    );
    let mut rows = 0;
    for s in 0..seasons {
        let year = 2016 + s as i32;
        let season = format!("{year}-{:02}", (year + 1) % 100);
        let start = NaiveDate::from_ymd_opt(year, 9, 1).unwrap();
        let plan = double_round_robin(&ids, start, Weekday::Thu, &[]).unwrap();
        for f in &plan.fixtures {
            let (home, away) = (TEAMS[f.home as usize], TEAMS[f.away as usize]);
            for (kind, target, per_side) in KINDS {
                for slot in 1..=3 {
                    let players = |team: &str| -> String {
                        (0..per_side)
                            .map(|p| format!("{team} player {}", (slot - 1) * per_side + p + 1))
                            .collect::<Vec<_>>()
                            .join("+")
                    };
                    let ((h, a), scores) = one_match(&mut rng, target);
                    writeln!(
                        out,
                        "{season},{},{home},{away},{kind},{slot},{},{},{h},{a},{scores}",
                        f.date,
                        players(home),
                        players(away)
                    )
                    .unwrap();
                    rows += 1;
                }
            }
        }
    }
    std::fs::write(path, out).unwrap();
    rows
}

/// One season, `season`, of three divisions of twelve teams (RULES.md §10) as one matches CSV
/// with the `division` column: each division a double round robin of its own, on the same
/// Thursdays, nine matches a night; returns the number of match rows.
pub fn generate_divided(path: &Path, season: &str, divisions: &[&str]) -> usize {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let ids: Vec<i64> = (0..TEAMS.len() as i64).collect();
    let mut out = String::from(
        "season,division,date,home,away,kind,slot,home_players,away_players,home_legs,away_legs,leg_scores\n",
    );
    let mut rows = 0;
    let start = NaiveDate::from_ymd_opt(2030, 9, 5).unwrap();
    let plan = double_round_robin(&ids, start, Weekday::Thu, &[]).unwrap();
    for f in &plan.fixtures {
        for (n, division) in divisions.iter().enumerate() {
            let team = |id: i64| format!("{} {}", TEAMS[id as usize], n + 1);
            let (home, away) = (team(f.home), team(f.away));
            for (kind, target, per_side) in KINDS {
                for slot in 1..=3 {
                    let players = |team: &str| -> String {
                        (0..per_side)
                            .map(|p| format!("{team} player {}", (slot - 1) * per_side + p + 1))
                            .collect::<Vec<_>>()
                            .join("+")
                    };
                    let ((h, a), scores) = one_match(&mut rng, target);
                    writeln!(
                        out,
                        "{season},{division},{},{home},{away},{kind},{slot},{},{},{h},{a},{scores}",
                        f.date,
                        players(&home),
                        players(&away)
                    )
                    .unwrap();
                    rows += 1;
                }
            }
        }
    }
    std::fs::write(path, out).unwrap();
    rows
}
