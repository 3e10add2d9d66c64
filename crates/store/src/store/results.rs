//! What a results import writes that no other command does: a season's configuration as a
//! file gives it (the import decides when it may: `app::results`).

use super::db::{Change, StoreError};
use crate::league::Config;

impl Change<'_> {
    /// Sets a season's configuration.
    pub fn set_season_config(&self, season: i64, config: &Config) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE seasons SET config = ?1 WHERE id = ?2",
            (config.to_text(), season),
        )?;
        Ok(())
    }
}
