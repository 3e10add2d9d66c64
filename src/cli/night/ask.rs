//! Questions at the prompt: yes or no, one answer checked as it is given, a whole match.

use don::app::night::players::Players;
use don::app::{App, LegLink};
use std::io::{self, Write};

use don::app::night::enter::{LegEntry, MatchEntry};
use don::league::names::{name_key, near_miss};
use don::league::night::{check_match_legs, check_night, check_side_players};
use don::league::{Config, HomeAway, Kind, Match, Pair};

use super::entry::{parse_leg_entries, parse_legs, parse_players};
use crate::cli::error::CliError;
use crate::cli::prompt::Prompt;
use crate::cli::text::shown;

/// How a yes/no question was answered.
pub(crate) enum Answer {
    Yes,
    No,
    /// `quit`, or the end of input.
    End,
    /// Piped, an answer neither yes nor no: why it is refused.
    Neither(String),
}

/// Asks `question`, yes or no. At a terminal an answer that is neither asks it again (so what
/// was typed ahead meets this question, never another answer's); piped, it is refused.
pub(crate) fn yes_or_no(prompt: &mut dyn Prompt, question: &str, what: &str) -> io::Result<Answer> {
    loop {
        let Some(answer) = prompt.line(&shown(question))? else {
            return Ok(Answer::End);
        };
        if let Some(why) = prompt.over_long() {
            return Ok(Answer::Neither(why));
        }
        match answer.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => return Ok(Answer::Yes),
            "n" | "no" => return Ok(Answer::No),
            "quit" => return Ok(Answer::End),
            _ => {
                let why = format!("answer yes or no: {what}");
                if !prompt.interactive() {
                    return Ok(Answer::Neither(why));
                }
                let paint = crate::cli::colour::Paint::stderr();
                writeln!(io::stderr(), "{}", paint.line(&shown(&why)))?;
            }
        }
    }
}

/// How "did you mean" was answered.
enum SlipAnswer {
    Yes,
    No,
    /// Another name (or the side's players) typed in its place.
    Retyped(String),
    /// `quit`, or the end of input.
    End,
    /// Piped, an answer with no letter, or one too long: why it is refused.
    Neither(String),
}

/// Asks "did you mean": yes, no, or the name typed again (an answer with no letter, at a
/// terminal, asks again; piped, it is refused).
fn slip_answer(
    prompt: &mut dyn Prompt,
    (question, what): (&str, &str),
    takes: &dyn Fn(&str) -> bool,
) -> io::Result<SlipAnswer> {
    loop {
        let Some(answer) = prompt.line(&shown(question))? else {
            return Ok(SlipAnswer::End);
        };
        if let Some(why) = prompt.over_long() {
            return Ok(SlipAnswer::Neither(why));
        }
        // A line with no letter (blank, or legs typed ahead: `2-1`) is no name; one that is
        // no name retyped (`perhaps`) is not taken for one.
        let no_name = !answer.chars().any(char::is_alphabetic) || !takes(answer.trim());
        match answer.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => return Ok(SlipAnswer::Yes),
            "n" | "no" => return Ok(SlipAnswer::No),
            "quit" => return Ok(SlipAnswer::End),
            _ if no_name => {
                let why = format!("answer yes or no, or type the name again: {what}");
                if !prompt.interactive() {
                    return Ok(SlipAnswer::Neither(why));
                }
                let paint = crate::cli::colour::Paint::stderr();
                writeln!(io::stderr(), "{}", paint.line(&shown(&why)))?;
            }
            _ => return Ok(SlipAnswer::Retyped(answer.trim().to_string())),
        }
    }
}

/// Whether an answer to "did you mean" (about `name`, near `known`) is the name typed again:
/// the side's players (joined by `+`), a name the league knows, or one sharing a word with
/// either name or a slip of one of them ("Ivor Jones"); not a stray word ("perhaps").
fn retyped(players: &Players, side: HomeAway, (name, known): (&str, &str), again: &str) -> bool {
    if again.contains('+') {
        return true;
    }
    let key = name_key(again);
    let words = |n: &str| -> Vec<String> {
        name_key(n)
            .split(' ')
            .filter(|w| w.chars().count() > 1)
            .map(str::to_string)
            .collect()
    };
    let shares = |n: &str| words(n).iter().any(|w| words(again).contains(w));
    players.rosters[side]
        .iter()
        .chain(&players.league)
        .any(|n| name_key(n) == key)
        || shares(name)
        || shares(known)
        || near_miss(again, &[name, known], &[]).is_some()
}

