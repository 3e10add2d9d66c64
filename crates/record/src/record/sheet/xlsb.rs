//! A look through an `.xlsb` workbook's sheets for what calamine's cells do not say: a formula
//! whose value is an error (calamine passes its record over, as if the cell were empty) and
//! merged cells. Each sheet's part is found as calamine finds it (the workbook's list of sheets
//! and their relationships) and walked a record at a time, a record's body held only when it
//! is one of those.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

use quick_xml::events::Event;
use quick_xml::Reader;

use super::limits::BookError;
use super::ods::{Marks, RawAttrs, MAX_MARKS};

/// The most of a record's body read into memory (those looked at are a few bytes).
const MAX_BODY: usize = 1 << 16;

type Zip = zip::ZipArchive<BufReader<File>>;

/// The marks of each sheet of the `.xlsb` workbook at `path`, by its name.
pub fn look(path: &Path) -> Result<HashMap<String, Marks>, BookError> {
    let file = File::open(path).map_err(|e| BookError::Unreadable(e.to_string()))?;
    let mut zip = zip::ZipArchive::new(BufReader::new(file)).map_err(|_| BookError::Damaged)?;
    let rels = relationships(&mut zip)?;
    let shared = shared_count(&mut zip)?;
    let sheets = sheets(&mut zip, &rels)?;
    let mut all = HashMap::new();
    let mut count = 0;
    for (name, part) in sheets {
        let marks = sheet(&mut zip, &part, &name, &mut count, shared)?;
        all.insert(name, marks);
    }
    Ok(all)
}

/// The workbook's relationships: each id and its target.
fn relationships(zip: &mut Zip) -> Result<HashMap<String, String>, BookError> {
    let mut rels = HashMap::new();
    let Ok(part) = zip.by_name("xl/_rels/workbook.bin.rels") else {
        return Ok(rels);
    };
    let mut xml = Reader::from_reader(BufReader::new(part));
    xml.config_mut().expand_empty_elements = true;
    xml.config_mut().check_end_names = false;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match xml.read_event_into(&mut buf) {
            Ok(Event::Start(e)) if e.name().as_ref() == "Relationship" => {
                let (mut id, mut target) = (None, None);
                for (key, value) in RawAttrs::new(e.attributes_raw()).map_while(|a| a) {
                    match key {
                        "Id" if id.is_none() => id = Some(value.to_string()),
                        "Target" if target.is_none() => {
                            target = quick_xml::escape::unescape(value)
                                .ok()
                                .map(|v| v.into_owned());
                        }
                        _ => {}
                    }
                }
                if let (Some(id), Some(target)) = (id, target) {
                    rels.insert(id, target);
                }
            }
            Ok(Event::Eof) | Err(_) => return Ok(rels),
            _ => {}
        }
    }
}

/// A record: its type and body (the body only when `keep` says so and it is small).
struct Records<R: Read> {
    r: R,
}

impl<R: Read> Records<R> {
    fn byte(&mut self) -> Option<u8> {
        let mut b = [0u8];
        self.r.read_exact(&mut b).ok()?;
        Some(b[0])
    }

    /// The next record's type and its body (read when `keep(type)`, else passed over); none
    /// at the part's end or a record cut short.
    fn next(&mut self, keep: impl Fn(u16) -> bool) -> Option<(u16, Vec<u8>)> {
        let b = self.byte()?;
        let typ = if b & 0x80 == 0x80 {
            u16::from(b & 0x7F) + (u16::from(self.byte()? & 0x7F) << 7)
        } else {
            u16::from(b)
        };
        let mut b = self.byte()?;
        let mut len = usize::from(b & 0x7F);
        for i in 1..4 {
            if b & 0x80 == 0 {
                break;
            }
            b = self.byte()?;
            len += usize::from(b & 0x7F) << (7 * i);
        }
        if keep(typ) && len <= MAX_BODY {
            let mut body = vec![0u8; len];
            self.r.read_exact(&mut body).ok()?;
            Some((typ, body))
        } else {
            let skipped = std::io::copy(&mut (&mut self.r).take(len as u64), &mut std::io::sink());
            (skipped.ok()? == len as u64).then_some((typ, Vec::new()))
        }
    }
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// A string of a record: its length in letters, then UTF-16; and the bytes it took.
fn wide(b: &[u8]) -> Option<(String, usize)> {
    let n = u32_at(b, 0)? as usize;
    let bytes = b.get(4..4 + n.checked_mul(2)?)?;
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    Some((String::from_utf16_lossy(&units), 4 + 2 * n))
}

/// How many shared texts calamine reads (a cell naming one past them would stop it with a
/// panic).
fn shared_count(zip: &mut Zip) -> Result<u64, BookError> {
    let Ok(part) = zip.by_name("xl/sharedStrings.bin") else {
        return Ok(0);
    };
    let mut records = Records {
        r: BufReader::new(part),
    };
    let mut declared = None;
    while let Some((typ, body)) = records.next(|t| t == 0x009F) {
        if typ == 0x009F {
            declared = Some(u32_at(&body, 4).ok_or(BookError::Damaged)?);
            break;
        }
    }
    let Some(declared) = declared else {
        return Ok(0);
    };
    let mut count = 0;
    'texts: while count < u64::from(declared) {
        loop {
            let Some((typ, _)) = records.next(|_| false) else {
                break 'texts;
            };
            if typ == 0x0013 {
                count += 1;
                break;
            }
            if typ == 0x0023 {
                loop {
                    match records.next(|_| false) {
                        Some((0x0024, _)) => break,
                        Some(_) => {}
                        None => break 'texts,
                    }
                }
            }
        }
    }
    Ok(count)
}

