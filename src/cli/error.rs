//! What can go wrong in a command, and how a command exits when it does not fail ([`Exit`]).

use std::borrow::Cow;
use std::io;
use std::path::Path;

use chrono::NaiveDate;
use don::app::access::error::AccessError;
use don::app::error::{LegHolding, StorageFault, StoreError};
use don::app::game::error::GameError;
use don::app::game::leg::LegError;
use don::app::names::error::NamesError;
use don::app::night::error::{dates_words, NightError, NightNamed};
use don::app::results::error::ResultsError;
use don::app::undo::error::UndoError;
use don::app::BackupError;
use don::app::{AppError, ErrorKind};
use don::league::confirm::ConfirmRefusal;
use don::league::error::forms;
use don::league::fixtures::FixtureError;
use don::league::names::{quoted, shell_quoted, tidy};
use don::league::LeagueError;
use don::publish::out::{OutError, Writer};
use don::record::results::{Advice, RowError};
use don::record::text::{escaped, shortened};
use don::record::SourceError;
use don::web::WebError;

/// What can go wrong in a command.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
    /// The command line asks for something that cannot be done (exit 2).
    #[error("{0}")]
    Usage(String),
    /// A thing the user asked of `app` that was refused or failed (the store's errors too).
    #[error("{}", app_words(.0))]
    App(#[from] AppError),
    /// A file named with `--out` that is not written (exit 2), or failed writing (exit 1).
    #[error("{}", out_words(.0))]
    Out(#[from] OutError),
    /// `don serve` could not start or stopped on a failure.
    #[error(transparent)]
    Web(Box<WebError>),
    /// An error with a hint of its own for what to do about it.
    #[error("{error}")]
    Hinted {
        error: Box<CliError>,
        hint: &'static str,
    },
}

impl From<LeagueError> for CliError {
    fn from(e: LeagueError) -> CliError {
        CliError::App(AppError::League(e))
    }
}

impl From<StoreError> for CliError {
    fn from(e: StoreError) -> CliError {
        CliError::App(AppError::Store(e))
    }
}

impl From<WebError> for CliError {
    fn from(e: WebError) -> CliError {
        match e {
            WebError::App(e) => e.into(),
            e => CliError::Web(Box::new(e)),
        }
    }
}

impl CliError {
    /// A closed pipe (`| head`): the reader has all it wanted.
    pub fn is_closed_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
            || matches!(self, CliError::Out(OutError::Write { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe)
    }

    /// This error naming the database at `db` (the one the command opened) where it is a
    /// storage fault SQLite met deep in a change, which knows no file name.
    pub fn naming_database(self, db: Option<&Path>) -> CliError {
        match (self, db) {
            (CliError::App(AppError::Store(e)), Some(db)) => e.naming(db).into(),
            (CliError::Hinted { error, hint }, db) => CliError::Hinted {
                error: Box::new(error.naming_database(db)),
                hint,
            },
            (other, _) => other,
        }
    }

    /// What kind of refusal or failure this is: the one thing its exit code is chosen by.
    pub fn kind(&self) -> ErrorKind {
        match self {
            CliError::Source(_) | CliError::Usage(_) => ErrorKind::Invalid,
            CliError::Io(_) => ErrorKind::Fault,
            CliError::App(e) => e.kind(),
            CliError::Out(e) if e.is_refusal() => ErrorKind::Invalid,
            CliError::Out(_) => ErrorKind::Fault,
            CliError::Hinted { error, .. } => error.kind(),
            CliError::Web(e) => match e.as_ref() {
                WebError::Listen { .. } => ErrorKind::Conflict,
                _ => ErrorKind::Fault,
            },
        }
    }

    /// 2 where the request was refused as asked (a file that cannot be read at all, a command
    /// line that cannot be followed, a thing not there or not allowed), 1 where it failed (and
    /// may succeed later: busy, a storage fault).
    pub fn exit_code(&self) -> u8 {
        if self.kind().is_refusal() {
            2
        } else {
            1
        }
    }

    /// This error with `hint` for what to do about it, where there is one.
    pub fn with_hint(self, hint: Option<&'static str>) -> CliError {
        match hint {
            Some(hint) => CliError::Hinted {
                error: Box::new(self),
                hint,
            },
            None => self,
        }
    }

    /// `e`, met opening the database, with what to do about it where the store's error has no
    /// hint of its own.
    pub fn opening(e: StoreError) -> CliError {
        let hint = match &e {
            StoreError::NotOurs { .. } => {
                "it was left untouched; give --db (or DON_DB) the file of a don database, or a new file name to begin one"
            }
            StoreError::ThroughFile { .. } => {
                "give --db (or DON_DB) the database's file itself, or a new file in a folder that is there"
            }
            StoreError::FolderNotWritable { .. } => {
                "give --db a file in a folder you may write (your home folder, say), or ask the folder's owner for permission"
            }
            _ => return e.into(),
        };
        CliError::from(e).with_hint(Some(hint))
    }

    pub fn hint(&self) -> Option<Cow<'static, str>> {
        let fixed = match self {
            CliError::App(e) => return app_hint(e).or_else(|| e.hint()),
            CliError::Web(e) => match e.as_ref() {
                WebError::Listen { .. } => {
                    "give another address with --listen (a port of 0 lets the system choose one)"
                }
                e => return e.hint().map(Cow::Owned),
            },
            CliError::Hinted { hint, .. } => hint,
            CliError::Out(e) => out_hint(e, Writer::Out),
            CliError::Source(SourceError::NotJson { .. }) => {
                "a .json file holds one record or a list of them; name the file .jsonl for one record per line"
            }
            CliError::Source(SourceError::NotUtf8 { .. }) => "save the file as UTF-8 text",
            CliError::Source(SourceError::ResultsCsv { .. }) => {
                "league results are imported from files named .csv: save it as one (e.g. results.csv) and give `don import results.csv --league NAME`"
            }
            _ => return None,
        };
        Some(fixed.into())
    }
}

/// What to do about a store's refusal or failure.
fn store_hint(e: &StoreError) -> Option<Cow<'static, str>> {
    let fixed = match e {
        StoreError::Fault { path, fault } => return Some(fault_hint(path, *fault)),
        StoreError::Open { path, .. } => return Some(open_hint(path)),
        StoreError::Unreadable { path, source } if source.kind() == io::ErrorKind::NotADirectory => {
            return Some(through_a_file(path).map_or(OWN_FILE.into(), Cow::Owned))
        }
        StoreError::LaterTables { .. } => {
            "nothing was changed; its version was set back by hand or by another program, and don will not guess which version its tables are: restore a copy made with `don backup`"
        }
        StoreError::Migration { .. } => {
            "nothing was changed; restore a copy made with `don backup` if the database was altered by hand"
        }
        StoreError::WalStranded { .. } => {
            "run any don command on it where its folder can be written (that folds the -wal file into the database), or copy the database and its -wal file together into a folder you may write and read the copy"
        }
        StoreError::Unreadable { source, .. }
            if source.kind() == io::ErrorKind::PermissionDenied =>
        {
            "you may not read this file: ask its owner for permission, or give --db a copy you may read"
        }
        StoreError::NotAFile { .. } => "give --db (or DON_DB) the file name of a don database",
        StoreError::TooNew { .. } => "install the newer don, or give another database with --db",
        e if don::app::error::store_kind(e) == ErrorKind::Busy => don::app::error::BUSY_HINT,
        _ => return None,
    };
    Some(fixed.into())
}

