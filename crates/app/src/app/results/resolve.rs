//! A results import's names and rows matched to what is stored: the nights and adjustments
//! read from files (and checked by the league layer) matched to the league's seasons and
//! teams (made, with `--create`, where they are not there), and kept, all in the one change of
//! the command. A night already kept with the same result is passed over; with another result
//! it is an error showing both.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap, HashSet};

use super::FileFault;
use crate::app::league::checked;
use crate::app::names::{ChosenName, NameChoice, Unresolved};
use crate::app::AppError;
use crate::league::error::Thing;
use crate::league::fixtures::{place_night, NightPlace, PairFixture, SeasonDates};
use crate::league::import::{
    night_points, DraftConfig, DraftNight, LeagueNames, NameKind, NameStatus,
};
use crate::league::names::{name_key, Folded};
use crate::league::night::{result_words, same_result, won};
use crate::league::{Config, Confirmation, HomeAway, NightResult};
use crate::record::results::{
    AdjustmentChange, AdjustmentRow, Advice, Column, FixtureRow, RosterRow, RowError,
};
use crate::store::{Bearer, Change, LeagueInfo, Reads, SeasonInfo, StoreError, TeamInfo};

/// The most teams one import may make: a league's teams are a few dozen; a file naming
/// thousands of new teams is refused at the cell naming the first past this bound, so that
/// the search for misspellings among the new names stays bounded.
pub const MAX_NEW_TEAMS: usize = 1000;

/// A name the files give, with its keys worked out once.
struct FileName {
    what: NameKind,
    name: String,
    folded: Folded,
}

/// The seasons and teams the files name (each once, in order), with their keys, for telling a
/// misspelt new name without folding every name of the files again for each.
#[derive(Default)]
struct FileNames {
    all: Vec<FileName>,
    /// The teams' places in `all`, by loose key, in order.
    teams_by_loose: HashMap<String, Vec<usize>>,
    /// The place in `all` of each name key's first name (of either kind).
    first_at: HashMap<(NameKind, String), usize>,
    /// Where, in `all`, the team past [`MAX_NEW_TEAMS`] new ones is: the teams from there on
    /// are refused, and not searched for misspellings (`all.len()` when within the bound).
    cut: usize,
}

/// The names waiting for a choice, each once, as met; with their keys.
type Waiting = (Vec<Unresolved>, HashSet<(Thing, String)>);

/// A team's name, folded once.
type KeyedName = (String, Folded);

fn keyed(name: &str) -> KeyedName {
    (name.to_string(), Folded::new(name))
}

/// A fixture of a season as an import knows it.
struct Known {
    id: i64,
    round: Option<u32>,
    date: chrono::NaiveDate,
    home: i64,
    away: i64,
    cancelled: bool,
    result: KnownResult,
    /// A results grid's night, without a date (`results::past`): the pair's night of the
    /// season whatever the date a file gives it.
    undated: bool,
}

/// A season's fixtures as an import knows them, by pair (home, away): a night finds its
/// pair's fixtures without a search through the season's.
#[derive(Default)]
struct SeasonFixtures {
    by_pair: HashMap<(i64, i64), Vec<Known>>,
    /// Some fixture has a round: the season keeps a schedule.
    scheduled: bool,
}

impl SeasonFixtures {
    fn push(&mut self, f: Known) {
        self.scheduled |= f.round.is_some();
        self.by_pair.entry((f.home, f.away)).or_default().push(f);
    }

    fn pair(&self, home: i64, away: i64) -> &[Known] {
        self.by_pair
            .get(&(home, away))
            .map_or(&[], |v| v.as_slice())
    }

    fn any_played(&self) -> bool {
        self.by_pair
            .values()
            .flatten()
            .any(|f| !matches!(f.result, KnownResult::None))
    }
}

/// A fixture's result: none yet, stored before, or given by this import (at a line).
enum KnownResult {
    None,
    Stored(NightResult),
    Here(String, u64),
}

/// What an import did (or, on a dry run, would do).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub seasons_made: Vec<String>,
    pub teams_made: Vec<String>,
    pub nights_added: usize,
    /// Names of the import kept as aliases of a known team or player (as chosen).
    pub aliases_added: usize,
    pub nights_kept: usize,
    pub adjustments_added: usize,
    pub adjustments_kept: usize,
    pub roster_places: usize,
    /// Seasons whose configuration was set, and those whose configuration was the same already.
    pub configs_set: usize,
    /// Seasons whose configuration a file gave (set, the same already, or the same as a new
    /// season's).
    pub configs_read: usize,
    pub configs_kept: usize,
    /// Fixtures added from a fixtures file, and those there already.
    pub fixtures_added: usize,
    pub fixtures_kept: usize,
    /// Final tables kept (a season's each), and those there already (`results::past`).
    pub tables_added: usize,
    pub tables_kept: usize,
    /// Divisions made (a `division` cell naming one new to its season), and teams placed in
    /// one.
    pub divisions_made: usize,
    pub teams_placed: usize,
}

impl ImportReport {
    /// How many of the rows' nights, adjustments, configurations and fixtures were there
    /// already (passed over).
    pub fn kept(&self) -> usize {
        self.nights_kept
            + self.adjustments_kept
            + self.configs_kept
            + self.fixtures_kept
            + self.tables_kept
    }
}

/// The seasons and teams of a league as an import finds (and, with `create`, makes) them.
pub struct Resolver<'c, 'a> {
    change: &'c Change<'a>,
    pub league: LeagueInfo,
    create: bool,
    seasons: HashMap<String, SeasonInfo>,
    teams: HashMap<String, TeamInfo>,
    fixtures: HashMap<i64, SeasonFixtures>,
    entered: HashMap<i64, Vec<i64>>,
    on_roster: HashMap<(i64, i64), HashSet<String>>,
    /// The file being read (named in a fault about a night given twice).
    pub file: String,
    /// Names said to be new players though close to a known one (`--new-player`).
    pub new_players: Vec<String>,
    /// The league's players (on a roster of any season), by name key, once looked up; with
    /// those this import puts on a roster.
    players: Option<BTreeMap<String, String>>,
    /// The league's players' former names and aliases, as written: a name a slip from one of
    /// them is a slip too ("Gareth Jonse" for the former "Gareth Jones").
    player_other_names: Vec<String>,
    /// The seasons and teams the files name (each once), with their keys, for telling a
    /// misspelt new name ([`Resolver::index_named_in_files`]).
    file_names: FileNames,
    /// How many times the files name each team (by name key): of two spellings of a new team
    /// one letter apart, the rarer is the slip.
    pub team_uses: HashMap<String, usize>,
    /// The teams a new team's name is checked against for a misspelling, with their keys: the
    /// league's before the import, and (for a team without a roster in the files) those with
    /// one.
    teams_before: Vec<KeyedName>,
    /// The teams with a roster in the files: each a team of the import by its roster.
    pub rostered: Vec<String>,
    /// The same (each name key once, as first met) with their keys, worked out at the first
    /// name checked.
    rostered_keyed: std::cell::OnceCell<(HashSet<String>, Vec<KeyedName>)>,
    pub report: ImportReport,
    /// Each season's points adjustments as stored before this import (team, points, date,
    /// reason's key), once looked up; each taken off as a row of the import is found to be
    /// one of them, so that only what was there before is "already there" and two rows alike
    /// are two adjustments.
    adjustments_before: HashMap<i64, Vec<(i64, i64, chrono::NaiveDate, String)>>,
    /// The withdrawals this import gives, by season and team, with their line.
    withdrawals: HashMap<(i64, i64), (String, u64)>,
    /// The league was made by this import: a season's configuration read is the league's too.
    pub league_made: bool,
    /// What names of the import mean, as chosen (`--map`, or at the prompt), by name key.
    pub choices: HashMap<String, ChosenName>,
    /// The names waiting for a choice, each once, as met; with their keys.
    unresolved: std::cell::RefCell<Waiting>,
    /// The names this import keeps as aliases, by key.
    aliases_saved: HashSet<String>,
    /// Each season's dates (by season id), once looked up, kept as nights are added, so that
    /// a night added is checked against the seasons' dates as `don night enter` checks it.
    /// The league's seasons' ids and dates, read once, then kept as the import adds to them.
    season_ids: Option<Vec<i64>>,
    season_dates: Vec<SeasonDates>,
    /// The `division` cells of the file being read (FORMAT.md §3), by line.
    pub division_cells: HashMap<u64, String>,
    /// The division this import placed each team in, by season and team, with its line.
    placed: HashMap<(i64, i64), u64>,
    /// The division of its season a results grid or final table is of (`--division`).
    pub division: Option<String>,
    /// Teams are entered in a closed season too: another division's final table of it.
    pub closed_entries: bool,
}

