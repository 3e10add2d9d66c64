//! A ruleset: a variant and its option values (RULES.md). Every option has a default; options
//! belong to their variant and are typed (§9).

use super::option::{OptionValue, RulesetError};
use super::spec::Spec;
use super::variant::{blind_don, game_to_lose, irish_don, nine_card_don, phat};

/// The variant with its options.
#[derive(Clone, Debug, PartialEq)]
pub enum Variant {
    NineCardDon(nine_card_don::NineCardDonOptions),
    BlindDon(blind_don::BlindDonOptions),
    GameToLose(game_to_lose::GameToLoseOptions),
    IrishDon(irish_don::IrishDonOptions),
    Phat(phat::PhatOptions),
}

impl Variant {
    pub const NAMES: [&'static str; 5] = [
        "nine-card-don",
        "blind-don",
        "game-to-lose",
        "irish-don",
        "phat",
    ];

    /// The variant with every option at its default.
    pub fn default_for(name: &str) -> Option<Variant> {
        Some(match name {
            "nine-card-don" => Variant::NineCardDon(Default::default()),
            "blind-don" => Variant::BlindDon(Default::default()),
            "game-to-lose" => Variant::GameToLose(Default::default()),
            "irish-don" => Variant::IrishDon(Default::default()),
            "phat" => Variant::Phat(Default::default()),
            _ => return None,
        })
    }

