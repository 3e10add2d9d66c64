//! What `check --json` prints (FORMAT.md §2), written game by game so memory stays flat however
//! many games a file holds. The keys are those of §2; `"valid"` comes last because it is known
//! only when every game has been read.

use std::io::{self, Write};

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::CheckedRecord;
use crate::record::Fault;
use crate::replay::ScoreSheet;
use crate::rules::{BySide, Side};

struct Points<'a>(&'a [Side], BySide<i32>);

impl Serialize for Points<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for &side in self.0 {
            map.serialize_entry(side.code(), &self.1[side])?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct HandJson<'a> {
    points: Points<'a>,
}

#[derive(Serialize)]
struct FaultJson<'a> {
    code: &'static str,
    hand: Option<u32>,
    trick: Option<u32>,
    seat: Option<&'static str>,
    message: &'a str,
}

impl<'a> From<&'a Fault> for FaultJson<'a> {
    fn from(f: &'a Fault) -> Self {
        FaultJson {
            code: f.code.as_str(),
            hand: f.hand,
            trick: f.trick,
            seat: f.seat.map(|s| s.letter()),
            message: &f.message,
        }
    }
}

#[derive(Serialize)]
struct GameJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    id: Option<&'a str>,
    valid: bool,
    #[serde(rename = "final")]
    final_score: Points<'a>,
    winner: Option<&'static str>,
    draw: bool,
    losers: Vec<&'static str>,
    hands: Vec<HandJson<'a>>,
    errors: Vec<FaultJson<'a>>,
    warnings: Vec<FaultJson<'a>>,
}

/// Writes the report: `{"games": [...], "valid": ...}`.
pub struct JsonReport<W: Write> {
    out: W,
    games: usize,
    valid: bool,
}

impl<W: Write> JsonReport<W> {
    pub fn new(mut out: W) -> io::Result<Self> {
        out.write_all(b"{\"games\":[")?;
        Ok(JsonReport {
            out,
            games: 0,
            valid: true,
        })
    }

    /// Adds a game; `file` names its file when several are checked together.
    pub fn game(&mut self, checked: &CheckedRecord, file: Option<&str>) -> io::Result<()> {
        let check = &checked.sheet;
        if self.games > 0 {
            self.out.write_all(b",")?;
        }
        self.out.write_all(b"\n")?;
        self.games += 1;
        self.valid &= check.valid();
        let json = GameJson::new(check, Some(checked.index), file);
        // An I/O error (a closed pipe above all) keeps its kind.
        let json = crate::record::text::terminal_safe_json(&json).map_err(io::Error::from)?;
        self.out.write_all(json.as_bytes())
    }

    /// Closes the report and says whether every game was valid.
    pub fn finish(mut self) -> io::Result<bool> {
        write!(self.out, "\n],\"valid\":{}}}\n", self.valid)?;
        self.out.flush()?;
        Ok(self.valid)
    }
}

/// One game as in §2's `games` list, without `index`: what `show --json` prints (FORMAT.md §6).
pub fn game_json(sheet: &ScoreSheet) -> serde_json::Value {
    serde_json::to_value(GameJson::new(sheet, None, None)).unwrap_or_default()
}

impl<'a> GameJson<'a> {
    fn new(check: &'a ScoreSheet, index: Option<usize>, file: Option<&'a str>) -> GameJson<'a> {
        GameJson {
            index,
            file,
            id: check.id.as_deref(),
            valid: check.valid(),
            final_score: Points(check.sides, check.final_score),
            winner: check.winner().map(|s| s.code()),
            draw: check.draw(),
            losers: check.losers().iter().map(|s| s.letter()).collect(),
            hands: check
                .hands
                .iter()
                .map(|h| HandJson {
                    points: Points(check.sides, h.points),
                })
                .collect(),
            errors: check.errors.iter().map(FaultJson::from).collect(),
            warnings: check.warnings.iter().map(FaultJson::from).collect(),
        }
    }
}
