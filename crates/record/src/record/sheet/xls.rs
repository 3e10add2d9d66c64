//! A look through an `.xls` workbook before calamine reads it: calamine reads every sheet
//! whole as it opens the workbook, each into a range as wide and as tall as its cells reach
//! (a sheet of two cells, at A1 and IV65536, is 16,777,216 cells held), after setting room
//! aside for as many cells as the sheet's DIMENSIONS record says. This finds, with a few
//! bytes held at a time, the sheets' sizes as their records declare them and as their cells
//! reach, and refuses the workbook when one is over the bounds, before calamine reads it.
//!
//! The file (a Compound File of sectors) is followed as calamine 0.38 follows it, to its
//! `Workbook` stream, and refused as damaged where calamine would follow a chain of sectors
//! for ever, past the file's end, or into a sector it has no entry for. The stream's records
//! are walked as calamine walks them: the sheets' places from their BoundSheet8 records, and
//! in each sheet its DIMENSIONS and cell records (those of a chart inside it passed over).

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use super::limits::{
    cell_name, BookError, MAX_BOOK_CELLS, MAX_BOOK_HELD, MAX_SHEET_CELLS, MAX_SHEET_COLUMNS,
};

const ENDOFCHAIN: u32 = 0xFFFF_FFFE;
const RESERVED: u32 = 0xFFFF_FFFA;
const DIFSECT: u32 = 0xFFFF_FFFC;

/// Refuses the `.xls` workbook at `path` if a sheet is over the bounds, or if calamine could
/// not read it in bounded memory and time. A file calamine refuses itself (no `Workbook`
/// stream, a record cut short) is left to it.
pub fn look(path: &Path) -> Result<(), BookError> {
    let mut file = File::open(path).map_err(|e| BookError::Unreadable(e.to_string()))?;
    let len = file
        .metadata()
        .map_err(|e| BookError::Unreadable(e.to_string()))?
        .len();
    let mut cfb = match Cfb::open(&mut file, len) {
        Ok(Some(cfb)) => cfb,
        Ok(None) => return Ok(()),
        Err(e) => return Err(e),
    };
    let Some(stream) = cfb.workbook(&mut file)? else {
        return Ok(());
    };
    walk(&stream)
}

