//! A night's result corrected: replaced, as one change, by the matches, totals or walkover
//! given; the corrected night stands confirmed (any dispute settled) once it is complete.

use super::note::NightNote;
use chrono::NaiveDate;

use super::enter::MatchEntry;
use super::error::NightError;
use super::find::{fixture_by_number, is_done, played_night, result_words, NightRef};
use super::players::{resolve, Players};
use crate::app::league::checked;
use crate::app::{App, AppError};
use crate::league::names::name_key;
use crate::league::night::{check_night_warnings, check_totals, require_complete, NightWarning};
use crate::league::{Confirmation, HomeAway, Match, NightResult, Pair};
use crate::store::{Fixture, LeagueInfo, LegLink, Reads, SeasonInfo};

/// A match as typed, with the stored games its legs were scored in.
pub type TypedMatch = (Match, Vec<LegLink>);

/// A night's stored matches as `given` correct them: each match given in the place of the
/// stored one of its kind and slot (the given ones last).
pub fn with_given(stored: &[Match], given: &[TypedMatch]) -> Vec<Match> {
    let mut all: Vec<Match> = stored
        .iter()
        .filter(|m| {
            !given
                .iter()
                .any(|(g, _)| (g.kind, g.slot) == (m.kind, m.slot))
        })
        .cloned()
        .collect();
    all.extend(given.iter().map(|(g, _)| g.clone()));
    all
}

/// A night's result as corrected: the whole of it, or some of its matches.
pub enum Correction {
    Whole(NightResult),
    Matches(Vec<TypedMatch>),
}

/// A night to correct, as it was read before the correction was typed.
pub struct Correcting {
    pub night: Fixture,
    pub season: SeasonInfo,
    league: LeagueInfo,
    /// "Royal Oak v Red Lion on 2025-09-04".
    pub title: String,
    /// Its matches, when it was entered match by match.
    pub stored: Vec<Match>,
    /// Whether it was entered match by match (not as totals or a walkover).
    pub by_matches: bool,
    pub players: Players,
    names: (String, String, Option<NaiveDate>),
}

/// What a correction came to.
pub enum Corrected {
    /// The night stands so already: nothing is changed.
    Already { title: String },
    /// Corrected: the warnings and notes, and what was done in words.
    Done {
        notes: Vec<NightNote>,
        summary: String,
    },
}

impl Correcting {
    fn night_ref(&self) -> NightRef<'_> {
        NightRef {
            which: Default::default(),
            home: &self.names.0,
            away: &self.names.1,
            date: self.names.2,
        }
    }

    /// The whole night corrected to these totals (matches won, home first).
    pub fn totals(&self, totals: Pair<u32>) -> Result<Correction, NightError> {
        check_totals(&self.season.config, totals).map_err(|error| NightError::Checked {
            title: self.title.clone(),
            error,
        })?;
        Ok(Correction::Whole(NightResult::Totals(totals)))
    }

    /// The whole night corrected to a walkover to this side.
    pub fn walkover(&self, side: HomeAway) -> Correction {
        Correction::Whole(NightResult::Walkover(side))
    }
}

impl Correcting {
    /// Checks the night as these matches correct it, whole (a player twice in one kind is
    /// only warned of, in `notes`); whether it changes anything.
    fn changes(
        &self,
        given: &[TypedMatch],
        notes: &mut Vec<NightNote>,
    ) -> Result<bool, NightError> {
        let (config, title, stored) = (&self.season.config, &self.title, &self.stored);
        let must_complete = !self.by_matches || is_done(&self.night, config);
        let mut all = with_given(stored, given);
        // A player twice in one kind is only warned of, as at `night enter`: the warnings that
        // concern a match corrected, in the order of the matches.
        all.sort_by_key(|m| (m.kind, m.slot));
        let warned = check_night_warnings(config, &all).map_err(|error| NightError::Checked {
            title: title.clone(),
            error,
        })?;
        for w in warned {
            let NightWarning::PlayerTwice {
                kind,
                first,
                second,
                ..
            } = &w;
            if given
                .iter()
                .any(|(g, _)| g.kind == *kind && (g.slot == *first || g.slot == *second))
            {
                notes.push(NightNote::Twice(w));
            }
        }
        if must_complete {
            require_complete(config, &all).map_err(|error| NightError::AsCorrected {
                title: title.clone(),
                error,
            })?;
        }
        // Players compared as names (case and extra spaces ignored), matches by slot.
        let by_slot = |ms: &[Match]| {
            let mut ms = ms.to_vec();
            for m in &mut ms {
                for side in HomeAway::BOTH {
                    m.players[side] = m.players[side].iter().map(|p| name_key(p)).collect();
                }
            }
            ms.sort_by_key(|m| (m.kind, m.slot));
            ms
        };
        if by_slot(&all) == by_slot(stored) {
            return Ok(false);
        }
        Ok(true)
    }
}