/// Why a name typed for a side's players, new to the league, is no player's name but a stray
/// word (an answer or a score typed ahead: `yes`, `2-1`): none when it may be a name (or it is
/// known, or said to be new).
fn stray(players: &Players, side: HomeAway, name: &str) -> Option<String> {
    let key = name_key(name);
    let known = players.rosters[side]
        .iter()
        .chain(&players.league)
        .any(|n| name_key(n) == key);
    if known || players.new.contains(&key) {
        return None;
    }
    let answer = ["y", "yes", "n", "no", "ok"].contains(&key.as_str());
    let letters = name.chars().any(char::is_alphabetic);
    (answer || !letters).then(|| {
        format!(
            "\"{name}\" is no player's name (a player's name has letters, and is not an answer)"
        )
    })
}

/// Why an answer at the prompt was not taken.
pub(super) enum Refusal {
    /// What is wrong with it.
    Why(String),
    /// The end of input, or `quit`.
    End,
    Failed(CliError),
}

impl From<CliError> for Refusal {
    fn from(e: CliError) -> Refusal {
        Refusal::Failed(e)
    }
}

impl From<io::Error> for Refusal {
    fn from(e: io::Error) -> Refusal {
        Refusal::Failed(e.into())
    }
}

/// "line 7: don 2 refused: …; the entry stops here (nothing after line 7 is read)".
pub(super) fn stopped_words(at: usize, what: &str, why: &str) -> String {
    format!(
        "line {at}: {what} refused: {}; the entry stops here (nothing after line {at} is read)",
        shown(why)
    )
}

/// How asking for something ended.
pub(super) enum Asked<T> {
    Given(T),
    /// The end of input, or `quit`.
    End,
    /// Piped input refused, at a line (its number, and why): the entry stops there.
    Stopped(usize, String),
}

/// Asks one answer and checks it. On a terminal a refused answer is asked again (only that
/// one); from a pipe it stops the entry, naming the line. `quit` or the end of input ends it.
pub(super) fn ask<T>(
    prompt: &mut dyn Prompt,
    question: &str,
    mut check: impl FnMut(&str, &mut dyn Prompt) -> Result<T, Refusal>,
) -> Result<Asked<T>, CliError> {
    let mut err = io::stderr();
    loop {
        let Some(line) = prompt.line(&shown(question))? else {
            return Ok(Asked::End);
        };
        if line.trim().eq_ignore_ascii_case("quit") {
            return Ok(Asked::End);
        }
        let checked = match prompt.over_long() {
            Some(why) => Err(Refusal::Why(why)),
            None => check(&line, prompt),
        };
        match checked {
            Ok(t) => return Ok(Asked::Given(t)),
            Err(Refusal::End) => return Ok(Asked::End),
            Err(Refusal::Failed(e)) => return Err(e),
            Err(Refusal::Why(why)) if prompt.interactive() => {
                let paint = crate::cli::colour::Paint::stderr();
                writeln!(
                    err,
                    "{}",
                    paint.line(&format!("refused: {}; type it again", shown(&why)))
                )?;
            }
            Err(Refusal::Why(why)) => {
                return Ok(Asked::Stopped(prompt.line_number(), why));
            }
        }
    }
}

/// A question with what stands shown as its default: "don 2: legs won, home first [0–2]".
fn with_default(question: String, stands: Option<String>) -> String {
    match stands {
        Some(s) => format!("{question} [{s}]"),
        None => question,
    }
}

