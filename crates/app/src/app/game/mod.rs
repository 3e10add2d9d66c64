//! Games and their records: begin one, import records, export them, list and show; and the
//! summary kept of each game (what `don games` lists), worked out here by replaying the game.

pub mod begin;
pub mod board;
pub mod entered;
pub mod error;
pub mod journal;
pub mod leg;
pub mod scoring;
pub mod stored;

use std::collections::HashSet;

use serde_json::Value;

pub use crate::app::game::error::GameError;
use crate::app::game::stored::StoredGames;
use crate::app::{App, AppError, ErrorKind};
use crate::check::check_value;
use crate::record::parse_record;
use crate::record::stored::{stored_game_of, StoredGame, Unstorable};
use crate::record::text::look_alike_warning;
use crate::replay::{Entry, Replay, ScoreSheet};
use crate::rules::{Seat, Variant};
use crate::scorer::{table_sheet, JournalEntry};
use crate::store::{Change, GameFilter, ListedGame, StoreError, Summary};

impl GameError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            GameError::NoUnfinished | GameError::NoGame(_) | GameError::NoGameWithId(_) => {
                ErrorKind::NotFound
            }
            GameError::NoRuleset(_)
            | GameError::CannotResume { .. }
            | GameError::NoVariant
            | GameError::Pitcher(_)
            | GameError::NotCarriedOn(_)
            | GameError::Unstorable(_)
            | GameError::LineRefused { .. } => ErrorKind::Invalid,
            GameError::IdTaken { .. }
            | GameError::ChangedMeanwhile(_)
            | GameError::EnteredMeanwhile { .. }
            | GameError::HandGap(_)
            | GameError::HeldAsLeg(_) => ErrorKind::Conflict,
        }
    }
}

/// A game as `don games` lists it, with its summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub game: ListedGame,
    pub summary: Summary,
}

/// What replaying a game's record says of it, as `don games` lists it.
pub fn summary_of(record: Value) -> Summary {
    let (hands, in_play) = hands_and_in_play(&record);
    summary_of_sheet(&check_value(record), hands, in_play)
}

/// Of a record: its hands, and whether a hand of it is in play.
pub(crate) fn hands_and_in_play(record: &Value) -> (u32, bool) {
    let hands = record
        .get("hands")
        .and_then(Value::as_array)
        .map_or(0, Vec::len) as u32;
    (hands, record.get("in_play") == Some(&Value::Bool(true)))
}

/// The summary of a game whose replay gave `sheet`, of `hands` hands, with a hand in play or
/// not: what [`summary_of`] says of its record, without replaying it again.
pub(crate) fn summary_of_sheet(sheet: &ScoreSheet, hands: u32, in_play: bool) -> Summary {
    Summary {
        variant_name: sheet
            .variant
            .as_ref()
            .map_or(String::new(), |v| v.name().to_string()),
        hands,
        finished: sheet.result.is_some(),
        in_play,
        winner: sheet.winner(),
        draw: sheet.draw(),
        losers: sheet.losers().to_vec(),
        scores: sheet
            .sides
            .iter()
            .map(|&s| (s, sheet.final_score[s]))
            .collect(),
    }
}

/// What became of one record of an import.
#[derive(Clone, Debug)]
pub enum Imported {
    /// Stored as this game.
    Added(i64),
    /// Stored already, with the same content.
    Already,
    /// A game with its `id` (or, with none, its content) is stored with other content.
    Differs {
        game: i64,
        /// The first place the two differ, as a path: "hands[2].tricks[4]".
        first_difference: String,
        /// The change that stored that game, if the log still says.
        stored_by: Option<StoredBy>,
    },
}

/// The change that stored a game an import meets with other content: what the user may do
/// about it, as data (only an import is undone by undoing an import).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredBy {
    /// It was begun at the table (change `op`), not imported.
    Begun { op: i64 },
    /// Change `op`, with its summary as shown, stored it: undoing it takes the game away.
    Change { op: i64, brief: String },
}

/// A valid record of an import, ready to store: its canonical form (as
/// `record::write::record_json` writes it), its game's rows (with the hands ended by a claim)
/// and its summary.
pub struct Ready {
    pub canonical: Value,
    pub stored: Result<StoredGame, Unstorable>,
    pub summary: Summary,
}

