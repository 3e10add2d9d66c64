//! Irish Don (RULES.md §5): all cards dealt, the fat counted at the end, more than 80 wins.

use crate::rules::card::Rank;
use crate::rules::option::{bool_option, whole, OptionValue, RulesetError, Words};
use crate::rules::outcome::Outcome;
use crate::rules::seat::{BySide, Seating, Side};
use crate::rules::spec::{Awards, FirstPitch, Goal, IrishRules, IrishTie, Spec};
use crate::rules::trick::PegScale;

pub const NAME: &str = "irish-don";
pub const OPTIONS: &[&str] = &[
    "pack",
    "tie",
    "games",
    "best_of_three",
    "bonk_two_games",
    "pass_pitch",
    "redeal_rule",
    "misere",
    "players",
];

/// The house requirement for having to pitch, under `redeal_rule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedealRule {
    Off,
    On,
    Cork,
    Mountjoy,
    Wheatfield,
}

#[derive(Clone, Debug, PartialEq)]
pub struct IrishDonOptions {
    pub pack: u32,
    pub tie: IrishTie,
    /// `None`: not given (1, or 2 under `best_of_three`).
    pub games: Option<u32>,
    pub best_of_three: bool,
    pub bonk_two_games: bool,
    pub pass_pitch: bool,
    pub redeal_rule: RedealRule,
    pub misere: bool,
    pub players: u32,
}

impl Default for IrishDonOptions {
    fn default() -> Self {
        IrishDonOptions {
            pack: 52,
            tie: IrishTie::LastScorerLoses,
            games: None,
            best_of_three: false,
            bonk_two_games: false,
            pass_pitch: false,
            redeal_rule: RedealRule::Off,
            misere: false,
            players: 4,
        }
    }
}

const TIES: Words<IrishTie> = Words(&[
    ("last-scorer-loses", IrishTie::LastScorerLoses),
    ("draw", IrishTie::Draw),
]);
const REDEALS: Words<RedealRule> = Words(&[
    ("off", RedealRule::Off),
    ("cork", RedealRule::Cork),
    ("mountjoy", RedealRule::Mountjoy),
    ("wheatfield", RedealRule::Wheatfield),
]);

impl IrishDonOptions {
    pub fn games(&self) -> u32 {
        self.games.unwrap_or(if self.best_of_three { 2 } else { 1 })
    }

    pub fn set(&mut self, option: &str, value: &OptionValue) -> Result<(), RulesetError> {
        match option {
            "pack" => {
                self.pack = match value {
                    OptionValue::Int(n @ (52 | 48 | 44)) => *n as u32,
                    _ => {
                        return Err(RulesetError::bad(
                            NAME,
                            option,
                            "52, 48 or 44".into(),
                            value,
                        ))
                    }
                }
            }
            "tie" => self.tie = TIES.read(NAME, option, value)?,
            "games" => self.games = Some(whole(NAME, option, value, 1..=99)?),
            "best_of_three" => self.best_of_three = bool_option(NAME, option, value)?,
            "bonk_two_games" => self.bonk_two_games = bool_option(NAME, option, value)?,
            "pass_pitch" => self.pass_pitch = bool_option(NAME, option, value)?,
            "redeal_rule" => {
                self.redeal_rule = match value {
                    OptionValue::Bool(false) => RedealRule::Off,
                    OptionValue::Bool(true) => RedealRule::On,
                    OptionValue::Str(_) => REDEALS.read(NAME, option, value)?,
                    _ => {
                        let expected = format!("true, false or {}", REDEALS.expected());
                        return Err(RulesetError::bad(NAME, option, expected, value));
                    }
                }
            }
            "misere" => self.misere = bool_option(NAME, option, value)?,
            "players" => {
                self.players = match value {
                    OptionValue::Int(n @ (2 | 4)) => *n as u32,
                    _ => return Err(RulesetError::bad(NAME, option, "2 or 4".into(), value)),
                }
            }
            _ => return Err(RulesetError::unknown(NAME, option)),
        }
        Ok(())
    }