fn damaged() -> BookError {
    BookError::Damaged
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// A Compound File's tables, as calamine reads them.
struct Cfb {
    /// The file's length, and its sectors' size.
    len: u64,
    size: u64,
    /// Sectors in the file after its header (calamine's highest sector number).
    max: u64,
    fat: Vec<u32>,
    dirs: Vec<(String, u32, u64)>,
    mini: Vec<u8>,
    minifat: Vec<u32>,
}

impl Cfb {
    /// Reads the header, the sector tables and the directory; `None` when calamine refuses
    /// the file itself (no Compound File, a fault it reports).
    fn open(file: &mut File, len: u64) -> Result<Option<Cfb>, BookError> {
        let mut head = [0u8; 512];
        if len < 512 {
            return Ok(None);
        }
        file.read_exact(&mut head).map_err(|_| damaged())?;
        if head[..8] != *b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1" {
            return Ok(None);
        }
        let version = u16::from_le_bytes([head[26], head[27]]);
        let size: u64 = match u16::from_le_bytes([head[30], head[31]]) {
            9 => 512,
            12 => 4096,
            _ => return Ok(None),
        };
        if u16::from_le_bytes([head[32], head[33]]) != 6 || len < size {
            return Ok(None);
        }
        let word = |at: usize| u32::from_le_bytes(head[at..at + 4].try_into().expect("4 bytes"));
        let (dir_start, mini_fat_start, mini_fat_len, difat_start) =
            (word(48), word(60), u64::from(word(64)), word(68));
        let max = len / size;
        let mut cfb = Cfb {
            len,
            size,
            max,
            fat: Vec::new(),
            dirs: Vec::new(),
            mini: Vec::new(),
            minifat: Vec::new(),
        };
        let mut difat: Vec<u32> = (0..109).map(|i| word(76 + 4 * i)).collect();
        let mut id = difat_start;
        let mut steps = 0;
        while id < RESERVED {
            steps += 1;
            if steps > max + 1 {
                return Ok(None);
            }
            let sector = cfb.sector(file, id)?;
            difat.extend(words(&sector));
            id = difat.pop().unwrap_or(ENDOFCHAIN);
        }
        let fat_sectors: Vec<u32> = difat.into_iter().filter(|id| *id < DIFSECT).collect();
        // A table of more sectors than the file has is no file's.
        if fat_sectors.len() as u64 > max / (size / 4) + 2 {
            return Err(damaged());
        }
        for id in fat_sectors {
            let sector = cfb.sector(file, id)?;
            cfb.fat.extend(words(&sector));
        }
        let dirs = cfb.chain(file, dir_start, u64::MAX)?;
        cfb.dirs = dirs
            .chunks(128)
            .filter(|c| c.len() == 128)
            .map(|c| {
                let units: Vec<u16> = c[..64]
                    .chunks(2)
                    .map(|p| u16::from_le_bytes([p[0], p[1]]))
                    .collect();
                let mut name = String::from_utf16_lossy(&units);
                if let Some(at) = name.bytes().position(|b| b == 0) {
                    name.truncate(at);
                }
                let start = u32_at(c, 116).unwrap_or(ENDOFCHAIN);
                let len = if size == 512 {
                    u64::from(u32_at(c, 120).unwrap_or(0))
                } else {
                    u64::from_le_bytes(c[120..128].try_into().expect("8 bytes"))
                };
                (name, start, len)
            })
            .collect();
        if cfb.dirs.is_empty() || (version != 3 && cfb.dirs[0].1 == ENDOFCHAIN) {
            return Ok(None);
        }
        if mini_fat_len > 0 {
            let (start, len) = (cfb.dirs[0].1, cfb.dirs[0].2);
            cfb.mini = cfb.chain(file, start, len)?;
            let minifat = cfb.chain(file, mini_fat_start, mini_fat_len.saturating_mul(size))?;
            cfb.minifat = words(&minifat).collect();
        }
        Ok(Some(cfb))
    }

    /// Sector `id`, whole: one past the file's end, or cut short by it, is a damaged file's
    /// (calamine would read past it, or stop with a part of a table).
    fn sector(&self, file: &mut File, id: u32) -> Result<Vec<u8>, BookError> {
        let at = (u64::from(id) + 1) * self.size;
        if u64::from(id) > self.max || at + self.size > self.len {
            return Err(damaged());
        }
        let mut sector = vec![0u8; self.size as usize];
        file.seek(SeekFrom::Start(at)).map_err(|_| damaged())?;
        file.read_exact(&mut sector).map_err(|_| damaged())?;
        Ok(sector)
    }

    /// The chain of sectors from `id`, to its end or to `len` bytes, as calamine follows it;
    /// one longer than the file (a loop) is a damaged file's.
    fn chain(&self, file: &mut File, mut id: u32, len: u64) -> Result<Vec<u8>, BookError> {
        let mut out = Vec::new();
        let mut steps = 0;
        while id != ENDOFCHAIN {
            steps += 1;
            if steps > self.max + 1 {
                return Err(damaged());
            }
            let sector = self.sector(file, id)?;
            let take = (sector.len() as u64).min(len - out.len() as u64) as usize;
            out.extend_from_slice(&sector[..take]);
            if out.len() as u64 >= len {
                break;
            }
            id = *self.fat.get(id as usize).ok_or_else(damaged)?;
        }
        Ok(out)
    }

    /// The `Workbook` stream (or `Book`), as calamine finds it; `None` when there is none.
    fn workbook(&mut self, file: &mut File) -> Result<Option<Vec<u8>>, BookError> {
        let found = ["Workbook", "Book"].iter().find_map(|name| {
            self.dirs
                .iter()
                .find(|d| d.0.as_bytes().eq_ignore_ascii_case(name.as_bytes()))
                .map(|d| (d.1, d.2))
        });
        let Some((mut id, len)) = found else {
            return Ok(None);
        };
        if len >= 4096 {
            return self.chain(file, id, len).map(Some);
        }
        // A small stream is in the mini stream, in sectors of 64 bytes.
        let mut out = Vec::new();
        let mut steps = 0;
        while id != ENDOFCHAIN {
            steps += 1;
            let at = id as usize * 64;
            if steps > self.mini.len() / 64 + 1 || at + 64 > self.mini.len() {
                return Err(damaged());
            }
            let take = 64.min(len as usize - out.len());
            out.extend_from_slice(&self.mini[at..at + take]);
            if out.len() as u64 >= len {
                break;
            }
            id = *self.minifat.get(id as usize).ok_or_else(damaged)?;
        }
        Ok(Some(out))
    }
}

