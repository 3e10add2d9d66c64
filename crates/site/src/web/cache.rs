//! The published site held in memory, made once per state of the database (see
//! [`super::public`]). One site is made at a time: a request that finds the held one out of
//! date while another is being made is answered the held one at once, under its own ETag (the
//! state its bytes were made from), so reads never queue behind the making; with none held yet,
//! it waits for the one being made, and then makes one only if that is still older than the
//! state it saw.

use std::borrow::Borrow;
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::{Mutex as Gate, OwnedMutexGuard};

use axum::body::Bytes;

/// The site as made from one state of the database: `state` and `at` were read in the same
/// read transaction as the site, so the ETag they make names the state its bytes are of.
pub struct MadeSite {
    /// The latest operation when it was made, and when that was (RFC 3339).
    pub state: i64,
    pub at: Option<String>,
    /// The folder of the season the front page shows (`season/<slug>`).
    pub front: Option<String>,
    /// The site's files, by path.
    pub files: HashMap<String, Bytes>,
    /// The old addresses of pages, each with its page's address now (see
    /// [`crate::publish::Site::moved`]): answered with a redirect.
    pub moved: HashMap<String, String>,
}

/// The site made last, and the gate one passes to make another.
#[derive(Default)]
pub struct SiteCache {
    made: Mutex<Option<Arc<MadeSite>>>,
    making: Arc<Gate<()>>,
    /// How many sites were made since the server started.
    times: AtomicU64,
}

impl SiteCache {
    /// The site made last, if it is of state `at_least` or newer.
    pub fn held(&self, at_least: i64) -> Option<Arc<MadeSite>> {
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
    pub fn keep(&self, made: Arc<MadeSite>) {
        self.times.fetch_add(1, Ordering::Relaxed);
        let mut held = self.made.lock().unwrap_or_else(|p| p.into_inner());
        if held.as_ref().is_none_or(|h| h.state <= made.state) {
            *held = Some(made);
        }
    }

    /// How many sites were kept since the server started (each one made once).
    pub fn times_made(&self) -> u64 {
        self.times.load(Ordering::Relaxed)
    }
}

/// A map held in memory, of `MOST` entries at most: a new key past it, and all are let go
/// (each is a convenience, or cheap to make again).
pub struct Held<K, V, const MOST: usize> {
    map: Mutex<HashMap<K, V>>,
}

impl<K, V, const MOST: usize> Default for Held<K, V, MOST> {
    fn default() -> Self {
        Held {
            map: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Eq + Hash, V, const MOST: usize> Held<K, V, MOST> {
    fn lock(&self) -> MutexGuard<'_, HashMap<K, V>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Keeps `value` under `key`.
    pub fn keep(&self, key: K, value: V) {
        let mut held = self.lock();
        if held.len() >= MOST && !held.contains_key(&key) {
            held.clear();
        }
        held.insert(key, value);
    }

    /// What is kept under `key`, given once.
    pub fn take<Q: Hash + Eq + ?Sized>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.lock().remove(key)
    }

    /// What is kept under `key`, kept still.
    pub fn get<Q: Hash + Eq + ?Sized>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        V: Clone,
    {
        self.lock().get(key).cloned()
    }

    /// How many are held.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What the app noted on the way of a session's last change (a player put on a roster), kept
/// in memory from the POST until the page it sends the browser on to shows it, once. By the
/// session's CSRF token, which is the session's own and secret; a few thousand at most.
pub type Notes = Held<String, Vec<String>, 4096>;

/// The games begun by each begin form sent (by its session's CSRF token and the form's own
/// key): a form sent twice (a double tap, the browser sending it again) opens the game it began
/// the first time instead of beginning another. Asked and kept on the writing connection's turn,
/// so two sendings one after the other cannot both begin one. A few thousand at most.
pub type FormGames = Held<String, i64, 4096>;

/// What was made of a game (or a night) last, by the key of its latest change: a game's board
/// and its scoring page replay the game whole, so an unchanged game is not replayed again for
/// every reader. One made thing per game, a few hundred games at most.
pub type ByChange<T> = Held<i64, (String, Arc<T>), 256>;

impl<T> ByChange<T> {
    /// `id` made at `key`: the one held, or `make`'s, then held (made after `key` was read: as
    /// new as it, or newer).
    pub fn made_at<E>(
        &self,
        id: i64,
        key: String,
        make: impl FnOnce() -> Result<Option<T>, E>,
    ) -> Result<Option<Arc<T>>, E> {
        if let Some((_, made)) = self.get(&id).filter(|(k, _)| *k == key) {
            return Ok(Some(made));
        }
        let Some(made) = make()? else {
            return Ok(None);
        };
        let made = Arc::new(made);
        self.keep(id, (key, Arc::clone(&made)));
        Ok(Some(made))
    }
}

/// When each link began its games in the last hour: a link may begin only so many an hour
/// (see [`super::scorer::games`]). By link: a few dozen at most, each a few dozen instants.
pub type Begins = Held<i64, VecDeque<Instant>, 4096>;

/// The hour the games a link begins are counted over.
pub const BEGINS_OVER: Duration = Duration::from_secs(3600);

impl Begins {
    /// Whether `link` began fewer than `most` games in the hour past.
    pub fn may_begin(&self, link: i64, most: usize) -> bool {
        let mut held = self.lock();
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
        self.lock()
            .entry(link)
            .or_default()
            .push_back(Instant::now());
    }
}
