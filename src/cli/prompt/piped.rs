//! Lines from a pipe or a file, the prompts on standard error.

use std::io::{self, BufRead, Read, Write};

use super::source::Prompt;

/// The most a typed line may take; a longer line is refused unread ([`Prompt::over_long`]).
const MAX_LINE: u64 = 64 * 1024;

/// How much of a line too long to read is quoted in its refusal.
const QUOTED: usize = 24;

/// Lines from a pipe or a file; the prompt goes to standard error.
pub struct Lines<R: BufRead> {
    pub input: R,
    pub lines: usize,
    /// The line last read was too long: why it is refused.
    pub over_long: Option<String>,
}

impl<R: BufRead> Prompt for Lines<R> {
    fn line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let mut err = io::stderr().lock();
        let _ = writeln!(err, "{prompt} >");
        let mut bytes = Vec::new();
        // One byte more than a line may hold (its line feed, or the proof it is too long).
        let n = (&mut self.input)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut bytes)?;
        if n == 0 {
            return Ok(None);
        }
        self.over_long = None;
        if bytes.last() != Some(&b'\n') && n as u64 > MAX_LINE {
            // Pass over the rest of an over-long line.
            loop {
                let buf = self.input.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        self.input.consume(i + 1);
                        break;
                    }
                    None => {
                        let len = buf.len();
                        self.input.consume(len);
                    }
                }
            }
            let start: String = String::from_utf8_lossy(&bytes)
                .chars()
                .take(QUOTED)
                .collect();
            self.over_long = Some(format!(
                "a line longer than 64 KiB: not read (it begins \"{start}…\")"
            ));
            bytes.clear();
        } else if let Err(e) = std::str::from_utf8(&bytes) {
            // Not text: refused unread, rather than kept with U+FFFD in it.
            let start: String = String::from_utf8_lossy(&bytes[..e.valid_up_to()])
                .chars()
                .take(QUOTED)
                .collect();
            self.over_long = Some(format!(
                "not UTF-8 text: not read (byte {} after \"{}\" is not a character)",
                e.valid_up_to() + 1,
                don::record::text::escaped(&start)
            ));
            bytes.clear();
        }
        self.lines += 1;
        Ok(Some(
            String::from_utf8_lossy(&bytes)
                .trim_end_matches(['\n', '\r'])
                .to_string(),
        ))
    }

    fn interactive(&self) -> bool {
        false
    }

    fn line_number(&self) -> usize {
        self.lines
    }

    fn over_long(&self) -> Option<String> {
        self.over_long.clone()
    }
}