fn words(b: &[u8]) -> impl Iterator<Item = u32> + '_ {
    b.chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes")))
}

/// One record of a BIFF stream, as calamine splits them (its CONTINUE records after it
/// taken with it); `None` at the stream's end or where calamine stops at a fault.
fn record(stream: &mut &[u8]) -> Option<(u16, usize)> {
    let s = *stream;
    if s.len() < 4 {
        return None;
    }
    let typ = u16_at(s, 0)?;
    let len = u16_at(s, 2)? as usize;
    if s.len() < len + 4 {
        return None;
    }
    let mut rest = &s[len + 4..];
    while rest.len() > 4 && u16_at(rest, 0) == Some(0x003C) {
        let l = u16_at(rest, 2)? as usize;
        if rest.len() < l + 4 {
            return None;
        }
        rest = &rest[l + 4..];
    }
    *stream = rest;
    Some((typ, len))
}

/// How far a sheet's cells reach.
#[derive(Default)]
struct Reach {
    rows: Option<(u32, u32)>,
    cols: Option<(u32, u32)>,
    cells: u64,
}

impl Reach {
    fn add(&mut self, row: u32, col: u32) {
        let widen = |r: &mut Option<(u32, u32)>, v: u32| {
            *r = Some(r.map_or((v, v), |(a, b)| (a.min(v), b.max(v))));
        };
        widen(&mut self.rows, row);
        widen(&mut self.cols, col);
        self.cells += 1;
    }

    fn area(&self) -> u64 {
        match (self.rows, self.cols) {
            (Some((r0, r1)), Some((c0, c1))) => {
                u64::from(r1 - r0 + 1).saturating_mul(u64::from(c1 - c0 + 1))
            }
            _ => 0,
        }
    }

    fn place(&self) -> String {
        let ((r0, r1), (c0, c1)) = (self.rows.unwrap_or((0, 0)), self.cols.unwrap_or((0, 0)));
        format!("{}:{}", cell_name(r0 + 1, c0), cell_name(r1 + 1, c1))
    }
}

