//! Writing game records (FORMAT.md §1).

use serde_json::{json, Map, Value};

use super::game::{HandBody, HandRecord, Record, TrickEntry, FORMAT};
use crate::rules::sim::SimGame;
use crate::rules::spec::LayoutShape;
use crate::rules::{
    BlindDeal, BySide, MuckValue, OptionValue, Penalty, Seat, Side, Taker, Totals, Variant,
};

fn option_json(v: &OptionValue) -> Value {
    match v {
        OptionValue::Int(i) => json!(i),
        OptionValue::Number(n) => json!(n),
        OptionValue::Str(s) => json!(s),
        OptionValue::Bool(b) => json!(b),
        OptionValue::Null | OptionValue::Compound => Value::Null,
    }
}

/// The full ruleset as a record's `ruleset`: the variant and every option's value.
pub fn ruleset_json(variant: &Variant) -> Value {
    let mut map = Map::new();
    map.insert("variant".into(), json!(variant.name()));
    for (key, value) in variant.options() {
        map.insert(key.into(), option_json(&value));
    }
    Value::Object(map)
}

/// Blind Don's `layout` (the seats that have stacks) and `hand` (the seats holding cards) into a
/// hand. `hand` is written whenever the layout has cards in hand, as the two go together.
fn layout_fields(layout: &BlindDeal, shape: Option<LayoutShape>, out: &mut Map<String, Value>) {
    let mut stacks = Map::new();
    let mut hand = Map::new();
    for seat in Seat::ALL {
        if !layout.stacks[seat].is_empty() {
            let list: Vec<Value> = layout.stacks[seat]
                .iter()
                .map(|(d, u)| json!([d.to_string(), u.to_string()]))
                .collect();
            stacks.insert(seat.letter().into(), Value::Array(list));
        }
        if !layout.hand[seat].is_empty() {
            let cards: Vec<String> = layout.hand[seat].iter().map(|c| c.to_string()).collect();
            hand.insert(seat.letter().into(), json!(cards));
        }
    }
    out.insert("layout".into(), Value::Object(stacks));
    if !hand.is_empty() || shape.is_some_and(|s| s.in_hand > 0) {
        out.insert("hand".into(), Value::Object(hand));
    }
}

/// A simulated game as a record.
pub fn sim_record(id: &str, game: &SimGame) -> Value {
    let shape = game.variant.spec().layout;
    let hands: Vec<Value> = game
        .hands
        .iter()
        .map(|h| {
            let mut hand = Map::new();
            hand.insert("pitcher".into(), json!(h.pitcher.letter()));
            hand.insert("tricks".into(), json!(h.tricks));
            if let Some(layout) = &h.layout {
                layout_fields(layout, shape, &mut hand);
            }
            Value::Object(hand)
        })
        .collect();
    json!({
        "format": FORMAT,
        "id": id,
        "ruleset": ruleset_json(&game.variant),
        "hands": hands,
    })
}

/// A record as canonical FORMAT.md §1 JSON: the inverse of `parse_record` for every record it
/// reads without fault. The ruleset is written in full, every option included; a field the
/// record lacks is left out.
pub fn record_json(record: &Record) -> Value {
    let spec = record.variant.as_ref().map(Variant::spec);
    // A record without a ruleset has no sides of its own: every side it could name is written.
    let sides = spec.map_or(&Side::ALL[..], |s| s.sides());
    let mut map = Map::new();
    map.insert("format".into(), json!(FORMAT));
    if let Some(variant) = &record.variant {
        map.insert("ruleset".into(), ruleset_json(variant));
    }
    for (key, value) in [
        ("id", &record.id),
        ("date", &record.date),
        ("venue", &record.venue),
    ] {
        if let Some(v) = value {
            map.insert(key.into(), json!(v));
        }
    }
    let seats: Map<String, Value> = Seat::ALL
        .into_iter()
        .filter_map(|s| Some((s.letter().into(), json!(record.seats[s].as_ref()?))))
        .collect();
    if !seats.is_empty() {
        map.insert("seats".into(), Value::Object(seats));
    }
    let layout = spec.and_then(|s| s.layout);
    let hands: Vec<Value> = record
        .hands
        .iter()
        .map(|h| hand_json(h, sides, layout))
        .collect();
    map.insert("hands".into(), Value::Array(hands));
    if let Some((side, after)) = record.conceded {
        map.insert(
            "conceded".into(),
            json!({ "side": side.code(), "after": after }),
        );
    }
    if let Some(j) = &record.jacks_out {
        map.insert(
            "jacks_out".into(),
            json!({ "pool": j.pool, "entrants": j.entrants }),
        );
    }
    if record.in_play {
        map.insert("in_play".into(), json!(true));
    }
    Value::Object(map)
}

