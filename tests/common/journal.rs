//! An in-memory journal for the scorer's tests: the lines appended, each a list of entries;
//! `take_back` pops the last. Each operation can be made to fail (through a handle the test
//! keeps), to see the session cope.

use std::cell::Cell;
use std::rc::Rc;

use don::scorer::{Journal, JournalEntry};

/// Which operations fail, shared between a journal and the test holding it.
#[derive(Clone, Debug, Default)]
pub struct Failing {
    pub append: Rc<Cell<bool>>,
    pub take_back: Rc<Cell<bool>>,
    pub entries: Rc<Cell<bool>>,
}

#[derive(Clone, Debug, Default)]
pub struct MemoryJournal {
    pub lines: Vec<Vec<JournalEntry>>,
    pub failing: Failing,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the journal is broken ({0})")]
pub struct Broken(pub &'static str);

impl MemoryJournal {
    /// Every entry, in order.
    pub fn flat(&self) -> Vec<JournalEntry> {
        self.lines.iter().flatten().cloned().collect()
    }

    /// A journal holding these entries, one line each.
    pub fn holding(entries: Vec<JournalEntry>) -> MemoryJournal {
        MemoryJournal {
            lines: entries.into_iter().map(|e| vec![e]).collect(),
            failing: Failing::default(),
        }
    }
}

impl Journal for MemoryJournal {
    type Error = Broken;

    fn append(&mut self, entries: &[JournalEntry]) -> Result<(), Broken> {
        if self.failing.append.get() {
            return Err(Broken("append"));
        }
        self.lines.push(entries.to_vec());
        Ok(())
    }

    fn take_back(&mut self) -> Result<bool, Broken> {
        if self.failing.take_back.get() {
            return Err(Broken("take_back"));
        }
        Ok(self.lines.pop().is_some())
    }

    fn entries(&mut self) -> Result<Vec<JournalEntry>, Broken> {
        if self.failing.entries.get() {
            return Err(Broken("entries"));
        }
        Ok(self.flat())
    }
}
