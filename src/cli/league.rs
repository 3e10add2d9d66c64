//! `don league`, `don season`, `don team`, `don roster` and `don fixtures`: setting up a league
//! and its seasons.

use std::io::{self, BufWriter, Write};

use chrono::Weekday;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};
use serde_json::{Map, Value};

use don::league::fixtures::{double_round_robin, FixtureError};
use don::league::names::{given_twice, name_key, near_miss, near_team, quoted, shell_quoted, tidy};
use don::league::{Config, KindConfig};
use don::record::ruleset_from_json;
use don::store::{Change, LeagueInfo, SeasonInfo, Store, StoreError, TeamInfo};

use super::db::DbArg;
use super::error::{CliError, Done};
use super::new::typed;
use super::text::{count, shown};
use super::which::{parse_date, Which};

/// A league's configuration, as flags; each left out keeps its value.
#[derive(clap::Args, Debug, Default)]
#[command(next_help_heading = "Configuration (Abercarn by default; see docs/league.md)")]
pub struct ConfigFlags {
    /// The night's matches of one kind, KIND=MATCHES,TARGET,PLAYERS[,BEST_OF]; give one for
    /// each kind of the night [default: don=3,121,2 double-crib=3,121,2 single-crib=3,61,1]
    #[arg(long = "kind", value_name = "KIND=M,T,P[,B]")]
    kinds: Vec<String>,
    /// Every match is the best of this many legs [default: 3]
    #[arg(long, value_name = "LEGS")]
    best_of: Option<u32>,
    /// Championship points for a match won [default: 1]
    #[arg(long, value_name = "POINTS")]
    points_per_match: Option<u32>,
    /// Matches a walkover awards the team that turned up [default: every match of the night]
    #[arg(long, value_name = "MATCHES")]
    walkover: Option<u32>,
    /// Players a team's roster should have at least [default: 5]
    #[arg(long, value_name = "PLAYERS")]
    roster_min: Option<u32>,
    /// The tie-breakers in order, from points legs-difference legs-won head-to-head nights-won
    /// name [default: 'points legs-difference legs-won']
    #[arg(long, value_name = "LIST")]
    tie_breakers: Option<String>,
    /// The ruleset of the Don matches: a variant and its options, as in
    /// 'nine-card-don target=121 end_scoring=hljg' [default: nine-card-don]
    #[arg(long, value_name = "RULESET")]
    don_rules: Option<String>,
}

impl ConfigFlags {
    fn given(&self) -> bool {
        !self.kinds.is_empty()
            || self.best_of.is_some()
            || self.points_per_match.is_some()
            || self.walkover.is_some()
            || self.roster_min.is_some()
            || self.tie_breakers.is_some()
            || self.don_rules.is_some()
    }

    /// `base` with the flags given applied, checked whole.
    fn apply(&self, mut config: Config) -> Result<Config, CliError> {
        let usage = |e: &dyn std::fmt::Display| CliError::Usage(e.to_string());
        if !self.kinds.is_empty() {
            config.night = self
                .kinds
                .iter()
                .map(|k| k.parse::<KindConfig>())
                .collect::<Result<_, _>>()
                .map_err(|e| usage(&e))?;
        }
        if let Some(b) = self.best_of {
            for k in &mut config.night {
                k.best_of = b;
            }
        }
        if let Some(p) = self.points_per_match {
            config.points_per_match = p;
        }
        if let Some(w) = self.walkover {
            config.walkover = Some(w);
        }
        if let Some(r) = self.roster_min {
            config.roster_min = r;
        }
        if let Some(list) = &self.tie_breakers {
            config.tie_breakers = Config::parse_breakers(list).map_err(|e| usage(&e))?;
        }
        if let Some(rules) = &self.don_rules {
            config.don_rules = don_rules(rules)?;
        }
        config.validate().map_err(|e| usage(&e))?;
        Ok(config)
    }
}

/// `nine-card-don target=91 end_scoring=hljg`.
fn don_rules(text: &str) -> Result<don::rules::Variant, CliError> {
    let mut words = text.split_whitespace();
    let variant = words.next().unwrap_or("");
    let mut map = Map::new();
    map.insert("variant".into(), Value::from(variant.to_lowercase()));
    for word in words {
        let (key, value) = word.split_once('=').ok_or_else(|| {
            CliError::Usage(format!(
                "--don-rules: \"{word}\" is not OPTION=VALUE (as in target=121)"
            ))
        })?;
        map.insert(key.replace('-', "_"), typed(value));
    }
    ruleset_from_json(Value::Object(map)).map_err(|e| CliError::Usage(format!("--don-rules: {e}")))
}

