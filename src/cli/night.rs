//! `don night` (enter and show match nights), `don walkover`, `don deduct`, `don award` and
//! `don withdraw`: the results of a season and its adjustments.

use std::io::{self, BufWriter, Write};

use chrono::NaiveDate;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};

use don::league::entry::{
    parse_leg_entries, parse_legs, parse_match, parse_players, LegEntry, MatchEntry,
};
use don::league::night::{check_night_warnings, check_totals, missing, NightWarning};
use don::league::{Config, Confirmation, Kind, Leg, Match, NightResult, Pair, Side};
use don::store::{Change, Fixture, LeagueInfo, LeagueReader, LegGame, SeasonInfo, Store, TeamInfo};

use super::db::DbArg;
use super::error::{CliError, Done};
use super::prompt::{stdin_prompt, Prompt};
use super::text::{count, shown};
use super::which::{parse_date, Which};

/// A fixture of a season by its number.
pub fn fixture_by_number(
    change: &Change,
    season: &SeasonInfo,
    number: i64,
) -> Result<Fixture, CliError> {
    change
        .leagues()
        .fixtures(season.id)?
        .into_iter()
        .find(|f| f.id == number)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "season {} has no fixture {number} (see `don fixtures list`)",
                season.name
            ))
        })
}

/// A night's result in a few words: "6–3", "walkover to Royal Oak", "4–2 so far".
pub fn result_words(f: &Fixture, config: &Config) -> String {
    match &f.result {
        None if f.cancelled => "cancelled".into(),
        None => String::new(),
        Some(NightResult::Totals(t)) => format!("{}–{} (totals)", t.home, t.away),
        Some(NightResult::Walkover(side)) => {
            let to = if *side == Side::Home {
                &f.home.name
            } else {
                &f.away.name
            };
            let w = config.walkover_matches();
            let (h, a) = if *side == Side::Home { (w, 0) } else { (0, w) };
            format!("{h}–{a} walkover to {to}")
        }
        Some(NightResult::Matches(ms)) => {
            let mut won = Pair::<u32>::default();
            for m in ms {
                won[m.winner()] += 1;
            }
            let left = missing(config, ms).len();
            if left == 0 {
                format!("{}–{}", won.home, won.away)
            } else {
                format!("{}–{} so far ({left} to enter)", won.home, won.away)
            }
        }
    }
}

/// How a night stands when both teams do not yet stand by it: "Provisional: entered for Royal
/// Oak, to be confirmed for Red Lion", "Disputed by Red Lion: …".
pub fn standing_words(f: &Fixture) -> Option<String> {
    let name = |side: Side| match side {
        Side::Home => &f.home.name,
        Side::Away => &f.away.name,
    };
    match &f.confirmation {
        Confirmation::Confirmed => None,
        Confirmation::Provisional { entered_by } => Some(format!(
            "Provisional: entered for {}, to be confirmed for {}",
            name(*entered_by),
            name(entered_by.other())
        )),
        Confirmation::Disputed { by, reason, .. } => {
            Some(format!("Disputed by {}: {reason}", name(*by)))
        }
    }
}

/// The fixtures of a season as a table.
pub fn write_fixtures(
    out: &mut impl Write,
    store: &Store,
    season: &SeasonInfo,
    team: Option<&TeamInfo>,
    unplayed: bool,
) -> Result<(), CliError> {
    let fixtures = store.leagues().fixtures(season.id)?;
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["No.", "Round", "Date", "Home", "Away", "Result"]);
    let mut n = 0;
    for f in &fixtures {
        if team.is_some_and(|t| f.home.id != t.id && f.away.id != t.id) {
            continue;
        }
        if unplayed && (f.result.is_some() || f.cancelled) {
            continue;
        }
        n += 1;
        table.add_row([
            f.id.to_string(),
            f.round.map(|r| r.to_string()).unwrap_or_default(),
            f.date.format("%a %-d %b %Y").to_string(),
            shown(&f.home.name).into_owned(),
            shown(&f.away.name).into_owned(),
            shown(&match (f.result.is_some(), f.confirmation.is_confirmed()) {
                (true, false) => format!(
                    "{} ({})",
                    result_words(f, &season.config),
                    f.confirmation.word()
                ),
                _ => result_words(f, &season.config),
            })
            .into_owned(),
        ]);
    }
    if n == 0 {
        writeln!(out, "No fixtures.")?;
    } else {
        writeln!(out, "Season {}", shown(&season.name))?;
        writeln!(out, "{table}")?;
    }
    Ok(())
}

