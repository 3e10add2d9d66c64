//! Parsing one record's JSON and finding keys written twice in one object, at any depth.
//! serde_json quietly keeps the last of a repeated key; here the `Value` built is the same (the
//! last one still wins), and each repeated key is handed back with its place in the record, so
//! that the record reader can make it a `schema` error.

use std::collections::BTreeSet;
use std::fmt;

use super::fault::{Code, Fault};

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Number, Value};

/// At most this many repeated keys are listed for one record; a record with more is
/// garbage, and its first hundred say so.
pub const MAX_DUPLICATES: usize = 100;

/// One step of a path into a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathSegment {
    /// A key of an object.
    Key(String),
    /// A place in an array, from 0.
    Index(usize),
}

/// A key written more than once in one object of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateKey {
    /// The key, as read (escapes decoded).
    pub key: String,
    /// The object that holds it, from the top of the record: empty for a key of the record
    /// itself, `[Key("hands"), Index(2)]` for a key of the third hand.
    pub within: Vec<PathSegment>,
}

impl DuplicateKey {
    /// The key's path in the record, like `hands[2].points` or `ruleset.target` (the same as
    /// `to_string()`): keys joined by dots, array places (from 0) in brackets, and a key that
    /// is not a plain word (letters, digits, `_`, `-`) in brackets as a JSON string, like
    /// `seats["N "]`.
    pub fn path(&self) -> String {
        self.to_string()
    }

    /// A `schema` fault naming the key: within its hand (counted from 1, as hands are on a
    /// score sheet) when it is in one, else within the record.
    pub fn fault(&self) -> Fault {
        let (hand, within) = match self.within.as_slice() {
            [PathSegment::Key(hands), PathSegment::Index(i), rest @ ..] if hands == "hands" => {
                (Some(*i as u32 + 1), rest.to_vec())
            }
            _ => (None, self.within.clone()),
        };
        let field = DuplicateKey {
            key: self.key.clone(),
            within,
        };
        let place = hand.map_or("the record".to_string(), |h| format!("hand {h}"));
        let fault = Fault::new(
            Code::Schema,
            format!("`{field}` is written more than once in {place}; write each field once"),
        );
        match hand {
            Some(h) => fault.at_hand(h),
            None => fault,
        }
    }
}

impl fmt::Display for DuplicateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for segment in &self.within {
            match segment {
                PathSegment::Key(key) => write_key(f, key, first)?,
                PathSegment::Index(i) => write!(f, "[{i}]")?,
            }
            first = false;
        }
        write_key(f, &self.key, first)
    }
}

fn write_key(f: &mut fmt::Formatter<'_>, key: &str, first: bool) -> fmt::Result {
    let plain = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if plain {
        if !first {
            f.write_str(".")?;
        }
        f.write_str(key)
    } else {
        // A `String` always serializes; the fallback only keeps this free of panics.
        let quoted = serde_json::to_string(key).unwrap_or_else(|_| format!("{key:?}"));
        write!(f, "[{quoted}]")
    }
}

/// Parses one JSON value from `bytes` (whitespace around it allowed), building the `Value`
/// serde_json would build, and lists the keys written twice in one object, in the order their
/// repeats appear. Errors are serde_json's, with its messages and its nesting limit (a
/// 128th level is an error), so deep nesting cannot overflow the stack.
///
/// At most [`MAX_DUPLICATES`] are listed, and they never take more memory than 4 KiB and twice
/// `bytes` (each repeat's path copies the keys of the objects around it, which may be long),
/// so memory stays bounded by the record.
pub fn parse_value(bytes: &[u8]) -> Result<(Value, Vec<DuplicateKey>), serde_json::Error> {
    let mut found = Found {
        path: Vec::new(),
        list: Vec::new(),
        budget: 4096 + 2 * bytes.len(),
    };
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = ValueSeed(&mut found).deserialize(&mut de)?;
    de.end()?;
    Ok((value, found.list))
}

/// Where the parse is (the keys and places of the values around) and what it has found.
struct Found {
    path: Vec<PathSegment>,
    list: Vec<DuplicateKey>,
    /// Bytes of memory the list may still take.
    budget: usize,
}

