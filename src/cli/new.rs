//! `don new VARIANT`: begins a game to be scored at the table.

use std::io::{self, Write};

use serde_json::{json, Map, Value};

use don::app::games::{Begun, NewGame};
use don::app::AppError;
use don::check::import::date_fault;
use don::league::names::given_twice;
use don::record::game::FORMAT;
use don::record::parse_record;
use don::record::write::record_json;
use don::rules::Seat;

use super::db::DbArg;
use super::error::{CliError, Done};
use super::text::shown;

/// The rules options (docs/rules.md), by their names; each belongs to some variants only.
#[derive(clap::Args, Debug, Default)]
#[command(next_help_heading = "Rules options (each belongs to some variants; see docs/rules.md)")]
pub struct RulesOptions {
    /// Nine Card Don: who pitches first after the cut [high, low]
    #[arg(long)]
    cut: Option<String>,
    /// Nine Card Don: end-of-play scoring [game, preston, hljg]
    #[arg(long, value_name = "SCORING")]
    end_scoring: Option<String>,
    /// The target score (Game to Lose: the losing score)
    #[arg(long, value_name = "POINTS")]
    target: Option<String>,
    /// A fixed number of deals instead of a target (none: play to the target)
    #[arg(long, value_name = "N")]
    deals: Option<String>,
    /// Nine Card Don: legs in a match (3: best of three)
    #[arg(long, value_name = "N")]
    legs: Option<String>,
    /// Nine Card Don: friendly or league penalties
    #[arg(long, value_name = "KIND")]
    penalties: Option<String>,
    /// Blind Don: the layout [rows, stalybridge, three]
    #[arg(long)]
    layout: Option<String>,
    /// Irish Don: the pack [52, 48, 44]
    #[arg(long, value_name = "CARDS")]
    pack: Option<String>,
    /// Irish Don: 80–80 after the second deal [last-scorer-loses, draw]
    #[arg(long)]
    tie: Option<String>,
    /// Irish Don: games to win the match
    #[arg(long, value_name = "N")]
    games: Option<String>,
    /// Irish Don: best of three, the pitch passing on
    #[arg(long, num_args = 0..=1, default_missing_value = "true", value_name = "BOOL")]
    best_of_three: Option<String>,
    /// Irish Don (prison rules): a bonk counts two games
    #[arg(long, num_args = 0..=1, default_missing_value = "true", value_name = "BOOL")]
    bonk_two_games: Option<String>,
    /// Irish Don (prison rules): the pitcher may pass the pitch
    #[arg(long, num_args = 0..=1, default_missing_value = "true", value_name = "BOOL")]
    pass_pitch: Option<String>,
    /// Irish Don (prison rules): redeal on demand [off, cork, mountjoy, wheatfield, true]
    #[arg(long, value_name = "RULE")]
    redeal_rule: Option<String>,
    /// Irish Don: misère, the aim is to score as little as possible
    #[arg(long, num_args = 0..=1, default_missing_value = "true", value_name = "BOOL")]
    misere: Option<String>,
    /// Irish Don: 2 for the two-player game
    #[arg(long, value_name = "N")]
    players: Option<String>,
    /// Phat: 40–40 muck [carry, tens, split]
    #[arg(long, value_name = "RULE")]
    muck_tie: Option<String>,
}

impl RulesOptions {
    fn given(&self) -> Vec<(&'static str, &str)> {
        let all = [
            ("cut", &self.cut),
            ("end_scoring", &self.end_scoring),
            ("target", &self.target),
            ("deals", &self.deals),
            ("legs", &self.legs),
            ("penalties", &self.penalties),
            ("layout", &self.layout),
            ("pack", &self.pack),
            ("tie", &self.tie),
            ("games", &self.games),
            ("best_of_three", &self.best_of_three),
            ("bonk_two_games", &self.bonk_two_games),
            ("pass_pitch", &self.pass_pitch),
            ("redeal_rule", &self.redeal_rule),
            ("misere", &self.misere),
            ("players", &self.players),
            ("muck_tie", &self.muck_tie),
        ];
        all.into_iter()
            .filter_map(|(k, v)| v.as_deref().map(|v| (k, v)))
            .collect()
    }
}

/// A value typed on the command line, typed as a record would have it.
pub(super) fn typed(value: &str) -> Value {
    let v = value.trim();
    if let Ok(n) = v.parse::<i64>() {
        return json!(n);
    }
    match v.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" => json!(true),
        "false" | "no" => json!(false),
        "none" | "null" => Value::Null,
        _ => json!(v),
    }
}