#[derive(clap::Subcommand)]
pub enum NightCommand {
    /// Enter a match night: match by match at a prompt, or with --match, --totals or --walkover.
    #[command(
        after_help = "A match is typed KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]:
  don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-87 96-121 121-110
  single-crib 3; Sian; Mair; 0-2
  don 2; ; ; 2-0; #14 #15        (legs scored with `don play` as games 14 and 15)

Examples:
  don night enter 'Royal Oak' 'Red Lion' --date 2025-09-04
  don night enter 'Royal Oak' 'Red Lion' --match 'don 1; Gareth+Rhys; Dai+Huw; 2-1'
  don night enter 'Royal Oak' 'Red Lion' --totals 5-4"
    )]
    Enter(EnterArgs),
    /// Show a night's matches, players, legs and leg scores.
    #[command(after_help = "Example:\n  don night show 'Royal Oak' 'Red Lion'")]
    Show {
        /// The home team
        home: String,
        /// The away team
        away: String,
        /// The night's date, when the teams met more than once
        #[arg(long)]
        date: Option<String>,
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        db: DbArg,
    },
    /// Confirm a night's result for the team that did not enter it: it is then no longer
    /// provisional (a disputed night confirmed is settled).
    #[command(after_help = "Example:\n  don night confirm 'Royal Oak' 'Red Lion' --by 'Red Lion'")]
    Confirm(ConfirmArgs),
    /// Dispute a night's result, with a reason: the pages mark it, and `standings --confirmed`
    /// leaves it out until it is confirmed.
    #[command(
        after_help = "Example:\n  don night dispute 'Royal Oak' 'Red Lion' --by 'Red Lion' --reason 'single crib 2 was 2-1 to us'"
    )]
    Dispute(DisputeArgs),
}

/// Which night: the two teams, and the date when they met more than once.
#[derive(clap::Args)]
pub struct NightArgs {
    /// The home team
    home: String,
    /// The away team
    away: String,
    /// The night's date, when the teams met more than once
    #[arg(long)]
    date: Option<String>,
    /// The team confirming or disputing [default: the team that did not enter the night]
    #[arg(long, value_name = "TEAM")]
    by: Option<String>,
    #[command(flatten)]
    which: Which,
    #[command(flatten)]
    db: DbArg,
}

#[derive(clap::Args)]
pub struct ConfirmArgs {
    #[command(flatten)]
    night: NightArgs,
}

#[derive(clap::Args)]
pub struct DisputeArgs {
    #[command(flatten)]
    night: NightArgs,
    /// Why the result is not accepted (shown on the published pages)
    #[arg(long)]
    reason: String,
}

#[derive(clap::Args)]
pub struct EnterArgs {
    /// The home team (the fixture's, as `don fixtures list` shows it)
    home: String,
    /// The away team
    away: String,
    /// The night's date [default: the fixture's]
    #[arg(long)]
    date: Option<String>,
    /// A match: KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]; repeat for each
    #[arg(long = "match", value_name = "MATCH")]
    matches: Vec<String>,
    /// Only the night's result is known: matches won, home first (e.g. 5-4)
    #[arg(long, value_name = "H-A", conflicts_with_all = ["matches", "walkover"])]
    totals: Option<String>,
    /// One team did not turn up: the side that did (home or away)
    #[arg(long, value_name = "SIDE", conflicts_with = "matches")]
    walkover: Option<String>,
    /// The team entering the night; it stays provisional until confirmed for the other
    /// [default: the home team]
    #[arg(long = "for", value_name = "TEAM")]
    entered_for: Option<String>,
    #[command(flatten)]
    which: Which,
    #[command(flatten)]
    db: DbArg,
}

pub fn night(command: NightCommand) -> Result<Done, CliError> {
    match command {
        NightCommand::Enter(args) => enter(args),
        NightCommand::Show {
            home,
            away,
            date,
            which,
            db,
        } => {
            let store = db.open_existing()?;
            let (league, season) = which.both(&store)?;
            let home = store.leagues().team(&league, &home)?;
            let away = store.leagues().team(&league, &away)?;
            let day = date.map(|d| parse_date(&d, "--date")).transpose()?;
            let found: Vec<Fixture> = store
                .leagues()
                .fixtures(season.id)?
                .into_iter()
                .filter(|f| f.home.id == home.id && f.away.id == away.id)
                .filter(|f| day.is_none_or(|d| f.date == d))
                .collect();
            let mut out = BufWriter::new(io::stdout().lock());
            if found.is_empty() {
                return Err(CliError::Usage(format!(
                    "season {} has no fixture {} v {}{}",
                    season.name,
                    home.name,
                    away.name,
                    day.map(|d| format!(" on {d}")).unwrap_or_default()
                )));
            }
            for f in &found {
                write_night(&mut out, f, &season.config)?;
            }
            out.flush()?;
            Ok(Done::Ok)
        }
        NightCommand::Confirm(args) => settle(args.night, None),
        NightCommand::Dispute(args) => settle(args.night, Some(args.reason)),
    }
}

