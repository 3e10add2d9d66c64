//! A game as the database keeps it, row by row, and the record (FORMAT.md §1) it is. The JSON
//! the store keeps in some columns (the ruleset, a hand's totals or layout) is written and read
//! here, not in the store.

use serde_json::{json, Map, Value};

use super::game::{HandBody, HandRecord, Record, FORMAT};
use super::parse_record;
use super::write::record_json;

/// A stored game's rows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StoredGame {
    pub record_id: Option<String>,
    /// The ruleset, as JSON text, and its variant's name.
    pub ruleset: String,
    pub variant: String,
    pub date: Option<String>,
    pub venue: Option<String>,
    /// Seat letter and name, as stored.
    pub seats: Vec<(String, String)>,
    /// In the order of their numbers.
    pub hands: Vec<StoredHand>,
    /// The side that conceded and after which hand.
    pub conceded: Option<(String, i64)>,
    /// Jacks out: the pool and the entrants in order.
    pub jacks_out: Option<(f64, Vec<String>)>,
}

/// A stored hand's row, with its tricks and penalties.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StoredHand {
    pub number: u32,
    pub pitcher: Option<String>,
    /// `tricks`, `totals` or `abandoned`; none while only its pitcher or a penalty is entered.
    pub body: Option<String>,
    /// The totals' fields, as JSON text (see [`hand_fields`]).
    pub totals: Option<String>,
    pub reason: Option<String>,
    pub seat: Option<String>,
    /// The layout's fields, as JSON text (see [`hand_fields`]).
    pub layout: Option<String>,
    /// Ended by a claim (a record shows that only as a short deal).
    pub claimed: bool,
    /// Its tricks, also those of a hand abandoned (which a record does not show).
    pub tricks: Vec<String>,
    pub penalties: Vec<StoredPenalty>,
}

/// A stored penalty: a kind (`renege`, `out-of-turn`) or points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoredPenalty {
    pub side: String,
    pub kind: Option<String>,
    pub points: Option<i64>,
}

/// The record a stored game is; with `waiting`, also a hand begun at the table with nothing but
/// its pitcher or a penalty so far (a record cannot say that: `export` leaves it out, the
/// scorer needs it). Err: what of it is damaged.
pub fn stored_record(game: &StoredGame, waiting: bool) -> Result<Value, String> {
    let mut rec = Map::new();
    rec.insert("format".into(), json!(FORMAT));
    if let Some(id) = &game.record_id {
        rec.insert("id".into(), json!(id));
    }
    let ruleset: Value = serde_json::from_str(&game.ruleset).map_err(|e| e.to_string())?;
    rec.insert("ruleset".into(), ruleset);
    if let Some(date) = &game.date {
        rec.insert("date".into(), json!(date));
    }
    if let Some(venue) = &game.venue {
        rec.insert("venue".into(), json!(venue));
    }
    let seats: Map<String, Value> = game
        .seats
        .iter()
        .map(|(seat, name)| (seat.clone(), json!(name)))
        .collect();
    if !seats.is_empty() {
        rec.insert("seats".into(), Value::Object(seats));
    }
    rec.insert("hands".into(), Value::Array(hands_json(game, waiting)?));
    if let Some((side, after)) = &game.conceded {
        rec.insert("conceded".into(), json!({ "side": side, "after": after }));
    }
    if let Some((pool, entrants)) = &game.jacks_out {
        rec.insert(
            "jacks_out".into(),
            json!({ "pool": pool, "entrants": entrants }),
        );
    }
    Ok(Value::Object(rec))
}

fn hands_json(game: &StoredGame, waiting: bool) -> Result<Vec<Value>, String> {
    let mut hands = Vec::new();
    for (i, row) in game.hands.iter().enumerate() {
        if row.number as usize != i + 1 {
            return Err(format!("hand {} is missing", i + 1));
        }
        if row.body.is_none() && !waiting {
            continue;
        }
        hands.push(hand_json(row)?);
    }
    Ok(hands)
}

