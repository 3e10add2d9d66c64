//! The database as the server holds it: one connection that writes (changes are made one at a
//! time, as SQLite allows; each is one transaction), and a few that read, each used by one
//! request at a time. Every piece of database work runs on tokio's blocking threads, never on
//! the async ones; what waits its turn waits as a task, holding no thread. A change waits for
//! its turn and for another program's lock at most [`ServeConfig::write_wait`] (then 503,
//! nothing saved); reads have turns of their own, those of the signed-in apart from those of
//! anyone reading the public pages and boards, so that neither queues behind the other.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::app::access::Session;
use crate::app::LeagueInfo;
use crate::app::{Actor, App, AppError, ErrorKind};

use super::config::ServeConfig;
use super::error::WebError;

/// The most reading connections kept open between requests (more are opened while many
/// requests read at once, and closed after).
pub const READERS: usize = 32;

/// The most reads of the signed-in (a session found, a captain's page) run at once; more wait
/// their turn, as tasks rather than threads. A read is short, so a few at a time keep both
/// cores busy, and the one writing thread is never one among a hundred threads reading when it
/// asks for a core.
pub const READING: usize = 4;
/// The most reads for anyone (the public pages, the boards and their events) run at once: apart
/// from [`READING`], so that many readers of a board never keep a captain's page waiting.
pub const PUBLIC_READING: usize = 4;
/// The longest a read waits for another program's lock (a read in WAL mode rarely waits).
pub const READ_WAIT: Duration = Duration::from_secs(10);

/// What the pages are headed with where no league is served.
pub const FRIENDLY: &str = "Friendly games";

/// What every request shares.
pub struct Shared {
    pub config: ServeConfig,
    /// The league served, as it was when the server started (its id and name do not change);
    /// on a database with no league, [`Shared::served`] is none and this only names the pages.
    pub league: LeagueInfo,
    /// The league served, by its number; none on a database with no league, whose friendly
    /// games (their scorers' links) are all it serves.
    pub served: Option<i64>,
    writer: Mutex<App>,
    readers: Mutex<Vec<App>>,
    /// Turns to read for the signed-in (see [`READING`]) and for anyone ([`PUBLIC_READING`]).
    reading: Arc<tokio::sync::Semaphore>,
    public_reading: Arc<tokio::sync::Semaphore>,
    /// The turn to write (one at a time), waited for as a task.
    writing: Arc<tokio::sync::Semaphore>,
    /// The state of the database, for the public pages (see [`super::watch`]).
    pub watch: super::watch::Watch,
    /// The published pages, made once per state of the database.
    pub site: super::cache::SiteCache,
    /// What the app noted on the way of each session's last change, to show once.
    pub notes: super::cache::Notes,
    /// Failed attempts at links, per address.
    pub limiter: super::limit::Limiter,
    /// The game each begin form sent began (a form sent twice begins one game).
    pub begun: super::cache::FormGames,
    /// The games each link began lately (see [`super::scorer::games`]).
    pub begins: super::cache::Begins,
    /// Each game's board, its scoring page's view, and each night's board, as made last, by the
    /// key of its latest change (see [`super::cache::ByChange`]).
    pub boards: super::cache::ByChange<crate::app::game::board::GameBoard>,
    pub views: super::cache::ByChange<crate::app::game::scoring::ScoringView>,
    pub nights: super::cache::ByChange<crate::app::game::board::NightBoard>,
    /// The server's stops, counted: a board's event stream ends when the count moves past the
    /// one it began with (see [`Shared::stop_streams`]).
    stops: tokio::sync::watch::Sender<u64>,
}

impl Shared {
    /// Opens the database (brought up to date, as any command that writes does) and finds the
    /// league to serve.
    pub fn open(config: &ServeConfig) -> Result<Shared, WebError> {
        let app = App::open_existing(&config.db, server())?;
        // No league at all (none named): the friendly games' scorers' links, and their boards.
        let league = match app.league(&config.choice) {
            Err(AppError::League(crate::league::LeagueError::NoLeague))
                if config.choice.league.is_none() =>
            {
                None
            }
            found => Some(found?),
        };
        let served = league.as_ref().map(|l| l.id);
        let league = league.unwrap_or_else(|| LeagueInfo {
            id: 0,
            name: FRIENDLY.to_string(),
            config: Default::default(),
        });
        Ok(Shared {
            config: config.clone(),
            league,
            served,
            writer: Mutex::new(app),
            readers: Mutex::new(Vec::new()),
            reading: Arc::new(tokio::sync::Semaphore::new(READING)),
            public_reading: Arc::new(tokio::sync::Semaphore::new(PUBLIC_READING)),
            writing: Arc::new(tokio::sync::Semaphore::new(1)),
            watch: super::watch::Watch::start(&config.db),
            site: Default::default(),
            limiter: Default::default(),
            notes: Default::default(),
            begun: Default::default(),
            begins: Default::default(),
            boards: Default::default(),
            views: Default::default(),
            nights: Default::default(),
            stops: tokio::sync::watch::channel(0).0,
        })
    }

    /// Ends every board's event stream open on this server: it is stopping (a stream never
    /// ends by itself, so the stop waits for none). A stream opened after runs as usual.
    pub fn stop_streams(&self) {
        self.stops.send_modify(|n| *n += 1);
    }

    /// What a board's event stream watches to end when the server stops.
    pub fn stopping(&self) -> tokio::sync::watch::Receiver<u64> {
        self.stops.subscribe()
    }

    /// Runs `read` on a reading connection, off the async threads, in a turn of the
    /// signed-in's ([`READING`]).
    pub async fn read<T: Send + 'static>(
        self: &Arc<Self>,
        read: impl FnOnce(&App) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, WebError> {
        self.read_in(&self.reading, read).await
    }

