//! What the published site is made of, read through the app from one state of the database
//! ([`read_site`]): every season worked out as the standings work it out, the league's teams and
//! players in the order they came, its history, and the score sheet of every game a leg links.
//! `publish` makes its pages from this and never reads the store itself.

use std::collections::HashMap;

use crate::app::error::AppError;
use crate::app::game::stored::StoredGames;
use crate::app::league::history::history;
use crate::app::league::season::{read_season, SeasonRead};
use crate::app::league::which::front_season;
use crate::app::names::entries_as_then;
use crate::app::App;
use crate::check::check_value;
use crate::league::{NightResult, TeamId};
use crate::record::history::History;
use crate::replay::ScoreSheet;
use crate::store::{LeagueInfo, SeasonEntry, SeasonInfo, Store, TeamInfo};

/// A season of the site: what it is, its nights worked out, its teams' entries as named then.
pub struct SiteSeason {
    pub info: SeasonInfo,
    pub read: SeasonRead,
    pub entries: Vec<SeasonEntry>,
    /// Its cups, each as it stands.
    pub cups: Vec<crate::app::view::cup::CupView>,
}

/// A league's site, read.
pub struct SiteRead {
    pub league: LeagueInfo,
    /// The season its front page shows: the one named, else the current one on the App's
    /// today (whose dates hold it, else whose dates end latest); none in a league with none.
    pub front: Option<SeasonInfo>,
    /// The state of the database it was read from: its last operation's number and time.
    pub state: (i64, Option<String>),
    /// In the order the store keeps them.
    pub seasons: Vec<SiteSeason>,
    /// The league's teams, as named today.
    pub teams: Vec<TeamInfo>,
    /// The names each team bore before today's (a rename from a day), oldest first: a team's
    /// first name fixes its pages' addresses, and its other names' addresses go on answering.
    pub former_team_names: HashMap<TeamId, Vec<String>>,
    /// The players' names in the order they came into the league.
    pub players_by_age: Vec<String>,
    pub history: History,
    /// The score sheets of games a leg links that no season replayed as a leg.
    pub other_sheets: HashMap<i64, ScoreSheet>,
}

impl App {
    /// The site of `league`, read from one state of the database (one transaction), its front
    /// page showing the season named, else the current one.
    pub fn site_read(
        &self,
        league: &LeagueInfo,
        front: Option<&str>,
    ) -> Result<SiteRead, AppError> {
        self.store.read(|store| {
            let front = front_season(store, league, front, self.today)?;
            read_site(store, league, front)
        })
    }
}

/// Reads the site of `league` within the caller's transaction.
fn read_site(
    store: &Store,
    league: &LeagueInfo,
    front: Option<SeasonInfo>,
) -> Result<SiteRead, AppError> {
    let leagues = store;
    let mut seasons = Vec::new();
    for info in leagues.seasons(league.id)? {
        let read = read_season(leagues, &info)?;
        let entries = entries_as_then(leagues.entries(info.id)?, &read.season.teams);
        let cups = crate::app::cup::season_cups(leagues, &info)?;
        seasons.push(SiteSeason {
            info,
            read,
            entries,
            cups,
        });
    }
    let mut other_sheets = HashMap::new();
    for s in &seasons {
        for f in &s.read.fixtures {
            let Some(NightResult::Matches(ms)) = &f.result else {
                continue;
            };
            for game in ms
                .iter()
                .flat_map(|m| m.leg_scores.iter().filter_map(|l| l.game))
            {
                if s.read.sheets.get(game).is_none() && !other_sheets.contains_key(&game) {
                    other_sheets.insert(game, check_value(store.game_record(game)?));
                }
            }
        }
    }
    let mut former_team_names: HashMap<TeamId, Vec<String>> = HashMap::new();
    for (team, other) in store.names().league_team_names(league.id)? {
        // Ordered by the last day borne, oldest first; an alias (no day) was never its name.
        if other.until.is_some() {
            former_team_names.entry(team).or_default().push(other.name);
        }
    }
    Ok(SiteRead {
        league: league.clone(),
        former_team_names,
        front,
        state: store.state()?,
        teams: leagues.teams(league.id)?,
        players_by_age: leagues.players_by_age_in(league.id)?,
        history: history(leagues, league)?,
        seasons,
        other_sheets,
    })
}