    /// Builds a ruleset from the variant name and the options as written; the first problem
    /// found is returned.
    pub fn build<'a>(
        name: &str,
        options: impl IntoIterator<Item = (&'a str, OptionValue)>,
    ) -> Result<Variant, RulesetError> {
        let mut variant = Variant::default_for(name)
            .ok_or_else(|| RulesetError::UnknownVariant(name.to_string()))?;
        for (key, value) in options {
            variant.set(key, &value)?;
        }
        variant.validate()?;
        Ok(variant)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Variant::NineCardDon(_) => nine_card_don::NAME,
            Variant::BlindDon(_) => blind_don::NAME,
            Variant::GameToLose(_) => game_to_lose::NAME,
            Variant::IrishDon(_) => irish_don::NAME,
            Variant::Phat(_) => phat::NAME,
        }
    }

    /// The names of the variant's options.
    pub fn option_names(&self) -> &'static [&'static str] {
        match self {
            Variant::NineCardDon(_) => nine_card_don::OPTIONS,
            Variant::BlindDon(_) => blind_don::OPTIONS,
            Variant::GameToLose(_) => game_to_lose::OPTIONS,
            Variant::IrishDon(_) => irish_don::OPTIONS,
            Variant::Phat(_) => phat::OPTIONS,
        }
    }

    /// Every variant's options, each once: by variant in the order of [`Variant::NAMES`], each
    /// in its variant's order.
    pub fn all_option_names() -> Vec<&'static str> {
        let mut all: Vec<&'static str> = Vec::new();
        let each = Variant::NAMES
            .iter()
            .filter_map(|n| Variant::default_for(n));
        for option in each.flat_map(|v| v.option_names()) {
            if !all.contains(option) {
                all.push(option);
            }
        }
        all
    }

    pub fn has_option(&self, option: &str) -> bool {
        self.option_names().contains(&option)
    }

    /// Sets one option; an option of another variant is named as such.
    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesetError> {
        let set = match self {
            Variant::NineCardDon(o) => o.set(option, value),
            Variant::BlindDon(o) => o.set(option, value),
            Variant::GameToLose(o) => o.set(option, value),
            Variant::IrishDon(o) => o.set(option, value),
            Variant::Phat(o) => o.set(option, value),
        };
        set.map_err(|e| match e {
            RulesetError::UnknownOption {
                variant,
                option,
                owner: None,
            } => {
                let owner = Variant::NAMES.into_iter().find(|name| {
                    *name != variant
                        && Variant::default_for(name).is_some_and(|v| v.has_option(&option))
                });
                RulesetError::UnknownOption {
                    variant,
                    option,
                    owner,
                }
            }
            other => other,
        })
    }

    fn validate(&self) -> Result<(), RulesetError> {
        match self {
            Variant::IrishDon(o) => o.validate(),
            _ => Ok(()),
        }
    }

    /// Every option with its value, defaults included: the full ruleset.
    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        match self {
            Variant::NineCardDon(o) => o.options(),
            Variant::BlindDon(o) => o.options(),
            Variant::GameToLose(o) => o.options(),
            Variant::IrishDon(o) => o.options(),
            Variant::Phat(o) => o.options(),
        }
    }

    /// How the game is played and scored, for the engine.
    pub fn spec(&self) -> Spec {
        match self {
            Variant::NineCardDon(o) => o.spec(),
            Variant::BlindDon(o) => o.spec(),
            Variant::GameToLose(o) => o.spec(),
            Variant::IrishDon(o) => o.spec(),
            Variant::Phat(o) => o.spec(),
        }
    }

    /// In words, for a score sheet: "Nine Card Don to 121, 8 for game".
    pub fn describe(&self) -> String {
        match self {
            Variant::NineCardDon(o) => o.describe(),
            Variant::BlindDon(o) => o.describe(),
            Variant::GameToLose(o) => o.describe(),
            Variant::IrishDon(o) => o.describe(),
            Variant::Phat(o) => o.describe(),
        }
    }

    /// The ruleset in the words that decide which awards a hand has, for a message about an
    /// award: "Nine Card Don with end scoring `game`", "Nine Card Don with end scoring `hljg`
    /// over 4 deals", "Phat", "Irish Don".
    pub fn award_words(&self) -> String {
        let spec = self.spec();
        let mut words = spec.title.to_string();
        let end_scoring = self
            .options()
            .into_iter()
            .find(|(option, _)| *option == "end_scoring");
        if let Some((_, OptionValue::Str(word))) = end_scoring {
            words.push_str(&format!(" with end scoring `{word}`"));
        }
        if let super::spec::Goal::Deals(n) = spec.goal {
            words.push_str(&format!(" over {n} deals"));
        }
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_option_list_rebuilds_the_same_ruleset() {
        let cases: &[(&str, &[(&str, OptionValue)])] = &[
            (
                "nine-card-don",
                &[
                    ("end_scoring", OptionValue::Str("preston".into())),
                    ("deals", OptionValue::Int(4)),
                ],
            ),
            (
                "nine-card-don",
                &[
                    ("cut", OptionValue::Str("low".into())),
                    ("penalties", OptionValue::Str("league".into())),
                ],
            ),
            ("blind-don", &[("layout", OptionValue::Str("three".into()))]),
            ("game-to-lose", &[("target", OptionValue::Int(180))]),
            (
                "irish-don",
                &[
                    ("redeal_rule", OptionValue::Str("wheatfield".into())),
                    ("best_of_three", OptionValue::Bool(true)),
                ],
            ),
            (
                "irish-don",
                &[
                    ("redeal_rule", OptionValue::Bool(true)),
                    ("tie", OptionValue::Str("draw".into())),
                ],
            ),
            ("phat", &[("muck_tie", OptionValue::Str("tens".into()))]),
        ];
        for (name, options) in cases {
            let v = Variant::build(name, options.iter().map(|(k, v)| (*k, v.clone()))).unwrap();
            let full = v.options();
            let again = Variant::build(name, full.iter().map(|(k, v)| (*k, v.clone()))).unwrap();
            assert_eq!(v.spec(), again.spec(), "{name}");
            assert_eq!(v.options(), again.options(), "{name}");
        }
    }

    #[test]
    fn bad_values_say_what_is_expected() {
        let e =
            Variant::build("phat", [("muck_tie", OptionValue::Str("halves".into()))]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option `muck_tie` of phat must be \"carry\", \"tens\" or \"split\", not \"halves\""
        );
        let e = Variant::build("game-to-lose", [("target", OptionValue::Int(0))]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option `target` of game-to-lose must be a whole number from 1 to 10000, not 0"
        );
        let e = Variant::build("phat", [("legs", OptionValue::Int(3))]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option `legs` is not an option of phat (it belongs to nine-card-don)"
        );
    }
}
