//! The pure game logic of RULES.md: no I/O, no formats, no database (its `clippy.toml` forbids
//! printing and the file system; its `Cargo.toml` has no format or database crate).
//!
//! A floor of the `don` workspace: it uses only the crates below it, which the compiler
//! enforces. Its modules keep their paths (`crate::<layer>::...`) through the `use`s below.

pub mod rules;
