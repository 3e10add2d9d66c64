//! An import of game records, all or nothing: each record, checked as `check` checks it, is
//! stored in one change unless an error was met (in it, in an earlier record, or a record
//! stored already with other content); after the first error only checking goes on. The front
//! end opens the files, shows progress and says what was found.
//!
//! [`App::import_sources`] reads and checks the records on a second thread while this one
//! stores them, through a short channel (memory stays flat however big the files), and keeps
//! at most [`MAX_ERRORS`] errors (and as many warnings): checking stops at the last error kept,
//! so that memory stays flat on an endless stream of bad records.

use crate::app::error::AppError;
use crate::app::game::{
    hands_and_in_play, import_record, summary_of_sheet, Imported, Ready, StoredBy,
};
use crate::app::App;
use crate::check::import::{check_for_import, ForImport};
use crate::record::source::RecordSource;
use crate::record::stored::stored_game_of;
use crate::record::text::{count, shortened};
use crate::record::Fault;
use crate::store::Change;

/// Records handed from the checking thread at a time.
const BATCH: usize = 64;

/// At most this many errors (and as many warnings) are kept.
pub const MAX_ERRORS: usize = 100;

/// Where a record of an import is: its file (by its place among the sources), its place in
/// the file (from 0), the line it starts on (in a `.jsonl` file) and its `id`.
#[derive(Clone, Debug)]
pub struct RecordAt {
    pub file: usize,
    pub index: usize,
    pub line: Option<usize>,
    pub id: Option<String>,
}

/// What an import found in a record.
#[derive(Clone, Debug)]
pub enum RecordFault {
    /// A fault the check found (an error, or a warning).
    Checked(Fault),
    /// The record is stored already as `game`, with other content.
    Differs {
        game: i64,
        /// The first place the two differ, as a path: "hands[2].tricks[4]".
        first_difference: String,
        stored_by: Option<StoredBy>,
    },
}

/// A record's fault, with its place.
#[derive(Clone, Debug)]
pub struct Found {
    pub at: RecordAt,
    pub fault: RecordFault,
}

/// What the records of an import came to, before it is ended.
#[derive(Debug, Default)]
pub struct RecordsFound {
    pub errors: Vec<Found>,
    pub warnings: Vec<Found>,
    /// The warnings past [`MAX_ERRORS`], counted only.
    pub warnings_left: usize,
    /// Checking stopped at [`MAX_ERRORS`] errors, with records left.
    pub stopped: bool,
}

/// How an import goes, for a front end to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A record of source `file` is taken; `bytes` of the file read so far.
    Read { file: usize, bytes: u64 },
    /// A source is read to its end.
    FileEnd,
    /// Checking stopped at [`MAX_ERRORS`] errors.
    Stopped,
}