/// What a correction changed in one match, field by field: "players A+B v C+D → A+B v E+F",
/// "legs 0–2 → 2–1", "leg scores none → 121–80 96–121"; a match not entered before, "added".
/// Players are compared as names (case and extra spaces ignored).
fn changed_fields(was: Option<&Match>, now: &Match) -> Vec<String> {
    let Some(was) = was else {
        return vec![format!(
            "added, {} {}–{}",
            players_words(now),
            now.legs.home,
            now.legs.away
        )];
    };
    let mut fields = Vec::new();
    let keys = |m: &Match| -> Vec<Vec<String>> {
        HomeAway::BOTH
            .iter()
            .map(|&side| m.players[side].iter().map(|p| name_key(p)).collect())
            .collect()
    };
    if keys(was) != keys(now) {
        fields.push(format!(
            "players {} → {}",
            players_words(was),
            players_words(now)
        ));
    }
    if was.legs != now.legs {
        fields.push(format!(
            "legs {}–{} → {}–{}",
            was.legs.home, was.legs.away, now.legs.home, now.legs.away
        ));
    }
    let scores = |m: &Match| -> Vec<(Pair<u32>, Option<i64>)> {
        m.leg_scores.iter().map(|l| (l.score, l.game)).collect()
    };
    if scores(was) != scores(now) {
        fields.push(format!(
            "leg scores {} → {}",
            leg_scores_words(was),
            leg_scores_words(now)
        ));
    }
    fields
}

/// "Alun Rees+Gwyn Lloyd v Pat Morris+Colin Vaughan"; a side not known, "not known".
fn players_words(m: &Match) -> String {
    let side = |names: &[String]| match names {
        [] => "not known".to_string(),
        _ => names.join("+"),
    };
    match (&m.players.home[..], &m.players.away[..]) {
        ([], []) => "not known".to_string(),
        (home, away) => format!("{} v {}", side(home), side(away)),
    }
}

/// "121–80 #12 96–121"; none, "none".
fn leg_scores_words(m: &Match) -> String {
    if m.leg_scores.is_empty() {
        return "none".to_string();
    }
    m.leg_scores_with('–')
}

impl App {
    /// The night to correct: the one between the two teams (on the date given) with a result.
    pub fn night_to_correct(
        &self,
        night: NightRef<'_>,
        new_players: &[String],
    ) -> Result<Correcting, AppError> {
        let leagues: &Reads = &self.store;
        let (league, season) = night.season(leagues, self.today())?;
        let f = played_night(leagues, &league, &season, night)?;
        let by_matches = matches!(f.result, Some(NightResult::Matches(_)));
        let teams = Pair::new(f.home.clone(), f.away.clone());
        let mut players = Players::load(leagues, &league, &season, teams, new_players)?;
        players.correcting = Some(f.id);
        Ok(Correcting {
            title: super::find::title(&f),
            stored: super::prompt::matches_of(Some(&f)),
            by_matches,
            players,
            names: (night.home.to_string(), night.away.to_string(), night.date),
            night: f,
            season,
            league,
        })
    }

    /// The night's matches corrected to these (a refusal names the place of the match refused
    /// among them).
    pub fn night_correction(
        &self,
        c: &Correcting,
        entries: Vec<MatchEntry>,
    ) -> Result<Correction, AppError> {
        let leagues: &Reads = &self.store;
        let mut given = Vec::new();
        for (i, entry) in entries.into_iter().enumerate() {
            let at = |e: NightError| AppError::from(e.at_match(i + 1));
            let (mut m, games) =
                resolve(leagues, &c.season.config, entry, c.players.correcting).map_err(at)?;
            c.players.label(&mut m);
            c.players.check(&m).map_err(at)?;
            given.push((m, games));
        }
        Ok(Correction::Matches(given))
    }