/// Writes a league's (or a season's) configuration.
pub fn write_config(out: &mut impl Write, config: &Config) -> io::Result<()> {
    writeln!(out, "  Night:        {}", config.describe_night())?;
    writeln!(
        out,
        "  Points:       {} a match won ({} a night)",
        config.points_per_match,
        config.points_per_match * config.matches()
    )?;
    writeln!(
        out,
        "  Don rules:    {}",
        shown(&config.don_rules.describe())
    )?;
    writeln!(
        out,
        "  Walkover:     {}–0",
        config.walkover_matches() * config.points_per_match
    )?;
    writeln!(
        out,
        "  Roster:       at least {}",
        count(config.roster_min, "player", "players")
    )?;
    let breakers: Vec<&str> = config.breakers().iter().map(|b| b.as_str()).collect();
    writeln!(out, "  Tie-breakers: {}", breakers.join(", "))?;
    Ok(())
}

#[derive(clap::Subcommand)]
pub enum LeagueCommand {
    /// Make a league, with its configuration (Abercarn unless told otherwise).
    #[command(
        after_help = "Example:\n  don league new 'Abercarn Crib and Don League'\n  don league new 'Valleys Don' --kind don=5,121,2 --points-per-match 2 --tie-breakers 'points head-to-head legs-difference'"
    )]
    New {
        /// The league's name
        name: String,
        #[command(flatten)]
        config: ConfigFlags,
        #[command(flatten)]
        db: DbArg,
    },
    /// Show a league: its configuration, seasons and teams.
    #[command(after_help = "Example:\n  don league show --league Abercarn")]
    Show {
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Change a league's configuration: new seasons take it; seasons begun keep theirs.
    #[command(
        after_help = "Example:\n  don league set --tie-breakers 'points head-to-head legs-difference'"
    )]
    Set {
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        config: ConfigFlags,
        #[command(flatten)]
        db: DbArg,
    },
    /// List the leagues.
    #[command(after_help = "Example:\n  don league list")]
    List {
        #[command(flatten)]
        db: DbArg,
    },
}

pub fn league(command: LeagueCommand) -> Result<Done, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        LeagueCommand::New { name, config, db } => {
            let config = config.apply(Config::default())?;
            if !name.trim().is_empty() {
                // Before the database is opened (and made, if it is new).
                don::store::StoreError::check_name("the league's name", &name)?;
            }
            let mut store = db.open()?;
            let change = store.change("league")?;
            let league = change.add_league(&name, &config)?;
            change.commit(&format!("made the league {}", league.name), None)?;
            writeln!(out, "League {}:", shown(&league.name))?;
            write_config(&mut out, &league.config)?;
            writeln!(
                out,
                "Begin a season with: don season new NAME --league {}",
                shell_quoted(&shown(&league.name))
            )?;
        }
        LeagueCommand::Show { which, db } => {
            let store = db.open_read()?;
            let league = which.league(&store)?;
            show_league(&mut out, &store, &league)?;
        }
        LeagueCommand::Set { which, config, db } => {
            if !config.given() {
                return Err(CliError::Usage(
                    "say what to change (see `don league set --help`)".into(),
                ));
            }
            let mut store = db.open_existing()?;
            let change = store.change("league")?;
            let league = change.leagues().find(which.league_name().as_deref())?;
            let new = config.apply(league.config.clone())?;
            change.set_league_config(league.id, &new)?;
            change.commit(
                &format!("changed the configuration of {}", league.name),
                None,
            )?;
            writeln!(out, "League {} (new seasons):", shown(&league.name))?;
            write_config(&mut out, &new)?;
        }
        LeagueCommand::List { db } => {
            let store = db.open_read()?;
            let leagues = store.leagues().all()?;
            if leagues.is_empty() {
                writeln!(out, "No leagues.")?;
            }
            for l in leagues {
                let seasons = store.leagues().seasons(l.id)?;
                let names: Vec<&str> = seasons.iter().map(|s| s.name.as_str()).collect();
                let name = shown(&l.name);
                match names.len() {
                    0 => writeln!(out, "{name}: no seasons yet")?,
                    1 => writeln!(out, "{name}: 1 season, {}", shown(names[0]))?,
                    n => writeln!(out, "{name}: {n} seasons, {}", shown(&names.join(", ")))?,
                }
            }
        }
    }
    out.flush()?;
    Ok(Done::Ok)
}