/// The one night between two teams (on `date`, when given) that has a result.
fn played_night(
    leagues: &LeagueReader<'_>,
    league: &LeagueInfo,
    season: &SeasonInfo,
    home: &str,
    away: &str,
    date: Option<&str>,
) -> Result<Fixture, CliError> {
    let home = leagues.team(league, home)?;
    let away = leagues.team(league, away)?;
    let day = date.map(|d| parse_date(d, "--date")).transpose()?;
    let found: Vec<Fixture> = leagues
        .fixtures(season.id)?
        .into_iter()
        .filter(|f| f.home.id == home.id && f.away.id == away.id)
        .filter(|f| day.is_none_or(|d| f.date == d))
        .filter(|f| f.result.is_some())
        .collect();
    let on = day.map(|d| format!(" on {d}")).unwrap_or_default();
    match <[Fixture; 1]>::try_from(found) {
        Ok([f]) => Ok(f),
        Err(found) if found.is_empty() => Err(CliError::Usage(format!(
            "season {} has no night {} v {}{on} with a result",
            season.name, home.name, away.name
        ))),
        Err(found) => Err(CliError::Usage(format!(
            "{} v {} played on {}; give the night's --date",
            home.name,
            away.name,
            found
                .iter()
                .map(|f| f.date.to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        ))),
    }
}

/// `don night confirm` (no reason) and `don night dispute` (with its reason).
fn settle(args: NightArgs, dispute: Option<String>) -> Result<Done, CliError> {
    let mut store = args.db.open_existing()?;
    let change = store.change(if dispute.is_some() {
        "night dispute"
    } else {
        "night confirm"
    })?;
    let (league, season) = args.which.in_change(&change)?;
    let leagues = change.leagues();
    let f = played_night(
        &leagues,
        &league,
        &season,
        &args.home,
        &args.away,
        args.date.as_deref(),
    )?;
    let title = format!("{} v {} on {}", f.home.name, f.away.name, f.date);
    if !is_done(&f, &season.config) {
        return Err(CliError::Usage(format!(
            "{title} is not complete: {}; finish entering it first",
            result_words(&f, &season.config)
        )));
    }
    let by = match &args.by {
        Some(name) => {
            let team = leagues.team(&league, name)?;
            if team.id == f.home.id {
                Some(Side::Home)
            } else if team.id == f.away.id {
                Some(Side::Away)
            } else {
                return Err(CliError::Usage(format!(
                    "{} did not play in {title}",
                    team.name
                )));
            }
        }
        None => None,
    };
    let name = |side: Side| match side {
        Side::Home => &f.home.name,
        Side::Away => &f.away.name,
    };
    let today = chrono::Local::now().date_naive();
    // The team that entered the night neither confirms nor disputes it.
    let entered_by = match &f.confirmation {
        Confirmation::Provisional { entered_by } => Some(*entered_by),
        Confirmation::Disputed { entered_by, .. } => *entered_by,
        Confirmation::Confirmed => None,
    };
    if let (Some(by), Some(entered)) = (by, entered_by) {
        if by == entered {
            let what = if dispute.is_some() {
                "disputes"
            } else {
                "confirms"
            };
            return Err(CliError::Usage(format!(
                "{title} was entered for {}; {} {what} it",
                name(entered),
                name(entered.other())
            )));
        }
    }
    let (confirmation, summary) = match (dispute, &f.confirmation) {
        (None, Confirmation::Confirmed) => {
            return Err(CliError::Usage(format!("{title} is confirmed already")))
        }
        (None, Confirmation::Provisional { entered_by }) => (
            Confirmation::Confirmed,
            format!("{title}: confirmed for {}", name(entered_by.other())),
        ),
        (None, Confirmation::Disputed { by: disputer, .. }) => (
            Confirmation::Confirmed,
            format!(
                "{title}: the dispute is settled; confirmed for {}",
                name(by.unwrap_or(*disputer))
            ),
        ),
        (Some(reason), current) => {
            let reason = reason.trim().to_string();
            if reason.is_empty() {
                return Err(CliError::Usage(
                    "--reason: say why the result is disputed".into(),
                ));
            }
            if let Err(e) = don::record::text::check(&reason) {
                return Err(CliError::Usage(format!(
                    "--reason \"{}\" {e}",
                    shown(&reason)
                )));
            }
            let by = match (by, current) {
                (Some(by), _) => by,
                (None, Confirmation::Provisional { entered_by }) => entered_by.other(),
                (None, Confirmation::Disputed { by, .. }) => *by,
                (None, Confirmation::Confirmed) => {
                    return Err(CliError::Usage(format!(
                        "{title} is confirmed; say which team disputes it with --by"
                    )))
                }
            };
            (
                Confirmation::Disputed {
                    by,
                    reason: reason.clone(),
                    entered_by,
                },
                format!("{title}: disputed by {}: {reason}", name(by)),
            )
        }
    };
    change.set_confirmation(f.id, &confirmation, today)?;
    change.commit(&summary, None)?;
    writeln!(io::stdout().lock(), "{}.", shown(&summary))?;
    Ok(Done::Ok)
}

/// A night's card: each match with its players, legs and leg scores.
pub fn write_night(out: &mut impl Write, f: &Fixture, config: &Config) -> io::Result<()> {
    writeln!(
        out,
        "{} v {}, {}: {}",
        shown(&f.home.name),
        shown(&f.away.name),
        f.date.format("%a %-d %b %Y"),
        match result_words(f, config).as_str() {
            "" => "not played yet".to_string(),
            w => shown(w).into_owned(),
        }
    )?;
    if f.result.is_some() {
        if let Some(line) = standing_words(f) {
            writeln!(out, "{}", shown(&line))?;
        }
    }
    if let Some(NightResult::Matches(ms)) = &f.result {
        let mut table = Table::new();
        table.load_preset(UTF8_FULL_CONDENSED);
        table.set_header([
            "Match",
            &shown(&f.home.name),
            &shown(&f.away.name),
            "Legs",
            "Leg scores",
        ]);
        for k in &config.night {
            for slot in 1..=k.matches {
                let Some(m) = ms.iter().find(|m| m.kind == k.kind && m.slot == slot) else {
                    table.add_row([
                        format!("{} {slot}", k.kind),
                        "—".into(),
                        "—".into(),
                        "to enter".into(),
                        String::new(),
                    ]);
                    continue;
                };
                let legs: Vec<String> = m
                    .leg_scores
                    .iter()
                    .map(|l| match l.game {
                        Some(g) => format!("{}-{} (game {g})", l.score.home, l.score.away),
                        None => format!("{}-{}", l.score.home, l.score.away),
                    })
                    .collect();
                table.add_row([
                    format!("{} {slot}", k.kind),
                    shown(&m.players.home.join(" & ")).into_owned(),
                    shown(&m.players.away.join(" & ")).into_owned(),
                    format!("{}–{}", m.legs.home, m.legs.away),
                    legs.join(" "),
                ]);
            }
        }
        writeln!(out, "{table}")?;
    }
    Ok(())
}

/// Finds the fixture a night goes on, or adds one on its date.
fn fixture_for_night(
    change: &Change,
    season: &SeasonInfo,
    home: &TeamInfo,
    away: &TeamInfo,
    day: Option<NaiveDate>,
    notes: &mut Vec<String>,
) -> Result<Fixture, CliError> {
    let fixtures = change.leagues().fixtures(season.id)?;
    let between: Vec<&Fixture> = fixtures
        .iter()
        .filter(|f| f.home.id == home.id && f.away.id == away.id)
        .collect();
    let pick = match day {
        Some(d) => between
            .iter()
            .find(|f| f.date == d)
            .or_else(|| {
                let open: Vec<&&Fixture> = between.iter().filter(|f| f.result.is_none()).collect();
                (open.len() == 1).then(|| open[0])
            })
            .copied(),
        None => {
            let open: Vec<&&Fixture> = between
                .iter()
                .filter(|f| {
                    !matches!(
                        &f.result,
                        Some(NightResult::Totals(_) | NightResult::Walkover(_))
                    )
                })
                .filter(|f| !is_done(f, &season.config))
                .collect();
            (open.len() == 1).then(|| *open[0])
        }
    };
    if let Some(f) = pick {
        if let Some(d) = day.filter(|d| *d != f.date) {
            if f.result.is_none() {
                change.move_fixture(f.id, d)?;
                notes.push(format!("fixture {} moved from {} to {d}", f.id, f.date));
            }
        }
        return fixture_by_number(change, season, f.id);
    }
    let Some(d) = day else {
        let done: Vec<String> = between
            .iter()
            .filter(|f| is_done(f, &season.config))
            .map(|f| f.date.to_string())
            .collect();
        let why = match done.len() {
            0 => "no one fixture between them still to play".to_string(),
            _ => format!("their night on {} is entered already", done.join(" and ")),
        };
        return Err(CliError::Usage(format!(
            "{} v {} in season {}: {why}; give the night's --date",
            home.name, away.name, season.name
        )));
    };
    let id = change.add_fixture(season.id, None, d, home.id, away.id)?;
    notes.push(format!(
        "there was no fixture {} v {}: one was added on {d}",
        home.name, away.name
    ));
    fixture_by_number(change, season, id)
}

fn is_done(f: &Fixture, config: &Config) -> bool {
    match &f.result {
        None => false,
        Some(NightResult::Matches(ms)) => missing(config, ms).is_empty(),
        Some(_) => true,
    }
}

fn enter(args: EnterArgs) -> Result<Done, CliError> {
    let mut store = args.db.open_existing()?;
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let mut out = io::stdout().lock();
    let change = store.change("night")?;
    let (league, season) = args.which.in_change(&change)?;
    let home = change.leagues().team(&league, &args.home)?;
    let away = change.leagues().team(&league, &args.away)?;
    if home.id == away.id {
        return Err(CliError::Usage("a team cannot play itself".into()));
    }
    let mut notes = Vec::new();
    for e in change.leagues().entries(season.id)? {
        let withdrew = e.withdrawn.filter(|w| day.is_none_or(|d| d >= *w));
        if let (true, Some(w)) = (e.team.id == home.id || e.team.id == away.id, withdrew) {
            return Err(CliError::Usage(format!(
                "{} withdrew from season {} on {w}: its nights from then on are not played",
                e.team.name, season.name
            )));
        }
    }
    let fixture = fixture_for_night(&change, &season, &home, &away, day, &mut notes)?;
    if fixture.cancelled {
        change.set_cancelled(fixture.id, false)?;
        notes.push(format!(
            "fixture {} was cancelled; it is played after all",
            fixture.id
        ));
    }
    let config = &season.config;
    let title = format!("{} v {} on {}", home.name, away.name, fixture.date);
    let entered_by = match &args.entered_for {
        None => Side::Home,
        Some(name) => {
            let team = change.leagues().team(&league, name)?;
            if team.id == home.id {
                Side::Home
            } else if team.id == away.id {
                Side::Away
            } else {
                return Err(CliError::Usage(format!(
                    "--for: {} does not play in {title}",
                    team.name
                )));
            }
        }
    };
    if fixture.result.is_none() {
        // Entered for one side: provisional until the other confirms it.
        change.set_provisional(fixture.id, entered_by, chrono::Local::now().date_naive())?;
    } else if let (Some(_), Confirmation::Provisional { entered_by: was }) =
        (&args.entered_for, &fixture.confirmation)
    {
        if *was != entered_by {
            let name = if *was == Side::Home {
                &home.name
            } else {
                &away.name
            };
            return Err(CliError::Usage(format!(
                "{title} is being entered for {name}; --for cannot change that"
            )));
        }
    }
    if let Some(r) = &fixture.result {
        if !matches!(r, NightResult::Matches(_)) || is_done(&fixture, config) {
            return Err(CliError::Usage(format!(
                "{title} has a result already: {} (see `don night show`; `don undo` takes back an entry)",
                result_words(&fixture, config)
            )));
        }
    }
    if let Some(t) = &args.totals {
        let totals = parse_legs(t).map_err(|e| CliError::Usage(format!("--totals: {e}")))?;
        if fixture.result.is_some() {
            return Err(CliError::Usage(format!(
                "{title} has matches entered; it cannot be given as totals"
            )));
        }
        check_totals(config, totals).map_err(|e| CliError::Usage(format!("{title}: {e}")))?;
        change.set_night_result(fixture.id, &NightResult::Totals(totals))?;
        change.commit(
            &format!("{title}: {}–{} (totals)", totals.home, totals.away),
            None,
        )?;
        say(
            &mut out,
            &notes,
            &format!("{title}: {}–{}.", totals.home, totals.away),
        )?;
        return Ok(Done::Ok);
    }
    if let Some(w) = &args.walkover {
        let side: Side = w
            .parse()
            .map_err(|e| CliError::Usage(format!("--walkover: {e}")))?;
        if fixture.result.is_some() {
            return Err(CliError::Usage(format!(
                "{title} has matches entered; it cannot be a walkover"
            )));
        }
        change.set_night_result(fixture.id, &NightResult::Walkover(side))?;
        let to = if side == Side::Home {
            &home.name
        } else {
            &away.name
        };
        change.commit(&format!("{title}: walkover to {to}"), None)?;
        say(
            &mut out,
            &notes,
            &format!(
                "{title}: a walkover to {to}, {} to none.",
                count(config.walkover_matches(), "match", "matches")
            ),
        )?;
        return Ok(Done::Ok);
    }
    let mut entered = match &fixture.result {
        Some(NightResult::Matches(ms)) => ms.clone(),
        _ => Vec::new(),
    };
    let teams = Pair::new(home.clone(), away.clone());
    if !args.matches.is_empty() {
        if fixture.result.is_none() {
            change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
        }
        for (i, line) in args.matches.iter().enumerate() {
            let entry = parse_match(line)
                .map_err(|e| CliError::Usage(format!("--match {}: {e}", i + 1)))?;
            let (m, games) = resolve(&change, config, entry)
                .map_err(|e| CliError::Usage(format!("--match {}: {e}", i + 1)))?;
            accept(
                &change,
                &season,
                &teams,
                fixture.id,
                &mut entered,
                m,
                &games,
                &mut notes,
            )
            .map_err(|e| match e {
                CliError::Usage(m) => CliError::Usage(format!("--match {}: {m}", i + 1)),
                other => other,
            })?;
        }
        change.commit(
            &format!(
                "{title}: {}",
                count(args.matches.len() as i64, "match", "matches")
            ),
            None,
        )?;
        let fixture = fixture_by_number_in(&store, &season, fixture.id)?;
        say(
            &mut out,
            &notes,
            &format!("{title}: {}.", result_words(&fixture, config)),
        )?;
        return Ok(Done::Ok);
    }
    // At the prompt: each match kept as it is entered.
    if fixture.result.is_none() {
        change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
    }
    change.commit(&format!("{title}: begun"), None)?;
    say(
        &mut out,
        &notes,
        &format!("{title}: {}", config.describe_night()),
    )?;
    prompt_night(
        &mut store,
        &mut *stdin_prompt(),
        &season,
        &teams,
        fixture.id,
        &title,
        entered,
    )
}

fn fixture_by_number_in(store: &Store, season: &SeasonInfo, id: i64) -> Result<Fixture, CliError> {
    store
        .leagues()
        .fixtures(season.id)?
        .into_iter()
        .find(|f| f.id == id)
        .ok_or_else(|| CliError::Usage(format!("no fixture {id}")))
}

fn say(out: &mut impl Write, notes: &[String], line: &str) -> io::Result<()> {
    for n in notes {
        writeln!(out, "{}", shown(n))?;
    }
    writeln!(out, "{}", shown(line))
}

/// A typed match with its games looked up: each `#N` leg's score is the game's.
fn resolve(
    change: &Change,
    config: &Config,
    entry: MatchEntry,
) -> Result<(Match, Vec<LegGame>), CliError> {
    let mut players = entry.players;
    let mut legs = Vec::new();
    let mut games = Vec::new();
    for (i, l) in entry.leg_entries.iter().enumerate() {
        match *l {
            LegEntry::Score(score) => legs.push(Leg {
                score,
                game: None,
                hands: Vec::new(),
            }),
            LegEntry::Game(game) => {
                if entry.kind != Kind::Don {
                    return Err(CliError::Usage(format!(
                        "leg {}: only a Don leg can be a stored game",
                        i + 1
                    )));
                }
                let g = change
                    .leagues()
                    .game_leg(game, &config.don_rules, &players.home)
                    .map_err(|e| CliError::Usage(format!("leg {}: {e}", i + 1)))?;
                for side in Side::BOTH {
                    if players[side].is_empty() {
                        players[side] = g.players[side].clone();
                    }
                }
                games.push(LegGame {
                    leg: i as u32 + 1,
                    game,
                    home_side: g.home_side,
                });
                legs.push(g.leg);
            }
        }
    }
    Ok((
        Match {
            kind: entry.kind,
            slot: entry.slot,
            players,
            legs: entry.legs,
            leg_scores: legs,
        },
        games,
    ))
}

/// Checks a match with the night's others and keeps it; players not on their team's roster are
/// put on it, with a warning.
#[allow(clippy::too_many_arguments)]
fn accept(
    change: &Change,
    season: &SeasonInfo,
    teams: &Pair<TeamInfo>,
    fixture: i64,
    entered: &mut Vec<Match>,
    m: Match,
    games: &[LegGame],
    notes: &mut Vec<String>,
) -> Result<(), CliError> {
    let mut all = entered.clone();
    all.push(m.clone());
    // A player twice in one kind is only warned of (docs/league.md#match-nights).
    let warned =
        check_night_warnings(&season.config, &all).map_err(|e| CliError::Usage(e.to_string()))?;
    for w in warned {
        let NightWarning::PlayerTwice { kind, second, .. } = &w;
        if (*kind, *second) == (m.kind, m.slot) {
            notes.push(format!("warning: {w}"));
        }
    }
    let entries = change.leagues().entries(season.id)?;
    for side in Side::BOTH {
        let team = &teams[side];
        let roster: Vec<String> = entries
            .iter()
            .find(|e| e.team.id == team.id)
            .map(|e| {
                e.roster
                    .iter()
                    .map(|n| don::league::names::name_key(n))
                    .collect()
            })
            .unwrap_or_default();
        for p in &m.players[side] {
            if !roster.contains(&don::league::names::name_key(p)) {
                change.add_to_roster(season.id, team.id, p)?;
                notes.push(format!(
                    "warning: {p} was not on the roster of {}; added",
                    team.name
                ));
            }
        }
    }
    change.add_match(fixture, &m, games, true)?;
    entered.push(m);
    Ok(())
}

/// Asks for each match still to enter; each is kept as soon as it is checked.
fn prompt_night(
    store: &mut Store,
    prompt: &mut dyn Prompt,
    season: &SeasonInfo,
    teams: &Pair<TeamInfo>,
    fixture: i64,
    title: &str,
    mut entered: Vec<Match>,
) -> Result<Done, CliError> {
    let config = &season.config;
    let mut refused = 0;
    let mut err = io::stderr().lock();
    writeln!(err, "For each match: players joined by + (blank if not known), legs won home first, leg scores home first (blank if not known; #N for a leg scored in game N).")?;
    'matches: for (kind, slot) in missing(config, &entered) {
        loop {
            let label = format!("{kind} {slot}");
            let first = prompt.line_number() + 1;
            let Some(home) =
                prompt.line(&format!("{label}: {} players", shown(&teams.home.name)))?
            else {
                break 'matches;
            };
            let Some(away) =
                prompt.line(&format!("{label}: {} players", shown(&teams.away.name)))?
            else {
                break 'matches;
            };
            let Some(legs) = prompt.line(&format!("{label}: legs won, home first"))? else {
                break 'matches;
            };
            let Some(scores) = prompt.line(&format!("{label}: leg scores"))? else {
                break 'matches;
            };
            let parsed = (|| -> Result<MatchEntry, don::league::entry::EntryError> {
                Ok(MatchEntry {
                    kind,
                    slot,
                    players: Pair::new(parse_players(&home)?, parse_players(&away)?),
                    legs: parse_legs(&legs)?,
                    leg_entries: parse_leg_entries(&scores)?,
                })
            })();
            let change = store.change("night")?;
            let outcome = match parsed {
                Err(e) => Err(CliError::Usage(e.to_string())),
                Ok(entry) => resolve(&change, config, entry).and_then(|(m, games)| {
                    let mut notes = Vec::new();
                    accept(
                        &change,
                        season,
                        teams,
                        fixture,
                        &mut entered,
                        m,
                        &games,
                        &mut notes,
                    )?;
                    Ok(notes)
                }),
            };
            match outcome {
                Ok(notes) => {
                    let m = entered.last().expect("just entered");
                    change.commit(
                        &format!("{title}: {label} {}–{}", m.legs.home, m.legs.away),
                        None,
                    )?;
                    let paint = super::colour::Paint::stderr();
                    for n in notes {
                        writeln!(err, "{}", paint.line(&shown(&n)))?;
                    }
                    let winner = &teams[m.winner()].name;
                    writeln!(
                        err,
                        "{label}: {} {}–{}.",
                        shown(winner),
                        m.legs[m.winner()],
                        m.legs[m.winner().other()]
                    )?;
                    continue 'matches;
                }
                Err(CliError::Usage(why)) => {
                    drop(change);
                    refused += 1;
                    let at = if prompt.interactive() {
                        String::new()
                    } else {
                        format!("lines {first}–{}: ", prompt.line_number())
                    };
                    writeln!(err, "{at}{label} refused: {}; type it again", shown(&why))?;
                    if !prompt.interactive() && refused > 20 {
                        break 'matches;
                    }
                }
                Err(other) => return Err(other),
            }
        }
    }
    let left = missing(config, &entered);
    let mut out = io::stdout().lock();
    let mut won = Pair::<u32>::default();
    for m in &entered {
        won[m.winner()] += 1;
    }
    if left.is_empty() {
        writeln!(
            out,
            "{}: {} {}–{} {}. The night is complete.",
            shown(title),
            shown(&teams.home.name),
            won.home,
            won.away,
            shown(&teams.away.name)
        )?;
    } else {
        let list: Vec<String> = left.iter().map(|(k, s)| format!("{k} {s}")).collect();
        writeln!(
            out,
            "{}: {}–{} so far; still to enter: {}. The night counts once it is complete (`don night enter` again carries on).",
            shown(title),
            won.home,
            won.away,
            list.join(", ")
        )?;
    }
    Ok(if refused > 0 { Done::BadData } else { Done::Ok })
}

