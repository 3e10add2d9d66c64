//! A game scored away from the terminal (on the web, through `don serve`): who may score which
//! game, a game begun there, the game as the scorer sees it before each entry, and one line
//! entered. Every line goes through the same [`ScorerSession`] and journal as `don play`, so a game
//! scored on a phone is the same game `don show`, `don export` and `don play` see.
//!
//! Who may score a game is the actor's: the secretary (or the command line) any game; a team's
//! captain the games of the league their team began on the web; a game's scorer (their link's)
//! that one game.

use crate::app::access::AccessError;
use crate::app::game::error::GameError;
use crate::app::game::journal::ScorerJournal;
use crate::app::game::stored::StoredGames;
use crate::app::game::{GameToBegin, NewGame};
use crate::app::league::which::Choice;
use crate::app::night::NightError;
use crate::app::{Actor, App, AppError};
use crate::league::TeamId;
use crate::record::line::{parse_line, Line};
use crate::record::parse_record;
use crate::rules::scoring::award_kinds;
use crate::rules::{AbandonReason, AwardKind, BySeat, Penalty, Variant};
use crate::scorer::{Announcement, Journal, JournalEntry, LineRefusal, ScorerSession, ScorerView};
use crate::store::{Reads, Store, StoreError, WebGame};

/// The most hands a game scored on the web may have: past it, a line that would begin another
/// is refused (`undo` still takes one back). A game to the longest target is a few dozen hands;
/// every reading of a game replays it whole.
pub const WEB_HANDS: u32 = 200;
/// The most entries (lines kept) a game scored on the web may have.
pub const WEB_ENTRIES: usize = 4000;

/// A game as its scorer sees it before the next entry: where it stands (what `don play` says
/// above its prompt), and the game as it is kept.
#[derive(Clone, Debug)]
pub struct ScoringView {
    pub game: i64,
    pub variant: Variant,
    /// The players' names, by seat.
    pub seats: BySeat<Option<String>>,
    /// Where the game stands: hand, trick, dealer, pitcher, leader, trumps, scores and what
    /// each side needs, legs, the tricks of the hand in play.
    pub status: ScorerView,
    /// Why nothing may be entered (a league night holds the game as a leg), if so.
    pub held: Option<String>,
    /// The game's latest change: what an entry made from this view sends back, so that an
    /// entry from a view another phone has overtaken is refused
    /// ([`GameError::EnteredMeanwhile`]).
    pub seen: Option<i64>,
    /// What the game would take now, of the lines a page offers as a button or a form.
    pub offers: Offers,
}

/// What a game would take now, asked of the scorer on the game as it stands (nothing kept):
/// a front end offers these and no other, so that nothing it offers is refused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// The lines of one tap that the game would take now, in this order: who pitches (each
    /// seat that may), `claim`, each side's concession, the deal abandoned (a misdeal, a redeal
    /// demanded where the ruleset allows one, each seat's renege). Not `undo` (see
    /// [`Offers::undo`]), nor a trick, the totals or a penalty, which need more than a tap.
    pub lines: Vec<Line>,
    /// Whether a line entered at the table can be taken back (`undo`).
    pub undo: bool,
    /// Whether the next hand may be entered as totals (none of it entered yet), and its
    /// ruleset's awards, in the order they are pegged (none for a ruleset without them).
    pub totals: bool,
    pub awards: Vec<AwardKind>,
    /// Whether a penalty would be taken now.
    pub penalty: bool,
}

impl Offers {
    /// True when the game would take `line` now.
    pub fn has(&self, line: &Line) -> bool {
        self.lines.contains(line)
    }
}

