//! Reading records from files: a `.json` file holds one record or an array, a `.jsonl` (or
//! `.ndjson`) file one record per line. Both are streamed, so memory stays flat however long
//! the file: it is bounded by the largest record, and a record may take at most
//! [`MAX_RECORD_BYTES`]; a longer one is that record's `parse` error, read past without being
//! held.
//!
//! A `.json` file is read twice. [`RecordSource::open`] first checks the whole document (JSON,
//! UTF-8, nesting) with flat memory, so that a file that cannot be read at all fails there,
//! before anything is printed (FORMAT.md §1); the records are then read one at a time.
//!
//! Each record is parsed with its repeated keys found (see [`DuplicateKey`]); they come with
//! the record, which stays readable.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::fault::{Code, Fault};
use super::keys::{parse_value, DuplicateKey};
use super::scan::{self, Stop, Unreadable, BOM};

/// The most one record may take, in bytes of its text (for `.jsonl`, its line without the line
/// end). A real record is a few KB: the largest the benchmark generates is 2 KB, 6 KB
/// pretty-printed, and even a whole match of long games pretty-printed in one record stays
/// far below 1 MiB. The limit bounds memory: a record is held whole while it is parsed, and as
/// a serde_json `Value` it can take 16 times its text (an array of one-digit numbers), so 4 MiB
/// keeps the worst record to about 75 MiB (74 measured), where 16 MiB would allow 300.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// How standard input is named in errors.
pub const STDIN_NAME: &str = "standard input";

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
    /// A stream (standard input) that begins with a league results header: results are read
    /// from files named `.csv`, not from a stream of game records.
    #[error(
        "{path} holds league results (its first line is a results CSV header), not game records"
    )]
    ResultsCsv { path: PathBuf },
}

/// One record read from a file: its index (from 0), the line it is on (`.jsonl` only), its
/// JSON or why it cannot be read, and the keys written twice in one of its objects.
#[derive(Debug)]
pub struct Item {
    pub index: usize,
    pub line: Option<usize>,
    pub value: Result<Value, Fault>,
    /// Keys written more than once in one object of the record, in the order their repeats
    /// appear (the value keeps the last); empty when `value` is an error.
    pub duplicates: Vec<DuplicateKey>,
}