#[derive(clap::Args)]
pub struct AdjustArgs {
    /// The team
    team: String,
    /// Championship points
    points: u32,
    /// Why (shown with the table)
    #[arg(long)]
    reason: String,
    /// The day it applies from [default: today]
    #[arg(long)]
    date: Option<String>,
    #[command(flatten)]
    which: Which,
    #[command(flatten)]
    db: DbArg,
}

/// `--date` as given, or today.
fn date_or_today(date: Option<&str>) -> Result<NaiveDate, CliError> {
    match date {
        Some(d) => parse_date(d, "--date"),
        None => Ok(chrono::Local::now().date_naive()),
    }
}

/// `don deduct` (sign -1) and `don award` (sign 1).
pub fn adjust(args: AdjustArgs, sign: i64) -> Result<Done, CliError> {
    if args.reason.trim().is_empty() {
        return Err(CliError::Usage("--reason cannot be blank".into()));
    }
    if args.points == 0 || args.points > 1000 {
        return Err(CliError::Usage("POINTS must be 1 to 1000".into()));
    }
    let day = date_or_today(args.date.as_deref())?;
    let mut store = args.db.open_existing()?;
    let change = store.change(if sign < 0 { "deduct" } else { "award" })?;
    let (league, season) = args.which.in_change(&change)?;
    let team = change.leagues().team(&league, &args.team)?;
    if !change
        .leagues()
        .entries(season.id)?
        .iter()
        .any(|e| e.team.id == team.id)
    {
        return Err(CliError::Usage(format!(
            "{} is not in season {}",
            team.name, season.name
        )));
    }
    let points = sign * i64::from(args.points);
    change.add_adjustment(season.id, team.id, points, &args.reason, day)?;
    let verb = if sign < 0 {
        "deducted from"
    } else {
        "awarded to"
    };
    let words = format!(
        "{} {verb} {} on {day}: {}",
        count(args.points, "point", "points"),
        team.name,
        args.reason.trim()
    );
    let dates = change.leagues().fixtures(season.id)?;
    let span = don::league::fixtures::span(dates.iter().filter(|f| !f.cancelled).map(|f| f.date));
    change.commit(&words, None)?;
    writeln!(io::stdout().lock(), "{}.", shown(&words))?;
    if let Some((first, last)) = span.filter(|(first, last)| day < *first || day > *last) {
        eprintln!(
            "{}: it is dated {day}{}, outside season {} (its fixtures run from {first} to {last}); the table counts it from {day} (`don undo`, then --date, to date it otherwise)",
            super::colour::Paint::stderr().warning(),
            if args.date.is_none() { " (today: no --date was given)" } else { "" },
            shown(&season.name)
        );
    }
    Ok(Done::Ok)
}

