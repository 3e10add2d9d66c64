//! `don cup`: a season's knockout cups (docs/league.md#cups): make one, enter teams or players, make
//! the draw, enter, correct, confirm and dispute ties, list the cups and show one as a bracket
//! round by round, or as JSON (docs/formats.md#cup-show-json).

use std::io::{self, BufWriter, Write};

use serde::Serialize;

use don::app::cup::{Draw, TieEntry, TieGiven};
use don::app::night::error::NightError;
use don::app::view::cup::{CupView, TieView};
use don::app::AppError;
use don::league::cup::CupKind;
use don::league::{Confirmation, HomeAway, Pair};
use don::record::text::terminal_safe_json;

use super::context::{Cx, Scope};
use super::error::{CliError, Exit};
use super::night::entry::{parse_legs, parse_match};
use super::prompt::{answer_prompt, Prompt};
use super::text::shown;
use super::which::parse_date;

#[derive(clap::Subcommand)]
pub enum CupCommand {
    /// Make a cup of a season: a team cup (its ties nights of the league's composition), or an
    /// individual cup of one kind of match (--kind), its ties the best of --best-of legs.
    #[command(
        after_help = "Examples:\n  don cup new 'League Cup'\n  don cup new 'Pairs Cup' --kind don --best-of 3\n  don cup new 'Singles Cup' --kind single-crib --best-of 5 --season 2025-26"
    )]
    New(NewArgs),
    /// Enter teams (a team cup) or players (an individual cup: a name, or two joined by + for
    /// a pair) in a cup, before its draw.
    #[command(
        after_help = "Examples:\n  don cup enter 'League Cup' 'Royal Oak' 'Red Lion' 'Six Bells'\n  don cup enter 'Pairs Cup' 'Gareth Jones+Rhys Evans' 'Dai Morgan+Huw Bevan'"
    )]
    Enter(EnterArgs),
    /// Make a cup's draw: the order drawn in the pub (--order), or drawn by don from a seed
    /// (--seed), kept and shown so the draw can be made again. With n entries and P the
    /// smallest power of two at or above n, the last P − n entries drawn have byes.
    #[command(
        after_help = "Examples:\n  don cup draw 'League Cup' --order 'Red Lion, Six Bells, Royal Oak'\n  don cup draw 'League Cup' --seed 20251106"
    )]
    Draw(DrawArgs),
    /// Enter a tie's result: match by match at a prompt, or with --match, --totals or
    /// --walkover (a team cup), --legs (an individual cup); a level tie needs --decider.
    #[command(
        after_help = "A team tie is won on matches, level on matches on legs (where its matches are given), and still
level (or given as totals) by the winner of a deciding leg of the night's first kind: --decider.

Examples:
  don cup result 'League Cup' 'Royal Oak' 'Red Lion' --totals 5-4
  don cup result 'League Cup' 'Royal Oak' 'Red Lion' --totals 4-5 --date 2025-11-06
  don cup result 'League Cup' 'Six Bells' 'Royal Oak' --walkover 'Royal Oak'
  don cup result 'Pairs Cup' 'Gareth Jones+Rhys Evans' 'Dai Morgan+Huw Bevan' --legs 2-1"
    )]
    Result(ResultArgs),
    /// Correct a tie's result: replaced, as one change, by the result given; it stands
    /// confirmed. `don undo` puts the old result back.
    #[command(
        after_help = "Example:\n  don cup correct 'League Cup' 'Royal Oak' 'Red Lion' --totals 4-5"
    )]
    Correct(ResultArgs),
    /// Confirm a team tie for the team that did not enter it (a disputed tie confirmed is
    /// settled).
    #[command(
        after_help = "Example:\n  don cup confirm 'League Cup' 'Royal Oak' 'Red Lion' --by 'Red Lion'"
    )]
    Confirm(SettleArgs),
    /// Dispute a team tie's result, with a reason.
    #[command(
        after_help = "Example:\n  don cup dispute 'League Cup' 'Royal Oak' 'Red Lion' --by 'Red Lion' --reason 'single crib 2 was ours'"
    )]
    Dispute(DisputeArgs),
    /// List a season's cups, each with its next ties, its winner and runner-up.
    #[command(after_help = "Example:\n  don cup list --season 2025-26")]
    List {
        #[command(flatten)]
        scope: Scope,
    },
    /// Show a cup's draw as a bracket, round by round, or as JSON (docs/formats.md#cup-show-json).
    #[command(
        after_help = "Examples:\n  don cup show 'League Cup'\n  don cup show 'League Cup' --json"
    )]
    Show {
        /// The cup
        cup: String,
        /// As JSON (docs/formats.md#cup-show-json)
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        scope: Scope,
    },
}