/// What to do about a database named by a path that is not its own file.
const OWN_FILE: &str = "give --db (or DON_DB) the database's own file name";

/// What to do about a database's path that goes through a file, as if it were a folder: the
/// file named.
fn through_a_file(path: &Path) -> Option<String> {
    don::publish::out::file_on_the_way(path).map(|file| {
        format!(
            "{} is a file, not a folder: {OWN_FILE}",
            super::text::shown(&file.display().to_string())
        )
    })
}

/// The terminal's sentence for a refusal of `app`: the library's words, with the flags and
/// commands that answer it where the library names none.
fn app_words(e: &AppError) -> String {
    match e {
        AppError::League(e) => league_words(e),
        AppError::Store(e) => store_words(e),
        AppError::Undo(e) => match e.as_ref() {
            UndoError::NoChange(_) => format!("{e} (see `don log`)"),
            UndoError::UndoneAlready {
                by: Some(by),
                refusal: None,
                target,
            } => {
                let since = target.undone_by.map(|id| format!(", by #{id}"));
                format!(
                    "#{} ({}) is undone already{}; `don undo {}` puts it back",
                    target.id,
                    escaped(&target.brief()),
                    since.unwrap_or_default(),
                    by.id
                )
            }
            UndoError::GameInLeg { leg, .. } => format!("{e}{}", leg_holding_advice(leg)),
            _ => e.to_string(),
        },
        AppError::Game(e) => match e {
            GameError::ChangedMeanwhile(game) => format!("{e}; run `don play {game}` again"),
            GameError::NoUnfinished => format!("{e}: begin one with `don new VARIANT`"),
            GameError::HeldAsLeg(leg) => format!("{e}{}", leg_holding_advice(leg)),
            _ => e.to_string(),
        },
        AppError::Leg(e) => leg_words(e),
        AppError::Night(e) => night_words(e),
        AppError::Cup(e) => cup_words(e),
        AppError::Results(ResultsError::NoLeague { not_found }) => {
            format!("{} (--create makes it)", league_words(not_found))
        }
        AppError::Backup(BackupError::InUse(path)) => format!(
            "the database {} is open in another program (`don serve`, a `don` at the table, an sqlite3 shell): nothing was restored",
            path.display()
        ),
        e => e.to_string(),
    }
}

