//! League results read from CSV (FORMAT.md §3) turned into nights, each checked against its
//! season's configuration, every fault of every row pointed at its line and column. Pure:
//! names are looked up through [`LeagueNames`], which the store gives.

use std::collections::HashMap;
use std::rc::Rc;

use chrono::NaiveDate;

use super::config::{Config, Kind, KindConfig};
use super::names::name_key;
use super::night::{
    check_totals, is_complete, require_complete, Confirmation, HomeAway, Leg, Match, NightCheck,
    NightFault, NightResult, NightWarning, Pair,
};
use crate::record::results::{
    Advice, Column, ConfigRow, FixtureRow, MatchRow, NightRow, RowError, RowSide, Standing, UNREAD,
};

/// A night's identity: its season, date and teams, by name key.
type NightKey = (String, NaiveDate, String, String);

/// A night read from a file, with its teams and season by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftNight {
    pub season: String,
    pub date: NaiveDate,
    pub home: String,
    pub away: String,
    pub result: NightResult,
    /// How it stands (confirmed unless the file says otherwise).
    pub confirmation: Confirmation,
    /// The side a confirmed night was entered for, when the file says.
    pub confirmed_by: Option<HomeAway>,
    /// The line of each of its rows.
    pub lines: Vec<u64>,
}

/// What rows give: the nights they make, their faults, and what they warn of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drafts {
    pub nights: Vec<DraftNight>,
    pub errors: Vec<RowError>,
    pub warnings: Vec<RowError>,
}

/// What a name in a row names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    Season,
    Team,
}

/// What the league knows of a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameStatus {
    Known,
    /// Not known, and to be made by the import (`--create`); with the fault to give if it is
    /// taken for a misspelling (it is near a known name, and its night is not complete).
    New(Option<String>),
    /// Not known and not to be made: the fault ("no team 'Royal Oke' in …; did you mean
    /// 'Royal Oak'?") and what to do about it.
    Unknown(String, Option<Advice>),
}

/// The league the rows are read for: each season's configuration, and which names it knows.
pub trait LeagueNames {
    /// The configuration a season's rows are checked with.
    fn config_of(&self, season: &str) -> Config;
    fn status(&self, what: NameKind, name: &str) -> NameStatus;
    /// The fault of a player's name taken for a slip of a known player's ("did you mean
    /// 'Gareth Jones'?"), if it is one.
    fn player_slip(&self, _player: &str) -> Option<(String, Advice)> {
        None
    }
    /// The name a team's roster for a season knows a player of the row by, where another
    /// player bears the name too ("Dai Jones (Red Lion)" for Red Lion's "Dai Jones", RULES.md
    /// §9): a name means the player of it on the team's roster first. None: as written.
    fn player_on_roster(&self, _season: &str, _team: &str, _player: &str) -> Option<String> {
        None
    }
}