impl<'c, 'a> Resolver<'c, 'a> {
    pub fn new(
        change: &'c Change<'a>,
        league: LeagueInfo,
        create: bool,
    ) -> Result<Self, StoreError> {
        let reader: &Reads = change;
        let seasons = reader
            .seasons(league.id)?
            .into_iter()
            .map(|s| (name_key(&s.name), s))
            .collect();
        let mut teams: HashMap<String, TeamInfo> = reader
            .teams(league.id)?
            .into_iter()
            .map(|t| (name_key(&t.name), t))
            .collect();
        let mut teams_before: Vec<String> = teams.values().map(|t| t.name.clone()).collect();
        // A team's former names and aliases find it too (and a name near one is a slip).
        let by_id: HashMap<i64, TeamInfo> = teams.values().map(|t| (t.id, t.clone())).collect();
        for (team, other) in reader.names().league_team_names(league.id)? {
            if let Some(t) = by_id.get(&team) {
                teams
                    .entry(name_key(&other.name))
                    .or_insert_with(|| t.clone());
                teams_before.push(other.name);
            }
        }
        Ok(Resolver {
            change,
            league,
            create,
            seasons,
            teams,
            fixtures: HashMap::new(),
            entered: HashMap::new(),
            on_roster: Default::default(),
            file: String::new(),
            new_players: Vec::new(),
            players: None,
            player_other_names: Vec::new(),
            file_names: FileNames::default(),
            team_uses: HashMap::new(),
            teams_before: teams_before.iter().map(|t| keyed(t)).collect(),
            rostered: Vec::new(),
            rostered_keyed: Default::default(),
            report: ImportReport::default(),
            adjustments_before: HashMap::new(),
            withdrawals: HashMap::new(),
            league_made: false,
            choices: HashMap::new(),
            unresolved: Default::default(),
            aliases_saved: Default::default(),
            season_ids: None,
            season_dates: Vec::new(),
            division_cells: HashMap::new(),
            placed: HashMap::new(),
            division: None,
            closed_entries: false,
        })
    }

    /// Refuses a night added on `day` to `season` that is more than a year from the season's
    /// other fixtures or in another season's dates, by the rules `night enter --season` keeps
    /// ([`check_near`](crate::league::fixtures::check_near),
    /// [`check_season`](crate::league::fixtures::check_season)); else takes the day into the
    /// season's dates.
    fn dates_allow(
        &mut self,
        season: i64,
        day: chrono::NaiveDate,
        line: u64,
    ) -> Result<(), RowError> {
        if self.season_ids.is_none() {
            let read = self.change.season_dates(self.league.id);
            let (ids, dates) = read
                .at_line(line)?
                .into_iter()
                .map(|(s, d)| (s.id, d))
                .unzip();
            (self.season_ids, self.season_dates) = (Some(ids), dates);
        }
        let ids = self.season_ids.as_mut().expect("just read");
        let i = match ids.iter().position(|id| *id == season) {
            Some(i) => i,
            // A season this import made: no fixtures yet.
            None => {
                let Some(made) = self.seasons.values().find(|s| s.id == season) else {
                    return Ok(());
                };
                ids.push(season);
                self.season_dates.push(SeasonDates {
                    name: made.name.clone(),
                    span: None,
                    scheduled: false,
                });
                ids.len() - 1
            }
        };
        if self.season_dates[i].holds_day(day) {
            return Ok(());
        }
        crate::league::fixtures::check_near(&self.season_dates[i], day)
            .and_then(|()| crate::league::fixtures::check_season(&self.season_dates, i, day))
            .map_err(|e| {
                // The file's rows are taken in order: the season's dates are those of the rows
                // before this one.
                let advice = match e.advice() {
                    Advice::NewSeason { .. } => Advice::NewSeason {
                        in_file_order: true,
                    },
                    advice => advice,
                };
                RowError::new(line, None, e.to_string()).advised(Some(advice))
            })?;
        self.season_dates[i].add(day);
        Ok(())
    }

    /// The configuration a season's rows are checked with: its own, or the league's for a
    /// season the import would make.
    pub fn config_of(&self, season: &str) -> Config {
        self.seasons
            .get(&name_key(season))
            .map_or_else(|| self.league.config.clone(), |s| s.config.clone())
    }

    /// The season of that name the league has (or this import made), if any.
    pub(super) fn known_season(&self, name: &str) -> Option<&SeasonInfo> {
        self.seasons.get(&name_key(name))
    }

    pub(super) fn season(
        &mut self,
        name: &str,
        line: u64,
        column: Option<Column>,
    ) -> Result<SeasonInfo, RowError> {
        if let Some(s) = self.seasons.get(&name_key(name)) {
            return Ok(s.clone());
        }
        if !self.create {
            let (hint, advice) = season_hint(name, self.seasons.values().map(|s| s.name.as_str()));
            return Err(RowError::new(
                line,
                column,
                format!("{} has no season '{name}'{hint}", self.league.name),
            )
            .advised(advice));
        }
        // A season's name refused (blank, too long, dated outside the years) is at its cell.
        let s = checked::add_season(self.change, &self.league, name).at_cell(line, column)?;
        self.report.seasons_made.push(s.name.clone());
        self.seasons.insert(name_key(name), s.clone());
        Ok(s)
    }

    pub(super) fn team(
        &mut self,
        name: &str,
        season: i64,
        line: u64,
        column: Option<Column>,
    ) -> Result<TeamInfo, RowError> {
        let key = name_key(name);
        let chosen = self.choices.get(&key).map(|c| c.choice.clone());
        if let Some(NameChoice::Means(target)) = chosen {
            if !self.teams.contains_key(&key) {
                // Kept as an alias of the team it means, in this import's change.
                let team = self.team_as_named(&target, season, line, column)?;
                if self.aliases_saved.insert(key.clone()) {
                    self.change
                        .add_other_name(Bearer::Team, team.id, name, None)
                        .at_line(line)?;
                    self.report.aliases_added += 1;
                }
                self.teams.insert(key, team.clone());
                return Ok(team);
            }
        }
        self.team_as_named(name, season, line, column)
    }