/// The terminal's sentence for a refusal of a cup: the flags and commands that answer it.
fn cup_words(e: &don::app::cup::CupError) -> String {
    use don::app::cup::CupError as E;
    use don::league::cup::TieFault;
    match e {
        E::Tie(TieFault::NeedsDecider { .. }) => {
            format!("{e}: give its winner with --decider TEAM (home, away or its name)")
        }
        E::HasResult {
            cup, home, away, ..
        } => format!("{e}; `don cup correct '{cup}' '{home}' '{away}'` replaces it"),
        E::NotDrawn { cup } => {
            format!("{e}: make it with `don cup draw '{cup}' --order …` or `--seed N`")
        }
        E::NotEntered {
            cup, drawn: true, ..
        } => format!("{e} (`don cup show '{cup}'` shows its draw)"),
        E::NotEntered {
            cup, drawn: false, ..
        } => format!("{e} (`don cup show '{cup}'` lists its entries; it is not drawn yet)"),
        E::Settle {
            cup,
            home,
            away,
            refusal,
        } => match refusal {
            ConfirmRefusal::NoDisputer => format!(
                "{home} v {away} of {cup}: the tie is confirmed; say which team disputes it with --by"
            ),
            ConfirmRefusal::NoReason => "--reason: say why the result is disputed".into(),
            ConfirmRefusal::BadReason { reason, fault } => {
                format!("--reason \"{}\" {fault}", escaped(&shortened(reason)))
            }
            _ => e.to_string(),
        },
        e => e.to_string(),
    }
}

fn leg_words(e: &LegError) -> String {
    match e {
        LegError::NotFinished { game } => format!("{e} (see `don show {game}`)"),
        LegError::Store(e) => store_words(e),
        e => e.to_string(),
    }
}

