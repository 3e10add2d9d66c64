//! A match as the secretary types it, at the prompt or with `--match`, read into the app's
//! typed [`MatchEntry`]:
//! `KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]`, for example
//! `don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-87 96-121 121-110`. Players are joined by `+` and
//! may be left blank; legs and leg scores are home first; a leg scored in a stored game is
//! written `#12` (game 12), and its score is then the game's.

use don::app::night::enter::{LegEntry, MatchEntry};
use don::league::config::{ConfigError, Kind};
use don::league::names::tidy;
use don::league::Pair;
use don::record::text::{check_name, escaped, shortened, TextError};

/// Why a typed match cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    #[error("{0}")]
    Kind(#[from] ConfigError),
    #[error("\"{0}\" is not KIND SLOT (e.g. `don 1`)")]
    KindSlot(String),
    #[error(
        "a match is `KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]`, with {0} parts"
    )]
    Parts(usize),
    #[error("\"{0}\" is not legs won, home first (e.g. `2-1`)")]
    Legs(String),
    #[error("leg {0}: \"{1}\" is not a score, home first (e.g. `121-87`), or a stored game (e.g. `#12`)")]
    LegScore(usize, String),
    #[error("a player's name is blank in \"{0}\"")]
    BlankPlayer(String),
    /// A player's name with a control character, or nothing visible.
    #[error("the player's name \"{}\" {}", escaped(&shortened(.0)), .1)]
    Player(String, TextError),
}

/// Reads `KIND SLOT; HOME; AWAY; LEGS[; LEG SCORES]`.
pub fn parse_match(line: &str) -> Result<MatchEntry, EntryError> {
    let parts: Vec<&str> = line.split(';').map(str::trim).collect();
    if !(4..=5).contains(&parts.len()) {
        return Err(EntryError::Parts(parts.len()));
    }
    let (kind, slot) = parse_kind_slot(parts[0])?;
    Ok(MatchEntry {
        kind,
        slot,
        players: Pair::new(parse_players(parts[1])?, parse_players(parts[2])?),
        legs: parse_legs(parts[3])?,
        leg_entries: parse_leg_entries(parts.get(4).copied().unwrap_or(""))?,
    })
}

/// `don 1`, `single-crib 3`.
pub fn parse_kind_slot(text: &str) -> Result<(Kind, u32), EntryError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        [kind, slot] => Ok((
            kind.parse()?,
            slot.parse()
                .map_err(|_| EntryError::KindSlot(text.to_string()))?,
        )),
        _ => Err(EntryError::KindSlot(text.to_string())),
    }
}

/// `Gareth + Rhys`; blank: not known.
pub fn parse_players(text: &str) -> Result<Vec<String>, EntryError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split('+')
        .map(|n| {
            let name = tidy(n);
            if name.is_empty() {
                Err(EntryError::BlankPlayer(text.trim().to_string()))
            } else if let Err(e) = check_name(n) {
                Err(EntryError::Player(n.trim_matches(' ').to_string(), e))
            } else {
                Ok(name)
            }
        })
        .collect()
}

/// `2-1` (an en dash is taken too).
pub fn parse_legs(text: &str) -> Result<Pair<u32>, EntryError> {
    score_pair(text).ok_or_else(|| EntryError::Legs(text.trim().to_string()))
}

fn score_pair(text: &str) -> Option<Pair<u32>> {
    let text = text.trim().replace('–', "-");
    let (h, a) = text.split_once('-')?;
    let num = |s: &str| -> Option<u32> {
        let s = s.trim();
        (!s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    Some(Pair::new(num(h)?, num(a)?))
}

/// `121-87 96-121 #12`; blank: none given.
pub fn parse_leg_entries(text: &str) -> Result<Vec<LegEntry>, EntryError> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, word)| {
            if let Some(n) = word.strip_prefix('#') {
                n.parse::<i64>()
                    .ok()
                    .filter(|n| *n > 0)
                    .map(LegEntry::Game)
                    .ok_or_else(|| EntryError::LegScore(i + 1, word.to_string()))
            } else {
                score_pair(word)
                    .map(LegEntry::Score)
                    .ok_or_else(|| EntryError::LegScore(i + 1, word.to_string()))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_match_reads_and_a_bad_one_says_why() {
        let m = parse_match("don 1; Gareth + Rhys; Dai+Huw; 2-1; 121-87 96-121 #12").unwrap();
        assert_eq!((m.kind, m.slot), (Kind::Don, 1));
        assert_eq!(m.players.home, ["Gareth", "Rhys"]);
        assert_eq!(m.legs, Pair::new(2, 1));
        assert_eq!(
            m.leg_entries,
            [
                LegEntry::Score(Pair::new(121, 87)),
                LegEntry::Score(Pair::new(96, 121)),
                LegEntry::Game(12)
            ]
        );
        let bare = parse_match("single-crib 3;;;0–2").unwrap();
        assert!(bare.players.home.is_empty() && bare.leg_entries.is_empty());
        assert_eq!(bare.legs, Pair::new(0, 2));
        assert_eq!(
            parse_match("don 1; A; B; 2-x").unwrap_err().to_string(),
            "\"2-x\" is not legs won, home first (e.g. `2-1`)"
        );
        assert!(matches!(
            parse_match("don; A; B; 2-0"),
            Err(EntryError::KindSlot(_))
        ));
        assert!(matches!(
            parse_match("whist 1; A; B; 2-0"),
            Err(EntryError::Kind(_))
        ));
        assert!(matches!(
            parse_match("don 1; A+; B; 2-0"),
            Err(EntryError::BlankPlayer(_))
        ));
        assert!(matches!(
            parse_match("don 1; A; B"),
            Err(EntryError::Parts(3))
        ));
        assert!(matches!(
            parse_match("don 1; A; B; 2-0; 121-3 #x"),
            Err(EntryError::LegScore(2, _))
        ));
    }
}
