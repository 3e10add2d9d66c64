//! The table-side session: one line at a time through the replay, each accepted line kept in
//! the journal before it is answered, `undo` taken back from the journal, and the session
//! rebuilt from the journal whenever it must be.

use super::announce::Announcement;
use super::herald::Herald;
use super::journal::{Journal, JournalEntry};
use super::lines;
use super::names::Names;
use super::view::ScorerView;
use crate::record::line::{parse_line, totals_hand_faults, Line, LineError};
use crate::record::{Code, Fault, Record};
use crate::replay::{Entry, HandKind, Replay, ScoreSheet, Step};
use crate::rules::{AbandonReason, BySeat, HandFault, TrickFault, Variant};

/// What the session answers to a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A blank or comment line: nothing recorded.
    Nothing,
    /// The line was recorded (kept in the journal), and this is what to say.
    Recorded(Vec<Announcement>),
    /// `undo`: what was taken back, or that there was nothing to take back.
    TakenBack(Vec<Announcement>),
    /// `quit`: stop; everything recorded is kept.
    Quit,
    /// `help`: the lines there are ([`LINES`](super::LINES)).
    Help,
}

impl Answer {
    pub fn announcements(&self) -> &[Announcement] {
        match self {
            Answer::Recorded(said) | Answer::TakenBack(said) => said,
            Answer::Nothing | Answer::Quit | Answer::Help => &[],
        }
    }
}

/// Why a line is not taken: typed where a front end says it in its own words (the terminal's
/// are its `Display`, naming the table's lines; a phone names its buttons), else the words of
/// the rules' refusal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The game is over (`result`, in words): only an undo is left.
    #[error(
        "the game is over: {result}; what is left: `undo` takes back the last entry, `quit` stops"
    )]
    GameOver { result: String },
    /// Totals for hand `hand`, already in play trick by trick (`tricks` entered; 0: its layout).
    #[error("hand {hand} is in play, {}: a hand is kept trick by trick or as totals, not both; `undo` takes back what was entered of it, one line at a time, to enter the hand as totals", entered_words(*tricks))]
    HandInPlay { hand: u32, tricks: u32 },
    /// A trick with no pitcher for hand `hand` yet; `wanted`: what to type, in the terminal's
    /// words.
    #[error("who pitches hand {hand}? {wanted}, then the trick")]
    PitcherWanted { hand: u32, wanted: String },
    /// Irish Don: a trick that shows a wrong first pitcher (`fault`, placed), in hand `hand`,
    /// with `typed` lines of it so far.
    #[error("{}", wrong_first_pitcher_words(fault, *hand, *typed))]
    WrongFirstPitcher {
        fault: String,
        hand: u32,
        typed: usize,
    },
    /// Any other refusal: the rules', or the line's reading, in their words.
    #[error("{0}")]
    Other(String),
}

fn entered_words(tricks: u32) -> String {
    match tricks {
        0 => "its layout entered".to_string(),
        1 => "1 trick entered".to_string(),
        n => format!("{n} tricks entered"),
    }
}

/// A trick refused for showing a wrong first pitcher (Irish Don), and how to mend it: the
/// deal abandoned as a misdeal, or the lines of the hand typed wrong taken back.
fn wrong_first_pitcher_words(fault: &str, hand: u32, typed: usize) -> String {
    let lines = match typed {
        0 => String::new(),
        1 => format!("; or, if a line was typed wrong, `undo` takes back hand {hand}'s one line so far"),
        n => format!("; or, if a line was typed wrong, `undo` takes back hand {hand}'s {n} lines so far, one at a time"),
    };
    format!(
        "{fault}. To mend it: if the wrong seat pitched, `abandon misdeal` voids the deal and the holder of the lowest diamond pitches the redeal{lines}"
    )
}

impl From<String> for Refused {
    fn from(why: String) -> Refused {
        Refused::Other(why)
    }
}

/// A line not taken.
#[derive(Debug, thiserror::Error)]
pub enum LineRefusal<E> {
    /// The line cannot be read, or the rules refuse it (or the game is over): why. Nothing was
    /// recorded and the session is as it was.
    #[error("{0}")]
    Line(Refused),
    /// The journal failed. The session is as the journal holds the game (when it could not even
    /// be read back, the session reads it again before the next line).
    #[error("the game could not be kept: {0}")]
    Journal(#[source] E),
}

/// A session that cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum SessionError<E> {
    #[error("the game's entries cannot be read: {0}")]
    Journal(#[source] E),
    /// A stored entry the replay refuses: the stored game is damaged.
    #[error(
        "the stored game is damaged: entry {index} (hand {hand}: {words}) is refused: {message}"
    )]
    Damaged {
        /// The entry's place in the journal, from 1.
        index: usize,
        hand: u32,
        entry: Box<Entry>,
        /// The entry as a line.
        words: String,
        message: String,
    },
}