fn show_league(out: &mut impl Write, store: &Store, league: &LeagueInfo) -> Result<(), CliError> {
    writeln!(out, "League {}", shown(&league.name))?;
    writeln!(out, "Configuration for new seasons:")?;
    write_config(out, &league.config)?;
    let seasons = store.leagues().seasons(league.id)?;
    if seasons.is_empty() {
        writeln!(out, "No seasons yet.")?;
    }
    for s in &seasons {
        let entries = store.leagues().entries(s.id)?;
        let fixtures = store.leagues().fixtures(s.id)?;
        let played = fixtures.iter().filter(|f| f.result.is_some()).count();
        writeln!(
            out,
            "Season {}: {}, {}, {} played",
            shown(&s.name),
            count(entries.len() as i64, "team", "teams"),
            count(
                fixtures.iter().filter(|f| !f.cancelled).count() as i64,
                "fixture",
                "fixtures"
            ),
            played
        )?;
        if s.config != league.config {
            writeln!(out, "  (kept from when it began:)")?;
            write_config(out, &s.config)?;
        }
    }
    let teams = store.leagues().teams(league.id)?;
    let list: Vec<String> = teams
        .iter()
        .map(|t| match &t.venue {
            Some(v) => format!("{} ({v})", t.name),
            None => t.name.clone(),
        })
        .collect();
    writeln!(
        out,
        "Teams: {}",
        if list.is_empty() {
            "none yet".into()
        } else {
            shown(&list.join(", ")).into_owned()
        }
    )?;
    Ok(())
}

#[derive(clap::Subcommand)]
pub enum SeasonCommand {
    /// Begin a season of a league, with the league's configuration as it is now.
    #[command(
        after_help = "Example:\n  don season new 2025-26 --teams 'Royal Oak, Red Lion, Fox and Hounds, Carpenters Arms'"
    )]
    New {
        /// The season's name, as 2025-26
        name: String,
        /// The league [default: $DON_LEAGUE, else the only one]
        #[arg(long, short = 'l')]
        league: Option<String>,
        /// Teams to enter, comma-separated (each must be a team of the league, or --create)
        #[arg(long, value_name = "NAMES")]
        teams: Option<String>,
        /// Enter the teams of the season made last (those not withdrawn from it)
        #[arg(long, conflicts_with = "teams")]
        same_teams: bool,
        /// Make teams that are not in the league yet
        #[arg(long)]
        create: bool,
        #[command(flatten)]
        db: DbArg,
    },
    /// List a league's seasons.
    #[command(after_help = "Example:\n  don season list --league 'Valleys League'")]
    List {
        /// The league [default: $DON_LEAGUE, else the only one]
        #[arg(long, short = 'l')]
        league: Option<String>,
        #[command(flatten)]
        db: DbArg,
    },
}

/// The team names of a comma-separated list as typed, spaces around each trimmed. A name is
/// tidied only where it is looked up or made: a team made from one is checked as typed
/// (`record::text::check`, in `add_team`), so a tab, carriage return, vertical tab or NEL in it
/// is refused, not made a space.
fn comma_list(list: &str) -> Vec<String> {
    list.split(',')
        .filter(|n| !don::league::names::tidy(n).is_empty())
        .map(|n| n.trim_matches(' ').to_string())
        .collect()
}

/// A team by name, made when `create` (and said so on `notes`), unless it is near a known team.
fn team_or_create(
    change: &Change,
    league: &LeagueInfo,
    name: &str,
    create: bool,
    notes: &mut Vec<String>,
) -> Result<TeamInfo, CliError> {
    match change.leagues().team(league, name) {
        Ok(t) => Ok(t),
        Err(_) if create => {
            let known = change.leagues().teams(league.id)?;
            if let Some(s) = near_team(name, known.iter().map(|t| t.name.as_str())) {
                return Err(CliError::Hinted {
                    error: Box::new(CliError::Usage(format!(
                        "no team '{}' in {}; did you mean '{s}'? (--create does not make a team near a known one)",
                        tidy(name),
                        league.name
                    ))),
                    hint: "if it is a new team, add it first with `don team add NAME`",
                });
            }
            let t = change.add_team(league, name, None)?;
            notes.push(format!("new team {}", t.name));
            Ok(t)
        }
        Err(e) => Err(e.into()),
    }
}

/// Refuses a team named twice in `--teams` (case and extra spaces ignored), naming it.
fn named_twice(names: &[String]) -> Result<(), CliError> {
    let Some((a, b)) = given_twice(names.iter().map(String::as_str)) else {
        return Ok(());
    };
    let (first, again) = (&names[a], &names[b]);
    let forms = if first == again {
        String::new()
    } else {
        format!(" (as {} and {})", quoted(first), quoted(again))
    };
    Err(CliError::Usage(format!(
        "--teams names {} twice{forms}: a team is entered in a season once",
        quoted(&tidy(first))
    )))
}