    pub fn validate(&self) -> Result<(), RulesetError> {
        if self.best_of_three && self.games.is_some_and(|g| g != 2) {
            return Err(RulesetError::Conflict(
                "irish-don: best_of_three is a match of first to 2 games; it cannot go with games other than 2".into(),
            ));
        }
        if self.players == 2 && self.pass_pitch {
            return Err(RulesetError::Conflict(
                "irish-don: pass_pitch passes to a partner or an opponent on the left, and needs four players".into(),
            ));
        }
        Ok(())
    }

    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            ("pack", OptionValue::Int(self.pack.into())),
            ("tie", TIES.word(self.tie)),
            ("games", OptionValue::Int(self.games().into())),
            ("best_of_three", OptionValue::Bool(self.best_of_three)),
            ("bonk_two_games", OptionValue::Bool(self.bonk_two_games)),
            ("pass_pitch", OptionValue::Bool(self.pass_pitch)),
            (
                "redeal_rule",
                match self.redeal_rule {
                    RedealRule::On => OptionValue::Bool(true),
                    r => REDEALS.word(r),
                },
            ),
            ("misere", OptionValue::Bool(self.misere)),
            ("players", OptionValue::Int(self.players.into())),
        ]
    }

    pub fn spec(&self) -> Spec {
        let per_player = self.pack / 4;
        let two = self.players == 2;
        Spec {
            title: "Irish Don",
            seating: if two {
                Seating::Two
            } else {
                Seating::Partnership
            },
            tricks: if two { self.pack / 2 } else { per_player },
            half: two.then_some(per_player),
            lowest_rank: match self.pack {
                44 => Rank::Four,
                48 => Rank::Three,
                _ => Rank::Two,
            },
            pegs: PegScale::Fat,
            count_at_end: true,
            awards: Awards::None,
            goal: Goal::PassEighty,
            to_win: self.games(),
            first_pitch: if two {
                FirstPitch::Free
            } else {
                FirstPitch::LowestDiamond
            },
            league_penalties: false,
            muck_deals: None,
            layout: None,
            irish: Some(IrishRules {
                tie: self.tie,
                misere: self.misere,
                best_of_three: self.best_of_three,
                bonk_two_games: self.bonk_two_games,
                pass_pitch: self.pass_pitch,
                redeal: self.redeal_rule != RedealRule::Off,
            }),
        }
    }

    pub fn describe(&self) -> String {
        let mut s = String::from("Irish Don");
        if self.misere {
            s.push_str(" (misère)");
        }
        if self.players == 2 {
            s.push_str(", two players");
        }
        if self.pack != 52 {
            s.push_str(&format!(", {}-card pack", self.pack));
        }
        s.push_str(", more than 80 ");
        s.push_str(if self.misere { "loses" } else { "wins" });
        s.push_str(match self.tie {
            IrishTie::LastScorerLoses => ", 80–80: last scorer loses",
            IrishTie::Draw => ", 80–80 a draw",
        });
        if self.best_of_three {
            s.push_str(", best of three games");
        } else if self.games() > 1 {
            s.push_str(&format!(", first to {} games", self.games()));
        }
        if self.bonk_two_games {
            s.push_str(", a bonk is two games");
        }
        s
    }
}

/// A side's count of the fat passes this: it has won (under misère, lost).
pub const EIGHTY: i32 = 80;

/// The other side of a two-sided game.
fn other(seating: Seating, side: Side) -> Side {
    seating
        .sides()
        .iter()
        .copied()
        .find(|&s| s != side)
        .unwrap_or(side)
}

/// The side whose count passed 80 first wins; under misère it loses.
pub fn passed_eighty(rules: IrishRules, seating: Seating, side: Side) -> Outcome {
    Outcome::Won(if rules.misere {
        other(seating, side)
    } else {
        side
    })
}

/// What an 80–80 after the second deal means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EightyAll {
    /// The score is not 80–80 after a second deal: play goes on.
    NotLevel,
    Decided(Outcome),
    /// The tie rule needs the side that took the last scoring trick, and it is not known.
    NeedsLastScorer,
}

