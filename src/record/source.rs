//! Reading records from files: a `.json` file holds one record or an array; a `.jsonl` file one
//! record per line, streamed so memory stays flat however long the file.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::fault::{Code, Fault};

/// A file that cannot be read at all (exit 2, nothing on stdout).
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not UTF-8 text")]
    NotUtf8 { path: PathBuf },
    #[error("{path} is not JSON: {source}")]
    NotJson {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
}

/// One record read from a file: its index (from 0), the line it starts on, and its JSON.
#[derive(Debug)]
pub struct Item {
    pub index: usize,
    pub line: Option<usize>,
    pub value: Result<Value, Fault>,
}

enum Inner {
    Whole(std::vec::IntoIter<Value>),
    Lines {
        reader: Box<dyn BufRead>,
        line: usize,
        buf: Vec<u8>,
        done: bool,
    },
}

/// The records of one file, in order.
pub struct RecordSource {
    inner: Inner,
    index: usize,
    bytes: u64,
}

impl RecordSource {
    /// Opens a file; `.jsonl` (and `.ndjson`) are read line by line, anything else as one JSON
    /// document.
    pub fn open(path: &Path) -> Result<RecordSource, SourceError> {
        let io = |source| SourceError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = File::open(path).map_err(io)?;
        if file.metadata().map_err(io)?.is_dir() {
            return Err(io(std::io::Error::other("it is a directory")));
        }
        let lines = matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("jsonl" | "ndjson")
        );
        if lines {
            return Ok(RecordSource::from_lines(Box::new(
                BufReader::with_capacity(1 << 16, file),
            )));
        }
        let mut bytes = Vec::new();
        BufReader::new(file).read_to_end(&mut bytes).map_err(io)?;
        let text = String::from_utf8(bytes).map_err(|_| SourceError::NotUtf8 {
            path: path.to_path_buf(),
        })?;
        let value: Value = serde_json::from_str(&text).map_err(|source| SourceError::NotJson {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(RecordSource::from_value(value, text.len() as u64))
    }

    /// Records from one JSON document: an array of records, or one record.
    pub fn from_value(value: Value, bytes: u64) -> RecordSource {
        let list = match value {
            Value::Array(list) => list,
            other => vec![other],
        };
        RecordSource {
            inner: Inner::Whole(list.into_iter()),
            index: 0,
            bytes,
        }
    }

    /// Records one per line.
    pub fn from_lines(reader: Box<dyn BufRead>) -> RecordSource {
        RecordSource {
            inner: Inner::Lines {
                reader,
                line: 0,
                buf: Vec::with_capacity(4096),
                done: false,
            },
            index: 0,
            bytes: 0,
        }
    }

    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

impl Iterator for RecordSource {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        let item = match &mut self.inner {
            Inner::Whole(iter) => Item {
                index: self.index,
                line: None,
                value: Ok(iter.next()?),
            },
            Inner::Lines {
                reader,
                line,
                buf,
                done,
            } => loop {
                if *done {
                    return None;
                }
                buf.clear();
                *line += 1;
                match reader.read_until(b'\n', buf) {
                    Ok(0) => return None,
                    Ok(n) => self.bytes += n as u64,
                    Err(e) => {
                        *done = true;
                        break Item {
                            index: self.index,
                            line: Some(*line),
                            value: Err(Fault::new(
                                Code::Parse,
                                format!("line {line} cannot be read: {e}"),
                            )),
                        };
                    }
                }
                if buf.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                let value = serde_json::from_slice::<Value>(buf).map_err(|e| {
                    let why = if std::str::from_utf8(buf).is_err() {
                        "not UTF-8 text".to_string()
                    } else {
                        e.to_string()
                    };
                    Fault::new(
                        Code::Parse,
                        format!("line {line} is not a JSON record: {why}"),
                    )
                });
                break Item {
                    index: self.index,
                    line: Some(*line),
                    value,
                };
            },
        };
        self.index += 1;
        Some(item)
    }
}
