//! Fixtures: a double round robin (each team at home to every other once), a bye each round
//! for an odd number of teams, no team at home (or away) more than twice running, one round a
//! week on a weekday from a start date, skipping given dates.
//!
//! The first half is the circle method with home and away alternated as in Berger's tables,
//! which gives each team at most one pair of home (or away) nights running; the second half
//! plays the first half's rounds again with home and away swapped, in an order chosen so that
//! no run of three appears where the halves meet.

use chrono::{Datelike, Days, NaiveDate, Weekday};

use super::night::TeamId;
use crate::record::results::Advice;

/// A fixture planned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// The round, from 1.
    pub round: u32,
    /// The round's date.
    pub date: NaiveDate,
    /// The team at home.
    pub home: TeamId,
    /// The team away.
    pub away: TeamId,
}

/// A season's fixtures: each round's date, its fixtures, and who has a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Every fixture, round by round.
    pub fixtures: Vec<Planned>,
    /// (round, team) for each team without a game that round; none for an even number of teams.
    pub byes: Vec<(u32, TeamId)>,
    /// The date of each round, from round 1.
    pub dates: Vec<NaiveDate>,
}

/// Why fixtures cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FixtureError {
    /// Fewer than two teams (how many there are).
    #[error("fixtures need at least two teams (there are {0})")]
    TooFew(usize),
    /// A team given more than once.
    #[error("team {0} is given twice")]
    Twice(TeamId),
    /// A round's date would fall after the last year a date may be in.
    #[error("the rounds would run past {}-12-31", crate::record::date::LAST_YEAR)]
    OutOfDates,
    /// A date to skip that is not on the rounds' weekday (the date, its weekday, the rounds').
    #[error("{date} is a {}, not a {}: no round falls on it", day_name(*.1), day_name(*.2), date = .0)]
    SkipOffDay(NaiveDate, Weekday, Weekday),
    /// A date to skip before the first day a round may be played (the date, that day).
    #[error("{0} is before the start ({1}): no round falls on it")]
    SkipBefore(NaiveDate, NaiveDate),
    /// A date to skip after the last round (the date, the last round's date).
    #[error("{0} is after the last round ({1}): no round falls on it")]
    SkipAfter(NaiveDate, NaiveDate),
}

/// A weekday's name in full: "Thursday".
fn day_name(day: Weekday) -> &'static str {
    match day {
        Weekday::Mon => "Monday",
        Weekday::Tue => "Tuesday",
        Weekday::Wed => "Wednesday",
        Weekday::Thu => "Thursday",
        Weekday::Fri => "Friday",
        Weekday::Sat => "Saturday",
        Weekday::Sun => "Sunday",
    }
}

/// One round of a schedule over team indices: (home, away) pairs.
type Round = Vec<(usize, usize)>;

/// The first half: `n` (even) teams, n−1 rounds.
fn first_half(n: usize) -> Vec<Round> {
    let fixed = n - 1;
    (0..n - 1)
        .map(|r| {
            let mut round = Vec::with_capacity(n / 2);
            round.push(if r % 2 == 0 { (r, fixed) } else { (fixed, r) });
            for i in 1..n / 2 {
                let a = (r + i) % (n - 1);
                let b = (r + n - 1 - i) % (n - 1);
                round.push(if i % 2 == 1 { (a, b) } else { (b, a) });
            }
            round
        })
        .collect()
}

/// The longest run of home (or of away) fixtures of any real team (index < `real`).
fn longest_run(rounds: &[Round], real: usize) -> u32 {
    let mut worst = 0;
    for team in 0..real {
        let (mut last, mut run) = (None, 0u32);
        for round in rounds {
            let Some(home) = round.iter().find_map(|&(h, a)| {
                if h == team && a < real {
                    Some(true)
                } else if a == team && h < real {
                    Some(false)
                } else {
                    None
                }
            }) else {
                continue;
            };
            run = if last == Some(home) { run + 1 } else { 1 };
            last = Some(home);
            worst = worst.max(run);
        }
    }
    worst
}

/// Both halves: the second the first's rounds swapped, starting at the rotation that keeps
/// runs shortest.
fn double(n: usize, real: usize) -> Vec<Round> {
    let first = first_half(n);
    let swapped: Vec<Round> = first
        .iter()
        .map(|r| r.iter().map(|&(h, a)| (a, h)).collect())
        .collect();
    let mut best: Option<(u32, Vec<Round>)> = None;
    for shift in 0..swapped.len() {
        let mut all = first.clone();
        all.extend(swapped[shift..].iter().cloned());
        all.extend(swapped[..shift].iter().cloned());
        let run = longest_run(&all, real);
        if best.as_ref().is_none_or(|(b, _)| run < *b) {
            best = Some((run, all));
        }
        if run <= 2 {
            break;
        }
    }
    best.map(|(_, all)| all).unwrap_or_default()
}

/// The date of each of `rounds` rounds: the first `weekday` on or after `start`, then a week
/// apart, passing over the dates in `skip`.
fn round_dates(
    rounds: usize,
    start: NaiveDate,
    weekday: Weekday,
    skip: &[NaiveDate],
) -> Result<Vec<NaiveDate>, FixtureError> {
    let ahead = (7 + weekday.num_days_from_monday() - start.weekday().num_days_from_monday()) % 7;
    let mut day = start
        .checked_add_days(Days::new(u64::from(ahead)))
        .ok_or(FixtureError::OutOfDates)?;
    let mut dates = Vec::with_capacity(rounds);
    while dates.len() < rounds {
        if crate::record::date::in_years(day).is_err() {
            return Err(FixtureError::OutOfDates);
        }
        if !skip.contains(&day) {
            dates.push(day);
        }
        day = day
            .checked_add_days(Days::new(7))
            .ok_or(FixtureError::OutOfDates)?;
    }
    Ok(dates)
}

