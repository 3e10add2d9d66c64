//! Byte-level helpers for reading records without holding a whole file: UTF-8 checked piece by
//! piece, a reader that checks a document's text on its way to serde_json (UTF-8, and its
//! nesting, which serde_json's `IgnoredAny` does not bound), and a scanner that finds where one
//! element of a JSON array ends. Nothing here recurses, and no state grows with nesting.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

use serde::de::{Error as _, IgnoredAny};
use serde::Deserialize;

/// The UTF-8 byte-order mark some programs (spreadsheets) write at the start of a file.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The deepest nesting a document may have: where serde_json stops when it reads a value (a
/// 128th level is "recursion limit exceeded"), so a document that passes holds no element
/// too deep for serde_json, and the message is the one serde_json gives.
pub(crate) const MAX_DEPTH: usize = 127;

/// Whether bytes given in pieces, split anywhere, are UTF-8.
#[derive(Debug, Default)]
pub(crate) struct Utf8Check {
    /// The start of a character cut off at the end of the last piece.
    carry: [u8; 4],
    carry_len: usize,
    bad: bool,
}

impl Utf8Check {
    pub(crate) fn feed(&mut self, mut bytes: &[u8]) {
        if self.bad {
            return;
        }
        // First finish the character the last piece cut off.
        while self.carry_len > 0 {
            let Some((&b, rest)) = bytes.split_first() else {
                return;
            };
            bytes = rest;
            self.carry[self.carry_len] = b;
            self.carry_len += 1;
            match std::str::from_utf8(&self.carry[..self.carry_len]) {
                Ok(_) => self.carry_len = 0,
                Err(e) if e.error_len().is_some() || self.carry_len == 4 => {
                    self.bad = true;
                    return;
                }
                Err(_) => {}
            }
        }
        if let Err(e) = std::str::from_utf8(bytes) {
            match e.error_len() {
                Some(_) => self.bad = true,
                None => {
                    let tail = &bytes[e.valid_up_to()..];
                    self.carry[..tail.len()].copy_from_slice(tail);
                    self.carry_len = tail.len();
                }
            }
        }
    }

    /// Whether everything fed so far is UTF-8, with no character left unfinished.
    pub(crate) fn complete(&self) -> bool {
        !self.bad && self.carry_len == 0
    }
}

/// A document nested deeper than [`MAX_DEPTH`], where the first level too many opens.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TooDeep {
    pub line: u64,
    pub column: u64,
}

impl fmt::Display for TooDeep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "recursion limit exceeded at line {} column {}",
            self.line, self.column
        )
    }
}

impl std::error::Error for TooDeep {}

impl From<TooDeep> for io::Error {
    fn from(deep: TooDeep) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, deep)
    }
}

/// Strings, escapes and nesting of a JSON text read in pieces, as far as they can be told
/// from bytes alone: enough to find nesting and the ends of values; serde_json checks the rest.
#[derive(Debug, Default)]
struct Nesting {
    in_string: bool,
    escape: bool,
    depth: usize,
}

/// A table of the bytes in `marks`.
const fn table(marks: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < marks.len() {
        table[marks[i] as usize] = true;
        i += 1;
    }
    table
}

/// The bytes that matter in a string.
static IN_STRING: [bool; 256] = table(b"\"\\");
/// Outside strings, for [`GuardedReader`]: strings, nesting, lines.
static CHECKED: [bool; 256] = table(b"\"[]{}\n");
/// Outside strings at the top level of [`read_value`]: also the end of an element, and
/// whitespace, which is left out.
static TOP: [bool; 256] = table(b"\"[]{},\n\r\t ");
/// Outside strings, nested, in [`read_value`].
static NESTED: [bool; 256] = table(b"\"[]{}");

