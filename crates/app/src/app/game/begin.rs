//! The record a new game starts as (no hands yet), from the fields a scorer fills in: the
//! variant, its rules options, the players, the date, the venue, an id, a Jacks out pool. What
//! `don new` and the web's begin form both take, so that both begin a game by the same checks;
//! each refusal names the field it is about ([`Field`]), for a front end to put it there.
//! Pure: the date of today is given.

use serde_json::{json, Map, Value};

use crate::check::import::date_fault;
use crate::league::names::given_twice;
use crate::record::game::FORMAT;
use crate::record::parse_record;
use crate::record::text::{check, check_name, count, escaped, shortened};
use crate::record::write::record_json;
use crate::rules::{Seat, Variant};

/// The rules options (docs/rules.md), in the order `don new` lists them: each variant's, each
/// option once ([`Variant::all_option_names`]). A line each: the option's name, the name of its
/// value, and what it is, its choices in square brackets: the words of `don new --help`, and of
/// the web's begin form. A value named `BOOL` is true or false (the name alone is true).
const OPTION_LINES: [&str; 17] = [
    "cut CUT Nine Card Don: who pitches first after the cut [high, low]",
    "end_scoring SCORING Nine Card Don: end-of-play scoring [game, preston, hljg]",
    "target POINTS The target score (Game to Lose: the losing score)",
    "deals N A fixed number of deals instead of a target (none: play to the target)",
    "legs N Nine Card Don: legs in a match (3: best of three)",
    "penalties KIND Nine Card Don: the penalties [friendly, league]",
    "layout LAYOUT Blind Don: the layout [rows, stalybridge, three]",
    "pack CARDS Irish Don: the pack [52, 48, 44]",
    "tie TIE Irish Don: 80–80 after the second deal [last-scorer-loses, draw]",
    "games N Irish Don: games to win the match",
    "best_of_three BOOL Irish Don: best of three, the pitch passing on",
    "bonk_two_games BOOL Irish Don (prison rules): a bonk counts two games",
    "pass_pitch BOOL Irish Don (prison rules): the pitcher may pass the pitch",
    "redeal_rule RULE Irish Don (prison rules): redeal on demand [off, cork, mountjoy, wheatfield, true]",
    "misere BOOL Irish Don: misère, the aim is to score as little as possible",
    "players N Irish Don: 2 for the two-player game",
    "muck_tie RULE Phat: 40–40 muck [carry, tens, split]",
];

/// The rules options ([`OPTION_LINES`]): each one's name, the name of its value, what it is.
pub fn options() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    OPTION_LINES.iter().map(|line| {
        let mut words = line.splitn(3, ' ');
        let mut next = || words.next().unwrap_or_default();
        (next(), next(), next())
    })
}

/// What a new game is begun with, as typed.
#[derive(Clone, Debug, Default)]
pub struct Fields {
    pub variant: String,
    /// Rules options given, by their names ([`options`]), as typed.
    pub options: Vec<(&'static str, String)>,
    /// The players in the game's seat order, separated by commas.
    pub seats: Option<String>,
    /// Players named seat by seat.
    pub by_seat: Vec<(Seat, String)>,
    /// `YYYY-MM-DD`; none is today.
    pub date: Option<String>,
    pub venue: Option<String>,
    pub id: Option<String>,
    /// Jacks out: the pool, and who was waiting to play (separated by commas).
    pub pool: Option<f64>,
    pub entrants: Option<String>,
}

/// The field a refusal is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Variant,
    /// One rules option, by its name.
    Option(&'static str),
    /// The rules options together (two that cannot go together).
    Options,
    /// The players listed in seat order.
    Seats,
    /// The player of one seat.
    Seat(Seat),
    Date,
    Venue,
    Id,
    Entrants,
}

/// A refusal of the fields: which field, and why. `after_field`: the words follow the field's
/// own name (`--seats names 3 players…`, `--id "x": an id has no spaces…`), else they stand
/// alone.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BeginError {
    pub field: Field,
    pub message: String,
    pub after_field: bool,
}

