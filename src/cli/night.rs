//! `don night` (enter and show match nights), `don walkover`, `don deduct`, `don award` and
//! `don withdraw`: the results of a season and its adjustments.

use std::io::{self, BufWriter, Write};

use chrono::NaiveDate;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};

use don::app::leg::GameLegs;
use don::league::entry::{
    parse_kind_slot, parse_leg_entries, parse_legs, parse_match, parse_players, LegEntry,
    MatchEntry,
};
use don::league::fixtures::{place_night as league_place_night, NightPlace, PairFixture};
use don::league::names::{name_key, near_miss, shell_quoted};
use don::league::night::{
    check_match_legs, check_night, check_night_warnings, check_side_players, check_totals, missing,
    require_complete, NightWarning,
};
use don::league::{Config, Confirmation, HomeAway, Kind, Leg, Match, NightResult, Pair};
use don::store::{Change, Fixture, LeagueInfo, LeagueReader, LegLink, SeasonInfo, Store, TeamInfo};

use super::db::DbArg;
use super::error::{CliError, Done};
use super::prompt::{answer_prompt, terminal_answer_prompt, Prompt};
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
    don::publish::result::NightScore::of(f, config).words()
}

/// How a night stands when both teams do not yet stand by it: "Provisional: entered for Royal
/// Oak, to be confirmed for Red Lion", "Disputed by Red Lion: …".
pub fn standing_words(f: &Fixture) -> Option<String> {
    let name = |side: HomeAway| match side {
        HomeAway::Home => &f.home.name,
        HomeAway::Away => &f.away.name,
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
        // The number, the round and the date are never broken across lines (nor a score of the
        // result); the teams are the names.
        super::text::fit(&mut table, &[0, 1, 2], &[3, 4]);
        writeln!(out, "Season {}", shown(&season.name))?;
        writeln!(out, "{table}")?;
    }
    Ok(())
}

/// `--season`'s help where a night is named: what it defaults to there.
const NIGHT_SEASON: &str = "The season [default: the one whose dates hold the night's --date (told apart by the teams' fixture on it when seasons overlap); without --date, the current one]";

/// `--season`'s help for a dated change (a deduction, an award, a withdrawal).
const DATED_SEASON: &str = "The season [default: the one whose dates hold --date (today without it), else the one ended last before it, else the current one]";

#[derive(clap::Subcommand)]
pub enum NightCommand {
    /// Enter a match night: match by match at a prompt, or with --match, --totals or --walkover.
    #[command(
        after_help = "A match is typed KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]:
  don 1; Gareth+Rhys; Dai+Huw; 2-1; 121-87 96-121 121-110
  single-crib 3; Sian; Mair; 0-2
  don 2; ; ; 2-0; #14 #15        (legs scored with `don play` as games 14 and 15)

At the prompt each answer is checked as it is given; `quit` or Ctrl-D ends the entry (the matches
entered stay). Piped, a refused answer stops the entry at its line.

Examples:
  don night enter 'Royal Oak' 'Red Lion' --date 2025-09-04
  don night enter 'Royal Oak' 'Red Lion' --match 'don 1; Gareth+Rhys; Dai+Huw; 2-1'
  don night enter 'Royal Oak' 'Red Lion' --totals 5-4
  don night enter 'Royal Oak' 'Red Lion' --date 2025-09-05 --moved --totals 5-4   # played a day late",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
    Enter(EnterArgs),
    /// Correct a night's result: it is replaced, as one change, by the matches, totals or
    /// walkover given (or typed at the prompt); the corrected night stands confirmed, any
    /// dispute settled, if it is complete (one still incomplete stays provisional for the team
    /// that entered it). `don undo` puts the old result back.
    #[command(
        after_help = "With --match, each match given replaces the night's match of its kind and slot; the others stay.
At the prompt, name each match to correct (e.g. `single-crib 2`), then type it again.

Examples:
  don night correct 'Royal Oak' 'Red Lion' --match 'single-crib 2; Sian; Mair; 1-2'
  don night correct 'Royal Oak' 'Red Lion' --date 2025-09-04 --totals 4-5",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
    Correct(CorrectArgs),
    /// Show a night's matches, players, legs and leg scores.
    #[command(
        after_help = "Example:\n  don night show 'Royal Oak' 'Red Lion'",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
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
    #[command(
        after_help = "Example:\n  don night confirm 'Royal Oak' 'Red Lion' --by 'Red Lion'",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
    )]
    Confirm(ConfirmArgs),
    /// Dispute a night's result, with a reason: the pages mark it, and `standings --confirmed`
    /// leaves it out until it is confirmed.
    #[command(
        after_help = "Example:\n  don night dispute 'Royal Oak' 'Red Lion' --by 'Red Lion' --reason 'single crib 2 was 2-1 to us'",
        mut_arg("season", |a| a.help(NIGHT_SEASON))
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

/// A night's result as given: its matches, its totals or a walkover (none: at the prompt).
#[derive(clap::Args)]
pub struct ResultArgs {
    /// A match: KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]; repeat for each
    #[arg(long = "match", value_name = "MATCH")]
    matches: Vec<String>,
    /// Only the night's result is known: matches won, home first (e.g. 5-4)
    #[arg(long, value_name = "H-A", conflicts_with_all = ["matches", "walkover"])]
    totals: Option<String>,
    /// One team did not turn up: the side that did (home or away)
    #[arg(long, value_name = "SIDE", conflicts_with = "matches")]
    walkover: Option<String>,
    /// A player new to the league whose name is close to one it knows (without it such a name
    /// is refused as a slip: "did you mean …?"); repeat for each
    #[arg(long = "new-player", value_name = "NAME")]
    new_players: Vec<String>,
}

impl ResultArgs {
    /// Nothing given: the matches are asked for at the prompt.
    fn at_prompt(&self) -> bool {
        self.matches.is_empty() && self.totals.is_none() && self.walkover.is_none()
    }
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
    /// The night was played on --date, not on its fixture's date: the fixture is moved (on a
    /// terminal, a night off its fixture's date is asked about)
    #[arg(long, requires = "date")]
    moved: bool,
    #[command(flatten)]
    result: ResultArgs,
    /// The team entering the night; it stays provisional until confirmed for the other
    /// [default: the home team]
    #[arg(long = "for", value_name = "TEAM")]
    entered_for: Option<String>,
    #[command(flatten)]
    which: Which,
    #[command(flatten)]
    db: DbArg,
}

#[derive(clap::Args)]
pub struct CorrectArgs {
    /// The home team of the night to correct
    home: String,
    /// The away team
    away: String,
    /// The night's date, when the teams met more than once
    #[arg(long)]
    date: Option<String>,
    #[command(flatten)]
    result: ResultArgs,
    #[command(flatten)]
    which: Which,
    #[command(flatten)]
    db: DbArg,
}