impl Nesting {
    /// Moves through `bytes` from `i`, over strings, to the next byte outside a string that is
    /// in `marks` (which holds `"`); returns its index, the byte not yet taken, or the length
    /// of `bytes` when there is none.
    #[inline]
    fn skip(&mut self, bytes: &[u8], mut i: usize, marks: &[bool; 256]) -> usize {
        loop {
            if self.in_string {
                if self.escape {
                    if i >= bytes.len() {
                        return i;
                    }
                    self.escape = false;
                    i += 1;
                }
                while i < bytes.len() && !IN_STRING[usize::from(bytes[i])] {
                    i += 1;
                }
                let Some(&b) = bytes.get(i) else {
                    return i;
                };
                if b == b'\\' {
                    self.escape = true;
                } else {
                    self.in_string = false;
                }
                i += 1;
            } else {
                while i < bytes.len() && !marks[usize::from(bytes[i])] {
                    i += 1;
                }
                match bytes.get(i) {
                    Some(b'"') => {
                        self.in_string = true;
                        i += 1;
                    }
                    _ => return i,
                }
            }
        }
    }
}

/// Why a document cannot be read at all.
#[derive(Debug)]
pub(crate) enum Unreadable {
    Io(io::Error),
    NotUtf8,
    NotJson(serde_json::Error),
}

/// Checks that all of `input` is one JSON document in UTF-8, nested no deeper than
/// [`MAX_DEPTH`], without holding it: serde_json skims it with `IgnoredAny` (which holds
/// neither strings nor numbers) through a reader that checks UTF-8 and nesting on the way.
/// Not UTF-8 anywhere outranks not JSON, as when a file was read whole before.
pub(crate) fn check_json(input: impl Read) -> Result<(), Unreadable> {
    match check_parts(input) {
        Err(e) => Err(Unreadable::Io(e)),
        Ok((_, false)) => Err(Unreadable::NotUtf8),
        Ok((Some(e), true)) => Err(Unreadable::NotJson(e)),
        Ok((None, true)) => Ok(()),
    }
}

