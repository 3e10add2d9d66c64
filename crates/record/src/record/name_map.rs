//! A map of names for an import (`don import --map FILE.csv`): a header `name,means`, then a
//! row a name, saying what it means — a known team's or player's name (the name becomes an
//! alias of it), or `new` (or the name itself, or nothing) for a team or player new to the
//! league.

use std::io::Read;

use super::results::RowError;
use super::text::check_name;

/// A row of a map: a name as the files write it, what it means, and its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapRow {
    pub line: u64,
    pub name: String,
    pub means: String,
}

/// The most rows a map may have.
pub const MAX_ROWS: usize = 10_000;

/// The most bytes a map may have.
pub const MAX_BYTES: u64 = 1 << 20;

/// Reads a map: every row, or every fault (each at its line).
pub fn read_name_map(input: impl Read) -> Result<Vec<MapRow>, Vec<RowError>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(input.take(MAX_BYTES + 1));
    let fault = |line: u64, message: String| RowError::new(line, None, message);
    let header: Vec<String> = match reader.headers() {
        Ok(h) => h
            .iter()
            .map(|c| c.trim_start_matches('\u{feff}').to_ascii_lowercase())
            .collect(),
        Err(e) => return Err(vec![fault(1, format!("cannot read the header: {e}"))]),
    };
    if header != ["name", "means"] {
        return Err(vec![fault(
            1,
            format!("the header is \"{}\", not \"name,means\"", header.join(",")),
        )]);
    }
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = record
            .as_ref()
            .ok()
            .and_then(|r| r.position().map(|p| p.line()))
            .unwrap_or(i as u64 + 2);
        if rows.len() + errors.len() >= MAX_ROWS {
            errors.push(fault(line, format!("a map has at most {MAX_ROWS} rows")));
            break;
        }
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                errors.push(fault(line, format!("cannot read the row: {e}")));
                continue;
            }
        };
        if record.iter().all(str::is_empty) {
            continue;
        }
        if record.len() != 2 {
            errors.push(fault(
                line,
                format!("{} cells, not 2 (name,means)", record.len()),
            ));
            continue;
        }
        let (name, means) = (&record[0], &record[1]);
        if let Err(e) = check_name(name) {
            errors.push(fault(line, format!("the name: {e}")));
            continue;
        }
        if !means.is_empty() {
            if let Err(e) = check_name(means) {
                errors.push(fault(line, format!("what it means: {e}")));
                continue;
            }
        }
        rows.push(MapRow {
            line,
            name: name.to_string(),
            means: means.to_string(),
        });
    }
    if reader.position().byte() > MAX_BYTES {
        return Err(vec![fault(
            reader.position().line(),
            format!(
                "a map has at most {} KiB: it was not read to its end",
                MAX_BYTES / 1024
            ),
        )]);
    }
    if errors.is_empty() {
        Ok(rows)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_is_read_row_by_row_and_its_faults_at_their_lines() {
        let rows =
            read_name_map("name,means\nRoyal Oke,Royal Oak\n\"Fox & Hounds\",new\n".as_bytes())
                .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].line, rows[0].name.as_str()), (2, "Royal Oke"));
        assert_eq!(rows[1].means, "new");
        let e = read_name_map("team,means\n".as_bytes()).unwrap_err();
        assert!(e[0].message.contains("not \"name,means\""), "{e:?}");
        let e = read_name_map("name,means\nA,B,C\nok,fine\n".as_bytes()).unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].line, 2);
        let huge = format!("name,means\n{}", "a,b\n".repeat(300_000));
        let e = read_name_map(huge.as_bytes()).unwrap_err();
        assert!(e[0].message.contains("at most"), "{e:?}");
    }
}