impl BeginError {
    fn alone(field: Field, message: impl Into<String>) -> BeginError {
        BeginError {
            field,
            message: message.into(),
            after_field: false,
        }
    }

    fn after(field: Field, message: impl Into<String>) -> BeginError {
        BeginError {
            field,
            message: message.into(),
            after_field: true,
        }
    }
}

/// A value typed for a rules option, typed as a record would have it.
pub fn typed(value: &str) -> Value {
    let v = value.trim();
    if let Ok(n) = v.parse::<i64>() {
        return json!(n);
    }
    match v.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" => json!(true),
        "false" | "no" => json!(false),
        "none" | "null" => Value::Null,
        _ => json!(v),
    }
}

/// Names in a list, separated by commas, each with its spaces made single.
pub fn names(list: &str) -> Vec<String> {
    list.split(',')
        .map(|n| n.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// Names and text typed checked (`record::text::check`): no control characters, something
/// visible; a blank name is left to the checks after.
fn check_typed(fields: &Fields) -> Result<(), BeginError> {
    let lists = [
        (Field::Seats, &fields.seats),
        (Field::Entrants, &fields.entrants),
    ];
    let by_seat = fields
        .by_seat
        .iter()
        .map(|(seat, name)| (Field::Seat(*seat), name.as_str()));
    let single = [(Field::Venue, &fields.venue), (Field::Id, &fields.id)];
    let given = lists
        .into_iter()
        .flat_map(|(field, v)| v.iter().flat_map(|v| v.split(',')).map(move |n| (field, n)))
        .chain(by_seat)
        .chain(
            single
                .into_iter()
                .filter_map(|(field, v)| v.as_deref().map(|v| (field, v))),
        );
    for (field, text) in given {
        if text.trim().is_empty() {
            continue;
        }
        let checked = match field {
            Field::Venue | Field::Id => check(text),
            _ => check_name(text),
        };
        checked.map_err(|e| {
            BeginError::after(
                field,
                format!("\"{}\" {e}", escaped(&shortened(text.trim_matches(' ')))),
            )
        })?;
    }
    Ok(())
}

/// The ruleset given, and the variant it makes: a fault of it is put on the option that
/// brings it (the first option that, added to the variant, makes a fault), else on the variant
/// or on the options together.
fn ruleset(fields: &Fields) -> Result<(Map<String, Value>, Variant), BeginError> {
    let variant = fields.variant.trim().to_lowercase();
    let probe = |options: &[(&'static str, String)]| {
        let mut ruleset = Map::new();
        ruleset.insert("variant".into(), json!(variant));
        for (key, value) in options {
            ruleset.insert((*key).into(), typed(value));
        }
        let record = parse_record(json!({ "format": FORMAT, "ruleset": ruleset, "hands": [] }));
        (ruleset, record)
    };
    let (ruleset, record) = probe(&fields.options);
    if let Some(f) = record.faults.first() {
        let field = match probe(&[]).1.faults.is_empty() {
            false => Field::Variant,
            true => (0..fields.options.len())
                .find(|&i| {
                    let one = &fields.options[i..=i];
                    !probe(one).1.faults.is_empty()
                })
                .map_or(Field::Options, |i| Field::Option(fields.options[i].0)),
        };
        return Err(BeginError::alone(field, f.message.clone()));
    }
    match record.variant {
        Some(v) => Ok((ruleset, v)),
        None => Err(BeginError::alone(
            Field::Variant,
            format!("no variant \"{}\"", fields.variant),
        )),
    }
}

/// The record the new game starts as: no hands yet; `today` is its date when none is given
/// (with neither, it has none).
pub fn new_record(fields: &Fields, today: Option<&str>) -> Result<Value, BeginError> {
    check_typed(fields)?;
    let (ruleset, variant) = ruleset(fields)?;
    let seats_of_game = variant.spec().seating.seats();
    let mut seats = Map::new();
    if let Some(list) = &fields.seats {
        let list = names(list);
        if list.len() != seats_of_game.len() {
            return Err(BeginError::after(
                Field::Seats,
                format!(
                    "names {}; {} has {} ({})",
                    count(list.len(), "player", "players"),
                    variant.name(),
                    count(seats_of_game.len(), "seat", "seats"),
                    seats_of_game
                        .iter()
                        .map(|s| s.letter())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        for (seat, name) in seats_of_game.iter().zip(list) {
            seats.insert(seat.letter().into(), json!(name));
        }
    }
    for (seat, name) in &fields.by_seat {
        if !seats_of_game.contains(seat) {
            return Err(BeginError::alone(
                Field::Seat(*seat),
                format!("{} has no seat {seat}", variant.name()),
            ));
        }
        seats.insert(seat.letter().into(), json!(names(name).join(" ")));
    }
    if let Some(blank) = seats_of_game
        .iter()
        .find(|s| seats.get(s.letter()).and_then(Value::as_str) == Some(""))
    {
        let field = seat_field(fields, *blank);
        return Err(BeginError::alone(field, "a player's name cannot be blank"));
    }
    // One person, one seat: names match as they do across games.
    let seated: Vec<(Seat, &str)> = seats_of_game
        .iter()
        .filter_map(|s| Some((*s, seats.get(s.letter())?.as_str()?)))
        .collect();
    if let Some((a, b)) = given_twice(seated.iter().map(|(_, name)| *name)) {
        let (first, name) = seated[a];
        let (second, again) = seated[b];
        let written = if name == again {
            escaped(name).into_owned()
        } else {
            format!("{} (as {})", escaped(name), escaped(again))
        };
        return Err(BeginError::alone(
            seat_field(fields, second),
            format!("{written} is named for two seats, {first} and {second}: one player sits in one seat"),
        ));
    }
    if let Some(f) = fields.date.as_deref().and_then(date_fault) {
        return Err(BeginError::alone(Field::Date, f.message));
    }
    let mut record = json!({ "format": FORMAT, "ruleset": ruleset, "hands": [] });
    if let Some(date) = fields.date.as_deref().or(today) {
        record["date"] = json!(date);
    }
    if !seats.is_empty() {
        record["seats"] = Value::Object(seats);
    }
    if let Some(venue) = &fields.venue {
        record["venue"] = json!(venue);
    }
    if let Some(id) = &fields.id {
        check_id(id)?;
        record["id"] = json!(id);
    }
    if let Some(pool) = fields.pool {
        let entrants = fields.entrants.as_deref().map(names).unwrap_or_default();
        record["jacks_out"] = json!({ "pool": pool, "entrants": entrants });
    }
    let parsed = parse_record(record);
    if let Some(f) = parsed.faults.first() {
        return Err(BeginError::alone(Field::Options, f.message.clone()));
    }
    Ok(record_json(&parsed))
}

/// The field that named the player of `seat`: its own, else the list of seats.
fn seat_field(fields: &Fields, seat: Seat) -> Field {
    match fields.by_seat.iter().any(|(s, _)| *s == seat) {
        true => Field::Seat(seat),
        false => Field::Seats,
    }
}

/// The record a game begun on the web starts as ([`new_record`]), refused when it could not
/// be finished within the hands a game scored on the web may have
/// ([`WEB_HANDS`](crate::app::game::scoring::WEB_HANDS)): a game of a fixed number of deals is that many
/// hands a leg, at the least, and a match of legs needs a majority of them (RULES.md: `deals`,
/// `legs`). A game to a target has no such bound (a penalty may take a side to it at once).
/// The refusal is beside `deals`, or beside `legs` when the deals alone would fit.
pub fn new_web_record(fields: &Fields, today: &str) -> Result<Value, BeginError> {
    use crate::app::game::scoring::WEB_HANDS;
    let record = new_record(fields, Some(today))?;
    let (_, variant) = ruleset(fields)?;
    let spec = variant.spec();
    let crate::rules::spec::Goal::Deals(deals) = spec.goal else {
        return Ok(record);
    };
    let fewest = u64::from(deals) * u64::from(spec.to_win);
    if fewest <= u64::from(WEB_HANDS) {
        return Ok(record);
    }
    let given = |name: &str| fields.options.iter().any(|(n, _)| *n == name);
    let (field, why) = if u64::from(deals) > u64::from(WEB_HANDS) || !given("legs") {
        (
            Field::Option("deals"),
            format!("{} a leg", count(deals, "deal", "deals")),
        )
    } else {
        (
            Field::Option("legs"),
            format!(
                "{} legs to win, {} each",
                spec.to_win,
                count(deals, "deal", "deals")
            ),
        )
    };
    Err(BeginError::alone(
        field,
        format!(
            "a game scored on the web has at most {WEB_HANDS} hands, and this one needs {fewest} at the least ({why}): score it at the command line, or choose fewer"
        ),
    ))
}

/// A game's id as given: commands take a game's number before its id, so an id of digits only
/// would be hidden by the game of that number (`#2`, `+2` and ` 2 ` are read as game 2 too).
fn check_id(id: &str) -> Result<(), BeginError> {
    if !id.trim().is_empty() && id.trim() != id {
        return Err(BeginError::after(
            Field::Id,
            format!("\"{}\": an id has no spaces around it", escaped(id)),
        ));
    }
    if id.trim().parse::<i64>().is_ok() || id.trim_start_matches('#').parse::<i64>().is_ok() {
        return Err(BeginError::after(
            Field::Id,
            format!(
                "{}: an id that reads as a number would be taken for a game's number; give it a letter or more (as `game-{}`)",
                escaped(id),
                escaped(id.trim_start_matches(['#', '+']))
            ),
        ));
    }
    if id.chars().count() > 100 {
        return Err(BeginError::after(
            Field::Id,
            format!(
                "{}: an id may have at most 100 characters",
                escaped(&shortened(id))
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nine_card(options: &[(&'static str, &str)]) -> Fields {
        Fields {
            variant: "nine-card-don".into(),
            options: options.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            ..Fields::default()
        }
    }

    #[test]
    fn the_options_listed_are_every_variants_each_once_in_order() {
        let listed: Vec<&str> = options().map(|(name, _, _)| name).collect();
        assert_eq!(listed, Variant::all_option_names());
    }

    #[test]
    fn a_fault_of_the_ruleset_is_put_on_the_option_that_brings_it() {
        let e = new_record(
            &nine_card(&[("legs", "3"), ("target", "x")]),
            Some("2025-01-01"),
        );
        assert_eq!(e.unwrap_err().field, Field::Option("target"));
        let e = new_record(&nine_card(&[("pack", "48")]), Some("2025-01-01")).unwrap_err();
        assert_eq!(e.field, Field::Option("pack"));
        let mut bad = nine_card(&[]);
        bad.variant = "snap".into();
        assert_eq!(
            new_record(&bad, Some("2025-01-01")).unwrap_err().field,
            Field::Variant
        );
        let ok = new_record(&nine_card(&[("target", "91")]), Some("2025-01-01")).unwrap();
        assert_eq!(ok["date"], "2025-01-01");
        assert_eq!(ok["ruleset"]["target"], 91);
    }

    #[test]
    fn a_player_named_twice_is_refused_beside_the_second_seat() {
        let mut f = nine_card(&[]);
        f.by_seat = vec![(Seat::N, "Gareth".into()), (Seat::S, "gareth".into())];
        let e = new_record(&f, Some("2025-01-01")).unwrap_err();
        assert_eq!(e.field, Field::Seat(Seat::S));
        assert!(e.message.contains("named for two seats, N and S"), "{e}");
        f.by_seat = vec![(Seat::E, " ".into())];
        let e = new_record(&f, Some("2025-01-01")).unwrap_err();
        assert_eq!(
            (e.field, e.message.as_str()),
            (Field::Seat(Seat::E), "a player's name cannot be blank")
        );
    }
}