#[derive(clap::Args)]
#[command(after_help = "Example:\n  don withdraw 'Red Lion' --date 2026-01-15")]
pub struct WithdrawArgs {
    /// The team that withdraws
    team: String,
    /// The day it withdrew [default: today]
    #[arg(long)]
    date: Option<String>,
    #[command(flatten)]
    which: Which,
    #[command(flatten)]
    db: DbArg,
}

pub fn withdraw(args: WithdrawArgs) -> Result<Done, CliError> {
    let day = date_or_today(args.date.as_deref())?;
    let mut store = args.db.open_existing()?;
    let change = store.change("withdraw")?;
    let (league, season) = args.which.in_change(&change)?;
    let team = change.leagues().team(&league, &args.team)?;
    let entry = change
        .leagues()
        .entries(season.id)?
        .into_iter()
        .find(|e| e.team.id == team.id);
    match entry {
        None => {
            return Err(CliError::Usage(format!(
                "{} is not in season {}",
                team.name, season.name
            )))
        }
        Some(e) if e.withdrawn.is_some() => {
            return Err(CliError::Usage(format!(
                "{} withdrew already, on {}",
                team.name,
                e.withdrawn.expect("some")
            )))
        }
        Some(_) => {}
    }
    let cancelled = change.withdraw(season.id, team.id, day)?;
    let words = format!(
        "{} withdrew from season {} on {day}; {} cancelled",
        team.name,
        season.name,
        count(cancelled as i64, "unplayed fixture", "unplayed fixtures")
    );
    change.commit(&words, None)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{}.", shown(&words))?;
    writeln!(out, "Its results, and every result against it, leave the table (`don standings --withdrawn` shows them).")?;
    Ok(Done::Ok)
}