    /// Runs `read` for anyone (a public page, a board): in a turn of [`PUBLIC_READING`]'s.
    pub async fn read_public<T: Send + 'static>(
        self: &Arc<Self>,
        read: impl FnOnce(&App) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, WebError> {
        self.read_in(&self.public_reading, read).await
    }

    async fn read_in<T: Send + 'static>(
        self: &Arc<Self>,
        turns: &Arc<tokio::sync::Semaphore>,
        read: impl FnOnce(&App) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, WebError> {
        let shared = Arc::clone(self);
        let turn = Arc::clone(turns)
            .acquire_owned()
            .await
            .map_err(|_| WebError::Crashed)?;
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let mut app = shared.reader()?;
            app.pin_today(today());
            let out = read(&app);
            // A connection that met a fault (its files changed under it, say) is not kept:
            // the next read opens a fresh one.
            if !matches!(&out, Err(e) if matches!(e.kind(), ErrorKind::Fault | ErrorKind::Unusable))
            {
                shared.give_back(app);
            }
            Ok(out?)
        })
        .await
        .map_err(|_| WebError::Crashed)?
    }

    /// Runs `write` on the writing connection, as `actor` (a session's), off the async threads:
    /// one change at a time. With no actor, it may only do what is no change to the league
    /// (open a session). Its turn, and another program's lock on the database, are waited for
    /// at most [`ServeConfig::write_wait`] in all: past it [`WebError::Busy`] (503), and
    /// nothing was saved. A request given up meanwhile (its client gone) changes nothing: the
    /// change is not begun once nobody waits for its answer.
    pub async fn write<T: Send + 'static>(
        self: &Arc<Self>,
        actor: Option<Actor>,
        write: impl FnOnce(&mut App) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, WebError> {
        let actor = actor.unwrap_or_else(server);
        self.change(move |app| {
            app.act_as(actor);
            write(app).map_err(busy_or)
        })
        .await
    }

    /// Runs `write` as the holder of `session` (its link's actor, in the log), noting the
    /// link's use when what it came to is `done`: in the same turn on the writing connection,
    /// waited for as [`Shared::write`] waits. Each change it makes checks the session again in
    /// its own transaction: a session ended (its link revoked) since the request was read is
    /// [`WebError::NotSignedIn`], nothing changed.
    pub async fn write_as<T: Send + 'static>(
        self: &Arc<Self>,
        session: &Session,
        done: fn(&T) -> bool,
        write: impl FnOnce(&mut App) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, WebError> {
        let id = session.link.id;
        let session = session.clone();
        self.change(move |app| {
            app.act_in_session(&session);
            let out = write(app);
            // However the handler put the refusal, a session ended is no session.
            if app.session_ended() {
                return Err(WebError::NotSignedIn);
            }
            let out = out.map_err(busy_or)?;
            if done(&out) {
                app.link_used(id).map_err(busy_or)?;
            }
            Ok(out)
        })
        .await
    }

    /// Runs `change` on the writing connection, off the async threads, one at a time: its turn
    /// and another program's lock waited for at most [`ServeConfig::write_wait`] in all (past
    /// it [`WebError::Busy`], nothing saved), and never begun once its request is given up.
    async fn change<T: Send + 'static>(
        self: &Arc<Self>,
        change: impl FnOnce(&mut App) -> Result<T, WebError> + Send + 'static,
    ) -> Result<T, WebError> {
        let deadline = Instant::now() + self.config.write_wait;
        let turn = match tokio::time::timeout_at(
            deadline.into(),
            Arc::clone(&self.writing).acquire_owned(),
        )
        .await
        {
            Ok(Ok(turn)) => turn,
            Ok(Err(_)) => return Err(WebError::Crashed),
            Err(_) => return Err(WebError::Busy),
        };
        let shared = Arc::clone(self);
        // Whether the request still waits for its answer: not once it is given up (its future
        // dropped, the client gone), so that a change queued for a thread is not begun.
        let waiting = Arc::new(());
        let asked = Arc::downgrade(&waiting);
        let done = tokio::task::spawn_blocking(move || {
            let _turn = turn;
            if asked.strong_count() == 0 {
                return Err(WebError::Busy);
            }
            let mut app = shared.writer.lock().unwrap_or_else(|p| p.into_inner());
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(WebError::Busy);
            }
            app.wait_for_lock(left)?;
            app.pin_today(today());
            change(&mut app)
        })
        .await
        .map_err(|_| WebError::Crashed)?;
        drop(waiting);
        done
    }

    fn reader(&self) -> Result<App, WebError> {
        let pooled = self.readers.lock().unwrap_or_else(|p| p.into_inner()).pop();
        match pooled {
            Some(app) => Ok(app),
            None => {
                let app = App::open_read(&self.config.db)?;
                app.wait_for_lock(READ_WAIT)?;
                Ok(app)
            }
        }
    }

    fn give_back(&self, app: App) {
        let mut readers = self.readers.lock().unwrap_or_else(|p| p.into_inner());
        if readers.len() < READERS {
            readers.push(app);
        }
    }
}

/// The server itself, as the log names it: what no session does (open one).
fn server() -> Actor {
    Actor {
        name: "don serve".into(),
        team: None,
        game: None,
        league: None,
    }
}

/// An app's refusal as the web answers it: the database busy past the wait is
/// [`WebError::Busy`] (503, nothing saved); anything else as it is.
fn busy_or(e: AppError) -> WebError {
    if e.kind() == ErrorKind::Busy {
        WebError::Busy
    } else {
        e.into()
    }
}

/// Today, by the server's clock: read once per request, when its connection is handed out
/// (a connection is kept between requests, and a night's move turns at midnight).
fn today() -> chrono::NaiveDate {
    chrono::Local::now().date_naive()
}