/// The days a season runs over: its first fixture's to its last's (none without fixtures).
pub fn span(dates: impl IntoIterator<Item = NaiveDate>) -> Option<(NaiveDate, NaiveDate)> {
    dates.into_iter().fold(None, |span, d| match span {
        None => Some((d, d)),
        Some((first, last)) => Some((first.min(d), last.max(d))),
    })
}

/// A season's dates as placing a night sees them: its fixtures' span, and whether it keeps a
/// schedule (`fixtures generate` made one). A season without a schedule takes its nights as
/// they come, so it goes on past its last night until a later season begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonDates {
    pub name: String,
    /// Its first fixture's date and its last's; none before it has a fixture.
    pub span: Option<(NaiveDate, NaiveDate)>,
    pub scheduled: bool,
}

/// A season whose end ([`season_end`]) falls outside the years a date may be in
/// ([`crate::record::date`]): `9999-00` ends on +10000-06-30, and would end after every other.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a season so named ends on {end}, not between {}-01-01 and {}-12-31: name it by its years (as 2014-15)", crate::record::date::FIRST_YEAR, crate::record::date::LAST_YEAR)]
pub struct SeasonOutOfYears {
    pub end: NaiveDate,
}

/// Refuses a season whose end, as its nights are dated from it (`last`, its last dated night,
/// else what its name says), is outside the years a date may be in: the one check of every
/// way a season is made or named (`season new`, an import's new season, a grid's `--season`).
pub fn season_in_years(name: &str, last: Option<NaiveDate>) -> Result<(), SeasonOutOfYears> {
    match season_end(name, last) {
        Some(end) if crate::record::date::in_years(end).is_err() => Err(SeasonOutOfYears { end }),
        _ => Ok(()),
    }
}

/// The end of a season, as the league's past is dated (FORMAT.md §7): the date of its last
/// dated night or fixture, `last` (cancelled ones and nights without a date not counted), else
/// what its name says: a year span (`2014-15`, `2014/15`, `2014-2015`) ends on 30 June of its
/// second year, a year (`2014`) on 31 December; else none is known. A night known only from a
/// results grid is dated so, and a team's name in a season is the one it had then.
pub fn season_end(name: &str, last: Option<NaiveDate>) -> Option<NaiveDate> {
    if last.is_some() {
        return last;
    }
    let name = name.trim();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let year = |s: &str| -> Option<i32> { (s.len() == 4 && digits(s)).then(|| s.parse().ok())? };
    if let Some(y) = year(name) {
        return NaiveDate::from_ymd_opt(y, 12, 31);
    }
    let (first, second) = name.split_once(['-', '/', '–'])?;
    let first = year(first.trim())?;
    let second = second.trim();
    let second = match second.len() {
        2 if digits(second) => {
            let yy: i32 = second.parse().ok()?;
            let century = first - first % 100;
            let y = century + yy;
            if y > first {
                y
            } else {
                y + 100
            }
        }
        4 => year(second)?,
        _ => return None,
    };
    if second != first + 1 {
        return None;
    }
    NaiveDate::from_ymd_opt(second, 6, 30)
}

impl SeasonDates {
    /// "2025-26 (2025-09-04 to 2026-02-12)", "2019-20 (no fixtures yet)".
    pub fn words(&self) -> String {
        let name = crate::record::text::escaped(&self.name);
        match self.span {
            Some((first, last)) if first == last => format!("{name} ({first})"),
            Some((first, last)) => format!("{name} ({first} to {last})"),
            None => format!("{name} (no fixtures yet)"),
        }
    }

    /// The season's name as a message shows it (its control characters escaped).
    pub fn shown_name(&self) -> String {
        crate::record::text::escaped(&self.name).into_owned()
    }

    fn holds(&self, day: NaiveDate) -> bool {
        self.span
            .is_some_and(|(first, last)| first <= day && day <= last)
    }

    /// Takes a fixture on `day` into its dates.
    pub fn add(&mut self, day: NaiveDate) {
        self.span = Some(self.with(day));
    }

    /// Whether its dates hold `day`.
    pub fn holds_day(&self, day: NaiveDate) -> bool {
        self.holds(day)
    }

    /// Its dates as they would be with a fixture on `day` too.
    fn with(&self, day: NaiveDate) -> (NaiveDate, NaiveDate) {
        match self.span {
            Some((first, last)) => (first.min(day), last.max(day)),
            None => (day, day),
        }
    }

    fn overlaps(&self, (first, last): (NaiveDate, NaiveDate)) -> bool {
        self.span.is_some_and(|(f, l)| f <= last && first <= l)
    }
}

/// How far from a season's fixtures a new fixture may be: a year (a date further off is most
/// likely mistyped, or belongs to another season).
pub const NEAR_DAYS: u64 = 366;

/// Whether a fixture on `day` may join `season`: refused when its fixtures (cancelled ones not
/// counted) all lie more than a year from the day. A season without fixtures takes any day.
pub fn check_near(season: &SeasonDates, day: NaiveDate) -> Result<(), SeasonChoice> {
    let Some((first, last)) = season.span else {
        return Ok(());
    };
    let far = |a: NaiveDate, b: NaiveDate| a.checked_add_days(Days::new(NEAR_DAYS)) < Some(b);
    if far(day, first) || far(last, day) {
        return Err(SeasonChoice::Far {
            day,
            season: season.clone(),
        });
    }
    Ok(())
}

