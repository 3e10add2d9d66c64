//! The line an entry form sends: the line typed (or tapped) in the entry box, or one made of
//! the structured forms: a hand's totals (each side's points and the awards) and a penalty.
//! What the line means is the scorer's to say; here it is only put together.

use crate::web::my::form::{value, FormFields};

/// The longest line taken (a trick of four cards with seats is 23 characters; the longest
/// totals line with every award well under 200).
pub const LINE_MOST: usize = 500;

/// What the form sends: the line, or why none can be made of it (the line as far as it was
/// made, handed back with the reason).
pub type MadeLine = Result<String, (String, String)>;

/// The line of a posted entry form. `sides`: the codes of the game's sides (`NS`, `EW`; a
/// seat's letter where each plays alone), in order; `awards`: the words of its ruleset's
/// awards, in the order they are pegged (each chosen in its own field, `award_game`). `None`
/// when the form is not one the page sends (a `kind` it has not).
pub fn line_of(form: &FormFields, sides: &[String], awards: &[&str]) -> Option<MadeLine> {
    let made = match value(form, "kind") {
        "" => Ok(value(form, "line").trim().to_string()),
        "totals" => totals(form, sides, awards),
        "penalty" => penalty(form),
        _ => return None,
    };
    Some(
        made.and_then(|line| match line.chars().count() > LINE_MOST {
            true => Err((
                line.chars().take(LINE_MOST).collect(),
                format!("a line has at most {LINE_MOST} characters"),
            )),
            false => Ok(line),
        }),
    )
}

/// `totals NS 23 EW 12 game NS high EW`: each side's points, then the awards: each chosen
/// (`award_game`: a side, or `none`) in the ruleset's order, then any typed (`awards`).
fn totals(form: &FormFields, sides: &[String], awards: &[&str]) -> MadeLine {
    let mut line = "totals".to_string();
    for side in sides {
        let points = value(form, &format!("totals_{side}")).trim();
        if points.is_empty() {
            return Err((
                line,
                format!("type the points {side} scored in the hand (0 if none)"),
            ));
        }
        line.push_str(&format!(" {side} {points}"));
    }
    for kind in awards {
        let taker = value(form, &format!("award_{kind}")).trim();
        if !taker.is_empty() {
            line.push_str(&format!(" {kind} {taker}"));
        }
    }
    let awards = value(form, "awards").split_whitespace().collect::<Vec<_>>();
    if !awards.is_empty() {
        line.push(' ');
        line.push_str(&awards.join(" "));
    }
    Ok(line)
}

/// `penalty EW out-of-turn`, `penalty EW renege`, `penalty EW -19`.
fn penalty(form: &FormFields) -> MadeLine {
    let side = value(form, "penalty_side").trim();
    let what = value(form, "penalty").trim();
    let line = format!("penalty {side} {what}").trim_end().to_string();
    match (side.is_empty(), what.is_empty()) {
        (true, _) => Err((line, "say which side the penalty is on".into())),
        (_, true) => Err((
            line,
            "say what the penalty is: out-of-turn, renege, or its points (as -19)".into(),
        )),
        _ => Ok(line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::my::form::typed as form;

    #[test]
    fn the_structured_forms_are_made_into_their_lines() {
        let sides = ["NS".to_string(), "EW".to_string()];
        let totals = form(&[
            ("kind", "totals"),
            ("totals_NS", " 23 "),
            ("totals_EW", "12"),
            ("awards", " game NS  high EW "),
        ]);
        assert_eq!(
            line_of(&totals, &sides, &[]),
            Some(Ok("totals NS 23 EW 12 game NS high EW".into()))
        );
        // Each award chosen in its own field, in the ruleset's order.
        let chosen = form(&[
            ("kind", "totals"),
            ("totals_NS", "23"),
            ("totals_EW", "12"),
            ("award_jack", "none"),
            ("award_high", "EW"),
            ("award_low", ""),
        ]);
        assert_eq!(
            line_of(&chosen, &sides, &["high", "low", "jack", "game"]),
            Some(Ok("totals NS 23 EW 12 high EW jack none".into()))
        );
        let blank = form(&[("kind", "totals"), ("totals_NS", "3")]);
        let (line, why) = line_of(&blank, &sides, &[]).unwrap().unwrap_err();
        assert_eq!(line, "totals NS 3");
        assert!(why.contains("EW"), "{why}");
        let penalty = form(&[
            ("kind", "penalty"),
            ("penalty_side", "EW"),
            ("penalty", "out-of-turn"),
        ]);
        assert_eq!(
            line_of(&penalty, &sides, &[]),
            Some(Ok("penalty EW out-of-turn".into()))
        );
        assert!(line_of(
            &form(&[("kind", "penalty"), ("penalty_side", "EW")]),
            &sides,
            &[]
        )
        .unwrap()
        .is_err());
        assert_eq!(
            line_of(&form(&[("line", " 5h kh 2h ah ")]), &sides, &[]),
            Some(Ok("5h kh 2h ah".into()))
        );
        assert_eq!(line_of(&form(&[("kind", "other")]), &sides, &[]), None);
        let long = "x".repeat(LINE_MOST + 1);
        assert!(line_of(&form(&[("line", &long)]), &sides, &[])
            .unwrap()
            .is_err());
    }
}
