//! Undo, and the log of changes.
