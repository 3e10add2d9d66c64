//! The league's past (FORMAT.md §7), as the league sees it: the nights of a results grid
//! checked against the season's configuration (a night's points add up to its matches, a
//! walkover's are the configured award), the teams down a grid the same as those across, and
//! a final table checked as a table (won, drawn and lost add up to played; a team once a
//! season; the printed order kept; legs both known or neither). Pure: the import
//! (`app::results`) finds the names and keeps what passes.

use std::collections::{HashMap, HashSet};

use super::config::Config;
use super::names::name_key;
use super::night::{check_totals, HomeAway, NightResult, Pair, TeamId};
use crate::record::results::{Column, FinalTableRow, Grid, GridTeam, RowError};
use crate::record::standings::TableLine;

/// A night of a results grid, checked: the cell it is in, its teams as written, its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridDraft {
    pub line: u64,
    pub column: Column,
    pub home: String,
    pub away: String,
    pub result: NightResult,
}

/// The nights of a results grid, checked against the season's configuration; and the faults
/// of those that cannot be (each at its cell), and of a team down the grid that is not across
/// it or the other way about.
pub fn grid_nights(grid: &Grid, config: &Config) -> (Vec<GridDraft>, Vec<RowError>) {
    let mut errors = Vec::new();
    let keys = |teams: &[GridTeam]| -> HashSet<String> {
        teams.iter().map(|t| name_key(&t.name)).collect()
    };
    let (across, down) = (keys(&grid.away), keys(&grid.home));
    for (teams, other, is, not) in [
        (&grid.home, &across, "down", "across"),
        (&grid.away, &down, "across", "down"),
    ] {
        for t in teams.iter().filter(|t| !other.contains(&name_key(&t.name))) {
            errors.push(RowError::new(t.line, Some(t.column.clone()), format!(
                "{} is {is} the grid but not {not} it: a grid has each team once down (at home) and once across (away)",
                t.name
            )));
        }
    }
    let award = config.walkover_matches();
    let mut nights = Vec::new();
    for n in &grid.nights {
        let points = Pair::new(n.home_points, n.away_points);
        let fault = |message: String| {
            RowError::new(
                n.line,
                Some(n.column.clone()),
                format!("{} v {}: {message}", n.home, n.away),
            )
        };
        let result = if n.walkover {
            match (points.home, points.away) {
                (h, 0) if h == award => Ok(NightResult::Walkover(HomeAway::Home)),
                (0, a) if a == award => Ok(NightResult::Walkover(HomeAway::Away)),
                (h, a) => Err(fault(format!(
                    "a walkover gives {award}-0 to the team that turned up, not {h}-{a}"
                ))),
            }
        } else {
            check_totals(config, points)
                .map(|()| NightResult::Totals(points))
                .map_err(|e| fault(e.to_string()))
        };
        match result {
            Ok(result) => nights.push(GridDraft {
                line: n.line,
                column: n.column.clone(),
                home: n.home.clone(),
                away: n.away.clone(),
                result,
            }),
            Err(e) => errors.push(e),
        }
    }
    errors.sort_by_key(|e| (e.line, e.column.as_ref().map_or(0, |c| c.index)));
    (nights, errors)
}