/// Why no season can be chosen for a date.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeasonChoice {
    /// The date is in more than one season's dates, or could go in more than one season.
    #[error("{day} could be in more than one season ({})", words(.seasons))]
    Several {
        day: NaiveDate,
        seasons: Vec<SeasonDates>,
    },
    /// The date is outside every season's dates.
    #[error("{day} is outside every season ({})", words(.seasons))]
    Outside {
        day: NaiveDate,
        seasons: Vec<SeasonDates>,
    },
    /// The date is in another season's dates than the one given.
    #[error("{day} is not in season {} but in {}'s dates", .given.words(), .holder.words())]
    Other {
        day: NaiveDate,
        given: SeasonDates,
        holder: SeasonDates,
    },
    /// The date would stretch the season given over another season's dates.
    #[error("{day} would stretch season {} over {}'s dates", .given.words(), .other.words())]
    Stretch {
        day: NaiveDate,
        given: SeasonDates,
        other: SeasonDates,
    },
    /// A schedule's rounds would run over another season's dates.
    #[error("season {}: the rounds ({first} to {last}) would run over {}'s dates", .given.shown_name(), .other.words())]
    Schedule {
        first: NaiveDate,
        last: NaiveDate,
        given: SeasonDates,
        other: SeasonDates,
    },
    /// The date is more than a year from the season's fixtures: most likely mistyped.
    #[error("{day} is more than a year from season {}'s fixtures: check the date, or begin a new season for it", .season.words())]
    Far { day: NaiveDate, season: SeasonDates },
}

impl SeasonChoice {
    /// What the user can do about it, as data: the front ends say it in their words.
    pub fn advice(&self) -> Advice {
        match self {
            SeasonChoice::Several { .. } => Advice::NameSeason,
            SeasonChoice::Outside { .. } => Advice::NameSeasonOrDate,
            SeasonChoice::Other { given, holder, .. } => Advice::OtherSeason {
                holder: holder.shown_name(),
                given: given.shown_name(),
            },
            SeasonChoice::Stretch { given, other, .. } => Advice::NextTo {
                given: given.shown_name(),
                other: other.shown_name(),
            },
            SeasonChoice::Schedule { .. } => Advice::StartElsewhere,
            SeasonChoice::Far { .. } => Advice::NewSeason {
                in_file_order: false,
            },
        }
    }
}

