//! The published site held in memory, made once per state of the database (see
//! [`super::public`]).

use std::sync::{Arc, Mutex};

use crate::publish::Site;

/// The site as made from one state of the database.
pub struct Made {
    /// The latest operation when it was made, and when that was.
    pub state: i64,
    pub at: Option<String>,
    pub site: Site,
}

/// The site made last.
#[derive(Default)]
pub struct SiteCache {
    made: Mutex<Option<Arc<Made>>>,
}

impl SiteCache {
    /// The site made last, if any.
    pub fn held(&self) -> Option<Arc<Made>> {
        self.made.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Keeps a site made, unless a newer one is held already.
    pub fn keep(&self, made: Arc<Made>) {
        let mut held = self.made.lock().unwrap_or_else(|p| p.into_inner());
        if held.as_ref().is_none_or(|h| h.state <= made.state) {
            *held = Some(made);
        }
    }
}
