//! `don new VARIANT`: begins a game to be scored at the table.

use std::io::{self, Write};

use serde_json::Value;

use don::app::game::begin::{names, new_record, options, Field, Fields};
use don::app::game::{GameToBegin, NearName, NewGame};
use don::app::AppError;
use don::league::names::name_key;
use don::record::parse_record;
use don::rules::Seat;
use don::scorer::Names;

use super::db::DbArg;
use super::error::{CliError, Exit};
use super::night::ask::{yes_or_no, Answer};
use super::prompt::terminal_answer_prompt;
use super::text::shown;

/// The rules options given (docs/rules.md), by their names: a flag each, as [`options`] lists
/// them (the list the web's begin form reads too).
#[derive(Debug, Default)]
pub struct RulesOptions(Vec<(&'static str, String)>);

impl clap::FromArgMatches for RulesOptions {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let given = options().filter_map(|(name, _, _)| {
            let value = matches.get_one::<String>(name)?;
            Some((name, value.clone()))
        });
        Ok(RulesOptions(given.collect()))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for RulesOptions {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let heading = "Rules options (each belongs to some variants; see docs/rules.md)";
        cmd.next_help_heading(heading)
            .args(options().map(|(name, value, help)| {
                // A flag's name lives as long as the program (clap keeps it).
                let flag: &'static str = Box::leak(name.replace('_', "-").into_boxed_str());
                let arg = clap::Arg::new(name).long(flag).value_name(value).help(help);
                match value {
                    "BOOL" => arg.num_args(0..=1).default_missing_value("true"),
                    _ => arg,
                }
            }))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// A value typed on the command line, typed as a record would have it.
pub(super) use don::app::game::begin::typed;

#[derive(clap::Args)]
#[command(
    after_help = "Example:\n  don new nine-card-don --target 91 --seats 'Gareth, Dai, Rhys, Huw' --venue 'Fox and Hounds' --pitcher S"
)]
pub struct NewArgs {
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

/// The fields of the new game, as typed on the command line, each name of `meant` (a name
/// given, the known player it was said to mean) put right.
fn fields(args: &NewArgs, meant: &[NearName]) -> Fields {
    let by_seat = [
        (Seat::N, &args.north),
        (Seat::E, &args.east),
        (Seat::S, &args.south),
        (Seat::W, &args.west),
    ];
    let put_right = |name: String| {
        let key = name_key(&name);
        meant
            .iter()
            .find(|m| name_key(&m.given) == key)
            .map_or(name, |m| m.known.clone())
    };
    let seats = args.seats.as_deref().map(|list| {
        let named: Vec<String> = names(list).into_iter().map(put_right).collect();
        named.join(", ")
    });
    Fields {
        variant: args.variant.clone(),
        options: args.options.0.clone(),
        seats: if meant.is_empty() {
            args.seats.clone()
        } else {
            seats
        },
        by_seat: by_seat
            .into_iter()
            .filter_map(|(seat, name)| Some((seat, put_right(name.clone()?))))
            .collect(),
        date: args.date.clone(),
        venue: args.venue.clone(),
        id: args.id.clone(),
        pool: args.pool,
        entrants: args.entrants.clone(),
    }
}

/// The flag of a field of `don new`.
fn flag(field: Field) -> String {
    match field {
        Field::Variant => "VARIANT".into(),
        Field::Option(name) => format!("--{}", name.replace('_', "-")),
        Field::Options => "the rules options".into(),
        Field::Seats => "--seats".into(),
        Field::Seat(Seat::N) => "--north".into(),
        Field::Seat(Seat::E) => "--east".into(),
        Field::Seat(Seat::S) => "--south".into(),
        Field::Seat(Seat::W) => "--west".into(),
        Field::Date => "--date".into(),
        Field::Venue => "--venue".into(),
        Field::Id => "--id".into(),
        Field::Entrants => "--entrants".into(),
    }
}

/// The record the new game starts as: no hands yet (see [`new_record`]), played on `today`,
/// the names of `meant` put right.
fn record_of(args: &NewArgs, today: Option<&str>, meant: &[NearName]) -> Result<Value, CliError> {
    new_record(&fields(args, meant), today).map_err(|e| {
        CliError::Usage(match e.after_field {
            true => format!("{} {}", flag(e.field), e.message),
            false => e.message,
        })
    })
}

pub fn run(args: NewArgs) -> Result<Exit, CliError> {
    // Checked before the database is opened (a game refused begins no database), then made
    // again with the date the program takes for today.
    GameToBegin::new(record_of(&args, None, &[])?, args.pitcher).map_err(AppError::from)?;
    let mut app = args.db.app()?;
    let today = app.today().format("%Y-%m-%d").to_string();
    let mut record = record_of(&args, Some(&today), &[])?;
    let mut begun = GameToBegin::new(record.clone(), args.pitcher).map_err(AppError::from)?;
    // A new name a slip from a known player's: asked about on a terminal, warned of piped.
    let mut answered: Vec<String> = Vec::new();
    if let Some(mut prompt) = terminal_answer_prompt() {
        let mut meant = Vec::new();
        for near in app.game_near_names(&begun)? {
            let (given, known) = (shown(&near.given), shown(&near.known));
            let question = format!(
                "{given} is no player yet, and a letter from {known}: did you mean '{known}'? (yes: {known}; no: {given} is someone new)"
            );
            match yes_or_no(&mut *prompt, &question, &format!("is {given} {known}?"))? {
                Answer::Yes => meant.push(near.clone()),
                Answer::No => {}
                Answer::End => {
                    writeln!(io::stderr(), "{given} not answered: no game is begun")?;
                    return Ok(Exit::BadData);
                }
                Answer::Neither(why) => {
                    writeln!(io::stderr(), "{why}: no game is begun")?;
                    return Ok(Exit::BadData);
                }
            }
            answered.push(name_key(&near.given));
        }
        if !meant.is_empty() {
            record = record_of(&args, Some(&today), &meant)?;
            begun = GameToBegin::new(record.clone(), args.pitcher).map_err(AppError::from)?;
        }
    }
    let parsed = parse_record(record);
    let NewGame {
        game,
        variant,
        look_alike,
        near,
    } = app.game_new(begun)?;
    let mut out = io::stdout().lock();
    writeln!(out, "Game {game}: {}", variant.describe())?;
    let mut about = vec![parsed.date.clone().unwrap_or_default()];
    about.extend(parsed.venue.as_deref().map(|v| shown(v).into_owned()));
    writeln!(out, "{}", about.join(" · "))?;
    let names = Names::new(parsed.seats);
    let sides: Vec<String> = variant
        .spec()
        .sides()
        .iter()
        .map(|&side| shown(&names.side(side).label).into_owned())
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
    for n in near
        .iter()
        .filter(|n| !answered.contains(&name_key(&n.given)))
    {
        eprintln!(
            "{}: the new player '{}' is a letter from the known player '{}'; if {} was meant, `don undo` takes the game back to begin it again with `{}`",
            super::colour::Paint::stderr().warning(),
            shown(&n.given),
            shown(&n.known),
            shown(&n.known),
            shown(&n.known)
        );
    }
    Ok(Exit::Ok)
}