#[derive(clap::Args)]
pub struct NewArgs {
    /// The cup's name
    name: String,
    /// An individual cup of this kind of match (a kind of the league's night: don,
    /// double-crib, single-crib) [default: a team cup]
    #[arg(long)]
    kind: Option<String>,
    /// An individual cup's ties are the best of this many legs
    #[arg(long, value_name = "N", requires = "kind", default_value_t = 3)]
    best_of: u32,
    #[command(flatten)]
    scope: Scope,
}

#[derive(clap::Args)]
pub struct EnterArgs {
    /// The cup
    cup: String,
    /// Teams, or players (`A+B` for a pair)
    #[arg(required = true)]
    entries: Vec<String>,
    #[command(flatten)]
    scope: Scope,
}

#[derive(clap::Args)]
pub struct DrawArgs {
    /// The cup
    cup: String,
    /// Every entry in the order drawn, comma-separated
    #[arg(
        long,
        value_name = "'E1, E2, …'",
        conflicts_with = "seed",
        required_unless_present = "seed"
    )]
    order: Option<String>,
    /// Drawn by don from this seed (a whole number): the same seed gives the same draw
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    #[command(flatten)]
    scope: Scope,
}

#[derive(clap::Args)]
pub struct ResultArgs {
    /// The cup
    cup: String,
    /// The home entry of the tie, as the draw has it
    home: String,
    /// The away entry
    away: String,
    /// A match: KIND SLOT; HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]; repeat for each
    #[arg(long = "match", value_name = "MATCH")]
    matches: Vec<String>,
    /// Only the tie's result is known: matches won, home first (e.g. 5-4)
    #[arg(long, value_name = "H-A", conflicts_with_all = ["matches", "walkover", "legs"])]
    totals: Option<String>,
    /// One entry did not turn up: the one that did (home, away, or its name)
    #[arg(long, value_name = "TEAM", conflicts_with_all = ["matches", "legs"])]
    walkover: Option<String>,
    /// An individual tie: legs won, home first (e.g. 2-1)
    #[arg(long, value_name = "H-A", conflicts_with = "matches")]
    legs: Option<String>,
    /// A tie level on matches and legs (or given as totals): the winner of its deciding leg
    /// (home, away, or its name)
    #[arg(long, value_name = "TEAM")]
    decider: Option<String>,
    /// The tie's date [default: today]
    #[arg(long)]
    date: Option<String>,
    /// The team entering a team tie; it stays provisional until confirmed for the other
    /// [default: the home team]
    #[arg(long = "for", value_name = "TEAM")]
    entered_for: Option<String>,
    /// A player new to the league whose name is close to one it knows, or someone else of a
    /// known player's name (without it such a name is refused: "did you mean …?"); repeat for
    /// each
    #[arg(long = "new-player", value_name = "NAME")]
    new_players: Vec<String>,
    #[command(flatten)]
    scope: Scope,
}

#[derive(clap::Args)]
pub struct SettleArgs {
    /// The cup
    cup: String,
    /// The home entry of the tie
    home: String,
    /// The away entry
    away: String,
    /// The team confirming or disputing [default: the team that did not enter it]
    #[arg(long, value_name = "TEAM")]
    by: Option<String>,
    #[command(flatten)]
    scope: Scope,
}