/// Refuses the teams of `names` that the league does not have, all named at once. A name near a
/// known team is taken for a slip of it ("did you mean"), and `--create` does not make it: a
/// team that really is new is added first with `don team add`. The hint that `--create` makes
/// the others is given only for names near no known team.
fn unknown_teams(
    change: &Change,
    league: &LeagueInfo,
    names: &[String],
    create: bool,
) -> Result<(), CliError> {
    let known = change.leagues().teams(league.id)?;
    let mut unknown = Vec::new();
    for name in names {
        match change.leagues().team(league, name) {
            Ok(_) => {}
            Err(StoreError::Refused(message)) => {
                let near = near_team(name, known.iter().map(|t| t.name.as_str()));
                unknown.push((name.as_str(), message, near));
            }
            Err(e) => return Err(e.into()),
        }
    }
    let near = unknown.iter().filter(|u| u.2.is_some()).count();
    if create {
        // The names near no known team are made; those near one are refused.
        unknown.retain(|u| u.2.is_some());
    }
    let message = match &unknown[..] {
        [] => return Ok(()),
        [(name, _, Some(s))] => format!(
            "no team '{}' in {}; did you mean '{s}'?",
            tidy(name),
            league.name
        ),
        [(_, message, None)] => message.clone(),
        several => {
            let words: Vec<String> = several
                .iter()
                .map(|(name, _, near)| match near {
                    Some(s) => format!("'{}' (did you mean '{s}'?)", tidy(name)),
                    None => format!("'{}'", tidy(name)),
                })
                .collect();
            format!("no teams {} in {}", words.join(", "), league.name)
        }
    };
    let one = unknown.len() == 1;
    let (message, hint) = if create {
        (
            format!("{message} (--create does not make a team near a known one)"),
            if one {
                "if it is a new team, add it first with `don team add NAME`"
            } else {
                "if one is a new team, add it first with `don team add NAME`"
            },
        )
    } else if near == 0 {
        (
            message,
            if one {
                "add --create to make it"
            } else {
                "add --create to make them"
            },
        )
    } else if near == unknown.len() {
        (
            message,
            if one {
                "if it is a new team, add it first with `don team add NAME`"
            } else {
                "if one is a new team, add it first with `don team add NAME`"
            },
        )
    } else {
        (
            message,
            "add --create to make the teams near no known one; a new team near a known one is added first with `don team add NAME`",
        )
    };
    Err(CliError::Hinted {
        error: Box::new(CliError::Usage(message)),
        hint,
    })
}

pub fn season(command: SeasonCommand) -> Result<Done, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        SeasonCommand::New {
            name,
            league,
            teams,
            same_teams,
            create,
            db,
        } => {
            let mut store = db.open_existing()?;
            let change = store.change("season")?;
            let league = change
                .leagues()
                .find(super::which::league_or_env(league.as_deref()).as_deref())?;
            let previous = change.leagues().seasons(league.id)?.into_iter().last();
            let season = change.add_season(&league, &name)?;
            let mut notes = Vec::new();
            let mut entered = Vec::new();
            if let Some(list) = &teams {
                let list = comma_list(list);
                named_twice(&list)?;
                unknown_teams(&change, &league, &list, create)?;
                for t in list {
                    let team = team_or_create(&change, &league, &t, create, &mut notes)?;
                    change.enter_team(season.id, team.id)?;
                    entered.push(team.name);
                }
            } else if same_teams {
                let prev = previous.ok_or_else(|| {
                    CliError::Usage(format!("{} has no earlier season", league.name))
                })?;
                for e in change.leagues().entries(prev.id)? {
                    if e.withdrawn.is_none() {
                        change.enter_team(season.id, e.team.id)?;
                        entered.push(e.team.name);
                    }
                }
            }
            change.commit(
                &format!("began season {} of {}", season.name, league.name),
                None,
            )?;
            writeln!(
                out,
                "Season {} of {}:",
                shown(&season.name),
                shown(&league.name)
            )?;
            write_config(&mut out, &season.config)?;
            for n in notes {
                writeln!(out, "  {}", shown(&n))?;
            }
            if !entered.is_empty() {
                writeln!(out, "Teams: {}", shown(&entered.join(", ")))?;
            }
        }
        SeasonCommand::List { league, db } => {
            let store = db.open_read()?;
            let league = store
                .leagues()
                .find(super::which::league_or_env(league.as_deref()).as_deref())?;
            for s in store.leagues().seasons(league.id)? {
                writeln!(out, "{}", shown(&s.name))?;
            }
        }
    }
    out.flush()?;
    Ok(Done::Ok)
}

