//! Fixtures: a double round robin (each team at home to every other once), a bye each round
//! for an odd number of teams, no team at home more than twice running where that can be
//! avoided, one round a week on a weekday from a start date, skipping given dates.
