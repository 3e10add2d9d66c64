//! Why a rename or an alias of a team or a player is refused (`app::names`): typed, each
//! refusal carrying the names concerned. Here, naming nothing of `app`, so that `AppError` can
//! name it.

use chrono::NaiveDate;

use crate::league::error::Thing;

/// Why a rename or an alias is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NamesError {
    /// The name is another team's or player's (today's, former, or an alias).
    #[error("'{name}' is a name of {what} {owner} already")]
    Taken {
        what: Thing,
        name: String,
        owner: String,
    },
    /// The name is this one's already.
    #[error("'{name}' is a name of {owner} already")]
    Already { name: String, owner: String },
    /// A rename dated no later than an earlier one.
    #[error("{owner} was called '{former}' until {until}: a later rename must be from {} or after", .until.succ_opt().unwrap_or(*.until))]
    Order {
        owner: String,
        former: String,
        until: NaiveDate,
    },
    /// A blank name.
    #[error("a {what}'s name cannot be blank")]
    Blank { what: Thing },
}