/// Walks the workbook's records: its sheets' places, then each sheet's size.
fn walk(stream: &[u8]) -> Result<(), BookError> {
    let mut sheets: Vec<(usize, String)> = Vec::new();
    let mut rest = stream;
    // The shared texts' lengths (UTF-8, at most), and the bytes per letter a text may take.
    let mut shared: Vec<u64> = Vec::new();
    let mut per_letter: u64 = 3;
    let mut held_text: u64 = 0;
    loop {
        let at = rest;
        let Some((typ, len)) = record(&mut rest) else {
            break;
        };
        let data = &at[4..4 + len];
        match typ {
            // A code page other than UTF-16's: a letter of a text may become two, each of
            // three bytes.
            0x0042 if u16_at(data, 0).is_some_and(|c| c != 1200) => per_letter = 6,
            0x00FC => {
                let Some(lengths) = sst(data, &continues(&at[4 + len..]), per_letter)? else {
                    // calamine stops here.
                    return Ok(());
                };
                shared = lengths;
                held_text = shared.iter().fold(0u64, |a, l| a.saturating_add(l + 24));
            }
            0x0085 => {
                let (Some(pos), Some(state), Some(kind)) =
                    (u32_at(data, 0), data.get(4), data.get(5))
                else {
                    return Err(damaged());
                };
                if state & 0x3F > 2 || ![0, 1, 2, 6].contains(kind) {
                    // calamine stops here.
                    return Ok(());
                }
                sheets.push((pos as usize, short_name(&data[6..])));
            }
            0x000A => break,
            _ => {}
        }
    }
    let mut held: u64 = 0;
    let over = |name: &str, bytes: u64| -> Result<(), BookError> {
        if bytes > MAX_BOOK_HELD {
            return Err(BookError::TooMuch {
                sheet: name.to_string(),
                bytes,
            });
        }
        Ok(())
    };
    for (pos, name) in sheets {
        over(&name, held_text)?;
        let Some(mut rest) = stream.get(pos..) else {
            return Err(damaged());
        };
        let mut values = Reach::default();
        let mut formulas = Reach::default();
        let mut seen_bof = false;
        let mut depth = 0usize;
        let mut formula_at = (0u32, 0u32);
        loop {
            let at = rest;
            let Some((typ, len)) = record(&mut rest) else {
                // calamine stops at the fault, or at the stream's end.
                break;
            };
            let r = &at[4..4 + len];
            if depth > 0 {
                match typ {
                    0x0809 => depth += 1,
                    0x000A => depth -= 1,
                    _ => {}
                }
                continue;
            }
            let cell = |r: &[u8], min: usize| -> Option<(u32, u32)> {
                if r.len() < min {
                    return None;
                }
                Some((u32::from(u16_at(r, 0)?), u32::from(u16_at(r, 2)?)))
            };
            match typ {
                0x0809 => {
                    if seen_bof {
                        depth += 1;
                    } else {
                        seen_bof = true;
                    }
                }
                0x0200 => {
                    let Some((r0, r1, c0, c1)) = dimensions(r) else {
                        break;
                    };
                    let (Some(rows), Some(cols)) = (r1.checked_sub(r0), c1.checked_sub(c0)) else {
                        return Err(damaged());
                    };
                    let cells = (u64::from(rows) + 1) * (u64::from(cols) + 1);
                    if cells > MAX_SHEET_CELLS || c1 >= MAX_SHEET_COLUMNS {
                        return Err(BookError::SheetTooBig {
                            sheet: name,
                            area: format!("{}:{}", cell_name(r0 + 1, c0), cell_name(r1 + 1, c1)),
                            cells,
                        });
                    }
                }
                0x0203 | 0x027E | 0x00FD | 0x0204 | 0x00D6 | 0x0205 => {
                    let min = match typ {
                        0x0203 => 14,
                        0x027E | 0x00FD => 10,
                        0x0205 => 8,
                        _ => 6,
                    };
                    let Some((row, col)) = cell(r, min) else {
                        break;
                    };
                    values.add(row, col);
                    held_text = held_text.saturating_add(match typ {
                        // A shared text, copied to its cell.
                        0x00FD => u32_at(r, 6)
                            .and_then(|i| shared.get(i as usize))
                            .map_or(0, |l| l + 24),
                        0x0204 | 0x00D6 => 24 + per_letter * len as u64,
                        _ => 0,
                    });
                    over(&name, held_text)?;
                }
                0x0207 => {
                    values.add(formula_at.0, formula_at.1);
                    held_text = held_text.saturating_add(24 + per_letter * len as u64);
                    over(&name, held_text)?;
                }
                0x00BD => {
                    let (Some((row, first)), Some(last)) =
                        (cell(r, 6), u16_at(r, r.len().saturating_sub(2)))
                    else {
                        break;
                    };
                    let Some(n) = u32::from(last).checked_sub(first).filter(|n| *n < 0xFFFF) else {
                        return Err(damaged());
                    };
                    if r.len() != 6 + 6 * (n as usize + 1) {
                        break;
                    }
                    values.add(row, first);
                    values.add(row, u32::from(last));
                    values.cells += u64::from(n.saturating_sub(1));
                }
                0x00E5 => {
                    let count = u16_at(r, 0).unwrap_or(0) as usize;
                    if r.len() < 2 + 8 * count {
                        return Err(damaged());
                    }
                }
                0x000A => break,
                0x0006 => {
                    let Some((row, col)) = cell(r, 20) else {
                        break;
                    };
                    formula_at = (row, col);
                    let v = &r[6..14];
                    if v[6] == 0xFF && v[7] == 0xFF {
                        match v[0] {
                            0x00 => {}
                            0x01 | 0x03 => values.add(row, col),
                            0x02 if [0x00, 0x07, 0x0F, 0x17, 0x1D, 0x24, 0x2A, 0x2B]
                                .contains(&v[2]) =>
                            {
                                values.add(row, col)
                            }
                            _ => break,
                        }
                    } else {
                        values.add(row, col);
                    }
                    formulas.add(row, col);
                }
                _ => {}
            }
        }
        for reach in [&values, &formulas] {
            let area = reach.area();
            let wide = reach.cols.is_some_and(|c| c.1 >= MAX_SHEET_COLUMNS);
            if area > MAX_SHEET_CELLS || wide {
                return Err(BookError::SheetTooBig {
                    sheet: name,
                    area: reach.place(),
                    cells: area,
                });
            }
            held = held.saturating_add(area).saturating_add(reach.cells);
        }
        if held > MAX_BOOK_CELLS {
            return Err(BookError::BookTooBig {
                sheet: name,
                cells: held,
            });
        }
    }
    Ok(())
}