#[derive(clap::Args)]
pub struct DisputeArgs {
    #[command(flatten)]
    tie: SettleArgs,
    /// Why the result is not accepted
    #[arg(long)]
    reason: String,
}

pub fn cup(command: CupCommand) -> Result<Exit, CliError> {
    match command {
        CupCommand::New(args) => new(args),
        CupCommand::Enter(args) => {
            let mut cx = Cx::change(&args.scope)?;
            let entered = cx.app.cup_enter(&cx.choice, &args.cup, &args.entries)?;
            println!("{}", shown(&entered.to_string()));
            Ok(Exit::Ok)
        }
        CupCommand::Draw(args) => draw(args),
        CupCommand::Result(args) => result(args, false),
        CupCommand::Correct(args) => result(args, true),
        CupCommand::Confirm(args) => settle(args, None),
        CupCommand::Dispute(args) => settle(args.tie, Some(args.reason)),
        CupCommand::List { scope } => list(scope),
        CupCommand::Show { cup, json, scope } => show(&cup, json, scope),
    }
}

fn new(args: NewArgs) -> Result<Exit, CliError> {
    let kind = match &args.kind {
        None => CupKind::Team,
        Some(k) => k
            .parse::<CupKind>()
            .map_err(|e| CliError::Usage(format!("--kind: {e}")))?,
    };
    let mut cx = Cx::change(&args.scope)?;
    let best_of = args.kind.is_some().then_some(args.best_of);
    let made = cx.app.cup_new(&cx.choice, &args.name, kind, best_of)?;
    println!("Made cup {}.", shown(&made.to_string()));
    Ok(Exit::Ok)
}

fn draw(args: DrawArgs) -> Result<Exit, CliError> {
    let draw = match (&args.order, args.seed) {
        (_, Some(seed)) => Draw::Seed(seed),
        (Some(order), None) => Draw::Order(
            order
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
        ),
        (None, None) => return Err(CliError::Usage("give --order or --seed".into())),
    };
    let mut cx = Cx::change(&args.scope)?;
    let view = cx.app.cup_draw(&cx.choice, &args.cup, draw)?;
    let mut out = BufWriter::new(io::stdout().lock());
    write_bracket(&mut out, &view)?;
    out.flush()?;
    Ok(Exit::Ok)
}

/// The result as given on the command line, or at the prompt.
fn result(args: ResultArgs, correct: bool) -> Result<Exit, CliError> {
    let usage = |flag: &str, e: &dyn std::fmt::Display| CliError::Usage(format!("{flag}: {e}"));
    let date = args
        .date
        .as_deref()
        .map(|d| parse_date(d, "--date"))
        .transpose()?;
    let mut cx = Cx::change(&args.scope)?;
    let mut decider = args.decider.clone();
    let given = if let Some(t) = &args.totals {
        Some(TieGiven::Totals(
            parse_legs(t).map_err(|e| usage("--totals", &e))?,
        ))
    } else if let Some(w) = &args.walkover {
        Some(TieGiven::Walkover(w.clone()))
    } else if let Some(l) = &args.legs {
        Some(TieGiven::Legs(
            parse_legs(l).map_err(|e| usage("--legs", &e))?,
        ))
    } else if !args.matches.is_empty() {
        let ms = args
            .matches
            .iter()
            .enumerate()
            .map(|(i, line)| {
                parse_match(line).map_err(|e| usage(&format!("--match {}", i + 1), &e))
            })
            .collect::<Result<_, _>>()?;
        Some(TieGiven::Matches(ms))
    } else {
        None
    };
    let asked = given.is_none();
    let given = match given {
        Some(g) => g,
        None => {
            let view = cx.app.cup(&cx.choice, &args.cup)?;
            let mut prompt = answer_prompt();
            match ask_tie(&view, (&args.home, &args.away), prompt.as_mut())? {
                Some((g, d)) => {
                    if decider.is_none() {
                        decider = d;
                    }
                    g
                }
                None => {
                    eprintln!("Nothing kept.");
                    return Ok(Exit::BadData);
                }
            }
        }
    };
    let entry = TieEntry {
        cup: &args.cup,
        home: &args.home,
        away: &args.away,
        date,
        decider: decider.as_deref(),
        entered_for: args.entered_for.as_deref(),
        correct,
        new_players: &args.new_players,
    };
    let kept = cx
        .app
        .cup_result(&cx.choice, entry, given)
        .map_err(|e| match e {
            // A match typed at the prompt is not a --match: its refusal is said as itself.
            AppError::Night(NightError::AtMatch { error, .. }) if asked => AppError::Night(*error),
            e => e,
        })?;
    for n in &kept.notes {
        println!("{}", shown(&n.to_string()));
    }
    println!("{}", shown(&kept.to_string()));
    Ok(Exit::Ok)
}