/// The terminal's sentence for a refusal of a night: the flags and commands that answer it.
fn night_words(e: &NightError) -> String {
    use NightError as E;
    let add_first = |home: &str, away: &str, date| add_fixture(home, away, date, shell_quoted);
    let played = |dates: &[NaiveDate]| match dates {
        [] => String::new(),
        [d] => format!(" (their night on {d} has a result: `don night correct` changes it)"),
        _ => format!(
            " (their nights on {} have results: `don night correct` changes them)",
            dates_words(dates)
        ),
    };
    match e {
        E::NoFixture { .. } => format!("{e} (see `don fixtures list`)"),
        E::WhichNight { home, away, dates } => format!(
            "{home} v {away} played on {}; give the night's --date",
            dates_words(dates)
        ),
        E::NoFixtureGiveDate { season, home, away } => format!(
            "season {season} has no fixture {home} v {away}: give the night's --date (its fixture is added on it)"
        ),
        E::NoFixtureBetween {
            season,
            home,
            away,
            date,
        } => format!(
            "season {season} has no fixture {home} v {away}: {}",
            add_first(home, away, *date)
        ),
        E::NoneLeft {
            season,
            home,
            away,
            played: dates,
        } => format!(
            "{home} v {away} has no fixture left to play in season {season}{}; for another night between them, {}",
            played(dates),
            add_first(home, away, None)
        ),
        E::NoneOn {
            home,
            away,
            date,
            played: dates,
        } => format!(
            "{home} v {away} has no fixture on {date} nor one left to play{}: for another night between them, {}",
            played(dates),
            add_first(home, away, Some(*date))
        ),
        E::SeveralLeft { home, away, left } => format!(
            "{home} v {away} has fixtures to play on {}: give the night's --date",
            dates_words(left)
        ),
        E::SeveralNoneOn {
            home,
            away,
            left,
            date,
        } => format!(
            "{home} v {away} has fixtures to play on {}, none on {date}: move the one played with `don fixtures move N {date}` first",
            dates_words(left)
        ),
        E::NotMoved {
            home,
            away,
            fixture,
            was,
            date,
        } => format!(
            "{home} v {away} is fixture {fixture} on {was}, not {date}: if the night was moved to {date}, say so with --moved; if it is another night between them, {}",
            add_first(home, away, Some(*date))
        ),
        E::Ahead {
            home,
            away,
            date,
            other_way,
            ..
        } => {
            let other = match other_way {
                Some((_, on)) => format!(
                    "if the night was {away} v {home}, enter it with {away} first (and its scores first): `don night enter {} {} --date {on}`; ",
                    shell_quoted(away),
                    shell_quoted(home)
                ),
                None => String::new(),
            };
            format!("{e}: {other}if it was this fixture's night, give --date {date}")
        }
        E::OtherWayRound {
            home, away, date, ..
        } => format!(
            "{e}: enter it with {away} first (and its scores first): `don night enter {} {} --date {date}`",
            shell_quoted(away),
            shell_quoted(home)
        ),
        E::NotPlayingFor { .. } => format!("--for: {e}"),
        E::HasResult { night, .. } => format!(
            "{e} (see `don night show`; `don night correct {}` replaces it)",
            night_named(night)
        ),
        E::BeingEnteredFor { .. } => format!("{e}; --for cannot change that"),
        E::MatchEntered { night, line, .. } => format!(
            "{e} (see `don night show`); `don night correct {} --match {}` replaces it",
            night_named(night),
            shell_quoted(line)
        ),
        E::SlotTaken { .. } => format!("{e} (see `don night show`)"),
        E::AtMatch { at, error } => format!("--match {at}: {}", night_words(error)),
        E::Faults(all) => {
            let words: Vec<String> = all.iter().map(night_words).collect();
            words.join("; ")
        }
        E::LegGame { leg, error } => format!("leg {leg}: {}", leg_words(error)),
        E::Slip { name, .. } => format!("{e}{}", someone_new(name)),
        E::Confirm { title, refusal, .. } => match refusal {
            ConfirmRefusal::NoDisputer => {
                format!("{title} is confirmed; say which team disputes it with --by")
            }
            ConfirmRefusal::NoReason => "--reason: say why the result is disputed".into(),
            ConfirmRefusal::BadReason { reason, fault } => {
                format!("--reason \"{}\" {fault}", escaped(&shortened(reason)))
            }
            _ => e.to_string(),
        },
        E::BlankReason => "--reason cannot be blank".into(),
        e => e.to_string(),
    }
}

