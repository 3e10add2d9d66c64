//! Leagues, seasons, teams, rosters and fixtures.