fn words(seasons: &[SeasonDates]) -> String {
    seasons
        .iter()
        .map(SeasonDates::words)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The season (an index into `seasons`, oldest made first) a night or fixture on `day` goes
/// in: the one whose dates (its fixtures' first to last) hold the day; else a season without a
/// schedule next to the day (the last begun before it, or the first begun after it: such a
/// season reaches from the season before it to the season after), or the one season with no
/// fixtures yet, or a season in `moved_from` (where the night's two teams have a fixture left
/// to play, which the night may have been moved from). A day that two of these could claim, or
/// none, is refused, naming the seasons and their dates (unless the league has only one).
pub fn season_for(
    seasons: &[SeasonDates],
    day: NaiveDate,
    moved_from: &[usize],
) -> Result<usize, SeasonChoice> {
    let holding: Vec<usize> = (0..seasons.len())
        .filter(|&i| seasons[i].holds(day))
        .collect();
    match holding[..] {
        [i] => return Ok(i),
        [] => {}
        _ => {
            return Err(SeasonChoice::Several {
                day,
                seasons: holding.iter().map(|&i| seasons[i].clone()).collect(),
            })
        }
    }
    let mut could: Vec<usize> = Vec::new();
    // The season begun last on or before the day, if it goes on past its last fixture; the
    // one beginning first after it, if it reaches back before its first (nights without a
    // schedule are entered in any order).
    let first = |i: usize| seasons[i].span.map(|(first, _)| first);
    let begun = (0..seasons.len())
        .filter(|&i| first(i).is_some_and(|f| f <= day))
        .max_by_key(|&i| (first(i), i));
    let next = (0..seasons.len())
        .filter(|&i| first(i).is_some_and(|f| f > day))
        .min_by_key(|&i| (first(i), std::cmp::Reverse(i)));
    for i in [begun, next].into_iter().flatten() {
        if !seasons[i].scheduled {
            could.push(i);
        }
    }
    could.extend((0..seasons.len()).filter(|&i| seasons[i].span.is_none()));
    // A fixture left to play counts only in the season ended last before the day (or the one
    // next after it): a history season's unplayed fixture does not claim a night years on.
    let last = |i: usize| seasons[i].span.map(|(_, last)| last);
    let ended = (0..seasons.len())
        .filter(|&i| first(i).is_some_and(|f| f <= day))
        .max_by_key(|&i| (last(i), i));
    for &i in moved_from {
        if (Some(i) == ended || Some(i) == next) && !could.contains(&i) {
            could.push(i);
        }
    }
    match could[..] {
        [i] => Ok(i),
        // A league of one season: nothing to choose between (its dates grow with it).
        [] if seasons.len() == 1 => Ok(0),
        [] => Err(SeasonChoice::Outside {
            day,
            seasons: seasons.to_vec(),
        }),
        _ => Err(SeasonChoice::Several {
            day,
            seasons: could.iter().map(|&i| seasons[i].clone()).collect(),
        }),
    }
}

/// Whether `day` may go in season `given` (an index into `seasons`), named by the user: it
/// may unless the day is in another season's dates and not in its own, or would stretch its
/// dates over another season's.
pub fn check_season(
    seasons: &[SeasonDates],
    given: usize,
    day: NaiveDate,
) -> Result<(), SeasonChoice> {
    if seasons[given].holds(day) {
        return Ok(());
    }
    if let Some(i) = (0..seasons.len()).find(|&i| i != given && seasons[i].holds(day)) {
        return Err(SeasonChoice::Other {
            day,
            given: seasons[given].clone(),
            holder: seasons[i].clone(),
        });
    }
    let stretched = seasons[given].with(day);
    match (0..seasons.len()).find(|&i| i != given && seasons[i].overlaps(stretched)) {
        Some(i) => Err(SeasonChoice::Stretch {
            day,
            given: seasons[given].clone(),
            other: seasons[i].clone(),
        }),
        None => Ok(()),
    }
}

/// Whether a schedule whose rounds run from `first` to `last` may be made for season `given`
/// (an index into `seasons`): not over another season's dates.
pub fn check_schedule(
    seasons: &[SeasonDates],
    given: usize,
    first: NaiveDate,
    last: NaiveDate,
) -> Result<(), SeasonChoice> {
    match (0..seasons.len()).find(|&i| i != given && seasons[i].overlaps((first, last))) {
        Some(i) => Err(SeasonChoice::Schedule {
            first,
            last,
            given: seasons[given].clone(),
            other: seasons[i].clone(),
        }),
        None => Ok(()),
    }
}

/// The season a night between two teams on `day` is in (an index into `seasons`): the one
/// where they have a fixture on that day, if one season has (seasons whose dates overlap,
/// from an older database, are told apart so), else as [`season_for`].
pub fn season_for_night(
    seasons: &[SeasonDates],
    day: NaiveDate,
    on_day: &[usize],
    moved_from: &[usize],
) -> Result<usize, SeasonChoice> {
    match on_day {
        [i] => Ok(*i),
        _ => season_for(seasons, day, moved_from),
    }
}

/// The season a dated change to a season in play (a deduction, an award, a withdrawal) goes
/// in when none is named (an index into `seasons`): the one whose dates hold the day, else the
/// one begun on or before it that ended last (a change dated after a season's last night
/// belongs to it), else, before every season, the one beginning first; none when no season has
/// fixtures (the current one takes it then).
/// A day in two seasons' dates is refused, naming them.
pub fn season_of_change(
    seasons: &[SeasonDates],
    day: NaiveDate,
) -> Result<Option<usize>, SeasonChoice> {
    let holding: Vec<usize> = (0..seasons.len())
        .filter(|&i| seasons[i].holds(day))
        .collect();
    match holding[..] {
        [i] => return Ok(Some(i)),
        [] => {}
        _ => {
            return Err(SeasonChoice::Several {
                day,
                seasons: holding.iter().map(|&i| seasons[i].clone()).collect(),
            })
        }
    }
    let first = |i: usize| seasons[i].span.map(|(first, _)| first);
    let ended = (0..seasons.len())
        .filter(|&i| first(i).is_some_and(|f| f <= day))
        .max_by_key(|&i| (seasons[i].span.map(|(_, last)| last), i));
    Ok(ended.or_else(|| {
        (0..seasons.len())
            .filter(|&i| first(i).is_some())
            .min_by_key(|&i| (first(i), std::cmp::Reverse(i)))
    }))
}

/// The current season (an index into `seasons`, oldest made first; none if there is none):
/// the one whose dates hold `today`, else the one whose dates end latest; a season with no
/// fixtures yet only when no season has any (then the one made last).
pub fn current_season(seasons: &[SeasonDates], today: NaiveDate) -> Option<usize> {
    let holding: Vec<usize> = (0..seasons.len())
        .filter(|&i| seasons[i].holds(today))
        .collect();
    if let [i] = holding[..] {
        return Some(i);
    }
    (0..seasons.len())
        .filter(|&i| seasons[i].span.is_some())
        .max_by_key(|&i| (seasons[i].span.map(|(_, last)| last), i))
        .or_else(|| seasons.len().checked_sub(1))
}

/// The season a roster or a team is added to when none is named (an index into `seasons`,
/// oldest made first): the season made last while it has no fixtures yet (a season being set
/// up), else the current one ([`current_season`]), so a season made for history after the
/// current one and given its nights is not where this season's rosters go.
pub fn season_being_set_up(seasons: &[SeasonDates], today: NaiveDate) -> Option<usize> {
    match seasons.last() {
        Some(last) if last.span.is_none() => Some(seasons.len() - 1),
        _ => current_season(seasons, today),
    }
}

/// A double round robin of `teams`, in the order given.
pub fn double_round_robin(
    teams: &[TeamId],
    start: NaiveDate,
    weekday: Weekday,
    skip: &[NaiveDate],
) -> Result<Plan, FixtureError> {
    if teams.len() < 2 {
        return Err(FixtureError::TooFew(teams.len()));
    }
    if let Some((_, t)) = teams
        .iter()
        .enumerate()
        .find(|(i, t)| teams[..*i].contains(t))
    {
        return Err(FixtureError::Twice(*t));
    }
    let real = teams.len();
    let n = real + real % 2;
    let rounds = double(n, real);
    let dates = round_dates(rounds.len(), start, weekday, skip)?;
    // A date to skip that skips no round (off the weekday, before the start or after the
    // last round) is a slip, refused rather than passed over unsaid.
    let last = *dates.last().expect("two teams or more play a round");
    for &d in skip {
        if d.weekday() != weekday {
            return Err(FixtureError::SkipOffDay(d, d.weekday(), weekday));
        }
        if d < start {
            return Err(FixtureError::SkipBefore(d, start));
        }
        if d > last {
            return Err(FixtureError::SkipAfter(d, last));
        }
    }
    let mut plan = Plan {
        fixtures: Vec::new(),
        byes: Vec::new(),
        dates: dates.clone(),
    };
    for (r, (round, date)) in rounds.iter().zip(&dates).enumerate() {
        let number = r as u32 + 1;
        for &(h, a) in round {
            match (h < real, a < real) {
                (true, true) => plan.fixtures.push(Planned {
                    round: number,
                    date: *date,
                    home: teams[h],
                    away: teams[a],
                }),
                (true, false) => plan.byes.push((number, teams[h])),
                (false, true) => plan.byes.push((number, teams[a])),
                (false, false) => {}
            }
        }
    }
    Ok(plan)
}

/// The most fixtures running a team plays at home (`home`) or away, byes passed over.
pub fn longest_run_of(plan: &Plan, team: TeamId, home: bool) -> u32 {
    let mut rounds: Vec<&Planned> = plan
        .fixtures
        .iter()
        .filter(|f| f.home == team || f.away == team)
        .collect();
    rounds.sort_by_key(|f| f.round);
    let (mut run, mut worst) = (0, 0);
    for f in rounds {
        run = if (f.home == team) == home { run + 1 } else { 0 };
        worst = worst.max(run);
    }
    worst
}

/// The most fixtures running `team` plays at home, byes passed over.
pub fn longest_home_run(plan: &Plan, team: TeamId) -> u32 {
    longest_run_of(plan, team, true)
}

/// The most fixtures running `team` plays away, byes passed over.
pub fn longest_away_run(plan: &Plan, team: TeamId) -> u32 {
    longest_run_of(plan, team, false)
}

/// A fixture between a night's two teams (home and away as the night has them), as placing
/// the night sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairFixture {
    /// Its number.
    pub id: i64,
    pub date: NaiveDate,
    /// Not played yet: it has no result.
    pub open: bool,
}

