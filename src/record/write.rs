//! Writing game records (FORMAT.md §1).

use serde_json::{json, Map, Value};

use crate::rules::sim::SimGame;
use crate::rules::{BlindDeal, OptionValue, Seat, Variant};

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

fn layout_json(layout: &BlindDeal, seats: &[Seat]) -> (Value, Value) {
    let mut stacks = Map::new();
    let mut hand = Map::new();
    for &seat in seats {
        let list: Vec<Value> = layout.stacks[seat]
            .iter()
            .map(|(d, u)| json!([d.to_string(), u.to_string()]))
            .collect();
        stacks.insert(seat.letter().into(), Value::Array(list));
        if !layout.hand[seat].is_empty() {
            let cards: Vec<String> = layout.hand[seat].iter().map(|c| c.to_string()).collect();
            hand.insert(seat.letter().into(), json!(cards));
        }
    }
    (Value::Object(stacks), Value::Object(hand))
}

/// A simulated game as a record.
pub fn sim_record(id: &str, game: &SimGame) -> Value {
    let seats = game.variant.spec().seating.seats();
    let hands: Vec<Value> = game
        .hands
        .iter()
        .map(|h| {
            let mut hand = json!({ "pitcher": h.pitcher.letter(), "tricks": h.tricks });
            if let Some(layout) = &h.layout {
                let (stacks, in_hand) = layout_json(layout, seats);
                hand["layout"] = stacks;
                if in_hand.as_object().is_some_and(|m| !m.is_empty()) {
                    hand["hand"] = in_hand;
                }
            }
            hand
        })
        .collect();
    json!({
        "format": super::game::FORMAT,
        "id": id,
        "ruleset": ruleset_json(&game.variant),
        "hands": hands,
    })
}
