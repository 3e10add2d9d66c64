//! A board as its templates show it: plain words and numbers, made from what the app read
//! ([`GameBoard`], [`NightBoard`]); the templates escape every one of them.

use askama::Template;

use crate::app::game::board::{seen_words, GameBoard, NightBoard, NightGame};
use crate::app::view::SheetView;
use crate::publish::kind_name;
use crate::publish::view::Layout;
use crate::scorer::ScorerView;
use crate::web::scorer::words::{card_words, in_match, where_words};

/// The layout of a board's page: for anyone, so with no link to a signed-in page.
pub fn layout(title: &str, league: &str) -> Layout {
    let mut layout = crate::web::my::page::layout(title, league);
    layout.nav.retain(|l| l.href != "/my/");
    layout
}

/// A seat and who sits in it: "N", "Gareth".
pub struct SeatView {
    pub seat: &'static str,
    pub name: String,
}

/// A side: its name ("NS (Gareth & Rhys)"), its score, what it still needs, and in a match
/// its legs won ("legs 1"; Irish Don: "games 1").
pub struct SideView {
    pub name: String,
    pub score: i32,
    pub to_go: String,
    pub wins: String,
}

/// A game's board: the inside of `div#board`.
pub struct GameView {
    pub game: i64,
    pub seen: String,
    pub variant: String,
    pub seats: Vec<SeatView>,
    pub sides: Vec<SideView>,
    /// Where the game in play stands, without the scores (each side's box shows its own):
    /// the web's words for its state; nothing once over (its result says it).
    pub status: Option<String>,
    /// In a match in play: the leg in play and the legs won.
    pub in_match: Option<String>,
    /// Why nothing is entered any more: a night holds the game as a leg.
    pub held: Option<String>,
    /// How it ended, when it is over.
    pub result: Option<String>,
    /// The hand in play, and its tricks as lines.
    pub hand_in_play: Option<u32>,
    pub tricks: Vec<String>,
    /// The table of hands so far.
    pub hands: SheetView,
}

/// A game's board page; `as_board()`: only the inside of `div#board`, for `?fragment=1`.
#[derive(Template)]
#[template(path = "board/game.html", blocks = ["board"])]
pub struct GameBoardPage {
    pub layout: Layout,
    pub board: GameView,
}

/// Each side of a game, with what it still needs.
fn sides(state: &ScorerView) -> Vec<SideView> {
    let many = if state.games { "games" } else { "legs" };
    state
        .sides
        .iter()
        .map(|s| SideView {
            name: s.name.label.clone(),
            score: s.score,
            to_go: s.to_go.to_string(),
            wins: match state.is_match() {
                true => format!("{many} {}", s.wins),
                false => String::new(),
            },
        })
        .collect()
}

impl GameView {
    pub fn of(board: &GameBoard) -> GameView {
        let view = &board.view;
        let state = &view.status;
        GameView {
            game: view.game,
            seen: seen_words(view.seen),
            variant: view.variant.describe(),
            seats: state
                .seats
                .iter()
                .map(|&seat| SeatView {
                    seat: seat.letter(),
                    name: view.seats[seat].clone().unwrap_or_default(),
                })
                .collect(),
            sides: sides(state),
            status: (!state.over).then(|| {
                let mut words = where_words(state, false);
                match state.deals_left {
                    Some(1) => words.push_str(" · 1 deal left"),
                    Some(n) => words.push_str(&format!(" · {n} deals left")),
                    None => {}
                }
                words
            }),
            in_match: (!state.over).then(|| in_match(state)).flatten(),
            held: view.held.as_ref().map(|_| {
                "A league night holds this game as one of its legs: nothing more is entered here."
                    .to_string()
            }),
            hand_in_play: state.in_hand.then_some(state.hand),
            tricks: state.tricks.clone(),
            result: state.over.then(|| state.result_words()),
            hands: SheetView::of(&board.sheet),
        }
    }
}

/// A game's card on a night's board.
pub struct CardView {
    pub game: i64,
    /// True when the game has a board of its own.
    pub web: bool,
    pub variant: String,
    /// The leg it is of a match: "Don 1, leg 2".
    pub leg: Option<String>,
    pub sides: Vec<SideView>,
    /// Where it stands in a few words, or how it ended.
    pub status: String,
    pub over: bool,
}

/// A night's board: the inside of `div#board`.
pub struct NightBoardView {
    pub fixture: i64,
    pub seen: String,
    /// "Royal Oak v Red Lion".
    pub teams: String,
    /// "Thursday 11 September 2025 · 2025-26".
    pub when: String,
    pub games: Vec<CardView>,
}

/// A night's board page; `as_board()`: only the inside of `div#board`, for `?fragment=1`.
#[derive(Template)]
#[template(path = "board/night.html", blocks = ["board"])]
pub struct NightBoardPage {
    pub layout: Layout,
    pub board: NightBoardView,
}

impl CardView {
    fn of(game: &NightGame) -> CardView {
        // The match's kind in the site's words ("Don 1, leg 2").
        let leg = game.leg.as_ref().map(|l| {
            let kind = match l.kind.parse() {
                Ok(kind) => kind_name(kind),
                Err(_) => &l.kind,
            };
            format!("{kind} {}, leg {}", l.slot, l.leg)
        });
        let state = game.view.as_ref().map(|view| &view.status);
        CardView {
            game: game.game,
            web: game.web,
            variant: game
                .view
                .as_ref()
                .map_or(String::new(), |view| view.variant.describe()),
            leg,
            sides: state.map_or(Vec::new(), sides),
            status: match state {
                Ok(state) => card_words(state),
                Err(why) => why.to_string(),
            },
            over: state.is_ok_and(|state| state.over),
        }
    }
}

impl NightBoardView {
    pub fn of(board: &NightBoard) -> NightBoardView {
        let f = &board.fixture;
        NightBoardView {
            fixture: f.id,
            seen: board.seen.clone(),
            teams: format!("{} v {}", f.home.name, f.away.name),
            when: format!("{} · {}", f.date.format("%A %-d %B %Y"), board.season.name),
            games: board.games.iter().map(CardView::of).collect(),
        }
    }
}
