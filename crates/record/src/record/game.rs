//! A game record (FORMAT.md §1) read from a JSON value into typed parts. Every problem of shape
//! is a `schema` (or `ruleset`) fault naming the field; what can still be read is kept so the
//! rest of the record can be checked.

use serde_json::{Map, Value};

use super::fault::{Code, Fault};
use crate::rules::spec::{Awards, Goal, LayoutShape};
use crate::rules::{
    AbandonReason, AwardKind, BlindDeal, BySeat, BySide, Card, MuckValue, OptionValue, Penalty,
    Seat, Side, Spec, Taker, Totals, Variant,
};

pub const FORMAT: &str = "don/1";

/// The points a record may give a side in a hand, or a penalty: far more than any hand pegs.
const POINTS: std::ops::RangeInclusive<i64> = -99_999..=99_999;

/// A record, as far as it could be read.
#[derive(Clone, Debug, Default)]
pub struct Record {
    pub id: Option<String>,
    pub variant: Option<Variant>,
    pub date: Option<String>,
    pub venue: Option<String>,
    pub seats: BySeat<Option<String>>,
    pub hands: Vec<HandRecord>,
    /// The side that conceded, and after which hand (from 1).
    pub conceded: Option<(Side, u32)>,
    pub jacks_out: Option<JacksOut>,
    /// `"in_play": true`: the game is in play (as `export` writes a game the scorer was
    /// keeping): its last hand may be begun and not finished (fewer tricks than a deal, or only
    /// its pitcher and penalties so far), which is then left open, not reported short.
    pub in_play: bool,
    /// Faults of the record as a whole.
    pub faults: Vec<Fault>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct JacksOut {
    pub pool: f64,
    pub entrants: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct HandRecord {
    pub pitcher: Option<Seat>,
    pub body: HandBody,
    pub penalties: Vec<(Side, Penalty)>,
    /// Schema faults found in the hand.
    pub faults: Vec<Fault>,
}

/// A trick as found in the record.
#[derive(Clone, Debug)]
pub enum TrickEntry {
    Text(String),
    /// Not a string: what it was.
    NotText(&'static str),
}

#[derive(Clone, Debug)]
pub enum HandBody {
    Tricks {
        tricks: Vec<TrickEntry>,
        layout: Option<BlindDeal>,
    },
    Totals(Totals),
    Abandoned {
        reason: AbandonReason,
        seat: Option<Seat>,
    },
    /// Too broken to score.
    Broken,
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true/false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn schema(msg: impl Into<String>) -> Fault {
    Fault::new(Code::Schema, msg)
}

/// Reads one record. Never panics.
pub fn parse_record(value: Value) -> Record {
    let mut rec = Record::default();
    let Value::Object(mut map) = value else {
        rec.faults.push(schema(format!(
            "a record must be a JSON object, not {}",
            kind_of(&value)
        )));
        return rec;
    };
    if let Some(Value::String(id)) = map.get("id") {
        rec.id = Some(id.clone());
    }
    check_format(map.remove("format"), &mut rec.faults);
    match map.remove("ruleset") {
        Some(v) => rec.variant = parse_ruleset(v, &mut rec.faults),
        None => rec.faults.push(schema("the record has no `ruleset`")),
    }
    let variant = rec.variant.clone();
    let spec = variant.as_ref().map(Variant::spec);
    let hands = map.remove("hands");
    let conceded = map.remove("conceded");
    for (key, value) in map {
        read_record_field(&key, value, spec.as_ref(), &mut rec);
    }
    match hands {
        Some(Value::Array(list)) => {
            if let (Some(spec), Some(variant)) = (&spec, &variant) {
                rec.hands = list
                    .into_iter()
                    .enumerate()
                    .map(|(i, h)| parse_hand(h, i as u32 + 1, spec, variant))
                    .collect();
            }
        }
        Some(v) => rec.faults.push(schema(format!(
            "`hands` must be a list, not {}",
            kind_of(&v)
        ))),
        None => rec.faults.push(schema("the record has no `hands`")),
    }
    if let (Some(v), Some(spec)) = (conceded, &spec) {
        rec.conceded = parse_conceded(v, spec, rec.hands.len() as u32, &mut rec.faults);
    }
    rec
}

/// The record's `format` must be this program's.
fn check_format(format: Option<Value>, faults: &mut Vec<Fault>) {
    match format {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(Value::String(f)) => faults.push(schema(format!(
            "`format` is \"{f}\"; this program reads \"{FORMAT}\""
        ))),
        Some(v) => faults.push(schema(format!(
            "`format` must be the string \"{FORMAT}\", not {}",
            kind_of(&v)
        ))),
        None => faults.push(schema(format!(
            "the record has no `format` (it should be \"{FORMAT}\")"
        ))),
    }
}

/// `text` checked as a line of text ([`super::text::check`]), unless it is blank.
fn check_unless_blank(text: &str) -> Result<(), super::text::TextError> {
    if text.trim().is_empty() {
        Ok(())
    } else {
        super::text::check(text)
    }
}

/// One of the record's other fields: `id`, `date`, `venue`, `seats`, `jacks_out`.
fn read_record_field(key: &str, value: Value, spec: Option<&Spec>, rec: &mut Record) {
    match key {
        "id" => match value {
            // A command names a game by its id: an empty one names nothing.
            Value::String(id) if id.trim().is_empty() => rec
                .faults
                .push(schema("`id` must not be empty: leave it out instead")),
            Value::String(id) => {
                if let Err(e) = super::text::check(&id) {
                    rec.faults.push(schema(format!(
                        "`id` \"{}\" {e}",
                        super::text::escaped(&super::text::shortened(&id))
                    )));
                }
            }
            v => rec.faults.push(schema(format!(
                "`id` must be a string, not {}",
                kind_of(&v)
            ))),
        },
        "date" | "venue" => match value {
            Value::String(s) => {
                if key == "date" {
                    rec.date = Some(s)
                } else {
                    // A venue is kept and shown: no character that acts on a terminal.
                    if let Err(e) = check_unless_blank(&s) {
                        rec.faults.push(schema(format!(
                            "`venue` \"{}\" {e}",
                            super::text::escaped(&super::text::shortened(&s))
                        )));
                    }
                    rec.venue = Some(s)
                }
            }
            v => rec.faults.push(schema(format!(
                "`{key}` must be a string, not {}",
                kind_of(&v)
            ))),
        },
        "seats" => parse_seats(value, spec, rec),
        "jacks_out" => rec.jacks_out = parse_jacks_out(value, &mut rec.faults),
        "in_play" => match value {
            Value::Bool(b) => rec.in_play = b,
            v => rec.faults.push(schema(format!(
                "`in_play` must be true or false, not {}",
                kind_of(&v)
            ))),
        },
        other => rec
            .faults
            .push(schema(format!("unknown field `{other}` in the record"))),
    }
}

fn option_value(v: &Value) -> OptionValue {
    match v {
        Value::Null => OptionValue::Null,
        Value::Bool(b) => OptionValue::Bool(*b),
        Value::Number(n) => n.as_i64().map_or_else(
            || OptionValue::Number(n.as_f64().unwrap_or(f64::NAN)),
            OptionValue::Int,
        ),
        Value::String(s) => OptionValue::Str(s.clone()),
        Value::Array(_) | Value::Object(_) => OptionValue::Compound,
    }
}

/// A ruleset as a record writes it (FORMAT.md §1 `ruleset`); the first problem in words.
pub fn ruleset_from_json(value: Value) -> Result<Variant, String> {
    let mut faults = Vec::new();
    match parse_ruleset(value, &mut faults) {
        Some(v) if faults.is_empty() => Ok(v),
        _ => Err(faults
            .first()
            .map_or_else(|| "not a ruleset".to_string(), |f| f.message.clone())),
    }
}

fn parse_ruleset(value: Value, faults: &mut Vec<Fault>) -> Option<Variant> {
    let ruleset = |msg: String| Fault::new(Code::Ruleset, msg);
    let Value::Object(map) = value else {
        faults.push(ruleset(format!(
            "`ruleset` must be an object, not {}",
            kind_of(&value)
        )));
        return None;
    };
    let name = match map.get("variant") {
        Some(Value::String(s)) => s.clone(),
        Some(v) => {
            faults.push(ruleset(format!(
                "`ruleset.variant` must be a string, not {}",
                kind_of(v)
            )));
            return None;
        }
        None => {
            faults.push(ruleset("`ruleset` has no `variant`".into()));
            return None;
        }
    };
    let options: Vec<(&str, OptionValue)> = map
        .iter()
        .filter(|(k, _)| *k != "variant")
        .map(|(k, v)| (k.as_str(), option_value(v)))
        .collect();
    match Variant::build(&name, options) {
        Ok(v) => Some(v),
        Err(e) => {
            faults.push(ruleset(format!("ruleset: {e}")));
            None
        }
    }
}

fn parse_seats(value: Value, spec: Option<&Spec>, rec: &mut Record) {
    let Value::Object(map) = value else {
        rec.faults.push(schema(format!(
            "`seats` must be an object, not {}",
            kind_of(&value)
        )));
        return;
    };
    // In the order of the seats (N, E, S, W), as the faults are read.
    let mut entries: Vec<(String, Value)> = map.into_iter().collect();
    entries.sort_by_key(|(key, _)| key.parse::<Seat>().map_or(4, |s| s as usize));
    for (key, v) in entries {
        let seat = key
            .parse::<Seat>()
            .ok()
            .filter(|s| spec.is_none_or(|sp| sp.seating.has_seat(*s)));
        match (seat, v) {
            (None, _) => rec.faults.push(schema(format!(
                "`seats` has `{key}`, which is not a seat of this game"
            ))),
            (Some(_), Value::String(name))
                if !name.trim().is_empty() && super::text::check(&name).is_err() =>
            {
                // A name that shows nothing is shown escaped whole, as it could not be seen.
                let said = if super::text::has_visible(&name) {
                    let e = super::text::check(&name).err().map(|e| e.to_string());
                    format!(
                        "\"{}\" {}",
                        super::text::escaped(&super::text::shortened(&name)),
                        e.unwrap_or_default()
                    )
                } else {
                    format!("\"{}\" has nothing visible in it", name.escape_default())
                };
                rec.faults.push(schema(format!("`seats.{key}` {said}")))
            }
            (Some(s), Value::String(name)) => rec.seats[s] = Some(name),
            (Some(_), v) => rec.faults.push(schema(format!(
                "`seats.{key}` must be a name, not {}",
                kind_of(&v)
            ))),
        }
    }
    one_player_one_seat(rec);
}

/// One player sits in one seat: a name given for two seats (matched as names are, case and
/// spaces aside) is a `schema` fault.
fn one_player_one_seat(rec: &mut Record) {
    let named: Vec<(Seat, &str)> = Seat::ALL
        .iter()
        .filter_map(|&s| rec.seats[s].as_deref().map(|n| (s, n)))
        .collect();
    if let Some((a, b)) = alike_twice(named.iter().map(|(_, n)| *n)) {
        let (first, name) = named[a];
        let (second, other) = named[b];
        rec.faults.push(schema(format!(
            "`seats` names one player for two seats: {first} {} and {second} {} ({}one player sits in one seat)",
            shown_name(name),
            shown_name(other),
            look_alike_note(name, other),
        )));
    }
}

/// The first name given twice, as it looks ([`super::text::look_alike_key`]: case, spaces,
/// invisible marks and look-alike letters aside): the places of its two mentions, from 0. One
/// game cannot seat two people whose names cannot be told apart.
fn alike_twice<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<(usize, usize)> {
    let mut seen: Vec<String> = Vec::new();
    for (i, name) in names.into_iter().enumerate() {
        let key = super::text::look_alike_key(name);
        if let Some(first) = seen.iter().position(|k| *k == key && !key.is_empty()) {
            return Some((first, i));
        }
        seen.push(key);
    }
    None
}

fn shown_name(name: &str) -> String {
    format!("\"{}\"", super::text::escaped(name))
}

/// For two names that only look alike (not the same as names are matched): which character
/// sets them apart, to go before the rest of a message in brackets.
fn look_alike_note(name: &str, other: &str) -> String {
    if super::text::name_key(name) == super::text::name_key(other) {
        return String::new();
    }
    let odd = super::text::look_alike_char(other)
        .map(|c| (other, c))
        .or_else(|| super::text::look_alike_char(name).map(|c| (name, c)));
    match odd {
        Some((which, (c, at))) => format!(
            "they look alike: only {c}, character {at} of {}, sets them apart; ",
            shown_name(which)
        ),
        None => "they look alike; ".to_string(),
    }
}

fn parse_jacks_out(value: Value, faults: &mut Vec<Fault>) -> Option<JacksOut> {
    let Value::Object(map) = value else {
        faults.push(schema(format!(
            "`jacks_out` must be an object, not {}",
            kind_of(&value)
        )));
        return None;
    };
    let mut out = JacksOut {
        pool: 0.0,
        entrants: Vec::new(),
    };
    for (key, v) in map {
        match (key.as_str(), v) {
            ("pool", Value::Number(n)) if n.as_f64().is_some_and(|p| p >= 0.0) => {
                out.pool = n.as_f64().unwrap_or(0.0)
            }
            ("pool", v) => faults.push(schema(format!(
                "`jacks_out.pool` must be a sum of 0 or more, not {v}"
            ))),
            ("entrants", Value::Array(list)) => {
                for e in list {
                    match e {
                        Value::String(s) => out.entrants.push(s),
                        v => faults.push(schema(format!(
                            "`jacks_out.entrants` must list names, not {}",
                            kind_of(&v)
                        ))),
                    }
                }
            }
            ("entrants", v) => faults.push(schema(format!(
                "`jacks_out.entrants` must be a list, not {}",
                kind_of(&v)
            ))),
            (other, _) => faults.push(schema(format!("unknown field `{other}` in `jacks_out`"))),
        }
    }
    if let Some((a, b)) = alike_twice(out.entrants.iter().map(String::as_str)) {
        let (name, other) = (&out.entrants[a], &out.entrants[b]);
        faults.push(schema(format!(
            "`jacks_out.entrants` names one player twice: {} (entrant {}) and {} (entrant {}) ({}one player enters once)",
            shown_name(name),
            a + 1,
            shown_name(other),
            b + 1,
            look_alike_note(name, other),
        )));
    }
    Some(out)
}

fn parse_conceded(
    value: Value,
    spec: &Spec,
    hands: u32,
    faults: &mut Vec<Fault>,
) -> Option<(Side, u32)> {
    let Value::Object(map) = value else {
        faults.push(schema(format!(
            "`conceded` must be an object, not {}",
            kind_of(&value)
        )));
        return None;
    };
    let mut side = None;
    let mut after = None;
    for (key, v) in map {
        match key.as_str() {
            "side" => side = side_value(&v, spec, "`conceded.side`", faults),
            "after" => match v.as_u64() {
                Some(n) if n >= 1 && n <= u64::from(hands) => after = Some(n as u32),
                _ => faults.push(schema(format!(
                    "`conceded.after` must be a hand number from 1 to {hands}, not {v}"
                ))),
            },
            other => faults.push(schema(format!("unknown field `{other}` in `conceded`"))),
        }
    }
    match (side, after) {
        (Some(s), Some(a)) => Some((s, a)),
        (None, _) if faults.is_empty() => {
            faults.push(schema("`conceded` needs a `side`"));
            None
        }
        (Some(_), None) if faults.is_empty() => {
            faults.push(schema(
                "`conceded` needs `after`, the hand after which the side conceded",
            ));
            None
        }
        _ => None,
    }
}

fn side_value(v: &Value, spec: &Spec, field: &str, faults: &mut Vec<Fault>) -> Option<Side> {
    let sides = spec.seating.sides();
    match v
        .as_str()
        .and_then(|s| s.parse::<Side>().ok())
        .filter(|s| sides.contains(s))
    {
        Some(s) => Some(s),
        None => {
            let list: Vec<&str> = sides.iter().map(|s| s.code()).collect();
            faults.push(schema(format!(
                "{field} must be one of {}, not {v}",
                list.join(", ")
            )));
            None
        }
    }
}

fn seat_value(v: &Value, spec: &Spec, field: &str, faults: &mut Vec<Fault>) -> Option<Seat> {
    match v
        .as_str()
        .and_then(|s| s.parse::<Seat>().ok())
        .filter(|s| spec.seating.has_seat(*s))
    {
        Some(s) => Some(s),
        None => {
            let list: Vec<&str> = spec.seating.seats().iter().map(|s| s.letter()).collect();
            faults.push(schema(format!(
                "{field} must be a seat, one of {}, not {v}",
                list.join(", ")
            )));
            None
        }
    }
}

const AWARD_FIELDS: &[&str] = &[
    "game",
    "high",
    "low",
    "jack",
    "muck",
    "out_first",
    "last_scorer",
];

/// One hand of a record of this ruleset, read as `parse_record` reads it: its faults are
/// those `check` reports of it.
pub fn read_hand(value: Value, number: u32, variant: &Variant) -> HandRecord {
    parse_hand(value, number, &variant.spec(), variant)
}

fn parse_hand(value: Value, number: u32, spec: &Spec, variant: &Variant) -> HandRecord {
    let mut hand = HandRecord {
        pitcher: None,
        body: HandBody::Broken,
        penalties: Vec::new(),
        faults: Vec::new(),
    };
    let mut faults = Vec::new();
    let Value::Object(map) = value else {
        faults.push(schema(format!(
            "hand {number} must be an object, not {}",
            kind_of(&value)
        )));
        hand.faults = faults.into_iter().map(|f| f.at_hand(number)).collect();
        return hand;
    };
    let kind = hand_kind(&map, number, &mut faults);
    let mut fields = HandFields::new(kind.is_some());
    for (key, v) in map {
        match key.as_str() {
            "pitcher" => {
                hand.pitcher =
                    seat_value(&v, spec, &format!("hand {number}: `pitcher`"), &mut faults);
            }
            "penalties" => hand.penalties = parse_penalties(v, spec, number, &mut faults),
            k => fields.read(k, v, kind, (spec, variant), number, &mut faults),
        }
    }
    if fields.body_ok {
        hand.body = fields.body(kind, spec, number, &mut faults);
    }
    hand.faults = faults.into_iter().map(|f| f.at_hand(number)).collect();
    hand
}

/// The kind of hand: exactly one of `tricks`, `points` and `abandoned`.
fn hand_kind(map: &Map<String, Value>, number: u32, faults: &mut Vec<Fault>) -> Option<HandKind> {
    let kinds: Vec<HandKind> = HandKind::ALL
        .into_iter()
        .filter(|k| map.contains_key(k.field()))
        .collect();
    match kinds.as_slice() {
        [one] => Some(*one),
        [] => {
            faults.push(schema(format!(
                "hand {number} has none of `tricks`, `points` or `abandoned`"
            )));
            None
        }
        many => {
            let names: Vec<&str> = many.iter().map(|k| k.field()).collect();
            faults.push(schema(format!(
                "hand {number} has {}: a hand has exactly one of them",
                names.join(" and ")
            )));
            None
        }
    }
}

/// How a hand is kept in a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HandKind {
    Tricks,
    Totals,
    Abandoned,
}

impl HandKind {
    const ALL: [HandKind; 3] = [HandKind::Tricks, HandKind::Totals, HandKind::Abandoned];

    fn field(self) -> &'static str {
        match self {
            HandKind::Tricks => "tricks",
            HandKind::Totals => "points",
            HandKind::Abandoned => "abandoned",
        }
    }
}

/// The fields of a hand's body, as they are read.
struct HandFields {
    totals: Totals,
    tricks: Vec<TrickEntry>,
    layout: Option<Value>,
    in_hand: Option<Value>,
    abandoned: Option<(AbandonReason, Option<Seat>)>,
    /// False once the body cannot be scored.
    body_ok: bool,
}

impl HandFields {
    fn new(kind_known: bool) -> HandFields {
        HandFields {
            totals: Totals::default(),
            tricks: Vec::new(),
            layout: None,
            in_hand: None,
            abandoned: None,
            body_ok: kind_known,
        }
    }

    fn read(
        &mut self,
        key: &str,
        v: Value,
        kind: Option<HandKind>,
        (spec, variant): (&Spec, &Variant),
        number: u32,
        faults: &mut Vec<Fault>,
    ) {
        match key {
            "tricks" => match v {
                Value::Array(list) => {
                    self.tricks = list
                        .into_iter()
                        .map(|t| match t {
                            Value::String(s) => TrickEntry::Text(s),
                            other => TrickEntry::NotText(kind_of(&other)),
                        })
                        .collect()
                }
                v => {
                    faults.push(schema(format!(
                        "hand {number}: `tricks` must be a list of tricks, not {}",
                        kind_of(&v)
                    )));
                    self.body_ok = false;
                }
            },
            "layout" if kind == Some(HandKind::Tricks) && spec.layout.is_some() => {
                self.layout = Some(v)
            }
            "hand" if kind == Some(HandKind::Tricks) && spec.layout.is_some() => {
                self.in_hand = Some(v)
            }
            "points" => match points_value(&v, spec, &format!("hand {number}: `points`"), faults) {
                Some(p) => self.totals.points = p,
                None => self.body_ok = false,
            },
            "abandoned" => {
                self.abandoned = parse_abandoned(v, spec, number, faults);
                self.body_ok &= self.abandoned.is_some();
            }
            _ if AWARD_FIELDS.contains(&key) => {
                if kind != Some(HandKind::Totals) {
                    faults.push(schema(format!(
                        "hand {number}: `{key}` belongs only on a hand of totals (`points`)"
                    )));
                } else if let Some(why) = award_refused(variant, key) {
                    faults.push(schema(format!("hand {number}: {why}")));
                } else if !parse_award(key, &v, spec, number, &mut self.totals, faults) {
                    self.body_ok = false;
                }
            }
            _ => faults.push(schema(format!("unknown field `{key}` in hand {number}"))),
        }
    }

    fn body(
        self,
        kind: Option<HandKind>,
        spec: &Spec,
        number: u32,
        faults: &mut Vec<Fault>,
    ) -> HandBody {
        match kind {
            Some(HandKind::Tricks) => {
                let layout = match spec.layout {
                    Some(shape) if self.layout.is_some() || self.in_hand.is_some() => {
                        parse_layout(self.layout, self.in_hand, spec, shape, number, faults)
                    }
                    _ => None,
                };
                HandBody::Tricks {
                    tricks: self.tricks,
                    layout,
                }
            }
            Some(HandKind::Totals) => HandBody::Totals(self.totals),
            Some(HandKind::Abandoned) => match self.abandoned {
                Some((reason, seat)) => HandBody::Abandoned { reason, seat },
                None => HandBody::Broken,
            },
            None => HandBody::Broken,
        }
    }
}

/// Why a hand of totals may not give the award field `field` under this ruleset: "`high` is
/// not an award of Nine Card Don with end scoring `game`"; `None` when it may.
fn award_refused(variant: &Variant, field: &str) -> Option<String> {
    let allowed = award_allowed(&variant.spec(), field);
    (!allowed).then(|| format!("`{field}` is not an award of {}", variant.award_words()))
}

fn award_allowed(spec: &Spec, field: &str) -> bool {
    match field {
        "game" => spec.awards.has(AwardKind::Game),
        "high" => spec.awards.has(AwardKind::High),
        "low" => spec.awards.has(AwardKind::Low),
        "jack" => spec.awards.has(AwardKind::Jack),
        "muck" => spec.awards.has(AwardKind::Muck),
        "out_first" => !matches!(spec.goal, Goal::Deals(_)),
        "last_scorer" => spec.irish.is_some(),
        _ => false,
    }
}

/// Reads an award field into the totals; false when its value is unusable.
fn parse_award(
    field: &str,
    v: &Value,
    spec: &Spec,
    number: u32,
    totals: &mut Totals,
    faults: &mut Vec<Fault>,
) -> bool {
    let name = format!("hand {number}: `{field}`");
    let sides = spec.seating.sides();
    match field {
        "out_first" | "last_scorer" => {
            let Some(side) = side_value(v, spec, &name, faults) else {
                return false;
            };
            if field == "out_first" {
                totals.out_first = Some(side)
            } else {
                totals.last_scorer = Some(side)
            }
            true
        }
        "muck" => {
            let value = match v {
                Value::String(s) if Taker::from_word(s).is_some() => {
                    Taker::from_word(s).map(MuckValue::Award)
                }
                Value::Object(_) => points_value(v, spec, &name, faults).map(MuckValue::Values),
                _ => side_value(
                    v,
                    spec,
                    &format!("{name} (a side, \"tie\", or both sides' muck values)"),
                    faults,
                )
                .map(|side| MuckValue::Award(Taker::Side(side))),
            };
            totals.muck = value;
            value.is_some()
        }
        _ => {
            let value = match v {
                Value::String(s) if Taker::from_word(s) == Some(Taker::Nobody) => {
                    Some(Taker::Nobody)
                }
                Value::Array(pair) if field == "game" && spec.awards == Awards::GameToLose => {
                    let seats: Vec<Option<Side>> = pair
                        .iter()
                        .map(|p| {
                            p.as_str()
                                .and_then(|s| s.parse::<Side>().ok())
                                .filter(|s| sides.contains(s))
                        })
                        .collect();
                    match seats.as_slice() {
                        [Some(a), Some(b)] if a != b => Some(Taker::Pair(*a, *b)),
                        _ => {
                            faults.push(schema(format!("{name} as a list names the two players who shared the game, like [\"N\", \"E\"]")));
                            None
                        }
                    }
                }
                _ => side_value(v, spec, &format!("{name} (a side or \"none\")"), faults)
                    .map(Taker::Side),
            };
            let slot = match field {
                "game" => &mut totals.game,
                "high" => &mut totals.high,
                "low" => &mut totals.low,
                _ => &mut totals.jack,
            };
            *slot = value;
            value.is_some()
        }
    }
}

fn points_value(
    v: &Value,
    spec: &Spec,
    name: &str,
    faults: &mut Vec<Fault>,
) -> Option<BySide<i32>> {
    let Value::Object(map) = v else {
        faults.push(schema(format!(
            "{name} must be an object of points per side, not {}",
            kind_of(v)
        )));
        return None;
    };
    let sides = spec.seating.sides();
    let mut points = BySide::default();
    let mut ok = true;
    for (key, val) in map {
        let Some(side) = key.parse::<Side>().ok().filter(|s| sides.contains(s)) else {
            faults.push(schema(format!(
                "{name} has `{key}`, which is not a side of this game"
            )));
            ok = false;
            continue;
        };
        match val.as_i64() {
            Some(p) if POINTS.contains(&p) => points[side] = p as i32,
            _ => {
                faults.push(schema(format!(
                    "{name}.{key} must be a whole number from -99999 to 99999, not {val}"
                )));
                ok = false;
            }
        }
    }
    for &s in sides {
        if !map.contains_key(s.code()) {
            faults.push(schema(format!("{name} has no `{s}`")));
            ok = false;
        }
    }
    ok.then_some(points)
}

fn parse_abandoned(
    v: Value,
    spec: &Spec,
    number: u32,
    faults: &mut Vec<Fault>,
) -> Option<(AbandonReason, Option<Seat>)> {
    let Value::Object(map) = v else {
        faults.push(schema(format!(
            "hand {number}: `abandoned` must be an object with a `reason`, not {}",
            kind_of(&v)
        )));
        return None;
    };
    let mut reason = None;
    let mut seat = None;
    let mut ok = true;
    for (key, val) in map {
        match key.as_str() {
            "reason" => {
                reason = match val.as_str().and_then(AbandonReason::from_word) {
                    Some(r) => Some(r),
                    None => {
                        faults.push(schema(format!(
                            "hand {number}: `abandoned.reason` must be \"renege\", \"misdeal\" or \"redeal-demanded\", not {val}"
                        )));
                        ok = false;
                        None
                    }
                }
            }
            "seat" => {
                seat = seat_value(
                    &val,
                    spec,
                    &format!("hand {number}: `abandoned.seat`"),
                    faults,
                );
                ok &= seat.is_some();
            }
            other => faults.push(schema(format!(
                "unknown field `{other}` in hand {number}'s `abandoned`"
            ))),
        }
    }
    if reason.is_none() && ok {
        faults.push(schema(format!(
            "hand {number}: `abandoned` needs a `reason`"
        )));
    }
    Some((reason?, seat)).filter(|_| ok)
}

fn parse_penalties(
    v: Value,
    spec: &Spec,
    number: u32,
    faults: &mut Vec<Fault>,
) -> Vec<(Side, Penalty)> {
    let Value::Array(list) = v else {
        faults.push(schema(format!(
            "hand {number}: `penalties` must be a list, not {}",
            kind_of(&v)
        )));
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, entry) in list.into_iter().enumerate() {
        let name = format!("hand {number}: penalty {}", i + 1);
        let Value::Object(map) = entry else {
            faults.push(schema(format!(
                "{name} must be an object with `side` and `kind` or `points`"
            )));
            continue;
        };
        let given = map.contains_key("kind") || map.contains_key("points");
        let mut side = None;
        let mut kind = None;
        let mut points = None;
        for (key, val) in map {
            match key.as_str() {
                "side" => side = side_value(&val, spec, &format!("{name}: `side`"), faults),
                "kind" => match val.as_str().and_then(Penalty::from_kind_word) {
                    Some(p) => kind = Some(p),
                    None => faults.push(schema(format!(
                        "{name}: `kind` must be \"out-of-turn\" or \"renege\", not {val}"
                    ))),
                },
                "points" => match val.as_i64() {
                    Some(p) if POINTS.contains(&p) => points = Some(Penalty::Points(p as i32)),
                    _ => faults.push(schema(format!(
                        "{name}: `points` must be a whole number from -99999 to 99999, not {val}"
                    ))),
                },
                other => faults.push(schema(format!("unknown field `{other}` in {name}"))),
            }
        }
        match (side, points.or(kind)) {
            (Some(s), Some(p)) => out.push((s, p)),
            // A `kind` or `points` that was there but wrong has been reported.
            (Some(_), None) if !given => {
                faults.push(schema(format!("{name} needs a `kind` or `points`")))
            }
            _ => {}
        }
    }
    out
}

fn card_list(v: &Value, name: &str, faults: &mut Vec<Fault>) -> Option<Vec<Card>> {
    let Value::Array(list) = v else {
        faults.push(schema(format!(
            "{name} must be a list of cards, not {}",
            kind_of(v)
        )));
        return None;
    };
    let mut out = Vec::new();
    for c in list {
        match c.as_str().map(str::parse::<Card>) {
            Some(Ok(card)) => out.push(card),
            Some(Err(e)) => {
                faults.push(Fault::new(Code::BadCard, format!("{name}: {e}")));
                return None;
            }
            None => {
                faults.push(schema(format!(
                    "{name} must list cards as strings, not {}",
                    kind_of(c)
                )));
                return None;
            }
        }
    }
    Some(out)
}

fn parse_layout(
    layout: Option<Value>,
    hand: Option<Value>,
    spec: &Spec,
    shape: LayoutShape,
    number: u32,
    faults: &mut Vec<Fault>,
) -> Option<BlindDeal> {
    let mut out = BlindDeal::default();
    let before = faults.len();
    if shape.in_hand == 0 && hand.is_some() {
        faults.push(schema(format!(
            "hand {number}: this layout has no cards in hand, so `hand` does not belong"
        )));
    }
    if shape.in_hand > 0 && (layout.is_some() != hand.is_some()) {
        faults.push(schema(format!(
            "hand {number}: give both `layout` and `hand`, or neither"
        )));
    }
    if let Some(v) = layout {
        per_seat(
            v,
            "layout",
            "stacks",
            spec,
            number,
            faults,
            |seat, name, stacks, faults| {
                if let Some(list) = read_stacks(stacks, shape, name, faults) {
                    out.stacks[seat] = list;
                }
            },
        );
    }
    if let Some(v) = hand {
        per_seat(
            v,
            "hand",
            "cards",
            spec,
            number,
            faults,
            |seat, name, cards, faults| {
                let Some(list) = card_list(&cards, name, faults) else {
                    return;
                };
                if list.len() != shape.in_hand {
                    faults.push(schema(format!(
                        "{name} has {} cards; each player holds {}",
                        list.len(),
                        shape.in_hand
                    )));
                } else {
                    out.hand[seat] = list;
                }
            },
        );
    }
    (faults.len() == before).then_some(out)
}

/// One player's `[face-down, face-up]` stacks, as many as the layout has.
fn read_stacks(
    stacks: Value,
    shape: LayoutShape,
    name: &str,
    faults: &mut Vec<Fault>,
) -> Option<Vec<(Card, Card)>> {
    let Value::Array(list) = stacks else {
        faults.push(schema(format!(
            "{name} must be a list of [face-down, face-up] stacks"
        )));
        return None;
    };
    if list.len() != shape.stacks {
        faults.push(schema(format!(
            "{name} has {} stacks; this layout has {}",
            list.len(),
            shape.stacks
        )));
        return None;
    }
    let mut out = Vec::with_capacity(list.len());
    for stack in &list {
        match card_list(stack, name, faults).as_deref() {
            Some([down, up]) => out.push((*down, *up)),
            Some(_) => faults.push(schema(format!(
                "{name}: each stack is [face-down, face-up]"
            ))),
            None => {}
        }
    }
    Some(out)
}

/// Reads an object keyed by seat (Blind Don's `layout` and `hand`), handing each seat's value on.
fn per_seat(
    value: Value,
    field: &str,
    what: &str,
    spec: &Spec,
    number: u32,
    faults: &mut Vec<Fault>,
    mut each: impl FnMut(Seat, &str, Value, &mut Vec<Fault>),
) {
    let Value::Object(map) = value else {
        faults.push(schema(format!(
            "hand {number}: `{field}` must be an object of {what} per seat, not {}",
            kind_of(&value)
        )));
        return;
    };
    for (key, v) in map {
        let seat = seat_value(
            &Value::String(key.clone()),
            spec,
            &format!("hand {number}: `{field}`"),
            faults,
        );
        if let Some(seat) = seat {
            each(seat, &format!("hand {number}: `{field}.{key}`"), v, faults);
        }
    }
}