/// How the terminal names a night to correct: `'Royal Oak' 'Red Lion' [--date D]`.
pub(crate) fn night_named(night: &NightNamed) -> String {
    let mut words = format!(
        "{} {}",
        shell_quoted(&night.home),
        shell_quoted(&night.away)
    );
    if let Some(d) = night.date {
        words.push_str(&format!(" --date {d}"));
    }
    words
}

/// How the terminal undoes a night's hold on a game: the library names the change, if any.
pub(super) fn leg_holding_advice(leg: &LegHolding) -> String {
    match &leg.linked_by {
        Some((op, _)) => format!(", with `don undo {op}`"),
        None => format!(": `don night correct` the match without `#{}`", leg.game),
    }
}

/// The terminal's sentence for a store's refusal or failure.
fn store_words(e: &StoreError) -> String {
    match e {
        StoreError::Missing { .. } => format!("{e}: `don new` or `don import` begins one"),
        StoreError::Empty { .. } => format!("{e}: `don new` or `don import` begins one in it"),
        StoreError::MatchEntered { .. } => format!("{e} (see `don night show`)"),
        StoreError::Namesake { name, .. } => format!(
            "{e}: type the name as the league tells them apart, or give --new-player {} for someone else of that name",
            shell_quoted(name)
        ),
        e => e.to_string(),
    }
}

/// The terminal's sentence for a league's refusal: which flag or command answers it.
fn league_words(e: &LeagueError) -> String {
    use LeagueError as E;
    match e {
        E::NoLeague => format!("{e}: make one with `don league new NAME`"),
        E::WhichLeague { leagues } => {
            format!("which league? Give --league (there are: {})", leagues.join(", "))
        }
        E::NoSeason { league } => format!(
            "{e}: begin one with `don season new NAME --league {}`",
            shell_quoted(league)
        ),
        E::WhichSeason { .. } => format!("{e}: give --season"),
        E::TeamTwice { first, again } => format!(
            "--teams names {} twice{}: a team is entered in a season once",
            quoted(&tidy(first)),
            forms(first, again)
        ),
        E::TeamInTwoDivisions {
            first,
            again,
            first_division,
            second_division,
        } => {
            let place = if first_division == second_division {
                format!("both in division {}", quoted(&tidy(first_division)))
            } else {
                format!(
                    "in division {} and in division {}",
                    quoted(&tidy(first_division)),
                    quoted(&tidy(second_division))
                )
            };
            format!(
                "--divisions names {} twice{}, {place}: a team plays in one division of a season",
                quoted(&tidy(first)),
                forms(first, again)
            )
        }
        E::NearTeam { .. } | E::UnknownTeams { create: true, .. } => {
            format!("{e} (--create does not make a team near a known one)")
        }
        E::PlayerNearMiss { name, .. } => format!("{e}{}", someone_new(name)),
        E::OtherTeam { player, team, .. } => format!(
            "{e}: if this is someone else of that name, give --new-player {}; if they moved to {team}, `don roster transfer {} {} --on DATE`",
            shell_quoted(league_unlabelled(player)),
            shell_quoted(team),
            shell_quoted(player)
        ),
        E::TransferOfWhom { .. } => {
            format!("{e}: type the name as the league tells them apart (`don roster list` shows them)")
        }
        E::HasFixtures { .. } => format!("{e}, or `don undo` the ones made"),
        E::NoFixture { .. } => format!("{e} (see `don fixtures list`)"),
        E::PlayedNotCancelled { id, home, away } => format!(
            "fixture {id} ({home} v {away}) has been played; `don undo` or a withdrawal takes a result away"
        ),
        E::Plan {
            season,
            start,
            error,
        } => match error {
            FixtureError::OutOfDates => format!(
                "season {season}: {error} (--start {start}); start earlier, or skip fewer dates"
            ),
            FixtureError::SkipOffDay(..)
            | FixtureError::SkipBefore(..)
            | FixtureError::SkipAfter(..) => format!("--skip: {error}"),
            FixtureError::TooFew(_) | FixtureError::Twice(_) => format!(
                "season {season}: {error}; enter teams with `don team add NAME --season {}`",
                shell_quoted(season)
            ),
        },
        E::Season(choice) => format!("{choice}{}", advice_words(&choice.advice())),
        e => e.to_string(),
    }
}