pub fn night(command: NightCommand) -> Result<Done, CliError> {
    match command {
        NightCommand::Enter(args) => enter(args),
        NightCommand::Correct(args) => correct(args),
        NightCommand::Show {
            home,
            away,
            date,
            which,
            db,
        } => {
            let store = db.open_read()?;
            let day = date.map(|d| parse_date(&d, "--date")).transpose()?;
            let (league, season) = which.night_on(&store.leagues(), day, Some((&home, &away)))?;
            let home = store.leagues().team(&league, &home)?;
            let away = store.leagues().team(&league, &away)?;
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
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let (league, season) =
        args.which
            .night_on(&change.leagues(), day, Some((&args.home, &args.away)))?;
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
                Some(HomeAway::Home)
            } else if team.id == f.away.id {
                Some(HomeAway::Away)
            } else {
                return Err(CliError::Usage(format!(
                    "{} did not play in {title}",
                    team.name
                )));
            }
        }
        None => None,
    };
    let name = |side: HomeAway| match side {
        HomeAway::Home => &f.home.name,
        HomeAway::Away => &f.away.name,
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
                    shown(&don::record::text::shortened(&reason))
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
        // The legs won are never broken across lines.
        super::text::fit(&mut table, &[3], &[1, 2]);
        writeln!(out, "{table}")?;
    }
    Ok(())
}

/// Where a night goes among its season's fixtures.
enum Placement {
    /// On this fixture.
    On(Fixture),
    /// On this fixture, moved to the night's date: only when the night was said to be moved.
    Move(Fixture, NaiveDate),
    /// On a new fixture on this date (a season with no schedule, the teams' first night).
    Add(NaiveDate),
}

/// Finds the fixture a night goes on. A night on another date than its fixture's moves the
/// fixture only when the entry says the night was moved; a night between two teams beyond
/// their fixtures is refused (a fixture is added first with `don fixtures add`), except in a
/// season that keeps no schedule (no fixture made by `fixtures generate`), where the first
/// night between two teams makes its fixture on its date.
fn place_night(
    fixtures: &[Fixture],
    season: &SeasonInfo,
    home: &TeamInfo,
    away: &TeamInfo,
    day: Option<NaiveDate>,
) -> Result<Placement, CliError> {
    let between: Vec<&Fixture> = fixtures
        .iter()
        .filter(|f| f.home.id == home.id && f.away.id == away.id)
        .collect();
    let pair = format!("{} v {}", home.name, away.name);
    let open: Vec<&Fixture> = between
        .iter()
        .filter(|f| {
            !matches!(
                &f.result,
                Some(NightResult::Totals(_) | NightResult::Walkover(_))
            )
        })
        .filter(|f| !is_done(f, &season.config))
        .copied()
        .collect();
    let done: Vec<String> = between
        .iter()
        .filter(|f| is_done(f, &season.config))
        .map(|f| f.date.to_string())
        .collect();
    // A season keeps a schedule once `fixtures generate` has made one.
    let scheduled = fixtures.iter().any(|f| f.round.is_some());
    let add_first = |d: &str| {
        format!(
            "add a fixture first with `don fixtures add {} {} {d}`",
            shell_quoted(&home.name),
            shell_quoted(&away.name)
        )
    };
    let played = || match done.len() {
        0 => String::new(),
        1 => format!(
            " (their night on {} has a result: `don night correct` changes it)",
            done[0]
        ),
        _ => format!(
            " (their nights on {} have results: `don night correct` changes them)",
            done.join(" and ")
        ),
    };
    let Some(d) = day else {
        return match open[..] {
            [f] => Ok(Placement::On(f.clone())),
            [] if between.is_empty() && !scheduled => Err(CliError::Usage(format!(
                "season {} has no fixture {pair}: give the night's --date (its fixture is added on it)",
                season.name
            ))),
            [] if between.is_empty() => Err(CliError::Usage(format!(
                "season {} has no fixture {pair}: {}",
                season.name,
                add_first("DATE")
            ))),
            [] => Err(CliError::Usage(format!(
                "{pair} has no fixture left to play in season {}{}; for another night between them, {}",
                season.name,
                played(),
                add_first("DATE")
            ))),
            _ => Err(CliError::Usage(format!(
                "{pair} has fixtures to play on {}: give the night's --date",
                open.iter()
                    .map(|f| f.date.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ))),
        };
    };
    // The decision is the league's, as for a results file: on the fixture of that date, else
    // on the one left to play if the night was moved, else a fixture added first.
    let pair_fixtures: Vec<PairFixture> = between
        .iter()
        .map(|f| PairFixture {
            id: f.id,
            date: f.date,
            open: open.iter().any(|o| o.id == f.id),
        })
        .collect();
    let by_id = |id: i64| between.iter().find(|f| f.id == id).map(|f| (*f).clone());
    match league_place_night(&pair_fixtures, d, scheduled) {
        NightPlace::On(id) => Ok(Placement::On(by_id(id).expect("one of theirs"))),
        NightPlace::Move { id, .. } => Ok(Placement::Move(by_id(id).expect("one of theirs"), d)),
        NightPlace::Beyond { scheduled: false } if between.is_empty() => Ok(Placement::Add(d)),
        NightPlace::Beyond { .. } if between.is_empty() => Err(CliError::Usage(format!(
            "season {} has no fixture {pair}: {}",
            season.name,
            add_first(&d.to_string())
        ))),
        NightPlace::Beyond { .. } => Err(CliError::Usage(format!(
            "{pair} has no fixture on {d} nor one left to play{}: for another night between them, {}",
            played(),
            add_first(&d.to_string())
        ))),
        NightPlace::Several(left) => Err(CliError::Usage(format!(
            "{pair} has fixtures to play on {}, none on {d}: move the one played with `don fixtures move N {d}` first",
            left.iter()
                .map(|(_, date)| date.to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        ))),
    }
}

/// "A v B is fixture 6 on 2025-09-18, not 2025-12-25: if the night was moved …"
fn not_moved_words(f: &Fixture, d: NaiveDate) -> String {
    format!(
        "{} v {} is fixture {} on {}, not {d}: if the night was moved to {d}, say so with --moved; if it is another night between them, add a fixture first with `don fixtures add {} {} {d}`",
        f.home.name,
        f.away.name,
        f.id,
        f.date,
        shell_quoted(&f.home.name),
        shell_quoted(&f.away.name)
    )
}

/// At the prompt, before anything is changed (no change waits on an answer): a night off its
/// fixture's date is asked about; a yes counts as `--moved`.
fn ask_moved(
    store: &Store,
    which: &Which,
    home: &str,
    away: &str,
    day: Option<NaiveDate>,
    prompt: &mut dyn Prompt,
) -> Result<bool, CliError> {
    let Some(d) = day else {
        return Ok(false);
    };
    let reader = store.leagues();
    let Ok((league, season)) = which.night_on(&reader, day, Some((home, away))) else {
        return Ok(false);
    };
    let (Ok(home), Ok(away)) = (reader.team(&league, home), reader.team(&league, away)) else {
        return Ok(false);
    };
    let fixtures = reader.fixtures(season.id)?;
    let Ok(Placement::Move(f, _)) = place_night(&fixtures, &season, &home, &away, day) else {
        return Ok(false);
    };
    let q = format!(
        "{} v {} is fixture {} on {}: was the night moved to {d}? (yes/no)",
        home.name, away.name, f.id, f.date
    );
    match yes_or_no(prompt, &q, "was the night moved?")? {
        Answer::Yes => Ok(true),
        // Piped, anything but yes is no.
        Answer::No | Answer::End | Answer::Neither(_) => {
            Err(CliError::Usage(not_moved_words(&f, d)))
        }
    }
}

/// How a yes/no question was answered.
enum Answer {
    Yes,
    No,
    /// `quit`, or the end of input.
    End,
    /// Piped, an answer neither yes nor no: why it is refused.
    Neither(String),
}

/// Asks `question`, yes or no. At a terminal an answer that is neither asks it again (so what
/// was typed ahead meets this question, never another answer's); piped, it is refused.
fn yes_or_no(prompt: &mut dyn Prompt, question: &str, what: &str) -> io::Result<Answer> {
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
                let paint = super::colour::Paint::stderr();
                writeln!(io::stderr(), "{}", paint.line(&shown(&why)))?;
            }
        }
    }
}