/// At the end of a complete deal that nobody passed 80 in: at 80–80 from the second deal on
/// (`deal` counts from 1), a draw, or the last scorer loses (under misère, wins).
pub fn eighty_all(
    rules: IrishRules,
    seating: Seating,
    score: BySide<i32>,
    deal: u32,
    last_scorer: Option<Side>,
) -> EightyAll {
    let level = seating.sides().iter().all(|&s| score[s] == EIGHTY);
    if !level || deal < 2 {
        return EightyAll::NotLevel;
    }
    match (rules.tie, last_scorer) {
        (IrishTie::Draw, _) => EightyAll::Decided(Outcome::Draw),
        (IrishTie::LastScorerLoses, Some(last)) => {
            EightyAll::Decided(Outcome::Won(if rules.misere {
                last
            } else {
                other(seating, last)
            }))
        }
        (IrishTie::LastScorerLoses, None) => EightyAll::NeedsLastScorer,
    }
}

/// Under `bonk_two_games`, the side that took all 80 of a deal, whether played out or claimed: it
/// wins the game at once, counted as two games.
pub fn bonk(rules: IrishRules, seating: Seating, fat: BySide<i32>) -> Option<Side> {
    if !rules.bonk_two_games {
        return None;
    }
    seating.sides().iter().copied().find(|&s| fat[s] == EIGHTY)
}

/// How a game that `winner` won was decided, told from where it was decided: at 80–80 after a
/// complete deal, by who took the last scoring trick; by a bonk (all 80 of a deal, counted two
/// games); or by a side's count passing 80 (the winner's; under misère, the loser's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Won {
    EightyAll { last_scorer: Side },
    Bonk,
    Passed(Side),
}

/// Reads a decision back (RULES.md §5): `score` when it was decided, `at_trick` whether it was
/// decided in play, `counts` how many games it counts for.
pub fn how_won(
    misere: bool,
    sides: &[Side],
    winner: Side,
    score: BySide<i32>,
    at_trick: bool,
    counts: u32,
) -> Won {
    let loser = sides
        .iter()
        .copied()
        .find(|&s| s != winner)
        .unwrap_or(winner);
    let level = sides.iter().all(|&s| score[s] == EIGHTY);
    let passed = if misere { loser } else { winner };
    if level && !at_trick {
        Won::EightyAll {
            last_scorer: if misere { winner } else { loser },
        }
    } else if score[passed] <= EIGHTY && counts > 1 {
        Won::Bonk
    } else {
        Won::Passed(passed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(ns: i32, ew: i32) -> BySide<i32> {
        let mut s = BySide::default();
        s[Side::NS] = ns;
        s[Side::EW] = ew;
        s
    }

    const SIDES: &[Side] = &[Side::NS, Side::EW];

    #[test]
    fn a_game_won_is_told_by_where_it_was_decided() {
        // 80–80 after a complete deal: the loser took the last scoring trick; under misère the
        // winner did.
        let level = score(80, 80);
        let last = |misere| match how_won(misere, SIDES, Side::NS, level, false, 1) {
            Won::EightyAll { last_scorer } => last_scorer,
            other => panic!("{other:?}"),
        };
        assert_eq!((last(false), last(true)), (Side::EW, Side::NS));
        // 80–80 reached in play is a count passing 80, not the tie.
        assert_eq!(
            how_won(false, SIDES, Side::NS, level, true, 1),
            Won::Passed(Side::NS)
        );
        // All 80 of a deal, counted two games: a bonk.
        assert_eq!(
            how_won(false, SIDES, Side::NS, score(80, 0), false, 2),
            Won::Bonk
        );
        // Past 80: the winner passed it; under misère the loser did.
        assert_eq!(
            how_won(false, SIDES, Side::NS, score(85, 40), true, 1),
            Won::Passed(Side::NS)
        );
        assert_eq!(
            how_won(true, SIDES, Side::NS, score(40, 85), true, 1),
            Won::Passed(Side::EW)
        );
    }

    #[test]
    fn what_a_side_still_needs_is_none_past_the_goal() {
        assert_eq!(Goal::PassEighty.still_needed(60), Some(21));
        assert_eq!(Goal::PassEighty.still_needed(81), Some(0));
        assert_eq!(Goal::Reach(121).still_needed(130), Some(0));
        assert_eq!(Goal::LoseAt(61).still_needed(50), Some(11));
        assert_eq!(Goal::Deals(9).still_needed(50), None);
    }
}