#[derive(clap::Subcommand)]
pub enum TeamCommand {
    /// Add a pub or club team to a league (and enter it in a season, with --season).
    #[command(
        after_help = "Example:\n  don team add 'Royal Oak' --venue 'Royal Oak, Newbridge' --season 2025-26",
        mut_arg("season", |a| a.help("The season to enter the team in [default: none: the team is added to the league only]"))
    )]
    Add {
        /// The team's name (the pub's or club's, as the league knows it)
        name: String,
        /// Where it plays at home
        #[arg(long)]
        venue: Option<String>,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Set a team's venue.
    #[command(
        after_help = "Example:\n  don team venue 'Royal Oak' 'Royal Oak, High Street, Newbridge'",
        mut_arg("season", |a| a.help("Not used: a team's venue is the same in every season"))
    )]
    Venue {
        /// The team
        team: String,
        /// Where it plays at home
        venue: String,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// List a league's teams, with their rosters for a season.
    #[command(after_help = "Example:\n  don team list --season 2025-26")]
    List {
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
}

pub fn team(command: TeamCommand) -> Result<Done, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        TeamCommand::Add {
            name,
            venue,
            which,
            db,
        } => {
            let mut store = db.open_existing()?;
            let change = store.change("team")?;
            let league = change.leagues().find(which.league_name().as_deref())?;
            let known = change.leagues().teams(league.id)?;
            let look_alike = don::record::text::look_alike_warning(
                "team",
                &name,
                known.iter().map(|t| t.name.as_str()),
            );
            let team = change.add_team(&league, &name, venue.as_deref())?;
            let mut said = format!("Team {} added to {}", team.name, league.name);
            if which.season.is_some() {
                let season = change.leagues().season(&league, which.season.as_deref())?;
                change.enter_team(season.id, team.id)?;
                said.push_str(&format!(" and entered in season {}", season.name));
            }
            change.commit(&format!("added the team {}", team.name), None)?;
            writeln!(out, "{}.", shown(&said))?;
            if let Some(w) = look_alike {
                out.flush()?;
                eprintln!(
                    "{}: {w} (`don undo` takes the new team back)",
                    super::colour::Paint::stderr().warning()
                );
            }
        }
        TeamCommand::Venue {
            team,
            venue,
            which,
            db,
        } => {
            let mut store = db.open_existing()?;
            let change = store.change("team")?;
            let league = change.leagues().find(which.league_name().as_deref())?;
            let team = change.leagues().team(&league, &team)?;
            change.set_venue(team.id, Some(&venue))?;
            change.commit(&format!("set the venue of {}", team.name), None)?;
            writeln!(
                out,
                "{} plays at {}.",
                shown(&team.name),
                shown(&don::league::names::tidy(&venue))
            )?;
        }
        TeamCommand::List { which, db } => {
            let store = db.open_read()?;
            let league = which.league(&store)?;
            let seasons = store.leagues().seasons(league.id)?;
            if seasons.is_empty() || (which.season.is_none() && seasons.is_empty()) {
                for t in store.leagues().teams(league.id)? {
                    writeln!(out, "{}", shown(&t.name))?;
                }
            } else {
                let today = chrono::Local::now().date_naive();
                let season =
                    store
                        .leagues()
                        .current_season(&league, which.season.as_deref(), today)?;
                write_rosters(&mut out, &store, &season, None)?;
            }
        }
    }
    out.flush()?;
    Ok(Done::Ok)
}

/// The teams of a season with their rosters, each below the minimum marked.
fn write_rosters(
    out: &mut impl Write,
    store: &Store,
    season: &SeasonInfo,
    only: Option<&TeamInfo>,
) -> Result<(), CliError> {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["Team", "Venue", "Players", "Roster"]);
    let mut short = Vec::new();
    for e in store.leagues().entries(season.id)? {
        if only.is_some_and(|t| t.id != e.team.id) {
            continue;
        }
        if (e.roster.len() as u32) < season.config.roster_min {
            short.push(format!(
                "warning: {} has {} on its roster; a roster has at least {}",
                shown(&e.team.name),
                super::text::count(e.roster.len() as i64, "player", "players"),
                season.config.roster_min
            ));
        }
        let name = match e.withdrawn {
            Some(d) => format!("{} (withdrew {d})", shown(&e.team.name)),
            None => shown(&e.team.name).into_owned(),
        };
        table.add_row([
            name,
            shown(e.team.venue.as_deref().unwrap_or_default()).into_owned(),
            e.roster.len().to_string(),
            shown(&e.roster.join(", ")).into_owned(),
        ]);
    }
    // The number of players is never broken across lines.
    super::text::fit(&mut table, &[2], &[0]);
    writeln!(out, "Season {}", shown(&season.name))?;
    writeln!(out, "{table}")?;
    let paint = super::colour::Paint::stderr();
    for s in short {
        eprintln!("{}", paint.line(&s));
    }
    Ok(())
}