enum Inner {
    Lines {
        reader: Box<dyn BufRead + Send>,
        line: usize,
        done: bool,
    },
    /// One JSON document, checked whole: an array's elements one at a time, or one value.
    Json {
        reader: BufReader<File>,
        state: JsonState,
    },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum JsonState {
    Start,
    Array,
    Done,
}

/// The records of one file, in order.
pub struct RecordSource {
    inner: Inner,
    index: usize,
    bytes: u64,
    limit: usize,
    buf: Vec<u8>,
}

impl RecordSource {
    /// Opens a file; `.jsonl` and `.ndjson` (in any case) are read line by line, anything else
    /// as one JSON document, which is checked whole here: one record, or an array of records. A
    /// UTF-8 byte-order mark at the start is skipped.
    pub fn open(path: &Path) -> Result<RecordSource, SourceError> {
        let io = |source| SourceError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = File::open(path).map_err(io)?;
        let kind = file.metadata().map_err(io)?.file_type();
        if kind.is_dir() {
            return Err(io(std::io::Error::other("it is a directory")));
        }
        if is_lines(path) {
            return Ok(RecordSource::from_lines(Box::new(
                BufReader::with_capacity(1 << 16, file),
            )));
        }
        if !kind.is_file() {
            // A pipe (`<(…)`, /dev/stdin) can be read only once: keep a copy to read twice.
            file = spool(file).map_err(io)?;
        }
        match check_document(&mut file) {
            Ok(start) => Ok(RecordSource::json(file, start)),
            Err(Unreadable::Io(source)) => Err(io(source)),
            Err(Unreadable::NotUtf8) => Err(SourceError::NotUtf8 {
                path: path.to_path_buf(),
            }),
            Err(Unreadable::NotJson(source)) => Err(SourceError::NotJson {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Records from standard input (`don check -`), named [`STDIN_NAME`] in errors: see
    /// [`RecordSource::from_reader`].
    pub fn stdin() -> Result<RecordSource, SourceError> {
        RecordSource::from_reader(STDIN_NAME, io::stdin().lock())
    }

    /// Records from a stream that can be read only once, such as standard input. It is copied
    /// to an anonymous temporary file (memory stays flat), and its shape told by its content:
    /// one JSON document (in UTF-8, nested no deeper than the 127 levels serde_json reads) is
    /// read as a `.json` file, one record or an array; anything else line by line, as
    /// `.jsonl`, where a line that is not JSON is that record's `parse` error. Only a failure to
    /// read it or to store the copy is an error, naming it `name`.
    pub fn from_reader(name: &str, mut reader: impl Read) -> Result<RecordSource, SourceError> {
        let io = |source| SourceError::Io {
            path: PathBuf::from(name),
            source,
        };
        let mut file = spool(&mut reader).map_err(io)?;
        match check_document(&mut file) {
            Ok(start) => Ok(RecordSource::json(file, start)),
            Err(Unreadable::Io(source)) => Err(io(source)),
            Err(Unreadable::NotUtf8 | Unreadable::NotJson(_)) => {
                file.seek(SeekFrom::Start(0)).map_err(io)?;
                if begins_with_results_header(&mut file).map_err(io)? {
                    return Err(SourceError::ResultsCsv {
                        path: PathBuf::from(name),
                    });
                }
                file.seek(SeekFrom::Start(0)).map_err(io)?;
                Ok(RecordSource::from_lines(Box::new(
                    BufReader::with_capacity(1 << 16, file),
                )))
            }
        }
    }

    /// Records one per line. A UTF-8 byte-order mark at the start is skipped.
    pub fn from_lines(reader: Box<dyn BufRead + Send>) -> RecordSource {
        RecordSource::new(
            Inner::Lines {
                reader,
                line: 0,
                done: false,
            },
            0,
        )
    }

    /// The same records, with at most `limit` bytes to a record instead of
    /// [`MAX_RECORD_BYTES`].
    pub fn with_limit(mut self, limit: usize) -> RecordSource {
        self.limit = limit;
        self
    }

    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    fn new(inner: Inner, bytes: u64) -> RecordSource {
        RecordSource {
            inner,
            index: 0,
            bytes,
            limit: MAX_RECORD_BYTES,
            buf: Vec::with_capacity(4096),
        }
    }

    /// A checked document, from `start` (past a byte-order mark).
    fn json(file: File, start: u64) -> RecordSource {
        RecordSource::new(
            Inner::Json {
                reader: BufReader::with_capacity(1 << 16, file),
                state: JsonState::Start,
            },
            start,
        )
    }
}

/// A copy of `reader` in an anonymous temporary file, to be read as often as needed.
fn spool(mut reader: impl Read) -> io::Result<File> {
    let mut file = tempfile::tempfile()?;
    io::copy(&mut reader, &mut file)?;
    Ok(file)
}

/// Whether the file's first line (read no further than a header could run) is the header of
/// a league results CSV.
fn begins_with_results_header(file: &mut File) -> io::Result<bool> {
    let mut first = Vec::new();
    BufReader::new((&mut *file).take(4096)).read_until(b'\n', &mut first)?;
    Ok(std::str::from_utf8(&first).is_ok_and(super::results::is_results_header))
}

fn is_lines(path: &Path) -> bool {
    path.extension()
        .and_then(OsStr::to_str)
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl") || e.eq_ignore_ascii_case("ndjson"))
}

/// Checks that the whole of `file` is one JSON document in UTF-8 (after a byte-order mark, if
/// any), with flat memory; returns where the document starts, the file left there.
fn check_document(file: &mut File) -> Result<u64, Unreadable> {
    let start = skip_bom(file).map_err(Unreadable::Io)?;
    scan::check_json(&mut *file)?;
    file.seek(SeekFrom::Start(start)).map_err(Unreadable::Io)?;
    Ok(start)
}

/// Reads `file` from its start past a UTF-8 byte-order mark, if it has one; returns where the
/// text starts, the file left there.
fn skip_bom(file: &mut File) -> io::Result<u64> {
    file.seek(SeekFrom::Start(0))?;
    let mut head = [0; 3];
    let mut n = 0;
    while n < head.len() {
        match file.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    if head[..n] == *BOM {
        Ok(3)
    } else {
        file.seek(SeekFrom::Start(0))
    }
}

/// A size as people read it: `4 MiB`, `64 KiB`, `100 bytes`.
pub(super) fn size(bytes: usize) -> String {
    const KIB: usize = 1 << 10;
    const MIB: usize = 1 << 20;
    match bytes {
        1 => "1 byte".to_string(),
        b if b >= MIB && b % MIB == 0 => format!("{} MiB", b / MIB),
        b if b >= KIB && b % KIB == 0 => format!("{} KiB", b / KIB),
        b => format!("{b} bytes"),
    }
}

fn too_long(place: &str, limit: usize) -> Fault {
    Fault::new(
        Code::Parse,
        format!(
            "{place} is not a JSON record: it is longer than {}, the most a record may take",
            size(limit)
        ),
    )
}

/// A record's item from its text (`None` when it was over the limit): its value and repeated
/// keys, or its `parse` error.
fn parse_item(index: usize, line: Option<usize>, text: Option<&[u8]>, limit: usize) -> Item {
    let place = || place(index, line);
    let (value, duplicates) = match text {
        None => (Err(too_long(&place(), limit)), Vec::new()),
        Some(text) => match parse_value(text) {
            Ok((value, duplicates)) => (Ok(value), duplicates),
            Err(e) => {
                let why = if std::str::from_utf8(text).is_err() {
                    "not UTF-8 text".to_string()
                } else if line.is_none() && e.line() > 0 {
                    // In a .json file, a place in the record's own text would mislead.
                    let at = format!(" at line {} column {}", e.line(), e.column());
                    let why = e.to_string();
                    why.strip_suffix(&at).unwrap_or(&why).to_string()
                } else {
                    e.to_string()
                };
                let message = format!("{} is not a JSON record: {why}", place());
                (Err(Fault::new(Code::Parse, message)), Vec::new())
            }
        },
    };
    Item {
        index,
        line,
        value,
        duplicates,
    }
}

/// How a record is named in its faults: by its line in a `.jsonl` file, else by its number.
fn place(index: usize, line: Option<usize>) -> String {
    match line {
        Some(line) => format!("line {line}"),
        None => format!("record {}", index + 1),
    }
}

fn unreadable(index: usize, line: Option<usize>, e: &io::Error) -> Item {
    Item {
        index,
        line,
        value: Err(Fault::new(
            Code::Parse,
            format!("{} cannot be read: {e}", place(index, line)),
        )),
        duplicates: Vec::new(),
    }
}

/// Where reading stands, for the record about to be read.
struct Reading<'a> {
    index: usize,
    limit: usize,
    bytes: &'a mut u64,
    buf: &'a mut Vec<u8>,
}

impl Iterator for RecordSource {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        let RecordSource {
            inner,
            index,
            bytes,
            limit,
            buf,
        } = self;
        let reading = Reading {
            index: *index,
            limit: *limit,
            bytes,
            buf,
        };
        let item = match inner {
            Inner::Lines { reader, line, done } => next_line(reader, line, done, reading)?,
            Inner::Json { reader, state } => next_in_document(reader, state, reading)?,
        };
        self.index += 1;
        Some(item)
    }
}

/// The next record of a `.jsonl` file: its next line that is not blank. A line over the limit is
/// that record's `parse` error, and the rest of it is passed over as it is read.
fn next_line(
    reader: &mut Box<dyn BufRead + Send>,
    line: &mut usize,
    done: &mut bool,
    r: Reading<'_>,
) -> Option<Item> {
    let Reading {
        index,
        limit,
        bytes,
        buf,
    } = r;
    loop {
        if *done {
            return None;
        }
        *line += 1;
        let first = *line == 1;
        // Room for the limit, a line end, and on the first line a byte-order mark: whatever is
        // past that is dropped as it is read.
        let room = limit.saturating_add(if first { 1 + BOM.len() } else { 1 });
        buf.clear();
        match (&mut *reader).take(room as u64).read_until(b'\n', buf) {
            Ok(0) => {
                *done = true;
                return None;
            }
            Ok(n) => *bytes += n as u64,
            Err(e) => {
                *done = true;
                return Some(unreadable(index, Some(*line), &e));
            }
        }
        let ended = buf.last() == Some(&b'\n');
        let start = if first && buf.starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        let text = &buf[start..];
        let mut blank = text.iter().all(u8::is_ascii_whitespace);
        if text.len() - usize::from(ended) > limit {
            if !ended {
                match scan::skip_line(reader.as_mut()) {
                    Ok((n, rest_blank)) => {
                        *bytes += n;
                        blank &= rest_blank;
                    }
                    Err(e) => {
                        *done = true;
                        return Some(unreadable(index, Some(*line), &e));
                    }
                }
            }
            if !blank {
                return Some(parse_item(index, Some(*line), None, limit));
            }
        }
        if !blank {
            return Some(parse_item(index, Some(*line), Some(text), limit));
        }
    }
}

/// The next record of a JSON document (checked whole when opened): an array's next element, or
/// the one value that is not an array.
fn next_in_document(
    reader: &mut BufReader<File>,
    state: &mut JsonState,
    r: Reading<'_>,
) -> Option<Item> {
    let Reading {
        index,
        limit,
        bytes,
        buf,
    } = r;
    loop {
        match *state {
            JsonState::Done => return None,
            JsonState::Start => match scan::peek_past_whitespace(reader) {
                Ok((Some(b'['), n)) => {
                    *bytes += n;
                    reader.consume(1);
                    *bytes += 1;
                    *state = JsonState::Array;
                }
                Ok((Some(_), n)) => {
                    *bytes += n;
                    *state = JsonState::Done;
                    return Some(match scan::read_value(reader, false, limit, buf) {
                        Ok(s) => {
                            *bytes += s.bytes;
                            let text = (!s.over).then_some(&buf[..]);
                            parse_item(index, None, text, limit)
                        }
                        Err(e) => unreadable(index, None, &e),
                    });
                }
                Ok((None, n)) => {
                    *bytes += n;
                    *state = JsonState::Done;
                    return None;
                }
                Err(e) => {
                    *state = JsonState::Done;
                    return Some(unreadable(index, None, &e));
                }
            },
            JsonState::Array => {
                return match scan::read_value(reader, true, limit, buf) {
                    Ok(s) => {
                        *bytes += s.bytes;
                        if s.stop != Stop::Comma {
                            *state = JsonState::Done;
                            if !s.seen {
                                return None;
                            }
                        }
                        let text = (!s.over).then_some(&buf[..]);
                        Some(parse_item(index, None, text, limit))
                    }
                    Err(e) => {
                        *state = JsonState::Done;
                        Some(unreadable(index, None, &e))
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::io::Write;

    #[test]
    fn sizes_are_told_as_people_read_them() {
        assert_eq!(size(MAX_RECORD_BYTES), "4 MiB");
        assert_eq!(size(16 << 20), "16 MiB");
        assert_eq!(size(2048), "2 KiB");
        assert_eq!(size(1536), "1536 bytes");
        assert_eq!(size(64), "64 bytes");
        assert_eq!(size(1), "1 byte");
        assert_eq!(size(0), "0 bytes");
    }

    /// `len` bytes of `x` with no line end, then `tail`, made up as they are read.
    struct Endless {
        left: usize,
        tail: &'static [u8],
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.left > 0 {
                let n = self.left.min(buf.len());
                buf[..n].fill(b'x');
                self.left -= n;
                return Ok(n);
            }
            let n = self.tail.len().min(buf.len());
            buf[..n].copy_from_slice(&self.tail[..n]);
            self.tail = &self.tail[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_line_with_no_end_is_read_through_without_being_held() {
        let endless = Endless {
            left: 256 << 20,
            tail: b"\n{\"id\": \"after\"}\n",
        };
        let reader = Box::new(BufReader::with_capacity(1 << 16, endless));
        let mut source = RecordSource::from_lines(reader).with_limit(1000);
        let first = source.next().unwrap();
        assert_eq!(
            first.value.unwrap_err().message,
            "line 1 is not a JSON record: it is longer than 1000 bytes, the most a record may take"
        );
        assert!(source.buf.capacity() <= 4096, "{}", source.buf.capacity());
        let second = source.next().unwrap();
        assert_eq!((second.index, second.line), (1, Some(2)));
        assert_eq!(second.value.unwrap(), json!({"id": "after"}));
        assert!(source.next().is_none());
        assert_eq!(source.bytes(), (256 << 20) + 17);
    }

    #[test]
    fn an_array_element_over_the_limit_is_read_through_without_being_held() {
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(b"[{\"id\": \"a\"}, \"").unwrap();
        let mut endless = Endless {
            left: 64 << 20,
            tail: b"\", {\"id\": \"b\"}]",
        };
        io::copy(&mut endless, &mut file).unwrap();
        let start = check_document(&mut file).ok().unwrap();
        let mut source = RecordSource::json(file, start).with_limit(1000);
        let values: Vec<_> = source.by_ref().map(|item| item.value).collect();
        assert_eq!(values[0], Ok(json!({"id": "a"})));
        assert_eq!(
            values[1].as_ref().unwrap_err().message,
            "record 2 is not a JSON record: it is longer than 1000 bytes, the most a record may take"
        );
        assert_eq!(values[2], Ok(json!({"id": "b"})));
        assert_eq!(values.len(), 3);
        assert!(source.buf.capacity() <= 4096, "{}", source.buf.capacity());
    }
}