/// What the game of `session` would take now: each line a page may offer, tried on the game
/// as it stands. The session's journal must refuse to keep anything (a [`Looking`] one): a line
/// that reaches the journal is one the game takes, and the session is left as it was.
fn offers_of(session: &mut ScorerSession<Looking<'_>>) -> Result<Offers, AppError> {
    let status = session.status();
    if status.held {
        return Ok(Offers::default());
    }
    let journal = session.journal();
    let undo = journal.store.has_table_entry(journal.game)?;
    if status.over {
        return Ok(Offers {
            undo,
            ..Offers::default()
        });
    }
    let game = session.replay().game();
    let spec = *game.spec();
    let seating = spec.seating;
    let deals = game.deals_played();
    // A concession once a hand has begun: conceding a game not yet begun is no result.
    let begun = status.in_hand || !session.replay().sheet().hands.is_empty();
    let mut candidates: Vec<Line> = Vec::new();
    if status.needs_pitcher() {
        candidates.extend(seating.seats().iter().map(|&s| Line::Pitcher(s)));
    }
    candidates.push(Line::Claim);
    if begun {
        candidates.extend(seating.sides().iter().map(|&s| Line::Concede(s)));
    }
    candidates.push(Line::Abandon {
        reason: AbandonReason::Misdeal,
        seat: None,
    });
    candidates.push(Line::Abandon {
        reason: AbandonReason::RedealDemanded,
        seat: None,
    });
    candidates.extend(seating.seats().iter().map(|&s| Line::Abandon {
        reason: AbandonReason::Renege,
        seat: Some(s),
    }));
    let penalty = seating.sides().first().map(|&side| Line::Penalty {
        side,
        penalty: Penalty::OutOfTurn,
    });
    let mut takes = |line: Line| match session.enter(line) {
        // Kept by nothing: the journal refuses to keep, so reaching it is being taken.
        Err(LineRefusal::Journal(_)) | Ok(_) => true,
        Err(LineRefusal::Line(_)) => false,
    };
    let lines: Vec<Line> = candidates
        .into_iter()
        .filter(|l| takes(l.clone()))
        .collect();
    let penalty = penalty.is_some_and(&mut takes);
    Ok(Offers {
        lines,
        undo,
        totals: !status.in_hand,
        awards: award_kinds(&spec, deals),
        penalty,
    })
}

/// A line entered: what was said of it, and the game after it.
#[derive(Clone, Debug)]
pub struct ScoringEntered {
    /// What the scorer says (nothing for a blank line; `help` and `quit` say nothing here; nothing
    /// for a line applied before).
    pub said: Vec<Announcement>,
    pub view: ScoringView,
    /// Whether the line was applied now, or had been (sent again by a phone).
    pub applied: Applied,
}

/// How a line sent to the table was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Applied now.
    Now,
    /// Applied before, by operation `op`: the same line sent again by a phone (the answer to
    /// its first sending lost on the way), found by its id and not applied again.
    Before { op: i64 },
}

/// A journal that only reads (a reading connection's): the game as kept, for a view.
struct Looking<'a> {
    store: &'a Store,
    game: i64,
}

impl Journal for Looking<'_> {
    type Error = AppError;

    fn append(&mut self, _: &[JournalEntry]) -> Result<(), AppError> {
        Err(StoreError::damaged(format!("game {}", self.game), "a view changes nothing").into())
    }

    fn take_back(&mut self) -> Result<bool, AppError> {
        Err(StoreError::damaged(format!("game {}", self.game), "a view changes nothing").into())
    }

    fn entries(&mut self) -> Result<Vec<JournalEntry>, AppError> {
        Ok(self.store.game_entries(self.game)?)
    }

    fn held(&mut self) -> Result<Option<String>, AppError> {
        Ok(self.store.leg_holding(self.game)?.map(|h| h.to_string()))
    }
}

/// The variant and players of a stored game, for a session on it.
fn table_of(store: &Store, game: i64) -> Result<(Variant, BySeat<Option<String>>), AppError> {
    let Some(record) = store.record_if_stored(game)? else {
        return Err(GameError::NoGame(game).into());
    };
    let record = parse_record(record);
    let variant = record.variant.ok_or(GameError::NoRuleset(game))?;
    Ok((variant, record.seats))
}

fn view_of<J: Journal>(
    game: i64,
    session: &ScorerSession<J>,
    held: Option<String>,
    seen: Option<i64>,
) -> ScoringView {
    ScoringView {
        game,
        variant: session.variant().clone(),
        seats: session.seats().clone(),
        status: session.status(),
        held,
        seen,
        offers: Offers::default(),
    }
}

fn cannot_resume<E: std::fmt::Display>(game: i64) -> impl FnOnce(E) -> AppError {
    move |e| {
        GameError::CannotResume {
            game,
            why: e.to_string(),
        }
        .into()
    }
}

impl App {
    /// Refuses the actor a game that is not theirs to score: a scorer's link scores its one
    /// game; a captain the games their team began on the web; the secretary's link the games
    /// of its league on the web; the command line any game.
    pub fn may_score(&self, game: i64) -> Result<(), AppError> {
        self.may_score_as(self.actor(), game)
    }

