//! Randomly dealt, randomly (legally) played games of every variant and option, refereed by the
//! oracle (tests/common/oracle.rs: RULES.md written again, independently of the engine). Each
//! game is written as a record and replayed through `check`; the replay must be clean and agree
//! with the oracle hand by hand: pitchers, points, where each game or leg was decided, the final
//! score and the result.

use crate::common;

use common::oracle::{rules_md_defaults, Oracle, Verdict};
use don::check::check_value;
use don::record::write::{ruleset_json, sim_record};
use don::record::Fault;
use don::replay::ScoreSheet;
use don::rules::sim::play_game_with;
use don::rules::{OptionValue, Outcome, Side, Variant};

fn variant(name: &str, options: &[(&str, OptionValue)]) -> Variant {
    Variant::build(name, options.iter().map(|(k, v)| (*k, v.clone()))).unwrap()
}

fn s(v: &str) -> OptionValue {
    OptionValue::Str(v.into())
}

fn i(v: i64) -> OptionValue {
    OptionValue::Int(v)
}

fn b(v: bool) -> OptionValue {
    OptionValue::Bool(v)
}

pub fn rulesets() -> Vec<Variant> {
    vec![
        variant("nine-card-don", &[]),
        variant(
            "nine-card-don",
            &[("end_scoring", s("preston")), ("target", i(91))],
        ),
        variant(
            "nine-card-don",
            &[("end_scoring", s("hljg")), ("cut", s("low"))],
        ),
        variant(
            "nine-card-don",
            &[("deals", i(4)), ("end_scoring", s("hljg"))],
        ),
        variant("nine-card-don", &[("legs", i(3))]),
        variant("nine-card-don", &[("penalties", s("league"))]),
        variant("blind-don", &[]),
        variant("blind-don", &[("layout", s("stalybridge"))]),
        variant("blind-don", &[("layout", s("three"))]),
        variant("game-to-lose", &[]),
        variant("game-to-lose", &[("target", i(180))]),
        variant("irish-don", &[]),
        variant("irish-don", &[("pack", i(48))]),
        variant("irish-don", &[("pack", i(44)), ("tie", s("draw"))]),
        variant("irish-don", &[("games", i(3))]),
        variant("irish-don", &[("best_of_three", b(true))]),
        variant("irish-don", &[("misere", b(true))]),
        variant("irish-don", &[("players", i(2))]),
        variant("irish-don", &[("bonk_two_games", b(true)), ("games", i(3))]),
        variant("phat", &[]),
        variant("phat", &[("muck_tie", s("tens"))]),
        variant("phat", &[("muck_tie", s("split")), ("target", i(121))]),
        // Option combinations the list above misses.
        variant(
            "nine-card-don",
            &[("end_scoring", s("preston")), ("legs", i(3))],
        ),
        variant(
            "nine-card-don",
            &[
                ("end_scoring", s("hljg")),
                ("legs", i(2)),
                ("target", i(61)),
            ],
        ),
        variant(
            "nine-card-don",
            &[("end_scoring", s("preston")), ("deals", i(2))],
        ),
        variant(
            "nine-card-don",
            &[("deals", i(1)), ("legs", i(3)), ("target", i(500))],
        ),
        variant(
            "nine-card-don",
            &[("end_scoring", s("hljg")), ("target", i(25))],
        ),
        variant("blind-don", &[("deals", i(1))]),
        variant("blind-don", &[("layout", s("three")), ("deals", i(2))]),
        variant("game-to-lose", &[("target", i(30))]),
        variant("irish-don", &[("pack", i(48)), ("players", i(2))]),
        variant(
            "irish-don",
            &[
                ("pack", i(44)),
                ("players", i(2)),
                ("best_of_three", b(true)),
            ],
        ),
        variant("irish-don", &[("players", i(2)), ("misere", b(true))]),
        variant("irish-don", &[("misere", b(true)), ("tie", s("draw"))]),
        variant(
            "irish-don",
            &[("misere", b(true)), ("bonk_two_games", b(true))],
        ),
        variant("irish-don", &[("tie", s("draw")), ("games", i(3))]),
        variant(
            "irish-don",
            &[("best_of_three", b(true)), ("bonk_two_games", b(true))],
        ),
        variant(
            "irish-don",
            &[("pass_pitch", b(true)), ("redeal_rule", s("cork"))],
        ),
        variant("phat", &[("target", i(60))]),
        variant("phat", &[("muck_tie", s("split")), ("target", i(44))]),
        variant("phat", &[("muck_tie", s("tens")), ("target", i(400))]),
    ]
}

fn verdict(outcome: &Outcome) -> Option<Verdict> {
    Some(match outcome {
        Outcome::Won(side) => Verdict::Won(*side),
        Outcome::Draw => Verdict::Draw,
        Outcome::Lost(seats) => {
            let mut seats = seats.clone();
            seats.sort();
            Verdict::Lost(seats)
        }
        Outcome::Unknown => return None,
    })
}