/// A DIMENSIONS record's first and last rows and columns as calamine reads them.
fn dimensions(r: &[u8]) -> Option<(u32, u32, u32, u32)> {
    let (rf, rl, mut cf, cl) = match r.len() {
        10 => (
            u32::from(u16_at(r, 0)?),
            u32::from(u16_at(r, 2)?),
            u32::from(u16_at(r, 4)?),
            u32::from(u16_at(r, 6)?),
        ),
        14 | 16 => (
            u32_at(r, 0)?,
            u32_at(r, 4)?,
            u32::from(u16_at(r, 8)?),
            u32::from(u16_at(r, 10)?),
        ),
        _ => return None,
    };
    if 0xFF < cf || cl < cf {
        cf = 0;
    }
    if 1 <= rl && 1 <= cl {
        Some((rf, rl - 1, cf, cl - 1))
    } else {
        Some((rf, rf, cf, cf))
    }
}

/// A sheet's name from its BoundSheet8 record (its length, a byte of flags, its letters).
fn short_name(r: &[u8]) -> String {
    let Some((&cch, rest)) = r.split_first() else {
        return String::new();
    };
    let Some((&flags, chars)) = rest.split_first() else {
        return String::new();
    };
    let name = if flags & 1 == 1 {
        let units: Vec<u16> = chars
            .chunks_exact(2)
            .take(cch as usize)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        chars
            .iter()
            .take(cch as usize)
            .map(|b| char::from(*b))
            .collect()
    };
    name.replace('\0', "")
}

/// The CONTINUE records' data after a record (`after`: the stream from its end).
fn continues(mut after: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    while after.len() > 4 && u16_at(after, 0) == Some(0x003C) {
        let Some(l) = u16_at(after, 2).map(usize::from) else {
            break;
        };
        if after.len() < l + 4 {
            break;
        }
        out.push(&after[4..4 + l]);
        after = &after[4 + l..];
    }
    out
}

/// The SST record's texts as calamine reads them (the record `data` and its CONTINUE records
/// `cont`): each text's length in UTF-8 at most (`per_letter` bytes a letter); `None` where
/// calamine stops at a fault.
fn sst(data: &[u8], cont: &[&[u8]], per_letter: u64) -> Result<Option<Vec<u64>>, BookError> {
    struct R<'a> {
        data: &'a [u8],
        cont: std::collections::VecDeque<&'a [u8]>,
    }
    impl<'a> R<'a> {
        fn next(&mut self) -> bool {
            match self.cont.pop_front() {
                Some(d) => {
                    self.data = d;
                    true
                }
                None => false,
            }
        }
        /// Passes over `len` bytes; false where calamine stops.
        fn skip(&mut self, mut len: usize) -> bool {
            while len > 0 {
                if self.data.is_empty() && !self.next() {
                    return false;
                }
                let l = len.min(self.data.len());
                self.data = &self.data[l..];
                len -= l;
            }
            true
        }
    }
    if data.len() < 8 {
        return Ok(None);
    }
    let mut r = R {
        data: &data[8..],
        cont: cont.iter().copied().collect(),
    };
    let mut lengths = Vec::new();
    while !r.data.is_empty() || r.next() {
        if r.data.is_empty() {
            lengths.push(0);
            continue;
        }
        if r.data.len() < 3 {
            return Ok(None);
        }
        let cch = usize::from(u16_at(r.data, 0).unwrap_or(0));
        let flags = r.data[2];
        r.data = &r.data[3..];
        let mut high = flags & 1 != 0;
        let mut runs = 0;
        let mut ext = 0;
        if flags & 0x8 != 0 {
            // calamine reads past the record's end here (a panic).
            runs = usize::from(u16_at(r.data, 0).ok_or_else(damaged)?);
            r.data = &r.data[2..];
        }
        if flags & 0x4 != 0 {
            ext = u32_at(r.data, 0).ok_or_else(damaged)? as i32 as usize;
            r.data = &r.data[4..];
        }
        let mut left = cch;
        while left > 0 {
            let l = if high {
                (r.data.len() / 2).min(left)
            } else {
                r.data.len().min(left)
            };
            r.data = &r.data[if high { 2 * l } else { l }..];
            left -= l;
            if left > 0 {
                if !r.next() {
                    return Ok(None);
                }
                let Some(&flag) = r.data.first() else {
                    return Err(damaged());
                };
                high = flag & 1 != 0;
                r.data = &r.data[1..];
            }
        }
        lengths.push(per_letter * cch as u64);
        if !r.skip(runs * 4) || !r.skip(ext) {
            return Ok(None);
        }
    }
    Ok(Some(lengths))
}