    /// [`App::may_score`] for `actor` (a reading connection has none of its own: the web asks
    /// for the session's actor there). `None`: the command line, which may score any game.
    pub fn may_score_as(&self, actor: Option<&Actor>, game: i64) -> Result<(), AppError> {
        let Some(actor) = actor else {
            return Ok(());
        };
        let refused = |why: &'static str| -> AppError {
            AccessError::NotYourGame {
                actor: actor.name.clone(),
                game,
                why,
            }
            .into()
        };
        if let Some(own) = actor.game {
            return match own == game {
                true => Ok(()),
                false => Err(refused("a scorer's link scores its one game only")),
            };
        }
        // A link's holder acts in its league: only that league's games on the web.
        if let Some(league) = actor.league {
            if self
                .store
                .web_game(game)?
                .is_none_or(|web| web.league != Some(league))
            {
                return Err(refused("it is not one of this league's games on the web"));
            }
        }
        if let Some(team) = actor.team {
            return match self.store.web_game(game)? {
                Some(web) if web.team == Some(team) => Ok(()),
                _ => Err(refused(
                    "a captain scores the games their team began on the web",
                )),
            };
        }
        Ok(())
    }

    /// The games `actor` may score on the web of `league`, newest first: a scorer's one game; a
    /// captain's team's; every one for the secretary (see [`App::may_score_as`]).
    pub fn web_games_for_as(
        &self,
        actor: Option<&Actor>,
        league: i64,
    ) -> Result<Vec<WebGame>, AppError> {
        let mut games = match (actor.and_then(|a| a.game), actor.and_then(|a| a.team)) {
            (Some(game), _) => self.store.web_game(game)?.into_iter().collect(),
            (None, Some(team)) => self.store.web_games(league, Some(team))?,
            (None, None) => self.store.web_games(league, None)?,
        };
        games.reverse();
        Ok(games)
    }

    /// A game as its scorer sees it before the next entry, with what it would take now (read
    /// only: works on a reading connection). Who may see it is the front end's to say.
    pub fn table_view(&self, game: i64) -> Result<ScoringView, AppError> {
        self.scoring_view(game, true)
    }

    /// A game as its board shows it: [`App::table_view`] without what it would take (a board
    /// offers nothing, so none of it is tried).
    pub fn board_view(&self, game: i64) -> Result<ScoringView, AppError> {
        self.scoring_view(game, false)
    }

    fn scoring_view(&self, game: i64, offers: bool) -> Result<ScoringView, AppError> {
        let (variant, seats) = table_of(&self.store, game)?;
        let seen = self.store.latest_for(game)?;
        let held = self.store.leg_holding(game)?.map(|h| h.to_string());
        let journal = Looking {
            store: &self.store,
            game,
        };
        let mut session =
            ScorerSession::open(variant, seats, journal).map_err(cannot_resume(game))?;
        let mut view = view_of(game, &session, held, seen);
        if offers {
            view.offers = offers_of(&mut session)?;
        }
        Ok(view)
    }

    /// What `game` would take now (see [`Offers`]); read only.
    pub fn table_offers(&self, game: i64) -> Result<Offers, AppError> {
        let (variant, seats) = table_of(&self.store, game)?;
        let journal = Looking {
            store: &self.store,
            game,
        };
        let mut session =
            ScorerSession::open(variant, seats, journal).map_err(cannot_resume(game))?;
        offers_of(&mut session)
    }

    /// The scorer's session on `game`, each line kept in this database: what `don play` and
    /// [`App::table_line`] enter lines through.
    pub fn scorer_session(
        &mut self,
        game: i64,
    ) -> Result<ScorerSession<ScorerJournal<'_>>, AppError> {
        let (variant, seats) = table_of(&self.store, game)?;
        ScorerSession::open(variant, seats, ScorerJournal::new(self, game))
            .map_err(cannot_resume(game))
    }

    /// Enters one line (FORMAT.md §5) at the table of `game`, as `don play` does, if the actor
    /// may score it and `seen` (the game's latest change, as the view the line was typed on
    /// had it) is still the game's latest change; committed before it returns. A line refused
    /// records nothing: [`GameError::LineRefused`] hands it back with why.
    pub fn table_line(
        &mut self,
        game: i64,
        seen: Option<i64>,
        line: &str,
    ) -> Result<ScoringEntered, AppError> {
        self.table_line_sent(game, seen, None, line)
    }

    /// [`App::table_line`] for a line a phone's page sent with `entry`, its id for it (the
    /// page's queue sends each line with one, and sends it again when no answer came): a line
    /// whose id an operation of the game already carries was applied then, and is answered
    /// as such ([`Applied::Before`], the game as it is now) without being applied again, before
    /// `seen` is looked at. Otherwise as [`App::table_line`], the id kept with the change.
    pub fn table_line_sent(
        &mut self,
        game: i64,
        seen: Option<i64>,
        entry: Option<&str>,
        line: &str,
    ) -> Result<ScoringEntered, AppError> {
        self.may_score(game)?;
        if let Some(entry) = entry {
            if let Some(op) = self.store.entry_applied(game, entry)? {
                return Ok(ScoringEntered {
                    said: Vec::new(),
                    view: self.table_view(game)?,
                    applied: Applied::Before { op },
                });
            }
        }
        // Nothing that acts on a terminal or reorders the line is read, or handed back as typed.
        let shown = crate::record::text::escaped(line);
        if shown != line {
            return Err(GameError::LineRefused {
                line: shown.to_string(),
                why: format!(
                    "the line \"{shown}\" has a control character (or a mark that reorders it): type it again"
                )
                .into(),
            }
            .into());
        }
        if self.store.latest_for(game)? != seen {
            return Err(GameError::EnteredMeanwhile {
                game,
                line: line.to_string(),
            }
            .into());
        }
        let (variant, seats) = table_of(&self.store, game)?;
        let journal = ScorerJournal::new(self, game).sent_as(entry.map(str::to_string));
        let mut session =
            ScorerSession::open(variant, seats, journal).map_err(cannot_resume(game))?;
        let grows = !matches!(
            parse_line(line),
            Ok(None | Some(Line::Undo | Line::Help | Line::Quit))
        );
        let too_long =
            session.replay().hand_number() > WEB_HANDS || session.entries().len() >= WEB_ENTRIES;
        if grows && too_long && !session.is_over() {
            return Err(GameError::LineRefused {
                line: line.to_string(),
                why: format!(
                    "a game scored on the web has at most {WEB_HANDS} hands ({WEB_ENTRIES} lines): this one has no room for more; `undo` takes back the last entry"
                )
                .into(),
            }
            .into());
        }
        let answer = session.enter_line(line);
        // The journal is let go before the store is asked what the game is now.
        let answer = match answer {
            Ok(answer) => answer,
            Err(LineRefusal::Line(why)) => {
                return Err(GameError::LineRefused {
                    line: line.to_string(),
                    why,
                }
                .into())
            }
            Err(LineRefusal::Journal(e)) => return Err(e),
        };
        let said = answer.announcements().to_vec();
        let mut view = view_of(game, &session, None, None);
        drop(session);
        view.seen = self.store.latest_for(game)?;
        if view.status.held {
            view.held = self.store.leg_holding(game)?.map(|h| h.to_string());
        }
        view.offers = self.table_offers(game)?;
        Ok(ScoringEntered {
            said,
            view,
            applied: Applied::Now,
        })
    }

    /// Begins a game on the web of `league` (as `don new` does, checked with [`GameToBegin::new`]):
    /// one of the league's games on the web, begun by the actor's team (a captain's), for the
    /// night `fixture` if one is named. A game's scorer may not begin another.
    pub fn web_game_new(
        &mut self,
        choice: &Choice,
        fixture: Option<i64>,
        begun: GameToBegin,
    ) -> Result<NewGame, AppError> {
        self.not_a_scorer("begin another game")?;
        let team: Option<TeamId> = self.actor().and_then(|a| a.team);
        let leagues: &Reads = &self.store;
        let league = choice.league(leagues)?.id;
        if let Some(fixture) = fixture {
            let (league, season) = choice.of_fixture(leagues, fixture, self.today())?;
            let night = leagues
                .fixture(season.id, fixture)?
                .ok_or(NightError::NoFixtureId(fixture))?;
            if team.is_some_and(|t| t != night.home.id && t != night.away.id) {
                let actor = self.actor().map(|a| a.name.clone()).unwrap_or_default();
                return Err(AccessError::NotYourNight { actor, fixture }.into());
            }
            // A captain begins no game for a cancelled night, nor one of a past season (the
            // begin form offers neither). A night ahead may be named: a game is begun for it
            // on the night itself.
            if team.is_some() {
                use crate::app::night::error::CaptainsNight;
                let why = crate::app::night::find::captains_night(
                    leagues,
                    (&league, &season),
                    &night,
                    self.today(),
                )?;
                if let Some(why @ (CaptainsNight::Cancelled | CaptainsNight::NotCurrent { .. })) =
                    why
                {
                    let actor = self.actor().map(|a| a.name.clone()).unwrap_or_default();
                    return Err(NightError::NotACaptainsNight {
                        actor,
                        title: crate::app::night::find::title(&night),
                        why,
                    }
                    .into());
                }
            }
        }
        self.game_new_then(begun, |change, game| {
            change.web_game_add(&WebGame {
                game,
                league: Some(league),
                team,
                fixture,
            })
        })
    }
}