#[derive(clap::Subcommand)]
pub enum RosterCommand {
    /// Put players on a team's roster for a season (new players are made).
    #[command(
        after_help = "Example:\n  don roster add 'Royal Oak' 'Gareth Jones' 'Rhys Evans' 'Dai Morgan'",
        mut_arg("season", |a| a.help("The season [default: the one being set up: made last, while it has no fixtures; else the current one, whose fixtures' dates hold today, else the latest by dates]"))
    )]
    Add {
        /// The team
        team: String,
        /// The players' names
        #[arg(required = true)]
        players: Vec<String>,
        /// Make the team if the league has none of that name
        #[arg(long)]
        create: bool,
        /// A name close to a player the league knows ("Ivor Jams" beside "Ivor James") is
        /// someone new, not a slip (repeat for each)
        #[arg(long = "new-player", value_name = "NAME")]
        new_players: Vec<String>,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Take players off a team's roster for a season.
    #[command(after_help = "Example:\n  don roster remove 'Royal Oak' 'Rhys Evans'")]
    Remove {
        /// The team
        team: String,
        /// The players' names
        #[arg(required = true)]
        players: Vec<String>,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Show the rosters of a season (of one team, if named); a roster below the minimum is
    /// warned about.
    #[command(after_help = "Example:\n  don roster show 'Royal Oak' --season 2025-26")]
    Show {
        /// Only this team [default: every team of the season]
        team: Option<String>,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
}

pub fn roster(command: RosterCommand) -> Result<Done, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        RosterCommand::Add {
            team,
            players,
            create,
            new_players,
            which,
            db,
        } => {
            // One player named twice (as names match) is a slip, not two players.
            if let Some((first, second)) =
                don::league::names::given_twice(players.iter().map(String::as_str))
            {
                return Err(CliError::Usage(format!(
                    "{} is named twice (the second time as {}): name each player once",
                    don::league::names::quoted(&players[first]),
                    don::league::names::quoted(&players[second])
                )));
            }
            let mut store = db.open_existing()?;
            let change = store.change("roster")?;
            let (league, season) = which.being_set_up(&change)?;
            let mut notes = Vec::new();
            let team = team_or_create(&change, &league, &team, create, &mut notes)?;
            // A name a letter or two from a player the league knows is a slip unless said new.
            let known = change.leagues().league_players(league.id)?;
            let known: Vec<&str> = known.iter().map(String::as_str).collect();
            let new: Vec<String> = new_players.iter().map(|n| name_key(n)).collect();
            for p in &players {
                if new.contains(&name_key(p)) {
                    continue;
                }
                if let Some(meant) = near_miss(p, &[], &known) {
                    let p = don::league::names::tidy(p);
                    return Err(CliError::Usage(format!(
                        "{p} is not a player of the league; did you mean '{meant}'? (if {p} is someone new, say so with --new-player '{p}')"
                    )));
                }
            }
            let look_alike: Vec<String> = players
                .iter()
                .filter_map(|p| {
                    don::record::text::look_alike_warning("player", p, known.iter().copied())
                })
                .collect();
            let mut added = Vec::new();
            for p in &players {
                if change.add_to_roster(season.id, team.id, p)? {
                    added.push(don::league::names::tidy(p));
                }
            }
            let size = change
                .leagues()
                .entries(season.id)?
                .into_iter()
                .find(|e| e.team.id == team.id)
                .map_or(0, |e| e.roster.len());
            change.commit(
                &format!("added {} to the roster of {}", added.join(", "), team.name),
                None,
            )?;
            for n in notes {
                writeln!(out, "{}", shown(&n))?;
            }
            writeln!(
                out,
                "{} ({}): {} added; {} on the roster.",
                shown(&team.name),
                shown(&season.name),
                if added.is_empty() {
                    "nobody".into()
                } else {
                    shown(&added.join(", ")).into_owned()
                },
                size
            )?;
            for w in look_alike {
                out.flush()?;
                eprintln!("{}: {w}", super::colour::Paint::stderr().warning());
            }
            if (size as u32) < season.config.roster_min {
                eprintln!(
                    "{}: {} has {} on its roster; a roster has at least {}",
                    super::colour::Paint::stderr().warning(),
                    shown(&team.name),
                    super::text::count(size as i64, "player", "players"),
                    season.config.roster_min
                );
            }
        }
        RosterCommand::Remove {
            team,
            players,
            which,
            db,
        } => {
            let mut store = db.open_existing()?;
            let change = store.change("roster")?;
            let (league, season) = which.being_set_up(&change)?;
            let team = change.leagues().team(&league, &team)?;
            for p in &players {
                if !change.remove_from_roster(season.id, team.id, p)? {
                    return Err(CliError::Usage(format!(
                        "{} is not on the roster of {} for {}",
                        don::league::names::tidy(p),
                        team.name,
                        season.name
                    )));
                }
            }
            change.commit(
                &format!(
                    "took {} off the roster of {}",
                    players.join(", "),
                    team.name
                ),
                None,
            )?;
            writeln!(
                out,
                "{}: {} taken off the roster.",
                shown(&team.name),
                shown(&players.join(", "))
            )?;
        }
        RosterCommand::Show { team, which, db } => {
            let store = db.open_read()?;
            let (league, season) = which.both(&store)?;
            let team = team
                .map(|t| store.leagues().team(&league, &t))
                .transpose()?;
            write_rosters(&mut out, &store, &season, team.as_ref())?;
        }
    }
    out.flush()?;
    Ok(Done::Ok)
}