/// The faults of a final table's rows (every season in them), each at its row and column, and
/// what it warns of (kept as printed): won, drawn and lost that do not add up to played; a
/// team twice in a season's table; a position printed out of order; legs for without legs
/// against (or the other way); and, as warnings, a season whose nights won are not its nights
/// lost, or whose matches won are not its matches lost.
pub fn check_table(
    rows: &[FinalTableRow],
    column: &dyn Fn(&str) -> Option<Column>,
) -> (Vec<RowError>, Vec<RowError>) {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut seen: HashMap<(String, String), u64> = HashMap::new();
    let mut last_pos: HashMap<String, (u32, u64)> = HashMap::new();
    let mut sums: Vec<(String, u64, [u64; 4])> = Vec::new();
    for row in rows {
        let fault = |col: &str, message: String| RowError::new(row.line, column(col), message);
        if !row.faulty.is_empty() {
            continue;
        }
        let season = name_key(&row.season);
        let results =
            u64::from(row.printed.won) + u64::from(row.printed.drawn) + u64::from(row.printed.lost);
        if results != u64::from(row.printed.played) {
            errors.push(fault(
                "played",
                format!(
                    "{} played {} but won {}, drew {} and lost {} ({results} in all): won, drawn and lost add up to played",
                    row.printed.team, row.printed.played, row.printed.won, row.printed.drawn, row.printed.lost
                ),
            ));
        }
        match seen.get(&(season.clone(), name_key(&row.printed.team))) {
            Some(first) => errors.push(fault(
                "team",
                format!(
                    "{} is in {}'s table twice (first at line {first}): a team has one line in a season's table",
                    row.printed.team, row.season
                ),
            )),
            None => {
                seen.insert((season.clone(), name_key(&row.printed.team)), row.line);
            }
        }
        if let Some((before, line)) = last_pos.get(&season) {
            if row.printed.pos < *before {
                errors.push(fault(
                    "pos",
                    format!(
                        "position {} comes after position {before} (line {line}): a final table is given in its printed order, top down",
                        row.printed.pos
                    ),
                ));
            }
        }
        last_pos.insert(season.clone(), (row.printed.pos, row.line));
        match (row.printed.legs_for, row.printed.legs_against) {
            (Some(_), None) => errors.push(fault(
                "legs_against",
                "legs_for is given but not legs_against: give both, or leave both empty".into(),
            )),
            (None, Some(_)) => errors.push(fault(
                "legs_for",
                "legs_against is given but not legs_for: give both, or leave both empty".into(),
            )),
            _ => {}
        }
        let add = [
            u64::from(row.printed.won),
            u64::from(row.printed.lost),
            u64::from(row.printed.matches_for),
            u64::from(row.printed.matches_against),
        ];
        match sums.iter_mut().find(|(s, _, _)| *s == season) {
            Some((_, _, sum)) => sum.iter_mut().zip(add).for_each(|(s, a)| *s += a),
            None => sums.push((season, row.line, add)),
        }
    }
    for (_, line, [won, lost, matches_for, matches_against]) in sums {
        let name = rows
            .iter()
            .find(|r| r.line == line)
            .map_or("", |r| r.season.as_str());
        if won != lost {
            warnings.push(RowError::new(line, None, format!(
                    "{name}'s table has {won} nights won but {lost} lost (each night one team's win is the other's loss): kept as printed"
                )));
        }
        if matches_for != matches_against {
            warnings.push(RowError::new(line, None, format!(
                    "{name}'s table has {matches_for} matches for but {matches_against} against (each match is one team's for and the other's against): kept as printed"
                )));
        }
    }
    (errors, warnings)
}

/// How a row of a final table differs from the one stored for its team, in words ("stored
/// played 22 points 130, here played 21 points 128"), or none when it is the same.
pub fn table_differences(stored: &TableLine<TeamId>, here: &TableLine<TeamId>) -> Option<String> {
    table_compared(stored, here).map(|(_, words)| words)
}