/// What the checking thread hands on.
enum HandedOn {
    Record {
        file: usize,
        record: Box<ForImport>,
        /// A valid record's game as it is stored, and its summary: made on the checking thread.
        ready: Option<Box<Ready>>,
        bytes: u64,
    },
    End,
}

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
    /// Imports the records of `sources` (checked on a second thread while this one stores
    /// them), telling `progress` how it goes: the import under way, to be ended
    /// ([`RecordsImport::finish`]), and what was found.
    pub fn import_sources(
        &mut self,
        sources: Vec<RecordSource>,
        mut progress: impl FnMut(Progress),
    ) -> Result<(RecordsImport<'_>, RecordsFound), AppError> {
        let mut import = RecordsImport {
            // Only rows added: logged as one fact a table, not a line a row.
            change: self.store.change_adding("import")?,
            refused: false,
            records: 0,
            added: Vec::new(),
            stored_before: 0,
        };
        let mut found = RecordsFound::default();
        let (send, receive) = std::sync::mpsc::sync_channel::<Vec<HandedOn>>(8);
        // Batches taken come back to the checking thread, which let them go: what one thread
        // allocated is freed by it, not by the thread that stores (where freeing another
        // thread's memory cost a fifth of its time).
        let (back, taken) = std::sync::mpsc::channel::<Vec<HandedOn>>();
        std::thread::scope(|scope| -> Result<(), AppError> {
            scope.spawn(move || {
                // In batches: one hand-over per record would cost more than the record.
                let mut batch = Vec::with_capacity(BATCH);
                for (file, mut source) in sources.into_iter().enumerate() {
                    while let Some(item) = source.next() {
                        let mut record = Box::new(check_for_import(item));
                        let ready = ready(&mut record).map(Box::new);
                        let bytes = source.bytes();
                        batch.push(HandedOn::Record {
                            file,
                            record,
                            ready,
                            bytes,
                        });
                        if batch.len() == BATCH {
                            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                            if send.send(full).is_err() {
                                return;
                            }
                            taken.try_iter().for_each(drop);
                        }
                    }
                    batch.push(HandedOn::End);
                }
                let _ = send.send(batch);
            });
            'batches: for batch in receive {
                for message in &batch {
                    let (file, checked, ready, bytes) = match message {
                        HandedOn::End => {
                            progress(Progress::FileEnd);
                            continue;
                        }
                        HandedOn::Record {
                            file,
                            record,
                            ready,
                            bytes,
                        } => (*file, record, ready, *bytes),
                    };
                    if found.errors.len() >= MAX_ERRORS {
                        // Enough, with a record still to check: the checking thread ends when
                        // its next batch is not taken.
                        found.stopped = true;
                        progress(Progress::Stopped);
                        break 'batches;
                    }
                    progress(Progress::Read { file, bytes });
                    let sheet = &checked.checked.sheet;
                    let at = RecordAt {
                        file,
                        index: checked.checked.index,
                        line: checked.checked.line,
                        id: sheet.id.clone(),
                    };
                    for f in &sheet.errors {
                        found.errors.push(Found {
                            at: at.clone(),
                            fault: RecordFault::Checked(f.clone()),
                        });
                    }
                    for f in &sheet.warnings {
                        if found.warnings.len() < MAX_ERRORS {
                            found.warnings.push(Found {
                                at: at.clone(),
                                fault: RecordFault::Checked(f.clone()),
                            });
                        } else {
                            found.warnings_left += 1;
                        }
                    }
                    if let Some(Imported::Differs {
                        game,
                        first_difference,
                        stored_by,
                    }) = import.take(checked, ready.as_deref())?
                    {
                        found.errors.push(Found {
                            at,
                            fault: RecordFault::Differs {
                                game,
                                first_difference,
                                stored_by,
                            },
                        });
                    }
                }
                // Once the checking thread has ended, the batch is let go here.
                let _ = back.send(batch);
            }
            Ok(())
        })?;
        Ok((import, found))
    }
}

impl RecordsImport<'_> {
    /// Takes one record checked for import, with what is stored of it when it is valid
    /// ([`ready`]): stored unless this import has met an error (its own faults, which the
    /// caller reports, count). What became of it, if it was looked for in the database.
    fn take(
        &mut self,
        record: &ForImport,
        ready: Option<&Ready>,
    ) -> Result<Option<Imported>, AppError> {
        self.records += 1;
        if !record.checked.sheet.errors.is_empty() {
            self.refused = true;
        }
        let Some(ready) = ready else {
            return Ok(None);
        };
        if self.refused {
            return Ok(None); // nothing will be imported: only checking goes on
        }
        let imported = import_record(&self.change, ready)?;
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

/// What is stored of a valid record (its canonical form taken from it): its game's rows and
/// its summary, worked out from the replay that checked it. Made on the checking thread, so
/// that the thread that stores it does nothing more than store it.
fn ready(record: &mut ForImport) -> Option<Ready> {
    let canonical = record.canonical.take()?;
    let (hands, in_play) = hands_and_in_play(&canonical);
    Some(Ready {
        stored: stored_game_of(&canonical, &record.claimed),
        summary: summary_of_sheet(&record.checked.sheet, hands, in_play),
        canonical,
    })
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