/// The workbook's sheets, each its name and part, as calamine lists them.
fn sheets(
    zip: &mut Zip,
    rels: &HashMap<String, String>,
) -> Result<Vec<(String, String)>, BookError> {
    let part = zip
        .by_name("xl/workbook.bin")
        .map_err(|_| BookError::Damaged)?;
    let mut records = Records {
        r: BufReader::new(part),
    };
    let mut sheets = Vec::new();
    while let Some((typ, body)) = records.next(|t| t == 0x009C) {
        match typ {
            0x009C => {
                let Some(rel_len) = u32_at(&body, 8) else {
                    return Err(BookError::Damaged);
                };
                if rel_len == 0xFFFF_FFFF {
                    continue;
                }
                let Some((rel, used)) = wide(&body[8..]) else {
                    return Err(BookError::Damaged);
                };
                // calamine stops (with a panic) at a sheet of no relationship.
                let Some(target) = rels.get(&rel) else {
                    return Err(BookError::Damaged);
                };
                let name = wide(&body[8 + used..]).map(|(n, _)| n).unwrap_or_default();
                sheets.push((name, format!("xl/{target}")));
            }
            0x0090 => break,
            _ => {}
        }
    }
    Ok(sheets)
}

/// The text an error cell of an `.xlsb` is shown as, by its code.
fn error_text(code: u8) -> String {
    match code {
        0x00 => "#NULL!",
        0x07 => "#DIV/0!",
        0x0F => "#VALUE!",
        0x17 => "#REF!",
        0x1D => "#NAME?",
        0x24 => "#NUM!",
        0x2A => "#N/A",
        0x2B => "#DATA!",
        _ => "an error",
    }
    .to_string()
}

/// The marks of one sheet (its part `part`): its formulas whose value is an error, in the
/// file's order, and its merged ranges.
fn sheet(
    zip: &mut Zip,
    part: &str,
    name: &str,
    count: &mut usize,
    shared: u64,
) -> Result<Marks, BookError> {
    let mut marks = Marks::default();
    let Ok(part) = zip.by_name(part) else {
        // calamine says the sheet cannot be read.
        return Ok(marks);
    };
    let mut records = Records {
        r: BufReader::new(part),
    };
    let mut row: u32 = 0;
    let mut in_data = true;
    let mut mark = || -> Result<(), BookError> {
        *count += 1;
        if *count > MAX_MARKS {
            return Err(BookError::Sheet {
                sheet: name.to_string(),
                message: format!(
                    "more than {MAX_MARKS} of the workbook's cells hold an error or are merged: give them their values, or save the sheets of results as CSV"
                ),
            });
        }
        Ok(())
    };
    while let Some((typ, body)) = records.next(|t| matches!(t, 0x0000 | 0x0007 | 0x000B | 0x00B0)) {
        match typ {
            // A shared text the workbook does not have.
            0x0007 if in_data && u32_at(&body, 8).is_some_and(|i| u64::from(i) >= shared) => {
                return Err(BookError::Damaged);
            }
            0x0000 if in_data => {
                row = u32_at(&body, 0).unwrap_or(0);
                if row > 0x0010_0000 {
                    // calamine stops reading the sheet's cells here.
                    in_data = false;
                }
            }
            0x000B if in_data => {
                if let (Some(col), Some(code)) = (u32_at(&body, 0), body.get(8)) {
                    mark()?;
                    marks.cells.push((row, col, error_text(*code)));
                }
            }
            0x0092 => in_data = false,
            0x00B0 => {
                if let (Some(r0), Some(r1), Some(c0), Some(c1)) = (
                    u32_at(&body, 0),
                    u32_at(&body, 4),
                    u32_at(&body, 8),
                    u32_at(&body, 12),
                ) {
                    mark()?;
                    marks.merged.push(((r0, c0), (r1, c1)));
                }
            }
            _ => {}
        }
    }
    Ok(marks)
}