#[derive(clap::Args)]
#[command(
    after_help = "Example:\n  don new nine-card-don --target 91 --seats 'Gareth, Dai, Rhys, Huw' --venue 'Fox and Hounds' --pitcher S"
)]
pub struct Args {
    /// The variant: nine-card-don, irish-don, phat, blind-don or game-to-lose
    variant: String,
    #[command(flatten)]
    options: RulesOptions,
    /// The players in seat order N, E, S, W (N, S for two; N, E, S for three), comma-separated
    #[arg(long, value_name = "NAMES")]
    seats: Option<String>,
    /// The player in seat N
    #[arg(long, value_name = "NAME")]
    north: Option<String>,
    /// The player in seat E
    #[arg(long, value_name = "NAME")]
    east: Option<String>,
    /// The player in seat S
    #[arg(long, value_name = "NAME")]
    south: Option<String>,
    /// The player in seat W
    #[arg(long, value_name = "NAME")]
    west: Option<String>,
    /// The date played, YYYY-MM-DD [default: today]
    #[arg(long)]
    date: Option<String>,
    /// Where it is played
    #[arg(long)]
    venue: Option<String>,
    /// Who pitches first, when the cut has decided it (else it is typed at `don play`)
    #[arg(long, value_name = "SEAT")]
    pitcher: Option<Seat>,
    /// The game's id, as a record's `id` (commands take it as well as the number)
    #[arg(long)]
    id: Option<String>,
    /// Jacks out: the stakes pooled, paid to the winners
    #[arg(long, value_name = "AMOUNT")]
    pool: Option<f64>,
    /// Jacks out: who was waiting to play, comma-separated
    #[arg(long, value_name = "NAMES", requires = "pool")]
    entrants: Option<String>,
    #[command(flatten)]
    db: DbArg,
}