/// Imports one record in `change`, unless it is stored already. A game in play must replay at
/// the table as it does when `don play` opens it.
pub(crate) fn import_record(change: &Change<'_>, ready: &Ready) -> Result<Imported, AppError> {
    let Ready {
        canonical: record,
        stored,
        summary,
    } = ready;
    match stored_as(change, record)? {
        Some(s) if s.same => return Ok(Imported::Already),
        Some(s) => {
            return Ok(Imported::Differs {
                game: s.game,
                first_difference: first_difference(&s.stored, record, String::new())
                    .unwrap_or_default(),
                stored_by: change
                    .stored_by(s.game)?
                    .map(|op| match op.command.as_str() {
                        "new" => StoredBy::Begun { op: op.id },
                        _ => StoredBy::Change {
                            op: op.id,
                            brief: op.brief().into_owned(),
                        },
                    }),
            })
        }
        None => {}
    }
    let in_play = record.get("in_play") == Some(&Value::Bool(true));
    let stored = stored.as_ref().map_err(|e| GameError::from(e.clone()))?;
    let game = change.insert_record(stored)?;
    if in_play {
        let entries = change.game_entries(game)?;
        let stored = change.record_if_stored(game)?.map(parse_record);
        if let Some(Err(e)) = stored.map(|s| table_sheet(s, &entries)) {
            return Err(GameError::NotCarriedOn(e.to_string()).into());
        }
    }
    // Worked out when the record was checked: the game stored is the record's.
    change.set_summary(game, Some(summary))?;
    Ok(Imported::Added(game))
}

/// Where a record is stored already: the game, and whether it is stored with the same content.
struct StoredAs {
    game: i64,
    same: bool,
    /// The stored game as a record.
    stored: Value,
}

/// Where a canonical record is already stored: by its `id`, or, without one, by its content
/// among the games of its variant and date with no `id` stored before this change.
fn stored_as(change: &Change<'_>, record: &Value) -> Result<Option<StoredAs>, StoreError> {
    let found = |game: i64| -> Result<StoredAs, StoreError> {
        let stored = change.game_record(game)?;
        Ok(StoredAs {
            game,
            same: &stored == record,
            stored,
        })
    };
    if let Some(id) = record.get("id").and_then(Value::as_str) {
        return change.game_with_id(id)?.map(found).transpose();
    }
    let variant = record
        .pointer("/ruleset/variant")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let date = record.get("date").and_then(Value::as_str);
    for game in change.unlabelled_games(variant, date)? {
        let stored = found(game)?;
        if stored.same {
            return Ok(Some(stored));
        }
    }
    Ok(None)
}

/// The first place two records differ, as a path: "hands[2].tricks[4]".
fn first_difference(a: &Value, b: &Value, path: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match (x.get(k), y.get(k)) {
                    (Some(v), Some(w)) => first_difference(v, w, p),
                    _ => Some(p),
                }
            })
        }
        (Value::Array(x), Value::Array(y)) => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (v, w))| first_difference(v, w, format!("{path}[{i}]")))
            .or_else(|| {
                (x.len() != y.len()).then(|| format!("{path} (length {} and {})", x.len(), y.len()))
            }),
        _ => (a != b).then_some(path),
    }
}

/// Works out anew, in `change`, the summaries of `games` as the change leaves them (a game it
/// took away has none): called by every change to a game before it commits.
pub fn keep_summaries(change: &Change<'_>, games: &[i64]) -> Result<(), StoreError> {
    for &game in games {
        let summary = change.record_if_stored(game)?.map(summary_of);
        change.set_summary(game, summary.as_ref())?;
    }
    Ok(())
}

/// A game begun with `don new`.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub game: i64,
    pub variant: Variant,
    /// New players who only look like known ones (a Cyrillic letter, an invisible mark).
    pub look_alike: Vec<String>,
    /// New players whose names are a slip of the keyboard from a known player's.
    pub near: Vec<NearName>,
}

/// A new player's name (as given) a slip of the keyboard from a known player's ("Gareht"
/// beside "Gareth"): most likely that player, mistyped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearName {
    pub given: String,
    pub known: String,
}

/// The players of `parsed` whose names are a slip of a known player's (see [`NearName`]); a
/// name that only looks like a known one is warned of as such, not here.
fn near_names(parsed: &crate::record::Record, known: &[String]) -> Vec<NearName> {
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    parsed
        .seats
        .0
        .iter()
        .flatten()
        .filter(|n| look_alike_warning("player", n, known.iter().copied()).is_none())
        .filter_map(|n| {
            let near = crate::league::names::near_player(n, &known)?;
            Some(NearName {
                given: n.trim().to_string(),
                known: near.to_string(),
            })
        })
        .collect()
}

/// A game to begin, checked before the database is opened: its record (as
/// `record::write::record_json` writes it) and its first pitcher's entry, if one is named.
pub struct GameToBegin {
    record: Value,
    parsed: crate::record::Record,
    variant: Variant,
    first: Vec<JournalEntry>,
}

impl GameToBegin {
    pub fn new(record: Value, pitcher: Option<Seat>) -> Result<GameToBegin, GameError> {
        let parsed = parse_record(record.clone());
        let variant = parsed.variant.clone().ok_or(GameError::NoVariant)?;
        let mut first = Vec::new();
        if let Some(p) = pitcher {
            Replay::new(&variant)
                .enter(Entry::Pitcher(p))
                .map_err(|f| GameError::Pitcher(f.message))?;
            first.push(JournalEntry {
                hand: 1,
                pitcher: Some(p),
                entry: Entry::Pitcher(p),
            });
        }
        Ok(GameToBegin {
            record,
            parsed,
            variant,
            first,
        })
    }
}