fn shown(v: &Option<Verdict>) -> String {
    v.as_ref().map_or("undecided".into(), |v| v.to_string())
}

fn fault(f: &Fault) -> String {
    format!("check says [{}] {}", f.code, f.message)
}

/// The first difference, in the order of the record, between `check`'s replay of it and the
/// oracle, in words. (The one place that reads the check API: adapt it here when that API is
/// renamed.)
fn compare(check: &ScoreSheet, oracle: &Oracle) -> Result<(), String> {
    if let Some(f) = oracle.faults.first() {
        return Err(format!("the simulator broke a rule: {f}"));
    }
    let faults: Vec<&Fault> = check.errors.iter().chain(&check.warnings).collect();
    for (n, hand) in (1..).zip(&oracle.hands) {
        if let Some(f) = faults.iter().find(|f| f.hand == Some(n)) {
            return Err(format!("hand {n}: {}", fault(f)));
        }
        let Some(row) = check.hands.get(n as usize - 1) else {
            return Err(format!(
                "check has {} hands, the oracle {}",
                check.hands.len(),
                oracle.hands.len()
            ));
        };
        if row.pitcher != Some(hand.pitcher) {
            return Err(format!(
                "hand {n}: check says {:?} pitched, the oracle {}",
                row.pitcher, hand.pitcher
            ));
        }
        for &(side, points) in &hand.points {
            if row.points[side] != points {
                return Err(format!(
                    "hand {n}: check gives {side} {}, the oracle {points} (the oracle's hand: {:?})",
                    row.points[side], hand.points
                ));
            }
        }
        let engine = row
            .decided
            .as_ref()
            .map(|d| (d.hand, d.trick, verdict(&d.outcome)));
        let ours = oracle
            .decided
            .iter()
            .find(|d| d.hand == n)
            .map(|d| (d.hand, d.trick, Some(d.verdict.clone())));
        if engine != ours {
            return Err(format!(
                "hand {n}: check says decided (hand, trick, result) {engine:?}, the oracle {ours:?}"
            ));
        }
    }
    if let Some(f) = faults.first() {
        return Err(fault(f));
    }
    if check.hands.len() != oracle.hands.len() {
        return Err(format!(
            "check has {} hands, the oracle {}",
            check.hands.len(),
            oracle.hands.len()
        ));
    }
    for (side, points) in oracle.final_score() {
        if check.final_score[side] != points {
            return Err(format!(
                "final score: check gives {side} {}, the oracle {points} (the oracle's: {:?})",
                check.final_score[side],
                oracle.final_score()
            ));
        }
    }
    let engine = check.result.as_ref().and_then(verdict);
    let ours = oracle.result().cloned();
    if engine != ours {
        return Err(format!(
            "result: check says {}, the oracle {}",
            shown(&engine),
            shown(&ours)
        ));
    }
    if oracle.to_win() > 1 {
        for (side, wins) in oracle.wins() {
            if check.wins[side] != wins {
                return Err(format!(
                    "games or legs won: check gives {side} {}, the oracle {wins}",
                    check.wins[side]
                ));
            }
        }
    }
    Ok(())
}

/// Each ruleset plays seeds 0, 1, 2, … until its games have this many tricks (at least
/// `MIN_SEEDS` games, at most `MAX_SEEDS`): cheap rulesets (Irish Don, two deals a game) get more
/// seeds, so rare events (80–80, bonks) turn up, and the whole stays a few seconds in debug.
const TRICKS: u64 = 25_000;
const MIN_SEEDS: u64 = 100;
const MAX_SEEDS: u64 = 2_000;

/// One seed of one ruleset: played out refereed by the oracle, replayed by `check`, compared.
/// Returns the tricks played.
fn replay(v: &Variant, seed: u64) -> Result<u64, String> {
    // Irish Don: every fourth game the side passing 80 claims, and the deal stops there.
    let mut oracle = Oracle::new(v).with_claims(seed % 4 == 1);
    let game = play_game_with(v, seed, 400, &mut oracle);
    let record = sim_record(&format!("sim-{seed}"), &game);
    let check = check_value(record);
    compare(&check, &oracle).map(|()| game.tricks)
}