/// A game scored at the table, one line at a time. Pure: the journal does the keeping.
#[derive(Debug)]
pub struct ScorerSession<J: Journal> {
    journal: J,
    variant: Variant,
    seats: BySeat<Option<String>>,
    names: Names,
    replay: Replay,
    /// The journal's entries, as the replay holds them.
    entries: Vec<JournalEntry>,
    /// The journal could not be read back after it changed: read it before the next line.
    stale: bool,
    /// A league night holds the game as a leg, as last asked of the journal: nothing may
    /// change it here.
    held: bool,
}

impl<J: Journal> ScorerSession<J> {
    /// Opens a session on a journal, replaying what it holds. `seats` are the players' names.
    pub fn open(
        variant: Variant,
        seats: BySeat<Option<String>>,
        mut journal: J,
    ) -> Result<ScorerSession<J>, SessionError<J::Error>> {
        let entries = journal.entries().map_err(SessionError::Journal)?;
        let replay = rebuild(&variant, &seats, &entries)?;
        let held = journal.held().map_err(SessionError::Journal)?.is_some();
        Ok(ScorerSession {
            held,
            journal,
            names: Names::new(seats.clone()),
            variant,
            seats,
            replay,
            entries,
            stale: false,
        })
    }

    /// Where the game stands: for the prompt, a page, a board.
    pub fn status(&self) -> ScorerView {
        let in_play: Vec<_> = self.in_play().collect();
        ScorerView::of(&self.replay, &self.names, self.held, &in_play)
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The players' names, as the session was opened with them.
    pub fn seats(&self) -> &BySeat<Option<String>> {
        &self.seats
    }

    /// The entries kept, in order.
    pub fn entries(&self) -> &[JournalEntry] {
        &self.entries
    }

    /// The replay of the game so far.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The score sheet of the game so far, with the players' names.
    pub fn sheet(&self) -> ScoreSheet {
        self.replay.clone().finish()
    }

    pub fn journal(&self) -> &J {
        &self.journal
    }

    pub fn is_over(&self) -> bool {
        self.replay.game().is_over()
    }

    /// The tricks of the hand in play, as entered (none between hands).
    fn in_play(&self) -> impl Iterator<Item = &crate::record::trick::TrickCards> {
        let hand = self
            .replay
            .game()
            .in_hand()
            .then(|| self.replay.hand_number());
        self.entries
            .iter()
            .filter(move |e| Some(e.hand) == hand)
            .filter_map(|e| match &e.entry {
                Entry::Trick(trick) => Some(trick),
                _ => None,
            })
    }

    /// Reads and enters one line (FORMAT.md §5).
    pub fn enter_line(&mut self, text: &str) -> Result<Answer, LineRefusal<J::Error>> {
        match parse_line(text) {
            Ok(None) => Ok(Answer::Nothing),
            Ok(Some(line)) => self.enter(line),
            Err(e) => Err(LineRefusal::Line(self.unread(&e).into())),
        }
    }

    /// Why a line cannot be read, in the words of this game: a word that is no side or seat is
    /// answered with the game's own sides or seats.
    fn unread(&self, e: &LineError) -> String {
        let seating = self.replay.game().spec().seating;
        match e {
            LineError::NotASide(word) => lines::not_a_side(word, seating),
            LineError::NotASeat(word) => lines::not_a_seat(word, None, seating),
            LineError::TrickSeat { word, token } => lines::not_a_seat(word, Some(token), seating),
            _ => e.to_string(),
        }
    }

    /// Enters one line already read.
    pub fn enter(&mut self, line: Line) -> Result<Answer, LineRefusal<J::Error>> {
        match line {
            Line::Quit => return Ok(Answer::Quit),
            Line::Help => return Ok(Answer::Help),
            _ => {}
        }
        if let Some(why) = self.journal.held().map_err(LineRefusal::Journal)? {
            self.held = true;
            return Err(LineRefusal::Line(why.into()));
        }
        self.held = false;
        if matches!(line, Line::Undo) {
            return self.undo();
        }
        if self.stale {
            self.reload()?;
        }
        if self.replay.game().is_over() {
            return Err(LineRefusal::Line(Refused::GameOver {
                result: self.status().result_words(),
            }));
        }
        let game = self.replay.game();
        let seating = game.spec().seating;
        if let Some(why) = lines::outside_seating(&line, seating) {
            return Err(LineRefusal::Line(why.into()));
        }
        match &line {
            Line::Totals { sides, totals, .. } => {
                if game.in_hand() {
                    return Err(LineRefusal::Line(Refused::HandInPlay {
                        hand: self.replay.hand_number(),
                        tricks: game.tricks_played(),
                    }));
                }
                lines::check_sides(sides, seating).map_err(|why| LineRefusal::Line(why.into()))?;
                // What `check` would find in the hand as a record holds it.
                let hand = self.replay.hand_number();
                if let Some(fault) = totals_hand_faults(&self.variant, totals, hand).first() {
                    return Err(LineRefusal::Line(fault.message.clone().into()));
                }
            }
            Line::Trick(trick) if trick.seats().is_none() && self.status().needs_pitcher() => {
                return Err(LineRefusal::Line(Refused::PitcherWanted {
                    hand: self.replay.hand_number(),
                    wanted: self.status().pitcher_wanted(),
                }));
            }
            Line::Pitcher(seat) => {
                if let Some(HandFault::WrongPitcher { pitched, turn }) = game.pitch_fault(*seat) {
                    return Err(LineRefusal::Line(
                        format!(
                            "it is {turn}'s turn to pitch hand {}, not {pitched}'s",
                            self.replay.hand_number()
                        )
                        .into(),
                    ));
                }
            }
            _ => {}
        }
        match lines::entry(line) {
            Some(entry) => self.record(entry),
            None => Ok(Answer::Nothing),
        }
    }

    /// A trick refused for showing a wrong first pitcher (Irish Don), with the lines of its hand
    /// typed so far.
    fn wrong_first_pitcher(&self, fault: &Fault) -> Refused {
        let hand = self.replay.hand_number();
        Refused::WrongFirstPitcher {
            fault: placed(fault),
            hand,
            typed: self.entries.iter().filter(|e| e.hand == hand).count(),
        }
    }

    /// Enters an entry (and the abandonment a renege forces) in a copy of the replay, keeps
    /// them in the journal, and only then takes the copy.
    fn record(&mut self, entry: Entry) -> Result<Answer, LineRefusal<J::Error>> {
        let mut replay = self.replay.clone();
        let hand = match entry {
            Entry::Concede(_) => replay.sheet().hands.len() as u32,
            _ => replay.hand_number(),
        };
        let step = replay
            .enter(entry.clone())
            .map_err(|f| LineRefusal::Line(placed(&f).into()))?;
        // A trick that can be played, but shows a wrong first pitcher: refused at once.
        if let Entry::Trick(trick) = &entry {
            if let Err(fault) = self.replay.check_first_pitch(trick) {
                return Err(LineRefusal::Line(self.wrong_first_pitcher(&fault)));
            }
        }
        let mut kept = vec![JournalEntry {
            hand,
            pitcher: pitcher_after(&replay, &step),
            entry: entry.clone(),
        }];
        let renege = match &step {
            Step::Trick { report, .. } => report.trick.faults.iter().find(|f| proves_renege(f)),
            _ => None,
        };
        let mut abandoned = None;
        if let Some(fault) = renege {
            let abandon = lines::abandon_for_renege(fault.seat());
            let step = replay
                .enter(abandon.clone())
                .map_err(|f| LineRefusal::Line(placed(&f).into()))?;
            kept.push(JournalEntry {
                hand,
                pitcher: pitcher_after(&replay, &step),
                entry: abandon,
            });
            abandoned = Some(step);
        }
        if let Some(fault) = new_errors(&self.replay, &replay)
            .into_iter()
            .find(|f| f.code != Code::Renege)
        {
            return Err(LineRefusal::Line(placed(&fault).into()));
        }
        let said = self.announce(&replay, &entry, &step, renege, abandoned.as_ref(), hand);
        self.journal.append(&kept).map_err(LineRefusal::Journal)?;
        self.replay = replay;
        self.entries.extend(kept);
        Ok(Answer::Recorded(said))
    }

    /// What to say of an entry entered in `after`.
    fn announce(
        &self,
        after: &Replay,
        entry: &Entry,
        step: &Step,
        renege: Option<&TrickFault>,
        abandoned: Option<&Step>,
        hand: u32,
    ) -> Vec<Announcement> {
        let herald = Herald {
            names: &self.names,
            before: &self.replay,
            after,
        };
        let mut said = Vec::new();
        match (step, entry) {
            (Step::Trick { .. }, _) if renege.is_some() => {
                if let (Some(fault), Some(Step::Hand(row))) = (renege, abandoned) {
                    said.push(Announcement::Renege {
                        seat: self.names.seat(fault.seat()),
                        proof: fault.to_string(),
                    });
                    let seat = Some(fault.seat());
                    said.push(herald.abandoned(row, AbandonReason::Renege, seat));
                }
            }
            (Step::Trick { report, hand: row }, Entry::Trick(trick)) => {
                let cards = trick.cards();
                let trumps = after
                    .game()
                    .trumps()
                    .or(row.as_ref().and_then(|r| r.trumps))
                    .or(cards.first().map(|c| c.suit));
                if let Some(trumps) = trumps {
                    said.push(herald.trick(cards, trumps, report));
                }
                if let Some(d) = &report.decided {
                    said.push(herald.decided(d));
                }
                if let Some(row) = row {
                    herald.hand_closed(row, &mut said);
                }
            }
            (Step::Hand(row), Entry::Abandon { reason, seat }) => {
                said.push(herald.abandoned(row, *reason, *seat));
            }
            (Step::Hand(row), _) => herald.hand_closed(row, &mut said),
            (Step::Pitcher(seat), _) => said.push(Announcement::Pitcher {
                seat: self.names.seat(*seat),
                hand,
            }),
            (Step::Penalty, Entry::Penalty { side, penalty }) => {
                said.push(herald.penalty(*side, *penalty, hand));
            }
            (Step::Conceded(_), Entry::Concede(side)) => {
                said.push(Announcement::Conceded {
                    side: self.names.side(*side),
                });
                said.push(herald.over());
            }
            _ => {}
        }
        let settled = said
            .iter()
            .any(|a| matches!(a, Announcement::LegWon { .. } | Announcement::Over { .. }));
        let scored = matches!(step, Step::Trick { .. } | Step::Hand(_));
        if scored && !settled && !after.game().is_over() {
            said.push(herald.score());
        }
        // Decided in a trick of a deal still in play (Irish Don): say at once that a claim ends it.
        if let (Step::Trick { report, hand: None }, Some(side)) = (step, after.game().may_claim()) {
            if report.decided.is_some() {
                said.push(herald.may_claim(side, hand));
            }
        }
        said
    }

    /// `undo`: the journal takes back the last line, and the session is rebuilt from it. What
    /// was taken back is told from the journal's entries before and after, so it is the line
    /// taken back whichever session typed it.
    fn undo(&mut self) -> Result<Answer, LineRefusal<J::Error>> {
        // As the journal holds them (or, when it cannot say, as the session does).
        let before = self.journal.look().unwrap_or_else(|_| self.entries.clone());
        let taken = match self.journal.take_back() {
            Ok(taken) => taken,
            Err(e) => {
                // Whatever the journal now holds, the session follows it.
                let _ = self.reload();
                return Err(LineRefusal::Journal(e));
            }
        };
        if !taken {
            if self.stale {
                self.reload()?;
            }
            return Ok(Answer::TakenBack(vec![Announcement::NothingToTakeBack]));
        }
        let old = std::mem::take(&mut self.entries);
        if let Err(e) = self.reload() {
            self.entries = old;
            return Err(e);
        }
        let seating = self.replay.game().spec().seating;
        let gone = taken_back(&before, &self.entries);
        let words = |e: &JournalEntry| lines::entry_words(&e.entry, seating);
        let said = match gone.as_slice() {
            [] => Announcement::NothingToTakeBack,
            [line, forced @ ..] => Announcement::TakenBack {
                hand: line.hand,
                line: words(line),
                forced: forced.iter().map(words).collect(),
            },
        };
        Ok(Answer::TakenBack(vec![said]))
    }

    /// Rebuilds the session from what the journal holds.
    fn reload(&mut self) -> Result<(), LineRefusal<J::Error>> {
        self.stale = true;
        let entries = self.journal.entries().map_err(LineRefusal::Journal)?;
        let replay = rebuild::<J::Error>(&self.variant, &self.seats, &entries)
            .map_err(|e| LineRefusal::Line(e.to_string().into()))?;
        self.replay = replay;
        self.entries = entries;
        self.stale = false;
        Ok(())
    }
}

/// A replay of the stored entries; an entry it refuses means the stored game is damaged.
fn rebuild<E>(
    variant: &Variant,
    seats: &BySeat<Option<String>>,
    entries: &[JournalEntry],
) -> Result<Replay, SessionError<E>> {
    let record = Record {
        variant: Some(variant.clone()),
        seats: seats.clone(),
        ..Record::default()
    };
    replay_entries(variant, record, entries)
}

/// The score sheet of a game as it stands at the table: its entries replayed (a hand in play is
/// said to be in play, not reported short), with the particulars of `record` (its hands are not
/// read).
pub fn table_sheet(
    mut record: Record,
    entries: &[JournalEntry],
) -> Result<ScoreSheet, SessionError<std::convert::Infallible>> {
    let Some(variant) = record.variant.clone() else {
        return Ok(ScoreSheet::for_record(record));
    };
    record.hands.clear();
    record.conceded = None;
    let mut sheet = replay_entries(&variant, record, entries)?.finish();
    // A renege the table caught abandoned its deal, as the rules have it: said, not wrong.
    let abandoned: Vec<u32> = sheet
        .hands
        .iter()
        .filter(|h| h.kind == HandKind::Abandoned)
        .map(|h| h.number)
        .collect();
    sheet
        .errors
        .retain(|f| !(f.code == Code::Renege && f.hand.is_some_and(|h| abandoned.contains(&h))));
    Ok(sheet)
}

fn replay_entries<E>(
    variant: &Variant,
    record: Record,
    entries: &[JournalEntry],
) -> Result<Replay, SessionError<E>> {
    let mut replay = match Replay::with_sheet(ScoreSheet::for_record(record)) {
        Ok(replay) => replay,
        Err(_) => Replay::new(variant),
    };
    let seating = variant.spec().seating;
    for (i, e) in entries.iter().enumerate() {
        if let Err(fault) = replay.enter(e.entry.clone()) {
            return Err(SessionError::Damaged {
                index: i + 1,
                hand: e.hand,
                entry: Box::new(e.entry.clone()),
                words: lines::entry_words(&e.entry, seating),
                message: fault.message,
            });
        }
    }
    Ok(replay)
}

/// The entries of the line taken back: those `before` holds and `after` does not (matched by
/// hand and entry, whatever pitcher each is kept with). A journal may keep a hand's pitcher as
/// an entry of its own although it was never typed (known from the rotation when the hand's
/// first line was kept): a pitcher beside other entries went with them and is not said; a
/// pitcher alone was the line.
fn taken_back(before: &[JournalEntry], after: &[JournalEntry]) -> Vec<JournalEntry> {
    let mut left: Vec<&JournalEntry> = after.iter().collect();
    let mut gone: Vec<JournalEntry> = Vec::new();
    for e in before {
        match left
            .iter()
            .position(|a| a.hand == e.hand && a.entry == e.entry)
        {
            Some(i) => {
                left.remove(i);
            }
            None => gone.push(e.clone()),
        }
    }
    if gone.iter().any(|e| !matches!(e.entry, Entry::Pitcher(_))) {
        gone.retain(|e| !matches!(e.entry, Entry::Pitcher(_)));
    }
    gone
}

fn proves_renege(fault: &TrickFault) -> bool {
    matches!(
        fault,
        TrickFault::Renege { .. } | TrickFault::RenegeHolding { .. }
    )
}

/// The pitcher of the entry's hand, as known after it.
fn pitcher_after(replay: &Replay, step: &Step) -> Option<crate::rules::Seat> {
    match step {
        Step::Trick {
            hand: Some(row), ..
        }
        | Step::Hand(row) => row.pitcher,
        Step::Conceded(_) => replay.sheet().hands.last().and_then(|row| row.pitcher),
        _ => replay.pitcher(),
    }
}

/// Every error found so far: on the sheet and in the hand in play.
fn errors_of(replay: &Replay) -> Vec<Fault> {
    let in_hand = replay.hand_faults().filter(|f| !f.code.is_warning());
    replay
        .sheet()
        .errors
        .iter()
        .chain(in_hand)
        .cloned()
        .collect()
}

/// The errors `after` has found that `before` had not.
fn new_errors(before: &Replay, after: &Replay) -> Vec<Fault> {
    let mut old = errors_of(before);
    errors_of(after)
        .into_iter()
        .filter(|f| match old.iter().position(|o| o == f) {
            Some(i) => {
                old.remove(i);
                false
            }
            None => true,
        })
        .collect()
}

/// A fault's message; for a fault in a trick, with its hand (and trick) when the message does
/// not name them.
fn placed(fault: &Fault) -> String {
    let message = &fault.message;
    let (Some(h), Some(t)) = (fault.hand, fault.trick) else {
        return message.clone();
    };
    match (fault.named.hand, fault.named.trick) {
        (false, false) => format!("hand {h}, trick {t}: {message}"),
        (false, true) => format!("hand {h}: {message}"),
        _ => message.clone(),
    }
}
