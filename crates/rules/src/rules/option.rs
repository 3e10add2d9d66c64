//! Option values as a record writes them, and how a variant reads them: typed, named, explained
//! (RULES.md §9: options belong to their variant and are typed).

use std::fmt;

/// An option's value as written in a record, before it is checked.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    Int(i64),
    Number(f64),
    Str(String),
    Bool(bool),
    Null,
    /// An array or object: never a valid option value.
    Compound,
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Number(n) => write!(f, "{n}"),
            OptionValue::Str(s) => write!(f, "\"{s}\""),
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Null => f.write_str("null"),
            OptionValue::Compound => f.write_str("a list or object"),
        }
    }
}

/// Why a ruleset cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    #[error(
        "unknown variant \"{0}\" (one of nine-card-don, blind-don, game-to-lose, irish-don, phat)"
    )]
    UnknownVariant(String),
    #[error("option `{option}` is not an option of {variant}{}", owner.map_or(String::new(), |o| format!(" (it belongs to {o})")))]
    UnknownOption {
        variant: &'static str,
        option: String,
        /// The variant the option belongs to, if another has it.
        owner: Option<&'static str>,
    },
    #[error("option `{option}` of {variant} must be {expected}, not {found}")]
    BadValue {
        variant: &'static str,
        option: String,
        expected: String,
        found: String,
    },
    #[error("{0}")]
    Conflict(String),
}

impl RulesetError {
    pub fn bad(variant: &'static str, option: &str, expected: String, found: &OptionValue) -> Self {
        RulesetError::BadValue {
            variant,
            option: option.to_string(),
            expected,
            found: found.to_string(),
        }
    }

    /// An option the variant does not have; the ruleset names its owner.
    pub fn unknown(variant: &'static str, option: &str) -> Self {
        RulesetError::UnknownOption {
            variant,
            option: option.to_string(),
            owner: None,
        }
    }
}

/// The range of a target, in every variant that has one.
pub const TARGETS: std::ops::RangeInclusive<i64> = 1..=10_000;

/// Reads a whole number within a range.
pub fn whole(
    variant: &'static str,
    option: &str,
    value: &OptionValue,
    range: std::ops::RangeInclusive<i64>,
) -> Result<u32, RulesetError> {
    match value {
        OptionValue::Int(i) if range.contains(i) => u32::try_from(*i)
            .map_err(|_| RulesetError::bad(variant, option, expected_range(&range), value)),
        _ => Err(RulesetError::bad(
            variant,
            option,
            expected_range(&range),
            value,
        )),
    }
}

fn expected_range(range: &std::ops::RangeInclusive<i64>) -> String {
    format!("a whole number from {} to {}", range.start(), range.end())
}

pub fn bool_option(
    variant: &'static str,
    option: &str,
    value: &OptionValue,
) -> Result<bool, RulesetError> {
    match value {
        OptionValue::Bool(b) => Ok(*b),
        _ => Err(RulesetError::bad(
            variant,
            option,
            "true or false".into(),
            value,
        )),
    }
}

/// The words an option takes, each standing for a value.
pub struct Words<T: 'static>(pub &'static [(&'static str, T)]);

impl<T: Copy + PartialEq> Words<T> {
    pub fn read(
        &self,
        variant: &'static str,
        option: &str,
        value: &OptionValue,
    ) -> Result<T, RulesetError> {
        if let OptionValue::Str(s) = value {
            if let Some((_, t)) = self.0.iter().find(|(w, _)| w == s) {
                return Ok(*t);
            }
        }
        Err(RulesetError::bad(variant, option, self.expected(), value))
    }

    /// `"a", "b" or "c"`.
    pub fn expected(&self) -> String {
        let quoted: Vec<String> = self.0.iter().map(|(w, _)| format!("\"{w}\"")).collect();
        match quoted.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The word for a value, as an option value.
    pub fn word(&self, value: T) -> OptionValue {
        OptionValue::Str(
            self.0
                .iter()
                .find(|(_, t)| *t == value)
                .map_or("", |(w, _)| w)
                .to_string(),
        )
    }
}