/// Asks for a tie's result at the prompt: a team tie match by match (each line `HOME
/// PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES]`, or `totals H-A` at the first), an individual
/// tie's legs; then, for a level tie, who won the deciding leg. On a terminal a line that
/// cannot be read is asked again; piped, it ends the entry (nothing kept). None: ended.
fn ask_tie(
    view: &CupView,
    (home, away): (&str, &str),
    prompt: &mut dyn Prompt,
) -> Result<Option<(TieGiven, Option<String>)>, CliError> {
    let mut err = io::stderr();
    let refused = |prompt: &dyn Prompt, why: String| -> Result<bool, CliError> {
        if prompt.interactive() {
            writeln!(io::stderr(), "{}", shown(&why))?;
            Ok(true)
        } else {
            Err(CliError::Usage(format!(
                "line {}: {why}",
                prompt.line_number()
            )))
        }
    };
    let ask = |prompt: &mut dyn Prompt, q: &str| -> Result<Option<String>, CliError> {
        Ok(prompt
            .line(&shown(q))?
            .map(|l| l.trim().to_string())
            .filter(|l| !l.eq_ignore_ascii_case("quit")))
    };
    let given = match view.kind {
        CupKind::Individual(_) => loop {
            let Some(line) = ask(prompt, &format!("{home} v {away}: legs won, home first"))? else {
                return Ok(None);
            };
            match parse_legs(&line) {
                Ok(legs) => break TieGiven::Legs(legs),
                Err(e) => {
                    refused(prompt, e.to_string())?;
                }
            }
        },
        CupKind::Team => {
            writeln!(
                err,
                "{home} v {away}: each match as HOME PLAYERS; AWAY PLAYERS; LEGS[; LEG SCORES] (or, first, totals H-A)"
            )?;
            let mut ms = Vec::new();
            let mut totals = None;
            let mut i = 0;
            while i < view.matches.len() {
                let (kind, slot) = view.matches[i];
                let Some(line) = ask(prompt, &format!("{kind} {slot}"))? else {
                    return Ok(None);
                };
                if i == 0 {
                    if let Some(t) = line.strip_prefix("totals") {
                        match parse_legs(t) {
                            Ok(t) => {
                                totals = Some(t);
                                break;
                            }
                            Err(e) => {
                                refused(prompt, e.to_string())?;
                                continue;
                            }
                        }
                    }
                }
                match parse_match(&format!("{kind} {slot}; {line}")) {
                    Ok(m) => {
                        ms.push(m);
                        i += 1;
                    }
                    Err(e) => {
                        refused(prompt, format!("{kind} {slot}: {e}"))?;
                    }
                }
            }
            match totals {
                Some(t) => TieGiven::Totals(t),
                None => TieGiven::Matches(ms),
            }
        }
    };
    let level = match &given {
        TieGiven::Totals(t) => t.home == t.away,
        TieGiven::Matches(ms) => {
            let won = |side: HomeAway| {
                ms.iter()
                    .filter(|m| (m.legs.home > m.legs.away) == (side == HomeAway::Home))
                    .count()
            };
            let legs = |f: fn(&Pair<u32>) -> u32| ms.iter().map(|m| f(&m.legs)).sum::<u32>();
            won(HomeAway::Home) == won(HomeAway::Away) && legs(|l| l.home) == legs(|l| l.away)
        }
        _ => false,
    };
    let mut decider = None;
    if level {
        decider = ask(
            prompt,
            "level: the deciding leg was won by (home, away or the team)",
        )?;
        if decider.is_none() {
            return Ok(None);
        }
    }
    Ok(Some((given, decider)))
}