#[derive(clap::Subcommand)]
pub enum FixturesCommand {
    /// Make a season's fixtures: a double round robin of its teams, one round a week.
    #[command(
        after_help = "Example:\n  don fixtures generate --start 2025-09-01 --weekday thu --skip 2025-12-25 --skip 2026-01-01",
        mut_arg("season", |a| a.help("The season to plan [default: the one season with no fixtures yet]"))
    )]
    Generate {
        /// The first day a round may be played
        #[arg(long, value_name = "DATE")]
        start: String,
        /// The night of the week matches are played [mon … sun]
        #[arg(long)]
        weekday: String,
        /// A date with no round (Christmas, a cup night); repeat as needed
        #[arg(long, value_name = "DATE")]
        skip: Vec<String>,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// List a season's fixtures and results, by date or for one team.
    #[command(after_help = "Example:\n  don fixtures list --team 'Royal Oak'")]
    List {
        /// Only this team's fixtures
        #[arg(long)]
        team: Option<String>,
        /// Only fixtures not yet played
        #[arg(long)]
        unplayed: bool,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Move a fixture to another date.
    #[command(
        after_help = "Example:\n  don fixtures move 14 2026-01-08",
        mut_arg("season", |a| a.help("The season [default: the one that holds the fixture]"))
    )]
    Move {
        /// The fixture's number (as `don fixtures list` shows it)
        fixture: i64,
        /// The new date (YYYY-MM-DD)
        date: String,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Cancel a fixture not yet played.
    #[command(
        after_help = "Example:\n  don fixtures cancel 14",
        mut_arg("season", |a| a.help("The season [default: the one that holds the fixture]"))
    )]
    Cancel {
        /// The fixture's number (as `don fixtures list` shows it)
        fixture: i64,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Add one fixture by hand.
    #[command(
        after_help = "Example:\n  don fixtures add 'Royal Oak' 'Red Lion' 2026-04-02",
        mut_arg("season", |a| a.help("The season [default: the one whose dates hold DATE, else the current one]"))
    )]
    Add {
        /// The home team
        home: String,
        /// The away team
        away: String,
        /// The date (YYYY-MM-DD)
        date: String,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
}

fn parse_weekday(text: &str) -> Result<Weekday, CliError> {
    text.trim().parse::<Weekday>().map_err(|_| {
        CliError::Usage(format!(
            "--weekday: \"{text}\" is not a day of the week (mon … sun)"
        ))
    })
}