fn hand_json(row: &StoredHand) -> Result<Value, String> {
    let mut hand = Map::new();
    if let Some(p) = &row.pitcher {
        hand.insert("pitcher".into(), json!(p));
    }
    let object = |text: &Option<String>, what: &str| -> Result<Map<String, Value>, String> {
        match text.as_deref().map(serde_json::from_str::<Value>) {
            None => Ok(Map::new()),
            Some(Ok(Value::Object(m))) => Ok(m),
            _ => Err(format!("the {what} of hand {}", row.number)),
        }
    };
    match row.body.as_deref() {
        Some("totals") => hand.extend(object(&row.totals, "totals")?),
        Some("abandoned") => {
            let mut a = Map::new();
            a.insert("reason".into(), json!(row.reason));
            if let Some(seat) = &row.seat {
                a.insert("seat".into(), json!(seat));
            }
            hand.insert("abandoned".into(), Value::Object(a));
        }
        _ => {
            hand.insert("tricks".into(), json!(row.tricks));
            hand.extend(object(&row.layout, "layout")?);
        }
    }
    let penalties: Vec<Value> = row
        .penalties
        .iter()
        .map(|p| match &p.kind {
            Some(kind) => json!({ "side": p.side, "kind": kind }),
            None => json!({ "side": p.side, "points": p.points }),
        })
        .collect();
    if !penalties.is_empty() {
        hand.insert("penalties".into(), Value::Array(penalties));
    }
    Ok(Value::Object(hand))
}

/// A record of a game of this ruleset (JSON text, as stored) with no hands: what a hand's
/// fields are written against. Err: why it cannot be read.
pub fn variant_record(ruleset: &str) -> Result<Record, String> {
    let ruleset: Value = serde_json::from_str(ruleset).map_err(|e| e.to_string())?;
    let record = parse_record(json!({ "format": FORMAT, "ruleset": ruleset, "hands": [] }));
    match record.faults.first() {
        Some(fault) => Err(fault.message.clone()),
        None => Ok(record),
    }
}

/// A hand's fields as a record writes them, without pitcher, penalties or tricks, as JSON text:
/// what the store keeps of a layout or of totals entered at the table.
pub fn hand_fields(variant: &Record, body: HandBody) -> String {
    let mut record = variant.clone();
    record.hands = vec![HandRecord {
        pitcher: None,
        body,
        penalties: Vec::new(),
        faults: Vec::new(),
    }];
    let mut fields = match record_json(&record).pointer("/hands/0") {
        Some(Value::Object(m)) => m.clone(),
        _ => Map::new(),
    };
    fields.remove("tricks");
    Value::Object(fields).to_string()
}

/// One entry typed at the table, as the store keeps it: the hand it is of (and that hand's
/// pitcher, where the line named one), and what it puts in place.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredEntry {
    pub hand: u32,
    pub pitcher: Option<String>,
    pub row: EntryRow,
}

/// What one entry at the table puts in place, in the stored hand's rows.
#[derive(Clone, Debug, PartialEq)]
pub enum EntryRow {
    /// A side conceded after the hand.
    Concede(String),
    Pitcher(String),
    /// A trick, as its line is written.
    Trick(String),
    /// A layout's fields and a hand's totals, as JSON text (see [`hand_fields`]).
    Layout(String),
    Totals(String),
    Abandon {
        reason: String,
        seat: Option<String>,
    },
    Penalty(StoredPenalty),
    /// The hand ended by a claim.
    EndHand,
}

/// A record whose rows cannot be made (not canonical where the store needs it to be).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unstorable {
    /// A part of the record as a whole: its ruleset, variant, seats, jacks out or hands.
    #[error("the record's {0} cannot be stored")]
    Record(&'static str),
    /// A hand of it, by number.
    #[error("hand {0} of the record cannot be stored")]
    Hand(u32),
}

