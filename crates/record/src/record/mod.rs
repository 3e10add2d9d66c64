//! The public formats of FORMAT.md: game records (§1) read from `.json` and `.jsonl` and written
//! back, the trick notation, the scorer's lines (§5), the table of standings (§4), and the error and warning codes (§2) with
//! which a record's faults are reported.

pub mod cell;
pub mod date;
pub mod fault;
pub mod game;
pub mod history;
pub mod keys;
pub mod line;
pub mod name_map;
pub mod results;
mod scan;
pub mod sheet;
pub mod source;
pub mod standings;
pub mod stored;
pub mod text;
pub mod trick;
pub mod write;

pub use fault::{Code, Fault, Named};
pub use game::{parse_record, ruleset_from_json, HandBody, HandRecord, Record};
pub use keys::{DuplicateKey, PathSegment};
pub use source::{Item, RecordSource, SourceError};
