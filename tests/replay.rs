//! Randomly dealt, randomly (legally) played games of every variant and option: the record the
//! game makes replays through `check` with no errors, to the same decision.

use don::check::check_value;
use don::record::write::sim_record;
use don::replay::ScoreSheet as GameCheck;
use don::rules::sim::play_game;
use don::rules::{OptionValue, Variant};

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
    ]
}

fn replay(v: &Variant, seed: u64) -> GameCheck {
    let game = play_game(v, seed, 400);
    let record = sim_record(&format!("sim-{seed}"), &game);
    check_value(record)
}

#[test]
fn random_legal_games_replay_cleanly_to_a_decision() {
    for v in rulesets() {
        for seed in 0..25 {
            let check = replay(&v, seed);
            let first = |list: &[don::record::Fault]| {
                format!("{:?}", list.iter().take(3).collect::<Vec<_>>())
            };
            assert!(
                check.errors.is_empty(),
                "{} seed {seed}: {}",
                v.describe(),
                first(&check.errors)
            );
            assert!(
                check.result.is_some(),
                "{} seed {seed} undecided: {}",
                v.describe(),
                first(&check.warnings)
            );
            assert!(
                check.warnings.is_empty(),
                "{} seed {seed}: {}",
                v.describe(),
                first(&check.warnings)
            );
        }
    }
}