fn names(list: &str) -> Vec<String> {
    list.split(',')
        .map(|n| n.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// Names and text typed on the command line checked (`record::text::check`): no control
/// characters, something visible; a blank name is left to the checks after.
fn check_typed(args: &Args) -> Result<(), CliError> {
    let lists = [("--seats", &args.seats), ("--entrants", &args.entrants)];
    let single = [
        ("--north", &args.north),
        ("--east", &args.east),
        ("--south", &args.south),
        ("--west", &args.west),
        ("--venue", &args.venue),
        ("--id", &args.id),
    ];
    let given = lists
        .into_iter()
        .flat_map(|(flag, v)| v.iter().flat_map(|v| v.split(',')).map(move |n| (flag, n)))
        .chain(
            single
                .into_iter()
                .filter_map(|(flag, v)| v.as_deref().map(|v| (flag, v))),
        );
    for (flag, text) in given {
        if text.trim().is_empty() {
            continue;
        }
        let checked = if matches!(flag, "--venue" | "--id") {
            don::record::text::check(text)
        } else {
            don::record::text::check_name(text)
        };
        checked.map_err(|e| {
            CliError::Usage(format!(
                "{flag} \"{}\" {e}",
                shown(&don::record::text::shortened(text.trim_matches(' ')))
            ))
        })?;
    }
    Ok(())
}

/// The record the new game starts as: no hands yet.
fn new_record(args: &Args) -> Result<Value, CliError> {
    check_typed(args)?;
    let mut ruleset = Map::new();
    ruleset.insert("variant".into(), json!(args.variant.trim().to_lowercase()));
    for (key, value) in args.options.given() {
        ruleset.insert(key.into(), typed(value));
    }
    let probe = parse_record(json!({ "format": FORMAT, "ruleset": ruleset, "hands": [] }));
    if let Some(f) = probe.faults.first() {
        return Err(CliError::Usage(f.message.clone()));
    }
    let Some(variant) = &probe.variant else {
        return Err(CliError::Usage(format!("no variant \"{}\"", args.variant)));
    };
    let seats_of_game = variant.spec().seating.seats();
    let mut seats = Map::new();
    if let Some(list) = &args.seats {
        let list = names(list);
        if list.len() != seats_of_game.len() {
            return Err(CliError::Usage(format!(
                "--seats names {}; {} has {} ({})",
                don::record::text::count(list.len(), "player", "players"),
                variant.name(),
                don::record::text::count(seats_of_game.len(), "seat", "seats"),
                seats_of_game
                    .iter()
                    .map(|s| s.letter())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        for (seat, name) in seats_of_game.iter().zip(list) {
            seats.insert(seat.letter().into(), json!(name));
        }
    }
    for (seat, name) in [
        (Seat::N, &args.north),
        (Seat::E, &args.east),
        (Seat::S, &args.south),
        (Seat::W, &args.west),
    ] {
        if let Some(name) = name {
            if !seats_of_game.contains(&seat) {
                return Err(CliError::Usage(format!(
                    "{} has no seat {seat}",
                    variant.name()
                )));
            }
            seats.insert(seat.letter().into(), json!(names(name).join(" ")));
        }
    }
    if seats
        .values()
        .any(|v| v.as_str().is_some_and(str::is_empty))
    {
        return Err(CliError::Usage("a player's name cannot be blank".into()));
    }
    // One person, one seat: names match as they do across games.
    let seated: Vec<(Seat, &str)> = seats_of_game
        .iter()
        .filter_map(|s| Some((*s, seats.get(s.letter())?.as_str()?)))
        .collect();
    if let Some((a, b)) = given_twice(seated.iter().map(|(_, name)| *name)) {
        let (first, name) = seated[a];
        let (second, again) = seated[b];
        let written = if name == again {
            shown(name).into_owned()
        } else {
            format!("{} (as {})", shown(name), shown(again))
        };
        return Err(CliError::Usage(format!(
            "{written} is named for two seats, {first} and {second}: one player sits in one seat"
        )));
    }
    let date = match &args.date {
        Some(d) => {
            if let Some(f) = date_fault(d) {
                return Err(CliError::Usage(f.message));
            }
            d.clone()
        }
        None => chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string(),
    };
    let mut record = json!({
        "format": FORMAT,
        "ruleset": ruleset,
        "date": date,
        "hands": [],
    });
    if !seats.is_empty() {
        record["seats"] = Value::Object(seats);
    }
    if let Some(venue) = &args.venue {
        record["venue"] = json!(venue);
    }
    if let Some(id) = &args.id {
        // Commands take a game's number before its id: an id of digits only would be hidden
        // by the game of that number.
        // `#2`, `+2` and ` 2 ` are read as game 2 too.
        if !id.trim().is_empty() && id.trim() != id {
            return Err(CliError::Usage(format!(
                "--id \"{}\": an id has no spaces around it",
                don::record::text::escaped(id)
            )));
        }
        if id.trim().parse::<i64>().is_ok() || id.trim_start_matches('#').parse::<i64>().is_ok() {
            return Err(CliError::Usage(format!(
                "--id {}: an id that reads as a number would be taken for a game's number; give it a letter or more (as `game-{}`)",
                don::record::text::escaped(id),
                don::record::text::escaped(id.trim_start_matches(['#', '+']))
            )));
        }
        if id.chars().count() > 100 {
            return Err(CliError::Usage(format!(
                "--id {}: an id may have at most 100 characters",
                don::record::text::escaped(&don::record::text::shortened(id))
            )));
        }
        record["id"] = json!(id);
    }
    if let Some(pool) = args.pool {
        let entrants = args.entrants.as_deref().map(names).unwrap_or_default();
        record["jacks_out"] = json!({ "pool": pool, "entrants": entrants });
    }
    let parsed = parse_record(record);
    if let Some(f) = parsed.faults.first() {
        return Err(CliError::Usage(f.message.clone()));
    }
    Ok(record_json(&parsed))
}

pub fn run(args: Args) -> Result<Done, CliError> {
    let record = new_record(&args)?;
    let parsed = parse_record(record.clone());
    let begun = Begun::new(record, args.pitcher).map_err(AppError::from)?;
    let NewGame {
        game,
        variant,
        look_alike,
    } = args.db.app()?.game_new(begun)?;
    let mut out = io::stdout().lock();
    writeln!(out, "Game {game}: {}", variant.describe())?;
    let mut about = vec![parsed.date.clone().unwrap_or_default()];
    about.extend(parsed.venue.as_deref().map(|v| shown(v).into_owned()));
    writeln!(out, "{}", about.join(" · "))?;
    let sides: Vec<String> = variant
        .spec()
        .sides()
        .iter()
        .map(|&side| {
            let seats: Vec<String> = variant
                .spec()
                .seating
                .seats()
                .iter()
                .filter(|&&s| variant.spec().seating.side_of(s) == side)
                .filter_map(|&s| parsed.seats[s].as_deref().map(|n| shown(n).into_owned()))
                .collect();
            if seats.is_empty() {
                side.to_string()
            } else {
                format!("{side} ({})", seats.join(" & "))
            }
        })
        .collect();
    writeln!(out, "{}", sides.join(" v "))?;
    if let Some(p) = args.pitcher {
        writeln!(out, "{p} pitches first.")?;
    }
    writeln!(out, "Score it with: don play {game}")?;
    out.flush()?;
    for w in look_alike {
        eprintln!("{}: {w}", super::colour::Paint::stderr().warning());
    }
    Ok(Done::Ok)
}