impl App {
    /// The game a command names: by its number (`7` or `#7`), else by its record's `id`.
    pub fn game_named(&self, key: &str) -> Result<i64, AppError> {
        if let Some(game) = self.store.find_game(key)? {
            return Ok(game);
        }
        Err(match key.trim().trim_start_matches('#').parse::<i64>() {
            Ok(n) => GameError::NoGame(n),
            Err(_) => GameError::NoGameWithId(key.to_string()),
        }
        .into())
    }

    /// Begins a game, checked with [`GameToBegin::new`].
    pub fn game_new(&mut self, begun: GameToBegin) -> Result<NewGame, AppError> {
        self.game_new_then(begun, |_, _| Ok(()))
    }

    /// Begins a game, checked with [`GameToBegin::new`], and does `then` to it in the same change.
    pub(crate) fn game_new_then(
        &mut self,
        begun: GameToBegin,
        then: impl FnOnce(&Change<'_>, i64) -> Result<(), StoreError>,
    ) -> Result<NewGame, AppError> {
        let GameToBegin {
            record,
            parsed,
            variant,
            first,
        } = begun;
        let change = self.store.change("new")?;
        if let Some(id) = parsed.id.as_deref() {
            if let Some(game) = change.game_with_id(id)? {
                let id = id.to_string();
                return Err(GameError::IdTaken { id, game }.into());
            }
        }
        let known = change.players_by_age()?;
        let look_alike = parsed
            .seats
            .0
            .iter()
            .flatten()
            .filter_map(|n| look_alike_warning("player", n, known.iter().map(String::as_str)))
            .collect();
        let near = near_names(&parsed, &known);
        let game = change.insert_record(&stored_game_of(&record, &[]).map_err(GameError::from)?)?;
        if !first.is_empty() {
            crate::app::game::entered::append(&change, game, &first)?;
        }
        then(&change, game)?;
        keep_summaries(&change, &[game])?;
        change.commit(
            &format!("new game {game}: {}", variant.describe()),
            Some(game),
        )?;
        Ok(NewGame {
            game,
            variant,
            look_alike,
            near,
        })
    }

    /// The new players of a game to begin whose names are a slip of a known player's, for a
    /// front end to ask about before it begins the game (see [`NearName`]).
    pub fn game_near_names(&self, begun: &GameToBegin) -> Result<Vec<NearName>, AppError> {
        Ok(near_names(&begun.parsed, &self.store.players_by_age()?))
    }

    /// The summaries of the games that have none (a database brought up from schema version
    /// 6), worked out by replaying each: kept when this `App` may change the database (the
    /// first command that changes it after the upgrade keeps them all), else only returned
    /// (a read-only open works them out in memory, each time, until then).
    fn unsummarised(&mut self) -> Result<Vec<(i64, Summary)>, AppError> {
        let games = self.store.games_unsummarised()?;
        let mut worked_out = Vec::with_capacity(games.len());
        for game in games {
            worked_out.push((game, summary_of(self.store.game_record(game)?)));
        }
        if !worked_out.is_empty() && self.store.actor().is_some() {
            self.store.keep_summaries(&worked_out)?;
        }
        Ok(worked_out)
    }

    /// Works out and keeps the summaries of any games that have none (see [`App::open`]).
    pub(crate) fn fill_summaries(&mut self) -> Result<(), AppError> {
        self.unsummarised().map(drop)
    }

    /// Every stored game that passes the filter (oldest first); with `unfinished`, only those
    /// not decided. Read from the games' summaries, not by replaying them.
    pub fn games_list(
        &mut self,
        filter: &GameFilter,
        unfinished: bool,
    ) -> Result<Vec<Listed>, AppError> {
        let mut missing: std::collections::HashMap<i64, Summary> =
            self.unsummarised()?.into_iter().collect();
        let open: Vec<i64> = missing
            .iter()
            .filter(|(_, s)| !s.finished)
            .map(|(game, _)| *game)
            .collect();
        let mut listed = Vec::new();
        for mut game in self
            .store
            .game_list(filter, unfinished.then_some(&open[..]))?
        {
            let summary = match game.summary.take() {
                Some(s) => s,
                None => match missing.remove(&game.game) {
                    Some(s) => s,
                    None => summary_of(self.store.game_record(game.game)?),
                },
            };
            if unfinished && summary.finished {
                continue;
            }
            listed.push(Listed { game, summary });
        }
        Ok(listed)
    }

    /// The most recent game not yet decided: what `don play` carries on when no game is named.
    pub fn latest_unfinished(&mut self) -> Result<i64, AppError> {
        let missing = self.unsummarised()?;
        let latest = self.store.latest_unfinished()?;
        // A game with no summary kept (read-only, from version 6) is newer if its number is.
        let newer: HashSet<i64> = missing
            .iter()
            .filter(|(game, s)| !s.finished && latest.is_none_or(|l| *game > l))
            .map(|(game, _)| *game)
            .collect();
        newer
            .into_iter()
            .max()
            .or(latest)
            .ok_or(GameError::NoUnfinished.into())
    }
}