/// Replays every ruleset of the variant; fails with the first differing seed of each.
fn replay_variant(name: &str) {
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    for v in rulesets().into_iter().filter(|v| v.name() == name) {
        let (mut seed, mut tricks, mut failed) = (0, 0, 0);
        while seed < MAX_SEEDS && (seed < MIN_SEEDS || tricks < TRICKS) {
            match replay(&v, seed) {
                Ok(t) => tricks += t,
                Err(why) => {
                    if failed == 0 {
                        failures.push(format!(
                            "{} {} — seed {seed}: {why}",
                            v.describe(),
                            ruleset_json(&v)
                        ));
                    }
                    failed += 1;
                    tricks += TRICKS / MIN_SEEDS;
                }
            }
            seed += 1;
        }
        if failed > 1 {
            failures.push(format!("    ({failed} of {seed} seeds differ)"));
        }
        summary.push(format!(
            "{seed:>5} seeds {tricks:>7} tricks  {}",
            v.describe()
        ));
    }
    println!("{}", summary.join("\n"));
    assert!(
        failures.is_empty(),
        "the engine and the oracle disagree (the first seed of each ruleset):\n{}",
        failures.join("\n")
    );
}

#[test]
fn nine_card_don_replays_to_what_the_oracle_says() {
    replay_variant("nine-card-don");
}

#[test]
fn blind_don_replays_to_what_the_oracle_says() {
    replay_variant("blind-don");
}

#[test]
fn game_to_lose_replays_to_what_the_oracle_says() {
    replay_variant("game-to-lose");
}

#[test]
fn irish_don_replays_to_what_the_oracle_says() {
    replay_variant("irish-don");
}

#[test]
fn phat_replays_to_what_the_oracle_says() {
    replay_variant("phat");
}

/// The oracle reads options as `Variant::options()` gives them, defaults filled in by the engine:
/// those defaults must be RULES.md's.
#[test]
fn option_defaults_are_those_of_rules_md() {
    let sorted = |mut list: Vec<(&'static str, OptionValue)>| {
        list.sort_by_key(|(k, _)| *k);
        list
    };
    for name in Variant::NAMES {
        let layouts: &[&str] = match name {
            "blind-don" => &["rows", "stalybridge", "three"],
            _ => &[""],
        };
        for &layout in layouts {
            let v = match layout {
                "" => variant(name, &[]),
                _ => variant(name, &[("layout", s(layout))]),
            };
            assert_eq!(
                sorted(v.options()),
                sorted(rules_md_defaults(name, layout)),
                "{name} {layout}"
            );
        }
    }
    let best_of_three = variant("irish-don", &[("best_of_three", b(true))]);
    assert!(best_of_three.options().contains(&("games", i(2))));
}

/// Found by the oracle (the engine counted a bonk only in a deal played out): NS take all 80 of
/// the second deal, pass 80 at trick 12 and claim; trick 13 (TD JD QD KD) holds no fat. RULES.md
/// §5: "Winning all 80 is a bonk", and under `bonk_two_games` it counts two games (§9), so NS win
/// this first-to-2 match 2–0, in hand 2, trick 12, whether trick 13 is written down or not.
#[test]
fn a_bonk_in_a_claimed_deal_counts_two_games() {
    let record = serde_json::json!({
        "format": "don/1",
        "ruleset": { "variant": "irish-don", "bonk_two_games": true, "games": 2 },
        "hands": [
            { "pitcher": "N", "tricks": [
                "2D 5D 3D 4D", "6D 7D 9D 8D", "TD JD KD QD", "2S 3S 4S 5S", "6S 9S 7S 8S",
                "TS JS KS QS", "2H 3H 5H 4H", "6H 7H 9H 8H", "TH JH KH QH", "2C 3C 5C 4C",
                "6C 7C 9C 8C", "TC JC KC QC", "AS AH AD AC"] },
            { "pitcher": "E", "tricks": [
                "2C 3C 4C 5C", "6C 7C 9C 8C", "TC JC KC QC", "2S 3S 5S 4S", "6S 7S 9S 8S",
                "TS JS KS QS", "2H 3H 5H 4H", "6H 7H 9H 8H", "TH JH KH QH", "2D 3D 5D 4D",
                "AS AH AC AD", "6D 7D 9D 8D"] }
        ]
    });
    let check = check_value(record.clone());
    assert!(check.errors.is_empty(), "{:?}", check.errors);
    assert!(check.warnings.is_empty(), "{:?}", check.warnings);
    let points: Vec<i32> = check.hands.iter().map(|h| h.points[Side::NS]).collect();
    assert_eq!(points, [5, 80]);
    assert_eq!(check.winner(), Some(Side::NS));
    assert_eq!((check.wins[Side::NS], check.wins[Side::EW]), (2, 0));
    let d = check.hands[1].decided.as_ref().unwrap();
    assert_eq!((d.trick, d.counts), (Some(12), 2));
    // A bonk wins for the bonking side even in misère (README: readings of the rules).
    let mut record = record;
    record["ruleset"] =
        serde_json::json!({"variant": "irish-don", "bonk_two_games": true, "misere": true});
    assert_eq!(check_value(record).winner(), Some(Side::NS));
}