impl Found {
    /// Notes `key` written again in the object at `self.path`, once per object.
    fn repeat(&mut self, key: &str, listed: &mut BTreeSet<String>) {
        if self.list.len() >= MAX_DUPLICATES || listed.contains(key) {
            return;
        }
        let segment = std::mem::size_of::<PathSegment>();
        let cost = self
            .path
            .iter()
            .map(|s| match s {
                PathSegment::Key(k) => k.len() + segment,
                PathSegment::Index(_) => segment,
            })
            .sum::<usize>()
            + 2 * key.len()
            + std::mem::size_of::<DuplicateKey>();
        if cost > self.budget {
            self.budget = 0;
            return;
        }
        self.budget -= cost;
        listed.insert(key.to_owned());
        self.list.push(DuplicateKey {
            key: key.to_owned(),
            within: self.path.clone(),
        });
    }
}

struct ValueSeed<'a>(&'a mut Found);

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        ValueSeed(self.0).deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let found = self.0;
        let mut list = Vec::new();
        loop {
            found.path.push(PathSegment::Index(list.len()));
            let next = seq.next_element_seed(ValueSeed(found));
            found.path.pop();
            match next? {
                Some(value) => list.push(value),
                None => return Ok(Value::Array(list)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let found = self.0;
        let mut object = Map::new();
        let mut listed = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            // The key goes on the path while its value is read, and comes back for the map.
            found.path.push(PathSegment::Key(key));
            let value = map.next_value_seed(ValueSeed(found));
            let Some(PathSegment::Key(key)) = found.path.pop() else {
                return Err(de::Error::custom(
                    "internal error: the key path is out of step",
                ));
            };
            let value = value?;
            match object.entry(key) {
                Entry::Vacant(entry) => {
                    entry.insert(value);
                }
                Entry::Occupied(mut entry) => {
                    found.repeat(entry.key(), &mut listed);
                    entry.insert(value);
                }
            }
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn dups(text: &str) -> Vec<String> {
        parse_value(text.as_bytes())
            .unwrap()
            .1
            .iter()
            .map(DuplicateKey::path)
            .collect()
    }

    #[test]
    fn repeated_keys_are_found_at_any_depth_with_their_paths() {
        let text = r#"{"format": "don/1", "ruleset": {"variant": "phat", "target": 121, "target": 91},
            "hands": [{}, {}, {"points": {"NS": 1}, "points": {"NS": 2, "NS": 3}}],
            "format": "don/1"}"#;
        let (value, found) = parse_value(text.as_bytes()).unwrap();
        assert_eq!(
            found,
            vec![
                DuplicateKey {
                    key: "target".into(),
                    within: vec![PathSegment::Key("ruleset".into())],
                },
                DuplicateKey {
                    key: "NS".into(),
                    within: vec![
                        PathSegment::Key("hands".into()),
                        PathSegment::Index(2),
                        PathSegment::Key("points".into()),
                    ],
                },
                DuplicateKey {
                    key: "points".into(),
                    within: vec![PathSegment::Key("hands".into()), PathSegment::Index(2)],
                },
                DuplicateKey {
                    key: "format".into(),
                    within: vec![],
                },
            ]
        );
        let paths: Vec<_> = found.iter().map(|d| d.path()).collect();
        assert_eq!(
            paths,
            [
                "ruleset.target",
                "hands[2].points.NS",
                "hands[2].points",
                "format"
            ]
        );
        // The value is serde_json's: the last of a repeated key wins.
        assert_eq!(value, serde_json::from_str::<Value>(text).unwrap());
        assert_eq!(value["ruleset"]["target"], 91);
        assert_eq!(value["hands"][2]["points"], json!({"NS": 3}));
    }

    #[test]
    fn a_key_repeated_many_times_in_one_object_is_listed_once() {
        assert_eq!(
            dups(r#"{"a": 1, "a": 2, "a": 3, "b": 1, "b": 2}"#),
            ["a", "b"]
        );
        // The same key in different objects is no repeat; in two objects, two repeats.
        assert!(dups(r#"[{"a": 1}, {"a": 2}, {"x": {"a": 1}, "y": {"a": 1}}]"#).is_empty());
        assert_eq!(
            dups(r#"[{"a": 1, "a": 2}, [[{"a": 1, "a": 2}]]]"#),
            ["[0].a", "[1][0][0].a"]
        );
    }

    #[test]
    fn odd_keys_are_quoted_in_paths() {
        assert_eq!(
            dups(r#"{"seats": {"N ": 1, "N ": 2}, "": {"a.b": 1, "a.b": 1}, "é": 0, "é": 0}"#),
            [r#"seats["N "]"#, r#"[""]["a.b"]"#, r#"["é"]"#]
        );
        assert_eq!(
            dups(r#"{"x\"y": {"\n": 1, "\n": 1}}"#),
            [r#"["x\"y"]["\n"]"#]
        );
    }

    #[test]
    fn errors_are_serde_jsons() {
        for text in [
            "",
            "{",
            "[1,]",
            "{\"a\" 1}",
            "{1: 2}",
            "\"\\ud800\"",
            "[1] x",
            "\"caf\u{e9}",
            "tru",
            "01",
        ] {
            let ours = parse_value(text.as_bytes()).unwrap_err().to_string();
            let theirs = serde_json::from_str::<Value>(text).unwrap_err().to_string();
            assert_eq!(ours, theirs, "{text:?}");
        }
        let latin1 = b"{\"a\": \"caf\xe9\"}";
        let bad = parse_value(latin1).unwrap_err().to_string();
        assert_eq!(bad, "invalid unicode code point at line 1 column 11");
        assert_eq!(
            bad,
            serde_json::from_slice::<Value>(latin1)
                .unwrap_err()
                .to_string()
        );
    }

    #[test]
    fn nesting_stops_where_serde_jsons_does_without_overflowing_the_stack() {
        let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
        assert!(parse_value(deep(127).as_bytes()).is_ok());
        assert_eq!(
            parse_value(deep(128).as_bytes()).unwrap_err().to_string(),
            "recursion limit exceeded at line 1 column 128"
        );
        let objects = "{\"a\":".repeat(100_000);
        assert_eq!(
            parse_value(objects.as_bytes()).unwrap_err().to_string(),
            "recursion limit exceeded at line 1 column 636"
        );
        assert!(parse_value("[".repeat(1_000_000).as_bytes()).is_err());
    }

    #[test]
    fn the_list_is_bounded_in_count_and_in_text() {
        let many: Vec<String> = (0..500)
            .map(|i| format!("\"k{i}\": 1, \"k{i}\": 2"))
            .collect();
        let text = format!("{{{}}}", many.join(", "));
        let found = dups(&text);
        assert_eq!(found.len(), MAX_DUPLICATES);
        assert_eq!(found[99], "k99");
        // Long keys on the path: each repeat would copy them; the list stops at twice the text.
        let long = "x".repeat(10_000);
        let inner: Vec<String> = (0..50).map(|i| format!("\"{i}\": 1, \"{i}\": 2")).collect();
        let text = format!("{{\"{long}\": {{\"{long}\": {{{}}}}}}}", inner.join(", "));
        let (_, found) = parse_value(text.as_bytes()).unwrap();
        let held: usize = found
            .iter()
            .map(|d| d.key.len() + d.within.len() * 10_000)
            .sum();
        assert!(!found.is_empty() && found.len() < 50, "{}", found.len());
        assert!(held <= 4096 + 2 * text.len(), "{held} > {}", text.len());
    }

    fn arb_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<u64>().prop_map(|n| json!(n)),
            any::<f64>().prop_map(|n| json!(n)),
            ".{0,8}".prop_map(Value::String),
        ];
        leaf.prop_recursive(6, 64, 8, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                prop::collection::vec(("[a-c]{0,2}", inner), 0..8)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn the_value_is_serde_jsons(value in arb_json(), pretty in any::<bool>()) {
            let text = if pretty {
                serde_json::to_string_pretty(&value).unwrap()
            } else {
                serde_json::to_string(&value).unwrap()
            };
            let (ours, found) = parse_value(text.as_bytes()).unwrap();
            prop_assert_eq!(ours, serde_json::from_str::<Value>(&text).unwrap());
            prop_assert!(found.is_empty());
        }

        #[test]
        fn any_bytes_parse_as_serde_json_does(bytes in prop::collection::vec(
            prop_oneof![
                Just(b'['), Just(b']'), Just(b'{'), Just(b'}'), Just(b'"'), Just(b'\\'),
                Just(b':'), Just(b','), Just(b'a'), Just(b'1'), Just(b' '), Just(0xE2),
                Just(0x82), any::<u8>(),
            ],
            0..200,
        )) {
            let ours = parse_value(&bytes).map(|(v, _)| v).map_err(|e| e.to_string());
            let theirs = serde_json::from_slice::<Value>(&bytes).map_err(|e| e.to_string());
            prop_assert_eq!(ours, theirs);
        }
    }
}
