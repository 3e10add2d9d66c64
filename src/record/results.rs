//! League results as CSV (FORMAT.md §3): match rows and night rows, told apart by the header.