/// The terminal's sentence for a fault of a file's row: its message, and what to do about it
/// with the flags and commands that do it.
pub(super) fn row_words(e: &RowError) -> String {
    match e.advice.as_deref() {
        Some(Advice::SeasonNamedTwice { own, asked }) => format!(
            "the grid names its season {own}, and --season {asked}: give --season only for a grid whose top-left cell is empty"
        ),
        Some(Advice::SeasonAsked { name, why }) => format!("--season {name}: {why}"),
        Some(advice) => format!("{}{}", e.message, advice_words(advice)),
        None => e.message.clone(),
    }
}

/// How to add the fixture of a night between `home` and `away` (on `date`: else DATE), the
/// names quoted by `quote`.
fn add_fixture(
    home: &str,
    away: &str,
    date: Option<NaiveDate>,
    quote: fn(&str) -> String,
) -> String {
    let date = date.map_or_else(|| "DATE".to_string(), |d| d.to_string());
    format!(
        "add a fixture first with `don fixtures add {} {} {date}`",
        quote(home),
        quote(away)
    )
}

/// What to do about a name near a known player's that is someone new.
/// A player's name without what tells a namesake apart.
fn league_unlabelled(name: &str) -> &str {
    don::league::names::unlabelled(name)
}

fn someone_new(name: &str) -> String {
    format!(" (if {name} is someone new, say so with --new-player '{name}')")
}

/// What to do, as the terminal says it after a message.
fn advice_words(advice: &Advice) -> String {
    let add =
        |home: &str, away: &str, date: &NaiveDate| add_fixture(home, away, Some(*date), quoted);
    match advice {
        Advice::NewPlayer(name) => someone_new(name),
        Advice::NewTeam(name) => format!(
            " (if {name} is a new team, add it first with `don team add {}`)",
            quoted(name)
        ),
        Advice::WhichName { one_letter: false } => {
            " (the files write the name two ways: say which is meant with --map)".into()
        }
        Advice::WhichName { one_letter: true } => {
            " (the files write the name two ways, one letter apart: say which is meant with --map)"
                .into()
        }
        Advice::Create => " (--create makes it)".into(),
        Advice::MoveOrAdd {
            id,
            home,
            away,
            date,
        } => format!(
            ": if the night was moved, move the fixture first with `don fixtures move {id} {date}`; if it is another night between them, {}",
            add(home, away, date)
        ),
        Advice::MoveOne { date } => {
            format!(": move the one played with `don fixtures move N {date}` first")
        }
        Advice::AddFixture { home, away, date } => format!(
            ": for a night between them on {date}, {}",
            add(home, away, date)
        ),
        Advice::NameSeason => ": give --season".into(),
        Advice::NameSeasonOrDate => ": give --season, or a date within one".into(),
        Advice::OtherSeason { holder, given } => format!(
            ": give --season {}, or a date within {given}",
            shell_quoted(holder)
        ),
        Advice::NextTo { given, other } => format!(
            ": give a date next to {given}'s, or --season {}",
            shell_quoted(other)
        ),
        Advice::StartElsewhere => ": give a --start whose rounds keep clear of them (seasons' dates do not overlap; a cup night is a --skip date)".into(),
        Advice::NewSeason { in_file_order } => format!(
            " (`don season new NAME --same-teams`){}",
            if *in_file_order {
                " (a file's nights are taken in its order: one sorted by date is read as a season grows)"
            } else {
                ""
            }
        ),
        Advice::NameGridSeason => {
            ": give `--season NAME`, or begin the grid with a row `season,NAME`".into()
        }
        Advice::SeasonNamedTwice { .. } | Advice::SeasonAsked { .. } => String::new(),
    }
}

