//! A board as its templates show it: plain words and numbers, made from what the app read
//! ([`GameBoard`], [`NightBoard`]); the templates escape every one of them.

use askama::Template;

use crate::app::game::board::{seen_words, GameBoard, NightBoard, NightGame};
use crate::app::game::scoring::TableView;
use crate::publish::view::{Layout, Link};
use crate::replay::words::leg_word;
use crate::replay::{HandKind, ScoreSheet};
use crate::scorer::{Announcement, Status};

/// The layout of a board's page.
pub fn layout(title: String, league: &str) -> Layout {
    Layout {
        title,
        league: league.to_string(),
        root: "/".into(),
        nav: vec![Link {
            text: "Table".into(),
            href: "/index.html".into(),
        }],
        intro: Vec::new(),
        version: env!("CARGO_PKG_VERSION"),
    }
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

/// A row of the table of hands: what each side scored in it, and the score after it.
pub struct HandView {
    pub number: u32,
    pub leg: u32,
    pub pitcher: String,
    pub trumps: String,
    pub points: Vec<i32>,
    pub totals: Vec<i32>,
}

/// The table of hands so far.
pub struct HandsView {
    /// "Leg" or "Game" (Irish Don), for a match; empty for a single game.
    pub leg_word: &'static str,
    pub sides: Vec<&'static str>,
    pub rows: Vec<HandView>,
}

/// A game's board: the inside of `div#board`.
pub struct GameView {
    pub game: i64,
    pub seen: String,
    pub variant: String,
    pub seats: Vec<SeatView>,
    pub sides: Vec<SideView>,
    /// The full status words, as `don play` says them, without what the scorer is to type.
    pub status: String,
    /// "Score: NS (Gareth & Rhys) 7, 114 to go · EW (Dai & Huw) 37, 84 to go".
    pub standing: String,
    /// In a match: the leg in play and the legs won.
    pub in_match: Option<String>,
    /// Why nothing is entered any more: a night holds the game as a leg.
    pub held: Option<String>,
    /// How it ended, when it is over.
    pub result: Option<String>,
    /// The hand in play, and its tricks as lines.
    pub hand_in_play: Option<u32>,
    pub tricks: Vec<String>,
    pub hands: HandsView,
}

#[derive(Template)]
#[template(path = "board/game.html")]
pub struct GamePage {
    pub layout: Layout,
    pub board: GameView,
}

/// Only the inside of `div#board`, for `?fragment=1`.
#[derive(Template)]
#[template(path = "board/game_board.html")]
pub struct GameFragment {
    pub board: GameView,
}

/// Each side of a game, with what it still needs (from the standing's words).
fn sides(status: &Status, standing: &Announcement) -> Vec<SideView> {
    let to_go: Vec<String> = match standing {
        Announcement::Score { standings, .. } => {
            standings.iter().map(|s| s.to_go.to_string()).collect()
        }
        _ => Vec::new(),
    };
    let many = if status.games { "games" } else { "legs" };
    status
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| SideView {
            name: s.name.label.clone(),
            score: s.score,
            to_go: to_go.get(i).cloned().unwrap_or_default(),
            wins: match status.is_match() {
                true => format!("{many} {}", s.wins),
                false => String::new(),
            },
        })
        .collect()
}

/// The leg (or Irish Don's game) in play and the legs won: "Leg 2 · legs won 1–0 · first to 2".
fn in_match(status: &Status) -> Option<String> {
    if !status.is_match() {
        return None;
    }
    let (one, many) = match status.games {
        true => ("Game", "games"),
        false => ("Leg", "legs"),
    };
    let won: Vec<String> = status.sides.iter().map(|s| s.wins.to_string()).collect();
    let mut words = format!("{many} won {} · first to {}", won.join("–"), status.to_win);
    if !status.over {
        words = format!("{one} {} · {words}", status.leg);
    }
    Some(words)
}

/// A hand's trumps, or how it was kept when not trick by trick.
fn trumps_words(kind: HandKind, trumps: Option<crate::rules::Suit>) -> String {
    match kind {
        HandKind::Tricks => trumps.map_or("—".to_string(), |t| t.name().to_string()),
        HandKind::Totals => "(totals)".into(),
        HandKind::Abandoned => "abandoned".into(),
        HandKind::NotScored => "not scored".into(),
    }
}

