//! The scorer's lines (FORMAT.md §5): every form of the table read to the value it stands for,
//! in any case and with comments; every malformed form refused with what is wrong, in the
//! scorer's words.

use don::record::line::{parse_line, Line, LineError};
use don::record::trick::parse_trick;
use don::rules::{AbandonReason, BySide, MuckValue, Penalty, Seat, Side, Taker, Totals};

fn read(text: &str) -> Line {
    match parse_line(text) {
        Ok(Some(line)) => line,
        other => panic!("{text:?} read as {other:?}"),
    }
}

fn refused(text: &str) -> String {
    match parse_line(text) {
        Err(e) => e.to_string(),
        Ok(line) => panic!("{text:?} was read, as {line:?}"),
    }
}

fn points(list: &[(Side, i32)]) -> BySide<i32> {
    let mut p = BySide::default();
    for &(side, n) in list {
        p[side] = n;
    }
    p
}

fn totals(list: &[(Side, i32)]) -> Totals {
    Totals {
        points: points(list),
        ..Totals::default()
    }
}

#[test]
fn nothing_on_a_line_is_nothing() {
    for text in ["", "   ", "\t", "# a comment", "   # the second deal"] {
        assert_eq!(parse_line(text), Ok(None), "{text:?}");
    }
}

#[test]
fn a_trick_is_its_cards_in_any_case_or_with_seats() {
    let plain = parse_trick("5H KH 2H AH").unwrap();
    for text in [
        "5h kh 2h ah",
        "5H KH 2H AH",
        "  5h   KH 2h aH  # Gareth led",
        "5♥ K♥ 2♥ A♥",
    ] {
        assert_eq!(read(text), Line::Trick(plain), "{text:?}");
    }
    let named = parse_trick("N:5H E:KH S:2H W:AH").unwrap();
    assert_eq!(read("n:5h e:kh s:2h w:ah"), Line::Trick(named));
    assert_eq!(
        named.seats(),
        Some(&[Seat::N, Seat::E, Seat::S, Seat::W][..])
    );
    // Two- and three-card tricks read as written: their size is the game's to judge.
    assert_eq!(read("as ts"), Line::Trick(parse_trick("AS TS").unwrap()));
    assert_eq!(
        read("10s 9s 8s"),
        Line::Trick(parse_trick("TS 9S 8S").unwrap())
    );
}

#[test]
fn the_words_of_the_table() {
    assert_eq!(read("pitcher S"), Line::Pitcher(Seat::S));
    assert_eq!(read("PITCHER w"), Line::Pitcher(Seat::W));
    assert_eq!(
        read("abandon renege W"),
        Line::Abandon {
            reason: AbandonReason::Renege,
            seat: Some(Seat::W)
        }
    );
    assert_eq!(
        read("abandon misdeal"),
        Line::Abandon {
            reason: AbandonReason::Misdeal,
            seat: None
        }
    );
    assert_eq!(
        read("Abandon Redeal-Demanded n"),
        Line::Abandon {
            reason: AbandonReason::RedealDemanded,
            seat: Some(Seat::N)
        }
    );
    for (text, side, penalty) in [
        ("penalty EW out-of-turn", Side::EW, Penalty::OutOfTurn),
        ("penalty ew renege", Side::EW, Penalty::Renege),
        ("penalty EW -19", Side::EW, Penalty::Points(-19)),
        ("penalty n 5", Side::N, Penalty::Points(5)),
        ("penalty NS out_of_turn", Side::NS, Penalty::OutOfTurn),
    ] {
        assert_eq!(read(text), Line::Penalty { side, penalty }, "{text}");
    }
    assert_eq!(read("concede EW"), Line::Concede(Side::EW));
    assert_eq!(read("concede s"), Line::Concede(Side::S));
    assert_eq!(read("claim"), Line::Claim);
    assert_eq!(read("UNDO"), Line::Undo);
    assert_eq!(read("quit # for tonight"), Line::Quit);
}

