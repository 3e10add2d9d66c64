//! Property tests over randomly dealt, randomly (legally) played games, and over arbitrary input.

use don::check::check_value;
use don::record::trick::parse_trick;
use don::record::write::sim_record;
use don::record::{Code, Fault};
use don::replay::ScoreSheet;
use don::rules::hand::HandPlay;
use don::rules::sim::{deal, play_game, Rng};
use don::rules::{Card, CardSet, OptionValue, Seat, Variant};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Plays one deal with random legal cards; returns the hand state after the last trick.
fn play_one(variant: &Variant, seed: u64) -> HandPlay {
    let spec = variant.spec();
    let mut rng = Rng::new(seed);
    let dealt = deal(&spec, &mut rng);
    let seats = spec.seating.seats();
    let mut hands: Vec<CardSet> = Seat::ALL
        .iter()
        .map(|&s| dealt.hands[s].iter().copied().collect())
        .collect();
    let pitcher = seats[rng.below(seats.len())];
    let mut play = HandPlay::new(pitcher);
    for t in 0..spec.tricks {
        if Some(t) == spec.half {
            let second = dealt.second.as_ref().unwrap();
            hands = Seat::ALL
                .iter()
                .map(|&s| second[s].iter().copied().collect())
                .collect();
        }
        let mut cards = Vec::new();
        let mut seat = play.leader();
        for _ in 0..seats.len() {
            let held = hands[seat as usize];
            let led = cards.first().map(|c: &Card| c.suit);
            let pool: Vec<Card> = match led {
                Some(s) if held.has_suit(s) => held.iter().filter(|c| c.suit == s).collect(),
                _ => held.iter().collect(),
            };
            let card = pool[rng.below(pool.len())];
            hands[seat as usize].remove(card);
            cards.push(card);
            seat = spec.seating.next(seat);
        }
        let outcome = play.play(&spec, &cards).unwrap();
        assert!(
            outcome.faults.is_empty(),
            "legal play has no faults: {:?}",
            outcome.faults
        );
    }
    play
}