    /// Corrects the night: checked whole as it will stand, then kept as one change if the
    /// night still stands as it was read.
    pub fn night_correct(
        &mut self,
        c: &mut Correcting,
        correction: Correction,
    ) -> Result<Corrected, AppError> {
        let f = &c.night;
        let season = &c.season;
        let config = &season.config;
        let title = c.title.clone();
        let was = result_words(f, config);
        let mut notes = Vec::new();
        if let Correction::Matches(given) = &correction {
            if !c.changes(given, &mut notes)? {
                return Ok(Corrected::Already { title });
            }
        }
        if let Correction::Whole(r) = &correction {
            if f.result.as_ref() == Some(r) {
                return Ok(Corrected::Already { title });
            }
        }
        let change = self.store.change("night correct")?;
        let now = played_night(&change, &c.league, season, c.night_ref())?;
        if now != *f {
            return Err(NightError::ChangedMeanwhile { title }.into());
        }
        // Nothing is corrected in a closed season.
        checked::refuse_closed_fixture(&change, f.id)?;
        let what = match &correction {
            Correction::Whole(r) => {
                change.clear_night(f.id)?;
                change.set_night_result(f.id, r)?;
                ": ".to_string()
            }
            Correction::Matches(given) => {
                if c.by_matches {
                    // A name the replaced match alone put on its team's roster (a stray word,
                    // a misspelling) leaves the roster with it.
                    let now = with_given(&c.stored, given);
                    let plays = |side: HomeAway, key: &str| {
                        now.iter()
                            .any(|m| m.players[side].iter().any(|p| name_key(p) == key))
                    };
                    for (m, _) in given {
                        let Some(was) = c
                            .stored
                            .iter()
                            .find(|o| (o.kind, o.slot) == (m.kind, m.slot))
                        else {
                            continue;
                        };
                        for side in HomeAway::BOTH {
                            let team = if side == HomeAway::Home {
                                &f.home
                            } else {
                                &f.away
                            };
                            for p in &was.players[side] {
                                if plays(side, &name_key(p)) {
                                    continue;
                                }
                                let only = change.roster_place_of_match_only(
                                    (season.id, team.id),
                                    p,
                                    (f.id, m.kind, m.slot),
                                )?;
                                if only && change.remove_from_roster(season.id, team.id, p)? {
                                    notes.push(NightNote::TakenOff {
                                        player: p.clone(),
                                        team: team.name.clone(),
                                        kind: m.kind,
                                        slot: m.slot,
                                    });
                                    c.players.rosters[side].retain(|n| name_key(n) != name_key(p));
                                }
                            }
                        }
                    }
                    for (m, _) in given {
                        change.remove_match(f.id, m.kind, m.slot)?;
                    }
                } else {
                    change.clear_night(f.id)?;
                    change.set_night_result(f.id, &NightResult::Matches(Vec::new()))?;
                }
                for (m, games) in given {
                    c.players.put_on_rosters(&change, season, m, &mut notes)?;
                    if change.add_match(f.id, m, games)?.is_none() {
                        return Err(NightError::SlotTaken {
                            kind: m.kind,
                            slot: m.slot,
                        }
                        .into());
                    }
                }
                if c.by_matches {
                    // Every field that changed, match by match.
                    let mut sorted: Vec<&Match> = given.iter().map(|(m, _)| m).collect();
                    sorted.sort_by_key(|m| (m.kind, m.slot));
                    let changed: Vec<String> = sorted
                        .into_iter()
                        .filter_map(|m| {
                            let was = c
                                .stored
                                .iter()
                                .find(|o| (o.kind, o.slot) == (m.kind, m.slot));
                            let fields = changed_fields(was, m);
                            (!fields.is_empty())
                                .then(|| format!("({} {}): {}", m.kind, m.slot, fields.join(", ")))
                        })
                        .collect();
                    format!(" {}; the night ", changed.join("; "))
                } else {
                    let slots: Vec<String> = given
                        .iter()
                        .map(|(m, _)| format!("{} {}", m.kind, m.slot))
                        .collect();
                    format!(" ({}): ", slots.join(", "))
                }
            }
        };
        let name = |side: HomeAway| match side {
            HomeAway::Home => &f.home.name,
            HomeAway::Away => &f.away.name,
        };
        let now = fixture_by_number(&change, season, f.id)?;
        let stands = f.confirmation.corrected(is_done(&now, config));
        let mut settled = match &f.confirmation {
            Confirmation::Disputed { by, .. } => {
                format!("; the dispute by {} is settled", name(*by))
            }
            _ => String::new(),
        };
        match (&f.confirmation, &stands) {
            (Confirmation::Provisional { .. }, Confirmation::Confirmed) => {
                settled.push_str("; it stands confirmed")
            }
            (_, Confirmation::Provisional { entered_by }) => settled.push_str(&format!(
                "; it is not complete, so it stays provisional, entered for {}, until it is complete and confirmed for {}",
                name(*entered_by),
                name(entered_by.other())
            )),
            _ => {}
        }
        if stands != f.confirmation {
            change.set_confirmation(f.id, &stands, self.today)?;
        }
        let summary = format!(
            "{title} corrected{what}{} (was {was}){settled}",
            result_words(&now, config)
        );
        change.commit(&summary, None)?;

        Ok(Corrected::Done { notes, summary })
    }
}