/// The fixture a night goes on (see [`place_night`]), moved or added as need be.
fn fixture_for_night(
    change: &Change,
    season: &SeasonInfo,
    home: &TeamInfo,
    away: &TeamInfo,
    day: Option<NaiveDate>,
    moved: bool,
    notes: &mut Vec<String>,
) -> Result<Fixture, CliError> {
    let fixtures = change.leagues().fixtures(season.id)?;
    match place_night(&fixtures, season, home, away, day)? {
        Placement::On(f) => Ok(f),
        Placement::Move(f, d) if moved => {
            change.move_fixture(f.id, d)?;
            notes.push(format!("fixture {} moved from {} to {d}", f.id, f.date));
            fixture_by_number(change, season, f.id)
        }
        Placement::Move(f, d) => Err(CliError::Usage(not_moved_words(&f, d))),
        Placement::Add(d) => {
            let id = change.add_fixture(season.id, None, d, home.id, away.id)?;
            notes.push(format!(
                "there was no fixture {} v {}: one was added on {d}",
                home.name, away.name
            ));
            fixture_by_number(change, season, id)
        }
    }
}

fn is_done(f: &Fixture, config: &Config) -> bool {
    match &f.result {
        None => false,
        Some(NightResult::Matches(ms)) => missing(config, ms).is_empty(),
        Some(_) => true,
    }
}

/// The night's two teams, and the players they are known to have: each team's roster for the
/// season and every player of the league, for catching a misspelt name.
struct Players {
    teams: Pair<TeamInfo>,
    rosters: Pair<Vec<String>>,
    league: Vec<String>,
    /// Names said to be new players (name keys): `--new-player`, or a "no" at the prompt.
    new: Vec<String>,
    /// The night being corrected (its fixture): a game scoring a leg of the match a
    /// correction replaces may score it again.
    correcting: Option<i64>,
}

impl Players {
    fn load(
        reader: &LeagueReader<'_>,
        league: &LeagueInfo,
        season: &SeasonInfo,
        teams: Pair<TeamInfo>,
        new: &[String],
    ) -> Result<Players, CliError> {
        let entries = reader.entries(season.id)?;
        let roster = |team: &TeamInfo| -> Vec<String> {
            entries
                .iter()
                .find(|e| e.team.id == team.id)
                .map(|e| e.roster.clone())
                .unwrap_or_default()
        };
        Ok(Players {
            rosters: Pair::new(roster(&teams.home), roster(&teams.away)),
            teams,
            league: reader.league_players(league.id)?,
            new: new.iter().map(|n| name_key(n)).collect(),
            correcting: None,
        })
    }

    /// The known name `name` is most likely a slip for, unless it is known or said to be new.
    fn slip(&self, side: HomeAway, name: &str) -> Option<String> {
        if self.new.contains(&name_key(name)) {
            return None;
        }
        let roster: Vec<&str> = self.rosters[side].iter().map(String::as_str).collect();
        let league: Vec<&str> = self.league.iter().map(String::as_str).collect();
        near_miss(name, &roster, &league).map(str::to_string)
    }

    /// "Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'?"
    fn slip_words(&self, side: HomeAway, name: &str, known: &str) -> String {
        if self.rosters[side].iter().any(|n| n == known) {
            format!(
                "{name} is not on the roster of {}; did you mean '{known}'?",
                self.teams[side].name
            )
        } else {
            format!("{name} is not a player of the league; did you mean '{known}'?")
        }
    }

    /// Checks every player of a match for a slip of the keyboard.
    fn check(&self, m: &Match) -> Result<(), CliError> {
        for side in HomeAway::BOTH {
            for p in &m.players[side] {
                if let Some(known) = self.slip(side, p) {
                    return Err(CliError::Usage(format!(
                        "{} (if {p} is someone new, say so with --new-player '{p}')",
                        self.slip_words(side, p, &known)
                    )));
                }
            }
        }
        Ok(())
    }

    /// Puts a match's players on their teams' rosters, noting each added.
    fn put_on_rosters(
        &mut self,
        change: &Change,
        season: &SeasonInfo,
        m: &Match,
        notes: &mut Vec<String>,
    ) -> Result<(), CliError> {
        for side in HomeAway::BOTH {
            let team = &self.teams[side];
            for p in &m.players[side] {
                let key = name_key(p);
                if self.rosters[side].iter().any(|n| name_key(n) == key) {
                    continue;
                }
                change.add_to_roster(season.id, team.id, p)?;
                notes.push(format!(
                    "warning: {p} was not on the roster of {}; added",
                    team.name
                ));
                self.rosters[side].push(p.clone());
                if !self.league.iter().any(|n| name_key(n) == key) {
                    // A new player who only looks like a known one (a Cyrillic letter, an
                    // invisible mark) is warned of.
                    if let Some(w) = don::record::text::look_alike_warning(
                        "player",
                        p,
                        self.league.iter().map(String::as_str),
                    ) {
                        notes.push(format!("warning: {w}"));
                    }
                    self.league.push(p.clone());
                }
            }
        }
        Ok(())
    }
}

