//! A date as typed or read from a file: `YYYY-MM-DD`, a real day, in the years a league's
//! nights can be played (1900 to 2200). One function reads every date the program takes in (a
//! night's `--date`, a fixture's, a season's, a results file's cell), so that no date far out of
//! time (`0000-01-01`, `+10000-01-06`) is stored, sorts wrongly or reaches a calendar.

use chrono::{Datelike, NaiveDate};

/// The first year a date may be in.
pub const FIRST_YEAR: i32 = 1900;
/// The last year a date may be in.
pub const LAST_YEAR: i32 = 2200;

/// Why a text is not a date the program takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    #[error("\"{0}\" is not a date (YYYY-MM-DD, a real day)")]
    NotADate(String),
    #[error("{0} is not between {FIRST_YEAR}-01-01 and {LAST_YEAR}-12-31")]
    OutOfYears(NaiveDate),
}

/// `day` if it is within the years a date may be in.
pub fn in_years(day: NaiveDate) -> Result<NaiveDate, DateError> {
    if (FIRST_YEAR..=LAST_YEAR).contains(&day.year()) {
        Ok(day)
    } else {
        Err(DateError::OutOfYears(day))
    }
}

/// `YYYY-MM-DD` (four, two and two digits: not `2024- 3-14` nor `+024-03-14`), a real day,
/// within the years a date may be in. Spaces around it are ignored.
pub fn parse_date(text: &str) -> Result<NaiveDate, DateError> {
    let v = text.trim();
    let b = v.as_bytes();
    let not_a_date = || DateError::NotADate(v.to_string());
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return Err(not_a_date());
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        b[r.clone()]
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| v[r].parse().ok())
            .flatten()
    };
    let day = (|| NaiveDate::from_ymd_opt(num(0..4)? as i32, num(5..7)?, num(8..10)?))()
        .ok_or_else(not_a_date)?;
    in_years(day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_date_is_a_real_day_within_1900_to_2200() {
        assert_eq!(parse_date(" 2025-09-04 "), Ok(day(2025, 9, 4)));
        assert_eq!(parse_date("1900-01-01"), Ok(day(1900, 1, 1)));
        assert_eq!(parse_date("2200-12-31"), Ok(day(2200, 12, 31)));
        assert_eq!(
            parse_date("0000-01-01").unwrap_err().to_string(),
            "0000-01-01 is not between 1900-01-01 and 2200-12-31"
        );
        assert_eq!(
            parse_date("9999-12-31").unwrap_err().to_string(),
            "9999-12-31 is not between 1900-01-01 and 2200-12-31"
        );
        assert_eq!(
            parse_date("1899-12-31"),
            Err(DateError::OutOfYears(day(1899, 12, 31)))
        );
        for bad in [
            "2025-02-30",
            "+10000-01-06",
            "2025- 9-04",
            "+025-09-04",
            "2025-9-4",
            "",
        ] {
            assert_eq!(
                parse_date(bad),
                Err(DateError::NotADate(bad.to_string())),
                "{bad}"
            );
        }
        assert_eq!(
            in_years(day(10000, 1, 6)),
            Err(DateError::OutOfYears(day(10000, 1, 6)))
        );
    }
}
