//! The public formats of FORMAT.md: game records (§1) read from `.json` and `.jsonl`, and the
//! `check --json` report (§2).

pub mod game;
pub mod keys;
pub mod report;
mod scan;
pub mod source;
pub mod trick;
pub mod write;

pub use game::{parse_record, HandBody, HandRecord, Record};
pub use keys::{DuplicateKey, PathSegment};
pub use source::{Item, RecordSource, SourceError};
