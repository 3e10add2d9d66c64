//! One command's context (jj's `CommandHelper`, ripgrep's `HiArgs`): built once, at the top of
//! a command, from the arguments every command about a league shares (`--db`, `--league`,
//! `--season`), it opens the database as the command needs ([`Cx::read`], [`Cx::change`],
//! [`Cx::create`]) and chooses the league and season once ([`Cx::league`], [`Cx::both`]); a
//! change hands `app` its [`Choice`] to choose by.
//!
//! To adopt it in a command: flatten [`Scope`] (or [`LeagueScope`] where the command takes no
//! season, [`DbArg`] where it takes no league) in place of `which: WhichArgs` and `db: DbArg`,
//! open the context once (`let cx = Cx::read(&args.scope)?;`) and hand `&cx` (`&mut cx` for a
//! change) to the functions below in place of paths and choices.

use std::cell::OnceCell;

use don::app::league::which::Choice;
use don::app::{App, LeagueInfo, SeasonInfo};

pub use super::db::DbArg;
use super::error::CliError;
use super::which::{league_or_env, WhichArgs};

/// `--db`, `--league` and `--season`: the database, and the league and season a command is
/// about.
#[derive(clap::Args, Clone, Debug)]
pub struct Scope {
    #[command(flatten)]
    which: WhichArgs,
    #[command(flatten)]
    db: DbArg,
}

/// `--db` and `--league`, for a command about a league as a whole.
#[derive(clap::Args, Clone, Debug)]
pub struct LeagueScope {
    /// The league [default: $DON_LEAGUE, else the only one]
    #[arg(long, short = 'l')]
    league: Option<String>,
    #[command(flatten)]
    db: DbArg,
}

/// The global arguments a context is built from: the database asked for, and the league and
/// season.
pub trait GlobalArgs {
    fn db(&self) -> &DbArg;
    /// The league and season asked for (none: the only league, the current season).
    fn choice(&self) -> Choice {
        Choice::default()
    }
}

impl GlobalArgs for DbArg {
    fn db(&self) -> &DbArg {
        self
    }
}

impl GlobalArgs for Scope {
    fn db(&self) -> &DbArg {
        &self.db
    }
    fn choice(&self) -> Choice {
        self.which.choice()
    }
}

impl GlobalArgs for LeagueScope {
    fn db(&self) -> &DbArg {
        &self.db
    }
    fn choice(&self) -> Choice {
        Choice {
            league: league_or_env(self.league.as_deref()),
            season: None,
        }
    }
}

/// A command's database, opened as it needs, and its league and season, chosen once.
pub struct Cx {
    pub app: App,
    /// The league and season asked for, for a change of `app` to choose by.
    pub choice: Choice,
    league: OnceCell<LeagueInfo>,
    season: OnceCell<SeasonInfo>,
}

impl Cx {
    fn new(app: App, given: &impl GlobalArgs) -> Cx {
        Cx {
            app,
            choice: given.choice(),
            league: OnceCell::new(),
            season: OnceCell::new(),
        }
    }

    /// To read only: the database must be there; nothing is created, migrated or written.
    pub fn read(given: &impl GlobalArgs) -> Result<Cx, CliError> {
        Ok(Cx::new(given.db().app_read()?, given))
    }

    /// For a change: the database must be there (and may be written).
    pub fn change(given: &impl GlobalArgs) -> Result<Cx, CliError> {
        Ok(Cx::new(given.db().app_existing()?, given))
    }

    /// For a change that may begin the database: made on first use.
    pub fn create(given: &impl GlobalArgs) -> Result<Cx, CliError> {
        Ok(Cx::new(given.db().app()?, given))
    }

    /// The league asked for, else the only one.
    pub fn league(&self) -> Result<&LeagueInfo, CliError> {
        if let Some(league) = self.league.get() {
            return Ok(league);
        }
        let league = self.app.league(&self.choice)?;
        Ok(self.league.get_or_init(|| league))
    }

    /// The league, and the season named, else the current one.
    pub fn both(&self) -> Result<(&LeagueInfo, &SeasonInfo), CliError> {
        if let Some(season) = self.season.get() {
            return Ok((self.league()?, season));
        }
        let (league, season) = self.app.choose(&self.choice)?;
        Ok((
            self.league.get_or_init(|| league),
            self.season.get_or_init(|| season),
        ))
    }
}

#[cfg(test)]
mod tests {
    use don::app::league::{new_config, SeasonTeams};
    use don::league::{Config, ConfigChange};

    use super::*;

    #[test]
    fn the_league_and_season_are_chosen_once_for_a_command() {
        let dir = tempfile::tempdir().unwrap();
        let db = DbArg {
            db: Some(dir.path().join("don.db")),
        };
        let mut cx = Cx::create(&db).unwrap();
        let config: Config = new_config(&ConfigChange::default()).unwrap();
        cx.app.league_new("Valleys", &config).unwrap();
        cx.app
            .season_new(None, "2025-26", &SeasonTeams::None)
            .unwrap();
        let (league, season) = cx.both().unwrap();
        assert_eq!(
            (league.name.as_str(), season.name.as_str()),
            ("Valleys", "2025-26")
        );
        // Another league and a later season made since: the command's choice stays as made.
        cx.app.league_new("Cwmbran", &config).unwrap();
        cx.app
            .season_new(Some("Valleys"), "2026-27", &SeasonTeams::None)
            .unwrap();
        assert!(cx.app.league(&cx.choice).is_err(), "two leagues: which?");
        let (league, season) = cx.both().unwrap();
        assert_eq!(
            (league.name.as_str(), season.name.as_str()),
            ("Valleys", "2025-26")
        );
        assert_eq!(cx.league().unwrap().name, "Valleys");
    }
}