/// The column a night's fault is about, and the cells it is worked out from: a fault is not
/// given when one of them could not be read (its own fault says it all).
fn cells_of(e: &NightFault) -> (&'static str, &'static [&'static str]) {
    const PLAYERS: &[&str] = &["home_players", "away_players"];
    match e {
        NightFault::KindNotPlayed(_) => ("kind", &["kind"]),
        NightFault::NoSuchSlot { .. } | NightFault::SlotTwice { .. } => ("slot", &["slot"]),
        NightFault::PlayerCount { side, .. }
        | NightFault::PlayerTwiceInSide { side, .. }
        | NightFault::PlayerForBothTeams { side, .. } => match side {
            HomeAway::Home => ("home_players", PLAYERS),
            HomeAway::Away => ("away_players", PLAYERS),
        },
        NightFault::PlayerBothSides { .. } => ("away_players", PLAYERS),
        NightFault::Legs { .. } => ("home_legs", &["home_legs", "away_legs"]),
        NightFault::LegScoreCount { .. }
        | NightFault::LegScoreTarget { .. }
        | NightFault::LegScoresDisagree { .. }
        | NightFault::LegAfterWon { .. } => {
            ("leg_scores", &["leg_scores", "home_legs", "away_legs"])
        }
        NightFault::GameTwice { .. } => ("leg_scores", &["leg_scores"]),
        NightFault::Totals { .. } => ("home_points", &["home_points", "away_points"]),
        NightFault::Incomplete { .. } | NightFault::SameTeam => ("", &[]),
    }
}

fn night_key(season: &str, date: NaiveDate, home: &str, away: &str) -> NightKey {
    (name_key(season), date, name_key(home), name_key(away))
}

/// How a night stands, from its row's cells; and the side a confirmed night was entered for,
/// when the row says.
pub fn confirmation_of(standing: &Standing) -> (Confirmation, Option<HomeAway>) {
    let side = |s: RowSide| match s {
        RowSide::Home => HomeAway::Home,
        RowSide::Away => HomeAway::Away,
    };
    match standing {
        Standing::Confirmed => (Confirmation::Confirmed, None),
        Standing::ConfirmedBy { entered_by } => (Confirmation::Confirmed, Some(side(*entered_by))),
        Standing::Provisional { entered_by } => {
            let entered_by = side(*entered_by);
            (Confirmation::Provisional { entered_by }, None)
        }
        Standing::Disputed {
            by,
            reason,
            entered_by,
        } => {
            let (by, reason, entered_by) = (side(*by), reason.clone(), entered_by.map(side));
            let disputed = Confirmation::Disputed {
                by,
                reason,
                entered_by,
            };
            (disputed, None)
        }
    }
}

/// How a night stands, as a row's cells; `confirmed_by`: the side a confirmed night was
/// entered for, when known.
pub fn standing_with(confirmation: &Confirmation, confirmed_by: Option<HomeAway>) -> Standing {
    let row = |s: HomeAway| match s {
        HomeAway::Home => RowSide::Home,
        HomeAway::Away => RowSide::Away,
    };
    match (confirmation, confirmed_by) {
        (Confirmation::Confirmed, None) => Standing::Confirmed,
        (Confirmation::Confirmed, Some(s)) => Standing::ConfirmedBy { entered_by: row(s) },
        (Confirmation::Provisional { entered_by }, _) => Standing::Provisional {
            entered_by: row(*entered_by),
        },
        (
            Confirmation::Disputed {
                by,
                reason,
                entered_by,
            },
            _,
        ) => Standing::Disputed {
            by: row(*by),
            reason: reason.clone(),
            entered_by: entered_by.map(row),
        },
    }
}

/// A night's points as its totals give them, or as a walkover awards them, or its matches won.
pub fn night_points(result: &NightResult, config: &Config) -> Pair<u32> {
    match result {
        NightResult::Totals(t) => *t,
        NightResult::Walkover(HomeAway::Home) => Pair::new(config.walkover_matches(), 0),
        NightResult::Walkover(HomeAway::Away) => Pair::new(0, config.walkover_matches()),
        NightResult::Matches(ms) => super::night::won(ms),
    }
}

/// A row's season, date and teams as far as they could be read: a refused row's, to tell the
/// nights it was part of.
#[derive(Clone, Debug, Default)]
struct Place {
    date: Option<NaiveDate>,
    home: Option<String>,
    away: Option<String>,
}

impl Place {
    /// Whether a night is the one this row was part of: two of its date and teams agree (one
    /// cell of a row misspelt or mistyped leaves the other two).
    fn is_of(&self, date: NaiveDate, home: &str, away: &str) -> bool {
        let agree = [
            self.date == Some(date),
            self.home.as_deref() == Some(home),
            self.away.as_deref() == Some(away),
        ];
        agree.iter().filter(|a| **a).count() >= 2
    }
}

/// The faults of a row's names (season, then teams), through `names`; which were refused, and
/// the faults to give for names to be made if the night is taken for a misspelling.
#[derive(Default)]
struct NameFaults {
    errors: Vec<RowError>,
    suspect: Vec<RowError>,
    refused: bool,
    /// A name's cell could not be read.
    refused_cells: bool,
}

/// The names of a file looked up so far (each is looked up once), and the unknown ones said
/// already (each is said once, at its first row).
#[derive(Debug, Default)]
pub struct NameMemo {
    seasons: HashMap<String, NameStatus>,
    teams: HashMap<String, NameStatus>,
    said: std::collections::HashSet<(NameKind, String)>,
}

impl NameMemo {
    fn status(&mut self, names: &dyn LeagueNames, what: NameKind, name: &str) -> &NameStatus {
        let map = match what {
            NameKind::Season => &mut self.seasons,
            NameKind::Team => &mut self.teams,
        };
        if !map.contains_key(name) {
            map.insert(name.to_string(), names.status(what, name));
        }
        &map[name]
    }
}

fn name_faults(
    names: &dyn LeagueNames,
    memo: &mut NameMemo,
    line: u64,
    cells: &[(&str, NameKind, &str)],
    faulty: &[&'static str],
    column: &dyn Fn(&str) -> Option<Column>,
) -> NameFaults {
    let mut out = NameFaults::default();
    if faulty.contains(&UNREAD) {
        out.refused = true;
        out.refused_cells = true;
        return out;
    }
    for &(col, what, name) in cells {
        if faulty.contains(&col) {
            out.refused = true;
            out.refused_cells = true;
            continue;
        }
        let fault = |message: String, advice: Option<Advice>| {
            RowError::new(line, column(col), message).advised(advice)
        };
        match memo.status(names, what, name).clone() {
            NameStatus::Known | NameStatus::New(None) => {}
            NameStatus::New(Some(m)) => out.suspect.push(fault(m, None)),
            NameStatus::Unknown(m, advice) => {
                // Said once, at its first row: the rows after it with the same name are
                // refused for the same reason.
                let key = (what, name_key(name));
                if memo.said.insert(key) {
                    out.errors.push(fault(m, advice));
                }
                out.refused = true;
            }
        }
    }
    out
}

/// The faults of a row's names (`cells`: each column's, season or team, and name) when the
/// league does not know them (and the import would not make them): each name once in `memo`,
/// the cells that could not be read left out; and whether the row is refused for its names
/// (one said at an earlier row too). A row with any of these, or with a cell that could not
/// be read, is not kept.
pub fn unknown_names(
    names: &dyn LeagueNames,
    memo: &mut NameMemo,
    line: u64,
    cells: &[(&str, NameKind, &str)],
    faulty: &[&'static str],
    column: &dyn Fn(&str) -> Option<Column>,
) -> (Vec<RowError>, bool) {
    let seen = name_faults(names, memo, line, cells, faulty, column);
    (seen.errors, seen.refused)
}

/// The rows of one fixtures file that repeat an earlier row's fixture (its season, date and
/// teams, names compared as names are): each refused at its own line, naming the line it
/// repeats, never merged into it. Rows with a cell unread are left to their own faults.
pub fn repeated_fixtures(
    rows: &[FixtureRow],
    column: &dyn Fn(&str) -> Option<Column>,
) -> Vec<RowError> {
    let mut first: HashMap<NightKey, u64> = HashMap::new();
    let mut repeated = Vec::new();
    for row in rows.iter().filter(|r| r.faulty.is_empty()) {
        let key = night_key(&row.season, row.date, &row.home, &row.away);
        match first.get(&key) {
            Some(&at) => repeated.push(RowError::new(
                row.line,
                column("home"),
                format!(
                    "the fixture of line {at} again ({} v {} on {}): a fixture is given once",
                    row.home, row.away, row.date
                ),
            )),
            None => {
                first.insert(key, row.line);
            }
        }
    }
    repeated
}

/// A night being gathered from its rows.
struct Gathering {
    night: DraftNight,
    matches: Vec<Match>,
    check: NightCheck,
    config: Rc<Config>,
    /// A row says the night's other matches are still to enter.
    incomplete: bool,
    /// The line that said how the night stands.
    standing_line: Option<u64>,
    /// The faults to give for its names if it is taken for a misspelling.
    suspect: Vec<RowError>,
}

/// The rows of a night whose season, date and teams could be read, refused or not: how many,
/// whether one says the night is left incomplete, and the faults of its names if it is taken
/// for a misspelling.
struct RowsOfNight {
    key: NightKey,
    config: Rc<Config>,
    count: usize,
    incomplete: bool,
    suspect: Vec<RowError>,
}

/// Match rows being grouped into nights, row by row: what is known so far.
struct MatchNights<'n> {
    names: &'n dyn LeagueNames,
    column: &'n dyn Fn(&str) -> Option<Column>,
    out: Drafts,
    /// Each season's configuration, looked up once.
    configs: HashMap<String, Rc<Config>>,
    /// Each night once, in the order first seen.
    nights: Vec<Gathering>,
    index: HashMap<NightKey, usize>,
    /// The night of the row before (its season, date and teams as written): rows of a night
    /// come together, so it is found without hashing.
    last: Option<(NightKey, usize)>,
    /// Where the refused rows were.
    refused: Vec<Place>,
    memo: NameMemo,
    /// The player slips said (each once, at its first row).
    slips_said: Vec<String>,
    /// Each player's name looked up once.
    slips: HashMap<String, Option<(String, Advice)>>,
    /// Every night's rows, and where each night is among them.
    all_rows: Vec<RowsOfNight>,
    all_rows_at: HashMap<NightKey, usize>,
}

/// Match rows grouped into nights (in the order first seen), each match and each night
/// checked with its season's configuration; every fault of every row is returned (a row with
/// a cell that could not be read is checked for the rest), and a night with a refused row is
/// not said to be incomplete.
pub fn nights_from_matches(
    rows: Vec<MatchRow>,
    names: &dyn LeagueNames,
    column: &dyn Fn(&str) -> Option<Column>,
) -> Drafts {
    let mut gathering = MatchNights {
        names,
        column,
        out: Drafts::default(),
        configs: HashMap::new(),
        nights: Vec::new(),
        index: HashMap::new(),
        last: None,
        refused: Vec::new(),
        memo: NameMemo::default(),
        slips_said: Vec::new(),
        slips: HashMap::new(),
        all_rows: Vec::new(),
        all_rows_at: HashMap::new(),
    };
    for row in rows {
        gathering.row(row);
    }
    gathering.finish()
}

impl MatchNights<'_> {
    /// A fault at a line, in a column (none for "").
    fn fault(&self, line: u64, col: &str, message: String) -> RowError {
        let column = if col.is_empty() {
            None
        } else {
            (self.column)(col)
        };
        RowError::new(line, column, message)
    }

    /// Takes one row: checks it, and puts its match on its night or counts it refused.
    fn row(&mut self, mut row: MatchRow) {
        let line = row.line;
        if row.faulty.contains(&UNREAD) {
            // Its fault is said; as far as its cells go, it tells a night with a refused row.
            self.refused.push(Place {
                date: (row.date != NaiveDate::MIN).then_some(row.date),
                home: (!row.home.is_empty()).then(|| name_key(&row.home)),
                away: (!row.away.is_empty()).then(|| name_key(&row.away)),
            });
            return;
        }
        let faulty = std::mem::take(&mut row.faulty);
        let bad = |c: &str| faulty.contains(&c);
        let cells = [
            ("season", NameKind::Season, row.season.as_str()),
            ("home", NameKind::Team, row.home.as_str()),
            ("away", NameKind::Team, row.away.as_str()),
        ];
        let mut names_seen = name_faults(
            self.names,
            &mut self.memo,
            line,
            &cells,
            &faulty,
            self.column,
        );
        let mut errors = std::mem::take(&mut names_seen.errors);
        let mut placed = !names_seen.refused && !bad("date");
        let same_night = self.last.as_ref().is_some_and(|(raw, _)| {
            raw.0 == row.season && raw.1 == row.date && raw.2 == row.home && raw.3 == row.away
        });
        if !same_night && !bad("home") && !bad("away") && name_key(&row.home) == name_key(&row.away)
        {
            errors.push(self.fault(line, "away", NightFault::SameTeam.to_string()));
            placed = false;
        }
        let kind = if bad("kind") {
            None
        } else {
            match row.kind.parse() {
                Ok(k) => Some(k),
                Err(e) => {
                    errors.push(self.fault(line, "kind", format!("{e}")));
                    None
                }
            }
        };
        let config = self.config_of(&row.season);
        if !names_seen.refused_cells && !bad("date") {
            self.count_row(&row, &config, &names_seen.suspect);
        }
        let slipped = self.player_slips(&row, &faulty, &mut errors);
        let at = placed.then(|| {
            let suspect = std::mem::take(&mut names_seen.suspect);
            self.night_of(&row, same_night, &config, suspect)
        });
        let m =
            kind.map(|kind| self.check_match(&mut row, kind, at, &config, &faulty, &mut errors));
        if let Some(at) = at {
            self.set_standing(at, &row, &mut errors);
        }
        let row_refused = slipped || !errors.is_empty() || !faulty.is_empty();
        match (m, at) {
            (Some(m), Some(at)) if !row_refused => self.keep_match(at, m, line),
            _ => self.refused.push(Place {
                date: (!bad("date")).then_some(row.date),
                home: (!bad("home")).then(|| name_key(&row.home)),
                away: (!bad("away")).then(|| name_key(&row.away)),
            }),
        }
        self.out.errors.append(&mut errors);
    }

    /// A season's configuration, looked up once.
    fn config_of(&mut self, season: &str) -> Rc<Config> {
        if !self.configs.contains_key(season) {
            let config = Rc::new(self.names.config_of(season));
            self.configs.insert(season.to_string(), config);
        }
        Rc::clone(&self.configs[season])
    }

    /// Counts a row whose season, date and teams could be read, refused or not, on its night.
    fn count_row(&mut self, row: &MatchRow, config: &Rc<Config>, suspect: &[RowError]) {
        let key = night_key(&row.season, row.date, &row.home, &row.away);
        match self.all_rows_at.get(&key) {
            Some(&i) => {
                let r = &mut self.all_rows[i];
                r.count += 1;
                r.incomplete |= row.incomplete;
            }
            None => {
                self.all_rows_at.insert(key.clone(), self.all_rows.len());
                self.all_rows.push(RowsOfNight {
                    key,
                    config: Rc::clone(config),
                    count: 1,
                    incomplete: row.incomplete,
                    suspect: suspect.to_vec(),
                })
            }
        }
    }

    /// Whether a player's name of the row is taken for a slip: said once, at its first row;
    /// each row with it refused.
    fn player_slips(
        &mut self,
        row: &MatchRow,
        faulty: &[&'static str],
        errors: &mut Vec<RowError>,
    ) -> bool {
        let mut slipped = false;
        for (col, players) in [
            ("home_players", &row.home_players),
            ("away_players", &row.away_players),
        ] {
            if faulty.contains(&col) {
                continue;
            }
            for p in players {
                let key = name_key(p);
                let names = self.names;
                let slip = self
                    .slips
                    .entry(key.clone())
                    .or_insert_with(|| names.player_slip(p))
                    .clone();
                if let Some((m, advice)) = slip {
                    slipped = true;
                    if !self.slips_said.contains(&key) {
                        self.slips_said.push(key);
                        errors.push(self.fault(row.line, col, m).advised(Some(advice)));
                    }
                }
            }
        }
        slipped
    }

    /// The night the row is of (begun by it, if it is the first), its season, date and teams
    /// being known.
    fn night_of(
        &mut self,
        row: &MatchRow,
        same_night: bool,
        config: &Rc<Config>,
        suspect: Vec<RowError>,
    ) -> usize {
        if let (Some((_, at)), true) = (&self.last, same_night) {
            return *at;
        }
        let key = night_key(&row.season, row.date, &row.home, &row.away);
        let nights = &mut self.nights;
        let at = *self.index.entry(key).or_insert_with(|| {
            nights.push(Gathering {
                night: DraftNight {
                    season: row.season.clone(),
                    date: row.date,
                    home: row.home.clone(),
                    away: row.away.clone(),
                    result: NightResult::Matches(Vec::new()),
                    confirmation: Confirmation::Confirmed,
                    confirmed_by: None,
                    lines: Vec::new(),
                },
                matches: Vec::new(),
                check: NightCheck::default(),
                config: Rc::clone(config),
                incomplete: false,
                standing_line: None,
                suspect,
            });
            nights.len() - 1
        });
        let raw = (
            row.season.clone(),
            row.date,
            row.home.clone(),
            row.away.clone(),
        );
        self.last = Some((raw, at));
        at
    }

    /// The row's match, its faults (against its night's matches so far, where it has one)
    /// added to `errors` but for those worked out from a cell that could not be read.
    fn check_match(
        &self,
        row: &mut MatchRow,
        kind: Kind,
        at: Option<usize>,
        config: &Config,
        faulty: &[&'static str],
        errors: &mut Vec<RowError>,
    ) -> Match {
        for (team, side) in [
            (&row.home, &mut row.home_players),
            (&row.away, &mut row.away_players),
        ] {
            for p in side.iter_mut() {
                if let Some(named) = self.names.player_on_roster(&row.season, team, p) {
                    *p = named;
                }
            }
        }
        let candidate = Match {
            kind,
            slot: row.slot,
            players: Pair::new(
                std::mem::take(&mut row.home_players),
                std::mem::take(&mut row.away_players),
            ),
            legs: Pair::new(row.home_legs, row.away_legs),
            leg_scores: row
                .leg_scores
                .iter()
                .map(|&(h, a)| Leg {
                    score: Pair::new(h, a),
                    game: None,
                    hands: Vec::new(),
                })
                .collect(),
        };
        let found = match at {
            Some(at) => self.nights[at].check.faults(config, &candidate),
            None => NightCheck::default().faults(config, &candidate),
        };
        for e in found {
            let (column, depends_on) = cells_of(&e);
            if !depends_on.iter().any(|c| faulty.contains(c)) {
                errors.push(self.fault(row.line, column, e.to_string()));
            }
        }
        candidate
    }

    /// How the night stands, as its first row says; a row that says otherwise is a fault.
    fn set_standing(&mut self, at: usize, row: &MatchRow, errors: &mut Vec<RowError>) {
        let has_column = (self.column)("confirmation").is_some();
        let g = &mut self.nights[at];
        g.incomplete |= row.incomplete;
        let (confirmation, confirmed_by) = confirmation_of(&row.standing);
        let message = match g.standing_line {
            None => {
                g.night.confirmation = confirmation;
                g.night.confirmed_by = confirmed_by;
                g.standing_line = Some(row.line);
                return;
            }
            Some(first) if g.night.confirmation != confirmation => format!(
                "the rows of {} v {} on {} disagree on how the night stands (line {first} says {})",
                g.night.home,
                g.night.away,
                g.night.date,
                g.night.confirmation.word()
            ),
            Some(_) => return,
        };
        let col = if has_column { "confirmation" } else { "" };
        errors.push(self.fault(row.line, col, message));
    }

    /// Puts a match on its night, with the warnings it gives there.
    fn keep_match(&mut self, at: usize, m: Match, line: u64) {
        let g = &mut self.nights[at];
        let warned = g.check.warnings.len();
        g.check.push(&m);
        let warnings: Vec<(&'static str, String)> = g.check.warnings[warned..]
            .iter()
            .map(|w| {
                let NightWarning::PlayerTwice { side, .. } = w;
                let col = match side {
                    HomeAway::Home => "home_players",
                    HomeAway::Away => "away_players",
                };
                (col, w.to_string())
            })
            .collect();
        g.matches.push(m);
        g.night.lines.push(line);
        for (col, w) in warnings {
            let w = self.fault(line, col, w);
            self.out.warnings.push(w);
        }
    }

    /// Once every row is taken: the nights kept, and the faults of those that are not.
    fn finish(mut self) -> Drafts {
        let incomplete = self.complete_nights();
        self.incomplete_nights(incomplete);
        self.suspect_names_beside();
        sort(&mut self.out.errors);
        sort(&mut self.out.warnings);
        self.out
    }

    /// Keeps the nights complete (or said to be left incomplete); a night not complete that
    /// names a team or season to be made near a known one is taken for a misspelling: its
    /// names are the faults, and its rows count as refused. The other nights not complete are
    /// returned.
    fn complete_nights(&mut self) -> Vec<Gathering> {
        let mut incomplete: Vec<Gathering> = Vec::new();
        for mut g in std::mem::take(&mut self.nights) {
            if g.matches.is_empty() {
                continue;
            }
            let (home, away) = (name_key(&g.night.home), name_key(&g.night.away));
            if g.incomplete || is_complete(&g.config, &g.matches) {
                g.night.result = NightResult::Matches(g.matches);
                self.out.nights.push(g.night);
            } else if self.has_refused_row(&g) {
                // A row of it was refused: its fault says it all (its names are not suspect).
                continue;
            } else if !g.suspect.is_empty() {
                self.out.errors.append(&mut g.suspect);
                self.refused.push(Place {
                    date: Some(g.night.date),
                    home: Some(home),
                    away: Some(away),
                });
            } else {
                incomplete.push(g);
            }
        }
        incomplete
    }

    /// Whether a row of a night was refused.
    fn has_refused_row(&self, g: &Gathering) -> bool {
        let (home, away) = (name_key(&g.night.home), name_key(&g.night.away));
        self.refused
            .iter()
            .any(|p| p.is_of(g.night.date, &home, &away))
    }

    /// The fault of each night not complete, unless a row of it was refused (its fault says
    /// it all).
    fn incomplete_nights(&mut self, incomplete: Vec<Gathering>) {
        for g in incomplete {
            if self.has_refused_row(&g) {
                continue;
            }
            if let Err(e) = require_complete(&g.config, &g.matches) {
                let first = g.night.lines.first().copied().unwrap_or(0);
                let message = format!(
                    "{} v {} on {}: {e}",
                    g.night.home, g.night.away, g.night.date
                );
                let e = self.fault(first, "", message);
                self.out.errors.push(e);
            }
        }
    }

    /// A night too short to be complete (its rows refused or not) that names a team or season
    /// to be made near a known one, where another night of the file on its date has one of its
    /// teams and another name in that cell: its names are taken for misspellings too (a row
    /// refused for another fault hides none of its faults), unless a night kept has them.
    fn suspect_names_beside(&mut self) {
        let out = &self.out;
        let used = |cell: &str, name: &str| {
            out.nights.iter().any(|n| match cell {
                "season" => name_key(&n.season) == name,
                _ => name_key(&n.home) == name || name_key(&n.away) == name,
            })
        };
        let mut said: Vec<RowError> = Vec::new();
        let kept: std::collections::HashSet<NightKey> = out
            .nights
            .iter()
            .map(|n| night_key(&n.season, n.date, &n.home, &n.away))
            .collect();
        for r in &self.all_rows {
            let key = &r.key;
            if r.incomplete || r.count >= r.config.matches() as usize || kept.contains(key) {
                continue;
            }
            for e in &r.suspect {
                let cell = e.column.as_ref().map_or("", |c| c.name.as_str());
                let name = match cell {
                    "season" => &key.0,
                    "home" => &key.2,
                    "away" => &key.3,
                    _ => continue,
                };
                let beside = self.all_rows.iter().any(|other| {
                    let k = &other.key;
                    let differs = match cell {
                        "season" => k.0 != key.0,
                        "home" => k.2 != key.2,
                        _ => k.3 != key.3,
                    };
                    k != key && k.1 == key.1 && (k.2 == key.2 || k.3 == key.3) && differs
                });
                if beside && !used(cell, name) && !out.errors.contains(e) && !said.contains(e) {
                    said.push(e.clone());
                }
            }
        }
        self.out.errors.append(&mut said);
    }
}

/// Faults in line order, each line's in column order.
fn sort(errors: &mut [RowError]) {
    errors.sort_by_key(|e| (e.line, e.column.as_ref().map_or(usize::MAX, |c| c.index)));
}

/// Night rows (totals, or a walkover) checked against their seasons' configurations; every
/// fault of every row.
pub fn nights_from_totals(
    rows: &[NightRow],
    names: &dyn LeagueNames,
    column: &dyn Fn(&str) -> Option<Column>,
) -> Drafts {
    let mut out = Drafts::default();
    let mut memo = NameMemo::default();
    // Each night kept so far, with its line: a night given twice is found without a search.
    let mut kept: HashMap<NightKey, u64> = HashMap::new();
    for row in rows {
        let fault = |col: &str, message: String| RowError::new(row.line, column(col), message);
        if row.faulty.contains(&UNREAD) {
            continue;
        }
        let bad = |c: &str| row.faulty.contains(&c);
        let seen = name_faults(
            names,
            &mut memo,
            row.line,
            &[
                ("season", NameKind::Season, &row.season),
                ("home", NameKind::Team, &row.home),
                ("away", NameKind::Team, &row.away),
            ],
            &row.faulty,
            column,
        );
        let mut errors = seen.errors;
        if !bad("home") && !bad("away") && name_key(&row.home) == name_key(&row.away) {
            errors.push(fault("away", NightFault::SameTeam.to_string()));
        }
        let config = names.config_of(&row.season);
        let points = Pair::new(row.home_points, row.away_points);
        let mut result = None;
        // A note that cannot be read is taken for none: the points are checked as totals,
        // unless they are a walkover's award (then the note was likely a misspelt walkover,
        // and its own fault says it all).
        let award = config.walkover_matches();
        let walkover_like = (points.home == award && points.away == 0)
            || (points.home == 0 && points.away == award);
        let note_hides = bad("note") && walkover_like;
        if !bad("home_points") && !bad("away_points") && !note_hides {
            if row.walkover {
                match (points.home, points.away) {
                    (h, 0) if h == award => result = Some(NightResult::Walkover(HomeAway::Home)),
                    (0, a) if a == award => result = Some(NightResult::Walkover(HomeAway::Away)),
                    _ => errors.push(fault(
                        "home_points",
                        format!(
                            "a walkover gives {award}–0 to the team that turned up, not {}–{}",
                            points.home, points.away
                        ),
                    )),
                }
            } else {
                match check_totals(&config, points) {
                    Ok(()) => result = Some(NightResult::Totals(points)),
                    Err(e) => errors.push(fault("home_points", e.to_string())),
                }
            }
        }
        let placed = !seen.refused && !bad("date") && errors.is_empty();
        let key = placed.then(|| night_key(&row.season, row.date, &row.home, &row.away));
        if let Some(first) = key.as_ref().and_then(|k| kept.get(k)) {
            errors.push(fault(
                "",
                format!(
                    "{} v {} on {} is given twice (first at line {first})",
                    row.home, row.away, row.date
                ),
            ));
        }
        match result {
            // A row refused for a name said at an earlier row is not kept either: its
            // night would only be refused again, once a row, for the same name.
            Some(result) if errors.is_empty() && row.faulty.is_empty() && !seen.refused => {
                if let Some(key) = key {
                    kept.insert(key, row.line);
                }
                let (confirmation, confirmed_by) = confirmation_of(&row.standing);
                out.nights.push(DraftNight {
                    season: row.season.clone(),
                    date: row.date,
                    home: row.home.clone(),
                    away: row.away.clone(),
                    result,
                    confirmation,
                    confirmed_by,
                    lines: vec![row.line],
                })
            }
            _ => out.errors.append(&mut errors),
        }
    }
    sort(&mut out.errors);
    out
}

/// A season's configuration as a file gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct DraftConfig {
    pub season: String,
    pub config: Config,
    /// The line of its first row.
    pub line: u64,
}

/// The settings a configuration row may give, as `don league new` takes them.
const SETTINGS: &str = "kind, points-per-match, walkover, roster-min, tie-breakers or don-rules";

/// A season's configuration as rows: `kind` (one for each kind of the night, in order),
/// `points-per-match`, `walkover` (only when set), `roster-min`, `tie-breakers`, `don-rules`.
pub fn config_rows(season: &str, config: &Config) -> Vec<ConfigRow> {
    let row = |setting: &str, value: String| ConfigRow {
        line: 0,
        season: season.to_string(),
        setting: setting.to_string(),
        value,
    };
    let mut rows: Vec<ConfigRow> = config
        .night
        .iter()
        .map(|k| row("kind", k.to_string()))
        .collect();
    rows.push(row("points-per-match", config.points_per_match.to_string()));
    if let Some(w) = config.walkover {
        rows.push(row("walkover", w.to_string()));
    }
    rows.push(row("roster-min", config.roster_min.to_string()));
    let breakers: Vec<&str> = config.tie_breakers.iter().map(|b| b.as_str()).collect();
    rows.push(row("tie-breakers", breakers.join(" ")));
    rows.push(row("don-rules", don_rules_words(config)));
    rows
}

/// `nine-card-don cut=high deals=none end_scoring=game …`: the Don ruleset as words.
fn don_rules_words(config: &Config) -> String {
    let json = crate::record::write::ruleset_json(&config.don_rules);
    let mut words = vec![json["variant"].as_str().unwrap_or_default().to_string()];
    if let Some(map) = json.as_object() {
        // An option with no value is left out: read back, it takes its default, none.
        for (key, value) in map.iter().filter(|(k, v)| *k != "variant" && !v.is_null()) {
            let v = match value {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            words.push(format!("{key}={v}"));
        }
    }
    words.join(" ")
}

/// The Don ruleset from words (as `--don-rules` takes it).
fn don_rules_from(words: &str) -> Result<crate::rules::Variant, String> {
    use serde_json::Value;
    let mut it = words.split_whitespace();
    let mut map = serde_json::Map::new();
    map.insert(
        "variant".into(),
        Value::from(it.next().unwrap_or("").to_lowercase()),
    );
    for word in it {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("\"{word}\" is not OPTION=VALUE (as in target=121)"))?;
        let typed = if let Ok(n) = value.parse::<i64>() {
            Value::from(n)
        } else {
            match value.to_ascii_lowercase().as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                "none" | "null" => Value::Null,
                _ => Value::from(value),
            }
        };
        map.insert(key.replace('-', "_"), typed);
    }
    crate::record::ruleset_from_json(Value::Object(map))
}

/// Configuration rows, season by season (in the order first seen): each setting read, the
/// ones left out Abercarn's, the whole checked.
pub fn configurations(
    rows: &[ConfigRow],
    column: &dyn Fn(&str) -> Option<Column>,
) -> (Vec<DraftConfig>, Vec<RowError>) {
    let mut errors = Vec::new();
    // Per season: the draft, the kinds given, the settings given.
    let mut seasons: Vec<(DraftConfig, Vec<KindConfig>, Vec<String>)> = Vec::new();
    for row in rows {
        let fault = |col: &str, message: String| RowError::new(row.line, column(col), message);
        let at = match seasons
            .iter()
            .position(|(d, _, _)| name_key(&d.season) == name_key(&row.season))
        {
            Some(at) => at,
            None => {
                seasons.push((
                    DraftConfig {
                        season: row.season.clone(),
                        config: Config::default(),
                        line: row.line,
                    },
                    Vec::new(),
                    Vec::new(),
                ));
                seasons.len() - 1
            }
        };
        let (draft, kinds, given) = &mut seasons[at];
        if row.setting != "kind" && given.contains(&row.setting) {
            errors.push(fault(
                "setting",
                format!("{} is given twice for {}", row.setting, draft.season),
            ));
            continue;
        }
        given.push(row.setting.clone());
        let number = |v: &str| -> Result<u32, String> {
            v.parse::<u32>()
                .map_err(|_| format!("`{v}` is not a number (0 or more)"))
        };
        let c = &mut draft.config;
        let done: Result<(), String> = match row.setting.as_str() {
            "kind" => row
                .value
                .parse::<KindConfig>()
                .map(|k| kinds.push(k))
                .map_err(|e| e.to_string()),
            "points-per-match" => number(&row.value).map(|n| c.points_per_match = n),
            "walkover" if row.value.is_empty() => {
                c.walkover = None;
                Ok(())
            }
            "walkover" => number(&row.value).map(|n| c.walkover = Some(n)),
            "roster-min" => number(&row.value).map(|n| c.roster_min = n),
            "tie-breakers" => Config::parse_breakers(&row.value)
                .map(|b| c.tie_breakers = b)
                .map_err(|e| e.to_string()),
            "don-rules" => don_rules_from(&row.value).map(|r| c.don_rules = r),
            other => {
                errors.push(fault(
                    "setting",
                    format!("`{other}` is not a setting: {SETTINGS}"),
                ));
                continue;
            }
        };
        if let Err(e) = done {
            errors.push(fault("value", e));
        }
    }
    let mut out = Vec::new();
    let failed: Vec<u64> = errors.iter().map(|e| e.line).collect();
    for (mut draft, kinds, _) in seasons {
        if !kinds.is_empty() {
            draft.config.night = kinds;
        }
        if let Err(e) = draft.config.validate() {
            errors.push(RowError::new(
                draft.line,
                None,
                format!("the configuration of {}: {e}", draft.season),
            ));
            continue;
        }
        if failed.is_empty() {
            out.push(draft);
        }
    }
    sort(&mut errors);
    (out, errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::config::Breaker;
    use crate::rules::Variant;

    fn read_back(config: &Config) -> Result<Config, Vec<RowError>> {
        let mut rows = config_rows("2025-26", config);
        for (i, r) in rows.iter_mut().enumerate() {
            r.line = i as u64 + 2;
        }
        let (drafts, errors) = configurations(&rows, &|_| None);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(drafts.into_iter().next().expect("one season").config)
    }

    #[test]
    fn a_configuration_written_as_rows_reads_back_the_same() {
        let mut config = Config::default();
        assert_eq!(read_back(&config), Ok(config.clone()));
        config.night = vec!["don=5,121,2,5".parse().unwrap()];
        config.points_per_match = 2;
        config.walkover = Some(4);
        config.roster_min = 6;
        config.tie_breakers = vec![Breaker::Points, Breaker::HeadToHead, Breaker::NightsWon];
        for variant in [
            "nine-card-don",
            "blind-don",
            "game-to-lose",
            "irish-don",
            "phat",
        ] {
            config.don_rules = Variant::default_for(variant).unwrap();
            // As the database keeps it.
            let stored = Config::from_json(&config.to_json()).unwrap();
            assert_eq!(read_back(&stored), Ok(stored.clone()), "{variant}");
        }
    }

    #[test]
    fn a_setting_unknown_or_given_twice_or_a_whole_that_does_not_hold_is_a_fault() {
        let row = |line, setting: &str, value: &str| ConfigRow {
            line,
            season: "2025-26".into(),
            setting: setting.into(),
            value: value.into(),
        };
        let (_, errors) = configurations(
            &[
                row(2, "points", "2"),
                row(3, "roster-min", "5"),
                row(4, "roster-min", "6"),
                row(5, "walkover", "ten"),
                row(6, "tie-breakers", "legs-won points"),
            ],
            &|_| None,
        );
        let said: Vec<(u64, String)> = errors.into_iter().map(|e| (e.line, e.message)).collect();
        assert_eq!(
            said,
            [
                (2, "`points` is not a setting: kind, points-per-match, walkover, roster-min, tie-breakers or don-rules".to_string()),
                (2, "the configuration of 2025-26: the table goes by points first: the tie-breakers begin with points".to_string()),
                (4, "roster-min is given twice for 2025-26".to_string()),
                (5, "`ten` is not a number (0 or more)".to_string()),
            ]
        );
    }
}
