//! The state of the database (its latest operation) for every read of a public page, looked up
//! by one thread of its own with a connection of its own, so that a page read costs no
//! database work on the request's part and no thread of its own: the request takes a ticket and
//! waits (as a task) for a look-up begun after it came. One look-up answers every request that
//! came before it began, so however many pages are read at once, the state is looked up a
//! few thousand times a second at most — and never older than the request: a change committed
//! before a request came, by this server or by a `don` command, is in the state it is given.

use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};

use tokio::sync::watch;

use crate::app::App;

/// What a look-up found: the ticket it answers up to, and the state (or that it failed: the
/// request then looks the state up itself, and meets the failure there).
type Found = (u64, Option<i64>);

struct Tickets {
    /// The last ticket given, and the last one a look-up has begun for.
    given: u64,
    begun: u64,
    /// The server is stopping: the thread ends.
    stop: bool,
}

struct Shared {
    tickets: Mutex<Tickets>,
    asked: Condvar,
}

/// The watcher: its thread ends when this is dropped.
pub struct Watch {
    shared: Arc<Shared>,
    found: watch::Receiver<Found>,
}

impl Watch {
    /// Starts the thread, reading the database at `path` through a connection of its own.
    pub fn start(path: &Path) -> Watch {
        let shared = Arc::new(Shared {
            tickets: Mutex::new(Tickets {
                given: 0,
                begun: 0,
                stop: false,
            }),
            asked: Condvar::new(),
        });
        let (tell, found) = watch::channel((0, None));
        let path = path.to_path_buf();
        let looker = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("don-state".into())
            .spawn(move || look_up(&looker, &path, &tell))
            .map(drop)
            .unwrap_or(());
        Watch { shared, found }
    }

    /// The state as it is now: from a look-up begun after this was asked. `None` when the
    /// look-up failed (or the thread is not there): the caller looks the state up itself.
    pub async fn state(&self) -> Option<i64> {
        let ticket = {
            let mut t = self
                .shared
                .tickets
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            t.given += 1;
            t.given
        };
        self.shared.asked.notify_one();
        let mut found = self.found.clone();
        let answered = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            found.wait_for(|(upto, _)| *upto >= ticket),
        )
        .await;
        match answered {
            Ok(Ok(got)) => got.1,
            _ => None,
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.shared
            .tickets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .stop = true;
        self.shared.asked.notify_one();
    }
}

/// The thread: waits for tickets, then looks the state up for all those given so far.
fn look_up(shared: &Shared, path: &Path, tell: &watch::Sender<Found>) {
    let mut app: Option<App> = None;
    loop {
        let upto = {
            let mut t = shared.tickets.lock().unwrap_or_else(|p| p.into_inner());
            while t.begun == t.given && !t.stop {
                t = shared.asked.wait(t).unwrap_or_else(|p| p.into_inner());
            }
            if t.stop {
                return;
            }
            t.begun = t.given;
            t.given
        };
        if app.is_none() {
            app = App::open_read(path).ok();
        }
        let state = app.as_ref().and_then(|a| a.state().ok());
        if state.is_none() {
            // A connection that failed is not kept: the next look-up opens a fresh one.
            app = None;
        }
        tell.send_replace((upto, state.map(|(op, _)| op)));
    }
}