/// The terminal's hint for a refusal of `app`, where a command answers it.
fn app_hint(e: &AppError) -> Option<Cow<'static, str>> {
    const ADD_FIRST: &str = "if it is a new team, add it first with `don team add NAME`";
    const ADD_ONE_FIRST: &str = "if one is a new team, add it first with `don team add NAME`";
    let league = match e {
        AppError::League(e) => e,
        AppError::Store(e) => return store_hint(e),
        AppError::Access(AccessError::NoLink(_) | AccessError::NoneToRevoke(_)) => {
            return Some("`don captain list` shows the links".into())
        }
        AppError::Names(NamesError::Taken { what, owner, .. }) => {
            return Some(
                format!(
                    "`don {what} names {}` lists the names it has had",
                    shell_quoted(owner)
                )
                .into(),
            )
        }
        _ => return None,
    };
    let hint = match league {
        LeagueError::NearTeam { .. } => ADD_FIRST,
        LeagueError::UnknownTeams {
            unknown,
            create,
            near,
            ..
        } => {
            let one = unknown.len() == 1;
            match (*create || *near == unknown.len(), *near == 0, one) {
                (true, _, true) => ADD_FIRST,
                (true, _, false) => ADD_ONE_FIRST,
                (false, true, true) => "add --create to make it",
                (false, true, false) => "add --create to make them",
                (false, false, _) => "add --create to make the teams near no known one; a new team near a known one is added first with `don team add NAME`",
            }
        }
        _ => return None,
    };
    Some(hint.into())
}

/// What the user can do about a file not written, as `role` names the file.
pub(super) fn out_hint(e: &OutError, role: Writer) -> &'static str {
    use OutError::*;
    match (e, role) {
        (Empty | Folder { .. } | NotWritable { .. } | EndsInSlash { .. }, Writer::Out) => {
            "give --out the name of a file (new, or one to replace)"
        }
        (Empty | Folder { .. } | EndsInSlash { .. } | NotForBackup { .. }, _) => {
            "give the backup's file name (new, or an older backup of this database to replace)"
        }
        (NotWritable { .. }, _) => "give the name of a regular file",
        (NotAFolder { .. }, _) => {
            "every name before the file's own must be a folder: give a path that is"
        }
        (Database { .. }, Writer::Backup) => "back it up to another file",
        (Database { .. }, Writer::Out) => {
            "give --out another file; to copy the database, use `don backup FILE`"
        }
        (Database { .. }, _) => {
            "give --out-dir another folder; to copy the database, use `don backup FILE`"
        }
        (InSet { .. }, Writer::Man) => {
            "remove it (or move it out of the folder), or give --out another folder"
        }
        (InSet { .. }, _) => {
            "remove it (or move it out of the folder), or export into another folder"
        }
        (NotADir { .. }, Writer::Man) => {
            "give --out a folder (new, or one to write the pages into)"
        }
        (DanglingFolder { .. }, Writer::Man) => {
            "make the folder it points to, or give --out another folder"
        }
        (NotADir { .. }, _) => "give --out-dir a folder (new, or one to write the files into)",
        (DanglingFolder { .. }, _) => {
            "make the folder it points to, or give --out-dir another folder"
        }
        (ReadOnly { .. }, _) => {
            "give another file; if it is yours to replace, make it writable first (chmod u+w FILE)"
        }
        (Holds { .. }, Writer::Backup) => {
            "give another file name; to replace it all the same, add --force"
        }
        (Holds { .. }, Writer::Out) => {
            "give --out another file; to replace it all the same, add --force"
        }
        (Holds { .. }, _) => {
            "give --out-dir another folder; to replace it all the same, add --force"
        }
        (NoFolder { .. }, Writer::Backup) => {
            "make the folder first, or give a file in a folder that is there"
        }
        (NoFolder { .. }, _) => {
            "make the folder first, or give --out a file in a folder that is there"
        }
        (Write { source, .. }, _) => match source.kind() {
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => {
                "free some space on the disk it is on, and run the command again"
            }
            io::ErrorKind::PermissionDenied if role == Writer::OutDir => {
                "you may not write there: give --out-dir a folder you may write"
            }
            io::ErrorKind::PermissionDenied if role == Writer::Man => {
                "you may not write there: give --out a folder you may write"
            }
            io::ErrorKind::PermissionDenied => {
                "you may not write there: give a file in a folder you may write"
            }
            io::ErrorKind::ReadOnlyFilesystem => {
                "that disk is mounted read-only: give a file on another disk"
            }
            io::ErrorKind::NotADirectory => {
                "every name before the file's own must be a folder: give a path that is"
            }
            _ => "check that the folder can be written and has room",
        },
    }
}