pub fn fixtures(command: FixturesCommand) -> Result<Done, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    match command {
        FixturesCommand::Generate {
            start,
            weekday,
            skip,
            which,
            db,
        } => {
            let start = parse_date(&start, "--start")?;
            let weekday = parse_weekday(&weekday)?;
            let skip = skip
                .iter()
                .map(|d| parse_date(d, "--skip"))
                .collect::<Result<Vec<_>, _>>()?;
            let mut store = db.open_existing()?;
            let change = store.change("fixtures")?;
            let (league, season) = which.unscheduled(&change)?;
            if !change.leagues().fixtures(season.id)?.is_empty() {
                return Err(CliError::Usage(format!(
                    "season {} has fixtures already; move or cancel them one by one, or `don undo` the ones made",
                    season.name
                )));
            }
            let entries: Vec<_> = change
                .leagues()
                .entries(season.id)?
                .into_iter()
                .filter(|e| e.withdrawn.is_none())
                .collect();
            let ids: Vec<i64> = entries.iter().map(|e| e.team.id).collect();
            let plan = double_round_robin(&ids, start, weekday, &skip).map_err(|e| {
                CliError::Usage(match e {
                    FixtureError::OutOfDates => format!(
                        "season {}: {e} (--start {start}); start earlier, or skip fewer dates",
                        season.name
                    ),
                    FixtureError::SkipOffDay(..)
                    | FixtureError::SkipBefore(..)
                    | FixtureError::SkipAfter(..) => {
                        format!("--skip: {e}")
                    }
                    FixtureError::TooFew(_) | FixtureError::Twice(_) => format!(
                        "season {}: {e}; enter teams with `don team add NAME --season {}`",
                        season.name,
                        shell_quoted(&season.name)
                    ),
                })
            })?;
            // No round in another season's dates.
            if let (Some(first), Some(last)) = (plan.dates.first(), plan.dates.last()) {
                change
                    .leagues()
                    .check_schedule(&league, season.id, *first, *last)?;
            }
            for f in &plan.fixtures {
                change.add_fixture(season.id, Some(f.round), f.date, f.home, f.away)?;
            }
            change.commit(
                &format!(
                    "made {} fixtures of season {}",
                    plan.fixtures.len(),
                    season.name
                ),
                None,
            )?;
            writeln!(
                out,
                "{} fixtures in {} rounds, {} to {}.",
                plan.fixtures.len(),
                plan.dates.len(),
                plan.dates
                    .first()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                plan.dates
                    .last()
                    .map(ToString::to_string)
                    .unwrap_or_default()
            )?;
            writeln!(out, "List them with: don fixtures list")?;
        }
        FixturesCommand::List {
            team,
            unplayed,
            which,
            db,
        } => {
            let store = db.open_read()?;
            let (league, season) = which.both(&store)?;
            let team = team
                .map(|t| store.leagues().team(&league, &t))
                .transpose()?;
            super::night::write_fixtures(&mut out, &store, &season, team.as_ref(), unplayed)?;
        }
        FixturesCommand::Move {
            fixture,
            date,
            which,
            db,
        } => {
            let day = parse_date(&date, "DATE")?;
            let mut store = db.open_existing()?;
            let change = store.change("fixtures")?;
            let (league, season) = which.of_fixture(&change.leagues(), fixture)?;
            let f = super::night::fixture_by_number(&change, &season, fixture)?;
            change
                .leagues()
                .season_on(&league, Some(&season.name), day, None)?;
            if f.result.is_some() {
                return Err(CliError::Usage(format!(
                    "fixture {fixture} ({} v {}) has been played; its night stays on {}",
                    f.home.name, f.away.name, f.date
                )));
            }
            if f.date == day {
                // Nothing to move: no change, nothing in the log.
                writeln!(
                    out,
                    "Fixture {fixture}: {} v {} is on {day} already; nothing is changed.",
                    shown(&f.home.name),
                    shown(&f.away.name),
                )?;
                return Ok(Done::Ok);
            }
            change.move_fixture(f.id, day)?;
            change.commit(
                &format!(
                    "moved {} v {} from {} to {day}",
                    f.home.name, f.away.name, f.date
                ),
                None,
            )?;
            writeln!(
                out,
                "Fixture {fixture}: {} v {} moved from {} to {day}.",
                shown(&f.home.name),
                shown(&f.away.name),
                f.date
            )?;
        }
        FixturesCommand::Cancel { fixture, which, db } => {
            let mut store = db.open_existing()?;
            let change = store.change("fixtures")?;
            let (_, season) = which.of_fixture(&change.leagues(), fixture)?;
            let f = super::night::fixture_by_number(&change, &season, fixture)?;
            if f.result.is_some() {
                return Err(CliError::Usage(format!(
                    "fixture {fixture} ({} v {}) has been played; `don undo` or a withdrawal takes a result away",
                    f.home.name, f.away.name
                )));
            }
            if f.cancelled {
                return Err(CliError::Usage(format!(
                    "fixture {fixture} is cancelled already"
                )));
            }
            change.set_cancelled(f.id, true)?;
            change.commit(
                &format!("cancelled {} v {} on {}", f.home.name, f.away.name, f.date),
                None,
            )?;
            writeln!(
                out,
                "Fixture {fixture}: {} v {} on {} cancelled.",
                shown(&f.home.name),
                shown(&f.away.name),
                f.date
            )?;
        }
        FixturesCommand::Add {
            home,
            away,
            date,
            which,
            db,
        } => {
            let day = parse_date(&date, "DATE")?;
            let mut store = db.open_existing()?;
            let change = store.change("fixtures")?;
            let (league, season) = which.on(&change.leagues(), Some(day))?;
            let home = change.leagues().team(&league, &home)?;
            let away = change.leagues().team(&league, &away)?;
            let id = change.add_fixture(season.id, None, day, home.id, away.id)?;
            change.commit(
                &format!("added {} v {} on {day}", home.name, away.name),
                None,
            )?;
            writeln!(
                out,
                "Fixture {id}: {} v {} on {day}.",
                shown(&home.name),
                shown(&away.name)
            )?;
        }
    }
    out.flush()?;
    Ok(Done::Ok)
}