/// The rows of a canonical record (as `record::write::record_json` writes it), with the hands
/// ended by a claim (which a record shows only as short deals). A game in play (`"in_play":
/// true`) keeps its last hand, begun with nothing but its pitcher and penalties, as the scorer
/// keeps such a hand: with no body.
pub fn stored_game_of(record: &Value, claimed: &[u32]) -> Result<StoredGame, Unstorable> {
    let bad = Unstorable::Record;
    let text = |key: &str| record.get(key).and_then(Value::as_str).map(str::to_string);
    let ruleset = record.get("ruleset").ok_or(bad("ruleset"))?;
    let variant = ruleset
        .get("variant")
        .and_then(Value::as_str)
        .ok_or(bad("variant"))?;
    let conceded = record.get("conceded").and_then(|c| {
        let side = c.get("side").and_then(Value::as_str)?;
        Some((side.to_string(), c.get("after").and_then(Value::as_i64)?))
    });
    let mut game = StoredGame {
        record_id: text("id"),
        ruleset: ruleset.to_string(),
        variant: variant.to_string(),
        date: text("date"),
        venue: text("venue"),
        conceded,
        ..StoredGame::default()
    };
    if let Some(Value::Object(seats)) = record.get("seats") {
        for (seat, name) in seats {
            let name = name.as_str().ok_or(bad("seats"))?;
            game.seats.push((seat.clone(), name.to_string()));
        }
    }
    if let Some(jacks) = record.get("jacks_out") {
        let pool = jacks.get("pool").and_then(Value::as_f64);
        let mut entrants = Vec::new();
        if let Some(Value::Array(names)) = jacks.get("entrants") {
            for name in names {
                entrants.push(name.as_str().ok_or(bad("jacks out"))?.to_string());
            }
        }
        game.jacks_out = Some((pool.ok_or(bad("jacks out"))?, entrants));
    }
    let Some(Value::Array(hands)) = record.get("hands") else {
        return Err(bad("hands"));
    };
    let in_play = record.get("in_play") == Some(&Value::Bool(true));
    for (i, hand) in hands.iter().enumerate() {
        let number = i as u32 + 1;
        let waiting = in_play && i + 1 == hands.len() && is_waiting(hand);
        game.hands.push(if waiting {
            waiting_hand(number, hand)?
        } else {
            stored_hand(number, hand, claimed.contains(&number))?
        });
    }
    Ok(game)
}

/// A hand of a game in play begun with nothing but its pitcher and penalties.
fn is_waiting(hand: &Value) -> bool {
    hand.as_object().is_some_and(|h| {
        h.get("tricks")
            .and_then(Value::as_array)
            .is_some_and(Vec::is_empty)
            && h.keys()
                .all(|k| ["pitcher", "tricks", "penalties"].contains(&k.as_str()))
    })
}

fn waiting_hand(number: u32, hand: &Value) -> Result<StoredHand, Unstorable> {
    Ok(StoredHand {
        number,
        pitcher: hand
            .get("pitcher")
            .and_then(Value::as_str)
            .map(str::to_string),
        penalties: stored_penalties(number, hand.get("penalties"))?,
        ..StoredHand::default()
    })
}

fn stored_hand(number: u32, hand: &Value, claimed: bool) -> Result<StoredHand, Unstorable> {
    let bad = || Unstorable::Hand(number);
    let Value::Object(hand) = hand else {
        return Err(bad());
    };
    let mut rest = hand.clone();
    let text = |v: Option<&Value>, key: &str| {
        v.and_then(|a| a.get(key))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let pitcher = rest.remove("pitcher");
    let penalties = rest.remove("penalties");
    let tricks = rest.remove("tricks");
    let abandoned = rest.remove("abandoned");
    let rest = (!rest.is_empty()).then(|| Value::Object(rest).to_string());
    let mut stored = StoredHand {
        number,
        pitcher: pitcher.as_ref().and_then(Value::as_str).map(str::to_string),
        reason: text(abandoned.as_ref(), "reason"),
        seat: text(abandoned.as_ref(), "seat"),
        claimed,
        penalties: stored_penalties(number, penalties.as_ref())?,
        ..StoredHand::default()
    };
    match (&tricks, &abandoned) {
        (Some(_), _) => (stored.body, stored.layout) = (Some("tricks".into()), rest),
        (None, Some(_)) => stored.body = Some("abandoned".into()),
        (None, None) => (stored.body, stored.totals) = (Some("totals".into()), rest),
    }
    if let Some(tricks) = tricks {
        for trick in tricks.as_array().ok_or_else(bad)? {
            stored
                .tricks
                .push(trick.as_str().ok_or_else(bad)?.to_string());
        }
    }
    Ok(stored)
}

fn stored_penalties(
    number: u32,
    penalties: Option<&Value>,
) -> Result<Vec<StoredPenalty>, Unstorable> {
    let Some(penalties) = penalties else {
        return Ok(Vec::new());
    };
    let bad = || Unstorable::Hand(number);
    penalties
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|p| {
            Ok(StoredPenalty {
                side: p
                    .get("side")
                    .and_then(Value::as_str)
                    .ok_or_else(bad)?
                    .to_string(),
                kind: p.get("kind").and_then(Value::as_str).map(str::to_string),
                points: p.get("points").and_then(Value::as_i64),
            })
        })
        .collect()
}

/// Numbers (a match's players') as the database keeps them in one column: a JSON array.
pub fn ids_text(ids: &[i64]) -> String {
    serde_json::Value::from(ids.to_vec()).to_string()
}

/// Numbers kept as [`ids_text`] writes them.
pub fn ids_of_text(text: &str) -> Result<Vec<i64>, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}
