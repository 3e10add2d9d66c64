//! Cups in the database (RULES.md §11): a season's cups, their entries and draw, and the ties
//! played, with a team tie's matches. Kept as entered; the bracket is worked out above the
//! store (`league::cup`) from the draw and the ties every time.

use chrono::NaiveDate;

use super::db::{date, tuple, Change, Reads, Sql, StoreError};
use crate::league::cup::TieResult;
use crate::league::names::{name_key, tidy};
use crate::league::{Confirmation, HomeAway, Kind, Leg, Match, Pair, TeamId};

/// A cup as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupRow {
    pub id: i64,
    pub season: i64,
    pub name: String,
    /// `team`, or the kind of match of an individual cup.
    pub kind: String,
    pub best_of: u32,
    /// The seed its draw was made from, when don made it.
    pub seed: Option<String>,
}

/// An entry of a cup: a team, or players; its name as the league shows it (a team's name, or
/// players' names joined by `+`), and its place in the draw (from 1) once drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupEntryRow {
    pub id: i64,
    pub team: Option<TeamId>,
    pub players: Vec<i64>,
    pub name: String,
    pub draw: Option<u32>,
    /// A team withdrawn from the cup's season (RULES.md §7): its ties are walkovers.
    pub withdrawn: bool,
}

/// A tie played, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupTieRow {
    pub id: i64,
    pub round: u32,
    pub tie: u32,
    /// The entries, by their row's number.
    pub home: i64,
    pub away: i64,
    pub date: Option<NaiveDate>,
    pub result: TieResult,
    pub decider: Option<HomeAway>,
    pub confirmation: Confirmation,
}

fn side(text: Option<String>) -> Result<Option<HomeAway>, StoreError> {
    text.map(|t| {
        t.parse::<HomeAway>()
            .map_err(|e| StoreError::damaged(format!("a side \"{t}\""), e))
    })
    .transpose()
}

/// A cup as read by `SELECT id, season, name, kind, best_of, seed`.
fn cup_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<CupRow> {
    Ok(CupRow {
        id: r.get(0)?,
        season: r.get(1)?,
        name: r.get(2)?,
        kind: r.get(3)?,
        best_of: r.get(4)?,
        seed: r.get(5)?,
    })
}

impl Reads {
    /// The cups of a season, in the order made.
    pub fn cups(&self, season: i64) -> Result<Vec<CupRow>, StoreError> {
        self.conn.all(
            "SELECT id, season, name, kind, best_of, seed FROM cups WHERE season = ?1 ORDER BY id",
            [season],
            cup_row,
        )
    }

    /// The cup numbered `id`, if there is one.
    pub fn cup(&self, id: i64) -> Result<Option<CupRow>, StoreError> {
        self.conn.one(
            "SELECT id, season, name, kind, best_of, seed FROM cups WHERE id = ?1",
            [id],
            cup_row,
        )
    }

    /// The cups named `name` (case and extra spaces ignored) of a league's seasons, newest
    /// season first.
    pub fn cups_named(&self, league: i64, name: &str) -> Result<Vec<CupRow>, StoreError> {
        self.conn.all(
            "SELECT c.id, c.season, c.name, c.kind, c.best_of, c.seed FROM cups c
             JOIN seasons s ON s.id = c.season WHERE s.league = ?1 AND c.key = ?2
             ORDER BY s.id DESC",
            (league, name_key(name)),
            cup_row,
        )
    }

    /// A cup's entries: in draw order once drawn, else in the order entered; each named as the
    /// league shows it (a namesake by their label).
    pub fn cup_entries(&self, cup: i64) -> Result<Vec<CupEntryRow>, StoreError> {
        type EntryRow = (
            i64,
            Option<i64>,
            Option<String>,
            Option<String>,
            Option<u32>,
            bool,
        );
        let rows: Vec<EntryRow> = self.conn.all(
            "SELECT e.id, e.team, t.name, e.players, e.draw, en.withdrawn IS NOT NULL
             FROM cup_entries e JOIN cups c ON c.id = e.cup
             LEFT JOIN teams t ON t.id = e.team
             LEFT JOIN entries en ON en.season = c.season AND en.team = e.team
             WHERE e.cup = ?1 ORDER BY e.draw, e.id",
            [cup],
            tuple,
        )?;
        let labels = if rows.iter().any(|r| r.3.is_some()) {
            self.player_labels()?
        } else {
            Default::default()
        };
        rows.into_iter()
            .map(|(id, team, team_name, players, draw, withdrawn)| {
                let players: Vec<i64> = match players {
                    Some(text) => serde_json::from_str(&text)
                        .map_err(|e| StoreError::damaged("a cup entry's players", e))?,
                    None => Vec::new(),
                };
                let name = match team_name {
                    Some(n) => n,
                    None => players
                        .iter()
                        .map(|p| labels.get(p).cloned().unwrap_or_else(|| format!("#{p}")))
                        .collect::<Vec<_>>()
                        .join("+"),
                };
                Ok(CupEntryRow {
                    id,
                    team,
                    players,
                    name,
                    draw,
                    withdrawn,
                })
            })
            .collect()
    }