/// Where a night on a date goes among its two teams' fixtures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NightPlace {
    /// On their fixture on that date.
    On(i64),
    /// Their one fixture left to play is on another date: the night goes on it only if it was
    /// moved (`don night enter --moved`, or `don fixtures move N DATE` first).
    Move { id: i64, from: NaiveDate },
    /// They have fixtures left to play on these dates (number, date), none on the night's.
    Several(Vec<(i64, NaiveDate)>),
    /// No fixture on that date nor one left to play: a season with a schedule has a fixture
    /// added first (`don fixtures add`); one without (results from files) gets one.
    Beyond { scheduled: bool },
}

/// Where a night between two teams on `date` goes, given their fixtures (home and away as
/// the night has them) and whether the season keeps a schedule (`fixtures generate` made
/// one).
pub fn place_night(pair: &[PairFixture], date: NaiveDate, scheduled: bool) -> NightPlace {
    if let Some(f) = pair.iter().find(|f| f.date == date) {
        return NightPlace::On(f.id);
    }
    let open: Vec<&PairFixture> = pair.iter().filter(|f| f.open).collect();
    match open[..] {
        [f] => NightPlace::Move {
            id: f.id,
            from: f.date,
        },
        [] => NightPlace::Beyond { scheduled },
        _ => NightPlace::Several(open.iter().map(|f| (f.id, f.date)).collect()),
    }
}

/// The pair's fixture the other way round (the night's away team at home) on `date`, if they
/// have one: a night given home v away on a date they played away v home is that night with
/// its teams swapped, never a night to move or add.
pub fn other_way_round_on(reversed: &[PairFixture], date: NaiveDate) -> Option<PairFixture> {
    reversed.iter().find(|f| f.date == date).copied()
}

/// A night given without its date that would go on fixture `on`, still to come on `today`:
/// the fixture, and the pair's fixture the other way round played nearest today (the latest
/// on or before it, one without a result first), the night most likely meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ahead {
    pub fixture: PairFixture,
    pub other_way: Option<PairFixture>,
}