    /// The team a name names (made, with `--create` or when chosen new), entered in the season.
    fn team_as_named(
        &mut self,
        name: &str,
        season: i64,
        line: u64,
        column: Option<Column>,
    ) -> Result<TeamInfo, RowError> {
        let chosen_new = matches!(
            self.choices.get(&name_key(name)).map(|c| &c.choice),
            Some(NameChoice::New)
        );
        let team = match self.teams.get(&name_key(name)) {
            Some(t) => t.clone(),
            None if self.create || chosen_new => {
                if self.report.teams_made.len() >= MAX_NEW_TEAMS {
                    return Err(RowError::new(line, column, self.too_many_teams(name)));
                }
                // A new team that only looks like one the league has, or one this import makes
                // ("Royal Оak" with a Cyrillic "О"), is refused: two teams no one can tell apart.
                let known = self.teams.values().map(|t| t.name.as_str());
                if let Some(w) = crate::record::text::look_alike_warning("team", name, known) {
                    return Err(RowError::new(line, column, w));
                }
                let t = checked::add_team(self.change, &self.league, name, None).at_line(line)?;
                self.report.teams_made.push(t.name.clone());
                self.teams.insert(name_key(name), t.clone());
                t
            }
            None => {
                let (hint, advice) = hint(name, self.teams.values().map(|t| t.name.as_str()));
                return Err(RowError::new(
                    line,
                    column,
                    format!("no team '{name}' in {}{hint}", self.league.name),
                )
                .advised(advice));
            }
        };
        let entered = self.entered.entry(season).or_default();
        if !entered.contains(&team.id) {
            if self.closed_entries {
                self.change.enter_team(season, team.id).at_line(line)?;
            } else {
                checked::enter_team(self.change, season, team.id).at_line(line)?;
            }
            entered.push(team.id);
        }
        Ok(team)
    }

    /// Places a night's teams in the division its row's `division` cell names (FORMAT.md §3),
    /// made when new and the import may make things: a team placed in another division of the
    /// season (before, or by a row above) is a fault at the cell.
    fn place_by_cell(
        &mut self,
        season: &SeasonInfo,
        teams: [&TeamInfo; 2],
        line: u64,
        column: Option<Column>,
    ) -> Result<(), RowError> {
        let Some(name) = self.division_cells.get(&line).cloned() else {
            return Ok(());
        };
        let division = self.division_named(season, &name, line, column.clone())?;
        for team in teams {
            self.place(season, team, &division, line, column.clone())?;
        }
        Ok(())
    }

    /// Places a team in a division of a season: refused at the cell when it is placed in
    /// another.
    pub(super) fn place(
        &mut self,
        season: &SeasonInfo,
        team: &TeamInfo,
        division: &crate::store::DivisionInfo,
        line: u64,
        column: Option<Column>,
    ) -> Result<(), RowError> {
        match self.change.placed_in(season.id, team.id).at_line(line)? {
            Some(at) if at == division.id => Ok(()),
            Some(at) => {
                let divisions = self.change.divisions(season.id).at_line(line)?;
                let there = divisions
                    .iter()
                    .find(|d| d.id == at)
                    .map_or("another division", |d| d.name.as_str());
                let row = self
                    .placed
                    .get(&(season.id, team.id))
                    .map(|l| format!(" (line {l})"))
                    .unwrap_or_default();
                Err(RowError::new(
                    line,
                    column,
                    format!(
                        "{} plays in {there}{row} in season {}, not in {}: a team plays in one division of a season",
                        team.name, season.name, division.name
                    ),
                ))
            }
            None => {
                self.change
                    .place_team(season.id, team.id, division.id)
                    .at_line(line)?;
                self.placed.insert((season.id, team.id), line);
                self.report.teams_placed += 1;
                Ok(())
            }
        }
    }

    /// The division of a season by name, made (below the others) when new and the import
    /// may make things.
    pub(super) fn division_named(
        &mut self,
        season: &SeasonInfo,
        name: &str,
        line: u64,
        column: Option<Column>,
    ) -> Result<crate::store::DivisionInfo, RowError> {
        let divisions = self.change.divisions(season.id).at_line(line)?;
        if let Some(d) = divisions
            .iter()
            .find(|d| name_key(&d.name) == name_key(name))
        {
            return Ok(d.clone());
        }
        if !self.create {
            let (hint, advice) = hint(name, divisions.iter().map(|d| d.name.as_str()));
            return Err(RowError::new(
                line,
                column,
                format!("season {} has no division '{name}'{hint}", season.name),
            )
            .advised(advice));
        }
        let made = crate::app::league::division::add_division(self.change, season.id, name)
            .at_cell(line, column)?;
        self.report.divisions_made += 1;
        Ok(made)
    }

    fn fixtures_of(&mut self, season: i64) -> Result<&mut SeasonFixtures, StoreError> {
        if !self.fixtures.contains_key(&season) {
            let mut list = SeasonFixtures::default();
            let known = self.change.fixtures(season)?.into_iter().map(|f| Known {
                id: f.id,
                round: f.round,
                date: f.date,
                home: f.home.id,
                away: f.away.id,
                cancelled: f.cancelled,
                result: f.result.map_or(KnownResult::None, KnownResult::Stored),
                undated: f.undated,
            });
            known.for_each(|f| list.push(f));
            self.fixtures.insert(season, list);
        }
        Ok(self.fixtures.get_mut(&season).expect("just loaded"))
    }