#[test]
fn totals_with_every_award_field() {
    let Line::Totals {
        totals: t, sides, ..
    } = read(
        "totals NS 23 EW 12 game NS high NS low EW jack none muck NS out_first NS last_scorer EW",
    )
    else {
        panic!("totals")
    };
    assert_eq!(sides, vec![Side::NS, Side::EW]);
    assert_eq!(
        t,
        Totals {
            game: Some(Taker::Side(Side::NS)),
            high: Some(Taker::Side(Side::NS)),
            low: Some(Taker::Side(Side::EW)),
            jack: Some(Taker::Nobody),
            muck: Some(MuckValue::Award(Taker::Side(Side::NS))),
            out_first: Some(Side::NS),
            last_scorer: Some(Side::EW),
            ..totals(&[(Side::NS, 23), (Side::EW, 12)])
        }
    );
    // Either spelling of out_first and last_scorer, the sides in any order, any case.
    assert_eq!(
        read("totals ew 12 ns 23 out-first ns last-scorer EW"),
        Line::Totals {
            totals: Totals {
                out_first: Some(Side::NS),
                last_scorer: Some(Side::EW),
                ..totals(&[(Side::NS, 23), (Side::EW, 12)])
            },
            sides: vec![Side::EW, Side::NS],
            muck_sides: vec![],
        }
    );
    // Phat's muck: tied, or both sides' values.
    assert_eq!(
        read("totals NS 40 EW 40 muck tie"),
        Line::Totals {
            totals: Totals {
                muck: Some(MuckValue::Award(Taker::Tie)),
                ..totals(&[(Side::NS, 40), (Side::EW, 40)])
            },
            sides: vec![Side::NS, Side::EW],
            muck_sides: vec![],
        }
    );
    assert_eq!(
        read("totals NS 48 EW 40 muck NS 44 EW 36"),
        Line::Totals {
            totals: Totals {
                muck: Some(MuckValue::Values(points(&[(Side::NS, 44), (Side::EW, 36)]))),
                ..totals(&[(Side::NS, 48), (Side::EW, 40)])
            },
            sides: vec![Side::NS, Side::EW],
            muck_sides: vec![Side::NS, Side::EW],
        }
    );
    // Game to Lose: three players, and the shared game.
    assert_eq!(
        read("totals N 21 E 20 S 5 game N+E"),
        Line::Totals {
            totals: Totals {
                game: Some(Taker::Pair(Side::N, Side::E)),
                ..totals(&[(Side::N, 21), (Side::E, 20), (Side::S, 5)])
            },
            sides: vec![Side::N, Side::E, Side::S],
            muck_sides: vec![],
        }
    );
}