fn settle(args: SettleArgs, reason: Option<String>) -> Result<Exit, CliError> {
    let mut cx = Cx::change(&args.scope)?;
    let settled = cx.app.cup_settle(
        &cx.choice,
        (&args.cup, &args.home, &args.away),
        args.by.as_deref(),
        reason,
    )?;
    for n in &settled.notes {
        println!("{}", shown(&n.to_string()));
    }
    println!("{}", shown(&settled.to_string()));
    Ok(Exit::Ok)
}

fn list(scope: Scope) -> Result<Exit, CliError> {
    let cx = Cx::read(&scope)?;
    let (season, cups) = cx.app.cups(&cx.choice)?;
    let mut out = BufWriter::new(io::stdout().lock());
    if cups.is_empty() {
        writeln!(out, "Season {} has no cups.", shown(&season.name))?;
    }
    for c in &cups {
        write!(out, "{} ({}", shown(&c.name), kind_words(c))?;
        write!(out, ", {} entries", c.entries.len())?;
        if !c.drawn {
            write!(out, ", not drawn yet")?;
        }
        writeln!(out, ")")?;
        if let (Some(w), Some(r)) = (&c.winner, &c.runner_up) {
            writeln!(out, "  won by {}, runner-up {}", shown(w), shown(r))?;
        }
        for (round, t) in c.next_ties() {
            writeln!(
                out,
                "  next: {round}: {} v {}",
                shown(t.home.as_deref().unwrap_or("")),
                shown(t.away.as_deref().unwrap_or(""))
            )?;
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}

fn kind_words(c: &CupView) -> String {
    match c.kind {
        CupKind::Team => "a team cup".into(),
        CupKind::Individual(k) => format!("{k}, best of {}", c.best_of),
    }
}

fn show(cup: &str, json: bool, scope: Scope) -> Result<Exit, CliError> {
    let cx = Cx::read(&scope)?;
    let view = cx.app.cup(&cx.choice, cup)?;
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        writeln!(out, "{}", cup_json(&view))?;
    } else {
        write_bracket(&mut out, &view)?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// The bracket as people read it: round by round, each tie on its line.
fn write_bracket(out: &mut impl Write, view: &CupView) -> io::Result<()> {
    writeln!(
        out,
        "{} (season {}, {})",
        shown(&view.name),
        shown(&view.season),
        kind_words(view)
    )?;
    if !view.drawn {
        writeln!(
            out,
            "Not drawn yet; {} entered: {}",
            view.entries.len(),
            shown(&view.entries.join(", "))
        )?;
        return Ok(());
    }
    match &view.seed {
        Some(seed) => writeln!(
            out,
            "Drawn from seed {seed}: {}",
            shown(&view.entries.join(", "))
        )?,
        None => writeln!(out, "Drawn: {}", shown(&view.entries.join(", ")))?,
    }
    for r in &view.rounds {
        writeln!(out, "{}", r.name)?;
        for t in &r.ties {
            writeln!(out, "  {}", shown(&tie_line(t)))?;
        }
    }
    if let (Some(w), Some(r)) = (&view.winner, &view.runner_up) {
        writeln!(out, "Winner: {}; runner-up: {}", shown(w), shown(r))?;
    }
    Ok(())
}

fn tie_line(t: &TieView) -> String {
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
    if t.bye {
        return format!("{}. {}: a bye", t.tie, name(&t.home));
    }
    let mut line = format!("{}. {} v {}", t.tie, name(&t.home), name(&t.away));
    if let (Some(p), Some(words)) = (&t.played, t.result_words()) {
        line.push_str(&format!(": {words}"));
        if let Some(d) = p.date {
            line.push_str(&format!(", {d}"));
        }
        match &p.confirmation {
            Confirmation::Confirmed => {}
            Confirmation::Provisional { .. } => line.push_str(" (provisional)"),
            Confirmation::Disputed { reason, .. } => {
                line.push_str(&format!(" (disputed: {reason})"))
            }
        }
    }
    line
}

/// A tie as docs/formats.md#cup-show-json writes it: a bye, a tie to be played, or one played.
#[derive(Serialize)]
#[serde(untagged)]
enum TieJson<'a> {
    Bye {
        tie: u32,
        home: Option<&'a str>,
        away: Option<&'a str>,
        bye: bool,
        winner: Option<&'a str>,
    },
    Played {
        tie: u32,
        home: Option<&'a str>,
        away: Option<&'a str>,
        date: Option<String>,
        home_points: u32,
        away_points: u32,
        decider: Option<&'a str>,
        walkover: bool,
        winner: Option<&'a str>,
    },
    ToPlay {
        tie: u32,
        home: Option<&'a str>,
        away: Option<&'a str>,
        date: Option<String>,
        home_points: Option<u32>,
        away_points: Option<u32>,
        winner: Option<&'a str>,
    },
}

#[derive(Serialize)]
struct RoundJson<'a> {
    round: u32,
    name: String,
    ties: Vec<TieJson<'a>>,
}

#[derive(Serialize)]
struct CupJson<'a> {
    cup: &'a str,
    season: &'a str,
    kind: &'a str,
    entries: Vec<&'a str>,
    rounds: Vec<RoundJson<'a>>,
    winner: Option<&'a str>,
    runner_up: Option<&'a str>,
}

