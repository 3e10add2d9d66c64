//! An import of game records, all or nothing: each record, checked as `check` checks it, is
//! stored in one change unless an error was met (in it, in an earlier record, or a record
//! stored already with other content); after the first error only checking goes on. The front
//! end reads the files, shows progress and says what was found.

use crate::app::error::AppError;
use crate::app::game::{import_record, Imported};
use crate::app::App;
use crate::check::import::ForImport;
use crate::record::text::{count, shortened};
use crate::store::Change;

/// An import of records under way, in one change.
pub struct RecordsImport<'s> {
    change: Change<'s>,
    /// An error was met: nothing will be imported.
    refused: bool,
    /// The records taken so far.
    pub records: usize,
    /// The games stored so far, in order.
    pub added: Vec<i64>,
    /// The records stored already, with the same content.
    pub stored_before: usize,
}

/// How an import ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordsImported {
    /// An error was met: nothing was imported.
    Refused,
    /// A dry run: nothing was changed.
    Checked,
    /// Kept (when something was added; the log stays as it was otherwise).
    Kept,
}

/// "3 games (1 already stored)": the games of an import, as the log and the front end say.
pub fn games_imported(added: usize, stored_before: usize) -> String {
    let mut words = count(added, "game", "games");
    if stored_before > 0 {
        words.push_str(&format!(
            " ({} already stored)",
            count(stored_before, "game", "games")
        ));
    }
    words
}

impl App {
    /// Begins an import of game records.
    pub fn import_records(&mut self) -> Result<RecordsImport<'_>, AppError> {
        Ok(RecordsImport {
            change: self.store.change("import")?,
            refused: false,
            records: 0,
            added: Vec::new(),
            stored_before: 0,
        })
    }
}

impl RecordsImport<'_> {
    /// Takes one record checked for import: stored unless this import has met an error (its
    /// own faults, which the caller reports, count). What became of it, if it was looked for
    /// in the database.
    pub fn take(&mut self, record: ForImport) -> Result<Option<Imported>, AppError> {
        self.records += 1;
        if !record.checked.sheet.errors.is_empty() {
            self.refused = true;
        }
        let Some(canonical) = record.canonical else {
            return Ok(None);
        };
        if self.refused {
            return Ok(None); // nothing will be imported: only checking goes on
        }
        let imported = import_record(&self.change, canonical, &record.claimed)?;
        match &imported {
            Imported::Added(game) => self.added.push(*game),
            Imported::Already => self.stored_before += 1,
            Imported::Differs { .. } => self.refused = true,
        }
        Ok(Some(imported))
    }

    /// Ends the import: kept unless an error was met, it is a dry run, or nothing was added.
    /// `files`: the files read, as the log names them.
    pub fn finish(self, dry_run: bool, files: &[String]) -> Result<RecordsImported, AppError> {
        if self.refused {
            return Ok(RecordsImported::Refused);
        }
        if dry_run {
            return Ok(RecordsImported::Checked);
        }
        if !self.added.is_empty() {
            let summary = format!(
                "imported {} from {}",
                games_imported(self.added.len(), self.stored_before),
                files_named(files)
            );
            self.change.commit(&summary, None)?;
        }
        Ok(RecordsImported::Kept)
    }
}

/// The most files an import's summary in the log names; the rest are counted.
const FILES_NAMED: usize = 3;

/// The files an import read, as its summary in the log names them: the first
/// [`FILES_NAMED`] (a long name shortened), and how many more (an import of 3,000 files is
/// one short line of the log, not 160 KB of it).
fn files_named(files: &[String]) -> String {
    let named: Vec<String> = files
        .iter()
        .take(FILES_NAMED)
        .map(|f| shortened(f).into_owned())
        .collect();
    let more = files.len().saturating_sub(FILES_NAMED);
    if more == 0 {
        return named.join(", ");
    }
    format!(
        "{} and {}",
        named.join(", "),
        count(more, "more file", "more files")
    )
}
