//! League results imported from and exported to CSV (FORMAT.md §3).