    /// The ties of a cup played, by round and tie.
    pub fn cup_ties(&self, cup: i64) -> Result<Vec<CupTieRow>, StoreError> {
        type Row = (
            i64,
            u32,
            u32,
            i64,
            i64,
            Option<String>,
            String,
            Option<u32>,
            Option<u32>,
            Option<String>,
        );
        type Standing = (
            Option<String>,
            String,
            Option<String>,
            Option<String>,
            Option<String>,
        );
        let rows: Vec<(Row, Standing)> = self.conn.all(
            "SELECT id, round, tie, home, away, date, result, home_points, away_points, walkover,
                        decider, state, entered_by, disputed_by, reason
                 FROM cup_ties WHERE cup = ?1 ORDER BY round, tie",
            [cup],
            |r| {
                Ok((
                    (
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                        r.get(8)?,
                        r.get(9)?,
                    ),
                    (r.get(10)?, r.get(11)?, r.get(12)?, r.get(13)?, r.get(14)?),
                ))
            },
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for ((id, round, tie, home, away, day, result, hp, ap, walkover), conf) in rows {
            let (decider, state, entered_by, disputed_by, reason) = conf;
            let points = Pair::new(hp.unwrap_or(0), ap.unwrap_or(0));
            let result = match result.as_str() {
                "matches" => TieResult::Matches(self.cup_matches(id)?),
                "totals" => TieResult::Totals(points),
                "legs" => TieResult::Legs(points),
                _ => TieResult::Walkover(side(walkover)?.unwrap_or(HomeAway::Home)),
            };
            let entered_by = side(entered_by)?;
            let confirmation = match state.as_str() {
                "provisional" => Confirmation::Provisional {
                    entered_by: entered_by.unwrap_or(HomeAway::Home),
                },
                "disputed" => Confirmation::Disputed {
                    by: side(disputed_by)?.unwrap_or(HomeAway::Away),
                    reason: reason.unwrap_or_default(),
                    entered_by,
                },
                _ => Confirmation::Confirmed,
            };
            out.push(CupTieRow {
                id,
                round,
                tie,
                home,
                away,
                date: day.as_deref().map(date).transpose()?,
                result,
                decider: side(decider)?,
                confirmation,
            });
        }
        Ok(out)
    }

    /// A team tie's matches, in the order entered.
    fn cup_matches(&self, tie: i64) -> Result<Vec<Match>, StoreError> {
        type Row = (String, u32, String, String, u32, u32, Option<String>);
        let rows: Vec<Row> = self.conn.all(
            "SELECT kind, slot, home_players, away_players, home_legs, away_legs, leg_scores
             FROM cup_matches WHERE tie = ?1 ORDER BY id",
            [tie],
            tuple,
        )?;
        rows.into_iter()
            .map(|(kind, slot, hp, ap, hl, al, scores)| {
                let kind: Kind = kind
                    .parse()
                    .map_err(|e| StoreError::damaged("a cup match's kind", e))?;
                let names = |t: &str| -> Result<Vec<String>, StoreError> {
                    serde_json::from_str(t)
                        .map_err(|e| StoreError::damaged("a cup match's players", e))
                };
                let leg_scores = scores
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(|l| {
                        let (h, a) = l.split_once('-').unwrap_or(("", ""));
                        match (h.parse(), a.parse()) {
                            (Ok(h), Ok(a)) => Ok(Leg {
                                score: Pair::new(h, a),
                                game: None,
                                hands: Vec::new(),
                            }),
                            _ => Err(StoreError::damaged(
                                format!("a leg score \"{l}\""),
                                "not H-A",
                            )),
                        }
                    })
                    .collect::<Result<_, _>>()?;
                Ok(Match {
                    kind,
                    slot,
                    players: Pair::new(names(&hp)?, names(&ap)?),
                    legs: Pair::new(hl, al),
                    leg_scores,
                })
            })
            .collect()
    }
}

impl Change<'_> {
    /// Makes a cup of a season (`app` has checked its name and kind).
    pub fn add_cup(
        &self,
        season: i64,
        raw: &str,
        kind: &str,
        best_of: u32,
    ) -> Result<CupRow, StoreError> {
        let name = tidy(raw);
        self.tx.run(
            "INSERT INTO cups (season, name, key, kind, best_of) VALUES (?1, ?2, ?3, ?4, ?5)",
            (season, &name, name_key(&name), kind, best_of),
        )?;
        Ok(CupRow {
            id: self.tx.last_insert_rowid(),
            season,
            name,
            kind: kind.to_string(),
            best_of,
            seed: None,
        })
    }

