//! `don play [GAME]`: the table-side scorer. Each line typed (docs/formats.md) is checked at once:
//! a wrong one is refused with the reason and nothing is recorded; a right one is committed to
//! the database before it is answered, so `quit`, the end of input, Ctrl-C or a killed process
//! all leave the game exactly as last answered, and `don play` carries on from there.

use std::io::{self, Write};

use don::check::check_value;
use don::record::parse_record;
use don::scorer::{Answer, Refused, Session};
use don::store::{Store, TableJournal};

use super::db::DbArg;
use super::error::{CliError, Done};
use super::prompt::stdin_prompt;
use super::text::shown;

#[derive(clap::Args)]
#[command(after_help = "Lines (docs/formats.md#the-scorers-lines), one an entry:
  5h kh 2h ah              a trick, from the leader (or N:5H E:KH S:2H W:AH)
  pitcher S                who pitches the hand about to begin
  totals NS 23 EW 12 game NS   a hand kept as totals
  abandon renege W         the deal is abandoned
  penalty EW out-of-turn   a penalty (or renege, or -19)
  concede EW               that side concedes
  claim                    Irish Don: the side past 80 stops play
  undo                     take back the last entry
  quit                     stop; `don play` carries on later

Example:
  don new nine-card-don --seats 'Gareth, Dai, Rhys, Huw' --pitcher S
  don play")]
pub struct Args {
    /// The game: its number, or its record's id [default: the most recent unfinished game]
    game: Option<String>,
    #[command(flatten)]
    db: DbArg,
}

/// The most recent game not yet decided.
fn latest_unfinished(store: &Store) -> Result<i64, CliError> {
    for game in store.game_numbers_newest_first()? {
        if check_value(store.game_record(game)?).result.is_none() {
            return Ok(game);
        }
    }
    Err(CliError::Usage(
        "there is no unfinished game: begin one with `don new VARIANT`".into(),
    ))
}

pub fn run(args: Args) -> Result<Done, CliError> {
    let mut store = args.db.open_existing()?;
    let game = match &args.game {
        Some(key) => store.find_game(key)?,
        None => latest_unfinished(&store)?,
    };
    let record = parse_record(store.game_record(game)?);
    let variant = record
        .variant
        .clone()
        .ok_or_else(|| CliError::Usage(format!("game {game} has no ruleset")))?;
    let seats = record.seats.clone();
    let journal = TableJournal::new(&mut store, game);
    let mut session = Session::open(variant.clone(), seats, journal)
        .map_err(|e| CliError::Usage(format!("game {game} cannot be resumed: {e}")))?;
    let mut prompt = stdin_prompt();
    let mut out = io::stdout().lock();
    writeln!(out, "Game {game}: {}", variant.describe())?;
    out.flush()?;
    let mut refused = 0usize;
    loop {
        let status = session.status();
        let Some(line) = prompt.line(&status.to_string())? else {
            break;
        };
        match session.enter_line(&line) {
            Ok(Answer::Quit) => break,
            Ok(answer) => {
                for said in answer.announcements() {
                    writeln!(out, "{}", shown(&said.to_string()))?;
                }
                out.flush()?;
            }
            Err(Refused::Line(why)) => {
                refused += 1;
                let mut err = io::stderr().lock();
                if prompt.interactive() {
                    writeln!(err, "{}", shown(&why.to_string()))?;
                } else {
                    writeln!(
                        err,
                        "line {}: refused, nothing recorded: {}",
                        prompt.line_number(),
                        shown(&why.to_string())
                    )?;
                }
            }
            Err(Refused::Journal(e)) => return Err(e.into()),
        }
    }
    if refused > 0 && !prompt.interactive() {
        return Ok(Done::BadData);
    }
    Ok(Done::Ok)
}