/// The terminal's sentence for a file not written: the manual's set is written by `don man`.
fn out_words(e: &OutError) -> String {
    match e {
        OutError::InSet {
            path,
            kind,
            role: Writer::Man,
        } => format!(
            "{} is a {kind} where `don man` writes a file of the set",
            path.display()
        ),
        e => e.to_string(),
    }
}

/// `word` as one word for a POSIX shell: as it is if it needs no quoting, else in single quotes.
pub(super) fn shell_word(word: &str) -> Cow<'_, str> {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+,:@%=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        Cow::Borrowed(word)
    } else {
        Cow::Owned(format!("'{}'", word.replace('\'', r"'\''")))
    }
}

/// What to do about a storage fault of the database at `path`.
fn fault_hint(path: &Path, fault: StorageFault) -> Cow<'static, str> {
    let file = path.display().to_string();
    let file = super::text::shown(&file);
    match fault {
        StorageFault::ReadOnly => format!(
            "this command changes the database: it must be able to write {file} and, in the same folder, {file}-wal and {file}-shm (permission to write both, on a disk not mounted read-only); commands that only read it (standings, show, export, publish...) work as it is"
        )
        .into(),
        StorageFault::Full => "free some space on that disk and run the command again".into(),
        StorageFault::Damaged => format!(
            "restore a copy made with `don backup`; or let SQLite save what it can: `sqlite3 {} .recover | sqlite3 recovered.db`, then use --db recovered.db",
            shell_word(&file)
        )
        .into(),
        StorageFault::Io => "check the disk (the system's log says more); `don backup` to another disk keeps a copy while it can still be read".into(),
        StorageFault::NotADatabase => {
            "give --db (or DON_DB) the file name of a don database; if this was one, it is damaged: restore a copy made with `don backup`".into()
        }
    }
}

/// What to do about a database that could not be opened (or made) at `path`.
fn open_hint(path: &Path) -> Cow<'static, str> {
    let folder = don::publish::out::parent(path);
    let shown = |p: &Path| super::text::shown(&p.display().to_string()).into_owned();
    if let Some(words) = through_a_file(path) {
        return words.into();
    }
    match std::fs::metadata(folder) {
        Ok(m) if m.is_dir() && !path.exists() && !don::publish::out::may_write(folder) => format!(
            "you may not write in the folder {}, where the new database would be made: give --db a file in a folder you may write",
            shown(folder)
        )
        .into(),
        Ok(m) if m.is_dir() && path.exists() && !don::publish::out::may_write(path) => format!(
            "you may not write {}: commands that only read it (standings, show, export, publish...) work as it is",
            shown(path)
        )
        .into(),
        _ => "check that the database's folder is there and that you may write in it".into(),
    }
}

/// How a command ended when it did not fail: its exit status (an error's is
/// [`CliError::exit_code`]).
pub enum Exit {
    /// Exit 0.
    Ok,
    /// The data was read but is wrong (exit 1).
    BadData,
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn a_path_is_quoted_for_the_shell_only_when_it_needs_it() {
        assert_eq!(shell_word("/home/sec/don.db"), "/home/sec/don.db");
        assert_eq!(shell_word("/tmp/my league.db"), "'/tmp/my league.db'");
        assert_eq!(shell_word("/tmp/o'neil.db"), r"'/tmp/o'\''neil.db'");
    }
}