/// Whether a night given without its date would go on a fixture still to come (after
/// `today`): see [`Ahead`]. `reversed`: the pair's fixtures the other way round.
pub fn night_ahead(on: PairFixture, reversed: &[PairFixture], today: NaiveDate) -> Option<Ahead> {
    if on.date <= today {
        return None;
    }
    let latest = |open: bool| {
        reversed
            .iter()
            .filter(|f| f.date <= today && (f.open || !open))
            .max_by_key(|f| f.date)
            .copied()
    };
    Some(Ahead {
        fixture: on,
        other_way: latest(true).or_else(|| latest(false)),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_season_ends_on_its_last_night_else_as_its_name_says() {
        use super::season_end;
        let d = |s: &str| s.parse::<chrono::NaiveDate>().ok();
        assert_eq!(season_end("2014-15", d("2015-04-02")), d("2015-04-02"));
        assert_eq!(season_end("2014-15", None), d("2015-06-30"));
        assert_eq!(season_end("1999/00", None), d("2000-06-30"));
        assert_eq!(season_end("2014-2015", None), d("2015-06-30"));
        assert_eq!(season_end(" 1998 ", None), d("1998-12-31"));
        assert_eq!(season_end("2014-16", None), None);
        assert_eq!(season_end("Winter 2014", None), None);
        assert_eq!(season_end("2014-", None), None);
    }

    #[test]
    fn a_night_goes_on_its_fixture_and_off_its_date_only_if_moved() {
        use super::{place_night, NightPlace, PairFixture};
        let d = |s: &str| s.parse::<chrono::NaiveDate>().unwrap();
        let f = |id, date: &str, open| PairFixture {
            id,
            date: d(date),
            open,
        };
        let one = [f(6, "2025-09-18", true)];
        assert_eq!(place_night(&one, d("2025-09-18"), true), NightPlace::On(6));
        assert_eq!(
            place_night(&one, d("2025-12-25"), true),
            NightPlace::Move {
                id: 6,
                from: d("2025-09-18")
            }
        );
        let played = [f(6, "2025-09-18", false)];
        assert_eq!(
            place_night(&played, d("2025-09-25"), true),
            NightPlace::Beyond { scheduled: true }
        );
        assert_eq!(
            place_night(&[], d("2025-09-25"), false),
            NightPlace::Beyond { scheduled: false }
        );
        let two = [f(6, "2025-09-18", true), f(9, "2025-10-02", true)];
        assert_eq!(
            place_night(&two, d("2025-12-25"), true),
            NightPlace::Several(vec![(6, d("2025-09-18")), (9, d("2025-10-02"))])
        );
    }

    #[test]
    fn a_night_on_a_fixture_still_to_come_names_the_pair_s_night_the_other_way_round() {
        use super::{night_ahead, other_way_round_on, Ahead, PairFixture};
        let d = |s: &str| s.parse::<chrono::NaiveDate>().unwrap();
        let f = |id, date: &str, open| PairFixture {
            id,
            date: d(date),
            open,
        };
        let today = d("2026-09-03");
        let ahead = f(259, "2027-01-28", true);
        let reversed = [
            f(12, "2026-08-20", false),
            f(40, "2026-09-03", true),
            f(300, "2027-03-04", true),
        ];
        assert_eq!(
            night_ahead(ahead, &reversed, today),
            Some(Ahead {
                fixture: ahead,
                other_way: Some(f(40, "2026-09-03", true))
            })
        );
        // Played already the other way round: still named.
        assert_eq!(
            night_ahead(ahead, &reversed[..1], today).and_then(|a| a.other_way),
            Some(f(12, "2026-08-20", false))
        );
        assert_eq!(
            night_ahead(ahead, &[], today),
            Some(Ahead {
                fixture: ahead,
                other_way: None
            })
        );
        // A fixture of today or before is not ahead.
        assert_eq!(
            night_ahead(f(5, "2026-09-03", true), &reversed, today),
            None
        );
        assert_eq!(
            other_way_round_on(&reversed, d("2026-09-03")),
            Some(f(40, "2026-09-03", true))
        );
        assert_eq!(other_way_round_on(&reversed, d("2026-09-10")), None);
    }

    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn every_size_is_a_double_round_robin_with_short_runs() {
        for n in 2..=20usize {
            let teams: Vec<TeamId> = (1..=n as i64).map(|t| t * 10).collect();
            let plan = double_round_robin(&teams, day("2025-09-01"), Weekday::Thu, &[]).unwrap();
            let rounds = if n % 2 == 0 { 2 * (n - 1) } else { 2 * n };
            assert_eq!(plan.dates.len(), rounds, "{n} teams");
            assert_eq!(plan.fixtures.len(), n * (n - 1), "{n} teams");
            for &a in &teams {
                for &b in &teams {
                    let times = plan
                        .fixtures
                        .iter()
                        .filter(|f| f.home == a && f.away == b)
                        .count();
                    assert_eq!(times, usize::from(a != b), "{n} teams: {a} v {b}");
                }
                let byes = plan.byes.iter().filter(|(_, t)| *t == a).count();
                assert_eq!(
                    byes,
                    if n % 2 == 1 { 2 } else { 0 },
                    "{n} teams: byes of {a}"
                );
                for r in 1..=rounds as u32 {
                    let plays = plan
                        .fixtures
                        .iter()
                        .filter(|f| f.round == r && (f.home == a || f.away == a))
                        .count()
                        + plan.byes.iter().filter(|(x, t)| *x == r && *t == a).count();
                    assert_eq!(plays, 1, "{n} teams: {a} in round {r}");
                }
                assert!(
                    longest_home_run(&plan, a) <= 2,
                    "{n} teams: {a} at home 3 running"
                );
                assert!(
                    longest_away_run(&plan, a) <= 2,
                    "{n} teams: {a} away 3 running"
                );
            }
        }
    }

    #[test]
    fn rounds_are_a_week_apart_on_the_weekday_skipping_dates() {
        let plan = double_round_robin(
            &[1, 2, 3, 4],
            day("2025-09-01"),
            Weekday::Thu,
            &[day("2025-09-18")],
        )
        .unwrap();
        let want: Vec<NaiveDate> = [
            "2025-09-04",
            "2025-09-11",
            "2025-09-25",
            "2025-10-02",
            "2025-10-09",
            "2025-10-16",
        ]
        .iter()
        .map(|d| day(d))
        .collect();
        assert_eq!(plan.dates, want);
        assert!(plan
            .fixtures
            .iter()
            .all(|f| f.date == want[f.round as usize - 1]));
    }

    #[test]
    fn three_teams_have_a_bye_each_round() {
        let plan = double_round_robin(&[1, 2, 3], day("2025-09-04"), Weekday::Thu, &[]).unwrap();
        let got: Vec<(u32, i64, i64)> = plan
            .fixtures
            .iter()
            .map(|f| (f.round, f.home, f.away))
            .collect();
        // Worked by hand: in round r of the first half team r+1 meets the dummy (a bye) and the
        // other two meet, home as Berger's table has it; the second half swaps home and away.
        assert_eq!(
            got,
            [
                (1, 2, 3),
                (2, 3, 1),
                (3, 1, 2),
                (4, 3, 2),
                (5, 1, 3),
                (6, 2, 1)
            ]
        );
        assert_eq!(plan.byes, [(1, 1), (2, 2), (3, 3), (4, 1), (5, 2), (6, 3)]);
        // Byes passed over: team 1 plays A H H A, team 2 H A A H, team 3 A H H A.
        let runs: Vec<(u32, u32)> = [1, 2, 3]
            .iter()
            .map(|&t| (longest_home_run(&plan, t), longest_away_run(&plan, t)))
            .collect();
        assert_eq!(runs, [(2, 1), (1, 2), (2, 1)]);
    }

    #[test]
    fn too_few_or_repeated_teams_are_refused() {
        let start = day("2025-09-04");
        assert_eq!(
            double_round_robin(&[1], start, Weekday::Thu, &[]),
            Err(FixtureError::TooFew(1))
        );
        assert_eq!(
            double_round_robin(&[1, 2, 1], start, Weekday::Thu, &[]),
            Err(FixtureError::Twice(1))
        );
        assert_eq!(
            double_round_robin(&[1, 2], NaiveDate::MAX, Weekday::Thu, &[]),
            Err(FixtureError::OutOfDates)
        );
        // No round is dated past 2200 (`--start 9999-12-01` made `+10000-01-06`).
        assert_eq!(
            double_round_robin(&[1, 2], day("2200-12-20"), Weekday::Thu, &[]),
            Err(FixtureError::OutOfDates)
        );
        assert_eq!(
            FixtureError::OutOfDates.to_string(),
            "the rounds would run past 2200-12-31"
        );
        assert!(double_round_robin(&[1, 2], day("2200-12-01"), Weekday::Mon, &[]).is_ok());
        // A date to skip that skips no round is a slip: off the weekday, or outside the rounds.
        let skip = |d: &str| double_round_robin(&[1, 2, 3], start, Weekday::Thu, &[day(d)]);
        assert_eq!(
            skip("2025-09-10").unwrap_err().to_string(),
            "2025-09-10 is a Wednesday, not a Thursday: no round falls on it"
        );
        assert_eq!(
            skip("1990-01-04").unwrap_err().to_string(),
            "1990-01-04 is before the start (2025-09-04): no round falls on it"
        );
        assert_eq!(skip("2025-09-18").unwrap().dates[2], day("2025-09-25"));
        assert_eq!(
            skip("2025-10-16").unwrap_err().to_string(),
            "2025-10-16 is after the last round (2025-10-09): no round falls on it"
        );
        // A date skipped earlier moves the last round on: a date then within the rounds skips
        // one of them.
        let both = [day("2025-09-18"), day("2025-10-16")];
        assert_eq!(
            double_round_robin(&[1, 2, 3], start, Weekday::Thu, &both)
                .unwrap()
                .dates
                .last(),
            Some(&day("2025-10-23"))
        );
    }

    fn dates(name: &str, span: Option<(&str, &str)>, scheduled: bool) -> SeasonDates {
        SeasonDates {
            name: name.into(),
            span: span.map(|(a, b)| (day(a), day(b))),
            scheduled,
        }
    }

    /// A season made later for history is not where a night of this season goes.
    #[test]
    fn a_night_goes_in_the_season_whose_dates_hold_it() {
        let this = dates("2025-26", Some(("2025-09-04", "2026-04-30")), true);
        let history = dates("2019-20", None, false);
        let seasons = [this.clone(), history.clone()];
        assert_eq!(season_for(&seasons, day("2026-03-05"), &[]), Ok(0));
        // Before every season (one with a schedule): the one with no fixtures yet takes it.
        assert_eq!(season_for(&seasons, day("2019-10-03"), &[]), Ok(1));
        // After a season with a schedule, with another made and still empty: that one.
        assert_eq!(season_for(&seasons, day("2026-09-03"), &[]), Ok(1));
        // … or, if the night's teams have a fixture left to play in 2025-26, either.
        assert!(matches!(
            season_for(&seasons, day("2026-09-03"), &[0]),
            Err(SeasonChoice::Several { .. })
        ));
        assert_eq!(season_for(&seasons[..1], day("2026-09-03"), &[0]), Ok(0));
        // Without an empty season, a day outside every season is refused, naming them.
        let both = [
            this.clone(),
            dates("2019-20", Some(("2019-09-05", "2020-04-30")), true),
        ];
        assert_eq!(
            season_for(&both, day("2026-06-01"), &[]).unwrap_err().to_string(),
            "2026-06-01 is outside every season (2025-26 (2025-09-04 to 2026-04-30), 2019-20 (2019-09-05 to 2020-04-30))"
        );
        // A season without a schedule goes on after its last night, until a later one begins.
        let typed = [
            dates("2024-25", Some(("2024-09-05", "2025-04-24")), false),
            dates("2025-26", Some(("2025-09-04", "2026-02-12")), false),
        ];
        assert_eq!(season_for(&typed, day("2026-03-05"), &[]), Ok(1));
        // … and reaches back before its first night: between two such seasons, say which.
        assert_eq!(season_for(&typed, day("2024-08-29"), &[]), Ok(0));
        assert_eq!(
            season_for(&typed, day("2025-06-05"), &[]).unwrap_err().to_string(),
            "2025-06-05 could be in more than one season (2024-25 (2024-09-05 to 2025-04-24), 2025-26 (2025-09-04 to 2026-02-12))"
        );
        // … unless an empty season could take the day too: then the user says which.
        let mut three = typed.to_vec();
        three.push(history);
        assert_eq!(
            season_for(&three, day("2026-03-05"), &[]).unwrap_err().to_string(),
            "2026-03-05 could be in more than one season (2025-26 (2025-09-04 to 2026-02-12), 2019-20 (no fixtures yet))"
        );
        // Named: refused only when the day is in another season's dates.
        assert_eq!(check_season(&three, 2, day("2019-10-03")), Ok(()));
        assert_eq!(
            check_season(&three, 2, day("2025-10-02")).unwrap_err().to_string(),
            "2025-10-02 is not in season 2019-20 (no fixtures yet) but in 2025-26 (2025-09-04 to 2026-02-12)'s dates"
        );
        // What to do is data: the season that holds the day, and the one named.
        assert_eq!(
            check_season(&three, 2, day("2025-10-02"))
                .unwrap_err()
                .advice(),
            Advice::OtherSeason {
                holder: "2025-26".into(),
                given: "2019-20".into()
            }
        );
    }

    #[test]
    fn the_current_season_holds_today_or_ends_latest() {
        let seasons = [
            dates("2025-26", Some(("2025-09-04", "2026-04-30")), true),
            dates("2019-20", None, false),
            dates("2018-19", Some(("2018-09-06", "2019-04-25")), true),
        ];
        assert_eq!(current_season(&seasons, day("2026-03-05")), Some(0));
        assert_eq!(current_season(&seasons, day("2019-01-03")), Some(2));
        assert_eq!(current_season(&seasons, day("2030-01-01")), Some(0));
        assert_eq!(current_season(&seasons[1..2], day("2030-01-01")), Some(0));
        assert_eq!(current_season(&[], day("2030-01-01")), None);
    }

    /// An unplayed fixture of a history season does not claim a night years later.
    #[test]
    fn a_history_fixture_left_to_play_does_not_claim_a_late_night() {
        let seasons = [
            dates("2025-26", Some(("2025-09-04", "2026-02-12")), true),
            dates("2019-20", Some(("2019-09-05", "2020-01-30")), true),
        ];
        assert_eq!(season_for(&seasons, day("2026-03-05"), &[0, 1]), Ok(0));
        assert!(matches!(
            season_for(&seasons, day("2026-03-05"), &[1]),
            Err(SeasonChoice::Outside { .. })
        ));
        // Just after 2019-20, its postponed night still goes in it.
        assert_eq!(season_for(&seasons, day("2020-03-05"), &[1]), Ok(1));
    }

    /// A named season cannot be stretched over another's dates.
    #[test]
    fn a_named_season_does_not_stretch_over_another() {
        let seasons = [
            dates("2025-26", Some(("2025-09-04", "2026-02-12")), true),
            dates("2019-20", Some(("2019-10-10", "2020-03-26")), false),
        ];
        assert_eq!(check_season(&seasons, 1, day("2020-04-02")), Ok(()));
        assert_eq!(
            check_season(&seasons, 1, day("2027-01-07")).unwrap_err().to_string(),
            "2027-01-07 would stretch season 2019-20 (2019-10-10 to 2020-03-26) over 2025-26 (2025-09-04 to 2026-02-12)'s dates"
        );
        assert!(matches!(
            check_season(&seasons, 0, day("2019-01-03")),
            Err(SeasonChoice::Stretch { .. })
        ));
    }

    /// A dated deduction goes in the season whose dates hold it, else the one ended last
    /// before it.
    #[test]
    fn a_dated_change_goes_in_the_season_of_its_date() {
        let seasons = [
            dates("2025-26", Some(("2025-09-04", "2026-02-12")), true),
            dates("2019-20", Some(("2019-10-10", "2020-03-26")), false),
            dates("2026-27", None, false),
        ];
        assert_eq!(season_of_change(&seasons, day("2019-11-07")), Ok(Some(1)));
        assert_eq!(season_of_change(&seasons, day("2020-05-01")), Ok(Some(1)));
        assert_eq!(season_of_change(&seasons, day("2026-01-15")), Ok(Some(0)));
        assert_eq!(season_of_change(&seasons, day("2026-11-24")), Ok(Some(0)));
        assert_eq!(season_of_change(&seasons, day("2018-01-01")), Ok(Some(1)));
        assert_eq!(season_of_change(&seasons[2..], day("2018-01-01")), Ok(None));
    }

    /// A fixture more than a year from its season's others is refused as a likely typo.
    #[test]
    fn a_fixture_far_from_its_season_is_refused() {
        let this = dates("2025-26", Some(("2025-09-04", "2026-02-12")), true);
        assert_eq!(check_near(&this, day("2027-02-13")), Ok(()));
        assert_eq!(check_near(&this, day("2024-09-03")), Ok(()));
        assert_eq!(
            check_near(&this, day("2052-09-04")).unwrap_err().to_string(),
            "2052-09-04 is more than a year from season 2025-26 (2025-09-04 to 2026-02-12)'s fixtures: check the date, or begin a new season for it"
        );
        assert!(check_near(&this, day("1900-01-01")).is_err());
        assert_eq!(
            check_near(&dates("x", None, false), day("1900-01-01")),
            Ok(())
        );
    }

    /// Two seasons' dates do not overlap: a schedule over another's is refused; a night is
    /// told apart by its teams' fixture on the day.
    #[test]
    fn a_schedule_keeps_clear_of_other_seasons() {
        let seasons = [
            dates("Winter", Some(("2025-09-04", "2025-10-09")), true),
            dates("Cup", None, false),
        ];
        assert_eq!(
            check_schedule(&seasons, 1, day("2025-09-02"), day("2025-10-07"))
                .unwrap_err()
                .to_string(),
            "season Cup: the rounds (2025-09-02 to 2025-10-07) would run over Winter (2025-09-04 to 2025-10-09)'s dates"
        );
        assert_eq!(
            check_schedule(&seasons, 1, day("2025-10-14"), day("2025-11-18")),
            Ok(())
        );
        let both = [
            dates("Winter", Some(("2025-09-04", "2025-10-09")), true),
            dates("Cup", Some(("2025-09-02", "2025-10-07")), true),
        ];
        assert!(season_for(&both, day("2025-09-04"), &[]).is_err());
        assert_eq!(season_for_night(&both, day("2025-09-04"), &[0], &[]), Ok(0));
    }
}