/// The team a night is entered for (`--for`), by side.
fn side_for(
    change: &Change,
    league: &LeagueInfo,
    name: Option<&str>,
    home: &TeamInfo,
    away: &TeamInfo,
    title: &str,
) -> Result<HomeAway, CliError> {
    let Some(name) = name else {
        return Ok(HomeAway::Home);
    };
    let team = change.leagues().team(league, name)?;
    if team.id == home.id {
        Ok(HomeAway::Home)
    } else if team.id == away.id {
        Ok(HomeAway::Away)
    } else {
        Err(CliError::Usage(format!(
            "--for: {} does not play in {title}",
            team.name
        )))
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
    let mut prompt = args.result.at_prompt().then(answer_prompt);
    // A night off its fixture's date is asked about at the prompt, and on a terminal when the
    // result is given on the command line; piped, it is refused unless `--moved` says so.
    let moved = match prompt.as_deref_mut() {
        _ if args.moved => true,
        Some(p) => ask_moved(&store, &args.which, &args.home, &args.away, day, p)?,
        None => match terminal_answer_prompt() {
            Some(mut p) => ask_moved(&store, &args.which, &args.home, &args.away, day, p.as_mut())?,
            None => false,
        },
    };
    let change = store.change("night")?;
    let (league, season) =
        args.which
            .night_on(&change.leagues(), day, Some((&args.home, &args.away)))?;
    let home = change.leagues().team(&league, &args.home)?;
    let away = change.leagues().team(&league, &args.away)?;
    if home.id == away.id {
        return Err(CliError::Usage("a team cannot play itself".into()));
    }
    let mut notes = Vec::new();
    let fixture = fixture_for_night(&change, &season, &home, &away, day, moved, &mut notes)?;
    // A withdrawn team's nights from its withdrawal on are not played (those before it are).
    for e in change.leagues().entries(season.id)? {
        let withdrew = e.withdrawn.filter(|w| fixture.date >= *w);
        if let (true, Some(w)) = (e.team.id == home.id || e.team.id == away.id, withdrew) {
            return Err(CliError::Usage(format!(
                "{} withdrew from season {} on {w}: its nights from then on are not played",
                e.team.name, season.name
            )));
        }
    }
    if fixture.cancelled {
        change.set_cancelled(fixture.id, false)?;
        notes.push(format!(
            "fixture {} was cancelled; it is played after all",
            fixture.id
        ));
    }
    let config = &season.config;
    let title = format!("{} v {} on {}", home.name, away.name, fixture.date);
    let entered_by = side_for(
        &change,
        &league,
        args.entered_for.as_deref(),
        &home,
        &away,
        &title,
    )?;
    if let Some(r) = &fixture.result {
        if !matches!(r, NightResult::Matches(_)) || is_done(&fixture, config) {
            return Err(CliError::Usage(format!(
                "{title} has a result already: {} (see `don night show`; `don night correct {}` replaces it)",
                result_words(&fixture, config),
                night_words(&home, &away, args.date.is_some().then_some(fixture.date))
            )));
        }
    }
    if fixture.result.is_none() {
        // Entered for one side: provisional until the other confirms it.
        change.set_provisional(fixture.id, entered_by, chrono::Local::now().date_naive())?;
    } else if let (Some(_), Confirmation::Provisional { entered_by: was }) =
        (&args.entered_for, &fixture.confirmation)
    {
        if *was != entered_by {
            let name = if *was == HomeAway::Home {
                &home.name
            } else {
                &away.name
            };
            return Err(CliError::Usage(format!(
                "{title} is being entered for {name}; --for cannot change that"
            )));
        }
    }
    if let Some(t) = &args.result.totals {
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
    if let Some(w) = &args.result.walkover {
        let side: HomeAway = w
            .parse()
            .map_err(|e| CliError::Usage(format!("--walkover: {e}")))?;
        if fixture.result.is_some() {
            return Err(CliError::Usage(format!(
                "{title} has matches entered; it cannot be a walkover"
            )));
        }
        change.set_night_result(fixture.id, &NightResult::Walkover(side))?;
        let to = if side == HomeAway::Home {
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
    let mut players = Players::load(
        &change.leagues(),
        &league,
        &season,
        teams.clone(),
        &args.result.new_players,
    )?;
    if !args.result.matches.is_empty() {
        if fixture.result.is_none() {
            change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
        }
        for (i, line) in args.result.matches.iter().enumerate() {
            let at = |m: String| CliError::Usage(format!("--match {}: {m}", i + 1));
            let entry = parse_match(line).map_err(|e| at(e.to_string()))?;
            let (m, games) =
                resolve(&change.leagues(), config, entry, None).map_err(|e| match e {
                    CliError::Usage(m) => at(m),
                    other => other,
                })?;
            if let Some(NightResult::Matches(stored)) = &fixture.result {
                if stored.iter().any(|s| (s.kind, s.slot) == (m.kind, m.slot)) {
                    return Err(at(format!(
                        "{} match {} is entered already (see `don night show`); `don night correct {} --match {}` replaces it",
                        m.kind,
                        m.slot,
                        night_words(&home, &away, args.date.is_some().then_some(fixture.date)),
                        shell_quoted(line)
                    )));
                }
            }
            accept(
                &change,
                &season,
                &mut players,
                fixture.id,
                &mut entered,
                m,
                &games,
                &mut notes,
            )
            .map_err(|e| match e {
                CliError::Usage(m) => at(m),
                other => other,
            })?;
        }
        change.commit(
            &format!(
                "{title}: {}",
                count(args.result.matches.len() as i64, "match", "matches")
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
    // At the prompt: each match kept as it is entered. Nothing is kept before the first: a
    // night begun here (its fixture placed, provisional for its team) is begun with it, so an
    // entry left before any match is accepted changes nothing and logs nothing.
    let begin = Begin {
        home: home.clone(),
        away: away.clone(),
        day,
        moved,
        entered_by,
        found: fixture.id,
    };
    let begun = fixture.result.is_some().then_some(fixture.id);
    drop(change);
    writeln!(out, "{}: {}", shown(&title), config.describe_night())?;
    drop(out);
    let mut prompt = prompt.unwrap_or_else(answer_prompt);
    prompt_night(
        &mut store,
        &mut *prompt,
        &season,
        &mut players,
        (begun, begin),
        &title,
        entered,
    )
}

/// What beginning a night at the prompt does, done with its first match: its fixture found
/// (moved or added as need be, played if it was cancelled) and the night provisional for the
/// team entering it.
struct Begin {
    home: TeamInfo,
    away: TeamInfo,
    day: Option<NaiveDate>,
    moved: bool,
    entered_by: HomeAway,
    /// The fixture the night was found on when the entry began (one added then was not kept,
    /// but another session entering the night adds it again).
    found: i64,
}

/// What beginning a night at the prompt came to.
enum Begun {
    /// The night's fixture, begun (or as another session began it, with its matches).
    On(Fixture),
    /// Another session entered or replaced the whole night meanwhile: why the match typed here
    /// is not kept, with the `night correct` line that would put it in.
    Taken(String),
}

impl Begin {
    /// Begins the night in `change`. A night another session has begun meanwhile is taken as
    /// it is (with the matches that session entered); one it has completed or replaced (as
    /// totals or a walkover) is not begun again.
    fn apply(
        &self,
        change: &Change,
        season: &SeasonInfo,
        typed: &Match,
        notes: &mut Vec<String>,
    ) -> Result<Begun, CliError> {
        let taken = |f: &Fixture| {
            format!(
                "{} {} refused: the other session entered the night first: {} (see `don night show`); yours is not kept: `don night correct {} --match {}` puts {} {} in its place",
                typed.kind,
                typed.slot,
                result_words(f, &season.config),
                night_words(&self.home, &self.away, Some(f.date)),
                shell_quoted(&typed.entry_line()),
                typed.kind,
                typed.slot
            )
        };
        // The night's own fixture, looked at first: once its night is complete it is no longer
        // one "left to play", and looking for one would say there is none.
        let own =
            change.leagues().fixtures(season.id)?.into_iter().find(|f| {
                f.id == self.found && f.home.id == self.home.id && f.away.id == self.away.id
            });
        if let Some(f) = own.filter(|f| f.result.is_some() && is_done(f, &season.config)) {
            return Ok(Begun::Taken(taken(&f)));
        }
        let fixture = fixture_for_night(
            change, season, &self.home, &self.away, self.day, self.moved, notes,
        )?;
        match &fixture.result {
            Some(NightResult::Matches(_)) if !is_done(&fixture, &season.config) => {
                return Ok(Begun::On(fixture))
            }
            Some(_) => return Ok(Begun::Taken(taken(&fixture))),
            None => {}
        }
        if fixture.cancelled {
            change.set_cancelled(fixture.id, false)?;
            notes.push(format!(
                "fixture {} was cancelled; it is played after all",
                fixture.id
            ));
        }
        change.set_provisional(
            fixture.id,
            self.entered_by,
            chrono::Local::now().date_naive(),
        )?;
        change.set_night_result(fixture.id, &NightResult::Matches(Vec::new()))?;
        fixture_by_number(change, season, fixture.id).map(Begun::On)
    }
}

/// The night on fixture `id` as it is stored now, if it is begun (it has matches or is ready
/// for them): another session may have entered matches, an outside `don undo` taken some (or
/// the whole night) back.
fn night_now(
    reader: &LeagueReader<'_>,
    season: &SeasonInfo,
    id: Option<i64>,
) -> Result<Option<Fixture>, CliError> {
    let Some(id) = id else { return Ok(None) };
    Ok(reader
        .fixtures(season.id)?
        .into_iter()
        .find(|f| f.id == id)
        .filter(|f| matches!(f.result, Some(NightResult::Matches(_)))))
}

/// The matches a stored night has.
fn matches_of(f: Option<&Fixture>) -> Vec<Match> {
    match f.and_then(|f| f.result.as_ref()) {
        Some(NightResult::Matches(ms)) => ms.clone(),
        _ => Vec::new(),
    }
}

/// Brings what this session holds as entered in line with what is stored (`stored`), saying
/// what changed outside it: matches another session entered, matches taken back.
fn sync_entered(entered: &mut Vec<Match>, stored: Vec<Match>, notes: &mut Vec<String>) {
    let has = |ms: &[Match], m: &Match| ms.iter().any(|o| (o.kind, o.slot) == (m.kind, m.slot));
    for m in entered.iter().filter(|m| !has(&stored, m)) {
        notes.push(format!(
            "{} {} is no longer stored (taken back outside this entry): it is asked again",
            m.kind, m.slot
        ));
    }
    for m in stored.iter().filter(|m| !has(entered, m)) {
        notes.push(format!(
            "{} {} was entered by another session: {}",
            m.kind,
            m.slot,
            m.entry_line()
        ));
    }
    *entered = stored;
}

/// How to name a night on the command line: `'Royal Oak' 'Red Lion' [--date D]`.
fn night_words(home: &TeamInfo, away: &TeamInfo, date: Option<NaiveDate>) -> String {
    let mut words = format!("{} {}", shell_quoted(&home.name), shell_quoted(&away.name));
    if let Some(d) = date {
        words.push_str(&format!(" --date {d}"));
    }
    words
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
    reader: &LeagueReader<'_>,
    config: &Config,
    entry: MatchEntry,
    correcting: Option<i64>,
) -> Result<(Match, Vec<LegLink>), CliError> {
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
                let g = reader
                    .game_leg(
                        game,
                        &config.don_rules,
                        &players.home,
                        correcting.map(|f| (f, entry.kind.to_string(), entry.slot)),
                    )
                    .map_err(|e| CliError::Usage(format!("leg {}: {e}", i + 1)))?;
                for side in HomeAway::BOTH {
                    if players[side].is_empty() {
                        players[side] = g.players[side].clone();
                    }
                }
                games.push(LegLink {
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
/// put on it, with a warning; a name close to a known player's is refused as a slip unless it
/// was said to be new.
#[allow(clippy::too_many_arguments)]
fn accept(
    change: &Change,
    season: &SeasonInfo,
    players: &mut Players,
    fixture: i64,
    entered: &mut Vec<Match>,
    m: Match,
    games: &[LegLink],
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
    players.check(&m)?;
    players.put_on_rosters(change, season, &m, notes)?;
    change.add_match(fixture, &m, games, true)?;
    entered.push(m);
    Ok(())
}

/// Why an answer at the prompt was not taken.
enum Refusal {
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
fn stopped_words(at: usize, what: &str, why: &str) -> String {
    format!(
        "line {at}: {what} refused: {}; the entry stops here (nothing after line {at} is read)",
        shown(why)
    )
}

/// How asking for something ended.
enum Asked<T> {
    Given(T),
    /// The end of input, or `quit`.
    End,
    /// Piped input refused, at a line (its number, and why): the entry stops there.
    Stopped(usize, String),
}

/// Asks one answer and checks it. On a terminal a refused answer is asked again (only that
/// one); from a pipe it stops the entry, naming the line. `quit` or the end of input ends it.
fn ask<T>(
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
                let paint = super::colour::Paint::stderr();
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

/// Asks for one match, each answer checked as it is given: the home players, the away players,
/// the legs, the leg scores. `entered`: the night's other matches.
fn ask_match(
    prompt: &mut dyn Prompt,
    reader: &LeagueReader<'_>,
    config: &Config,
    players: &mut Players,
    (kind, slot): (Kind, u32),
    entered: &[Match],
) -> Result<Asked<(Match, Vec<LegLink>)>, CliError> {
    let label = format!("{kind} {slot}");
    let mut sides: Pair<Vec<String>> = Pair::default();
    for side in HomeAway::BOTH {
        let question = format!("{label}: {} players", players.teams[side].name);
        let home = sides.home.clone();
        let asked = ask(prompt, &question, |text, p| {
            let typed = parse_players(text).map_err(|e| Refusal::Why(e.to_string()))?;
            let mut names = Vec::new();
            for name in typed {
                let Some(known) = players.slip(side, &name) else {
                    names.push(name);
                    continue;
                };
                let q = format!(
                    "{} (yes: {known}; no: {name} is new to the league)",
                    players.slip_words(side, &name, &known)
                );
                match yes_or_no(p, &q, &format!("is {name} the {known} the league knows?"))
                    .map_err(|e| Refusal::Failed(e.into()))?
                {
                    Answer::Yes => names.push(known),
                    Answer::No => {
                        players.new.push(name_key(&name));
                        names.push(name);
                    }
                    Answer::End => return Err(Refusal::End),
                    Answer::Neither(why) => return Err(Refusal::Why(why)),
                }
            }
            check_side_players(config, entered, (kind, slot), side, &names, &home)
                .map_err(|e| Refusal::Why(e.to_string()))?;
            Ok(names)
        })?;
        match asked {
            Asked::Given(names) => sides[side] = names,
            Asked::End => return Ok(Asked::End),
            Asked::Stopped(at, why) => return Ok(Asked::Stopped(at, why)),
        }
    }
    let legs = match ask(
        prompt,
        &format!("{label}: legs won, home first"),
        |text, _| {
            let legs = parse_legs(text).map_err(|e| Refusal::Why(e.to_string()))?;
            check_match_legs(config, (kind, slot), legs)
                .map_err(|e| Refusal::Why(e.to_string()))?;
            Ok(legs)
        },
    )? {
        Asked::Given(legs) => legs,
        Asked::End => return Ok(Asked::End),
        Asked::Stopped(at, why) => return Ok(Asked::Stopped(at, why)),
    };
    ask(prompt, &format!("{label}: leg scores"), |text, _| {
        let leg_entries = parse_leg_entries(text).map_err(|e| Refusal::Why(e.to_string()))?;
        let entry = MatchEntry {
            kind,
            slot,
            players: sides.clone(),
            legs,
            leg_entries,
        };
        let (m, games) =
            resolve(reader, config, entry, players.correcting).map_err(|e| match e {
                CliError::Usage(why) => Refusal::Why(why),
                other => Refusal::Failed(other),
            })?;
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

/// Asks for each match still to enter; each is kept as soon as it is checked. Before each
/// match is asked for, and again in the change that keeps it, the night is read as it is
/// stored now: a match another session has entered meanwhile is not asked for, and one typed
/// here that the other session kept first is refused (what was typed is given back as a
/// `night correct` line); a match taken back by an outside `don undo` is asked for again.
fn prompt_night(
    store: &mut Store,
    prompt: &mut dyn Prompt,
    season: &SeasonInfo,
    players: &mut Players,
    (mut fixture, begin): (Option<i64>, Begin),
    title: &str,
    mut entered: Vec<Match>,
) -> Result<Done, CliError> {
    let config = &season.config;
    let mut stopped = false;
    let paint = super::colour::Paint::stderr();
    let mut err = io::stderr().lock();
    writeln!(err, "For each match: players joined by + (blank if not known), legs won, home first, leg scores home first (blank if not known; #N for a leg scored in game N). `quit` or Ctrl-D ends the entry; the matches entered stay.")?;
    drop(err);
    let say_notes = |notes: Vec<String>| -> io::Result<()> {
        let mut err = io::stderr().lock();
        for n in notes {
            writeln!(err, "{}", paint.line(&shown(&n)))?;
        }
        Ok(())
    };
    loop {
        let mut notes = Vec::new();
        let now = night_now(&store.leagues(), season, fixture)?;
        if fixture.is_some() && now.is_none() {
            // Taken back whole: it is begun again with the next match kept.
            fixture = None;
        }
        sync_entered(&mut entered, matches_of(now.as_ref()), &mut notes);
        say_notes(notes)?;
        let Some(&(kind, slot)) = missing(config, &entered).first() else {
            break;
        };
        let label = format!("{kind} {slot}");
        let asked = ask_match(
            prompt,
            &store.leagues(),
            config,
            players,
            (kind, slot),
            &entered,
        )?;
        let (m, games) = match asked {
            Asked::Given(m) => m,
            Asked::End => break,
            Asked::Stopped(at, why) => {
                writeln!(io::stderr(), "{}", stopped_words(at, &label, &why))?;
                stopped = true;
                break;
            }
        };
        let change = store.change("night")?;
        let mut notes = Vec::new();
        // The night as it stands now, inside the change that keeps this match.
        let f = match night_now(&change.leagues(), season, fixture)? {
            Some(f) => f,
            None => match begin.apply(&change, season, &m, &mut notes)? {
                Begun::On(f) => f,
                Begun::Taken(why) => {
                    // Nothing is left to enter here: the night is the other session's.
                    drop(change);
                    notes.push(why);
                    say_notes(notes)?;
                    return Ok(Done::BadData);
                }
            },
        };
        sync_entered(&mut entered, matches_of(Some(&f)), &mut notes);
        if let Some(first) = entered
            .iter()
            .find(|o| (o.kind, o.slot) == (m.kind, m.slot))
        {
            drop(change);
            fixture = Some(f.id);
            let winner = &players.teams[first.winner()].name;
            notes.push(format!(
                "{label} refused: the other session entered {label} first ({} {}–{}: {}); yours is not kept: `don night correct {} --match {}` puts it in its place",
                winner,
                first.legs[first.winner()],
                first.legs[first.winner().other()],
                first.entry_line(),
                night_words(&begin.home, &begin.away, Some(f.date)),
                shell_quoted(&m.entry_line())
            ));
            say_notes(notes)?;
            stopped = true;
            continue;
        }
        accept(
            &change,
            season,
            players,
            f.id,
            &mut entered,
            m,
            &games,
            &mut notes,
        )?;
        let m = entered.last().expect("just entered");
        change.commit(
            &format!("{title}: {label} {}–{}", m.legs.home, m.legs.away),
            None,
        )?;
        fixture = Some(f.id);
        say_notes(notes)?;
        let winner = &players.teams[m.winner()].name;
        writeln!(
            io::stderr(),
            "{label}: {} {}–{}.",
            shown(winner),
            m.legs[m.winner()],
            m.legs[m.winner().other()]
        )?;
    }
    // The night as stored at the end (not as this session last saw it).
    let mut notes = Vec::new();
    let now = night_now(&store.leagues(), season, fixture)?;
    sync_entered(&mut entered, matches_of(now.as_ref()), &mut notes);
    say_notes(notes)?;
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
            shown(&players.teams.home.name),
            won.home,
            won.away,
            shown(&players.teams.away.name)
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
    Ok(if stopped { Done::BadData } else { Done::Ok })
}

#[derive(clap::Args)]
#[command(mut_arg("season", |a| a.help(DATED_SEASON)))]
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
    if args.points == 0 {
        return Err(CliError::Usage(format!(
            "POINTS must be at least 1 (an adjustment is 1 to {} points)",
            don::league::MAX_ADJUSTMENT
        )));
    }
    if i64::from(args.points) > don::league::MAX_ADJUSTMENT {
        return Err(CliError::Usage(format!(
            "POINTS {}",
            don::league::adjustment_out_of_range(&args.points.to_string())
        )));
    }
    let day = date_or_today(args.date.as_deref())?;
    let mut store = args.db.open_existing()?;
    let change = store.change(if sign < 0 { "deduct" } else { "award" })?;
    let (league, season) = args.which.dated_in(&change, day)?;
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
            "{}: it is dated {day}{}, outside season {} (its fixtures run from {first} to {last}); the table counts it from {day} (`don undo`, then give --date or --season, if it belongs elsewhere)",
            super::colour::Paint::stderr().warning(),
            if args.date.is_none() { " (today: no --date was given)" } else { "" },
            shown(&season.name)
        );
    }
    Ok(Done::Ok)
}

#[derive(clap::Args)]
#[command(
    after_help = "Example:\n  don withdraw 'Red Lion' --date 2026-01-15",
    mut_arg("season", |a| a.help(DATED_SEASON))
)]
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
    let (league, season) = args.which.dated_in(&change, day)?;
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

/// A match as typed, with the stored games its legs were scored in.
type Typed = (Match, Vec<LegLink>);

/// A night's result as corrected: the whole of it, or some of its matches.
enum Correction {
    Whole(NightResult),
    Matches(Vec<Typed>),
}

/// `don night correct`: the night's result replaced as one change, the night confirmed.
fn correct(args: CorrectArgs) -> Result<Done, CliError> {
    let mut store = args.db.open_existing()?;
    let mut prompt = args.result.at_prompt().then(answer_prompt);
    // The correction is read (and typed) first, with nothing locked; then kept in one change,
    // if the night still stands as it was read.
    let day = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let (league, season) =
        args.which
            .night_on(&store.leagues(), day, Some((&args.home, &args.away)))?;
    let leagues = store.leagues();
    let f = played_night(
        &leagues,
        &league,
        &season,
        &args.home,
        &args.away,
        args.date.as_deref(),
    )?;
    let config = &season.config;
    let title = format!("{} v {} on {}", f.home.name, f.away.name, f.date);
    let was = result_words(&f, config);
    let stored: Vec<Match> = match &f.result {
        Some(NightResult::Matches(ms)) => ms.clone(),
        _ => Vec::new(),
    };
    let by_matches = matches!(f.result, Some(NightResult::Matches(_)));
    let must_complete = !by_matches || is_done(&f, config);
    let teams = Pair::new(f.home.clone(), f.away.clone());
    let mut players = Players::load(&leagues, &league, &season, teams, &args.result.new_players)?;
    players.correcting = Some(f.id);
    let mut stopped = None;
    let mut notes = Vec::new();
    let correction = if let Some(t) = &args.result.totals {
        let totals = parse_legs(t).map_err(|e| CliError::Usage(format!("--totals: {e}")))?;
        check_totals(config, totals).map_err(|e| CliError::Usage(format!("{title}: {e}")))?;
        Correction::Whole(NightResult::Totals(totals))
    } else if let Some(w) = &args.result.walkover {
        let side: HomeAway = w
            .parse()
            .map_err(|e| CliError::Usage(format!("--walkover: {e}")))?;
        Correction::Whole(NightResult::Walkover(side))
    } else if !args.result.matches.is_empty() {
        let mut given = Vec::new();
        for (i, line) in args.result.matches.iter().enumerate() {
            let at = |m: String| CliError::Usage(format!("--match {}: {m}", i + 1));
            let entry = parse_match(line).map_err(|e| at(e.to_string()))?;
            let (m, games) =
                resolve(&leagues, config, entry, players.correcting).map_err(|e| match e {
                    CliError::Usage(m) => at(m),
                    other => other,
                })?;
            players.check(&m).map_err(|e| match e {
                CliError::Usage(m) => at(m),
                other => other,
            })?;
            given.push((m, games));
        }
        Correction::Matches(given)
    } else {
        let prompt = prompt.as_deref_mut().expect("at the prompt");
        let (given, why) =
            prompt_correction(prompt, &leagues, config, &mut players, &stored, by_matches)?;
        stopped = why;
        Correction::Matches(given)
    };
    // The night as it will stand, checked whole.
    if let Correction::Matches(given) = &correction {
        if given.is_empty() {
            let mut err = io::stderr();
            if let Some(why) = &stopped {
                writeln!(err, "{why}; nothing is corrected")?;
                return Ok(Done::BadData);
            }
            writeln!(io::stdout(), "{}: nothing corrected.", shown(&title))?;
            return Ok(Done::Ok);
        }
        let mut all: Vec<Match> = stored
            .iter()
            .filter(|m| {
                !given
                    .iter()
                    .any(|(g, _)| (g.kind, g.slot) == (m.kind, m.slot))
            })
            .cloned()
            .collect();
        for (g, _) in given {
            all.push(g.clone());
        }
        // A player twice in one kind is only warned of, as at `night enter`: the warnings that
        // concern a match corrected, in the order of the matches.
        all.sort_by_key(|m| (m.kind, m.slot));
        let warned = check_night_warnings(config, &all)
            .map_err(|e| CliError::Usage(format!("{title}: {e}")))?;
        for w in warned {
            let NightWarning::PlayerTwice {
                kind,
                first,
                second,
                ..
            } = &w;
            if given
                .iter()
                .any(|(g, _)| g.kind == *kind && (g.slot == *first || g.slot == *second))
            {
                notes.push(format!("warning: {w}"));
            }
        }
        if must_complete {
            require_complete(config, &all)
                .map_err(|e| CliError::Usage(format!("{title}: as corrected, {e}")))?;
        }
        // Players compared as names (case and extra spaces ignored), matches by slot.
        let by_slot = |ms: &[Match]| {
            let mut ms = ms.to_vec();
            for m in &mut ms {
                for side in HomeAway::BOTH {
                    m.players[side] = m.players[side].iter().map(|p| name_key(p)).collect();
                }
            }
            ms.sort_by_key(|m| (m.kind, m.slot));
            ms
        };
        if by_slot(&all) == by_slot(&stored) {
            return nothing_to_correct(&title);
        }
    }
    if let Correction::Whole(r) = &correction {
        if f.result.as_ref() == Some(r) {
            return nothing_to_correct(&title);
        }
    }
    let change = store.change("night correct")?;
    let now = played_night(
        &change.leagues(),
        &league,
        &season,
        &args.home,
        &args.away,
        args.date.as_deref(),
    )?;
    if now != f {
        return Err(CliError::Usage(format!(
            "{title} was changed meanwhile (by another don): correct it again"
        )));
    }
    let what = match &correction {
        Correction::Whole(r) => {
            change.clear_night(f.id)?;
            change.set_night_result(f.id, r)?;
            String::new()
        }
        Correction::Matches(given) => {
            if by_matches {
                for (m, _) in given {
                    change.remove_match(f.id, m.kind, m.slot)?;
                }
            } else {
                change.clear_night(f.id)?;
                change.set_night_result(f.id, &NightResult::Matches(Vec::new()))?;
            }
            for (m, games) in given {
                players.put_on_rosters(&change, &season, m, &mut notes)?;
                change.add_match(f.id, m, games, true)?;
            }
            let slots: Vec<String> = given
                .iter()
                .map(|(m, _)| format!("{} {}", m.kind, m.slot))
                .collect();
            format!(" ({})", slots.join(", "))
        }
    };
    let name = |side: HomeAway| match side {
        HomeAway::Home => &f.home.name,
        HomeAway::Away => &f.away.name,
    };
    let now = fixture_by_number(&change, &season, f.id)?;
    let stands = f.confirmation.corrected(is_done(&now, config));
    let mut settled = match &f.confirmation {
        Confirmation::Disputed { by, .. } => {
            format!("; the dispute by {} is settled", name(*by))
        }
        _ => String::new(),
    };
    match (&f.confirmation, &stands) {
        (Confirmation::Provisional { .. }, Confirmation::Confirmed) => {
            settled.push_str("; it stands confirmed")
        }
        (_, Confirmation::Provisional { entered_by }) => settled.push_str(&format!(
            "; it is not complete, so it stays provisional, entered for {}, until it is complete and confirmed for {}",
            name(*entered_by),
            name(entered_by.other())
        )),
        _ => {}
    }
    if stands != f.confirmation {
        change.set_confirmation(f.id, &stands, chrono::Local::now().date_naive())?;
    }
    let summary = format!(
        "{title} corrected{what}: {} (was {was}){settled}",
        result_words(&now, config)
    );
    change.commit(&summary, None)?;
    let mut out = io::stdout().lock();
    for n in &notes {
        writeln!(out, "{}", shown(n))?;
    }
    writeln!(out, "{}.", shown(&summary))?;
    if let Some(why) = stopped {
        writeln!(io::stderr(), "{why}; the corrections before it are kept")?;
        return Ok(Done::BadData);
    }
    Ok(Done::Ok)
}

/// A correction that is what the night holds already: nothing was wrong and nothing is
/// changed, as when nothing is typed at the prompt (exit 0).
fn nothing_to_correct(title: &str) -> Result<Done, CliError> {
    writeln!(
        io::stdout(),
        "{} stands so already: nothing to correct; nothing is changed.",
        shown(title)
    )?;
    Ok(Done::Ok)
}

/// The matches of a night corrected at the prompt: a night entered match by match is asked
/// which match to correct, again and again; one known by totals or a walkover is asked for
/// every match. Gives the matches typed, and why the entry stopped at a refused line (piped).
fn prompt_correction(
    prompt: &mut dyn Prompt,
    reader: &LeagueReader<'_>,
    config: &Config,
    players: &mut Players,
    stored: &[Match],
    by_matches: bool,
) -> Result<(Vec<Typed>, Option<String>), CliError> {
    let mut given: Vec<Typed> = Vec::new();
    let now = |given: &[Typed]| -> Vec<Match> {
        let mut all: Vec<Match> = stored
            .iter()
            .filter(|m| {
                !given
                    .iter()
                    .any(|(g, _)| (g.kind, g.slot) == (m.kind, m.slot))
            })
            .cloned()
            .collect();
        all.extend(given.iter().map(|(g, _)| g.clone()));
        all
    };
    let mut err = io::stderr();
    if !by_matches {
        writeln!(err, "Type each match of the night: players joined by + (blank if not known), legs won, home first, leg scores (blank if not known; #N for game N). `quit` or Ctrl-D ends, correcting nothing.")?;
        for (kind, slot) in missing(config, &[]) {
            let current = now(&given);
            match ask_match(prompt, reader, config, players, (kind, slot), &current)? {
                Asked::Given(m) => given.push(m),
                Asked::End => return Ok((Vec::new(), None)),
                Asked::Stopped(at, why) => {
                    return Ok((
                        Vec::new(),
                        Some(stopped_words(at, &format!("{kind} {slot}"), &why)),
                    ))
                }
            }
        }
        return Ok((given, None));
    }
    writeln!(err, "Name each match to correct (e.g. `single-crib 2`), then type it again; a blank line, `quit` or Ctrl-D when done.")?;
    loop {
        let which = ask(prompt, "Match to correct (blank when done)", |text, _| {
            if text.trim().is_empty() {
                return Err(Refusal::End);
            }
            let (kind, slot) = parse_kind_slot(text).map_err(|e| Refusal::Why(e.to_string()))?;
            match config.kind(kind) {
                Some(k) if (1..=k.matches).contains(&slot) => Ok((kind, slot)),
                _ => Err(Refusal::Why(format!("the night has no {kind} {slot}"))),
            }
        })?;
        let (kind, slot) = match which {
            Asked::Given(ks) => ks,
            Asked::End => return Ok((given, None)),
            Asked::Stopped(at, why) => {
                return Ok((given, Some(stopped_words(at, "the match to correct", &why))))
            }
        };
        if let Some(m) = stored.iter().find(|m| (m.kind, m.slot) == (kind, slot)) {
            writeln!(
                err,
                "{kind} {slot} stands as {}–{} {} v {}",
                m.legs.home,
                m.legs.away,
                shown(&m.players.home.join("+")),
                shown(&m.players.away.join("+"))
            )?;
        }
        let current = now(&given);
        match ask_match(prompt, reader, config, players, (kind, slot), &current)? {
            Asked::Given(m) => {
                given.retain(|(g, _)| (g.kind, g.slot) != (kind, slot));
                given.push(m);
            }
            Asked::End => return Ok((given, None)),
            Asked::Stopped(at, why) => {
                return Ok((
                    given,
                    Some(stopped_words(at, &format!("{kind} {slot}"), &why)),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

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
        }
    }

    /// Don 1 of Royal Oak v Red Lion asked for at a terminal, `lines` typed: how it ended and
    /// the questions asked.
    fn don_1_typed(lines: &[&'static str]) -> (Asked<(Match, Vec<LegLink>)>, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("don.db")).unwrap();
        let mut typist = Typist {
            lines: lines.iter().copied().collect(),
            asked: Vec::new(),
        };
        let asked = ask_match(
            &mut typist,
            &store.leagues(),
            &Config::default(),
            &mut players(),
            (Kind::Don, 1),
            &[],
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
        let question = "Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'? (yes: Ivor James; no: Ivor Jams is new to the league)";
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
                "Ivor Jams is not on the roster of Red Lion; did you mean 'Ivor James'? (yes: Ivor James; no: Ivor Jams is new to the league)",
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