/// What is wrong with `input` as JSON, if anything, and whether it is all UTF-8.
fn check_parts(mut input: impl Read) -> io::Result<(Option<serde_json::Error>, bool)> {
    let mut utf8 = Utf8Check::default();
    let result = {
        let checked = GuardedReader::new(&mut input, &mut utf8);
        // By value: serde_json reads a byte at a time, fast only from a `BufReader` it owns.
        let mut de =
            serde_json::Deserializer::from_reader(BufReader::with_capacity(1 << 16, checked));
        IgnoredAny::deserialize(&mut de).and_then(|_| de.end())
    };
    let error = match result {
        Ok(()) => None,
        Err(e) if e.is_io() => {
            let e = io::Error::from(e);
            match e.get_ref().and_then(|e| e.downcast_ref::<TooDeep>()) {
                Some(deep) => Some(serde_json::Error::custom(deep)),
                None => return Err(e),
            }
        }
        Err(e) => Some(e),
    };
    // Where serde_json stopped early, at an error, the rest is still checked for UTF-8.
    let mut buf = vec![0; 1 << 16];
    loop {
        match input.read(&mut buf) {
            Ok(0) => return Ok((error, utf8.complete())),
            Ok(n) => utf8.feed(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// A reader that passes a document's bytes on (to serde_json) while checking that they are
/// UTF-8 and nested no deeper than [`MAX_DEPTH`]. Past that depth it ends the text with a
/// [`TooDeep`] error at the first byte too deep, so serde_json still reports anything wrong
/// before it first. UTF-8 is only noted, in the check it borrows.
struct GuardedReader<'a, R> {
    inner: R,
    utf8: &'a mut Utf8Check,
    nesting: Nesting,
    /// Lines before the byte at `offset`, and where the current line starts.
    line: u64,
    line_start: u64,
    offset: u64,
    too_deep: Option<TooDeep>,
}

impl<'a, R: Read> GuardedReader<'a, R> {
    fn new(inner: R, utf8: &'a mut Utf8Check) -> GuardedReader<'a, R> {
        GuardedReader {
            inner,
            utf8,
            nesting: Nesting::default(),
            line: 1,
            line_start: 0,
            offset: 0,
            too_deep: None,
        }
    }

    /// The index in `bytes` (read at `self.offset`) of the first bracket too deep, if any.
    fn scan(&mut self, bytes: &[u8]) -> Option<usize> {
        let mut i = 0;
        loop {
            i = self.nesting.skip(bytes, i, &CHECKED);
            match bytes.get(i)? {
                b'[' | b'{' => {
                    self.nesting.depth += 1;
                    if self.nesting.depth > MAX_DEPTH {
                        return Some(i);
                    }
                }
                b']' | b'}' => self.nesting.depth = self.nesting.depth.saturating_sub(1),
                _ => {
                    self.line += 1;
                    self.line_start = self.offset + i as u64 + 1;
                }
            }
            i += 1;
        }
    }
}

impl<R: Read> Read for GuardedReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(deep) = self.too_deep {
            return Err(deep.into());
        }
        let n = self.inner.read(buf)?;
        let bytes = &buf[..n];
        self.utf8.feed(bytes);
        let deep = self.scan(bytes);
        let start = self.offset;
        self.offset += n as u64;
        match deep {
            None => Ok(n),
            Some(at) => {
                let deep = TooDeep {
                    line: self.line,
                    column: start + at as u64 - self.line_start + 1,
                };
                self.too_deep = Some(deep);
                // The bytes before it go on; the error comes at the next read.
                if at > 0 {
                    Ok(at)
                } else {
                    Err(deep.into())
                }
            }
        }
    }
}

/// What ended a value read by [`read_value`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A `,` at the top level of an array: another element follows.
    Comma,
    /// The `]` that closes the array.
    Close,
    /// The end of the input.
    End,
}

/// A value read by [`read_value`].
#[derive(Debug)]
pub(crate) struct Scanned {
    pub stop: Stop,
    /// Whether the value was longer than the limit (then it was not kept).
    pub over: bool,
    /// Whether anything but whitespace was read.
    pub seen: bool,
    /// Bytes read, with the `,` or `]` that stopped it.
    pub bytes: u64,
}

/// Reads one value's text into `out` (cleared first): in an array (`in_array`) up to the `,` or
/// `]` that ends it at the array's level, otherwise to the end of the input. Whitespace outside
/// the value is left out. A value of more than `limit` bytes is read to its end but not kept:
/// `out` is left empty and `over` set, so memory stays within the limit however long it is.
///
/// The scan only follows strings, escapes and brackets; what it keeps is for serde_json to
/// judge, so any input is safe, and no nesting is too deep for it.
pub(crate) fn read_value(
    reader: &mut dyn BufRead,
    in_array: bool,
    limit: usize,
    out: &mut Vec<u8>,
) -> io::Result<Scanned> {
    out.clear();
    let mut n = Nesting::default();
    let mut scanned = Scanned {
        stop: Stop::End,
        over: false,
        seen: false,
        bytes: 0,
    };
    let mut keep = |part: &[u8], scanned: &mut Scanned| {
        if part.is_empty() || scanned.over {
            return;
        }
        scanned.seen = true;
        if out.len() + part.len() > limit {
            scanned.over = true;
            out.clear();
        } else {
            out.extend_from_slice(part);
        }
    };
    loop {
        let chunk = fill(reader)?;
        if chunk.is_empty() {
            return Ok(scanned);
        }
        let mut run = 0;
        let mut stop = None;
        let mut i = 0;
        loop {
            let marks = if n.depth == 0 { &TOP } else { &NESTED };
            i = n.skip(chunk, i, marks);
            let Some(&b) = chunk.get(i) else {
                break;
            };
            match b {
                b'[' | b'{' => n.depth = n.depth.saturating_add(1),
                b']' | b'}' if n.depth > 0 => n.depth -= 1,
                b']' if in_array => {
                    stop = Some(Stop::Close);
                    break;
                }
                b',' if in_array && n.depth == 0 => {
                    stop = Some(Stop::Comma);
                    break;
                }
                // Whitespace between top-level tokens is never part of a value.
                b' ' | b'\t' | b'\n' | b'\r' if n.depth == 0 => {
                    keep(&chunk[run..i], &mut scanned);
                    run = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        keep(&chunk[run..i], &mut scanned);
        let used = i + usize::from(stop.is_some());
        reader.consume(used);
        scanned.bytes += used as u64;
        if let Some(stop) = stop {
            scanned.stop = stop;
            return Ok(scanned);
        }
    }
}

/// The reader's buffered bytes, read in if there are none (empty only at the end); a read
/// interrupted by a signal is tried again.
fn fill(reader: &mut (impl BufRead + ?Sized)) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
            Ok(_) => break,
        }
    }
    // Filled now: this returns the buffer without reading.
    reader.fill_buf()
}

/// Skips whitespace; returns the next byte without taking it, or `None` at the end.
pub(crate) fn peek_past_whitespace(reader: &mut dyn BufRead) -> io::Result<(Option<u8>, u64)> {
    let mut skipped = 0;
    loop {
        let chunk = fill(reader)?;
        if chunk.is_empty() {
            return Ok((None, skipped));
        }
        match chunk.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(i) => {
                let b = chunk[i];
                reader.consume(i);
                return Ok((Some(b), skipped + i as u64));
            }
            None => {
                let len = chunk.len();
                reader.consume(len);
                skipped += len as u64;
            }
        }
    }
}

