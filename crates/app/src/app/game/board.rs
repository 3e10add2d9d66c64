//! What the live boards of `don serve` show, read only and for anyone: a game of the league on
//! the web as it stands (what `don play` says above its prompt, and the score sheet `don show`
//! prints), and the games of one of the league's nights. Each board is read on one state of the
//! database; nothing here changes anything. What a board's watcher compares, to tell that the
//! board has moved, is its `seen`: a few numbers, cheap to read.

use crate::app::game::scoring::ScoringView;
use crate::app::game::stored::StoredGames;
use crate::app::{App, AppError};
use crate::check::check_value;
use crate::record::parse_record;
use crate::replay::ScoreSheet;
use crate::scorer::table_sheet;
use crate::store::{Fixture, LeagueInfo, LegNamed, Reads, SeasonInfo};

/// A game's board: where it stands, and its hands so far.
#[derive(Clone, Debug)]
pub struct GameBoard {
    pub view: ScoringView,
    /// The score sheet, as `don show` prints it: a row a hand.
    pub sheet: ScoreSheet,
}

/// A night's board: the night, and its games.
#[derive(Clone, Debug)]
pub struct NightBoard {
    pub season: SeasonInfo,
    pub fixture: Fixture,
    /// The games linked as legs of its matches (in the card's order), then the games on the web
    /// played for it and not linked yet (oldest first).
    pub games: Vec<NightGame>,
    /// What the night's watcher compares ([`App::board_night_seen`]).
    pub seen: String,
}

/// One game of a night, as its card on the night's board shows it.
#[derive(Clone, Debug)]
pub struct NightGame {
    pub game: i64,
    /// True when the game is one of the league's on the web: it has a board of its own.
    pub web: bool,
    /// The leg of a match it is linked as, if it is.
    pub leg: Option<LegNamed>,
    /// Where it stands; or, for a game that cannot be replayed at the table, why not.
    pub view: Result<ScoringView, String>,
}

/// A night of the league, and its games: those linked as legs of its matches (with the leg),
/// then those on the web played for it.
struct Night {
    season: SeasonInfo,
    fixture: Fixture,
    games: Vec<(i64, Option<LegNamed>)>,
}

impl App {
    /// A game's score sheet as `don show` prints it: its record checked; while it is still at
    /// the table, its entries replayed, so a hand in play is in play, not a hand short.
    pub fn score_sheet(&self, game: i64) -> Result<ScoreSheet, AppError> {
        let record = self.store.game_record(game)?;
        let sheet = check_value(record.clone());
        if sheet.result.is_some() {
            return Ok(sheet);
        }
        Ok(table_sheet(parse_record(record), &self.store.game_entries(game)?).unwrap_or(sheet))
    }

    /// True when `game` is one of the games of league `league` on the web (none: a database
    /// with no league), or a friendly game on the web: the games with a board.
    fn has_board(&self, league: Option<i64>, game: i64) -> Result<bool, AppError> {
        Ok(self
            .store
            .web_game(game)?
            .is_some_and(|web| web.league.is_none() || web.league == league))
    }

    /// The board of `game`, if it is one of `league`'s games on the web (else none: there is
    /// no such board).
    pub fn board_game(
        &self,
        league: impl Into<Option<i64>>,
        game: i64,
    ) -> Result<Option<GameBoard>, AppError> {
        let league = league.into();
        self.store.read(|_| {
            if !self.has_board(league, game)? {
                return Ok(None);
            }
            Ok(Some(GameBoard {
                view: self.board_view(game)?,
                sheet: self.score_sheet(game)?,
            }))
        })
    }

    /// What a game's board is of: the game's latest change (its `seen`, as a decimal; empty
    /// before its first entry), if it is one of `league`'s games on the web.
    pub fn board_game_seen(
        &self,
        league: impl Into<Option<i64>>,
        game: i64,
    ) -> Result<Option<String>, AppError> {
        let league = league.into();
        self.store.read(|store| {
            if !self.has_board(league, game)? {
                return Ok(None);
            }
            Ok(Some(seen_words(store.latest_for(game)?)))
        })
    }

    /// The night (fixture) `fixture` of `league`, and the games of it: none if it is not one of
    /// the league's.
    fn night_of(&self, league: &LeagueInfo, fixture: i64) -> Result<Option<Night>, AppError> {
        let leagues: &Reads = &self.store;
        let Some(season) = leagues.season_of_fixture(league, fixture)? else {
            return Ok(None);
        };
        let Some(night) = leagues.fixture(season.id, fixture)? else {
            return Ok(None);
        };
        let mut games: Vec<(i64, Option<LegNamed>)> = Vec::new();
        for (game, leg) in self.store.leg_games_of_night(fixture)? {
            if !games.iter().any(|(g, _)| *g == game) {
                games.push((game, Some(leg)));
            }
        }
        for web in self.store.web_games_of_night(fixture)? {
            if web.league == Some(league.id) && !games.iter().any(|(g, _)| *g == web.game) {
                games.push((web.game, None));
            }
        }
        Ok(Some(Night {
            season,
            fixture: night,
            games,
        }))
    }

    /// What a night's board is of: each of its games and the game's latest change, if the night
    /// is one of `league`'s.
    pub fn board_night_seen(
        &self,
        league: &LeagueInfo,
        fixture: i64,
    ) -> Result<Option<String>, AppError> {
        self.store.read(|store| {
            let Some(night) = self.night_of(league, fixture)? else {
                return Ok(None);
            };
            Ok(Some(night_seen(store, &night)?))
        })
    }

    /// The board of night (fixture) `fixture`, if it is one of `league`'s nights.
    pub fn board_night(
        &self,
        league: &LeagueInfo,
        fixture: i64,
    ) -> Result<Option<NightBoard>, AppError> {
        self.store.read(|store| {
            let Some(night) = self.night_of(league, fixture)? else {
                return Ok(None);
            };
            let seen = night_seen(store, &night)?;
            let mut cards = Vec::new();
            for (game, leg) in night.games {
                cards.push(NightGame {
                    game,
                    web: self.has_board(Some(league.id), game)?,
                    leg,
                    view: self.board_view(game).map_err(|e| e.to_string()),
                });
            }
            Ok(Some(NightBoard {
                season: night.season,
                fixture: night.fixture,
                games: cards,
                seen,
            }))
        })
    }
}

/// What a night's board is of: each game's number and its latest change ("14:203 15:").
fn night_seen(store: &crate::store::Store, night: &Night) -> Result<String, AppError> {
    let mut each = Vec::new();
    for (game, _) in &night.games {
        each.push(format!("{game}:{}", seen_words(store.latest_for(*game)?)));
    }
    Ok(each.join(" "))
}

/// A game's latest change as a board names it: the decimal, or nothing before the first.
pub fn seen_words(seen: Option<i64>) -> String {
    seen.map(|s| s.to_string()).unwrap_or_default()
}