#[test]
fn every_malformed_line_is_refused_with_what_is_wrong() {
    let cases = [
        ("5X KH 2H AH", "`5X` is not a card (write rank then suit, like 5H or TD)"),
        ("5h kh 2h 1h", "`1h` is not a card (write rank then suit, like 5H or TD)"),
        ("N:5X E:KH", "`5X` is not a card (write rank then suit, like 5H or TD)"),
        ("ace kh", "`ace` is not a card (write rank then suit, like 5H or TD)"),
        ("2H 3H 4H 5H 6H", "a trick has at most 4 cards; this one has 5"),
        ("N:5H KH", "name the seat of every card in the trick, or of none"),
        ("X:5H Y:6H", "`X` is not a seat (N, E, S or W) in `X:5H`"),
        ("foo", "unknown word `foo`: a line is a trick (5H KH 2H AH) or one of pitcher, totals, abandon, penalty, concede, claim, undo, quit; `help` lists them with examples"),
        ("jack of hearts", "unknown word `jack`: a line is a trick (5H KH 2H AH) or one of pitcher, totals, abandon, penalty, concede, claim, undo, quit; `help` lists them with examples"),
        ("pitcher", "`pitcher` needs a seat: pitcher S"),
        ("pitcher X", "`X` is not a seat (N, E, S or W)"),
        ("pitcher NS", "`NS` is not a seat (N, E, S or W)"),
        ("pitcher S N", "unexpected `N` in a `pitcher` line: write pitcher S"),
        ("totals", "`totals` needs each side's points: totals NS 23 EW 12"),
        ("totals game NS", "`totals` needs each side's points: totals NS 23 EW 12"),
        ("totals NS", "`NS` needs its points: totals NS 23 EW 12"),
        ("totals NS x EW 12", "`x` is not a number of points (a whole number from -99999 to 99999)"),
        ("totals NS 100000 EW 12", "`100000` is not a number of points (a whole number from -99999 to 99999)"),
        ("totals NS 23 NS 12", "`NS` is given twice in totals"),
        ("totals NS 23 EW 12 game NS game EW", "`game` is given twice in totals"),
        ("totals NS 23 EW 12 game", "`game` needs a side, none, or the two players who shared it: game NS, game none, game N+E"),
        ("totals NS 23 EW 12 game XY", "`game` needs a side, none, or the two players who shared it: game NS, game none, game N+E"),
        ("totals N 21 E 20 S 5 game N+N", "`game` needs a side, none, or the two players who shared it: game NS, game none, game N+E"),
        ("totals NS 23 EW 12 high W", "`high` needs a side or none: high NS"),
        ("totals NS 23 EW 12 low N+S", "`low` needs a side or none: low EW"),
        ("totals NS 23 EW 12 jack", "`jack` needs a side or none: jack none"),
        ("totals NS 48 EW 40 muck NS 44", "`muck` needs a side, tie, none, or both sides' muck values: muck NS, muck tie, muck NS 44 EW 36"),
        ("totals NS 48 EW 40 muck half", "`muck` needs a side, tie, none, or both sides' muck values: muck NS, muck tie, muck NS 44 EW 36"),
        ("totals NS 23 EW 12 out_first", "`out_first` needs a side: out_first NS"),
        ("totals NS 23 EW 12 last-scorer none", "`last_scorer` needs a side: last_scorer EW"),
        ("totals NS 23 EW 12 bonus NS", "`bonus` in totals is not a side or an award (game, high, low, jack, muck, out_first, last_scorer)"),
        ("abandon", "`abandon` needs a reason: abandon renege W, abandon misdeal or abandon redeal-demanded"),
        ("abandon tired", "`tired` is not a reason to abandon a deal: renege, misdeal or redeal-demanded (abandon renege W)"),
        ("abandon renege X", "`X` is not a seat (N, E, S or W)"),
        ("abandon renege W E", "unexpected `E` in an `abandon` line: write abandon renege W, abandon misdeal or abandon redeal-demanded"),
        ("penalty", "`penalty` needs a side and what for: penalty EW out-of-turn, penalty EW renege or penalty EW -19"),
        ("penalty EW", "`penalty` needs a side and what for: penalty EW out-of-turn, penalty EW renege or penalty EW -19"),
        ("penalty XY renege", "`XY` is not a side (the sides are NS or EW; with two or three players, each player's seat N, E or S)"),
        ("penalty W renege", "`W` is a seat, not a side: W plays for EW with four players, and is not at the table with two or three (the sides are NS or EW; with two or three players, each player's seat N, E or S)"),
        ("penalty EW slow", "`slow` is not a penalty: out-of-turn, renege, or points like -19 (penalty EW out-of-turn)"),
        ("penalty EW -1x", "`-1x` is not a number of points (a whole number from -99999 to 99999)"),
        ("penalty EW -19 NS", "unexpected `NS` in a `penalty` line: write penalty EW out-of-turn, penalty EW renege or penalty EW -19"),
        ("concede", "`concede` needs a side: concede EW"),
        ("concede W", "`W` is a seat, not a side: W plays for EW with four players, and is not at the table with two or three (the sides are NS or EW; with two or three players, each player's seat N, E or S)"),
        ("totals NS 20 W 12", "`W` is a seat, not a side: W plays for EW with four players, and is not at the table with two or three (the sides are NS or EW; with two or three players, each player's seat N, E or S)"),
        ("concede EW NS", "unexpected `NS` in a `concede` line: write concede EW"),
        ("undo twice", "unexpected `twice` in an `undo` line: write undo"),
        ("claim NS", "unexpected `NS` in a `claim` line: write claim"),
        ("quit now", "unexpected `now` in a `quit` line: write quit"),
    ];
    for (text, message) in cases {
        assert_eq!(refused(text), message, "{text:?}");
    }
    // The reader does not know the game: a word that is no side or seat comes back as itself,
    // for the scorer to answer with its game's sides and seats.
    assert_eq!(
        parse_line("penalty w -5"),
        Err(LineError::NotASide("w".into()))
    );
    assert_eq!(
        parse_line("totals NS 20 W 12"),
        Err(LineError::NotASide("W".into()))
    );
    assert_eq!(
        parse_line("concede Q"),
        Err(LineError::NotASide("Q".into()))
    );
    assert_eq!(
        parse_line("abandon renege Q"),
        Err(LineError::NotASeat("Q".into()))
    );
    assert_eq!(
        parse_line("N:5H X:KH"),
        Err(LineError::TrickSeat {
            word: "X".into(),
            token: "X:KH".into()
        })
    );
    // The value behind a message, for the command line to match on.
    assert_eq!(
        parse_line("foo # bar"),
        Err(LineError::UnknownWord("foo".into()))
    );
}

#[test]
fn no_text_makes_the_reader_panic() {
    for text in [
        ":",
        "::",
        "N:",
        ":5H",
        "5",
        "♥",
        "totals NS -",
        "totals muck NS 1 EW",
        "penalty NS +",
        "totals NS 1 EW 2 muck NS 1 NS 2",
        "\u{0}",
        "N:5H:6H",
        "##",
        "5h#kh",
    ] {
        let _ = parse_line(text);
    }
    assert_eq!(read("5h#kh"), Line::Trick(parse_trick("5H").unwrap()));
}

proptest::proptest! {
    /// Whatever is typed, the reader answers; and what it reads, written back, reads the same.
    #[test]
    fn any_text_is_read_or_refused_and_reads_back(text in "[ -~♥♦]{0,40}") {
        if let Ok(Some(line)) = parse_line(&text) {
            proptest::prop_assert_eq!(parse_line(&line.to_string()), Ok(Some(line)));
        }
    }

    #[test]
    fn words_and_cards_in_any_order_never_panic(
        words in proptest::collection::vec(
            "(totals|NS|EW|N|E|S|W|game|muck|tie|none|high|low|jack|out_first|last-scorer|[0-9]{1,3}|-19|N\\+E|5H|KH|N:5H|penalty|renege|abandon|pitcher|concede)",
            0..10,
        )
    ) {
        let text = words.join(" ");
        if let Ok(Some(line)) = parse_line(&text) {
            proptest::prop_assert_eq!(parse_line(&line.to_string()), Ok(Some(line)));
        }
    }
}