/// Reads and drops the rest of a line, through its `\n`, holding none of it; returns the bytes
/// dropped and whether they were all whitespace.
pub(crate) fn skip_line(reader: &mut dyn BufRead) -> io::Result<(u64, bool)> {
    let mut skipped = 0;
    let mut blank = true;
    loop {
        let chunk = fill(reader)?;
        if chunk.is_empty() {
            return Ok((skipped, blank));
        }
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        blank = blank && chunk[..used].iter().all(u8::is_ascii_whitespace);
        reader.consume(used);
        skipped += used as u64;
        if done {
            return Ok((skipped, blank));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A reader that hands out at most `step` bytes a call, to cut pieces anywhere.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    fn values(text: &[u8], in_array: bool, limit: usize, step: usize) -> Vec<(String, Stop, bool)> {
        let mut reader = BufReader::with_capacity(step, Trickle { bytes: text, step });
        let mut out = Vec::new();
        let mut found = Vec::new();
        loop {
            let s = read_value(&mut reader, in_array, limit, &mut out).unwrap();
            found.push((String::from_utf8_lossy(&out).into_owned(), s.stop, s.over));
            if s.stop != Stop::Comma {
                return found;
            }
        }
    }

    #[test]
    fn elements_end_at_top_level_commas_and_the_closing_bracket() {
        let text = br#" {"a": [1, 2], "b": "x,]\"}"} , [ [ ] , {} ] ,"s\\",
          3 ] trailing"#;
        for step in [1, 2, 3, 7, 64] {
            assert_eq!(
                values(text, true, 1000, step),
                [
                    (
                        r#"{"a": [1, 2], "b": "x,]\"}"}"#.to_string(),
                        Stop::Comma,
                        false
                    ),
                    ("[ [ ] , {} ]".to_string(), Stop::Comma, false),
                    (r#""s\\""#.to_string(), Stop::Comma, false),
                    ("3".to_string(), Stop::Close, false),
                ],
                "step {step}"
            );
        }
        assert_eq!(
            values(b" {\"a\": 1}\n\n", false, 1000, 3),
            [("{\"a\": 1}".to_string(), Stop::End, false)]
        );
    }

    #[test]
    fn a_value_over_the_limit_is_read_through_but_not_kept() {
        let text = br#"[1, 2], [3456, "a b c"], 7]"#;
        assert_eq!(
            values(text, true, 8, 4),
            [
                ("[1, 2]".to_string(), Stop::Comma, false),
                (String::new(), Stop::Comma, true),
                ("7".to_string(), Stop::Close, false),
            ]
        );
        // Exactly at the limit is kept.
        assert_eq!(
            values(b"12345678]", true, 8, 3)[0],
            ("12345678".into(), Stop::Close, false)
        );
    }

    #[test]
    fn utf8_in_pieces_is_utf8_whole() {
        for text in ["", "abc", "café", "€uro", "𝄞 clef", "\u{ffff}"] {
            for step in 1..5 {
                let mut check = Utf8Check::default();
                for piece in text.as_bytes().chunks(step) {
                    check.feed(piece);
                }
                assert!(check.complete(), "{text:?} in pieces of {step}");
            }
        }
        for bad in [
            &b"caf\xe9"[..],
            b"\xe2\x82",
            b"\xff",
            b"\xed\xa0\x80",
            b"\xf0\x9d\x84",
        ] {
            for step in 1..5 {
                let mut check = Utf8Check::default();
                for piece in bad.chunks(step) {
                    check.feed(piece);
                }
                assert!(!check.complete(), "{bad:?} in pieces of {step}");
            }
        }
    }

    fn ignore(text: &[u8], step: usize) -> (Result<(), String>, bool) {
        let (error, utf8) = check_parts(Trickle { bytes: text, step }).unwrap();
        (error.map_or(Ok(()), |e| Err(e.to_string())), utf8)
    }

    #[test]
    fn too_deep_is_told_as_serde_json_tells_it() {
        for text in [
            "[".repeat(128) + &"]".repeat(128),
            format!("{{\"a\":\n  {}", "{\"b\": [".repeat(100)),
            "[".repeat(1_000_000),
        ] {
            let theirs = serde_json::from_str::<serde_json::Value>(&text)
                .unwrap_err()
                .to_string();
            for step in [1, 5, 4096] {
                assert_eq!(ignore(text.as_bytes(), step), (Err(theirs.clone()), true));
            }
        }
        let ok = "[".repeat(127) + &"]".repeat(127);
        assert_eq!(ignore(ok.as_bytes(), 3), (Ok(()), true));
        // Brackets in strings do not nest.
        let strings = format!("[\"{}\"]", "[".repeat(500));
        assert_eq!(ignore(strings.as_bytes(), 7), (Ok(()), true));
        // An error before the depth is passed is the one reported.
        let early = format!("[1 2 {}", "[".repeat(200));
        assert_eq!(
            ignore(early.as_bytes(), 64).0,
            Err("expected `,` or `]` at line 1 column 4".into())
        );
    }

    #[test]
    fn utf8_is_checked_to_the_end_even_after_an_error() {
        assert_eq!(ignore(b"[\"caf\xe9\"]", 2), (Ok(()), false));
        let (result, utf8) = ignore(b"nope \"caf\xe9\"", 2);
        assert!(result.is_err());
        assert!(!utf8);
        let (_, utf8) = ignore(format!("{}\"\u{e9}", "[".repeat(300)).as_bytes(), 5);
        assert!(utf8);
        let mut bytes = "[".repeat(300).into_bytes();
        bytes.push(0xe9);
        assert!(!ignore(&bytes, 5).1);
    }

    proptest! {
        #[test]
        fn utf8_in_any_pieces_agrees_with_std(
            bytes in prop::collection::vec(
                prop_oneof![any::<u8>(), Just(0xE2), Just(0x82), Just(0xAC), Just(b'a')],
                0..40,
            ),
            step in 1usize..6,
        ) {
            let mut check = Utf8Check::default();
            for piece in bytes.chunks(step) {
                check.feed(piece);
            }
            prop_assert_eq!(check.complete(), std::str::from_utf8(&bytes).is_ok());
        }

        #[test]
        fn the_checked_reader_never_changes_what_serde_json_accepts_up_to_the_depth(
            value in "[\\[\\]{}\",:\\\\a1 \n]{0,300}",
            step in 1usize..9,
        ) {
            let theirs = serde_json::from_reader::<_, IgnoredAny>(value.as_bytes())
                .map(|_| ())
                .map_err(|e| e.to_string());
            let (ours, utf8) = ignore(value.as_bytes(), step);
            prop_assert!(utf8);
            // Shallow input is judged by serde_json alone.
            if value.matches(['[', '{']).count() <= MAX_DEPTH {
                prop_assert_eq!(ours, theirs);
            }
        }
    }
}
