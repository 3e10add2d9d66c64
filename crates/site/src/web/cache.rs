//! The published site held in memory, made once per state of the database (see
//! [`super::public`]). One site is made at a time: a request that finds the held one out of
//! date while another is being made is answered the held one at once, under its own ETag (the
//! state its bytes were made from), so reads never queue behind the making; with none held yet,
//! it waits for the one being made, and then makes one only if that is still older than the
//! state it saw.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::{Mutex as Gate, OwnedMutexGuard};

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use axum::body::Bytes;

/// The site as made from one state of the database: `state` and `at` were read in the same
/// read transaction as the site, so the ETag they make names the state its bytes are of.
pub struct Made {
    /// The latest operation when it was made, and when that was (RFC 3339).
    pub state: i64,
    pub at: Option<String>,
    /// The folder of the season the front page shows (`season/<slug>`).
    pub front: Option<String>,
    /// The site's files, by path.
    pub files: HashMap<String, Bytes>,
}

/// The site made last, and the gate one passes to make another.
#[derive(Default)]
pub struct SiteCache {
    made: Mutex<Option<Arc<Made>>>,
    making: Arc<Gate<()>>,
    /// How many sites were made since the server started.
    times: AtomicU64,
}

impl SiteCache {
    /// The site made last, if it is of state `at_least` or newer.
    pub fn held(&self, at_least: i64) -> Option<Arc<Made>> {
        self.made
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
            .filter(|m| m.state >= at_least)
    }

    /// One's turn to make the site, if nobody is making one.
    pub fn try_turn(&self) -> Option<OwnedMutexGuard<()>> {
        Arc::clone(&self.making).try_lock_owned().ok()
    }

    /// Waits for one's turn to make the site (one at a time); whoever holds the guard should
    /// look at [`SiteCache::held`] again first: the one before may have made what is needed.
    pub async fn turn(&self) -> OwnedMutexGuard<()> {
        Arc::clone(&self.making).lock_owned().await
    }

    /// Keeps a site made, unless a newer one is held already.
    pub fn keep(&self, made: Arc<Made>) {
        self.times.fetch_add(1, Ordering::Relaxed);
        let mut held = self.made.lock().unwrap_or_else(|p| p.into_inner());
        if held.as_ref().is_none_or(|h| h.state <= made.state) {
            *held = Some(made);
        }
    }
}

impl SiteCache {
    /// How many sites were kept since the server started (each one made once).
    pub fn times_made(&self) -> u64 {
        self.times.load(Ordering::Relaxed)
    }
}

/// What the app noted on the way of a session's last change (a player put on a roster), kept
/// in memory from the POST until the page it sends the browser on to shows it, once. By the
/// session's CSRF token, which is the session's own and secret; a few thousand at most.
#[derive(Default)]
pub struct Notes {
    by_session: Mutex<HashMap<String, Vec<String>>>,
}

/// The most sessions whose notes are held at once (more, and the oldest are let go).
const NOTES_HELD: usize = 4096;

impl Notes {
    /// Keeps a session's notes (none: nothing is kept).
    pub fn keep(&self, session: &str, notes: Vec<String>) {
        let mut held = self.by_session.lock().unwrap_or_else(|p| p.into_inner());
        if notes.is_empty() {
            held.remove(session);
            return;
        }
        if held.len() >= NOTES_HELD {
            held.clear();
        }
        held.insert(session.to_string(), notes);
    }

    /// A session's notes, given once.
    pub fn take(&self, session: &str) -> Vec<String> {
        self.by_session
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(session)
            .unwrap_or_default()
    }
}

/// The games begun by each begin form sent (by its session's CSRF token and the form's own
/// key): a form sent twice (a double tap, the browser sending it again) opens the game it began
/// the first time instead of beginning another. Asked and kept on the writing connection's turn,
/// so two sendings one after the other cannot both begin one. A few thousand at most.
#[derive(Default)]
pub struct Begun {
    by_form: Mutex<HashMap<String, i64>>,
}

/// The most forms whose games are remembered at once (more, and all are let go).
const BEGUN_HELD: usize = 4096;

impl Begun {
    /// The game the form `key` began, if it began one.
    pub fn game(&self, key: &str) -> Option<i64> {
        self.by_form
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
            .copied()
    }

    /// Remembers that the form `key` began `game`.
    pub fn keep(&self, key: String, game: i64) {
        let mut held = self.by_form.lock().unwrap_or_else(|p| p.into_inner());
        if held.len() >= BEGUN_HELD {
            held.clear();
        }
        held.insert(key, game);
    }
}

/// What was made of a game (or a night) last, by the key of its latest change: a game's board
/// and its scoring page replay the game whole, so an unchanged game is not replayed again for
/// every reader. One made thing per game, a few hundred games at most (more, and all are let
/// go).
pub struct ByChange<T> {
    held: Mutex<HashMap<i64, (String, Arc<T>)>>,
}

impl<T> Default for ByChange<T> {
    fn default() -> Self {
        ByChange {
            held: Mutex::new(HashMap::new()),
        }
    }
}

/// The most games (or nights) whose last made state is held at once.
const BY_CHANGE_HELD: usize = 256;

impl<T> ByChange<T> {
    /// What was made of `id` at `key`, if that is what is held.
    pub fn get(&self, id: i64, key: &str) -> Option<Arc<T>> {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.get(&id)
            .filter(|(k, _)| k == key)
            .map(|(_, made)| Arc::clone(made))
    }

    /// Keeps what was made of `id` at `key` (made after `key` was read: as new as it, or
    /// newer).
    pub fn keep(&self, id: i64, key: String, made: Arc<T>) {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        if held.len() >= BY_CHANGE_HELD && !held.contains_key(&id) {
            held.clear();
        }
        held.insert(id, (key, made));
    }

    /// `id` made at `key`: the one held, or `make`'s, then held.
    pub fn made_at<E>(
        &self,
        id: i64,
        key: String,
        make: impl FnOnce() -> Result<Option<T>, E>,
    ) -> Result<Option<Arc<T>>, E> {
        if let Some(made) = self.get(id, &key) {
            return Ok(Some(made));
        }
        let Some(made) = make()? else {
            return Ok(None);
        };
        let made = Arc::new(made);
        self.keep(id, key, Arc::clone(&made));
        Ok(Some(made))
    }

    /// How many are held.
    pub fn len(&self) -> usize {
        self.held.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// When each link began its games in the last hour: a link may begin only so many an hour
/// (see [`super::scorer::games`]). By link: a few dozen at most, each a few dozen instants.
#[derive(Default)]
pub struct Begins {
    by_link: Mutex<HashMap<i64, VecDeque<Instant>>>,
}

/// The hour the games a link begins are counted over.
pub const BEGINS_OVER: Duration = Duration::from_secs(3600);

impl Begins {
    /// Whether `link` began fewer than `most` games in the hour past.
    pub fn may_begin(&self, link: i64, most: usize) -> bool {
        let mut held = self.by_link.lock().unwrap_or_else(|p| p.into_inner());
        let Some(times) = held.get_mut(&link) else {
            return true;
        };
        while times.front().is_some_and(|t| t.elapsed() >= BEGINS_OVER) {
            times.pop_front();
        }
        times.len() < most
    }

    /// Notes that `link` began a game now.
    pub fn began(&self, link: i64) {
        let mut held = self.by_link.lock().unwrap_or_else(|p| p.into_inner());
        held.entry(link).or_default().push_back(Instant::now());
    }
}