fn variant(name: &str, options: &[(&str, OptionValue)]) -> Variant {
    Variant::build(name, options.iter().map(|(k, v)| (*k, v.clone()))).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn irish_and_phat_fat_makes_eighty_a_hand_and_muck_eighty(seed in any::<u64>(), pack in prop::sample::select(vec![52i64, 48, 44]), two in any::<bool>()) {
        let irish = variant("irish-don", &[("pack", OptionValue::Int(pack)), ("players", OptionValue::Int(if two { 2 } else { 4 }))]);
        let play = play_one(&irish, seed);
        let sides = irish.spec().seating.sides();
        prop_assert_eq!(sides.iter().map(|&s| play.peg_points()[s]).sum::<u32>(), 80);
        prop_assert_eq!(sides.iter().map(|&s| play.value()[s]).sum::<u32>(), 80);
        let phat = variant("phat", &[]);
        let play = play_one(&phat, seed);
        let sides = phat.spec().seating.sides();
        prop_assert_eq!(sides.iter().map(|&s| play.peg_points()[s]).sum::<u32>(), 80);
        prop_assert_eq!(sides.iter().map(|&s| play.value()[s]).sum::<u32>(), 80);
    }

    #[test]
    fn nine_card_don_pegs_at_most_52_a_hand(seed in any::<u64>(), scoring in prop::sample::select(vec!["game", "preston", "hljg"])) {
        let v = variant("nine-card-don", &[("target", OptionValue::Int(10_000)), ("end_scoring", OptionValue::Str(scoring.into()))]);
        let play = play_one(&v, seed);
        prop_assert!(play.peg_points()[don::rules::Side::NS] + play.peg_points()[don::rules::Side::EW] <= 44);
        let game = play_game(&v, seed, 12);
        let check = check_value(sim_record("p", &game));
        prop_assert!(check.errors.is_empty(), "{:?}", check.errors);
        for row in &check.hands {
            let total: i32 = check.sides.iter().map(|&s| row.points[s]).sum();
            prop_assert!(total <= 52, "hand {} pegged {}", row.number, total);
        }
    }

    #[test]
    fn the_card_and_trick_readers_never_panic(text in ".{0,40}") {
        let _ = text.parse::<Card>();
        let _ = parse_trick(&text);
    }

    #[test]
    fn check_never_panics_on_any_text(text in ".{0,200}") {
        let _ = match serde_json::from_str::<Value>(&text) {
            Ok(value) => check_value(value),
            Err(e) => ScoreSheet::unreadable(Fault::new(Code::Parse, e.to_string())),
        };
    }

    #[test]
    fn check_never_panics_on_any_trick_text(tricks in prop::collection::vec(".{0,20}", 0..12), pitcher in prop::sample::select(vec!["N", "E", "S", "W", "X"]), name in prop::sample::select(vec!["nine-card-don", "blind-don", "game-to-lose", "irish-don", "phat"])) {
        let record = json!({"format": "don/1", "ruleset": {"variant": name}, "hands": [{"pitcher": pitcher, "tricks": tricks}, {"tricks": ["5H"]}]});
        let _ = check_value(record);
    }

    #[test]
    fn the_engine_takes_any_cards_without_panicking(
        tricks in prop::collection::vec(prop::collection::vec(0usize..52, 1..5), 0..30),
        name in prop::sample::select(vec!["nine-card-don", "blind-don", "game-to-lose", "irish-don", "phat"]),
        layout in any::<bool>(),
    ) {
        let tricks: Vec<String> = tricks.iter().map(|t| t.iter().map(|&i| Card::from_index(i).unwrap().to_string()).collect::<Vec<_>>().join(" ")).collect();
        let mut hand = json!({"pitcher": "N", "tricks": tricks});
        if layout && name == "blind-don" {
            let stacks: Vec<Value> = (0..9).map(|i| json!([Card::from_index(i).unwrap().to_string(), Card::from_index(i + 9).unwrap().to_string()])).collect();
            let more: Vec<Value> = (18..27).map(|i| json!([Card::from_index(i).unwrap().to_string(), Card::from_index(i + 9).unwrap().to_string()])).collect();
            hand["layout"] = json!({"N": stacks, "S": more});
        }
        let record = json!({"format": "don/1", "ruleset": {"variant": name}, "hands": [hand.clone(), {"points": {"NS": 3, "EW": 4}}, hand]});
        let _ = check_value(record);
    }

    #[test]
    fn check_never_panics_on_any_json_shape(value in arb_json(), where_ in 0usize..6) {
        let mut record = json!({"format": "don/1", "ruleset": {"variant": "nine-card-don"}, "hands": [{"pitcher": "N", "points": {"NS": 1, "EW": 2}}]});
        match where_ {
            0 => record = value,
            1 => record["ruleset"] = value,
            2 => record["hands"] = value,
            3 => record["hands"][0] = value,
            4 => record["hands"][0]["points"] = value,
            _ => record["conceded"] = value,
        }
        let _ = check_value(record);
    }
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (-1000i64..1000).prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        prop::sample::select(vec![
            "N",
            "NS",
            "EW",
            "none",
            "tie",
            "5H",
            "renege",
            "nine-card-don",
            "phat",
            "hljg"
        ])
        .prop_map(|s| json!(s)),
        ".{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop::sample::select(vec![
                        "tricks",
                        "points",
                        "abandoned",
                        "pitcher",
                        "NS",
                        "EW",
                        "N",
                        "variant",
                        "target",
                        "side",
                        "after",
                        "reason",
                        "seat",
                        "game",
                        "high",
                        "muck",
                        "penalties",
                        "layout",
                        "x"
                    ]),
                    inner
                ),
                0..6
            )
            .prop_map(|kv| Value::Object(
                kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
            )),
        ]
    })
}

fn arb_taker() -> impl Strategy<Value = Option<don::rules::Taker>> {
    use don::rules::{Side, Taker};
    let side = prop::sample::select(vec![Side::NS, Side::EW, Side::N, Side::E, Side::S]);
    prop_oneof![
        Just(None),
        Just(Some(Taker::Nobody)),
        Just(Some(Taker::Tie)),
        side.clone().prop_map(|s| Some(Taker::Side(s))),
        (side.clone(), side).prop_map(|(a, b)| Some(Taker::Pair(a, b))),
    ]
}