/// A record as one line of text, compact JSON without a newline: what `don export` writes per
/// game.
pub fn record_line(record: &Record) -> String {
    record_json(record).to_string()
}

/// One hand: its pitcher, its body (tricks, totals or abandoned) and its penalties. A hand too
/// broken to read is written with no body.
fn hand_json(hand: &HandRecord, sides: &[Side], shape: Option<LayoutShape>) -> Value {
    let mut map = Map::new();
    if let Some(p) = hand.pitcher {
        map.insert("pitcher".into(), json!(p.letter()));
    }
    match &hand.body {
        HandBody::Tricks { tricks, layout } => {
            let list: Vec<Value> = tricks
                .iter()
                .map(|t| match t {
                    TrickEntry::Text(s) => json!(s),
                    TrickEntry::NotText(_) => Value::Null,
                })
                .collect();
            map.insert("tricks".into(), Value::Array(list));
            if let Some(layout) = layout {
                layout_fields(layout, shape, &mut map);
            }
        }
        HandBody::Totals(t) => totals_fields(t, sides, &mut map),
        HandBody::Abandoned { reason, seat } => {
            let mut abandoned = Map::new();
            abandoned.insert("reason".into(), json!(reason.word()));
            if let Some(s) = seat {
                abandoned.insert("seat".into(), json!(s.letter()));
            }
            map.insert("abandoned".into(), Value::Object(abandoned));
        }
        HandBody::Broken => {}
    }
    if !hand.penalties.is_empty() {
        let list: Vec<Value> = hand
            .penalties
            .iter()
            .map(|&(side, penalty)| match penalty {
                Penalty::Points(p) => json!({ "side": side.code(), "points": p }),
                kind => json!({ "side": side.code(), "kind": kind.to_string() }),
            })
            .collect();
        map.insert("penalties".into(), Value::Array(list));
    }
    Value::Object(map)
}

/// A totals hand's `points` and the award fields it gives.
fn totals_fields(t: &Totals, sides: &[Side], out: &mut Map<String, Value>) {
    out.insert("points".into(), points_json(&t.points, sides));
    for (key, taker) in [
        ("game", t.game),
        ("high", t.high),
        ("low", t.low),
        ("jack", t.jack),
    ] {
        if let Some(taker) = taker {
            out.insert(key.into(), taker_json(taker));
        }
    }
    match &t.muck {
        Some(MuckValue::Award(taker)) => {
            out.insert("muck".into(), taker_json(*taker));
        }
        Some(MuckValue::Values(values)) => {
            out.insert("muck".into(), points_json(values, sides));
        }
        None => {}
    }
    for (key, side) in [("out_first", t.out_first), ("last_scorer", t.last_scorer)] {
        if let Some(side) = side {
            out.insert(key.into(), json!(side.code()));
        }
    }
}

/// Points per side: `{ "NS": 12, "EW": 31 }`.
fn points_json(points: &BySide<i32>, sides: &[Side]) -> Value {
    let map: Map<String, Value> = sides
        .iter()
        .map(|&s| (s.code().into(), json!(points[s])))
        .collect();
    Value::Object(map)
}

/// An award's taker: a side, `"none"`, `"tie"`, or Game to Lose's shared game as `["N", "E"]`.
fn taker_json(taker: Taker) -> Value {
    match taker {
        Taker::Pair(a, b) => json!([a.code(), b.code()]),
        other => json!(other.to_string()),
    }
}
