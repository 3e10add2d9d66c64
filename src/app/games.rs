//! Games and their records: begin one, import records, export them, list and show.
