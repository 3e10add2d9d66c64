//! The scoring page of a game, as its template shows it, made for a phone in a noisy pub: each
//! side's score once and large, the hand and trick in one line, what the last entry made in
//! one line, then the entry box, the whole card pad and Send, all in the first screen; below,
//! the hand so far, everything said, the rarer lines and the help. Made from the game's state
//! ([`ScorerView`]) and what it would take now ([`Offers`](crate::app::game::scoring::Offers)):
//! a button or form only for a line the game would take.

use askama::Template;

use crate::app::game::scoring::ScoringView;
use crate::publish::view::Layout;
use crate::record::line::Line;
use crate::record::text::escaped;
use crate::rules::Rank;
use crate::scorer::{Announcement, ScorerView, Wanted, LINES};
use crate::web::my::form::{value, FormFields};
use crate::web::scorer::words::{line_words, match_words, said_line, said_words, state_words};

/// "game" as "Game".
fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

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

/// A side's score as the page shows it, once and large: its name, its score, what it needs
/// ("116 to go"), and in a match its legs (or games) won.
pub struct ScoreBox {
    pub name: String,
    pub score: i32,
    pub note: String,
}

/// A line of one tap: the line its form sends, and its words.
pub struct QuickLine {
    pub line: String,
    pub words: String,
}

/// An award of the totals form: its word in the line (`game`), in words ("Game"), and what was
/// chosen (a side's code, `none`, or nothing).
pub struct AwardChoice {
    pub kind: &'static str,
    pub words: String,
    pub chosen: String,
}

/// What was said of the last entry: the one line the page shows (see
/// [`said_line`](crate::web::scorer::words::said_line)), and everything, folded.
#[derive(Clone, Debug, Default)]
pub struct Said {
    pub line: Option<String>,
    pub all: Vec<String>,
}

impl Said {
    /// What the scorer said, in the web's words (the score left out: the page shows it).
    pub fn of(said: &[Announcement]) -> Said {
        Said {
            line: said_line(said),
            all: said
                .iter()
                .filter(|a| !matches!(a, Announcement::Score { .. }))
                .map(said_words)
                .collect(),
        }
    }

    /// As kept between a form's POST and the page it sends the browser on to: the line first
    /// (blank for none), then everything.
    pub fn kept(self) -> Vec<String> {
        let mut kept = vec![self.line.unwrap_or_default()];
        kept.extend(self.all);
        kept
    }

    /// What [`Said::kept`] kept.
    pub fn from_kept(mut kept: Vec<String>) -> Said {
        if kept.is_empty() {
            return Said::default();
        }
        let line = kept.remove(0);
        Said {
            line: (!line.is_empty()).then_some(line),
            all: kept,
        }
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
    /// The ruleset, in words.
    pub title: String,
    /// Each side's score, once.
    pub scores: Vec<ScoreBox>,
    /// The hand, the trick, who leads it, the trumps: one line (see
    /// [`state_words`](crate::web::scorer::words::state_words)).
    pub state: String,
    /// The legs (Irish Don: games) of a match won, and the one in play.
    pub match_words: Option<String>,
    /// What was said of the last entry.
    pub said: Said,
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
    /// Whether the next line must name the pitcher: then a button for each seat that may.
    pub pitcher_wanted: bool,
    pub pitchers: Vec<QuickLine>,
    /// The other lines of one tap the game would take now (claim, concede, abandon).
    pub lines: Vec<QuickLine>,
    /// The lines of `lines` that matter most (`claim`), offered first.
    pub first_lines: Vec<QuickLine>,
    pub undo: bool,
    pub sides: Vec<SideBox>,
    /// Whether the next hand may be entered as totals, and its ruleset's awards.
    pub totals: bool,
    pub awards: Vec<AwardChoice>,
    pub penalty: bool,
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

/// Each side's score and what it needs, for its box.
fn score_boxes(state: &ScorerView) -> Vec<ScoreBox> {
    let many = if state.games { "games" } else { "legs" };
    state
        .sides
        .iter()
        .map(|s| {
            let mut note = s.to_go.to_string();
            if state.is_match() {
                if !note.is_empty() {
                    note.push_str(" · ");
                }
                note.push_str(&format!("{many} {}", s.wins));
            }
            ScoreBox {
                name: s.name.label.clone(),
                score: s.score,
                note,
            }
        })
        .collect()
}

impl ScorerPanel {
    /// The table of `view`, with what was said of the last entry, for a session whose forms
    /// carry `csrf`.
    pub fn of(view: &ScoringView, said: Said, csrf: &str) -> ScorerPanel {
        let spec = view.variant.spec();
        let state = &view.status;
        let seats = &state.seats;
        let wanted = state.wanted();
        let offers = &view.offers;
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
        let quick = |line: &Line| QuickLine {
            line: line.to_string(),
            words: line_words(line, state),
        };
        let pitchers: Vec<QuickLine> = offers
            .lines
            .iter()
            .filter(|l| matches!(l, Line::Pitcher(_)))
            .map(quick)
            .collect();
        let first_lines: Vec<QuickLine> = offers
            .lines
            .iter()
            .filter(|l| matches!(l, Line::Claim))
            .map(quick)
            .collect();
        let lines: Vec<QuickLine> = offers
            .lines
            .iter()
            .filter(|l| !matches!(l, Line::Pitcher(_) | Line::Claim))
            .map(quick)
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
            scores: score_boxes(state),
            state: state_words(state),
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
            pitchers,
            lines,
            first_lines,
            undo: offers.undo,
            sides: state
                .sides
                .iter()
                .map(|s| SideBox {
                    code: s.side.code().to_string(),
                    words: s.name.label.clone(),
                    typed: String::new(),
                })
                .collect(),
            totals: offers.totals,
            awards: offers
                .awards
                .iter()
                .map(|k| AwardChoice {
                    kind: k.word(),
                    words: capital(k.word()),
                    chosen: String::new(),
                })
                .collect(),
            penalty: offers.penalty,
            next,
            // Every line a page takes (not `quit` nor `help`: a page has its own ways).
            help: LINES
                .iter()
                .filter(|(line, _)| !matches!(*line, "quit" | "help"))
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
        for award in &mut self.awards {
            award.chosen = typed.get(&format!("award_{}", award.kind)).to_string();
        }
        self.typed = typed;
        self.line_error = Some(why);
        self
    }
}
