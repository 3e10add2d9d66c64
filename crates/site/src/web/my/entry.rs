//! The entry form of a night, read: its rows (the season's kinds in config order, slots 1..n),
//! each row's inputs made into a typed match; or the night's totals, or a walkover. Each input
//! is read on its own, so that what cannot be read is refused beside it; the rules of a night
//! are the app's.

use super::form::{value, FormFields, FormRefusal};
use crate::app::night::enter::{Given, LegEntry, MatchEntry};
use crate::app::night::of::NightOf;
use crate::app::ErrorKind;
use crate::league::names::{name_key, tidy};
use crate::league::{Config, HomeAway, Kind, Match, NightResult, Pair};
use crate::record::text::{check_name, escaped, shortened};
use crate::web::error::status_of;

/// One row of the form: a match of the night.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// Its place in the form, from 1.
    pub at: usize,
    pub kind: Kind,
    pub slot: u32,
    /// Players a side.
    pub players: u32,
}

impl Row {
    /// The input of player `n` (1 or 2) of `side`: `m3_home1`.
    pub fn player(&self, side: HomeAway, n: u32) -> String {
        format!("m{}_{side}{n}", self.at)
    }

    /// The input of the legs `side` won: `m3_home_legs`.
    pub fn legs(&self, side: HomeAway) -> String {
        format!("m{}_{side}_legs", self.at)
    }

    /// Every input of the row.
    pub fn inputs(&self) -> Vec<String> {
        let mut names = Vec::new();
        for side in HomeAway::BOTH {
            names.extend((1..=self.players).map(|n| self.player(side, n)));
        }
        names.extend(HomeAway::BOTH.map(|side| self.legs(side)));
        names
    }
}

/// The rows of a night's form.
pub fn rows(config: &Config) -> Vec<Row> {
    let mut rows = Vec::new();
    for k in &config.night {
        for slot in 1..=k.matches {
            rows.push(Row {
                at: rows.len() + 1,
                kind: k.kind,
                slot,
                players: k.players.clamp(1, 2),
            });
        }
    }
    rows
}

/// The names said to be new, from `new_players` (separated by commas).
pub fn new_players(typed: &FormFields) -> Vec<String> {
    value(typed, "new_players")
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

/// A count of legs or matches typed in `name`: blank is none typed.
fn count(typed: &FormFields, name: &str) -> Result<Option<u32>, FormRefusal> {
    let text = value(typed, name).trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if text.len() <= 6 => Ok(Some(n)),
        _ => Err(FormRefusal::invalid(
            name,
            format!("\"{text}\" is not a number: type the number won, as 2"),
        )),
    }
}

/// One player's name typed in `name`: blank is not known.
fn player(typed: &FormFields, name: &str) -> Result<Option<String>, FormRefusal> {
    let text = value(typed, name).trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.contains(['+', ';', ',']) {
        return Err(FormRefusal::invalid(
            name,
            "one player's name a box, without + ; or ,",
        ));
    }
    match check_name(text) {
        Ok(()) => Ok(Some(tidy(text))),
        Err(e) => {
            let why = format!("the player's name \"{}\" {e}", escaped(&shortened(text)));
            Err(FormRefusal::invalid(name, why))
        }
    }
}

/// What can be read of `input`, its refusal taken into `refused`.
fn kept<T>(input: Result<Option<T>, FormRefusal>, refused: &mut FormRefusal) -> Option<T> {
    input.unwrap_or_else(|r| {
        refused.merge(r);
        None
    })
}

/// A row's match, or none if it was left blank; every input of it that cannot be read is
/// refused beside itself.
fn row_match(row: &Row, typed: &FormFields) -> Result<Option<MatchEntry>, FormRefusal> {
    if row
        .inputs()
        .iter()
        .all(|n| value(typed, n).trim().is_empty())
    {
        return Ok(None);
    }
    let mut refused = FormRefusal::default();
    let mut players: Pair<Vec<String>> = Pair::default();
    for side in HomeAway::BOTH {
        for n in 1..=row.players {
            let name = kept(player(typed, &row.player(side, n)), &mut refused);
            players[side].extend(name);
        }
    }
    let legs = HomeAway::BOTH.map(|side| row.legs(side));
    let won = legs
        .clone()
        .map(|name| (value(typed, &name).trim().is_empty(), count(typed, &name)));
    let blank = won.iter().position(|(blank, _)| *blank);
    let won = won.map(|(_, n)| kept(n, &mut refused));
    if let Some(blank) = blank {
        refused.merge(FormRefusal::invalid(
            &legs[blank],
            "type the legs each side won (0 if none)",
        ));
    }
    match won {
        [Some(home), Some(away)] if refused.status.is_none() => Ok(Some(MatchEntry {
            kind: row.kind,
            slot: row.slot,
            players,
            legs: Pair::new(home, away),
            leg_entries: Vec::new(),
        })),
        _ => Err(refused),
    }
}

/// The night as the form gives it, and the rows of the matches given (none but for matches),
/// in order. Every input that cannot be read is refused at once, each beside itself.
/// The matches of a form that could be read, where some could not: for the app to check the
/// rest, so that every fault is said at once. `None` when none could be read, or the form is
/// not one of matches.
pub fn readable(config: &Config, typed: &FormFields) -> Option<(Given, Vec<Row>)> {
    if value(typed, "how") != "matches" {
        return None;
    }
    let (matches, given): (Vec<_>, Vec<_>) = rows(config)
        .into_iter()
        .filter_map(|row| match row_match(&row, typed) {
            Ok(Some(m)) => Some((m, row)),
            _ => None,
        })
        .unzip();
    (!matches.is_empty()).then_some((Given::Matches(matches), given))
}

