//! What the benchmarks share: the rulesets their simulated games are played under.

use don::rules::{OptionValue, Variant};

/// A ruleset of each variant (Nine Card Don twice: to 121 with game, and with hljg).
pub fn rulesets() -> Vec<Variant> {
    let v = |name: &str, opts: &[(&str, OptionValue)]| {
        Variant::build(name, opts.iter().map(|(k, v)| (*k, v.clone()))).unwrap()
    };
    vec![
        v("nine-card-don", &[]),
        v(
            "nine-card-don",
            &[("end_scoring", OptionValue::Str("hljg".into()))],
        ),
        v("blind-don", &[]),
        v("game-to-lose", &[]),
        v("irish-don", &[]),
        v("phat", &[]),
    ]
}