fn arb_points() -> impl Strategy<Value = don::rules::BySide<i32>> {
    let value = prop_oneof![any::<i32>(), -100i32..200, Just(i32::MAX), Just(i32::MIN)];
    prop::array::uniform5(value).prop_map(don::rules::BySide)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Totals of any values, given straight to the engine (not through a record), are refused or
    /// scored, never a panic; a refusal changes nothing.
    #[test]
    fn the_engine_takes_any_totals_without_panicking(
        name in prop::sample::select(vec!["nine-card-don", "blind-don", "game-to-lose", "irish-don", "phat"]),
        points in arb_points(),
        muck_values in prop::option::of(arb_points()),
        game in arb_taker(), high in arb_taker(), low in arb_taker(), jack in arb_taker(), muck in arb_taker(),
        out_first in prop::option::of(prop::sample::select(vec![don::rules::Side::NS, don::rules::Side::N])),
        penalty in any::<i32>(),
        hands in 1usize..4,
    ) {
        use don::rules::{Game, MuckValue, Penalty, Totals};
        let mut g = Game::new(&Variant::default_for(name).unwrap());
        let t = Totals {
            points, game, high, low, jack,
            muck: muck_values.map(MuckValue::Values).or(muck.map(MuckValue::Award)),
            out_first, last_scorer: out_first,
        };
        for _ in 0..hands {
            if g.begin_hand(Some(Seat::N)).is_err() {
                break;
            }
            let _ = g.add_penalty(g.sides()[0], Penalty::Points(penalty));
            let before = g.clone();
            if g.record_totals(&t).is_err() {
                prop_assert_eq!(&g, &before);
                if g.force_totals(&t).is_err() {
                    prop_assert_eq!(&g, &before);
                    let _ = g.abandon_hand(don::rules::AbandonReason::Misdeal, None);
                }
            }
            for &s in g.sides() {
                prop_assert!(g.score()[s].abs() <= don::rules::SCORE_LIMIT);
            }
        }
    }

    /// Any sequence of entries of real cards (tricks of any size, some naming seats), pitchers,
    /// penalties, hand ends, abandonments and concessions, through the replay's entry API: never
    /// a panic, and a refused entry leaves the replay as it was.
    #[test]
    fn entries_of_any_cards_never_panic(
        name in prop::sample::select(vec!["nine-card-don", "blind-don", "game-to-lose", "irish-don", "phat"]),
        steps in prop::collection::vec((0usize..12, prop::collection::vec(0usize..52, 0..6), 0usize..5), 0..60),
    ) {
        use don::replay::{Entry, Replay};
        use don::rules::{AbandonReason, Penalty, Side};
        let mut replay = Replay::new(&Variant::default_for(name).unwrap());
        for (kind, cards, who) in steps {
            let seat = Seat::ALL[who % 4];
            let side = Side::ALL[who];
            let named = kind == 1;
            let text: Vec<String> = cards
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let card = Card::from_index(c).unwrap();
                    if named { format!("{}:{card}", Seat::ALL[(who + i) % 4]) } else { card.to_string() }
                })
                .collect();
            let entry = match kind {
                0..=5 => match parse_trick(&text.join(" ")) {
                    Ok(trick) => Entry::Trick(trick),
                    Err(_) => continue,
                },
                6 => Entry::Pitcher(seat),
                7 => Entry::Penalty { side, penalty: Penalty::Points(-(cards.len() as i32)) },
                8 => Entry::EndHand,
                9 => Entry::Abandon { reason: AbandonReason::Renege, seat: Some(seat) },
                10 => Entry::Concede(side),
                _ => Entry::Penalty { side, penalty: Penalty::Renege },
            };
            let before = replay.clone();
            if replay.enter(entry).is_err() {
                prop_assert_eq!(&replay, &before);
            }
        }
        let _ = replay.finish();
    }
}