/// Asks for one match, each answer checked as it is given: the home players, the away players,
/// the legs, the leg scores. `entered`: the night's other matches. `stands`: in a correction,
/// the match as it stands, shown as each answer's default: a blank answer keeps it (players
/// not known are typed `-`); the leg scores are kept only while the legs are.
pub(super) fn ask_match(
    prompt: &mut dyn Prompt,
    app: &App,
    config: &Config,
    players: &mut Players,
    (kind, slot): (Kind, u32),
    (entered, stands): (&[Match], Option<&Match>),
) -> Result<Asked<(Match, Vec<LegLink>)>, CliError> {
    let label = format!("{kind} {slot}");
    let mut sides: Pair<Vec<String>> = Pair::default();
    for side in HomeAway::BOTH {
        let kept = stands.map(|m| m.players[side].clone());
        let shown_kept = kept.as_ref().map(|names| match names[..] {
            [] => "-".to_string(),
            _ => names.join("+"),
        });
        let question = with_default(
            format!("{label}: {} players", players.teams[side].name),
            shown_kept,
        );
        let home = sides.home.clone();
        let asked = ask(prompt, &question, |text, p| {
            let mut line = text.to_string();
            // A name retyped at "did you mean" (or the side's players retyped) is read again.
            'again: loop {
                let typed = match &kept {
                    Some(names) if line.trim().is_empty() => {
                        check_side_players(config, entered, (kind, slot), side, names, &home)
                            .map_err(|e| Refusal::Why(e.to_string()))?;
                        return Ok(names.clone());
                    }
                    Some(_) if line.trim() == "-" => Vec::new(),
                    _ => parse_players(&line).map_err(|e| Refusal::Why(e.to_string()))?,
                };
                let mut names = Vec::new();
                for (i, name) in typed.iter().enumerate() {
                    let Some(known) = players.slip(side, name) else {
                        if let Some(why) = stray(players, side, name) {
                            return Err(Refusal::Why(why));
                        }
                        names.push(name.clone());
                        continue;
                    };
                    let q = format!(
                        "{} (yes: {known}; no: {name} is new to the league; or type the name again)",
                        players.slip_words(side, name, &known)
                    );
                    let what = format!("is {name} the {known} the league knows?");
                    let takes = |again: &str| retyped(players, side, (name, &known), again);
                    let answer = slip_answer(p, (&q, &what), &takes);
                    match answer.map_err(|e| Refusal::Failed(e.into()))? {
                        SlipAnswer::Yes => names.push(known),
                        SlipAnswer::No => {
                            players.new.push(name_key(name));
                            names.push(name.clone());
                        }
                        SlipAnswer::Retyped(again) => {
                            // One name: in the place of the one asked about; several: the
                            // side's players typed again.
                            let one = parse_players(&again).map(|n| n.len() == 1);
                            line = match one {
                                Ok(true) => {
                                    let mut all = typed.clone();
                                    all[i] = again.trim().to_string();
                                    all.join("+")
                                }
                                _ => again,
                            };
                            continue 'again;
                        }
                        SlipAnswer::End => return Err(Refusal::End),
                        SlipAnswer::Neither(why) => return Err(Refusal::Why(why)),
                    }
                }
                check_side_players(config, entered, (kind, slot), side, &names, &home)
                    .map_err(|e| Refusal::Why(e.to_string()))?;
                return Ok(names);
            }
        })?;
        match asked {
            Asked::Given(names) => sides[side] = names,
            Asked::End => return Ok(Asked::End),
            Asked::Stopped(at, why) => return Ok(Asked::Stopped(at, why)),
        }
    }
    let legs = match ask(
        prompt,
        &with_default(
            format!("{label}: legs won, home first"),
            stands.map(|m| format!("{}–{}", m.legs.home, m.legs.away)),
        ),
        |text, _| {
            let legs = match stands {
                Some(m) if text.trim().is_empty() => m.legs,
                _ => parse_legs(text).map_err(|e| Refusal::Why(e.to_string()))?,
            };
            check_match_legs(config, (kind, slot), legs)
                .map_err(|e| Refusal::Why(e.to_string()))?;
            Ok(legs)
        },
    )? {
        Asked::Given(legs) => legs,
        Asked::End => return Ok(Asked::End),
        Asked::Stopped(at, why) => return Ok(Asked::Stopped(at, why)),
    };
    // The leg scores that stand, kept by a blank answer while the legs are as they stand.
    let kept_legs: Option<Vec<LegEntry>> = stands
        .filter(|m| m.legs == legs && !m.leg_scores.is_empty())
        .map(|m| {
            m.leg_scores
                .iter()
                .map(|l| match l.game {
                    Some(g) => LegEntry::Game(g),
                    None => LegEntry::Score(l.score),
                })
                .collect()
        });
    let question = with_default(
        format!("{label}: leg scores"),
        stands.filter(|_| kept_legs.is_some()).map(leg_scores_words),
    );
    ask(prompt, &question, |text, _| {
        let leg_entries = match &kept_legs {
            Some(kept) if text.trim().is_empty() => kept.clone(),
            _ => parse_leg_entries(text).map_err(|e| Refusal::Why(e.to_string()))?,
        };
        let entry = MatchEntry {
            kind,
            slot,
            players: sides.clone(),
            legs,
            leg_entries,
        };
        let (m, games) = app
            .resolve_match(config, entry, players.correcting)
            .map_err(|e| Refusal::Why(e.to_string()))?;
        let mut all: Vec<Match> = entered
            .iter()
            .filter(|o| (o.kind, o.slot) != (kind, slot))
            .cloned()
            .collect();
        all.push(m.clone());
        check_night(config, &all).map_err(|e| Refusal::Why(e.to_string()))?;
        players.check(&m).map_err(|e| Refusal::Why(e.to_string()))?;
        Ok((m, games))
    })
}