/// The first column (FORMAT.md §7's name) where a final table's line differs from the one
/// stored, and the words of every difference (as [`table_differences`] gives them).
pub fn table_compared(
    stored: &TableLine<TeamId>,
    here: &TableLine<TeamId>,
) -> Option<(&'static str, String)> {
    let opt = |v: Option<u32>| v.map_or_else(|| "empty".to_string(), |n| n.to_string());
    let figures = |r: &TableLine<TeamId>| {
        [
            ("pos", r.pos.to_string()),
            ("played", r.played.to_string()),
            ("won", r.won.to_string()),
            ("drawn", r.drawn.to_string()),
            ("lost", r.lost.to_string()),
            ("matches_for", r.matches_for.to_string()),
            ("matches_against", r.matches_against.to_string()),
            ("legs_for", opt(r.legs_for)),
            ("legs_against", opt(r.legs_against)),
            ("points", r.points.to_string()),
            ("note", format!("'{}'", r.note)),
        ]
    };
    let (a, b) = (figures(stored), figures(here));
    let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i].1 != b[i].1).collect();
    if differ.is_empty() {
        return None;
    }
    let words = |f: &[(&str, String)]| {
        differ
            .iter()
            .map(|&i| format!("{} {}", f[i].0, f[i].1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let words = format!("stored {}; here {}", words(&a), words(&b));
    Some((a[differ[0]].0, words))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::results::{read_results, Rows};

    fn grid(text: &str) -> Grid {
        match read_results(text.as_bytes()).expect("a grid").rows {
            Rows::Grid(g) => g,
            other => panic!("not a grid: {other:?}"),
        }
    }

    fn table(text: &str) -> (Vec<FinalTableRow>, Vec<String>) {
        let file = read_results(text.as_bytes()).expect("a table");
        let header = file.header.clone();
        match file.rows {
            Rows::Table(rows) => (rows, header),
            other => panic!("not a table: {other:?}"),
        }
    }

    const SAMPLE: &str = "season,2014-15,,\n,Royal Oak,Red Lion,Six Bells\nRoyal Oak,x,5-4,9-0 w/o\nRed Lion,3-6,x,-\nSix Bells,2-7,4-5,x\n";

    #[test]
    fn a_grid_gives_its_nights_with_walkovers_and_cells_not_played_left_out() {
        let (nights, errors) = grid_nights(&grid(SAMPLE), &Config::default());
        assert_eq!(errors, vec![]);
        let got: Vec<(&str, &str, &NightResult, u64, usize)> = nights
            .iter()
            .map(|n| {
                (
                    n.home.as_str(),
                    n.away.as_str(),
                    &n.result,
                    n.line,
                    n.column.index,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "Royal Oak",
                    "Red Lion",
                    &NightResult::Totals(Pair::new(5, 4)),
                    3,
                    3
                ),
                (
                    "Royal Oak",
                    "Six Bells",
                    &NightResult::Walkover(HomeAway::Home),
                    3,
                    4
                ),
                (
                    "Red Lion",
                    "Royal Oak",
                    &NightResult::Totals(Pair::new(3, 6)),
                    4,
                    2
                ),
                (
                    "Six Bells",
                    "Royal Oak",
                    &NightResult::Totals(Pair::new(2, 7)),
                    5,
                    2
                ),
                (
                    "Six Bells",
                    "Red Lion",
                    &NightResult::Totals(Pair::new(4, 5)),
                    5,
                    3
                ),
            ]
        );
    }

    #[test]
    fn a_night_that_is_not_the_nights_matches_or_a_walkover_not_the_award_is_a_fault_at_its_cell() {
        let text = ",Royal Oak,Red Lion\nRoyal Oak,x,5-3\nRed Lion,6-0 w/o,x\n";
        let (nights, errors) = grid_nights(&grid(text), &Config::default());
        assert!(nights.is_empty());
        let at: Vec<(u64, usize, &str)> = errors
            .iter()
            .map(|e| {
                let c = e.column.as_ref().unwrap();
                (e.line, c.index, c.name.as_str())
            })
            .collect();
        assert_eq!(at, vec![(2, 3, "Red Lion"), (3, 2, "Royal Oak")]);
        assert!(
            errors[0].message.starts_with("Royal Oak v Red Lion: "),
            "{}",
            errors[0].message
        );
        assert!(
            errors[1].message.contains("a walkover gives 9-0"),
            "{}",
            errors[1].message
        );
    }

    #[test]
    fn a_team_down_the_grid_not_across_it_is_a_fault_and_the_other_way_about() {
        let text = ",Royal Oak,Red Lion\nRoyal Oak,x,5-4\nSix Bells,2-7,x\n";
        // `x` for Six Bells v Red Lion is not where a team meets itself: the reader says so.
        assert!(read_results(text.as_bytes()).is_err());
        let text = ",Royal Oak,Red Lion\nRoyal Oak,x,5-4\nSix Bells,2-7,\n";
        let (_, errors) = grid_nights(&grid(text), &Config::default());
        let words: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            words,
            vec![
                "line 1, column 3 (Red Lion): Red Lion is across the grid but not down it: a grid has each team once down (at home) and once across (away)",
                "line 3, column 1 (home): Six Bells is down the grid but not across it: a grid has each team once down (at home) and once across (away)",
            ]
        );
    }

    #[test]
    fn a_final_table_is_checked_row_by_row_and_warned_of_as_a_whole() {
        let (rows, header) = table(
            "season,pos,team,played,won,drawn,lost,matches_for,matches_against,legs_for,legs_against,points,note\n\
             1998-99,1,Royal Oak,4,3,0,1,25,11,,,25,champions\n\
             1998-99,2,Red Lion,4,2,0,1,20,16,40,,20,\n\
             1998-99,1,Six Bells,4,1,0,3,9,27,,,9,\n\
             1998-99,4,royal oak,4,0,0,4,0,0,,,0,\n",
        );
        let column = |name: &str| crate::record::results::column_of(&header, name);
        let (errors, warnings) = check_table(&rows, &column);
        let words: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            words,
            vec![
                "line 3, column 4 (played): Red Lion played 4 but won 2, drew 0 and lost 1 (3 in all): won, drawn and lost add up to played",
                "line 3, column 11 (legs_against): legs_for is given but not legs_against: give both, or leave both empty",
                "line 4, column 2 (pos): position 1 comes after position 2 (line 3): a final table is given in its printed order, top down",
                "line 5, column 3 (team): royal oak is in 1998-99's table twice (first at line 2): a team has one line in a season's table",
            ]
        );
        let words: Vec<String> = warnings.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            words,
            vec![
                "line 2: 1998-99's table has 6 nights won but 9 lost (each night one team's win is the other's loss): kept as printed",
            ]
        );
    }

    #[test]
    fn a_row_of_a_table_stored_again_differs_in_the_figures_named() {
        let row = TableLine {
            pos: 1,
            team: 1,
            played: 22,
            won: 17,
            drawn: 1,
            lost: 4,
            matches_for: 130,
            matches_against: 68,
            legs_for: None,
            legs_against: None,
            points: 130,
            note: "champions".into(),
        };
        assert_eq!(table_differences(&row, &row.clone()), None);
        let other = TableLine {
            points: 128,
            legs_for: Some(200),
            ..row.clone()
        };
        assert_eq!(
            table_differences(&row, &other).as_deref(),
            Some("stored legs_for empty, points 130; here legs_for 200, points 128")
        );
    }
}
