//! The begin form read into the fields of a new game ([`crate::app::game::begin::Fields`]), and a
//! refusal of the app put beside the field it is about: chosen by the refusal's type, never by
//! its words.

use crate::app::access::error::AccessError;
use crate::app::game::begin::{options, Field, Fields};
use crate::app::game::error::GameError;
use crate::app::night::NightError;
use crate::app::AppError;
use crate::rules::Seat;
use crate::web::error::status_of;
use crate::web::my::form::{value, FormFields, FormRefusal};

/// The seats' inputs, and their labels.
pub const SEAT_INPUTS: [(Seat, &str, &str); 4] = [
    (Seat::N, "north", "North (N)"),
    (Seat::E, "east", "East (E)"),
    (Seat::S, "south", "South (S)"),
    (Seat::W, "west", "West (W)"),
];

/// The input a field of the record is typed in.
pub fn input_of(field: Field) -> String {
    match field {
        Field::Variant | Field::Options | Field::Entrants | Field::Id => "variant".into(),
        Field::Option(name) => format!("opt_{name}"),
        Field::Seats => "north".into(),
        Field::Seat(seat) => SEAT_INPUTS
            .iter()
            .find(|(s, _, _)| *s == seat)
            .map_or("north", |(_, name, _)| name)
            .into(),
        Field::Date => "date".into(),
        Field::Venue => "venue".into(),
    }
}

/// The form read: the fields of the record, the first pitcher, the night.
pub fn begin_fields(
    typed: &FormFields,
) -> Result<(Fields, Option<Seat>, Option<i64>), FormRefusal> {
    let variant = value(typed, "variant").trim().to_string();
    if variant.is_empty() {
        return Err(FormRefusal::invalid("variant", "choose the variant played"));
    }
    let options = match options_taken(typed, &variant)? {
        true => options()
            .filter_map(|(name, _, _)| Some((name, given(typed, &format!("opt_{name}"))?)))
            .collect(),
        false => Vec::new(),
    };
    let by_seat = SEAT_INPUTS
        .iter()
        .filter_map(|(seat, name, _)| Some((*seat, given(typed, name)?)))
        .collect();
    let pitcher = match given(typed, "pitcher") {
        None => None,
        Some(p) => Some(
            p.parse::<Seat>()
                .map_err(|_| FormRefusal::invalid("pitcher", "choose a seat: N, E, S or W"))?,
        ),
    };
    let fixture = match given(typed, "fixture") {
        None => None,
        Some(f) => Some(
            f.trim_start_matches('#')
                .parse::<i64>()
                .map_err(|_| FormRefusal::invalid("fixture", "choose one of the nights listed"))?,
        ),
    };
    let fields = Fields {
        variant,
        options,
        by_seat,
        date: given(typed, "date"),
        venue: given(typed, "venue"),
        ..Fields::default()
    };
    Ok((fields, pitcher, fixture))
}

/// Whether the rules options sent are the chosen variant's: the page shows one variant's
/// options (`options_of`, RULES.md §9: options belong to their variant); when the variant was
/// changed since and an option was given, the form is shown again with the new variant's
/// options (refused beside the variant); when none was given, they are the new variant's own.
/// A form without `options_of` (not the page's) has its options read as sent.
fn options_taken(typed: &FormFields, variant: &str) -> Result<bool, FormRefusal> {
    let Some(of) = given(typed, "options_of") else {
        return Ok(true);
    };
    if of.eq_ignore_ascii_case(variant) {
        return Ok(true);
    }
    let any = options().any(|(name, _, _)| given(typed, &format!("opt_{name}")).is_some());
    match any {
        false => Ok(false),
        true => Err(FormRefusal::invalid(
            "variant",
            "the rules options shown were another variant's: here are this variant's, to check before the game is begun",
        )),
    }
}

/// A refusal of the app (a game begun), beside the field it is about.
pub fn refusal(error: &AppError) -> FormRefusal {
    let status = status_of(error.kind());
    match error {
        AppError::Game(GameError::Pitcher(_)) => {
            FormRefusal::field(status, "pitcher", error.to_string())
        }
        AppError::Game(GameError::NoVariant) => {
            FormRefusal::field(status, "variant", error.to_string())
        }
        AppError::Access(AccessError::NotYourNight { .. })
        | AppError::Night(NightError::NoFixtureId(_)) => {
            FormRefusal::field(status, "fixture", error.to_string())
        }
        _ => FormRefusal::form(status, error.to_string()),
    }
}

/// What was typed in `name`, trimmed; none when blank.
pub fn given(typed: &FormFields, name: &str) -> Option<String> {
    let v = value(typed, name).trim();
    (!v.is_empty()).then(|| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::my::form::typed;

    #[test]
    fn the_form_is_read_and_what_cannot_be_read_is_refused_beside_itself() {
        let (fields, pitcher, fixture) = begin_fields(&typed(&[
            ("variant", "nine-card-don"),
            ("opt_target", " 91 "),
            ("north", "Gareth"),
            ("east", ""),
            ("pitcher", "S"),
            ("fixture", "3"),
        ]))
        .unwrap();
        assert_eq!(fields.options, vec![("target", "91".to_string())]);
        assert_eq!(fields.by_seat, vec![(Seat::N, "Gareth".to_string())]);
        assert_eq!((pitcher, fixture), (Some(Seat::S), Some(3)));
        let bad = begin_fields(&typed(&[("variant", "phat"), ("pitcher", "Q")])).unwrap_err();
        assert!(bad.fields.contains_key("pitcher"), "{bad:?}");
        let bad = begin_fields(&typed(&[])).unwrap_err();
        assert!(bad.fields.contains_key("variant"), "{bad:?}");
        assert_eq!(input_of(Field::Seat(Seat::W)), "west");
        assert_eq!(input_of(Field::Option("muck_tie")), "opt_muck_tie");
        // Options of the variant whose options were shown only: another's are not read, and
        // when one was given the form is shown again with the new variant's.
        let (fields, _, _) =
            begin_fields(&typed(&[("variant", "phat"), ("options_of", "irish-don")])).unwrap();
        assert!(fields.options.is_empty());
        let bad = begin_fields(&typed(&[
            ("variant", "phat"),
            ("options_of", "irish-don"),
            ("opt_pack", "48"),
        ]))
        .unwrap_err();
        assert!(bad.fields.contains_key("variant"), "{bad:?}");
        let (fields, _, _) = begin_fields(&typed(&[
            ("variant", "irish-don"),
            ("options_of", "irish-don"),
            ("opt_pack", "48"),
        ]))
        .unwrap();
        assert_eq!(fields.options, vec![("pack", "48".to_string())]);
    }
}