/// A match's leg scores as typed: `121-80 100-121 #12`.
fn leg_scores_words(m: &Match) -> String {
    m.leg_scores_with('-')
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use don::app::{Actor, TeamInfo};
    use don::league::Pair;

    use super::*;

    /// A person typing the given lines at a terminal; the questions asked are kept.
    struct Typist {
        lines: VecDeque<&'static str>,
        asked: Vec<String>,
    }

    impl Prompt for Typist {
        fn line(&mut self, prompt: &str) -> io::Result<Option<String>> {
            self.asked.push(prompt.to_string());
            Ok(self.lines.pop_front().map(str::to_string))
        }
        fn interactive(&self) -> bool {
            true
        }
        fn line_number(&self) -> usize {
            self.asked.len()
        }
    }

    fn players() -> Players {
        let team = |id, name: &str| TeamInfo {
            id,
            name: name.into(),
            venue: None,
        };
        Players {
            teams: Pair::new(team(1, "Royal Oak"), team(2, "Red Lion")),
            rosters: Pair::new(Vec::new(), vec!["Ivor James".to_string()]),
            league: Vec::new(),
            new: Vec::new(),
            correcting: None,
            held: None,
            waiting: Vec::new(),
            contest: don::league::confirm::Contest::Night,
        }
    }

    /// Don 1 of Royal Oak v Red Lion asked for at a terminal, `lines` typed: how it ended and
    /// the questions asked.
    fn don_1_typed(lines: &[&'static str]) -> (Asked<(Match, Vec<LegLink>)>, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        let actor = Actor {
            name: "test".into(),
            team: None,
            game: None,
            league: None,
        };
        let app = App::open(&dir.path().join("don.db"), actor).unwrap();
        let mut typist = Typist {
            lines: lines.iter().copied().collect(),
            asked: Vec::new(),
        };
        let asked = ask_match(
            &mut typist,
            &app,
            &Config::default(),
            &mut players(),
            (Kind::Don, 1),
            (&[], None),
        )
        .unwrap();
        (asked, typist.asked)
    }

    #[test]
    fn at_a_terminal_a_wrong_answer_to_did_you_mean_asks_that_question_again() {
        // Before, "2-1" typed ahead for the legs was taken as the answer, refused, and the
        // players were asked again: every answer after it fell into the wrong field.
        let (asked, questions) = don_1_typed(&[
            "Gareth+Rhys",
            "Ivor Jams+Dai",
            "2-1", // typed ahead for the legs: not an answer to the question
            "",
            "yes",
            "2-1",
            "121-80 100-121 121-119",
        ]);
        let Asked::Given((m, _)) = asked else {
            panic!("the match was not taken");
        };
        assert_eq!(m.players.home, ["Gareth", "Rhys"]);
        assert_eq!(m.players.away, ["Ivor James", "Dai"]);
        assert_eq!(m.legs, Pair::new(2, 1));
        let question = "Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'? (yes: Ivor James; no: Ivor Jams is new to the league; or type the name again)";
        assert_eq!(
            questions,
            [
                "don 1: Royal Oak players",
                "don 1: Red Lion players",
                question,
                question,
                question,
                "don 1: legs won, home first",
                "don 1: leg scores",
            ]
        );
    }

    #[test]
    fn did_you_mean_takes_the_name_typed_again_or_the_side_s_players() {
        // Before: only yes or no was taken; "Ivor James" typed again was asked about again.
        let question = "Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'? (yes: Ivor James; no: Ivor Jams is new to the league; or type the name again)";
        let scores = "121-80 100-121 121-119";
        let (asked, questions) =
            don_1_typed(&["Gareth+Rhys", "Ivor Jams+Dai", "Ivor James", "2-1", scores]);
        let Asked::Given((m, _)) = asked else {
            panic!("the match was not taken");
        };
        assert_eq!(m.players.away, ["Ivor James", "Dai"]);
        assert_eq!(questions[2], question);
        assert_eq!(questions[3], "don 1: legs won, home first");
        // The side's players typed again, joined by +.
        let (asked, _) = don_1_typed(&[
            "Gareth+Rhys",
            "Ivor Jams+Dai",
            "Ivor James+Huw",
            "2-1",
            scores,
        ]);
        let Asked::Given((m, _)) = asked else {
            panic!("the match was not taken");
        };
        assert_eq!(m.players.away, ["Ivor James", "Huw"]);
        // A stray word is no name typed again: asked again.
        let (asked, questions) = don_1_typed(&[
            "Gareth+Rhys",
            "Ivor Jams+Dai",
            "perhaps",
            "yes",
            "2-1",
            scores,
        ]);
        assert!(matches!(asked, Asked::Given(_)));
        assert_eq!(questions[2..4], [question, question]);
    }

    #[test]
    fn a_stray_word_at_a_players_question_is_no_player() {
        // Before: "yes" (or legs typed ahead, "2-1") became a new player, put on the roster.
        let scores = "121-80 100-121 121-119";
        let (asked, questions) =
            don_1_typed(&["2-1", "Gareth+Rhys", "yes", "Ivor James+Dai", "2-1", scores]);
        let Asked::Given((m, _)) = asked else {
            panic!("the match was not taken");
        };
        assert_eq!(m.players.home, ["Gareth", "Rhys"]);
        assert_eq!(m.players.away, ["Ivor James", "Dai"]);
        assert_eq!(
            questions[..4],
            [
                "don 1: Royal Oak players",
                "don 1: Royal Oak players",
                "don 1: Red Lion players",
                "don 1: Red Lion players",
            ]
        );
    }

    #[test]
    fn at_a_terminal_each_wrong_answer_is_asked_again_alone() {
        let (asked, questions) = don_1_typed(&[
            "Gareth+Rhys+Emrys", // three players for a pair: asked again
            "Gareth+Rhys",
            "Ivor Jams+Dai", // a slip: did you mean 'Ivor James'? yes
            "yes",
            "3-0", // not a best of three: only the legs asked again
            "2-1",
            "121-80 100-121", // two scores for three legs: only the scores asked again
            "121-80 100-121 121-119",
        ]);
        let Asked::Given((m, games)) = asked else {
            panic!("the match was not taken");
        };
        assert!(games.is_empty());
        assert_eq!(m.players.home, ["Gareth", "Rhys"]);
        assert_eq!(m.players.away, ["Ivor James", "Dai"]);
        assert_eq!(m.legs, Pair::new(2, 1));
        assert_eq!(m.leg_scores.len(), 3);
        assert_eq!(
            questions,
            [
                "don 1: Royal Oak players",
                "don 1: Royal Oak players",
                "don 1: Red Lion players",
                "Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'? (yes: Ivor James; no: Ivor Jams is new to the league; or type the name again)",
                "don 1: legs won, home first",
                "don 1: legs won, home first",
                "don 1: leg scores",
                "don 1: leg scores",
            ]
        );
        // `quit` (or the end of input) at any answer ends the entry.
        let (asked, _) = don_1_typed(&["Gareth+Rhys", "quit"]);
        assert!(matches!(asked, Asked::End));
    }
}
