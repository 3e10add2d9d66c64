//! The answer being edited, and the columns it takes on a terminal.

use dialoguer::console::measure_text_width;

/// The answer being edited: its characters, the cursor, and the first character in sight.
#[derive(Default)]
pub(super) struct Line {
    pub(super) chars: Vec<char>,
    pub(super) at: usize,
    start: usize,
}

/// The columns a character takes on a terminal.
pub(super) fn char_width(c: char) -> usize {
    measure_text_width(c.encode_utf8(&mut [0; 4]))
}

fn width(chars: &[char]) -> usize {
    chars.iter().map(|&c| char_width(c)).sum()
}

impl Line {
    pub(super) fn text(&self) -> String {
        self.chars.iter().collect()
    }

    pub(super) fn set(&mut self, text: &str) {
        self.chars = text.chars().collect();
        self.at = self.chars.len();
        self.start = 0;
    }

    /// The part of the answer in sight in `room` columns, scrolled so the cursor is in sight,
    /// with `…` where the answer goes on out of sight; and the cursor's column in it.
    pub(super) fn view(&mut self, room: usize) -> (String, usize) {
        let chars = &self.chars;
        let mut start = self.start.min(self.at);
        // The characters before the cursor, the cursor's own cell, and a mark on the left
        // when the answer begins out of sight.
        while start < self.at && usize::from(start > 0) + width(&chars[start..self.at]) + 1 > room {
            start += 1;
        }
        self.start = start;
        let left = usize::from(start > 0);
        let mut shown: Vec<char> = Vec::new();
        if left == 1 {
            shown.push('…');
        }
        let mut used = left;
        let mut i = start;
        while i < chars.len() && used + char_width(chars[i]) <= room {
            used += char_width(chars[i]);
            shown.push(chars[i]);
            i += 1;
        }
        if i < chars.len() {
            // The answer goes on out of sight to the right: its last column the mark.
            while used + 1 > room && i > start {
                i -= 1;
                used -= char_width(chars[i]);
                shown.pop();
            }
            shown.push('…');
        }
        let cursor = left + width(&chars[start..self.at]);
        (shown.into_iter().collect(), cursor)
    }
}