    /// Enters a team, or players, in a cup.
    pub fn add_cup_entry(
        &self,
        cup: i64,
        team: Option<TeamId>,
        players: &[i64],
    ) -> Result<i64, StoreError> {
        let players = (!players.is_empty()).then(|| serde_json::json!(players).to_string());
        self.tx.run(
            "INSERT INTO cup_entries (cup, team, players) VALUES (?1, ?2, ?3)",
            (cup, team, players),
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    /// Makes a cup's draw: each entry's place (from 1), and the seed it was made from, if any.
    pub fn set_cup_draw(
        &self,
        cup: i64,
        places: &[(i64, u32)],
        seed: Option<&str>,
    ) -> Result<(), StoreError> {
        for (entry, place) in places {
            self.tx.run(
                "UPDATE cup_entries SET draw = ?2 WHERE id = ?1",
                (entry, place),
            )?;
        }
        self.tx
            .run("UPDATE cups SET seed = ?2 WHERE id = ?1", (cup, seed))?;
        Ok(())
    }

    /// Keeps a tie's result, in place of any it had (its matches replaced): every row logged,
    /// so undoing the change puts the tie back as it was.
    pub fn put_cup_tie(&self, cup: i64, tie: &CupTieRow) -> Result<i64, StoreError> {
        let (kind, points, walkover) = match &tie.result {
            TieResult::Matches(ms) => ("matches", crate::league::night::won(ms), None),
            TieResult::Totals(t) => ("totals", *t, None),
            TieResult::Legs(t) => ("legs", *t, None),
            TieResult::Walkover(s) => ("walkover", Pair::default(), Some(s.as_str())),
        };
        let (state, entered_by, disputed_by, reason) = match &tie.confirmation {
            Confirmation::Confirmed => ("confirmed", None, None, None),
            Confirmation::Provisional { entered_by } => {
                ("provisional", Some(entered_by.as_str()), None, None)
            }
            Confirmation::Disputed {
                by,
                reason,
                entered_by,
            } => (
                "disputed",
                entered_by.map(HomeAway::as_str),
                Some(by.as_str()),
                Some(tidy(reason)),
            ),
        };
        let points = (!matches!(tie.result, TieResult::Walkover(_))).then_some(points);
        let existing: Option<i64> = self.tx.one(
            "SELECT id FROM cup_ties WHERE cup = ?1 AND round = ?2 AND tie = ?3",
            (cup, tie.round, tie.tie),
            |r| r.get(0),
        )?;
        let day = tie.date.map(|d| d.to_string());
        let values = (
            tie.home,
            tie.away,
            day,
            kind,
            points.map(|p| p.home),
            points.map(|p| p.away),
            walkover,
            tie.decider.map(HomeAway::as_str),
            state,
            entered_by,
            disputed_by,
            reason,
        );
        let id = match existing {
            Some(id) => {
                self.tx
                    .run("DELETE FROM cup_matches WHERE tie = ?1", [id])?;
                self.tx.run(
                    "UPDATE cup_ties SET home = ?2, away = ?3, date = ?4, result = ?5,
                         home_points = ?6, away_points = ?7, walkover = ?8, decider = ?9,
                         state = ?10, entered_by = ?11, disputed_by = ?12, reason = ?13
                     WHERE id = ?1",
                    rusqlite::params![
                        id, values.0, values.1, values.2, values.3, values.4, values.5, values.6,
                        values.7, values.8, values.9, values.10, values.11
                    ],
                )?;
                id
            }
            None => {
                self.tx.run(
                    "INSERT INTO cup_ties (cup, round, tie, home, away, date, result, home_points,
                         away_points, walkover, decider, state, entered_by, disputed_by, reason)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
                    rusqlite::params![
                        cup, tie.round, tie.tie, values.0, values.1, values.2, values.3, values.4,
                        values.5, values.6, values.7, values.8, values.9, values.10, values.11
                    ],
                )?;
                self.tx.last_insert_rowid()
            }
        };
        if let TieResult::Matches(ms) = &tie.result {
            for m in ms {
                let scores: Vec<String> = m
                    .leg_scores
                    .iter()
                    .map(|l| format!("{}-{}", l.score.home, l.score.away))
                    .collect();
                self.tx.run(
                    "INSERT INTO cup_matches (tie, kind, slot, home_players, away_players,
                         home_legs, away_legs, leg_scores) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    (
                        id,
                        m.kind.as_str(),
                        m.slot,
                        serde_json::json!(m.players.home).to_string(),
                        serde_json::json!(m.players.away).to_string(),
                        m.legs.home,
                        m.legs.away,
                        (!scores.is_empty()).then(|| scores.join(" ")),
                    ),
                )?;
            }
        }
        Ok(id)
    }
}
