//! The scoring page of a game, as its template shows it: the game's state
//! ([`ScorerView`](crate::scorer::ScorerView)) in the web's words (where it stands, what can be
//! entered now, the score and what each side needs, the legs or games), what was said of the
//! last entry, the tricks of the hand in play, and a form for every
//! line (FORMAT.md §5): the entry box with its card pad, and a button or box for each other line.

use askama::Template;

use crate::app::game::scoring::ScoringView;
use crate::publish::view::Layout;
use crate::record::text::escaped;
use crate::rules::Rank;
use crate::scorer::{Wanted, LINES};
use crate::web::my::form::{value, FormFields};
use crate::web::scorer::words::{match_words, standing_words, wanted_words, where_words};

/// A seat at the table: its letter, and in words with its player ("S (Rhys)").
pub struct SeatButton {
    pub letter: String,
    pub words: String,
}

/// A side of the game: its code (`NS`; a seat's letter where each plays alone), in words.
pub struct SideBox {
    pub code: String,
    pub words: String,
    /// What was typed in its totals box, handed back.
    pub typed: String,
}

/// What the entry forms were sent with, handed back after a refusal: the line (typed, or made
/// of the structured forms), and each field as sent (`kind`: `totals`, `penalty`, or none for
/// the entry box and the buttons; a side's `totals_NS`, `awards`, `penalty_side`, `penalty`).
#[derive(Clone, Debug, Default)]
pub struct TypedLine {
    pub line: String,
    pub sent: FormFields,
}

impl TypedLine {
    /// The forms as sent, with what acts on a terminal or is no character of a page (a control
    /// character, NUL) shown as an escape: `\u{0}`.
    pub fn of(form: &FormFields, line: &str) -> TypedLine {
        let shown = |v: &str| escaped(v).into_owned();
        TypedLine {
            line: shown(line),
            sent: form.iter().map(|(k, v)| (shown(k), shown(v))).collect(),
        }
    }

    /// What was sent in `name` (nothing, if it was not sent).
    pub fn get(&self, name: &str) -> &str {
        value(&self.sent, name)
    }
}

/// The inside of `div#table`: the whole of what an entry changes.
pub struct ScorerPanel {
    pub game: i64,
    pub seen: String,
    /// The seats in playing order, their letters space-separated.
    pub seats: String,
    /// The players' names in the same order, `|`-separated (blank where none is known).
    pub names: String,
    /// Who leads the next trick, when a trick is wanted.
    pub leader: String,
    /// The cards played in the hand in play, lower case (`5h kh`).
    pub used: String,
    /// The ranks of the variant's pack, highest first (`a k q j t 9 …`), space-separated, and
    /// each with its label on the pad (`10` for the ten).
    pub ranks: String,
    pub rank_buttons: Vec<(String, String)>,
    /// The tricks of a hand (the page's script follows the entries waiting on the phone).
    pub tricks: u32,
    pub over: &'static str,
    pub title: String,
    /// Where the game stands, what can be entered now, the score and what each needs: the
    /// web's words for the game's [`ScorerView`](crate::scorer::ScorerView).
    pub status: String,
    pub prompt: String,
    pub standing: String,
    /// The legs (Irish Don: games) of a match won, and the one in play.
    pub match_words: Option<String>,
    pub said: Vec<String>,
    pub in_play: Vec<String>,
    /// Why nothing may be entered (a league night holds the game as a leg).
    pub held: Option<String>,
    /// How the game ended.
    pub result: Option<String>,
    pub csrf: String,
    pub typed: TypedLine,
    pub line_error: Option<String>,
    /// Whether lines may be entered (not held; a game over still takes `undo`).
    pub open: bool,
    /// Whether the next line must name the pitcher: then a button for each seat.
    pub pitcher_wanted: bool,
    pub seat_buttons: Vec<SeatButton>,
    pub sides: Vec<SideBox>,
    /// Irish Don: `claim`.
    pub claim: bool,
    /// The pad's "whose card is next".
    pub next: String,
    pub help: Vec<(&'static str, String)>,
    pub help_open: bool,
}

/// The scoring page; `as_table()`: only the inside of `div#table` (an entry's answer to the
/// page's script).
#[derive(Template)]
#[template(path = "scorer/game.html", blocks = ["table"])]
pub struct ScoringPage {
    pub layout: Layout,
    pub t: ScorerPanel,
}

impl ScorerPanel {
    /// The table of `view`, with what was said of the last entry, for a session whose forms
    /// carry `csrf`.
    pub fn of(view: &ScoringView, said: Vec<String>, csrf: &str) -> ScorerPanel {
        let spec = view.variant.spec();
        let state = &view.status;
        let seats = &state.seats;
        let wanted = state.wanted();
        let (leader, next) = match wanted {
            Wanted::Trick { from, .. } => (
                from.letter().to_string(),
                format!("{} to play", state.names.seat(from)),
            ),
            _ => (String::new(), String::new()),
        };
        let ranks: Vec<String> = Rank::ALL
            .iter()
            .rev()
            .filter(|r| **r >= spec.lowest_rank)
            .map(|r| r.letter().to_ascii_lowercase().to_string())
            .collect();
        let used: Vec<String> = state
            .cards
            .iter()
            .map(|c| c.to_string().to_lowercase())
            .collect();
        let names_line: Vec<String> = seats
            .iter()
            .map(|s| view.seats[*s].clone().unwrap_or_default().replace('|', "/"))
            .collect();
        ScorerPanel {
            game: view.game,
            seen: view.seen.map(|s| s.to_string()).unwrap_or_default(),
            seats: seats
                .iter()
                .map(|s| s.letter())
                .collect::<Vec<_>>()
                .join(" "),
            names: names_line.join("|"),
            leader,
            used: used.join(" "),
            // A rank's letter on the pad: `10` for the ten.
            rank_buttons: ranks
                .iter()
                .map(|r| (r.clone(), r.replace('t', "10").to_uppercase()))
                .collect(),
            ranks: ranks.join(" "),
            tricks: spec.tricks,
            over: if state.over { "1" } else { "0" },
            title: view.variant.describe(),
            status: where_words(state, false),
            prompt: wanted_words(state),
            standing: standing_words(state),
            match_words: match_words(state),
            said,
            in_play: state.tricks.clone(),
            held: view.held.clone(),
            result: state.over.then(|| state.result_words()),
            csrf: csrf.to_string(),
            typed: TypedLine::default(),
            line_error: None,
            open: wanted != Wanted::Held,
            pitcher_wanted: wanted == Wanted::Pitcher,
            seat_buttons: seats
                .iter()
                .map(|s| SeatButton {
                    letter: s.letter().to_string(),
                    words: state.names.seat(*s).label,
                })
                .collect(),
            sides: state
                .sides
                .iter()
                .map(|s| SideBox {
                    code: s.side.code().to_string(),
                    words: s.name.label.clone(),
                    typed: String::new(),
                })
                .collect(),
            claim: spec.irish.is_some(),
            next,
            help: LINES
                .iter()
                .map(|(line, what)| (*line, what.replace('\n', " ")))
                .collect(),
            help_open: false,
        }
    }

    /// The forms as they were sent, handed back with why the line was refused.
    pub fn refused(mut self, typed: TypedLine, why: String) -> ScorerPanel {
        for side in &mut self.sides {
            side.typed = typed.get(&format!("totals_{}", side.code)).to_string();
        }
        self.typed = typed;
        self.line_error = Some(why);
        self
    }
}