fn hands(sheet: &ScoreSheet) -> HandsView {
    let rows = sheet
        .hands
        .iter()
        .map(|row| HandView {
            number: row.number,
            leg: row.leg,
            pitcher: row
                .pitcher
                .map_or(String::new(), |p| match &sheet.seats[p] {
                    Some(name) => format!("{p} {name}"),
                    None => p.to_string(),
                }),
            trumps: trumps_words(row.kind, row.trumps),
            points: sheet.sides.iter().map(|&s| row.points[s]).collect(),
            totals: sheet.sides.iter().map(|&s| row.score[s]).collect(),
        })
        .collect();
    HandsView {
        leg_word: if sheet.is_match() {
            leg_word(sheet)
        } else {
            ""
        },
        sides: sheet.sides.iter().map(|s| s.code()).collect(),
        rows,
    }
}

fn seats(view: &TableView) -> Vec<SeatView> {
    view.status
        .seats
        .iter()
        .map(|&seat| SeatView {
            seat: seat.letter(),
            name: view.seats[seat].clone().unwrap_or_default(),
        })
        .collect()
}

impl GameView {
    pub fn of(board: &GameBoard) -> GameView {
        let view = &board.view;
        let status = &view.status;
        GameView {
            game: view.game,
            seen: seen_words(view.seen),
            variant: view.variant.describe(),
            seats: seats(view),
            sides: sides(status, &view.standing),
            status: status.onlookers_words(),
            standing: view.standing.to_string(),
            in_match: in_match(status),
            held: view.held.as_ref().map(|_| {
                "A league night holds this game as one of its legs: nothing more is entered here."
                    .to_string()
            }),
            result: status.over.then(|| status.result_words()),
            hand_in_play: status.in_hand.then_some(status.hand),
            tricks: view.tricks_in_play.clone(),
            hands: hands(&board.sheet),
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
pub struct NightView {
    pub fixture: i64,
    pub seen: String,
    /// "Royal Oak v Red Lion".
    pub teams: String,
    /// "Thursday 11 September 2025 · 2025-26".
    pub when: String,
    pub games: Vec<CardView>,
}

#[derive(Template)]
#[template(path = "board/night.html")]
pub struct NightPage {
    pub layout: Layout,
    pub board: NightView,
}

#[derive(Template)]
#[template(path = "board/night_board.html")]
pub struct NightFragment {
    pub board: NightView,
}

/// Where a game stands in a few words: "Hand 2, trick 3 · trumps spades", "Hand 3 · N
/// pitches", "over: NS (Gareth & Rhys) won 121–97".
fn card_status(status: &Status) -> String {
    if status.over {
        return format!("Over: {}", status.result_words());
    }
    let mut words = format!("Hand {}", status.hand);
    if status.in_hand {
        words.push_str(&format!(", trick {}", status.trick));
        if let Some(t) = status.trumps {
            words.push_str(&format!(" · trumps {t}"));
        }
    } else if let Some(p) = status.pitcher {
        words.push_str(&format!(" · {p} pitches"));
    } else {
        words.push_str(" · who pitches?");
    }
    if let Some(part) = in_match(status) {
        words.push_str(&format!(" · {part}"));
    }
    words
}

fn kind_word(kind: &str) -> String {
    let mut chars = kind.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl CardView {
    fn of(game: &NightGame) -> CardView {
        let leg = game
            .leg
            .as_ref()
            .map(|l| format!("{} {}, leg {}", kind_word(&l.kind), l.slot, l.leg));
        match &game.view {
            Ok(view) => CardView {
                game: game.game,
                web: game.web,
                variant: view.variant.describe(),
                leg,
                sides: sides(&view.status, &view.standing),
                status: card_status(&view.status),
                over: view.status.over,
            },
            Err(why) => CardView {
                game: game.game,
                web: game.web,
                variant: String::new(),
                leg,
                sides: Vec::new(),
                status: why.clone(),
                over: false,
            },
        }
    }
}

impl NightView {
    pub fn of(board: &NightBoard) -> NightView {
        let f = &board.fixture;
        NightView {
            fixture: f.id,
            seen: board.seen.clone(),
            teams: format!("{} v {}", f.home.name, f.away.name),
            when: format!("{} · {}", f.date.format("%A %-d %B %Y"), board.season.name),
            games: board.games.iter().map(CardView::of).collect(),
        }
    }
}
