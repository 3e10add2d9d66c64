//! The table-side scorer: an entry typed at the table, and its take-back.