/// `cup show --json` (docs/formats.md#cup-show-json), on one line.
pub fn cup_json(view: &CupView) -> String {
    fn tie(t: &TieView) -> TieJson<'_> {
        let (home, away, winner) = (t.home.as_deref(), t.away.as_deref(), t.winner.as_deref());
        if t.bye {
            return TieJson::Bye {
                tie: t.tie,
                home,
                away: None,
                bye: true,
                winner,
            };
        }
        match &t.played {
            Some(p) => TieJson::Played {
                tie: t.tie,
                home,
                away,
                date: p.date.map(|d| d.to_string()),
                home_points: p.points.home,
                away_points: p.points.away,
                decider: p.decider.map(|d| match d {
                    HomeAway::Home => home.unwrap_or(""),
                    HomeAway::Away => away.unwrap_or(""),
                }),
                walkover: p.walkover,
                winner,
            },
            None => TieJson::ToPlay {
                tie: t.tie,
                home,
                away,
                date: None,
                home_points: None,
                away_points: None,
                winner: None,
            },
        }
    }
    let json = CupJson {
        cup: &view.name,
        season: &view.season,
        kind: view.kind.as_str(),
        entries: if view.drawn {
            view.entries.iter().map(String::as_str).collect()
        } else {
            Vec::new()
        },
        rounds: view
            .rounds
            .iter()
            .map(|r| RoundJson {
                round: r.round,
                name: r.name.to_string(),
                ties: r.ties.iter().map(tie).collect(),
            })
            .collect(),
        winner: view.winner.as_deref(),
        runner_up: view.runner_up.as_deref(),
    };
    terminal_safe_json(&json).unwrap_or_else(|_| "{}".into())
}