pub fn read(config: &Config, typed: &FormFields) -> Result<(Given, Vec<Row>), FormRefusal> {
    match value(typed, "how") {
        "matches" => {
            let (mut matches, mut given) = (Vec::new(), Vec::new());
            let mut refused = FormRefusal::default();
            for row in rows(config) {
                match row_match(&row, typed) {
                    Ok(Some(m)) => {
                        matches.push(m);
                        given.push(row);
                    }
                    Ok(None) => {}
                    Err(r) => refused.merge(r),
                }
            }
            if refused.status.is_some() {
                return Err(refused);
            }
            if matches.is_empty() {
                return Err(FormRefusal::form(
                    status_of(ErrorKind::Invalid),
                    "type at least one match: its players and the legs each side won",
                ));
            }
            Ok((Given::Matches(matches), given))
        }
        "totals" => {
            let home = count(typed, "totals_home")?;
            let away = count(typed, "totals_away")?;
            match (home, away) {
                (Some(h), Some(a)) => Ok((Given::Totals(Pair::new(h, a)), Vec::new())),
                (None, _) => Err(FormRefusal::invalid(
                    "totals_home",
                    "type the matches the home team won",
                )),
                (_, None) => Err(FormRefusal::invalid(
                    "totals_away",
                    "type the matches the away team won",
                )),
            }
        }
        "walkover" => match value(typed, "walkover").parse() {
            Ok(side) => Ok((Given::Walkover(side), Vec::new())),
            Err(e) => Err(FormRefusal::invalid("walkover", e)),
        },
        _ => Err(FormRefusal::form(
            status_of(ErrorKind::Invalid),
            "say how the night is given: its matches, its totals, or a walkover",
        )),
    }
}

/// The night's matches as they stand, by kind and slot.
fn stored(night: &NightOf) -> &[Match] {
    match &night.fixture.result {
        Some(NightResult::Matches(ms)) => ms,
        _ => &[],
    }
}

/// The form of a correction as the night stands: each match's players and legs in its row, or
/// the night's totals.
pub fn as_it_stands(night: &NightOf) -> FormFields {
    let mut typed = FormFields::new();
    let config = &night.season.config;
    match &night.fixture.result {
        Some(NightResult::Totals(t)) => {
            typed.insert("totals_home".into(), t.home.to_string());
            typed.insert("totals_away".into(), t.away.to_string());
        }
        Some(NightResult::Walkover(side)) => {
            typed.insert("walkover".into(), side.to_string());
        }
        _ => {}
    }
    for row in rows(config) {
        let Some(m) = stored(night)
            .iter()
            .find(|m| (m.kind, m.slot) == (row.kind, row.slot))
        else {
            continue;
        };
        for side in HomeAway::BOTH {
            for (n, p) in (1..=row.players).zip(&m.players[side]) {
                typed.insert(row.player(side, n), p.clone());
            }
            typed.insert(row.legs(side), m.legs[side].to_string());
        }
    }
    typed
}

/// The matches of a correction that change the night, with their rows: a match as it stands
/// (its players' names and its legs) is left out, so that what the form cannot show (its leg
/// scores, the games they were scored in) stays; a match whose legs stand keeps its legs'
/// scores.
pub fn changed_rows(
    night: &NightOf,
    given: Vec<MatchEntry>,
    rows: &[Row],
) -> (Vec<MatchEntry>, Vec<Row>) {
    let names = |ps: &[String]| ps.iter().map(|p| name_key(p)).collect::<Vec<_>>();
    let mut kept = (Vec::new(), Vec::new());
    for (mut m, row) in given.into_iter().zip(rows) {
        let was = stored(night)
            .iter()
            .find(|s| (s.kind, s.slot) == (m.kind, m.slot));
        if let Some(was) = was.filter(|was| was.legs == m.legs) {
            let same = HomeAway::BOTH
                .iter()
                .all(|s| names(&was.players[*s]) == names(&m.players[*s]));
            if same {
                continue;
            }
            m.leg_entries = was
                .leg_scores
                .iter()
                .map(|l| l.game.map_or(LegEntry::Score(l.score), LegEntry::Game))
                .collect();
        }
        kept.0.push(m);
        kept.1.push(*row);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::my::form::typed;

    #[test]
    fn rows_are_read_as_matches_and_a_bad_input_is_refused_beside_itself() {
        let config = Config::default();
        let got = read(
            &config,
            &typed(&[
                ("how", "matches"),
                ("m1_home1", "Gareth"),
                ("m1_home2", " Rhys "),
                ("m1_away1", "Dai"),
                ("m1_away2", "Huw"),
                ("m1_home_legs", "2"),
                ("m1_away_legs", "1"),
            ]),
        )
        .unwrap();
        let (Given::Matches(matches), rows) = got else {
            panic!("not matches")
        };
        assert_eq!((matches.len(), rows[0].at), (1, 1));
        let m = &matches[0];
        assert_eq!((m.kind, m.slot), (Kind::Don, 1));
        assert_eq!(
            m.players,
            Pair::new(
                vec!["Gareth".into(), "Rhys".into()],
                vec!["Dai".into(), "Huw".into()]
            )
        );
        assert_eq!(m.legs, Pair::new(2, 1));
        let bad = read(
            &config,
            &typed(&[("how", "matches"), ("m2_home1", "A"), ("m2_away_legs", "x")]),
        )
        .unwrap_err();
        assert!(bad.fields.contains_key("m2_away_legs"), "{bad:?}");
        let plus = read(&config, &typed(&[("how", "matches"), ("m1_away1", "A+B")])).unwrap_err();
        assert!(plus.fields.contains_key("m1_away1"), "{plus:?}");
    }
}