    /// Sets a season's configuration as a file gives it: on a season the import makes (or one
    /// with no night yet); a season with nights keeps its own, and a different one is a fault.
    pub fn configuration(
        &mut self,
        draft: &DraftConfig,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<(), RowError> {
        let line = draft.line;
        let season = self.season(&draft.season, line, column("season"))?;
        if season.config == draft.config {
            if !self.report.seasons_made.contains(&season.name) {
                self.report.configs_kept += 1;
            }
        } else {
            let played = self.fixtures_of(season.id).at_line(line)?.any_played();
            if played {
                return Err(RowError::new(line, None, format!(
                        "{} has nights already, entered under another configuration ({}); a season keeps its configuration",
                        season.name,
                        config_differences(&season.config, &draft.config)
                    )));
            }
            self.change
                .set_season_config(season.id, &draft.config)
                .at_line(line)?;
            self.report.configs_set += 1;
            if let Some(s) = self.seasons.get_mut(&name_key(&season.name)) {
                s.config = draft.config.clone();
            }
        }
        self.report.configs_read += 1;
        if self.league_made && self.league.config != draft.config {
            self.change
                .set_league_config(self.league.id, &draft.config)
                .at_line(line)?;
            self.league.config = draft.config.clone();
        }
        Ok(())
    }

    /// Adds a fixture of a season's schedule (without a result), unless the two teams have
    /// one on that date already.
    pub fn fixture(
        &mut self,
        row: &FixtureRow,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<(), RowError> {
        let line = row.line;
        let season = self.season(&row.season, line, column("season"))?;
        let home = self.team(&row.home, season.id, line, column("home"))?;
        let away = self.team(&row.away, season.id, line, column("away"))?;
        let fixtures = self.fixtures_of(season.id).at_line(line)?;
        if fixtures
            .pair(home.id, away.id)
            .iter()
            .any(|f| f.date == row.date)
        {
            self.report.fixtures_kept += 1;
            return Ok(());
        }
        let id = checked::add_fixture(
            self.change,
            season.id,
            (row.round, row.date),
            (home.id, away.id),
        )
        .at_cell(line, column("away"))?;
        self.fixtures_of(season.id).at_line(line)?.push(Known {
            id,
            round: row.round,
            date: row.date,
            home: home.id,
            away: away.id,
            cancelled: false,
            result: KnownResult::None,
            undated: false,
        });
        self.report.fixtures_added += 1;
        Ok(())
    }

    /// Keeps a night: on its teams' fixture on its date, or (in a season without a schedule,
    /// when they have no fixture left to play) on a new one; see [`place_night`].
    pub fn night(
        &mut self,
        night: &DraftNight,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<(), RowError> {
        let line = night.lines.first().copied().unwrap_or(0);
        let season = self.season(&night.season, line, column("season"))?;
        let home = self.team(&night.home, season.id, line, column("home"))?;
        let away = self.team(&night.away, season.id, line, column("away"))?;
        // Each division a night's rows name, once (at the first row naming it).
        let mut met: Vec<String> = Vec::new();
        for &at in &night.lines {
            match self.division_cells.get(&at) {
                Some(name) if !met.contains(name) => met.push(name.clone()),
                _ => continue,
            }
            self.place_by_cell(&season, [&home, &away], at, column("division"))?;
        }
        let named_today = self.players_named_today(night);
        let night = named_today.as_ref().unwrap_or(night);
        let at = NightAt {
            night,
            season,
            home,
            away,
            line,
        };
        let fixtures = self.fixtures_of(at.season.id).at_line(line)?;
        let scheduled = fixtures.scheduled;
        let fixtures = fixtures.pair(at.home.id, at.away.id);
        let undated = |f: &&Known| f.undated && !f.cancelled;
        let same_day = fixtures.iter().find(|f| f.date == night.date && !f.undated);
        if let Some(f) = fixtures.iter().find(undated).or(same_day) {
            if at.already_there(f, column)? {
                self.report.nights_kept += 1;
                return Ok(());
            }
        }
        let target = at.fixture_to_keep(fixtures, scheduled, column)?;
        // The players on their teams' rosters first: a name then means the player of it on
        // the team's roster (a second player of a name, said new, is made here).
        self.roster_players(&at, column)?;
        let id = self.keep_result(&at, target)?;
        self.keep_standing(&at, id, column)?;
        self.note_kept(&at, id)?;
        self.report.nights_added += 1;
        Ok(())
    }

    /// The night with each player named by their name today where the file gives a former
    /// name or an alias (so that a night kept before is seen to be the same); none when every
    /// name is today's.
    fn players_named_today(&self, night: &DraftNight) -> Option<DraftNight> {
        let players = self.players.as_ref()?;
        let NightResult::Matches(ms) = &night.result else {
            return None;
        };
        let today = |p: &String| -> Option<&String> {
            players
                .get(&name_key(p))
                .filter(|t| name_key(t) != name_key(p))
        };
        let any = ms
            .iter()
            .flat_map(|m| m.players.home.iter().chain(&m.players.away))
            .any(|p| today(p).is_some());
        if !any {
            return None;
        }
        let mut renamed = night.clone();
        if let NightResult::Matches(ms) = &mut renamed.result {
            for m in ms {
                for p in m.players.home.iter_mut().chain(m.players.away.iter_mut()) {
                    if let Some(t) = today(p) {
                        p.clone_from(t);
                    }
                }
            }
        }
        Some(renamed)
    }

    /// Keeps a night's result on its fixture (`target`: its id, and whether it was
    /// cancelled), or on a new fixture; its id.
    fn keep_result(
        &mut self,
        at: &NightAt<'_>,
        target: Option<(i64, bool)>,
    ) -> Result<i64, RowError> {
        let (night, line) = (at.night, at.line);
        match target {
            // On its date (a night is never moved by an import).
            Some((id, cancelled)) => {
                if cancelled {
                    self.change.set_cancelled(id, false).at_line(line)?;
                }
                checked::refuse_closed_fixture(self.change, id).at_line(line)?;
                self.change
                    .set_night_result(id, &night.result)
                    .at_line(line)?;
                Ok(id)
            }
            None => {
                self.dates_allow(at.season.id, night.date, line)?;
                let (season, home, away) = (at.season.id, at.home.id, at.away.id);
                checked::may_add_played(self.change, season, (night.date, true), (home, away))
                    .at_line(line)?;
                self.change
                    .add_played(season, night.date, home, away, &night.result, false)
                    .at_line(line)
            }
        }
    }

    /// Keeps how a night stands: provisional or disputed as the file says, or confirmed
    /// after it was entered for one side.
    fn keep_standing(
        &mut self,
        at: &NightAt<'_>,
        id: i64,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<(), RowError> {
        let (night, line) = (at.night, at.line);
        let change = self.change;
        let confirmation = &night.confirmation;
        if !confirmation.is_confirmed() {
            let entered_by = match confirmation {
                Confirmation::Provisional { entered_by } => Some(*entered_by),
                Confirmation::Disputed { entered_by, .. } => *entered_by,
                Confirmation::Confirmed => None,
            };
            if let Confirmation::Disputed { by, .. } = confirmation {
                if entered_by == Some(*by) {
                    return Err(RowError::new(
                        line,
                        column("disputed_by"),
                        format!(
                            "{}: the side that entered a night cannot dispute it",
                            at.words()
                        ),
                    ));
                }
            }
            if let Some(side) = entered_by {
                change.set_provisional(id, side, night.date).at_line(line)?;
            }
            if let Confirmation::Disputed { .. } = confirmation {
                change
                    .set_confirmation(id, confirmation, night.date)
                    .at_line(line)?;
            }
        }
        if let (Confirmation::Confirmed, Some(side)) = (confirmation, night.confirmed_by) {
            // Entered for one side, then confirmed by the other.
            change.set_provisional(id, side, night.date).at_line(line)?;
            change
                .set_confirmation(id, &Confirmation::Confirmed, night.date)
                .at_line(line)?;
        }
        Ok(())
    }

    /// Notes a night kept on fixture `id`: another row with it is given twice.
    fn note_kept(&mut self, at: &NightAt<'_>, id: i64) -> Result<(), RowError> {
        let file = self.file.clone();
        let fixtures = self.fixtures_of(at.season.id).at_line(at.line)?;
        if let Some(pair) = fixtures.by_pair.get_mut(&(at.home.id, at.away.id)) {
            pair.retain(|f| f.id != id);
        }
        fixtures.push(Known {
            id,
            round: None,
            date: at.night.date,
            home: at.home.id,
            away: at.away.id,
            cancelled: false,
            result: KnownResult::Here(file, at.line),
            undated: false,
        });
        Ok(())
    }

    /// Puts the players of a night's matches on their teams' rosters (a slip is named at the
    /// match's own row).
    fn roster_players(
        &mut self,
        at: &NightAt<'_>,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<(), RowError> {
        let NightResult::Matches(ms) = &at.night.result else {
            return Ok(());
        };
        for (i, m) in ms.iter().enumerate() {
            let line = at.night.lines.get(i).copied().unwrap_or(at.line);
            for (side, team, cell) in [
                (HomeAway::Home, at.home.id, "home_players"),
                (HomeAway::Away, at.away.id, "away_players"),
            ] {
                for p in &m.players[side] {
                    self.put_on_roster(at.season.id, team, p, line, column(cell))?;
                }
            }
        }
        Ok(())
    }

    /// A player who played for a team is on its roster.
    fn put_on_roster(
        &mut self,
        season: i64,
        team: i64,
        player: &str,
        line: u64,
        column: Option<Column>,
    ) -> Result<(), RowError> {
        let seen = self.on_roster.entry((season, team)).or_default();
        if seen.contains(player) {
            return Ok(());
        }
        seen.insert(player.to_string());
        self.check_slip(player, line, column)?;
        let new = self
            .new_players
            .iter()
            .any(|n| name_key(n) == name_key(player));
        if checked::add_to_roster(self.change, season, team, player, new).at_line(line)? {
            self.report.roster_places += 1;
        }
        Ok(())
    }

    /// A player not known to the league whose name is close to one it knows is refused as a
    /// slip ("did you mean 'Ivor James'?"), unless said to be new.
    fn check_slip(
        &mut self,
        player: &str,
        line: u64,
        column: Option<Column>,
    ) -> Result<(), RowError> {
        self.load_players().at_line(line)?;
        if let Some((message, advice)) = self.slip_of(player) {
            return Err(RowError::new(line, column, message).advised(Some(advice)));
        }
        let players = self.players.as_mut().expect("just looked up");
        players.insert(name_key(player), player.to_string());
        Ok(())
    }

    /// Loads the league's players (once), by name key, with their other names' keys (each
    /// giving the name today): a slip can then be told from a row alone.
    pub fn load_players(&mut self) -> Result<(), StoreError> {
        if self.players.is_some() {
            return Ok(());
        }
        let known = self.change.league_players(self.league.id)?;
        let mut players: BTreeMap<String, String> =
            known.into_iter().map(|n| (name_key(&n), n)).collect();
        for (other, today) in self.change.names().league_player_names(self.league.id)? {
            players.entry(name_key(&other)).or_insert(today);
            self.player_other_names.push(other);
        }
        self.players = Some(players);
        Ok(())
    }

    /// Applies the choices made for players' names (and notes those for new players): a name
    /// that means a known player is kept as their alias at once, so that every row finds them.
    /// A choice for a team's name is checked here and applied where the name is met: it must
    /// mean a known team (by any of its names), a team the files name, or be new; a known
    /// team's name can't be made to mean another; a name can't mean one the choices map on
    /// again. The faults, then the warnings (a choice for a name of no file of the import, or
    /// one that changes nothing): each (file, line, message). A choice warned of is dropped.
    pub fn apply_player_choices(
        &mut self,
        player_names: &HashSet<String>,
    ) -> Result<(Vec<FileFault>, Vec<FileFault>), StoreError> {
        let mut faults = Vec::new();
        let mut warnings = Vec::new();
        let team_names: HashSet<String> = self.team_uses.keys().cloned().collect();
        let mut choices: Vec<ChosenName> = self.choices.values().cloned().collect();
        choices.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        let league = self.league.name.clone();
        for c in choices {
            let key = name_key(&c.name);
            let is_team = team_names.contains(&key);
            let said = if !is_team && !player_names.contains(&key) {
                Some(Said::Dropped(format!(
                    "'{}' names no team or player of the import: it was not used",
                    c.name
                )))
            } else if is_team {
                let known = self.teams.get(&key).map(|t| (t.id, t.name.clone()));
                match (&c.choice, known) {
                    (NameChoice::New, Some((_, today))) => Some(Said::Dropped(format!(
                        "'{}' is {today}'s name already, not a new team: it was not used",
                        c.name
                    ))),
                    (NameChoice::New, None) => {
                        let known = self.teams_before.iter().map(|(n, _)| n.as_str());
                        let near = crate::league::names::near_team(&c.name, known);
                        near.filter(|_| c.itself)
                            .map(|near| Said::Warning(kept_new(&c, "team", near)))
                    }
                    (NameChoice::Means(target), known) => {
                        let tkey = name_key(target);
                        let meant = self.teams.get(&tkey).map(|t| (t.id, t.name.clone()));
                        match (known, meant) {
                            (Some((a, _)), Some((b, _))) if a == b => Some(Said::Dropped(format!(
                                "'{}' is a name of the same team as '{target}' already: it was not used",
                                c.name
                            ))),
                            (Some((_, today)), _) => Some(Said::Fault(format!(
                                "'{}' is a name of {today} already, so it can't mean '{target}': leave it out of the map",
                                c.name
                            ))),
                            (None, Some(_)) => None,
                            (None, None) if team_names.contains(&tkey) => {
                                let again = self.choices.get(&tkey);
                                again.and_then(|again| match &again.choice {
                                    NameChoice::New => None,
                                    NameChoice::Means(m) => Some(Said::Fault(format!(
                                        "'{}' is to mean '{target}', which is itself to mean '{m}' (line {}): map each name to the team it means",
                                        c.name, again.line
                                    ))),
                                })
                            }
                            (None, None) => Some(Said::Fault(format!(
                                "'{}' is to mean '{target}', which is no team of {league} nor a team of the import",
                                c.name
                            ))),
                        }
                    }
                }
            } else {
                match &c.choice {
                    NameChoice::New if c.itself => {
                        self.new_players.push(c.name.clone());
                        self.load_players()?;
                        let players = self.players.as_ref().expect("just looked up");
                        let known: Vec<&str> = players.values().map(String::as_str).collect();
                        let other: Vec<&str> =
                            self.player_other_names.iter().map(String::as_str).collect();
                        let near = crate::league::names::near_miss(&c.name, &known, &other);
                        near.map(|near| Said::Warning(kept_new(&c, "player", near)))
                    }
                    NameChoice::New => {
                        self.new_players.push(c.name.clone());
                        None
                    }
                    NameChoice::Means(target) => {
                        let names = self.change.names();
                        if names.player_owner(&c.name)?.is_some() {
                            None
                        } else if self.teams.contains_key(&name_key(target)) {
                            Some(Said::Fault(format!(
                                "'{}' is a player of the import, and '{target}' a team: map a player's name to a player's",
                                c.name
                            )))
                        } else if let Some(owner) = names.player_owner(target)? {
                            self.change
                                .add_other_name(Bearer::Player, owner.id, &c.name, None)?;
                            self.report.aliases_added += 1;
                            None
                        } else {
                            Some(Said::Fault(format!(
                                "'{}' is to mean '{target}', which is no team of {league} nor a player",
                                c.name
                            )))
                        }
                    }
                }
            };
            match said {
                Some(Said::Fault(m)) => faults.push(of_choice(&c, m)),
                Some(Said::Warning(m)) => warnings.push(of_choice(&c, m)),
                Some(Said::Dropped(m)) => {
                    warnings.push(of_choice(&c, m));
                    self.choices.remove(&key);
                }
                None => {}
            }
        }
        Ok((faults, warnings))
    }

    /// The fault of a player's name that is not the league's but close to one of its players
    /// (the players looked up so far), unless said to be new.
    fn slip_of(&self, player: &str) -> Option<(String, Advice)> {
        let players = self.players.as_ref()?;
        let key = name_key(player);
        if players.contains_key(&key) || self.new_players.iter().any(|n| name_key(n) == key) {
            return None;
        }
        let known: Vec<&str> = players.values().map(String::as_str).collect();
        let other: Vec<&str> = self.player_other_names.iter().map(String::as_str).collect();
        let meant = crate::league::names::near_miss(player, &known, &other)?;
        self.wait_for_choice(Thing::Player, player, Some(meant));
        Some((
            format!("{player} is not a player of the league; did you mean '{meant}'?"),
            Advice::NewPlayer(player.to_string()),
        ))
    }

    /// Whether the import would change anything.
    pub fn changes_anything(&self) -> bool {
        let r = &self.report;
        r.nights_added
            + r.adjustments_added
            + r.roster_places
            + r.fixtures_added
            + r.aliases_added
            + r.tables_added
            + r.divisions_made
            + r.teams_placed
            > 0
            || !r.seasons_made.is_empty()
            || !r.teams_made.is_empty()
    }

    /// Puts a player on a team's roster.
    pub fn roster(
        &mut self,
        row: &RosterRow,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<(), RowError> {
        let season = self.season(&row.season, row.line, column("season"))?;
        let team = self.team(&row.team, season.id, row.line, column("team"))?;
        self.put_on_roster(season.id, team.id, &row.player, row.line, column("player"))
    }

    /// Keeps an adjustment (or a withdrawal), unless the same is kept already.
    pub fn adjustment(
        &mut self,
        a: &AdjustmentRow,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<(), RowError> {
        let season = self.season(&a.season, a.line, column("season"))?;
        let team = self.team(&a.team, season.id, a.line, column("team"))?;
        let reader: &Reads = self.change;
        match a.change {
            AdjustmentChange::Points(points) => {
                let before = match self.adjustments_before.entry(season.id) {
                    Entry::Occupied(e) => e.into_mut(),
                    Entry::Vacant(e) => e.insert(
                        reader
                            .adjustments(season.id)
                            .at_line(a.line)?
                            .into_iter()
                            .map(|s| (s.team, s.points, s.date, name_key(&s.reason)))
                            .collect(),
                    ),
                };
                let this = (team.id, points, a.date, name_key(&a.reason));
                if let Some(i) = before.iter().position(|s| *s == this) {
                    before.swap_remove(i);
                    self.report.adjustments_kept += 1;
                    return Ok(());
                }
                checked::refuse_closed(self.change, season.id).at_line(a.line)?;
                self.change
                    .add_adjustment(season.id, team.id, points, &a.reason, a.date)
                    .at_line(a.line)?;
            }
            AdjustmentChange::Withdrawn => {
                if let Some((file, first)) = self.withdrawals.get(&(season.id, team.id)) {
                    let at = if *file == self.file {
                        format!("first at line {first}")
                    } else {
                        format!("first in {file}, line {first}")
                    };
                    return Err(RowError::new(a.line, column("adjustment"), format!(
                            "{} is withdrawn from {} twice in this import ({at}): a team withdraws once",
                            team.name, season.name
                        )));
                }
                let here = (self.file.clone(), a.line);
                self.withdrawals.insert((season.id, team.id), here);
                let entry = reader
                    .entries(season.id)
                    .at_line(a.line)?
                    .into_iter()
                    .find(|e| e.team.id == team.id);
                match entry.and_then(|e| e.withdrawn) {
                    Some(d) if d == a.date => {
                        self.report.adjustments_kept += 1;
                        return Ok(());
                    }
                    Some(d) => {
                        return Err(RowError::new(
                            a.line,
                            column("date"),
                            format!("{} withdrew on {d} already, not {}", team.name, a.date),
                        ))
                    }
                    None => {
                        checked::refuse_closed(self.change, season.id).at_line(a.line)?;
                        self.change
                            .withdraw(season.id, team.id, a.date)
                            .at_line(a.line)?;
                    }
                }
            }
        }
        self.report.adjustments_added += 1;
        Ok(())
    }
}

/// A night of a file, its season and teams found: what keeping it works with.
struct NightAt<'n> {
    night: &'n DraftNight,
    season: SeasonInfo,
    home: TeamInfo,
    away: TeamInfo,
    /// Its first row's line.
    line: u64,
}

impl NightAt<'_> {
    /// "Royal Oak v Red Lion on 2025-09-04"
    fn words(&self) -> String {
        format!(
            "{} v {} on {}",
            self.home.name, self.away.name, self.night.date
        )
    }

    /// Whether the night is there already with the same result, on its teams' fixture on its
    /// date; with another result (stored, or given before in this import) it is a fault.
    fn already_there(
        &self,
        f: &Known,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<bool, RowError> {
        let night = self.night;
        let mut at = None;
        let message = match &f.result {
            KnownResult::Stored(stored)
                if same_result(stored, &night.result, &self.season.config) =>
            {
                return Ok(true)
            }
            KnownResult::Stored(stored) => {
                at = differing_points(stored, &night.result, &self.season.config).and_then(column);
                format!(
                    "{} is already entered with another result: {}",
                    self.words(),
                    differences(stored, &night.result, &self.season.config)
                )
            }
            KnownResult::Here(file, first) => format!(
                "{} is given twice (first in {file}, line {first})",
                self.words()
            ),
            KnownResult::None => return Ok(false),
        };
        Err(RowError::new(self.line, at, message))
    }

    /// The fixture the night is kept on (its id, and whether it was cancelled), or none for a
    /// new one; a fault where the night is not on its teams' fixture and cannot be added (see
    /// [`place_night`]). A season keeps a schedule (`scheduled`) once `fixtures generate` has
    /// made one (or a fixtures file gave one with its rounds).
    fn fixture_to_keep(
        &self,
        fixtures: &[Known],
        scheduled: bool,
        column: &dyn Fn(&str) -> Option<Column>,
    ) -> Result<Option<(i64, bool)>, RowError> {
        let pair: Vec<PairFixture> = fixtures
            .iter()
            .map(|f| PairFixture {
                id: f.id,
                date: f.date,
                open: matches!(f.result, KnownResult::None),
            })
            .collect();
        let (home, away, date) = (&self.home.name, &self.away.name, self.night.date);
        let pair_words = format!("{home} v {away}");
        let (message, advice) = match place_night(&pair, date, scheduled) {
            NightPlace::On(id) => {
                let f = fixtures.iter().find(|f| f.id == id);
                return Ok(f.map(|f| (f.id, f.cancelled)));
            }
            NightPlace::Beyond { scheduled: false } => return Ok(None),
            NightPlace::Move { id, from } => (
                format!("{pair_words} is fixture {id} on {from}, not {date}"),
                Advice::MoveOrAdd {
                    id,
                    home: home.clone(),
                    away: away.clone(),
                    date,
                },
            ),
            NightPlace::Several(open) => {
                let list: Vec<String> = open
                    .iter()
                    .map(|(id, d)| format!("fixture {id} on {d}"))
                    .collect();
                (
                    format!(
                        "{pair_words} has {} to play, none on {date}",
                        list.join(" and ")
                    ),
                    Advice::MoveOne { date },
                )
            }
            NightPlace::Beyond { scheduled: true } => {
                let played: Vec<String> = pair.iter().map(|f| f.date.to_string()).collect();
                let season = &self.season.name;
                let had = if played.is_empty() {
                    format!("{season} has no fixture {pair_words}")
                } else {
                    format!(
                        "{pair_words} has no fixture on {date} nor one left to play in {season} (their night on {} has a result)",
                        played.join(" and ")
                    )
                };
                let advice = Advice::AddFixture {
                    home: home.clone(),
                    away: away.clone(),
                    date,
                };
                (had, advice)
            }
        };
        Err(RowError::new(self.line, column("date"), message).advised(Some(advice)))
    }
}

impl LeagueNames for Resolver<'_, '_> {
    fn config_of(&self, season: &str) -> Config {
        Resolver::config_of(self, season)
    }

    fn player_slip(&self, player: &str) -> Option<(String, Advice)> {
        self.slip_of(player)
    }

    fn player_on_roster(&self, season: &str, team: &str, player: &str) -> Option<String> {
        self.namesake_on_roster(season, team, player).ok().flatten()
    }

    fn status(&self, what: NameKind, name: &str) -> NameStatus {
        if let Some(over) = self.past_bound(what, name) {
            return NameStatus::Unknown(over, None);
        }
        let status = self.status_of(what, name);
        if let (NameKind::Team, NameStatus::Unknown(..)) = (what, &status) {
            let near = crate::league::names::suggest_folded(name, self.keyed_before())
                .or_else(|| self.twin_in_files(name))
                .or_else(|| self.slip_in_files(name));
            self.wait_for_choice(Thing::Team, name, near);
        }
        status
    }
}

impl Resolver<'_, '_> {
    /// The label of the player of a name two players bear on a team's roster for a season
    /// ("Dai Jones (Red Lion)" for Red Lion's "Dai Jones"), if the roster holds one of them.
    fn namesake_on_roster(
        &self,
        season: &str,
        team: &str,
        player: &str,
    ) -> Result<Option<String>, StoreError> {
        if self.change.players_named(player)?.len() < 2 {
            return Ok(None);
        }
        let key = name_key(season);
        let league = self.league.id;
        let Some(season) = self
            .change
            .seasons(league)?
            .into_iter()
            .find(|s| name_key(&s.name) == key)
        else {
            return Ok(None);
        };
        let Some(team) = self.change.names().team_owner(league, team)? else {
            return Ok(None);
        };
        let on = self.change.on_roster_named(season.id, team.id, player)?;
        Ok(match on.as_slice() {
            [one] => Some(one.label.clone()),
            _ => None,
        })
    }

    /// Takes the seasons and teams the files name (each once, in order), working out each
    /// one's keys once, and where the team past [`MAX_NEW_TEAMS`] new ones is (the choices
    /// given are taken first: a name chosen to mean a known team is no new team).
    pub fn index_named_in_files(&mut self, named: &[(NameKind, String)]) {
        let mut index = FileNames::default();
        let mut new_teams = 0;
        let mut cut = None;
        for (i, (what, name)) in named.iter().enumerate() {
            let (name, folded) = keyed(name);
            let key = folded.key.clone();
            if *what == NameKind::Team {
                index
                    .teams_by_loose
                    .entry(folded.loose.clone())
                    .or_default()
                    .push(i);
                if cut.is_none() && self.makes_team(&key) {
                    new_teams += 1;
                    if new_teams > MAX_NEW_TEAMS {
                        cut = Some(i);
                    }
                }
            }
            index.first_at.entry((*what, key.clone())).or_insert(i);
            index.all.push(FileName {
                what: *what,
                name,
                folded,
            });
        }
        index.cut = cut.unwrap_or(named.len());
        self.file_names = index;
    }

    /// A team of that name key would be made by this import (with `--create`, or chosen new).
    fn makes_team(&self, key: &str) -> bool {
        if self.teams.contains_key(key) {
            return false;
        }
        match self.choices.get(key).map(|c| &c.choice) {
            Some(NameChoice::Means(_)) => false,
            Some(NameChoice::New) => true,
            None => self.create,
        }
    }

    /// The fault of a new team's name past the [`MAX_NEW_TEAMS`] an import may make.
    fn past_bound(&self, what: NameKind, name: &str) -> Option<String> {
        if what != NameKind::Team {
            return None;
        }
        let key = name_key(name);
        let at = *self
            .file_names
            .first_at
            .get(&(NameKind::Team, key.clone()))?;
        (at >= self.file_names.cut && self.makes_team(&key)).then(|| self.too_many_teams(name))
    }

    fn too_many_teams(&self, name: &str) -> String {
        format!(
            "'{name}' would be a new team past the {MAX_NEW_TEAMS} an import may make: add the teams in more than one import"
        )
    }

    /// The teams of the files, with their keys, that a new name is checked against: all of
    /// them, or those before the first past the bound of new teams.
    fn file_teams(&self) -> impl Iterator<Item = (usize, &FileName)> {
        let cut = self.file_names.cut;
        self.file_names
            .all
            .iter()
            .enumerate()
            .take(cut)
            .filter(|(_, f)| f.what == NameKind::Team)
    }

    /// The league's teams before the import, with their keys.
    fn keyed_before(&self) -> impl Iterator<Item = (&str, &Folded)> {
        self.teams_before.iter().map(|(n, f)| (n.as_str(), f))
    }

    /// The teams with a roster in the files: their keys, and each (once) with its keys.
    fn rostered_keyed(&self) -> &(HashSet<String>, Vec<KeyedName>) {
        self.rostered_keyed.get_or_init(|| {
            let mut keys = HashSet::new();
            let mut list = Vec::new();
            for t in &self.rostered {
                let k = keyed(t);
                if keys.insert(k.1.key.clone()) {
                    list.push(k);
                }
            }
            (keys, list)
        })
    }

    /// Notes a name that waits for a choice (once).
    fn wait_for_choice(&self, what: Thing, name: &str, near: Option<&str>) {
        let (names, keys) = &mut *self.unresolved.borrow_mut();
        if keys.insert((what, name_key(name))) {
            names.push(Unresolved {
                what,
                name: crate::league::names::tidy(name),
                near: near.map(str::to_string),
            });
        }
    }

    /// The names met that wait for a choice.
    pub fn unresolved(&self) -> Vec<Unresolved> {
        self.unresolved.borrow().0.clone()
    }

    /// Another team's name of the files that is this one written another way (the same but for
    /// case, "The", "&", punctuation or accents), unless a choice says what that one means.
    fn twin_in_files(&self, name: &str) -> Option<&str> {
        let (key, loose) = (name_key(name), crate::league::names::loose_key(name));
        let index = &self.file_names;
        index
            .teams_by_loose
            .get(&loose)?
            .iter()
            .map(|&i| &index.all[i])
            .filter(|f| f.folded.key != key)
            .find(|f| !self.choices.contains_key(&f.folded.key))
            .map(|f| f.name.as_str())
    }

    /// Another new team's name of the files one letter from this one ("Royal Oak" for "Royal
    /// Oke"), when this one is the rarer spelling (or, as often, the later): a slip, not a
    /// team. An A and a B team ("Royal Oak A", "Royal Oak B") are two teams.
    fn slip_in_files(&self, name: &str) -> Option<&str> {
        use crate::record::text::look_alike_key;
        if !self.create {
            return None;
        }
        let this = Folded::new(name);
        let key = &this.key;
        let uses = |k: &str| self.team_uses.get(k).copied().unwrap_or(0);
        let at = |k: &str| {
            self.file_names
                .first_at
                .get(&(NameKind::Team, k.to_string()))
                .copied()
        };
        let (key_uses, key_at) = (uses(key), at(key));
        let look = look_alike_key(name);
        self.file_teams()
            .map(|(_, f)| f)
            .filter(|f| f.folded.key != *key)
            .filter(|f| !self.choices.contains_key(&f.folded.key))
            .filter(|f| crate::league::names::one_letter_apart_folded(&this, &f.folded))
            // Names that only look alike ("Red Оak" with a Cyrillic "О") are told so where
            // the team would be made.
            .filter(|f| look_alike_key(&f.name) != look)
            .find(|f| {
                let other = uses(&f.folded.key);
                key_uses < other || (key_uses == other && key_at > at(&f.folded.key))
            })
            .map(|f| f.name.as_str())
    }

    /// What the league knows of a name (see [`LeagueNames::status`]).
    fn status_of(&self, what: NameKind, name: &str) -> NameStatus {
        let key = name_key(name);
        let (known, place): (Vec<&str>, String) = match what {
            NameKind::Season => {
                if self.seasons.contains_key(&key) {
                    return NameStatus::Known;
                }
                (
                    self.seasons.values().map(|s| s.name.as_str()).collect(),
                    format!("{} has no season '{name}'", self.league.name),
                )
            }
            NameKind::Team => {
                if self.teams.contains_key(&key) {
                    return NameStatus::Known;
                }
                match self.choices.get(&key).map(|c| &c.choice) {
                    Some(NameChoice::Means(_)) => return NameStatus::Known,
                    Some(NameChoice::New) => return NameStatus::New(None),
                    None => {}
                }
                (
                    self.teams.values().map(|t| t.name.as_str()).collect(),
                    format!("no team '{name}' in {}", self.league.name),
                )
            }
        };
        use crate::league::names::suggest_folded;
        // The names of its kind the files give elsewhere (a team's, those before the first
        // past the bound of new teams).
        let cut = self.file_names.cut;
        let elsewhere = || {
            self.file_names
                .all
                .iter()
                .enumerate()
                .filter(move |(i, f)| f.what == what && (*i < cut || what == NameKind::Season))
                .map(|(_, f)| f)
                .filter(|f| f.folded.key != key)
                .map(|f| (f.name.as_str(), &f.folded))
        };
        if self.create && what == NameKind::Season {
            // A new season's name is near an old one's (2026-27, 2025-26): a misspelling only
            // when a night of it is left incomplete.
            let known: Vec<(&str, Folded)> = known.iter().map(|k| (*k, Folded::new(k))).collect();
            let known = known.iter().map(|(k, f)| (*k, f));
            let near = suggest_folded(name, known.chain(elsewhere()));
            NameStatus::New(near.map(|s| {
                format!("{place}; did you mean '{s}'? (its night is not complete, so it is not taken for a new season)")
            }))
        } else if self.create {
            // A new team near a known one (the league's, or, for a team without a roster in
            // the files, one with a roster there) is a misspelling: a team that really is new
            // is added first. (A name of one or two letters is near every other such name: no
            // slip is told there.)
            let (rostered_keys, rostered) = self.rostered_keyed();
            let has_roster = rostered_keys.contains(&key);
            let rostered = rostered
                .iter()
                .filter(|_| !has_roster)
                .map(|(n, f)| (n.as_str(), f));
            let known_teams = self
                .keyed_before()
                .chain(rostered)
                .filter(|t| t.1.key != key);
            let near = suggest_folded(name, known_teams).filter(|_| key.chars().count() > 2);
            // Or a new team written another way elsewhere in the files ("Fox & Hounds", "Fox
            // and Hounds", or one letter apart): not two teams unawares.
            let which = |one_letter| Advice::WhichName { one_letter };
            let twin = || self.twin_in_files(name).map(|t| (t, which(false)));
            let slip = || self.slip_in_files(name).map(|t| (t, which(true)));
            let meant = near.map(|s| (s, Advice::NewTeam(name.to_string())));
            if let Some((s, advice)) = meant.or_else(twin).or_else(slip) {
                let message = format!("{place}; did you mean '{s}'?");
                return NameStatus::Unknown(message, Some(advice));
            }
            let near = suggest_folded(name, elsewhere());
            NameStatus::New(near.map(|s| {
                format!("{place}; did you mean '{s}'? (its night is not complete, so it is not taken for a new team)")
            }))
        } else {
            let (hint, advice) = match what {
                NameKind::Season => season_hint(name, known.into_iter()),
                NameKind::Team => hint(name, known.into_iter()),
            };
            NameStatus::Unknown(format!("{place}{hint}"), advice)
        }
    }
}

/// The settings in which two configurations differ, in words: "stored tie-breakers points
/// legs-difference legs-won, here points head-to-head".
fn config_differences(stored: &Config, here: &Config) -> String {
    let a = crate::league::import::config_rows("", stored);
    let b = crate::league::import::config_rows("", here);
    let text = |rows: &[crate::record::results::ConfigRow], setting: &str| {
        let v: Vec<&str> = rows
            .iter()
            .filter(|r| r.setting == setting)
            .map(|r| r.value.as_str())
            .collect();
        if v.is_empty() {
            "not set".to_string()
        } else {
            v.join(" ")
        }
    };
    let mut seen = HashSet::new();
    let settings = a.iter().chain(&b).map(|r| r.setting.as_str());
    let out: Vec<String> = settings
        .filter(|s| seen.insert(*s))
        .filter_map(|s| {
            let (x, y) = (text(&a, s), text(&b, s));
            (x != y).then(|| format!("{s}: stored {x}, here {y}"))
        })
        .collect();
    out.join("; ")
}

/// What to say after an unknown name: the nearest known, or that the import makes it.
fn hint<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> (String, Option<Advice>) {
    match crate::league::names::suggest(name, known) {
        Some(s) => (format!("; did you mean '{s}'?"), None),
        None => (String::new(), Some(Advice::Create)),
    }
}

/// As [`hint`], for a season: a name that is a season's in form (`2025-26`, `2025/26`, `2025`)
/// is a season of its own, never a slip of another season's name (last season's is not this
/// one's misspelt): the import makes it when asked to.
fn season_hint<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> (String, Option<Advice>) {
    if crate::league::fixtures::season_end(name, None).is_some() {
        return (String::new(), Some(Advice::Create));
    }
    hint(name, known)
}

/// What to do about a refusal of the store, where it knows: a date no season can be chosen for.
pub(super) fn advice_of(e: &AppError) -> Option<Advice> {
    match e {
        AppError::League(crate::league::LeagueError::Season(c)) => Some(c.advice()),
        _ => None,
    }
}

/// A refusal of the store (or of the league's rules) at a line of a file, and a cell.
pub(super) trait AtLine<T>: Sized {
    fn at_cell(self, line: u64, column: Option<Column>) -> Result<T, RowError>;

    fn at_line(self, line: u64) -> Result<T, RowError> {
        self.at_cell(line, None)
    }
}

impl<T, E: Into<AppError>> AtLine<T> for Result<T, E> {
    fn at_cell(self, line: u64, column: Option<Column>) -> Result<T, RowError> {
        self.map_err(|e| RowError {
            column,
            ..store_fault(e, line)
        })
    }
}

pub(super) fn store_fault(e: impl Into<AppError>, line: u64) -> RowError {
    let e = e.into();
    RowError::new(line, None, e.to_string()).advised(advice_of(&e))
}

/// What is said of a choice of what a name means: a fault, a warning, or a warning that it
/// was not used (the choice dropped).
enum Said {
    Fault(String),
    Warning(String),
    Dropped(String),
}

/// A fault (or a warning) of a choice of what a name means, at its line.
pub(super) fn of_choice(c: &ChosenName, message: String) -> FileFault {
    let file = c.file.clone();
    let error = RowError::new(c.line, None, message);
    FileFault { file, error }
}

/// What is said of a name near a known one (`near`) given as its own meaning: it is kept as a
/// new team or player, not as the one it is near.
fn kept_new(c: &ChosenName, what: &str, near: &str) -> String {
    format!(
        "'{}' is given as its own meaning, so it is kept as a new {what}, though it is near '{near}' (if it is {near}, give '{near}' as what it means)",
        c.name
    )
}

/// The column of a night's points (a night's totals or walkover, as a nights file gives it)
/// that differs from the stored result: `home_points`, else `away_points` (the same points, one
/// a walkover: `home_points`); none for a night given match by match.
fn differing_points(
    stored: &NightResult,
    here: &NightResult,
    config: &Config,
) -> Option<&'static str> {
    if matches!(here, NightResult::Matches(_)) {
        return None;
    }
    let (there, here) = (night_points(stored, config), night_points(here, config));
    Some(if there.home == here.home && there.away != here.away {
        "away_points"
    } else {
        "home_points"
    })
}

/// A match in words: "2–1 Gareth+Rhys v Dai+Huw (121-87 96-121 121-110)".
fn match_words(m: &crate::league::Match) -> String {
    let mut s = format!("{}–{}", m.legs.home, m.legs.away);
    if !m.players.home.is_empty() || !m.players.away.is_empty() {
        s.push_str(&format!(
            " {} v {}",
            m.players.home.join("+"),
            m.players.away.join("+")
        ));
    }
    if !m.leg_scores.is_empty() {
        let legs: Vec<String> = m
            .leg_scores
            .iter()
            .map(|l| format!("{}-{}", l.score.home, l.score.away))
            .collect();
        s.push_str(&format!(" ({})", legs.join(" ")));
    }
    s
}

/// How two results of a night differ, both shown: the night's score, then each match that
/// differs.
fn differences(stored: &NightResult, here: &NightResult, config: &Config) -> String {
    // Both match by match: their scores, then each match that differs; else each result in
    // its words, so that points given for a night stored match by match show what differs
    // ("stored 5–1 so far (match by match, 6 of 9 matches entered), here 5–1 (totals)").
    let mut out = if let (NightResult::Matches(a), NightResult::Matches(b)) = (stored, here) {
        let (x, y) = (won(a), won(b));
        format!("stored {}–{}, here {}–{}", x.home, x.away, y.home, y.away)
    } else {
        format!(
            "stored {}, here {}",
            result_words(stored, config),
            result_words(here, config)
        )
    };
    if let (NightResult::Matches(a), NightResult::Matches(b)) = (stored, here) {
        let mut slots: Vec<(crate::league::Kind, u32)> =
            a.iter().chain(b).map(|m| (m.kind, m.slot)).collect();
        slots.sort();
        slots.dedup();
        for (kind, slot) in slots {
            let find = |ms: &[crate::league::Match]| {
                ms.iter()
                    .find(|m| m.kind == kind && m.slot == slot)
                    .map_or_else(|| "not entered".to_string(), match_words)
            };
            let (x, y) = (find(a), find(b));
            if x != y {
                out.push_str(&format!("; {kind} {slot}: stored {x}, here {y}"));
            }
        }
    }
    out
}
